"""Parsing final answers (LaTeX or plain text) into :class:`Answer` objects, and rendering them back.

The grammar is ``answer.lark`` (LALR, no evaluation of the text). Before it runs, a fixed list of
clean-up rules is applied, and only these (see :data:`CLEANUP_RULES`). Limits: at most
:data:`MAX_CHARS` characters and :data:`MAX_NESTING` nested brackets; beyond them, or outside the
grammar, the answer is ``unparsed`` with the reason.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

from pyverify.answers._answer import Answer, Kind
from pyverify.logic._ast import REAL, Call, Node, Num, Op, Var, walk

MAX_CHARS = 4000
MAX_NESTING = 60

#: The clean-up applied before parsing, in order; each is (what it does, pattern, replacement).
CLEANUP_RULES: tuple[tuple[str, str, str], ...] = (
    ("math delimiters $ $$ \\( \\) \\[ \\] at the ends", r"^\s*(\$\$?|\\\(|\\\[)|(\$\$?|\\\)|\\\])\s*$", ""),
    ("\\text{or} / \\text{and} between solutions become a comma", r"\\(?:text|mathrm|textbf|mbox)\{\s*(?:or|and)\s*\}", ","),
    ("other \\text{...}, \\mathrm{...}, \\textbf{...}, \\mbox{...} (units, words; with a ^2 after them) are removed",
     r"\\(?:text|mathrm|textbf|mbox|textrm|operatorname)\{[A-Za-z\s.]*\}(?:\^\{?\d\}?)?", ""),
    ("a leading 'x \\in' (membership of one variable: the answer is the set after it) is removed",
     r"^\s*[A-Za-z]\s*\\in(?![A-Za-z])\s*", ""),
    ("degrees ^\\circ and ° are removed", r"\^\s*\{?\\circ\}?|°", ""),
    ("spacing and sizing commands are removed", r"\\(?:left|right|bigl|bigr|Bigl|Bigr|big|Big|displaystyle)(?![A-Za-z])|(?<!\\)\\[,;:! ]|\\q?quad(?![A-Za-z])|~", " "),
    ("\\dfrac and \\tfrac are \\frac; \\dbinom and \\tbinom are \\binom", r"\\[dt](frac|binom)(?![A-Za-z])", r"\\\1"),
    ("\\% is a percent sign (a percentage is the number divided by 100)", r"\\%", "%"),
    ("currency \\$ is removed", r"\\\$", ""),
    ("thousands separators {,} are removed", r"\{,\}", ""),
    ("\\frac12 and \\sqrt2 (one-digit arguments) get braces", r"\\(frac|binom)\s*(\d)\s*(\d)", r"\\\1{\2}{\3}"),
    ("plain function words sqrt, sin, ..., pi, infinity are the LaTeX commands",
     r"(?<![\\A-Za-z])(sqrt|sin|cos|tan|ln|log|exp|pi|infty)(?![A-Za-z])", r"\\\1"),
    ("'or' / 'and' between solutions become a comma", r"(?<![A-Za-z\\])(or|and)(?![A-Za-z])", ","),
    ("a trailing word of two or more letters (a unit: cm, meters, dollars) is removed",
     r"(?<=[0-9}).\s])\s+[A-Za-z]{2,}(\^\d)?\s*$", ""),
    ("a final full stop is removed", r"\.\s*$", ""),
)  # fmt: skip

_FUNCS = ("sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "ln", "exp", "log")


def _infinite(part: Answer) -> bool:
    """A number answer whose term is ±∞."""
    if part.kind != "number" or len(part.terms) != 1:
        return False
    term = part.terms[0]
    if isinstance(term, Op) and term.op == "neg":
        term = term.args[0]
    return isinstance(term, Call) and term.func == "infinity"


def _grammar_reason(exc: Exception, text: str, position: int) -> str:
    """One line for a person: the command or character the grammar does not take, and where."""
    from lark.exceptions import UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        return "outside the answer grammar: the answer ends too early"
    if 0 <= position < len(text):
        command = re.match(r"\\[A-Za-z]+", text[position:])
        what = f"the LaTeX command {command.group(0)}" if command else f"{text[position]!r}"
        return f"outside the answer grammar: {what} at column {position + 1}"
    if position >= len(text) or "$END" in str(exc) or "end of input" in str(exc).lower():
        return "outside the answer grammar: the answer ends too early"
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"outside the answer grammar: {first[:160]}"


class AnswerParseError(ValueError):
    """Text outside the answer grammar or its limits; ``position`` is a character offset or -1."""

    def __init__(self, reason: str, position: int = -1) -> None:
        super().__init__(reason)
        self.reason = reason
        self.position = position


def extract_boxed(text: str) -> str | None:
    """The content of the last ``\\boxed{...}`` (or ``\\fbox{...}``) in ``text``, braces matched; None if none closes."""
    found = None
    for match in re.finditer(r"\\(?:boxed|fbox)\s*\{", text):
        start = match.end()
        depth = 1
        i = start
        while i < len(text) and depth:
            if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in "{}":
                i += 2
                continue
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        if depth == 0:
            found = text[start : i - 1]
    return found


#: A whole answer written with thousands separators (``1,000`` or ``12,345.5``) is one number, not a list.
THOUSANDS = re.compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?")


def clean(text: str) -> str:
    """Apply :data:`CLEANUP_RULES` in order, then :data:`THOUSANDS`."""
    for _, pattern, replacement in CLEANUP_RULES:
        text = re.sub(pattern, replacement, text)
    text = text.strip()
    if THOUSANDS.fullmatch(text):
        text = text.replace(",", "")
    return text


def _nesting(text: str) -> int:
    depth = deepest = 0
    for ch in text:
        if ch in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")]}":
            depth -= 1
    return deepest


def _num(token: Token) -> Num:
    text = str(token)
    return Num(Fraction(text + "0" if text.endswith(".") else text))


class _Build(Transformer):  # type: ignore[type-arg]
    """Builds terms bottom-up (inline, so no parse tree is kept)."""

    def number(self, items: list[Any]) -> Node:
        return _num(items[0])

    def letter(self, items: list[Any]) -> Node:
        name = str(items[0]).lstrip("\\")
        if name == "e":
            return Call("e", ())
        return Var(name, REAL)

    def pi(self, items: list[Any]) -> Node:
        return Call("pi", ())

    def infinity(self, items: list[Any]) -> Node:
        return Call("infinity", ())

    def add(self, items: list[Any]) -> Node:
        return Op("+", (items[0], items[1]))

    def sub(self, items: list[Any]) -> Node:
        return Op("-", (items[0], items[1]))

    def pm(self, items: list[Any]) -> Node:
        return Op("pm", (items[0], items[2]))

    def pm_unary(self, items: list[Any]) -> Node:
        return Op("pm", (Num(Fraction(0)), items[1]))

    def neg(self, items: list[Any]) -> Node:
        return Op("neg", (items[-1],))

    def mul(self, items: list[Any]) -> Node:
        return Op("*", (items[0], items[-1]))

    def div(self, items: list[Any]) -> Node:
        return Op("/", (items[0], items[1]))

    def frac(self, items: list[Any]) -> Node:
        return Op("/", (items[1], items[2]))

    def pow(self, items: list[Any]) -> Node:
        return Op("^", (items[0], items[1]))

    def factorial(self, items: list[Any]) -> Node:
        return Call("factorial", (items[0],))

    def percent(self, items: list[Any]) -> Node:
        return Op("/", (items[0], Num(Fraction(100))))

    def binom(self, items: list[Any]) -> Node:
        return Call("binomial", (items[1], items[2]))

    def sqrt(self, items: list[Any]) -> Node:
        return Call("sqrt", (items[1],))

    def root(self, items: list[Any]) -> Node:
        return Call("root", (items[1], items[2]))

    def func(self, items: list[Any]) -> Node:
        name = str(items[0]).lstrip("\\")
        return Call("ln" if name == "log" else name, (items[1],))

    def log_base(self, items: list[Any]) -> Node:
        return Call("logb", (items[1], items[2]))

    def equation(self, items: list[Any]) -> Answer:
        return Answer("equation", terms=(items[0], items[1]))

    def open_closed(self, items: list[Any]) -> Answer:
        return Answer("interval", terms=(items[0], items[1]), closed=(False, True))

    def closed_open(self, items: list[Any]) -> Answer:
        return Answer("interval", terms=(items[0], items[1]), closed=(True, False))

    def closed_closed(self, items: list[Any]) -> Answer:
        return Answer("interval", terms=(items[0], items[1]), closed=(True, True))

    def tuple_answer(self, items: list[Any]) -> Answer:
        parts = tuple(_item(t) for t in items)
        if len(parts) == 2 and any(_infinite(p) for p in parts):
            # (a, ∞) and (-∞, b) are open intervals: no pair of numbers has an infinite entry
            return Answer("interval", terms=(parts[0].terms[0], parts[1].terms[0]), closed=(False, False))
        return Answer("tuple", items=parts)

    def union(self, items: list[Any]) -> Answer:
        parts = [p for p in items if not isinstance(p, Token)]
        if len(parts) == 1:
            return parts[0]  # type: ignore[no-any-return]
        intervals = []
        for p in parts:
            if p.kind == "tuple" and len(p.items) == 2:  # (a, b) inside a union is an open interval
                p = Answer("interval", terms=(p.items[0].terms[0], p.items[1].terms[0]), closed=(False, False))
            if p.kind != "interval":
                raise AnswerParseError("only intervals can be joined with \\cup")
            intervals.append(p)
        return Answer("union", items=tuple(intervals))

    def items(self, items: list[Any]) -> list[Any]:
        return items

    def set_answer(self, items: list[Any]) -> Answer:
        members = items[1] if len(items) == 3 else []
        return Answer("set", items=tuple(_item(m) for m in members))

    def empty_set(self, items: list[Any]) -> Answer:
        return Answer("set")

    def mrow(self, items: list[Any]) -> tuple[Node, ...]:
        return tuple(items)

    def matrix(self, items: list[Any]) -> Answer:
        rows = tuple(r for r in items if isinstance(r, tuple))
        if len({len(r) for r in rows}) != 1:
            raise AnswerParseError("matrix rows of different lengths")
        return Answer("matrix", rows=rows)

    def answer_list(self, items: list[Any]) -> Answer:
        return Answer("list", items=tuple(_item(i) for i in items))

    def start(self, items: list[Any]) -> Answer:
        return _item(items[0])


def _item(value: Any) -> Answer:
    if isinstance(value, Answer):
        return value
    kind: Kind = "expression" if any(isinstance(n, Var) for n in walk(value)) else "number"
    return Answer(kind, terms=(value,))


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = (Path(__file__).with_name("answer.lark")).read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", transformer=_Build(), maybe_placeholders=False)


def parse_answer(text: str) -> Answer:
    """Parse a final answer; a ``\\boxed{...}`` in it is extracted first (the last one).

    Never raises on bad input: what is outside the grammar or its limits is ``Answer("unparsed")``
    with the reason.
    """
    try:
        return _parse(text)
    except AnswerParseError as exc:
        return Answer("unparsed", reason=exc.reason, text=text[:200])


def _parse(text: str) -> Answer:
    if len(text) > 4 * MAX_CHARS:
        raise AnswerParseError(f"longer than {MAX_CHARS} characters")
    boxed = extract_boxed(text)
    if boxed is not None:
        text = boxed
    if len(text) > MAX_CHARS:
        raise AnswerParseError(f"longer than {MAX_CHARS} characters")
    if _nesting(text) > MAX_NESTING:
        raise AnswerParseError(f"nested deeper than {MAX_NESTING} brackets")
    cleaned = clean(text)
    if not cleaned:
        raise AnswerParseError("empty answer")
    parser = _parser()  # outside the try: a broken grammar is a bug, not an unparsed answer
    try:
        answer: Any = parser.parse(cleaned)
    except AnswerParseError:
        raise
    except LarkError as exc:
        position = getattr(exc, "pos_in_stream", None)
        if not isinstance(position, int) or position < 0:
            position = -1
        raise AnswerParseError(_grammar_reason(exc, cleaned, position), position) from None
    except RecursionError:
        raise AnswerParseError("too deeply nested") from None
    if not isinstance(answer, Answer):
        answer = _item(answer)
    return _with_text(answer, cleaned)


def _with_text(answer: Answer, text: str) -> Answer:
    from dataclasses import replace

    return replace(answer, text=text)


# ---------------------------------------------------------------- rendering


def render_term(node: Node) -> str:
    """LaTeX of a term, fully parenthesised, that :func:`parse_answer` reads back to the same term."""
    if isinstance(node, Num):
        return _decimal(node.value)
    if isinstance(node, Var):
        return node.name if len(node.name) == 1 else "\\" + node.name
    if isinstance(node, Op):
        a = [render_term(x) for x in node.args]
        if node.op == "neg":
            return f"(-{a[0]})"
        if node.op == "/":
            return f"\\frac{{{a[0]}}}{{{a[1]}}}"
        if node.op == "^":
            return f"{{({a[0]})}}^{{{a[1]}}}"
        symbol = {"+": " + ", "-": " - ", "*": " \\cdot ", "pm": " \\pm "}[node.op]
        return "(" + symbol.join(a) + ")"
    if isinstance(node, Call):
        a = [render_term(x) for x in node.args]
        if node.func in ("pi", "infinity"):
            return {"pi": "\\pi", "infinity": "\\infty"}[node.func]
        if node.func == "e":
            return "e"
        if node.func == "sqrt":
            return f"\\sqrt{{{a[0]}}}"
        if node.func == "root":
            return f"\\sqrt[{a[0]}]{{{a[1]}}}"
        if node.func == "binomial":
            return f"\\binom{{{a[0]}}}{{{a[1]}}}"
        if node.func == "factorial":
            return f"({a[0]})!"
        if node.func == "logb":
            return f"\\log_{{{a[0]}}}({a[1]})"
        return f"\\{node.func}({a[0]})"
    raise TypeError(f"cannot render {type(node).__name__}")


def render(answer: Answer) -> str:
    """LaTeX of an answer that :func:`parse_answer` reads back to an equal answer."""
    k = answer.kind
    if k in ("number", "expression"):
        return render_term(answer.terms[0])
    if k == "equation":
        return f"{render_term(answer.terms[0])} = {render_term(answer.terms[1])}"
    if k == "interval":
        left, right = ("[" if answer.closed[0] else "("), ("]" if answer.closed[1] else ")")
        return f"{left}{render_term(answer.terms[0])}, {render_term(answer.terms[1])}{right}"
    if k == "union":
        return " \\cup ".join(render(i) for i in answer.items)
    if k == "set":
        return "\\{" + ", ".join(render(i) for i in answer.items) + "\\}" if answer.items else "\\emptyset"
    if k == "tuple":
        return "(" + ", ".join(render(i) for i in answer.items) + ")"
    if k == "list":
        return ", ".join(render(i) for i in answer.items)
    if k == "matrix":
        body = " \\\\ ".join(" & ".join(render_term(e) for e in row) for row in answer.rows)
        return f"\\begin{{pmatrix}}{body}\\end{{pmatrix}}"
    raise ValueError(f"an unparsed answer has no rendering ({answer.reason})")


def _decimal(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    digits = 0
    scaled = value
    while scaled.denominator != 1 and digits < 64:
        scaled *= 10
        digits += 1
    if scaled.denominator != 1:
        return f"\\frac{{{value.numerator}}}{{{value.denominator}}}"
    whole = str(abs(scaled.numerator)).rjust(digits + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{whole[:-digits]}.{whole[-digits:]}"
