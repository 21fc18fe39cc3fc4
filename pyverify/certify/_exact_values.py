"""Exact values, the errors evaluation raises, and the partial operations on exact values.

What the compiled evaluator (:mod:`pyverify.certify._exact`) computes with: ``fmpq`` for numbers,
``fmpq_mat`` for matrices and :class:`Sequence` for sequences, read from an environment
:data:`Env`. Partial operations raise :class:`Undefined`; values too large to compute safely raise
:class:`TooLarge`; irrational intermediate values (``sqrt(2)``, ``exp(1)``) raise :class:`Inexact`,
and the caller falls back to sympy's exact algebraic comparison. The resource limits
(:data:`MAX_BITS`, :data:`MAX_SUM_TERMS`, :data:`MAX_INDEX`, :data:`DEADLINE`) are here too.

The seam: nothing here knows how a claim is compiled. Every function maps exact values to an exact
value or raises, and both ways of evaluating a sum, term by term (the compiler's closures) and a
block of terms at once (:mod:`pyverify.certify._exact_blocks`), call these same operations, so they
meet the same values and the same errors with the same messages.
"""

from __future__ import annotations

import contextvars
import operator
from fractions import Fraction
from typing import Any, Callable, Mapping

from flint import fmpq, fmpq_mat, fmpz

from pyverify.logic import Num, Op, Var, term_text
from pyverify.logic._ast import Node

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
        super().__init__(str(reason))
        self.reason = str(reason)


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


# ---------------------------------------------------------------- the environment inside a sum

#: Inside a sum, ``env[_INT + k]`` holds the index ``k`` as a Python int next to ``env[k]`` (its
#: fmpq), so a sequence index ``u(k + 1)`` or a power ``a^k`` needs no rational arithmetic. No
#: variable's name contains ``#``.
_INT = "#int:"
#: Shared fmpq values for small sum indices (fmpq is immutable).
_SMALL_LO, _SMALL_HI = -1024, 4096
_SMALL = tuple(fmpq(i) for i in range(_SMALL_LO, _SMALL_HI))


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


#: ``m.det()`` and ``m.transpose()`` as C functions (the same lookup, the same errors).
_det: Callable[[Any], Any] = operator.methodcaller("det")
_transpose: Callable[[Any], Any] = operator.methodcaller("transpose")
