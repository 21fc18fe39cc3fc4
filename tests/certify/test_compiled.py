"""The compiled evaluator and the compiled witness check give the reference's outcomes exactly.

The reference is the evaluator as it was before the specialised closures
(tests/certify/_reference_exact.py, one closure per node) and the step-by-step ``_check``; the
compiled paths must agree on every value, every truth, every exception (kind and message) and every
WitnessCheck (status, reason, message, sides), on random claims and points.
"""

from __future__ import annotations

import contextlib
import time
from fractions import Fraction
from typing import Any, Iterator

import pytest
from flint import fmpq, fmpq_mat
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyverify.certify import _exact, _witness, check_witness, check_witnesses
from pyverify.certify._exact import DEADLINE, EvalError, Sequence, TooLarge
from pyverify.logic import Claim, Index, Num, Op, SumOf, Var, parse
from pyverify.logic._ast import Node, walk
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
    cases = {
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


@SETTINGS
@given(data=st.data(), text=st.sampled_from(SEQUENCE_CLAIMS))
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
    points = ["a=1,b=1", {"a": 0, "b": 1}, "a=1/0,b=1", {"a": Fraction(1, 2), "b": "2"}]
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
