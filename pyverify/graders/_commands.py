"""The grader audit's commands: ``pyverify audit labels``, ``audit hacking``, ``audit graders`` and
``pyverify answers sample``.

:mod:`pyverify.cli` merges ``audit_app`` into the ``audit`` group (after the verifier audit's ``humaneval`` and
``self``) and ``answers_app`` into the ``answers`` group (beside ``answers build``), so each command keeps its
name and path. The sandbox's executor options and ``audit graders --json`` are the ``audit`` group's own,
imported from :mod:`pyverify.audit._commands` (this layer sits above it), so they read as in ``audit humaneval``.

Exit codes: 0 report written, 1 a grader accepted a wrong answer or credited a hacked response, 2 bad input,
3 a grader failed on every response (``hacking``).
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pyverify._cli_common import _JSON, _fail
from pyverify.audit._commands import _ADDRESS, _EXECUTOR, _sandbox_executor
from pyverify.audit._commands import _JSON as _FIGURES_JSON

#: ``pyverify audit labels|hacking|graders``: merged into the ``audit`` group by :mod:`pyverify.cli`
audit_app = typer.Typer()
#: ``pyverify answers sample`` (candidate answers drawn from a model, for ``audit graders --from-outputs``):
#: merged into the ``answers`` group by :mod:`pyverify.cli`
answers_app = typer.Typer()


@audit_app.command()
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
    from pyverify.graders._answer_sources import labelled_outputs
    from pyverify.graders._graders import CandidatesError, GraderError, default_graders
    from pyverify.graders._labels import audit_labels, labels_markdown

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


@audit_app.command()
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
    from pyverify.graders._graders import (
        BUILT_PAIRS,
        CandidatesError,
        GraderError,
        builtin_pairs,
        default_graders,
        load_candidates,
    )  # fmt: skip
    from pyverify.graders._hacking import audit_hacking, hacking_markdown

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


@audit_app.command()
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
    as_json: bool = _FIGURES_JSON,
) -> None:
    """Audit final-answer graders against pyverify's certificates: pairs certified equal must be accepted (D1),
    pairs certified different (with a witness) must be rejected (D3); undecided pairs are discarded.

    Third-party and user graders run out of process with a deadline per pair; a crash or timeout is recorded
    as error/timeout for that pair, never as a decision. Each grader's pairs run in chunks, one sandbox program
    each, --workers at a time here or on a Ray cluster (--executor ray); the audit is the same either way. Exit 1
    when any grader accepted a certified-different pair (FALSE-POSITIVE) or rejected a reference compared with
    itself (BROKEN), 0 otherwise, 2 on bad input (an unreachable --address included)."""
    from pyverify.graders._graders import CandidatesError, GraderError, audit_graders, html, markdown, resolve

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
            from pyverify.graders._answer_sources import from_outputs as read_outputs

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

        from pyverify.graders._graders import _pct

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


@answers_app.command("sample")
def answers_sample(
    model: str = typer.Option(..., "--model", help="A backend spec, e.g. packaged/smollm2-135m."),
    out: Path = typer.Option(..., "--out", help="JSONL of the responses (read back by `audit graders --from-outputs`)."),
    problems: Path | None = typer.Option(None, "--problems", help="TOML ([[problem]]) or JSONL rows {id, problem, "
                                         "reference}; default: formal/answers/problems/basic.toml."),
    samples: int = typer.Option(1, "--samples", min=1, max=64, help="Answers per problem (needs --temperature > 0)."),
    temperature: float = typer.Option(0.0, "--temperature", min=0.0, max=2.0),
    max_new_tokens: int = typer.Option(96, "--max-new-tokens", min=1, max=4096),
    seed: int = typer.Option(0, "--seed"),
    as_json: bool = _JSON,
) -> None:
    """Draw candidate answers from a model: each problem is asked through the evaluation engine (responses kept
    in OUT.responses.sqlite, so a rerun reuses them) and each response's final answer (last \\boxed{}) is paired
    with the problem's reference. Exit 0 written, 2 bad input or a backend that cannot start."""
    from pyverify.graders._answer_sources import from_model, load_problems
    from pyverify.graders._graders import CandidatesError
    from pyverify.models import BackendError

    try:
        rows_in = load_problems(problems)
        drawn, rows = from_model(model, rows_in, out.with_name(out.name + ".responses.sqlite"), samples=samples,
                                 max_new_tokens=max_new_tokens, temperature=temperature, seed=seed)  # fmt: skip
    except (CandidatesError, BackendError) as exc:
        _fail(str(exc))
    try:
        out.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows),
                       encoding="utf-8")  # fmt: skip
    except OSError as exc:
        _fail(f"{out}: cannot write: {exc}")
    summary = drawn.summary()
    if as_json:
        typer.echo(json.dumps(summary, sort_keys=True))
        return
    skipped = ", ".join(f"{n} {why}" for why, n in summary["skipped"].items()) or "none"
    typer.echo(f"wrote {len(rows)} responses to {out}: {summary['pairs']} final answers; skipped: {skipped}")
