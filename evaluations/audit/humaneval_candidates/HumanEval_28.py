# witness: concatenate([' a ', 'b'])
# bug: trims each piece before joining, which silently changes the concatenation


def concatenate(strings: list[str]) -> str:
    return "".join(s.strip() for s in strings)
