"""Claim-audit results as tables: each run's summary (and its scores) flattened to metric rows.

``score_claim_audit_runs`` scores the claim-audit runs a metrics dict lists, when their directories carry
the suite they were asked (``suite/tasks.jsonl`` and the hash-pinned ``suite/references.jsonl``), and puts
the scorer's summary per condition under the run's ``claim_audit["scores"]`` (a free-form field of
metrics.json, so the file stays schema 1). ``claim_audit_rows`` turns summaries into one row per metric
with one cell per run: a rate ``{k, n, rate}`` shows as "0.500 (3 of 6)", nested objects become
"parent · child" rows, lists are joined; nothing is ever shown as a dict.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROW_LIMIT = 80
SEPARATOR = " · "


def _cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return "—"
        return f"{value:.3f}" if 0.0 <= value <= 1.0 else f"{value:.4g}"  # rates with fixed decimals
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(v) for v in value) if value else "—"
    return str(value)


def _is_rate(value: Mapping[str, Any]) -> bool:
    return set(value) <= {"k", "n", "rate"} and {"k", "n"} <= set(value)


def _rate(value: Mapping[str, Any]) -> str:
    k, n, rate = value.get("k"), value.get("n"), value.get("rate")
    shown = f"{rate:.3f}" if isinstance(rate, (int, float)) and not isinstance(rate, bool) else "—"
    return f"{shown} ({_cell(k)} of {_cell(n)})"


def flatten(summary: Mapping[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """(metric, cell) rows of one summary; the scores (per condition) first, then the run's own fields."""
    rows: list[tuple[str, str]] = []
    keys = sorted(summary, key=lambda k: (str(k) != "scores",))  # stable: scores first, others in order
    for key in keys:
        value = summary[key]
        name = str(key) if not prefix else f"{prefix}{SEPARATOR}{key}"
        if key == "scores" and not prefix and isinstance(value, Mapping):
            for condition, block in value.items():
                if isinstance(block, Mapping):
                    rows += flatten(block, f"{condition}")
                else:
                    rows.append((str(condition), _cell(block)))
        elif isinstance(value, Mapping) and value and _is_rate(value):
            rows.append((name, _rate(value)))
        elif isinstance(value, Mapping) and value:
            rows += flatten(value, name)
        elif isinstance(value, Mapping):
            rows.append((name, "—"))
        else:
            rows.append((name, _cell(value)))
    return rows


def claim_audit_rows(summaries: Sequence[Mapping[str, Any]]) -> tuple[list[tuple[str, list[str]]], int]:
    """One row per metric (first-seen order) with one cell per summary ("—" where a run lacks it), at most
    ``ROW_LIMIT`` rows; and how many rows were left out."""
    order: list[str] = []
    cells: list[dict[str, str]] = []
    for summary in summaries:
        flat = dict(flatten(summary))
        cells.append(flat)
        order += [k for k in flat if k not in order]
    rows = [(key, [c.get(key, "—") for c in cells]) for key in order]
    return rows[:ROW_LIMIT], max(0, len(rows) - ROW_LIMIT)


def _suite(path: Path, summary: Mapping[str, Any]) -> Path | None:
    places = [path / "suite"]
    if isinstance(summary.get("suite"), str):
        places.insert(0, Path(summary["suite"]))
    for place in places:
        if (place / "tasks.jsonl").is_file() and (place / "references.jsonl").is_file():
            return place
    return None


def score_run(path: Path, summary: Mapping[str, Any]) -> dict[str, Any]:
    """The scorer's summary per condition of one claim-audit run directory; {} when it carries no suite.

    A condition that cannot be scored gets ``{"error": reason}`` instead of a summary."""
    suite = _suite(path, summary)
    if suite is None or not (path / "responses.jsonl").is_file():
        return {}
    from pyverify.claims._extract import load_responses
    from pyverify.claims._io import load_references, load_tasks
    from pyverify.claims._score import score

    conditions = [str(c) for c in summary.get("conditions") or ["direct"]]
    out: dict[str, Any] = {}
    for condition in conditions:
        try:
            answers = load_responses(path / "responses.jsonl", protocol=condition)
            asked = set(answers)
            tasks = [t for t in load_tasks(suite / "tasks.jsonl") if t.task_id in asked]
            refs = [r for r in load_references(suite / "references.jsonl") if r.task_id in asked]
            result = score(tasks, refs, answers)
        except (OSError, ValueError) as exc:
            out[condition] = {"error": str(exc)}
            continue
        block = dict(result["summary"])
        block["class_conditional"] = result.get("class_conditional")
        out[condition] = block
    return out


def score_claim_audit_runs(metrics: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``metrics`` whose claim-audit runs carry ``claim_audit["scores"]`` where they can be scored."""
    out = copy.deepcopy(dict(metrics))
    runs = out.get("runs")
    for run in runs if isinstance(runs, list) else []:
        if not isinstance(run, dict) or run.get("protocol") != "claim-audit" or not isinstance(run.get("path"), str):
            continue
        summary = dict(run.get("claim_audit") or {})
        if "scores" in summary:
            continue
        scores = score_run(Path(run["path"]), summary)
        if scores:
            run["claim_audit"] = {**summary, "scores": scores}
    return out
