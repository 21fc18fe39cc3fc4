"""Evaluation entry points: ``evaluate`` (one model, one protocol) and ``main_job`` (the configured run).

``evaluate`` picks the protocol from the registry and ``run`` runs it: the run directory (config,
provenance, store, responses), the backend, the rounds of requests and the summary are handled here the
same way for every protocol. Neither ever counts an infrastructure failure or an unparseable answer as
wrong.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable

from pyverify.models._backend import Request, Response
from pyverify.protocols._inputs import ROOT
from pyverify.protocols._protocol import Answer, Options, Protocol, load_protocol

ProgressFactory = Callable[[int, str], Callable[[int], None]]


def load_config(path: Path | None) -> dict[str, Any]:
    import yaml

    path = path or ROOT / "evaluations" / "configs" / "default.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ValueError(f"{path}: cannot read the configuration ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: the configuration must be a mapping")
    return data


def evaluate(model: str, protocol: str, out: Path, *, items_path: Path | None = None, tasks_dir: Path | None = None,
             limit: int | None = None, samples: int = 1, mode: str = "choice", conditions: tuple[str, ...] = ("direct",),
             max_new_tokens: int | None = None, batch_size: int = 8, resume: bool = False,
             progress_factory: ProgressFactory | None = None, temperature: float = 0.0, structured: bool = False,
             prompt: str = "auto") -> dict[str, Any]:  # fmt: skip
    """Run one protocol for one model into ``out``; return its summary (also written to ``summary.json``)."""
    options = Options(items_path=items_path, tasks_dir=tasks_dir, limit=limit, samples=samples, mode=mode,
                      conditions=tuple(conditions), max_new_tokens=max_new_tokens, batch_size=batch_size,
                      temperature=float(temperature), structured=bool(structured), prompt=str(prompt))  # fmt: skip
    summary = run(load_protocol(protocol)(options), model, out, resume=resume, progress_factory=progress_factory)
    (out / "summary.json").write_text(json.dumps(summary, indent=2, default=str) + "\n", encoding="utf-8")
    return summary


def run(protocol: Protocol, model: str, out: Path, *, resume: bool = False,
        progress_factory: ProgressFactory | None = None) -> dict[str, Any]:  # fmt: skip
    """Run ``protocol`` for ``model`` into the run directory ``out``; return its summary.

    Every answer is in the store before the protocol sees it. ``responses.jsonl`` is rewritten from the
    start on every (resumed) run: first the rows ``score`` returns, as answers arrive, then ``rows()``.
    """
    from pyverify.models import load_backend
    from pyverify.models._runner import run_requests
    from pyverify.protocols._rundir import RunDir

    protocol.load()
    config = {"model": model, "protocol": protocol.name, **protocol.options.config(), **protocol.config()}
    rundir = RunDir(out, config, resume)
    backend = None
    try:
        inputs = protocol.prepare(out)
        backend = load_backend(model)
        protocol.bind(backend)
        rundir.provenance(backend, list(inputs.files), {**inputs.provenance, **protocol.provenance()})
        tick = progress_factory(inputs.calls, f"{model} · {protocol.title}") if progress_factory else None
        started = time.monotonic()
        rundir.open_results()
        rows: list[dict[str, Any]] = []

        def write(row: dict[str, Any]) -> None:
            rows.append(row)
            rundir.write(row)

        def answered(request: Request, response: Response, reused: bool) -> None:
            row = protocol.score(Answer(request, response, reused, backend.model_id))
            if row is not None:
                write(row)
            if tick:
                tick(1)

        for requested in protocol.requests():
            run_requests(backend, requested.requests, rundir.store, mode=requested.mode,
                         batch_size=protocol.options.batch_size, on_result=answered)  # fmt: skip
        for row in protocol.rows():
            write(row)
        return protocol.summarize(rows, round(time.monotonic() - started, 2))
    finally:
        if backend is not None:  # again at the end: what the backend learnt while running (a server's self-check)
            rundir.provenance(backend, list(inputs.files), {**inputs.provenance, **protocol.provenance()})
        rundir.close()


def main_job(config_path: Path | None, out: Path | None, resume: bool,
             progress_factory: ProgressFactory | None = None) -> dict[str, Any]:  # fmt: skip
    """The configured run: benchmark, models, both protocols, scores and a report."""
    from pyverify.protocols._claim_audit import score_run

    config = load_config(config_path)
    root = out or ROOT / str(config.get("out", "evaluations/runs")) / time.strftime("%Y%m%d-%H%M%S")
    items_path = ROOT / config.get("invariance", {}).get("items", "families/generated/items.jsonl")
    if not items_path.is_file():
        from pyverify.catalog._build import build

        build()
    report: dict[str, Any] = {"config": str(config_path or "evaluations/configs/default.yaml"), "models": {}}
    inv, audit = config.get("invariance", {}), config.get("claim_audit", {})
    models = [_model_entry(m, config_path) for m in config.get("models", ["packaged/smollm2-135m"])]
    for model, overrides in models:
        name = model.replace("/", "_").replace(" ", "_")
        entry: dict[str, Any] = {}
        settings = {**inv, **overrides.get("invariance", {})}
        entry["invariance"] = evaluate(model, "invariance", root / name / "invariance", items_path=items_path,
                                       limit=settings.get("limit"), samples=int(settings.get("samples", 1)),
                                       mode=settings.get("mode", "choice"), batch_size=int(settings.get("batch_size", 8)),
                                       temperature=float(settings.get("temperature", 0.0)), resume=resume,
                                       prompt=str(settings.get("prompt", "auto")),
                                       progress_factory=progress_factory)  # fmt: skip
        audit_dir = root / name / "claim_audit"
        audit_settings = {**audit, **overrides.get("claim_audit", {})}
        entry["claim_audit"] = evaluate(model, "claim-audit", audit_dir, limit=audit_settings.get("limit"),
                                        conditions=tuple(audit_settings.get("conditions", ["direct"])),
                                        max_new_tokens=int(audit_settings.get("max_new_tokens", 512)),
                                        batch_size=int(audit_settings.get("batch_size", 8)), resume=resume,
                                        structured=bool(audit_settings.get("structured", False)),
                                        progress_factory=progress_factory)  # fmt: skip
        entry["claim_audit_scores"] = score_run(audit_dir)
        report["models"][model] = entry
    _write_report(root, report)
    report["out"] = str(root)
    report["html"], report["metrics"] = _write_full_report(
        root, [root / m.replace("/", "_").replace(" ", "_") for m in report["models"]]
    )
    return report


def _model_entry(entry: Any, config_path: Path | None) -> tuple[str, dict[str, Any]]:
    """A ``models:`` entry: a backend spec, or ``{model: SPEC, invariance: {samples: 4, temperature: 1.0}}``."""
    where = config_path or "the configuration"
    if isinstance(entry, str) and entry.strip():
        return entry, {}
    if isinstance(entry, dict) and isinstance(entry.get("model"), str):
        extra = set(entry) - {"model", "invariance", "claim_audit"}
        if extra or not all(isinstance(entry.get(k, {}), dict) for k in ("invariance", "claim_audit")):
            raise ValueError(f"{where}: a models entry takes model, invariance and claim_audit (mappings), "
                             f"not {sorted(extra)}")  # fmt: skip
        return entry["model"], {k: dict(entry.get(k, {})) for k in ("invariance", "claim_audit")}
    raise ValueError(f"{where}: each models entry is a backend spec or a mapping with model, not {entry!r}")


def _write_full_report(root: Path, model_dirs: list[Path]) -> tuple[str | None, dict[str, Any] | None]:
    """The metrics and the HTML report over every model's runs, in ``root/report/``: (the HTML's path, the
    metrics with the claim-audit scores), or (None, None) when no metrics could be computed."""
    from pyverify.metrics import MetricsError, compute
    from pyverify.report import score_claim_audit_runs, write_report

    runs = [d / protocol for d in model_dirs for protocol in ("invariance", "claim_audit") if (d / protocol).is_dir()]
    try:
        metrics = score_claim_audit_runs(compute(runs))
        paths = write_report(metrics, root / "report")
    except MetricsError as exc:
        with (root / "report.md").open("a", encoding="utf-8") as handle:
            handle.write(f"\nNo HTML report: {exc}\n")
        return None, None
    return (str(paths["html"]) if "html" in paths else str(root / "report" / "report.html")), metrics


def _write_report(root: Path, report: dict[str, Any]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "summary.json").write_text(json.dumps(report, indent=2, default=str) + "\n", encoding="utf-8")
    lines = ["# pyverify run", "", f"configuration: `{report['config']}`", ""]
    for model, entry in report["models"].items():
        inv = entry["invariance"]
        lines += [f"## {model}", "", "### Invariance (TRUE/FALSE items)", "",
                  f"- items {inv['items']}" + (f", {inv['answers']} answers ({inv['samples_per_item']:g} per item)"
                                               if "answers" in inv else "")
                  + f", scored {inv['scored']} (coverage {inv['coverage']})",
                  f"- accuracy {inv['accuracy']}; share of TRUE answers {inv['predicted_true_share']}", "",
                  "| family | accuracy |", "|---|---|"]  # fmt: skip
        lines += [f"| {family} | {acc} |" for family, acc in inv["accuracy_by_family"].items()]
        lines.append("")
    summaries = {model: entry["claim_audit_scores"]["summary"] for model, entry in report["models"].items()
                 if entry.get("claim_audit_scores")}  # fmt: skip
    if summaries:
        from pyverify.report import claim_audit_markdown

        lines += ["## Claim audit (direct)", "", claim_audit_markdown(summaries)]
    (root / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
