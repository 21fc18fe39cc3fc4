"""``pyverify audit …``: the verifier audit on HumanEval, and on pyverify's own verifiers (``self``).

The answer-grader audits of the same group (``audit labels``, ``audit hacking``, ``audit graders``) are in
:mod:`pyverify.graders._commands`, which :mod:`pyverify.cli` merges into ``app``.

Exit codes: 0 report written, 2 bad input (missing directory, badly named candidate file, a witness
line that is not a literal call; one ``error:`` line naming the file and line), 4 internal error
(e.g. the HumanEval data does not match its pinned SHA-256).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import typer

app = typer.Typer(
    name="audit",
    help="Audit verifiers in three directions: accept the reference (D1), reject broken variants (D2), "
    "reject witness-proven wrong candidates (D3).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_JSON = typer.Option(False, "--json", help="Print the figures as one JSON object instead of a table.")
_EXECUTOR = typer.Option("local", "--executor", help="local (sandbox runs on this machine, --workers at a time) or "
                         "ray (on a Ray cluster; needs the [ray] extra).")  # fmt: skip
_ADDRESS = typer.Option(None, "--address", help="With --executor ray: auto or HOST:PORT (default: a local Ray).")


def _sandbox_executor(executor: str, workers: int | None, address: str | None) -> Any:
    """None for local sandbox runs (threads driving subprocesses), else the executor to fan them out to."""
    if executor == "local":
        if address is not None:
            _fail("--address is for --executor ray")
        return None
    from pyverify.parallel import make_executor

    try:
        return make_executor(executor, workers, address)
    except ConnectionError as exc:
        _fail(f"--address {address}: cannot reach the Ray cluster: {exc}")
    except (ValueError, ImportError, RuntimeError) as exc:
        _fail(f"--executor: {exc}")


def _fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _summary(title: str, record: dict[str, Any], out: Path) -> None:
    from rich.console import Console
    from rich.table import Table

    fig = record["figures"]
    table = Table(title=title)
    table.add_column("verdict")
    table.add_column("items", justify="right")
    for name, count in fig["verdicts"].items():
        table.add_row(name, str(count))
    console = Console()
    console.print(table)
    d2 = fig["d2"]["kill_rate_pooled"]
    d3 = fig["d3_false_positive"]
    console.print(
        f"D1 {fig['d1_accepts_reference']['k']}/{fig['d1_accepts_reference']['n']} · "
        f"D2 killed {d2['k']}/{d2['n']} mutants · D3 false positives {d3['k']}/{d3['n']} attacked items · "
        f"report: {out / 'audit.md'}"
    )


@app.command()
def humaneval(
    out: Path = typer.Option(..., "--out", help="Directory for audit.json and audit.md."),
    candidates: Path | None = typer.Option(
        None,
        "--candidates",
        help="Directory of HumanEval_<n>.py wrong solutions (first line may be '# witness: f(<literals>)'); "
        "subdirectories are separate adversaries.",
    ),
    limit: int | None = typer.Option(None, "--limit", help="Audit only the first N problems (N >= 1)."),
    mutants: int = typer.Option(30, "--mutants", min=0, max=1000, help="At most N mutants per problem."),
    workers: int | None = typer.Option(None, "--workers", min=1, help="Parallel sandbox runs."),
    seed: int = typer.Option(0, "--seed", help="Seed for mutant selection and generated inputs."),
    model: str | None = typer.Option(
        None,
        "--model",
        help="Also ask this model (a backend spec, e.g. packaged/smollm2-135m) for one subtly wrong solution per "
        "problem: an adversary through the evaluation engine; responses are stored in OUT/store.sqlite.",
    ),
    model_limit: int | None = typer.Option(
        None, "--model-limit", min=1, help="Ask the model about the first N audited problems only."
    ),
    max_new_tokens: int = typer.Option(384, "--max-new-tokens", min=16, max=8192, help="Token budget per answer."),
    executor: str = _EXECUTOR,
    address: str | None = _ADDRESS,
    as_json: bool = _JSON,
) -> None:
    """D1 and D2 on the HumanEval problems, D3 for the given candidates; writes audit.json and audit.md."""
    from pyverify.audit._audit import markdown
    from pyverify.audit._humaneval import (
        CandidateError,
        DataError,
        Settings,
        audit_humaneval,
        load_candidates,
        load_problems,
    )
    from pyverify.audit._sandbox import fan_out

    if limit is not None and limit < 1:
        _fail(f"--limit must be at least 1, not {limit}")
    if out.exists() and not out.is_dir():
        # checked before the audit's half minute of work, not after it
        _fail(f"{out}: --out must be a directory")
    try:
        problems = load_problems()
    except DataError as exc:
        _fail(str(exc), 4)
    if limit is not None:
        problems = problems[:limit]
    found = []
    if candidates is not None:
        try:
            found = load_candidates(candidates, problems)
        except CandidateError as exc:
            _fail(str(exc))
    adversary: dict[str, Any] | None = None
    if model is not None:
        from pyverify.audit._adversary import model_candidates
        from pyverify.models import BackendError

        try:
            written, adversary = model_candidates(
                model, problems[:model_limit], out, max_new_tokens=max_new_tokens, seed=seed
            )
        except (BackendError, ValueError) as exc:
            _fail(f"--model {model}: {exc}")
        found = [*found, *written]
    settings = Settings(mutants=mutants, workers=workers, seed=seed)
    runner = _sandbox_executor(executor, workers, address)
    try:
        with fan_out(runner):
            run = audit_humaneval(problems, found, settings)
    except Exception as exc:  # an internal failure: one line, exit 4, never a traceback
        _fail(f"internal: {type(exc).__name__}: {exc}", 4)
    finally:
        if runner is not None:
            runner.close()
    record = run.to_dict(settings.bar)
    if adversary is not None:
        record["config"]["model_adversary"] = adversary
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / "audit.json").write_text(
            json.dumps(record, indent=2, sort_keys=True, default=str) + "\n", encoding="utf-8"
        )
        (out / "audit.md").write_text(markdown(record, "Verifier audit: HumanEval") + "\n", encoding="utf-8")
    except OSError as exc:
        _fail(f"{out}: cannot write the report: {exc}")
    if as_json:
        typer.echo(json.dumps(record["figures"], sort_keys=True, default=str))
    else:
        _summary(f"HumanEval verifier audit ({len(problems)} problems, {len(found)} candidates)", record, out)


@app.command("self")
def self_audit(
    out: Path = typer.Option(..., "--out", help="Directory for audit.json and audit.md."),
    limit: int | None = typer.Option(
        None, "--limit", help="Audit the engine on N >= 1 certified catalog theorems (default: all)."
    ),
    mutants: int = typer.Option(6, "--mutants", min=0, max=100, help="At most N mutants per theorem."),
    timeout: float = typer.Option(5.0, "--timeout", min=0.1, max=600.0, help="Deadline per engine call (s)."),
    semantics_claims: int = typer.Option(
        1000, "--semantics-claims", min=0, max=100_000,
        help="Random claims for the exact-vs-mathlib cross-check (0: skip it).",
    ),
    semantics_timeout: float = typer.Option(
        2.0, "--semantics-timeout", min=0.1, max=60.0, help="Deadline per decide call in the cross-check (s)."
    ),
    answer_pairs: int = typer.Option(
        1000, "--answer-pairs", min=0, max=1_000_000,
        help="Generated answer pairs checked against the independent mpmath oracle (0: skip it).",
    ),
    hostile_candidates: int = typer.Option(
        500, "--hostile-candidates", min=0, max=1_000_000,
        help="Hostile candidate strings compared with the universal-key panel (0: skip it).",
    ),
    answer_timeout: float = typer.Option(
        2.0, "--answer-timeout", min=0.1, max=60.0, help="Deadline per equivalent_answers call in both (s)."
    ),
    as_json: bool = _JSON,
) -> None:
    """Audit pyverify's own verifiers: the claim-audit checker and the certification engine.

    The semantics cross-check decides seeded random claims under both semantics (exact and mathlib)
    and re-evaluates every certificate and witness with an independent sympy evaluator. The answer
    checks decide generated answer pairs and re-judge them with an mpmath oracle, and compare hostile
    candidates with a panel of pairwise-different references (no candidate may equal two of them).
    Exit 0 when no verifier is BROKEN or FALSE-POSITIVE on any item, the cross-check finds no
    disagreement and the answer checks no failure, 1 otherwise."""
    from pyverify.audit._self import audit_self

    if limit is not None and limit < 1:
        _fail(f"--limit must be at least 1, not {limit}")
    if out.exists() and not out.is_dir():
        _fail(f"{out}: --out must be a directory")
    try:
        code = audit_self(out, as_json, limit=limit, mutants=mutants, timeout=timeout,
                          semantics_claims=semantics_claims, semantics_timeout=semantics_timeout,
                          answer_pairs=answer_pairs, hostile_candidates=hostile_candidates,
                          answer_timeout=answer_timeout)  # fmt: skip
    except OSError as exc:
        _fail(f"{out}: cannot write the report: {exc}")
    raise typer.Exit(code)
