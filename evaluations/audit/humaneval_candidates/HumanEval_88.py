# witness: sort_array([3, 1, 2])
# bug: reads the parity from the sorted copy (min + max) instead of the original first + last
def sort_array(array):
    result = sorted(array)
    if result and (result[0] + result[-1]) % 2 == 0:
        result.reverse()
    return result
