"""The text side of parsing a final answer: the clean-up and the reading rules, before the grammar sees it.

A written answer is first cleaned by a fixed list of rules, and only these (see :data:`CLEANUP_RULES`), then the
reading rules for words, juxtaposed numbers and commas between digits run (see :data:`READING_RULES`; the user
documentation renders that table, and a test keeps the two in sync). Everything here works on strings and never
builds a term: the seam is the one between the text as a person wrote it and the text the grammar is given. The
grammar and its transformer are :mod:`pyverify.answers._grammar`; the order in which the steps run is
:mod:`pyverify.answers._parse`. :class:`AnswerParseError` lives here, at the bottom, because both sides raise it.
"""

from __future__ import annotations

import decimal
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pyverify.answers._units import UNIT_RULE, normalize, symbols
from pyverify.answers._words import (
    CHOICE_JOIN,
    ESCAPE_LETTERS,
    ESCAPED_COMMANDS,
    ILLIONS,
    ORDINAL_PARTS,
    SHORT_WORDS,
    SHOUTED_WORDS,
    SUBSCRIPT_DIGITS,
    TEXT_UNIT_WORDS,
    UNIT_LETTERS,
    UNIT_PREFIXES,
    UNIT_WORDS,
    is_unit_word,
    short_word_pair,
)

TEXT_COMMANDS = ("text", "textnormal", "textbf", "textrm", "mbox", "mathrm")


def _unit_phrase(letters: bool) -> str:
    """A regular expression for a unit phrase (``cm``, ``square units``, ``sq. ft``, ``miles per hour``, ``hours a
    week``, ``km/h``, ``cm^2``, ``units squared``: at most two prefixes and five units); with ``letters``, the one-letter units of
    :data:`UNIT_LETTERS` count too, and after a slash they always do (``km/h``)."""

    def unit(letters: bool) -> str:
        word = r"(?i:(?:" + "|".join(sorted(UNIT_WORDS, key=lambda w: (-len(w), w))) + r")(?:e?s)?)"
        if letters:
            word = rf"(?:{word}|[{UNIT_LETTERS}])"
        else:  # a one-letter unit before a slash is a unit anywhere (5 m/s, 2 g/cm^3): a rate, never m divided by s
            word = rf"(?:{word}|[{UNIT_LETTERS}](?=\s*/\s*[A-Za-z]))"
        prefix = r"(?i:(?:" + "|".join(sorted(UNIT_PREFIXES)) + r")(?![A-Za-z])\.?\s*)"
        power = r"(?:\s*(?i:squared|cubed)(?![A-Za-z])|\s*\^\s*(?:\d|\{\s*-?\d\s*\})|⁻?[¹²³])"
        return rf"{prefix}{{0,2}}(?:{word}(?![A-Za-z])|Å|\\AA(?![A-Za-z]))\.?{power}?"

    # at most five units (bounded, so that no text makes the search slow); a middle dot is a product (kg·m/s)
    # (a, an, each or every between two units is per: 35 hours a week, 5 dollars each hour)
    return rf"{unit(letters)}(?:\s*/\s*{unit(True)}|(?:\s+(?i:per|an?|each|every)\s+|\s*[·⋅]\s*|\s+){unit(letters)}){{0,4}}"


_TEXT = r"\\(?:" + "|".join(TEXT_COMMANDS) + r")\s*\{"
# (a rate may open with per, a, an, each or every: 5 per hour, \$5 an hour once the currency is read)
_RATE_OPENS = r"(?:(?i:per|an?|each|every)\s+)?"
# what may follow a unit that is removed (spacing skipped): the end, a separator, a closing bracket, an operator,
# more text; never a number, a letter or an opening bracket (1\text{ m}\,500 is not 1 500, \mathrm{min}(3,4) not (3,4))
_AFTER_UNIT = (
    r"(?=(?:\s|~|\\[,;:! ]|\\q?quad(?![A-Za-z]))*(?:$|[,;)\]}=+\-*/<>&|≈≤≥≠]|\.(?!\d)|\\[})\]\\]|\\(?:"
    + "|".join(TEXT_COMMANDS)
    + r"|cdot|times|div|pm|mp|cup|right|end|le|ge|leq|geq|lt|gt|neq|approx|or|and)(?![A-Za-z])))"
)
_TEXT_UNIT = rf"{_TEXT}(?:\s|~|\\[,;: ])*{_RATE_OPENS}(?:{_unit_phrase(letters=True)})(?:\s|~|\\[,;: ])*\}}(?:\s*\^\s*(?:\d|\{{\s*-?\d\s*\}}))?{_AFTER_UNIT}"
# after a digit the unit may touch its number (4ft, 10weeks: MathOdyssey's golds, MARIO_EVAL's tests)
# (or after a closing brace or \\pi: 36\\sqrt{7}cm^{3}, 12\\pi cm^2, gaokao2023en's golds)
# (currency signs, dollars with a country's letters, ISO codes beside a number: FinanceMath's ₤122,000, C$60,000,
# CHF 2,000, 122,000 USD)
_CURRENCY_CODES = ("USD|EUR|GBP|CHF|JPY|CNY|RMB|INR|CAD|AUD|HKD|SGD|NZD|KRW|RUB|BRL|ZAR|MXN|SEK|NOK|DKK|PLN|TRY|IDR|"
                   "TWD|THB|MYR|PHP|VND|NGN|EGP|SAR|AED|ILS|UAH|CZK|HUF")
_CURRENCY = (r"\\\$|[€£¥₤₹₩₽₺₦₱₫₪₴₡₵₸₼₾]|(?<![A-Za-z])Rs\.?(?=\s?\d)|(?<![A-Za-z])(?:US|CA|AU|NZ|HK|SG|NT|C|A|S|R|Z|J)\\?\$(?=\s?-?\d)|"
             rf"(?<![A-Za-z/])(?:{_CURRENCY_CODES})(?=\s?-?\d[\d,.]*(?![\d,.]|\s*/))|"
             rf"(?<=\d)\s?(?:{_CURRENCY_CODES})(?:\s?/\s?(?:{_CURRENCY_CODES}))?(?![A-Za-z])(?!\s*/)")
# (a pair after a number is an exchange rate's unit, 1.0054 CAD/USD, kept as written; a code before a number that a
# pair's slash follows, IDR 13,333/USD, stays)
#: The unit word each currency mark names (a mark not here is kept as written: C$, CHF and ₩ are read by the unit
#: table as their currencies, ¥ and ₤ compared only with the same mark)
CURRENCY_UNITS = {"\\$": "dollar", "US$": "dollar", "US\\$": "dollar", "USD": "dollar", "€": "euro", "EUR": "euro",
                  "£": "GBP", "GBP": "GBP", "₹": "rupee", "INR": "rupee", "Rs": "rupee", "Rs.": "rupee", "CNY": "yuan", "RMB": "yuan", "JPY": "yen"}
_DEGREE_CF = r"(\^\s*(?:\{\s*\\circ\s*\}|\\circ(?![A-Za-z]))|°)\s*(?:\\(?:text|textnormal|textrm|mbox|mathrm)\s*\{\s*[CF]\s*\}|[CF](?![A-Za-z]))"
#: Invisible characters (Unicode Cf: zero-width space, joiners, BOM, soft hyphen, direction marks and overrides,
#: tags; the grapheme joiner, variation selectors and Hangul fillers): removed from an answer (CLEANUP_RULES) and
#: from a response before its answer is extracted. The invisible operators (times, separator, plus) are not among them:
#: they are read as the operators they are (3\u20624 is 3·4).
INVISIBLE = ("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060\u2061\u2066-\u2069"
             "\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f]")

# a unit word, a one-letter unit or a prefixed SI unit (kPa, MeV, μC, nF) where only a unit can stand: in the text
# commands of a unit chain after a quantity (see CLEANUP_RULES); prefixes as written (m milli, M mega)
_CHAIN_WORD = (r"(?:(?i:(?:" + "|".join(sorted(UNIT_WORDS | TEXT_UNIT_WORDS, key=lambda w: (-len(w), w)))
               + r")(?:e?s)?)|[kMGTmunpcdμµ]?(?:Pa|Hz|eV|mol|bar|[mgshLlJWNVACTFKΩ])|Å)(?![A-Za-z])")
_POWER = r"(?:\s*\^\s*(?:-?\d|\{\s*-?\d\s*\}))"
_SPACE = r"(?:\s|~|\\[,;: ])"
# The tail of an answer made only of text groups, \\mu, products, slashes and spacing, after a number or a brace;
# each alternative starts differently, so the search is linear (the groups' contents are checked by _unit_chain,
# token by token: one regex over the whole chain backtracked exponentially, 'cm' being both a word and c + m)
# (a group's powers may be in braces inside it: \\mathrm{J \\, mol^{-1} \\, K^{-1}})
_GROUP_BODY = r"(?:[^{}]|\{\s*-?\d\s*\})*"
_UNIT_CHAIN = (rf"(?<=[0-9}})])(?:\\(?:{'|'.join(TEXT_COMMANDS)}|operatorname)\s*\{{{_GROUP_BODY}\}}{_POWER}?|\\mu(?![A-Za-z])"
               rf"|\\(?:cdot|times)(?![A-Za-z])|/|{_SPACE})+$")
_CHAIN_CONTENT = re.compile(rf"\\(?:{'|'.join(TEXT_COMMANDS)}|operatorname)\s*\{{({_GROUP_BODY})\}}")
_CHAIN_TOKEN = re.compile(rf"{_CHAIN_WORD}(?:\^\s*-?\d|⁻?[¹²³])?")
_CHAIN_SEPARATORS = re.compile(r"(?:\s|~|\\[,;: ]|\\cdot(?![A-Za-z])|[·⋅]|/|(?<!\^)-)+")


# the words after a final box up to the end of its sentence (a full stop, comma, ! ? ; before white space, a line
# break or the end), at most 60 characters
_AFTER_BOX = re.compile(r"([^\n]{0,60}?)(?:[.,;!?](?=\s|$)|\n|$)")
_WRAPPERS = re.compile(rf"\$|\\[()]|{_TEXT}|[{{}}]|~|\\[,;:! ]|\\q?quad(?![A-Za-z])")


def unit_after_box(text: str, end: int, hyphen: bool = False) -> str:
    """The unit written right after a final box, ending its sentence (``\\boxed{50} mm.``, ``$\\boxed{5}\\,\\mathrm{cm}$``,
    ``\\boxed{5} m/s$^2$``): normalized, or '' when the words there are not only a unit. ``hyphen``: after a number
    in prose, a unit joined to it by a hyphen is its unit too (a 5-minute walk)."""
    if hyphen and text.startswith("-", end) and text[end + 1 : end + 2].isalpha():
        end += 1
    found = _AFTER_BOX.match(text, end)
    if not found:
        return ""
    # the whole rest of the sentence, or its part before = ( ; or 'that is': \\boxed{5}\\text{ m} = 500\\text{ cm}
    rest = found.group(1)
    for part in (rest, re.split(r"=|\(|;|\\approx|\bthat\s+is\b|\bwhich\b|\bor\b", rest)[0]):
        words = _WRAPPERS.sub(" ", part).strip()
        if words and outside_unit(words):
            return normalize(part)
    # the unit words that open the sentence's rest (\\boxed{5} minutes later, \\boxed{2} g of sugar); never 'in',
    # which opens 'in total' as often as it is inches, nor after another unit word ('\\boxed{48} pennies in his box':
    # a preposition, never pennies times inches)
    lead = _WRAPPERS.sub(" ", rest).split()
    taken = 0
    while taken < min(len(lead), 4) and lead[taken].lower() != "in" and outside_unit(" ".join(lead[: taken + 1])):
        taken += 1
    return normalize(" ".join(lead[:taken])) if taken else ""


_CURRENCY_BEFORE = re.compile(r"(?:\\\$|[€£])[\s$]*$")


def currency_before_box(text: str, start: int) -> str:
    """The currency sign right before a final box (``\\$\\boxed{5}``): its unit, or ''."""
    found = _CURRENCY_BEFORE.search(text, max(0, start - 8), start)
    if not found:
        return ""
    return "dollar" if found.group().startswith("\\$") else "euro" if found.group()[0] == "€" else "GBP"


def _in_script(text: str, pos: int) -> bool:
    """Whether pos lies inside the braces of a subscript or superscript (``V_{3\\text{inch}}``)."""
    opened: list[int] = []
    for i, ch in enumerate(text[:pos]):
        if ch == "{":
            opened.append(i)
        elif ch == "}" and opened:
            opened.pop()
    return any(text[:i].rstrip().endswith(("_", "^")) for i in opened)


def _after_subscript(text: str, end: int) -> bool:
    """Whether text[:end] ends with a subscript's group (m_{1}, k_{B}): a name, whose roman letter after it is a
    letter too (m_{1} \\mathrm{g} is m₁·g), never a quantity's unit."""
    if not text[:end].endswith("}"):
        return False
    depth, i = 0, end - 1
    while i >= 0:
        depth += {"}": 1, "{": -1}.get(text[i], 0)
        if depth == 0:
            return text[:i].rstrip().endswith("_")
        i -= 1
    return False


# a number as written before its unit: 5, -0.16, 1{,}000, 1.6 \\times 10^{-19}, (1.6 \\times 10^{-19}) (E-notation read)
_NUMBER_BEFORE = re.compile(r"(?:^|[\s=,$])[-+]?\(?\d[\d.,{}!\\ ]*(?:\\times\s*10\s*\^\s*\{?\s*-?\d+\s*\}?)?\)?\s*$")


# a fraction of units that ends an answer made of a number and it (8.314 \\frac{J}{mol K}, 9.8 \\,
# \\frac{\\text{m}}{\\text{s}^2}, v = 5 \\frac{km}{h}): numerator and denominator each letters, spaces, products, powers
# and text commands around them (checked by _unit_chain)
_FRACTION_PART = r"\{((?:[^{}\\]|\\(?:(?:text|textnormal|textrm|mbox|mathrm|cdot)(?![A-Za-z])|[,;: ])|\{(?:[^{}\\]|\\[,;: ]){0,20}\})*)\}"
_UNIT_FRACTION = rf"(?<=[0-9}}])((?:\s|~|\\[,;: !])*)\\[dt]?frac\s*{_FRACTION_PART}\s*{_FRACTION_PART}\s*$"
# what may stand before it: a number alone, with a power of ten, after a name and = (never a sum: a + 2 \\frac{g}{L})
_FRACTION_QUANTITY = re.compile(r"\s*(?:[A-Za-z](?:_\{?\w{1,8}\}?)?\s*=\s*)?[-+−]?\\?\$?\s*\d[\d,]*(?:\.\d+)?"
                                r"(?:\s*(?:\\times|\\cdot)\s*10\s*\^\s*(?:\{\s*[-−]?\d{1,3}\s*\}|[-−]?\d))?")


def _unit_fraction(match: re.Match[str]) -> str:
    """A fraction of units after a number written as the unit chain it stands for (``\\text{J}/\\text{mol K}``, read
    by the unit rule after it: the unit table reads every unit after a slash as below it); as written when a token
    is not a unit, the fraction follows no number alone (``a + 2 \\frac{g}{L}``), it is a derivative
    (``\\frac{dV}{dT}``) or its symbols are of one or two letters none of them upright (``3 \\frac{g}{L}``, ``2
    \\frac{ms}{h}``: physics' letters as often, the product as written)."""
    parts = [re.sub(r" ?\^ ?", "^", " ".join(re.sub(r"\\(?:text|textnormal|textrm|mbox|mathrm)(?![A-Za-z])|[{}]", " ",
                                                    part).split())) for part in match.group(2, 3)]
    chain = f"\\text{{{parts[0]}}}/\\text{{{parts[1]}}}"
    upright = re.search(r"\\(?:text|textnormal|textrm|mbox|mathrm)(?![A-Za-z])", match.group())
    letters = all(len(t.split("^")[0]) <= 2 and not is_unit_word(t.split("^")[0])  # (km, kg: words, never k·m)
                  for part in parts for t in part.replace("\\cdot", " ").split())
    if not all(parts) or _FRACTION_QUANTITY.fullmatch(match.string, 0, match.start()) is None or \
            (parts[0].startswith("d") and parts[1].startswith("d")) or (letters and not upright) or \
            not _unit_chain(chain, match.string[: match.start()]):  # fmt: skip
        return match.group()
    return f"{match.group(1)}{chain}"


def _unit_chain(tail: str, before: str = "") -> bool:
    """Whether the tail found by ``_UNIT_CHAIN`` holds a unit in every text group (``\\mathrm{~kJ} \\mathrm{mol}^{-1}``),
    and at least one group; ``\\text{ is }`` or ``\\mathrm{d}`` make it no unit."""
    contents = [symbols(c) for c in _CHAIN_CONTENT.findall(tail)]
    groups = [[t for t in _CHAIN_SEPARATORS.split(c.replace("{", "").replace("}", "")) if t] for c in contents]
    if not contents or not all(tokens and all(_CHAIN_TOKEN.fullmatch(t) for t in tokens) for tokens in groups):
        return False
    # one-letter groups only (\\mathrm{g}, \\mathrm{m} \\mathrm{g}, \\mathrm{A}^{2}): a unit after a number as written;
    # after anything else a letter, as physics golds set g, m, L, T upright: (M+m)\\mathrm{g}, \\frac{\\sqrt{3}}{3}\\mathrm{L}
    letters = all(len(t.split("^")[0]) == 1 for tokens in groups for t in tokens) and "\\mu" not in tail
    return not letters or _NUMBER_BEFORE.search(before) is not None


#: A unit written outside math, in prose (``$108$ m``, ``$0.123$ nm``, ``km/h``): there a letter is a word, never a
#: variable (the extraction wraps it in \\text{} for the unit rules).
_VULGAR = {"½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5), "⅗": (3, 5),
           "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8)}


def _row_breaks(match: re.Match[str]) -> str:
    """A matrix environment with each lone backslash before a number made the row break ``\\\\`` it was."""
    body = re.sub(r"(?<!\\)\\(?=[-+.]?\d)", r"\\\\", match.group(2))  # (never \ 2, a TeX space)
    return f"\\begin{{{match.group(1)}}}{body}\\end{{{match.group(1)}}}"


def _typography(match: re.Match[str]) -> str:
    """The plain form of a typographic minus, vulgar fraction, fraction slash, Arabic decimal point or bullet."""
    if match.group(2):
        numerator, denominator = _VULGAR[match.group(2)]
        whole = match.group(1)
        fraction = f"\\frac{{{numerator}}}{{{denominator}}}"
        return f"({whole} + {fraction})" if whole else fraction
    return {"⁄": "/", "٫": ".", "∙": " \\cdot "}.get(match.group(), "-")


def outside_unit(text: str) -> bool:
    """Whether text outside math is a unit phrase: at most eight unit tokens (see ``_CHAIN_TOKEN``) joined by spaces,
    ``/``, ``-``, ``*`` (checked token by token: no backtracking over the words)."""
    # (?<!\s): a run of spaces is tried once, from its start (a bare \s* is tried from each of its characters:
    # quadratic on a degenerate response's 40,000 line breaks)
    tokens = [t for t in re.split(r"[\s/*.]+|(?<!\^)-", re.sub(r"(?<!\s)\s*\^\s*", "^", text)) if t]
    # square or cubic before a unit token, squared or cubed after one (5 square inches, 3 cubic feet, 2 feet squared:
    # the unit table reads the power; a shape word alone, 5 square, is no unit)
    units = [bool(_CHAIN_TOKEN.fullmatch(t)) for t in tokens]
    # (and per, a, an, each or every before a unit token, opening a rate: 8 miles per hour, 15 dollars an hour, per day)
    shaped = [ok or (t.lower() in ("square", "cubic", "sq", "cu") and k + 1 < len(tokens) and units[k + 1])
              or (t.lower() in ("squared", "cubed") and k > 0 and units[k - 1])
              or (t.lower() in ("per", "a", "an", "each", "every") and k + 1 < len(tokens) and units[k + 1]
                  and (k == 0 or units[k - 1]))
              for k, (t, ok) in enumerate(zip(tokens, units))]
    return 0 < len(tokens) <= 8 and all(shaped)
_COUNTED_IN_BRACKETS = r"^\s*([-+]?\d[\d,]*(?:\.\d+)?)\s*\(\s*([A-Za-z](?:[A-Za-z'’ .-]*[A-Za-z.])?)\s*\)\s*(?:\.\s*)?$"
# the one-letter unit symbols a gold writes in brackets after its number (ASDiv's 4 (m), 150 (g)): metres, grams,
# seconds, hours, litres (never a choice's capital, A to E, nor a letter that is no unit: 3 (x) is 3x)
# a unit of the table and what it measures (kilograms of granola, feet of rope), or an age (years old)
_UNIT_OF = re.compile(r"(?i)([A-Za-z]+(?: [A-Za-z]+)?) (?:of(?: [A-Za-z'’-]+){1,3}|old)")
_LETTER_UNITS = frozenset("m g s h l L".split())


def _counted_in_brackets(match: re.Match[str]) -> str:
    number, words = match.groups()
    if len(words) == 1:  # 4 (m): the unit metres; 3 (x): the product 3x, as the grammar reads it
        return f"{number}\\text{{ {words}}}" if words in _LETTER_UNITS else match.group()
    if _UNIT_ONLY.fullmatch(words):
        return f"{number}\\text{{ {words}}}"
    measured = _UNIT_OF.fullmatch(words)
    what = words[measured.end(1) :] if measured else ""
    if measured and _UNIT_ONLY.fullmatch(measured.group(1)) and \
            not any(p.search(what) for p in (_CHANGES_VALUE, _UNSURE_NOTE, _VERBS)):  # fmt: skip
        return f"{number}\\text{{ {measured.group(1)}}}"  # 12.5 (kilograms of granola), 13 (years old): the unit
    if _CHANGES_VALUE.search(words) or _UNSURE_NOTE.search(words) or _VERBS.search(words) \
            or not re.search(r"[A-Za-z]{3}", words):  # fmt: skip
        return match.group()  # 5 (million), 3 (x), 15 (I think): left for the reading rules
    return number


def counted_words(pattern: str, match: re.Match[str]) -> str | None:
    """The words a counted-noun rule drops from its match (kept as the answer's unit, so that 5 (milliseconds)
    is never 5 seconds), or None when it drops none."""
    if pattern == _COUNTED_FOREIGN:
        return None if match.group(2) in _CYRILLIC_UNITS else match.group(2)
    if pattern == _COUNTED_IN_BRACKETS:
        number, words = match.groups()
        return words if _counted_in_brackets(match) == number else None
    words = match.group(2)
    return words if _counted_in_text(match) == "" else None


_COUNTED_IN_TEXT = (r"(?<=[0-9])((?:\s|~|\\[,;: ])*\\text\s*\{\s*((?:[a-z]+\s+){0,2}[a-z]+s)\s*\})\s*(?:\.\s*)?$")
# (Cyrillic only, and only the words listed: the metric abbreviations, money, time, lengths, masses and common
# counted nouns, in their declensions. An open list let words that change or judge the value through: 5 промилле,
# 5 факториал, 5 ложно, 5 тисяч (a review). In Chinese, Japanese and Korean a word after a number may multiply it,
# 3万, or judge it, 5是错的: their counter words are read by the extraction's own list)
_COUNTED_FOREIGN = (r"(?<=[0-9])([^\S\n]*((?i:м|см|мм|км|кг|г|мг|с|мин|ч|л|мл|км/ч|м/с|м²|см²|м³|руб|рубл[а-яё]*|"
                    r"коп|копе[а-яё]*|копей[а-яё]*|минут[а-яё]*|час|часа|часов|секунд[а-яё]*|сутки|суток|день|дня|дней|"
                    r"недел[а-яё]*|месяц[а-яё]*|год|года|лет|метр|метра|метров|сантиметр[а-яё]*|миллиметр[а-яё]*|"
                    r"километр[а-яё]*|грамм[а-яё]*|килограмм[а-яё]*|литр[а-яё]*|тонн[а-яё]*|штук[а-яё]*|человек[а-яё]*|"
                    r"способ[а-яё]*|вариант[а-яё]*|градус[а-яё]*|очк[а-яё]*|балл[а-яё]*|шаг[а-яё]*|ход[а-яё]*|"
                    r"учени[а-яё]*|монет[а-яё]*|конфет[а-яё]*|яблок[а-яё]*|карточ[а-яё]*|страниц[а-яё]*)(?![а-яё]))"
                    r"[^\S\n]*)\.?[^\S\n]*$")
# Markdown bold in an answer: two stars at an edge or beside a space (**5**, 2 **3**): then no ** is a power
_BOLD_MARK = re.compile(r"(?:^|\s)\*\*(?=\S)|(?<=\S)\*\*(?:\s|$)")
# the metric abbreviations in Cyrillic, as the unit rules read them in Latin letters (19 см is 19 cm, never 19 м)
_CYRILLIC_UNITS = {"м": "m", "см": "cm", "мм": "mm", "км": "km", "кг": "kg", "г": "g", "мг": "mg", "с": "s", "мин": "min", "ч": "h",
                   "л": "l", "мл": "ml", "км/ч": "km/h", "м/с": "m/s", "м²": "m^2", "см²": "cm^2", "м³": "m^3"}


def _foreign_unit(match: re.Match[str]) -> str:
    """A word of another script after a number (_COUNTED_FOREIGN): a Cyrillic metric unit in Latin letters, for the
    unit rules; any other word removed (kept as the answer's unit by counted_words)."""
    latin = _CYRILLIC_UNITS.get(match.group(2))
    return f" \\text{{ {latin}}}" if latin else ""


# in brackets after a number, words that say who holds it or how sure it is, never what it counts (15 (I think),
# 15 (hopefully), 15 (if I did the math right), 15 (correct))
_UNSURE_NOTE = re.compile(r"(?i)(?<![A-Za-z])(?:I|I'm|I've|me|my|we|you|he|she|it|they|think|thought|believe|doubt|"
                          r"suppose|hope|hopefully|assume|assuming|expect|reckon|feel|bet|sure|confident|unless|hmm|"
                          r"correct|right|checked|verified|final|answer|did|do|does)(?![A-Za-z'])")
# verbs of a sentence: \text{ apples are left} is no noun phrase
_VERBS = re.compile(r"(?<![a-z])(?:is|are|was|were|be|been|seems|remains|makes|gives|equals|left|needs)(?![a-z])")


def _counted_in_text(match: re.Match[str]) -> str:
    words = match.group(2)
    if _UNIT_ONLY.fullmatch(words) or _CHANGES_VALUE.search(words) or _VERBS.search(words) \
            or len(words.split()[-1]) < 4 or any(_CHAIN_TOKEN.fullmatch(w) for w in words.split()):  # fmt: skip
        return match.group()  # (ms, hrs, yrs, kPa: units, or too short to be told from one)
    return ""


# words that change or judge a value: never dropped as what a number counts (5 (million), 3 (not 4))
_CHANGES_VALUE = re.compile(
    r"(?i)(?<![A-Za-z])(?:tens|hundreds?|thousands?|millions?|billions?|trillions?|lakhs?|crores?|dozens?|gross|grand|"
    r"scores?|half|halves|quarters?|thirds?|fourths?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?|hundredths?|"
    r"thousandths?|millionths?|percents?|cent|squared|cubed|square|cube|roots?|reciprocal|inverse|double|triple|twice|"
    r"repeating|recurring|negative|positive|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|fifty|"
    r"not|no|less|more|minus|plus|times|over|under|approx\w*|about|around|roughly|nearly|almost|estimated?|rounded|"
    r"at|least|most|wrong|incorrect|false|true|impossible|invalid|unsure|uncertain|probably|possibly|perhaps|likely|"
    r"guess(?:ed)?|maybe|or|and|if|else|per|basis|permille|per\s*mille|ppm|ppb|"
    # (the other ordinal fractions and scales: 5 \text{ sixteenths}, 5 \text{ quadrillion}, 5 \text{ tops})
    rf"{ORDINAL_PARTS}s?|{ILLIONS}s?|myriads?|googols?|lacs?|tops|thereabouts|"
    r"approximations?|estimates?)(?![A-Za-z])"
)


_ABOUT = r"(?i:approximately|approx\.?|about|roughly|around)(?![A-Za-z])"
_APPROXIMATELY = (rf"^\s*(?:\\text\s*\{{\s*{_ABOUT}\s*\}}|\\text\s*\{{\s*{_ABOUT}\s*([-+]?\d[\d.,]*)\s*\}}"
                  rf"|{_ABOUT}(?=\s*[-+\\$(\d.]))")
_DEGREE_MARK = r"\^\s*(?:\{\s*\\circ\s*\}|\\circ(?![A-Za-z]))|°"
# a number alone in degrees (also after \\approx or a name: x = 90^\\circ, (90)^\\circ, \\frac{1}{2}^\\circ, 90°.)
_LONE_DEGREES = re.compile(rf"\s*(?:[A-Za-z]\s*=\s*)?(?:\\approx\s*)?[-+−]?\s*(?:\(\s*[-+−]?\s*[\d.]+\s*\)|\d+(?:\.\d+)?"
                           rf"|\\frac\s*\{{\s*\d+\s*\}}\s*\{{\s*\d+\s*\}})\s*(?:{_DEGREE_MARK})\s*(?:\.\s*)?")
_MATHRM_UNIT = rf"(?<=[0-9])\s*\\mathrm\s*\{{\s*~\s*[{UNIT_LETTERS}]\s*\}}(?:\s*\^\s*(?:\d|\{{\s*-?\d\s*\}}))?{_AFTER_UNIT}"
# (a slash right after a number opens a rate: \$5/hour, 480/wk are per hour, per week, never 480 divided by w·k)
_TRAILING_UNIT = (rf"(?:(?<=[0-9}}).])\s+{_RATE_OPENS}|(?<=[0-9])\s*/\s*|(?<=[0-9}}])|(?<=\\pi)\s*)"
                  rf"(?:{_unit_phrase(letters=False)})"
                  r"\s*$")

# a counted noun right after a number, at the end (360 girls, 10 tablespoons): written by hand beside UNIT_WORDS,
# whose list no count of things can close; the plurals that make it more than a count are excluded one by one:
# ordinals as fractions (3 fifths, 5 sixteenths: any plural in -ths), digits and scales (5 tens, 3 nines, 5 lakhs),
# verbs that judge or state (5 works, 5 violates), and words that change or hedge the value
_NOT_COUNTED = (r"(?:[a-z]*ths|halves|thirds|quarters|ones|twos|threes|fours|fives|sixes|sevens|eights|nines|tens|"
                r"elevens|twelves|dozens|scores|hundreds|thousands|millions|billions|trillions|zillions|lakhs|crores|"
                r"grands|mils|times|percents|cubes|squares|roots|powers|factorials|doubles|triples|singles|"
                r"less|unless|plus|minus|is|was|has|does|goes|gives|makes|works|holds|fails|equals|remains|seems|"
                r"stays|means|implies|exceeds|exists|yields|becomes|follows|suffices|applies|matters|violates|"
                r"contradicts|disagrees|agrees|satisfies|solves|counts|this|thus|its|his|hers|ours|theirs|yours|"
                r"always|sometimes|perhaps|maybe|answers|solutions|values|options|choices|cases|pis|radians|"
                r"guess|guesses|errors|mistakes|possibilities|approx|nowhere|gross|tops|thereabouts|upwards|onwards|"
                r"backwards|forwards|" + ILLIONS + r"s|myriads|googols|lacs|approximations|estimates|estimations|"
                r"guesstimates|ballparks|underestimates|overestimates|overcounts|undercounts|wrongs|nopes|maybes|"
                r"fits|checks|qualifies)")
_COUNTED_NOUN = rf"(?<=\d)\s+(?!{_NOT_COUNTED}\s*(?:\.\s*)?$)[a-z]{{3,}}s\s*(?:\.\s*)?$"
_SUFFIX = r"(?:st|nd|rd|th)"
_ORDINAL = (
    rf"(?<![\d.A-Za-z^_{{])(\d+)\s*(?:\^\s*(?:\{{\s*(?:\\(?:{'|'.join(TEXT_COMMANDS)})\s*\{{\s*{_SUFFIX}\s*\}}|\\rm\s+{_SUFFIX}"
    rf"|{_SUFFIX})\s*\}}|\\(?:{'|'.join(TEXT_COMMANDS)})\s*\{{\s*{_SUFFIX}\s*\}})"
    rf"|\\(?:textsuperscript|{'|'.join(TEXT_COMMANDS)})\s*\{{\s*{_SUFFIX}\s*\}}|{_SUFFIX}(?![A-Za-z]))"
)

_FULL_WIDTH = {"，": ", ", "、": ", ", "；": "; ", "（": "(", "）": ")"}
# (a letter's command is written where the letter was, with no space before it: 1/2πi is 1/2\\pi i, which a reader
# sees glued, as 1/2x, see Answer.slash_readings; the space after it ends the command's name)
_UNICODE = {"−": "-", "⋅": " \\cdot ", "π": "\\pi ", "∞": " \\infty "}
#: The Greek letters' command names (\gamma, \Omega, and \ell): one token after _ or ^ without braces (E_\gamma), and an
#: index that labels a quantity rather than counts (E_{\gamma}, pyverify.answers._grammar).
GREEK_NAMES = ("alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho "
               "varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon "
               "Phi Psi Omega ell").split()
#: Greek letters as characters (α, Δ) are the LaTeX commands; μ, µ and Ω are left alone: units (5 μm, 5 Ω) that a
#: letter would turn into a product with a value of its own.
_GREEK = dict(zip("αβγδεϵζηθϑικλνξρστυφϕχψωΓΔΘΛΞΣΦΨ", (
    "alpha beta gamma delta epsilon epsilon zeta eta theta theta iota kappa lambda nu xi rho sigma tau upsilon phi phi "
    "chi psi omega Gamma Delta Theta Lambda Xi Sigma Phi Psi").split()))
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789+-")
_RADICAL = r"([√∛])\s*(?:\(([^()]*)\)|\{([^{}]*)\}|(\d+(?:\.\d+)?|[A-Za-z]|\\[A-Za-z]+))"


def _radical(match: re.Match[str]) -> str:
    inner = next(g for g in match.groups()[1:] if g is not None)
    # (a radical inside the group is read too: √(2 - √3); each level is shorter, so this ends)
    inner = re.sub(_RADICAL, _radical, inner) if "√" in inner or "∛" in inner else inner
    return ("\\sqrt{" if match.group(1) == "√" else "\\sqrt[3]{") + inner + "}"


_HYPERBOLIC = r"\\(sinh|cosh|tanh|coth|sech|csch)(?![A-Za-z])\s*(?:\(([^()]*)\)|\{([^{}]*)\}|([A-Za-z]|\d+(?:\.\d+)?)(?![A-Za-z\d.]))"


def _hyperbolic(match: re.Match[str]) -> str:
    x = next(g for g in match.groups()[1:] if g is not None)
    plus, minus = f"e^{{{x}}}", f"e^{{-({x})}}"
    return {"sinh": f"\\frac{{{plus}-{minus}}}{{2}}", "cosh": f"\\frac{{{plus}+{minus}}}{{2}}",
            "tanh": f"\\frac{{{plus}-{minus}}}{{{plus}+{minus}}}", "coth": f"\\frac{{{plus}+{minus}}}{{{plus}-{minus}}}",
            "sech": f"\\frac{{2}}{{{plus}+{minus}}}", "csch": f"\\frac{{2}}{{{plus}-{minus}}}"}[match.group(1)]  # fmt: skip


_SYSTEM = (r"(?s)^\s*(?:\\left\s*\\\{\s*)?\\begin\{(cases|aligned|array)\}(?:\{[lcr| ]*\})?(.*?)\\end\{\1\}\s*"
           r"(?:\\right\s*\.)?\s*$")
_ROW_RELATION = re.compile(r"=|<|>|\\(?:le|ge|leq|geq|leqslant|geqslant|neq|ne|lt|gt)(?![A-Za-z])")
_ALIGNED = re.compile(r"\s*&\s*(?==|<|>|\\(?:le|ge|leq|geq|leqslant|geqslant|neq|ne|lt|gt)(?![A-Za-z]))"
                      r"|(?<==|<|>)\s*&\s*")


_DETERMINANT = r"\\begin\{vmatrix\}((?:(?!\\begin|\\end).)*?)\\end\{vmatrix\}"


def _determinant(match: re.Match[str]) -> str:
    """The Leibniz expansion of a square vmatrix of at most 4 rows, as text; the text unchanged otherwise (the
    grammar then refuses it). Written by hand: the terms are text for the parser, so no library computes them."""
    from itertools import permutations

    rows = [r for r in re.split(r"\\\\", match.group(1)) if r.strip()]
    cells = [[c.strip() for c in r.split("&")] for r in rows]
    n = len(cells)
    if not 1 <= n <= 4 or any(len(r) != n or "" in r for r in cells):
        return match.group()
    terms = []
    for perm in permutations(range(n)):
        inversions = sum(perm[i] > perm[j] for i in range(n) for j in range(i + 1, n))
        terms.append(("-" if inversions % 2 else "+") + "".join(f"({cells[i][perm[i]]})" for i in range(n)))
    return "(" + " ".join(terms).lstrip("+") + ")"


def _e_notation(match: re.Match[str]) -> str:
    """A number in E-notation as a power of ten (see CLEANUP_RULES); as written when it may be Euler's e."""
    mantissa, sign, exponent = match.groups()
    if sign and len(exponent) < 2 and "." not in mantissa and mantissa.lstrip("0") != "1":
        return match.group()  # 2e-1: E-notation or 2e - 1 (see E_AMBIGUOUS)
    return f"({mantissa} \\times 10^{{{'-' if sign == '-' else ''}{exponent.lstrip('0') or '0'}}})"


#: What _e_notation leaves: a whole number from 2 on, e, a sign, one exponent digit (2e-1, 2e+3) reads two ways.
E_AMBIGUOUS = re.compile(r"(?<![\w.\\])(\d+)[eE]([+-])(\d)(?![\w.])")
#: A whole answer in plain text of numbers joined by hyphens without spaces (5-7, 2021-03-05, 555-1234, 5-7 days, 2-1/2):
#: a range, a date, a score, a phone number or a mixed number as often as a difference, never read as a subtraction
#: (in math or a box, $31-17$, it is one)
#: A whole answer in Indian digit grouping (10,00,000; ₹1,23,456.50): one number grouped in lakhs and crores, or a
#: list of numbers; never a thousands grouping, which has three digits in each group
INDIAN_GROUPED = re.compile(r"\$?(?:₹|Rs\.?|INR)?[ \t]?(\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?)\$?\.?")  # (on the stripped text)
HYPHEN_JOINED_REASON = "are a range, a date, a score or a phone number as often as a difference"
HYPHEN_JOINED = re.compile(r"(\d+(?:-\d+)+(?:/\d+)?)(?:[ \t]+[A-Za-z]{2,}(?:[ \t]+[A-Za-z]{2,}){0,2})?\.?")  # (stripped, plain text)


#: Commands a harness may glue to the letters after them when it removes every space (Qwen2.5-Math's strip_string
#: turns 4\pi G into 4\piG, \cos t into \cost): Greek letters, \hbar, \ell, functions, floor and ceiling brackets.
GLUED_HEADS = (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi rho sigma tau "
    "upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Phi Psi Omega hbar ell infty "
    "sin cos tan cot sec csc sinh cosh tanh arcsin arccos arctan ln log exp lceil rceil lfloor rfloor cdot times "
    "quad qquad"  # (B=2D,\quadE=2C: RealCritic's college_math gold, \quad E written without its space)
).split()
#: Real LaTeX commands made of a head above and at most three letters: never split.
GLUED_REAL = frozenset({"coth", "sech", "csch", "arcsinh", "arccosh", "arctanh", "arcsec", "arccsc", "arccot", "cosec",
                        "cotan", "lnot", "lneq", "lneqq", "lnsim", "cdots", "cdotp", "null", "num", "phiup", "piup",
                        "muup", "nuup", "xiup", "etaup", "rhoup", "chiup", "psiup", "tauup"})  # fmt: skip
_GLUED = re.compile(r"\\(" + "|".join(sorted(GLUED_HEADS, key=len, reverse=True)) + r")([A-Za-z]{1,3})(?![A-Za-z])")


_PYTHON_NAMES = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "log": "ln", "log10": "log_{10}",
                 "log2": "log_{2}"}


def _python_name(match: re.Match[str]) -> str:
    """``np.arcsin`` as ``\\arcsin``, ``np.log`` as ``\\ln``, ``np.e`` as e (see CLEANUP_RULES)."""
    function, constant = match.groups()
    if constant == "e":
        return " e "
    return f" \\{_PYTHON_NAMES.get(function, function) if function else constant} "


_GREEK_NAME = re.compile(r"(?<![\\A-Za-z0-9])(alpha|beta|gamma|delta|epsilon|zeta|theta|kappa|lambda|mu|sigma|tau|phi|"
                         r"chi|psi|omega|rho)(?![A-Za-z0-9])")
# what stands beside a Greek letter's name in math (not a hyphen between words: beta-blocker, sigma-algebra)
_MATH_BEFORE = re.compile(r"(?:[\^_*/(+=<>0-9]|(?<![A-Za-z])-)[ \t]*\Z")
_MATH_AFTER = re.compile(r"[ \t]*(?:[\^_*/)+=<>0-9]|-[ \t]*(?![A-Za-z]))")


def _greek(match: re.Match[str]) -> str:
    """``\\theta`` for the name ``theta`` where math stands beside it (``theta^2``, ``2*theta``, ``alpha = 1``); the
    name as written among words (``beta decay``, ``the delta function``: text answers)."""
    text, start, end = match.string, match.start(), match.end()
    if _MATH_BEFORE.search(text[max(0, start - 8) : start]) or _MATH_AFTER.match(text, end):
        return "\\" + match.group(1)
    return match.group()


def _glued(match: re.Match[str]) -> str:
    """``\\piG`` as ``\\pi G`` (see CLEANUP_RULES); a real command (``\\lnot``, ``\\cdots``) as written."""
    head, rest = match.groups()
    if head + rest in GLUED_REAL or head + rest in GLUED_HEADS:  # \\sinh is not \\sin h
        return match.group()
    return f"\\{head} {rest}"


def _system(match: re.Match[str]) -> str:
    """The rows of a system of equations or inequalities as a list (see CLEANUP_RULES); the text unchanged when a
    row is not a relation or holds an & that is not alignment beside its relation (a piecewise definition)."""
    rows = [r.strip() for r in re.split(r"\\\\(?:\[[^\]]*\])?", match.group(2))]
    rows = [_ALIGNED.sub(" ", r).strip(" ,;.") for r in rows if r.strip()]
    if not rows or any("&" in r or not _ROW_RELATION.search(r) for r in rows):
        return match.group()
    return ", ".join(rows)


def _semicolons(text: str) -> str:
    """``;`` as ``,`` when no level of brackets holds both (``(0;0;6),(4;-2;0)``: commas between the tuples,
    semicolons inside them); groups of assignments ``p=5,q=2;p=7,q=2`` are the points (5, 2), (7, 2); ``(0,5;1)`` (a
    decimal comma) is left for the grammar to refuse. Written by hand: the depth of each separator needs a bracket count."""
    matrix = _semicolon_matrix(text)
    if matrix is not None:
        return matrix
    seen: list[set[str]] = [set()]
    for ch in text:
        if ch in "([{":
            seen.append(set())
        elif ch in ")]}" and len(seen) > 1:
            seen.pop()
        elif ch in ",;":
            seen[-1].add(ch)
            if len(seen[-1]) == 2:
                return _assignment_groups(text)
    # a comma and a space: ``0;3`` lists 0 and 3, and ``0,3`` would read as a decimal comma (ambiguous)
    return re.sub(r"\s*;\s*", ", ", text)


def _semicolon_matrix(text: str) -> str | None:
    """``[1, 2; 3, 4]`` (MATLAB's and Octave's matrix, rows between semicolons) as a bmatrix, when it is the whole
    answer, nothing in it is bracketed and every row has as many entries; None otherwise."""
    whole = re.fullmatch(r"\s*\[([^\[\]()]*;[^\[\]()]*)\]\s*(?:\.\s*)?", text)
    if whole is None or "{," in whole.group(1):
        return None
    rows = [row.strip() for row in whole.group(1).split(";")]
    cells = [[c.strip() for c in (row.split(",") if "," in row else row.split())] for row in rows]
    if len(cells) < 2 or any(not c or "" in c or len(c) != len(cells[0]) for c in cells):
        return None
    return "\\begin{bmatrix}" + " \\\\ ".join(" & ".join(c) for c in cells) + "\\end{bmatrix}"


_ASSIGNED = re.compile(r"\s*([A-Za-z])\s*=\s*([^,;=(){}\[\]]+?)\s*")


def _top_level_split(text: str) -> list[str]:
    """text split at the commas, semicolons, \\or and \\and outside braces and brackets."""
    pieces, depth, start = [], 0, 0
    for m in re.finditer(r"[{(\[]|[})\]]|[,;]|\\(?:or|and)(?![A-Za-z])", text):
        tok = m.group()
        if tok in "{([":
            depth += 1
        elif tok in "})]":
            depth -= 1
        elif depth == 0:
            pieces.append(text[start : m.start()])
            start = m.end()
    return [*pieces, text[start:]]


_ASSIGNED_ANY = re.compile(r"\s*([A-Za-z])\s*=\s*([^,;=()\[\]]+?)\s*")


def assignment_points(text: str) -> str | None:
    """``p = 5, q = 2 \\or p = 7, q = 2`` (two or more groups assigning the same unknowns, joined by or, and, a comma
    or a semicolon: several solutions of a system) as the points ``(5, 2), (7, 2)``, coordinates in the alphabetical
    order of the unknowns; None for any other text (one group of assignments is read as it is)."""
    if text.count("=") < 4:
        return None
    pieces = [p for p in _top_level_split(text) if p.strip()]
    pairs = [_ASSIGNED_ANY.fullmatch(p) for p in pieces]
    if None in pairs:
        return None
    names = [m.group(1) for m in pairs if m is not None]
    width = len(set(names))
    if width < 2 or len(names) % width or len(names) == width:
        return None
    groups = [dict((m.group(1), m.group(2)) for m in pairs[i : i + width] if m) for i in range(0, len(names), width)]
    if any(len(g) != width or set(g) != set(names[:width]) for g in groups):
        return None
    order = sorted(names[:width])
    return ", ".join("(" + ", ".join(g[n] for n in order) + ")" for g in groups)


def _assignment_groups(text: str) -> str:
    """``p=5,q=2;p=7,q=2``: groups of the same unknowns, named in alphabetical order, are the points (5, 2), (7, 2);
    any other text is left as written (for the grammar to refuse)."""
    groups = []
    for group in text.split(";"):
        pairs = [_ASSIGNED.fullmatch(piece) for piece in group.split(",")]
        if None in pairs or len(pairs) < 2:
            return text
        groups.append([(m.group(1), m.group(2)) for m in pairs if m is not None])
    names = [n for n, _ in groups[0]]
    if names != sorted(names) or len(set(names)) != len(names) or any([n for n, _ in g] != names for g in groups):
        return text
    return ", ".join("(" + ", ".join(v for _, v in g) + ")" for g in groups)


#: The clean-up applied before parsing, in order; each is (what it does, pattern, replacement).
# an answer with a trigonometric function and a degree sign; the quantity before each degree sign
_TRIG_WITH_DEGREES = (r"(?s)^(?=.*(?<![A-Za-z])\\?(?:sin|cos|tan|cot|sec|csc)(?![A-Za-z]))"
                      r"(?=.*(?:\^\s*(?:\{\s*\\circ\s*\}|\\circ(?![A-Za-z]))|°)).*$")  # fmt: skip
_DEGREES = re.compile(r"(\d+(?:\.\d+)?|\\?[A-Za-z]+|\{[^{}]*\})\s*(?:\^\s*(?:\{\s*\\circ\s*\}|\\circ(?![A-Za-z]))|°)")


_TRIG_NAME = re.compile(r"(?<![A-Za-z])\\?(?:sin|cos|tan|cot|sec|csc)(?![A-Za-z])(\s*\^\s*(?:\{[^{}]*\}|-?\d))?\s*")
# an angle in degrees, minutes and (optionally) seconds: each part a number with its sign
_DEG = r"(?:\^\s*(?:\{\s*\\circ\s*\}|\\circ(?![A-Za-z]))|°)"
_MIN = r"(?:\^\s*(?:\{\s*\\prime\s*\}|\\prime(?![A-Za-z]))|′|'(?!'))"
_SEC = r"(?:\^\s*\{\s*\\prime\s*\\prime\s*\}|″|''|\^\s*\{\s*\\prime\s*\}\s*\^\s*\{\s*\\prime\s*\})"
_DMS = (rf"(?<![\w.])(\d+(?:\.\d+)?)\s*{_DEG}\s*(?:\\[,;: !]\s*|~\s*)*(\d+(?:\.\d+)?)\s*{_MIN}"
        rf"(?:\s*(?:\\[,;: !]\s*|~\s*)*(\d+(?:\.\d+)?)\s*{_SEC})?")


def _dms(m: re.Match[str]) -> str:
    """63° 45′ as {255/4}° (exact: a minute is 1/60 of a degree, a second 1/3600)."""
    from fractions import Fraction

    value = Fraction(m.group(1)) + Fraction(m.group(2)) / 60 + Fraction(m.group(3) or 0) / 3600
    return f"{{{value.numerator}/{value.denominator}}}^\\circ"


_DEGREE_SIGN = re.compile(r"\s*(?:\^\s*(?:\{\s*\\circ\s*\}|\\circ(?![A-Za-z]))|°)")


def _argument_end(text: str, start: int) -> int:
    """Where the argument of a function that starts at ``start`` ends: a bracketed group ((...), \\left(...\\right),
    {...}), else the next token (up to white space, an operator or a closing bracket)."""
    k = start
    if text.startswith("\\left", k):
        k += len("\\left")
    if k < len(text) and text[k] in "({":
        close, depth = {"(": ")", "{": "}"}[text[k]], 0
        for j in range(k, len(text)):
            depth += (text[j] == text[k]) - (text[j] == close)
            if depth == 0:
                return j + 1
        return len(text)
    m = re.compile(r"(?:[^\s+\-=,;)\]}{]|\{[^{}]*\})+").match(text, start)
    if m is None:
        return start
    degrees = re.compile(_DEG).search(text, start, m.end())  # (a degree sign ends the token: \sin 30^\circ\sin 30^\circ)
    return degrees.end() if degrees else m.end()


def _trig_degrees(text: str) -> str:
    """Degrees in the arguments of sin, cos, ... as radians (× π/180); an inverse function (\\sin^{-1}) is left."""
    out, last = [], 0
    for m in _TRIG_NAME.finditer(text):
        if m.start() < last or (m.group(1) and "-1" in m.group(1).replace(" ", "")):
            continue
        end = _argument_end(text, m.end())
        argument = _DEGREES.sub(r"(\1\\cdot\\frac{\\pi}{180})", text[m.end() : end])
        sign = _DEGREE_SIGN.match(text, end)
        if sign and argument[:1] in "({" and argument == text[m.end() : end]:
            argument, end = f"({argument}\\cdot\\frac{{\\pi}}{{180}})", sign.end()  # \\sin(30)^\\circ
        out += [text[last : m.end()], argument]
        last = end
    out.append(text[last:])
    return "".join(out)


# \dot{x}, \ddot{\theta}, \dot{x}_0: a letter or a Greek letter dotted, its subscript after the dot's braces
_DOTTED_GREEK = (r"\\(?:alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|kappa|lambda|mu|nu|xi|rho|sigma|tau|"
                 r"phi|varphi|chi|psi|omega|Theta|Phi|Psi|Omega)(?![A-Za-z])")
_DOTTED = re.compile(r"\\(d)?dot(?:\s*\{\s*([A-Za-z]|" + _DOTTED_GREEK + r")\s*\}|\s+([A-Za-z])(?![A-Za-z])|\s*("
                     + _DOTTED_GREEK + r"))(\s*_\s*(?:\{[^{}]*\}|[A-Za-z0-9]))?")  # fmt: skip
# a name a derivative may be taken of: a letter or a Greek letter, with a subscript (a dotted one is x' by then)
_DERIVED = r"(?:[A-Za-z]|" + _DOTTED_GREEK + r")(?:\s*_\s*(?:\{[^{}]*\}|[A-Za-z0-9]))?"
_D = r"(?:d|\\mathrm\s*\{\s*d\s*\})"
_LEIBNIZ = re.compile(r"\\[dt]?frac\s*\{\s*" + _D + r"\s*(?:\^\s*\{?\s*([23])\s*\}?)?\s*(" + _DERIVED + r"'*)\s*\}\s*\{\s*"
                      + _D + r"\s*([A-Za-z])\s*(?:\^\s*\{?\s*([23])\s*\}?)?\s*\}")  # fmt: skip
_APPLIED = re.compile(r"(?<!\\)(" + _DERIVED + r"'*)\s*\(\s*([A-Za-z])\s*\)")
_HAS_DERIVATIVE = re.compile(r"(?:[A-Za-z}]|\\[A-Za-z]+)'")  # (a dotted letter is x' by then)


def _leibniz(m: re.Match[str]) -> str:
    """\\frac{d^n y}{dt^n} as y with n primes: a derivative by t, the time of an ODE answer, as y' is written there;
    a derivative by another letter (dy/dx, dV/dr) is left as written, so that dy/dx is never dy/dt."""
    if m.group(1) != m.group(4) or m.group(3) != "t":
        return m.group()
    return m.group(2) + "'" * int(m.group(1) or 1)


def _applied(m: re.Match[str]) -> str:
    """y(t) as y in an answer that holds a derivative, when the letter inside is the variable the functions depend
    on (``_application_variable``); otherwise as written (y' = a(x) keeps a·x)."""
    if _command_tail(m.string, m.start(), m.group(1)) or m.group(2) != _application_variable(m.string):
        return m.group()
    return m.group(1)


@lru_cache(maxsize=64)
def _application_variable(text: str) -> str | None:
    """The variable that names applied to it are functions of, in an answer with a derivative: the one letter a
    derivative is applied to (f'(x), \\dot{x}(t) as x'(t)), t when none is (an ODE's time); None without a derivative or
    with derivatives applied to two letters. One pass per answer (cached: every application asks)."""
    if not _HAS_DERIVATIVE.search(text):
        return None
    derived = {found.group(2) for found in _APPLIED.finditer(text)
               if found.group(1).endswith("'") and not _command_tail(text, found.start(), found.group(1))}  # fmt: skip
    if len(derived) > 1:
        return None
    return next(iter(derived), "t")


def _command_tail(text: str, start: int, name: str) -> bool:
    """Whether an application found by _APPLIED at ``start`` is the end of a command (\\sin(t), \\ln(x)), not a
    name: kx(t) is k·x(t), \\sin\\theta(t) is sin θ(t). Looks back over at most 32 letters (no command is longer)."""
    if name.startswith("\\"):
        return False
    i = start
    while i > 0 and start - i < 32 and text[i - 1].isascii() and text[i - 1].isalpha():
        i -= 1
    return i > 0 and text[i - 1] == "\\"


CLEANUP_RULES: tuple[tuple[str, str, Any], ...] = (
    ("the invisible operators of MathML's Unicode, invisible times, separator and plus (U+2062, U+2063, U+2064), are "
     "the product, the comma and the sum they stand for (3\u20624 is 3·4, never 34)", "[\u2062\u2063\u2064]",
     lambda m: {"\u2062": " \\cdot ", "\u2063": ", ", "\u2064": " + "}[m.group()]),
    ("invisible format characters (zero-width space, non-joiner and joiner, word joiner, byte order mark, soft hyphen, "
     "direction marks) are removed: no reader sees them", INVISIBLE, ""),
    ("the decimal digits of other scripts (Arabic-Indic ٣, Persian ۳, Devanagari ३, Bengali ৩, full-width ３) are the "
     "digits 0-9", r"(?![0-9])\d", lambda m: str(int(m.group()))),
    ("Python's power a**b (the two stars between an operand and the next one: 2**4107, (x+1)**2, 2**-1) is a^b; "
     "an answer with Markdown bold in it (`**5**`, `2 **3**`, `**10**0`: stars after a space or at an edge) has none",
     r"(?<=[\w)\]}])\*\*(?=[\w(\[{]|-[\w(])", lambda m: m.group() if _BOLD_MARK.search(m.string) else "^"),
    ("an x between a number and a power of ten with a numeral exponent (1.28 x 10^-6, 3X10^{8}: plain text's scientific "
     "notation), the number alone at the start of the answer or after = or ≈, is a times sign (3x10^{x}, x^2 + 2x10^2 "
     "keep their x)", r"(?:^|(?<=[=≈]))(\s*[-−]?\d+(?:\.\d+)?)\s*[xX]\s*(?=10\s*\^\s*\{?\s*[-−+]?\d+\s*\}?\s*(?:[^\w^{\\]|\\[a-z]|$))",
     lambda m: f"{m.group(1)} \\times "),
    ("a Greek letter's command as a subscript or a power without braces (E_\\gamma, \\omega_\\mathrm{p} aside: "
     "PHYSICS's golds) is that subscript in braces, E_{\\gamma}, as LaTeX reads one token after _ or ^",
     r"(?<=[A-Za-z0-9}])([_^])[ \t]*(\\(?:" + "|".join(GREEK_NAMES) + r"))(?![A-Za-z])", r"\1{\2}"),
    ("a danda ending the answer (।, or ৷, Bengali's currency numerator four, written for it) is its full stop",
     r"(?<=\d)\s*[।৷]\s*$", ""),
    ("the full-width operators of East Asian input methods (＝ ＋ ＜ ＞: ∠BOC＝145°) are = + < >", r"[＝＋＜＞]",
     lambda m: chr(ord(m.group()) - 0xFEE0)),
    ("the division signs ÷ and \\div are / (12 ÷ 4 × 3 is (12/4)·3, left to right)", r"÷|\\div(?![A-Za-z])", " / "),
    ("the logical or and and, \\lor, \\vee, \\land, \\wedge (x=3 \\lor x=4), are the words or and and",
     r"\\(?:(lor|vee)|land|wedge)(?![A-Za-z])", lambda m: " \\text{ or } " if m.group(1) else " \\text{ and } "),
    ("a negated equality written \\not= (spacing inside it too: \\not\\;=) or =/= is \\neq, never =",
     r"\\not\s*(?:\\[,;:! ]\s*)*=|=/=", r" \\neq "),
    ("an equation's label, number or tag (\\label{eq:1}, \\nonumber, \\notag, \\tag{1}) is layout",
     r"\\label\s*\{[^{}]{0,200}\}|\\(?:nonumber|notag)(?![A-Za-z])|\\tag\*?\s*\{[^{}]{0,200}\}", " "),
    ("math that holds only an escaped dollar sign, $\\$$ (MATH's way of writing $2500: $\\$$2500), is that sign",
     r"(?<!\$)(\$\$?)[ \t]*\\\$[ \t]*\1(?!\$)", r"\\$"),
    ("math delimiters $ $$ \\( \\) \\[ \\] and the display environments equation, equation*, displaymath and math "
     "at the ends", r"^\s*(\$\$?(?!\d[^$]*\Z)|\\\(|\\\[|\\begin\s*\{(?:equation\*?|displaymath|math)\})"
     r"|(\$\$?|\\\)|\\\]|\\end\s*\{(?:equation\*?|displaymath|math)\})\s*$", ""),
    ("a $ right before a digit, after a space, = or an opening bracket, with no $ after it, opens no math: it is a "
     "dollar sign, \\$ (`x = $5000`, `$x = $200`, and so at the start, `$250`, or after a "
     "sign opening the answer, `-$800,000`, `+$ 800,000`: Pandoc's rule, as in responses)",
     r"(?:(?<=[\s=(:])|^)\$(?=\d[^$]*\Z)|(?:(?<=^[-−+])|(?<=^[-−+]\s))\$(?=\s?\d[^$]*\Z)", r"\\$"),
    ("choice letters listed in one \\text{...} (\\text{A,D}, \\textbf{(A), (D)}, \\text{A and D}, \\text{B、C}, \\text{A, B, "
     "and D}) or joined by & in the whole answer (`(C) & (G)`, `A \\& D`) are that list of choices",
     rf"\\(?:text|textbf|mathrm)\s*\{{\s*(\(?[A-J]\)?(?:\s*{CHOICE_JOIN}\s*\(?[A-J]\)?)+)\s*\}}"
     rf"|^\s*(\(?[A-J]\)?(?:\s*(?:{CHOICE_JOIN})\s*\(?[A-J]\)?)*\s*\\?&\s*\(?[A-J]\)?(?:\s*{CHOICE_JOIN}\s*\(?[A-J]\)?)*)\s*(?:\.\s*)?$",
     lambda m: re.sub(r"[、，]|\s*\\?&", ", ", m.group(1) or m.group(2))),
    ("an integer parameter declared in words (\\text{ for } k \\in \\mathbb{Z}, \\text{ where } k \\text{ is an integer}, "
     "\\text{ for any integer } k) is declared as `, k \\in \\mathbb{Z}` is",
     # (a match starts where its run of spaces and commas starts: from inside the run it would rescan it, quadratic)
     r"(?<![\s,])(?:\\[,;:]|\\q?quad|\s|,)*\\text\s*\{\s*(?:for(?:\s+(?:all|any|every|each|some))?|where|with)\s*\}\s*([kmnjl])\s*(?=\\in(?![A-Za-z])|∈)"
     r"|(?<![\s,])(?:\\[,;:]|\\q?quad|\s|,)*\\text\s*\{\s*(?:for|where)\s*\}\s*([kmnjl])\s*\\text\s*\{\s*(?:is\s+)?an?\s+integer\s*\}"
     r"|(?<![\s,])(?:\\[,;:]|\\q?quad|\s|,)*\\text\s*\{\s*(?:for|where)\s+(?:(?:all|any|every|each|some)\s+)?integers?\s*\}\s*([kmnjl])(?![A-Za-z])",
     lambda m: f", {m.group(1) or m.group(2) or m.group(3)}" + ("" if m.group(1) else " \\in \\mathbb{Z}")),
    ("typography: a dash before a number (– ‐ ‑ －), not after one (2–3 may be a range) nor after a space unless "
     "after a bracket or a comma ({ –2) or before a root (1 – √5), is a minus sign; vulgar "
     "fractions (½ ¾ ⅓ ...) are fractions, after a whole number a mixed number (3½ is 3 + 1/2); the fraction slash ⁄ is /; the Arabic decimal separator ٫ "
     "is a decimal point; a bullet operator ∙ is a product",
     r"(?<![\w)}\]\s])[–‐‑－](?=\s?[\d√])|(?<=^\s)[–‐‑－](?=\s?[\d√])|(?<=[{(\[,;]\s)[–‐‑－](?=\s?[\d√])|"
     r"(?<=\s)[–‐‑－](?=\s?(?:√|\\sqrt(?![A-Za-z])))|(\d?)([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])|⁄|(?<=\d)٫(?=\d)|∙", lambda m: _typography(m)),
    ("a known command glued to one to three letters after it, as a harness leaves it when it removes every space "
     "(\\piG, \\omegat, \\lambdakT, \\lceiln, \\cost: GLUED_HEADS, Greek letters and functions) is the command, "
     "then those letters (\\pi G); a real command of that shape (\\lnot, \\cdots, \\coth: GLUED_REAL) is as written, "
     "and the letters are then read as any letters are (a word stays a word)", _GLUED.pattern, lambda m: _glued(m)),
    ("\\varepsilon, \\varphi, \\vartheta, \\varrho and \\varsigma are the letters \\epsilon, \\phi, \\theta, \\rho, "
     "\\sigma (two glyphs of one letter: a gold's \\varepsilon_0 is a response's \\epsilon_0 or ε₀)",
     r"\\var(epsilon|phi|theta|rho|sigma)(?![A-Za-z])", r"\\\1"),
    ("np., numpy. and math. before a function with its ( or a constant (np.arcsin(10/13), np.sqrt(2), math.pi, "
     "np.e: Minerva's golds are Python) are that command (np.log is ln, np.log10 is \\log_{10}, math.asin is arcsin)",
     r"(?<![\w.])(?:np|numpy|math)\.(?:(arcsin|arccos|arctan|asin|acos|atan|sqrt|sin|cos|tan|exp|log10|log2|log)"
     r"(?=\s*\()|(pi|e)(?![\w(.]))",
     lambda m: _python_name(m)),
    ("a label in text as a subscript (\\lambda_{\\text{red}}, T_{\\mathrm{eff}}, v_\\text{rel}, m_{\\rm H}: one to eight "
     "letters or digits) is the subscript of a name (\\lambda_{red})",
     r"_\s*(?:\{\s*\\(?:text|textrm|textit|mathrm|mathit|mbox)\s*\{\s*([A-Za-z0-9]{1,8})\s*\}\s*\}"
     r"|\{\s*\\rm\s+([A-Za-z0-9]{1,8})\s*\}|\\(?:text|textrm|mathrm|mbox)\s*\{\s*([A-Za-z0-9]{1,8})\s*\})",
     lambda m: "_{" + (m.group(1) or m.group(2) or m.group(3)) + "}"),
    ("a comma with a negative thin space ,\\! between digits is the tight comma {,} (read by the reading rules)",
     r"(?<=\d),\s*\\!\s*(?=\d)", "{,}"),
    ("a braced comma with spaces in or around it between digits (14 {, }916) is the tight comma {,}",
     r"(?<=\d)\s*\{\s*,\s*\}\s*(?=\d)", "{,}"),
    ("the words percent, percentage, per cent, pct (plain or in \\text{...}) and \\text{\\%} are a percent sign",
     r"(?<!\s)\s*(?:\\(?:text|textnormal|mathrm|textbf|mbox|textrm)\{\s*(?:percent(?:age)?|per\s?cent|pct|\\%)\s*\}"
     r"|(?<![A-Za-z\\])(?:percent(?:age)?|per\s?cent|pct)(?![A-Za-z]))", "%"),
    ("E-notation as programs write it: a number, then e or E and an exponent (3.54e-07, 1e-5, 7.4e-1, 6.02E+23, "
     "3e10, 3e6) is scientific notation when the exponent has no sign or two or more digits, or the number is 1 or "
     "has a decimal point (nobody writes 3e·6 for 18e); 2e-1 and 2e+3 (a whole number from 2 on, a sign, one "
     "exponent digit) may be 2e - 1 and 2e + 3 with Euler's e: ambiguous, so compared as unknown", r"(?<![\w.\\])(\d+(?:\.\d+)?)[eE]([+-]?)(\d+)(?![\w.])",
     lambda m: _e_notation(m)),
    ("C or F after a degree sign (^\\circ\\text{C}, °F) is part of it (the degree sign is removed below)",
     _DEGREE_CF, r"\1"),
    ("bold or underlined in mathematics, \\mathbf{5}, \\boldsymbol{v}, \\bm{x}, \\underline{5}, is its content",
     r"\\(?:mathbf|boldsymbol|bm|underline|ensuremath)\s*\{((?:[^{}]|\{[^{}]*\})*)\}", r"{\1}"),
    ("a colour says nothing about the value: \\textcolor{blue}{x} is x, \\color{blue} is removed (never white)",
     # (never white: what a reader cannot see stays unread)
     r"\\textcolor\s*\{(?!\s*(?i:white|#fff))[^{}]*\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}|\\color\s*\{(?!\s*(?i:white|#fff))[^{}]*\}",
     lambda m: f"{{{m.group(1)}}}" if m.group(1) is not None else " "),
    ("a size command (\\large, \\small, \\Huge, ...) says nothing about the value: removed", r"\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge)(?![A-Za-z])\s*", " "),
    ("\\nicefrac{a}{b} and \\sfrac{a}{b} (fractions set inline) are \\frac{a}{b}", r"\\(?:nicefrac|sfrac)(?![A-Za-z])", r"\\frac"),
    ("an empty \\text{} (or \\mbox{}, \\mathrm{}, ...) is a space", rf"{_TEXT}\s*\}}", " "),
    ("\\text{or} / \\text{and} between answers become the connectors \\or / \\and (a comma between answers, or "
     "between conditions on one variable: 'or' joins their sets, 'and' intersects them); so do the words for them in "
     "the languages of the answer phrases (\\text{ veya }, \\text{ hoặc }, \\text{ und }, \\text{ 和 }; never a "
     "single Latin letter: \\mathrm{e}, \\mathrm{i} are numbers; in capitals, \\text{ OR } offers answers each accepted)",
     rf"{_TEXT}\s*(?:(?P<or>(?:or|oder|ou|или|або|hoặc|atau|veya|lub|albo|nebo|eller|tai|vagy|sau)|או|या|أو|یا|または|"
     rf"또는|혹은|หรือ|或者|或)|(?:and|und|et|и|і|và|dan|ve|och|og|és|și)|ו|और|و|と|그리고|및|และ|以及|和|与|及)\s*\}}",
     lambda m: " \\or " if m.group("or") else " \\and "),
    ("a leading 'either' (either 3 or 4: several answers) is removed",
     r"^\s*(?:\\text\s*\{\s*)?either(?![A-Za-z])\s*\}?", " "),
    ("a number with words in brackets after it, at the end (ASDiv's golds: 9 (apples), 13 (years old), 178 (dollars), "
     "11 (square feet)) is the number with its words as its unit: a unit of the table (dollars, square feet) is "
     "converted, other words are compared as written (against an answer without a unit, by value, as 5 ways is; "
     "5 (milliseconds) against 5 seconds, unknown); words that change or judge the value (5 (tens), 3 (incorrect)), "
     "say who holds it or how sure (15 (I think), 15 (hopefully), 15 (if I did the math right)), a verb, a digit or "
     "a single letter leave it unread (a unit symbol, m, g, s, h, l, L, is that unit: 4 (m) is 4 metres; 3 (x) is the "
     "product 3x)",
     _COUNTED_IN_BRACKETS, lambda m: _counted_in_brackets(m)),
    ("what a number counts, written in \\text{...} after it at the end (MATH's golds: 81\\text{ teachers}, "
     "65 \\text{ children tickets }, 10\\;\\text{edges}: at most three lower-case words, the last a plural of four "
     "letters or more, no verb, nothing that changes or judges the value) is the number with those words as its "
     "unit, as in brackets above (the table's units are read by the unit rules below)",
     _COUNTED_IN_TEXT, lambda m: _counted_in_text(m)),
    ("a word in Cyrillic ending the answer right after a number, from a fixed list of units and counted nouns (19 м, "
     "6 км/ч, 12 рублей, 5 минут, 3 способа: DeathMath's answers; any other word, тысяч, процентов, неверно, is left "
     "unread) is the number with that word as its unit (against an answer without a unit, by value); the metric "
     "abbreviations in Cyrillic (м, см, мм, км, кг, г, мг, с, мин, ч, л, мл, and км/ч, м/с, м², см²) are those units, "
     "read by the unit rules below",
     _COUNTED_FOREIGN, lambda m: _foreign_unit(m)),
    ("a leading 'approximately', 'approx.', 'about', 'roughly' or 'around' (also in \\text{...}) before a value is "
     "\\approx: the value is an approximation (never exactly equal; compared under a tolerance)", _APPROXIMATELY,
     lambda m: "\\approx " + (m.group(1) or "")),
    ("\\hbar is \\frac{h}{2\\pi} (its definition: ħω equals hω/2π); \\ell is the letter l (a script l, not another "
     "variable)", r"\\hbar(?![A-Za-z])|\\ell(?![A-Za-z])",
     lambda m: "(\\frac{h}{2\\pi})" if m.group() == "\\hbar" else " l "),
    ("a fraction of units that ends an answer made of a number (or a name, = and a number) and it (8.314 "
     "\\frac{J}{mol K}, 9.8 \\, \\frac{\\text{m}}{\\text{s}^2}: unit words, SI prefixes, with powers; symbols of "
     "one or two letters only when upright, in \\text or \\mathrm; never a derivative \\frac{dV}{dT}, nor after a sum: "
     "a + 2 \\frac{g}{L}) is that unit written with a slash, for the rule below", _UNIT_FRACTION, _unit_fraction),
    ("a unit at the end of the answer, after its quantity, written in \\mathrm{...} or \\text{...} groups "
     "(\\mathrm{~kJ} \\mathrm{~mol}^{-1}, \\mathrm{m}/\\mathrm{s}, \\mathrm{J}, 1.6 \\mu\\mathrm{C}: unit words, "
     "one-letter units, SI prefixes on SI units, joined by spaces, /, \\cdot, with powers) is one unit, removed "
     "(SciBench's golds: 5 \\mathrm{~m} / \\mathrm{s} is 5 in m/s, never 5/s)", _UNIT_CHAIN, " "),
    ("a one-letter unit written \\mathrm{~N} (with mathpix's ~ space) right after a number, where its quantity ends, is "
     "removed (5\\mathrm{~N} is 5, 5 \\mathrm{~m}^{2} is 5; without the ~ it is a unit only where the unit rule above "
     "takes it, at the end of the answer; anywhere else it is the letter below)",
     _MATHRM_UNIT, " "),
    ("a single letter in \\mathrm{...} (spaces ~ \\, around it) is that letter (\\mathrm{e} is e, \\mathrm{~N}_{1} is "
     "N_{1})", r"\\mathrm\s*\{(?:\s|~|\\[,;: ])*([A-Za-z])(?:\s|~|\\[,;: ])*\}(\s*[_^])?",
     lambda m: f" {m.group(1)}{m.group(2).strip() if m.group(2) else ' '}"),
    ("a unit phrase in \\text{...}, \\mbox{...}, \\mathrm{...}, \\textbf{...} (a unit word of UNIT_WORDS, one-letter "
     "units m g s h L, with square/sq/cubic/cu before, squared/cubed/^2 after, per or / between; with a ^2 after "
     "the braces) is removed where its quantity ends (the end, a separator, a closing bracket, an operator, more "
     "text follow: not a number, a letter, an opening bracket or another power); "
     "other text is left for the reading rules, which refuse it", _TEXT_UNIT, " "),
    ("a set-builder {x | condition} (with |, \\mid or :) of one variable is its condition, a set of reals",
     r"^\s*\\\{\s*([A-Za-z])\s*(?:\||\\mid(?![A-Za-z])|:)\s*((?:(?!\\\}).)*\1(?:(?!\\\}).)*)\\\}\s*$", r"\2"),
    ("the bar of a set over an integer parameter ({3k | k \\in \\mathbb{Z}}) is \\mid, never an absolute value",
     r"^(\s*\\\{[^|]*)\|(\s*[a-z]\s*(?:\\in(?![A-Za-z])|∈))", r"\1\\mid \2"),
    ("a leading 'x \\in' (membership of one variable: the answer is the set after it) is removed",
     r"^\s*[A-Za-z]\s*\\in(?![A-Za-z])\s*", ""),
    ("an ordinal suffix st, nd, rd, th after a whole number (12^{\\mathrm{th}}, 12^{th}, 12^\\text{th}, 12th, "
     "3^{\\rm rd}, 1\\textsuperscript{st}) is removed: the ordinal is the number", _ORDINAL, r"\1"),
    ("degrees, minutes and seconds (63^{\\circ} 45^{\\prime}, 179° 59′ 56″, 5^{\\circ} 10' 30''): one angle, "
     "63 + 45/60 degrees, exactly", _DMS, lambda m: _dms(m)),
    ("in the argument of a trigonometric function, a quantity in degrees is radians: \\sin 30^\\circ is "
     "\\sin(30\\cdot\\frac{\\pi}{180}), \\sin(30)^\\circ too (a number, a letter, a command or a group before the "
     "sign); elsewhere, and after an inverse function (\\sin^{-1}), an angle is its number of degrees",
     _TRIG_WITH_DEGREES, lambda m: _trig_degrees(m.group())),
    ("degrees ^\\circ and ° are removed (an angle alone is its number of degrees: 90^\\circ is 90; a number alone "
     "in degrees states the unit, as `90 degrees` does: against 90 radians it is no number of the same unit, and "
     "against a multiple of π with no unit it is converted exactly: 135^\\circ is \\frac{3\\pi}{4} radians, and so "
     "is a named value, x = 30^\\circ; degrees inside a list, an interval or a sum against a multiple of π are not "
     "converted: unknown, never their numbers called different)",
     _DEGREE_MARK, lambda m: " " if m.string[m.end() : m.end() + 1].isdigit() else ""),  # (30°15: two numbers, never 3015)
    ("a lone backslash right before a number inside a matrix environment is the row break whose second backslash a harness "
     "removed (ProcessBench's golds: \\begin{pmatrix}2\\-1\\-5\\end{pmatrix} is the column 2, -1, -5)",
     r"\\begin\{([pbvBV]?matrix)\}((?:(?!\\end\{).)*)\\end\{\1\}", lambda m: _row_breaks(m)),
    ("a determinant written with vmatrix (\\begin{vmatrix} a & b \\\\ c & d \\end{vmatrix}, at most 4 × 4, no environment "
     "inside) is its expansion by the Leibniz formula ((a)(d) - (b)(c))", _DETERMINANT, lambda m: _determinant(m)),
    ("a system in \\begin{cases}, \\begin{aligned} or a braced \\begin{array} (\\left\\{ ... \\right.) whose rows are "
     "all equations or inequalities is the list of its rows (\\begin{cases} x=1 \\\\ y=2 \\end{cases} is x=1, y=2); & "
     "is alignment only beside a relation: a row with a condition after & (a piecewise definition) is left unread",
     _SYSTEM, lambda m: _system(m)),
    ("brackets around a lone matrix ((\\begin{pmatrix}...\\end{pmatrix}), \\left[\\begin{array}...\\right]) are removed",
     r"^\s*(?:\\left)?\s*[(\[]\s*(\\begin\{(?:[pbvBV]?matrix|array)\}(?:(?!\\begin\{).)*\\end\{(?:[pbvBV]?matrix|array)\})\s*"
     r"(?:\\right)?\s*[)\]]\s*[.,;]?\s*$", r"\1"),
    ("square brackets or set braces around assignments to unknowns ([x=2, y=4, z=5], [k=4]: computer algebra's and "
     "linear algebra textbooks' way of writing a system's solution; \\{x=1, y=2\\}) are removed: the values they name",
     r"^\s*(?:\\left\s*)?(?:\[|\\\{)\s*((?:[A-Za-z](?:_\{?\w+\}?)?\s*=(?!=)[^=\[\]]*?,\s*)*"
     r"[A-Za-z](?:_\{?\w+\}?)?\s*=(?!=)[^=\[\]]*?)\s*(?:\\right\s*)?(?:\]|\\\})\s*$", r"\1"),
    ("the full-width punctuation of Chinese and Japanese text is its ASCII form: ，and 、 are commas, ；a semicolon, "
     "（ ）parentheses (1、3 is 1, 3)", r"[，、；（）]", lambda m: _FULL_WIDTH[m.group()]),
    ("Arabic's decimal separator ٫ between digits is a decimal point and its thousands separator ٬ groups thousands "
     "before a group of three digits (٣٫٥ is 3.5, ١٬٢٥٠ is 1250: neither is a comma)", r"(?<=\d)(?:(٫)|٬(?=\d{3}(?!\d)))(?=\d)",
     lambda m: "." if m.group(1) else ""),
    ("a ratio of two numbers written with a colon (1:9, 5 : 1, 3 \\colon 4, 2∶3) is the fraction they make: 1:9 is "
     "\\frac{1}{9}, equal to 2:18 and to \\frac{1}{9}; what may be a clock time (hours to 24, then two digits of "
     "minutes: 4:30, 2: 15) is never a ratio",
     r"^(?!\s*(?:[01]?\d|2[0-4])\s*:\s*[0-5]\d\s*$)"  # 2: 15 may be a quarter past two: not a ratio
     r"\s*(-?\d+(?:\.\d+)?)\s*(?::|\\colon(?![A-Za-z])|∶)\s*(\d+(?:\.\d+)?)\s*$", r"\\frac{\1}{\2}"),
    ("a dotted letter \\dot{x}, \\ddot{\\theta}, \\dot{x}_0 is its time derivative in prime form x', \\theta'', x_0' (as "
     "\\frac{dx}{dt} is x')", _DOTTED.pattern,
     lambda m: (m.group(2) or m.group(3) or m.group(4)) + (m.group(5) or "") + "'" * (2 if m.group(1) else 1)),
    ("primes after a letter, ^\\prime, ^{\\prime\\prime}, ′ and ″, are apostrophes: f^{\\prime} is f' (a letter with primes "
     "is one variable, as x_1 is)", r"(?<=[A-Za-z}])\s*(?:\^\s*(?:\{\s*((?:\\prime\s*){1,3})\}|(\\prime))(?![A-Za-z])|([′″]))",
     lambda m: "'" * ((m.group(1) or "").count("prime") + (1 if m.group(2) else 0) + {"′": 1, "″": 2, None: 0}[m.group(3)])),
    ("a Leibniz derivative \\frac{dy}{dt}, \\frac{d^{2}v_{o}}{dt^{2}}, \\frac{\\mathrm{d}\\omega}{\\mathrm{d}t} is the prime form "
     "y', v_{o}'', \\omega' (the derivative by the one variable the answer differentiates by; an answer that "
     "differentiates by two variables, or a partial derivative, is left as written)", _LEIBNIZ.pattern,
     lambda m: _leibniz(m)),
    ("in an answer with a derivative (y', \\dot{x}), a function applied to the variable, y(t), x(t), \\theta(t), "
     "v_C(t), is its value y, x, θ, v_C, as the derivative's name is: y'(t) = -2y(t) is y' = -2y (only when every "
     "such application has one and the same letter inside)", _APPLIED.pattern, lambda m: _applied(m)),
    ("angle brackets \\langle 1, 2 \\rangle (and ⟨ ⟩) around a vector are parentheses: the tuple (1, 2)",
     r"\\left\s*\\langle(?![A-Za-z])|\\langle(?![A-Za-z])|⟨|\\right\s*\\rangle(?![A-Za-z])|\\rangle(?![A-Za-z])|⟩",
     lambda m: "(" if "langle" in m.group() or m.group() == "⟨" else ")"),
    ("unicode mathematics as models write it: − is -, ⋅ is \\cdot, π is \\pi, ∞ is \\infty; a Greek letter is its "
     "command (α is \\alpha, Δ is \\Delta; μ and Ω are left alone: units)",
     r"[−⋅π∞αβγδεϵζηθϑικλνξρστυφϕχψωΓΔΘΛΞΣΦΨ]",
     lambda m: _UNICODE[m.group()] if m.group() in _UNICODE else f"\\{_GREEK[m.group()]} "),
    ("√ and ∛ before a number, a letter, a command or a group (...) / {...} are \\sqrt{...} and \\sqrt[3]{...} "
     "(√5, 3√13, √(x+1), √(2 - √3))", _RADICAL, lambda m: _radical(m)),
    ("superscript digits and signs are a power (x² is x^{2}, 10⁻³ is 10^{-3})", r"[⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+",
     lambda m: "^{" + m.group().translate(_SUPERSCRIPT) + "}"),
    ("subscript digits are a subscript (x₀ is x_{0}, log₁₀ is log_{10})", r"[₀₁₂₃₄₅₆₇₈₉]+",
     lambda m: "_{" + m.group().translate(SUBSCRIPT_DIGITS) + "}"),
    ("spacing and sizing commands, and no-break and thin spaces, are a space; so is a backslash or \\\\ that ends "
     "the answer (a control space whose space was trimmed, a line break: 185\\ is 185)",
     r"\\(?:left|right|bigl|bigr|Bigl|Bigr|big|Big|displaystyle)(?![A-Za-z])|(?<!\\)\\[,;:! ]|\\q?quad(?![A-Za-z])|~"
     r"|[\u00a0\u2009\u202f]|(?<!\\)\\{1,2}\s*$", " "),
    ("a semicolon separates items like a comma ((0;-2;6), -12;-11;-10) where no bracket level holds both; groups "
     "of assignments of the same unknowns in alphabetical order (p=5,q=2;p=7,q=2) are the points (5, 2), (7, 2); "
     "a whole answer [1, 2; 3, 4] with rows of equal length is MATLAB's matrix",
     r"(?s)^[^;]*;.*$", lambda m: _semicolons(m.group())),
    ("\\sinh, \\cosh, \\tanh, \\coth, \\sech, \\csch of a bracketed argument or one letter or number are written with "
     "e (PHYSICS's golds write \\coth): \\cosh(at) is "
     "\\frac{e^{at}+e^{-(at)}}{2}", _HYPERBOLIC, lambda m: _hyperbolic(m)),
    ("{n \\choose k} is \\binom{n}{k}", r"\{((?:[^{}\\]|\\(?!choose(?![A-Za-z])))*)\\choose(?![A-Za-z])([^{}]*)\}", r"\\binom{\1}{\2}"),
    ("\\dfrac, \\tfrac and \\cfrac are \\frac; \\dbinom and \\tbinom are \\binom",
     r"\\(?:[dt]|c(?=frac))(frac|binom)(?![A-Za-z])", r"\\\1"),
    ("\\mathbb{R} and ℝ are the interval (-\\infty, \\infty)", r"\\mathbb\s*\{\s*R\s*\}|ℝ", r"(-\\infty, \\infty)"),
    ("a set written with plain braces {1, 3} (a comma inside, the whole answer) is the set \\{1, 3\\}",
     r"^\s*\{((?:[^{}]|\{[^{}]*\})*,(?:[^{}]|\{[^{}]*\})*)\}\s*$", r"\\{\1\\}"),
    ("\\% is a percent sign (a percentage is the number divided by 100)", r"\\%", "%"),
    ("a currency's ISO code in a text command after a number (`0.32 \\text{ USD}`, `5\\mathrm{EUR}`: FinanceMath's "
     "outputs) is the code written beside it",
     rf"(?<=[\d}}])[ \t]*\\(?:text|textrm|mathrm|mbox)[ \t]*\{{[ \t]*({_CURRENCY_CODES})[ \t]*\}}", r" \1"),
    ("currency \\$, €, £, ¥ is removed (and kept as the answer's unit: \\$5 against 500 cents is equal, against 5 "
     "euros different); so are the other currency signs (₤, ₹, ₩, ₽, ₺, ...), a dollar with a country's letters "
     "before a number (US$, C$, HK$, ...) and a currency's ISO code beside one (CHF 2,000, 122,000 USD): USD, US$ "
     "and \\$ are dollars, EUR euros, GBP pounds, INR, ₹ and Rs. rupees, CNY and RMB yuan, JPY yen, C$ and CAD Canadian "
     "dollars, and so on: each currency its own unit, never converted into another (¥ and ₤ kept as written)",
     _CURRENCY, ""),
    ("\\frac12 and \\sqrt2 (one-digit arguments) get braces", r"\\(frac|binom)\s*(\d)\s*(\d)", r"\\\1{\2}{\3}"),
    ("plain function words sqrt, sin, ..., arctan, pi, infty are the LaTeX commands (sec is left alone: a unit)",
     r"(?<![\\A-Za-z])(sqrt|sin|cos|tan|cot|csc|arcsin|arccos|arctan|ln|log|exp|pi|infty)(?![A-Za-z])", r"\\\1"),
    ("plain names of lowercase Greek letters in math (theta^2, 2*theta/n, alpha_1 + beta, alpha = 1, as models write "
     "math in plain text and JSON strings: an operator, a bracket, a digit, _ or ^ beside the name) are the letters "
     "(\\theta^2); a name among words (beta decay, gamma rays, sigma-algebra) or glued to a letter or a digit (chi2, "
     "theta0) stays as written",
     _GREEK_NAME.pattern, lambda m: _greek(m)),
    ("the word infinity (Infinity) is \\infty, negative or minus infinity -\\infty",
     r"(?<![\\A-Za-z])(?i:(?:(negative|minus)\s+)?infinity)(?![A-Za-z])", lambda m: "-\\infty" if m.group(1) else "\\infty"),
    ("根号 (the square root sign in Chinese words) before a number or a bracket is \\sqrt (根号3, 2根号3, 根号(x+1), "
     "根号下(x+1); 根号下 3x, whose radicand has no end, is left unread); n分之m (m of n parts) between whole numbers "
     "is \\frac{m}{n} (3分之1 is 1/3)",
     r"根号\s*(?:下\s*)?(\([^()]*\)|\{[^{}]*\})|根号\s*(\d+(?:\.\d+)?)|(?<![\d.])(\d+)\s*分之\s*(\d+)(?![\d.])",
     lambda m: f"\\sqrt{{{(m.group(1) or m.group(2)).strip('{}')}}}" if m.group(1) or m.group(2) else
     f"\\frac{{{m.group(4)}}}{{{m.group(3)}}}"),
    ("和, 与, 及, 以及 (and) and 或, 或者 (or) of Chinese between answers are the connectors \\and / \\or (1 和 3 is "
     "1 \\and 3)", r"(?<=[A-Za-z0-9})\]$.])\s*(?:(以及|和|与|及)|(或者|或))\s*(?=[-A-Za-z0-9\\({\[$])",
     lambda m: " \\and " if m.group(1) else " \\or "),
    ("'or' / 'and' between answers become the connectors \\or / \\and", r"(?<![A-Za-z\\])(or|and)(?![A-Za-z])",
     r" \\\1 "),
    ("a unit phrase at the end, after a number (touching it or not: 4ft), } (touching or not: \\sqrt{7}cm^{3}), \\pi, ) "
     "or . (5 cm, 5 square units, 60 miles per hour: the words of "
     "UNIT_WORDS and UNIT_PREFIXES as in \\text{...}, no one-letter units) is removed", _TRAILING_UNIT, ""),
    ("a plural noun of four letters or more at the end, right after a number (360 girls, 10 tablespoons: what the "
     "number counts) is removed, unless it changes the value, places a digit, orders, hedges or is a verb (3 fifths, "
     "5 sixteenths, 5 tens, 3 nines, 5 lakhs, 5 less, 5 works, 5 violates stay as written; 5 red marbles, 2 dozen "
     "eggs too: a word between)",
     _COUNTED_NOUN, ""),
    ("a final full stop, comma or semicolon (the full-width and ideographic ones too: ． 。 ， ；) is removed",
     r"[.,;．。，；]\s*$", ""),
)  # fmt: skip

#: How text that could mean more than one thing is read; each is (text as written, how it is read). The
#: control-character rule runs first, on the raw text; the percent and unit rules are clean-up rules
#: (:data:`CLEANUP_RULES`); the others run after the clean-up, in this order. docs/answers-and-rewards.md renders this table.
READING_RULES: tuple[tuple[str, str], ...] = (
    ("`\\text{13}` with a TAB for `\\t`, `\\frac` with a form feed for `\\f` (an escape sequence ate the backslash)",
     "unparsed, naming the control character and the command it broke; other control characters than TAB, "
     "CR and LF are always unparsed, except NUL characters that end the text (MathCAMPS's saved responses end "
     "with one, a C string's terminator): padding, dropped"),
    ("`2xy`, `ab`, `ABC`, `\\frac{1}{2}at^2`, `ax+by`, `e^{-sT}`, `e^{it}`, `\\omega_d`",
     "a product of one-letter variables: a run of two or three letters that is not a short word (nor one of two "
     "such runs side by side, one of three letters, both with a small letter, no function: `Sam ate 175`, "
     "`sig fig` are words; `ab cd`, `log ab`, `AB CD` are not) (a capital after a "
     "small letter never makes one, nor does a run in an exponent other than st, nd, rd, th); a Greek letter, "
     "with or without a subscript, is one variable"),
    ("`4 five`, `5 is it`, `x = 4 the`, `3 mod 7`, `2phi`, `3inchx`, `ext{13}`",
     "unparsed: a run of four or more letters, a short word (`SHORT_WORDS`: English words, units, ordinal "
     "suffixes, function and Greek names without a backslash; for capitals `SHOUTED_WORDS`, except as a command's "
     "whole argument: `\\frac{NO}{BO}` holds segments) or letters "
     "directly before `{` (a command without its backslash) is a word, never a product of variables (an answer "
     "made only of words is a text answer, below; a sentence is read by the extraction policy)"),
    ("`sqrt(2)`, `sin x`, `arctan 1`, `pi`, `infinity`", "the commands `\\sqrt`, `\\sin`, `\\arctan`, `\\pi`, `\\infty`"),
    ("`12^{\\mathrm{th}}`, `12^{th}`, `12^\\text{th}`, `12th`, `3^{\\rm rd}`, `1\\textsuperscript{st}`",
     "an ordinal is its number: a suffix st, nd, rd or th after a whole number is removed (12th is 12)"),
    ("absolute value bars around x (plain bars, `\\left` and `\\right` bars, `\\vert`), `\\lvert x \\rvert`",
     "the absolute value; a bar after an operand (a digit, a letter, a closing bracket) closes the innermost open "
     "bar, any other bar opens one (so bars nest and multiply); a bar never closed is unparsed"),
    ("`\\lfloor x \\rfloor`, `\\lceil x \\rceil`", "floor and ceiling (exact for rationals; otherwise decided by arb, "
     "or by sympy when the value lies too near an integer for the enclosure)"),
    ("`0.\\overline{3}`, `0.1\\overline{6}`, `1.\\bar{142857}`, `0.(3)`, `0.1(6)`, `0x1F`",
     "a repeating decimal: the fraction it equals (1/3, 1/6, 8/7, and 1/3 for `0.(3)`, the repeating "
     "digits in brackets right after the point), exactly; `0.1(6)` (1/6, or the product 0.6) is not read; "
     "neither are `0b1011`, `0o17`, `0x1F` (a programming literal, never the product 0·b·1011)"),
    ("`0.036000000000000004`, `0.7000000000000001`, `0.14400000000000002` (FinanceMath's golds)",
     "in a reference (a gold), a binary float's printed rounding noise: a decimal of 16 or more significant digits "
     "that, rounded to 15 (a double's precision), has at most 12 is that shorter decimal (0.036, 0.7, 0.144: what "
     "`0.09 * 0.4` printed as a float means), and so is a candidate's copy of it; against any other gold a "
     "candidate's digits are read as written (`5040.000000000001` is not 5040), and so are `0.6666666666666666`, "
     "`3.14159265358979323846` and every shorter decimal"),
    ("`\\sum_{k=1}^{10} k^2`, `\\sum_{k=0}^{n} \\bigl(k\\bigr)`, `3\\sum_{i=1}^n i + 1`",
     "a sum: its summand is the product that follows (`\\sum_{k=1}^n 2k + 1` is the sum, plus 1); integer bounds are "
     "written out (at most 2,000 terms; none when the upper is below the lower: 0); a letter as a bound is a whole "
     "number, compared at n = 0..7 and proved equal by sympy's closed form"),
    ("`{5 \\choose 2}`", "the binomial coefficient `\\binom{5}{2}`"),
    ("`n!`, `(n-1)!`, `\\binom{2n}{n}` (a letter in a factorial or a binomial coefficient); `(-1)^n`, `(-3)^{n-1}` (a "
     "letter in the exponent of a negative number)",
     "the letter is a natural number, or an integer in the exponent of a negative number (a real power of it has no "
     "real value): answers in it are compared at every such value where both are defined (`(n+1)!` equals `(n+1) n!`, "
     "`(n-1)!` equals `\\frac{n!}{n}` where n ≥ 1, `(-1)^{n+1}` equals `-(-1)^n`); other letters are real; `n!!` (the "
     "double factorial) and `\\Gamma(x)` are not read, never (n!)! or Γ·x"),
    ("`1, 2, 3, \\ldots`, `1, 2, 3, ...`", "an unending list: never equal to a finite answer; against another, different "
     "where a written term differs, equal when both write the same terms, else unknown (the rule is not stated)"),
    ("`A + B`, `A - B`, `A B`, `A \\cdot B`, `\\frac{1}{35} A`, `c_{1} A e^{2t} + c_{2}(B + C t)`, `A^{T}`, `A^{-1}`, "
     "`B^{-1} = A` of written-out matrices (`\\begin{pmatrix}…\\end{pmatrix}`, `\\left[\\begin{array}{rr}…\\end{array}"
     "\\right]`)",
     "the matrix they make (products before sums, a scalar factor multiplies every entry, entries computed exactly as "
     "terms; the inverse of rational entries only); a name or a chain of equalities before it gives its last side; "
     "shapes that do not fit, a number added to a matrix and a singular inverse are unparsed, saying so; several named "
     "matrices (`A = …, B = …`) are not read"),
    ("`\\begin{pmatrix}2\\-1\\-5\\end{pmatrix}`",
     "a matrix whose row breaks a harness cut to one backslash before a number (ProcessBench's golds): the rows it had, "
     "here the column (2, -1, -5); a backslash before a letter is a command, as written"),
    ("`a_1`, `c_{2}`, `x_n`, `x_{10}`, `\\lambda_{\\text{red}}`, `T_{\\mathrm{eff}}`",
     "a letter with a subscript (a digit, a letter, up to eight letters or digits in braces, a label in `\\text{…}`: "
     "a label, never a word) is one variable; `\\log _{2} 8` (a space before the subscript) is still the base-2 "
     "logarithm"),
    ("`\\dot{x}`, `\\ddot{\\theta}`, `\\dot{x}_0`, `\\hbar`, `\\ell`",
     "a dotted letter is its time derivative, in prime form as a Leibniz derivative by t is (\\dot{x} is x', "
     "\\ddot{\\theta} is \\theta'', \\dot{x}_0 is x_0': never x); `\\hbar` is h/(2π) (its definition) and `\\ell` the letter l"),
    ("`4\\piG`, `\\cos(\\omegat)`, `\\lambdakT`, `\\lceiln/2\\rceil`, `\\cost`, `B=2D,\\quadE=2C`",
     "`4\\pi G`, `\\cos(\\omega t)`, `\\lambda kT`, `\\lceil n/2\\rceil`, `\\cos t`, `B=2D,\\quad E=2C`: "
     "a Greek letter, function, bracket or space (`\\quad`, `\\qquad`) glued to one to three letters (a "
     "harness that removes every space writes so) is the command, then the letters, read as letters are "
     "(`\\pimod` is still a word); real commands (`\\lnot`, `\\cdots`, `\\coth`) are as written"),
    ("`np.arcsin(10/13)`, `np.sqrt(2)`, `math.pi`, `np.log(2)`, `2**4107`, `(x+1)**2`",
     "`\\arcsin(10/13)`, `\\sqrt(2)`, `\\pi`, `\\ln(2)`, `2^{4107}`, `(x+1)^2`: Python's numpy and math names (Minerva's "
     "golds) and its power `**` between two operands (DeathMath's golds; `**5**` at the edges is Markdown bold)"),
    ("`\\{x \\mid x \\geq 0\\}`, `\\{x : x > 3 \\text{ or } x < 1\\}`, set-builder with a bar",
     "a set-builder of one variable is its condition: a set of reals, compared with intervals and unions"),
    ("`28 percent`, `28 pct`, `28\\text{ percent}`, `28\\%`",
     "28% = 28/100 (percent policy `value`, the default); with `percent=\"unit\"` (`--percent unit`) 28% also "
     "equals 28 against an answer without a percent sign (MATH boxes 20 for 'what percent'); `4 4/9%` is (4 4/9)/100; a percent sign or word right after a box, outside it (`\\boxed{20}\\%`, `$\\boxed{20}$%`, `\\boxed{20} percent`), makes the box's number a percentage read under the policy `unit` whatever the policy: 20, 0.2 and 20% all equal it, and `\\boxed{0.2}\\%` is never 20%"),
    ("`5 cm`, `125 miles`, `5 square units`, `60 miles per hour`, `35 hours a week`, `5 per hour`, `5 km/h`, `5\\text{ cm}^2`, `864 \\mbox{ inches}^2`, `25 \\mathrm{~cm}^{2}`, `5\\mathrm{~N}`, `36\\sqrt{7}cm^{3}`, `12\\pi cm^2`",
     "5, 125, 5, 60, 35, 5, 5, 5, 864, 25, 5, 36√7, 12π: a unit phrase is removed at the end of the "
     "answer (after a number, a closing brace or π), or in `\\text{…}` (`\\mbox`, `\\mathrm` with its `~` "
     "spacing, `\\textbf`, ...) where its quantity ends (a single letter in `\\mathrm{…}` is a letter, "
     "`\\mathrm{~N}` a set in GAOKAO's golds, except a unit letter with mathpix's `~` right after a "
     "number, `5\\mathrm{~N}`, and a unit written in text groups that ends the answer after its number: "
     "`5 \\mathrm{~m} / \\mathrm{s}`, `-0.16 \\mathrm{J}`, `5 \\mathrm{kJ} \\mathrm{mol}^{-1}`, `1.6 "
     "\\mu\\mathrm{C}`, with SI prefixes as written and `TEXT_UNIT_WORDS` such as nm, bar, torr; lone "
     "upright letters only after a number as written: `(M+m)\\mathrm{g}` is (M+m)·g); a unit phrase is "
     "made of unit words (`UNIT_WORDS`: length, area, volume, mass, time, money, angle, counting nouns "
     "such as `ways`, `people`; plurals in -s, -es) with `square`, `sq`, `cubic` before, `squared`, "
     "`cubed`, `^2` after (or `2`, `3` glued to a length's symbol after a number: `10 m2`, `5 cm3`), `per`, `a`, `an`, `each`, `every` or `/` between (`hours a week` is hours per "
     "week; a rate may open with `per`, `a`, `an`, `each` or `every`, `5 per hour`, or with `/` right after its "
     "number, `\\$5/hour`, `480/wk` (never 480 divided by w·k), and a currency before "
     "it is its numerator: `\\$5 per hour` and `\\$5 an hour` are dollars per hour, while a bare `per "
     "hour`, whose numerator is unstated, is unknown against another unit); one-letter units (`m`, `g`, "
     "`s`, `h`, `L`) only in `\\text{…}`, after `/` or before it, outside math in a response, or after a "
     "number and a space in an answer that is nothing more (`5 m/s` is 5; `$108$ m` is 108 in metres; `5 "
     "m` and `0.17 V`, TheoremQA's answers, are quantities; so are `5m`, `594m^2`, `30s` and `253\\,m`, a unit symbol glued to the number or after a LaTeX "
     "space in an answer that is nothing more (MathCAMPS's answers), and as written the products they also are, which "
     "the comparison tries too (`2m` equals `2m`, a gold `2m` against `2` is unknown); `2 xy` and `5 \\cdot m` are products; "
     "an abbreviated unit in capitals after a number and a space, the whole answer (WPM, RPM, BPM, KPH, "
     "MPG, PSI, FPS, DPI, BTU, KWH, MAH, USD, GB, MiB, ...: a list), is a unit the table does not know, "
     "compared as written and as the product too: `52 WPM` is 52; `40 MAX`, `5 AB` stay products); the "
     "unit removed is kept and compared (below)"),
    ("`1 hour and 30 minutes`, `5 feet 3 inches`, `3 days 4 hours`",
     "one quantity in two units of one kind, the larger first and the second part less than one of the larger: the "
     "sum in the smaller unit (90 minutes, 63 inches, 76 hours; TabMWP's golds), compared as any quantity (against "
     "a number without a unit, unknown: which unit it counts is not stated); two counts (`2 apples 3 pears`) or two kinds (`5 m 3 s`) are not combined"),
    ("`5 wrong`, `x = 4 answer`, `5 millions of people`, `2 squared`, `5 dozen`, `1\\text{ m}\\,50`, `5\\text{ cm}x`",
     "unparsed, naming the word or the text: no other word is a unit (a word that changes the value or judges the "
     "answer is never removed), and a unit followed by a number, a letter, an opening bracket or a power ends no "
     "quantity"),
    ("`5\\text{ is wrong}`, `5 \\text{ or maybe } 6`, `\\mathrm{lcm}(4,6)`, `\\operatorname{proj}`",
     "unparsed, naming the text and its column: beside a number or an expression, in `\\text{…}` only a unit "
     "phrase, `or` / `and` (`5\\text{ or }6` is a list) and white space are read; a name in `\\mathrm` or "
     "`\\operatorname` is not a function of the grammar"),
    ("`<`, `>`, `=`, `\\lt`, `$\\le$`, `&gt;`",
     "a comparison sign alone, the whole answer (MathCAMPS's comparison exercises: the sign that fills the "
     "blank): that sign, compared as a text, equal only to the same sign (`\\gt` is `>`, `\\le` is `≤`); a "
     "comparison written out, `7 > 5`, against a sign alone is unknown: which side the question puts first is not "
     "known here"),
    ("`\\text{Evelyn}`, `\\textbf{East}.`, `Evelyn`, `no solution`, `DNE`, `12:00`, `SRMC = LRMC`, `Brenner's Juices`, "
     "`Brand B`, `Mrs. Hilt`",
     "a text answer: the words normalized (lower case, single spaces, no final full stop or leading "
     "article; a name's short words count in a phrase with a long one: `of`, `the` between words, a "
     "possessive's s, a capitalized word of three letters, a capital that ends a phrase after a capitalized word "
     "(`Brand B`), a title's abbreviation before a name (`Mrs. Hilt` is `Mrs Hilt`); a clock time (after `at`: `at 2:30 P.M.`) as "
     "h:mm on 24 hours, seconds kept unless :00: 8:34 p.m. is 20:34, 5am is 5:00, 4:30p.. (a harness "
     "deleted the m) is 16:30, a time without a.m. or p.m. is read on 24 hours (against the afternoon "
     "time a 12-hour clock would make it, 4:30 against 4:30 p.m., unknown; `4\\!:\\!51` is 4:51); two "
     "such times that are one ratio, 1:10 and 2:20, are unknown), equal only to the same text (and yes to "
     "true, no to false, DNE to does not exist), different from other text of at most three words (a name, a direction, a day) "
     "and from a text that starts with the opposite yes or no; unknown when one is the other with words "
     "added and none that negates (`converges`, `the series converges`; `not a function` and `a function` "
     "stay different), and when one has more than three words (a sentence may say the same otherwise, and "
     "its meaning is not compared); unknown against a number, except words that say no value exists or "
     "that there are infinitely many (`No solution`, `does not exist`, `None`, `infinitely many`): "
     "different from a nonzero number (no solution may count zero solutions, so against 0 they stay "
     "unknown); words that say nothing exists are also different from a tuple, a list or set of values "
     "and an equation defining a value or a function (`No such function exists` against f(x) = x + 1; "
     "against the empty set, unknown); an equation between two names written as words (SRMC = LRMC, MR = "
     "SRMC, \\text{SRAC} = \\text{LRAC}: one side of four capitals or more or in \\text{...}; AB = CD "
     "stays an equation of letters) is the text of that equation, its sides in alphabetical order: equal "
     "to the same names on either side; a quadrant however named (Quadrant I, the first quadrant, "
     "quadrant 1, 4th quadrant, 第一象限) is one text, equal to its ordinal alone (`\\text{first}`, the "
     "question having asked which quadrant, or its Roman numeral); several quadrants (`quadrants II and "
     "IV`, `the second and fourth quadrants`) are the set of their numbers, as the Roman list `II, IV` "
     "is; the article a is a word after the first word of a phrase with a word of four letters or more "
     "(`Not a function`; in `a can be any real number` a is the letter)"),
    ("`ten`, `\\text{twenty-seven}`, `Forty-Eight`, `two hundred and eighty`, `negative five`, `fifteen minutes`",
     "an answer that is only a cardinal number in English words (each word of three letters or more, a sign word "
     "before it) is that integer, read by text2num: equal to `10`, `27`, `48`, `280`, `-5`; followed by words, it is "
     "read as the number written in digits before them is (`fifteen minutes` as `15 minutes`, `three hundred "
     "dollars` as `300 dollars`, `twelve apples` as 12) when those words are a unit or what it counts; other words "
     "stay text (`once`, `a dozen`, `nine and a half`, `one two three`, `one half`, the letter `O`, the place values "
     "`tens`, `hundreds`)"),    ("`f(x) = ax + b` against `f(x) = cx + d`, `x/2 - 1/4 + ce^{-2x}` against `\\frac{x}{2} - \\frac14 + Ce^{-2x}`",
     "letters in one answer only, beside a variable both values are written in (x, y, z or t), each one letter with at "
     "most a number as subscript (c, C, k, C_1; not x, y, z, t, n, i or e): when renaming them (at most three) makes the answers equal, unknown: the "
     "same answer if they are arbitrary constants, another if the problem gives them; never equal (letters both "
     "answers use keep their names: `ax + b` against `bx + a` is different, as are `x + 2y` and `x + 2z`; one such letter, C, c, K, k or C_1, in one answer only, `\\frac{x^3}{3} + C` against `1/3*x^3`, is unknown when the answers are equal with it 0: the same antiderivative if it is a constant of integration)"),

    ("`(C)`, `\\text{(C)}`, `\\textbf{(C)}`, `\\text{C}`, `C`, `(C) Cecile`, `\\textbf{(C)}\\ 7`, `C. 1-\\mathrm{i}`, `(D) (2,0)`, `(C) is wrong`, `\\text{A,D}`, `[A] and [C] are correct`, `Options (A) and (C)`",
     "the choice C (a lone capital letter is a choice when the other answer is one, and a letter A to J "
     "against a value (a number, a complex number, a matrix) is unknown: it may name the choice whose option is "
     "that value, and so is a reference's letter A to E against an expression or an equation in small letters that does not write it (the gold `C` against `(8b - 1)^2`; a response's letter is its symbol, `A` against the gold `2x` is different); a letter A to J in "
     "parentheses, or before a full stop or a closing bracket and a space (`B) 2x(x-7)`), followed by its option is that choice (the option "
     "may hold brackets after a space, `(D) (2,0)`; `(C)(x+1)` is a product; an option holding a second "
     "choice, `(A) 12 (B) 13`, `C. 随着 或 D`, is unparsed; an option may be in another script, `C. 随着气候温度由低到高`); against an answer that is no choice, its option is compared: "
     "`(B) nonlinear` equals the gold `nonlinear`, `(D) 30 minutes` equals 30, and which letter the "
     "question gave that option is not checked; one letter written with two plain numbers as its option "
     "that no rounding makes one (`(B) 3` against `(B) 4`) is unknown, which is meant not stated (any "
     "other option, `(B) 3.14` against `(B) \\pi`, `5 hours` against `300 minutes`, is the same option "
     "quoted otherwise, and the letter decides); words that judge or hedge the choice, `(C) is wrong`, "
     "`(C) or D`, are no option: unparsed); several letters in one `\\text{...}`, or in brackets joined "
     "by commas or `and` (`(C) and (G)`, `(C), (G), (H)` after an answer phrase), are their list, as `A, "
     "D` is; letters A to J written together in alphabetical order (`ACD`, a multi-select gold) against a "
     "list of choices, or a tuple of capital letters (`(A, C)`), are that list; a lowercase letter a to j in parentheses, alone or before its option "
     "(`(c)`, `(c) 18`: TheoremQA's options), is the choice C and, as written, the letter c (`(a) "
     "\\sqrt{b}` equals `a\\sqrt{b}`); the word `option` or `choice` before a letter is dropped (`option "
     "B`; a small letter alone after it is that choice: `option b` is B; joined by underscores, `Choice_B`, `Choice\\_B`, `Choice__B__`, or in a `\\text{...}` of its own, it is the same; the letter labels an option after a colon, a comma, a dash, a space before a number or in brackets: `Choice B: 90 seconds`, `Choice_B (7.92)`); another choice joined to an option (`(C) 18 or D`, `(C) A, B`, `(B) 90 or Choice C`, `Choice_B: C`, `D: 1/9 OR C`, `D: 2/3; C: 1/2`, `(C is also possible)`) makes it unparsed, and an "
     "option and an answer stating different units are not compared; capital letters in square brackets that open the "
     "answer, `[B]`, `[A] and [C]`, are those choices, as JEEBench's options are labelled (never before an operator: "
     "`[A] = 0.5` is as written), `options` or `choices` before several capital letters is dropped, and a verdict that "
     "only confirms the choices before it, `are correct`, `is the correct option`, `are true`, is dropped with it; a final sentence with no marker whose subject is only choices and whose verdict confirms them states them: `Therefore, (A) and (C) are correct.`, `Only (B) is correct.`, and a bare capital after the word option or choice, `Option C is correct.`)"),
    ("`2k`, `$1.5M`, `3B`",
     "against a value, unknown: a number with k, K, M or B glued to it may be a scale (thousand, million, billion) "
     "or a multiple of the letter, and the text does not say which (against `2k` or `k + k` it is compared as "
     "written)"),
    ("`12.22 million`, `$39 million`, `26 million dollars`, `12.22 \\text{ million}`, `1,254 thousand`, `3 hundred`, "
     "`12 million 500 thousand`, `a million`",
     "the number times its scale word (hundred 10^2, thousand 10^3, million 10^6, billion 10^9, trillion 10^12), a "
     "unit phrase after it kept: 12,220,000; several scale words, each smaller than the one before, and a last number "
     "add up (12,500,000; `2 thousand 5 hundred and 7` is 2,507, `15 hundred` 1,500, `a million` 1,000,000), in the "
     "order people say them (`2 thousand 15 hundred` and `1 thousand 1000` stay unparsed); when the answers differ so but the number without its scale word equals the other "
     "answer (`$39 million` against `39.0`, `12 million 500 thousand` against `12.5`), unknown: the question may ask for the value in millions, as FinanceMath's "
     "golds do"),
    ("`①③④`, `\\textcircled{1}\\textcircled{3}\\textcircled{4}`, `②、③`",
     "the numbered statements picked (Chinese exams: which of ①–④ hold): the set of their numbers, in any order; "
     "equal only to the same set, different from another set, unknown against a number; a list of two or more Roman "
     "numerals with one of two letters or more (`I, III, IV`, `\\text{I and III}`: statements, quadrants) is such a "
     "set too (`I, V` and a lone `IV` stay letters)"),
    ("`52_8`, `4210_{5}`, `1A_{16}`, `52_{10}`, `-221_3`, `0.0011_{2}`, `52₈`, `100100_b`",
     "the numeral in its base (each digit checked; a sign and a point as in base ten: -221_3 is -25, 0.0011_2 is 3/16; "
     "subscript digits are the base; a base named by a letter is compared digit by digit, unknown against a number "
     "base); "
     "equal to the same base and value, and to a plain number written "
     "with the same digits (52: the base the question asked for is implied); its decimal value (42) or another base "
     "is different; a subscript 10 is base ten, written out: the plain number with those digits, never a numeral "
     "of another base (52_{10} is not 52_8)"),
    ("`x \\le 3`, `x > 2 \\text{ or } x < -1`, `-1 < x \\leq 4`, `5 \\geq x`, `-x > -1`, `x \\neq 3`, `x \\in [0,1)`, `\\mathbb{R}`, `\\{-1\\} \\cup [0,7)`",
     "a set of reals: conditions linear in one variable (on one side of each relation) are intervals; "
     "`or` joins them, `and` or a comma intersects them; ≠ is two open intervals (written `\\neq`, "
     "`\\not=` or `=/=`; never read as =); a point set in a union is its points; compared exactly with "
     "intervals and unions; written twice, as conditions and in interval notation after a colon (`x < -7 "
     ": (-\\infty, -7)`, textbooks' answer keys), it is the set when both agree exactly (unknown "
     "otherwise); a set = its simpler form (`[\\frac{\\ln 18}{0.1}, \\infty) = [10 \\ln 18, \\infty)`) is "
     "the last form"),
    ("`x^2 < 4`, `1 \\le |z| \\le \\frac{3}{2}`, `x^2-5x+6 > 0`, `|x-1| < 2`",
     "a polynomial relation in one letter (absolute values allowed; a side without the letter) compared with a set "
     "of reals or another relation: the set where it holds, solved exactly in the worker (sympy, degree at most 8); "
     "an endpoint that is no radical (a root of x^5 - x - 1) leaves it unknown"),
    ("`x = 1, y = 2`, `p = 5, q = 2`, `(m, n) = (4, 2)`, `(\\frac52, 2 \\pm \\frac32 i)`",
     "the values of named unknowns (one point): against the same assignment in another order, equal; against a "
     "tuple, in the order written when it is the alphabetical order of the names ((x, y), (p, q)), else unknown; "
     "a tuple that names its positions, (m, n) = (4, 2), is compared by name with an assignment or a tuple naming "
     "the same unknowns ((n, m) = (2, 4) is equal), and against a tuple without names as an assignment is; in a list, "
     "tuples without names take the names said once ((y, x) = (2, 1) or (1, 2)); a ± in a "
     "tuple makes it two tuples (at most 64 in an answer), and several ± in one tuple read as every choice of signs or one sign for all "
     "((\\pm 1, \\pm 1): four points or two), a verdict only when both readings give it; "
     "`x = 1, x = 2` (one unknown) is a list of solutions"),
    ("`[0, 8, 2, -2]`, `[8, 4]`",
     "a list in order, like a tuple: square brackets around three or more items, or around two numbers whose first "
     "is the larger (TheoremQA writes lists so; never the empty interval: `[8, 4]` against `[4, 3]` is different), "
     "and then `[2, 3]` on the other side is a list too; "
     "an interval written empty otherwise (`(3, 1]`) is unknown; tuples in square brackets, the whole answer "
     "(`[(1, 64), (2, 32)]`, MathCAMPS's golds: a Python list of pairs), are the list of those tuples, as written "
     "without the brackets"),
    ("`\\frac{1}{4}[\\cos 2t + \\sin 2t]`, `[P_0 - gz]^{5/2}`, `[90]`, `[3]`",
     "parentheses: square brackets with no comma or semicolon in them after an operand or before a power, or around "
     "one integer (a group, a list of one and the integer part are then the same integer); `[x]` and `[2.5]` standing "
     "alone are unparsed (the integer part in some texts)"),
    ("`(1,2,3),(1,3,2)` against `(1, 2, 3)`",
     "solutions written as tuples against one tuple: the tuple is a list of one solution (different when the list "
     "holds another); a list of numbers against a tuple (`1,2,3` against `(1,2,3)`) stays unknown: it may be the "
     "triple itself"),
    ("`f(2) < f(1) < f(4)`", "an ordering (the letter on every side): equal to the same relations between equal "
     "terms, otherwise unknown; never solved"),
    ("`x = 5+5+1 = 11`, `z = 1+1 = 2`, `5 \\times 6 \\times 4 = 120`, `D = (0, 1)`, `QM = 30`, `|AB| = 1`, `\\tan A = 2`, "
     "`y = 2x+3`, `p(x) = x^2+1`, `x^3 = 12`",
     "chained equalities take the last side (x = 11, z = 2, 120), whatever the sides before it (working: read or "
     "not, `A + B = C` of matrices is C; never after a formula in single letters that the grammar cannot read, `x ** 2 = 4`, `x - -1 = 2`: unparsed), unless, in an answer taken from a response (a box, a phrase, a sentence), two rational sides with no unit differ (`1000 = 2^{10}`, `6 + 6 = 13`, `0.25 = \\frac{1}{5}`: a false statement, unparsed; a decimal side may round the other to its last digit, `0.333 = \\frac{1}{3}`, and a side with `*`, `\\star` or `\\#` may be an operation the problem defines); an equation between numbers is its last side, and so is one whose two "
     "sides are equal polynomials in its letters (`x^3 + 3x^2 - 3x^2 + 3x - 6 = x^3 + 3x - 6`, `x^2-1 = (x-1)(x+1)`: an "
     "expression simplified, true for every x, no equation to solve); a "
     "name before `=` is dropped against a value (QM = 30 equals 30, the length |AB| = 1 equals 1, not |x| = 3; "
     "a name in words in a text command (three letters or more; never a word that answers, yes, none, undefined) "
     "before a value is a label, dropped always: "
     "\\text{WAM} = \\frac{2190}{10} = 219 is 219; "
     "a trigonometric ratio of an angle named by a capital or Greek letter too: \\tan A = 2 equals 2, not \\cos x = 1; "
     "a ratio of names too: \\frac{NO}{BO} = \\frac{1}{\\sqrt6} equals \\frac{1}{\\sqrt6}; "
     "y = 2x+3 equals 2x+3, and so does f(x) = 2x+3, also against y = 2x+3) and a point's name "
     "against its coordinates; a reference equation that names no value (2x + z = 1: a relation asked for) is never a "
     "number; a candidate one with a constant side (x^3 = 12, x + y = 4027, 2x = 12) against a reference number states "
     "the value of its other side, or is solved by its one letter's value, and which the question asked for is not "
     "known: unknown when the number is one of them (the reason says which), different when it is neither; a reference "
     "equation against a candidate that gives the value of one of its sides (`E_\\gamma - B = \\frac{B^2}{2Mc^2}` against "
     "`\\frac{B^2}{2Mc^2}`: PHYSICS's golds; never a constant side, `2x + z = 1` against `1`, `7 = 11a+c` against `11a+c`) is unknown, equal if the "
     "question asked for the other side; a "
     "function's value at a number, `f(2) = 6`, `f(\\frac{2\\pi}{3}) = 1`, names that value, alone or in a list "
     "(`\\theta = \\frac{3\\pi}{2}, f(\\frac{2\\pi}{3}) = 1` against `\\frac{3\\pi}{2}, 1`: a fill-in-the-blank of two blanks; a reference `f(2) = 6` against `6` too); two such equations are compared only at the same point of the same function (`f(2) = 4` against `f(1) = 2`: unknown, never the proportional products f·2 - 4 and f·1 - 2)"),
    ("`I(0)`, `f(3)`, `\\theta(0)` against `0`, `2I(0)`, `3f` (a letter applied to a number)",
     "two readings: the product the grammar reads (I·0, so 0) and a function's value at that number, one symbol (I "
     "at 0); the verdict stands when both agree, and where only one finds the answers equal, unknown (`I(0)` against "
     "`0` or `2I(0)`, `f(3)` against `3f`), so that nothing is credited through a product by zero the text may not "
     "mean; `I(0)` against itself, `2(3)` against `6` and `\\sin(0)` against `0` stay equal; a name with primes, "
     "a subscript or a superscript is applied too (`f'(0)`, `f_1(0)`, `f^{-1}(0)`); with more than four "
     "applications only the product is read, and its equal is unknown"),
    ("`x = \\frac13 \\approx 0.33`, `\\frac{70}{9} \\approx 7.78`, `x \\approx 11`, `\\approx 3`, `approximately 3`",
     "the exact side before `\\approx`; an approximation alone (also in words: approximately, approx., about, "
     "roughly, around) is never exactly equal to a value (unknown; compared under `--tolerance`); an "
     "approximation sign with nothing after it (`5 \\approx`) is unparsed"),
    ("`2x+4y-3=0` against `y=-\\frac12x+\\frac34`; `m\\frac{dv}{dt}+bv=f` against `v' = \\frac{f}{m} - \\frac{b}{m}v`",
     "equal equations: lhs − rhs proportional by a nonzero constant (the ratio taken at a rational point, then "
     "proved as an identity), or by a product of powers of letters that one equation divides by (m above: m ≠ 0 is "
     "what that equation needs to be defined, and the verdict says so; `m x = m` against `x = 1`, and `x(x-1) = 0` "
     "against `1 - 1/x = 0`, where the letter's zero solves the other equation, stay unknown); "
     "otherwise unknown"),
    ("`\\frac{dx}{dt} = kx(t) - a`, `\\frac{d^{2}v_{o}}{dt^{2}}`, `y'(t) = -2y(t)`",
     "`x' = kx - a`, `v_{o}''`, `y' = -2y`: a Leibniz derivative by t is its prime form (by another letter, dy/dx or "
     "dV/dr, and a partial derivative, as written: never equal to one by t); in an answer with a derivative, a name "
     "applied to the variable (the one letter a derivative is applied to, f'(x); else t) is its value: y(t), θ(t), "
     "v_C(t), and f(x) beside f'(x) (y' = a(x) keeps a·x)"),
    ("`n \\equiv 2 \\pmod 7`, `2 \\pmod{7}`, `n \\equiv 2 \\mod 7`",
     "the residue class 2 mod 7: equal to the same class, different from another class and from a number outside it"),
    ("`x(t) = 1 - e^{-t} \\text{ for } t > 0`, `A = \\frac{1}{4-\\omega^2}, \\quad \\text{for } \\omega^2 \\neq 4`, "
     "`\\frac{x^2}{16}+\\frac{y^2}{4}=1 (y>0)`, `f(x) = 1 \\text{ for all } x`",
     "an answer stated under a condition on its letters (after `\\text{for}`, `\\text{if}`, `\\text{when}`, or in a final "
     "bracket after a space, after an equation): the answer, with the condition; equal when equal everywhere and "
     "the conditions are the same, or only the candidate states one and it restricts a value to where it is stated "
     "(`x(t) = ... for t > 0` against the gold's value: the verdict names the condition); otherwise unknown: a "
     "reference's condition is part of the answer (an inverse function's domain), a condition on a curve cuts it (a "
     "half ellipse is not the ellipse), one on the unknown picks solutions (`x = \\pm 2 (x > 0)`); a difference "
     "found is unknown (it may lie where the condition fails); a condition no point satisfies (`3 \\text{ if } x^2 < 0`, "
     "`1 > 2`: proved by the engine) states the answer for no case: undefined, never equal; `for all x` and `for "
     "all real numbers x` are no condition; a domain of a sign or of integers in words "
     "(`for all positive real numbers x`, `for all x \\in \\mathbb{N}`) is not read, nor are other words (`\\text{for any "
     "integer } k`), several conditions (a piecewise answer) and a bracket after a name (`P(X > 2)`) are not read"),
    ("`\\{x \\mid x = 3k, k \\in \\mathbb{Z}\\}`, `\\{3k \\mid k \\in \\mathbb{Z}\\}`, `x = k\\pi + \\frac{\\pi}{4}, k \\in \\mathbb{Z}`, "
     "`x = 2k\\pi \\pm \\frac{\\pi}{3}`, `x = \\frac{\\pi}{6} + 2k\\pi \\text{ or } \\frac{5\\pi}{6} + 2k\\pi`",
     "a set over an integer parameter (k, m, n, j or l), its value linear in the parameter with rational "
     "coefficients (or rational multiples of π): the residue class of its value at 0 modulo its step (3k is 0 mod 3, "
     "the same set as n \\equiv 0 \\pmod 3; kπ + π/4 is π/4 mod π): equal to the same class, different from another "
     "class (with a number in one only) and from a number outside it; unknown against a class of rationals when "
     "one is of multiples of π (degrees may have been dropped), for a value not of that form (k², 2kπ + 1), in "
     "degrees, or with a condition on the parameter (`\\{2k \\mid k > 0, k \\in \\mathbb{Z}\\}`). Alternatives (`\\pm`, "
     "`or`, commas) are the union of their classes, compared as residues modulo a common period (2kπ ± π/3 is "
     "2kπ + π/3 or 2kπ + 5π/3; a value such as kπ + (-1)^k π/6 is not read). Written without `k \\in "
     "\\mathbb{Z}`, a value whose only letter is the parameter and whose step is a multiple of π reads two ways, a "
     "class or an expression in a constant k: against a reference's stated class it is the class (the verdict says "
     "so), otherwise a verdict needs both readings; under a condition (`for 0 < k < 1`, `for any real k`) or with words "
     "after it in its sentence (`, where ...`) it is only the expression (π/4 + kπ against 5π/4 + kπ is unknown, against π/3 + kπ "
     "different)"),
    ("`3+4i`, `\\frac{1+i}{1-i}`, `(1+i)^2`, `\\sqrt{3}-5i`, `x i^2`, `\\frac{4A}{3+3i}e^{it}`, `e^{i\\pi}`",
     "i is the imaginary unit (i² = -1), also next to other letters (they are real variables; a sum's index i is its "
     "own letter, a subscript x_i part of a name): equal when the real and imaginary parts are (as numbers or as "
     "identities), different with the part that differs; e^(a+bi) is e^a(cos b + i sin b); i inside another "
     "function (`\\sqrt{i}`, `\\cos(it)`) is unknown"),
    ("`\\sin^2 t`, `\\sin^{-1} x`, `\\cot x`, `\\frac{\\pi r}{h+r}`, `\\sin 2x`, `\\sin x \\cos x`, `\\sin(2)x`",
     "(sin t)², arcsin x; a function's argument without brackets is the product that follows, up to a sign, a "
     "\\cdot, a / or another function (sin(2x), sin(x)·cos(x)), one in brackets is that group alone (sin(2)·x, and "
     "`\\sin(x)^2` is (sin x)²); with trigonometry or π in variables: different where they differ at a rational point "
     "(proved there), equal when they agree at points and sympy simplifies the difference to 0, else unknown"),
    ("`{1, 3}`, `\\cfrac{1}{3}`, `19, 46, and 82`, `either 3 or 4`, `\\$32,\\!348`, `1,000.99€`, `14 {, }916`, `x = $5000`",
     "the set {1, 3} (plain braces with a comma, the whole answer); 1/3; the lists 19, 46, 82 and 3, 4; "
     "32348; 1000.99; 14916; x = 5000 in dollars (a `$` right before a digit, with no `$` after it, is a "
     "dollar sign: Pandoc's rule)"),
    ("`\\begin{cases} x=1 \\\\ y=2 \\end{cases}`, `\\left\\{\\begin{array}{l} x=1 \\\\ y=2 \\end{array}\\right.`",
     "a system: the list of its rows (x=1, y=2) when every row is an equation or an inequality (& only beside its "
     "relation); a piecewise definition (a condition after &) is unparsed"),
    ("`\\begin{vmatrix} 2 & 1 \\\\ 1 & 2 \\end{vmatrix}`", "a determinant: its Leibniz expansion (up to 4 × 4), here 3"),
    ("`根号3`, `2根号3`, `根号下(x+1)`, `3分之1`", "√3, 2√3, √(x+1), 1/3: the square root sign and n分之m (m of n "
     "parts) written in Chinese words (`根号下3x`, whose radicand has no end, is unparsed)"),
    ("`1 和 3`, `1 或 3`, `1、3`, `（1，3）`",
     "the Chinese connectors 和 与 及 以及 (and), 或 或者 (or) between answers, and full-width punctuation: the list "
     "1, 3, the alternatives 1 or 3, the pair (1, 3); a Chinese word is never a number (和平 is unparsed)"),
    ("`\\sum_{k=1}^{3} a_k`, `F_{n-1} + F_{n-2}`, `\\sum_{k=0}^{n-1} F_k F_{n-k-1}`",
     "indexed terms: a_k in a sum over k is the term of the sequence a at k (a_1 + a_2 + a_3, never 3 a_k), F_{n-1} "
     "the term at n - 1 and F_{1+1} the variable F_2; equal when their form proves it (same range, summands equal "
     "with each indexed term a letter of its own), different at a whole value of n, else unknown"),
    ("`5-7`, `2021-03-05`, `555-1234`, `5-7 days`, `2-1/2`",
     "ambiguous: numbers joined by hyphens without spaces, the whole answer in plain text, are a range, a date, a "
     "score, a phone number or a mixed number as often as a difference: against another answer, unknown (never a "
     "subtraction); the same text on both sides is equal (`5 - 7`, `5-x`, `-7`, `$31-17$`, `\\boxed{31-17}` and "
     "`5-7` inside a longer expression are read as written)"),
    ("`10,00,000`, `1,23,456`", "ambiguous: digits grouped in twos before a last group of three, the whole answer, "
     "are a list of numbers (a textbook's `36,36,108`) or one number in Indian grouping (1000000, 123456): against a "
     "number, unknown (never different)"),
    ("`3.54e-07`, `1e-5`, `7.4e-1`, `3e6`, `2e-1`", "E-notation, a power of ten, when the exponent has no sign or two "
     "or more digits, or the number is 1 or has a decimal point (Minerva's golds `3e6`, `3e8`: nobody writes 3e·6 for "
     "18e); `2e-1` and `2e+3` (a whole number from 2 on, a sign, one exponent digit) may also be 2e - 1 and 2e + 3 "
     "with Euler's e: ambiguous, compared as unknown"),
    ("`\\langle 1, 2 \\rangle`, `⟨3, -1⟩`", "a vector in angle brackets: the tuple (1, 2)"),
    ("`f^{-1}(x) = \\frac{x-3}{2}`", "the inverse function at x names the expression on the right, like `p(x) = …`; never against the same letter with another mark, `f(x) = …` or `f'(x) = …` (a function, its inverse, its derivative: unknown; `y = …` against `y' = …` too)"),
    ("`f'`, `y''`, `f^{\\prime}`, `x_1'`", "a letter with primes is one variable (the name of a derivative, or another "
     "variable): f' is neither f nor f''"),
    ("`\\mathbf{5}`, `\\boldsymbol{v}`, `\\underline{5}`, `\\large 5`, `\\nicefrac{1}{2}`",
     "5, v, 5, 5, 1/2: bold, underlining, size and colour (never white) in mathematics are their content; \\nicefrac "
     "and \\sfrac are \\frac"),
    ("`–1/2`, `{ –2, 1 – √5 }`, `－3`, `¾`, `3½`, `3⁄4`, `3٫5`, `3∙4`, `x＝5`, `12 ÷ 4`",
     "typography: a dash before a number is a minus sign (never after one: `2–3` may be a range; after a "
     "space, only after a bracket or a comma or before a root: `{ –2, 1 – √5 }`), vulgar "
     "fractions are fractions (`3½` is 7/2), ⁄ is /, ٫ a decimal point, ∙ a product, ÷ and `\\div` a "
     "quotient (left to right: `12 ÷ 4 × 3` is 9), the full-width ＝ ＋ ＜ ＞ of East Asian input methods are "
     "= + < > (`∠BOC＝145°`); invisible format characters (zero-width spaces and joiners, a byte order "
     "mark, soft hyphens, direction marks) are removed, but the invisible times, separator and plus "
     "(U+2062–U+2064) are ·, a comma and + (3⁢4 is 12, never 34), from an answer and from a response "
     "before its answer is extracted (a zero-width space inside `Wait` or `12` is not there)"),
    ("`\\mathrm{e}`, `\\mathrm{i}`, `\\text{ }`",
     "e (Euler's number), i: a single letter in `\\mathrm{…}` is that letter; an empty `\\text{}` is a space"),
    ("`1 000`, `1\\,000`, `1{,}000`, `1,\\!000`, `12 345 678`, `16,\\!386.20`",
     "one number: a first group of 1–3 digits not starting with 0, then groups of exactly 3 digits separated by "
     "a space, `\\,`, `\\ `, `~`, a thin or no-break space, `{,}` or `,\\!`; a decimal part may follow"),
    ("`1,000`, `12,345.5`, `-7,425,000`, `- 1,000` (the whole answer); `1,000 - 800 = 200`, `2,500 \\times 3`, "
     "`1,000 and 2,000`, `(1,000, 2,000)`, `\\frac{2,190,000,000}{10,000,000}`",
     "one number: plain commas in thousands groups; so is each such group in an expression or a list whose every "
     "comma with no space after it is in one (a comma and a space separate; with a percent sign after it, `1,234\\%`, one percentage; never `1,234,5`, whose commas the comma "
     "rules read, nor groups alone in brackets: `(2,251,252)` is a triple)"),
    ("`4 4/9`, `4\\frac{4}{9}`, `4 \\frac{4}{9}`, `-4 4/9`, `1 000 4/9`",
     "the mixed number 4 + 4/9 (and -(4 + 4/9)): an integer, then a proper fraction of two integer numerals "
     "(`11 7/6`, `11 6/6` are unparsed), then the end, an operator, a comma, `%` or a closing bracket; `1 and 1/5` "
     "(with a unit after it too, the whole answer: MathCAMPS's answers) is the list of two numbers, and as it is read "
     "aloud the mixed number 1 + 1/5, which the comparison tries too: equal to `6/5` and to `1, 1/5`"),
    ("`4\\frac{4}{9}x`, `2\\frac{1}{2}\\pi`, `(x+1)2\\frac{1}{2}`, `\\sqrt3\\frac{1}{2}`",
     "unparsed: a mixed number or a product (a factor before or after it, a value's or a function's command too: "
     "`\\sqrt3\\frac{1}{2}` is √3 · 1/2 or √(3½), `\\pi 2\\frac{1}{2}`); write `(4\\frac{4}{9})x` or "
     "`4 \\cdot \\frac{4}{9} x`; after an exponent it is a product (`x^2\\frac{1}{2}`)"),
    ("`2 3`, `1 00`, `4 4/9 2`, `11.0 4/9`, `11/10 4/9`, `x^2 3`, `11` line break `5/6`, `2 \\quad -2`",
     "unparsed: two numbers with only white space between them that are neither one number nor a mixed "
     "number (`\\log_2 8` is a subscript, then the argument; `2^6 3^5 5^4`, powers side by side, is a "
     "product); so are two values set apart by a wide space before a sign (`2 \\quad -2`, `3~-4`, `$3$ "
     "$-4$`): never the difference 2 - 2"),
    ("`\\frac{1}{2}3`, `\\frac12 3`, `0.\\overline{3}6`, `0.(3)6`, `5!3`, `\\sqrt{2}3`, `2^{10}24`",
     "unparsed: a number written right after a closed value (a fraction, a root, a binomial, a repeating "
     "decimal's bar or brackets, a factorial, an absolute value, a floor or a ceiling, an exponent in braces), "
     "with at most thin spaces between: a product written backwards or a mistyped number (`0.\\overline{3}6` "
     "is never 1/3 · 6, nor `\\frac{1}{2}3` 3/2); a factor is written first (`3\\frac{1}{2}` is a mixed "
     "number, `3 \\cdot \\frac{1}{2}` a product); never after a subscript or a function's power "
     "(`\\log_{2}8`, `\\sin^{2}3`, `\\sum_{k=1}^{n} 2k`), a fraction's first argument (`\\frac{270}7`), a "
     "root's index (`\\sqrt[3]8`), powers side by side (`2^{6} 3^{5}`), nor other brackets "
     "(`200\\left(\\cos \\frac{\\pi}{6}\\right) 20`, a textbook's product)"),
    UNIT_RULE,
    ("`0,111`, `-0,5`, `1000,99`, `3{,}14`",
     "ambiguous (a decimal comma or a list) unless `decimal_comma` chooses: a comma between digits, no space, "
     "outside brackets, whose left part starts with 0 or has 4+ digits; or a `{,}` that is not a thousands group; "
     "three or more numbers joined by tight commas (`-2,0,2`, no comma followed by a space) are a list"),
    ("`-2,1`, `1,5`, `12,5`", "a list (MATH writes several answers this way); `decimal_comma=\"decimal\"` reads 1.5"),
    ("a response's `Ответ: 1,72`, `Réponse : 3,5`, `… $5{,}22$ … 5,22`, `Die Antwort ist 57.500.`",
     "decimal commas, when `decimal_comma` is not given and the response says so twice: its language writes them "
     "(prose mostly in Cyrillic script, or the answer word right before the answer is French `Réponse :`, German "
     "`Die Antwort ist`, Italian, Portuguese, Polish, Czech, Dutch, Scandinavian, Finnish, Turkish, Hungarian, "
     "Romanian, Vietnamese `Đáp án là` or Indonesian `Jawabannya adalah`; not Spanish, written both ways), and it writes a decimal comma itself before its answer (`5,22 м`, "
     "`5{,}22`), with no decimal point anywhere (a full stop before three digits that end a group is none); where that "
     "language groups thousands with full stops (German, Italian, Portuguese, Dutch, Turkish, Romanian, Vietnamese, "
     "Indonesian) `57.500` is "
     "57500 and `82.666,67` is 82666.67, and with no decimal comma written `57.500` is ambiguous; so is a comma "
     "before one, two or four or more digits when the response writes its language's answer word or Cyrillic prose but no "
     "decimal comma before its answer (`Ответ: 1,72` alone, two roots `\\boxed{-1,3}`: 1.72 or the list 1, 72); "
     "`60,000` (three digits after) and `-2,0,2` are read as by default, brackets still separate; the certificate's extraction says why (`decimal_comma`)"),
    ("`(0,5)`, `[0,1)`, `\\{0,1\\}`, `1.5,2`, `x^2,3`",
     "plain commas inside brackets, after a decimal number or after an exponent always separate"),
    ("`decimal_comma=\"decimal\"`",
     "every comma between digits outside brackets, and every `{,}`, is a decimal point (`1,000` is 1); "
     "spaces still group thousands"),
    ("`decimal_comma=\"list\"`",
     "commas are never decimal points: thousands groups stay numbers, the ambiguous commas separate"),
)  # fmt: skip


class AnswerParseError(ValueError):
    """Text outside the answer grammar or its limits; ``position`` is a character offset or -1."""

    def __init__(self, reason: str, position: int = -1) -> None:
        super().__init__(reason)
        self.reason = reason
        self.position = position


#: A whole answer written with thousands separators (``1,000`` or ``12,345.5``, ``- 1,000``: a space after its sign) is
#: one number, not a list.
THOUSANDS = re.compile(r"(?:[-+][ \t]{0,3})?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?")
_THOUSANDS_PERCENT = re.compile(THOUSANDS.pattern + r"[ \t]*%")
# thousands groups inside an expression or a list (1,000 - 800, 1,000 and 2,000), and a comma with no space after it
_GROUPED = re.compile(r"(?<![\d.,])[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?(?!\d|,\d)")
_TIGHT_COMMA = re.compile(r",(?!\s)")
# what makes groups an expression's or a list's (an operator, a relation, a comma and a space, and, or): never groups
# alone in brackets, (2,251,252), whose commas separate
_GROUPS_JOINED = re.compile(r"[-+*/=×÷<>]|\\(?:times|cdot|div)(?![A-Za-z])|,\s|(?<![A-Za-z])(?:and|or)(?![A-Za-z])")
# a fraction of two numbers, one of them or both in thousands groups: \frac{2,190,000,000}{10,000,000} (each argument a
# number as its whole, never a list)
_NUMERAL_ARGUMENT = r"\{\s*(?:[1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.\d+)?\s*\}"
_FRACTION_OF_GROUPS = re.compile(rf"\\[dtc]?frac\s*{_NUMERAL_ARGUMENT}\s*{_NUMERAL_ARGUMENT}")
# what may stand before a lone number with thousands groups: a name and =, \\approx, or both
_VALUE_LEAD = re.compile(r"\s*(?:[A-Za-z](?:_\{?\w+\}?)?\s*(?:=|\\approx(?![A-Za-z]))\s*|\\approx(?![A-Za-z])\s*)?")


def clean(text: str) -> str:
    """Apply :data:`CLEANUP_RULES` in order (the reading rules come after, in :mod:`pyverify.answers._parse`)."""
    return _clean(text)[1]


_UNIT_PATTERNS = frozenset((_UNIT_CHAIN, _MATHRM_UNIT, _TEXT_UNIT, _TRAILING_UNIT))


def _clean(text: str) -> tuple[str, str, tuple[str, ...]]:
    """(the text after the rules for ``\\text{...}``, before later rules rewrite the words in it; the clean text;
    the unit phrases the unit rules removed, normalized: see :mod:`pyverify.answers._units`)."""
    texts = text
    units: list[str] = []
    for (_, pattern, _), (compiled, replacement) in zip(CLEANUP_RULES, _compiled_cleanup()):
        if pattern == _UNIT_CHAIN:
            found = compiled.search(text)
            if found and _unit_chain(found.group(), text[: found.start()]) and not _after_subscript(text, found.start()):
                units.append(normalize(found.group()))
                text = text[: found.start()] + " " + text[found.end() :]
            continue
        if pattern in _UNIT_PATTERNS:  # (a label in a subscript, V_{3\\text{inch}}, is no unit of the answer)
            units += (normalize(m.group()) for m in compiled.finditer(text) if not _in_script(text, m.start()))
        elif pattern == _CURRENCY:  # \$5: dollars (¥ is yen or yuan: kept as written, compared only as written)
            units += (CURRENCY_UNITS.get(m.group().strip(), m.group().strip()) for m in compiled.finditer(text))
        elif pattern in (_COUNTED_IN_BRACKETS, _COUNTED_IN_TEXT):  # 5 (milliseconds): its words are its unit
            units += (normalize(w) for m in compiled.finditer(text) if (w := counted_words(pattern, m)))
        elif pattern == _COUNTED_FOREIGN:  # 5 минут: a word the unit table cannot read, compared as written (never
            units += (w.lower() for m in compiled.finditer(text) if (w := counted_words(pattern, m)))  # with 5 часов)
        elif pattern == _DEGREE_MARK and not units and _LONE_DEGREES.fullmatch(text):  # 90^\circ: 90 in degrees
            units.append("degree")
        elif pattern == _DEGREE_CF:  # 5^\circ C: degrees Celsius, a unit of its own (not converted: affine)
            units += ("fahrenheit" if "F" in m.group()[m.end(1) - m.start():] else "celsius"
                      for m in compiled.finditer(text))  # fmt: skip
        text = compiled.sub(replacement, text)
        if pattern == _TEXT_UNIT:
            texts = text
    stated = [unit for unit in units if unit]
    rates = [unit for unit in stated if unit.startswith("per ")]
    if len(rates) == 1 and len(stated) == 2:  # \$5 per hour: the currency and the rate read apart; one unit, dollar per hour
        units = [next(unit for unit in stated if unit != rates[0]) + " " + rates[0]]
    return texts, text.strip(), tuple(units)


@lru_cache(maxsize=1)
def _compiled_cleanup() -> list[tuple[re.Pattern[str], Any]]:
    """CLEANUP_RULES compiled once (more of them than ``re``'s own cache keeps cheaply at hand per call)."""
    return [(re.compile(pattern), replacement) for _, pattern, replacement in CLEANUP_RULES]


# ------------------------------------------------------------ reading rules (see READING_RULES)

# What an escape sequence leaves when a LaTeX command is written in a non-raw string: the control character
# stands for backslash + letter. TAB, CR and LF are also ordinary white space, so they only count before the
# rest of one of these commands; the other control characters never belong in an answer.
_ESCAPES = ESCAPE_LETTERS
_COMMANDS = ESCAPED_COMMANDS


def _check_control(text: str, whitespace: bool = True, only_commands: bool = False) -> None:
    """Refuse control characters; with ``whitespace``, also TAB, CR and LF before the rest of a LaTeX command; with
    ``only_commands`` (a long response's prose: its extracted answer is checked whole), only those that ate the
    backslash of a LaTeX command (``\\x08oxed``)."""
    for match in re.finditer(r"[\x00-\x1f]", text):
        char = match.group()
        if not whitespace and char in "\t\r\n":
            continue
        rest = re.match(r"[A-Za-z]*", text[match.end() :]).group()  # type: ignore[union-attr]
        command = _ESCAPES.get(char, "") + rest
        if command in _COMMANDS:
            raise AnswerParseError(
                f"outside the answer grammar: a control character {char!r} before {rest!r} at column "
                f"{match.start() + 1} (the \\{command} of LaTeX read as an escape sequence)", match.start()
            )  # fmt: skip
        if char not in "\t\r\n" and not only_commands:
            raise AnswerParseError(
                f"outside the answer grammar: the control character {char!r} at column {match.start() + 1}", match.start()
            )  # fmt: skip


_LETTER_RUN = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")
_SUBSCRIPT_LABEL = re.compile(r"(?<=[A-Za-z}])_\s*\{\s*[A-Za-z0-9]{1,8}\s*\}")
_ENVIRONMENT = re.compile(r"\\(?:begin|end)\{[A-Za-z*]*\}(?:\{[lcr| ]*\})?")


_TEXT_LEFT = re.compile(r"\\(" + "|".join((*TEXT_COMMANDS, "operatorname")) + r")\s*\{")
_UNIT_ONLY = re.compile(rf"\s*(?:{_unit_phrase(letters=True)})\s*")


def _closing_brace(text: str, start: int) -> int:
    """The index just past the brace that closes the group opened before ``start`` (len(text) if none does)."""
    depth, i = 1, start
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in "{}":
            i += 2
            continue
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
        if depth == 0:
            return i
    return i


def _texts_left(text: str) -> list[tuple[re.Match[str], int]]:
    """The ``\\text{...}``, ``\\mathrm{...}``, ``\\operatorname{...}`` in ``text`` (not nested ones), with the
    index past their closing brace."""
    found: list[tuple[re.Match[str], int]] = []
    for match in _TEXT_LEFT.finditer(text):
        if not found or match.start() >= found[-1][1]:
            found.append((match, _closing_brace(text, match.end())))
    return found


def _content(match: re.Match[str], end: int) -> str:
    text = match.string
    return text[match.end() : end - 1] if text[end - 1 : end] == "}" else text[match.end() :]


def _text_errors(text: str, texts: str) -> tuple[AnswerParseError | None, list[tuple[int, int]]]:
    """The first ``\\text{...}`` (or ``\\mathrm``, ``\\operatorname``, ...) that the clean-up left in ``text``,
    as an error naming it as it was before later clean-up rules rewrote words in it (in ``texts``), and the spans
    of all of them (their words are reported as text, not one by one)."""
    left, before = _texts_left(text), _texts_left(texts)
    spans = [(match.start(), end) for match, end in left]
    if not left:
        return None, spans
    match = left[0][0]
    command, content = match.group(1), _content(*(before if len(before) == len(left) else left)[0])
    shown = f"\\{command}{{{content[:60]}{'...' if len(content) > 60 else ''}}}"
    where = f"'{shown}' at column {match.start() + 1}"
    if command != "operatorname" and _UNIT_ONLY.fullmatch(content):
        after = text[left[0][1] :].strip()[:12]
        reason = (
            f"the unit {where} ends no quantity: '{after}' follows it (a unit is removed only where its quantity ends)"
        )
    elif command in ("mathrm", "operatorname"):
        reason = f"the name {where} is not a letter, a unit or a function of the answer grammar"
    else:
        reason = f"the text {where} is not a unit, 'or' or 'and' (text answers are not read)"
    return AnswerParseError(f"outside the answer grammar: {reason}", match.start()), spans


_ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})


def _exponent_depths(text: str) -> list[bool]:
    """For each position of ``text``, whether it lies in an exponent: right after ``^`` or inside the braces of
    ``^{...}`` (one pass with a stack of the open braces; an unbalanced ``}`` is skipped)."""
    inside, last = [False] * (len(text) + 1), ""  # last: the last character that is not a space
    stack: list[bool] = []
    for k, ch in enumerate(text):
        inside[k] = (bool(stack) and stack[-1]) or text[k - 1 : k] == "^"
        if ch == "{":
            stack.append(last == "^" or (bool(stack) and stack[-1]))
        elif ch == "}" and stack:
            stack.pop()
        if not ch.isspace():
            last = ch
    return inside


def _braced(text: str, match: re.Match[str]) -> bool:
    """A run that is the whole argument of a command (``{NO}``): a name, never a shouted word."""
    return text[: match.start()].rstrip().endswith("{") and text[match.end() :].lstrip().startswith("}")


def _ordinal_exponent(text: str, match: re.Match[str]) -> bool:
    """An ordinal suffix that is the whole exponent (``n^{th}``, ``n^th``) or follows a digit (``x^{2nd}``), not a
    product in an exponent (``e^{-st}``)."""
    if match.group().lower() not in _ORDINAL_SUFFIXES:
        return False
    before, after = text[: match.start()].rstrip(), text[match.end() :].lstrip()
    return before.endswith("^") or before[-1:].isdigit() or (before.endswith("^{") and after.startswith("}"))


def _word_error(text: str, texts: str | None = None) -> AnswerParseError | None:
    """The first run of letters that is a word (outside the grammar), or the first text that the clean-up left if
    it comes earlier (``texts``: see :func:`_text_errors`); short non-word runs stay products (2xy, ab)."""
    text_error, spans = _text_errors(text, text if texts is None else texts)
    masked = _ENVIRONMENT.sub(lambda m: " " * len(m.group()), text)  # pmatrix in \begin{pmatrix} is no word
    masked = _SUBSCRIPT_LABEL.sub(lambda m: " " * len(m.group()), masked)  # \lambda_{red}: a label, no word
    for start, end in spans:
        masked = masked[:start] + " " * (end - start) + masked[end:]
    exponent: list[bool] | None = None
    paired = short_word_pair(masked)
    for match in _LETTER_RUN.finditer(masked):
        if text_error is not None and text_error.position < match.start():
            break
        run, column = match.group(), match.start() + 1
        if masked[match.end() : match.end() + 1] == "{":
            return AnswerParseError(
                f"outside the answer grammar: '{run}{{' at column {column} is a LaTeX command without its backslash",
                match.start(),
            )
        # a capital after a small letter (sT, aM) is no English word: the product of two variables (e^{-sT});
        # nor is a short run in an exponent other than an ordinal suffix (e^{it}, e^{-st}: i·t, s·t)
        word = (
            run in SHOUTED_WORDS and not _braced(masked, match)  # \frac{NO}{BO}: the segments NO and BO
            if run.isupper()
            else run.lower() in SHORT_WORDS and (run.islower() or run.istitle())
        )
        if not word and match.start() == paired:
            exponent = _exponent_depths(masked) if exponent is None else exponent
            word = not exponent[match.start()]  # Sam ate 175: two short runs side by side are words (never S·a·m·a·t·e)
        if word and len(run) <= 3:
            exponent = _exponent_depths(masked) if exponent is None else exponent
            word = not exponent[match.start()] or _ordinal_exponent(masked, match)
        if len(run) >= 4 or word:
            return AnswerParseError(
                f"outside the answer grammar: the word '{run}' at column {column} is not mathematics", match.start()
            )
    return text_error


# digit groups separated by spaces (1 000, 12 345 678) or by {,} (1{,}000); a fraction bar after them
# makes the last group a numerator (1 000/3 is not 1000/3)
_GROUPS = re.compile(r"(?<![\w.^/])[1-9]\d{0,2}(?:(?: +|\{,\})\d{3})+(?![\d/])(?!\{,\}\d)")
_GROUPS_SPACES = re.compile(r"(?<![\w.^/])[1-9]\d{0,2}(?: +\d{3})+(?![\d/])")
# what may follow a mixed number: the end, an operator, a comma, % or a closing bracket
_AFTER_MIXED = (
    r"(?=[ \t]*(?:$|[,;)\]}%+\-=<>&|]|\\[\\}]|\\(?:cdot|times|pm|mp|cup|le|ge|leq|geq|neq|lt|gt)(?![A-Za-z])))"
)
_INTEGER = r"(?:0|[1-9]\d*)"
_MIXED_FRAC = re.compile(rf"(?<![\d.])(\d+)[ \t]*(\\frac\{{\s*{_INTEGER}\s*\}}\{{\s*\d+\s*\}})(?![\d.])")
_MIXED_SLASH = re.compile(rf"(?<![\d.])(\d+)[ \t]+({_INTEGER}/\d+)(?![\d.])" + _AFTER_MIXED)
_SIDE_BY_SIDE = re.compile(r"(?<![\d.])(\d+\.?\d*|\.\d+)\s+(?=\.?\d)")


# commands that are operators, relations or spacing: a mixed number may start after them (\cdot 4\frac49, = \quad 2\frac12)
_OPERATOR_COMMANDS = frozenset("cdot times div pm mp le ge leq geq neq ne lt gt approx sim simeq equiv to rightarrow "
                               "Rightarrow implies iff quad qquad left right bigl bigr Bigl Bigr colon in cup cap "
                               "setminus mid and or text mathrm".split())


def _before_integer(text: str, start: int) -> str:
    """What the integer at ``start`` is, from what comes before it (spaces skipped): ``part`` of an exponent,
    a subscript, a denominator or a number (never a mixed number), after a ``factor`` (a closing bracket, a
    variable, ``!``, ``%``: a mixed number or a product), or ``free`` (a mixed number may start here)."""
    before = text[:start].rstrip()
    last = before[-1:]
    if last and (last.isdigit() or last in ".^_/"):
        return "part"
    if last.isalpha():
        # \cdot 4 4/9 (after an operator's command), but x 4 4/9, \sqrt3\frac12 and \pi 2\frac12 (after a value or a
        # function's command: √3 · 1/2 or √(3½), a product or a mixed number)
        command = re.search(r"\\([A-Za-z]+)$", before)
        return "free" if command and command.group(1) in _OPERATOR_COMMANDS else "factor"
    return "factor" if last and last in ")]}!%" else "free"


def _proper(match: re.Match[str], fraction: str) -> None:
    """A mixed number's fraction is proper (``11 7/6`` and ``11 6/6`` are no mixed numbers, as in Math-Verify's
    reading: a product or a typo, so refused); a zero denominator is left for the comparison (undefined)."""
    numerator, denominator = (int(n) for n in re.findall(r"\d+", fraction))
    if denominator and numerator >= denominator:
        raise AnswerParseError(
            f"outside the answer grammar: {match.group()!r} at column {match.start() + 1} is not a mixed number "
            f"(its fraction {numerator}/{denominator} is not proper) and two numbers side by side are not a product",
            match.start(),
        )


def _mixed_frac(match: re.Match[str]) -> str:
    context = _before_integer(match.string, match.start())
    if context == "part":
        return match.group()  # x^2\frac{1}{2} is x^2 times a half
    if context == "free" and re.match(_AFTER_MIXED, match.string[match.end() :]):
        _proper(match, match.group(2))
        return f"({match.group(1)}+{match.group(2)})"
    raise AnswerParseError(
        f"outside the answer grammar: {match.group()!r} at column {match.start() + 1} is a mixed number or a "
        "product (a factor before or after it); write the mixed number in parentheses or the product with \\cdot",
        match.start(),
    )


def _mixed_slash(match: re.Match[str]) -> str:
    if _before_integer(match.string, match.start()) == "free":
        _proper(match, match.group(2))
        return f"({match.group(1)}+{match.group(2)})"
    return match.group()  # left as written: two numbers side by side, refused below


# what _delimiters rewrites: bars and \vert, \lvert \rvert, floor and ceiling brackets; an array's column
# specification (\begin{array}{c|c}) is passed over
_DELIMITER = re.compile(r"\\begin\{array\}\{[^{}]*\}|\\[lr]?vert(?![A-Za-z])|\\[lr](?:floor|ceil)(?![A-Za-z])|\|")
_REPEATING = re.compile(r"(?<![\d.])(\d*)\.(\d*)\s*\\(?:overline|bar)\s*\{\s*(\d+)\s*\}")
# the repeating digits in brackets right after the decimal point (0.(3), 0.(142857): Europe's notation; no product
# starts at a point); after other decimal digits, 0.1(6) is 1/6 or the product 0.6, and is refused
_REPEATING_BRACKETS = re.compile(r"(?<![\w.])(\d+)\.()\((\d+)\)")
_REPEATING_OR_PRODUCT = re.compile(r"(?<![\d.])\d*\.\d+\(\d+\)")
_OPERAND_END = re.compile(r"[A-Za-z0-9)\]}!%.]$")
#: Digits a repeating decimal may have (integer part, fixed and repeating digits together).
MAX_REPEATING_DIGITS = 200


def bracket_groups(text: str) -> str:
    """Square brackets used as parentheses, ``\\frac{1}{4}[\\cos 2t + \\sin 2t]`` and ``[P_0 - gz]^{5/2}`` (Minerva's golds):
    a ``[...]`` with no comma or semicolon at its own level that follows an operand or an operator, or is followed by
    a power, is ``(...)``, and so is a bracket around one integer (``[90]``, ``[-2]``: that integer whether it
    groups, is a list of one, TheoremQA's ``[3]``, or the integer part). An interval or a list has a comma; another
    bracket standing alone (``[x]``, ``[2.5]``: the integer part in some texts) is left as written. Hand-written: the
    pairing needs a bracket count."""
    if "[" not in text:
        return text
    chars = list(text)
    stack: list[tuple[int, bool]] = []  # (index of an open bracket, a comma or semicolon seen at its level)
    for i, ch in enumerate(text):
        if ch in "([{":
            stack.append((i, False))
        elif ch in ",;" and stack:
            stack[-1] = (stack[-1][0], True)
        elif ch in ")]}" and stack:
            start, separated = stack.pop()
            if ch != "]" or text[start] != "[" or separated or (start > 0 and text[start - 1] == "\\"):
                continue
            before = text[:start].rstrip()
            if re.search(r"\\[A-Za-z]+$", before):
                continue  # \sqrt[3]{2}: a command's optional argument
            after = text[i + 1 :].lstrip()
            operand = bool(before) and (before[-1].isalnum() or before[-1] in "})]!+-*/=" or before.endswith("\\cdot"))
            integer = re.fullmatch(r"\s*[-−]?\d+\s*", text[start + 1 : i]) is not None
            if (operand or after.startswith("^") or integer) and text[start + 1 : i].strip():
                chars[start], chars[i] = "(", ")"
    return "".join(chars)


def _delimiters(text: str) -> str:
    """Absolute values, floors and ceilings written as the grammar reads them (``\\abs{x}``, ``\\floor{x}``,
    ``\\ceil{x}``), and repeating decimals as the fraction they are.

    A bar (``|`` or ``\\vert``; ``\\left|`` has already lost its ``\\left``) closes the innermost open bar
    when it follows an operand (a digit, a letter, a closing bracket, ``!``), and opens one otherwise:
    ``|x||y|`` is |x|·|y|, ``||x|-1|`` nests. Hand-written because the bar is its own closing delimiter, which an
    LALR grammar cannot pair. A bar left open is refused with that reason."""
    text = _REPEATING_BRACKETS.sub(_repeating, _REPEATING.sub(_repeating, text))
    ambiguous = _REPEATING_OR_PRODUCT.search(text)
    if ambiguous and "=" not in text[ambiguous.end() :]:  # (in the working before an =, 0.5(10) = 5, it is a product)
        raise AnswerParseError(f"outside the answer grammar: {ambiguous.group()!r} is a repeating decimal or a product "
                               "(write \\overline{...} for the repeating digits)", ambiguous.start())  # fmt: skip
    if not _DELIMITER.search(text):
        return text
    out: list[str] = []
    pos, open_bars = 0, 0
    for match in _DELIMITER.finditer(text):
        token = match.group()
        if token.startswith("\\begin"):
            continue
        out.append(text[pos : match.start()])
        pos = match.end()
        if token in ("\\lfloor", "\\lceil"):
            out.append("\\floor{" if token == "\\lfloor" else "\\ceil{")
        elif token in ("\\rfloor", "\\rceil", "\\rvert"):
            open_bars -= token == "\\rvert"
            out.append("}")
        elif token == "\\lvert":
            open_bars += 1
            out.append("\\abs{")
        else:
            before = "".join(out).rstrip()
            if open_bars > 0 and _OPERAND_END.search(before):
                open_bars -= 1
                out.append("}")
            else:
                open_bars += 1
                out.append("\\abs{")
    out.append(text[pos:])
    if open_bars > 0:
        column = text.find("|") + 1 or text.find("\\") + 1
        raise AnswerParseError(f"outside the answer grammar: an absolute value bar at column {column} is never closed",
                               column - 1)  # fmt: skip
    return "".join(out)


def _repeating(match: re.Match[str]) -> str:
    whole, fixed, repeat = match.groups()
    if len(whole) + len(fixed) + len(repeat) > MAX_REPEATING_DIGITS:
        raise AnswerParseError(f"a repeating decimal of more than {MAX_REPEATING_DIGITS} digits", match.start())
    value = int(whole or "0") + Fraction(
        int(fixed + repeat) - int(fixed or "0"), 10 ** len(fixed) * (10 ** len(repeat) - 1)
    )
    return f"(\\frac{{{value.numerator}}}{{{value.denominator}}})"


# a decimal with at least 16 significant digits (a binary float printed in full: 0.036000000000000004)
_FLOAT_PRINTED = re.compile(r"(?<![\d.])(\d+)\.(\d+)(?![\d.])")


def _float_noise(match: re.Match[str]) -> str:
    """The shorter decimal a float's printed rounding noise stands for (0.036000000000000004 is 0.036), else the
    number as written: rounded to 15 significant digits it must keep at most 12 (a run of zeros or nines before the
    noise). Written by hand: the rounding of one literal, exact in Decimal."""
    digits = (match.group(1) + match.group(2)).lstrip("0")
    if len(digits) < 16 or len(match.group(1).lstrip("0")) > 15:
        return match.group()  # (a float of 10^16 or more prints in e-notation: digits there are no float's noise)
    rounded = decimal.Context(prec=15, rounding=decimal.ROUND_HALF_EVEN).create_decimal(match.group()).normalize()
    shown = format(rounded, "f")
    return shown if len(shown.replace(".", "").strip("0")) <= 12 else match.group()


def without_float_noise(text: str) -> str:
    """``text`` with each float's printed rounding noise read as the shorter decimal it stands for (a reference's
    reading: see :func:`pyverify.answers.parse_answer`)."""
    return _FLOAT_PRINTED.sub(_float_noise, text) if len(text) >= 17 else text


def has_float_noise(text: object) -> bool:
    """Whether ``text`` (a gold answer) writes a float with its printed rounding noise: a candidate is then read the
    same way (its verbatim copy is equal)."""
    return isinstance(text, str) and without_float_noise(text) != text


def _numbers(text: str, decimal_comma: str | None) -> str:
    """Thousands groups become one number, mixed numbers a sum; two numbers side by side are refused."""
    # with decimal commas, {,} is a decimal point and only spaces group thousands
    groups = _GROUPS_SPACES if decimal_comma == "decimal" else _GROUPS
    text = groups.sub(lambda m: re.sub(r" +|\{,\}", "", m.group()), text)
    if decimal_comma == CONTEXT_DOTS:  # 57.500, 82.666,67 in German: full stops group thousands
        text = DOT_GROUPS.sub(lambda m: m.group().replace(".", ""), text)
    lead = _VALUE_LEAD.match(text)  # x = 1,000 and \\approx 1,000 are 1000 as 1,000 is
    if decimal_comma != "decimal" and (THOUSANDS.fullmatch(text, lead.end()) or  # type: ignore[union-attr]
                                       _THOUSANDS_PERCENT.fullmatch(text, lead.end())):  # type: ignore[union-attr]
        text = text.replace(",", "")  # (1,234% too: one percentage, never 1 and 234%)
    elif decimal_comma not in ("decimal", CONTEXT, CONTEXT_DOTS) and "," in text:
        # 1,000 - 800 = 200, 2,500 \times 3, 1,000 and 2,000, (1,000, 2,000): groups in an expression or a list, each
        # one number, when every comma with no space after it is in one (a list item never opens with the three digits
        # of a group: 1, 000 - 800 is no reading; 1,5 or 1,234,5 leave the commas to the comma rules)
        text = _FRACTION_OF_GROUPS.sub(lambda m: m.group().replace(",", ""), text)
        grouped = list(_GROUPED.finditer(text))
        inside = {k for g in grouped for k in range(g.start(), g.end())}
        if grouped and all(m.start() in inside for m in _TIGHT_COMMA.finditer(text)) and _GROUPS_JOINED.search(text):
            text = _GROUPED.sub(lambda m: m.group().replace(",", ""), text)
    text = _MIXED_FRAC.sub(_mixed_frac, text)
    text = _MIXED_SLASH.sub(_mixed_slash, text)
    for match in _SIDE_BY_SIDE.finditer(text):
        if match.start() > 0 and text[match.start() - 1] == "_":
            continue  # \log_2 8: a subscript, then the argument
        if re.search(r"\\(?:sin|cos|tan|cot|sec|csc|ln|log|exp)\s*\^\s*$", text[max(0, match.start() - 8) : match.start()]):
            continue  # \sin^2 2x: a function's power, then its argument
        right = re.match(r"\.?\d+(?:\.\d*)?", text[match.end() :]).group()  # type: ignore[union-attr]
        if (match.start() > 0 and text[match.start() - 1] == "^" and len(match.group(1)) == 1
                and text[match.end() + len(right) :].lstrip().startswith("^")):
            continue  # 2^6 3^5 5^4: a factorization, powers side by side (a one-digit exponent ends its power)
        pair = text[match.start() : match.end() + len(right)]
        raise AnswerParseError(
            f"outside the answer grammar: two numbers side by side at column {match.start() + 1} ({pair.strip()!r})"
            " are neither one number nor a mixed number",
            match.start(),
        )
    return text


def _depths(text: str) -> list[int]:
    depth, out = 0, []
    for ch in text:
        if ch in ")]}":
            depth -= 1
        out.append(depth)
        if ch in "([{":
            depth += 1
    return out


# a comma (or {,}) between two whole digit runs; neither side may belong to a decimal number or sit in an
# exponent or subscript (1.5,2 and x^2,3 are lists whatever the option says)
_DIGIT_COMMA = re.compile(r"(?<![\d.^_])(\d+)(\{,\}|,)(?=(\d+)(?!\d|\.\d))")


def _comma_candidates(text: str) -> list[tuple[int, int, bool, str, bool]]:
    """Commas between digits that could be decimal commas, left to right: (start, end, ambiguous by default,
    the digits around it as written, a decimal comma in a response that writes them).

    A plain comma counts when it is outside brackets and has no space on either side; it is ambiguous when
    its left part starts with 0 or has four or more digits (``0,111``, ``1000,99``) and otherwise a list
    separator by default (``-2,1``, ``1,5``: MATH's lists); in three or more numbers joined by tight commas with no
    comma followed by a space (``-2,0,2``) every comma separates. A ``{,}`` left between digits after the
    thousands groups is always ambiguous (``3{,}14``), inside brackets too. In a response that writes decimal
    commas (:func:`comma_convention`) each of these is a decimal comma unless three digits follow it after a
    nonzero left part (``60,000`` may still be a thousands group there: models write English groups in Russian text).
    """
    depths = _depths(text)
    found = []
    plain = [m for m in _DIGIT_COMMA.finditer(text) if m.group(2) == "," and depths[m.start(2)] == 0]
    spaced = any(ch == "," and depths[k] == 0 and text[k + 1 : k + 2].isspace() for k, ch in enumerate(text))
    # three or more numbers joined by tight commas, and no comma followed by a space: a list (-2,0,2; 10,11,12),
    # since a number has at most one decimal comma and a list of decimal-comma numbers needs another separator
    listed = len(plain) >= 2 and not spaced
    for match in _DIGIT_COMMA.finditer(text):
        start, end = match.span(2)
        left = match.group(1)
        sign = "-" if match.start() > 0 and text[match.start() - 1] == "-" else ""
        fragment = sign + "".join(match.group(1, 2, 3))
        in_context = len(match.group(3)) != 3 or left.startswith("0")
        if match.group(2) == "{,}":
            found.append((start, end, True, fragment, in_context))
        elif depths[start] == 0:
            found.append((start, end, not listed and (left.startswith("0") or len(left) >= 4), fragment,
                          in_context and not listed))  # fmt: skip
    return found


def _readings(text: str, decimal_comma: str | None) -> tuple[str, str | None, str]:
    """(the text to parse, the other reading or None, the first ambiguous fragment) after the comma rules."""
    candidates = _comma_candidates(text)
    if decimal_comma == "decimal":
        return _replace(text, [(s, e) for s, e, _, _, _ in candidates], "."), None, ""
    if decimal_comma in (CONTEXT, CONTEXT_DOTS):  # a response that writes decimal commas: 1,72 is 1.72; 60,000 as by default
        text = _replace(text, [(s, e) for s, e, _, _, decimal in candidates if decimal], ".")
        candidates = [c for c in _comma_candidates(text) if not c[4]]
    chosen = [(s, e) for s, e, ambiguous, _, _ in candidates if ambiguous]
    if decimal_comma == "list" or not chosen:
        return _replace(text, chosen, ","), None, ""
    fragment = next(f for _, _, ambiguous, f, _ in candidates if ambiguous)
    return _replace(text, chosen, "."), _replace(text, chosen, ","), fragment


#: The decimal_comma values (internal) of a response that writes decimal commas, and of one that also groups
#: thousands with full stops: see :func:`comma_convention`.
CONTEXT = "context"
CONTEXT_DOTS = "context, dots"
AMBIGUOUS = "ambiguous"  # (not a decimal_comma value: comma_convention's answer that the answer has two readings)
# How a response writes its decimal numbers, from the response itself. Written by hand: the signals are a script, a
# few answer words and the numbers it writes; a language detector names a language, not its number convention
# (Spanish is written both ways), and none reads LaTeX.
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_LATIN = re.compile(r"[A-Za-z]")
_COMMAND = re.compile(r"\\[A-Za-z]+")
_COMMA_MARKERS = re.compile(r"(?i)(?<![^\W\d_])(?:(réponse|antwort|risposta|resposta|odpowiedź|odpověď|antwoord|svar|"
                            r"vastaus|cevap|yanıt|válasz|răspuns|đáp\s+án|đáp\s+số|jawaban(?:nya)?)[^\S\n]*:|"
                            r"(r[ée]ponse)(?:\s+finale)?\s+est|(antwort)\s+(?:ist|lautet)|(risposta)(?:\s+finale)?\s+[èe]|"
                            r"(resposta)(?:\s+final)?\s+[ée]|(đáp\s+án|đáp\s+số)\s+là|(jawaban(?:nya)?)\s+adalah|"
                            r"(antwoord)\s+is|(svar)et\s+är|(vastaus)\s+on|(răspuns)ul\s+este|"
                            r"(?-i:(Cevap|Yanıt|Válasz|Jawaban(?:nya)?)|A[^\S\n]+(válasz))(?=[^\S\n]))(?![^\W\d_])")  # (Cevap 3,5: no colon)
# a decimal point: between digits, unless three digits end a group after a nonzero part (57.500 in German text)
_DECIMAL_POINT = re.compile(r"(?<![\d.])0\.\d|\d\.(?!\d{3}(?![\d]))\d")
#: thousands grouped by full stops (57.500, 82.666,67): a thousands group in a response that writes decimal commas
DOT_GROUPS = re.compile(r"(?<![\d.])[1-9]\d{0,2}(?:\.\d{3})+(?![\d.])")
_BRACED_DECIMAL = re.compile(r"\d\{,\}(?:\d{1,2}|\d{4,})(?!\d)")
_DIGIT_COMMA_DIGIT = re.compile(r"\d(?:,|\{,\})\d|(?<![\d.])[1-9]\d{0,2}\.\d{3}(?!\d)")


def comma_convention(response: str, answer: str, start: int) -> tuple[str | None, str]:
    """How ``response`` writes the numbers of ``answer`` (taken from it at ``start``): (None, '') for the default reading
    (``1,5`` a list, ``0,5`` ambiguous, ``1.000`` one), else the internal ``decimal_comma`` value and why.

    A response read with decimal commas (:data:`CONTEXT`) says so twice: its language writes them (its prose is mostly
    in Cyrillic script, every language written in which does, or the answer word right before the answer is one of a
    language that does: ``Réponse :``, ``Die Antwort ist``, ``Odpowiedź:``; not Spanish, written both ways), and it
    writes a decimal comma itself before its answer (``5,22 м``, ``5{,}22``: a comma before other than three digits,
    outside brackets), and no decimal point anywhere (a full stop before three digits that end a group, ``57.500``, is
    none). Where that language groups thousands with full stops (German, Italian, Portuguese, Dutch, Turkish,
    Romanian, Vietnamese, Indonesian), its ``57.500`` is 57500 too (:data:`CONTEXT_DOTS`); with no decimal comma written, ``57.500`` after that
    answer word is :data:`AMBIGUOUS` (57500 or 57.5). So is a comma before one, two or four or more digits
    where the response says only once that it writes decimal commas (``Ответ: 1,72`` alone; two roots
    ``\\boxed{-1,3}`` in Russian prose): a decimal comma or a list, never the confident list of the default reading.
    See :data:`READING_RULES`."""
    if not _DIGIT_COMMA_DIGIT.search(answer) or _DECIMAL_POINT.search(response):
        return None, ""
    # the last answer word before the answer, right before it (never one quoted elsewhere)
    marker = next(reversed(list(_COMMA_MARKERS.finditer(response, max(0, start - 80), start))), None)
    right_before = marker is not None and _TO_THE_ANSWER.fullmatch(response, marker.end(), start) is not None
    word = " ".join(next(g for g in marker.groups() if g).split()) if marker and right_before else ""
    written = _WRITTEN_DECIMAL_COMMA.search(response, 0, start) is not None
    dotted = DOT_GROUPS.search(answer)
    if word.lower() in _DOT_THOUSANDS and written:
        return CONTEXT_DOTS, f"the response answers with '{word}' and writes decimal commas before it, as its language " \
            "does (which groups thousands with full stops)"
    if word.lower() in _DOT_THOUSANDS and dotted:
        return AMBIGUOUS, f"a thousands group or a decimal point: {dotted.group()!r} after '{word}' (its language groups " \
            "thousands with full stops; the response writes no decimal comma to tell)"
    lone = _WRITTEN_DECIMAL_COMMA.search(answer) if not written and not dotted else None
    if lone and (word or _cyrillic(response)):  # Ответ: 1,72 (and no other decimal comma: 1.72, or the list 1, 72)
        return AMBIGUOUS, f"a decimal comma or a list: {lone.group()!r} in a response whose language writes decimal " \
            "commas (it writes none before its answer to tell)"
    if not written or dotted:
        return None, ""
    if word:
        return CONTEXT, f"the response answers with '{word}' and writes decimal commas before it, as its language does"
    if _cyrillic(response):
        return CONTEXT, "the response is written in Cyrillic script and writes decimal commas before its answer"
    return None, ""


def _cyrillic(response: str) -> bool:
    """Whether the prose of ``response`` (its LaTeX commands left out) is mostly Cyrillic: at least 5 letters, more
    than its Latin ones."""
    prose = _COMMAND.sub(" ", response)
    cyrillic = len(_CYRILLIC.findall(prose))
    return cyrillic >= 5 and cyrillic > len(_LATIN.findall(prose))


# what may stand between an answer word and its answer: spaces, a colon, bold, math delimiters, a box
_TO_THE_ANSWER = re.compile(r"[\s:*$]*(?:\\boxed\s*\{|\\\(|\\\[)?[\s$]*")
# a decimal comma written in a response: digits, a comma (or {,}) and one, two or four or more digits, not in brackets
# right after an opening one, not in a run of numbers joined by tight commas
_WRITTEN_DECIMAL_COMMA = re.compile(r"(?<![\d,.(\[{])\d+(?:,|\{,\})(?:\d{1,2}|\d{4,})(?![\d,]|\{,\})")


#: The answer words of languages that group thousands with full stops (1.000): German, Italian, Portuguese, Dutch,
#: Turkish, Romanian, Vietnamese, Indonesian
_DOT_THOUSANDS = frozenset(("antwort", "risposta", "resposta", "antwoord", "cevap", "yanıt", "răspuns", "đáp án", "đáp số",
                            "jawaban", "jawabannya"))  # fmt: skip


def _replace(text: str, spans: list[tuple[int, int]], by: str) -> str:
    for start, end in reversed(spans):
        text = text[:start] + by + text[end:]
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


def _is_word(run: str) -> bool:
    if run.lower() in _NOT_TEXT:
        return False
    return len(run) >= 4 or (run in SHOUTED_WORDS if run.isupper() else run.lower() in SHORT_WORDS)


# names the clean-up turns into commands: never a text answer
_NOT_TEXT = frozenset({"infinity", "infty", "pi", "sqrt", "sin", "cos", "tan", "cot", "sec", "csc", "arcsin",
                       "arccos", "arctan", "ln", "log", "exp", "and", "or", "either", "percent", "pct"})  # fmt: skip
