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

import re
from fractions import Fraction

from pyverify.answers._forms import _rat as _rational  # exact value of numerals with + - * / and powers
from pyverify.logic._ast import REAL, Call, MatLit, Node, Num, Op, SumOf, Var, substitute, walk

#: At most this many terms in all are written out (nested sums multiply), beyond that the comparison is unknown.
MAX_SUM_TERMS = 2_000
#: The natural numbers at which sums with a letter as a bound are compared.
SUM_POINTS = tuple(range(8))


class SumTooLarge(ValueError):
    """Writing the sums out would exceed :data:`MAX_SUM_TERMS` terms, or a bound is not an integer."""


#: A term of an indexed sequence, ``F_{n-k-1}``: ``Call(INDEX + "F", (index,))``. With a whole number as its index
#: it is the variable ``F_2`` (what ``F_{2}`` and ``F_2`` read as), so a sum written out meets the variables written.
INDEX = "index:"


def indexed(base: str, index: Node) -> Node:
    """The term ``base_{index}``: the variable base_j when the index is a whole number j, else an indexed term."""
    value = _rational(index) if not any(isinstance(n, Var) for n in walk(index)) else None
    if value is not None and value.denominator == 1:
        return Var(f"{base}_{value.numerator}", REAL)
    return Call(INDEX + base, (index,))


def index_terms(body: Node, var: str) -> Node:
    """A summand with its index letter ``k`` in subscripts read as indexed terms: ``a_k`` and ``a_{2k}`` (read as the
    variables a_k, a_2k) are the terms of the sequence a at k and 2k."""
    return _as_terms(body, re.compile(rf"([A-Za-z]|[A-Za-z]{{2,}})_(\d*)({re.escape(var)})"), var)


def _as_terms(node: Node, pattern: re.Pattern[str], shadow: str | None = None) -> Node:
    """``node`` with each variable whose name ``pattern`` matches (groups: the sequence, a factor, the letter) made
    the indexed term sequence_{factor·letter}; a sum over ``shadow`` binds that letter anew (left as it is)."""

    def visit(n: Node) -> Node:
        if isinstance(n, Var):
            m = pattern.fullmatch(n.name)
            if m is None:
                return n
            index: Node = Var(m.group(3), REAL)
            if m.group(2):
                index = Op("*", (Num(Fraction(int(m.group(2)))), index))
            return Call(INDEX + m.group(1), (index,))
        if isinstance(n, Op):
            return Op(n.op, tuple(visit(a) for a in n.args))
        if isinstance(n, Call):
            return Call(n.func, tuple(visit(a) for a in n.args))
        if isinstance(n, SumOf):
            return SumOf(n.var, visit(n.lo), visit(n.hi), n.body if n.var == shadow else visit(n.body))
        return n

    return visit(node)


def has_index(node: Node) -> bool:
    return any(isinstance(n, Call) and n.func.startswith(INDEX) for n in walk(node))


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
        args = tuple(expand_sums(a, budget) for a in node.args)
        if node.func.startswith(INDEX):
            return indexed(node.func[len(INDEX) :], args[0])  # F_{n-k-1} at n = 5, k = 2 is F_2
        return Call(node.func, args)
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
    """The free letters in the bounds of the sums left in ``node`` (they stand for whole numbers); an inner sum's
    bound that is an outer sum's index (\\sum_{k=0}^{n} \\sum_{j=0}^{k}) is bound, not one of them."""
    from pyverify.logic._ast import free_vars

    in_bounds = {v for n in walk(node) if isinstance(n, SumOf) for v in free_vars(n.lo) | free_vars(n.hi)}
    return in_bounds & free_vars(node)  # free_vars knows which sum binds which index


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


def _canonical(node: Node) -> Node:
    """``node`` with every indexed term F_{index} a variable named by F and the normal form of its index
    (``F[n - 1]``): as atoms, F_{n-k-1} and F_{n-1-k} are one term and F_k another."""
    from pyverify.answers import _fast

    if isinstance(node, Call) and node.func.startswith(INDEX):
        return Var(f"{node.func[len(INDEX) :]}[{_fast.normal_form(node.args[0])}]", REAL)
    if isinstance(node, Op):
        return Op(node.op, tuple(_canonical(a) for a in node.args))
    if isinstance(node, Call):
        return Call(node.func, tuple(_canonical(a) for a in node.args))
    if isinstance(node, SumOf):
        return SumOf(node.var, _canonical(node.lo), _canonical(node.hi), _canonical(node.body))
    return node


def same_terms(a: Node, b: Node) -> bool:
    """True when ``a`` and ``b`` are equal for every sequence and every value of their letters, proved by their
    form: sums over the same range (the index renamed) of summands equal as polynomials in their letters and
    indexed terms (each a letter of its own). False when that does not prove it (they may still be equal)."""
    from pyverify.answers._fast import polynomial_identity

    if a == b:
        return True
    if isinstance(a, SumOf) and isinstance(b, SumOf):
        body = substitute(b.body, {b.var: Var(a.var, REAL)}) if b.var != a.var else b.body
        return same_terms(a.lo, b.lo) and same_terms(a.hi, b.hi) and same_terms(a.body, body)
    if has_sum(a) or has_sum(b):
        return False
    try:
        return polynomial_identity(_canonical(a), _canonical(b)) == ("equal", None)
    except ValueError:  # an index that is not a polynomial
        return False


def index_letters(node: Node) -> set[str]:
    """The letters in the indices of the indexed terms of ``node`` (they stand for whole numbers)."""
    from pyverify.logic._ast import free_vars

    out: set[str] = set()
    for n in walk(node):
        if isinstance(n, Call) and n.func.startswith(INDEX):
            out |= free_vars(n.args[0])
    return out


def unify_indices(a: Node, b: Node) -> tuple[Node, Node]:
    """``a`` and ``b`` with the variables F_n, F_{2k} of every sequence F that is also written with an indexed term
    (F_{n-1}) read as its terms too, so F_n and F_{n+0} are one term (not a letter F_n beside the sequence F)."""
    bases = {n.func[len(INDEX) :] for t in (a, b) for n in walk(t) if isinstance(n, Call) and n.func.startswith(INDEX)}
    if not bases:
        return a, b
    pattern = re.compile(r"(" + "|".join(re.escape(x) for x in sorted(bases)) + r")_(\d*)([A-Za-z])")
    return _as_terms(a, pattern), _as_terms(b, pattern)
