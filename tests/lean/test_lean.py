"""Lean export golden text and the check without a toolchain."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pyverify.catalog._load import Sibling, Theorem
from pyverify.lean._export import equivalence_block, negation_block, theorem_block
from pyverify.logic import parse


def _theorem(**kw):  # type: ignore[no-untyped-def]
    base = dict(id="number_theory.prime_two_le", domain="number_theory", statement=parse("forall p : N, prime(p) -> 2 <= p"),
                text="", english="Every prime is at least 2.", mathlib_name="Nat.Prime.two_le",
                mathlib_module="Mathlib.Data.Nat.Prime.Defs", lean_proof=None, siblings=(), file="x")  # fmt: skip
    base.update(kw)
    return Theorem(**base)


def test_theorem_golden() -> None:
    text = theorem_block(_theorem())
    assert text.startswith(
        "/-- Every prime is at least 2. Mathlib: `Nat.Prime.two_le` (Mathlib.Data.Nat.Prime.Defs). -/\n"
        "theorem number_theory_prime_two_le :\n    ∀ p : ℕ, Nat.Prime p → (2 : ℕ) ≤ p := by\n  first\n  | exact Nat.Prime.two_le\n"
    )
    assert "sorry" not in text
    proof = theorem_block(_theorem(mathlib_name=None, lean_proof="by intro p hp; exact hp.two_le"))
    assert proof.endswith(":= by intro p hp; exact hp.two_le\n")


def test_negation_golden() -> None:
    sibling = Sibling("algebra.binom.wrong", "wrong_constant", parse("forall x y : Q, (x + y)^2 = x^2 + y^2"), "")
    text = negation_block(sibling, {"x": "1", "y": "1/2"})
    assert text.startswith(
        "theorem algebra_binom_wrong_false :\n    ¬ (∀ x y : ℚ, ((x + y) ^ 2 : ℚ) = (x ^ 2 + y ^ 2 : ℚ)) := by\n"
        "  intro h\n  have hw := h (1 : ℚ) ((1 : ℚ) / 2)\n"
    )
    guarded = Sibling("s.t", "dropped_hypothesis", parse("forall x : Q, assume x > 0, 1/x < 1"), "")
    assert "have hw := h ((1 : ℚ) / 2) (by norm_num) (by norm_num)" in negation_block(guarded, {"x": "1/2"})
    matrix = Sibling("m.t", "converse", parse("forall A B : Mat2(Q), A*B = B*A"), "")
    assert "!![(1 : ℚ), (2 : ℚ); (3 : ℚ), (4 : ℚ)]" in negation_block(
        matrix, {"A": [["1", "2"], ["3", "4"]], "B": [["0", "1"], ["0", "0"]]}
    )


def test_equivalence_golden() -> None:
    a, b = parse("forall p : N, prime(p) -> 2 <= p"), parse("forall p : N, prime(p) -> p >= 2")
    text = equivalence_block("number_theory.prime_two_le#F6", "F6.flip", a, b)
    assert text == (
        "theorem number_theory_prime_two_le_F6_iff :\n    (∀ p : ℕ, Nat.Prime p → p ≥ (2 : ℕ)) ↔ (∀ p : ℕ, Nat.Prime p → (2 : ℕ) ≤ p) := by\n"
        "  first\n  | simp only [ge_iff_le, gt_iff_lt]\n  | (constructor <;> intro h <;> intros <;> simp_all [ge_iff_le, gt_iff_lt])\n"
    )
    assert equivalence_block("x#F4", "F4.symbols", a, a).endswith(":= Iff.rfl\n")


@pytest.mark.skipif(shutil.which("lake") is not None, reason="a Lean toolchain is installed; this tests its absence")
def test_check_without_toolchain() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pyverify.cli", "lean", "check"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 4
    assert "Lean toolchain unavailable" in proc.stdout


@pytest.mark.skipif(shutil.which("lake") is None, reason="needs `lake` (no Lean toolchain is installed here)")
def test_lake_build_accepts_the_export() -> None:  # pragma: no cover - needs Lean
    proc = subprocess.run(
        [sys.executable, "-m", "pyverify.cli", "lean", "check"], capture_output=True, text=True, timeout=7200
    )
    assert proc.returncode == 0, proc.stdout


GOLDEN = Path(__file__).with_name("golden") / "NumberTheory.lean"
SAMPLE = Path(__file__).resolve().parents[1] / "catalog" / "sample_catalog.toml"


def _export_sample(tmp_path: Path, semantics: str = "exact") -> str:
    import json

    from pyverify.catalog._build import build
    from pyverify.catalog._load import load_catalog
    from pyverify.lean import export

    catalog = tmp_path / "theorems"
    catalog.mkdir()
    (catalog / "number_theory.toml").write_text(SAMPLE.read_text())
    build(tmp_path / "generated", catalog)
    items = [json.loads(line) for line in (tmp_path / "generated" / "items.jsonl").read_text().splitlines()]
    certificates = {}
    for line in (tmp_path / "generated" / "certificates.jsonl").read_text().splitlines():
        row = json.loads(line)
        certificates[row["certificate_id"]] = row
    root = tmp_path / "lean"
    (root / "Pyverify").mkdir(parents=True)
    export(load_catalog(catalog), items, certificates, root, semantics=semantics)
    return (root / "Pyverify" / "Generated" / "NumberTheory.lean").read_text()


def test_export_matches_the_golden_file(tmp_path: Path) -> None:
    text = _export_sample(tmp_path)
    if os.environ.get("PYVERIFY_UPDATE_GOLDEN"):
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text(), "Lean rendering changed; set PYVERIFY_UPDATE_GOLDEN=1 to accept"


GOLDEN_MATHLIB = GOLDEN.with_name("NumberTheory.mathlib.lean")


def test_mathlib_export_states_the_claims_as_written(tmp_path: Path) -> None:
    import json

    text = _export_sample(tmp_path, "mathlib")
    if os.environ.get("PYVERIFY_UPDATE_GOLDEN"):
        GOLDEN_MATHLIB.write_text(text)
    assert text == GOLDEN_MATHLIB.read_text(), "Lean rendering changed; set PYVERIFY_UPDATE_GOLDEN=1 to accept"
    manifest = json.loads((tmp_path / "lean" / "export.json").read_text())
    assert manifest["semantics"] == "mathlib" and manifest["hypotheses"].startswith("none")
    exact_dir = tmp_path / "exact"
    exact_dir.mkdir()
    exact = _export_sample(exact_dir)
    assert json.loads((exact_dir / "lean" / "export.json").read_text())["semantics"] == "exact"
    # the exact export adds definedness hypotheses the mathlib one never has
    assert exact != text
