"""Up-casts ℕ → ℤ → ℚ → ℝ in the claim language: syntax, sorts, renderers, the Mathlib reading."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings

from pyverify.logic import (
    INT,
    NAT,
    RAT,
    REAL,
    Call,
    Num,
    Op,
    ParseError,
    Rel,
    Var,
    definedness,
    parse,
    relativized,
    sort_of,
    to_latex,
    to_lean,
    to_lean_mathlib,
    to_sympy,
    to_text,
    to_z3,
)
from pyverify.logic._ast import erase_casts, erase_claim_casts, free_vars, has_casts, rewrite, substitute
from pyverify.logic._semantics import carrier, leaf_sort, lower
from tests.strategies import claims

n, m, x, y = Var("n", NAT), Var("m", INT), Var("x", RAT), Var("y", REAL)
ONE = Num(Fraction(1))


def cast(target: str, term: object) -> Call:
    return Call(f"cast_{target}", (term,))  # type: ignore[arg-type]


# ---------------------------------------------------------------- syntax


@pytest.mark.parametrize(
    ("text", "target"),
    [("Z", "Z"), ("ℤ", "Z"), ("Int", "Z"), ("Q", "Q"), ("ℚ", "Q"), ("Rat", "Q"), ("R", "R"), ("ℝ", "R"),
     ("Real", "R")],
)  # fmt: skip
def test_every_spelling_of_the_target_parses_to_the_cast(text: str, target: str) -> None:
    claim = parse(f"forall n : N, (n : {text}) = n")
    assert claim.body == Rel("=", cast(target, n), n)


def test_cast_of_a_compound_term_and_its_place_in_the_tree() -> None:
    body = parse("forall n : N, (n : Z) - 1 < n").body
    assert body == Rel("<", Op("-", (cast("Z", n), ONE)), n)
    body = parse("forall n : N, (n - 1 : Z) < n").body
    assert body == Rel("<", cast("Z", Op("-", (n, ONE))), n)
    body = parse("forall n : N, ((n : Z) : Q) / 2 = (n : R) * 1").body
    assert body.left == Op("/", (cast("Q", cast("Z", n)), Num(Fraction(2))))  # type: ignore[attr-defined]
    assert body.right == Op("*", (cast("R", n), ONE))  # type: ignore[attr-defined]
    # a cast is an atom: postfix and powers apply to it
    assert parse("forall n : N, (n : Z)! >= 1").body.left == Call("factorial", (cast("Z", n),))  # type: ignore[attr-defined]
    assert parse("forall n : N, (n : Q)^2 >= 0").body.left == Op("^", (cast("Q", n), Num(Fraction(2))))  # type: ignore[attr-defined]


def test_binder_groups_still_parse() -> None:
    claim = parse("forall (x y : R) (n : N), (x : R) + (n : R) = y")
    assert claim.variables == {"x": REAL, "y": REAL, "n": NAT}
    assert parse("∀ (a b : ℤ), (a : ℚ) ≤ b").variables == {"a": INT, "b": INT}


def test_a_cast_to_n_is_the_natural_term_itself() -> None:
    assert parse("forall n : N, (n + 1 : N) > 0") == parse("forall n : N, n + 1 > 0")
    assert parse("forall n : N, (n : Nat) = n").body == Rel("=", n, n)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("forall x : Q, (x : Z) = 1", "cannot cast a term of sort Q down to Z"),
        ("forall y : R, (y : Q) = 1", "cannot cast a term of sort R down to Q"),
        ("forall n : N, (n - 1 : N) = 1", "cannot cast a term of sort Z down to N"),
        ("forall n : N, (n / 2 : Z) = 1", "cannot cast a term of sort Q down to Z"),
        ("forall A : Mat2(Q), (A : R) = A", "cannot cast a matrix"),
        ("forall x : Q, (x : Mat2(Q)) = x", "cannot cast to Mat2(Q)"),
        ("forall x : Q, (x : S) = x", "unknown sort 'S'"),
        ("forall x : Q, mod((x : Q), 2) = 1", "integer arguments"),
        ("forall n : N, prime((n : Q))", "integer argument"),
        ("forall x : Q, (x = 1 : R)", "expected a statement"),
    ],
)
def test_bad_casts_are_parse_errors(text: str, fragment: str) -> None:
    with pytest.raises(ParseError) as info:
        parse(text)
    assert fragment in info.value.message


# ---------------------------------------------------------------- sorts


def test_the_sort_of_a_cast_is_its_target() -> None:
    assert sort_of(cast("Z", n)) == INT
    assert sort_of(cast("Q", n)) == RAT
    assert sort_of(cast("R", x)) == REAL
    assert sort_of(cast("Z", m)) == INT  # the identity cast
    assert sort_of(Op("+", (cast("Q", n), ONE))) == RAT
    with pytest.raises(ValueError):
        sort_of(cast("Z", x))


# ---------------------------------------------------------------- renderers


def test_text_renders_the_cast_back() -> None:
    claim = parse("forall n : N, ((n - 1 : Z) : Q) = (n : ℚ) - 1")
    assert to_text(claim) == "forall n : N, ((n - 1 : Z) : Q) = (n : Q) - 1"
    assert to_text(claim, unicode=True) == "∀ n : ℕ, ((n − 1 : ℤ) : ℚ) = (n : ℚ) − 1"
    for text in (to_text(claim), to_text(claim, unicode=True)):
        assert parse(text) == claim
    assert to_text(parse("forall n : N, (n : Z)! >= 1"), unicode=True) == "∀ n : ℕ, (n : ℤ)! ≥ 1"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(claims(casts=True))
def test_claims_with_casts_round_trip(claim) -> None:  # type: ignore[no-untyped-def]
    assert parse(to_text(claim)) == claim
    assert parse(to_text(claim, unicode=True)) == claim
    # the exact reading ignores casts: erasing them keeps every sort check passing
    erased = erase_claim_casts(claim)
    assert not has_casts(erased)
    assert parse(to_text(erased)) == erased


def test_latex_shows_the_target() -> None:
    latex = to_latex(parse("forall n : N, (n : Z) - 1 < n"))
    assert "\\left(n : \\mathbb{Z}\\right) - 1 < n" in latex
    # the cast keeps its argument together
    assert to_latex(Op("*", (cast("R", Op("+", (n, ONE))), y))) == "\\left(n + 1 : \\mathbb{R}\\right) \\cdot y"


def test_exact_lean_ascribes_the_argument_at_the_target() -> None:
    assert to_lean(parse("forall n : N, (n : Z) - 1 < n")) == "∀ n : ℕ, ((n : ℤ) - 1 : ℤ) < (n : ℤ)"
    # an integer cast inside Nat.factorial goes through Int.toNat, as any integer argument does
    lean = to_lean(parse("forall n : N, factorial((n : Z)) >= 1"))
    assert "Nat.factorial (Int.toNat ((n : ℤ) : ℤ))" in lean


def test_mathlib_lean_writes_the_argument_at_its_own_carrier() -> None:
    assert to_lean_mathlib(parse("forall n : N, (n : Z) - 1 < n")) == "∀ n : ℕ, ((((n : ℕ) : ℤ) - 1) : ℤ) < (n : ℤ)"
    lean = to_lean_mathlib(parse("forall n : N, (n - 1 : Z) < n"))
    assert lean == "∀ n : ℕ, ((((n - 1) : ℕ) : ℤ) : ℤ) < (n : ℤ)"
    lean = to_lean_mathlib(parse("forall n : N, (n : Q) / 2 * 2 = n"))
    assert lean == "∀ n : ℕ, (((((n : ℕ) : ℚ) / 2) * 2) : ℚ) = (n : ℚ)"


def test_sympy_and_z3_read_a_cast_as_its_value() -> None:
    import z3

    assert to_sympy(cast("Q", n)) == to_sympy(n)
    for text, answer in [("forall n : N, (n : Q) / 2 * 2 = n", z3.unsat),
                         ("forall n : N, (n : R) / 2 = n", z3.sat),  # false at n = 1
                         ("forall n : N, (n : Z) - 1 < n", z3.unsat)]:  # fmt: skip
        formula = to_z3(parse(text))
        solver = z3.Solver(ctx=formula.ctx)
        solver.add(z3.Not(formula))
        assert solver.check() == answer, text


# ---------------------------------------------------------------- traversal, definedness


def test_traversals_see_through_casts() -> None:
    term = cast("Q", Op("-", (n, Var("k", INT))))
    assert free_vars(term) == {"n", "k"}
    assert substitute(term, {"n": ONE}) == cast("Q", Op("-", (ONE, Var("k", INT))))
    assert rewrite(term, lambda t: ONE if t == n else t) == cast("Q", Op("-", (ONE, Var("k", INT))))
    assert erase_casts(Op("+", (cast("R", cast("Q", n)), ONE))) == Op("+", (n, ONE))


def test_definedness_and_relativized_look_inside_casts() -> None:
    claim = parse("forall x : Q, (1 / x : R) > 0 -> x > 0")
    assert definedness(claim) == [Rel("!=", x, Num(Fraction(0)))]
    assert "x != 0" in to_text(relativized(claim))


# ---------------------------------------------------------------- the Mathlib reading


def test_a_cast_is_a_leaf_of_its_target_sort() -> None:
    assert leaf_sort(cast("Z", n)) == INT
    assert leaf_sort(cast("R", Op("-", (n, ONE)))) == REAL
    assert carrier(Op("-", (cast("Z", n), ONE)), n) == INT


def test_lower_reads_the_argument_at_its_own_carrier_and_drops_the_cast() -> None:
    # (n : ℤ) - 1: the subtraction is in ℤ, one branch, no truncation
    low = lower(parse("forall n : N, (n : Z) - 1 < n"))
    assert [to_text(b.claim) for b in low.branches] == ["forall n : N, n - 1 < n"]
    # ((n - 1 : ℕ) : ℤ): the subtraction is in ℕ, truncated
    low = lower(parse("forall n : N, (n - 1 : Z) < n"))
    assert sorted(to_text(b.claim) for b in low.branches) == [
        "forall n : N, assume n < 1, 0 < n",
        "forall n : N, assume n >= 1, n - 1 < n",
    ]
    for b in low.branches:
        assert not has_casts(b.claim)
    # an all-numeral argument is an ℕ tree, as Lean's ((2 - 3 : ℕ) : ℤ) = 0
    low = lower(parse("forall n : N, (2 - 3 : Z) = 0"))
    assert [to_text(b.claim) for b in low.branches] == ["forall n : N, 0 = 0"]


def test_lower_through_functions_and_predicates() -> None:
    # floor of a rational cast is Int.floor at ℚ; gcd with an integer cast is Int.gcd
    low = lower(parse("forall n : N, floor((n : Q) / 2) <= n"))
    assert [to_text(b.claim) for b in low.branches] == ["forall n : N, floor(n/2) <= n"]  # a field division
    low = lower(parse("forall n : N, floor((n / 2 : Q)) <= n"))  # ((n / 2 : ℕ) : ℚ): ℕ division, a floor already
    assert [to_text(b.claim) for b in low.branches] == ["forall n : N, floor(floor(n/2)) <= n"]
    assert "Int.gcd" in to_lean_mathlib(parse("forall n m : N, gcd((n : Z), m) >= 0"))
    # a fractional numeral read in ℕ has no Lean reading
    assert lower(parse("forall n : N, (0.5 : R) < 1")).reason is not None


def test_erasing_a_cast_between_two_sums_gives_the_parsers_shape() -> None:
    # found by the round-trip property: (0 + 0 : Z) + 0 erased is the three-term sum the parser reads
    claim = parse("0 | (0 + 0 : Z) + 0")
    erased = erase_claim_casts(claim)
    assert erased == parse("0 | 0 + 0 + 0") and parse(to_text(erased)) == erased
    assert erase_claim_casts(parse("0 | 1 + (2 * 3 : Z) * 4")) == parse("0 | 1 + 2 * 3 * 4")
    assert erase_claim_casts(parse("0 | 1 + (2 + 3 : Z)")) == parse("0 | 1 + (2 + 3)")  # a right operand stays
