"""HumanEval data pinned by SHA-256, candidate directories, and the ``audit humaneval`` command end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pyverify.audit import CandidateError, DataError, load_candidates, load_problems
from pyverify.audit._commands import app
from pyverify.audit._humaneval import DATA_SHA256, data_path

runner = CliRunner()
WRONG_0 = (
    "# witness: has_close_elements([1.0, 2.0], 1.0)\n"
    "from typing import List\n\n\n"
    "def has_close_elements(numbers: List[float], threshold: float) -> bool:\n"
    "    return any(abs(a - b) <= threshold for i, a in enumerate(numbers) for j, b in enumerate(numbers) if i != j)\n"
)


def test_loader_checks_the_pinned_checksum(tmp_path: Path) -> None:
    problems = load_problems()
    assert len(problems) == 164 and problems[0].task_id == "HumanEval/0" and problems[163].number == 163
    assert problems[0].entry_point == "has_close_elements" and "def check(candidate)" in problems[0].test
    copy = tmp_path / "HumanEval.jsonl.gz"
    copy.write_bytes(data_path().read_bytes() + b"\0")
    with pytest.raises(DataError, match="SHA-256"):
        load_problems(copy)
    with pytest.raises(DataError):
        load_problems(data_path(), sha256="0" * 64)
    assert DATA_SHA256.startswith("b796127e")


def test_candidate_directories(tmp_path: Path) -> None:
    problems = load_problems()[:5]
    (tmp_path / "HumanEval_0.py").write_text(WRONG_0)
    (tmp_path / "notes.txt").write_text("ignored")
    (tmp_path / "haiku").mkdir()
    (tmp_path / "haiku" / "HumanEval_0.py").write_text(WRONG_0.split("\n", 1)[1])
    found = load_candidates(tmp_path, problems)
    assert sorted((c.adversary, c.witness is None) for c in found) == [("haiku", True), (tmp_path.name, False)]
    for name, text, match in [
        ("HumanEval_x.py", WRONG_0, "must be named"),
        ("HumanEval_99.py", WRONG_0, "no problem HumanEval/99"),
        ("HumanEval_1.py", WRONG_0.split("\n", 1)[1], "does not define separate_paren_groups"),
        ("HumanEval_1.py", WRONG_0, "HumanEval_1.py:1: witness must be a call of separate_paren_groups"),
        ("HumanEval_0.py", "# Witness - none\n" + WRONG_0, "HumanEval_0.py:1: witness line must read"),
        ("HumanEval_0.py", "def has_close_elements(:\n", "HumanEval_0.py:1: candidate does not parse"),
    ]:
        bad = tmp_path / "bad"
        bad.mkdir(exist_ok=True)
        for old in bad.iterdir():
            old.unlink()
        (bad / name).write_text(text)
        with pytest.raises(CandidateError, match=match):
            load_candidates(bad, problems)


def test_cli_end_to_end_on_five_problems(tmp_path: Path) -> None:
    candidates = tmp_path / "cands"
    candidates.mkdir()
    (candidates / "HumanEval_0.py").write_text(WRONG_0)
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["humaneval", "--limit", "5", "--candidates", str(candidates), "--out", str(out), "--mutants", "8"]
    )
    assert result.exit_code == 0, result.output
    record = json.loads((out / "audit.json").read_text())
    items = {i["item_id"]: i for i in record["items"]}
    assert len(items) == 5 and all(i["d1"] is True for i in items.values())
    assert items["HumanEval/0"]["verdict"] == "FALSE-POSITIVE"
    attempt = items["HumanEval/0"]["d3"][0]
    assert attempt["separated"] and attempt["accepted"] and attempt["witness"] == "has_close_elements([1.0, 2.0], 1.0)"
    assert {i["verdict"] for k, i in items.items() if k != "HumanEval/0"} <= {"UNAUDITED-D3", "WEAK", "UNAUDITED-D2"}
    assert record["figures"]["verdicts"]["FALSE-POSITIVE"] == 1
    assert all(i["mutants_run"] <= 8 for i in items.values())
    report = (out / "audit.md").read_text()
    assert "HumanEval/0" in report and "has_close_elements([1.0, 2.0], 1.0)" in report


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("HumanEval_0.py", "# witness: __import__('os').system('x')\n" + WRONG_0, "HumanEval_0.py:1:"),
        ("HumanEval_zero.py", WRONG_0, "HumanEval_zero.py"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(tmp_path: Path, name: str, text: str, message: str) -> None:
    (tmp_path / name).write_text(text)
    result = runner.invoke(
        app, ["humaneval", "--limit", "2", "--candidates", str(tmp_path), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2
    assert result.output.startswith("error: ") and message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "o").exists()


def test_cli_missing_directory_and_checksum_mismatch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = runner.invoke(app, ["humaneval", "--candidates", str(tmp_path / "nope"), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "not a directory" in result.output
    monkeypatch.setattr("pyverify.audit._humaneval.DATA_SHA256", "0" * 64)
    monkeypatch.setattr("pyverify.audit._humaneval.load_problems.__defaults__", (None,))
    monkeypatch.setattr("pyverify.audit._humaneval.load_problems.__kwdefaults__", {"sha256": "0" * 64})
    result = runner.invoke(app, ["humaneval", "--out", str(tmp_path / "o")])
    assert result.exit_code == 4 and "SHA-256" in result.output


def test_cli_refuses_limit_zero_and_an_out_file_in_one_line(tmp_path: Path) -> None:
    afile = tmp_path / "file"
    afile.write_text("x")
    for args in (["humaneval", "--limit", "0", "--out", str(tmp_path / "o")], ["humaneval", "--out", str(afile)]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2 and result.output.startswith("error: ") and result.output.count("\n") == 1


def test_two_candidates_for_one_item_from_one_adversary_are_refused(tmp_path: Path) -> None:
    problems = load_problems()[:8]
    for name in ("HumanEval_7.py", "HumanEval_07.py"):
        (tmp_path / name).write_text("def filter_by_substring(strings, substring):\n    return strings\n")
    with pytest.raises(CandidateError, match="second candidate for HumanEval/7"):
        load_candidates(tmp_path, problems)


def test_sandbox_runs_fanned_out_to_an_executor_give_the_same_audit(tmp_path: Path) -> None:
    from pyverify.audit._humaneval import Settings, audit_humaneval, load_problems
    from pyverify.audit._sandbox import fan_out
    from pyverify.parallel import LocalExecutor

    problems = load_problems()[:2]
    settings = Settings(mutants=4, workers=2, seed=0)
    here = audit_humaneval(problems, [], settings).to_dict(settings.bar)
    executor = LocalExecutor(2)
    try:
        with fan_out(executor):
            there = audit_humaneval(problems, [], settings).to_dict(settings.bar)
    finally:
        executor.close()
    assert here["figures"] == there["figures"]
    assert [i["verdict"] for i in here["items"]] == [i["verdict"] for i in there["items"]]


def test_cli_executor_options_are_checked(tmp_path: Path) -> None:
    bad = runner.invoke(app, ["humaneval", "--limit", "1", "--executor", "nope", "--out", str(tmp_path / "o")])
    assert bad.exit_code == 2 and "error: --executor" in bad.output
    stray = runner.invoke(app, ["humaneval", "--limit", "1", "--address", "auto", "--out", str(tmp_path / "o")])
    assert stray.exit_code == 2 and "--address is for --executor ray" in stray.output
