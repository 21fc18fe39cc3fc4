"""``pyverify formalize ITEMS --model SPEC``: formalize items, write the records and the updated items.

Writes into the output directory: ``store.sqlite`` (every prompt and answer; a rerun with the same
directory asks the backend nothing it already answered), ``formalizations.jsonl`` (one record per item
attempted) and ``items.jsonl`` (the input items with each outcome written back). Exit codes: 0 written,
2 bad input (a missing items file, a line that is not a JSON object, a backend that cannot start, an
output directory that cannot be written).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Sequence

STORE_NAME = "store.sqlite"


def _write_jsonl(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    text = "".join(json.dumps(row, ensure_ascii=False, sort_keys=True, default=str) + "\n" for row in rows)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def _print_table(title: str, summary: dict[str, Any], suspect: Sequence[Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=title)
    table.add_column("outcome")
    table.add_column("items", justify="right")
    for key in ("certified", "suspect", "needs_review", "skipped"):
        table.add_row(key, str(summary[key]))
        if key == "needs_review":
            table.add_row("  of which vacuous (not certified)", str(summary.get("vacuous", 0)))
    coverage = summary["coverage"]
    table.add_row("coverage (certified / attempted)", "—" if coverage is None else f"{100 * coverage:.1f}%")
    console.print(table)
    if suspect:
        listed = Table(title="suspect paraphrases (formalization refuted against the theorem)")
        for column in ("item", "formalization", "instance", "witness"):
            listed.add_column(column, overflow="fold")
        for f in suspect:
            witness = ", ".join(f"{k} = {v}" for k, v in (f.witness or {}).items()) or "truth values differ"
            listed.add_row(f.item_id, f.formal or "", f.instance or "", witness)
        console.print(listed)


def formalize_command(items_path: Path, model: str, *, samples: int, out: Path | None, semantics: str,
                      timeout: float, temperature: float | None, seed: int, max_new_tokens: int,
                      batch_size: int) -> int:  # fmt: skip
    """Run the command; return its exit code (errors are one ``error:`` line on stderr)."""
    from pyverify.formalize._formalize import formalize_items
    from pyverify.formalize._items import FormalizeError, apply_formalizations, load_items, summarize
    from pyverify.models import BackendError, load_backend
    from pyverify.models._store import ResponseStore

    def fail(message: str) -> int:
        sys.stderr.write(f"error: {message}\n")
        return 2

    try:
        items = load_items(items_path)
    except FormalizeError as exc:
        return fail(str(exc))
    out = out if out is not None else items_path.with_name(items_path.stem + ".formalized")
    if out.exists() and not out.is_dir():
        return fail(f"{out}: --out must be a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return fail(f"{out}: cannot create: {exc.strerror or exc}")
    try:
        backend = load_backend(model)
    except BackendError as exc:
        return fail(str(exc))
    try:
        with ResponseStore(out / STORE_NAME) as store:
            records = formalize_items(items, backend, samples=samples, semantics=semantics, store=store,
                                      timeout=timeout, temperature=temperature, seed=seed,
                                      max_new_tokens=max_new_tokens, batch_size=batch_size)  # fmt: skip
    except ValueError as exc:  # options out of range, an unusable stored response
        return fail(str(exc))
    try:
        _write_jsonl(out / "formalizations.jsonl", [r.to_dict() for r in records])
        _write_jsonl(out / "items.jsonl", apply_formalizations(items, records))
    except OSError as exc:
        return fail(f"{out}: cannot write: {exc.strerror or exc}")
    summary = summarize(records, len(items))
    _print_table(f"{backend.model_id} · formalize {items_path} → {out}", summary,
                 [r for r in records if r.status == "suspect"])  # fmt: skip
    return 0
