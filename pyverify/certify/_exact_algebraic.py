"""Deciding a formula at a point with sympy's exact algebraic numbers, where flint's rationals cannot.

Exact evaluation (:mod:`pyverify.certify._exact`) raises :class:`Inexact` at an irrational
intermediate value (``sqrt(2)``, ``exp(1)``); the caller then falls back to :func:`sympy_truth`,
which translates the formula to sympy, substitutes the point and lets sympy decide.

The seam: this is the one part of exact evaluation that goes through sympy rather than compiled
closures over flint values; it shares only the value types with the compiler.
"""

from __future__ import annotations

import time
from typing import Any, Mapping

from flint import fmpq, fmpq_mat

from pyverify.certify._exact_values import DEADLINE, Env, Sequence
from pyverify.logic._ast import Node
from pyverify.parallel._deadline import time_limit

SYMPY_LIMIT = 60.0  # seconds, where no evaluation deadline is set (the isolated fallback's own cap)


def sympy_truth(node: Node, env: Env, variables: Mapping[str, Any]) -> bool | None:
    """Decide a formula at a point with sympy's exact algebraic numbers (for √, exp, log).

    Returns None when sympy cannot decide, or when it has not decided by the evaluation deadline
    (:data:`DEADLINE`, at most :data:`SYMPY_LIMIT` seconds): sympy's own evaluation checks no deadline (an
    alternating sum of square roots to 10⁴ ran for half a minute in its Euler–Maclaurin step), so the call
    runs under a hard time limit in the main thread, and elsewhere only inside a worker that is killed.
    """
    left = min(DEADLINE.get() - time.monotonic(), SYMPY_LIMIT)
    if left <= 0:
        return None
    with time_limit(left) as limit:
        verdict = _sympy_truth(node, env)
    return None if limit.expired else verdict


def _sympy_truth(node: Node, env: Env) -> bool | None:
    import sympy

    from pyverify.logic._convert import SympyTranslator

    t = SympyTranslator(explicit_matrices=True)
    try:
        # building the expression already evaluates: sympy's floor of a sum with a pole (1/k at k = 0) raises
        # a TypeError from its evalf, an undecided point, not an engine failure
        expr = t.formula(node)
    except (TypeError, ValueError, ZeroDivisionError, ArithmeticError):
        return None
    subs: dict[Any, Any] = {}
    for name, symbol in t.symbols.items():
        value = env.get(name)
        if isinstance(value, fmpq):
            subs[symbol] = sympy.Rational(int(value.p), int(value.q))
        elif isinstance(value, fmpq_mat):
            n = value.nrows()
            for i in range(n):
                for j in range(n):
                    entry = value[i, j]
                    subs[symbol[i, j]] = sympy.Rational(int(entry.p), int(entry.q))
        elif isinstance(value, Sequence):
            return None
    try:
        result = expr.xreplace(subs) if subs else expr
        result = result.doit() if hasattr(result, "doit") else result
        if result in (sympy.true, True):
            return True
        if result in (sympy.false, False):
            return False
        simplified = sympy.simplify(result)
        if simplified in (sympy.true, True):
            return True
        if simplified in (sympy.false, False):
            return False
    except (TypeError, ValueError, ZeroDivisionError, ArithmeticError):
        return None
    except AttributeError as exc:
        # sympy 1.14's cache wrapper reads a TypeError's message with `.startswith`, and a relational's
        # "cannot determine truth value" message is a LazyExceptionMessage, so the TypeError arrives as
        # this AttributeError: the same undecided comparison, not an engine failure
        if "LazyExceptionMessage" in str(exc):
            return None
        raise
    return None
