"""Where the protocols' inputs are and how a limit slices them: benchmark items, claim-audit tasks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_ITEMS = ROOT / "families" / "generated" / "items.jsonl"


def load_items(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise ValueError(f"{path}: no items; run `pyverify build` first")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


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


def spread(tasks: list[Any], limit: int | None) -> list[Any]:
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
