"""Other people's answers: MATH-500's gold answers and worked solutions, and Math-Verify's own test suite, row by row.

The suites live in ``../shared/data/outside`` (see its README); the tests skip where it is absent. Our verdict on
every Math-Verify row is recorded in ``data/mathverify_verdicts.json``, with the reason wherever it differs from
Math-Verify's expectation on purpose (exactness, the percent and decimal-comma policies, the extraction policy).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from pyverify.answers import equivalent_answers, parse_answer

OUTSIDE = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "outside"
MATH500 = OUTSIDE / "math500.jsonl"
MATHVERIFY = OUTSIDE / "mathverify_tests.jsonl"
VERDICTS = Path(__file__).with_name("data") / "mathverify_verdicts.json"
DECIDED = ("equal", "different", "undefined", "no_answer")


def _rows(path: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.skipif(not MATH500.exists(), reason="../shared/data/outside/math500.jsonl is not here")
def test_math500_every_gold_parses_equals_itself_and_its_worked_solution() -> None:
    rows = _rows(MATH500)
    assert len(rows) == 500
    unread = {r["answer"]: parse_answer(r["answer"]) for r in rows}
    unread = {g: a.reason for g, a in unread.items() if a.kind in ("unparsed", "ambiguous", "no_answer")}
    assert not unread, unread
    misses = []
    for k, row in enumerate(rows):
        for label, candidate in (("gold", row["answer"]), ("solution", row["solution"])):
            cert = equivalent_answers(row["answer"], candidate, timeout=20)
            if cert.status != "equal":
                misses.append((k, label, row["answer"], cert.status, cert.reason))
    assert not misses, misses[:10]


#: rows Math-Verify expects "not equal" where both sides have the same value (each row's reason is in VERDICTS)
EQUAL_WHERE_MATHVERIFY_READS_NOTHING = {
    "test_all.py:test_set_rel_assymetry:3",  # allow_set_relation_comp=False: x ∈ [-2, 7] against -2 ≤ x ≤ 7
    "test_all.py:test_latex_notation:5",  # Answer $ newline 9 newline $: TeX reads the line breaks as spaces
    "test_all.py:test_latex_notation:6",  # the same with \\( \\)
}


@pytest.mark.skipif(not MATHVERIFY.exists(), reason="../shared/data/outside/mathverify_tests.jsonl is not here")
def test_mathverify_suite_row_by_row() -> None:
    rows = _rows(MATHVERIFY)
    recorded = json.loads(VERDICTS.read_text(encoding="utf-8"))["rows"]
    assert set(recorded) == {r["id"] for r in rows}
    changed, statuses = [], Counter()
    for row in rows:
        cert = equivalent_answers(row["reference"], row["candidate"], timeout=20)
        statuses[cert.status] += 1
        entry = recorded[row["id"]]
        if cert.status != entry["verdict"]:
            changed.append((row["id"], entry["verdict"], cert.status, cert.reason))
        agrees = (cert.status == "equal") == bool(row["expected"])
        # every row where we differ from Math-Verify's expectation says why
        assert agrees or entry.get("reason"), row["id"]
        if cert.status == "equal" and not row["expected"]:
            # never equal where the values truly differ: these rows are a Math-Verify option refusing the comparison
            # or a layout its extraction does not read (inline math across line breaks)
            assert row["id"] in EQUAL_WHERE_MATHVERIFY_READS_NOTHING, row["id"]
    assert not changed, "verdicts changed (id, recorded, now, reason):\n" + "\n".join(map(str, changed))
    decided = sum(statuses[s] for s in DECIDED)
    assert decided >= 0.8 * len(rows), statuses


@pytest.mark.parametrize(
    ("reference", "response", "status", "rule"),
    [("10455", r"So $\boxed{255}$ interest. Final Answer: The final answer is $10,455$. I hope it is correct.",
      "equal", "final answer"),
     (r"\{-2, 1\}", r"The integers are: \[ \boxed{-2} \quad \text{and} \quad \boxed{1}. \]", "equal", "several boxes"),
     ("1", r"The integers are: \[ \boxed{-2} \quad \text{and} \quad \boxed{1}. \]", "different", "several boxes"),
     (r"\{1, 2\}", r"$\boxed{1}\boxed{2}$", "equal", "several boxes"),
     ("7", "<think>maybe \\boxed{3}</think>So the answer is $7$.", "equal", "answer phrase"),
     ("3", "<think>maybe \\boxed{3}</think>So the answer is $7$.", "different", "answer phrase"),
     ("3", "<think>the answer is \\boxed{3}", "no_answer", ""),
     ("12", "Step 1 ... so 3 * 4 = 12\n#### 12", "equal", "####"),
     ("540", "He runs 3*3=<<3*3=9>>9 sprints\nSo he runs 9*60=540 meters\nA: 540", "equal", "A:"),
     ("9", "Answer $ 9 $", "equal", "answer phrase"),
     ("9", "Answer $ \n 9 \n $", "equal", "answer phrase"),  # inline math laid out as a display
     ("9", "Answer \\( \n 9 \n \\)", "equal", "answer phrase"),
     ("6", "It costs $5\nand then $6 more.", "no_answer", ""),  # currency: a $ followed by its amount opens no math
     (r"\frac{1}{3}", r"The answer is $\frac{1}{3}.$", "equal", "answer phrase"),
     ("34", "Final Answer: The largest $n$ is 34.", "equal", "final answer"),
     ("x < 3", r"We find that $x \lt 3$.", "equal", "final sentence"),
     ("17", "Therefore, there are 17 distinct arithmetic sequences that meet all the given conditions.", "equal",
      "final sentence"),  # a concluding sentence with one exact number (GSM8K-style prose) states it
     ("5", r"The answer is 5.<|im_start|>user The answer is 6.", "equal", "answer phrase"),
     ("220", r"$\fbox{220}$ values.", "equal", "boxed"),
     ("(-1,6)", "The midpoint is the average.\n\nThe midpoint is **(-1, 6)**.", "equal", "final sentence"),
     ("5", r"\\boxed{\\frac{10}{2}}", "equal", "boxed"),
     (r"\{1, 2\}", r"\boxed{1} papers and \boxed{2} bins", "equal", "several boxes"),  # Math-Verify's newer tests
     ("5", r"We get \boxed{3}, then the answer is \boxed{5}", "equal", "boxed"),  # a word that reasons: no group
     # other languages (rows of lighteval's multilingual extraction tests, and MGSM's languages)
     ("13", "所以一共有13只鸟。答案：13", "equal", "answer phrase"), ("5", "答えは5です。", "equal", "answer phrase"),
     ("7", "Ответ: 7", "equal", "answer phrase"), ("7", "La respuesta es $7$.", "equal", "answer phrase"),
     ("42", "Die Antwort ist 42.", "equal", "answer phrase"), ("12", "إذن الإجابة هي 12", "equal", "answer phrase"),
     ("220", "Réponse: Janeth aura encore 220 $ à payer d'ici 12 mois.", "unknown", "answer phrase"),  # 2 numbers: unparsed
     # GAOKAO-Bench's format (gpt-4-0314's saved answers, OpenLMLab/GAOKAO-Bench): 【答案】 ... <eoa>
     ("10", "所以常数项是10。<eoe>\n【答案】10<eoa>", "equal", "answer phrase"),
     ("192", "【答案】192公斤<eoa>", "equal", "answer phrase"),  # a counter word after the number changes nothing
     ("3", "【答案】根号3<eoa>", "different", "answer phrase"), ("3", "答案：3万", "unknown", "answer phrase"),  # √3, 30000
     # prose in another script with no marker is no answer, as English prose is (never 'bad input', never a number)
     ("13", "现在篱笆上总共有3只鸟和10只鹳鸟，所以一共有3 + 10 = 13只鸟和鹳鸟。", "no_answer", ""),
     ("67", "इसलिए, दुकान में अब 67 कमीजें हैं।", "no_answer", ""),
     ("1000.99", "so the number is 10 which is 1,000.99m²", "different", "final sentence")],  # m² is no word
)  # fmt: skip
def test_the_extraction_policy(reference: str, response: str, status: str, rule: str) -> None:
    cert = equivalent_answers(reference, response, timeout=20)
    assert cert.status == status, cert
    if rule:
        assert cert.extraction["candidate"]["rule"] == rule


NEMO = Path(__file__).with_name("data") / "nemo_skills_math_outputs.jsonl"
#: Where pyverify and NeMo-Skills' grader disagree, read by hand: the publisher's label is wrong in the first four.
NEMO_DISAGREEMENTS = {
    "nemo-rs0-train/prealgebra/737.json": "equal: \\boxed{1320 km} is 1320 (NeMo strips \\text units, not bare km)",
    "nemo-rs1-train/number_theory/7086.json": "equal: the response ends with \\fbox{958}, NeMo reads only \\boxed",
    "nemo-rs2-train/algebra/2142.json": "equal: 'Thus, the answer is: \\[ \\frac{207}{64} \\]' (no box; NeMo needs one)",
    "nemo-rs0-train/geometry/74.json": "equal: the last line states V_{3\\text{inch}} = \\$675, a chain whose last side "
    "is 675 (the subscripted name is not read: working before the answer); NeMo finds no box",
    "nemo-rs1-train/number_theory/106.json": "unknown: the response hedges between 220, 0220 and 22 and states "
    "'the answer is different for any number': a text answer, never equal to 220",
    "nemo-rs2-train/algebra/635.json": "equal: 'The answer is \\boxed{1}.', then a question the model made up, whose "
    "instructions hold an empty \\boxed{} (no box: the last box with an answer is read); NeMo reads the empty box",
    "nemo-rs2-train/number_theory/918.json": "equal: 'n = \\boxed{5}', then a made-up question ending 'put the answer "
    "inside \\boxed{}' (an empty box is no box); NeMo reads the empty box",
    # (a next exercise the model made up after its answer ends the reply: its own answer is never read)
    "nemo-rs0-train/number_theory/106.json": "equal: '... is \\boxed{220}.', then 'Question:' twice, exercises the "
    "model made up and answered (\\boxed{4 - 20i}); NeMo reads the last box",
    "nemo-rs1-train/prealgebra/888.json": "equal: '&= \\boxed{0}' twice (two methods), then 'Question: Compute ...' "
    "with 'My solution:' ending in \\boxed{-1}, an exercise the model made up; NeMo reads the last box",
}


def test_real_model_responses_against_their_publishers_labels() -> None:
    # 150 MATH responses graded by NeMo-Skills (see data/README.md): pyverify decides all but a handful and agrees
    # with the publisher's label except on the rows read by hand above
    rows = _rows(NEMO)
    disagree, statuses = {}, Counter()
    for row in rows:
        cert = equivalent_answers(row["gold"], row["response"], timeout=20)
        statuses[cert.status] += 1
        if (cert.status == "equal") != row["label"]:
            disagree[row["id"]] = cert.status
    assert set(disagree) == set(NEMO_DISAGREEMENTS), disagree
    assert all(NEMO_DISAGREEMENTS[k].startswith(v) for k, v in disagree.items()), disagree
    assert sum(statuses[s] for s in DECIDED) >= 130, statuses


QWEN = Path(__file__).with_name("data") / "qwen25_math_cot_outputs.jsonl"
#: Where pyverify's grade differs from Qwen's math_equal label, read by hand.
QWEN_DISAGREEMENTS = {
    "math_cot_100/72/7": "correct: the gold 10{,}000 is 10000 (a braced thousands comma); Qwen's math_equal marks the "
    "response's 10000 wrong (the other seven responses answer 9999 or 9998 and are wrong)",
    **{f"math_cot_100/3/{i}": "correct: the gold 4:30p.. is 4:30 p.m. with its m deleted by the harness's own clean-up; "
       "every response boxes 4:30 \\text{ p.m.}, which math_equal cannot match to the mangled gold" for i in range(8)},
}


def _graded_against_labels(rows: list[dict]) -> tuple[dict[str, str], Counter[str]]:  # type: ignore[type-arg]
    """Each response graded against its gold by the rewards' grade: (id -> grade where it differs from the label,
    the count of each grade)."""
    from pyverify.rewards import grade

    disagree: dict[str, str] = {}
    statuses = Counter[str]()
    for row in rows:
        found = grade(row["response"], row["gold"])
        statuses[found.status] += 1
        if (found.status == "correct") != row["label"]:
            disagree[row["id"]] = found.status
    return disagree, statuses


def test_qwen_math_responses_against_their_publishers_labels() -> None:
    # 200 responses of Qwen2.5-Math-7B-Instruct with Qwen's own labels: degenerate tails (###### runs, an ESC
    # character in the prose) do not hide the boxed answer, and only the publisher's own errors differ
    rows = _rows(QWEN)
    assert len(rows) == 200
    disagree, statuses = _graded_against_labels(rows)
    assert set(disagree) == set(QWEN_DISAGREEMENTS), disagree
    assert all(QWEN_DISAGREEMENTS[k].startswith(v) for k, v in disagree.items()), disagree
    assert statuses["correct"] + statuses["wrong"] >= 190, statuses


def test_the_answers_manual_lists_every_reading_rule_and_extraction_rule() -> None:
    from pyverify.answers import EXTRACTION_RULES, READING_RULES

    readme = (Path(__file__).resolve().parents[2] / "docs" / "answers-and-rewards.md").read_text(encoding="utf-8")
    for written, read in (*READING_RULES, *EXTRACTION_RULES):
        assert written in readme or written.startswith("`decimal_comma="), written
        assert read.split(";")[0] in readme, read


GEMMA = Path(__file__).with_name("data") / "gemma2_27b_math500_outputs.jsonl"
LLAMA = Path(__file__).with_name("data") / "llama31_8b_minerva_outputs.jsonl"
#: Where pyverify's grade differs from the label of Qwen2.5-Math's harness (math_equal), read by hand.
HARNESS_DISAGREEMENTS = {
    "math500_8": "correct: the response boxes 3√13, the gold is 3\\sqrt{13}; the harness cannot read √",
    "math500_85": "correct: √5 against \\sqrt{5}; the harness cannot read √",
    "math500_67": "wrong: the response boxes 10\\% where the gold is 10 (percent policy 'value'; the certificate names "
    "--percent unit)",
    "math500_74": "correct: \\frac{\\cos x}{\\sin x} is \\cot x; the harness removes spaces first and reads \\cosx",
    "math500_164": "correct: \\frac{\\sin 100^\\circ (1 + 4 \\cos 100^\\circ)}{\\cos 100^\\circ} is -\\sqrt{3} (degrees in a "
    "trigonometric function are radians); the harness cannot evaluate it (the question asked to simplify, which this "
    "policy does not check)",
    "math500_179": "correct: 20x - 28y + 44z + 16 = 0 is the plane 5x - 7y + 11z + 4 = 0 (equations equal up to a "
    "nonzero factor; the question asked for the reduced form, which this policy does not check)",
    "math500_198": "correct: the gold 10,\\!080 is 10080; the harness turns it into 10,80",
    "minerva_math_5": "correct: the gold np.arcsin(10/13) is Python (numpy's arcsin), the boxed \\arcsin{\\frac{1}{1.3}}; "
    "the harness cannot read np.",
    "minerva_math_72": "correct: the boxed x(t) = x_0 \\cos(\\omega t) + \\frac{\\dot{x}_0}{\\omega} \\sin(\\omega t) is the "
    "gold (the name x(t) dropped, \\dot{x}_0 one variable, the harness's \\omegat read as \\omega t); the harness "
    "marks it wrong",
    "minerva_math_88": "correct: \\frac{1}{-\\omega^2+\\frac{1}{4} i \\omega+2} is the gold with its denominator made "
    "real (the harness's \\omegai read as \\omega i); the harness marks it wrong",
    "minerva_math_41": "correct: \\frac{v_0}{r_0(1+r/r_0)^{3/2}} is the gold rewritten; the harness marks it wrong",
    "minerva_math_76": "correct: the response writes \\cos t and \\sin t; the harness removes spaces and reads \\cost",
    "minerva_math_44": "correct: the gold 1e-5 is 1 \\times 10^{-5} in E-notation (mantissa 1: never 1·e - 5), the boxed "
    "answer; the harness marks it wrong",
    "minerva_math_64": "correct: \\frac{dx}{dt} = kx(t) - a is the gold \\frac{dx}{dt}=kx-a (x(t) the value of x in an "
    "answer with its derivative); the harness marks it wrong",
}


@pytest.mark.parametrize(("path", "count", "graded"), [(GEMMA, 200, 175), (LLAMA, 100, 80)])
def test_other_models_responses_against_their_harness_labels(path: Path, count: int, graded: int) -> None:
    # gemma-2-27b-it on MATH-500 (SkyThought's saved outputs) and Llama-3.1-8B-Instruct on Minerva (PRIME's): unicode
    # √ and x², Greek subscripts, e^{-sT}, \cosh; every difference from the harness's label is read above
    rows = _rows(path)
    assert len(rows) == count
    disagree, statuses = _graded_against_labels(rows)
    expected = {k: v for k, v in HARNESS_DISAGREEMENTS.items() if k.startswith(rows[0]["id"].rsplit("_", 1)[0] + "_")}
    assert set(disagree) == set(expected), disagree
    assert all(expected[k].startswith(v) for k, v in disagree.items()), disagree
    # Minerva's golds as the harness stores them lost spaces (\\piG, \\omegat): read as the commands, then letters
    assert statuses["correct"] + statuses["wrong"] >= graded, statuses


DATA = Path(__file__).with_name("data")
#: pyverify's grade where it differs from the publisher's label, with the reason (every other row agrees)
OUTSIDE_DISAGREEMENTS = DATA / "outside_disagreements.json"


@pytest.mark.parametrize(
    ("name", "count", "graded"),
    [("theoremqa_gpt4_outputs", 200, 170), ("gaokao_gpt4_fill_blank_outputs", 129, 104), ("grader_unit_tests", 98, 82),
     # DeepSeek-V3 and o1-preview on MathOdyssey (answers in a JSON object, golds ending in \\ \noindent, MATLAB
     # matrices), GPT-3 on GSM8K (A: 3,000), and the tests of NeMo-Skills', AReaL's and four RL rewards' graders
     ("odyssey_math_outputs", 200, 185), ("gsm8k_gpt3_outputs", 200, 200), ("grader_unit_tests_more", 145, 115),
     # Qwen2.5 on gaokao2023en, OlympiadBench and Minerva (E-notation golds, sets of pairs, brackets that group)
     ("gaokao2023en_qwen25_math_7b_outputs", 200, 170), ("olympiadbench_qwen25_14b_outputs", 200, 185),
     ("minerva_qwen25_14b_outputs", 200, 175),
     # lighteval's multilingual tests, RL trainers' rewards (MindSpeed-RL, SkyRL, tinker-cookbook, NeMo-Gym, verifiers)
     ("grader_unit_tests_third", 80, 60),
     # gpt-4o and DeepSeek on MMLU-Pro's math (options A to J: 'The answer is G. 4096', '(F): because ...')
     ("mmlu_pro_math_outputs", 193, 165),
     # PRM800K's phase 1 (human-rated final steps with '# Answer': percent golds, forms asked for, 4\!:\!51\!:\!06 p.m.)
     # and DeathMath (Russian olympiad answers of 7 models: 'Ответ: 19 м', golds as 2**4107 and 1/2019)
     ("prm800k_phase1_outputs", 150, 140), ("deathmath_outputs", 110, 95),
     # ChatGPT's numbered-step answers annotated by hand (verify_cot: 'So the answer to this question is Craig has $19
     # left.') and GPT-3 on TabMWP (PromptPG: 'The answer is A, yes.', 'The correct answer is C. Saturday')
     ("verify_cot_chatgpt_outputs", 150, 125), ("tabmwp_gpt3_outputs", 200, 180),
     # ToRA's tool-integrated answers (a program, its printed output, then a sentence: '19 people were kicked out for
     # other reasons.' after ```output 19```)
     ("tora_gsm8k_outputs", 200, 195),
     # five models on MATH-Vision (competition answers in LaTeX; InternLM's box then 'The answer is: 17.5', Qwen-VL's
     # '4\n\boxed{2}': a value on the line before a box leaves the box its own)
     ("mathv_outputs", 200, 180),
     # seven models on HARDMath's nondimensionalization (its prompt asks for '\[boxed{}\]' without the backslash;
     # golds in LaTeX or sympy's a_{1}(a_{3}/a_{2})**(5/4)/a_{3}; '\epsilon \approx 1.11' against the rounded 1.11)
     ("hardmath_outputs", 150, 125),
     # 27 models on MathCAMPS's K-8 problems ('### Answer: 253m', a comparison sign alone as the gold, made-up |user|
     # turns after the answer, golds written as Python lists of pairs)
     ("mathcamps_outputs", 150, 130),
     # six MathCoder models (code interpreter turns; two-unknown problems answered '\\boxed{15} novelists and
     # \\boxed{9} poets.' then a last block '15' that picks one)
     ("mathcoder_outputs", 150, 125),
     # Claude 2, GPT-3.5 and mistral-medium on MR-Ben's MMLU math ('Solution: Choice_B', 'Choice\\_A: $90$', 'the correct
     # answer choice is D: 2/3'; the label judges the reasoning too, so some right choices are labelled wrong)
     ("mrben_math_outputs", 150, 130),
     # OpenAI's GPT-3 6B and 175B samples on GSM8K (fine-tuned, and best of 100 by their verifier: calculator annotations
     # <<4*1.5=6.0>>, a last line 'A: 42', a runaway line of digits, an answer cut off): every label agrees
     ("gsm8k_openai_solutions_outputs", 120, 115)],
)  # fmt: skip
def test_more_outside_answers_against_their_publishers_labels(name: str, count: int, graded: int) -> None:
    # GPT-4 on TheoremQA (lists in brackets, E-notation golds, True written 1.0) and on GAOKAO fill-in-the-blank
    # (【答案】...<eoa>, Chinese prose and counter words), and the unit tests of four other graders (MARIO_EVAL, the
    # MATH paper's is_equiv, rLLM, slime): every difference from the publisher's label is explained in the data file
    rows = _rows(DATA / f"{name}.jsonl")
    assert len(rows) == count and len({r["id"] for r in rows}) == count
    expected = json.loads(OUTSIDE_DISAGREEMENTS.read_text(encoding="utf-8"))["files"][name]
    disagree, statuses = _graded_against_labels(rows)
    assert disagree == {k: v["grade"] for k, v in expected.items()}, disagree
    assert all(v["reason"] and v["reason"] != "TODO" for v in expected.values())
    assert statuses["correct"] + statuses["wrong"] >= graded, statuses



COLLEGE_MATH = Path(__file__).with_name("data") / "college_math_golds.jsonl"


def test_college_math_golds_equal_themselves_row_by_row() -> None:
    # Qwen2.5-Math's college_math golds (the CC BY textbooks: algebra and two linear algebra books): at first contact
    # 494 of all 2,818 did not equal themselves (matrices in brackets, systems' solutions as computer algebra prints
    # them, x \neq \pm 5). The verdict of each gold against itself is recorded; no gold may ever differ from itself,
    # and one that is not equal is prose (no answer) or a notation not read (unknown, with the reason)
    rows = _rows(COLLEGE_MATH)
    changed, statuses = [], Counter()
    for row in rows:
        cert = equivalent_answers(row["answer"], row["answer"], timeout=20)
        statuses[cert.status] += 1
        if cert.status != row["verdict"]:
            changed.append((row["id"], row["verdict"], cert.status, cert.reason))
    assert not changed, "verdicts changed (id, recorded, now, reason):\n" + "\n".join(map(str, changed))
    assert statuses["different"] == 0 and statuses["undefined"] == 0, statuses
    assert statuses["equal"] >= 1100, statuses
