"""The universal-key corpus: a panel of references and the hostile candidates compared with it.

:data:`PANEL` holds pairwise-different references (:func:`panel_sides` gives their meanings, so that the
oracle can confirm they differ). :func:`hostile_candidates` builds at least 10,000 hostile or odd candidate
strings combinatorially — templates (prose, units, many boxes, TeX primitives, nested and unbalanced braces,
very long strings) filled with math cores (the panel and its look-alikes, undefined values, huge exponents,
many answers at once) and passed through transforms (Unicode look-alikes, zero-width characters, NUL bytes,
...) — with fixed specials (empty strings, NUL bytes, 100,000 characters) spread among them.

Why the seam is here: the corpus is data, deterministic per seed, and evaluates nothing; comparing it with
the panel is the runner's part (:func:`pyverify.audit._answer_oracle.run_universal_key`).
"""

from __future__ import annotations

import random
from typing import Callable

from pyverify.audit._oracle_meaning import (
    Side,
    add,
    frac,
    interval,
    mul,
    num,
    pi,
    power,
    scalar,
    set_of,
    sqrt,
    tuple_of,
    var,
)

# ---------------------------------------------------------------- the universal-key corpus

#: The panel of pairwise-different references a candidate is compared with.
PANEL: tuple[str, ...] = ("17", "\\frac12", "2\\sqrt2", "\\{1,2\\}", "x^2+1", "[0,1)", "(1,2)", "\\pi", "0", "-3",
                          "12")  # fmt: skip


def panel_sides() -> tuple[Side, ...]:
    """The panel's meanings for the oracle (to check that the references are pairwise different)."""
    x = var("x")
    return (
        scalar(num(17)), scalar(frac(num(1), num(2))), scalar(mul(num(2), sqrt(num(2)), "")),
        set_of([num(1), num(2)]), scalar(add(power(x, 2), num(1))), interval(num(0), num(1), (True, False)),
        tuple_of([num(1), num(2)]), scalar(pi()), scalar(num(0)), scalar(num(-3)), scalar(num(12)),
    )  # fmt: skip


_MATH_CORES: tuple[str, ...] = (
    # the panel itself and its look-alikes
    *PANEL, "1/2", "0.5", "\\sqrt{8}", "2 \\sqrt{2}", "\\{2, 1\\}", "1 + x^2", "[0, 1)", "(1, 2)", "3.14159",
    "\\frac{34}{2}", "-3.0", "12.", "0.", "(-3)", "+17",
    # undefined values and non-values
    "0/0", "1/0", "\\frac{1}{0}", "\\frac{0}{0}", "0^{-1}", "\\log 0", "\\ln 0", "\\sqrt{-1}", "x 0/0", "\\frac{x}{0}",
    "4 0/0", "17 0/0", "0/0 x", "\\infty", "-\\infty", "\\infty - \\infty", "0 \\cdot \\infty", "\\frac{\\infty}{\\infty}",
    "1^{\\infty}", "0^0", "NaN", "nan", "undefined", "\\text{undefined}", "\\text{DNE}", "None", "\\emptyset",
    "\\varnothing", "\\mathbb{R}", "i", "\\sqrt{-1} + 17", "x - x", "\\frac{x}{x}", "\\tan\\frac{\\pi}{2}", "\\cot 0",
    "\\log_1 2", "\\arcsin 2", "\\sqrt{x}\\sqrt{-x}", "\\frac{1}{x - x}", "x^2+1+\\frac{1}{0}", "17 + \\frac{0}{0}",
    # huge and deep
    "10^{10^{10}}", "10^{10^{10^{10}}}", "9!!!!!!", "9!!!!!!!!!!!!", "(10^{100})!", "2^{2^{2^{2^{2^{2}}}}}",
    "10^{-10^{10}}", "x^{10^{10}}", "(x+1)^{100000}", "\\sum_{k=1}^{10^{10}} k", "\\binom{10^{10}}{5}",
    "e^{e^{e^{e^{e}}}}", "\\sqrt[10^{10}]{2}", "\\frac{1}{10^{10^{10}}}", "99999999999999999999999999999999999999!",
    "1" * 3000, "9" * 5000 + "/" + "7" * 5000, "x" + "^x" * 200,
    # many answers at once
    "17, 12", "17 \\text{ or } 12", "17 or 12", "either 3 or 4", "either 17 or 12", "17 \\lor 12", "17 \\pm 0",
    "\\pm 3", "x", "y", "n", "anything", "all real numbers", "any real number", "x \\in \\mathbb{R}", "x = x", "0 = 0",
    "17 = 17", "x^2+1 = x^2+1", "\\{17, 12, 0, -3\\}", "(-\\infty, \\infty)", "[0,1) \\cup (1,2)", "\\{1,2\\} \\cup \\{17\\}",
    "x^2+1 \\text{ or } 17", "1, 2", "0, 1", "\\frac12, 2\\sqrt2", "\\pi, 17", "12 and 17", "-3 \\le x \\le 12",
    "x \\ne 0", "x > 0", "\\mathbb{R} \\setminus \\{0\\}",
)  # fmt: skip

_TEMPLATES: tuple[str, ...] = (
    "{X}", "\\boxed{{{X}}}", "${X}$", "$${X}$$", "\\({X}\\)", "\\[{X}\\]", "The answer is {X}.",
    "The answer is $\\boxed{{{X}}}$.", "Answer: {X}", "Final answer: {X}", "So x = {X}", "x = {X}", "{X} units",
    "{X} cm", "{X} \\text{{ cm}}^2", "{X}\\%", "{X} percent", "{X} dollars", "\\${X}", "approximately {X}",
    "about {X}", "{X} (approximately)", "either {X} or {Y}", "{X} or {Y}", "{X} and {Y}", "\\boxed{{{X}}}\\boxed{{{Y}}}",
    "\\boxed{{{X}}} \\boxed{{{Y}}} \\boxed{{{X}}}", "\\boxed{{\\boxed{{{X}}}}}", "\\text{{{X}}}", "\\mathrm{{{X}}}",
    "\\textbf{{{X}}}", "\\left({X}\\right)", "{{{X}}}", "\\fbox{{{X}}}", "{X}.", "{X}!", "{X}?", "-{X}", "{X}^{{-1}}",
    "\\frac{{{X}}}{{0}}", "{X} \\cdot 0/0", "{X} + 0/0", "{X} 0/0", "0/0 {X}", "{X}, {X}", "{X} = {Y}", "{X} \\ne {Y}",
    "\\neg {X}", "I don't know, maybe {X}", "Not {X}", "{X} is wrong; the answer is {Y}",
    "\\boxed{{{X}}} is not correct, the right answer is \\boxed{{{Y}}}", "{X}\n\n{Y}", "The answer is {X} 0/0.",
    "\\text{{The answer is }} {X}", "{X} \\text{{ or }} {Y}", "\\{{{X}\\}}", "({X}, {Y})", "[{X}, {Y}]",
    "\\begin{{pmatrix}} {X} & {Y} \\end{{pmatrix}}", "\\input{{/etc/passwd}} {X}", "\\def\\x{{{X}}}\\x",
    "\\catcode`\\{{=12 {X}", "\\newcommand{{\\a}}{{{X}}}\\a", "\\write18{{rm -rf /}} {X}",
    "\\csname boxed\\endcsname{{{X}}}", "\\let\\boxed\\relax \\boxed{{{X}}}", "\\expandafter{X}",
    "\\boxed{{{X}}}" * 20, "\\boxed{{" * 30 + "{X}" + "}}" * 30, "{{" * 100 + "{X}" + "}}" * 100,
    "{{" * 5 + "{X}", "{X}" + "}}" * 5, "\\boxed{{{X}", "\\frac{{{X}}}{{", "{X} " * 200,
)  # fmt: skip

_CYRILLIC = str.maketrans({"x": "х", "a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "y": "у"})
_FULLWIDTH = str.maketrans({str(d): chr(0xFF10 + d) for d in range(10)})


#: The share of templated candidates left without a Unicode or byte transform.
PLAIN = 0.45


def _interleave(text: str, mark: str) -> str:
    return mark.join(text[i : i + 2] for i in range(0, len(text), 2))


#: What is done to a templated candidate (none, for :data:`PLAIN` of them).
_TRANSFORMS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("plain", lambda s: s),
    ("fullwidth digits", lambda s: s.translate(_FULLWIDTH)),
    ("Cyrillic look-alikes", lambda s: s.translate(_CYRILLIC)),
    ("Unicode minus", lambda s: s.replace("-", "\u2212")),
    ("division slash", lambda s: s.replace("/", "\u2215")),
    ("fraction slash", lambda s: s.replace("/", "\u2044")),
    ("zero-width spaces", lambda s: _interleave(s, "\u200b")),
    ("zero-width joiners", lambda s: _interleave(s, "\u200d")),
    ("byte-order mark", lambda s: "\ufeff" + s),
    ("no-break spaces", lambda s: s.replace(" ", "\u00a0")),
    ("NUL appended", lambda s: s + "\x00"),
    ("NUL inside", lambda s: _interleave(s, "\x00")),
    ("emoji", lambda s: "\U0001f914 " + s + " \u2705"),
    ("right-to-left override", lambda s: "\u202e" + s),
    ("trailing whitespace", lambda s: s + " \t\n\r\n"),
    ("upper case", lambda s: s.upper()),
    ("repeated", lambda s: " ".join([s] * 50)),
    ("padded", lambda s: " " * 20000 + s),
    ("superscript digits", lambda s: s.replace("2", "\u00b2").replace("3", "\u00b3")),
    ("mathematical italic x", lambda s: s.replace("x", "\U0001d465")),
    ("square root sign", lambda s: s.replace("\\sqrt", "\u221a")),
    ("pi sign", lambda s: s.replace("\\pi", "\u03c0")),
    ("vulgar fractions", lambda s: s.replace("\\frac12", "\u00bd").replace("1/2", "\u00bd")),
    ("control characters", lambda s: "\x1b[31m" + s + "\x1b[0m\x07"),
)

#: Candidates always in the corpus, before the combinatorial ones.
_SPECIALS: tuple[str, ...] = (
    "", " ", "\t\n", "\\,", "$$", "\\boxed{}", "\\boxed{ }", "{}", "\x00", "\x00" * 100, "\u200b", "\ufeff",
    "x" * 100_000, "9" * 100_000, "(" * 10_000, "{" * 100 + "17" + "}" * 100, "{" * 100, "}" * 100,
    "\\" * 1000, "$" * 1000, "\\boxed{" * 1000, "\\frac{" * 500 + "1" + "}{2}" * 500, "^" * 100, "!" * 100,
    "\U0001f600", "\U0001f4af", "\\input{/etc/passwd}", "\\def\\a{\\a}\\a", "\\catcode`\\^^@=11",
    "\ufffd", "-" * 100 + "3", "+" * 100 + "17", "((((((((((17))))))))))", "1e999", "1e-999",
    "0x11", "0b10001", "17j", "1_7", "١٧", "一七", "XVII", "seventeen", "twelve", "one half", "pi",
)  # fmt: skip


def hostile_candidates(n: int, seed: int = 0) -> list[str]:
    """``n`` distinct hostile candidate strings, deterministic for a seed: (template × core × core × transform)
    combinations drawn at random, with the fixed specials (one in ten, all of them from n = 10 × their
    number) spread among them."""
    rng = random.Random(seed)
    specials = list(dict.fromkeys(_SPECIALS))[: n // 10]
    seen: set[str] = set(specials)
    drawn: list[str] = []
    attempts = 0
    while len(drawn) < n - len(specials) and attempts < 50 * n + 100:
        attempts += 1
        template = rng.choice(_TEMPLATES)
        x, y = rng.choice(_MATH_CORES), rng.choice(_MATH_CORES)
        transform = _TRANSFORMS[0][1] if rng.random() < PLAIN else rng.choice(_TRANSFORMS[1:])[1]
        text = transform(template.replace("{X}", "\x01X\x02").replace("{Y}", "\x01Y\x02").format()
                         .replace("\x01X\x02", x).replace("\x01Y\x02", y))  # fmt: skip
        if text not in seen:
            seen.add(text)
            drawn.append(text)
    out: list[str] = []
    for i, special in enumerate(specials):
        out += [special, *drawn[9 * i : 9 * i + 9]]
    return out + drawn[9 * len(specials) :]


def combinations() -> int:
    """How many (template, core, core, transform) combinations the corpus draws from."""
    return len(_TEMPLATES) * len(_MATH_CORES) ** 2 * len(_TRANSFORMS) + len(_SPECIALS)
