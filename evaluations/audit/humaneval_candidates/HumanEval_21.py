# witness: rescale_to_unit([1.0, 2.0, 4.0])
# bug: rounds every rescaled value to two decimals, so 1/3 comes back as 0.33


def rescale_to_unit(numbers: list[float]) -> list[float]:
    low, high = min(numbers), max(numbers)
    span = high - low
    return [round((x - low) / span, 2) for x in numbers]
