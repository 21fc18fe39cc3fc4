"""LocalExecutor: outcomes as jobs complete, hard deadlines, a dead worker costs one retry, errors are outcomes;
chunks of jobs give the same outcomes, each job with its own deadline and retry."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from pyverify.parallel import Job, LocalExecutor
from pyverify.parallel import _probes as probes
from pyverify.parallel._executor import JOB_COST, JOB_SECONDS, JOB_SECONDS_MAX, MAX_CHUNK, ChunkSizer


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


def _outcomes(ex: LocalExecutor, fn: Any, jobs: list[Job], **kw: Any) -> dict[str, tuple[str, Any, int]]:
    got = [(o.key, (o.status, o.value, o.attempts)) for o in ex.map(fn, jobs, **kw)]
    assert sorted(k for k, _ in got) == sorted(j.key for j in jobs)  # one outcome per job, none repeated
    return dict(got)


def test_chunked_outcomes_are_the_unchunked_outcomes() -> None:
    jobs = [Job(f"j{i}", (0.001 * (i % 3), i), 10) for i in range(40)] + [Job("e", ("boom",), 10)]
    results = []
    with LocalExecutor(2) as ex:
        for chunk in (1, 7, None):
            results.append(_outcomes(ex, probes.busy, jobs[:-1], chunk=chunk, total=40))
            results.append(_outcomes(ex, probes.fail, jobs[-1:], chunk=chunk))
    assert results[0] == results[2] == results[4] and results[1] == results[3] == results[5]
    assert results[0]["j39"] == ("ok", 39, 1) and results[1]["e"][0] == "error"


def _poisoned(n: int, at: int) -> list[Job]:
    """``n`` jobs for ``os.killpg``: the one at ``at`` kills its own process (group) every time it runs, the
    others send signal 0 (nothing)."""
    return [Job("poison" if i == at else f"j{i}", (0, signal.SIGKILL if i == at else 0), 10) for i in range(n)]


def test_a_job_that_kills_its_process_costs_only_itself_in_a_chunk() -> None:
    with LocalExecutor(1) as ex:
        outcomes = _outcomes(ex, os.killpg, _poisoned(9, 4), chunk=9)
    assert outcomes.pop("poison")[::2] == ("crashed", 2)  # retried once, alone, then given up
    assert outcomes == {f"j{i}": ("ok", None, 1) for i in range(9) if i != 4}


def test_each_job_in_a_chunk_keeps_its_own_deadline() -> None:
    jobs = [Job("a", (0, "a"), 5), Job("hang", (3600,), 0.5), Job("b", (0, "b"), 5), Job("c", (0, "c"), 5)]
    start = time.monotonic()
    with LocalExecutor(1) as ex:
        outcomes = _outcomes(ex, probes.busy, jobs, chunk=4)
    assert time.monotonic() - start < 20
    assert outcomes["hang"][0] == "deadline"
    assert {k: v for k, v in outcomes.items() if k != "hang"} == {k: ("ok", k, 1) for k in "abc"}


def test_large_chunks_are_split_and_never_block_on_the_pipe() -> None:
    # unsplit, a 600 KB chunk sent ahead fills the pipe while the child fills its own with 600 KB of answers
    big = "x" * 20_000
    jobs = [Job(f"j{i}", (f"{i}{big}",), 10) for i in range(90)]
    start = time.monotonic()
    with LocalExecutor(1) as ex:
        outcomes = _outcomes(ex, probes.echo, jobs, chunk=30)
    assert all(outcomes[f"j{i}"] == ("ok", f"{i}{big}", 1) for i in range(90))
    assert time.monotonic() - start < 20


def test_the_adaptive_chunk_rule() -> None:
    assert ChunkSizer(5, 2).size() == 5
    with pytest.raises(ValueError):
        ChunkSizer(0, 2)
    sizer = ChunkSizer(None, 2, total=10_000)
    assert sizer.size() == 1  # nothing measured yet
    sizer.observe(0.01)
    assert sizer.target == JOB_SECONDS and sizer.size() == 5  # 50 ms of 10 ms rows
    sizer.observe(0.0)
    assert sizer.size() == 10
    sizer.took(9_980)  # 20 left: spread over both workers, two chunks each
    assert sizer.size() == 5
    fast = ChunkSizer(None, 2)
    fast.observe(1e-6)
    assert fast.size() == MAX_CHUNK
    assert ChunkSizer(None, 64).target == pytest.approx(4 * 64 * JOB_COST)  # many workers: longer jobs
    assert ChunkSizer(None, 10_000).target == JOB_SECONDS_MAX


# ---------------------------------------------------------------- the same on Ray


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_chunks_give_the_local_outcomes_each_job_with_its_own_deadline(local_ray: Any) -> None:
    from pyverify.parallel import RayExecutor

    jobs = [Job(f"j{i}", (0.001 * (i % 3), i), 10) for i in range(20)]
    jobs[5] = Job("hang", (3600,), 0.5)
    with LocalExecutor(2) as ex:
        local = _outcomes(ex, probes.busy, jobs)
    with RayExecutor(2) as ex:
        chunked = {o.key: (o.status, o.value) for o in ex.map(probes.busy, jobs, chunk=6)}
    assert chunked == {k: (status, value) for k, (status, value, _) in local.items()}
    assert chunked["hang"][0] == "deadline" and chunked["j19"] == ("ok", 19)


def test_a_job_that_kills_its_process_costs_only_itself_in_a_ray_chunk(local_ray: Any) -> None:
    from pyverify.parallel import RayExecutor

    with RayExecutor(2) as ex:
        outcomes = {o.key: (o.status, o.value) for o in ex.map(os.killpg, _poisoned(9, 4), chunk=9)}
    assert outcomes.pop("poison")[0] == "crashed"
    assert outcomes == {f"j{i}": ("ok", None) for i in range(9) if i != 4}


def test_a_chunk_whose_ray_worker_died_is_rerun_one_job_per_task(tmp_path: Path, local_ray: Any) -> None:
    from pyverify.parallel import RayExecutor

    jobs = []
    for i in range(6):
        marker = tmp_path / f"m{i}"
        if i != 2:
            marker.write_text("")  # only j2 kills its Ray worker, and only the first time
        jobs.append(Job(f"j{i}", (str(marker), f"v{i}", True), 10))
    with RayExecutor(2) as ex:
        outcomes = list(ex.map(probes.die_once, jobs, chunk=6))
    assert (tmp_path / "m2").exists()  # the chunk's worker did die
    assert sorted(o.key for o in outcomes) == sorted(j.key for j in jobs)  # one outcome each
    assert {o.key: (o.status, o.value) for o in outcomes} == {f"j{i}": ("ok", f"v{i}") for i in range(6)}
