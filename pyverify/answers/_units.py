"""Units after a quantity: which unit an answer states, and the exact factor between two units.

The clean-up rules remove a unit phrase after a quantity (``5 cm``, ``5\\text{ mm}``, ``60 miles per hour``) so that
the value can be read; :func:`pyverify.answers._reading._clean` hands the removed phrases here, and the answer
keeps its unit (:attr:`Answer.unit`, the phrase normalized). Two answers that both state a unit are compared as
quantities (see :data:`UNIT_RULE`): the same unit, or units of the same kind converted by an exact factor
(``50 mm`` is ``5 cm``); units of different kinds (``cm`` and ``cm^2``) are different answers; units this table does
not know, written differently, are never dropped silently (unknown). An answer with a unit against one without is
compared by value, as benchmarks whose golds omit the unit need.

Why a table of our own rather than pint or sympy.physics.units: the unit words are the closed list of
:data:`pyverify.answers._words.UNIT_WORDS` (what the clean-up removes), every factor here is an exact rational
fixed by definition (the international inch and pound, the US gallon, the SI electronvolt), and what is left out
is left out on purpose (the ambiguous ``ton``, ``cal``, ``pound`` and ounce, affine temperatures, the degree's and
the parsec's π): a
general registry would have to be narrowed to the same list, and pint's conversions are floats by default.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction as F

#: The reading rule, rendered in docs/answers-and-rewards.md with the other reading rules.
UNIT_RULE = (
    "`5 cm` vs `50 mm`, `2 hours` vs `120 minutes`, `5 cm` vs `5 cm^2`, `5 kg` vs `5 lb`",
    "when both answers state a unit, they are quantities: the same unit (however spelled: `h`, `hr`, `hours`), or "
    "units of one kind converted by an exact factor (mm, cm, m, km, in, ft, yd, mi, nm, µm or micron, Å, AU; mg, g, "
    "kg, lb; s, min, h, day, week, fortnight; month, year, decade, century, millennium; mL, L, cc, gallon, cup, "
    "tablespoon, teaspoon; furlong; mpg, knot, rpm (per minute, against Hz); dimes and nickels; J, kJ or kilojoule, kcal, eV, kWh; N, Pa, bar, atm, torr, W, "
    "Hz, mol, C, V, T, F, Ω, rad; "
    "SI prefixes as written, ms is a millisecond and MPa is not mPa; \\$, dollars and cents; products, quotients and "
    "powers of them: km/h, mph, cm^2, square feet, kJ mol^-1, dollars per person) are compared in the reference's "
    "unit; units of different kinds (cm against cm^2, dollars against euros) are different, except the same number "
    "as an amount and as a rate of it per a unit of time, the rate's numerator the amount's unit (`\\$15` against `15 "
    "dollars an hour`, `60 miles` against `60 miles per hour` or `60 mph`: unknown, a gold that writes the amount's unit alone may "
    "mean the rate asked for; never `60 km/h`, `5 kg/m^3`, `5 m/s^2`); units not in the table "
    "written differently (`cal` against `kcal`, °C against °F, pounds, ounces, ft-lb, mmHg, a year against days) are "
    "unknown, and so are an answer stating several units (`5 cm + 5 mm`, `5 cm × 3 cm`: units are not multiplied) "
    "and rad/s against s^-1, and angles in different units (degrees against radians or arcseconds: 5° is not 5 "
    "rad); counting nouns (`5 ways`, `5 square units`, `12th grade`, `atoms/m` is per metre), an angle against a "
    "number and a unit on one side only are compared by value",
)

# The base dimensions of Unit.dims: L M T I Θ N (length, mass, time, current, temperature, amount); angle (the
# radian); month (calendar months: a year is 12 months, never a number of days); and each currency (USD EUR GBP CNY
# JPY INR peso franc), never converted into another.


@dataclass(frozen=True)
class Unit:
    """A unit read: its factor to the base units of its dimension, and the dimension's exponents."""

    factor: F
    dims: tuple[tuple[str, int], ...]

    def __mul__(self, other: Unit) -> Unit:
        return _unit(self.factor * other.factor, _add(dict(self.dims), dict(other.dims), 1))

    def __pow__(self, n: int) -> Unit:
        return _unit(self.factor**n, {k: v * n for k, v in self.dims})

    def dimension(self) -> str:
        return "·".join(f"{k}^{v}" if v != 1 else k for k, v in self.dims) or "a pure number"


def _unit(factor: F, dims: dict[str, int]) -> Unit:
    return Unit(F(factor), tuple(sorted((k, v) for k, v in dims.items() if v)))


def _add(a: dict[str, int], b: dict[str, int], sign: int) -> dict[str, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + sign * v
    return out


def _base(name: str, factor: F | int | str = 1) -> Unit:
    return _unit(F(factor), {name: 1})


_m, _kg, _s, _A, _K, _mol = (_base(b) for b in ("L", "M", "T", "I", "Θ", "N"))
_J = _kg * _m**2 * _s**-2
_gallon = _unit(F("3.785411784") / 1000, {"L": 3})
_lb = _base("M", "0.45359237")
_mile = _base("L", F(201168, 125))
_hour = _base("T", 3600)

#: Every unit word with its exact factor (by definition: the international inch, foot and pound of 1959, the US
#: gallon, the SI electronvolt of 2019, the standard atmosphere, the thermochemical kilocalorie).
_TABLE: dict[str, Unit] = {
    "mm": _base("L", F(1, 1000)), "cm": _base("L", F(1, 100)), "m": _m, "km": _base("L", 1000),
    "millimeter": _base("L", F(1, 1000)), "centimeter": _base("L", F(1, 100)), "meter": _m,
    "kilometer": _base("L", 1000), "micron": _base("L", F(1, 10**6)), "in": _base("L", F(127, 5000)),
    "micrometer": _base("L", F(1, 10**6)), "nanometer": _base("L", F(1, 10**9)),
    "millisecond": _base("T", F(1, 1000)), "microsecond": _base("T", F(1, 10**6)), "nanosecond": _base("T", F(1, 10**9)),
    "inch": _base("L", F(127, 5000)),
    "ft": _base("L", F(381, 1250)), "foot": _base("L", F(381, 1250)), "feet": _base("L", F(381, 1250)),
    "yd": _base("L", F(1143, 1250)), "yard": _base("L", F(1143, 1250)), "mi": _mile, "mile": _mile,
    "acre": _unit(F("4046.8564224"), {"L": 2}), "hectare": _unit(F(10000), {"L": 2}),
    "l": _unit(F(1, 1000), {"L": 3}), "liter": _unit(F(1, 1000), {"L": 3}),
    "ml": _unit(F(1, 10**6), {"L": 3}), "milliliter": _unit(F(1, 10**6), {"L": 3}), "cc": _unit(F(1, 10**6), {"L": 3}),
    "gal": _gallon, "gallon": _gallon, "qt": _gallon * _unit(F(1, 4), {}), "quart": _gallon * _unit(F(1, 4), {}),
    "pint": _gallon * _unit(F(1, 8), {}), "cup": _gallon * _unit(F(1, 16), {}),
    "mg": _base("M", F(1, 10**6)), "g": _base("M", F(1, 1000)), "kg": _kg, "milligram": _base("M", F(1, 10**6)),
    "gram": _base("M", F(1, 1000)), "kilogram": _kg, "lb": _lb,  # (no pound: of mass or sterling)
    "tonne": _base("M", 1000),  # (no ounce: of mass or of volume, the word does not say)
    "s": _s, "sec": _s, "second": _s, "min": _base("T", 60), "minute": _base("T", 60), "h": _hour, "hr": _hour,
    "hour": _hour, "day": _base("T", 86400), "week": _base("T", 604800), "wk": _base("T", 604800),
    "month": _base("month"), "year": _base("month", 12), "yr": _base("month", 12), "decade": _base("month", 120),
    "mph": _mile * _hour**-1, "kph": _base("L", 1000) * _hour**-1, "kmh": _base("L", 1000) * _hour**-1,
    "mpg": _mile * _gallon**-1, "knot": _base("L", 1852) * _hour**-1, "rpm": _base("T", 60)**-1, "century": _base("month", 1200), "centuries": _base("month", 1200),
    "millennium": _base("month", 12000), "millennia": _base("month", 12000), "fortnight": _base("T", 1209600),
    "tablespoon": _gallon * _unit(F(1, 256), {}), "tbsp": _gallon * _unit(F(1, 256), {}),
    "teaspoon": _gallon * _unit(F(1, 768), {}), "tsp": _gallon * _unit(F(1, 768), {}), "furlong": _base("L", F(25146, 125)),
    "dime": _base("USD", F(1, 10)), "nickel": _base("USD", F(1, 20)),
    "dollar": _base("USD"), "cent": _base("USD", F(1, 100)), "penny": _base("USD", F(1, 100)),
    "pennies": _base("USD", F(1, 100)), "euro": _base("EUR"), "yuan": _base("CNY"), "yen": _base("JPY"),
    "rupee": _base("INR"), "gbp": _base("GBP"), "peso": _base("peso"), "franc": _base("franc"),
    "j": _J, "joule": _J, "kj": _J * _unit(F(1000), {}), "kilojoule": _J * _unit(F(1000), {}),
    "kcal": _J * _unit(F(4184), {}),
    "erg": _J * _unit(F(1, 10**7), {}), "ev": _J * _unit(F("1.602176634e-19"), {}),
    "kev": _J * _unit(F("1.602176634e-16"), {}), "mev": _J * _unit(F("1.602176634e-13"), {}),
    "gev": _J * _unit(F("1.602176634e-10"), {}), "kwh": _J * _unit(F(3_600_000), {}),
    "w": _J * _s**-1, "watt": _J * _s**-1, "kilowatt": _J * _s**-1 * _unit(F(1000), {}),
    "n": _kg * _m * _s**-2, "newton": _kg * _m * _s**-2,
    "pascal": _kg * _m**-1 * _s**-2, "kpa": _kg * _m**-1 * _s**-2 * _unit(F(1000), {}),
    "atm": _kg * _m**-1 * _s**-2 * _unit(F(101325), {}),
    "hz": _s**-1, "hertz": _s**-1, "khz": _s**-1 * _unit(F(10**3), {}), "mhz": _s**-1 * _unit(F(10**6), {}),
    "ghz": _s**-1 * _unit(F(10**9), {}), "mol": _mol, "mole": _mol, "a": _A, "k": _K, "kelvin": _K,
    "v": _J * _s**-1 * _A**-1,
    # written inside \\mathrm{} or \\text{} only (SciBench's and physics golds' units; see TEXT_UNIT_WORDS)
    "nm": _base("L", F(1, 10**9)), "pm": _base("L", F(1, 10**12)), "dm": _base("L", F(1, 10)),
    "um": _base("L", F(1, 10**6)), "fm": _base("L", F(1, 10**15)), "angstrom": _base("L", F(1, 10**10)),
    "au": _base("L", 149597870700), "å": _base("L", F(1, 10**10)), "ly": _base("L", 9460730472580800),
    "pa": _kg * _m**-1 * _s**-2, "bar": _kg * _m**-1 * _s**-2 * _unit(F(10**5), {}),
    "mbar": _kg * _m**-1 * _s**-2 * _unit(F(100), {}), "torr": _kg * _m**-1 * _s**-2 * _unit(F(101325, 760), {}),
    # (no mmHg: 760 mmHg is one atmosphere to seven digits, not exactly; torr is exactly 1/760 atm)
    "mmol": _mol * _unit(F(1, 1000), {}), "kmol": _mol * _unit(F(1000), {}),
    "gj": _J * _unit(F(10**9), {}), "tev": _J * _unit(F("1.602176634e-7"), {}),
    "c": _A * _s, "coulomb": _A * _s, "t": _kg * _s**-2 * _A**-1, "tesla": _kg * _s**-2 * _A**-1,
    "f": _s**4 * _A**2 * _kg**-1 * _m**-2, "farad": _s**4 * _A**2 * _kg**-1 * _m**-2,
    "ohm": _kg * _m**2 * _s**-3 * _A**-2, "omega": _kg * _m**2 * _s**-3 * _A**-2,
    "volt": _J * _s**-1 * _A**-1, "ampere": _A, "amp": _A,
    "rad": _base("angle"), "radian": _base("angle"),  # (a degree is π/180 rad: not a rational factor, not read)
}  # fmt: skip
#: Where the letter case tells two units apart (SI's mega and milli): read first, as written.
_CASED: dict[str, Unit] = {
    "Mm": _base("L", 10**6), "MPa": _TABLE["pa"] * _unit(F(10**6), {}), "mPa": _TABLE["pa"] * _unit(F(1, 1000), {}),
    "GPa": _TABLE["pa"] * _unit(F(10**9), {}), "MJ": _J * _unit(F(10**6), {}), "mJ": _J * _unit(F(1, 1000), {}),
    "MeV": _TABLE["mev"], "meV": _J * _unit(F("1.602176634e-22"), {}), "MHz": _TABLE["mhz"],
    "mHz": _s**-1 * _unit(F(1, 1000), {}), "MW": _J * _s**-1 * _unit(F(10**6), {}),
    "mW": _J * _s**-1 * _unit(F(1, 1000), {}), "kW": _J * _s**-1 * _unit(F(1000), {}),
    "mA": _A * _unit(F(1, 1000), {}), "kV": _TABLE["v"] * _unit(F(1000), {}), "mV": _TABLE["v"] * _unit(F(1, 1000), {}),
    "mL": _TABLE["ml"], "ML": _unit(F(1000), {"L": 3}), "Cal": _J * _unit(F(4184), {}),  # the food Calorie is a kcal
    "mC": _A * _s * _unit(F(1, 1000), {}), "kN": _TABLE["n"] * _unit(F(1000), {}), "MN": _TABLE["n"] * _unit(F(10**6), {}),
    "mT": _TABLE["t"] * _unit(F(1, 1000), {}), "kHz": _TABLE["khz"], "GHz": _TABLE["ghz"],
    "kPa": _TABLE["kpa"], "kJ": _TABLE["kj"], "keV": _TABLE["kev"], "GeV": _TABLE["gev"],
    "Hz": _TABLE["hz"], "Pa": _TABLE["pa"], "eV": _TABLE["ev"], "kWh": _TABLE["kwh"], "AU": _TABLE["au"],
}  # fmt: skip
# currencies by their ISO codes and marks (FinanceMath's CHF 2,000, C$60,000): each its own unit, never converted
# into another (¥ and ₤ are not here: yen or yuan, pound or lira)
_CASED.update({"USD": _TABLE["dollar"], "EUR": _TABLE["euro"], "GBP": _TABLE["gbp"], "JPY": _TABLE["yen"],
               "CNY": _TABLE["yuan"], "RMB": _TABLE["yuan"], "INR": _TABLE["rupee"]})
_CASED.update({code: _base(code) for code in (
    "CHF CAD AUD HKD SGD NZD KRW RUB BRL ZAR MXN SEK NOK DKK PLN TRY IDR TWD THB MYR PHP VND NGN EGP SAR AED ILS UAH "
    "CZK HUF").split()})
_CASED.update({"C$": _base("CAD"), "CA$": _base("CAD"), "A$": _base("AUD"), "AU$": _base("AUD"), "NZ$": _base("NZD"),
               "HK$": _base("HKD"), "S$": _base("SGD"), "SG$": _base("SGD"), "NT$": _base("TWD"), "R$": _base("BRL"),
               "₩": _base("KRW"), "₽": _base("RUB"), "₺": _base("TRY"), "₦": _base("NGN"), "₱": _base("PHP"),
               "₫": _base("VND"), "₪": _base("ILS"), "₴": _base("UAH")})  # fmt: skip
#: Words whose lower case would read as another unit: never read case-insensitively (mpa is MPa or mPa).
_CASE_ONLY = frozenset(w.lower() for w in _CASED) - {"ml", "khz", "ghz", "kpa", "kj", "kev", "gev"}
_TABLE.update({k.replace("meter", "metre").replace("liter", "litre"): v for k, v in _TABLE.items()
               if "meter" in k or "liter" in k})  # fmt: skip

#: Counting nouns: ``5 ways`` against ``5 people`` is 5 against 5 (the noun names what is counted, not a unit).
COUNT_NOUNS = frozenset(
    "unit way people person student time item object piece step handshake game coin card page box ball marble "
    "apple pt atom molecule photon grade".split()
)
#: Angle words, each with the one name of its unit. An angle alone (``90 degrees``) is compared by value against an
#: answer without a unit, as the degree rules read 90^\circ; two answers that state angles in different units
#: (degrees against radians, arcseconds) are never compared by value: a degree is π/180 rad, not a rational factor.
_ANGLE_NAMES = {"degree": "degree", "deg": "degree", "radian": "radian", "rad": "radian", "arcsecond": "arcsecond",
                "arcsec": "arcsecond", "arcminute": "arcminute", "arcmin": "arcminute"}
_ANGLES = frozenset(_ANGLE_NAMES)

#: What joins the units of an answer that states several (``5\\text{ cm} + 5\\text{ mm}``): never compared by value.
SEVERAL = " | "
_SHAPES = frozenset("square sq cubic cu per squared cubed".split())
_TEMPERATURES = frozenset("celsius fahrenheit K kelvin".split())

_TOKEN = re.compile(r"([A-Za-zμµΩÅ]+)|\^\s*\{?\s*(-?\d)\s*\}?|(/)")
_TEX = re.compile(
    r"\\(?:text|textnormal|textbf|textrm|mbox|mathrm|operatorname)\s*\{|[{}~*]|\\[,;:! ]|\\(?:cdot|times)(?![A-Za-z])"
)


def symbols(text: str) -> str:
    """The unit symbols written as commands as their characters: ``\\Omega`` Ω, ``\\AA`` Å, ``\\mu`` μ (joined to the
    unit after it: ``\\mu C`` is μC)."""
    return re.sub(r"\\mu\s*", "μ", text.replace("\\Omega", "Ω").replace("\\AA", "Å"))


_RATE_OPENING = re.compile(r"(?i)^\s*(?:(?:an?|each|every)\s+|/\s*)(?=[A-Za-z])")


def normalize(phrase: str) -> str:
    """A unit phrase as written, for comparing it when it is not in the table: TeX wrappers, products (``\\cdot``)
    and spacing removed, single spaces, the letter case kept (MPa is not mPa); the empty string for counting nouns;
    for an angle alone, its unit's one name (``degree``, ``radian``)."""
    words: list[str] = []
    stated, angles = False, []
    phrase = _RATE_OPENING.sub("per ", phrase)  # (an hour, /hour, when units follow: a rate, as per hour)
    for match in _TOKEN.finditer(symbols(_TEX.sub(" ", unicode_powers(phrase)))):
        word, power, slash = match.groups()
        if word and words and word.lower() in ("a", "an", "each", "every"):
            words.append("per")  # (35 hours a week: hours per week; a first A is an ampere)
            continue
        if word:
            base = _singular(word.lower())
            stated = stated or base not in COUNT_NOUNS | _ANGLES | _SHAPES
            angles += [_ANGLE_NAMES[base]] if base in _ANGLES else []
            words.append(word)
        else:
            words.append(f"^{power}" if power else "/")
    # only counting nouns (5 ways, 5 square units): no unit to compare; with another unit they are part of it
    # (dollars per person, rad/s); an angle alone is its unit's one name (30 degrees, 30 deg: degree)
    if not stated and angles and words == [w for w in words if _singular(w.lower()) in _ANGLES]:
        return angles[0] if len(set(angles)) == 1 else SEVERAL.join(dict.fromkeys(angles))
    # an angle raised or with a shape (arcsec^2, square degrees: solid angles) is a unit as written
    return " ".join(words).replace(" ^", "^") if stated or angles else ""


def unicode_powers(text: str) -> str:
    """Superscript powers written in a unit (m/s², m⁻²) as ``^2``, ``^-2``, and the middle dot of a product (kg·m/s)
    as a space."""
    return re.sub(r"⁻?[¹²³⁴]|[·⋅]", lambda m: " " if m.group() in "·⋅" else
                  "^" + m.group().translate(str.maketrans("⁻¹²³⁴", "-1234")), text)  # fmt: skip


def _singular(word: str) -> str:
    """The table's word for a plural (inches, hours, hrs); a stem of one letter is no plural (ms is not m + s)."""
    for stem in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
        if len(stem) > 1 and (stem in _TABLE or stem in COUNT_NOUNS or stem in _ANGLES):
            return stem
    return word


def same_unit(a: str, b: str) -> bool:
    """Whether two normalized unit phrases name one unit: read alike (h, hr, hours), or, where the table cannot read
    them, spelled alike but for case, plurals and a 'degrees' before Celsius (pound, pounds; degrees Celsius, °C)."""
    ra, rb = read(a), read(b)
    if ra is not None and rb is not None:
        return ra == rb
    return ra is None and rb is None and _spelled(a) == _spelled(b)


def _spelled(phrase: str) -> str:
    words = [w.lower() for w in phrase.split()]
    words = [w for i, w in enumerate(words) if not (w in ("degree", "degrees", "deg") and words[i + 1 : i + 2]
                                                    and words[i + 1] in ("celsius", "fahrenheit"))]  # fmt: skip
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words)


def read(normalized: str) -> Unit | None:
    """The unit a normalized phrase names (products, ``/`` or ``per``, ``square``/``cubic``, ``squared``/``cubed``
    or ``^n``), or None when a word of it is not in the table."""
    unit = _unit(F(1), {})
    sign, prefix, last, micro = 1, 1, None, False
    tokens = normalized.replace("^", " ^").split()
    if len(tokens) > 1 and any(_singular(t.lower()) in ("lb", "pound") for t in tokens):
        return None  # ft-lb, lb in^-2: the pound of force, not of mass
    for token in tokens:
        lower = token.lower()
        if token == "/" or lower == "per":
            sign = -1
            continue
        if lower in ("square", "sq"):
            prefix = 2
            continue
        if lower in ("cubic", "cu"):
            prefix = 3
            continue
        if lower in ("squared", "cubed") or token.startswith("^"):
            if last is None:
                return None
            power = 2 if lower == "squared" else 3 if lower == "cubed" else int(token[1:])
            unit = unit * last ** (-1) * last**power  # the last unit, raised
            last = last**power
            continue
        if token in ("mu", "μ", "µ"):  # \\mu \\mathrm{C}: the micro prefix written apart
            micro = True
            continue
        found = _unit(F(1), {}) if _singular(lower) in COUNT_NOUNS else _lookup(token)
        if len(token) == 2 and all(c in _LETTERS for c in token) and _negative_power(tokens, token):
            return None  # ms^-2: a millisecond or metres per second squared (m s^-2): not read
        if found is None:
            return None
        if micro:
            found, micro = found * _unit(F(1, 10**6), {}), False
        last = found ** (prefix * sign)
        unit, prefix = unit * last, 1
    return unit if last is not None else None


#: SI prefixes, and the units that take them (as written: m is milli, M mega; mm, kPa, MeV, μC, nF, GHz).
_PREFIXES = {"k": F(10**3), "M": F(10**6), "G": F(10**9), "T": F(10**12), "m": F(1, 10**3), "u": F(1, 10**6),
             "μ": F(1, 10**6), "µ": F(1, 10**6), "n": F(1, 10**9), "p": F(1, 10**12), "c": F(1, 100),
             "d": F(1, 10)}  # fmt: skip
_PREFIXABLE = {"m": "m", "g": "g", "s": "s", "L": "l", "l": "l", "J": "j", "W": "w", "N": "n", "Pa": "pa",
               "V": "v", "A": "a", "C": "c", "Hz": "hz", "eV": "ev", "mol": "mol", "T": "t", "F": "f",
               "Ω": "ohm", "bar": "bar", "K": "k"}  # fmt: skip


def _prefixed(token: str) -> Unit | None:
    """A unit written with an SI prefix (``μC``, ``nF``, ``kPa``, ``mmol``), as written; None otherwise."""
    prefix, rest = token[:1], token[1:]
    if prefix in _PREFIXES and rest in _PREFIXABLE:
        return _TABLE[_PREFIXABLE[rest]] * _unit(_PREFIXES[prefix], {})
    return None


#: One-letter units, whose case is their meaning (N newton, n nothing; L and l litre; Ω ohm).
_LETTERS = {"m": "m", "g": "g", "s": "s", "h": "h", "L": "l", "l": "l", "J": "j", "W": "w", "N": "n", "V": "v",
            "A": "a", "C": "c", "T": "t", "F": "f", "K": "k", "Ω": "ohm", "Å": "angstrom"}  # fmt: skip


def _lookup(token: str) -> Unit | None:
    """One unit token: as written first (MPa, Hz, one letter), then an SI prefix on a unit as written (ms is a
    millisecond, never metres; Mg a megagram), then a word in any case with its plural (Hours, inches); a short
    token in mixed case that none of these reads is no unit (Nm is not nm)."""
    if token in _CASED:
        return _CASED[token]
    if len(token) == 1:
        return _TABLE[_LETTERS[token]] if token in _LETTERS else None
    prefixed = _prefixed(token)
    if prefixed is not None:
        return prefixed
    lower = token.lower()
    if lower in _CASE_ONLY or (len(token) <= 2 and token not in (lower, token.upper())):
        return None  # (Nm is not nm; Hrs, Min and Sec are hrs, min and sec)
    return _TABLE.get(_singular(lower))


def unit_letters(name: str) -> bool:
    """Whether a variable's name may be a unit or a prefix written as letters (m, N, ha, mu, Omega): a unit
    token as :func:`read` takes it, or the micro prefix, or the ohm's Greek letter."""
    return name in ("mu", "Omega") or _lookup(name) is not None or _lookup(name.lower()) is not None


def _negative_power(tokens: list[str], token: str) -> bool:
    i = tokens.index(token)
    return i + 1 < len(tokens) and tokens[i + 1].startswith("^-")


# the rates written as one word, split into what they count and the time (mph is mile per hour)
_RATE_ABBREVIATIONS = {"mph": ["mile", "hour"], "kph": ["km", "hour"], "kmh": ["km", "hour"]}


def rate_of(reference: str, candidate: str) -> bool:
    """Whether one unit is the other per a unit of time, its numerator written as the other (dollars per hour and
    dollars, miles and miles/h, miles and mph; never 60 miles and 60 km/h, 5 kg and 5 kg/m^3, m and m/s^2)."""
    for amount, rate in ((reference, candidate), (candidate, reference)):
        parts = _RATE_ABBREVIATIONS.get(rate.strip().lower()) or \
            re.split(r"\s*(?:/|(?<![A-Za-z])per(?![A-Za-z]))\s*", rate, maxsplit=1)  # fmt: skip
        if len(parts) != 2 or not parts[0] or not parts[1]:
            continue
        top, bottom, whole = read(parts[0]), read(parts[1]), read(amount)
        if top is not None and top == whole and bottom is not None and bottom.dims in ((("T", 1),), (("month", 1),)):
            return True
    return False


def conversion(reference: str, candidate: str) -> tuple[str, F | None, str]:
    """How a candidate's unit relates to the reference's (both normalized and different):
    ``("scale", factor, note)`` (the candidate's value times factor is in the reference's unit),
    ``("dimension", None, why)`` (different kinds of quantity) or ``("unknown", None, why)``."""
    ref, cand = read(reference), read(candidate)
    if same_unit(reference, candidate):
        return "scale", F(1), ""
    bare = next((u for u in (reference, candidate) if u.lower().startswith("per ")), None)
    if bare is not None:  # $5 per hour (a dollar sign no unit rule reads): a rate of a unit not stated
        return "unknown", None, (f"the units differ ({reference} against {candidate}) and '{bare}' does not say what it "
                                 "counts: not converted, not dropped")  # fmt: skip
    if ref is None or cand is None:
        if {reference, candidate} <= set(_ANGLE_NAMES.values()):
            return "unknown", None, (f"angles in {reference}s and {candidate}s: not converted by the unit table (a "
                                     "degree is π/180 radian)")  # fmt: skip
        if {reference, candidate} <= _TEMPERATURES | {"celsius", "fahrenheit"}:
            return "unknown", None, (f"temperatures in {reference} and {candidate}: not converted (an affine change "
                                     "of scale, not a factor)")  # fmt: skip
        unread = reference if ref is None else candidate
        return "unknown", None, (f"the units differ ({reference} against {candidate}) and '{unread}' is not in the "
                                 "unit table: not converted, not dropped")  # fmt: skip
    if ref.dims != cand.dims:
        calendar = {k for k, _ in ref.dims} ^ {k for k, _ in cand.dims}
        if [d for d in ref.dims if d[0] != "angle"] == [d for d in cand.dims if d[0] != "angle"]:  # rad/s, s^-1
            return "unknown", None, (f"the units differ ({reference} against {candidate}) by an angle: a radian is a "
                                     "pure number in SI, a cycle is not")  # fmt: skip
        if {"month", "T"} <= calendar:  # a year is not a fixed number of days: undecided, not another kind
            return "unknown", None, (f"the units differ ({reference} against {candidate}): calendar months and years "
                                     "have no fixed length in days")  # fmt: skip
        return "dimension", None, (f"the units are of different kinds: {reference} ({ref.dimension()}) against "
                                   f"{candidate} ({cand.dimension()})")  # fmt: skip
    factor = cand.factor / ref.factor
    return "scale", factor, f"units: the candidate's {candidate} converted to the reference's {reference} (× {factor})"


# a quantity in two units of one kind, the larger first: 1 hour and 30 minutes, 5 feet 3 inches, 2 min, 30 s, 5 ft. 3 in.
# (each run of spaces has one way to match: a pattern that could split one between two parts backtracked
# quadratically on a long run)
_COMPOUND = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([A-Za-z]{1,12})\.?(?:\s*,\s*|\s+and\s+|\s+)(\d+(?:\.\d+)?)\s*([A-Za-z]{1,12})"
                       r"\s*(?:\.\s*)?")


def compound(text: str) -> str | None:
    """A quantity written in two units of one kind, the larger first and the second part less than one of the
    larger (``1 hour and 30 minutes``, ``5 feet 3 inches``, ``3 days 4 hours``), as one quantity in the smaller unit
    (``90 minutes``); None for any other text (two counts, ``2 apples 3 pears``; two kinds, ``5 m 3 s``)."""
    found = _COMPOUND.fullmatch(_unwrapped(text))
    if found is None or found.group(2).lower() in _JOINING:
        return None
    big, small = read(normalize(found.group(2))), read(normalize(found.group(4)))
    if big is None or small is None or not big.dims or big.dims != small.dims or big.factor <= small.factor:
        return None
    ratio, part = big.factor / small.factor, F(found.group(3))
    if part >= ratio:
        return None  # (5 feet 13 inches: no way of writing 6 feet 1 inch)
    total = F(found.group(1)) * ratio + part
    value = str(total.numerator) if total.denominator == 1 else f"{total.numerator}/{total.denominator}"
    return f"{value} {found.group(4)}"


def one_kind(larger: str, smaller: str) -> bool:
    """Whether two unit words name units of one kind, the first the larger (feet and inch, hours and minute): the two
    parts of one quantity when a number comes with each (5 feet 4-inch)."""
    big, small = read(normalize(larger)), read(normalize(smaller))
    return big is not None and small is not None and bool(big.dims) and big.dims == small.dims and \
        big.factor > small.factor


def two_parts(text: str) -> bool:
    """Whether ``text`` is written as two numbers each with its word (``1 GB 500 MB``, ``5 m 3 s``, ``2 apples 3
    pears``): read as one value only by :func:`compound`, never as a product of letters (1·G·B·500·M·B)."""
    found = _COMPOUND.fullmatch(_unwrapped(text))
    return found is not None and found.group(2).lower() not in _JOINING


# words between two numbers that join them, never a unit of the first (15 and 22.5 \mathrm{~min}: two times)
_JOINING = frozenset("and or to by x times of plus minus".split())


# the units of a compound quantity in text commands, as models box it (1 \text{ hour } 30 \text{ minutes},
# 5\text{ ft }3\text{ in}, 1\ \text{hour and}\ 30\ \text{minutes}): their words, with TeX spaces as spaces
_WRAPPED_WORDS = re.compile(r"\\(?:text|textrm|textnormal|mathrm|mbox)\s*\{([^{}]{0,40})\}")


def _unwrapped(text: str) -> str:
    if "\\" not in text:
        return text
    return re.sub(r"\\[ ,;:!]|~", " ", _WRAPPED_WORDS.sub(r" \1 ", text))
