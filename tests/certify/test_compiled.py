"""The compiled evaluator and the compiled witness check give the reference's outcomes exactly.

The reference is the evaluator as it was before the specialised closures
(tests/certify/_reference_exact.py, one closure per node) and the step-by-step ``_check``; the
compiled paths must agree on every value, every truth, every exception (kind and message) and every
WitnessCheck (status, reason, message, sides), on random claims and points.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import pickle
import time
from fractions import Fraction
from typing import Any, Iterator

import pytest
from flint import fmpq, fmpq_mat
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyverify.certify import WitnessCheck, _exact, _witness, check_witness, check_witnesses
from pyverify.certify._exact import DEADLINE, EvalError, Sequence, TooLarge
from pyverify.logic import RAT, SEQ, Call, Claim, Index, Num, Op, Rel, SumOf, Var, parse
from pyverify.logic._ast import Node, erase_claim_casts, walk
from pyverify.logic._sorts import INT
from tests.certify import _reference_exact as reference
from tests.strategies import ALL_VARS, claims

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _outcome(evaluate: Any, node: Node, env: dict[str, Any]) -> tuple[Any, ...]:
    """What evaluating gives: the value with its type, or the exception with its message."""
    try:
        value = evaluate(node, env)
    except EvalError as exc:
        return ("raises", type(exc).__name__, exc.reason)
    except (ZeroDivisionError, ValueError, TypeError, AttributeError, OverflowError, KeyError) as exc:
        return ("raises", type(exc).__name__, str(exc))
    if isinstance(value, fmpq_mat):
        return ("matrix", value.nrows(), tuple(value.entries()))
    return ("value", type(value).__name__, value)


def _same(node: Node, env: dict[str, Any]) -> None:
    new = _outcome(_exact.evaluate, node, dict(env))
    ref = _outcome(reference.evaluate, node, dict(env))
    assert new == ref, (node, env)


@contextlib.contextmanager
def _reference_evaluator() -> Iterator[None]:
    """_witness's step-by-step _check, evaluating with the reference evaluator."""
    saved = _witness.compile_node
    _witness.compile_node = reference.compile_node  # type: ignore[assignment]
    try:
        yield
    finally:
        _witness.compile_node = saved  # type: ignore[assignment]


def _reference_check(claim: Claim, assignment: dict[str, Any]) -> Any:
    with _reference_evaluator():
        return _witness._check(claim, assignment)


# ---------------------------------------------------------------- points

rationals = st.one_of(
    st.integers(-6, 6),
    st.fractions(min_value=-8, max_value=8, max_denominator=6),
    st.sampled_from([0, 1, -1, Fraction(1, 2), 10**30, Fraction(-(10**20), 3)]),
)
naturals = st.one_of(st.integers(0, 7), st.just(0))
integers = st.integers(-7, 7)
matrices = st.lists(st.lists(rationals, min_size=2, max_size=2), min_size=2, max_size=2)


def _value(sort_kind: str) -> st.SearchStrategy:
    return {"N": naturals, "Z": integers, "Q": rationals, "R": rationals, "Mat": matrices}[sort_kind]


@st.composite
def envs(draw: st.DrawFn) -> dict[str, Any]:
    """Exact values for every variable of tests.strategies' claims."""
    raw = {name: draw(_value(sort.kind)) for name, sort in ALL_VARS.items()}
    out: dict[str, Any] = {}
    for name, sort in ALL_VARS.items():
        out[name] = _witness._exact(raw[name], sort, name)
    return out


# ---------------------------------------------------------------- the evaluator


@SETTINGS
@given(claim=claims(), env=envs())
def test_compiled_evaluator_matches_reference(claim: Claim, env: dict[str, Any]) -> None:
    for formula in (*claim.assumptions, claim.body):
        _same(formula, env)
        for node in walk(formula):  # every subterm too: values, partial operations, limits
            _same(node, env)


@SETTINGS
@given(claim=claims(casts=True), env=envs())
def test_compiled_evaluator_matches_reference_with_casts(claim: Claim, env: dict[str, Any]) -> None:
    for formula in (*claim.assumptions, claim.body):
        _same(formula, env)


SEQUENCE_CLAIMS = [
    "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k+1) - u(k)) = u(T) - u(0)",
    "forall u : Seq(Q), forall T : N, sum(k, 1, T, u(k-1) * u(k)) >= u(T+2) / u(1)",
    "forall u : Seq(Q), forall T : N, u(T) = u(2*T) + sum(k, 0, T, k * u(k))",
    "forall u : Seq(Q), forall n : Z, sum(k, n, n + 3, u(k)) = u(3 + n)",
    "forall a x0 u : Q, forall T : N, a^T*x0 + u*sum(k, 0, T-1, a^k) = x0 + T*u",
    "forall a : Q, forall T : N, sum(k, 0, T, a^(k-2)) = sum(j, 0, T, a^j) / a^2",
    "forall A B : Mat2(Q), det(A+B) = det(A)+det(B)",
    "forall A B : Mat2(Q), inverse(A)*B^2 = B*A^(-1)*B + transpose(A)^2",
    "forall A : Mat2(Q), forall n : N, sum(k, 0, n, trace(A^k) + det(A^(k - n))) = trace(A^n)",
    "forall A : Mat2(Q), forall x : Q, trace(A^2) - sqrt(det(A)) = x / det(A - A)",
    "forall x y : Q, sqrt(x) + 1/(y - x) = sqrt(y)",
]


@st.composite
def sequence_points(draw: st.DrawFn, text: str) -> dict[str, Any]:
    claim = parse(text)
    point: dict[str, Any] = {}
    for name, sort in claim.variables.items():
        if sort.kind == "Seq":
            point[name] = draw(st.lists(rationals, min_size=0, max_size=12))
        elif sort.kind == "Mat":
            point[name] = draw(matrices)
        elif sort.kind == "N":
            point[name] = draw(st.integers(0, 14))
        elif sort.kind == "Z":
            point[name] = draw(st.integers(-4, 14))
        else:
            point[name] = draw(rationals)
    return point


@SETTINGS
@given(data=st.data(), text=st.sampled_from(SEQUENCE_CLAIMS))
def test_sequences_recurrences_matrices_match_reference(data: st.DataObject, text: str) -> None:
    claim = parse(text)
    point = data.draw(sequence_points(text))
    env, _, _ = _witness.to_env(claim, point)
    if env is None:
        return
    for node in walk(claim.body):
        fresh = {k: (Sequence(list(v.values or [])) if isinstance(v, Sequence) else v) for k, v in env.items()}
        _same(node, fresh)
    new, ref = check_witness(claim, point), _reference_check(claim, point)
    assert new == ref


def test_partial_operations_are_undefined_never_a_value() -> None:
    x = Var("x", INT)
    cases: dict[str, tuple[dict[str, Any], str, str]] = {
        "forall x : Q, 1/x = 2": ({"x": fmpq(0)}, "Undefined", "division by zero"),
        "forall x : Q, sqrt(x) = 2": ({"x": fmpq(-4)}, "Undefined", "square root of a negative"),
        "forall x : Q, sqrt(x) = 2": ({"x": fmpq(2)}, "Inexact", "irrational"),  # noqa: F601
        "forall x : Z, 0^x = 1": ({"x": fmpq(-1)}, "Undefined", "zero raised"),
        "forall A : Mat2(Q), det(inverse(A)) = 1": (
            {"A": fmpq_mat(2, 2, [1, 2, 2, 4])},
            "Undefined",
            "singular matrix",
        ),  # fmt: skip
        "forall u : Seq(Q), u(3) = 1": ({"u": Sequence([fmpq(1)])}, "Undefined", "no value at index 3"),
        "forall u : Seq(Q), forall n : Z, u(n) = 1": (
            {"u": Sequence([fmpq(1)]), "n": fmpq(-1)},
            "Undefined",
            "negative sequence index",
        ),  # fmt: skip
        "forall x : Q, x^(10^6) = 1": ({"x": fmpq(3)}, "TooLarge", "more than"),
    }
    for text, (env, kind, words) in cases.items():
        node = parse(text).body
        outcome = _outcome(_exact.evaluate, node, env)
        assert outcome[:2] == ("raises", kind) and words in outcome[2], (text, outcome)
        _same(node, env)
    assert x.name == "x"


def test_nested_sums_shadowing_and_huge_indices() -> None:
    """The int copy of a sum index (for u(k+1)) follows the fmpq one through shadowing sums, and
    is not used where the bit limit could matter."""
    k, u = Var("k", INT), Var("u", parse("forall u : Seq(Q), u(0) = 0").variables["u"])
    big = Num(Fraction(10**70000))
    cases: list[Node] = [
        SumOf("k", Num(Fraction(0)), Num(Fraction(2)),
              SumOf("k", big, Op("+", (big, Num(Fraction(1)))), Index(u, Op("+", (k, Num(Fraction(1))))))),
        SumOf("k", Num(Fraction(0)), Num(Fraction(2)), Op("+", (Index(u, k), SumOf("k", Num(Fraction(3)), Num(Fraction(4)), Index(u, k))))),
        SumOf("k", Num(Fraction(-(2**70))), Num(Fraction(-(2**70) + 1)), Index(u, Op("+", (k, Num(Fraction(2**70)))))),
        SumOf("k", Num(Fraction(5000)), Num(Fraction(5001)), Op("^", (Num(Fraction(2)), k))),
    ]  # fmt: skip
    for node in cases:
        env = {"u": Sequence([fmpq(i) for i in range(6)])}
        _same(node, env)


# ---------------------------------------------------------------- the witness check


raw_values = st.one_of(
    rationals,
    st.sampled_from(["1/3", "-2", "0.25", "x", 1.5, True, None, fmpq(2, 3), [1, 2], [[1, 2], [3]]]),
    st.integers(-(10**5000), -(10**4990)),
)


@st.composite
def assignments(draw: st.DrawFn, claim: Claim) -> dict[str, Any]:
    """Mostly well-formed values, sometimes malformed, missing or extra ones."""
    point: dict[str, Any] = {}
    for name, sort in claim.variables.items():
        if draw(st.integers(0, 9)) == 0:
            point[name] = draw(raw_values)
        elif sort.kind == "Mat":
            point[name] = draw(st.one_of(matrices, st.just([[1, 0], [0, 1], [0, 0]]), st.just("[[1,2],[3,4]]")))
        elif sort.kind == "Seq":
            point[name] = draw(st.lists(rationals, max_size=8))
        else:
            point[name] = draw(_value(sort.kind))
    roll = draw(st.integers(0, 19))
    if roll == 0 and point:
        point.pop(next(iter(point)))
    elif roll == 1:
        point["zz"] = 1
    return point


@SETTINGS
@given(data=st.data(), claim=claims())
def test_compiled_check_matches_reference(data: st.DataObject, claim: Claim) -> None:
    point = data.draw(assignments(claim))
    compiled = _witness.compiled_check(claim).check(point)
    assert compiled == _reference_check(claim, point)
    assert compiled == _witness._check(claim, point)
    assert type(compiled) is type(_witness._check(claim, point))
    assert compiled.to_dict() == _witness._check(claim, point).to_dict()


HOSTILE_CLAIMS = [
    "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k) / u(k+1)) = T",  # zero divisors inside a sum
    "forall a : Q, forall T : N, sum(k, 0, T, a^(k - 3)) >= 0",  # 0 to a negative power, at some terms
    "forall a : Q, forall T : N, sum(k, 0, T, a^(20000*k)) = 1",  # too large from some term on
    "forall u : Seq(Q), forall n : Z, sum(k, n, n + 300, u(k) * k) = u(n)",  # negative indices; > 255 terms
    "forall a : Q, forall n : Z, sum(k, n - 260, n, a^k) * (a - 1) = a^(n+1) - a^(n - 260)",  # 1/0^k, blocks
    "forall x : Q, forall T : N, sum(k, 0, T, 1/(x - k)) = sum(j, 0, T, 1/(x - j))",  # x an index: ÷ 0
    "forall A : Mat2(Q), forall n : N, sum(k, 0, n, det(A^k)) = det(A)",  # matrices in a block
]


@SETTINGS
@given(data=st.data(), text=st.sampled_from(SEQUENCE_CLAIMS + HOSTILE_CLAIMS))
def test_batch_matches_one_at_a_time(data: st.DataObject, text: str) -> None:
    claim = parse(text)
    points: list[Any] = data.draw(st.lists(st.one_of(sequence_points(text), assignments(claim)), max_size=6))
    points.insert(data.draw(st.integers(0, len(points))), "nonsense=1")
    batch = check_witnesses(claim, points)
    assert batch == [check_witness(claim, p) for p in points]
    assert [r for r, p in zip(batch, points) if not isinstance(p, str)] == [
        _reference_check(claim, p) for p in points if not isinstance(p, str)
    ]


def test_batch_takes_text_and_semantics() -> None:
    text = "forall a b : Q, (a + b)^2 = a^2 + b^2"
    points: list[Any] = ["a=1,b=1", {"a": 0, "b": 1}, "a=1/0,b=1", {"a": Fraction(1, 2), "b": "2"}]
    for semantics in ("exact", "mathlib"):
        assert check_witnesses(text, points, semantics=semantics) == [
            check_witness(text, p, semantics=semantics) for p in points
        ]
    assert [r.reason for r in check_witnesses(text, points)] == [
        "claim_fails",
        "holds_there",
        "malformed",
        "claim_fails",
    ]


# ---------------------------------------------------------------- deadlines


def test_deadline_still_honoured_in_sums() -> None:
    claim = parse("forall n : N, sum(k, 0, n, k^50) >= 0")
    token = DEADLINE.set(time.monotonic() - 1.0)
    try:
        with pytest.raises(TooLarge, match="deadline"):
            _exact.evaluate(claim.body, {"n": fmpq(99_000)})
    finally:
        DEADLINE.reset(token)


def test_each_batch_check_has_its_own_deadline() -> None:
    claim = parse("forall n : N, sum(k, 0, n, k^300) >= 0")
    started = time.monotonic()
    results = check_witnesses(claim, [{"n": 99_000}, {"n": 3}, {"n": 99_000}], timeout=0.05)
    assert [r.reason for r in results] == ["too_large", "holds_there", "too_large"]
    assert "deadline" in results[0].message
    assert time.monotonic() - started < 5.0
    assert check_witness(claim, {"n": 99_000}, timeout=0.05).reason == "too_large"


def test_batch_matches_one_at_a_time_on_hostile_values() -> None:
    """Zero divisors, huge numbers, undefined and out-of-domain points, malformed values: the batch
    gives what one call per point gives, and the reference."""
    huge = 10**5000
    cases: dict[str, list[Any]] = {
        "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k) / u(k+1)) = T": [
            {"u": [1, 0, 2, 3], "T": 2}, {"u": [1, 2, 0], "T": 1}, {"u": [1, 2], "T": 5}, {"u": [huge, 1, 1], "T": 1},
            {"u": [Fraction(1, 3)] * 20, "T": 18}, {"u": [1.5, 2], "T": 0}, {"u": "[1, 2, 3]", "T": 1},
            {"u": [1, 2], "T": -1}, {"u": [1, 2], "T": Fraction(1, 2)}, {"u": [1, 2]}, {"u": [1], "T": 0, "z": 1},
        ],
        "forall a : Q, forall T : N, sum(k, 0, T, a^(k - 3)) >= 0": [
            {"a": 0, "T": 5}, {"a": -1, "T": 10**6}, {"a": -1, "T": 6}, {"a": Fraction(-2, 3), "T": 9},
            {"a": huge, "T": 2}, {"a": 2, "T": 3000}, {"a": Fraction(10**1000, 3), "T": 70},
        ],
        "forall a : Q, forall T : N, sum(k, 0, T, a^(20000*k)) = 1": [{"a": 3, "T": 4}, {"a": 1, "T": 3}, {"a": 0, "T": 2}],
        "forall x : Q, forall T : N, sum(k, 0, T, 1/(x - k)) = sum(j, 0, T, 1/(x - j))": [
            {"x": 3, "T": 5}, {"x": Fraction(1, 2), "T": 300}, {"x": 299, "T": 300},
        ],
        "forall A B : Mat2(Q), det(inverse(A - B)) = 1/det(A - B)": [
            {"A": [[1, 2], [3, 4]], "B": [[1, 2], [3, 4]]}, {"A": [[huge, 0], [0, 1]], "B": [[0, 0], [0, 0]]},
            {"A": [[1, 2], [3]], "B": [[1, 0], [0, 1]]}, {"A": [[1, "x"], [3, 4]], "B": [[1, 0], [0, 1]]},
        ],
    }  # fmt: skip
    for text, points in cases.items():
        claim = parse(text)
        batch = check_witnesses(claim, points)
        assert batch == [check_witness(claim, p) for p in points], text
        assert batch == [_reference_check(erase_claim_casts(claim), p) for p in points], text
        assert [r.message for r in batch] == [_witness._check(erase_claim_casts(claim), p).message for p in points]


# ---------------------------------------------------------------- messages built when read


def test_messages_are_built_when_read_and_equal_the_reference() -> None:
    claim = parse("forall A B : Mat2(Q), det(A+B) = det(A)+det(B)")
    point: dict[str, Any] = {"A": [[1, Fraction(1, 2)], [3, 4]], "B": [[0, 0], [0, 1]]}
    expected = _witness._check(claim, copy.deepcopy(point))
    result = check_witnesses(claim, [point])[0]
    assert "message" not in vars(result)  # nothing built yet
    point["A"][0][0] = 99  # the caller's lists change after the check: the message has the values checked
    assert result.values == expected.values and result.message == expected.message
    assert result == expected and repr(result) == repr(expected) and result.to_dict() == expected.to_dict()
    assert type(result) is WitnessCheck and "_text" not in vars(result)


def test_deferred_checks_compare_copy_and_pickle_as_built_ones() -> None:
    claim = parse("forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k+1) - u(k)) = u(T) - u(0)")
    points = [{"u": [1, Fraction(2, 3), 5], "T": 1}, {"u": [1, 2], "T": 4}, {"u": list(range(40)), "T": 3}]
    for point in points:
        expected = _witness._check(claim, point)
        for read in (
            lambda r: r,
            lambda r: pickle.loads(pickle.dumps(r)),
            copy.copy,
            copy.deepcopy,
            lambda r: dataclasses.replace(r, kind=r.kind),
            lambda r: WitnessCheck(**r.to_dict()),
        ):
            assert read(_witness.compiled_check(claim).check(point)) == expected
            assert expected == read(_witness.compiled_check(claim).check(point))
    fresh = _witness.compiled_check(claim).check(points[0])
    with pytest.raises(AttributeError):
        fresh.no_such_field  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(dataclasses.FrozenInstanceError):
        fresh.message = "x"  # type: ignore[misc]


def test_a_callers_sequence_object_is_written_into_the_message_at_once() -> None:
    """A Sequence given by a function records what is read; a later read must not change a message."""
    claim = parse("forall u : Seq(Q), forall n : N, u(n) = n + 1")
    seq = Sequence(generator=lambda i: fmpq(i))
    result = check_witness(claim, {"u": seq, "n": 2})
    expected = _witness._check(claim, {"u": Sequence(generator=lambda i: fmpq(i)), "n": 2})
    seq(7)  # the caller reads on
    assert result == expected and "u=[0, 1, 2]" in result.message
    for text, n in (
        ("forall u : Seq(Q), forall n : N, u(n) < 0 or n > 5", 2),
        ("forall u : Seq(Q), forall n : N, u(n) = 1/(n - 2)", 2),
    ):
        seq = Sequence(generator=lambda i: fmpq(i))
        result = check_witness(text, {"u": seq, "n": n})  # without sides: the message at once too
        seq(9)
        assert result == _witness._check(parse(text), {"u": Sequence(generator=lambda i: fmpq(i)), "n": n})
    listed = check_witness(claim, {"u": Sequence([fmpq(5), fmpq(6)]), "n": 1})
    assert listed == _witness._check(claim, {"u": [5, 6], "n": 1})


def test_fraction_cache_stays_bounded_and_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_witness, "_FRACTIONS_MAX", 64)
    _witness._FRACTIONS.clear()
    claim = parse("forall x y : Q, x + y = 0")
    points = [{"x": Fraction(i, 7 + i % 5), "y": Fraction(-(10**70), 3 + i)} for i in range(300)]
    assert check_witnesses(claim, points) == [_witness._check(claim, p) for p in points]
    assert 0 < len(_witness._FRACTIONS) <= 64
    assert all(value == fmpq(p, q) for (p, q), value in _witness._FRACTIONS.items())


# ---------------------------------------------------------------- sums evaluated in blocks

SEQ_U = Var("u", SEQ)
K, X = Var("k", INT), Var("x", RAT)


def _n(value: int | Fraction) -> Num:
    return Num(Fraction(value))


@st.composite
def sum_bodies(draw: st.DrawFn) -> Node:
    """Sum bodies over the index k: sequence reads u(k + c), u(2k), u(3), k, x and numerals under
    arithmetic and calls, with powers of the index (incrementally computed ones among them)."""
    leaves = st.one_of(
        st.just(K), st.just(X), st.integers(-3, 5).map(_n), st.sampled_from([Fraction(1, 2), Fraction(-3, 4)]).map(_n),
        st.integers(-2, 3).map(lambda c: Index(SEQ_U, K if c == 0 else Op("+", (K, _n(c))))),
        st.just(Index(SEQ_U, Op("*", (_n(2), K)))), st.just(Index(SEQ_U, _n(3))),
        st.tuples(st.sampled_from([X, _n(2), _n(Fraction(-1, 3)), _n(0), _n(1), _n(-1)]), st.integers(-3, 2)).map(
            lambda t: Op("^", (t[0], K if t[1] == 0 else Op("+", (K, _n(t[1])))))
        ),
    )  # fmt: skip

    def extend(inner: st.SearchStrategy) -> st.SearchStrategy:
        return st.one_of(
            st.lists(inner, min_size=1, max_size=3).map(lambda a: Op("+", tuple(a))),
            st.lists(inner, min_size=2, max_size=3).map(lambda a: Op("*", tuple(a))),
            st.tuples(inner, inner).map(lambda a: Op("-", a)),
            st.tuples(inner, inner).map(lambda a: Op("/", a)),
            inner.map(lambda a: Op("neg", (a,))),
            st.tuples(inner, st.integers(-2, 3)).map(lambda a: Op("^", (a[0], _n(a[1])))),
            st.tuples(inner, st.sampled_from([K, Op("-", (K, _n(1)))])).map(lambda a: Op("^", a)),
            inner.map(lambda a: Call("abs", (a,))),
            inner.map(lambda a: Call("floor", (a,))),
            inner.map(lambda a: Call("sqrt", (a,))),
            st.tuples(inner, inner).map(lambda a: Call("max", a)),
            st.tuples(inner, inner).map(lambda a: Call("mod", a)),
            st.tuples(st.integers(0, 2), st.integers(0, 3), inner).map(  # an inner sum, over j or over k
                lambda t: SumOf("j" if t[0] else "k", _n(t[0]), Op("+", (K, _n(t[1]))), inner_body(t[2]))
            ),
        )

    return draw(st.recursive(leaves, extend, max_leaves=6))


def inner_body(node: Node) -> Node:
    return Op("+", (node, Var("j", INT)))


def _sequence_env(values: list[fmpq], by_function: bool, **others: Any) -> dict[str, Any]:
    """A fresh point with ``u``: the values as a list, or a function repeating them (recording its reads)."""
    if by_function:
        u = Sequence(generator=lambda i: values[i % len(values)] if values else fmpq(i))
    else:
        u = Sequence(list(values))
    return {"u": u, **others}


@SETTINGS
@given(
    body=sum_bodies(),
    lo=st.integers(-3, 6),
    length=st.one_of(st.integers(0, 12), st.sampled_from([254, 255, 256, 257, 511, 600])),
    values=st.lists(rationals, max_size=40),
    x=rationals,
    by_function=st.booleans(),
)
def test_sum_blocks_match_the_reference_term_by_term(
    body: Node, lo: int, length: int, values: list[Any], x: Any, by_function: bool
) -> None:
    """The value, or the exception and its message, of the reference's term-by-term sum; and a
    function's sequence has recorded the same reads."""
    node = SumOf("k", _n(lo), _n(lo + length - 1), body)
    exact = [_witness._entry(v, "u") for v in values]

    new_env, ref_env = (_sequence_env(exact, by_function, x=_witness._entry(x, "x")) for _ in range(2))
    assert _outcome(_exact.evaluate, node, new_env) == _outcome(reference.evaluate, node, ref_env)
    assert new_env["u"].read == ref_env["u"].read


BLOCK_SUMS = [
    "sum(k, 2, n, u(k+1) - u(k-2))",
    "sum(k, 0, n, u(2*k) * x^k)",
    "sum(k, -2, n, u(k))",  # a negative index
    "sum(k, 0, n, x^(k-3) + u(k))",  # 0 to a negative power
    "sum(k, 0, n, (10^400/3)^(k+1))",  # too large from some term on
    "sum(k, 0, n, 1/(x - k))",  # a zero divisor at k = x
    "sum(k, 0, n, sqrt(u(k)) + 1)",  # irrational or undefined terms
    "sum(k, 0, n, floor(u(k)/3) + abs(k - 5) + max(u(k), x))",
    "sum(k, 0, n, mod(k, 3) * u(3) - binomial(k, 2))",
    "sum(k, 0, n, factorial(k) / 2^k - (-1)^k * k + 0^k)",
    "sum(k, 0, n, sum(j, 0, k, u(j)))",  # an inner sum over the index: term by term
    "sum(k, 0, n, x * sum(j, 0, 3, u(j)) + u(k))",  # an inner sum without it: one value
    "sum(k, 0, n, x^1000000 * k)",  # too large in every term
]


@pytest.mark.parametrize("text", BLOCK_SUMS)
def test_sum_blocks_match_the_reference_on_every_construct(text: str) -> None:
    """Each construct blocks evaluate, and each reason to fall back, on lists and on functions, for
    sums shorter and longer than a block: the reference's value or exception, and its reads."""
    relation = parse(f"forall u : Seq(Q), forall x : Q, forall n : Z, {text} = 0").body
    assert isinstance(relation, Rel)
    node = relation.left
    values = [fmpq((-1) ** i * (i % 7), 1 + i % 3) for i in range(40)]
    for n, x, by_function in (
        (n, x, f) for n in (-1, 0, 5, 254, 300) for x in (fmpq(0), fmpq(3), fmpq(1, 2)) for f in (False, True)
    ):
        new_env, ref_env = (_sequence_env(values, by_function, x=x, n=fmpq(n)) for _ in range(2))
        new, ref = _outcome(_exact.evaluate, node, new_env), _outcome(reference.evaluate, node, ref_env)
        assert new == ref, (text, n, x, by_function)
        assert new_env["u"].read == ref_env["u"].read


def test_sums_are_evaluated_in_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The block path is taken (not only the term-by-term fallback) where nothing can raise."""
    outcomes: list[bool] = []
    plain = _exact._sum_vector

    def recording(*args: Any) -> Any:
        value = plain(*args)
        outcomes.append(value is not _exact._BAILED)
        return value

    monkeypatch.setattr(_exact, "_sum_vector", recording)
    u = Sequence([fmpq(i * i, 3) for i in range(700)])
    texts: dict[str, dict[str, Any]] = {
        "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k+1) - u(k)) = u(T + 1) - u(0)": {"u": u, "T": fmpq(600)},
        "forall a : Q, forall T : N, sum(k, 0, T-1, a^k) * (a - 1) = a^T - 1": {"a": fmpq(-2, 3), "T": fmpq(300)},
        "forall a : Q, forall T : N, sum(k, 0, T, a^(k - 3)) >= 0": {"a": fmpq(0), "T": fmpq(5)},  # 0^-3
    }
    for text, env in texts.items():
        body = parse(text).body
        assert _outcome(_exact.evaluate, body, dict(env)) == _outcome(reference.evaluate, body, dict(env))
    assert outcomes == [True, True, False]
    assert _exact.evaluate(parse(next(iter(texts))).body, {"u": u, "T": fmpq(600)}) is True


def test_long_sums_in_blocks_still_meet_the_deadline() -> None:
    """Blocks end where the term-by-term loop checks the deadline: a sum of 255 terms never checks
    it, a longer one does, before its 256th term (as the reference)."""
    short, long = (parse(f"forall x : Q, sum(k, 1, {n}, x * k) >= 0").body for n in (255, 256))
    token = DEADLINE.set(time.monotonic() - 1.0)
    try:
        for node in (short, long):
            assert _outcome(_exact.evaluate, node, {"x": fmpq(1)}) == _outcome(reference.evaluate, node, {"x": fmpq(1)})
        assert _exact.evaluate(short, {"x": fmpq(1)}) is True
        with pytest.raises(TooLarge, match="deadline"):
            _exact.evaluate(long, {"x": fmpq(1)})
    finally:
        DEADLINE.reset(token)


# ---------------------------------------------------------------- fused closures (round 3)


FUSED = [
    "x*y", "x*3", "3*x", "(x+1)*y", "x*(y+1)", "x + y", "x + 3", "3 + x", "(x*y) + y", "x + (y*y)",
    "2*3", "x + y + x", "x*y*x*y", "(x+1)*(y+1)", "x^n", "x^n * y", "y * x^n", "(x+1)^n", "x^(n+1)",
    "sum(k, 0, n, u(k+1) - u(k))", "sum(k, 0, n, u(k) * u(k+2))", "sum(k, 1, n, u(k-1) / u(k+1))",
    "sum(k, 0, n, x^k) * y + x^n", "sum(k, 0, n, x^(k-2))", "sum(k, -3, n, x^(k+1))", "sum(k, 0, n, y^k)",
]  # fmt: skip


@pytest.mark.parametrize("text", FUSED)
def test_fused_operations_match_the_reference(text: str) -> None:
    """Checked sums and products of every kind of operand, powers read inline, slices of
    sequences combined in one closure and geometric sums in closed form: the reference's value or
    exception (size limits, zero powers, ±1 to huge powers, sums longer than a block, indices
    outside the list, sequences given by a function)."""
    relation = parse(f"forall u : Seq(Q), forall x y : Q, forall n : Z, {text} = 0").body
    assert isinstance(relation, Rel)
    node = relation.left
    big, huge = fmpq(2) ** 150_000, fmpq(3) ** 120_000
    points = [
        (x, y, n) for x in (fmpq(0), fmpq(1), fmpq(-1), fmpq(2, 3), big) for y in (fmpq(5), huge, fmpq(-1, 7))
        for n in (0, 3, -2, 11, 300, 10**19, 400_000)
    ]  # fmt: skip
    values = [fmpq(i % 5 - 2, 1 + i % 4) for i in range(9)]
    for x, y, n in points:
        for by_function in (False, True):
            new_env, ref_env = (_sequence_env(values, by_function, x=x, y=y, n=fmpq(n)) for _ in range(2))
            new, ref = _outcome(_exact.evaluate, node, new_env), _outcome(reference.evaluate, node, ref_env)
            assert new == ref, (text, x, y, n, by_function)
            assert new_env["u"].read == ref_env["u"].read


def test_compiled_readers_reject_as_the_reference() -> None:
    """The values of several variables are read at once: a missing, extra, malformed or
    out-of-domain value anywhere (first, last, in an entry no evaluation reads) is rejected exactly
    as the step-by-step check rejects it."""
    texts = {
        "forall a x0 u : Q, forall T : N, a^T*x0 + u*sum(k, 0, T-1, a^k) = x0 + T*u": [
            {"a": 2, "x0": 1, "u": 0, "T": 3}, {"a": True, "x0": 1, "u": 0, "T": 3}, {"a": 2, "x0": 1, "u": 0.5, "T": 3},
            {"a": 2, "x0": 1, "u": 0, "T": -1}, {"a": 2, "x0": 1, "u": 0, "T": Fraction(7, 2)}, {"a": 2, "x0": 1, "u": 0},
            {"a": 2, "x0": 1, "u": 0, "T": 3, "v": 1}, {"a": 2, "x0": "1/3", "u": "x", "T": 3},
            {"a": 2, "x0": [1], "u": 0, "T": 3}, {"a": Fraction(1, 2), "x0": 10**40, "u": fmpq(3, 4), "T": 10**6},
        ],
        "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k+1) - u(k)) = u(T) - u(0)": [
            {"u": [1, 2, 3, 4], "T": 1}, {"u": [1, 2, 3, 1.5], "T": 1}, {"u": [1, 2, 3, True], "T": 0},
            {"u": [1, 2, 3, "x"], "T": 0}, {"u": [1, 2, 3, "1/2"], "T": 0}, {"u": [1, 2, None], "T": 0},
            {"u": [Fraction(1, 3), 10**50, fmpq(2, 5)], "T": 1}, {"u": (1, 2, 3), "T": 1}, {"u": [], "T": 0},
        ],
        "forall A B : Mat2(Q), det(A+B) = det(A)+det(B)": [
            {"A": [[1, 2], [3, 4]], "B": [[0, 1], [1, 0]]}, {"A": [[1, 2], [3, 4]], "B": [[0, 1], [1, 0.5]]},
            {"A": [[1, 2], [3, 4]], "B": [[0, 1], [1]]}, {"A": [[1, 2], [3, False]], "B": [[0, 1], [1, 0]]},
        ],
    }  # fmt: skip
    for text, points in texts.items():
        claim = parse(text)
        for point in points:
            assert check_witness(claim, point) == _reference_check(erase_claim_casts(claim), point), point
        assert check_witnesses(claim, points) == [check_witness(claim, p) for p in points]
