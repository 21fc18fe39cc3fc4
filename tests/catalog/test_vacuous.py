"""The build never rests on a vacuous result: a vacuous sibling stops it, a vacuous truth certificate and a
vacuous T1 equivalence certify nothing, and the manifest counts and lists every one met."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pyverify.catalog._build import build
from pyverify.catalog._load import CatalogError


def _catalog(tmp_path: Path, domain: str, text: str) -> Path:
    directory = tmp_path / "theorems"
    directory.mkdir(exist_ok=True)
    (directory / f"{domain}.toml").write_text(f'domain = "{domain}"\n' + text)
    return directory


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


MOD_ZERO = """
[[theorem]]
id = "number_theory.mod_zero"
statement = "forall n : N, mod(n, 0) = n"
english = "n mod 0 is n."
mathlib = { name = "Nat.mod_zero", module = "Mathlib.Init.Data.Nat.Lemmas" }
[[theorem.sibling]]
id = "number_theory.mod_zero.wrong_constant"
kind = "wrong_constant"
statement = "forall n : N, mod(n, 0) = 0"
"""


def test_a_vacuous_sibling_is_not_refuted_and_stops_the_build(tmp_path: Path) -> None:
    # FormInv's false sibling of Nat.mod_zero: under exact semantics mod(n, 0) is defined nowhere
    with pytest.raises(CatalogError) as info:
        build(tmp_path / "out", _catalog(tmp_path, "number_theory", MOD_ZERO))
    message = str(info.value)
    assert "mod_zero.wrong_constant is not refuted" in message
    assert "vacuous: no point satisfies 0 ≠ 0" in message


EMPTY = """
[[theorem]]
id = "order.empty"
statement = "forall x : Q, x > 1 -> x < 0 -> x = 7"
english = "Above 1 and below 0, x is 7."
mathlib = { name = "Made.up", module = "Made.Up" }
[[theorem.sibling]]
id = "order.empty.dropped"
kind = "dropped_hypothesis"
statement = "forall x : Q, x > 1 -> x = 7"
"""

EXP_LOG = """
[[theorem]]
id = "real_functions.exp_log"
statement = "forall x : R, x > 0 -> exp(log(x)) = x"
english = "For every positive real x, exp(log(x)) equals x."
mathlib = { name = "Real.exp_log", module = "Mathlib.Analysis.SpecialFunctions.Log.Basic" }
[[theorem.sibling]]
id = "real_functions.exp_log.wrong_constant"
kind = "wrong_constant"
statement = "forall x : R, x > 0 -> exp(log(x)) = x^2"
"""


def _check_nothing_rests_on_vacuous(out: Path) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
    items = _rows(out / "items.jsonl")
    certificates = {row["certificate_id"]: row for row in _rows(out / "certificates.jsonl")}
    manifest = json.loads((out / "manifest.json").read_text())
    for item in items:
        if item["tier"] == "T1":
            assert certificates[item["certificate_id"]]["status"] == "certified", item
        if item["label"] == "FALSE":
            assert certificates[item["truth_certificate"]]["status"] == "refuted", item
    # no vacuous equivalence is kept as a certificate
    assert not [c for c in certificates.values() if c["kind"] == "equivalence" and c["status"] != "certified"]
    section = manifest["vacuous"]
    assert section["used"] == 0 and "none is used" in section["note"]
    assert section["met"] == len(section["results"]) == sum(section["by_kind"].values())
    assert manifest["counts"]["vacuous"] == section["met"]
    return items, certificates, section


def test_a_vacuous_theorem_certifies_nothing_and_is_listed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    summary = build(out, _catalog(tmp_path, "order", EMPTY))
    items, certificates, section = _check_nothing_rests_on_vacuous(out)
    canonical = next(i for i in items if i["item_id"] == "order.empty#canonical")
    truth = certificates[canonical["truth_certificate"]]
    assert truth["status"] == "vacuous" and truth["conditions"] == ["x > 1", "x < 0"]
    listed = [r for r in section["results"] if r["kind"] == "truth"]
    assert listed == [{"kind": "truth", "subject": "order.empty", "formal": "forall x : Q, x > 1 -> x < 0 -> x = 7",
                       "conditions": ["x > 1", "x < 0"], "proved_by": listed[0]["proved_by"]}]  # fmt: skip
    # its rewritten paraphrases are equivalent to it only vacuously: needs_review, never T1 through one
    vacuous_items = {r["subject"] for r in section["results"] if r["kind"] == "equivalence"}
    assert vacuous_items == {"order.empty#F6", "order.empty#F8"}
    for item in items:
        if item["item_id"] in vacuous_items:
            assert item["tier"] == "T3" and item["equivalence"]["method"] == "needs_review"
            assert item["equivalence"]["reason"].startswith("vacuous: no point satisfies")
            assert "certificate_id" not in item
    assert summary["vacuous"] == section["met"] == 1 + len(vacuous_items)


def test_a_contrapositive_paraphrase_is_not_vacuous_and_stays_t1(tmp_path: Path) -> None:
    # F8 turns x > 0 -> exp(log x) = x into exp(log x) != x -> x <= 0: its hypothesis bounds no variable, so it
    # is the statement's content, not its domain (x > 0 is not empty): certified, nothing vacuous met
    out = tmp_path / "out"
    build(out, _catalog(tmp_path, "real_functions", EXP_LOG))
    items, certificates, section = _check_nothing_rests_on_vacuous(out)
    f8 = next(i for i in items if i["item_id"] == "real_functions.exp_log#F8")
    assert f8["formal"] == "forall x : R, exp(log(x)) != x -> x <= 0"
    assert f8["tier"] == "T1" and certificates[f8["certificate_id"]]["status"] == "certified"
    assert section == {**section, "met": 0, "by_kind": {"truth": 0, "falsity": 0, "equivalence": 0}, "results": []}


def test_a_vacuous_sibling_candidate_is_never_a_sibling_and_is_recorded() -> None:
    from pyverify.catalog._siblings import find_siblings
    from pyverify.logic import parse

    search = find_siblings(parse("forall x : Q, x > 1 -> x < 0 -> x = 7"), "empty", timeout=2.0, isolate=False)
    assert search.vacuous, search.tried  # x = 6, x = 8, ...: true of no point, so not refuted
    for kind, text, conditions in search.vacuous:
        assert (kind, text, "vacuous") in search.tried and conditions
        assert all(s.claim != parse(text) for s in search.siblings)
    assert all(s.certificate.status == "refuted" for s in search.siblings)
