"""parse → render text → parse is the identity, in both spellings (property-tested)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from pyverify.logic import parse, to_text
from tests.logic.test_parse import ISSUE_EXAMPLES, NOTATION
from tests.strategies import claims

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(claims(casts=True))
def test_text_round_trip_ascii(claim) -> None:  # type: ignore[no-untyped-def]
    assert parse(to_text(claim)) == claim


@SETTINGS
@given(claims(casts=True))
def test_text_round_trip_unicode(claim) -> None:  # type: ignore[no-untyped-def]
    assert parse(to_text(claim, unicode=True)) == claim


@SETTINGS
@given(claims(casts=True))
def test_bars_and_bangs_share_their_characters(claim) -> None:  # type: ignore[no-untyped-def]
    # Unicode text with ASCII punctuation: "|" is then both |x| and divisibility, "!" both factorial
    # and negation, and "||" may be two bars; the parser must still read back the same claim.
    text = to_text(claim, unicode=True).replace("∣", "|").replace("¬", "!").replace("≠", "!=")
    assert parse(text) == claim, text


@SETTINGS
@given(claims(casts=True))
def test_rendering_is_stable(claim) -> None:  # type: ignore[no-untyped-def]
    text = to_text(claim)
    assert to_text(parse(text)) == text
    text = to_text(claim, unicode=True)
    assert to_text(parse(text), unicode=True) == text


def test_examples_round_trip() -> None:
    extra = [
        "forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^(n+1) - 1)/(r - 1)",
        "forall A : Mat2(Q), 2*A*inverse(A) = [[2, 0], [0, 2]]",
        "forall u : Seq(Q), forall T : N, Σ_{k=0}^{T} u(k) = u(T) + Σ_{k=0}^{T-1} u(k)",
        "forall a b : Z, (a | b and b | a) -> a = b or a = -b",
        "forall x : R, (x > 0 <-> x^2 > 0) or x = 0",
        "forall n : N, (sum(k, 0, n, k))^2 = sum(k, 0, n, k^3)",
        "∀ n : ℕ, (Σ_{k=0}^{n} k)^2 = Σ_{k=0}^{n} k^3",
        "exists x : Q, not not x = 0.25",
        "forall x y : Q, x - -y = x + y and x*-y = -(x*y) and x^-2 = 1/x^2",
        "forall A : Mat2(Q), det(A) != 0 -> A⁻¹ * A = [[1, 0], [0, 1]]",
    ]
    for text in ISSUE_EXAMPLES + [t for t, _ in NOTATION] + extra:
        claim = parse(text)
        assert parse(to_text(claim)) == claim, text
        assert parse(to_text(claim, unicode=True)) == claim, text
