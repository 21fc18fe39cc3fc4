"""The evaluation commands: ``pyverify eval`` and ``run`` (protocols), then ``metrics``, ``report``,
``select`` and ``rank-weights`` over the run directories they write.

Merged into the top-level app by :mod:`pyverify.cli`. The last four are thin: their work is in
:mod:`pyverify.metrics._cli` and :mod:`pyverify.report._cli`, imported when they run (they live here, not in
those packages, because importing ``pyverify.metrics`` loads numpy and pydantic: every ``pyverify`` call,
``--help`` included, would pay for it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from pyverify._cli_common import _JSON, _fail

app = typer.Typer()


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
