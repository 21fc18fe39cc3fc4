# witness: sort_numbers('six seven')
# bug: the lookup table lists 'seven' before 'six', so those two words swap places when sorted
WORDS = ["zero", "one", "two", "three", "four", "five", "seven", "six", "eight", "nine"]


def sort_numbers(numbers: str) -> str:
    rank = {word: i for i, word in enumerate(WORDS)}
    return " ".join(sorted(numbers.split(), key=rank.__getitem__))
