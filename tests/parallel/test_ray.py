"""The Ray executor on a real local Ray: same results as local workers, a dead Ray worker costs one retry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from pyverify._batch import SETUP, run_batch
from pyverify.parallel import Job, LocalExecutor
from pyverify.parallel import _probes as probes

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


ROWS: list[Any] = [
    {"id": "sq", "claim": "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1"},
    {"id": "sq-wrong", "claim": "forall x : Q, (x + 1)^2 = x^2 + 1"},
    {"id": "nat-sub", "claim": "forall n : N, n - 1 + 1 = n", "semantics": "mathlib"},
    {"id": "exists", "claim": "exists x : Z, x^2 = 49"},
    {"id": "comm", "a": "forall x : R, x + 3 > 0", "b": "forall x : R, 3 + x > 0"},
    {"id": "not-comm", "a": "forall x y : Q, x - y >= 0", "b": "forall x y : Q, y - x >= 0"},
    {"id": "half", "reference": "\\frac{1}{2}", "candidate": "0.5"},
    {"id": "root", "reference": "\\sqrt{8}", "candidate": "3"},
    {"id": "bad", "claim": "forall x : Q, x +"},
    "not json",
]


def _verdicts(path: Path) -> list[tuple[Any, ...]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        cert = r.get("certificate") or {}
        out.append((r["id"], r["status"], cert.get("method"), json.dumps(cert.get("witness"), sort_keys=True),
                    r.get("reason")))  # fmt: skip
    return out


def test_results_are_identical_on_every_executor(tmp_path: Path, local_ray: None) -> None:
    from pyverify.parallel import RayExecutor

    src = tmp_path / "in.jsonl"
    src.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in ROWS), encoding="utf-8")
    verdicts = []
    for name, executor in (("one", LocalExecutor(1, setup=SETUP)), ("two", LocalExecutor(2, setup=SETUP)),
                           ("ray", RayExecutor(2, setup=SETUP))):  # fmt: skip
        with executor:
            run_batch(src, tmp_path / f"{name}.jsonl", executor)
        verdicts.append(_verdicts(tmp_path / f"{name}.jsonl"))
    assert verdicts[0] == verdicts[1] == verdicts[2]
    assert [v[1] for v in verdicts[0]] == ["certified", "refuted", "refuted", "certified", "certified", "refuted",
                                           "equal", "different", "bad input", "bad input"]  # fmt: skip


def test_a_ray_worker_dying_mid_row_costs_only_that_row(tmp_path: Path, local_ray: None) -> None:
    from pyverify.parallel import RayExecutor

    marker = str(tmp_path / "died")
    with RayExecutor(2) as ex:
        jobs = [Job("dies", (marker, "second try", True), 10), Job("fine", (0, "fine"), 10)]
        outcomes = {o.key: o for o in ex.map(probes.die_once, jobs[:1])}
        outcomes.update({o.key: o for o in ex.map(probes.busy, jobs[1:])})
    assert (outcomes["dies"].status, outcomes["dies"].value) == ("ok", "second try")
    assert (outcomes["fine"].status, outcomes["fine"].value) == ("ok", "fine")


def test_a_hanging_task_is_stopped_at_its_deadline(local_ray: None) -> None:
    from pyverify.parallel import RayExecutor

    with RayExecutor(2) as ex:
        outcomes = {o.key: o.status for o in ex.map(probes.busy, [Job("hang", (3600,), 0.5), Job("ok", (0,), 5)])}
    assert outcomes == {"hang": "deadline", "ok": "ok"}
