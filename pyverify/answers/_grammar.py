"""The grammar side of parsing a final answer: ``answer.lark`` and the Lark transformer that builds the answer.

The grammar is ``answer.lark`` (LALR, no evaluation of the text). It is given text that the clean-up and the
reading rules (:mod:`pyverify.answers._reading`) have already normalised; :class:`_Build` turns what it matches
into terms and :class:`Answer` objects bottom-up (inline, so no parse tree is kept), and text outside the grammar
is an :class:`AnswerParseError` naming the command or character it does not take, and where. This is the one
module of the parser that imports lark: the text rules below it work on strings alone, and the pipeline above it
(:mod:`pyverify.answers._parse`) only calls :func:`_parse_grammar`.
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
from pyverify.answers._reading import GREEK_NAMES, AnswerParseError
from pyverify.answers._sums import index_terms, indexed
from pyverify.logic._ast import REAL, Call, Node, Num, Op, SumOf, Var, free_vars

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


def _num(token: Token) -> Num:
    text = str(token)
    return Num(Fraction(text + "0" if text.endswith(".") else text))


# the Greek letters' names, as the grammar reads \gamma (an index that labels rather than counts)
_GREEK_INDICES = frozenset(GREEK_NAMES)


class _Build(Transformer):  # type: ignore[type-arg]
    """Builds terms bottom-up (inline, so no parse tree is kept)."""

    def number(self, items: list[Any]) -> Node:
        return _num(items[0])

    def letter(self, items: list[Any]) -> Node:
        name = re.sub(r"[{}\s]", "", str(items[0])).lstrip("\\")  # x_{1} is the variable x_1
        if name == "e":
            return Call("e", ())
        return Var(name, REAL)

    def indexed(self, items: list[Any]) -> Node:
        # F_{n-1}: the term of the sequence F at n - 1 (see pyverify.answers._sums: written out at a whole number
        # it is the variable F_2, as F_{2} is)
        base = re.sub(r"[{}\s]", "", str(items[0])).lstrip("\\")
        if "_" in base or "'" in base:
            raise AnswerParseError(f"outside the answer grammar: a subscript after a subscript or a prime: {items[0]}_{{...}}")
        index = items[1]
        if isinstance(index, Var) and index.name in _GREEK_INDICES:
            # E_{\gamma}, m_{\pi}, \nu_{\mu} (PHYSICS's golds): a Greek letter as the index labels a quantity, a name as
            # \omega_p is, never the term of a sequence at a point
            return Var(f"{base}_{index.name}", REAL)
        return indexed(base, index)

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

    def pow_ratio(self, items: list[Any]) -> Node:
        # x^1/2 read as x^(1/2) (the exponent reading: see _parser): only with the numeral 1 (nobody writes x^1 for
        # x, while x^2/3 in an ellipse's y^2/3 and x^3/2 are powers over a number), read as the grammar reads it else
        return self._ratio(items[0], items[1], items[2], negative=False)

    def pow_negative_ratio(self, items: list[Any]) -> Node:  # x^-1/2 read as x^(-1/2)
        return self._ratio(items[0], items[1], items[2], negative=True)

    @staticmethod
    def _ratio(base: Node, top: Token, bottom: Token, negative: bool) -> Node:
        p, q = _num(top), _num(bottom)
        whole = p.value.denominator == 1 and q.value.denominator == 1 and "." not in str(top) + str(bottom)
        if whole and p.value == 1 and q.value > 1:
            ratio: Node = Op("/", (p, q))
            return Op("^", (base, Op("neg", (ratio,)) if negative else ratio))
        return Op("/", (Op("^", (base, Op("neg", (p,)) if negative else p)), q))

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

    def func_pow(self, items: list[Any]) -> Node:
        # \sin^2 x is (\sin x)^2; \sin^{-1} x is \arcsin x (for sin, cos, tan)
        name = str(items[0]).lstrip("\\")
        exponent, arg = items[1], items[2]
        minus_one = isinstance(exponent, Op) and exponent.op == "neg" and exponent.args[0] == Num(Fraction(1))
        if minus_one and name in ("sin", "cos", "tan"):
            return Call("arc" + name, (arg,))
        return Op("^", (Call("ln" if name == "log" else name, (arg,)), exponent))

    def log_base(self, items: list[Any]) -> Node:
        return Call("logb", (items[1], items[2]))

    def sum_of(self, items: list[Any]) -> Node:
        return SumOf(str(items[1]), items[2], items[3], index_terms(items[4], str(items[1])))

    def sum_of_negated(self, items: list[Any]) -> Node:  # \sum_{k=1}^{n} -a_k: the sum of the negated terms
        return SumOf(str(items[1]), items[2], items[3], index_terms(Op("neg", (items[4],)), str(items[1])))

    def abs_value(self, items: list[Any]) -> Node:
        return Call("abs", (items[1],))

    def floor(self, items: list[Any]) -> Node:
        return Call("floor", (items[1],))

    def ceil(self, items: list[Any]) -> Node:
        return Call("ceil", (items[1],))

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
        intervals: list[Answer] = []
        for p in parts:
            if p.kind == "tuple" and len(p.items) == 2:  # (a, b) inside a union is an open interval
                p = Answer("interval", terms=(p.items[0].terms[0], p.items[1].terms[0]), closed=(False, False))
            if p.kind == "set" and all(i.kind == "number" for i in p.items):  # \{-1\} \cup [0, 7): points
                intervals.extend(
                    Answer("interval", terms=(i.terms[0], i.terms[0]), closed=(True, True)) for i in p.items
                )
                continue
            if p.kind != "interval":
                raise AnswerParseError("only intervals can be joined with \\cup")
            intervals.append(p)
        return Answer("union", items=tuple(intervals))

    def union_with_points(self, items: list[Any]) -> Answer:
        return self.union([self.set_answer(items[:3]), *items[3:]])

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
    kind: Kind = "expression" if free_vars(value) else "number"
    return Answer(kind, terms=(value,))


#: The second readings of a slash: for each, the grammar's rules it replaces (each found once), the rules it adds, and
#: when the reading may differ. ``product``: a product written without a sign right after a slash is the denominator
#: (1/2x is 1/(2x), the powers that follow shifted into it), where a numeral, a letter or a letter's command right
#: after the slash has a letter, a command or a bracket glued to it (1/2x, 1/2\pi, x/yz, n/2(n+1); a space ends the
#: denominator, 1/2 x, 1/3 \pi r^2 h, \sqrt{3}/2 i are read once, and so is a bracketed one, 1/(2)x). ``exponent``:
#: the exponent 1 right before a slash and a numeral is a fraction (x^1/2 is x^(1/2)). ``percent``: a percent sign
#: after a numeral right after a slash applies to the quotient (1/2\% is half a percent, or 1/(2%) = 50; never where a
#: percent sign comes before the slash: 50\%/2\% is 25).
SLASH_READINGS = ("product", "exponent", "percent")
_VARIANTS: dict[str, tuple[tuple[tuple[str, str], ...], str]] = {
    "product": ((('        | product "/" power                    -> div\n',
                  '        | product "/" juxtaposed               -> div\n'),),
                '\n?juxtaposed: power\n           | juxtaposed power -> mul\n'),
    "exponent": ((('?power: post\n', '?power: post\n      | power_ratio\n'),),
                 '\n?power_ratio: post "^" NUMBER "/" NUMBER -> pow_ratio\n'
                 '            | post "^" "-" NUMBER "/" NUMBER -> pow_negative_ratio\n'),
    "percent": ((('      | power "%"                              -> percent\n', ''),
                 ('     | post "%"                                -> percent\n', ''),
                 ('        | product TIMES bigsum                 -> mul\n',
                  '        | product TIMES bigsum                 -> mul\n        | product "%" -> percent\n')), ''),
}
_MAY_DIFFER = {"product": re.compile(r"/[ \t]*(?:\d+(?:\.\d+)?|[A-Za-z]|\\[A-Za-z]+)(?=[A-Za-z(]|\\(?![,;: !]|q?quad(?![A-Za-z])))"),
               "exponent": re.compile(r"\^[ \t]*-?[ \t]*1[ \t]*/[ \t]*\d"),
               "percent": re.compile(r"[^%]*/[ \t]*\d+(?:\.\d+)?[ \t]*\\?%")}  # fmt: skip


@lru_cache(maxsize=4)
def _parser(variant: str = "") -> Lark:
    """The answer grammar; with a ``variant`` (see _VARIANTS) the same grammar save for one reading of what stands
    around a slash (lark resolves the conflicts the added rules make by shifting, which is what groups them)."""
    grammar = (Path(__file__).with_name("answer.lark")).read_text(encoding="utf-8")
    if variant:
        replaced, added = _VARIANTS[variant]
        for rule, varied in replaced:
            if grammar.count(rule) != 1:
                raise RuntimeError(f"answer.lark: a rule the {variant} reading varies is not found once: {rule.strip()}")
            grammar = grammar.replace(rule, varied)
        grammar += added
    return Lark(grammar, parser="lalr", transformer=_Build(), maybe_placeholders=False)


def _parse_grammar(cleaned: str) -> Answer:
    answer = _parse_grammar_with(cleaned, _parser())
    if "/" not in cleaned:
        return answer
    # 1/2x: (1/2)x in this grammar, as sympy and most calculators read it, 1/(2x) as many people write it; x^1/2:
    # (x^1)/2, or x^(1/2) as it is meant nearly always (see Answer.slash_readings)
    readings = []
    for variant in SLASH_READINGS:
        other = answer
        if (_MAY_DIFFER[variant].match if variant == "percent" else _MAY_DIFFER[variant].search)(cleaned):
            try:
                other = _parse_grammar_with(cleaned, _parser(variant))
                if other == answer:  # (the same reading is the answer itself: see _equiv._slash_reading)
                    other = answer
            except AnswerParseError:
                pass
            except RecursionError:  # (comparing a tree 250 sums deep: the second reading is kept, unread)
                pass
        readings.append(other)
    if any(other is not answer for other in readings):
        from dataclasses import replace

        answer = replace(answer, slash_readings=(answer, *readings))
    return answer


def _parse_grammar_with(cleaned: str, parser: Lark) -> Answer:
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
    if answer.kind == "number" and cleaned.rstrip().endswith("%") and _percent_of(answer.terms[0]) is not None:
        from dataclasses import replace

        answer = replace(answer, value="%")  # a percentage: see the percent policy (READING_RULES)
    return _with_text(answer, cleaned)


def _percent_of(term: Node) -> Node | None:
    """p of a percentage p% (the term p/100 that the percent sign builds; -p of -p%, whose sign the grammar reads
    outside it)."""
    if isinstance(term, Op) and term.op == "/" and term.args[1] == Num(Fraction(100)):
        return term.args[0]
    if isinstance(term, Op) and term.op == "neg":
        inner = _percent_of(term.args[0])
        return Op("neg", (inner,)) if inner is not None else None
    return None


def _with_text(answer: Answer, text: str) -> Answer:
    from dataclasses import replace

    return replace(answer, text=text)
