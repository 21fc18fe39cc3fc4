"""Deadlines: the worker is killed when it overruns, nothing is left running, the next call works."""

from __future__ import annotations

import os
import time

from pyverify.certify import _worker, decide

# one exact evaluation of this sum takes many seconds: only the hard kill can stop it on time
RUNAWAY = "forall x : Q, sum(k, 1, 100000, x^2 * k^10000) >= 0"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie counts as gone
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"
    except OSError:
        return False


def test_overrun_is_unknown_and_the_worker_is_replaced() -> None:
    assert decide("2 + 2 = 4").status == "certified"  # warm worker
    assert _worker._worker is not None
    old_pid = _worker._worker.proc.pid
    start = time.monotonic()
    # a call that ignores its own deadline (the probe busy-waits 30 s): only the kill can stop it
    cert = _worker.run_isolated(_worker.probe, (30,), 1, "probe")
    assert time.monotonic() - start < 10  # 1 s deadline + grace; generous for a loaded machine
    assert cert.status == "unknown" and "engine was stopped" in (cert.reason or "")
    assert not _alive(old_pid)
    assert decide("forall x : Q, (x + 1)^2 = x^2 + 2*x + 1").status == "certified"


def test_long_evaluation_stops_at_the_soft_deadline() -> None:
    start = time.monotonic()
    cert = decide(RUNAWAY, timeout=2)
    assert time.monotonic() - start < 15
    assert cert.status == "unknown" and "deadline" in (cert.reason or "")


def test_memory_limit_is_unknown_not_a_crash() -> None:
    cert = decide("forall x : Q, (x + 1)^(10^5) = (1 + x)^(10^5)", timeout=5)
    assert cert.status in ("unknown", "certified")
    assert decide("2 + 2 = 4").status == "certified"
