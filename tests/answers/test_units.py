"""Units stated after a quantity are compared, never dropped: 5 mm is not 5 cm, 50 mm is (UNIT_RULE)."""

from __future__ import annotations

import json
import time
from fractions import Fraction
from pathlib import Path

import pytest
import sympy.physics.units as su
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.physics.units import convert_to

from pyverify.answers import equivalent_answers, parse_answer
from pyverify.answers._units import read
from pyverify.rewards import grade


@pytest.mark.parametrize(("reference", "candidate", "status"), [
    ("5 cm", "5 mm", "different"),          # was equal: the unit was dropped on both sides
    ("5 kg", "5 lbs", "different"),
    ("60 mph", "60 km/h", "different"),
    ("5 m/s", "5 km/h", "different"),
    ("5 cm", "50 mm", "equal"),              # was different: 5 against 50
    ("5\\text{ cm}", "50\\text{ mm}", "equal"),
    ("2 hours", "120 minutes", "equal"),
    ("3 ft", "1 yd", "equal"),
    ("10 dollars", "1000 cents", "equal"),
    ("5\\text{ m}", "500\\text{ cm}", "equal"),
    ("5 \\mathrm{~cm}^{2}", "500 \\mathrm{~mm}^{2}", "equal"),
    ("5 m/s", "18 km/h", "equal"),
    ("2\\sqrt{3} cm", "20\\sqrt{3} mm", "equal"),
    ("\\frac{1}{2} \\text{ cm}", "5 mm", "equal"),
    ("6 square feet", "864 square inches", "equal"),
    ("1 \\text{ L}", "1000 mL", "equal"),
    ("12 \\text{ hours}", "12 hrs", "equal"),   # one unit spelled two ways
    ("5 cm", "5 cm^2", "different"),          # a length against an area
    ("5 cm", "5 seconds", "different"),
    ("5 cal", "5 kcal", "unknown"),           # cal (or Cal?) is not in the table: never dropped
    ("5^\\circ C", "5^\\circ F", "unknown"),   # affine: not converted, and not equal
    ("5 celsius", "5 fahrenheit", "unknown"),
    ("5", "5 mm", "equal"),                   # a gold without a unit: compared by value
    ("5 cm", "5", "equal"),
    ("5 ways", "5 people", "equal"),          # counting nouns name what is counted
    ("5 square units", "5 cm^2", "equal"),
    ("90^\\circ", "90 degrees", "equal"),     # angles stay with the degree rules
])  # fmt: skip
def test_units_are_compared_as_quantities(reference: str, candidate: str, status: str) -> None:
    cert = equivalent_answers(reference, candidate)
    assert cert.status == status, (reference, candidate, cert)


def test_a_conversion_and_a_refusal_say_what_they_did() -> None:
    converted = equivalent_answers("5 cm", "50 mm")
    assert "mm converted to the reference's cm" in (converted.reason or "")
    wrong = equivalent_answers("5 cm", "5 mm")
    assert wrong.witness == {"difference": "9/2", "unit": "cm"} and "× 1/10" in (wrong.reason or "")
    kinds = equivalent_answers("5 cm", "5 cm^2")
    assert kinds.method == "units" and "different kinds" in (kinds.reason or "")
    assert kinds.witness == {"reference_unit": "cm", "candidate_unit": "cm^2"}
    unread = equivalent_answers("5 cal", "5 kcal")
    assert "not converted, not dropped" in (unread.reason or "")


def test_the_unit_after_a_final_box_is_the_boxed_quantitys() -> None:
    assert parse_answer("so the length is \\boxed{50} mm.").unit == "mm"
    assert parse_answer("so the length is $\\boxed{50}$ mm.").unit == "mm"
    assert equivalent_answers("5 cm", "so the length is \\boxed{50} mm.").status == "equal"
    assert equivalent_answers("5 cm", "so the length is \\boxed{5} mm.").status == "different"
    # a word that is not a unit, or a unit that does not end the sentence, is not taken
    assert parse_answer("\\boxed{50} ways.").unit == ""
    assert parse_answer("\\boxed{50} so mm").unit == ""
    # 'in' after a unit word is a preposition (Reasoning Gym's ASDiv runs: pennies in his box was pennies times
    # inches, and 48 was *wrong* against 48 (pennies))
    assert grade("Ricky saw \\(\\boxed{48}\\) pennies in his magic money box.", "48 (pennies)").status == "correct"
    assert grade("Rojer is \\boxed{35} years old now.", "35 (years old)").status == "correct"
    assert grade("It is \\boxed{5} feet in length.", "60 inches").status == "correct"
    assert grade("It is \\boxed{5} feet in length.", "5 inches").status == "wrong"


def test_a_reward_for_the_wrong_unit_is_zero() -> None:
    assert grade("The side is $\\boxed{5 \\text{ mm}}$.", "5 \\text{ cm}").status == "wrong"
    assert grade("The side is $\\boxed{50 \\text{ mm}}$.", "5 \\text{ cm}").status == "correct"


def test_lists_with_units_are_compared_only_in_the_same_unit() -> None:
    assert equivalent_answers("3\\text{ cm}, 4\\text{ cm}", "4\\text{ cm}, 3\\text{ cm}").status == "equal"
    cert = equivalent_answers("3\\text{ cm}, 4\\text{ cm}", "30\\text{ mm}, 40\\text{ mm}")
    assert cert.status == "unknown" and "single quantity" in (cert.reason or "")


# sympy.physics.units is the independent oracle of the factors (our table is written from the definitions)
_ORACLE = {
    "mm": su.millimeter,
    "cm": su.centimeter,
    "\\text{ m}": su.meter,
    "km": su.kilometer,
    "inches": su.inch,
    "ft": su.foot,
    "yd": su.yard,
    "miles": su.mile,
    "mg": su.milligram,
    "\\text{ g}": su.gram,
    "kg": su.kilogram,
    "lb": su.pound,
    "seconds": su.second,
    "min": su.minute,
    "hours": su.hour,
    "days": su.day,
    # units as models write them in their outside outputs (Minerva's, SkyThought's): words, Å, unicode powers
    "microns": su.micrometer,
    "\\text{ Å}": su.angstrom,
    "\\text{ m²}": su.meter**2,
    "kilojoules": 1000 * su.joule,
    "\\text{ kg·m²/s²}": su.kilogram * su.meter**2 / su.second**2,
}
_UNITS = sorted(_ORACLE)


def _latex(q: Fraction) -> str:
    sign = "-" if q < 0 else ""
    q = abs(q)
    return f"{sign}{q.numerator}" if q.denominator == 1 else f"{sign}\\frac{{{q.numerator}}}{{{q.denominator}}}"


@settings(max_examples=150, deadline=None)
@given(st.fractions(min_value=-10**6, max_value=10**6, max_denominator=1000), st.sampled_from(_UNITS),
       st.sampled_from(_UNITS), st.fractions(min_value=-5, max_value=5, max_denominator=7))  # fmt: skip
def test_conversions_agree_with_sympys_units(q: Fraction, ref_unit: str, cand_unit: str, shift: Fraction) -> None:
    ratio = convert_to(_ORACLE[cand_unit], _ORACLE[ref_unit]) / _ORACLE[ref_unit]
    if not ratio.is_Rational:  # different kinds (a length against a mass): different, whatever the numbers
        assert equivalent_answers(f"{_latex(q)} {ref_unit}", f"{_latex(q)} {cand_unit}").status == "different"
        return
    factor = Fraction(int(ratio.p), int(ratio.q))  # one candidate unit is `factor` reference units
    same = q / factor  # the reference's quantity written in the candidate's unit
    assert equivalent_answers(f"{_latex(q)} {ref_unit}", f"{_latex(same)} {cand_unit}").status == "equal"
    other = same + shift
    expected = "equal" if shift == 0 else "different"
    assert equivalent_answers(f"{_latex(q)} {ref_unit}", f"{_latex(other)} {cand_unit}").status == expected


SCIBENCH = Path(__file__).with_name("data") / "scibench_units.jsonl"


def test_scibench_golds_with_their_units_read_as_quantities() -> None:
    # SciBench keeps each answer's unit apart ('unit': '$\mathrm{kJ} \mathrm{mol}^{-1}$'); a grader joins the two.
    # At first contact 168 of the 423 joined golds kept their unit and 96 were not equal to their own bare number
    # (5 \mathrm{~m} / \mathrm{s} read as 5/s, \mathrm{kJ} \mathrm{mol}^{-1} dropped as two different units)
    rows = [json.loads(line) for line in SCIBENCH.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 423
    with_unit, known = 0, 0
    for row in rows:
        if row["unit"].strip("$ ") in row["answer_latex"]:
            continue  # the unit written twice (fund/Question 21.9: -1.00 μC, then μC): μC·μC, another quantity
        gold = f"${row['answer_latex']}$ {row['unit']}"
        answer = parse_answer(gold)
        if not answer.unit:
            continue
        with_unit += 1
        if read(answer.unit) is not None:
            known += 1
            assert equivalent_answers(gold, row["answer_latex"]).status == "equal", row  # a unit on one side only
            assert equivalent_answers(gold, gold).status == "equal", row
    assert with_unit >= 270 and known >= 260, (with_unit, known)


@pytest.mark.parametrize(("text", "unit"), [
    (r"5 \mathrm{kJ} \mathrm{mol}^{-1}", "kJ mol^-1"),
    (r"5 \mathrm{~m} / \mathrm{s}", "m / s"),           # was 5/s
    (r"5 \mathrm{~m} \cdot \mathrm{s}^{-1}", "m s^-1"),
    (r"-0.16 \mathrm{J}", "J"),                         # was -0.16·J
    (r"1.6 \mu \mathrm{C}", "μC"),
    ("$108$ m", "m"),                                    # a letter outside math is a word: metres, not m
    ("$0.123$ nm", "nm"),
    ("The speed is $5$ km/h.", "km / h"),
])  # fmt: skip
def test_units_as_physics_golds_write_them(text: str, unit: str) -> None:
    answer = parse_answer(text)
    assert answer.unit == unit and answer.kind == "number", answer


@pytest.mark.parametrize(("reference", "candidate", "status"), [
    (r"5 \mathrm{kJ} \mathrm{mol}^{-1}", r"5000 \mathrm{J}/\mathrm{mol}", "equal"),
    (r"1.6 \mu \mathrm{C}", r"1.6 \times 10^{-6} \mathrm{~C}", "equal"),
    (r"101.325 \mathrm{kPa}", r"1 \mathrm{atm}", "equal"),
    (r"2 \mathrm{MPa}", r"2 \mathrm{mPa}", "different"),  # the case of the prefix is read as written
    (r"5 \mathrm{~nm}", r"50 \text{Å}", "equal"),
    (r"5 \mathrm{ft-lb}", r"5 \mathrm{J}", "unknown"),     # the pound of force is not in the table
    ("5 Cal", "5 kcal", "equal"), ("5 cal", "5 kcal", "unknown"),
    ("$108$ m", "0.108 km", "equal"),
])  # fmt: skip
def test_physics_units_convert(reference: str, candidate: str, status: str) -> None:
    assert equivalent_answers(reference, candidate).status == status


@pytest.mark.parametrize("text", [
    "5" + r"\text{ cm}" * 300 + "x", "5 " + r"\mathrm{~m} / " * 300 + "x", "$5$ " + "cm " * 300 + "x",
    "5" + r"\mathrm{cm}" * 300,
])  # fmt: skip
def test_long_unit_chains_are_read_quickly(text: str) -> None:
    # one regular expression over a whole chain backtracked exponentially ('cm' is a word and also c + m)
    start = time.monotonic()
    parse_answer(text)
    assert time.monotonic() - start < 2


@pytest.mark.parametrize(("reference", "candidate", "status"), [
    # an adversarial review of the first version (each was wrong there)
    (r"5 \mathrm{~m}", r"5\text{ ms}", "different"),             # ms is a millisecond, not metres (plural s)
    (r"1.2 \mathrm{~ms}", r"0.0012 \mathrm{~s}", "equal"),
    (r"5\text{ ns}", r"5\text{ N}", "different"),
    (r"10\text{ nm}", r"10\text{ Nm}", "unknown"),               # Nm (newton metre) is not nm
    ("5 mg", "5 Mg", "different"), ("5 Mg", "5000 kg", "equal"),
    (r"300\text{ K}", r"300\text{ kelvin}", "equal"),
    ("1 year", "365 days", "unknown"), ("1 year", "12 months", "equal"),
    (r"5 \text{ rad/s}", r"5 \text{ m/s}", "different"),          # a unit with an angle in it is still a unit
    ("5 dollars per person", "5 cents per person", "different"),
    ("2 pages per minute", "2 pages per hour", "different"),
    (r"1 \text{ atm}", r"760\text{ mmHg}", "unknown"),           # 760 mmHg is 1 atm to seven digits only
    (r"5 \mathrm{~k\Omega}", r"5000 \mathrm{~\Omega}", "equal"),
    (r"1.6 \times 10^{-19} \mathrm{~C}", r"1.6e-19 \mathrm{~C}", "equal"),
    ("m_1", r"m_{1} \mathrm{g}", "different"),                  # after a subscript a roman letter is a letter
    (r"\frac32 k_B", r"\frac{3}{2} k_{B} \mathrm{T}", "different"),
    (r"10\text{ cm}", r"5\text{ cm} + 5\text{ mm}", "unknown"),  # several units in one answer: never added
    (r"(3\text{ cm}, 4\text{ m})", r"(3\text{ m}, 4\text{ cm})", "unknown"),
    (r"\$5", "5 euros", "different"), (r"\$5", "500 cents", "equal"), ("50 cents", r"\$0.50", "equal"),
    (r"\$32,\!348", "32348", "equal"),
    ("£5", "5 pounds", "unknown"),                                # a pound of mass or sterling: not read
])  # fmt: skip
def test_what_a_review_of_the_unit_reading_found(reference: str, candidate: str, status: str) -> None:
    assert equivalent_answers(reference, candidate).status == status, equivalent_answers(reference, candidate)


@pytest.mark.parametrize(("response", "gold", "status"), [
    ("The answer is $\\boxed{1.5}$ A.", r"1.5 \mathrm{~mA}", "wrong"),   # a one-letter unit after a box
    ("$\\boxed{5}$ m.", "5 cm", "wrong"),
    ("$\\boxed{5}\\,\\mathrm{cm}$.", r"5 \text{ m}", "wrong"),         # TeX spacing before the unit
    ("$\\boxed{5}$ m/s$^2$.", "5 m/s", "wrong"),
    ("$\\boxed{5}$ cm$^2$.", "5 cm^2", "correct"),
    ("Final answer: $2$ m s^-1.", r"2 \mathrm{~m}/\mathrm{s}", "correct"),
    ("The time is $5$ ms.", r"5 \mathrm{~m}", "wrong"),
    ("\\boxed{5}. Then m.", "5 cm", "correct"),                       # not in the box's sentence
])  # fmt: skip
def test_units_after_a_box_or_in_prose_are_the_answers(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status


@pytest.mark.parametrize(("reference", "candidate", "status"), [
    # a second review: physics golds set variables upright (g, m, L, T, A); a lone upright letter is a unit only
    # after a number as written
    (r"(M+m)\mathrm{g}", "M+m", "different"), (r"(m_1+m_2)\mathrm{g}", "m_1+m_2", "different"),
    (r"\frac{k}{2}\mathrm{A}^{2}", r"\frac{k}{2}", "different"), (r"\frac{3}{2} \mathrm{m} \mathrm{g}", r"\frac{3}{2}", "different"),
    (r"\frac{\sqrt{3}}{3}\mathrm{L}", r"\frac{\sqrt{3}}{3}", "different"), (r"-0.16 \mathrm{J}", "-0.16", "equal"),
    (r"2 \mathrm{~s}^{-1}", "2 rad/s", "unknown"),                  # a radian is a pure number in SI, a cycle not
    (r"5 \text{ m/s}", r"5 \text{ ms}^{-1}", "unknown"),            # ms^-1: a millisecond or m s^-1
    (r"15 \text{ cm}^2", r"5 \text{ cm} \times 3 \text{ cm}", "unknown"),  # units in an expression are not multiplied
    (r"1 \text{ hour}, 3 \text{ hours}", "1, 3", "equal"),         # one unit, spelled two ways
    (r"5 \text{ degrees Celsius}", r"5^\circ \text{C}", "equal"), (r"1 \text{ pound}", r"1 \text{ pounds}", "equal"),
    (r"5 \text{ Hrs}", "5 hours", "equal"),
    ("$1000$ $\\Omega$", r"1000 \mathrm{~\Omega}", "equal"),        # SciBench: a unit set apart in its own math
    ("$0.32$ $\\mu C$", r"\boxed{3.2\times10^{-7}\ \text{C}}", "equal"), ("$55.3$ $m$", "5530 cm", "equal"),
])  # fmt: skip
def test_what_a_second_review_found(reference: str, candidate: str, status: str) -> None:
    assert equivalent_answers(reference, candidate).status == status, equivalent_answers(reference, candidate)


@pytest.mark.parametrize(("response", "gold", "status"), [
    ("The length is \\boxed{5}\\text{ m} = 500\\text{ cm}.", r"5 \text{ cm}", "wrong"),  # the unit, then more
    ("\\boxed{5} m (that is, 500 cm).", r"5 \text{ cm}", "wrong"),
    ("It costs \\$\\boxed{5}.", r"5 \text{ euros}", "wrong"), ("It costs \\$\\boxed{5}.", "500 cents", "correct"),
    ("\\boxed{5} minutes later.", "300 seconds", "correct"), ("\\boxed{5} in total.", "5 cm", "correct"),
    ("$\\boxed{(M+m)\\mathrm{g}}$", "(M+m)g", "correct"),
    # a square or cubic unit after a box: square inches are never square feet (they were credited: the shape word
    # made the words no unit)
    ("The area is \\boxed{5} square inches.", "5 square feet", "wrong"),
    ("The area is \\boxed{144} square inches.", "1 square foot", "correct"),
    ("The area is \\boxed{5} sq ft.", r"5 \text{ ft}^2", "correct"), ("It is \\boxed{5} feet squared.", "5 square feet", "correct"),
    ("The volume is \\boxed{27} cubic inches.", "27 cubic feet", "wrong"), ("The area is \\boxed{5} square units.", "5", "correct"),
    # a rate after a box (only its first word was kept: 8 miles per hour was 8 miles, credited), and units the table
    # lacked; the same number as a rate against the amount is unknown (the thirty-fourth stop: a gold may write the
    # amount's unit alone for the rate asked for)
    ("He runs $\\boxed{8}$ miles per hour.", "8 miles per hour", "correct"), ("\\boxed{8} miles per hour", "8 miles", "unknown"),
    ("\\boxed{9} miles per hour", "8 miles", "wrong"), ("She earns $\\boxed{15}$ dollars an hour.", "\\$15 per hour", "correct"),
    ("\\boxed{60} kilometers per hour", "60 km/h", "correct"), ("He earns \\boxed{15} dollars an hour.", "15", "correct"),
    ("So he earns $\\boxed{12}$ per day.", "12 dollars per hour", "unknown"), ("\\boxed{30} miles per gallon", "30 mpg", "correct"),
    ("The answer is $\\boxed{2}$ centuries.", "2 years", "wrong"), ("The answer is $\\boxed{2}$ centuries.", "200 years", "correct"),
    ("\\boxed{2} tablespoons", "6 teaspoons", "correct"), ("\\boxed{6} dimes", "\\$6", "wrong"),
    ("\\boxed{2} fortnights", "4 weeks", "correct"), ("\\boxed{5} stones", "5", "correct"),
    # the unit words after the one number a final sentence states (they were dropped: 5 minutes was 5 hours)
    ("So the trip takes 5 minutes.", "5 hours", "wrong"), ("So the trip takes 5 minutes.", "300 seconds", "correct"),
    ("Therefore, it is a 5-minute walk.", "5 hours", "wrong"), ("Therefore, it is a 5-minute walk.", "5 minutes", "correct"),
    ("So Tom has 5 apples.", "5", "correct"), ("So he needs 5 cups of flour.", "5 cups", "correct"),
    # a compound quantity in text commands, as models box it (it was unparsed; in words it was read)
    ("$\\boxed{1 \\text{ hour } 30 \\text{ minutes}}$", "90 minutes", "correct"),
    ("$\\boxed{3\\text{ h }20\\text{ min}}$", "200 minutes", "correct"), ("$\\boxed{5 \\text{ ft } 3 \\text{ in}}$", "63 inches", "correct"),
    ("$\\boxed{5 \\text{ ft } 3 \\text{ in}}$", "64 inches", "wrong"), ("$\\boxed{5 \\text{ m } 3 \\text{ s}}$", "5", "unparsed"),
    ("$\\boxed{1\\text{ km } 500\\text{ m}}$", "1500 m", "correct"),
])  # fmt: skip
def test_a_stated_unit_is_never_ignored_after_a_box(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status


@pytest.mark.parametrize(
    "reference, candidate, expected",
    [("2", "The steady state current is 2 amps.", "equal"), ("12.25", "The area is 12.25 square inches.", "equal"),
     ("3", "3 volts", "equal"), (r"5 \text{ ohms}", "5 ohms", "equal"), ("5 amps", r"5000 \text{ mA}", "equal"),
     ("7", "The side is 7 inches squared.", "equal")],
)  # fmt: skip
def test_unit_words_in_a_final_sentence(reference: str, candidate: str, expected: str) -> None:
    # college_math's golds state their answer in a sentence: 'The steady state current is 2 amps.' was no answer
    # (amps was a unit only inside \text{}, and 'square' before a unit was prose)
    assert equivalent_answers(reference, candidate, timeout=10).status == expected


@pytest.mark.parametrize(
    "reference, candidate, status",
    [  # Minerva's golds (no unit) against the units models box (SkyThought's and PRIME's saved outputs)
     ("0.003", r"0.003 \text{ arcseconds}", "equal"), ("1.2", r"1.48 \text{ arcseconds}", "different"),
     ("0.006", r"6 \times 10^{-3} \text{ m/s²}", "equal"), ("1.325e-27", r"1.325 × 10⁻²⁷ \mathrm{~kg·m/s}", "equal"),
     ("1.69", "1.69 Å", "equal"), ("1.69", r"1.81 \AA", "different"), (r"1.69 \text{ nm}", r"16.9 \AA", "equal"),
     ("12", r"12^{\mathrm{th}} \text{ grade}", "equal"), ("12", r"11th \text{ grade}", "different"),
     ("1.39e9", r"1.41 \times 10^9 \text{ atoms/m}", "different"), ("1.39e9", r"1.39 \times 10^9 \text{ atoms/m}", "equal"),
     ("700", r"700 \mathrm{~kJ} / \text{mole photons}", "equal"), (r"5 \text{ microns}", r"5000 \text{ nm}", "equal"),
     ("0.5613", r"9.72 \times 10^{-14} \text{ pc}", "different"), (r"5 \text{ m/s^2}", r"5 \text{ m/s³}", "different"),
     # angles: one side in a unit is compared by value; degrees against radians or arcseconds never by value
     ("5 degrees", "5 radians", "unknown"), (r"5^\circ", r"5 \text{ radians}", "unknown"),
     (r"5 \text{ arcsec}", r"5 \text{ rad}", "unknown"), (r"90^\circ", "90 deg", "equal"), ("5 rad", "5 radians", "equal"),
     (r"30^\circ", "30 degrees", "equal"), (r"30^\circ, 60^\circ", "30, 60", "equal"), (r"5^\circ \text{C}", "5 degrees", "unknown"),
     # an approximation in words is \approx: never exactly a value
     ("2.04", r"\text{approximately } 2.04", "unknown"), ("2.04", r"\text{approximately 2.04}", "unknown"),
     ("2.04", "about 2.04", "unknown"),
     # an adversarial review: angles with a power are units as written; degrees after \approx, a name, brackets
     (r"5 \text{ arcsec}^2", r"5 \text{ arcmin}^2", "unknown"), ("5 deg²", "5 rad²", "unknown"),
     ("5 square degrees", "5 square radians", "unknown"), (r"\frac{1}{2}^\circ", "0.5 rad", "unknown"),
     (r"(90)^\circ", "90 rad", "unknown"), ("−90°", "-90 rad", "unknown"), ("90°.", "90 rad", "unknown"),
     (r"x = 90^\circ", "x = 90 rad", "unknown"), (r"\text{About } 45", "45", "unknown")],
)  # fmt: skip
def test_units_and_angles_as_models_box_them(reference: str, candidate: str, status: str) -> None:
    assert equivalent_answers(reference, candidate, timeout=20).status == status


def test_an_approximation_in_words_is_compared_under_a_tolerance() -> None:
    assert equivalent_answers("2.04", r"\text{approximately } 2.04", tolerance="0.001").status == "equal"
    assert equivalent_answers("2.04", "roughly 2.5", tolerance="0.001").status == "different"
    found = equivalent_answers("2.04", "approximately 2.04")
    assert "approximation" in (found.reason or "")
    # an adversarial review: thousands groups after the words, and degrees against radians under a tolerance
    assert equivalent_answers("1000", "about 1,000", tolerance="0.01").status == "equal"
    assert equivalent_answers("12345", "approximately 12,345", tolerance="0.01").status == "equal"
    assert equivalent_answers(r"\frac{\pi}{2}\text{ rad}", "about 90°", tolerance="0.01").status == "unknown"


@pytest.mark.parametrize(
    "reference, candidate, status",
    [  # Qwen2.5-Math-7B and Sky-T1 box a computation with units ending in the value (SkyThought's Minerva outputs):
     # the value taken is the last side's, and so is its unit
     ("1.55", r"E = (2.48 \times 10^{-19} \text{ J}) / (1.602 \times 10^{-19} \text{ J/eV}) = 1.55 \text{ eV}", "equal"),
     ("36", r"\frac{0.009 \text{ moles}}{0.25 \text{ mol/L}} = 0.036 \text{ L} = 36 \text{ mL}", "equal"),
     (r"0.036 \text{ L}", r"\frac{0.009 \text{ moles}}{0.25 \text{ mol/L}} = 0.036 \text{ L} = 36 \text{ mL}", "equal"),
     (r"5 \text{ cm}", r"5 \text{ cm} = 50 \text{ mm}", "equal"), ("40", r"5 \text{ cm} = 50 \text{ mm}", "different"),
     # several units on the last side stay several: never multiplied
     (r"15 \text{ cm}^2", r"15 \text{ cm}^2 = 5 \text{ cm} \times 3 \text{ cm}", "unknown")],
)  # fmt: skip
def test_a_chain_of_equalities_states_the_unit_of_its_last_side(reference: str, candidate: str, status: str) -> None:
    assert equivalent_answers(reference, candidate, timeout=20).status == status


@pytest.mark.parametrize(
    "reference, candidate, status",
    [("35", "35 hours a week", "equal"), ("35 hours per week", "35 hours a week", "equal"),
     ("35 hours", "35 hours a week", "unknown"), ("36 hours", "35 hours a week", "different"), ("5", "5 per hour", "equal"), (r"5 \text{ per hour}", "5 per hour", "equal"),
     ("5 dollars per hour", r"\$5 per hour", "equal"), ("5 dollars an hour", r"\boxed{\$5 \text{ per hour}}", "equal"),
     ("60 mph", "60 miles an hour", "equal"), ("5", "5 A", "equal"), ("5 A", "5 amps", "equal"),
     # a $ before a digit with no $ after it is a dollar sign (Pandoc's rule), at the start too: $5 per hour is a rate
     # in dollars; a rate with no numerator stays unknown
     (r"\$5", "$5 per hour", "unknown"), (r"\$6", "$5 per hour", "different"), ("5 dollars per hour", "$5 per hour", "equal"), ("5", "5 per", "unknown")],
)  # fmt: skip
def test_a_rate_written_with_a_or_per_alone(reference: str, candidate: str, status: str) -> None:
    # MathCheck's GSM answers: 'The answer is 35 hours a week.' was unread (a, like per, joins the rate's units)
    assert equivalent_answers(reference, candidate, timeout=20).status == status


@pytest.mark.parametrize(
    ("reference", "candidate", "expected"),
    [("0.321", "\\text{VaR} = 0.321 \\text{ USD}", "equal"), ("\\$5", "5 \\text{ USD}", "equal"),
     ("5 EUR", "5 \\text{ USD}", "different"), ("5 \\text{ EUR}", "5 euros", "equal"), ("\\$5", "5\\mathrm{USD}", "equal")],
)  # fmt: skip
def test_a_currency_code_in_a_text_command_after_a_number(reference: str, candidate: str, expected: str) -> None:
    # FinanceMath's outputs: 0.320775 \text{ USD} was unparsed (the code is read beside a number, not in \text)
    assert equivalent_answers(reference, candidate, timeout=20).status == expected


@pytest.mark.parametrize(
    ("reference", "candidate", "expected"),
    [("\\$15", "$\\boxed{15}$ dollars an hour", "unknown"), ("\\$15", "20 dollars per hour", "different"),
     ("60 miles", "60 miles per hour", "unknown"), ("\\$15 per hour", "\\$15", "unknown"), ("5 m", "5 m^2", "different"),
     ("5 m", "5 s", "different"), ("15 dollars per hour", "15 dollars per hour", "equal"),
     # (the review of this rule: only a rate per a unit of time whose numerator is the amount's unit as written)
     ("60 miles", "60 km/h", "different"), ("5 kg", "5 kg/m^3", "different"), ("5 m", "5 m/s^2", "different"),
     ("\\$15", "15 cents per hour", "different"), ("5 mol", "5 mol/L", "different"),
     # a rate written as one word is its amount per hour (mph: mile per hour; 60 miles against 60 mph was different)
     ("60 miles", "60 mph", "unknown"), ("60 mph", "60 miles", "unknown"), ("60 km", "60 kph", "unknown"),
     ("60 km", "60 mph", "different"), ("60 miles", "60 kph", "different"), ("60 mph", "60 mph", "equal"),
     # knots and revolutions per minute are units (20 knots equalled 20 mph, a counted noun; 3000 rpm was r·p·m)
     ("20 knots", "20 mph", "different"), ("37.04 km/h", "20 knots", "equal"), ("3000 rpm", "3000", "equal"),
     ("3000 rpm", "50 Hz", "equal")],
)  # fmt: skip
def test_the_same_number_as_an_amount_and_as_a_rate_of_it_is_unknown(reference: str, candidate: str,
                                                                      expected: str) -> None:
    # an open item since the twenty-ninth stop: \$15 against '$\boxed{15}$ dollars an hour' was different (units of
    # different kinds), while a gold that writes the amount's unit alone may mean the rate the question asks for
    assert equivalent_answers(reference, candidate, timeout=20).status == expected


@pytest.mark.parametrize(
    ("reference", "candidate", "expected"),
    [("8.314 J/mol K", "8.314", "equal"), ("8.314 J/(mol K)", "8.314 J mol^{-1} K^{-1}", "equal"),
     ("8.314 J/(mol \\cdot K)", "8.314 kJ/(mol K)", "different"), ("9.8 m s^{-2}", "980 cm/s^2", "equal"),
     ("6.67 \\times 10^{-11} N m^2/kg^2", "6.67 \\times 10^{-11}", "equal"), ("2 g h", "2", "different"),
     ("8.314 J/(mol K)", "8.314 J/(mol s)", "different"),
     # a product sign after a slash, outside brackets, is read as written (N/m \cdot m is N); one-letter units only
     # are letters too (2 g h^{-1} against 2: unknown, as 5 m against 5 is)
     ("10 N/m \\cdot m", "10 N/m^2", "different"), ("5 m/s * s", "5 m", "equal"), ("2 g h^{-1}", "2", "unknown"),
     ("9.8 m s^{-2}", "9.8", "unknown"), ("1/2 h", "30 min", "unknown")],
)  # fmt: skip
def test_a_compound_unit_written_with_spaces_is_a_unit(reference: str, candidate: str, expected: str) -> None:
    # the thirty-fourth stop: 8.314 J/(mol K) against 8.314 was different, its unit read as the letters J, m, o, l, K
    # (J = 0 the witness); a compound unit with a slash or a negative power is read by the unit table now
    assert equivalent_answers(reference, candidate, timeout=20).status == expected


@pytest.mark.parametrize(
    ("reference", "candidate", "expected"),
    [("1.6 \\times 10^{-19} \\mathrm{C}", "1.6e-19 C", "equal"), ("1.6e-19 V", "1.6e-19", "unknown"),
     ("2e5 cm", "2 km", "equal"), ("1e3 m", "2 km", "different"), ("3e8 m/s", "3 \\times 10^8 m/s", "equal")],
)  # fmt: skip
def test_a_number_in_e_notation_before_a_unit_is_a_quantity(reference: str, candidate: str, expected: str) -> None:
    # the review of this stop's rules: 1.6e-19 C against 1.6 \times 10^{-19} \mathrm{C} was different (C = 0 the
    # witness): a number in E-notation then a unit was the product of the number and a letter
    assert equivalent_answers(reference, candidate, timeout=20).status == expected


@pytest.mark.parametrize(
    ("reference", "candidate", "expected"),
    [("10 m^2", "10 m2", "equal"), ("10", "10 cm2", "equal"), ("1 L", "1000 cm3", "equal"), ("25 ft^2", "25 ft2.", "equal"),
     ("10 m^2", "10 m3", "different"), ("10 m^2", "10 km2", "different"), ("10", "10 mp3", "different")],
)  # fmt: skip
def test_a_length_unit_with_its_power_glued_is_a_square_or_cubic_unit(reference: str, candidate: str,
                                                                       expected: str) -> None:
    # plain text writes m² as m2: 10 m^2 against 10 m2 was different (10·m·2, m = 0 the witness), 10 cm2 unparsed
    assert equivalent_answers(reference, candidate, timeout=20).status == expected


@pytest.mark.parametrize(
    ("reference", "candidate", "expected"),
    [("8.314 \\frac{J}{mol K}", "8.314", "equal"), ("8.314 \\frac{J}{mol K}", "8.314 J/(mol K)", "equal"),
     ("8.314 \\frac{J}{mol K}", "8.314 kJ/(mol K)", "different"), ("9.8 \\frac{m}{s^2}", "980 cm/s^2", "unknown"),
     ("9.8 \\frac{\\text{m}}{\\text{s}^2}", "9.8 m/s^2", "equal"), ("3 \\dfrac{\\text{kg}}{\\text{m}^{3}}", "3 g/m^3", "different"),
     ("8.314 \\frac{\\mathrm{J}}{\\mathrm{mol\\,K}}", "8.314", "equal"), ("5 \\frac{km}{h}", "5 m/s", "different"),
     ("8.314 \\, \\mathrm{J \\, mol^{-1} \\, K^{-1}}", "8.314 J/(mol K)", "equal"),
     # letters that are no units, or a fraction after no number, stay the quotient of variables
     ("2 \\frac{x}{y}", "2", "different"), ("\\frac{m}{s}", "1", "different"), ("x\\frac{m}{s}", "x", "different"),
     ("2\\frac{1}{2}", "5/2", "equal"),
     # (the review of this rule: one-letter symbols in italics are physics' letters as often, g/L; a fraction after a
     # sum or a power is no quantity's unit; a derivative is none; a space command before the fraction is a space)
     # (against a quantity or the same number, unknown: a unit, or letters; another number differs either way)
     ("3 \\frac{g}{L}", "3", "unknown"), ("3 \\frac{g}{L}", "4", "different"), ("2 \\frac{g}{L}", "\\frac{2g}{L}", "equal"), ("5 \\frac{m}{s}", "\\frac{5m}{s}", "equal"),
     ("a + 2 \\frac{g}{L}", "a + 2", "different"), ("3 + 2 \\frac{m}{s}", "5", "different"),
     ("a + 2 \\frac{g}{L}", "a + \\frac{2g}{L}", "equal"), ("8.314\\,\\frac{J}{mol K}", "8.314", "equal"),
     ("8.314 \\; \\frac{J}{mol\\,K}", "8.314", "equal"), ("v = 5 \\frac{km}{h}", "5", "equal"),
     ("9.8 \\frac{\\mathrm{m}}{\\mathrm{s}^2}", "9.8 m/s^2", "equal"),
     # (symbols of two letters in italics are letters too, ms is m·s; km and kg are words, never k·m)
     ("\\frac{2ms}{h}", "2 \\frac{ms}{h}", "equal"), ("5 \\frac{km}{h}", "5 m/s", "different"), ("5 \\frac{km}{h}", "5", "equal")],
)  # fmt: skip
def test_a_fraction_of_units_after_a_number_is_a_unit(reference: str, candidate: str, expected: str) -> None:
    # an open item of the thirty-fourth stop: 8.314 \frac{J}{mol K} against 8.314 was different, J = 0 the witness
    # (mol read as m·o·l); \mathrm{J \, mol^{-1} \, K^{-1}} was unparsed (a power in braces inside the group)
    assert equivalent_answers(reference, candidate, timeout=20).status == expected


@pytest.mark.parametrize(
    ("reference", "candidate"),
    [("5000 nm", "5 \\mu m"), ("5 ohm", "5\\,\\Omega"), ("1 N m", "1 J"), ("1 J", "1 N m"), ("10^{-9} m", "1 nm"),
     ("10000 m^2", "1 ha"), ("1852 m", "1 nmi"), ("1 ha", "10000 m^2")],
)  # fmt: skip
def test_letters_that_may_be_a_unit_against_a_quantity_are_unknown(reference: str, candidate: str) -> None:
    # the twelfth review: 5 \mu m against 5000 nm was different, its letters read as variables (μ = m = 0 the witness);
    # the thirty-fourth stop: so were 1 ha and 1 nmi (a run of letters the unit table does not know, a unit as written)
    cert = equivalent_answers(reference, candidate)
    assert cert.status == "unknown" and "may be a unit" in cert.reason
    assert equivalent_answers("5 cm", "2x").status == "different" and equivalent_answers("3 hours", "3h").status == "equal"
