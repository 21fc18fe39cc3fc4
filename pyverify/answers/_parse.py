"""Parsing final answers (LaTeX or plain text) into :class:`Answer` objects, and rendering them back.

The grammar is ``answer.lark`` (LALR, no evaluation of the text). Before it runs, a fixed list of
clean-up rules is applied, and only these (see :data:`CLEANUP_RULES`), then the reading rules for words,
juxtaposed numbers and commas between digits (see :data:`READING_RULES`). Limits: at most
:data:`MAX_CHARS` characters and :data:`MAX_NESTING` nested brackets; beyond them, or outside the
grammar, the answer is ``unparsed`` with the reason.

This module holds the order in which that happens (:func:`parse_answer`: extraction, limits, special forms,
clean-up, reading rules, relations, grammar); the steps live below it, split where the code changes what it
works on: :mod:`pyverify.answers._reading` (the text: clean-up and reading rules, and their tables),
:mod:`pyverify.answers._grammar` (the grammar and the transformer that builds terms) and
:mod:`pyverify.answers._render` (answers back to LaTeX). Their public names are importable from here as before.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from pyverify.answers import _units
from pyverify.answers._answer import PERCENT_AFTER_BOX, Answer
from pyverify.answers._forms import SCALE_POWERS, said_in_scale_words
from pyverify.answers._grammar import _parse_grammar, _with_text
from pyverify.answers._grammar import _percent_of as _percent_of
from pyverify.answers._reading import (
    AMBIGUOUS,
    CONTEXT_DOTS,
    DOT_GROUPS,
    E_AMBIGUOUS,
    HYPHEN_JOINED,
    HYPHEN_JOINED_REASON,
    AnswerParseError,
    _check_control,
    _clean,
    _delimiters,
    _is_word,
    _nesting,
    _numbers,
    _readings,
    _word_error,
    assignment_points,
    bracket_groups,
    comma_convention,
    currency_before_box,
    outside_unit,
    unit_after_box,
    without_float_noise,
)
from pyverify.answers._reading import CLEANUP_RULES as CLEANUP_RULES
from pyverify.answers._reading import READING_RULES as READING_RULES
from pyverify.answers._reading import clean as clean
from pyverify.answers._render import render as render
from pyverify.answers._render import render_term as render_term
from pyverify.answers._words import is_unit_word
from pyverify.logic._ast import Node, Num, Op

if TYPE_CHECKING:
    from pyverify.answers._extract import Extraction

MAX_CHARS = 4000
#: The longest text (a whole response) the extraction policy reads; its answer has at most MAX_CHARS characters.
MAX_RESPONSE = 100_000
#: The longest text read at all: a reasoning model's thought before ``</think>`` is not counted in MAX_RESPONSE (R1 or
#: QwQ at a 32k-token budget write more than 100,000 characters of it), and is skipped in linear time up to this.
MAX_TEXT = 4_000_000
MAX_NESTING = 60

DECIMAL_COMMA_CHOICES = (None, "decimal", "list")



def _with_item_texts(answer: Answer, cleaned: str) -> Answer:
    """A list whose items are its text's parts between top-level commas: each equation that gives a function's value
    at a number with its text as written (f(\\frac{2\\pi}{3}) = 1 names that value only as written; the tree reads f
    times 2π/3)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(cleaned):
        depth += {"{": 1, "(": 1, "[": 1, "}": -1, ")": -1, "]": -1}.get(ch, 0)
        if ch == "," and depth == 0 and cleaned[i - 1 : i] != "\\":
            parts.append(cleaned[start:i])
            start = i + 1
    parts.append(cleaned[start:])
    if len(parts) != len(answer.items):
        return answer
    from pyverify.answers._forms import FUNCTION_AT_A_POINT

    spacing = re.compile(r"^(?:\s|\\q?quad(?![A-Za-z])|\\[,;:! ])+|(?:\s|\\q?quad(?![A-Za-z])|\\[,;:! ])+$")
    texts = [spacing.sub("", part) for part in parts]
    # (only such equations: a text changes how others read, f(x) = x names a function only as written)
    return replace(answer, items=tuple(replace(item, text=text) if item.kind == "equation" and not item.text and
                                       any(FUNCTION_AT_A_POINT.fullmatch(side.strip()) for side in text.split("="))
                                       else item for item, text in zip(answer.items, texts)))  # fmt: skip


# a percent sign or word right after a final box, outside it (\boxed{20}\%, $\boxed{20}$%, \boxed{20} percent, per cent)
_PERCENT_AFTER_BOX = re.compile(r"[^\S\n]{0,3}(?:\$|\\\))?[^\S\n]{0,3}(?:\\%|%|(?<=[\s$)])(?i:percent|per[ \t]?cent|pct)(?![A-Za-z]))")
_PERCENT_IN = re.compile(r"%|(?i:percent|per\s?cent|pct)")
# a scale word right after a final box, outside it (\boxed{946} million, $\boxed{6}$ thousand)
# (one scale word alone: \boxed{6} hundred thousand, \boxed{6} thousand five hundred say more than one reading can)
_SCALE_AFTER_BOX = re.compile(r"[^\S\n]{0,3}(?:\$|\\\))?[^\S\n]{0,3}((?i:hundred|thousand|million|billion|trillion))(?![A-Za-z])"
                              r"(?![\s-]{1,3}(?i:and[\s-]+)?(?:\d|hundred|thousand|million|billion|trillion|one|two|three|four|"
                              r"five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|"
                              r"eighty|ninety)(?![A-Za-z]))")
_BARE_NUMBER = re.compile(r"\s*-?\d[\d,]*(?:\.\d+)?\s*")
# a.m. or p.m. right after a clock time taken by any rule (\boxed{4:30} PM, $\boxed{4:30}$ p.m., $4:30$ p.m.)
_HALF_AFTER = re.compile(r"[^\S\n]{0,3}(?:\$|\\\))?[^\S\n]{0,3}(?:\\(?:text|mathrm)\s*\{\s*)?([AaPp])\.?[^\S\n]?[Mm](?![A-Za-z])")
# a whole answer that is a number, a space, then one unit with no space in it (checked by outside_unit): 0.17 V, 5 m,
# 1.28 \times 10^-6 V/K, 5 m/s^2 (5m, 2 x, 2 g h and 5 \cdot m are products)
_QUANTITY = re.compile(r"\s*([-−]?\d[\d,]*(?:\.\d+)?(?:[eE][-+−]?\d{1,3}|\s*\\times\s*10\s*\^\s*\{?[-−]?\d+\}?)?)\s+([A-Za-zΩμ][A-Za-zΩμ/^\d*.{}²³-]{0,30}?)\s*(?:\.\s*)?")  # (m^{2}, m²: a power)
# a length unit and 2 or 3 glued after it, the unit of such a quantity (10 m2, 5 cm3, 3 ft2: m², cm³, ft²)
_GLUED_POWER = re.compile(r"(?:[cmkdnuµμ]?m|ft|in|yd|mi)[23]")
# a whole answer that is a number, a space, then a compound unit written with spaces, products, negative powers or a
# bracketed denominator (8.314 J/mol K, 8.314 J/(mol K), 9.8 m s^{-2}, 6.67 N m^2/kg^2: physics' answers), kept only
# with a slash or a negative power (2 g h, 1 N m stay products) and when the unit table reads every token of it
_UNIT_TOKEN = r"[A-Za-zΩμ]{1,5}(?:[ \t]*\^[ \t]*(?:\{[ \t]*[-−]?\d[ \t]*\}|[-−]?\d))?"
_UNIT_JOIN = r"(?:[ \t]*(?:\\cdot(?![A-Za-z])|·|\*|\\,)[ \t]*|[ \t]+)"
_SPACED_UNITS = rf"{_UNIT_TOKEN}(?:{_UNIT_JOIN}{_UNIT_TOKEN}){{0,4}}"
_COMPOUND_QUANTITY = re.compile(r"\s*([-−]?\d[\d,]*(?:\.\d+)?(?:[eE][-+−]?\d{1,3}|\s*\\times\s*10\s*\^\s*\{?[-−]?\d+\}?)?)[ \t]+"
                                rf"({_SPACED_UNITS}(?:[ \t]*/[ \t]*(?:\([ \t]*{_SPACED_UNITS}[ \t]*\)|{_SPACED_UNITS}))?)"
                                r"[ \t]*(?:\.\s*)?")
# a name in words in a text command at the start, before = and a value (\text{WAM} =, \text{Total Amount}_{1} =,
# \mathrm{VaR} =): three letters or more, or words (\mathrm{h} = \mathrm{gi} and \text{AB} = 5 name letters)
_NAMED_IN_WORDS = re.compile(r"\s*\\(?:text|textrm|textbf|textit|mathrm|mathit|operatorname)[ \t]*\{[ \t]*"
                             r"(?!(?i:not|no|yes|none|undefined|impossible|possible|never|true|false|answer)(?![A-Za-z]))"
                             r"(?:[A-Za-z][A-Za-z'’-]{2,}|[A-Za-z][A-Za-z'’-]*(?:[ \t]+[A-Za-z][A-Za-z'’-]*){1,5})[ \t]*\}"
                             r"(?:[ \t]*_[ \t]*(?:\{[^{}]{0,20}\}|\w))?[ \t]*=(?![=<>])")
# a whole number, 'and' and a fraction less than one, the whole answer (1 and 1/5, 1 \text{ and } \frac{1}{5} miles)
_MIXED_AND = re.compile(r"\s*(\d{1,9})\s+(?:and|\\text\s*\{\s*and\s*\})\s+(?:(\d{1,9})\s*/\s*(\d{1,9})|"
                        r"\\[dt]?frac\s*\{\s*(\d{1,9})\s*\}\s*\{\s*(\d{1,9})\s*\})([ \t]+[A-Za-z]{1,20}(?:[ \t]+[A-Za-z]{1,20})?)?"
                        r"\s*(?:\.\s*)?")
# tuples in square brackets, the whole answer ([(1, 64), (2, 32)], a Python list of pairs): the tuples inside (each
# with a comma: [(-5), (-1)] is an interval's bracket around numbers in parentheses)
_PAIRS_IN_BRACKETS = re.compile(r"\s*\[\s*(\([^()\[\],]*,[^()\[\]]*\)(?:\s*,\s*\([^()\[\],]*,[^()\[\]]*\))*)\s*\]\s*")
# a comparison sign alone, the whole answer (<, \gt, $\le$, &lt;): the sign a comparison exercise asks for, written
# as its one character
_SIGNS = {"\\lt": "<", "&lt;": "<", "\\gt": ">", "&gt;": ">", "\\le": "≤", "\\leq": "≤", "<=": "≤", "\\ge": "≥",
          "\\geq": "≥", ">=": "≥", "\\ne": "≠", "\\neq": "≠", "!=": "≠"}
_LONE_SIGN = re.compile(r"\s*(?:\$|\\\()?\s*(<=|>=|!=|[<>=≤≥≠]|\\(?:lt|gt|le|leq|ge|geq|ne|neq)(?![A-Za-z])|&[lg]t;)\s*"
                        r"(?:\$|\\\))?\s*(?:\.\s*)?")
# a unit symbol the grammar reads as a variable glued to a number or after a LaTeX space, the whole answer (253m,
# 594m^2, 594m², 30s, 5g, 2h, 3L, 253\,m): metres, square and cubic metres, seconds, grams, hours, litres, read as
# the quantity the same text with a space is (253 m), and as written the product (253m), which the comparison tries too
_GLUED_SYMBOL = re.compile(r"\s*([-−]?\d[\d,]*(?:\.\d+)?)(?:\\[,;:! ]|~){0,3}(m(?:\^\{?[23]\}?|[²³])?|s|g|h|L)\s*(?:\.\s*)?")
# abbreviated units in capitals after a number and a space, the whole answer (52 WPM, 3000 RPM, 100 USD): rates,
# pressures and energies the unit table does not convert, and the dollar's code (a list: 40 MAX, 5 TBD, 5 NAN are no
# units; another currency's code is not dropped against a dollar gold; two capitals are a segment's name as often, 5 AB,
# and AM and PM a clock's; the bytes' KB, MB, GB, TB and KiB, MiB, GiB, TiB are units as often: 200 GB, 5.94 MiB)
_ACRONYM = re.compile(r"WPM|RPM|BPM|KPH|KMH|MPG|PSI|FPS|DPI|PPI|CFM|BTU|KWH|MWH|MAH|USD|[KMGT]i?B")
# a number and a scale word, the whole answer (12.22 million, $39 million, 26 million dollars, 12.22 \text{ million},
# -$137 million, 3 hundred): the number times its power of ten (hundred 10^2 ... trillion 10^12), a unit phrase kept
# (each optional part opens with its own character, never with a space: a pattern whose optional parts may all take
# the same spaces backtracks through every split of a long run of them, 9 s on 1,000 spaces)
_SCALE_WORD = re.compile(r"(\s*(?:[-−]\s*)?(?:(?:\\?\$|[£€¥])\s*)?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s*(?:(?:\\[,;: !]|~)\s*)*"
                         r"(?:\\(?:text|mathrm|textrm|mbox)\s*\{\s*)?)(hundred|thousand|million|billion|trillion)s?(?![A-Za-z])"
                         r"(?!\s*(?:[\d(]|of(?![A-Za-z])))(.*)", re.DOTALL)
_SCALE_AFTER_MATH = re.compile(r"\s*(?:\$|\\\()\s*((?:[-−]\s*)?\d[\d,]*(?:\.\d+)?)\s*(?:\$|\\\))(\s*(?:hundred|thousand|million|billion|"
                               r"trillion)s?(?![A-Za-z]).*)", re.DOTALL)
_SCALES = SCALE_POWERS
# a number of percentage points, the whole answer: a difference of percents, in percent
_PERCENTAGE_POINTS = re.compile(r"\s*([-+−]?\d[\d,]*(?:\.\d+)?)[ \t]*(?:percentage|%|pct\.?)[ \t]+points?[ \t]*\.?\s*")
_BARE_CLOCK = re.compile(r"\s*\d{1,2}:\d{2}(?::\d{2})?\s*")


def extract_boxed(text: str) -> str | None:
    """The content of the last ``\\boxed{...}`` (or ``\\fbox{...}``) in ``text``, braces matched; None if none closes."""
    from pyverify.answers._extract import _boxes

    found = _boxes(text, 0, len(text))
    return found[-1][2] if found else None


def answer_text(value: object) -> str | None:
    """The text of an answer given as a Python value: text as it is; a number (int, float, Fraction, Decimal) as
    its decimal text, a float as its shortest repr (``27.0`` is 27 and ``0.1`` is 0.1, as the dataset that stored
    the number meant it: amc23's golds are JSON numbers); None for anything else (a bool, a NaN or an infinity)."""
    import math
    import numbers
    from decimal import Decimal

    if isinstance(value, str):
        return value
    if isinstance(value, bool) or type(value).__name__ == "bool_":  # numpy.bool_ too: True is no number here
        return None
    try:
        if isinstance(value, Fraction):
            return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)
        if isinstance(value, numbers.Integral):  # int, numpy.int64
            return str(int(value))
        if isinstance(value, Decimal):
            return str(value) if value.is_finite() else None
        if isinstance(value, numbers.Real):  # float, numpy.float64 (whose own repr is np.float64(27.0))
            number = float(value)
            return float.__repr__(number) if math.isfinite(number) else None
    except ValueError:  # an int past Python's digit limit for str (4300 digits)
        return None
    return None


def parse_answer(text: str, *, decimal_comma: str | None = None, float_noise: bool = False) -> Answer:
    """Parse a final answer; a ``\\boxed{...}`` in it is extracted first (the last one). A number given as a Python
    value (int, float, Fraction, Decimal: a dataset's JSON number) is read as its decimal text (``answer_text``).

    Never raises on bad input: what is outside the grammar or its limits is ``Answer("unparsed")``
    with the reason, and a comma between digits that may be a decimal comma or a list separator
    (``0,111``, ``1000,99``) is ``Answer("ambiguous")`` naming both readings, unless ``decimal_comma``
    chooses one: ``"decimal"`` (commas between digits are decimal points) or ``"list"`` (they never are).
    ``float_noise`` (a gold answer's reading): a float printed with its rounding noise (``0.036000000000000004``) is
    the shorter decimal it stands for; a candidate is read so only against a gold that has such noise (a verbatim
    copy of it is equal), else its digits are read as written. See :data:`READING_RULES`.
    """
    if decimal_comma not in DECIMAL_COMMA_CHOICES:
        raise ValueError(f"decimal_comma must be one of {DECIMAL_COMMA_CHOICES}, not {decimal_comma!r}")
    written = answer_text(text)
    if written is not None and float_noise:
        written = without_float_noise(written)
    if written is None:
        return Answer("unparsed", reason=f"an answer is text or a finite number (at most 4,300 digits), not this "
                      f"{type(text).__name__}")  # fmt: skip
    try:
        return _parse(written, decimal_comma)
    except AnswerParseError as exc:
        return Answer("unparsed", reason=exc.reason, text=text[:200])


def _parse(text: str, decimal_comma: str | None = None) -> Answer:
    from dataclasses import replace

    from pyverify.answers._extract import extract_answer

    if len(text) > MAX_TEXT:
        raise AnswerParseError(f"a response longer than {MAX_TEXT:,} characters")
    if len(text) > MAX_RESPONSE:
        from pyverify.answers._extract import after_thought

        reply = after_thought(text)  # None: a thought opened and never closed (no answer, whatever its length)
        if reply is not None and len(text) - reply > MAX_RESPONSE:
            raise AnswerParseError(f"a response longer than {MAX_RESPONSE:,} characters after its thought")
    # "\b" in "\boxed" may be the control character itself; TAB, CR, LF before a command name only in a short
    # answer (a response's prose may indent with a TAB), and in a long response no other stray control character
    # either (a model's degenerate tail): the answer extracted from it is checked whole below
    # NUL characters that end a text (MathCAMPS's saved responses end with one, a C string's terminator) are padding,
    # none of what it says: the text ends before them (spans stay the text's; only its end moves)
    # (stripped from the right by hand: a pattern searched for them is tried from every space of a long run, quadratic)
    kept = text.rstrip(" \t\r\n\x00") if "\x00" in text else text
    text = kept if "\x00" in text[len(kept) :] else text
    _check_control(text, whitespace=len(text) <= 200, only_commands=len(text) > 200)
    found = extract_answer(text)
    if found.status == "none":
        return Answer("no_answer", reason=f"no final answer: {found.rule}", text=text[:200], rule=found.rule)
    # a response that writes decimal commas reads its answer's commas so (Ответ: 1,72), unless the caller chose
    mode, convention = (comma_convention(text, found.text, found.span[0]) if decimal_comma is None and found.rule != "whole"
                        else (None, ""))  # fmt: skip
    if mode == AMBIGUOUS:  # Die Antwort ist 57.500. (57500 or 57.5)
        return Answer("ambiguous", reason=convention, text=found.text[:200], rule=found.rule, span=found.span)
    decimal_comma = mode or decimal_comma
    written = text[found.span[0] : found.span[1]].strip() if len(found.texts) == 1 and "-" in found.texts[0] else ""
    joined = HYPHEN_JOINED.fullmatch(written) if written else None
    if joined is not None:  # 5-7, 2021-03-05, 555-1234 in plain text (never $31-17$ nor \boxed{31-17}: a difference)
        return Answer("ambiguous", reason=f"numbers joined by hyphens ({joined.group(1)}) {HYPHEN_JOINED_REASON}: not read "
                      "as a subtraction", text=found.text[:200], rule=found.rule, span=found.span)  # fmt: skip
    found = _one_value_twice(found)
    parts = [_parse_one(t, decimal_comma) for t in found.texts]
    if len(parts) == 1:
        answer = parts[0]
        percent = _PERCENT_AFTER_BOX.match(text, found.span[1]) if found.rule == "boxed" else None
        if percent and answer.kind == "number" and not _PERCENT_IN.search(found.texts[0]):
            # \boxed{20}\%, $\boxed{0.2}$%, \boxed{45} percent: the box's number in percent (0.2% is never 20%), read
            # under the percent policy 'unit' (the box holds the percentage: 20 against a gold 20, as MATH asks "what
            # percent"; 0.2 against a gold 20% is not)
            answer = _parse_one(f"{found.texts[0].strip()}\\%", decimal_comma)
            if answer.kind == "number" and answer.value == "%":
                answer = replace(answer, value=PERCENT_AFTER_BOX, text=f"{found.texts[0].strip()}%")
            else:
                answer = _parse_one(found.texts[0], decimal_comma)
        unit = (unit_after_box(text, found.span[1]) or currency_before_box(text, found.span[0])
                if found.rule == "boxed" and not percent else "")  # fmt: skip
        if found.rule == "final sentence" and _BARE_NUMBER.fullmatch(found.texts[0]):
            # So the trip takes 5 minutes. / Therefore, it is a 5-minute walk.: the unit words right after the number a
            # final sentence states are its unit, as after a box (never 5 hours; 5 apples states no unit)
            unit = unit_after_box(text, found.span[1], hyphen=True)
        if unit and not answer.unit and answer.kind in ("number", "expression"):
            answer = replace(answer, unit=unit)  # \boxed{50} mm: the box's quantity in mm
        scaled = _SCALE_AFTER_BOX.match(text, found.span[1]) if found.rule == "boxed" else None
        if scaled and answer.kind == "number" and not answer.product and not answer.unscaled:
            # \boxed{946} million dollars: the answer in millions as a question asks (the gaokao outputs), or 946 million
            # (against 946000000): either reading, as the product reading of 5 m is
            answer = replace(answer, product=f"{found.texts[0].strip()} {scaled.group(1).lower()}")
        # \boxed{4:30} PM, $4:30$ p.m.: the time with its half of the day, whichever rule took the clock
        half = _HALF_AFTER.match(text, found.span[1])
        if half and _BARE_CLOCK.fullmatch(found.texts[0]):
            answer = _parse_one(f"{found.texts[0].strip()} {half.group(1).lower()}.m.", decimal_comma)
    else:
        bad = next((p for p in parts if p.kind in ("unparsed", "ambiguous")), None)
        answer = bad or Answer("list", items=tuple(i for p in parts for i in (p.items if p.kind == "list" else (p,))),
                               text=found.text)  # fmt: skip
    from pyverify.answers import _forms

    false = _forms.false_chain(found.texts[0], lambda side: _parse_one(side, decimal_comma)) if len(parts) == 1 and found.rule != "whole" and \
        answer.kind in ("number", "expression", "equation") else None  # fmt: skip
    if false:  # \boxed{1000 = 2^{10}}: a false statement in a response, never its last side (a gold says what it says)
        answer = Answer("unparsed", reason=f"outside the answer grammar: {false}", text=found.texts[0][:200])
    forms = tuple(_parse_one(t, decimal_comma) for t in found.forms) if len(parts) == 1 else ()
    return replace(answer, rule=found.rule, span=found.span, forms=forms, convention=convention)


@lru_cache(maxsize=8192)
def _parse_one(text: str, decimal_comma: str | None) -> Answer:
    """One extracted answer text read (memoized: an Answer is immutable, and a trainer's group of completions for
    one prompt often ends with the same few answers, each read once)."""
    try:
        return _parse_text(text, decimal_comma)
    except AnswerParseError as exc:
        return Answer("unparsed", reason=exc.reason, text=text[:200])


#: A plain integer or decimal, the commonest final answer: read directly, to the same Answer the grammar gives.
_PLAIN = re.compile(r"[ \t]*(-?)(\d{1,30}(?:\.\d{1,30})?)[ \t]*")


# one value written twice, joined by 'or' (0.5 or 50%, 1/2 or 0.5, $0.5$ or $50\%$: FinanceBench's answers): plain numbers,
# percents and fractions of digits, whose exact values the extraction can tell apart without the engine
_NUMERAL = r"\$?[ \t]*([-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[ \t]*/[ \t]*\d+)?)[ \t]*(\\?%)?[ \t]*\$?"
_TWICE = re.compile(rf"[ \t]*{_NUMERAL}[ \t]*(?:,[ \t]*)?or[ \t]+{_NUMERAL}[ \t]*")


def _numeral_value(number: str, percent: str | None) -> Fraction | None:
    number = number.replace(",", "").replace("−", "-").replace(" ", "").replace("\t", "")
    top, _, bottom = number.partition("/")
    if bottom and (int(bottom) == 0 or "." in top):
        return None
    value = Fraction(top) / (int(bottom) if bottom else 1)
    return value / 100 if percent else value


def _one_value_twice(found: Extraction) -> Extraction:
    """An extraction of one text that writes one value twice joined by 'or' (``0.5 or 50%``), as that value and its
    other form (compared as ``\\boxed{0.5} or 50%`` is: the forms must agree); any other extraction as it is. Two
    different values (``0.5 or 0.6``) stay several answers."""
    twice = _TWICE.fullmatch(found.texts[0]) if len(found.texts) == 1 and not found.forms and len(found.texts[0]) <= 120 \
        else None  # fmt: skip
    if twice is None:
        return found
    first, second = _numeral_value(*twice.group(1, 2)), _numeral_value(*twice.group(3, 4))
    if first is None or first != second:
        return found
    one = found.texts[0][twice.start(1) : twice.end(2) if twice.group(2) else twice.end(1)]
    other = found.texts[0][twice.start(3) : twice.end(4) if twice.group(4) else twice.end(3)]
    return replace(found, texts=(one,), forms=(other,))


def _decimal(value: int, power: int) -> str:
    """``value / 10**power`` written as a decimal (12500000, 6: ``12.5``)."""
    digits = str(value).rjust(power + 1, "0")
    whole, part = digits[: len(digits) - power], digits[len(digits) - power :].rstrip("0")
    return f"{whole}.{part}" if part else whole


def _parse_text(text: str, decimal_comma: str | None = None) -> Answer:
    compound = said_in_scale_words(text)
    if compound:  # 12 million 500 thousand, 15 hundred, a million: the number said, a unit phrase after it kept
        before, value, top, rest = compound
        minus = "-" if re.search("[-−]", before) else ""
        currency = before.replace("-", "").replace("−", "").strip()
        said = _parse_text(f"{currency}{minus}{value}{rest.rstrip().rstrip('.')}", decimal_comma)
        if said.kind in ("number", "expression"):  # (and in units of its first word, 12.5 for 12 million 500 thousand)
            return replace(said, text=text.strip(), unscaled=f"{currency}{minus}{_decimal(value, top)}{rest.rstrip()}")
    points = _PERCENTAGE_POINTS.fullmatch(text)
    if points:  # 0.2 percentage points (FinanceBench's answers): 0.2% (0.002), and 0.2 in the points a question asks for
        said = _parse_text(f"{points.group(1)}\\%", decimal_comma)
        if said.kind == "number":
            return replace(said, unscaled=points.group(1), text=text.strip())
    in_math = _SCALE_AFTER_MATH.fullmatch(text)  # $13$ million: the number's math delimiters are no currency
    scaled = _SCALE_WORD.fullmatch(in_math.group(1) + in_math.group(2) if in_math else text)
    if scaled:  # 12.22 million (MathCAMPS's and FinanceMath's answers): 12.22 × 10^6, and without the word 12.22
        before, whole, decimals, between, word, rest = scaled.groups()
        minus = "-" if re.search("[-−]", before) else ""
        currency = before.replace("-", "").replace("−", "").strip()
        number = f"{minus}{whole.replace(',', '')}{decimals or ''}"
        times = _parse_text(f"{currency}{number} \\times 10^{{{_SCALES[word.lower()]}}}{between}{rest}", decimal_comma)
        if times.kind in ("number", "expression"):
            return replace(times, unscaled=f"{currency}{number}{between}{rest}", text=text.strip())
    sign = _LONE_SIGN.fullmatch(text)
    if sign:  # >, \lt, $=$ alone (MathCAMPS's comparisons: the sign that fills the blank): that sign, as a text
        return Answer("text", value=_SIGNS.get(sign.group(1), sign.group(1)), text=text.strip())
    mixed = _MIXED_AND.fullmatch(text)
    if mixed and int(mixed.group(2) or mixed.group(4)) < int(mixed.group(3) or mixed.group(5)):
        # 1 and 1/5 miles (MathCAMPS's answers): two numbers, or the mixed number 1 1/5 as it is read aloud; the list,
        # and as a second reading the mixed number, which the comparison tries too (equal to 6/5, and to [1, 1/5])
        listed = _read_text(text, decimal_comma)
        whole, part = mixed.group(1), f"{mixed.group(2)}/{mixed.group(3)}" if mixed.group(2) else \
            f"\\frac{{{mixed.group(4)}}}{{{mixed.group(5)}}}"  # fmt: skip
        if listed.kind == "list" and not listed.product:
            return replace(listed, product=f"{whole} {part}{mixed.group(6) or ''}")
    paired = _PAIRS_IN_BRACKETS.fullmatch(text)
    if paired:  # [(1, 64), (2, 32)] (MathCAMPS's golds, a Python list of pairs): the list of the pairs, as written bare
        text = paired.group(1)
    glued = _GLUED_SYMBOL.fullmatch(text)
    if glued:  # 253m, 594m^2, 30s (MathCAMPS's answers): read as with a space, a quantity and the product as written
        text = f"{glued.group(1)} {glued.group(2)}"
    quantity = _QUANTITY.fullmatch(text)
    spaced = _COMPOUND_QUANTITY.fullmatch(text) if quantity is None and len(text) <= 200 else None
    if spaced and ("/" in spaced.group(2) or re.search(r"\^[ \t]*\{?[ \t]*[-−]", spaced.group(2))) and \
            not re.search(r"/[^(]*(?:\\cdot|·|\*)", spaced.group(2)):  # fmt: skip
        # (never with a product sign after a slash outside brackets: N/m \cdot m is (N/m)·m as written, or N/m², as
        # W/m^2·K is written for W/(m² K): which is meant is not said, and the grammar reads it as written)
        # the denominator's brackets dropped (the unit table reads every unit after a slash as below it: J/mol K is
        # J/(mol K)), products as spaces, powers in braces, as \text{...} holds a unit phrase
        unit_text = re.sub(r"[ \t]*(?:\\cdot|·|\*|\\,)[ \t]*", " ", spaced.group(2)).replace("(", " ").replace(")", " ")
        unit_text = re.sub(r"\^[ \t]*([-−]?\d)(?!\d)", r"^{\1}", unit_text.replace("−", "-"))
        if _units.read(_units.normalize(unit_text)) is not None:
            answer = _read_text(f"{spaced.group(1)} \\text{{{' '.join(unit_text.split())}}}", decimal_comma)
            if answer.unit and not re.search(r"[A-Za-z]{2}", unit_text):
                # 2 g h^{-1}, 9.8 m s^{-2}: one-letter units only are letters too, as 5 m is (the comparison tries both)
                return replace(answer, text=text.strip(), product=f"{spaced.group(1)} \\cdot {spaced.group(2)}")
            if answer.unit:
                return replace(answer, text=text.strip())
    if quantity and _GLUED_POWER.fullmatch(quantity.group(2)):  # 10 m2, 5 cm3: a length's power without its caret,
        # as plain text writes square and cubic units (never 10 m 2, nor a name: 5 mp3)
        quantity = _QUANTITY.fullmatch(f"{quantity.group(1)} {quantity.group(2)[:-1]}^{quantity.group(2)[-1]}")
        text = quantity.group() if quantity else text
    if quantity and re.search("[{²³]", quantity.group(2)):  # 25 m^{2}, 25 m²: the power read as 25 m^2 is
        powered = re.sub(r"\^\{([-−]?\d{1,2})\}", r"^\1", quantity.group(2)).replace("²", "^2").replace("³", "^3")
        quantity = _QUANTITY.fullmatch(f"{quantity.group(1)} {powered}") if "{" not in powered else None
        text = quantity.group() if quantity else text
    if quantity and outside_unit(quantity.group(2)):
        # 0.17 V, 5 m, 5 nm: letters the grammar reads as variables are a unit after a number and a space, and as
        # written still the product (5m), which the comparison tries too; 5 cm, 4 ft are units as they stand
        try:
            as_written = _read_text(text, decimal_comma)
        except AnswerParseError:
            as_written = None
        if as_written is not None and (as_written.unit or as_written.kind not in ("number", "expression")):
            return as_written
        amount, unit = quantity.group(1), quantity.group(2).strip()
        answer = _read_text(f"{amount} \\text{{{unit}}}", decimal_comma)
        if as_written is not None and answer.unit:
            return replace(answer, product=f"{amount} \\cdot {unit}")
        return answer if answer.unit or as_written is None else as_written
    acronym = _ACRONYM.fullmatch(quantity.group(2)) if quantity else None
    if quantity and acronym:  # 52 WPM, 60 RPM, 100 USD: a unit the table does not know, compared as written (as 5 минут is), and
        # as written still the product 52·W·P·M, which the comparison tries too (never a product alone: it differs
        # from 52, a confident wrong on the answer given)
        as_written = _read_text(text, decimal_comma)
        amount = _read_text(quantity.group(1), decimal_comma)
        if as_written.kind == "expression" and amount.kind == "number":
            return replace(amount, unit=acronym.group(), product=f"{quantity.group(1)} \\cdot {acronym.group()}",
                           text=text.strip())
        return as_written
    return _read_text(text, decimal_comma)


# a signed number after a number and a wide space (\quad, \qquad, a control space, ~, or math closed and opened
# again), with no space after its sign: a second value, never a subtraction (2 \quad -2, 3~-4, $3$ $-4$; a tie in
# a polynomial, x^2~-4, 3x^2~+2x~-1, stays a space)
_SIGNED_APART = re.compile(r"(?<![\w^_{.\\])\d+(?:\.\d+)?\s*(?:(?:\\q?quad(?![A-Za-z])|\\ |~|\$\s*\$)\s*)+[-−+]\d")


# a command whose last argument is one bare token, then more digits glued to it: \frac{1}23, \frac123, \binom{5}23,
# \sqrt38, \sqrt[3]82 (TeX reads \frac{1}{2}3 and \sqrt{3}8; many writers mean \frac{1}{23} and \sqrt{38})
_GLUED_DIGIT_ARGUMENT = re.compile(r"\\(?:[dtc]?frac|[dt]?binom)(?![A-Za-z])(?:\s|~|\\[ ,;:!])*(?:\{[^{}]{0,200}\}|\d)"
                                   r"(?:\s|~|\\[ ,;:!])*\d\d|"
                                   r"\\sqrt(?![A-Za-z])(?:\s|~|\\[ ,;:!])*(?:\[[^\[\]]{0,50}\](?:\s|~|\\[ ,;:!])*)?\d\d")


# a number written right after a closed value, with at most thin spaces between: after a factorial, an absolute
# value's closing bar, a floor or a ceiling, a repeating decimal's brackets, or a command's closing brace (a
# fraction's, a root's, a repeating decimal's, an exponent's): \frac{1}{2}3, 5!3, |-2|3, 0.\overline{3}6, 0.(3)6,
# 2^{10}24 (never after other brackets: $200\left(\cos \frac{\pi}{6}\right) 20$ is a textbook's product)
_AFTER_VALUE = re.compile(r"(?:(?<=\d\.)\(\d+\)|(?<=\d\.\d)\(\d+\)|(?<=\d\.\d\d)\(\d+\)|(?<!\\)!|\||\\rfloor|"
                          r"\\rceil|\})(?:\s|~|\\[ ,;:!])*(?=\d)")
_VALUE_COMMANDS = re.compile(r"\\(?:[dtc]?frac|[dt]?binom|sqrt|overline|bar|dot|overset|underline|widehat)\s*\Z")
_TWO_ARGUMENTS = re.compile(r"\\(?:[dtc]?frac|[dt]?binom)\s*\Z")
_BARE_FRACTION_THEN_NUMBER = re.compile(r"\\[dtc]?frac\s*[0-9A-Za-z]\s*[0-9A-Za-z](?:\s|\\[ ,;:!])+(?=\d)")
# (a function's or a big operator's power, then its argument: \sin^{2}3, \sum_{k=1}^{n} 2k)
_VALUE_FUNCTIONS = re.compile(r"\\(?:sin|cos|tan|cot|sec|csc|ln|log|exp|arcsin|arccos|arctan|sinh|cosh|tanh|sum|prod|"
                              r"int|oint|iint|lim|max|min|sup|inf)\s*\Z")


def _openings(text: str) -> dict[int, int]:
    """Where each brace group that closes at an index opens (unescaped braces, paired in one pass: linear, where
    walking back from each closing brace was quadratic on }1}1}1...)."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for k, ch in enumerate(text):
        if ch in "{}" and (k == 0 or text[k - 1] != "\\"):
            if ch == "{":
                stack.append(k)
            elif stack:
                pairs[k] = stack.pop()
    return pairs


def _number_after_value(text: str) -> re.Match[str] | None:
    """The first number written right after a closed value (see _AFTER_VALUE), where a reader cannot tell a product
    from a mistyped number (\\frac{1}{2}3 is 3/2, or 1/23; 0.\\overline{3}6 is 2, or 0.3666...; 5!3 is 360, or 5 and
    3); never a subscript's or a function's power before its argument (\\log_{2}8, \\sin^{2}3), powers side by side
    (2^{6} 3^{5}), a fraction's first argument before its second (\\frac{270}7), a root's index before its argument
    (\\sqrt[3]8) nor an absolute value's opening bar (|3|); a mixed number after it is refused by its own rule."""
    bare = _BARE_FRACTION_THEN_NUMBER.search(text)
    if bare and not re.match(r"\d+(?:\.\d+)?\s*(?:\\[dtc]?frac|\d+/\d)", text[bare.end() :]):
        return bare  # \frac12 3: a fraction of two one-token arguments, then a number
    openings: dict[int, int] | None = None
    for found in _AFTER_VALUE.finditer(text):
        mark, at = found.group()[:1], found.start()
        if re.match(r"\d+(?:\.\d+)?\s*(?:\\[dtc]?frac|\d+/\d|\^|!)", text[found.end() :]):
            # (x+1)2\frac{1}{2}, \frac{1}{2} 3 1/4: a mixed number after it, refused as such below; \binom{5}{2}
            # 0.5^2, \frac{n!}{k!} 3^{k}: a power, a factor of its own; 6!2!, 4!4!2!: factorials side by side
            continue
        if mark == "|" and text.count("|", 0, at + 1) % 2:
            continue  # an opening bar: |3|
        if mark == "}":
            openings = _openings(text) if openings is None else openings
            opening = openings.get(at)
            if opening is None or re.search(r"\\circ|\\prime|'", text[opening:at]):
                continue  # 45^{\circ} 30': degrees, then minutes
            before = text[:opening].rstrip()
            if _TWO_ARGUMENTS.search(before):
                continue  # \frac{270}7: the first argument, then the second
            if before.endswith("}"):  # \frac{1}{2}: the command before the first argument
                first = openings.get(len(before) - 1)
                before = before[:first].rstrip() if first is not None else before
            before = re.sub(r"(?:\[[^\[\]]{0,50}\]|(?<=frac)\s*[0-9A-Za-z])\s*\Z", "", before)  # \sqrt[3]{8}, \frac1{2}
            if before.endswith("^"):
                base = before[:-1].rstrip()
                if base.endswith("}"):  # \int_{-\frac{T}{2}}^{\frac{T}{2}} 2: the subscript before the power
                    sub = openings.get(len(base) - 1)
                    if sub is not None and base[:sub].rstrip().endswith("_"):
                        base = base[:sub].rstrip()[:-1]
                base = re.sub(r"_\s*\S\Z", "", base)
                if _VALUE_FUNCTIONS.search(base):
                    continue  # \sin^{2}3, \sum_{k=1}^{n} 2k: a power, then the argument
            elif not _VALUE_COMMANDS.search(before):
                continue  # \log_{2}8, \text{...}3, a bare group
        return found
    return None


# a function whose argument has no brackets, then a slash right after it and a number or a letter (never another
# function or a bracket after it: \sin x / \cos x is a quotient of values; a slash set apart by spaces ends the
# argument, \tan 2x / 2 is tan(2x)/2, as the grammar reads it)
_FUNCTION_OVER = re.compile(r"\\(?:sin|cos|tan|cot|sec|csc|ln|log)(?![A-Za-z])(?:\s*\^\s*\{?-?\d\}?)?\s*"
                            r"(?!\(|\{|\\left|\\frac|\\dfrac|\\tfrac)(?:\\[A-Za-z]+|[A-Za-z0-9.]){1,6}/"
                            r"(?!\\(?:sin|cos|tan|cot|sec|csc|ln|log|exp)(?![A-Za-z])|\(|\\left)(?=[\dA-Za-z\\])")
# a degree sign right after π, or after a fraction or a quotient that ends its group (\frac{\pi}{6}^\circ, \pi/6°)
_PI_IN_DEGREES = re.compile(r"(?:\\pi(?![A-Za-z])|π)(?:\s*\}|\s*\{[^{}]{0,20}\}|\s*[\d/])*\s*"
                            r"(?:\^\s*(?:\{\s*\\circ\s*\}|\\circ(?![A-Za-z]))|°)")


def _read_text(text: str, decimal_comma: str | None = None) -> Answer:
    plain = _PLAIN.fullmatch(text)
    if plain and not (decimal_comma == CONTEXT_DOTS and DOT_GROUPS.fullmatch(text.strip().lstrip("-"))):  # (1.000: 1000)
        number: Node = Num(Fraction(plain.group(2)))
        return Answer("number", terms=(Op("neg", (number,)) if plain.group(1) else number,), text=text.strip())
    if len(text) > MAX_CHARS:
        raise AnswerParseError(f"longer than {MAX_CHARS} characters")
    _check_control(text)
    apart = _SIGNED_APART.search(text)
    if apart:  # 2 \quad -2, $3$ $-4$: two values set apart by a wide space, never the difference 2 - 2
        raise AnswerParseError(f"outside the answer grammar: two values set apart by a space, {apart.group().strip()!r}, "
                               "are no difference", apart.start())  # fmt: skip
    marked = _PI_IN_DEGREES.search(text)
    if marked:  # \frac{\pi}{6}^\circ: a radian measure marked as degrees (or π/6 degrees, 0.009 radians): which is meant?
        raise AnswerParseError("outside the answer grammar: a degree sign on a multiple of π (radians marked as degrees, "
                               "or so many degrees: not read)", marked.start())  # fmt: skip
    sliced = _FUNCTION_OVER.search(text)
    if sliced:  # \sin\pi/6, \sin x/2, \ln 2/3: sin(π)/6 as the grammar binds it, sin(π/6) as many writers mean it
        raise AnswerParseError(f"outside the answer grammar: {sliced.group().strip()!r} divides a function of an argument "
                               "without brackets: the function's value, or its argument, divided? (write brackets)",
                               sliced.start())  # fmt: skip
    glued = _GLUED_DIGIT_ARGUMENT.search(text)
    if glued:  # \frac{1}23, \sqrt38, \frac123: TeX takes one digit (\frac{1}{2}3, \sqrt{3}8), a reader may take them all
        raise AnswerParseError(f"outside the answer grammar: {glued.group().strip()!r} gives a one-token argument several "
                               "digits (TeX reads only the first; braces say which is meant)", glued.start())
    if _nesting(text) > MAX_NESTING:
        raise AnswerParseError(f"nested deeper than {MAX_NESTING} brackets")
    after = _number_after_value(text)
    if after:  # \frac{1}{2}3, 0.\overline{3}6, 5!3: a product, or a mistyped number? (a factor is written first)
        raise AnswerParseError(f"outside the answer grammar: a number written right after a value at column "
                               f"{after.end() + 1} ({text[max(0, after.start() - 12) : after.end() + 3].strip()!r}) is "
                               "no product: write the factor first, or \\cdot", after.end())  # fmt: skip
    from pyverify.answers import _forms

    working = _unit_working(text)
    if working is not None:  # 60 miles - 20 miles - 15 miles = 25 miles: a computation in quantities, then its result
        return _with_text(_parse_text(working, decimal_comma), text.strip())
    named = _NAMED_IN_WORDS.match(text)
    if named and re.search(r"\d", text[named.end() :]):
        # \text{WAM} = \frac{2,190,000,000}{10,000,000} = 219, \text{VaR} = 0.32 \text{ USD} (FinanceMath's
        # outputs): a name in words before = is a label, dropped as a name is (what follows it is read as it stands)
        return _with_text(_parse_text(text[named.end() :], decimal_comma), text.strip())
    square = _forms.SQUARE_CHOICES.match(text)
    if square:  # [A] and [B]: the choices (A) and (B) (and every label after them: [A] 12 and [C] 13 names two)
        text = re.sub(r"(?<![A-Za-z0-9\\_^])\[([A-J])\]", r"(\1)", text)
    confirmed = _forms.CHOICES_CONFIRMED.match(text)
    if confirmed:  # (A) and (C) are correct: the choices the verdict confirms
        text = confirmed.group(1)
    worded = re.fullmatch(r"\s*\\(?:text|textbf|mathrm|mbox)\s*\{\s*((?i:option|choice)[^{}]{0,200})\}\s*", text)
    if worded:  # \text{Choice A: 100}: the words in the text command
        text = worded.group(1)
    text = _forms.UNDERSCORED_OPTION.sub(r"\1 \2", text, count=1)  # Choice_B: choice B
    named = _forms.OPTION_WORD.match(text)
    if named:  # option B, option (c) Vitali Cover Theorem: the choice, the word that names it dropped
        rest = text[named.end() :]
        bare = re.fullmatch(r"\s*[a-j]\s*[.:]?\s*", rest)  # (option b: the choice B, never the variable b)
        # (Choice B: 90 seconds, Choice_B (7.92), Choice A, 6, Choice C - 37, Choice_A 29: the letter labels the option after it, as
        # (B) 90 seconds does; A: alone would read as Answer:)
        labelled = re.fullmatch(r"\s*\(?([A-J])\)?(?:\s*:|\s*,(?!\s*[a-z])|\s+[-–—](?=\s)|(?=\s+\()|\s+(?=[−$\\\d]|-\d))\s*(\S.*)", rest, re.S)
        if labelled and not _forms.CHOICE_LIST.match(rest):  # (never letters joined: Options A, B and D)
            if _forms.OPTION_NAMES_ANOTHER.search(labelled.group(2)):  # Choice_B: C, Choice_D: 1/9 OR C
                raise AnswerParseError(f"outside the answer grammar: the choice {labelled.group(1)} followed by another "
                                       f"choice: {labelled.group(2)[:40]!r}")  # fmt: skip
            # (an option in math delimiters, ($7.92$), is read without them)
            option = re.sub(r"(?<!\\)\$", "", labelled.group(2))
            rest = f"({labelled.group(1)}) {option}"
        return _parse_text(rest.upper() if bare else rest, decimal_comma)
    conditioned = _forms.trailing_condition(text)
    if conditioned is not None:  # x(t) = 1 - e^{-t} \text{ for } t > 0: the answer, stated where t > 0
        answer = _parse_text(conditioned[0], decimal_comma)
        return replace(answer, condition=conditioned[1]) if conditioned[1] else answer

    combined = _units.compound(text)
    if combined is not None:  # 1 hour and 30 minutes, 5 feet 3 inches: one quantity in the smaller unit
        return _with_text(_parse_text(combined, decimal_comma), text.strip())
    if "," not in text and _units.two_parts(text):  # 1 GB 500 MB, 1 h 30 m (an hour and 30 metres): no one value
        raise AnswerParseError(f"two quantities ({text.strip()}), not one value in two units of one kind")
    counted = _forms.spelled_quantity(text)
    if counted is not None:  # fifteen minutes, three hundred dollars: read as 15 minutes and 300 dollars are
        try:
            quantity: Answer | None = _parse_text(f"{counted[0]} {counted[1]}", decimal_comma)
        except AnswerParseError:
            quantity = None  # one half, two real roots: words the grammar does not read after a number
        if quantity is not None and quantity.kind == "number":
            return _with_text(quantity, text.strip())
    form = _forms.special(re.sub(r"^\s*(\$\$?|\\\(|\\\[)|(\$\$?|\\\)|\\\])\s*$", "", text), _is_word)
    if form is not None:
        if form.kind == "unparsed":
            raise AnswerParseError(form.reason)
        return _with_text(form, text.strip())
    texts, cleaned, units = _clean(text)
    if not cleaned:
        raise AnswerParseError("empty answer")
    word = _word_error(cleaned, texts)
    try:
        answer = _read(cleaned, decimal_comma, text)
        if answer.kind == "list" and any(i.kind == "equation" and not i.text for i in answer.items):
            answer = _with_item_texts(answer, cleaned)
        if len({u for u in units if u}) > 1 and answer.kind in ("number", "expression", "equation"):
            last = _last_side(text)  # E = (2.48e-19 J) / (1.602e-19 J/eV) = 1.55 eV: the value taken is in eV
            if last is not None:
                units = _clean(last)[2]
        elif len({u for u in units if u}) == 1 and re.search(r"=|≈|\\approx", text):
            units = tuple(dict.fromkeys(u for u in units if u))  # 2.78 m ≈ 2.78 m: one quantity in one unit
        stated: list[str] = []
        for unit in units:  # one unit however spelled (1 hour, 3 hours): several only when they differ
            if unit and not any(_units.same_unit(unit, seen) for seen in stated):
                stated.append(unit)
        if answer.kind in ("number", "expression") and sum(1 for u in units if u) > 1:
            stated = [u for u in units if u]  # 5 cm × 3 cm is in cm^2: units in an expression are not multiplied
        if stated and answer.kind not in ("unparsed", "ambiguous", "text", "choice"):
            answer = replace(answer, unit=_units.SEVERAL.join(stated))  # several (5 cm + 5 mm): never compared
    except AnswerParseError as exc:
        # the earlier of the two problems is reported: \input{/etc/passwd} is about \input, not 'etc'
        if word is not None and not 0 <= exc.position < word.position:
            raise word from None
        raise
    if word is not None:
        raise word
    return answer


# a computation written out in quantities before the last = (60 miles - 20 miles - 15 miles = 25 miles, 5 hours/day *
# 7 days/week = 35 hours/week, \$180 + \$300 = \$480): numbers and unit words joined by operators, at least one
# between two numbers
_UNIT_RUN = re.compile(r"(?<![\\A-Za-z])[A-Za-z]+(?![A-Za-z])(?:\s*(?:/|per)\s*[A-Za-z]+(?![A-Za-z]))*")


def _unit_working(text: str) -> str | None:
    """The last side of a computation written out in quantities (see above), or None: every word before the
    last = a unit word (the table's, or a counted noun: miles, hours/day, apples), an operator between two numbers
    there, and a unit word at least (without one, the grammar reads the chain itself)."""
    if "=" not in text or not _UNIT_RUN.search(text):
        return None  # (most answers: no = or no word, and no scan for the last side)
    last = _last_side(text)
    if last is None or "=" in last:
        return None
    left = text[: len(text) - len(last) - 1].rstrip()
    words = [w for run in _UNIT_RUN.findall(left) for w in re.split(r"\s*(?:/|per)\s*", run)]
    if not words or not all(is_unit_word(w) for w in words):
        return None
    numbers_only = " ".join(re.sub(r"\\(?:times|cdot|div)(?![A-Za-z])|\\\$", " * ", _UNIT_RUN.sub(" ", left)).split())
    if not re.fullmatch(r"[\d.,()$+\-*/×÷· ]*", numbers_only) or \
            not re.search(r"\d[ .,)$]*[-+*/×÷·][ ($]*\d", numbers_only):  # fmt: skip (one class, then one search: linear)
        return None
    return last


def _last_side(text: str) -> str | None:
    """The text after the last = outside brackets (not <=, >=, ==, \\neq), where a chain of equalities is read from;
    None without one."""
    depth, last = 0, None
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "=" and depth == 0 and text[i - 1 : i] not in ("<", ">", "!", "=") and text[i + 1 : i + 2] != "=":
            last = i
    return text[last + 1 :] if last is not None and text[last + 1 :].strip() else None


def _read(cleaned: str, decimal_comma: str | None, text: str) -> Answer:
    cleaned = _numbers(_delimiters(bracket_groups(cleaned)), decimal_comma)
    first, other, fragment = _readings(cleaned, decimal_comma)
    answer = _parse_cleaned(first)
    euler = E_AMBIGUOUS.search(first)
    if euler is not None and answer.kind not in ("unparsed", "text", "choice"):
        number, sign, digit = euler.groups()
        return Answer(
            "ambiguous",
            reason=f"E-notation or Euler's e: {euler.group()!r} reads as {number} × 10^{sign.replace('+', '')}{digit} or "
            f"as {number}e {sign or '·'} {digit}",
            text=text[:200],
        )
    if other is None:
        return answer
    _parse_cleaned(other)  # both readings must be answers for the text to be ambiguous rather than unparsed
    left, right = re.split(r"\{,\}|,", fragment, maxsplit=1)
    return Answer(
        "ambiguous",
        reason=f"a decimal comma or a list: {fragment!r} reads as {left}.{right} or as {left}, {right}; "
        "choose with decimal_comma='decimal' or 'list'",
        text=text[:200],
    )


#: A list that ends with an ellipsis (1, 2, 3, \ldots): unending, its rule not stated.
_UNENDING = re.compile(r",\s*(?:\\[lc]?dots|\.{2,3}|…)\s*$")  # (a final full stop is removed first)


#: Notations read wrongly by the grammar, refused with what they are: n!! is the double factorial, never (n!)!;
#: \\Gamma(x) is Euler's Gamma function, never Γ·x
_NOT_READ = ((re.compile(r"!\s*!"), "a double factorial (n!!) is not read"),
             (re.compile(r"\\Gamma\s*\("), "the Gamma function \\Gamma(x) is not read"),
             # a programming language's literal (0b1011, 0x1F, 0o17): never the product 0·b·1011, which is 0
             (re.compile(r"(?<![\w.\\])0(?:[bB][01]+|[oO][0-7]+|[xX][0-9A-Fa-f]+)(?![\w.])"),
              "a binary, octal or hexadecimal literal (0b1011, 0o17, 0x1F) is not read"),
             # what the Leibniz rule leaves (by another letter than t, a higher order, of an expression, or an operator
             # d/dx): never d·y / (d·x); a denominator d, one name, a power (\frac{def}{de+df+ef} is no derivative).
             # Searched in the text with single spaces (_parse_cleaned), so that its runs of \s* cannot backtrack
             (re.compile(r"\\[dt]?frac ?\{ ?(?:d|\\mathrm ?\{ ?d ?\})(?![A-Za-z]{2})(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\} ?"
                         r"\{ ?(?:d|\\mathrm ?\{ ?d ?\}) ?(?:[A-Za-z]|\\[A-Za-z]+)(?: ?_ ?(?:\{[^{}]*\}|[A-Za-z0-9]))?"
                         r" ?(?:\^ ?(?:\{[^{}]*\}|\d))? ?\}"),
              "a derivative written d/dx (by a letter other than t, of a higher order or of an expression) is not read"))


def _parse_cleaned(cleaned: str) -> Answer:
    from pyverify.answers import _forms

    squeezed = " ".join(cleaned.split())  # (one space in each run: the patterns' \\s* cannot backtrack over runs)
    for pattern, why in _NOT_READ:
        if pattern.search(squeezed):
            raise AnswerParseError(f"outside the answer grammar: {why}")
    points = assignment_points(cleaned)
    if points is not None:  # p = 5, q = 2 \\or p = 7, q = 2: the points (5, 2), (7, 2)
        cleaned = points

    unending = _UNENDING.search(cleaned)
    if unending and cleaned[: unending.start()].strip():
        head = _parse_cleaned(cleaned[: unending.start()])
        items = head.items if head.kind == "list" else (head,)
        if any(i.kind not in ("number", "expression") for i in items):
            raise AnswerParseError(f"outside the answer grammar: an unending list of {head.kind}s")
        return Answer("list", items=items, value="…", text=cleaned.strip())
    computed = _forms.matrix_arithmetic(cleaned, _parse_side)
    if computed is not None:
        if computed.kind == "unparsed":
            raise AnswerParseError(f"outside the answer grammar: {computed.reason}")
        return computed
    related = _forms.integer_lattice(cleaned, _parse_side) or _forms.two_notations(cleaned, _parse_side) \
        or _forms.relations(cleaned, _parse_side)
    if related is not None:
        if related.kind == "unparsed":
            raise AnswerParseError(related.reason)
        return _with_text(related, cleaned)
    found = _parse_grammar(_forms.connectors_to_commas(cleaned))
    if found.kind == "list" and not found.value and re.search(r"\\or(?![A-Za-z])", cleaned):
        found = replace(found, value="or")  # x = 1 or y = 2: alternatives, never one point
    return found


def _parse_side(text: str) -> Answer:
    """One side of a relation, or one piece between connectors (unparsed rather than raising)."""
    from pyverify.answers import _forms

    try:
        return _parse_grammar(_forms.connectors_to_commas(text))
    except AnswerParseError as exc:
        return Answer("unparsed", reason=exc.reason)
