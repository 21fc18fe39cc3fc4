"""The top level's own commands, merged into the ``pyverify`` app by :mod:`pyverify.cli`: ``certify-batch``
(:mod:`pyverify._batch`), ``build`` (the benchmark, certified on the same executors, whose workers start in
``pyverify._batch``) and ``demo`` (:mod:`pyverify._demo`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from pyverify._cli_common import _JSON, _SEMANTICS, EXIT_HELP, _fail, _semantics
from pyverify.catalog._commands import _catalog_guard

app = typer.Typer()

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


@app.command(epilog=EXIT_HELP)
def demo(
    timeout: float = typer.Option(10.0, "--timeout", min=0.1, help="Deadline per claim in seconds."),
    as_json: bool = _JSON,
) -> None:
    """The main job as far as it exists: decide the bundled showcase claims and compare with expectations."""
    from pyverify._demo import run_demo

    raise typer.Exit(run_demo(timeout, as_json))
