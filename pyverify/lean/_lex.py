"""Tokens of Lean 4 source: identifiers, numerals and symbols, with comments skipped.

The first stage of :func:`~pyverify.lean._read.read_statement`. A token records whether whitespace
precedes it, because Lean's notation depends on that and the parser needs nothing else of the
text between tokens: ``|a|`` is closed by a ``|`` glued to what it closes, ``R[X]`` is an
application where ``f [x]`` is a list, ``x.f`` a projection only without a space before the dot.

A seam of its own because the lexical rules (the symbol table matched longest first, identifiers
with Unicode letters and subscripts, ``n!`` read as factorial, nested ``/- -/`` comments) change
independently of the grammar that consumes them (:mod:`~pyverify.lean._pratt`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pyverify.lean._errors import NotLean

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
