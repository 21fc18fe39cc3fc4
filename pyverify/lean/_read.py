"""Reading Lean 4 / Mathlib statements into claims, under the ``mathlib`` semantics.

``read_statement`` takes a ``theorem``/``lemma``/``example`` header (its proof, if any, is cut off at
the top-level ``:=``) or a bare proposition, and returns the claims it means: one for a statement
over ℕ ℤ ℚ ℝ or 2-by-2 rational matrices, one per concrete type for a typeclass-generic statement
(``{G : Type*} [AddGroup G] (a : G)`` is read at every type among ℕ ℤ ℚ ℝ that has an instance of
every class it assumes; each reading is recorded as an *instance*, a consequence of the theorem,
not the theorem). Hypothesis binders ``(h : b ≠ 0)`` and the antecedents of ``→`` become
assumptions; quantifiers reached through ``→`` (``p.Prime → ∀ a, …``) are pulled to the front,
which is sound because the variable they bind does not occur in what precedes them.

How it reads terms is how Lean elaborates them (the parts that matter for the ``mathlib``
semantics, see :mod:`pyverify.logic._semantics`): an arithmetic tree (``+ - * / %``, negation, the
base of ``^``, the two sides of a relation) is computed at the largest type among its leaves and
the type expected of it (an ascription ``(t : ℤ)``, a function's parameter type such as
``Real.sqrt``'s ℝ), numerals taking that type and smaller leaves cast up. Where pyverify's own
carrier rule would compute the tree at a smaller type (``(n - 1 : ℤ)`` with ``n : ℕ``), the reader
writes the casts out (``(n : Z) - 1``), so the claim means exactly what Lean means.

Anything else is :class:`OutsideFragment` with the construct and its position (sets, lists,
polynomials, topology, a class without an instance among ℕ ℤ ℚ ℝ, a quantifier under ``¬``, …);
text that is not a Lean statement at all is :class:`NotLean`. Nothing is evaluated.

Hand-written rather than a lark grammar: Lean's notation is a precedence-climbing (Pratt) parser
with application by juxtaposition, whitespace-sensitive ``|a|`` and user notation; a Pratt parser
that follows Lean's own precedence table is shorter than an LALR grammar of the same fragment and
names the construct that stopped it, which is what a user needs to see.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterator

from pyverify.logic import (
    INT,
    NAT,
    RAT,
    REAL,
    SEQ,
    Binder,
    BoolLit,
    Call,
    Claim,
    Conn,
    Index,
    Not,
    Num,
    Op,
    Pred,
    Rel,
    Sort,
    SumOf,
    Var,
    mat,
    to_text,
)
from pyverify.logic._ast import CAST_TO, free_vars, substitute, walk
from pyverify.logic._parse import FUNCTIONS, PREDICATES, RESERVED
from pyverify.logic._semantics import carrier, leaf_sort
from pyverify.logic._sorts import join

#: Longest statement accepted (Mathlib's longest headers are a few hundred characters).
MAX_LENGTH = 20_000
#: Deepest nesting accepted before the text is refused (never a RecursionError).
MAX_DEPTH = 200


class NotLean(ValueError):
    """Text that is not a Lean statement at all (exit 2)."""

    def __init__(self, message: str, pos: int = -1) -> None:
        self.message = message
        self.pos = pos
        super().__init__(message if pos < 0 else f"{message} at column {pos + 1}")


class OutsideFragment(ValueError):
    """A Lean statement using a construct the claim language cannot express (exit 3)."""

    def __init__(self, construct: str, pos: int = -1) -> None:
        self.construct = construct
        self.pos = pos
        where = f" at column {pos + 1}" if pos >= 0 else ""
        super().__init__(f"outside the fragment: {construct}{where}")


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


# ---------------------------------------------------------------- typeclasses

_N, _Z, _Q, _R = "ℕ", "ℤ", "ℚ", "ℝ"
_ALL = (_N, _Z, _Q, _R)
_RINGS = (_Z, _Q, _R)
_FIELDS = (_Q, _R)
#: Mathlib classes and the types among ℕ ℤ ℚ ℝ that have an instance (checked against Mathlib's
#: instance declarations; a class missing here is "outside the fragment", never guessed). ℤ ℚ ℝ are
#: not multiplicative groups, nor cancel monoids (0 · a = 0 · b), so ``Group`` has none.
CLASSES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("Add", "Mul", "Zero", "One", "LE", "LT", "Preorder", "PartialOrder", "LinearOrder", "Lattice",
                     "DistribLattice", "SemilatticeSup", "SemilatticeInf", "Nontrivial", "AddSemigroup",
                     "AddCommSemigroup", "AddMonoid", "AddCommMonoid", "AddZeroClass", "Semigroup", "CommSemigroup",
                     "Monoid", "CommMonoid", "MulOneClass", "MulZeroClass", "MulZeroOneClass", "MonoidWithZero",
                     "CommMonoidWithZero", "SemigroupWithZero", "NoZeroDivisors", "CancelMonoidWithZero",
                     "CancelCommMonoidWithZero", "IsDomain", "Semiring", "CommSemiring", "NonAssocSemiring",
                     "NonUnitalSemiring", "NonUnitalNonAssocSemiring", "NonUnitalCommSemiring", "AddMonoidWithOne",
                     "AddCommMonoidWithOne", "OrderedSemiring", "OrderedCommSemiring", "StrictOrderedSemiring",
                     "StrictOrderedCommSemiring", "LinearOrderedSemiring", "LinearOrderedCommSemiring",
                     "OrderedAddCommMonoid", "OrderedCancelAddCommMonoid", "LinearOrderedAddCommMonoid",
                     "LinearOrderedCancelAddCommMonoid", "CanonicallyOrderedAddCommMonoid", "IsOrderedRing",
                     "IsStrictOrderedRing", "IsOrderedAddMonoid", "IsOrderedCancelAddMonoid", "CharZero",
                     "Archimedean", "AddLeftCancelSemigroup", "AddRightCancelSemigroup", "AddLeftCancelMonoid",
                     "AddRightCancelMonoid", "AddCancelMonoid", "AddCancelCommMonoid", "Dvd"), _ALL),
    **dict.fromkeys(("Neg", "Sub", "AddGroup", "AddCommGroup", "SubtractionMonoid", "SubtractionCommMonoid",
                     "SubNegMonoid", "NegZeroClass", "InvolutiveNeg", "HasDistribNeg", "AddGroupWithOne",
                     "AddCommGroupWithOne", "Ring", "CommRing", "NonAssocRing", "NonUnitalRing", "NonUnitalNonAssocRing",
                     "NonUnitalCommRing", "OrderedAddCommGroup", "LinearOrderedAddCommGroup", "OrderedRing",
                     "OrderedCommRing", "StrictOrderedRing", "StrictOrderedCommRing", "LinearOrderedRing",
                     "LinearOrderedCommRing", "FloorRing"), _RINGS),
    **dict.fromkeys(("Inv", "Div", "DivisionRing", "Field", "DivisionSemiring", "Semifield", "GroupWithZero",
                     "CommGroupWithZero", "DivInvMonoid", "DivisionMonoid", "DivisionCommMonoid", "LinearOrderedField",
                     "LinearOrderedSemifield", "InvolutiveInv", "DivInvOneMonoid"), _FIELDS),
    **dict.fromkeys(("Group", "CommGroup", "LeftCancelMonoid", "RightCancelMonoid", "CancelMonoid",
                     "CancelCommMonoid", "LeftCancelSemigroup", "RightCancelSemigroup"), ()),
}  # fmt: skip
_SORT_OF = {_N: NAT, _Z: INT, _Q: RAT, _R: REAL}
_TYPE_NAMES = {"ℕ": _N, "Nat": _N, "ℤ": _Z, "Int": _Z, "ℚ": _Q, "Rat": _Q, "ℝ": _R, "Real": _R}
_SORT_SYMBOL = {"N": _N, "Z": _Z, "Q": _Q, "R": _R}

# ---------------------------------------------------------------- tokens

_SYMBOLS = sorted(
    ["::", "++", ":=", "<->", "->", "<=", ">=", "!=", "≠", "↔", "→", "∀", "∃!", "∃", "¬", "∧", "∨", "=", "≤", "≥", "<",
     ">", "∣", "+", "-", "*", "/", "%", "^", "!![", "!", "⁻¹", "ᵀ", "ᶜ", "↑", "√", "∑", "∏", "|", "⌊", "⌋", "⌈", "⌉",
     "⌋₊", "⌉₊", "(", ")", "{", "}", "[", "]", "⦃", "⦄", "⟨", "⟩", ",", ":", "•", "∈", "∉", "∩", "∪", "⊆", "⊂", "⊇",
     "∅", "=>", "↦", "·", "∘", "@", "$", "<|", "|>", "×", "⊤", "⊥", "#", "∫", "∞", "≃", "≅", "→+", "→*", "⁺", "∆",
     "⊔", "⊓", "ᵒᵈ", "′", "'", ";", "?", "&", "..", "."],
    key=len, reverse=True,
)  # fmt: skip
_IDENT_START = r"A-Za-z_α-κμ-ωΑ-Ωℓℕℤℚℝ𝒜-𝓏𝔸-𝕫"
_IDENT = re.compile(
    rf"[{_IDENT_START}][{_IDENT_START}0-9'₀-₉ₐ-ₜ!?]*(?:\.[{_IDENT_START}][{_IDENT_START}0-9'₀-₉ₐ-ₜ!?]*)*"
)
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_SUB_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


@dataclass
class _Tok:
    kind: str  # ident num sym end
    text: str
    pos: int
    space_before: bool


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    i, n = 0, len(text)
    space = True
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            space = True
            continue
        if text.startswith("--", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            space = True
            continue
        if text.startswith("/-", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/-", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("-/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            if depth:
                raise NotLean("unterminated comment", i)
            i, space = j, True
            continue
        m = _NUMBER.match(text, i)
        if m:
            out.append(_Tok("num", m.group(), i, space))
            i, space = m.end(), False
            continue
        m = _IDENT.match(text, i)
        if m:
            word = m.group()
            if word.endswith("!") and not word.endswith("!!"):  # `n!` (Lean reads an identifier): factorial
                word = word[:-1]
            out.append(_Tok("ident", word, i, space))
            i, space = i + len(word), False
            continue
        if ch == "«":
            j = text.find("»", i)
            if j < 0:
                raise NotLean("unterminated «name»", i)
            out.append(_Tok("ident", text[i + 1 : j], i, space))
            i, space = j + 1, False
            continue
        for sym in _SYMBOLS:
            if text.startswith(sym, i):
                out.append(_Tok("sym", sym, i, space))
                i += len(sym)
                break
        else:
            out.append(_Tok("sym", ch, i, space))
            i += 1
        space = False
    out.append(_Tok("end", "", n, True))
    return out


# ---------------------------------------------------------------- Lean syntax tree


@dataclass
class _L:
    """A node of the Lean term as written (before elaboration)."""

    kind: str
    pos: int
    text: str = ""
    args: list[Any] = field(default_factory=list)
    end: int = -1
    start: int = -1

    def __post_init__(self) -> None:
        if self.start < 0:
            self.start = self.pos


# Lean 4 precedences (Init/Notation, Init/Core, Mathlib notation): left binding power of infix
# operators, and whether they associate to the right.
_INFIX: dict[str, tuple[int, bool]] = {
    "↔": (20, False), "<->": (20, False), "→": (25, True), "->": (25, True), "∨": (30, True), "∧": (35, True),
    "=": (50, False), "≠": (50, False), "!=": (50, False), "<": (50, False), ">": (50, False), "≤": (50, False),
    "<=": (50, False), "≥": (50, False), ">=": (50, False), "∣": (50, False), "∈": (50, False), "∉": (50, False),
    "⊆": (50, False), "⊂": (50, False), "⊇": (50, False), "+": (65, False), "-": (65, False), "++": (65, False),
    "*": (70, False), "/": (70, False), "%": (70, False), "∩": (70, False), "∪": (65, False), "•": (73, True),
    "^": (75, True), "::": (67, True), "∘": (90, True), "×": (35, True), "⊔": (68, False), "⊓": (69, False),
    "$": (10, True), "<|": (10, True), "|>": (10, False), "∆": (100, False),
}  # fmt: skip
_POSTFIX = {"⁻¹", "ᵀ", "!", "ᶜ", "ᵒᵈ"}
_MAX = 1024
_ARG_STARTS = {"(", "↑", "⌊", "!![", "⟨", "∅", "⊤", "⊥"}
_BINDER_OPEN = {"(": ")", "{": "}", "⦃": "⦄", "[": "]"}


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokens(text)
        self.i = 0
        self.abs_depth = 0
        self.depth = 0

    @property
    def tok(self) -> _Tok:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> _Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def next(self) -> _Tok:
        t = self.toks[self.i]
        self.i = min(self.i + 1, len(self.toks) - 1)
        return t

    def at(self, *syms: str) -> bool:
        return self.tok.kind == "sym" and self.tok.text in syms

    def expect(self, sym: str) -> _Tok:
        if not self.at(sym):
            got = self.tok.text or "end of input"
            raise NotLean(f"expected '{sym}', found '{got}'", self.tok.pos)
        return self.next()

    # header -------------------------------------------------------

    def statement(self) -> tuple[str | None, list[_L], _L]:
        name = None
        keyword = self.tok.kind == "ident" and self.tok.text in ("theorem", "lemma", "example")
        while self.tok.kind == "ident" and self.tok.text in ("private", "protected", "nonrec", "noncomputable"):
            self.next()
            keyword = self.tok.kind == "ident" and self.tok.text in ("theorem", "lemma", "example")
        if self.at("@") and self.peek().text == "[":  # attributes: @[simp] theorem …
            self.next()
            self.skip_group("[", "]")
            keyword = self.tok.kind == "ident" and self.tok.text in ("theorem", "lemma", "example")
        binders: list[_L] = []
        if keyword:
            word = self.next().text
            if word != "example":
                if self.tok.kind != "ident":
                    raise NotLean(f"expected the {word}'s name", self.tok.pos)
                name = self.next().text
            while self.at(*_BINDER_OPEN) or self.tok.kind == "ident":
                if self.tok.kind == "ident":
                    raise NotLean(f"a binder without brackets '{self.tok.text}' in the header", self.tok.pos)
                binders.extend(self.bracket_binders())
            self.expect(":")
        prop = self.expr(0)
        if self.at(":="):
            pass  # the proof is not read
        elif self.tok.kind == "ident" and self.tok.text in ("by", "where"):
            pass
        elif self.tok.kind != "end":
            raise self.unexpected()
        if not keyword and not _looks_like_proposition(prop):
            raise NotLean("expected `theorem name binders : proposition` or a proposition", 0)
        return name, binders, prop

    def skip_group(self, open_: str, close: str) -> None:
        self.expect(open_)
        depth = 1
        while depth and self.tok.kind != "end":
            if self.at(open_):
                depth += 1
            elif self.at(close):
                depth -= 1
            self.next()
        if depth:
            raise NotLean(f"unclosed '{open_}'", self.tok.pos)

    def bracket_binders(self) -> list[_L]:
        open_tok = self.next()
        close = _BINDER_OPEN[open_tok.text]
        kind = {"(": "explicit", "{": "implicit", "⦃": "strict", "[": "instance"}[open_tok.text]
        if kind == "instance":
            # [inst : C α] or [C α]
            if self.tok.kind == "ident" and self.peek().text == ":":
                self.next()
                self.next()
            cls = self.expr(0)
            self.expect(close)
            return [_L("binder", open_tok.pos, "instance", [None, cls])]
        names: list[_Tok] = []
        while self.tok.kind == "ident" or self.at("_"):
            names.append(self.next())
        if not names:
            raise NotLean(f"expected a name after '{open_tok.text}'", self.tok.pos)
        if self.at(close):  # {α} without a type
            self.next()
            return [_L("binder", t.pos, kind, [t.text, None]) for t in names]
        self.expect(":")
        typ = self.expr(0)
        if self.at(":="):
            raise OutsideFragment("a binder with a default value", self.tok.pos)
        self.expect(close)
        return [_L("binder", t.pos, kind, [t.text, typ]) for t in names]

    # terms --------------------------------------------------------

    def unexpected(self) -> Exception:
        t = self.tok
        if t.kind == "end":
            return NotLean("unexpected end of input", t.pos)
        if t.kind == "sym" and t.text in _UNSUPPORTED_SYMBOLS:
            return OutsideFragment(_UNSUPPORTED_SYMBOLS[t.text], t.pos)
        return NotLean(f"unexpected '{t.text}'", t.pos)

    def expr(self, rbp: int) -> _L:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise NotLean("nested too deeply", self.tok.pos)
        try:
            left = self.nud()
            self.close(left)
            while True:
                t = self.tok
                if t.kind == "sym" and t.text == "|" and self.abs_depth > 0 and not t.space_before:
                    break  # closes |…|
                if t.kind == "sym" and t.text in _INFIX:
                    lbp, right = _INFIX[t.text]
                    if lbp <= rbp:
                        break
                    self.next()
                    rhs = self.expr(lbp - 1 if right else lbp)
                    left = self.close(_L("infix", t.pos, t.text, [left, rhs], start=left.start))
                    continue
                if t.kind == "sym" and t.text in _POSTFIX:
                    if rbp >= _MAX + 1 and t.text == "!":
                        break
                    self.next()
                    left = self.close(_L("postfix", t.pos, t.text, [left], start=left.start))
                    continue
                if t.kind == "sym" and t.text == "." and not t.space_before and self.peek().kind == "ident":
                    self.next()
                    field_tok = self.next()
                    left = self.close(_L("proj", field_tok.pos, field_tok.text, [left], start=left.start))
                    continue
                if rbp < _MAX and self.starts_argument():
                    arg = self.expr(_MAX)
                    if left.kind == "app":
                        left.args.append(arg)
                        left.end = arg.end
                    else:
                        left = self.close(_L("app", left.pos, "", [left, arg], start=left.start))
                    continue
                break
            return left
        finally:
            self.depth -= 1

    def close(self, node: _L) -> _L:
        """Record where ``node`` ends in the source (the end of the last token read)."""
        if node.end < 0:
            last = self.toks[max(0, self.i - 1)]
            node.end = last.pos + len(last.text)
        return node

    def source(self, node: _L) -> str:
        return self.text[node.start : node.end] if 0 <= node.start < node.end else _show_l(node)

    def starts_argument(self) -> bool:
        t = self.tok
        if t.kind in ("ident", "num"):
            return not (t.kind == "ident" and t.text in ("by", "where", "fun", "then", "else", "at", "in"))
        if t.kind != "sym":
            return False
        if t.text == "|":
            return self.abs_depth == 0 or t.space_before
        if t.text == "[":
            return not t.space_before  # R[X]
        return t.text in _ARG_STARTS

    def nud(self) -> _L:
        t = self.next()
        if t.kind == "num":
            return _L("num", t.pos, t.text)
        if t.kind == "ident":
            if t.text in ("Type", "Sort"):  # Type*, Type u_1, Sort _
                universe = self.tok.kind in ("ident", "num") and re.fullmatch(r"u(_[0-9]+)?|v|w|[0-9]+", self.tok.text)
                if self.at("*", "_") or universe:
                    self.next()
                return _L("ident", t.pos, t.text)
            if t.text in ("fun", "λ"):
                return self.lambda_(t)
            if t.text in ("if", "match", "let", "have", "show", "calc", "do"):
                raise OutsideFragment(f"'{t.text}'", t.pos)
            return _L("ident", t.pos, t.text)
        if t.kind == "end":
            raise NotLean("unexpected end of input", t.pos)
        s = t.text
        if s == "(":
            if self.at(")"):
                raise OutsideFragment("the unit value ()", t.pos)
            saved = self.abs_depth
            self.abs_depth = 0
            inner = self.expr(0)
            if self.at(":"):
                self.next()
                typ = self.expr(0)
                self.expect(")")
                self.abs_depth = saved
                return _L("ascribe", t.pos, "", [inner, typ])
            if self.at(","):
                raise OutsideFragment("a tuple", self.tok.pos)
            self.expect(")")
            self.abs_depth = saved
            return _L("paren", t.pos, "", [inner])
        if s in ("∀", "∃", "∃!"):
            return self.quantifier(t)
        if s == "¬":
            return _L("not", t.pos, "", [self.expr(40)])
        if s == "-":
            return _L("neg", t.pos, "", [self.expr(75)])
        if s == "↑":
            return _L("coe", t.pos, "", [self.expr(_MAX)])
        if s == "√":
            return _L("sqrt", t.pos, "", [self.expr(100)])
        if s == "|":
            self.abs_depth += 1
            inner = self.expr(0)
            if not self.at("|"):
                raise NotLean("'|' is not closed", t.pos)
            self.next()
            self.abs_depth -= 1
            return _L("abs", t.pos, "", [inner])
        if s == "⌊":
            inner = self.expr(0)
            if self.at("⌋₊"):
                raise OutsideFragment("⌊·⌋₊ (Nat.floor)", t.pos)
            self.expect("⌋")
            return _L("floor", t.pos, "", [inner])
        if s in ("∑", "∏"):
            return self.big_operator(t)
        if s == "!![":
            return self.matrix(t)
        if s == "⊤" or s == "⊥":
            return _L("unsupported", t.pos, f"'{s}'")
        if s in ("[", "⟨", "{"):
            self.i -= 1
            self.skip_group(s, {"[": "]", "⟨": "⟩", "{": "}"}[s])
            return _L("unsupported", t.pos, _UNSUPPORTED_SYMBOLS[s])
        if s in _UNSUPPORTED_SYMBOLS:
            return _L("unsupported", t.pos, _UNSUPPORTED_SYMBOLS[s])
        raise NotLean(f"unexpected '{s}'", t.pos)

    def lambda_(self, t: _Tok) -> _L:
        names = []
        while self.tok.kind == "ident":
            names.append(self.next().text)
        if self.at(":"):
            self.next()
            self.expr(26)
        if not (self.at("=>") or self.at("↦")) or len(names) != 1:
            raise OutsideFragment("a lambda", t.pos)
        self.next()
        return _L("lambda", t.pos, names[0], [self.expr(0)])

    def quantifier(self, t: _Tok) -> _L:
        binders: list[_L] = []
        if t.text == "∃!":
            raise OutsideFragment("∃! (unique existence)", t.pos)
        while True:
            if self.at(*_BINDER_OPEN):
                binders.extend(self.bracket_binders())
                continue
            if self.tok.kind == "ident" or self.at("_"):
                names = []
                while self.tok.kind == "ident" or self.at("_"):
                    names.append(self.next())
                if self.at(":"):
                    self.next()
                    typ = self.expr(0) if False else self.binder_type()
                    binders.extend(_L("binder", n.pos, "explicit", [n.text, typ]) for n in names)
                elif self.at("∈", "∉", "⊆", "⊂"):
                    raise OutsideFragment(f"a binder '{names[0].text} {self.tok.text} …'", self.tok.pos)
                elif self.at("<", ">", "≤", "≥", "≠", "<=", ">=", "∣"):
                    rel = self.next()
                    bound = self.expr(51)
                    for n in names:
                        binders.append(_L("binder", n.pos, "explicit", [n.text, None]))
                        binders.append(_L("binder_pred", rel.pos, rel.text, [n.text, bound]))
                else:
                    binders.extend(_L("binder", n.pos, "explicit", [n.text, None]) for n in names)
                continue
            break
        if not binders:
            raise NotLean(f"expected a binder after '{t.text}'", self.tok.pos)
        self.expect(",")
        body = self.expr(0)
        return _L("forall" if t.text == "∀" else "exists", t.pos, "", [binders, body])

    def binder_type(self) -> _L:
        # `∀ x y : ℕ, …`: the type runs to the comma
        return self.expr(0)

    def big_operator(self, t: _Tok) -> _L:
        if t.text == "∏":
            raise OutsideFragment("∏ (finite products)", t.pos)
        if self.tok.kind != "ident":
            raise OutsideFragment("a ∑ over a pattern", self.tok.pos)
        var = self.next().text
        if self.at(":"):
            self.next()
            typ = self.expr(51)
            raise OutsideFragment(f"a ∑ over a type ({_show_l(typ)})", t.pos)
        if not (self.at("∈") or (self.tok.kind == "ident" and self.tok.text == "in")):
            raise OutsideFragment("a ∑ without a Finset", self.tok.pos)
        self.next()
        finset = self.expr(0)
        self.expect(",")
        body = self.expr(67)
        return _L("sum", t.pos, var, [finset, body])

    def matrix(self, t: _Tok) -> _L:
        rows: list[list[_L]] = [[]]
        while True:
            rows[-1].append(self.expr(0))
            if self.at(","):
                self.next()
            elif self.at(";"):
                self.next()
                rows.append([])
            else:
                break
        self.expect("]")
        return _L("matrix", t.pos, "", [rows])


_UNSUPPORTED_SYMBOLS = {
    "∈": "membership '∈'", "∉": "membership '∉'", "∩": "set intersection '∩'", "∪": "set union '∪'",
    "⊆": "subset '⊆'", "⊂": "subset '⊂'", "⊇": "superset '⊇'", "∅": "the empty set '∅'", "ᶜ": "complement 'ᶜ'",
    "::": "list cons '::'", "++": "append '++'", "[": "a list literal", "∘": "composition '∘'", "×": "a product type '×'",
    "⟨": "an anonymous constructor '⟨…⟩'", "{": "a set '{…}'", "∫": "an integral '∫'", "∞": "'∞'", "⌈": "⌈·⌉ (ceiling)", "⊔": "'⊔'",
    "⊓": "'⊓'", "∆": "symmetric difference '∆'", "•": "scalar action '•'", "≃": "an equivalence '≃'",
    "ᵒᵈ": "the order dual 'ᵒᵈ'", "·": "'·' (anonymous function)", "$": "'$'", "<|": "'<|'", "|>": "'|>'",
}  # fmt: skip


def _show_l(node: _L) -> str:
    if node.kind in ("ident", "num"):
        return node.text
    return node.kind


def _looks_like_proposition(node: _L) -> bool:
    if node.kind in ("forall", "exists", "not"):
        return True
    if node.kind == "ident" and node.text in ("True", "False"):  # `example : False` is a statement too
        return True
    if node.kind == "infix":
        return True
    if node.kind == "paren":
        return _looks_like_proposition(node.args[0])
    if node.kind == "app" and node.args[0].kind == "ident":
        head = node.args[0].text
        return head in _PREDICATE_HEADS or head.endswith(".Prime")
    return node.kind == "proj" and node.text in ("Prime", "Coprime")


# ---------------------------------------------------------------- elaboration

_RELATIONS = {"=": "=", "≠": "!=", "!=": "!=", "<": "<", ">": ">", "≤": "<=", "<=": "<=", "≥": ">=", ">=": ">=",
              "∣": "dvd"}  # fmt: skip
_CONNECTIVES = {"∧": "and", "∨": "or", "→": "->", "->": "->", "↔": "<->", "<->": "<->"}
_ARITH = {"+", "-", "*", "/", "%", "^"}
_PREDICATE_HEADS = {"Nat.Prime", "Prime", "Even", "Odd", "Nat.Coprime", "IsSquare", "True", "False", "Int.Prime"}
#: Function names and the claim function they are, with the type Lean elaborates their arguments at
#: (None: the surrounding type, as for |·|, min, max) and the type they return.
_FUNCS: dict[str, tuple[str, Sort | None, Sort | None]] = {
    "Nat.gcd": ("gcd", NAT, NAT), "Nat.lcm": ("lcm", NAT, NAT), "Int.gcd": ("gcd", INT, NAT),
    "Int.lcm": ("lcm", INT, NAT), "Nat.factorial": ("factorial", NAT, NAT), "Nat.choose": ("binomial", NAT, NAT),
    "Real.sqrt": ("sqrt", REAL, REAL), "Real.exp": ("exp", REAL, REAL), "Real.log": ("log", REAL, REAL),
    "abs": ("abs", None, None), "min": ("min", None, None), "max": ("max", None, None), "Int.floor": ("floor", None, INT),
    "Matrix.det": ("det", None, RAT), "Matrix.trace": ("trace", None, RAT), "Matrix.transpose": ("transpose", None, None),
    "Nat.succ": ("succ", NAT, NAT), "Int.emod": ("mod", INT, INT), "Int.ediv": ("div", INT, INT), "Nat.mod": ("mod", NAT, NAT),
    "Nat.div": ("div", NAT, NAT), "Nat.sub": ("sub", NAT, NAT), "Nat.add": ("add", NAT, NAT), "Nat.mul": ("mul", NAT, NAT),
    "gcd": ("gcd", None, None), "lcm": ("lcm", None, None),
}  # fmt: skip
_OPEN_NAMESPACES = ("Nat.", "Int.", "Real.", "Matrix.", "Finset.")
#: Projections ``x.f`` on a variable, and the function or predicate they are.
_PROJ = {"Prime": "Nat.Prime", "factorial": "Nat.factorial", "choose": "Nat.choose", "gcd": "Nat.gcd", "lcm": "Nat.lcm",
         "succ": "Nat.succ", "det": "Matrix.det", "transpose": "Matrix.transpose", "trace": "Matrix.trace",
         "Coprime": "Nat.Coprime", "sqrt": "Real.sqrt", "toNat": "Int.toNat", "exp": "Real.exp", "log": "Real.log"}  # fmt: skip
_TYPE_WORDS = ("Type", "Sort", "Type*", "Sort*", "Prop")


@dataclass
class _Term:
    """An elaborated term: the claim term, the type Lean gives it, and whether it is a bare numeral."""

    node: Any
    sort: Sort | None  # None: a numeral (takes the type its context gives)
    coerce: bool = False  # ↑e: cast to whatever its context needs
    to_nat: bool = False  # Int.toNat e: the ℤ term e, read where pyverify itself reads an integer through toNat
    pinned: Sort | None = None  # a ∑ whose body Lean computes at this type, and which depends on it


class _Elab:
    """Elaborates one Lean proposition at one assignment of its type variables."""

    def __init__(self, types: dict[str, Sort], text: str = "") -> None:
        self.types = types
        self.text = text
        self.scope: dict[str, Var] = {}
        self.taken: set[str] = set()
        self.binders: list[Binder] = []
        self.assumptions: list[Any] = []
        self.pending: list[Any] = []
        self.indices: set[str] = set()  # ∑ indices that count up from a bound ≥ 0
        self.nat_indices: set[str] = set()  # ∑ indices that are ℕ in Lean (ℤ in the claim)
        self.leaf_expected: Sort | None = None  # the type a binop% tree is expected at, for |·| min max

    # names ----------------------------------------------------------

    def fresh(self, name: str) -> str:
        base = name.translate(_SUB_DIGITS).replace("'", "_").replace("!", "_").replace("?", "_")
        base = re.sub(r"[^A-Za-z0-9_α-ω]", "_", base) or "x"
        if not re.match(r"[A-Za-zα-ω]", base):
            base = "x" + base
        if (
            base in RESERVED
            or base in FUNCTIONS
            or base in PREDICATES
            or base in ("N", "Z", "Q", "R", "sum", "e", "pi")
        ):
            base += "_"
        out, k = base, 1
        while out in self.taken:
            k += 1
            out = f"{base}{k}"
        self.taken.add(out)
        return out

    def sort(self, node: _L | None, pos: int) -> Sort:
        if node is None:
            raise OutsideFragment("a binder whose type Lean infers", pos)
        if node.kind == "paren":
            return self.sort(node.args[0], pos)
        if node.kind == "ident":
            if node.text in _TYPE_NAMES:
                return _SORT_OF[_TYPE_NAMES[node.text]]
            if node.text in self.types:
                return self.types[node.text]
            if re.fullmatch(r"[A-Zα-ω][₀-₉0-9']*", node.text):
                raise OutsideFragment(f"the type {node.text} (a type variable without a binder)", node.pos)
            raise OutsideFragment(f"the type {node.text}", node.pos)
        if node.kind == "app" and node.args[0].kind == "ident" and node.args[0].text == "Matrix":
            a = node.args[1:]
            if (len(a) == 3 and all(x.kind == "paren" and x.args[0].kind == "app" for x in a[:2])
                    and self.sort(a[2], pos) == RAT):  # fmt: skip
                sizes = []
                for x in a[:2]:
                    inner = x.args[0]
                    if inner.args[0].kind == "ident" and inner.args[0].text == "Fin" and inner.args[1].kind == "num":
                        sizes.append(int(inner.args[1].text))
                if len(sizes) == 2 and sizes[0] == sizes[1] and sizes[0] in (2, 3):
                    return mat(sizes[0])
            raise OutsideFragment("a matrix type other than Matrix (Fin n) (Fin n) ℚ", node.pos)
        if node.kind == "infix" and node.text in ("→", "->"):
            if self.sort(node.args[0], pos) == NAT and self.sort(node.args[1], pos) == RAT:
                return SEQ  # a sequence ℕ → ℚ
            raise OutsideFragment(f"the function type {self.src(node)}", node.pos)
        raise OutsideFragment(f"the type {self.src(node)}", node.pos)

    def src(self, node: _L) -> str:
        """The source text of a node, for messages."""
        if 0 <= node.start < node.end <= len(self.text):
            return " ".join(self.text[node.start : node.end].split())
        return _show_l(node)

    def bind(self, quantifier: str, binders: list[_L]) -> None:
        bounds = {b.args[0]: b.args[1] for b in binders if b.kind == "binder_pred"}
        for b in binders:
            if b.kind == "binder_pred":  # ∀ x > 0, …  /  ∃ n ≥ 1, …
                name, bound = b.args
                self.condition(quantifier, self.formula(_L("infix", b.pos, b.text, [_L("ident", b.pos, name), bound])))
                continue
            name, typ = b.args
            if b.text == "instance":
                raise OutsideFragment("an instance binder inside the statement", b.pos)
            if typ is not None and _is_universe(typ):
                raise OutsideFragment("a type quantified inside the statement", b.pos)
            if typ is not None and not _is_type(typ, self.types):
                self.condition(quantifier, self.formula(typ))  # a hypothesis binder (h : b ≠ 0)
                continue
            if typ is None and name in bounds:
                # ∀ ε > (0 : ℝ): the type of the bound; a bare numeral leaves it to unification
                bound_sort = self.term(bounds[name], None).sort
                if bound_sort is None or not bound_sort.is_scalar:
                    raise OutsideFragment(f"a binder whose type Lean infers from its use ({name} {'>'} …)", b.pos)
                sort = bound_sort
            else:
                sort = self.sort(typ, b.pos)
            claim_name = self.fresh(name if name != "_" else "x")
            self.scope[name] = Var(claim_name, sort)
            if self.binders and self.binders[-1].quantifier == quantifier and self.binders[-1].sort == sort:
                last = self.binders[-1]
                self.binders[-1] = Binder(quantifier, (*last.names, claim_name), sort)
            else:
                self.binders.append(Binder(quantifier, (claim_name,), sort))

    def condition(self, quantifier: str, formula: Any) -> None:
        """A hypothesis: an assumption under ∀, a conjunct of the body under ∃ (``∃ x > 0, P``)."""
        if quantifier == "forall":
            if self.pending:
                raise OutsideFragment("a ∀ hypothesis after an ∃ condition")
            self.assumptions.append(formula)
        else:
            self.pending.append(formula)

    # propositions ----------------------------------------------------

    def statement(self, node: _L) -> Claim:
        """Walk the spine: ∀/∃ binders and → antecedents become the claim's prefix and assumptions.

        Pulling a quantifier out of the consequent of → (``A → ∀ x, B`` to ``∀ x, A → B``) is sound
        because every bound name is fresh, so ``x`` does not occur in ``A``; the claim's assumptions
        are read inside all its quantifiers, as ``∀ x, ∃ y, A → B``.
        """
        while True:
            if node.kind == "paren":
                node = node.args[0]
            elif node.kind in ("forall", "exists"):
                self.bind(node.kind, node.args[0])
                node = node.args[1]
            elif node.kind == "not" and _unparen(node.args[0]).kind in ("forall", "exists"):
                inner = _unparen(node.args[0])  # ¬ ∃ x, P  is  ∀ x, ¬ P  (and ¬ ∀ is ∃ ¬)
                dual = "exists" if inner.kind == "forall" else "forall"
                node = _L(dual, inner.pos, "", [inner.args[0], _L("not", node.pos, "", [inner.args[1]])])
            elif node.kind == "infix" and node.text in ("→", "->") and not self.pending:
                self.assumptions.append(self.formula(node.args[0]))
                node = node.args[1]
            else:
                break
        body = self.formula(node)
        if self.pending:
            body = Conn("and", (*self.pending, body))
        return Claim(tuple(self.binders), tuple(self.assumptions), body)

    def formula(self, node: _L) -> Any:
        k = node.kind
        if k == "unsupported":
            raise OutsideFragment(node.text, node.pos)
        if k == "paren":
            return self.formula(node.args[0])
        if k == "not":
            return Not(self.formula(node.args[0]))
        if k in ("forall", "exists"):
            raise OutsideFragment("a quantifier inside a connective (not in prenex position)", node.pos)
        if k == "infix":
            op = node.text
            if op in _CONNECTIVES:
                left, right = self.formula(node.args[0]), self.formula(node.args[1])
                c = _CONNECTIVES[op]
                if c in ("and", "or"):
                    parts = [*(left.args if isinstance(left, Conn) and left.op == c else (left,)),
                             *(right.args if isinstance(right, Conn) and right.op == c else (right,))]  # fmt: skip
                    return Conn(c, tuple(parts))
                return Conn(c, (left, right))
            if op in _RELATIONS:
                return self.relation(node)
            if op in _UNSUPPORTED_SYMBOLS:
                raise OutsideFragment(_UNSUPPORTED_SYMBOLS[op], node.pos)
            raise OutsideFragment(f"'{op}' as a proposition", node.pos)
        if k == "ident":
            if node.text == "True":
                return BoolLit(True)
            if node.text == "False":
                return BoolLit(False)
            if node.text in self.scope:
                raise OutsideFragment("a propositional variable", node.pos)
        head, args = self.head_args(node)
        if head is not None:
            name = self.resolve(head)
            if name in ("Nat.Prime", "Prime") and len(args) == 1:
                t = self.term_at(args[0], NAT, NAT)
                if name == "Prime" and (t.sort or NAT) != NAT:
                    raise OutsideFragment("Prime at a type other than ℕ", node.pos)
                return Pred("prime", (self.fit(t, NAT),))
            if name in ("Even", "Odd") and len(args) == 1:
                t = self.term(args[0], None)
                s = t.sort or NAT
                if not s.is_integral:
                    raise OutsideFragment(f"{name} at {s}", node.pos)
                return Pred(name.lower(), (self.fit(t, s),))
            if name == "Nat.Coprime" and len(args) == 2:
                return Pred("coprime", tuple(self.fit(self.term_at(a, NAT, NAT), NAT) for a in args))
            if name == "IsSquare" and len(args) == 1:
                t = self.term(args[0], None)
                s = t.sort or NAT
                if not s.is_integral:
                    raise OutsideFragment(f"IsSquare at {s}", node.pos)
                return Pred("square", (self.fit(t, s),))
            raise OutsideFragment(f"'{head.text}'", head.pos)
        raise OutsideFragment(f"{_describe(node)} as a proposition", node.pos)

    def relation(self, node: _L) -> Any:
        op = _RELATIONS[node.text]
        left, right = self.term(node.args[0], None), self.term(node.args[1], None)
        sorts = [s for s in (left.sort, right.sort) if s is not None]
        if any(s.is_matrix for s in sorts):
            if op not in ("=", "!=") or len({s for s in sorts}) != 1:
                raise OutsideFragment(f"'{node.text}' between matrices", node.pos)
            n = sorts[0].n
            return Rel(
                op, _matrix_numerals(self.fit(left, sorts[0]), n), _matrix_numerals(self.fit(right, sorts[0]), n)
            )
        target = join(*sorts) if sorts else NAT
        if op == "dvd" and not target.is_integral:
            raise OutsideFragment(f"'∣' in {target}", node.pos)
        tree = self.tree([left, right], target)
        return Rel(op, tree[0], tree[1])

    # terms ---------------------------------------------------------------

    def head_args(self, node: _L) -> tuple[_L | None, list[_L]]:
        if node.kind == "app" and node.args[0].kind in ("ident", "proj"):
            head, args = node.args[0], list(node.args[1:])
        elif node.kind in ("ident", "proj"):
            head, args = node, []
        else:
            return None, []
        if head.kind == "proj":  # (e).f
            return _L("ident", head.pos, _PROJ.get(head.text, "." + head.text)), [head.args[0], *args]
        text = head.text
        if "." in text:
            first, rest = text.split(".", 1)
            if first in self.scope and "." not in rest:  # x.Prime, n.choose k
                target = _PROJ.get(rest)
                if target is None:
                    raise OutsideFragment(f"the projection .{rest}", head.pos)
                return _L("ident", head.pos, target), [_L("ident", head.pos, first), *args]
        return head, args

    def resolve(self, head: _L) -> str:
        text = head.text
        if text in _FUNCS or text in _PREDICATE_HEADS or text in ("Finset.sum", "Int.toNat", "Nat.cast", "Int.cast"):
            return text
        for ns in _OPEN_NAMESPACES:  # after `open Nat`: `choose n k`, `factorial n`
            if ns + text in _FUNCS or ns + text in _PREDICATE_HEADS:
                return ns + text
        return text

    def term(self, node: _L, expected: Sort | None) -> _Term:
        """Elaborate a term; arithmetic trees are collected whole (Lean's ``binop%``)."""
        if node.kind == "paren":
            return self.term(node.args[0], expected)
        if _is_arith(node):
            leaves: list[_Term] = []
            saved, self.leaf_expected = self.leaf_expected, expected
            try:
                shape = self.shape(node, leaves)
            finally:
                self.leaf_expected = saved
            sorts = [x.sort for x in leaves if x.sort is not None]
            if any(s.is_matrix for s in sorts):
                m = next(s for s in sorts if s.is_matrix)
                if any(s != m for s in sorts if s.is_matrix):
                    raise NotLean("matrices of different sizes in one expression", node.pos)
                built = self.build(
                    shape, iter([self.fit(x, m if (x.sort and x.sort.is_matrix) else RAT) for x in leaves])
                )
                return _Term(_matrix_numerals(built, m.n), m)
            target = join(*sorts, *([expected] if expected else [])) if (sorts or expected) else None
            if target is None:
                return _Term(self.build(shape, iter([x.node for x in leaves])), None)
            built = self.tree_shape(shape, leaves, target)
            return _Term(built, target)
        return self.atom(node, expected)

    def term_at(self, node: _L, expected: Sort | None, limit: Sort | None) -> _Term:
        t = self.term(node, expected)
        if limit == NAT and t.sort == INT and self.natural_index_tree(t.node):
            # an ℕ ∑ index (ℤ in the claim) under + * ^ only: pyverify reads it through toNat, the same value
            return _Term(t.node, NAT)
        if limit is not None and t.sort is not None and t.sort.is_scalar and join(t.sort, limit) != limit:
            raise NotLean(f"a term of type {_lean_type(t.sort)} where {_lean_type(limit)} is expected", node.pos)
        if expected is not None and t.sort is not None and t.sort != expected and not t.sort.is_matrix:
            return _Term(self.fit(t, expected), expected)
        return t

    def shape(self, node: _L, leaves: list[_Term]) -> Any:
        """The operator skeleton of a ``binop%`` tree, its leaves elaborated on their own."""
        if node.kind == "paren":
            return self.shape(node.args[0], leaves)
        if node.kind == "neg":
            return ("neg", self.shape(node.args[0], leaves))
        if node.kind == "infix" and node.text in ("+", "-", "*", "/", "%", "•"):
            op = "*" if node.text == "•" else node.text  # c • A: pyverify's scalar product
            return (op, self.shape(node.args[0], leaves), self.shape(node.args[1], leaves), node.pos)
        if node.kind == "infix" and node.text == "^":
            base = self.shape(node.args[0], leaves)
            exponent = self.exponent(node.args[1])
            return ("^", base, exponent, node.pos)
        leaf = self.atom(node, self.leaf_expected if _is_abs_like(node) else None)
        if leaf.to_nat:
            raise OutsideFragment("Int.toNat inside arithmetic", node.pos)
        leaves.append(leaf)
        return ("leaf", len(leaves) - 1)

    def natural_index_tree(self, node: Any) -> bool:
        ints = {v.name for v in walk(node) if isinstance(v, Var) and v.sort == INT}
        if not ints or not ints <= self.nat_indices:
            return False
        return not any(isinstance(n, Op) and n.op in ("-", "/", "neg") or isinstance(n, Call) for n in walk(node))

    def exponent(self, node: _L) -> Any:
        t = self.term(node, None)
        if t.to_nat:  # x ^ k.toNat for a ∑ index counting up from ≥ 0: pyverify reads x ^ k the same way
            if isinstance(t.node, Var) and t.node.name in self.indices:
                return t.node
            raise OutsideFragment("an exponent Int.toNat e", node.pos)
        if t.sort is None:
            return t.node
        if t.sort in (NAT, INT):
            return self.fit(t, t.sort)
        raise OutsideFragment(f"a power with an exponent in {_lean_type(t.sort)} (rpow)", node.pos)

    def tree_shape(self, shape: Any, leaves: list[_Term], target: Sort) -> Any:
        _pinned(leaves, target)
        nodes = [self.fit(x, target) if x.sort is not None and x.coerce else x.node for x in leaves]
        built = self.build(shape, iter(nodes))
        return self.cast_tree([built], [leaves], target)[0]

    def tree(self, terms: list[_Term], target: Sort) -> list[Any]:
        """Two sides of a relation: one tree at ``target``."""
        _pinned(terms, target)
        nodes = [self.fit(t, target) if t.coerce else t.node for t in terms]
        return self.cast_tree(nodes, [[t] for t in terms], target)

    def cast_tree(self, nodes: list[Any], leaves: list[list[_Term]], target: Sort) -> list[Any]:
        """Make pyverify compute these terms at ``target`` (Lean's carrier), casting leaves up if needed."""
        if target.is_matrix:
            return nodes
        have = carrier(*nodes)
        if join(have, target) == target and have == target:
            return nodes
        if join(have, target) != target:
            # pyverify would compute at a larger type than Lean: only harmless when nothing in the tree
            # depends on the type (no - / % or negation at the tree's top level)
            if any(_sensitive(n) for n in nodes):
                raise OutsideFragment(f"arithmetic at {_lean_type(target)} around a term pyverify reads in "
                                      f"{_lean_type(have)} (a ∑ over ℕ under ℕ subtraction or division)")  # fmt: skip
            return nodes
        cast = CAST_TO[target.kind]
        out = [_cast_leaves(n, target, cast) for n in nodes]
        if carrier(*out) != target:  # only numerals: cast the first one
            out = [_cast_first_numeral(n, cast) for n in out] if out else out
            if carrier(*out) != target:
                out[0] = Call(cast, (out[0],))
        return out

    def build(self, shape: Any, nodes: Iterator[Any]) -> Any:
        kind = shape[0]
        if kind == "leaf":
            return next(nodes)
        if kind == "neg":
            inner = self.build(shape[1], nodes)
            if isinstance(inner, Num):
                return Op("neg", (inner,))
            return Op("neg", (inner,))
        left = self.build(shape[1], nodes)
        if kind == "^":
            return Op("^", (left, shape[2]))
        right = self.build(shape[2], nodes)
        if kind == "%":
            return Call("mod", (left, right))
        if kind in ("+", "*") and isinstance(left, Op) and left.op == kind:
            return Op(kind, (*left.args, right))
        return Op(kind, (left, right))

    def fit(self, t: _Term, sort: Sort) -> Any:
        """The term as a value of ``sort`` (an up-cast written out when pyverify would not infer it)."""
        node = t.node
        if sort.is_matrix or t.sort is None:
            return node
        if t.to_nat:
            if sort != NAT:
                raise OutsideFragment("Int.toNat inside arithmetic")
            return node
        have = leaf_sort(node)
        if have is None or (join(have, sort) == sort and have != sort):
            return Call(CAST_TO[sort.kind], (node,)) if sort != NAT else node
        return node

    def atom(self, node: _L, expected: Sort | None) -> _Term:
        k = node.kind
        if k == "unsupported":
            raise OutsideFragment(node.text, node.pos)
        if k == "paren":
            return self.term(node.args[0], expected)
        if k == "num":
            value = Fraction(node.text)
            return _Term(Num(value), None)
        if k == "ascribe":
            sort = self.sort(node.args[1], node.pos)
            inner = self.term(node.args[0], sort)
            if inner.sort is not None and inner.sort != sort:
                if inner.sort.is_matrix or join(inner.sort, sort) != sort:
                    raise NotLean(f"a term of type {_lean_type(inner.sort)} ascribed {_lean_type(sort)}", node.pos)
                return _Term(self.fit(inner, sort), sort)
            if inner.sort is None:  # (2 : ℝ)
                if isinstance(inner.node, Num) and inner.node.value.denominator != 1 and sort.is_integral:
                    raise NotLean(f"the numeral {node.args[0].text} in {_lean_type(sort)}", node.pos)
                return _Term(self.numeral_at(inner.node, sort), sort)
            return _Term(inner.node, sort)
        if k == "coe":
            inner = self.term(node.args[0], None)
            return _Term(inner.node, inner.sort, coerce=True)
        if k == "neg" or _is_arith(node):
            return self.term(node, expected)
        if k == "abs":
            inner = self.term(node.args[0], expected)
            if inner.sort is None:
                return _Term(Call("abs", (inner.node,)), None)
            return _Term(Call("abs", (inner.node,)), inner.sort)
        if k == "sqrt":
            inner = self.term_at(node.args[0], REAL, REAL)
            return _Term(Call("sqrt", (self.fit(inner, REAL),)), REAL)
        if k == "floor":
            inner = self.term(node.args[0], expected)
            if inner.sort is None or inner.sort == NAT or inner.sort.is_matrix:
                raise OutsideFragment("⌊·⌋ of a natural number (ℕ is no FloorRing)", node.pos)
            return _Term(Call("floor", (inner.node,)), INT)
        if k == "postfix":
            return self.postfix(node, expected)
        if k == "sum":
            return self.sum(node, expected)
        if k == "matrix":
            rows = node.args[0]
            n = len(rows)
            if any(len(r) != n for r in rows) or n not in (2, 3):
                raise OutsideFragment("a matrix literal that is not square 2×2 or 3×3", node.pos)
            from pyverify.logic import MatLit

            cells = tuple(tuple(self.fit(self.term_at(x, RAT, RAT), RAT) for x in r) for r in rows)
            return _Term(MatLit(cells), mat(n))
        if k == "ident" and node.text in self.scope:
            var = self.scope[node.text]
            if var.sort == SEQ:
                raise OutsideFragment("a sequence used as a value", node.pos)
            return _Term(var, var.sort)
        if k == "app" and node.args[0].kind == "ident" and node.args[0].text in self.scope:
            var = self.scope[node.args[0].text]
            if var.sort != SEQ or len(node.args) != 2:
                raise OutsideFragment(f"'{node.args[0].text}' applied as a function", node.pos)
            index = self.term_at(node.args[1], NAT, NAT)
            return _Term(Index(var, self.fit(index, NAT)), RAT)
        if k in ("ident", "app", "proj"):
            return self.application(node, expected)
        if k in ("forall", "exists", "not", "infix"):
            raise OutsideFragment(f"a proposition used as a term ({_describe(node)})", node.pos)
        if k == "lambda":
            raise OutsideFragment("a lambda outside Finset.sum", node.pos)
        raise OutsideFragment(_describe(node), node.pos)

    def numeral_at(self, num: Any, sort: Sort) -> Any:
        if sort == NAT:
            return num
        return Call(CAST_TO[sort.kind], (num,))

    def postfix(self, node: _L, expected: Sort | None) -> _Term:
        op, arg = node.text, node.args[0]
        if op == "!":
            inner = self.term_at(arg, NAT, NAT)
            return _Term(Call("factorial", (self.fit(inner, NAT),)), NAT)
        if op == "⁻¹":
            inner = self.term(arg, expected)
            s = inner.sort or expected
            if s is not None and s.is_matrix:
                return _Term(Call("inverse", (inner.node,)), s)
            if s is None or s.is_integral:
                raise OutsideFragment(f"⁻¹ in {_lean_type(s) if s else 'ℕ'} (no inverse there)", node.pos)
            base = inner.node if inner.sort is not None else self.numeral_at(inner.node, s)
            return _Term(Op("^", (base, Op("neg", (Num(Fraction(1)),)))), s)
        if op == "ᵀ":
            inner = self.term(arg, expected)
            if inner.sort is None or not inner.sort.is_matrix:
                raise NotLean("ᵀ of a term that is not a matrix", node.pos)
            return _Term(Call("transpose", (inner.node,)), inner.sort)
        raise OutsideFragment(_UNSUPPORTED_SYMBOLS.get(op, f"'{op}'"), node.pos)

    def sum(self, node: _L, expected: Sort | None) -> _Term:
        finset, body = node.args
        finset = _unparen(finset)
        head, args = self.head_args(finset)
        name = head.text if head is not None else ""
        if name.startswith("Finset."):
            name = name[len("Finset.") :]
        if name not in ("range", "Icc", "Ico", "Ioc", "Ioo") or len(args) != (1 if name == "range" else 2):
            raise OutsideFragment(f"a ∑ over {_describe(finset)}", finset.pos)
        bound_terms = [self.term(a, None) for a in args]
        index_sort = join(*[t.sort or NAT for t in bound_terms])
        if not index_sort.is_integral or any(t.to_nat for t in bound_terms):
            raise OutsideFragment(f"a ∑ whose bounds are in {_lean_type(index_sort)}", finset.pos)
        bounds = [self.fit(t, index_sort) for t in bound_terms]
        one = Num(Fraction(1))
        if name == "range":
            b = bounds[0]
            simple = isinstance(b, Op) and b.op == "+" and len(b.args) == 2 and b.args[1] == one
            lo: Any = Num(Fraction(0))
            hi: Any = b.args[0] if simple else Op("-", (_as_int(b), one))
        else:
            lo, hi = bounds
            if name in ("Ioc", "Ioo"):
                lo = Op("+", (lo, one))
            if name in ("Ico", "Ioo"):
                hi = Op("-", (_as_int(hi), one))
        lo, hi = _strip_int_casts(lo), _strip_int_casts(hi)  # pyverify reads ∑ bounds in ℤ already
        nonneg = index_sort == NAT or (isinstance(lo, Num) and lo.value >= 0)
        var_name = node.text
        index = self.fresh(var_name)
        saved = self.scope.get(var_name)
        try:
            # Lean's index is ℕ, pyverify's is ℤ: the type Lean computes the body at comes from a
            # reading with an ℕ index; the claim's body from one with the ℤ index
            if nonneg:
                self.indices.add(index)
            self.scope[var_name] = Var(index, index_sort)
            lean_sort = self.term(body, expected).sort or index_sort
            self.scope[var_name] = Var(index, INT)
            if index_sort == NAT:
                self.nat_indices.add(index)
            t = self.term(body, expected)
        finally:
            self.indices.discard(index)
            self.nat_indices.discard(index)
            if saved is None:
                self.scope.pop(var_name, None)
            else:
                self.scope[var_name] = saved
        if not lean_sort.is_scalar:
            raise OutsideFragment("a ∑ of matrices", node.pos)
        sensitive = _sensitive(t.node)
        if index_sort == NAT and (lean_sort == NAT and sensitive or _natural_ops_on(t.node, index)):
            # Lean's index is ℕ, pyverify's ℤ: ℕ subtraction or division involving it (also in an
            # exponent or a function's argument) would read differently
            raise OutsideFragment("ℕ subtraction or division inside a ∑ over ℕ", body.pos)
        s = t.sort or INT
        body_node = self.fit(t, s) if t.sort is None or s != INT else t.node
        # pyverify computes a ∑'s body at the type of the arithmetic around it: pin the type Lean uses
        return _Term(SumOf(index, lo, hi, body_node), lean_sort, pinned=lean_sort if sensitive else None)

    def application(self, node: _L, expected: Sort | None) -> _Term:
        head, args = self.head_args(node)
        if head is None:
            raise OutsideFragment(_describe(node), node.pos)
        name = self.resolve(head)
        if name == "Finset.sum":
            fn = args[1] if len(args) == 2 else None
            while fn is not None and fn.kind == "paren":
                fn = fn.args[0]
            if fn is not None and fn.kind == "lambda":
                fake = _L("sum", node.pos, fn.text, [args[0], fn.args[0]])
                return self.sum(fake, expected)
            raise OutsideFragment("Finset.sum without a lambda", node.pos)
        if name == "Int.toNat" and len(args) == 1:
            inner = self.term_at(args[0], INT, INT)
            return _Term(self.fit(inner, INT) if inner.sort != NAT else inner.node, NAT, to_nat=True)
        if name in ("Nat.cast", "Int.cast") and len(args) == 1:
            inner = self.term(args[0], None)
            return _Term(inner.node, inner.sort, coerce=True)
        if name not in _FUNCS:
            if name.startswith("."):
                raise OutsideFragment(f"the projection {name}", head.pos)
            if head.kind == "ident" and "." not in name and not args and name not in _TYPE_NAMES:
                raise OutsideFragment(f"the name '{name}'", head.pos)
            raise OutsideFragment(f"'{head.text}'", head.pos)
        func, param, result = _FUNCS[name]
        if func in ("succ",):
            if len(args) != 1:
                raise NotLean(f"{name} takes one argument", node.pos)
            inner = self.fit(self.term_at(args[0], NAT, NAT), NAT)
            return _Term(Op("+", (inner, Num(Fraction(1)))), NAT)
        if func in ("mod", "div", "sub", "add", "mul"):
            if len(args) != 2:
                raise NotLean(f"{name} takes two arguments", node.pos)
            symbol = {"mod": "%", "div": "/", "sub": "-", "add": "+", "mul": "*"}[func]
            fake = _L("infix", node.pos, symbol, [_L("ascribe", node.pos, "", [args[0], _sort_l(param)]), args[1]])
            return self.term(fake, param)
        arity = FUNCTIONS.get(func, (1, func))[0]
        if len(args) != arity:
            raise OutsideFragment(f"{name} applied to {len(args)} argument(s)", node.pos)
        if func in ("abs", "min", "max"):
            terms = [self.term(a, expected) for a in args]
            sorts = [t.sort for t in terms if t.sort is not None]
            s = join(*sorts, *([expected] if expected else [])) if (sorts or expected) else None
            if s is not None and s.is_matrix:
                raise OutsideFragment(f"{name} of a matrix", node.pos)
            nodes = self.tree(terms, s) if s is not None else [t.node for t in terms]
            return _Term(Call(func, tuple(nodes)), s)
        if func == "floor":
            t = self.term(args[0], None)
            if t.sort is None or t.sort == NAT or t.sort.is_matrix:
                raise OutsideFragment("Int.floor of a natural number (ℕ is no FloorRing)", node.pos)
            return _Term(Call("floor", (t.node,)), INT)
        if func in ("det", "trace", "transpose"):
            t = self.term(args[0], None)
            if t.sort is None or not t.sort.is_matrix:
                raise NotLean(f"{name} of a term that is not a matrix", node.pos)
            return _Term(Call(func, (t.node,)), result or t.sort)
        if func in ("gcd", "lcm") and param is None:  # generic gcd (GCDMonoid): ℕ or ℤ
            terms = [self.term(a, expected) for a in args]
            sorts = [t.sort for t in terms if t.sort is not None]
            s = join(*sorts) if sorts else NAT
            if not s.is_integral:
                raise OutsideFragment(f"{name} in {_lean_type(s)}", node.pos)
            nodes = self.tree(terms, s)
            return _Term(Call(func, tuple(nodes)), s)
        assert param is not None
        terms = [self.term_at(a, param, param) for a in args]
        nodes = self.tree(terms, param) if func in ("gcd", "lcm") else [self.fit(t, param) for t in terms]
        return _Term(Call(func, tuple(nodes)), result)


def _strip_int_casts(node: Any) -> Any:
    from pyverify.logic._ast import rewrite

    return rewrite(node, lambda n: n.args[0] if isinstance(n, Call) and n.func == "cast_Z" else n)


def _matrix_numerals(node: Any, n: int) -> Any:
    """In a matrix expression a numeral c is Lean's matrix c • 1 (``A + 1``, ``A * A⁻¹ = 1``).

    As a factor of a product it stays a scalar (pyverify's c * A is c • A, the same matrix).
    """
    from pyverify.logic import MatLit

    if isinstance(node, Num) or (isinstance(node, Op) and node.op == "neg" and isinstance(node.args[0], Num)):
        zero = Num(Fraction(0))
        return MatLit(tuple(tuple(node if i == j else zero for j in range(n)) for i in range(n)))
    if isinstance(node, Op) and node.op in ("+", "-"):
        return Op(node.op, tuple(_matrix_numerals(a, n) for a in node.args))
    if isinstance(node, Op) and node.op == "^":
        return Op("^", (_matrix_numerals(node.args[0], n), node.args[1]))
    if isinstance(node, Op) and node.op == "*":
        return Op("*", tuple(a if isinstance(a, Num) else _matrix_numerals(a, n) for a in node.args))
    return node


def _is_abs_like(node: _L) -> bool:
    """|·|, min and max: Lean unifies their type with the tree they stand in."""
    node = _unparen(node)
    if node.kind == "abs":
        return True
    return node.kind == "app" and node.args[0].kind == "ident" and node.args[0].text in ("abs", "min", "max")


def _unparen(node: _L) -> _L:
    while node.kind == "paren":
        node = node.args[0]
    return node


def _as_int(node: Any) -> Any:
    """A ∑ bound in ℤ (pyverify reads bounds in ℤ; the cast only makes that visible)."""
    s = leaf_sort(node)
    return Call("cast_Z", (node,)) if s == NAT else node


def _sort_l(sort: Sort | None) -> _L:
    name = {"N": "ℕ", "Z": "ℤ", "Q": "ℚ", "R": "ℝ"}[(sort or NAT).kind]
    return _L("ident", -1, name)


def _lean_type(sort: Sort) -> str:
    if sort.is_matrix:
        return f"Matrix (Fin {sort.n}) (Fin {sort.n}) ℚ"
    return _SORT_SYMBOL.get(sort.kind, str(sort))


def _describe(node: _L) -> str:
    if node.kind in ("ident", "num"):
        return f"'{node.text}'"
    if node.kind == "app":
        return _describe(node.args[0]) + " applied"
    if node.kind == "infix":
        return f"'{node.text}'"
    return node.kind


def _is_arith(node: _L) -> bool:
    if node.kind == "paren":
        return _is_arith(node.args[0])
    return node.kind == "neg" or (node.kind == "infix" and node.text in _ARITH | {"•"})


def _is_universe(node: _L) -> bool:
    if node.kind == "ident" and node.text in _TYPE_WORDS:
        return True
    if node.kind == "app" and node.args[0].kind == "ident" and node.args[0].text in ("Type", "Sort"):
        return True
    return node.kind == "postfix" and False


def _is_type(node: _L, types: dict[str, Sort]) -> bool:
    """Whether a binder's type is a type (a variable) rather than a proposition (a hypothesis)."""
    if node.kind == "paren":
        return _is_type(node.args[0], types)
    if node.kind == "ident":
        return (
            node.text in _TYPE_NAMES
            or node.text in types
            or node.text[:1].isupper()
            and node.text not in ("True", "False")
        )
    if node.kind == "app" and node.args[0].kind == "ident":
        head = node.args[0].text
        return head in ("Matrix", "Set", "Finset", "List", "Fin", "Multiset", "Polynomial", "Option") or (
            head[:1].isupper() and head in types or head[:1].isupper() and "." not in head and len(head) <= 2
        )
    if node.kind == "postfix" and node.text == "ᵒᵈ":
        return True
    return node.kind == "infix" and node.text in ("→", "->", "×") and _is_type(node.args[0], types)


def _sensitive(node: Any) -> bool:
    """Whether a tree's own arithmetic depends on the type it is computed at.

    Only the parts pyverify computes at the tree's carrier count: operators, |·| min max %, and a
    ∑'s body; a ∑'s bounds (read in ℤ), function arguments with their own type (√, gcd, choose, …),
    exponents and sequence indices do not.
    """
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Op):
            if n.op in ("-", "/", "neg"):
                return True
            stack.extend(n.args[:1] if n.op == "^" else n.args)
        elif isinstance(n, Call) and n.func in ("abs", "min", "max", "mod"):
            if n.func == "mod":
                return True
            stack.extend(n.args)
        elif isinstance(n, SumOf):
            stack.append(n.body)
    return False


def _natural_ops_on(node: Any, index: str) -> bool:
    """Whether ``-``, ``/`` or ``%`` is applied anywhere in ``node`` to a tree whose leaves are all
    natural numbers and which contains the ∑ index (read as ℤ here, as ℕ by Lean)."""
    for n in walk(node):
        if (isinstance(n, Op) and n.op in ("-", "/")) or (isinstance(n, Call) and n.func == "mod"):
            names = {v.name for v in walk(n) if isinstance(v, Var)}
            others = {v.sort for v in walk(n) if isinstance(v, Var) and v.name != index}
            if index in names and others <= {NAT}:
                return True
    return False


def _pinned(terms: list[_Term], target: Sort) -> None:
    for t in terms:
        if t.pinned is not None and t.pinned != target:
            raise OutsideFragment(f"a ∑ whose terms Lean computes in {_lean_type(t.pinned)}, inside arithmetic in "
                                  f"{_lean_type(target)}")  # fmt: skip


def _cast_leaves(node: Any, target: Sort, cast: str) -> Any:
    """Cast every variable or function leaf of a tree below ``target`` up to it (Lean's ``↑``)."""
    if isinstance(node, (Var, SumOf)) or (isinstance(node, Call) and node.func not in ("abs", "min", "max", "mod")):
        s = leaf_sort(node)
        if s is not None and s.is_scalar and s != target and join(s, target) == target:
            return Call(cast, (node,))
        return node
    if isinstance(node, Op):
        if node.op == "^":
            return Op("^", (_cast_leaves(node.args[0], target, cast), node.args[1]))
        return Op(node.op, tuple(_cast_leaves(a, target, cast) for a in node.args))
    if isinstance(node, Call):  # abs min max mod: their arguments are part of the tree
        return Call(node.func, tuple(_cast_leaves(a, target, cast) for a in node.args))
    return node


def _cast_first_numeral(node: Any, cast: str) -> Any:
    done = [False]

    def go(n: Any) -> Any:
        if done[0]:
            return n
        if isinstance(n, Num):
            done[0] = True
            return Call(cast, (n,))
        if isinstance(n, Op):
            if n.op == "^":
                return Op("^", (go(n.args[0]), n.args[1]))
            return Op(n.op, tuple(go(a) for a in n.args))
        if isinstance(n, Call) and n.func in ("abs", "min", "max", "mod"):
            return Call(n.func, tuple(go(a) for a in n.args))
        return n

    return go(node)


# ---------------------------------------------------------------- the statement


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
