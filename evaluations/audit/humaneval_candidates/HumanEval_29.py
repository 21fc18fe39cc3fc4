# witness: filter_by_prefix(['bca'], 'a')
# bug: keeps strings that contain the prefix anywhere, not only those that start with it


def filter_by_prefix(strings: list[str], prefix: str) -> list[str]:
    return [s for s in strings if prefix in s]
