"""Automatic false siblings: one-edit mutations kept only when refuted by a re-verified witness."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from pyverify.catalog import load_catalog
from pyverify.catalog._load import SIBLING_KINDS
from pyverify.catalog._siblings import KIND_ORDER, candidates, find_siblings, make_siblings
from pyverify.certify import check_witness
from pyverify.logic import parse, to_text
from tests.strategies import claims


def _texts(claim: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for kind, mutated, _ in candidates(parse(claim)):
        out.setdefault(kind, []).append(to_text(mutated))
    return out


def test_every_kind_is_a_catalog_kind() -> None:
    assert set(KIND_ORDER) <= set(SIBLING_KINDS)


def test_candidates_are_one_edit_mutations() -> None:
    got = _texts("forall n : N, n >= 3 -> n < factorial(n)")
    assert "forall n : N, n >= 3 -> n > factorial(n)" in got["reversed_inequality"]
    assert "forall n : N, n >= 2 -> n < factorial(n)" in got["off_by_one"]
    assert "forall n : N, n < factorial(n)" in got["dropped_hypothesis"]
    assert "forall n : N, n < factorial(n) -> n >= 3" in got["converse"]
    assert "forall n : N, n >= 3 -> not n < factorial(n)" in got["negated"]
    swapped = _texts("forall n k : N, k <= n -> binomial(n, n - k) = binomial(n, k)")["swapped_arguments"]
    assert "forall n k : N, k <= n -> binomial(n - k, n) = binomial(n, k)" in swapped
    assert _texts("exists x : Z, x + 1 = 0")["changed_quantifier"] == ["forall x : Z, x + 1 = 0"]


def test_the_search_returns_a_refuted_sibling_with_a_verified_witness() -> None:
    claim = parse("forall p : N, prime(p) -> 2 <= p")
    ((kind, sibling, cert),) = make_siblings(claim, "t", "exact", 2.0)
    assert kind == "reversed_inequality" and to_text(sibling) == "forall p : N, prime(p) -> 2 >= p"
    assert cert.status == "refuted" and check_witness(sibling, cert.witness, 2.0).verified


def test_two_siblings_have_different_kinds() -> None:
    found = make_siblings(parse("forall a : R, 0 <= a^2"), "t", "mathlib", 2.0, limit=2)
    assert len(found) == 2 and found[0][0] != found[1][0]


def test_an_existential_gets_a_universal_sibling_with_a_witness() -> None:
    ((kind, sibling, cert),) = make_siblings(parse("exists x : Z, x + 1 = 0"), "t", "exact", 2.0)
    assert kind == "changed_quantifier" and cert.witness is not None


def test_closed_statements_get_siblings() -> None:
    ((_, sibling, cert),) = make_siblings(parse("prime(2)"), "t", "mathlib", 2.0)
    assert cert.status == "refuted" and cert.witness == {} and check_witness(sibling, {}, 2.0, "mathlib").verified


def test_no_refuted_mutation_means_no_sibling_and_a_reason() -> None:
    search = find_siblings(parse("forall x : R, x = x or not x = x"), "t", "exact", 1.0, budget=0.0)
    assert search.siblings == () and "no mutation refuted" in (search.reason or "")


def test_the_search_is_deterministic() -> None:
    claim = parse("forall a b : R, abs(a + b) <= abs(a) + abs(b)")
    first = [(k, to_text(c)) for k, c, _ in make_siblings(claim, "k", "mathlib", 2.0, limit=2)]
    assert first == [(k, to_text(c)) for k, c, _ in make_siblings(claim, "k", "mathlib", 2.0, limit=2)]


def test_every_catalog_theorem_gets_a_verified_sibling() -> None:
    theorems = load_catalog()
    hits = 0
    for theorem in theorems:
        for kind, sibling, cert in make_siblings(theorem.statement, theorem.id, "mathlib", 2.0):
            assert kind in SIBLING_KINDS and to_text(sibling) != to_text(theorem.statement)
            assert cert.status == "refuted" and cert.witness is not None
            assert check_witness(sibling, cert.witness, 2.0, "mathlib").verified, (theorem.id, to_text(sibling))
            hits += 1
    print(f"automatic siblings for {hits} of {len(theorems)} catalog theorems (mathlib)")
    assert hits >= 0.95 * len(theorems)


@pytest.mark.filterwarnings("ignore")
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(claims())
def test_whatever_is_returned_is_refuted_by_a_witness_that_checks(claim: object) -> None:
    for _, sibling, cert in make_siblings(claim, "h", "exact", 0.5):  # type: ignore[arg-type]
        assert cert.status == "refuted" and check_witness(sibling, cert.witness, 2.0).verified
