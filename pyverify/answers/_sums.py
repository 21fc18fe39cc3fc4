"""Sums ``\\sum_{k=a}^{b} f(k)`` in answers: written out when their bounds are numbers, evaluated at natural
numbers when a bound is a letter.

A sum with integer bounds is the sum of its terms (none when b < a: the empty sum is 0, as in Lean's
``Finset.sum`` over ``Finset.Icc a b``), so it is written out as ``f(a) + ... + f(b)`` and compared as any other
term. A sum whose bound is a letter ``n`` means something only for whole n: two such answers are compared at
n = 0, 1, ..., (exactly, each sum written out) for a witness, and proved equal by sympy's closed form (in the
engine worker, under the deadline). Hand-written, small and bounded: sympy's own ``Sum`` uses Karr's convention
for b < a - 1 (a negative sum), which is not what a person means by an empty sum.
"""

from __future__ import annotations

from fractions import Fraction

from pyverify.answers._forms import _rat as _rational  # exact value of numerals with + - * / and powers
from pyverify.logic._ast import Call, MatLit, Node, Num, Op, SumOf, substitute, walk

#: At most this many terms in all are written out (nested sums multiply), beyond that the comparison is unknown.
MAX_SUM_TERMS = 2_000
#: The natural numbers at which sums with a letter as a bound are compared.
SUM_POINTS = tuple(range(8))


class SumTooLarge(ValueError):
    """Writing the sums out would exceed :data:`MAX_SUM_TERMS` terms, or a bound is not an integer."""


def has_sum(node: Node) -> bool:
    return any(isinstance(n, SumOf) for n in walk(node))


def _integer(node: Node) -> int | None:
    value = _rational(node)
    if value is None:
        return None
    if value.denominator != 1:
        raise SumTooLarge(f"a sum whose bound {value} is not an integer")
    return int(value)


def expand_sums(node: Node, budget: list[int] | None = None) -> Node:
    """``node`` with every sum whose bounds are integers written out (inner sums first)."""
    budget = [MAX_SUM_TERMS] if budget is None else budget
    if isinstance(node, SumOf):
        lo, hi = _integer(expand_sums(node.lo, budget)), _integer(expand_sums(node.hi, budget))
        body = node.body
        if lo is None or hi is None:
            return SumOf(node.var, expand_sums(node.lo, budget), expand_sums(node.hi, budget), body)
        count = max(0, hi - lo + 1)
        budget[0] -= count
        if budget[0] < 0:
            raise SumTooLarge(f"sums of more than {MAX_SUM_TERMS} terms in all")
        terms = [expand_sums(substitute(body, {node.var: Num(Fraction(k))}), budget) for k in range(lo, hi + 1)]
        return _balanced(terms) if terms else Num(Fraction(0))
    if isinstance(node, Op):
        return Op(node.op, tuple(expand_sums(a, budget) for a in node.args))
    if isinstance(node, Call):
        return Call(node.func, tuple(expand_sums(a, budget) for a in node.args))
    if isinstance(node, MatLit):
        return MatLit(tuple(tuple(expand_sums(e, budget) for e in row) for row in node.rows))
    return node


def _balanced(terms: list[Node]) -> Node:
    """t1 + ... + tn as a balanced tree (depth log n: the comparisons walk terms recursively)."""
    if len(terms) == 1:
        return terms[0]
    middle = len(terms) // 2
    return Op("+", (_balanced(terms[:middle]), _balanced(terms[middle:])))


def bound_letters(node: Node) -> set[str]:
    """The letters in the bounds of the sums left in ``node`` (they stand for whole numbers)."""
    from pyverify.logic._ast import free_vars

    out: set[str] = set()
    for n in walk(node):
        if isinstance(n, SumOf):
            out |= free_vars(n.lo) | free_vars(n.hi)
    return out


def lowest_start(node: Node) -> int | None:
    """The largest numeric lower bound of the sums in ``node`` (where sympy's closed form starts to hold), or None
    when a lower bound is not a number."""
    starts = []
    for n in walk(node):
        if isinstance(n, SumOf):
            value = _rational(n.lo)
            if value is None or value.denominator != 1:
                return None
            starts.append(int(value))
    return max(starts, default=0)
