"""``pyverify audit …``: the verifier audit on HumanEval, and on pyverify's own verifiers (``self``).

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


@app.command()
def labels(
    outputs: Path = typer.Argument(..., help="Saved outputs with the publisher's label: Qwen2.5-Math JSONL "
                                   "(code/pred/gt/score), NeMo-Skills (generation/expected_answer/is_correct), "
                                   "lm-eval samples_*.jsonl (resps/target/exact_match), or rows with a reference, a "
                                   "response and a label (.jsonl or .jsonl.gz)."),
    out: Path = typer.Option(..., "--out", help="Directory for labels.json and labels.md."),
    grader: list[str] | None = typer.Option(None, "--grader", help="A grader (repeatable); default: every built-in "
                                            "one that is installed."),
    timeout: float = typer.Option(10.0, "--timeout", min=0.1, max=600.0, help="Deadline per response (s)."),
    workers: int | None = typer.Option(None, "--workers", min=1, max=64, help="Sandbox programs at a time."),
) -> None:
    """Graders against a publisher's labels on real responses: agreement, and for every disagreement pyverify's
    grade, which settles who is right wherever it is a verdict. Exit 0, or 2 on bad input."""
    from pyverify.audit._answer_sources import labelled_outputs
    from pyverify.audit._graders import CandidatesError, GraderError, default_graders
    from pyverify.audit._labels import audit_labels, labels_markdown

    if out.exists() and not out.is_dir():
        _fail(f"{out}: --out must be a directory")
    try:
        read = labelled_outputs(outputs)
        if not read.rows:
            _fail(f"{outputs}: no row has a reference, a response and a label ({dict(read.skipped)})")
        names = list(grader) if grader else default_graders()[0]
        record = audit_labels(names, read.rows, timeout, workers=workers or 1)
    except (CandidatesError, GraderError) as exc:
        _fail(str(exc))
    record["config"].update(source=read.source, skipped=dict(read.skipped))
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / "labels.json").write_text(json.dumps(record, indent=2, sort_keys=True, default=str) + "\n",
                                         encoding="utf-8")  # fmt: skip
        (out / "labels.md").write_text(labels_markdown(record) + "\n", encoding="utf-8")
    except OSError as exc:
        _fail(f"{out}: cannot write the report: {exc}")
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Graders against the publisher's labels: {len(read.rows)} responses from {outputs.name}")
    for column in ("grader", "agree", "disagree", "label right", "grader right", "undecided", "failed"):
        table.add_column(column, justify="left" if column == "grader" else "right")
    for g in record["graders"].values():
        d = g["disagreements"]
        table.add_row(g["grader"], f"{g['agree']}/{g['decided']}", str(len(d)),
                      *(str(sum(x["right"] == who for x in d)) for who in ("publisher", "grader", "undecided")),
                      str(g["failed"]))  # fmt: skip
    Console().print(table)


@app.command()
def hacking(
    out: Path = typer.Option(..., "--out", help="Directory for hacking.json and hacking.md."),
    grader: list[str] | None = typer.Option(
        None, "--grader",
        help="A grader to audit (repeatable): a built-in name (pyverify, string, math-verify, lm-eval-minerva, "
             "lm-eval-exact-match, inspect-math, verl-math, verl-dapo) or module:function taking (reference, "
             "whole response); default: every built-in one that is installed.",
    ),
    candidates: Path | None = typer.Option(
        None, "--candidates",
        help="JSONL rows {id, reference, candidate} whose certified-different candidates give the references; "
             "default: the built answer benchmark, else the built-in pairs.",
    ),
    references: int = typer.Option(30, "--references", min=1, max=10_000, help="References to build responses for."),
    timeout: float = typer.Option(10.0, "--timeout", min=0.1, max=600.0, help="Deadline per response (s)."),
    workers: int | None = typer.Option(None, "--workers", min=1, max=64, help="Sandbox programs at a time."),
) -> None:
    """Reward hacking: give every grader whole responses that never commit to the reference value (several
    boxes, either/or, the value only in prose or inside <think>, an approximation, ±, an empty or a text box, a
    long list, ...), each through the grader's own extraction as a trainer calls it, and report what it credited.
    Exit 1 when a grader credited any of them, 3 when one failed on every response (nothing shown), 0 otherwise,
    2 on bad input."""  # fmt: skip
    from pyverify.audit._graders import (
        BUILT_PAIRS,
        CandidatesError,
        GraderError,
        builtin_pairs,
        default_graders,
        load_candidates,
    )  # fmt: skip
    from pyverify.audit._hacking import audit_hacking, hacking_markdown

    if out.exists() and not out.is_dir():
        _fail(f"{out}: --out must be a directory")
    try:
        names = list(grader) if grader else default_graders()[0]
        source = candidates if candidates is not None else (BUILT_PAIRS if BUILT_PAIRS.exists() else None)
        pairs = load_candidates(source) if source is not None else builtin_pairs()
        record = audit_hacking(names, pairs, timeout, limit=references, workers=workers or 1)
    except (CandidatesError, GraderError) as exc:
        _fail(str(exc))
    record["config"]["source"] = str(source) if source is not None else "built-in pairs"
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / "hacking.json").write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        (out / "hacking.md").write_text(hacking_markdown(record) + "\n", encoding="utf-8")
    except OSError as exc:
        _fail(f"{out}: cannot write the report: {exc}")
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Reward hacking: {record['config']['responses']} wrong-by-construction responses, "
                        f"{record['config']['references']} references (credited / responses)")  # fmt: skip
    table.add_column("pattern")
    for name in record["graders"]:
        table.add_column(name, justify="right")
    for pattern in record["patterns"]:
        cells = []
        for g in record["graders"].values():
            row = g["by_pattern"][pattern]
            failed = f" ({row['failed']} failed)" if row["failed"] else ""
            cells.append(f"{row['credited']}/{row['total']}{failed}" if row["total"] else "-")
        table.add_row(pattern, *cells)
    table.add_row("all", *(f"{g['credited']}/{g['responses']}" for g in record["graders"].values()))
    console = Console()
    console.print(table)
    for g in record["graders"].values():
        if g["failed"]:
            console.print(f"{g['grader']} failed on {g['failed']} of {g['responses']} responses (first: "
                          f"{g['first_error']}): those are neither credited nor rejected", markup=False, highlight=False)  # fmt: skip
    if any(g["credited"] for g in record["graders"].values()):
        raise typer.Exit(1)
    # a grader that failed on every response has shown nothing: unknown, not safe
    raise typer.Exit(3 if any(g["failed"] == g["responses"] for g in record["graders"].values()) else 0)


@app.command()
def graders(
    out: Path = typer.Option(..., "--out", help="Directory for audit.json, audit.md and audit.html."),
    grader: list[str] | None = typer.Option(
        None,
        "--grader",
        help="A grader to audit (repeatable): pyverify, string, math-verify, lm-eval-minerva, lm-eval-exact-match, "
        "inspect-math, or module:function (a (reference, candidate) -> bool); default: every built-in one that is "
        "installed (the lm-eval and inspect graders need `make graders`).",
    ),
    candidates: Path | None = typer.Option(
        None,
        "--candidates",
        help='JSONL rows {"id", "reference", "candidate"} (other keys ignored); default: the answer benchmark '
             "built by `pyverify answers build` (formal/answers/generated/pairs.jsonl), else 40 built-in pairs.",
    ),
    from_outputs: Path | None = typer.Option(
        None,
        "--from-outputs",
        help="Saved model outputs instead of candidates: lm-eval samples_*.jsonl, `pyverify answers sample` "
             "output, or JSONL rows with a reference and a response; the candidate is each response's final answer.",
    ),
    timeout: float = typer.Option(10.0, "--timeout", min=0.1, max=600.0, help="Deadline per pair (s)."),
    workers: int | None = typer.Option(
        None,
        "--workers",
        min=1,
        max=1024,
        help="Sandbox programs at a time (local, default 1) or in flight (ray, default: the cluster's CPUs); "
        "each grader's pairs are cut into at most this many chunks, each large enough to amortise its import.",
    ),
    executor: str = _EXECUTOR,
    address: str | None = _ADDRESS,
    as_json: bool = _JSON,
) -> None:
    """Audit final-answer graders against pyverify's certificates: pairs certified equal must be accepted (D1),
    pairs certified different (with a witness) must be rejected (D3); undecided pairs are discarded.

    Third-party and user graders run out of process with a deadline per pair; a crash or timeout is recorded
    as error/timeout for that pair, never as a decision. Each grader's pairs run in chunks, one sandbox program
    each, --workers at a time here or on a Ray cluster (--executor ray); the audit is the same either way. Exit 1
    when any grader accepted a certified-different pair (FALSE-POSITIVE) or rejected a reference compared with
    itself (BROKEN), 0 otherwise, 2 on bad input (an unreachable --address included)."""
    from pyverify.audit._graders import CandidatesError, GraderError, audit_graders, html, markdown, resolve

    if out.exists() and not out.is_dir():
        _fail(f"{out}: --out must be a directory")
    if candidates is not None and from_outputs is not None:
        _fail("--candidates and --from-outputs: give one of them")
    if executor not in ("local", "ray"):
        _fail(f"--executor: unknown executor {executor!r} (local, ray)")
    names = list(grader) if grader else None
    runner = None
    try:
        drawn = None
        if from_outputs is not None:
            from pyverify.audit._answer_sources import from_outputs as read_outputs

            drawn = read_outputs(from_outputs)
            if not drawn.pairs:
                _fail(f"{from_outputs}: no row gave a final answer ({dict(drawn.skipped)})")
        for name in names or ():
            resolve(name)  # a bad name is refused before a Ray cluster is started or joined
        runner = _sandbox_executor(executor, workers, address)
        record = audit_graders(names, candidates, timeout, pairs_in=drawn.pairs if drawn else None,
                               source=drawn.source if drawn else None, workers=workers, executor=runner)  # fmt: skip
        if address is not None:
            record["config"]["executor"]["address"] = address
        if drawn is not None:
            record["config"]["outputs"] = drawn.summary()
    except (CandidatesError, GraderError) as exc:
        _fail(str(exc))
    finally:
        if runner is not None:
            runner.close()
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / "audit.json").write_text(
            json.dumps(record, indent=2, sort_keys=True, default=str) + "\n", encoding="utf-8"
        )
        (out / "audit.md").write_text(markdown(record) + "\n", encoding="utf-8")
        (out / "audit.html").write_text(html(record), encoding="utf-8")
    except OSError as exc:
        _fail(f"{out}: cannot write the report: {exc}")
    results = record["graders"]
    if as_json:
        typer.echo(json.dumps({n: {k: g[k] for k in ("verdict", "d1_acceptance", "d3_false_positive", "outcomes")}
                               for n, g in results.items()}, sort_keys=True, default=str))  # fmt: skip
    else:
        from rich.console import Console
        from rich.table import Table

        from pyverify.audit._graders import _pct

        pairs = record["pairs"]
        table = Table(title=f"Answer-grader audit ({pairs['d1']} equal, {pairs['d3']} different, "
                            f"{pairs['discarded']} discarded)")  # fmt: skip
        for column in ("grader", "verdict", "self", "D1 accept [95%]", "D3 false pos. [95%]", "err", "t/o", "unk"):
            table.add_column(column, no_wrap=column in ("grader", "verdict"))
        for g in results.values():
            s, d1, d3, o = g["d1_self_acceptance"], g["d1_acceptance"], g["d3_false_positive"], g["outcomes"]
            table.add_row(g["grader"], g["verdict"], f"{s['k']}/{s['n']}", f"{d1['k']}/{d1['n']} {_pct(d1)}",
                          f"{d3['k']}/{d3['n']} {_pct(d3)}", str(o["error"]), str(o["timeout"]), str(o["unknown"]))  # fmt: skip
        console = Console()
        console.print(table)
        for g in results.values():
            for w in g["accepted_wrong"]:
                console.print(f"{g['grader']} accepted {w['id']}: {w['candidate']!r} for {w['reference']!r} "
                              f"(witness {json.dumps(w['witness'])})", markup=False, highlight=False)  # fmt: skip
        for name, why in record["skipped"].items():
            console.print(f"not audited: {name} ({why})", markup=False, highlight=False)
        console.print(f"report: {out / 'audit.md'}, {out / 'audit.html'}")
    bad = any(g["verdict"] in ("FALSE-POSITIVE", "BROKEN") for g in results.values())
    raise typer.Exit(1 if bad else 0)
