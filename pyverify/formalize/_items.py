"""Items in and out: reading an items.jsonl leniently (unknown fields kept), and writing back the items with
each formalization's outcome in its ``tier``, ``formal`` and ``equivalence``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from pyverify.formalize._formalize import Formalization


class FormalizeError(ValueError):
    """Input that cannot be formalized: file and line, and what is wrong (one clear line)."""


def load_items(path: Path) -> list[dict[str, Any]]:
    """The rows of an items.jsonl; a missing file, a line that is not a JSON object or a row without a
    text ``item_id`` raises :class:`FormalizeError` with the file and line. Other fields are kept as read."""
    from pyverify._jsonl import json_rows

    path = Path(path)
    if not path.is_file():
        raise FormalizeError(f"{path}: no such file")
    rows = json_rows(path, FormalizeError)
    seen: dict[str, int] = {}
    for number, row in rows:
        item_id = row.get("item_id")
        if not isinstance(item_id, str) or not item_id:
            raise FormalizeError(f"{path}:{number}: item_id must be a non-empty string, got {item_id!r}")
        if item_id in seen:
            raise FormalizeError(f"{path}:{number}: item {item_id} appears twice (also line {seen[item_id]})")
        seen[item_id] = number
    return [row for _, row in rows]


def apply_formalizations(
    items: Sequence[Mapping[str, Any]], formalizations: Sequence[Formalization]
) -> list[dict[str, Any]]:
    """The items, each formalized one updated: certified ones become ``tier: "T1"`` with ``formal`` set and
    ``equivalence: {"method": "formalization", "certificate_id": ...}``; suspect ones keep their tier with
    ``equivalence: {"method": "suspect", "witness": ..., "formalization": ...}``; the others get
    ``equivalence: {"method": "needs_review", "reason": ...}``. Items not formalized pass unchanged."""
    by_id = {f.item_id: f for f in formalizations}
    out = []
    for item in items:
        row = dict(item)
        f = by_id.get(str(item.get("item_id")))
        if f is not None:
            common = {"certificate_id": f.certificate_id, "semantics": f.semantics, "model": f.model_id}
            if f.status == "certified":
                row.update(tier="T1", formal=f.formal,
                           equivalence={"method": "formalization", **common, "instance": f.instance,
                                        "agreement": f"{f.agreement}/{f.samples_requested}",
                                        **({"conditions": list(f.conditions)} if f.conditions else {})})  # fmt: skip
            elif f.status == "suspect":
                row["equivalence"] = {"method": "suspect", "witness": f.witness, "formalization": f.formal,
                                      "instance": f.instance, **common}  # fmt: skip
            else:
                row["equivalence"] = {"method": "needs_review", "reason": f.reason, **common}
        out.append(row)
    return out


def summarize(formalizations: Sequence[Formalization], items: int) -> dict[str, Any]:
    """Counts by status and coverage (certified share of the formalized items); ``vacuous`` counts the
    needs_review items with a sample whose equivalence held only vacuously (never certified)."""
    counts = {
        status: sum(f.status == status for f in formalizations) for status in ("certified", "suspect", "needs_review")
    }
    vacuous = sum(
        f.status == "needs_review" and any(s.equivalence == "vacuous" for s in f.samples) for f in formalizations
    )
    attempted = len(formalizations)
    return {"items": items, "attempted": attempted, "skipped": items - attempted, **counts, "vacuous": vacuous,
            "coverage": round(counts["certified"] / attempted, 4) if attempted else None}  # fmt: skip
