"""Building certified answer pairs from the reference catalog ``formal/answers/*.toml`` (issue 12, point 2).

Each ``[[answer]]`` entry has an ``id``, a ``reference`` (LaTeX) and optionally hand-written
``equivalent = [...]`` and ``wrong = [...]``. From every reference, the fixed rules of
:mod:`pyverify.answers._derive` derive candidates: D1 equal rewrites, D2 mechanical mutants, D3 plausible wrong
answers (hand-written ones come first, and at most :data:`MAX_PER_DIRECTION` derived ones per direction).

Every candidate is decided by :func:`pyverify.answers.equivalent_answers`: ``equal`` makes a D1 row whatever
rule produced it, ``different`` keeps the rule's direction (D2 or D3; a D1 rewrite that turns out different is
a rule bug and is counted in ``rewrite_errors``, never kept), ``unknown`` is discarded (counted in
``discarded`` only). The output (``pairs.jsonl``, ``manifest.json``) depends only on the input files.

This module is the benchmark's input and output (reading the catalog, certifying, writing and reading
``pairs.jsonl``); the derivation rules and the exact arithmetic they use (:mod:`pyverify.answers._values`)
are pure functions of one reference, below it.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomllib

from pyverify.answers._answer import Answer
from pyverify.answers._derive import Candidate, d1, d2, d3

DEFAULT_CATALOG = Path("formal/answers")
DEFAULT_OUT = DEFAULT_CATALOG / "generated"
DEFAULT_TIMEOUT = 3.0
#: At most this many derived candidates per reference and direction (hand-written ones come on top).
MAX_PER_DIRECTION = {"D1": 5, "D2": 4, "D3": 4}


class CatalogError(ValueError):
    """A catalog file or entry that cannot be used; the message names the file and the entry id."""


@dataclass(frozen=True)
class Entry:
    file: str
    entry_id: str
    reference: str
    equivalent: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()


# ---------------------------------------------------------------- catalog


def catalog_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.glob("*.toml") if p.is_file())


def load_catalog(directory: Path) -> list[Entry]:
    """All entries of ``directory/*.toml`` (sorted by file name); a bad file or entry raises CatalogError."""
    from pyverify.answers._parse import parse_answer

    files = catalog_files(directory)
    if not files:
        raise CatalogError(f"{directory}: no *.toml files")
    entries: list[Entry] = []
    seen: dict[str, str] = {}
    for path in files:
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise CatalogError(f"{path}: cannot read: {exc}") from exc
        rows = data.get("answer")
        if not isinstance(rows, list) or not rows:
            raise CatalogError(f"{path}: no [[answer]] entries")
        for k, row in enumerate(rows):
            where = f"{path}: entry {k + 1}"
            if not isinstance(row, dict):
                raise CatalogError(f"{where}: not a table")
            entry_id = row.get("id")
            if not isinstance(entry_id, str) or not entry_id.strip():
                raise CatalogError(f"{where}: missing or empty 'id'")
            where = f"{path}: id {entry_id!r}"
            if entry_id in seen:
                raise CatalogError(f"{where}: duplicate id (also in {seen[entry_id]})")
            seen[entry_id] = str(path)
            unknown_keys = sorted(set(row) - {"id", "reference", "equivalent", "wrong"})
            if unknown_keys:
                raise CatalogError(f"{where}: unknown keys {unknown_keys}")
            reference = row.get("reference")
            if not isinstance(reference, str) or not reference.strip():
                raise CatalogError(f"{where}: missing or empty 'reference'")
            parsed = parse_answer(reference)
            if parsed.kind == "unparsed":
                raise CatalogError(f"{where}: reference {reference!r} does not parse: {parsed.reason}")
            lists: dict[str, tuple[str, ...]] = {}
            for key in ("equivalent", "wrong"):
                value = row.get(key, [])
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise CatalogError(f"{where}: '{key}' must be a list of strings")
                lists[key] = tuple(value)
            entries.append(Entry(path.name, entry_id, reference, lists["equivalent"], lists["wrong"]))
    return entries


# ---------------------------------------------------------------- the build


def _normal(text: str) -> str:
    return "".join(text.split())


def candidates(entry: Entry, answer: Answer) -> list[Candidate]:
    """The candidates of one reference: hand-written first, then the rules' (D1, D3, D2; capped per direction),
    each text once."""
    out: list[Candidate] = []
    seen = {_normal(entry.reference)}

    def add(direction: str, rule: str, text: str) -> bool:
        key = _normal(text)
        if not key or key in seen:
            return False
        seen.add(key)
        out.append((direction, rule, text))
        return True

    for text in entry.equivalent:
        add("D1", "equivalent", text)
    for text in entry.wrong:
        add("D3", "wrong", text)
    # D3 before D2: a candidate both rules produce (\frac{\sqrt3}{3} for \frac{\sqrt3}{2}) counts as the slip
    for direction, rules in (("D1", d1), ("D3", d3), ("D2", d2)):
        try:
            derived = rules(answer)
        except (ValueError, TypeError, IndexError, ZeroDivisionError, RecursionError):
            derived = []
        count = 0
        for rule, text in derived:
            if count >= MAX_PER_DIRECTION[direction]:
                break
            count += add(direction, rule, text)
    return out


def _certificate(ref: Answer, text: str, timeout: float) -> dict[str, Any]:
    from pyverify.answers._equiv import equivalent_answers

    cert = equivalent_answers(ref, text, timeout=timeout)
    return {"status": cert.status, "method": cert.method, "witness": cert.witness, "policy": cert.policy,
            "reason": cert.reason}  # fmt: skip


def build(catalog: Path = DEFAULT_CATALOG, out: Path = DEFAULT_OUT, timeout: float = DEFAULT_TIMEOUT,
          progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:  # fmt: skip
    """Derive and certify the pairs of every reference in ``catalog``; write ``out/pairs.jsonl`` and
    ``out/manifest.json``; return the manifest."""
    from pyverify.answers._parse import parse_answer

    entries = load_catalog(catalog)
    rows: list[dict[str, Any]] = []
    discarded: Counter[str] = Counter()
    rewrite_errors: list[str] = []
    discarded_ids: list[str] = []
    references: Counter[str] = Counter()
    for n, entry in enumerate(entries):
        ref = parse_answer(entry.reference)
        references[ref.kind] += 1
        for direction, rule, text in candidates(entry, ref):
            pair_id = f"{entry.entry_id}/{rule}"
            if parse_answer(text).kind == "unparsed":
                discarded["unparsed"] += 1
                continue
            cert = _certificate(ref, text, timeout)
            status = cert.pop("status")
            reason = cert.pop("reason")
            if status in ("unknown", "undefined"):  # an undefined candidate has no witness: not a D3 pair
                discarded[direction] += 1
                discarded_ids.append(f"{pair_id}: {reason}")
                continue
            if status == "equal":
                final = "D1"
            elif direction == "D1":
                rewrite_errors.append(pair_id)  # a rule meant to be equal produced a different answer
                continue
            else:
                final = direction
            del reason
            rows.append({"id": pair_id, "reference": entry.reference, "candidate": text, "direction": final,
                         "kind": ref.kind, "file": entry.file, "rule": rule, "intended": direction,
                         "certificate": {"status": status, **cert}})  # fmt: skip
        if progress is not None:
            progress(n + 1, len(entries))
    rows.sort(key=lambda r: (r["file"], r["id"], r["direction"], r["candidate"]))
    _unique_ids(rows)
    by_direction = Counter(r["direction"] for r in rows)
    by_kind: dict[str, dict[str, int]] = {}
    for r in rows:
        by_kind.setdefault(r["kind"], {}).setdefault(r["direction"], 0)
        by_kind[r["kind"]][r["direction"]] += 1
    manifest = {
        "inputs": {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in catalog_files(catalog)},
        "references": {"total": len(entries), "by_kind": dict(sorted(references.items()))},
        "pairs": {"total": len(rows), "by_direction": {d: by_direction.get(d, 0) for d in ("D1", "D2", "D3")},
                  "by_kind": {k: dict(sorted(v.items())) for k, v in sorted(by_kind.items())}},
        "discarded": sum(discarded.values()),
        "discarded_by_intended_direction": dict(sorted(discarded.items())),
        "discarded_ids": sorted(discarded_ids),
        "rewrite_errors": sorted(rewrite_errors),
        "timeout_per_pair_s": timeout,
        "policy": "exact",
        "rules": "pyverify.answers._build (D1 d1(), D2 d2(), D3 d3(); hand-written equivalent/wrong first)",
    }  # fmt: skip
    out.mkdir(parents=True, exist_ok=True)
    with (out / "pairs.jsonl").open("w", encoding="utf-8", newline="\n") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False, sort_keys=True, default=str) + "\n")
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return manifest


def _unique_ids(rows: list[dict[str, Any]]) -> None:
    """Make ids unique (a rule may fire twice for one reference): a ``#2``, ``#3`` suffix in row order."""
    counts: Counter[str] = Counter()
    for r in rows:
        counts[r["id"]] += 1
        if counts[r["id"]] > 1:
            r["id"] = f"{r['id']}#{counts[r['id']]}"


def iter_pairs(path: Path) -> Iterator[dict[str, Any]]:
    """The rows of a built ``pairs.jsonl``."""
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)
