"""Exact arithmetic that the answer benchmark's derivation rules read off a reference term.

The value of a rational term, its decimal and fraction texts, an mpmath approximation for the near-value rules
(never a verdict), and the expansion of a polynomial with rational coefficients and its LaTeX. These are the
facts about a reference that the rules of :mod:`pyverify.answers._derive` rewrite or perturb; they sit apart
from the rules because they know nothing of directions, candidates or answers, only of terms.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from pyverify.logic._ast import Call, Node, Num, Op, Var


def _n(value: int | Fraction) -> Node:
    """A rational constant; a negative one as ``neg`` of its absolute value (so that it renders)."""
    v = Fraction(value)
    return Op("neg", (Num(-v),)) if v < 0 else Num(v)


def rational_value(node: Node) -> Fraction | None:
    """The exact value of a term built from rationals with + - * / neg, integer powers, ! and binomials."""
    try:
        return _rat(node)
    except (ZeroDivisionError, ValueError, OverflowError):
        return None


def _rat(node: Node) -> Fraction | None:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Op):
        args = [_rat(a) for a in node.args]
        if any(a is None for a in args):
            return None
        vals: list[Fraction] = args  # type: ignore[assignment]
        if node.op == "+":
            return vals[0] + vals[1]
        if node.op == "-":
            return vals[0] - vals[1]
        if node.op == "*":
            return vals[0] * vals[1]
        if node.op == "/":
            return vals[0] / vals[1]
        if node.op == "neg":
            return -vals[0]
        if node.op == "^" and vals[1].denominator == 1 and abs(vals[1]) <= 256:
            return vals[0] ** int(vals[1])
        return None
    if isinstance(node, Call) and node.func in ("factorial", "binomial"):
        args = [_rat(a) for a in node.args]
        if any(a is None or a.denominator != 1 or a < 0 or a > 200 for a in args):
            return None
        ints = [int(a) for a in args if a is not None]
        return Fraction(math.factorial(ints[0]) if node.func == "factorial" else math.comb(ints[0], ints[1]))
    return None


def decimal_text(value: Fraction) -> str | None:
    """A terminating decimal for ``value`` (at most 12 digits after the point), else None."""
    from pyverify.answers._render import _decimal

    text = _decimal(value)
    if "frac" in text or ("." in text and len(text.split(".")[1]) > 12):
        return None
    return text


def frac_text(value: Fraction) -> str:
    sign = "-" if value < 0 else ""
    v = abs(value)
    return f"{sign}\\frac{{{v.numerator}}}{{{v.denominator}}}" if v.denominator != 1 else f"{sign}{v.numerator}"


def numeric_value(node: Node, digits: int = 40) -> Any:
    """An mpmath approximation of a constant term (for the near-value rules only; never a verdict), or None."""
    import mpmath

    mp = mpmath.mp.clone() if hasattr(mpmath.mp, "clone") else mpmath.mp
    funcs: dict[str, Callable[..., Any]] = {
        "sqrt": mpmath.sqrt, "sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan, "cot": mpmath.cot,
        "sec": mpmath.sec, "csc": mpmath.csc, "arcsin": mpmath.asin, "arccos": mpmath.acos, "arctan": mpmath.atan,
        "ln": mpmath.log, "exp": mpmath.exp, "factorial": mpmath.factorial, "binomial": mpmath.binomial,
        "root": lambda n, x: mpmath.root(x, int(n)), "logb": lambda b, x: mpmath.log(x) / mpmath.log(b),
    }  # fmt: skip

    def go(n: Node) -> Any:
        if isinstance(n, Num):
            return mpmath.mpf(n.value.numerator) / n.value.denominator
        if isinstance(n, Op):
            a = [go(x) for x in n.args]
            ops: dict[str, Callable[..., Any]] = {"+": lambda x, y: x + y, "-": lambda x, y: x - y,
                                                  "*": lambda x, y: x * y, "/": lambda x, y: x / y,
                                                  "^": lambda x, y: x**y, "neg": lambda x: -x}  # fmt: skip
            if n.op not in ops:
                raise ValueError(n.op)
            return ops[n.op](*a)
        if isinstance(n, Call):
            if n.func == "pi":
                return mpmath.pi
            if n.func == "e":
                return mpmath.e
            if n.func in funcs:
                return funcs[n.func](*[go(x) for x in n.args])
        raise ValueError(type(n).__name__)

    old = mp.dps
    try:
        mpmath.mp.dps = digits
        value = go(node)
        if not isinstance(value, mpmath.mpf) or not mpmath.isfinite(value):
            return None
        return value
    except (ValueError, ZeroDivisionError, TypeError, OverflowError):
        return None
    finally:
        mpmath.mp.dps = old


def _truncated(value: Any, places: int) -> str:
    """``value`` cut (not rounded) after ``places`` decimals."""
    import mpmath

    with mpmath.workdps(60):
        scaled = int(mpmath.floor(abs(value) * mpmath.mpf(10) ** places))
    sign = "-" if value < 0 else ""
    text = str(scaled).rjust(places + 1, "0")
    return f"{sign}{text[:-places]}.{text[-places:]}"


# ---------------------------------------------------------------- polynomials (exact, rational coefficients)

Poly = dict[tuple[tuple[str, int], ...], Fraction]


def polynomial(node: Node) -> Poly | None:
    """The expansion of a polynomial term (variables, rationals, + - * neg, / by a constant, ^ by a small
    natural number), monomials keyed by sorted (variable, exponent) pairs; None for anything else."""
    try:
        return _poly(node)
    except (ZeroDivisionError, ValueError):
        return None


def _mono_mul(a: tuple[tuple[str, int], ...], b: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    exps = Counter(dict(a))
    for name, e in b:
        exps[name] += e
    return tuple(sorted(exps.items()))


def _pmul(p: Poly, q: Poly) -> Poly:
    out: Poly = {}
    for ma, ca in p.items():
        for mb, cb in q.items():
            m = _mono_mul(ma, mb)
            out[m] = out.get(m, Fraction(0)) + ca * cb
    return {m: c for m, c in out.items() if c}


def _padd(p: Poly, q: Poly, sign: int = 1) -> Poly:
    out = dict(p)
    for m, c in q.items():
        out[m] = out.get(m, Fraction(0)) + sign * c
    return {m: c for m, c in out.items() if c}


def _poly(node: Node) -> Poly | None:
    if isinstance(node, Num):
        return {(): node.value} if node.value else {}
    if isinstance(node, Var):
        return {((node.name, 1),): Fraction(1)}
    if isinstance(node, Op):
        if node.op == "neg":
            p = _poly(node.args[0])
            return None if p is None else {m: -c for m, c in p.items()}
        if node.op == "^":
            base, exp = _poly(node.args[0]), rational_value(node.args[1])
            if base is None or exp is None or exp.denominator != 1 or not 0 <= exp <= 8:
                return None
            out: Poly = {(): Fraction(1)}
            for _ in range(int(exp)):
                out = _pmul(out, base)
            return out
        if node.op == "/":
            p, d = _poly(node.args[0]), rational_value(node.args[1])
            if p is None or not d:
                return None
            return {m: c / d for m, c in p.items()}
        a, b = _poly(node.args[0]), _poly(node.args[1])
        if a is None or b is None:
            return None
        if node.op == "+":
            return _padd(a, b)
        if node.op == "-":
            return _padd(a, b, -1)
        if node.op == "*":
            return _pmul(a, b)
    return None


def _degree(m: tuple[tuple[str, int], ...]) -> int:
    return sum(e for _, e in m)


def poly_terms(p: Poly) -> list[tuple[tuple[tuple[str, int], ...], Fraction]]:
    """Monomials by decreasing degree, then by name (a fixed order)."""
    return sorted(p.items(), key=lambda mc: (-_degree(mc[0]), mc[0]))


def poly_text(terms: list[tuple[tuple[tuple[str, int], ...], Fraction]]) -> str:
    """LaTeX of a sum of monomials in the order given, e.g. ``x^{2} + 2x + 1``."""
    if not terms:
        return "0"
    parts: list[str] = []
    for k, (m, c) in enumerate(terms):
        sign = "-" if c < 0 else "+"
        mag = abs(c)
        coef = "" if m and mag == 1 else frac_text(mag) if mag.denominator != 1 else str(mag.numerator)
        if m and coef.startswith("\\frac"):
            coef += " "
        body = coef + "".join(name if e == 1 else f"{name}^{{{e}}}" for name, e in m)
        if k == 0:
            parts.append(("-" if sign == "-" else "") + body)
        else:
            parts.append(f" {sign} {body}")
    return "".join(parts)


def sign_choices(node: Node) -> list[Node]:
    """The values a term with ± denotes, every choice of signs (``1 ± √2`` is ``[1 + √2, 1 - √2]``); the callers
    bound the number of signs first (:data:`pyverify.answers._verdict.MAX_PM`)."""
    from itertools import product

    count = sum(1 for _ in _pm_nodes(node))
    return [choose_signs(node, iter(signs)) for signs in product("+-", repeat=count)] if count else [node]


def _pm_nodes(node: Node) -> Iterator[Node]:
    if isinstance(node, (Op, Call)):
        if isinstance(node, Op) and node.op == "pm":
            yield node
        for a in node.args:
            yield from _pm_nodes(a)


def choose_signs(n: Node, signs: Iterator[str]) -> Node:
    """``n`` with each ± replaced, in order, by the next sign of ``signs``."""
    if isinstance(n, Op):
        args = tuple(choose_signs(a, signs) for a in n.args)
        return Op(next(signs) if n.op == "pm" else n.op, args)
    if isinstance(n, Call):
        return Call(n.func, tuple(choose_signs(a, signs) for a in n.args))
    return n
