"""LocalExecutor: outcomes as jobs complete, hard deadlines, a dead worker costs one retry, errors are outcomes."""

from __future__ import annotations

import time
from pathlib import Path

from pyverify.parallel import Job, LocalExecutor
from pyverify.parallel import _probes as probes


def test_outcomes_arrive_as_jobs_complete() -> None:
    with LocalExecutor(2, depth=1) as ex:  # nothing sent ahead: a free worker takes the next job
        jobs = [Job("slow", (1.0, "slow"), 10), Job("fast", (0.0, "fast"), 10), Job("fast2", (0.0, "f2"), 10)]
        outcomes = list(ex.map(probes.busy, jobs))
    assert [o.key for o in outcomes][-1] == "slow"
    assert {o.key: o.value for o in outcomes} == {"slow": "slow", "fast": "fast", "fast2": "f2"}
    assert all(o.status == "ok" for o in outcomes)


def test_an_overrun_is_killed_and_the_next_job_runs() -> None:
    with LocalExecutor(1) as ex:
        start = time.monotonic()
        outcomes = list(ex.map(probes.busy, [Job("hang", (3600,), 0.5), Job("next", (0, "ok"), 5)]))
    assert time.monotonic() - start < 20  # 0.5 s + grace, plus start-up of two processes on a loaded machine
    assert [(o.key, o.status) for o in outcomes] == [("hang", "deadline"), ("next", "ok")]


def test_a_dead_worker_costs_one_retry(tmp_path: Path) -> None:
    marker = str(tmp_path / "died")
    with LocalExecutor(1) as ex:
        (outcome,) = ex.map(probes.die_once, [Job("d", (marker, 42), 10)])
    assert outcome.status == "ok" and outcome.value == 42 and outcome.attempts == 2


def test_an_exception_is_an_error_outcome() -> None:
    with LocalExecutor(1) as ex:
        (outcome,) = ex.map(probes.fail, [Job("e", ("boom",), 10)])
    assert outcome.status == "error" and "boom" in outcome.value


def test_jobs_sent_ahead_survive_a_kill_of_the_job_before_them() -> None:
    with LocalExecutor(1, depth=3) as ex:
        jobs = [Job("hang", (3600,), 0.5), Job("a", (0, "a"), 5), Job("b", (0, "b"), 5)]
        outcomes = {o.key: (o.status, o.value, o.attempts) for o in ex.map(probes.busy, jobs)}
    assert outcomes["a"] == ("ok", "a", 1) and outcomes["b"] == ("ok", "b", 1)
    assert outcomes["hang"][0] == "deadline"
