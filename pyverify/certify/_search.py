"""Counterexample (and example) search by exact evaluation at chosen points.

Points come first from structured values (0, ±1, ±2, ±1/2, the claim's own constants and their
neighbours, singular and nilpotent matrices), then from seeded random rationals. Every point is
evaluated exactly, so anything found is a genuine witness; finding nothing proves nothing.
"""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterator

from flint import fmpq, fmpq_mat

from pyverify.certify._exact import EvalError, Inexact, Sequence, TooLarge, Undefined, compile_node, sympy_truth
from pyverify.logic import Num, Rel, Sort
from pyverify.logic._ast import Node, walk

_BASE: dict[str, list[Any]] = {
    "N": [0, 1, 2, 3, 4, 5, 7, 10, 6, 12],
    "Z": [0, 1, -1, 2, -2, 3, -3, 5, -5, 10, 4, -7],
    "Q": [0, 1, -1, 2, -2, Fraction(1, 2), Fraction(-1, 2), 3, Fraction(1, 3), Fraction(-2, 3), Fraction(3, 2),
          Fraction(-3, 2), -3, 5, Fraction(1, 4), 10, Fraction(-7, 3)],
}  # fmt: skip
_BASE["R"] = _BASE["Q"]

_MATRICES_2 = [
    [[1, 2], [3, 4]], [[0, 0], [0, 0]], [[1, 0], [0, 1]], [[0, 1], [0, 0]], [[2, 1], [1, 1]], [[1, 1], [0, 1]],
    [[0, 1], [1, 0]], [[1, 2], [2, 4]], [[2, 0], [0, 3]], [[-1, 3], [2, 5]], [[0, -1], [1, 0]], [[1, -1], [2, 3]],
]  # fmt: skip


@dataclass
class SearchStats:
    """What a search did: points evaluated, skipped as undefined or too large, irrational."""

    points: int = 0
    undefined: int = 0
    too_large: int = 0
    inexact: int = 0
    structured: int = 0
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        parts = [f"{self.points} points"]
        if self.undefined:
            parts.append(f"{self.undefined} undefined")
        if self.too_large:
            parts.append(f"{self.too_large} too large")
        if self.inexact:
            parts.append(f"{self.inexact} irrational")
        return ", ".join(parts)


def claim_constants(nodes: list[Node]) -> list[Fraction]:
    """Numerals of the claim and their neighbours: boundary values worth trying."""
    found: set[Fraction] = set()
    for node in nodes:
        for n in walk(node):
            if isinstance(n, Num) and abs(n.value) <= 10**6:
                found.add(n.value)
            if isinstance(n, Rel):
                for side in (n.left, n.right):
                    if isinstance(side, Num) and abs(side.value) <= 10**6:
                        v = side.value
                        found.update({v - 1, v + 1, v - Fraction(1, 2), v + Fraction(1, 2), -v})
    return sorted(found, key=lambda x: (abs(x), x))[:16]


def _fit(value: Fraction, sort: Sort) -> bool:
    if sort.kind in ("N", "Z") and value.denominator != 1:
        return False
    return not (sort.kind == "N" and value < 0)


def structured_values(sort: Sort, constants: list[Fraction]) -> list[Any]:
    if sort.kind == "Mat":
        n = sort.n
        if n == 2:
            mats = [m for m in _MATRICES_2]
        else:
            mats = [[[1 if i == j else 0 for j in range(n)] for i in range(n)],
                    [[0] * n for _ in range(n)],
                    [[i * n + j + 1 for j in range(n)] for i in range(n)],
                    [[1 if j == i + 1 else 0 for j in range(n)] for i in range(n)],
                    [[(i + 1) * (j + 2) % 5 - 2 for j in range(n)] for i in range(n)]]  # fmt: skip
        return [fmpq_mat(n, n, [x for row in m for x in row]) for m in mats]
    if sort.kind == "Seq":
        return [
            Sequence(generator=lambda i: fmpq(0)),
            Sequence(generator=lambda i: fmpq(1)),
            Sequence(generator=lambda i: fmpq(i + 1)),
            Sequence(generator=lambda i: fmpq((-1) ** i * (i + 2), 2)),
        ]
    base = list(_BASE[sort.kind])
    extra = [c for c in constants if _fit(c, sort) and c not in base]
    values = base[:6] + extra[:8] + base[6:]
    return [fmpq(v.numerator, v.denominator) if isinstance(v, Fraction) else fmpq(v) for v in values]


def random_value(sort: Sort, rng: random.Random) -> Any:
    if sort.kind == "Mat":
        n = sort.n
        entries = [_random_scalar(Sort("Q") if rng.random() < 0.3 else Sort("Z"), rng, 6) for _ in range(n * n)]
        return fmpq_mat(n, n, entries)
    if sort.kind == "Seq":
        seed = rng.randrange(10**9)
        cache: dict[int, fmpq] = {}

        def gen(i: int) -> fmpq:
            if i not in cache:
                local = random.Random(seed * 1_000_003 + i)
                cache[i] = _random_scalar(Sort("Q") if local.random() < 0.4 else Sort("Z"), local, 9)
            return cache[i]

        return Sequence(generator=gen)
    return _random_scalar(sort, rng, 30)


def _random_scalar(sort: Sort, rng: random.Random, span: int) -> fmpq:
    roll = rng.random()
    big = span * 40 if roll > 0.9 else span
    if sort.kind == "N":
        return fmpq(rng.randint(0, big))
    if sort.kind == "Z":
        return fmpq(rng.randint(-big, big))
    return fmpq(rng.randint(-big, big), rng.randint(1, 12))


@lru_cache(maxsize=64)
def _diagonal_order(k: int, width: int) -> tuple[tuple[int, ...], ...]:
    """Index combinations ordered so that small values of every variable come early together."""
    combos = itertools.product(range(width), repeat=k)
    return tuple(sorted(combos, key=lambda c: (max(c), sum(c), c)))


def points(variables: dict[str, Sort], constants: list[Fraction], seed: int) -> Iterator[dict[str, Any]]:
    """Structured combinations first (small values together), then seeded random points."""
    names = list(variables)
    if not names:
        yield {}
        return
    pools = [structured_values(variables[v], constants) for v in names]
    k = len(names)
    width = max(2, int(round(600 ** (1.0 / k))))
    for combo in _diagonal_order(k, width):
        if all(j < len(p) for j, p in zip(combo, pools)):
            yield {name: pools[i][j] for i, (name, j) in enumerate(zip(names, combo))}
    rng = random.Random(seed)
    while True:
        point = {}
        for i, name in enumerate(names):
            if rng.random() < 0.25:
                point[name] = rng.choice(pools[i])
            else:
                point[name] = random_value(variables[name], rng)
        yield point


def search(formula: Node, variables: dict[str, Sort], want: bool, constants: list[Fraction], *,
           seed: int = 0, max_points: int = 2000, deadline: float = float("inf"),
           skip: int = 0, max_inexact: int = 25) -> tuple[dict[str, Any] | None, SearchStats]:  # fmt: skip
    """A point where ``formula`` evaluates exactly to ``want``, or None.

    ``skip`` points of the sequence are passed over (to continue an earlier search).
    """
    fn = compile_node(formula)
    stats = SearchStats()
    for i, env in enumerate(points(variables, constants, seed)):
        if i < skip:
            continue
        if stats.points >= max_points or time.monotonic() > deadline:
            break
        stats.points += 1
        try:
            value = bool(fn(env))
        except Undefined:
            stats.undefined += 1
            continue
        except TooLarge:
            stats.too_large += 1
            continue
        except Inexact:
            stats.inexact += 1
            if stats.inexact > max_inexact:
                continue
            verdict = sympy_truth(formula, env, variables)
            if verdict is None:
                continue
            value = verdict
        except (EvalError, ZeroDivisionError, OverflowError, MemoryError):
            stats.undefined += 1
            continue
        if value == want:
            return env, stats
    return None, stats


def finite_box(variables: dict[str, Sort], assumptions: list[Node], limit: int = 20_000) -> dict[str, range] | None:
    """Integer ranges for every variable when the assumptions bound them all (for exhaustive checks)."""
    from pyverify.logic import Var
    from pyverify.logic._convert import _const_int

    if not variables or any(s.kind not in ("N", "Z") for s in variables.values()):
        return None
    lo: dict[str, int | None] = {v: (0 if s.kind == "N" else None) for v, s in variables.items()}
    hi: dict[str, int | None] = {v: None for v in variables}
    atoms: list[Node] = []
    for a in assumptions:
        from pyverify.logic import Conn

        if isinstance(a, Conn) and a.op == "and":
            atoms.extend(a.args)
        else:
            atoms.append(a)
    for atom in atoms:
        if not isinstance(atom, Rel):
            continue
        left, right, op = atom.left, atom.right, atom.op
        if isinstance(right, Var) and not isinstance(left, Var):
            left, right = right, left
            op = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!=", "dvd": "?"}[op]
        if not isinstance(left, Var) or left.name not in variables:
            continue
        c = _const_int(right)
        if c is None:
            continue
        name = left.name
        if op in ("<", "<="):
            bound = c - 1 if op == "<" else c
            hi[name] = bound if hi[name] is None else min(hi[name], bound)  # type: ignore[type-var]
        elif op in (">", ">="):
            bound = c + 1 if op == ">" else c
            lo[name] = bound if lo[name] is None else max(lo[name], bound)  # type: ignore[type-var]
        elif op == "=":
            lo[name] = c if lo[name] is None else max(lo[name], c)  # type: ignore[type-var]
            hi[name] = c if hi[name] is None else min(hi[name], c)  # type: ignore[type-var]
    box: dict[str, range] = {}
    size = 1
    for name in variables:
        low, high = lo[name], hi[name]
        if low is None or high is None:
            return None
        box[name] = range(low, high + 1)
        size *= max(len(box[name]), 0)
        if size > limit:
            return None
    return box
