"""A hard time limit on work inside this process: SIGALRM in the main thread, nestable.

Pure-Python work (sympy's evalf, an Euler–Maclaurin sum) checks no cooperative deadline, and only a signal
stops it without killing the process. Written here rather than taken from a library: ``func_timeout``
and ``stopit`` use threads, which cannot interrupt the main thread's own work, and ``timeout-decorator``
replaces the process's SIGALRM handler without restoring an outer timer, so two nested limits (an
oracle's guard around the engine's own sympy call) would silently lose the outer one.

Off the main thread, or where ``setitimer`` does not exist, the limit is not armed (``armed`` is False):
callers there rely on a worker process that is killed at its deadline.
"""

from __future__ import annotations

import math
import signal
import threading
import time
from types import FrameType, TracebackType
from typing import Any


class _Expired(BaseException):
    """Raised inside the limited block; a BaseException so that sympy's broad ``except Exception`` cannot
    swallow it. It never leaves :class:`time_limit`, which turns it into ``expired``."""

    def __init__(self, owner: time_limit) -> None:
        super().__init__("time limit")
        self.owner = owner


class time_limit:  # lower-case: used as a context manager, like contextlib's helpers
    """``with time_limit(2.0) as limit: ...`` stops the block after 2 s; then ``limit.expired`` is True.

    Nesting keeps every limit: an inner block gets the sooner of the two deadlines; when the outer one is
    due first, the outer handler runs (and stops the outer block), and on leaving the inner block the outer
    timer is re-armed with what is left of it.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self.armed = False
        self._active = False
        self._due = math.inf
        self._previous: Any = None
        self._outer_due: float | None = None
        self._outer_fired = False

    def __enter__(self) -> time_limit:
        if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
            return self
        if not math.isfinite(self.seconds):
            return self
        now = time.monotonic()
        outer_left, _ = signal.getitimer(signal.ITIMER_REAL)
        self._outer_due = now + outer_left if outer_left > 0 else None
        self._due = now + max(self.seconds, 1e-3)
        self._previous = signal.signal(signal.SIGALRM, self._fire)
        self._active = self.armed = True
        soonest = min(self._due, self._outer_due) if self._outer_due is not None else self._due
        signal.setitimer(signal.ITIMER_REAL, max(soonest - now, 1e-4))
        return self

    def _fire(self, signum: int, frame: FrameType | None) -> None:
        if not self._active:
            return
        if self._outer_due is None or self._due <= self._outer_due:
            raise _Expired(self)
        # the timer was set for the outer limit, due before this one: its handler stops the outer block
        self._outer_fired = True
        self._outer_due = None
        # this limit still holds whatever the outer handler does: it may only record the signal (a timer left over),
        # or raise an exception that the work swallows (sympy catches Exception in places); the timer is set again
        # for this limit first, and cleared on leaving the block
        signal.setitimer(signal.ITIMER_REAL, max(self._due - time.monotonic(), 1e-4))
        if callable(self._previous):
            self._previous(signum, frame)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> bool:
        if not self.armed:
            return False
        self._active = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self._previous)
        if self._outer_due is not None and not self._outer_fired:
            signal.setitimer(signal.ITIMER_REAL, max(self._outer_due - time.monotonic(), 1e-4))
        if isinstance(exc, _Expired) and exc.owner is self:
            self.expired = True
            return True
        return False
