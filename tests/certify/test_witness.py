"""check_witness(): exact verification with a reason for every rejection."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from pyverify.certify import check_witness

BINOMIAL = "forall a b : Q, (a + b)^2 = a^2 + b^2"


def test_verified_counterexample_shows_both_sides() -> None:
    result = check_witness(BINOMIAL, "a=1,b=1")
    assert result.verified and result.kind == "counterexample"
    assert result.values == {"left": "4", "right": "2"}


def test_rejections_have_reasons() -> None:
    cases = {
        "a=0,b=1": "holds_there",
        "a=1/0,b=1": "malformed",
        "a=nan,b=1": "malformed",
        "a=1": "malformed",
        "a=1,b=1,c=2": "malformed",
        "a=2^(10^12),b=1": "malformed",
    }
    for text, reason in cases.items():
        result = check_witness(BINOMIAL, text)
        assert result.status == "rejected", text
        assert result.reason == reason, (text, result)


def test_domain_assumption_and_definedness() -> None:
    assert check_witness("forall n : N, n^2 >= n + 1", {"n": -1}).reason == "outside_domain"
    assert check_witness("forall n : Z, n^2 >= n + 1", {"n": Fraction(1, 2)}).reason == "outside_domain"
    assert check_witness("forall x : Q, assume x > 0, x^2 > x", {"x": -1}).reason == "assumption_fails"
    assert check_witness("forall x : Q, assume x > 0, x^2 > x", {"x": Fraction(1, 2)}).verified
    assert check_witness("forall x : Q, assume x > 0, x^2 > x", {"x": 2}).reason == "holds_there"
    result = check_witness("forall x : Q, 1/(x - 1) = 1", {"x": 1})
    assert result.reason == "division_by_zero" and "zero" in result.message
    assert check_witness("forall A : Mat2(Q), det(A) = 1", {"A": [[1, 2]]}).reason == "outside_domain"
    assert check_witness("forall x : Q, x = 1", {"x": 0.5}).reason == "malformed"  # floats are not exact


def test_matrices_sequences_and_examples() -> None:
    claim = "forall A B : Mat2(Q), det(A+B) = det(A)+det(B)"
    assert check_witness(claim, "A=[[1,0],[0,1]],B=[[1,0],[0,1]]").verified
    assert not check_witness(claim, {"A": [[0, 0], [0, 0]], "B": [[1, 2], [3, 4]]}).verified
    seq = "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k)) = T*u(0)"
    assert check_witness(seq, {"u": [1, 2, 3], "T": 2}).verified
    short = check_witness(seq, {"u": [1], "T": 2})
    assert short.reason == "undefined" and "index 1" in short.message
    assert check_witness("exists n : Z, n^2 = 49", {"n": -7}).kind == "example"
    assert check_witness("exists n : Z, n^2 = 49", {"n": -7}).verified
    assert check_witness("exists n : Z, n^2 = 49", {"n": 6}).reason == "fails_there"
    assert check_witness("forall x : R, exists y : R, y > x", {"x": 1, "y": 2}).reason == "mixed_quantifiers"


def test_irrational_intermediates_are_decided_exactly() -> None:
    assert check_witness("forall x : R, sqrt(x) < 1.4142", {"x": 2}).verified  # √2 > 1.4142
    assert not check_witness("forall x : R, sqrt(x) < 1.4143", {"x": 2}).verified


@pytest.mark.parametrize("exponent", ["10^12", "(10^6)^(10^6)"])
def test_huge_values_are_refused_not_computed(exponent: str) -> None:
    result = check_witness(f"forall x : Z, x^({exponent}) = 0", {"x": 3})
    assert result.reason == "too_large"


def test_long_sums_respect_the_deadline() -> None:
    import time

    start = time.monotonic()
    result = check_witness("forall x : Q, sum(k, 1, 100000, x^2 * k^10000) < 0", {"x": 1}, timeout=1)
    assert time.monotonic() - start < 15  # a 1 s deadline; generous for a loaded machine
    assert result.reason == "too_large" and "deadline" in result.message


def test_irrational_comparison_runs_under_a_deadline() -> None:
    result = check_witness("forall x : R, sqrt(x) + sqrt(2*x) = sqrt(3*x)", {"x": 2}, timeout=5)
    assert result.verified  # √2 + 2 ≠ √6


def test_batch_results_read_serialise_and_pickle_like_single_ones() -> None:
    """check_witnesses builds a message only when it is read; what is read, serialised or pickled
    is what check_witness gives."""
    import json
    import pickle

    from pyverify.certify import check_witnesses

    points: list[Any] = [{"a": 1, "b": 1}, {"a": 0, "b": Fraction(2, 3)}, "a=1/0,b=1", {"a": 10**5000, "b": 1}]
    batch = check_witnesses(BINOMIAL, points)
    single = [check_witness(BINOMIAL, p) for p in points]
    assert [pickle.loads(pickle.dumps(r)) for r in batch] == single
    assert [json.dumps(r.to_dict()) for r in batch] == [json.dumps(r.to_dict()) for r in single]
    assert batch[0].message == "'(a + b)^2 = a^2 + b^2' fails at a=1, b=1 (4 vs 2)"
    assert batch[1].values == {"left": "4/9", "right": "4/9"} and batch[1].reason == "holds_there"
