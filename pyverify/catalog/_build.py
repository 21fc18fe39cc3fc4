"""Building the benchmark: items for every theorem and false sibling in every applicable family.

Each item records how its truth and its equivalence to the canonical statement were established:
theorems are anchored in Mathlib (and certified by the engine where it can), false siblings are
refuted by an exact witness, T1 paraphrases are certified equivalent by the engine, T2 paraphrases
rest on a reviewed template, and a T1 rewrite the engine cannot settle is marked ``needs_review``.
A networkx graph of certified equivalences gives the equivalence classes; a refutation between two
members of one class stops the build. Same inputs, same bytes.

A ``vacuous`` result (true only because no point satisfies its assumptions, definedness conditions or
hypotheses that bound a variable) is never used: a vacuous truth certificate certifies nothing (the theorem stays anchored in
Mathlib, as with ``unknown``), a vacuous sibling is not refuted (the build stops, as for any sibling that is
not refuted), and a vacuous equivalence is no evidence of equivalence (the item becomes T3 ``needs_review``
and no edge joins the classes). Every one met is listed with its conditions under ``vacuous`` in the manifest.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyverify.catalog._load import CATALOG_DIR, CatalogError, load_catalog
from pyverify.certify._engine import decide_local, equivalent, equivalent_local
from pyverify.logic import Claim, to_text
from pyverify.logic._semantics import check_semantics
from pyverify.paraphrase._families import FAMILY_DIR, canonical_text, families, paraphrases

GENERATED = FAMILY_DIR / "generated"
#: Seconds for each engine call during the build (most answers take milliseconds).
CALL_TIMEOUT = 3.0


@dataclass(frozen=True)
class Statement:
    """One statement of the benchmark (a theorem, an instance of one, or a false sibling) before its items exist."""

    id: str
    """The statement's id (``theorem_id`` of its items)."""
    parent: str
    """The theorem it belongs to (``parent_theorem``)."""
    domain: str
    """The domain of its items."""
    claim: Claim
    """The formal statement."""
    label: str
    """TRUE (a theorem or an instance of one) or FALSE (a sibling refuted by a witness)."""
    kind: str
    """``theorem``, ``instance`` or the sibling's kind (``statement_kind``)."""
    mathlib_name: str | None
    """The Mathlib declaration it is anchored to (a sibling: its theorem's)."""
    mathlib_module: str | None
    """The module that declares it, where known."""
    where: str
    """Where it comes from, for error messages (a catalog file, an imported file)."""
    theorem_claim: Claim | None = None
    """For a sibling: the statement it perturbs (it must never share that statement's equivalence class)."""
    extra: tuple[tuple[str, Any], ...] = ()
    """Further fields copied into each of its items (an import's provenance, the instance it reads)."""


def _cert_id(kind: str, *subjects: str) -> str:
    return "cert-" + hashlib.sha256("|".join((kind, *subjects)).encode()).hexdigest()[:16]


def _record(cert: Any) -> dict[str, Any]:
    """The reproducible part of a certificate (no timings, at any depth)."""
    evidence = _timeless(json.loads(json.dumps(cert.evidence, default=str)))
    record = {"status": cert.status, "method": cert.method, "evidence": evidence, "witness": cert.witness,
              "semantics": cert.semantics}  # fmt: skip
    if cert.conditions:
        record["conditions"] = list(cert.conditions)
    return record


def _timeless(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _timeless(v) for k, v in value.items() if k not in ("seconds", "attempts")}
    if isinstance(value, list):
        return [_timeless(v) for v in value]
    return value


#: What the manifest says about the vacuous results it lists.
VACUOUS_NOTE = ("results that hold only because no point satisfies their domain (assumptions, definedness "
                "conditions, hypotheses that bound a variable); none is used: a vacuous truth certificate certifies "
                "nothing (the statement stays anchored in Mathlib, as an unknown one does), a vacuous sibling is not "
                "a refuted sibling, and a vacuous equivalence makes its item T3 needs_review with no certificate "
                "and no class edge")  # fmt: skip


def vacuous_entry(kind: str, subject: str, formal: str, cert: dict[str, Any]) -> dict[str, Any]:
    """One vacuous result for the manifest: what it was about and the conditions no point satisfies."""
    conditions = list(cert.get("conditions") or [])
    entry: dict[str, Any] = {"kind": kind, "subject": subject, "formal": formal, "conditions": conditions}
    evidence = cert.get("evidence") or {}
    if evidence.get("proved_by"):
        entry["proved_by"] = evidence["proved_by"]
    if evidence.get("vacuous_claims"):
        entry["vacuous_claims"] = evidence["vacuous_claims"]
    return entry


def vacuous_section(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The manifest's ``vacuous`` section: how many were met, of which kind, and each one (none used)."""
    by_kind = {kind: sum(e["kind"] == kind for e in entries) for kind in ("truth", "falsity", "equivalence")}
    ordered = sorted(entries, key=lambda e: (e["kind"], e["subject"], e["formal"]))
    return {"met": len(entries), "by_kind": by_kind, "used": 0, "note": VACUOUS_NOTE, "results": ordered}


def add_certificate(certificates: dict[str, dict[str, Any]], kind: str, subject: str, cert: Any,
                    anchor: dict[str, Any] | None = None) -> str:  # fmt: skip
    """Record a truth or falsity certificate of ``subject``; return its id."""
    cid = _cert_id(kind, subject)
    record: dict[str, Any] = {"certificate_id": cid, "kind": kind, "subjects": [subject]}
    if anchor is not None:
        record["anchor"] = anchor
    certificates[cid] = {**record, **_record(cert)}
    return cid


def sibling_statement(theorem: Statement, sid: str, kind: str, claim: Claim, extra: tuple[tuple[str, Any], ...] = ()
                      ) -> Statement:  # fmt: skip
    """The FALSE statement ``sid`` perturbing ``theorem``."""
    return Statement(sid, theorem.parent, theorem.domain, claim, "FALSE", kind, theorem.mathlib_name,
                     theorem.mathlib_module, theorem.where, theorem.claim, extra)  # fmt: skip


def statement_items(st: Statement, semantics: str, certificates: dict[str, dict[str, Any]], graph: Any,
                    dropped: list[dict[str, Any]], *, strict: bool = True, timeout: float = CALL_TIMEOUT,
                    isolate: bool = False, decided: dict[str, Any] | None = None,
                    vacuous: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """The T0 canonical item and the family items of one statement.

    T1 equivalences are certified under ``semantics`` and recorded in ``certificates`` and as edges
    of ``graph``; a T1 rewrite the engine refutes stops the build when ``strict`` (a family bug under
    ``exact``), and is otherwise left out and appended to ``dropped``; one it cannot settle becomes T3,
    and so does one whose equivalence is only ``vacuous`` (appended to ``vacuous``, never certified).
    With ``isolate`` each equivalence is decided in the engine's worker process (a hard deadline,
    for statements from outside the catalog).
    """
    canonical_formal = to_text(st.claim)
    graph.add_node(canonical_formal)
    base = {"theorem_id": st.id, "parent_theorem": st.parent, "domain": st.domain, "label": st.label,
            "statement_kind": st.kind, "mathlib": {"name": st.mathlib_name, "module": st.mathlib_module}, **dict(st.extra)}  # fmt: skip
    truth_cert = _cert_id("truth" if st.label == "TRUE" else "falsity", st.id)
    items: list[dict[str, Any]] = [{
        "item_id": f"{st.id}#canonical", **base, "family": "canonical", "tier": "T0", "variant": "canonical",
        "text": canonical_text(st.claim), "formal": canonical_formal, "equivalence": {"method": "canonical"},
        "truth_certificate": truth_cert}]  # fmt: skip
    for para in paraphrases(st.claim, st.id):
        formal = to_text(para.formal)
        item: dict[str, Any] = {"item_id": f"{st.id}#{para.family}", **base, "family": para.family, "tier": para.tier,
                                "variant": para.variant, "text": para.text, "formal": formal, "truth_certificate": truth_cert}  # fmt: skip
        if para.tier == "T2":
            item["equivalence"] = {"method": "template", "template_id": para.variant}
        else:
            cid = _cert_id("equivalence", canonical_formal, formal)
            if formal == canonical_formal:
                cert = {"status": "certified", "method": "identical", "evidence": {"note": "same formal statement"},
                        "witness": None, "semantics": semantics}  # fmt: skip
            elif decided is not None and f"eq:{item['item_id']}" in decided:
                cert = _record(decided[f"eq:{item['item_id']}"])
            else:
                cert = _record(equivalent(st.claim, para.formal, timeout, seed=0, isolate=True, semantics=semantics)
                               if isolate else equivalent_local(st.claim, para.formal, timeout, 0, semantics))
            if cert["status"] == "refuted" and strict:
                raise CatalogError(f"{st.where}: {para.family} paraphrase of {st.id} is refuted by the engine "
                                   f"(witness {cert['witness']}): {formal}")  # fmt: skip
            if cert["status"] == "refuted":
                # exact-equivalent, but Lean reads the rewrite differently (ℕ truncation, x / 0 = 0):
                # not a paraphrase under this semantics, so it leaves the benchmark, on record
                dropped.append({"item_id": item["item_id"], "formal": formal, "witness": cert["witness"],
                                "reason": f"not equivalent to the canonical statement under {semantics}"})  # fmt: skip
                continue
            if cert["status"] == "vacuous":
                # two claims true of no point agree trivially: no evidence, no certificate, no class edge
                entry = vacuous_entry("equivalence", item["item_id"], formal, cert)
                if vacuous is not None:
                    vacuous.append(entry)
                item["tier"] = "T3"
                item["equivalence"] = {"method": "needs_review", "reason": "vacuous: no point satisfies "
                                       + " ∧ ".join(entry["conditions"]) + " (no evidence of equivalence)",
                                       "conditions": entry["conditions"]}  # fmt: skip
            elif cert["status"] == "certified":
                certificates[cid] = {"certificate_id": cid, "kind": "equivalence", "subjects": [item["item_id"], f"{st.id}#canonical"],
                                     **cert}  # fmt: skip
                item["equivalence"] = {"method": "certificate", "certificate_id": cid}
                item["certificate_id"] = cid
                graph.add_edge(canonical_formal, formal, certificate=cid)
            else:
                item["tier"] = "T3"
                item["equivalence"] = {"method": "needs_review", "reason": cert.get("evidence") or "unknown"}
        items.append(item)
    return items


def same_class(statements: list[Statement], graph: Any) -> list[Statement]:
    """The siblings that fall into the equivalence class of the statement they perturb (none may)."""
    import networkx as nx

    component = {node: index for index, nodes in enumerate(nx.connected_components(graph)) for node in nodes}
    out = []
    for st in statements:
        if st.label != "FALSE" or st.theorem_claim is None:
            continue
        a, b = to_text(st.theorem_claim), to_text(st.claim)
        if component.get(a) == component.get(b):
            out.append(st)
    return out


def _fan_out(executor: Any, fn: Any, calls: dict[str, tuple[Any, ...]]) -> dict[str, Any]:
    """Certificates of ``fn(*args)`` for every call, computed on ``executor`` (a :mod:`pyverify.parallel`
    executor); a call it stopped or lost is left out, so the build computes it in-process as without one."""
    from pyverify.parallel import Job

    done: dict[str, Any] = {}
    for outcome in executor.map(fn, (Job(key, args, CALL_TIMEOUT) for key, args in calls.items())):
        if outcome.status == "ok":
            done[outcome.key] = outcome.value
    return done


def build(out: Path = GENERATED, catalog: Path = CATALOG_DIR, semantics: str = "exact",
          executor: Any = None) -> dict[str, Any]:  # fmt: skip
    """Write items.jsonl, certificates.jsonl and manifest.json; return the counts.

    ``semantics`` is the one every certificate is decided under (``exact`` or ``mathlib``); a
    theorem refuted, or a sibling not refuted, under it stops the build with the reason. A T1
    paraphrase refuted under ``exact`` is a family bug and stops the build; under ``mathlib`` it is
    a rewrite Lean reads differently (``n ≥ 3`` moved to ``n - 3 ≥ 0`` in ℕ), so the item is left out
    and listed under ``dropped`` in the manifest. With ``executor`` (a :mod:`pyverify.parallel` executor)
    the truth, falsity and equivalence certificates are computed on it first; the output is the same bytes.
    """
    check_semantics(semantics)
    import networkx as nx

    theorems = load_catalog(catalog)
    fams = families()
    statements: list[Statement] = []
    certificates: dict[str, dict[str, Any]] = {}
    decided: dict[str, Any] = {}
    vacuous: list[dict[str, Any]] = []
    if executor is not None:
        calls = {f"truth:{t.id}": (t.statement, CALL_TIMEOUT, 0, semantics) for t in theorems}
        calls.update({f"falsity:{s.id}": (s.statement, CALL_TIMEOUT, 0, semantics) for t in theorems for s in t.siblings})
        decided = _fan_out(executor, decide_local, calls)
    for theorem in theorems:
        truth = decided.get(f"truth:{theorem.id}") or decide_local(theorem.statement, CALL_TIMEOUT, 0, semantics)
        if truth.status == "refuted":
            raise CatalogError(f"{theorem.file}: theorem {theorem.id} is refuted by the engine under {semantics} "
                               f"semantics at {truth.witness}")  # fmt: skip
        anchor = {"mathlib": theorem.mathlib_name, "module": theorem.mathlib_module, "lean_proof": bool(theorem.lean_proof)}
        cid = add_certificate(certificates, "truth", theorem.id, truth, anchor=anchor)
        if truth.status == "vacuous":  # recorded as what the engine found; certifies nothing
            vacuous.append(vacuous_entry("truth", theorem.id, to_text(theorem.statement), certificates[cid]))
        theorem_statement = Statement(theorem.id, theorem.id, theorem.domain, theorem.statement, "TRUE", "theorem",
                                      theorem.mathlib_name, theorem.mathlib_module, theorem.file)  # fmt: skip
        statements.append(theorem_statement)
        for sibling in theorem.siblings:
            falsity = decided.get(f"falsity:{sibling.id}") or decide_local(sibling.statement, CALL_TIMEOUT, 0, semantics)
            if falsity.status != "refuted" or falsity.witness is None:
                why = falsity.headline if falsity.status == "vacuous" else falsity.reason or falsity.method
                raise CatalogError(f"{theorem.file}: sibling {sibling.id} is not refuted by an exact witness under {semantics} "
                                   f"({falsity.status}: {why})")  # fmt: skip
            add_certificate(certificates, "falsity", sibling.id, falsity)
            statements.append(sibling_statement(theorem_statement, sibling.id, sibling.kind, sibling.statement))
    graph = nx.Graph()
    items: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []
    if executor is not None:
        eq_calls = {f"eq:{st.id}#{para.family}": (st.claim, para.formal, CALL_TIMEOUT, 0, semantics)
                    for st in statements for para in paraphrases(st.claim, st.id)
                    if para.tier != "T2" and to_text(para.formal) != to_text(st.claim)}  # fmt: skip
        decided.update(_fan_out(executor, equivalent_local, eq_calls))
    for st in statements:
        items.extend(statement_items(st, semantics, certificates, graph, dropped, strict=semantics == "exact",
                                     decided=decided, vacuous=vacuous))  # fmt: skip
    # a theorem and its sibling must never fall into one equivalence class
    for st in same_class(statements, graph):
        witness = certificates[_cert_id("falsity", st.id)]["witness"]
        raise CatalogError(f"{st.where}: {st.parent} and its sibling {st.id} are in one equivalence class, "
                           f"but {st.id} is refuted at {witness}")  # fmt: skip
    items.sort(
        key=lambda r: (r["domain"], r["parent_theorem"], r["theorem_id"], ["canonical", *fams].index(r["family"]))
    )
    out.mkdir(parents=True, exist_ok=True)
    write_outputs(out, items, certificates)
    summary = stats(items)
    summary["classes"] = nx.number_connected_components(graph)
    if dropped:
        summary["dropped"] = len(dropped)
    summary["vacuous"] = len(vacuous)
    manifest: dict[str, Any] = {
        "inputs": {**{f"formal/theorems/{p.name}": _sha(p) for p in sorted(catalog.glob("*.toml"))},
                   **{f"families/{p.name}": _sha(p) for p in sorted(FAMILY_DIR.glob("F*.toml"))}},
        "outputs": {name: _sha(out / name) for name in ("items.jsonl", "certificates.jsonl")},
        "counts": summary,
        "semantics": semantics,
        "vacuous": vacuous_section(vacuous),
    }  # fmt: skip
    if dropped:
        manifest["dropped"] = dropped
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return summary


def write_outputs(out: Path, items: list[dict[str, Any]], certificates: dict[str, dict[str, Any]]) -> None:
    """items.jsonl (in the order given) and certificates.jsonl (by id) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    _write_jsonl(out / "items.jsonl", items)
    _write_jsonl(out / "certificates.jsonl", [certificates[k] for k in sorted(certificates)])


def _write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stats(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts per domain, family, tier and label."""

    def count(key: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for item in items:
            out[str(item[key])] = out.get(str(item[key]), 0) + 1
        return dict(sorted(out.items()))

    groups = {item["theorem_id"] for item in items}
    theorems = {item["theorem_id"] for item in items if item["label"] == "TRUE"}
    t1 = [i for i in items if i["tier"] == "T1"]
    return {
        "items": len(items),
        "theorems": len(theorems),
        "false_siblings": len(groups - theorems),
        "true_share": round(sum(i["label"] == "TRUE" for i in items) / max(1, len(items)), 4),
        "t1_items": len(t1),
        "t1_certified": sum(1 for i in t1 if i.get("certificate_id")),
        "per_domain": count("domain"),
        "per_family": count("family"),
        "per_tier": count("tier"),
        "per_label": count("label"),
    }


def load_items(path: Path = GENERATED / "items.jsonl") -> list[dict[str, Any]]:
    if not path.is_file():
        raise CatalogError(f"{path}: not built yet; run `pyverify build`")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
