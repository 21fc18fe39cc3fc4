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
    sort_of,
)
from pyverify.logic._ast import CAST_TO, Node, join

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


def _literal_power(base: Op, exponent: int) -> Op:
    # what the parser builds for x^k and x^-k (and for the superscripts x² and x⁻¹)
    literal = Num(Fraction(abs(exponent)))
    return Op("^", (base, literal if exponent >= 0 else Op("neg", (literal,))))


def _cast(term: Node, target: str) -> Call:
    """The up-cast of ``term`` to ``target`` or, when ``term``'s sort is larger, to ``term``'s sort (never N)."""
    sort = join(sort_of(term), INT, {"Z": INT, "Q": RAT, "R": REAL}[target])
    return Call(CAST_TO[sort.kind], (term,))


def _casts(inner: st.SearchStrategy) -> st.SearchStrategy:
    return st.tuples(inner, st.sampled_from("ZQR")).map(lambda a: _cast(a[0], a[1]))


# Sizes stay small on purpose: the engine tests (tests/certify) decide these claims, and a nested
# power or factorial of a large value is exact arithmetic on numbers with millions of digits.


def _int_leaves(names: tuple[str, ...], index: str | None) -> st.SearchStrategy:
    leaves = [st.integers(min_value=0, max_value=9).map(lambda v: Num(Fraction(v)))]
    leaves += [st.just(Var(n, SCALAR_VARS[n])) for n in names if n in SCALAR_VARS and SCALAR_VARS[n].is_integral]
    if index:
        leaves.append(st.just(Var(index, INT)))
    return st.one_of(*leaves)


@cache
def factorial_args(names: tuple[str, ...], index: str | None = None) -> st.SearchStrategy:
    """Arguments of a factorial in every shape the notation renders differently: n!, (n + 1)!,
    (n²)!, |n|!, (3!)!."""
    leaf = _int_leaves(names, index)
    return st.one_of(
        leaf,
        st.tuples(leaf, leaf).map(lambda a: Op("+", a)),
        leaf.map(lambda a: _literal_power(a, 2)),
        leaf.map(lambda a: Call("abs", (a,))),
        st.integers(0, 3).map(lambda v: Call("factorial", (Num(Fraction(v)),))),
    )


@cache
def int_terms(names: tuple[str, ...], index: str | None = None, casts: bool = False) -> st.SearchStrategy:
    """Integer-sorted terms (what factorial, divisibility and sum bounds need); ``casts``: with (t : Z)."""

    def extend(inner: st.SearchStrategy) -> st.SearchStrategy:
        extra = [inner.map(lambda a: Call("cast_Z", (a,)))] if casts else []
        return st.one_of(
            *extra,
            st.lists(inner, min_size=2, max_size=3).map(lambda a: _nary("+", a)),
            st.lists(inner, min_size=2, max_size=3).map(lambda a: _nary("*", a)),
            st.tuples(inner, inner).map(lambda a: Op("-", a)),
            inner.map(lambda a: Op("neg", (a,))),
            st.tuples(inner, st.integers(0, 3)).map(lambda a: _literal_power(a[0], a[1])),
            inner.map(lambda a: Call("abs", (a,))),
            factorial_args(names, index).map(lambda a: Call("factorial", (a,))),
        )

    return st.recursive(_int_leaves(names, index), extend, max_leaves=4)


@cache
def terms(names: tuple[str, ...], index: str | None = None, casts: bool = False) -> st.SearchStrategy:
    """Scalar terms; with ``casts``, up-casts (t : Z), (t : Q), (t : R) among them."""
    leaves = [numerals] + [st.just(Var(n, SCALAR_VARS[n])) for n in names if n in SCALAR_VARS]
    if index:
        leaves.append(st.just(Var(index, INT)))
    base = st.one_of(*leaves)
    small = _int_leaves(names, index)
    exponents = st.one_of(small, small.map(lambda a: Op("neg", (a,))))

    def extend(inner: st.SearchStrategy) -> st.SearchStrategy:
        options = [
            st.lists(inner, min_size=2, max_size=3).map(lambda a: _nary("+", a)),
            st.lists(inner, min_size=2, max_size=3).map(lambda a: _nary("*", a)),
            st.tuples(inner, inner).map(lambda a: Op("-", a)),
            st.tuples(inner, inner).map(lambda a: Op("/", a)),
            inner.map(lambda a: Op("neg", (a,))),
            st.tuples(inner, st.integers(-3, 4)).map(lambda a: _literal_power(a[0], a[1])),
            st.tuples(inner, exponents).map(lambda a: Op("^", a)),
            inner.map(lambda a: Call("abs", (a,))),
            st.tuples(inner, inner).map(lambda a: Call("max", a)),
            inner.map(lambda a: Call("floor", (a,))),
            inner.map(lambda a: Call("sqrt", (a,))),
            factorial_args(names, index).map(lambda a: Call("factorial", (a,))),
        ]
        if index is None:  # a sum inside a term; its body may use the index, never a second sum over it
            body = terms(names, "k", casts)
            options.append(st.tuples(small, small, body).map(lambda t: SumOf("k", t[0], t[1], t[2])))
        if casts:
            options.append(_casts(inner))
        return st.one_of(*options)

    return st.recursive(base, extend, max_leaves=8)


@cache
def formulas(names: tuple[str, ...], casts: bool = False) -> st.SearchStrategy:
    atoms = st.one_of(
        st.tuples(
            st.sampled_from(["=", "!=", "<", "<=", ">", ">="]), terms(names, None, casts), terms(names, None, casts)
        ).map(lambda t: Rel(t[0], t[1], t[2])),
        st.booleans().map(BoolLit),
        st.tuples(terms(names, "k", casts), terms(names, None, casts)).map(
            lambda t: Rel("=", SumOf("k", Num(Fraction(0)), Num(Fraction(3)), t[0]), t[1])
        ),
        st.tuples(int_terms(names, None, casts), int_terms(names, None, casts)).map(lambda t: Rel("dvd", t[0], t[1])),
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
def claims(draw: st.DrawFn, casts: bool = False) -> Claim:
    """Prenex claims over ALL_VARS; with ``casts``, terms sometimes contain up-casts."""
    names = draw(st.lists(st.sampled_from(sorted(ALL_VARS)), min_size=0, max_size=3, unique=True))
    binders = []
    for name in names:
        quantifier = draw(st.sampled_from(["forall", "exists"]))
        binders.append(Binder(quantifier, (name,), ALL_VARS[name]))
    key = tuple(sorted(names))
    assumptions = tuple(draw(st.lists(formulas(key, casts), max_size=2)))
    return Claim(tuple(binders), assumptions, draw(formulas(key, casts)))
