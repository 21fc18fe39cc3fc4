"""Loading and validating the theorem catalog (``formal/theorems/*.toml``).

Every problem stops the load with the file, the id and the reason: invalid TOML, an unknown domain,
a statement that does not parse (with its column), duplicate ids, a Mathlib name without its module,
a theorem without an anchor or a proof, a theorem without a false sibling.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyverify.logic import Claim, ParseError, parse

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CATALOG_DIR = Path(__file__).resolve().parents[2] / "formal" / "theorems"
DOMAINS = ("number_theory", "algebra_inequalities", "real_functions", "sums_recurrences", "matrices", "order",
           "combinatorics")  # fmt: skip
SIBLING_KINDS = ("changed_quantifier", "converse", "dropped_hypothesis", "flipped_relation", "negated", "off_by_one",
                 "reversed_inequality", "swapped_arguments", "wrong_constant")
_ID = re.compile(r"^[a-z_]+\.[A-Za-z0-9_.]+$")


class CatalogError(ValueError):
    """A catalog file that cannot be used: file, id and reason."""


@dataclass(frozen=True)
class Sibling:
    """A false perturbation of a theorem; its falsity is certified by a witness at build time."""

    id: str
    kind: str
    statement: Claim
    text: str


@dataclass(frozen=True)
class Theorem:
    """A true theorem of the catalog with its anchor and its false siblings."""

    id: str
    domain: str
    statement: Claim
    text: str
    english: str
    mathlib_name: str | None
    mathlib_module: str | None
    lean_proof: str | None
    siblings: tuple[Sibling, ...]
    file: str


def _parse(text: Any, where: str) -> Claim:
    if not isinstance(text, str):
        raise CatalogError(f"{where}: statement must be text")
    try:
        return parse(text)
    except ParseError as exc:
        raise CatalogError(f"{where}: {exc}") from None


def load_file(path: Path) -> list[Theorem]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{path}: invalid TOML ({exc})") from None
    domain = data.get("domain")
    if domain not in DOMAINS:
        raise CatalogError(f"{path}: unknown domain '{domain}' (known: {', '.join(DOMAINS)})")
    theorems = []
    for index, row in enumerate(data.get("theorem", [])):
        tid = row.get("id")
        where = f"{path}: theorem {tid or f'#{index + 1}'}"
        if not isinstance(tid, str) or not _ID.match(tid):
            raise CatalogError(f"{where}: id must look like 'domain.name'")
        statement = _parse(row.get("statement"), where)
        mathlib = row.get("mathlib")
        name = module = None
        if mathlib is not None:
            if not isinstance(mathlib, dict) or not mathlib.get("name"):
                raise CatalogError(f"{where}: mathlib needs a name")
            if not mathlib.get("module"):
                raise CatalogError(f"{where}: Mathlib name '{mathlib['name']}' is missing its module")
            name, module = str(mathlib["name"]), str(mathlib["module"])
        proof = row.get("lean_proof")
        if name is None and not proof:
            raise CatalogError(f"{where}: needs a Mathlib anchor or a lean_proof")
        siblings = []
        for srow in row.get("sibling", []):
            sid = srow.get("id")
            swhere = f"{path}: sibling {sid}"
            if not isinstance(sid, str) or not _ID.match(sid):
                raise CatalogError(f"{where}: sibling id must look like 'domain.name'")
            if srow.get("kind") not in SIBLING_KINDS:
                raise CatalogError(f"{swhere}: kind must be one of {', '.join(SIBLING_KINDS)}")
            sclaim = _parse(srow.get("statement"), swhere)
            siblings.append(Sibling(sid, srow["kind"], sclaim, srow["statement"]))
        if not siblings:
            raise CatalogError(f"{where}: needs at least one false sibling")
        theorems.append(Theorem(tid, domain, statement, row["statement"], str(row.get("english", "")), name, module,
                                proof, tuple(siblings), str(path)))  # fmt: skip
    return theorems


def load_catalog(directory: Path = CATALOG_DIR) -> list[Theorem]:
    """Every theorem of every catalog file, ids unique across files."""
    theorems: list[Theorem] = []
    for path in sorted(directory.glob("*.toml")):
        theorems.extend(load_file(path))
    seen: dict[str, str] = {}
    for theorem in theorems:
        for ident in [theorem.id] + [s.id for s in theorem.siblings]:
            if ident in seen:
                raise CatalogError(f"{theorem.file}: duplicate id '{ident}' (also in {seen[ident]})")
            seen[ident] = theorem.file
    return theorems
