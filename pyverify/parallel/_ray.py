"""The Ray executor: each job is a Ray remote task; the task runs the call in a child process of the Ray worker.

The child (:class:`pyverify.parallel._child.Child`, kept warm between tasks in each Ray worker) gives every
call the same hard deadline as the local executor, so a job gives the same outcome on either. A Ray worker
that dies mid-task (a node lost, the OOM killer) costs only that task, which Ray retries (``max_retries``).
A chunk of jobs (``map(..., chunk=...)``) is one task, each job in it under its own deadline; a chunk whose
worker dies is not retried whole: its jobs are rerun one task each. Ray is imported on first use (the
``[ray]`` extra).
"""

from __future__ import annotations

import socket
import time
from typing import Any, Callable, Iterable, Iterator

from pyverify.parallel._child import GRACE, STARTUP, Child
from pyverify.parallel._executor import ChunkSizer, Job, Outcome

#: How many times Ray reruns a task whose worker died.
MAX_RETRIES = 3
#: Seconds to wait for a TCP connection to a cluster's address before calling it unreachable.
PROBE_S = 5.0
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


def run_chunk_in_child(fn: Callable[..., Any], calls: list[tuple[tuple[Any, ...], float]],
                       setup: str) -> list[tuple[str, Any, float]]:  # fmt: skip
    """The Ray task for a chunk: :func:`run_in_child` for each ``(args, timeout)`` in turn, each under its own
    deadline (an overrun or a dead child costs only its call; the next one gets a fresh child)."""
    return [run_in_child(fn, args, timeout, setup) for args, timeout in calls]


def _check_reachable(address: str) -> None:
    """Raise ConnectionError unless the cluster's address accepts a TCP connection within :data:`PROBE_S`.

    ``ray.init`` on an address where nothing listens retries for ever (Ray 2.40 logs "Failed to connect to
    GCS" every 30 s and never returns), so the address is tried first. ``auto`` and ``127.0.0.1`` are resolved
    as Ray resolves them (``auto`` with no cluster running raises Ray's own ConnectionError); an address this
    cannot parse is left to ``ray.init``.
    """
    target = address.removeprefix("ray://")
    if target == address:
        try:
            from ray._private import services

            target = services.canonicalize_bootstrap_address(address) or address
        except (ImportError, AttributeError):  # a private helper of Ray's: if it moved, try the address as given
            pass
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        return
    host = host.strip("[]")
    try:
        socket.create_connection((host, int(port)), timeout=PROBE_S).close()
    except TimeoutError as exc:
        raise ConnectionError(f"nothing answered at {host}:{port} within {PROBE_S:g} s") from exc
    except OSError as exc:
        raise ConnectionError(f"nothing answers at {host}:{port} ({exc.strerror or exc})") from exc


class RayExecutor:
    """Jobs as Ray tasks on a running cluster (``address``: ``auto``, ``HOST:PORT``, ``ray://...``) or, when
    ``address`` is None and Ray is not initialized, on a local Ray started with ``workers`` CPUs.

    ``workers`` bounds the tasks in flight (default: the cluster's CPUs). ``setup`` as for
    :class:`~pyverify.parallel.LocalExecutor`. Every node needs pyverify installed (same version). Raises
    ConnectionError at once (within :data:`PROBE_S`) when nothing answers at ``address``.
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
                _check_reachable(address)
                options["address"] = address
            ray.init(**options)
            self._started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = workers or max(1, cpus)
        self.setup = setup
        self._task = ray.remote(num_cpus=1, max_retries=MAX_RETRIES)(run_in_child)
        # a chunk whose Ray worker died is not rerun as a whole: its jobs are rerun one task each
        self._chunk_task = ray.remote(num_cpus=1, max_retries=0)(run_chunk_in_child)

    def map(self, fn: Callable[..., Any], jobs: Iterable[Job], *, chunk: int | None = 1,
            total: int | None = None) -> Iterator[Outcome]:  # fmt: skip
        """As :meth:`Executor.map`. A chunk of several jobs is one Ray task (:func:`run_chunk_in_child`) whose
        outcomes arrive together; when the task fails (its Ray worker died, or it never returned), each of its
        jobs is run again as a task of its own, so a job that kills its worker costs only itself."""
        ray = self._ray
        source = iter(jobs)
        sizer = ChunkSizer(chunk, self.workers, total)
        inflight: dict[Any, tuple[list[Job], float]] = {}
        alone: list[Job] = []  # the jobs of failed chunks, each to run as its own task
        exhausted = False
        window = 2 * self.workers  # one queued behind each running task hides the scheduling round trip
        try:
            while True:
                while len(inflight) < window:
                    if alone:
                        group = [alone.pop()]
                    elif not exhausted:
                        group = []
                        size = sizer.size()
                        while len(group) < size:
                            job = next(source, None)
                            if job is None:
                                exhausted = True
                                break
                            group.append(job)
                        sizer.took(len(group))
                        if not group:
                            break
                    else:
                        break
                    ref: Any
                    if len(group) == 1:
                        ref = self._task.remote(fn, group[0].args, group[0].timeout, self.setup)
                    else:
                        ref = self._chunk_task.remote(fn, [(job.args, job.timeout) for job in group], self.setup)
                    inflight[ref] = (group, time.monotonic())
                if not inflight:
                    return
                done, _ = ray.wait(list(inflight), num_returns=1, timeout=1.0)
                for ref in done:
                    group, _submitted = inflight.pop(ref)
                    try:
                        answers = ray.get(ref)
                    except Exception as exc:  # retries exhausted, or the task could not run
                        if len(group) > 1:
                            alone.extend(reversed(group))
                            continue
                        yield Outcome(group[0].key, "crashed", f"{type(exc).__name__}: {exc}", 0.0, MAX_RETRIES + 1)
                        continue
                    for job, (status, value, seconds) in zip(group, [answers] if len(group) == 1 else answers):
                        sizer.observe(seconds)
                        yield Outcome(job.key, status, value, seconds)
                now = time.monotonic()
                for ref, (group, submitted) in list(inflight.items()):
                    # a backstop: each attempt is bounded inside the task; this catches a task that never returns
                    limit = sum((MAX_RETRIES + 1 if len(group) == 1 else 1) * (job.timeout + GRACE + STARTUP)
                                + window * (job.timeout + GRACE) for job in group)  # fmt: skip
                    if now - submitted > limit:
                        ray.cancel(ref, force=True)
                        del inflight[ref]
                        if len(group) > 1:
                            alone.extend(reversed(group))
                        else:
                            yield Outcome(group[0].key, "deadline", "the task never returned; cancelled",
                                          now - submitted)  # fmt: skip
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
