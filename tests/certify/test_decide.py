"""decide(): known identities certify, their classic mistakes refute with re-verified witnesses."""

from __future__ import annotations

import pytest

from pyverify.certify import check_witness, decide, equivalent

TRUE_CLAIMS = [
    ("forall x : Q, (x + 1)^2 = x^2 + 2*x + 1", "identity"),
    ("forall a b : Q, (a + b)^3 = a^3 + 3*a^2*b + 3*a*b^2 + b^3", "identity"),
    ("forall A B : Mat2(Q), det(A*B) = det(A)*det(B)", "identity"),
    ("forall A B : Mat2(Q), transpose(A*B) = transpose(B)*transpose(A)", "identity"),
    ("forall A B : Mat3(Q), det(A*B) = det(A)*det(B)", "identity"),
    ("forall A B : Mat2(Q), trace(A*B) = trace(B*A)", "identity"),
    ("forall A : Mat2(Q), inverse(inverse(A)) = A", "identity"),
    ("forall A B : Mat2(Q), inverse(A*B) = inverse(B)*inverse(A)", "identity"),
    ("forall x y : Q, (x^2 - y^2)/(x - y) = x + y", "identity"),
    ("forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^(n+1) - 1)/(r - 1)", "induction"),
    ("forall n : N, sum(k, 1, n, k) = n*(n + 1)/2", "identity"),  # Faulhaber closed form
    ("forall n : N, sum(k, 1, n, 2*k - 1) = n^2", "identity"),
    ("forall n : N, sum(k, 1, n, k^3) = sum(k, 1, n, k)^2", "identity"),
    ("forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k+1) - u(k)) = u(T+1) - u(0)", "induction"),
    ("forall x : Q, forall n m : Z, x^(n+m) = x^n * x^m", "identity"),
    ("forall n : N, factorial(n+2)/factorial(n) = n^2 + 3*n + 2", "identity"),
    ("forall n : N, binomial(n+1, 2) - binomial(n, 2) = n", "identity"),
    (
        "forall a x0 u : Q, forall T : N, assume a != 1, a^T*x0 + u*sum(k, 0, T-1, a^k) = a^T*x0 + u*(1 - a^T)/(1 - a)",
        "induction",
    ),
    # affine recurrence: the unrolled value against the constant-input closed form (ρ ≠ 1), and the
    # recurrence step itself, by induction with sums whose bodies depend on the horizon
    (
        "forall rho x0 u : Q, forall T : N, assume rho != 1, "
        "rho^T*x0 + sum(k, 0, T-1, rho^(T-1-k)*u) = rho^T*x0 + u*(1 - rho^T)/(1 - rho)",
        "induction",
    ),
    (
        "forall rho x0 : Q, forall u : Seq(Q), forall T : N, "
        "rho*(rho^T*x0 + sum(k, 0, T-1, rho^(T-1-k)*u(k))) + u(T) = rho^(T+1)*x0 + sum(k, 0, T, rho^(T-k)*u(k))",
        "induction",
    ),
    ("∀ x y : ℝ, x ≤ y → x + 1 ≤ y + 1", "smt"),
    ("forall x y : R, x^2 + y^2 >= 2*x*y", "smt"),
    ("forall p : N, prime(p) -> 2 <= p", "smt"),
    ("forall n : Z, even(n^2) -> even(n)", "periodic"),
    ("forall x : R, sqrt(x^2) = abs(x)", "smt"),
    ("forall a b : Z, mod(a + b, 2) = mod(mod(a, 2) + mod(b, 2), 2)", "smt"),
    ("forall n : N, assume n <= 39, prime(n^2 + n + 41)", "exhaustive"),
    ("exists n : Z, n^2 = 49 and n < 0", "search"),
    ("forall n : Z, 6 | n*(n + 1)*(n + 2)", "periodic"),
    ("forall n : Z, odd(n) -> 8 | n^2 - 1", "periodic"),
    ("forall a b : Z, 3 | a^2 + b^2 -> 3 | a and 3 | b", "periodic"),
    ("forall x : R, exists y : R, y > x", "smt"),
    ("2 + 2 = 4", "evaluation"),
]

FALSE_CLAIMS = [
    "forall x : Q, (x + 1)^2 = x^2 + 1",
    "forall a b : Q, (a + b)^2 = a^2 + b^2",
    "forall A B : Mat2(Q), det(A+B) = det(A) + det(B)",
    "forall A B : Mat2(Q), transpose(A*B) = transpose(A)*transpose(B)",
    "forall A B : Mat2(Q), A*B = B*A",
    "forall A B : Mat2(Q), inverse(A*B) = inverse(A)*inverse(B)",
    "forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^n - 1)/(r - 1)",
    "forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^(n+1) - 1)/(r + 1)",
    "forall n : N, sum(k, 1, n, k) = n*(n - 1)/2",
    "forall x : R, x^2 >= x",
    "forall x y : R, x < y -> x^2 < y^2",
    "forall n : N, prime(n^2 + n + 41)",
    "forall n : N, 2^n > n^2",
    "forall x : Q, x/x = x",
    "forall n : Z, sum(k, 1, n, k) = n*(n+1)/2",  # false for negative n: the sum is empty there
    "forall x : Z, 0^x = 0",
    "forall n : N, binomial(n, 2) = n^2/2",
    "forall rho x0 u : Q, forall T : N, assume rho != 1, "
    "rho^T*x0 + sum(k, 0, T-1, rho^(T-k)*u) = rho^T*x0 + u*(1 - rho^T)/(1 - rho)",
    "forall x : Q, forall n : N, x^(n+1) = x^n + 1",
]


@pytest.mark.parametrize(("text", "method"), TRUE_CLAIMS)
def test_true_claims_certify(text: str, method: str) -> None:
    cert = decide(text, timeout=20)
    assert cert.status == "certified", cert
    assert cert.method == method
    assert cert.evidence
    assert cert.seconds >= 0


@pytest.mark.parametrize("text", FALSE_CLAIMS)
def test_classic_mistakes_refute_with_verified_witness(text: str) -> None:
    cert = decide(text, timeout=20)
    assert cert.status == "refuted", cert
    assert cert.witness is not None
    assert check_witness(text, cert.witness).verified


def test_existential_refutation_needs_no_witness() -> None:
    cert = decide("exists n : Z, n^2 = 2", timeout=20)
    assert cert.status == "refuted" and cert.method == "smt"


def test_example_is_returned_for_existential() -> None:
    cert = decide("exists n : Z, n^2 = 49 and n < 0")
    assert cert.witness == {"n": "-7"}


def test_unknown_is_honest() -> None:
    cert = decide("forall n : N, 2^n >= n + 1", timeout=3)
    assert cert.status == "unknown"
    assert cert.reason


def test_identity_evidence_shows_normal_form() -> None:
    cert = decide("forall x : Q, (x + 1)^2 = x^2 + 2*x + 1")
    (record,) = cert.evidence["identities"].values()
    assert record["normal_form"] == "x**2 + 2*x + 1"


def test_undefined_points_are_not_counterexamples() -> None:
    # x/x = 1 holds wherever it is defined; x = 0 is outside its domain
    assert decide("forall x : Q, x/x = 1").status == "certified"
    assert decide("forall A : Mat2(Q), A*inverse(A) = [[1, 0], [0, 1]]").status == "certified"


def test_in_process_mode_agrees() -> None:
    for text, _ in TRUE_CLAIMS[:6]:
        assert decide(text, isolate=False).status == "certified"
    for text in FALSE_CLAIMS[:6]:
        assert decide(text, isolate=False).status == "refuted"


def test_vacuous_claims_are_never_certified() -> None:
    cert = decide("forall x : Q, assume x > 1, assume x < 0, x = 5")
    assert cert.status == "vacuous" and not cert.certified
    assert cert.headline == "vacuous: no point satisfies x > 1 ∧ x < 0"
    assert cert.evidence["proved_by"] == cert.method  # the engine's proof is kept for the reader
    cert = decide("forall x : Q, x/0 = x")
    assert cert.status == "vacuous" and cert.conditions == ("0 ≠ 0",)
    # the FormInv false sibling of Nat.mod_zero: true of no n under exact semantics, false under Lean's
    assert decide("forall n : N, mod(n, 0) = 0").status == "vacuous"
    assert decide("forall n : N, mod(n, 0) = 0", semantics="mathlib").status == "refuted"
    # hypotheses written as implications assume as much as `assume` does, under both semantics
    for semantics in ("exact", "mathlib"):
        assert decide("forall x : Q, x > 1 -> x < 0 -> x = 7", semantics=semantics).status == "vacuous"
        assert decide("forall x : Q, (x > 1 and x < 0) -> x = 7", semantics=semantics).status == "vacuous"
    assert decide("1/0 = 1/0").status == "vacuous"  # a closed claim undefined at its one point


def test_where_the_vacuity_line_is_drawn() -> None:
    # empty: vacuous; not empty (even without interior): certified where defined, at the points that exist
    assert decide("forall x : R, assume x^2 < 0, x = 1").status == "vacuous"
    assert decide("forall x : Q, x = 0 -> x/x = 1").status == "vacuous"
    # a hypothesis that does not bound a variable is content: this claim is the theorem "no x has x² < 0"
    assert decide("forall x : R, x^2 < 0 -> x = 1").status == "certified"
    # ... and a contrapositive is not vacuous: its region x > 0 is not empty, its contradiction is the theorem
    assert decide("forall x : R, x > 0 -> exp(log(x)) != x -> x <= 0").status == "certified"
    cert = decide("forall x : R, sqrt(x) + sqrt(-x) = 0")
    assert cert.status == "certified" and cert.headline == "certified where defined (x ≥ 0, −x ≥ 0)"
    assert decide("forall x : R, x^2 <= 0 -> x = 0").status == "certified"


def test_vacuous_claims_are_no_evidence_of_equivalence() -> None:
    cert = equivalent("forall n : N, mod(n, 0) = 0", "forall n : N, mod(n, 0) = 1")
    assert cert.status == "vacuous" and set(cert.evidence["vacuous_claims"]) == {"a", "b"}
    cert = equivalent("forall x : Q, assume x > 1, assume x < 0, x = 5", "forall n : N, n + 0 = n")
    assert cert.status == "vacuous"
    assert equivalent("forall x : Q, x/x = 1", "forall y : Q, y/y = 1").status == "certified"


def test_periodic_claims_decide_both_ways() -> None:
    cert = decide("exists n : Z, 7 | n^2 + 1")
    assert cert.status == "refuted" and cert.method == "periodic"
    assert cert.evidence["period"] == 7 and cert.evidence["points_checked"] == 7
    cert = decide("forall n : Z, mod(n^2, 4) = 0 or mod(n^2, 4) = 1")
    assert cert.status == "certified" and cert.method == "periodic"


def test_sum_shift_with_a_power_whose_base_appears_nowhere_else() -> None:
    # regression: the base of x^n must be a generator of the induction step
    cert = decide("forall x : Q, forall n : N, sum(k, 0, n, x^k) = x^n + sum(k, 0, n - 1, x^k)")
    assert cert.status == "certified" and cert.method == "induction"
