"""Auditing final-answer graders against pyverify's own answer certificates (issue 12, point 3).

Ground truth per pair is :func:`pyverify.answers.equivalent_answers`: ``equal`` makes a D1 pair (a correct
grader accepts it), ``different`` a D3 pair proven wrong by the certificate's witness (a correct grader
rejects it), ``unknown`` discards the pair: it counts in no rate, only in ``discarded``. Each grader is also
asked about every distinct reference compared with itself (the spec's D1 proper: a grader that rejects its
own reference is BROKEN).

Graders: ``pyverify`` (``equivalent_answers`` again, called as ``(candidate, reference)``, so its row checks
symmetry; it is the ground truth, so anything but ADEQUATE there is a bug), ``string`` (a plain normaliser
and string equality), ``math-verify`` (``verify(parse(ref), parse(cand))``) and ``module:function`` (a user's
``(reference, candidate) -> bool``). Every third-party or user grader runs out of process in
:func:`pyverify.audit._sandbox.run` (``python -I -S``, rlimits, network cut, wall-clock kill of the process
group). The generated program puts this interpreter's ``sys.path`` (site-packages, the repository) and the
current directory back on the path, imports the grader and decides a chunk of pairs, reporting
``start``/``done``/``error`` per pair. A grader's pairs are cut into chunks of :func:`chunk_size` (at least
:data:`CHUNK_PAIRS`, so the import is paid rarely; at most one per worker), which run together through
:func:`pyverify.audit._sandbox.run_many`: on this machine, or on the executor (e.g. Ray) of ``fan_out``.
A watchdog thread inside enforces the per-pair deadline (it reports
``timeout`` and ends the process); the sandbox's wall clock backs it up for code that holds the GIL. After
a crash or a timeout the pair that was running is recorded as ``error``/``timeout`` (never accept/reject)
and the chunk's remaining pairs are rerun in a fresh process. Decisions merge in pair order, so the audit
is the same whichever executor ran it.

Verdicts (the spec's words, mapped to answer grading): BROKEN rejects a reference compared with itself;
FALSE-POSITIVE accepts a certified-different pair; UNAUDITED-D3 no certified-different pair was decided;
otherwise ADEQUATE. D2 (mutants of a grader's code) does not apply to a grader audited as a black box; the
built-in mechanical mutants of answers are D3 pairs here. The false-negative rate (equal rewrites
rejected) is reported beside the verdict, not folded into it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pyverify.audit._sandbox import Execution, Limits

BUILTIN_GRADERS = ("pyverify", "string", "math-verify", "lm-eval-minerva", "lm-eval-exact-match", "inspect-math",
                   "verl-math", "verl-dapo", "verl-prime")  # fmt: skip

#: Graders that run in the separate grader environment (``make graders``: ``lm_eval[math]==0.4.13`` and
#: ``inspect_ai==0.3.285``). lm-evaluation-harness's ``minerva_math`` refuses to import unless
#: ``antlr4-python3-runtime`` is 4.11, while the math-verify pinned here needs 4.13.2, so the two cannot share
#: one environment; inspect_ai accepts 4.11 and lives beside lm_eval.
SIDE_GRADERS = ("lm-eval-minerva", "lm-eval-exact-match", "inspect-math", "verl-math", "verl-dapo", "verl-prime")
GRADERS_ENV = Path(__file__).resolve().parents[2] / ".venv-graders"
GRADERS_ENV_VARIABLE = "PYVERIFY_GRADERS_PYTHON"
OUTCOMES = ("accept", "reject", "error", "timeout", "unknown")

#: Built-in candidate pairs (id, reference, candidate): equal rewrites, mechanical mutants, classic slips.
#: Their status comes from ``equivalent_answers`` at run time, never from the id.
BUILTIN_PAIRS: tuple[tuple[str, str, str], ...] = (
    # equal rewrites
    ("eq-frac-decimal", r"\frac{2}{4}", "0.5"),
    ("eq-frac-reduced", r"\frac{6}{8}", r"\frac{3}{4}"),
    ("eq-sqrt", r"2\sqrt{2}", r"\sqrt{8}"),
    ("eq-rationalised", r"\frac{1}{\sqrt{2}}", r"\frac{\sqrt{2}}{2}"),
    ("eq-dfrac", r"\dfrac{3}{5}", r"\frac{3}{5}"),
    ("eq-boxed", r"\boxed{7}", "7"),
    ("eq-set-order", r"\{1, 2, 3\}", r"\{3, 1, 2\}"),
    ("eq-poly-expanded", r"(x+1)^2", r"x^2 + 2x + 1"),
    ("eq-poly-factored", r"x^2 - 1", r"(x-1)(x+1)"),
    ("eq-percent", r"50\%", r"\frac{1}{2}"),
    ("eq-negative", r"-\frac{1}{3}", r"\frac{-1}{3}"),
    ("eq-power", r"2^{10}", "1024"),
    ("eq-interval-spaces", r"[0, 1)", r"[0,1)"),
    ("eq-tuple", r"(1, 2)", r"(1,2)"),
    ("eq-pi-multiple", r"2\pi", r"\pi + \pi"),
    ("eq-sqrt-product", r"\sqrt{2}\sqrt{3}", r"\sqrt{6}"),
    ("eq-decimal-trailing", "0.50", "0.5"),
    ("eq-left-right", r"\left(1, 2\right)", "(1, 2)"),
    ("eq-reciprocal-sqrt", r"\frac{\sqrt{3}}{3}", r"\frac{1}{\sqrt{3}}"),
    ("eq-exp", r"e^{2}", r"e \cdot e"),
    # mechanical mutants (a changed digit, sign, exponent, member, order or bracket)
    ("mut-digit", "1024", "1025"),
    ("mut-sign", r"-\frac{1}{3}", r"\frac{1}{3}"),
    ("mut-exponent", r"2^{10}", r"2^{11}"),
    ("mut-numerator", r"\frac{3}{4}", r"\frac{4}{4}"),
    ("mut-sqrt-arg", r"\sqrt{8}", r"\sqrt{9}"),
    ("mut-set-member", r"\{1, 2, 3\}", r"\{1, 2, 4\}"),
    ("mut-tuple-order", "(1, 2)", "(2, 1)"),
    ("mut-poly-coeff", r"x^2 + 2x + 1", r"x^2 + 2x + 2"),
    ("mut-poly-sign", r"(x+1)^2", r"(x-1)^2"),
    ("mut-interval-bracket", r"[0, 1)", r"(0, 1)"),
    # classic slips
    ("slip-sqrt3-denominator", r"\frac{\sqrt{3}}{3}", r"\frac{\sqrt{3}}{2}"),
    ("slip-pi-approx", r"\pi", "3.14159"),
    ("slip-power-off-by-one", r"\frac{1}{2^{60}}", r"\frac{1}{2^{61}}"),
    ("slip-half-open", r"[0, 1)", r"[0, 1]"),
    ("slip-near-value", r"\frac{1}{3}", "0.3333333333"),
    ("slip-sqrt2-approx", r"\sqrt{2}", "1.41421356237"),
    ("slip-missing-root", r"\{-2, 2\}", r"\{2\}"),
    ("slip-e-approx", "e", "2.718281828"),
    ("slip-percent", r"50\%", "50"),
    ("slip-near-rational", r"\frac{22}{7}", r"\pi"),
)


class CandidatesError(ValueError):
    """A candidates file that cannot be used; the message starts with ``FILE:LINE:`` where a row is at fault."""


class GraderError(ValueError):
    """A grader name that is neither built in nor ``module:function``."""


@dataclass(frozen=True)
class Pair:
    """One reference/candidate pair with pyverify's verdict on it."""

    pair_id: str
    reference: str
    candidate: str
    status: str = ""
    """equal (D1), different (D3), unknown (discarded), or ``self`` (the reference against itself)."""
    kind: str = ""
    """The reference's ``Answer.kind``."""
    witness: dict[str, Any] | None = None
    method: str = ""
    reason: str | None = None


@dataclass(frozen=True)
class Decision:
    """One grader's outcome on one pair: accept, reject, error, timeout or unknown (never a verdict)."""

    pair_id: str
    outcome: str
    detail: str = ""
    seconds: float = 0.0


@dataclass
class GraderResult:
    name: str
    decisions: dict[str, Decision] = field(default_factory=dict)


# ---------------------------------------------------------------- input


def load_candidates(path: Path) -> list[Pair]:
    """Rows ``{"id", "reference", "candidate"}`` of a JSONL file; other keys are ignored, blank lines skipped."""
    from pyverify._jsonl import json_rows

    pairs: list[Pair] = []
    seen: dict[str, int] = {}
    for number, row in json_rows(path, CandidatesError):
        for key in ("id", "reference", "candidate"):
            if key not in row:
                raise CandidatesError(f"{path}:{number}: missing field {key!r}")
            if not isinstance(row[key], str) or not row[key].strip():
                raise CandidatesError(f"{path}:{number}: field {key!r} must be a non-empty string")
        if row["id"] in seen:
            raise CandidatesError(f"{path}:{number}: duplicate id {row['id']!r} (first on line {seen[row['id']]})")
        seen[row["id"]] = number
        pairs.append(Pair(row["id"], row["reference"], row["candidate"]))
    if not pairs:
        raise CandidatesError(f"{path}: no candidate rows")
    return pairs


#: The certified answer benchmark written by ``pyverify answers build`` (the default pairs when present).
BUILT_PAIRS = Path(__file__).resolve().parents[2] / "formal" / "answers" / "generated" / "pairs.jsonl"


def builtin_pairs() -> list[Pair]:
    return [Pair(i, r, c) for i, r, c in BUILTIN_PAIRS]


def certify(pairs: Sequence[Pair], timeout: float) -> list[Pair]:
    """Attach pyverify's certificate to each pair (the ground truth)."""
    from pyverify.answers import equivalent_answers, parse_answer

    out = []
    for pair in pairs:
        cert = equivalent_answers(pair.reference, pair.candidate, timeout=timeout)
        kind = parse_answer(pair.reference).kind
        out.append(Pair(pair.pair_id, pair.reference, pair.candidate, cert.status, kind, cert.witness,
                        cert.method, cert.reason))  # fmt: skip
    return out


def self_pairs(pairs: Sequence[Pair]) -> list[Pair]:
    """Each distinct reference of a D1/D3 pair compared with itself (ids ``self:<first pair id>``)."""
    seen: set[str] = set()
    out = []
    for pair in pairs:
        if pair.status in ("equal", "different") and pair.reference not in seen:
            seen.add(pair.reference)
            out.append(Pair(f"self:{pair.pair_id}", pair.reference, pair.reference, "self", pair.kind))
    return out


# ---------------------------------------------------------------- graders


_STRIP = (r"\left", r"\right", r"\!", r"\,", r"\;", r"\:", "$", " ", "\t", "\n")


def string_normalise(text: str) -> str:
    """Strip ``$``, spaces, ``\\boxed{}``, ``\\left``/``\\right``; ``\\dfrac``/``\\tfrac`` → ``\\frac``."""
    from pyverify.answers import extract_boxed

    text = text.strip()
    boxed = extract_boxed(text)
    if boxed is not None:
        text = boxed
    for token in _STRIP:
        text = text.replace(token, "")
    return text.replace(r"\dfrac", r"\frac").replace(r"\tfrac", r"\frac")


def string_grader(reference: str, candidate: str) -> bool:
    """The plain grader: normalised string equality."""
    return string_normalise(reference) == string_normalise(candidate)


def graders_python() -> str | None:
    """The interpreter of the grader environment: ``$PYVERIFY_GRADERS_PYTHON``, else ``.venv-graders``."""
    chosen = os.environ.get(GRADERS_ENV_VARIABLE)
    if chosen:
        return chosen if os.access(chosen, os.X_OK) else None
    python = GRADERS_ENV / "bin" / "python"
    return str(python) if os.access(python, os.X_OK) else None


_SIDE_PATHS: dict[str, list[str]] = {}


def _interpreter_paths(python: str) -> list[str]:
    """That interpreter's ``sys.path`` (its site-packages), asked once; the sandbox then runs it with ``-S``."""
    if python not in _SIDE_PATHS:
        import subprocess

        try:
            out = subprocess.run([python, "-I", "-c", "import json, sys; print(json.dumps(sys.path))"],
                                 capture_output=True, text=True, timeout=60, check=True).stdout  # fmt: skip
            _SIDE_PATHS[python] = [p for p in json.loads(out) if p and os.path.isdir(p)]
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            raise GraderError(f"grader environment {python}: cannot start it: {exc}") from exc
    return _SIDE_PATHS[python]


def available(name: str) -> bool:
    """Whether a grader can run here (the side graders need their environment)."""
    return name not in SIDE_GRADERS or graders_python() is not None


def resolve(name: str) -> str:
    """Check a grader name: a built-in name or ``module:function``; returns it unchanged."""
    if name in BUILTIN_GRADERS:
        if not available(name):
            raise GraderError(f"--grader {name}: needs the grader environment ({GRADERS_ENV.name}: run `make graders`, "
                              f"or set {GRADERS_ENV_VARIABLE} to a Python with lm_eval[math]==0.4.13, "
                              "inspect_ai==0.3.285 and verl==0.9.1)")  # fmt: skip
        return name
    module, sep, function = name.partition(":")
    if not sep or not module or not function.isidentifier() or not all(p.isidentifier() for p in module.split(".")):
        raise GraderError(f"--grader {name!r}: not one of {', '.join(BUILTIN_GRADERS)} nor module:function")
    return name


_PROGRAM = r"""
import json, os, sys, threading, time
sys.path[:0] = json.loads(PATHS)
PAIRS = json.loads(PAIRS_JSON)
try:
    GRADE = LOAD()
except BaseException as exc:
    report(["import-error", type(exc).__name__ + ": " + str(exc)[:300]])
    raise
report(["ready"])
_current = [None, 0.0]

def _watchdog():
    while True:
        time.sleep(0.02)
        pair, started = _current
        if pair is not None and time.monotonic() - started > TIMEOUT:
            report(["timeout", pair, round(time.monotonic() - started, 3)])
            os._exit(3)

threading.Thread(target=_watchdog, daemon=True).start()
for pid, ref, cand in PAIRS:
    report(["start", pid])
    started = time.monotonic()
    _current[:] = [pid, started]
    try:
        value = GRADE(ref, cand)
        _current[0] = None
        seconds = round(time.monotonic() - started, 4)
        if isinstance(value, bool) or type(value).__name__ in ("bool_", "bool"):
            report(["done", pid, bool(value), seconds])
        else:
            report(["error", pid, "returned " + type(value).__name__ + ", not bool", seconds])
    except BaseException as exc:
        _current[0] = None
        report(["error", pid, type(exc).__name__ + ": " + str(exc)[:300], round(time.monotonic() - started, 4)])
"""


def _program(name: str, pairs: Sequence[Pair], timeout: float, python: str | None = None, *,
             mode: str = "answer") -> str:  # fmt: skip
    from pyverify.graders._grader_sources import SOURCES

    own = _interpreter_paths(python) if python else [p for p in sys.path if p and os.path.isdir(p)]
    paths = [os.getcwd(), *own]
    if name in SOURCES:
        code = SOURCES[name][mode]
        loader = "def LOAD():\n    ns = {}\n    exec(" + repr(code) + ", ns)\n    return ns['grade']\n"
    else:
        module, _, function = name.partition(":")
        source = _module_source(module, paths)
        if source is None:
            loader = (f"def LOAD():\n    import importlib\n    return getattr(importlib.import_module({module!r}), "
                      f"{function!r})\n")  # fmt: skip
        else:
            # a single-file module travels inside the program: the sandbox's unprivileged uid (when run as
            # root) may not be able to read the user's directory
            origin, text = source
            loader = ("def LOAD():\n    import types\n"
                      f"    mod = types.ModuleType({module!r})\n    mod.__file__ = {origin!r}\n"
                      f"    sys.modules[{module!r}] = mod\n"
                      f"    exec(compile({text!r}, {origin!r}, 'exec'), mod.__dict__)\n"
                      f"    return getattr(mod, {function!r})\n")  # fmt: skip
    data = json.dumps([[p.pair_id, p.reference, p.candidate] for p in pairs])
    header = f"PATHS = {json.dumps(paths)!r}\nPAIRS_JSON = {data!r}\nTIMEOUT = {float(timeout)!r}\n" + loader
    return header + _PROGRAM


def _module_source(module: str, paths: list[str]) -> tuple[str, str] | None:
    """The file and source of a top-level single-file module on ``paths``, found without importing it."""
    if "." in module:
        return None
    from importlib.machinery import PathFinder, SourceFileLoader

    spec = PathFinder.find_spec(module, paths)
    if spec is None or spec.origin is None or spec.submodule_search_locations is not None:
        return None
    if not isinstance(spec.loader, SourceFileLoader):
        return None
    try:
        return spec.origin, Path(spec.origin).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


#: The fewest pairs one sandbox program decides (unless fewer are left). Each program pays the grader's import
#: once (math-verify: sympy and its ANTLR parser, 1-2 s; lm-eval and inspect_ai several seconds) and then
#: decides a pair in milliseconds, so a few hundred pairs keep the import a small share of a chunk's time.
CHUNK_PAIRS = 256


def chunk_size(pairs: int, workers: int, floor: int | None = None) -> int:
    """Pairs per sandbox program: ``max(floor, ceil(pairs / workers))`` (``floor`` default :data:`CHUNK_PAIRS`).

    So a grader's pairs make at most ``workers`` programs (one fans out to each worker), and none but the last
    is smaller than ``floor`` (more programs would only pay the import again)."""
    return max(1, floor or CHUNK_PAIRS, -(-pairs // max(1, workers)))


def run_external(name: str, pairs: Sequence[Pair], timeout: float, *, import_s: float = 60.0,
                 memory_mb: int = 4096, workers: int = 1, chunk_pairs: int | None = None,
                 mode: str = "answer") -> dict[str, Decision]:  # fmt: skip
    """Decide ``pairs`` with an out-of-process grader; a crash or timeout is charged to the pair that ran.

    The pairs are cut into chunks of :func:`chunk_size`; each chunk is one sandbox program, and the chunks run
    together through :func:`pyverify.audit._sandbox.run_many` (``workers`` at a time on this machine, or on the
    executor of :func:`~pyverify.audit._sandbox.fan_out`). After a crash or a timeout the rest of that chunk
    reruns in a fresh program in the next round. Decisions come back in the order of ``pairs``, the same
    whichever executor ran them."""
    from pyverify.audit._sandbox import Limits, SandboxError

    python = graders_python() if name in SIDE_GRADERS else None
    size = chunk_size(len(pairs), workers, chunk_pairs)
    chunks = [list(pairs[i : i + size]) for i in range(0, len(pairs), size)]
    decisions: dict[str, Decision] = {}
    while chunks:
        # the per-pair watchdog stops a slow pair; this wall clock only backs it up for code that holds the GIL
        wall = import_s + (timeout + 1.0) * max(len(chunk) for chunk in chunks)
        limits = Limits(wall_s=wall, cpu_s=wall, memory_mb=memory_mb, fsize_mb=16, processes=64)
        programs = [_program(name, chunk, timeout, python, mode=mode) for chunk in chunks]
        try:
            executions = _run_programs(programs, limits, python, workers)
        except SandboxError as exc:
            for chunk in chunks:
                for pair in chunk:
                    decisions[pair.pair_id] = Decision(pair.pair_id, "error", f"sandbox: {exc}")
            break
        rerun = []
        for chunk, execution in zip(chunks, executions):
            left = _read(execution, chunk, timeout, decisions)
            if left:
                rerun.append(left)
        chunks = rerun
    return {pair.pair_id: decisions[pair.pair_id] for pair in pairs}


def _run_programs(programs: list[str], limits: Limits, python: str | None, workers: int) -> list[Execution]:
    from pyverify.audit._sandbox import run, run_many

    if python is None:
        return run_many(programs, limits=limits, workers=workers)
    # the grader environment is an interpreter on this machine (a path no Ray node need have): its programs
    # run here, ``workers`` at a time, whatever the executor
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=max(1, min(workers, len(programs)))) as pool:
        return list(pool.map(lambda program: run(program, limits=limits, interpreter=python), programs))


def _ended(execution: Execution) -> str:
    """How a grader program ended, in words that do not depend on the size of its chunk (a limit's seconds do)."""
    if execution.outcome == "timeout":
        return f"timeout {execution.error_type or ''}: the sandbox's limit for the whole program ran out".strip()
    return f"{execution.outcome} {execution.error_type or ''} {execution.message}".strip()


def _read(execution: Execution, chunk: list[Pair], timeout: float, decisions: dict[str, Decision]) -> list[Pair]:
    """Record one program's decisions on ``chunk``; returns the pairs it left undecided (to rerun).

    Reports about pairs of other chunks are ignored, so no program can touch another chunk's decisions."""
    if execution.error_type == "ExecutorError":  # the worker that ran it was lost: no verdict on any pair
        for pair in chunk:
            decisions[pair.pair_id] = Decision(pair.pair_id, "error", execution.message)
        return []
    running: str | None = None
    started_any = False
    import_error: str | None = None
    ids = {pair.pair_id for pair in chunk}
    for msg in execution.reports:  # already decoded by the sandbox
        if not isinstance(msg, list) or len(msg) < 2 or not isinstance(msg[1], str):
            continue
        tag = msg[0]
        if tag != "import-error" and msg[1] not in ids:
            continue
        if tag == "import-error":
            import_error = str(msg[1])
        elif tag == "start":
            running, started_any = str(msg[1]), True
        elif tag == "done":
            decisions[msg[1]] = Decision(msg[1], "accept" if msg[2] else "reject", "", float(msg[3]))
            running = None
        elif tag == "error":
            decisions[msg[1]] = Decision(msg[1], "error", str(msg[2]), float(msg[3]))
            running = None
        elif tag == "timeout":
            decisions[msg[1]] = Decision(msg[1], "timeout", f"over the {timeout:g} s deadline", float(msg[2]))
            running = None
    if running is not None and running not in decisions:
        # the process died (or hit the sandbox's wall clock) while deciding this pair
        outcome = "timeout" if execution.outcome == "timeout" else "error"
        decisions[running] = Decision(running, outcome, f"grader process ended: {_ended(execution)}"[:300])
    left = [p for p in chunk if p.pair_id not in decisions]
    if import_error is not None or not started_any:
        why = import_error or f"grader process: {_ended(execution)}"
        for pair in left:
            decisions[pair.pair_id] = Decision(pair.pair_id, "error", f"could not load the grader: {why}"[:300])
        return []
    return left


def run_internal(grade: Callable[[str, str], bool | None], pairs: Sequence[Pair]) -> dict[str, Decision]:
    """pyverify's own graders run in process (they carry their own deadlines)."""
    decisions = {}
    for pair in pairs:
        start = time.monotonic()
        try:
            value = grade(pair.reference, pair.candidate)
        except Exception as exc:  # our own code: still never a reject
            decisions[pair.pair_id] = Decision(pair.pair_id, "error", f"{type(exc).__name__}: {exc}"[:300])
            continue
        outcome = "unknown" if value is None else "accept" if value else "reject"
        decisions[pair.pair_id] = Decision(pair.pair_id, outcome, "", round(time.monotonic() - start, 4))
    return decisions


def grade_all(name: str, pairs: Sequence[Pair], timeout: float, *, workers: int = 1,
              chunk_pairs: int | None = None, mode: str = "answer") -> dict[str, Decision]:  # fmt: skip
    """One grader's decisions on ``pairs``; external graders fan out as :func:`run_external` says.

    ``mode`` ``answer``: each candidate is a final answer; ``response``: a model's whole response, read through
    the grader's own extraction (pyverify's: :func:`pyverify.rewards.grade`)."""
    if name == "string":
        return run_internal(string_grader, pairs)
    if name == "pyverify" and mode == "response":
        from pyverify.rewards import Policy, grade

        policy = Policy(timeout=timeout)

        def reward_grader(reference: str, response: str) -> bool | None:
            status = grade(response, reference, policy=policy).status
            return None if status == "unknown" else status == "correct"

        return run_internal(reward_grader, pairs)
    if name == "pyverify":
        from pyverify.answers import equivalent_answers

        def pyverify_grader(reference: str, candidate: str) -> bool | None:
            status = equivalent_answers(reference, candidate, timeout=timeout).status
            return None if status == "unknown" else status == "equal"

        return run_internal(pyverify_grader, pairs)
    return run_external(name, pairs, timeout, workers=workers, chunk_pairs=chunk_pairs, mode=mode)


# ---------------------------------------------------------------- figures


def _counts(decisions: Sequence[Decision]) -> dict[str, int]:
    return {o: sum(1 for d in decisions if d.outcome == o) for o in OUTCOMES}


def summarise(
    name: str, pairs: Sequence[Pair], selfs: Sequence[Pair], decisions: dict[str, Decision]
) -> dict[str, Any]:
    """One grader's figures: D1 acceptance and D3 false-positive rates (Wilson 95%), per kind, verdict."""
    from pyverify.audit._audit import wilson

    def rates(group: Sequence[Pair], good: str) -> dict[str, Any]:
        ds = [decisions[p.pair_id] for p in group]
        decided = [d for d in ds if d.outcome in ("accept", "reject")]
        row = wilson(sum(1 for d in decided if d.outcome == good), len(decided))
        return {**row, "pairs": len(group), "outcomes": _counts(ds)}

    d1 = [p for p in pairs if p.status == "equal"]
    d3 = [p for p in pairs if p.status == "different"]
    kinds = sorted({p.kind for p in [*d1, *d3]})
    per_kind = {
        k: {"d1_acceptance": rates([p for p in d1 if p.kind == k], "accept"),
            "d3_false_positive": rates([p for p in d3 if p.kind == k], "accept")}
        for k in kinds
    }  # fmt: skip
    identity = rates(selfs, "accept")
    d3_rate = rates(d3, "accept")
    accepted_wrong = [
        {"id": p.pair_id, "reference": p.reference, "candidate": p.candidate, "kind": p.kind, "witness": p.witness,
         "method": p.method}
        for p in d3 if decisions[p.pair_id].outcome == "accept"
    ]  # fmt: skip
    rejected_equal = [
        {"id": p.pair_id, "reference": p.reference, "candidate": p.candidate, "kind": p.kind}
        for p in d1 if decisions[p.pair_id].outcome == "reject"
    ]  # fmt: skip
    rejected_self = [p.reference for p in selfs if decisions[p.pair_id].outcome == "reject"]
    if rejected_self:
        word = "BROKEN"
    elif accepted_wrong:
        word = "FALSE-POSITIVE"
    elif d3_rate["n"] == 0:
        word = "UNAUDITED-D3"
    elif identity["n"] == 0:
        word = "UNAUDITED-D1"
    else:
        word = "ADEQUATE"
    return {
        "grader": name,
        "verdict": word,
        "d1_self_acceptance": {**identity, "cohort": "each distinct reference compared with itself"},
        "d1_acceptance": {**rates(d1, "accept"), "cohort": "pairs certified equal, decided by the grader"},
        "d3_false_positive": {**d3_rate, "cohort": "pairs certified different (with a witness), decided by the grader"},
        "per_kind": per_kind,
        "outcomes": _counts([decisions[p.pair_id] for p in [*d1, *d3, *selfs]]),
        "accepted_wrong": accepted_wrong,
        "rejected_self": rejected_self,
        "rejected_equal": rejected_equal,
        "failures": [
            asdict(decisions[p.pair_id])
            for p in [*d1, *d3, *selfs]
            if decisions[p.pair_id].outcome in ("error", "timeout", "unknown")
        ][:50],  # fmt: skip
        "decisions": {p.pair_id: decisions[p.pair_id].outcome for p in [*d1, *d3]},
    }


def _pct(row: dict[str, Any]) -> str:
    if row.get("rate") is None:
        return "n/a"
    low, high = row["ci95"]
    return f"{100 * row['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def markdown(record: dict[str, Any]) -> str:
    lines = ["# Answer-grader audit", ""]
    c = record["pairs"]
    lines += [f"Pairs: {c['total']} ({record['config']['source']}); certified equal (D1) {c['d1']}, certified "
              f"different (D3) {c['d3']}, discarded (pyverify unknown, counted nowhere) {c['discarded']}.", "",
              "| grader | verdict | self-accept | D1 acceptance [Wilson 95%] | D3 false positives [Wilson 95%] "
              "| error | timeout | unknown |", "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for g in record["graders"].values():
        s, d1, d3, o = g["d1_self_acceptance"], g["d1_acceptance"], g["d3_false_positive"], g["outcomes"]
        lines.append(f"| {g['grader']} | {g['verdict']} | {s['k']}/{s['n']} | {d1['k']}/{d1['n']} {_pct(d1)} "
                     f"| {d3['k']}/{d3['n']} {_pct(d3)} | {o['error']} | {o['timeout']} | {o['unknown']} |")  # fmt: skip
    lines.append("")
    for g in record["graders"].values():
        lines += [f"## {g['grader']}", "", "| reference kind | D1 acceptance | D3 false positives |", "|---|---|---|"]
        for kind, row in g["per_kind"].items():
            a, f = row["d1_acceptance"], row["d3_false_positive"]
            lines.append(f"| {kind} | {a['k']}/{a['n']} {_pct(a)} | {f['k']}/{f['n']} {_pct(f)} |")
        if g["accepted_wrong"]:
            lines += [
                "",
                "Accepted wrong answers:",
                "",
                "| id | reference | candidate | witness |",
                "|---|---|---|---|",
            ]
            for w in g["accepted_wrong"]:
                cells = [w["id"], f"`{w['reference']}`", f"`{w['candidate']}`", f"`{json.dumps(w['witness'])}`"]
                lines.append("| " + " | ".join(x.replace("|", "\\|") for x in cells) + " |")
        if g["failures"]:
            lines += ["", "Errors / timeouts / unknown:", ""]
            lines += [f"- {f['pair_id']}: {f['outcome']} {f['detail']}".replace("\n", " ") for f in g["failures"]]
        lines.append("")
    return "\n".join(lines)


def html(record: dict[str, Any]) -> str:
    """A self-contained HTML page of the audit (no script; jinja2 autoescapes every answer and witness)."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("pyverify.graders", "templates"), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)  # fmt: skip
    template = env.get_template("graders.html.j2")
    return template.render(
        graders=list(record["graders"].values()), pairs=record["pairs"], config=record["config"],
        skipped=record.get("skipped", {}), pct=_pct, witness=lambda w: json.dumps(w, sort_keys=True),
    )  # fmt: skip


def default_graders() -> tuple[list[str], dict[str, str]]:
    """Every built-in grader that can run here, and why the others cannot."""
    names = [n for n in BUILTIN_GRADERS if available(n)]
    skipped = {n: "needs the grader environment: make graders" for n in BUILTIN_GRADERS if not available(n)}
    return names, skipped


def audit_graders(names: Sequence[str] | None, candidates: Path | None, timeout: float,
                  pairs_in: Sequence[Pair] | None = None, source: str | None = None, *, workers: int | None = None,
                  executor: Any = None, chunk_pairs: int | None = None) -> dict[str, Any]:  # fmt: skip
    """The whole audit as a JSON-able record (raises CandidatesError / GraderError on bad input).

    ``names`` None: :func:`default_graders`. ``pairs_in``: pairs already read (e.g. from a model's or a
    benchmark's outputs); otherwise ``candidates``, else the built benchmark, else the built-in pairs.

    ``executor`` (a :mod:`pyverify.parallel` executor, e.g. Ray) runs the external graders' sandbox programs;
    None runs them on this machine, ``workers`` at a time (default 1: one program per grader). Each grader's
    pairs are cut into at most ``workers`` (default: the executor's) chunks of at least ``chunk_pairs``
    (default :data:`CHUNK_PAIRS`), see :func:`chunk_size`. The record is the same whichever executor ran it,
    apart from ``config.executor`` and the seconds of each failure."""
    from pyverify.audit._sandbox import fan_out

    parallel = max(1, workers or getattr(executor, "workers", None) or 1)
    skipped: dict[str, str] = {}
    if names is None:
        names, skipped = default_graders()
    names = [resolve(n) for n in names]
    if pairs_in is not None:
        raw = list(pairs_in)
    else:
        if candidates is None and BUILT_PAIRS.exists():
            candidates = BUILT_PAIRS
        raw = load_candidates(candidates) if candidates is not None else builtin_pairs()
    pairs = certify(raw, timeout)
    kept = [p for p in pairs if p.status in ("equal", "different")]
    selfs = self_pairs(kept)
    graders = {}
    started = time.monotonic()
    with fan_out(executor):
        for name in names:
            decisions = grade_all(name, [*kept, *selfs], timeout, workers=parallel, chunk_pairs=chunk_pairs)
            graders[name] = summarise(name, kept, selfs, decisions)
    ran = {"kind": _executor_kind(executor), "workers": parallel,
           "chunk_pairs": chunk_size(len(kept) + len(selfs), parallel, chunk_pairs),
           "grading_seconds": round(time.monotonic() - started, 3)}  # fmt: skip
    if any(n in SIDE_GRADERS for n in names) and executor is not None:
        ran["side_graders"] = "on this machine (their interpreter is a local path)"
    return {
        "config": {"graders": names, "timeout_s": timeout,
                   "source": source or _source(pairs_in, candidates) or "built-in pairs",
                   "ground_truth": "pyverify.answers.equivalent_answers (exact)",
                   "isolation": "third-party and module:function graders: one pyverify.audit._sandbox.run program "
                                "per chunk of pairs, watchdog per pair, rerun of the chunk's remaining pairs after "
                                "a crash or timeout",
                   "executor": ran},
        "pairs": {"total": len(pairs), "d1": sum(p.status == "equal" for p in pairs),
                  "d3": sum(p.status == "different" for p in pairs),
                  "discarded": sum(p.status not in ("equal", "different") for p in pairs),
                  "discarded_ids": [p.pair_id for p in pairs if p.status not in ("equal", "different")],
                  "rows": [asdict(p) for p in pairs]},
        "graders": graders,
        "skipped": skipped,
    }  # fmt: skip


def _executor_kind(executor: Any) -> str:
    """``local`` (threads driving sandbox subprocesses here), ``ray``, or the executor's class for others."""
    if executor is None:
        return "local"
    kind = type(executor).__name__
    return {"RayExecutor": "ray", "LocalExecutor": "local-processes"}.get(kind, kind)


def _source(pairs_in: Sequence[Pair] | None, candidates: Path | None) -> str:
    if pairs_in is not None:
        return "pairs given by the caller"
    return str(candidates) if candidates is not None else ""
