"""``report_command``: metrics from run directories, then the three report files; bad input is one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyverify.report._cli import report_command
from tests.metrics.runs import hand_runs
from tests.report.htmltables import parse


def test_report_from_real_run_directories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = hand_runs(tmp_path / "runs")
    out = tmp_path / "report"
    assert report_command(runs, out) == 0
    printed = capsys.readouterr().out.split()
    assert sorted(Path(p).name for p in printed) == ["metrics.json", "report.html", "report.md"]
    metrics = json.loads((out / "metrics.json").read_text(encoding="utf-8"))
    page = parse((out / "report.html").read_text(encoding="utf-8"))
    assert [row[0] for row in page.tables["summary-table"]] == metrics["models"] == ["m/A", "m/B", "m/C"]
    assert [a["data-theorem"] for a in page.row_attrs["theorem-table"]] == [
        t["theorem_id"] for t in metrics["invariance"]["theorems"]
    ]
    assert "| m/A |" in (out / "report.md").read_text(encoding="utf-8")


def test_unreadable_runs_give_one_error_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert report_command([tmp_path / "missing"], tmp_path / "report") == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "missing" in lines[0]
    assert not (tmp_path / "report").exists()


def test_unwritable_output_gives_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = hand_runs(tmp_path / "runs")
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    assert report_command(runs, blocker / "report") == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: cannot create the report directory")
