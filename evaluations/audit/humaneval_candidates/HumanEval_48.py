# witness: is_palindrome('Aba')
# bug: folds case before comparing, so 'Aba' is reported a palindrome
def is_palindrome(text: str):
    folded = text.lower()
    return folded == folded[::-1]
