"""Building the benchmark: items for every theorem and false sibling in every applicable family.

Each item records how its truth and its equivalence to the canonical statement were established:
theorems are anchored in Mathlib (and certified by the engine where it can), false siblings are
refuted by an exact witness, T1 paraphrases are certified equivalent by the engine, T2 paraphrases
rest on a reviewed template, and a T1 rewrite the engine cannot settle is marked ``needs_review``.
A networkx graph of certified equivalences gives the equivalence classes; a refutation between two
members of one class stops the build. Same inputs, same bytes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyverify.catalog._load import CATALOG_DIR, CatalogError, Theorem, load_catalog
from pyverify.certify._engine import decide_local, equivalent_local
from pyverify.logic import Claim, to_text
from pyverify.logic._semantics import check_semantics
from pyverify.paraphrase._families import FAMILY_DIR, canonical_text, families, paraphrases

GENERATED = FAMILY_DIR / "generated"
#: Seconds for each engine call during the build (most answers take milliseconds).
CALL_TIMEOUT = 3.0


@dataclass
class _Statement:
    id: str
    theorem: Theorem
    claim: Claim
    label: str
    kind: str


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


def build(out: Path = GENERATED, catalog: Path = CATALOG_DIR, semantics: str = "exact") -> dict[str, Any]:
    """Write items.jsonl, certificates.jsonl and manifest.json; return the counts.

    ``semantics`` is the one every certificate is decided under (``exact`` or ``mathlib``); a
    theorem refuted, or a sibling not refuted, under it stops the build with the reason. A T1
    paraphrase refuted under ``exact`` is a family bug and stops the build; under ``mathlib`` it is
    a rewrite Lean reads differently (``n ≥ 3`` moved to ``n - 3 ≥ 0`` in ℕ), so the item is left out
    and listed under ``dropped`` in the manifest.
    """
    check_semantics(semantics)
    import networkx as nx

    theorems = load_catalog(catalog)
    fams = families()
    statements: list[_Statement] = []
    certificates: dict[str, dict[str, Any]] = {}
    for theorem in theorems:
        truth = decide_local(theorem.statement, CALL_TIMEOUT, 0, semantics)
        if truth.status == "refuted":
            raise CatalogError(f"{theorem.file}: theorem {theorem.id} is refuted by the engine under {semantics} "
                               f"semantics at {truth.witness}")  # fmt: skip
        cid = _cert_id("truth", theorem.id)
        certificates[cid] = {"certificate_id": cid, "kind": "truth", "subjects": [theorem.id],
                             "anchor": {"mathlib": theorem.mathlib_name, "module": theorem.mathlib_module,
                                        "lean_proof": bool(theorem.lean_proof)}, **_record(truth)}  # fmt: skip
        statements.append(_Statement(theorem.id, theorem, theorem.statement, "TRUE", "theorem"))
        for sibling in theorem.siblings:
            falsity = decide_local(sibling.statement, CALL_TIMEOUT, 0, semantics)
            if falsity.status != "refuted" or falsity.witness is None:
                raise CatalogError(f"{theorem.file}: sibling {sibling.id} is not refuted by an exact witness under {semantics} "
                                   f"({falsity.status}: {falsity.reason or falsity.method})")  # fmt: skip
            cid = _cert_id("falsity", sibling.id)
            certificates[cid] = {"certificate_id": cid, "kind": "falsity", "subjects": [sibling.id], **_record(falsity)}
            statements.append(_Statement(sibling.id, theorem, sibling.statement, "FALSE", sibling.kind))
    graph = nx.Graph()
    items: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []
    for st in statements:
        canonical_formal = to_text(st.claim)
        graph.add_node(canonical_formal)
        base = {"theorem_id": st.id, "parent_theorem": st.theorem.id, "domain": st.theorem.domain, "label": st.label,
                "statement_kind": st.kind, "mathlib": {"name": st.theorem.mathlib_name, "module": st.theorem.mathlib_module}}  # fmt: skip
        truth_cert = _cert_id("truth" if st.label == "TRUE" else "falsity", st.id)
        items.append({"item_id": f"{st.id}#canonical", **base, "family": "canonical", "tier": "T0", "variant": "canonical",
                      "text": canonical_text(st.claim), "formal": canonical_formal,
                      "equivalence": {"method": "canonical"}, "truth_certificate": truth_cert})  # fmt: skip
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
                else:
                    cert = _record(equivalent_local(st.claim, para.formal, CALL_TIMEOUT, 0, semantics))
                if cert["status"] == "refuted" and semantics == "exact":
                    raise CatalogError(f"{st.theorem.file}: {para.family} paraphrase of {st.id} is refuted by the engine "
                                       f"(witness {cert['witness']}): {formal}")  # fmt: skip
                if cert["status"] == "refuted":
                    # exact-equivalent, but Lean reads the rewrite differently (ℕ truncation, x / 0 = 0):
                    # not a paraphrase under this semantics, so it leaves the benchmark, on record
                    dropped.append({"item_id": item["item_id"], "formal": formal, "witness": cert["witness"],
                                    "reason": f"not equivalent to the canonical statement under {semantics}"})  # fmt: skip
                    continue
                if cert["status"] == "certified":
                    certificates[cid] = {"certificate_id": cid, "kind": "equivalence", "subjects": [item["item_id"], f"{st.id}#canonical"],
                                         **cert}  # fmt: skip
                    item["equivalence"] = {"method": "certificate", "certificate_id": cid}
                    item["certificate_id"] = cid
                    graph.add_edge(canonical_formal, formal, certificate=cid)
                else:
                    item["tier"] = "T3"
                    item["equivalence"] = {"method": "needs_review", "reason": cert.get("evidence") or "unknown"}
            items.append(item)
    # a theorem and its sibling must never fall into one equivalence class
    component = {node: index for index, nodes in enumerate(nx.connected_components(graph)) for node in nodes}
    for st in statements:
        if st.label != "FALSE":
            continue
        a, b = to_text(st.theorem.statement), to_text(st.claim)
        if component.get(a) == component.get(b):
            witness = certificates[_cert_id("falsity", st.id)]["witness"]
            raise CatalogError(f"{st.theorem.file}: {st.theorem.id} and its sibling {st.id} are in one equivalence class, "
                               f"but {st.id} is refuted at {witness}")  # fmt: skip
    items.sort(
        key=lambda r: (r["domain"], r["parent_theorem"], r["theorem_id"], ["canonical", *fams].index(r["family"]))
    )
    out.mkdir(parents=True, exist_ok=True)
    _write_jsonl(out / "items.jsonl", items)
    _write_jsonl(out / "certificates.jsonl", [certificates[k] for k in sorted(certificates)])
    summary = stats(items)
    summary["classes"] = nx.number_connected_components(graph)
    if dropped:
        summary["dropped"] = len(dropped)
    manifest: dict[str, Any] = {
        "inputs": {**{f"formal/theorems/{p.name}": _sha(p) for p in sorted(catalog.glob("*.toml"))},
                   **{f"families/{p.name}": _sha(p) for p in sorted(FAMILY_DIR.glob("F*.toml"))}},
        "outputs": {name: _sha(out / name) for name in ("items.jsonl", "certificates.jsonl")},
        "counts": summary,
        "semantics": semantics,
    }  # fmt: skip
    if dropped:
        manifest["dropped"] = dropped
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return summary


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
