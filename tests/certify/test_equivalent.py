"""equivalent(): pointwise equivalence with uninterpreted predicates; refutations carry a point."""

from __future__ import annotations

from pyverify.certify import equivalent


def test_structure_only_equivalence_with_uninterpreted_prime() -> None:
    cert = equivalent("forall p : N, prime(p) -> 2 <= p", "forall p : N, prime(p) -> p >= 2")
    assert cert.status == "certified"
    assert cert.evidence["notion"] == "pointwise"


def test_structure_only_equivalence_of_false_claims() -> None:
    # both false, and still the same statement: pointwise equivalence needs no truth
    cert = equivalent("forall p : N, prime(p) -> p >= 3", "forall p : N, prime(p) -> not p < 3")
    assert cert.status == "certified"
    assert cert.method in ("smt", "identity")


def test_not_equivalent_gives_distinguishing_point() -> None:
    cert = equivalent("forall x : R, x^2 >= 0", "forall x : R, x >= 0")
    assert cert.status == "refuted"
    assert cert.witness is not None
    assert cert.evidence["a_holds"] != cert.evidence["b_holds"]


def test_renaming_and_reordering_binders() -> None:
    cert = equivalent(
        "forall A B : Mat2(Q), det(A*B) = det(A)*det(B)", "forall B A : Mat2(Q), det(B*A) = det(A)*det(B)"
    )
    assert cert.status == "certified"
    cert = equivalent("forall x : Q, (x + 1)^2 = x^2 + 2*x + 1", "forall t : Q, (t + 1)^2 = t^2 + 2*t + 1")
    assert cert.status == "certified"


def test_contrapositive_and_assumption_forms() -> None:
    assert equivalent("forall x : R, x > 1 -> x^2 > 1", "forall x : R, x^2 <= 1 -> x <= 1").status == "certified"
    assert equivalent("forall x : R, assume x > 0, x + 1 > 1", "forall x : R, x > 0 -> x + 1 > 1").status == "certified"
    assert equivalent("forall a b : R, a <= b", "forall a b : R, not a > b").status == "certified"


def test_converse_is_not_equivalent() -> None:
    cert = equivalent("forall x : R, x > 1 -> x^2 > 1", "forall x : R, x^2 > 1 -> x > 1")
    assert cert.status == "refuted"
    assert cert.witness is not None


def test_different_binders_compare_truth_values() -> None:
    cert = equivalent("forall x : Q, (x + 1)^2 = x^2 + 2*x + 1", "forall a b : Q, (a + b)^2 = a^2 + b^2")
    assert cert.status == "refuted"
    assert cert.method == "truth-values"
    assert cert.evidence["notion"] == "sentence"
