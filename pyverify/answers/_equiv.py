"""Deciding whether a candidate final answer equals a reference answer, with a witness when not.

Constants are compared exactly: rationals by fractions, otherwise by arb enclosures of the difference
at increasing precision (a ball excluding 0 proves "different") and, when the ball keeps containing 0,
by an exact zero test (minimal polynomial for algebraic numbers, sympy's simplification otherwise).
No float tolerance is used unless the caller passes ``tolerance`` (policy ``tolerance=T``: equal when
|reference - candidate| <= T is certified). Terms in variables become a claim ``forall ..., ref = cand``
decided by :func:`pyverify.certify.decide`. Every engine call runs in the worker process under the
remaining deadline.
"""

from __future__ import annotations

import math
import re
import time
from contextvars import ContextVar
from dataclasses import replace
from fractions import Fraction
from itertools import permutations, product
from typing import Any, Callable

from pyverify.answers import _units
from pyverify.answers._answer import PERCENT_AFTER_BOX, Answer, AnswerCertificate
from pyverify.answers._forms import FUNCTION_AT_A_POINT, implicit_lattice
from pyverify.answers._forms import QUADRANT_ORDINALS as _QUADRANT_ORDINALS
from pyverify.answers._parse import _parse_side, parse_answer, render
from pyverify.answers._reading import HYPHEN_JOINED, HYPHEN_JOINED_REASON, INDIAN_GROUPED, has_float_noise
from pyverify.answers._values import choose_signs

# the verdict, the deadline context and the comparison of constants live in _verdict (importable from here)
from pyverify.answers._verdict import MAX_PM as MAX_PM
from pyverify.answers._verdict import SMALL_NODES as SMALL_NODES
from pyverify.answers._verdict import SMALL_NUMERAL as SMALL_NUMERAL
from pyverify.answers._verdict import (
    _article,
    _call,
    _constants,
    _Context,
    _literal,
    _sign,
    _small_rational,
    _text,
    _Undefined,
    _Unknown,
    _Verdict,
    expand_pm,
)
from pyverify.logic._ast import REAL, Call, Node, Num, Op, SumOf, Var, free_vars, substitute, walk
from pyverify.parallel._deadline import time_limit

DEFAULT_TIMEOUT = 10.0
_CLAIM_FUNCS = {"sqrt", "factorial", "binomial", "exp"}


# ---------------------------------------------------------------- expressions in variables


def _claim_term(node: Node) -> Node:
    for n in walk(node):
        if isinstance(n, Call) and n.func not in _CLAIM_FUNCS and n.func not in ("e", "ln"):
            raise _Unknown(f"{n.func} in an expression in variables is outside the claim language")
        if isinstance(n, Op) and n.op == "pm":
            raise _Unknown("± in an expression in variables")

    def convert(n: Node) -> Node:
        if isinstance(n, Call):
            args = tuple(convert(a) for a in n.args)
            if n.func == "e":
                return Call("exp", (Num(Fraction(1)),))
            return Call("log" if n.func == "ln" else n.func, args)
        if isinstance(n, Op):
            return Op(n.op, tuple(convert(a) for a in n.args))
        return n

    return convert(node)


def _sign_exponents(*terms: Node) -> set[str]:
    """The letters in the exponent of a power of a negative number."""
    def negative(base: Node) -> bool:
        return (isinstance(base, Num) and base.value < 0) or (isinstance(base, Op) and base.op == "neg"
                                                              and isinstance(base.args[0], Num) and base.args[0].value > 0)  # fmt: skip

    return {name for t in terms for n in walk(t) if isinstance(n, Op) and n.op == "^" and negative(n.args[0])
            for name in free_vars(n.args[1])}  # fmt: skip


def _counting_names(*terms: Node) -> set[str]:
    """The letters inside the arguments of a factorial or a binomial coefficient."""
    return {name for t in terms for n in walk(t) if isinstance(n, Call) and n.func in ("factorial", "binomial")
            for arg in n.args for name in free_vars(arg)}  # fmt: skip


def _identity(a: Node, b: Node, ctx: _Context, names: set[str] | None = None) -> _Verdict:
    """``forall vars : R, a = b`` decided by pyverify.certify (letters in factorials over N)."""
    from pyverify.answers._fast import polynomial_identity
    from pyverify.certify import decide
    from pyverify.logic import parse, term_text

    fast = polynomial_identity(a, b)  # polynomials over Q: exact normal forms in this process (bounded)
    if fast is not None:
        return _Verdict(fast[0], "polynomial", fast[1])
    names = names or (free_vars(a) | free_vars(b))
    # a letter inside a factorial or a binomial coefficient counts: n! has a value only at natural n, so the
    # answers are compared there (\\binom{2n}{n} against itself, (n+1)! against (n+1) n!); every other letter is real
    counting = sorted(names & _counting_names(a, b))
    # a letter in the exponent of a negative base, (-1)^n, (-3)^{n-1}, is an integer: a real power of a negative
    # number has no real value
    signs = sorted((names & _sign_exponents(a, b)) - set(counting))
    reals = sorted(names - set(counting) - set(signs))
    binder = "".join(f"forall {' '.join(group)} : {sort}, " for group, sort in ((counting, "N"), (signs, "Z"),
                                                                                  (reals, "R")) if group)  # fmt: skip
    try:
        text = f"{binder}{term_text(_claim_term(a))} = {term_text(_claim_term(b))}"
    except _Unknown as exc:
        if "outside the claim language" not in exc.reason:
            raise
        return _symbolic(a, b, names, ctx)
    from pyverify.answers import _engine
    from pyverify.logic import ParseError, definedness

    try:
        claim = parse(text)
    except ParseError as exc:  # an answer term the claim language cannot state (x^{1/2}, 2^{N-2}, a huge numeral)
        found = _symbolic(a, b, names, ctx)  # compared at points, and by sympy
        if found.status == "unknown":
            return _Verdict("unknown", "none", reason=f"outside the claim language ({exc}); {found.reason}")
        return found
    generic: dict[str, Any] = {"generic": True}
    if definedness(claim):
        # an answer means something only where it is defined on an open set (a generic point exists):
        # one defined at no point, or only on a set with no interior, is undefined, whatever it is compared with
        generic = _call(_engine.generic_point, (text, min(3.0, ctx.left())), ctx)
        if generic["generic"] is False:
            where = "together they are" if generic["side"] == "together" else f"the {generic['side']} is"
            raise _Undefined(f"{where} defined only where {' ∧ '.join(generic['conditions'])}, "
                             "a set with no interior: no generic point")  # fmt: skip
    left = ctx.left()  # the engine's own deadline a little before the call's, at which the worker is killed
    cert = decide(claim, left - min(1.0, 0.2 * left), deadline=ctx.deadline)
    if cert.status == "vacuous":
        raise _Undefined("the answers are defined at no common point: no point satisfies "
                         + " ∧ ".join(cert.conditions))  # fmt: skip
    if cert.status == "certified" and generic["generic"] is None:
        return _Verdict("unknown", "none", reason="equal where defined, but whether the common domain "
                        "contains an open set is undecided: " + " ∧ ".join(generic["conditions"]))  # fmt: skip
    if cert.status == "certified":
        return _Verdict("equal", "claim", conditions=tuple(cert.conditions))
    if cert.status == "refuted" and cert.witness is not None:
        point = {k: str(v) for k, v in cert.witness.items()}
        return _Verdict("different", "claim", {"point": point, "claim": text})
    return _Verdict("unknown", "none", reason=f"claim {text!r}: {cert.reason or 'undecided'}")


#: Points where expressions outside the claim language (trigonometry, π with variables) are compared first.
_POINTS = (Fraction(3, 7), Fraction(5, 11), Fraction(-2, 13), Fraction(7, 5), Fraction(-9, 4),
           Fraction(29, 3), Fraction(-31, 3), Fraction(101, 7))  # the last three: domains such as x > 5


def _symbolic(a: Node, b: Node, names: set[str], ctx: _Context) -> _Verdict:
    """Expressions in variables with functions the claim language lacks (sin, cot, π r): different when they
    differ at a rational point (proved there, exactly or by arb), equal when sympy simplifies the difference
    to 0 (where both are defined, and they agree at a point where they are)."""
    from pyverify.answers import _engine
    from pyverify.logic._ast import substitute

    ordered = sorted(names)
    agreed, k = 0, 0

    def at_point(k: int) -> _Verdict | None:
        """Different (with the point) or equal at the k-th point; None where undefined or undecided there."""
        point = {name: Num(_POINTS[(k + j) % len(_POINTS)] + j) for j, name in enumerate(ordered)}
        try:
            sign, method, info = _sign(substitute(a, point), substitute(b, point), ctx)
        except _Undefined:
            return None  # not defined at this point
        if sign is None:
            return None
        if sign != 0:
            shown = {name: str(value.value) for name, value in point.items()}
            return _Verdict("different", method, {"point": shown, "difference": str(info.get("difference", "nonzero"))})
        return _Verdict("equal", method)

    while k < len(_POINTS) and agreed < 2:
        found = at_point(k)
        k += 1
        if found is not None and found.status == "different":
            return found
        agreed += found is not None
    if not agreed:
        return _Verdict("unknown", "none", reason="no rational point where both expressions are defined and decided")
    zero = _call(_engine.symbolic_zero, (a, b), ctx)
    if zero.get("zero") is True:
        return _Verdict("equal", "symbolic", conditions=("where both sides are defined",))
    for rest in range(k, len(_POINTS)):  # not proved equal: the other points may still tell them apart (|x|, x)
        found = at_point(rest)
        if found is not None and found.status == "different":
            return found
        agreed += found is not None
    return _Verdict("unknown", "none", reason=f"equal at {agreed} points, but {zero.get('reason', 'not proved')}")


def _terms(a: Node, b: Node, ctx: _Context) -> _Verdict:
    from pyverify.answers._sums import SumTooLarge, expand_sums, has_sum, unify_indices

    a, b = unify_indices(a, b)  # F_n beside F_{n-1}: one sequence
    if has_sum(a) or has_sum(b):
        try:
            a, b = expand_sums(a), expand_sums(b)  # bounds that are numbers: the terms written out
        except SumTooLarge as exc:
            raise _Unknown(str(exc)) from None
        if has_sum(a) or has_sum(b):
            return _sums(a, b, ctx)
    from pyverify.answers._sums import has_index

    if has_index(a) or has_index(b):
        return _indexed(a, b, ctx)
    from pyverify.answers._fast import certainly_defined

    def _infinite(node: Node) -> bool:  # ∞ or -∞ written as a value (a limit, a supremum)
        return isinstance(_endpoint(node), str)

    if a == b and _small_rational(a) is None and (certainly_defined(a) or _infinite(a)):
        return _Verdict("equal", "structure")  # the same term, every part with a value: no engine needed
    if _infinite(a) and _infinite(b):
        return _Verdict("different", "structure", {"infinities": [_text(a), _text(b)]})  # ∞ and -∞
    if (_infinite(a) or _infinite(b)) and certainly_defined(b if _infinite(a) else a):
        return _Verdict("different", "structure", {"infinite": "reference" if _infinite(a) else "candidate"})
    va, vb = expand_pm(a), expand_pm(b)
    if len(va) > 1 or len(vb) > 1:
        return _sets([Answer("number", (x,)) for x in va], [Answer("number", (x,)) for x in vb], ctx)
    names = free_vars(a) | free_vars(b)
    if "i" in names:
        return _complex(a, b, ctx)  # i is the imaginary unit, also next to other letters (READING_RULES)
    if names:
        return _identity(a, b, ctx)
    return _constants(a, b, ctx)


def _sums(a: Node, b: Node, ctx: _Context) -> _Verdict:
    """Terms with a sum whose bound is a letter n (a whole number): different when they differ at some n in
    SUM_POINTS (each sum written out there), equal when they agree at all of them and sympy's closed form of the
    difference is 0 (it holds from the largest lower bound minus one on; the points cover the rest)."""
    from pyverify.answers import _engine
    from pyverify.answers._sums import (
        SUM_POINTS,
        SumTooLarge,
        bound_letters,
        expand_sums,
        has_index,
        lowest_start,
        same_terms,
    )
    from pyverify.logic._ast import substitute

    letters = bound_letters(a) | bound_letters(b)
    if not letters:
        series = any(isinstance(n, SumOf) and "infinity" in {c.func for c in walk(n.hi) if isinstance(c, Call)}
                     for t in (a, b) for n in walk(t))  # fmt: skip
        return _Verdict("unknown", "none", reason="an infinite series is not evaluated" if series else
                        "a sum whose bounds are not whole numbers")  # fmt: skip
    if (free_vars(a) | free_vars(b)) - letters or len(letters) != 1:
        return _Verdict("unknown", "none", reason="a sum whose bounds or summand hold other letters than one bound n")
    (name,) = letters
    agreed, undefined = 0, []
    for value in SUM_POINTS:
        point = {name: Num(Fraction(value))}
        try:
            x, y = expand_sums(substitute(a, point)), expand_sums(substitute(b, point))
            found = _terms(x, y, ctx) if free_vars(x) | free_vars(y) else _constants(x, y, ctx)  # F_0, F_1: letters
        except SumTooLarge:
            break
        except _Undefined as exc:
            undefined.append(f"at {name} = {value}, {exc.reason}")
            continue
        if found.status == "different":
            inner = found.witness or {}  # the values of F_0, F_1, ... when the sums hold indexed terms
            return _Verdict("different", found.method, {"at" if "point" in inner else "point": {name: str(value)}, **inner})
        agreed += found.status == "equal"
    if len(undefined) == len(SUM_POINTS):
        raise _Undefined(f"no value at any {name} tried: {undefined[0]}")
    start = [lowest_start(a), lowest_start(b)]
    if agreed < len(SUM_POINTS) or None in start or max(s for s in start if s is not None) - 1 > SUM_POINTS[-1]:
        return _Verdict("unknown", "none", reason=f"equal at {agreed} values of {name}, and not proved for all")
    if same_terms(a, b):  # the same range, summands equal as polynomials (indexed terms as letters)
        return _Verdict("equal", "structure", conditions=(f"for every natural number {name}",))
    if has_index(a) or has_index(b):
        return _Verdict("unknown", "none", reason=f"sums of indexed terms equal at {name} = 0..{SUM_POINTS[-1]}, "
                        "but not proved for all")  # fmt: skip
    zero = _call(_engine.sum_zero, (a, b, name), ctx)
    if zero.get("zero") is True:
        return _Verdict("equal", "symbolic", conditions=(f"for every natural number {name}",))
    return _Verdict("unknown", "none", reason=f"equal at {name} = 0..{SUM_POINTS[-1]}, but {zero.get('reason')}")


def _indexed(a: Node, b: Node, ctx: _Context) -> _Verdict:
    """Terms with indexed terms F_{n-1} (and no sum): equal when their form proves it (indexed terms as letters of
    their own, their indices in normal form); different at a whole value of the index letters, each indexed term
    then the variable F_j (a witness that names that value); else unknown."""
    from itertools import product

    from pyverify.answers._sums import SUM_POINTS, expand_sums, index_letters, same_terms
    from pyverify.logic._ast import substitute

    if same_terms(a, b):
        return _Verdict("equal", "structure", conditions=("for every sequence",))
    letters = sorted(index_letters(a) | index_letters(b))
    if len(letters) > 2:
        return _Verdict("unknown", "none", reason="indexed terms whose indices hold more than two letters")
    for values in product(SUM_POINTS, repeat=len(letters)):
        point = {n: Num(Fraction(v)) for n, v in zip(letters, values)}
        x, y = expand_sums(substitute(a, point)), expand_sums(substitute(b, point))
        try:
            found = _terms(x, y, ctx)
        except _Undefined:
            continue
        if found.status == "different":
            return _Verdict("different", found.method, {"at": {n: str(v) for n, v in zip(letters, values)},
                                                        **(found.witness or {})})  # fmt: skip
    return _Verdict("unknown", "none", reason="indexed terms equal at whole values of their indices, not proved for all")


_ZERO, _ONE = Num(Fraction(0)), Num(Fraction(1))
MAX_COMPLEX_POWER = 32


def _parts(node: Node) -> tuple[Node, Node] | None:
    """(real part, imaginary part) of a term in the imaginary unit i, built from + - * / and integer powers;
    None when i sits inside a function (``\\sqrt{i}``, ``e^{i\\pi}``) or a power is not a small integer."""
    if isinstance(node, Var):
        return (_ZERO, _ONE) if node.name == "i" else (node, _ZERO)  # other letters are real
    if "i" not in free_vars(node):
        return node, _ZERO
    if isinstance(node, Call) and node.func == "exp" and len(node.args) == 1:
        return _exp_parts(node.args[0])
    if not isinstance(node, Op):
        return None
    if node.op == "^" and isinstance(node.args[0], Call) and node.args[0].func == "e" and not node.args[0].args:
        return _exp_parts(node.args[1])
    if node.op == "neg":
        inner = _parts(node.args[0])
        return None if inner is None else (Op("neg", (inner[0],)), Op("neg", (inner[1],)))
    if node.op == "^":
        exponent = _literal(node.args[1])
        base = _parts(node.args[0])
        if base is None or exponent is None or exponent.denominator != 1 or abs(exponent) > MAX_COMPLEX_POWER:
            return None
        result: tuple[Node, Node] = (_ONE, _ZERO)
        for _ in range(abs(int(exponent))):
            result = _times(result, base)
        return _inverse(result) if exponent < 0 else result
    left, right = _parts(node.args[0]), _parts(node.args[1])
    if left is None or right is None:
        return None
    if node.op in "+-":
        return Op(node.op, (left[0], right[0])), Op(node.op, (left[1], right[1]))
    if node.op == "*":
        return _times(left, right)
    if node.op == "/":
        return _times(left, _inverse(right))
    return None


#: Largest real or imaginary part (nodes counted as a tree: the parts share subterms, and what compares them walks
#: them as trees) that is compared; nested quotients by x + i grow it exponentially.
MAX_PART_NODES = 3000


def _small_tree(node: Node, limit: int = MAX_PART_NODES) -> bool:
    """At most ``limit`` nodes, counted as a tree (stopping there)."""
    stack, count = [node], 0
    while stack:
        count += 1
        if count > limit:
            return False
        top = stack.pop()
        stack.extend(getattr(top, "args", ()))
    return True


def _exp_parts(exponent: Node) -> tuple[Node, Node] | None:
    """Euler's formula: e^(a + bi) = e^a·cos b + i·e^a·sin b (a, b real)."""
    parts = _parts(exponent)
    if parts is None:
        return None
    re_, im = parts
    size = _ONE if re_ == _ZERO else Op("^", (Call("e", ()), re_))
    return Op("*", (size, Call("cos", (im,)))), Op("*", (size, Call("sin", (im,))))


def _numbers(*parts: Node) -> list[Fraction] | None:
    """The values of parts that are small terms of numerals (counted first: the parts share subterms)."""
    values = [_small_rational(p) if _small_tree(p, SMALL_NODES) else None for p in parts]
    return None if None in values else [v for v in values if v is not None]


def _times(x: tuple[Node, Node], y: tuple[Node, Node]) -> tuple[Node, Node]:
    (a, b), (c, d) = x, y
    known = _numbers(a, b, c, d)  # numbers stay numbers: (1 + i)^20 is a pair of numerals, not a tree of 2^20 nodes
    if known is not None:
        ka, kb, kc, kd = known
        return Num(ka * kc - kb * kd), Num(ka * kd + kb * kc)
    return Op("-", (Op("*", (a, c)), Op("*", (b, d)))), Op("+", (Op("*", (a, d)), Op("*", (b, c))))


def _inverse(x: tuple[Node, Node]) -> tuple[Node, Node]:
    a, b = x
    known = _numbers(a, b)
    if known is not None and any(known):
        norm_value = known[0] ** 2 + known[1] ** 2
        return Num(known[0] / norm_value), Num(-known[1] / norm_value)
    if b == _ZERO:
        return Op("/", (_ONE, a)), _ZERO
    norm = Op("+", (Op("*", (a, a)), Op("*", (b, b))))
    return Op("/", (a, norm)), Op("/", (Op("neg", (b,)), norm))


def _complex(a: Node, b: Node, ctx: _Context) -> _Verdict:
    """Answers with the imaginary unit i (i² = -1), the other letters real variables: equal when the real and the
    imaginary parts are (as numbers, or as identities in the other letters), different (with the part that
    differs, and a point where it does) otherwise. Never i as a real variable: ``x i^2`` is ``-x``."""
    from pyverify.answers._fast import polynomial_identity

    fast = polynomial_identity(a, b)  # equal as polynomials in i too: equal for i² = -1 (the converse fails)
    if fast is not None and fast[0] == "equal":
        return _Verdict("equal", "polynomial", fast[1])
    pa, pb = _parts(a), _parts(b)
    if pa is None or pb is None:
        return _Verdict("unknown", "none", reason="i inside a function other than e^(...) or a power that is not a "
                        "small integer")  # fmt: skip
    if not all(_small_tree(p) for p in (*pa, *pb)):
        return _Verdict("unknown", "none", reason=f"the real and imaginary parts written out exceed {MAX_PART_NODES} "
                        "nodes")  # fmt: skip
    pending, conditions = None, []
    for k, part in enumerate(("real part", "imaginary part")):
        x, y = pa[k], pb[k]
        v = _identity(x, y, ctx) if free_vars(x) | free_vars(y) else _constants(x, y, ctx)
        if v.status == "different":
            return _Verdict("different", v.method, {"part": part, **(v.witness or {})})
        if v.status != "equal":
            pending = v
        conditions += [c for c in v.conditions if c not in conditions]
    if pending is not None:
        return pending
    exact = all(_literal(p) is not None for p in (*pa, *pb))
    return _Verdict("equal", "rational" if exact else "complex", conditions=tuple(conditions))


# ---------------------------------------------------------------- equations


# (a name may carry a subscript: f_1(x), g_n(x), Y_{s}(p) = 100\sqrt{p} (Minerva's golds))
_FUNCTION_OF = re.compile(r"^\s*([A-Za-z](?:_\s*(?:\{\s*[A-Za-z0-9]{1,6}\s*\}|[A-Za-z0-9]))?)\s*(?:(?:\^\s*\{\s*-\s*1\s*\}|\^\s*-\s*1)\s*)?(?:\\left\s*)?\(\s*([A-Za-z])\s*"
                          r"(?:\\right\s*)?\)\s*=(?!=)")


def _function_of(ans: Answer) -> str | None:
    """``p(x) = x^2 + 1``, ``f^{-1}(x) = \\frac{x-3}{2}``: a function's value at its variable names the expression on the
    right (the grammar reads p(x) as the product p·x; the text says which). The variable's letter, or None."""
    found = _FUNCTION_OF.match(ans.text or "")
    if found is None or found.group(1) == found.group(2):
        return None
    function = re.sub(r"[\s{}]", "", found.group(1))  # Y_{s} is the letter Y_s
    lhs, rhs = ans.terms

    def name(node: Node) -> str | None:  # f, or f^{-1} (the inverse function f^{-1}(x), read as f^{-1}·x)
        if isinstance(node, Op) and node.op == "^" and node.args[1] == Op("neg", (_ONE,)):
            node = node.args[0]
        return node.name if isinstance(node, Var) else None

    names = [name(v) for v in lhs.args] if isinstance(lhs, Op) and lhs.op == "*" else []
    return found.group(2) if names == [function, found.group(2)] and function not in free_vars(rhs) else None


def _value_of_equation(ans: Answer) -> Node | None:
    """``x = 3`` read as the value 3 (a single variable on one side, a constant on the other); ``p(x) = x^2 + 1``
    and ``y = 2x + 3`` name the expression on the right."""
    from pyverify.answers._forms import _is_name

    lhs, rhs = ans.terms
    if _function_of(ans):
        return rhs
    if _is_name(lhs) and (not free_vars(rhs) or _one_name(lhs) and not free_vars(lhs) & free_vars(rhs)):
        return rhs  # r = 4, QM = 30, XY = R\\sqrt{3} (Omni-MATH): a name and its value, in other letters
    if _is_name(rhs) and not free_vars(lhs):
        return lhs
    if isinstance(lhs, Var) and lhs.name not in free_vars(rhs):
        return rhs  # y = 2x + 3 names the expression 2x + 3
    return None


def _equation_against_value(eq: Answer, value: Answer, ctx: _Context) -> _Verdict | None:
    """A candidate equation that names no value, with a constant on one side (x^3 = 12, x + y = 4027, 2x = 12,
    |r - s| = 16), against a reference number: it states the value its letter side takes, or, in one letter, it is solved by that letter's
    value; which one the question asked for is not known (x^3 = 12 answers "find x^3" with 12 and leaves "find x"
    unsolved). Different when the number is neither; unknown when it is one of them (the reason says which); None
    when no side is a constant or the value has letters (the kinds alone decide)."""
    if _value_of_equation(eq) is not None or free_vars(value.terms[0]):
        return None
    lhs, rhs = eq.terms
    if bool(free_vars(lhs)) == bool(free_vars(rhs)):
        return None
    side, constant = (lhs, rhs) if free_vars(lhs) else (rhs, lhs)
    stated = _terms(constant, value.terms[0], ctx)
    names = free_vars(side)
    try:
        solves = _terms(substitute(side, {next(iter(names)): value.terms[0]}), constant, ctx) if len(names) == 1 else None
    except _Undefined:  # \sqrt{x} = 3 at x = -9: the side has no value there, so -9 solves nothing
        solves = _Verdict("different", "structure")
    shown = {"side": render(Answer("expression", (side,))), "value": render(Answer("number", (constant,)))}
    written = [t.strip() for t in (eq.text or "").split("=")]
    if len(written) == 2 and all(written):  # as written (x^3 = 12), not as rendered ({(x)}^{3})
        shown = dict(zip(("side", "value"), written if side is lhs else written[::-1]))
    if FUNCTION_AT_A_POINT.fullmatch(shown["side"]):
        return stated  # f(2) = 6, g'(1) = 3: a function's value at a point names that value (Thus $f(2) = 6$. is 6)
    if stated.status == "different" and (solves is None or solves.status == "different"):
        return _Verdict("different", "structure", {"equation": shown, "reference": render(value)})
    letter = f"{next(iter(names))} = {render(value)}" if len(names) == 1 else None
    if stated.status == "equal":
        why = (f"the equation states {shown['side']} = {shown['value']}, the reference's value: equal if the "
               f"question asked for {shown['side']}" + (f", different if it asked for {next(iter(names))}" if letter else ""))
    elif solves is not None and solves.status == "equal":
        why = (f"the equation is solved by {letter}: equal if the question asked for {next(iter(names))} (and this "
               f"is its only solution), different if it asked for {shown['side']}, whose value it states as {shown['value']}")
    else:
        why = "the equation's stated value or its solution could not be compared with the reference"
    return _Verdict("unknown", "none", reason=why)


# a degree mark (^\circ, ^{\circ}, °, \degree)
_DEGREE_MARK = re.compile(r"\\circ(?![A-Za-z])|°|\\degree(?![A-Za-z])")


_KIND_WORDS = {"list": "a list", "set": "a set", "tuple": "a tuple", "interval": "an interval", "union": "a union",
               "number": "a computation", "expression": "an expression", "equation": "an equation",
               "inequality": "an inequality"}  # fmt: skip


def _written(raw: str | Answer, ans: Answer) -> str:
    """The text an answer was read from, as written (its extracted span when it has one; an Answer given: its text)."""
    if not isinstance(raw, str):
        return ans.text or ""
    start, end = ans.span if ans.span else (0, 0)
    return raw[start:end] if end > start else raw


def _joined(text: str) -> str:
    """The numbers joined by hyphens that an answer text is (5-7 days: 5-7), or the text without its spaces."""
    joined = HYPHEN_JOINED.fullmatch(text.strip())
    return joined.group(1) if joined else "".join(text.split()).rstrip(".")


def _has_pi(ans: Answer) -> bool:
    """Whether an answer writes π anywhere (its terms, items, rows, or its text)."""
    return "\\pi" in (ans.text or "") or "π" in (ans.text or "") or \
        any(isinstance(n, Call) and n.func == "pi" for t in ans.terms for n in walk(t))  # fmt: skip


# a text answer's usual abbreviation and the words it stands for
_ABBREVIATED = {"dne": "does not exist"}


def _point_value(eq: Answer) -> Node | None:
    """The value an equation gives a function at a number, as written (``f(\\frac{2\\pi}{3}) = 1``: 1), or None."""
    found = _point_of(eq)
    return found[1] if found is not None else None


def _point_of(eq: Answer) -> tuple[str, Node] | None:
    """The function at a number an equation values, as written without spaces, and that value (``f(2) = 4``: f(2),
    4), or None."""
    written = [t.strip() for t in (eq.text or "").split("=")]
    if len(written) != 2 or not all(written) or eq.kind != "equation" or len(eq.terms) != 2:
        return None
    for k, side in enumerate(written):
        other = eq.terms[1 - k]
        if FUNCTION_AT_A_POINT.fullmatch(side) and not free_vars(other):
            return re.sub(r"\s+|\\left|\\right|\\[!,]", "", side), other
    return None


# an equation's left side that names a function or a letter with its marks, as written: f, f', f^{-1} (then (x) or
# nothing, then =): the mark tells a function from its derivative or its inverse
# (each run of blanks inside the group it opens: runs side by side with only optional groups between them were tried in
# every split, cubic on a long run that is no name)
_MARKED_NAME = re.compile(r"\s*([A-Za-z](?:_\{?\w{1,4}\}?)?)(?:\s*('{1,3}|\^\s*\{?\s*-\s*1\s*\}?|\^\s*\{?\s*\(\s*\d\s*\)\s*\}?))?"
                          r"(?:\s*(?:\\left\s*)?\(\s*[A-Za-z]\s*(?:\\right\s*)?\))?\s*=(?!=)")


def _marks(ans: Answer) -> tuple[str, str] | None:
    """The letter an equation's left side names and its mark (``f'(x) = ...``: f and '; ``y = ...``: y and nothing)."""
    found = _MARKED_NAME.match((ans.text or "")[:200])
    return (found.group(1).replace("{", "").replace("}", ""), re.sub(r"[\s{}]", "", found.group(2) or "")) if found else None


def _one_name(node: Node) -> bool:
    """One letter, or a segment of capitals (XY): never a product like ax, where ax = b may solve for x."""
    from pyverify.answers._forms import _is_segment

    return isinstance(node, Var) or _is_segment(node)


def _equations(a: Answer, b: Answer, ctx: _Context) -> _Verdict:
    from pyverify.answers._fast import certainly_defined

    (la, ra), (lb, rb) = a.terms, b.terms
    if (la, ra) == (lb, rb) and certainly_defined(la) and certainly_defined(ra):
        return _Verdict("equal", "structure")  # the same equation, both sides defined everywhere
    pa, pb = _point_of(a), _point_of(b)
    if pa is not None and pb is not None and pa[0] == pb[0]:
        return _terms(pa[1], pb[1], ctx)  # f(2) = 4 against f(2) = 2^2: the values at the same point
    if pa is not None or pb is not None:
        # f(2) = 4 against f(1) = 2: values at other points (read as products, f·2 - 4 and f·1 - 2 are proportional)
        return _Verdict("unknown", "none", reason="the equations give a function's value at a point, and not both at the "
                        "same point of the same function: not compared")  # fmt: skip
    ma, mb = _marks(a), _marks(b)
    if ma is not None and mb is not None and ma[0] == mb[0] and ma[1] != mb[1]:
        # f'(x) = 2x + 1 against f(x) = 2x + 1: the same expression named for a function and for its derivative or
        # inverse (y' against y likewise)
        marked = [f"{letter}{mark}" for letter, mark in (ma, mb)]
        return _Verdict("unknown", "none", reason=f"the equations name {marked[0]} and {marked[1]}: a function and its "
                        "derivative or inverse, whose expressions are not compared")  # fmt: skip
    if isinstance(la, Var) and la == lb and la.name not in free_vars(ra) | free_vars(rb):
        return _terms(ra, rb, ctx)  # y = f(x) against y = g(x)
    named = [_function_of(e) or (isinstance(e.terms[0], Var) and e.terms[0].name not in free_vars(e.terms[1]))
             for e in (a, b)]  # fmt: skip
    if all(named) and (_function_of(a) or _function_of(b)):
        xa, xb = _function_of(a), _function_of(b)
        if xa and xb and xa != xb and xa not in free_vars(rb):
            rb = substitute(rb, {xb: Var(xa, REAL)})  # f(t) = t^2 against f(x) = x^2: the same function
        return _terms(ra, rb, ctx)  # f(x) = 2x + 3 against y = 2x + 3 or g(x) = 2x + 3: the expressions they name
    da, db = Op("-", (la, ra)), Op("-", (lb, rb))
    names = free_vars(da) | free_vars(db)
    if not names:
        return _Verdict("unknown", "none", reason="equations without variables")
    first = _identity(da, db, ctx, names)
    if first.status == "equal":
        return _Verdict("equal", first.method, conditions=first.conditions)
    second = _identity(da, Op("neg", (db,)), ctx, names)
    if second.status == "equal":
        return _Verdict("equal", second.method, conditions=second.conditions)
    factor = _factor(da, db, names, ctx)
    if factor is not None:
        scaled = _identity(da, Op("*", (Num(factor), db)), ctx, names)
        if scaled.status == "equal":
            return _Verdict("equal", scaled.method, {"factor": str(factor)}, conditions=scaled.conditions)
    from pyverify.answers import _engine

    # only an equation that divides by a letter can differ from the other by that letter (no engine call otherwise)
    letters = _call(_engine.letter_ratio, (da, db), ctx) if _divides_by_a_letter(da) or _divides_by_a_letter(db) \
        else {}  # fmt: skip
    if letters.get("powers"):
        scale: Node = Num(letters["coefficient"])
        for name, power in letters["powers"]:
            scale = Op("*", (scale, Op("^", (Var(name, REAL), Num(Fraction(power))))))
        scaled = _identity(da, Op("*", (scale, db)), ctx, names)
        if scaled.status == "equal":
            up = [name + (f"^{power}" if power > 1 else "") for name, power in letters["powers"] if power > 0]
            down = [name + (f"^{-power}" if power < -1 else "") for name, power in letters["powers"] if power < 0]
            coefficient = letters["coefficient"]
            shown = " · ".join(([] if coefficient == 1 else [str(coefficient)]) + up) or "1"
            shown += f" / ({' · '.join(down)})" if down else ""
            nonzero = ", ".join(f"{name} ≠ 0" for name, _ in letters["powers"])
            why = f"the equations differ by the factor {shown}; {nonzero}, as one of them needs to be defined"
            return _Verdict("equal", scaled.method, {"factor": shown},
                            conditions=tuple(dict.fromkeys((*scaled.conditions, why))))  # fmt: skip
    from pyverify.answers._fast import linear_witness

    # two linear equations in the same letters: the same hyperplane only when proportional, which they are not
    # (exact only: under a tolerance, x = 0.333 and 3x = 1 are one plane to that tolerance, not decided here)
    witness = linear_witness(da, db) if free_vars(da) == free_vars(db) and ctx.tolerance is None else None
    if witness is not None:
        return _Verdict("different", "polynomial", {**witness, "holds": "the reference", "fails": "the candidate"})
    return _Verdict("unknown", "none", reason="lhs - rhs of the two equations are not proportional by a constant "
                    "(checked at a rational point); equations with the same solutions otherwise are not decided")  # fmt: skip


def _divides_by_a_letter(node: Node) -> bool:
    """Whether a term divides by an expression with a letter in it (x/m, m^{-1}): what letter_ratio needs."""
    for n in walk(node):
        if isinstance(n, Op) and n.op == "/" and free_vars(n.args[1]):
            return True
        if isinstance(n, Op) and n.op == "^" and free_vars(n.args[0]):
            exponent = n.args[1]
            if (isinstance(exponent, Op) and exponent.op == "neg") or (isinstance(exponent, Num) and exponent.value < 0):
                return True
    return False


def _factor(da: Node, db: Node, names: set[str], ctx: _Context) -> Fraction | None:
    """The rational c with da = c·db at a rational point (both rational there, db nonzero), or None (worker-side)."""
    from pyverify.answers import _engine
    from pyverify.answers._fast import polynomial_ratio

    ratio = polynomial_ratio(da, db)
    if ratio is not None:
        return ratio if isinstance(ratio, Fraction) else None  # False: polynomials, not proportional
    points = [{name: _POINTS[(j + shift) % len(_POINTS)] + j for j, name in enumerate(sorted(names))}
              for shift in range(3)]  # fmt: skip
    found = _call(_engine.ratio_at_points, (da, db, points), ctx)
    return found.get("ratio")


# ---------------------------------------------------------------- intervals


_INF = "inf"


def _endpoint(node: Node) -> Node | str:
    if isinstance(node, Call) and node.func == "infinity":
        return _INF
    if isinstance(node, Op) and node.op == "neg" and isinstance(node.args[0], Call) and node.args[0].func == "infinity":
        return "-" + _INF
    if isinstance(node, Op) and node.op == "+" and isinstance(node.args[0], Call) and node.args[0].func == "infinity":
        return _INF
    return node


def _cmp(x: Node | str, y: Node | str, ctx: _Context) -> int:
    if isinstance(x, str) or isinstance(y, str):
        rank = {"-inf": -1, "inf": 1}
        rx, ry = (rank[x] if isinstance(x, str) else 0), (rank[y] if isinstance(y, str) else 0)
        if rx != ry:
            return (rx > ry) - (rx < ry)
        if isinstance(x, str):
            return 0
    assert not isinstance(x, str) and not isinstance(y, str)
    sign, _, info = _sign(x, y, ctx)
    if sign is None or sign == 2:
        raise _Unknown(f"cannot order endpoints {_text(x)} and {_text(y)}: {info.get('reason', '')}")
    return sign


def _intervals(ans: Answer) -> list[Answer]:
    if ans.kind == "interval":
        return [ans]
    if ans.kind == "union":
        return list(ans.items)
    if ans.kind == "tuple" and len(ans.items) == 2 and all(i.kind == "number" or _is_inf(i) for i in ans.items):
        return [Answer("interval", (ans.items[0].terms[0], ans.items[1].terms[0]), closed=(False, False))]
    raise _Unknown(f"a {ans.kind} is not a set of reals")


def _reversed(iv: Answer, ctx: _Context) -> bool:
    """An interval whose lower end is above its upper end, or equal to it with an open end (empty as written)."""
    lo, hi = (_endpoint(t) for t in iv.terms)
    if isinstance(lo, str) or isinstance(hi, str):
        return lo == "inf" or hi == "-inf"
    order = _cmp(lo, hi, ctx)
    return order > 0 or (order == 0 and not all(iv.closed))


def _closed_pair(ans: Answer) -> bool:
    return ans.kind == "interval" and all(ans.closed) and not any(isinstance(_endpoint(t), str) for t in ans.terms)


def _scalar(term: Node) -> Answer:
    return Answer("number" if not free_vars(term) else "expression", (term,))


def _pair_list(ans: Answer) -> Answer:
    return Answer("tuple", items=tuple(_scalar(t) for t in ans.terms), text=ans.text)


def _bracket_list(ans: Answer) -> bool:
    """A list written in square brackets: ``[7, 8, 10]`` (read as a tuple)."""
    return ans.kind == "tuple" and re.sub(r"^\s*\$*\s*(?:\\left)?\s*", "", ans.text or "").startswith("[")


def _as_list(ans: Answer, other: Answer, ctx: _Context) -> Answer:
    """``[8, 4]``: brackets around two numbers whose first is the larger are a list (TheoremQA writes lists so),
    never the empty interval; and so is ``[2, 3]`` against such a list or a longer one in brackets (``[7, 8, 10]``):
    both sides are then lists."""
    if not _closed_pair(ans):
        return ans
    if _bracket_list(other) or (_closed_pair(other) and _reversed_pair(other, ctx)):
        return _pair_list(ans)
    return _pair_list(ans) if _reversed_pair(ans, ctx) else ans


def _reversed_pair(ans: Answer, ctx: _Context) -> bool:
    try:
        return _cmp(ans.terms[0], ans.terms[1], ctx) > 0
    except _Unknown:
        return False


def _is_inf(item: Answer) -> bool:
    return bool(item.terms) and isinstance(_endpoint(item.terms[0]), str)


def _member(point: Node, intervals: list[Answer], ctx: _Context) -> bool:
    for iv in intervals:
        lo, hi = (_endpoint(t) for t in iv.terms)
        c_lo, c_hi = _cmp(point, lo, ctx), _cmp(point, hi, ctx)
        if (c_lo > 0 or (c_lo == 0 and iv.closed[0])) and (c_hi < 0 or (c_hi == 0 and iv.closed[1])):
            return True
    return False


def _real_sets(a: Answer, b: Answer, ctx: _Context) -> _Verdict:
    if a.kind == b.kind == "interval" and a.closed == b.closed and any(free_vars(t) for t in (*a.terms, *b.terms)):
        # [x, x + 1] against [x, 1 + x]: letters in the endpoints cannot be ordered; the same ends, the same interval
        if all(_terms(x, y, ctx).status == "equal" for x, y in zip(a.terms, b.terms)):
            return _Verdict("equal", "structure", conditions=("the same endpoints",))
        return _Verdict("unknown", "none", reason="intervals with letters in their endpoints are compared end by end "
                        "only, and these ends differ")  # fmt: skip
    ia, ib = _intervals(a), _intervals(b)
    for iv in ia + ib:  # [8, 4] or (3, 1] is no way to write the empty set: never equal to another one
        if _reversed(iv, ctx):
            raise _Unknown(f"{render(iv)} is no interval: its lower end is not below its upper end")
    ends: list[Node] = []
    for iv in ia + ib:
        for t in iv.terms:
            e = _endpoint(t)
            if not isinstance(e, str) and not any(_cmp(e, seen, ctx) == 0 for seen in ends):
                ends.append(e)
    # sort finite endpoints exactly (few of them), then test each endpoint and each gap between them
    ordered: list[Node] = []
    for e in ends:
        k = 0
        while k < len(ordered) and _cmp(ordered[k], e, ctx) < 0:
            k += 1
        ordered.insert(k, e)
    probes: list[Node] = []
    if ordered:
        probes.append(Op("-", (ordered[0], Num(Fraction(1)))))
        for k, e in enumerate(ordered):
            probes.append(e)
            if k + 1 < len(ordered):
                probes.append(Op("/", (Op("+", (e, ordered[k + 1])), Num(Fraction(2)))))
        probes.append(Op("+", (ordered[-1], Num(Fraction(1)))))
    else:
        probes.append(Num(Fraction(0)))
    for p in probes:
        in_a, in_b = _member(p, ia, ctx), _member(p, ib, ctx)
        if in_a != in_b:
            where = "reference" if in_a else "candidate"
            return _Verdict("different", "structure", {"element": _text(p), "belongs_to": where})
    return _Verdict("equal", "structure")


# ---------------------------------------------------------------- sets, tuples, lists, matrices


def _values(ans: Answer, together: bool = False) -> list[Answer]:
    """Members of a set or list, with ``x = 3`` read as 3 and ± expanded (in a tuple: :func:`_tuple_signs`)."""
    out: list[Answer] = []
    members = ans.items if ans.kind in ("set", "list") else (ans,)
    named = next((m for m in members if _names(m)), None)
    if named is not None:  # (y, x) = (2, 1) or (1, 2): two values of (y, x), the names said once
        members = tuple(replace(m, value=named.value) if m.kind == "tuple" and not m.value
                        and len(m.items) == len(named.items) else m for m in members)  # fmt: skip
    total = 0
    for m in members:
        if m.kind == "equation" and _value_of_equation(m) is not None:
            m = Answer("number", (_value_of_equation(m),))  # type: ignore[arg-type]
        elif m.kind == "equation" and _point_value(m) is not None:  # θ = 3π/2, f(2π/3) = 1: two values
            m = Answer("number", (_point_value(m),))  # type: ignore[arg-type]
        if m.kind in ("number", "expression"):
            out.extend(Answer(m.kind, (v,)) for v in expand_pm(m.terms[0]))
        elif m.kind == "tuple":
            signed = _tuple_signs(m, together)
            total += len(signed) if len(signed) > 1 else 0
            if total > _MAX_SIGNED:
                raise _Unknown(f"more than {_MAX_SIGNED} tuples from ± signs")
            out.extend(signed)
        else:
            out.append(m)
    return out


#: The most tuples the ± signs of one answer may make (each is matched against every tuple of the other answer).
_MAX_SIGNED = 64


def _pm_count(ans: Answer) -> int:
    return sum(1 for i in ans.items if i.kind in _SCALAR for n in walk(i.terms[0]) if isinstance(n, Op) and n.op == "pm")


def _tuple_signs(t: Answer, together: bool) -> list[Answer]:
    """The tuples a tuple with ± denotes: ``(\\frac52, 2 \\pm \\frac32 i)`` is two. With several signs, every choice of
    signs (``together`` False: (±1, ±1) is four points) or one sign for all (True: two points)."""
    count = _pm_count(t)
    if count == 0:
        return [t]
    if count > MAX_PM:
        raise _Unknown(f"more than {MAX_PM} ± signs")
    choices = [[sign] * count for sign in "+-"] if together else [list(c) for c in product("+-", repeat=count)]
    out = []
    for choice in choices:
        signs = iter(choice)
        items = tuple(replace(i, terms=(_unsigned(choose_signs(i.terms[0], signs)),)) if i.kind in _SCALAR else i
                      for i in t.items)  # fmt: skip
        out.append(replace(t, items=items))
    return out


def _unsigned(node: Node) -> Node:
    """``0 + x`` as x and ``0 - x`` as -x: what a leading ± leaves once its sign is chosen."""
    if isinstance(node, Op) and node.op in ("+", "-") and len(node.args) == 2 and node.args[0] == Num(Fraction(0)):
        return node.args[1] if node.op == "+" else Op("neg", (node.args[1],))
    return node


def _sign_readings(a: Answer, b: Answer, run: Callable[[bool], _Verdict]) -> _Verdict:
    """``run`` with ± in tuples expanded: one verdict when a tuple has at most one sign, or when every choice of signs
    and one sign for all agree; otherwise unknown."""
    first = run(False)
    if not any(_pm_count(t) > 1 for x in (a, b) for t in (x, *x.items) if t.kind == "tuple"):
        return first
    second = run(True)
    if first.status == second.status:
        return first
    return _Verdict("unknown", "none", reason="a tuple with several ± signs reads as every choice of signs or as one "
                    "sign for all ((\\pm 1, \\pm 1): four points or two), and the two readings give different verdicts")  # fmt: skip


def _same_defined(x: Answer, y: Answer) -> bool:
    """The same term on both sides, with a value wherever its letters are real: equal without computing."""
    from pyverify.answers._fast import certainly_defined

    return x.kind in _SCALAR and x.kind == y.kind and x.terms == y.terms and certainly_defined(x.terms[0])


def _matches(x: Answer, second: list[Answer], ctx: _Context) -> str:
    """``equal`` when some element of ``second`` equals ``x``, ``different`` when all differ, else ``unknown``."""
    alike = [y for y in second if y.kind == x.kind and y.terms == x.terms and y.items == x.items and y.rows == x.rows]
    # (written the same way: a tuple's or a matrix's entries too)
    if alike and _same_defined(x, alike[0]):
        return "equal"
    statuses = set()
    outer, ctx.witness = (
        ctx.witness,
        False,
    )  # a mismatch while matching needs no witness text (the set's witness is the element)
    try:  # (an element written the same way first: a set against itself is matched in one comparison per element)
        firsts = {id(y) for y in alike}
        for y in alike + [y for y in second if id(y) not in firsts]:
            status = _compare(x, y, ctx).status
            if status == "equal":
                return "equal"
            statuses.add(status)
    finally:
        ctx.witness = outer
    return "different" if statuses <= {"different"} else "unknown"


def _sets(xs: list[Answer], ys: list[Answer], ctx: _Context) -> _Verdict:
    undecided = False
    for side, first, second in (("reference", xs, ys), ("candidate", ys, xs)):
        for x in first:
            ctx.left()  # (raises past the deadline: a long list of elements is matched pair by pair)
            found = _matches(x, second, ctx)
            if found == "equal":
                continue
            if found == "different":
                return _Verdict("different", "structure", {"element": render(x), "only_in": side})
            undecided = True
    if undecided:
        return _Verdict("unknown", "none", reason="some elements could not be matched")
    return _Verdict("equal", "structure")


def _multiplicities(a: Answer, b: Answer, ctx: _Context) -> _Verdict | None:
    """A reference list that repeats a value (``2, 2, 3``: an eigenvalue or a root with its multiplicity) against a
    candidate list or set equal to it as a set: different when the candidate writes a value a different number of
    times (a set in braces writes each once), else None (equal as they are). The reference decides: a candidate that
    repeats a value the reference writes once is read as the set (a double root listed twice). One value against
    ``-2, -2`` stays equal (OlympiadBench writes the values of a and b so, and a repeated box is one answer), and so
    do a reference's equations whose values coincide (``\angle A = 90, \angle B = 90``), a reference list of
    alternatives (x = 2 or x = 2) and values from ±."""
    if a.kind != "list" or b.kind not in ("list", "set") or a.value == "or" or _pm_count(a) or _pm_count(b) or \
            any(m.kind not in ("number", "expression", "tuple") for m in a.items) or \
            any(m.kind not in ("number", "expression", "tuple", "equation") for m in b.items):  # fmt: skip
        return None  # (the candidate may write its values as alternatives or equations: 2 or 3, x = 2, x = 3)
    sides = (_values(a), _values(b))
    if max(len(sides[0]), len(sides[1])) > _MAX_COUNTED:
        return None
    reps: list[Answer] = []
    counts: list[list[int]] = []
    for side, values in enumerate(sides):
        for x in values:
            ctx.left()
            at = next((k for k, r in enumerate(reps) if _same_defined(x, r) or _compare(x, r, ctx).status == "equal"),
                      None)  # fmt: skip
            if at is None:
                if side == 1:
                    return None  # (equal as sets: an element not matched here was undecided, so no count is certain)
                reps.append(x)
                counts.append([0, 0])
                at = len(reps) - 1
            counts[at][side] += 1
    if len(reps) == len(sides[0]):
        return None  # the reference repeats nothing
    for rep, (left, right) in zip(reps, counts):
        if left != right:
            return _Verdict("different", "structure", {"element": render(rep), "times": {"reference": left, "candidate": right}})
    return None


#: The longest list whose repeated values are counted (each value is compared with every distinct one before it).
_MAX_COUNTED = 64


def _sequences(xs: list[Answer], ys: list[Answer], ctx: _Context, what: str) -> _Verdict:
    if len(xs) != len(ys):
        return _Verdict("different", "structure", {"length": [len(xs), len(ys)]})
    pending = None
    for k, (x, y) in enumerate(zip(xs, ys)):
        v = _compare(x, y, ctx)
        if v.status == "different":
            return _Verdict("different", v.method, {what: k, **(v.witness or {})})
        if v.status == "unknown":
            pending = v
    return pending or _Verdict("equal", "structure")


def _matrices(a: Answer, b: Answer, ctx: _Context) -> _Verdict:
    shape_a, shape_b = (len(a.rows), len(a.rows[0])), (len(b.rows), len(b.rows[0]))
    if shape_a != shape_b:
        return _Verdict("different", "structure", {"shape": [list(shape_a), list(shape_b)]})
    flat_a = [Answer("number", (e,)) for row in a.rows for e in row]
    flat_b = [Answer("number", (e,)) for row in b.rows for e in row]
    v = _sequences(flat_a, flat_b, ctx, "entry")
    if v.status == "different" and v.witness and "entry" in v.witness:
        k = v.witness.pop("entry")
        v.witness = {"entry": [k // shape_a[1] + 1, k % shape_a[1] + 1], **v.witness}
    return v


# ---------------------------------------------------------------- dispatch


_SCALAR = ("number", "expression")
_REAL_SETS = ("interval", "union")


_FORMS = ("text", "choice", "base", "congruence", "relation", "approx")
#: text (normalized: lower case, single spaces) that says no value exists, or that there are infinitely many: never a
#: nonzero number (models box "\\text{No Solution}" where the gold is 49)
_NO_VALUE = re.compile(r"(?:there (?:is|are|exists?) )?no (?:real |integer |positive |such |possible |valid )*"
                       r"(?:solutions?|values?|answers?|maximum(?: value)?|minimum(?: value)?|numbers?|such \w+)"
                       r"(?: (?:exists?|found|possible))?|(?:it )?does not exist|(?:it )?doesn't exist|impossible"
                       r"|cannot be determined|undetermined|none|infinitely many(?: \w+){0,3}|infinite(?: \w+)?")


def _states_values(ans: Answer) -> bool:
    """Whether an answer names what exists: a tuple, a list or set of one or more values (no text among them), or an
    equation that defines a value or a function (``x = 2``, ``f(x) = x + 1``, read f·x)."""
    if ans.kind == "tuple" or (ans.kind in ("list", "set") and ans.items):
        return all(item.kind not in ("text", "choice", "unparsed", "ambiguous") and _states_values(item)
                   for item in ans.items)  # fmt: skip
    if ans.kind == "equation":
        lhs, rhs = ans.terms
        # (N = 0 may count zero solutions, M = \infty say that none is finite: the words may mean them)
        return (isinstance(lhs, Var) or (isinstance(lhs, Op) and lhs.op == "*" and len(lhs.args) == 2
                                         and all(isinstance(x, Var) for x in lhs.args))) \
            and rhs != Num(Fraction(0)) and not _infinite(rhs)  # fmt: skip
    return ans.kind in ("number", "expression") and not _infinite(ans.terms[0])


def _infinite(node: Node) -> bool:
    return any(isinstance(n, Call) and n.func == "infinity" for n in walk(node))


def _imaginary(ans: Answer) -> bool:
    """Whether an answer holds the imaginary unit i (no real value: 'no real solutions' may still be true)."""
    nodes = [*ans.terms, *(e for row in ans.rows for e in row)]
    return any(isinstance(n, Var) and n.name == "i" for t in nodes for n in walk(t)) or any(map(_imaginary, ans.items))


def _letter(ans: Answer) -> str | None:
    """The choice letter of a choice, or of a lone capital variable (``C`` written without brackets or text)."""
    if ans.kind == "choice":
        return ans.value
    if ans.kind == "expression" and isinstance(ans.terms[0], Var) and len(ans.terms[0].name) == 1:
        return ans.terms[0].name if ans.terms[0].name.isupper() else None
    return None


def _constant(ans: Answer) -> bool:
    """Whether an answer is a value with no letter but the imaginary unit: a number, a complex number, a matrix (what
    a choice's option may be)."""
    if ans.kind in ("number", "matrix"):
        return True
    return ans.kind == "expression" and all(not isinstance(n, Var) or n.name == "i" for t in ans.terms for n in walk(t))


def _choice_run(ans: Answer) -> str | None:
    """``ACD``: two to five capital letters A to J written together in alphabetical order (a multi-select answer as
    GAOKAO writes it), as those letters; None for any other answer."""
    names: list[str] = []
    stack = list(ans.terms) if ans.kind == "expression" and len(ans.terms) == 1 else []
    while stack:
        node = stack.pop()
        if isinstance(node, Op) and node.op == "*":
            stack.extend(reversed(node.args))
        elif isinstance(node, Var) and len(node.name) == 1 and "A" <= node.name <= "J":
            names.append(node.name)
        else:
            return None
    return "".join(names) if 2 <= len(names) <= 5 and names == sorted(set(names)) else None


def _choice_letters(ans: Answer) -> str | None:
    """The letters of a list of choices (``A, C, D``, ``(A), (C)``), or of a tuple of them (``(A, C)``, which JEEBench's
    GPT-4 writes: against letters written together, ``AC``, no point is meant), sorted; None when an item is no
    choice."""
    letters = [_letter(item) or "" for item in ans.items] if ans.kind in ("list", "tuple") and len(ans.items) >= 2 else []
    return "".join(sorted(letters)) if letters and all("A" <= x <= "J" for x in letters) else None


_PLAIN_OPTION = re.compile(r"-?\d+(?:\.\d+)?")


def _rounds_to(x: str, y: str) -> bool:
    """Whether two decimals are one value, the one with fewer decimal places a rounding of the other (3.14 and
    3.1416; 2 and 2.0)."""
    places = min(len(t.partition(".")[2]) for t in (x, y))
    return abs(Fraction(x) - Fraction(y)) <= Fraction(1, 2 * 10**places)


def _forms(a: Answer, b: Answer, ctx: _Context) -> _Verdict:
    """Text answers, choices, numbers in a base, congruences, orderings and approximations (see READING_RULES)."""
    ka, kb = a.kind, b.kind
    la, lb = _letter(a), _letter(b)
    for choice, other in ((a, b), (b, a)):
        if choice.kind == "choice" and choice.items and not _letter(other):
            # (B) nonlinear against the gold nonlinear (TabMWP, MathVista write the option, not its letter): the
            # option written after the letter is the answer compared; which letter it had is not known here
            from pyverify.answers._parse import _parse_one  # the option as an answer, never a response re-read

            option = _parse_one(choice.items[0].text, None)
            if option.unit and other.unit and option.unit != other.unit:  # (C) 5 km against 5 m: not converted here
                return _Verdict("unknown", "none", reason=f"the option written after the choice ({choice.value}) states "
                                f"{option.unit} against {other.unit}: not compared")  # fmt: skip
            if option.kind not in ("unparsed", "ambiguous", "no_answer", "choice") and not _literal_no_value(option):
                found = _compare(option, other, ctx) if choice is a else _compare(other, option, ctx)
                why = f"the option written after the choice ({choice.value}) compared"
                return replace(found, conditions=(*found.conditions, why))
    if ka == kb == "choice" and a.items and b.items and la and la == lb:
        # (B) 4 against (B) 3: one letter with two plain numbers as its option that no rounding makes one states two
        # answers, and which is meant is not known (a policy could pair one option's letter with another's value);
        # any other option (3.14 against \pi, 5 hours against 300 minutes, a text) is the same option quoted
        # otherwise, and the letter decides
        plain = [_PLAIN_OPTION.fullmatch(c.items[0].text.strip()) for c in (a, b)]
        if plain[0] and plain[1] and not _rounds_to(plain[0].group(), plain[1].group()):
            return _Verdict("unknown", "none", reason=f"the choice {la} is written with two different values as its "
                            f"option ({plain[0].group()} and {plain[1].group()}): which is meant is not stated")  # fmt: skip
    if "choice" in (ka, kb) and la and lb:
        return _Verdict("equal", "structure") if la == lb else \
            _Verdict("different", "structure", {"choice": [la, lb]})  # fmt: skip
    if ka == kb == "text":
        afternoon = next((x for x, y in ((a, b), (b, a)) if any(i.kind == "text" and i.value == y.value for i in x.items)),
                         None)  # fmt: skip
        if a.value != b.value and afternoon is not None:
            # 4:51:06 against 4:51:06 p.m. (16:51:06): on 24 hours a morning time, on a 12-hour clock either
            return _Verdict("unknown", "none", reason=f"{afternoon.value}, written without a.m. or p.m., is {afternoon.value} "
                            "on 24 hours and may be the afternoon's on a 12-hour clock: which is meant is not stated")  # fmt: skip
        if a.value != b.value and a.items and b.items and a.items[0].kind == b.items[0].kind == "number" and \
                a.items[0].terms == b.items[0].terms:  # fmt: skip
            # 1:10 and 2:20: different times, one ratio; written without a.m. or p.m., either may be meant
            return _Verdict("unknown", "none", reason=f"{a.value} and {b.value} are different clock times but one "
                            "ratio: which is meant is not stated")  # fmt: skip
        values = [_QUADRANT_ORDINALS.get(v, v) for v in (a.value, b.value)]
        if any(isinstance(v, int) for v in values) and any(v.startswith("quadrant ") for v in (a.value, b.value)):
            values = [f"quadrant {v}" if isinstance(v, int) else v for v in values]  # \text{first}: which quadrant
        if values[0] == values[1]:
            return _Verdict("equal", "text")
        if {_ABBREVIATED.get(str(v), str(v)) for v in values} == {"does not exist"}:
            # DNE against does not exist: the calculus textbooks' abbreviation of the same words
            return _Verdict("equal", "text", conditions=("DNE read as 'does not exist'",))
        joined = "".join(str(values[0]).split())
        if joined == "".join(str(values[1]).split()) and len(joined) >= 8:
            # convergesabsolutely, nosolution: a gold whose spaces a harness removed (Qwen2.5-Math's normalizes so);
            # a short text may split into other words (notable, not able; nowhere, now here): compared as written
            return _Verdict("equal", "text", conditions=("equal once white space is removed",))
        if {a.value, b.value} in ({"yes", "true"}, {"no", "false"}):  # the answer to a yes-or-no question, either way
            return _Verdict("equal", "text", conditions=("yes read as true and no as false",))
        # (statement numbers, quadrants, equations between names and clock times are read forms, not sentences)
        structured = any(v.startswith(("statements ", "quadrant")) or re.search(r"[=:]", v) for v in (a.value, b.value))
        polarity = [_POLE.get(v.split()[0].strip(",.;:!")) if v.split() else None for v in (a.value, b.value)]
        if None not in polarity and polarity[0] != polarity[1]:  # "no" against "yes yes yes yes": opposite answers
            return _Verdict("different", "text", {"text": [a.value, b.value]})
        shorter, longer = sorted((a.value.split(), b.value.split()), key=len)
        if _within(shorter, longer) and not set(longer) & _NEGATING and not structured:
            # "converges" against "the series converges", "yoga" against "doing some yoga": the longer says the
            # shorter and more, which may only name what the question asked about
            return _Verdict("unknown", "none", reason="one text is the other with words added: whether they say the "
                            "same is not compared")  # fmt: skip
        if max(len(v.split()) for v in (a.value, b.value)) > _SHORT_TEXT and not structured:
            # "every sufficiently large number appears" against "every sufficiently large positive integer appears",
            # "not a rational number" against "irrational" (Omni-MATH's judge-correct answers): a sentence may say
            # the same in other words, and words are compared only as written
            return _Verdict("unknown", "none", reason=f"texts in other words (one of more than {_SHORT_TEXT} words): "
                            "what a sentence means is not compared, only its words")  # fmt: skip
        return _Verdict("different", "text", {"text": [a.value, b.value]})
    for text, other in ((a, b), (b, a)):
        if text.kind == "text" and other.kind == "number" and _NO_VALUE.fullmatch(text.value or ""):
            # "No solution", "does not exist", "infinitely many" against 49: whether the words say that no value
            # exists or count the solutions (none: 0; infinitely many), they are not 49 (against 0 or ∞, unknown)
            infinite = any(isinstance(n, Call) and n.func == "infinity" for n in walk(other.terms[0]))
            if not infinite and _terms(other.terms[0], Num(Fraction(0)), ctx).status == "different":
                return _Verdict("different", "structure", {"text": text.value, "number": render(other)})
        if text.kind == "text" and other.kind in ("tuple", "list", "set", "equation", "congruence") \
                and (other.kind == "congruence" or _states_values(other)) \
                and _NO_VALUE.fullmatch(text.value or "") and not text.value.startswith("infinite") \
                and not ("real" in text.value.split() and _imaginary(other)):  # fmt: skip
            # "There are no solutions" against (2, 4), "No such function exists" against f(x) = x + 1: the words say
            # that nothing exists, the other names what does (how many there are is another question: not here)
            return _Verdict("different", "structure", {"text": text.value, other.kind: render(other)})
    if "text" in (ka, kb) or "choice" in (ka, kb):
        return _Verdict("unknown", "none", reason=f"a {'text' if 'text' in (ka, kb) else 'choice'} answer is "
                        f"compared only with {'text' if 'text' in (ka, kb) else 'a choice'} (the other is {_article(kb if ka in ('text', 'choice') else ka)} "
                        f"{kb if ka in ('text', 'choice') else ka})")  # fmt: skip
    if "base" in (ka, kb):
        return _bases(a, b, ctx)
    if ka == kb == "congruence":
        return _congruences(a, b)
    if "congruence" in (ka, kb):
        cls, other = (a, b) if ka == "congruence" else (b, a)
        value = _fraction(other.terms[0]) if other.kind == "number" else None
        rs, m = _residues(cls)
        stated = other.terms[0] if other.kind in _SCALAR else _value_of_equation(other) if other.kind == "equation" \
            else None  # fmt: skip
        times_pi = _pi_multiple(stated) if cls.value and stated is not None and value is None else None
        if times_pi is not None:  # \frac{\pi}{3} against π/4 + kπ: a rational multiple of π, in the class or not
            value = times_pi
            outside = all(((value - r) / m).denominator != 1 for r in rs)
            if outside:
                return _Verdict("different", "structure", {"element": f"{value}·π", "not_in": f"{', '.join(map(str, rs))} "
                                                           f"mod {m} (times π)"})  # fmt: skip
            return _Verdict("unknown", "none", reason="a number against a residue class: one representative is not "
                            "the class")  # fmt: skip
        # a rational in a class of multiples of π only when it is 0 and 0 is a residue (π is irrational)
        outside = (value != 0 or 0 not in rs) if cls.value else all(((value - r) / m).denominator != 1 for r in rs) \
            if value is not None else False  # fmt: skip
        if value is not None and outside:
            where = f"{', '.join(map(str, rs))} mod {m}" + (f" (times {cls.value})" if cls.value else "")
            return _Verdict("different", "structure", {"element": str(value), "not_in": where})
        return _Verdict("unknown", "none", reason="a number against a residue class: one representative is not the "
                        "class (write n \\equiv r \\pmod m)")  # fmt: skip
    if "relation" in (ka, kb) and {ka, kb} <= {"relation", "set", "tuple", *_REAL_SETS}:
        (sa, why_a), (sb, why_b) = _solved(a, ctx), _solved(b, ctx)
        if sa is not None and sb is not None:
            found = _compare(sa, sb, ctx)
            if found.status == "equal":
                return replace(found, conditions=(*found.conditions, "a relation read as the set of reals where it holds"))
            return found
        if ka != kb:
            return _Verdict("unknown", "none", reason=f"a relation against {_article(kb if ka == 'relation' else ka)} "
                            f"{kb if ka == 'relation' else ka}: {why_a or why_b}")  # fmt: skip
    if ka == kb == "relation":
        if a.value != b.value or len(a.terms) != len(b.terms):
            return _Verdict("unknown", "none", reason="orderings written with different relations are not compared")
        if len(a.terms) == 2 and a.value in ("<", "<=", "!=") and (a.terms[0] != b.terms[0] or a.terms[1] != b.terms[1]) and \
                not any(_ORDERING.search(r.text or "") for r in (a, b)):  # fmt: skip (f(1) < f(2): an ordering of values)
            return _inequalities(a, b, ctx)
        return _sequences([Answer("expression", (t,)) for t in a.terms], [Answer("expression", (t,)) for t in b.terms],
                          ctx, "side")  # fmt: skip
    if "approx" in (ka, kb):
        approx, other = (a, b) if ka == "approx" else (b, a)
        if ctx.tolerance is not None and other.kind in _SCALAR and "approx" not in (other.kind,):
            return _terms(a.terms[0], b.terms[0], ctx)
        return _Verdict("unknown", "none", reason="an approximation (\\approx) is never exactly equal to a value; "
                        "compare with a tolerance")  # fmt: skip
    return _Verdict("unknown", "none", reason=f"cannot compare {_article(ka)} {ka} with {_article(kb)} {kb}")


# a number (perhaps a power of ten) and up to three letter tokens after it, spaced (5 \mu m, 1 N m, 10^{-9} m, 5\,\Omega)
_SPACE = r"(?:\s|\\[,;: ]|~)*"
_NUMBER_BEFORE_LETTERS = re.compile(r"\s*[-−]?\d[\d.,]*(?:[ \t]*/[ \t]*\d+)?(?:\s*\\times\s*10)?(?:\^\{?-?\d{1,3}\}?)?")
# (a fraction too: 1/2 h against 30 min)
_LETTERS_AFTER_NUMBER = re.compile(_NUMBER_BEFORE_LETTERS.pattern + _SPACE +
                                   r"(?:(?!\\(?:cdot|times)(?![A-Za-z]))\\?[A-Za-zμΩ]{1,6}(?:\^\{?-?\d\}?)?" + _SPACE + r"){1,3}(?:\.\s*)?")
# ... or a fraction of such letters after it, in italics (9.8 \\frac{m}{s^2}: a unit, or physics' letters, g/L)
_LETTER_FRACTION_AFTER_NUMBER = re.compile(
    _NUMBER_BEFORE_LETTERS.pattern + _SPACE + r"\\[dt]?frac\s*\{\s*(?:[A-Za-z](?:\^\{?-?\d\}?)?\s*){1,3}\}\s*"
    r"\{\s*(?:[A-Za-z](?:\^\{?-?\d\}?)?\s*){1,3}\}\s*(?:\.\s*)?")
_LETTER_RUN = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,6}(?![A-Za-z])")  # (ha, nmi; never \mu: a command)


def _same_number(text: str | None, other: Answer) -> bool:
    """Whether ``other`` is a number without a unit equal to the plain number that opens ``text`` (9.8 in 9.8
    \\frac{m}{s^2}); False when either is no plain rational."""
    from pyverify.answers._engine import rational

    opening = re.match(r"\s*([-−]?\d+(?:\.\d+)?)(?![\d.,/^\\])", text or "")
    value = rational(other.terms[0]) if other.kind == "number" and not other.unit and other.terms else None
    return opening is not None and value is not None and Fraction(opening.group(1).replace("−", "-")) == value


_BARE_LOG = re.compile(r"(?<![A-Za-z])log(?![A-Za-z_])(?!\s*_)")
_NATURAL_LOG = re.compile(r"(?<![A-Za-z])ln(?![A-Za-z])|\\log\s*_\s*\{?\s*e(?![A-Za-z])")  # (\ln, \log_e)


def _to_log10(node: Node) -> Node:
    """``node`` with each natural logarithm made base 10 (ln x is log_10 x); a logarithm inside another kind of node
    than an operation, a function or a sum raises LookupError (that reading is not built)."""
    if isinstance(node, Call):
        args = tuple(_to_log10(x) for x in node.args)
        # (written ln x / ln 10: the comparisons read ln fast, and logb only in the worker)
        return Op("/", (Call("ln", args), Call("ln", (Num(Fraction(10)),)))) if node.func == "ln" else Call(node.func, args)
    if isinstance(node, Op):
        return Op(node.op, tuple(_to_log10(x) for x in node.args))
    if isinstance(node, SumOf):
        return SumOf(node.var, _to_log10(node.lo), _to_log10(node.hi), _to_log10(node.body))
    if any(isinstance(n, Call) and n.func == "ln" for n in walk(node)):
        raise LookupError("a logarithm in a node not rebuilt")
    return node


#: The second readings of a slash (the order of SLASH_READINGS): what is read twice, and how the second reading groups it.
_SLASH_WAYS = (("a product right after a slash", "a/(bc)"), ("the exponent 1 right before a slash", "x^(1/b)"),
               ("a percent sign after a numeral right after a slash", "(a/b)%"))


def _slash_reading(ans: Answer, k: int) -> Answer | None:
    """The answer's k-th second reading of a slash (``1/2x`` as 1/(2x), ``x^1/2`` as x^(1/2): see
    ``Answer.slash_readings``); None when that reading is the same, or the answer was changed after the grammar read
    it (a unit converted, a name dropped: the second reading is not built)."""
    if not ans.slash_readings or ans.slash_readings[k + 1] is ans.slash_readings[0]:
        return None
    first, other = ans.slash_readings[0], ans.slash_readings[k + 1]
    # (the same objects, never compared by value: a tree 250 sums deep would exhaust the recursion)
    if (ans.kind, ans.value) != (first.kind, first.value) or not all(
            x is y for x, y in ((ans.terms, first.terms), (ans.items, first.items), (ans.rows, first.rows))):  # fmt: skip
        return None
    return replace(ans, kind=other.kind, terms=other.terms, items=other.items, rows=other.rows, slash_readings=())


def _common_log(ans: Answer) -> Answer | None:
    """The answer read with its \\log (written without a base, and no \\ln beside it) as base 10; None when it has
    none, or that reading is not built."""
    if not _BARE_LOG.search(ans.text or "") or ans.rows:
        return None
    try:
        return replace(ans, terms=tuple(_to_log10(t) for t in ans.terms),
                       items=tuple(_common_log(i) or i for i in ans.items))  # fmt: skip
    except LookupError:
        return None


def _inequalities(a: Answer, b: Answer, ctx: _Context) -> _Verdict:
    """Two inequalities of one kind (<, ≤ or ≠) whose sides differ, each read as the points where d > 0 (d ≥ 0, d ≠ 0),
    d the greater side less the smaller (for ≠ any factor but 0 keeps the points: x ≠ y is y ≠ x): ``y > 1 - x`` against ``x + y > 1`` (one d), ``2y > 2 - 2x`` (a positive factor)
    are equal; a negative factor is the opposite inequality (different); a grid point where one holds and the other
    not is a witness; else unknown (their sides were compared one by one: y against x + y is no witness)."""
    da, db = (Op("-", (r.terms[1], r.terms[0])) for r in (a, b))
    names = free_vars(da) | free_vars(db)
    if not names:
        return _sequences([Answer("expression", (t,)) for t in a.terms], [Answer("expression", (t,)) for t in b.terms],
                          ctx, "side")  # fmt: skip
    from pyverify.answers._engine import NotANumber

    try:
        return _inequality_sets(a, da, db, names, ctx)
    except (NotANumber, ZeroDivisionError):
        return _Verdict("unknown", "none", reason="two inequalities in several letters with a side undefined somewhere "
                        "(a division by zero): not compared")  # fmt: skip


def _inequality_sets(a: Answer, da: Node, db: Node, names: set[str], ctx: _Context) -> _Verdict:
    """:func:`_inequalities` once d is formed (see there)."""
    same = _identity(da, db, ctx, names)
    if same.status == "equal":
        return _Verdict("equal", same.method, conditions=(*same.conditions, "each inequality read as the points where "
                        "it holds: the same greater side less smaller side"))  # fmt: skip
    factor = _factor(da, db, names, ctx)
    if factor is not None and factor != 0:
        scaled = _identity(da, Op("*", (Num(factor), db)), ctx, names)
        if scaled.status == "equal" and (factor > 0 or a.value == "!="):  # (x ≠ y is y ≠ x)
            return _Verdict("equal", scaled.method, {"factor": str(factor)}, conditions=(
                *scaled.conditions, f"each inequality read as the points where it holds: one is the other times {factor}"))
        if scaled.status == "equal":  # d > 0 against -d > 0: the points where d is positive, against negative
            return _Verdict("different", scaled.method, {"relation": f"the opposite inequality (times {factor})"})
    from pyverify.answers._engine import rational

    # (a grid of small integer points, at most 3 letters and 125 points: exact arithmetic, no engine call)
    letters = sorted(names)
    if len(letters) <= 3:
        holds = (lambda d: d > 0) if a.value == "<" else (lambda d: d != 0) if a.value == "!=" else (lambda d: d >= 0)
        for point in product(range(-2, 3), repeat=len(letters)):
            at = {n: Num(Fraction(v)) for n, v in zip(letters, point)}
            try:
                va, vb = rational(substitute(da, at)), rational(substitute(db, at))
            except (ZeroDivisionError, ArithmeticError, ValueError):
                continue  # (a point where a side is undefined: y > 1/x^2 at x = 0)
            if va is not None and vb is not None and holds(va) != holds(vb):
                return _Verdict("different", "structure", {"point": ", ".join(f"{n} = {v}" for n, v in zip(letters, point)),
                                                           "holds": "the reference's" if holds(va) else "the candidate's"})
    return _Verdict("unknown", "none", reason="two inequalities in several letters whose sides differ: equal where "
                    "they hold at the same points, which was not decided")


_ORDERING = re.compile(r"[A-Za-z]\s*(?:\\left)?\(\s*[-+]?[\d.]+\s*(?:\\right)?\)")  # f(2): a function's value


def _solved(ans: Answer, ctx: _Context) -> tuple[Answer | None, str]:
    """A relation in one letter (x^2 < 4, 1 ≤ |z| ≤ 3/2) as its set of reals, solved in the worker and written in
    the answer grammar; the answer itself when it is no relation; (None, why) when it is not solved exactly."""
    if ans.kind != "relation":
        return ans, ""
    from pyverify.answers import _engine
    from pyverify.answers._parse import parse_answer

    if len(set().union(*(free_vars(t) for t in ans.terms))) != 1 or _ORDERING.search(ans.text or ""):
        return None, "a relation in more than one letter, or an ordering of values (f(2) < f(1))"
    try:
        found = _call(_engine.solve_relation, (ans.terms, tuple(ans.value.split())), ctx)
    except _Unknown as exc:
        return None, exc.reason
    if "set" not in found:
        return None, found["reason"]
    solved = parse_answer(found["set"])
    if solved.kind == "tuple" and len(solved.items) == 2:  # (a, b) written by the solver is the open interval
        solved = Answer("interval", tuple(i.terms[0] for i in solved.items), closed=(False, False), text=found["set"])
    return (None, f"its solution set {found['set']} is not read") if solved.kind == "unparsed" else (solved, "")


def _bases(a: Answer, b: Answer, ctx: _Context) -> _Verdict:
    """A numeral in a base equals the same numeral; against a plain number, only the same digits (the base the
    question asked for, left out): its value in base 10 is a different answer."""
    if a.kind == b.kind == "base":
        if (not a.terms) != (not b.terms):  # 100_b against 100_3: which number b is, is not stated
            return _Verdict("unknown", "none", reason=f"a base named by a letter against base {(a if a.terms else b).value.split('_')[1]}")
        if a.value.split("_")[1] != b.value.split("_")[1]:
            return _Verdict("different", "structure", {"base": [a.value, b.value]})
        if not a.terms or not b.terms:  # 100100_b: a base named by a letter, above every digit: the digits decide
            return _Verdict("equal", "structure") if a.value == b.value else \
                _Verdict("different", "structure", {"numerals": [a.value, b.value]})  # fmt: skip
        return _constants(a.terms[0], b.terms[0], ctx)
    numeral, other = (a, b) if a.kind == "base" else (b, a)
    if numeral.value.endswith("_10") and other.kind in ("number", "expression") and other.terms:
        return _constants(numeral.terms[0], other.terms[0], ctx)  # 52_{10}: base ten, its value is the answer
    value = _literal(other.terms[0]) if other.kind == "number" else None
    if value is None:
        return _Verdict("unknown", "none", reason=f"a numeral in a base against {_article(other.kind)} {other.kind}")
    digits = numeral.value.split("_")[0]
    if _decimal_text(value) == digits:  # (a sign and a point as written: -221_3 and -221, 1.1_2 and 1.1)
        return _Verdict("equal", "structure", conditions=(f"the digits {digits}, in the base {numeral.value} names",))
    return _Verdict("different", "structure", {"numeral": numeral.value, "number": str(value)})


def _decimal_text(value: Fraction) -> str | None:
    """A rational's decimal numeral when it has a finite one (1.1, -221), else None."""
    den, twos, fives = value.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    if den != 1 or max(twos, fives) > 60:
        return None
    places = max(twos, fives)
    scaled = abs(value.numerator) * 10**places // value.denominator
    text = str(scaled).rjust(places + 1, "0")
    text = f"{text[:-places]}.{text[-places:]}" if places else text
    return ("-" if value < 0 else "") + text


def _states_a_value(ans: Answer) -> bool:
    """A number or an expression, or a name given a value (``x(t) = 1 - e^{-t}``, ``A = \\frac{1}{4-\\omega^2}``),
    under a condition on the letters of the value only: an answer the condition restricts to where the value is
    stated, never changes (``x = \\pm 2`` under x > 0 is a choice among the solutions: not such an answer)."""
    from pyverify.answers._forms import _is_name

    letters = {w.lstrip("\\") for w in re.findall(r"\\[A-Za-z]+|[A-Za-z]", ans.condition)}
    if ans.kind in ("number", "expression"):
        return True
    if ans.kind != "equation" or not _is_name(ans.terms[0]):
        return False
    # by the letter each name is written with: x_1, x_{1}, x' and \\dot{x} are all x here (a condition on x_1 picks
    # solutions of x_1 = \\pm 2 as one on x does)
    named = {re.sub(r"[^A-Za-z].*", "", v.lstrip("\\")) for v in free_vars(ans.terms[0]) - free_vars(ans.terms[1])}
    return not named & letters


def _condition_text(condition: str) -> str:
    """A condition as compared: no spaces, each relation in the one spelling the relation reader gives it (\\geq,
    \\geqslant and ≥ are >=)."""
    from pyverify.answers._forms import _CANON, _RELATION

    return "".join(_RELATION.sub(lambda m: _CANON[m.group()], condition).split())


def _fraction(node: Node) -> Fraction | None:
    """A numeral, a quotient of numerals or its negation (``\\frac13``, ``-\\frac{1}{2}``), read without arithmetic
    on anything larger."""
    if isinstance(node, Op) and node.op == "neg":
        inner = _fraction(node.args[0])
        return None if inner is None else -inner
    if isinstance(node, Op) and node.op == "/":
        num, den = (_literal(x) for x in node.args)
        return None if num is None or not den else num / den
    return _literal(node)


def _congruences(a: Answer, b: Answer) -> _Verdict:
    """Two unions of residue classes r + mℤ (rational residues and modulus; multiples of π when the congruence's
    value is π): equal when they hold the same numbers, otherwise different with a number in one only."""
    if a.value != b.value:  # multiples of π against rationals: degrees perhaps, their sign dropped (30° + 360°k)
        return _Verdict("unknown", "none", reason="a class of multiples of π against a class of rational numbers: "
                        "the rational one may be in degrees, and a degree is never converted")  # fmt: skip
    (ra, ma), (rb, mb) = (_residues(x) for x in (a, b))
    unit = f"·{a.value}" if a.value else ""
    scale = math.lcm(*(x.denominator for x in (*ra, ma, *rb, mb)))  # in integers: the classes times the scale
    ja, jb = int(ma * scale), int(mb * scale)
    period = math.lcm(ja, jb)
    if period // min(ja, jb) * max(len(ra), len(rb)) > 10**6:
        return _Verdict("unknown", "none", reason="residue classes whose common period has over 10^6 residues")
    sets = [{(int(r * scale) + k * j) % period for r in rs for k in range(period // j)} for rs, j in ((ra, ja), (rb, jb))]
    for side, mine, other in (("reference", sets[0], sets[1]), ("candidate", sets[1], sets[0])):
        extra = mine - other
        if extra:
            return _Verdict("different", "structure", {"element": f"{Fraction(min(extra), scale)}{unit}", "only_in": side})
    return _Verdict("equal", "structure")


def _parameter_readings(ref: Answer, cand: Answer, ctx: _Context, texts: tuple[str, str]) -> _Verdict | None:
    """``x = \\frac{\\pi}{4} + k\\pi`` written without ``k \\in \\mathbb{Z}`` reads two ways: as the residue class over an
    integer k (the general solution of a trigonometric equation) or as an expression in a constant k. Against a
    reference that states its parameter is an integer it is read as a class, the condition said; otherwise a verdict
    holds only when both readings give it (or when the two are equal as expressions in k, so also as sets). An answer
    stated under a condition (``\\text{ for } 0 < k < 1``), or from a text that restricts k near any k it writes
    (``where $0 < k < 1$``, ``for k > 0``, ``k real``: :func:`_unrestricted`), has no class reading. None when neither
    answer has one."""
    implicit = [implicit_lattice(x.text, _parse_side) if x.kind in ("expression", "equation", "list") and x.text
                and not x.condition and _unrestricted(raw or x.text, x.text) else None
                for x, raw in ((ref, texts[0]), (cand, texts[1]))]  # fmt: skip
    if implicit == [None, None]:
        return None
    if implicit[1] is None and (cand.kind not in ("number", "expression", "equation", "list", "congruence", "text")
                                or _is_assignment(cand)):
        return None  # m = 4, n = 2 or a tuple against a family of values: the comparison as written decides
    as_classes = _compare(implicit[0] or ref, implicit[1] or cand, ctx)
    read = "the reference's and the candidate's" if all(implicit) else "the reference's" if implicit[0] else \
        "the candidate's"  # fmt: skip
    if ref.kind == "congruence":  # the reference says its parameter is an integer (a candidate's word never decides it)
        if as_classes.status == "equal":
            as_classes.conditions = (*as_classes.conditions, f"{read} parameter read as an integer, as the reference "
                                     "states")  # fmt: skip
        return as_classes
    as_written = _compare(ref, cand, ctx)
    if as_written.status == as_classes.status or as_written.status == "equal":
        return as_written  # (equal as functions of k is equal on the integers too: the same set)
    return _Verdict("unknown", "none", reason=f"{read} parameter is not said to be an integer: read as residue "
                    f"classes over the integers the answers are {as_classes.status}, read as expressions in a constant "
                    f"they are {as_written.status}")  # fmt: skip


# what restricts a parameter when written near it: a relation, a domain other than the integers
_RESTRICTS = re.compile(r"<|>|≤|≥|≠|\\(?:le|ge|leq|geq|lt|gt|ne|neq|leqslant|geqslant)(?![A-Za-z])|(?i:real|natural|"
                        r"positive|negative|rational|between|interval)|\\mathbb\s*\{?\s*[RNQC]|[ℝℕℚ]|[Zℤ]\s*\^|\\mathbb\s*\{?\s*Z\s*\}?\s*[\^_]")


def _unrestricted(raw: str, stated: str) -> bool:
    """Whether the text the answer came from says nothing near its parameter letter that restricts it (``where
    $0 < k < 1$``, ``For $k > 0$``, ``k is any real number``, on the same line or elsewhere in the response): only
    then may the letter be read as an integer."""
    for letter in {c for c in "kmnjl" if re.search(rf"(?<![A-Za-z\\]){c}(?![A-Za-z])", stated)}:
        for found in re.finditer(rf"(?<![A-Za-z\\]){letter}(?![A-Za-z])", raw):
            if _RESTRICTS.search(raw, max(0, found.start() - 50), found.end() + 50):
                return False
    return True


def _letters(ans: Answer) -> dict[str, Var]:
    """The letters of an answer (its free variables), by name."""
    out: dict[str, Var] = {}
    for term in (*ans.terms, *(t for row in ans.rows for t in row)):
        out.update((n.name, n) for n in walk(term) if isinstance(n, Var) and n.name in free_vars(term))
    for item in ans.items:
        out.update(_letters(item))
    return out


_VARIABLE_LETTERS = frozenset("xyzt")


def _value_letters(ans: Answer) -> dict[str, Var]:
    """The letters of an answer's value: of an equation that names one (``x = a``, ``f(x) = cx + d``), its value's."""
    value = _value_of_equation(ans) if ans.kind == "equation" else None
    return _letters(Answer("expression", (value,))) if value is not None else _letters(ans)


def _renamed(ans: Answer, mapping: dict[str, Node]) -> Answer:
    return replace(ans, terms=tuple(substitute(t, mapping) for t in ans.terms),
                   items=tuple(_renamed(i, mapping) for i in ans.items),
                   rows=tuple(tuple(substitute(t, mapping) for t in row) for row in ans.rows))  # fmt: skip


#: The most words a text answer may have for another text to be "different" from it (a name, a direction, a day);
#: longer texts that differ are unknown.
_SHORT_TEXT = 3

_POLE = {"yes": True, "true": True, "no": False, "false": False}
#: Words that turn a text into its opposite: "not a function" is never "a function" with a word added.
_NEGATING = frozenset({"not", "no", "never", "non", "neither", "nor", "none", "cannot", "isn't", "doesn't", "without"})


def _within(shorter: list[str], longer: list[str]) -> bool:
    """Whether the words of ``shorter`` occur in ``longer`` in the same order."""
    rest = iter(longer)
    return bool(shorter) and all(word in rest for word in shorter)


#: The names an arbitrary constant is written with: one letter, perhaps with a number as subscript (c, C, k, A,
#: c_1, C_{2}); never a letter that usually names a variable (x, y, z, t, n), the imaginary unit or Euler's number.
_CONSTANT_NAME = re.compile(r"(?![xyztnie](?:_|$))[A-Za-z](?:_\{?\d\}?)?")


def _renaming(ref: Answer, cand: Answer, verdict: _Verdict, ctx: _Context) -> _Verdict:
    """A difference that renaming the candidate's own letters undoes is unknown: ``f(x) = ax + b`` against the gold's
    ``f(x) = cx + d`` (Omni-MATH) is the same answer when a, b are arbitrary constants, and another when they are
    constants the problem gives; which, the text does not say. Only letters in one answer and not the other are
    renamed (at most three), and only beside a letter both share (the function's variable), so ``ax + b`` against
    ``bx + a`` and ``x_1`` against ``x_2`` stay different."""
    if verdict.status != "different":
        return verdict
    ours, theirs = _value_letters(ref), _value_letters(cand)
    if not any(n in _VARIABLE_LETTERS for n in set(ours) & set(theirs)):
        return verdict  # (x = a against x = b, ab/2 against ac/2: no variable both answers are written in)
    only_ref = sorted(n for n in set(ours) - set(theirs) if _CONSTANT_NAME.fullmatch(n))
    only_cand = sorted(n for n in set(theirs) - set(ours) if _CONSTANT_NAME.fullmatch(n))
    if len(only_ref) != len(set(ours) - set(theirs)) or len(only_cand) != len(set(theirs) - set(ours)):
        return verdict  # (a variable or a named quantity among them: t against F_0 is no renamed constant)
    if len(only_ref) + len(only_cand) == 1 and (only_ref or only_cand)[0] in ("C", "c", "K", "k", "C_1", "C_{1}"):
        # x^2 + C against x^2 (GHOSTS' integrals): equal when the constant is 0, so the same antiderivative if C is
        # the constant of integration, and another answer if the problem gives C (never equal: only the question says)
        letter = (only_ref or only_cand)[0]
        outer, ctx.witness = ctx.witness, False
        try:
            zero: dict[str, Node] = {letter: Num(Fraction(0))}
            same = _compare(_renamed(ref, zero), _renamed(cand, zero), ctx).status == "equal"
        finally:
            ctx.witness = outer
        if same:
            return _Verdict("unknown", "none", reason=f"equal when {letter} is 0: the same antiderivative if {letter} is "
                            "a constant of integration, another answer if the problem gives it")  # fmt: skip
        return verdict
    if not only_ref or len(only_ref) != len(only_cand) or len(only_ref) > 3 or not set(ours) & set(theirs):
        return verdict  # (x_1 against x_2, β against α: one letter each, nothing in common, never renamed)
    outer, ctx.witness = ctx.witness, False
    try:
        for order in permutations(only_ref):
            mapping: dict[str, Node] = {c: ours[r] for c, r in zip(only_cand, order)}
            if _compare(ref, _renamed(cand, mapping), ctx).status == "equal":
                renamed = ", ".join(f"{c} as {r}" for c, r in zip(only_cand, order))
                return _Verdict("unknown", "none", reason=f"equal with the candidate's letters renamed ({renamed}): "
                                "the same answer if they are arbitrary constants, another if the problem gives them")  # fmt: skip
    finally:
        ctx.witness = outer
    return verdict


def _pi_multiple(node: Node) -> Fraction | None:
    """c of a term that is c·π with c rational (``\\frac{\\pi}{3}`` is 1/3); None for any other term."""
    from pyverify.answers._forms import _replace_calls
    from pyverify.answers._values import polynomial

    if free_vars(node):
        return None
    poly = polynomial(_replace_calls(node, "pi", Var("\x00pi", REAL)))
    if poly is None or len(poly) != 1:
        return None
    (monomial, coefficient), = poly.items()
    return coefficient if monomial == (("\x00pi", 1),) else None


def _residues(cls: Answer) -> tuple[list[Fraction], Fraction]:
    """A congruence's residues and modulus (terms: the residues, then the modulus)."""
    values = [Fraction(t.value) for t in cls.terms]  # type: ignore[attr-defined]
    return values[:-1], values[-1]


def _unending(a: Answer, b: Answer, ctx: _Context) -> _Verdict:
    """A list that ends with an ellipsis: never a finite answer; against another, different where a written term
    differs, equal when both write the same terms, otherwise unknown (the rule they continue is not stated)."""
    if not (a.kind == b.kind == "list" and a.value == b.value == "…"):
        side = "reference" if a.value == "…" else "candidate"
        return _Verdict("different", "structure", {"unending": side})
    for k, (x, y) in enumerate(zip(a.items, b.items)):
        found = _compare(x, y, ctx)
        if found.status != "equal":
            return _Verdict(found.status, found.method, {"position": k, **(found.witness or {})}, found.reason)
    if len(a.items) == len(b.items):
        return _Verdict("equal", "structure", conditions=("the same written terms, then an ellipsis",))
    return _Verdict("unknown", "none", reason="unending lists that agree where both are written: how they go on is "
                    "not stated")  # fmt: skip


def _is_assignment(ans: Answer) -> bool:
    """Equations ``name = value`` with distinct names (``x = 1, y = 2``, ``p = 5, q = 2``): values of named unknowns
    (one point), not solutions of one unknown (``x = 1, x = 2``); a value may hold parameters that are none of the
    names (``x = 2t + 1, y = 4t, z = t``: a line of solutions)."""
    if ans.kind != "list" or len(ans.items) < 2 or ans.value == "or":
        return False  # x = 1 or y = 2 states no point
    if not all(i.kind == "equation" and isinstance(i.terms[0], Var) for i in ans.items):
        return False
    names = {i.terms[0].name for i in ans.items}  # type: ignore[attr-defined]
    if any(free_vars(i.terms[1]) & names for i in ans.items):
        return False  # y = 2x + 3, x = 1: equations of the unknowns, not their values
    return len(names) == len(ans.items)


def _parametrized(found: _Verdict, values: list[Node]) -> _Verdict:
    """A difference between values with parameters (x = 2t + 1 against x = 2s + 1) is no proof: another
    parametrization may name the same solutions. Unknown then, never different."""
    if found.status == "different" and any(free_vars(v) for v in values):
        return _Verdict("unknown", "none", reason="values with parameters differ as written: another parametrization "
                        "may describe the same solutions")  # fmt: skip
    return found


def _assignments(a: Answer, b: Answer, ctx: _Context) -> _Verdict | None:
    """``x = 1, y = 2``: against another assignment, value by name; against a tuple, in the order written when
    that is the alphabetical order of the names (the usual convention: (x, y), (p, q)), else unknown; None
    otherwise (read as the list of its equations)."""
    if not _is_assignment(a):
        a, b = b, a
    named = {item.terms[0].name: item.terms[1] for item in a.items}  # type: ignore[attr-defined]
    if _is_assignment(b):
        other = {item.terms[0].name: item.terms[1] for item in b.items}  # type: ignore[attr-defined]
        if set(named) != set(other):
            return _Verdict("unknown", "none", reason=f"assignments of different unknowns: {sorted(named)} and "
                            f"{sorted(other)}")  # fmt: skip
        for name in sorted(named):
            found = _terms(named[name], other[name], ctx)
            if found.status != "equal":
                found = _Verdict(found.status, found.method, {"unknown": name, **(found.witness or {})}, found.reason)
                return _parametrized(found, [*named.values(), *other.values()])
        return _Verdict("equal", "structure")
    if sorted(_names(b)) == sorted(named) and len(b.items) == len(named):  # m = 4, n = 2 against (n, m) = (2, 4)
        values = [_scalar(named[n]) for n in _names(b)]
        return _parametrized(_sequences(values, list(b.items), ctx, "position"),
                             [*named.values(), *(t for i in b.items for t in i.terms)])
    if b.kind in ("tuple", "list") and len(b.items) == len(named) and b.value != "or":
        order = list(named)
        if order != sorted(order, key=lambda n: n.lstrip("\\").lower()):
            return _Verdict("unknown", "none", reason=f"the answer names its unknowns in the order {', '.join(order)}, "
                            "not the alphabetical one: which position of the tuple is which is not stated")  # fmt: skip
        values = [_scalar(t) for t in named.values()]
        return _parametrized(_sequences(values, list(b.items), ctx, "position"),
                             [*named.values(), *(t for i in b.items for t in i.terms)])
    if b.kind in ("set", "list"):
        return _Verdict("unknown", "none", reason="values of named unknowns (one point) against a set or alternatives of "
                        "values: which value belongs to which unknown is not stated")  # fmt: skip
    return None


def _side_of_reference(ref: Answer, cand: Answer, ctx: _Context) -> _Verdict | None:
    """A reference equation against a candidate value equal to one of its sides (E_\\gamma - B = \\frac{B^2}{2Mc^2}
    against \\frac{B^2}{2Mc^2}: PHYSICS's golds): the reference states the value of its other side, which the question
    may have asked for, and never different; unknown then (the whole answers only: an item of a list is compared as
    it is), else None. A constant side is no such value or quantity: 2x + z = 1 and x^2 + y^2 = 1 are relations asked
    for, and 1 against them is different, as 11a + c is against 7 = 11a + c (Math-Verify's suite)."""
    if ref.kind != "equation" or cand.kind not in _SCALAR or len(ref.terms) != 2 or _value_of_equation(ref) is not None:
        return None
    written = [t.strip() for t in (ref.text or "").split("=")]
    for k, (side, named) in enumerate(((ref.terms[1], ref.terms[0]), (ref.terms[0], ref.terms[1]))):
        if free_vars(side) and free_vars(named) and _terms(side, cand.terms[0], ctx).status == "equal":
            # (as written, E_\gamma - B, when the text has one '=': never the rendering, {(x)}^{2})
            shown = written[k] if len(written) == 2 and all(written) else render(Answer("expression", (named,)))
            return _Verdict("unknown", "none", reason=f"the reference states {shown} = the candidate's value: equal if "
                            f"the question asked for {shown}")  # fmt: skip
    return None


# an expression a choice's option may be: a small letter or a digit in it
_OPTION_EXPRESSION = re.compile(r"[a-z0-9]")


def _capital_or_letter(text: str, name: str) -> bool:
    """Whether ``text`` (its commands and an antiderivative's + C taken out) writes a capital letter, or the letter
    ``name`` in small letters alone (C against c; never the c of 4a^5c^9, a product)."""
    letters = re.sub(r"\\[A-Za-z]+|[-+]\s*C\s*$", " ", text)  # (an antiderivative's + C is no capital of its own)
    return re.search(r"[A-Z]", letters) is not None or letters.strip() == name.lower()


def _compare(a: Answer, b: Answer, ctx: _Context) -> _Verdict:
    a, b = _as_list(a, b, ctx), _as_list(b, a, ctx)
    if _is_assignment(a) or _is_assignment(b):
        found = _assignments(a, b, ctx)
        if found is not None:
            return found
    if a.value == "…" or b.value == "…":
        return _unending(a, b, ctx)
    if a.kind in _FORMS or b.kind in _FORMS:
        return _forms(a, b, ctx)
    if a.kind == "equation" and b.kind in _SCALAR and _value_of_equation(a) is not None:
        a = Answer("number", (_value_of_equation(a),))  # type: ignore[arg-type]
    if b.kind == "equation" and a.kind in _SCALAR and _value_of_equation(b) is not None:
        b = Answer("number", (_value_of_equation(b),))  # type: ignore[arg-type]
    if a.kind == "equation" and b.kind in _SCALAR and _point_value(a) is not None:
        a = Answer("number", (_point_value(a),))  # type: ignore[arg-type]  # (a gold f(2) = 4 values f at 2: 4)
    if b.kind == "equation" and a.kind in _SCALAR:  # (a reference equation asked for a relation: never a number)
        stated = _equation_against_value(b, a, ctx)
        if stated is not None:
            return stated
    for letter, other in ((a, b), (b, a)):
        name = _letter(letter)
        if name and "A" <= name <= "J" and _constant(other):
            # 故选:B against the gold 8 (MathCheck), a boxed 1 against the gold B (LongReasoning): a lone capital
            # letter A to J may name the choice whose option is that number, and the options are the question's (never
            # the polynomial B, different from 8 at B = 0)
            return _Verdict("unknown", "none", reason=f"a lone capital letter ({name}) against a value: it may name "
                            "the choice whose option is that value, and the options are not known here")  # fmt: skip
    name = _letter(a)
    if name and "A" <= name <= "E" and _letter(b) is None and b.kind in ("expression", "equation") and \
            _OPTION_EXPRESSION.search(b.text or "") and not _capital_or_letter(b.text or "", name):  # fmt: skip
        # the gold C against (8b - 1)^2 or 2x + y = 4 (MathOdyssey's multiple-choice golds): the choice may name that
        # option, as with a value; only a reference letter (a response's letter is its symbol: The area is $A$.
        # against 2x is wrong), against an expression in small letters that never writes it (C against 2A + B,
        # CO_2, c or Cx stays decided)
        return _Verdict("unknown", "none", reason=f"the choice {name} against an expression: it may name the "
                        "choice whose option is that expression, and the options are not known here")  # fmt: skip
    for scaled, other in ((a, b), (b, a)):
        if _SCALED.fullmatch(scaled.text or "") and _constant(other) and not re.search(r"[A-Za-z]", other.text or ""):
            # 2k, $1.5M against 2000 (the fourth review): a scale letter (thousand, million, billion) or a letter's
            # multiple, which the text does not say (never the polynomial 2k, different from 2000 at k = 0)
            return _Verdict("unknown", "none", reason=f"{scaled.text.strip()} is a number with a letter glued to it "
                            "against a value: a scale (thousand, million, billion) or a multiple of the letter")  # fmt: skip
    ka, kb = a.kind, b.kind
    if ka in _SCALAR and kb in _SCALAR:
        first = _terms(a.terms[0], b.terms[0], ctx)
        # a percent sign written after a box (\boxed{20}\%: PERCENT_AFTER_BOX) reads its number under the percent
        # policy 'unit' whatever the policy: the box holds the percentage, as MATH's and GSM8K's answers write it
        outside = PERCENT_AFTER_BOX in (a.value, b.value)
        unit = ctx.percent == "unit" or outside
        if first.status == "different" and not unit and (a.value == "%") != (b.value == "%"):
            # say when only the policy made it different (10% against a gold 10: MATH boxes 10 for "what percent")
            from pyverify.answers._parse import _percent_of

            pa = (_percent_of(a.terms[0]) if a.value == "%" else None) or a.terms[0]
            pb = (_percent_of(b.terms[0]) if b.value == "%" else None) or b.terms[0]
            if _terms(pa, pb, ctx).status == "equal":
                why = ("different under the percent policy 'value' (p% is p/100); equal under percent='unit' "
                       "(--percent unit), for benchmarks whose gold drops the percent sign")  # fmt: skip
                return replace(first, reason=why)
        if first.status != "equal" and unit and (a.value in _PERCENT) != (b.value in _PERCENT):
            # percent policy "unit": p% is p/100, and against an answer without a percent sign also p (the question
            # asked for a percentage: MATH boxes 20 and writes "percent" after the box); "value" (default): p/100 only
            from pyverify.answers._parse import _percent_of

            pa = (_percent_of(a.terms[0]) if a.value in _PERCENT else None) or a.terms[0]
            pb = (_percent_of(b.terms[0]) if b.value in _PERCENT else None) or b.terms[0]
            second = _terms(pa, pb, ctx)
            if second.status == "equal":
                return _Verdict("equal", second.method, conditions=(
                    "the percent sign after the box read as the unit of the other answer (the box holds the percentage)"
                    if outside else "the percent sign read as the unit of the other answer (a percentage asked for)",))  # fmt: skip
            if first.status == "different" and second.status != "different":
                return second
        return first
    if ka == "equation" and kb == "equation":
        return _equations(a, b, ctx)
    if (ka in _REAL_SETS and kb in (*_REAL_SETS, "tuple")) or (kb in _REAL_SETS and ka == "tuple"):
        return _real_sets(a, b, ctx)
    if (ka in _REAL_SETS and kb == "set") or (kb in _REAL_SETS and ka == "set"):
        points = [_as_points(x) for x in (a, b)]  # {1, 2} ∪ {3} against {1, 2, 3}: a set of numbers is its points
        if None not in points:
            return _real_sets(points[0] or a, points[1] or b, ctx)
    for run, chosen in ((_choice_run(a), _choice_letters(b)), (_choice_run(b), _choice_letters(a))):
        if run and chosen:  # ACD against A, C, D: the letters written together are that list of choices
            return _Verdict("equal", "structure", conditions=(f"{run} read as the choices {', '.join(run)}",)) \
                if run == chosen else _Verdict("different", "structure", {"choices": [run, chosen]})  # fmt: skip
    if ka in ("set", "list") or kb in ("set", "list"):
        if ctx.order == "written" and ka == kb == "list" and "or" not in (a.value, b.value) and \
                not _pm_count(a) and not _pm_count(b):  # fmt: skip
            return _sequences(_values(a), _values(b), ctx, "position")  # order="written": T(10), T(11), T(12)
        tupled = a if ka == "tuple" else b
        listed = b if tupled is a else a
        if ctx.order == "written" and {ka, kb} == {"list", "tuple"} and "or" not in (a.value, b.value) and \
                not _pm_count(a) and not _pm_count(b) and (len(tupled.items) >= 3 or _names(tupled)) and \
                all(m.kind in ("number", "expression") for m in listed.items):  # fmt: skip
            # order="written": a gold sequence 1,2,3 against the tuple (1, 2, 3), position by position (by default a
            # list of numbers against a tuple stays unknown: 1,2,3 may be three solutions; (1, 2) may be an open
            # interval, and a list of equations names its own positions)
            xs, ys = (list(x.items) if x.kind == "tuple" else _values(x) for x in (a, b))
            return _sequences(xs, ys, ctx, "position")
        if {ka, kb} <= {"set", "list", *_SCALAR, "equation"}:
            found = _sign_readings(a, b, lambda together: _sets(_values(a, together), _values(b, together), ctx))
            return (_multiplicities(a, b, ctx) or found) if found.status == "equal" else found
        for many, one in ((a, b), (b, a)):
            if many.kind in ("set", "list") and one.kind == "tuple" and many.items and \
                    all(m.kind == "tuple" for m in many.items) and not any(i.kind == "tuple" for i in one.items):  # fmt: skip
                # (1,2,3),(1,3,2) against (1, 2, 3): solutions as tuples, one of them given: the tuple is a
                # one-solution list (a list of numbers against a tuple stays unknown: 1,2,3 may be the triple; so
                # does a tuple of tuples, ((1,2),(3,4)), which may be the list written in brackets)
                return _sign_readings(a, b, lambda together: _sets(_values(a, together), _values(b, together), ctx))
    if ka == "tuple" and kb == "tuple":
        if _pm_count(a) or _pm_count(b):  # (\\pm 1, 2) against (\\pm 1, -2): the sets of tuples they make
            return _sign_readings(a, b, lambda together: _sets(_values(a, together), _values(b, together), ctx))
        if bool(_names(a)) != bool(_names(b)):
            named = a if _names(a) else b
            order = sorted(_names(named), key=lambda n: n.lstrip("\\").lower())
            if _names(named) != order:  # the tuple without names: in the written order, or in the names' alphabetical one?
                by_name = dict(zip(_names(named), named.items))
                other = replace(named, items=tuple(by_name[n] for n in order))
                written = _sequences(list(a.items), list(b.items), ctx, "position")
                alphabetical = _sequences(list((other if a is named else a).items),
                                          list((other if b is named else b).items), ctx, "position")  # fmt: skip
                if written.status == alphabetical.status:
                    return written
                return _Verdict("unknown", "none", reason=f"a tuple named ({', '.join(_names(named))}), not in the "
                                "alphabetical order, against one without names: which position is which is not stated")  # fmt: skip
        return _sequences(list(a.items), list(_in_order_of(a, b).items), ctx, "position")
    if ka == "matrix" and kb == "matrix":
        return _matrices(a, b, ctx)
    return _Verdict("different", "structure", {"kinds": [ka, kb]}) if _definite_kinds(ka, kb) else \
        _Verdict("unknown", "none", reason=f"cannot compare {_article(ka)} {ka} with {_article(kb)} {kb}")  # fmt: skip


def _names(ans: Answer) -> list[str]:
    """The names of a tuple's positions, ``(m, n) = (4, 2)``; empty for a tuple written without them."""
    return ans.value.split(",") if ans.kind == "tuple" and ans.value else []


def _in_order_of(a: Answer, b: Answer) -> Answer:
    """``b`` with its positions in ``a``'s order of names, when both tuples name the same unknowns: ``(m, n) = (4, 2)``
    against ``(n, m) = (2, 4)``. Otherwise ``b`` as written (a tuple without names is in its written order)."""
    na, nb = _names(a), _names(b)
    if not na or not nb or na == nb or sorted(na) != sorted(nb) or len(set(nb)) != len(nb):
        return b
    by_name = dict(zip(nb, b.items))
    return replace(b, items=tuple(by_name[n] for n in na), value=a.value)


def _as_points(ans: Answer) -> Answer | None:
    """A set of real numbers as the union of its points (closed intervals [v, v]); a real set as it is; None for a
    set holding anything but numbers."""
    if ans.kind != "set":
        return ans
    if not ans.items or any(i.kind != "number" for i in ans.items):
        return None
    return Answer("union", items=tuple(Answer("interval", (i.terms[0], i.terms[0]), closed=(True, True))
                                       for i in ans.items))  # fmt: skip


def _definite_kinds(ka: str, kb: str) -> bool:
    # a matrix is never a number, an interval or a tuple; a tuple is never a number; an equation that names no
    # value (2x + z = 1) is a relation, never a number or an expression; a set of reals is never a number
    kinds = {ka, kb}
    return ("matrix" in kinds or kinds in ({"tuple", "number"}, {"tuple", "set"})
            or ("equation" in kinds and bool(kinds & {*_SCALAR})) or (bool(kinds & {*_REAL_SETS}) and "number" in kinds))  # fmt: skip


def equivalent_answers(reference: str | Answer, candidate: str | Answer, timeout: float = DEFAULT_TIMEOUT,
                       tolerance: float | str | Fraction | None = None, *,
                       decimal_comma: str | None = None, percent: str = "value",
                       exact_witness: bool = True, order: str = "any") -> AnswerCertificate:  # fmt: skip
    """Decide whether ``candidate`` equals ``reference``: equal, different (with a witness), unknown, or
    undefined (either answer, or a part of it, has no value: ``0/0``, ``\\log 0``, ``\\sqrt{-1}``, an
    expression defined at no point or only on a set with no interior; never equal to anything).

    ``tolerance`` (None by default: exact) allows |reference - candidate| <= tolerance between numbers;
    the certificate's ``policy`` names it. ``decimal_comma`` (None: an ambiguous ``0,111`` is unknown;
    ``"decimal"`` or ``"list"``) chooses how text answers' commas between digits are read. ``percent`` is the
    percent policy: ``"value"`` (default: p% is p/100 and nothing else) or ``"unit"`` (p% also equals p when the
    other answer has no percent sign: benchmarks such as MATH box 20 for "what percent"). ``timeout`` (seconds)
    bounds the whole call. The text given may be a whole response: its final answer is taken by the extraction
    policy (:data:`pyverify.answers.EXTRACTION_RULES`). ``exact_witness`` (default True) simplifies the difference
    of two irrational constants exactly (sympy, a few milliseconds); False shows it as written, beside the arb
    enclosure that proves it nonzero (what a reward function needs: the verdict, fast). ``order`` is the list
    policy: ``"any"`` (default: two lists of values are compared as sets, as MATH's "enter all the solutions" asks) or
    ``"written"`` (a gold that lists T(10), T(11), T(12) is a sequence: 2, 4, 3 is not 2, 3, 4; the tuple (2, 4, 3)
    against it is compared position by position too).
    """
    if percent not in ("value", "unit"):
        raise ValueError(f"percent must be 'value' or 'unit', not {percent!r}")
    if order not in ("any", "written"):
        raise ValueError(f"order must be 'any' or 'written', not {order!r}")
    start = time.monotonic()
    tol = None if tolerance is None else str(Fraction(str(tolerance)))
    policy = "exact" if tol is None else f"tolerance={tolerance}"
    if decimal_comma is not None:
        policy += f", decimal_comma={decimal_comma}"
    if percent != "value":
        policy += f", percent={percent}"
    if order != "any":
        policy += f", order={order}"
    # reading is bounded too (the timeout bounds the whole call): extraction and parsing are linear by design, and
    # this limit stops what a hostile text might still find (in the main thread; a pool's worker is killed instead)
    with time_limit(timeout) as reading:
        # (a gold's float noise: 0.036000000000000004 is 0.036, and so is a candidate's copy of it)
        noise = has_float_noise(reference)
        ref = reference if isinstance(reference, Answer) else parse_answer(reference, decimal_comma=decimal_comma,
                                                                            float_noise=True)
        cand = candidate if isinstance(candidate, Answer) else parse_answer(candidate, decimal_comma=decimal_comma,
                                                                            float_noise=noise)
    if reading.expired:
        return AnswerCertificate("unknown", "none", None, policy, f"reading the answers took longer than the time "
                                 f"limit ({timeout:g} s): nothing was compared", round(time.monotonic() - start, 6),
                                 reference.text if isinstance(reference, Answer) else "",
                                 candidate.text if isinstance(candidate, Answer) else "")  # fmt: skip
    timeout = max(timeout - (time.monotonic() - start), 1e-3)  # what is left of it for the comparison
    if ref.unscaled or cand.unscaled:  # 12.22 million: 12,220,000, or 12.22 in the millions a question may ask for
        return _scaled_or_not(ref, cand, timeout, start, tolerance=tolerance, decimal_comma=decimal_comma,
                              percent=percent, exact_witness=exact_witness, order=order)  # fmt: skip
    if ref.product or cand.product:  # 5 m: a quantity, and as written a product of letters (5m): either reading
        return _quantity_or_product(ref, cand, timeout, start, tolerance=tolerance, decimal_comma=decimal_comma,
                                    percent=percent, exact_witness=exact_witness, order=order)  # fmt: skip
    if cand.forms:  # \boxed{\frac12} (or $0.5$): the answer, then each other form it is written in, must be the gold
        return _with_forms(ref, cand, timeout, start, tolerance=tolerance, decimal_comma=decimal_comma, percent=percent,
                           exact_witness=exact_witness, order=order)  # fmt: skip
    if (_APPLIED.search(ref.text) or _APPLIED.search(cand.text)) and not _APPLIED_READ.get():
        # f(0), I(3): a function's value at a number, or the product f·0 (the grammar's reading): either reading
        return _applied_or_product(ref, cand, timeout, start, tolerance=tolerance, decimal_comma=decimal_comma,
                                   percent=percent, exact_witness=exact_witness, order=order)  # fmt: skip

    def done(v: _Verdict) -> AnswerCertificate:
        extraction = {label: {"rule": ans.rule, "span": list(ans.span)} | ({"decimal_comma": ans.convention}
                      if ans.convention else {}) for label, ans in (("reference", ref), ("candidate", cand))
                      if ans.rule}  # fmt: skip
        return AnswerCertificate(v.status, v.method, v.witness, policy, v.reason,  # type: ignore[arg-type]
                                 round(time.monotonic() - start, 6), ref.text, cand.text, v.conditions, extraction)  # fmt: skip

    for label, ans in (("candidate", cand), ("reference", ref)):
        if ans.kind == "no_answer":
            return done(_Verdict("no_answer", "none", reason=f"the {label} gives {ans.reason}"))
    if ref.kind == cand.kind == "ambiguous" and HYPHEN_JOINED_REASON in ref.reason and HYPHEN_JOINED_REASON in cand.reason \
            and _joined(ref.text) == _joined(cand.text):  # fmt: skip
        # 20-30 against 20-30: the same text, equal under each of its readings (a range, a date or a difference)
        return done(_Verdict("equal", "structure", reason="the same numbers joined by hyphens on both sides: equal "
                             "under each of their readings"))  # fmt: skip
    for label, ans in (("reference", ref), ("candidate", cand)):
        if ans.kind in ("unparsed", "ambiguous"):
            return done(_Verdict("unknown", "none", reason=f"{label} {ans.kind}: {ans.reason}"))
    as_written = {"reference": _written(reference, ref), "candidate": _written(candidate, cand)}
    for label, ans, other in (("reference", ref, cand), ("candidate", cand, ref)):
        indian = INDIAN_GROUPED.fullmatch(as_written[label].strip()) if ans.kind == "list" and other.kind == "number" \
            else None  # fmt: skip
        if indian is not None:
            # 10,00,000 against 1000000: one number in Indian digit grouping, or the list it reads as (a textbook's
            # gold 36,36,108 is a triangle's angles): never called different from the number
            digits = indian.group(1).replace(",", "")
            return done(_Verdict("unknown", "none", reason=f"the {label} {indian.group(1)!r} is one number in Indian "
                                 f"digit grouping ({digits}) or a list of numbers: not compared with a number"))  # fmt: skip
    for label, ans, other, other_label in (("reference", ref, cand, "candidate"), ("candidate", cand, ref, "reference")):
        if _DEGREE_MARK.search(as_written[label]) and ans.unit != "degree" and not other.unit and _has_pi(other) and \
                not _has_pi(ans) and not _DEGREE_MARK.search(as_written[other_label]):  # fmt: skip
            # 30^\circ, 60^\circ or [0^\circ, 90^\circ] or 45^\circ + 45^\circ against radians: degrees inside a
            # list, an interval or a sum are read as their numbers, which are no radians (never called different)
            return done(_Verdict("unknown", "none", reason=f"the {label} writes degrees inside {_KIND_WORDS.get(ans.kind, 'its answer')} "
                                 "and the other a multiple of π: the degrees there are not converted to radians"))  # fmt: skip
    for label, ans in (("reference", ref), ("candidate", cand)):
        literal = _literal_no_value(ans)
        if literal:
            return done(_Verdict("undefined", "structure", reason=f"the {label} has no value: {literal}"))
    note = ""
    for label, ans in (("reference", ref), ("candidate", cand)):
        if _units.SEVERAL in ans.unit:  # 5 cm + 5 mm: its numbers are in different units, never added as they stand
            return done(_Verdict("unknown", "none", reason=f"the {label} states several units ({ans.unit}): its values "
                                                           "are not compared"))  # fmt: skip
    for label, ans, other in (("reference", ref, cand), ("candidate", cand, ref)):
        if ans.unit and not other.unit and other.kind == "number" and _units.compound(ans.text) is not None:
            # 1 hour and 30 minutes against 1.5: in the smaller unit it is 90, in the larger 1.5; which unit the bare
            # number counts is not stated
            return done(_Verdict("unknown", "none", reason=f"the {label} is one quantity in two units ({ans.text}) and "
                                 "the other a number without a unit: which unit it counts is not stated"))  # fmt: skip
    for label, ans, other in (("reference", ref, cand), ("candidate", cand, ref)):
        letters = sorted(set().union(*(free_vars(t) for t in ans.terms))) if ans.kind == "expression" and not ans.unit \
            else []  # fmt: skip
        fraction = _LETTER_FRACTION_AFTER_NUMBER.fullmatch(ans.text or "") is not None and \
            all(_units.unit_letters(n) for n in letters) and (bool(other.unit) or _same_number(ans.text, other))  # fmt: skip
        # (9.8 \frac{m}{s^2} against 980 cm/s^2 or 9.8: its letters were m = 0 in the witness; against another number
        # it differs either way)
        if fraction or other.unit and letters and (len(letters) <= 3 and all(_units.unit_letters(n) for n in letters) or
                                                   _LETTER_RUN.search(ans.text or "")) and \
                _LETTERS_AFTER_NUMBER.fullmatch(ans.text or ""):  # fmt: skip (never 5 \cdot m, m(3): as written)
            # 5 \mu m, 1 N m against 5000 nm, 1 J: letters that may be a unit written as variables (μm, N·m), and
            # a run of letters after the number that the unit table does not know (1 ha, 1 nmi against 10000 m^2,
            # 1852 m): a product of variables against a quantity, whose difference would be no witness
            written = _NUMBER_BEFORE_LETTERS.sub("", ans.text or "", count=1).strip()
            against = f"a quantity in {other.unit}" if other.unit else "a number without a unit"
            return done(_Verdict("unknown", "none", reason=f"the {label}'s letters after its number ({written}) may be a "
                                 f"unit written as variables, against {against}: not compared"))  # fmt: skip
    converted = ""
    for label, ans, other in (("reference", ref, cand), ("candidate", cand, ref)):
        if ans.unit == "degree" and not other.unit and ans.kind == "number" and len(ans.terms) == 1 and \
                any(isinstance(n, Call) and n.func == "pi" for t in other.terms for n in walk(t)):  # fmt: skip
            # 135^\circ against \frac{3\pi}{4}: the other is in radians; the degrees are converted exactly (× π/180)
            # rather than their number compared with the radians' (135 against 2.356 would be called different)
            radians = replace(ans, terms=(Op("*", (ans.terms[0], Op("/", (Call("pi", ()), Num(Fraction(180)))))),),
                              unit="")  # fmt: skip
            ref, cand = (radians, cand) if label == "reference" else (ref, radians)
            converted = f"the {label}'s degrees are read as radians (× π/180) against the other's multiple of π"
            break
        if ans.unit == "degree" and not other.unit and ans.kind == "equation" and len(ans.terms) == 2 and \
                isinstance(ans.terms[0], Var) and not free_vars(ans.terms[1]) and _has_pi(other):  # fmt: skip
            # x = 30^\circ against x = \frac{\pi}{6}: the named value's degrees, converted the same way
            radians = replace(ans, terms=(ans.terms[0], Op("*", (ans.terms[1], Op("/", (Call("pi", ()), Num(Fraction(180))))))),
                              unit="")  # fmt: skip
            ref, cand = (radians, cand) if label == "reference" else (ref, radians)
            converted = f"the {label}'s degrees are read as radians (× π/180) against the other's multiple of π"
            break
    if ref.unit and cand.unit and ref.unit != cand.unit:
        how, factor, note = _units.conversion(ref.unit, cand.unit)
        from pyverify.answers._engine import rational

        if how == "dimension" and _units.rate_of(ref.unit, cand.unit) and ref.kind == cand.kind == "number" and \
                rational(ref.terms[0]) is not None and rational(ref.terms[0]) == rational(cand.terms[0]):  # fmt: skip
            # \$15 against 15 dollars an hour: an amount and the same number as a rate of it; a gold that writes the
            # amount's unit alone may mean the rate the question asks for (a different number is different either way)
            return done(_Verdict("unknown", "none", reason=f"the same number as an amount and as a rate of it ({ref.unit} against {cand.unit}): "
                                 "whether the rate is meant is not stated"))  # fmt: skip
        if how == "dimension":
            return done(_Verdict("different", "units", witness={"reference_unit": ref.unit,
                                                                 "candidate_unit": cand.unit}, reason=note))  # fmt: skip
        if how == "unknown":
            return done(_Verdict("unknown", "none", reason=note))
        if factor == 1:  # the same unit spelled differently (h, hr, hours)
            note = ""
        else:
            if cand.kind not in ("number", "expression", "approx"):
                return done(_Verdict("unknown", "none", reason=f"the units differ ({ref.unit} against {cand.unit}): "
                                                                f"only a single quantity is converted, not this "
                                                                f"{cand.kind}"))  # fmt: skip
            cand = replace(cand, terms=(Op("*", (Num(factor), cand.terms[0])),))  # type: ignore[arg-type]
    try:
        ctx = _Context(timeout, tol, percent, exact_witness, order)
        texts = (reference if isinstance(reference, str) else "", candidate if isinstance(candidate, str) else "")
        verdict = _renaming(ref, cand, _parameter_readings(ref, cand, ctx, texts) or _side_of_reference(ref, cand, ctx) or
                            _compare(ref, cand, ctx), ctx)  # fmt: skip
        for k, (how, grouped) in enumerate(_SLASH_WAYS):
            slashed = (_slash_reading(ref, k), _slash_reading(cand, k))
            if verdict.status not in ("equal", "different") or slashed == (None, None):
                continue
            # 1/2x against \frac{1}{2x}: (1/2)x as the grammar reads it, 1/(2x) as it is often meant; x^1/2 against
            # \sqrt{x}: (x^1)/2, or x^(1/2); a verdict stands only when each reading gives it (each answer read the
            # same way in both)
            r, c = slashed[0] or ref, slashed[1] or cand
            outer, ctx.witness = ctx.witness, False  # (only its status is used: no witness text is written)
            try:
                second = _renaming(r, c, _parameter_readings(r, c, ctx, texts) or _side_of_reference(r, c, ctx) or
                                   _compare(r, c, ctx), ctx)  # fmt: skip
            finally:
                ctx.witness = outer
            if second.status != verdict.status:
                written = " and ".join(f"`{x.text if len(x.text) <= 60 else x.text[:57] + '...'}`"
                                       for x, s in zip((ref, cand), slashed) if s is not None)  # fmt: skip
                return done(_Verdict("unknown", "none", reason=f"{how} ({written}): {verdict.status} read as "
                                     f"written left to right, {second.status} read as {grouped} (write \\frac or "
                                     "brackets)"))  # fmt: skip
        # (never beside the other answer's \\ln: \\log(2) + i\\pi/3 against \\ln 2 + i\\pi/3 is the same logarithm)
        common = (None, None) if any(_NATURAL_LOG.search(x.text or "") for x in (ref, cand)) else \
            (_common_log(ref), _common_log(cand))  # fmt: skip
        if verdict.status in ("equal", "different") and common != (None, None):
            # \log 1000 against 3, \log 2 against \ln 2: \log without a base is ln in analysis and log10 in
            # competition mathematics; a verdict stands only when both readings give it
            outer, ctx.witness = ctx.witness, False  # (only its status is used: no witness text is written)
            try:
                base10 = _compare(common[0] or ref, common[1] or cand, ctx)
            finally:
                ctx.witness = outer
            if base10.status != verdict.status and base10.status in ("equal", "different"):
                return done(_Verdict("unknown", "none", reason=f"\\log without a base: {verdict.status} read as the "
                                     f"natural logarithm, {base10.status} read as base 10 (write \\ln or \\log_{{10}})"))  # fmt: skip
        stated = [f"the {label} is stated for {ans.condition}" for label, ans in (("reference", ref),
                                                                                  ("candidate", cand)) if ans.condition]
        if stated and verdict.status == "different":  # the values found to differ may lie outside the condition
            return done(_Verdict("unknown", "none", reason=f"{'; '.join(stated)}: a difference was found, perhaps "
                                 "only where that does not hold"))  # fmt: skip
        nowhere = [f"the {label}'s condition {ans.condition} holds nowhere" for label, ans in
                   (("reference", ref), ("candidate", cand)) if ans.condition and verdict.status == "equal" and
                   _holds_nowhere(ans.condition, decimal_comma, ctx)]  # fmt: skip
        if nowhere:  # \boxed{3 \text{ if } x^2 < 0}: stated under a condition nothing satisfies, it states nothing
            return done(_Verdict("undefined", "claim", reason="; ".join(nowhere) + ": the answer is stated for no case"))
        if stated and verdict.status == "equal":  # equal everywhere, so also where the condition holds
            same = _condition_text(ref.condition) == _condition_text(cand.condition)
            if not same and (ref.condition or not _states_a_value(cand)):
                # (y > 0) after a curve's equation cuts the curve (a half ellipse is not the ellipse), x = \\pm 2 (x > 0)
                # picks a solution, y = x^2 on x >= 0 is another function than on x <= 0, and a reference's condition
                # (an inverse function's domain) is part of the answer; only a candidate's own domain of a value is not
                return done(_Verdict("unknown", "none", reason=f"{'; '.join(stated)}: the condition changes what "
                                     "the answer states, and the two answers do not state the same one"))  # fmt: skip
            verdict.conditions = (*verdict.conditions, *stated)
        if converted and verdict.status == "equal":
            verdict.conditions = (*verdict.conditions, converted)
        elif converted and verdict.status == "different":
            verdict.reason = f"{verdict.reason}; {converted}" if verdict.reason else converted
        if note and verdict.status in ("equal", "different"):
            verdict.reason = f"{verdict.reason}; {note}" if verdict.reason else note
            if verdict.witness is not None:  # the difference is in the reference's unit: say which
                verdict.witness = {**verdict.witness, "unit": ref.unit}
        return done(verdict)
    except _Undefined as exc:
        return done(_Verdict("undefined", "none", reason=exc.reason))
    except _Unknown as exc:
        return done(_Verdict("unknown", "none", reason=exc.reason))
    except (RecursionError, MemoryError) as exc:
        return done(_Verdict("unknown", "none", reason=f"resource limit: {type(exc).__name__}"))
    except Exception as exc:  # a bug of ours is never a verdict, and never crashes a caller (a trainer, a batch)
        return done(_Verdict("unknown", "none", reason=f"internal error: {type(exc).__name__}: {exc}"[:300]))


#: The values that mark a percentage: one as written, and one written after its box (\boxed{20}\%).
_PERCENT = ("%", PERCENT_AFTER_BOX)


def _quantity_or_product(ref: Answer, cand: Answer, timeout: float, start: float, **options: Any) -> AnswerCertificate:
    """equivalent_answers for answers with a second reading as written (``Answer.product``): a number, a space and a
    unit phrase compared as quantities (``5 m`` is 5 metres: equal to 5 and to 500 cm), a lowercase option as a
    choice (``(c) 18`` is C); when that finds them different or leaves them unknown, as the products of letters the
    same text also is (``5 m`` against ``5m``, ``(a) \\sqrt{b}`` against ``a\\sqrt{b}``): equal if that reading is."""
    from pyverify.answers._parse import parse_answer

    main = equivalent_answers(replace(ref, product=""), replace(cand, product=""), timeout, **options)
    left = max(timeout - (time.monotonic() - start), 1e-3)
    ref_read, cand_read = (replace(parse_answer(a.product), rule=a.rule, span=a.span) if a.product else a
                           for a in (ref, cand))  # fmt: skip
    if main.status == "equal" and ref.product and ref.unit and not cand.unit:
        # a reference 3 m against a bare 3: 3 metres, or 3·m in algebra; credited only when both readings agree
        other = equivalent_answers(ref_read, cand_read, left, **options)
        if other.status == "equal":
            return replace(main, seconds=round(time.monotonic() - start, 6))
        return replace(main, status="unknown", method="none", witness=None, conditions=(), seconds=round(
            time.monotonic() - start, 6), reason=f"the reference {ref.text or ref.product} is a quantity or the product "
            f"{ref.product}: the candidate, with no unit, equals only the first")  # fmt: skip
    if main.status not in ("different", "unknown"):
        return replace(main, seconds=round(time.monotonic() - start, 6))
    other = equivalent_answers(ref_read, cand_read, left, **options)
    if main.status == "different" and other.status == "unknown" and any(a.product and a.unit for a in (ref, cand)):
        # \boxed{2m} against m(2): different as 2 metres, and as the product 2·m against m·2 or m's value at 2, unknown
        # (a different verdict needs every reading different; a lowercase option, (c) None of the above, is a choice
        # first: its words as a product are no reading of their own)
        return replace(main, status="unknown", method="none", witness=None, conditions=(), seconds=round(
            time.monotonic() - start, 6), reason=f"read as a quantity the answers differ; read as products of letters "
            f"({ref_read.text or ref.text} against {cand_read.text or cand.text}): {other.reason or 'unknown'}")  # fmt: skip
    if other.status != "equal":
        return replace(main, seconds=round(time.monotonic() - start, 6))
    read = "; ".join(f"the {label}'s {a.text or a.product} read as {'the product ' if 'cdot' in a.product else ''}"
                     f"{a.product}" for label, a in
                     (("reference", ref), ("candidate", cand)) if a.product)  # fmt: skip
    return replace(other, conditions=(*other.conditions, read), seconds=round(time.monotonic() - start, 6))


# a letter (or a Greek letter's command), with its primes, subscript or superscript, right before a number in brackets,
# as a function is applied to it: f(0), I(3), \theta(0), f'(0), f_1(0), f^{-1}(0) (never a command's argument,
# \sin(0), nor a word's letter; nor a name before '=', f(3) = 12, whose value is read by the rules for equations)
_GREEK = (r"alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|iota|kappa|lambda|mu|nu|xi|rho|sigma|tau|"
          r"upsilon|phi|varphi|chi|psi|omega|Gamma|Delta|Theta|Lambda|Xi|Sigma|Upsilon|Phi|Psi|Omega")
_APPLIED = re.compile(rf"(?<![A-Za-z\\_^])(?:[A-Za-z]|\\(?:{_GREEK})(?![A-Za-z]))(?:_\{{?[A-Za-z0-9]{{1,4}}\}}?|"
                      rf"\^\{{[-+]?\d{{1,2}}\}}|\^\{{?\\prime\}}?)?'{{0,3}}\s*(?:\\left\s*)?\(\s*"
                      rf"[-+]?(?:\d{{1,20}}(?:\.\d{{0,20}})?|\.\d{{1,20}})\s*(?:\\right\s*)?\)(?!\s*=)")
# (set while the product reading is decided, so that it is not split again)
_APPLIED_READ: ContextVar[bool] = ContextVar("_APPLIED_READ", default=False)
# the most applications read as symbols: a product of many fresh symbols compared with a number costs the engine its
# whole deadline (a(0) a(1) ... a(24) against 0)
_MAX_APPLIED = 4


def _applied_or_product(ref: Answer, cand: Answer, timeout: float, start: float, **options: Any) -> AnswerCertificate:
    """equivalent_answers for answers that apply a letter to a number (``f(0)``, ``I(3)``, ``f'(0)``): the grammar reads
    the product f·0, so that ``I(0)`` would be 0 and equal to ``2I(0)``, to ``0`` and to anything times it. Each is
    also read as a function's value, one fresh symbol per application as written (``I(0)`` and ``I(0)`` one symbol,
    ``I(0)`` and ``I(1)`` two); the verdict stands when both readings agree, and where only one finds them equal,
    unknown (nothing is credited through a product the text may not mean). More than ``_MAX_APPLIED`` applications,
    or a text that already writes the fresh symbols' name: only the product is read, and its "equal" is unknown."""
    from pyverify.answers._parse import parse_answer

    token = _APPLIED_READ.set(True)
    try:
        main = equivalent_answers(ref, cand, timeout, **options)
        names = list(dict.fromkeys("".join(m.group().split()) for a in (ref, cand) for m in _APPLIED.finditer(a.text)))
        other = None
        if len(names) <= _MAX_APPLIED and "Upsilon" not in ref.text + cand.text:
            left = max(timeout - (time.monotonic() - start), 1e-3)
            symbol = {name: f"\\Upsilon_{{{90 + k}}}" for k, name in enumerate(names)}
            applied = [replace(parse_answer(_APPLIED.sub(lambda m: symbol["".join(m.group().split())], a.text),
                                            decimal_comma=options.get("decimal_comma")), rule=a.rule, span=a.span)
                       if _APPLIED.search(a.text) else a for a in (ref, cand)]  # fmt: skip
            other = equivalent_answers(applied[0], applied[1], left, **options)
    finally:
        _APPLIED_READ.reset(token)
    seconds = round(time.monotonic() - start, 6)
    if other is not None and (main.status == other.status or "equal" not in (main.status, other.status)):
        return replace(main, seconds=seconds)
    if other is None and main.status != "equal":
        return replace(main, seconds=seconds)
    shown = list(dict.fromkeys(m.group() for a in (ref, cand) for m in _APPLIED.finditer(a.text)))
    written = ", ".join(shown[:_MAX_APPLIED]) + (", ..." if len(shown) > _MAX_APPLIED else "")
    only = "the product" if main.status == "equal" else "a function's value"
    return replace(main, status="unknown", method="none", witness=None, conditions=(), seconds=seconds,
                   reason=f"{written} may be a function's value at a number or a product: the answers are equal only "
                          f"when it is read as {only}")  # fmt: skip


def _scaled_or_not(ref: Answer, cand: Answer, timeout: float, start: float, **options: Any) -> AnswerCertificate:
    """equivalent_answers for answers with a scale word (``Answer.unscaled``: ``12.22 million``): compared as the
    number the words say (12,220,000); when that finds them different or leaves them unknown, but the number without
    its scale word equals the other answer (12.22), unknown: the question may ask for the value in millions (FinanceMath
    writes its golds so: 4.0 for $4 million), and only the question can tell."""
    from pyverify.answers._parse import parse_answer

    main = equivalent_answers(replace(ref, unscaled=""), replace(cand, unscaled=""), timeout, **options)
    if main.status not in ("different", "unknown") or (ref.unscaled and cand.unscaled):
        return replace(main, seconds=round(time.monotonic() - start, 6))  # (2 billion, 2 trillion: two scales, two numbers)
    left = max(timeout - (time.monotonic() - start), 1e-3)
    ref_read, cand_read = (replace(parse_answer(a.unscaled), rule=a.rule, span=a.span) if a.unscaled else a
                           for a in (ref, cand))  # fmt: skip
    if equivalent_answers(ref_read, cand_read, left, **options).status != "equal":
        return replace(main, seconds=round(time.monotonic() - start, 6))
    scaled = " and ".join(a.text.strip() for a in (ref, cand) if a.unscaled)
    return replace(main, status="unknown", method="none", witness=None, conditions=(), seconds=round(
        time.monotonic() - start, 6), reason=f"{scaled} with its scale word is another number; without it the answers "
        "are equal, as they are when the question asks for the value in thousands, millions or billions")  # fmt: skip


def _rounded_to(value: Answer, form: Answer, timeout: float) -> bool:
    """Whether ``form`` is a decimal with at least three significant digits that is ``value`` (an exact constant)
    rounded to the digits it writes (0.167 for 1/6, 3.14 for \\pi; 0.29 is too short to tell a rounding from another
    value): equal to it within half a unit of its last digit, decided by the comparison itself (exact rationals,
    arb enclosures) under the time left."""
    written = re.fullmatch(r"\s*(-?)(\d+)\.(\d+)\s*", form.text or "")
    if written is None or len((written.group(2) + written.group(3)).lstrip("0")) < 3 or value.kind != "number" \
            or len(value.terms) != 1 or free_vars(value.terms[0]):  # fmt: skip
        return False
    half = Fraction(1, 2 * 10 ** len(written.group(3)))
    return equivalent_answers(value, form, timeout, tolerance=half).status == "equal"


def _approximates(value: Answer, form: Answer, timeout: float) -> bool | None:
    """For a form ``\\approx v`` written with a plain decimal or percent (``\\approx 0.0769``, ``\\approx 7.69\\%``):
    whether v is ``value`` to within less than one unit of its last significant digit (rounded or cut there: 2/3 ≈ 0.666
    too, 12345 ≈ 12000; never 3 ≈ 2), decided by the
    comparison itself under the time left; None for any other form, or when that is not decided."""
    from pyverify.answers._parse import parse_answer

    written = re.fullmatch(r"\s*\\approx\s*(-?\d+(?:\.(\d+))?)\s*(\\?%)?\s*", form.text or "") if form.kind == "approx" else None
    if written is None:
        return None
    digits = written.group(1).lstrip("-")
    places = len(written.group(2) or "")
    # (one unit of its last significant digit, short of it: 0.666 for 2/3, about 12000 for 12345; never 2 for 3)
    step = Fraction(10) ** (len(digits) - len(digits.rstrip("0"))) if not places and digits.strip("0") else \
        Fraction(1, 10**places)  # fmt: skip
    unit = step / (100 if written.group(3) else 1)
    number = parse_answer(written.group(1) + ("\\%" if written.group(3) else ""))
    verdict = equivalent_answers(value, number, timeout, tolerance=unit * Fraction(999999, 1000000)).status
    return True if verdict == "equal" else False if verdict == "different" else None


# a number with a scale letter glued to it, as written (2k, 2K, $1.5M, 3B): a scale or a variable's multiple
_SCALED = re.compile(r"\s*(?:\\?\$)?\s*-?\d+(?:\.\d+)?\s?[kKMB]\s*(?:\.\s*)?")


def _with_forms(ref: Answer, cand: Answer, timeout: float, start: float, **options: Any) -> AnswerCertificate:
    """equivalent_answers for a candidate written in several forms (``Answer.forms``): equal only when the answer
    equals the reference and every form equals the answer (so the reference too; \\boxed{5 \\text{ cm}} (or 50 mm) is
    one length); a form that differs makes it a hedge between two values (no answer, as ``\\boxed{3} or
    \\boxed{4}``); a form not decided leaves the whole unknown. A choice's forms that are no letters are the option's
    content (\\boxed{B}: $x = 2$), not compared."""
    said = replace(cand, forms=())
    main = equivalent_answers(ref, said, timeout, **options)
    if main.status not in ("equal", "different"):
        return replace(main, seconds=round(time.monotonic() - start, 6))
    # (a different answer is read against its forms too: \boxed{5}, then the true answer is 6, states no answer
    # whatever the reference, never 'different' against 6)
    for form in cand.forms:
        letter = cand.kind == "choice" or (cand.kind == "expression" and isinstance(cand.terms[0], Var)
                                           and re.fullmatch(r"[A-J]", cand.terms[0].name) is not None)  # fmt: skip
        if letter and form.kind != "choice" and not (form.kind == "expression" and isinstance(form.terms[0], Var)):
            continue
        approximates = _approximates(said, form, max(timeout - (time.monotonic() - start), 1e-3))
        if approximates is not None:
            if approximates:
                continue  # $\frac{1}{13}$ (approximately $0.0769$): the value to the digits written
            return replace(main, status="no_answer", method="none", witness=None, conditions=(),
                           seconds=round(time.monotonic() - start, 6),
                           reason=f"the candidate gives no final answer: its answer, {cand.text}, is written beside "
                                  f"an approximation, {form.text}, of another value")  # fmt: skip
        other = equivalent_answers(said, form, max(timeout - (time.monotonic() - start), 1e-3), **options)
        if other.status == "different" and _rounded_to(said, form, max(timeout - (time.monotonic() - start), 1e-3)):
            continue  # \boxed{\frac{1}{6}}, i.e. 0.167 ($\\pi$, i.e. 3.14): the value rounded to the digits written
        if other.status == "different":
            return replace(main, status="no_answer", method="none", witness=None, conditions=(),
                           seconds=round(time.monotonic() - start, 6),
                           reason=f"the candidate gives no final answer: its answer, {cand.text}, is written beside "
                                  f"another value, {form.text}, that differs from it")  # fmt: skip
        if other.status != "equal" and main.status == "different":
            continue  # (a form not decided beside an answer that differs: the answer's verdict stands)
        if other.status != "equal":
            return replace(main, status="unknown", method="none", witness=None, conditions=(),
                           seconds=round(time.monotonic() - start, 6),
                           reason=f"the candidate also writes its answer as {form.text}, and that form was not proved "
                                  f"equal to it: {other.reason or other.status}")  # fmt: skip
    written = ", ".join(f.text for f in cand.forms)
    if main.status == "different":
        return replace(main, seconds=round(time.monotonic() - start, 6))
    return replace(main, conditions=(*main.conditions, f"the candidate also writes its answer as {written}: equal too"),
                   seconds=round(time.monotonic() - start, 6))  # fmt: skip


def _holds_nowhere(condition: str, decimal_comma: str | None, ctx: _Context) -> bool:
    """Whether a condition an answer is stated under (a relation of terms in real letters: ``1 > 2``, ``x^2 < 0``,
    ``x \\neq x``, or a set of reals: ``x < 0 \\text{ and } x > 1``) is satisfied by no point, proved by the engine;
    False when it is satisfiable, undecided or of another form."""
    from pyverify.certify import decide
    from pyverify.logic import ParseError, parse, term_text

    stated = parse_answer(condition, decimal_comma=decimal_comma)
    if stated.kind in ("set", "union") and not stated.items:
        return True  # the empty set of reals (two conditions that exclude each other)
    if stated.kind != "relation" or len(stated.terms) < 2:
        return False
    ops = stated.value.split()
    try:
        sides = [term_text(_claim_term(t)) for t in stated.terms]
        names = sorted(set().union(*(free_vars(t) for t in stated.terms)))
        binder = f"exists {' '.join(names)} : R, " if names else ""
        claim = parse(binder + " and ".join(f"{a} {op} {b}" for a, op, b in zip(sides, ops, sides[1:])))
    except (_Unknown, ParseError, ValueError):
        return False
    return decide(claim, min(2.0, ctx.left()), deadline=ctx.deadline).status == "refuted"


def _literal_no_value(ans: Answer) -> str | None:
    """A part written with no value on its face (``/0``, ``0^{-1}``, ``\\sqrt{-1}``, ``\\log 0``), found
    without arithmetic; deeper cases (``1/(\\sqrt2-\\sqrt2)``) are proved by the engine when met."""
    terms = [*ans.terms, *(e for row in ans.rows for e in row)]
    for node in (n for t in terms for n in walk(t)):
        if isinstance(node, Op) and node.op == "/" and _literal(node.args[1]) == 0:
            return f"division by zero in {_text(node)}"
        if isinstance(node, Op) and node.op == "^" and _literal(node.args[0]) == 0:
            exponent = _literal(node.args[1])
            if exponent is not None and exponent < 0:
                return f"zero to a negative power in {_text(node)}"
        if isinstance(node, Call) and node.func in ("sqrt", "ln") and node.args:
            value = _literal(node.args[0])
            if value is not None and (value < 0 or (node.func == "ln" and value == 0)):
                return f"{'square root' if node.func == 'sqrt' else 'logarithm'} of {value} in {_text(node)}"
    for item in ans.items:
        found = _literal_no_value(item)
        if found:
            return found
    return None
