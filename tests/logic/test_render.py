"""Renderers: Lean 4 (golden strings), LaTeX, sympy and z3 agree with the claim's meaning."""

from __future__ import annotations

import pytest

from pyverify.logic import definedness, parse, term_text, to_latex, to_lean, to_sympy, to_z3, unfold

LEAN_GOLDEN = {
    "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1": "∀ x : ℚ, ((x + 1) ^ 2 : ℚ) = (x ^ 2 + 2 * x + 1 : ℚ)",
    "∀ x y : ℝ, x ≤ y → x + 1 ≤ y + 1": "∀ x y : ℝ, x ≤ y → (x + 1 : ℝ) ≤ (y + 1 : ℝ)",
    "forall p : N, prime(p) -> 2 <= p": "∀ p : ℕ, Nat.Prime p → (2 : ℕ) ≤ p",
    "forall A B : Mat2(Q), det(A*B) = det(A)*det(B)": (
        "∀ A B : Matrix (Fin 2) (Fin 2) ℚ, (Matrix.det (A * B) : ℚ) = (Matrix.det A * Matrix.det B : ℚ)"
    ),
    "exists n : Z, n^2 = 2": "∃ n : ℤ, (n ^ 2 : ℤ) = (2 : ℤ)",
    # ℕ subtraction must not truncate: the relation is elaborated in ℤ
    "forall n : N, n - 1 + 1 = n": "∀ n : ℕ, (n - 1 + 1 : ℤ) = (n : ℤ)",
    # definedness becomes a hypothesis; division is exact in ℚ
    "forall x : Q, x/x = 1": "∀ x : ℚ, x ≠ (0 : ℚ) → (x / x : ℚ) = (1 : ℚ)",
    "forall A : Mat2(Q), transpose(A*A) = transpose(A)*transpose(A)": (
        "∀ A : Matrix (Fin 2) (Fin 2) ℚ, (A * A)ᵀ = Aᵀ * Aᵀ"
    ),
    "forall c : Q, forall A : Mat2(Q), det(c*A) = c^2*det(A)": (
        "∀ c : ℚ, ∀ A : Matrix (Fin 2) (Fin 2) ℚ, (Matrix.det (c • A) : ℚ) = (c ^ 2 * Matrix.det A : ℚ)"
    ),
    "forall n : Z, even(n^2) -> even(n)": "∀ n : ℤ, Even (n ^ 2 : ℤ) → Even n",
}


@pytest.mark.parametrize(("text", "lean"), list(LEAN_GOLDEN.items()))
def test_lean_golden(text: str, lean: str) -> None:
    assert to_lean(parse(text)) == lean


def test_lean_sums_and_existentials() -> None:
    lean = to_lean(parse("forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^(n+1) - 1)/(r - 1)"))
    assert "∑ k ∈ Finset.Icc (0 : ℤ) (n : ℤ)" in lean
    assert lean.startswith("∀ r : ℚ, ∀ n : ℕ, (r - 1 : ℚ) ≠ (0 : ℚ) → r ≠ (1 : ℚ) → ")
    # under ∃, definedness is a conjunct, not a hypothesis
    assert to_lean(parse("exists x : Q, 1/x = 2")) == "∃ x : ℚ, x ≠ (0 : ℚ) ∧ (1 / x : ℚ) = (2 : ℚ)"


def test_latex() -> None:
    latex = to_latex(parse("forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^(n+1) - 1)/(r - 1)"))
    assert "\\forall r \\in \\mathbb{Q}" in latex
    assert "\\sum_{k=0}^{n}" in latex and "\\frac{" in latex and "\\neq" in latex
    assert to_latex(parse("forall A : Mat2(Q), det(transpose(A)) = det(A)")).endswith(
        "\\det\\left({A}^{\\top}\\right) = \\det\\left(A\\right)"
    )


def test_sympy_rendering_is_exact() -> None:
    import sympy

    expr = to_sympy(parse("forall x : Q, (x + 1)^2 = x^2 + 2*x + 1").body)
    assert sympy.expand(expr.lhs - expr.rhs) == 0
    x = sympy.Symbol("x", rational=True)
    assert to_sympy(parse("forall x : Q, x/3 = 1").body.left) == x * sympy.Rational(1, 3)
    det = to_sympy(parse("forall A : Mat2(Q), det(A) = 0").body.left, explicit_matrices=True)
    assert sympy.expand(det).free_symbols == {sympy.Symbol(n, rational=True) for n in ("A_00", "A_01", "A_10", "A_11")}


def test_sympy_divisibility_by_zero() -> None:
    import sympy

    # 0 | b holds exactly when b = 0; sympy's Mod(b, 0) raises, so it must never be built
    assert to_sympy(parse("forall n : N, 0 | 0").body) == sympy.true
    assert to_sympy(parse("forall n : N, 0 | 3").body) == sympy.false
    n = sympy.Symbol("n", integer=True, nonnegative=True)
    assert to_sympy(parse("forall n : N, 0 | n").body) == sympy.Eq(n, 0)
    assert to_sympy(parse("forall n : N, 2 | n").body) == sympy.Eq(sympy.Mod(n, 2), 0)


def test_sympy_keeps_comparisons_of_non_real_values() -> None:
    import sympy

    # √(-1) is outside the domain; sympy refuses to order it, so the relation stays unevaluated
    relation = to_sympy(parse("forall x : Q, 0 < sqrt(-1)").body)
    assert isinstance(relation, sympy.StrictLessThan) and relation.rhs == sympy.I


def test_z3_rendering_decides() -> None:
    import z3

    formula = to_z3(parse("∀ x y : ℝ, x ≤ y → x + 1 ≤ y + 1"))
    solver = z3.Solver(ctx=formula.ctx)
    solver.add(z3.Not(formula))
    assert solver.check() == z3.unsat
    formula = to_z3(parse("exists n : Z, n^2 = 2"))
    solver = z3.Solver(ctx=formula.ctx)
    solver.add(formula)
    assert solver.check() == z3.unsat


def test_definedness_conditions() -> None:
    claim = parse("forall x y : R, assume y >= 0, sqrt(y)/(x - 1) + log(x) = floor(x)")
    texts = sorted(term_text(c) for c in definedness(claim))
    assert texts == ["x - 1 != 0", "x > 0", "y >= 0"]
    assert definedness(parse("forall n : N, factorial(n) >= 1")) == []  # n >= 0 holds for N


def test_unfold_even() -> None:
    claim = unfold(parse("forall n : Z, even(n) -> even(n^2)"), "even")
    assert term_text(claim.body) == "2 | n -> 2 | n^2"
    with pytest.raises(ValueError, match="quantifier"):
        unfold(parse("forall p : N, prime(p) -> p >= 2"), "prime")
