"""A persistent child process that runs one call at a time and can be killed when it overruns.

The child knows nothing of what it runs: a call hands it a module-level function (pickled by
reference, so the child imports the function's module) and its arguments. It is a plain subprocess
(``python -m pyverify.parallel._child``, not multiprocessing) in its own process group, so the
caller's ``__main__`` is never re-imported and a kill stops everything it started. It runs under an
address-space limit and keeps its imports warm between calls (a call costs a pipe round trip).

A request frame is ``(fn, args)`` for one call, or (:func:`calls_frame`) a chunk of calls of one function:
each call of a chunk is answered by its own frame as it finishes, so the parent's clock, deadline and crash
attribution stay per call.
"""

from __future__ import annotations

import importlib
import io
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import time
from typing import Any, Callable

#: Extra seconds a call gets beyond its own deadline before its child is killed.
GRACE = 1.5
#: Seconds a fresh child may take to start (its imports), on top of the first call's deadline.
STARTUP = 30.0
#: Address-space limit of a child (bytes).
MEMORY_LIMIT = int(os.environ.get("PYVERIFY_WORKER_MEMORY", 6 * 1024**3))
_HEADER = struct.Struct("!Q")
#: Environment variable naming the function ("module:attr") a fresh child calls before it reports ready.
_SETUP = "PYVERIFY_PARALLEL_SETUP"


def _frame(payload: Any) -> bytes:
    data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


def resolve(spec: str) -> Callable[..., Any]:
    """``"package.module:function"`` to the function."""
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)  # type: ignore[no-any-return]


def read_exact(stream: Any, size: int) -> bytes:
    """Exactly ``size`` bytes from a pipe (EOFError when it closes first)."""
    chunks, got = [], 0
    while got < size:
        chunk = stream.read(size - got)
        if not chunk:
            raise EOFError("pipe closed")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def spawn(module: str, variable: str, value: str) -> subprocess.Popen[bytes]:
    """``python -m module`` as a child: its own process group (so a kill takes its descendants too), pipes
    for frames, stderr discarded, the caller's ``sys.path``, and ``variable=value`` in its environment. A
    plain subprocess (not multiprocessing), so the caller's ``__main__`` is never re-imported."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    env[variable] = value
    return subprocess.Popen([sys.executable, "-m", module], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, start_new_session=True, env=env)  # fmt: skip


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill a child started in its own process group, everything it started, and close its pipes."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    for stream in (proc.stdin, proc.stdout):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass


def enter_child(memory_limit: int) -> Any:
    """What every child process does first: an address-space limit, no core dumps, and stdout kept
    for the frames (stray prints from libraries go to stderr); returns the frame stream."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except (ImportError, ValueError, OSError):
        pass
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr
    return out


def _serve() -> None:
    """The child's loop: read (fn, args) frames on stdin, answer (status, value) on the original stdout."""
    out = enter_child(MEMORY_LIMIT)
    inp = sys.stdin.buffer
    setup = os.environ.get(_SETUP, "")
    if setup:
        resolve(setup)()
    out.write(_frame(("ready", None)))
    out.flush()
    serve_frames(inp, out)


class _Unreadable(Exception):
    """A request frame whose calls cannot be unpickled; ``count`` calls are answered with the error."""

    def __init__(self, count: int, message: str) -> None:
        super().__init__(message)
        self.count, self.message = count, message


def calls_frame(fn: Callable[..., Any], calls: list[tuple[Any, ...]]) -> bytes:
    """One frame asking for ``fn(*args)`` for each ``args`` in turn, each answered on its own. The call count is
    pickled apart from the calls, so a child that cannot unpickle them still answers once per call."""
    data = pickle.dumps(len(calls), protocol=pickle.HIGHEST_PROTOCOL) + pickle.dumps(
        (fn, calls), protocol=pickle.HIGHEST_PROTOCOL)  # fmt: skip
    return _HEADER.pack(len(data)) + data


def _calls(request: bytes) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
    """The calls of a request frame: one ``(fn, args)`` pickle, or a count and ``(fn, [args, ...])``."""
    stream = io.BytesIO(request)
    count = 1
    try:
        first = pickle.load(stream)
        if type(first) is not int:
            fn, args = first
            return [(fn, args)]
        count = first
        fn, many = pickle.load(stream)
        return [(fn, args) for args in many]
    except MemoryError:
        raise
    except Exception as exc:
        raise _Unreadable(count, f"{type(exc).__name__}: {exc}") from None


def serve_frames(inp: Any, out: Any) -> None:
    """Answer each call of the request frames with a ``(status, value)`` frame until the input closes (or memory
    runs out: the heap may then be in a poor state, and the parent starts a fresh process)."""
    while True:
        try:
            (size,) = _HEADER.unpack(read_exact(inp, _HEADER.size))
            request = read_exact(inp, size)
        except (EOFError, OSError):
            return
        try:
            calls = _calls(request)
        except _Unreadable as exc:  # every call of the frame fails alike (e.g. its module cannot be imported)
            out.write(_frame(("error", exc.message)) * exc.count)
            out.flush()
            continue
        except MemoryError:
            out.write(_frame(("error", "memory limit reached")))
            out.flush()
            return
        for fn, args in calls:
            try:
                result: Any = ("ok", fn(*args))
            except MemoryError:
                out.write(_frame(("error", "memory limit reached")))
                out.flush()
                return
            except Exception as exc:
                result = ("error", f"{type(exc).__name__}: {exc}")
            try:
                data = _frame(result)
            except Exception as exc:  # an unpicklable result
                data = _frame(("error", f"result cannot be sent: {type(exc).__name__}: {exc}"))
            out.write(data)
            out.flush()


class Child:
    """One child process; :meth:`feed` collects its answers without blocking, :meth:`call` waits for one.

    Not thread-safe: one owner sends and reads.
    """

    def __init__(self, setup: str = "") -> None:
        self.proc = spawn("pyverify.parallel._child", _SETUP, setup)
        self.ready = False
        self._buffer = b""

    def fileno(self) -> int:
        assert self.proc.stdout is not None
        return self.proc.stdout.fileno()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        """Queue a call (raises EOFError if the child is gone)."""
        self.write(_frame((fn, args)))

    def write(self, frame: bytes) -> None:
        """Queue a prepared request frame (:func:`calls_frame`); raises EOFError if the child is gone."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(frame)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise EOFError(str(exc)) from None

    def feed(self) -> list[tuple[str, Any]]:
        """Read what is available (call after select says readable); the complete frames, in order.

        The ``("ready", None)`` frame marks the end of start-up. Raises EOFError when the child exited.
        """
        chunk = os.read(self.fileno(), 1 << 16)
        if not chunk:
            raise EOFError("child exited")
        self._buffer += chunk
        frames = []
        while len(self._buffer) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(self._buffer)
            if len(self._buffer) < _HEADER.size + size:
                break
            body = self._buffer[_HEADER.size : _HEADER.size + size]
            self._buffer = self._buffer[_HEADER.size + size :]
            try:
                frames.append(pickle.loads(body))
            except Exception as exc:
                raise EOFError(f"unreadable answer: {exc}") from None
        return frames

    def call(self, fn: Callable[..., Any], args: tuple[Any, ...], timeout: float) -> tuple[str, Any]:
        """``fn(*args)`` in the child: ``(ok|error|deadline|crashed, value)``; the child is killed on overrun."""
        try:
            self.send(fn, args)
            end = time.monotonic() + timeout + GRACE + (0 if self.ready else STARTUP)
            while True:
                remaining = end - time.monotonic()
                if remaining <= 0 or not select.select([self], [], [], remaining)[0]:
                    self.kill()
                    return "deadline", None
                for status, value in self.feed():
                    if status == "ready":
                        self.ready = True
                        end = time.monotonic() + timeout + GRACE
                        continue
                    if status == "error" and value == "memory limit reached":
                        self.kill()
                    return status, value
        except (EOFError, OSError) as exc:
            self.kill()
            return "crashed", str(exc)

    def kill(self) -> None:
        kill_group(self.proc)


if __name__ == "__main__":
    _serve()
