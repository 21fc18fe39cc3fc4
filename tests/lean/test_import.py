"""Importing Lean statements: read (by a fake reader here), certified, balanced, with coverage.

The fake reader maps statement strings to claims built with ``pyverify.logic.parse``, so these tests
do not depend on the real reader; the real one is exercised on the shared FormInv file when present.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pyverify.catalog._load import CatalogError
from pyverify.certify import check_witness
from pyverify.lean import _import, _read
from pyverify.lean._read import Instance, LeanReading, NotLean, OutsideFragment
from pyverify.logic import parse

GENERIC = "theorem add_sub_cancel : ∀ {G : Type u_1} [inst : AddGroup G] (a b : G), a + b - b = a"
CONCRETE = "theorem Nat.Prime.two_le : ∀ {p : ℕ}, p.Prime → 2 ≤ p"
OUTSIDE = "theorem Set.inter_empty : ∀ {α : Type u_1} (s : Set α), s ∩ ∅ = ∅"
WRONG = "theorem Nat.sub_add_cancel' : ∀ (n : ℕ), n - 1 + 1 = n"  # false as Lean reads it (n = 0)
READINGS: dict[str, Any] = {
    GENERIC: [("forall a b : Z, a + b - b = a", {"G": "ℤ"}), ("forall a b : Q, a + b - b = a", {"G": "ℚ"})],
    CONCRETE: [("forall p : N, prime(p) -> 2 <= p", {})],
    OUTSIDE: OutsideFragment("Set", 38),
    WRONG: [("forall n : N, n - 1 + 1 = n", {})],
}


def fake_reader(text: str) -> LeanReading:
    value = READINGS.get(text)
    if value is None:
        raise NotLean("not a statement", 0)
    if isinstance(value, Exception):
        raise value
    instances = tuple(Instance(parse(c), types, ("AddGroup",) if types else ()) for c, types in value)
    return LeanReading(text, None, instances)


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _forminv_row(tid: str, statement: str, family: str = "canonical", n: int = 0) -> dict[str, Any]:
    return {"id": f"{tid}_{family}_{n}", "theorem_id": tid, "lean4_statement": statement, "mathlib_name": tid,
            "domain": "algebra", "tier": "tier1", "family": family, "nl_question": f"Is {tid} true?",
            "ground_truth": "TRUE", "canonical_nl": f"{tid} holds."}  # fmt: skip


@pytest.fixture()
def statements(tmp_path: Path) -> Path:
    path = tmp_path / "statements.lean"
    path.write_text("\n".join([GENERIC, CONCRETE, "-- a comment", "", OUTSIDE, WRONG]) + "\n", encoding="utf-8")
    return path


def test_generic_statement_gives_one_certified_instance_per_type(statements: Path, tmp_path: Path) -> None:
    manifest = _import.import_lean_statements(statements, tmp_path / "out", reader=fake_reader)
    items = _rows(tmp_path / "out" / "items.jsonl")
    canon = {i["theorem_id"]: i for i in items if i["family"] == "canonical"}
    assert {"lean:add_sub_cancel@ℤ", "lean:add_sub_cancel@ℚ", "lean:Nat.Prime.two_le"} <= set(canon)
    zi = canon["lean:add_sub_cancel@ℤ"]
    assert zi["statement_kind"] == "instance" and zi["parent_theorem"] == "lean:add_sub_cancel"
    assert zi["instance"] == {"of": "lean:add_sub_cancel", "label": "G := ℤ", "types": {"G": "ℤ"},
                              "classes": ["AddGroup"], "consequence": True}  # fmt: skip
    assert zi["formal"] == "forall a b : Z, a + b - b = a" and zi["label"] == "TRUE" and zi["tier"] == "T0"
    assert canon["lean:Nat.Prime.two_le"]["statement_kind"] == "theorem"
    cov = manifest["coverage"]
    assert cov["theorems"] == 4 and cov["read"] == 3 and cov["instances"] == 4 and cov["consequences"] == 2
    certs = {c["certificate_id"]: c for c in _rows(tmp_path / "out" / "certificates.jsonl")}
    assert certs[zi["truth_certificate"]]["status"] == "certified"
    assert certs[zi["truth_certificate"]]["semantics"] == "mathlib"
    # T1 items carry a certified equivalence, T2 items a template
    for item in items:
        if item["tier"] == "T1":
            assert certs[item["certificate_id"]]["status"] == "certified"
        if item["tier"] == "T2":
            assert item["equivalence"]["method"] == "template"


def test_outside_the_fragment_is_listed_under_its_construct(statements: Path, tmp_path: Path) -> None:
    manifest = _import.import_lean_statements(statements, tmp_path / "out", reader=fake_reader)
    assert manifest["coverage"]["outside_fragment"] == 1
    assert manifest["coverage"]["outside_by_construct"] == {"Set": ["lean:Set.inter_empty"]}
    items = _rows(tmp_path / "out" / "items.jsonl")
    assert not [i for i in items if i["parent_theorem"] == "lean:Set.inter_empty"]


def test_a_refuted_theorem_goes_to_problems_with_its_witness(statements: Path, tmp_path: Path) -> None:
    manifest = _import.import_lean_statements(statements, tmp_path / "out", reader=fake_reader)
    (problem,) = [p for p in manifest["problems"] if p["instance_id"] == "lean:Nat.sub_add_cancel'"]
    assert problem["witness"] == {"n": "0"} and "reading bug" in problem["reason"]
    assert manifest["coverage"]["refuted"] == ["lean:Nat.sub_add_cancel'"]
    items = _rows(tmp_path / "out" / "items.jsonl")
    assert not [i for i in items if i["parent_theorem"] == "lean:Nat.sub_add_cancel'"]


def test_every_formal_true_statement_has_a_refuted_false_sibling(statements: Path, tmp_path: Path) -> None:
    _import.import_lean_statements(statements, tmp_path / "out", reader=fake_reader)
    items = _rows(tmp_path / "out" / "items.jsonl")
    certs = {c["certificate_id"]: c for c in _rows(tmp_path / "out" / "certificates.jsonl")}
    canon = [i for i in items if i["family"] == "canonical"]
    true = [i for i in canon if i["label"] == "TRUE"]
    false = [i for i in canon if i["label"] == "FALSE"]
    assert true and len(false) == len(true)
    for theorem in true:
        (sibling,) = [f for f in false if f["sibling"]["of"] == theorem["theorem_id"]]
        cert = certs[sibling["truth_certificate"]]
        assert cert["kind"] == "falsity" and cert["status"] == "refuted"
        assert check_witness(sibling["formal"], cert["witness"], 5.0, "mathlib").verified
        assert sibling["formal"] != theorem["formal"]


def test_forminv_rows_are_kept_with_the_formal_statements_of_their_theorem(tmp_path: Path) -> None:
    rows = [_forminv_row("thm_gen", GENERIC), _forminv_row("thm_gen", GENERIC, "syntactic"),
            _forminv_row("thm_out", OUTSIDE), _forminv_row("thm_out", OUTSIDE, "notation")]  # fmt: skip
    source = tmp_path / "fi.jsonl"
    source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    manifest = _import.import_forminv(source, tmp_path / "out", reader=fake_reader)
    items = _rows(tmp_path / "out" / "items.jsonl")
    imported = [i for i in items if i["tier"] == "imported"]
    assert [i["item_id"] for i in imported] == [f"forminv:{r['id']}" for r in rows]
    gen, _, out, _ = imported
    assert gen["formal"] is None and gen["equivalence"]["method"] == "needs_review" and gen["semantics"] == "mathlib"
    assert gen["theorem_formal"] == ["forall a b : Z, a + b - b = a", "forall a b : Q, a + b - b = a"]
    assert gen["provenance"]["source"] == "forminv" and gen["lean4_statement"] == GENERIC
    assert out["theorem_formal"] == [] and out["formal_reason"].startswith("outside the fragment: Set")
    assert manifest["coverage"]["imported_rows"] == 4 and manifest["coverage"]["formal_items"] > 0
    assert {i["label"] for i in items if i.get("formal")} == {"TRUE", "FALSE"}


def test_the_reader_is_looked_up_at_call_time(monkeypatch: pytest.MonkeyPatch, statements: Path, tmp_path: Path) -> None:
    monkeypatch.setattr(_read, "read_statement", fake_reader)
    manifest = _import.import_lean_statements(statements, tmp_path / "out")
    assert manifest["coverage"]["read"] == 3


def test_same_input_same_bytes(statements: Path, tmp_path: Path) -> None:
    for name in ("a", "b"):
        _import.import_lean_statements(statements, tmp_path / name, reader=fake_reader)
    for name in ("items.jsonl", "certificates.jsonl", "manifest.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


HOSTILE = [
    ("not-json", '{"lean4_statement": "theorem x : 1 = 1"\n', ":1: not valid JSON"),
    ("no-statement", '{"id": "x"}\n', ":1: missing field lean4_statement"),
    ("statement-number", '\n{"lean4_statement": 7}\n', ":2: lean4_statement must be non-empty text"),
    ("json-list", "[1, 2]\n", None),  # not an object: a (non-Lean) statement line, read leniently
    ("duplicate-id", '{"id": "a", "lean4_statement": "theorem a : 1 = 1"}\n{"id": "a", "lean4_statement": "x"}\n',
     ":2: duplicate id 'a'"),
    ("empty", "", ": no Lean statements"),
    ("blank", "\n  \n-- only a comment\n", ": no Lean statements"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "text", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_statement_files(tmp_path: Path, name: str, text: str, message: str | None) -> None:
    source = tmp_path / "s.jsonl"
    source.write_text(text, encoding="utf-8")
    if message is None:
        manifest = _import.import_lean_statements(source, tmp_path / "out", reader=fake_reader)
        assert manifest["coverage"]["read"] == 0 and len(manifest["coverage"]["not_read"]) == 1
        return
    with pytest.raises(CatalogError) as caught:
        _import.import_lean_statements(source, tmp_path / "out", reader=fake_reader)
    assert str(caught.value) == f"{source}{message}" or str(caught.value).startswith(f"{source}{message}")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyverify.cli", "import", *args], capture_output=True, text=True,
                          timeout=120)  # fmt: skip


@pytest.mark.parametrize(
    ("command", "text", "message"),
    [("lean-statements", None, "no such file"), ("lean-statements", '{"lean4_statement": \n', ":1: not valid JSON"),
     ("lean-statements", "", "no Lean statements"), ("forminv", "", "no FormInv rows"),
     ("forminv", "not json\n", ":1: not valid JSON"), ("forminv", '{"id": "x"}\n', ":1: missing field(s)")],
    ids=["missing", "bad-json", "empty", "forminv-empty", "forminv-not-json", "forminv-missing-field"],
)  # fmt: skip
def test_cli_bad_input_exits_2_with_one_line(tmp_path: Path, command: str, text: str | None, message: str) -> None:
    source = tmp_path / "in.jsonl"
    if text is not None:
        source.write_text(text, encoding="utf-8")
    proc = _cli(command, str(source), "--out", str(tmp_path / "out"))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {source}") and message in lines[0]
    assert "Traceback" not in proc.stderr and not (tmp_path / "out").exists()


def test_cli_bad_semantics_exits_2(tmp_path: Path, statements: Path) -> None:
    proc = _cli("lean-statements", str(statements), "--out", str(tmp_path / "out"), "--semantics", "lean")
    assert proc.returncode == 2 and "--semantics" in proc.stderr


def _reader_available() -> bool:
    try:
        _read.read_statement(CONCRETE)
    except NotImplementedError:
        return False
    except Exception:
        return True
    return True


SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "forminv" / "forminv_v3_50.jsonl"


@pytest.mark.skipif(not SHARED.is_file(), reason="shared FormInv data not present")
def test_cli_imports_the_real_forminv_file(tmp_path: Path) -> None:
    if not _reader_available():
        pytest.skip("the Lean statement reader is not implemented yet")
    proc = _cli("forminv", str(SHARED), "--out", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    assert "import coverage" in proc.stdout
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))
    items = _rows(tmp_path / "out" / "items.jsonl")
    formal = [i for i in items if i.get("formal")]
    assert formal and {i["label"] for i in formal} == {"TRUE", "FALSE"}
    assert manifest["coverage"]["theorems"] == 50 and manifest["coverage"]["imported_rows"] == 366


def test_cli_unwritable_out_exits_2(tmp_path: Path, statements: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    proc = _cli("lean-statements", str(statements), "--out", str(blocker / "out"))
    assert proc.returncode == 2 and "cannot write" in proc.stderr and "Traceback" not in proc.stderr
