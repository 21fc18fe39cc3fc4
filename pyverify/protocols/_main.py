"""Evaluation entry points: ``evaluate`` (one model, one protocol) and ``main_job`` (the configured run).

Both write run directories (config, provenance, store, responses) and never count an infrastructure
failure or an unparseable answer as wrong.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable

from pyverify.models._backend import Decoding

ROOT = Path(__file__).resolve().parents[2]
PROTOCOLS = ("invariance", "claim-audit", "cbu", "cbu-catalog")


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


def stratified(items: list[dict[str, Any]], limit: int | None) -> list[dict[str, Any]]:
    """At most ``limit`` items, taken round-robin across (family, label) so every family appears."""
    if limit is None or limit >= len(items):
        return items
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for item in items:
        groups.setdefault((str(item.get("family")), str(item.get("label"))), []).append(item)
    order = sorted(groups)
    out: list[dict[str, Any]] = []
    index = 0
    while len(out) < limit:
        progressed = False
        for key in order:
            if index < len(groups[key]) and len(out) < limit:
                out.append(groups[key][index])
                progressed = True
        if not progressed:
            break
        index += 1
    return out


def load_items(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise ValueError(f"{path}: no items; run `pyverify build` first")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def evaluate(model: str, protocol: str, out: Path, *, items_path: Path | None = None, tasks_dir: Path | None = None,
             limit: int | None = None, samples: int = 1, mode: str = "choice", conditions: tuple[str, ...] = ("direct",),
             max_new_tokens: int | None = None, batch_size: int = 8, resume: bool = False,
             progress_factory: Callable[[int, str], Callable[[int], None]] | None = None) -> dict[str, Any]:  # fmt: skip
    """Run one protocol for one model into ``out``; return its summary."""
    from pyverify.models import load_backend
    from pyverify.protocols._rundir import RunDir

    if protocol not in PROTOCOLS:
        raise ValueError(f"unknown protocol '{protocol}' (known: {', '.join(PROTOCOLS)})")
    config = {"model": model, "protocol": protocol, "limit": limit, "samples": samples, "mode": mode,
              "conditions": list(conditions), "max_new_tokens": max_new_tokens, "batch_size": batch_size}  # fmt: skip
    if protocol == "invariance":
        path = items_path or ROOT / "families" / "generated" / "items.jsonl"
        items = stratified(load_items(path), limit)
        config["items"] = str(Path(path).resolve())
        rundir = RunDir(out, config, resume)
        backend = load_backend(model)
        try:
            rundir.provenance(backend, [path], {"seeds": {"decoding": 0}, "items": len(items)})
            from pyverify.protocols import _invariance

            decoding = Decoding(max_new_tokens=max_new_tokens or 16)
            tick = progress_factory(len(items) * samples, f"{model} · invariance") if progress_factory else None
            started = time.monotonic()
            summary = _invariance.run(backend, items, rundir, mode=mode, samples=samples, decoding=decoding,
                                      batch_size=batch_size, progress=tick)  # fmt: skip
            summary["seconds"] = round(time.monotonic() - started, 2)
        finally:
            rundir.close()
    elif protocol == "cbu":
        summary = _evaluate_cbu(
            model, out, config, limit, samples, max_new_tokens, batch_size, resume, progress_factory
        )
    elif protocol == "cbu-catalog":
        path = items_path or ROOT / "families" / "generated" / "items.jsonl"
        summary = _evaluate_cbu_catalog(
            model, out, config, load_items(path), limit, samples, batch_size, resume, progress_factory
        )
    else:
        from pyverify.claims._generate import build
        from pyverify.claims._io import write_jsonl, write_manifest

        tasks_dir = tasks_dir or out / "suite"
        rundir = RunDir(out, config, resume)
        if not (tasks_dir / "tasks.jsonl").is_file():
            tasks_all, refs = build(0)
            tasks_dir.mkdir(parents=True, exist_ok=True)
            write_jsonl(tasks_dir / "tasks.jsonl", tasks_all)
            write_jsonl(tasks_dir / "references.jsonl", refs)
            write_manifest(tasks_dir, 0, 24, {})
        from pyverify.claims._io import load_tasks

        tasks = _spread(load_tasks(tasks_dir / "tasks.jsonl"), limit)
        backend = load_backend(model)
        try:
            rundir.provenance(backend, [tasks_dir / "tasks.jsonl"], {"tasks": len(tasks)})
            from pyverify.protocols import _claim_audit

            decoding = Decoding(max_new_tokens=max_new_tokens or 512)
            calls = len(tasks) * (1 + len([c for c in conditions if c != "direct"]))
            tick = progress_factory(calls, f"{model} · claim audit") if progress_factory else None
            started = time.monotonic()
            summary = _claim_audit.run(backend, tasks, rundir, conditions=conditions, decoding=decoding,
                                       batch_size=batch_size, progress=tick)  # fmt: skip
            summary["seconds"] = round(time.monotonic() - started, 2)
            summary["suite"] = str(tasks_dir)
        finally:
            rundir.close()
    (out / "summary.json").write_text(json.dumps(summary, indent=2, default=str) + "\n", encoding="utf-8")
    return summary


def _evaluate_cbu(model: str, out: Path, config: dict[str, Any], limit: int | None, samples: int,
                  max_new_tokens: int | None, batch_size: int, resume: bool,
                  progress_factory: Callable[[int, str], Callable[[int], None]] | None) -> dict[str, Any]:  # fmt: skip
    """CBU on canonical claim-audit tasks; candidates: the reference audit, always-valid, always-invalid."""
    from pyverify.claims._generate import build
    from pyverify.models import load_backend
    from pyverify.protocols import _cbu
    from pyverify.protocols._rundir import RunDir

    tasks, refs = build(0)
    chosen = _spread(tasks, limit or 6)
    by_ref = {r.task_id: r for r in refs}
    candidates: dict[str, list[dict[str, Any]]] = {}
    correctness: dict[str, list[bool]] = {}
    for task in chosen:
        ref = by_ref[task.task_id]
        gold = {"task_id": task.task_id, **ref.gold.model_dump()}
        valid = dict(gold, verdict="valid", failure_mode="none", repair="none", counterexample=None)
        invalid = dict(gold, verdict="invalid", counterexample=None,
                       failure_mode=ref.gold.failure_mode if ref.gold.verdict == "invalid" else task.labels["failure_modes"][-1],
                       repair=ref.gold.repair if ref.gold.verdict == "invalid" else task.labels["repairs"][-1])  # fmt: skip
        candidates[task.task_id] = [gold, valid, invalid]
        correctness[task.task_id] = [True, ref.gold.verdict == "valid", False]
    rundir = RunDir(out, config, resume)
    backend = load_backend(model)
    try:
        rundir.provenance(backend, [], {"tasks": len(chosen), "samples": samples})
        decoding = Decoding(max_new_tokens=max_new_tokens or 256, temperature=0.7)
        tick = (
            progress_factory(len(chosen) * 3 * 2 * samples * 2 + len(chosen) * 2 * samples, f"{model} · cbu")
            if progress_factory
            else None
        )
        result = _cbu.run(backend, tasks, refs, candidates, rundir.store, samples=samples, decoding=decoding,
                          batch_size=batch_size, progress=tick)  # fmt: skip
        rundir.open_results()
        for task_id, entry in result["tasks"].items():
            for cand, ok in zip(entry["candidates"], correctness[task_id]):
                rundir.write({"task_id": task_id, **cand, "correct": ok, "neighbours": entry["neighbours"],
                              "unaided_accuracy": entry["unaided_accuracy"]})  # fmt: skip
    finally:
        rundir.close()
    return {"tasks": len(chosen), "candidates": 3 * len(chosen), "samples": samples}


def _evaluate_cbu_catalog(model: str, out: Path, config: dict[str, Any], items: list[dict[str, Any]], limit: int | None,
                          samples: int, batch_size: int, resume: bool,
                          progress_factory: Callable[[int, str], Callable[[int], None]] | None) -> dict[str, Any]:  # fmt: skip
    """CBU on canonical catalog items: candidates TRUE and FALSE, neighbours about the same theorem."""
    from pyverify.models import load_backend
    from pyverify.protocols import _cbu
    from pyverify.protocols._rundir import RunDir

    canonical = stratified([i for i in items if i["family"] == "canonical"], limit or 6)
    candidates = {i["item_id"]: ["TRUE", "FALSE"] for i in canonical}
    rundir = RunDir(out, config, resume)
    backend = load_backend(model)
    try:
        rundir.provenance(backend, [], {"items": len(canonical), "samples": samples})
        tick = (
            progress_factory(len(canonical) * (2 * 2 * samples * 2 + 2 * samples), f"{model} · cbu (catalog)")
            if progress_factory
            else None
        )
        result = _cbu.run_catalog(
            backend, items, candidates, rundir.store, samples=samples, batch_size=batch_size, progress=tick
        )
        rundir.open_results()
        label = {i["item_id"]: i["label"] for i in canonical}
        for item_id, entry in result["items"].items():
            for cand in entry["candidates"]:
                answer = candidates[item_id][cand["candidate"]]
                rundir.write({"item_id": item_id, "answer": answer, **cand, "correct": answer == label[item_id],
                              "neighbours": entry["neighbours"], "unaided_accuracy": entry["unaided_accuracy"]})  # fmt: skip
    finally:
        rundir.close()
    return {"items": len(canonical), "candidates": 2 * len(canonical), "samples": samples}


def _spread(tasks: list[Any], limit: int | None) -> list[Any]:
    """At most ``limit`` tasks, the same number from each family."""
    if limit is None or limit >= len(tasks):
        return tasks
    by_family: dict[str, list[Any]] = {}
    for task in tasks:
        by_family.setdefault(task.family, []).append(task)
    out: list[Any] = []
    index = 0
    while len(out) < limit:
        for family in sorted(by_family):
            if index < len(by_family[family]) and len(out) < limit:
                out.append(by_family[family][index])
        index += 1
    return out


def main_job(config_path: Path | None, out: Path | None, resume: bool,
             progress_factory: Callable[[int, str], Callable[[int], None]] | None = None) -> dict[str, Any]:  # fmt: skip
    """The configured run: benchmark, models, both protocols, scores and a report."""
    config = load_config(config_path)
    root = out or ROOT / str(config.get("out", "evaluations/runs")) / time.strftime("%Y%m%d-%H%M%S")
    items_path = ROOT / config.get("invariance", {}).get("items", "families/generated/items.jsonl")
    if not items_path.is_file():
        from pyverify.catalog._build import build

        build()
    report: dict[str, Any] = {"config": str(config_path or "evaluations/configs/default.yaml"), "models": {}}
    inv, audit = config.get("invariance", {}), config.get("claim_audit", {})
    for model in config.get("models", ["packaged/smollm2-135m"]):
        name = model.replace("/", "_").replace(" ", "_")
        entry: dict[str, Any] = {}
        entry["invariance"] = evaluate(model, "invariance", root / name / "invariance", items_path=items_path,
                                       limit=inv.get("limit"), samples=int(inv.get("samples", 1)), mode=inv.get("mode", "choice"),
                                       batch_size=int(inv.get("batch_size", 8)), resume=resume,
                                       progress_factory=progress_factory)  # fmt: skip
        audit_dir = root / name / "claim_audit"
        entry["claim_audit"] = evaluate(model, "claim-audit", audit_dir, limit=audit.get("limit"),
                                        conditions=tuple(audit.get("conditions", ["direct"])),
                                        max_new_tokens=int(audit.get("max_new_tokens", 512)),
                                        batch_size=int(audit.get("batch_size", 8)), resume=resume,
                                        progress_factory=progress_factory)  # fmt: skip
        entry["claim_audit_scores"] = _score_claims(audit_dir)
        report["models"][model] = entry
    _write_report(root, report)
    report["out"] = str(root)
    report["html"] = _write_full_report(root, [root / m.replace("/", "_").replace(" ", "_") for m in report["models"]])
    return report


def _write_full_report(root: Path, model_dirs: list[Path]) -> str | None:
    """The metrics and the HTML report over every model's runs, in ``root/report/``."""
    from pyverify.metrics import MetricsError, compute
    from pyverify.report import write_report

    runs = [d / protocol for d in model_dirs for protocol in ("invariance", "claim_audit") if (d / protocol).is_dir()]
    try:
        paths = write_report(compute(runs), root / "report")
    except MetricsError as exc:
        (root / "report.md").open("a", encoding="utf-8").write(f"\nNo HTML report: {exc}\n")
        return None
    return str(paths["html"]) if "html" in paths else str(root / "report" / "report.html")


def _score_claims(run: Path) -> dict[str, Any]:
    from pyverify.claims._extract import load_responses
    from pyverify.claims._io import load_references, load_tasks
    from pyverify.claims._score import score

    suite = run / "suite"
    answers = load_responses(run / "responses.jsonl", protocol="direct")
    task_ids = set(answers)
    tasks = [t for t in load_tasks(suite / "tasks.jsonl") if t.task_id in task_ids]
    refs = [r for r in load_references(suite / "references.jsonl") if r.task_id in task_ids]
    result = score(tasks, refs, answers)
    return {"summary": result["summary"], "class_conditional": result.get("class_conditional")}


def _write_report(root: Path, report: dict[str, Any]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "summary.json").write_text(json.dumps(report, indent=2, default=str) + "\n", encoding="utf-8")
    lines = ["# pyverify run", "", f"configuration: `{report['config']}`", ""]
    for model, entry in report["models"].items():
        inv = entry["invariance"]
        lines += [f"## {model}", "", "### Invariance (TRUE/FALSE items)", "",
                  f"- items {inv['items']}, scored {inv['scored']} (coverage {inv['coverage']})",
                  f"- accuracy {inv['accuracy']}; share of TRUE answers {inv['predicted_true_share']}", "",
                  "| family | accuracy |", "|---|---|"]  # fmt: skip
        lines += [f"| {family} | {acc} |" for family, acc in inv["accuracy_by_family"].items()]
        summary = entry["claim_audit_scores"]["summary"]
        lines += ["", "### Claim audit (direct)", "", f"- {json.dumps(summary, default=str)}", ""]
    (root / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
