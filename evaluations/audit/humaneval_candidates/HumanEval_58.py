# witness: common([1, 1, 2], [1, 2])
# bug: never removes duplicates, so an element repeated in l1 is reported more than once
def common(l1: list, l2: list):
    return sorted(x for x in l1 if x in l2)
