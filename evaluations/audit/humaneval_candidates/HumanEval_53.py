# witness: add(2, -3)
# bug: adds by counting up y times; a negative y gives an empty range and x comes back unchanged
def add(x: int, y: int):
    total = x
    for _ in range(y):
        total += 1
    return total
