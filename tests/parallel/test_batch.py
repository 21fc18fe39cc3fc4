"""certify-batch: input order, bad rows, resume after SIGKILL, changed input recomputed, hanging rows, exit codes;
the same results whatever the chunking, and a row that kills its worker costs only itself."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from pyverify._batch import run_batch, store_path
from pyverify.cli import main
from pyverify.parallel import LocalExecutor
from pyverify.parallel import _probes as probes


def _write(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _claims(n: int) -> list[dict[str, Any]]:
    rows = []
    for i in range(n):
        rhs = f"x^2 + {2 * i}*x + {i * i}" if i % 2 == 0 else f"x^2 + {i * i}"
        rows.append({"id": f"r{i}", "claim": f"forall x : Q, (x + {i})^2 = {rhs}"})
    return rows


def test_results_in_input_order_whatever_the_completion_order(tmp_path: Path) -> None:
    # sleep_row sleeps timeout/10: early rows are slow, later ones fast, so they complete out of order
    rows = [{"id": i, "claim": "c", "timeout": t} for i, t in enumerate([8, 6, 0.1, 0.1, 4, 0.1, 0.1, 0.1])]
    src = _write(tmp_path / "in.jsonl", rows)
    with LocalExecutor(2) as ex:
        summary = run_batch(src, tmp_path / "out.jsonl", ex, row_fn=probes.sleep_row)
    out = _read(tmp_path / "out.jsonl")
    assert [r["id"] for r in out] == list(range(8)) and [r["line"] for r in out] == list(range(1, 9))
    assert summary.counts["certified"] == 8


def test_bad_rows_get_a_result_with_their_line_and_never_stop_the_batch(tmp_path: Path) -> None:
    src = _write(tmp_path / "in.jsonl", [
        {"id": "ok", "claim": "forall x : Q, x + 0 = x"},
        "{not json",
        {"id": "noparse", "claim": "forall x : Q, x +"},
        {"id": "nofields"},
        {"id": "ok", "claim": "1 = 1"},
        {"claim": "1 = 1"},
        {"id": "t", "claim": "1 = 1", "timeout": -1},
        {"id": "s", "claim": "1 = 1", "semantics": "lean"},
        {"id": "ans", "reference": "\\frac{1}{2}", "candidate": "\\frac{"},
        {"id": "eq", "a": "forall x : R, x + 1 > 0", "b": "forall x : R, 1 + x > 0", "extra": "kept"},
    ])  # fmt: skip
    with LocalExecutor(1) as ex:
        summary = run_batch(src, tmp_path / "out.jsonl", ex)
    out = _read(tmp_path / "out.jsonl")
    assert [r["status"] for r in out] == ["certified"] + ["bad input"] * 8 + ["certified"]
    for line, row in enumerate(out, 1):
        if row["status"] == "bad input":
            assert row["reason"].startswith(f"line {line}: "), row
    assert "duplicate id" in out[4]["reason"] and "first on line 1" in out[4]["reason"]
    assert summary.counts["bad input"] == 8


def test_a_hanging_row_becomes_unknown_deadline_not_a_hung_batch(tmp_path: Path) -> None:
    src = _write(tmp_path / "in.jsonl", [{"id": i, "claim": "c", "timeout": 0.5} for i in range(3)])
    start = time.monotonic()
    with LocalExecutor(2) as ex:
        run_batch(src, tmp_path / "out.jsonl", ex, row_fn=probes.hang_row)
    assert time.monotonic() - start < 30
    out = _read(tmp_path / "out.jsonl")
    assert all(r["status"] == "unknown" and "deadline" in r["certificate"]["reason"] for r in out)


def test_a_runaway_claim_is_unknown_within_its_deadline(tmp_path: Path) -> None:
    runaway = "forall x : Q, sum(k, 1, 100000, x^2 * k^10000) >= 0"
    src = _write(tmp_path / "in.jsonl", [{"id": "run", "claim": runaway, "timeout": 1}, {"id": "ok", "claim": "1 = 1"}])
    start = time.monotonic()
    with LocalExecutor(1) as ex:
        run_batch(src, tmp_path / "out.jsonl", ex)
    assert time.monotonic() - start < 30
    assert [r["status"] for r in _read(tmp_path / "out.jsonl")] == ["unknown", "certified"]


def test_a_changed_row_is_recomputed_and_the_others_reused(tmp_path: Path) -> None:
    rows = _claims(6)
    src = _write(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    with LocalExecutor(1) as ex:
        first = run_batch(src, out, ex)
        assert first.computed == 6
        rows[1]["claim"] = "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1"  # was refuted, now certified
        _write(src, rows)
        second = run_batch(src, out, ex, resume=True)
    assert (second.computed, second.reused) == (1, 5)
    assert [r["status"] for r in _read(out)][:2] == ["certified", "certified"]


def _stored(out: Path) -> int:
    if not store_path(out).exists():  # connecting would create it
        return 0
    try:
        with sqlite3.connect(str(store_path(out))) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM results").fetchone()[0])
    except sqlite3.Error:
        return 0


# rows are committed in groups (every 0.2 s): 2 workers get more rows through between two commits
@pytest.mark.parametrize(("options", "n"), [(["--workers", "1"], 300), (["--workers", "2", "--chunk", "7"], 800)])
def test_sigkill_mid_batch_then_resume_loses_and_repeats_nothing(tmp_path: Path, options: list[str], n: int) -> None:
    for attempt in range(3):  # a batch that finished before the kill landed (a starved poller) is tried larger
        rows = _claims(n)
        src = _write(tmp_path / f"in{attempt}.jsonl", rows)
        out = tmp_path / f"out{attempt}.jsonl"
        cmd = [sys.executable, "-m", "pyverify.cli", "certify-batch", str(src), "--out", str(out), *options]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while _stored(out) < 10 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        before = _stored(out)
        if before < n:
            break
        n *= 4
    assert 10 <= before < n, before  # killed mid-batch
    assert not out.exists()  # the output is only ever written complete
    result = subprocess.run(cmd + ["--resume", "--json"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert (summary["reused"], summary["computed"]) == (before, n - before)  # every committed row, once
    assert _stored(out) == n
    got = _read(out)
    assert [r["id"] for r in got] == [r["id"] for r in rows]
    assert [r["status"] for r in got] == ["certified" if i % 2 == 0 else "refuted" for i in range(n)]


def test_exit_codes(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "out.jsonl"
    assert main(["certify-batch", str(tmp_path / "missing.jsonl"), "--out", str(out)]) == 2
    assert main(["certify-batch", str(_write(tmp_path / "empty.jsonl", [])), "--out", str(out)]) == 2
    src = _write(tmp_path / "in.jsonl", [{"id": 1, "claim": "1 = 2"}, "oops"])
    assert main(["certify-batch", str(src), "--out", str(out), "--json"]) == 0  # refuted and bad rows: completed
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["counts"]["refuted"] == 1
    assert main(["certify-batch", str(src), "--out", str(out)]) == 2  # an earlier run's store, no --resume
    assert "--resume" in capsys.readouterr().err
    assert main(["certify-batch", str(src), "--out", str(out), "--resume"]) == 0
    assert main(["certify-batch", str(src), "--out", str(out), "--fresh"]) == 0
    assert main(["certify-batch", str(src), "--out", str(out), "--fresh", "--executor", "spark"]) == 2
    assert main(["certify-batch", str(src), "--out", str(out), "--fresh", "--address", "auto"]) == 2
    assert [r["status"] for r in _read(out)] == ["refuted", "bad input"]
    assert main(["build", "--executor", "spark"]) == 2  # refused before anything is built


def _sans_seconds(value: Any) -> Any:
    """A result without its timings (the one thing that differs between two runs)."""
    if isinstance(value, dict):
        return {k: _sans_seconds(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_sans_seconds(v) for v in value]
    return value


def test_chunked_and_unchunked_batches_write_the_same_results(tmp_path: Path) -> None:
    rows: list[Any] = _claims(30) + [
        {"id": "eq", "a": "forall x : R, x + 1 > 0", "b": "forall x : R, 1 + x > 0"},
        {"id": "half", "reference": "\\frac{1}{2}", "candidate": "0.5"},
        {"id": "noparse", "claim": "forall x : Q, x +"},
        {"id": "slow", "claim": "forall x : Q, sum(k, 1, 100000, x^2 * k^10000) >= 0", "timeout": 0.5},
        "not json",
    ]
    src = _write(tmp_path / "in.jsonl", rows)
    got = []
    for name, workers, chunk in (("one", 1, 1), ("two-by-7", 2, 7), ("adaptive", 2, None), ("all", 1, 40)):
        with LocalExecutor(workers) as ex:
            summary = run_batch(src, tmp_path / f"{name}.jsonl", ex, chunk=chunk)
        assert summary.computed == 34
        got.append(_sans_seconds(_read(tmp_path / f"{name}.jsonl")))
    assert got[0] == got[1] == got[2] == got[3]
    assert [r["status"] for r in got[0][-5:]] == ["certified", "equal", "bad input", "unknown", "bad input"]


def poison_row(kind: str, fields: dict[str, str], timeout: float, semantics: str) -> dict[str, Any]:
    """A batch row function that kills its own process, every time, for the claim "poison"."""
    if fields.get("claim") == "poison":
        os.kill(os.getpid(), signal.SIGKILL)
        time.sleep(30)
    return {"status": "certified", "certificate": {"status": "certified", "claim": fields.get("claim")}}


def test_a_row_that_kills_its_worker_inside_a_chunk_costs_only_itself(tmp_path: Path) -> None:
    rows = [{"id": i, "claim": "poison" if i == 5 else f"c{i}"} for i in range(12)]
    src = _write(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    with LocalExecutor(1) as ex:
        summary = run_batch(src, out, ex, row_fn=poison_row, chunk=12)
    got = _read(out)
    assert [r["id"] for r in got] == list(range(12))
    assert got[5]["status"] == "unknown" and "worker process died" in got[5]["certificate"]["reason"]
    assert [r["certificate"]["claim"] for r in got if r["id"] != 5] == [f"c{i}" for i in range(12) if i != 5]
    assert summary.counts == {"certified": 11, "refuted": 0, "vacuous": 0, "unknown": 1, "bad input": 0}
    with LocalExecutor(1) as ex:  # a row lost to a dead worker is not recorded: --resume tries it again
        again = run_batch(src, out, ex, row_fn=poison_row, resume=True, chunk=12)
    assert (again.computed, again.reused) == (1, 11)


def test_answers_stored_as_json_numbers_keep_their_digits(tmp_path: Path) -> None:
    # amc23's golds in Qwen2.5-Math's harness are JSON numbers (27.0); a claim is never a number
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "f", "reference": 27.0, "candidate": "27"}\n'
                   '{"id": "d", "reference": 12345678901234567890.123456789, "candidate": "12345678901234567890.123456789"}\n'
                   '{"id": "p", "reference": "1/10", "candidate": 0.1}\n'
                   '{"id": "b", "reference": true, "candidate": "1"}\n'
                   '{"id": "c", "claim": 5}\n'
                   '{"id": "t", "reference": "1", "candidate": "1", "timeout": 2.5}\n', encoding="utf-8")  # fmt: skip
    with LocalExecutor(1) as ex:
        run_batch(src, tmp_path / "out.jsonl", ex)
    out = _read(tmp_path / "out.jsonl")
    assert [r["status"] for r in out] == ["equal", "equal", "equal", "bad input", "bad input", "equal"]
    assert out[1]["certificate"]["reference"] == "12345678901234567890.123456789"  # no float rounding
    assert "must be a string or a number" in out[3]["reason"] and "must be a string" in out[4]["reason"]
