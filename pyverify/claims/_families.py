"""The three claim-audit families: their formal definitions and how a state is evaluated.

Definitions are data (``formal/claims/*.toml``): formulas in pyverify's claim language, conditions,
protocols, quantities and the allowed labels. This module turns them into syntax trees and knows,
for one *public* claim specification (what a task states, never its answer), whether a state is
admissible and what the claim's two sides are there. The label-blind checker is built on it, so it
must never read references.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Mapping

from pyverify.logic import Claim, parse
from pyverify.logic._ast import Node, substitute

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

FAMILIES = ("optimizer_transport", "affine_recurrence", "linear_algebra")
SPEC_DIR = Path(__file__).resolve().parents[2] / "formal" / "claims"

#: Variables of each family, as a claim-language prefix (used to parse formulas).
_PREFIX = {
    "optimizer_transport": "forall W D V alpha eta lambda_m lambda_a beta1 beta2 epsilon M Q A : R, forall t : N, ",
    "affine_recurrence": "forall rho x0 u : Q, forall us : Seq(Q), forall T : N, ",
    "linear_algebra": "forall A B : Mat2(Q), ",
}
OPTIMIZER_KEYS = ("w", "d", "v", "alpha", "eta", "lambda_m", "lambda_a", "beta1", "beta2", "step", "epsilon")
#: witness key -> claim-language variable (optimizer family)
OPTIMIZER_VARS = {"w": "W", "d": "D", "v": "V", "alpha": "alpha", "eta": "eta", "lambda_m": "lambda_m",
                  "lambda_a": "lambda_a", "beta1": "beta1", "beta2": "beta2", "step": "t", "epsilon": "epsilon"}  # fmt: skip
SCOPE = {"affine_recurrence": "finite_horizon_value", "linear_algebra": "matrix_identity"}


@cache
def spec(family: str) -> dict[str, Any]:
    """The family's TOML definition."""
    if family not in FAMILIES:
        raise KeyError(f"unknown family '{family}' (known: {', '.join(FAMILIES)})")
    with open(SPEC_DIR / f"{family}.toml", "rb") as handle:
        return tomllib.load(handle)


@lru_cache(maxsize=4096)
def term(family: str, text: str) -> Node:
    """A claim-language term over the family's variables (``u(k)`` sequences are written ``us``)."""
    source = text
    if family == "affine_recurrence":
        source = text.replace("u(", "us(")
    claim = parse(f"{_PREFIX[family]}{source} = {source}")  # a relation of the term with itself: any sort
    return claim.body.left  # type: ignore[attr-defined,no-any-return]


@lru_cache(maxsize=1024)
def formula(family: str, text: str) -> Node:
    """A claim-language formula (a condition) over the family's variables."""
    claim = parse(
        _PREFIX[family] + text.replace("u(", "us(") if family == "affine_recurrence" else _PREFIX[family] + text
    )
    return claim.body


def labels(family: str) -> dict[str, list[str]]:
    """The labels a task allows (public)."""
    data = spec(family)
    return {
        "scopes": list(data["scopes"]),
        "failure_modes": list(data["failure_modes"]),
        "repairs": list(data["repairs"]),
    }


# ---------------------------------------------------------------- optimizer: expanding a claim


def optimizer_discrepancy(claim: dict[str, Any]) -> tuple[Node, Node]:
    """(actual, expected) for a public optimizer claim, with Q, A, M and the protocol expanded.

    ``claim`` holds ``transport`` (the candidate M), ``protocol``, ``quantity``, ``condition``.
    """
    data = spec("optimizer_transport")
    fam = "optimizer_transport"
    q = term(fam, data["abbreviations"]["Q"])
    m = term(fam, claim["transport"])
    a = substitute(substitute(term(fam, data["abbreviations"]["A"]), {"M": m}), {})
    a = _replace_q(a, q)
    quantity = data["quantities"][claim["quantity"]]
    if quantity["actual"] == "UPDATE":
        actual = term(fam, data["protocols"][claim["protocol"]]["update"])
    else:
        actual = term(fam, quantity["actual"])
    actual = _replace_name(actual, "A", a)
    expected = term(fam, quantity["expected"])
    return actual, expected


def _replace_name(node: Node, name: str, value: Node) -> Node:
    """Substitute an abbreviation written as a variable (A, Q) by its definition."""
    from pyverify.logic import Var

    return substitute(node, {name: value}) if any(isinstance(v, Var) and v.name == name for v in _walk(node)) else node


def _replace_q(node: Node, q: Node) -> Node:
    return _replace_name(node, "Q", q)


def _walk(node: Node) -> list[Node]:
    from pyverify.logic._ast import walk

    return list(walk(node))


def condition_substitution(family: str, condition: str) -> dict[str, Node]:
    """The equalities a condition imposes, as substitutions (``alpha := eta``)."""
    data = spec(family)["conditions"][condition]
    return {name: term(family, value) for name, value in data.get("substitute", {}).items()}


def condition_requirements(family: str, condition: str) -> list[Node]:
    """The inequalities a condition adds (``V > 0``, ``det(A) != 0``)."""
    data = spec(family)["conditions"][condition]
    return [formula(family, text) for text in data.get("require", [])]


def condition_is_constant(condition: str) -> bool:
    return bool(spec("affine_recurrence")["conditions"][condition].get("constant", False))


@dataclass(frozen=True)
class Piece:
    """One piece of a recurrence candidate: its guard (or None) and its value."""

    when: Node | None
    value: Node


def recurrence_pieces(claim: Mapping[str, Any]) -> list[Piece]:
    fam = "affine_recurrence"
    return [
        Piece(formula(fam, p["when"]) if p.get("when") else None, term(fam, p["value"])) for p in claim["candidate"]
    ]


def recurrence_truth() -> Node:
    return term("affine_recurrence", spec("affine_recurrence")["truth"])


def matrix_sides(claim: Mapping[str, Any]) -> tuple[Node, Node]:
    return term("linear_algebra", claim["lhs"]), term("linear_algebra", claim["rhs"])


def as_claim(family: str, body_text: str) -> Claim:
    """A whole claim over the family's variables (for the certification engine)."""
    return parse(_PREFIX[family] + body_text)


def fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
