"""compute() end to end: a hand-computed three-model run, synthetic runs, single-model runs."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyverify.metrics import SCHEMA_VERSION, Metrics, MetricsError, cir, compute, information_gap, scr
from tests.metrics.runs import hand_runs, inv_row, synthetic_rows, write_run

FIXTURE = Path("/tmp/fixtures/inv_smollm")
FAST: dict[str, Any] = {"bootstrap": 500, "permutations": 200}


def test_plain_array_forms() -> None:
    assert information_gap([1, 1, 1]) == 0.0
    assert information_gap([1, 0]) == 0.5
    assert information_gap([1, 0, 1]) == pytest.approx(math.sqrt(2 / 9))
    assert information_gap([]) is None
    assert scr([[1, 1, 1], [1, 0, 1]]) == pytest.approx(
        {"value": 0.5, "theorems": 2, "independence_floor": (5 / 6) ** 3}
    )
    assert cir([[1, 1, 0], [1, 1, 1], [0, 0, 0], [1, 1]]) == {"value": 0.5, "theorems": 2}
    with pytest.raises(MetricsError):
        scr([[2]])


@given(st.lists(st.booleans(), min_size=1, max_size=30))
@settings(max_examples=60, deadline=None)
def test_ig_lies_in_zero_half(values: list[bool]) -> None:
    value = information_gap(values)
    assert value is not None and 0.0 <= value <= 0.5 + 1e-12
    assert (value > 0) == (0 < sum(values) < len(values))


def test_hand_computed_three_model_run(tmp_path: Path) -> None:
    metrics = compute(hand_runs(tmp_path), **FAST)
    inv = metrics["invariance"]
    assert metrics["schema_version"] == SCHEMA_VERSION == 1 and metrics["models"] == ["m/A", "m/B", "m/C"]
    assert inv["options"]["design"] == "cross-model"
    # consensus 2 of 3: a#F1 is failed by B and C, both passing a#canonical
    assert inv["consensus"]["threshold"] == 2 and inv["consensus"]["active"]
    assert inv["consensus"]["flagged"] == [
        {"item_id": "a#F1", "theorem_id": "a", "family": "F1", "failed_by": ["m/B", "m/C"]}
    ]
    a = inv["per_model"]["m/A"]
    assert (a["items"], a["scored"], a["coverage"]) == (7, 7, 1.0)
    assert a["accuracy_micro"] == pytest.approx(6 / 7)
    assert a["accuracy_macro"] == pytest.approx(5 / 6) and a["balanced_accuracy"] == pytest.approx(5 / 6)
    ig_rev = math.sqrt(2 / 9)
    assert a["mean_ig"] == pytest.approx(ig_rev / 2) and a["rms_ig"] == pytest.approx(math.sqrt(ig_rev**2 / 2))
    assert a["share_ig_positive"] == 0.5
    assert a["scr"]["value"] == 0.5 and a["scr"]["theorems"] == 2
    assert a["scr"]["independence_floor"] == pytest.approx((5 / 6) ** 3)
    assert a["cir"]["value"] == 0.0 and a["cir"]["theorems"] == 1
    assert a["false_cir"]["value"] == 1.0 and a["false_cir"]["theorems"] == 1
    assert a["family_failure"]["F1"]["rate"] == 0.5 and a["family_failure"]["F3"]["n"] == 1
    b, c = inv["per_model"]["m/B"], inv["per_model"]["m/C"]
    assert b["scr"]["value"] == 1.0 and b["cir"]["value"] == 0.0  # its F1 miss is on a flagged item
    assert c["scr"]["value"] == 0.0 and c["cir"]["value"] == 1.0
    assert c["false_cir"] == {"value": None, "ci": None, "theorems": 0}  # canonical of a.rev wrong
    theorem = next(t for t in inv["theorems"] if t["theorem_id"] == "a")
    assert theorem["cochran"]["test"] == "cochran" and theorem["cochran"]["q"] == pytest.approx(33 / 7)
    assert theorem["cochran"]["p_exact"] is not None and theorem["cochran"]["p_holm"] is not None
    assert theorem["outcome"]["m/C"] == {"correct": 2, "scored": 4, "canonical_correct": True}
    assert theorem["ig"]["m/A"] == 0.0 and theorem["label"] == "TRUE"
    assert inv["families"]["names"] == ["canonical", "F1", "F2", "F3"]
    assert inv["families"]["rankings"]["F3"] == ["m/A", "m/B", "m/C"]
    assert inv["agreement"]["items"] == 7 and inv["agreement"]["disagreements"] == 4
    assert {"better": "m/B", "worse": "m/C"} in inv["ranking"]["pareto"]
    assert inv["ranking"]["exact"] and inv["ranking"]["rankings_total"] == 6
    Metrics.model_validate(metrics)  # round-trips through the schema
    json.dumps(metrics, allow_nan=False)


def _assert_no_nan(value: object) -> None:
    if isinstance(value, float):
        assert math.isfinite(value)
    elif isinstance(value, dict):
        for v in value.values():
            _assert_no_nan(v)
    elif isinstance(value, list):
        for v in value:
            _assert_no_nan(v)


def test_synthetic_three_models(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    shifts = [{"F6": -0.3}, {"F7": -0.3}, {}]
    paths = [write_run(tmp_path, f"r{i}", f"org/model-{i}", synthetic_rows(f"org/model-{i}", 0.6 + 0.1 * i, 12, rng, family_shift=shifts[i]))
             for i in range(3)]  # fmt: skip
    metrics = compute(paths, **FAST)
    _assert_no_nan(metrics)
    inv = metrics["invariance"]
    assert set(inv["per_model"]) == {"org/model-0", "org/model-1", "org/model-2"}
    for m in inv["per_model"].values():
        assert 0.9 < m["coverage"] <= 1.0
        lo, hi = m["accuracy_micro_ci"]
        assert lo <= m["accuracy_micro"] <= hi
        assert m["scr"]["permutations"] == 200 and 0 < m["scr"]["permutation_p"] <= 1
    tests = [t["cochran"] for t in inv["theorems"]]
    assert {c["test"] for c in tests} <= {"cochran", "mcnemar", "undefined"} and any(
        c["test"] == "cochran" for c in tests
    )
    for c in tests:
        if c["p"] is not None:
            assert c["p"] <= c["p_holm"] <= c["p_bonferroni"] <= 1.0
    pairs = {(k["a"], k["b"]) for k in inv["families"]["kendall_tau"]}
    assert ("canonical", "F1") in pairs
    assert inv["cbu"] if False else metrics["cbu"] is None
    # same seed, same numbers
    assert compute(paths, **FAST) == metrics


def test_single_model_fixture_like_run(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    path = write_run(tmp_path, "one", "packaged/smollm2-135m", synthetic_rows("packaged/smollm2-135m", 0.5, 8, rng))
    metrics = compute([path], **FAST)
    inv = metrics["invariance"]
    assert (
        inv["options"]["design"] == "cross-model"
        and not inv["consensus"]["active"]
        and inv["consensus"]["flagged"] == []
    )
    assert all(t["cochran"]["test"] == "undefined" and t["cochran"]["b"] == 1 for t in inv["theorems"])
    assert inv["agreement"]["fleiss_kappa"] is None and inv["ranking"]["achievable_share"] == 1.0
    _assert_no_nan(metrics)


@pytest.mark.skipif(not FIXTURE.is_dir(), reason="the real smollm run is not on this machine")
def test_real_single_model_run(tmp_path: Path) -> None:
    run = tmp_path / "inv"
    run.mkdir()
    for name in ("config.json", "responses.jsonl"):
        shutil.copy(FIXTURE / name, run / name)
    metrics = compute([run], **FAST)
    model = metrics["invariance"]["per_model"]["packaged/smollm2-135m"]
    assert model["items"] == 360 and model["scored"] == 360
    _assert_no_nan(metrics)


def test_within_model_design_uses_samples_as_blocks(tmp_path: Path) -> None:
    rng = np.random.default_rng(2)
    path = write_run(tmp_path, "s", "org/sampler", synthetic_rows("org/sampler", 0.6, 6, rng, samples=5, unscored=0.0))
    inv = compute([path], **FAST)["invariance"]
    assert inv["options"]["design"] == "within-model"
    cochrans = [t["cochran"] for t in inv["theorems"]]
    assert all(c["design"] == "within-model" and c["model"] == "org/sampler" and c["b"] == 5 for c in cochrans)
    assert any(c["test"] == "cochran" for c in cochrans)
    # per-model metrics use sample 0 only
    assert inv["per_model"]["org/sampler"]["items"] == sum(4 + t % 6 for t in range(6)) * 2


def test_sample_numbers_are_block_labels_not_sizes(tmp_path: Path) -> None:
    # a sparse (or hostile, huge) sample number is one more block, not that many empty rows in memory
    rows = [inv_row("t", fam, "TRUE", ok, "m", sample) for sample, outcome in ((0, (1, 1, 0)), (10**12, (1, 0, 0)))
            for fam, ok in zip(("canonical", "F1", "F2"), map(bool, outcome))]  # fmt: skip
    cochran = compute([write_run(tmp_path, "r", "m", rows)], **FAST)["invariance"]["theorems"][0]["cochran"]
    assert (cochran["design"], cochran["b"], cochran["k"], cochran["test"]) == ("within-model", 2, 3, "cochran")


def test_an_empty_run_has_no_coverage(tmp_path: Path) -> None:
    model = compute([write_run(tmp_path, "r", "m", [])], **FAST)["invariance"]["per_model"]["m"]
    assert (model["items"], model["coverage"], model["accuracy_micro"]) == (0, None, None)


def test_needs_review_in_any_run_excludes_the_item_for_every_model(tmp_path: Path) -> None:
    first = [inv_row("t", "canonical", "TRUE", True, "a"), inv_row("t", "F1", "TRUE", False, "a")]
    second = [inv_row("t", "canonical", "TRUE", True, "b"), {**inv_row("t", "F1", "TRUE", False, "b"), "tier": "T3"}]
    per_model = compute([write_run(tmp_path, "a", "a", first), write_run(tmp_path, "b", "b", second)], **FAST)
    for model in per_model["invariance"]["per_model"].values():
        assert (model["items"], model["needs_review_items"], model["accuracy_micro"]) == (1, 1, 1.0)


def test_relative_items_path_resolves_from_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bench").mkdir()
    meta = {"item_id": "t#canonical", "mathlib": {"name": "Nat.foo", "module": "Mathlib.Foo"}, "domain": "d"}
    (tmp_path / "bench" / "items.jsonl").write_text(json.dumps(meta) + "\n", encoding="utf-8")
    path = write_run(tmp_path, "r", "m", [inv_row("t", "canonical", "TRUE", True, "m")], items="bench/items.jsonl")
    monkeypatch.chdir(tmp_path)
    theorem = compute([path], **FAST)["invariance"]["theorems"][0]
    assert theorem["mathlib"] == {"name": "Nat.foo", "module": "Mathlib.Foo"} and theorem["domain"] == "d"


def test_unscored_rows_are_coverage_not_wrong(tmp_path: Path) -> None:
    rows = [inv_row("t", "canonical", "TRUE", True, "m"), inv_row("t", "F1", "TRUE", None, "m"),
            inv_row("t", "F2", "TRUE", True, "m")]  # fmt: skip
    model = compute([write_run(tmp_path, "r", "m", rows)], **FAST)["invariance"]["per_model"]["m"]
    assert model["coverage"] == pytest.approx(2 / 3) and model["accuracy_micro"] == 1.0 and model["scr"]["value"] == 1.0
    assert model["balanced_accuracy"] is None  # no FALSE item


def test_needs_review_items_are_excluded(tmp_path: Path) -> None:
    rows = [inv_row("t", "canonical", "TRUE", True, "m"), {**inv_row("t", "F1", "TRUE", False, "m"), "tier": "T3"}]
    model = compute([write_run(tmp_path, "r", "m", rows)], **FAST)["invariance"]["per_model"]["m"]
    assert model["items"] == 1 and model["needs_review_items"] == 1 and model["accuracy_micro"] == 1.0


def test_uncertified_imported_paraphrases_need_review(tmp_path: Path) -> None:
    # spec §2: only T1/T2 paraphrases count in headline metrics; e.g. imported FormInv paraphrases do not
    rows = [inv_row("t", "canonical", "TRUE", True, "m"), {**inv_row("t", "F1", "TRUE", False, "m"), "tier": "imported"},
            {**inv_row("t", "F6", "TRUE", True, "m"), "tier": "T1"}]  # fmt: skip
    model = compute([write_run(tmp_path, "r", "m", rows)], **FAST)["invariance"]["per_model"]["m"]
    assert model["items"] == 2 and model["needs_review_items"] == 1 and model["accuracy_micro"] == 1.0


def test_weight_simplex_is_over_paraphrase_families(tmp_path: Path) -> None:
    metrics = compute(hand_runs(tmp_path), **FAST)
    assert "canonical" in metrics["invariance"]["families"]["names"]
    assert metrics["invariance"]["ranking"]["families"] == ["F1", "F2", "F3"]


def test_cbu_section(tmp_path: Path) -> None:
    rows = []
    for p in range(6):
        rows += [{"task_id": f"t{p}", "candidate": 0, "utility": 0.9, "judge": 7.0, "correct": True},
                 {"task_id": f"t{p}", "candidate": 1, "utility": 0.2, "judge": 7.0, "correct": False},
                 {"task_id": f"t{p}", "candidate": 2, "utility": 0.2, "judge": None, "correct": False}]  # fmt: skip
    path = write_run(tmp_path, "c", "org/judge-model", rows, protocol="cbu")
    metrics = compute([path], **FAST)
    assert metrics["invariance"] is None
    m = metrics["cbu"]["per_model"]["org/judge-model"]
    assert m["problems"] == 6
    assert m["utility"] == {
        "acc_at_1": 1.0,
        "recall_at_5": 1.0,
        "auc": 1.0,
        "mean_win": 1.0,
        "human_win": None,
        "problems": 6,
    }
    assert m["judge"]["acc_at_1"] == 0.5 and m["judge"]["auc"] == 0.5 and m["judge"]["mean_win"] == 0.5
    assert m["predictiveness"]["utility"] == 1.0 and "grouped by problem" in m["predictiveness"]["protocol"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"item_id": "x"', "responses.jsonl:1: not valid JSON"),
        (
            '{"item_id": "x", "theorem_id": "t", "family": "F1", "label": "MAYBE", "scored": true, "correct": true}',
            "label",
        ),
        ('{"item_id": "x", "theorem_id": "t", "family": "F1", "label": "TRUE", "scored": true}', "correct"),
        ('{"theorem_id": "t"}', "missing item_id"),
        (
            '{"item_id": "x", "theorem_id": null, "family": "F1", "label": "TRUE", "scored": false}',
            "theorem_id must be",
        ),
        ('{"item_id": "x", "theorem_id": "t", "family": "", "label": "TRUE", "scored": false}', "family must be"),
        ("[1, 2]", "JSON object"),
    ],
)
def test_bad_rows_name_path_and_line(tmp_path: Path, content: str, message: str) -> None:
    path = write_run(tmp_path, "bad", "m", [])
    (path / "responses.jsonl").write_text(content + "\n", encoding="utf-8")
    with pytest.raises(MetricsError, match=message) as info:
        compute([path])
    assert str(path) in str(info.value)


def test_bad_run_directories(tmp_path: Path) -> None:
    with pytest.raises(MetricsError, match="no such directory"):
        compute([tmp_path / "missing"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(MetricsError, match="no config.json"):
        compute([tmp_path / "empty"])
    rows = [inv_row("t", "canonical", "TRUE", True, "m")]
    first, second = write_run(tmp_path, "a", "m", rows), write_run(tmp_path, "b", "m", rows)
    with pytest.raises(MetricsError, match="already has a run with protocol invariance"):
        compute([first, second])
    other = write_run(tmp_path, "c", "n", [inv_row("t", "canonical", "FALSE", True, "n")])
    with pytest.raises(MetricsError, match="disagrees"):
        compute([first, other])
    with pytest.raises(MetricsError, match="no run directories"):
        compute([])
    with pytest.raises(MetricsError, match="m of n"):
        compute([first], consensus=(4, 3))


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (['{"task_id": "t", "candidate": 0, "utility": Infinity, "correct": true}'], "utility must be a finite number"),
        (['{"task_id": "t", "candidate": 0, "judge": NaN, "correct": true}'], "judge must be a finite number"),
        (
            ['{"task_id": "t", "candidate": 0, "utility": 1, "correct": true}'] * 2,
            r"responses.jsonl:2: task_id t candidate 0 appears twice",
        ),
    ],
)
def test_bad_cbu_rows_name_path_and_line(tmp_path: Path, rows: list[str], message: str) -> None:
    path = write_run(tmp_path, "bad", "m", [], protocol="cbu")
    (path / "responses.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(MetricsError, match=message) as info:
        compute([path])
    assert str(path) in str(info.value)
