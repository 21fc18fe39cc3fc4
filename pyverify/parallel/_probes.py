"""Functions for exercising executors (tests and benchmarks): instant, busy, failing and dying calls."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any


def echo(value: Any) -> Any:
    """Return the argument (an executor's overhead per call, nothing else)."""
    return value


def busy(seconds: float, value: Any = None) -> Any:
    """Busy-wait ``seconds`` (ignoring every deadline: only a kill stops it), then return ``value``."""
    end = time.monotonic() + float(seconds)
    while time.monotonic() < end:
        pass
    return value


def fail(message: str) -> None:
    """Raise ValueError(message)."""
    raise ValueError(message)


def die_once(marker: str, value: Any, parent: bool = False) -> Any:
    """The first call (no ``marker`` file yet) creates it and kills its process (``parent``: the process that
    started it, e.g. a Ray worker) with SIGKILL; later calls return ``value``."""
    path = Path(marker)
    if not path.exists():
        path.write_text("died", encoding="utf-8")
        os.kill(os.getppid() if parent else os.getpid(), signal.SIGKILL)
        time.sleep(30)
    return value


def hang_row(*args: Any) -> Any:
    """A batch row function that never returns on its own."""
    return busy(3600)


def sleep_row(kind: str, fields: dict[str, str], timeout: float, semantics: str) -> dict[str, Any]:
    """A batch row function that sleeps ``timeout / 10`` seconds and reports the fields it was given."""
    time.sleep(timeout / 10)
    return {"status": "certified", "certificate": {"status": "certified", "fields": fields}}
