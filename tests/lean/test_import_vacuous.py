"""Imports: a vacuous instance is counted as vacuous and never as certified, a vacuous sibling candidate is
never a sibling, a vacuous equivalence never makes a T1 item; the manifest lists each one (none used)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pyverify.lean import _import
from pyverify.lean._read import Instance, LeanReading, NotLean
from pyverify.logic import parse

EMPTY = "theorem empty_range : ∀ (x : ℚ), x > 1 → x < 0 → x = 7"
MOD_ZERO = "theorem Nat.mod_zero' : ∀ (n : ℕ), n % 0 = 0"  # FormInv's false sibling of Nat.mod_zero
PRIME = "theorem Nat.Prime.two_le : ∀ {p : ℕ}, p.Prime → 2 ≤ p"
READINGS = {EMPTY: "forall x : Q, x > 1 -> x < 0 -> x = 7", MOD_ZERO: "forall n : N, mod(n, 0) = 0",
            PRIME: "forall p : N, prime(p) -> 2 <= p"}  # fmt: skip


def reader(text: str) -> LeanReading:
    if text not in READINGS:
        raise NotLean("not a statement", 0)
    return LeanReading(text, None, (Instance(parse(READINGS[text]), {}, ()),))


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture()
def statements(tmp_path: Path) -> Path:
    path = tmp_path / "statements.lean"
    path.write_text("\n".join([EMPTY, MOD_ZERO, PRIME]) + "\n", encoding="utf-8")
    return path


def _nothing_rests_on_vacuous(out: Path, manifest: dict[str, Any]) -> None:
    certs = {c["certificate_id"]: c for c in _rows(out / "certificates.jsonl")}
    for item in _rows(out / "items.jsonl"):
        if item["tier"] == "T1":
            assert certs[item["certificate_id"]]["status"] == "certified", item
        if item["label"] == "FALSE":
            assert certs[item["truth_certificate"]]["status"] == "refuted", item
    section = manifest["vacuous"]
    assert section["used"] == 0 and section["met"] == len(section["results"]) == manifest["coverage"]["vacuous_met"]


@pytest.mark.parametrize(("semantics", "vacuous", "refuted"), [
    ("exact", ["lean:Nat.mod_zero'", "lean:empty_range"], []),
    ("mathlib", ["lean:empty_range"], ["lean:Nat.mod_zero'"]),  # Lean's n % 0 = n: refuted at n = 1
])  # fmt: skip
def test_a_vacuous_instance_is_counted_as_vacuous_never_certified(statements: Path, tmp_path: Path, semantics: str,
                                                                  vacuous: list[str], refuted: list[str]) -> None:  # fmt: skip
    out = tmp_path / "out"
    manifest = _import.import_lean_statements(statements, out, semantics=semantics, reader=reader)
    truth = manifest["coverage"]["truth"]
    assert truth == {"certified": 1, "vacuous": len(vacuous), "unknown": 0, "refuted": len(refuted)}
    assert manifest["coverage"]["vacuous_instances"] == vacuous and manifest["coverage"]["refuted"] == refuted
    certs = {c["certificate_id"]: c for c in _rows(out / "certificates.jsonl")}
    for iid in vacuous:
        canonical = next(i for i in _rows(out / "items.jsonl") if i["item_id"] == f"{iid}#canonical")
        cert = certs[canonical["truth_certificate"]]
        assert cert["status"] == "vacuous" and cert["conditions"]
        listed = next(r for r in manifest["vacuous"]["results"] if r["kind"] == "truth" and r["subject"] == iid)
        assert listed["conditions"] == cert["conditions"]
    _nothing_rests_on_vacuous(out, manifest)


def test_vacuous_sibling_candidates_and_equivalences_are_listed_never_used(statements: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    manifest = _import.import_lean_statements(statements, out, semantics="mathlib", reader=reader)
    section = manifest["vacuous"]
    by_kind = section["by_kind"]
    assert by_kind["truth"] == 1 and by_kind["falsity"] >= 1 and by_kind["equivalence"] >= 1
    items = {i["item_id"]: i for i in _rows(out / "items.jsonl")}
    for entry in section["results"]:
        assert entry["conditions"], entry
        if entry["kind"] == "falsity":  # a candidate true of no point is not a false sibling
            assert all(i["formal"] != entry["formal"] for i in items.values() if i["label"] == "FALSE")
        if entry["kind"] == "equivalence":
            item = items[entry["subject"]]
            assert item["tier"] == "T3" and item["equivalence"]["method"] == "needs_review"
            assert "certificate_id" not in item
    _nothing_rests_on_vacuous(out, manifest)


def test_the_import_report_counts_vacuous(statements: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pyverify.cli import _import_report

    manifest = _import.import_lean_statements(statements, tmp_path / "out", semantics="mathlib", reader=reader)
    _import_report(manifest, tmp_path / "out", as_json=False)
    text = capsys.readouterr().out
    assert "vacuous (not certified; kept: anchored in Mathlib)" in text
    met = re.search(r"vacuous results met \(none used\)\W*(\d+)", text)
    assert met is not None and int(met.group(1)) == manifest["coverage"]["vacuous_met"] > 0
