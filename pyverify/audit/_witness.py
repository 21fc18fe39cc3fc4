"""Witnesses: inputs on which a candidate and the reference disagree.

Owns the input sets (the test suite's own literal calls plus seeded inputs generated from the
reference's signature and the types seen in the tests), the sandbox-side harness that runs a function
on those inputs and reports its outputs, the comparison of two output lists, and the parsing of
``# witness: f(<literals>)`` lines. Every program here runs in the sandbox; in-process code only parses
(``ast.parse`` and ``ast.literal_eval``), it never evaluates candidate text.
"""

from __future__ import annotations

import ast
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Args = tuple[Any, ...]
#: One reported outcome of a call: ``["value", v]``, ``["raises", "TypeName"]`` or ``["timeout"]``.
Outcome = list[Any]

WITNESS_PREFIX = "# witness:"


class WitnessLineError(ValueError):
    """A ``# witness:`` line that is not a call of the entry point with literal arguments."""

    def __init__(self, where: str, line: int, reason: str) -> None:
        self.where, self.line, self.reason = where, line, reason
        super().__init__(f"{where}:{line}: {reason}")


def render_call(function: str, args: Args) -> str:
    """The witness as text, e.g. ``f([1, 2], 'a')``."""
    return f"{function}({', '.join(repr(a) for a in args)})"


def parse_witness_line(text: str, function: str, where: str = "<candidate>", line: int = 1) -> Args | None:
    """The arguments of a ``# witness: <function>(<literals>)`` line; None when the line is no witness line.

    Parsed with ``ast.parse`` and ``ast.literal_eval`` of each argument node, never evaluated: anything
    other than a plain call of ``function`` with positional literal arguments is refused.
    """
    stripped = text.strip()
    if not stripped.startswith(WITNESS_PREFIX):
        return None
    expression = stripped[len(WITNESS_PREFIX) :].strip()
    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError as exc:
        raise WitnessLineError(where, line, f"witness is not a Python call: {exc.msg}") from None
    call = tree.body
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.func.id != function:
        raise WitnessLineError(where, line, f"witness must be a call of {function}(...) with literal arguments")
    if call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
        raise WitnessLineError(where, line, "witness arguments must be positional literals")
    args = []
    for k, node in enumerate(call.args, 1):
        try:
            value = ast.literal_eval(node)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            raise WitnessLineError(where, line, f"witness argument {k} is not a Python literal") from None
        args.append(value)
    result = tuple(args)
    if not embeddable(result):
        raise WitnessLineError(where, line, "witness arguments must be finite literals of at most 100000 characters")
    return result


def embeddable(args: Args) -> bool:
    """Can the arguments be written into a sandbox program as a literal and read back unchanged?"""
    try:
        text = repr(args)
        return len(text) <= 100_000 and _finite(args) and ast.literal_eval(text) == args
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, complex):
        return math.isfinite(value.real) and math.isfinite(value.imag)
    if isinstance(value, (list, tuple, set)):
        return all(_finite(v) for v in value)
    if isinstance(value, dict):
        return all(_finite(k) and _finite(v) for k, v in value.items())
    return True


def test_inputs(test_source: str, parameter: str = "candidate") -> list[Args]:
    """Argument tuples of every ``candidate(<literals>)`` call in a test suite, in order, without repeats."""
    try:
        tree = ast.parse(test_source)
    except SyntaxError:
        return []
    out: list[Args] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == parameter):
            continue
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            continue
        try:
            args = tuple(ast.literal_eval(a) for a in node.args)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            continue
        if embeddable(args) and args not in out:
            out.append(args)
    return out


# Pools of plausible values per kind: boundaries (0, +-1, empty), a few ordinary values, a larger one.
_POOLS: dict[str, list[Any]] = {
    "int": [0, 1, -1, 2, 3, 5, 7, 10, 12, -3, 100, 1000],
    "float": [0.0, 1.0, -1.0, 0.5, 2.5, -1.5, 3.0, 0.1],
    "bool": [True, False],
    "str": ["", "a", "A", "ab", "aba", "abc", "Hello World", " a ", "a  b", "123", "aA", "xyz", "()"],
    "list[int]": [[], [0], [1], [-1, -2], [3, 1, 2], [1, 1, 2], [5, -3, 0, 7], [2, 4, 6, 8], [1, 2, 3, 4, 5]],
    "list[float]": [[], [1.0], [1.0, 2.0], [1.0, 2.0, 4.0], [-1.5, 0.5, 2.0], [3.0, 1.0, 2.0]],
    "list[str]": [[], ["a"], ["ABC", "abc"], ["b", "a", "c"], [" a ", "b"], ["ab", "ba", "abc"]],
    "list": [[], [1], [1, 2, 3], ["a", "b"], [1.0, 2.5]],
    "dict": [{}, {"a": "b"}, {"A": "x", "b": "y"}, {"123": "a"}, {"a": 1, "b": 2}],
}


def _kind_of_value(value: Any) -> str | None:
    if isinstance(value, bool):
        return "bool"
    for kind, typ in (("int", int), ("float", float), ("str", str), ("dict", dict)):
        if isinstance(value, typ):
            return kind
    if isinstance(value, (list, tuple)):
        inner = {_kind_of_value(v) for v in value} - {None}
        if len(inner) == 1:
            only = inner.pop()
            if only in ("int", "float", "str"):
                return f"list[{only}]"
        return "list"
    return None


def _kind_of_annotation(node: ast.expr | None) -> str | None:
    if node is None:
        return None
    text = ast.unparse(node).replace("List", "list").replace("typing.", "").replace(" ", "")
    if text in _POOLS:
        return text
    if text.startswith(("list[", "tuple[", "Tuple[")):
        return "list"
    if text.startswith(("dict", "Dict")):
        return "dict"
    return None


def parameter_kinds(reference_source: str, function: str, observed: Sequence[Args]) -> list[list[str]]:
    """For each parameter, the kinds of values to try: its annotation's and those seen in the tests."""
    tree = ast.parse(reference_source)
    func = next(
        (n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == function), None
    )
    if func is None:
        return []
    params = func.args.posonlyargs + func.args.args
    kinds: list[list[str]] = []
    for k, param in enumerate(params):
        seen: list[str] = []
        annotated = _kind_of_annotation(param.annotation)
        if annotated:
            seen.append(annotated)
        for args in observed:
            if k < len(args):
                kind = _kind_of_value(args[k])
                if kind and kind not in seen:
                    seen.append(kind)
        kinds.append(seen or ["int", "str", "list[int]"])
    return kinds


def _ints(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, (list, tuple)):
        return [x for item in value for x in _ints(item)]
    return []


def observed_domain(observed: Sequence[Args]) -> Callable[[Args], bool]:
    """A test on generated arguments: stay inside the domain the test suite itself exercises.

    Preconditions live in docstrings ("a non-empty list", "n >= 0"), not in code, so a generated input
    outside them would make a witness arguable (a candidate may legitimately do anything there). Per
    parameter: integers (also inside lists) stay non-negative when every tested one is, and strings and
    lists stay non-empty when every tested one is."""
    nonnegative: dict[int, bool] = {}
    nonempty: dict[int, bool] = {}
    for args in observed:
        for k, value in enumerate(args):
            numbers = _ints(value)
            if numbers:
                nonnegative[k] = nonnegative.get(k, True) and min(numbers) >= 0
            if isinstance(value, (str, list, tuple)) and not isinstance(value, bool):
                nonempty[k] = nonempty.get(k, True) and len(value) > 0

    def inside(args: Args) -> bool:
        for k, value in enumerate(args):
            if nonnegative.get(k) and any(x < 0 for x in _ints(value)):
                return False
            if nonempty.get(k) and isinstance(value, (str, list, tuple)) and len(value) == 0:
                return False
        return True

    return inside


def generated_inputs(
    reference_source: str, function: str, observed: Sequence[Args], *, count: int = 24, seed: int | str = 0
) -> list[Args]:
    """Up to ``count`` seeded argument tuples from the signature and observed types, plus neighbours of
    observed integers (+-1), none repeating an observed tuple, all inside the tests' domain
    (:func:`observed_domain`)."""
    rng = random.Random(f"inputs:{seed}:{function}")
    kinds = parameter_kinds(reference_source, function, observed)
    inside = observed_domain(observed)
    out: list[Args] = []
    if not kinds:
        return [()] if () not in observed else []
    # neighbours of the tests' own integer arguments: boundaries are where off-by-one bugs live
    for args in observed:
        for k, value in enumerate(args):
            if isinstance(value, int) and not isinstance(value, bool):
                for delta in (-1, 1):
                    shifted = args[:k] + (value + delta,) + args[k + 1 :]
                    if shifted not in observed and shifted not in out and inside(shifted):
                        out.append(shifted)
    rng.shuffle(out)
    out = out[: count // 2]
    attempts = 0
    while len(out) < count and attempts < count * 20:
        attempts += 1
        args = tuple(rng.choice(_POOLS[rng.choice(position)]) for position in kinds)
        if args not in observed and args not in out and embeddable(args) and inside(args):
            out.append(args)
    return out


def input_set(
    reference_source: str,
    test_source: str,
    function: str,
    *,
    max_test: int = 40,
    generated: int = 24,
    seed: int | str = 0,
) -> list[Args]:
    """The inputs on which outputs are compared: the tests' literal calls (at most ``max_test``) then generated ones."""
    from_tests = test_inputs(test_source)[:max_test]
    return from_tests + generated_inputs(reference_source, function, from_tests, count=generated, seed=seed)


# ---------------------------------------------------------------- the sandbox-side harness

# Runs inside the sandbox. For each source: load it, optionally run the test suite (``check``) on the
# entry point under a deadline, then call the entry point on every input (deep-copied, each under its
# own deadline) in a fresh namespace. With _PV_FORK each source runs in its own forked child process,
# so a crashing, looping or state-corrupting variant cannot affect the next one; the parent reads the
# child's result from a pipe and reports it. Outputs are made JSON-safe with type tags so that a list
# and a tuple, or 1 and True, never compare equal.
_HARNESS = r"""
import copy as _pv_copy, hashlib as _pv_hashlib, json as _pv_json, math as _pv_math, os as _pv_os, select as _pv_select
import signal as _pv_signal, time as _pv_time

_pv_report = report


class _PvDeadline(BaseException):
    pass


def _pv_alarm(signum, frame):
    raise _PvDeadline()


_pv_signal.signal(_pv_signal.SIGALRM, _pv_alarm)


def _pv_plain(v):
    # a subclass of a plain type is read through the base type's own methods, so an overridden __repr__,
    # __str__, __iter__ or __getitem__ cannot make an answer look different from (or equal to) what it is
    t = type(v)
    if t in (bool, int, float, str, list, tuple, dict, set, frozenset) or v is None:
        return v
    if isinstance(v, int):
        return int.__int__(v)
    if isinstance(v, float):
        return float.__float__(v)
    if isinstance(v, str):
        return str.__str__(v)
    if isinstance(v, list):
        return list(list.__iter__(v))
    if isinstance(v, tuple):
        return tuple(tuple.__iter__(v))
    if isinstance(v, dict):
        return dict(dict.items(v))
    if isinstance(v, frozenset):
        return frozenset(frozenset.__iter__(v))
    if isinstance(v, set):
        return set(set.__iter__(v))
    return v


def _pv_canon(v, depth=0):
    if depth > 40:
        return ["deep"]
    v = _pv_plain(v)
    if v is None or isinstance(v, (bool, str)):
        if isinstance(v, str) and len(v) > 20000:
            return ["long-str", len(v), _pv_hashlib.sha256(v.encode("utf-8", "surrogatepass")).hexdigest()]
        return v
    if isinstance(v, int):
        return v if abs(v) < 2 ** 62 else ["bigint", str(v)]
    if isinstance(v, float):
        return v if _pv_math.isfinite(v) else ["float", repr(v)]
    if isinstance(v, list):
        return ["list", [_pv_canon(x, depth + 1) for x in v[:2000]], len(v)]
    if isinstance(v, tuple):
        return ["tuple", [_pv_canon(x, depth + 1) for x in v[:2000]], len(v)]
    if isinstance(v, dict):
        items = [[_pv_canon(k, depth + 1), _pv_canon(x, depth + 1)] for k, x in v.items()]
        return ["dict", sorted(items, key=repr)]
    if isinstance(v, (set, frozenset)):
        return ["set", sorted((_pv_canon(x, depth + 1) for x in v), key=repr)]
    return ["object", type(v).__name__, repr(v)[:200]]


def _pv_call(fn, args):
    _pv_signal.setitimer(_pv_signal.ITIMER_REAL, _pv_call_s)
    started = _pv_time.perf_counter()
    try:
        out = ["value", _pv_canon(fn(*_pv_copy.deepcopy(args)))]
        _pv_call_seconds.append(_pv_time.perf_counter() - started)
        return out
    except _PvDeadline:
        return ["timeout"]
    except BaseException as exc:
        return ["raises", type(exc).__name__]
    finally:
        _pv_signal.setitimer(_pv_signal.ITIMER_REAL, 0)


def _pv_one(source, want_check, want_outputs):
    verdict = "loaded"
    ns = {"__name__": "__pv_candidate__"}
    started = _pv_time.perf_counter()
    _pv_signal.setitimer(_pv_signal.ITIMER_REAL, _pv_check_s)
    try:
        exec(compile(source, "<candidate>", "exec"), ns)
        if want_check:
            exec(compile(_PV_TEST, "<test>", "exec"), ns)
            ns["check"](ns[_PV_ENTRY])
            verdict = "accepted"
    except _PvDeadline:
        verdict = "timeout"
    except SyntaxError:
        verdict = "syntax"
    except AssertionError:
        verdict = "rejected"
    except BaseException as exc:
        verdict = "error:" + type(exc).__name__
    finally:
        _pv_signal.setitimer(_pv_signal.ITIMER_REAL, 0)
    check_seconds = _pv_time.perf_counter() - started
    outputs = None
    del _pv_call_seconds[:]
    if want_outputs == "always" or (want_outputs == "survivors" and verdict in ("accepted", "loaded")):
        fresh = {"__name__": "__pv_candidate__"}
        try:
            exec(compile(source, "<candidate>", "exec"), fresh)
            fn = fresh[_PV_ENTRY]
            outputs = [_pv_call(fn, args) if _pv_keep is None or i in _pv_keep else ["skipped"]
                       for i, args in enumerate(_PV_INPUTS)]
        except BaseException as exc:
            outputs = [["raises", type(exc).__name__]] * len(_PV_INPUTS)
    return {"verdict": verdict, "outputs": outputs, "check_seconds": check_seconds,
            "call_seconds": max(_pv_call_seconds, default=0.0)}


def _pv_forked(source, want_check, want_outputs):
    r, w = _pv_os.pipe()
    pid = _pv_os.fork()
    if pid == 0:
        try:
            _pv_os.close(r)
            sink = _pv_os.open(_pv_os.devnull, _pv_os.O_WRONLY)
            _pv_os.dup2(sink, 1)
            _pv_os.dup2(sink, 2)
            data = _pv_json.dumps(_pv_one(source, want_check, want_outputs)).encode()
            while data:
                data = data[_pv_os.write(w, data):]
        finally:
            _pv_os._exit(0)
    _pv_os.close(w)
    chunks, timed_out = [], False
    deadline = _pv_time.monotonic() + _pv_check_s + _pv_call_s * len(_PV_INPUTS) + 1.0
    while True:
        left = deadline - _pv_time.monotonic()
        if left <= 0:
            timed_out = True
            break
        ready = _pv_select.select([r], [], [], left)[0]
        if ready:
            chunk = _pv_os.read(r, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    if timed_out:
        _pv_os.kill(pid, _pv_signal.SIGKILL)
    _pv_os.close(r)
    _pv_os.waitpid(pid, 0)
    if timed_out:
        return {"verdict": "timeout", "outputs": None}
    try:
        return _pv_json.loads(b"".join(chunks))
    except ValueError:
        return {"verdict": "crashed", "outputs": None}


_pv_check_s, _pv_call_s, _pv_keep, _pv_call_seconds = _PV_CHECK_S, _PV_CALL_S, _PV_KEEP, []
for _pv_k, _pv_source in enumerate(_PV_SOURCES):
    _pv_outputs = "always" if _pv_k in _PV_ALWAYS else _PV_OUTPUTS
    if _PV_FORK:
        _pv_result = _pv_forked(_pv_source, _PV_WANT_CHECK, _pv_outputs)
    else:
        _pv_result = _pv_one(_pv_source, _PV_WANT_CHECK, _pv_outputs)
    if _pv_k == 0 and _PV_ADAPT is not None and _pv_result.get("verdict") == "accepted":
        # later sources get deadlines scaled from the reference's own times, and skip the inputs on
        # which the reference did not return a value (they are never compared)
        _pv_slowdown, _pv_min_check, _pv_min_call = _PV_ADAPT
        _pv_check_s = min(_PV_CHECK_S, max(_pv_min_check, _pv_slowdown * _pv_result["check_seconds"]))
        _pv_call_s = min(_PV_CALL_S, max(_pv_min_call, _pv_slowdown * _pv_result["call_seconds"]))
        _pv_keep = {i for i, o in enumerate(_pv_result["outputs"] or []) if o and o[0] == "value"}
        _pv_result["deadlines"] = [_pv_check_s, _pv_call_s]
    _pv_report([_pv_k, _pv_result])
"""


@dataclass(frozen=True)
class HarnessResult:
    """What the harness reported for one source."""

    verdict: str
    """``accepted``, ``rejected``, ``timeout``, ``syntax``, ``error:<Type>``, ``crashed``, ``loaded`` or ``missing``."""
    outputs: tuple[Outcome, ...] | None
    """One outcome per input (``["skipped"]`` where not tried), or None when outputs were not computed."""
    check_seconds: float | None = None
    """Time of loading the source and running the test suite, measured in the sandbox."""
    call_seconds: float | None = None
    """Slowest call of the entry point that returned a value."""
    deadlines: tuple[float, float] | None = None
    """For an adapting reference: the (check, call) deadlines given to later sources."""


def harness_program(
    sources: Sequence[str],
    entry_point: str,
    inputs: Sequence[Args],
    *,
    test: str | None = None,
    outputs: str = "survivors",
    always: Sequence[int] = (),
    fork: bool = False,
    check_s: float = 2.0,
    call_s: float = 0.25,
    adapt: tuple[float, float, float] | None = None,
    keep: Sequence[int] | None = None,
) -> str:
    """A sandbox program that runs each source through the harness and reports ``[index, result]``.

    ``outputs``: ``"always"``, ``"survivors"`` (only for sources the test accepted) or ``"never"``;
    sources whose index is in ``always`` get outputs regardless. ``test`` None skips the test suite.
    ``adapt`` = (slowdown, min check s, min call s): when source 0 (the reference) is accepted, later
    sources get ``min(check_s, max(min, slowdown * reference time))`` and the same for calls, and are
    called only on ``keep`` (default: the inputs where the reference returned a value).
    """
    header = "\n".join(
        [
            f"_PV_SOURCES = {list(sources)!r}",
            f"_PV_ENTRY = {entry_point!r}",
            f"_PV_INPUTS = {[tuple(a) for a in inputs]!r}",
            f"_PV_TEST = {test or ''!r}",
            f"_PV_WANT_CHECK = {test is not None!r}",
            f"_PV_OUTPUTS = {outputs!r}",
            f"_PV_ALWAYS = {set(always)!r}",
            f"_PV_FORK = {fork!r}",
            f"_PV_CHECK_S = {float(check_s)!r}",
            f"_PV_CALL_S = {float(call_s)!r}",
            f"_PV_ADAPT = {tuple(adapt) if adapt else None!r}",
            f"_PV_KEEP = {set(keep) if keep is not None else None!r}",
        ]
    )
    return header + "\n" + _HARNESS


def harness_results(execution: Any, count: int) -> list[HarnessResult]:
    """Decode the harness's reports; a source without a well-formed report gets verdict ``missing``."""
    found: dict[int, HarnessResult] = {}
    for entry in execution.reports:
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2 and isinstance(entry[0], int)):
            continue
        index, body = entry
        if not isinstance(body, dict) or index in found or not 0 <= index < count:
            continue
        outputs = body.get("outputs")
        deadlines = body.get("deadlines")
        found[index] = HarnessResult(
            verdict=str(body.get("verdict", "missing")),
            outputs=tuple(outputs) if isinstance(outputs, list) else None,
            check_seconds=_number(body.get("check_seconds")),
            call_seconds=_number(body.get("call_seconds")),
            deadlines=(float(deadlines[0]), float(deadlines[1]))
            if isinstance(deadlines, list) and len(deadlines) == 2
            else None,
        )
    return [found.get(k, HarnessResult("missing", None)) for k in range(count)]


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def comparable(reference: Outcome) -> bool:
    """An input counts for comparison only where the reference returned a value in time: an input that
    makes the reference raise lies outside its domain and proves nothing about a candidate. A value that
    holds an object known only by its repr is not comparable either: such reprs often carry a memory
    address, which would make two runs of the same correct code disagree."""
    return (
        isinstance(reference, (list, tuple))
        and len(reference) == 2
        and reference[0] == "value"
        and not _holds_object(reference[1])
    )


def _holds_object(canon: Any) -> bool:
    """Whether a canonical value (the harness's ``_pv_canon``) contains an ``["object", type, repr]``."""
    if not (isinstance(canon, list) and canon):
        return False
    tag = canon[0]
    if tag == "object":
        return True
    if tag in ("list", "tuple", "set") and len(canon) >= 2 and isinstance(canon[1], list):
        return any(_holds_object(item) for item in canon[1])
    if tag == "dict" and len(canon) >= 2 and isinstance(canon[1], list):
        return any(isinstance(pair, list) and any(_holds_object(x) for x in pair) for pair in canon[1])
    return False


def same_outcome(a: Outcome, b: Outcome) -> bool:
    """Do two reported outcomes agree (values compared with the sandbox's ``same_value`` tolerance)?"""
    from pyverify.audit._sandbox import same_value

    return same_value(a, b)


def same_answer(a: Outcome, b: Outcome) -> bool:
    """``same_outcome``, except that numbers equal under Python's ``==`` agree whatever their type
    (``1``, ``1.0`` and ``True``): a difference that no ``==``-based check can see proves no answer wrong.
    Containers keep their type (a tuple is not a list)."""
    from pyverify.audit._sandbox import same_value

    if same_value(a, b):
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return same_value(float(a), float(b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_answer(x, y) for x, y in zip(a, b))
    return False


def first_disagreement(
    reference: Sequence[Outcome], candidate: Sequence[Outcome], *, timeouts_separate: bool = True
) -> int | None:
    """Index of the first comparable input where the outcomes differ, or None when they agree throughout.

    ``timeouts_separate=False`` (the witness rule): a candidate that merely ran out of time on an input
    is not shown wrong there, since slowness or a loaded machine is not a different answer. D2's
    equivalence test keeps the default: a mutant that hangs where the reference returns is no equivalent.
    """
    for k, (ref, cand) in enumerate(zip(reference, candidate)):
        if not comparable(ref) or same_answer(ref, cand):
            continue
        if not timeouts_separate and isinstance(cand, (list, tuple)) and list(cand[:1]) == ["timeout"]:
            continue
        return k
    return None


def describe(outcome: Outcome) -> str:
    """Human-readable outcome for reports."""
    if not isinstance(outcome, (list, tuple)) or not outcome:
        return repr(outcome)
    if outcome[0] == "raises":
        return f"raises {outcome[1]}"
    if outcome[0] == "timeout":
        return "times out"
    return _plain(outcome[1]) if len(outcome) > 1 else repr(outcome)


def _plain(value: Any) -> str:
    if isinstance(value, list) and value and value[0] in ("list", "tuple", "set", "dict") and len(value) >= 2:
        tag, inner = value[0], value[1]
        if tag == "dict":
            return "{" + ", ".join(f"{_plain(k)}: {_plain(v)}" for k, v in inner) + "}"
        body = ", ".join(_plain(v) for v in inner)
        return {"list": f"[{body}]", "tuple": f"({body}{',' if len(inner) == 1 else ''})", "set": f"{{{body}}}"}[tag]
    if isinstance(value, list) and value and value[0] in ("float", "bigint"):
        return str(value[1])
    return repr(value)
