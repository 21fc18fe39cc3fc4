"""certify-batch counts vacuous claims and equivalences, and undefined answers, each in a column of its own:
never as certified or equal; a result recorded before these statuses existed is recomputed on --resume."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from pyverify._batch import BATCH_FORMAT, read_rows, run_batch, store_path
from pyverify.cli import main
from pyverify.parallel import LocalExecutor, input_hash

ROWS: list[dict[str, Any]] = [
    {"id": "mod0", "claim": "forall n : N, mod(n, 0) = 0"},  # FormInv's false sibling of Nat.mod_zero
    {"id": "empty", "claim": "forall x : Q, x > 1 -> x < 0 -> x = 7"},
    {"id": "empty-eq", "a": "forall x : Q, x > 1 -> x < 0 -> x = 7", "b": "forall x : Q, x > 1 -> x < 0 -> x = 8"},
    {"id": "empty-lean", "claim": "forall x : Q, x > 1 -> x < 0 -> x = 7", "semantics": "mathlib"},
    {"id": "mod0-lean", "claim": "forall n : N, mod(n, 0) = 0", "semantics": "mathlib"},  # Lean: n % 0 = n
    {"id": "ok", "claim": "forall x : Q, x + 0 = x"},
    {"id": "nothing", "reference": "17", "candidate": "0/0"},
    {"id": "half", "reference": "\\frac{1}{2}", "candidate": "0.5"},
]


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_vacuous_and_undefined_rows_have_counts_of_their_own(tmp_path: Path) -> None:
    with LocalExecutor(1) as ex:
        summary = run_batch(_write(tmp_path / "in.jsonl", ROWS), tmp_path / "out.jsonl", ex)
    got = {r["id"]: r for r in map(json.loads, (tmp_path / "out.jsonl").read_text().splitlines())}
    assert {k: r["status"] for k, r in got.items()} == {
        "mod0": "vacuous", "empty": "vacuous", "empty-eq": "vacuous", "empty-lean": "vacuous", "mod0-lean": "refuted",
        "ok": "certified", "nothing": "undefined", "half": "equal"}  # fmt: skip
    assert summary.counts == {"certified": 1, "refuted": 1, "vacuous": 4, "unknown": 0, "equal": 1, "different": 0,
                              "undefined": 1, "bad input": 0}  # fmt: skip
    # the JSON keeps the evidence: the conditions no point satisfies and the engine that proved the empty claim
    mod0 = got["mod0"]["certificate"]
    assert mod0["conditions"] == ["0 ≠ 0"] and mod0["evidence"]["proved_by"]
    assert mod0["headline"] == "vacuous: no point satisfies 0 ≠ 0"
    assert got["empty"]["certificate"]["conditions"] == ["x > 1", "x < 0"]
    assert got["empty-eq"]["certificate"]["evidence"]["vacuous_claims"]


def test_the_summary_says_vacuous_is_not_certified(tmp_path: Path, capsys: Any) -> None:
    src = _write(tmp_path / "in.jsonl", ROWS[:2] + ROWS[5:7])
    assert main(["certify-batch", str(src), "--out", str(tmp_path / "out.jsonl"), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out.splitlines()[-1])["counts"]
    assert counts["vacuous"] == 2 and counts["certified"] == 1 and counts["undefined"] == 1 and counts["equal"] == 0
    assert main(["certify-batch", str(src), "--out", str(tmp_path / "out2.jsonl")]) == 0
    text = capsys.readouterr().out
    assert "2 vacuous" in text and "(not certified)" in text and "1 undefined" in text


def test_claim_only_batches_have_no_answer_columns(tmp_path: Path) -> None:
    with LocalExecutor(1) as ex:
        summary = run_batch(_write(tmp_path / "in.jsonl", ROWS[:2]), tmp_path / "out.jsonl", ex)
    assert summary.counts == {"certified": 0, "refuted": 0, "vacuous": 2, "unknown": 0, "bad input": 0}


def test_results_recorded_by_an_older_format_are_recomputed(tmp_path: Path) -> None:
    src = _write(tmp_path / "in.jsonl", ROWS[:1])
    out = tmp_path / "out.jsonl"
    with LocalExecutor(1) as ex:
        run_batch(src, out, ex)
    assert BATCH_FORMAT >= 2  # format 1 recorded vacuous claims as certified
    (row,) = read_rows(src)
    old = input_hash({"format": 1, "kind": row.kind, "fields": row.fields, "timeout": row.timeout,
                      "semantics": row.semantics})  # fmt: skip
    with sqlite3.connect(store_path(out)) as db:  # the store as format 1 wrote it, with its verdict
        db.execute("UPDATE results SET input_hash = ?, result = ?", (old, json.dumps({"status": "certified"})))
    with LocalExecutor(1) as ex:
        again = run_batch(src, out, ex, resume=True)
    assert (again.computed, again.reused) == (1, 0) and again.counts["vacuous"] == 1
