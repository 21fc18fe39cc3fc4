"""The exact evaluator as it was before the specialised closures (one closure per node, no
operand specialisation): the reference the compiled evaluator in pyverify.certify._exact is
compared with by tests/certify/test_compiled.py. Kept verbatim apart from its imports."""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any, Callable

from flint import fmpq, fmpq_mat, fmpz

from pyverify.certify._exact import (
    DEADLINE,
    MAX_BITS,
    MAX_INDEX,  # noqa: F401
    MAX_SUM_TERMS,
    Env,
    Fn,
    Inexact,
    TooLarge,
    Undefined,
    _shown,
    to_fmpq,
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
from pyverify.logic._ast import CASTS, Node


def _integer(value: Any, what: str | Callable[[], str]) -> int:
    """The integer value; ``what`` names it in the error (a callable keeps the hot path cheap)."""
    if isinstance(value, fmpq) and value.q == 1:
        return int(value.p)
    label = what() if callable(what) else what
    if not isinstance(value, fmpq):
        raise Undefined(f"{label} must be a number")
    raise Undefined(f"{label} must be an integer, got {value}")


def _bits(value: fmpq) -> int:
    return max(int(value.p).bit_length(), int(value.q).bit_length())


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
    if isinstance(value, fmpq) and _bits(value) > MAX_BITS:
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
        seq_name, index_fn = node.seq.name, compile_node(node.index)
        return lambda env: env[seq_name](_integer(index_fn(env), "a sequence index"))
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
    fns = [compile_node(a) for a in node.args]
    op = node.op
    if op == "neg":
        f = fns[0]
        return lambda env: -f(env)
    if op == "+":

        def add(env: Env) -> Any:
            total = fns[0](env)
            for f in fns[1:]:
                total = total + f(env)
            return _check_bits(total)

        return add
    if op == "*":

        def mul(env: Env) -> Any:
            total = fns[0](env)
            for f in fns[1:]:
                total = total * f(env)
            return _check_bits(total)

        return mul
    a, b = fns
    if op == "-":
        return lambda env: a(env) - b(env)
    if op == "/":

        def div(env: Env) -> Any:
            denominator = b(env)
            if denominator == 0:
                raise Undefined(f"division by zero in '{term_text(node)}'")
            return a(env) / denominator

        return div
    return lambda env: _power(a(env), b(env), node)


def _compile_call(node: Call) -> Fn:
    fns = [compile_node(a) for a in node.args]
    f = node.func
    x = fns[0]
    if f in CASTS:  # an up-cast keeps the value
        return x
    if f == "abs":
        return lambda env: abs(x(env))
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
    if f == "det":
        return lambda env: x(env).det()
    if f == "trace":

        def trace(env: Env) -> Any:
            m = x(env)
            return sum((m[i, i] for i in range(m.nrows())), fmpq(0))

        return trace
    if f == "transpose":
        return lambda env: x(env).transpose()
    if f == "inverse":
        return lambda env: _inverse(x(env), node)
    raise TypeError(f"unknown function {f}")


def _compile_sum(node: SumOf) -> Fn:
    lo_fn, hi_fn, body_fn = compile_node(node.lo), compile_node(node.hi), compile_node(node.body)
    var = node.var

    def total(env: Env) -> Any:
        lo = _integer(lo_fn(env), "a sum's lower bound")
        hi = _integer(hi_fn(env), "a sum's upper bound")
        if hi - lo + 1 > MAX_SUM_TERMS:
            raise TooLarge(f"the sum over {var} has {_shown(hi - lo + 1)} terms (limit {MAX_SUM_TERMS})")
        inner = dict(env)
        acc = fmpq(0)
        deadline = DEADLINE.get()
        for k in range(lo, hi + 1):
            if (k - lo) & 255 == 255 and time.monotonic() > deadline:
                raise TooLarge(f"the deadline was reached while adding the sum over {var}")
            inner[var] = fmpq(k)
            acc = acc + body_fn(inner)
        return acc

    return total


def _compile_rel(node: Rel) -> Fn:
    a, b = compile_node(node.left), compile_node(node.right)
    op = node.op
    if op == "=":
        return lambda env: a(env) == b(env)
    if op == "!=":
        return lambda env: a(env) != b(env)
    if op == "<":
        return lambda env: a(env) < b(env)
    if op == "<=":
        return lambda env: a(env) <= b(env)
    if op == ">":
        return lambda env: a(env) > b(env)
    if op == ">=":
        return lambda env: a(env) >= b(env)

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
    """The reference value (or truth) of ``node`` at ``env``."""
    return compile_node(node)(env)
