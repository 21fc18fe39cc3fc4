"""Executors: map a module-level function over jobs on local child processes, yielding outcomes as they complete.

Every job has a deadline. A call that overruns it (plus :data:`GRACE`) has its process killed and becomes a
``deadline`` outcome; a process that dies mid-call is replaced and the call is retried (``retries`` times)
before it becomes ``crashed``. A batch therefore never hangs on one job and never stops for one job.
"""

from __future__ import annotations

import collections
import select
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Literal, Protocol

from pyverify.parallel._child import GRACE, STARTUP, Child

OutcomeStatus = Literal["ok", "error", "deadline", "crashed"]


@dataclass(frozen=True)
class Job:
    """One independent call of the mapped function."""

    key: str
    """The caller's name for the job (a row id); outcomes carry it back."""
    args: tuple[Any, ...]
    """The function's arguments (picklable)."""
    timeout: float
    """The call's own deadline in seconds; its process is killed at ``timeout + GRACE``."""


@dataclass(frozen=True)
class Outcome:
    """What became of a job."""

    key: str
    """The job's key."""
    status: OutcomeStatus
    """ok (``value`` is the return value), error (``value`` is the exception's message), deadline (killed
    after its deadline plus grace) or crashed (its process died on every attempt)."""
    value: Any
    """The return value, or a message."""
    seconds: float
    """Wall-clock seconds of the last attempt, start-up of a fresh process excluded."""
    attempts: int = 1
    """How many times the job was started."""


class Executor(Protocol):
    """Runs a picklable module-level function over jobs; outcomes arrive in completion order."""

    workers: int
    """How many jobs run at once."""

    def map(self, fn: Callable[..., Any], jobs: Iterable[Job]) -> Iterator[Outcome]:
        """Yield one outcome per job, as each completes; ``jobs`` is consumed lazily."""
        ...

    def close(self) -> None:
        """Stop the processes (a later :meth:`map` starts fresh ones)."""
        ...


@dataclass
class _Slot:
    child: Child | None = None
    #: jobs sent to the child, with how many attempts each had before; the head is running
    queue: collections.deque[tuple[Job, int]] = field(default_factory=collections.deque)
    started: float = 0.0


class LocalExecutor:
    """``workers`` child processes on this machine (:class:`pyverify.parallel._child.Child`).

    Each child has up to ``depth`` jobs sent ahead, so it never waits while the caller records a result.
    ``setup`` (``"module:function"``) runs once in each fresh child before its first job, e.g. to import
    heavy modules or to tell the mapped code that it runs inside a sandbox. Not thread-safe.
    """

    def __init__(self, workers: int = 1, *, setup: str = "", retries: int = 1, depth: int = 2) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.workers = workers
        self.setup = setup
        self.retries = retries
        self.depth = max(1, depth)
        self._slots = [_Slot() for _ in range(workers)]

    def map(self, fn: Callable[..., Any], jobs: Iterable[Job]) -> Iterator[Outcome]:
        source = iter(jobs)
        again: collections.deque[tuple[Job, int]] = collections.deque()
        exhausted = False
        try:
            while True:
                # breadth first: every slot gets a job before any gets one sent ahead
                for level in range(1, self.depth + 1):
                    for slot in self._slots:
                        if len(slot.queue) >= level:
                            continue
                        if again:
                            job, before = again.popleft()
                        elif not exhausted:
                            nxt = next(source, None)
                            if nxt is None:
                                exhausted = True
                                break
                            job, before = nxt, 0
                        else:
                            break
                        sent, failed = self._send(slot, fn, job, before, again)
                        if failed is not None:
                            yield failed
                busy = [s for s in self._slots if s.queue and s.child is not None]
                if not busy:
                    if exhausted and not again:
                        return
                    continue
                wait = min(self._deadline(s) for s in busy) - time.monotonic()
                readable = select.select([s.child for s in busy if s.child is not None], [], [], max(0.0, wait))[0]
                for slot in busy:
                    if slot.child in readable:
                        yield from self._collect(slot, again)
                now = time.monotonic()
                for slot in busy:
                    if slot.queue and slot.child is not None and now >= self._deadline(slot):
                        job, before = slot.queue.popleft()
                        yield Outcome(job.key, "deadline", f"killed after {job.timeout:g}s + {GRACE:g}s grace",
                                      round(now - slot.started, 6), before + 1)  # fmt: skip
                        self._requeue(slot, again)
        finally:
            for slot in self._slots:
                if slot.queue:  # abandoned mid-batch (the consumer stopped): its child is busy
                    slot.queue.clear()
                    self._drop(slot)

    def _deadline(self, slot: _Slot) -> float:
        assert slot.child is not None
        job = slot.queue[0][0]
        return slot.started + job.timeout + GRACE + (0.0 if slot.child.ready else STARTUP)

    def _send(self, slot: _Slot, fn: Callable[..., Any], job: Job, before: int,
              again: collections.deque[tuple[Job, int]]) -> tuple[bool, Outcome | None]:  # fmt: skip
        """Send a job to the slot's child (starting one if the slot is empty): (sent, an outcome if it failed)."""
        for _ in range(2):
            if slot.child is None or not slot.child.alive():
                if slot.queue:  # the child died with jobs sent: _collect sees the EOF and requeues them
                    again.appendleft((job, before))
                    return False, None
                self._drop(slot)
                slot.child = Child(self.setup)
            try:
                slot.child.send(fn, job.args)
            except EOFError:
                if slot.queue:
                    again.appendleft((job, before))
                    return False, None
                self._drop(slot)
                continue
            if not slot.queue:
                slot.started = time.monotonic()
            slot.queue.append((job, before))
            return True, None
        return False, Outcome(job.key, "crashed", "could not start a worker process", 0.0, before + 1)

    def _requeue(self, slot: _Slot, again: collections.deque[tuple[Job, int]]) -> None:
        """Kill the slot's child; the jobs sent behind its head go back, first in line, unstarted."""
        again.extendleft(reversed(slot.queue))
        slot.queue.clear()
        self._drop(slot)

    def _collect(self, slot: _Slot, again: collections.deque[tuple[Job, int]]) -> Iterator[Outcome]:
        assert slot.child is not None
        try:
            frames = slot.child.feed()
        except (EOFError, OSError) as exc:
            job, before = slot.queue.popleft()
            if before + 1 <= self.retries:
                again.append((job, before + 1))
            else:
                yield Outcome(job.key, "crashed", f"the worker process died: {exc}",
                              round(time.monotonic() - slot.started, 6), before + 1)  # fmt: skip
            self._requeue(slot, again)
            return
        for status, value in frames:
            if status == "ready":
                slot.child.ready = True
                slot.started = time.monotonic()  # the job's clock starts when its process is ready
                continue
            job, before = slot.queue.popleft()
            now = time.monotonic()
            yield Outcome(job.key, "error" if status == "error" else "ok", value, round(now - slot.started, 6),
                          before + 1)  # fmt: skip
            slot.started = now  # the next job sent ahead starts now
            if status == "error" and value == "memory limit reached":
                self._requeue(slot, again)
                return

    @staticmethod
    def _drop(slot: _Slot) -> None:
        if slot.child is not None:
            slot.child.kill()
        slot.child = None

    def close(self) -> None:
        for slot in self._slots:
            self._drop(slot)

    def __enter__(self) -> LocalExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
