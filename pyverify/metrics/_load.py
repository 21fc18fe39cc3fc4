"""Reading run directories (``config.json`` + ``responses.jsonl``) and the benchmark's item metadata.

Every problem becomes one MetricsError naming the path (and line).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from pyverify.metrics._errors import MetricsError

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_ITEMS = ROOT / "families" / "generated" / "items.jsonl"
PROTOCOLS = ("invariance", "claim-audit", "cbu", "cbu-catalog")
REQUIRED = {
    "invariance": ("item_id", "theorem_id", "family", "label", "scored"),
    "cbu": ("task_id", "candidate", "correct"),
    "cbu-catalog": ("item_id", "candidate", "correct"),
    "claim-audit": (),
}


@dataclass(frozen=True)
class Run:
    """One run directory, read."""

    path: Path
    """the directory as given"""
    model: str
    """config.json's model id"""
    protocol: str
    """config.json's protocol"""
    config: dict[str, Any]
    """config.json as read"""
    rows: list[dict[str, Any]] = field(repr=False)
    """responses.jsonl rows"""
    summary: dict[str, Any] | None = None
    """summary.json, when readable"""


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MetricsError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MetricsError(f"{path}: not valid JSON ({exc})") from None


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Rows of a JSON-lines file; a bad line is an error with its number."""
    from pyverify._jsonl import json_rows

    return [row for _, row in json_rows(path, MetricsError)]


def _check_row(path: Path, number: int, row: dict[str, Any], protocol: str) -> None:
    missing = [key for key in REQUIRED[protocol] if key not in row]
    if missing:
        raise MetricsError(f"{path}:{number}: missing {', '.join(missing)} for protocol {protocol}")
    if protocol == "invariance":
        for key in ("item_id", "theorem_id", "family"):
            if not isinstance(row[key], str) or not row[key]:
                raise MetricsError(f"{path}:{number}: {key} must be a non-empty string, got {row[key]!r}")
        if row["label"] not in ("TRUE", "FALSE"):
            raise MetricsError(f"{path}:{number}: label must be TRUE or FALSE, got {row['label']!r}")
        if not isinstance(row["scored"], bool):
            raise MetricsError(f"{path}:{number}: scored must be true or false")
        if row["scored"] and not isinstance(row.get("correct"), bool):
            raise MetricsError(f"{path}:{number}: a scored row needs correct: true or false")
        sample = row.get("sample", 0)
        if not isinstance(sample, int) or isinstance(sample, bool) or sample < 0:
            raise MetricsError(f"{path}:{number}: sample must be a non-negative integer")
    elif protocol in ("cbu", "cbu-catalog"):
        if not isinstance(row["correct"], bool):
            raise MetricsError(f"{path}:{number}: correct must be true or false")
        for key in ("utility", "judge"):
            value = row.get(key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                      or not math.isfinite(value)):  # fmt: skip
                raise MetricsError(f"{path}:{number}: {key} must be a finite number or null, got {value!r}")


def read_run(path: Path) -> Run:
    """One run directory; errors name the file and line."""
    path = Path(path)
    from pyverify.metrics._harness import is_harness_log, read_harness_log  # imports this module

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
