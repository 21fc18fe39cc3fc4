"""Exact answer equivalence: hand-computed equal and different cases per answer type, with witnesses."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyverify.answers import equivalent_answers


@pytest.mark.parametrize(
    ("reference", "candidate", "method"),
    [
        (r"\frac{2}{4}", "0.5", "rational"),
        ("0.5", r"\frac12", "rational"),
        (r"50\%", r"\frac12", "rational"),
        (r"2\sqrt2", r"\sqrt8", "algebraic"),
        (r"\sqrt[3]{8}", "2", "algebraic"),
        (r"\frac{1}{\sqrt{2}}", r"\frac{\sqrt2}{2}", "algebraic"),
        (r"\sin\frac{\pi}{6}", "1/2", "symbolic"),
        (r"\ln 8", r"3\ln 2", "symbolic"),
        (r"\binom{5}{2}", "10", "rational"),
        ("x = 3", "3", "rational"),
        (r"\boxed{1} and so \boxed{\dfrac{3}{4}}", "0.75", "rational"),
    ],
)
def test_equal_constants(reference: str, candidate: str, method: str) -> None:
    cert = equivalent_answers(reference, candidate, timeout=20)
    assert (cert.status, cert.method, cert.policy) == ("equal", method, "exact"), cert


def test_different_constants_carry_the_exact_difference() -> None:
    cert = equivalent_answers(r"\frac{\sqrt3}{3}", r"\frac{\sqrt3}{2}", timeout=20)
    assert cert.status == "different" and cert.witness is not None
    assert cert.witness["difference"] == "-sqrt(3)/6"
    assert equivalent_answers("5!", "100").witness == {"difference": "20"}


def test_decimal_approximation_of_pi_is_different_unless_a_tolerance_is_asked_for() -> None:
    exact = equivalent_answers(r"\pi", "3.14159", timeout=20)
    assert exact.status == "different" and exact.policy == "exact" and "pi" in exact.witness["difference"]  # type: ignore[index]
    loose = equivalent_answers(r"\pi", "3.14159", timeout=20, tolerance=1e-4)
    assert (loose.status, loose.method, loose.policy) == ("equal", "tolerance", "tolerance=0.0001")
    assert equivalent_answers(r"\pi", "3.14", timeout=20, tolerance=1e-4).status == "different"


def test_expressions_in_variables() -> None:
    assert equivalent_answers("(x+1)^2", "x^2+2x+1", timeout=20).status == "equal"
    cert = equivalent_answers("(x+1)^2", "x^2+1", timeout=20)
    assert cert.status == "different" and cert.method == "polynomial" and set(cert.witness["point"]) == {"x"}  # type: ignore[index]


def test_equations_normalised_up_to_sign() -> None:
    assert equivalent_answers("y=2x+1", "2x - y + 1 = 0", timeout=20).status == "equal"
    cert = equivalent_answers("y=2x+1", "y=2x+2", timeout=20)
    assert cert.status == "different" and cert.witness["point"] == {"x": "0"}  # type: ignore[index]


def test_sets_lists_and_plus_minus() -> None:
    assert equivalent_answers(r"\{1,2\}", r"\{2,1\}").status == "equal"
    cert = equivalent_answers(r"\{1,2\}", r"\{1,3\}")
    assert cert.status == "different" and cert.witness == {"element": "2", "only_in": "reference"}
    assert equivalent_answers(r"1 \pm \sqrt2", r"1-\sqrt{2}, 1+\sqrt{2}", timeout=20).status == "equal"
    assert equivalent_answers(r"x = 1 \text{ or } x = -1", r"\pm 1").status == "equal"


def test_intervals_with_element_witness() -> None:
    cert = equivalent_answers("[0,1)", "[0,1]")
    assert cert.status == "different" and cert.witness == {"element": "1", "belongs_to": "candidate"}
    assert equivalent_answers(r"(0,1) \cup [1,2)", "(0,2)").status == "equal"
    assert equivalent_answers(r"(-\infty, 0]", r"(-\infty, 0)").witness == {"element": "0", "belongs_to": "reference"}
    assert equivalent_answers(r"[\sqrt2, 3]", r"[\frac{2}{\sqrt2}, 3]", timeout=20).status == "equal"


def test_tuples_and_matrices() -> None:
    assert equivalent_answers("(1, 2)", r"(1, \frac{4}{2})").status == "equal"
    cert = equivalent_answers("(1, 2)", "(2, 1)")
    assert cert.status == "different" and cert.witness["position"] == 0  # type: ignore[index]
    m = r"\begin{pmatrix}1&2\\3&4\end{pmatrix}"
    assert equivalent_answers(m, r"\begin{bmatrix}1&2\\3&4\end{bmatrix}").status == "equal"
    cert = equivalent_answers(m, r"\begin{bmatrix}1&2\\3&5\end{bmatrix}")
    assert cert.status == "different" and cert.witness == {"entry": [2, 2], "difference": "-1"}
    assert equivalent_answers(m, r"\begin{pmatrix}1&2\end{pmatrix}").witness == {"shape": [[2, 2], [1, 2]]}


@pytest.mark.parametrize(
    ("reference", "candidate"),
    [("1", r"\input{/etc/passwd}"), (r"\def\x{1}", "1"), ("1", "{" * 10_000 + "1" + "}" * 10_000),
     ("(x+1)^2", "x^2 + 2 x + 1 +")],
)  # fmt: skip
def test_hostile_or_broken_answers_are_unknown(reference: str, candidate: str) -> None:
    cert = equivalent_answers(reference, candidate, timeout=5)
    assert cert.status == "unknown" and "unparsed" in (cert.reason or "")


@pytest.mark.parametrize("candidate", ["", "   ", "<think>17", "Therefore, we are done.", "<|im_start|>user\n17",
                                       "<|im_end|>17"])
def test_a_response_without_a_final_answer_is_no_answer(candidate: str) -> None:
    cert = equivalent_answers("17", candidate, timeout=5)
    assert cert.status == "no_answer" and "candidate" in (cert.reason or "")


def test_huge_numbers_finish_within_the_deadline() -> None:
    start = time.monotonic()
    cert = equivalent_answers("1", "10^{10^{10}}", timeout=5)
    assert cert.status == "different" and cert.method == "interval-arithmetic"
    assert equivalent_answers("10^{10^{10}}", "10^{10^{10}}", timeout=5).status in ("equal", "unknown")
    assert time.monotonic() - start < 15


def test_an_engine_that_overruns_is_stopped_at_the_calls_deadline() -> None:
    # the adversarial review: a product of 40 factors minus its reversal ran 7 s under timeout=5 (the worker was
    # killed a grace period after the call's deadline); the whole call now ends at its deadline (plus the kill)
    product = "".join(f"(x_{{{i}}}+1)" for i in range(40))
    reversed_product = "".join(f"(x_{{{i}}}+1)" for i in reversed(range(40)))
    start = time.monotonic()
    cert = equivalent_answers("3", f"\\boxed{{{product}-{reversed_product}+3}}", timeout=2)
    assert cert.status in ("equal", "unknown")
    assert time.monotonic() - start < 3.2  # 2 s and the kill; it was 4.2 s


@pytest.mark.parametrize(
    ("candidate", "status"),
    [("\\boxed{3 \\text{ if } 1 > 2}", "undefined"), ("\\boxed{3 \\text{ if } x^2 < 0}\\text{, else } 4", "undefined"),
     ("\\boxed{3 \\text{ if } x \\neq x}", "undefined"), ("\\boxed{3 \\text{ for } x > 0}", "equal")],
)  # fmt: skip
def test_an_answer_stated_under_a_condition_that_holds_nowhere_is_undefined(candidate: str, status: str) -> None:
    # the third adversarial review: a condition no point satisfies was accepted as the answer's own domain
    assert equivalent_answers("3", candidate, timeout=5).status == status


def test_certificate_to_dict() -> None:
    data = equivalent_answers("1/2", "0.5").to_dict()
    assert set(data) >= {"status", "method", "witness", "policy", "reason", "seconds"}
    assert data["status"] == "equal" and data["policy"] == "exact"


def test_outside_the_fragment_is_unknown_never_a_verdict() -> None:
    # outside the claim language (π, trigonometry with variables): different at a rational point, or equal by
    # sympy's simplification after agreeing at points
    cert = equivalent_answers(r"\pi x", r"x \pi", timeout=10)
    assert cert.status == "equal" and cert.method == "symbolic"
    cert = equivalent_answers(r"\sin x", "x", timeout=10)
    assert cert.status == "different" and cert.witness and "point" in cert.witness
    assert equivalent_answers(r"\begin{pmatrix}1\end{pmatrix}", "[0, 1]").status == "different"


# ---------------------------------------------------------------- answers that denote nothing

PANEL = ["17", "3", r"\frac{1}{2}", r"2\sqrt{2}", r"\{1, 2\}", "x^2+1", "[0, 1)", "12", "0", "4"]


@pytest.mark.parametrize(
    "candidate",
    ["y 0/0", r"\boxed{\frac{0}{0}}", r"\frac{1}{0}", r"0^{-1}", r"\frac{x}{x-x}", r"\log 0", r"\sqrt{-1}",
     r"\frac{1}{\sqrt{2}-\sqrt{2}}", r"\tan(\pi/2)", r"\arcsin 2", r"(-1)!", r"\{1, \frac{2}{0}\}",
     r"\sqrt{-x^2}", r"\sqrt{x}+\sqrt{-x}", r"\ln(-x^2)"],
)  # fmt: skip
def test_an_answer_with_no_value_is_undefined_against_every_reference(candidate: str) -> None:
    # one string equal to every reference would be a universal key for anyone grading or rewarding with it
    statuses = {ref: equivalent_answers(ref, candidate, timeout=10) for ref in PANEL}
    assert not [ref for ref, cert in statuses.items() if cert.status == "equal"], statuses
    assert all(cert.status in ("undefined", "different", "unknown") for cert in statuses.values())
    assert statuses["17"].status == "undefined", statuses["17"]


def test_undefined_is_not_even_equal_to_itself() -> None:
    for text in (r"\frac{1}{0}", "0/0", r"\sqrt{-1}", r"\log 0"):
        cert = equivalent_answers(text, text, timeout=10)
        assert cert.status == "undefined" and cert.reason.startswith("the reference has no value"), cert


def test_expressions_are_equal_only_on_a_domain_with_interior() -> None:
    cert = equivalent_answers("x+1", r"\frac{x^2-1}{x-1}", timeout=10)
    assert cert.status == "equal" and cert.conditions == ("x − 1 ≠ 0",)  # a generic point exists
    cert = equivalent_answers("0", r"\sqrt{x}+\sqrt{-x}", timeout=10)  # agree only at x = 0
    assert cert.status == "undefined" and "no interior" in (cert.reason or "")
    cert = equivalent_answers("x^2+1", r"\frac{1}{0}", timeout=10)
    assert cert.status == "undefined"
    assert equivalent_answers(r"\sqrt{x}", r"\sqrt{x}", timeout=10).status == "equal"


def test_undefined_has_its_own_exit_code() -> None:
    from pyverify.answers import ANSWER_EXIT_CODES

    assert ANSWER_EXIT_CODES["undefined"] not in (0, 1, 2, 3, 4)


def test_huge_exact_values_are_compared_and_their_witness_stays_readable() -> None:
    # Math-Verify#14: 1/2004! vs 1/2006! — a size limit once reported as a deadline, then thousands of digits
    cert = equivalent_answers(r"\frac{1}{2004!}", r"\frac{1}{2006!}", timeout=10)
    assert cert.status == "different" and cert.method == "rational"
    difference = cert.witness["difference"]  # type: ignore[index]
    assert len(difference) < 120 and difference.startswith("1.87525147044805e-5749")
    assert "5,755-digit" in difference
    assert equivalent_answers("2004!", "2006!", timeout=10).status == "different"
    assert equivalent_answers("2006!", r"2006 \cdot 2005!", timeout=10).status == "equal"


@pytest.mark.parametrize(
    "text",
    [r"M=2^{N-2}+1", r"\cos (x) e^{\sin x}", r"A(t)=2.3 e^{-0.0138629 t}", r"\log _{5}(x-5)+\log _{5}(x+5)", r"\infty",
     r"x^{\sin (x)}(\cos (x) \ln (x)+\sin (x) / x)"],
)  # fmt: skip
def test_a_gold_answer_equals_itself(text: str) -> None:
    # gold answers of OlympiadBench and college_math (Qwen2.5-Math's evaluation sets) that were 'unknown' against
    # themselves: exponents in letters, a domain x > 5 that the first points miss, an identical equation, infinity
    assert equivalent_answers(text, text, timeout=20).status == "equal"


def test_infinity_against_a_number_or_the_other_infinity() -> None:
    assert equivalent_answers(r"\infty", r"-\infty", timeout=5).status == "different"
    assert equivalent_answers(r"\infty", "10^{100}", timeout=5).status == "different"
    assert equivalent_answers(r"2^{N-2}", r"\frac{2^N}{4}", timeout=20).status == "equal"
    assert equivalent_answers(r"2^{N-2}+1", r"2^{N-1}+1", timeout=20).status == "different"
    assert equivalent_answers(r"\sqrt{-1-x^2}", r"\sqrt{-1-x^2}", timeout=20).status == "undefined"


def test_the_timeout_bounds_reading_the_answers_too(monkeypatch: pytest.MonkeyPatch) -> None:
    import pyverify.answers._equiv as equiv

    def endless(text: str, **_: object) -> None:
        while True:
            pass

    monkeypatch.setattr(equiv, "parse_answer", endless)  # a reading that never ends (a pattern gone quadratic)
    start = time.monotonic()
    cert = equivalent_answers("5", "The answer is 5.", timeout=0.5)
    assert cert.status == "unknown" and "reading the answers took longer than the time limit" in (cert.reason or "")
    assert time.monotonic() - start < 5


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [(r"\frac{3\pi}{4}", r"135^\circ", "equal"), (r"60^\circ", r"\frac{\pi}{3}", "equal"), (r"\pi", "180°", "equal"),
     (r"90^{\circ}", r"\pi", "different"), ("60", r"60^\circ", "equal"), (r"\frac{\pi}{3}", "60", "different"),
     (r"\sin 30^\circ", r"\frac12", "equal")],
)  # fmt: skip
def test_degrees_against_a_multiple_of_pi_are_converted(reference: str, candidate: str, status: str) -> None:
    # the same angle in two units (an adversarial review: 135° against 3π/4 was 'different', 135 against 2.356);
    # GAOKAO's 90° against a response's π stays different, now for the right reason
    assert equivalent_answers(reference, candidate, timeout=20).status == status


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [("2, 3, 3", "2, 3", "different"), ("2, 3, 3", "3, 2, 3", "equal"), ("2, 3, 3", "2, 2, 3", "different"),
     ("2, 3, 3", "\\{2, 3\\}", "different"), ("2, 3, 3", "\\frac{4}{2}, 3, \\frac{6}{2}", "equal"),
     ("(1, 2), (1, 2), (3, 4)", "(1, 2), (3, 4)", "different"), ("2, 3", "2, 3, 3", "equal"),
     ("-2, -2", "-2", "equal"), ("\\angle A = 90, \\angle B = 90", "90", "equal"), ("\\{2, 3\\}", "2, 3, 3", "equal"),
     ("2, 3, 3", "\\boxed{2}, \\boxed{3}, \\boxed{3}", "equal"), ("2, 3", "The roots are \\boxed{2}, \\boxed{3}, \\boxed{3}.", "equal"),
     ("2, 3, 3", "\\boxed{2} and \\boxed{3}", "different"), ("3, 3", "\\boxed{3}, \\boxed{3}", "equal")],
)  # fmt: skip
def test_a_reference_list_that_repeats_a_value_counts_it(reference: str, candidate: str, status: str) -> None:
    # an adversarial review: \boxed{2,3} was equal to the gold 2, 3, 3 (an eigenvalue or root with its multiplicity);
    # the reference decides, and a lone value against -2, -2 stays equal (OlympiadBench writes a = b = -2 so)
    assert equivalent_answers(reference, candidate).status == status


@given(st.lists(st.integers(min_value=-3, max_value=3), min_size=1, max_size=6),
       st.lists(st.integers(min_value=-3, max_value=3), min_size=2, max_size=6))  # fmt: skip
@settings(max_examples=60, deadline=None)
def test_lists_compare_as_multisets_when_the_reference_repeats_and_as_sets_otherwise(ref: list[int], cand: list[int]) -> None:
    # oracle: collections.Counter (the reference repeats a value) or set equality (it does not)
    from collections import Counter

    if len(ref) < 2:
        ref = ref * 2
    expected = Counter(ref) == Counter(cand) if len(set(ref)) < len(ref) else set(ref) == set(cand)
    found = equivalent_answers(", ".join(map(str, ref)), ", ".join(map(str, cand)))
    assert found.status == ("equal" if expected else "different"), (ref, cand, found)


def test_the_list_policy_written_compares_lists_in_their_order() -> None:
    # a new labelled source (ProcessBench, OlympiadBench "find T(10), T(11), T(12)"): gold 2,4,3 and the response's
    # \boxed{2, 3, 4} were equal (lists as sets, MATH's default); order="written" is the policy for sequences
    assert equivalent_answers("2,4,3", "\\boxed{2, 3, 4}").status == "equal"
    written = equivalent_answers("2,4,3", "\\boxed{2, 3, 4}", order="written")
    assert (written.status, written.witness["position"], "order=written" in written.policy) == ("different", 1, True)
    assert equivalent_answers("2,4,3", "2, 4, 3", order="written").status == "equal"
    assert equivalent_answers("x = 2 \\text{ or } x = 3", "3, 2", order="written").status == "equal"  # alternatives
    with pytest.raises(ValueError, match="order"):
        equivalent_answers("1", "1", order="sorted")


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [("1,2,3", "\\boxed{(1, 2, 3)}", "equal"), ("10^{3},10", "$(x, y) = (1000, 10)$", "equal"),
     ("10^{3},10", "$(x, y) = (10, 1000)$", "different"), ("1,2", "(1, 2, 3)", "different"), ("(1, 2, 3)", "1, 2, 3", "equal"),
     ("1, 2", "(1, 2), (3, 4)", "different"), ("(1, 2)", "1, 2", "unknown"), ("x = 1, 2", "x \\in (1, 2)", "unknown"),
     ("T(10)=1, T(11)=2", "(1, 2)", "unknown")],
)  # fmt: skip
def test_the_list_policy_written_compares_a_tuple_with_a_list_by_position(reference: str, candidate: str,
                                                                         status: str) -> None:
    # ProcessBench and RealCritic (OlympiadBench): the gold 1,2,3 of "find (x, y, z)" against \boxed{(1, 2, 3)}; by
    # default unknown (1,2,3 may be three solutions), under order="written" the gold is a sequence; a pair (1, 2) may
    # be an open interval and a list of equations names its own positions (an adversarial review): still unknown
    assert equivalent_answers(reference, candidate).status in ("unknown", "different")
    assert equivalent_answers(reference, candidate, order="written").status == status


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [("nosolution", "\\text{No solution}", "equal"), ("convergesabsolutely", "\\text{converges absolutely}", "equal"),
     ("convergesabsolutely", "\\text{converges conditionally}", "different"), ("\\text{A,D}", "A,D", "equal"),
     ("\\text{(A), (D)}", "\\boxed{D, A}", "equal"), ("\\text{A,D}", "\\boxed{A}", "different"),
     ("81", "Hence, the house(s) less than 100 that is (are) closest to City Hall is (are) 81.", "equal")],
)  # fmt: skip
def test_what_realcritic_and_processbench_golds_write_is_read(reference: str, candidate: str, status: str) -> None:
    # labelled outside sources: RealCritic's golds went through Qwen2.5-Math's normalization, which removes every
    # space (convergesabsolutely); a ProcessBench gold \text{A,D} lists two choices; 'is (are) 81' was read as ') 81'
    assert equivalent_answers(reference, candidate).status == status


@pytest.mark.parametrize(
    "candidate",
    ["\\frac{\\pi}{6} + k\\pi \\text{ for } k \\in \\mathbb{Z}", "\\frac{\\pi}{6} + k\\pi \\text{ where } k \\text{ is an integer}",
     "\\frac{\\pi}{6} + k\\pi \\quad \\text{for any integer } k", "\\frac{\\pi}{6} + k\\pi, \\text{ for all } k \\in \\mathbb{Z}"],
)  # fmt: skip
def test_an_integer_parameter_declared_in_words_is_declared(candidate: str) -> None:
    # ProcessBench (OlympiadBench): \boxed{... + k\pi \text{ for } k \in \mathbb{Z}} was unparsed
    assert equivalent_answers("\\frac{\\pi}{6} + k\\pi, k \\in \\mathbb{Z}", candidate).status == "equal"
    assert equivalent_answers("\\frac{\\pi}{6} + 2k\\pi, k \\in \\mathbb{Z}", candidate).status == "different"


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [("-9", "\\sqrt{x} = 3", "different"), ("6", "f(2) = 6", "equal"), ("5", "f(2) = 6", "different"),
     ("\\sin(\\sin(x))", "\\sin \\sin x", "equal"), ("\\ln(\\ln(x))", "\\ln \\ln x", "equal"),
     ("(\\sin 2x)^2", "\\sin^2 2x", "equal"), ("\\log_2(8x)", "\\log_2 8x", "equal"), ("3x", "\\log_2 8x", "different"),
     ("2, 3, 3", "2 \\text{ or } 3", "different"), ("2, 3, 3", "x = 2, x = 3", "different"),
     ("2, 3, 3", "x = 2, x = 3, x = 3", "equal")],
)  # fmt: skip
def test_what_the_sixth_review_found_in_equations_functions_and_repeats(reference: str, candidate: str, status: str) -> None:
    # the sixth review: \sqrt{x} = 3 against -9 was 'undefined' (the side evaluated at -9), \sin \sin x unparsed,
    # \log_2 8x read as log2(8)·x, \sin^2 2x refused as two numbers side by side, and a candidate's alternatives or
    # equations escaped the count of a reference's repeated value
    assert equivalent_answers(reference, candidate).status == status


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [("\\text{notable}", "\\text{not able}", "different"), ("\\text{nowhere}", "\\text{now here}", "different"),
     ("nosolution", "\\text{No solution}", "equal")],
)  # fmt: skip
def test_short_texts_are_not_joined_across_spaces(reference: str, candidate: str, status: str) -> None:
    # the sixth review: the harness-normalized gold rule (texts equal once spaces are removed) made 'not able' equal to
    # 'notable'; it now needs eight letters or more, which the normalized golds seen (nosolution, convergesabsolutely) have
    assert equivalent_answers(reference, candidate).status == status


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [("2**4107", "2^{4107}", "equal"), ("2**4107", "2^{4106}", "different"), ("(x+1)**2", "x^2+2x+1", "equal"),
     ("2**-1", "\\frac12", "equal"), ("2**(1/2)", "\\sqrt{2}", "equal"), ("5", "**5**", "equal"),
     ("8", "2 **3**", "unknown"), ("1", "**10**0", "unknown"), ("x^{-1}", "x**-1", "equal"),
     ("4\\!:\\!51\\!:\\!06 \\text{ p.m.}", "4:51:06 p.m.", "equal"), ("4\\!:\\!51\\!:\\!06 \\text{ p.m.}", "16:51:06", "equal"),
     ("4\\!:\\!51\\!:\\!06 \\text{ p.m.}", "4:51:07 pm", "different")],
)  # fmt: skip
def test_python_powers_and_tightened_clock_times_are_read(reference: str, candidate: str, status: str) -> None:
    # new labelled sources: DeathMath's gold 2**4107 (Python's power) and PRM800K's (MATH's) 4\!:\!51\!:\!06 p.m.
    # were unparsed, so no answer could ever be credited against them
    assert equivalent_answers(reference, candidate).status == status


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [("4\\!:\\!51\\!:\\!06 \\text{ p.m.}", "\\boxed{4:51:06}", "unknown"), ("4:30 p.m.", "4:30", "unknown"),
     ("16:30", "4:30", "unknown"), ("4:30 a.m.", "4:30", "equal"), ("4:51:06 pm", "3:51:06", "different"),
     ("12:30 pm", "12:30", "equal"), ("1:10", "2:20", "unknown"), ("4:30", "5:30", "different")],
)  # fmt: skip
def test_a_time_without_am_or_pm_against_the_afternoon_is_not_decided(reference: str, candidate: str,
                                                                      status: str) -> None:
    # PRM800K: the answer 4:51:06 to a question whose gold is 4:51:06 p.m. (labelled correct by its raters) was
    # different (read on 24 hours); on a 12-hour clock it is that time, so neither reading is certain
    assert equivalent_answers(reference, candidate).status == status


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Ответ: 19 м", "19", "correct"), ("Ответ: 6 км/ч.", "6", "correct"), ("Ответ: 12 рублей.", "12", "correct"),
     ("Ответ: 190 см", "1.9 \\text{ m}", "correct"), ("Ответ: 19 см", "19 \\text{ m}", "wrong"),
     ("Ответ: 5 тысяч", "5", "unparsed"), ("Ответ: 5 процентов", "5", "unparsed"), ("Ответ: 5 неверно", "5", "unparsed"),
     ("答案：3万", "3", "unparsed"), ("答案：5是错的", "5", "unparsed"), ("Ответ: 5 минут", "5 часов", "unknown"),
     ("Ответ: 5 минут", "5", "correct"), ("Ответ: 5 тисяч", "5", "unparsed"), ("Ответ: 5 сотых", "5", "unparsed"),
     ("Ответ: 5 дюжин", "5", "unparsed"), ("Ответ: 5 максимум", "5", "unparsed"), ("Ответ: 3 км", "3000 м", "correct"),
     ("Ответ: 5 промилле", "5", "unparsed"), ("Ответ: 5 факториал", "5", "unparsed"), ("Ответ: 5 ложно", "5", "unparsed"),
     ("Ответ: 3 способа", "3", "correct")],
)  # fmt: skip
def test_a_unit_or_noun_in_cyrillic_after_the_number_is_read(response: str, gold: str, status: str) -> None:
    # DeathMath (Russian olympiad answers, 'Ответ: 19 м'): a Cyrillic unit made a correct answer unparsed; only listed
    # units and counted nouns are read (a review found words that change the value through an open list: 5 промилле,
    # 5 факториал), never a word that multiplies, hedges or judges the number (nor Chinese ones: 3万 is 30,000)
    from pyverify.rewards import grade

    assert grade(response, gold).status == status


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [("\\frac{3\\pi}{2}, 1", "\\boxed{\\theta=\\dfrac{3\\pi}{2},\\quad f\\!\\left(\\dfrac{2\\pi}{3}\\right)=1}", "equal"),
     ("2, 1", "\\theta = 2, f(3) = 1", "equal"), ("1, 3", "f(3) = 1, g(3) = 2", "different"),
     ("6", "f(\\frac{2}{3}) = 6", "equal"), ("6", "f\\left(\\frac{2}{3}\\right) = 6", "equal"), ("6", "f(2x) = 6", "unknown"),
     ("1,2", "x^2 = 1, y = 2", "different")],
)  # fmt: skip
def test_a_function_value_at_a_number_names_that_value_alone_or_in_a_list(reference: str, candidate: str,
                                                                           status: str) -> None:
    # gaokao 2026 (Qwen3 and gemma-4 thinking models, labelled correct): a two-blank answer written as labelled
    # equations was different from the gold 3π/2, 1 (f(2π/3) was read as f times 2π/3)
    assert equivalent_answers(reference, candidate).status == status


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [# an adversarial review of the engine (47,457 pairs, an mpmath oracle): every false equal it found
     ("x = 3", "x \\not= 3", "unknown"), ("3", "x \\not= 3", "different"), ("3", "x \\not\\;= 3", "different"),
     ("x \\neq 3", "x =/= 3", "equal"), ("3", "x /= 3", "unknown"), ("5", "\\not= 5", "unknown"),
     ("y = 2x+1", "y \\not= 2x+1", "unknown"), ("0.05", "r^* = 0.05", "equal"), ("90", "\\angle A = 90", "equal"),
     ("\\sin\\frac{30\\pi}{180}\\sin(30)", "\\sin 30^\\circ\\sin 30^\\circ", "different"),
     ("\\frac14", "\\sin 30^\\circ\\sin 30^\\circ", "equal"), ("\\frac18", "\\cos 20^\\circ\\cos 40^\\circ\\cos 80^\\circ", "equal"),
     ("\\sin 60^\\circ", "2\\sin 30^\\circ\\cos 30^\\circ", "equal"), ("\\frac14", "\\sin 30°\\sin 30°", "equal"),
     ("\\frac13", "0.(3)", "equal"), ("0", "0.(3)", "different"), ("\\frac17", "0.(142857)", "equal"),
     ("\\frac16", "0.1(6)", "unknown"), ("0.6", "0.1(6)", "unknown"), ("0", "0.5(0)", "unknown"),
     ("0", "0b1011", "unknown"), ("0", "0x1F", "unknown"), ("0", "0o17", "unknown"), ("1", "0x+1", "equal"),
     ("5", "5\\text{ basis points}", "unknown"), ("5", "5\\text{ points}", "equal"),
     # honest unknowns it found on truly equal answers, now read: a square root of 0, the division signs
     ("0", "\\sqrt{0}", "equal"), ("0", "\\sqrt{1-1}", "equal"), ("3", "6÷2", "equal"), ("3", "12 \\div 4", "equal"),
     ("9", "12 ÷ 4 × 3", "equal"), ("\\frac12", "1 \\div 2", "equal")],
)  # fmt: skip
def test_negated_equalities_degrees_in_products_repeating_brackets_and_literals(reference: str, candidate: str,
                                                                                status: str) -> None:
    # x \not= 3 read as x = 3 (credited for 3); the degree sign lost on the second factor of \sin 30^\circ\sin
    # 30^\circ; 0.(3), 0x1F and 0b1011 read as products with 0 (equal to 0); 5 basis points read as 5
    assert equivalent_answers(reference, candidate).status == status


@pytest.mark.parametrize(
    ("reference", "candidate", "status"),
    [  # a left side the grammar cannot read that is a formula in its unknown: the equation is unread, never its right
     # side (x ** 2 = 4 is no x = 4; x - -1 = 2 no x = 2)
     ("x = 4", "x ** 2 = 4", "unknown"), ("x = 2", "x - -1 = 2", "unknown"), ("x = 2", "x \\bmod 3 = 2", "unknown"),
     ("2", "2x - -1 = 2", "unknown"), ("y = -5x + 1", "y - -5x = 1", "unknown"),
     # names the grammar does not read still value their right side
     ("90", "\\angle ABC = 90", "equal"), ("0.05", "r^* = 0.05", "equal"),
     # a function and its derivative or inverse are never one name
     ("f(x) = 2x+1", "f'(x) = 2x+1", "unknown"), ("f(x) = x^2", "f^{-1}(x) = x^2", "unknown"),
     ("y = x^2", "y' = x^2", "unknown"), ("f(x) = 2x+1", "g(x) = 2x+1", "equal"), ("f(t) = t^2", "f(x) = x^2", "equal"),
     # a function's values at points: compared at the same point only (f·2 - 4 and f·1 - 2 are proportional products)
     ("f(2) = 4", "f(1) = 2", "unknown"), ("P(2) = 6", "P(3) = 9", "unknown"), ("f(2) = 4", "f(2) = 2^2", "equal"),
     ("f(2) = 4", "f(2) = 5", "different"), ("f(2) = 4", "4", "equal"), ("4", "f(2) = 4", "equal"),
     # degrees against radians: a named value is converted; inside a list, an interval or a sum, never called different
     ("x = 30^\\circ", "x = \\frac{\\pi}{6}", "equal"), ("x = 30^\\circ", "x = \\frac{\\pi}{5}", "different"),
     ("30^\\circ, 60^\\circ", "\\frac{\\pi}{6}, \\frac{\\pi}{3}", "unknown"),
     ("[0^\\circ, 90^\\circ]", "[0, \\frac{\\pi}{2}]", "unknown"), ("45^\\circ + 45^\\circ", "\\frac{\\pi}{2}", "unknown"),
     ("30^\\circ, 60^\\circ", "30, 60", "equal"), ("30^\\circ", "\\frac{\\pi}{6}", "equal")],
)  # fmt: skip
def test_a_review_of_false_verdicts_between_equations(reference: str, candidate: str, status: str) -> None:
    assert equivalent_answers(reference, candidate).status == status, (reference, candidate)


def test_dne_is_the_abbreviation_of_does_not_exist() -> None:
    assert equivalent_answers("\\text{DNE}", "\\text{does not exist}").status == "equal"
    assert equivalent_answers("\\text{undefined}", "\\text{DNE}").status == "different"


def test_a_long_run_of_blanks_in_an_equation_is_read_in_bounded_time() -> None:
    # (a name's marks were matched with runs of blanks side by side: cubic, 30 s under a 2 s timeout)
    start = time.monotonic()
    equivalent_answers("y" + " " * 3980 + "+ 1 = 2x", "y + 2 = 2x", timeout=5)
    assert time.monotonic() - start < 5
