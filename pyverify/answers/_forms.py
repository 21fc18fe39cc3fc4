"""Answer forms read outside the LALR grammar: text answers and choices, numbers in a base, clock times,
congruences, sets written with plain braces, and relations (inequalities, ≠, chained equalities, ≈).

Relations are split here, at the top level of the text, rather than in ``answer.lark``: a chain
``a < x \\le b``, ``x = 5+5+1 = 11`` or ``x > 2 \\text{ or } x < -1`` is read side by side with the grammar's
terms, then turned into what it denotes (an interval, a union, a named value). The readings are listed in
:data:`pyverify.answers._parse.READING_RULES`.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable, Sequence

from pyverify.answers._answer import Answer
from pyverify.answers._fast import polynomial_identity
from pyverify.answers._words import CHOICE_JOIN, SUBSCRIPT_DIGITS
from pyverify.logic._ast import REAL, Call, Node, Num, Op, Var, free_vars
from pyverify.logic._ast import walk as _walk

#: Commands whose braces hold text.
_TEXTS = r"\\(?:text|textbf|textnormal|textrm|textit|mbox|mathrm|mathbf|textsf)"
_WHOLE_TEXT = re.compile(rf"^\s*{_TEXTS}\s*\{{(.*)\}}\s*(?:\.\s*)?$", re.S)
_CHOICE = re.compile(r"^\s*\(?\s*([A-Z])(?:\s*\))?(?:\s*\.)?\s*$")  # (each run of spaces once: no backtracking)
_BRACKETED_TEXT_CHOICE = re.compile(rf"^\s*\(\s*{_TEXTS}\s*\{{\s*([A-Z])\s*\}}\s*\)\s*(?:\.\s*)?$")
_NUMBER_TEXT = re.compile(r"\s*-?\d{1,30}(?:\.\d{1,30})?\s*")
# a title's abbreviation before a name (Mrs. Hilt, Dr. Smith: ASDiv's golds)
_HONORIFIC_WORDS = r"(?:Mr|Mrs|Ms|Dr|Mt|St)"
_LEADING_HONORIFIC = re.compile(rf"^\s*{_HONORIFIC_WORDS}\.[ \t]+")
_WORDS = re.compile(rf"^\s*(?:{_HONORIFIC_WORDS}\.[ \t]+)?[A-Za-z][A-Za-z'\- ]*[A-Za-z]\s*(?:\.\s*)?$")
# a choice with its option after it, as multiple-choice golds are written: (D) Alina, \textbf{(C)} 12
_LABELLED = re.compile(rf"^\s*(?:{_TEXTS}\s*\{{\s*)?\(([A-J])\)(?:\s|\\[ ,;:!]|~)*(?:\}}(?:\s|\\[ ,;:!]|~)*)?"
                       r"((?:[A-Za-z0-9$\\{(\[-]|[^\x00-\x7f]).*)$", re.S)  # (D) Alina, \textbf{(C)}\ 7, \textbf{(C) }7 (AMC golds),
# (D) (2,0), (D) $4(x+1)=4x$ (an option may hold brackets; one that holds another choice is refused below), an
# option in another script (C. 随着气候温度由低到高，海水表层温度呈上升趋势: the Shanghai gaokao's answers)
# another choice letter joined to a choice's option: (C) 18 or D, (C) A, B (a hedge or several choices, no option)
_OR_CHOICE = re.compile(r"(?:(?<![A-Za-z\\])(?:or|and)|,)\s*(?:\\text\s*\{\s*)?(?:\([A-J]\)|[A-J])(?![A-Za-z])")
# an option that names another choice or offers one beside it: the word choice or option (Choice_B, Choice_C), another
# letter labelling a value (D: C: 1/8, 2/3; C: 1/2), a lone letter (Choice_B: C), a letter after or, also, maybe
# (1/9 OR C, also C), \lor, or a letter that a clause calls possible or right (C is also possible; never a set or a
# group named by a capital, A is isomorphic to B): several answers, no option's text
OPTION_NAMES_ANOTHER = re.compile(r"(?i:(?<![A-Za-z])(?:choice|option)s?(?![A-Za-z]))|(?<![A-Za-z\\])[A-J]\s*[:：]|"
                                  r"^\s*\(?[A-J]\)?\s*(?:[.,;!]\s*)?$|\\(?:lor|vee)(?![A-Za-z])|"
                                  r"(?i:(?<![A-Za-z])(?:or|also|either|alternatively|maybe|perhaps|possibly)\s+)\(?[A-J]\)?(?![A-Za-z])|"
                                  r"(?<![A-Za-z\\])[A-J]\)?\s+(?:is|are|was|might\s+be|may\s+be|could\s+be|would\s+be)\s+"
                                  r"(?:also\s+|equally\s+)?(?:possible|correct|right|true|valid|plausible|likely|close|"
                                  r"an?\s+(?:option|answer|choice)|the\s+answer)(?![A-Za-z])")
# a second choice inside a choice's option: (A) 12 (B) 13, (A) 12 B. 13
_SECOND_LABEL = re.compile(r"\([A-J]\)|(?<![A-Za-z\\])[A-J][.．)](?:\s|$)")
# numbered statements picked as the answer (Chinese exams' ①②③④, \\textcircled{1}): the set of their numbers
_CIRCLED = re.compile(r"\\textcircled\s*\{\s*(\d{1,2})\s*\}|([\u2460-\u2473])")
_CIRCLED_ALL = re.compile(r"^\s*\$?\s*(?:(?:\\textcircled\s*\{\s*\d{1,2}\s*\}|[\u2460-\u2473])\s*\$?\s*[,、，;；和及与]?\s*\$?\s*)+"
                          r"[.。]?\s*$")
# a lowercase letter in parentheses, alone or before an option's text: a choice ((c), (d) \theta^{-2}), never before an
# operator or a bracket right after it ((a) + 5, (a)(b): products and sums as written)
_LOWER_LABEL = re.compile(r"\(([a-j])\)")
#: The word option or choice joined to its letter by underscores, as a prompt's template writes it (Choice_B,
#: Choice\_B escaped for Markdown, Choice__B__: MR-Ben's answers), read as the word and the letter apart (Choice B).
UNDERSCORED_OPTION = re.compile(r"(?i)^(\s*(?:option|choice))(?:\\?_){1,4}([A-Ja-j])(?:\\?_){0,4}(?![A-Za-z0-9])")
#: The word option or choice before a choice letter (The answer is option B.; the correct answer is choice (c)), or
#: options or choices before several (Options (A) and (C): JEEBench's answers).
OPTION_WORD = re.compile(r"(?i)^\s*(?:option|choice|(?:options|choices)(?=\s+(?-i:\(?[A-J]\)?)\s*" + CHOICE_JOIN + r"))\s+"
                         r"(?=\(?[A-Ja-j]\)?(?:\s|$|[.:,]))")
# choice letters in square brackets, alone or joined, at the start of an answer: [B], [A] and [C] (JEEBench's options
# are labelled so; read as (B), (A) and (C)); never a letter's bracket inside math ([A] = 0.5 is a concentration)
SQUARE_CHOICES = re.compile(r"^\s*\[[A-J]\](?:\s*" + CHOICE_JOIN + r"\s*\[[A-J]\])*(?![^\s.,:;])"
                            r"(?!\s*(?:[=<>+\-*/^_×÷≤≥≠]|\\(?:cdot|times|div|le|ge|leq|geq|neq|approx|lt|gt)(?![A-Za-z])))")
# a verdict that only confirms the choices before it: (A) and (C) are correct, (B) is the correct option
CHOICES_CONFIRMED = re.compile(r"^(\s*\(?[A-J]\)?(?:\s*" + CHOICE_JOIN + r"\s*\(?[A-J]\)?)*)\s+(?:is|are)\s+(?:the\s+)?"
                               r"(?:correct|true|right)(?:\s+(?:options?|choices?|answers?|statements?|ones?))?\s*(?:\.\s*)?$")
_LOWER_CHOICE = re.compile(r"^\s*\(([a-j])\)(?=\s*(?:\.\s*)?$|\s+[A-Za-z0-9$\\({\[])")
# a choice letter, a full stop and a space, then its option: C. {x \\mid -3<x<4} (A: 12 is the answer 12: the
# extraction reads A: as Answer:)
# (a TeX space after the full stop is a space: D.\ \frac{\sqrt{65}}{2})
# (or a closing bracket: B) 2x(x-7), A) Dilation, MathOdyssey's JSON answers)
_DOTTED_CHOICE = re.compile(r"^\s*([A-J])[.．)](?:\s|\\[ ,;:]|\\q?quad(?![A-Za-z])|~)+(\S.*)$", re.S)
# the letter and its full stop in a text command: \text{A. } x=2, \textbf{B.} 12 (the dotted choice, as A. x=2)
_TEXT_DOTTED = re.compile(rf"{_TEXTS}\s*\{{\s*([A-J])[.．]\s*\}}\s*(?=\S)")
# in a dotted choice's option: another choice (A. 12 B. 13), or words that join, correct or hedge options
_ANOTHER_CHOICE = re.compile(r"(?<![A-Za-z\\])[A-J][.．)](?:\s|$|\\[ ,;:]|\\q?quad(?![A-Za-z])|~)|\([A-J]\)|(?i:(?<![A-Za-z])(?:or|and|actually|no|not|"
                             r"both|but|either|neither|wait|maybe|perhaps)(?![A-Za-z]))|(?:或者?|还是|或是|と)\s*\(?[A-J]\)?(?![A-Za-z])")
# words after a choice letter that are no option's text but say something of the choice or hedge it
# (a hedge anywhere in it too: (C) 24 probably, C) maybe; the thirty-sixth stop's review)
_NOT_OPTION = re.compile(r"(?i)^(?:is|are|was|were|or|and|but|maybe|perhaps|either)(?![A-Za-z])|(?<![A-Za-z])(?:wrong|"
                         r"incorrect|ruled|rejected|eliminated|excluded|unsure|probably|possibly|perhaps|maybe|guess\w*)"
                         r"(?![A-Za-z])")
# choice letters joined by commas or and, bare or in one text command: (C) and (G), \\text{A and D} (the clean-up
# rules then read them as the list of those choices, as A, D is)
CHOICE_LIST = re.compile(rf"^\s*(?:{_TEXTS}\s*\{{)?\s*\(?[A-J]\)?(?:\s*{CHOICE_JOIN}\s*\(?[A-J]\)?)+\s*\}}?\s*(?:\.\s*)?$")
# a function's value at a number, as written: f(2), g'(1), f(\frac{2\pi}{3}), f\!\left(\dfrac{2\pi}{3}\right) (the grammar
# reads f times the number; the text says which)
FUNCTION_AT_A_POINT = re.compile(r"[A-Za-z](?:_\{?\w{1,4}\}?)?'{0,3}\s*(?:\\[!,]\s*)?(?:\\left\s*)?\(\s*"
                                 r"(?:[-+\d./\s{}]|\\(?:[dt]?frac|pi|sqrt)(?![A-Za-z])){1,60}(?:\\right\s*)?\)")
_CJK_WORDS = re.compile(r"\s*[\u4e00-\u9fff]+(?:[ \u3000]+[\u4e00-\u9fff]+)*\s*[。.]?\s*")
_LETTER_BASE = re.compile(r"^\s*(\d{2,})\s*_\s*\{?\s*(b)\s*\}?\s*$")  # (b, a base's usual name; x_1 stays a variable)
_BASE = re.compile(r"^\s*([-−]?)\s*([0-9A-Z]+(?:\.[0-9A-Z]+)?)\s*_\s*\{?\s*\(?\s*(\d{1,2})\s*\)?\s*\}?\s*$")
_HOUR = re.compile(r"^\s*(\d{1,2})\s*(?:\\text\s*\{\s*)?([ap])\.?\s*m\.?\s*\}?\s*$", re.I)  # 5 p.m., 5am: 17:00, 5:00
# (p.. is p.m. with its m deleted: Qwen2.5-Math's harness strips unit letters from golds, 4:30 p.m. became 4:30p..)
_CLOCK = re.compile(r"^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:\\text\s*\{\s*)?([ap])?\.?\s*(?:m\.?|(?<=[ap]\.)\.)?\s*\}?\s*$",
                    re.I)  # fmt: skip
_CONGRUENCE = re.compile(
    r"^\s*(?:[A-Za-z]\s*\\equiv\s*)?(-?\d+)\s*(?:\\pmod\s*\{?\s*(\d+)\s*\}?|\(\s*\\b?mod\s*\{?\s*(\d+)\s*\}?\s*\)"
    r"|\\b?mod\s*\{?\s*(\d+)\s*\}?)\s*$"
)
_ARTICLES = re.compile(r"^(?:a|an|the)\s+")
_LONG_WORD = re.compile(r"[A-Za-z]{4,}")


_HONORIFIC = re.compile(rf"(?i)(?<![A-Za-z])({_HONORIFIC_WORDS})\.(?=\s)")


def normal_text(content: str) -> str:
    """Text as compared: no ``\\text`` commands, lower case, single spaces, no final full stop or article; a
    quadrant named in any of its usual ways is ``quadrant N``."""
    content = re.sub(rf"{_TEXTS}\s*\{{([^{{}}]*)\}}", r"\1", content)
    content = re.sub(r"\\[,;:! ]|~", " ", content)
    content = " ".join(content.replace("{", " ").replace("}", " ").split()).strip(" .").lower()
    content = _ARTICLES.sub("", content)
    content = _HONORIFIC.sub(r"\1", content)  # mrs. hilt: mrs hilt (the abbreviation's full stop is no text of it)
    quadrant = _QUADRANT.fullmatch(content)
    if quadrant:  # Quadrant I, the first quadrant, quadrant 1, 1st quadrant, 第一象限: one answer
        return f"quadrant {_QUADRANT_NUMBER[next(g for g in quadrant.groups() if g)]}"
    several = _QUADRANTS.fullmatch(content)
    if several:  # quadrants II and IV, the second and fourth quadrants: the numbers, as the Roman list II, IV is
        numbers = sorted({_QUADRANT_NUMBER[w] for w in re.split(r",? and |, ", several.group(1) or several.group(2))})
        return "statements " + ", ".join(map(str, numbers))
    return content


# the quadrants' numbers as written: ordinals, Roman and Arabic numerals, words, Chinese numerals (第一象限)
_QUADRANT_NUMBER = {w: n for n, words in enumerate(("first 1st i 1 one 一", "second 2nd ii 2 two 二",
                                                    "third 3rd iii 3 three 三", "fourth 4th iv 4 four 四"), 1)
                    for w in words.split()}  # fmt: skip
_NUMBERS = "|".join(sorted(_QUADRANT_NUMBER, key=len, reverse=True))
_QUADRANT = re.compile(rf"(?:in (?:the )?)?(?:quadrant ({_NUMBERS})|({_NUMBERS}) quadrant|第({_NUMBERS})象限)")
_SEVERAL_NUMBERS = rf"(?:{_NUMBERS})(?:(?:,? and |, )(?:{_NUMBERS}))+"
_QUADRANTS = re.compile(rf"(?:in (?:the )?)?(?:quadrants? ({_SEVERAL_NUMBERS})|({_SEVERAL_NUMBERS}) quadrants?)")
#: What a quadrant answer equals besides its other names: the ordinal alone (``\text{first}``, the question having
#: asked which quadrant)
QUADRANT_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
                     "i": 1, "ii": 2, "iii": 3, "iv": 4}


# Roman numerals I to XXXIX, each valid (IIII and VX are not); the pieces of a list of them
_ROMAN = re.compile(r"X{0,3}(?:IX|IV|V?I{0,3})")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10}
_ROMAN_JOIN = re.compile(r"\s*(?:,(?:\s*and\b)?|，|、|;|；|\\text\s*\{\s*and\s*\}|\band\b|\\quad)\s*")


def _roman_list(text: str) -> list[int] | None:
    """The numbers of a list of two or more Roman numerals, one of them of two letters or more (``I, III, IV``,
    ``\\text{I and III}``: gaokao's quadrants, statements I-IV), sorted; None for other texts (``I`` alone, ``I, V``:
    letters)."""
    if len(text) > 200 or not re.search(r"[IVX]{2}", text):  # (a list of numerals is short; one has two letters)
        return None
    inner = _WHOLE_TEXT.match(text)
    pieces = [p.strip(" .$") for p in _ROMAN_JOIN.split((inner.group(1) if inner else text).strip(" .$"))]
    if len(pieces) < 2 or not all(p and _ROMAN.fullmatch(p) for p in pieces) or all(len(p) == 1 for p in pieces):
        return None
    numbers = set()
    for piece in pieces:
        values = [_ROMAN_VALUES[c] for c in piece]
        numbers.add(sum(-v if v < w else v for v, w in zip(values, [*values[1:], 0])))
    return sorted(numbers)


_NAME_WORD = r"([A-Z]{2,}|\\(?:text|textrm|mathrm)\s*\{\s*[A-Za-z]{2,}\s*\})"
#: An equation between two names written as words: runs of capitals or words in \\text{...}, at least one side of four
#: capitals or more or in \\text{...} (AB = CD, two short runs, is a product of letters: segments)
_NAME_EQUATION = re.compile(rf"^\s*{_NAME_WORD}\s*=\s*{_NAME_WORD}\s*(?:\.\s*)?$")


def _name(word: str) -> str:
    """A name written as a word, without its \\text{...}."""
    return re.sub(r"^\\[a-z]+\s*\{\s*|\s*\}$", "", word)


#: A whole answer that is a cardinal number in English words, with a sign word before it; every word of three
#: letters or more (never the letter o, which text2num reads as zero)
_SPELLED = re.compile(r"(?i)[\s\"'`*]*(?:(negative|minus)\s+)?([a-z]{3,}(?:(?:\s+|-)[a-z]{3,}){0,11})[\s\"'`*.]*")


#: The powers of ten of the scale words after a number (``12.22 million``, ``3 hundred``).
SCALE_POWERS: dict[str, int] = {"hundred": 2, "thousand": 3, "million": 6, "billion": 9, "trillion": 12}
# numbers with several scale words, or with hundred, as people say them (12 million 500 thousand, 2 thousand 5 hundred
# 7, 15 hundred, a million, $3 hundred dollars): the whole answer, each term's word smaller than the one before, read
# as the number they add up to (text2num reads only words, never 12 million, so the terms are added here)
_SCALE_TERM = r"(?:\d{1,3}|a)\s+(?:hundred|thousand|million|billion|trillion)(?![A-Za-z])"
_COMPOUND_SCALE = re.compile(r"(\s*(?:[-−]\s*)?(?:(?:\\?\$|[£€¥])\s*)?)(" + _SCALE_TERM + r"(?:[ \t]+(?:and[ \t]+)?"
                             + _SCALE_TERM + r")*)(?:[ \t]+(?:and[ \t]+)?(\d{1,3}))?((?:[ \t]+[A-Za-z][A-Za-z ]*)?\.?\s*)",
                             re.IGNORECASE)
_TERM = re.compile(r"(?i)(\d+|a)\s+(hundred|thousand|million|billion|trillion)")


def _compound_value(match: re.Match[str]) -> int | None:
    """The number of a :data:`_COMPOUND_SCALE` match, or None when its terms are not as people say them (a word no
    smaller than the one before, 1000 thousand, 500 hundred, a last number as large as the last word's unit, a lone
    scale word after a plain number, which the parser reads with its number alone)."""
    terms = [(1 if t.group(1).lower() == "a" else int(t.group(1)), t.group(2).lower())
             for t in _TERM.finditer(match.group(2))]  # fmt: skip
    if len(terms) == 1 and terms[0][1] != "hundred" and terms[0][0] > 1 and not match.group(3):
        return None  # (5 million alone: the scale-word reading, which keeps the number without its word)
    powers = [SCALE_POWERS[word] for _, word in terms]
    if any(a <= b for a, b in zip(powers, powers[1:])):
        return None
    value = 0
    for k, ((count, _), power) in enumerate(zip(terms, powers)):
        if count == 0 or (power == 2 and count > (99 if k == 0 else 9)) or (power > 2 and count > 999):
            return None  # (15 hundred is said; 0 million, 1000 thousand and 2 thousand 15 hundred are not)
        value += count * 10**power
    tail = int(match.group(3) or 0)
    return value + tail if tail < 10 ** powers[-1] else None


def said_in_scale_words(text: str) -> tuple[str, int, int, str] | None:
    """A whole answer that says a number with several scale words or with hundred (``12 million 500 thousand``,
    ``2 thousand 5 hundred and 7``, ``15 hundred``, ``a million``): what stands before it (a sign, a currency), the
    number, the power of ten of its first word, and the words after it (a unit phrase); None for other text."""
    found = _COMPOUND_SCALE.fullmatch(text) if len(text) <= 200 else None
    value = _compound_value(found) if found else None
    words = found.group(4).split() if found else []
    first_word = words[0].lower() if words else ""
    if found is None or value is None or spelled_number(first_word) is not None or first_word == "of" or \
            re.sub("s$", "", first_word) in SCALE_POWERS:  # fmt: skip
        # (a hundred one: a number in words, never 100 with the unit one; a hundred of them: a share; 12 million 500
        # thousands: a scale word in the plural is no unit, and the terms are no longer as people say them)
        return None
    first = _TERM.findall(found.group(2))[0][1]
    return found.group(1), value, SCALE_POWERS[first.lower()], found.group(4)


def spelled_number(text: str) -> int | None:
    """The number a whole answer writes in English words (``ten``, ``Twenty-Seven``, ``two hundred and eighty``,
    ``negative five``), read by text2num (a maintained parser of number words, rather than a word list of our own);
    None for any other text (``once``, ``a dozen``, ``nine and a half``, ``one two three``, ``hundreds``)."""
    found = _SPELLED.fullmatch(text) if len(text) <= 200 else None  # (twelve words at most: never a long text)
    if found is None:
        return None
    written = found.group(2).lower()
    words = re.split(r"[\s-]+", written)
    if any(w.endswith("s") for w in words) or ("zero" in words and len(words) > 1):
        return None  # tens, hundreds, ones: place values (no number word ends in s); zero zero is no number
    from text_to_num import text2num

    try:
        value = int(text2num(written, "en"))
    except ValueError:
        return None
    return -value if found.group(1) else value


#: Words after a number in words: a unit or what it counts (fifteen minutes, \text{twelve apples}), letters only
_COUNTED_WORDS = re.compile(r"[A-Za-z][A-Za-z\-]*(?:\s+[A-Za-z][A-Za-z\-]*){1,15}")


def spelled_quantity(text: str) -> tuple[int, str] | None:
    """A number in English words followed by words (``fifteen minutes``, ``\\text{twenty-five cents}``, ``three
    hundred dollars``): the number and the words after it, for the caller to read as ``15 minutes`` is read; None
    when the text is not so written (a whole number in words is :func:`spelled_number`'s)."""
    whole = _WHOLE_TEXT.match(text)
    body = (whole.group(1) if whole else text).strip().rstrip(".").strip()
    if len(body) > 200 or not _COUNTED_WORDS.fullmatch(body) or spelled_number(body) is not None:
        return None
    words = body.split()
    for k in range(min(len(words) - 1, 12), 0, -1):  # the longest run of number words first (two hundred and five)
        value = spelled_number(" ".join(words[:k]))
        if value is not None:  # (Eight Ball, Twelve Angry Men: a name, capitalized after the number, stays text)
            return (value, " ".join(words[k:])) if not any(w[:1].isupper() for w in words[k:]) else None
    return None


def _phrase_word(run: str, k: int, runs: list[str], text: str) -> bool:
    """Whether a short run of letters is a word of a phrase with a long word in it (a name, a title): the article a
    after the first word (in `a can be any real number` a is the letter), `of`, `the` between two words (Bank of
    America), the s of a possessive (Brenner's Juices), a capitalized name of three letters (Ace Hardware), a capital
    after a capitalized word that ends the phrase (Brand B: ASDiv's golds); never the
    phrase's only word, nor `and` or `or` (Red and Blue: two answers, in no order)."""
    if not k and len(runs) == 1 or not _LONG_WORD.search(text):
        return False
    if run == "a" and k:
        return True
    if run.lower() in ("of", "the") and 0 < k < len(runs) - 1:
        return True
    if run == "s" and k and re.search(rf"{runs[k - 1]}['’]s(?![A-Za-z])", text):
        return True
    if len(run) == 1 and run.isupper() and k == len(runs) - 1 and k and len(runs[k - 1]) >= 4 and runs[k - 1].istitle():
        return True  # Brand B, Plan A, Point C: a capital that labels the name before it
    return len(run) == 3 and run[0].isupper() and run[1:].islower() and run.lower() not in _NOT_PHRASE_WORDS


# three letters that are a function or a constant as written (Tan 30 is no name)
_NOT_PHRASE_WORDS = frozenset({"tan", "sin", "cos", "cot", "sec", "csc", "log", "exp", "max", "min", "mod", "gcd", "lcm"})


def _number(value: int) -> Answer:
    number: Node = Num(Fraction(abs(value)))
    return Answer("number", terms=(Op("neg", (number,)) if value < 0 else number,))


def special(text: str, word_rules: Callable[[str], bool]) -> Answer | None:
    """A text answer, a choice, a number in a base, a clock time or a congruence; None for other answers.

    ``text`` is the answer before the clean-up; ``word_rules(run)`` says whether a run of letters is a word
    (the reading rules), so a whole answer made of words is text and ``ab`` stays a product."""
    lower = _LOWER_CHOICE.match(text)
    if lower:  # (c), (c) 18, (d) \theta^{-2}: TheoremQA's options, the choice C (with its option), and as written the
        # letter c (times its factor: (a) \sqrt{b}), which the comparison also tries; every other lowercase label is
        # read as one too, so that another choice after it ((c) 18 or (d) 20) is seen
        letter, rest = lower.group(1), text[lower.end() :]
        if not rest.strip(" .\t\n"):
            return Answer("choice", value=letter.upper(), product=letter)
        found = special(_LOWER_LABEL.sub(lambda m: f"({m.group(1).upper()})", text), word_rules)
        return replace(found, product=f"({letter})\\cdot{rest}") if found is not None and found.kind == "choice" else found
    if CHOICE_LIST.match(text):
        return None  # several choices: a list (the clean-up rules take them out of their text command)
    circled = _CIRCLED_ALL.match(text)
    if circled:  # ①③④, \\textcircled{1}\\textcircled{3}: which numbered statements hold, in any order
        numbers = sorted({int(n) if n else ord(c) - 0x245F for n, c in _CIRCLED.findall(text)})
        return Answer("text", value="statements " + ", ".join(map(str, numbers)))
    roman = _roman_list(text)
    if roman is not None:  # I, III, IV; \\text{I and III}: numbered statements or quadrants, as ①③④
        return Answer("text", value="statements " + ", ".join(map(str, roman)))
    named = _NAME_EQUATION.match(text)
    if named and not all(re.fullmatch(r"[A-Z]{2,3}", g) for g in named.groups()):
        # SRMC = LRMC, MR = SRMC (Minerva's economics golds): an equation between names, text with its sides sorted
        # (AB = CD, both sides short runs of capitals, stays an equation of letters: segments)
        return Answer("text", value=" = ".join(sorted(normal_text(_name(g)) for g in named.groups())))
    dotted = _DOTTED_CHOICE.match(_TEXT_DOTTED.sub(r" \1. ", text))
    if dotted and (_ANOTHER_CHOICE.search(dotted.group(2)) or "\n" in dotted.group(2)):
        return Answer("unparsed", reason=f"outside the answer grammar: the choice {dotted.group(1)} followed by more "
                      f"than one option's text or another choice: {dotted.group(2)[:40]!r}")  # fmt: skip
    if dotted:  # C. 1-\\mathrm{i}: the choice C with its option, as (C) 1-\\mathrm{i} (gaokao2024's golds)
        text = f"({dotted.group(1)}) {dotted.group(2)}"
    bracketed = _BRACKETED_TEXT_CHOICE.match(text)
    if bracketed:  # (\text{E}): the choice E, as \text{(E)} is (MATH's golds)
        return Answer("choice", value=bracketed.group(1))
    whole = _WHOLE_TEXT.match(text)
    if whole and _NUMBER_TEXT.fullmatch(whole.group(1)):  # \text{13}: the number 13 (MATH's golds)
        return Answer("number", terms=(Num(Fraction(whole.group(1).strip())),))
    if whole and not re.search(r"[{}]", whole.group(1).replace("\\{", "").replace("\\}", "")):
        content = whole.group(1)
        choice = _CHOICE.match(content)
        if choice:
            return Answer("choice", value=choice.group(1))
        words = re.findall(r"[A-Za-z]+", content)
        labelled_text = _LABELLED.match(content)  # \text{(B) No}: the choice B with its option, below
        if (any(len(w) >= 2 or word_rules(w) for w in words) and not re.search(r"\d|\\[A-Za-z]", content)
                and not labelled_text):
            spelled = spelled_number(content)  # \text{twenty-seven}: the number
            return Answer("text", value=normal_text(content)) if spelled is None else _number(spelled)
    labelled = _LABELLED.match(text) or (_LABELLED.match(whole.group(1)) if whole else None)  # \text{(B) No}
    if labelled and labelled.group(2).startswith("(") and labelled.start(2) == labelled.end(1) + 1:
        labelled = None  # (C)(x+1) is a product as written; (D) (2,0) has its option after a space
    if labelled:  # the letter is the answer; the option's own text (in items) answers a gold written as the option
        option = labelled.group(2).strip()
        if _SECOND_LABEL.search(option) or _OR_CHOICE.search(option) or OPTION_NAMES_ANOTHER.search(option) or \
                "\n" in option:  # fmt: skip
            return Answer("unparsed", reason=f"outside the answer grammar: the choice {labelled.group(1)} followed by "
                          f"more than one option's text or another choice: {option[:40]!r}")  # fmt: skip
        if _NOT_OPTION.search(option):  # (C) is wrong, (C) or D: a verdict or a hedge, no option's text
            return Answer("unparsed", reason=f"outside the answer grammar: a choice ({labelled.group(1)}) followed by "
                          f"words that are no option's text: {option[:40]!r}")  # fmt: skip
        if option.count("}") > option.count("{"):  # \text{(B) No}: the brace closes the text command
            option = re.sub(r"\}\s*\.?$", "", option).strip()
        return Answer("choice", value=labelled.group(1), items=(Answer("text", value=normal_text(option), text=option),))
    normal = normal_text(text)
    if re.fullmatch(r"quadrant [1-4]", normal) or "quadrant" in text.lower() and normal.startswith("statements "):
        return Answer("text", value=normal)  # Quadrant II, quadrant 3, \text{Quadrant 1}, 4th quadrant, Quadrants I, II
    spelled = spelled_number(text)
    if spelled is not None:  # ten, Twenty-Seven, two hundred and eighty: the number (never text)
        return _number(spelled)
    runs = re.findall(r"[A-Za-z]+", _LEADING_HONORIFIC.sub("", text))
    if _WORDS.match(text) and all(word_rules(run) or _phrase_word(run, k, runs, text) for k, run in enumerate(runs)):
        # Not a function: the article a is a word after the first, in a phrase with a long word (a first a may be
        # the letter: a can be any real number)
        return Answer("text", value=normal_text(text))
    if _CJK_WORDS.fullmatch(text):  # 充要条件, 不存在 (GAOKAO's fill-in-the-blank golds): Chinese words are text
        return Answer("text", value=normal_text(text.strip(" 。.")))
    text = re.sub(r"(?<=[0-9A-Z])\s*([₀₁₂₃₄₅₆₇₈₉]+)\s*$", lambda m: "_{" + m.group(1).translate(SUBSCRIPT_DIGITS) + "}", text)
    lettered = _LETTER_BASE.match(text)
    if lettered:  # 100100_b: the digits in a base named by a letter (the question's b); compared digit by digit
        digits = lettered.group(1).lstrip("0") or "0"
        return Answer("base", value=f"{digits}_{lettered.group(2)}")
    base = _BASE.match(text)
    if base and not (base.group(2).isalpha() and any(int(d, 36) >= int(base.group(3)) for d in base.group(2))):
        # (capital letters that are no digits in the base name a variable: F_2 is the variable F_2, as a_2 is)
        # a sign and a point are written as in base ten (-221_3 is -25, 0.0011_2 is 3/16: MATH's golds)
        sign, digits, radix = base.group(1), base.group(2), int(base.group(3))
        if not 2 <= radix <= 36:
            return Answer("unparsed", reason=f"outside the answer grammar: base {radix} (a base is 2 to 36)")
        for d in digits.replace(".", ""):
            if int(d, 36) >= radix:
                return Answer("unparsed", reason=f"outside the answer grammar: '{d}' is not a digit in base {radix} "
                              f"({digits}_{radix})")  # fmt: skip
        whole_digits, _, point = digits.partition(".")
        value = Fraction(int(whole_digits, radix)) + Fraction(int(point or "0", radix), radix ** len(point))
        number: Node = Num(-value if sign else value)
        written = (whole_digits.lstrip("0") or "0") + (f".{point.rstrip('0')}" if point.rstrip("0") else "")
        return Answer("base", terms=(number,), value=f"{'-' if sign and value else ''}{written}_{radix}")
    at = re.match(r"(?i)\s*at\s+(?=\d)", text)
    if at and (_CLOCK.match(text[at.end() :]) or _HOUR.match(text[at.end() :])):
        text = text[at.end() :]  # The next train is at 2:30 P.M.: the time
    tight = re.sub(r"(?<=\d)\s*\\!\s*(?=:)|(?<=:)\s*\\!\s*(?=\d)", "", text)  # 4\!:\!51 (MATH's golds tighten a colon)
    if tight != text and _CLOCK.match(tight):
        text = tight
    timed = whole.group(1) if whole and (_HOUR.match(whole.group(1)) or _CLOCK.match(whole.group(1))) else text
    if timed is not text:  # \\text{4:30 p.m.}, \\text{5 p.m.}: a clock time written as text (MATH's golds)
        text = timed
    hour_only = _HOUR.match(text)
    if hour_only:
        text = f"{hour_only.group(1)}:00 {hour_only.group(2)}m"
    clock = _CLOCK.match(text)
    if clock and int(clock.group(2)) < 60 and int(clock.group(1)) <= 24 and int(clock.group(3) or 0) < 60:
        hour, half = int(clock.group(1)), (clock.group(4) or "").lower()
        minutes = clock.group(2) + (f":{clock.group(3)}" if int(clock.group(3) or 0) else "")  # 20:34:00 is 20:34
        if half and 1 <= hour <= 12:  # 8:34 pm is 20:34, 12:05 am is 0:05: the 24-hour time
            hour = hour % 12 + (12 if half == "p" else 0)
        elif half:
            return Answer("text", value=f"{hour}:{minutes} {half}m")  # 20:34 pm: as written
        readings: tuple[Answer, ...] = ()
        if not half and not clock.group(3) and int(clock.group(2)):  # 1:10, no a.m. or p.m.: a time, or the ratio
            readings = (Answer("number", (Num(Fraction(int(clock.group(1)), int(clock.group(2)))),)),)
        if not half and 1 <= hour <= 11:  # 4:51:06, no a.m. or p.m.: on 24 hours 4:51, on a 12-hour clock also 16:51
            readings = (*readings, Answer("text", value=f"{hour + 12}:{minutes}"))
        return Answer("text", value=f"{hour}:{minutes}", items=readings)
    congruence = _CONGRUENCE.match(text)
    if congruence:
        residue = int(congruence.group(1))
        modulus = int(next(g for g in congruence.groups()[1:] if g is not None))
        if modulus == 0:
            return Answer("unparsed", reason="outside the answer grammar: a congruence modulo 0")
        return Answer("congruence", terms=(Num(Fraction(residue % modulus)), Num(Fraction(modulus))))
    return None


# ---------------------------------------------------------------- sets of an integer parameter

# k \in \mathbb{Z}, k∈Z, (k \in \mathbf{Z}) as the clean-up leaves them: the parameter ranges over the integers
_INTEGERS = re.compile(r"(?:\\in(?![A-Za-z])|∈)\s*(?:\\mathbb\s*\{\s*Z\s*\}|\\mathbb\s*Z|\{\s*Z\s*\}|Z|ℤ)\s*(?:\)\s*)?"
                       r"(?:\.\s*)?(?:\\\}\s*(?:\.\s*)?)?$")  # (one space run between tokens: no backtracking)
_SET_OPEN = re.compile(r"\s*\\\{")
_PARAMETERS = frozenset("kmnjl")  # the letters an integer parameter is written with
_SET_BAR = re.compile(r"\||\\mid(?![A-Za-z])|:")
_NAMED = re.compile(r"\s*([A-Za-z])\s*=")


def _integer_parameter(text: str) -> tuple[str | None, str, str] | None:
    """(the set's variable or None, the value, the parameter) of ``x = 2k\\pi + 1, k \\in \\mathbb{Z}``, ``x = k\\pi
    (k∈Z)``, ``\\{3k \\mid k \\in \\mathbb{Z}\\}``; None for other texts. Read from the end, by hand: a regular
    expression with a lazy value before optional spaces and separators backtracked on long runs of spaces."""
    at = max(text.rfind("\\in"), text.rfind("∈"))
    domain = _INTEGERS.match(text, at) if at >= 0 else None
    if domain is None:
        return None
    head = text[:at].rstrip()
    if not head or not "a" <= head[-1] <= "z" or head[-2:-1].isalpha() or head[-2:-1] == "\\":
        return None
    k, head = head[-1], head[:-1].rstrip()
    if domain.group().rstrip(" .").endswith("\\}"):  # {3k | k \in Z}: the value between the brace and the bar
        opened = _SET_OPEN.match(head)
        bars = list(_SET_BAR.finditer(head))
        if opened is None or not bars or bars[-1].start() < opened.end() or head[bars[-1].end() :].strip():
            return None  # {2k | k > 0, k \\in Z}: a condition before the domain is not read
        return None, head[opened.end() : bars[-1].start()], k
    head = head[:-1].rstrip() if head.endswith("(") else head
    for sep in (",", "\\quad", "\\,"):
        if head.endswith(sep):
            head = head[: -len(sep)].rstrip()
            break
    named = _NAMED.match(head)
    return (named.group(1), head[named.end() :], k) if named else (None, head, k)


def integer_lattice(text: str, parse: Parse) -> Answer | None:
    """A set of values linear in an integer parameter, ``{x | x = 3k, k \\in \\mathbb{Z}}``, ``{3k | k \\in
    \\mathbb{Z}}``, ``x = k\\pi + \\frac{\\pi}{4}, k \\in \\mathbb{Z}`` (gaokao's answers), or a union of such sets,
    ``x = 2k\\pi \\pm \\frac{\\pi}{3}``, ``x = \\frac{\\pi}{6} + 2k\\pi \\text{ or } \\frac{5\\pi}{6} + 2k\\pi, k \\in
    \\mathbb{Z}``: residue classes (:func:`_classes`). None when the text is not of that shape; a value that is not
    linear in the parameter with rational (or rational-times-π) coefficients is refused with the reason."""
    found = _integer_parameter(text)
    if found is None or found[0] == found[2] or found[2] not in _PARAMETERS:
        return None  # (y = 2x + 1, x \\in Z may be a function on the integers: only the usual parameter letters)
    name, body, k = found
    if re.search(r"\\circ|°|\\degree", body):
        return Answer("unparsed", reason="outside the answer grammar: a set over an integer parameter in degrees is not "
                      "read (a degree is never converted to radians)")  # fmt: skip
    return _classes(name, body, k, parse)


_PI_STEP = re.compile(r"\\pi(?![A-Za-z])|π")


def implicit_lattice(text: str, parse: Parse) -> Answer | None:
    """The other reading of ``x = \\frac{\\pi}{4} + k\\pi`` written without ``k \\in \\mathbb{Z}``: the residue class
    over an integer k, when k (or n, m, ...) is the only letter and every value steps by a multiple of π, as
    general solutions of trigonometric equations are written. None otherwise; the caller keeps both readings,
    since k may also be a constant of the problem."""
    if len(text) > 400 or not _PI_STEP.search(text) or re.search(r"\\circ|°|\\degree", text):
        return None
    named = _NAMED.match(text)
    name, body = (named.group(1), text[named.end() :]) if named else (None, text)
    letters = set()
    for piece in _class_pieces(name, body):
        value = parse(piece)
        if value.kind not in _SCALAR:
            return None
        letters |= free_vars(value.terms[0])
    if len(letters) != 1 or not letters <= _PARAMETERS or name in letters:
        return None
    found = _classes(name, body, letters.pop(), parse)
    return found if found is not None and found.kind == "congruence" and found.value == "π" else None


def _class_pieces(name: str | None, body: str) -> list[str]:
    """The alternatives of ``a + 2k\\pi \\or x = b + 2k\\pi`` or ``a, b``, each without its ``x =``."""
    pieces = _split(connectors_to_commas(body), re.compile(","))[0]
    if name is not None:
        pieces = [re.sub(rf"^\s*{name}\s*=", "", p) for p in pieces]
    return [p.strip() for p in pieces]


_MAX_PM = 4  # ± signs in one value of a set over an integer (as the comparison's MAX_PM)
#: Bounds of a union of residue classes (in units of the common denominator): its modulus, its residues.
_MAX_CLASS_MODULUS, _MAX_RESIDUES = 10**4, 10**3


def _classes(name: str | None, body: str, k: str, parse: Parse) -> Answer | None:
    """The union of the residue classes each alternative of ``body`` denotes (a ± denotes two), as one
    congruence: its residues, then their common modulus, in lowest terms (the least period of the union)."""
    from pyverify.answers._values import polynomial, sign_choices  # (exact rational terms; _values imports no reader)

    pi = Var("\x00pi", REAL)  # π as a letter, so that the value is a polynomial in k and π
    refused = Answer("unparsed", reason=f"outside the answer grammar: a set over an integer {k} whose value is not "
                     f"linear in {k} with rational (or rational multiples of π) coefficients")  # fmt: skip
    classes, units = [], set()
    for piece in _class_pieces(name, body):
        value = parse(piece)
        if value.kind not in _SCALAR or free_vars(value.terms[0]) - {k}:
            return None
        if sum(1 for n in _walk(value.terms[0]) if isinstance(n, Op) and n.op == "pm") > _MAX_PM:
            return refused
        for term in sign_choices(value.terms[0]):
            poly = polynomial(_replace_calls(term, "pi", pi))
            if poly is None:
                return refused
            step = {m: c for m, c in poly.items() if any(v == k for v, _ in m)}
            start = {m: c for m, c in poly.items() if not any(v == k for v, _ in m)}
            monomials = {tuple(v for v in m if v[0] != k) for m in poly}
            if not step:
                return Answer("unparsed", reason=f"outside the answer grammar: a set over an integer {k} whose value "
                              f"does not depend on {k}")  # fmt: skip
            if any(e != 1 for m in poly for _, e in m) or len(monomials) > 1:
                return refused  # k², k·π and a rational (2kπ + 1)
            units.add("π" if monomials == {((pi.name, 1),)} else "")
            classes.append((next(iter(start.values()), Fraction(0)), abs(next(iter(step.values())))))
    if len(units) > 1:
        return Answer("unparsed", reason=f"outside the answer grammar: a union of sets over an integer {k}, some of "
                      "multiples of π and some not")  # fmt: skip
    union = union_of_classes(classes)
    if union is None:
        return Answer("unparsed", reason=f"outside the answer grammar: a union of sets over an integer {k} with more "
                      f"than {_MAX_CLASS_MODULUS} steps in a common period or more than {_MAX_RESIDUES} residues")  # fmt: skip
    residues, modulus = union
    return Answer("congruence", terms=(*(Num(r) for r in residues), Num(modulus)), value=units.pop())


def union_of_classes(classes: Sequence[tuple[Fraction, Fraction]]) -> tuple[list[Fraction], Fraction] | None:
    """The union of the classes r + mℤ (m > 0) as residues modulo one modulus, the least one that describes it:
    ``[(1/3, 2), (-1/3, 2)]`` is ``([1/3, 5/3], 2)``, ``[(0, 2), (1, 2)]`` is ``([0], 1)``. None past the bounds."""
    if len(classes) == 1:  # one class, however large its modulus: its residue in [0, m)
        r, m = classes[0]
        return [r - m * (r // m)], m
    scale = math.lcm(*(x.denominator for c in classes for x in c))  # in integers: the classes times the scale
    ints = [(int(r * scale), int(m * scale)) for r, m in classes]
    modulus = math.lcm(*(m for _, m in ints))
    if modulus > _MAX_CLASS_MODULUS or sum(modulus // m for _, m in ints) > _MAX_CLASS_MODULUS:
        return None
    residues = {(r + j * m) % modulus for r, m in ints for j in range(modulus // m)}
    for period in range(1, modulus + 1):  # the least period of the union (a divisor of the common modulus)
        if modulus % period == 0 and all((x + period) % modulus in residues for x in residues):
            kept = sorted(x for x in residues if x < period)
            if len(kept) > _MAX_RESIDUES:
                return None
            return [Fraction(x, scale) for x in kept], Fraction(period, scale)
    return None  # (unreachable: the modulus itself is a period)


def _replace_calls(node: Node, func: str, by: Node) -> Node:
    """node with every nullary call ``func()`` (pi(), the constant) replaced by ``by``."""
    if isinstance(node, Call):
        return by if node.func == func and not node.args else Call(node.func, tuple(_replace_calls(a, func, by) for a in node.args))
    if isinstance(node, Op):
        return Op(node.op, tuple(_replace_calls(a, func, by) for a in node.args))
    return node


# ---------------------------------------------------------------- top-level splitting

_OPEN, _CLOSE = "([{", ")]}"
#: Relation symbols after the clean-up; ``\le`` and ``\leq``, ``<=``, ``≤`` are one relation, and so on.
_RELATION = re.compile(
    r"<=|>=|=<|=>|!=|\\(?:leqslant|geqslant|leq|geq|le|ge|lt|gt|neq|ne|approx)(?![A-Za-z])|[<>=≤≥≠≈]"
)
_CANON = {"<=": "<=", "=<": "<=", "\\le": "<=", "\\leq": "<=", "\\leqslant": "<=", "≤": "<=",
          ">=": ">=", "=>": ">=", "\\ge": ">=", "\\geq": ">=", "\\geqslant": ">=", "≥": ">=",
          "<": "<", "\\lt": "<", ">": ">", "\\gt": ">", "!=": "!=", "\\ne": "!=", "\\neq": "!=", "≠": "!=",
          "=": "=", "\\approx": "~", "≈": "~"}  # fmt: skip
_CONNECT = re.compile(r",|;|\\(?:or|and)(?![A-Za-z])")


def _top_level(text: str, pattern: re.Pattern[str]) -> list[re.Match[str]]:
    depth, found, i = 0, [], 0
    marks = {m.start(): m for m in pattern.finditer(text)}
    while i < len(text):
        ch = text[i]
        if ch == "\\" and text[i + 1 : i + 2] in ("{", "}"):
            depth += 1 if text[i + 1] == "{" else -1
            i += 2
            continue
        if depth == 0 and i in marks:
            found.append(marks[i])
            i = marks[i].end()
            continue
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
        i += 1
    return found


def _split(text: str, pattern: re.Pattern[str]) -> tuple[list[str], list[str]]:
    parts, seps, last = [], [], 0
    for m in _top_level(text, pattern):
        parts.append(text[last : m.start()])
        seps.append(m.group())
        last = m.end()
    parts.append(text[last:])
    return parts, seps


def connectors_to_commas(text: str) -> str:
    """``\\or`` and ``\\and`` (left by the clean-up for 'or' / 'and') separate answers like a comma."""
    return re.sub(r"(?:,\s*)?\\(?:or|and)(?![A-Za-z])(?:\s*,)?", ",", text)


# ---------------------------------------------------------------- linear forms


def _rat(node: Node) -> Fraction | None:
    from pyverify.answers._engine import NotANumber, rational

    try:
        return rational(node)
    except (NotANumber, ZeroDivisionError):
        return None


def _linear(node: Node, var: str) -> tuple[Fraction, Node] | None:
    """``node`` as c·var + d with a rational c (d free of var), or None."""
    if var not in free_vars(node):
        return Fraction(0), node
    if isinstance(node, Var):
        return Fraction(1), Num(Fraction(0))
    if not isinstance(node, Op):
        return None
    if node.op == "neg":
        inner = _linear(node.args[0], var)
        return None if inner is None else (-inner[0], Op("neg", (inner[1],)))
    if node.op in "+-":
        left, right = _linear(node.args[0], var), _linear(node.args[1], var)
        if left is None or right is None:
            return None
        c = left[0] + right[0] if node.op == "+" else left[0] - right[0]
        return c, Op(node.op, (left[1], right[1]))
    if node.op == "*":
        for k in (0, 1):
            factor = _rat(node.args[k])
            if factor is not None:
                inner = _linear(node.args[1 - k], var)
                return None if inner is None else (factor * inner[0], Op("*", (Num(factor), inner[1])))
        return None
    if node.op == "/":
        divisor = _rat(node.args[1])
        inner = _linear(node.args[0], var)
        if divisor is None or divisor == 0 or inner is None:
            return None
        return inner[0] / divisor, Op("/", (inner[1], Num(divisor)))
    return None


def _simple(node: Node) -> Node:
    value = _rat(node)
    if value is None:
        return node
    return Num(value) if value >= 0 else Op("neg", (Num(-value),))


_INF = Call("infinity", ())
_NEG_INF = Op("neg", (Call("infinity", ()),))
_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "!=": "!="}


def _bound(left: Node, op: str, right: Node, var: str) -> tuple[str, Node] | None:
    """``left op right`` as ``var op' b``, or None when it is not linear in ``var`` with a rational coefficient."""
    if (var in free_vars(left)) == (var in free_vars(right)):
        return None  # a condition has its variable on one side (f(2) < f(1) orders two values)
    lin = _linear(Op("-", (left, right)), var)
    if lin is None or lin[0] == 0:
        return None
    c, d = lin
    boundary = _simple(Op("/", (Op("neg", (d,)), Num(c))))
    return (op if c > 0 else _FLIP[op]), boundary


def _real_set(bounds: list[tuple[str, Node]]) -> Answer | None:
    """The set where all bounds hold (at most one lower and one upper bound, or one ≠)."""
    lower = [(op, b) for op, b in bounds if op in (">", ">=")]
    upper = [(op, b) for op, b in bounds if op in ("<", "<=")]
    unequal = [b for op, b in bounds if op == "!="]
    if unequal:
        if len(bounds) != 1:
            return None
        point = unequal[0]
        signed = _either_sign(point)
        if signed is not None:  # x \\neq \\pm 5: neither 5 nor -5
            return _intersection([_real_set([("!=", _simple(p))]) for p in signed])
        return Answer("union", items=(Answer("interval", (_NEG_INF, point), closed=(False, False)),
                                      Answer("interval", (point, _INF), closed=(False, False))))  # fmt: skip
    if len(lower) > 1 or len(upper) > 1:
        return None
    lo = lower[0] if lower else (">", _NEG_INF)
    hi = upper[0] if upper else ("<", _INF)
    return Answer("interval", (lo[1], hi[1]), closed=(lo[0] == ">=", hi[0] == "<="))


def _unless_comma_empties(real: Answer, kinds: set[str]) -> Answer:
    """Conditions joined by a comma that no number meets (x \\le -2, x \\ge 2) are as often alternatives (a
    quadratic inequality's solution written with a comma) as a conjunction: not read. With 'and' they are empty."""
    if real.kind == "set" and not real.items and "," in kinds:
        return Answer("unparsed", reason="outside the answer grammar: conditions joined by a comma that no number "
                      "meets together: 'or' may be meant (write 'and' or 'or')")  # fmt: skip
    return real


def _either_sign(node: Node) -> tuple[Node, Node] | None:
    """A term with one ± as its two values (``\\pm 5``: 5 and -5), or None when it has no ± (or several)."""
    signs = [n for n in _walk(node) if isinstance(n, Op) and n.op == "pm"]
    if len(signs) != 1:
        return None

    def choose(n: Node, op: str) -> Node:
        if isinstance(n, Op):
            return Op(op if n is signs[0] else n.op, tuple(choose(a, op) for a in n.args))
        if isinstance(n, Call):
            return Call(n.func, tuple(choose(a, op) for a in n.args))
        return n

    return choose(node, "+"), choose(node, "-")


_Piece = tuple[Fraction | None, Fraction | None, bool, bool]  # lower, upper (None: infinite), closed at each


def _intersection(answers: Sequence[Answer | None]) -> Answer | None:
    """The set where every one of several real sets (intervals or unions of them) holds, as one interval or a union;
    None when an endpoint is not rational (they are ordered exactly, here) or a set is of another kind."""
    pieces: list[_Piece] = [(None, None, False, False)]
    for answer in answers:
        own = _pieces(answer)
        if own is None:
            return None
        pieces = [cut for a in pieces for b in own if (cut := _meet(a, b)) is not None]
    items = tuple(Answer("interval", (_NEG_INF if lo is None else _simple(Num(lo)), _INF if hi is None else
                                      _simple(Num(hi))), closed=(cl, ch)) for lo, hi, cl, ch in sorted(
                      pieces, key=lambda p: (p[0] is not None, p[0] or 0)))  # fmt: skip
    if not items:
        return Answer("set", items=())
    return items[0] if len(items) == 1 else Answer("union", items=items)


def _same_set(a: Answer, b: Answer) -> bool | None:
    """Whether two sets of reals (intervals or unions) hold the same numbers; None when an endpoint is not rational."""
    merged = []
    for answer in (a, b):
        pieces = _pieces(answer)
        if pieces is None:
            return None
        pieces = [p for p in pieces if p[0] is None or p[1] is None or p[0] < p[1] or p[0] == p[1] and p[2] and p[3]]
        pieces.sort(key=lambda p: (p[0] is not None, p[0] or 0, not p[2]))
        out: list[_Piece] = []
        for lo, hi, cl, ch in pieces:
            if out:
                plo, phi, pcl, pch = out[-1]
                touching = phi is None or lo is None or lo < phi or lo == phi and (pch or cl)
                if touching:
                    if phi is not None and (hi is None or hi > phi or hi == phi and ch):
                        out[-1] = (plo, hi, pcl, ch)
                    continue
            out.append((lo, hi, cl, ch))
        merged.append(out)
    return merged[0] == merged[1]


def _pieces(answer: Answer | None) -> list[_Piece] | None:
    if answer is None or answer.kind not in ("interval", "union"):
        return None
    out: list[_Piece] = []
    for item in answer.items if answer.kind == "union" else (answer,):
        if item.kind != "interval":
            return None
        ends: list[Fraction | None] = []
        for end in item.terms:
            value = None if end in (_INF, _NEG_INF) else _rat(end)
            if value is None and end not in (_INF, _NEG_INF):
                return None
            ends.append(value)
        out.append((ends[0], ends[1], item.closed[0], item.closed[1]))
    return out


def _meet(a: _Piece, b: _Piece) -> _Piece | None:
    """The intersection of two intervals, or None when it is empty."""
    if a[0] is None or (b[0] is not None and (b[0], not b[2]) > (a[0], not a[2])):
        lo, cl = b[0], b[2]
    else:
        lo, cl = a[0], a[2]
    if a[1] is None or (b[1] is not None and (b[1], b[3]) < (a[1], a[3])):
        hi, ch = b[1], b[3]
    else:
        hi, ch = a[1], a[3]
    if lo is not None and hi is not None and (lo > hi or (lo == hi and not (cl and ch))):
        return None
    return lo, hi, cl, ch


#: trigonometric ratios of one angle named by a letter: what a question asks for by name ("find tan A")
_NAMED_RATIOS = frozenset({"sin", "cos", "tan", "cot", "sec", "csc"})
_GREEK_ANGLES = frozenset({"alpha", "beta", "gamma", "theta", "phi", "varphi", "psi", "omega", "vartheta"})


def _is_name(node: Node) -> bool:
    """A variable, a product of variables (``x``, ``QM``), a length ``|AB|``, a ratio of them (``\\frac{NO}{BO}``,
    ``a/b``) or a trigonometric ratio of an angle named by a letter (``\\tan A``): what names a quantity before ``=``.
    Walked with a stack, never by recursion: a product of 500 factors nests 500 deep (``x^2 x^2 ... = x^2`` raised
    RecursionError)."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, Var):
            continue
        if isinstance(node, Op) and node.op in ("/", "*") and (node.op == "*" or len(node.args) == 2):
            stack.extend(node.args)
            continue
        if isinstance(node, Call) and node.func == "abs" and len(node.args) == 1:  # a segment |AB|, never |x| = 3
            if _is_segment(node.args[0]):
                continue
            return False
        if isinstance(node, Call) and node.func in _NAMED_RATIOS and len(node.args) == 1:
            # \\tan A = 2, \\cos \\theta = \\frac{3}{5}: the quantity asked for; an angle is a capital or a Greek
            # letter (\\cos x = 1 may state the equation an unknown x solves, never the value asked for)
            angle = node.args[0]
            if isinstance(angle, Var) and (angle.name.isupper() or angle.name.lstrip("\\") in _GREEK_ANGLES):
                continue
        return False
    return True


def _is_segment(node: Node) -> bool:
    """A product of two or more capital letters (the AB of ``|AB|``)."""
    if not (isinstance(node, Op) and node.op == "*"):
        return False
    return all(isinstance(a, Var) and a.name.isupper() or _is_segment(a) for a in node.args)


def _names_tuple(answer: Answer) -> bool:
    """A tuple of distinct variables, ``(x, y)`` or ``(a, b, c)``: the unknowns an answer ``(x, y) = (5, 8)`` names."""
    if answer.kind != "tuple" or not all(i.kind in _SCALAR and isinstance(i.terms[0], Var) for i in answer.items):
        return False
    return len({i.terms[0] for i in answer.items}) == len(answer.items)


Parse = Callable[[str], Answer]
_SCALAR = ("number", "expression")


def _piece(text: str, parse: Parse) -> tuple[Answer, str | None] | None:
    """One relation or chain: (its answer, its variable when it is a set of reals), or None when the grammar
    reads the piece as it is (no relation, or one plain equation)."""
    sides, ops = _split(text, _RELATION)
    if not ops:
        return None
    ops = [_CANON[o] for o in ops]
    if set(ops) <= {"=", "~"}:
        return _chain(sides, ops, parse)
    if "=" in ops or "~" in ops:
        raise _Refuse("a chain mixing = or ≈ with inequalities")
    terms = []
    for side in sides:
        part = parse(side)
        if part.kind not in _SCALAR:
            raise _Refuse(f"a side of a relation is {part.kind}: '{side.strip()}'")
        terms.append(part.terms[0])
    names = set().union(*(free_vars(t) for t in terms))
    if len(names) == 1:
        var = next(iter(names))
        bounds = [_bound(terms[k], ops[k], terms[k + 1], var) for k in range(len(ops))]
        if all(b is not None for b in bounds):
            real = _real_set([b for b in bounds if b is not None])
            if real is None:
                raise _Refuse("a relation chain that is not one interval")
            return real, var
    if ops and all(o in (">", ">=") for o in ops):
        terms, ops = terms[::-1], [_FLIP[o] for o in reversed(ops)]
    return Answer("relation", terms=tuple(terms), value=" ".join(ops)), None


# the end of a left side that makes its = another relation: x /= 3, x != 3, x \not= 3, x <= 3, x \le= 3
_RELATION_ENDS = re.compile(r"(?:[/!<>]|\\(?:not|neq|ne|nless|ngtr|leq?|geq?|lt|gt|approx|sim|equiv|cong|in|"
                            r"notin|neg|lnot))\s*$")


_SET_JOIN = re.compile(r"\\(?:cup|cap|mid|setminus)(?![A-Za-z])")  # (outside brackets: P(A \\mid B) = \\frac12 is a chain)


# a left side the grammar cannot read that is a formula in single letters, numbers and operators (x ** 2, x - -1,
# x \bmod 3, 2x - -1): an equation in its unknown, never a name of what the right side values (\angle A, P(X > 1),
# C(6,3), I(X, Z), r^*); its right side is no answer (x ** 2 = 4 is never 4)
_UNREAD_FORMULA = re.compile(r"(?=.*(?<![A-Za-z\\])[A-Za-z](?![A-Za-z(]))(?=.*(?:[+*/^%-]|\\[a-z]))(?:(?<![A-Za-z\\])[A-Za-z](?![A-Za-z(])|[\d\s.+*/^%()-]|"
                             r"\\(?:bmod|mod|cdot|times|div)(?![A-Za-z]))+")
_NAME_STAR = re.compile(r"\^\s*(?:\*|\{\s*\*\s*\})")  # (r^*, a name)


def _chain(sides: list[str], ops: list[str], parse: Parse) -> tuple[Answer, str | None] | None:
    """Equalities and approximations: the last exact side (``x = 5+5+1 = 11`` is x = 11, ``x = 1/3 \\approx 0.33``
    is x = 1/3); only approximations (``x \\approx 11``) are an approximate value."""
    first_approx = ops.index("~") if "~" in ops else len(ops)
    exact = sides[: first_approx + 1]
    if first_approx == len(ops) and len(sides) == 2:
        left, right = parse(sides[0]), parse(sides[1])
        if right.kind == "number" and (left.kind == "number" or left.kind in _SCALAR and free_vars(left.terms[0]) <= {"i"}):
            return right, None  # a computation written out: 5 \times 6 \times 4 = 120 is 120, e^{i\pi} = -1 is -1
        if left.kind in _SCALAR and _is_name(left.terms[0]) and right.kind not in (*_SCALAR, "unparsed"):
            return right, None  # D = (0, 1): the point's coordinates
        if _names_tuple(left) and right.kind == "tuple" and len(right.items) == len(left.items):
            unknowns = {v.name for t in left.items for v in t.terms if isinstance(v, Var)}
            if not any(free_vars(t.terms[0]) & unknowns for t in right.items if t.kind in _SCALAR):
                # (p, q) = (3, 2): the values of the named unknowns, in their order, which the tuple keeps (its value)
                return replace(right, value=",".join(t.terms[0].name for t in left.items)), None  # type: ignore[attr-defined]
        if left.kind == "unparsed" and right.kind not in ("unparsed", "equation") and \
                not _RELATION_ENDS.search(sides[0]) and not _UNREAD_FORMULA.fullmatch(_NAME_STAR.sub("", sides[0])):  # fmt: skip
            # A + B = C with matrices A, B C, \angle A = 90: a computation written out or a name the grammar does
            # not read, then its last side (never a side that ends in a part of a relation: x /= 3 is no x = 3)
            return right, None
        if left.kind in _SCALAR and right.kind in _SCALAR and not _is_name(left.terms[0]) and \
                free_vars(right.terms[0]) and polynomial_identity(left.terms[0], right.terms[0]) == ("equal", None):  # fmt: skip
            # x^3 + 3x^2 - 3x^2 + 3x - 6 = x^3 + 3x - 6: an expression simplified, true for every x (an identity, no
            # equation to solve), its last form (polynomials only, decided here exactly and in bounded time); never a
            # constant last side, x + 2 - x = 2, which is no value of x (x = 2 would equal it)
            return right, None
        if left.kind in _REAL_SETS and right.kind in _REAL_SETS:
            if _same_set(left, right) is False:
                raise _Refuse("a set = another set that is not the same set")
            return right, None  # [\frac{\ln(1/18)}{-0.1}, \infty) = [10 \ln 18, \infty): a set simplified, its last form
        return None  # one equation: the grammar's
    if first_approx < len(ops) and not sides[-1].strip():
        # 5 \\approx: an approximation of nothing (never the 5 before it, stated exactly)
        raise _Refuse("an approximation sign with nothing after it")
    if len(exact) == 1 and not exact[0].strip():
        head = Answer("unparsed")  # \\approx 3: only an approximation
        named = True
    else:
        head = parse(exact[0])
        if head.kind == "unparsed" and len(exact) == 1:
            raise _Refuse(head.reason)
        named = head.kind in _SCALAR and _is_name(head.terms[0])
    if len(exact) == 1:
        if not named:
            return head, None  # \\frac{70}{9} \\approx 7.78: the exact value, then its decimal
        value = parse(sides[-1])
        if value.kind not in _SCALAR:
            raise _Refuse(f"an approximation of {value.kind}")
        return Answer("approx", terms=(value.terms[0],)), None
    last = parse(exact[-1])
    if last.kind == "unparsed":
        raise _Refuse(last.reason)
    joined = next((side for side in exact[1:-1] if _top_level(side, _SET_JOIN)), None)
    if joined is not None:  # x=3 \cup x=4, x=3 \mid x=4: equalities joined by a set operation, never the last alone
        raise _Refuse(f"equalities joined by a set operation or a bar: '{joined.strip()}'")
    if last.kind in _REAL_SETS and any(_same_set(side, last) is False for side in map(parse, exact[:-1])
                                       if side.kind in _REAL_SETS):  # fmt: skip
        raise _Refuse("a set = another set that is not the same set")  # [0,1] = [0,2] = [0,3]
    # the sides before the last are the working (read or not): the answer is the last side
    if named and last.kind in _SCALAR:
        return Answer("equation", terms=(head.terms[0], last.terms[0])), None
    return last, None


class _Refuse(Exception):
    pass


_REAL_SETS = ("interval", "union")


# a symbol a problem may define as its own operation (a * b, a \star b, a \# b, a \diamond b, a \oplus b), a currency
_DEFINED_OPERATION = re.compile(r"\*|[#@&$]|\\(?:ast|star|diamond|oplus|otimes|odot|bullet|dagger|nabla|triangle|"
                                r"clubsuit|heartsuit|spadesuit|diamondsuit|#|&|\$|boxtimes|boxplus|circledast)(?![A-Za-z])")


def false_chain(text: str, parse: Parse) -> str | None:
    """Why a chain of equalities in a response's answer is false, or None: two neighbouring sides that are rational
    constants with no unit and differ (``1000 = 2^{10}``, ``6 + 6 = 13``, ``12 = 13``, ``0.25 = \\frac{1}{5}``), a false
    statement whose last side is never its answer. A side written with decimals may round or cut the other to its
    last digit (``0.333 = \\frac{1}{3}``); a side with ``*``, ``\\star`` or ``\\#`` may be an operation the problem defines
    (``2 * 6 = 100`` where a * b = a^b + b^a, as MATH's problems do), and is not read."""
    from pyverify.answers._values import rational_value  # (exact rational terms; _values imports no reader)

    if text.count("=") < 1 or re.search(r"\\approx|[<>≈≤≥≠]|\\(?:le|ge|leq|geq|lt|gt|neq|ne|equiv|pmod)(?![A-Za-z])", text):
        return None
    sides = _top_level_split(text, "=")
    if len(sides) < 2 or any(not side.strip() for side in sides):
        return None
    values: list[tuple[str, Fraction, Fraction]] = []
    for side in sides:
        if _DEFINED_OPERATION.search(side) or "%" in side:
            continue
        read = parse(side)
        if not read.unit and (read.kind == "number" or (read.kind == "expression" and not free_vars(read.terms[0]))):
            value = rational_value(read.terms[0])
            places = [len(d) for d in re.findall(r"\d\.(\d+)", side)]
            if value is not None:
                values.append((side.strip(), value, Fraction(1, 10 ** max(places)) if places else Fraction(0)))
    for (a, va, ta), (b, vb, tb) in zip(values, values[1:]):
        if abs(va - vb) >= max(ta, tb) and va != vb:  # (2 = 2.1 is false: one unit of the last digit is too far)
            return f"a false equation between numbers: {a} = {b}"
    return None


def two_notations(text: str, parse: Parse) -> Answer | None:
    """A solution set written twice, as conditions and then in interval notation after a colon (``x < -7 :
    (-\\infty, -7)``, ``n \\le -9 \\text{ or } n \\ge 2 : (-\\infty, -9] \\cup [2, \\infty)``, as textbooks' answer
    keys write it): the set, when the two agree; refused when they differ or their agreement cannot be checked
    exactly. None when the text is not of that shape (ratios ``1:3`` and clock times have no relation before the
    colon)."""
    parts = _top_level_split(text, ":")
    if len(parts) != 2 or not _top_level(parts[0], _RELATION):
        return None
    notation = parse(parts[1])
    if notation.kind not in _REAL_SETS:
        return None
    conditions = relations(parts[0], parse)
    if conditions is None or conditions.kind not in _REAL_SETS:
        return None
    same = _same_set(conditions, notation)
    if same is None and conditions != notation:
        return Answer("unparsed", reason="outside the answer grammar: a set written as conditions before ':' and in "
                      "interval notation after it, with endpoints that are not rational: their agreement is not "
                      "checked here")  # fmt: skip
    if same is False:
        return Answer("unparsed", reason="outside the answer grammar: the set written as conditions before ':' and "
                      "in interval notation after it are not the same set")  # fmt: skip
    return notation


def relations(text: str, parse: Parse) -> Answer | None:
    """The answer of a text with relations at its top level (see the module docstring), None when there are
    none for this reader (the grammar reads the text), or an unparsed answer naming what is not read."""
    if not _top_level(text, _RELATION):
        return None
    pieces, seps = _split(text, _CONNECT)
    try:
        read = [_piece(p, parse) for p in pieces]
    except _Refuse as exc:
        reason = str(exc)  # a piece's own reason already says where it is
        prefix = "" if reason.startswith("outside the answer grammar") else "outside the answer grammar: "
        return Answer("unparsed", reason=prefix + reason)
    if all(r is None for r in read):
        return None
    answers = [r[0] if r is not None else parse(p) for r, p in zip(read, pieces)]
    for a in answers:
        if a.kind == "unparsed":
            return a
    if len(answers) == 1:
        return answers[0]
    variables = {r[1] for r in read if r is not None}
    if all(r is not None and r[1] is not None for r in read) and len(variables) == 1:
        kinds = {s.strip() for s in seps}
        if kinds == {"\\or"}:
            items = tuple(i for a in answers for i in (a.items if a.kind == "union" else (a,)))
            return Answer("union", items=items)
        if kinds <= {"\\and", ","} and all(a.kind == "interval" for a in answers):
            bounds: list[tuple[str, Node]] = []
            for a in answers:
                if a.terms[0] != _NEG_INF:
                    bounds.append((">=" if a.closed[0] else ">", a.terms[0]))
                if a.terms[1] != _INF:
                    bounds.append(("<=" if a.closed[1] else "<", a.terms[1]))
            real = _intersection(answers) or _real_set(bounds)  # exactly, when the endpoints are rational
            if real is not None:
                return _unless_comma_empties(real, kinds)
        if kinds <= {"\\and", ","}:
            real = _intersection(answers)  # x \\neq 2, x \\neq 3; x > 0 and x \\neq 1
            if real is not None:
                return _unless_comma_empties(real, kinds)
        return Answer("unparsed", reason="outside the answer grammar: conditions on one variable joined by "
                      f"{', '.join(sorted(kinds))} that are not one interval or a union")  # fmt: skip
    return Answer("list", items=tuple(answers))


# ---------------------------------------------------------------- matrix arithmetic written out

_MATRIX = re.compile(
    r"\\begin\{(?P<env>[pbvBV]?matrix|array)\}(?:\{[lcr| ]*\})?(?:(?!\\begin\{|\\end\{).)*?\\end\{(?P=env)\}", re.S
)
#: At most this many matrices in one answer, each at most 8 × 8 (the entries are terms: products grow them).
MAX_MATRICES, MAX_SIDE = 6, 8
# brackets written around a matrix environment ([\begin{array}...\end{array}], mathpix's and textbooks' way) are
# its delimiters, as \begin{bmatrix} would be
_BRACKETED = re.compile(r"([(\[])\s*(\\begin\{(?P<benv>[pbvBV]?matrix|array)\}(?:\{[lcr| ]*\})?"
                        r"(?:(?!\\begin\{|\\end\{).)*?\\end\{(?P=benv)\})\s*([)\]])", re.S)
_SLOT = re.compile(r"\x00(\d+)\x00")
# after a matrix: its transpose or inverse (^T, ^{T}, ^{\top}, ^{-1})
_POSTFIX = re.compile(r"\s*\^\s*(?:\{\s*(T|\\top|-\s*1)\s*\}|(T)(?![A-Za-z])|(-\s*1))")
_PRODUCT_SIGN = re.compile(r"^\s*(?:\\cdot|\\times|\*)?\s*$")
_EDGE_SIGNS = re.compile(r"^\s*(?:\\cdot|\\times|\*)\s*|\s*(?:\\cdot|\\times|\*)\s*$")


def matrix_arithmetic(text: str, parse: Parse) -> Answer | None:
    """A matrix written as arithmetic of written-out matrices: sums, differences and products (``A + B``, ``A B``,
    ``A \\cdot B``; products before sums), a scalar factor (``\\frac{1}{35} A``, ``-A``, ``c_{1} A e^{2t}``), a
    transpose or inverse (``A^{T}``, ``A^{-1}``: the inverse of rational entries only), a name or a chain of equalities
    before it (``B^{-1} = A``, ``A^{-1} = B``: the last side, as for numbers); brackets around a matrix environment
    are its delimiters. The matrix they make, its entries terms; None when the text is not of that kind (one bare
    matrix is the grammar's). Shapes that do not fit, a number added to a matrix and a singular inverse are refused
    with the reason."""
    if "\\begin{" not in text:
        return None
    text = _BRACKETED.sub(lambda m: m.group(2) if (m.group(1) + m.group(4)) in ("()", "[]") else m.group(), text)
    matches = list(_MATRIX.finditer(text))
    if not matches or len(matches) > MAX_MATRICES:
        return None
    # each matrix a slot, so that the structure around them (=, +, -) is read at the top level only
    masked = "".join(part for k, m in enumerate(matches)
                     for part in (text[matches[k - 1].end() if k else 0 : m.start()], f"\x00{k}\x00")) \
        + text[matches[-1].end():]  # fmt: skip
    sides = _top_level_split(masked, "=")
    side = sides[-1]
    if len(sides) == 1 and masked.strip() == "\x000\x00":
        return None  # one matrix alone: the grammar reads it
    outside = _SLOT.sub(" ", masked)
    if _SEVERAL.search(outside) or len(_top_level_split(outside, ",")) > 1 or len(_top_level_split(outside, ";")) > 1 \
            or not _SLOT.search(side) \
            or any(not _SLOT.search(s) and not (_NAME_SIDE.fullmatch(s) and re.search(r"[A-Za-z]", s))
                   for s in sides[:-1]):  # fmt: skip
        # several answers (A = ..., B = ...; A and B; a set of vectors \{A, B\}), the last side no matrix
        # (\det A = 5), or a side before it neither a name nor a matrix (5 = A): not one matrix
        return None
    try:
        rows = _matrix_value(side, matches, parse)
    except _Refuse as exc:
        return Answer("unparsed", reason=str(exc))
    if len(rows) == 1 and len(rows[0]) == 1 and len(matches) > 1:  # a row times a column: a dot product, a number
        return Answer("expression", terms=(rows[0][0],), text=text.strip())
    return Answer("matrix", rows=rows, text=text.strip())


# what joins several answers, outside the matrices (with a comma or a semicolon at the top level): and, or, set braces
_SEVERAL = re.compile(r"\\[{}]|\\(?:and|or|cup|cap)(?![A-Za-z])")
# a name before a matrix's = : B^{-1}, \mathbf{v}_{1}, C_{B}(\vec{x}), [\mathbf{x}]_{B}, X^{T} Y
_NAME_SIDE = re.compile(r"(?:[A-Za-z\[\]{}_^()\s'-]|\\(?:mathbf|vec|boldsymbol|hat|bar|overrightarrow|prime|top)"
                        r"(?![A-Za-z])|\d)+")  # (spaces are in the class: no \s* around it, which was quadratic)


def _top_level_split(text: str, sep: str) -> list[str]:
    """text split at each ``sep`` outside braces, parentheses and brackets."""
    parts, depth, last = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[last:i])
            last = i + 1
    return [*parts, text[last:]]


def _terms_of(text: str) -> list[tuple[str, str]]:
    """The signed terms of a sum at the top level: [(sign, term)], a sign after ^ or _ kept in its term."""
    out, depth, last, sign = [], 0, 0, "+"
    for i, ch in enumerate(text):
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif ch in "+-" and depth == 0 and not text[:i].rstrip().endswith(("^", "_")):
            if not text[last:i].strip():  # a sign after a sign (A - +B, -(-A) written --A): they combine
                sign = ("-" if sign == "+" else "+") if ch == "-" else sign
                last = i + 1
                continue
            out.append((sign, text[last:i]))
            sign, last = ch, i + 1
    out.append((sign, text[last:]))
    return out


def _matrix_value(side: str, matches: list[re.Match[str]], parse: Parse, depth: int = 0) -> Any:
    """The matrix a sum of terms makes; a term is a product of matrices (with ^T or ^{-1}), parenthesized sums of
    matrices (``c_{2}([A] e^{t} + [B])``, read the same way) and scalar factors in any order."""
    if depth > 4:
        raise _Refuse("matrix expressions nested too deeply")
    total = None
    for sign, term in _terms_of(side):
        product, scalars, position = None, [], 0
        for start, end, inner in _matrix_factors(term):
            scalars.append(term[position:start])
            if inner is None:
                slot = _SLOT.match(term, start)
                assert slot is not None
                value = _read_matrix(matches[int(slot.group(1))].group(), parse)
            else:
                value = _matrix_value(inner, matches, parse, depth + 1)
            postfix = _POSTFIX.match(term, end)
            if postfix:
                value = _inverse(value) if "1" in postfix.group() else tuple(zip(*value))
                end = postfix.end()
            product = value if product is None else _matrix_product(product, value)
            position = end
        if product is None:
            raise _Refuse(f"a number added to a matrix: {term.strip()!r}")
        scalars.append(term[position:])
        factor = _scalar(scalars, parse)
        if factor is not None or sign == "-":
            scale: Node = Op("neg", (factor or Num(Fraction(1)),)) if sign == "-" else factor or Num(Fraction(1))
            product = tuple(tuple(Op("*", (scale, e)) for e in row) for row in product)
        total = product if total is None else _matrix_sum(total, product, "+")
    return total


def _matrix_factors(term: str) -> list[tuple[int, int, str | None]]:
    """The matrix factors of a term, in order: (start, end, None) for a written matrix's slot, (start, end, inner)
    for a parenthesized sum that holds one; the text between them is scalar factors."""
    out: list[tuple[int, int, str | None]] = []
    i = 0
    while i < len(term):
        ch = term[i]
        slot = _SLOT.match(term, i)
        if slot:
            out.append((i, slot.end(), None))
            i = slot.end()
        elif ch in "({[":
            close = _closing(term, i)
            if ch == "(" and _SLOT.search(term, i, close):
                out.append((i, close + 1, term[i + 1 : close]))
            i = close + 1
        else:
            i += 1
    return out


def _closing(text: str, i: int) -> int:
    """The index of the bracket that closes the one at i (the end of the text when none does)."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] in "({[":
            depth += 1
        elif text[j] in ")}]":
            depth -= 1
            if depth == 0:
                return j
    return len(text) - 1


def _read_matrix(written: str, parse: Parse) -> Any:
    answer = parse(written)
    if answer.kind != "matrix" or len(answer.rows) > MAX_SIDE or len(answer.rows[0]) > MAX_SIDE:
        raise _Refuse(f"a matrix in a sum or product that is not read: {answer.reason or answer.kind}")
    return answer.rows


def _scalar(pieces: list[str], parse: Parse) -> Node | None:
    """The product of the scalar factors written around the matrices of a term, or None when there are none."""
    pieces = [_EDGE_SIGNS.sub("", p).strip() for p in pieces]
    pieces = [p for p in pieces if p]
    if not pieces:
        return None
    answer = parse(" \\cdot ".join(f"({p})" for p in pieces))
    if answer.kind not in ("number", "expression"):
        raise _Refuse(f"a factor of a matrix that is not a number: {' '.join(pieces)!r}")
    return answer.terms[0]


def _inverse(rows: Any) -> Any:
    """The inverse of a square matrix of rational entries (Gauss-Jordan in exact fractions)."""
    n = len(rows)
    if any(len(r) != n for r in rows):
        raise _Refuse(f"a matrix of shape {_shape(rows)} has no inverse")
    read = [[_rat(e) for e in r] for r in rows]
    values = [[v for v in r if v is not None] for r in read]
    if any(len(r) != n for r in values):
        raise _Refuse("the inverse of a matrix with entries that are not rational numbers is not computed")
    a = [[*r, *(Fraction(int(i == j)) for j in range(n))] for i, r in enumerate(values)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            raise _Refuse("a singular matrix has no inverse")
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [v / lead for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    return tuple(tuple(Num(v) for v in r[n:]) for r in a)


def _shape(rows: tuple[tuple[Node, ...], ...]) -> str:
    return f"{len(rows)}×{len(rows[0])}"


def _matrix_sum(a: Any, b: Any, sign: str) -> Any:
    if (len(a), len(a[0])) != (len(b), len(b[0])):
        raise _Refuse(f"matrices of shapes {_shape(a)} and {_shape(b)} cannot be added")
    return tuple(tuple(Op(sign, (x, y)) for x, y in zip(ra, rb)) for ra, rb in zip(a, b))


def _matrix_product(a: Any, b: Any) -> Any:
    if len(a[0]) != len(b):
        raise _Refuse(f"matrices of shapes {_shape(a)} and {_shape(b)} cannot be multiplied")
    out = []
    for row in a:
        entries = []
        for j in range(len(b[0])):
            entry: Node = Op("*", (row[0], b[0][j]))
            for k in range(1, len(b)):
                entry = Op("+", (entry, Op("*", (row[k], b[k][j]))))
            entries.append(entry)
        out.append(tuple(entries))
    return tuple(out)


# ---------------------------------------------------------------- a condition after the answer

_CONDITION_TEXT = re.compile(r"\\text\s*\{\s*(?:for|if|when)(?![A-Za-z])", re.I)
# (matched against the words with single spaces, no dollar signs and no \text braces: no runs to backtrack over)
# (all real numbers x, every real value of x: the whole real line, no condition; a sign or an integer domain is not
# read, since an answer equal only there would be 'different' at a point outside it: |x| against x for positive x)
_EVERY = re.compile(r"^(?:for )?(?:all|every|any|each) (?:real (?:numbers? |values? (?:of )?)?)?([A-Za-z])"
                    r"(?: ?\\in ?\\mathbb ?\{? ?R ?\}?)?\.?$", re.I)
_CONDITION_RELATION = re.compile(r"<|>|\\(?:leq?|geq?|leqslant|geqslant|lt|gt|neq?)(?![A-Za-z])|[≤≥≠]")
_SPACING = ("\\qquad", "\\quad", "\\,", "\\;", "\\:", "\\ ", ",")


def _without_lead_out(text: str) -> str:
    """text without the spaces, commas and spacing commands it ends with (by hand: a regular expression anchored at
    the end is tried from every position of a long run of spaces)."""
    while True:
        stripped = text.rstrip()
        for spacing in _SPACING:
            if stripped.endswith(spacing):
                stripped = stripped[: -len(spacing)]
                break
        if stripped == text:
            return text
        text = stripped


def trailing_condition(text: str) -> tuple[str, str] | None:
    """(the answer, its condition) of an answer stated under one condition on its letters: ``x(t) = 1 - e^{-at}
    \\text{ for } t > 0``, ``A = \\frac{1}{4 - \\omega^2}, \\quad \\text{for } \\omega^2 \\neq 4``,
    ``\\frac{x^2}{16} + \\frac{y^2}{4} = 1 \\ (y > 0)``; the condition is empty when it holds everywhere (``\\text{ for
    all } x``). None when the text ends in no such condition: words (``\\text{ for any integer } k`` names a
    parameter), several conditions (a piecewise answer, ``x \\text{ if } x \\ge 0, -x \\text{ if } x < 0``), a bracket
    right after a name (``P(X > 2)`` is a function applied). Read from the end, by hand (no backtracking)."""
    stripped = text.rstrip(" .$")
    found = next(reversed(list(_CONDITION_TEXT.finditer(stripped))), None)  # the last \\text{for ...}
    if found is not None:
        close = stripped.find("}", found.end())
        head = _without_lead_out(stripped[: found.start()])
        if close < 0 or not head.strip() or _CONDITION_TEXT.search(head):
            return None
        words = stripped[found.end() : close] + " " + stripped[close + 1 :]
        every = _EVERY.match(" ".join(words.replace("$", " ").replace("\\text{", " ").replace("}", " ").split()))
        if every:
            return head, ""
        condition = " ".join(words.split())
        if not _CONDITION_RELATION.search(condition) or re.search(r"[,;=]|[A-Za-z]{3,}",
                                                                  re.sub(r"\\[A-Za-z]+", "", condition)):
            return None  # words (for any integer k, if x is even), or more than one relation
        return None if trailing_condition(head) else (head, condition)
    if stripped.endswith(")"):  # = 1 (y>0): a final bracket holding one relation, after a space
        depth = 0
        for i in range(len(stripped) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(stripped[i], 0)
            if depth == 0:
                break
        before = stripped[:i].removesuffix("\\left")
        head = _without_lead_out(before)
        if depth == 0 and head.strip() and head != before and not head[-1].isalpha() \
                and _CONDITION_RELATION.search(stripped[i + 1 : -1]) and not re.search(r"[,;=]", stripped[i + 1 : -1]) \
                and _top_level(head, re.compile("=")) and not head.endswith(("=", "+", "-", "*", "/")):  # fmt: skip
            if trailing_condition(head):
                return None  # two conditions: not read
            return head, " ".join(stripped[i + 1 : -1].removesuffix("\\right").split())
    return None
