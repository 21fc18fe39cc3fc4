# witness: max_element([-5, -2])
# bug: the maximum starts at 0 rather than at the first element, so an all-negative list gives 0
def max_element(values: list):
    best = 0
    for x in values:
        if x > best:
            best = x
    return best
