"""Answer equivalence checked against an independent oracle, and a hostile "universal key" corpus.

Two checks of :func:`pyverify.answers.equivalent_answers` (run by ``pyverify audit self``, by the tests at a
small size and by ``benchmarks/answer_oracle_bench.py`` at full size):

* **The oracle check** (:func:`run_oracle`). A seeded generator writes answer pairs as LaTeX (integers,
  fractions, decimals, radicals, π/e expressions, intervals, sets, tuples, 2×2 matrices, expressions in
  ``x`` and ``y``, undefined values, pairs built to differ by tiny amounts, and rewritten-equal pairs in other
  notations). Every side is built *together with its own meaning*: each LaTeX fragment comes from a
  combinator that also returns an mpmath evaluator for it. The oracle (:func:`oracle_verdict`) evaluates
  these meanings at 60 significant digits — at several random points when there are variables — and says
  ``equal`` (all points agree within 1e-40 relative), ``different`` or ``undefined`` (some side has no real
  value: a division by zero, the logarithm of a non-positive number, an even root of a negative number; for
  expressions, no sample point where both sides are defined). It never reads pyverify's text and shares no
  code with pyverify's parser or engine. Soundness failures: pyverify says ``equal`` where the oracle
  separates the answers or a side is undefined; pyverify says ``different`` (claiming a witness) where the
  oracle finds them equal; pyverify says ``undefined`` where both sides have values.
* **The universal-key check** (:func:`run_universal_key`). At least 10,000 hostile or odd candidate strings
  built combinatorially (prose, units, undefined values, many boxes, huge exponents, nested and unbalanced
  braces, Unicode look-alikes, zero-width characters, TeX primitives, NUL bytes, very long strings) are
  compared with a panel of pairwise-different references. No candidate may equal two references; no call
  may raise or overrun its deadline. Candidates are parsed once first; one that is ``unparsed`` or
  ``ambiguous`` can never be equal and is not compared. Nothing is evaluated in this process: every engine
  call goes through ``equivalent_answers``, which runs the engines in the isolated worker.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from functools import lru_cache, partial
from typing import Any, Callable, Iterable, Iterator, Literal, Mapping, Sequence

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


# ---------------------------------------------------------------- notations


def _fraction(rng: random.Random, top: int = 30, den: int = 12) -> Fraction:
    while True:
        q = Fraction(rng.randint(-top, top), rng.randint(2, den))
        if q.denominator > 1:
            return q


def _terminating(q: Fraction) -> bool:
    d = q.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def _decimal(q: Fraction, digits: int | None = None) -> str:
    """The exact decimal of a terminating fraction (or ``digits`` truncated decimals of any fraction)."""
    sign = "-" if q < 0 else ""
    q = abs(q)
    whole, rest = divmod(q.numerator, q.denominator)
    out = []
    count = 0
    while rest and (digits is None or count < digits):
        rest *= 10
        d, rest = divmod(rest, q.denominator)
        out.append(str(d))
        count += 1
    if digits is not None:
        out += ["0"] * (digits - count)
    return f"{sign}{whole}" + (f".{''.join(out)}" if out else "")


def _thousands(n: int, rng: random.Random) -> str:
    groups = f"{abs(n):,}".split(",")
    sep = rng.choice(["\\,", "{,}", " ", ",\\!"])
    return ("-" if n < 0 else "") + sep.join(groups)


def integer_term(n: int, rng: random.Random, fancy: bool = True) -> Term:
    """The integer ``n`` in one of several notations (a sum or product that is ``n``, a power, …)."""
    styles = ["plain"]
    if fancy:
        styles += ["frac", "slash", "sum", "product", "point-zero"]
        if n >= 0:
            styles.append("sqrt")
        if n > 1 and n & (n - 1) == 0:
            styles.append("power2")
        if n >= 10 and str(n).strip("0") == "1":
            styles.append("power10")
    style = rng.choice(styles)
    if style == "frac":
        k = rng.randint(2, 9)
        return frac(num(n * k), num(k), rng.choice(["frac", "dfrac"]))
    if style == "slash":
        k = rng.randint(2, 9)
        return frac(num(n * k), num(k), "slash")
    if style == "sum":
        a = rng.randint(-20, 20)
        return add(num(a), num(n - a)) if n - a >= 0 else sub(num(a), num(a - n))
    if style == "product" and n % 2 == 0 and n:
        return mul(num(2), num(n // 2) if n > 0 else num(n // 2), rng.choice(["\\cdot", "\\times"]))
    if style == "point-zero":
        return num(n, f"{n}.{'0' * rng.randint(1, 3)}")
    if style == "sqrt":
        return sqrt(num(n * n))
    if style == "power2":
        return power(num(2), n.bit_length() - 1)
    if style == "power10":
        return power(num(10), len(str(n)) - 1)
    return num(n)


def rational_term(q: Fraction, rng: random.Random, fancy: bool = True) -> Term:
    """The rational ``q`` in one of several notations that combine with others (no mixed numbers here)."""
    if q.denominator == 1:
        return integer_term(q.numerator, rng, fancy)
    p, d = abs(q.numerator), q.denominator
    styles = ["frac", "dfrac", "slash"]
    if fancy:
        styles += ["unreduced", "tfrac"]
        if _terminating(q):
            styles += ["decimal", "decimal"]
    style = rng.choice(styles)
    if style == "decimal":
        return num(q, _decimal(q))
    if style == "unreduced":
        k = rng.randint(2, 7)
        body = frac(num(p * k), num(d * k))
    elif style == "slash":
        body = frac(num(p), num(d), "slash")
    else:
        short = style == "frac" and p < 10 and d < 10 and rng.random() < 0.3
        body = Term(f"\\frac{p}{d}", _constant(Fraction(p, d))) if short else frac(num(p), num(d), style)
    if q > 0:
        return body
    if style != "slash" and rng.random() < 0.3:
        return frac(num(-p), num(d), "frac")  # \frac{-p}{d}
    return neg(body)


def number_side(q: Fraction, rng: random.Random, fancy: bool = True) -> Side:
    """A standalone number: also thousands separators (``1\\,000``) and mixed numbers (``4 4/9``)."""
    if fancy and q.denominator == 1 and abs(q) >= 1000 and rng.random() < 0.3:
        return scalar(num(q, _thousands(q.numerator, rng)))
    if fancy and q.denominator > 1 and q > 1 and rng.random() < 0.15:
        whole, rest = divmod(q.numerator, q.denominator)
        return scalar(num(q, f"{whole} {rest}/{q.denominator}"))
    return scalar(rational_term(q, rng, fancy))


def _squarefree(rng: random.Random) -> int:
    return rng.choice([2, 3, 5, 6, 7, 10, 11, 13, 14, 15, 17, 19, 21, 22, 23, 26, 29, 30])


def radical_term(c: Fraction, b: int, rng: random.Random) -> Term:
    """``c·√b`` (b square-free, c ≠ 0) in one of several notations."""
    rb = sqrt(num(b), short=rng.random() < 0.3)
    styles = ["coef", "cdot"]
    if c > 0 and c.denominator == 1:
        styles += ["inside", "inside", "rationalized"]
    if c.denominator > 1:
        styles += ["over", "inside-frac"]
    style = rng.choice(styles)
    if style == "inside":
        return sqrt(num(c * c * b))
    if style == "rationalized":  # c√b = c·b / √b
        return frac(num(c * b), sqrt(num(b)))
    if style == "over" and c > 0:
        return frac(mul(num(c.numerator), rb, "") if c.numerator != 1 else rb, num(c.denominator))
    if style == "inside-frac" and c > 0:
        return sqrt(frac(num(c.numerator**2 * b), num(c.denominator**2)))
    if c == 1:
        return rb
    if c == -1:
        return neg(rb)
    coefficient = rational_term(c, rng, fancy=False)
    return mul(coefficient, rb, "" if style == "coef" else "\\cdot")


def _value_term(rng: random.Random) -> tuple[Fraction, int, Term]:
    """A random rational or radical (q, b, a notation): value q·√b (b = 1 for a rational)."""
    if rng.random() < 0.7:
        q = Fraction(rng.randint(-20, 20)) if rng.random() < 0.6 else _fraction(rng)
        return q, 1, rational_term(q, rng)
    c = Fraction(rng.choice([1, 1, 2, 3, -1, -2])) if rng.random() < 0.8 else _fraction(rng, 5, 4)
    b = _squarefree(rng)
    return c, b, radical_term(c, b, rng)


def _renotate(q: Fraction, b: int, rng: random.Random) -> Term:
    return rational_term(q, rng) if b == 1 else radical_term(q, b, rng)


# ---------------------------------------------------------------- pair generators by category

Intent = Literal["equal", "different", "undefined"]
Made = tuple[Intent, Side, Side, str]


def _integers(rng: random.Random) -> Made:
    n = rng.choice([rng.randint(-50, 50), rng.randint(-10**6, 10**6), 2 ** rng.randint(1, 70),
                    10 ** rng.randint(1, 12), rng.randint(1000, 99999)])  # fmt: skip
    if rng.random() < 0.5:
        return "equal", number_side(Fraction(n), rng, fancy=False), number_side(Fraction(n), rng), "notation"
    m = rng.choice([n + 1, n - 1, -n if n else 1, 10 * n if n else 10, n + rng.randint(2, 100)])
    return "different", number_side(Fraction(n), rng, fancy=False), number_side(Fraction(m), rng), "other integer"


def _fractions(rng: random.Random) -> Made:
    q = _fraction(rng, 60, 16)
    if rng.random() < 0.5:
        return "equal", number_side(q, rng), number_side(q, rng), "notation"
    p, d = q.numerator, q.denominator
    choices = [Fraction(p, d + 1), Fraction(p + 1, d), -q]
    if p:
        choices.append(Fraction(d, p))
    if not _terminating(q):
        k = rng.randint(2, 20)
        return "different", number_side(q, rng), scalar(num(Fraction(_decimal(q, k)), _decimal(q, k))), "rounded"
    other = rng.choice([c for c in choices if c != q])
    return "different", number_side(q, rng), number_side(other, rng), "other fraction"


def _decimals(rng: random.Random) -> Made:
    k = rng.randint(1, 6)
    q = Fraction(rng.randint(-10**k * 20, 10**k * 20), 10**k)
    text = _decimal(q)
    style = rng.random()
    if style < 0.2 and "." in text:
        cand = num(q, text + "0" * rng.randint(1, 3))
    elif style < 0.3 and text.startswith("0."):
        cand = num(q, text[1:])
    elif style < 0.4 and q and abs(q) >= 10:
        e = rng.randint(1, 3)
        mantissa = q / 10**e
        cand = mul(num(mantissa, _decimal(mantissa)), power(num(10), e), "\\times")
    else:
        cand = rational_term(q, rng, fancy=rng.random() < 0.5)
    ref = scalar(num(q, text))
    if rng.random() < 0.55:
        return "equal", ref, scalar(cand), "notation"
    shift = Fraction(rng.choice([1, -1]), 10 ** rng.randint(1, k + 3))
    other = rng.choice([q + shift, q * 10, q / 10 if q else Fraction(1, 10), -q if q else shift])
    return "different", ref, scalar(num(other, _decimal(other))), "other decimal"


_RADICAL_IDENTITIES: tuple[Callable[[random.Random], tuple[Term, Term]], ...] = (
    lambda r: (power(add(num(1), sqrt(num(2))), 2), add(num(3), mul(num(2), sqrt(num(2)), ""))),
    lambda r: (add(sqrt(num(2)), sqrt(num(3))), sqrt(add(num(5), mul(num(2), sqrt(num(6)), "")))),
    lambda r: (frac(num(1), add(sqrt(num(2)), num(1))), sub(sqrt(num(2)), num(1))),
    lambda r: (frac(num(1), sqrt(num(3))), frac(sqrt(num(3)), num(3))),
    lambda r: (root(3, num(27)), num(3)),
    lambda r: (root(3, num(16)), mul(num(2), root(3, num(2)), "")),
    lambda r: (root(4, num(16)), num(2)),
    lambda r: (mul(sqrt(num(6)), sqrt(num(15)), "\\cdot"), mul(num(3), sqrt(num(10)), "")),
    lambda r: (sqrt(frac(num(1), num(2))), frac(sqrt(num(2)), num(2))),
    lambda r: (power(sqrt(num(5)), 2), num(5)),
)


def _radicals(rng: random.Random) -> Made:
    if rng.random() < 0.25:
        left, right = rng.choice(_RADICAL_IDENTITIES)(rng)
        return "equal", scalar(left), scalar(right), "identity"
    c = Fraction(rng.randint(1, 9)) if rng.random() < 0.7 else _fraction(rng, 9, 5)
    c = c if c > 0 else -c if c else Fraction(1)
    if rng.random() < 0.1:
        c = -c
    b = _squarefree(rng)
    ref = radical_term(c, b, rng)
    if rng.random() < 0.5:
        return "equal", scalar(ref), scalar(radical_term(c, b, rng)), "notation"
    kind = rng.randrange(4)
    if kind == 0:
        return "different", scalar(ref), scalar(radical_term(c + 1, b, rng)), "other coefficient"
    if kind == 1:
        b2 = rng.choice([x for x in (2, 3, 5, 6, 7, 10, 11) if x != b])
        return "different", scalar(ref), scalar(radical_term(c, b2, rng)), "other radicand"
    if kind == 2:
        return "different", scalar(ref), scalar(root(3, num(b))), "cube root"
    digits = rng.randint(8, 25)
    approx = _mp().nstr(_q(c) * _mp().sqrt(b), digits, strip_zeros=False)
    return "different", scalar(ref), scalar(num(Fraction(approx), approx)), f"{digits}-digit decimal"


def _pi_multiple(q: Fraction, rng: random.Random) -> Term:
    p = pi()
    style = rng.randrange(4)
    if q == 1:
        return p
    if q.denominator == 1:
        return mul(num(q), p, rng.choice(["", "\\cdot"]))
    if style == 0 and q > 0:
        return frac(mul(num(q.numerator), p, "") if q.numerator != 1 else p, num(q.denominator))
    if style == 1 and q > 0:
        return frac(mul(num(q.numerator), p, "") if q.numerator != 1 else p, num(q.denominator), "slash")
    return mul(rational_term(q, rng, fancy=False), p, rng.choice(["", "\\cdot"]))


def _pi_e(rng: random.Random) -> Made:
    k = rng.randint(2, 6)
    equal: list[tuple[Term, Term]] = [
        (mul(num(2), pi(), ""), add(pi(), pi())),
        (power(pi(), 2), mul(pi(), pi())),
        (power(euler(), 2), mul(euler(), euler())),
        (exp(ln(num(k))), num(k)),
        (ln(power(euler(), k)), num(k)),
        (log(2, num(2**k)), num(k)),
        (trig("sin", frac(pi(), num(6))), frac(num(1), num(2))),
        (trig("cos", frac(pi(), num(3))), num(Fraction(1, 2), "0.5")),
        (trig("sin", frac(pi(), num(4))), frac(sqrt(num(2)), num(2))),
        (trig("tan", frac(pi(), num(4))), num(1)),
        (trig("cos", pi()), num(-1)),
        (power(euler(), add(num(1), num(1))), power(euler(), 2)),
    ]
    different: list[tuple[Term, Term]] = [
        (pi(), frac(num(22), num(7))),
        (pi(), num(Fraction("3.14"), "3.14")),
        (euler(), num(Fraction("2.718"), "2.718")),
        (power(pi(), 2), num(Fraction("9.8696"), "9.8696")),
        (power(euler(), pi()), power(pi(), euler())),
        (frac(pi(), num(2)), frac(pi(), num(3))),
        (trig("sin", frac(pi(), num(6))), frac(sqrt(num(3)), num(2))),
        (mul(num(2), pi(), ""), power(pi(), 2)),
        (exp(ln(num(k))), num(k + 1)),
        (add(pi(), euler()), num(Fraction("5.86"), "5.86")),
    ]
    choice = rng.random()
    if choice < 0.35:
        q = _fraction(rng, 12, 8) if rng.random() < 0.6 else Fraction(rng.randint(1, 12))
        q = q if q else Fraction(1)
        return "equal", scalar(_pi_multiple(q, rng)), scalar(_pi_multiple(q, rng)), "multiple of π"
    if choice < 0.5:
        q = _fraction(rng, 12, 8)
        q = q if q else Fraction(1, 2)
        other = rng.choice([q + 1, -q, q * 2, 1 / q])
        return "different", scalar(_pi_multiple(q, rng)), scalar(_pi_multiple(other, rng)), "other multiple of π"
    if choice < 0.78:
        a, b = rng.choice(equal)
        return ("equal", scalar(a), scalar(b), "identity") if rng.random() < 0.5 else ("equal", scalar(b), scalar(a),
                                                                                          "identity")  # fmt: skip
    a, b = rng.choice(different)
    return "different", scalar(a), scalar(b), "close value"


def _endpoint(rng: random.Random) -> tuple[Fraction, int]:
    if rng.random() < 0.8:
        q = Fraction(rng.randint(-20, 20)) if rng.random() < 0.6 else _fraction(rng, 20, 6)
        return q, 1
    return Fraction(rng.randint(1, 3)), _squarefree(rng)


def _approx(q: Fraction, b: int) -> float:
    return float(q) * (b**0.5)


def _intervals(rng: random.Random) -> Made:
    (q1, b1), (q2, b2) = _endpoint(rng), _endpoint(rng)
    while abs(_approx(q1, b1) - _approx(q2, b2)) < 1e-9:
        q2, b2 = _endpoint(rng)
    if _approx(q1, b1) > _approx(q2, b2):
        (q1, b1), (q2, b2) = (q2, b2), (q1, b1)
    lo_inf = rng.random() < 0.15
    hi_inf = rng.random() < 0.15 and not lo_inf
    closed = (rng.random() < 0.5 and not lo_inf, rng.random() < 0.5 and not hi_inf)

    def end(q: Fraction, b: int, sign: int, fresh: bool) -> Term:
        if sign:
            return infinity(sign, rng.choice(["\\infty", "+\\infty"]) if fresh and sign > 0 else None)
        if fresh:
            return _renotate(q, b, rng)
        return rational_term(q, rng, fancy=False) if b == 1 else radical_term(q, b, rng)

    def ends(fresh: bool) -> tuple[Term, Term]:
        return end(q1, b1, -lo_inf, fresh), end(q2, b2, hi_inf, fresh)

    ref = interval(*ends(False), closed)
    if rng.random() < 0.5:
        return "equal", ref, interval(*ends(True), closed, sized=rng.random() < 0.3), "notation"
    lo, hi = ends(True)
    kind = rng.randrange(3)
    if kind == 0 and not (lo_inf and hi_inf):
        flip = 0 if not lo_inf and (hi_inf or rng.random() < 0.5) else 1
        new = (not closed[0], closed[1]) if flip == 0 else (closed[0], not closed[1])
        return "different", ref, interval(lo, hi, new), "other bracket"
    if kind == 1 and not hi_inf:
        return "different", ref, interval(lo, add(hi, num(1)) if b2 == 1 else num(q2 * 100), closed), "other endpoint"
    if kind == 2 and not lo_inf and not hi_inf:
        return "different", ref, set_of([lo, hi]), "set of the endpoints"
    if hi_inf:
        return "different", ref, interval(infinity(-1), hi, (False, closed[1])), "unbounded below"
    return "different", ref, interval(lo, infinity(1), (closed[0], False)), "unbounded above"


def _distinct_values(rng: random.Random, count: int) -> list[tuple[Fraction, int]]:
    out: list[tuple[Fraction, int]] = []
    while len(out) < count:
        q, b, _ = _value_term(rng)
        if all(abs(_approx(q, b) - _approx(q2, b2)) > 1e-9 for q2, b2 in out):
            out.append((q, b))
    return out


def _sets(rng: random.Random) -> Made:
    values = _distinct_values(rng, rng.randint(2, 4))
    ref = set_of([_renotate(q, b, rng) for q, b in values])
    if rng.random() < 0.5:
        shuffled = values[:]
        rng.shuffle(shuffled)
        if rng.random() < 0.1:
            shuffled.append(shuffled[0])  # a repeated element: the same set
        return "equal", ref, set_of([_renotate(q, b, rng) for q, b in shuffled], rng.random() < 0.3), "reordered"
    kind = rng.randrange(3)
    changed = values[:]
    if kind == 0:
        i = rng.randrange(len(changed))
        q, b = changed[i]
        changed[i] = (q + 1, b) if b == 1 else (q * 2, b)
        # the new value may collide with another element: the oracle decides
        note = "one element changed"
    elif kind == 1:
        changed.pop(rng.randrange(len(changed)))
        note = "one element dropped"
    else:
        changed += _distinct_values(rng, 1)
        note = "one element added"
    rng.shuffle(changed)
    return "different", ref, set_of([_renotate(q, b, rng) for q, b in changed]), note


def _tuples(rng: random.Random) -> Made:
    values = _distinct_values(rng, rng.randint(2, 3))
    ref = tuple_of([_renotate(q, b, rng) for q, b in values])
    if rng.random() < 0.5:
        return "equal", ref, tuple_of([_renotate(q, b, rng) for q, b in values], rng.random() < 0.3), "notation"
    changed = values[:]
    if rng.random() < 0.5:
        i, j = rng.sample(range(len(changed)), 2)
        changed[i], changed[j] = changed[j], changed[i]
        note = "two items swapped"
    else:
        i = rng.randrange(len(changed))
        q, b = changed[i]
        changed[i] = (q - 1, b)
        note = "one item changed"
    return "different", ref, tuple_of([_renotate(q, b, rng) for q, b in changed]), note


def _matrices(rng: random.Random) -> Made:
    values = [_value_term(rng)[:2] for _ in range(4)]
    envs = ["pmatrix", "bmatrix"]

    def build(vals: Sequence[tuple[Fraction, int]]) -> Side:
        terms = [_renotate(q, b, rng) for q, b in vals]
        return matrix([terms[:2], terms[2:]], rng.choice(envs))

    ref = build(values)
    if rng.random() < 0.5:
        return "equal", ref, build(values), "notation"
    kind = rng.randrange(3)
    if kind == 0:
        i = rng.randrange(4)
        q, b = values[i]
        changed = values[:i] + [(q + 1, b)] + values[i + 1 :]
        return "different", ref, build(changed), "one entry changed"
    if kind == 1:
        return "different", ref, build([values[0], values[2], values[1], values[3]]), "transposed"
    return "different", ref, build(values[2:] + values[:2]), "rows swapped"


def _poly(coefficients: Mapping[tuple[int, int], Fraction], rng: random.Random) -> Term:
    """Σ c·x^i·y^j in expanded form (terms in the order given)."""
    x, y = var("x"), var("y")
    out: Term | None = None
    for (i, j), c in coefficients.items():
        if c == 0:
            continue
        factors = ([power(x, i) if i > 1 else x] if i else []) + ([power(y, j) if j > 1 else y] if j else [])
        monomial: Term | None = None
        for f in factors:
            monomial = f if monomial is None else mul(monomial, f, rng.choice(["", "\\cdot"]))
        size = abs(c)
        if monomial is None:
            term = rational_term(size, rng, fancy=False)
        elif size == 1:
            term = monomial
        else:
            term = mul(rational_term(size, rng, fancy=False), monomial, "")
        if out is None:
            out = neg(term) if c < 0 else term
        else:
            out = sub(out, term) if c < 0 else add(out, term)
    return out if out is not None else num(0)


def _expressions(rng: random.Random) -> Made:
    x, y = var("x"), var("y")
    a, b = rng.randint(-9, 9) or 1, rng.randint(-9, 9) or 2

    def lin(v: Term, c: int) -> Term:
        return add(v, num(c)) if c >= 0 else sub(v, num(-c))

    kind = rng.randrange(13)
    if kind == 0:
        ref = power(lin(x, a), 2)
        cand = _poly({(2, 0): Fraction(1), (1, 0): Fraction(2 * a), (0, 0): Fraction(a * a)}, rng)
    elif kind == 1:
        ref = mul(Term(_paren(lin(x, a)), lin(x, a).value, ATOM, frozenset({"x"})),
                  Term(_paren(lin(x, b)), lin(x, b).value, ATOM, frozenset({"x"})), "")  # fmt: skip
        cand = _poly({(2, 0): Fraction(1), (1, 0): Fraction(a + b), (0, 0): Fraction(a * b)}, rng)
    elif kind == 2:
        ref = mul(Term(_paren(lin(x, a)), lin(x, a).value, ATOM, frozenset({"x"})),
                  Term(_paren(lin(y, b)), lin(y, b).value, ATOM, frozenset({"y"})), "")  # fmt: skip
        cand = _poly({(1, 1): Fraction(1), (1, 0): Fraction(b), (0, 1): Fraction(a), (0, 0): Fraction(a * b)}, rng)
    elif kind == 3:
        ref = frac(_poly({(2, 0): Fraction(1), (0, 0): Fraction(-a * a)}, rng), lin(x, -a))
        cand = lin(x, a)  # equal where defined (x ≠ a)
    elif kind == 4:
        k = rng.randint(2, 9)
        ref = mul(num(k), Term(_paren(lin(x, a)), lin(x, a).value, ATOM, frozenset({"x"})), "")
        cand = _poly({(1, 0): Fraction(k), (0, 0): Fraction(k * a)}, rng)
    elif kind == 5:
        terms = {(2, 0): Fraction(rng.randint(-5, 5) or 1), (1, 1): Fraction(rng.randint(-5, 5)),
                 (0, 1): Fraction(rng.randint(-5, 5)), (0, 0): Fraction(rng.randint(-9, 9))}  # fmt: skip
        ref = _poly(terms, rng)
        items = list(terms.items())
        rng.shuffle(items)
        cand = _poly(dict(items), rng)
    elif kind == 6:
        ref, cand = sqrt(power(x, 2)), absolute(x)
        if rng.random() < 0.5:
            return "different", scalar(ref), scalar(x), "√(x²) is |x|"
    elif kind == 7:
        ref = add(frac(num(1), lin(x, -1)), num(1))
        cand = frac(x, lin(x, -1))
    elif kind == 8:
        ref = mul(mul(num(2), x, ""), mul(num(3), y, ""), "\\cdot")
        cand = mul(num(6), mul(x, y, " "), "")
    elif kind == 9:
        ref = sqrt(x)
        cand = power(x, frac(num(1), num(2)))  # both defined for x >= 0
    elif kind == 10:
        ref, cand = ln(power(x, 2)), mul(num(2), ln(x), "")  # equal where both are defined (x > 0)
    elif kind == 11:
        ref, cand = frac(x, x), num(1)  # equal where defined (x ≠ 0)
    else:
        ref, cand = mul(sqrt(x), sqrt(x), rng.choice(["", "\\cdot"])), x  # equal for x >= 0
    if rng.random() < 0.5:
        return "equal", scalar(ref), scalar(cand), "rewritten"
    change = rng.randrange(4)
    if change == 0:
        return "different", scalar(ref), scalar(add(cand, num(1))), "plus one"
    if change == 1:
        return "different", scalar(ref), scalar(neg(cand)), "negated"
    if change == 2:
        return "different", scalar(ref), scalar(mul(cand, x, "\\cdot")), "times x"
    return "different", scalar(ref), scalar(sub(cand, y)), "minus y"


def _undefined_terms(rng: random.Random) -> Term:
    x = var("x")
    options: list[Callable[[], Term]] = [
        lambda: frac(num(0), num(0), rng.choice(["frac", "slash"])),
        lambda: frac(num(rng.randint(1, 9)), num(0), rng.choice(["frac", "slash"])),
        lambda: ln(num(0), rng.choice(["\\log", "\\ln"])),
        lambda: sqrt(num(-rng.randint(1, 9))),
        lambda: frac(x, num(0)),
        lambda: power(num(0), -1),
        lambda: frac(num(3), sub(num(2), num(2))),
        lambda: ln(num(-rng.randint(1, 5))),
        lambda: add(x, frac(num(1), num(0))),
        lambda: sqrt(sub(neg(power(x, 2)), num(1))),
        lambda: frac(num(1), sub(x, x)),
        lambda: trig("arcsin", num(2)),
        lambda: mul(x, frac(num(0), num(0), "slash"), " "),
        lambda: add(num(rng.randint(1, 20)), sqrt(num(-1))),
        lambda: log(2, num(0)),
        # zeros and negatives that are not written as literals: only arithmetic finds them
        lambda: frac(num(1), sub(sqrt(num(2)), sqrt(num(2)))),
        lambda: ln(sub(num(1), num(1))),
        lambda: sqrt(sub(num(1), num(rng.randint(2, 9)))),
        lambda: frac(x, sub(x, x)),
        lambda: power(sub(num(2), num(2)), -1),
        lambda: log(1, num(rng.randint(2, 9))),
    ]
    return rng.choice(options)()


def _undefined(rng: random.Random) -> Made:
    bad = _undefined_terms(rng)
    kind = rng.randrange(7)
    if kind == 0:
        other = bad if rng.random() < 0.5 else _undefined_terms(rng)
        return "undefined", scalar(bad), scalar(other), "both undefined"
    if kind == 1:
        _, _, good = _value_term(rng)
        return "undefined", scalar(good), scalar(bad), "undefined candidate"
    if kind == 2:
        good = rng.choice([_poly({(2, 0): Fraction(1), (0, 0): Fraction(1)}, rng), var("x"), num(rng.randint(-9, 17))])
        return "undefined", scalar(good), scalar(bad), "undefined candidate"
    if kind == 3:
        values = [_value_term(rng)[2] for _ in range(2)]
        return "undefined", set_of(values), set_of([*values, bad]), "set with an undefined element"
    if kind == 4:
        lo = num(rng.randint(-5, 0))
        return "undefined", interval(lo, num(1), (True, False)), interval(lo, bad, (True, False)), "undefined endpoint"
    if kind == 5:
        entries = [_value_term(rng)[2] for _ in range(4)]
        broken = entries[:3] + [bad]
        return "undefined", matrix([entries[:2], entries[2:]]), matrix([broken[:2], broken[2:]]), "undefined entry"
    return "undefined", scalar(bad), scalar(_value_term(rng)[2]), "undefined reference"


def _tiny(rng: random.Random) -> Made:
    x = var("x")
    k = rng.randint(15, 30)
    digits = rng.randint(12, 25)
    mp = _mp()
    fixed: list[tuple[Term, Term, str]] = [
        (frac(num(1), power(num(2), 60)), frac(num(1), power(num(2), 61)), "1/2^60 vs 1/2^61"),
        (power(num(2), -60), power(num(2), -61), "2^-60 vs 2^-61"),
        (sqrt(num(2)), num(Fraction("1.41421356237310"), "1.41421356237310"), "√2 vs 15 digits"),
        (pi(), frac(num(355), num(113)), "π vs 355/113"),
        (euler(), num(Fraction("2.718281828459045"), "2.718281828459045"), "e vs 16 digits"),
        (add(power(x, 2), num(1)), add(add(power(x, 2), num(1)), power(num(10), -30)), "x²+1 vs x²+1+10^-30"),
        (exp(mul(pi(), sqrt(num(163)), "")), add(power(num(640320), 3), num(744)), "e^(π√163) vs 640320³+744"),
        (power(num(10), 20), add(power(num(10), 20), num(1)), "10^20 vs 10^20+1"),
        (frac(num(1), num(3)), num(Fraction("0.333333333333333333"), "0.333333333333333333"), "1/3 vs 18 threes"),
    ]
    if rng.random() < 0.3:
        left, right, note = rng.choice(fixed)
        return "different", scalar(left), scalar(right), note
    kind = rng.randrange(4)
    if kind == 0:
        q = _fraction(rng)
        return "different", scalar(rational_term(q, rng)), scalar(add(rational_term(q, rng, False),
                                                                       power(num(10), -k))), f"plus 10^-{k}"  # fmt: skip
    if kind == 1:
        b = _squarefree(rng)
        text = mp.nstr(mp.sqrt(b), digits, strip_zeros=False)
        return "different", scalar(sqrt(num(b))), scalar(num(Fraction(text), text)), f"√{b} vs {digits} digits"
    if kind == 2:
        const, name = (pi(), "π") if rng.random() < 0.5 else (euler(), "e")
        text = mp.nstr(const.value({}), digits, strip_zeros=False)
        return "different", scalar(const), scalar(num(Fraction(text), text)), f"{name} vs {digits} digits"
    n = rng.randint(40, 90)
    left, right = frac(num(1), power(num(2), n)), frac(num(1), power(num(2), n + 1))
    return "different", scalar(left), scalar(right), f"1/2^{n} vs 1/2^{n + 1}"


def _kinds(rng: random.Random) -> Made:
    """Different kinds with the same numbers: a set, a tuple, a closed interval, a list of one matrix row."""
    values = _distinct_values(rng, 2)
    values.sort(key=lambda v: _approx(*v))
    terms = [_renotate(q, b, rng) for q, b in values]
    sides = [set_of(terms), interval(terms[0], terms[1], (True, True)),
             matrix([terms], rng.choice(["pmatrix", "bmatrix"]))]  # fmt: skip
    a, b = rng.sample(sides, 2)
    return "different", a, b, f"{a.kind} vs {b.kind}"


#: The categories of :func:`generate_pairs` and their weights.
CATEGORIES: dict[str, tuple[Callable[[random.Random], Made], int]] = {
    "integer": (_integers, 8),
    "fraction": (_fractions, 9),
    "decimal": (_decimals, 7),
    "radical": (_radicals, 10),
    "pi-e": (_pi_e, 9),
    "interval": (_intervals, 8),
    "set": (_sets, 8),
    "tuple": (_tuples, 6),
    "matrix": (_matrices, 6),
    "expression": (_expressions, 12),
    "undefined": (_undefined, 10),
    "tiny": (_tiny, 8),
    "kinds": (_kinds, 2),
}


@dataclass(frozen=True)
class AnswerPair:
    """A generated pair: two answers, each with its meaning; ``intent`` is what the generator meant (the
    verdict that counts is the oracle's)."""

    index: int
    category: str
    intent: Intent
    reference: Side
    candidate: Side
    note: str = ""


def generate_pairs(n: int, seed: int = 0) -> list[AnswerPair]:
    """``n`` distinct answer pairs (by their text), deterministic for a seed."""
    rng = random.Random(seed)
    names = list(CATEGORIES)
    weights = [CATEGORIES[k][1] for k in names]
    out: list[AnswerPair] = []
    seen: set[tuple[str, str]] = set()
    attempts = 0
    while len(out) < n and attempts < 50 * n + 100:
        attempts += 1
        category = rng.choices(names, weights)[0]
        intent, ref, cand, note = CATEGORIES[category][0](rng)
        if rng.random() < 0.5 and intent != "undefined" and category != "tiny":
            ref, cand = cand, ref
        key = (ref.latex, cand.latex)
        if key in seen:
            continue
        seen.add(key)
        out.append(AnswerPair(len(out), category, intent, ref, cand, note))
    return out


def judge(pair: AnswerPair, seed: int = 0) -> Judgement:
    """The oracle's verdict on a generated pair (its points depend on the seed and the pair's index)."""
    return oracle_verdict(pair.reference, pair.candidate, seed=seed * 1_000_003 + pair.index)


# ---------------------------------------------------------------- running pyverify against the oracle

#: Seconds a call may take beyond its deadline before it counts as an overrun: the worker's own grace
#: (1.5 s) and the restart of a worker killed by the previous call (about a second).
DEFAULT_MARGIN = 3.0
#: Defaults of ``pyverify audit self`` (about a minute together on a slow machine).
DEFAULT_PAIRS = 1000
DEFAULT_CANDIDATES = 500
DEFAULT_TIMEOUT = 2.0
#: Failing examples kept per failure kind.
KEEP = 25


@dataclass(frozen=True)
class OracleRun:
    """Counts of :func:`run_oracle`; ``failed`` when any soundness count is nonzero."""

    pairs: int
    seed: int
    timeout_s: float
    oracle: dict[str, int]
    """The oracle's verdicts."""
    pyverify: dict[str, int]
    """pyverify's statuses (and ``error`` for an exception)."""
    agree: dict[str, int]
    """Pairs where pyverify's verdict is the oracle's (equal, different, undefined)."""
    equal_but_different: int
    """pyverify equal, the oracle separates the answers: a soundness failure."""
    equal_but_undefined: int
    """pyverify equal while a side has no value: a soundness failure."""
    different_but_equal: int
    """pyverify different (claiming a witness) where the oracle finds the answers equal."""
    undefined_but_defined: int
    """pyverify undefined where both answers have values."""
    different_on_undefined: int
    """pyverify different where a side is undefined (allowed: not equal)."""
    unknown: int
    errors: int
    overruns: int
    """Calls longer than ``timeout + margin``, and calls stopped after ``HANG_GRACE`` more (status ``hung``)."""
    max_call_seconds: float
    seconds: float
    by_category: dict[str, dict[str, int]]
    failures: tuple[dict[str, Any], ...] = ()
    """Up to :data:`KEEP` examples of each failure kind."""

    @property
    def failure_count(self) -> int:
        """Soundness failures, crashes and overruns together (0 for a passing run)."""
        return (self.equal_but_different + self.equal_but_undefined + self.different_but_equal
                + self.undefined_but_defined + self.errors + self.overruns)  # fmt: skip

    @property
    def failed(self) -> bool:
        return self.failure_count > 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["failures"] = list(self.failures)
        data["failure_count"] = self.failure_count
        data["rate_pairs_per_s"] = round(self.pairs / self.seconds, 1) if self.seconds else None
        return data


def _failure_kind(status: str, verdict: OracleVerdict) -> str | None:
    if status == "equal" and verdict == "different":
        return "equal_but_different"
    if status == "equal" and verdict == "undefined":
        return "equal_but_undefined"
    if status == "different" and verdict == "equal":
        return "different_but_equal"
    if status == "undefined" and verdict != "undefined":
        return "undefined_but_defined"
    return None


Decider = Callable[[str, str, float], Any]


def _decide(reference: str, candidate: str, timeout: float) -> Any:
    from pyverify.answers import equivalent_answers

    return equivalent_answers(reference, candidate, timeout=timeout)


#: Seconds past ``timeout + margin`` after which a call still running is stopped (in this process: the
#: worker's deadline does not reach work done before or after the engine calls).
HANG_GRACE = 5.0


class _Hung(Exception):
    """A call ran past its hard limit and was interrupted."""


@dataclass(frozen=True)
class _Outcome:
    value: Any = None
    error: str | None = None
    hung: bool = False
    seconds: float = 0.0


def _guarded(call: Callable[[], Any], limit: float) -> _Outcome:
    """Run ``call``; an exception is an ``error``. In the main thread, a call still running after ``limit``
    seconds is interrupted (SIGALRM) and ``hung``: pure-Python work stuck in this process would otherwise stop
    the whole check. After a hang the engine worker is restarted, since it may still owe an answer."""
    import signal
    import threading

    armed = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    previous: Any = None

    def fire(signum: int, frame: Any) -> None:
        raise _Hung()

    t0 = time.monotonic()
    try:
        if armed:
            previous = signal.signal(signal.SIGALRM, fire)
            signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            value = call()
        finally:
            if armed:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
    except _Hung:
        from pyverify.certify._worker import shutdown  # the runner's housekeeping, never the oracle's

        shutdown()
        return _Outcome(hung=True, seconds=time.monotonic() - t0)
    except Exception as exc:  # a crash is a failure of its own, never a verdict
        return _Outcome(error=f"{type(exc).__name__}: {exc}", seconds=time.monotonic() - t0)
    return _Outcome(value=value, seconds=time.monotonic() - t0)


def run_oracle(n: int = DEFAULT_PAIRS, seed: int = 0, timeout: float = DEFAULT_TIMEOUT, *,
               margin: float = DEFAULT_MARGIN, decide: Decider | None = None,
               progress: Callable[[int, int], None] | None = None,
               pairs: Sequence[AnswerPair] | None = None) -> OracleRun:  # fmt: skip
    """Decide ``n`` generated pairs with ``equivalent_answers`` and check every verdict against the oracle.

    ``decide`` replaces ``equivalent_answers`` (tests plant a wrong one); ``pairs`` replaces the generated
    list (then ``n`` is ignored).
    """
    decider = decide or _decide
    todo = list(pairs) if pairs is not None else generate_pairs(n, seed)
    oracle: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    agree: Counter[str] = Counter()
    fails: Counter[str] = Counter()
    by_category: dict[str, Counter[str]] = {}
    examples: list[dict[str, Any]] = []
    different_on_undefined = unknown = errors = overruns = 0
    slowest = 0.0
    started = time.monotonic()
    for done, pair in enumerate(todo):
        judgement = judge(pair, seed)
        oracle[judgement.verdict] += 1
        tally = by_category.setdefault(pair.category, Counter())
        tally["pairs"] += 1
        outcome = _guarded(partial(decider, pair.reference.latex, pair.candidate.latex, timeout),
                           timeout + margin + HANG_GRACE)  # fmt: skip
        spent = outcome.seconds
        if outcome.hung:
            status, witness, reason = "hung", None, f"stopped after {spent:.1f} s (in this process)"
        elif outcome.error is not None:
            status, witness, reason = "error", None, outcome.error
        else:
            cert = outcome.value
            status, witness, reason = cert.status, cert.witness, cert.reason
        slowest = max(slowest, spent)
        statuses[status] += 1
        kind = _failure_kind(status, judgement.verdict)
        if status == "error":
            kind = "error"
            errors += 1
        if spent > timeout + margin or outcome.hung:
            overruns += 1
            kind = kind or "overrun"
        if status == judgement.verdict:
            agree[status] += 1
        elif status == "unknown":
            unknown += 1
            tally["unknown"] += 1
        elif status == "different" and judgement.verdict == "undefined":
            different_on_undefined += 1
        if kind is not None:
            tally["failures"] += 1
            if kind not in ("error", "overrun"):
                fails[kind] += 1
            if sum(1 for e in examples if e["failure"] == kind) < KEEP:
                examples.append({"failure": kind, "category": pair.category, "note": pair.note,
                                 "reference": pair.reference.latex, "candidate": pair.candidate.latex,
                                 "pyverify": status, "oracle": judgement.verdict, "oracle_detail": judgement.detail,
                                 "witness": _short(witness), "reason": reason, "seconds": round(spent, 3)})  # fmt: skip
        if progress is not None:
            progress(done + 1, len(todo))
    return OracleRun(
        pairs=len(todo), seed=seed, timeout_s=timeout, oracle=dict(sorted(oracle.items())),
        pyverify=dict(sorted(statuses.items())), agree=dict(sorted(agree.items())),
        equal_but_different=fails["equal_but_different"], equal_but_undefined=fails["equal_but_undefined"],
        different_but_equal=fails["different_but_equal"], undefined_but_defined=fails["undefined_but_defined"],
        different_on_undefined=different_on_undefined, unknown=unknown, errors=errors, overruns=overruns,
        max_call_seconds=round(slowest, 3), seconds=round(time.monotonic() - started, 2),
        by_category={k: dict(sorted(v.items())) for k, v in sorted(by_category.items())},
        failures=tuple(examples),
    )  # fmt: skip


def _short(value: Any, limit: int = 300) -> Any:
    if value is None:
        return None
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


# ---------------------------------------------------------------- the universal-key corpus

#: The panel of pairwise-different references a candidate is compared with.
PANEL: tuple[str, ...] = ("17", "\\frac12", "2\\sqrt2", "\\{1,2\\}", "x^2+1", "[0,1)", "(1,2)", "\\pi", "0", "-3",
                          "12")  # fmt: skip


def panel_sides() -> tuple[Side, ...]:
    """The panel's meanings for the oracle (to check that the references are pairwise different)."""
    x = var("x")
    return (
        scalar(num(17)), scalar(frac(num(1), num(2))), scalar(mul(num(2), sqrt(num(2)), "")),
        set_of([num(1), num(2)]), scalar(add(power(x, 2), num(1))), interval(num(0), num(1), (True, False)),
        tuple_of([num(1), num(2)]), scalar(pi()), scalar(num(0)), scalar(num(-3)), scalar(num(12)),
    )  # fmt: skip


_MATH_CORES: tuple[str, ...] = (
    # the panel itself and its look-alikes
    *PANEL, "1/2", "0.5", "\\sqrt{8}", "2 \\sqrt{2}", "\\{2, 1\\}", "1 + x^2", "[0, 1)", "(1, 2)", "3.14159",
    "\\frac{34}{2}", "-3.0", "12.", "0.", "(-3)", "+17",
    # undefined values and non-values
    "0/0", "1/0", "\\frac{1}{0}", "\\frac{0}{0}", "0^{-1}", "\\log 0", "\\ln 0", "\\sqrt{-1}", "x 0/0", "\\frac{x}{0}",
    "4 0/0", "17 0/0", "0/0 x", "\\infty", "-\\infty", "\\infty - \\infty", "0 \\cdot \\infty", "\\frac{\\infty}{\\infty}",
    "1^{\\infty}", "0^0", "NaN", "nan", "undefined", "\\text{undefined}", "\\text{DNE}", "None", "\\emptyset",
    "\\varnothing", "\\mathbb{R}", "i", "\\sqrt{-1} + 17", "x - x", "\\frac{x}{x}", "\\tan\\frac{\\pi}{2}", "\\cot 0",
    "\\log_1 2", "\\arcsin 2", "\\sqrt{x}\\sqrt{-x}", "\\frac{1}{x - x}", "x^2+1+\\frac{1}{0}", "17 + \\frac{0}{0}",
    # huge and deep
    "10^{10^{10}}", "10^{10^{10^{10}}}", "9!!!!!!", "9!!!!!!!!!!!!", "(10^{100})!", "2^{2^{2^{2^{2^{2}}}}}",
    "10^{-10^{10}}", "x^{10^{10}}", "(x+1)^{100000}", "\\sum_{k=1}^{10^{10}} k", "\\binom{10^{10}}{5}",
    "e^{e^{e^{e^{e}}}}", "\\sqrt[10^{10}]{2}", "\\frac{1}{10^{10^{10}}}", "99999999999999999999999999999999999999!",
    "1" * 3000, "9" * 5000 + "/" + "7" * 5000, "x" + "^x" * 200,
    # many answers at once
    "17, 12", "17 \\text{ or } 12", "17 or 12", "either 3 or 4", "either 17 or 12", "17 \\lor 12", "17 \\pm 0",
    "\\pm 3", "x", "y", "n", "anything", "all real numbers", "any real number", "x \\in \\mathbb{R}", "x = x", "0 = 0",
    "17 = 17", "x^2+1 = x^2+1", "\\{17, 12, 0, -3\\}", "(-\\infty, \\infty)", "[0,1) \\cup (1,2)", "\\{1,2\\} \\cup \\{17\\}",
    "x^2+1 \\text{ or } 17", "1, 2", "0, 1", "\\frac12, 2\\sqrt2", "\\pi, 17", "12 and 17", "-3 \\le x \\le 12",
    "x \\ne 0", "x > 0", "\\mathbb{R} \\setminus \\{0\\}",
)  # fmt: skip

_TEMPLATES: tuple[str, ...] = (
    "{X}", "\\boxed{{{X}}}", "${X}$", "$${X}$$", "\\({X}\\)", "\\[{X}\\]", "The answer is {X}.",
    "The answer is $\\boxed{{{X}}}$.", "Answer: {X}", "Final answer: {X}", "So x = {X}", "x = {X}", "{X} units",
    "{X} cm", "{X} \\text{{ cm}}^2", "{X}\\%", "{X} percent", "{X} dollars", "\\${X}", "approximately {X}",
    "about {X}", "{X} (approximately)", "either {X} or {Y}", "{X} or {Y}", "{X} and {Y}", "\\boxed{{{X}}}\\boxed{{{Y}}}",
    "\\boxed{{{X}}} \\boxed{{{Y}}} \\boxed{{{X}}}", "\\boxed{{\\boxed{{{X}}}}}", "\\text{{{X}}}", "\\mathrm{{{X}}}",
    "\\textbf{{{X}}}", "\\left({X}\\right)", "{{{X}}}", "\\fbox{{{X}}}", "{X}.", "{X}!", "{X}?", "-{X}", "{X}^{{-1}}",
    "\\frac{{{X}}}{{0}}", "{X} \\cdot 0/0", "{X} + 0/0", "{X} 0/0", "0/0 {X}", "{X}, {X}", "{X} = {Y}", "{X} \\ne {Y}",
    "\\neg {X}", "I don't know, maybe {X}", "Not {X}", "{X} is wrong; the answer is {Y}",
    "\\boxed{{{X}}} is not correct, the right answer is \\boxed{{{Y}}}", "{X}\n\n{Y}", "The answer is {X} 0/0.",
    "\\text{{The answer is }} {X}", "{X} \\text{{ or }} {Y}", "\\{{{X}\\}}", "({X}, {Y})", "[{X}, {Y}]",
    "\\begin{{pmatrix}} {X} & {Y} \\end{{pmatrix}}", "\\input{{/etc/passwd}} {X}", "\\def\\x{{{X}}}\\x",
    "\\catcode`\\{{=12 {X}", "\\newcommand{{\\a}}{{{X}}}\\a", "\\write18{{rm -rf /}} {X}",
    "\\csname boxed\\endcsname{{{X}}}", "\\let\\boxed\\relax \\boxed{{{X}}}", "\\expandafter{X}",
    "\\boxed{{{X}}}" * 20, "\\boxed{{" * 30 + "{X}" + "}}" * 30, "{{" * 100 + "{X}" + "}}" * 100,
    "{{" * 5 + "{X}", "{X}" + "}}" * 5, "\\boxed{{{X}", "\\frac{{{X}}}{{", "{X} " * 200,
)  # fmt: skip

_CYRILLIC = str.maketrans({"x": "х", "a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "y": "у"})
_FULLWIDTH = str.maketrans({str(d): chr(0xFF10 + d) for d in range(10)})


#: The share of templated candidates left without a Unicode or byte transform.
PLAIN = 0.45


def _interleave(text: str, mark: str) -> str:
    return mark.join(text[i : i + 2] for i in range(0, len(text), 2))


#: What is done to a templated candidate (none, for :data:`PLAIN` of them).
_TRANSFORMS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("plain", lambda s: s),
    ("fullwidth digits", lambda s: s.translate(_FULLWIDTH)),
    ("Cyrillic look-alikes", lambda s: s.translate(_CYRILLIC)),
    ("Unicode minus", lambda s: s.replace("-", "\u2212")),
    ("division slash", lambda s: s.replace("/", "\u2215")),
    ("fraction slash", lambda s: s.replace("/", "\u2044")),
    ("zero-width spaces", lambda s: _interleave(s, "\u200b")),
    ("zero-width joiners", lambda s: _interleave(s, "\u200d")),
    ("byte-order mark", lambda s: "\ufeff" + s),
    ("no-break spaces", lambda s: s.replace(" ", "\u00a0")),
    ("NUL appended", lambda s: s + "\x00"),
    ("NUL inside", lambda s: _interleave(s, "\x00")),
    ("emoji", lambda s: "\U0001f914 " + s + " \u2705"),
    ("right-to-left override", lambda s: "\u202e" + s),
    ("trailing whitespace", lambda s: s + " \t\n\r\n"),
    ("upper case", lambda s: s.upper()),
    ("repeated", lambda s: " ".join([s] * 50)),
    ("padded", lambda s: " " * 20000 + s),
    ("superscript digits", lambda s: s.replace("2", "\u00b2").replace("3", "\u00b3")),
    ("mathematical italic x", lambda s: s.replace("x", "\U0001d465")),
    ("square root sign", lambda s: s.replace("\\sqrt", "\u221a")),
    ("pi sign", lambda s: s.replace("\\pi", "\u03c0")),
    ("vulgar fractions", lambda s: s.replace("\\frac12", "\u00bd").replace("1/2", "\u00bd")),
    ("control characters", lambda s: "\x1b[31m" + s + "\x1b[0m\x07"),
)

#: Candidates always in the corpus, before the combinatorial ones.
_SPECIALS: tuple[str, ...] = (
    "", " ", "\t\n", "\\,", "$$", "\\boxed{}", "\\boxed{ }", "{}", "\x00", "\x00" * 100, "\u200b", "\ufeff",
    "x" * 100_000, "9" * 100_000, "(" * 10_000, "{" * 100 + "17" + "}" * 100, "{" * 100, "}" * 100,
    "\\" * 1000, "$" * 1000, "\\boxed{" * 1000, "\\frac{" * 500 + "1" + "}{2}" * 500, "^" * 100, "!" * 100,
    "\U0001f600", "\U0001f4af", "\\input{/etc/passwd}", "\\def\\a{\\a}\\a", "\\catcode`\\^^@=11",
    "\ufffd", "-" * 100 + "3", "+" * 100 + "17", "((((((((((17))))))))))", "1e999", "1e-999",
    "0x11", "0b10001", "17j", "1_7", "١٧", "一七", "XVII", "seventeen", "twelve", "one half", "pi",
)  # fmt: skip


def hostile_candidates(n: int, seed: int = 0) -> list[str]:
    """``n`` distinct hostile candidate strings, deterministic for a seed: (template × core × core × transform)
    combinations drawn at random, with the fixed specials (one in ten, all of them from n = 10 × their
    number) spread among them."""
    rng = random.Random(seed)
    specials = list(dict.fromkeys(_SPECIALS))[: n // 10]
    seen: set[str] = set(specials)
    drawn: list[str] = []
    attempts = 0
    while len(drawn) < n - len(specials) and attempts < 50 * n + 100:
        attempts += 1
        template = rng.choice(_TEMPLATES)
        x, y = rng.choice(_MATH_CORES), rng.choice(_MATH_CORES)
        transform = _TRANSFORMS[0][1] if rng.random() < PLAIN else rng.choice(_TRANSFORMS[1:])[1]
        text = transform(template.replace("{X}", "\x01X\x02").replace("{Y}", "\x01Y\x02").format()
                         .replace("\x01X\x02", x).replace("\x01Y\x02", y))  # fmt: skip
        if text not in seen:
            seen.add(text)
            drawn.append(text)
    out: list[str] = []
    for i, special in enumerate(specials):
        out += [special, *drawn[9 * i : 9 * i + 9]]
    return out + drawn[9 * len(specials) :]


def combinations() -> int:
    """How many (template, core, core, transform) combinations the corpus draws from."""
    return len(_TEMPLATES) * len(_MATH_CORES) ** 2 * len(_TRANSFORMS) + len(_SPECIALS)


#: The engines' libraries: evaluation imports them (the worker does, the caller must not).
ENGINE_MODULES = ("sympy", "flint", "z3")


@dataclass(frozen=True)
class UniversalKeyRun:
    """Counts of :func:`run_universal_key`; ``failed`` when any soundness count is nonzero."""

    candidates: int
    references: tuple[str, ...]
    seed: int
    timeout_s: float
    margin_s: float
    kinds: dict[str, int]
    """The candidates' parsed kinds (``parse_answer``; ``error`` when it raised or hung); unparsed, ambiguous
    and error ones are not compared."""
    not_compared: int
    comparisons: int
    statuses: dict[str, int]
    """The comparisons' statuses (and ``error``)."""
    equal_to_one: int
    multi_equal: int
    """Candidates equal to two or more different references: universal keys (must be 0)."""
    crashes: int
    overruns: int
    """Calls longer than ``timeout + margin``, and calls stopped after ``HANG_GRACE`` more (hangs)."""
    skipped_comparisons: int
    """References not compared with a candidate after it hung on one (it would hang on them too)."""
    max_call_seconds: float
    parse_seconds: float
    seconds: float
    engine_modules_loaded_here: tuple[str, ...]
    """Engine modules (sympy, flint, z3) this process imported during the run: evaluation must not happen
    in-process (meaningful when they were not loaded before the run)."""
    failures: tuple[dict[str, Any], ...] = ()

    @property
    def failure_count(self) -> int:
        """Universal keys, crashes and overruns together (0 for a passing run)."""
        return self.multi_equal + self.crashes + self.overruns

    @property
    def failed(self) -> bool:
        return self.failure_count > 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["references"] = list(self.references)
        data["engine_modules_loaded_here"] = list(self.engine_modules_loaded_here)
        data["failures"] = list(self.failures)
        data["failure_count"] = self.failure_count
        data["rate_comparisons_per_s"] = round(self.comparisons / self.seconds, 1) if self.seconds else None
        return data


def _attribute(name: str, fn: Callable[..., Any], *args: Any) -> Any:
    return getattr(fn(*args), name)


def _parse(text: str) -> Any:
    from pyverify.answers import parse_answer

    return parse_answer(text)


def _printable(text: str, limit: int = 160) -> str:
    shown = text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"
    return shown.encode("unicode_escape").decode("ascii") if not shown.isprintable() else shown


def run_universal_key(n: int = DEFAULT_CANDIDATES, seed: int = 0, timeout: float = DEFAULT_TIMEOUT, *,
                      margin: float = DEFAULT_MARGIN, references: Sequence[str] = PANEL,
                      decide: Decider | None = None, parse: Callable[[str], Any] | None = None,
                      progress: Callable[[int, int], None] | None = None,
                      candidates: Sequence[str] | None = None) -> UniversalKeyRun:  # fmt: skip
    """Compare ``n`` hostile candidates with every reference of the panel.

    Each candidate is parsed once (``parse_answer``, in this process: parsing evaluates nothing); an
    ``unparsed`` or ``ambiguous`` one is counted and not compared. Every comparison goes through
    ``equivalent_answers`` (its engine calls run in the isolated worker) and is timed here: longer than
    ``timeout + margin`` is an overrun. ``decide`` and ``parse`` replace pyverify's (tests plant wrong ones);
    ``candidates`` replaces the generated corpus.
    """
    decider = decide or _decide
    parser = parse or _parse
    corpus = list(candidates) if candidates is not None else hostile_candidates(n, seed)
    before = {m for m in ENGINE_MODULES if m in sys.modules}
    kinds: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    examples: list[dict[str, Any]] = []
    not_compared = comparisons = skipped = equal_to_one = multi_equal = crashes = overruns = 0
    slowest = parse_seconds = 0.0
    started = time.monotonic()

    def keep(failure: str, **details: Any) -> None:
        if sum(1 for e in examples if e["failure"] == failure) < KEEP:
            examples.append({"failure": failure, **details})

    limit = timeout + margin + HANG_GRACE
    for done, candidate in enumerate(corpus):
        parsed = _guarded(partial(_attribute, "kind", parser, candidate), limit)
        parse_seconds += parsed.seconds
        kind = "error" if parsed.error is not None or parsed.hung else parsed.value
        kinds[kind] += 1
        if parsed.hung:
            overruns += 1
            keep("hang", candidate=_printable(candidate), reference=None, seconds=round(parsed.seconds, 2),
                 error="parsing stopped (in this process)")  # fmt: skip
        elif parsed.error is not None:  # parse_answer never raises
            crashes += 1
            keep("crash", candidate=_printable(candidate), reference=None, error=parsed.error)
        if kind in ("unparsed", "ambiguous", "error"):
            not_compared += 1
            if progress is not None:
                progress(done + 1, len(corpus))
            continue
        equal: list[str] = []
        for position, reference in enumerate(references):
            comparisons += 1
            outcome = _guarded(partial(_attribute, "status", decider, reference, candidate, timeout), limit)
            spent = outcome.seconds
            slowest = max(slowest, spent)
            status = "hung" if outcome.hung else "error" if outcome.error is not None else outcome.value
            statuses[status] += 1
            if outcome.error is not None:
                crashes += 1
                keep("crash", candidate=_printable(candidate), reference=reference, error=outcome.error)
            if outcome.hung:
                # stuck in this process, where no deadline reaches: the other references would hang as well
                overruns += 1
                skipped += len(references) - position - 1
                keep("hang", candidate=_printable(candidate), reference=reference, seconds=round(spent, 2),
                     error=f"stopped; {len(references) - position - 1} other references skipped")  # fmt: skip
                break
            if spent > timeout + margin:
                overruns += 1
                keep("overrun", candidate=_printable(candidate), reference=reference, seconds=round(spent, 2))
            if status == "equal":
                equal.append(reference)
        if len(equal) == 1:
            equal_to_one += 1
        elif len(equal) > 1:
            multi_equal += 1
            keep("multi_equal", candidate=_printable(candidate), kind=kind, references=equal)
        if progress is not None:
            progress(done + 1, len(corpus))
    loaded = tuple(sorted(m for m in ENGINE_MODULES if m in sys.modules and m not in before))
    return UniversalKeyRun(
        candidates=len(corpus), references=tuple(references), seed=seed, timeout_s=timeout, margin_s=margin,
        kinds=dict(sorted(kinds.items())), not_compared=not_compared, comparisons=comparisons,
        statuses=dict(sorted(statuses.items())), equal_to_one=equal_to_one, multi_equal=multi_equal, crashes=crashes,
        overruns=overruns, skipped_comparisons=skipped, max_call_seconds=round(slowest, 3),
        parse_seconds=round(parse_seconds, 2), seconds=round(time.monotonic() - started, 2),
        engine_modules_loaded_here=loaded, failures=tuple(examples),
    )  # fmt: skip


# ---------------------------------------------------------------- report sections


def markdown(oracle_run: Mapping[str, Any] | None, key_run: Mapping[str, Any] | None) -> list[str]:
    """The two sections of ``audit.md`` (from the records' ``to_dict()``)."""
    lines: list[str] = []
    if oracle_run is not None:
        r = oracle_run
        lines += ["## answers against an independent oracle", "",
                  f"{r['pairs']} generated answer pairs (seed {r['seed']}, deadline {r['timeout_s']} s per pair) decided "
                  "by `equivalent_answers` and re-judged by an mpmath oracle (60 digits; random points for expressions) "
                  f"that shares no code with pyverify; {r['seconds']} s.", "",
                  "| figure | count |", "|---|---|"]  # fmt: skip
        rows = [("oracle verdicts", ", ".join(f"{k} {v}" for k, v in r["oracle"].items())),
                ("pyverify statuses", ", ".join(f"{k} {v}" for k, v in r["pyverify"].items())),
                ("agreements", str(sum(r["agree"].values()))),
                ("**equal, oracle separates them**", f"**{r['equal_but_different']}**"),
                ("**equal, a side is undefined**", f"**{r['equal_but_undefined']}**"),
                ("**different, oracle finds them equal**", f"**{r['different_but_equal']}**"),
                ("**undefined, both sides have values**", f"**{r['undefined_but_defined']}**"),
                ("different where a side is undefined (allowed)", str(r["different_on_undefined"])),
                ("unknown", str(r["unknown"])), ("errors", str(r["errors"])),
                (f"overruns of the deadline (slowest call {r['max_call_seconds']} s)", str(r["overruns"]))]  # fmt: skip
        lines += [f"| {a} | {b} |" for a, b in rows]
        lines += ["", "| category | pairs | unknown | failures |", "|---|---|---|---|"]
        for name, tally in r["by_category"].items():
            counts = " | ".join(str(tally.get(k, 0)) for k in ("pairs", "unknown", "failures"))
            lines.append(f"| {name} | {counts} |")
        lines.append("")
        lines += _failure_table(r["failures"], ("failure", "category", "reference", "candidate", "pyverify", "oracle",
                                                "oracle_detail", "reason"))  # fmt: skip
    if key_run is not None:
        k = key_run
        lines += ["## universal-key corpus", "",
                  f"{k['candidates']} hostile candidates (seed {k['seed']}) against {len(k['references'])} pairwise-"
                  f"different references ({', '.join(f'`{x}`' for x in k['references'])}); deadline {k['timeout_s']} s "
                  f"per comparison, overrun beyond {k['timeout_s'] + k['margin_s']:g} s; {k['seconds']} s.", "",
                  "| figure | count |", "|---|---|",
                  f"| parsed kinds | {', '.join(f'{a} {b}' for a, b in k['kinds'].items())} |",
                  f"| not compared (unparsed or ambiguous) | {k['not_compared']} |",
                  f"| comparisons | {k['comparisons']} |",
                  f"| statuses | {', '.join(f'{a} {b}' for a, b in k['statuses'].items())} |",
                  f"| candidates equal to one reference | {k['equal_to_one']} |",
                  f"| **candidates equal to two or more references** | **{k['multi_equal']}** |",
                  f"| **crashes** | **{k['crashes']}** |",
                  f"| **overruns and hangs** (slowest call {k['max_call_seconds']} s) | **{k['overruns']}** |",
                  f"| comparisons skipped after a hang | {k['skipped_comparisons']} |",
                  f"| engine modules loaded in this process by the run | {', '.join(k['engine_modules_loaded_here']) or 'none'} |",
                  ""]  # fmt: skip
        lines += _failure_table(k["failures"], ("failure", "candidate", "references", "reference", "seconds", "error"))
    return lines


def _failure_table(failures: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> list[str]:
    if not failures:
        return []
    used = [c for c in columns if any(f.get(c) not in (None, "") for f in failures)]
    out = ["| " + " | ".join(used) + " |", "|" + "---|" * len(used)]
    for f in failures:
        cells = []
        for c in used:
            value = f.get(c)
            text = ", ".join(value) if isinstance(value, (list, tuple)) else "" if value is None else str(value)
            text = text.replace("|", "\\|").replace("\n", " ")
            cells.append(f"`{text}`" if c in ("reference", "candidate", "references") and text else text)
        out.append("| " + " | ".join(cells) + " |")
    return [*out, ""]


def iter_failures(run: OracleRun | UniversalKeyRun) -> Iterator[str]:
    """One line per kept failing example (for a console)."""
    for f in run.failures:
        if "oracle" in f:
            yield (f"{f['failure']} [{f['category']}] {f['reference']!r} vs {f['candidate']!r}: pyverify "
                   f"{f['pyverify']}, oracle {f['oracle']} ({f['oracle_detail']})")  # fmt: skip
        else:
            rest = {k: v for k, v in f.items() if k not in ("failure", "candidate")}
            yield f"{f['failure']} {f['candidate']!r}: {rest}"
