"""What every export shares: reading the built benchmark, the output directory, and one task row per item.

A task row is the item as pyverify's invariance protocol asks it: ``question`` is the exact user
message pyverify sends (``pyverify.protocols._invariance.prompt``), ``gold`` the index of the right
choice in ``CHOICES`` (TRUE, FALSE), and the item's identifiers ride along so that a harness's
per-sample log can be mapped back to items, theorems and families.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_ITEMS = ROOT / "families" / "generated" / "items.jsonl"
TASK = "pyverify_invariance"
"""The task's name in both harnesses (and in lm-eval's ``samples_<task>_<date>.jsonl``)."""
#: item fields copied into every task row (the metrics need the first four; the rest are for people)
CARRIED = ("item_id", "theorem_id", "family", "label", "tier", "domain", "variant", "parent_theorem")
#: bumped when a task row or the task files change shape
FORMAT = 1


class ExportError(ValueError):
    """A benchmark that cannot be exported, or an output directory that cannot be written; names the path."""


@dataclass(frozen=True)
class Export:
    """One written export."""

    harness: str
    """lm-eval or inspect"""
    directory: Path
    """the output directory"""
    task: str
    """the task's name in the harness"""
    items: int
    """task rows written"""
    files: tuple[Path, ...] = field(default=())
    """every file written, the task file first"""


def read_items(path: Path) -> list[dict[str, Any]]:
    """The built benchmark's rows; a missing file or a row without what a task row needs is an ExportError."""
    path = Path(path)
    if not path.is_file():
        raise ExportError(f"{path}: no items file (build the benchmark first: `pyverify build`)")
    from pyverify._jsonl import json_rows

    items: list[dict[str, Any]] = []
    seen: set[str] = set()
    for number, row in json_rows(path, ExportError):
        for key in ("item_id", "theorem_id", "family", "text"):
            if not isinstance(row.get(key), str) or not row[key]:
                raise ExportError(f"{path}:{number}: {key} must be a non-empty string, got {row.get(key)!r}")
        if row.get("label") not in ("TRUE", "FALSE"):
            raise ExportError(f"{path}:{number}: label must be TRUE or FALSE, got {row.get('label')!r}")
        if row["item_id"] in seen:
            raise ExportError(f"{path}:{number}: item {row['item_id']} appears twice")
        seen.add(row["item_id"])
        items.append(row)
    if not items:
        raise ExportError(f"{path}: no items (build the benchmark first: `pyverify build`)")
    return items


def prepare_directory(out: Path, force: bool) -> Path:
    """``out`` made ready for writing: created if missing; refused when it holds anything and not ``force``.

    With ``force`` only the export's own files are replaced; nothing else in the directory is deleted.
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise ExportError(f"{out}: exists and is not a directory")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise ExportError(f"{out}: exists and is not empty (pass --force to overwrite the export's files)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"{out}: cannot create ({exc.strerror or exc})") from None
    return out


def task_rows(items: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per item: pyverify's exact question, the gold choice index and the item's identifiers."""
    from pyverify.protocols._invariance import CHOICES, prompt

    rows = []
    for item in items:
        messages = prompt(item)
        if len(messages) != 1 or messages[0][0] != "user":
            # both harnesses get one user turn; a protocol that grew a system turn needs a new export format
            raise ExportError(f"item {item['item_id']}: the invariance prompt is not a single user message")
        row = {key: item[key] for key in CARRIED if key in item}
        row.update(question=messages[0][1], gold=CHOICES.index(item["label"]), text=item["text"])
        rows.append(row)
    return rows


def write_jsonl(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


def file_sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def manifest(harness: str, items_path: Path, rows: Sequence[dict[str, Any]], data: Path) -> dict[str, Any]:
    """What the export was made from (``pyverify-export.json``): deterministic, no clock."""
    from pyverify import __version__
    from pyverify.protocols._invariance import CHOICES, INSTRUCTION

    return {
        "format": FORMAT,
        "harness": harness,
        "task": TASK,
        "pyverify": __version__,
        "items_file": str(Path(items_path).resolve()),
        "items_sha256": file_sha256(items_path),
        "items": len(rows),
        "data_file": data.name,
        "data_sha256": file_sha256(data),
        "protocol": {"name": "invariance", "instruction": INSTRUCTION, "choices": list(CHOICES)},
    }


def write_json(path: Path, record: dict[str, Any]) -> None:
    path.write_text(json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
