"""Decisions made in this process, without a round trip to the engine worker, where they are cheap and bounded by
construction.

Most final answers a grader meets are the same term on both sides, or polynomials in a few letters
(``x^2+2x+1``, ``p - q``, ``8n^2 + 4n + 1``). Sending those to the engine worker (a claim, a decision procedure,
an enclosure of each side) costs a round trip of about a millisecond each, which is most of what grading a
response costs (issue 24). Here they are decided exactly and in bounded time:

* :func:`certainly_defined`: a term whose every part has a value wherever its letters are real (numerals, π, e,
  + - ·, division by a nonzero numeral, natural powers, square roots of positive terms, sin, cos, exp, arctan,
  factorials and binomials of natural numerals). Two identical such terms are equal; anything else is left to
  the engine, which proves definedness or its absence (``1/(√2-√2)``).
* :func:`polynomial_identity`: two terms that are polynomials over ℚ in their letters (+ - ·, division by a
  nonzero rational constant, natural powers) are equal as functions on ℝ exactly when their expanded normal forms
  are equal (ℝ is infinite); a nonzero difference of degree d in each letter is nonzero somewhere on a grid of d+1
  values per letter (the combinatorial Nullstellensatz), so a witness point is found by exact evaluation there.

The arithmetic is python-flint's (``fmpq_mpoly``); what is written here is only the bounded translation of an
answer term into it (sizes checked before each product, so an adversarial ``(x+y+z)^{64}`` is refused, not
expanded) and the choice of witness points. Anything outside the bounds returns None and goes to the engine
as before.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from pyverify.logic._ast import Call, Node, Num, Op, Var, free_vars

#: Bounds on the in-process polynomial path (beyond them the engine decides, under the deadline).
MAX_VARS = 8
MAX_DEGREE = 64
MAX_TERMS = 2_000
MAX_PRODUCT = 200_000  # len(p) * len(q) of one multiplication: the work flint does for it
MAX_NUMERAL = 10**60
MAX_POINTS = 4_000  # exact evaluations spent looking for a witness point
_TOTAL = ("sin", "cos", "exp", "arctan", "abs", "floor", "ceil")


def _natural(node: Node, limit: int | None = None) -> int | None:
    if isinstance(node, Num) and node.value.denominator == 1 and node.value >= 0:
        if limit is None or node.value <= limit:
            return int(node.value)
    return None


def _positive(node: Node) -> bool:
    """Certainly > 0 wherever the letters are real (conservative: False means "not shown")."""
    if isinstance(node, Num):
        return node.value > 0
    if isinstance(node, Call):
        if node.func in ("pi", "e") and not node.args:
            return True
        if node.func == "exp":
            return certainly_defined(node.args[0])
        if node.func == "sqrt":
            return _positive(node.args[0])
        if node.func == "factorial":
            return _natural(node.args[0]) is not None
        return False
    if isinstance(node, Op):
        if node.op in ("+", "*", "/"):
            return all(_positive(a) for a in node.args)
        if node.op == "^":
            return _positive(node.args[0]) and certainly_defined(node.args[1])
    return False


def certainly_defined(node: Node) -> bool:
    """The term has a real value at every real point of its letters (conservative: False means "not shown")."""
    if isinstance(node, (Num, Var)):
        return True
    if isinstance(node, Call):
        if node.func in ("pi", "e") and not node.args:
            return True
        if node.func in _TOTAL and len(node.args) == 1:
            return certainly_defined(node.args[0])
        if node.func == "sqrt" and len(node.args) == 1:
            arg = node.args[0]
            return (isinstance(arg, Num) and arg.value >= 0) or _positive(arg)
        if node.func == "factorial" and len(node.args) == 1:
            return _natural(node.args[0]) is not None
        if node.func == "binomial" and len(node.args) == 2:
            return all(_natural(a) is not None for a in node.args)
        return False
    if isinstance(node, Op):
        if node.op in ("+", "-", "*", "neg", "pm"):
            return all(certainly_defined(a) for a in node.args)
        if node.op == "/":
            den = node.args[1]
            nonzero = (isinstance(den, Num) and den.value != 0) or _positive(den)
            return nonzero and certainly_defined(node.args[0])
        if node.op == "^":
            base, exponent = node.args
            if _natural(exponent) is not None and _natural(exponent) != 0:  # 0^0 is left to the engine
                return certainly_defined(base)
            return _positive(base) and certainly_defined(exponent)
    return False


class _Refused(Exception):
    """The term is not a polynomial over ℚ, or not within the bounds."""


def _poly(node: Node, ctx: Any, gens: dict[str, Any]) -> Any:
    import flint

    if isinstance(node, Num):
        value = node.value
        if abs(value.numerator) > MAX_NUMERAL or value.denominator > MAX_NUMERAL:
            raise _Refused
        return ctx.from_dict({(0,) * len(gens): flint.fmpq(value.numerator, value.denominator)} if value else {})
    if isinstance(node, Var):
        return gens[node.name]
    if not isinstance(node, Op):
        raise _Refused
    if node.op == "neg":
        return -_poly(node.args[0], ctx, gens)
    if node.op in ("+", "-"):
        left, right = (_poly(a, ctx, gens) for a in node.args)
        out = left + right if node.op == "+" else left - right
    elif node.op == "*":
        left, right = (_poly(a, ctx, gens) for a in node.args)
        if len(left) * len(right) > MAX_PRODUCT or left.total_degree() + right.total_degree() > MAX_DEGREE:
            raise _Refused
        out = left * right
    elif node.op == "/":
        left, right = (_poly(a, ctx, gens) for a in node.args)
        if not right.is_constant() or right.is_zero():
            raise _Refused  # a letter or a zero below the bar: the engine says where it is defined
        out = left * (1 / right.leading_coefficient())
    elif node.op == "^":
        k = _natural(node.args[1], MAX_DEGREE)
        base = _poly(node.args[0], ctx, gens)
        if k is None or (k == 0 and not (base.is_constant() and not base.is_zero())):
            raise _Refused  # a fractional, negative or huge power, or a possible 0^0
        if base.total_degree() * k > MAX_DEGREE:
            raise _Refused
        out = ctx.from_dict({(0,) * len(gens): 1})
        for _ in range(k):  # step by step, so that every product is checked before flint computes it
            if len(out) * len(base) > MAX_PRODUCT:
                raise _Refused
            out = out * base
    else:
        raise _Refused
    if len(out) > MAX_TERMS:
        raise _Refused
    return out


def _both(a: Node, b: Node) -> tuple[list[str], Any, Any] | None:
    """(the letters, a and b as polynomials in them) when both are polynomials over ℚ within the bounds."""
    import flint

    names = sorted(free_vars(a) | free_vars(b))
    if not names or len(names) > MAX_VARS:
        return None
    ctx = flint.fmpq_mpoly_ctx.get(tuple(names), "lex")
    gens = dict(zip(names, ctx.gens()))
    try:
        return names, _poly(a, ctx, gens), _poly(b, ctx, gens)
    except (_Refused, ZeroDivisionError, OverflowError, MemoryError, RecursionError):
        return None  # (RecursionError: a tree nested too deep to walk, a product of 500 factors; the engine is asked)


def _grid(count: int) -> list[Fraction]:
    """0, 1, -1, 2, -2, ...: ``count`` small integers, so that a witness reads simply."""
    values = [Fraction(0)]
    k = 1
    while len(values) < count:
        values += [Fraction(k), Fraction(-k)]
        k += 1
    return values[:count]


def polynomial_identity(a: Node, b: Node) -> tuple[str, dict[str, Any] | None] | None:
    """``("equal", None)`` or ``("different", {"point": ..., "difference": ...})`` when ``a`` and ``b`` are
    polynomials over ℚ within the bounds (as functions of their real letters); None otherwise."""
    import flint

    both = _both(a, b)
    if both is None:
        return None
    names, pa, pb = both
    difference = pa - pb
    if difference.is_zero():
        return "equal", None
    degrees = difference.degrees()
    grids = [_grid(d + 1) for d in degrees]
    for k, values in enumerate(product(*grids)):
        if k >= MAX_POINTS:
            return None
        value = difference(*(flint.fmpq(v.numerator, v.denominator) for v in values))
        if value != 0:
            point = {name: str(v) for name, v in zip(names, values)}
            return "different", {"point": point, "difference": str(value)}
    return None  # unreachable for a nonzero polynomial on a full grid; the engine decides if it ever happens


def polynomial_ratio(a: Node, b: Node) -> Fraction | None | bool:
    """The rational c ≠ 0 with a = c·b when both are polynomials within the bounds (False: they are, and no such
    c exists); None when either is not (the engine is asked instead)."""
    both = _both(a, b)
    if both is None:
        return None
    _, pa, pb = both
    if pa.is_zero() or pb.is_zero():
        return False
    c = pa.leading_coefficient() / pb.leading_coefficient()
    if (pa - pb * c).is_zero():
        return Fraction(int(c.p), int(c.q))
    return False


def linear_witness(a: Node, b: Node) -> dict[str, Any] | None:
    """A point where ``a = 0`` holds and ``b = 0`` fails, when a and b are polynomials of degree one in the same
    letters that are not proportional (two hyperplanes a = 0 and b = 0 are one only when their coefficients are
    proportional); None otherwise. Exact: the point and both values are rationals."""
    both = _both(a, b)
    if both is None:
        return None
    names, pa, pb = both
    if pa.total_degree() != 1 or pb.total_degree() != 1:
        return None
    one = (0,) * len(names)
    coeffs = []
    for p in (pa, pb):
        terms = {exps: Fraction(int(c.p), int(c.q)) for exps, c in zip(p.monoms(), p.coeffs())}
        coeffs.append(([terms.get(tuple(int(i == k) for i in range(len(names))), Fraction(0))
                        for k in range(len(names))], terms.get(one, Fraction(0))))  # fmt: skip
    (ca, a0), (cb, b0) = coeffs
    if [c != 0 for c in ca] != [c != 0 for c in cb]:
        return None  # not the same letters: x + y = 1 against x = 1 is another question (a line against a point)
    i = next(k for k, c in enumerate(ca) if c)
    base = [Fraction(0)] * len(names)
    base[i] = -a0 / ca[i]  # on a = 0
    candidates = [base]
    for j in range(len(names)):  # base + (a_j e_i - a_i e_j) stays on a = 0
        if j != i:
            step = list(base)
            step[i] += ca[j]
            step[j] -= ca[i]
            candidates.append(step)
    for point in candidates:
        value = sum((c * x for c, x in zip(cb, point)), b0)
        if value != 0:
            return {"point": {n: str(x) for n, x in zip(names, point)}, "difference": str(value)}
    return None  # proportional after all


def normal_form(node: Node) -> str:
    """A canonical text of a polynomial over ℚ (the same for equal polynomials: n - k - 1 and -1 - k + n), for the
    indices of indexed terms; ValueError when ``node`` is not one within the bounds."""
    import flint

    names = sorted(free_vars(node))
    try:
        ctx = flint.fmpq_mpoly_ctx.get(tuple(names) or ("_",), "lex")
        gens = dict(zip(names, ctx.gens())) if names else {}
        return str(_poly(node, ctx, gens))
    except _Refused:
        raise ValueError("not a polynomial within the bounds") from None
