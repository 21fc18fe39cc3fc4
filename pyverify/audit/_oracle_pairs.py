"""The seeded answer-pair generator of the oracle check.

:func:`generate_pairs` writes answer pairs as LaTeX by category (:data:`CATEGORIES`: integers, fractions,
decimals, radicals, π/e expressions, intervals, sets, tuples, 2×2 matrices, expressions in ``x`` and ``y``,
undefined values, pairs built to differ by tiny amounts, and the same numbers as different kinds); an equal
pair is the same value rewritten in another notation (:mod:`pyverify.audit._oracle_notations`), a different
pair is changed in one place. Every side is built together with its own meaning
(:mod:`pyverify.audit._oracle_meaning`). A pair's ``intent`` is what the generator meant; the verdict that
counts is the oracle's (:func:`judge`).

Why the seam is here: this module decides *what is asked*, deterministically per seed; it never calls
pyverify, which is the runner's part (:mod:`pyverify.audit._answer_oracle`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Literal, Mapping, Sequence

from pyverify.audit._oracle_meaning import (
    ATOM,
    Judgement,
    Side,
    Term,
    _mp,
    _paren,
    _q,
    absolute,
    add,
    euler,
    exp,
    frac,
    infinity,
    interval,
    ln,
    log,
    matrix,
    mul,
    neg,
    num,
    oracle_verdict,
    pi,
    power,
    root,
    scalar,
    set_of,
    sqrt,
    sub,
    trig,
    tuple_of,
    var,
)
from pyverify.audit._oracle_notations import (
    _decimal,
    _fraction,
    _renotate,
    _squarefree,
    _terminating,
    _value_term,
    number_side,
    radical_term,
    rational_term,
)

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
