"""The two ways the Lean reader refuses a statement, each with the position that stopped it.

:class:`NotLean` is text that is not a Lean statement at all (exit 2); :class:`OutsideFragment` is
a Lean statement using a construct the claim language cannot express (exit 3), named so that the
user sees what stopped the reading (sets, lists, polynomials, topology, a class without an
instance among ℕ ℤ ℚ ℝ, a quantifier under ``¬``, …).

Their own module because every stage raises them: the lexer (an unterminated comment), the parser
(a set literal), the elaborator (a type Lean infers) and the entry point (a class without an
instance). Sitting below all of them, they let each stage import only the stages before it.
"""

from __future__ import annotations


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
