# witness: strlen(' a ')
# bug: strips the string first, so leading and trailing blanks are not counted
def strlen(string: str) -> int:
    return len(string.strip())
