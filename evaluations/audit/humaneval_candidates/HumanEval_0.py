# witness: has_close_elements([1.0, 2.0], 1.0)
# bug: a gap exactly equal to the threshold counts as "close" (<= where the spec needs strict <)


def has_close_elements(numbers: list[float], threshold: float) -> bool:
    ordered = sorted(numbers)
    for left, right in zip(ordered, ordered[1:]):
        if right - left <= threshold:
            return True
    return False
