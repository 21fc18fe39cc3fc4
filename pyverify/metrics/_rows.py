"""Run rows: the ``Run`` record, the fields each protocol's rows must carry, and reading JSON lines.

Both readers of runs sit on this module: :mod:`pyverify.metrics._load` (run directories) and
:mod:`pyverify.metrics._harness` (lm-evaluation-harness samples and inspect logs of exported tasks), so
neither imports the other's internals and the two never form an import circle.
Every problem becomes one MetricsError naming the path (and line).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyverify.metrics._errors import MetricsError

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
