"""Hypothesis strategies for claims, built as resolved syntax trees (the parser's normal form)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from hypothesis import strategies as st

from pyverify.logic import (
    INT,
    NAT,
    RAT,
    REAL,
    Binder,
    BoolLit,
    Call,
    Claim,
    Conn,
    Not,
    Num,
    Op,
    Rel,
    SumOf,
    Var,
    mat,
)

SCALAR_VARS = {"x": RAT, "y": REAL, "n": NAT, "m": INT}
MATRIX_VARS = {"A": mat(2), "B": mat(2)}
ALL_VARS = {**SCALAR_VARS, **MATRIX_VARS}

numerals = st.one_of(
    st.integers(min_value=0, max_value=50).map(lambda v: Num(Fraction(v))),
    st.sampled_from([Fraction(1, 2), Fraction(1, 4), Fraction(3, 10), Fraction(5, 8)]).map(Num),
)


def _nary(op: str, args: list) -> Op:
    # the parser flattens a left operand with the same n-ary operator; generate what it produces
    first = args[0]
    if isinstance(first, Op) and first.op == op:
        return Op(op, first.args + tuple(args[1:]))
    return Op(op, tuple(args))


@cache
def terms(names: tuple[str, ...], index: str | None = None) -> st.SearchStrategy:
    leaves = [numerals] + [st.just(Var(n, SCALAR_VARS[n])) for n in names if n in SCALAR_VARS]
    if index:
        leaves.append(st.just(Var(index, INT)))
    base = st.one_of(*leaves)

    def extend(inner: st.SearchStrategy) -> st.SearchStrategy:
        return st.one_of(
            st.lists(inner, min_size=2, max_size=3).map(lambda a: _nary("+", a)),
            st.lists(inner, min_size=2, max_size=3).map(lambda a: _nary("*", a)),
            st.tuples(inner, inner).map(lambda a: Op("-", a)),
            st.tuples(inner, inner).map(lambda a: Op("/", a)),
            inner.map(lambda a: Op("neg", (a,))),
            st.tuples(inner, st.integers(0, 4)).map(lambda a: Op("^", (a[0], Num(Fraction(a[1]))))),
            inner.map(lambda a: Call("abs", (a,))),
            st.tuples(inner, inner).map(lambda a: Call("max", a)),
            inner.map(lambda a: Call("floor", (a,))),
        )

    return st.recursive(base, extend, max_leaves=8)


@cache
def formulas(names: tuple[str, ...]) -> st.SearchStrategy:
    atoms = st.one_of(
        st.tuples(st.sampled_from(["=", "!=", "<", "<=", ">", ">="]), terms(names), terms(names)).map(
            lambda t: Rel(t[0], t[1], t[2])
        ),
        st.booleans().map(BoolLit),
        st.tuples(terms(names, "k"), terms(names)).map(
            lambda t: Rel("=", SumOf("k", Num(Fraction(0)), Num(Fraction(3)), t[0]), t[1])
        ),
    )

    def conn(op: str, args: list) -> Conn:
        first = args[0]
        if isinstance(first, Conn) and first.op == op and op in ("and", "or"):
            return Conn(op, first.args + tuple(args[1:]))
        return Conn(op, tuple(args))

    def extend(inner: st.SearchStrategy) -> st.SearchStrategy:
        return st.one_of(
            inner.map(Not),
            st.lists(inner, min_size=2, max_size=3).map(lambda a: conn("and", a)),
            st.lists(inner, min_size=2, max_size=3).map(lambda a: conn("or", a)),
            st.tuples(inner, inner).map(lambda a: Conn("->", a)),
            st.tuples(inner, inner).map(lambda a: Conn("<->", a)),
        )

    return st.recursive(atoms, extend, max_leaves=5)


@st.composite
def claims(draw: st.DrawFn) -> Claim:
    names = draw(st.lists(st.sampled_from(sorted(ALL_VARS)), min_size=0, max_size=3, unique=True))
    binders = []
    for name in names:
        quantifier = draw(st.sampled_from(["forall", "exists"]))
        binders.append(Binder(quantifier, (name,), ALL_VARS[name]))
    key = tuple(sorted(names))
    assumptions = tuple(draw(st.lists(formulas(key), max_size=2)))
    return Claim(tuple(binders), assumptions, draw(formulas(key)))
