"""The ``pyverify`` command: thin wrappers that parse arguments, call the library and print.

Exit codes (also in the README and in ``--help``):
0 certified / verified · 1 refuted / rejected · 2 bad input · 3 unknown · 4 internal error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer

EXIT_HELP = (
    "Exit codes: 0 certified/verified, 1 refuted/rejected, 2 bad input, 3 unknown "
    "(outside the fragment, deadline), 4 internal error, 5 vacuous (true only because no point satisfies "
    "its assumptions and definedness conditions: not certified)."
)

app = typer.Typer(
    name="pyverify",
    help="Certify, refute and compare mathematical claims with exact arithmetic, sympy and z3.\n\n" + EXIT_HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_TIMEOUT = typer.Option(10.0, "--timeout", min=0.1, max=3600.0, help="Deadline in seconds for the whole call.")
_JSON = typer.Option(False, "--json", help="Print one JSON object instead of text.")
_SEED = typer.Option(0, "--seed", help="Seed for the random part of counterexample search.")
_SEMANTICS = typer.Option(
    "exact", "--semantics", metavar="exact|mathlib",
    help="exact: partial operations restrict the domain (a certificate lists the definedness conditions it "
         "relied on); mathlib: every operation total, as Lean 4 / Mathlib defines it (x/0 = 0, 5 - 7 = 0 in ℕ, ...).",
)  # fmt: skip


def _semantics(name: str) -> str:
    from pyverify.logic._semantics import check_semantics

    try:
        return check_semantics(name)
    except ValueError as exc:
        _fail(f"--semantics: {exc}")


def _fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _parse(text: str, label: str = "claim") -> Any:
    from pyverify.logic import ParseError, parse

    try:
        return parse(text)
    except ParseError as exc:
        _fail(f"{label}: {exc}")


def _show_certificate(cert: Any, as_json: bool) -> NoReturn:
    from pyverify.certify import EXIT_CODES
    from pyverify.certify._certificate import format_witness

    if as_json:
        typer.echo(json.dumps(cert.to_dict(), ensure_ascii=False, default=str))
    else:
        typer.echo(f"{cert.headline} ({cert.method}, {cert.seconds:.3f} s)")
        typer.echo(f"  claim: {cert.claim}")
        typer.echo(f"  semantics: {cert.semantics}")
        if cert.witness is not None:
            label = "witness" if cert.status == "refuted" else "example"
            typer.echo(f"  {label}: " + format_witness(cert.witness))
        for key, value in cert.evidence.items():
            if key in ("a", "b"):
                value = f"{value['status']} ({value['method']})"
            typer.echo(f"  {key}: {_short(value)}")
        if cert.reason:
            typer.echo(f"  reason: {cert.reason}")
    raise typer.Exit(EXIT_CODES[cert.status])


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@app.command(epilog=EXIT_HELP)
def certify(
    claim: str = typer.Argument(..., help='Claim text, e.g. "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1".'),
    timeout: float = _TIMEOUT,
    as_json: bool = _JSON,
    seed: int = _SEED,
    semantics: str = _SEMANTICS,
) -> None:
    """Decide a claim: certified, refuted (with an exact witness) or unknown."""
    from pyverify.certify import decide

    chosen = _semantics(semantics)
    parsed = _parse(claim)
    _show_certificate(decide(parsed, timeout, seed=seed, semantics=chosen), as_json)


@app.command(epilog=EXIT_HELP)
def equiv(
    claim_a: str = typer.Argument(..., help="First claim."),
    claim_b: str = typer.Argument(..., help="Second claim."),
    timeout: float = _TIMEOUT,
    as_json: bool = _JSON,
    seed: int = _SEED,
    semantics: str = _SEMANTICS,
) -> None:
    """Decide whether two claims are equivalent (pointwise when their binders match)."""
    from pyverify.certify import equivalent

    chosen = _semantics(semantics)
    a = _parse(claim_a, "first claim")
    b = _parse(claim_b, "second claim")
    _show_certificate(equivalent(a, b, timeout, seed=seed, semantics=chosen), as_json)


@app.command("equiv-answer", epilog="Exit codes: 0 equal, 1 different (with a witness), 2 bad input (an answer "
             "outside the answer grammar), 3 unknown (undecided, deadline, or an ambiguous answer), 6 undefined "
             "(an answer with no value: 0/0, 1/0, log 0, an expression defined at no generic point), 7 no answer "
             "(the extraction policy finds no final answer in a response).")  # fmt: skip
def equiv_answer(
    reference: str = typer.Argument(..., help="Reference answer, or a worked solution (its final answer is "
                                    "extracted: the last \\boxed{}, 'final answer is', ...; README: extraction)."),
    candidate: str = typer.Argument(..., help="Candidate answer, or a model's whole response (extracted the same "
                                    "way; <think>...</think> is ignored)."),
    timeout: float = _TIMEOUT,
    as_json: bool = _JSON,
    tolerance: float | None = typer.Option(
        None, "--tolerance", min=0.0, help="Allow |reference - candidate| <= T between numbers (default: exact)."
    ),
    decimal_comma: str | None = typer.Option(
        None, "--decimal-comma", metavar="decimal|list",
        help="Read an ambiguous comma between digits (0,111) as a decimal point or as a list separator "
             "(default: such an answer is ambiguous, so unknown).",
    ),  # fmt: skip
    percent: str = typer.Option(
        "value", "--percent", metavar="value|unit",
        help="Percent policy: value (28% is 28/100 only) or unit (28% also equals 28 when the other answer has no "
             "percent sign, as in MATH's 'what percent' answers).",
    ),  # fmt: skip
) -> None:
    """Decide whether two final answers are equal: exactly, with a witness when they differ."""
    from pyverify.answers import ANSWER_EXIT_CODES, equivalent_answers, parse_answer

    if decimal_comma not in (None, "decimal", "list"):
        _fail(f"--decimal-comma: {decimal_comma!r} is not one of decimal, list")
    if percent not in ("value", "unit"):
        _fail(f"--percent: {percent!r} is not one of value, unit")
    parsed = [parse_answer(reference, decimal_comma=decimal_comma), parse_answer(candidate, decimal_comma=decimal_comma)]
    for label, answer in zip(("reference", "candidate"), parsed):
        if answer.kind == "unparsed":
            _fail(f"{label}: {answer.reason}")
    cert = equivalent_answers(parsed[0], parsed[1], timeout, tolerance=tolerance, percent=percent)
    if as_json:
        typer.echo(json.dumps(cert.to_dict(), ensure_ascii=False, default=str))
    else:
        typer.echo(f"{cert.status} ({cert.method}, policy {cert.policy}, {cert.seconds:.3f} s)")
        for label in ("reference", "candidate"):
            taken = cert.extraction.get(label)
            if taken and taken["rule"] != "whole" and taken["span"][1] > taken["span"][0]:
                typer.echo(f"  {label}: {taken['rule']} (characters {taken['span'][0]}-{taken['span'][1]}): "
                           f"{getattr(cert, label)[:80]}")  # fmt: skip
        if cert.witness is not None:
            shown = {k: v for k, v in cert.witness.items() if not k.endswith("_exact")}  # exact values: --json
            typer.echo("  witness: " + json.dumps(shown, ensure_ascii=False, default=str))
        if cert.conditions:
            typer.echo("  where defined: " + ", ".join(cert.conditions))
        if cert.reason:
            typer.echo(f"  reason: {cert.reason}")
    raise typer.Exit(ANSWER_EXIT_CODES[cert.status])


_WORKERS = typer.Option(None, "--workers", min=1, max=1024,
                        help="Worker processes (local, default 1) or tasks in flight (ray, default: the cluster's CPUs).")
_EXECUTOR = typer.Option("local", "--executor", metavar="local|ray",
                         help="local: worker processes on this machine; ray: a Ray cluster (pip install 'pyverify[ray]').")
_ADDRESS = typer.Option(None, "--address", metavar="auto|HOST:PORT",
                        help="The Ray cluster to join (ray only; default: start a local Ray).")


def _executor(kind: str, workers: int | None, address: str | None) -> Any:
    from pyverify._batch import SETUP
    from pyverify.parallel import make_executor

    if kind not in ("local", "ray"):
        _fail(f"--executor: unknown executor {kind!r} (local, ray)")
    if address is not None and kind != "ray":
        _fail("--address: only with --executor ray")
    try:
        return make_executor(kind, workers, address, setup=SETUP)
    except RuntimeError as exc:
        _fail(f"--executor {kind}: {exc}")
    except ConnectionError as exc:
        _fail(f"--address {address}: cannot reach the Ray cluster: {exc}")


@app.command("certify-batch", epilog="Exit codes: 0 the batch completed (whatever the verdicts), 2 unusable input "
             "file, or a store from an earlier run without --resume/--fresh.")  # fmt: skip
def certify_batch(
    in_path: Path = typer.Argument(..., metavar="IN.jsonl", help='Rows {"id", "claim"}, {"id", "a", "b"} or '
                                   '{"id", "reference", "candidate"}, each with optional "timeout" and "semantics".'),
    out: Path = typer.Option(..., "--out", help="One result row per input row, in input order (written at the end)."),
    resume: bool = typer.Option(False, "--resume", help="Continue the run recorded beside OUT (in OUT.jsonl.store.sqlite for OUT.jsonl)."),
    fresh: bool = typer.Option(False, "--fresh", help="Discard the store of an earlier run and start over."),
    workers: int | None = _WORKERS,
    executor: str = _EXECUTOR,
    address: str | None = _ADDRESS,
    chunk: int | None = typer.Option(None, "--chunk", min=1, metavar="N", help="Rows per executor job (default: "
                                     "adaptive, jobs of at least 50 ms, small enough to keep every worker busy)."),
    as_json: bool = _JSON,
) -> None:
    """Decide many claims, equivalences and answer pairs: resumable (finished rows are recorded in
    OUT.jsonl.store.sqlite as they complete, committed in groups within a fraction of a second), on local
    worker processes or a Ray cluster."""
    from pyverify._batch import BatchError, run_batch

    if resume and fresh:
        _fail("--resume and --fresh exclude each other")
    if not in_path.is_file():
        _fail(f"{in_path}: no such file" if not in_path.exists() else f"{in_path}: not a file")
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    progress = Progress(TextColumn("certify-batch"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), console=console,
                        disable=not console.is_terminal)  # fmt: skip
    task: list[Any] = []
    clock: list[float] = []

    def on_start(n: int) -> None:
        import time

        task.append(progress.add_task("rows", total=n, rate=""))
        clock.append(time.monotonic())
        progress.start()

    def on_row() -> None:
        import time

        progress.advance(task[0])
        done = progress.tasks[0].completed
        progress.update(task[0], rate=f"{done / max(1e-6, time.monotonic() - clock[0]):.1f} rows/s")

    chosen = _executor(executor, workers, address)
    try:
        summary = run_batch(in_path, out, chosen, resume=resume, fresh=fresh, on_start=on_start, on_row=on_row,
                            chunk=chunk)
    except BatchError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"{out}: cannot write: {exc}")
    finally:
        progress.stop()
        chosen.close()
    if as_json:
        typer.echo(json.dumps(summary.to_dict()))
        return
    from rich.table import Table

    table = Table(title=f"certify-batch: {summary.rows} rows -> {out}")
    for status in summary.counts:
        table.add_column(status, justify="right")
    table.add_row(*(str(n) for n in summary.counts.values()))
    Console().print(table)
    if summary.counts.get("vacuous"):
        typer.echo(f"{summary.counts['vacuous']} vacuous: true only because no point satisfies their conditions "
                   "(not certified)")  # fmt: skip
    if summary.counts.get("undefined"):
        typer.echo(f"{summary.counts['undefined']} undefined: an answer with no value (never equal)")
    rate = summary.computed / summary.seconds if summary.seconds > 0 else 0.0
    typer.echo(f"computed {summary.computed} rows ({rate:.1f} rows/s), reused {summary.reused} recorded rows, "
               f"{summary.seconds:.1f} s")  # fmt: skip


@app.command("check-witness", epilog=EXIT_HELP)
def check_witness_cmd(
    claim: str = typer.Argument(..., help="Claim text."),
    at: str = typer.Option(..., "--at", help='Values, e.g. "x=2,y=1/3" or "A=[[1,2],[3,4]]".'),
    timeout: float = _TIMEOUT,
    as_json: bool = _JSON,
    semantics: str = _SEMANTICS,
) -> None:
    """Check a witness by exact evaluation: a counterexample for ∀ claims, an example for ∃ claims."""
    from pyverify.certify import EXIT_CODES, check_witness, parse_assignment
    from pyverify.certify._witness import ValueError_

    chosen = _semantics(semantics)
    parsed = _parse(claim)
    try:
        values = parse_assignment(at, parsed.variables)
    except ValueError_ as exc:
        _fail(f"--at: {exc}")
    result = check_witness(parsed, values, timeout, semantics=chosen)
    if result.reason == "malformed":
        _fail(f"--at: {result.message}")
    if as_json:
        typer.echo(json.dumps(dict(result.to_dict(), semantics=chosen), ensure_ascii=False))
    else:
        typer.echo(f"{result.status}: {result.message}")
    raise typer.Exit(EXIT_CODES[result.status])


def _claims_app() -> typer.Typer:
    from pyverify.claims._commands import app as claims

    return claims


app.add_typer(_claims_app(), name="claims")


def _audit_app() -> typer.Typer:
    from pyverify.audit._commands import app as audit

    return audit


app.add_typer(_audit_app(), name="audit")
answers_app = typer.Typer(help="Reference final answers (formal/answers/*.toml) and their certified pairs.",
                          no_args_is_help=True, add_completion=False)
app.add_typer(answers_app, name="answers")


@answers_app.command("build")
def answers_build(
    out: Path = typer.Option(Path("formal/answers/generated"), "--out", help="Directory for pairs.jsonl and manifest.json."),
    catalog: Path = typer.Option(Path("formal/answers"), "--catalog", help="Directory of the reference *.toml files."),
    timeout: float = typer.Option(3.0, "--timeout", min=0.1, max=600.0, help="Deadline per pair (s)."),
    as_json: bool = _JSON,
) -> None:
    """Derive candidates from every reference answer and certify each with equiv-answer: equal rewrites (D1),
    mechanical mutants (D2) and plausible wrong answers (D3), the last two certified different with a witness;
    undecided candidates are discarded. Exit 0 written, 2 bad input (a bad TOML file or entry)."""
    import time

    from pyverify.answers._build import CatalogError, build

    if out.exists() and not out.is_dir():
        _fail(f"{out}: --out must be a directory")
    start = time.monotonic()
    try:
        manifest = build(catalog, out, timeout)
    except CatalogError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"{out}: cannot write: {exc}")
    seconds = time.monotonic() - start
    if as_json:
        typer.echo(json.dumps({"pairs": manifest["pairs"], "discarded": manifest["discarded"],
                               "references": manifest["references"]["total"], "seconds": round(seconds, 1)}))  # fmt: skip
        return
    d = manifest["pairs"]["by_direction"]
    typer.echo(f"wrote {manifest['pairs']['total']} pairs from {manifest['references']['total']} references to "
               f"{out / 'pairs.jsonl'}: D1 {d['D1']}, D2 {d['D2']}, D3 {d['D3']}; discarded {manifest['discarded']} "
               f"({seconds:.1f} s)")  # fmt: skip
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
    from pyverify.audit._answer_sources import from_model, load_problems
    from pyverify.audit._graders import CandidatesError
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


catalog_app = typer.Typer(
    help="The theorem catalog and the built benchmark.", no_args_is_help=True, add_completion=False
)
lean_app = typer.Typer(help="Lean 4: read Mathlib statements, export the catalog, check it with lake.", no_args_is_help=True,
                       add_completion=False)  # fmt: skip
import_app = typer.Typer(help="Import external datasets.", no_args_is_help=True, add_completion=False)
app.add_typer(catalog_app, name="catalog")
app.add_typer(lean_app, name="lean")
app.add_typer(import_app, name="import")


def _catalog_guard(fn: Any, *args: Any) -> Any:
    from pyverify.catalog._load import CatalogError
    from pyverify.paraphrase._families import FamilyError

    try:
        return fn(*args)
    except (CatalogError, FamilyError) as exc:
        _fail(str(exc))


@app.command("build")
def build_benchmark(as_json: bool = _JSON, semantics: str = _SEMANTICS, workers: int | None = _WORKERS,
                    executor: str = _EXECUTOR, address: str | None = _ADDRESS) -> None:  # fmt: skip
    """Build the benchmark: items, certificates and manifest in families/generated/ (deterministic; the same
    bytes whichever executor certifies it)."""
    from pyverify.catalog._build import GENERATED, build

    chosen = _semantics(semantics)
    fan_out = None if executor == "local" and (workers or 1) == 1 and address is None else _executor(executor, workers, address)
    try:
        summary = _catalog_guard(lambda: build(semantics=chosen, executor=fan_out))
    finally:
        if fan_out is not None:
            fan_out.close()
    if as_json:
        typer.echo(json.dumps(summary))
        return
    typer.echo(f"wrote {summary['items']} items for {summary['theorems']} theorems and {summary['false_siblings']} false "
               f"siblings to {GENERATED} ({summary['t1_certified']}/{summary['t1_items']} T1 items certified, "
               f"TRUE share {summary['true_share']:.2f}, {summary['classes']} equivalence classes, "
               f"{chosen} semantics)")  # fmt: skip
    if summary.get("dropped"):
        typer.echo(f"left out {summary['dropped']} paraphrases that are not equivalent under {chosen} "
                   "(listed under 'dropped' in manifest.json)")  # fmt: skip
    typer.echo(f"met {summary.get('vacuous', 0)} vacuous results (true of no point), none used "
               "(listed under 'vacuous' in manifest.json)")  # fmt: skip


@catalog_app.command("stats")
def catalog_stats(as_json: bool = _JSON) -> None:
    """Counts of the built benchmark per domain, family, tier and label."""
    from pyverify.catalog._build import load_items, stats

    summary = stats(_catalog_guard(load_items))
    if as_json:
        typer.echo(json.dumps(summary))
        return
    for key, value in summary.items():
        typer.echo(f"{key}: {value}")


_IMPORT_SEMANTICS = typer.Option(
    "mathlib", "--semantics", metavar="exact|mathlib",
    help="The semantics every certificate is decided under (default mathlib: the statements are Lean's).",
)  # fmt: skip
_IMPORT_TIMEOUT = typer.Option(2.0, "--timeout", min=0.1, max=60.0, help="Seconds for each engine call.")


def _import_report(manifest: dict[str, Any], out: Path, as_json: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    if as_json:
        typer.echo(json.dumps({"coverage": manifest["coverage"], "counts": manifest["counts"],
                               "problems": manifest["problems"], "vacuous": manifest.get("vacuous")},
                              ensure_ascii=False))  # fmt: skip
        return
    cov = manifest["coverage"]
    table = Table(title=f"import coverage ({manifest['semantics']} semantics)", show_header=True)
    table.add_column("")
    table.add_column("count", justify="right")
    rows = [("theorems", cov["theorems"]), ("read", cov["read"]), ("outside the fragment", cov["outside_fragment"])]
    rows += [(f"  {construct}", len(ids)) for construct, ids in cov["outside_by_construct"].items()]
    rows += [("not read (other)", len(cov["not_read"])), ("instances", cov["instances"]),
             ("  of which instances of generic theorems", cov["consequences"]),
             ("  certified", cov["truth"]["certified"]),
             ("  vacuous (not certified; kept: anchored in Mathlib)", cov["truth"].get("vacuous", 0)),
             ("  unknown (kept: anchored in Mathlib)", cov["truth"]["unknown"]),
             ("  refuted (problems)", cov["truth"]["refuted"]), ("false siblings", cov["siblings"]),
             ("instances without a sibling", cov["without_sibling"]), ("items", cov["items"]),
             ("  imported rows (formal: null)", cov["imported_rows"]), ("  with a formal statement", cov["formal_items"])]  # fmt: skip
    rows += [(f"  tier {tier}", n) for tier, n in cov["per_tier"].items()]
    rows += [(f"  family {family}", n) for family, n in cov["per_family"].items()]
    for label, value in rows:
        table.add_row(label, str(value))
    table.add_row("TRUE share (all items)", f"{cov['true_share']:.2f}")
    table.add_row("TRUE share (formal items)", f"{cov['true_share_formal']:.2f}")
    table.add_row("vacuous results met (none used)", str(cov.get("vacuous_met", 0)))
    Console(width=100).print(table)
    for problem in manifest["problems"]:
        typer.echo(f"problem: {problem['instance_id']}: {problem['reason']}"
                   + (f" (witness {problem['witness']})" if problem.get("witness") is not None else ""))  # fmt: skip
    typer.echo(f"wrote items.jsonl, certificates.jsonl and manifest.json to {out}")


@import_app.command("forminv")
def import_forminv(
    file: Path = typer.Argument(..., help="A FormInv JSONL file."),
    out: Path = typer.Option(..., "--out", help="Directory for items.jsonl, certificates.jsonl and manifest.json."),
    semantics: str = _IMPORT_SEMANTICS,
    timeout: float = _IMPORT_TIMEOUT,
    as_json: bool = _JSON,
) -> None:
    """Import FormInv: its rows kept (imported, needs_review) and its Lean statements read and certified.

    Every theorem the reader can read gets what `pyverify build` gives a catalog theorem (truth
    certificate, a false sibling refuted by a witness, T0/T1/T2 items); coverage is printed.
    """
    from pyverify.lean._import import import_forminv as run_import

    chosen = _semantics(semantics)
    manifest = _catalog_guard(run_import, file, out, chosen, timeout)
    rows = manifest["coverage"]["imported_rows"]
    typer.echo(f"imported {rows} items of {manifest['coverage']['theorems']} theorems into {out} (imported, uncertified); "
               f"built {manifest['coverage']['formal_items']} formal items", err=as_json)  # fmt: skip
    _import_report(manifest, out, as_json)


@import_app.command("lean-statements")
def import_lean_statements(
    file: Path = typer.Argument(..., help="One Lean statement per line, or JSONL rows with lean4_statement."),
    out: Path = typer.Option(..., "--out", help="Directory for items.jsonl, certificates.jsonl and manifest.json."),
    semantics: str = _IMPORT_SEMANTICS,
    timeout: float = _IMPORT_TIMEOUT,
    as_json: bool = _JSON,
) -> None:
    """Read Lean statements into claims and build certified items for each (as `pyverify build` does)."""
    from pyverify.lean._import import import_lean_statements as run_import

    chosen = _semantics(semantics)
    manifest = _catalog_guard(run_import, file, out, chosen, timeout)
    _import_report(manifest, out, as_json)


@lean_app.command("export")
def lean_export(semantics: str = _SEMANTICS) -> None:
    """Write the catalog into lean_project/Pyverify/Generated (theorems, refutations, equivalences)."""
    from pyverify.catalog._build import GENERATED, load_items
    from pyverify.catalog._load import load_catalog
    from pyverify.lean import export

    theorems = _catalog_guard(load_catalog)
    items = _catalog_guard(load_items)
    certificates = {}
    for line in (GENERATED / "certificates.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        certificates[row["certificate_id"]] = row
    result = export(theorems, items, certificates, semantics=_semantics(semantics))
    note = f", {result['left_out']} left out (see export.json)" if result["left_out"] else ""
    typer.echo(f"wrote {result['declarations']} declarations in {len(result['files'])} files "
               f"({result['semantics']} semantics{note})")  # fmt: skip


@lean_app.command("read", epilog="Exit codes: 0 read, 3 outside the claim language's fragment (the construct is "
                  "named), 2 not a Lean statement.")  # fmt: skip
def lean_read(
    statement: str = typer.Argument(..., help="A Lean 4 statement: `theorem name binders : proposition` (or `-` for stdin)."),
    as_json: bool = _JSON,
) -> None:
    """Read a Lean 4 / Mathlib statement into the claim language, under the mathlib semantics.

    A typeclass-generic statement is read once per concrete type among ℕ ℤ ℚ ℝ that has an instance
    of its classes; each reading is labelled with its instantiation (a consequence of the theorem).
    """
    from pyverify.lean._read import NotLean, OutsideFragment, read_statement

    text = sys.stdin.read() if statement == "-" else statement
    try:
        reading = read_statement(text)
    except OutsideFragment as exc:
        if as_json:
            typer.echo(json.dumps({"status": "outside", "construct": exc.construct, "position": exc.pos,
                                   "message": str(exc)}, ensure_ascii=False))  # fmt: skip
        else:
            typer.echo(str(exc), err=True)
        raise typer.Exit(3) from None
    except NotLean as exc:
        _fail(f"not a Lean statement: {exc}")
    from pyverify.logic import to_text

    if as_json:
        typer.echo(json.dumps({"status": "read", **reading.to_dict()}, ensure_ascii=False))
        return
    generic = any(i.is_consequence for i in reading.instances)
    for instance in reading.instances:
        claim = to_text(instance.claim, unicode=True)
        typer.echo(f"[{instance.label}] {claim}" if generic else claim)
    for label, reason in reading.skipped:
        typer.echo(f"[{label}] not read: {reason}", err=True)
    if generic:
        typer.echo(f"({len(reading.instances)} instance(s) of a generic statement, read under {reading.semantics} "
                   f"semantics; each is a consequence of the theorem)", err=True)  # fmt: skip


@lean_app.command("check")
def lean_check() -> None:
    """Run lake build and audit sorry, statements and axioms (exit 4 without a Lean toolchain)."""
    from pyverify.lean import check

    result = check()
    typer.echo(result.message)
    if not result.available:
        raise typer.Exit(4)
    for file, problems in sorted(result.problems.items()):
        for problem in problems:
            typer.echo(f"  {file}: {problem}")
    raise typer.Exit(0 if result.accepted and all(result.accepted.values()) else 1)


export_app = typer.Typer(help="The built benchmark as a task of another harness (lm-evaluation-harness, inspect_ai).",
                         no_args_is_help=True, add_completion=False)  # fmt: skip
app.add_typer(export_app, name="export")
_EXPORT_ITEMS = typer.Option(None, "--items", help="Benchmark items (default families/generated/items.jsonl).")
_EXPORT_FORCE = typer.Option(False, "--force", help="Write into a non-empty directory (replaces the export's files).")
_EXPORT_LIMIT = typer.Option(None, "--limit", min=1, help="Only the first N items.")


def _export(kind: str, out: Path, items: Path | None, force: bool, limit: int | None) -> None:
    from pyverify.export import ExportError, export_inspect, export_lm_eval
    from pyverify.export._common import DEFAULT_ITEMS

    writer = export_lm_eval if kind == "lm-eval" else export_inspect
    try:
        result = writer(out, items or DEFAULT_ITEMS, force=force, limit=limit)
    except ExportError as exc:
        _fail(str(exc))
    typer.echo(f"wrote {result.task} ({result.items} items) for {result.harness} to {result.directory}: "
               + ", ".join(path.name for path in result.files))  # fmt: skip


@export_app.command("lm-eval")
def export_lm_eval_command(
    out: Path = typer.Argument(..., help="Output directory (created; must be empty unless --force)."),
    items: Path | None = _EXPORT_ITEMS, force: bool = _EXPORT_FORCE, limit: int | None = _EXPORT_LIMIT,
) -> None:  # fmt: skip
    """An lm-eval task (YAML + JSONL, multiple_choice over TRUE/FALSE with pyverify's invariance prompt).

    Run it with `lm_eval --include_path OUT --tasks pyverify_invariance --apply_chat_template --log_samples
    --output_path RESULTS ...`, then `pyverify metrics RESULTS`."""
    _export("lm-eval", out, items, force, limit)


@export_app.command("inspect")
def export_inspect_command(
    out: Path = typer.Argument(..., help="Output directory (created; must be empty unless --force)."),
    items: Path | None = _EXPORT_ITEMS, force: bool = _EXPORT_FORCE, limit: int | None = _EXPORT_LIMIT,
) -> None:  # fmt: skip
    """An inspect_ai task file over the same items (generate, answers parsed as pyverify parses them).

    Run it with `inspect eval OUT/pyverify_invariance.py --model ...`, then `pyverify metrics LOG`."""
    _export("inspect", out, items, force, limit)


def _progress_factory() -> Any:
    """A rich progress bar with throughput and ETA, one task per protocol run."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                        TextColumn("{task.speed:>6.2f}/s" if False else "{task.fields[rate]}"), TimeRemainingColumn(),
                        transient=False)  # fmt: skip
    progress.start()
    started: dict[Any, float] = {}

    def factory(total: int, label: str) -> Any:
        import time

        task = progress.add_task(label, total=total, rate="")
        started[task] = time.monotonic()

        def tick(n: int) -> None:
            progress.advance(task, n)
            done = progress.tasks[task].completed
            elapsed = max(1e-6, time.monotonic() - started[task])
            progress.update(task, rate=f"{done / elapsed:.2f}/s")

        return tick

    factory.stop = progress.stop  # type: ignore[attr-defined]
    return factory


@app.command("eval")
def eval_command(
    model: str = typer.Option("packaged/smollm2-135m", "--model", help="provider/model [key=value ...]"),
    protocol: str = typer.Option("invariance", "--protocol", help="invariance, claim-audit, cbu or cbu-catalog"),
    config: Path | None = typer.Option(None, "--config", help="YAML with protocol options (see evaluations/configs)."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="At most this many items or tasks."),
    samples: int = typer.Option(1, "--samples", min=1, max=256, help="Samples per item (within-model statistics)."),
    out: Path | None = typer.Option(None, "--out", help="Run directory (default evaluations/runs/<time>)."),
    resume: bool = typer.Option(False, "--resume", help="Continue an interrupted run in --out."),
    mode: str = typer.Option("choice", "--mode", help="invariance: choice (log-probabilities) or generate."),
    conditions: str = typer.Option("direct", "--conditions", help="claim-audit conditions, comma separated."),
    max_new_tokens: int | None = typer.Option(None, "--max-new-tokens", min=1, help="Token budget per call."),
    batch_size: int = typer.Option(8, "--batch-size", min=1, max=1024, help="Requests per backend batch."),
    temperature: float | None = typer.Option(
        None, "--temperature", min=0.0, max=5.0,
        help="invariance: sampling temperature (choice mode: each sample is drawn from the TRUE/FALSE "
             "probabilities of one scoring pass; needed for --samples > 1 there)."),
    structured: bool | None = typer.Option(
        None, "--structured/--free",
        help="claim-audit, cbu: the backend enforces the answer's JSON schema (structured output) or not."),
    prompt: str | None = typer.Option(
        None, "--prompt", help="invariance: auto (few-shot for a model without chat template), zero-shot or few-shot."),
) -> None:
    """Evaluate one model with one protocol into a resumable run directory."""
    import time

    from pyverify.models import BackendError
    from pyverify.protocols import RunError, evaluate
    from pyverify.protocols._main import load_config

    options: dict[str, Any] = {}
    if config is not None:
        try:
            data = load_config(config)
        except ValueError as exc:
            _fail(str(exc))
        options = dict(data.get("invariance" if protocol == "invariance" else "claim_audit", {}))
    run_dir = out or Path("evaluations/runs") / time.strftime("%Y%m%d-%H%M%S")
    factory = _progress_factory()
    try:
        summary = evaluate(model, protocol, run_dir, limit=limit or options.get("limit"), samples=samples,
                           mode=mode or options.get("mode", "choice"),
                           conditions=tuple(c.strip() for c in conditions.split(",") if c.strip()),
                           max_new_tokens=max_new_tokens or options.get("max_new_tokens"),
                           batch_size=batch_size, resume=resume, progress_factory=factory,
                           temperature=temperature if temperature is not None else options.get("temperature", 0.0),
                           structured=structured if structured is not None else bool(options.get("structured", False)),
                           prompt=prompt or str(options.get("prompt", "auto")))  # fmt: skip
    except (BackendError, RunError, ValueError) as exc:
        factory.stop()
        _fail(str(exc))
    factory.stop()
    _print_summary(f"{model} · {protocol} → {run_dir}", summary)


def _flatten(value: Any, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(value, dict):
        rows: list[tuple[str, str]] = []
        for key, inner in value.items():
            rows += _flatten(inner, f"{prefix} · {key}" if prefix else str(key))
        return rows
    if isinstance(value, float):
        return [(prefix, f"{value:.4g}")]
    if isinstance(value, list):
        return [(prefix, ", ".join(map(str, value)) if all(not isinstance(v, (dict, list)) for v in value)
                 else json.dumps(value, default=str)[:200])]  # fmt: skip
    return [(prefix, "—" if value is None else str(value))]


def _print_summary(title: str, summary: dict[str, Any]) -> None:
    """A run's summary as a two-column table (summary.json in the run directory has it whole)."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, show_header=True)
    table.add_column("metric")
    table.add_column("value", overflow="fold")
    for key, value in _flatten(summary):
        table.add_row(key, value)
    Console().print(table)


@app.command("run")
def run_command(
    config: Path | None = typer.Option(None, "--config", help="Default: evaluations/configs/default.yaml"),
    out: Path | None = typer.Option(None, "--out", help="Run directory (default evaluations/runs/<time>)."),
    resume: bool = typer.Option(False, "--resume", help="Continue an interrupted run in --out."),
) -> None:
    """The main job: build or reuse the benchmark, evaluate the configured models, score, report."""
    from pyverify.models import BackendError
    from pyverify.protocols import RunError, main_job

    factory = _progress_factory()
    try:
        report = main_job(config, out, resume, factory)
    except (BackendError, RunError, ValueError) as exc:
        factory.stop()
        _fail(str(exc))
    factory.stop()
    from pyverify.protocols._terminal import print_run

    print_run(report)


@app.command("formalize")
def formalize_command(
    items: Path = typer.Argument(..., help="items.jsonl (e.g. from `pyverify import forminv`)."),
    model: str = typer.Option(..., "--model", help="A backend spec, e.g. packaged/smollm2-135m."),
    samples: int = typer.Option(1, "--samples", min=1, max=64, help="Formalizations asked per item (k)."),
    out: Path | None = typer.Option(None, "--out", help="Output directory (default: ITEMS' name + .formalized)."),
    semantics: str = typer.Option("mathlib", "--semantics", metavar="exact|mathlib",
                                  help="Semantics of the equivalence checks, for items that name none."),
    timeout: float = typer.Option(10.0, "--timeout", min=0.1, max=3600.0, help="Deadline per equivalence check (s)."),
    temperature: float | None = typer.Option(None, "--temperature", min=0.0, max=2.0,
                                             help="Sampling temperature (default 0 for one sample, 0.7 for more)."),
    seed: int = _SEED,
    max_new_tokens: int = typer.Option(160, "--max-new-tokens", min=1, max=4096),
    batch_size: int = typer.Option(8, "--batch-size", min=1, max=1024, help="Requests per backend batch."),
) -> None:
    """Formalize each item's statement through a model and certify it against the theorem's formal form:
    certified (every sample certified equivalent; the item becomes T1), suspect (refuted, with a witness) or
    needs_review. Writes OUT/formalizations.jsonl and OUT/items.jsonl; answers are kept in OUT/store.sqlite,
    so a rerun reuses them. Exit 0 written, 2 bad input or a backend that cannot start."""
    from pyverify.formalize._cli import formalize_command as command

    chosen = _semantics(semantics)
    raise typer.Exit(command(items, model, samples=samples, out=out, semantics=chosen, timeout=timeout,
                             temperature=temperature, seed=seed, max_new_tokens=max_new_tokens,
                             batch_size=batch_size))  # fmt: skip


_RUN_DIRS = typer.Argument(..., help="Run directories written by `pyverify eval` (one per model).")


@app.command("metrics")
def metrics_command(
    run_dirs: list[Path] = _RUN_DIRS,
    as_json: bool = _JSON,
    out: Path | None = typer.Option(None, "--out", help="Also write the metrics to this JSON file."),
) -> None:
    """Invariance, consistency and ranking statistics over runs (SCR, IG, CIR, Cochran's Q, …)."""
    from pyverify.metrics._cli import metrics_command as command

    raise typer.Exit(command(run_dirs, as_json, out))


@app.command("report")
def report_command(
    run_dirs: list[Path] = _RUN_DIRS,
    out: Path = typer.Option(..., "--out", help="Directory for report.html, report.md and metrics.json."),
) -> None:
    """A self-contained HTML report (plots embedded), a Markdown report and metrics.json."""
    from pyverify.report._cli import report_command as command

    raise typer.Exit(command(run_dirs, out))


@app.command("select")
def select_command(
    run_dirs: list[Path] = _RUN_DIRS,
    weights: str = typer.Option(..., "--weights", help='Scenario weights over families, e.g. "F6=0.5,F7=0.5".'),
    as_json: bool = _JSON,
) -> None:
    """The model with the lowest expected failure under the scenario's family weights."""
    from pyverify.metrics._cli import select_command as command

    raise typer.Exit(command(run_dirs, weights, as_json))


@app.command("rank-weights")
def rank_weights_command(
    run_dirs: list[Path] = _RUN_DIRS,
    target: str = typer.Option(..., "--target", help='Target ranking, best first, e.g. "a>b>c".'),
    as_json: bool = _JSON,
) -> None:
    """Decide by linear programming whether some family weighting realizes the target ranking.

    Exit 0 with the weights when one does, 1 when none does, 2 for bad input."""
    from pyverify.metrics._cli import rank_weights_command as command

    raise typer.Exit(command(run_dirs, target, as_json))


@app.command(epilog=EXIT_HELP)
def demo(
    timeout: float = typer.Option(10.0, "--timeout", min=0.1, help="Deadline per claim in seconds."),
    as_json: bool = _JSON,
) -> None:
    """The main job as far as it exists: decide the bundled showcase claims and compare with expectations."""
    from pyverify._demo import run_demo

    raise typer.Exit(run_demo(timeout, as_json))


def _click_errors() -> tuple[tuple[type[BaseException], ...], ...]:
    """click's exception classes: typer >= 0.2x vendors click as ``typer._click``, older ones use click."""
    import importlib

    modules = []
    for name in ("typer._click.exceptions", "click.exceptions"):
        try:
            modules.append(importlib.import_module(name))
        except ImportError:
            continue
    return tuple(
        tuple(getattr(m, cls) for m in modules if hasattr(m, cls))
        for cls in ("Exit", "Abort", "UsageError", "ClickException")
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; never lets a traceback reach the user.

    Usage errors (unknown command or option, a value out of range) become one ``error:`` line and exit 2
    instead of click's framed message."""
    exit_, abort, usage, click_error = _click_errors()
    try:
        result = app(args=argv, prog_name="pyverify", standalone_mode=False)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except exit_ as exc:
        return int(getattr(exc, "exit_code", 0))
    except abort:
        typer.echo("interrupted", err=True)
        return 130
    except usage as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            typer.echo(ctx.get_help())
            return 2
        path = ctx.command_path if ctx is not None else "pyverify"
        typer.echo(f"error: {path}: {exc.format_message()} (see {path} --help)", err=True)  # type: ignore[attr-defined]
        return 2
    except click_error as exc:
        typer.echo(f"error: {exc.format_message()}", err=True)  # type: ignore[attr-defined]
        return 2
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        return 130
    except RecursionError:
        typer.echo("error: input nested too deeply", err=True)
        return 2
    except Exception as exc:
        typer.echo(f"internal error: {type(exc).__name__}: {exc}", err=True)
        return 4
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
