"""Verdict precedence, discards counted nowhere, Wilson intervals and kill-rate bins."""

from __future__ import annotations

import pytest
from statsmodels.stats.proportion import proportion_confint

from pyverify.audit import AuditItem, D3Attempt, Verdict, figures, verdict, wilson
from pyverify.audit._audit import kill_rate_bin


def _wrong(accepted: bool | None, adversary: str = "a") -> D3Attempt:
    return D3Attempt(adversary, f"{adversary}.py", "f(1)", True, accepted)


DISCARDED = D3Attempt("a", "x.py", None, False, None)


def item(
    d1: bool | None = True, run: int = 10, killed: int = 10, equivalent: int = 0, d3: tuple = (_wrong(False),)
) -> AuditItem:
    return AuditItem("t", d1, run, run, killed, equivalent, d3)


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        (item(d1=False, killed=0, d3=(_wrong(True),)), Verdict.BROKEN),  # BROKEN beats everything
        (item(killed=0, d3=(_wrong(True),)), Verdict.FALSE_POSITIVE),  # FALSE-POSITIVE beats WEAK
        (item(killed=4), Verdict.WEAK),
        (item(run=0, killed=0), Verdict.UNAUDITED_D2),
        (item(run=3, killed=0, equivalent=3), Verdict.UNAUDITED_D2),  # only equivalent mutants
        (item(d3=()), Verdict.UNAUDITED_D3),
        (item(), Verdict.ADEQUATE),
        (item(killed=5), Verdict.ADEQUATE),  # exactly at the bar is not WEAK
        (item(run=10, killed=8, equivalent=2), Verdict.ADEQUATE),  # equivalents leave the denominator
        (item(d1=None), Verdict.UNAUDITED_D2),  # D1 undecided is never ADEQUATE
        (item(d3=(_wrong(None),)), Verdict.UNAUDITED_D3),  # a verifier that could not decide
    ],
)
def test_verdict_precedence(case: AuditItem, expected: Verdict) -> None:
    assert verdict(case) == expected


def test_discarded_candidates_count_nowhere() -> None:
    # a discarded candidate the verifier "accepted" must not make a false positive, nor audit D3
    assert verdict(item(d3=(DISCARDED,))) == Verdict.UNAUDITED_D3
    assert verdict(item(d3=(D3Attempt("a", "x.py", None, False, True),))) == Verdict.UNAUDITED_D3
    fig = figures([item(d3=(DISCARDED,)), item(d3=(DISCARDED, _wrong(True, "b")))])
    assert fig["d3_false_positive"]["n"] == 1 and fig["d3_false_positive"]["k"] == 1
    assert fig["discarded_candidates"] == 2
    row = fig["adversaries"]["per_adversary"]["a"]
    assert row == {**row, "attempts": 2, "proven_wrong": 0, "got_past": 0, "discarded": 2}
    assert row["attack_rate"]["rate"] is None


def test_wilson_matches_statsmodels_and_the_seed() -> None:
    got = wilson(10, 103)
    low, high = proportion_confint(10, 103, alpha=0.05, method="wilson")
    assert got["ci95"] == pytest.approx([low, high])
    assert [round(100 * x, 1) for x in got["ci95"]] == [5.4, 17.0]  # the seed's figure
    assert wilson(0, 0)["rate"] is None


def test_bins_and_figures() -> None:
    assert [kill_rate_bin(r) for r in (0.0, 0.49, 0.5, 0.8, 0.9, 0.99, 1.0)] == [
        "0.00-0.50", "0.00-0.50", "0.50-0.75", "0.75-0.90", "0.90-1.00", "0.90-1.00", "1.00",
    ]  # fmt: skip
    items = [
        item(killed=10, d3=(_wrong(True, "a"), _wrong(True, "b"))),  # perfect, breached by all
        item(killed=10, d3=(_wrong(False, "a"), _wrong(True, "b"))),  # perfect, breached by some
        item(killed=10, d3=(_wrong(False, "a"),)),  # perfect, none
        item(killed=8, d3=(_wrong(True, "a"),)),  # 0.8
        item(killed=6, d3=()),  # not attacked: in no D3 cohort
    ]
    fig = figures(items)
    assert fig["verdicts"]["FALSE-POSITIVE"] == 3 and fig["verdicts"]["UNAUDITED-D3"] == 1
    rows = {r["bin"]: (r["k"], r["n"]) for r in fig["kill_rate_bins"]["rows"]}
    assert rows == {"0.00-0.50": (0, 0), "0.50-0.75": (0, 0), "0.75-0.90": (1, 1), "0.90-1.00": (0, 0), "1.00": (2, 3)}
    assert (fig["d3_false_positive_given_perfect_d2"]["k"], fig["d3_false_positive_given_perfect_d2"]["n"]) == (2, 3)
    assert "perfect" in fig["d3_false_positive_given_perfect_d2"]["cohort"]
    union = fig["adversaries"]["union"]
    assert (union["by_all"], union["by_some"], union["by_none"], union["n"]) == (2, 1, 1, 4)
    assert fig["adversaries"]["per_adversary"]["b"]["attack_rate"]["rate"] == 1.0
    corr = fig["d2_d3_correlation"]
    assert corr["n"] == 4 and corr["r"] is not None and corr["r"] < 0


def test_correlation_is_null_when_undefined() -> None:
    corr = figures([item(d3=(_wrong(True),)), item(d3=(_wrong(True),)), item(d3=(_wrong(True),))])["d2_d3_correlation"]
    assert corr["r"] is None and corr["p"] is None and corr["reason"]


def test_inconsistent_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        AuditItem("t", True, 5, 5, 4, 2)
