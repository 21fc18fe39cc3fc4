"""The eight paraphrase families F1–F8 as transformations of a claim, each with its tier.

T2 families (F1 syntactic, F2 quantifier, F3 voice, F5 connective) keep the formal statement and
change only its wording, by reviewed templates keyed on the formal structure. T1 families (F4
notation, F6 comparison order, F7 definition unfolding, F8 equivalent reformulation) produce a
formal statement — the same one for F4, a rewritten one for the others — whose equivalence to the
canonical form the engine must certify. Definitions are data in ``families/*.toml``.
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from pyverify.logic import Call, Claim, Conn, Not, Num, Op, Pred, Rel
from pyverify.logic._ast import Node
from pyverify.paraphrase._english import Style, claim_words

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

FAMILY_DIR = Path(__file__).resolve().parents[2] / "families"
ORDER = ("F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8")
FORMINV_NAMES = {"canonical": "canonical", "syntactic": "F1", "quantifier": "F2", "passive": "F3", "notation": "F4",
                 "variation": "F5", "order": "F6", "unpack": "F7", "equivalent": "F8"}  # fmt: skip


@dataclass(frozen=True)
class Family:
    """A paraphrase family: id (F1–F8), name, tier and its wording or rewriting variants."""

    id: str
    name: str
    tier: str
    description: str
    variants: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Paraphrase:
    """One paraphrase of a claim: its family, variant, tier, formal form and rendered text."""

    family: str
    variant: str
    tier: str
    formal: Claim
    text: str


class FamilyError(ValueError):
    """A family definition that cannot be used (file and reason)."""


@lru_cache(maxsize=1)
def families() -> dict[str, Family]:
    """F1–F8 from ``families/*.toml``."""
    out: dict[str, Family] = {}
    for path in sorted(FAMILY_DIR.glob("F*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            family = Family(data["id"], data["name"], data["tier"], data["description"], tuple(data["variants"]))
        except (tomllib.TOMLDecodeError, KeyError, TypeError) as exc:
            raise FamilyError(f"{path}: {exc}") from None
        if family.id not in ORDER:
            raise FamilyError(f"{path}: unknown family id '{family.id}' (expected one of {', '.join(ORDER)})")
        if family.tier not in ("T1", "T2"):
            raise FamilyError(f"{path}: tier must be T1 or T2, not '{family.tier}'")
        out[family.id] = family
    missing = [f for f in ORDER if f not in out]
    if missing:
        raise FamilyError(f"{FAMILY_DIR}: missing family definitions {', '.join(missing)}")
    return out


def _pick(options: list[dict[str, Any]], key: str) -> dict[str, Any]:
    """A deterministic choice among applicable variants (stable across runs and machines)."""
    digest = int(hashlib.sha256(key.encode()).hexdigest(), 16)
    return options[digest % len(options)]


def _style(variant: dict[str, Any]) -> Style:
    fields = {
        k: v
        for k, v in variant.items()
        if k in ("quantifier", "connective", "biconditional", "voice", "structure", "symbolic")
    }
    return Style().but(**fields)


def canonical_text(claim: Claim) -> str:
    return claim_words(claim, Style())


def paraphrases(claim: Claim, key: str) -> list[Paraphrase]:
    """Every family that applies to ``claim``, one variant each (chosen by ``key``)."""
    out: list[Paraphrase] = []
    canonical = canonical_text(claim)
    for fid in ORDER:
        family = families()[fid]
        options = [v for v in family.variants if _applies(fid, v, claim)]
        if family.tier == "T2":  # a wording that reads exactly like the canonical one is no paraphrase
            options = [v for v in options if claim_words(claim, _style(v)) != canonical]
        if not options:
            continue
        variant = _pick(options, f"{key}/{fid}")
        if family.tier == "T2":
            out.append(Paraphrase(fid, variant["id"], "T2", claim, claim_words(claim, _style(variant))))
            continue
        formal = claim if fid == "F4" else _rewrite(claim, variant["rule"])
        if formal is None:
            continue
        style = _style(variant) if fid == "F4" else Style()
        out.append(Paraphrase(fid, variant["id"], "T1", formal, claim_words(formal, style)))
    return out


# ---------------------------------------------------------------- applicability


def _formulas(claim: Claim) -> list[Node]:
    return list(claim.assumptions) + [claim.body]


def _nodes(claim: Claim) -> list[Node]:
    from pyverify.logic._ast import claim_nodes

    return list(claim_nodes(claim))


def _applies(fid: str, variant: dict[str, Any], claim: Claim) -> bool:
    nodes = _nodes(claim)
    if fid == "F1":
        return bool(claim.binders) and (variant.get("structure") != "given" or claim.quantifiers == {"forall"})
    if fid == "F2":
        return "forall" in claim.quantifiers
    if fid == "F3":
        return any(isinstance(n, Rel) for n in nodes)
    if fid == "F5":
        has_implication = bool(claim.assumptions) or any(isinstance(n, Conn) and n.op == "->" for n in nodes)
        has_iff = any(isinstance(n, Conn) and n.op == "<->" for n in nodes)
        return has_iff if variant.get("biconditional") else has_implication
    if fid == "F4":
        return True
    return _rewrite(claim, variant["rule"]) is not None


# ---------------------------------------------------------------- T1 rewrites

_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
_NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}
_ZERO = Num(Fraction(0))


def _map(node: Node, fn: Any) -> Node:
    """Apply ``fn`` to formulas bottom-up (terms untouched unless fn handles them)."""
    if isinstance(node, Not):
        return fn(Not(_map(node.arg, fn)))
    if isinstance(node, Conn):
        return fn(Conn(node.op, tuple(_map(a, fn) for a in node.args)))
    return fn(node)


def _rewrite(claim: Claim, rule: str) -> Claim | None:
    """The rewritten claim, or None when the rule changes nothing."""
    out: Claim | None
    if rule == "flip":
        out = _on_formulas(
            claim, lambda n: Rel(_FLIP[n.op], n.right, n.left) if isinstance(n, Rel) and n.op in _FLIP else n
        )
    elif rule == "negate":
        out = _on_formulas(
            claim, lambda n: Not(Rel(_NEGATE[n.op], n.left, n.right)) if isinstance(n, Rel) and n.op in _NEGATE else n
        )
    elif rule == "unfold":
        out = _unfold(claim)
    elif rule == "contrapositive":
        body = claim.body
        if not (isinstance(body, Conn) and body.op == "->"):
            return None
        out = Claim(claim.binders, claim.assumptions, Conn("->", (_negate(body.args[1]), _negate(body.args[0]))))
    elif rule == "move_terms":
        out = _move_terms(claim)
    else:
        raise FamilyError(f"unknown rewrite rule '{rule}'")
    return None if out is None or out == claim else out


def _on_formulas(claim: Claim, fn: Any) -> Claim:
    return Claim(claim.binders, tuple(_map(a, fn) for a in claim.assumptions), _map(claim.body, fn))


def _negate(node: Node) -> Node:
    if isinstance(node, Not):
        return node.arg
    if isinstance(node, Rel) and node.op in _NEGATE:
        return Rel(_NEGATE[node.op], node.left, node.right)
    if isinstance(node, Rel) and node.op in ("=", "!="):
        return Rel("!=" if node.op == "=" else "=", node.left, node.right)
    return Not(node)


def _move_terms(claim: Claim) -> Claim | None:
    """The first relation of the body with a nonzero right side becomes (left − right) op 0."""
    done = [False]

    def fn(n: Node) -> Node:
        if not done[0] and isinstance(n, Rel) and n.op in ("=", "<", "<=", ">", ">=", "!=") and n.right != _ZERO:
            from pyverify.logic import sort_of

            if sort_of(n.left).is_matrix:
                return n
            done[0] = True
            return Rel(n.op, Op("-", (n.left, n.right)), _ZERO)
        return n

    body = _map(claim.body, fn)
    return Claim(claim.binders, claim.assumptions, body) if done[0] else None


def _unfold(claim: Claim) -> Claim | None:
    """Unfold the first defined notion: even/odd/coprime, |x| as max(x, −x), t^2 as t·t."""
    done = [False]

    def unfold_formula(n: Node) -> Node:
        if done[0] or not isinstance(n, Pred):
            return n
        a = n.args
        two, one = Num(Fraction(2)), Num(Fraction(1))
        if n.name == "even":
            done[0] = True
            return Rel("dvd", two, a[0])
        if n.name == "odd":
            done[0] = True
            return Not(Rel("dvd", two, a[0]))
        if n.name == "coprime":
            done[0] = True
            return Rel("=", Call("gcd", (a[0], a[1])), one)
        return n

    unfolded = _on_formulas(claim, unfold_formula)
    if done[0]:
        return unfolded

    def unfold_term(n: Node) -> Node:
        if isinstance(n, Call) and n.func == "abs" and not done[0]:
            done[0] = True
            return Call("max", (n.args[0], Op("neg", (n.args[0],))))
        if isinstance(n, Op) and n.op == "^" and n.args[1] == Num(Fraction(2)) and not done[0]:
            from pyverify.logic import sort_of

            if not sort_of(n.args[0]).is_matrix:
                done[0] = True
                return Op("*", (n.args[0], n.args[0]))
        return n

    def terms(n: Node) -> Node:
        return _map_terms(n, unfold_term)

    out = Claim(claim.binders, tuple(terms(a) for a in claim.assumptions), terms(claim.body))
    return out if done[0] else None


def _map_terms(node: Node, fn: Any) -> Node:
    """Rebuild ``node`` applying ``fn`` to every term, outermost first (so one unfolding happens)."""
    from pyverify.logic import Index, MatLit, SumOf

    if isinstance(node, (Rel,)):
        return Rel(node.op, _map_terms(node.left, fn), _map_terms(node.right, fn))
    if isinstance(node, Pred):
        return Pred(node.name, tuple(_map_terms(a, fn) for a in node.args))
    if isinstance(node, Not):
        return Not(_map_terms(node.arg, fn))
    if isinstance(node, Conn):
        return Conn(node.op, tuple(_map_terms(a, fn) for a in node.args))
    node = fn(node)
    if isinstance(node, Op):
        return Op(node.op, tuple(_map_terms(a, fn) for a in node.args))
    if isinstance(node, Call):
        return Call(node.func, tuple(_map_terms(a, fn) for a in node.args))
    if isinstance(node, SumOf):
        return SumOf(node.var, _map_terms(node.lo, fn), _map_terms(node.hi, fn), _map_terms(node.body, fn))
    if isinstance(node, Index):
        return Index(node.seq, _map_terms(node.index, fn))
    if isinstance(node, MatLit):
        return MatLit(tuple(tuple(_map_terms(e, fn) for e in row) for row in node.rows))
    return node
