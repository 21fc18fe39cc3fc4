# witness: is_prime(9)
# bug: the odd trial divisors stop below int(sqrt(n)), so the square of an odd prime is never divided
def is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    for k in range(3, int(n**0.5), 2):
        if n % k == 0:
            return False
    return True
