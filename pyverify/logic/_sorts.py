"""Sorts of terms: the rule that gives each operation its result sort, and :func:`sort_of`.

The parser applies these rules while it resolves names (and adds the position and the text of the term
to any complaint); renderers and engines ask :func:`sort_of` for the sort of a resolved term. Reading
this module needs only :mod:`pyverify.logic._ast`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from pyverify.logic._ast import (
    CASTS,
    INT,
    NAT,
    RAT,
    REAL,
    BoolLit,
    Call,
    Conn,
    Index,
    MatLit,
    Node,
    Not,
    Num,
    Op,
    Pred,
    Rel,
    Sort,
    SumOf,
    Var,
    join,
    mat,
)

_OP_NAMES = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "^": "raise"}
_MATRIX_FUNCTIONS = ("det", "trace", "transpose", "inverse")


class SortError(ValueError):
    """Sorts that do not fit: what is wrong, and the offending term or relation when there is one."""

    def __init__(self, message: str, node: Node | None = None) -> None:
        self.message = message
        self.node = node
        super().__init__(message)


def numeral_sort(value: Fraction) -> Sort:
    """ℕ for a whole numeral, ℚ for a decimal one."""
    return NAT if value.denominator == 1 else RAT


def op_sort(node: Op, sorts: Sequence[Sort]) -> Sort:
    """The sort of ``node`` given the sorts of its arguments, in order."""
    op, args = node.op, node.args
    if op == "neg":
        s = sorts[0]
        return s if s.is_matrix else join(s, INT)
    if op == "^":
        base, exponent = sorts
        if not exponent.is_integral:
            raise SortError("exponent must be an integer term (use sqrt for roots)", node)
        if base.is_matrix:
            return base
        nonneg = exponent == NAT or isinstance(args[1], Num)
        return base if nonneg else join(base, RAT)
    if any(s.is_matrix for s in sorts):
        return _matrix_op_sort(node, sorts)
    if op in ("+", "*"):
        return join(*sorts)
    if op == "-":
        return join(INT, *sorts)
    if op == "/":
        return join(RAT, *sorts)
    raise SortError(f"unknown operator '{op}'", node)


def _matrix_op_sort(node: Op, sorts: Sequence[Sort]) -> Sort:
    mats = [s for s in sorts if s.is_matrix]
    if len({s.n for s in mats}) > 1:
        raise SortError("matrix sizes differ", node)
    if node.op in ("+", "-") and len(mats) != len(sorts):
        raise SortError(f"cannot {_OP_NAMES[node.op]} a matrix and a number", node)
    if node.op == "/":
        raise SortError("cannot divide matrices (use inverse)", node)
    if REAL in sorts:
        raise SortError("matrices are over Q; a real scalar appears", node)
    return mats[0]


def call_sort(name: str, sorts: Sequence[Sort]) -> Sort:
    """The sort of the built-in function ``name`` (canonical name) applied to arguments of these sorts."""
    if name in CASTS:
        if len(sorts) != 1:
            raise SortError(f"a cast takes one term, got {len(sorts)}")
        return cast_sort(CASTS[name], sorts[0])
    if name in _MATRIX_FUNCTIONS:
        if not sorts[0].is_matrix:
            raise SortError(f"'{name}' needs a matrix, got sort {sorts[0]}")
        return sorts[0] if name in ("transpose", "inverse") else RAT
    if any(not s.is_scalar for s in sorts):
        hint = " (for a determinant write det(A))" if name == "abs" else ""
        raise SortError(f"'{name}' needs numbers, not matrices{hint}")
    if name in ("mod", "gcd", "lcm", "factorial", "binomial"):
        if not all(s.is_integral for s in sorts):
            raise SortError(f"'{name}' needs integer arguments")
        return join(*sorts) if name == "mod" else NAT
    if name == "floor":
        return INT
    if name in ("sqrt", "exp", "log"):
        return REAL
    return join(*sorts)  # abs, min, max


def cast_sort(target: Sort, sort: Sort) -> Sort:
    """The sort of an up-cast to ``target`` of a term of sort ``sort``: ``target``, when ``sort`` ⊆ ``target``."""
    if not sort.is_scalar:
        raise SortError(f"cannot cast {'a matrix' if sort.is_matrix else sort} to {target} (casts are of numbers)")
    if join(sort, target) != target:
        raise SortError(f"cannot cast a term of sort {sort} down to {target} (only up-casts N ⊂ Z ⊂ Q ⊂ R)")
    return target


def sum_sort(var: str, lo: Sort, hi: Sort, body: Sort) -> Sort:
    """The sort of Σ_{var=lo}^{hi} body from the sorts of its bounds and body (the index is ℤ)."""
    if not (lo.is_integral and hi.is_integral):
        raise SortError(f"bounds of the sum over '{var}' must be integer terms")
    if not body.is_scalar:
        raise SortError(f"the sum over '{var}' must add numbers")
    return join(body, INT) if body.is_integral else body


def entry_check(sort: Sort) -> None:
    """Matrix entries are rational numbers."""
    if not sort.is_scalar or sort == REAL:
        raise SortError(f"matrix entries must be rational numbers, got sort {sort}")


def relation_check(rel: Rel, left: Sort, right: Sort) -> None:
    """Whether ``rel`` may relate terms of these sorts."""
    op = rel.op
    if op in ("=", "!="):
        if (left.is_matrix or right.is_matrix) and left != right:
            raise SortError(f"cannot compare {left} with {right}", rel)
        return
    if not (left.is_scalar and right.is_scalar):
        raise SortError(f"relation '{op}' needs numbers, not matrices", rel)
    if op == "dvd" and not (left.is_integral and right.is_integral):
        raise SortError("divisibility needs integers", rel)


def sort_of(term: Node) -> Sort:
    """The sort of a resolved term (as the parser computed it); :class:`SortError` if it has none."""
    if isinstance(term, Num):
        return numeral_sort(term.value)
    if isinstance(term, Var):
        return term.sort
    if isinstance(term, Op):
        return op_sort(term, [sort_of(a) for a in term.args])
    if isinstance(term, Call):
        return call_sort(term.func, [sort_of(a) for a in term.args])
    if isinstance(term, Index):
        return RAT
    if isinstance(term, SumOf):
        return sum_sort(term.var, sort_of(term.lo), sort_of(term.hi), sort_of(term.body))
    if isinstance(term, MatLit):
        for row in term.rows:
            for entry in row:
                entry_check(sort_of(entry))
        return mat(len(term.rows))
    if isinstance(term, (BoolLit, Rel, Pred, Not, Conn)):
        raise SortError("expected a number, found a statement", term)
    raise SortError(f"not a term: {type(term).__name__}")
