"""Deciding a formula at a point with sympy's exact algebraic numbers, where flint's rationals cannot.

Exact evaluation (:mod:`pyverify.certify._exact`) raises :class:`Inexact` at an irrational
intermediate value (``sqrt(2)``, ``exp(1)``); the caller then falls back to :func:`sympy_truth`,
which translates the formula to sympy, substitutes the point and lets sympy decide.

The seam: this is the one part of exact evaluation that goes through sympy rather than compiled
closures over flint values; it shares only the value types with the compiler.
"""

from __future__ import annotations

from typing import Any, Mapping

from flint import fmpq, fmpq_mat

from pyverify.certify._exact_values import Env, Sequence
from pyverify.logic._ast import Node


def sympy_truth(node: Node, env: Env, variables: Mapping[str, Any]) -> bool | None:
    """Decide a formula at a point with sympy's exact algebraic numbers (for √, exp, log).

    Returns None when sympy cannot decide. Only called with a deadline from the engine.
    """
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
