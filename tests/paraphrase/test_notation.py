"""Terms inside English sentences: ordinary mathematical notation, read the way the formula means."""

from __future__ import annotations

import json

import pytest

from pyverify.catalog._build import GENERATED
from pyverify.logic import parse, to_text
from pyverify.paraphrase import Style, canonical_text, claim_words, paraphrases

GOLDEN = [
    ("forall c : Q, forall u : Seq(Q), forall n : N, sum(k, 0, n, c*u(k)) = c*sum(k, 0, n + 1, u(k))",
     "For every rational number c, for every rational sequence u, for every natural number n, "
     "Σ_{k=0}^{n} c·u(k) equals c·Σ_{k=0}^{n + 1} u(k)."),
    ("forall a b c d : Q, trace([[a, b], [c, d]]) = a + d",
     "For all rational numbers a, b, c and d, tr(M) equals a + d, where M is the matrix with rows (a, b) and (c, d)."),
    ("forall a : R, assume a >= 0, sqrt(a*a) = a", "For every real number a, if a is at least 0, then √(a·a) equals a."),
    ("forall A B : Mat2(Q), det(A) != 0 and det(B) != 0 -> inverse(A*B) = inverse(B)*inverse(A)",
     "For all 2×2 rational matrices A and B, if (det(A) is not equal to 0 and det(B) is not equal to 0), "
     "then (A·B)⁻¹ equals B⁻¹·A⁻¹."),
    ("forall n k : N, k <= n -> binomial(n, k)*factorial(k)*factorial(n - k) = factorial(n)",
     "For all natural numbers n and k, if k is at most n, then (n choose k)·k!·(n − k)! equals n!."),
    ("forall A : Mat2(Q), assume det(A) != 0, A*inverse(A) = [[1, 0], [0, 1]]",
     "For every 2×2 rational matrix A, if det(A) is not equal to 0, then A·A⁻¹ equals the 2×2 identity matrix."),
    ("forall A : Mat2(Q), transpose(transpose(A)) = A", "For every 2×2 rational matrix A, (Aᵀ)ᵀ equals A."),
    ("forall n : Z, odd(n) -> mod(n^2, 4) = 1", "For every integer n, if n is odd, then n² mod 4 equals 1."),
    ("forall x : R, sqrt(x^2) = abs(x)", "For every real number x, √(x²) equals |x|."),
    ("forall x : R, assume x >= 0, sqrt(x)^2 = x", "For every real number x, if x is at least 0, then (√x)² equals x."),
    ("forall n : N, sum(k, 0, n, (-1)^k*binomial(n, k)) = 2^n",
     "For every natural number n, Σ_{k=0}^{n} (−1)ᵏ·(n choose k) equals 2ⁿ."),
    ("forall x : Q, forall n : N, (x + 1)^(n + 1) >= 1 - x/3",
     "For every rational number x, for every natural number n, (x + 1)^(n + 1) is at least 1 − x/3."),
]  # fmt: skip


@pytest.mark.parametrize(("formal", "text"), GOLDEN)
def test_terms_read_in_ordinary_notation(formal: str, text: str) -> None:
    assert canonical_text(parse(formal)) == text


def test_a_sum_never_runs_on_into_a_product_or_past_a_plus() -> None:
    text = canonical_text(parse("forall x : Q, forall n : N, sum(k, 0, n - 1, x^k)*(x - 1) = x^n - 1"))
    assert "(Σ_{k=0}^{n − 1} xᵏ)·(x − 1) equals" in text
    text = canonical_text(
        parse("forall u v : Seq(Q), forall n : N, sum(k, 0, n, u(k) + v(k)) = sum(k, 0, n, u(k)) + v(n)")
    )
    assert "Σ_{k=0}^{n} (u(k) + v(k)) equals Σ_{k=0}^{n} u(k) + v(n)" in text
    assert "(Σ_{k=0}^{n} u(k))/n" in canonical_text(parse("forall u : Seq(Q), forall n : N, sum(k, 0, n, u(k))/n >= 0"))


def test_brackets_settle_what_convention_leaves_open() -> None:
    text = canonical_text(parse("forall x : Q, (1/3)*x + x*(x/2) >= -(-x) + (x/2)/3 + x*(-1)"))
    assert text == "For every rational number x, (1/3)·x + x·(x/2) is at least −(−x) + (x/2)/3 + x·(−1)."
    assert "(n!)²" in canonical_text(parse("forall n : N, factorial(n)^2 >= 1"))


def test_matrix_literals_are_named_once_with_fresh_names() -> None:
    claim = parse("forall a b c d : Q, [[a, b], [c, d]]*[[a, b], [c, d]] - (a + d)*[[a, b], [c, d]] "
                  "+ (a*d - b*c)*[[1, 0], [0, 1]] = [[0, 0], [0, 0]]")  # fmt: skip
    assert canonical_text(claim) == (
        "For all rational numbers a, b, c and d, M·M − (a + d)·M + (a·d − b·c)·I equals the 2×2 zero matrix, "
        "where M is the matrix with rows (a, b) and (c, d), and I is the 2×2 identity matrix."
    )
    taken = parse("forall M I : Mat2(Q), M*[[1, 2], [3, 4]] = I*[[1, 0], [0, 1]]")
    assert canonical_text(taken).endswith(
        "M·N equals I·P, where N is the matrix with rows (1, 2) and (3, 4), and P is the 2×2 identity matrix."
    )
    given = claim_words(parse("forall a : Q, det([[a, 1], [0, a]]) = a^2"), Style(structure="given"))
    assert (
        given
        == "Let a be arbitrary (a is a rational number). Then det(M) equals a², where M is the matrix with rows (a, 1) and (0, a)."
    )


def test_the_notation_family_keeps_the_parseable_symbolic_form() -> None:
    claim = parse("forall a b c d : Q, trace([[a, b], [c, d]]) = a + d")
    f4 = [p for p in paraphrases(claim, "key") if p.family == "F4"]
    assert f4 and f4[0].text == to_text(claim, unicode=True) == "∀ a b c d : ℚ, trace([[a, b], [c, d]]) = a + d"
    assert parse(f4[0].text) == claim and f4[0].text != canonical_text(claim)


CODE_LIKE = ("sum(", "sqrt(", "factorial(", "inverse(", "transpose(", "trace(", "binomial(", "mod(", "abs(", "[[",
             "*", "^2", "^3", "-")  # fmt: skip


def test_no_english_item_of_the_built_benchmark_writes_terms_as_code() -> None:
    rows = [json.loads(line) for line in (GENERATED / "items.jsonl").read_text(encoding="utf-8").splitlines()]
    english = [r for r in rows if r["family"] != "F4"]
    assert len(english) > 2000
    offenders = [(r["item_id"], r["text"]) for r in english if any(s in r["text"] for s in CODE_LIKE)]
    assert not offenders, offenders[:5]
    # the notation family is still the claim language's own symbolic form, unlike every other family
    for r in rows:
        if r["family"] == "F4":
            assert parse(r["text"]) == parse(r["formal"]), r["item_id"]
