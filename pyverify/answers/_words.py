"""The word lists of the reading rules (which runs of letters are words, which words are units), shared by the
extraction policy and the parser."""

from __future__ import annotations

import re

#: Short words (two or three letters, compared in lower case) that are never a product of one-letter variables:
#: English words that do not occur as products in algebra answers (``at`` and ``by`` are left out: ``\frac12 at^2``,
#: ``ax + by``), abbreviations of units, ordinal suffixes, names of functions and Greek letters written without a
#: backslash, and what is left of ``\text``, ``\frac``, ``\neq``, ``\beta`` when their backslash-letter became a
#: control character. A run of four or more letters is always a word; a run of capitals is compared with
#: :data:`SHOUTED_WORDS` instead. See :data:`READING_RULES`.
SHORT_UNITS: frozenset[str] = frozenset(
    "cm mm km kg mg ml ft yd mi in hr hrs min mins sec secs mph kph kmh lb lbs oz pt pts qt gal cc sq cu deg "
    "rad cal rpm".split()
)
SHORT_WORDS: frozenset[str] = SHORT_UNITS | frozenset(
    "am an as be do go he if is it me my no of oh ok on or so to up us we "
    "all and any are but can did few for get got had has her him his how its let may new nor not now off old "
    "one our out own per put say see she six ten the too two use was way who why yes yet you ans sol eqn etc "
    "odd red tie win won big low top end sum "
    "st nd rd th "
    "max gcd lcm mod det arg dim ker sgn abs lim sup inf lg tg ctg sh ch arc "
    "mu nu xi phi chi psi rho tau eta "
    "ext rac eq".split()
)
#: Function names written without a backslash, which stand beside their argument (``log ab``, ``sin ax``).
BARE_FUNCTIONS: frozenset[str] = frozenset("sin cos tan cot sec csc ln log exp lim max min gcd lcm mod det".split())
# two runs of two or three letters with only spaces between them (lookahead: the pairs may overlap, Sam ate pie)
_SHORT_PAIR = re.compile(r"(?<![\\A-Za-z])(?=([A-Za-z]{2,3})[ \t]+([A-Za-z]{2,3})(?![A-Za-z]))")


def short_word_pair(text: str, start: int = 0, end: int | None = None) -> int | None:
    """Where the first of two short runs that are words together begins (``Sam ate 175``, ``Bob ate 5``), else None.

    A run of two or three letters that is no short word is a product of variables (``ab``, ``2xy``), but two such
    runs side by side with only spaces between, one of three letters and both with a small letter and a vowel, are
    English words: an algebra answer writes no product with a space inside it and another one beside it (``ab cd``
    of two letters each and ``xyz xy`` stay products; ``log ab`` is a function and its argument; ``AB CD`` are
    points)."""
    for m in _SHORT_PAIR.finditer(text, start, len(text) if end is None else end):
        first, second = m.group(1), m.group(2)
        if max(len(first), len(second)) < 3 or first.isupper() or second.isupper():
            continue
        if not all(re.search(r"[aeiouAEIOU]", run) for run in (first, second)):
            continue  # (a word has a vowel; xyz xy is a product)
        if any(run.lower() in BARE_FUNCTIONS or run.lower() in SHORT_WORDS for run in (first, second)):
            continue  # (a short word is a word already; a function names what follows it)
        return m.start()
    return None


#: Runs of capitals are names of points (AB, ABC: read as products like any variables), except these words.
SHOUTED_WORDS: frozenset[str] = frozenset("DNE NA NO YES NOT THE AND ANS OK".split())
#: Unit words (compared in lower case; a plural in -s or -es is the same unit: ``inches``, ``boxes``), counting
#: nouns among them (``5 ways``). With :data:`UNIT_PREFIXES` before them, ``squared``, ``cubed`` or ``^2`` after them,
#: one after another or joined by ``per`` or ``/``, they are the unit phrases that the clean-up removes after a
#: quantity (see :data:`CLEANUP_RULES`). Words that change a value (``million``, ``dozen``, ``squared`` alone,
#: ``halves``) or judge the answer (``wrong``, ``maybe``, ``answer``) are not units: they leave it unparsed.
UNIT_WORDS: frozenset[str] = (SHORT_UNITS - {"sq", "cu"}) | frozenset(
    "meter metre centimeter centimetre millimeter millimetre kilometer kilometre inch foot feet yard mile acre hectare "
    "liter litre milliliter millilitre gallon quart pint cup gram kilogram milligram pound ounce ton tonne "
    "second minute hour day week wk month year yr decade dollar cent penny pennies euro yuan yen rupee peso franc degree radian celsius fahrenheit "
    "unit way people person student time item object piece step handshake game coin card page box ball marble apple "
    "kcal kj erg joule watt kelvin newton pascal hertz mole mol parsec kpc mpc kwh atm ev kev mev gev hz khz mhz ghz kpa "
    "volt ampere amp ohm tesla coulomb farad angstrom calorie kilocalorie knot"  # (words no product of letters spells: 2 amps)
    " micron kilojoule kilowatt arcsecond arcminute arcsec arcmin bit byte atom molecule photon grade"
    " millisecond microsecond nanosecond micrometer micrometre nanometer nanometre"
    " century centuries millennium millennia fortnight tablespoon teaspoon tbsp tsp furlong mpg dime nickel"
    .split()
)  # fmt: skip


def is_unit_word(word: str) -> bool:
    """A word of UNIT_WORDS, or its plural in -s or -es (inches, boxes)."""
    low = word.lower()
    return low in UNIT_WORDS or low.rstrip("s") in UNIT_WORDS or (low.endswith("es") and low[:-2] in UNIT_WORDS)


UNIT_PREFIXES: frozenset[str] = frozenset("square sq cubic cu".split())
#: Unit words read only in a unit written in ``\\mathrm{...}`` or ``\\text{...}`` after a quantity (SciBench's golds);
#: outside them they are letters (``2nm`` is 2·n·m, ``5 au`` is 5·a·u).
TEXT_UNIT_WORDS: frozenset[str] = frozenset(
    "nm pm dm um fm au ly pa bar mbar torr mmhg mmol kmol gj tev dB pc".split()
)
#: One-letter units (metre, gram, second, hour, litre, joule, watt, newton, volt, kelvin, ampere): units only inside
#: ``\text{...}`` (``5 m`` is 5·m), and a single letter in ``\mathrm{...}`` is that letter (``\mathrm{e}`` is e).
UNIT_LETTERS = "mgshLJWNVKA"
#: The commands whose content is text; ``\operatorname`` is a name, never a unit.

#: What an escape sequence leaves when a LaTeX command is written in a non-raw string (or a JSON string): the
#: control character stands for backslash + this letter ...
ESCAPE_LETTERS = {"\t": "t", "\r": "r", "\n": "n", "\a": "a", "\b": "b", "\f": "f", "\v": "v"}
#: ... when the letters after it complete one of these commands (\frac read as form feed + "rac").
ESCAPED_COMMANDS = frozenset(
    "text textbf textrm times tan tau theta tfrac tbinom to top triangle tilde right rho rangle rfloor rceil rm "
    "neq nabla neg not notin newline nmid frac boxed binom beta begin bar alpha approx vec vert varphi".split()
)
#: Scale words of the -illion family (million ... decillion, zillion, gazillion), a regular expression's source for the
#: words after a number that make it another number (never pillion, cotillion, vermillion).
ILLIONS = r"(?:[mbz]|tr|quadr|quint|sext|sept|oct|non|dec|gaz|j|kaj|baz|squ)illion"
#: The ordinal fractions from the fourth on, singular, for the same rules (5 sixteenths, 3 fifths: parts, never 5).
ORDINAL_PARTS = (r"(?:four|fif|six|seven|eigh|nin|ten|eleven|twelf|(?:thir|four|fif|six|seven|eigh|nine)teen|"
                 r"(?:twen|thir|for|fif|six|seven|eigh|nine)tie|hundred|thousand|million)th")
#: Subscript digits as the digits they stand for (x₀, log₁₀, 1112112₃).
SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
#: What joins choice letters written as a list of choices: a comma (``A, B``, an Oxford comma ``A, B, and D`` too),
#: ``and``, ``&`` or ``\&``, the ideographic comma ``、`` or a full-width comma (a regular expression's source).
CHOICE_JOIN = r"(?:,\s*(?:and(?![A-Za-z])\s*)?|and(?![A-Za-z])|\\?&|、|，)"
