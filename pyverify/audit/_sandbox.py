"""Sandbox for untrusted programs: one isolated interpreter per program (spec: ``shared/spec/verifier-audit.md``).

Each program runs as ``python -I -S`` (isolated mode, no ``site``: programs get the standard library only, and
start faster) in a fresh temporary directory and a new session, with CPU-time, address-space, file-size,
process-count and core-dump limits and a wall-clock timeout that kills the whole process group.

Where ``unshare`` works (root, or unprivileged user namespaces), the run also gets its own network namespace
(no network, not even loopback to the host), PID namespace (nothing it starts can outlive it, ``setsid()`` or
not) and mount namespace in which every mount but the temporary directory is read-only. As root the program
additionally runs under an unprivileged per-run uid with ``no_new_privs``, so ``RLIMIT_NPROC`` holds and the
file system refuses writes by permission as well. Without ``unshare`` the run falls back to rlimits, the
session kill and a clean-up of the session and of orphans; ``Execution`` says which protections held.

The trusted side inside the sandbox is ``_runner_main.py`` (see there for the protocol).

Limits, stated plainly (checked by hand against hostile programs; see ``tests/audit/test_sandbox.py``):

* **"passed" can be forged by code that shares the interpreter.** The completion record carries a nonce,
  but the nonce lives in the runner's memory in the same process (``sys._getframe().f_back`` reaches it),
  so a program written to attack the sandbox can report success and ``os._exit(0)``. HumanEval's own
  harness has the same weakness (its result list sits in the enclosing frame). The sandbox contains such a
  program; it does not make an in-process verdict trustworthy against it.
* **Reading is not restricted.** The program can read whatever its uid may read (the repository, the
  installed packages, ``/proc`` entries of its own namespace); under ``/root`` only the Python installation
  is visible when run as root. Writes outside the temporary directory are refused (read-only mounts).
* **Disk use is bounded per file, not in total.** RLIMIT_FSIZE caps each file; a program that writes many
  files is stopped only by the wall clock, and its directory is removed afterwards.
* Without ``unshare`` there is no network, mount or PID isolation: only rlimits, the session kill and the
  clean-up of orphans (``Execution`` says so per run).
"""

from __future__ import annotations

import json
import math
import os
import secrets
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pyverify.audit._runner_main import encode

__all__ = [
    "Execution",
    "Limits",
    "Opaque",
    "SandboxError",
    "decode",
    "encode",
    "file_system_isolation_available",
    "network_isolation_available",
    "run",
    "run_many",
    "same_value",
]

_RUNNER = str(Path(__file__).with_name("_runner_main.py"))
_OUTPUT_CAP = 64 * 1024
_REPORT_CAP = 16 * 1024 * 1024
_MESSAGE_CAP = 300
# Unprivileged uids for runs started as root: one per concurrent run, so that RLIMIT_NPROC (counted per uid)
# of one run is not used up by another; the pid term keeps two pyverify processes apart.
_UID_BASE = 2_000_000_000 + (os.getpid() % 1_000_000) * 256


class SandboxError(RuntimeError):
    """The sandbox itself could not start a run (not a verdict on the program)."""


@dataclass(frozen=True)
class Limits:
    """Resource limits for one run."""

    wall_s: float = 10.0
    """Wall-clock timeout in seconds; at expiry the whole process group (and PID namespace) is killed."""
    cpu_s: float = 5.0
    """CPU-time limit (RLIMIT_CPU), rounded up to whole seconds, at least 1."""
    memory_mb: int = 1024
    """Address-space limit (RLIMIT_AS) in MiB."""
    fsize_mb: int = 8
    """Largest file the program may write (RLIMIT_FSIZE) in MiB."""
    processes: int = 64
    """Process limit (RLIMIT_NPROC); enforced only for a non-root uid (always the case when run as root here)."""
    network: bool = False
    """Allow network access; False cuts it with a network namespace where available."""

    def __post_init__(self) -> None:
        if not (
            self.wall_s > 0 and self.cpu_s > 0 and self.memory_mb > 0 and self.fsize_mb >= 0 and self.processes > 0
        ):
            raise ValueError(f"limits must be positive: {self!r}")


@dataclass(frozen=True)
class Execution:
    """What happened when one program ran in the sandbox."""

    outcome: str
    """passed | failed (AssertionError) | error (other exception, or exit before completion) | timeout (wall clock
    or CPU time) | memory (MemoryError or address-space kill) | killed (any other signal, e.g. SIGXFSZ, SIGKILL)."""
    error_type: str | None
    """Exception class name or signal name; None when passed."""
    message: str
    """One line about the failure, at most 300 characters; empty when passed."""
    reports: tuple[Any, ...]
    """Values the program passed to ``report(value)``, decoded (see ``decode``)."""
    stdout: str
    """Standard output, first 64 KiB."""
    stderr: str
    """Standard error, first 64 KiB."""
    seconds: float
    """Wall-clock seconds of the whole run, sandbox overhead included."""
    network_isolated: bool
    """Whether the network was actually cut for this run."""
    leftover_killed: int
    """Processes still alive after the program's main process ended, killed by the sandbox."""
    fs_isolated: bool = False
    """Whether every mount except the run's temporary directory was confirmed read-only for the program (False
    also when the run was killed before the sandbox could confirm it, e.g. on timeout)."""
    pid_isolated: bool = False
    """Whether the run had its own PID namespace (nothing it started can survive it)."""


@dataclass(frozen=True)
class Opaque:
    """A reported value of a type the encoding does not cover, known only by its type name and repr."""

    type_name: str
    """``type(value).__name__`` inside the sandbox."""
    text: str
    """``repr(value)``, cut at 1000 characters."""


# ---------------------------------------------------------------- values


def decode(encoded: Any) -> Any:
    """Rebuild a value from ``encode``'s tagged form; unknown types become ``Opaque``."""
    tag = encoded[0]
    if tag == "none":
        return None
    if tag == "bool":
        return bool(encoded[1])
    if tag == "int":
        return int(encoded[1])
    if tag == "float":
        return float(encoded[1])
    if tag == "complex":
        return complex(float(encoded[1]), float(encoded[2]))
    if tag == "str":
        return str(encoded[1])
    if tag == "bytes":
        return bytes.fromhex(encoded[1])
    if tag == "bytearray":
        return bytearray.fromhex(encoded[1])
    if tag == "list":
        return [decode(item) for item in encoded[1]]
    if tag == "tuple":
        return tuple(decode(item) for item in encoded[1])
    if tag == "dict":
        return {_hashable(decode(k)): decode(v) for k, v in encoded[1]}
    if tag in ("set", "frozenset"):
        items = frozenset(_hashable(decode(item)) for item in encoded[1])
        return items if tag == "frozenset" else set(items)
    if tag == "repr":
        return Opaque(str(encoded[1]), str(encoded[2]))
    raise ValueError(f"unknown value tag {tag!r} in {str(encoded)[:80]}")


def _hashable(value: Any) -> Any:
    # keys were hashable in the sandbox; a bytearray key cannot exist, so only lists need care (never happens)
    return tuple(value) if isinstance(value, list) else value


def same_value(a: Any, b: Any, *, rel_tol: float = 1e-9, abs_tol: float = 1e-9) -> bool:
    """Whether two decoded values are the same answer: floats within tolerance (nan equals nan), all else exact.

    Types must match exactly (``True`` is not ``1``, ``1`` is not ``1.0``, a tuple is not a list); dict keys and
    set members are matched exactly, their values with the float tolerance.
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b or math.isclose(a, b, rel_tol=rel_tol, abs_tol=abs_tol)
    if isinstance(a, complex):
        return same_value(a.real, b.real, rel_tol=rel_tol, abs_tol=abs_tol) and same_value(
            a.imag, b.imag, rel_tol=rel_tol, abs_tol=abs_tol
        )
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same_value(x, y, rel_tol=rel_tol, abs_tol=abs_tol) for x, y in zip(a, b))
    if isinstance(a, dict):
        if len(a) != len(b):
            return False
        b_keys = {key: key for key in b}
        for key, value in a.items():
            if key not in b_keys or not _same_member(key, b_keys[key]):
                return False
            if not same_value(value, b[b_keys[key]], rel_tol=rel_tol, abs_tol=abs_tol):
                return False
        return True
    if isinstance(a, (set, frozenset)):
        b_members = {member: member for member in b}
        return len(a) == len(b) and all(m in b_members and _same_member(m, b_members[m]) for m in a)
    return bool(a == b)


def _same_member(a: Any, b: Any) -> bool:
    # hash-equal members can still differ in type (1, 1.0, True)
    return same_value(a, b, rel_tol=0.0, abs_tol=0.0)


# ---------------------------------------------------------------- isolation probe


@dataclass(frozen=True)
class _Isolation:
    prefix: tuple[str, ...]
    network: bool
    pid: bool
    mounts: bool
    drop_uid: bool


def _probe(command: list[str]) -> bool:
    try:
        return subprocess.run(command, capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


@lru_cache(maxsize=1)
def _isolation() -> _Isolation:
    unshare = shutil.which("unshare") or ("/usr/bin/unshare" if os.path.exists("/usr/bin/unshare") else None)
    namespaces = ["--net", "--pid", "--fork", "--kill-child", "--mount-proc"]
    if unshare is not None:
        candidates = [[unshare, *namespaces]] if os.geteuid() == 0 else []
        # unprivileged: a user namespace in which we are root grants the others
        candidates.append([unshare, "--user", "--map-root-user", *namespaces])
        for prefix in candidates:
            if _probe([*prefix, "true"]):
                root = "--user" not in prefix
                return _Isolation(tuple(prefix), network=True, pid=True, mounts=True, drop_uid=root)
    return _Isolation((), network=False, pid=False, mounts=False, drop_uid=False)


def network_isolation_available() -> bool:
    """Whether runs with ``Limits(network=False)`` get their network cut (checked once per process)."""
    return _isolation().network


def file_system_isolation_available() -> bool:
    """Whether runs get a mount namespace in which all but their temporary directory is read-only."""
    return _isolation().mounts


_uid_lock = threading.Lock()
_uids_in_use: set[int] = set()


def _take_uid() -> int:
    with _uid_lock:
        slot = next(i for i in range(len(_uids_in_use) + 1) if _UID_BASE + i not in _uids_in_use)
        _uids_in_use.add(_UID_BASE + slot)
        return _UID_BASE + slot


def _release_uid(uid: int) -> None:
    with _uid_lock:
        _uids_in_use.discard(uid)


# ---------------------------------------------------------------- one run


def run(program: str, *, limits: Limits | None = Limits(), interpreter: str | None = None) -> Execution:
    """Run one untrusted program in the sandbox and say how it ended (thread-safe; ``None`` limits: defaults).

    ``interpreter`` is the Python that runs it (default: this one); the runner uses the standard library only,
    so any CPython 3.10+ works, e.g. a separate environment whose packages conflict with this one's."""
    limits = limits or Limits()
    isolation = _isolation()
    prefix: tuple[str, ...] = isolation.prefix
    if limits.network and prefix:
        prefix = tuple(arg for arg in prefix if arg != "--net")
    uid = _take_uid() if isolation.drop_uid else -1
    workdir = tempfile.mkdtemp(prefix="pyverify-sandbox-")
    try:
        return _run_in(program, limits, isolation, prefix, workdir, uid, interpreter or sys.executable)
    finally:
        _remove_tree(workdir)
        if uid >= 0:
            _release_uid(uid)


def _run_in(
    program: str, limits: Limits, isolation: _Isolation, prefix: tuple[str, ...], workdir: str, uid: int,
    interpreter: str,
) -> Execution:
    started = time.monotonic()
    path = os.path.join(workdir, "program.py")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(program)
    if uid >= 0:
        os.chown(workdir, uid, uid)
    nonce = secrets.token_hex(16)
    report_r, report_w = os.pipe()
    status_r, status_w = os.pipe()
    nonce_r, nonce_w = os.pipe()
    os.write(nonce_w, nonce.encode())
    os.close(nonce_w)
    settings = {
        "program": path,
        "dir": workdir,
        "report_fd": report_w,
        "status_fd": status_w,
        "uid": uid,
        "cpu_s": limits.cpu_s,
        "memory_bytes": limits.memory_mb * 1024 * 1024,
        "fsize_bytes": limits.fsize_mb * 1024 * 1024,
        "processes": limits.processes,
        "mounts": int(isolation.mounts),
        "pid_namespace": int(isolation.pid),
    }
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "HOME": workdir,
        "TMPDIR": workdir,
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        # lets the no-namespace fallback find escaped processes by their environment
        "PYVERIFY_SANDBOX_RUN": nonce[:16],
    }
    try:
        proc = subprocess.Popen(
            [*prefix, interpreter, "-I", "-S", _RUNNER, *(f"{key}={value}" for key, value in settings.items())],
            stdin=nonce_r,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=(report_w, status_w),
            cwd=workdir,
            env=env,
            start_new_session=True,
        )
    except OSError as exc:
        for fd in (report_r, report_w, status_r, status_w, nonce_r):
            os.close(fd)
        raise SandboxError(f"could not start the sandboxed interpreter: {exc}") from exc
    for fd in (report_w, status_w, nonce_r):
        os.close(fd)
    assert proc.stdout is not None and proc.stderr is not None
    streams = {proc.stdout.fileno(): "stdout", proc.stderr.fileno(): "stderr", report_r: "report", status_r: "status"}
    captured = {name: bytearray() for name in streams.values()}
    overflow = {name: False for name in streams.values()}
    deadline = started + limits.wall_s
    timed_out = not _pump(streams, captured, overflow, deadline)
    if not timed_out:
        try:
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            timed_out = True
    if timed_out:
        _kill_run(proc, env["PYVERIFY_SANDBOX_RUN"], isolation.pid)
        _pump(streams, captured, overflow, time.monotonic() + 0.5)
    proc.stdout.close()
    proc.stderr.close()
    for fd in (report_r, status_r):
        os.close(fd)
    return _verdict(
        captured, overflow, nonce, proc.returncode, timed_out, time.monotonic() - started, limits, isolation, prefix
    )


def _pump(streams: dict[int, str], captured: dict[str, bytearray], overflow: dict[str, bool], deadline: float) -> bool:
    """Read all pipes until every writer closed them (True) or the deadline passed (False)."""
    selector = selectors.DefaultSelector()
    try:
        for fd in streams:
            try:
                selector.register(fd, selectors.EVENT_READ)
            except (ValueError, KeyError):
                pass
        while selector.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            for key, _ in selector.select(remaining):
                fd = int(key.fd)
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    data = b""
                if not data:
                    selector.unregister(fd)
                    continue
                name = streams[fd]
                cap = _REPORT_CAP if name in ("report", "status") else _OUTPUT_CAP
                # keep reading past the cap so that the program is never blocked on a full pipe
                room = cap - len(captured[name])
                if room > 0:
                    captured[name] += data[:room]
                if len(data) > room:
                    overflow[name] = True
        return True
    finally:
        selector.close()


def _kill_run(proc: subprocess.Popen[bytes], marker: str, pid_namespace: bool) -> None:
    """Kill the run's process group; without a PID namespace also hunt down members that left the group."""
    members = _processes(lambda pid, pgid, environ: pgid == proc.pid)
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if not pid_namespace:
        token = f"PYVERIFY_SANDBOX_RUN={marker}".encode()
        for _ in range(100):
            escaped = _processes(lambda pid, pgid, environ: token in environ(), read_environ=True)
            if not escaped:
                break
            for pid in escaped:
                _kill(pid)
    proc.wait()
    # a PID namespace dies when its init (among the members) has exited, which can lag the killpg a little
    end = time.monotonic() + 2.0
    while time.monotonic() < end and any(_alive(pid) for pid in members):
        time.sleep(0.005)


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _processes(select: Any, read_environ: bool = False) -> list[int]:
    """Living (non-zombie) processes chosen by ``select(pid, pgid, environ)``."""
    chosen = []
    me = os.getpid()
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        pid = int(name)
        try:
            stat = Path(f"/proc/{pid}/stat").read_bytes()
        except OSError:
            continue
        fields = stat[stat.rindex(b")") + 2 :].split()
        if fields[0] in (b"Z", b"X"):
            continue

        def environ(pid: int = pid) -> bytes:
            try:
                return Path(f"/proc/{pid}/environ").read_bytes()
            except OSError:
                return b""

        if select(pid, int(fields[2]), environ):
            chosen.append(pid)
    return chosen


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return False
    return stat[stat.rindex(b")") + 2 :][:1] not in (b"Z", b"X")


def _remove_tree(path: str) -> None:
    def unlock(function: Any, failed: str, _exc: Any) -> None:
        # a program may have taken permissions away from its own files; only matters when not root
        try:
            os.chmod(os.path.dirname(failed), 0o700)
            os.chmod(failed, 0o700)
            function(failed)
        except OSError:
            pass

    shutil.rmtree(path, onerror=unlock)


# ---------------------------------------------------------------- verdict


_SIGNAL_OUTCOME = {"SIGXCPU": "timeout", "SIGXFSZ": "killed"}


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _verdict(
    captured: dict[str, bytearray],
    overflow: dict[str, bool],
    nonce: str,
    returncode: int | None,
    timed_out: bool,
    seconds: float,
    limits: Limits,
    isolation: _Isolation,
    prefix: tuple[str, ...],
) -> Execution:
    reports: list[Any] = []
    done = False
    ended: dict[str, Any] | None = None
    corrupt = overflow["report"]
    for line in bytes(captured["report"]).splitlines():
        try:
            record = json.loads(line)
            if "r" in record:
                reports.append(decode(record["r"]))
            elif record.get("done") == nonce:
                done = True
            elif record.get("nonce") == nonce and "outcome" in record:
                ended = record
        except (ValueError, TypeError, IndexError, KeyError, AttributeError, OverflowError):
            corrupt = True
    status: dict[str, Any] = {}
    for line in bytes(captured["status"]).splitlines():
        try:
            status = json.loads(line)
        except ValueError:
            pass
    stdout = bytes(captured["stdout"]).decode("utf-8", "replace")
    stderr = bytes(captured["stderr"]).decode("utf-8", "replace")

    def execution(outcome: str, error_type: str | None, message: str) -> Execution:
        if len(message) > _MESSAGE_CAP:
            message = message[: _MESSAGE_CAP - 3] + "..."
        return Execution(
            outcome=outcome,
            error_type=error_type,
            message=message,
            reports=tuple(reports),
            stdout=stdout,
            stderr=stderr,
            seconds=seconds,
            network_isolated=isolation.network and "--net" in prefix,
            leftover_killed=int(status.get("leftover", 0)),
            fs_isolated=bool(status.get("fs_isolated", False)),
            pid_isolated=isolation.pid,
        )

    if timed_out:
        return execution("timeout", "wall-clock", f"no result after {limits.wall_s:g} s of wall-clock time")
    if ended is not None:
        return execution(str(ended["outcome"]), str(ended.get("error_type")), str(ended.get("message", "")))
    wait_status = status.get("wait_status")
    if wait_status is not None:
        signalled = os.WIFSIGNALED(wait_status)
        number = os.WTERMSIG(wait_status) if signalled else 0
        code = os.WEXITSTATUS(wait_status) if os.WIFEXITED(wait_status) else None
    elif returncode is not None and returncode < 0:
        signalled, number, code = True, -returncode, None
    else:
        signalled, number, code = False, 0, returncode
    if signalled:
        name = _signal_name(number)
        if name == "SIGXCPU":
            return execution("timeout", name, f"CPU time limit of {math.ceil(limits.cpu_s)} s exceeded")
        if name in ("SIGSEGV", "SIGABRT", "SIGBUS") and ("MemoryError" in stderr or "memory" in stderr.lower()):
            return execution("memory", name, f"killed by {name} when out of memory")
        return execution(_SIGNAL_OUTCOME.get(name, "killed"), name, f"killed by {name}")
    if overflow["report"]:
        # the completion record, if any, was cut off with the rest: say why rather than "exited early"
        return execution("error", "ReportError", f"reported values exceeded {_REPORT_CAP // (1024 * 1024)} MiB")
    if done and code == 0:
        if corrupt:
            return execution("error", "ReportError", "report channel overflowed or was written to directly")
        return execution("passed", None, "")
    if not status:
        return execution("error", "SandboxError", f"the sandbox runner ended without a status (exit {returncode})")
    return execution("error", "EarlyExit", f"exited with status {code} before the program completed")


#: An executor (:mod:`pyverify.parallel`, e.g. a Ray cluster) that :func:`run_many` fans sandbox runs out to;
#: None: threads driving local subprocesses. Set for the length of an audit with :func:`fan_out`.
_EXECUTOR: ContextVar[Any] = ContextVar("sandbox_executor", default=None)


@contextmanager
def fan_out(executor: Any) -> Iterator[None]:
    """Within the block, :func:`run_many` runs its programs on ``executor`` (None: locally)."""
    token = _EXECUTOR.set(executor)
    try:
        yield
    finally:
        _EXECUTOR.reset(token)


def run_job(program: str, limits: Limits | None) -> Execution:
    """One sandbox run as an executor job (module level, so a worker process or Ray task can import it)."""
    return run(program, limits=limits)


def _run_on(executor: Any, programs: Sequence[str], limits: Limits | None) -> list[Execution]:
    from pyverify.parallel import Job

    budget = (limits or Limits()).wall_s + 30.0  # the sandbox kills at wall_s; this only catches a lost worker
    results: dict[str, Execution] = {}
    jobs = [Job(str(i), (program, limits), budget) for i, program in enumerate(programs)]
    for outcome in executor.map(run_job, jobs):
        if outcome.status == "ok":
            results[outcome.key] = outcome.value
        else:  # the worker itself failed: the program was never judged, which is no verdict on it
            message = f"executor: {outcome.status}: {outcome.value}"[:300]
            results[outcome.key] = Execution("error", "ExecutorError", message, (), "", "", outcome.seconds, False, 0)
    return [results[str(i)] for i in range(len(programs))]


def run_many(
    programs: Sequence[str], *, limits: Limits | None = Limits(), workers: int | None = None
) -> list[Execution]:
    """Run programs in parallel (threads driving subprocesses, or the executor of :func:`fan_out`);
    results in the order of ``programs``."""
    if not programs:
        return []
    executor = _EXECUTOR.get()
    if executor is not None:
        return _run_on(executor, programs, limits)
    count = max(1, min(workers or os.cpu_count() or 1, len(programs)))
    with ThreadPoolExecutor(max_workers=count, thread_name_prefix="sandbox") as pool:
        return list(pool.map(lambda program: run(program, limits=limits), programs))
