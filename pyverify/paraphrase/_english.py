"""English rendering of claims, with the knobs the wording families turn.

Item text is always rendered from an item's formal form, so text and formula agree by construction.
Terms are written in ordinary mathematical notation (``(x + 1)²``, ``Σ_{k=0}^{n} c·u(k)``, ``√(a·a)``,
``A⁻¹``, ``n!``; see :mod:`pyverify.paraphrase._notation`), a matrix literal inside a term is named
in a closing ``where`` clause; quantifiers, connectives, relations and predicates are put into
words, in the style a family asks for:

- ``quantifier``: ``every`` | ``all`` | ``each`` | ``any`` | ``no_fail`` (∀ as "there is no … for which … fails")
- ``connective``: ``if_then`` | ``whenever`` | ``only_if`` | ``provided`` (→); ``iff`` | ``exactly_when`` (↔)
- ``voice``: ``active`` | ``passive`` (divides / is divisible by, is at most / is bounded above by, …)
- ``structure``: ``plain`` | ``holds_that`` | ``given`` (sentence structure)
- ``symbolic``: the whole claim in the claim language's Unicode notation (the notation family), which
  the parser reads back
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pyverify.logic import BoolLit, Claim, Conn, Not, Pred, Rel, Sort, to_text
from pyverify.logic._ast import Node
from pyverify.paraphrase._notation import Prose, claim_names, matrix_names, term_names, where_clause


@dataclass(frozen=True)
class Style:
    """How to word a claim."""

    quantifier: str = "every"
    connective: str = "if_then"
    biconditional: str = "iff"
    voice: str = "active"
    structure: str = "plain"
    symbolic: bool = False

    def but(self, **changes: str | bool) -> Style:
        return replace(self, **changes)  # type: ignore[arg-type]


_SORT_SINGULAR = {"N": "natural number", "Z": "integer", "Q": "rational number", "R": "real number"}
_SORT_PLURAL = {"N": "natural numbers", "Z": "integers", "Q": "rational numbers", "R": "real numbers"}

_ACTIVE = {"=": "equals", "!=": "is not equal to", "<": "is less than", "<=": "is at most", ">": "is greater than",
           ">=": "is at least"}  # fmt: skip
_PASSIVE = {"=": "is equal to", "!=": "is different from", "<": "is exceeded by", "<=": "is bounded above by",
            ">": "exceeds", ">=": "is bounded below by"}  # fmt: skip
_PREDICATES = {"prime": "is prime", "even": "is even", "odd": "is odd", "square": "is a perfect square"}


def sort_words(sort: Sort, plural: bool) -> str:
    if sort.kind == "Mat":
        return f"{sort.n}×{sort.n} rational matrices" if plural else f"{sort.n}×{sort.n} rational matrix"
    if sort.kind == "Seq":
        return "rational sequences" if plural else "rational sequence"
    return (_SORT_PLURAL if plural else _SORT_SINGULAR)[sort.kind]


def _names(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def formula_words(node: Node, style: Style) -> str:
    """A quantifier-free formula in words (matrix literals inside terms defined at the end)."""
    if style.symbolic:
        return to_text(node, unicode=True)
    prose = Prose(matrix_names([node], term_names([node])))
    return _words(node, style, prose) + where_clause(prose)


def _words(node: Node, style: Style, prose: Prose) -> str:
    term = prose.side
    if isinstance(node, BoolLit):
        return "true" if node.value else "false"
    if isinstance(node, Rel):
        if node.op == "dvd":
            if style.voice == "passive":
                return f"{term(node.right)} is divisible by {term(node.left)}"
            return f"{term(node.left)} divides {term(node.right)}"
        verb = (_PASSIVE if style.voice == "passive" else _ACTIVE)[node.op]
        return f"{term(node.left)} {verb} {term(node.right)}"
    if isinstance(node, Pred):
        if node.name == "coprime":
            return f"{term(node.args[0])} and {term(node.args[1])} are coprime"
        return f"{term(node.args[0])} {_PREDICATES[node.name]}"
    if isinstance(node, Not):
        inner = node.arg
        if isinstance(inner, Rel) and inner.op != "dvd" and not style.symbolic:
            return f"it is not the case that {_words(inner, style, prose)}"
        return f"it is not the case that {_group(inner, style, prose)}"
    if isinstance(node, Conn):
        if node.op == "and":
            return " and ".join(_group(a, style, prose) for a in node.args)
        if node.op == "or":
            return " or ".join(_group(a, style, prose) for a in node.args)
        a, b = (_group(x, style, prose) for x in node.args)
        if node.op == "->":
            return implication(a, b, style.connective)
        return f"{a} exactly when {b}" if style.biconditional == "exactly_when" else f"{a} if and only if {b}"
    raise TypeError(f"cannot word {type(node).__name__}")


def _group(node: Node, style: Style, prose: Prose) -> str:
    text = _words(node, style, prose)
    return f"({text})" if isinstance(node, Conn) and len(node.args) > 1 else text


def implication(a: str, b: str, connective: str) -> str:
    """A → B in the chosen wording; every form keeps the direction of the implication."""
    if connective == "whenever":
        return f"{b} whenever {a}"
    if connective == "only_if":
        return f"{a} only if {b}"
    if connective == "provided":
        return f"{b}, provided that {a}"
    return f"if {a}, then {b}"


def claim_words(claim: Claim, style: Style = Style()) -> str:
    """The whole claim as one English sentence."""
    if style.symbolic:
        return to_text(claim, unicode=True)
    body = claim.body
    prose = Prose(matrix_names([*claim.assumptions, body], claim_names(claim)))
    if claim.assumptions:
        hyp = claim.assumptions[0] if len(claim.assumptions) == 1 else Conn("and", claim.assumptions)
        body_text = implication(_group(hyp, style, prose), _group(claim.body, style, prose), style.connective)
    else:
        body_text = _words(body, style, prose)
    prefix = _prefix(claim, style)
    sentence = f"{prefix}{body_text}" if prefix else body_text
    if style.structure == "holds_that" and claim.binders:
        sentence = f"It holds that {_lower_first(sentence)}"
    elif style.structure == "given" and claim.binders and all(b.quantifier == "forall" for b in claim.binders):
        names = ", ".join(_names(b.names) for b in claim.binders)
        sentence = f"Let {names} be arbitrary ({_sorts(claim)}). Then {body_text}"
    return _upper_first(sentence) + where_clause(prose) + "."


def _sorts(claim: Claim) -> str:
    def one(b: Any) -> str:
        if len(b.names) > 1:
            return f"{_names(b.names)} are {sort_words(b.sort, True)}"
        words = sort_words(b.sort, False)
        return f"{b.names[0]} is {'an' if words[0] in 'aeiou' else 'a'} {words}"

    return "; ".join(one(b) for b in claim.binders)


def _prefix(claim: Claim, style: Style) -> str:
    parts = []
    for position, b in enumerate(claim.binders):
        plural = len(b.names) > 1
        names = _names(b.names)
        if b.quantifier == "exists":
            words = sort_words(b.sort, plural)
            article = "" if plural else ("an " if words[0] in "aeiou" else "a ")
            parts.append(f"there {'are' if plural else 'is'} {article}{words} {names} such that ")
            continue
        q = style.quantifier
        if q == "no_fail" and position > 0:  # only the outermost block takes the negative form
            q = "every"
        if q == "all":
            parts.append(f"for all {sort_words(b.sort, True)} {names}, ")
        elif q == "each":
            parts.append(
                f"for each {sort_words(b.sort, False)} {names}, "
                if not plural
                else f"for each choice of {sort_words(b.sort, True)} {names}, "
            )
        elif q == "any":
            parts.append(f"for any {sort_words(b.sort, plural)} {names}, ")
        elif q == "no_fail":
            parts.append(
                f"there {'are' if plural else 'is'} no {sort_words(b.sort, plural)} {names} for which it fails that "
            )
        else:
            parts.append(
                f"for every {sort_words(b.sort, False)} {names}, "
                if not plural
                else f"for all {sort_words(b.sort, True)} {names}, "
            )
    return "".join(parts)


#: Words a sentence can open with; a sentence that opens with a term (``x² equals 4``) keeps its case.
_OPENING_WORDS = ("for", "there", "it", "if", "let", "the", "true", "false")


def _upper_first(text: str) -> str:
    opens_with_word = text.split(" ", 1)[0].rstrip(",") in _OPENING_WORDS
    return text[:1].upper() + text[1:] if opens_with_word else text


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text and not text[:2].isupper() else text
