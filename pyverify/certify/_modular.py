"""Deciding integer claims whose atoms only see residues: a finite check over one period.

If every atom of a claim over ℕ/ℤ variables depends only on the variables' residues modulo some
period (``m | p(n)``, ``even(p(n))``, ``mod(p(n), m) = c`` for integer polynomials ``p`` and
constant ``m``), then the truth of the whole claim is periodic in each variable with the least
common multiple ``L`` of those periods: ``p(n + L) ≡ p(n) (mod m)`` whenever ``m | L``. Checking the
``L^k`` residue points exactly therefore decides the claim, for ∀ and for ∃ alike.
"""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

from flint import fmpq

from pyverify.certify._exact import EvalError, compile_node
from pyverify.logic import BoolLit, Call, Claim, Conn, Not, Num, Op, Pred, Rel, Var
from pyverify.logic._ast import Node
from pyverify.logic._convert import _const_int

#: Most residue points checked.
MAX_POINTS = 20_000


def _integer_polynomial(node: Node) -> bool:
    if isinstance(node, Num):
        return node.value.denominator == 1
    if isinstance(node, Var):
        return node.sort.kind in ("N", "Z")
    if isinstance(node, Op):
        if node.op in ("+", "-", "*", "neg"):
            return all(_integer_polynomial(a) for a in node.args)
        if node.op == "^":
            k = _const_int(node.args[1])
            return k is not None and 0 <= k <= 64 and _integer_polynomial(node.args[0])
    return False


def _term_period(node: Node) -> int | None:
    """Period of an integer term that depends only on residues, or None."""
    if _const_int(node) is not None and not any(isinstance(v, Var) for v in _walk(node)):
        return 1
    if isinstance(node, Call) and node.func == "mod":
        m = _const_int(node.args[1])
        if m and _integer_polynomial(node.args[0]):
            return abs(m)
    return None


def _walk(node: Node) -> list[Node]:
    from pyverify.logic._ast import walk

    return list(walk(node))


def _period(formula: Node) -> int | None:
    """Least common period of a formula's atoms, or None if some atom is not periodic."""
    if isinstance(formula, BoolLit):
        return 1
    if isinstance(formula, Not):
        return _period(formula.arg)
    if isinstance(formula, Conn):
        periods = [_period(a) for a in formula.args]
        if any(p is None for p in periods):
            return None
        return math.lcm(*[p for p in periods if p is not None])
    if isinstance(formula, Pred) and formula.name in ("even", "odd"):
        return 2 if _integer_polynomial(formula.args[0]) else None
    if isinstance(formula, Rel):
        if formula.op == "dvd":
            m = _const_int(formula.left)
            if m and _integer_polynomial(formula.right):
                return abs(m)
            return None
        left, right = _term_period(formula.left), _term_period(formula.right)
        if left is None or right is None:
            return None
        return math.lcm(left, right)
    return None


def decide_periodic(claim: Claim, formula: Node, deadline: float) -> tuple[str, Any] | None:
    """('certified', evidence) / ('refuted', point or evidence) / None when not applicable.

    ``formula`` is the claim's relativized quantifier-free part.
    """
    variables = claim.variables
    quantifiers = claim.quantifiers
    if not variables or len(quantifiers) != 1 or any(s.kind not in ("N", "Z") for s in variables.values()):
        return None
    period = _period(formula)
    if period is None or period ** len(variables) > MAX_POINTS:
        return None
    fn = compile_node(formula)
    names = list(variables)
    universal = quantifiers == {"forall"}
    checked = 0
    for residues in itertools.product(range(period), repeat=len(names)):
        if checked % 256 == 0 and time.monotonic() > deadline:
            return None
        env = {n: fmpq(r) for n, r in zip(names, residues)}
        checked += 1
        try:
            truth = bool(fn(env))
        except EvalError:
            return None  # periodic atoms are total; anything else is outside this check
        if universal and not truth:
            return "refuted", env
        if not universal and truth:
            return "certified", env
    evidence = {"period": period, "points_checked": checked,
                "why": f"every atom depends only on residues modulo {period}"}  # fmt: skip
    return ("certified", evidence) if universal else ("refuted", evidence)
