"""The semantics cross-check of `pyverify audit self`: generator, reference evaluator, cross-check."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from pyverify.audit import _semantics_check as sc
from pyverify.logic import parse


def _value(claim_text: str, point: dict[str, int | Fraction], semantics: str):
    """The value of the body's left side, computed at the relation's carrier (as Lean types it)."""
    claim = parse(claim_text)
    body = claim.body
    carrier = sc._carrier(body.left, body.right) if semantics == "mathlib" else None
    return sc.term_value(body.left, point, semantics, carrier)


# (claim whose body's left side is evaluated, point, value under mathlib, value under exact or None = undefined)
CONVENTIONS = [
    # ℕ subtraction truncates; ℤ/ℚ subtraction does not
    ("forall a b : N, a - b = 0", {"a": 5, "b": 7}, 0, -2),
    ("forall a b : Z, a - b = 0", {"a": 5, "b": 7}, -2, -2),
    # ℕ and ℤ division: Nat.div and Int.ediv (x / 0 = 0)
    ("forall a b : N, a / b = 0", {"a": 7, "b": 2}, 3, Fraction(7, 2)),
    ("forall a b : N, a / b = 0", {"a": 7, "b": 0}, 0, None),
    ("forall a b : Z, a / b = 0", {"a": 7, "b": 2}, 3, Fraction(7, 2)),
    ("forall a b : Z, a / b = 0", {"a": -7, "b": 2}, -4, Fraction(-7, 2)),
    ("forall a b : Z, a / b = 0", {"a": 7, "b": -2}, -3, Fraction(-7, 2)),
    ("forall a b : Z, a / b = 0", {"a": -7, "b": -2}, 4, Fraction(7, 2)),
    ("forall a b : Z, a / b = 0", {"a": 6, "b": -3}, -2, -2),
    ("forall a b : Z, a / b = 0", {"a": 7, "b": 0}, 0, None),
    # fields: x / 0 = 0
    ("forall x : Q, x / 0 = 1", {"x": 3}, 0, None),
    ("forall x y : R, x / y = 1", {"x": 3, "y": 4}, Fraction(3, 4), Fraction(3, 4)),
    # the carrier is the join of the relation's leaves: with a ℚ leaf, n / 2 is rational
    ("forall (n : N) (y : Q), n / 2 = y", {"n": 7, "y": 0}, Fraction(7, 2), Fraction(7, 2)),
    ("forall (n : N) (m : N), n / 2 = m", {"n": 7, "m": 0}, 3, Fraction(7, 2)),
    ("forall (n : N) (z : Z), n - 3 = z", {"n": 1, "z": 0}, -2, -2),
    ("forall n : N, 2^n - 5 >= 0", {"n": 1}, 0, -3),
    ("forall n : N, 1/2 + n = 0", {"n": 1}, 1, Fraction(3, 2)),
    # sqrt and log: total, arguments read in ℝ
    ("forall x : R, sqrt(x) = 0", {"x": -4}, 0, None),
    ("forall x : R, sqrt(x) = 0", {"x": 4}, 2, 2),
    ("forall n : N, sqrt(n - 5) = 0", {"n": 1}, 0, None),
    ("forall x : R, log(x) = 0", {"x": 0}, 0, None),
    ("forall x : R, log(-exp(x)) = x", {"x": 1}, 1, None),
    ("forall x : R, log(x) = 0", {"x": 1}, 0, 0),
    # mod (Lean's %): Euclidean, a % 0 = a
    ("forall a b : Z, mod(a, b) = 0", {"a": -7, "b": 3}, 2, 2),
    ("forall a b : Z, mod(a, b) = 0", {"a": 7, "b": -3}, 1, 1),
    ("forall a b : Z, mod(a, b) = 0", {"a": -7, "b": -3}, 2, 2),
    ("forall a b : Z, mod(a, b) = 0", {"a": 7, "b": 0}, 7, None),
    ("forall a b : N, mod(a, b) = 0", {"a": 7, "b": 0}, 7, None),
    # powers: 0^0 = 1; a negative power of 0 is 0 (zpow); exponents have their own carrier (ℕ here)
    ("forall x : N, x^0 = 0", {"x": 0}, 1, 1),
    ("forall x : Q, x^(-1) = 0", {"x": 0}, 0, None),
    ("forall x : Q, x^(-2) = 0", {"x": 2}, Fraction(1, 4), Fraction(1, 4)),
    ("forall (x : Q) (n : N), x^(n - 3) = 0", {"x": 2, "n": 1}, 1, Fraction(1, 4)),
    # factorial and binomial: ℕ arguments (truncated subtraction inside), choose n k = 0 for k > n
    ("forall n : N, factorial(n - 1) = 0", {"n": 0}, 1, None),
    ("forall n : N, factorial(n) = 0", {"n": 5}, 120, 120),
    ("forall n k : N, binomial(n, k) = 0", {"n": 2, "k": 5}, 0, 0),
    ("forall n k : N, binomial(n, k) = 0", {"n": 5, "k": 2}, 10, 10),
    ("forall n k : N, binomial(n - 3, k) = 0", {"n": 1, "k": 0}, 1, None),
    # gcd and lcm are non-negative; gcd 0 0 = 0
    ("forall a b : Z, gcd(a, b) = 0", {"a": 0, "b": 0}, 0, 0),
    ("forall a b : Z, gcd(a, b) = 0", {"a": -4, "b": 6}, 2, 2),
    ("forall a b : Z, lcm(a, b) = 0", {"a": -4, "b": 6}, 12, 12),
    ("forall a b : N, gcd(a - b, 6) = 0", {"a": 1, "b": 5}, 6, 2),
    # floor: its argument at its own carrier
    ("forall x : Z, floor(x/2) = 0", {"x": -7}, -4, -4),
    ("forall x : Q, floor(x/2) = 0", {"x": -7}, -4, -4),
    ("forall (x : Z) (y : Q), floor(x/2) + y = 0", {"x": 7, "y": Fraction(1, 2)}, Fraction(7, 2), Fraction(7, 2)),
    ("forall (x : Q) (z : Z), floor(z/2 + x) = 0", {"x": Fraction(1, 2), "z": 3}, 2, 2),
    # abs, min, max: at the surrounding carrier
    ("forall x : Z, abs(x) = 0", {"x": -3}, 3, 3),
    ("forall (x : N) (y : Z), min(x - 3, y) = 0", {"x": 1, "y": 5}, -2, -2),
    ("forall (x : N) (y : N), min(x - 3, y) = 0", {"x": 1, "y": 5}, 0, -2),
    # a negation makes its tree (at least) ℤ, so the subtraction beside it is not truncated
    ("forall n m : N, -n + m = 0", {"n": 3, "m": 1}, -2, -2),
    ("forall n m : N, n - m + (-0) = 0", {"n": 1, "m": 3}, -2, -2),
    ("forall n m : N, n - m + 0 = 0", {"n": 1, "m": 3}, 0, -2),
    # factorial and binomial of an integer term: Int.toNat of it
    ("forall z : Z, factorial(z) = 0", {"z": -3}, 1, None),
    ("forall z : Z, binomial(z, 0) = 0", {"z": -3}, 1, None),
    # sums: bounds read in ℤ, the index is an integer leaf
    ("forall n : N, sum(k, 0, n - 1, k + 1) = 0", {"n": 0}, 0, 0),
    ("forall n : N, sum(k, 1, 3, k/2) = n", {"n": 0}, 2, 3),
    ("forall x : Q, sum(k, 1, 3, k/2) = x", {"x": 0}, 3, 3),
    ("forall n : N, sum(k, 1, n, 2*k - 1) = 0", {"n": 4}, 16, 16),
]


@pytest.mark.parametrize(("text", "point", "mathlib", "exact"), CONVENTIONS)
def test_each_convention(text, point, mathlib, exact):
    assert _value(text, point, "mathlib") == mathlib, text
    if exact is None:
        with pytest.raises(sc.Skip) as info:
            _value(text, point, "exact")
        assert info.value.kind == "undefined"
    else:
        assert _value(text, point, "exact") == exact, text


@pytest.mark.parametrize(
    ("text", "point", "exact", "mathlib"),
    [
        ("forall n m : N, n - m + m = n", {"n": 0, "m": 1}, True, False),
        ("forall x : Q, x/x = 1", {"x": 0}, None, False),
        ("forall x : R, sqrt(x)^2 = x", {"x": -1}, None, False),
        ("forall x : R, log(x^2) = 2*log(x)", {"x": Fraction(3, 2)}, True, True),
        ("forall x : R, log(x^2) = 2*log(x)", {"x": -2}, None, True),
        ("forall x : R, exp(log(x)) = x", {"x": -1}, None, False),
        ("forall x : R, sqrt(2*x)*sqrt(3*x) = sqrt(6)*x", {"x": 1}, True, True),
        ("forall x : R, sqrt(x) < 3/2", {"x": 2}, True, True),
        ("forall x y : Z, x = y*(x/y) + mod(x, y)", {"x": -7, "y": -2}, False, True),
        ("forall x y : Z, x = y*(x/y) + mod(x, y)", {"x": 5, "y": 0}, None, True),
        # every sub-formula is evaluated under exact: undefined anywhere skips the point
        ("forall x : Q, x = 0 or 1/x != 0", {"x": 0}, None, True),
        ("forall x : Q, assume x != 0, x/x = 1", {"x": 0}, None, True),
        ("forall n : Z, even(n - 1) -> odd(n)", {"n": 0}, True, True),
        ("forall n : N, even(n - 1) -> odd(n)", {"n": 0}, True, False),
        ("forall n : N, prime(n - 1) -> n >= 3", {"n": 3}, True, True),
        ("forall n : Z, square(n)", {"n": -4}, False, False),
        ("forall a b : N, coprime(a - b, 2)", {"a": 1, "b": 2}, True, False),
        ("forall a b : Z, 0 | a - b", {"a": 3, "b": 3}, True, True),
        ("exists x : Q, 1/x = 0", {"x": 0}, None, True),
    ],
)
def test_truth_at_a_point(text, point, exact, mathlib):
    claim = parse(text)
    for semantics, want in (("exact", exact), ("mathlib", mathlib)):
        if want is None:
            with pytest.raises(sc.Skip):
                sc.truth_at(claim, point, semantics)
        else:
            assert sc.truth_at(claim, point, semantics)[1] is want, (text, semantics)


@pytest.mark.parametrize(
    ("text", "readable"),
    [
        ("forall n : N, abs(n) = n", False),
        ("forall n : N, abs(n) - 1 = n", False),
        ("forall n : N, floor(n/2) <= n", False),
        ("forall (n : N) (x : Q), mod(n, 2) = x", False),
        ("forall z : Z, z^z >= 0", False),
        ("forall z : Z, 2^(-1) = z", False),
        ("forall n : N, sum(k, 0 - 1, n, 2^k) >= n", False),
        ("forall x : Q, 2 | floor(x)", True),
        # pyverify's own readings, written out as casts by its Lean export
        ("forall n : N, -n <= 0", True),
        ("forall z : Z, factorial(z) >= 1", True),
        ("forall n : N, sum(k, 1, n, factorial(k)) >= n", True),
        ("forall n : N, sum(k, 0, n, 2^k) >= n", True),
        ("forall x : R, sqrt(x^2) = abs(x)", True),
        ("forall (n : N) (z : Z), -n <= z", True),
        ("forall z : Z, floor(z/2) <= z", True),
        ("forall x : Q, x^(-1) * x = 1", True),
        ("forall n : N, factorial(n - 1) >= 1", True),
    ],
)
def test_constructs_lean_would_reject_are_unreadable(text, readable):
    assert (sc.unreadable(parse(text)) is None) is readable, sc.unreadable(parse(text))


def test_irrational_comparisons_are_exact_or_skipped():
    import sympy

    assert sc._sign(sympy.log(sympy.Rational(9, 4)) - 2 * sympy.log(sympy.Rational(3, 2))) == 0
    assert sc._sign(sympy.sqrt(2) - sympy.Rational(141421356237, 100000000000)) == 1
    assert sc._floor(sympy.sqrt(8) * sympy.sqrt(2)) == 4
    assert sc._floor(sympy.log(8) / sympy.log(2)) == 3


def test_generator_is_deterministic_and_covers_the_language():
    first, again, other = sc.generate(30, seed=3), sc.generate(30, seed=3), sc.generate(30, seed=4)
    assert first == again
    assert [c.text for c in first] != [c.text for c in other]
    many = sc.generate(400, seed=0)
    texts = [c.text for c in many]
    assert len(set(texts)) == 400
    assert {c.family for c in many} == set(sc._FAMILY_WEIGHTS)
    assert any(t.startswith("exists") for t in texts) and any(t.startswith("forall") for t in texts)
    for needle in ("sqrt(", "log(", "floor(", "mod(", "factorial(", "sum(", "->", "/", " : N", " : Z", " : Q", " : R"):
        assert any(needle in t for t in texts), needle
    for c in many:
        parse(c.text)


def test_witnesses_are_read_in_their_sorts():
    claim = parse("forall (n : N) (x : Q), n > x")
    assert sc.read_witness(claim, {"n": "2", "x": "1/2"})[0] == {"n": 2, "x": Fraction(1, 2)}
    assert sc.read_witness(claim, {"n": "-1", "x": "0"})[0] is None
    assert sc.read_witness(claim, {"n": "1/2", "x": "0"})[0] is None
    assert sc.read_witness(claim, {"n": "1"})[0] is None
    assert sc.read_witness(claim, {"n": "1", "x": "sqrt(2)"})[0] is None


def test_points_start_at_the_edges():
    claim = parse("forall (x : Z) (y : Q), x = y")
    import random

    points = sc.sample_points(claim.variables, random.Random(0), 20)
    assert len(points) == 20
    assert points[0] == {"x": 0, "y": 0} and points[2] == {"x": -1, "y": -1}
    assert all(p["x"].denominator == 1 for p in points)
    assert any(p["y"].denominator != 1 for p in points)


@pytest.fixture(scope="module")
def small_run():
    return sc.crosscheck(30, seed=0)


def test_crosscheck_on_30_claims_has_no_disagreement(small_run):
    record = small_run
    assert record["claims"] == 30
    assert record["disagreements"] == 0, record["disagreement_list"]
    assert record["errors"] == []
    for semantics in sc.SEMANTICS:
        counts = record["semantics"][semantics]
        assert counts["certified"] + counts["refuted"] + counts["unknown"] == 30
        assert counts["certified"] > 0 and counts["refuted"] > 0
        assert counts["points_evaluated"] > 0 and counts["witnesses_rechecked"] > 0
    assert record["verdicts_differ"] > 0
    assert record["semantics"]["mathlib"]["conventions_exercised"]
    lines = "\n".join(sc.markdown(record))
    assert "semantics cross-check" in lines and "| disagreements | 0 | 0 |" in lines


def test_an_engine_that_ignores_the_semantics_is_caught():
    from pyverify.certify import decide

    def exact_only(claim, semantics, timeout):
        return dataclasses.replace(decide(claim, timeout, semantics="exact"), semantics=semantics)

    record = sc.crosscheck(40, seed=0, decide=exact_only)
    wrong = [d for d in record["disagreement_list"] if d["semantics"] == "mathlib"]
    assert wrong and not [d for d in record["disagreement_list"] if d["semantics"] == "exact"]


def test_an_engine_that_certifies_everything_is_caught():
    from pyverify.certify._certificate import Certificate

    def always(claim, semantics, timeout):
        return Certificate("certified", "planted", {}, 0.0, semantics=semantics)

    record = sc.crosscheck(30, seed=0, decide=always)
    kinds = {d["kind"] for d in record["disagreement_list"]}
    assert "certified_but_fails" in kinds
    assert record["disagreements"] >= 5


def test_a_wrong_witness_is_caught():
    from pyverify.certify import decide

    def shifted(claim, semantics, timeout):
        cert = decide(claim, timeout, semantics=semantics)
        if cert.status == "refuted" and cert.witness:
            cert = dataclasses.replace(cert, witness={k: "0" for k in cert.witness})
        return cert

    record = sc.crosscheck(40, seed=0, decide=shifted)
    assert any(d["kind"] == "counterexample_holds" for d in record["disagreement_list"])
