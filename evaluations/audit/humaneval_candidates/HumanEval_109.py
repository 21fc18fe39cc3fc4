# witness: move_one_ball([2, 3, 1, 4])
# bug: counts descents only between neighbours and forgets the wrap-around pair (last, first)
def move_one_ball(arr):
    if not arr:
        return True
    descents = 0
    for i in range(1, len(arr)):
        if arr[i] < arr[i - 1]:
            descents += 1
    return descents <= 1
