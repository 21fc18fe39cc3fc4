"""One value in many notations: the vocabulary of the answer-pair generator.

Seeded renderers that write an integer (:func:`integer_term`: a fraction, a sum or product that is the
number, a power, ``n.0``, ...), a rational (:func:`rational_term`: ``\\frac``, ``\\dfrac``, ``\\tfrac``, a
slash, an unreduced fraction, an exact decimal), a standalone number (:func:`number_side`: also thousands
separators and mixed numbers) or a radical ``c·√b`` (:func:`radical_term`: ``c\\sqrt b``, ``√(c²b)``,
rationalized, over a denominator). Each is built from the combinators of
:mod:`pyverify.audit._oracle_meaning`, so its meaning comes with it.

Why the seam is here: which notations exist is a question apart from which pairs are made of them
(:mod:`pyverify.audit._oracle_pairs`) and from what the notations mean (the combinators). The renderers draw
from the caller's ``random.Random`` and nothing else.
"""

from __future__ import annotations

import random
from fractions import Fraction

from pyverify.audit._oracle_meaning import (
    Side,
    Term,
    _constant,
    add,
    frac,
    mul,
    neg,
    num,
    power,
    scalar,
    sqrt,
    sub,
)

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
