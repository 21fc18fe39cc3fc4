"""The CLI helper functions: exit codes and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pyverify.metrics._cli import metrics_command, rank_weights_command, select_command
from tests.metrics.runs import synthetic_rows, write_run


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    root = tmp_path_factory.mktemp("cli")
    rng = np.random.default_rng(0)
    shifts = [{"F6": 0.38}, {"F7": 0.38}, {"F6": -0.4, "F7": -0.4}]  # added to the chance of a correct answer
    return [write_run(root, f"r{i}", f"org/model-{i}", synthetic_rows(f"org/model-{i}", 0.6, 24, rng, family_shift=shifts[i]))
            for i in range(3)]  # fmt: skip


@pytest.fixture(autouse=True)
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyverify.metrics import _cli, _compute

    monkeypatch.setattr(_cli, "_compute", lambda dirs: _compute.compute(list(dirs), bootstrap=200, permutations=100))


def _one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


def test_metrics_command_json_and_out(runs: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sub" / "metrics.json"
    assert metrics_command(runs, as_json=True, out=out) == 0
    printed = json.loads(capsys.readouterr().out)
    assert json.loads(out.read_text()) == printed and printed["schema_version"] == 1
    assert metrics_command(runs, as_json=False, out=None) == 0
    text = capsys.readouterr().out
    assert "org/model-0" in text and "Invariance" in text


def test_metrics_command_missing_dir(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert metrics_command([tmp_path / "nope"], as_json=False, out=None) == 2
    assert "nope" in _one_error_line(capsys.readouterr().err)


def test_select_command(runs: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert select_command(runs, "F6=1", as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["model"] == "org/model-0"
    assert select_command(runs, "F7=0.9,F6=0.1", as_json=False) == 0
    assert "selected: org/model-1" in capsys.readouterr().out


@pytest.mark.parametrize("text", ["F9=1", "F6=-1", "F6=abc", "F6=0,F7=0", "", "F6", "F6=1,F6=2", "F6=nan"])
def test_select_command_bad_weights(runs: list[Path], text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert select_command(runs, text, as_json=False) == 2
    _one_error_line(capsys.readouterr().err)


def test_rank_weights_command(runs: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    # model-2 is worse on F6 and F7 by construction; model-0 above model-1 is realizable (weight on F6)
    assert rank_weights_command(runs, "model-0>model-1", as_json=False) == 0
    assert "weights:" in capsys.readouterr().out
    assert rank_weights_command(runs, "org/model-1 > model-0", as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["feasible"]


def test_rank_weights_command_infeasible_and_bad(
    runs: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a model that is (almost) always wrong is dominated: ranking it first is infeasible
    bad = write_run(
        tmp_path, "bad", "org/always-wrong", synthetic_rows("org/always-wrong", 0.0, 24, np.random.default_rng(9))
    )
    assert rank_weights_command([*runs, bad], "always-wrong>model-0", as_json=False) == 1
    out = capsys.readouterr().out
    assert "not realizable" in out and "fails no more than org/always-wrong" in out
    for target in ("model-0>nobody", "model>model-1", "model-0", "model-0>>model-1", "model-0>model-0"):
        assert rank_weights_command(runs, target, as_json=False) == 2, target
        _one_error_line(capsys.readouterr().err)
    assert rank_weights_command([Path("/nonexistent/run")], "a>b", as_json=False) == 2
    _one_error_line(capsys.readouterr().err)


def test_model_ids_are_not_read_as_rich_markup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "[/x]" is a closing tag to rich: printed raw it raised MarkupError; "[x]" silently vanished
    rows = synthetic_rows("org/[/x]", 0.6, 3, np.random.default_rng(1))
    runs = [write_run(tmp_path, "a", "org/[/x]", rows), write_run(tmp_path, "b", "org/[x]", rows)]
    cbu = [
        {"task_id": "t", "candidate": c, "utility": u, "correct": ok} for c, u, ok in ((0, 0.9, True), (1, 0.1, False))
    ]
    runs.append(write_run(tmp_path, "c", "org/[bold]", cbu, protocol="cbu"))
    assert metrics_command(runs, as_json=False, out=None) == 0
    out = capsys.readouterr().out
    assert "org/[/x]" in out and "org/[x]" in out and "org/[bold]" in out
