"""The claim language: sorts, prenex claims, a real grammar, and renderers.

Parse text with :func:`parse`; render with :func:`to_text`, :func:`to_latex`, :func:`to_lean`,
:func:`to_sympy` or :func:`to_z3`. Nothing here evaluates input text.

The modules import one way only (a test enforces it), so each reads knowing only those below it:
``_ast`` (syntax) ← ``_sorts`` (sort rules, :func:`sort_of`) ← ``_render`` (text, LaTeX, Lean,
definedness) ← ``_parse`` (grammar, resolution) and ``_convert`` (sympy, z3); ``_predicates`` needs
only ``_ast``; ``_semantics`` (the ``exact`` and ``mathlib`` semantics: the Mathlib reading of a
claim as exact case splits, and its Lean rendering) sits on ``_render``.
"""

from pyverify.logic._ast import (
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
    MatLit,
    Not,
    Num,
    Op,
    Pred,
    Rel,
    Sort,
    SumOf,
    Var,
    mat,
    walk,
)
from pyverify.logic._convert import to_sympy, to_z3
from pyverify.logic._parse import FUNCTIONS, PREDICATES, ParseError, parse
from pyverify.logic._predicates import DEFINITIONS, unfold
from pyverify.logic._render import definedness, relativized, term_text, to_latex, to_lean, to_text
from pyverify.logic._semantics import SEMANTICS, Semantics, check_semantics, to_lean_mathlib
from pyverify.logic._sorts import sort_of

# Sort is both the dataclass and, per ARCHITECTURE.md, the public name of sorts.
__all__ = [
    "INT", "NAT", "RAT", "REAL", "SEMANTICS", "SEQ", "Binder", "BoolLit", "Call", "Claim", "Conn",
    "DEFINITIONS", "FUNCTIONS", "Index", "MatLit", "Not", "Num", "Op", "PREDICATES", "ParseError", "Pred",
    "Rel", "Semantics", "Sort", "SumOf", "Var", "check_semantics", "definedness", "mat", "parse",
    "relativized", "sort_of", "term_text", "to_latex", "to_lean", "to_lean_mathlib", "to_sympy", "to_text",
    "to_z3", "unfold", "walk",
]  # fmt: skip
