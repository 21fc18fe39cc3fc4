# witness: filter_integers([True])
# bug: an exact type check drops bool values, which are ints in Python
from typing import Any


def filter_integers(values: list[Any]) -> list[int]:
    return [v for v in values if type(v) is int]
