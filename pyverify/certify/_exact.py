"""Exact evaluation of claims at a point, with python-flint rationals and rational matrices.

A claim's nodes are compiled once into a tree of Python closures (no text is ever evaluated), so a
witness check costs only the arithmetic. Values are ``fmpq`` for numbers, ``fmpq_mat`` for matrices
and :class:`Sequence` for sequences. Partial operations raise :class:`Undefined`; values too large to
compute safely raise :class:`TooLarge`; irrational intermediate values (``sqrt(2)``, ``exp(1)``)
raise :class:`Inexact`, and the caller falls back to sympy's exact algebraic comparison. A sum's
terms are computed a block at a time where that gives the term-by-term outcome (see "sums, all
terms at once").
"""

from __future__ import annotations

import contextvars
import operator
import time
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, repeat
from typing import Any, Callable, Mapping

from flint import fmpq, fmpq_mat, fmpz

from pyverify.logic import (
    BoolLit,
    Call,
    Conn,
    Index,
    MatLit,
    Not,
    Num,
    Op,
    Pred,
    Rel,
    SumOf,
    Var,
    term_text,
)
from pyverify.logic._ast import CASTS, Node, children, walk

#: Largest result, in bits, that a power, factorial or binomial may have.
MAX_BITS = 200_000
#: Longest sum evaluated term by term.
MAX_SUM_TERMS = 100_000
#: Largest sequence index a witness or search may use.
MAX_INDEX = 100_000

Env = Mapping[str, Any]

#: Deadline (``time.monotonic()``) for long evaluation loops in this context; set by callers that
#: evaluate in-process (check_witness). The only unbounded loops are sums (at most MAX_SUM_TERMS
#: terms of at most MAX_BITS bits), and they check it.
DEADLINE: contextvars.ContextVar[float] = contextvars.ContextVar("pyverify_eval_deadline", default=float("inf"))
Fn = Callable[[Env], Any]


class EvalError(Exception):
    """Evaluation could not give a value; ``reason`` says why in a user's words."""

    kind = "error"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Undefined(EvalError):
    """A partial operation outside its domain (÷ 0, √ of a negative, singular inverse, ...)."""

    kind = "undefined"


class TooLarge(EvalError):
    """A value too large to compute within the resource limits."""

    kind = "too_large"


class Inexact(EvalError):
    """An irrational intermediate value; exact evaluation needs algebraic numbers."""

    kind = "inexact"


class Sequence:
    """A sequence ℕ → ℚ given by a finite list or by a function; for a function, records the
    indices read (``read``, what :meth:`prefix` shows). Reading a list's value has no effect, so
    evaluation may read it more or less often, or in another order, with the same outcome."""

    __slots__ = ("values", "generator", "read")

    def __init__(self, values: list[fmpq] | None = None, generator: Callable[[int], fmpq] | None = None) -> None:
        self.values = values
        self.generator = generator
        self.read: dict[int, fmpq] = {}

    def __call__(self, index: int) -> fmpq:
        if index < 0:
            raise Undefined(f"negative sequence index {_shown(index)}")
        if index > MAX_INDEX:
            raise TooLarge(f"sequence index {_shown(index)} exceeds {MAX_INDEX}")
        if self.values is not None:
            if index >= len(self.values):
                raise Undefined(f"the sequence has no value at index {index} (it gives {len(self.values)})")
            return self.values[index]
        assert self.generator is not None
        value = self.generator(index)
        self.read[index] = value
        return value

    def prefix(self) -> list[fmpq]:
        """The values up to the largest index read (the witness a user can re-check)."""
        if self.values is not None:
            return list(self.values)
        top = max(self.read, default=-1)
        return [self.read[i] if i in self.read else self(i) for i in range(top + 1)]


def to_fmpq(value: Fraction | int) -> fmpq:
    if isinstance(value, int):
        return fmpq(value)
    return fmpq(value.numerator, value.denominator)


def to_fraction(value: fmpq) -> Fraction:
    return Fraction(int(value.p), int(value.q))


def _shown(n: int) -> str:
    """An integer for a message: in full when short, by its size when huge (str() of a huge int fails)."""
    return str(n) if n.bit_length() <= 200 else f"a number of about 2^{n.bit_length()}"


def _integer(value: Any, what: str | Callable[[], str]) -> int:
    """The integer value; ``what`` names it in the error (a callable keeps the hot path cheap)."""
    if isinstance(value, fmpq) and value.q == 1:
        return int(value.p)
    label = what() if callable(what) else what
    if not isinstance(value, fmpq):
        raise Undefined(f"{label} must be a number")
    raise Undefined(f"{label} must be an integer, got {value}")


def _bits(value: fmpq) -> int:
    return int(value.height_bits())  # max of the numerator's and denominator's bit lengths


def _power(base: Any, exponent: Any, node: Node) -> Any:
    k = _integer(exponent, lambda: f"the exponent in '{term_text(node)}'")
    if isinstance(base, fmpq_mat):
        if abs(k) > 10_000:
            raise TooLarge(f"matrix power {_shown(k)} is too large")
        if k < 0:
            base = _inverse(base, node)
            k = -k
        n = base.nrows()
        result = fmpq_mat(n, n, [1 if i == j else 0 for i in range(n) for j in range(n)])
        square = base
        while k:
            if k & 1:
                result = result * square
            square = square * square
            k >>= 1
        return result
    if base == 0:
        if k < 0:
            raise Undefined(f"zero raised to a negative power in '{term_text(node)}'")
        return fmpq(1) if k == 0 else fmpq(0)
    if abs(base.p) != 1 or base.q != 1:
        if abs(k) * _bits(base) > MAX_BITS:
            raise TooLarge(f"'{term_text(node)}' would have more than {MAX_BITS} bits")
    elif abs(k) > 10**18:
        k = k % 2 + 2  # (±1)^k only depends on the parity of k
    return base**k


def _inverse(m: fmpq_mat, node: Node) -> fmpq_mat:
    try:
        return m.inv()
    except ZeroDivisionError:
        raise Undefined(f"singular matrix in '{term_text(node)}'") from None


def _sqrt(value: Any, node: Node) -> fmpq:
    if value < 0:
        raise Undefined(f"square root of a negative number in '{term_text(node)}'")
    p, q = fmpz(value.p), fmpz(value.q)
    rp, rq = p.isqrt(), q.isqrt()
    if rp * rp == p and rq * rq == q:
        return fmpq(rp, rq)
    raise Inexact(f"'{term_text(node)}' is irrational")


def _mod(a: Any, b: Any, node: Node) -> fmpq:
    x, y = _integer(a, "mod's arguments"), _integer(b, "mod's arguments")
    if y == 0:
        raise Undefined(f"modulus zero in '{term_text(node)}'")
    return fmpq(x % abs(y))  # Euclidean: 0 <= r < |y|, as Lean's Int.emod


def _factorial(a: Any, node: Node) -> fmpq:
    n = _integer(a, "factorial's argument")
    if n < 0:
        raise Undefined(f"factorial of a negative number in '{term_text(node)}'")
    if n > 20_000:
        raise TooLarge(f"'{term_text(node)}' is too large to compute")
    return fmpq(fmpz.fac_ui(fmpz(n)))


def _binomial(a: Any, b: Any, node: Node) -> fmpq:
    n, k = _integer(a, "binomial's arguments"), _integer(b, "binomial's arguments")
    if n < 0 or k < 0:
        raise Undefined(f"binomial with a negative argument in '{term_text(node)}'")
    if k > n:
        return fmpq(0)
    if n > 1_000_000:
        raise TooLarge(f"'{term_text(node)}' is too large to compute")
    return fmpq(fmpz.bin_uiui(n, k))


def _check_bits(value: Any) -> Any:
    if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
        raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
    return value


_COMPILED: dict[int, tuple[Node, Fn]] = {}


def compile_node(node: Node) -> Fn:
    """A closure computing ``node``'s value (or truth) in an environment of exact values.

    Cached by identity (hashing a large frozen tree on every check would cost more than the
    arithmetic), with a structural cache behind it.
    """
    hit = _COMPILED.get(id(node))
    if hit is not None and hit[0] is node:
        return hit[1]
    if len(_COMPILED) > 20_000:
        _COMPILED.clear()
    fn = _compile_structural(node)
    _COMPILED[id(node)] = (node, fn)
    return fn


# The closures below are specialised on their operands: a variable or a numeral operand is read
# inline (``env[name]``, a hoisted fmpq) rather than through a closure of its own, so a check costs
# one Python call per operation and no allocation beyond the values. Operands are evaluated in the
# same order, and every limit is checked at the same point, as the plain one-closure-per-node
# evaluator this replaced (kept in tests/certify/_reference_exact.py and compared by property tests).

_VAR, _CONST, _FN = 0, 1, 2

#: Inside a sum, ``env[_INT + k]`` holds the index ``k`` as a Python int next to ``env[k]`` (its
#: fmpq), so a sequence index ``u(k + 1)`` or a power ``a^k`` needs no rational arithmetic. No
#: variable's name contains ``#``.
_INT = "#int:"
#: Shared fmpq values for small sum indices (fmpq is immutable).
_SMALL_LO, _SMALL_HI = -1024, 4096
_SMALL = tuple(fmpq(i) for i in range(_SMALL_LO, _SMALL_HI))
#: Sum indices with a magnitude below this are also kept as ints (far below MAX_BITS, so skipping
#: the bit check on ``k + c`` cannot change an outcome).
_INT_INDEX_LIMIT = 1 << 62


def _leaf(node: Node) -> tuple[int, Any]:
    """(_VAR, name), (_CONST, value) or (_FN, closure): how an operand is read."""
    while isinstance(node, Call) and node.func in CASTS:  # an up-cast keeps the value
        node = node.args[0]
    if isinstance(node, Var):
        return _VAR, node.name
    if isinstance(node, Num):
        return _CONST, to_fmpq(node.value)
    return _FN, compile_node(node)


def _unary(f: Callable[[Any], Any], arg: Node) -> Fn:
    kind, a = _leaf(arg)
    if kind == _VAR:
        return lambda env: f(env[a])
    if kind == _CONST:
        return lambda env: f(a)
    return lambda env: f(a(env))


def _binary(f: Callable[[Any, Any], Any], left: Node, right: Node) -> Fn:
    """``f(left, right)``, the left operand evaluated first."""
    (ka, a), (kb, b) = _leaf(left), _leaf(right)
    if ka == _VAR:
        if kb == _VAR:
            return lambda env: f(env[a], env[b])
        if kb == _CONST:
            return lambda env: f(env[a], b)
        return lambda env: f(env[a], b(env))
    if ka == _CONST:
        if kb == _VAR:
            return lambda env: f(a, env[b])
        if kb == _CONST:
            return lambda env: f(a, b)
        return lambda env: f(a, b(env))
    if kb == _VAR:
        return lambda env: f(a(env), env[b])
    if kb == _CONST:
        return lambda env: f(a(env), b)
    return lambda env: f(a(env), b(env))


def _extend(f: Callable[[Any, Any], Any], first: Fn, right: Node) -> Fn:
    """``f(first(env), right)``: one more operand of a left-folded n-ary sum or product."""
    kind, b = _leaf(right)
    if kind == _VAR:
        return lambda env: f(first(env), env[b])
    if kind == _CONST:
        return lambda env: f(first(env), b)
    return lambda env: f(first(env), b(env))


def _checked_binary(f: Callable[[Any, Any], Any], left: Node, right: Node) -> Fn:
    """``_binary`` of ``f`` followed by the size limit on a number result (``_add_checked`` or
    ``_mul_checked`` of ``f``, in one closure: the same value, the same error at the same point)."""
    (ka, a), (kb, b) = _leaf(left), _leaf(right)
    if ka == _CONST and kb == _CONST:
        return _binary(_add_checked if f is operator.add else _mul_checked, left, right)
    if ka == _FN:
        return _checked_extend(f, a, right)
    if ka == _VAR:
        if kb == _VAR:

            def var_var(env: Env) -> Any:
                value = f(env[a], env[b])
                if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
                    raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
                return value

            return var_var
        if kb == _CONST:

            def var_const(env: Env) -> Any:
                value = f(env[a], b)
                if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
                    raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
                return value

            return var_const

        def var_fn(env: Env) -> Any:
            value = f(env[a], b(env))
            if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
                raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
            return value

        return var_fn
    if kb == _VAR:

        def const_var(env: Env) -> Any:
            value = f(a, env[b])
            if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
                raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
            return value

        return const_var

    def const_fn(env: Env) -> Any:
        value = f(a, b(env))
        if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
            raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
        return value

    return const_fn


def _checked_extend(f: Callable[[Any, Any], Any], first: Fn, right: Node) -> Fn:
    """``_extend`` of ``f`` followed by the size limit (as :func:`_checked_binary`)."""
    kind, b = _leaf(right)
    if kind == _VAR:

        def fn_var(env: Env) -> Any:
            value = f(first(env), env[b])
            if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
                raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
            return value

        return fn_var
    if kind == _CONST:

        def fn_const(env: Env) -> Any:
            value = f(first(env), b)
            if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
                raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
            return value

        return fn_const

    def fn_fn(env: Env) -> Any:
        value = f(first(env), b(env))
        if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
            raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
        return value

    return fn_fn


def _add_checked(x: Any, y: Any) -> Any:
    value = x + y
    if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
        raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
    return value


def _mul_checked(x: Any, y: Any) -> Any:
    value = x * y
    if isinstance(value, fmpq) and value.height_bits() > MAX_BITS:
        raise TooLarge(f"an intermediate value has more than {MAX_BITS} bits")
    return value


_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "-": operator.sub, "=": operator.eq, "!=": operator.ne,
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}  # fmt: skip


@lru_cache(maxsize=4096)
def _compile_structural(node: Node) -> Fn:
    if isinstance(node, Num):
        value = to_fmpq(node.value)
        return lambda env: value
    if isinstance(node, Var):
        name = node.name
        return lambda env: env[name]
    if isinstance(node, BoolLit):
        truth = node.value
        return lambda env: truth
    if isinstance(node, Op):
        return _compile_op(node)
    if isinstance(node, Call):
        return _compile_call(node)
    if isinstance(node, Index):
        return _compile_index(node)
    if isinstance(node, SumOf):
        return _compile_sum(node)
    if isinstance(node, MatLit):
        n = len(node.rows)
        entry_fns = [compile_node(e) for row in node.rows for e in row]
        return lambda env: fmpq_mat(n, n, [f(env) for f in entry_fns])
    if isinstance(node, Rel):
        return _compile_rel(node)
    if isinstance(node, Pred):
        return _compile_pred(node)
    if isinstance(node, Not):
        inner = compile_node(node.arg)
        return lambda env: not inner(env)
    if isinstance(node, Conn):
        fns = [compile_node(a) for a in node.args]
        if node.op in ("and", "or") and len(fns) == 2:
            p, q = fns
            if node.op == "and":
                return lambda env: bool(p(env)) and bool(q(env))
            return lambda env: bool(p(env)) or bool(q(env))
        if node.op == "and":
            return lambda env: all(f(env) for f in fns)
        if node.op == "or":
            return lambda env: any(f(env) for f in fns)
        first, second = fns
        if node.op == "->":
            return lambda env: (not first(env)) or second(env)
        return lambda env: first(env) == second(env)
    raise TypeError(f"cannot evaluate {type(node).__name__}")


def _compile_op(node: Op) -> Fn:
    op, args = node.op, node.args
    if op == "neg":
        return _unary(operator.neg, args[0])
    if op in ("+", "*"):
        plain = operator.add if op == "+" else operator.mul
        if len(args) == 1:
            only = compile_node(args[0])
            return lambda env: _check_bits(only(env))
        # Left to right, the size limit checked once on the total (as the reference evaluator).
        if len(args) == 2:
            return _checked_binary(plain, args[0], args[1])
        fn = _binary(plain, args[0], args[1])
        for arg in args[2:-1]:
            fn = _extend(plain, fn, arg)
        return _checked_extend(plain, fn, args[-1])
    if op == "-":
        return _binary(operator.sub, args[0], args[1])
    if op == "/":
        a, b = compile_node(args[0]), compile_node(args[1])

        def div(env: Env) -> Any:
            denominator = b(env)  # the divisor first, as the reference evaluator
            if denominator == 0:
                raise Undefined(f"division by zero in '{term_text(node)}'")
            return a(env) / denominator

        return div
    power = _power_fn(node)
    if isinstance(args[1], Var):  # b^k: inside a sum over k, its int value (see _INT)
        key, exponent = _INT + args[1].name, args[1].name
        base_kind, base = _leaf(args[0])

        def power_at(env: Env) -> Any:
            b = env[base] if base_kind == _VAR else base if base_kind == _CONST else base(env)
            k = env.get(key)
            if k is None:
                e = env[exponent]
                if type(b) is fmpq and type(e) is fmpq and b and e.q == 1:  # power's common case, inline
                    bits, k = b.height_bits(), int(e.p)
                    if bits != 1 and abs(k) * bits <= MAX_BITS:
                        return b**k
                return power(b, e)
            return power(b, k)

        return power_at
    return _binary(power, args[0], args[1])


def _power_fn(node: Node) -> Callable[[Any, Any], Any]:
    """``_power`` for this node, with the rational case inline."""

    def label() -> str:
        return f"the exponent in '{term_text(node)}'"

    def power(base: Any, exponent: Any) -> Any:
        if type(exponent) is int:  # a sum's index, as an int (exact, small)
            k = exponent
            if not isinstance(base, fmpq):
                return _power(base, _SMALL[k - _SMALL_LO] if _SMALL_LO <= k < _SMALL_HI else fmpq(k), node)
        else:
            if isinstance(exponent, fmpq) and exponent.q == 1:
                k = int(exponent.p)
            else:
                k = _integer(exponent, label)
            if not isinstance(base, fmpq):
                return _power(base, exponent, node)
        if not base:  # base == 0
            if k < 0:
                raise Undefined(f"zero raised to a negative power in '{term_text(node)}'")
            return _ONE if k == 0 else _ZERO
        bits = base.height_bits()  # 1 exactly for ±1, the base being non-zero
        if bits != 1:
            if abs(k) * bits > MAX_BITS:
                raise TooLarge(f"'{term_text(node)}' would have more than {MAX_BITS} bits")
        elif abs(k) > 10**18:
            k = k % 2 + 2  # (±1)^k only depends on the parity of k
        return base**k

    return power


_ONE, _ZERO = fmpq(1), fmpq(0)


def _index_int(node: Node) -> tuple[str | None, int]:
    """For an index ``k``, ``k + c`` or ``k - c`` with a small integer ``c``: the key of ``k``'s int
    value inside a sum, and ``c`` (signed); otherwise (None, 0)."""
    if isinstance(node, Var):
        return _INT + node.name, 0
    if isinstance(node, Op) and node.op in ("+", "-") and len(node.args) == 2:
        left, right = node.args
        if isinstance(right, Var) and isinstance(left, Num) and node.op == "+":
            left, right = right, left
        if isinstance(left, Var) and isinstance(right, Num) and right.value.denominator == 1:
            c = int(right.value)
            if abs(c) <= 1_000_000:
                return _INT + left.name, (c if node.op == "+" else -c)
    return None, 0


def _integer_numeral(node: Node) -> int | None:
    """The value of an integer numeral (under casts), else None."""
    while isinstance(node, Call) and node.func in CASTS:
        node = node.args[0]
    if isinstance(node, Num) and node.value.denominator == 1:
        return int(node.value)
    return None


def _compile_index(node: Index) -> Fn:
    seq_name, index_fn = node.seq.name, compile_node(node.index)
    key, offset = _index_int(node.index)
    at = _integer_numeral(node.index)
    if at is not None:  # u(0)

        def constant_index(env: Env) -> Any:
            seq = env[seq_name]
            if type(seq) is Sequence:
                values = seq.values
                if values is not None and 0 <= at < len(values) and at <= MAX_INDEX:
                    return values[at]
            return seq(at)

        return constant_index

    leaf_kind, leaf = _leaf(node.index)
    index_var = leaf if leaf_kind == _VAR else None  # u(n): read inline

    def index(env: Env) -> Any:
        seq = env[seq_name]
        i = env.get(key) if key is not None else None
        if i is not None:
            i += offset
        else:
            value = env[index_var] if index_var is not None else index_fn(env)
            i = int(value.p) if type(value) is fmpq and value.q == 1 else _integer(value, "a sequence index")
        if type(seq) is Sequence:
            values = seq.values
            if values is not None and 0 <= i < len(values) and i <= MAX_INDEX:
                return values[i]
        return seq(i)

    return index


def _compile_call(node: Call) -> Fn:
    f = node.func
    if f in CASTS:  # an up-cast keeps the value
        return compile_node(node.args[0])
    if f == "abs":
        return _unary(abs, node.args[0])
    if f == "det":
        return _unary(_det, node.args[0])
    if f == "transpose":
        return _unary(_transpose, node.args[0])
    fns = [compile_node(a) for a in node.args]
    x = fns[0]
    if f == "min":
        return lambda env: min(x(env), fns[1](env))
    if f == "max":
        return lambda env: max(x(env), fns[1](env))
    if f == "sqrt":
        return lambda env: _sqrt(x(env), node)
    if f == "floor":
        return lambda env: fmpq(x(env).floor())
    if f == "mod":
        return lambda env: _mod(x(env), fns[1](env), node)
    if f == "factorial":
        return lambda env: _factorial(x(env), node)
    if f == "binomial":
        return lambda env: _binomial(x(env), fns[1](env), node)
    if f == "gcd":
        return lambda env: fmpq(fmpz(_integer(x(env), "gcd's arguments")).gcd(_integer(fns[1](env), "gcd's arguments")))
    if f == "lcm":
        return lambda env: fmpq(
            abs(fmpz(_integer(x(env), "lcm's arguments")).lcm(_integer(fns[1](env), "lcm's arguments")))
        )
    if f == "exp":

        def exp(env: Env) -> Any:
            if x(env) == 0:
                return fmpq(1)
            raise Inexact(f"'{term_text(node)}' is irrational")

        return exp
    if f == "log":

        def log(env: Env) -> Any:
            value = x(env)
            if value <= 0:
                raise Undefined(f"logarithm of a non-positive number in '{term_text(node)}'")
            if value == 1:
                return fmpq(0)
            raise Inexact(f"'{term_text(node)}' is irrational")

        return log
    if f == "trace":

        def trace(env: Env) -> Any:
            m = x(env)
            return sum((m[i, i] for i in range(m.nrows())), fmpq(0))

        return trace
    if f == "inverse":
        return lambda env: _inverse(x(env), node)
    raise TypeError(f"unknown function {f}")


#: ``m.det()`` and ``m.transpose()`` as C functions (the same lookup, the same errors).
_det: Callable[[Any], Any] = operator.methodcaller("det")
_transpose: Callable[[Any], Any] = operator.methodcaller("transpose")


def _compile_sum(node: SumOf) -> Fn:
    lo_fn, hi_fn, body_fn = compile_node(node.lo), compile_node(node.hi), compile_node(node.body)
    var = node.var
    key = _INT + var
    small, offset = _SMALL, -_SMALL_LO
    vector = _vector_body(node)

    def term_by_term(env: Env, lo: int, hi: int) -> Any:
        """The reference order: one term after the other, the deadline checked every 256 terms."""
        inner = dict(env)
        acc = _ZERO
        deadline = DEADLINE.get()
        if _SMALL_LO <= lo and hi < _SMALL_HI:
            for k in range(lo, hi + 1):
                if (k - lo) & 255 == 255 and time.monotonic() > deadline:
                    raise TooLarge(f"the deadline was reached while adding the sum over {var}")
                inner[var] = small[k + offset]
                inner[key] = k
                acc = acc + body_fn(inner)
            return acc
        with_int = -_INT_INDEX_LIMIT < lo and hi < _INT_INDEX_LIMIT
        if not with_int:
            inner.pop(key, None)  # an outer sum's index of the same name is shadowed
        for k in range(lo, hi + 1):
            if (k - lo) & 255 == 255 and time.monotonic() > deadline:
                raise TooLarge(f"the deadline was reached while adding the sum over {var}")
            inner[var] = fmpq(k)
            if with_int:
                inner[key] = k
            acc = acc + body_fn(inner)
        return acc

    lo_const, hi_const = _integer_numeral(node.lo), _integer_numeral(node.hi)
    hi_kind, hi_leaf = _leaf(node.hi)
    hi_var = hi_leaf if hi_kind == _VAR else None  # sum(k, 0, n, ...): read inline

    def total(env: Env) -> Any:
        if lo_const is None:
            value = lo_fn(env)  # (_integer, its common case inline)
            lo = int(value.p) if type(value) is fmpq and value.q == 1 else _integer(value, "a sum's lower bound")
        else:
            lo = lo_const
        if hi_const is None:
            value = env[hi_var] if hi_var is not None else hi_fn(env)
            hi = int(value.p) if type(value) is fmpq and value.q == 1 else _integer(value, "a sum's upper bound")
        else:
            hi = hi_const
        if hi - lo + 1 > MAX_SUM_TERMS:
            raise TooLarge(f"the sum over {var} has {_shown(hi - lo + 1)} terms (limit {MAX_SUM_TERMS})")
        if hi < lo:
            return _ZERO
        if vector is not None:
            acc = _sum_vector(vector, env, lo, hi, var)
            if acc is not _BAILED:
                return acc
        return term_by_term(env, lo, hi)

    return total


# ---------------------------------------------------------------- sums, all terms at once
#
# A sum's body is evaluated for every index of a block at once, as lists combined by map() and
# added by sum(), so a term costs a few C-level operations instead of a Python call per node. The
# values are the same (exact arithmetic, the same left-to-right total), and every size limit is
# checked on every value, but not in the reference's order; so the block is only speculative: at
# anything that would raise (an index outside the sequence, a zero divisor, a size limit, an
# irrational value, a matrix where a number is expected) it gives up and the sum is evaluated term
# by term, which then raises exactly what the reference raises, where it raises it. This is sound
# because evaluating a term has no effect: the sequences read must be given by a list (reading a
# function's sequence records the index), and nothing else has any. Blocks end where the term-by-
# term loop checks the deadline (after 255 terms, then every 256), and the deadline is checked there.

#: A block's terms: ``fn(env, lo, hi)`` gives the body's values for lo..hi (a list or tuple).
Block = Callable[[Env, int, int], Any]


class _Bail(Exception):
    """A block met a value the term-by-term loop must handle (it raises there, or may)."""


_BAILED = object()
_HEIGHT = fmpq.height_bits


def _sum_vector(vector: tuple[Block, tuple[str, ...]], env: Env, lo: int, hi: int, var: str) -> Any:
    """The sum from its blocks, or _BAILED when the term-by-term loop must evaluate it."""
    block, sequences = vector
    for name in sequences:  # only a list's values may be read out of order
        seq = env.get(name)
        if type(seq) is not Sequence or seq.values is None:
            return _BAILED
    stop = hi if hi - lo < 255 else lo + 254
    try:
        acc = sum(block(env, lo, stop), _ZERO)
    except Exception:  # whatever it is, the term-by-term loop meets it again, in its place
        return _BAILED
    if stop == hi:
        return acc
    deadline = DEADLINE.get()
    while stop < hi:
        if time.monotonic() > deadline:  # where the loop checks it: before its 256th, 512th, ... term
            raise TooLarge(f"the deadline was reached while adding the sum over {var}")
        start, stop = stop + 1, min(hi, stop + 256)
        try:
            acc = sum(block(env, start, stop), acc)
        except Exception:
            return _BAILED
    return acc


def _vector_body(node: SumOf) -> tuple[Block, tuple[str, ...]] | None:
    """The body's block function and the sequences it reads, or None where blocks do not apply."""
    var, body = node.var, node.body
    mentioning: set[int] = set()  # ids of the nodes in which the index occurs (free, or as an inner sum's)
    for n in reversed(list(walk(body))):  # children before their parents
        if (
            (isinstance(n, Var) and n.name == var)
            or (isinstance(n, SumOf) and n.var == var)
            or any(id(c) in mentioning for c in children(n))
        ):
            mentioning.add(id(n))
    try:
        varying, fn = _vector(body, var, mentioning)
    except (_Unsupported, RecursionError):  # (a body too deep to compile twice: term by term)
        return None
    if not varying:
        return None  # a body without the index: term by term (rare)
    whole = getattr(fn, _WHOLE_SUM, None)  # a cheaper form as the whole body, where it has one
    sequences = tuple(sorted({n.seq.name for n in walk(body) if isinstance(n, Index)}))
    return (fn if whole is None else whole), sequences


class _Unsupported(Exception):
    """A body node that blocks do not evaluate (the sum is then evaluated term by term)."""


#: How a block reads an operand: (False, ``fn(env)``) for a node without the index (one value for
#: every term), (True, a Block) for a node with it.
Operand = tuple[bool, Any]


def _vector(node: Node, var: str, mentioning: set[int]) -> Operand:
    """How a block evaluates ``node``; raises _Unsupported for a node it does not evaluate."""
    while isinstance(node, Call) and node.func in CASTS:
        node = node.args[0]
    if id(node) not in mentioning:
        if isinstance(node, Num):
            value = to_fmpq(node.value)
            return False, lambda env: value
        return False, compile_node(node)
    if isinstance(node, Var):
        return True, _indices
    if isinstance(node, Index):
        return True, _vector_index(node, var, mentioning)
    if isinstance(node, Op):
        return True, _vector_op(node, var, mentioning)
    if isinstance(node, Call):
        unary = _VALUE_UNARY.get(node.func)
        if unary is not None and len(node.args) == 1:
            return True, _map1(unary(node), _vector(node.args[0], var, mentioning))
        binary = _VALUE_BINARY.get(node.func)
        if binary is not None and len(node.args) == 2:
            left, right = _vector(node.args[0], var, mentioning), _vector(node.args[1], var, mentioning)
            return True, _map2(binary(node), left, right)
    raise _Unsupported(type(node).__name__)


def _indices(env: Env, lo: int, hi: int) -> Any:
    """The index's values lo..hi, as fmpq."""
    if _SMALL_LO <= lo and hi < _SMALL_HI:
        return _SMALL[lo - _SMALL_LO : hi - _SMALL_LO + 1]
    return [fmpq(k) for k in range(lo, hi + 1)]


def _vector_index(node: Index, var: str, mentioning: set[int]) -> Block:
    name = node.seq.name
    key, offset = _index_int(node.index)
    if key == _INT + var:  # u(k + c): a slice of the list

        def shifted(env: Env, lo: int, hi: int) -> Any:
            values = env[name].values
            first, last = lo + offset, hi + offset
            if first < 0 or last >= len(values) or last > MAX_INDEX:
                raise _Bail
            return values[first : last + 1]

        setattr(shifted, _SLICE, (name, offset))  # (for _map2)
        return shifted
    varying, index_fn = _vector(node.index, var, mentioning)
    if not varying:  # the index without the sum's (the sequence's name is the index's)
        raise _Unsupported("index")

    def gathered(env: Env, lo: int, hi: int) -> Any:
        values, out = env[name].values, []
        size = min(len(values), MAX_INDEX + 1)
        for i in index_fn(env, lo, hi):
            if type(i) is not fmpq or i.q != 1:
                raise _Bail
            j = int(i.p)
            if not 0 <= j < size:
                raise _Bail
            out.append(values[j])
        return out

    return gathered


def _too_tall(values: Any) -> bool:
    """Whether a number among the values has more than MAX_BITS bits (as _check_bits raises)."""
    try:
        return bool(max(map(_HEIGHT, values)) > MAX_BITS)
    except TypeError:  # not all numbers
        return any(isinstance(v, fmpq) and v.height_bits() > MAX_BITS for v in values)


def _map1(f: Callable[[Any], Any], operand: Operand) -> Block:
    _, a = operand  # varying: the caller's node has the index, so its only operand has it
    return lambda env, lo, hi: list(map(f, a(env, lo, hi)))


#: The attribute of a block that is a slice ``u(k + c)`` of a list's values: (the sequence's name, c).
_SLICE = "pyverify_slice"


def _map2(f: Callable[[Any, Any], Any], left: Operand, right: Operand) -> Block:
    (va, a), (vb, b) = left, right
    if va and vb:
        slice_a, slice_b = getattr(a, _SLICE, None), getattr(b, _SLICE, None)
        if slice_a is not None and slice_b is not None:  # u(k + c) op v(k + d): both slices in one closure
            (name_a, off_a), (name_b, off_b) = slice_a, slice_b

            def slices(env: Env, lo: int, hi: int) -> Any:
                xs, ys = env[name_a].values, env[name_b].values
                first_a, last_a, first_b, last_b = lo + off_a, hi + off_a, lo + off_b, hi + off_b
                if (first_a < 0 or last_a >= len(xs) or last_a > MAX_INDEX
                        or first_b < 0 or last_b >= len(ys) or last_b > MAX_INDEX):  # fmt: skip
                    raise _Bail
                return list(map(f, xs[first_a : last_a + 1], ys[first_b : last_b + 1]))

            return slices
        return lambda env, lo, hi: list(map(f, a(env, lo, hi), b(env, lo, hi)))
    if va:
        return lambda env, lo, hi: list(map(f, a(env, lo, hi), repeat(b(env))))
    if vb:
        return lambda env, lo, hi: list(map(f, repeat(a(env)), b(env, lo, hi)))
    return lambda env, lo, hi: [f(a(env), b(env))] * (hi - lo + 1)  # the first operands of an n-ary + or *


def _checked(block: Block) -> Block:
    """The block, with the size limit of a sum's or product's total."""

    def fn(env: Env, lo: int, hi: int) -> Any:
        values = block(env, lo, hi)
        if _too_tall(values):
            raise _Bail
        return values

    return fn


def _vector_op(node: Op, var: str, mentioning: set[int]) -> Block:
    op = node.op
    operands = [_vector(a, var, mentioning) for a in node.args]
    if op == "neg":
        return _map1(operator.neg, operands[0])
    if op in ("+", "*"):
        f = operator.add if op == "+" else operator.mul
        if len(operands) == 1:
            return _checked(_map1(_same, operands[0]))
        fn = _map2(f, operands[0], operands[1])
        for operand in operands[2:]:
            fn = _map2(f, (True, fn), operand)
        return _checked(fn)
    if op == "-":
        return _map2(operator.sub, operands[0], operands[1])
    if op == "/":
        return _vector_div(*operands)
    if op == "^":
        return _vector_power(node, var, *operands)
    raise _Unsupported(op)


def _same(value: Any) -> Any:
    return value


def _vector_div(numerator: Operand, divisor: Operand) -> Block:
    """Gives up at a zero divisor (``0 in d`` compares each as the term-by-term ``d == 0`` does)."""
    (vn, n), (vd, d) = numerator, divisor
    truediv = operator.truediv

    def div(env: Env, lo: int, hi: int) -> Any:
        if vd:
            ds = d(env, lo, hi)
            if 0 in ds:
                raise _Bail
            return list(map(truediv, n(env, lo, hi) if vn else repeat(n(env)), ds))
        value = d(env)
        if value == 0:
            raise _Bail
        return list(map(truediv, n(env, lo, hi), repeat(value)))  # the numerator has the index

    return div


def _vector_power(node: Op, var: str, base: Operand, exponent: Operand) -> Block:
    power = _power_fn(node)
    general = _map2(power, base, exponent)
    key, offset = _index_int(node.args[1])
    if base[0] or not exponent[0] or key != _INT + var:
        return general
    base_fn, name = base[1], node.args[0].name if isinstance(node.args[0], Var) else None

    def geometric(env: Env, lo: int, hi: int) -> Any:
        """b^(k+c) for k = lo..hi: the first power, then one product per term (the same values)."""
        b = env[name] if name is not None else base_fn(env)
        if type(b) is fmpq and b:
            bits = b.height_bits()
            first, last = lo + offset, hi + offset
            if bits != 1 and max(abs(first), abs(last)) * bits <= MAX_BITS:
                return list(accumulate(repeat(b, hi - lo), operator.mul, initial=b**first))
        return general(env, lo, hi)

    def geometric_sum(env: Env, lo: int, hi: int) -> Any:
        """As a whole sum's body: the terms' total in one (b^(lo+c) (b^n - 1)/(b - 1) for n terms,
        the same exact value), where no term can raise, else the terms."""
        b = env[name] if name is not None else base_fn(env)
        if type(b) is fmpq and b:
            bits = b.height_bits()  # 1 exactly for ±1: b - 1 is not zero below
            first, last = lo + offset, hi + offset
            if bits != 1 and max(abs(first), abs(last)) * bits <= MAX_BITS:
                return [b**first * (b ** (hi - lo + 1) - _ONE) / (b - _ONE)]
        return general(env, lo, hi)

    setattr(geometric, _WHOLE_SUM, geometric_sum)  # (for _vector_body)
    return geometric


#: The attribute of a block with a cheaper form as a whole sum's body: that block, whose values
#: add up to the same total.
_WHOLE_SUM = "pyverify_whole_sum"


def _floor(value: Any) -> Any:
    return fmpq(value.floor())


def _trace(m: Any) -> Any:
    return sum((m[i, i] for i in range(m.nrows())), fmpq(0))


#: Value functions of calls, for blocks (any error makes the block give up, so only the values matter).
_VALUE_UNARY: dict[str, Callable[[Node], Callable[[Any], Any]]] = {
    "abs": lambda node: abs,
    "det": lambda node: _det,
    "transpose": lambda node: _transpose,
    "trace": lambda node: _trace,
    "floor": lambda node: _floor,
    "sqrt": lambda node: lambda v: _sqrt(v, node),
    "factorial": lambda node: lambda v: _factorial(v, node),
    "inverse": lambda node: lambda v: _inverse(v, node),
}
_VALUE_BINARY: dict[str, Callable[[Node], Callable[[Any, Any], Any]]] = {
    "min": lambda node: min,
    "max": lambda node: max,
    "mod": lambda node: lambda a, b: _mod(a, b, node),
    "binomial": lambda node: lambda a, b: _binomial(a, b, node),
}


def _compile_rel(node: Rel) -> Fn:
    op = node.op
    if op in _BINARY:
        return _binary(_BINARY[op], node.left, node.right)
    a, b = compile_node(node.left), compile_node(node.right)

    def divides(env: Env) -> bool:
        d = _integer(a(env), "a divisor")
        n = _integer(b(env), "a multiple")
        return n == 0 if d == 0 else n % d == 0

    return divides


def _compile_pred(node: Pred) -> Fn:
    fns = [compile_node(a) for a in node.args]
    name = node.name
    x = fns[0]

    def arg(env: Env, f: Fn = x) -> int:
        return _integer(f(env), f"the argument of {name}")

    if name == "prime":
        return lambda env: (lambda n: n >= 2 and bool(fmpz(n).is_prime()))(arg(env))
    if name == "even":
        return lambda env: arg(env) % 2 == 0
    if name == "odd":
        return lambda env: arg(env) % 2 == 1
    if name == "coprime":
        return lambda env: fmpz(arg(env)).gcd(arg(env, fns[1])) == 1
    if name == "square":
        return lambda env: (lambda n: n >= 0 and fmpz(n).isqrt() ** 2 == n)(arg(env))
    raise TypeError(f"unknown predicate {name}")


def evaluate(node: Node, env: Env) -> Any:
    """The exact value (or truth) of ``node`` at ``env``."""
    return compile_node(node)(env)


def sympy_truth(node: Node, env: Env, variables: Mapping[str, Any]) -> bool | None:
    """Decide a formula at a point with sympy's exact algebraic numbers (for √, exp, log).

    Returns None when sympy cannot decide. Only called with a deadline from the engine.
    """
    import sympy

    from pyverify.logic._convert import SympyTranslator

    t = SympyTranslator(explicit_matrices=True)
    expr = t.formula(node)
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
    return None
