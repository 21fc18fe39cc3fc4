"""Sums, all terms at once: the blocks that evaluate a sum's body for many indices in one go.

A sum's body is evaluated for every index of a block at once, as lists combined by map() and
added by sum(), so a term costs a few C-level operations instead of a Python call per node. The
values are the same (exact arithmetic, the same left-to-right total), and every size limit is
checked on every value, but not in the reference's order; so the block is only speculative: at
anything that would raise (an index outside the sequence, a zero divisor, a size limit, an
irrational value, a matrix where a number is expected) it gives up and the sum is evaluated term
by term, which then raises exactly what the reference raises, where it raises it. This is sound
because evaluating a term has no effect: the sequences read must be given by a list (reading a
function's sequence records the index), and nothing else has any. Blocks end where the term-by-
term loop checks the deadline (after 255 terms, then every 256), and the deadline is checked there.

The seam: this module holds what a compiled sum runs (the block combinators, the value functions
they map, and :func:`_sum_vector`, which adds the blocks up or bails). Compiling a body into blocks
recurses into ``compile_node`` for the parts without the index, so it stays with the compiler in
:mod:`pyverify.certify._exact`, which imports this module (never the other way round).
"""

from __future__ import annotations

import operator
import time
from itertools import accumulate, repeat
from typing import Any, Callable

from flint import fmpq

from pyverify.certify._exact_values import (
    _INT,
    _ONE,
    _SMALL,
    _SMALL_HI,
    _SMALL_LO,
    _ZERO,
    DEADLINE,
    MAX_BITS,
    MAX_INDEX,
    Env,
    Sequence,
    TooLarge,
    _binomial,
    _det,
    _factorial,
    _index_int,
    _inverse,
    _mod,
    _power_fn,
    _sqrt,
    _transpose,
)
from pyverify.logic import Op, Var
from pyverify.logic._ast import Node

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


class _Unsupported(Exception):
    """A body node that blocks do not evaluate (the sum is then evaluated term by term)."""


#: How a block reads an operand: (False, ``fn(env)``) for a node without the index (one value for
#: every term), (True, a Block) for a node with it.
Operand = tuple[bool, Any]


def _indices(env: Env, lo: int, hi: int) -> Any:
    """The index's values lo..hi, as fmpq."""
    if _SMALL_LO <= lo and hi < _SMALL_HI:
        return _SMALL[lo - _SMALL_LO : hi - _SMALL_LO + 1]
    return [fmpq(k) for k in range(lo, hi + 1)]


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
