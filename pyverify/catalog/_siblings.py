"""Automatic false siblings: one-edit mutations of a true claim, kept only when refuted by a witness.

A sibling is a statement a careless reader could take for the theorem: one relation reversed, one
constant off by one, one hypothesis dropped, the converse, the arguments of a non-commutative
operation swapped, the conclusion negated, an ∃ turned into ∀. Candidates are generated in a fixed
order (closest first: an edit inside the conclusion before one in the hypotheses, a change of
meaning before a plain negation) and each is decided by the engine under the given semantics; a
candidate counts only when the engine *refutes* it with an exact witness and that witness is
checked again by :func:`~pyverify.certify.check_witness`. A claim for which no candidate is refuted
gets no sibling, and the search says why. A candidate the engine finds ``vacuous`` (true only because no
point satisfies its hypotheses or definedness conditions, as a reversed hypothesis often makes it) is
not refuted and never a sibling; the search records it with its conditions.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pyverify.certify._certificate import Certificate
from pyverify.certify._engine import check_witness, decide
from pyverify.logic import (
    Binder,
    Call,
    Claim,
    Conn,
    Index,
    MatLit,
    Not,
    Num,
    Op,
    ParseError,
    Pred,
    Rel,
    SumOf,
    parse,
    to_text,
)
from pyverify.logic._ast import Node, children

#: The kinds, closest edit first; each is one of :data:`~pyverify.catalog._load.SIBLING_KINDS`.
KIND_ORDER = ("reversed_inequality", "off_by_one", "wrong_constant", "dropped_hypothesis", "converse",
              "swapped_arguments", "flipped_relation", "negated", "changed_quantifier")  # fmt: skip
#: Candidates decided per claim at most (each refuted candidate is fast; an unrefuted one may take the timeout).
MAX_CANDIDATES = 14
#: Candidates of one kind decided at most, so that an unrefutable kind does not use up the search.
PER_KIND = 3

_REVERSED = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
_FLIPPED = {"=": "!=", "!=": "=", "<": "<=", "<=": "<", ">": ">=", ">=": ">"}
_NON_COMMUTATIVE = ("-", "/", "^")
_SCALARS = ("N", "Z", "Q", "R")


@dataclass(frozen=True)
class AutoSibling:
    """A false sibling found by mutation: its kind, claim, the refutation and the witness check."""

    kind: str
    """One of :data:`KIND_ORDER`."""
    claim: Claim
    """The mutated statement."""
    certificate: Certificate
    """The engine's refutation (status ``refuted``, with an exact witness)."""
    edit: str
    """The one edit, in words (``'<=' reversed to '>='``)."""


@dataclass(frozen=True)
class SiblingSearch:
    """What the search found for one claim: siblings, or none with the reason."""

    siblings: tuple[AutoSibling, ...]
    """Refuted, witness-verified siblings, of distinct kinds, in the order found."""
    tried: tuple[tuple[str, str, str], ...] = field(default_factory=tuple)
    """Each candidate decided: (kind, claim text, outcome)."""
    reason: str | None = None
    """Why there is no sibling (None when there is one)."""
    vacuous: tuple[tuple[str, str, tuple[str, ...]], ...] = field(default_factory=tuple)
    """Each candidate found vacuous (never a sibling): (kind, claim text, the conditions no point satisfies)."""


@dataclass(frozen=True)
class _Candidate:
    kind: str
    claim: Claim
    edit: str


# ------------------------------------------------------------------ tree edits


def _rebuild(node: Node, kids: list[Node]) -> Node:
    if isinstance(node, Op):
        return Op(node.op, tuple(kids))
    if isinstance(node, Call):
        return Call(node.func, tuple(kids))
    if isinstance(node, Pred):
        return Pred(node.name, tuple(kids))
    if isinstance(node, Conn):
        return Conn(node.op, tuple(kids))
    if isinstance(node, Not):
        return Not(kids[0])
    if isinstance(node, Rel):
        return Rel(node.op, kids[0], kids[1])
    if isinstance(node, Index):
        return Index(kids[0], kids[1])  # type: ignore[arg-type]
    if isinstance(node, SumOf):
        return SumOf(node.var, kids[0], kids[1], kids[2])
    if isinstance(node, MatLit):
        width = len(node.rows[0]) if node.rows else 0
        return MatLit(tuple(tuple(kids[r * width:(r + 1) * width]) for r in range(len(node.rows))))
    return node


def _nodes(node: Node, path: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], Node]]:
    """Every node with its path (child indices), parents before children, left to right."""
    yield path, node
    for index, kid in enumerate(children(node)):
        yield from _nodes(kid, (*path, index))


def _replace(node: Node, path: tuple[int, ...], new: Node) -> Node:
    if not path:
        return new
    kids = list(children(node))
    kids[path[0]] = _replace(kids[path[0]], path[1:], new)
    return _rebuild(node, kids)


def _at(node: Node, path: tuple[int, ...]) -> Node:
    for index in path:
        node = list(children(node))[index]
    return node


def _split(body: Node) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    """The paths of the hypotheses of an implication chain ``H1 -> H2 -> C`` and of its conclusion."""
    hyps: list[tuple[int, ...]] = []
    path: tuple[int, ...] = ()
    node = body
    while isinstance(node, Conn) and node.op == "->":
        hyps.append((*path, 0))
        path = (*path, 1)
        node = node.args[1]
    return hyps, path


def _is_scalar(term: Node) -> bool:
    from pyverify.logic import sort_of

    try:
        return sort_of(term).kind in _SCALARS
    except Exception:  # a term with no sort (a matrix literal mid-rewrite) is not one to shift
        return False


def _shifted(term: Node, by: int) -> Node:
    if isinstance(term, Num):
        return Num(term.value + by)
    return Op("+", (term, Num(Fraction(by)))) if by > 0 else Op("-", (term, Num(Fraction(-by))))


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


# ------------------------------------------------------------------ candidates


def _candidates(claim: Claim, key: str) -> Iterator[_Candidate]:
    """Every one-edit mutation, kind by kind in :data:`KIND_ORDER`; ``key`` rotates ties."""
    body = claim.body
    hyps, concl_path = _split(body)
    conclusion = _at(body, concl_path)
    in_concl = [(concl_path + p, n) for p, n in _nodes(conclusion)]
    in_hyps = [(p, n) for h in hyps for p, n in ((h + q, m) for q, m in _nodes(_at(body, h)))]
    rotate = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16)

    def turn(rows: list[Any]) -> list[Any]:
        return rows[rotate % len(rows):] + rows[:rotate % len(rows)] if rows else rows

    def edit_body(path: tuple[int, ...], new: Node) -> Claim:
        return Claim(claim.binders, claim.assumptions, _replace(body, path, new))

    def edit_assumption(index: int, path: tuple[int, ...], new: Node) -> Claim:
        changed = list(claim.assumptions)
        changed[index] = _replace(changed[index], path, new)
        return Claim(claim.binders, tuple(changed), body)

    in_assumptions = [(i, p, n) for i, a in enumerate(claim.assumptions) for p, n in _nodes(a)]

    # reversed inequality: in the conclusion only (a reversed hypothesis is usually vacuous)
    for path, node in in_concl:
        if isinstance(node, Rel) and node.op in _REVERSED:
            yield _Candidate("reversed_inequality", edit_body(path, Rel(_REVERSED[node.op], node.left, node.right)),
                             f"'{node.op}' reversed to '{_REVERSED[node.op]}'")  # fmt: skip
    # off by one: a constant of the conclusion, then of the hypotheses, one up or down
    numerals = [(p, n) for p, n in in_concl if isinstance(n, Num)] + [(p, n) for p, n in in_hyps if isinstance(n, Num)]
    for path, node in numerals:
        assert isinstance(node, Num)
        for by in (1, -1):
            if node.value + by >= 0 or node.value < 0:
                yield _Candidate("off_by_one", edit_body(path, Num(node.value + by)),
                                 f"{_show(node.value)} changed to {_show(node.value + by)}")  # fmt: skip
    for index, path, node in in_assumptions:
        if isinstance(node, Num):
            for by in (1, -1):
                if node.value + by >= 0 or node.value < 0:
                    yield _Candidate("off_by_one", edit_assumption(index, path, Num(node.value + by)),
                                     f"{_show(node.value)} changed to {_show(node.value + by)}")  # fmt: skip
    # wrong constant: doubled, or zero
    for path, node in numerals:
        assert isinstance(node, Num)
        for value in (node.value * 2, Fraction(0)) if node.value not in (0, 1) else (Fraction(2),):
            if value != node.value:
                yield _Candidate("wrong_constant", edit_body(path, Num(value)),
                                 f"{_show(node.value)} changed to {_show(value)}")  # fmt: skip
    # dropped hypothesis: an assumption, an antecedent of the chain, or one conjunct of one
    for index in range(len(claim.assumptions)):
        rest = claim.assumptions[:index] + claim.assumptions[index + 1:]
        yield _Candidate("dropped_hypothesis", Claim(claim.binders, rest, body), f"assumption {index + 1} dropped")
    for number, hpath in enumerate(hyps):
        chain = _at(body, hpath[:-1])
        assert isinstance(chain, Conn)
        yield _Candidate("dropped_hypothesis", edit_body(hpath[:-1], chain.args[1]), f"hypothesis {number + 1} dropped")
        hyp = chain.args[0]
        if isinstance(hyp, Conn) and hyp.op == "and":
            for j in range(len(hyp.args)):
                left = hyp.args[:j] + hyp.args[j + 1:]
                smaller = left[0] if len(left) == 1 else Conn("and", left)
                yield _Candidate("dropped_hypothesis", edit_body(hpath, smaller),
                                 f"conjunct {j + 1} of hypothesis {number + 1} dropped")  # fmt: skip
    # converse: one hypothesis swapped with the conclusion
    if not (isinstance(conclusion, Conn) and conclusion.op in ("->", "<->")):
        for number, hpath in enumerate(hyps):
            hyp = _at(body, hpath)
            swapped = _replace(_replace(body, hpath, conclusion), concl_path, hyp)
            yield _Candidate("converse", Claim(claim.binders, claim.assumptions, swapped),
                             f"hypothesis {number + 1} swapped with the conclusion")  # fmt: skip
        for index, assumption in enumerate(claim.assumptions):
            changed = list(claim.assumptions)
            changed[index] = conclusion
            yield _Candidate("converse", Claim(claim.binders, tuple(changed), _replace(body, concl_path, assumption)),
                             f"assumption {index + 1} swapped with the conclusion")  # fmt: skip
    # swapped arguments of a non-commutative operation, a two-argument function, or divisibility
    swappable = [(p, n) for p, n in in_concl + in_hyps
                 if (isinstance(n, Op) and n.op in _NON_COMMUTATIVE and len(n.args) == 2)
                 or (isinstance(n, Call) and len(n.args) == 2) or (isinstance(n, Rel) and n.op == "dvd")]  # fmt: skip
    for path, node in turn(swappable):
        if isinstance(node, Rel):
            yield _Candidate("swapped_arguments", edit_body(path, Rel("dvd", node.right, node.left)),
                             "the sides of '∣' swapped")  # fmt: skip
        elif isinstance(node, (Op, Call)) and node.args[0] != node.args[1]:
            what = node.op if isinstance(node, Op) else node.func
            yield _Candidate("swapped_arguments", edit_body(path, _rebuild(node, [node.args[1], node.args[0]])),
                             f"the arguments of '{what}' swapped")  # fmt: skip
    # a shifted side: the side that must be large made one smaller (identities: one side plus one)
    for path, node in in_concl:
        if isinstance(node, Rel) and node.op in ("=", "<=", "<", ">=", ">") and _is_scalar(node.left):
            if node.op in ("<=", "<"):
                new = Rel(node.op, _shifted(node.left, 1), node.right)
            else:
                new = Rel(node.op, node.left, _shifted(node.right, 1))
            yield _Candidate("off_by_one", edit_body(path, new), "one side shifted by 1")
    # flipped relation: = and ≠ exchanged, strict and non-strict exchanged
    for path, node in in_concl:
        if isinstance(node, Rel) and node.op in _FLIPPED:
            yield _Candidate("flipped_relation", edit_body(path, Rel(_FLIPPED[node.op], node.left, node.right)),
                             f"'{node.op}' changed to '{_FLIPPED[node.op]}'")  # fmt: skip
    # negated conclusion (one side of an equivalence)
    if isinstance(conclusion, Conn) and conclusion.op == "<->":
        lhs, rhs = conclusion.args
        flipped = rhs.arg if isinstance(rhs, Not) else Not(rhs)
        yield _Candidate("negated", edit_body(concl_path, Conn("<->", (lhs, flipped))),
                         "the right side of '↔' negated")  # fmt: skip
    negation = conclusion.arg if isinstance(conclusion, Not) else Not(conclusion)
    yield _Candidate("negated", edit_body(concl_path, negation), "the conclusion negated")
    # changed quantifier: an ∃ block turned into ∀
    for index, binder in enumerate(claim.binders):
        if binder.quantifier == "exists":
            binders = list(claim.binders)
            binders[index] = Binder("forall", binder.names, binder.sort)
            yield _Candidate("changed_quantifier", Claim(tuple(binders), claim.assumptions, body),
                             f"∃ {', '.join(binder.names)} changed to ∀")  # fmt: skip


def candidates(claim: Claim, key: str = "") -> list[tuple[str, Claim, str]]:
    """The distinct well-formed one-edit mutations of ``claim``: (kind, claim, edit), closest first."""
    original = to_text(claim)
    seen = {original}
    out: list[tuple[str, Claim, str]] = []
    for cand in _candidates(claim, key):
        try:
            text = to_text(cand.claim)
            reparsed = parse(text)  # the mutation must be a well-sorted claim of the language
        except (ParseError, ValueError, TypeError, AttributeError, IndexError):
            continue
        if text in seen or reparsed.variables != claim.variables:
            continue
        seen.add(text)
        out.append((cand.kind, reparsed, cand.edit))
    return out


def find_siblings(claim: Claim, key: str = "", semantics: str = "exact", timeout: float = 2.0, *, limit: int = 1,
                  budget: float | None = None, isolate: bool = True) -> SiblingSearch:  # fmt: skip
    """Up to ``limit`` refuted siblings of distinct kinds of the true claim ``claim``.

    Each candidate is decided under ``semantics`` with ``timeout`` seconds, in the engine's worker
    process unless ``isolate`` is false (a mutation can be a claim the in-process engine overruns
    its deadline on, e.g. a partial operation moved into a hypothesis); the search stops after
    :data:`MAX_CANDIDATES` candidates or ``budget`` seconds in all (default four timeouts).
    """
    budget = 4 * timeout if budget is None else budget
    start = time.monotonic()
    found: list[AutoSibling] = []
    tried: list[tuple[str, str, str]] = []
    vacuous: list[tuple[str, str, tuple[str, ...]]] = []
    pool = candidates(claim, key)
    if not pool:
        return SiblingSearch((), (), "no one-edit mutation of this claim is a well-formed claim")
    for kind, mutated, edit in pool:
        if len(found) >= limit or len(tried) >= MAX_CANDIDATES or time.monotonic() - start > budget:
            break
        if any(s.kind == kind for s in found) or sum(t[0] == kind for t in tried) >= PER_KIND:
            continue
        cert = decide(mutated, timeout, seed=0, isolate=isolate, semantics=semantics)
        outcome: str = cert.status
        if cert.status == "refuted":
            if cert.witness is None:
                outcome = "refuted without a witness"
            else:
                check = check_witness(mutated, cert.witness, timeout, semantics)
                if check.verified:
                    found.append(AutoSibling(kind, mutated, cert, edit))
                else:
                    outcome = f"refuted, but the witness did not re-verify ({check.reason})"
        elif cert.status == "vacuous":
            vacuous.append((kind, to_text(mutated), tuple(cert.conditions)))
        tried.append((kind, to_text(mutated), outcome))
    if found:
        return SiblingSearch(tuple(found), tuple(tried), vacuous=tuple(vacuous))
    counts: dict[str, int] = {}
    for _, _, outcome in tried:
        counts[outcome] = counts.get(outcome, 0) + 1
    summary = ", ".join(f"{n} {o}" for o, n in sorted(counts.items()))
    return SiblingSearch((), tuple(tried), f"no mutation refuted under {semantics} ({len(tried)} of {len(pool)} "
                                           f"candidates decided: {summary})", tuple(vacuous))  # fmt: skip


def make_siblings(claim: Claim, key: str = "", semantics: str = "exact", timeout: float = 2.0,
                  *, limit: int = 1) -> list[tuple[str, Claim, Certificate]]:  # fmt: skip
    """The refuted siblings of ``claim`` as (kind, claim, certificate); empty when none was refuted."""
    return [(s.kind, s.claim, s.certificate) for s in find_siblings(claim, key, semantics, timeout, limit=limit).siblings]
