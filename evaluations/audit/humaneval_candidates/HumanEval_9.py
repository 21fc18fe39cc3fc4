# witness: rolling_max([-1, -2])
# bug: the running maximum starts at 0, so a list of negatives reports 0 throughout


def rolling_max(numbers: list[int]) -> list[int]:
    result = []
    current = 0
    for n in numbers:
        if n > current:
            current = n
        result.append(current)
    return result
