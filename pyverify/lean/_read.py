"""Reading Lean 4 / Mathlib statements into claims, under the ``mathlib`` semantics.

``read_statement`` takes a ``theorem``/``lemma``/``example`` header (its proof, if any, is cut off at
the top-level ``:=``) or a bare proposition, and returns the claims it means: one for a statement
over ℕ ℤ ℚ ℝ or 2-by-2 rational matrices, one per concrete type for a typeclass-generic statement
(``{G : Type*} [AddGroup G] (a : G)`` is read at every type among ℕ ℤ ℚ ℝ that has an instance of
every class it assumes; each reading is recorded as an *instance*, a consequence of the theorem,
not the theorem). Hypothesis binders ``(h : b ≠ 0)`` and the antecedents of ``→`` become
assumptions; quantifiers reached through ``→`` (``p.Prime → ∀ a, …``) are pulled to the front,
which is sound because the variable they bind does not occur in what precedes them.

Anything else is :class:`OutsideFragment` with the construct and its position (sets, lists,
polynomials, topology, a class without an instance among ℕ ℤ ℚ ℝ, a quantifier under ``¬``, …);
text that is not a Lean statement at all is :class:`NotLean`. Nothing is evaluated.

This module holds the entry point and what it returns (:class:`LeanReading`, one :class:`Instance`
per reading). The stages below it each import only the ones before them:
:mod:`~pyverify.lean._errors` (the two refusals), :mod:`~pyverify.lean._lex` (tokens),
:mod:`~pyverify.lean._pratt` (the Lean syntax tree), :mod:`~pyverify.lean._types` (classes and
instances, type names, casts) and :mod:`~pyverify.lean._elaborate` (one proposition into one
claim). The names callers import from here (``NotLean``, ``OutsideFragment``, ``CLASSES``,
``MAX_DEPTH``) are re-exported, so they need not know the layout.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pyverify.lean._elaborate import _Elab
from pyverify.lean._errors import NotLean, OutsideFragment
from pyverify.lean._pratt import _L, _describe, _Parser
from pyverify.lean._pratt import MAX_DEPTH as MAX_DEPTH  # re-exported: the reader's nesting limit
from pyverify.lean._types import _ALL, _SORT_OF, CLASSES, _is_universe
from pyverify.logic import Claim, to_text
from pyverify.logic._ast import free_vars, substitute

#: Longest statement accepted (Mathlib's longest headers are a few hundred characters).
MAX_LENGTH = 20_000


@dataclass(frozen=True)
class Instance:
    """One reading of a statement as a claim; a generic statement has one per concrete type."""

    claim: Claim
    types: dict[str, str] = field(default_factory=dict)
    """Type variable -> the concrete type it is instantiated at (``{"G": "ℤ"}``); empty when concrete."""
    classes: tuple[str, ...] = ()
    """The typeclass constraints the instantiation discharges (``AddGroup``)."""

    @property
    def label(self) -> str:
        """``G := ℤ`` for an instance of a generic statement, ``""`` for a concrete one."""
        return ", ".join(f"{k} := {v}" for k, v in self.types.items())

    @property
    def is_consequence(self) -> bool:
        """An instance of a generic theorem is a consequence of it, not the theorem."""
        return bool(self.types)


@dataclass(frozen=True)
class LeanReading:
    """A Lean statement read under the ``mathlib`` semantics."""

    statement: str
    name: str | None
    instances: tuple[Instance, ...]
    semantics: str = "mathlib"
    skipped: tuple[tuple[str, str], ...] = ()
    """Concrete types a generic statement has an instance at but that the fragment cannot read it at."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "statement": self.statement, "semantics": self.semantics,
            "instances": [{"label": i.label, "types": i.types, "classes": list(i.classes),
                           "consequence": i.is_consequence, "claim": to_text(i.claim)} for i in self.instances],
            "skipped": [{"type": t, "reason": r} for t, r in self.skipped],
        }  # fmt: skip


def _class_of(node: _L) -> tuple[str, str]:
    """``C α`` of an instance binder: the class and the type variable."""
    if node.kind == "app" and node.args[0].kind == "ident" and len(node.args) == 2 and node.args[1].kind == "ident":
        return node.args[0].text, node.args[1].text
    if node.kind == "app" and node.args[0].kind == "ident":
        raise OutsideFragment(f"the class {node.args[0].text} with {len(node.args) - 1} arguments", node.pos)
    raise OutsideFragment(f"the instance binder {_describe(node)}", node.pos)


def _split_header(binders: list[_L], prop: _L) -> tuple[list[_L], _L]:
    """Move the universally quantified type and instance binders of ``∀ {α} [C α], …`` into the header."""
    while prop.kind == "forall":
        lead = [b for b in prop.args[0]]
        moved = 0
        for b in lead:
            typ = b.args[1]
            if b.text == "instance" or (typ is not None and _is_universe(typ)):
                moved += 1
            else:
                break
        if moved == 0:
            break
        binders = binders + lead[:moved]
        rest = lead[moved:]
        prop = _L("forall", prop.pos, "", [rest, prop.args[1]]) if rest else prop.args[1]
    return binders, prop


def read_statement(text: str) -> LeanReading:
    """Read one ``theorem``/``lemma`` header (or a bare proposition) into claims.

    Raises :class:`NotLean` for text that is not a Lean statement and :class:`OutsideFragment`
    (with the construct and its position) for one the claim language cannot express.
    """
    if not isinstance(text, str) or not text.strip():
        raise NotLean("empty statement")
    if len(text) > MAX_LENGTH:
        raise NotLean(f"statement longer than {MAX_LENGTH} characters")
    parser = _Parser(text)
    name, binders, prop = parser.statement()
    binders, prop = _split_header(binders, prop)
    type_vars: list[str] = []
    classes: dict[str, list[str]] = {}
    term_binders: list[_L] = []
    for b in binders:
        var, typ = b.args
        if b.text == "instance":
            cls, tv = _class_of(typ)
            classes.setdefault(tv, []).append(cls)
            continue
        if typ is not None and _is_universe(typ):
            type_vars.append(var)
            continue
        term_binders.append(b)
    for tv in classes:
        if tv not in type_vars:
            # `variable {R : Type*}` lives outside the header; `[CommSemiring R]` on a name that is not
            # a term variable is Lean's auto-bound implicit type
            if not re.fullmatch(r"[A-Zα-ω][A-Za-z]?[₀-₉0-9']*", tv) or any(b.args[0] == tv for b in term_binders):
                raise OutsideFragment(f"an instance on {tv}, which is not a type variable of the statement", -1)
            type_vars.append(tv)
    assignments: list[dict[str, str]] = [{}]
    for tv in type_vars:
        options = set(_ALL)
        for cls in classes.get(tv, []):
            if cls not in CLASSES:
                raise OutsideFragment(f"the class {cls}", _find(text, cls))
            options &= set(CLASSES[cls])
        if not options:
            wanted = classes.get(tv, [])
            common = "" if len(wanted) == 1 else " common"
            raise OutsideFragment(f"{' and '.join(wanted)} (no{common} instance among ℕ ℤ ℚ ℝ)", _find(text, wanted[0]))
        assignments = [{**a, tv: t} for a in assignments for t in _ALL if t in options]
    instances: list[Instance] = []
    skipped: list[tuple[str, str]] = []
    first_error: OutsideFragment | None = None
    for assignment in assignments:
        elab = _Elab({tv: _SORT_OF[t] for tv, t in assignment.items()}, text)
        try:
            if term_binders:
                elab.bind("forall", term_binders)
            claim = elab.statement(prop)
            _check(claim)
        except OutsideFragment as exc:
            if not assignment:
                raise
            first_error = first_error or exc
            skipped.append((", ".join(f"{k} := {v}" for k, v in assignment.items()), str(exc)))
            continue
        discharged = tuple(c for tv in assignment for c in classes.get(tv, []))
        instances.append(Instance(claim, dict(assignment), discharged))
    if not instances:
        assert first_error is not None
        raise first_error
    return LeanReading(text.strip(), name, tuple(instances), skipped=tuple(skipped))


def _find(text: str, word: str) -> int:
    return text.find(word)


def _check(claim: Claim) -> None:
    """The claim must be one pyverify accepts: re-read its text (sort rules) and compare."""
    from pyverify.logic import ParseError, parse

    names = {n for b in claim.binders for n in b.names}
    for part in (*claim.assumptions, claim.body):
        stray = free_vars(part) - names
        if stray:
            raise OutsideFragment(f"free names {', '.join(sorted(stray))}")
    try:
        again = parse(to_text(claim))
    except ParseError as exc:
        raise OutsideFragment(f"a reading pyverify cannot state ({exc.message})") from None
    if again != claim:
        # the text form must mean the same claim; a difference is a reader bug, never passed on silently
        raise OutsideFragment(f"a reading whose text does not round-trip ({to_text(claim)})")


__all__ = ["CLASSES", "Instance", "LeanReading", "NotLean", "OutsideFragment", "read_statement", "substitute"]
