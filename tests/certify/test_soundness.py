"""Soundness laws, property-tested: every refutation re-verifies, nothing certified has a counterexample."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyverify.certify import check_witness, decide
from pyverify.certify._search import search
from pyverify.logic import Binder, Claim, Num, Op, Rel, Var, relativized
from tests.strategies import ALL_VARS, SCALAR_VARS, formulas, terms

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _universal(body, names):  # type: ignore[no-untyped-def]
    return Claim(tuple(Binder("forall", (n,), ALL_VARS[n]) for n in names), (), body)


def _check_law(claim: Claim) -> None:
    cert = decide(claim, timeout=4, isolate=False)
    assert "engine error" not in (cert.reason or ""), cert
    if cert.status == "refuted" and cert.witness is not None:
        assert check_witness(claim, cert.witness).verified, cert
    if cert.status == "certified":
        found, _ = search(relativized(claim), claim.variables, False, [], seed=12345, max_points=300)
        assert found is None, (cert, found)


@SETTINGS
@given(
    st.lists(st.sampled_from(["x", "y", "n"]), min_size=1, max_size=2, unique=True).flatmap(
        lambda names: st.tuples(st.just(sorted(names)), formulas(tuple(sorted(names))))
    )
)
def test_random_claims_obey_the_soundness_laws(case) -> None:  # type: ignore[no-untyped-def]
    names, body = case
    _check_law(_universal(body, names))


@SETTINGS
@given(st.tuples(terms(("x", "y")), terms(("x", "y"))))
def test_random_equations(case) -> None:  # type: ignore[no-untyped-def]
    left, right = case
    _check_law(_universal(Rel("=", left, right), ["x", "y"]))


@SETTINGS
@given(terms(("x", "y")), st.integers(min_value=1, max_value=5))
def test_identities_certify_and_perturbations_refute(term, shift) -> None:  # type: ignore[no-untyped-def]
    # t = t + 0 is an identity; t = t + c with c ≠ 0 is false wherever t is defined
    same = _universal(Rel("=", Op("*", (term, Num(Fraction(1)))), term), ["x", "y"])
    assert decide(same, timeout=4, isolate=False).status in ("certified", "unknown", "vacuous")
    shifted = _universal(Rel("=", Op("+", (term, Num(Fraction(shift)))), term), ["x", "y"])
    cert = decide(shifted, timeout=4, isolate=False)
    assert "engine error" not in (cert.reason or ""), cert
    assert cert.status != "certified", cert  # false where defined, or defined nowhere (vacuous)
    if cert.status == "refuted":
        assert check_witness(shifted, cert.witness).verified  # type: ignore[arg-type]


def test_polynomial_identity_family() -> None:
    x, y = Var("x", SCALAR_VARS["x"]), Var("y", SCALAR_VARS["y"])
    for k in range(1, 7):
        # (x - y) * Σ x^i y^(k-1-i) = x^k - y^k
        parts = [Op("*", (Op("^", (x, Num(Fraction(i)))), Op("^", (y, Num(Fraction(k - 1 - i)))))) for i in range(k)]
        total = parts[0] if k == 1 else Op("+", tuple(parts))
        left = Op("*", (Op("-", (x, y)), total))
        right = Op("-", (Op("^", (x, Num(Fraction(k)))), Op("^", (y, Num(Fraction(k))))))
        assert decide(_universal(Rel("=", left, right), ["x", "y"]), isolate=False).status == "certified"
        wrong = Op("+", (right, Num(Fraction(1))))
        assert decide(_universal(Rel("=", left, wrong), ["x", "y"]), isolate=False).status == "refuted"
