"""The paraphrase families: what each changes, what it keeps, and that T1 rewrites are equivalent."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyverify.certify import equivalent
from pyverify.logic import parse
from pyverify.paraphrase import Style, canonical_text, claim_words, families, paraphrases


def test_eight_families_from_data() -> None:
    fams = families()
    assert list(fams) == ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"]
    assert {f.tier for f in fams.values()} == {"T1", "T2"}
    assert fams["F4"].tier == "T1" and fams["F5"].tier == "T2"


def test_english_rendering() -> None:
    claim = parse("forall p : N, prime(p) -> 2 <= p")
    assert canonical_text(claim) == "For every natural number p, if p is prime, then 2 is at most p."
    assert (
        claim_words(claim, Style(connective="whenever"))
        == "For every natural number p, 2 is at most p whenever p is prime."
    )
    assert claim_words(claim, Style(quantifier="no_fail")).startswith(
        "There is no natural number p for which it fails that"
    )
    assert "is divisible by" in claim_words(parse("forall n : Z, 2 | n^2 -> 2 | n"), Style(voice="passive"))
    assert claim_words(parse("exists n : Z, n^2 = 49"), Style()) == "There is an integer n such that n² equals 49."


def test_an_implication_is_never_worded_as_a_biconditional() -> None:
    claim = parse("forall x : R, x > 1 -> x^2 > 1")
    for para in paraphrases(claim, "key"):
        assert "if and only if" not in para.text and "exactly when" not in para.text
    both = parse("forall x : R, x > 0 <-> x^3 > 0")
    f5 = [p for p in paraphrases(both, "k") if p.family == "F5"]
    assert f5 and "exactly when" in f5[0].text


def test_t2_keeps_the_formal_statement_and_t1_is_certified() -> None:
    claim = parse("forall x y : R, abs(x) <= y -> -y <= x")
    paras = paraphrases(claim, "abs_le")
    assert {p.family for p in paras} >= {"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"}
    for para in paras:
        assert para.text != canonical_text(claim)
        if para.tier == "T2":
            assert para.formal == claim
        else:
            assert equivalent(claim, para.formal, isolate=False).status == "certified", para


CLAIMS = [
    "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1", "forall n : Z, even(n^2) -> even(n)", "forall a b : R, a <= b -> a + 1 <= b + 1",
    "forall x y : R, x^2 + y^2 >= 2*x*y", "forall n : N, coprime(n, n + 1)", "forall x : R, abs(x) >= 0",
    "forall A B : Mat2(Q), det(A*B) = det(A)*det(B)", "forall n : N, assume n >= 1, sum(k, 1, n, k) >= n",
]  # fmt: skip


@settings(max_examples=len(CLAIMS) * 3, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(CLAIMS), st.text(min_size=1, max_size=8))
def test_every_t1_rewrite_is_equivalent(text: str, key: str) -> None:
    claim = parse(text)
    for para in paraphrases(claim, key):
        if para.tier == "T1":
            assert equivalent(claim, para.formal, isolate=False).status in ("certified", "unknown"), para
