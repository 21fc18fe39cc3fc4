# witness: compare([1], [3])
# bug: returns the signed difference game - guess instead of its absolute value
def compare(game, guess):
    return [g - h for g, h in zip(game, guess)]
