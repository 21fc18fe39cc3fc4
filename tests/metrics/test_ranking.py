"""Ranking under family weights: LP feasibility, Pareto dominance, achievable share, selector."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pyverify.metrics import MetricsError, achievable_share, pareto, rank_weights, realize_ranking, select
from pyverify.metrics._ranking import brute_force_share

# rows: models; columns: families F6, F7, F8
FAILURE = np.array([
    [0.10, 0.50, 0.30],  # 0: good on F6
    [0.50, 0.10, 0.30],  # 1: good on F7
    [0.60, 0.60, 0.40],  # 2: dominated by 0 and 1
    [0.30, 0.30, 0.05],  # 3: good on F8
])  # fmt: skip


def _metrics(failure: np.ndarray, families: tuple[str, ...] = ("F6", "F7", "F8")) -> dict:
    per_model = {f"org/m{i}": {"family_failure": {fam: {"rate": float(r), "n": 10, "ci": None} for fam, r in zip(families, row)}}
                 for i, row in enumerate(failure)}  # fmt: skip
    return {"invariance": {"per_model": per_model, "families": {"names": list(families)}}}


def test_dominated_model_is_never_above_its_dominator() -> None:
    assert (0, 2) in pareto(FAILURE) and (1, 2) in pareto(FAILURE) and (3, 2) in pareto(FAILURE)
    for order in itertools.permutations(range(4)):
        if order.index(2) < order.index(0):
            feasible, weights, margin = realize_ranking(FAILURE, list(order))
            assert not feasible and weights is None and margin <= 1e-9


def test_feasible_target_returns_weights_that_realize_it() -> None:
    found = 0
    for order in itertools.permutations(range(4)):
        feasible, weights, margin = realize_ranking(FAILURE, list(order))
        if feasible:
            found += 1
            assert weights is not None and weights.min() >= 0 and weights.sum() == pytest.approx(1.0)
            scores = FAILURE @ weights
            assert all(scores[a] < scores[b] for a, b in zip(order, order[1:]))
            assert margin > 1e-9
    assert found >= 3
    # the pure-F6 ranking 0 > 3 > 1 > 2 is realized
    assert realize_ranking(FAILURE, [0, 3, 1, 2])[0]
    assert realize_ranking(FAILURE, [2])[0]
    with pytest.raises(MetricsError):
        realize_ranking(FAILURE, [0, 0])


def test_achievable_share_exact_matches_brute_force() -> None:
    rng = np.random.default_rng(3)
    for f in (
        FAILURE,
        rng.random((4, 3)),
        rng.random((4, 2)),
        np.tile([[0.2, 0.3]], (4, 1)) + np.arange(4)[:, None] * 0.1,
    ):
        result = achievable_share(f)
        assert result["exact"] and result["rankings_total"] == 24 and result["rankings_checked"] == 24
        assert result["share"] == pytest.approx(brute_force_share(f))


def test_achievable_share_samples_beyond_eight_models() -> None:
    f = np.random.default_rng(0).random((9, 3))
    result = achievable_share(f, samples=200, seed=1, lp_budget=0)  # no LP allowed: the enumeration gives up
    assert not result["exact"] and result["rankings_checked"] == 200 and result["rankings_total"] == 362880
    assert 0.0 <= result["share"] < 0.2
    exact = achievable_share(f, samples=200, seed=1)  # few LPs suffice here: the default budget finishes exactly
    assert exact["exact"] and result["share_ci"][0] <= exact["share"] <= result["share_ci"][1]
    # identical models: no strict ranking is achievable
    assert achievable_share(np.full((3, 2), 0.5))["share"] == 0.0
    assert achievable_share(np.array([[0.1, 0.2]]))["share"] == 1.0


def test_select_renormalizes_over_present_families() -> None:
    metrics = _metrics(FAILURE)
    record = select(metrics, {"F6": 0.5, "F7": 0.5})
    # expected: m0 .30, m1 .30, m2 .60, m3 .30 -> three-way tie, the first listed wins
    assert record["model"] == "org/m0" and record["tied"] == ["org/m0", "org/m1", "org/m3"]
    assert record["weights_used"] == {"F6": 0.5, "F7": 0.5}
    assert select(metrics, {"F8": 2.0})["model"] == "org/m3"
    assert "renormalized" in record["rule"]
    # a family missing for one model is dropped for all
    metrics["invariance"]["per_model"]["org/m1"]["family_failure"]["F7"]["rate"] = None
    record = select(metrics, {"F6": 1.0, "F7": 3.0})
    assert (
        record["dropped_families"] == ["F7"] and record["weights_used"] == {"F6": 1.0} and record["model"] == "org/m0"
    )
    with pytest.raises(MetricsError, match="F7"):
        select(metrics, {"F7": 1.0})
    with pytest.raises(MetricsError, match="F9"):
        select(metrics, {"F9": 1.0})
    with pytest.raises(MetricsError):
        select(metrics, {"F6": -1.0})
    with pytest.raises(MetricsError):
        select(metrics, {"F6": 0.0})


def test_rank_weights_record() -> None:
    metrics = _metrics(FAILURE)
    ok = rank_weights(metrics, ["org/m1", "org/m3", "org/m0", "org/m2"])
    assert ok["feasible"] and ok["weights"] is not None
    exp = ok["expected_failure"]
    assert exp["org/m1"] < exp["org/m3"] < exp["org/m0"] < exp["org/m2"]
    bad = rank_weights(metrics, ["org/m2", "org/m0"])
    assert not bad["feasible"] and bad["weights"] is None
    assert {"better": "org/m0", "worse": "org/m2"} in bad["contradicted_pareto"]
    with pytest.raises(MetricsError, match="unknown"):
        rank_weights(metrics, ["org/m0", "nobody"])


def test_beyond_eight_models_enumeration_is_exact_within_its_budget() -> None:
    rng = np.random.default_rng(5)
    f = np.clip(rng.random((9, 1)) * 0.5 + rng.normal(0, 0.05, (9, 4)), 0, 1)
    exact = achievable_share(f, lp_budget=10**6)
    assert exact["exact"] and exact["rankings_checked"] == 362880 and exact["share_ci"] is None
    sampled = achievable_share(f, lp_budget=0, samples=4000, seed=2)
    assert not sampled["exact"]
    low, high = sampled["share_ci"]
    assert low <= exact["share"] <= high


def test_exact_enumeration_leaves_feasible_prefixes_to_sampled_weightings(monkeypatch: pytest.MonkeyPatch) -> None:
    # one LP per achievable ranking made 8 models x 9 families take minutes; weightings drawn from the
    # simplex (and around each LP's solution) certify most feasible prefixes, so LPs mostly prove infeasibility
    from pyverify.metrics import _ranking

    calls: list[int] = []
    solve = _ranking._prefix_weights
    monkeypatch.setattr(_ranking, "_prefix_weights", lambda *args: calls.append(1) or solve(*args))
    f = np.random.default_rng(0).random((6, 6))
    result = achievable_share(f)
    assert result["exact"] and result["share"] == pytest.approx(brute_force_share(f))
    assert len(calls) < result["achievable"]  # the old enumeration needed 425 LPs for 232 rankings here
