"""The sandbox contains hostile programs and reports how each one ended (spec: verifier-audit.md, Sandbox)."""

from __future__ import annotations

import json
import math
import os
import secrets
import socket
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyverify.audit import _sandbox
from pyverify.audit._runner_main import to_json
from pyverify.audit._sandbox import (
    Limits,
    Opaque,
    decode,
    encode,
    file_system_isolation_available,
    network_isolation_available,
    run,
    run_many,
    same_value,
)

NPROC_ENFORCED = os.geteuid() != 0 or _sandbox._isolation().drop_uid


def _living_with(token: str) -> list[int]:
    """Living processes whose command line mentions ``token`` (how a test finds what a program left behind)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
            stat = Path(f"/proc/{name}/stat").read_bytes()
        except OSError:
            continue
        if token.encode() in cmdline and stat[stat.rindex(b")") + 2 :][:1] not in (b"Z", b"X"):
            found.append(int(name))
    return found


def _round_trip(value: object) -> object:
    return decode(json.loads(to_json(encode(value))))


# ---------------------------------------------------------------- outcomes


def test_passing_program_reports_and_prints() -> None:
    execution = run("print('hello')\nreport(6 * 7)\nimport math, collections, typing, hashlib\n")
    assert execution.outcome == "passed"
    assert execution.error_type is None and execution.message == ""
    assert execution.reports == (42,)
    assert execution.stdout == "hello\n"
    assert execution.leftover_killed == 0


def test_assertion_failure_is_failed_with_message() -> None:
    execution = run("assert 1 + 1 == 3, 'arithmetic is broken'")
    assert (execution.outcome, execution.error_type) == ("failed", "AssertionError")
    assert execution.message == "arithmetic is broken"
    assert "AssertionError" in execution.stderr and "program.py" in execution.stderr


def test_other_exception_is_error_with_its_type() -> None:
    execution = run("report('before')\n{}['missing']")
    assert (execution.outcome, execution.error_type) == ("error", "KeyError")
    assert execution.reports == ("before",)


def test_syntax_error_is_error() -> None:
    execution = run("def f(:\n    pass")
    assert (execution.outcome, execution.error_type) == ("error", "SyntaxError")


def test_recursion_is_error_not_a_crash() -> None:
    execution = run("def f(n):\n    return f(n + 1)\nf(0)")
    assert (execution.outcome, execution.error_type) == ("error", "RecursionError")


@pytest.mark.parametrize(
    ("program", "error_type"),
    [
        ("import sys\nsys.exit(0)\nassert False", "SystemExit"),
        ("raise SystemExit", "SystemExit"),
        ("import os\nos._exit(0)", "EarlyExit"),
    ],
)
def test_exiting_early_is_never_passed(program: str, error_type: str) -> None:
    execution = run(program)
    assert (execution.outcome, execution.error_type) == ("error", error_type)


def test_forked_children_report_but_do_not_decide() -> None:
    # a child that fails, and one that runs to the end of the program, must not change the main verdict
    program = (
        "import os\n"
        "child = os.fork()\n"
        "if child == 0:\n"
        "    report('from child')\n"
        "    assert False, 'child fails'\n"
        "os.waitpid(child, 0)\n"
        "second = os.fork()\n"
        "if second:\n"
        "    os.waitpid(second, 0)\n"
        "    report('from parent')\n"
    )
    execution = run(program)
    assert execution.outcome == "passed", execution
    assert execution.reports == ("from child", "from parent")


def test_program_environment_is_minimal_and_local() -> None:
    execution = run(
        "import os, sys\n"
        "report(os.getcwd() == os.environ['HOME'] == os.environ['TMPDIR'])\n"
        "report(sys.stdin.read())\n"
        "report(sys.flags.isolated == 1 and sys.flags.no_site == 1)\n"
        "report(os.environ['PYTHONHASHSEED'])\n"
    )
    assert execution.outcome == "passed", execution
    assert execution.reports == (True, "", True, "0")


# ---------------------------------------------------------------- report() values


TRICKY = [
    10**100,
    -(2**70),
    0,
    True,
    False,
    None,
    1.5,
    -0.0,
    math.inf,
    -math.inf,
    'naïve \n "quoted" \udc80',
    b"\x00\xff",
    bytearray(b"ab"),
    [1, [2, (3,)]],
    (1, [2, (3,)]),
    ((),),
    {(1, 2): "pair", "k": [None]},
    {3, 1, 2},
    frozenset({"a", ("b",)}),
    {1: {2: {3: 4}}},
    1 + 2j,
]


def test_report_round_trips_tricky_values_through_the_sandbox() -> None:
    program = "import math\nvalues = " + repr(TRICKY).replace("inf", "math.inf") + "\nfor v in values:\n    report(v)\n"
    program += (
        "report(float('nan'))\nclass Thing:\n    def __repr__(self):\n        return 'Thing()'\nreport(Thing())\n"
    )
    execution = run(program)
    assert execution.outcome == "passed", execution.stderr
    *values, nan, thing = execution.reports
    assert len(values) == len(TRICKY)
    for sent, received in zip(TRICKY, values):
        assert type(received) is type(sent) and same_value(sent, received), (sent, received)
    assert isinstance(nan, float) and math.isnan(nan)
    assert thing == Opaque("Thing", "Thing()")
    negative_zero = next(v for s, v in zip(TRICKY, values) if isinstance(s, float) and s == 0)
    assert math.copysign(1.0, negative_zero) == -1.0


def test_encoding_keeps_lookalikes_apart() -> None:
    lookalikes = [1, 1.0, True, "1", b"1", (1,), [1], {1}, frozenset({1}), {1: 1}]
    encoded = {to_json(encode(value)) for value in lookalikes}
    assert len(encoded) == len(lookalikes)
    # dict and set encodings ignore insertion order, so equal containers encode equally
    assert to_json(encode({"a": 1, "b": 2})) == to_json(encode({"b": 2, "a": 1}))
    assert to_json(encode({3, 1, 2})) == to_json(encode({2, 3, 1}))


def test_encoding_survives_self_reference_and_hostile_repr() -> None:
    loop: list[object] = []
    loop.append(loop)
    assert isinstance(_round_trip(loop), list)  # cut off at depth, reported by repr below that

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    decoded = _round_trip(Hostile())
    assert isinstance(decoded, Opaque) and decoded.type_name == "Hostile"


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text() | st.binary(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=4).map(tuple)
        | st.dictionaries(st.integers() | st.text(max_size=3), inner, max_size=4)
        | st.frozensets(st.integers() | st.text(max_size=3), max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(values)
def test_round_trip_is_exact(value: object) -> None:
    assert same_value(_round_trip(value), value, rel_tol=0.0, abs_tol=0.0)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (1, True, False),
        (1, 1.0, False),
        ((1, 2), [1, 2], False),
        (float("nan"), float("nan"), True),
        (0.1 + 0.2, 0.3, True),
        (1.0, 1.001, False),
        ([0.1 + 0.2], [0.3], True),
        ({1: "a"}, {True: "a"}, False),
        ({1: 0.1 + 0.2}, {1: 0.3}, True),
        ({1, 2}, {2, 1}, True),
        ({1, 2}, frozenset({1, 2}), False),
        (10**30, 10**30 + 1, False),
        ("a", "a", True),
        (Opaque("X", "X()"), Opaque("X", "X()"), True),
    ],
)
def test_same_value(a: object, b: object, same: bool) -> None:
    assert same_value(a, b) is same
    assert same_value(b, a) is same


# ---------------------------------------------------------------- hostile programs


def test_infinite_loop_is_a_wall_clock_timeout() -> None:
    execution = run("while True:\n    pass", limits=Limits(wall_s=1.0, cpu_s=30))
    assert (execution.outcome, execution.error_type) == ("timeout", "wall-clock")


def test_cpu_spin_hits_the_cpu_limit_and_is_a_timeout() -> None:
    # RLIMIT_CPU ends a spin with SIGXCPU; the sandbox calls that a timeout (a time limit), not "killed"
    execution = run("while True:\n    pass", limits=Limits(wall_s=20.0, cpu_s=1))
    assert (execution.outcome, execution.error_type) == ("timeout", "SIGXCPU")


def test_memory_bomb_is_memory() -> None:
    execution = run("hoard = []\nwhile True:\n    hoard.append(bytearray(10**7))", limits=Limits(memory_mb=256))
    assert execution.outcome == "memory"


def test_single_huge_allocation_is_memory() -> None:
    execution = run("x = bytearray(10**12)", limits=Limits(memory_mb=256))
    assert (execution.outcome, execution.error_type) == ("memory", "MemoryError")


def test_fork_bomb_is_contained_and_leaves_nothing() -> None:
    if NPROC_ENFORCED:
        # a real bomb: every process forks forever; RLIMIT_NPROC caps it and the wall clock ends it
        bomb = "while True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n"
    else:
        # root without a private uid: RLIMIT_NPROC does not hold, so keep the bomb finite
        bomb = "for _ in range(150):\n    if os.fork() == 0:\n        break\ntime.sleep(100)\n"
    # every process of the bomb carries the run's directory on its command line: that is how survivors are found
    execution = run("import os, time\nreport(os.getcwd())\n" + bomb, limits=Limits(wall_s=1.5, cpu_s=30))
    assert execution.outcome == "timeout"
    (workdir,) = execution.reports
    assert _living_with(workdir) == []


def test_leftover_children_are_killed_and_counted() -> None:
    token = f"{secrets.randbelow(10**6) + 1000}.{secrets.randbelow(10**6):06d}"
    program = (
        f"import os\nfor _ in range(3):\n    if os.fork() == 0:\n        os.execv('/bin/sleep', ['sleep', '{token}'])\n"
    )
    execution = run(program)
    assert execution.outcome == "passed"
    assert execution.leftover_killed == 3
    assert _living_with(token) == []


def test_child_that_escapes_with_setsid_is_killed() -> None:
    token = f"{secrets.randbelow(10**6) + 1000}.{secrets.randbelow(10**6):07d}"
    program = (
        "import os, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        f"        os.execv('/bin/sleep', ['sleep', '{token}'])\n"
        "    os._exit(0)\n"
        "time.sleep(0.3)\n"
    )
    execution = run(program)
    assert execution.outcome == "passed"
    assert execution.leftover_killed >= 1
    assert _living_with(token) == []


def test_escaped_child_dies_on_timeout_too() -> None:
    token = f"{secrets.randbelow(10**6) + 1000}.{secrets.randbelow(10**6):08d}"
    program = (
        "import os, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        f"    os.execv('/bin/sleep', ['sleep', '{token}'])\n"
        "time.sleep(100)\n"
    )
    execution = run(program, limits=Limits(wall_s=1.0))
    assert execution.outcome == "timeout"
    assert _living_with(token) == []


def test_file_flood_is_stopped_and_the_directory_removed() -> None:
    program = "import os\nreport(os.getcwd())\nwith open('flood', 'wb') as f:\n    while True:\n        f.write(b'x' * 65536)\n"
    execution = run(program, limits=Limits(fsize_mb=1))
    # CPython ignores SIGXFSZ, so the write fails with EFBIG instead of the process being killed
    assert (execution.outcome, execution.error_type) in {("error", "OSError"), ("killed", "SIGXFSZ")}
    if execution.outcome == "error":
        assert "File too large" in execution.message
    (workdir,) = execution.reports
    assert not os.path.exists(workdir)


def test_temporary_directory_is_fresh_and_removed() -> None:
    program = "import os\nreport((os.getcwd(), sorted(os.listdir('.'))))\nopen('scratch', 'w').write('x')\n"
    first, second = run_many([program, program], workers=2)
    assert first.outcome == second.outcome == "passed"
    (dir1, listing1), (dir2, _) = first.reports[0], second.reports[0]
    assert dir1 != dir2 and listing1 == ["program.py"]
    assert not os.path.exists(dir1) and not os.path.exists(dir2)


def test_write_outside_the_temporary_directory_is_contained(tmp_path: Path) -> None:
    target = tmp_path / "escaped.txt"
    execution = run(f"open({str(target)!r}, 'w').write('escaped')")
    if not file_system_isolation_available():
        # without a mount namespace the program runs as this user and its write succeeds: say so
        assert execution.outcome == "passed" and not execution.fs_isolated
        pytest.skip("no mount namespace here: file-system containment is by working directory and rlimits only")
    assert execution.fs_isolated
    # refused by the read-only mount, or first by permissions (the program runs under a private uid as root)
    assert execution.outcome == "error" and execution.error_type in {"OSError", "PermissionError"}
    assert "Read-only file system" in execution.message or "Permission denied" in execution.message
    assert not target.exists()


def test_program_cannot_undo_the_read_only_mounts(tmp_path: Path) -> None:
    if not file_system_isolation_available():
        pytest.skip("no mount namespace here")
    target = tmp_path / "escaped.txt"
    program = (
        "import ctypes\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "report(libc.mount(None, b'/', None, 32 | 4096, None))\n"  # MS_REMOUNT | MS_BIND, without MS_RDONLY
        f"open({str(target)!r}, 'w').write('escaped')\n"
    )
    execution = run(program)
    assert execution.reports == (-1,)
    assert execution.outcome == "error"
    assert not target.exists()


def test_network_call_fails_when_isolated() -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    program = f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=3).close()\n"
    try:
        isolated = run(program)
        if not network_isolation_available():
            pytest.skip("network namespaces are not available here (unshare --net fails)")
        assert isolated.network_isolated
        assert isolated.outcome == "error" and isolated.error_type in {
            "OSError",
            "ConnectionRefusedError",
            "TimeoutError",
        }
        allowed = run(program, limits=Limits(network=True))
        assert allowed.outcome == "passed" and not allowed.network_isolated
    finally:
        listener.close()


def test_stdout_flood_is_bounded() -> None:
    execution = run("while True:\n    print('x' * 1000)", limits=Limits(wall_s=1.0))
    assert execution.outcome == "timeout"
    assert 0 < len(execution.stdout) <= 64 * 1024


def test_run_many_preserves_order() -> None:
    # later programs finish first, so completion order differs from input order
    programs = [f"import time\ntime.sleep({0.05 * (5 - i)})\nreport({i})" for i in range(6)]
    executions = run_many(programs, workers=3)
    assert [execution.reports for execution in executions] == [(i,) for i in range(6)]
    assert run_many([]) == []


@pytest.mark.parametrize("mode", ["no namespaces", "user namespace"])
def test_fallback_modes_still_contain_leftovers_and_timeouts(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if mode == "no namespaces":
        isolation = _sandbox._Isolation((), network=False, pid=False, mounts=False, drop_uid=False)
    else:
        prefix = ("unshare", "--user", "--map-root-user", "--net", "--pid", "--fork", "--kill-child", "--mount-proc")
        if not _sandbox._probe([*prefix, "true"]):
            pytest.skip("user namespaces are not available here")
        isolation = _sandbox._Isolation(prefix, network=True, pid=True, mounts=True, drop_uid=False)
    monkeypatch.setattr(_sandbox, "_isolation", lambda: isolation)
    token = f"{secrets.randbelow(10**6) + 1000}.{secrets.randbelow(10**6):09d}"
    escape = f"import os, time\nif os.fork() == 0:\n    os.setsid()\n    os.execv('/bin/sleep', ['sleep', '{token}'])\n"
    finished = run(escape + "time.sleep(0.2)\nreport(1)")
    assert (finished.outcome, finished.reports) == ("passed", (1,))
    assert finished.leftover_killed == 1
    hung = run(escape + "time.sleep(100)", limits=Limits(wall_s=1.0))
    assert hung.outcome == "timeout"
    assert _living_with(token) == []
    assert run("assert False").outcome == "failed"
    assert run("x = bytearray(10**12)", limits=Limits(memory_mb=256)).outcome == "memory"


def test_oversized_reports_are_a_report_error_not_an_early_exit() -> None:
    result = run("report('x' * (20 * 1024 * 1024))", limits=Limits(wall_s=20.0, cpu_s=10.0))
    assert (result.outcome, result.error_type) == ("error", "ReportError")
