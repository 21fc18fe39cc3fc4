"""The two semantics: claims whose truth differs between exact and mathlib, each decided under both.

Every row was checked by hand against Lean 4 / Mathlib's definitions (the reason column says why);
the engine must reach the same verdict, and every refutation's witness must re-verify under the
semantics it was found in.
"""

from __future__ import annotations

import json

import pytest

from pyverify.certify import check_witness, decide, equivalent
from pyverify.logic import parse
from pyverify.logic._semantics import SEMANTICS, check_semantics, lower, to_lean_mathlib

C, R = "certified", "refuted"

# claim, verdict under exact, verdict under mathlib, why they differ
TABLE = [
    ("forall x : Q, x/x = 1", C, R, "Mathlib: 0 / 0 = 0, so x = 0 fails; exact excludes x = 0"),
    ("forall x : R, x/x = 1", C, R, "div_self needs x ≠ 0; 0 / 0 = 0 in ℝ"),
    ("forall x : Q, x * (1/x) = 1", C, R, "0 * 0⁻¹ = 0"),
    ("exists x : Q, x/x = 0", R, C, "x = 0 is an example in Mathlib, undefined in exact"),
    ("forall x y : Q, (x/y)*y = x", C, R, "div_mul_cancel needs y ≠ 0: x = 1, y = 0 gives 0"),
    ("forall x : R, 1/x != 0", C, R, "1 / 0 = 0 in Mathlib"),
    ("exists x : R, 1/x = 0", R, C, "x = 0: 1 / 0 = 0"),
    ("forall x y : Q, x/y + 1 = (x + y)/y", C, R, "y = 0: 0 + 1 ≠ 0"),
    ("forall x y : Q, x/y = 0 -> x = 0", C, R, "x = 1, y = 0: 1 / 0 = 0 but x ≠ 0"),
    ("forall x : Q, (x^2 - 1)/(x - 1) = x + 1", C, R, "x = 1: 0 / 0 = 0 ≠ 2"),
    ("forall n m : N, n - m + m = n", C, R, "ℕ subtraction truncates: 0 - 1 + 1 = 1"),
    ("forall n : N, n - 1 + 1 = n", C, R, "Nat.sub_add_cancel needs 1 ≤ n: n = 0 gives 1"),
    ("forall n : N, n - 2 < n", C, R, "n = 0: 0 - 2 = 0, and 0 < 0 is false"),
    ("exists n m : N, n - m < 0", C, R, "a natural number is never negative; in ℤ, 0 - 1 < 0"),
    ("forall n : N, n - (n + 1) = 0", R, C, "truncated: n - (n + 1) = 0; in ℤ it is -1"),
    ("forall n m : N, n < m -> n - m = 0", R, C, "Nat.sub_eq_zero_of_le"),
    ("exists n : N, (n - 3) + 3 != n", R, C, "n = 0: 0 - 3 + 3 = 3"),
    ("forall n : N, 5 - 7 + 7 = 5", C, R, "5 - 7 = 0 in ℕ, so the left side is 7"),
    ("forall n : N, even(n - 1) -> odd(n)", C, R, "n = 0: 0 - 1 = 0 is even, 0 is not odd"),
    ("forall n m : N, gcd(n - m, m) = gcd(n, m)", None, R, "n = 1, m = 2: gcd 0 2 = 2 ≠ gcd 1 2 = 1"),
    ("forall n : N, 2*(n/2) = n", C, R, "ℕ division floors: n = 1 gives 2 * 0 = 0"),
    ("forall n : N, n/3 + n/3 + n/3 = n", C, R, "1 / 3 = 0 in ℕ"),
    ("forall n : N, n = n + 1/2", R, C, "1 / 2 = 0 in ℕ (the tree's carrier is ℕ)"),
    ("forall n : N, 7/2 = 3", R, C, "Nat.div floors: 7 / 2 = 3"),
    ("forall n : Z, (-n)/2 = -(n/2)", C, R, "Int.ediv: (-1) / 2 = -1 but -(1 / 2) = 0"),
    ("forall n : Z, n = -7 -> n/2 = -4", R, C, "Int.ediv rounds toward -∞ for a positive divisor: -7 / 2 = -4"),
    ("forall n : Z, n = 7 -> n/(-2) = -3", R, C, "Int.ediv: 7 / (-2) = -3 (remainder 1 ≥ 0)"),
    ("forall a b : Z, assume b != 0, b*(a/b) = a", C, R, "a = 1, b = 2: 2 * (1 / 2) = 0"),
    ("exists n : Z, n/0 = 0", R, C, "Int.ediv_zero"),
    ("exists a : Z, mod(a, 0) = 5", R, C, "Int.emod_zero: a % 0 = a"),
    ("forall x : R, sqrt(x)^2 = x", C, R, "Real.sqrt (-1) = 0, and 0 ≠ -1"),
    ("forall x : R, sqrt(x) = 0 -> x = 0", C, R, "Real.sqrt_eq_zero' : √x = 0 ↔ x ≤ 0"),
    ("exists x : R, x < 0 and sqrt(x) = 0", R, C, "Real.sqrt_eq_zero_of_nonpos"),
    ("exists x : R, sqrt(x) = 0 and x != 0", R, C, "x = -1"),
    ("forall x : R, sqrt(x) = sqrt(abs(x))", C, R, "x = -1: 0 ≠ 1"),
    ("forall x : R, sqrt(x) * sqrt(x) = abs(x)", C, R, "x = -1: 0 ≠ 1"),
    ("forall x y : R, sqrt(x*y) = sqrt(x)*sqrt(y)", C, R, "x = y = -1: √1 = 1 but 0 * 0 = 0"),
    ("exists x : R, x < 0 and log(x) = 0", R, C, "Real.log (-1) = Real.log 1 = 0"),
    ("exists x : R, x != 0 and log(x) = log(-x)", R, C, "Real.log_neg_eq_log"),
    ("forall x : R, exp(log(x)) = x", C, R, "Real.log 0 = 0 and exp 0 = 1 ≠ 0"),
    ("forall x : Q, x^(-1) * x = 1", C, R, "zpow: 0 ^ (-1) = 0⁻¹ = 0"),
    ("exists x : Q, x^(-2) = 0", R, C, "0 ^ (-2) = 0 in a field"),
    ("exists x : Q, x^(-1) = 0", R, C, "inv_zero"),
    ("forall A : Mat2(Q), A * inverse(A) = [[1, 0], [0, 1]]", C, R, "Matrix.inv of a singular matrix is 0"),
    ("forall A : Mat2(Q), det(inverse(A)) * det(A) = 1", C, R, "A = 0: det 0 * det 0 = 0"),
    ("forall A : Mat2(Q), inverse(inverse(A)) = A", C, R, "a singular nonzero A: (A⁻¹)⁻¹ = 0⁻¹ = 0 ≠ A"),
    ("exists A : Mat2(Q), inverse(A) = [[0, 0], [0, 0]]", R, C, "Matrix.nonsing_inv_eq_zero for det A = 0"),
    ("forall n : N, binomial(n - 1, n) = 0", None, R, "n = 0: Nat.choose 0 0 = 1"),
    ("forall n : N, factorial(n - 1) * n = factorial(n)", C, R, "n = 0: 0! * 0 = 0 ≠ 0! = 1"),
]


def test_table_is_large_and_differs() -> None:
    assert len(TABLE) >= 40
    assert all(e != m for _, e, m, _ in TABLE)


@pytest.mark.parametrize("text,under_exact,under_mathlib,why", TABLE, ids=[row[0] for row in TABLE])
def test_truth_differs_between_semantics(text: str, under_exact: str | None, under_mathlib: str, why: str) -> None:
    claim = parse(text)
    for semantics, want in (("exact", under_exact), ("mathlib", under_mathlib)):
        cert = decide(claim, 10, semantics=semantics)
        assert cert.semantics == semantics
        if want is None:  # true under exact but beyond the engines: never a wrong verdict
            assert cert.status != "refuted", (semantics, why)
            continue
        assert cert.status == want, (semantics, why, cert.reason)
        if cert.witness is not None:
            check = check_witness(claim, cert.witness, semantics=semantics)
            assert check.verified, (semantics, check.message)
            other = "exact" if semantics == "mathlib" else "mathlib"
            if (under_exact, under_mathlib) in ((C, R), (R, C)):
                # the witness of one reading is no witness of the other
                assert not check_witness(claim, cert.witness, semantics=other).verified


def test_exact_states_its_definedness_conditions() -> None:
    cert = decide("forall x : Q, x/x = 1", 10)
    assert cert.status == "certified" and cert.conditions == ("x ≠ 0",)
    assert cert.headline == "certified where defined (x ≠ 0)"
    data = cert.to_dict()
    assert data["semantics"] == "exact" and data["conditions"] == ["x ≠ 0"]
    assert data["headline"].startswith("certified where defined")


def test_no_condition_means_plain_certified() -> None:
    for text in ("forall x : Q, (x + 1)^2 = x^2 + 2*x + 1", "forall x : R, assume x > 0, 1/x > 0",
                 "forall x : R, sqrt(x^2 + 1) >= 1"):  # fmt: skip
        cert = decide(text, 10)
        assert cert.status == "certified" and cert.conditions == () and cert.headline == "certified", text


def test_mathlib_certificates_assume_nothing() -> None:
    cert = decide("forall x : Q, x/0 = 0", 10, semantics="mathlib")
    assert cert.status == "certified" and cert.conditions == () and cert.semantics == "mathlib"
    cert = decide("forall x y : Q, x/y = 0 -> x = 0 or y = 0", 10, semantics="mathlib")
    assert cert.status == "certified" and cert.method == "cases"
    assert [c["case"] for c in cert.evidence["cases"]] == ["y = 0", "y ≠ 0"]


@pytest.mark.parametrize(
    "text,reason",
    [
        ("forall n : N, |n| >= 0", "not an additive group"),
        ("forall n : N, floor(n) = n", "natural-number term"),
        ("forall n : Z, n^(-1) = 0", "zpow needs a field"),
        ("forall n : N, sum(k, 0, n, 1/(k - 1)) >= 0", "sum index 'k'"),
        ("forall n : N, n + 0.5 > n", "numeral 1/2"),
    ],
)
def test_no_faithful_reading_is_unknown(text: str, reason: str) -> None:
    cert = decide(text, 5, semantics="mathlib")
    assert cert.status == "unknown" and "no Mathlib-faithful reading" in (cert.reason or "")
    assert reason in (cert.reason or "")
    check = check_witness(text, {v: 1 for v in parse(text).variables}, semantics="mathlib")
    assert not check.verified and check.reason == "no_faithful_reading"


def test_witness_checks_follow_the_semantics() -> None:
    claim = "forall n m : N, n - m + m = n"
    assert check_witness(claim, "n=0,m=1", semantics="mathlib").verified
    assert not check_witness(claim, "n=0,m=1").verified
    assert check_witness("forall x : Q, x/x = 1", "x=0").reason == "division_by_zero"
    found = check_witness("forall x : Q, x/x = 1", "x=0", semantics="mathlib")
    assert found.verified and "x = 0" in found.message
    # a point outside the sort is rejected under either reading
    assert check_witness(claim, "n=-1,m=1", semantics="mathlib").reason == "outside_domain"


def test_equivalence_under_each_semantics() -> None:
    a, b = "forall x : Q, x/x = 1", "forall x : Q, x = x"
    exact = equivalent(a, b, 10)
    assert exact.status == "certified" and exact.conditions == ("x ≠ 0",)
    lean = equivalent(a, b, 10, semantics="mathlib")
    assert lean.status == "refuted" and lean.witness == {"x": "0"} and lean.semantics == "mathlib"
    same = equivalent("forall n m : N, n - m = 0 -> n <= m", "forall n m : N, n <= m -> n - m = 0", 10,
                      semantics="mathlib")  # fmt: skip
    assert same.status != "refuted"


def test_unknown_semantics_is_refused() -> None:
    assert SEMANTICS == ("exact", "mathlib") and check_semantics("mathlib") == "mathlib"
    with pytest.raises(ValueError, match="unknown semantics"):
        decide("forall x : Q, x = x", semantics="lean")


def test_lowering_partitions_the_domain() -> None:
    low = lower(parse("forall x y : Z, x/y*y + mod(x, y) = x"))
    assert low.reason is None
    assert [tuple(map(str, b.splits)) for b in low.branches] == [
        ("Rel(op='=', left=Var(name='y', sort=Sort(kind='Z', n=0)), right=Num(value=Fraction(0, 1)))",),
        ("Rel(op='!=', left=Var(name='y', sort=Sort(kind='Z', n=0)), right=Num(value=Fraction(0, 1)))",
         "Rel(op='>', left=Var(name='y', sort=Sort(kind='Z', n=0)), right=Num(value=Fraction(0, 1)))"),
        ("Rel(op='!=', left=Var(name='y', sort=Sort(kind='Z', n=0)), right=Num(value=Fraction(0, 1)))",
         "Rel(op='<=', left=Var(name='y', sort=Sort(kind='Z', n=0)), right=Num(value=Fraction(0, 1)))"),
    ]  # fmt: skip


def test_lean_export_under_mathlib_is_the_statement_as_written() -> None:
    assert to_lean_mathlib(parse("forall x : Q, x/x = 1")) == "∀ x : ℚ, ((x / x) : ℚ) = (1 : ℚ)"
    assert to_lean_mathlib(parse("forall n m : N, n - m + m = n")) == "∀ n m : ℕ, (((n - m) + m) : ℕ) = n"
    text = to_lean_mathlib(parse("forall x : R, assume x >= 0, sqrt(x)^2 = x"))
    assert text == "∀ x : ℝ, x ≥ (0 : ℝ) → (((Real.sqrt x) ^ 2) : ℝ) = x"
    # exact adds the definedness hypotheses, mathlib does not
    from pyverify.logic import to_lean

    assert "x ≠ (0 : ℚ) →" in to_lean(parse("forall x : Q, x/x = 1"))
    assert "≠" not in to_lean_mathlib(parse("forall x : Q, x/x = 1"))


def test_json_records_semantics_through_the_cli() -> None:
    from typer.testing import CliRunner

    from pyverify.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["certify", "--json", "--semantics", "mathlib", "forall x : Q, x/x = 1"])
    assert out.exit_code == 1
    data = json.loads(out.stdout)
    assert data["semantics"] == "mathlib" and data["witness"] == {"x": "0"}
    out = runner.invoke(app, ["certify", "forall x : Q, x/x = 1"])
    assert out.exit_code == 0 and out.stdout.splitlines()[0].startswith("certified where defined (x ≠ 0)")
    out = runner.invoke(app, ["certify", "--semantics", "lean", "forall x : Q, x = x"])
    assert out.exit_code == 2 and "unknown semantics" in out.output and "Traceback" not in out.output
    out = runner.invoke(app, ["check-witness", "--semantics", "mathlib", "forall n m : N, n - m + m = n", "--at",
                              "n=0,m=1"])  # fmt: skip
    assert out.exit_code == 0 and out.stdout.startswith("verified")


# ---------------------------------------------------------------- soundness under mathlib (property)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pyverify.logic import Binder, Claim  # noqa: E402
from tests.strategies import ALL_VARS, formulas  # noqa: E402

_POINTS = {"N": ["0", "1", "3"], "Z": ["-2", "0", "1"], "Q": ["-1", "0", "1/2", "2"], "R": ["-1", "0", "1/2", "2"]}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(["x", "y", "n"]), min_size=1, max_size=2, unique=True).flatmap(
        lambda names: st.tuples(st.just(sorted(names)), formulas(tuple(sorted(names))))
    )
)
def test_mathlib_verdicts_survive_their_own_checks(case) -> None:  # type: ignore[no-untyped-def]
    import itertools

    names, body = case
    claim = Claim(tuple(Binder("forall", (n,), ALL_VARS[n]) for n in names), (), body)
    cert = decide(claim, 3, isolate=False, semantics="mathlib")
    assert "engine error" not in (cert.reason or ""), cert
    assert cert.conditions == ()
    if cert.status == "refuted" and cert.witness is not None:
        assert check_witness(claim, cert.witness, semantics="mathlib").verified, cert
    if cert.status == "certified":
        grids = [_POINTS[ALL_VARS[n].kind] for n in names]
        for values in itertools.product(*grids):
            point = dict(zip(names, values))
            assert not check_witness(claim, point, semantics="mathlib").verified, (cert, point)


def test_equiv_and_build_take_the_option_on_the_command_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from pyverify.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["equiv", "--semantics", "mathlib", "forall x : Q, x/x = 1", "forall x : Q, x = x"])
    assert out.exit_code == 1 and out.stdout.startswith("refuted") and "semantics: mathlib" in out.stdout
    out = runner.invoke(app, ["equiv", "forall x : Q, x/x = 1", "forall x : Q, x = x"])
    assert out.exit_code == 0 and out.stdout.startswith("certified where defined (x ≠ 0)")
    out = runner.invoke(app, ["build", "--semantics", "nonsense"])
    assert out.exit_code == 2 and "unknown semantics 'nonsense'" in out.output


def test_a_stopped_engine_still_names_the_semantics() -> None:
    # a claim whose sympy/z3 work outlasts a tiny deadline: the worker is stopped, the answer is unknown
    hard = "forall x y z : R, (x^7 + y^7 + z^7)^3 >= (x^3 + y^3 + z^3)^7 / 3^12"
    cert = decide(hard, 0.2, semantics="mathlib")
    assert cert.semantics == "mathlib"
    assert cert.status in ("unknown", "refuted")


def test_a_reading_with_too_many_cases_is_a_resource_limit_not_a_verdict() -> None:
    text = "forall x : Q, " + " + ".join(f"1/(x - {i})" for i in range(30)) + " >= 0"
    cert = decide(text, 5, semantics="mathlib")
    assert cert.status == "unknown" and (cert.reason or "").startswith("resource limit: ")
    assert check_witness(text, "x=0", semantics="mathlib").reason == "too_large"
    assert to_lean_mathlib(parse(text)).startswith("∀ x : ℚ, ")  # it can still be written down
