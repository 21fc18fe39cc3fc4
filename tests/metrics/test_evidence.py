"""The tests behind the findings: exact laws against enumeration, and what compute() records with them
(reversals that hold or not, family contrasts, inconsistency, uninformative models left out)."""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pyverify.metrics import Metrics, compute
from pyverify.metrics._evidence import (
    CONSTANT_SHARE,
    family_contrast,
    inconsistency,
    majority,
    paired_difference,
    poisson_binomial,
    two_sided,
)
from tests.metrics.runs import as_older_metrics, family_rows, inv_row, write_run

FAST: dict[str, Any] = {"bootstrap": 200, "permutations": 200}


def _brute_contrast(theorems: list[tuple[list[bool], int]]) -> float:
    """Enumerate every placement of each theorem's family items among its items: (wrong per item, family size)."""
    laws = []
    for wrong, size in theorems:
        counts = [sum(wrong[i] for i in chosen) for chosen in itertools.combinations(range(len(wrong)), size)]
        laws.append({k: counts.count(k) / len(counts) for k in set(counts)})
    total: dict[int, float] = {0: 1.0}
    for law in laws:
        step: dict[int, float] = {}
        for a, pa in total.items():
            for b, pb in law.items():
                step[a + b] = step.get(a + b, 0.0) + pa * pb
        total = step
    observed = sum(sum(w[:size]) for w, size in theorems)  # the family's items come first
    return sum(p for p in total.values() if p <= total[observed] * (1 + 1e-7))


def test_family_contrast_is_the_exact_permutation_law() -> None:
    # per theorem: wrong flags with the family's items first, and how many items the family has
    theorems = [([True, False, False], 1), ([True, True, False, False], 2), ([True, False], 1),
                ([False, True, True, False, False], 1), ([True, True, True], 1), ([False, False], 1)]  # fmt: skip
    item_theorem = np.array([t for t, (w, _) in enumerate(theorems) for _ in w])
    wrong = np.array([x for w, _ in theorems for x in w])
    in_family = np.array([i < size for w, size in theorems for i in range(len(w))])
    result = family_contrast(in_family, wrong, np.ones(wrong.size, dtype=bool), item_theorem, len(theorems))
    assert result["p"] == pytest.approx(_brute_contrast(theorems))
    assert (result["theorems"], result["items"], result["wrong"]) == (6, 7, 5)
    assert result["expected"] == pytest.approx(1 / 3 + 1 + 1 / 2 + 2 / 5 + 1 + 0)


def test_poisson_binomial_and_the_inconsistency_null() -> None:
    probabilities = [0.2, 0.5, 0.9]
    pmf = poisson_binomial(np.array(probabilities))
    brute = [0.0] * 4
    for outcome in itertools.product((0, 1), repeat=3):
        brute[sum(outcome)] += math.prod(p if o else 1 - p for p, o in zip(probabilities, outcome))
    assert pmf == pytest.approx(brute)
    assert two_sided(pmf, 3) == pytest.approx(sum(p for p in brute if p <= brute[3] + 1e-12))
    # two TRUE theorems of 2 and 3 items answered 3 of 5 right; one FALSE theorem of 2 items answered right
    result = inconsistency(np.array([1, 2, 2]), np.array([2, 3, 2]), np.array([True, True, False]))
    p = 3 / 5
    expected = (1 - p**2 - (1 - p) ** 2) + (1 - p**3 - (1 - p) ** 3) + 0.0  # FALSE accuracy 1: never inconsistent
    assert (result["theorems"], result["inconsistent"]) == (3, 2) and result["expected"] == pytest.approx(expected)


def test_the_paired_difference_is_a_sign_test_over_theorems() -> None:
    # x wrong where y is right on 10 theorems, never the reverse; the 11th theorem is a tie
    item_theorem = np.arange(11)
    wrong_x = np.array([True] * 10 + [False])
    result = paired_difference(wrong_x, np.zeros(11, dtype=bool), np.ones(11, dtype=bool), item_theorem, 11)
    assert (result["x_worse"], result["x_better"], result["items"]) == (10, 0, 11)
    assert result["p"] == pytest.approx(2 / 2**10) and result["diff"] == pytest.approx(10 / 11)


def test_the_majority_answer_and_its_threshold() -> None:
    assert majority(96, 100) == ("TRUE", 0.96) and majority(10, 100) == ("FALSE", 0.9)
    assert majority(0, 0) == (None, None) and CONSTANT_SHARE == 0.95


def _near_constant_rows(model: str, true_share: float) -> list[dict[str, Any]]:
    # 50 TRUE and 50 FALSE theorems of 2 items; the first round(true_share·200) answers are TRUE
    rows, answered_true = [], round(true_share * 200)
    for t in range(100):
        label = "TRUE" if t % 2 == 0 else "FALSE"
        for family in ("canonical", "F1"):
            says_true = len(rows) < answered_true
            rows.append(inv_row(f"n{t}", family, label, says_true == (label == "TRUE"), model))
    return rows


@pytest.mark.parametrize(("share", "constant"), [(0.96, True), (0.95, True), (0.9, False)])
def test_a_model_is_constant_from_a_majority_of_95_percent(tmp_path: Path, share: float, constant: bool) -> None:
    metrics = compute([write_run(tmp_path, "r", "m", _near_constant_rows("m", share))], **FAST)
    invariance = metrics["invariance"]
    assert invariance["per_model"]["m"]["majority_share"] == pytest.approx(share)
    assert (invariance["uninformative"].get("m", {}).get("reason") == "constant") is constant
    assert invariance["compared"] == ([] if constant else ["m"])


def _pair(tmp_path: Path, right_x: Any, right_y: Any, seed: int) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    families = ("canonical", "F1", "F2", "F6")
    paths = [write_run(tmp_path, "x", "m/x", family_rows("m/x", 20, rng, right_x, families)),
             write_run(tmp_path, "y", "m/y", family_rows("m/y", 20, rng, right_y, families))]  # fmt: skip
    return compute(paths, **FAST)


def test_reversals_between_models_at_chance_do_not_hold(tmp_path: Path) -> None:
    reversals = _pair(tmp_path, 0.5, 0.5, seed=1)["invariance"]["rank_reversals"]
    assert reversals and not any(r["holds"] for r in reversals)
    for r in reversals:
        assert r["p_a"] <= r["p_a_holm"] <= 1 and r["p_b"] <= r["p_b_holm"] <= 1
        # the tests run on the items both models scored: here all of them, so the differences are the rates'
        assert r["diff_a"] == pytest.approx(r["failure_x_a"] - r["failure_y_a"])
        assert r["diff_b"] == pytest.approx(r["failure_x_b"] - r["failure_y_b"])


def test_a_strong_opposite_effect_on_two_families_holds(tmp_path: Path) -> None:
    reversals = _pair(tmp_path, {"F1": 0.95, "F2": 0.1}, {"F1": 0.1, "F2": 0.95}, seed=5)["invariance"][
        "rank_reversals"
    ]
    holding = [(r["model_x"], r["family_a"], r["family_b"]) for r in reversals if r["holds"]]
    assert holding == [("m/x", "F1", "F2")]
    # the weaker reversals it makes with canonical or F6 do not hold: one side is at chance
    assert len(reversals) > 1


def test_constant_models_are_left_out_of_what_compares_models(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    informative = [write_run(tmp_path / "alone", n, n, family_rows(n, 20, rng)) for n in ("m/a", "m/b", "m/c")]
    constant = write_run(tmp_path, "k", "m/k", family_rows("m/k", 20, rng, answer="FALSE"))
    alone = compute(informative, **FAST)["invariance"]
    both = compute([constant, *informative], **FAST)["invariance"]
    assert both["compared"] == ["m/a", "m/b", "m/c"] and both["uninformative"]["m/k"]["reason"] == "constant"
    for key in ("families", "rank_reversals", "agreement", "consensus", "ranking"):
        assert both[key] == alone[key], key
    assert [t["cochran"] for t in both["theorems"]] == [t["cochran"] for t in alone["theorems"]]
    assert both["consensus"]["threshold"] == 2 and "1 constant model(s) left out" in both["options"]["consensus_rule"]
    assert both["per_model"]["m/k"]["majority_answer"] == "FALSE" and both["per_model"]["m/k"]["majority_share"] == 1.0


def test_one_informative_model_left_and_the_within_model_design(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    runs = [write_run(tmp_path, "k", "m/k", family_rows("m/k", 5, rng, answer="TRUE")),
            write_run(tmp_path, "a", "m/a", family_rows("m/a", 5, rng))]  # fmt: skip
    invariance = compute(runs, **FAST)["invariance"]
    assert invariance["compared"] == ["m/a"] and invariance["rank_reversals"] == []
    assert invariance["agreement"]["fleiss_kappa"] is None and invariance["ranking"]["achievable_share"] == 1.0
    assert invariance["families"]["rankings"]["F1"] == ["m/a"] and not invariance["consensus"]["active"]
    # one constant model with repeated samples keeps its own (within-model) Cochran's Q
    rows = [dict(r, sample=s) for s in range(3) for r in family_rows("m/k", 3, rng, answer="TRUE")]
    solo = compute([write_run(tmp_path, "solo", "m/k", rows)], **FAST)["invariance"]
    assert solo["options"]["design"] == "within-model" and solo["compared"] == []
    assert solo["uninformative"]["m/k"]["excluded_from"] == [
        "families",
        "rank_reversals",
        "agreement",
        "consensus",
        "ranking",
    ]


def test_per_model_tests_are_recorded_with_holm(tmp_path: Path) -> None:
    invariance = _pair(tmp_path, {"F1": 0.95, "F2": 0.1}, 0.5, seed=2)["invariance"]
    x = invariance["per_model"]["m/x"]
    assert x["family_contrast"]["F2"]["p_holm"] < 0.05 < x["family_contrast"]["F6"]["p_holm"]
    assert x["family_contrast"]["F2"]["wrong"] > x["family_contrast"]["F2"]["expected"]
    contrasts = [c for m in invariance["per_model"].values() for c in m["family_contrast"].values()]
    assert all(c["p"] <= c["p_holm"] <= 1 for c in contrasts if c["p"] is not None)
    for model in invariance["per_model"].values():
        record = model["inconsistency"]
        lo, hi = record["interval"]
        assert record["theorems"] == 40 and lo <= record["expected"] <= hi and record["p"] <= record["p_holm"] <= 1
    assert "exact two-sided sign test over theorems" in invariance["options"]["reversal_test"]


def test_metrics_without_the_new_fields_still_validate(tmp_path: Path) -> None:
    metrics = as_older_metrics(_pair(tmp_path, 0.5, 0.5, seed=1))
    parsed = Metrics.model_validate(metrics)
    assert parsed.invariance is not None and parsed.invariance.compared is None
    assert all(r.holds is None for r in parsed.invariance.rank_reversals)
