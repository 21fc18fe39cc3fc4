"""Hard deadlines: the engines run in a persistent worker process that is killed when it overruns.

sympy and z3 calls cannot be interrupted from Python, and some inputs make them run for hours or
exhaust memory. The worker keeps its imports warm between calls (a call costs a pipe round trip),
runs under an address-space limit, and is replaced after a kill or a crash. Thread-safe: one lock
serializes calls to the worker.

The worker knows nothing of the engines: a call hands it a module-level function (sent by
reference, so the child imports the function's module) and its arguments. That keeps this module
at the bottom of the package: the engine imports the worker, never the other way round.
"""

from __future__ import annotations

import atexit
import os
import pickle
import select
import struct
import sys
import threading
import time
from typing import Any, Callable

from pyverify.certify._certificate import Certificate
from pyverify.parallel._child import enter_child, kill_group, serve_frames, spawn

#: Extra seconds the worker gets beyond a call's own deadline before it is killed.
GRACE = 1.5
#: Address-space limit of the worker (bytes).
MEMORY_LIMIT = int(os.environ.get("PYVERIFY_WORKER_MEMORY", 6 * 1024**3))
_HEADER = struct.Struct("!Q")
#: Environment variable naming the modules a fresh worker imports before it reports ready.
_PRELOAD = "PYVERIFY_WORKER_PRELOAD"
#: True inside the worker process (engines there call sympy directly: the worker is the sandbox).
IN_WORKER = False


def _write_frame(stream: Any, payload: Any) -> None:
    data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _serve() -> None:
    """The worker's loop: read (name, args) frames on stdin, answer on the original stdout."""
    out = enter_child(MEMORY_LIMIT)
    inp = sys.stdin.buffer
    global IN_WORKER
    IN_WORKER = True
    import importlib

    # run as ``python -m``, this file is __main__; the engines read the flag from the package's module
    package_module: Any = importlib.import_module("pyverify.certify._worker")
    package_module.IN_WORKER = True

    for module in filter(None, os.environ.get(_PRELOAD, "").split(",")):
        importlib.import_module(module)  # the caller's engines, so that the first call does not pay for them
    _write_frame(out, ("ready", None))  # imports done: the parent's clock for calls starts now
    serve_frames(inp, out)


class _Worker:
    """A ``python -m pyverify.certify._worker`` child in its own process group.

    A plain subprocess (not multiprocessing) so that the caller's ``__main__`` is never re-imported.
    """

    def __init__(self, preload: str = "") -> None:
        self.loaded = {preload} if preload else set()
        self.proc = spawn("pyverify.certify._worker", _PRELOAD, preload)
        self.ready = False

    def wait_ready(self, limit: float) -> None:
        """Wait for the worker's imports to finish (raises TimeoutError or EOFError)."""
        status, _ = self.receive(limit)
        if status != "ready":
            raise EOFError("worker did not start")
        self.ready = True

    def load(self, module: str) -> None:
        """Import ``module`` in the worker (under the start-up allowance, not a call's deadline)."""
        if module in self.loaded:
            return
        status, payload = self.call((load_module, (module,)), STARTUP)
        if status != "ok":
            raise EOFError(f"worker could not import {module}: {payload}")
        self.loaded.add(module)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def call(self, request: Any, limit: float) -> Any:
        """Send a request and wait at most ``limit`` seconds; raises TimeoutError or EOFError."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            _write_frame(self.proc.stdin, request)
        except (BrokenPipeError, OSError) as exc:
            raise EOFError(str(exc)) from None
        return self.receive(limit)

    def receive(self, limit: float) -> Any:
        assert self.proc.stdout is not None
        end = time.monotonic() + limit
        fd = self.proc.stdout
        header = b""
        while len(header) < _HEADER.size:
            header += self._read_some(fd, _HEADER.size - len(header), end)
        (size,) = _HEADER.unpack(header)
        body = b""
        while len(body) < size:
            body += self._read_some(fd, size - len(body), end)
        return pickle.loads(body)

    @staticmethod
    def _read_some(stream: Any, size: int, end: float) -> bytes:
        remaining = end - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        ready, _, _ = select.select([stream], [], [], remaining)
        if not ready:
            raise TimeoutError
        chunk = os.read(stream.fileno(), size)
        if not chunk:
            raise EOFError("worker exited")
        return chunk

    def kill(self) -> None:
        kill_group(self.proc)


_lock = threading.Lock()
_worker: _Worker | None = None
#: Seconds allowed for starting a fresh worker (imports of sympy and z3), on top of the call's timeout.
STARTUP = 20.0


def load_module(name: str) -> None:
    """Import a module (run in the worker before the first call into it)."""
    import importlib

    importlib.import_module(name)


def probe(seconds: float) -> None:
    """Busy for ``seconds`` (tests of the deadline machinery)."""
    end = time.monotonic() + float(seconds)
    while time.monotonic() < end:
        pass


def _limit(timeout: float, deadline: float | None) -> float:
    """How long to wait for the worker: its own deadline plus GRACE for it to answer, but never past the caller's
    absolute ``deadline`` (time.monotonic()), which bounds a whole call of which this is a part."""
    limit = timeout + GRACE
    return limit if deadline is None else max(min(limit, deadline - time.monotonic()), 0.01)


def call_isolated(fn: Callable[..., Any], args: tuple[Any, ...], timeout: float, deadline: float | None = None) -> Any:
    """``fn(*args)`` in the worker; None after a kill, a crash or an error. ``deadline`` (time.monotonic()): the
    worker is killed then at the latest."""
    global _worker
    with _lock:
        if _worker is None or not _worker.alive():
            if _worker is not None:
                _worker.kill()
            _worker = _Worker(fn.__module__)
        worker = _worker
        try:
            if not worker.ready:
                worker.wait_ready(STARTUP)
            worker.load(fn.__module__)
            status, payload = worker.call((fn, args), _limit(timeout, deadline))
        except (TimeoutError, EOFError, OSError, pickle.UnpicklingError, struct.error):
            worker.kill()
            _worker = None
            return None
    return payload if status == "ok" else None


def run_isolated(fn: Callable[..., Any], args: tuple[Any, ...], timeout: float, claim_text: str,
                 deadline: float | None = None) -> Certificate:  # fmt: skip
    """``fn(*args)`` (an engine call returning a certificate) in the worker; a kill, a crash or an
    error becomes an ``unknown`` certificate. ``deadline``: as for :func:`call_isolated`."""
    global _worker
    start = time.monotonic()
    with _lock:
        fresh = _worker is None or not _worker.alive()
        if fresh:
            if _worker is not None:
                _worker.kill()
            _worker = _Worker(fn.__module__)
        worker = _worker
        assert worker is not None
        try:
            if not worker.ready:
                worker.wait_ready(STARTUP)
            worker.load(fn.__module__)
            status, payload = worker.call((fn, args), _limit(timeout, deadline))
        except TimeoutError:
            worker.kill()
            _worker = None
            return _unknown(claim_text, start, f"deadline of {timeout:g}s exceeded; the engine was stopped")
        except (EOFError, OSError, pickle.UnpicklingError, struct.error):
            worker.kill()
            _worker = None
            return _unknown(claim_text, start, "the engine process died (resource limit)")
    if status == "ok" and (isinstance(payload, Certificate) or payload is None):
        return payload if payload is not None else _unknown(claim_text, start, "no result")
    if status == "error" and "memory" in str(payload):
        with _lock:
            if _worker is worker:
                worker.kill()
                _worker = None
    return _unknown(claim_text, start, f"engine error: {payload}")


def _unknown(claim_text: str, start: float, reason: str) -> Certificate:
    return Certificate("unknown", "none", {}, round(time.monotonic() - start, 6), claim_text, reason=reason)


def shutdown() -> None:
    """Stop the worker (tests and long-lived services may call this; it restarts on demand)."""
    global _worker
    with _lock:
        if _worker is not None:
            _worker.kill()
            _worker = None


# no worker outlives the process that started it
atexit.register(shutdown)

if __name__ == "__main__":
    _serve()
