"""Importing Lean statements (FormInv, or one statement per line) as a certified, balanced benchmark.

Each distinct theorem's Lean statement is read into claims (:func:`~pyverify.lean._read.read_statement`;
a generic statement gives one claim per concrete type, each recorded as an instance of it). Every
instance then gets what ``pyverify build`` gives a catalog theorem: a truth certificate, an automatic
false sibling refuted by a re-verified witness, the T0 canonical item, T1 items with certified
equivalences, T2 template items and the equivalence graph. An instance the engine *refutes* is a
reading bug or a false imported label: it goes to the manifest's ``problems`` with the witness, never
into the items. FormInv's own natural-language rows are kept as ``tier: imported`` with
``formal: null`` and the formal statements of their theorem, for a later ``pyverify formalize``.

An instance the engine finds ``vacuous`` (true only because no point satisfies its assumptions and the
hypotheses that bound a variable) is not certified: it is counted under ``vacuous`` and kept, anchored in
Mathlib, as an ``unknown`` one is. A vacuous sibling candidate is never a sibling, and a vacuous T1
equivalence makes its item T3. Every vacuous result met is listed with its conditions under ``vacuous`` in
the manifest; none is used.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyverify.catalog._build import (
    Statement,
    _sha,
    add_certificate,
    same_class,
    sibling_statement,
    statement_items,
    stats,
    vacuous_entry,
    vacuous_section,
    write_outputs,
)
from pyverify.catalog._forminv import read_rows
from pyverify.catalog._load import CatalogError
from pyverify.catalog._siblings import find_siblings
from pyverify.certify._engine import decide
from pyverify.lean._read import LeanReading, NotLean, OutsideFragment
from pyverify.logic import to_text
from pyverify.logic._semantics import check_semantics
from pyverify.paraphrase._families import families

#: Seconds for each engine call of an import (short: a few hundred statements, two cores).
IMPORT_TIMEOUT = 2.0
Reader = Callable[[str], LeanReading]
_NAME = re.compile(r"^\s*(?:theorem|lemma)\s+([^\s:({\[]+)")


@dataclass(frozen=True)
class SourceTheorem:
    """One theorem of an imported file: its Lean statement and where it came from."""

    id: str
    """pyverify's id (``forminv:thm_0000_...``, ``lean:Nat.gcd_comm``)."""
    statement: str
    """The Lean 4 statement as given."""
    mathlib_name: str | None
    """The Mathlib declaration, where the file names it."""
    domain: str
    """The domain of its items."""
    where: str
    """``file:line`` of its first row."""
    source: str
    """``forminv`` or ``lean-statements``."""
    line: int
    """The line of its first row."""


def _default_reader(text: str) -> LeanReading:
    from pyverify.lean import _read

    return _read.read_statement(text)  # looked up at call time, so a test can replace it


def _read_text(source: Path) -> str:
    if not source.is_file():
        raise CatalogError(f"{source}: no such file")
    try:
        return source.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise CatalogError(f"{source}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def read_lean_statements(source: Path) -> list[SourceTheorem]:
    """One Lean statement per line, or JSONL rows with ``lean4_statement`` (and optional ``id``,
    ``mathlib_name``, ``domain``); blank lines and ``--`` comments are skipped. Bad rows are refused
    with ``file:line``."""
    theorems: list[SourceTheorem] = []
    seen: dict[str, str] = {}
    for number, line in enumerate(_read_text(source).splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("--"):
            continue
        where = f"{source}:{number}"
        ident = name = None
        domain = "lean"
        if text.startswith("{"):
            try:
                row = json.loads(text)
            except ValueError as exc:
                raise CatalogError(f"{where}: not valid JSON ({exc})") from None
            if not isinstance(row, dict):
                raise CatalogError(f"{where}: a row must be a JSON object")
            statement = row.get("lean4_statement")
            if "lean4_statement" not in row:
                raise CatalogError(f"{where}: missing field lean4_statement")
            if not isinstance(statement, str) or not statement.strip():
                raise CatalogError(f"{where}: lean4_statement must be non-empty text")
            for key in ("id", "mathlib_name", "domain"):
                value = row.get(key)
                if value is not None and (not isinstance(value, str) or not value.strip()):
                    raise CatalogError(f"{where}: {key} must be non-empty text when given")
            ident, name, domain = row.get("id"), row.get("mathlib_name"), row.get("domain") or domain
        else:
            statement = text
        if name is None:
            match = _NAME.match(statement)
            name = match.group(1) if match else None
        tid = f"lean:{ident or name or f'line{number}'}"
        if tid in seen:
            if ident is not None:
                raise CatalogError(f"{where}: duplicate id '{ident}' (also at {seen[tid]})")
            tid = f"{tid}@line{number}"
        seen[tid] = where
        theorems.append(SourceTheorem(tid, statement.strip(), name, domain, where, "lean-statements", number))
    if not theorems:
        raise CatalogError(f"{source}: no Lean statements")
    return theorems


def import_lean_statements(source: Path, out: Path, semantics: str = "mathlib", timeout: float = IMPORT_TIMEOUT,
                           reader: Reader | None = None) -> dict[str, Any]:  # fmt: skip
    """Import a file of Lean statements into ``out``; return the manifest."""
    check_semantics(semantics)
    theorems = read_lean_statements(source)
    return import_theorems(theorems, out, source, semantics, timeout, reader or _default_reader)


def import_forminv(source: Path, out: Path, semantics: str = "mathlib", timeout: float = IMPORT_TIMEOUT,
                   reader: Reader | None = None) -> dict[str, Any]:  # fmt: skip
    """Import a FormInv file into ``out``: its rows (``tier: imported``) and the items built from its
    theorems' Lean statements; return the manifest."""
    check_semantics(semantics)
    rows = read_rows(source)
    if not rows:
        raise CatalogError(f"{source}: no FormInv rows")
    theorems: dict[str, SourceTheorem] = {}
    for row in rows:
        if row["theorem_id"] not in theorems:
            theorems[row["theorem_id"]] = SourceTheorem(
                row["theorem_id"], row["lean4_statement"], row["mathlib"]["name"], row["domain"],
                f"{source}:{row['provenance']['line']}", "forminv", row["provenance"]["line"])  # fmt: skip
    return import_theorems(list(theorems.values()), out, source, semantics, timeout, reader or _default_reader, rows)


def _suffix(types: dict[str, str], index: int, count: int) -> str:
    if types:
        return "@" + ",".join(types.values())
    return f"@{index + 1}" if count > 1 else ""


def import_theorems(theorems: Sequence[SourceTheorem], out: Path, source: Path, semantics: str = "mathlib",
                    timeout: float = IMPORT_TIMEOUT, reader: Reader = _default_reader,
                    rows: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:  # fmt: skip
    """Read, certify and build every theorem; write items, certificates and manifest; return the manifest.

    ``rows`` are imported natural-language items (FormInv's) to keep beside the built ones.
    """
    import networkx as nx

    check_semantics(semantics)
    certificates: dict[str, dict[str, Any]] = {}
    statements: list[Statement] = []
    readings: dict[str, LeanReading | Exception] = {}
    outside: dict[str, list[str]] = {}
    not_read: list[dict[str, str]] = []
    problems: list[dict[str, Any]] = []
    no_sibling: list[dict[str, Any]] = []
    truth_counts = {"certified": 0, "vacuous": 0, "unknown": 0, "refuted": 0}
    vacuous: list[dict[str, Any]] = []
    formal_of: dict[str, list[tuple[str, str]]] = {}
    reason_of: dict[str, str] = {}
    instances = consequences = 0
    for theorem in theorems:
        if theorem.statement not in readings:
            try:
                readings[theorem.statement] = reader(theorem.statement)
            except Exception as exc:  # NotLean, OutsideFragment, or a reader failure: that statement's, not the import's
                readings[theorem.statement] = exc
        reading = readings[theorem.statement]
        formal_of[theorem.id] = []
        if isinstance(reading, OutsideFragment):
            outside.setdefault(reading.construct, []).append(theorem.id)
            reason_of[theorem.id] = str(reading)
            continue
        if isinstance(reading, Exception):
            if isinstance(reading, NotLean):
                reason = f"not a Lean statement: {reading}"
            elif isinstance(reading, NotImplementedError):
                reason = "the Lean statement reader is not available"
            else:
                reason = f"reader error: {type(reading).__name__}: {reading}"
            not_read.append({"theorem_id": theorem.id, "reason": reason})
            reason_of[theorem.id] = reason
            continue
        count = len(reading.instances)
        for index, instance in enumerate(reading.instances):
            iid = theorem.id + _suffix(instance.types, index, count)
            formal = to_text(instance.claim)
            instances += 1
            consequences += instance.is_consequence
            truth = decide(instance.claim, timeout, seed=0, semantics=semantics)
            truth_counts[truth.status] += 1
            if truth.status == "refuted":
                problems.append({"theorem_id": theorem.id, "instance_id": iid, "formal": formal,
                                 "lean4_statement": theorem.statement, "witness": truth.witness,
                                 "reason": f"refuted by the engine under {semantics}: a reading bug or a false "
                                           "imported label"})  # fmt: skip
                continue
            anchor = {"mathlib": theorem.mathlib_name, "module": None, "lean_proof": False,
                      "lean4_statement": theorem.statement}  # fmt: skip
            cid = add_certificate(certificates, "truth", iid, truth, anchor=anchor)
            if truth.status == "vacuous":  # not certified: kept like an unknown one, anchored in Mathlib
                vacuous.append(vacuous_entry("truth", iid, formal, certificates[cid]))
            provenance = {"source": theorem.source, "file": source.name, "theorem_id": theorem.id, "line": theorem.line}
            extra: list[tuple[str, Any]] = [("lean4_statement", theorem.statement), ("provenance", provenance)]
            if instance.is_consequence:
                extra.append(("instance", {"of": theorem.id, "label": instance.label, "types": dict(instance.types),
                                           "classes": list(instance.classes), "consequence": True}))  # fmt: skip
            stmt = Statement(iid, theorem.id, theorem.domain, instance.claim, "TRUE",
                             "instance" if instance.is_consequence else "theorem", theorem.mathlib_name, None,
                             theorem.where, extra=tuple(extra))  # fmt: skip
            statements.append(stmt)
            formal_of[theorem.id].append((iid, formal))
            search = find_siblings(instance.claim, iid, semantics, timeout)
            vacuous.extend({"kind": "falsity", "subject": f"{iid}~{kind}", "formal": text,
                            "conditions": list(conditions), "role": "sibling candidate, not refuted: never a sibling"}
                           for kind, text, conditions in search.vacuous)  # fmt: skip
            if not search.siblings:
                no_sibling.append({"instance_id": iid, "formal": formal, "reason": search.reason})
                continue
            for sibling in search.siblings:
                sid = f"{iid}~{sibling.kind}"
                add_certificate(certificates, "falsity", sid, sibling.certificate)
                sextra = (*extra, ("sibling", {"of": iid, "edit": sibling.edit, "automatic": True}))
                statements.append(sibling_statement(stmt, sid, sibling.kind, sibling.claim, sextra))
        if not formal_of[theorem.id]:
            reason_of[theorem.id] = "every instance was refuted by the engine (see problems)"
    graph = nx.Graph()
    built: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []
    for st in statements:
        built.extend(statement_items(st, semantics, certificates, graph, dropped, strict=False, timeout=timeout,
                                     isolate=True, vacuous=vacuous))  # fmt: skip
    clashes = {st.id for st in same_class(statements, graph)}
    for sid in sorted(clashes):
        problems.append({"instance_id": sid, "reason": "a sibling fell into its theorem's equivalence class; left out"})
    built = [item for item in built if item["theorem_id"] not in clashes]
    order = {t.id: n for n, t in enumerate(theorems)}
    fams = ["canonical", *families()]
    built.sort(key=lambda r: (order[r["parent_theorem"]], r["theorem_id"], fams.index(r["family"])))
    imported = [_imported_row(row, formal_of, reason_of, semantics) for row in rows]
    items = sorted(imported, key=lambda r: order[r["theorem_id"]]) + built
    items.sort(key=lambda r: order[r["parent_theorem"]])  # stable: each theorem's rows, then its built items
    try:
        write_outputs(out, items, certificates)
    except OSError as exc:
        raise CatalogError(f"{out}: cannot write the import ({exc.strerror or exc})") from None
    counts = stats(built)
    counts["classes"] = nx.number_connected_components(graph)
    formal_items = [i for i in items if i.get("formal")]
    coverage = {
        "theorems": len(theorems),
        "read": sum(1 for t in theorems if isinstance(readings[t.statement], LeanReading)),
        "outside_fragment": sum(len(v) for v in outside.values()),
        "outside_by_construct": {k: sorted(v) for k, v in sorted(outside.items(), key=lambda kv: (-len(kv[1]), kv[0]))},
        "not_read": not_read,
        "instances": instances,
        "consequences": consequences,
        "truth": truth_counts,
        "vacuous_instances": sorted(e["subject"] for e in vacuous if e["kind"] == "truth"),
        "vacuous_met": len(vacuous),
        "refuted": sorted(p["instance_id"] for p in problems if "witness" in p),
        "siblings": sum(1 for st in statements if st.label == "FALSE" and st.id not in clashes),
        "without_sibling": len(no_sibling),
        "items": len(items),
        "imported_rows": len(imported),
        "formal_items": len(formal_items),
        "per_tier": _count(items, "tier"),
        "per_family": _count(items, "family"),
        "true_share": round(sum(i["label"] == "TRUE" for i in items) / max(1, len(items)), 4),
        "true_share_formal": round(sum(i["label"] == "TRUE" for i in formal_items) / max(1, len(formal_items)), 4),
    }  # fmt: skip
    manifest: dict[str, Any] = {
        "source": str(source), "source_sha256": _sha(source), "semantics": semantics, "timeout": timeout,
        "outputs": {name: _sha(out / name) for name in ("items.jsonl", "certificates.jsonl")},
        "counts": counts, "coverage": coverage, "problems": problems, "no_sibling": no_sibling,
        "vacuous": vacuous_section(vacuous),
        "provenance": "imported rows uncertified (needs_review); built items certified as in pyverify build",
    }  # fmt: skip
    if dropped:
        manifest["dropped"] = dropped
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n",
                                       encoding="utf-8")  # fmt: skip
    return manifest


def _imported_row(row: dict[str, Any], formal_of: dict[str, list[tuple[str, str]]], reason_of: dict[str, str],
                  semantics: str) -> dict[str, Any]:  # fmt: skip
    item = dict(row)
    formal = formal_of.get(row["theorem_id"], [])
    item["tier"] = "imported"
    item["equivalence"] = {"method": "needs_review", "reason": "model-written text; its equivalence to the formal "
                           "statement is not certified (run pyverify formalize)"}  # fmt: skip
    item["theorem_formal"] = [text for _, text in formal]
    item["theorem_instances"] = [iid for iid, _ in formal]
    item["semantics"] = semantics
    if not formal:
        item["formal_reason"] = reason_of.get(row["theorem_id"], "not read")
    return item


def _count(items: list[dict[str, Any]], key: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        out[str(item[key])] = out.get(str(item[key]), 0) + 1
    return dict(sorted(out.items()))

