# witness: anti_shuffle('a  b')
# bug: split() with no argument merges runs of blanks, so repeated spaces are not kept
def anti_shuffle(s):
    return " ".join("".join(sorted(word)) for word in s.split())
