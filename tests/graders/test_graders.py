"""``pyverify audit graders``: candidates files, planted graders, isolation of crashes and timeouts."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pyverify.graders._commands import audit_app as app
from pyverify.graders._graders import (
    BUILTIN_PAIRS,
    CandidatesError,
    Pair,
    load_candidates,
    run_external,
    string_grader,
    string_normalise,
)

runner = CliRunner()

PLANTED = """
import os, time

def yes(reference, candidate):
    return True

def boom(reference, candidate):
    if candidate == "3":
        raise ZeroDivisionError("planted")
    return reference == candidate

def slow(reference, candidate):
    if candidate == "3":
        time.sleep(30)
    return reference == candidate

def crash(reference, candidate):
    if candidate == "3":
        os._exit(7)
    return reference == candidate

def text(reference, candidate):
    return "yes"
"""


def _rows(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "planted_graders.py").write_text(PLANTED, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_candidates_file_ignores_extra_keys_and_blank_lines(tmp_path: Path) -> None:
    path = _rows(tmp_path / "c.jsonl", [{"id": "a", "reference": "1", "candidate": "2", "source": "x", "n": 3}])
    path.write_text(path.read_text() + "\n\n", encoding="utf-8")
    assert load_candidates(path) == [Pair("a", "1", "2")]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"id": "b", "reference": "1"}', "missing field 'candidate'"),
        ('{"id": 3, "reference": "1", "candidate": "2"}', "field 'id' must be a non-empty string"),
        ("[1, 2]", "expected a JSON object, not list"),
        ("{not json", "not valid JSON"),
        ('{"id": "a", "reference": "1", "candidate": "3"}', "duplicate id 'a'"),
    ],
)
def test_a_bad_row_is_refused_with_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text('{"id": "a", "reference": "1", "candidate": "2"}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(CandidatesError, match=message) as info:
        load_candidates(path)
    assert str(info.value).startswith(f"{path}:2: ")
    result = runner.invoke(
        app, ["graders", "--grader", "string", "--candidates", str(path), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2 and result.output.startswith(f"error: {path}:2: ") and result.output.count("\n") == 1


def test_an_unknown_grader_name_is_bad_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["graders", "--grader", "nonsense", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "module:function" in result.output


def test_string_grader_known_behaviour() -> None:
    assert string_normalise(r"$\boxed{\dfrac{1}{2}}$") == r"\frac{1}{2}"
    assert string_grader(r"\left( 1, 2 \right)", "(1,2)")
    assert string_grader(r"\dfrac{3}{5}", r"\frac{3}{5}")
    assert not string_grader(r"\frac{2}{4}", "0.5")  # equal, but not as strings: a false negative
    assert not string_grader(r"\{1, 2, 3\}", r"\{3, 1, 2\}")
    assert not string_grader(r"[0, 1)", "[0, 1]")


def test_accept_everything_is_false_positive_with_the_wrong_answers_listed(planted: Path) -> None:
    path = _rows(planted / "c.jsonl", [
        {"id": "right", "reference": r"\frac{2}{4}", "candidate": "0.5"},
        {"id": "wrong", "reference": r"\frac{\sqrt{3}}{3}", "candidate": r"\frac{\sqrt{3}}{2}"},
        {"id": "pi", "reference": r"\pi", "candidate": "3.14159"},
    ])  # fmt: skip
    out = planted / "o"
    result = runner.invoke(app, ["graders", "--grader", "planted_graders:yes", "--grader", "pyverify",
                                 "--candidates", str(path), "--out", str(out)])  # fmt: skip
    assert result.exit_code == 1, result.output
    record = json.loads((out / "audit.json").read_text())
    yes = record["graders"]["planted_graders:yes"]
    assert yes["verdict"] == "FALSE-POSITIVE"
    assert yes["d3_false_positive"]["k"] == 2 and yes["d3_false_positive"]["n"] == 2
    assert yes["d1_acceptance"]["rate"] == 1.0 and yes["d3_false_positive"]["ci95"][0] > 0
    assert {w["id"] for w in yes["accepted_wrong"]} == {"wrong", "pi"}
    assert all(w["witness"] for w in yes["accepted_wrong"])
    assert yes["per_kind"]["number"]["d3_false_positive"]["k"] == 2
    assert record["graders"]["pyverify"]["verdict"] == "ADEQUATE"
    markdown = (out / "audit.md").read_text()
    assert "FALSE-POSITIVE" in markdown and "Accepted wrong answers" in markdown and "sqrt{3}}{2}" in markdown
    assert "planted_graders:yes accepted wrong" in result.output.replace("\n", " ")


def test_unknown_pairs_are_discarded(tmp_path: Path) -> None:
    path = _rows(tmp_path / "c.jsonl", [
        {"id": "ok", "reference": "1", "candidate": "1"},
        {"id": "bad", "reference": "1", "candidate": "\\frac{"},
    ])  # fmt: skip
    result = runner.invoke(
        app, ["graders", "--grader", "string", "--candidates", str(path), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "o" / "audit.json").read_text())
    assert record["pairs"]["discarded"] == 1 and record["pairs"]["discarded_ids"] == ["bad"]
    grader = record["graders"]["string"]
    assert "bad" not in grader["decisions"] and grader["verdict"] == "UNAUDITED-D3"


@pytest.mark.parametrize(("function", "outcome", "detail"), [
    ("boom", "error", "ZeroDivisionError: planted"),
    ("slow", "timeout", "deadline"),
    ("crash", "error", "grader process ended"),
])  # fmt: skip
def test_a_raising_sleeping_or_crashing_grader_is_error_or_timeout_never_reject(
    planted: Path, function: str, outcome: str, detail: str
) -> None:
    pairs = [Pair("p1", "1", "1"), Pair("p2", "2", "3"), Pair("p3", "4", "4"), Pair("p4", "5", "6")]
    decisions = run_external(f"planted_graders:{function}", pairs, timeout=1.0)
    assert decisions["p2"].outcome == outcome and detail in decisions["p2"].detail
    # the pairs after the failing one were still decided (a fresh process after a crash or timeout)
    assert [decisions[p].outcome for p in ("p1", "p3", "p4")] == ["accept", "accept", "reject"]


def test_a_non_bool_answer_and_a_missing_module_are_errors(planted: Path) -> None:
    pairs = [Pair("p1", "1", "1"), Pair("p2", "1", "2")]
    assert {d.outcome for d in run_external("planted_graders:text", pairs, timeout=5.0).values()} == {"error"}
    missing = run_external("no_such_module_xyz:grade", pairs, timeout=5.0)
    assert {d.outcome for d in missing.values()} == {"error"} and "ModuleNotFoundError" in missing["p1"].detail


def test_builtin_pairs_all_decided_by_pyverify(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pyverify.graders import _graders

    monkeypatch.setattr(_graders, "BUILT_PAIRS", tmp_path / "no-benchmark-here.jsonl")  # the 40 built-in pairs
    result = runner.invoke(app, ["graders", "--grader", "pyverify", "--grader", "string", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "audit.json").read_text())
    assert record["pairs"]["total"] == len(BUILTIN_PAIRS) >= 40 and record["pairs"]["discarded"] == 0
    assert record["pairs"]["d1"] >= 15 and record["pairs"]["d3"] >= 15
    assert record["graders"]["pyverify"]["verdict"] == "ADEQUATE"
    string = record["graders"]["string"]
    assert string["verdict"] == "ADEQUATE" and string["d1_acceptance"]["rate"] < 0.5


@pytest.mark.skipif(importlib.util.find_spec("math_verify") is None, reason="math-verify is not installed")
def test_math_verify_on_three_pairs(tmp_path: Path) -> None:
    path = _rows(tmp_path / "c.jsonl", [
        {"id": "c1", "reference": "\\frac{1}{2}", "candidate": "\\frac{1}{3}"},
        {"id": "c2", "reference": "\\sqrt{2}", "candidate": "\\sqrt{2}"},
        {"id": "c3", "reference": "\\frac{1}{2^{60}}", "candidate": "\\frac{1}{2^{61}}"},
    ])  # fmt: skip
    result = runner.invoke(
        app, ["graders", "--grader", "math-verify", "--candidates", str(path), "--out", str(tmp_path / "o")]
    )
    record = json.loads((tmp_path / "o" / "audit.json").read_text())
    mv = record["graders"]["math-verify"]
    assert mv["decisions"]["c1"] == "reject" and mv["decisions"]["c2"] == "accept"
    # math-verify compares numbers with a relative tolerance: 2^-60 and 2^-61 pass as equal
    assert mv["decisions"]["c3"] == "accept" and mv["verdict"] == "FALSE-POSITIVE"
    assert result.exit_code == 1


def test_the_command_imports_no_heavy_module_until_it_runs() -> None:
    import subprocess
    import sys

    code = (
        "import sys, pyverify, pyverify.cli, pyverify.graders._commands, pyverify.graders._graders; "
        "print(sorted(m for m in ('math_verify', 'sympy', 'latex2sympy2_extended', 'z3', 'torch') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"
