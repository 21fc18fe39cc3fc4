"""Trusted runner that executes one untrusted program inside the sandbox (spec: ``shared/spec/verifier-audit.md``).

``_sandbox.run`` starts this file as ``python -I -S _runner_main.py CONFIG`` (stdlib only: it must not import
pyverify, whose packages are not on the isolated path). It plays two roles:

* **supervisor**, the process that was started (PID 1 of a fresh PID namespace when ``unshare`` is available):
  reads the program and the completion nonce while still privileged, makes every mount read-only except the
  run's temporary directory, forks the program process, waits for it, kills and counts whatever it left
  running, and writes one trusted status record to a pipe the program cannot reach;
* **program process**: drops privileges and sets the resource limits, then compiles and executes the program
  in a fresh ``__main__`` namespace with ``report(value)`` available, and writes a completion record carrying
  the nonce only if the program ran to its end.

The value encoding used by ``report`` lives here too, so the parent decodes exactly what this file encodes.
The nonce guards against a program that merely exits early (``sys.exit(0)``, ``os._exit(0)``); a program
that shares the interpreter can always find it in memory, so it is no defence against deliberate forgery.
"""

from __future__ import annotations

import math
import os
import sys

# the C half of the json package: importing ``json`` itself pulls in ``re`` and ``enum``, a quarter of startup
from _json import encode_basestring_ascii as _quote

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Depth beyond which nested values are reported by repr: deep self-made structures must not crash the runner.
_MAX_DEPTH = 60
_REPR_LIMIT = 1000


def encode(value: Any, _depth: int = 0) -> Any:
    """Encode a value as JSON data tagged with its type, so that 1, 1.0, True, (1,) and [1] stay distinct."""
    if _depth > _MAX_DEPTH:
        return _opaque(value)
    # bool before int: bool is a subclass of int but a different answer
    if isinstance(value, bool):
        return ["bool", value]
    if value is None:
        return ["none"]
    if isinstance(value, int):
        # as text: JSON readers may round large integers
        return ["int", str(value)]
    if isinstance(value, float):
        return ["float", repr(value)]
    if isinstance(value, complex):
        return ["complex", repr(value.real), repr(value.imag)]
    if isinstance(value, str):
        return ["str", value]
    if isinstance(value, (bytes, bytearray)):
        return ["bytes" if isinstance(value, bytes) else "bytearray", bytes(value).hex()]
    if isinstance(value, list):
        return ["list", [encode(item, _depth + 1) for item in value]]
    if isinstance(value, tuple):
        return ["tuple", [encode(item, _depth + 1) for item in value]]
    if isinstance(value, dict):
        pairs = [[encode(k, _depth + 1), encode(v, _depth + 1)] for k, v in value.items()]
        # dict equality ignores order, so the encoding does too
        pairs.sort(key=lambda pair: to_json(pair[0]))
        return ["dict", pairs]
    if isinstance(value, (set, frozenset)):
        items = sorted((encode(item, _depth + 1) for item in value), key=to_json)
        return ["frozenset" if isinstance(value, frozenset) else "set", items]
    return _opaque(value)


def _opaque(value: Any) -> list[str]:
    try:
        text = repr(value)[:_REPR_LIMIT]
    except BaseException as exc:  # a hostile __repr__ must not stop the report
        text = f"<repr failed: {type(exc).__name__}>"
    return ["repr", type(value).__name__, text]


def to_json(data: Any) -> str:
    """JSON text of encoded data or a record (lists, dicts with str keys, str, bool, int, None) without ``json``."""
    if isinstance(data, str):
        return _quote(data)
    if data is True:
        return "true"
    if data is False:
        return "false"
    if data is None:
        return "null"
    if isinstance(data, int):
        return str(data)
    if isinstance(data, list):
        return "[" + ",".join(to_json(item) for item in data) + "]"
    if isinstance(data, dict):
        return "{" + ",".join(_quote(key) + ":" + to_json(item) for key, item in data.items()) + "}"
    raise TypeError(f"not encodable as JSON: {type(data).__name__}")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _record(fd: int, record: dict[str, Any]) -> None:
    _write_all(fd, (to_json(record) + "\n").encode())


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 300 else line[:297] + "..."


# ---------------------------------------------------------------- privileged setup (supervisor)

_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_REMOUNT, _MS_NOATIME, _MS_NODIRATIME, _MS_BIND, _MS_REC = 32, 1024, 2048, 4096, 16384
_MS_RELATIME, _MS_STRICTATIME = 1 << 21, 1 << 24
_KEPT_FLAGS = {
    "nosuid": _MS_NOSUID,
    "nodev": _MS_NODEV,
    "noexec": _MS_NOEXEC,
    "noatime": _MS_NOATIME,
    "nodiratime": _MS_NODIRATIME,
    "relatime": _MS_RELATIME,
    "strictatime": _MS_STRICTATIME,
}


def _libc() -> Any:
    import ctypes

    return ctypes.CDLL(None, use_errno=True)


def _mount(libc: Any, source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    import ctypes

    def arg(text: str | None) -> bytes | None:
        return None if text is None else os.fsencode(text)

    if libc.mount(arg(source), arg(target), arg(fstype), ctypes.c_ulong(flags), arg(data)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err), target)


def _mount_points() -> list[tuple[str, int]]:
    """Mount points of this mount namespace with the per-mount flags that a bind remount must keep."""
    points = []
    with open("/proc/self/mountinfo", "rb") as handle:
        for line in handle:
            fields = line.split()
            # mountinfo escapes blank, tab, newline and backslash in paths as octal
            raw = fields[4]
            for escaped, plain in ((b"\\040", b" "), (b"\\011", b"\t"), (b"\\012", b"\n"), (b"\\134", b"\\")):
                raw = raw.replace(escaped, plain)
            flags = 0
            for option in fields[5].split(b","):
                flags |= _KEPT_FLAGS.get(option.decode(), 0)
            points.append((os.fsdecode(raw), flags))
    return points


def _hidden_ancestor(path: str) -> tuple[str, str] | None:
    """First ancestor of ``path`` that others cannot enter, and its child on the way to ``path``."""
    parts = path.strip("/").split("/")
    current = "/"
    for part in parts:
        if not os.stat(current).st_mode & 0o001:
            return current, os.path.join(current, part)
        current = os.path.join(current, part)
    return None


def _isolate_files(libc: Any, workdir: str, expose_stdlib: bool) -> list[str]:
    """Make every mount read-only except ``workdir``; return the problems (empty: isolated).

    Runs in a private mount namespace, so nothing here is visible outside the run. When the program will run
    under an unprivileged uid, an ancestor of the standard library that others cannot enter (``/root`` for a
    pyenv build) is covered with an empty tmpfs holding only a bind of the Python installation, which also
    hides the rest of that directory from the program.
    """
    problems: list[str] = []
    found = _hidden_ancestor(os.path.realpath(os.path.dirname(os.__file__))) if expose_stdlib else None
    if found is None:
        _mount(libc, workdir, workdir, None, _MS_BIND)
    else:
        covered, kept = found
        # O_PATH handles keep the originals reachable once the tmpfs covers their path
        handles = {path: os.open(path, os.O_PATH | os.O_DIRECTORY) for path in (kept, workdir)}
        _mount(libc, "tmpfs", covered, "tmpfs", _MS_NOSUID | _MS_NODEV, "mode=0755,size=64k")
        for path, fd in handles.items():
            if path.startswith(covered.rstrip("/") + "/"):
                os.makedirs(path, mode=0o755, exist_ok=True)
                _mount(libc, f"/proc/self/fd/{fd}", path, None, _MS_BIND | _MS_REC)
            else:
                _mount(libc, path, path, None, _MS_BIND)
            os.close(fd)
    for target, flags in _mount_points():
        if target == workdir:
            continue
        try:
            _mount(libc, None, target, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY | flags)
        except OSError as exc:
            problems.append(f"{target}: {exc.strerror}")
    return problems


# ---------------------------------------------------------------- program process


def _drop_privileges(libc: Any | None, uid: int) -> None:
    if uid >= 0:
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
    if libc is None:
        return
    import ctypes

    # no_new_privs: set-uid binaries and file capabilities cannot give the program back what it lost
    libc.prctl(38, 1, 0, 0, 0)
    if uid < 0 and os.geteuid() == 0:
        # root of a user namespace keeps its uid: clear its capabilities so it cannot undo the read-only mounts

        class Header(ctypes.Structure):
            _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

        class Data(ctypes.Structure):
            _fields_ = [
                ("effective", ctypes.c_uint32),
                ("permitted", ctypes.c_uint32),
                ("inheritable", ctypes.c_uint32),
            ]

        header = Header(0x20080522, 0)
        data = (Data * 2)()
        libc.capset(ctypes.byref(header), data)


def _set_limits(config: dict[str, Any]) -> None:
    import resource

    cpu = max(1, math.ceil(config["cpu_s"]))
    limits = [
        # one second of grace between SIGXCPU and the kernel's SIGKILL
        (resource.RLIMIT_CPU, (cpu, cpu + 1)),
        (resource.RLIMIT_AS, (config["memory_bytes"],) * 2),
        (resource.RLIMIT_FSIZE, (config["fsize_bytes"],) * 2),
        (resource.RLIMIT_CORE, (0, 0)),
        (resource.RLIMIT_NPROC, (config["processes"],) * 2),
        (resource.RLIMIT_NOFILE, (256, 256)),
    ]
    for which, value in limits:
        try:
            resource.setrlimit(which, value)
        except (ValueError, OSError):
            # a hard limit already below ours: keep the stricter one
            pass


def _classify(exc: BaseException) -> str:
    if isinstance(exc, AssertionError):
        return "failed"
    if isinstance(exc, MemoryError):
        return "memory"
    return "error"


def _run_program(config: dict[str, Any], source: bytes, nonce: str, libc: Any | None) -> None:
    report_fd = config["report_fd"]
    main_pid = os.getpid()
    os.close(config["status_fd"])
    _drop_privileges(libc, config["uid"])
    _set_limits(config)
    os.chdir(config["dir"])
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)

    def report(value: Any) -> None:
        """Send one value to the parent over the report pipe (not stdout, which the program owns)."""
        try:
            encoded = encode(value)
        except RecursionError:
            encoded = _opaque(value)
        _record(report_fd, {"r": encoded})

    import builtins
    import types

    main = types.ModuleType("__main__")
    main.__dict__.update({"__file__": config["program"], "__builtins__": builtins, "report": report})
    sys.modules["__main__"] = main
    builtins.report = report  # type: ignore[attr-defined]
    # the runner's own memory reserve: frees room so that the outcome can be written after a MemoryError
    reserve: bytearray | None = bytearray(1 << 20)
    try:
        code = compile(source, config["program"], "exec")
        exec(code, main.__dict__)
    except BaseException as exc:
        reserve = None
        outcome = _classify(exc)
        try:
            # the interpreter's own (C) traceback printer, without the runner's frame
            if exc.__traceback__ is not None:
                exc.__traceback__ = exc.__traceback__.tb_next
            sys.__excepthook__(type(exc), exc, exc.__traceback__)
        except BaseException:  # stderr closed or memory still short: the record below matters more
            pass
        if os.getpid() != main_pid:
            # a process the program forked ran off the end of the program: only the main process decides
            _flush()
            os._exit(1)
        try:
            message = _one_line(str(exc))
        except BaseException:
            message = ""
        try:
            _flush()
            _record(
                report_fd, {"outcome": outcome, "error_type": type(exc).__name__, "message": message, "nonce": nonce}
            )
        except BaseException:
            _write_all(
                report_fd,
                b'{"outcome":"%s","error_type":"?","message":"","nonce":"%s"}\n' % (outcome.encode(), nonce.encode()),
            )
        os._exit(1)
    del reserve
    _flush()
    if os.getpid() == main_pid:
        _record(report_fd, {"done": nonce})
    os._exit(0)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass


# ---------------------------------------------------------------- supervisor


def _living_others(in_pid_namespace: bool) -> list[int]:
    """Processes to clean up: all others in this PID namespace; without one, our session and our orphans."""
    me = os.getpid()
    # the session counts only when we lead it (the sandbox starts us that way); never a caller's session
    own_sid = me if os.getsid(0) == me else -1
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as handle:
                stat = handle.read()
        except OSError:
            continue
        fields = stat[stat.rindex(b")") + 2 :].split()
        state, ppid, sid = fields[0], int(fields[1]), int(fields[3])
        if state in (b"Z", b"X"):
            continue
        if in_pid_namespace or sid == own_sid or ppid == me:
            found.append(int(name))
    return found


def _reap_all() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _clean_up(in_pid_namespace: bool) -> int:
    """Kill whatever the program left running; return how many there were."""
    first = _living_others(in_pid_namespace)
    seen = set(first)
    others = first
    for _ in range(1000):
        if not others:
            break
        if in_pid_namespace:
            # from PID 1, kill(-1) reaches every other process of the namespace, setsid() or not
            try:
                os.kill(-1, 9)
            except ProcessLookupError:
                pass
        else:
            for pid in others:
                try:
                    os.kill(pid, 9)
                except (ProcessLookupError, PermissionError):
                    pass
        _reap_all()
        others = _living_others(in_pid_namespace)
        seen.update(others)
    return len(seen)


_TEXT_SETTINGS = ("program", "dir")
_FLOAT_SETTINGS = ("cpu_s",)


def _read_config(arguments: list[str]) -> dict[str, Any]:
    """Settings from ``key=value`` arguments (paths, numbers; ``mounts`` is 0 or 1)."""
    config: dict[str, Any] = {}
    for argument in arguments:
        key, _, value = argument.partition("=")
        if key in _TEXT_SETTINGS:
            config[key] = value
        elif key in _FLOAT_SETTINGS:
            config[key] = float(value)
        else:
            config[key] = int(value)
    return config


def main() -> None:
    config = _read_config(sys.argv[1:])
    nonce = os.read(0, 256).decode()
    with open(config["program"], "rb") as handle:
        source = handle.read()
    # both: the sandbox asked for a namespace, and we are its init (kill(-1) from a container's init would be fatal)
    in_pid_namespace = config.get("pid_namespace") == 1 and os.getpid() == 1
    libc = None
    fs_problems = ["no mount namespace"]
    if config["mounts"] or config["uid"] >= 0 or not in_pid_namespace:
        try:
            libc = _libc()
        except OSError:
            libc = None
    if config["mounts"] and libc is not None:
        try:
            fs_problems = _isolate_files(libc, config["dir"], expose_stdlib=config["uid"] >= 0)
        except OSError as exc:
            fs_problems = [str(exc)]
    if not in_pid_namespace and libc is not None:
        # PR_SET_CHILD_SUBREAPER: orphans (also those that called setsid) come back to us for the clean-up
        libc.prctl(36, 1, 0, 0, 0)
    child = os.fork()
    if child == 0:
        try:
            _run_program(config, source, nonce, libc)
        finally:
            os._exit(70)
    os.close(config["report_fd"])
    status = 0
    while True:
        try:
            pid, wait_status = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        if pid == child:
            status = wait_status
            break
    leftover = _clean_up(in_pid_namespace)
    _record(
        config["status_fd"],
        {"wait_status": status, "leftover": leftover, "fs_isolated": not fs_problems, "fs_problems": fs_problems[:5]},
    )
    os._exit(0)


if __name__ == "__main__":
    main()
