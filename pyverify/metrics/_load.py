"""Reading run directories (``config.json`` + ``responses.jsonl``), harness logs, and the benchmark's item metadata.

Every problem becomes one MetricsError naming the path (and line).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from pyverify.metrics._errors import MetricsError
from pyverify.metrics._harness import is_harness_log, read_harness_log
from pyverify.metrics._rows import PROTOCOLS, REQUIRED, Run, _check_row, _read_json, read_jsonl

__all__ = ["DEFAULT_ITEMS", "PROTOCOLS", "REQUIRED", "ROOT", "Run", "item_metadata", "read_jsonl", "read_run", "read_runs"]

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_ITEMS = ROOT / "families" / "generated" / "items.jsonl"


def read_run(path: Path) -> Run:
    """One run directory; errors name the file and line."""
    path = Path(path)
    if is_harness_log(path):  # lm-eval samples / inspect log of a `pyverify export` task
        return read_harness_log(path)
    if not path.is_dir():
        raise MetricsError(f"{path}: not a run directory (no such directory)")
    config = _read_json(path / "config.json") if (path / "config.json").is_file() else None
    if config is None:
        raise MetricsError(f"{path}: not a run directory (no config.json)")
    if not isinstance(config, dict):
        raise MetricsError(f"{path / 'config.json'}: expected a JSON object")
    model, protocol = config.get("model"), config.get("protocol")
    if not isinstance(model, str) or not model:
        raise MetricsError(f"{path / 'config.json'}: no model")
    if protocol not in PROTOCOLS:
        raise MetricsError(f"{path / 'config.json'}: unknown protocol {protocol!r} (known: {', '.join(PROTOCOLS)})")
    responses = path / "responses.jsonl"
    if not responses.is_file():
        raise MetricsError(f"{path}: no responses.jsonl")
    rows = read_jsonl(responses)
    for number, row in enumerate(rows, 1):
        _check_row(responses, number, row, protocol)
    if protocol == "invariance":
        seen: set[tuple[str, int]] = set()
        for number, row in enumerate(rows, 1):
            key = (str(row["item_id"]), int(row.get("sample", 0)))
            if key in seen:
                raise MetricsError(f"{responses}:{number}: item {key[0]} sample {key[1]} appears twice")
            seen.add(key)
    if protocol in ("cbu", "cbu-catalog"):
        # a candidate written twice (files concatenated or edited by hand) would count twice in every average
        problem_key = "task_id" if protocol == "cbu" else "item_id"
        candidates: set[tuple[str, str, bool]] = set()
        for number, row in enumerate(rows, 1):
            ident = (str(row[problem_key]), str(row["candidate"]), bool(row.get("human")))
            if ident in candidates:
                raise MetricsError(f"{responses}:{number}: {problem_key} {ident[0]} candidate {ident[1]} appears twice")
            candidates.add(ident)
    summary = None
    if (path / "summary.json").is_file():
        try:
            loaded = json.loads((path / "summary.json").read_text(encoding="utf-8"))
            summary = loaded if isinstance(loaded, dict) else None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            summary = None  # the summary is optional decoration; the responses are the data
    return Run(path=path, model=model, protocol=str(protocol), config=config, rows=rows, summary=summary)


def read_runs(paths: Sequence[Path]) -> list[Run]:
    """All runs; the same model twice under one protocol is an error."""
    if not paths:
        raise MetricsError("no run directories given")
    runs = [read_run(Path(p)) for p in paths]
    seen: dict[tuple[str, str], Path] = {}
    for run in runs:
        key = (run.model, run.protocol)
        if key in seen:
            raise MetricsError(
                f"{run.path}: model {run.model} already has a run with protocol {run.protocol} ({seen[key]})"
            )
        seen[key] = run.path
    return runs


def item_metadata(runs: Sequence[Run]) -> dict[str, dict[str, Any]]:
    """Benchmark items by item_id from each invariance run's ``items`` file, falling back to the
    repository's ``families/generated/items.jsonl``; empty when neither exists (rows then suffice)."""
    paths: list[Path] = []
    for run in runs:
        if run.protocol == "invariance" and run.config.get("items"):
            named = Path(str(run.config["items"]))
            # a relative path was relative to where `pyverify eval` ran: try here, then the run, then the repo
            places = [named] if named.is_absolute() else [named, run.path / named, ROOT / named]
            candidate = next((place for place in places if place.is_file()), places[-1])
            if candidate.is_file() and candidate not in paths:
                paths.append(candidate)
    if not paths and DEFAULT_ITEMS.is_file():
        paths.append(DEFAULT_ITEMS)
    items: dict[str, dict[str, Any]] = {}
    for path in paths:
        for row in read_jsonl(path):
            if "item_id" in row:
                items.setdefault(str(row["item_id"]), row)
    return items
