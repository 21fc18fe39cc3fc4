# witness: greatest_common_divisor(4, 8)
# bug: the candidate divisors stop one short of min(a, b), so when a divides b the answer is too small
def greatest_common_divisor(a: int, b: int) -> int:
    best = 1
    for d in range(1, min(a, b)):
        if a % d == 0 and b % d == 0:
            best = d
    return best
