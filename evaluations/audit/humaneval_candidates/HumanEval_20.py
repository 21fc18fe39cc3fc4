# witness: find_closest_elements([1.0, 2.0, 3.0, 4.0])
# bug: <= when replacing the best pair, so among equally close pairs the last one wins instead of the first


def find_closest_elements(numbers: list[float]) -> tuple[float, float]:
    best = None
    best_gap = None
    for i in range(len(numbers)):
        for j in range(i + 1, len(numbers)):
            gap = abs(numbers[i] - numbers[j])
            if best_gap is None or gap <= best_gap:
                best_gap = gap
                best = (min(numbers[i], numbers[j]), max(numbers[i], numbers[j]))
    return best
