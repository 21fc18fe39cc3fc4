"""The reference evaluator of the semantics cross-check, written apart from pyverify's evaluation code.

:func:`truth_at` (and :func:`term_value`) evaluate pyverify's syntax tree with sympy's exact numbers and this
module's own reading of each semantics (:data:`SEMANTICS`). ``exact``: every sub-term is evaluated (no
short-circuit), and a point where any partial operation is outside its domain is *skipped*, never a
counterexample or an example. ``mathlib``: each arithmetic tree is computed at its carrier (the join of its
leaves' sorts) with Lean 4 / Mathlib's total operations (ℕ subtraction truncates, ``Int.ediv``,
``x / 0 = 0``, ``Real.sqrt`` and ``Real.log`` total, ...; a negation lifts its tree to ℤ, an integer
argument of ``factorial``/``binomial`` reads through ``Int.toNat``); constructs Lean would reject (``|·|``
at ℕ, ``⌊·⌋`` of an ℕ term, ``%`` at ℚ, ...) are *unreadable* (:func:`unreadable`). Irrational values are
compared by sympy: a sign from a high-precision evaluation when the difference is clearly non-zero, an
exact proof (``equals``) when it is not, under a deadline; a comparison it cannot settle skips the point
(:class:`Skip`).

Why the seam is here: the evaluator is the cross-check's ground truth, so it stands alone: it shares none
of pyverify's evaluation code and knows nothing of the generator or of the engine. The cross-check
(:mod:`pyverify.audit._semantics_check`) asks it about every verdict.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any, Mapping, Sequence

from pyverify.parallel._deadline import time_limit

#: The semantics cross-checked, in report order.
SEMANTICS = ("exact", "mathlib")
#: Deadline for the reference evaluator at one point (seconds).
POINT_DEADLINE = 2.0

_RANK = {"N": 0, "Z": 1, "Q": 2, "R": 3}


# ================================================================= the reference evaluator


class Skip(Exception):
    """The evaluator gives no truth value at this point: ``undefined`` (exact: a partial operation
    outside its domain), ``unreadable`` (mathlib: a construct Lean would reject) or ``undecided``
    (a comparison or size sympy could not settle in time)."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(f"{kind}: {reason}")
        self.kind = kind
        self.reason = reason


_MAX_EXPONENT = 400
_MAX_FACTORIAL = 3000
_MAX_SUM_TERMS = 5000


def _sp() -> Any:
    import sympy

    return sympy


def _rational(value: Fraction | int) -> Any:
    q = Fraction(value)
    return _sp().Rational(q.numerator, q.denominator)


def _is_rational(v: Any) -> bool:
    return bool(getattr(v, "is_Rational", False))


def _sign(v: Any) -> int:
    """The sign of an exact real number: exact for rationals, else sympy's high-precision value when it
    is clearly away from zero, else an exact proof of zero (``equals``); otherwise undecided."""
    sp = _sp()
    if _is_rational(v):
        return (v.p > 0) - (v.p < 0)
    approx = v.evalf(60)
    if not approx.is_real or not approx.is_number:
        raise Skip("undecided", f"{v} is not a real number")
    if abs(approx) > sp.Float("1e-40"):
        return 1 if approx > 0 else -1
    if sp.expand(v) == 0 or v.equals(0) is True:
        return 0
    raise Skip("undecided", f"cannot tell whether {v} is zero")


def _integer(v: Any, what: str) -> int:
    if _is_rational(v) and v.q == 1:
        return int(v.p)
    raise Skip("undecided", f"{what} is not an integer ({v})")


def _floor(v: Any) -> int:
    sp = _sp()
    if _is_rational(v):
        return int(v.p // v.q)
    approx = v.evalf(60)
    n = int(sp.floor(approx))
    if approx - n > sp.Float("1e-30") and n + 1 - approx > sp.Float("1e-30"):
        return n
    nearest = int(sp.Integer(round(float(approx))))
    if _sign(v - nearest) == 0:
        return nearest
    raise Skip("undecided", f"cannot tell the floor of {v}")


def _power(base: Any, k: int) -> Any:
    if abs(k) > _MAX_EXPONENT:
        raise Skip("undecided", f"exponent {k} is too large")
    return base**k


def _factorial(n: int) -> Any:
    if n > _MAX_FACTORIAL:
        raise Skip("undecided", f"factorial({n}) is too large")
    return _sp().Integer(math.factorial(n))


def _binomial(n: int, k: int) -> Any:
    if n > _MAX_FACTORIAL:
        raise Skip("undecided", f"binomial({n}, {k}) is too large")
    return _sp().Integer(math.comb(n, k))


def _euclid_mod(a: int, b: int) -> int:
    return a % abs(b)  # Python's % with a positive modulus is already in [0, |b|)


def _connective(op: str, values: list[bool]) -> bool:
    if op == "and":
        return all(values)
    if op == "or":
        return any(values)
    if op == "->":
        return (not values[0]) or values[1]
    return values[0] == values[1]


def _holds(op: str, a: Any, b: Any) -> bool:
    s = _sign(a - b)
    return {"=": s == 0, "!=": s != 0, "<": s < 0, "<=": s <= 0, ">": s > 0, ">=": s >= 0}[op]


def _divides(a: int, b: int) -> bool:
    return b == 0 if a == 0 else b % a == 0


def _predicate(name: str, args: Sequence[int]) -> bool:
    n = args[0]
    if name == "even":
        return n % 2 == 0
    if name == "odd":
        return n % 2 != 0
    if name == "prime":
        from sympy import isprime

        return n >= 2 and bool(isprime(n))
    if name == "square":
        return n >= 0 and math.isqrt(n) ** 2 == n
    if name == "coprime":
        return math.gcd(args[0], args[1]) == 1
    raise Skip("undecided", f"unknown predicate {name}")


# ---------------------------------------------------------------- exact semantics


class _Exact:
    """Ordinary arithmetic over ℚ and ℝ; a partial operation outside its domain raises Skip('undefined').
    Every sub-term is evaluated (no short-circuit), so undefinedness anywhere in the claim is seen."""

    def term(self, node: Any, env: Mapping[str, Any]) -> Any:
        from pyverify.logic import Call, Num, Op, SumOf, Var

        sp = _sp()
        if isinstance(node, Num):
            return _rational(node.value)
        if isinstance(node, Var):
            return env[node.name]
        if isinstance(node, Op):
            args = [self.term(a, env) for a in node.args]
            op = node.op
            if op == "+":
                return sp.Add(*args)
            if op == "*":
                return sp.Mul(*args)
            if op == "neg":
                return -args[0]
            if op == "-":
                return args[0] - args[1]
            if op == "/":
                if _sign(args[1]) == 0:
                    raise Skip("undefined", "division by zero")
                return args[0] / args[1]
            if op == "^":
                k = _integer(args[1], "an exponent")
                if k < 0 and _sign(args[0]) == 0:
                    raise Skip("undefined", "zero to a negative power")
                return _power(args[0], k)
        if isinstance(node, Call):
            return self.call(node.func, [self.term(a, env) for a in node.args])
        if isinstance(node, SumOf):
            lo = _integer(self.term(node.lo, env), "a sum bound")
            hi = _integer(self.term(node.hi, env), "a sum bound")
            if hi - lo + 1 > _MAX_SUM_TERMS:
                raise Skip("undecided", "sum too long")
            return sp.Add(*[self.term(node.body, {**env, node.var: sp.Integer(k)}) for k in range(lo, hi + 1)])
        raise Skip("undecided", f"the evaluator does not read {type(node).__name__}")

    def call(self, f: str, a: list[Any]) -> Any:
        sp = _sp()
        if f == "abs":
            return -a[0] if _sign(a[0]) < 0 else a[0]
        if f == "min":
            return a[0] if _sign(a[0] - a[1]) <= 0 else a[1]
        if f == "max":
            return a[0] if _sign(a[0] - a[1]) >= 0 else a[1]
        if f == "sqrt":
            if _sign(a[0]) < 0:
                raise Skip("undefined", "square root of a negative number")
            return sp.sqrt(a[0])
        if f == "log":
            if _sign(a[0]) <= 0:
                raise Skip("undefined", "logarithm of a non-positive number")
            return sp.log(a[0])
        if f == "exp":
            return sp.exp(a[0])
        if f == "floor":
            return sp.Integer(_floor(a[0]))
        ints = [_integer(x, f"{f}'s argument") for x in a]
        if f == "mod":
            if ints[1] == 0:
                raise Skip("undefined", "modulus zero")
            return sp.Integer(_euclid_mod(ints[0], ints[1]))
        if f == "factorial":
            if ints[0] < 0:
                raise Skip("undefined", "factorial of a negative number")
            return _factorial(ints[0])
        if f == "binomial":
            if ints[0] < 0 or ints[1] < 0:
                raise Skip("undefined", "binomial of a negative number")
            return _binomial(ints[0], ints[1]) if ints[1] <= ints[0] else sp.Integer(0)
        if f == "gcd":
            return sp.Integer(math.gcd(ints[0], ints[1]))
        if f == "lcm":
            return sp.Integer(abs(math.lcm(ints[0], ints[1])))
        raise Skip("undecided", f"the evaluator does not read {f}")

    def formula(self, node: Any, env: Mapping[str, Any]) -> bool:
        from pyverify.logic import BoolLit, Conn, Not, Pred, Rel

        if isinstance(node, BoolLit):
            return bool(node.value)
        if isinstance(node, Rel):
            left, right = self.term(node.left, env), self.term(node.right, env)
            if node.op == "dvd":
                return _divides(_integer(left, "a divisor"), _integer(right, "a multiple"))
            return _holds(node.op, left, right)
        if isinstance(node, Pred):
            return _predicate(node.name, [_integer(self.term(a, env), "a predicate's argument") for a in node.args])
        if isinstance(node, Not):
            return not self.formula(node.arg, env)
        if isinstance(node, Conn):
            return _connective(node.op, [self.formula(a, env) for a in node.args])  # all: no short-circuit
        raise Skip("undecided", f"the evaluator does not read {type(node).__name__}")


# ---------------------------------------------------------------- mathlib semantics


def _join(*sorts: str | None) -> str | None:
    present = [s for s in sorts if s is not None]
    return max(present, key=_RANK.__getitem__) if present else None


def leaves(node: Any) -> str | None:
    """The largest sort among a term's leaves as Lean's elaborator sees them (None: numerals only).
    Written from Lean's typing rules, not from pyverify's semantics module."""
    from pyverify.logic import Call, Num, Op, SumOf, Var

    if isinstance(node, Num):
        return None
    if isinstance(node, Var):
        return str(node.sort.kind)
    if isinstance(node, Op):
        if node.op == "^":
            return leaves(node.args[0])  # the exponent is its own tree
        if node.op == "neg":
            # ℕ has no negation: pyverify reads -t as an integer (and its Lean export casts to ℤ)
            return _join("Z", leaves(node.args[0]))
        return _join(*(leaves(a) for a in node.args))
    if isinstance(node, Call):
        f = node.func
        if f in ("sqrt", "exp", "log"):
            return "R"  # Real.sqrt, Real.exp, Real.log : ℝ → ℝ
        if f == "floor":
            return "Z"  # Int.floor : α → ℤ
        if f in ("factorial", "binomial", "gcd", "lcm"):
            return "N"  # Nat.factorial, Nat.choose, Nat.gcd and Int.gcd, Nat.lcm and Int.lcm return ℕ
        return _join(*(leaves(a) for a in node.args))  # abs, min, max, mod live in the surrounding type
    if isinstance(node, SumOf):
        return leaves(node.body)  # the body's leaves, the index (ℤ) among them
    raise Skip("unreadable", f"{type(node).__name__} is not read under mathlib here")


def _carrier(*nodes: Any) -> str:
    return _join(*(leaves(n) for n in nodes)) or "N"


def _exponent_carrier(exponent: Any) -> str:
    """An exponent is its own tree: ℕ (Monoid.npow) unless it has integer leaves or is a negative
    literal, then ℤ (zpow)."""
    from pyverify.logic import Num, Op

    inner = exponent.args[0] if isinstance(exponent, Op) and exponent.op == "neg" else None
    if isinstance(inner, Num):
        return "Z" if inner.value != 0 else "N"
    return _carrier(exponent)


class _Mathlib:
    """Lean 4 / Mathlib's total operations, each tree at its carrier; never 'undefined'. Assumes
    the claim is readable (:func:`unreadable` is None). ``fired`` counts how often a convention that
    differs from exact arithmetic was applied (evidence that the cross-check reached it)."""

    def __init__(self, fired: Counter[str] | None = None) -> None:
        self.fired: Counter[str] = Counter() if fired is None else fired

    def term(self, node: Any, c: str, env: Mapping[str, Any]) -> Any:
        from pyverify.logic import Call, Num, Op, SumOf, Var

        sp = _sp()
        if isinstance(node, Num):
            return _rational(node.value)
        if isinstance(node, Var):
            return env[node.name]  # casts ℕ → ℤ → ℚ → ℝ keep the value
        if isinstance(node, Op):
            return self.op(node, c, env)
        if isinstance(node, Call):
            return self.call(node, c, env)
        if isinstance(node, SumOf):
            lo = _integer(self.term(node.lo, _join("Z", leaves(node.lo)) or "Z", env), "a sum bound")
            hi = _integer(self.term(node.hi, _join("Z", leaves(node.hi)) or "Z", env), "a sum bound")
            if hi - lo + 1 > _MAX_SUM_TERMS:
                raise Skip("undecided", "sum too long")
            terms = [self.term(node.body, c, {**env, node.var: sp.Integer(k)}) for k in range(lo, hi + 1)]
            return sp.Add(*terms)
        raise Skip("unreadable", f"{type(node).__name__}")

    def op(self, node: Any, c: str, env: Mapping[str, Any]) -> Any:
        sp = _sp()
        op = node.op
        if op == "^":
            return self.power(node, c, env)
        args = [self.term(a, c, env) for a in node.args]
        if op == "+":
            return sp.Add(*args)
        if op == "*":
            return sp.Mul(*args)
        if op == "neg":
            return -args[0]
        a, b = args
        if op == "-":
            if c == "N":
                if _sign(a - b) >= 0:
                    return a - b
                self.fired["ℕ a - b = 0 for a < b"] += 1
                return sp.Integer(0)  # truncated subtraction
            return a - b
        # "/"
        if c == "N":
            x, y = _integer(a, "a natural number"), _integer(b, "a natural number")
            if y == 0 or x % y:
                self.fired["ℕ a / 0 = 0" if y == 0 else "ℕ a / b floored"] += 1
            return sp.Integer(0 if y == 0 else x // y)  # Nat.div
        if c == "Z":
            x, y = _integer(a, "an integer"), _integer(b, "an integer")
            if y == 0:
                self.fired["ℤ a / 0 = 0"] += 1
                return sp.Integer(0)
            if x % y:
                self.fired["ℤ a / b floored, b > 0" if y > 0 else "ℤ a / b with b < 0"] += 1
            # Int.ediv: b > 0 → ⌊a/b⌋, b < 0 → -⌊a/(-b)⌋ (the remainder is never negative)
            return sp.Integer(x // y if y > 0 else -(x // -y))
        if _sign(b) == 0:
            self.fired["field x / 0 = 0"] += 1
            return sp.Integer(0)  # a field: x / 0 = 0
        return a / b

    def power(self, node: Any, c: str, env: Mapping[str, Any]) -> Any:

        sp = _sp()
        base_node, exponent = node.args
        ec = _exponent_carrier(exponent)
        base = self.term(base_node, c, env)
        k = _integer(self.term(exponent, ec, env), "an exponent")
        if k < 0 and _sign(base) == 0:
            self.fired["0 ^ (negative) = 0"] += 1
            return sp.Integer(0)  # zpow: 0⁻¹ = 0
        return _power(base, k)  # Monoid.npow: 0^0 = 1

    def call(self, node: Any, c: str, env: Mapping[str, Any]) -> Any:
        sp = _sp()
        f, args = node.func, node.args
        if f in ("sqrt", "exp", "log"):
            x = self.term(args[0], "R", env)
            if f == "exp":
                return sp.exp(x)
            s = _sign(x)
            if f == "sqrt":
                if s < 0:
                    self.fired["sqrt x = 0 for x < 0"] += 1
                    return sp.Integer(0)
                return sp.sqrt(x)
            if s == 0:
                self.fired["log 0 = 0"] += 1
                return sp.Integer(0)
            if s < 0:
                self.fired["log x = log |x| for x < 0"] += 1
                return sp.log(-x)
            return sp.log(x)
        if f == "abs":
            x = self.term(args[0], c, env)
            return -x if _sign(x) < 0 else x
        if f in ("min", "max"):
            x, y = self.term(args[0], c, env), self.term(args[1], c, env)
            s = _sign(x - y)
            return (x if s <= 0 else y) if f == "min" else (x if s >= 0 else y)
        if f == "floor":
            return sp.Integer(_floor(self.term(args[0], _carrier(args[0]), env)))
        if f == "mod":
            x = _integer(self.term(args[0], c, env), "mod's argument")
            y = _integer(self.term(args[1], c, env), "mod's argument")
            if y == 0 or (x < 0 or y < 0) and x % abs(y):
                self.fired["a % 0 = a" if y == 0 else "a % b Euclidean with a or b < 0"] += 1
            return sp.Integer(x if y == 0 else _euclid_mod(x, y))  # Nat.mod / Int.emod: a % 0 = a
        if f in ("factorial", "binomial"):
            ns = [self.natural(a, env, f) for a in args]
            if f == "factorial":
                return _factorial(ns[0])
            if ns[1] > ns[0]:
                self.fired["choose n k = 0 for k > n"] += 1
                return sp.Integer(0)
            return _binomial(ns[0], ns[1])
        if f in ("gcd", "lcm"):
            ac = "N" if _carrier(*args) == "N" else "Z"
            x, y = (_integer(self.term(a, ac, env), f"{f}'s argument") for a in args)
            return sp.Integer(math.gcd(x, y) if f == "gcd" else abs(math.lcm(x, y)))
        raise Skip("unreadable", f"the function {f}")

    def natural(self, node: Any, env: Mapping[str, Any], f: str) -> int:
        """An argument of Nat.factorial / Nat.choose: read in ℕ when its leaves are, else in ℤ and
        then Int.toNat (a negative value becomes 0), as pyverify's Lean export writes it."""
        if _carrier(node) == "N":
            return _integer(self.term(node, "N", env), f"{f}'s argument")
        value = _integer(self.term(node, "Z", env), f"{f}'s argument")
        if value < 0:
            self.fired["Int.toNat n = 0 for n < 0 (factorial, choose)"] += 1
        return max(value, 0)

    def formula(self, node: Any, env: Mapping[str, Any]) -> bool:
        from pyverify.logic import BoolLit, Conn, Not, Pred, Rel

        if isinstance(node, BoolLit):
            return bool(node.value)
        if isinstance(node, Rel):
            c = _carrier(node.left, node.right)
            left, right = self.term(node.left, c, env), self.term(node.right, c, env)
            if node.op == "dvd":
                return _divides(_integer(left, "a divisor"), _integer(right, "a multiple"))
            return _holds(node.op, left, right)
        if isinstance(node, Pred):
            ac = "N" if _carrier(*node.args) == "N" else "Z"
            return _predicate(node.name, [_integer(self.term(a, ac, env), "a predicate's argument") for a in node.args])
        if isinstance(node, Not):
            return not self.formula(node.arg, env)
        if isinstance(node, Conn):
            return _connective(node.op, [self.formula(a, env) for a in node.args])
        raise Skip("unreadable", f"{type(node).__name__}")


def unreadable(claim: Any) -> str | None:
    """Why the claim has no Mathlib reading (a construct Lean rejects at the type pyverify's export
    gives it), or None. The only readability rules of this module: :class:`_Mathlib` assumes them.

    Unreadable: a fractional numeral in ℕ or ℤ; ``|·|`` in ℕ; ``%`` in ℚ or ℝ; ``⌊·⌋`` of an ℕ term;
    a power with an integer (zpow) exponent whose base is in ℕ or ℤ; divisibility in ℚ or ℝ.
    Readable by pyverify's own choices (its export writes the casts): a negation makes its tree at
    least ℤ; a factorial or binomial of an integer term is ``Int.toNat`` of it; a sum index that
    starts at a numeral >= 0 is a natural exponent.
    """
    from pyverify.logic import BoolLit, Call, Conn, Not, Num, Op, Pred, Rel, SumOf, Var

    natural_indices: set[str] = set()

    def term(node: Any, c: str) -> None:
        if isinstance(node, Num):
            if node.value.denominator != 1 and c in ("N", "Z"):
                raise Skip("unreadable", f"the numeral {node.value} in {c}")
        elif isinstance(node, Var):
            return
        elif isinstance(node, Op):
            if node.op == "^":
                base, exponent = node.args
                ec = _exponent_carrier(exponent)
                if isinstance(exponent, Var) and exponent.name in natural_indices:
                    ec = "N"
                if ec not in ("N", "Z") or (ec == "Z" and c in ("N", "Z")):
                    raise Skip("unreadable", f"an exponent in {ec} with a base in {c}")
                term(base, c)
                term(exponent, ec)
                return
            if node.op == "neg" and c == "N":  # unreachable while negation lifts its tree to ℤ
                raise Skip("unreadable", "negation in ℕ")
            for a in node.args:
                term(a, c)
        elif isinstance(node, Call):
            f, args = node.func, node.args
            if f in ("sqrt", "exp", "log"):
                term(args[0], "R")
            elif f in ("abs", "min", "max", "mod"):
                if (f == "abs" and c == "N") or (f == "mod" and c not in ("N", "Z")):
                    raise Skip("unreadable", f"{f} in {c}")
                for a in args:
                    term(a, c)
            elif f == "floor":
                inner = _carrier(args[0])
                if inner == "N":
                    raise Skip("unreadable", "⌊·⌋ of a natural-number term")
                term(args[0], inner)
            elif f in ("factorial", "binomial"):
                for a in args:
                    term(a, _carrier(a) if _carrier(a) == "N" else "Z")
            elif f in ("gcd", "lcm"):
                ac = "N" if _carrier(*args) == "N" else "Z"
                for a in args:
                    term(a, ac)
            else:
                raise Skip("unreadable", f"the function {f}")
        elif isinstance(node, SumOf):
            term(node.lo, "Z")
            term(node.hi, "Z")
            natural = isinstance(node.lo, Num) and node.lo.value >= 0 and node.var not in natural_indices
            if natural:
                natural_indices.add(node.var)
            term(node.body, c)
            if natural:
                natural_indices.discard(node.var)
        else:
            raise Skip("unreadable", f"{type(node).__name__}")

    def formula(node: Any) -> None:
        if isinstance(node, BoolLit):
            return
        if isinstance(node, Rel):
            c = _carrier(node.left, node.right)
            if node.op == "dvd" and c not in ("N", "Z"):
                raise Skip("unreadable", f"divisibility in {c}")
            term(node.left, c)
            term(node.right, c)
        elif isinstance(node, Pred):
            ac = "N" if _carrier(*node.args) == "N" else "Z"
            for a in node.args:
                term(a, ac)
        elif isinstance(node, Not):
            formula(node.arg)
        elif isinstance(node, Conn):
            for a in node.args:
                formula(a)
        else:
            raise Skip("unreadable", f"{type(node).__name__}")

    try:
        for f in (*claim.assumptions, claim.body):
            formula(f)
    except Skip as skip:
        return skip.reason
    return None


def term_value(term: Any, env: Mapping[str, Fraction | int], semantics: str, carrier: str | None = None) -> Any:
    """A term's value at a point (sympy number). Under mathlib the term is computed at ``carrier``
    (default: its own carrier). Raises :class:`Skip`."""
    values = {k: _rational(v) for k, v in env.items()}
    with time_limit(POINT_DEADLINE) as limit:
        if semantics == "exact":
            value = _Exact().term(term, values)
        else:
            value = _Mathlib().term(term, carrier or _carrier(term), values)
    if limit.expired:
        raise Skip("undecided", "deadline")
    return value


def truth_at(claim: Any, point: Mapping[str, Fraction | int], semantics: str,
             fired: Counter[str] | None = None) -> tuple[bool, bool]:  # fmt: skip
    """(assumptions hold, quantifier-free part holds) at a point. For ∀ claims the second is
    "assumptions → body", for ∃ claims "assumptions ∧ body". Raises :class:`Skip`. Under mathlib,
    ``fired`` (if given) counts the total-operation conventions applied."""
    evaluator: _Exact | _Mathlib = _Exact() if semantics == "exact" else _Mathlib(fired)
    if semantics == "mathlib":
        why = unreadable(claim)
        if why is not None:
            raise Skip("unreadable", why)
    env = {k: _rational(v) for k, v in point.items()}
    with time_limit(POINT_DEADLINE) as limit:
        try:
            hyps = [evaluator.formula(a, env) for a in claim.assumptions]
            body = evaluator.formula(claim.body, env)
        except (ZeroDivisionError, ValueError, TypeError, OverflowError) as exc:
            raise Skip("undecided", f"{type(exc).__name__}: {exc}") from None
    if limit.expired:
        raise Skip("undecided", "deadline")
    assumed = all(hyps)
    if claim.quantifiers == {"exists"}:
        return assumed, assumed and body
    return assumed, (not assumed) or body
