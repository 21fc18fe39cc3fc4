"""The catalog loader's errors, and the benchmark build on a small catalog: labels, tiers, determinism."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pyverify.catalog._build import build
from pyverify.catalog._load import CatalogError, load_catalog

SAMPLE = Path(__file__).with_name("sample_catalog.toml")


def _catalog(tmp_path: Path, text: str) -> Path:
    directory = tmp_path / "theorems"
    directory.mkdir(exist_ok=True)
    (directory / "number_theory.toml").write_text(text)
    return directory


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda t: t + "\n[[theorem\n", "invalid TOML"),
        (lambda t: t.replace('domain = "number_theory"', 'domain = "astrology"'), "unknown domain 'astrology'"),
        (lambda t: t.replace('id = "number_theory.even_sq"', 'id = "number_theory.prime_two_le"'), "duplicate id"),
        (lambda t: t.replace(', module = "Mathlib.Data.Nat.Prime.Defs"', ""), "missing its module"),
        (
            lambda t: t.replace("forall p : N, prime(p) -> 2 <= p", "forall p : N, prime(p) -> 2 <= q"),
            "unknown name 'q'",
        ),
        (lambda t: t.replace('kind = "off_by_one"', 'kind = "random"'), "kind must be one of"),
    ],
)
def test_bad_catalogs_name_file_id_and_reason(tmp_path: Path, edit, fragment: str) -> None:  # type: ignore[no-untyped-def]
    directory = _catalog(tmp_path, edit(SAMPLE.read_text()))
    with pytest.raises(CatalogError) as info:
        load_catalog(directory)
    assert fragment in str(info.value)
    assert "number_theory.toml" in str(info.value)


def test_a_sibling_that_is_true_stops_the_build(tmp_path: Path) -> None:
    text = SAMPLE.read_text().replace(
        'statement = "forall p : N, prime(p) -> 3 <= p"', 'statement = "forall p : N, prime(p) -> 1 <= p"'
    )
    with pytest.raises(CatalogError, match="prime_two_le.off_by_one is not refuted"):
        build(tmp_path / "out", _catalog(tmp_path, text))


def test_build_items_labels_tiers_and_determinism(tmp_path: Path) -> None:
    directory = _catalog(tmp_path, SAMPLE.read_text())
    summary = build(tmp_path / "a", directory)
    assert summary["theorems"] == 4 and summary["false_siblings"] == 4
    assert summary["true_share"] == 0.5
    assert summary["t1_items"] == summary["t1_certified"] > 0
    assert set(summary["per_family"]) == {"canonical", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"}
    build(tmp_path / "b", directory)
    for name in ("items.jsonl", "certificates.jsonl", "manifest.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    items = [json.loads(line) for line in (tmp_path / "a" / "items.jsonl").read_text().splitlines()]
    certificates = {
        json.loads(line)["certificate_id"]: json.loads(line)
        for line in (tmp_path / "a" / "certificates.jsonl").read_text().splitlines()
    }
    for item in items:
        if item["tier"] == "T1":
            assert certificates[item["certificate_id"]]["status"] == "certified"
        if item["tier"] == "T2":
            assert item["formal"] == next(
                i["formal"] for i in items if i["item_id"] == item["theorem_id"] + "#canonical"
            )
        if item["label"] == "FALSE":
            falsity = certificates[item["truth_certificate"]]
            assert falsity["status"] == "refuted" and falsity["witness"]


def test_real_catalog_loads() -> None:
    theorems = load_catalog()
    assert theorems, "formal/theorems holds the catalog"
    assert all(t.siblings for t in theorems)


def test_forminv_import(tmp_path: Path) -> None:
    from pyverify.catalog._forminv import convert

    source = Path(__file__).resolve().parents[3] / "shared" / "data" / "forminv" / "forminv_v3_103.jsonl"
    if not source.is_file():
        pytest.skip("shared FormInv data not present")
    manifest = convert(source, tmp_path / "fi")
    assert manifest["items"] == 760 and manifest["theorems"] == 103
    rows = [json.loads(line) for line in (tmp_path / "fi" / "items.jsonl").read_text().splitlines()]
    assert {r["family"] for r in rows} == {"canonical", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"}
    assert all(r["provenance"]["source"] == "forminv" for r in rows)
    assert all(r["equivalence"]["method"] in ("canonical", "uncertified") for r in rows)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n')
    with pytest.raises(CatalogError, match="missing field"):
        convert(bad, tmp_path / "out")
    shutil.rmtree(tmp_path / "fi")


def test_committed_benchmark_is_built_from_the_current_catalog() -> None:
    import hashlib

    from pyverify.catalog._build import GENERATED
    from pyverify.catalog._load import CATALOG_DIR
    from pyverify.paraphrase._families import FAMILY_DIR

    manifest = json.loads((GENERATED / "manifest.json").read_text())
    for name, digest in manifest["inputs"].items():
        folder = CATALOG_DIR if name.startswith("formal/") else FAMILY_DIR
        path = folder / Path(name).name
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, f"{name} changed: run `pyverify build`"
    for name, digest in manifest["outputs"].items():
        assert hashlib.sha256((GENERATED / name).read_bytes()).hexdigest() == digest, name
    # nothing timing-dependent may enter the build's output, or the same inputs would not give the same bytes
    assert '"seconds"' not in (GENERATED / "certificates.jsonl").read_text()
    counts = manifest["counts"]
    assert counts["theorems"] >= 150 and counts["false_siblings"] >= 150 and counts["items"] >= 1500
    assert 0.4 <= counts["true_share"] <= 0.6 and counts["t1_items"] == counts["t1_certified"]


def test_a_refuted_paraphrase_stops_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pyverify.catalog import _build
    from pyverify.logic import parse
    from pyverify.paraphrase._families import Paraphrase

    def broken(claim, key):  # type: ignore[no-untyped-def]
        wrong = parse("forall p : N, prime(p) -> 5 <= p")
        return [Paraphrase("F6", "F6.flip", "T1", wrong, "a wrong rewrite")]

    monkeypatch.setattr(_build, "paraphrases", broken)
    with pytest.raises(CatalogError) as info:
        _build.build(tmp_path / "out", _catalog(tmp_path, SAMPLE.read_text()))
    message = str(info.value)
    assert "number_theory.toml" in message and "F6 paraphrase of number_theory." in message and "refuted" in message


FACTORIAL = '''domain = "number_theory"

[[theorem]]
id = "number_theory.lt_factorial_self"
statement = "forall n : N, n >= 3 -> n < factorial(n)"
english = "For n >= 3, n is strictly less than n!."
mathlib = { name = "Nat.lt_factorial_self", module = "Mathlib.Data.Nat.Factorial.Basic" }
[[theorem.sibling]]
id = "number_theory.lt_factorial_self.off_by_one"
kind = "off_by_one"
statement = "forall n : N, n >= 2 -> n < factorial(n)"
'''


def test_mathlib_build_leaves_out_rewrites_lean_reads_differently(tmp_path: Path) -> None:
    directory = _catalog(tmp_path, FACTORIAL)
    exact = build(tmp_path / "exact", directory)
    items = [json.loads(line) for line in (tmp_path / "exact" / "items.jsonl").read_text().splitlines()]
    moved = next(i for i in items if i["item_id"] == "number_theory.lt_factorial_self#F8")
    assert moved["formal"] == "forall n : N, n - 3 >= 0 -> n < factorial(n)"  # true in ℤ
    lean = build(tmp_path / "mathlib", directory, semantics="mathlib")
    manifest = json.loads((tmp_path / "mathlib" / "manifest.json").read_text())
    assert manifest["semantics"] == "mathlib" and lean["dropped"] == 2 == len(manifest["dropped"])
    dropped = {row["item_id"]: row for row in manifest["dropped"]}
    assert set(dropped) == {moved["item_id"], "number_theory.lt_factorial_self.off_by_one#F8"}
    assert dropped[moved["item_id"]]["witness"] == {"n": "1"}  # 1 - 3 = 0 in ℕ, and 1 < 1! fails
    assert lean["items"] == exact["items"] - 2
    certificates = (tmp_path / "mathlib" / "certificates.jsonl").read_text().splitlines()
    assert all(json.loads(line)["semantics"] == "mathlib" for line in certificates)
