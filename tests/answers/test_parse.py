"""Parsing final answers: each answer type, the clean-up rules, \\boxed extraction, hostile input, round-trip."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyverify.answers import Answer, equivalent_answers, extract_boxed, parse_answer, render
from pyverify.logic import REAL, Call, Num, Op, Var


def test_numbers_fractions_decimals_percent() -> None:
    assert parse_answer("0.5") == Answer("number", (Num(Fraction(1, 2)),))
    assert parse_answer(r"\frac{2}{4}") == Answer("number", (Op("/", (Num(Fraction(2)), Num(Fraction(4)))),))
    assert parse_answer(r"\frac12") == parse_answer(r"\dfrac{1}{2}") == parse_answer("1/2")
    assert parse_answer(r"50\%").terms[0] == Op("/", (Num(Fraction(50)), Num(Fraction(100))))
    assert parse_answer(r"$\tfrac{3}{4}$") == parse_answer("3/4")


def test_radicals_constants_functions() -> None:
    assert parse_answer(r"2\sqrt2").terms[0] == Op("*", (Num(Fraction(2)), Call("sqrt", (Num(Fraction(2)),))))
    assert parse_answer(r"\sqrt[3]{2}").terms[0] == Call("root", (Num(Fraction(3)), Num(Fraction(2))))
    assert parse_answer(r"\pi").terms[0] == Call("pi", ())
    assert parse_answer("e^{2}").terms[0] == Op("^", (Call("e", ()), Num(Fraction(2))))
    assert parse_answer(r"\sin\frac{\pi}{6}").terms[0].func == "sin"  # type: ignore[attr-defined]
    assert parse_answer(r"\log_2 8").terms[0] == Call("logb", (Num(Fraction(2)), Num(Fraction(8))))
    assert parse_answer("5!").terms[0] == Call("factorial", (Num(Fraction(5)),))
    assert parse_answer(r"\binom{5}{2}").terms[0] == Call("binomial", (Num(Fraction(5)), Num(Fraction(2))))
    assert parse_answer("sqrt(2)") == parse_answer(r"\sqrt{2}")


def test_expressions_and_equations() -> None:
    x = Var("x", REAL)
    assert parse_answer("3x").terms[0] == Op("*", (Num(Fraction(3)), x))
    assert parse_answer("(x+1)^2").kind == "expression"
    eq = parse_answer("y = 2x + 1")
    assert eq.kind == "equation" and eq.terms[0] == Var("y", REAL)


def test_intervals_unions_tuples_sets_lists() -> None:
    half_open = parse_answer("[0,1)")
    assert half_open.kind == "interval" and half_open.closed == (True, False)
    assert parse_answer(r"(-\infty, 0]").closed == (False, True)
    union = parse_answer(r"(0,1) \cup (2,3]")
    assert union.kind == "union" and [i.closed for i in union.items] == [(False, False), (False, True)]
    assert parse_answer("(1, 2)").kind == "tuple"
    assert parse_answer(r"\{1, 2\}").kind == "set" and len(parse_answer(r"\{1, 2\}").items) == 2
    assert parse_answer(r"\emptyset") == Answer("set")
    solutions = parse_answer(r"x = 1 \text{ or } x = 2")
    assert solutions.kind == "list" and [i.kind for i in solutions.items] == ["equation", "equation"]
    assert parse_answer(r"1 \pm \sqrt{2}").terms[0].op == "pm"  # type: ignore[attr-defined]


def test_matrices() -> None:
    m = parse_answer(r"\begin{pmatrix}1&2\\3&4\end{pmatrix}")
    assert m.kind == "matrix" and m.rows == tuple(tuple(Num(Fraction(v)) for v in r) for r in ((1, 2), (3, 4)))
    assert parse_answer(r"\begin{bmatrix}1&2\\3&4\end{bmatrix}") == m
    assert parse_answer(r"\begin{pmatrix}1&2\\3\end{pmatrix}").kind == "unparsed"


def test_units_stripped_by_rule_and_words_not() -> None:
    assert parse_answer("5 cm") == parse_answer("5") == parse_answer(r"5\text{ meters}")
    assert parse_answer(r"5\text{ is wrong}").kind == parse_answer("5 wrong").kind == "unparsed"
    assert parse_answer(r"30^\circ") == parse_answer("30")
    assert parse_answer(r"\$5") == parse_answer("5") == parse_answer("5.")
    assert parse_answer(r"5\text{ cm}^2") == parse_answer("5")
    assert parse_answer("1,000") == parse_answer("1000")
    assert parse_answer("1, 2").kind == "list"


def test_boxed_is_the_last_box_brace_matched() -> None:
    text = r"First \boxed{1} then, finally, \boxed{\frac{1}{\sqrt{2}}} is it."
    assert extract_boxed(text) == r"\frac{1}{\sqrt{2}}"
    assert extract_boxed("no box") is None
    assert extract_boxed(r"\boxed{\{1, 2\}}") == r"\{1, 2\}"
    assert extract_boxed(r"\boxed{1} \boxed{2") == "1"  # an unclosed box is not a box
    assert parse_answer(text) == parse_answer(r"\frac{1}{\sqrt{2}}")


@pytest.mark.parametrize(
    "text",
    [r"\input{/etc/passwd}", r"\def\x{1}", "{" * 10_000 + "1" + "}" * 10_000, "(" * 200 + "1" + ")" * 200,
     "__import__('os')", "1 +", r"\frac{1}", "x" * 20_000, "\\(" * 50_000, "$" * 99_999, "\\boxed{" * 30_000,
     "is " * 30_000, "<think>" * 10_000 + "</think>" + "1 +", "\\boxed{" * 14_000, "The answer is . " * 6_000,
     "Final answer: \n" * 6_000, '{"answer": "' * 20_000, '{"answer": "' + '{\\"answer\\": \\"' * 3_000 + "1 +",
     "<answer>" * 30_000 + "1 +", "<answer>" + "{" * 5_000,
     "**Answer " + " " * 20_000 + "y +", "**Answer:** " + " " * 20_000 + "** +"],
)  # fmt: skip
def test_hostile_input_is_unparsed_quickly(text: str) -> None:
    start = time.monotonic()
    answer = parse_answer(text)
    assert answer.kind in ("unparsed", "no_answer") and answer.reason
    assert time.monotonic() - start < 2


@pytest.mark.parametrize(
    "text", ["So $x$. " * 6_000, "####\\boxed{3}" * 7_700, "The answer is \\boxed{3}. " * 4_000,
             "Answer: 5" + "5" * 40_000 + "Correct."],
)  # fmt: skip
def test_many_sentences_phrases_and_boxes_are_read_quickly(text: str) -> None:
    # the fifth review: every sentence rebuilt the math spans' index, every phrase was checked against every box
    start = time.monotonic()
    parse_answer(text)
    assert time.monotonic() - start < 2


@pytest.mark.parametrize(
    ("text", "answer"),
    [("Answer: 3" + "\n" * 20_000 + "y", "3"), ("The answer is $5$" + "\n" * 20_000 + ".", "5"),
     ("the answer is 5" + "\n" * 20_000 + "7 and", "5"), ("Answer: 3" + " " * 20_000, "3"),
     ("The answer is 5." + "\n" * 20_000 + "Wait, it is 6.", None), ("\\boxed{5}" + "\n" * 20_000 + "Hmm.", None)],
)  # fmt: skip
def test_long_runs_of_layout_after_an_answer_are_read_quickly(text: str, answer: str | None) -> None:
    # degenerate model output: each of these once took 2 to 40 s (a pattern retried from every line break of the run)
    start = time.monotonic()
    read = parse_answer(text)
    assert (read.text if answer else read.kind) == (answer or "no_answer")
    assert time.monotonic() - start < 2


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="a\\\"'* \t\n\u00a0x", max_size=14))
def test_the_trim_around_a_marked_answer_equals_its_pattern(text: str) -> None:
    # the trailing quotes, \" and ** are walked from the right by hand (a $-anchored pattern is quadratic): the
    # oracle is that pattern itself, which was the rule before, but for a closing apostrophe with no opening one
    # (a prime: The answer is f'.)
    import re

    from pyverify.answers._extract import _trimmed

    lead = re.match(r"(?:\\?[\"'*]|\s)+", text)
    trail = r"(?:\\?[\"'*]|\s)+$" if lead and "'" in lead.group() else r"(?:\\?[\"*]|\\'|(?<![A-Za-z')}])'|\s)+$"
    assert _trimmed(text) == re.sub(trail, "", text[lead.end() if lead else 0 :])


def test_huge_power_parses_as_a_term() -> None:
    assert parse_answer("10^{10^{10}}").kind == "number"


_leaf = st.one_of(
    st.fractions(min_value=0, max_value=1000, max_denominator=8).filter(lambda f: f.denominator in (1, 2, 4, 8)).map(Num),
    st.sampled_from([Var("x", REAL), Var("y", REAL), Call("pi", ()), Call("e", ())]),
)  # fmt: skip


def _extend(inner: st.SearchStrategy) -> st.SearchStrategy:  # type: ignore[type-arg]
    binary = st.tuples(st.sampled_from(["+", "-", "*", "/", "^", "pm"]), inner, inner).map(
        lambda t: Op(t[0], (t[1], t[2]))
    )
    unary = st.tuples(st.sampled_from(["neg", "sqrt", "sin", "ln", "factorial"]), inner).map(
        lambda t: Op("neg", (t[1],)) if t[0] == "neg" else Call(t[0], (t[1],))
    )
    root = st.tuples(inner, inner).map(lambda t: Call("root", t))
    return st.one_of(binary, unary, root)


terms = st.recursive(_leaf, _extend, max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(terms)
def test_render_then_parse_is_the_identity_on_terms(term: object) -> None:
    parsed = parse_answer(render(Answer("number", (term,))))  # type: ignore[arg-type]
    assert parsed.kind in ("number", "expression") and parsed.terms == (term,)


@settings(max_examples=100, deadline=None)
@given(st.lists(terms, min_size=1, max_size=3), st.sampled_from(["set", "tuple", "list", "interval", "matrix"]))
def test_parse_render_parse_on_structures(parts: list[object], kind: str) -> None:
    items = tuple(parse_answer(render(Answer("number", (p,)))) for p in parts)  # type: ignore[arg-type]
    if kind == "interval":
        answer = Answer("interval", (items[0].terms[0], items[-1].terms[0]), closed=(True, False))
    elif kind == "matrix":
        answer = Answer("matrix", rows=((items[0].terms[0], items[-1].terms[0]),) * 2)
    elif kind == "tuple" and len(items) < 2:
        answer = Answer("tuple", items=items * 3)
    elif kind == "list" and len(items) < 2:
        answer = Answer("list", items=items * 2)
    else:
        answer = Answer(kind, items=items)  # type: ignore[arg-type]
    again = parse_answer(render(answer))
    assert again == answer
    assert parse_answer(render(again)) == again


def test_membership_prefix_is_the_set_after_it() -> None:
    from pyverify.answers import parse_answer

    assert parse_answer(r"x \in [1, 2]").kind == "interval"
    assert parse_answer(r"x\in\{1,2\}").kind == "set"
    # a command that only starts with \in is not membership
    assert parse_answer(r"\inf").kind == "unparsed"


def test_unparsed_answers_name_the_command_and_its_column() -> None:
    from pyverify.answers import parse_answer

    assert (
        parse_answer(r"\input{/etc/passwd}").reason
        == "outside the answer grammar: the LaTeX command \\input at column 1"
    )
    assert parse_answer("1 +").reason == "outside the answer grammar: the answer ends too early"


@settings(max_examples=400, deadline=None)
@given(st.from_regex(r"[ \t]{0,2}-?[0-9]{1,30}(\.[0-9]{1,30})?[ \t]{0,2}", fullmatch=True))
def test_a_plain_numeral_reads_as_the_grammar_reads_it(text: str) -> None:
    # the direct reading of plain numerals (issue 24: the commonest answer, no grammar run) gives the same Answer
    import re

    from pyverify.answers import _parse

    fast = _parse._parse_text(text, None)
    plain, _parse._PLAIN = _parse._PLAIN, re.compile(r"(?!)")  # no text is plain: the grammar reads it
    try:
        slow = _parse._parse_text(text, None)
    finally:
        _parse._PLAIN = plain
    assert fast == slow


@pytest.mark.parametrize(
    ("text", "tree"),
    [("\\sin 2x", Call("sin", (Op("*", (Num(Fraction(2)), Var("x", REAL))),))),
     ("\\sin(2)x", Op("*", (Call("sin", (Num(Fraction(2)),)), Var("x", REAL)))),
     ("\\sin x \\cos x", Op("*", (Call("sin", (Var("x", REAL),)), Call("cos", (Var("x", REAL),))))),
     ("\\sin(x)^2", Op("^", (Call("sin", (Var("x", REAL),)), Num(Fraction(2))))),
     ("\\sin x^2", Call("sin", (Op("^", (Var("x", REAL), Num(Fraction(2)))),))),
     ("\\sin 2x + 1", Op("+", (Call("sin", (Op("*", (Num(Fraction(2)), Var("x", REAL))),)), Num(Fraction(1))))),
     ("\\tan 2x / 2", Op("/", (Call("tan", (Op("*", (Num(Fraction(2)), Var("x", REAL))),)), Num(Fraction(2)))))],
)  # fmt: skip
def test_a_function_argument_without_brackets_is_the_product_that_follows(text: str, tree: object) -> None:
    # a labelled outside source (RealCritic's college_math): \sin 2x was read as sin(2)·x, so c_3 \sin(4x) was
    # different from the gold c_3\sin4x, and \sin(2)x was equal to \sin 2x
    assert parse_answer(text).terms[0] == tree


@given(st.integers(min_value=1, max_value=9), st.sampled_from(["sin", "cos", "tan", "ln"]), st.sampled_from(["x", "\\theta", "\\pi x"]))
@settings(max_examples=40, deadline=None)
def test_a_function_of_a_product_agrees_with_sympy(k: int, name: str, var: str) -> None:
    # oracle: sympy's name(k·var), built directly, against pyverify's tree for \name k var, at a rational point
    import sympy

    from pyverify.answers._engine import sympy_of

    found = sympy_of(parse_answer(f"\\{name} {k}{var}").terms[0])
    point = {s: sympy.Rational(3, 7) for s in found.free_symbols}
    x = sympy.Rational(3, 7)
    inner = {"x": k * x, "\\theta": k * x, "\\pi x": k * sympy.pi * x}[var]
    expected = {"sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "ln": sympy.log}[name](inner)
    assert abs(sympy.N(found.subs(point) - expected, 30)) < 1e-20


@pytest.mark.parametrize(
    ("written", "value"),
    [  # FinanceMath's golds are floats printed in full (0.09 * 0.4 is 0.036000000000000004): that noise is the
     # shorter decimal it stands for
     ("0.036000000000000004", "0.036"), ("0.7000000000000001", "0.7"), ("-0.14400000000000002", "-0.144"),
     ("0.29999999999999999", "0.3"), ("100.00000000000001", "100"), ("x = 0.7000000000000001", "0.7"),
     ("\\frac{0.7000000000000001}{2}", "0.35")],
)
def test_a_floats_printed_noise_in_a_reference_is_the_shorter_decimal(written: str, value: str) -> None:
    assert equivalent_answers(written, value).status == "equal"
    # a candidate's digits are read as written (the built benchmark's near values: 5040.000000000001 is not 7!),
    # except against a gold with such noise: its verbatim copy is equal (a review's probes)
    assert equivalent_answers(value, written).status == "different"
    assert equivalent_answers(written, written).status == "equal"


@pytest.mark.parametrize(
    ("written", "other"),
    [  # every other long decimal is exact as written: a repeating float, many digits, a number of 10^16 or more
     ("0.6666666666666666", "2/3"), ("1.1234567890123456", "1.123456789012346"),
     ("3.14159265358979323846", "3.141592653589793"), ("12345678901234567.5", "12345678901234567"),
     ("0.036000000000000004", "0.0360000000000001"), ("0.03600000000004", "0.036")],
)
def test_other_long_decimals_stay_exact(written: str, other: str) -> None:
    assert equivalent_answers(written, other).status == "different"


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [  # FinanceMath's answers: '₤122,000' and 'C$60,000' were unparsed, 'CHF 2,000' was the product C·H·F·2000 and
     # '122,000 USD' the list 122, 000 (both different from the gold: confident wrongs)
     ("122000", "₤122,000", "equal"), ("60000", "C$60,000", "equal"), ("2000", "CHF 2,000", "equal"),
     ("2000", "CHF2,000", "equal"), ("122000", "122,000 USD", "equal"), ("122000", "US$122,000", "equal"),
     ("5", "₹5", "equal"), ("5 rupees", "INR 5", "equal"), ("5 dollars", "5 USD", "equal"), ("5 yen", "5 JPY", "equal"),
     # each currency is its own unit: never equal to another's, unknown where the table cannot convert
     ("5 dollars", "5 EUR", "different"), ("5 dollars", "€5", "different"), ("5 dollars", "C$5", "different"),
     ("5 dollars", "5 CHF", "different"), ("1000 SEK", "1000 NOK", "different"), ("C$5", "5 CAD", "equal"),
     ("₩5000", "5000 KRW", "equal"), ("5 dollars", "¥5", "unknown"),
     # an exchange rate's pair is its unit; letters that are no code stay letters
     ("1.0054", "1.0054 CAD/USD", "equal"), ("x", "USDA", "unknown"), ("5", "5 US", "different")],
)
def test_currency_signs_and_codes_are_units(reference: str, candidate: str, status: str) -> None:
    assert equivalent_answers(reference, candidate).status == status
