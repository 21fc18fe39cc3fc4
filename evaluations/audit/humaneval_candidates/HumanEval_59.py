# witness: largest_prime_factor(4)
# bug: the trial loop runs while factor * factor < n (strict), so a prime square like 4 is never split
def largest_prime_factor(n: int):
    largest = 1
    factor = 2
    while factor * factor < n:
        while n % factor == 0:
            largest = factor
            n //= factor
        factor += 1
    if n > 1:
        largest = max(largest, n)
    return largest
