"""Exact evaluation of claims at a point, with python-flint rationals and rational matrices.

A claim's nodes are compiled once into a tree of Python closures (no text is ever evaluated), so a
witness check costs only the arithmetic. Values are ``fmpq`` for numbers, ``fmpq_mat`` for matrices
and :class:`Sequence` for sequences. Partial operations raise :class:`Undefined`; values too large to
compute safely raise :class:`TooLarge`; irrational intermediate values (``sqrt(2)``, ``exp(1)``)
raise :class:`Inexact`, and the caller falls back to sympy's exact algebraic comparison
(:func:`sympy_truth`). A sum's terms are computed a block at a time where that gives the
term-by-term outcome (see "sums, all terms at once").

This module is the compiler and the entry points (:func:`compile_node`, :func:`evaluate`,
:func:`sympy_truth`). The values, errors, limits and partial operations it compiles calls to are in
:mod:`pyverify.certify._exact_values`; the blocks that evaluate a sum's terms all at once are in
:mod:`pyverify.certify._exact_blocks`. Names callers import from here (the errors, the limits,
:class:`Sequence`, the conversions) are imported from those modules, so this stays the one path.
"""

from __future__ import annotations

import operator
import time
from functools import lru_cache
from typing import Any, Callable

from flint import fmpq, fmpq_mat, fmpz

from pyverify.certify._exact_algebraic import sympy_truth  # noqa: F401 - callers import it from here
from pyverify.certify._exact_blocks import (
    _BAILED,
    _SLICE,
    _VALUE_BINARY,
    _VALUE_UNARY,
    _WHOLE_SUM,
    Block,
    Operand,
    _Bail,
    _checked,
    _indices,
    _map1,
    _map2,
    _same,
    _sum_vector,
    _Unsupported,
    _vector_div,
    _vector_power,
)
from pyverify.certify._exact_values import (
    _INT,
    _SMALL,
    _SMALL_HI,
    _SMALL_LO,
    _ZERO,
    DEADLINE,
    MAX_BITS,
    MAX_INDEX,
    MAX_SUM_TERMS,
    Env,
    EvalError,  # noqa: F401 - callers import it from here
    Fn,
    Inexact,
    Sequence,
    TooLarge,
    Undefined,
    _binomial,
    _check_bits,
    _det,
    _factorial,
    _index_int,
    _integer,
    _inverse,
    _mod,
    _power_fn,
    _shown,
    _sqrt,
    _transpose,
    to_fmpq,
    to_fraction,  # noqa: F401 - callers import it from here
)
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
# Compiling a sum's body into blocks (its values for many indices at once); the blocks themselves,
# and why evaluating them speculatively gives the term-by-term outcome, are in _exact_blocks.


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
