"""``pyverify audit graders`` fanned out: the same audit on this machine, on local worker processes and on Ray."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from typer.testing import CliRunner

from pyverify.graders import _graders
from pyverify.graders._commands import audit_app as app
from pyverify.graders._graders import CHUNK_PAIRS, Pair, audit_graders, chunk_size, run_external

runner = CliRunner()

# decides by normalised string equality, except for three planted candidates that crash the program, hang past
# the deadline, or raise
PLANTED = """
import os, time

def grade(reference, candidate):
    if candidate == "13":
        os._exit(9)
    if candidate == "14":
        time.sleep(30)
    if candidate == "15":
        raise ValueError("planted")
    return reference.replace(" ", "") == candidate.replace(" ", "")
"""

ROWS = [
    ("a", "1", "1"), ("b", "2", "3"), ("c", r"\frac{1}{2}", "0.5"), ("d", "(1, 2)", "(1,2)"), ("e", "4", "13"),
    ("f", "5", "5"), ("g", "6", "7"), ("h", "8", "14"), ("i", "9", "9"), ("j", "10", "15"), ("k", "11", "12"),
    ("l", r"\sqrt{8}", r"2\sqrt{2}"), ("m", "16", "16"), ("n", "(1, 2)", "(2, 1)"),
]  # fmt: skip
EXPECTED = {"a": "accept", "b": "reject", "c": "reject", "d": "accept", "e": "error", "f": "accept", "g": "reject",
            "h": "timeout", "i": "accept", "j": "error", "k": "reject", "l": "reject", "m": "accept",
            "n": "reject"}  # fmt: skip


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "planted_grader.py").write_text(PLANTED, encoding="utf-8")
    (tmp_path / "c.jsonl").write_text(
        "".join(json.dumps({"id": i, "reference": r, "candidate": c}) + "\n" for i, r, c in ROWS), encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    # 14 pairs and their self pairs: chunks of 3 at least, so two or three workers get several chunks each
    monkeypatch.setattr(_graders, "CHUNK_PAIRS", 3)
    return tmp_path


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def _audit(planted: Path, name: str, *options: str) -> tuple[dict[str, Any], str, str]:
    out = planted / name
    result = runner.invoke(app, ["graders", "--grader", "planted_grader:grade", "--grader", "string", "--candidates",
                                 str(planted / "c.jsonl"), "--timeout", "1", "--out", str(out), *options])  # fmt: skip
    assert result.exit_code == 0, result.output
    record = json.loads((out / "audit.json").read_text(encoding="utf-8"))
    return record, (out / "audit.md").read_text(encoding="utf-8"), (out / "audit.html").read_text(encoding="utf-8")


def _without_provenance(record: dict[str, Any]) -> dict[str, Any]:
    """The record less what describes the run rather than the graders: the executor, and seconds."""
    record = json.loads(json.dumps(record))
    del record["config"]["executor"]
    for grader in record["graders"].values():
        for failure in grader["failures"]:
            del failure["seconds"]
    return record


def _check_planted(record: dict[str, Any]) -> None:
    grader = record["graders"]["planted_grader:grade"]
    assert grader["decisions"] == EXPECTED
    details = {f["pair_id"]: f["detail"] for f in grader["failures"]}
    # each planted failure cost its own pair only, wherever it fell in its chunk
    assert details["e"].startswith("grader process ended: error EarlyExit") and "status 9" in details["e"]
    assert details["h"] == "over the 1 s deadline" and details["j"] == "ValueError: planted"
    assert set(details) == {"e", "h", "j"}


def test_chunk_size_amortises_the_import_and_gives_each_worker_at_most_one_chunk() -> None:
    assert chunk_size(40, 1) == CHUNK_PAIRS == 256  # a small audit: one program per grader
    assert chunk_size(1000, 8) == 256 and chunk_size(10_000, 8) == 1250 and chunk_size(2400, 1) == 2400
    assert chunk_size(10, 4, floor=3) == 3 and chunk_size(0, 4) == 256


def test_a_crash_or_hang_costs_only_its_pair_inside_every_chunk(planted: Path) -> None:
    pairs = [Pair(i, r, c) for i, r, c in ROWS]
    decisions = run_external("planted_grader:grade", pairs, timeout=1.0, workers=3, chunk_pairs=2)
    assert list(decisions) == [p.pair_id for p in pairs]  # merged in pair order
    assert {k: d.outcome for k, d in decisions.items()} == EXPECTED


def test_the_audit_is_the_same_on_every_executor(planted: Path, local_ray: None) -> None:
    alone, alone_md, alone_html = _audit(planted, "alone")
    two, two_md, two_html = _audit(planted, "two", "--workers", "2")
    on_ray, ray_md, ray_html = _audit(planted, "ray", "--executor", "ray", "--workers", "3")
    from pyverify.parallel import LocalExecutor

    with LocalExecutor(2) as processes:
        library = audit_graders(["planted_grader:grade", "string"], planted / "c.jsonl", 1.0, executor=processes)
    assert alone["config"]["executor"]["kind"] == "local" and alone["config"]["executor"]["workers"] == 1
    assert two["config"]["executor"]["kind"] == "local" and two["config"]["executor"]["workers"] == 2
    assert on_ray["config"]["executor"]["kind"] == "ray" and on_ray["config"]["executor"]["workers"] == 3
    assert library["config"]["executor"]["kind"] == "local-processes"
    assert two["config"]["executor"]["chunk_pairs"] < alone["config"]["executor"]["chunk_pairs"]  # it did fan out
    _check_planted(alone)
    assert _without_provenance(alone) == _without_provenance(two) == _without_provenance(on_ray)
    assert _without_provenance(alone) == _without_provenance(json.loads(json.dumps(library)))
    assert alone_md == two_md == ray_md and alone_html == two_html == ray_html


def test_an_unreachable_ray_address_is_one_error_line(planted: Path) -> None:
    pytest.importorskip("ray")
    start = time.monotonic()
    done = subprocess.run([str(Path(sys.executable).with_name("pyverify")), "audit", "graders", "--grader", "string",
                           "--candidates", "c.jsonl", "--out", "o", "--executor", "ray", "--address", "127.0.0.1:1"],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert time.monotonic() - start < 60
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: --address 127.0.0.1:1: cannot reach the Ray cluster")
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert not (planted / "o").exists()
