"""Executors: map a module-level function over jobs on local child processes, yielding outcomes as they complete.

Every job has a deadline. A call that overruns it (plus :data:`GRACE`) has its process killed and becomes a
``deadline`` outcome; a process that dies mid-call is replaced and the call is retried (``retries`` times)
before it becomes ``crashed``. A batch therefore never hangs on one job and never stops for one job.

Jobs travel in chunks (``map(..., chunk=N)``, or ``chunk=None`` for :class:`ChunkSizer`'s adaptive rule) so
that a worker's round trip is paid per chunk, not per job; inside a chunk each job keeps its own deadline,
its own outcome and its own retry, so a job that kills its process costs only itself.
"""

from __future__ import annotations

import collections
import math
import select
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Literal, Protocol

from pyverify.parallel._child import GRACE, STARTUP, Child, calls_frame

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

    def map(self, fn: Callable[..., Any], jobs: Iterable[Job], *, chunk: int | None = 1,
            total: int | None = None) -> Iterator[Outcome]:  # fmt: skip
        """Yield one outcome per job, as each completes; ``jobs`` is consumed lazily. ``chunk``: jobs sent to a
        worker at once (None: :class:`ChunkSizer`'s adaptive rule); ``total``: how many jobs there are, if known
        (the adaptive rule then keeps the last chunks small enough to spread over every worker)."""
        ...

    def close(self) -> None:
        """Stop the processes (a later :meth:`map` starts fresh ones)."""
        ...


#: The adaptive rule's shortest job: a chunk of fast rows is made to last at least this long.
JOB_SECONDS = 0.05
#: The adaptive rule's longest job, so that results (and a progress bar) keep arriving.
JOB_SECONDS_MAX = 2.0
#: Driver time per job the adaptive rule allows for (a Ray task's round trip was measured at about 3 ms).
JOB_COST = 0.003
#: The most rows in one job (bounds what is recomputed when a whole chunk is lost with its worker).
MAX_CHUNK = 256


class ChunkSizer:
    """How many jobs the next chunk takes: ``chunk`` when given, else the adaptive rule.

    The rule: a chunk should last ``target = max(JOB_SECONDS, 4 * workers * JOB_COST)`` seconds (at most
    :data:`JOB_SECONDS_MAX`), i.e. long beside the driver's cost per chunk, so that the driver, serving every
    worker, spends at most a quarter of its time on dispatch. So a chunk is ``ceil(target / mean seconds per
    job so far)`` jobs: 1 until a job has been measured, at most :data:`MAX_CHUNK`, and, when the number of
    jobs is known, at most ``ceil(remaining / (2 * workers))``, so the last jobs are spread over every worker
    and none waits idle while another works through a long queue.
    """

    def __init__(self, chunk: int | None, workers: int, total: int | None = None) -> None:
        if chunk is not None and chunk < 1:
            raise ValueError(f"chunk must be at least 1, got {chunk}")
        self.chunk = chunk
        self.workers = max(1, workers)
        self.remaining = total
        self.target = min(JOB_SECONDS_MAX, max(JOB_SECONDS, 4 * self.workers * JOB_COST))
        self._seconds = 0.0
        self._measured = 0

    def size(self) -> int:
        """Jobs for the next chunk."""
        if self.chunk is not None:
            return self.chunk
        if not self._measured:
            return 1
        mean = self._seconds / self._measured
        size = MAX_CHUNK if mean <= 0 else min(MAX_CHUNK, math.ceil(self.target / mean))
        if self.remaining is not None:
            size = min(size, math.ceil(self.remaining / (2 * self.workers)))
        return max(1, size)

    def took(self, count: int) -> None:
        """``count`` jobs were taken from the source."""
        if self.remaining is not None:
            self.remaining = max(0, self.remaining - count)

    def observe(self, seconds: float) -> None:
        """A job finished in ``seconds``."""
        self._seconds += max(0.0, seconds)
        self._measured += 1


#: A chunk's request frame is split below this size, so that a frame sent ahead fits in the pipe (64 KiB on
#: Linux) and writing it never blocks the caller while the child is busy.
FRAME_BYTES = 32 * 1024


@dataclass
class _Slot:
    child: Child | None = None
    #: jobs sent to the child, with how many attempts each had before; the head is running
    queue: collections.deque[tuple[Job, int]] = field(default_factory=collections.deque)
    #: the unanswered jobs of each frame sent; the child reads a frame when it has answered the one before
    frames: collections.deque[int] = field(default_factory=collections.deque)
    started: float = 0.0


class LocalExecutor:
    """``workers`` child processes on this machine (:class:`pyverify.parallel._child.Child`).

    Each child has up to ``depth`` frames (chunks of jobs) sent ahead, so it never waits while the caller
    records a result. A job to run again after its process died goes alone in its frame. ``setup``
    (``"module:function"``) runs once in each fresh child before its first job, e.g. to import heavy modules
    or to tell the mapped code that it runs inside a sandbox. Not thread-safe.
    """

    def __init__(self, workers: int = 1, *, setup: str = "", retries: int = 1, depth: int = 2) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.workers = workers
        self.setup = setup
        self.retries = retries
        self.depth = max(1, depth)
        self._slots = [_Slot() for _ in range(workers)]

    def map(self, fn: Callable[..., Any], jobs: Iterable[Job], *, chunk: int | None = 1,
            total: int | None = None) -> Iterator[Outcome]:  # fmt: skip
        source = iter(jobs)
        sizer = ChunkSizer(chunk, self.workers, total)
        # jobs to send before the source's next: retries (attempts before > 0, each sent alone) and jobs that
        # were sent but never started (their process was killed or died first, or their frame was split)
        again: collections.deque[tuple[Job, int]] = collections.deque()
        exhausted = False

        def group() -> list[tuple[Job, int]]:
            nonlocal exhausted
            if again and again[0][1] > 0:
                return [again.popleft()]
            size = sizer.size()
            taken: list[tuple[Job, int]] = []
            while again and len(taken) < size and again[0][1] == 0:
                taken.append(again.popleft())
            while not exhausted and len(taken) < size:
                nxt = next(source, None)
                if nxt is None:
                    exhausted = True
                else:
                    taken.append((nxt, 0))
                    sizer.took(1)
            return taken

        try:
            while True:
                # breadth first: every slot gets a frame before any gets one sent ahead
                for level in range(1, self.depth + 1):
                    for slot in self._slots:
                        if len(slot.frames) >= level:
                            continue
                        taken = group()
                        if not taken:
                            break
                        failed = self._send(slot, fn, taken, again)
                        if failed is not None:
                            yield from failed
                busy = [s for s in self._slots if s.queue and s.child is not None]
                if not busy:
                    if exhausted and not again:
                        return
                    continue
                wait = min(self._deadline(s) for s in busy) - time.monotonic()
                readable = select.select([s.child for s in busy if s.child is not None], [], [], max(0.0, wait))[0]
                for slot in busy:
                    if slot.child in readable:
                        for outcome in self._collect(slot, again):
                            sizer.observe(outcome.seconds)
                            yield outcome
                now = time.monotonic()
                for slot in busy:
                    if slot.queue and slot.child is not None and now >= self._deadline(slot):
                        job, before = slot.queue.popleft()
                        sizer.observe(job.timeout + GRACE)
                        yield Outcome(job.key, "deadline", f"killed after {job.timeout:g}s + {GRACE:g}s grace",
                                      round(now - slot.started, 6), before + 1)  # fmt: skip
                        self._requeue(slot, again)
        finally:
            for slot in self._slots:
                if slot.queue:  # abandoned mid-batch (the consumer stopped): its child is busy
                    slot.queue.clear()
                    slot.frames.clear()
                    self._drop(slot)

    def _deadline(self, slot: _Slot) -> float:
        assert slot.child is not None
        job = slot.queue[0][0]
        return slot.started + job.timeout + GRACE + (0.0 if slot.child.ready else STARTUP)

    def _send(self, slot: _Slot, fn: Callable[..., Any], taken: list[tuple[Job, int]],
              again: collections.deque[tuple[Job, int]]) -> list[Outcome] | None:  # fmt: skip
        """Send jobs to the slot's child in one frame (starting a child if the slot is empty); the jobs that
        could not be started at all, as outcomes. Jobs split off an oversized frame go back first in line."""
        frame = calls_frame(fn, [job.args for job, _ in taken])
        while len(frame) > FRAME_BYTES and len(taken) > 1:
            keep = len(taken) // 2
            again.extendleft(reversed(taken[keep:]))
            taken = taken[:keep]
            frame = calls_frame(fn, [job.args for job, _ in taken])
        for _ in range(2):
            if slot.child is None or not slot.child.alive():
                if slot.queue:  # the child died with jobs sent: _collect sees the EOF and requeues them
                    again.extendleft(reversed(taken))
                    return None
                self._drop(slot)
                slot.child = Child(self.setup)
            try:
                slot.child.write(frame)
            except EOFError:
                if slot.queue:
                    again.extendleft(reversed(taken))
                    return None
                self._drop(slot)
                continue
            if not slot.queue:
                slot.started = time.monotonic()
            slot.queue.extend(taken)
            slot.frames.append(len(taken))
            return None
        return [Outcome(job.key, "crashed", "could not start a worker process", 0.0, before + 1)
                for job, before in taken]  # fmt: skip

    def _requeue(self, slot: _Slot, again: collections.deque[tuple[Job, int]]) -> None:
        """Kill the slot's child; the jobs sent behind its head go back, first in line, unstarted."""
        again.extendleft(reversed(slot.queue))
        slot.queue.clear()
        slot.frames.clear()
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
            slot.frames[0] -= 1
            if not slot.frames[0]:
                slot.frames.popleft()
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
