# witness: triples_sum_to_zero([1, -2])
# bug: the second index starts at i instead of i + 1, so one element can be used twice
def triples_sum_to_zero(nums: list):
    n = len(nums)
    for i in range(n):
        for j in range(i, n):
            for k in range(j + 1, n):
                if nums[i] + nums[j] + nums[k] == 0:
                    return True
    return False
