"""``pyverify certify-batch --executor ray`` through the command: the local run's results, and a clear refusal of
a cluster address where nothing answers."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from typer.testing import CliRunner

from pyverify.cli import app

ray = pytest.importorskip("ray")
runner = CliRunner()

ROWS = [
    {"id": "sq", "claim": "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1"},
    {"id": "sq-wrong", "claim": "forall x : Q, (x + 1)^2 = x^2 + 1"},
    {"id": "comm", "a": "forall x : R, x + 3 > 0", "b": "forall x : R, 3 + x > 0"},
    {"id": "half", "reference": "\\frac{1}{2}", "candidate": "0.5"},
    {"id": "root", "reference": "\\sqrt{8}", "candidate": "3"},
    {"id": "bad", "claim": "forall x : Q, x +"},
]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    # one Ray for the module: the command joins the Ray that is already initialized instead of starting its own
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def _source(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    return path


def _timeless(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _timeless(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_timeless(v) for v in value]
    return value


def _rows(path: Path) -> list[Any]:
    return [_timeless(json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines()]


def test_certify_batch_on_ray_writes_the_local_results(tmp_path: Path, local_ray: None) -> None:
    src = _source(tmp_path)
    local = runner.invoke(app, ["certify-batch", str(src), "--out", str(tmp_path / "local.jsonl"), "--json"])
    assert local.exit_code == 0, local.output
    on_ray = runner.invoke(app, ["certify-batch", str(src), "--out", str(tmp_path / "ray.jsonl"), "--executor", "ray",
                                 "--workers", "2", "--json"])  # fmt: skip
    assert on_ray.exit_code == 0, on_ray.output
    rows = _rows(tmp_path / "local.jsonl")
    assert rows == _rows(tmp_path / "ray.jsonl")
    assert [r["status"] for r in rows] == ["certified", "refuted", "certified", "equal", "different", "bad input"]
    assert json.loads(on_ray.stdout)["computed"] == len(ROWS)


def test_an_unreachable_cluster_is_one_error_line_and_exit_2(tmp_path: Path) -> None:
    # a fresh process: in this one Ray may already be initialized, and then --address is not consulted
    src = _source(tmp_path)
    start = time.monotonic()
    done = subprocess.run([str(Path(sys.executable).with_name("pyverify")), "certify-batch", str(src), "--out",
                           str(tmp_path / "out.jsonl"), "--executor", "ray", "--address", "127.0.0.1:1"],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert time.monotonic() - start < 60  # Ray alone retries such an address for ever
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: --address 127.0.0.1:1: cannot reach the Ray cluster: nothing answers at")
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert not (tmp_path / "out.jsonl").exists()
