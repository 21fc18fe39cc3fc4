"""Terms inside English sentences, in the notation people write them.

The logic package's Unicode renderer writes text the claim parser reads back (``√x``, ``n!``,
``Σ_{k=0}^{n} k``); a sentence needs no parser, only a reader, so this renderer goes further in the
reader's direction: ``·`` for products, ``A⁻¹`` and ``Aᵀ``, ``tr(A)``, ``(n choose k)``, ``p mod 2``,
letter exponents as superscripts (``2ⁿ``), a sum's body read up to the next ``+`` (``Σ_{k=0}^{n}
c·u(k)``), and matrix literals given a name with a ``where`` clause (or, as a whole side of a
relation, described in words). Where the conventional reading could go two ways, parentheses decide
it: a sum never stands before a ``·`` or ``/`` unbracketed, ``√`` takes only an atom, a power's
base and a postfix operator's operand are atoms.

The formal form of an item is what is certified; this text only has to mean the same to a reader.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from pyverify.logic import Call, Claim, MatLit, Num, Op, Rel, SumOf, Var
from pyverify.logic._ast import CASTS, Node, children
from pyverify.logic._render import ATOM, MUL, NEG, POST, POW, REL, _numeral, _superscript, _Text, precedence

#: Letter exponents with a superscript form every common font has.
_LETTER_SUPERSCRIPT = {"n": "ⁿ", "m": "ᵐ", "k": "ᵏ", "i": "ⁱ", "j": "ʲ", "p": "ᵖ"}
#: Names for matrix literals inside terms, in order of use (identity and zero prefer I and O).
_MATRIX_NAMES = ("M", "N", "P", "Q", "R", "S", "T", "U", "W")
_POSTFIX = {"factorial": "!", "inverse": "⁻¹", "transpose": "ᵀ"}


def _exponent_mark(exponent: Node) -> str | None:
    """The superscript for ``exponent`` (``²``, ``⁻¹``, ``ⁿ``), None where it has none."""
    mark = _superscript(exponent)
    if mark is not None:
        return mark
    if isinstance(exponent, Var) and exponent.name in _LETTER_SUPERSCRIPT:
        return _LETTER_SUPERSCRIPT[exponent.name]
    return None


def _is_entry(node: Node, value: int) -> bool:
    return isinstance(node, Num) and node.value == value


def _matrix_kind(lit: MatLit) -> str:
    if all(_is_entry(e, 0) for row in lit.rows for e in row):
        return "zero"
    if all(_is_entry(e, 1 if i == j else 0) for i, row in enumerate(lit.rows) for j, e in enumerate(row)):
        return "identity"
    return "general"


class Prose(_Text):
    """Unicode notation for terms in a sentence; ``names`` are the matrix literals given a name."""

    def __init__(self, names: Mapping[MatLit, str] | None = None) -> None:
        super().__init__(unicode=True)
        self.names = dict(names or {})

    # ---------------------------------------------------------- entry points

    def side(self, node: Node) -> str:
        """A term standing alone (a side of a relation, a predicate's argument)."""
        if isinstance(node, MatLit) and node not in self.names:
            return self.matrix_words(node)
        return self.render(node)

    def matrix_words(self, lit: MatLit) -> str:
        n = len(lit.rows)
        kind = _matrix_kind(lit)
        if kind != "general":
            return f"the {n}×{n} {kind} matrix"
        rows = ["(" + ", ".join(self.render(e) for e in row) + ")" for row in lit.rows]
        if len(rows) == 1:
            return f"the 1×1 matrix {rows[0]}"
        return "the matrix with rows " + ", ".join(rows[:-1]) + " and " + rows[-1]

    def definition(self, lit: MatLit) -> str:
        """``M is the matrix with rows …``, for the where clause."""
        return f"{self.names[lit]} is {self.matrix_words(lit)}"

    # ---------------------------------------------------------- binding

    def level(self, node: Node) -> int:
        if isinstance(node, Num):
            value = node.value
            if value < 0:
                return NEG
            return ATOM if not _numeral(value).startswith("(") else MUL
        if isinstance(node, Call):
            if node.func == "sqrt":
                return POW
            if node.func in _POSTFIX:
                return POST
            if node.func == "mod":  # "p mod 2" is bracketed inside any arithmetic
                return REL
            return ATOM
        if isinstance(node, SumOf):
            return POW
        if self.superscripted(node):
            return POST
        return precedence(node)

    def superscripted(self, node: Node) -> bool:
        return isinstance(node, Op) and node.op == "^" and _exponent_mark(node.args[1]) is not None

    def open_right(self, node: Node) -> bool:
        """Whether ``node`` ends in a sum that would run on into a following ``·`` or ``/``."""
        if isinstance(node, SumOf):
            return True
        if isinstance(node, Op) and node.op in ("neg", "+", "-", "*", "/"):
            return self.open_right(node.args[-1])
        return False

    @staticmethod
    def negative(node: Node) -> bool:
        return (isinstance(node, Op) and node.op == "neg") or (isinstance(node, Num) and node.value < 0)

    def atom(self, node: Node) -> str:
        text = self.render(node)
        return text if self.level(node) >= ATOM else f"({text})"

    # ---------------------------------------------------------- rendering

    def render(self, node: Node) -> str:
        if isinstance(node, Num):
            return self.number(node.value)
        if isinstance(node, MatLit):
            return self.names.get(node) or self.matrix_words(node)
        if isinstance(node, SumOf):
            body = self.render(node.body)
            if self.level(node.body) < MUL or self.negative(node.body):
                body = f"({body})"
            return f"Σ_{{{node.var}={self.render(node.lo)}}}^{{{self.render(node.hi)}}} {body}"
        return super().render(node)

    def number(self, value: Fraction) -> str:
        if value < 0:
            return "−" + self.number(-value)
        text = _numeral(value)
        return text[1:-1] if text.startswith("(") else text

    def call(self, node: Call) -> str:
        f, args = node.func, node.args
        if f in CASTS:  # the up-cast as Lean writes it: (n : ℤ)
            return f"({self.render(args[0])} : {self.sort(CASTS[f])})"
        if f == "abs":
            return f"|{self.render(args[0])}|"
        if f == "floor":
            return f"⌊{self.render(args[0])}⌋"
        if f == "sqrt":
            return "√" + self.atom(args[0])
        if f in _POSTFIX:
            return self.atom(args[0]) + _POSTFIX[f]
        if f == "trace":
            return f"tr({self.render(args[0])})"
        if f == "binomial":
            return f"({self.render(args[0])} choose {self.render(args[1])})"
        if f == "mod":
            left, right = args
            left_text = self.render(left)
            if self.level(left) < NEG or self.negative(left) or self.open_right(left):
                left_text = f"({left_text})"
            right_text = self.render(right)
            if self.level(right) < NEG or self.negative(right):
                right_text = f"({right_text})"
            return f"{left_text} mod {right_text}"
        return f"{f}({', '.join(self.render(a) for a in args)})"

    def op(self, node: Op) -> str:
        op, args = node.op, node.args
        if op == "neg":
            arg = args[0]
            text = self.render(arg)
            return f"−({text})" if self.level(arg) < NEG or self.negative(arg) else f"−{text}"
        if op == "^":
            base, exponent = args
            mark = _exponent_mark(exponent)
            if mark is not None:
                return self.atom(base) + mark
            return f"{self.atom(base)}^{self.atom(exponent)}"
        level = precedence(node)
        symbol = {"+": " + ", "-": " − ", "*": "·", "/": "/"}[op]
        parts = []
        for position, arg in enumerate(args):
            text = self.render(arg)
            bracket = self.level(arg) < (level if position == 0 else level + 1)
            # a left operand with the same n-ary operator is a separate grouping in the formal form
            bracket |= position == 0 and isinstance(arg, Op) and arg.op == op and op in ("+", "*")
            bracket |= position > 0 and self.negative(arg)  # a + (−b), a·(−b)
            bracket |= level == MUL and position < len(args) - 1 and self.open_right(arg)
            # a quotient inside a product or quotient is bracketed: (1/3)·x, (a/b)/c
            quotient = (isinstance(arg, Num) and self.level(arg) == MUL) or (isinstance(arg, Op) and arg.op == "/")
            bracket |= level == MUL and quotient
            parts.append(f"({text})" if bracket else text)
        return symbol.join(parts)


def matrix_names(roots: Iterable[Node], taken: Iterable[str]) -> dict[MatLit, str]:
    """Names for the matrix literals that occur inside a term, in order of first appearance.

    A literal that is only ever a whole side of a relation keeps no name: it is described in words
    where it stands. Names avoid every name in ``taken``.
    """
    order: list[MatLit] = []
    inner: set[MatLit] = set()

    def visit(node: Node, whole: bool) -> None:
        if isinstance(node, MatLit):
            if node not in order:
                order.append(node)
            if not whole:
                inner.add(node)
            return
        if isinstance(node, Rel):
            visit(node.left, True)
            visit(node.right, True)
            return
        for child in children(node):
            visit(child, False)

    for root in roots:
        visit(root, False)
    used = set(taken)
    pool = [*_MATRIX_NAMES, *(f"M{i}" for i in range(1, 100))]
    names: dict[MatLit, str] = {}
    for lit in order:
        if lit not in inner:
            continue
        preferred = {"identity": "I", "zero": "O"}.get(_matrix_kind(lit))
        name = preferred if preferred and preferred not in used else next(p for p in pool if p not in used)
        used.add(name)
        names[lit] = name
    return names


def claim_names(claim: Claim) -> set[str]:
    """Every name a claim uses (bound names, variables, sequences, sum indices)."""
    return {name for b in claim.binders for name in b.names} | term_names([*claim.assumptions, claim.body])


def term_names(roots: Iterable[Node]) -> set[str]:
    """Every variable, sequence and sum index under ``roots``."""
    names: set[str] = set()
    stack: list[Node] = list(roots)
    while stack:
        node = stack.pop()
        if isinstance(node, Var):
            names.add(node.name)
        elif isinstance(node, SumOf):
            names.add(node.var)
        stack.extend(children(node))
    return names


def where_clause(prose: Prose) -> str:
    """``, where M is …, and I is …`` for the named matrix literals; empty when there are none."""
    definitions = [prose.definition(lit) for lit in prose.names]
    if not definitions:
        return ""
    if len(definitions) == 1:
        return ", where " + definitions[0]
    return ", where " + ", ".join(definitions[:-1]) + ", and " + definitions[-1]
