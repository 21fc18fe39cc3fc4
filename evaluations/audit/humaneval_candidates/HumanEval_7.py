# witness: filter_by_substring(['ABC'], 'a')
# bug: compares case-insensitively, so 'ABC' is kept when filtering for 'a'


def filter_by_substring(strings: list[str], substring: str) -> list[str]:
    needle = substring.lower()
    return [s for s in strings if needle in s.lower()]
