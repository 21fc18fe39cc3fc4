"""Definitions of the named predicates, and unfolding them into their definitions.

The certification engine may treat a predicate as uninterpreted (structure-only equivalence) or use
these definitions; the paraphrase family F7 (definition unfolding) uses :func:`unfold`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pyverify.logic._ast import Call, Claim, Conn, Node, Not, Num, Op, Pred, Rel, children


@dataclass(frozen=True)
class Definition:
    """What a named predicate means."""

    name: str
    """The predicate's name in the claim language."""
    params: tuple[str, ...]
    """Its parameters."""
    text: str
    """The definition in the claim language's notation (may use a nested quantifier)."""
    quantifier_free: bool
    """Whether :func:`unfold` can put the definition into a claim's quantifier-free body."""
    mathlib: str
    """The Mathlib name that the Lean rendering uses."""


DEFINITIONS: dict[str, Definition] = {
    "even": Definition("even", ("n",), "2 | n", True, "Even"),
    "odd": Definition("odd", ("n",), "not 2 | n", True, "Odd"),
    "coprime": Definition("coprime", ("a", "b"), "gcd(a, b) = 1", True, "Nat.Coprime"),
    "prime": Definition("prime", ("p",), "2 <= p and (forall d : N, d | p -> d = 1 or d = p)", False, "Nat.Prime"),
    "square": Definition("square", ("n",), "exists m : Z, m^2 = n", False, "IsSquare"),
}

_TWO = Num(Fraction(2))
_ONE = Num(Fraction(1))


def _definition_body(pred: Pred) -> Node:
    a = pred.args
    if pred.name == "even":
        return Rel("dvd", _TWO, a[0])
    if pred.name == "odd":
        return Not(Rel("dvd", _TWO, a[0]))
    if pred.name == "coprime":
        return Rel("=", Call("gcd", (a[0], a[1])), _ONE)
    raise ValueError(f"the definition of '{pred.name}' needs a quantifier and cannot be unfolded in place")


def unfold(claim: Claim, name: str) -> Claim:
    """Replace every use of predicate ``name`` by its quantifier-free definition."""
    if name not in DEFINITIONS:
        raise ValueError(f"unknown predicate '{name}'")

    def go(node: Node) -> Node:
        if isinstance(node, Pred) and node.name == name:
            return _definition_body(node)
        if isinstance(node, Not):
            return Not(go(node.arg))
        if isinstance(node, Conn):
            return Conn(node.op, tuple(go(x) for x in node.args))
        if isinstance(node, (Rel, Op, Call)) or not list(children(node)):
            return node
        return node

    return Claim(claim.binders, tuple(go(a) for a in claim.assumptions), go(claim.body))
