"""The claim generator of the semantics cross-check: seeded random claims in the claim language.

:func:`generate` covers polynomials, quotients, square roots, logarithms, ``floor``/``mod``, factorials and
binomials, finite sums, implications and predicates, the places where Mathlib's total operations differ
from exact arithmetic (and identities where they agree), over ℕ ℤ ℚ ℝ variables, ∀ and ∃. Most claims come
from templates with random sorts and constants, a third of them mutated (a numeral moved by one, a relation
swapped) so that true and false claims both occur; the rest are random formulas over random terms, which
reach the corners (``mod`` by a negative, ``x / 0``, ``sqrt`` of a negative, ℕ subtraction below zero) where
the two semantics part ways.

Why the seam is here: the generator only writes claims that parse, the same list for the same seed; it
knows neither semantics nor the engine. What the claims mean is :mod:`pyverify.audit._semantics_reference`;
deciding them and re-checking every verdict is :mod:`pyverify.audit._semantics_check`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Mapping, Sequence

# ================================================================= the generator


@dataclass(frozen=True)
class GeneratedClaim:
    """One random claim of the cross-check."""

    index: int
    """Its position in the generated list."""
    family: str
    """Which part of the generator made it (``poly``, ``quotient``, ``root``, ``random``, ...)."""
    text: str
    """The claim in the claim language."""
    mutated: bool
    """Whether a template instance was mutated (a numeral moved, a relation swapped)."""


# A template: (family, quantifier, number of variables, sorts the variables may take, text). The text
# names the variables {x} {y} {z} and random constants {a} (1..3), {b} (0..4), {c} (2..5).
_TEMPLATES: tuple[tuple[str, str, int, str, str], ...] = (
    # polynomials
    ("poly", "forall", 1, "NZQR", "({x} + {a})^2 = {x}^2 + 2*{a}*{x} + {a}^2"),
    ("poly", "forall", 1, "NZQR", "({x} - {a})^2 = {x}^2 - 2*{a}*{x} + {a}^2"),
    ("poly", "forall", 2, "NZQR", "({x} - {y})*({x} + {y}) = {x}^2 - {y}^2"),
    ("poly", "forall", 2, "NZQR", "{x}^2 + {y}^2 >= 2*{x}*{y}"),
    ("poly", "forall", 1, "NZQR", "{x}^2 - {x} >= 0"),
    ("poly", "forall", 1, "NZQR", "{x}^2 + {b} > {x}"),
    ("poly", "forall", 1, "NZQR", "{x}^3 >= {x}"),
    ("poly", "forall", 2, "NZQR", "({x} + {y})^2 <= 2*({x}^2 + {y}^2)"),
    ("poly", "forall", 1, "NZQR", "{x}*({x} + 1) - {x}^2 = {x}"),
    ("poly", "forall", 2, "NZQR", "{x} - {y} + {y} = {x}"),
    ("poly", "forall", 2, "NZQR", "({x} - {y}) + {y} = {x}"),
    ("poly", "forall", 1, "NZQR", "{x} - {a} < {x}"),
    ("poly", "forall", 2, "NZQR", "{x}^2*{y}^2 >= 0"),
    # quotients
    ("quotient", "forall", 2, "NZQR", "{x}/{y} * {y} = {x}"),
    ("quotient", "forall", 2, "NZQR", "{y} != 0 -> {x}/{y} * {y} = {x}"),
    ("quotient", "forall", 1, "NZQR", "{x}/{x} = 1"),
    ("quotient", "forall", 1, "NZQR", "{x}*{c}/{c} = {x}"),
    ("quotient", "forall", 1, "NZQR", "({x}^2 - 1)/({x} - 1) = {x} + 1"),
    ("quotient", "forall", 2, "NZQR", "({x} + {y})/2 >= min({x}, {y})"),
    ("quotient", "forall", 1, "NZQR", "1/{x} > 0 -> {x} > 0"),
    ("quotient", "forall", 1, "NZQR", "{a}/({x}^2 + 1) <= {a}"),
    ("quotient", "forall", 1, "NZQR", "{x}/2 + {x}/2 = {x}"),
    ("quotient", "forall", 2, "NZQR", "{x}/{y} <= {x}"),
    ("quotient", "forall", 1, "NZQR", "{x}/{c} <= {x}"),
    ("quotient", "forall", 2, "NZQR", "assume {x} > 0, assume {y} > 0, {x}/{y} + {y}/{x} >= 2"),
    # square roots
    ("root", "forall", 1, "NZQR", "sqrt({x}^2) = abs({x})"),
    ("root", "forall", 1, "NZQR", "sqrt({x})^2 = {x}"),
    ("root", "forall", 2, "NZQR", "sqrt({x}*{y}) = sqrt({x})*sqrt({y})"),
    ("root", "forall", 1, "NZQR", "sqrt({x}) >= 0"),
    ("root", "forall", 1, "NZQR", "{x} >= 0 -> sqrt({x}) <= {x}"),
    ("root", "forall", 1, "NZQR", "sqrt({x} + {a}) > sqrt({x})"),
    ("root", "forall", 1, "NZQR", "sqrt({x}^2 + 1) > {x}"),
    ("root", "forall", 1, "NZQR", "sqrt({x} - {a}) <= sqrt({x})"),
    ("root", "forall", 2, "NZQR", "sqrt({x}^2 + {y}^2) <= abs({x}) + abs({y})"),
    # logarithms and exponentials
    ("log", "forall", 2, "NZQR", "log({x}*{y}) = log({x}) + log({y})"),
    ("log", "forall", 1, "NZQR", "log({x}) < {x}"),
    ("log", "forall", 1, "NZQR", "log(exp({x})) = {x}"),
    ("log", "forall", 1, "NZQR", "exp(log({x})) = {x}"),
    ("log", "forall", 1, "NZQR", "{x} > 1 -> log({x}) > 0"),
    ("log", "forall", 1, "NZQR", "log({x}^2) = 2*log({x})"),
    ("log", "forall", 1, "NZQR", "log({x}) <= {x} - 1"),
    ("log", "forall", 1, "NZQR", "exp({x}) >= {x} + 1"),
    ("log", "forall", 1, "NZQR", "log({c}*{x}) > log({x})"),
    # floor, mod, divisibility and predicates
    ("floor_mod", "forall", 1, "ZQR", "floor({x}) <= {x}"),
    ("floor_mod", "forall", 1, "ZQR", "{x} < floor({x}) + 1"),
    ("floor_mod", "forall", 1, "NZQR", "floor({x}/{c}) <= {x}/{c}"),
    ("floor_mod", "forall", 1, "ZQR", "floor({x} + {a}) = floor({x}) + {a}"),
    ("floor_mod", "forall", 2, "NZ", "mod({x}, {y}) < {y}"),
    ("floor_mod", "forall", 2, "NZ", "{y} > 0 -> mod({x}, {y}) < {y}"),
    ("floor_mod", "forall", 2, "NZ", "{y} != 0 -> mod({x}, {y}) < abs({y})"),
    ("floor_mod", "forall", 2, "NZ", "mod({x}, {y}) >= 0"),
    ("floor_mod", "forall", 2, "NZ", "mod({x} + {y}, {y}) = mod({x}, {y})"),
    ("floor_mod", "forall", 2, "NZ", "mod({x}*{y}, {y}) = 0"),
    ("floor_mod", "forall", 1, "NZ", "mod({x}, {c}) = mod({x} + {c}, {c})"),
    ("floor_mod", "forall", 1, "NZ", "mod({x}, 2) = 0 or mod({x}, 2) = 1"),
    ("floor_mod", "forall", 2, "NZ", "{x} = {y}*({x}/{y}) + mod({x}, {y})"),
    ("floor_mod", "forall", 1, "NZ", "even({x}) or odd({x})"),
    ("floor_mod", "forall", 1, "NZ", "even({x} - 1) -> odd({x})"),
    ("floor_mod", "forall", 1, "NZ", "even({x}*({x} + 1))"),
    ("floor_mod", "forall", 1, "NZ", "{x} | {x}^2"),
    ("floor_mod", "forall", 2, "NZ", "{x} | {y} -> {x} <= {y}"),
    ("floor_mod", "forall", 1, "NZ", "prime({x}) -> odd({x})"),
    ("floor_mod", "forall", 1, "NZ", "square({x}^2)"),
    ("floor_mod", "forall", 2, "NZ", "gcd({x}, {y}) | {x}"),
    ("floor_mod", "forall", 2, "NZ", "gcd({x}, {y})*lcm({x}, {y}) = abs({x}*{y})"),
    ("floor_mod", "forall", 1, "NZ", "coprime({x}, {x} + 1)"),
    # factorials and binomials
    ("factorial", "forall", 1, "NZ", "factorial({x} + 1) = ({x} + 1)*factorial({x})"),
    ("factorial", "forall", 1, "NZ", "factorial({x}) >= {x}"),
    ("factorial", "forall", 1, "NZ", "factorial({x}) > {x}"),
    ("factorial", "forall", 1, "N", "factorial({x}) >= 2^({x} - 1)"),
    ("factorial", "forall", 1, "N", "binomial({x}, 2) = {x}*({x} - 1)/2"),
    ("factorial", "forall", 2, "N", "binomial({x}, {y}) = binomial({x}, {x} - {y})"),
    ("factorial", "forall", 1, "NZ", "factorial({x} - 1)*{x} = factorial({x})"),
    ("factorial", "forall", 2, "N", "binomial({x} + 1, {y} + 1) = binomial({x}, {y}) + binomial({x}, {y} + 1)"),
    ("factorial", "forall", 1, "N", "{x} | factorial({x})"),
    ("factorial", "forall", 2, "N", "binomial({x}, {y}) <= 2^{x}"),
    ("factorial", "forall", 1, "N", "factorial({x})/factorial({x} - 1) = {x}"),
    # finite sums
    ("sum", "forall", 1, "NZ", "sum(k, 1, {x}, k) = {x}*({x} + 1)/2"),
    ("sum", "forall", 1, "NZ", "sum(k, 1, {x}, 2*k - 1) = {x}^2"),
    ("sum", "forall", 1, "NZ", "sum(k, 1, {x}, k^2) = {x}*({x} + 1)*(2*{x} + 1)/6"),
    ("sum", "forall", 1, "NZ", "sum(k, 0, {x}, k^3) = ({x}*({x} + 1)/2)^2"),
    ("sum", "forall", 1, "NZ", "sum(k, 0, {x}, {c}) = {c}*({x} + 1)"),
    ("sum", "forall", 1, "NZ", "sum(k, 1, {x}, k) <= {x}^2"),
    ("sum", "forall", 1, "NZ", "sum(k, 0, {x} - 1, 2*k + 1) = {x}^2"),
    ("sum", "forall", 1, "NZ", "sum(k, 1, {x}, 1/(k*(k + 1))) = {x}/({x} + 1)"),
    ("sum", "forall", 2, "NZQR", "sum(k, 0, {c}, {y}*k) = {y}*{c}*({c} + 1)/2"),
    ("sum", "forall", 1, "NZ", "sum(k, 0, {x}, k) - {x} >= 0"),
    ("sum", "forall", 1, "N", "sum(k, 1, {x}, k/2) <= {x}^2"),
    # implications
    ("implication", "forall", 1, "NZQR", "{x} > {a} -> {x}^2 > {a}^2"),
    ("implication", "forall", 1, "NZQR", "{x}^2 > {a}^2 -> {x} > {a}"),
    ("implication", "forall", 2, "NZQR", "{x} > {y} -> {x}^2 > {y}^2"),
    ("implication", "forall", 2, "NZQR", "{x} > {y} and {y} > 0 -> {x}/{y} > 1"),
    ("implication", "forall", 2, "NZQR", "{x} < {y} -> {x} < ({x} + {y})/2 and ({x} + {y})/2 < {y}"),
    ("implication", "forall", 2, "NZQR", "{x}*{y} = 0 -> {x} = 0 or {y} = 0"),
    ("implication", "forall", 2, "NZQR", "{x} - {y} > 0 <-> {x} > {y}"),
    ("implication", "forall", 1, "NZQR", "not {x} > {a} -> {x} <= {a}"),
    ("implication", "forall", 3, "NZQR", "{x} <= {y} and {y} <= {z} -> {x} <= {z}"),
    ("implication", "forall", 2, "NZQR", "assume {x} >= 0, {x} <= {y} -> sqrt({x}) <= sqrt({y})"),
    # where Mathlib's total operations and exact arithmetic part ways, and where they do not
    ("convention", "forall", 3, "NZQR", "{x}/{y} + {z}/{y} = ({x} + {z})/{y}"),
    ("convention", "forall", 2, "NZQR", "({x} - {y})/{c} <= {x}/{c}"),
    ("convention", "forall", 1, "ZQR", "(-{x})/{c} = -({x}/{c})"),
    ("convention", "forall", 1, "ZQR", "{x}/(-{c}) = -({x}/{c})"),
    ("convention", "forall", 2, "Z", "mod({x}, -{y}) = mod({x}, {y})"),
    ("convention", "forall", 2, "NZ", "mod({x} - {y}, {c}) = mod({x} + ({c} - 1)*{y}, {c})"),
    ("convention", "forall", 2, "NZQR", "sqrt({x}/{y}) = sqrt({x})/sqrt({y})"),
    ("convention", "forall", 2, "NZQR", "log({x}/{y}) = log({x}) - log({y})"),
    ("convention", "forall", 1, "QR", "{x}^(-1) * {x} = 1"),
    ("convention", "forall", 2, "QR", "({x}*{y})^(-1) = {x}^(-1)*{y}^(-1)"),
    ("convention", "forall", 1, "QR", "({x}^(-1))^(-1) = {x}"),
    ("convention", "forall", 3, "NZQR", "{x} - ({y} - {z}) = {x} - {y} + {z}"),
    ("convention", "forall", 2, "NZQR", "({x} + {y}) - {y} = {x}"),
    ("convention", "forall", 2, "NZQR", "{x} - {y} <= {x}"),
    ("convention", "forall", 2, "NZQR", "min({x} - {y}, {y} - {x}) <= 0"),
    ("convention", "forall", 2, "ZQR", "abs({x} - {y}) = max({x} - {y}, {y} - {x})"),
    ("convention", "forall", 2, "NZ", "{x}/{y} * {y} + mod({x}, {y}) = {x}"),
    ("convention", "forall", 2, "Z", "floor({x}/{y}) = {x}/{y}"),
    ("convention", "forall", 2, "QR", "floor({x}/{y}) <= {x}/{y}"),
    ("convention", "forall", 2, "N", "factorial({x} - {y})*factorial({y}) <= factorial({x})"),
    ("convention", "forall", 2, "N", "binomial({x}, {y})*factorial({y})*factorial({x} - {y}) = factorial({x})"),
    ("convention", "forall", 2, "NZ", "assume {x} <= {y} + 1, sum(k, {x}, {y}, 1) = {y} - {x} + 1"),
    ("convention", "forall", 1, "NZQR", "({x} - {a})*({x} + {a}) = {x}^2 - {a}^2"),
    ("convention", "forall", 2, "NZQR", "({x} - {y})^2 = ({y} - {x})^2"),
    ("convention", "forall", 1, "NZ", "even({x} - 1) or even({x})"),
    ("convention", "forall", 1, "NZQR", "sqrt({x})*sqrt({x}) = abs({x})"),
    ("convention", "forall", 1, "NZQR", "log(abs({x})) = log({x})"),
    ("convention", "forall", 1, "NZQR", "exp(log({x})) >= 0"),
    ("convention", "exists", 1, "NZQR", "{x}/{x} = 0"),
    ("convention", "exists", 1, "NZQR", "sqrt({x}) = sqrt(-{x}) and {x} != 0"),
    ("convention", "exists", 1, "NZQR", "log({x}) = log(-{x}) and {x} != 0"),
    ("convention", "exists", 2, "NZQR", "{x} - {y} = {x} and {y} > 0"),
    ("convention", "exists", 1, "NZ", "mod({x}, 0) = {a}"),
    ("convention", "exists", 1, "NZ", "{x}/{c} = 0 and {x} > 0"),
    ("convention", "exists", 1, "QR", "{x}^(-1) = 0"),
    # existential claims
    ("exists", "exists", 1, "NZQR", "({x} - {a})*({x} + {b}) = 0"),
    ("exists", "exists", 1, "NZQR", "{c}*{x} = {a}"),
    ("exists", "exists", 1, "NZQR", "{x}^2 = {c}"),
    ("exists", "exists", 1, "NZQR", "{x} - {c} = 0 and {x} < {c}"),
    ("exists", "exists", 1, "NZQR", "{x}/0 = 0"),
    ("exists", "exists", 1, "NZQR", "sqrt({x}) = 0 and {x} < 0"),
    ("exists", "exists", 1, "NZQR", "log({x}) = 0 and {x} != 1"),
    ("exists", "exists", 1, "NZ", "mod({x}, 0) = {x}"),
    ("exists", "exists", 1, "N", "factorial({x}) = {c}"),
    ("exists", "exists", 1, "ZQR", "floor({x}) = {x} and {x}*{x} = {c}*{c}"),
    ("exists", "exists", 2, "NZQR", "{x}/{y} = {a} and {y} > {x}"),
    ("exists", "exists", 2, "NZQR", "{x} - {y} = 0 and {x} < {y}"),
    ("exists", "exists", 1, "NZQR", "{x}^2 < {x}"),
    ("exists", "exists", 1, "N", "binomial({x}, {c}) = 0"),
    ("exists", "exists", 1, "NZ", "sum(k, 1, {x}, k) = {c}*({c} + 1)/2"),
    ("exists", "exists", 1, "NZQR", "1/{x} = 0"),
)

_FAMILY_WEIGHTS = {
    "poly": 12, "quotient": 12, "root": 9, "log": 7, "floor_mod": 12, "factorial": 7, "sum": 9,
    "implication": 7, "exists": 10, "convention": 12, "random": 15,
}  # fmt: skip
_NAMES = ("x", "y", "z")
_REL_SWAP = {"<=": "<", "<": "<=", ">=": ">", ">": ">=", "!=": "="}


def _binders(quantifier: str, sorts: Sequence[str]) -> str:
    names = _NAMES[: len(sorts)]
    if len(set(sorts)) == 1:
        return f"{quantifier} {' '.join(names)} : {sorts[0]}, "
    return f"{quantifier} " + " ".join(f"({n} : {s})" for n, s in zip(names, sorts)) + ", "


def _mutate(text: str, rng: random.Random) -> str:
    """One edit: a numeral moved by one, or a relation swapped (the binders are not touched)."""
    head, _, body = text.partition(", ")
    sites = [(m.start(), m.end(), "num") for m in re.finditer(r"\b\d+\b", body)]
    sites += [(m.start(), m.end(), "rel") for m in re.finditer(r"<=|>=|!=|(?<![-<])<(?![-=])|(?<![-=])>(?!=)", body)]
    if not sites:
        return text
    start, end, kind = rng.choice(sites)
    old = body[start:end]
    if kind == "num":
        value = int(old)
        new = str(value + 1 if value == 0 or rng.random() < 0.5 else value - 1)
    else:
        new = _REL_SWAP[old]
    return f"{head}, {body[:start]}{new}{body[end:]}"


def _template_claim(rng: random.Random, family: str) -> tuple[str, bool]:
    options = [t for t in _TEMPLATES if t[0] == family]
    _, quantifier, arity, sorts, text = rng.choice(options)
    chosen = [rng.choice(sorts) for _ in range(arity)]
    if rng.random() < 0.6:
        chosen = [chosen[0]] * arity  # most claims have one sort, as people write them
    values = {"a": rng.randint(1, 3), "b": rng.randint(0, 4), "c": rng.randint(2, 5)}
    body = text.format(x="x", y="y", z="z", **values)
    claim = _binders(quantifier, chosen) + body
    if rng.random() < 0.3:
        mutated = _mutate(claim, rng)
        return mutated, mutated != claim
    return claim, False


class _Random:
    """Random terms and formulas over a scope of variables, with sorts tracked so the text parses."""

    def __init__(self, rng: random.Random, scope: Mapping[str, str]) -> None:
        self.rng = rng
        self.scope = dict(scope)
        self.integral = [n for n, s in scope.items() if s in ("N", "Z")]

    def leaf(self) -> str:
        if self.rng.random() < 0.7:
            return self.rng.choice(list(self.scope))
        return str(self.rng.randint(0, 4))

    def int_leaf(self) -> str:
        if self.integral and self.rng.random() < 0.7:
            return self.rng.choice(self.integral)
        return str(self.rng.randint(0, 4))

    def term(self, depth: int) -> str:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.2:
            return self.leaf()
        kind = rng.choices(
            ["+", "-", "*", "/", "^", "neg", "sqrt", "log", "exp", "abs", "minmax", "floor", "int", "sum"],
            [10, 10, 8, 10, 6, 4, 6, 4, 1, 3, 3, 3, 6, 2],
        )[0]
        if kind in ("+", "-", "*", "/"):
            return f"({self.term(depth - 1)} {kind} {self.term(depth - 1)})"
        if kind == "^":
            exponent = rng.choice(["0", "1", "2", "2", "3", "(-1)", "(-2)", self.int_leaf()])
            return f"({self.term(depth - 1)})^{exponent}"
        if kind == "neg":
            return f"(-{self.term(depth - 1)})"
        if kind in ("sqrt", "log", "exp", "abs", "floor"):
            return f"{kind}({self.term(depth - 1)})"
        if kind == "minmax":
            return f"{rng.choice(['min', 'max'])}({self.term(depth - 1)}, {self.term(depth - 1)})"
        if kind == "sum":
            return self.sum()
        return self.int_term(depth)

    def int_term(self, depth: int) -> str:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.25:
            return self.int_leaf()
        kind = rng.choices(
            ["+", "-", "*", "^", "neg", "mod", "factorial", "binomial", "gcd", "abs", "floor", "sum"],
            [8, 10, 6, 3, 3, 8, 4, 3, 2, 2, 4, 2],
        )[0]
        if kind in ("+", "-", "*"):
            return f"({self.int_term(depth - 1)} {kind} {self.int_term(depth - 1)})"
        if kind == "^":
            return f"({self.int_term(depth - 1)})^{rng.choice(['0', '1', '2', '3'])}"
        if kind == "neg":
            return f"(-{self.int_term(depth - 1)})"
        if kind == "mod":
            return f"mod({self.int_term(depth - 1)}, {rng.choice([self.int_leaf(), str(rng.randint(2, 5))])})"
        if kind == "factorial":
            return f"factorial({self.int_leaf()}{rng.choice(['', ' + 1', ' - 1'])})"
        if kind == "binomial":
            return f"binomial({self.int_leaf()}, {self.int_leaf()})"
        if kind == "gcd":
            return f"{rng.choice(['gcd', 'lcm'])}({self.int_term(depth - 1)}, {self.int_term(depth - 1)})"
        if kind == "abs":
            return f"abs({self.int_term(depth - 1)})"
        if kind == "floor":
            return f"floor({self.term(depth - 1)}/{rng.randint(2, 3)})"
        return self.sum(integral=True)

    def sum(self, integral: bool = False) -> str:
        rng = self.rng
        lo = rng.choice(["0", "1", "1", "2"])
        hi = rng.choice([self.int_leaf(), self.int_leaf(), str(rng.randint(0, 5))])
        outer = self.rng.choice(list(self.scope))
        bodies = ["k", "k^2", "2*k + 1", "k - 1", f"{rng.randint(1, 3)}"]
        if not integral:
            bodies += [f"k*{outer}", f"{outer}^k", "1/k", "sqrt(k)", f"k/{rng.randint(2, 3)}"]
        elif self.integral:
            bodies += [f"k*{rng.choice(self.integral)}"]
        return f"sum(k, {lo}, {hi}, {rng.choice(bodies)})"

    def formula(self, depth: int) -> str:
        rng = self.rng
        kind = rng.choices(["rel", "dvd", "pred", "->", "and", "or", "not"], [14, 2, 2, 3, 2, 2, 1])[0]
        if kind == "rel" or depth <= 0:
            op = rng.choice(["=", "!=", "<", "<=", ">", ">="])
            return f"{self.term(2)} {op} {self.term(rng.randint(0, 2))}"
        if kind == "dvd":
            return f"{self.int_term(1)} | {self.int_term(2)}"
        if kind == "pred":
            name = rng.choice(["even", "odd", "prime", "square", "coprime"])
            if name == "coprime":
                return f"coprime({self.int_term(1)}, {self.int_term(1)})"
            return f"{name}({self.int_term(2)})"
        if kind == "not":
            return f"not ({self.formula(depth - 1)})"
        return f"({self.formula(depth - 1)}) {kind} ({self.formula(depth - 1)})"


def _random_claim(rng: random.Random) -> str:
    arity = rng.choice([1, 1, 2, 2, 3])
    sorts = [rng.choice("NZQR") for _ in range(arity)]
    quantifier = "exists" if rng.random() < 0.3 else "forall"
    maker = _Random(rng, dict(zip(_NAMES, sorts)))
    body = maker.formula(1)
    if quantifier == "forall" and rng.random() < 0.2:
        body = f"assume {maker.formula(0)}, {body}"
    return _binders(quantifier, sorts) + body


def generate(count: int, seed: int = 0) -> list[GeneratedClaim]:
    """``count`` distinct claims that parse, the same list for the same seed (on any machine)."""
    from pyverify.logic import ParseError, parse

    rng = random.Random(seed)
    families = sorted(_FAMILY_WEIGHTS)
    weights = [_FAMILY_WEIGHTS[f] for f in families]
    out: list[GeneratedClaim] = []
    seen: set[str] = set()
    tries = 0
    while len(out) < count and tries < 50 * count + 100:
        tries += 1
        family = rng.choices(families, weights)[0]
        if family == "random":
            text, mutated = _random_claim(rng), False
        else:
            text, mutated = _template_claim(rng, family)
        if text in seen:
            continue
        try:
            parse(text)
        except ParseError:
            continue
        seen.add(text)
        out.append(GeneratedClaim(len(out), family, text, mutated))
    return out

