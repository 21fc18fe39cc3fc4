"""``pyverify claims …``: build, validate, check, score, compare, baselines, import-claimscope.

Thin: each command reads its files, calls the library and writes or prints. Bad files give one line
naming the file (and line) and exit code 2; a reference file whose SHA-256 differs from its manifest
is refused the same way. The ``check`` command never opens a reference file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import typer

app = typer.Typer(
    name="claims",
    help="Label-blind claim auditing: build task suites, validate references, check witnesses, score runs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_JSON = typer.Option(False, "--json", help="Print JSON instead of a table.")
_WORKERS = typer.Option(None, "--workers", min=1, help="Derive on N local worker processes (default: in this process).")
_EXECUTOR = typer.Option("local", "--executor", help="local (worker processes) or ray (a Ray cluster; needs the [ray] extra).")
_ADDRESS = typer.Option(None, "--address", help="With --executor ray: auto or HOST:PORT (default: a local Ray).")


def _executor(workers: int | None, executor: str, address: str | None) -> Any:
    """The executor the options ask for, or None to run in this process."""
    if executor == "local" and workers is None and address is None:
        return None
    from pyverify.parallel import make_executor

    try:
        return make_executor(executor, workers, address)
    except (ValueError, ImportError) as exc:
        _fail(f"--executor: {exc}")


def _fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _guard(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a library call, turning file problems into one line and exit code 2."""
    from pyverify.claims._io import ClaimsFileError

    try:
        return fn(*args, **kwargs)
    except ClaimsFileError as exc:
        _fail(str(exc))
    except ValueError as exc:
        _fail(str(exc))


@app.command()
def build(
    out: Path = typer.Option(..., "--out", help="Directory for tasks.jsonl, references.jsonl and manifest.json."),
    seed: int = typer.Option(0, "--seed", help="0: the canonical suite; any other seed: a fresh generated suite."),
    per_family: int = typer.Option(24, "--per-family", min=1, max=500, help="Tasks per family."),
    workers: int | None = _WORKERS,
    executor: str = _EXECUTOR,
    address: str | None = _ADDRESS,
) -> None:
    """Build a task suite with derived references, pinned by SHA-256 in a manifest."""
    from pyverify.claims._generate import build as build_suite
    from pyverify.claims._io import write_jsonl, write_manifest

    runner = _executor(workers, executor, address)
    vacuous: list[dict[str, Any]] = []
    try:
        tasks, references = build_suite(seed, per_family, executor=runner, vacuous=vacuous)
    finally:
        if runner is not None:
            runner.close()
    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(out / "tasks.jsonl", tasks)
    write_jsonl(out / "references.jsonl", references)
    counts: dict[str, Any] = {}
    for ref in references:
        family = counts.setdefault(ref.family, {"tasks": 0, "valid": 0, "invalid": 0, "claim_groups": set()})
        family["tasks"] += 1
        family[ref.gold.verdict] += 1
        family["claim_groups"].add(ref.claim_group)
    for family in counts.values():
        family["claim_groups"] = len(family["claim_groups"])
    manifest = write_manifest(out, seed, per_family, counts, vacuous)
    typer.echo(f"wrote {len(tasks)} tasks to {out} (seed {seed}); tasks.jsonl {manifest['files']['tasks.jsonl'][:12]}…, "
               f"references.jsonl {manifest['files']['references.jsonl'][:12]}…")  # fmt: skip
    for name, family in counts.items():
        typer.echo(f"  {name}: {family['tasks']} tasks, {family['valid']} valid, {family['invalid']} invalid, "
                   f"{family['claim_groups']} claim groups")  # fmt: skip
    typer.echo(f"met {len(vacuous)} vacuous claims (true of no state), none used as a reference")


@app.command()
def validate(
    tasks: Path = typer.Argument(..., help="tasks.jsonl"),
    references: Path = typer.Argument(..., help="references.jsonl (hash-checked against manifest.json beside it)"),
    as_json: bool = _JSON,
    workers: int | None = _WORKERS,
    executor: str = _EXECUTOR,
    address: str | None = _ADDRESS,
) -> None:
    """Re-derive every reference; list each task whose stored verdict disagrees (exit 1 if any)."""
    from pyverify.claims._io import load_references, load_tasks
    from pyverify.claims._validate import validate as run_validate

    task_rows = _guard(load_tasks, tasks)
    refs = _guard(load_references, references)
    runner = _executor(workers, executor, address)
    try:
        report = _guard(run_validate, task_rows, refs, executor=runner)
    finally:
        if runner is not None:
            runner.close()
    if as_json:
        typer.echo(json.dumps(report, ensure_ascii=False, default=str))
    else:
        for row in report["disagreements"]:
            typer.echo(f"{row['task_id']}: stored {row['stored']}, derived {row['derived']} — {row['evidence']}")
        typer.echo(f"{report['checked']} references re-derived, {len(report['disagreements'])} disagree, "
                   f"{len(report.get('vacuous', []))} vacuous (never accepted as certified)")  # fmt: skip
    raise typer.Exit(1 if report["disagreements"] else 0)


@app.command()
def check(
    tasks: Path = typer.Argument(..., help="tasks.jsonl (public rows only)"),
    responses: Path = typer.Argument(..., help="Model responses: run records, raw outputs or audits (JSONL)."),
    out: Path = typer.Option(..., "--out", help="Where to write one check result per task (JSONL)."),
    protocol: str | None = typer.Option(None, "--protocol", help="Only run records of this condition."),
) -> None:
    """The label-blind checker: verified / rejected / not_applicable / unavailable per task, with reasons."""
    from pyverify.claims._checker import check as check_one
    from pyverify.claims._extract import load_responses
    from pyverify.claims._io import input_hashes, load_tasks

    task_rows = _guard(load_tasks, tasks)
    answers = _guard(load_responses, responses, protocol=protocol)
    counts: dict[str, int] = {}
    with out.open("w", encoding="utf-8") as handle:
        for task in task_rows:
            response = answers.get(task.task_id)
            audit = response.audit if response is not None and response.status == "parsed" else None
            if response is not None and response.status == "partial":
                audit = response.audit
            result = check_one(task.model_dump(), audit)
            counts[result.status] = counts.get(result.status, 0) + 1
            handle.write(json.dumps(result.to_dict(), ensure_ascii=False) + "\n")
    from pyverify.claims._io import SCORER_VERSION

    record = {"inputs": input_hashes(tasks, responses), "checker_version": SCORER_VERSION, "counts": counts,
              "protocol": protocol, "output": str(out)}  # fmt: skip
    meta = out.with_name(out.name + ".meta.json")
    meta.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    typer.echo(f"checked {len(task_rows)} tasks: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    typer.echo(f"wrote {out} and {meta.name} (input hashes, checker version)")


@app.command()
def score(
    tasks: Path = typer.Argument(..., help="tasks.jsonl"),
    references: Path = typer.Argument(..., help="references.jsonl (hash-checked against manifest.json)"),
    responses: Path = typer.Argument(..., help="Model responses (JSONL)."),
    as_json: bool = _JSON,
    protocol: str | None = typer.Option(None, "--protocol", help="Only run records of this condition."),
) -> None:
    """Score a run: safe and strict completion, class-conditional counts, per family and per claim group."""
    from pyverify.claims._extract import load_responses
    from pyverify.claims._io import input_hashes, load_references, load_tasks
    from pyverify.claims._score import score as run_score

    task_rows = _guard(load_tasks, tasks)
    refs = _guard(load_references, references)
    answers = _guard(load_responses, responses, protocol=protocol)
    result = _guard(run_score, task_rows, refs, answers)
    result["inputs"] = input_hashes(tasks, references, responses)
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False, default=str))
        return
    _print_summary(result)


def _print_summary(result: dict[str, Any]) -> None:
    typer.echo(_line("all", result["summary"]))
    for family, block in sorted(result.get("per_family", {}).items()):
        typer.echo(_line(family, block))
    grouped = result.get("grouped", {})
    if grouped:
        typer.echo(f"grouped (mean over {grouped.get('groups', '?')} claim groups): safe {_rate(grouped.get('safe'))}, "
                   f"strict {_rate(grouped.get('strict'))}")  # fmt: skip
    for key, value in result.get("class_conditional", {}).items():
        typer.echo(f"  {key.replace('_', ' ')}: {_count(value)}")


def _rate(value: Any) -> str:
    return "n/a (nothing scored)" if value is None else f"{float(value):.3f}"


def _count(value: Any) -> str:
    if isinstance(value, dict) and "k" in value and "n" in value:
        return f"{value['k']}/{value['n']}" + (
            f" ({_rate(value.get('rate'))})" if value.get("rate") is not None else ""
        )
    if isinstance(value, dict):
        return ", ".join(f"{k} {_count(v)}" for k, v in value.items())
    return str(value)


def _line(name: str, block: dict[str, Any]) -> str:
    parts = [f"{name}:"]
    for key in ("tasks", "scored", "safe", "strict"):
        if key in block:
            parts.append(f"{key} {_count(block[key])}")
    return " ".join(parts)


@app.command()
def compare(
    references: Path = typer.Argument(..., help="references.jsonl (claim groups; hash-checked)"),
    run_a: Path = typer.Argument(..., help="`claims score --json` output of run A"),
    run_b: Path = typer.Argument(..., help="`claims score --json` output of run B"),
    seed: int = typer.Option(0, "--seed", help="Bootstrap seed."),
    resamples: int = typer.Option(10_000, "--resamples", min=100, max=1_000_000, help="Bootstrap resamples."),
    as_json: bool = _JSON,
) -> None:
    """Paired comparison of two scored runs: per-group deltas, transitions, bootstrap CI over groups."""
    from pyverify.claims._io import input_hashes, load_references
    from pyverify.claims._score import compare as run_compare

    refs = _guard(load_references, references)
    scored = []
    for path in (run_a, run_b):
        try:
            scored.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            _fail(f"{path}: not a `claims score --json` output ({exc})")
    result = _guard(run_compare, refs, scored[0], scored[1], seed=seed, resamples=resamples)
    result["inputs"] = input_hashes(references, run_a, run_b)
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False, default=str))
        return
    for key in ("groups", "improved", "unchanged", "worsened", "mean_delta", "ci95"):
        if key in result:
            typer.echo(f"{key}: {result[key]}")
    for key in ("gained", "lost"):
        if key in result.get("transitions", {}):
            typer.echo(f"{key}: {', '.join(result['transitions'][key]) or '-'}")


@app.command()
def baselines(
    tasks: Path = typer.Argument(..., help="tasks.jsonl"),
    references: Path = typer.Argument(..., help="references.jsonl (hash-checked)"),
    run: Path | None = typer.Option(None, "--run", help="A run to score as is and under the schema-only rule."),
    as_json: bool = _JSON,
) -> None:
    """Deterministic baselines: always-valid, always-invalid, always-null, and the schema-only rule."""
    from pyverify.claims._extract import load_responses
    from pyverify.claims._io import input_hashes, load_references, load_tasks
    from pyverify.claims._score import baselines as run_baselines

    task_rows = _guard(load_tasks, tasks)
    refs = _guard(load_references, references)
    answers = _guard(load_responses, run) if run is not None else None
    result = _guard(run_baselines, task_rows, refs, answers)
    result["inputs"] = input_hashes(*(p for p in (tasks, references, run) if p is not None))
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False, default=str))
        return
    for name, block in result.items():
        if isinstance(block, dict) and "summary" in block:
            typer.echo(_line(name, block["summary"]))


@app.command("import-claimscope")
def import_claimscope(
    public: Path = typer.Argument(..., help="The artifact's public task JSONL."),
    gold: Path = typer.Argument(..., help="The artifact's gold JSONL."),
    out: Path = typer.Option(..., "--out", help="Directory for tasks.jsonl, references.jsonl, manifest.json."),
) -> None:
    """Convert a ClaimScope-format artifact so validate, check and score run on it unchanged."""
    from pyverify.claims._claimscope import convert

    summary = _guard(convert, public, gold, out)
    typer.echo(f"imported {summary['tasks']} tasks into {out} ({summary['by_family']})")
