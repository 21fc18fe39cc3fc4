"""The oracle of the answer check: LaTeX built together with its meaning, and the verdict on two meanings.

Every fragment of a generated answer comes from a combinator (:func:`num`, :func:`add`, :func:`frac`,
:func:`sqrt`, ...) that returns its LaTeX *and* an mpmath evaluator for it (a :class:`Term`); an answer of
each kind (number, expression, interval, set, tuple, 2×2 matrix) is a :class:`Side` made of such terms. The
oracle (:func:`oracle_verdict`) evaluates these meanings at 60 significant digits — at several random points
when there are variables — and says ``equal`` (all points agree within 1e-40 relative), ``different`` or
``undefined`` (some side has no real value: a division by zero, the logarithm of a non-positive number, an
even root of a negative number; for expressions, no sample point where both sides are defined). It never
reads pyverify's text and shares no code with pyverify's parser or engine.

Why the seam is here: this is the independent half of the check, and it knows nothing of random notations,
of pair categories or of pyverify, so it can be read (and trusted) on its own. The generators
(:mod:`pyverify.audit._oracle_notations`, :mod:`pyverify.audit._oracle_pairs`) build on it; the runner
(:mod:`pyverify.audit._answer_oracle`) only asks it for verdicts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterable, Literal, Mapping, Sequence

# ---------------------------------------------------------------- the oracle's arithmetic (mpmath only)

#: Significant digits of the oracle's arithmetic.
DIGITS = 60
#: Two values agree when |a - b| <= TOLERANCE * max(1, |a|, |b|). Tiny differences built by the generator
#: are at least 1e-30 relative, so the oracle separates them; its own rounding errors are near 1e-60.
TOLERANCE_EXPONENT = -40
#: Random points at which expressions in variables are evaluated.
POINTS = 6

OracleVerdict = Literal["equal", "different", "undefined"]


@lru_cache(maxsize=1)
def _mp() -> Any:
    """A private mpmath context (the global ``mpmath.mp`` is shared with sympy: never touch it)."""
    from mpmath.ctx_mp import MPContext

    ctx = MPContext()
    ctx.dps = DIGITS
    return ctx


class Undefined(ArithmeticError):
    """The oracle's value does not exist over the reals."""


Env = Mapping[str, Any]
Evaluate = Callable[[Env], Any]

# precedence of a LaTeX fragment: what it may stand next to without parentheses
SUM, PROD, POW, ATOM = 1, 2, 3, 4


@dataclass(frozen=True)
class Term:
    """A scalar LaTeX fragment and its meaning (an mpmath evaluator over an environment of variables)."""

    latex: str
    value: Evaluate = field(compare=False, repr=False)
    prec: int = ATOM
    variables: frozenset[str] = frozenset()
    signed: bool = False
    """The fragment starts with a minus sign."""
    simple: bool = False
    """A plain non-negative number literal, a variable or a constant: a power base without parentheses."""
    infinite: int = 0
    """+1 / -1 for the endpoints ∞ and -∞ of an interval (nowhere else)."""
    digit: bool = False
    """The fragment starts with a digit (never juxtaposed after another number)."""


def _q(value: Fraction) -> Any:
    mp = _mp()
    return mp.mpf(value.numerator) / value.denominator


def _div(a: Any, b: Any) -> Any:
    if b == 0:
        raise Undefined("division by zero")
    return a / b


def _sqrt(a: Any) -> Any:
    if a < 0:
        raise Undefined("square root of a negative number")
    return _mp().sqrt(a)


def _root(n: int, a: Any) -> Any:
    if a < 0:
        raise Undefined("root of a negative number")
    return _mp().root(a, n)


def _ln(a: Any) -> Any:
    if a <= 0:
        raise Undefined("logarithm of a non-positive number")
    return _mp().log(a)


def _log(base: Any, a: Any) -> Any:
    return _div(_ln(a), _ln(base))


def _power(a: Any, k: Any) -> Any:
    mp = _mp()
    if a == 0 and k <= 0:
        raise Undefined("zero to a non-positive power")
    if a < 0 and k != int(k):
        raise Undefined("negative number to a fractional power")
    return mp.power(a, k)


def _arcsin(a: Any) -> Any:
    if abs(a) > 1:
        raise Undefined("arcsin outside [-1, 1]")
    return _mp().asin(a)


def evaluate(term: Term, env: Env) -> Any:
    """The term's real value at ``env`` (raises :class:`Undefined` when it has none)."""
    mp = _mp()
    if term.infinite:
        return mp.inf if term.infinite > 0 else -mp.inf
    try:
        value = term.value(env)
    except (ZeroDivisionError, ValueError, OverflowError) as exc:
        raise Undefined(str(exc)) from None
    if isinstance(value, mp.mpc) or not mp.isfinite(value):
        raise Undefined(f"not a finite real number: {value}")
    return mp.mpf(value)


def close(a: Any, b: Any) -> bool:
    """Whether two oracle values agree (±∞ agrees only with itself)."""
    mp = _mp()
    if mp.isinf(a) or mp.isinf(b):
        return bool(a == b)
    scale = max(mp.mpf(1), abs(a), abs(b))
    return bool(abs(a - b) <= mp.mpf(10) ** TOLERANCE_EXPONENT * scale)


# ---------------------------------------------------------------- combinators: LaTeX and meaning together


def _paren(t: Term) -> str:
    return f"({t.latex})"


def num(value: Fraction | int, latex: str | None = None) -> Term:
    """A number literal; ``latex`` overrides the plain rendering (a decimal, thousands separators)."""
    q = Fraction(value)
    if latex is None:
        if q.denominator == 1:
            latex = str(q.numerator)
        else:
            latex = f"\\frac{{{abs(q.numerator)}}}{{{q.denominator}}}"
            latex = "-" + latex if q < 0 else latex
    signed = latex.startswith("-")
    return Term(latex, _constant(q), SUM if signed else ATOM, signed=signed,
                simple=not signed and q.denominator == 1, digit=latex[:1].isdigit() or latex[:1] == ".")  # fmt: skip


def _constant(q: Fraction) -> Evaluate:
    return lambda env: _q(q)


def var(name: str) -> Term:
    def value(env: Env) -> Any:
        return env[name]

    return Term(name, value, ATOM, frozenset({name}), simple=True)


def pi() -> Term:
    return Term("\\pi", lambda env: +_mp().pi, ATOM, simple=True)


def euler() -> Term:
    return Term("e", lambda env: +_mp().e, ATOM, simple=True)


def infinity(sign: int, latex: str | None = None) -> Term:
    text = latex or ("\\infty" if sign > 0 else "-\\infty")
    return Term(text, lambda env: None, ATOM, infinite=sign, signed=text.startswith("-"))


def add(a: Term, b: Term) -> Term:
    right = _paren(b) if b.signed else b.latex
    return Term(f"{a.latex} + {right}", lambda env: a.value(env) + b.value(env), SUM, a.variables | b.variables,
                signed=a.signed, digit=a.digit)  # fmt: skip


def sub(a: Term, b: Term) -> Term:
    right = _paren(b) if b.signed or b.prec <= SUM else b.latex
    return Term(f"{a.latex} - {right}", lambda env: a.value(env) - b.value(env), SUM, a.variables | b.variables,
                signed=a.signed, digit=a.digit)  # fmt: skip


def neg(a: Term) -> Term:
    inner = _paren(a) if a.signed or a.prec <= SUM else a.latex
    return Term(f"-{inner}", lambda env: -a.value(env), SUM, a.variables, signed=True)


def mul(a: Term, b: Term, sep: str = "\\cdot") -> Term:
    """``a·b``; ``sep`` is ``\\cdot``, ``\\times`` or ``""`` (juxtaposition, used only where unambiguous)."""
    left = _paren(a) if a.prec < PROD else a.latex
    if sep == "":
        # never where another reading exists: 2 3 (a thousands group), 2\frac{1}{3} (a mixed number),
        # x(x+1) (a function call), 2e (a float), xy (a word)
        ok = (not b.signed and not b.digit and b.prec >= POW and a.latex != "e"
              and not b.latex.startswith(("\\frac", "\\dfrac", "\\tfrac", "|", "e"))
              and (not b.latex.startswith("(") or left[-1:].isdigit() or left[-1:] == ")"))  # fmt: skip
        if not ok:
            sep = "\\cdot"
        elif left[-1:].isalpha() and b.latex[:1].isalpha():
            sep = " "
    if sep in ("\\cdot", "\\times"):
        right = _paren(b) if b.prec < PROD or b.signed else b.latex
        text = f"{left} {sep} {right}"
    else:
        text = f"{left}{sep}{b.latex}"
    return Term(text, lambda env: a.value(env) * b.value(env), PROD, a.variables | b.variables,
                signed=a.signed and left == a.latex, digit=a.digit)  # fmt: skip


def frac(a: Term, b: Term, style: str = "frac") -> Term:
    """``a / b`` as ``\\frac``, ``\\dfrac``, ``\\tfrac`` or a slash."""

    def value(env: Env) -> Any:
        return _div(a.value(env), b.value(env))

    if style == "slash":
        left = _paren(a) if a.prec < PROD else a.latex
        right = b.latex if b.prec == ATOM and not b.latex.startswith("\\frac") else _paren(b)
        return Term(f"{left}/{right}", value, PROD, a.variables | b.variables, signed=a.signed, digit=a.digit)
    command = {"frac": "\\frac", "dfrac": "\\dfrac", "tfrac": "\\tfrac"}[style]
    return Term(f"{command}{{{a.latex}}}{{{b.latex}}}", value, ATOM, a.variables | b.variables)


def power(base: Term, exponent: Term | int) -> Term:
    e = num(exponent) if isinstance(exponent, int) else exponent
    left = base.latex if base.simple else _paren(base)
    return Term(f"{left}^{{{e.latex}}}", lambda env: _power(base.value(env), e.value(env)), POW,
                base.variables | e.variables, digit=base.digit and base.simple)  # fmt: skip


def sqrt(a: Term, short: bool = False) -> Term:
    text = f"\\sqrt{a.latex}" if short and len(a.latex) == 1 and a.latex.isdigit() else f"\\sqrt{{{a.latex}}}"
    return Term(text, lambda env: _sqrt(a.value(env)), ATOM, a.variables)


def root(n: int, a: Term) -> Term:
    return Term(f"\\sqrt[{n}]{{{a.latex}}}", lambda env: _root(n, a.value(env)), ATOM, a.variables)


def ln(a: Term, command: str = "\\ln") -> Term:
    """The natural logarithm (``\\ln``; ``\\log`` only where the base cannot matter: at 0, 1 and negatives)."""
    arg = f" {a.latex}" if a.simple else f"\\left({a.latex}\\right)"
    return Term(f"{command}{arg}", lambda env: _ln(a.value(env)), POW, a.variables)


def log(base: int, a: Term) -> Term:
    arg = f" {a.latex}" if a.simple else f"\\left({a.latex}\\right)"
    return Term(f"\\log_{{{base}}}{arg}", lambda env: _log(_q(Fraction(base)), a.value(env)), POW, a.variables)


def trig(name: str, a: Term) -> Term:
    mp = _mp()
    funcs: dict[str, Callable[[Any], Any]] = {"sin": mp.sin, "cos": mp.cos, "tan": mp.tan, "arcsin": _arcsin}
    fn = funcs[name]
    return Term(f"\\{name}\\left({a.latex}\\right)", lambda env: fn(a.value(env)), POW, a.variables)


def absolute(a: Term) -> Term:
    return Term(f"\\left|{a.latex}\\right|", lambda env: abs(a.value(env)), ATOM, a.variables)


def exp(a: Term) -> Term:
    return power(euler(), a)


# ---------------------------------------------------------------- answers: one side of a pair

SideKind = Literal["number", "expression", "interval", "set", "tuple", "matrix"]


@dataclass(frozen=True)
class Side:
    """One answer of a pair: its LaTeX and, term by term, its meaning."""

    kind: SideKind
    latex: str
    parts: tuple[Term, ...]
    """number / expression: the term; interval: (lo, hi); set and tuple: the items; matrix: entries by rows."""
    closed: tuple[bool, bool] = (False, False)
    columns: int = 0

    @property
    def variables(self) -> frozenset[str]:
        out: frozenset[str] = frozenset()
        for part in self.parts:
            out |= part.variables
        return out


def scalar(t: Term) -> Side:
    return Side("expression" if t.variables else "number", t.latex, (t,))


def interval(lo: Term, hi: Term, closed: tuple[bool, bool], sized: bool = False) -> Side:
    left, right = ("[" if closed[0] else "("), ("]" if closed[1] else ")")
    text = f"\\left{left}{lo.latex}, {hi.latex}\\right{right}" if sized else f"{left}{lo.latex}, {hi.latex}{right}"
    return Side("interval", text, (lo, hi), closed)


def set_of(items: Sequence[Term], sized: bool = False) -> Side:
    body = ", ".join(t.latex for t in items)
    return Side("set", f"\\left\\{{{body}\\right\\}}" if sized else f"\\{{{body}\\}}", tuple(items))


def tuple_of(items: Sequence[Term], sized: bool = False) -> Side:
    body = ", ".join(t.latex for t in items)
    return Side("tuple", f"\\left({body}\\right)" if sized else f"({body})", tuple(items))


def matrix(rows: Sequence[Sequence[Term]], env: str = "pmatrix") -> Side:
    body = " \\\\ ".join(" & ".join(t.latex for t in row) for row in rows)
    return Side("matrix", f"\\begin{{{env}}} {body} \\end{{{env}}}", tuple(t for row in rows for t in row),
                columns=len(rows[0]))  # fmt: skip


# ---------------------------------------------------------------- the oracle


def _structure(side: Side, env: Env) -> tuple[Any, ...]:
    values = tuple(evaluate(t, env) for t in side.parts)
    family = "scalar" if side.kind in ("number", "expression") else side.kind
    if side.kind == "interval":
        closed = tuple(c and not t.infinite for c, t in zip(side.closed, side.parts))
        return (family, closed, values)
    if side.kind == "matrix":
        return (family, side.columns, values)
    return (family, values)


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    if a[0] != b[0]:
        return False
    family = a[0]
    if family == "set":
        return all(any(close(x, y) for y in b[1]) for x in a[1]) and all(any(close(x, y) for x in a[1]) for y in b[1])
    if family in ("interval", "matrix") and a[1] != b[1]:
        return False
    left, right = a[-1], b[-1]
    return len(left) == len(right) and all(close(x, y) for x, y in zip(left, right))


def sample_points(variables: Iterable[str], seed: int, count: int = POINTS) -> list[dict[str, Any]]:
    """``count`` random points with coordinates of absolute value in [0.1, 10] and 11 random decimals (none is
    a small integer); the first 2^n points take every sign pattern of the n variables, so that a half-line
    domain (√x) or a difference on one side only (√(x²) vs x) is always seen."""
    names = sorted(variables)
    if not names:
        return [{}]
    rng = random.Random(seed)
    mp = _mp()
    points = []
    for i in range(count):
        point = {}
        for j, name in enumerate(names):
            sign = (-1 if (i >> j) & 1 else 1) if i < 2 ** len(names) else rng.choice((1, -1))
            point[name] = sign * mp.mpf(rng.randint(10**10, 10**12)) / 10**11
        points.append(point)
    return points


@dataclass(frozen=True)
class Judgement:
    """The oracle's verdict on a pair, with the point that decided it."""

    verdict: OracleVerdict
    detail: str = ""


def oracle_verdict(reference: Side, candidate: Side, *, seed: int = 0, points: int = POINTS) -> Judgement:
    """``equal``, ``different`` or ``undefined``, by evaluating both meanings with mpmath.

    Constants are evaluated once; answers in variables at ``points`` random points, skipping the points where
    either side is undefined. No point where both are defined: ``undefined``. Any point where they differ:
    ``different`` (with the point).
    """
    variables = reference.variables | candidate.variables
    usable, undefined = 0, ""
    for batch in (sample_points(variables, seed, points), sample_points(variables, seed + 1, 4 * points)):
        for env in batch:
            try:
                a = _structure(reference, env)
                b = _structure(candidate, env)
            except Undefined as exc:
                undefined = str(exc)
                continue
            usable += 1
            if not _same(a, b):
                where = ", ".join(f"{k} = {_mp().nstr(v, 12)}" for k, v in env.items())
                return Judgement("different", f"they differ at {where}" if where else "their values differ")
        if usable or not variables:  # more points only when none of the first ones is usable
            break
    if usable == 0:
        return Judgement("undefined", undefined or "no point where both are defined")
    return Judgement("equal", f"agree at {usable} points" if variables else "")
