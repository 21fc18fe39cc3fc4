"""Writing the catalog into the Lake project: theorems, refutations of false siblings, equivalences.

Each catalog theorem becomes a Lean theorem whose statement is :func:`pyverify.logic.to_lean` of its
formal statement and whose proof is the catalog's ``lean_proof`` or a cascade of robust tactics
citing its Mathlib anchor. Each false sibling becomes a proof of its negation that instantiates the
statement at the engine's certified witness and lets ``norm_num`` evaluate it. T1 equivalences whose
rewrite rule has a standard lemma get a proof of the ``↔``. ``export.json`` records a hash of every
statement, so ``pyverify lean check`` can tell whether a statement was changed by hand.

The export follows a semantics. ``exact`` (the default) states each claim with the casts and the
definedness hypotheses (``x ≠ 0 → ...``) under which pyverify decided it. ``mathlib`` states it as
written, read with Mathlib's total operations (no added hypotheses; the carriers Lean infers are
written as ascriptions); a claim with no Mathlib-faithful reading is left out and listed in
``export.json``, and a refutation is only exported at a witness that refutes the claim under
``mathlib``. ``export.json`` records which semantics the statements follow.
"""

from __future__ import annotations

import hashlib
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from pyverify.logic import Claim, Sort, parse, to_lean
from pyverify.logic._render import definedness
from pyverify.logic._semantics import Unsupported, check_semantics, to_lean_mathlib

LEAN_DIR = Path(__file__).resolve().parents[2] / "lean_project"
GENERATED = "Pyverify/Generated"
#: simp lemmas that turn each T1 rewrite back into the canonical statement
EQUIVALENCE_LEMMAS = {
    "F4.symbols": None,  # the same formal statement: Iff.rfl
    "F6.flip": ["ge_iff_le", "gt_iff_lt"],
    "F6.negate": ["not_lt", "not_le"],
    "F7.unfold": [
        "even_iff_two_dvd",
        "Int.odd_iff_not_even",
        "Nat.odd_iff_not_even",
        "abs_eq_max_neg",
        "sq",
        "Nat.coprime_iff_gcd_eq_one",
    ],  # fmt: skip
    "F8.contrapositive": ["not_imp_not", "not_lt", "not_le", "ne_eq", "not_not"],
    "F8.move_terms": [
        "sub_eq_zero",
        "sub_nonpos",
        "sub_neg",
        "sub_nonneg",
        "sub_pos",
        "sub_ne_zero",
        "ge_iff_le",
        "gt_iff_lt",
    ],  # fmt: skip
}


def lean_name(ident: str) -> str:
    """A Lean identifier for a catalog id."""
    return re.sub(r"[^A-Za-z0-9_]", "_", ident)


def _module(domain: str) -> str:
    return "".join(part.capitalize() for part in domain.split("_"))


def _value(text: Any, sort: Sort) -> str:
    """A witness value as a Lean term of the variable's type."""
    if sort.kind == "Mat":
        rows = "; ".join(", ".join(_value(e, Sort("Q")) for e in row) for row in text)
        return f"!![{rows}]"
    if sort.kind == "Seq":
        values = [str(_value(v, Sort("Q"))) for v in text]
        return f"(fun k => ([{', '.join(values)}] : List ℚ).getD k 0)"
    value = Fraction(str(text))
    lean_type = {"N": "ℕ", "Z": "ℤ", "Q": "ℚ", "R": "ℝ"}[sort.kind]
    if value.denominator == 1:
        return f"({value.numerator} : {lean_type})"
    return f"(({value.numerator} : {lean_type}) / {value.denominator})"


def statement(claim: Claim, semantics: str = "exact") -> str:
    """The Lean proposition of ``claim`` under ``semantics`` (raises Unsupported under mathlib)."""
    return to_lean(claim) if check_semantics(semantics) == "exact" else to_lean_mathlib(claim)


def theorem_block(theorem: Any, semantics: str = "exact") -> str:
    """A catalog theorem as a Lean declaration."""
    name = lean_name(theorem.id)
    statement_text = statement(theorem.statement, semantics)
    doc = theorem.english.replace("-/", "- /")
    anchor = f" Mathlib: `{theorem.mathlib_name}` ({theorem.mathlib_module})." if theorem.mathlib_name else ""
    if theorem.lean_proof:
        proof = theorem.lean_proof.strip()
        body = f" := {proof}" if not proof.startswith("by") else f" := {proof}"
    else:
        a = theorem.mathlib_name
        cascade = [f"exact {a}", f"(intros; exact {a} ..)", f"(intros; simp_all [{a}])", f"(intros; nlinarith [{a}])",
                   f"(intros; norm_num [{a}])", "(intros; positivity)", "(intros; omega)", "(intros; ring)",
                   "(intros; nlinarith)", "decide"]  # fmt: skip
        body = " := by\n  first\n" + "\n".join(f"  | {c}" for c in cascade)
    return f"/-- {doc}{anchor} -/\ntheorem {name} :\n    {statement_text}{body}\n"


def negation_block(sibling: Any, witness: dict[str, Any], semantics: str = "exact") -> str:
    """The negation of a false sibling, proved at its certified witness."""
    claim: Claim = sibling.statement
    name = lean_name(sibling.id) + "_false"
    args = " ".join(_value(witness[v], s) for v, s in claim.variables.items())
    added = len(definedness(claim)) if semantics == "exact" else 0
    hypotheses = added + len(claim.assumptions)
    discharge = " ".join(["(by norm_num)"] * hypotheses)
    simp_set = "[Matrix.det_fin_two_of, Matrix.det_fin_two, Matrix.trace_fin_two, Fin.sum_univ_two, Matrix.mul_apply, Matrix.transpose_apply, Finset.sum_Icc_succ_top]"
    lines = [
        f"theorem {name} :\n    ¬ ({statement(claim, semantics)}) := by",
        "  intro h",
        f"  have hw := h {args} {discharge}".rstrip(),
        f"  first\n  | norm_num at hw\n  | (simp {simp_set} at hw; norm_num at hw)\n  | (norm_num {simp_set} at hw)\n  | (revert hw; decide)",
    ]
    return "\n".join(lines) + "\n"


def equivalence_block(item_id: str, variant: str, canonical: Claim, paraphrase: Claim,
                      semantics: str = "exact") -> str | None:  # fmt: skip
    """The ↔ between a T1 paraphrase and its canonical statement, where the rule has lemmas."""
    if variant not in EQUIVALENCE_LEMMAS:
        return None
    lemmas = EQUIVALENCE_LEMMAS[variant]
    name = lean_name(item_id) + "_iff"
    head = f"theorem {name} :\n    ({statement(paraphrase, semantics)}) ↔ ({statement(canonical, semantics)}) :="
    if lemmas is None:
        return f"{head} Iff.rfl\n"
    return f"{head} by\n  first\n  | simp only [{', '.join(lemmas)}]\n  | (constructor <;> intro h <;> intros <;> simp_all [{', '.join(lemmas)}])\n"


def export(
    theorems: list[Any], items: list[dict[str, Any]], certificates: dict[str, Any], root: Path = LEAN_DIR,
    semantics: str = "exact",
) -> dict[str, Any]:
    """Write one Lean file per domain and ``export.json``; return what was written.

    ``semantics`` chooses how statements are written (see the module docstring).
    """
    check_semantics(semantics)
    by_domain: dict[str, list[str]] = {}
    statements: dict[str, str] = {}
    left_out: dict[str, str] = {}
    formal_of = {t.id: t.statement for t in theorems} | {s.id: s.statement for t in theorems for s in t.siblings}
    for theorem in theorems:
        blocks = by_domain.setdefault(theorem.domain, [])
        try:
            blocks.append(theorem_block(theorem, semantics))
            statements[lean_name(theorem.id)] = statement(theorem.statement, semantics)
        except Unsupported as exc:
            left_out[lean_name(theorem.id)] = f"no Mathlib-faithful reading: {exc.reason}"
        for sibling in theorem.siblings:
            cert = certificates.get(_falsity_id(sibling.id))
            if not (cert and cert.get("witness")):
                continue
            name = lean_name(sibling.id) + "_false"
            try:
                text = statement(sibling.statement, semantics)
            except Unsupported as exc:
                left_out[name] = f"no Mathlib-faithful reading: {exc.reason}"
                continue
            if cert.get("semantics", "exact") != semantics and not _refutes(sibling.statement, cert["witness"], semantics):
                left_out[name] = f"the certified witness does not refute the claim under {semantics}"
                continue
            blocks.append(negation_block(sibling, cert["witness"], semantics))
            statements[name] = f"¬ ({text})"
    for item in items:
        if item.get("tier") != "T1" or not item.get("certificate_id"):
            continue
        canonical = formal_of.get(item["theorem_id"])
        if canonical is None:
            continue
        try:
            block = equivalence_block(item["item_id"], item["variant"], canonical, parse(item["formal"]), semantics)
        except Unsupported as exc:
            left_out[lean_name(item["item_id"]) + "_iff"] = f"no Mathlib-faithful reading: {exc.reason}"
            continue
        if block:
            by_domain[item["domain"]].append(block)
            statements[lean_name(item["item_id"]) + "_iff"] = block.split(":=")[0]
    out_dir = root / GENERATED
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("*.lean"):
        old.unlink()
    written = []
    for domain, blocks in sorted(by_domain.items()):
        path = out_dir / f"{_module(domain)}.lean"
        text = ("import Mathlib\nimport Pyverify.Basic\n\n/-! Generated by `pyverify lean export` from formal/theorems. "
                "Do not edit: `pyverify lean check` compares every statement with the export. -/\n\n"
                "open Matrix BigOperators\n\nnamespace Pyverify.Catalog\n\n" + "\n".join(blocks) + "\nend Pyverify.Catalog\n")  # fmt: skip
        path.write_text(text, encoding="utf-8")
        written.append(path)
    index = root / "Pyverify" / "Generated.lean"
    index.write_text("".join(f"import Pyverify.Generated.{p.stem}\n" for p in written), encoding="utf-8")
    (root / "Pyverify.lean").write_text("import Pyverify.Basic\nimport Pyverify.Generated\n", encoding="utf-8")
    manifest: dict[str, Any] = {
        "statements": {k: hashlib.sha256(v.encode()).hexdigest() for k, v in sorted(statements.items())},
        "files": {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in written},
        "semantics": semantics,
        "hypotheses": ("definedness conditions added as hypotheses, casts as pyverify's exact reading"
                       if semantics == "exact" else "none: the statement as written, Mathlib's total operations"),
    }  # fmt: skip
    if left_out:
        manifest["left_out"] = dict(sorted(left_out.items()))
    (root / "export.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return {"files": [str(p) for p in written], "declarations": len(statements), "semantics": semantics,
            "left_out": len(left_out)}  # fmt: skip


def _refutes(claim: Claim, witness: dict[str, Any], semantics: str) -> bool:
    from pyverify.certify import check_witness

    return check_witness(claim, witness, semantics=semantics).verified


def _falsity_id(sibling_id: str) -> str:
    return "cert-" + hashlib.sha256("|".join(("falsity", sibling_id)).encode()).hexdigest()[:16]
