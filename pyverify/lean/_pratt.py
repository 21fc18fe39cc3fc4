"""The Lean syntax tree: a Pratt parser over :mod:`~pyverify.lean._lex`'s tokens.

:meth:`_Parser.statement` reads a ``theorem``/``lemma``/``example`` header (modifiers and
attributes skipped, the proof cut off at the top-level ``:=``) or a bare proposition into its
name, its bracketed binders and its proposition, each an :class:`_L` node: the term as written,
before any type is known.

Hand-written rather than a lark grammar: Lean's notation is a precedence-climbing (Pratt) parser
with application by juxtaposition, whitespace-sensitive ``|a|`` and user notation; a Pratt parser
that follows Lean's own precedence table is shorter than an LALR grammar of the same fragment and
names the construct that stopped it, which is what a user needs to see.

The seam is between what was written and what it means: nothing here knows a type or a claim
(that is :mod:`~pyverify.lean._elaborate`). Also here, because both the parser and the later
stages need them: the notation refused by name, the heads that make a bare term a proposition,
and the small syntactic tests on nodes (``_unparen``, ``_is_arith``, ``_describe``, …).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pyverify.lean._errors import NotLean, OutsideFragment
from pyverify.lean._lex import _Tok, _tokens

#: Deepest nesting accepted before the text is refused (never a RecursionError).
MAX_DEPTH = 200


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
            # Lean: `prefix:75 "-"` reads its operand at 75, where `^` (infixr 75) still binds: -x ^ 2 = -(x ^ 2)
            return _L("neg", t.pos, "", [self.expr(74)])
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
_ARITH = {"+", "-", "*", "/", "%", "^"}
_PREDICATE_HEADS = {"Nat.Prime", "Prime", "Even", "Odd", "Nat.Coprime", "IsSquare", "True", "False", "Int.Prime"}


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


def _unparen(node: _L) -> _L:
    while node.kind == "paren":
        node = node.args[0]
    return node


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


def _is_abs_like(node: _L) -> bool:
    """|·|, min and max: Lean unifies their type with the tree they stand in."""
    node = _unparen(node)
    if node.kind == "abs":
        return True
    return node.kind == "app" and node.args[0].kind == "ident" and node.args[0].text in ("abs", "min", "max")
