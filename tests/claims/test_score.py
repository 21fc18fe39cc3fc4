"""Scoring (spec §4): what a user reads off a scored run, a comparison of two runs, and the baselines."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest

from pyverify.claims._extract import Extraction, extract, load_responses
from pyverify.claims._generate import build
from pyverify.claims._io import SCORER_VERSION
from pyverify.claims._records import Reference, Task
from pyverify.claims._score import baselines, compare, schema_rule, score, score_task

Suite = tuple[list[Task], list[Reference]]


@pytest.fixture(scope="module")
def suite() -> Suite:
    return build(0)


def gold_audit(ref: Reference) -> dict[str, Any]:
    return {"task_id": ref.task_id, **ref.gold.model_dump()}


def gold_responses(refs: list[Reference]) -> dict[str, Any]:
    return {r.task_id: Extraction(gold_audit(r), "parsed", "") for r in refs}


def rows_by_id(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["task_id"]: row for row in result["rows"]}


def seed_example(suite: Suite) -> tuple[Task, Reference]:
    """The recurrence claim with input exponent off by one, under constant input."""
    tasks, refs = suite
    ref = next(r for r in refs if r.claim_group == "affine_recurrence/input_off_by_one/constant_input")
    return next(t for t in tasks if t.task_id == ref.task_id), ref


def with_witness(ref: Reference, inputs: Any, horizon: Any) -> dict[str, Any]:
    audit = gold_audit(ref)
    audit["counterexample"] = {"state": {"rho": 2, "x0": 1, "inputs": inputs, "horizon": horizon}}
    return audit


# ---------------------------------------------------------------- the reference itself


def test_every_gold_audit_scores_safe_and_strict(suite: Suite) -> None:
    tasks, refs = suite
    result = score(tasks, refs, gold_responses(refs))
    failing = [(r["task_id"], r["check_status"], r["check_message"]) for r in result["rows"] if not r["strict"]]
    assert failing == []
    for row in result["rows"]:
        assert row["scored"] and row["json_valid"] and row["safe"]
        assert row["check_status"] == ("verified" if row["gold_verdict"] == "invalid" else "not_applicable")
    summary, classes = result["summary"], result["class_conditional"]
    assert summary["tasks"] == summary["scored"] == len(tasks) == 72
    assert summary["safe"] == {"k": 72, "n": 72, "rate": 1.0}
    assert summary["strict"]["rate"] == 1.0 and summary["coverage"] == 1.0
    invalid = sum(1 for r in refs if r.gold.verdict == "invalid")
    assert classes["invalid_claims"]["verified_witnesses"] == {"k": invalid, "n": invalid, "rate": 1.0}
    assert classes["valid_claims"]["non_null_witnesses"] == {"k": 0, "n": 72 - invalid, "rate": 0.0}
    assert result["grouped"]["groups"] == len({r.claim_group for r in refs}) == 48
    assert result["grouped"]["safe"] == 1.0
    assert set(result["per_family"]) == {"optimizer_transport", "affine_recurrence", "linear_algebra"}
    assert all(block["safe"]["rate"] == 1.0 for block in result["per_family"].values())


def test_outputs_are_plain_json_with_the_scorer_version(suite: Suite) -> None:
    tasks, refs = suite
    result = score(tasks, refs, gold_responses(refs))
    assert result["scorer_version"] == SCORER_VERSION and result["inputs"] == {}
    again = json.loads(json.dumps(result))  # no Decimal, no objects: `claims score --json` round-trips
    assert compare(refs, again, again)["mean_delta"] == 0.0


# ---------------------------------------------------------------- per task


def test_perturbing_the_witness_flips_w(suite: Suite) -> None:
    task, ref = seed_example(suite)
    good = score_task(task, ref, with_witness(ref, [1, 1], 2))
    assert good["check_status"] == "verified" and good["witness_ok"] and good["safe"] and good["strict"]
    bad = score_task(task, ref, with_witness(ref, [1], 2))
    assert bad["check_status"] == "rejected" and not bad["witness_ok"]
    assert not bad["safe"] and not bad["strict"]
    assert "horizon 2" in bad["check_message"] and "1 input" in bad["check_message"]
    # everything else was right: only W failed
    assert bad["json_valid"] and bad["verdict_correct"] and bad["scope_correct"] and bad["repair_correct"]


def test_labels_are_compared_after_strip_and_lowercase_without_semantic_credit(suite: Suite) -> None:
    task, ref = seed_example(suite)
    audit = gold_audit(ref) | {"verdict": " Invalid ", "scope": "FINITE_HORIZON_VALUE", "repair": "Unroll_Exact "}
    row = score_task(task, ref, audit)
    assert row["safe"] and row["strict"]
    row = score_task(task, ref, gold_audit(ref) | {"failure_mode": "input exponent"})
    assert row["safe"] and not row["failure_mode_correct"] and not row["strict"]
    row = score_task(task, ref, gold_audit(ref) | {"repair": "unroll"})
    assert not row["repair_correct"] and not row["safe"]


def test_a_response_may_be_text_a_file_row_or_an_audit(suite: Suite) -> None:
    task, ref = seed_example(suite)
    raw = "<think>rho = 0</think> " + json.dumps(gold_audit(ref))
    assert score_task(task, ref, raw)["strict"]
    assert score_task(task, ref, {"task_id": ref.task_id, "raw_output": raw})["strict"]
    assert score_task(task, ref, {"task_id": ref.task_id, "protocol": "direct", "prediction": gold_audit(ref)})[
        "strict"
    ]
    assert score_task(task, ref, gold_audit(ref))["strict"]
    assert score_task(task, ref, None)["response_status"] == "unavailable"


def test_the_wrong_task_id_is_not_json_valid(suite: Suite) -> None:
    task, ref = seed_example(suite)
    row = score_task(task, ref, gold_audit(ref) | {"task_id": "REC-999"})
    assert not row["task_id_correct"] and not row["json_valid"] and not row["safe"]


def test_a_valid_claim_with_a_witness_fails_w(suite: Suite) -> None:
    tasks, refs = suite
    ref = next(r for r in refs if r.gold.verdict == "valid" and r.family == "linear_algebra")
    task = next(t for t in tasks if t.task_id == ref.task_id)
    witness = {"state": {"A": [[1, 0], [0, 1]], "B": [[1, 0], [0, 1]]}}
    row = score_task(task, ref, gold_audit(ref) | {"counterexample": witness})
    assert row["witness_given"] and not row["witness_ok"] and not row["safe"]
    responses = gold_responses(refs)
    responses[ref.task_id] = Extraction(gold_audit(ref) | {"counterexample": witness}, "parsed", "")
    valid = score(tasks, refs, responses)["class_conditional"]["valid_claims"]
    assert valid["non_null_witnesses"]["k"] == 1


def test_a_partial_audit_is_scored_but_not_json_valid(suite: Suite) -> None:
    task, ref = seed_example(suite)
    audit = {k: v for k, v in gold_audit(ref).items() if k != "repair"}
    row = score_task(task, ref, extract(json.dumps(audit)))
    assert row["response_status"] == "partial" and row["scored"]
    assert not row["json_valid"] and not row["safe"]
    assert row["verdict_correct"] and row["check_status"] == "verified"  # still reported


def test_a_truncated_response_is_unscored_not_wrong(suite: Suite) -> None:
    tasks, refs = suite
    task, ref = seed_example(suite)
    responses = gold_responses(refs)
    responses[ref.task_id] = extract(json.dumps(gold_audit(ref))[:-10])
    result = score(tasks, refs, responses)
    row = rows_by_id(result)[ref.task_id]
    assert row["scored"] is False and row["reason"].startswith("truncated") and not row["safe"]
    summary = result["summary"]
    assert summary["scored"] == 71 and summary["unscored"] == 1
    assert summary["coverage"] == pytest.approx(71 / 72)
    assert summary["safe"] == {"k": 71, "n": 71, "rate": 1.0}  # not counted wrong
    assert summary["response_status"] == {"parsed": 71, "truncated": 1}


def test_a_missing_response_is_scored_as_unavailable(suite: Suite) -> None:
    tasks, refs = suite
    responses = gold_responses(refs)
    missing = refs[0].task_id
    del responses[missing]
    result = score(tasks, refs, responses)
    row = rows_by_id(result)[missing]
    assert row["scored"] and row["response_status"] == "unavailable" and row["check_status"] == "unavailable"
    assert not row["safe"]
    assert result["summary"]["safe"] == {"k": 71, "n": 72, "rate": 71 / 72}
    assert result["summary"]["coverage"] == 1.0


def test_responses_for_unknown_tasks_are_reported(suite: Suite) -> None:
    tasks, refs = suite
    responses = gold_responses(refs) | {"NOPE-1": extract(""), "NOPE-2": extract("")}
    assert score(tasks, refs, responses)["unmatched_responses"] == {"count": 2, "task_ids": ["NOPE-1", "NOPE-2"]}


def test_tasks_and_references_must_match(suite: Suite) -> None:
    tasks, refs = suite
    with pytest.raises(ValueError, match="1 reference.*without a task.*" + refs[-1].task_id):
        score(tasks[:-1], refs, {})
    with pytest.raises(ValueError, match="1 task.*without a reference"):
        score(tasks, refs[1:], {})
    with pytest.raises(ValueError, match="repeat task_id"):
        score([*tasks, tasks[0]], [*refs, refs[0]], {})


def test_a_scored_run_read_from_a_file(suite: Suite, tmp_path: Path) -> None:
    tasks, refs = suite
    lines = []
    for ref in refs:
        raw = f"<think>check small cases</think>\nAnswer:\n```json\n{json.dumps(gold_audit(ref), indent=1)}\n```"
        lines.append(json.dumps({"task_id": ref.task_id, "protocol": "direct", "prediction": None, "raw_output": raw}))
    path = tmp_path / "run.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = score(tasks, refs, load_responses(path))
    assert result["summary"]["strict"]["rate"] == 1.0


# ---------------------------------------------------------------- baselines


def test_baselines(suite: Suite) -> None:
    tasks, refs = suite
    result = baselines(tasks, refs)
    assert result["scorer_version"] == SCORER_VERSION and "inputs" in result
    valid = {r.task_id for r in refs if r.gold.verdict == "valid"}
    always_valid = result["always_valid"]
    assert {r["task_id"] for r in always_valid["rows"] if r["safe"]} == valid
    assert {r["task_id"] for r in always_valid["rows"] if r["strict"]} == valid
    assert result["table"]["always_valid"]["safe"] == pytest.approx(len(valid) / len(tasks))
    always_invalid = result["always_invalid"]
    assert not any(r["safe"] for r in always_invalid["rows"])  # a null witness never verifies
    assert all(r["verdict_correct"] == (r["gold_verdict"] == "invalid") for r in always_invalid["rows"])
    always_null = result["always_null"]["summary"]
    assert always_null["safe"]["k"] == 0 and always_null["coverage"] == 1.0
    assert always_null["response_status"] == {"unavailable": 72}
    assert "run" not in result and "schema_only" not in result


def test_the_schema_only_rule_repairs_horizon_mismatches_and_nothing_else(suite: Suite) -> None:
    tasks, refs = suite
    task, ref = seed_example(suite)
    run: dict[str, Any] = gold_responses(refs)
    run[ref.task_id] = Extraction(with_witness(ref, ["1", "1"], 3), "parsed", "")
    before = copy.deepcopy(run)
    result = baselines(tasks, refs, run)
    assert run == before  # the run is not modified
    assert not rows_by_id(result["run"])[ref.task_id]["safe"]
    assert rows_by_id(result["schema_only"])[ref.task_id]["safe"]
    assert result["table"]["run"]["safe"] == pytest.approx(71 / 72)
    assert result["table"]["schema_only"]["safe"] == 1.0
    # the rule sets horizon = len(inputs) on recurrence witnesses and changes nothing else
    fixed = schema_rule(with_witness(ref, ["1", "1"], 3))
    assert fixed == with_witness(ref, ["1", "1"], 2)
    assert schema_rule(with_witness(ref, "1, 1", 3)) == with_witness(ref, "1, 1", 3)  # inputs not a list
    assert schema_rule(gold_audit(ref) | {"counterexample": None})["counterexample"] is None
    # it does not touch other families, and does not make a wrong witness right
    assert result["schema_only_changed"] == sum(
        1 for r in refs if r.family == "affine_recurrence" and r.gold.counterexample is not None
    )
    wrong: dict[str, Any] = gold_responses(refs)
    wrong[ref.task_id] = Extraction(with_witness(ref, [0], 5), "parsed", "")  # fixed to horizon 1: the claim holds
    assert not rows_by_id(baselines(tasks, refs, wrong)["schema_only"])[ref.task_id]["safe"]


# ---------------------------------------------------------------- comparing two runs


def test_compare_reports_transitions_group_deltas_and_an_interval(suite: Suite) -> None:
    tasks, refs = suite
    a = baselines(tasks, refs)["always_valid"]
    b = score(tasks, refs, gold_responses(refs))
    result = compare(refs, a, b)
    invalid = sorted(r.task_id for r in refs if r.gold.verdict == "invalid")
    assert result["transitions"] == {"gained": invalid, "lost": []}
    assert result["groups"] == 48 and result["worsened"] == 0
    assert result["improved"] + result["unchanged"] == 48
    assert result["improved"] == len({r.claim_group for r in refs if r.gold.verdict == "invalid"})
    assert result["mean_delta"] == pytest.approx(b["grouped"]["safe"] - a["grouped"]["safe"])
    low, high = result["ci95"]
    assert low <= result["mean_delta"] <= high and low < high
    assert result["bootstrap"]["resamples"] == 10_000 and result["scorer_version"] == SCORER_VERSION
    backwards = compare(refs, b, a)
    assert backwards["transitions"] == {"gained": [], "lost": invalid} and backwards["worsened"] == result["improved"]
    assert backwards["mean_delta"] == pytest.approx(-result["mean_delta"])


def test_the_bootstrap_is_deterministic_for_a_seed(suite: Suite) -> None:
    tasks, refs = suite
    a = baselines(tasks, refs)["always_valid"]
    responses = gold_responses(refs)
    for ref in refs[::3]:  # a run that is right on about two thirds of the tasks
        responses[ref.task_id] = extract("")
    b = score(tasks, refs, responses)
    first = compare(refs, a, b, seed=11)
    assert compare(refs, a, b, seed=11) == first
    assert first["improved"] and first["worsened"]
    assert first["ci95"][0] <= first["mean_delta"] <= first["ci95"][1]
    same = compare(refs, b, b, seed=3)
    assert same["mean_delta"] == 0.0 and same["ci95"] == [0.0, 0.0] and same["unchanged"] == 48


def test_compare_leaves_out_tasks_unscored_in_either_run(suite: Suite) -> None:
    tasks, refs = suite
    task, ref = seed_example(suite)
    responses = gold_responses(refs)
    responses[ref.task_id] = extract(json.dumps(gold_audit(ref))[:-5])
    a = score(tasks, refs, responses)
    b = score(tasks, refs, gold_responses(refs))
    result = compare(refs, a, b)
    assert result["excluded_unscored"] == [ref.task_id] and result["tasks_paired"] == 71
    assert result["transitions"] == {"gained": [], "lost": []} and result["mean_delta"] == 0.0


def test_compare_refuses_runs_of_other_tasks(suite: Suite) -> None:
    tasks, refs = suite
    b = score(tasks, refs, gold_responses(refs))
    with pytest.raises(ValueError, match="1 missing"):
        compare(refs, b | {"rows": b["rows"][1:]}, b)
    with pytest.raises(ValueError, match="not an output of score"):
        compare(refs, {"summary": {}}, b)


def test_compare_of_48_groups_with_10000_resamples_is_quick(suite: Suite) -> None:
    tasks, refs = suite
    a = baselines(tasks, refs)["always_valid"]
    b = score(tasks, refs, gold_responses(refs))
    times = []
    for _ in range(3):
        start = time.perf_counter()
        result = compare(refs, a, b, seed=0, resamples=10_000)
        times.append(time.perf_counter() - start)
    assert result["groups"] == 48
    assert min(times) <= 0.5, times
