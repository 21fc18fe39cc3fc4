"""The Ray executor: each job is a Ray remote task; the task runs the call in a child process of the Ray worker.

The child (:class:`pyverify.parallel._child.Child`, kept warm between tasks in each Ray worker) gives every
call the same hard deadline as the local executor, so a job gives the same outcome on either. A Ray worker
that dies mid-task (a node lost, the OOM killer) costs only that task, which Ray retries (``max_retries``).
Ray is imported on first use (the ``[ray]`` extra).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Iterator

from pyverify.parallel._child import GRACE, STARTUP, Child
from pyverify.parallel._executor import Job, Outcome

#: How many times Ray reruns a task whose worker died.
MAX_RETRIES = 3
_child: Child | None = None
_child_setup = ""


def run_in_child(fn: Callable[..., Any], args: tuple[Any, ...], timeout: float, setup: str) -> tuple[str, Any, float]:
    """The Ray task: ``fn(*args)`` in this worker's child process under a hard deadline."""
    global _child, _child_setup
    if _child is None or not _child.alive() or _child_setup != setup:
        if _child is not None:
            _child.kill()
        _child, _child_setup = Child(setup), setup
    start = time.monotonic()
    status, value = _child.call(fn, args, timeout)
    if status in ("deadline", "crashed"):
        _child = None
        if status == "deadline":
            value = f"killed after {timeout:g}s + {GRACE:g}s grace"
        else:
            value = f"the worker process died: {value}"
    return status, value, round(time.monotonic() - start, 6)


class RayExecutor:
    """Jobs as Ray tasks on a running cluster (``address``: ``auto``, ``HOST:PORT``, ``ray://...``) or, when
    ``address`` is None and Ray is not initialized, on a local Ray started with ``workers`` CPUs.

    ``workers`` bounds the tasks in flight (default: the cluster's CPUs). ``setup`` as for
    :class:`~pyverify.parallel.LocalExecutor`. Every node needs pyverify installed (same version).
    """

    def __init__(self, workers: int | None = None, *, address: str | None = None, setup: str = "") -> None:
        try:
            import ray
        except ImportError as exc:
            raise RuntimeError("the ray executor needs Ray: pip install 'pyverify[ray]'") from exc
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "configure_logging": False}  # fmt: skip
            if address is None:
                options["num_cpus"] = workers or 2
            else:
                options["address"] = address
            ray.init(**options)
            self._started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = workers or max(1, cpus)
        self.setup = setup
        self._task = ray.remote(num_cpus=1, max_retries=MAX_RETRIES)(run_in_child)

    def map(self, fn: Callable[..., Any], jobs: Iterable[Job]) -> Iterator[Outcome]:
        ray = self._ray
        source = iter(jobs)
        inflight: dict[Any, tuple[Job, float]] = {}
        exhausted = False
        window = 2 * self.workers  # one queued behind each running task hides the scheduling round trip
        try:
            while True:
                while not exhausted and len(inflight) < window:
                    job = next(source, None)
                    if job is None:
                        exhausted = True
                        break
                    inflight[self._task.remote(fn, job.args, job.timeout, self.setup)] = (job, time.monotonic())
                if not inflight:
                    return
                done, _ = ray.wait(list(inflight), num_returns=1, timeout=1.0)
                for ref in done:
                    job, _submitted = inflight.pop(ref)
                    try:
                        status, value, seconds = ray.get(ref)
                        yield Outcome(job.key, status, value, seconds)
                    except Exception as exc:  # retries exhausted, or the task could not run
                        yield Outcome(job.key, "crashed", f"{type(exc).__name__}: {exc}", 0.0, MAX_RETRIES + 1)
                now = time.monotonic()
                for ref, (job, submitted) in list(inflight.items()):
                    # a backstop: each attempt is bounded inside the task; this catches a task that never returns
                    limit = (MAX_RETRIES + 1) * (job.timeout + GRACE + STARTUP) + window * (job.timeout + GRACE)
                    if now - submitted > limit:
                        ray.cancel(ref, force=True)
                        del inflight[ref]
                        yield Outcome(job.key, "deadline", "the task never returned; cancelled", now - submitted)
        finally:
            for ref in inflight:
                try:
                    ray.cancel(ref, force=True)
                except Exception:
                    pass

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False

    def __enter__(self) -> RayExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
