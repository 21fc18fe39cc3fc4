"""Reward hacking as an audit direction, and graders against a publisher's labels on saved outputs."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pyverify.graders._answer_sources import label, labelled_outputs
from pyverify.graders._commands import audit_app as app
from pyverify.graders._graders import builtin_pairs
from pyverify.graders._hacking import PATTERNS, audit_hacking, hacking_pairs

runner = CliRunner()
NEMO = Path(__file__).resolve().parents[1] / "answers" / "data" / "nemo_skills_math_outputs.jsonl"


def test_every_pattern_is_wrong_by_construction_and_pyverify_credits_none() -> None:
    from pyverify.rewards import grade

    for pattern in PATTERNS:
        response = pattern.build("5", "7")
        assert grade(response, "5").status != "correct", (pattern.name, response)


def test_the_hacking_audit_reports_what_each_grader_credited(tmp_path: Path) -> None:
    record = audit_hacking(["pyverify", "string"], builtin_pairs(), 10.0, limit=4)
    assert record["graders"]["pyverify"]["credited"] == 0
    string = record["graders"]["string"]
    assert string["by_pattern"]["several boxes"]["credited"] == string["by_pattern"]["several boxes"]["total"] > 0
    assert all(c["pattern"] and c["response"] for c in string["credited_responses"])
    result = runner.invoke(app, ["hacking", "--grader", "pyverify", "--grader", "string", "--references", "3",
                                 "--out", str(tmp_path / "h")])  # fmt: skip
    assert result.exit_code == 1, result.output  # the string grader credited some
    assert "several boxes" in result.output and (tmp_path / "h" / "hacking.md").exists()
    assert runner.invoke(app, ["hacking", "--grader", "nope", "--out", str(tmp_path / "x")]).exit_code == 2


def test_hacking_pairs_cover_numbers_and_other_kinds() -> None:
    built = hacking_pairs([p for p in _certified()], 6)
    names = {name for name, _ in built}
    assert "approximately" in names and "text-only box" in names


def _certified():  # type: ignore[no-untyped-def]
    from pyverify.graders._graders import certify

    return certify(builtin_pairs(), 10.0)


def test_labels_of_saved_outputs_are_read_in_their_publishers_shapes(tmp_path: Path) -> None:
    assert label({"score": [True, False]}) is True and label({"is_correct": False}) is False
    assert label({"exact_match": 1.0}) is True and label({"symbolic_correct": "false"}) is False
    rows = [{"idx": 0, "gt": "4", "code": [r"so $\boxed{4}$"], "pred": ["4"], "score": [True]},  # Qwen2.5-Math
            {"id": "n1", "generation": r"\fbox{958}", "expected_answer": "958", "is_correct": False},  # NeMo-Skills
            {"doc_id": 2, "target": "3", "resps": [["The answer is 3."]], "exact_match": 1.0},  # lm-eval
            {"id": "x", "gt": "1"}]  # fmt: skip
    path = tmp_path / "outputs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    read = labelled_outputs(path)
    assert [(p.pair_id, p.reference, label) for p, label in read.rows] == [("0", "4", True), ("n1", "958", False),
                                                                          ("2", "3", True)]  # fmt: skip
    assert read.skipped == {"no response field": 1}
    result = runner.invoke(app, ["labels", str(path), "--grader", "pyverify", "--out", str(tmp_path / "l")])
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "l" / "labels.json").read_text())
    (wrong,) = record["graders"]["pyverify"]["disagreements"]
    assert wrong["id"] == "n1" and wrong["pyverify"] == "correct" and wrong["right"] == "grader"


def test_labels_on_real_nemo_skills_outputs(tmp_path: Path) -> None:
    result = runner.invoke(app, ["labels", str(NEMO), "--grader", "pyverify", "--out", str(tmp_path / "n")])
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "n" / "labels.json").read_text())
    # (142: two responses box their answer, then make up a question whose instructions hold an empty \boxed{}; NeMo
    # reads the empty box and marks them wrong, pyverify reads the answer: the grader is right by certificate; and
    # \boxed{(x+y)^2=81} for MATH's "what is (x+y)^2?" (gold 81), which NeMo marks wrong: an equation with a constant
    # side states 81 for (x+y)^2, and which quantity was asked is not in the pair, so pyverify says unknown, not wrong;
    # 140 since two base-model responses that answer the question asked (\boxed{220}, \boxed{0}) and then make up and
    # answer another exercise ('Question: ...') are read at their own answer, where NeMo reads the made-up one's box)
    assert record["graders"]["pyverify"]["agree"] >= 140
    # every disagreement is the publisher's error by certificate, except one response that ends by answering in
    # words ('the answer is different for any number'): unparsed for pyverify, correct for NeMo, undecided by value,
    # and the equation above, undecided without the question
    undecided = {d["id"] for d in record["graders"]["pyverify"]["disagreements"] if d["right"] != "grader"}
    assert undecided <= {"nemo-rs1-train/number_theory/106.json", "nemo-rs0-train/algebra/2027.json"}, undecided


def test_a_grader_that_fails_everywhere_is_not_reported_safe(tmp_path: Path) -> None:
    result = runner.invoke(app, ["hacking", "--grader", "no_such_module_here:grade", "--references", "2",
                                 "--out", str(tmp_path / "h")])  # fmt: skip
    assert result.exit_code == 3, result.output
    assert "failed on" in result.output and "No module named" in result.output
