"""Reading Lean 4 / Mathlib statements into claims: the fragment, the Mathlib meaning, the round trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pyverify.catalog._load import load_catalog
from pyverify.certify._engine import decide_local, equivalent, equivalent_local
from pyverify.cli import app
from pyverify.lean._read import CLASSES, NotLean, OutsideFragment, read_statement
from pyverify.logic import parse, to_lean, to_lean_mathlib, to_text
from pyverify.logic._semantics import Unsupported
from tests.strategies import claims

FORMINV = Path(__file__).resolve().parents[3] / "shared" / "data" / "forminv" / "forminv_v3_103.jsonl"


def read(text: str) -> list[str]:
    return [to_text(i.claim) for i in read_statement(text).instances]


def one(text: str) -> str:
    (claim,) = read(text)
    return claim


# ---------------------------------------------------------------- the fragment


@pytest.mark.parametrize(
    ("lean", "claim"),
    [
        ("theorem Nat.gcd_comm : ∀ (m n : ℕ), Nat.gcd m n = Nat.gcd n m", "forall m n : N, gcd(m, n) = gcd(n, m)"),
        ("theorem Nat.Prime.two_le : ∀ {p : ℕ}, p.Prime → 2 ≤ p", "forall p : N, assume prime(p), 2 <= p"),
        ("lemma l ⦃a b : ℤ⦄ (h : b ≠ 0) : a % b < |b|", "forall a b : Z, assume b != 0, mod(a, b) < abs(b)"),
        ("theorem t (n : ℕ) : Nat.lcm n 1 = n", "forall n : N, lcm(n, 1) = n"),
        ("theorem t (n : ℕ) : 0 < n !", "forall n : N, 0 < factorial(n)"),
        ("theorem t (n : ℕ) : (n + 1)! = (n + 1) * n !", "forall n : N, factorial(n + 1) = (n + 1)*factorial(n)"),
        (
            "theorem t {n k : ℕ}, k ≤ n → Nat.choose n (n - k) = Nat.choose n k".replace(",", " :", 1),
            "forall n k : N, assume k <= n, binomial(n, n - k) = binomial(n, k)",
        ),
        ("theorem t (n k : ℕ) : n.choose k = n.choose k", "forall n k : N, binomial(n, k) = binomial(n, k)"),
        ("theorem t (x : ℝ) (hx : 0 ≤ x) : √x * √x = x", "forall x : R, assume 0 <= x, sqrt(x)*sqrt(x) = x"),
        ("theorem t (x : ℝ) : 0 ≤ Real.sqrt x", "forall x : R, 0 <= sqrt(x)"),
        (
            "theorem t (n : ℕ) : ∑ i ∈ Finset.range (n + 1), (i : ℚ) = n * (n + 1) / 2",
            "forall n : N, sum(i, 0, n, (i : Q)) = n*(n + 1)/2",
        ),
        (
            "theorem t (n : ℕ) : Finset.sum (Finset.range n) (fun i => 2 * i + 1) = n ^ 2",
            "forall n : N, sum(i, 0, n - 1, 2*i + 1) = n^2",
        ),
        ("theorem t (a b : ℕ) : ∑ i ∈ Finset.Icc a b, i ≥ 0", "forall a b : N, sum(i, a, b, i) >= 0"),
        (
            "theorem t : ∀ A : Matrix (Fin 2) (Fin 2) ℚ, Matrix.det Aᵀ = Matrix.det A",
            "forall A : Mat2(Q), det(transpose(A)) = det(A)",
        ),
        (
            "theorem t (A B : Matrix (Fin 2) (Fin 2) ℚ) : (A * B).det = A.det * B.det",
            "forall A B : Mat2(Q), det(A*B) = det(A)*det(B)",
        ),
        (
            "theorem t (A : Matrix (Fin 2) (Fin 2) ℚ) (h : A.det ≠ 0) : A * A⁻¹ = 1",
            "forall A : Mat2(Q), assume det(A) != 0, A*inverse(A) = [[1, 0], [0, 1]]",
        ),
        ("theorem t (n : ℕ) : (n : ℤ) - 1 < n", "forall n : N, (n : Z) - 1 < n"),
        ("theorem t (n : ℕ) : (n - 1 : ℤ) < n", "forall n : N, (n : Z) - 1 < n"),
        ("theorem t (n : ℕ) : ↑n - (1 : ℤ) < ↑n", "forall n : N, (n : Z) - (1 : Z) < (n : Z)"),
        ("theorem t (a b : ℕ) : ((a - b : ℕ) : ℤ) ≥ 0", "forall a b : N, (a - b : Z) >= 0"),
        ("theorem t : (2 : ℝ) / 4 = 1 / 2", "(2 : R)/4 = 1/2"),
        ("theorem Nat.not_prime_one : ¬Nat.Prime 1", "not prime(1)"),
        ("theorem t : ∃ n : ℕ, n > 3 ∧ Nat.Prime n", "exists n : N, n > 3 and prime(n)"),
        ("theorem t : ∃ x : ℚ, ∀ y : ℚ, x ≤ y ^ 2", "exists x : Q, forall y : Q, x <= y^2"),
        (
            "theorem t : ∀ ε > (0 : ℝ), ∃ δ : ℝ, 0 < δ ∧ δ < ε",
            "forall ε : R, exists δ : R, assume ε > (0 : R), 0 < δ and δ < ε",
        ),
        ("theorem t : ¬ ∃ n : ℕ, n < 0", "forall n : N, not n < 0"),
        (
            "theorem t (a b : ℕ) (h : Nat.Coprime a b) : Nat.gcd a b = 1",
            "forall a b : N, assume coprime(a, b), gcd(a, b) = 1",
        ),
        ("theorem t (a : ℤ) : Even a ∨ Odd a ↔ True", "forall a : Z, even(a) or odd(a) <-> true"),
        ("theorem t (a : ℤ) : IsSquare (a ^ 2)", "forall a : Z, square(a^2)"),
        ("theorem t (x : ℚ) : ⌊x⌋ ≤ x", "forall x : Q, floor(x) <= x"),
        ("theorem t (x : ℝ) : max x 0 ≥ 0 ∧ min x 0 ≤ 0", "forall x : R, max(x, 0) >= 0 and min(x, 0) <= 0"),
        ("theorem Real.abs_abs : ∀ (a : ℝ), ||(a)|| = |a|", "forall a : R, abs(abs(a)) = abs(a)"),
        ("theorem t (a b : ℕ) : Nat.succ a > a", "forall a b : N, a + 1 > a"),
        (
            "theorem t (u : ℕ → ℚ) (n : ℕ) : u (n + 1) = u (n + 1)",
            "forall u : Seq(Q), forall n : N, u(n + 1) = u(n + 1)",
        ),
    ],
)
def test_reads_the_fragment(lean: str, claim: str) -> None:
    assert one(lean) == claim


def test_header_forms_proofs_comments_and_attributes() -> None:
    expected = "forall n : N, assume n >= 1, 2^n >= n + 1"
    assert one("theorem t (n : ℕ) (h : n ≥ 1) : 2 ^ n ≥ n + 1 := by induction n <;> simp") == expected
    assert one("lemma t (n : ℕ) (h : n ≥ 1) : 2 ^ n ≥ n + 1 := by\n  omega") == expected
    assert one("/- doc -/ @[simp] theorem t (n : ℕ) -- the number\n (h : n ≥ 1) : 2 ^ n ≥ n + 1") == expected
    assert one("example (n : ℕ) (h : n ≥ 1) : 2 ^ n ≥ n + 1") == expected
    assert one("∀ n : ℕ, n ≥ 1 → 2 ^ n ≥ n + 1") == expected  # a bare proposition
    assert read_statement("theorem Nat.zero_le : ∀ (n : ℕ), 0 ≤ n").name == "Nat.zero_le"


def test_nested_quantifiers_after_a_hypothesis_are_pulled_out() -> None:
    lean = "theorem Nat.Prime.eq_one_or_self_of_dvd : ∀ {p : ℕ}, p.Prime → ∀ (a : ℕ), a ∣ p → a = 1 ∨ a = p"
    assert one(lean) == "forall p a : N, assume prime(p), assume a | p, a = 1 or a = p"
    # the same name bound twice stays two variables
    assert one("theorem t : ∀ x : ℕ, x = x → ∀ x : ℕ, x ≥ 0") == "forall x x2 : N, assume x = x, x2 >= 0"


def test_generic_statements_are_read_at_every_type_with_an_instance() -> None:
    reading = read_statement("theorem mul_zero : ∀ {M₀ : Type u_1} [inst : MulZeroClass M₀] (a : M₀), a * 0 = 0")
    assert [i.label for i in reading.instances] == ["M₀ := ℕ", "M₀ := ℤ", "M₀ := ℚ", "M₀ := ℝ"]
    assert all(i.is_consequence and i.classes == ("MulZeroClass",) for i in reading.instances)
    assert to_text(reading.instances[1].claim) == "forall a : Z, a*0 = 0"
    # an additive group: not ℕ; a division ring: ℚ and ℝ only; several classes: their common instances
    assert len(read("theorem sub_self : ∀ {G : Type u_1} [inst : AddGroup G] (a : G), a - a = 0")) == 3
    assert read("theorem t {α : Type*} [DivisionRing α] {a : α} (h : a ≠ 0) : a / a = 1") == [
        "forall a : Q, assume a != 0, a/a = 1", "forall a : R, assume a != 0, a/a = 1"]  # fmt: skip
    assert len(read("theorem t {R : Type*} [CommSemiring R] [NoZeroDivisors R] [Neg R] (a : R) : a = a")) == 3
    concrete = read_statement("theorem t (a : ℤ) : a = a").instances[0]
    assert not concrete.is_consequence and concrete.label == ""


def test_each_instance_is_true_under_mathlib() -> None:
    # instances are consequences of Mathlib theorems: the engine must never refute one
    for text in ("theorem add_comm : ∀ {G : Type u_1} [inst : AddCommMonoid G] (a b : G), a + b = b + a",
                 "theorem abs_add : ∀ {α : Type u_1} [inst : LinearOrderedAddCommGroup α] (a b : α), |a + b| ≤ |a| + |b|",
                 "theorem inv_mul_cancel₀ : ∀ {α : Type u_1} [inst : GroupWithZero α] {a : α}, a ≠ 0 → a⁻¹ * a = 1"):  # fmt: skip
        for instance in read_statement(text).instances:
            assert decide_local(instance.claim, 5, 0, "mathlib").status == "certified", (text, instance.label)


@pytest.mark.parametrize(
    ("lean", "construct"),
    [
        ("theorem Set.inter_empty : ∀ {α : Type u_1} (s : Set α), s ∩ ∅ = ∅", "the type Set α"),
        (
            "theorem mul_inv_cancel : ∀ {G : Type u_1} [inst : Group G] (a : G), a * a⁻¹ = 1",
            "Group (no instance among ℕ ℤ ℚ ℝ)",
        ),
        ("theorem t {X : Type*} [TopologicalSpace X] (s : Set X) : IsOpen s ∨ True", "the class TopologicalSpace"),
        ("theorem neg_zero : -(0 : G) = 0", "the type G (a type variable without a binder)"),
        ("theorem List.length_nil : List.length ([] : List α) = 0", "'List.length'"),
        ("theorem t (p q : R[X]) : p = q", "the type R[X]"),
        ("theorem t (x : ℝ) : x ^ (2 : ℝ) = x ^ 2", "a power with an exponent in ℝ (rpow)"),
        ("theorem t (f : ℕ → ℕ) : f 0 = f 0", "the function type ℕ → ℕ"),
        ("theorem t (n : ℕ) : n ∈ Set.univ", "membership '∈'"),
        ("theorem t : ∃! n : ℕ, n = 0", "∃! (unique existence)"),
        ("theorem t (n : ℕ) : ∏ i ∈ Finset.range n, (i + 1) = n !", "∏ (finite products)"),
        ("theorem t (n : ℕ) : ∑ i ∈ Finset.range n, (i - 1) = 0", "ℕ subtraction or division inside a ∑ over ℕ"),
        ("theorem t (x : ℝ) : (∀ y : ℝ, y = y) ∧ x = x", "a quantifier inside a connective (not in prenex position)"),
        ("theorem t : ∃ n > 3, Nat.Prime n", "a binder whose type Lean infers from its use (n > …)"),
    ],
)
def test_outside_the_fragment_names_the_construct(lean: str, construct: str) -> None:
    with pytest.raises(OutsideFragment) as caught:
        read_statement(lean)
    assert caught.value.construct == construct
    assert str(caught.value).startswith(f"outside the fragment: {construct}")


def test_outside_positions_point_at_the_construct() -> None:
    text = "theorem t (x : ℝ) : x ^ (2 : ℝ) = x ^ 2"
    with pytest.raises(OutsideFragment) as caught:
        read_statement(text)
    assert text[caught.value.pos :].startswith("(2 : ℝ)")
    assert f"at column {caught.value.pos + 1}" in str(caught.value)


@pytest.mark.parametrize(
    "text",
    ["this is not a statement", "", "   ", "theorem", "theorem t", "theorem t (n : ℕ) : n +", "theorem t : (1 = 1",
     "theorem t (n : ℕ : n = n", "/- unterminated", "theorem t : |1 = 1", "⟪⟫", "theorem t : 1 = 1 )",
     "theorem t : " + "(" * 5000 + "1" + ")" * 5000 + " = 1", "x" * 30_000, "theorem t : __import__('os') = 1",
     "\x00\x01 theorem"],
)  # fmt: skip
def test_text_that_is_not_lean_is_refused_cleanly(text: str) -> None:
    with pytest.raises((NotLean, OutsideFragment)):
        read_statement(text)
    if text.strip() in ("this is not a statement", "", "theorem t", "theorem t (n : ℕ) : n +"):
        with pytest.raises(NotLean):
            read_statement(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="theorm :()∀∃{}[]ℕℤℝ→↔∧∨¬=≤<+-*/^|!⁻¹∑∈,.nxyab012 ", max_size=80))
def test_any_text_is_read_or_refused_never_crashes(text: str) -> None:
    try:
        reading = read_statement(text)
    except (NotLean, OutsideFragment):
        return
    for instance in reading.instances:  # whatever is read is a claim pyverify accepts as it is
        assert parse(to_text(instance.claim)) == instance.claim


# ---------------------------------------------------------------- the Mathlib meaning


@pytest.mark.parametrize(
    ("lean", "status"),
    [
        ("theorem t (n : ℕ) : n - 1 < n", "refuted"),  # 0 - 1 = 0 in ℕ
        ("theorem t (n : ℕ) : (n - 1 : ℤ) < n", "certified"),  # the ascription makes it ℤ subtraction
        ("theorem t (n : ℕ) : ((n - 1 : ℕ) : ℤ) < n", "refuted"),  # ℕ subtraction, then cast
        ("theorem t (n : ℕ) : n / 2 * 2 = n", "refuted"),  # ℕ division
        ("theorem t (n : ℕ) : (n : ℚ) / 2 * 2 = n", "certified"),
        ("theorem t (x : ℝ) : x / 0 = 0", "certified"),  # Lean's x / 0 = 0
        ("theorem t : (-7 : ℤ) % 2 = 1", "certified"),  # Int.emod: the remainder is never negative
        ("theorem t : (7 : ℤ) / 2 = 3", "certified"),
        ("theorem t : (-7 : ℤ) / 2 = -4", "certified"),  # Int.ediv rounds toward -∞ for b > 0
        ("theorem t (x : ℝ) : Real.sqrt (x ^ 2) = |x|", "certified"),
        ("theorem t : Real.sqrt (-1) = 0", "certified"),
    ],
)
def test_the_reading_is_lean_s(lean: str, status: str) -> None:
    (instance,) = read_statement(lean).instances
    assert decide_local(instance.claim, 5, 0, "mathlib").status == status


def test_forminv_statements_read_are_never_refuted() -> None:
    if not FORMINV.is_file():
        pytest.skip(f"{FORMINV} not present")
    statements = {json.loads(line)["lean4_statement"] for line in FORMINV.read_text(encoding="utf-8").splitlines()}
    read_count = 0
    for text in sorted(statements):
        try:
            reading = read_statement(text)
        except OutsideFragment:
            continue
        read_count += 1
        for instance in reading.instances:
            assert decide_local(instance.claim, 3, 0, "mathlib").status != "refuted", (text, instance.label)
    assert read_count >= 70  # 72 of FormInv's 103 theorems are in the fragment


# ---------------------------------------------------------------- the round trip


def _round_trip(claim, render, semantics, isolate=False):  # type: ignore[no-untyped-def]
    try:
        text = render(claim)
    except Unsupported:
        return None
    (instance,) = read_statement(text).instances
    if isolate:  # random claims can reach engine paths without a cooperative deadline
        return equivalent(claim, instance.claim, 2, semantics=semantics).status
    return equivalent_local(claim, instance.claim, 2, 0, semantics).status


def test_catalog_claims_round_trip_through_both_lean_renderings() -> None:
    statements = [s for t in load_catalog() for s in (t.statement, *(x.statement for x in t.siblings))]
    for render, semantics in ((to_lean, "exact"), (to_lean_mathlib, "mathlib")):
        statuses = [_round_trip(c, render, semantics) for c in statements]
        decided = [s for s in statuses if s is not None]
        assert "refuted" not in decided
        assert decided.count("certified") >= 0.98 * len(decided), render.__name__


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(claims(casts=True))
def test_generated_claims_round_trip(claim) -> None:  # type: ignore[no-untyped-def]
    # the Mathlib rendering states pyverify's own carriers, so it always reads back
    assert _round_trip(claim, to_lean_mathlib, "mathlib", isolate=True) != "refuted", to_text(claim)
    # the exact rendering casts whole trees (`(∑ … : ℤ)` inside ℝ), which the fragment may not express
    try:
        status = _round_trip(claim, to_lean, "exact", isolate=True)
    except OutsideFragment:
        return
    assert status != "refuted", to_text(claim)


def test_the_class_table_only_names_number_systems() -> None:
    assert all(set(types) <= {"ℕ", "ℤ", "ℚ", "ℝ"} for types in CLASSES.values())
    assert CLASSES["Group"] == () and "ℕ" not in CLASSES["AddGroup"] and CLASSES["Field"] == ("ℚ", "ℝ")


# ---------------------------------------------------------------- the command


def test_lean_read_command_exit_codes() -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["lean", "read", "theorem Nat.gcd_comm : ∀ (m n : ℕ), Nat.gcd m n = Nat.gcd n m"])
    assert ok.exit_code == 0 and ok.stdout.strip() == "∀ m n : ℕ, gcd(m, n) = gcd(n, m)"
    generic = runner.invoke(
        app, ["lean", "read", "theorem mul_zero : ∀ {M₀ : Type u_1} [inst : MulZeroClass M₀] (a : M₀), a * 0 = 0"]
    )
    assert generic.exit_code == 0 and generic.stdout.splitlines()[1] == "[M₀ := ℤ] ∀ a : ℤ, a * 0 = 0"
    outside = runner.invoke(app, ["lean", "read", "theorem Set.inter_empty : ∀ {α : Type u_1} (s : Set α), s ∩ ∅ = ∅"])
    assert outside.exit_code == 3 and "outside the fragment: the type Set α at column 49" in outside.output
    bad = runner.invoke(app, ["lean", "read", "this is not a statement"])
    assert bad.exit_code == 2 and bad.output.startswith("error: not a Lean statement") and "Traceback" not in bad.output
    as_json = runner.invoke(app, ["lean", "read", "--json", "theorem t (n : ℕ) : (n - 1 : ℤ) < n"])
    row = json.loads(as_json.stdout)
    assert row["status"] == "read" and row["instances"][0]["claim"] == "forall n : N, (n : Z) - 1 < n"
    out_json = runner.invoke(app, ["lean", "read", "--json", "theorem t (s : Set ℕ) : s = s"])
    assert out_json.exit_code == 3 and json.loads(out_json.stdout)["construct"] == "the type Set ℕ"
    stdin = runner.invoke(app, ["lean", "read", "-"], input="theorem t (a : ℤ) : a = a\n")
    assert stdin.exit_code == 0 and stdin.stdout.strip() == "∀ a : ℤ, a = a"


def test_a_bare_truth_value_is_a_statement() -> None:
    # found by the round-trip property: the claim `False` is written `False` and must read back
    for text in ("False", "True", "example : False"):
        assert read_statement(text).instances


def test_prefix_minus_reads_its_operand_as_lean_does() -> None:
    # Lean's `prefix:75 "-"`: -x ^ 2 is -(x ^ 2) (^ binds inside the minus), -a * b is (-a) * b
    from pyverify.logic import parse

    pairs = [("theorem t (m : ℤ) : -(-m ^ 0) = -1 := by sorry", "forall m : Z, -(-(m^0)) = -1"),
             ("theorem t (x : ℝ) : -x ^ 2 ≤ 0 := by sorry", "forall x : R, -(x^2) <= 0"),
             ("theorem t (a b : ℤ) : -a * b = -(a * b) := by sorry", "forall a b : Z, (-a) * b = -(a * b)")]  # fmt: skip
    for lean, ours in pairs:
        assert read_statement(lean).instances[0].claim == parse(ours), lean


def test_a_matrix_where_a_number_belongs_is_refused_not_a_crash() -> None:
    with pytest.raises(NotLean):
        read_statement("theorem t (A B C : Matrix (Fin 2) (Fin 2) ℚ) : (A +√ B) * C = A * C := by sorry")
