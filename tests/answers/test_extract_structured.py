"""Answers in structured output (a JSON object ending the response), yes-or-no answers, LaTeX layout after an
answer, and dollar amounts: read from other people's model outputs (MathOdyssey's DeepSeek-V3 and o1-preview
responses, MathVista's GPT-4 responses)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyverify.answers import equivalent_answers, extract_answer
from pyverify.rewards import Policy, grade

# DeepSeek-V3 on MathOdyssey: LaTeX with single backslashes in a JSON string (\( is not a JSON escape)
DEEPSEEK = (
    "From the above cases, the only value is \\( n = 7 \\).\n\n### Final Answer:\n```json\n{\n"
    '    "reasoning": "We tested \\( n-1 = 6 \\) and \\( \\frac{n(n+1)}{2} = 28 \\).",\n    "answer": 7\n}\n```'
)


@pytest.mark.parametrize(
    "response, answer",
    [(DEEPSEEK, "7"), ('```json\n{\n    "answer": "2\\\\sqrt{7}"\n}\n```', "2\\sqrt{7}"),
     ('{"answer": "\\frac{4}{29}\\sqrt{29}"}', "\\frac{4}{29}\\sqrt{29}"),  # \f of \frac: the command, not a form feed
     ('{"answer": 120.0}', "120.0"), ('{"answer": [4, 5]}', "[4, 5]"), ('{"final_answer": "\\\\boxed{12}"}', "12"),
     ('{"Final Answer": "No, the ODE has no power series solution near \\\\(x = 0\\\\)."}', "No"),
     ('{"answer": "(4 * sqrt(29)) / 29"}', "(4 * sqrt(29)) / 29")],
)  # fmt: skip
def test_the_answer_key_of_a_json_object_that_ends_the_response_is_the_answer(response: str, answer: str) -> None:
    found = extract_answer(response)
    assert (found.status, found.texts, found.rule) == ("answer", (answer,), "json answer")
    assert response[found.span[0] : found.span[1]]  # the span points into the response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [('{\n    "answer": 869/27,\n    "reasoning": "The maximum is 869/27."\n}', "\\frac{869}{27}", "correct"),
     ('{\n    "answer": 869/27,\n    "reasoning": "The maximum is 869/27."\n}', "869", "wrong"),
     ('{"answer": \\frac{1}{2}}', "0.5", "correct"), ('{"answer": 42 }', "42", "correct"),
     ('{"reasoning": "y = 2e", "answer": 2 * Math.E\n}', "2", "unparsed"),
     ('{\n  "answer": "2\\theta^2/n",\n  "reasoning": "We find \\sum_{i=1}^{n} X_i^2, and the bound for $\\theta$."\n}',
      "\\frac{2\\theta^2}{n}", "correct"),
     ('{\n  "answer": "3",\n  "reasoning": "With \\frac{1}{2}, there was a mistake above. So x = 3."\n}', "3", "correct"),
     # a value offered anywhere in the working after the answer is a hedge (an adversarial review: a filler last
     # sentence hid it), as is an answer stated there that differs; a retraction counts in its last sentence
     ('{\n  "answer": "3",\n  "reasoning": "With \\frac{1}{2}, x = 1 or 3; the first is wrong. So x = 3."\n}', "3",
      "no answer"),
     ('{"answer": 3, "reasoning": "It is 3 or 4. Done."}', "3", "no answer"),
     ('{"answer": 3, "explanation": "Possibly 4. \\"Done\\""}', "3", "no answer"),
     ('{"answer": 3, "explanation": ["or 4", "ok"]}', "3", "no answer"),
     ('{"answer": 7, "reasoning": "x^{2} so the answer is 8"}', "7", "no answer"),
     ('{"answer": 7, "reasoning": "x^{2} so the answer is 7"}', "7", "correct"),
     ('{"reasoning": "Using \\frac{a}{b}", "answer": 7, "explanation": "since x_{1} = 7"}', "7", "correct"),
     ('{"alternatives": [8], "reasoning": "x^{2}", "answer": 7}', "7", "no answer"),
     ('{"answer": 869/27, "reasoning": "divide"}', "\\frac{869}{27}", "correct"), ('{"answer": ~4}', "4", "unknown"),
     ('{"answer": 1,000}', "1000", "correct"), ('{"answer": 4, 5}', "4", "several answers"), ('{"answer": 12, "x": 2}', "12", "correct"),
     ('{"answer": 3, "solution": 4}', "3", "no answer"), ('{"answer": 3, "steps": 2}', "3", "correct"),
     ('{"answer": "5" or "6"}', "5", "no answer"), ('{"answer": "5", "6"}', "5", "no answer"),
     ('{"answer": 3, "reasoning": "I got 3. Possible alternative: 4"}', "3", "no answer"),
     ('{"answer": 12, "answer_if_inclusive": 13}', "12", "no answer"),
     ('{"answer": "5", "answer_explanation": "because"}', "5", "correct"),
     ('{"answer": "Yes", "reasoning": "We test the alternative hypothesis H1. It could be used. So yes."}', "Yes", "correct"),
     ('{"answer": 2, "reasoning": "x^2 - 4 = 0 gives x = 2 or x = -2. Since x is a length, x = 2."}', "2", "correct"),
     ('{"answer": 3, "reasoning": "\\"answer\\": 4. OK"}', "3", "no answer"),
     ('{\n  "answer": "3",\n  "reasoning": "With \\frac{1}{2}, x = 3. Or maybe 4."\n}', "3", "no answer"),
     ('{\n  "answer": "3",\n  "reasoning": "With \\frac{1}{2}, it is 3; 4 was a slip."\n}', "4", "wrong"),
     ('{"answer": "3", "note": "or 4"}', "3", "no answer"), ('{"answer": "3", "steps": ["x"], "answer_alt": "4"}', "3",
                                                            "no answer"),
     ('{"reasoning": "Matching coefficients.", "answer": {"alpha": 1, "beta": 4}}', "4", "several answers"),
     # MathOdyssey: an object naming unknowns is their values (it was no answer); named results are not
     ('{"reasoning": "Matching coefficients.", "answer": {"alpha": 1, "beta": 4}}', "$\\alpha=1$ and $\\beta=4$.", "correct"),
     ('{"answer": {"x": "\\\\frac{1}{2}"}}', "\\frac12", "correct"), ('{"answer": {"a": -3, "b": 4}}', "a = 3, b = 4", "wrong"),
     ('{"answer": {"sample_mean": 107.78, "ci": [1, 2]}}', "107.78", "no answer"),
     ('{"answer": {"x": 1}, "alternative": {"x": 2}}', "1", "no answer"), ('{"answer": {"x": "one half"}}', "\\frac12", "no answer"),
     # an adversarial review of these rules: an object of named values is checked as any other value (hedges after
     # it, a nested second answer, a key written twice); a value before the answer hedges only against a plain
     # number, and nested answers equal in value are one answer
     ('{"answer": {"x": 1}, "explanation": "It could also be x = 2."}', "x = 1", "no answer"),
     ('{"answer": {"x": 1}, "note": "maybe x = 2"}', "x = 1", "no answer"),
     ('{"answer": {"x": 1}, "explanation": "Wait, actually x = 2."}', "x = 1", "no answer"),
     ('{"answer": {"x": 1}, "solution": {"answer": {"x": 2}}}', "x = 2", "several answers"),
     ('{"answer": {"x": 1, "x": 2}}', "x = 2", "no answer"),
     ('{"solution": "4", "answer": "\\\\frac{8}{2}"}', "4", "correct"), ('{"solution": "4", "answer": "4 apples"}', "4", "correct"),
     ('{"answer": 3, "solution": {"answer": "3.0"}}', "3", "correct"),
     # (however deep the nested answer: the review's four levels, where only three were looked up)
     ('{"answer": 3, "a": {"b": {"c": {"d": {"answer": 4}}}}}', "4", "several answers"),
     ('{"answer": 1, "confidence": "low, could be 2"}', "1", "no answer"),
     ('{"reasoning": "x", "answer": {"x": 1}, "final_answer": 1}', "1", "correct"),
     ('{"reasoning": "x", "answer": {"x": 1}, "final_answer": 2}', "1", "several answers"),
     ('{"answer": {"x": 1}, "confidence": "low, could be 2"}', "x = 1", "no answer"),
     # an object's keys have no order: a value alone in a working key before the answer is offered beside it too, and
     # an answer key nested in the working is a second answer (an adversarial review); the same value is no hedge
     ('{"solution": "4", "answer": 3}', "3", "no answer"), ('{"solution": "3", "answer": 3}', "3", "correct"),
     ('{"answer": 3, "solution": {"answer": 4}}', "4", "several answers"),
     ('{"answer": 3, "solution": {"answer": 4}}', "3", "several answers"),
     ('{"answer": 3, "check": {"answer": 3}}', "3", "correct"), ('{"answer": {"answer": 5}}', "5", "correct"),
     ('{"solution": {"steps": ["x + 1 = 4", "x = 3"]}, "answer": 3}', "3", "correct")],
)  # fmt: skip
def test_json_objects_as_models_write_them(response: str, gold: str, status: str) -> None:
    # MathOdyssey's saved outputs: 869/27 unquoted was read as 869, and an object whose reasoning after the answer
    # holds braces was not the last object, so its final sentence ("... for estimating $\theta$.") was read
    graded = grade(response, gold)
    assert graded.status == status, response
    assert graded.rule.startswith(("json answer", "the JSON", "several json")) or graded.status == "no answer", graded.rule


def test_an_answer_key_inside_an_answer_object_with_more_keys_is_not_read() -> None:
    assert grade('{"answer": {"answer": 5}, "reasoning": "x^{2}"}', "5").status == "unparsed"


def test_a_json_object_followed_by_more_prose_is_not_the_final_answer() -> None:
    found = extract_answer('First guess: {"answer": 5}. On reflection the answer is 6.')
    assert found.texts == ("6",) and found.rule == "answer phrase"


def test_json_answers_are_graded_against_the_gold() -> None:
    assert grade(DEEPSEEK, "7").status == "correct"
    assert grade(DEEPSEEK, "8").status == "wrong"
    assert grade('{"answer": "[1, -2, 5; 0, 1, -4; 0, 0, 1]"}', r"\begin{pmatrix}1&-2&5\\0&1&-4\\0&0&1\end{pmatrix}"
                 ).status == "correct"  # fmt: skip


@pytest.mark.parametrize(
    "response, answer",
    [("Answer: No, because the series diverges.", "No"), ("The answer is yes.", "yes"),
     ("Therefore, the answer is True, as there exists such a function v.", "True"),
     ("Final answer: 5, not 6", None)],
)  # fmt: skip
def test_a_yes_or_no_answer_stated_first_is_the_answer(response: str, answer: str | None) -> None:
    found = extract_answer(response)
    if answer is None:  # a number answer with a denial after it stays as written (refused), never a yes/no
        assert found.texts != ("No",)
    else:
        assert found.texts == (answer,)


@pytest.mark.parametrize(
    "gold", ["7\\\\\n\\noindent", "7 \\\\ \n\n\\noindent", "$7$.\\\\\n\t\\noindent", "7\\par", "7 \\vspace{2mm}"]
)
def test_layout_commands_after_a_gold_are_not_part_of_it(gold: str) -> None:
    # MathOdyssey's golds are copied out of a LaTeX document with their line break and \noindent
    assert equivalent_answers(gold, "7").status == "equal"


def test_three_backslashes_are_still_refused() -> None:
    assert equivalent_answers("185\\\\\\", "185").status != "equal"


def test_a_dollar_before_a_digit_opens_an_amount_not_math() -> None:
    # GPT-4 on MathVista: "0.9 * $3 = $2.7": no math span "3 = ", the amount after = is the answer
    found = extract_answer("So, for 0.9 pounds, Linda will spend 0.9 * $3 = $2.7.")
    assert found.texts == ("$2.7",)
    assert grade("So, for 0.9 pounds, Linda will spend 0.9 * $3 = $2.7.", "2.7").status == "correct"
    assert extract_answer("The answer is $x+1$2 dollars").status == "answer"  # unusual, still read


@pytest.mark.parametrize(
    "response",
    ["We substitute:\n\\[\n\\cos \\theta = \\frac{4 + 5 \\cdot 0}{5 + 4 \\cdot 0",  # Qwen2.5 on gaokao2023en, cut off
     "Let S = 8:\n\\[\n10D + E + 10 \\cdot", "so $$x = \\frac{-"],
)
def test_a_response_cut_off_inside_math_gives_no_answer(response: str) -> None:
    found = extract_answer(response)
    assert found.status == "none" and "cut off" in found.rule


def test_a_box_before_the_cut_is_still_the_answer() -> None:
    assert extract_answer("So \\boxed{7}. Checking:\n\\[\n7 + 1 = ").texts == ("7",)


@pytest.mark.parametrize(
    "response, answer",
    [("<think>so 41+1</think><answer>42</answer>", "42"), ("<think>x</think>\n<answer>\n\\frac{1}{2}\n</answer>", "\\frac{1}{2}"),
     ("Reasoning... <answer>The answer is 7</answer>", "7"), ("<answer>\\boxed{3}</answer>", "3"),
     ("<answer>5</answer> then more text 6", "5"), ("<ANSWER>x=2", "x=2")],
)  # fmt: skip
def test_the_r1_answer_tag_is_the_answer(response: str, answer: str) -> None:
    # DeepSeek-R1-Zero's <think>...</think><answer>...</answer>, the format GRPO recipes train: it was read as prose
    found = extract_answer(response)
    assert found.status == "answer" and found.texts[0].strip() == answer and found.rule == "<answer> tag"
    assert response[found.span[0] : found.span[1]].strip()


def test_an_empty_answer_tag_is_no_answer_and_the_tag_is_graded() -> None:
    assert extract_answer("<think>hmm</think><answer></answer>").status == "none"
    assert grade("<think>41+1</think><answer>42</answer>", "42").status == "correct"
    assert grade("<think>41+1</think><answer>43</answer>", "42").status == "wrong"


@pytest.mark.parametrize(
    "response, answer",
    [("Work.\n\n### Final Answer\n5", "5"), ("Work.\n\n## Answer\n\n$5$", "5"), ("#### Final Answer\nThe answer is 12.", "12"),
     ("Natalia sold 48.\n#### 72", "72"), ("Final Answer:\n\n7", "7")],
)  # fmt: skip
def test_a_markdown_heading_final_answer_is_a_marker(response: str, answer: str) -> None:
    assert extract_answer(response).texts == (answer,)


@pytest.mark.parametrize("response", ["Answer: Yes, no, maybe.", '{"answer": "Yes, or no"}', "Answer: False, or true."])
def test_a_hedged_yes_or_no_is_never_credited(response: str) -> None:
    # both answers stated: neither is taken (a response built to game a yes-or-no gold)
    assert grade(response, "Yes").status != "correct" and grade(response, "No").status != "correct"
    assert grade(response, "True").status != "correct" and grade(response, "False").status != "correct"


def test_a_no_that_repeats_its_own_answer_is_still_no() -> None:
    assert extract_answer("Answer: No, there is no such function.").texts == ("No",)


@pytest.mark.parametrize(
    "response", ["<answer>1</answer><answer>2</answer>", "<answer>1</answer>\n<answer>2", "<answer>" + "1 + 0 " * 500 + "</answer><answer>2</answer>"]
)  # fmt: skip
def test_answer_tags_with_different_contents_are_several_answers(response: str) -> None:
    # one tag per answer is the format; two different ones hedge, and are credited only against that set
    assert extract_answer(response).status == "several"
    assert grade(response, "2").status != "correct"


def test_the_same_answer_in_two_tags_is_one_answer() -> None:
    assert grade("<answer>2</answer> so <answer>2</answer>", "2").status == "correct"


def test_one_json_object_with_two_different_answers_is_several_answers() -> None:
    assert extract_answer('{"answer": 1, "final_answer": 2}').status == "several"
    assert grade('{"answer": 1, "final_answer": 2}', "2").status != "correct"
    assert extract_answer('{"answer": 6, "Final Answer": "6"}').texts == ("6",)
    # an earlier object in the prose is a draft: only the object that ends the response counts
    assert extract_answer('First guess {"answer": 5}. Then:\n{"reasoning": "r", "answer": 6}').texts == ("6",)


@pytest.mark.parametrize(
    ("response", "status", "answer"),
    [("So x cannot be $5$.", "none", None), ("The value might be $5$.", "none", None), ("It could be $5$.", "none", None),
     ("So x may not be $5$.", "none", None), ("The number is not 10, which is $12$.", "answer", "12"),
     ("Since x is not negative, the answer is $5$.", "answer", "5"),
     ("所以答案不是$5$。", "none", None), ("所以最小值可能是$5$。", "none", None), ("所以最小值约为$2$。", "none", None),
     ("【答案】不是$5$", "answer", "不是$5$"),  # read as written after a phrase: refused, never 5
     ("因为$x>0$，所以最小值为$2$。", "answer", "2"), ("所以不等式的解集为$(1,2)$。", "answer", "(1,2)"),
     ("故答案为：$5$。", "answer", "5"), ("答案应为$3$。", "answer", "3"),
     ("【答案】\n代入上述公式，得到$nS_n$的最小值为$\\frac{250000}{81}$。", "answer", "\\frac{250000}{81}")],
)  # fmt: skip
def test_a_denial_before_the_copula_and_the_copulas_of_chinese(response: str, status: str, answer: str | None) -> None:
    # GAOKAO-Bench's gpt-4 answers state their result after 为 (is); "x cannot be 5" must never credit 5
    found = extract_answer(response)
    assert found.status == status, found
    if answer is not None:
        assert found.texts == (answer,), found


@pytest.mark.parametrize(
    ("reference", "response", "status"),
    [("2, 3", "The solutions are $x=2$ and $x=3$.", "equal"), ("2, 3, 4", "The roots are $2$, $3$ and $4$.", "equal"),
     ("2, 5", "The solutions are $x=2$ and $x=3$.", "different"),
     ("2", "So x is $2$ or $3$.", "different"),  # a hedge between two values is several answers, never credited
     ("2", "Thus $x$ is $2$ because $y=3$.", "no_answer")],
)  # fmt: skip
def test_math_spans_joined_after_the_last_copula_are_a_list(reference: str, response: str, status: str) -> None:
    assert equivalent_answers(reference, response, timeout=20).status == status


@pytest.mark.parametrize(
    "response",
    [r"\boxed{(B) 5 is wrong}", r"\boxed{(B) is 5}", r"\boxed{(B) 6. The answer is 5}", "So x cannot be $5$.",
     "So $x$ might very well be $5$.", "So $x$ could, in principle, be $5$.", "So x doesn't equal $5$.",
     "So $x = 5$ (rejected).", "所以x不会是$5$。", "所以x可能会是$5$。", "所以x绝非$5$。", "故答案不为：$5$。",
     "故x为$5$（舍去）。", "所以x为$5$，不合题意。", "x is $6$ or is $5$.", "所以x是$6$或是$5$。", "所以x不是$6$就是$5$。",
     "所以x要么是$6$要么是$5$。", "所以x是$6$，也可以是$5$。",
     "A common mistake is to think the correct answer is $5$. We get $6$.",
     "Many think the correct answer is $5$, but we get $6$.", "The correct answer is (A) 5. Or maybe (B) 6.",
     "The answer is 5. Or maybe 6.", "Answer: 5 is wrong", "Answer: 5 is incorrect.", "Answer: 5 is a guess.",
     "x = 5 is extraneous.", "答案：5是错的"],
)  # fmt: skip
def test_denials_alternatives_and_beliefs_never_credit_the_value_they_name(response: str) -> None:
    # found by an adversarial review of this stop's readings: each named 5 without stating it, and was credited
    assert grade(response, "5").status != "correct", response


@pytest.mark.parametrize(
    ("response", "status"),
    [  # Qwen2.5-Math-7B-Instruct on MATH (its eval_rm_maj_example, problem 95): a second method after the box
     ("Thus the count is $\\boxed{10}$.\n\nAlternatively, every multiple of 6 is a multiple of 3, so the count is "
      "the number of numbers in Marie's list, which is 10.", "correct"),
     ("The answer is $10$. Alternatively, by symmetry, the answer is $10$.", "correct"),
     ("$\\boxed{10}$ Wait, let me check: $4 + 6 = 10$. Yes, the answer is $10$.", "correct"),
     # the follower ends on another value, on none, on a hedge, or restates it in other words: no answer
     ("$\\boxed{10}$. Alternatively, the count is $12$.", "no answer"),
     ("$\\boxed{10}$. Alternatively, it could be 12.", "no answer"),
     ("$\\boxed{10}$. Or maybe 10.", "no answer"),
     ("$\\boxed{10}$. Alternatively, we could count the pairs directly.", "no answer"),
     ("$\\boxed{10}$ is wrong. So the answer is $\\boxed{10}$ is wrong.", "no answer"),
     ("$\\boxed{\\frac{1}{2}}$. Alternatively, we get $0.5$.", "no answer"),
     # an adversarial review: a follower that judges, doubts or supposes confirms nothing, whatever it ends on
     ("$\\boxed{10}$. Wait, that's wrong. Let me redo: the first part is 10.", "no answer"),
     ("The answer is $10$. Wait, no. The number of ordered pairs is $10$.", "no answer"),
     ("$\\boxed{10}$. Wait, I should double check whether the answer is 10.", "no answer"),
     ("$\\boxed{10}$. Alternatively, if the die were fair the answer would be $10$.", "no answer")],
)  # fmt: skip
def test_an_alternative_that_restates_the_answer_keeps_it(response: str, status: str) -> None:
    # the follower is read once by the same policy; only the same answer, written the same way, confirms it
    assert grade(response, "10" if "frac" not in response else "1/2").status == status, response


@pytest.mark.parametrize(
    "response",
    ["So the minimum value that $f$ may take is $5$.", "Thus the number of ways he could choose is $5$.",
     "So the smallest value it could be is $5$.", "So the number of students who did not pass is $5$.",
     "Hence the most cookies she can't eat is $5$.", "So the largest $n$ for which this might fail is $5$.",
     "Therefore, if I am not mistaken, the answer is $5$.", "one might think the answer is 4, but actually it is 5.",
     "所以最小值为$5$。", "We claim that the answer is $5$.",
     "I think the answer is $5$."],  # the writer's own claim states it (Omni-MATH's proofs open so)
)  # fmt: skip
def test_a_modal_with_its_own_verb_is_no_doubt_of_the_answer(response: str) -> None:
    assert grade(response, "5").status == "correct", response


@pytest.mark.parametrize(
    ("response", "gold"),
    [("Answer: $5$ is incorrect.", "5"), ("Answer: $5$ (incorrect)", "5"), ("<answer>$5$ is wrong</answer>", "5"),
     ("So $5$ is incorrect.", "5"), ("Hence $x=5$ is extraneous.", "5"), ("We reject $x = 5$.", "5"),
     ("Excluding $5$.", "5"), ("The answer is at least $5$.", "5"), ("So x is less than $5$.", "5"),
     ("The answer is twice $5$.", "5"), ("The answer is anything but $5$.", "5"),
     ("Die Antwort ist nicht $5$.", "5"), ("La respuesta no es $5$.", "5"), ("La réponse n'est pas $5$.", "5"),
     ("Ответ: не $5$.", "5"), ("答えは$5$ではありません。", "5"), ("정답은 $5$이 아닙니다.", "5"),
     ("Die Antwort ist $5$ oder $6$.", "5"), ("Ответ: $5$ или $6$.", "5"),
     ("\\boxed{5} is wrong.", "5"), ("\\boxed{5} (not the final answer)", "5"), ("$\\boxed{5}$ ❌", "5"),
     ("The answer is \\boxed{5}. Hmm, no, that's not right.", "5"), ("\\boxed{5}\n\nWait, actually it should be 6.", "5"),
     ("\\boxed{5}. Correction: $6$.", "5"), ("Final answer: 5. Actually, scratch that: 6.", "5"),
     ("The answer is $5$. No wait, $6$.", "5"), ("答案是$5$。不对，应该是$6$。", "5"),
     ("\\boxed{(C) is wrong}", "\\text{(C)}"), ("The answer is (C) is not correct.", "\\text{(C)}"),
     ("\\boxed{(C) or D}", "\\text{(C)}")],
)  # fmt: skip
def test_what_a_second_review_found_is_never_credited(response: str, gold: str) -> None:
    # each named the gold without committing to it (a judgement, a bound, a denial in another language, a retraction)
    assert grade(response, gold).status != "correct", response


@pytest.mark.parametrize(
    ("response", "gold"),
    [("$\\boxed{\\textbf{(C)}\\ 7}$", "\\text{(C)}"), ("$\\boxed{\\textbf{(C) }7}$", "\\text{(C)}"),  # AMC solutions
     ("\\boxed{\\mathbf{5}}", "5"), ("**Final Answer**\n5", "5"), ("**Final Answer:**\n\n$5$", "5"),
     ("The final answer is $\\boxed{5}$. I hope it is correct.", "5"), ("The answer is $5$, since $x=2$.", "5"),
     ("Therefore, the answer is: 5", "5"), ("Die Antwort ist $5$.", "5"), ("Ответ: $5$.", "5"),
     ("<think>5 or 6?</Think>\\boxed{6}", "6"), ("(B) no", "no")],
)  # fmt: skip
def test_common_correct_formats_are_credited(response: str, gold: str) -> None:
    assert grade(response, gold).status == "correct", response


@pytest.mark.parametrize(
    "response",
    ["The answer is 3. But the answer could also be 4.", "So the answer is 3. I think it is 4.",
     "The answer is \\boxed{3}. It could also be 4.", "\\boxed{3}\n\nIt might also be $4$.",
     "The final answer is 3. Though it may be 4.", "\\boxed{3}. Another possible answer is 4.",
     "Final answer: 3. Another answer: 4", "The answer is 3. Answer could be 4 as well.",
     "The answer is \\boxed{3} (or 4).", "$\\boxed{3}$ (or $4$ if $n$ is even)", "\\boxed{3} [or 4]", "\\boxed{3} — or 4"],
)  # fmt: skip
def test_another_value_offered_after_the_answer_is_no_single_answer(response: str) -> None:
    # a hedge in a later sentence: crediting 3 would reward a response that never commits to it
    assert grade(response, "3").status == "no answer", response


_TAKEN_BACK = [" isn't correct.", " (wrong)", " [wrong]", " Never mind, it is 4.", ". That is wrong.",
               " Just kidding, 4.", " I take that back.", "\n\n**Correction**: 4.", " I don't know.",
               " Das ist falsch.", " C'est faux.", " Это неверно.", " Wait, actually it should be 4.", ", wait, it's 4.",
               "; actually it is 4.", " -- actually 4.", " (actually 4)"]  # fmt: skip


@pytest.mark.parametrize("response", [f"\\boxed{{3}}{after}" for after in _TAKEN_BACK] +
                         ["\\boxed{3} (or \\boxed{4})", "\\boxed{3} or perhaps \\boxed{4}", "\\boxed{3}, maybe \\boxed{4}",
                          "\\boxed{3} OR \\boxed{4}", "\\boxed{3} 或 \\boxed{4}", "\\boxed{3} \\lor \\boxed{4}"])  # fmt: skip
def test_what_a_fourth_review_found_is_never_credited(response: str) -> None:
    # retractions right after the box (no sentence between), more words that take an answer back or judge it, and
    # hedges between two boxes (several answers): each was credited as 3 (or 4, the last box)
    assert not grade(response, "3").correct and not grade(response, "4").correct, response


@pytest.mark.parametrize("response", ["\\boxed{3}. No other value works.", "\\boxed{3}\n\nNo. of ways is 3.",
                                      "\\boxed{3} is correct.", "\\boxed{3} (in cm)", "$\\boxed{3}$ and $\\boxed{3}$"])
def test_words_after_a_box_that_take_nothing_back_keep_it(response: str) -> None:
    assert grade(response, "3").correct, response



@pytest.mark.parametrize(
    ("response", "gold"),
    [("So the answer is 3. I think it is 3.", "3"), ("\\boxed{3}. It could also be written as $\\frac{6}{2}$.", "3"),
     ("\\boxed{3}. The answer can be checked by substituting 3.", "3"), ("\\boxed{3}. It can be shown that 3 is minimal.", "3"),
     ("\\boxed{3}. You might have also simplified $\\frac{6}{2}$ first.", "3")],
)  # fmt: skip
def test_prose_after_the_answer_that_offers_no_other_value_keeps_it(response: str, gold: str) -> None:
    assert grade(response, gold).status == "correct", response


@pytest.mark.parametrize(
    "response",
    [  # the last words of Llama-3.1-8B-Instruct's responses cut off by the harness's token limit (PRIME's outputs)
     "## Step 27:  Now that we have the value of $PB$, we can find the area. We have $PB = \\frac{14}{\\sqrt{3}}$ "
     "and $BC =",
     "## Step 23:  We test the next possible value, which is $23$. If $\\lfloor x\\rfloor=23$, then we have $x\\cdot",
     "We count them one by one: 1357, 1358, 1359, 1360, 1361, 1362, 1363, 1364,",
     "Simplifying the expression, we get the value $\\frac{2 \\cdot 5",
     "Setting the derivative to zero, we find where $f'(x",
     "Then the ratio is (100/99)^2 × 1.216 ×",
     "The distance is \\left( \\frac{5a}{2G} \\right) \\left(\\frac{1}{2}"],
)  # fmt: skip
def test_a_response_cut_off_inside_an_expression_states_no_answer(response: str) -> None:
    found = extract_answer("We work step by step.\n\n" + response)
    assert found.status == "none" and "cut off" in found.rule, found


@pytest.mark.parametrize(
    ("response", "answer"),
    [("So the interval is $[2,3)$", "[2,3)"), ("So the solution set is $(-\\infty, 1]$", "(-\\infty, 1]"),
     ("Hence the pairs are $\\left\\{1\\right\\} \\leftrightarrow 6$", "\\left\\{1\\right\\} \\leftrightarrow 6"),
     ("Thus the set is $\\{x \\mid x > 2\\}$", "\\{x \\mid x > 2\\}"), ("Therefore $x = -5$", "x = -5")],
)  # fmt: skip
def test_a_finished_last_sentence_is_no_fragment(response: str, answer: str) -> None:
    # half-open intervals pair ( with ], \leftrightarrow is no \left, a closing minus sign is no dangling operator
    found = extract_answer("We work step by step, and the steps are long.\n\n" + response)
    assert found.status == "answer" and found.texts == (answer,), found


@pytest.mark.parametrize(
    ("response", "answer"),
    [  # Sky-T1's format (NovaSky-AI/SkyThought's saved MATH-500 outputs): the thought, then the solution
     ("<|begin_of_thought|>\n\nSo maybe 7.\n\n<|end_of_thought|>\n\n<|begin_of_solution|>\n\nThus,\n\n$$\\tan A = 2$$"
      "\n\n<|end_of_solution|>", "\\tan A = 2"),
     ("<|begin_of_thought|>x<|end_of_thought|><|begin_of_solution|>$\\boxed{4}$<|end_of_solution|> then $\\boxed{9}$",
      "4"),
     # its closing verdicts on its own work hold no answer: the sentence before them does
     ("Work.\n\nSo, the result is 23.\n\nI think that's the answer.", "23"),
     ("Work.\n\nSo, yes, the answer should be 210.\n\nI think that's it.", "210"),
     ("Profit: $93 - $15 = $78.\n\nEverything seems to add up correctly. I think that's the right answer.", "$78"),
     ("Work.\n\nSo $x=3$.\n\nYes, that checks out. I'm confident with this answer.", "x=3"),
     # a word that confirms the value between the copula and it
     ("Work.\n\nTherefore, the GCF is indeed 12.", "12"), ("Work.\n\nThus the sum is exactly 12.", "12"),
     ("Work.\n\nTherefore, x is equal to 5.", "5"),
     # markdown bold or italic closing the last sentence is no dangling operator
     ("Thus, the number of ways is **12**", "12"), ("So the total is *12*", "12"),
     ("Work.\n\nTherefore, the daily caloric requirement is 2000 calories.", "2000 \\text{calories}"),
     # a unit after a number in a sentence without math is the unit (gemma-2-27b-it on Minerva: '= 2.78 m ≈ **2.78 m**')
     ("Work.\n\nThus the wavelength is 2.78 m.", "2.78 \\text{m}"), ("Work.\n\nSo the area is 2 xy.", "2 xy"),
     # a confident statement that the value is the answer (Sky-T1 on MATH-500: "so I'm confident that 44 is the
     # correct answer.", "I think $1250 is the right answer.")
     ("Work.\n\nThis matches my earlier result, so I'm confident that 44 is the correct answer.", "44"),
     ("Work.\n\nI think $1250 is the right answer.", "$1250"), ("Work.\n\nThus 44 is the final answer.", "44"),
     ("Work.\n\nSo, n = 15.\n\nSo, I'm confident that's the correct answer.", "15")],
)  # fmt: skip
def test_reasoning_models_conclusions_are_read(response: str, answer: str) -> None:
    found = extract_answer(response)
    assert found.status == "answer" and found.texts == (answer,), found


@pytest.mark.parametrize(
    "response",
    ["<|begin_of_thought|>\n\nSo the answer is $\\boxed{5}$ and then I write the solution",  # never closed
     "Work.\n\nSo x = 5.\n\nI think so, but it could be 7.",  # a closer with a number is no closer
     "Work.\n\nSo x is just about 12.", "Work.\n\nSo x is indeed not 12.", "Work.\n\nThat seems right.",
     # an adversarial review: a last sentence that takes the answer back is no closer
     "So $x = 5$. I think that's wrong.", "So $x = 5$. That seems too small.",
     "So the number of pairs is 12. I think I double counted, though.", "So $x = 5$. I am sure there is a mistake.",
     "Work.\n\nSo, I'm not sure that 44 is the answer.", "Work.\n\nI think 44 is wrong.",
     "Work.\n\nI don't think 44 is the answer.",
     # an adversarial review: a question or a supposition is no conclusion
     "The sum is 40. Why do I think 44 is the correct answer?", "Work. Suppose I think 44 is the correct answer.",
     "Work. If n = 3, I think 45 is the correct answer.", "My friend said I think 45 is the right answer.",
     "Work. So 44 is the correct answer?"],
)  # fmt: skip
def test_closers_and_confirming_words_never_invent_an_answer(response: str) -> None:
    found = extract_answer(response)
    assert found.status == "none", found


@pytest.mark.parametrize(
    ("response", "status", "texts"),
    [  # Qwen2.5-Math-7B (the base model) on MATH-500 ends 120 responses repeating "\boxed{}. \boxed{}. ..."
     ("The answer is: \\boxed{}. \\boxed{}. \\boxed{}.", "none", ()), ("So \\boxed{ }", "none", ()),
     ("So \\boxed{3} and \\boxed{}", "answer", ("3",)), ("So \\boxed{3}", "answer", ("3",)),
     # an adversarial review: instructions echoed after the answer
     ("So the answer is \\boxed{5}. Please put your final answer within \\boxed{}.", "answer", ("5",)),
     ("The answer is \\boxed{ }", "none", ())],
)  # fmt: skip
def test_an_empty_box_states_no_answer(response: str, status: str, texts: tuple[str, ...]) -> None:
    found = extract_answer(response)
    assert (found.status, found.texts) == (status, texts), found


def _assert_extracts(response: str, status: str, texts: tuple[str, ...]) -> None:
    """The extraction of a response: its status and the texts it took."""
    found = extract_answer(response)
    assert found.status == status and found.texts == texts, found


@pytest.mark.parametrize(
    ("response", "status", "texts"),
    [  # the header of the response's own turn, as trainers pass it on (SkyRL's aime tests: <|im_start|>Answer: ...)
     ("<|im_start|>Answer: \\boxed{42}<|im_end|>", "answer", ("42",)),
     ("<|im_start|>assistant\nThe answer is \\boxed{42}<|im_end|>", "answer", ("42",)),
     ("<|start_header_id|>assistant<|end_header_id|>\n\nSo \\boxed{7}<|eot_id|>", "answer", ("7",)),
     ("<start_of_turn>model\nSo \\boxed{7}<end_of_turn>", "answer", ("7",)),
     ("<|im_start|>assistant\n<think>maybe \\boxed{5}</think>So \\boxed{6}<|im_end|>", "answer", ("6",)),
     # another turn, at the start or later, is never the response's
     ("<|im_start|>user\nsolve \\boxed{3}<|im_end|>", "none", ()),
     ("So \\boxed{7}<|im_start|>user\nWhat about \\boxed{8}", "answer", ("7",))],
)  # fmt: skip
def test_the_responses_own_turn_header_is_skipped(response: str, status: str, texts: tuple[str, ...]) -> None:
    _assert_extracts(response, status, texts)


@pytest.mark.parametrize(
    ("response", "status", "texts"),
    [  # lighteval's multilingual extraction tests: a Chinese sentence with a copula before its value, a value with
     # a counter word or unit after an =
     ("计划的比例为13/28", "answer", ("13/28",)), (" 地块面积 = 72000 / 18 = 4000千克", "answer", ("4000",)),
     ("所以x等于\\frac{1}{2}", "answer", ("\\frac{1}{2}",)),
     # a text answer without a copula stays text; a word that changes the value is never dropped
     ("分层抽样", "answer", ("分层抽样",))],
)  # fmt: skip
def test_chinese_statements_of_a_value(response: str, status: str, texts: tuple[str, ...]) -> None:
    _assert_extracts(response, status, texts)
    assert equivalent_answers("5", "所以 y = 5万").status == "unknown"  # 万 (ten thousand) is never dropped


@pytest.mark.parametrize(
    ("response", "status", "texts"),
    [  # Phi-3.5-mini in ZeroEval's math-l5 outputs (yuchenlin/ZeroEval@570c626) writes the JSON pair alone at the end
     ("So it takes 15 seconds.\n\nAnswer: \"answer\": \"15\"\n```", "answer", ("15",)),
     ("So m is 5.\n\n\"answer\": \"5\"\n```", "answer", ("5",)),
     ("```json\n{\"reasoning\": \"x\", \"answer\": \"369\"}\n```\n\nFinal answer: `\"answer\": \"369\"`", "answer", ("369",)),
     # the pair inside prose, or with more keys after it, is no answer of its own
     ("blah \"answer\": \"5\" and more prose here.", "none", ()),
     # an answer phrase before a fenced JSON object: the object's answer, even when another question follows;
     # an object cut off before its answer holds none
     ("So, the final answer is:\n\n```json\n{\n  \"reasoning\": \"We used x\",\n  \"answer\": \"108\"\n}\n```\n\n"
      "## Question:\n\nWhat is 2+2?", "answer", ("108",)),
     ("The final answer is:\n\n```json\n{\n \"reasoning\": \"We used the identity $x^3 - y", "none", ()),
     # gemma-2-9b-it closes with an offer of more help after its object: a closer, no prose that says more
     ("```json\n{\"reasoning\": \"x\",\n \"answer\": \"42\"\n}\n``` \n\n\nLet me know if you'd like me to work "
      "through the derivative and solution steps in detail!", "answer", ("42",)),
     ("```json\n{\"answer\": \"42\"}\n```\n\nActually the answer is 43.", "answer", ("43",)),
     ("```json\n{\"reasoning\": \"x\",\n \"answer\": \" \"\n}\n``` \n\nLet me know if you'd like the steps!", "none", ()),
     ("```json\n{\n    \"reasoning\": \"___\",\n    \"answer\": \"___\"\n}\n```", "none", ())],
)  # fmt: skip
def test_a_json_answer_pair_without_its_braces(response: str, status: str, texts: tuple[str, ...]) -> None:
    _assert_extracts(response, status, texts)


@pytest.mark.parametrize(
    ("response", "status", "texts"),
    [  # ZeroEval's GSM8K golds are written '# 18' (yuchenlin/ZeroEval@570c626 result_dirs/gsm/*.json)
     ("# 18", "answer", ("18",)), ("# 3,000", "answer", ("3,000",)),
     # a heading in words, or a heading with lines after it, is no answer of its own
     ("# Solution", "answer", ("# Solution",)), ("# 18\n\nmore", "none", ()), ("## 3 ways", "answer", ("## 3 ways",)),
     # Phi-3.5's answer phrase before a backticked JSON pair (the same outputs)
     ("Work.\n\nThe final answer is: `\"answer\": \"294\"`\n\nLloyd makes $294 on eggs per week.", "answer", ("294",))],
)  # fmt: skip
def test_a_gold_written_after_hashes(response: str, status: str, texts: tuple[str, ...]) -> None:
    _assert_extracts(response, status, texts)
    if status == "answer" and texts[0][0].isdigit():
        assert equivalent_answers(response, texts[0].replace(",", "")).status == "equal"


@pytest.mark.parametrize(
    "response",
    [  # a second adversarial review: a JSON answer with more said after it, or a pair that does not stand alone
     "The final answer is: `\"answer\": \"15\"` wait no, it is 9",
     "The final answer is `\"answer\": \"15\"` -- no, 10", "The final answer is `\"answer\": \"15\"` or maybe 10",
     "The final answer is:\n```json\n{\"answer\": \"15\"}\n```\nBut if we count the endpoints, we get 10.",
     "{\"answer\": \"15\"}\nLet me know if you would like me to correct it to 10",
     "{\"answer\": \"15\"} I hope this is correct, but it might be 10.", "{\"answer\": \"15\"}\nI hope not",
     "The answer is not `\"answer\": \"15\"`", "Return your answer as \"answer\": \"15\"",
     "If the answer were 15, you would write \"answer\": \"15\"", "My answer is:\n```json\n{\"answer\": \"15\""],
)  # fmt: skip
def test_a_json_answer_that_more_words_take_back_is_not_credited(response: str) -> None:
    assert grade(response, "15").status != "correct", response


@pytest.mark.parametrize(
    "response, status, texts",
    [  # Omni-MATH's saved responses (KbsdJames/omni-math-rule@7c5fe7d, evaluation/data/math): a boxed yes or no with
     # its reason is the word, as after a marker
     (r"it's impossible to represent 1986 as the sum of six odd squares. \boxed{\text{No, it is not possible}}",
      "answer", ("No",)),
     (r"\boxed{\text{Yes, it is possible}}", "answer", ("Yes",)), (r"\boxed{No, because 3 is odd}", "answer", ("No, because 3 is odd",)),  # no negation that agrees: as written
     (r"\boxed{\text{No, it is possible}}", "answer", (r"\text{No, it is possible}",)),
     (r"The answer is $\boxed{\text{Yes, probably not}}$.", "answer", (r"\text{Yes, probably not}",)),
     (r"So there are $\boxed{24}$ permutations.", "answer", ("24",)),  # a count the words describe
     (r"The answer is $\boxed{(2,3,3)}$ (and permutations).", "none", ()),
     ("$8$. Is it $7$? Do you have any other questions?", "none", ()),
     (r"\boxed{\text{No}}", "answer", ("No",)), (r"\boxed{\text{Yes, no}}", "answer", (r"\text{Yes, no}",)),
     # Bard's closing offers in MathVista's saved outputs (lupantech/MathVista@ed0d56d, results/bard): they state nothing
     ("So the answer is 3.\n\nIs there anything else I can help you with?", "answer", ("3",)),
     ("So the answer is 3.\n\nDo you have other questions for me?", "answer", ("3",)),
     ("The perimeter is 4 m + 4 m + 4 m + 4 m = **16 m**.\n\nIs there anything else I can help you with?", "answer",
      ("16 \\text{m}",)),
     ("So the area is 12.\n\nIs there anything else wrong with 14?", "none", ()),  # a question, no closer
     # the second review: hedges and retractions inside the box, an abbreviation, closers with more in them, words
     # after a box or a stated answer that add to it
     (r"\boxed{\text{Yes. Wait, actually it is impossible}}", "answer", (r"\text{Yes. Wait, actually it is impossible}",)),
     (r"\boxed{\text{Yes, or maybe not}}", "answer", (r"\text{Yes, or maybe not}",)),
     (r"\boxed{No. of ways = 12}", "answer", ("No. of ways = 12",)),
     ("So $x = 5$. Is there anything else you would like me to recheck, since x = seven seems right too?", "none", ()),
     (r"\boxed{(2, 3, 3)} and its permutations.", "none", ()), (r"Final answer: $(2,3,3)$ up to permutation", "none", ()),
     (r"The answer is $(2, 3, 3)$ and its permutations.", "none", ()),
     (r"So we get $x = 5$, and no rotations are needed.", "answer", ("x = 5",))],
)  # fmt: skip
def test_a_boxed_yes_or_no_with_its_reason_and_chat_closers(response: str, status: str, texts: tuple[str, ...]) -> None:
    _assert_extracts(response, status, texts)


@pytest.mark.parametrize(
    ("response", "gold", "correct"),
    [("$-\\boxed{3}$", "3", False), ("$-\\boxed{3}$", "-3", True), ("$x = -\\boxed{3}$", "-3", True),
     ("$\\boxed{3}\\pi$", "3", False), ("$\\boxed{3}\\pi$", "3\\pi", True),
     ("$\\boxed{3} \\times 10^{5}$", "300000", True), ("$\\frac{1}{\\boxed{3}}$", "\\frac13", True),
     ("$x \\neq \\boxed{3}$", "3", False), ("$\\boxed{3}!$", "6", True),
     ("The answer is not \\boxed{3}.", "3", False), ("Is the answer \\boxed{3}?", "3", False),
     # the box holds the answer in MATH's own solutions, whatever surrounds it
     ("$r = x - 1 = \\boxed{10}\\%$.", "10", True), ("$24 \\equiv \\boxed{3} \\pmod{7}$", "3", True),
     ("$\\lambda \\in \\boxed{(3,4]}.$", "(3,4]", True), ("$36 - 7 - 2 - 10 = \\boxed{17} = x$", "17", True),
     ("$\\$24,\\!000 \\cdot 1.01^{30} \\approx \\boxed{\\$32,\\!348}$", "\\$32,\\!348", True),
     ("$\\boxed{30}^\\circ$", "30", True), ("$\\boxed{3}\\text{ cm}$", "3", True),
     # the third review: a factor, a sum, a function or a bracket around the box, and characters that continue it
     ("$2\\boxed{3}$", "3", False), ("$2 \\cdot \\boxed{3}$", "6", True), ("$\\boxed{3} + 1$", "3", False),
     ("$1 + \\boxed{3}$", "4", True), ("$(\\boxed{3})^2$", "3", False), ("$\\sqrt{\\boxed{3}}$", "3", False),
     ("$f(\\boxed{3})$", "3", False), ("$\\boxed{3} \\over 2$", "3", False), ("\\boxed{3}4", "3", False),
     ("\\boxed{3}.5", "3", False), ("\\boxed{3}e2", "3", False), ("−\\boxed{3}", "3", False),
     ("$-$\\boxed{3}", "3", False), ("\\boxed{3}\\text{?}", "3", False), ("\\boxed{3} (?)", "3", False),
     ("\\boxed{\\text{Evelyn}}?", "\\text{Evelyn}", False), ("\\boxed{5}\\framebox{6}", "5", False),
     ("\\boxed{5}\\colorbox{yellow}{6}", "5", False), ("\\boxed{5}\\boxed6", "5", False),
     ("The answer is \\boxed{3}.", "3", True), ("\\boxed{946} million dollars", "946", True),
     ("$\\left(\\boxed{3}\\right)$", "3", True), ("\\fbox{6}", "6", True)],
)  # fmt: skip
def test_math_around_the_last_box_that_changes_its_value_is_read(response: str, gold: str, correct: bool) -> None:
    # an adversarial review: -\boxed{3}, \boxed{3}\pi and x \neq \boxed{3} were credited as 3
    assert grade(response, gold).correct is correct, response


@pytest.mark.parametrize(
    "response",
    ["<answer>3</answer> is wrong.", "<answer>3</answer>\n\nActually, 4.",
     "Answer: ~~3~~", "Answer: 3?", "The answer is $3$ thousand.", "The answer is $3$ squared.",
     "The answer is $3$ divided by $2$.", "The answer is $3$ at most.", "The answer is unlikely to be $3$.",
     "The answer is $3$ to $5$."],
)  # fmt: skip
def test_an_answer_tag_or_phrase_taken_back_or_changed_is_never_credited(response: str) -> None:
    # the adversarial review: each was credited as 3
    assert not grade(response, "3").correct, response


@pytest.mark.parametrize(
    "response",
    ["<answer>3</answer>", "<answer>3</answer> I hope it is correct.", "<answer>3</answer>\n\nWait, let me check: yes, "
     "the answer is 3.", "The answer is $3$ to the nearest integer.", "The answer is $3$ cm.", "The answer is: 3"],
)  # fmt: skip
def test_an_answer_tag_or_phrase_with_harmless_words_after_it_is_credited(response: str) -> None:
    assert grade(response, "3").correct, response


@pytest.mark.parametrize(
    ("response", "gold", "correct"),
    [("\\boxed{3} \\phantom{\\boxed{4}}", "4", False), ("\\boxed{3} \\phantom{\\boxed{4}}", "3", True),
     ("\\boxed{3} {\\color{white} \\boxed{4}}", "4", False), ("\\boxed{3} \\textcolor{white}{\\boxed{4}}", "4", False),
     ("~~\\boxed{4}~~ \\boxed{3}", "3", True), ("~~\\boxed{3}~~", "3", False), ("\\iffalse \\boxed{3} \\fi", "3", False),
     ("<!-- \\boxed{3} --> I could not solve it.", "3", False), ("<del>\\boxed{3}</del> I do not know.", "3", False),
     ("\\begin{comment}\\boxed{3}\\end{comment}\nNo idea.", "3", False), ("{\\color{red} \\boxed{3}}", "3", True),
     # the fourth review: other spellings of white, a box drawn in white, \xout, \color{white} at the top level
     ("\\boxed{3} \\fcolorbox{white}{white}{\\boxed{4}}", "4", False), ("\\boxed{3} \\color{white}\\boxed{4}", "4", False),
     ("\\boxed{3} \\textcolor{White}{\\boxed{4}}", "4", False), ("\\boxed{3} {\\color{#FFFFFF} \\boxed{4}}", "4", False),
     ("\\boxed{3} \\xout{\\boxed{4}}", "3", True),
     # a third review: a colour model's white, a colour at 0%, a scale too small to read, a box resized to nothing, a
     # value cancelled to another, \if0, HTML text of size 0 or transparent rgba
     ("\\boxed{3} \\textcolor[HTML]{FFFFFF}{\\boxed{4}}", "4", False), ("\\boxed{3} \\textcolor[rgb]{1,1,1}{\\boxed{4}}", "4", False),
     ("\\boxed{3} \\textcolor[RGB]{255,255,255}{\\boxed{4}}", "4", False), ("\\boxed{3} {\\color{black!0} \\boxed{4}}", "4", False),
     ("\\boxed{3} \\scalebox{0.001}{\\boxed{4}}", "4", False), ("\\boxed{3} \\resizebox{0pt}{0pt}{\\boxed{4}}", "4", False),
     ("\\boxed{3} $\\cancelto{3}{\\boxed{4}}$", "4", False), ("\\boxed{3} \\if0 \\boxed{4} \\fi", "4", False),
     ("\\boxed{3} <span style=\"font-size:0\">\\boxed{4}</span>", "4", False),
     ("\\boxed{3} <span style=\"color: rgba(0,0,0,0)\">\\boxed{4}</span>", "4", False),
     ("The answer is \\scalebox{0.8}{\\boxed{3}}.", "3", True), ("\\boxed{3} \\textcolor[HTML]{FF0000}{\\boxed{4}}", "4", True),
     # HTML's <s> strikes out within its line; a model's start and end tokens around the reply, or between a
     # runaway's lines, strike nothing (and the end token is no sarcasm mark, /s)
     ("The answer is \\boxed{3} <s>\\boxed{4}</s>", "4", False), ("The answer is \\boxed{3} <s>\\boxed{4}</s>", "3", True),
     ("The answer is <s>\\boxed{4}</s> \\boxed{3}", "3", True), ("<s> The answer is \\boxed{4}</s>", "4", True),
     ("<s>\\boxed{4}</s>", "4", True), ("The answer is \\boxed{4}</s>\n<s> Question: ... \\boxed{9}</s>", "4", True),
     ("The answer is \\boxed{3} /s", "3", False)],
)  # fmt: skip
def test_a_box_a_reader_cannot_see_is_no_answer(response: str, gold: str, correct: bool) -> None:
    # a response built to game the grader: what it shows and what a careless grader reads must not differ
    assert grade(response, gold).correct is correct, response


@pytest.mark.parametrize(
    ("response", "gold"),
    [("The probability is $\\boxed{\\frac{1}{2}}$ (or $0.5$).", "\\frac12"), ("The answer is: <b>\\boxed{12}</b>", "12"),
     ("<strong>Answer:</strong> \\boxed{12}", "12"), ("**Final Answer**\n\n- \\boxed{5}", "5"), ("Answer:- \\boxed{7}", "7"),
     ("Each row has $\\boxed{3} \\times 4 = 12$ seats.", "3"), ("$\\boxed{5}! = 120$", "5"),
     ("So the answer is $\\boxed{12}$. It might be a good idea to double-check: $3 \\times 4 = 12$.", "12"),
     ("So the answer is $\\boxed{12}$.\n\nThe result can be a bit surprising at first.", "12"),
     ("So $\\boxed{5}$.\n\nInstead, one could use complementary counting.", "5"),
     ("So $\\boxed{5}$.\n\nDoes any other value work? No.", "5"),
     ("So $\\boxed{5}$.\n\nI don't know if there is a simpler way, but this works.", "5"),
     ("So $\\boxed{5}$. Never mind the extra condition; it holds.", "5"),
     ("$\\boxed{\\text{No}}$, since the claim is false for $n = 2$.", "No"), ("$\\boxed{B}$ (False).", "B"),
     ("<answer>12</answer>\nThis is false for $n<3$, but here $n=5$.", "12"), ("<answer>\\frac{1}{2}</answer> (or 0.5)", "\\frac12"),
     ("<s> The answer is $\\boxed{5}$.", "5"), ("<s>[INST] Solve. [/INST] So $\\boxed{5}$ </s>", "5"),
     ("The answer is $3.14$ to 2 decimal places.", "3.14"), ("$\\boxed{30}^o$", "30"), ("$\\boxed{36}(\\text{square units})$", "36"),
     ("$y = \\boxed{2}x + 1$", "2"), ("The smallest such $n$ is \\boxed{5}. Is it possible to get fewer than \\boxed{5}?", "5")],
)  # fmt: skip
def test_what_a_review_of_the_fourth_reviews_fixes_found_is_still_credited(response: str, gold: str) -> None:
    # a second review of those fixes: each of these ordinary responses had stopped being credited
    assert grade(response, gold).correct, response


@pytest.mark.parametrize(
    ("response", "gold"),
    [("Final Answer - \\boxed{12}", "-12"), ("Each row has $\\boxed{3} \\times 4 = 12$ seats.", "12"),
     ("The answer is $\\boxed{2}$, or maybe $\\boxed{3}$.", "2, 3"), ("\\boxed{3}, maybe \\boxed{4}", "4")],
)  # fmt: skip
def test_what_a_review_of_the_fourth_reviews_fixes_found_is_not_credited(response: str, gold: str) -> None:
    # a dash is a bullet as often as a sign; a box in an equation is the term marked; a hedge is no list
    assert not grade(response, gold).correct, response


@pytest.mark.parametrize(("response", "correct"), [("Is it $\\boxed{5}$?", False), ("The answer is not $\\boxed{5}$.", False),
                                                  ("Thus $x = \\boxed{5}$.", True), ("at least $\\boxed{5}$", True),
                                                  ("Zach can have at most $\\boxed{5}$ pencils left over.", True),
                                                  ("We need at least \\boxed{5} colors.", True)])
def test_a_denial_or_question_around_a_boxs_math_is_read_as_around_the_box(response: str, correct: bool) -> None:
    # the second review: 'not \boxed{5}' and 'not $\boxed{5}$' were read differently; 'at most' and 'at least' state
    # the answer of a maximum or a minimum (MATH-500's worked solution 141: at most $\boxed{2}$ pencils)
    assert grade(response, "5").correct is correct, response


@pytest.mark.parametrize(
    ("response", "correct"),
    [("Some people say the answer is $3$.", False), ("Many think the answer is $3$.", False), ("Suppose $x = 3$.", False),
     ("If the answer were $3$, we would be done.", False), ("Assume that $x=3$.", False),
     ("We get $x = 3$.", True), ("If we add them, we get $3$.", True), ("So $x$ must be $3$.", True),
     ("We claim that $x = 3$.", True), ("Therefore, the answer would be $3$.", True)],
)  # fmt: skip
def test_a_final_sentence_that_supposes_its_value_states_none(response: str, correct: bool) -> None:
    # the adversarial review: a response ending in a supposition or someone else's belief was credited
    assert grade(response, "3").correct is correct, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The probability is $\\boxed{\\frac{1}{2}}$ (or $0.5$).", "\\frac12", "correct"),
     ("\\boxed{3} (or equivalently 3.0)", "3", "correct"), ("<answer>\\frac{1}{2}</answer> (or 0.5)", "\\frac12", "correct"),
     ("The answer is $\\frac12$, or equivalently $0.5$.", "\\frac12", "correct"),
     ("Final answer: $\\frac12$ (or $0.5$)", "0.5", "correct"), ("\\boxed{\\frac12} (or 50%)", "50\\%", "correct"),
     ("The answer is \\boxed{3} (or 4).", "3", "no answer"), ("\\boxed{3} (or equivalently 4)", "3", "no answer"),
     ("\\boxed{3} [or 4]", "4", "no answer"), ("The answer is $3$ (or $4$).", "3", "no answer"),
     ("<answer>3</answer> (or 4)", "3", "no answer"), ("\\boxed{\\frac12} (or $0.7$).", "0.7", "no answer"),
     ("\\boxed{\\frac12} (or $x^{$).", "\\frac12", "unknown")],
)  # fmt: skip
def test_an_answer_written_again_after_or_is_credited_only_when_both_forms_are_the_gold(
    response: str, gold: str, status: str
) -> None:
    # \boxed{3} (or 4) was credited as 3 (the parenthesis read as a restatement); a restatement in another form is
    # credited when that form is the gold too, never when it offers another value
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "status"),
    [("<think>" + "Let me think. 2+3=5. " * 7500 + "</think>\nSo the answer is \\boxed{5}.", "correct"),
     ("Wait, maybe 6. " * 12000 + "</think>\\boxed{5}", "correct"), ("<think>" + "hmm 5 " * 40000, "no answer"),
     ("hmm 5 " * 30000 + "\\boxed{5}", "unparsed"), ("<think>" + "a" * 4_000_001 + "</think>\\boxed{5}", "unparsed")],
)  # fmt: skip
def test_a_long_thought_is_skipped_before_the_length_limit_counts(response: str, status: str) -> None:
    # the outside review: R1 and QwQ outputs at a 32k-token budget pass 100,000 characters in their thought alone,
    # and every one was unparsed before its </think> was found
    assert grade(response, "5").status == status


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("\\boxed{3}. Therefore $x = 4$.", "3", "no answer"), ("\\boxed{3}\n\nHence the final result is $4$.", "3", "no answer"),
     ("\\boxed{3} was my first guess; the correct count is 4.", "3", "no answer"),
     ("Intermediate: $\\boxed{3}$. Final: $4$.", "3", "no answer"),
     ("\\boxed{3}\n\nTherefore, the number of ways is 4.", "4", "no answer"),
     ("\\boxed{12}\n\nTherefore, the number of ways is 12.", "12", "correct"),
     ("\\boxed{12}. So $n = 12$.", "12", "correct"),
     ("<answer>3</answer>\n\nThe final answer is \\boxed{4}.", "3", "no answer"),
     ("<answer>3</answer>\n```json\n{\"answer\": 4}\n```", "3", "no answer"),
     ("<answer>3</answer> So the answer is $3$.", "3", "correct"),
     ("\\boxed{3} \\to 4", "3", "no answer"), ("\\boxed{3} \\lor 4", "3", "no answer"), ("\\boxed{3} -> $4$", "3", "no answer"),
     ("\\boxed{3} (also 4)", "3", "no answer"), ("\\boxed{3}（或4）", "3", "no answer"), ("\\boxed{3} oder 4", "3", "no answer"),
     ("\\boxed{3}\\text{ or }4", "3", "no answer"),
     # and what a reader calls the answer still is: a note after it, a check that confirms it
     ("\\boxed{5}\n\nThis is the number of ways to choose 2 items from 4 with one fixed.", "5", "correct"),
     ("So the answer is $\\boxed{5}$.\n\nWait, let me verify: 2 + 3 = 5. Correct.", "5", "correct"),
     ("So the answer is $\\boxed{5}$.\n\nHmm, that seems right.", "5", "correct"),
     ("\\boxed{5}\n\nWait, that's what I had. Good.", "5", "correct"),
     ("**Final Answer**\n\\[\n\\boxed{5}\n\\]\n\nWait, just to be thorough, I'll check again... yes, 5.", "5", "correct"),
     ("\\boxed{5}\n\nWait, recount: 6 items. Correct.", "5", "no answer"), ("\\boxed{5}\n\nWait, yes, 6.", "5", "no answer"),
     ("\\boxed{5}\n\nWait, it is 15. Correct.", "5", "no answer")],
)  # fmt: skip
def test_the_last_word_after_the_last_marker_decides(response: str, gold: str, status: str) -> None:
    # the third adversarial review: a later conclusion, a later marker after an <answer> tag, or a value joined by
    # an arrow or 'or' in another notation was ignored (credited as the box); a check that ends by confirming the
    # answer was refused as a retraction
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    "response",
    ["\\boxed{3}. 4 also works.", "\\boxed{3}. But $4$ is also valid.", "\\boxed{3}\n\nHowever, 4 is also a solution.",
     "\\boxed{3}\n\nThe other root is 4.", "\\boxed{3}. Both 3 and 4 satisfy the conditions.", "Answer: 3. 4.",
     "答案：3。也可能是4。", "\\boxed{3}。不过4也可以。", "La respuesta es 3. También puede ser 4.",
     "Die Antwort ist 3. Vielleicht auch 4.", "La réponse est 3. Peut-être 4.", "Ответ: 3. Может быть, 4.",
     "\\boxed{3} (uncertain)", "\\boxed{3} (guess)", "\\boxed{3}, probably.", "\\boxed{3}\n\nI am not confident in this answer.",
     "\\boxed{3} ou \\boxed{4}", "\\boxed{3} или \\boxed{4}", "\\boxed{3}，或者\\boxed{4}", "\\boxed{3}. Four also works.",
     "\\boxed{3}. The other root is four.", "\\boxed{3}. Otherwise four."],
)  # fmt: skip
def test_a_value_offered_beside_the_answer_in_any_phrasing_is_not_credited(response: str) -> None:
    # the third adversarial review: other values said to work too, in English and the phrase languages, doubts
    # in parentheses, and two boxes joined by another language's 'or'
    assert grade(response, "3").status != "correct", response
    assert grade(response, "4").status != "correct", response


@pytest.mark.parametrize(
    ("response", "gold"),
    [("Therefore, there are $\\boxed{3}$ positive two-digit integers that are factors of both 100 and 150.", "3"),
     ("Answer: 3.\n3", "3"), ("\\boxed{3}\n\n$3$", "3"), ("Answer: No, the series diverges.", "\\text{No}"),
     ("\\boxed{2} and \\boxed{3}", "2, 3"), ("\\boxed{2} und \\boxed{3}", "2, 3")],
)  # fmt: skip
def test_what_the_third_reviews_fixes_still_credit(response: str, gold: str) -> None:
    assert grade(response, gold).status == "correct", response


@pytest.mark.parametrize(
    ("response", "status"),
    [('{"answer": 3, "alternatives": [4]}', "no answer"), ('{"answer": 3, "note": "or 4"}', "no answer"),
     ('{"answer": 3, "answer_alt": 4}', "no answer"), ('{"reasoning": "it is 2 or 3, so 3", "answer": "3"}', "correct"),
     ('{"answer": 3, "work": "2+1"}', "correct")],
)  # fmt: skip
def test_a_json_answer_with_another_offered_beside_it_is_no_answer(response: str, status: str) -> None:
    # the third adversarial review: keys beside the answer offered other values, and the answer was credited
    assert grade(response, "3").status == status, response


@pytest.mark.parametrize(
    ("response", "gold"),
    [("Therefore, the answer is $\\boxed{12}$.\n\nWait, I should double-check: $3 \\cdot 4 = 12$. Good.", "12"),
     ("\\boxed{12}\n\nWait, let me double check. 12 edges for a cube. Correct!", "12"),
     ("\\boxed{12}\n\nHmm, let me make sure: by Euler, E = V + F - 2 = 12. ✓", "12"),
     ("\\boxed{12}\n\nWait — is that right? 3 × 4 = 12. Yes.", "12"),
     ("\\boxed{12}\n\nWait, does the problem ask for edges? Yes, so 12 is right.", "12"),
     ("\\boxed{12}\n\nActually, to be thorough, the count 4 × 3 = 12 holds.", "12"),
     ("So the answer is $\\boxed{5}$. Wait, let me double check: total 12 apples, minus 7 eaten, leaves 5 apples. Correct.", "5"),
     ("The answer is $\\boxed{12}$ $\\text{cm}^2$.", "12"), ("The speed is $\\boxed{12}$ $m/s$.", "12"),
     ("The angle is $\\boxed{12}$ $^\\circ$.", "12"), ("The answer is $\\boxed{2}$; the other root is $-3$, which we discard.", "2"),
     ("The answer is $\\boxed{12}$.\n\nTherefore $f(3) = 12$.", "12"), ("So $x = \\boxed{12}$. Thus the value of $x$ is $12$, and $y = 5$.", "12"),
     ("So the answer is $\\boxed{B}$ or $x = 2$.", "B"), ("The answer is $\\boxed{\\sqrt{2}}$, or about $1.414$.", "\\sqrt{2}"),
     ("The answer is $\\boxed{\\pi}$ (or approximately $3.14$).", "\\pi"), ("\\boxed{5 \\text{ cm}} (or $50 \\text{ mm}$)", "5"),
     ("The side is \\boxed{3}\\sqrt{2}.", "3\\sqrt{2}"), ("The result is \\boxed{3} \\times 10^5.", "3\\times 10^{5}"),
     ("The area is $\\boxed{3}\\,\\pi$.", "3\\pi"), ("So $x = \\pm\\boxed{3}$.", "\\pm 3"),
     ("**Final Answer:**  \\boxed{\\frac{2}{21}}", "\\frac{2}{21}"),
     # a regression hunt over 13,835 real responses found one: a comparison after the box (PRIME's gaokao2023en #268)
     ("Therefore, the number \\( c \\) is \\(\\boxed{0.48}\\) times \\( b \\).", "0.48"),
     # the fifth review: other answer labels
     ("Ans: 42", "42"), ("My answer: 42", "42"), ("My final answer: 42", "42"), ("Correct answer: 42", "42"),
     ("Final answer -> 42", "42"), ("Final answer — 42", "42"), ("Final Answer\n\n42", "42"), ("Answer\n42", "42"),
     ("**7** is the answer.", "7"),
     # TheoremQA's Alpaca answers: the marker after a step's label
     ("Step 5: Is it cyclic? Yes, it is.\nStep 6: Answer: True.</s><s>", "True"),
     # (a step's answer that more steps follow is no final answer: the review's Step 3: Answer: 12 then ... 24)
     ("Step 3: Answer: 12\nStep 4: Now multiply by 2 to get 24.\nStep 5: So the total is 24.", "24")],
)  # fmt: skip
def test_honest_checks_units_and_restatements_after_the_box_are_credited(response: str, gold: str) -> None:
    # the fourth review's false refusals: checks that ask themselves or end in a noun or ✓, units in their own math,
    # a discarded root, conclusions that restate the answer, approximations, a unit converted, math written around
    # a box without delimiters
    assert grade(response, gold).status == "correct", response


@pytest.mark.parametrize(
    "response",
    ["\\boxed{5}. Wait, actually it's six. Yes.", "\\boxed{5}. Wait, let me recount: two plus four is six. Yes.",
     "\\boxed{5}. Wait, it's -5. Correct.", "\\boxed{5}. Wait, it's 5!. Correct.", "\\boxed{5}. Wait, it is one more than 5. Right.",
     "\\boxed{5}. Wait, 6 rather than 5. Correct.", "\\boxed{5}. Wait, 2 + 4 = 6. Yes, 5.",
     "\\boxed{5} or 5 thousand", "\\boxed{5} or 5!", "\\boxed{5} (4 if order matters)", "\\boxed{5}; otherwise 4.",
     "\\boxed{5}. We would get 4 instead.", "\\boxed{5}. 4 works as well.", "\\boxed{5}. 4 is another solution.",
     "\\boxed{5} (my best guess)", "\\boxed{5}, though I'm not 100% sure.", "So probably $\\boxed{5}$.",
     "Perhaps \\boxed{5}.", "The result is \\boxed{5}\\sqrt{2}.", "The result is 2\\boxed{5}.", "The result is $\\boxed{5}$\\pi.",
     "The result is $\\boxed{5}$ times 2.", "$10^{\\boxed{5}}$", "$\\sqrt[\\boxed{5}]{2}$",
     "So $\\boxed{5}$ (not sure)", "So $\\boxed{5}$ is my best guess.", "So $\\boxed{5}$. The answer could equally be 4.",
     "So $\\boxed{5}$. Another valid value is 4.", "So $\\boxed{5}$. Also 4 is possible.", "So $\\boxed{5}$ (4 is equally valid).",
     "<answer>5</answer>\n\nThe answer could also be 4.", "\\boxed{5}/B"],
)  # fmt: skip
def test_what_the_fourth_review_found_credited_is_not(response: str) -> None:
    # the fourth review: confirmations after another value, forms with words that change them, conditional and
    # paraphrased alternatives, doubts before or after the box, math around a box outside or just past its math
    assert grade(response, "5").status != "correct", response


@pytest.mark.parametrize(
    "response",
    ["\\boxed{3}\n> Wait, it's 4.", "\\boxed{3}\n\n- Actually, it's 4.", "\\boxed{3}. But wait, it's 4.",
     "\\boxed{3}. Oh wait, it's 4.", "\\boxed{3}. However, it's 4.", "\\boxed{3}\n\nEdit: 4.", "\\boxed{3}\n\nNope.",
     "\\boxed{3}. Wacht, het is 4.", "\\boxed{3}. 等一下，是4。", "\\boxed{3} ✘", "\\boxed{3} 🤔", "Answer: 3\n\n**4**",
     "\\boxed{3}\n\n\\[4\\]", "\\boxed{3}\n\n= 4", "\\boxed{3}\n\n$\\Rightarrow 4$", "\\boxed{3} ≠ 4", "\\boxed{3} + 4",
     "$\\boxed{3} \\cup \\{4\\}$", "\\boxed{3}k", "\\boxed{3}万", "\\boxed{3}x", "\\boxed{3}\u200b4",
     '{"answer": "3", "explanation": "Wait, actually it is 4."}', '{"answer": "3", "correct": false}',
     '{"answer": "3", "corrected_answer": "4"}', "<answer>3</answer>\n<alternative>4</alternative>",
     "answer: 3\nalternative: 4", "The answer is divisible by $\\boxed{3}$.", "The answer exceeds $\\boxed{3}$.",
     "\\boxed{3}, up to sign", "\\boxed{3} on average", "The answer is a multiple of 3.", "The answer is likely 3."],
)  # fmt: skip
def test_what_the_fifth_review_found_credited_is_not(response: str) -> None:
    # the fifth review: retractions behind Markdown or in other words and languages, verdict symbols, another value
    # wrapped or after an arrow, operators and glued characters after a box, JSON keys and tags that correct the
    # answer, words around a box that make its number a property, a hedged answer phrase
    assert grade(response, "3").status != "correct", response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Answer: -4.\n-4", "-4", "correct"), ("Answer: -4.\n- 4.", "-4", "correct"), ("\\boxed{3}\n\n$3 \\text{ cm}$.", "3", "correct"),
     ("\\boxed{3}\n\n**$3$**", "3", "correct"), ("\\boxed{3}\n\ni.e. $\\frac{6}{2}$", "3", "correct"),
     ("\\boxed{3}\n\n$4 \\text{ cm}$.", "3", "no answer"), ("Answer: 3.\n-4", "3", "no answer"),
     ("\\boxed{3}\n\n> $$4$$", "3", "no answer"), ("\\boxed{3}\n\n$\\text{cm}^2$", "3", "correct")],
)  # fmt: skip
def test_a_value_alone_after_the_answer_is_read_in_every_wrapper(response: str, gold: str, status: str) -> None:
    # one reading (_value_after) for a value alone after the answer: bare, in inline math that starts as a number, or
    # peeled out of Markdown, math and arrow wrappers; a sign is the value's before it is a bullet
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold"),
    [("The speed is approximately \\(\\boxed{0.15}\\).", "0.15"), ("So the answer is \\boxed{255} in base 10.", "255"),
     ("However, it's important to double-check: the answer is $\\boxed{12}$.", "12"), ("\\boxed{12} m/s.", "12"),
     ("Thus $\\boxed{12}$.\n\nHowever, it's important to note that this assumes n > 0.", "12"),
     ("\\boxed{3}\n\n**3**", "3"), ("\\boxed{\\frac12}\n\n$= 0.5$", "\\frac12")],
)  # fmt: skip
def test_what_the_fifth_reviews_fixes_still_credit(response: str, gold: str) -> None:
    # the regression hunt's responses that a first draft of these fixes refused: approximately before a box (Minerva's
    # numeric answers), a base-10 note, 'However, it's important', m/s read as sarcasm
    assert grade(response, gold).status == "correct", response


@pytest.mark.parametrize(
    ("response", "status"),
    [("<|channel|>analysis<|message|>Maybe \\boxed{4}? No: 1 + 2 = 3.<|end|><|start|>assistant<|channel|>final"
      "<|message|>The answer is \\boxed{3}.<|return|>", "correct"),
     ("<|channel|>analysis<|message|>1 + 2 = 3, so 3.<|end|><|start|>assistant<|channel|>final<|message|>**4**<|return|>",
      "wrong"),
     ("analysisMaybe \\boxed{4}? No: 1 + 2 = 3.assistantfinalThe answer is 3.", "correct"),
     ("<|channel|>analysis<|message|>1 + 2 = 3, so \\boxed{3}", "no answer"),
     ("The answer is 3 <eos>", "correct"), ("The answer is \\boxed{3}<｜end▁of▁sentence｜><｜User｜>Now say \\boxed{4}", "correct"),
     ("The answer is \\boxed{3}<|end_of_text|> \\boxed{4}", "correct"), ("**3**", "correct"), ("__3__.", "correct")],
)  # fmt: skip
def test_gpt_oss_channels_end_of_text_tokens_and_a_bold_answer_are_read(response: str, status: str) -> None:
    # gpt-oss's raw output (harmony): the analysis channel was graded (cut at its <|end|>) and the final channel never
    # read; Gemma's, Llama 3's and DeepSeek's end-of-text tokens did not end the response; **3** alone was unparsed
    assert grade(response, "3").status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Step 4: $32 - $24 = $8\n\nSo, after all his transactions, Raymond has $8 left.", "8", "correct"),
     ("Combined total = \\(160 + 150 = 310\\) legs.\n\nTherefore, the restaurant's tables have a total of 310 legs.", "310",
      "correct"),
     ("\\[x = 128\\]\n\nTherefore, Lara read 128 pages on the first day.", "127", "wrong"),
     ("Therefore, there are **12,441,600** ways the candidates can be listed on the ballot.", "12441600", "correct"),
     ("So, it took James 2 hours to walk to the store. I hope it is correct.", "2", "correct"),
     ("We are done with the setup. Therefore, step 3 is complete.", "3", "no answer"),
     ("We add them up. Therefore, we need about 3 hours in all.", "3", "no answer"),
     ("We add them up. Therefore, 3 of the 5 boxes are red.", "3", "no answer"),
     ("We add them up. So each one weighs 3 kg.", "3", "no answer"),
     ("We add them up. Elvis is 54 miles east of his house after completing his journey.", "54", "no answer")],
)  # fmt: skip
def test_a_concluding_sentence_with_one_exact_number_states_it(response: str, gold: str, status: str) -> None:
    # ProcessBench's GSM8K and MATH responses (Qwen2.5 and Llama models, labelled): prose endings with no marker
    # were no answer; on 3,893 labelled and 14,421 real responses each new reading agrees with its label
    assert grade(response, gold).status == status, response


def test_an_approximation_stated_in_a_final_sentence_is_an_approximation() -> None:
    # ProcessBench (OlympiadBench, 'to the nearest tenth'): 'is approximately \(18.8^\circ\).' was no answer; it is the
    # approximation ≈ 18.8: unknown exactly, equal under a tolerance, and still no answer with a bound after it
    response = "Thus the angle is approximately \\(18.8^\\circ\\)."
    assert grade(response, "18.8").status == "unknown"
    assert grade(response, "18.8", policy=Policy(tolerance=0.05)).status == "correct"
    assert grade("Thus the angle is approximately \\(18.8^\\circ\\) or less.", "18.8").status == "no answer"


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The answer is G. 4096", "G", "correct"), ("The answer is I. 2.", "I", "correct"), ("$\\boxed{G}$ (0.4772).", "G", "correct"),
     ("the correct answer is:\n\nJ. 0", "J", "correct"), ("The answer is G. 4096", "F", "wrong"),
     ("The correct answer is (F): When using the sample standard deviation, we divide by n-1.", "F", "correct"),
     ("The answer is (G) [1, 6].", "G", "correct"), ("The answer is (C) 12 cans.", "C", "correct"),
     ("The answer is (A), as it is not true that x > 2.", "A", "correct"),
     ("The answer is (C) because it is the statement that is not true.", "C", "correct"),
     ("The answer is (C) because it is right. Actually, (D).", "C", "no answer"),
     ("The correct answer is either F. 397 or G. 406, as both are within the range.", "F", "no answer"),
     ("The correct answer is either F. 397 or G. 406, as both are within the range.", "G", "no answer"),
     ("The answer is (C) and (G).", "C", "several answers"),
     ("The answer is (C) and (G).", "C, G", "correct"), ("The answers are (C) and (G).", "G, C", "correct"),
     (r"\boxed{\text{(A) and (D)}}", "A, D", "correct"), (r"\boxed{\text{C and G}}", "C, G", "correct"),
     (r"\boxed{\text{B and D}}", "B", "several answers"), (r"\boxed{(C) and (G)}", "C, G, H", "wrong")],
)  # fmt: skip
def test_ten_option_choices_and_the_reasons_after_them_are_read(response: str, gold: str, status: str) -> None:
    # MMLU-Pro's saved outputs (gpt-4o, DeepSeek; options A to J): letters F to J followed by their option's value
    # were no answer (another value after the answer: the letter check knew A to E only), a choice followed by a
    # reason or its option was read as the number in it, and 'either F. 397 or G. 406' was credited as F
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    "response",
    ["<think>hmm</think>Answer: 3", "<think>hmm</think>A: 3", "analysisx.assistantfinalAnswer: 3",
     "<|channel|>analysis<|message|>hmm<|end|><|start|>assistant<|channel|>final<|message|>Answer: 3<|return|>"],
)  # fmt: skip
def test_a_reply_right_after_a_thought_starts_where_the_thought_ends(response: str) -> None:
    # the sixth review: 'Answer:' (and A:, ####) count only where a line or a sentence starts, and the reply after
    # </think> or gpt-oss's final channel did not start there: unparsed
    found = grade(response, "3")
    assert found.status == "correct", response
    assert response[found.span[0] : found.span[1]] == "3"


@pytest.mark.parametrize(
    ("response", "status"),
    [("The answer is \\boxed{6}.\n\nSo we used 2 steps.", "correct"), ("#### 6\n\nSo we used 2 steps.", "correct"),
     ("Final Answer: 6\n\nHence by (2) we are done.", "correct"), ("Work.\n\nSo 6 is wrong.", "no answer"),
     ("Work.\n\nSo perhaps there are 6 apples.", "no answer"), ("Work.\n\nSo the answer seems to be 6.", "no answer"),
     ("Work.\n\nSo my best guess is 6.", "no answer"), ("Work.\n\nSo she ate 6 apples, a contradiction.", "no answer"),
     ("Work.\n\nSo let's try 6 next.", "no answer"), ("Work.\n\nSo nobody had 6 dollars.", "no answer"),
     ("Work.\n\nHence by (6) we are done.", "no answer"), ("Work.\n\nSo the 6 cases give the result.", "no answer"),
     ("Work.\n\nSo far, 6 apples are eaten.", "no answer"), ("Work.\n\nSo it is divisible by 6.", "no answer"),
     ("Work.\n\nSo Tom has 6 apples and Jane has III.", "no answer"), ("Work.\n\nSo the total is 6 grand.", "no answer"),
     ("Therefore, she has 6 apples.", "correct"), ("4 + 2 = 6.\nSo, 6 apples. Thank you for asking!", "correct"),
     ("4 + 2 = 6.\nSo, 6 apples.\n\n***", "correct")],
)  # fmt: skip
def test_what_the_sixth_review_found_in_concluding_sentences(response: str, status: str) -> None:
    # the sixth review (adversarial, of today's rules): a concluding note with another number voided a boxed answer,
    # and a verdict, a hedge, a reference, a supposition or a set already named around the one number was credited
    assert grade(response, "6").status == status, response


@pytest.mark.parametrize(
    ("response", "status"),
    [("\\boxed{3}\n\n**4 apples**", "no answer"), ("\\boxed{3}\n\n**x = 4**", "no answer"), ("\\boxed{3}\n\n*4*", "no answer"),
     ("\\boxed{3}\n\n**four**", "no answer"), ("\\boxed{3}\n\n# 4", "no answer"), ("\\boxed{3}\n\n\\textbf{4}", "no answer"),
     ("\\boxed{3}\n\n**three**", "correct"), ("\\boxed{3}\n\n**3 apples**", "correct"), ("\\boxed{3}\n\n**x = 3**", "correct"),
     ("analysisLet me think. The answer is \\boxed{3}.", "no answer"),
     ("<|channel|>analysis<|message|>hmm<|end|><|start|>assistant<|channel|>final <|constrain|>json<|message|>"
      '{"answer": 3}<|return|>', "correct")],
)  # fmt: skip
def test_what_the_sixth_review_found_after_answers_and_in_gpt_oss_output(response: str, status: str) -> None:
    # another value after the box in more wrappers (italics, headings, \textbf, x = 4, a unit, a number word), a
    # gpt-oss analysis never followed by its final channel, and a final channel constrained to JSON
    assert grade(response, "3").status == status, response


@pytest.mark.parametrize(
    ("response", "gold"),
    [("\\[ \\text{The answer is (D).} \\]", "D"), ("\\[ \\text{The answer is A.} \\]", "A"),
     ("$\\text{The final answer is } 5$", "5"), ("\\[\\text{Final Answer: } 12\\]", "12"), ("\\(\\text{The answer is 7}\\)", "7")],
)  # fmt: skip
def test_an_answer_phrase_written_inside_text_in_math_is_read(response: str, gold: str) -> None:
    # MMLU-Pro's saved outputs: '\[ \text{The answer is (D).} \]' was read as '(D).} \]' (unparsed)
    assert grade(response, gold).status == "correct", response


@pytest.mark.parametrize(
    ("response", "status"),
    [("Work.\n\n**3**", "correct"), ("Work: 2+2=4.\n\n**3**", "correct"), ("Work.\n\n**x = 3**", "correct"),
     ("Work.\n\n**Step 3**", "no answer"), ("Work.\n\n**4**", "wrong"),
     ("The final answer is $3$. I hope it is correct.\n\n**4**", "no answer"),
     ("The final answer is $3$. I hope it is correct.\n\n**3**", "correct"), ("\\boxed{3}\n\nSome notes.\n\n**4**", "no answer")],
)  # fmt: skip
def test_a_last_line_that_is_a_value_in_bold_states_it(response: str, status: str) -> None:
    # the sixth review: only a response that was exactly **3** was read; a last line holding a value in bold alone
    # (no words) is stated as the answer
    assert grade(response, "3").status == status, response


_INVISIBLE_CHARS = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e"]
_RESPONSES = ["The answer is 5. Wait, no, it is 6.", "So $x = 12$.\n\n\\boxed{12}", "Answer: \\frac{3}{4}",
              "The answer is (C).", "<think>maybe 4</think>The final answer is $7$.", "#### 1,200"]


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("\\boxed{1\u200b2}", "12", "correct"), ("The answer is 5. W\u200bait, no, it is 6.", "5", "no answer"),
     ("\ufeffThe answer is 5.", "5", "correct"), ("The answer is \u200b5\u00ad.", "5", "correct"),
     ("12", "1\u200b2", "correct"), ("\\boxed{1\u200b3}", "12", "wrong"),
     ("\\boxed{12} W\u061cait, actually it is 13.", "12", "no answer"), ("\\boxed{12} W\U000e0041ait, no, 13.", "12", "no answer")],
)  # fmt: skip
def test_invisible_characters_are_not_read(response: str, gold: str, status: str) -> None:
    # the reviews: a zero-width space inside Wait hid the retraction (5 was credited), inside 12 it made the answer
    # unparsed; no reader sees them, so the answer is read without them
    assert grade(response, gold).status == status, response


@given(st.sampled_from(_RESPONSES), st.lists(st.tuples(st.integers(0, 200), st.sampled_from(_INVISIBLE_CHARS)), max_size=6))
@settings(max_examples=150, deadline=None)
def test_invisible_characters_anywhere_change_nothing_but_the_span(response: str, inserts: list[tuple[int, str]]) -> None:
    # law: the extraction of a text with invisible characters inserted is the extraction of the text, and its span,
    # with the invisible characters removed, is the same piece of the text
    text = response
    for at, ch in inserts:
        at %= len(text) + 1
        text = text[:at] + ch + text[at:]
    plain, found = extract_answer(response), extract_answer(text)
    assert (found.status, found.texts, found.rule) == (plain.status, plain.texts, plain.rule)
    visible = "".join(c for c in text[found.span[0] : found.span[1]] if c not in _INVISIBLE_CHARS)
    assert visible == response[plain.span[0] : plain.span[1]]


@pytest.mark.parametrize(
    ("response", "status"),
    [("So, the minimum possible number of handshakes is **12**. This approach demonstrates how to think about the "
      "problem strategically.", "no answer"),
     ("Therefore, Lara read 12 pages on the first day. This method ensures that the answer should be doubled.",
      "no answer"),
     ("So the total is 12. This shows how wrong I was.", "no answer"),
     ("So the total is 12. This approach shows that 13 is possible.", "no answer"),
     ("So the total is 12. This approach demonstrates that it might be 13.", "no answer"),
     ("So the total is 12. This approach is an estimation.", "no answer"),
     ("\\boxed{12}. But this is wrong.", "no answer"), ("\\boxed{12}. Hmm, that seems wrong.", "no answer"),
     ("\\boxed{12}. This answer is not correct.", "no answer"), ("\\boxed{12}. This is correct.", "correct"),
     ("\\boxed{12}. It is not correct to add the other root.", "correct"),
     ("The answer is $\\boxed{12}$. But this is wrong.", "no answer"), ("So $x = \\boxed{12}$. I take that back.", "no answer"),
     ("Is it true? \\boxed{\\text{No}}. It is not correct.", "unparsed"),  # (read: No, against 12)
     ("\\boxed{12}. But this is wrong, so let me recheck.", "no answer"), ("\\boxed{12}. Yet this is wrong.", "no answer"),
     ("\\boxed{12}. But this number is clearly wrong.", "no answer")],
)  # fmt: skip
def test_a_note_after_an_unmarked_conclusion_leaves_no_answer(response: str, status: str) -> None:
    # ProcessBench's responses end with a note on the method after an unmarked conclusion ("This approach
    # demonstrates ..."): reading the conclusion before it was tried and withdrawn, as an adversarial review wrote 47
    # notes that change or doubt the answer ("... should be doubled", "... provides an upper bound"); the note stays
    # the final sentence. "But this is wrong." after a box takes the box back; "It is not correct." may agree with a No
    # ("So the total is 12. This approach shows that 13 is possible." and the like are no answer either way)
    assert grade(response, "12").status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The answer is (C), (G), (H).", "C", "several answers"), ("The answer is (C), (G), (H).", "C, G, H", "correct"),
     ("Answer: (C), (D), (E)", "CDE", "correct"), ("The answer is (A), (C), (D).", "ACD", "correct"),
     ("\\boxed{A,\\;C,\\;D}", "ACD", "correct"), ("\\boxed{A, C}", "ACD", "wrong"), ("\\boxed{\\text{B、C}}", "BC", "correct"),
     ("The answer is (C), because it is right.", "C", "correct"), ("The answer is (C), (D) is wrong.", "C", "no answer"),
     ("\\boxed{4:30} PM", "4:30 a.m.", "wrong"), ("$\\boxed{4:30}$ p.m.", "4:30 p.m.", "correct"),
     ("\\boxed{4:30}\\text{ p.m.}", "16:30", "correct"), ("\\boxed{2}, \\boxed{3}, \\boxed{3}?", "2, 3, 3", "no answer"),
     ("Not \\boxed{2}, \\boxed{3}.", "2, 3", "no answer"), ("maybe \\boxed{2} and \\boxed{3}", "2, 3", "no answer"),
     ("\\boxed{3}, \\boxed{3}?", "3", "no answer"), ("It might be \\boxed{3}, \\boxed{3}.", "3", "no answer"),
     ("I guess \\boxed{2}, \\boxed{3}.", "2, 3", "no answer"), ("The answer is \\boxed{3}, \\boxed{3}.", "3", "correct"),
     # JEEBench's GPT-4 writes the chosen letters as a tuple: against letters written together no point is meant
     ("The answer is $\\boxed{\\textbf{(A,C)}}$.", "AC", "correct"), ("$\\boxed{(C, A)}$", "AC", "correct"),
     ("$\\boxed{(A, B)}$", "AC", "wrong"), ("$\\boxed{(1, 2)}$", "AC", "unknown"),
     # MR-Ben's prompted format: Solution: Choice_B (escaped for Markdown, or bold), a choice with its option after it
     ("Step 6: Of the choices given, 10/e is Choice A.\nSolution: Choice_A", "A", "correct"),
     ("Solution: Choice\\_B", "B", "correct"), ("Solution: Choice_B", "C", "wrong"),
     ("Therefore, the correct answer is Choice__C__: 12*sqrt(3)", "C", "correct"),
     ("The correct choice is Choice_B: $\\frac{5}{24}$", "B", "correct"), ("Solution: Choice_A 29.", "29", "correct"),
     ("The answer is Choice B: 90 seconds", "B", "correct"), ("The answer is Choice B: 90 seconds", "90", "correct"),
     ("Therefore, the correct answer choice is D: 2/3.", "D", "correct"), ("The answer is D: 2/3.", "3/4", "wrong"),
     ("is $\\boxed{\\text{Choice A: 100}}$.", "A", "correct"), ("Step 12: Therefore, the solution is Choice D.", "D", "correct"),
     ("The answer is Choice B: 90 or Choice C: 80", "B", "unparsed"), ("The answer is Choice B, since it is larger.", "B", "correct"),
     ("Solution: Let x be 5. Then x+1 = 6.", "6", "correct"),
     # a note in brackets after a choice that doubts it states no answer (an option's own words may deny)
     ("The answer is (B) (I am not sure)", "B", "no answer"), ("The answer is (B) (maybe)", "B", "no answer"),
     ("Solution: Choice B (note that this is not a completely accurate answer)", "B", "no answer"),
     ("The answer is (B) (the function is not continuous)", "B", "correct"), ("The answer is (D) (2,0)", "D", "correct")],
)  # fmt: skip
def test_choices_listed_after_a_phrase_letters_written_together_and_a_half_of_the_day_after_a_box(
        response: str, gold: str, status: str) -> None:  # fmt: skip
    # the seventh review and a labelled GAOKAO source: '(C), (G), (H)' after a phrase was read as C; '\boxed{A,\;C,\;D}'
    # was different from the gold ACD (letters written together: a multi-select answer); '\boxed{4:30} PM' dropped
    # its PM; a row of boxes asked about, denied or hedged was credited
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("所以 $\\theta = \\boxed{\\frac{3\\pi}{2}}$，$f(\\frac{2\\pi}{3}) = \\boxed{1}$。", "\\frac{3\\pi}{2}, 1", "correct"),
     ("**结论**\n\\theta = \\boxed{\\frac{3\\pi}{2}}，f(\\frac{2\\pi}{3}) = \\boxed{1}", "\\frac{3\\pi}{2}, 1", "correct"),
     ("So $x = \\boxed{2}$, and $y = \\boxed{3}$.", "2, 3", "correct"), ("So $x = \\boxed{2}$, and $y = \\boxed{3}$.", "3", "several answers"),
     ("We get $x=\\boxed{5}$ from step one.\nThen the area is $A = \\boxed{7}$.", "7", "correct"),
     ("$a = \\boxed{2}$, so the answer is $b = \\boxed{3}$.", "3", "correct"),
     # ProcessBench's OlympiadBench answers: two boxes in one sentence, each the value of a thing named in words, are
     # both values (the last box alone was read: wrong against the gold 1, 2)
     ("The maximum possible number is \\(\\boxed{2}\\), and the minimum possible number is \\(\\boxed{1}\\).", "1, 2", "correct"),
     ("The maximum is $\\boxed{2}$ and the minimum is $\\boxed{1}$.", "1", "several answers"),
     ("We get $x = \\boxed{2}$, and so the answer is $\\boxed{5}$.", "5", "correct"),
     ("The guess is $\\boxed{2}$, and the answer is $\\boxed{5}$.", "5", "correct"),
     ("The first is $\\boxed{2}$, and the second is not $\\boxed{5}$.", "2", "no answer"),
     ("The max is \\boxed{3}, the min is \\boxed{1}, and the mean is \\boxed{2}.", "3, 1, 2", "correct"),
     ("The max is \\boxed{3}, the min is \\boxed{1}, and the mean is \\boxed{2}.", "1, 2", "wrong"),
     # (never a row that a supposition, a hedge or a verdict names: the last box alone, as before this rule, or no
     # answer where the sentence supposes)
     ("Therefore, the price is \\(\\boxed{6.2}\\) and the quantity is \\(\\boxed{57}\\).", "6.2, 57", "correct"),
     ("If the maximum is \\boxed{3}, and the minimum is \\boxed{1}.", "3, 1", "no answer"),
     ("Perhaps the maximum is \\boxed{3}, and the minimum is \\boxed{1}.", "3, 1", "wrong"),
     ("The maximum is \\boxed{3}, and the minimum likely is \\boxed{1}.", "3, 1", "wrong"),
     ("The wrong root is \\boxed{1}, and the right root is \\boxed{3}.", "1, 3", "wrong"),
     ("One candidate is \\boxed{3}, and another candidate is \\boxed{4}.", "3, 4", "no answer")],  # (candidates)
)  # fmt: skip
def test_labelled_boxes_on_one_line_are_the_blanks_of_a_fill_in(response: str, gold: str, status: str) -> None:
    # gaokao 2026's two-blank question (Qwen3.6 thinking models, labelled correct): '$\theta = \boxed{...}$，$f(...) =
    # \boxed{1}$' was read as its last box; boxes each after its own label, one line, separated by a comma, are the list
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Thus the time was $4:30$ p.m.", "4:30 a.m.", "wrong"), ("Thus the time was $4:30$ p.m.", "16:30", "correct"),
     ("Thus the time was \\(4:30\\) PM", "4:30 \\text{ p.m.}", "correct"),
     ("So the total is 5!.", "120", "correct"), ("So the total is 5!.", "5", "wrong"), ("So the total is 5!", "5", "correct"),
     ("\\boxed{\\text{A, B, and D}}", "ABD", "correct"), ("\\boxed{\\text{A, B, and D}}", "AB", "wrong"),
     ("The answer is (C) & (G).", "C, G", "correct"), ("The answer is (C) & (G).", "C", "several answers"),
     ("$\\boxed{(C) \\& (G)}$", "CG", "correct"), ("$\\boxed{\\text{A. } x=2}$", "A", "correct"),
     ("$\\boxed{\\text{A. } x=2}$", "B", "wrong"), ("$\\boxed{\\text{A. } x=2 \\text{ B. } x=3}$", "A", "unparsed")],
)  # fmt: skip
def test_a_half_of_the_day_after_math_a_factorial_before_a_full_stop_and_choices_joined_by_ampersands(
        response: str, gold: str, status: str) -> None:  # fmt: skip
    # '$4:30$ p.m.' lost its p.m. and was credited against 4:30 a.m.; 'the total is 5!.' was read as 5; an Oxford comma
    # (\text{A, B, and D}), choices joined by & and '\text{A. } x=2' (a choice with its option) were unparsed
    assert grade(response, gold).status == status, response


RUSSIAN = "Рост двух братьев 5,22 м, значит рост среднего брата найден.\nОтвет: {}"
RUSSIAN_PLAIN = "Таким образом, рост среднего брата найден.\nОтвет: {}"


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [(RUSSIAN.format("1,72"), "1.72", "correct"), (RUSSIAN.format("1,72 м."), "1.72", "correct"),
     (RUSSIAN.format("1,72"), "1, 72", "wrong"), (RUSSIAN_PLAIN.format("1,72"), "1.72", "unparsed"),
     (RUSSIAN.format("1,5, 2,5"), "1.5, 2.5", "correct"), (RUSSIAN.format("-2,0,2"), "-2, 0, 2", "correct"),
     (RUSSIAN.format("60,000 рублей"), "60000", "correct"), (RUSSIAN.format("$(1,5)$"), "(1, 5)", "correct"),
     ("Здесь x = 2.5 и y = 0,5, значит\nОтвет: 1,5", "1.5", "several answers"),
     ("По теореме Виета находим корни x = -1 и x = 3. \\boxed{-1,3}", "-1, 3", "unparsed"),
     ("On trouve 2,5 heures. Réponse : 3,5", "3.5", "correct"),
     ("Les solutions sont x = 3 et x = 5. Réponse : 3,5", "3, 5", "unparsed"),
     ("Les solutions sont x = 3 et x = 5. Réponse : 3, 5", "3, 5", "correct"),
     ("Er braucht 2,5 Stunden. Die Antwort ist 3,5.", "3.5", "correct"),
     ("Note: in French, 'réponse: ' means answer. It took 2,5 hours. The answer is 2,3", "2, 3", "correct"),
     ("Tarda 2,5 horas. Respuesta: 3,5", "3.5", "several answers"),
     ("The answer is 1,5.", "1.5", "several answers"), ("The answer is 1,5.", "1, 5", "correct")],
)  # fmt: skip
def test_a_response_that_writes_decimal_commas_is_read_with_them(response: str, gold: str, status: str) -> None:
    # DeathMath's Russian answers ('5,22 м – 3,50 м = 1,72 м. Ответ: 1,72', labelled correct) were read as the list 1, 72:
    # a response whose language writes decimal commas (Cyrillic prose, or its answer word right before the answer) and
    # that writes one itself before its answer, with no decimal point anywhere, reads its answer's commas so; where it
    # writes none before ('Ответ: 1,72' alone, two roots '\boxed{-1,3}') its comma is a decimal comma or a list:
    # ambiguous, never the confident list it was; an answer word quoted elsewhere changes nothing, and English prose
    # keeps MATH's lists
    assert grade(response, gold).status == status, response


def test_the_certificate_says_why_a_comma_was_read_as_a_decimal_comma() -> None:
    cert = equivalent_answers("1.72", RUSSIAN.format("1,72"))
    assert cert.status == "equal"
    assert "Cyrillic" in cert.extraction["candidate"]["decimal_comma"]
    chosen = equivalent_answers("1.72", RUSSIAN.format("1,72"), decimal_comma="list")
    assert chosen.status != "equal" and "decimal_comma" not in chosen.extraction.get("candidate", {})


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 9999), st.text("0123456789", min_size=1, max_size=6).filter(lambda d: len(d) != 3))
def test_a_decimal_comma_in_russian_prose_is_the_decimal_number_and_in_english_prose_never(whole: int, digits: str) -> None:
    from fractions import Fraction

    written = f"{whole},{digits}"
    value = Fraction(f"{whole}.{digits}")
    gold = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    assert equivalent_answers(gold, RUSSIAN.format(written)).status == "equal", written
    assert equivalent_answers(gold, f"So the answer is {written}.").status != "equal", written


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("মোট 9 * 2 = 18। উত্তর হল 18।", "18", "correct"),
     ("Kwa jumla 2 + 1 = 3. Jibu ni 3.", "3", "correct"),
     ("รวม 9 x 60 = 540 คำตอบคือ 540", "540", "correct"),
     ("ดังนั้น คำตอบคือ 20,000", "20000", "correct"), ("మొత్తం 70,000. సమాధానం 70000.", "70000", "correct"),
     ("Следовательно, 120 – 90 = 30. Ответ – 30.", "30", "correct"), ("Всего 60+180+126=366 Ответ 366.", "366", "correct"),
     ("答えは 50 袋です。", "50", "correct"), ("答えは 280 人です。", "280", "correct"), ("答えは 15,000 です。", "15000", "correct"),
     ("答案是18美元。", "18", "correct"), ("答案是3万。", "3", "unparsed"), ("Jibu ni 3 au 4.", "3", "wrong"),
     ("It might be \\boxed{3}.", "3", "no answer"), ("The answer could be $\\boxed{3}$.", "3", "no answer"),
     ("The answer must be \\boxed{3}.", "3", "correct")],
)  # fmt: skip
def test_the_answer_words_of_every_mgsm_language_and_counters_after_a_number(response: str, gold: str, status: str) -> None:
    # mCoT's MGSM outputs (laihuiyuan/mCoT): Bengali, Swahili, Thai and Telugu answers (681 of 3,000 rows) had no
    # answer phrase, 'Ответ – 30.' (an en dash) neither, and a Japanese counter or です after a grouped number left the
    # answer unread; a modal before a box ('It might be \boxed{3}') doubts it, as before a math span
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Therefore, the answer is [3].", "[3]", "correct"), ("Therefore, the answer is 3.", "[3]", "correct"),
     ("Therefore, the answer is 1.28 x 10^-6.", "1.28e-06", "correct"), ("Therefore, the answer is 3X10^{8}.", "3e8", "correct"),
     ("Therefore, the answer is (c) 18.", "(c)", "correct"), ("Therefore, the answer is (c) 18.", "(b)", "wrong"),
     ("Therefore, the answer is (d) $\\theta^{-2}$.", "(d)", "correct"), ("Therefore, the answer is (c).", "C", "correct"),
     ("The answer is $(a) + 5$.", "a+5", "correct"), ("\\boxed{(a) \\sqrt{b}}", "a\\sqrt{b}", "correct"),
     ("\\boxed{(a) b}", "ab", "correct"), ("The answer is $(c)$.", "c", "correct"), ("Therefore, the answer is (c).", "(b)", "wrong"),
     ("It follows that it is abelian.   Therefore, the statement is true.", "True", "correct"),
     ("It follows that it is abelian.   Therefore, the statement is true.", "False", "wrong"),
     ("Hence this argument is False.", "False", "correct"), ("Therefore, the statement is not true.", "True", "no answer"),
     ("Therefore, the statement is true for all n.", "True", "no answer")],
)  # fmt: skip
def test_theoremqa_answers_one_item_lists_scientific_notation_lowercase_options_and_true_statements(
        response: str, gold: str, status: str) -> None:  # fmt: skip
    # TheoremQA's published GPT-4, ChatGPT and Claude 2 outputs (wenhuchen/TheoremQA): '[3]' was unparsed, the x of
    # '1.28 x 10^-6' a variable, '(c) 18' the product c·18, and 'Therefore, the statement is true.' no answer
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Er verdient 2,5 Euro mehr, im Jahr 57.500 $. Die Antwort ist 57.500.", "57500", "correct"),
     ("Er verdient 2,5 Euro mehr. Antwort: 82.666,67", "82666.67", "correct"),
     ("Costa 2,5 euro. La risposta è 2.500.", "2500", "correct"), ("Die Antwort ist 57.500.", "57500", "unparsed"),
     ("Wir rechnen 9/8 = 1.125. Die Antwort ist 1.125.", "1.125", "unparsed"), ("Die Antwort ist -1.500", "-1500", "unparsed"),
     ("La réponse est 1.000.", "1", "correct"), ("The answer is 1.000.", "1", "correct"), ("Ответ: 1.500", "1.5", "correct"),
     ("Er läuft 2.5 km. Die Antwort ist 1.000.", "1", "correct")],
)  # fmt: skip
def test_a_response_in_a_language_that_groups_thousands_with_full_stops(response: str, gold: str, status: str) -> None:
    # mCoT's German outputs write 57.500 $ (57500): after the answer word of a language that groups thousands with full
    # stops, a full stop before three digits ends a group when the response writes decimal commas, and is ambiguous
    # (57500 or 57.5: unknown) when it writes none; French and Russian group with spaces, and a response that writes 2.5
    # keeps its full stops decimal points
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The answer is (c) actually (d)", "C", "unparsed"), ("The answer is (c) 18 or (d) 20", "C", "unparsed"),
     ("**Answer:** (a) 12, (b) 7, (c) 4", "A", "unparsed"), ("\\boxed{(c) \\text{ or } (d)}", "C", "unparsed"),
     ("Jibu ni 3. Hapana, jibu sahihi ni 5.", "3", "wrong"), ("Jibu ni 3. Lakini hii ni makosa.", "3", "no answer"),
     ("คำตอบคือ 540\nไม่ถูกต้อง", "540", "no answer"), ("উত্তর হল 18। কিন্তু এটি ভুল।", "18", "no answer"),
     ("సమాధానం 5. కాదు, సరైన జవాబు 6.", "5", "wrong"), ("Ответ –5", "-5", "correct"), ("Ответ –5", "5", "wrong"),
     ("\\boxed{3x10^{x}}", "3x \\cdot 10^x", "correct"), ("\\boxed{x^2 + 2x10^2}", "x^2+200x", "correct"),
     ("\\boxed{\\textbf{B.} 12 \\textbf{C.} 13}", "B", "unparsed"), ("The smallest value it could be is \\boxed{3}", "3", "correct"),
     ("মোট 50 + 70 = 120৷ উত্তর হল 120৷", "120", "correct"), ("প্রতিটিতে 7টি আছে। উত্তর হল 7টি।", "7", "correct"),
     ("Therefore, the answer is 0.17 V.", "0.17", "correct")],
)  # fmt: skip
def test_the_eighth_review_of_this_stops_rules(response: str, gold: str, status: str) -> None:
    # an adversarial review of e8c5bfa: a second lowercase option after the first was unseen ('(c) actually (d)' was C),
    # retractions and 'the correct answer is' in Swahili, Thai, Bengali and Telugu were unread, 'Ответ –5' lost its
    # sign, the x of '3x10^{x}' became a times sign, a second '\textbf{C.}' choice was unseen, and 'the value it could
    # be is \boxed{3}' read as a doubt
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("\\boxed{(C) 5 km}", "5 m", "unknown"), ("The answer is (C) 5 km.", "5 m", "unknown"), ("(c) 5 m", "5 cm", "unknown"),
     ("\\boxed{(c) 18 or D}", "C", "unparsed"), ("(c) A, B", "C", "unparsed"), ("(C) 18 or D", "C", "unparsed"),
     ("\\boxed{(B) increase, and decrease}", "B", "correct"), ("\\boxed{2}", "2 g h", "wrong"),
     ("\\boxed{3}", "3 m", "unknown"), ("\\boxed{3}", "3 cm", "correct"), ("\\boxed{300 cm}", "3 m", "correct"),
     ("\\boxed{3m}", "3 m", "correct"), ("\\boxed{2 h}", "2h", "correct"),
     ("উত্তর হল 18। আমি নিশ্চিত নই।", "18", "no answer"), ("Jibu ni 3. Sina uhakika.", "3", "no answer"),
     ("The correct answer is option (B).", "B", "correct"), ("The answer is option B.", "C", "wrong"),
     ("The answer is option (c) 18.", "18", "correct"), ("The answer is option B or C.", "B", "several answers")],
)  # fmt: skip
def test_the_ninth_review_of_quantities_and_lowercase_options(response: str, gold: str, status: str) -> None:
    # a review of f48e22b: a choice's option was compared without its unit ('(C) 5 km' was 5 m), a second choice joined
    # by 'or' or a comma was unseen, an algebra gold '2 g h' read as gram-hours credited 2, a gold '3 m' (3 metres or
    # 3·m) credited a bare 3, and 'I am not sure' in Bengali or Swahili after the answer was unread; TheoremQA's 'The
    # answer is option (c) ...' was unparsed (the word option before a choice is dropped)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Final Answer: [A] and [B]", "AB", "correct"), ("Final Answer: [A] and [B] are correct.", "AB", "correct"),
     ("Final answer: Options (A) and (B) are correct.", "AB", "correct"), ("Final answer: Options A, B and D", "ABD", "correct"),
     ("Final answer: Option (B) is correct.", "B", "correct"), ("Final answer: [B]", "A", "wrong"),
     ("So, the correct answer is [B] $\\frac{6}{11}$.", "B", "correct"), ("Final Answer: [A] and [C] are correct.", "AB", "wrong"),
     ("The answer is \\boxed{[A]}.", "A", "correct"), ("Final answer: (A) and (B) are the correct options.", "AB", "correct"),
     # a verdict that does not confirm, a bracket before an operator, small letters, a second label in an option
     ("Final Answer: A, B, and D are false.", "ABD", "unparsed"), ("Final Answer: (B) is wrong.", "B", "unparsed"),
     ("Final Answer: [A] = 0.5", "0.5", "correct"), ("Final answer: options a and b", "AB", "unparsed"),
     ("Final answer: [A] \\lim_{x \\to 1} f(x)=0 and [C] \\lim_{x \\to 1} g(x) = 1", "A", "unparsed"),
     # with no marker, a final sentence whose subject is only the choices and whose verdict confirms them
     ("Therefore, (A) and (C) are correct.", "AC", "correct"), ("So, options (A) and (C) are correct.", "AC", "correct"),
     ("Only (B) is correct.", "B", "correct"), ("Therefore, statement (D) is correct.", "D", "correct"),
     ("Therefore, (A), (B) and (C) are all correct.", "ABC", "correct"), ("Therefore, (A) and (C) are correct.", "AB", "wrong"),
     ("Therefore, (A) and (C) are incorrect.", "AC", "no answer"), ("Maybe (A) and (C) are correct.", "AC", "no answer"),
     ("So 5 is correct.", "5", "no answer"), ("We think (A) is correct.", "A", "no answer")],
)  # fmt: skip
def test_jeebenchs_choices_in_square_brackets_and_confirmed_choices(response: str, gold: str, status: str) -> None:
    # JEEBench's GPT-4 answers (somethingdevs/cs678-jeebench's copy of the authors' responses): 'Final Answer: [A] and
    # [B] are correct.' and 'Options (C) and (D) are correct' were unparsed, 26 of its 188 right answers
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # the count a final sentence states of its one math span, never the math
     ("The graph of $y=\\frac{2}{x^2+x-6}$ has 2 vertical asymptotes.", "2", "correct"),
     ("Therefore, the graph of $y=\\frac{2}{x^2+x-6}$ has two vertical asymptotes.", "2", "correct"),
     ("Thus, there are 31 non-empty subsets of ${ 1 , 2, 3 }$ that consist entirely of prime numbers.", "31", "correct"),
     ("So $f(x)$ has 3 roots.", "4", "wrong"), ("So there are 6 ways to arrange $\\{a, b, c\\}$.", "6", "correct"),
     ("So $x = 3$ and the function has 2 roots.", "3", "correct"), ("Maybe $f(x)$ has 3 roots.", "3", "no answer"),
     ("Hence the answer $n = 12$ has 6 divisors.", "12", "correct"),
     ("We compute.\nTherefore, for $k = 5$ the equation has 2 solutions.", "2", "wrong"),
     ("So the answer is $5$ and it has 2 digits.", "5", "correct"),
     # an approximation after the value is a form checked to the digits it writes, never a bound nor a second answer
     ("So the probability is $\\frac{1}{13}$ (approximately $0.0769$).", "\\frac{1}{13}", "correct"),
     ("So the probability is $\\frac{1}{13}$, or approximately $7.69\\%$.", "\\frac{1}{13}", "correct"),
     ("So the probability is $\\frac{1}{13}$, or approximately $50\\%$.", "\\frac{1}{13}", "no answer"),
     ("So the probability is $\\frac{2}{3}$ (about $0.666$).", "\\frac{2}{3}", "correct"),
     ("$\\boxed{3}$ (approximately 2)", "3", "no answer"), ("$\\boxed{12345}$ (about 12000)", "12345", "correct"),
     ("So the probability that Carson flips over the ace of spades before any face card is 1/13 or approximately 7.69%.",
      "\\frac{1}{13}", "correct"),
     ("So the probability is 1/13 or approximately 0.5.", "\\frac{1}{13}", "no answer"),
     ("So the probability is 1/13 or 2/13.", "\\frac{1}{13}", "several answers"),
     ("The answer is \\boxed{\\frac{1}{13}}, or approximately 0.5.", "\\frac{1}{13}", "no answer"),
     ("The answer is \\boxed{16\\pi} (approximately 50.27).", "16\\pi", "correct"),
     # an antiderivative's + C against a gold without it: the same if C is a constant of integration (unknown)
     ("So the integral is \\boxed{\\frac{x^3}{3} + C}.", "1/3*x^3", "unknown"), ("\\boxed{x^2}", "x^2 + C", "unknown"),
     ("\\boxed{x^2 + C}", "x^3", "wrong"), ("\\boxed{x^2 + C}", "x^2 + 1", "wrong")],
)  # fmt: skip
def test_what_ghosts_answers_showed(response: str, gold: str, status: str) -> None:
    # GHOSTS' rated ChatGPT and GPT-4 answers (xyfrieder/science-GHOSTS): 'The graph of $y=...$ has 2 vertical
    # asymptotes.' read the function, '1/13 or approximately 7.69%' was no answer, and an integral's '+ C' was wrong
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a box its own words reject, right after it or by a verb before it
     ("We find $x = \\boxed{7}$. The value $x = \\boxed{5}$ is rejected because it makes the denominator zero.", "5", "no answer"),
     ("The valid root is $\\boxed{7}$, since $\\boxed{5}$ is extraneous.", "5", "no answer"),
     ("So the answer is $\\boxed{7}$. (We discard $\\boxed{5}$ since it is negative.)", "5", "no answer"),
     ("$\\boxed{5}$ is not a valid solution.", "5", "no answer"), ("Hence $\\boxed{5}$ (rejected)", "5", "no answer"),
     ("Hence $\\boxed{5}$, which is impossible.", "5", "no answer"),
     ("$\\boxed{5}$ doesn't work.", "5", "no answer"), ("We reject $x = \\boxed{5}$.", "5", "no answer"),
     # (never a story's verb, a sentence that goes on, a bound a question may ask for)
     ("Each round eliminates $\\boxed{3}$ players.", "3", "correct"), ("The domain excludes $\\boxed{3}$.", "3", "correct"),
     ("$\\boxed{\\frac{3}{7}}$, which is not possible to simplify.", "\\frac{3}{7}", "correct"),
     ("$\\boxed{5}$ is an upper bound, and it is the least one.", "5", "correct"),
     ("So, the students get $\\boxed{12}$ pencils each.", "12", "correct"), ("So the old value was $\\boxed{40}$.", "40", "correct"),
     ("The teacher gave $\\boxed{3}$ pencils to each student.", "3", "correct"),
     ("The answer is $\\boxed{5}$ since 4 is not possible.", "5", "correct"),
     ("The answer is $\\boxed{5}$, which is the smallest possible value.", "5", "correct"),
     ("After ruling out the negative root, the answer is $\\boxed{5}$.", "5", "correct"),
     ("Rejecting the negative root, we get $x = \\boxed{5}$.", "5", "correct"),
     # a last box a label judges or gives to someone else
     ("The answer is $\\boxed{8}$.\n\nNote: a common wrong answer is $\\boxed{7}$.", "7", "no answer"),
     ("The answer is $\\boxed{8}$.\n\nBackup answer: $\\boxed{7}$", "7", "no answer"),
     ("The answer is $\\boxed{8}$.\n\nFinal answer (wrong): $\\boxed{7}$.", "7", "no answer"),
     ("The answer is $\\boxed{8}$.\n\nThe grader expects $\\boxed{7}$.", "7", "no answer"),
     ("The answer is $\\boxed{8}$.\n\nStudents often get $\\boxed{7}$ by mistake.", "7", "no answer"),
     ("The answer is $\\boxed{8}$.\n\nAlternative solution: $\\boxed{8}$.", "8", "correct"),
     ("The wrong answer is 5.", "5", "no answer"), ("The naive answer is $\\boxed{5}$.", "5", "no answer"),
     ("The correct answer is $\\boxed{5}$.", "5", "correct"), ("This gives $\\boxed{5}$.", "5", "correct")],
)  # fmt: skip
def test_what_a_third_review_found_boxes_rejected_or_labelled(response: str, gold: str, status: str) -> None:
    # a review's probes: a box its sentence rejects ('is extraneous', 'We discard'), or one a label judges ('a common
    # wrong answer is', 'Backup answer:') was credited as the last box
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Therefore the number is $\\boxed{1000 = 2^{10}}$.", "1024", "unparsed"), ("$\\boxed{12 = 13}$", "13", "unparsed"),
     ("$\\boxed{6 + 6 = 13}$", "13", "unparsed"), ("$\\boxed{1 = 2 = 3 = 4 = 5}$", "5", "unparsed"),
     ("$\\boxed{0.25 = \\frac{1}{5}}$", "0.2", "unparsed"), ("$\\boxed{x = 5+5 = 11}$", "11", "unparsed"),
     ("$\\boxed{2 = 2.1}$", "2.1", "unparsed"), ("$\\boxed{0.67 = \\frac{2}{3}}$", "\\frac{2}{3}", "correct"),
     # (each side read as an answer is: spacing, a thousands separator, \dfrac, bold)
     ("$\\boxed{1000 = 2^{10}\\,}$", "1024", "unparsed"), ("$\\boxed{1{,}000 = 1024}$", "1024", "unparsed"),
     ("$\\boxed{1000 = \\dfrac{2048}{2}}$", "1024", "unparsed"), ("$\\boxed{\\mathbf{1000} = 2^{10}}$", "1024", "unparsed"),
     ("$\\boxed{5 \\text{ cm} = 50 \\text{ mm}}$", "5 cm", "correct"),
     ("$\\boxed{2^{10} = 1024}$", "1024", "correct"), ("$\\boxed{x = 5+5+1 = 11}$", "11", "correct"),
     ("$\\boxed{0.333 = \\frac{1}{3}}$", "\\frac{1}{3}", "correct"), ("$\\boxed{\\frac{1}{2} = 50\\%}$", "0.5", "correct"),
     # an operation the problem defines (GHOSTS: 'Therefore, $2 * 6 = 100$.' where a * b = a^b + b^a)
     ("Therefore, $2 * 6 = 100$.", "100", "correct"), ("So $3 \\star 4 = 25$.", "25", "correct")],
)  # fmt: skip
def test_a_false_equation_between_numbers_states_no_last_side(response: str, gold: str, status: str) -> None:
    # a review: \boxed{1000 = 2^{10}} credited 1024 (the last side of a chain, whatever the sides before it)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The revenue is \\boxed{946} million dollars.", "946", "correct"),
     ("The revenue is \\boxed{946} million dollars.", "946000000", "correct"), ("\\boxed{6} thousand", "6000", "correct"),
     ("\\boxed{6} thousand", "7000", "wrong"), ("\\boxed{\\$5} million", "5000000", "correct"),
     ("\\boxed{6} hundred thousand", "600", "wrong"), ("\\boxed{6} thousand five hundred", "6000", "wrong"),
     ("\\boxed{6} sixteenths", "6", "no answer"), ("So there are \\boxed{9} thirds in 3.", "9", "correct"),
     ("Therefore, Jason now has \\(\\boxed{74}\\) quarters.", "74", "correct")],
)  # fmt: skip
def test_a_scale_or_a_fraction_word_after_a_box(response: str, gold: str, status: str) -> None:
    # a review: \boxed{6} thousand was wrong against 6000 (the scale word was only the unit); a run of scale words
    # is not one reading; halves, thirds and quarters after a box are counted as often (coins in Reasoning Gym's MAWPS)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The answer is $\\boxed{12}$ish.", "12", "no answer"), ("The answer is $\\boxed{12}$-ish.", "12", "no answer"),
     ("The answer is $\\boxed{12}$+.", "12", "no answer"), ("$\\boxed{7}$, but I'm not confident.", "7", "no answer"),
     ("$\\boxed{7}$ (confidence: 20%)", "7", "no answer"), ("$\\boxed{7}$ (placeholder)", "7", "no answer"),
     ("Placeholder: $\\boxed{7}$", "7", "no answer"), ("Guessing: $\\boxed{7}$", "7", "no answer"),
     ("$\\boxed{7}$ \U0001f937", "7", "no answer"), ("The answer is $\\boxed{12}$. I am confident.", "12", "correct"),
     ("The answer is $\\boxed{12}$, with a 95% confidence interval.", "12", "correct"),
     ("The answer is $\\boxed{\\frac{1}{2}}$ (the outcome is not certain).", "\\frac{1}{2}", "correct"),
     ("The answer is $\\boxed{5}$, which is impossible to improve upon.", "5", "correct")],
)  # fmt: skip
def test_hedges_around_a_box_a_review_found(response: str, gold: str, status: str) -> None:
    # a review: '12ish', '12+', 'but I'm not confident', '(confidence: 20%)', 'Placeholder:' and a shrug were credited
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Tổng cộng 6 + 36 = 42. Vậy đáp án là 42.", "42", "correct"), ("Đáp số: 42", "42", "correct"),
     ("따라서 답은 42개입니다.", "42", "correct"), ("답은 42입니다.", "41", "wrong"), ("답은 3만입니다.", "3", "unparsed"),
     ("Jadi, jawabannya adalah 42.", "42", "correct"), ("Jawapan: 42", "42", "correct"), ("Cevap 42'dir.", "42", "correct"),
     ("अतः उत्तर 42 है।", "42", "correct"), ("उत्तर 42 नहीं है।", "42", "unparsed"), ("پاسخ ۴۲ است.", "42", "correct"),
     ("Відповідь: 42", "42", "correct"), ("Odpowiedź: 42", "42", "correct"), ("Het antwoord is 42.", "42", "correct"),
     ("Svaret är 42.", "42", "correct"), ("התשובה היא 42.", "42", "correct"), ("Ang sagot ay 42.", "42", "correct"),
     ("Đáp án là 3 hoặc 4.", "3", "unparsed"), ("Jawabannya adalah sekitar 42.", "42", "unparsed"),
     ("Jawabannya 42 juta.", "42", "unparsed"), ("Đáp án là 42. Khoan đã, đáp án là 43.", "42", "wrong"),
     ("Jawabannya adalah 42. Saya salah.", "42", "no answer"), ("Cevap: 42. Emin değilim.", "42", "no answer"),
     ("Odpowiedź: 42. Nie jestem pewien.", "42", "no answer"), ("Salah satu dari 3 kotak berisi 5 bola. Jawaban: 5", "5", "correct"),
     ("Tổng là 2,5 + 1 = 3,5. Vậy đáp án là 3,5.", "3.5", "correct"), ("Harga 2,5 ribu. Jawabannya adalah 57.500.", "57500", "correct"),
     ("Jawabannya adalah 57.500.", "57500", "unparsed"), ("따라서 답은 (3,4]가 됩니다.", "(3,4]", "correct"),
     ("답은 \\frac{1}{2}이 됩니다.", "1/2", "correct"), ("答えは x=3 です。", "3", "correct"), ("Cevap $2n$'dir.", "2n", "correct"),
     ("Jawaban 2: 42", "2", "unparsed")],
)  # fmt: skip
def test_the_answer_words_of_polymath_and_mmath_languages(response: str, gold: str, status: str) -> None:
    # PolyMath's and MMATH's languages beyond MGSM's: Vietnamese, Korean (답은 ... 입니다), Indonesian and Malay, Turkish
    # (42'dir), Hindi (उत्तर 42 है), Persian, Ukrainian, and Polish, Dutch, Swedish, Hebrew and Tagalog had no answer
    # phrase; a word that changes the number (3만, juta, sekitar) or an alternative (hoặc) is never dropped, a retraction
    # in the response's language is read, and Vietnamese and Indonesian decimal commas and thousands dots are theirs;
    # MCLM's o3-mini ended a Korean answer '답은 (3,4]가 됩니다.' (the copula after the answer was read as part of it)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The answer is f'.", "f'", "correct"), ("The answer is f'.", "f", "wrong"), ("Final answer: y''", "y''", "correct"),
     ("The answer is 'x'.", "x", "correct"), ("The answer is '5'.", "5", "correct"),
     ("\\boxed{٣٫٥}", "3.5", "correct"), ("\\boxed{۳٫۵}", "7/2", "correct"), ("الإجابة هي ١٬٢٥٠", "1250", "correct"),
     ("\\boxed{\\frac{١}{٢}}", "1/2", "correct"), ("\\boxed{३.५}", "3.5", "correct"), ("پاسخ ۳٫۵ است.", "3.5", "correct"),
     ("\\boxed{٣٫٥}", "35", "wrong")],
)  # fmt: skip
def test_a_prime_after_an_answer_phrase_and_the_digits_and_separators_of_other_scripts(
        response: str, gold: str, status: str) -> None:  # fmt: skip
    # a closing apostrophe was stripped as a quote, so 'The answer is f'.' was f (wrong against f'); Arabic's decimal
    # separator ٫ and thousands separator ٬, and other scripts' digits inside an expression, were unparsed
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Por lo tanto, x es menor que $5$.", "5", "no answer"), ("Daher ist x kleiner als $5$.", "5", "no answer"),
     ("Donc x est inférieur à $5$.", "5", "no answer"), ("Поэтому x меньше $5$.", "5", "no answer"),
     ("Vậy x nhỏ hơn $5$.", "5", "no answer"), ("因此 x 小于 $5$。", "5", "no answer"), ("Jadi x kurang dari $5$.", "5", "no answer"),
     ("Thus we need $5$ or more.", "5", "no answer"), ("So the count is $5$ or less.", "5", "no answer"),
     ("したがって、x は $5$ より小さい。", "5", "no answer"), ("따라서 x는 $5$보다 작다.", "5", "no answer"),
     ("Böylece x, $5$'ten küçüktür.", "5", "no answer"), ("अतः x $5$ से कम है।", "5", "no answer"),
     ("所以答案在 $5$ 以上。", "5", "no answer"), ("Vậy khoảng cách là $5$.", "5", "correct"), ("Thus we get $7$.", "7", "correct"),
     ("Daher erhalten wir $7$.", "7", "correct"), ("所以答案是 $7$。", "7", "correct"),
     ("अंत में, उत्तर है:\n\\[\n9901\n\\]", "9901", "correct"), ("Jawabannya adalah:\n\\[\n9\n\\]", "9", "correct"),
     ("La respuesta es: 42", "42", "correct"), ("Die Antwort ist: 42", "42", "correct"), ("คำตอบคือ: 42", "42", "correct")],
)  # fmt: skip
def test_a_bound_in_any_language_is_never_the_value_and_a_colon_after_a_copula_is_skipped(
        response: str, gold: str, status: str) -> None:  # fmt: skip
    # a final sentence's one math span was taken whatever bounded it outside English: 'x es menor que $5$', 'x 小于 $5$',
    # 'x меньше $5$', '$5$ より小さい', and in English '$5$ or more', were credited against 5; and a colon after another
    # language's copula ('उत्तर है:' in MCLM's gpt-4o-mini Hindi outputs, 'La respuesta es: 42') was read as the answer
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("\\boxed{x=1 \\text{ veya } x=2}", "1, 2", "correct"), ("\\boxed{x=1 \\text{ hoặc } x=2}", "1, 2", "correct"),
     ("\\boxed{1 \\text{ und } 2}", "1, 2", "correct"), ("\\boxed{1 \\text{ 和 } 2}", "1, 2", "correct"),
     ("\\boxed{x>1 \\text{ und } x<3}", "(1,3)", "correct"), ("\\boxed{x<1 \\text{ oder } x>3}", "(1,3)", "wrong"),
     ("\\boxed{\\mathrm{e}}", "e", "correct"), ("\\boxed{2\\mathrm{i}}", "2i", "correct"),
     ("\\boxed{5 \\text{ at } x=2}", "5", "unparsed")],
)  # fmt: skip
def test_or_and_and_in_text_in_the_languages_of_the_answer_phrases(response: str, gold: str, status: str) -> None:
    # MCLM's aya-expanse Turkish boxes join their answers with \text{ veya } (or): unparsed, as \text{ hoặc }, \text{ und }
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Vậy giá trị của \\(x + y\\) là \\(17\\).", "17", "no answer"), ("Por lo tanto, $x$ no es $5$.", "5", "no answer"),
     ("Quindi $x$ non è $5$.", "5", "no answer"), ("Si $y=2$ alors $x$ est $5$.", "5", "no answer"),
     ("Donc $x$ est probablement $5$.", "5", "no answer"), ("Daher ist $x = 5$ falsch.", "5", "no answer"),
     ("Vậy $x$ là $3$ hoặc $5$.", "5", "no answer"), ("Daher erhalten wir $7$.", "7", "correct"),
     ("มิเกลใช้กระดาษ 2 แผ่น หากกระดาษหนึ่งแผ่นมี 30 แผ่น มิเกลจะใช้ 8 x 30 = 240 แผ่น คำตอบคือ 240.", "240", "correct")],
)  # fmt: skip
def test_a_final_sentence_in_another_language_is_read_only_by_its_one_math_span(response: str, gold: str, status: str) -> None:
    # the copulas of other languages (là, es, est, равно, adalah, ...) are not read: a review of 882 probes found 228 false
    # credits when they were (suppositions, negations, bounds and alternatives in twelve languages the guards cannot
    # all know); a final sentence in another language states only its one math span, with the guards of its language
    # (a negation, a doubt, a supposition, a verdict or an alternative states none)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Đáp án là $5$ hoặc $6$.", "5", "unparsed"), ("\\boxed{5} hoặc \\boxed{6}", "6", "several answers"),
     ("\\boxed{5} atau \\boxed{6}", "6", "several answers"), ("\\boxed{1} và \\boxed{2}", "1, 2", "correct"),
     ("Jawabannya adalah $5$. Tidak, $6$.", "5", "no answer"), ("Svaret är $5$. Eller kanske $6$.", "5", "no answer"),
     ("Jawabannya adalah 5. Saya tidak yakin.", "5", "no answer"), ("답은 $5$ 이상입니다.", "5", "unparsed"),
     ("答えは $5$ 以上です。", "5", "unparsed"), ("Die Antwort ist $5$ oder mehr.", "5", "unparsed"),
     ("The answer is $5$ and above.", "5", "unparsed"), ("Cevap $5$ değildir.", "5", "no answer"),
     ("답은 $5$가 되지 않습니다.", "5", "unparsed"), ("答えは $5$ でない。", "5", "unparsed"), ("Cevap $5$ olabilir.", "5", "no answer"),
     ("Đáp án là $5$ triệu.", "5", "unparsed"), ("Cevap 5 bin.", "5000", "unparsed"), ("Cevap 5 bin.", "5", "unparsed"),
     ("답은 $5$만입니다.", "5", "unparsed"), ("I read cevap 3 times. The total is 30.", "3", "wrong"),
     ("Cevap 42.", "42", "correct"), ("Jawabannya 42.", "42", "correct"), ("A válasz 42.", "42", "correct"),
     ("Cevap 3,5", "3, 5", "unparsed"), ("A válasz 3,5", "3.5", "unparsed"), ("\\boxed{4٬5}", "45", "unparsed"),
     ("He wrote 'the answer is 5'.", "5", "correct"), ("The answer is 5'.", "5", "correct")],
)  # fmt: skip
def test_the_tenth_review_of_this_stops_answer_phrases(response: str, gold: str, status: str) -> None:
    # a review of 31e4765..393f1b0 (938 probes): an alternative, a retraction, a bound, a negation or a multiplier after
    # an answer in the new languages was credited as the first value ('Đáp án là $5$ hoặc $6$', '\boxed{5} hoặc
    # \boxed{6}', '답은 $5$ 이상입니다', 'Cevap $5$ değildir', '$5$ triệu'), 'cevap 3' in an English sentence was a
    # marker, 'Cevap 42.' (a full stop) was no marker, 'Cevap 3,5' escaped the decimal-comma rule, ٬ grouped any digits,
    # and a number closed by a quote opened before the phrase was read as a prime
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize("prefix", ["Cevap 42", "Đáp án là 42", "답은 42", "La respuesta es 42", "答えは42", "Ответ: 42"])
def test_a_foreign_answer_phrase_then_a_long_run_of_spaces_is_read_before_the_deadline(prefix: str) -> None:
    # a number with at most a counter word after a foreign phrase was matched by a pattern whose optional parts between
    # runs of spaces backtrack polynomially: a number, 400 spaces and a letter took 8 s, past grade's 5 s deadline
    # (unknown); 'cevap', 16,000 spaces and a letter, and a long number before a colon, were quadratic
    for response in (prefix + " " * 20000 + "x", "cevap" + " " * 16000 + "x", "Cevap " + "1" * 20000 + ":"):
        graded = grade(response, "42")
        assert graded.status in ("unparsed", "no answer"), (response[:20], graded.status, graded.reason)


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("It is possible that the answer is $5$.", "5", "no answer"), ("I'm not sure, but x is 5.", "5", "no answer"),
     ("John says x is 5.", "5", "no answer"), ("So x is 3 or is 5.", "5", "no answer"),
     ("So x = 60 because the sum of the angles is 180.", "180", "wrong"), ("So x = 60 because the sum is 180.", "60", "correct"),
     ("So $x = 60$ because the sum of the angles is $180$.", "180", "wrong"), ("Hence n = 7, since 2^7 = 128.", "7", "correct"),
     ("So the total is 36, since 3 * 12 = 36.", "36", "correct"), ("所以一共有36个，因为3×12=36。", "36", "correct"),
     ("The answer is 5 because the sum is 10.", "10", "wrong"), ("Final answer: 60, because 180 - 120 = 60.", "60", "correct"),
     ("So she made 3 mistakes.", "3", "correct"), ("So the expected number of heads is 5.", "5", "correct"),
     ("Let's calculate the total cost: 3 * 12 = 36.", "36", "correct"), ("The answer is $2$ bin bags.", "2", "correct"),
     ("So the total is $12$, and more than half of them are red.", "12", "correct"), ("答案是 $3$ 千伏。", "3", "correct"),
     ("Muchos piensan que la respuesta es 5.", "5", "no answer"), ("Es posible que la respuesta sea $5$.", "5", "no answer"),
     ("Esto es $5$ más que antes.", "5", "no answer"),
     # a reason of several clauses joined by 'and': the last may be the reason's or a new statement (read 5 and 60)
     ("So the speed is 20 m/s because the distance is 100 m and the time is 5 s.", "5", "no answer"),
     ("The time it takes is 3 hours, since the distance is 180 miles and the speed is 60 mph.", "60", "no answer"),
     ("So the area is 12 since the base is 4 and the height is 6 and the volume is 72.", "12", "no answer"),
     ("Each ticket is $5 because 60 / 12 = 5 so the total for 3 tickets is $15.", "15", "correct"),
     ("Because the total is 12 and each box holds 3, the number of boxes is 4.", "4", "correct"),
     ("So at t = 2 s, since the ball is at its peak, its height is 20 m.", "20", "correct"),
     ("Substituting n = 10, since there are 10 terms, the sum is 55.", "55", "correct"),
     ("Since the sum is 180, x is 60.", "60", "correct"), ("Since $y = 2$, $x$ is $5$.", "5", "correct"),
     ("Therefore, the function can be rewritten as: $\\frac{1}{2}$", "1/2", "correct"), ("Thus we get $7$.", "7", "correct")],
)  # fmt: skip
def test_a_final_sentence_that_supposes_doubts_gives_a_reason_or_restates_the_problem(
        response: str, gold: str, status: str) -> None:  # fmt: skip
    # the review of the final-sentence copulas (882 probes) found these credited, in English as in other languages:
    # 'It is possible that', 'I'm not sure, but', someone else's claim without math, 'x is 3 or is 5' without math,
    # the value of a reason clause after the answer (now the value before the reason is read, or the reason's when it
    # ends on that value), and a comparison after the value; a later review (800 probes) found the first guards too
    # broad: 'since 3 * 12 = 36' after the answer, '3 mistakes', 'the expected number', '$2$ bin bags' lost credit
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("So x is $3$ squared.", "3", "no answer"), ("So the total is $3$ thousand dollars.", "3", "no answer"),
     ("So the population is $5$ million.", "5", "no answer"), ("所以一共是 $5$ 万元。", "5", "no answer"),
     ("Así que hay $5$ mil personas.", "5", "no answer"), ("So the total is $3$ times 4.", "3", "no answer"),
     ("So he goes $5$ times.", "5", "correct"), ("So he went $5$ times in total.", "5", "correct"),
     ("So it is $3$ times as large.", "3", "correct"), ("So she bought $2$ bin bags.", "2", "correct"),
     ("The answer is $5$ times.", "5", "correct"), ("So the area is $25$ square units.", "25", "correct"),
     ("So she saved $\\$450$ over 6 months.", "450", "correct"), ("So the area is $25$ squared units.", "25", "correct"),
     ("So the total is $3$ times 4, which is 12.", "12", "correct"),
     # Qwen2.5-Math-7B on Minerva (a luminosity asked in the Sun's): the factor is the answer
     ("Thus, the bolometric luminosity of the red giant is \\( 15625 \\) times that of the Sun.", "15625", "correct")],
)  # fmt: skip
def test_a_word_after_the_final_sentences_math_that_changes_its_value_states_no_answer(
        response: str, gold: str, status: str) -> None:  # fmt: skip
    # 'So x is $3$ squared.' was credited 3 (its value is 9), '$5$ million' 5, '所以一共是 $5$ 万元。' 5: the words an
    # answer phrase's math already refused (The answer is $3$ squared.) were not read in a final sentence; a count of
    # times ($5$ times, $3$ times as large, 15625 times that of the Sun: the factor asked for) still states
    # its number
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("So the area is 225 when the side is 15.", "225", "no answer"), ("So the area is 225 when the side is 15.", "15", "no answer"),
     ("So the area is $225$ when the side is $15$.", "225", "no answer"), ("So x = 12 when y = 15.", "12", "no answer"),
     ("So the velocity is 0 when t = 4.", "4", "no answer"), ("So x = 12, where y = 15.", "15", "no answer"),
     ("So the integral equals 0, where C is the circle |z| = 2.", "2", "no answer"),
     ("So the area is 225 once the side is 15.", "15", "no answer"), ("So n = 7 whereas m = 3.", "3", "no answer"),
     ("So the area is 225 in the case where the side is 15.", "15", "no answer"),
     ("So the side is $4$ cm when the area is $16$ cm$^2$.", "16", "no answer"),
     ("So the side is $4\\text{ cm}$ when the area is $16\\text{ cm}^2$.", "16", "no answer"),
     ("So the speed is 20 meters per second when t = 2 seconds.", "2", "no answer"),
     ("The area is 225 when the side is 15 and the height is 3.", "3", "no answer"),
     ("So the minimum value is 3, achieved when $a = b = c = 1$.", "1", "no answer"),
     ("So the efficiency is 40% while the cold reservoir is 300 K.", "300", "no answer"),
     ("So the magnetic field is 2e-5 T where the distance is 0.1 m.", "0.1", "no answer"),
     ("The answer is 12 big red apples when x is 3.", "3", "unparsed"),
     # the value before a clause saying it is reached then (read 3 s and 2 s: a confident wrong on the height)
     ("So the maximum height is 45 m, which is reached when t = 3 s.", "3", "no answer"),
     ("**Answer:** The maximum height is **80 feet**, reached when t = 2 s.", "2", "unparsed"),
     # a condition that states no value of its own, or a sentence that concludes after it, leaves the value read
     ("Thus, the probability is $\\frac{1}{4}$ when two coins are tossed.", "1/4", "correct"),
     ("So the probability is $\\frac{5}{36}$ when 2 dice are rolled.", "5/36", "correct"),
     ("So there are 60 distinct necklaces when rotations and reflections are considered the same.", "60", "correct"),
     ("So the number of handshakes is 45 when everyone shakes hands with everyone else.", "45", "correct"),
     ("The velocity is 0 when t = 4 s, so the maximum height is 80 m.", "80", "correct"),
     # (two things, each with its value: which one answers depends on the question)
     ("The speed is 10 m/s when the ball lands, and the kinetic energy is 50 J.", "50", "no answer"),
     ("So the answer is 3 when n is even and 5 otherwise.", "3", "unparsed"),
     ("So f(n) is 3 when n is even and 5 otherwise.", "3", "no answer"),
     # a definition after 'where' in a sentence that concludes nothing (a cut-off TheoremQA response) states nothing
     ("Now, we can use the fact that x = 2k\\pi + 1, where k is an integer, to compute the", "2k\\pi + 1", "no answer"),
     ("The answer is 12 when x is 3.", "12", "correct"), ("The answer is 12 when x is 3.", "3", "wrong"),
     ("So the answer is 12, where x is the width.", "12", "correct"), ("The maximum is attained when x = 2.", "2", "correct"),
     ("So x = 2k\\pi, where k is an integer.", "2k\\pi", "correct"),
     ("So $x = 2k\\pi$, where $k$ is an integer.", "2k\\pi", "correct"),
     ("So after 6 months, when the plan ends, her balance is 300 dollars.", "300", "correct"),
     ("So after 6 months, when the plan ends, her balance is 300 dollars.", "6", "wrong"),
     ("The value of y when x = 3 is 10.", "10", "correct"), ("The time when the tank is full is 12 hours.", "12", "correct"),
     ("So the answer is 3 when n is even and 5 when n is odd.", "3", "unparsed"),
     ("So y = 5 when x = 2 and y = 7 when x = 3.", "3", "no answer"),
     ("So y is 5 when x is 2 and y is 7 when x is 3.", "3", "no answer"),
     # a name before the condition is no stated value: the condition belongs to the subject (Sky-T1 on Minerva)
     ("The time constant is \\(0.2\\) and the steady-state value of \\(y(t)\\) when \\(u = 10\\) is \\(20\\).",
      "20", "correct"),
     ("Thus the eigenvalues of $A^{-1}$ are just $\\lambda^{-1}$ where $\\lambda$ is an eigenvalue of $A$.",
      "\\lambda^{-1}", "correct")],
)  # fmt: skip
def test_a_value_and_a_conditions_value_state_no_answer_without_the_question(response: str, gold: str, status: str) -> None:
    # 'So the area is 225 when the side is 15.' read 15, the given in the condition (a confident wrong verdict on a
    # right answer, a false credit where the gold equals the given); reading 225 instead (e67357d) was as wrong for
    # 'So the velocity is 0 when t = 4.' (a review: the question decides, and the response alone cannot). A marked
    # answer, a definition after 'where' and a clause on the subject still state their value; a case split is never
    # cut to its first case, nor read as its last condition's value
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize("response", ["So the area is 225" + " " * 20000 + "x when the side is 15.",
                                      "So the area is 225," + " " * 20000 + "reached when the side is 15.",
                                      "So x is 5 because" + " is 3 and" * 2000 + " y is 2."])
def test_a_condition_or_a_reason_after_a_long_run_is_read_before_the_deadline(response: str) -> None:
    # looking for 'which is reached' before a condition from every start in a run of spaces took 88 s for 20,000 (a
    # pattern searched over the whole sentence): past grade's deadline, unknown
    graded = grade(response, "15")
    assert graded.status != "unknown", graded.reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("I'm not sure the answer is 12.", "12", "no answer"), ("Maybe the answer is 12.", "12", "no answer"),
     ("Perhaps the answer is 12.", "12", "no answer"), ("也许答案是 12。", "12", "no answer"),
     ("I think the answer is 12.", "12", "correct"), ("Let me verify. The answer is 12.", "12", "correct"),
     ("所以答案是 12。", "12", "correct")],
)  # fmt: skip
def test_an_answer_phrase_after_a_hedge_states_nothing(response: str, gold: str, status: str) -> None:
    # the last review's open false credits: a hedge right before an answer phrase ('Maybe the answer is 12.', 'I'm not
    # sure the answer is 12.', 也许答案是 12) was credited, as the same hedge after it is not ('The answer is probably 12')
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The answer is $8$, i.e. $2^3$.", "8", "correct"), ("The answer is $\\frac12$, i.e. $0.5$.", "1/2", "correct"),
     ("The answer is $\\frac12$, that is, $0.5$.", "1/2", "correct"),
     ("The answer is $8$, i.e. $9$.", "8", "no answer"), ("\\boxed{8}, i.e. $9$.", "8", "no answer"),
     ("The total is $5$ (approx. 5.0).", "5", "correct"), ("Therefore, the answer is $42$ (see Fig. 2).", "42", "correct"),
     ("So Dr. Smith has 12 patients.", "12", "correct"),
     # (FinanceMath's outputs: a country's or a company's abbreviation is inside the sentence)
     ("Therefore, the calculated beta for U.S. real estate equities is 0.578.", "0.578", "correct"),
     ("So the price Omega Petroleum Corp. will set is 120.", "120", "correct"),
     ("We live in the U.S. Then the answer is 5.", "5", "correct"),
     ("The answer is 10 for the U.S. $x = 15$ is wrong.", "10", "correct"),
     ("So, Mr. Ruther initially had 24 hectares of land.", "24", "correct"),
     ("So, Mr. Ruther initially had 24 hectares of land.", "32", "wrong"),
     # an example is a condition (the value before it is the answer; with a value of its own, the question decides)
     ("The final answer is 12, e.g. for n = 3.", "12", "correct"), ("The final answer is 12, e.g. for n = 3.", "3", "wrong"),
     ("So x = 5, for example when y = 2.", "2", "no answer"), ("The answer is 7. E.g. 3 + 4 = 7.", "7", "correct")],
)  # fmt: skip
def test_an_abbreviations_full_stop_ends_no_sentence(response: str, gold: str, status: str) -> None:
    # 'The answer is $8$, i.e. $2^3$.' was unparsed ('$8$, i.e' up to the full stop of i.e.), 'The total is $5$ (approx.
    # 5.0).' no answer, 'So, Mr. Ruther initially had 24 hectares of land.' (RealCritic's GSM8K) no answer; a
    # restatement after i.e. is another form of the answer, credited only when it equals the gold too
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Find the total cost.\n\n$20 + $65 = $85\n\nTim needs $85.", "85", "correct"),
     ("9 dots ÷ 3 groups = 3 dots\n\nThere are 3 dots in each group.", "3", "correct"),
     ("Total cost = $47.00 x 5 = $<<47*5=235.00>>235.00\n\nAlicia spends $235.00.", "235", "correct"),
     ("$8.00 * 1.3 = $10.40\n\nColton will spend $10.4.", "10.4", "correct"),
     ("The price is 3 dollars.\n\n$3 \\times 4 = 12$\n\nHe pays 12 dollars.", "12", "correct"),
     ("Total pets = 3 + 21 + 7 + 21\nTotal pets = 59\n\nLarry has 59 pets.", "60", "wrong"),
     # without the computation right before it, or with another number, the sentence states nothing
     ("9 ÷ 3 = 3\n\nThere are 4 dots in each group.", "4", "no answer"),
     ("9 ÷ 3 = 3, and 3 + 2 = 5\n\nThere are 3 dots in each group.", "3", "no answer"),
     ("The model has 4 dots divided into 2 equal groups. There are 2 dots in each group.", "2", "no answer"),
     ("9 ÷ 3 = 3\n\nLet's check with 3 apples.", "3", "no answer"),
     # a concluding sentence: 'ended up' and 'per week' no longer block its number; 'up to' and 'per cent' do
     ("Therefore, you ended up paying 35 dollars.", "35", "correct"),
     ("$160 / 4 = $40\n\nTherefore, Keenan spends $40 per week on groceries.", "40", "correct"),
     ("Thus, the tritium nucleus contains **4 up quarks**.", "4", "correct"),
     ("So, it holds up to 35 liters.", "35", "no answer"), ("So, he pays a tax of 5 per cent.", "5", "no answer")],
)  # fmt: skip
def test_a_final_sentence_restating_the_last_result_states_it(response: str, gold: str, status: str) -> None:
    # GSM8K-style responses of older models (Rereading-LLM-Reasoning's and zero_shot_cot's saved outputs) end with a
    # plain sentence after the computation, 'Tim needs $85.', 'There are 3 dots in each group.': no answer, where the
    # publisher's grader credits them; 'Therefore, you ended up paying 35 dollars.' was no answer ('up' read as 'up to')
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Therefore, the answer (arabic numerals) is \n\n500", "500", "correct"),
     ("Therefore, the answer (arabic numerals) is 19.", "19", "correct"),
     ("The answer (in dollars) is $45$.", "45", "correct"),
     ("The answer (rounded to the nearest tenth) is 3.4.", "3.4", "correct"),
     ("Therefore, the answer (arabic numerals) is 27. \n\nThe answer (words) is \"twenty-seven.\"", "27", "correct"),
     ("Therefore, the answer (arabic numerals) is two hundred and eighty.", "280", "correct"),
     # a choice in parentheses is no note on the form
     ("The answer (C) is correct.", "C", "no answer"),
     # a value alone on the last line, announced by a copula and a colon
     ("Therefore, the total amount of money Ruth needs is:\n\n$13", "13", "correct"),
     ("Therefore, the shortest path from node 0 to node 5 is:\n\n[0, 3, 5]", "[0, 3, 5]", "correct"),
     ("Therefore, the total amount of money Ruth needs is:\n\n$13", "12", "wrong"),
     ("Let me list the steps:\n\n13", "13", "no answer")],
)  # fmt: skip
def test_an_answer_phrase_with_a_note_and_a_value_announced_by_a_colon(response: str, gold: str, status: str) -> None:
    # zero_shot_cot's prompt ends 'Therefore, the answer (arabic numerals) is' and its saved outputs were no answer
    # (the note between 'answer' and 'is'); 'the shortest path ... is:\n\n[0, 3, 5]' (Claude 2 on TheoremQA) read the
    # last line alone, which states nothing
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The highest value on the X axis is '30'.", "30", "correct"),
     ("Since there are 4 dots divided into 2 equal groups, there are 4/2 = 2 dots in each group.", "2", "correct"),
     ("So, the rate of change between 2013 and 2014 is 46 - 39 = 7 entries per year.", "7", "correct"),
     ("So, there are 12 / 4 = 3 apples in each basket, more or less.", "3", "no answer"),
     ("10 appears the most times, so the mode is 10.", "10", "correct"),
     ("So the mode appears to be 10.", "10", "no answer"),
     ("So, Barbara will measure a velocity of -130 km/h for car P.", "-130", "correct"),
     ("Therefore, the blank should be filled with: \n\n2", "2", "correct"),
     ("So the nail is 2 inches long.\n\nDo you want to measure the length of the nail in centimeters?", "2", "correct"),
     ("So the nail is 2 inches long.\n\nDo you want to see other possible lengths?", "2", "no answer")],
)  # fmt: skip
def test_final_sentences_of_chat_models_on_charts_and_word_problems(response: str, gold: str, status: str) -> None:
    # MathVista's saved outputs (Bard, Claude, GPT-4): a quoted value read with its quote (30'), the result of a
    # computation written in the final sentence with what it counts ('= 2 dots in each group'), 'appears' as 'occurs'
    # read as a hedge, 'km/h' as a relation, a concluding line's colon, and an offer to go on ('Do you want to measure
    # ...?') taken for a question the response asks about its answer
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# an explanation after i.e. is no other form; a decimal that rounds the answer to its digits is that answer
     ("So the final answer is $\\boxed{5}$, i.e. $f(5) = 0$.", "5", "correct"),
     ("The answer is $\\boxed{17}$, that is, $p_7$.", "17", "correct"),
     ("The answer is $\\boxed{3}$, i.e. $\\{1, 2, 3\\}$ has three elements.", "3", "correct"),
     ("The answer is $\\frac{1}{6}$, i.e. 0.167.", "1/6", "correct"), ("\\boxed{\\frac{1}{6}} (or 0.166)", "1/6", "no answer"),
     # an abbreviation before a capital that opens the next sentence ends its own
     ("The speeds are 40 and 60 km/h resp. So the faster train takes 2 hours.", "2", "correct"),
     ("It weighs 5 kg approx. Therefore it costs $20 to ship.", "20", "correct"),
     # an example that writes the value again illustrates it; a value given as an example is no answer
     ("The smallest such number is 12, e.g. $12 = 3 \\cdot 4$.", "12", "correct"),
     ("A value that works is 4, e.g. x = 4.", "4", "correct"), ("The minimum value is 2, e.g. when x = 1.", "2", "no answer"),
     ("The answer is a prime, e.g. 7.", "7", "unparsed"), ("So the answer is any even number, e.g. 4.", "4", "unparsed"),
     ("The final answer is 100, for instance.", "100", "unparsed"), ("So the value is 100, for instance.", "100", "no answer"),
     # a final sentence without a lead that is a step, a plan, a remark or cut off restates no result
     ("60 * 2 = 120\n\nWe convert 120 minutes to hours.", "120", "no answer"),
     ("1 + 1 = 2\n\nThere are 2 cases to consider.", "2", "no answer"), ("3 + 9 = 12\n\nKeep 12 in mind for later.", "12", "no answer"),
     ("10 + 10 = 20\n\nThis problem is from Chapter 20.", "20", "no answer"),
     ("20 - 5 = 15\n\nTeam B also scored 15 points.", "30", "no answer"),
     ("30 + 6 = 36\n\nOriginally there were 36 people", "24", "no answer"),
     # what a colon announces is a value alone, never an expression, a step, a given or a formula
     ("Her age now is:\n\n14 + 3", "17", "no answer"), ("The next step is:\n\n4", "4", "no answer"),
     ("We're told the price is:\n\n$12", "48", "no answer"), ("The formula for the sum is:\n\nn(n+1)/2", "55", "no answer"),
     ("So the total is:\n\n**45 dollars**", "45", "correct"),
     # place values are no numbers in words
     ("The answer is hundreds.", "100", "unparsed"), ("$\\boxed{\\text{tens}}$", "10", "unparsed")],
)  # fmt: skip
def test_the_new_readings_refuse_what_a_review_found_them_crediting(response: str, gold: str, status: str) -> None:
    # an adversarial review of the abbreviation, i.e., example, restated-result, announced-value and number-word rules
    # (1,085 probes) found them crediting examples, steps and place values, and losing '\boxed{5}, i.e. $f(5) = 0$.'
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    "response",
    ["1 + 1 = 2\n\nThere are 2 steps left.", "1 + 2 = 3\n\nThe problem has 3 parts.", "So 24 / 8 = 3\n\nThat leaves 3 unknowns.",
     "3 + 9 = 12\n\nIt has 12 as a factor.", "12 + 12 = 24\n\nThis is the same 24 as before.",
     "5 + 2 = 7\n\nThe correct option must have 7 in it.", "9 + 1 = 10\n\nCount down from 10.",
     "2 + 3 = 5\n\nHere is a 5 step plan.", "70 + 30 = 100\n\nThey need 100 points to win the game.",
     "The expression we need to evaluate is:\n\n81"],
)  # fmt: skip
def test_a_remark_after_a_computation_restates_no_result(response: str) -> None:
    # a second review round: remarks that write the last result again for another purpose were credited
    gold = re.findall(r"\d+", response)[-1]
    assert grade(response, gold).status == "no answer", response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Therefore, Skyler's investment was $<<240=240>>240.", "240", "correct"),
     ("So she has 5*3 = <<5*3=15>>15 apples left.", "15", "correct"), ("The answer is <<5*3=15>>15.", "15", "correct"),
     ("The answer is <<5*3=15>>16.", "15", "wrong"),
     ("Therefore, the total cost of the pastries is $<<694>>694.", "694", "correct"),
     ("So the total is <<694>>695.", "695", "unparsed"), ("So the total is <<694>>6940.", "6940", "unparsed"),
     # a list of words after a comma says nothing of the number; a clause or another number may
     ("Therefore, the shop makes a total of 500 chimichangas on Tuesdays, Wednesdays, and Fridays.", "500", "correct"),
     ("Therefore, Carlos and Benji will pay a total of $180 for their rentals, altogether.", "180", "correct"),
     ("So, Tom has 5 apples, which is 2 more than Jane.", "5", "no answer"),
     ("So, Tom has 5 apples, and Jane has 3.", "5", "no answer"), ("So, Tom has 5 apples, but that is wrong.", "5", "no answer"),
     ("Therefore, after spinning 2250 degrees, the figure skater is facing **west**.", "2250", "no answer"),
     ("$20 + 4 \\times 25 = 120$\n\nThe whole phone plan costs $120.", "120", "correct")],
)  # fmt: skip
def test_calculator_annotations_and_a_list_after_a_concluding_number(response: str, gold: str, status: str) -> None:
    # GSM8K's calculator annotations in a model's final sentence ('$<<240=240>>240.', Rereading-LLM-Reasoning's
    # outputs) were read as a relation; a comma anywhere after a concluding sentence's number blocked it
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# a check after the answer is no computation of the final sentence: never a confident wrong on the answer
     ("Final answer: 7 boxes, as 7 × 12 = 84 eggs.", "7", "correct"),
     ("Final answer: 7 boxes, as 7 × 12 = 84 eggs.", "84", "wrong"),
     ("So x = 6.\n\nVerification: 2 × 6 + 3 = 15 correct.", "6", "no answer"),
     ("So x = 7 lies outside the domain.", "7", "no answer"), ("This gives 7 × 8 = 56 originally.", "56", "no answer"),
     ("Therefore, Jean is 8.6 + 2 = 10.2 years old.", "10.2", "correct"),
     # more remarks after a computation
     ("7 × 8 = 56.\nThere are 56 students at first.", "56", "no answer"),
     ("12 × 5 = 60.\n\nHe plans to buy 60 apples.", "60", "no answer"),
     ("7 × 8 = 56.\n\nThe problem states 56 students.", "56", "no answer"),
     # notes that hedge or limit the answer phrase; a reference, a restatement or an example after the answer
     ("The answer (maybe) is 14.", "14", "no answer"),
     ("The answer (to the first part) is 12. The second part is still unknown.", "12", "no answer"),
     ("The answer is given in Eq. 7.", "7", "unparsed"), ("The answer is 9 (see Eq. 5).", "9", "correct"),
     ("The answer is 3, i.e. 3.", "3", "correct"), ("The answer is 1/6, i.e. 0.167.", "1/6", "correct"),
     ("The answer is 3, i.e. 4.", "3", "no answer"), ("The answer is 12, e.g. 13.", "12", "no answer")],
)  # fmt: skip
def test_what_a_second_review_found(response: str, gold: str, status: str) -> None:
    # a second review (1,174 new probes) found the result of a check after the answer read as the answer (a confident
    # wrong on 'Final answer: 7 boxes, as 7 × 12 = 84 eggs.'), remarks, hedging notes, a label read as the value, and
    # plain answers whose restatement after i.e. left them unparsed
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# a restatement after i.e. with a number that is no plain value is not compared, and not dropped either
     ("The answer is 120 minutes, i.e. 2 hours.", "2", "unparsed"), ("The answer is 1/4, i.e. 0.25 or 0.3.", "1/4", "unparsed"),
     ("So the area is $16\\pi$, i.e. about 48.", "16\\pi", "no answer"),
     ("The answer is 2, i.e. the number of roots.", "2", "correct"),
     # someone else's quoted answer, a given restated
     ("My friend's answer is '30'.", "30", "unparsed"), ("The original number of apples was:\n\n5", "8", "no answer"),
     ("7 × 8 = 56.\nLast year there were 56 students.", "56", "no answer"),
     ("12 × 5 = 60.\nHe wanted 60 apples.", "60", "no answer")],
)  # fmt: skip
def test_what_a_second_review_found_after_its_first_fixes(response: str, gold: str, status: str) -> None:
    # the second review's probes run again after the first fixes: a restatement after i.e. dropped ('120 minutes, i.e. 2
    # hours' graded as 120 minutes), someone else's quoted answer, the given restated after 'was:' and more remarks
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# older chat models (Plan-and-Solve's text-davinci-003, verify_cot's ChatGPT) end with a sentence that restates the
     # last result among the givens: the number equal to that result is the answer
     ("16 - 3 - 4 = 9\nTotal = 9 x $2 = $64\n\nAnswer: Kylar needs to pay $64 for 16 glasses.", "64", "correct"),
     ("Calculation:\n154 - 91 = 63\n\nAnswer:\nBaker bought 63 more cakes than those he sold.", "63", "correct"),
     ("24 sacks / 8 sacks = 3 days\n\nAnswer:\n\nIt will take 3 days to harvest 24 sacks of oranges.", "3", "correct"),
     ("13 years x 2 inches/year = 26 inches\n\nAnswer: The crocodile will grow 26 inches in 13 years.", "26", "correct"),
     ("In 4 hours: 5 x 14,400 = 72,000 jellyfish\n\nAnswer:\n\n5 springs create 72,000 jellyfish in 4 hours.",
      "72000", "correct"),
     ("700 x 2 = 1400\n\nTherefore, the zookeeper needs to order 1400 bananas to last for 2 months.", "1400", "correct"),
     ("$47 x 5 = $235\n\nAlicia spends $235.00 on dry-cleaning in 5 weeks.", "235", "correct"),
     ("3 + 4 = 7\n\nSo the answer to this question is Anna took 7 hours to complete 3 puzzles.", "7", "correct"),
     ("16 - 3 - 4 = 9\nTotal = 9 x $2 = $64\n\nAnswer: Kylar needs to pay $64 for 16 glasses.", "16", "wrong"),
     # ... never two results, a number written for the first time, a list, a bound, a hedge, a condition or a remark
     ("Total balloons = 3 + 5 = 8\n\nTotal balls = 20 + 59 = 79\n\nAnswer: Allan and Jake had 8 balloons and 79 balls.",
      "8", "unparsed"),
     ("Calculation:\n35 - 19 = 16\n\nAnswer:\nEdward had to use 2 boxes to pack the remaining 16 games.", "16", "unparsed"),
     ("x = (1/2) * 20\n\nx = 10\n\nAnswer:\n\nThey picked a total of 30 apples (10 apples for Jenna and 20 for her mom).",
      "10", "unparsed"),
     ("(-1)^3 = 1. Thus, the answer to the problem is that 1 and -1 are the generators of Z.", "1", "unparsed"),
     ("3 + 4 = 7\n\nAnswer: Perhaps Anna took 7 hours for 3 puzzles.", "7", "unparsed"),
     ("3 + 4 = 7\n\nAnswer: Anna took more than 7 hours for 3 puzzles.", "7", "unparsed"),
     ("3 + 4 = 7\n\nAnswer: Anna took 7 hours for 3 puzzles, or 8 hours.", "7", "unparsed"),
     # a condition that ends the sentence is the question's restated (Karen earns $120 in two days if she works 3
     # hours per day.: Plan-and-Solve's answers); one that hedges, doubts or computes is not
     ("Anna solves 3 puzzles: 3 + 4 = 7\n\nAnswer: Anna takes 7 hours if she solves 3 puzzles.", "7", "correct"),
     # (never a new scenario: words the response did not write before)
     ("Anna solves 3 puzzles: 3 + 4 = 7\n\nAnswer: Anna takes 7 hours for 3 puzzles if she rests on Sunday.", "7",
      "unparsed"),
     ("3 + 4 = 7\n\nAnswer: Anna takes 7 hours if I am right about the 3 puzzles.", "7", "unparsed"),
     ("3 + 4 = 7\n\nAnswer: Anna takes 7 hours if she solves 3 puzzles correctly.", "7", "unparsed"),
     ("3 + 4 = 7\n\nAnswer: Anna takes 7 hours if 3 + 1 puzzles are solved.", "7", "unparsed"),
     ("3 + 4 = 7\n\nAnswer: Anna takes 7 hours if she solves 3 puzzles, or 8 hours otherwise.", "7", "unparsed"),
     ("3 + 4 = 7\n\nAnswer: If she solves 3 puzzles, Anna takes 7 hours.", "7", "unparsed"),
     ("3 + 4 = 7\n\nAnswer: Anna would take 7 hours for 3 puzzles.", "7", "correct"),
     ("3 + 4 = 7\n\nAnswer: Anna might take 7 hours for 3 puzzles.", "7", "unparsed"),
     ("3 + 4 = 7\n\nAnswer: Anna would have taken 7 hours for 3 puzzles.", "7", "unparsed"),
     ("60 / 12 = 5\n\nThere are 5 working days in a week and 7 days.", "5", "no answer"),
     ("60 * 2 = 120\n\nTherefore, we convert 120 minutes to 2 hours.", "120", "no answer"),
     ("DF = 17 cm.\n\nEF = (AE - DF) / 2 = 5 cm.\n\nThe length of EF is therefore the length of DF plus 5 cm.", "5", "no answer"),
     # the answer to this question is ...: the answer phrase
     ("So the answer to this question is Craig has $19 left.", "19", "correct"),
     ("The answer to the problem is $n = 32$.", "32", "correct"),
     # numbers in words with their unit, and an irrational answer restated as a decimal that rounds it
     ("The answer is fifteen minutes.", "15", "correct"), ("\\boxed{\\text{three hundred dollars}}", "300", "correct"),
     ("The answer is twelve apples.", "13", "wrong"), ("The answer is one half.", "1", "unparsed"),
     ("The answer is $\\pi$, i.e. 3.14.", "\\pi", "correct"), ("The answer is $\\sqrt{2}$, i.e. 1.414.", "\\sqrt{2}", "correct"),
     ("The answer is $\\pi$, i.e. 3.15.", "\\pi", "no answer"), ("The answer is $\\pi$, i.e. 3.1.", "\\pi", "no answer")],
)  # fmt: skip
def test_a_sentence_that_restates_the_last_result_among_givens_states_it(response: str, gold: str, status: str) -> None:
    # first contact with Plan-and-Solve's text-davinci-003 answers (AGI-Edgerunners/Plan-and-Solve-Prompting) and
    # verify_cot's ChatGPT answers (lz1oceani/verify_cot): 'Answer: Kylar needs to pay $64 for 16 glasses.' and 'So the
    # answer to this question is Craig has $19 left.' were unread (a quarter of the right answers of the first)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# the last line's computation, its result followed by what it counts (more than three words) or by givens
     ("Problem: How many pounds do a flock of ten ducks need per day?\n\nStep 2: 35 pounds of insects per week / 7 days = "
      "5 pounds of insects per day\n\nAnswer: A flock of ten ducks needs 5 pounds of insects per day to survive.", "5", "correct"),
     ("She charges $15 per student: 495 * 15 = $<<495*15=7425.00>>7425.00 in 1 week.\n\nTherefore, Judy makes $7425.00 in "
      "1 week.", "7425", "correct"),
     ("Work: 24 * 12 = 288 days\nCheck: 288 * 50 = 14400 dollars\n\nTherefore, the builder earns $14400 in 288 days.", "14400",
      "no answer"),
     ("y = 27 - x - 15\n\ny = 12 - x\n\nTherefore, in each row, there are 12 - x cups of mint tea.", "12", "no answer"),
     ("6^83 * 8^83 = 466 mod 49\n\nTherefore, the answer is 466 mod 49.", "466", "unparsed"),
     # another result restated as a circumstance of this one (in 200 bags), never as a second answer
     ("There were 2000 apples sold. Each bag has 10 apples, so 2000 / 10 = 200 bags were sold.\nEach bag was sold for $5, so "
      "200 x $5 = $1000\n\nTherefore, the answer (arabic numerals) is:\n\nThe orchard earned $1000 from selling 2000 apples in "
      "200 bags at $5 per bag.", "1000", "correct"),
     ("So 5 + 3 = 8 balloons and 40 + 39 = 79 balls.\n\nAnswer: She has 8 balloons and 79 balls.", "79", "unparsed"),
     # a second result is what a computation gives, never an assignment or a verb of the problem restated
     ("Plan:\nNumber of cookies = 5\n5 = (x/2) + 2\nx = 6\n\nAnswer: Matt has to eat 6 carrot sticks to get 5 cookies.", "6",
      "correct"),
     ("Variables: she has to make 16 muffins.\nd = 16 x 8.25\nd = 132 tablespoons\n\nAnswer:\n\nSvetlana would need 132 "
      "tablespoons of dry ingredients to make 16 muffins.", "132", "correct"),
     # a computation of its own after an answer phrase, each operand with its unit, when it is the last statement
     ("Answer: Total number of cans collected = 48 cans + 24 cans = 72 cans.", "72", "correct"),
     ("Work.\n\nAnswer: 21 kg x 7 days = 147 kg of dog food per week", "147", "correct"),
     ("Answer:\nThe number of pencils Anthony kept = x - y - z = 50 - 25 - 15 = 10 pencils.", "10", "correct"),
     ("The answer (arabic numerals) is \n\n4 buses + 6 minibuses + 10 minivans = 20 vehicles \n20 vehicles * 60 employees/bus "
      "= 1,200 employees", "20", "unparsed"),
     # a line that gives the value of the label the line before computed
     ("Total number of raspberries = 6 x 20 + 67\n\nTotal number of raspberries = 120 + 67\n\nTotal number of raspberries = "
      "187 raspberries", "187", "correct"),
     # (another label's line is no result of that computation, but a value named, as Ben's score = 32 is)
     ("Amy's score = 24 + 8\n\nBen's score = 32 points", "32", "correct"),
     ("Amy's score = 24 + 8\n\nBen's score = 32 points", "33", "wrong"),
     # ... never under a supposition made for a missing given (MiP's questions)
     ("**Let's say the building has 10 floors:**\n\n* Total unoccupied units = 2 unoccupied units/floor * 10 floors = 20 "
      "unoccupied units.", "20", "no answer"),
     # a step's label is layout; 'times' right after a number counts; 'it takes' states a duration; \$ is a dollar
     ("So the total is 19 + 39 + 25 = 83 dimes.\n\nStep 3: Melanie has 83 dimes now.", "83", "correct"),
     ("Step 1: 66 - 52 = 14\n\nAnswer:\n\nStep 2: Benny now has 14 seashells.", "14", "correct"),
     ("She needs 45 / 9 = 5 times.\n\nTherefore, Sandra needs to babysit 5 times.", "5", "correct"),
     ("She needs 45 / 9 = 5.\n\nTherefore, Sandra needs 5 times as many eggs.", "5", "no answer"),
     ("**Total time:** 5 + 10 + 10 + 2.5 + 2.5 = **30 minutes**\n\n\nIt takes John 30 minutes to peel the apples.", "30",
      "correct"),
     ("The difference is \\$70 - \\$60 = \\$10.\n\nSo, Pam pays \\$10 more than Susan.", "10", "correct"),
     ("He had 50 + 21 = 71 dollars.\n\nSo, Ali has $71 now.", "71", "correct"), ("So, we now check 71.", "71", "no answer"),
     # a program's printed output is the result of its computation, and a code fence ends a sentence (ToRA's answers)
     ("```python\nprint(other_reasons())\n```\n```output\n19\n```\n19 people were kicked out for other reasons.", "19",
      "correct"),
     ("```python\nprint(horse_12())\n```\n```output\n16.0\n```\n16 people voted for horse #12.", "16", "correct"),
     ("```python\nprint(total())\n```\n```output\n16.0\n```\n17 people voted for horse #12.", "16", "no answer"),
     # a sentence that opens with an inverted condition supposes its value
     ("Each glass costs $4 and Kylar buys 16 glasses. 16 * 4 = $64\n\nAnswer: Had Kylar paid $64 for 16 glasses, he would be "
      "broke.", "64", "unparsed"),
     # two things, each with its value: which one answers depends on the question; after an answer phrase, the first
     ("x = 5\n\nTherefore, the number of chickens is 5 and the number of cows is 15.", "5", "no answer"),
     ("Therefore, the voltage across RL is 6.53V (rounded) and the current across RL is 0.00139A.", "0.00139", "no answer"),
     ("So the area is 12 and the answer is 12.", "12", "correct"),
     ("The answer is 5, and the sum is 15.", "5", "no answer"), ("The answer is 5, and the sum is 15.", "15", "no answer"),
     ("The answer is 5 more than Tom, and Tom's age is 10.", "5", "no answer"),
     ("The answer is 5/2, and the sum is 15.", "5", "no answer"), ("Answer: 5, and the sum is 15.", "5", "no answer"),
     # the other thing may be numbered or labelled (it read the last part's value as the answer)
     ("So the answer for Q3 is 7 and Q4 is 8.", "8", "no answer"), ("So the answer to part (a) is 7 and part (b) is 8.", "8",
      "no answer"), ("So the answer for Q3 is 7 and Q4 is 7.", "7", "correct"),
     ("The period of state 0 is 2, and the period of state 1 is 4.", "4", "no answer"),
     # what the first adversarial review of this stop found: a clause after the line's result, a counterfactual or a
     # second case in the condition, an inverted condition anywhere, a bound in a label, a statement after the
     # computation, a step label before more steps
     ("Total = 12 + 15 = 27 dollars, 3 dollars less than his 30 dollar budget\nAnswer: He has $3 left from his $30 "
      "budget after spending $27.", "27", "unparsed"),
     ("So she earns $36.\n12 * 5 = 60\nShe would earn $60 if she had worked all 5 days.", "60", "no answer"),
     ("5 x 12 = 60\n\nAnswer: She earns $60 if she sells 5 cakes and $12 if she sells one.", "60", "unparsed"),
     ("She works 10 hours a day: 10 x 14 = 140\n\nAnswer: Jordan would earn $140 in one week had he worked every day.",
      "140", "unparsed"),
     ("Answer: Upper bound: 48 cans + 24 cans = 72 cans", "72", "unparsed"),
     ("Step 2: 19 + 64 = 83\nStep 3: Melanie would have had 83 dimes.", "83", "no answer"),
     # what the second review found: a given assigned to a label, a given in dollars, a given on an equation's side, a
     # new scenario in the condition, a second result after 'with'
     ("Tom has 7 apples. Target = 12 apples. 7 + 5 = 12\nTom needs 5 more apples to have 12 apples.", "12", "no answer"),
     ("He wants $12 worth. 7 + 5 = 12\nTom needs 5 more apples to have 12 apples.", "12", "no answer"),
     ("Goal = 30\n18 + 12 = 30\nAnswer: She will have 30 stickers after buying 12 stickers.", "30", "unparsed"),
     ("Perimeter = 30. 2w + 2(10) = 30\nSo the rectangle has a perimeter of 30 with a length of 10.", "30", "no answer"),
     ("3 x 7 = 21 miles per week.\n3 x 6 = 18\nMia runs 18 miles if she rests on Sunday.", "21", "no answer"),
     ("He picked 3 + 2 = 5 apples and 4 + 3 = 7 pears.\n\nAnswer: He has 7 pears with 5 apples.", "7", "unparsed"),
     ("Tom has 7 apples and wants 12 red apples. 7 + 5 = 12 apples\nTom needs 5 more apples to reach 12 apples.", "12",
      "no answer"),
     ("She has some.\nAnswer: 3 boys x 4 apples = 12 apples short", "12", "unparsed"),
     ("Answer: Total = 48 cans + 24 cans = 72 cans. But he recycles half.", "72", "unparsed"),
     ("Answer:\nStep 1: Benny had 17 seashells.\nStep 2: He gave 3, so 17 - 3 = 14.\nStep 3: Benny now has 14 seashells.",
      "17", "wrong"),
     ("Answer:\nStep 1: Benny had 17 seashells.\nStep 2: He gave 3, so 17 - 3 = 14.\nStep 3: Benny now has 14 seashells.",
      "14", "correct"),
     # Plan-and-Solve's steps after 'Answer:' in paragraphs, from a first step or a computation to their conclusion
     # (its first line was read: F = 2T = 2 x 125 = 250, x = y + 30)
     ("Answer:\n\nF = 2T = 2 x 125 = 250\n\nT + W + F = 125 + 125 + 250 = 500\n\nTherefore, the shop makes 500 "
      "chimichangas on Tuesdays, Wednesdays and Fridays.", "500", "correct"),
     ("Answer:\n\nx = y + 30\nx = 40 + 30\nx = 70\n\nGretchen has 70 gold coins.", "70", "correct"),
     ("Answer:\n\nStep 1: 100 x 30% = 30\n\nStep 2: 30 x 20% = 6\n\nTherefore, 6 people get offers.", "6", "correct"),
     ("Answer:\n\nStep 1: 100 x 30% = 30\n\nStep 2: 30 x 20% = 6\n\nTherefore, 6 people get offers.", "30", "wrong"),
     ("Answer:\n\nStep 1: 24 x 24 = 576\n\nHe would need 576 tiles if he tiled it twice.", "576", "no answer"),
     ("Answer:\n\n2 x 4 = 8\n\nI hope this helps!", "8", "unknown"),
     # (the block's answer lies in its last statement, never the whole block read at once: the review's given restated)
     ("Answer:\nF = 2T = 2 x 125 = 250\n\nT = 125", "125", "no answer"),
     ("Answer:\nF = 2T = 2 x 125 = 250\n\nT = 125", "250", "no answer"),
     # (steps opened by math whose last statement states nothing: the math is read, as before such steps were)
     ("Therefore, the answer (arabic numerals) is: \n\n3 * 40 = 120 \n\nThe turtle can crawl 120 feet in 40 seconds.",
      "120", "correct"),
     ("Answer:\nx = y + 30\n\ny = 20\n\nx = 50", "20", "wrong")],  # (never the given y = 20: x = 50 now, its solution)
)  # fmt: skip
def test_older_chat_models_results_restated_after_their_computation_are_read(response: str, gold: str, status: str) -> None:
    # the right answers of Plan-and-Solve's text-davinci-003 (AGI-Edgerunners/Plan-and-Solve-Prompting), MiP's Gemma and
    # o3-mini (tianyi-lab/MiP-Overthinking) and Tebmer/Rereading-LLM-Reasoning's GPT-3.5 that the last stop still did
    # not credit: a result followed by a long unit or by givens, a computation with units after 'Answer:', a step's
    # label, 'if' restating the question's condition; and the readings they must never give (an operand, a check, a
    # supposition, the last of two things)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# a difference stated after its number is exact (the question asked how many more) ...
     ("Answer: John has 21 more candies than James.", "21", "correct"), ("Answer: Pam pays $10 more than Susan.", "10", "correct"),
     ("Answer: Mary needs to add 4 more cups of flour.", "4", "correct"),
     ("Answer: 58 bottles of regular soda more than diet soda.", "58", "correct"),
     ("Answer: The bus traveled 60 miles farther than the car.", "60", "correct"),
     ("Answer: Jairus will get $6 more than Jenny.", "5", "wrong"),
     ("Therefore, Harry slept 3 more hours than James.", "3", "correct"),
     # ... but a comparison before it, or 'or', a number word or a single letter after it, bounds it or makes another
     # value, and after a copula it states the subject's value (the question decides), as a verb between does
     ("Therefore, the number of objects left is 15 less than the total number of objects.", "15", "no answer"),
     ("Answer: The boots are $1 more expensive on eBay.", "1", "unparsed"),
     ("Therefore, September 1982 has more actual total income.", "1982", "no answer"),
     ("Answer: more than 7 hours.", "7", "unparsed"), ("Answer: 14 hours or more.", "14", "unparsed"),
     ("Answer: 5 less than x.", "5", "unparsed"), ("Answer: 5 more or less.", "5", "unparsed"),
     ("Answer: 5 times more than Jane.", "5", "unparsed"), ("Answer: about 5 more than Jane.", "5", "unparsed"),
     ("Answer: 5 more than three.", "5", "unparsed"), ("Answer: The price is more than $99.", "99", "unparsed"),
     # an operand of an expression is never its value (the number was read out of x + 33 before)
     ("Answer: Ed now has x + 33 marbles.", "33", "unparsed"), ("Answer: Ed now has x - 33 marbles.", "33", "unparsed"),
     ("Answer: Ed has 33 * y marbles.", "33", "unparsed"), ("Answer: Ed has n + 33 marbles more than Doug.", "33", "unparsed"),
     ("Answer: Ed has 33 - x marbles.", "33", "unparsed"), ("Answer: Jake has -23 peaches.", "-23", "correct"),
     ("Answer: Ann earns $33/hour.", "33", "correct"), ("Answer: a 33-year-old man.", "33", "correct"),
     ("Therefore, the answer is 1 - the given conditions are equivalent.", "1", "correct"),
     # the one value a marked answer sets in bold (Gemma's '**Answer:** ... **20 miles** ...)
     ("**Answer:** After 2 hours, the two cars will be **20 miles** apart.", "20", "correct"),
     ("**Answer:** Emma needs to make **18** more vlogs to complete her goal of 72 vlogs.", "18", "correct"),
     ("**Answer:** Emma needs to make **18** more vlogs to complete her goal of 72 vlogs.", "72", "wrong"),
     ("**Answer:** The combined weight of **three** treeks equals the weight of one squig.", "3", "correct"),
     ("**Answer:** Sam will have **16/27 gallons** of milk left.", "16/27", "correct"),
     ("**Answer:** The price is **$1.25** for 3 apples.", "1.25", "correct"),
     ("**Answer:** The sloth needs to pick up at least **12** berries per trip.", "12", "unparsed"),
     ("**Answer:** They need **2** times as many boxes as 3 crates.", "2", "unparsed"),
     ("**Answer:** Maybe **5** boxes with 3 eggs.", "5", "unparsed"),
     ("**Answer:** If she buys **5** boxes, she has 3 eggs.", "5", "unparsed"),
     ("**Answer:** There are **5** boxes and **3** crates.", "5", "unparsed"),
     ("**Answer:** Ray takes **3x + 6** minutes longer than 2 days.", "6", "unparsed"),
     ("**Answer:** **5** or more boxes for 3 kids.", "5", "unparsed"),
     ("**Answer:** On step **3** we have 4 boxes.", "3", "unparsed"),
     # a review of these rules (699 probes) found givens restated, bounds, ranges, labels and corrections read: refused
     ("James has 31 candies. John has 21 more than James.\nJohn has 31 + 21 = 52 candies.\n\nAnswer: John has 21 more "
      "candies than James.", "52", "unparsed"),
     ("Shandy: 45 mph x 10 hours = 450 miles\n\nAnswer:\nShandy drove 230 miles farther than Matteo.", "230", "correct"),
     ("40 - 15 = 25\n\nAnswer: It's 15 less than the total.", "25", "unparsed"),
     ("40 - 15 = 25\n\nAnswer: The number left becomes 15 less than the total.", "25", "unparsed"),
     ("40 - 15 = 25\n\nAnswer: The remaining count, 15 less than the original, is what is left.", "25", "unparsed"),
     ("Answer: She needs 4 more hours or longer.", "4", "unparsed"), ("Answer: She needs 4 more boxes tops.", "4", "unparsed"),
     ("Answer: If Harry sleeps 3 more hours than James, he will be rested.", "3", "unparsed"),
     ("Answer: Ed has 5 more than x's count.", "5", "unparsed"), ("Answer: Ed has 5 less than xy.", "5", "unparsed"),
     ("Answer: The shop sold 340 more books than the previous year.", "340", "correct"),
     ("Answer: The shop sold 340 more books than the previous answer.", "340", "unparsed"),
     ("Answer: Tom could have bought 11 more CDs.", "11", "correct"),
     ("Answer: Ed has x-33 marbles.", "33", "unparsed"), ("Answer: Tom has *18* apples.", "18", "correct"),
     ("Answer: She earns $12/h.", "12", "correct"), ("Answer: He has 4 boxes for more fun.", "4", "correct"),
     ("72 - 54 = 18\n\n**Answer:** Emma needs 18 more vlogs to reach **72**.", "72", "unparsed"),
     ("5 x 15 = 75\n\n**Answer:** Buying **5 shirts** costs $75 in total.", "5", "unparsed"),
     ("**Answer:** In week **3**, she has 18 vlogs.", "3", "unparsed"),
     ("1998 + 30 = 2028\n\n**Answer:** Tom will turn 30 in the year **2028**.", "2028", "correct"),
     ("**Answer:** It raised **1.5 million** dollars.", "1.5", "unknown"),
     ("**Answer:** It raised **1.5 million** dollars.", "1500000", "correct"),
     ("**Answer:** It takes **5**-7 days.", "5", "unparsed"), ("**Answer:** It costs over $**50**.", "50", "unparsed"),
     ("**Answer:** It takes **5** days, or 7 with weekends, to ship 20 boxes.", "5", "unparsed"),
     ("**Answer:** Instead of **18**, she needs 20 vlogs.", "18", "unparsed"),
     ("**Answer:** Each friend gets **4** cookies, so 12 cookies are eaten in total.", "4", "unparsed"),
     ("72 - 54 = 18\n\n**Answer:** Emma needs to make **18 more vlogs** to reach her goal of 72.", "18", "correct"),
     ("3/15 + 10/15 = 13/15\n\n**Answer:** Louis and Jack eat **13/15** of the pie altogether.", "13/15", "correct"),
     ("**Answer:** Tom finished **2**nd out of 10 runners.", "2", "unparsed"),
     # ... and a final sentence's one bold value, when the sentence concludes or restates the result right before it
     ("* **Total Fruits:** 110 tomatoes + 32 eggplants = 142 fruits\n\n\nRicardo can get **142** fruits from his plants.",
      "142", "correct"),
     ("* **Pizzas needed:** 80 slices / 8 slices/pizza = 10 pizzas\n\n\nJohn needs to order **10 pizzas**.", "12",
      "wrong"),
     ("* 8/18 simplifies to **4/9**\n\nTherefore, **4/9** of the books remaining on the shelves are math books.", "4/9",
      "correct"),
     ("Total = 10 + 5 = 15\n\nTom has **12** apples and 3 pears.", "12", "no answer"),
     ("Total = 10 + 5 = 15\n\nWe can now split **15** apples among 3 kids.", "15", "no answer"),
     ("* **Total earnings:** $30 + $42 = $72\n\nMatthew would earn **$72** if he agrees to the offer.", "72", "no answer"),
     ("Total = 10 + 5 = 15\n\nTom does not have **15** apples.", "15", "no answer"),
     ("Total = 10 + 5 = 15\n\nTom originally had **15** apples.", "15", "no answer"),
     ("So, the zookeeper needs to order 1400 bananas.", "1400", "correct"),
     ("So the mass is on the order of 1400 kg.", "1400", "no answer"),
     # a computation after a verb or 'a total of' in a marked sentence; another result named as a known set; a number in
     # words the response wrote before (Plan-and-Solve's endings)
     ("Answer:\nThe total number of goats left in the two farms is 55 + 45 - 10 - 20 = 70 goats.", "70", "correct"),
     ("Answer:\nThe three have a total of 40 + 36 + 46 = 122 crabs.", "122", "correct"),
     ("Answer: It is 5 + 3 = 8 apples if he buys more.", "8", "unparsed"),
     ("Answer: Tom has 5 + 3 = 8 apples, not 9.", "8", "correct"),  # (another value denied after a comma: a note)
     ("Answer: Tom has 5 + 3 = 8 apples, not 9.", "9", "wrong"),
     ("Step 1: Windows left = 10 - 6 = 4\nStep 2: Time = 4 x 5 hours = 20 hours\n\nAnswer: It will take the builder 20 "
      "hours to install the remaining 4 windows.", "20", "correct"),
     ("Total earnings for the first two weeks = $50 + $80 = $130\n\nAnswer:\nLloyd earned $130 for the first two weeks.",
      "130", "correct"),
     # (two, not written before, is no answer in words either: its value is not the result 130)
     ("Total = $50 + $80 = $130\n\nAnswer:\nLloyd earned $130 for the first two weeks.", "130", "correct"),
     ("Total = 3 * 24 = 72\n\nAnswer:\nWith 3 boxes of 24 eggs, she has seventy-two eggs.", "72", "unparsed"),
     ("He needs 20 / 5 = 4 bags.\nTherefore, the answer is Uncle Ben needs 4 bags of oats for five days.", "4", "correct"),
     # (never a second quantity set beside the result: so twenty bags in total, forty-five with tips)
     ("Each day needs 20 / 5 = 4 bags. Therefore, the answer is Uncle Ben needs 4 bags per day, so twenty bags in "
      "total.", "4", "unparsed"),
     ("He earns 15 * 2 = 30 dollars. Therefore, the answer is he earns 30 dollars, forty-five with tips.", "30",
      "unparsed"),
     ("Total balloons = 3 + 5 = 8\n\nTotal balls = 20 + 59 = 79\n\nAnswer: Allan and Jake had the 8 balloons and 79 balls.",
      "79", "unparsed"),
     # a response that is one sentence states its one number, or its one clock time (TabMWP's answers)
     ("Becky needs $38.61 to buy a pair of shoes and a pair of sweat pants.", "38.61", "correct"),
     ("The school board meeting begins at 10:55 A.M.", "10:55 A.M.", "correct"),
     ("So the meeting begins at 10:55 A.M.", "10:55 P.M.", "wrong"),
     ("The train leaves at 10:55 A.M. if it is on time.", "10:55 A.M.", "no answer"),
     ("The bus leaves at 10:55 A.M. and arrives at 11:40 A.M.", "11:40 A.M.", "no answer"),
     ("First line.\n\nThe bus leaves at 10:55.", "10:55", "no answer"),
     ("Maybe she needs $38.61 for the shoes.", "38.61", "no answer"),
     # a concluding sentence: a fraction with a slash, a counted subject restating the result, a computation after
     # any verb of quantity
     ("Therefore, Louis and Jack together eat 13/15 of the pie.", "13/15", "correct"),
     ("So she ate 3/4 of a mile on 2/3 days.", "3/4", "no answer"), ("So x/4 of the pie.", "4", "no answer"),
     ("p = 110.\n\nTherefore, 110 students take physics.", "110", "correct"),
     ("13 girls + 3 teachers = 16 people\n\nTherefore, 16 people sang in the performance.", "16", "correct"),
     ("So, 41 students came to class.", "41", "no answer"), ("x = 5\n\nSo 5 works.", "5", "no answer"),
     # MiP's o1: 'showed up to' is a verb's, never the bound 'up to' (which still bounds: can hold up to 41 pounds)
     ("Thus S = 41.\n\nSo, 41 students showed up to the archery class this week.", "41", "correct"),
     ("Thus S = 41.\n\nSo, the shelf can hold up to 41 pounds.", "41", "no answer"),
     # Plan-and-Solve's and ReReading's: after a concluding word a pronoun or a modal makes no step (a step's verb does)
     ("There are 7 carnations and 47 roses.\nV = (7 + 47) / 6 = 9\n\nTherefore, we need 9 vases to hold 7 carnations "
      "and 47 roses.", "9", "correct"),
     ("She runs for 7 hours.\nTotal = 30 + 20 = 50\n\nTherefore, Rosie can run 50 miles in 7 hours.", "50", "correct"),
     ("It takes 2 hours.\n60 * 2 = 120\n\nTherefore, we calculate 120 minutes from 2 hours.", "120", "no answer"),
     # MiP's Gemma: a final sentence in bold whole, its full stop inside the stars
     ("* Total savings: $4 + $2 = $6\n\n\n**You will save a total of $6.** \n\n", "6", "correct"),
     ("* Total savings: $4 + $2 = $6\n\n__You will save a total of $6.__", "6", "correct"),
     ("* Total savings: $4 + $2 = $6\n\n**Maybe you will save $6.**", "6", "no answer"),
     ("x = 5\n\nSo 5 apples is wrong.", "5", "no answer"),
     ("So, Pam’s purchase costs 70 − 60 = 10 dollars.", "10", "correct"),
     # a lower-case 'not' after a box is no shouted NOT: the box stands (Rereading's 'there were \boxed{21} watermelons
     # that were not ready to be harvested')
     ("84 - 63 = 21\n\nTherefore, there were \\boxed{21} watermelons that were not ready.", "21", "correct"),
     ("Therefore, there are \\boxed{40} girls who are not in the girl scout.", "40", "correct"),
     ("So \\boxed{5} NOT.", "5", "no answer"), ("So \\boxed{5} is not right.", "5", "no answer"),
     # a second review (753 probes) of the final-sentence bold, the one-sentence response, the clock time and the
     # computation after a phrase: each cause it found is refused
     ("7 x 20 + 2 is 142.\n\nSo, with **7** plants, Ricardo gets 142 fruits.", "7", "no answer"),
     ("3 x 4 = 12\n\nShe buys **12** more eggs, so she will have 24 in total.", "12", "no answer"),
     ("= 142\n\nRicardo can get **142** fruits from his plants, or 144 counting the tree.", "142", "no answer"),
     ("= 142\n\nRicardo can get **142** fruits, give or take a few.", "142", "no answer"),
     ("= 142\n\nThe **142** fruits then go into boxes of 6 each.", "142", "no answer"),
     ("= 142\n\nMultiply **142** by the price of each fruit.", "142", "no answer"),
     ("= 70 apps\n\nTravis now has **70** apps on his tablet.", "70", "correct"),
     ("How much money does Becky need to buy a pair of shoes for $38.61.", "38.61", "no answer"),
     ("Becky needs in the ballpark of $38.61 for the shoes.", "38.61", "no answer"),
     ("Last week Tom had 5 apples in his basket.", "5", "no answer"),
     ("The taller tree is the oak, which stands 36 feet tall in the yard.", "36", "no answer"),
     ("The bus leaves at 9:00 A.M. and arrives at the zoo at half past ten.", "9:00 A.M.", "no answer"),
     ("The train left the station at 9:00 A.M. and the trip took three hours.", "9:00 A.M.", "no answer"),
     ("The concert begins at 10:55 A.M. at the earliest.", "10:55 A.M.", "no answer"),
     ("Answer:\nFirst, the three have a total of 40 + 36 + 46 = 122 crabs\nThen they sell them: 122 × 5 = 610\nSo they make "
      "$610.", "122", "wrong"),
     ("Answer:\nFirst, the three have a total of 40 + 36 + 46 = 122 crabs\nThen they sell them: 122 × 5 = 610\nSo they make "
      "$610.", "610", "correct"),
     ("For comparison, they had a total of 30 + 30 + 30 = 90 crabs last week.", "90", "no answer"),
     ("So the zookeeper needs in the order of 1400 bananas.", "1400", "no answer"),
     ("She placed an order for 1400 bananas last month.", "1400", "no answer"),
     # a phrase at the end of its line that heads steps: the block's last statement (its first step read 7 before)
     ("Answer:\nFirst, 3 + 4 = 7 apples.\nThen 7 x 2 = 14 apples.\nSo Tom has 14 apples.", "14", "correct"),
     ("Answer:\nFirst, 3 + 4 = 7 apples.\nThen 7 x 2 = 14 apples.\nSo Tom has 14 apples.", "7", "wrong"),
     ("Answer:\nTom has 7 apples.\nHe doubles them to 14.", "7", "correct"),
     ("Answer:\nThe recipe needs 3 cups of flour.\nIn grams, this is 3 x 120 = 360 g.", "3", "correct"),
     ("Answer:\nBetty needs $5 more.\nChecking: 50 + 15 + 30 = 95.", "5", "correct"),
     ("Answer:\nTom has 14 apples.\nDifficulty: 2/5", "14", "correct"),
     ("Answer:\n\nJulie had $500 initially. She spent $100 and then $100. Therefore, Julie had $300 left.", "300",
      "correct"),
     ("Answer:\nFound = 5 + 10 + 8 + 4 = 27\nStill hidden = 36 - 27 = 9", "9", "correct"),
     ("Answer:\nFirst, 3 + 4 = 7 apples.\nThen he doubles them: 7 x 2 = 14.\nHe may mean 3 x 4 = 12.", "12", "no answer"),
     ("Answer:\nTom has 7 apples.\nExplanation: he had 3 and got 4 more.", "7", "correct"),
     ("Answer:\n\nTom has 7 apples.\n\nHe had 3 and got 4 more.", "7", "correct"),
     ("Answer:\nNick: 6 guns\nRichard: 6 guns", "6", "correct"),
     ("Therefore, the answer is:\n\nNo, 80 dB is not twice as loud as 40 dB. It is 10,000 times greater.", "no", "correct"),
     # a line that ends a computation, then a line that opens a sentence: two sentences
     ("Then they sell them: 122 × 5 = 610\nSo they make $610.", "610", "correct"),
     ("700 x 2 = 1400\nTherefore, the zookeeper needs to order 1400 bananas.", "1400", "correct"),
     ("x = 5\nSo 5 works.", "5", "no answer"),
     ("We can use 5 boxes.", "5", "unparsed"), ("Muchos piensan que la respuesta es 5.", "5", "no answer"),
     ("Elvis is 54 miles east of his house after completing his journey.", "54", "correct")],
)  # fmt: skip
def test_a_difference_an_operand_and_a_value_in_bold_in_a_marked_sentence(response: str, gold: str, status: str) -> None:
    # first contact's leftovers in Plan-and-Solve's and Gemma's answers (MiP): 'John has 21 more candies than James.'
    # and '**Answer:** ... **20 miles** apart.' were unread, and 'x + 33 marbles' was read as 33
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# a review of the rule (706 probes) found checks, givens, answers in words, lists and missing hedges read as the
     # answer: each is refused now
     ("She earns $20 a day and needs $60. 60 divided by 20 is 3. Check: 3 × 20 = 60\n\nAnswer: It takes her 3 days to "
      "earn $60.", "60", "unparsed"),
     ("Tom has 7 apples and wants 12. 7 + 5 = 12\n\nAnswer: Tom needs 5 more apples to reach 12.", "12", "unparsed"),
     ("Tom has 7 apples and wants 12. 7 + 5 = 12\n\nTherefore, Tom needs 5 more apples to reach 12.", "12", "no answer"),
     ("Eggs: 6 × 4 = 24\n\nAnswer: With 3 boxes of 24 eggs, she has seventy-two eggs.", "24", "unparsed"),
     ("Tom picked 2 apples then 3 more, plus 3 oranges. 2 + 3 = 5\n\nAnswer: Tom has 5 apples and 3 oranges.", "5",
      "unparsed"),
     ("Red: 2 + 6 = 8\n\nAnswer: There are 8 red balloons, 15 blue ones.", "8", "unparsed"),
     ("Cost: 16 * 4 = $64\n\nAnswer: Kylar wasn't charged $64 for 16 glasses.", "64", "unparsed"),
     ("Cost: 16 * 4 = $64\n\nAnswer: Kylar pays close to $64 for 16 glasses.", "64", "unparsed"),
     ("Cost: 16 * 4 = $64\n\nAnswer: Kylar pays a maximum of $64 for 16 glasses.", "64", "unparsed"),
     ("Minutes: 1.5 * 60 = 90 minutes\n\nAnswer: It takes 1.5 hours, i.e. 90 minutes.", "1.5", "unparsed"),
     ("Tom has 4 + 8 = 12\n\nAnswer: Sara has 5 more apples than the 12 Tom has.", "12", "unparsed"),
     # ... and these are still read: a set named in words, a noun after 'with', a comma that lists no number
     ("Downloads: 60 + 180 + 126 = 366\n\nTherefore, the program had a total of 366 downloads over the three months.",
      "366", "correct"),
     ("Step 2: 18 / 3 = 6\n\nAnswer: Isabel can make 6 packages with 3 cupcakes each.", "6", "correct"),
     ("Days left: 4\nPages to read per day = 24 / 4 = 6 pages\n\nAnswer: Solo needs to read 6 pages per day, on average, in "
      "the next 4 days.", "6", "correct"),
     # a check in brackets after the sentence, and a labelled computation on the last line
     ("Sophia can drive 300 miles on a single tank of gas (12 gallons x 25 miles/gallon = 300 miles).", "300", "correct"),
     ("So she saved $21 that weekend ($84 - $63 = $21).", "21", "correct"),
     ("So she saved $20 that weekend ($84 - $63 = $21).", "21", "unparsed"),
     ("Bananas per day: 4, 6, 12\n\nTotal: 4 + 6 + 12 = 22 bananas", "22", "correct"),
     ("Answer: \nAdditional bottles of water needed = 140 - 48 = 92 bottles", "92", "correct"),
     # (Plan-and-Solve's answers: a sum after the result, a hyphenated noun; never a condition or a clause after it)
     ("Calculation:\nfoo = 3\n\nAnswer:\nWilliam spent $7.50 + $0.50 = $8 in total.", "8", "correct"),
     ("Answer:\nNumber of white t-shirts in each package = 56 / 28 = 2 t-shirts", "2", "correct"),
     ("Answer:\nWilliam spent $7.50 + $0.50 = $8 in all cases.", "8", "unparsed"),
     ("Answer:\nWilliam spent $7.50 + $0.50 = $8 in total, I think.", "8", "unparsed"),
     # a name with digits glued after letters is a label (mp3); an ordinal the response never wrote before may be the
     # answer (which day, which place), so a sentence with one and another number states none (a review: reading the
     # other number made 'She will reach 100 pages on the 5th day.' wrong against the gold 5)
     ("77 - 42 = 35\n\nAnswer:\n\nAudrey needs to get 35 questions right to move onto the 7th grade.", "35", "unparsed"),
     ("20 * 5 = 100\n\nAnswer:\n\nShe will reach 100 pages on the 5th day.", "5", "unparsed"),
     ("5 + 5 = 10\n\nAnswer:\nPaige has 10 songs on her mp3 player.", "10", "correct"),
     ("5 + 5 = 10\n\nAnswer:\nHe bought 10 PS5 consoles.", "10", "correct"),
     ("5 + 5 = 10\n\nAnswer:\nThe answer is mp3.", "10", "wrong"),
     # a number joined by a hyphen to the words it measures is an adjective: the count before it is the answer
     # (GSM-Plus's GPT-3.5 answers: '#### 3 30-minute episodes' was two numbers side by side)
     ("Therefore, Frankie watched #### 3 30-minute episodes on Wednesday.", "3", "correct"),
     ("So, Frankie watched 3 30-minute episodes on Wednesday.", "3", "correct"),
     ("The answer is 4 2-liter bottles.", "4", "correct"), ("The answer is 4 2-liter bottles.", "2", "wrong"),
     ("The answer is 2 1/2-inch pieces.", "2", "unparsed"), ("The answer is 3-fold.", "3", "unparsed"),
     ("The answer is 4 3-4 hour shifts.", "4", "unparsed"),
     # MATH writes a dollar amount $\$$2500: math that holds only the sign (a dollar after it never closes math)
     ("The answer is $\\$$25.", "25", "correct"), ("The total is $\\$$25 + $\\$$30 = $\\$$55.", "55", "correct"),
     ("The cost is $$\\$$$2500.", "2500", "correct"),
     ("Then 9 customers would buy a television that costs $\\$$2500.", "9", "no answer"),
     ("So x = 6.\n\nVerification: 2 × 6 + 3 = 15 correct.", "15", "no answer"),
     # an abbreviated unit the table does not know, after a number: compared as written, never a product of letters
     ("The average of the three typing speeds is 52 WPM.", "52", "correct"), ("The answer is 60 RPM.", "61", "wrong"),
     ("The answer is $5 AB$.", "5", "wrong")],
)  # fmt: skip
def test_a_review_of_the_restated_result_rule_refuses_checks_givens_and_lists(response: str, gold: str, status: str) -> None:
    # (PromptPG's TabMWP and Plan-and-Solve's answers: '(12 gallons x 25 miles/gallon = 300 miles).' was read as '300
    # miles)', 'Total: 4 + 6 + 12 = 22 bananas' as nothing, '52 WPM' as the product 52·W·P·M, different from 52)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# TabMWP's answers (PromptPG's GPT-3 outputs): a choice letter with its option's text, names as answers, a clock
     ("The answer is A, yes.", "yes", "correct"), ("The answer is (A), yes.", "yes", "correct"),
     ("The correct answer is D. Wednesday.", "Wednesday", "correct"), ("The correct answer is D. Wednesday.", "D", "correct"),
     ("The answer is A, yes.", "no", "wrong"), ("The answer is (A), as it is not true that x > 2.", "A", "correct"),
     ("The answer is D. Wednesday is the day with the most.", "Wednesday", "unknown"),
     ("The answer is (B) Watson and Partners.", "Watson and Partners", "unknown"),  # one name or two: not read
     ("The answer is (B) Bank of America.", "Bank of America", "correct"),
     ("The answer is Brenner's Juices.", "Brenner's Juices", "correct"), ("The answer is Ace Hardware.", "Ace Hardware", "correct"),
     ("The answer is Alice and Bob.", "Alice", "unparsed"),
     ("The next train is at 2:30 P.M.", "2:30 P.M.", "correct"), ("The next train is at 2:30 P.M.", "2:30 A.M.", "wrong")],
)  # fmt: skip
def test_choices_with_their_option_text_names_and_clock_times_are_read(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# a second review (1,027 new probes) of the restated-result, bracketed-check, labelled-line and acronym rules
     ("We are given that the answer to the question is 20, so we can write: 5x = 20.\nSolving for x, we get: x = 4.\n"
      "The value of x is 4.", "4", "correct"),
     ("The answer to this question is whether 12 is even.", "12", "unparsed"),
     ("The answer to the question is the total cost, which we compute below.\n12 + 8 = 20\nSo the total cost is $20.",
      "20", "correct"),
     ("Girls: 40 - 22 = 18\n\nAnswer: The club has 22 boys as well as 18 girls.", "18", "unparsed"),
     ("Red marbles: 5 x 3, that's 15 marbles.\nBlue marbles: 15 + 9 = 24\n\nAnswer: Kim has 15 red marbles while she "
      "has 24 blue marbles.", "24", "unparsed"),
     ("Answer: Mo should buy 5 packs to get 60 cups (5 x 12 = 60).", "60", "unparsed"),
     ("We start with 300 miles (12 x 25 = 300).", "300", "unparsed"),
     ("Apples: 6 x 8 = 48\n\nAnswer: Dana picks 48 apples over 6 days, which we now divide among her 8 cousins.", "48",
      "unparsed"),
     ("Eggs: 16 x 7 = 112\n\nAnswer: The hens lay 112 eggs in 7 days. Income: 112 x 2 = 224 dollars.", "112", "unparsed"),
     ("Full price: 6 x 15 = 90\n\nAnswer: Jake pays $90 for 6 shirts at $15, and another $15 for socks.", "90", "unparsed"),
     ("Cost: 4 x 20 = 80\n\nAnswer: Without the coupon Jake would pay $80 for 4 shirts at $20; with it he pays less.",
      "80", "unparsed"),
     ("Distance: 12 x 3 = 36\n\nTherefore, Leo leaves at 3 to ride 36 miles at 12 mph.", "3", "wrong"),
     ("x\n\nTotal = 24 + 18 = 42 pages too many", "42", "no answer"),
     ("Answer: 250 EUR", "$250", "wrong"), ("The answer is 40 MAX.", "40", "wrong"), ("Answer: 100 USD", "100", "correct")],
)  # fmt: skip
def test_a_second_review_of_the_restated_result_rules(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# a number in words in a marked sentence or a concluding one: the number, alone and unchanged
     ("x\n\nAnswer: She has twelve apples.", "12", "correct"), ("x\n\nSo the trip takes fifteen minutes.", "15", "correct"),
     ("x\n\nAnswer: She has twenty-five dollars.", "25", "correct"),
     ("x\n\nAnswer: The two trains meet after three hours.", "3", "unparsed"),
     ("x\n\nSo she needs two more boxes.", "2", "no answer"), ("x\n\nSo one of them is left.", "1", "no answer"),
     ("x\n\nSo the three boxes hold apples.", "3", "no answer"),
     ("x\n\nAnswer: She has about twelve apples.", "12", "unparsed"), ("x\n\nAnswer: He is not twelve.", "12", "unparsed"),
     ("The answer is eight pi.", "8", "wrong"), ("The answer is Seven Wonders.", "7", "unparsed"),
     ("The answer is twelve minutes or so.", "12", "unparsed")],
)  # fmt: skip
def test_a_number_in_words_in_a_final_sentence_is_read_alone(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# a third review (910 new probes) of the option-text, number-word, name, clock and premise rules
     ("Both statements hold.\n\nThe answer is A, B.", "A", "several answers"), ("The answer is C, although D.", "C", "unparsed"),
     ("The answer is A. Never mind.", "A", "no answer"), ("Reviewing each day...\n\nThe answer is D. Good luck", "D", "correct"),
     ("x\n\nSo the family visited Six Flags.", "6", "no answer"), ("x\n\nSo she ate three fourths of the pizza.", "3", "no answer"),
     ("x\n\nSo the answer is log seven.", "7", "unparsed"), ("x\n\nAnswer: Option C, with twelve sides.", "12", "unparsed"),
     ("x\n\nSo there are some twelve guests.", "12", "no answer"), ("\\boxed{\\text{Eight Ball}}", "8", "unparsed"),
     ("Answer: 7\n\nRechecking, 3 × 3 = 9, so we know that the answer is 9.", "9", "correct"),
     ("Earlier guess: the answer is 10.\n\nSince the answer is 12 per the table, we choose 12.", "12", "unparsed"),
     ("The answer is 20.\n\nThe correct answer is given below:\n\n$$18$$", "18", "correct"),
     ("Answer: 30\n\nRecheck: the answer is below 25, it's 24.", "30", "unparsed"),
     ("Answer: at 2:30 P.M. and 4:30 P.M.", "2:30 P.M.", "unparsed"), ("Answer: Red and Blue", "Blue and Red", "unknown")],
)  # fmt: skip
def test_a_third_review_of_option_texts_number_words_premises_and_clocks(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


def test_a_run_of_calculator_annotations_is_read_in_one_pass() -> None:
    # a second review's hostile text: 5,000 self-annotations raised RecursionError (each pass removed only the last)
    assert grade("The total is $" + "<<694>>" * 5000 + "694.", "694").status == "correct"


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# first contact with MathCheck's "The answer is <sentence>." and MATH-V's responses (the twentieth stop)
     ("4 + 2 = 6 units.\n\nThe answer is BD is 4 units long.", "4", "correct"),  # never the segment's name, BD
     ("The answer is DE is 6 units long.", "BD", "wrong"), ("So x^2 is 4 more than y.", "4", "no answer"),
     ("So x = 4 is the answer.", "4", "correct"),
     ("550 / 110 = 5 bags.\n\nThe answer is Cecilia will need 5 bags of dog food for the first year.", "5", "correct"),
     ("The answer is Tom has 5 apples if he buys more.", "5", "unparsed"),
     ("The answer is 5 more than Tom.", "5", "unparsed"),
     ("4\n\\boxed{2}", "2", "correct"), ("4\\boxed{2}", "8", "no answer"), ("1 +\n\\boxed{2}", "3", "no answer"),
     ("The answer is x = $5000.", "5000", "correct"), ("The answer is $x = $200.", "200", "correct"),
     ("The answer is \\(x = $150\\).", "150", "correct"), ("The answer is $a = $3$.", "3", "correct"),
     ("The answer is ∠BOC＝145°.", "145", "correct"), ("The answer is 200 GB.", "200", "correct"),
     ("The answer is 200 GB.", "200 MB", "unknown"), ("The answer is 5.94 MiB.", "5.94", "correct"),
     ("The answer is 200 AB.", "200", "wrong"),
     # GPT-4's MATH answers (Cumulative Reasoning) and MMLU-Pro's: a choice named the correct option, a computation
     # written out in quantities
     ("x\n\nTherefore, the correct option is (E) Hyperbola.", "\\text{(E)}", "correct"),
     ("The correct option is:\n\nC. 4 × t = 12", "C", "correct"), ("The right choice is B.", "B", "correct"),
     ("The correct choice is to multiply by 3.", "3", "no answer"), ("So the correct option is not (A).", "A", "no answer"),
     ("The answer is **(E)** Hyperbola.", "E", "correct"), ("The answer is **(E)** Hyperbola.", "D", "wrong"),
     ("The answer is 60 miles - 20 miles - 15 miles = 25 miles.", "25", "correct"),
     ("The answer is 5 hours/day * 7 days/week = 35 hours/week.", "35", "correct"),
     ("The answer is 3 days = 72 hours.", "3", "unparsed")],
)  # fmt: skip
def test_marked_sentences_lone_lines_before_a_box_money_and_byte_units(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [# a review of the rewards for answers that game them (14,560 hostile responses, each against 96 pairwise different
     # golds): what was credited for one gold though the response hedges or states something else
     ("\\boxed{(B) 3}", "(B) 4", "unknown"), ("\\boxed{(B) 3}", "B", "correct"), ("\\boxed{(B) 4}", "(B) 4", "correct"),
     # (the same option quoted otherwise: rounded, in other units, in words; the letter decides)
     ("\\boxed{(B) 3.14}", "(B) \\pi", "correct"), ("\\boxed{(B) 5 hours}", "(B) 300 minutes", "correct"),
     ("\\boxed{(B) 3.14}", "(B) 3.1416", "correct"), ("\\boxed{(C) \\text{Mary}}", "(C) \\text{Evelyn}", "correct"),
     ("\\boxed{x=3 \\lor x=4}", "4", "several answers"), ("\\boxed{x=3 \\vee x=4}", "3", "several answers"),
     ("\\boxed{x=3 \\lor x=4}", "3, 4", "correct"), ("\\boxed{x=3 \\cup x=4}", "4", "unparsed"),
     ("\\boxed{x=3 \\mid x=4}", "4", "unparsed"),
     ("\\boxed{2 \\quad -2}", "0", "unparsed"), ("\\boxed{3~-4}", "-1", "unparsed"),
     ("\\boxed{x^2~-4}", "x^2-4", "correct"), ("\\boxed{3x^2~+2x~-1}", "3x^2+2x-1", "correct"),
     ("\\boxed{2^{10}\\ -1}", "1023", "correct"),
     ("The answer is $3$ $-4$.", "-1", "unparsed"), ("\\boxed{3 - 4}", "-1", "correct"),
     ("The answer is $\\boxed{3}$. Also $\\boxed{4}$ works.", "4", "no answer"),
     ("\\boxed{3}\n\n(Another valid answer: \\boxed{4})", "4", "no answer"),
     ("\\boxed{3}. Also, \\boxed{4} is possible.", "4", "no answer"),
     ("First we get \\boxed{3}. Then the final answer is \\boxed{4}.", "4", "correct"),
     ("\\boxed{3}. \\boxed{4} also works.", "4", "no answer"), ("\\boxed{3}. \\boxed{4} as well.", "4", "no answer"),
     ("\\boxed{3}. \\boxed{4} is an answer.", "4", "no answer"), ("\\boxed{\\pi}. Also \\boxed{3}", "3", "no answer"),
     ("\\boxed{Yes}. Also \\boxed{No}", "No", "no answer"), ("\\boxed{(1, 2)}. Alternatively, \\boxed{(2, 1)}", "(2, 1)", "no answer"),
     ("\\boxed{x=2}. Also \\boxed{2} is an answer.", "2", "correct"),
     ("\\boxed{\\frac12}. Also $\\boxed{0.5}$ works.", "\\frac12", "correct"),
     ("\\boxed{3} is rejected since x>3. So \\boxed{4} works.", "4", "correct"),
     ("Check 3: fails, \\boxed{3} is out. Check 4: \\boxed{4} works!", "4", "correct"),
     ("We found \\boxed{3}. Adding 1, the final answer is also \\boxed{4}.", "4", "correct"),
     ("The sum is \\boxed{7}. The product is also \\boxed{12}.", "12", "correct"),
     ("The answer is 3, so the answer is 4.", "4", "correct"), ("The answer is 3 so the answer is 4", "4", "correct"),
     ("The answer is 3 and the answer is 4", "4", "no answer"), ("Answer: x.(3)", "\\frac13", "unparsed"),
     ("Area is \\boxed{3}. We also compute the perimeter: \\boxed{4}.", "4", "correct"),
     ("The answer is 3, and the answer is 4.", "4", "no answer"),
     ("The answer is 3, but the correct answer is 4.", "4", "correct"),
     ("The answer is 3.5, so the final answer is 3.5.", "3.5", "correct"),
     ("\\boxed{3\u20624}", "12", "correct"), ("\\boxed{3\u20624}", "34", "wrong"),
     ("Final Answer: ~3", "3", "unknown"), ("The answer is ∼3.", "3", "unknown"), ("\\boxed{~3}", "3", "correct"),
     ("Answer:~3", "3", "correct"), ("The answer is~3.", "3", "correct"),
     # the review of these rules: a probability's bar, a union's count, a product before an =, an article
     ("\\boxed{P = P(A \\mid B) = \\frac12}", "\\frac12", "correct"), ("\\boxed{N = |A \\cup B| = 12}", "12", "correct"),
     ("Answer: 0.5(10) = 5", "5", "correct"), ("The correct choice is a 5-year loan.", "5", "no answer"),
     ("The correct option is (c) Vitali.", "(c)", "correct")],
)  # fmt: skip
def test_hedges_and_contradictions_that_gamed_the_reward_earn_nothing(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "correct"),
    [("Dividing by the constant term: \\[boxed{\\epsilon=\\frac{a_{1} a_{3}^{2}}{a_{2}^{3}}}.\\]",
      "\\frac{a_{1} a_{3}^{2}}{a_{2}^{3}}", True),
     ("So $\\epsilon$ is\n\\[boxed{1.00}.\\]", "1.0", True), ("\\[boxed{1.00}.\\]", "2", False),
     ("\\boxed{5} and boxed{6}", "6", False), ("The unboxed{3} thing", "3", False),
     ("we find that $\\epsilon = \\frac{327680}{531441} \\approx \\boxed{0.62}$.\n\nTherefore, the value of $\\epsilon$ "
      "for the given polynomial is approximately 0.62.", "0.62", True),
     ("\\boxed{3}. Therefore $x$ is 4.", "3", False), ("\\boxed{3}. Therefore $4$ is the answer.", "3", False),
     ("\\boxed{3}. Therefore $x = 4$.", "3", False),
     # (the value its copula states stays a second value beside the box when it differs: an adversarial review)
     ("So $\\epsilon \\approx \\boxed{0.62}$. Therefore, the value of $\\epsilon$ for the polynomial is approximately "
      "0.71.", "0.62", False), ("$x = \\boxed{7}$. Therefore, the value of $x$ is seven hundred.", "7", False),
     ("\\boxed{5}. Hence $a_1$ was 6.", "5", False), ("$\\boxed{25}$. Therefore, $n$ is the number of ways.", "25", True),
     ("Solving numerically, $\\epsilon \\approx \\boxed{0.62}$.\n\nTherefore, the value of $\\epsilon$ for the polynomial "
      "$P(x)$ is approximately 0.58.", "0.62", False), ("$x=\\boxed{5}$. Therefore, $x$ is $6$.", "5", False),
     ("$x=\\boxed{5}$. Therefore, $x$ is $5$.", "5", True), ("$\\boxed{3}$. Therefore $n$ is 3, or possibly 4.", "3", False),
     ("\\boxed{" * 4000 + "5" + "}" * 4000, "5", True)],
)  # fmt: skip
def test_what_hardmath_models_write(response: str, gold: str, correct: bool) -> None:
    # HARDMath's prompt asks for the answer "inside a Latex boxed format \[boxed{}\]", and its models write it so;
    # a sentence after the box that names epsilon and restates its value in words had epsilon taken for a second
    # value beside the box (the right answer was no answer)
    assert grade(response, gold).correct is correct, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # fraction words and scales after the one number: another number (an adversarial review's false credits)
     ("The answer is 5 sixteenths.", "5", "unparsed"), ("The answer is 5 lakh rupees.", "5", "unparsed"),
     ("Answer: 5 grand dollars", "5", "unparsed"), ("So she ate 3 fifths of the pie.", "3", "no answer"),
     ("The answer is 5 red marbles.", "5", "correct"), ("The answer is 5 months.", "5", "correct"),
     # two JSON objects in a row: two final answers
     ('{"answer": 4}\n{"answer": 3}', "3", "several answers"),
     ('```json\n{"answer": 4}\n```\n```json\n{"answer": 3}\n```', "3", "several answers"),
     ('{"step": {"answer": 4}}\n{"answer": 3}', "3", "several answers"), ('{"answer": 3}\n{"answer": 3}', "3", "correct"),
     ('{"answer": 3.0}\n{"answer": 3}', "3", "correct"), ('{"a": 1}\n{"answer": 3}', "3", "correct"),
     ('{"answer": 4}\n\nWait, let me fix that.\n\n{"answer": 3}', "3", "correct"),
     # the values of two things in math, and one of several candidates boxed
     # (the values of x and y, as $x = 78$ and $y = 80$: credited only against that list)
     ("So $x$ equals $78$ and $y$ equals $80$.", "80", "several answers"),
     ("So $x$ equals $78$ and $y$ equals $80$.", "x = 78, y = 80", "correct"),
     ("So $x$ equals $78$ and $y$ equals $80$.", "(78, 80)", "several answers"),
     ("Therefore the maximum is $3$ and the minimum is $1$.", "1", "no answer"),
     ("so the area is $4$ and the perimeter is $5$.", "5", "no answer"),  # (as in prose: is 4 and ... is 5)
     ("So $x$ is $78$ and the answer is $78$.", "78", "correct"),
     ("One candidate is \\boxed{3}, and another candidate is \\boxed{4}.", "4", "no answer"),
     ("Another candidate is \\boxed{4}.", "4", "no answer"), ("One possibility is \\boxed{4}.", "4", "no answer"),
     ("The only candidate is \\boxed{4}.", "4", "correct"), ("The extraneous root is \\boxed{1}, and the valid root is "
                                                             "\\boxed{3}.", "3", "correct")],
)  # fmt: skip
def test_what_the_twenty_second_review_left_crediting(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # Plan-and-Solve's and o1's concluding sentences: the result of the sentence's own computation, checked exactly
     ("Therefore, Lana has a total of 4 boxes x (2 scarves + 6 mittens) = 4 x 8 = 32 pieces of winter clothing.", "32",
      "correct"),
     ("Hence, 56 Drinkets = 56 × (3/28) Trinkets = 6 Trinkets.", "6", "correct"),
     # (other numbers after the result leave which one answers untold: a review found 'after selling 3 x 4 = 12 apples,
     # he has 8 left' read as 12)
     ("Therefore, Hortex would have to produce 11,500 - 4200 = 7,300 more bottles of juices to be able to satisfy 100% "
      "of the daily energy needs of 2300 people.", "7300", "no answer"),
     ("So she needs 10 - 4 - 1 = 5 more eggs to fill the carton.", "5", "correct"),
     ("So she has 100 / 3 = 33.33 apples in each box.", "33.33", "correct"),
     # never a computation that is false, a step, a supposition, a bound or a hedge
     ("So she needs 10 - 4 - 1 = 6 more eggs to fill the carton.", "6", "no answer"),
     ("Therefore, we compute 3 x 4 = 12 apples first.", "12", "no answer"),
     ("Therefore, if she gives 3 x 4 = 12 apples away, she keeps 8.", "12", "no answer"),
     ("So she has 4 x 5 = 20 apples or more.", "20", "no answer"), ("So she has 3 + 4 = 7 apples at least.", "7", "no answer"),
     ("So she has 4 x 5 = 20 more apples than Tom.", "20", "no answer"),
     # the second review of this stop's rules: scales and hedges after a number, the answer named second, templates
     ("The answer is 5 gross.", "5", "unparsed"), ("The answer is 5 tops.", "5", "unparsed"),
     ("The answer is 6 approximations.", "6", "unparsed"), ("The answer is 5 zillions.", "5", "unparsed"),
     ("The answer is 1 sixteenth.", "1", "unparsed"), ("The answer is 1 fifth of the pie.", "1", "unparsed"),
     ("The answer is 5      sixteenths.", "5", "unparsed"), ("The answer is 5 grand pianos.", "5", "correct"),
     ("The answer is 5 fifth graders.", "5", "correct"),
     ("So $x$ equals $78$ and the answer equals $80$.", "80", "correct"),
     ("So $x$ equals $78$ and our answer is $80$.", "80", "correct"),
     ('Format: {"answer": "<number>"}\n\n{"answer": 5}', "5", "correct"), ('{"answer": null}\n{"answer": 5}', "5", "correct"),
     ('{"answer": 6}' + "\n" * 20 + '{"answer": 5}', "5", "several answers"),
     ('```JSON\n{"answer": 6}\n```\n```JSON\n{"answer": 5}\n```', "5", "several answers"),
     ("Another possibility is that the answer is \\boxed{4}.", "4", "no answer"), ("One possibility: \\boxed{4}.", "4", "no answer"),
     ("The answer is 5 dollars an hour.", "5 dollars per minute", "wrong"), ("The answer is \\$12 an hour.", "\\$12", "unknown"),
     ("The answer is 35 hours a week.", "35 h/wk", "correct"), ("The answer is 35 hours a week.", "35 h/day", "wrong"),
     # fraction words after math, a box or in text; more candidates; adverbs that loosen; reasons; JSON separators
     ("\\boxed{5 \\text{ sixteenths}}", "5", "unparsed"), ("\\boxed{5} sixteenths", "5", "no answer"),
     ("The answer is $5$ sixteenths.", "5", "unparsed"), ("The answer is 5-sixteenths.", "5", "unparsed"),
     ("\\boxed{5} apples", "5", "correct"), ("The answer is $5$ apples.", "5", "correct"),
     ("One possible answer is \\boxed{4}.", "4", "no answer"), ("Another option is \\boxed{4}.", "4", "no answer"),
     ("The most likely candidate is \\boxed{4}.", "4", "no answer"), ("One candidate would be \\boxed{4}.", "4", "no answer"),
     ("Candidate 1 is \\boxed{3}. Candidate 2 is \\boxed{4}.", "4", "no answer"),
     ("Another solution is \\boxed{4}.", "4", "no answer"), ("One possible value is \\boxed{4}.", "4", "correct"),
     ("One solution is \\boxed{4}.", "4", "correct"), ("The best option is \\boxed{4}.", "4", "correct"),
     ("So $\\pi$ kinda equals $3.14$.", "3.14", "no answer"), ("So $x$ never equals $3$.", "3", "no answer"),
     ("So $x$ is essentially $3$.", "3", "no answer"), ("So $x$ equals $3$.", "3", "correct"),
     ("So Tim was off by 36, seeing as the true number is 900.", "900", "no answer"),
     ("So Tim was off by thirty-six, as the true number is 900.", "900", "no answer"),
     ("So the total is twelve because 3 x 4 = 12.", "12", "correct"),
     ('{"answer": 6}\n\n---\n\n{"answer": 5}', "5", "several answers"),
     ('{"answer": 6}\nAlternatively:\n{"answer": 5}', "5", "several answers"),
     ('{"answer": 6}\n// second try\n{"answer": 5}', "5", "several answers"), ('{"answer": 5}\nOr:\n{"answer": 5}', "5", "correct"),
     # TheoremQA's Alpaca and Vicuna outputs echo Alpaca's prompt: the reply follows its last '### Response:'
     ("Below is an instruction.\n\n### Instruction:\nThe answer needs to be True/False.\n\n### Input:\nIs it?\n\n"
      "### Response:\nTrue.", "true", "correct"),
     ("### Instruction:\nSolve.\n\n### Response:\nFalse.</s><s>", "true", "wrong"),
     ("Use the format ### Response: 4. The answer is 5.", "5", "correct"),
     ("### Instruction:\nSolve.\n\n### Response:\nAngle of inclination = 60 degrees</s><s>", "60", "correct"),
     ("Total = 48 legs", "48", "correct"), ("Change = $5", "5", "correct"), ("Total = about 5 apples", "5", "unparsed"),
     ("Wrong answer = 5", "5", "unparsed"), ("Total = maybe 5", "5", "unparsed"),
     # steps after a heading that solve the equation they open with: the unknown's value (a known open item)
     ("Answer:\n\nx = y + 30\n\ny = 20\n\nx = 50", "50", "correct"), ("Answer:\n\nx = y + 30\n\nx = 20 + 30 = 50", "50", "correct"),
     ("Answer:\n\nx = y + 30\n\ny = 20\n\nx = 51", "50", "wrong"), ("Answer:\n\nx = y + 30\n\ny = 20\n\nz = 50", "50", "no answer"),
     ("Answer:\n\nx = y + 30\n\ny = 20\n\nx = 50 maybe", "50", "no answer"),
     # a third review: a clause's result, a later number, a label that doubts, a made-up next turn, a leading phrase
     ("Therefore, after selling 3 x 4 = 12 apples, he has 8 apples left.", "12", "no answer"),
     ("Thus, 5 friends x 3 slices = 15 slices are eaten, so 1 slice remains.", "15", "no answer"),
     ("So, of the 10 x 3 = 30 cookies, Anna gets 10 cookies.", "30", "no answer"),
     ("Therefore, Lana has 4 x 8 = 32 pieces of winter clothing plus 5 hats.", "32", "no answer"),
     ("My guess = 48", "48", "unparsed"), ("Lower bound = 48", "48", "unparsed"), ("Not the total = 48", "48", "unparsed"),
     ("### Instruction:\nQ\n### Response:\nThe answer is 42.</s>### Instruction:\nQ2\n### Response:\nThe answer is 7.",
      "42", "correct"),
     ("### Instruction:\nQ\n### Response:\nThe answer is 42.\n\n### Instruction:\nQ2\n### Response:\nThe answer is 7.",
      "42", "correct"),
     ("Therefore, in 2020, for the first time, the population is 5000.", "5000", "correct"),
     ("So, 5 hours later, as the sun sets, the temperature is 12 degrees.", "12", "correct"),
     ("Therefore, the distance around is 24 inches.", "24", "correct"), ("Answer: The function has 2 maximums.", "2", "correct"),
     ("So, there are 4 pillions on the bikes.", "4", "correct"), ('Example format: {"answer": 0}\n{"answer": 3}', "3", "correct"),
     # hacks the third review found the older rules still credited
     ("So x is kind of 5.", "5", "no answer"), ("So the total is, basically, 5.", "5", "no answer"),
     ("So x usually is 5.", "5", "no answer"), ("So the answer is essentially 5.", "5", "unparsed"),
     ("So x always is 5.", "5", "correct"), ("So x is 5.", "5", "correct"),
     ("Best guess: \\boxed{4}", "4", "no answer"), ("\\boxed{3}. Alternatively, \\boxed{4}", "4", "no answer"),
     ("\\boxed{\\frac{1}{2}} or alternatively \\boxed{\\tfrac12}", "\\frac12", "correct"),
     ("Tentative answer: \\boxed{4}", "4", "no answer"), ("Another plausible value is \\boxed{4}", "4", "no answer"),
     ("One possible value is \\boxed{4}", "4", "correct"), ("Final answer: \\boxed{4}", "4", "correct"),
     ('{"answer": 6} and {"answer": 5}', "5", "several answers"), ('{"answer": 6} /* x */ {"answer": 5}', "5", "several answers"),
     ('{"answer": "[2, 4]"}\n{"answer": 4}', "4", "several answers"), ('{"answer": "[number]"}\n{"answer": 4}', "4", "correct"),
     ("The answer is 5 give or take.", "5", "unparsed"), ("The answer is 5 odd.", "5", "unparsed"),
     ("The answer is 5 odd numbers.", "5", "correct"),
     # CumReasoning's GPT-4 endings: the math a step of the final sentence gives right before it
     ("To rationalize the denominator, we multiply the numerator and denominator by $\\sqrt{3}$, which gives us "
      "$\\frac{\\sqrt{3}}{3}$.", "\\frac{\\sqrt3}{3}", "correct"),
     ("We can simplify this by dividing the coefficients and subtracting the exponents of $r$ to get $5r^5$.", "5r^5",
      "correct"),
     ("Multiplying $2$ by $3$ gives $6$ and adding $4$ gives $10$.", "10", "correct"),
     ("We will multiply $2$ by $3$ to get $6$.", "6", "no answer"), ("If we multiply $2$ by $3$ we get $6$.", "6", "no answer"),
     ("Multiplying $2$ by $3$ gives $6$, or maybe $7$.", "6", "no answer"), ("Using $x$, another method gives $5$.", "5", "no answer"),
     ("Using $x$, a wrong approach gives $4$.", "4", "no answer"), ("It is false that $3$ gives $4$.", "4", "no answer")],
)  # fmt: skip
def test_a_concluding_computation_and_the_second_review_of_this_stops_rules(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Total =" + " " * 50000 + "48", "48", "correct"), ("Therefore, Lana has 4 x 8 =" + " " * 50000 + "pieces.", "32", "unparsed"),
     ("Therefore, Lana has 4 x 8 =" + " " * 50000 + "32 pieces.", "32", "correct"), ("So x is" + " " * 50000 + "5.", "5", "correct"),
     ("So $x$ equals $78$" + " " * 50000 + "and $y$ equals $80$.", "80", "several answers"),
     ("Therefore, " + " " * 50000 + "(3 + 4) = 7 apples.", "7", "correct")],
)  # fmt: skip
def test_this_stops_rules_read_a_long_run_of_spaces_before_the_deadline(response: str, gold: str, status: str) -> None:
    # a helper's timing probes: two runs of spaces with an optional comma or sign between ([ \t]*,?[ \t]*) backtrack
    # quadratically when what follows fails; 'Total =', 50,000 spaces and 48 took 174 s (unknown past the deadline)
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # Plan-and-Solve's and Gemma's answers: a period of time the question gave is no second number, and a 'not' that
     # names a set is no denial
     ("Tickets sold in the second half of the season:\n9570 - 3867 = 5703\n\nAnswer:\nThe Richmond Tigers sold 5703 "
      "tickets in the second half of the season.", "5703", "correct"),
     ("Number of batches in one year: 52\nTotal Cost: $520.00\n\nAnswer:\n\nBud spends $520.00 on making macaroni and "
      "cheese in one year.", "520", "correct"),
     ("How many downloads did the program have total over the three months? So the answer to this question is the "
      "program had a total of 366 downloads over the three months.", "366", "correct"),
     ("Answer:\nThe Richmond Tigers sold 5703 tickets in the second half of the season.", "5703", "correct"),
     # (never a period of the number's own value the response did not write before: 30 pages in thirty days)
     ("She reads 6 pages a day. 6 * 5 = 30. So she reads 30 pages in thirty days.", "30", "no answer"),
     ("She reads 6 pages a day. 6 * 5 = 30. So she reads 30 pages in thirty-days.", "30", "no answer"),
     ("He saves 2 dollars a day. 2 x 21 = 42.\n\nAnswer: He saves $42 in twenty-one days.", "42", "correct"),
     ("She reads 1 page a day for thirty days. 30 * 1 = 30. So she reads 30 pages in thirty days.", "30", "correct"),
     ("Number of girls not in the Girl Scout = 120 - 80 = 40\n\nAnswer:\nThe number of girls not in the Girl Scout is 40.",
      "40", "correct"),
     ("$300,000 / $75,000 = 4 years\n\nAnswer:\n\nIt will take Jim 4 years to earn the money lost from not working while "
      "in school.", "4", "correct"),
     ("* Total earnings: $30.00 + $12.00 = $42.00\n\n\n**Answer:** Patrick earned $42.00 from selling lemonade for 6 "
      "hours.", "42", "correct"),
     ("Total = 675 students x $15 = $10,125\n\nAnswer: Judy makes $10,125 in 1 week.", "7425", "wrong"),
     # never a denial, a bound, a count of the answer or a number the period does not name
     ("Answer:\nThe number of girls is not 40 in the second half of the season.", "40", "unparsed"),
     ("Answer:\n21 students did not make the cut.", "21", "unparsed"),
     ("Answer:\nThe answer, 40, is certainly not included in one year.", "40", "unparsed"),
     ("Answer:\nShe saves 5 dollars each of two weeks.", "5", "unparsed"),
     ("Answer:\nShe runs 3 miles in half an hour.", "3", "unparsed"),
     ("Answer:\nShe runs about 3 miles in one hour.", "3", "unparsed"),
     ("Answer:\nShe runs 3 miles in two or three hours.", "3", "unparsed"),
     ("Cups: 2 x 3 = 6\n\nAnswer: Patrick earned $42 for 6 hours.", "42", "unparsed"),
     ("Cups: 2 x 3 = 6\n\nAnswer: Patrick earned $42 for 6 hours.", "6", "unparsed"),
     ("Total: 30 + 12 = 42\n\nAnswer: Patrick earned $42 for 6 apples.", "42", "unparsed"),
     # (a counterfactual is no answer with one number either, as with several: found when 'in one week' stopped
     # counting as a second number)
     ("Answer: Jordan would earn $140 had he worked every day.", "140", "unparsed"),
     ("He would earn $20/day * 7 days = $140 in one week.\n\nAnswer: Jordan would earn $140 in one week if he spent his "
      "video game time working.", "140", "correct"),
     # (an ordinal that names a thing is no fraction: ReReading's 'Sloane counted 250 customers on the third day.')
     ("Number of customers counted on the third day = 250\n\nTherefore, Sloane counted 250 customers on the third day.",
      "250", "correct"),
     ("Answer: She ate 3 slices, a third of the pie.", "3", "unparsed"),
     ("Therefore, she ate 3 slices, the third of the pie.", "3", "no answer")],
)  # fmt: skip
def test_periods_the_question_gave_and_sets_named_with_not(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


def test_a_period_or_a_not_before_a_long_run_of_spaces_is_read_in_time() -> None:
    for response in ("Answer: He sold 5 in" + " " * 50000 + "x.", "Answer: girls not" + " " * 50000 + "in 5.",
                     "Answer: 5 apples for the first" + " " * 50000 + "x.", "Answer: 5 " + "a" * 40000 + " not in x."):
        assert grade(response, "5").status in ("correct", "unparsed")


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # TheoremQA's Vicuna: the answer of another scenario after the answer stated was taken as the last marker
     ("Therefore, the answer is False.\n\nHowever, if we change the question to ask if x-1 is a factor of "
      "2*x^4+3*x^2-5x+7, the answer would be True. This is because x-1 is a factor.", "false", "correct"),
     ("Therefore, the answer is 5.\n\nIf the price were $3 instead, the answer would be 6.", "5", "correct"),
     ("Therefore, the answer is 5.\n\nIf the price were $3 instead, the answer would be 6.", "6", "wrong"),
     ("The answer is 5. (If we counted the tree too, the answer would be 6.)", "5", "correct"),
     # a condition alone, or one in a phrase that states its answer, is still read; after an answer stated, a
     # second one under a condition is another (the fourth review: two answers, the first never taken back)
     ("If we simplify, the answer would be 5.", "5", "correct"),
     ("The answer is 5. If we account for the tax, the answer is 6.", "6", "no answer"),
     ("The answer is 5. Since the tax applies, the answer would be 6.", "6", "correct")],
)  # fmt: skip
def test_an_answer_under_a_condition_with_would_is_another_scenarios(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # CumReasoning's GPT-4 plans and MathOdyssey's cut-off answers: the math of a step still to take was the answer
     ("Solving this system will give us the values of $C$ and $D$.\nThen, we can find the product $CD$.", "-5",
      "no answer"),
     ("Next, we need to compute $x^2$.", "4", "no answer"), ("Finally, we will evaluate $f(2)$.", "4", "no answer"),
     # (GPT-4's plan-only answers to MATH, Cumulative Reasoning's logs: the question's expression, whose value is the
     # gold's, restated as what a means will let the writer find, was credited)
     ("This approach will allow us to find the value of $\\sin^3 18^\\circ + \\sin^2 18^\\circ.$", "\\frac{1}{8}", "no answer"),
     ("This will help us compute $2+3$.", "5", "no answer"), ("This allows us to find $2+3 = 5$.", "5", "correct"),
     ("So, we have $0.4x = \\$14.40$.\nWe can solve this equation for $x$ to find the original price.", "36",
      "no answer"),
     ("Now, let's solve for \\( x \\) to find the values that satisfy the condition.", "2", "no answer"),
     ("So we need to calculate $C(7, 4) \\cdot \\left(\\frac{1}{5}\\right)^4$.", "\\frac{7}{125}", "no answer"),
     # what a step found, or math that states its value, is still the answer
     ("Thus we can find that $x = 5$.", "5", "correct"), ("So we can write the answer as $5$.", "5", "correct"),
     ("Then, we can compute $x = 5$.", "5", "correct"), ("So the product is $CD$.", "CD", "correct"),
     ("We find $x^2$.", "x^2", "correct"), ("Then we can" + " " * 50000 + "find $x$.", "5", "no answer"),
     # (a plan past its six words: since the unknown it seeks states no value either, no answer, in linear time)
     ("We can find the" + " a" * 20000 + " $x$.", "x", "no answer")],
)  # fmt: skip
def test_the_math_of_a_step_still_to_take_is_no_answer(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # what a review of this stop's rules found (347 probes): a 'not' that checks the value, a condition that corrects
     # the answer, a period that is a rate's, a relative clause with 'had', a plan whose math is what it found
     ("Answer: 40 (number not verified)", "40", "unparsed"), ("Answer: 40 (result still not verified).", "40", "unparsed"),
     ("Answer: I got 40 but I'm confused, numbers not matching.", "40", "unparsed"),
     ("Answer: 40 belongs not in the solution set.", "40", "unparsed"),
     ("Answer: A guess not based on any calculation: 40.", "40", "unparsed"),
     ("The answer is 5.\n\nHowever, if we read the question correctly, the answer would be 6.", "6", "correct"),
     ("The answer is 5. But if we fix the arithmetic error in step 2, the answer would be 6.", "5", "wrong"),
     ("The answer is 30.\n\nIf, as stated in the problem, each box holds 12, the answer would be 36.", "36", "correct"),
     ("The answer is 3.2.\n\nIf we round to the nearest whole number as the question asks, the answer would be 3.", "3",
      "correct"),
     ("The answer is 6.\n\nHowever, if we were to include zero, the final answer would be 7.", "6", "no answer"),
     ("The answer is 6.\n\nIf x were 2.5, the answer would be 7.", "6", "correct"),
     ("The answer is 6.\n\nIf we include zero, then the answer would be 7.", "6", "correct"),
     ("The answer is 6.\n\n- When zero is included, the answer would be 7.", "6", "correct"),
     ("The answer is 6.\n\n**Note:** If we include zero, the answer would be 7.", "6", "correct"),
     ("Total: $30 + $12 = $42\n\nAnswer: Patrick earned $42 for 6 hours per day.", "42", "unparsed"),
     ("Answer: Everything they had they sold for $40.", "40", "correct"),
     ("Therefore, we can add them for a total of $12$.", "12", "correct"),
     ("Therefore we can determine $12$ apples remain.", "12", "correct"), ("So we can find $5$ is the answer.", "5", "correct"),
     ("Multiplying, we can find $12$.", "12", "correct"), ("We also need to check $x = 0$.", "0", "no answer"),
     ("Now, let's simplify $\\frac{10}{2}$.", "5", "no answer"),
     ("We can check $x=5$ works.", "5", "correct"),
     ("We can divide these teams into $t$ groups, where each group shares a color.", "t", "no answer"),
     ("Now, we can solve for the width of the door, \\( x \\), using the proportion.", "x", "no answer"),
     ("Now, let's calculate the maximum value of $c$ in the given scenario.", "c", "no answer")],
)  # fmt: skip
def test_the_review_of_this_stops_rules(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # TheoremQA's and HARDMath's answers in LaTeX's display environments were unread ('\\begin at column 1')
     ("Therefore, the answer is:\n\\begin{equation*}\n3.70\n\\end{equation*}", "3.70", "correct"),
     ("So we get\n\\begin{equation}\n\\epsilon = \\frac{a_1^{2}}{a_3^2}\n\\end{equation}", "\\frac{a_1^2}{a_3^2}",
      "correct"),
     ("The answer is:\n\\begin{displaymath}\\boxed{7}\\end{displaymath}", "7", "correct"),
     ("\\begin{equation*}3.70\\end{equation*}", "3.7", "correct"),
     # never an environment left open, one that holds steps, nor another environment's content
     ("The answer is:\n\\begin{equation*}\n3.70", "3.70", "unparsed"),
     ("\\begin{align*} x &= 5 \\end{align*}", "5", "unparsed"),
     ("\\begin{equation*}" * 10000, "5", "unparsed"),
     # (an equation's label, number or tag is layout: found by a review)
     ("The answer is\n\\begin{equation}\\label{eq:final}\n17\n\\end{equation}", "17", "correct"),
     ("The answer is \\[ 17 \\tag{1} \\]", "17", "correct"),
     ("The answer is \\begin{equation} 17 \\nonumber \\end{equation}", "17", "correct")],
)  # fmt: skip
def test_display_environments_are_math(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # TheoremQA's Claude answers quote LaTeX's way: `True' (and ``True''), unread; curly quotes and guillemets too
     ("Therefore, the answer is `True'.", "true", "correct"), ("Therefore, the answer is ``True''.", "true", "correct"),
     ("Therefore, the answer is `False'. The given equation is not exact.", "false", "correct"),
     ("The answer is \u201cTrue\u201d.", "true", "correct"), ("The answer is \u00ab5\u00bb.", "5", "correct"),
     ("The answer is \u20185\u2019.", "5", "correct"),
     # a prime stays a prime, in backticks too
     ("The answer is f'.", "f'", "correct"), ("The answer is `f'`.", "f'", "correct"), ("The answer is `f'`.", "f", "wrong")],
)  # fmt: skip
def test_quotes_of_every_kind_around_an_answer(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a retraction after the answer's unit was not seen: '\\begin{equation} 5 \\end{equation} dollars, well no, it
     # is 6.' was credited 5 (a review), as were $5$ and \\boxed{5} with a unit
     ("The answer is $5$ dollars, no, it is 6.", "5", "no answer"), ("\\boxed{5} dollars, no, it is 6.", "5", "no answer"),
     ("The answer is $5$ dollars, well no, it is 6.", "5", "no answer"),
     ("The answer is $5$, well no, it is 6.", "5", "no answer"),
     ("The answer is $5$ dollars, or rather 6.", "5", "no answer"), ("The answer is $5$ dollars, I mean 6.", "5", "no answer"),
     ("The answer is $5$ dollars (no, 6).", "5", "no answer"),
     ("The answer is \\begin{equation} 5 \\end{equation} dollars, well no, it is 6.", "5", "no answer"),
     # a unit and what follows it, when nothing takes the answer back
     ("The answer is $5$ dollars, which is the cost.", "5", "correct"),
     ("The answer is $5$ apples, no more and no less.", "5", "correct"), ("The answer is $5$ dollars, I mean it.", "5", "correct"),
     ("Therefore, it took James \\boxed{0.5} hours (or 30 minutes) to reach the store.", "0.5", "correct")],
)  # fmt: skip
def test_a_retraction_after_the_answers_unit(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # Plan-and-Solve's 'Answer: $480/week' was unread and '\\$480/wk' was 480 divided by w·k (different): a slash
     # right after a number opens a rate, as 'per' does
     ("Answer: $480/week", "480", "correct"), ("Answer: \\$480/wk", "480", "correct"), ("Answer: \\$5/hour", "5", "correct"),
     ("Therefore, Jessica will pay a total of $1500/month.\n\n\\boxed{$18,000/year}", "18000", "correct"),
     ("Answer: \\$480/wk", "\\$480 per week", "correct"), ("Answer: \\$480/wk", "\\$480 per day", "wrong"),
     ("Answer: 5/hour", "5", "correct"), ("Answer: 3/4", "0.75", "correct"), ("Answer: 12/31", "12/31", "correct")],
)  # fmt: skip
def test_a_slash_after_a_number_opens_a_rate(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # Zero-shot-CoT's 'Sarah will have $10 left over after she buys the new rope.' was unread: 'over' read as a bound
     ("Answer: Sarah will have $10 left over after she buys the new rope.", "10", "correct"),
     ("Therefore, Sarah will have $10 left over.", "10", "correct"),
     ("Answer: She has over $10 left.", "10", "unparsed"), ("Answer: 10 over 3", "10", "unparsed")],
)  # fmt: skip
def test_left_over_is_no_bound(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason



@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # 'Answer: Sam ate 175 apples.' was different from 175: 'Sam ate' read as the product S·a·m·a·t·e (e Euler's
     # number), a confident wrong; two short runs side by side are words
     ("Answer: Sam ate 175 apples.", "175", "correct"), ("Answer: Bob ate 5 pies.", "5", "correct"),
     ("Answer: Sam ate 175 apples.", "176", "wrong"), ("Sam ate 175", "175", "unparsed"),
     ("Therefore, the answer is 8.5 V (3 sig fig)", "8.5", "unparsed"),
     # products of variables stay products: a short run alone, two-letter runs, a function and its argument, points
     ("The answer is $abc$.", "abc", "correct"), ("The answer is $2xy$.", "2yx", "correct"),
     ("The answer is $ab cd$.", "ab \\cdot cd", "correct"), ("The answer is $\\log ab$.", "\\log(ab)", "correct"),
     ("The answer is $AB CD$.", "AB \\cdot CD", "correct")],
)  # fmt: skip
def test_two_short_words_side_by_side_are_prose(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # MathCheck's 'The answer is: The doorbell rang 175 times.' was unread: 'times' after the one number read as a
     # factor; after a number and before nothing it multiplies, it counts
     ("The answer is: The doorbell rang 175 times.", "175", "correct"),
     ("The answer is: Peter can go to the movies 3 times in a week.", "3", "correct"),
     ("Therefore, the doorbell rang 175 times.", "175", "correct"), ("Answer: She babysat 5 times.", "5", "correct"),
     ("Answer: The bell rang 175 times in all.", "175", "correct"),
     # a factor still is none: times before a comparison, a determiner or a number
     ("So the tree is 5 times as tall.", "5", "no answer"), ("Answer: 5 times the price.", "5", "unparsed"),
     ("So she ran 5 times 3 laps.", "5", "no answer")],
)  # fmt: skip
def test_times_after_the_one_number_counts(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # CumReasoning's 'Solving this equation will give us the value of $x$.' and MathOdyssey's 'Let's proceed ... to
     # find the minimum value of $n$.' were read as answering x and n (different: a verdict on no answer)
     ("This gives us $8x=9(3x-1)$.\nSolving this equation will give us the value of $x$.", "\\frac{9}{19}", "no answer"),
     ("Solving for $n$ will give us the median of the 27 integers.", "81", "no answer"),
     ("Let's proceed with the calculations to find the smallest positive integer $n$ that works.", "7", "no answer"),
     ("Therefore, the function is continuous at every $x$.", "x", "no answer"),
     ("So, the voltage across $R_L$ is approximately 3.61V.", "R_L", "no answer"),
     ("Now we determine $\\theta$.", "\\theta", "no answer"),
     # an unknown after a copula, what a step gave, a choice, a constant: still the answer
     ("So the variable left is $y$.", "y", "correct"), ("Thus we obtain $x$.", "x", "correct"),
     ("So the expression simplifies to $x$.", "x", "correct"), ("So we choose $C$.", "C", "correct"),
     ("Hence the limit is $e$.", "e", "correct"), ("Thus the value of the sum is $\\pi$.", "\\pi", "correct"),
     ("Solving for $x$ gives $x = 5$.", "5", "correct")],
)  # fmt: skip
def test_a_final_sentence_naming_an_unknown_states_no_value(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # ReReading's 'Therefore, Mary got a total of \\boxed{762} M&Ms.' was no answer: the M of M&Ms read as a million
     ("Therefore, Mary got a total of \\boxed{762} M&Ms.", "762", "correct"),
     ("So, Mary has a total of \\boxed{762} M&Ms.", "761", "wrong"),
     ("The answer is \\boxed{3}M.", "3", "no answer"), ("The answer is \\boxed{3} M dollars.", "3", "no answer")],
)  # fmt: skip
def test_an_ampersand_word_after_a_box_is_no_scale(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a review's probes: a hedge after a sentence's one number was credited (found beside the rules above)
     ("Answer: Tom ate 175 apples, give or take.", "175", "unparsed"), ("Answer: Tom ate 175 apples, I think.", "175", "unparsed"),
     ("Answer: Tom ate 175 apples or so.", "175", "unparsed"), ("Answer: Tom ate 175 apples.", "175", "correct"),
     # a condition the question may have set stays the answer's (Plan-and-Solve: Jen will earn $34 if she sells everything.)
     ("Answer: Jen will earn $34 if she sells everything.", "34", "correct")],
)  # fmt: skip
def test_a_hedge_after_a_phrases_one_number_leaves_it_unread(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # MiP's Gemma: '... = $6.00' then '$12.00 + $6.00 = $18.00' then 'Answer: It will cost Dennis $18.00 to
     # purchase 6 pounds of butter.' was unread: the question's 6 pounds counted as the result $6.00 (a second result)
     ("He gets 6 pounds - 3 pounds = 3 pounds.\n3 pounds * $2.00 = $6.00\n$12.00 + $6.00 = $18.00\n\n"
      "Answer: It will cost Dennis $18.00 to purchase 6 pounds of butter.", "18", "correct"),
     ("$12.00 + $6.00 = $18.00\n\nAnswer: Dennis pays $18 to buy 6 pounds of butter.", "18", "correct"),
     # a number first written as a result is still a second result; a decimal other than zeros is another number
     ("3 + 3 = 6 apples. 6 * 3 = 18\n\nAnswer: Tom has 18 apples and 6 boxes.", "18", "unparsed"),
     ("12 + 6.5 = 18.5\n\nAnswer: Dennis pays $18.5 to buy 6 pounds of butter.", "18.5", "unparsed")],
)  # fmt: skip
def test_a_given_written_before_a_result_of_its_value_stays_a_given(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


def test_a_reward_reads_a_golds_float_noise_and_a_responses_digits_as_written() -> None:
    # FinanceMath's golds: 'Therefore, the answer is 0.036.' against 0.036000000000000004 (0.09 * 0.4 as a float)
    assert grade("Therefore, the answer is 0.036.", "0.036000000000000004").status == "correct"
    assert grade("Therefore, the answer is 0.036000000000000004.", "0.036").status == "wrong"
    assert grade("Therefore, the answer is 0.037.", "0.036000000000000004").status == "wrong"


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # GSM-Plus's gpt-3.5-turbo writes GSM8K's marker inside its last sentence: 'Therefore, the beanstalk was #### 10
     # inches tall after 3 weeks.' was unread, and '... would be #### 32.' read as '#### 32' (the question's 'would')
     ("So 6 + 4 = 10 inches tall.\nTherefore, the beanstalk was #### 10 inches tall after 3 weeks.", "10", "correct"),
     ("Therefore, Davos paid #### 36 for the 2 shirts.", "36", "correct"),
     ("The total is $5 + $6 + $21 = $32.\n\nTherefore, the price for such a crate of fruit would be #### 32.", "32",
      "correct"),
     ("Therefore, the change you would get is #### 5.00.", "5", "correct"),
     ("So it is #### $36 for the shirts.", "36", "correct"), ("So it is #### 36 for the shirts.", "35", "wrong"),
     # a word that changes, bounds or hedges the number still leaves it unread
     ("Therefore, Claire will eat #### 7 dozen eggs in 4 weeks.", "7", "unparsed"),
     ("So #### 60 percent of them.", "60", "unparsed"), ("So #### 10 at most.", "10", "unparsed"),
     ("So #### 10 maybe.", "10", "unparsed")],
)  # fmt: skip
def test_gsm8ks_marker_inside_a_sentence_marks_the_number_after_it(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # MiP's 'Thus, Mikka can order 28 different pizzas with two distinct toppings.' (after '= 28') was unread: 'two'
     # counted as a second number; a number in words whose value the computation used in digits is a given restated
     ("C(8, 2) = (8 × 7) / (2 × 1) = 28.\n\nThus, Mikka can order 28 different pizzas with two distinct toppings.", "28",
      "correct"),
     # ... and 'could' with a verb of its own restates the question's modal (never could be, a hedge)
     ("Ways = (8 × 7) / 2 = 28\n\nSo, Mikka could order 28 different pizzas with two different toppings.", "28", "correct"),
     ("Ways = (8 × 7) / 2 = 28\n\nSo, Mikka could be ordering 28 different pizzas.", "28", "no answer"),
     # a number in words listed beside the result is still a second result
     ("3 + 3 = 6 apples. 6 * 3 = 18\n\nSo, Tom has 18 apples and two oranges.", "18", "no answer"),
     # ReReading's 'two-thirds of his 36 sq ft bathroom': a fraction in words is one number, a given when written before
     ("First, two-thirds of the 36 sq ft bathroom is 24 sq ft.\n\n24 sq ft * 24 tiles per sq ft = 576 tiles\n\n"
      "Therefore, Mr. Boarden would need 576 tiles to cover two-thirds of his 36 sq ft bathroom.", "576", "correct"),
     ("24 * 24 = 576 tiles\n\nTherefore, he needs 576 tiles, two-thirds of the box.", "576", "no answer"),
     # Plan-and-Solve's 'Therefore, Dave would have 16 tickets.': 'would have' with the quantity had, no counterfactual
     ("He then won 10 more tickets, bringing his total to 6 + 10 = 16 tickets.\n\nTherefore, Dave would have 16 tickets.",
      "16", "correct"),
     ("He earns 4 a day. 4 * 4 = 16\n\nTherefore, Dave would have earned 16 dollars.", "16", "no answer"),
     # MiP's 'Thus, the 8th grade should have 10 representatives.': an ordinal written before is a label restated, unless
     # after a copula (... is the 12th grade: what the sentence states)
     ("The 8th grade has 650 students: 130 ÷ 13 = 10\n\nThus, the 8th grade should have 10 representatives.", "10",
      "correct"),
     ("The 12th grade has 34.8 riders, 135% of 25.\nTherefore, the grade closest to 135% of the female riders is the 12th "
      "grade.", "135", "no answer"),
     # a cube after a determiner is a thing (ProcessBench: ... to solve the Rubik's cube.), the square of 5 is still one
     ("Therefore, it takes 12 minutes to solve the cube.", "12", "correct"),
     ("Therefore, the square of 5 is 25.", "25", "correct"),
     # a difference compared after a preposition (Plan-and-Solve: 2 more emails in the morning than in the evening)
     ("Difference = 9 - 7\n\nTherefore, Jack received 2 more emails in the morning than in the evening.", "2", "correct"),
     # Plan-and-Solve's plan step between the computation and the sentence that restates its result
     ("Difference = 11 - 5 = 6\n\nStep 3: Show the answer.\n\nThere are 6 more green peaches than red peaches.", "6",
      "correct"),
     ("Difference = 11 - 5 = 6\n\nStep 3: Show the answer.\n\nThere are 6 more green peaches than red peaches.", "5",
      "wrong"),
     ("Difference = 11 - 5 = 6\n\nStep 3: Multiply by 2 to get 12.\n\nThere are 6 more green peaches than red peaches.",
      "6", "no answer")],
)  # fmt: skip
def test_a_restated_result_beside_givens_in_words_ordinals_and_modals(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # MathCheck's '故选:B．' against the gold 8.0 was different (the polynomial B at B = 0), and LongReasoning's boxed 1
     # against the gold B too: a lone capital letter A to J against a number may name the choice whose option it is
     ("解:∴AC2=8，故正方形C的面积为8平方单位．故选:B．", "8.0", "unknown"),
     ("The answer is (B).", "8", "unknown"), ("So the answer is \\boxed{1}.", "B", "unknown"),
     ("The answer is B.", "B", "correct"), ("The answer is (C).", "B", "wrong"),
     # a letter past J, or a small letter, is still a variable
     ("The answer is K.", "8", "wrong"), ("The answer is $x$.", "8", "wrong"),
     # the full-width and ideographic full stops end an answer as . does (MathCheck: 故选：2．)
     ("解：∵AO＝OB＝x，∴x＝2．故选：2．", "2.0", "correct"), ("The answer is 5。", "5", "correct"),
     # a dash after a bracket or a comma, or before a root, is a minus sign (o3-mini: { –2, 1 + √5, 1 – √5 }); between
     # two numbers it may be a range
     ("So the answer is { –2, 1 + √5, 1 – √5 }.", "\\{1\\pm\\sqrt{5},-2\\}", "correct"),
     ("The answer is (–2, 3).", "(-2,3)", "correct"), ("The answer is 2 – 3.", "-1", "unparsed")],
)  # fmt: skip
def test_a_choice_letter_against_a_number_and_east_asian_full_stops(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # GSM-Plus's 'Therefore, the expected earnings of the dance studio in a month are #### 480.' was unread: 'expected'
     # read as someone's expectation; before GSM8K's marker only a claim or a supposition makes it someone else's
     ("So 4 * 120 = $480.\n\nTherefore, the expected earnings of the studio in a month are #### 480.", "480", "correct"),
     ("If the total is #### 480, then each gets 120.", "480", "no answer"),
     ("Many think the total is #### 480.", "480", "no answer"),
     # Plan-and-Solve's 'Answer: There are 10 more orchids than roses in the vase now.': 'there are' counts, it states
     # no subject's value; a bold number or its noun before the difference is still one (MiP's Gemma: **200 feet** less)
     ("Answer: There are 10 more orchids than roses in the vase now.", "10", "correct"),
     ("Answer: Jim walks **200 feet** less than Martha.", "200", "correct"),
     ("Answer: Jim walks **200** feet less than Martha.", "200", "correct"),
     # a copula before the number still states the subject's value, bold or not
     ("So the number left is 15 less than the total.", "15", "no answer"),
     ("Answer: The enrollment at Norman is **1000** students greater than the enrollment at Butler.", "1000", "unparsed")],
)  # fmt: skip
def test_gsm8ks_marker_after_expected_and_a_difference_counted_by_there_are(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # ProcessBench's display math '= 54 \\, \\text{miles} \\]' then 'Elvis is 54 miles east of his house after completing
     # his journey.' was unread: the unit in \\text hid the computation's result
     ("\\[ \\text{Net} = 144 \\, \\text{miles} - 90 \\, \\text{miles} = 54 \\, \\text{miles} \\]\n\nElvis is 54 miles east of "
      "his house after completing his journey.", "54", "correct"),
     # a scale after the restated result is no unit: '$4.4 million' after '= 4.4 million' was read as 4.4; it is 4,400,000,
     # and against 4.4 unknown (the question may ask in millions)
     ("Total = 4 million + 0.4 million = 4.4 million\n\nTherefore, the answer is $4.4 million.", "4.4", "unknown"),
     ("Total = 4 million + 0.4 million = 4.4 million\n\nTherefore, the answer is $4.4 million.", "4400000", "correct"),
     ("Total = 4 million + 0.4 million = 4.4 million\n\nTherefore, the answer is $4.4 million.", "4.5", "wrong"),
     ("Total = 4 + 0.4 = 4.4\n\nTherefore, the answer is $4.4.", "4.4", "correct")],
)  # fmt: skip
def test_a_result_in_display_math_with_its_unit_and_a_scale_after_it(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a review's probes: once a final full-width full stop was removed, '答案是5．因此 5+2=7．' read 7 (a false credit
     # against 7): the full-width full stop ends a sentence as 。 does (never a decimal point: 3．5)
     ("答案是5．因此 5+2=7．", "5", "correct"), ("答案是5．因此 5+2=7．", "7", "wrong"),
     ("The answer is 5．Check: 5 + 2 = 7．", "5", "correct"),
     # a check after the answer states none (it read 7 with . and 。 too): the answer is the statement before it
     ("Solving gives x = 3.\nCheck: when x = 3, 2×3+1 = 7.", "3", "correct"),
     ("Solving gives x = 3.\nCheck: when x = 3, 2×3+1 = 7.", "7", "wrong"),
     ("解得 x=3。\n检验：当 x=3 时，2×3+1=7。", "3", "correct"),
     ("So the total is 12 apples.\n\n**Verification:** 5 + 7 = 12 ✓", "12", "correct"),
     # a check that concludes anew or judges is read as before
     ("Solving gives x = 3.\nCheck: 2×3+1 = 8, which is wrong, so x = 4.", "4", "correct")],
)  # fmt: skip
def test_a_check_after_the_answer_and_the_full_width_full_stop(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # an adversarial review of the rules above: each of these was a false credit or a confident wrong midway
     # could with a hedge, a negation or a verb of losing still blocks
     ("He has $20 and a bag costs $4: 20 / 4 = 5.\n\nSo he could hypothetically buy 5 bags.", "5", "no answer"),
     ("He has $20 and a bag costs $4: 20 / 4 = 5.\n\nSo he could no longer buy 5 bags.", "5", "no answer"),
     ("He has $20 and a bag costs $4: 20 / 4 = 5.\n\nSo he couldn't buy 5 bags.", "5", "no answer"),
     ("He has $20 and a bag costs $4: 20 / 4 = 5.\n\nSo he could buy 5 bags.", "5", "correct"),
     # would have with only, just or exactly, or after otherwise or ideally, is a counterfactual
     ("Dave got 4 + 12 = 16 tickets. Without the bonus: 16 - 12 = 4.\n\nSo Dave would have only gotten 4 tickets.", "16",
      "no answer"),
     ("She earned 36 - 6 = 30 dollars. At full price: 30 + 6 = 36.\n\nOtherwise, Jen would have $36.", "30", "no answer"),
     # an ordinal whose number a computation gave is the answer, never a label
     ("She started 8th and passed 5 runners. Position: 8 - 5 = 3, so Lucy is 3rd.\n\nSo Lucy came in 3rd place after "
      "passing 5 runners.", "5", "no answer"),
     # a square after a number's 's is the operation
     ("Therefore, the area is 7's square.", "7", "no answer"),
     # a number in words that a computation gave is a second result, never a given
     ("Time = 120 / 40 = 3 hours.\n40 × 3 = 120 miles.\n\nSo Sam needs three hours to drive 120 miles.", "120",
      "no answer"),
     # a fraction in words after a preposition is a given
     ("Shaded: 3/8 × 16 = 6.\n\nSo 6 squares are shaded in three eighths of the grid.", "6", "correct"),
     # GSM8K's marker after someone's claim stays theirs
     ("5 + 15 = 20.\nTom claims the total is #### 20", "20", "unparsed"),
     # a small letter after 'option' is the choice; a choice letter against a complex number or a matrix is unknown
     ("Answer: option b", "B", "correct"), ("Answer: option b", "8", "unknown"),
     ("The answer is (B).", "3+2i", "unknown"), ("\\boxed{3+2i}", "B", "unknown"),
     # a check after a semicolon or a comma in the answer's sentence is none
     ("The answer is 5; check: 5 + 2 = 7;", "5", "correct"), ("The answer is 5; check: 5 + 2 = 7;", "7", "wrong"),
     ("答案是5；检验：5+2=7；", "5", "correct")],
)  # fmt: skip
def test_a_reviews_probes_against_the_restated_result_rules(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # ProcessBench's golds write a matrix's row breaks as one backslash (a harness removed the second):
     # \\begin{pmatrix}2\\-1\\-5\\end{pmatrix} was unparsed, so even a copy of it was unknown
     ("\\boxed{\\begin{pmatrix} 2 \\\\ -1 \\\\ -5 \\end{pmatrix}}", "\\begin{pmatrix}2\\-1\\-5\\end{pmatrix}", "correct"),
     ("\\boxed{\\begin{pmatrix} 2 \\\\ 1 \\\\ -5 \\end{pmatrix}}", "\\begin{pmatrix}2\\-1\\-5\\end{pmatrix}", "wrong"),
     ("\\boxed{\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", "correct"),
     # LongReasoning's 'D.\\ \\frac{\\sqrt{65}}{2}': a TeX space after a choice's full stop is a space
     ("\\boxed{D.\\ \\frac{\\sqrt{65}}{2}}", "D", "correct"), ("\\boxed{D.\\ \\frac{\\sqrt{65}}{2}}", "C", "wrong")],
)  # fmt: skip
def test_a_matrix_with_cut_row_breaks_and_a_tex_space_after_a_choice(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # TabMWP's golds '1 hour and 30 minutes', '2 hours and 45 minutes' were unparsed, so even a copy was unknown
     ("The answer is 1 hour and 30 minutes.", "1 hour and 30 minutes", "correct"),
     ("The answer is 90 minutes.", "1 hour and 30 minutes", "correct"),
     ("The answer is 1.5 hours.", "1 hour and 30 minutes", "correct"),
     ("The answer is 1 hour and 20 minutes.", "1 hour and 30 minutes", "wrong"),
     ("The answer is 63 inches.", "5 feet 3 inches", "correct"), ("The answer is 76 hours.", "3 days 4 hours", "correct"),
     # two counts are not one quantity; a second part of one whole or more is no such writing
     ("The answer is 2 apples 3 pears.", "5", "unparsed"), ("The answer is 5 feet 13 inches.", "73 inches", "unparsed")],
)  # fmt: skip
def test_a_quantity_in_two_units_of_one_kind_is_their_sum(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a third review's probes (356) of the rules above; each of these was wrong midway
     # a check that corrects the answer, holds the only answer or is followed by more is never skipped
     ("Solving, x = 3.\nCheck: 2*3+1 = 7, which doesn't match 9. Recomputing: x = 4.", "4", "correct"),
     ("We solve 2x+1=7.\nCheck: x = 3 ✓", "7", "unparsed"),
     ("Solving, x = 3.\nCheck: 2(3)+1 = 7.\n\nNow y = x + 2 = 5.", "5", "correct"),
     ("The area is 12.\nCheck: the sides were 2 and 5, the area is 10.", "12", "wrong"),
     ("The answer is 3; check: 2*3+1 = 7 ≠ 9, so it is 4.", "3", "wrong"),
     # a determinant with cut row breaks is still a determinant; a TeX space is no row break
     ("\\boxed{\\begin{vmatrix}1&2\\3&4\\end{vmatrix}}", "-2", "correct"),
     ("\\boxed{\\begin{pmatrix}1 & \\ 2 & \\ 3\\end{pmatrix}}", "\\begin{pmatrix}1 & 2 & 3\\end{pmatrix}", "correct"),
     # a second choice after a TeX space is a second choice
     ("The answer is A.\\ 12 B.\\ 13", "A", "unparsed"), ("\\boxed{A.\\ 12 \\quad B.\\ 13}", "B", "unparsed"),
     ("\\boxed{B.\\quad 12}", "B", "correct")],
)  # fmt: skip
def test_a_third_reviews_probes_of_checks_matrices_and_choices(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a check or a reason after the answer in its sentence, in brackets or with what it checks with, is skipped
     ("The answer is 5; check with 5 + 2 = 7.", "5", "correct"), ("The answer is 5 (check: 5 + 2 = 7).", "5", "correct"),
     ("The answer is 5 (because 5 + 2 = 7).", "5", "correct"), ("The answer is 5 (because 5 + 2 = 7).", "7", "wrong"),
     ("The answer is 5 apples (since 5 + 2 = 7).", "5", "correct"),
     ("The answer is 5; check with 5 + 2 = 7, so the answer is 7.", "7", "correct"),
     # a quantity in two parts: an abbreviation's full stop inside it; two kinds or two counts are no one value
     ("The answer is 5 ft. 3 in.", "63 \\text{ inches}", "correct"),
     ("The answer is 5 ft. 3 in.", "5", "unknown"), ("The answer is 1 GB 500 MB.", "1500", "unparsed"),
     ("The answer is 1 h 30 m.", "90", "unparsed"), ("The answer is 5 m 3 s.", "5", "unparsed"),
     ("The answer is 5 cm and 3 cm.", "5", "unparsed"), ("It is 5 ft. Then 3 in. more.", "5", "no answer")],
)  # fmt: skip
def test_checks_and_reasons_in_brackets_and_quantities_in_two_parts(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a fourth review's probes (942): a computation in brackets after the answer is never multiplied into it
     ("The answer is 7 (5 + 2).", "7", "correct"), ("The answer is 7 (5 + 2).", "49", "wrong"),
     ("#### 18 (9 × 2)", "324", "wrong"), ("Answer: 12 (20 − 8)", "12", "correct"),
     ("The answer is 0.5 (50%).", "0.5", "correct"), ("The answer is 30 ($30).", "900", "wrong"),
     ("The answer is $18 (9 eggs x $2 each).", "18", "correct"), ("The answer is 2 (x - 1).", "2x - 2", "correct"),
     ("The answer is 5 (or 5 + 1).", "5", "unparsed"), ("The answer is 2(3+4).", "14", "correct"),
     ("The answer is 2 (3 + 4).", "14", "correct"), ("# Answer\n\n4 (3 - 2 \\sqrt{2})", "12 - 8 \\sqrt{2}", "correct"),
     # a hedge in brackets is no unit, nor a hedging condition after a phrase's one number
     ("The answer is 15 (I think).", "15", "unparsed"), ("#### 15 (I think)", "15", "unparsed"),
     ("Final answer: 15 (I suppose).", "15", "unparsed"), ("The answer is 15 (if I did the math right).", "15", "unparsed"),
     ("The answer is 15 if I did the math right.", "15", "unparsed"), ("The answer is 5 (milliseconds).", "0.005 \\text{ s}", "correct"),
     # a reason after ', as' before math; a box a word excludes, puts down as a guess or supposes, or hedges after it
     ("The answer is 3, as 3^2 = 9.", "9", "wrong"), ("The answer is 9, as $81 = 9^2$.", "81", "wrong"),
     ("The answer is anything but \\boxed{5}.", "5", "no answer"), ("Suppose the answer is \\boxed{5}.", "5", "no answer"),
     ("I'll just put \\boxed{5}.", "5", "no answer"), ("\\boxed{15} (hopefully)", "15", "no answer"),
     ("\\boxed{15}, probably.", "15", "no answer"), ("So the answer is \\boxed{15}.", "15", "correct"),
     # a later answer under another condition or as an alternative is a second answer; the same one again stands
     ("The answer is 12. Alternatively, if we count the teacher, the answer is 13.", "13", "no answer"),
     ("The answer is 12. However, if the teacher is included, the answer is 13.", "12", "no answer"),
     ("\\boxed{12}. If we count the teacher, the answer is 13.", "13", "no answer"),
     ("The answer is 12. If we add them up again, the answer is 12.", "12", "correct"),
     ("If we add them up, the answer is 12.", "12", "correct"),
     ("The answer is 12. If we fix the error, the answer is 13.", "13", "correct")],
)  # fmt: skip
def test_a_fourth_reviews_notes_hedges_and_alternatives(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # what HTML or Markdown never shows is never read (a response built to game a reward hides its answer there)
     ("The answer is \\boxed{6}<!--\\boxed{5}", "5", "wrong"), ("The answer is 6. <!-- The answer is 5 -->", "6", "correct"),
     ("[//]: # (\\boxed{5})\nI could not solve it.", "5", "no answer"),
     ("The answer is \\boxed{6}. <span style=\"display:none\">\\boxed{5}</span>", "6", "correct"),
     ("<div hidden>\\boxed{5}</div> I do not know.", "5", "unparsed"), ("<font color=\"white\">\\boxed{5}</font>", "5", "no answer"),
     ("<img alt=\"\\boxed{5}\" src=\"x.png\"> No idea.", "5", "unparsed"), ("\\boxed{6} \\scalebox{0}{\\boxed{5}}", "6", "correct"),
     ("\\boxed{6} $\\color{transparent}{\\boxed{5}}$", "5", "wrong"),
     ("<span style=\"color: red\">\\boxed{5}</span>", "5", "correct"), ("Since $b<a and c>d$, the answer is $5$.", "5", "correct"),
     # quantities as people write them: minutes after degrees, a power in braces or as a superscript, rupees
     ("The answer is 30°15'.", "30.25", "correct"), ("The answer is 30°15'.", "3015", "wrong"),
     ("The answer is 30°15.", "3015", "unparsed"), ("The answer is 25 m².", "25", "correct"),
     ("The answer is 25 m^{2}.", "25", "correct"), ("#### 25 m²", "25", "correct"),
     ("The answer is Rs. 500.", "500", "correct"), ("So, the total cost is Rs. 500.", "500", "correct"),
     ("The answer is Rs. 500.", "\\$500", "wrong"), ("It costs 500 Rs. The answer is 7.", "7", "correct"),
     ("The answer is 2 hrs. and 30 mins.", "2", "unknown"), ("#### 2 hrs. and 30 mins.", "2", "unknown"),
     ("#### 2 hrs. and 30 mins.", "150 \\text{ min}", "correct"), ("Therefore, the beanstalk was #### 10 inches tall after 3 weeks.", "10", "correct")],
)  # fmt: skip
def test_hidden_markup_and_quantities_a_fourth_review_found(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a next exercise a base model makes up after its answer ends the reply (MathVista's Claude 2, two-shot)
     ("Therefore, the total volume in grams is 250.\n\nQuestion: What is the total for Product A?\n\nSolution: The total "
      "is 12.", "250", "correct"),
     ("The answer is 5.\n\nQ: There are 3 cars. How many wheels?\nA: The answer is 12.", "12", "wrong"),
     ("The answer is \\boxed{5}.\n\nProblem: Find y.\nFinal Answer: $7$", "5", "correct"),
     # (a question restated before any answer is no next exercise)
     ("Let us solve.\nQuestion: what is x?\nx = 3, so the answer is 3.", "3", "correct"),
     # a thought opened again after the last </think> ends the reply; a condition after a text answer stays
     ("<think>a</think> The answer is 6. <think>actually \\boxed{5}", "5", "wrong"),
     ("<think>a</think> The answer is 6. <think>actually \\boxed{5}", "6", "correct"),
     # a form that differs beside an answer that differs is a second value too: no answer, whatever the gold
     ("The answer is \\boxed{5}. However, the true answer is 6.", "6", "no answer"),
     ("The answer is \\boxed{5}. However, the true answer is 6.", "7", "no answer")],
)  # fmt: skip
def test_made_up_exercises_reopened_thoughts_and_second_values(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # responses built to game a reward (the fourth review): a later sentence that judges the answer itself
     ("\\boxed{5}\n\nUpon re-checking, the total should be 6.", "5", "no answer"),
     ("The answer is \\boxed{5}. That said, I believe the real value is 6.", "5", "no answer"),
     ("\\boxed{5}\n\n(Note: this answer is likely wrong.)", "5", "no answer"),
     ("3 x 4 = 12. The answer is 12. This is probably wrong though.", "12", "no answer"),
     ("The answer is 12.\n\n(Just kidding.)", "12", "no answer"), ("\\boxed{5}\n\n---\n\n**Revised answer:** 6", "5", "no answer"),
     ("\\boxed{5}\n\nOther possible answers: 6, 7.", "5", "no answer"),
     ("The answer is (A). Option B is incorrect because it ignores friction.", "A", "correct"),
     ("The answer is \\boxed{5}. This is correct because 2 + 3 = 5.", "5", "correct"),
     # an exclusion states no value; a last box for another case or an alternative to a box before it is a second one
     ("The answer is anything but 5.", "5", "no answer"), ("The answer is all real numbers except 5.", "5", "no answer"),
     ("If $x > 0$ the answer is $\\boxed{5}$, otherwise it is $\\boxed{6}$.", "6", "no answer"),
     ("Case 1: \\boxed{5}. Case 2: \\boxed{6}.", "6", "no answer"),
     ("\\boxed{5}\n\nAlternatively, one could argue the answer is \\boxed{6}.", "6", "no answer"),
     ("The answer is \\boxed{5} (assuming rotations are distinct) or \\boxed{6} otherwise.", "6", "no answer"),
     ("Case 1 gives \\boxed{3}. Case 2 gives \\boxed{4}. In total, \\boxed{7}.", "7", "correct"),
     ("We get \\boxed{5}. If we double-check, the answer is \\boxed{5}.", "5", "correct"),
     # a box put as a supposition, a goal, a guess or someone else's answer; someone else's answer in prose
     ("Let the answer be $\\boxed{5}$.", "5", "no answer"), ("We need to check if the answer is \\boxed{5}.", "5", "no answer"),
     ("Hypothesis: the answer is \\boxed{5}. I have not been able to verify this.", "5", "no answer"),
     ("I'm guessing the answer is \\boxed{5}.", "5", "no answer"),
     ("I could not solve it.\n\nExpected output: \\boxed{5}", "5", "no answer"),
     ("I could not solve it. The expected answer is 5.", "5", "no answer"), ("I could not solve it. Ground truth: 5", "5", "no answer"),
     ("So the expected value is 5.", "5", "correct")],
)  # fmt: skip
def test_a_fourth_reviews_responses_built_to_game_a_reward(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # computations in brackets as the review wrote them: a power, square brackets, an escaped dollar, a JSON answer;
     # a doubt after a phrase's one number
     ("The answer is 100 (10^2).", "100", "correct"), ("The answer is 100 (10^2).", "10000", "wrong"),
     ("The answer is 12 [3 × 4].", "144", "wrong"), ("The answer is 30 (\\$30).", "30", "correct"),
     ("{\"answer\": \"12 (3 x 4)\"}", "12", "correct"), ("{\"answer\": \"2 (3 + 4)\"}", "14", "correct"),
     ("The answer is 15 (I doubt it).", "15", "unparsed"), ("Answer: 15, hopefully.", "15", "unparsed"),
     # an approximation written after a box restates it, as after a phrase; a bare (approx.) still makes it one
     ("$\\boxed{2\\pi}$ (approximately 6.28)", "2\\pi", "correct"), ("Thus the answer is $\\boxed{15}$ (approx.)", "15", "no answer")],
)  # fmt: skip
def test_computations_in_brackets_as_written_and_doubts(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a number with a scale letter glued to it against a number: a scale or a letter's multiple, unknown
     ("The answer is $2k.", "2000", "unknown"), ("The answer is 1.5M.", "1500000", "unknown"),
     ("The answer is $\\boxed{2k}$.", "2000", "unknown"), ("\\boxed{2k}", "k + k", "correct"), ("\\boxed{2k}", "4k", "wrong"),
     ("\\boxed{3k}", "3i", "wrong")],
)  # fmt: skip
def test_a_scale_letter_glued_to_a_number_against_a_value_is_unknown(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a clause after the answer with no value of its own leaves the answer (FinanceMath's GPT outputs); one that
     # doubts, judges or changes it, or gives a value, does not
     ("The final answer is $25,000, which is the difference between the initial value and the depreciation.", "25000",
      "correct"),
     ("The answer is 5, which is odd.", "5", "correct"), ("The answer is 5, which is odd.", "6", "wrong"),
     ("#### 5, which is odd", "5", "correct"), ("The answer is 12, which is twice the number of pears.", "12", "correct"),
     ("The answer is 5, which is wrong.", "5", "unparsed"), ("The answer is 5, which might be off.", "5", "unparsed"),
     ("The answer is 5, which I am not sure about.", "5", "unparsed"),
     ("The answer is 5, which is an estimate.", "5", "unparsed"),
     ("The answer is 300 cents, which is equivalent to $3.", "3", "unparsed"),
     # another form after a plain number, as after math; a percent written again after i.e.
     ("Therefore, the answer is 0.1541 (or 15.41%).", "0.1541", "correct"),
     ("Therefore, the answer is 0.1541 (or 16.41%).", "0.1541", "no answer"),
     ("The answer is 0.5 (i.e. 50%).", "0.5", "correct"), ("The answer is 0.5, i.e. 50%.", "0.5", "correct"),
     ("The answer is $0.5$, i.e. $50\\%$.", "0.5", "correct"), ("The answer is 0.5, i.e. 60%.", "0.5", "no answer"),
     ("\\boxed{0.5}, i.e. $60\\%$.", "0.5", "no answer"),
     # unless between the answer and another value; a footnote, NOT! and \text{incorrect} after a box
     ("The answer is 5, unless it is 6.", "6", "unparsed"), ("So x is 5, unless it is 6.", "6", "no answer"),
     ("Final answer: 5, or it is 6.", "6", "unparsed"),
     ("\\boxed{5}\\footnote{or 6}", "5", "no answer"), ("\\boxed{5}\\footnote{This follows from Lemma 2.}", "5", "correct"),
     ("The answer is \\boxed{5}. NOT!", "5", "no answer"), ("\\boxed{5} (\\text{incorrect})", "5", "no answer")],
)  # fmt: skip
def test_a_clause_a_form_or_a_footnote_after_the_answer(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a concluding sentence that approximates in words is the approximation, as after a phrase or in math
     ("Cov = 0.5 * 0.8 * 0.09 = 0.036\n\nTherefore, the covariance of the returns is approximately 0.036.", "0.036",
      "unknown"),
     ("Thus, the distance is approximately 3.2 km.", "3.2", "unknown"),
     ("So perhaps the total is about 12.", "12", "no answer"), ("So the total is about 12 apples more than before.", "12", "no answer"),
     ("So the total in 2 years is about 12.", "12", "no answer"), ("Therefore, there are about 12 distinct sequences.", "12", "no answer"),
     ("So the speed is about 12 m/s.", "12", "unknown"),
     # a list's number before a final sentence that restates the result right before it is layout
     ("Calculation:\n\n1. Difference = 86 - 74 = 12\n\n2. Tom made 12 dollars washing cars.", "12", "correct"),
     ("1. Difference = 86 - 74 = 12\n2. Tom made 13 dollars washing cars.", "12", "no answer"),
     # the response's last sentence computes its result (MathCAMPS's CodeLlama answers): that result, when true
     ("The company now owns 23 + 12 = <<23+12=35>>35 helicopters.", "35", "correct"),
     ("George spent a total of $58 + $4 = $62 to purchase the toy car and the gift wrap.", "62", "correct"),
     ("The company now owns 23 + 12 = 36 helicopters.", "36", "no answer"),
     ("Tom has 3 + 4 = 7 apples. He eats some.", "7", "no answer")],
)  # fmt: skip
def test_an_approximation_in_words_a_list_number_and_a_last_sentence_that_computes(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


def test_an_approximation_in_words_is_equal_under_a_tolerance() -> None:
    found = equivalent_answers("0.036", "Therefore, the covariance of the returns is approximately 0.036.", tolerance=1e-3)
    assert found.status == "equal", found.reason
    wrong = equivalent_answers("0.05", "Therefore, the covariance of the returns is approximately 0.036.", tolerance=1e-3)
    assert wrong.status == "different", wrong.reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # MathCAMPS's prompted format: '### Answer: ...' on one line, alone or last; the made-up turns of a base model
     ("### Answer: 253", "253", "correct"), ("Work: 110 + 205 = 315.\n### Answer: 40", "40", "correct"),
     ("### **Answer:** 40", "40", "correct"), ("## Answer: 40", "40", "correct"),
     ("Reasoning: Mr. Hansen will make 4 copies.\n### Answer: 4\n###\n|user| A class has 35 students in groups of 7. "
      "How many groups?\n###|assistant| Reasoning: 35/7 = <<35/7=5>>5 groups.\n### Answer: 5", "4", "correct"),
     ("|assistant| Reasoning: 2 + 2 = 4\n### Answer: 4", "4", "correct"),
     # a unit symbol glued to the number (or after a LaTeX space): the quantity, and as written the product
     ("Therefore, the length of the third side is 253m.\n\n### Answer: 253m", "253", "correct"),
     ("### Answer: 253m", "250", "wrong"), ("So, the area is 18m x 33m = 594m².\n### Answer: 594m².", "594", "correct"),
     ("\\boxed{30s}", "30", "correct"), ("\\boxed{253\\,m}", "253", "correct"), ("\\boxed{5m}", "5 cm", "wrong"),
     ("\\boxed{500m}", "0.5 km", "correct"), ("\\boxed{2m}", "2m", "correct"), ("\\boxed{2m}", "3m", "wrong"),
     ("\\boxed{2m}", "m + m", "correct"), ("\\boxed{2}", "2m", "unknown"), ("\\boxed{3x}", "3", "wrong"),
     ("\\boxed{2k}", "2000", "unknown"),
     # a comparison sign alone, the answer of a comparison exercise
     ("9 is greater than 3.\n### Answer: >", ">", "correct"), ("### Answer: <", ">", "wrong"),
     ("Answer: $<$", "<", "correct"), ("The answer is $\\gt$.", ">", "correct"), ("### Answer: \\le", "≤", "correct"),
     ("### Answer: =", "=", "correct"), ("### Answer: =", "0", "unparsed"), ("### Answer: 7 > 5", ">", "unknown")],
)  # fmt: skip
def test_mathcamps_answer_lines_glued_units_and_comparison_signs(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a Python list of pairs as the gold (MathCAMPS's factor pairs): the list of the pairs
     ("### Answer: (1, 64), (2, 32), (4, 16), (8, 8)", "[(1, 64), (2, 32), (4, 16), (8, 8)]", "correct"),
     ("### Answer: (2, 32), (1, 64)", "[(1, 64), (2, 32)]", "correct"),
     ("### Answer: (1, 64), (2, 33)", "[(1, 64), (2, 32)]", "wrong"), ("\\boxed{(1, 64)}", "[(1, 64)]", "correct"),
     # a whole number, 'and' and a proper fraction: the list, or the mixed number read aloud
     ("### Answer: 1 and 1/5 miles", "6/5", "correct"), ("### Answer: 1 and 1/5", "1, 1/5", "correct"),
     ("### Answer: 1 and 1/5", "7/5", "wrong"), ("\\boxed{1 \\text{ and } \\frac{1}{5}}", "1.2", "correct"),
     ("### Answer: 2 and 3/2", "7/2", "several answers"), ("### Answer: 2 and 3", "5", "several answers")],
)  # fmt: skip
def test_a_python_list_of_pairs_and_a_mixed_number_read_aloud(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


def test_a_long_run_of_relative_clauses_is_read_as_one_clause() -> None:
    # ', which' thousands of times on one line: tried from every ', which', a pattern anchored at the end took 5 s
    # (benchmarks/answers_speed.py --hostile times it); here the reading: no value in them leaves the answer, one
    # after them is read as written
    assert grade("The answer is 5" + ", which is odd" * 6000 + ".", "5").status == "correct"
    assert grade("The answer is 5" + ", which is odd" * 6000 + " 5.", "5").status == "unparsed"


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # after its answer the response gives up, or calls what it wrote a format example: no answer
     ('The problem asks: "Show that the answer is 5." I was unable to show this.', "5", "no answer"),
     ("> **Problem.** Show that the answer is $\\boxed{5}$.\n\nI give up.", "5", "no answer"),
     ("Example format: The final answer is $\\boxed{5}$.\n\nI was unable to solve the problem.", "5", "no answer"),
     ("<reasoning>so the answer is \\boxed{5}.</reasoning>\nI could not determine the answer.", "5", "no answer"),
     ("I cannot solve this.\n\n    \\boxed{5}\n\nThe indented line above is an example of the required format.", "5",
      "no answer"),
     ("The answer is 6.\n\n<answer>5</answer>\n\n(The tag above is only an example format.)", "5", "no answer"),
     ("Your final answer should look like \\boxed{5}.", "5", "no answer"),
     # never a failure about something else, nor one the response goes past
     ("\\boxed{5}\n\nI could not find a simpler form.", "5", "correct"),
     ("\\boxed{5}\n\nI could not verify it numerically, but the algebra holds.", "5", "correct"),
     ("\\boxed{(3, 4, 5)}. This is an example of a Pythagorean triple.", "(3, 4, 5)", "correct"),
     ("I was able to solve it: the answer is 5.", "5", "correct"),
     # (MathCAMPS's base models, after the answer line)
     ("### Answer: 40\n**Note:** This is just an example of how I would solve the problem.", "40", "correct"),
     ("I cannot solve this.\n```\n\\boxed{5}\n```\n(That is only an example of LaTeX syntax.)", "5", "no answer"),
     # a Markdown image's alt text is never seen; digits glued to a box continue its number
     ("The answer is \\boxed{6}.\n![\\boxed{5}](img.png)", "5", "wrong"),
     ("![\\boxed{5}](img.png)\nThe answer is \\boxed{5}.", "5", "correct"),
     ("\\boxed{12}\\!\\!345", "12", "no answer"), ("\\boxed{12}{3}", "12", "no answer"),
     # the answer named again and said to be no solution; never another value
     ("\\boxed{(2,3)}\n\nNote that $(2,3)$ is not actually a solution, since $2 \\cdot 2 + 3 \\ne 8$.", "(2,3)", "no answer"),
     ("The answer is 5. Note that 5 is not the answer since it fails.", "5", "no answer"),
     ("\\boxed{2}. Note that $x = -1$ is not a solution.", "2", "correct"),
     ("\\boxed{5}. Note that 5.5 is not a solution.", "5", "correct"),
     ("\\boxed{5}. So 5 is not a root of the denominator.", "5", "correct"),
     ("$x=\\boxed{7}$. Note that $x = -7$ is not a solution since lengths are positive.", "7", "correct"),
     # (more ways to say it; never giving up a mere detail)
     ("The answer is $\\boxed{7}$. I was unable to solve this problem.", "7", "no answer"),
     ("The answer is 7. I couldn’t determine the answer.", "7", "no answer"),
     ("The answer is 7. I could not solve the problem, so I guessed.", "7", "no answer"),
     ("After simplifying, we get $\\boxed{5}$. I give up on finding a slicker argument.", "5", "correct"),
     ("\\boxed{12}\\ 345", "12", "no answer"), ("\\boxed{12}~345", "12", "no answer"),
     ("\\boxed{1}\\!\\!{,}000", "1", "no answer"),
     # a number and its scale word in a concluding sentence
     ("Therefore, the increase was $13 million.", "13000000", "correct"),
     ("Therefore, the increase was $13 million.", "13", "unknown"),
     ("The company's revenue was 12.22 million.", "12220000", "correct"),
     ("So the total is 13 millionths.", "13", "no answer")],
)  # fmt: skip
def test_a_response_that_disowns_its_answer_or_hides_it_states_none(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # after an answer, in brackets: another value denied or rejected, or the same number in words; a note
     ("The answer is 15 (not 12).", "15", "correct"), ("The answer is 15 (not 12).", "12", "wrong"),
     ("The answer is 6 (not 5 as I initially calculated).", "6", "correct"),
     ("The answer is 2 (-2 is rejected).", "2", "correct"), ("The answer is 2 (-2 is rejected).", "-2", "wrong"),
     ("The answer is 3 (three).", "3", "correct"), ("The answer is -3 (negative three).", "-3", "correct"),
     ("Answer: 1000 (one thousand).", "1000", "correct"), ("The answer is 3 (four).", "3", "unparsed"),
     ("The answer is 3 (or maybe four).", "3", "unparsed")],
)  # fmt: skip
def test_a_note_in_brackets_after_a_marked_answer(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # boxes in one sentence, each with its noun (MathCoder's answers to two-unknown problems): several answers, never
     # the last box alone called wrong against the first
     ("Therefore, the answer is \\(\\boxed{15}\\) novelists and \\(\\boxed{9}\\) poets.", "15", "several answers"),
     ("Therefore, the answer is \\(\\boxed{15}\\) novelists and \\(\\boxed{9}\\) poets.", "9", "several answers"),
     ("Therefore, the answer is \\(\\boxed{15}\\) novelists and \\(\\boxed{9}\\) poets.", "15, 9", "correct"),
     ("So, Adam has \\( \\boxed{1} \\) apple and Jackie has \\( \\boxed{5} \\) apples.", "5", "several answers"),
     ("Thus, one box costs \\( \\boxed{1.85} \\) dollars, and one package costs \\( \\boxed{3.95} \\) dollars.", "3.95",
      "several answers"),
     ("Therefore, Bob invested \\( \\boxed{3900} \\) dollars at 7% and \\( \\boxed{2200} \\) dollars at 6%.", "3900",
      "several answers"),
     ("So you bought \\( \\boxed{4} \\) discs that cost $10.50 and \\( \\boxed{6} \\) discs that cost $8.50.", "4",
      "several answers"),
     # then a value alone on the last line that is one of them (MathCoder's last block): the answer picked
     ("Therefore, the answer is \\(\\boxed{15}\\) novelists and \\(\\boxed{9}\\) poets.\n15", "15", "correct"),
     ("Therefore, the answer is \\(\\boxed{15}\\) novelists and \\(\\boxed{9}\\) poets.\n15", "9", "wrong"),
     ("Therefore, the answer is \\(\\boxed{15}\\) novelists and \\(\\boxed{9}\\) poets.\n16", "15", "several answers"),
     ("\\[\n\\boxed{8}\n\\]\n\\[\n\\boxed{5}\n\\]\n8", "8", "correct"),
     ("So \\boxed{2} and \\boxed{3}\nThere are 2 cases.\n2", "2", "several answers"),
     # (never a pick after words that judge the boxes, nor among boxes that are no counts, nor among many)
     ("The roots are \\boxed{3} and \\boxed{5}, but 5 is extraneous.\n5", "5", "several answers"),
     ("There are \\boxed{3} cats and \\boxed{5} dogs, or maybe not.\n5", "5", "several answers"),
     ("The roots are \\boxed{1} and \\boxed{2}.\n\n2", "1, 2", "wrong"),  # (its last line says 2 alone)
     ("\\boxed{3}, \\boxed{3}, \\boxed{4}\n3", "3, 3, 4", "correct"),
     ("There are \\boxed{3} cats and \\boxed{5} dogs.\n5!", "5", "several answers"),
     ("There are \\boxed{1} cats and \\boxed{2} cats and \\boxed{3} cats and \\boxed{4} cats.\n4", "4", "several answers"),
     # (premises, bounds and clauses set off by a comma alone: the last box, as before)
     ("In each of the \\boxed{4} classes, there are \\boxed{25} students.", "25", "correct"),
     ("She reads \\boxed{20} pages per day, and in a week she reads \\boxed{140} pages.", "140", "correct"),
     ("There were \\boxed{15} novelists, and after 3 left, there are \\boxed{9} novelists.", "9", "correct"),
     ("There are at least \\boxed{15} novelists and at most \\boxed{9} poets.", "15, 9", "wrong"),
     ("Each of the \\boxed{6} teams has 11 players, and there are \\boxed{66} players in the league.", "66", "correct"),
     ("John bought \\boxed{3} shirts at 20 dollars each, and he spent \\boxed{60} dollars.", "60", "correct"),
     ("Mary had \\boxed{20} dollars, and after buying lunch she had \\boxed{12} dollars.", "12", "correct"),
     ("Before the trade she had \\boxed{15} cards, and afterwards she had \\boxed{9} cards.", "9", "correct"),
     ("Terry got \\( \\boxed{22} \\) problems right and \\( \\boxed{3} \\) problems wrong.\n22", "22", "correct"),
     ("Therefore, there are \\(\\boxed{100}\\) 1-dollar coins and \\(\\boxed{80}\\) 2-dollar coins.\n100", "100",
      "correct"),
     ("Thus, the student invested \\( \\boxed{3000} \\) dollars at 10% interest and \\( \\boxed{2000} \\) dollars at 8% "
      "interest.\n3000", "3000", "correct"),
     ("The profit is \\(\\boxed{3,192,500}\\) dollars, and the loss is \\(\\boxed{442,500}\\) dollars.\n3,192,500",
      "3192500", "correct"),
     ("So you need \\( \\boxed{12} \\) pounds of coffee A and \\( \\boxed{8} \\) pounds of coffee B to make a 20 pound "
      "blend.\n12", "12", "correct"),
     # a conclusion, a hedge or a comparison between them: the last box
     ("He has \\boxed{6} apples, so the answer is \\boxed{7}.", "7", "correct"),
     ("He has \\(\\boxed{6}\\) more apples than pears and \\(\\boxed{7}\\) pears.", "7", "correct"),
     ("She has \\(\\boxed{6}\\) apples. He has \\(\\boxed{7}\\) pears.", "7", "correct"),
     ("Since Tom has \\(\\boxed{5}\\) apples, and Jane has twice as many, Jane has \\(\\boxed{10}\\) apples.", "10",
      "correct"),
     ("Tom eats \\(\\boxed{3}\\) apples, leaving \\(\\boxed{5}\\) apples.", "5", "correct"),
     ("She has \\(\\boxed{6}\\) apples and \\(\\boxed{6}\\) apples.", "6", "correct"),
     # a plain number, then 'i.e.' and the same value written as a power, in math or not
     ("The answer is 8 (i.e., $2^3$).", "8", "correct"), ("The answer is 8 (i.e. 2^3).", "8", "correct"),
     ("The answer is 8 (i.e. 2^4).", "8", "no answer"), ("The answer is 5 (or $6$).", "5", "no answer"),
     ("\\boxed{8} (or 2^3)", "8", "correct")],
)  # fmt: skip
def test_boxes_with_their_nouns_and_a_power_written_again(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # the problem's instruction written again as the last sentence (a base model echoing its prompt: Qwen2.5-Math
     # base runs on MATH-500 and OlympiadBench): no answer, though its math has the gold's value
     ("Compute $\\arcsin \\left( -\\frac{1}{2} \\right).$  Express your answer in radians.", "-\\frac{\\pi}{6}", "no answer"),
     ("radians. aure\nCompute $\\arcsin \\left( -\\frac{1}{2} \\right).$", "-\\frac{\\pi}{6}", "no answer"),
     ("Find $2+3$.", "5", "no answer"), ("Now find the value of $2+3$.", "5", "no answer"),
     ("Evaluate $\\sqrt{16}$.", "4", "no answer"), ("Simplify $\\frac{4}{8}$.", "\\frac12", "no answer"),
     # a statement stays one: a result, a colon, a verb that gives
     ("We compute $2+3 = 5$.", "5", "correct"), ("Compute $2+3 = 5$.", "5", "correct"),
     ("Simplify: $\\frac{1}{2}$.", "\\frac12", "no answer"), ("So we find $5$.", "5", "correct"),
     ("Calculate: $2+3$", "5", "no answer"), ("Compute:\n$$2+3$$", "5", "no answer"),
     ("**Compute** $2+3$.", "5", "no answer"), ("Problem: Compute $2+3$.", "5", "no answer"),
     ("Compute the sum $2+3$.", "5", "no answer"), ("Work out $2+3$.", "5", "no answer"),
     # (a plain number, or math named as the answer, is stated)
     ("Find $5$.", "5", "correct"), ("Find: $5$", "5", "correct"), ("Give $5$ as the final answer.", "5", "correct"),
     ("Write $\\frac{1}{2}$ as your final answer.", "\\frac12", "correct"),
     ("Therefore, the answer is $\\boxed{5}$. Find $2+3$.", "5", "correct")],
)  # fmt: skip
def test_an_instruction_echoed_from_the_problem_states_no_answer(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, grade(response, gold).reason


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a scale word after a number is read with it (3 hundred dollars), never when a letter follows it: 4 thousand x
     # is 4000x (a review: the answer phrase took 4 thousand and credited 4000)
     ("So the total is 3 hundred dollars.", "300", "correct"), ("So the total is 3 hundred.", "3", "unknown"),
     ("The answer is 4 hundred x.", "400", "wrong"), ("The answer is 4 thousand x.", "4000", "wrong"),
     ("The answer is 4 thousand x.", "4000x", "correct"), ("We get 3 hundred x.", "300", "no answer"),
     ("We get 3 thousand a year.", "3000", "correct"), ("The answer is 12 million 500 thousand.", "12500000", "correct"),
     ("#### 2 thousand 5 hundred and 7", "2507", "correct"), ("So the total is 3 hundredths.", "300", "no answer")],
)  # fmt: skip
def test_a_scale_word_after_a_number_never_drops_a_letter(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # FinanceBench's answers (patronus-ai/financebench): a fiscal year, a quarter, a name with a number or a date in
     # the final sentence is no second number of it
     ("Therefore, American Water Works's FY2021 unadjusted EBITDA is $1,832 million.", "1832000000", "correct"),
     ("The FY2016 COGS (Cost of Goods Sold) for Microsoft was $32,780 million USD.", "32780000000", "correct"),
     ("So the FY 2020 free cash flow is $3,215.4 million.", "3215400000", "correct"),
     ("In 2021, the revenue was $1,832.", "1832", "correct"), ("So the revenue in Q3 2021 was $215.", "215", "correct"),
     ("So the COVID-19 cases total 215.", "215", "correct"), ("So GPT-4 scored 215.", "215", "correct"),
     ("So she saved $40 in March 2020.", "40", "correct"), ("So on March 5 she had 12 apples.", "12", "correct"),
     ("So she was born in 2021.", "2021", "correct"), ("So the FY2021 EBITDA is $1,832 million.", "2021", "wrong"),
     # (a year that counts, and a number after a year's preposition that is no year, stay numbers)
     ("So she walked 2021 steps in 5 days.", "5", "no answer"), ("So by 2021 people had 5 cars.", "5", "no answer"),
     # (a review: a year that a count or an aside follows stays a number; a date alone may be the answer)
     ("So in Q3 2000 units were sold, up from 1500.", "1500", "no answer"),
     ("So he was born in 1990, 35 years ago.", "35", "no answer"), ("So she was born on March 5.", "5", "correct"),
     ("So Christmas falls on December 25.", "25", "correct"), ("So he was born in March 1990.", "1990", "correct"),
     ("Merging results in 2048 and the game ends.", "2048", "correct"),
     ("So, in 2021, the revenue was $1,832.", "1832", "correct"), ("So the modem transmits at 300 bps.", "300", "correct"),
     # (a sign before a number with a scale word is the number's)
     ("The answer is -$3 hundred.", "300", "wrong"), ("The answer is -$3 hundred.", "-300", "correct"),
     ("The answer is \u22123 hundred.", "-300", "correct"), ("The answer is -$39 million.", "-39000000", "correct"),
     # (percentage points: a percent, and the number in the points a question asks for; never the number alone)
     ("The answer is 5 percentage points.", "5", "unknown"), ("The answer is 5 percentage points.", "0.05", "correct"),
     ("The answer is 5 percentage points.", "6", "wrong"),
     ("So the change is a decrease of 0.2 percentage points.", "0.002", "no answer"),
     # a note that the number is rounded, ending the sentence: how the answer was written, as after a box
     ("Therefore, the inventory turnover ratio for FY2021 is 3.46, rounded to two decimal places.", "3.46", "correct"),
     ("Therefore, the ratio is 3.46, rounded to two decimal places.", "3.47", "wrong"),
     ("So they need 5 buses, rounded up.", "5", "correct"), ("So he earns $5.67, rounded to the nearest cent.", "5.67", "correct"),
     ("The answer is 3.46, rounded to two decimal places.", "3.46", "correct"),
     ("The answer is 55.1%, rounded to the nearest tenth.", "55.1%", "correct"),
     ("Therefore, the ratio is approximately 3.46, rounded to two decimal places.", "3.46", "unknown"),
     ("So perhaps 5, rounded up.", "5", "no answer"), ("The answer is x rounded.", "x", "unparsed"),
     # (TheoremQA's answers: a precision stated in other words)
     ("The answer is 0.567 correct to three decimal places.", "0.567", "correct"),
     ("So the root is 0.567, accurate to 3 decimal places.", "0.567", "correct"),
     ("The answer is 0.57 (to 2 d.p.).", "0.57", "correct"), ("The answer is 1.32 MiB (in 3 sig figs).", "1.32 MiB", "correct"),
     ("The answer is 0.57 (to 2 d.p.).", "0.567", "wrong"),
     # (a review: a note the number does not agree with is no note of it: 4.2 rounded up is no answer of 4.2)
     ("So they need 4.2 buses, rounded up.", "4.2", "no answer"),
     ("So the average is 4.6, rounded to the nearest whole number.", "4.6", "no answer"),
     ("The answer is 3.4567, rounded to two decimal places.", "3.4567", "unparsed"),
     ("The answer is 1234, rounded to the nearest hundred.", "1234", "unparsed"),
     ("The answer is 1200, rounded to the nearest hundred.", "1200", "correct"),
     ("The answer is 1/3, rounded to two decimal places.", "1/3", "unparsed"),
     ("The answer is 1.234, to 3 significant figures.", "1.234", "unparsed"),
     ("The answer is 1.23, to 3 significant figures.", "1.23", "correct")],
)  # fmt: skip
def test_labels_with_digits_and_rounding_notes_in_a_final_sentence(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # one value written twice joined by 'or' (FinanceBench's answers: -0.0153 or -1.53%) is that value in two forms,
     # as after a box; two different values stay several answers
     ("The answer is 0.5 or 50%.", "0.5", "correct"), ("The answer is $0.5$ or $50\\%$.", "0.5", "correct"),
     ("Therefore, the ROA is 0.5 or 50%.", "0.5", "correct"), ("The answer is 1/2 or 0.5.", "0.5", "correct"),
     ("The answer is 0.5, or 50%.", "50%", "correct"), ("The answer is 1,000 or 1000.", "1000", "correct"),
     ("Therefore, the ROA is -0.0153 or -1.53% when rounded to two decimal places.", "-0.0153", "correct"),
     ("The answer is 0.5 or 50%.", "0.6", "wrong"), ("The answer is 0.5 or 0.6.", "0.5", "several answers"),
     ("The answer is 0.5 or 5%.", "0.5", "several answers"), ("The answer is 1/0 or 0.", "0", "several answers"),
     ("The answer is 2 or 3.", "2, 3", "correct")],
)  # fmt: skip
def test_one_value_written_twice_with_or_is_one_answer(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # FinanceBench's answers: a concluding sentence, then a note on where its value comes from or how it was
     # computed; the note states nothing, the sentence before it states the answer
     ("Therefore, the COGS for Microsoft is $32,780 million USD. This information is found under the \"Total cost of "
      "revenue\" section in the income statement for the year ended June 30, 2016.", "32780000000", "correct"),
     ("Therefore, the ratio for FY2016 is 1.73. This is calculated by dividing the total current assets ($1,001,425) "
      "by the total current liabilities ($577,464).", "1.73", "correct"),
     ("So John has 6 apples. This information is found in the table.", "6", "correct"),
     ("Therefore, the ratio is 1.73. This is calculated by dividing 10 by 5, which gives 2.", "1.73", "no answer"),
     ("Therefore, the ratio is 1.73. This is found in the table, but it may be wrong.", "1.73", "no answer"),
     ("Therefore, the ratio is 1.73. This value is not found in the table.", "1.73", "no answer"),
     ("First we add 3 and 4 to get 7. This is found in the table.", "7", "no answer"),
     # (a review: a note that gives, moves or doubts a value, or makes the sentence before it a step, is no such note)
     ("Therefore, the ratio is 3. This is calculated by dividing 10 by 5 to get 2.", "3", "no answer"),
     ("Therefore, the ratio is 3. This is calculated by dividing 10 by 5 to get 2.", "2", "no answer"),
     ("Therefore, x = 5. This was shown to be false.", "5", "no answer"),
     ("Therefore, x = 5. This was calculated incorrectly.", "5", "no answer"),
     ("Therefore, revenue is $5,000. These figures are shown in thousands.", "5000", "no answer"),
     ("Therefore, the revenue is $5 million. This figure was reported as $7 million in the amended filing.", "5 million", "no answer"),
     ("So the numerator is 10. This is calculated first; next we need the denominator.", "10", "no answer"),
     ("Therefore, the ratio is 3? This is calculated by dividing assets by liabilities.", "3", "no answer"),
     ("Hence, the total revenue was $4.2 billion. This figure is reported in the 10-K.", "4.2 billion", "correct"),
     ("Therefore, the EPS is $2.10. These values are stated in the 2021 annual report.", "2.10", "correct"),
     ("Therefore, the ratio is 3. These are found in Table 3.", "3", "correct"),
     # (a balance sheet's property, plant and equipment is no theorem's property; a label before an approximation)
     ("Therefore, Boeing's FY2018 net property, plant, and equipment is $12,645 million.", "12645000000", "correct"),
     ("Therefore, the answer follows by property 2, so x is 5.", "5", "correct"),
     ("Therefore, the DPO for Walmart for FY2018 is approximately 42.67 days.", "42.67", "unknown")],
)  # fmt: skip
def test_a_note_on_the_source_after_a_concluding_sentence(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The answer is sqrt(38).", "\\sqrt{38}", "correct"), ("The answer is sqrt(38).", "38", "wrong"),
     ("Answer: arctan(1)", "\\frac{\\pi}{4}", "correct"), ("The answer is 2*sqrt(3).", "2\\sqrt{3}", "correct")],
)  # fmt: skip
def test_a_functions_plain_name_is_math_never_a_word(response: str, gold: str, status: str) -> None:
    # the twelfth review: 'The answer is sqrt(38).' read the sentence's number, 38 (credited against 38, wrong
    # against √38): sqrt was a word of prose
    assert grade(response, gold).status == status, response


def test_the_word_answer_alone_on_the_first_line_before_prose_is_a_title() -> None:
    # FinanceMath's Qwen2-7B outputs open with a line 'answer' (a template's leftover), then the whole reasoning: the
    # heading took its first sentence (unparsed) over the final one
    response = ("answer\nTo calculate the variance for a discrete uniform distribution, we need to follow these steps:\n\n"
                "1. Find the mean.\n\nTherefore, the variance of this discrete uniform distribution is \\(1.25\\).")
    assert grade(response, "1.25").status == "correct"
    assert grade("Answer\n42", "42").status == "correct"
    assert grade("answer\n\n42\n\nExplanation: we multiply 6 by 7 to get it.", "42").status == "correct"
    assert grade("### Final Answer\n\nThe value we need is obtained as follows.\nSo the answer is 5.", "5").status == "correct"
    # (the review of this rule: a line that states the answer is no title)
    assert grade("Answer\nThe probability that both balls are red is 1/4.\n\nExplanation:\nwe multiply.", "0.25").status == "correct"


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Solution: Choice_B\nSolution: I am not sure", "B", "no answer"),
     ("Solution: Choice_B\n\nOn reflection B fails.\nSolution: None of the choices are correct.", "B", "no answer"),
     ("Solution: Choice_B\n**Solution:** The answer cannot be determined.", "B", "no answer"),
     ("Solution: Choice_B\nSolution: Choice_C", "B", "wrong"), ("Solution: Choice_B\nSolution: Choice_B", "B", "correct"),
     ("Solution:\nWe compute 3 + 4 = 7.\nSolution: Choice_B", "B", "correct"),
     ("Solution: Choice_B\nThe solution: we check each option.", "B", "correct"),
     ("The solution is Choice B. Let me check the solution: it works.", "B", "correct")],
)  # fmt: skip
def test_a_later_solution_line_without_a_choice_takes_the_choice_back(response: str, gold: str, status: str) -> None:
    # the thirty-fourth stop: after MR-Ben's prompted last line Solution: Choice_B, a later line Solution: None of the
    # choices are correct still credited B (the later line named no choice, so it was no marker)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Solution: Choice_B, Choice_C", "B", "unparsed"), ("Solution: Choice_B: C", "B", "unparsed"),
     ("\\boxed{\\text{Choice B: Choice C}}", "B", "unparsed"), ("the correct answer choice is D: 1/9 OR C", "D", "unparsed"),
     ("the correct answer choice is D: C: 1/8", "D", "unparsed"), ("The answer is D: 2/3; C: 1/2", "D", "unparsed"),
     ("Solution: Choice_D (C is also possible)", "D", "unparsed"), ("Solution: Choice_D: 1/9, also Choice_C", "D", "unparsed"),
     ("Solution: Choice_D (1/9), but Choice_C (1/8) is close", "D", "unparsed"),
     ("Solution: Choice_D (no idea)", "D", "unparsed"), ("Solution: Choice_D (?)", "D", "unparsed"),
     ("Solution: Choice_B: 5 (I am not sure)", "B", "no answer"),
     ("Solution: Choice_B\n\nSolution: maybe Choice_C", "B", "unparsed"),
     # notes that praise or state the option are no doubt; an option in math is read without its delimiters
     ("The answer is (B) (final answer)", "B", "correct"), ("The answer is (B) (I am confident)", "B", "correct"),
     ("Solution: Choice_B ($7.92$)", "7.92", "correct"),
     # </s> after an <s> already closed on its line ends the reply; <s> opening a line is a start token
     ("First <s>draft</s> so the answer is \\boxed{5}.</s> Next question: the answer is \\boxed{7}", "5", "correct"),
     ("Let me think.\n<s> The answer is \\boxed{5} </s>", "5", "correct"),
     ("\\boxed{y \\neq x}", "x \\neq y", "correct"), ("\\boxed{\\frac{1}~23}", "1/23", "unparsed")],
)  # fmt: skip
def test_the_thirteenth_review_of_choices_with_options_strikes_and_notes(response: str, gold: str, status: str) -> None:
    # a review of this stop's own rules: an option that names another choice (Choice_B: C, D: 1/9 OR C) was credited
    # by its letter; doubting notes were missed ((?), (no idea)) and praising ones refused ((final answer)); an end
    # token after a closed <s> struck the reply's answer
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a purpose and a plan right after an answer phrase: the answer is what the rest concludes (FinanceMath's Qwen2)
     ("Answer:\nTo determine the 1-day 95% VaR, we need to follow these steps:\n\n1. Find the delta.", "95%",
      "no answer"),
     ("Answer:\nTo determine the 1-day 95% VaR, we need to follow these steps:\n\n1. Find the delta.\n\nSo the VaR is "
      "0.32.", "0.32", "correct"),
     ("Answer: To find the total, we need to add 3 and 4. So the total is 7.", "7", "correct"),
     ("Answer: To find the total, we need to add 3 and 4. So the total is 7.", "3", "wrong"),
     ("Answer: to find the answer: 7", "7", "correct"),
     # what the answer counts, restated after an answer phrase, is no value (TheoremQA's Claude answers)
     ("Therefore, the answer is the number of iterations required after the initial 3 iterations.", "3", "unparsed"),
     ("The answer is the number of apples, which is 3.", "3", "correct"), ("The answer is the value of x: 3", "3", "correct"),
     ("The final answer is the number of ways, 3.", "3", "correct"),
     # a final sentence that proposes a step states no value (RLSFT's responses cut off there); a let's on an earlier
     # line, or one that writes the answer, does not
     ("So 2 + 3 = 5.\n\nLet's use the fact that the angles are \\( 60^\\circ \\)", "60", "no answer"),
     ("So 2 + 3 = 5.\n\nNow let us consider the angle $60^\\circ$.", "60", "no answer"),
     ("Let's calculate the total cost: 3 * 12 = 36.", "36", "correct"),
     ("Let's write the final answer as $60$.", "60", "correct"),
     ("Let's think step by step\nWe can rewrite it as $(99+1)^2 - 99 + 1 = 9902$.", "9902", "correct")],
)  # fmt: skip
def test_plans_and_restated_unknowns_state_no_value(response: str, gold: str, status: str) -> None:
    # outside answers: 'Answer:\nTo determine the 1-day 95% VaR, ...' was read as 95%, 'the answer is the number of
    # iterations ... after the initial 3 iterations' was credited against 3, and a response cut off in 'Let's use the
    # fact that ... \( 60^\circ \)' against 60
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # PromptPG's GPT-3 outputs write their line breaks as the escape \n: read as the breaks they stand for
     ("Subtract:\\n\\n$9 − $5 = $4\\n\\n$4 is the answer.", "4", "correct"),
     ("Divide:\\n\\n3 ÷ 11 = 0.2727 or 27.27%\\n\\nThe answer is 27.27%.", "27.27%", "correct"),
     ("Find the row for Rick.\\nThe age is 12.\\nThe answer is 12.", "12", "correct"),
     # never a command, nor an escape in a text that breaks its lines itself
     ("So $x \\neq 4$ and the answer is $5$.", "5", "correct"), ("So $x \\neq 4$ and the answer is $5$.", "4", "wrong"),
     ("The answer is $\\nu = 4$.", "4", "correct"),
     ("Find:\n\nThe answer is 4\\n5.", "4", "unparsed")],
)  # fmt: skip
def test_line_breaks_written_as_escapes_are_line_breaks(response: str, gold: str, status: str) -> None:
    # (before: '$9 − $5 = $4\n\n$4 is the answer.' with the escapes written out paired its dollars across lines and
    # stated no answer; 40 of 3,000 PromptPG rows changed)
    found = grade(response, gold)
    assert found.status == status, (response, found)


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Add:\n\n$8 + $6 = $14\n\nPam needs $14 to buy a mop and a watering can.", "14", "correct"),
     ("Add:\n\n$8 + $6 = $14\n\nPam needs $14 to buy a can of paint.", "14", "correct"),
     ("Add:\n\n$8 + $6 = $14\n\nPam can buy 14 mops.", "14", "no answer"),
     ("Add:\n\n$8 + $6 = $14\n\nThe dog can eat 14 treats.", "14", "no answer")],
)  # fmt: skip
def test_a_can_is_no_modal(response: str, gold: str, status: str) -> None:
    # (PromptPG's 'Pam needs $14 to buy a mop and a watering can.' was a plan: 'can' read as the modal)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a review of this stop's rules (1,290 probes, run against the last stop's code too): a value stated after a
     # let's, a plan or a description keeps its credit; the plan, the description and the proposed step alone state none
     ('Let me correct that: the total is 7.', '7', 'correct'),
     ('The answer is the value of the portfolio, 1.05 million.', '1050000', 'correct'),
     ('The roots are $x=2$ and $x=3$. Let me sum them: 2 + 3 gives $5$.', '5', 'correct'),
     ("Let's use the fact that the sum of angles is \\( 180^\\circ \\), so the third angle is \\( 70^\\circ \\)", '70', 'correct'),
     ('The answer is the number of hours, 3 hours.', '3', 'correct'),
     ('The answer is the number of students in the class → 30', '30', 'correct'),
     ('The answer is the number of apples, and Tom has 5.', '5', 'unparsed'),
     ('The answer is the total value of the coins, 235 cents.', '235', 'correct'),
     ("The base is 6 and height is 4.\n\nLet's compute the area: 12", '12', 'correct'),
     ('Let me reconsider: it is 15.', '15', 'correct'),
     ('The answer is the number of boys 12.', '12', 'unparsed'),
     ('So the answer is the number of remaining cupcakes, totaling 7.', '7', 'correct'),
     ('Let me re-check: 6 times 7 is 42.', '42', 'correct'),
     ('The answer is the number of possible outcomes, or 36.', '36', 'correct'),
     ('The answer is the largest number of coins 8', '8', 'unparsed'),
     ('Answer: To find how many are left, we can subtract; 7 are left.', '7', 'correct'),
     ('The answer is: To find the answer, we can count 12 apples.', '12', 'no answer'),
     ('The answer is the number of students in the class -> 30', '30', 'correct'),
     ('6 * 7 = 42\nLet me check again: 6 times 7 is 42.', '42', 'correct'),
     ('The probability is 1/4. Let me verify with a tree diagram: 1/2 times 1/2 is 1/4.', '1/4', 'correct'),
     ('There are 900 3-digit numbers.', '900', 'correct'),
     ('Divide:\\n\\n7 ÷ 20 = 0.35 or 35%\\n\\nThe answer is 35%.', '35%', 'correct'),
     ('Answer:\nTo calculate the yield to maturity, we need to solve for r in the bond price equation.\nUsing a financial calculator, the YTM is 6.5%.', '6.5%', 'correct'),
     ('Answer: To find the total, we need to add 3 and 4. The total is 7. Therefore, 7 apples.', '7', 'correct'),
     ('Answer: 7\\n\\nQuestion: What is 2+2?\\nAnswer: 4', '4', 'wrong'),
     ('Answer: To solve for x, divide both sides by 2:', '2', 'no answer'),
     ('The answer is: \\n72', '72', 'correct'),
     ('Answer: To find the answer, we need to compute 15% of 80. 15% of 80 is 12.', '12', 'correct'),
     ('Answer: To evaluate, we need to compute:\n1. 3 + 4 = 7\n2. 7 * 2 = 14', '14', 'correct'),
     ('So, Frankie watched 3 30-minute episodes on Wednesday.', '3', 'correct'),
     ('Explanation: 3 groups of 4.\\nAnswer: 12', '12', 'correct'),
     ('Answer: 12\\nExplanation: 3 groups of 4 make 12.', '12', 'correct'),
     ('She is 5 feet 4-inches tall.', '5', 'no answer')],
)  # fmt: skip
def test_a_review_of_plans_descriptions_and_lets(response: str, gold: str, status: str) -> None:
    # (the first rules refused 'Let's verify: 48 plus 24 is 72.', 'the number of apples, 5 apples', 'To find the total
    # cost, we need to multiply the price by the quantity, which gives $24.', and read '5 feet 4-inches' as 5)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # MathOdyssey's golds are choice letters ($C$); its models answered the option: unknown, as against a number
     ('```json\n{\n    "answer": "(8b - 1)^2"\n}\n```', "$C$\\\\\n\\noindent", "unknown"),
     ("The answer is $2x + y = 4$.", "C", "unknown"), ("The answer is $x^2 + 1$.", "B", "unknown"),
     # an expression that writes the letter is compared, and so are two letters
     ("The answer is $C^2$.", "C", "wrong"), ("The answer is $x + C$.", "x", "unknown"),
     ("The answer is C.", "C", "correct"), ("The answer is B.", "C", "wrong")],
)  # fmt: skip
def test_a_choice_letter_against_an_expression_is_unknown(response: str, gold: str, status: str) -> None:
    # (before: the gold C against (8b - 1)^2 was wrong, the polynomial C)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a letter before a closing bracket and its option is that choice, as C. and (C) are (MathOdyssey's answers)
     ('{"answer": "B) 2x(x-7)"}', "B", "correct"), ('{"answer": "B) 2x(x-7)"}', "C", "wrong"),
     ("The answer is A) Dilation", "Dilation", "correct"), ("The answer is D) -3$ per person", "D", "correct"),
     ("The answer is A) 12 B) 13", "A", "unparsed"), ("The answer is B) x=6 and x=-3", "B", "unparsed")],
)  # fmt: skip
def test_a_letter_and_a_bracket_before_its_option_is_a_choice(response: str, gold: str, status: str) -> None:
    # (before: 'B) 2x(x-7)' was unparsed, a bracket closing nothing; 133 more of MathOdyssey's 3,000 rows agree)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a remark in words after a JSON object that ends the response says nothing of its answer (Llama 3's MathOdyssey
     # answers: a fenced object, then a note on the format or the method)
     ('```json\n{"answer": 16, "reasoning": "So l = 16."}\n```\n\nNote: The LaTeX formatting might not display correctly '
      "in this text-based environment. Please refer to a LaTeX-compatible platform for proper rendering.", "16", "correct"),
     ('```json\n{"answer": 1}\n```\nPlease let me know if I need to make any changes!', "1", "correct"),
     # a remark that judges, hedges, offers more or writes a value says more
     ('```json\n{"answer": 16}\n```\nNote: this answer may be wrong.', "16", "no answer"),
     ('```json\n{"answer": 16}\n```\nNote: the answer could also be 17.', "16", "no answer"),
     ('```json\n{"answer": 16}\n```\nNote: I am not sure about the last step.', "16", "no answer"),
     ('```json\n{"answer": 16}\n```\nPlease note that if additional solutions exist, the sum changes.', "16", "no answer"),
     ('```json\n{"answer": 16}\n```\nIn this solution, I concluded that option C) 2024 is the correct answer.', "16",
      "no answer")],
)  # fmt: skip
def test_a_remark_after_a_json_answer_keeps_it(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a second review of this stop's rules (1,228 probes against the last stop's code): a remark after a JSON answer
     # is kept only when each sentence is about how the text renders or offers help
     ('{"answer": 16}\nNote: I realized the sign should be negative.', "16", "no answer"),
     ('{"answer": 16}\nNote: The JSON above has a typo; the intended number is seventeen.', "16", "no answer"),
     ('{"answer": 16}\nNote: Please disregard the JSON above, I misread the problem.', "16", "no answer"),
     ('{"answer": 16}\nPS: Scratch that, it\'s twelve.', "16", "no answer"),
     ('{"answer": 16}\nNote: The above is in thousands of dollars.', "16", "no answer"),
     ('{"answer": "\\\\frac{1}{2}"}\nNote: it should be one third.', "1/2", "no answer"),
     ('{"answer": 16}\nThis response follows the requested format.', "16", "correct"),
     # options listed after a marker, none chosen
     ("Answer:\nA) 12\nB) 15\nC) 18", "12", "no answer"), ("Answer:\n(A) 12\n(B) 15", "A", "no answer"),
     ("Answer: A) 5 apples. B) 7 oranges.", "5", "no answer"), ("Answer: A) 12\nBecause 3 x 4 = 12.", "A", "correct"),
     # a plan that states its result, a description set off by a dash or a semicolon
     ("Answer: To find the total, we can add them up and get 12.", "12", "correct"),
     ("Answer: To calculate the profit, we can subtract costs from revenue and arrive at $50.", "50", "correct"),
     ("Answer: To find the floor area, we'll need 48 tiles.", "48", "correct"),
     ("The answer is the number of apples Tom has left — 7", "7", "correct"),
     ("The answer is the number of apples Tom has left; he has 7.", "7", "correct"),
     # a can is a noun only before what ends a noun phrase or a verb of its own
     ("Add:\n\n$8 + $6 = $14\n\nEveryone can buy 14 mops.", "14", "no answer"),
     ("Add:\n\n$8 + $6 = $14\n\nThe soda can hold 14 ounces.", "14", "no answer"),
     ("Add:\n\n$8 + $6 = $14\n\nPlan A can save $14.", "14", "no answer"),
     ("Add:\n\n$8 + $6 = $14\n\nThe trash can costs $14.", "14", "correct"),
     # a response's lone letter is its symbol, and a gold's letter against capitals or itself is decided
     ("The area is $A$.", "2x", "wrong"), ("The discriminant is $D$.", "b^2-4ac", "wrong"),
     ("The answer is $2A + B$.", "C", "wrong"), ("The answer is $CO_2$.", "C", "wrong"),
     ("The answer is $Cx$.", "C", "wrong"), ("The answer is $c$.", "C", "wrong")],
)  # fmt: skip
def test_a_second_review_of_remarks_options_plans_cans_and_letters(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("The answer is (C) 24 probably", "C", "unparsed"), ("The answer is C) probably", "C", "unparsed"),
     ("The answer is (C) 24, maybe", "C", "unparsed"), ("The answer is (C) Probability of rain", "C", "correct"),
     ("The answer is (C) None of these", "C", "correct")],
)  # fmt: skip
def test_a_hedge_after_a_choices_option_states_no_choice(response: str, gold: str, status: str) -> None:
    # (the second review: '(C) 24 probably' and 'C) probably' were credited, in every choice form)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("5 dogs x 4 legs = 20 legs\n2 cats x 4 legs = 8 legs\n\nTotal = 48 legs", "48", "correct"),
     ("5 dogs x 4 legs = 20 legs\n2 cats x 4 legs = 8 legs\n\nTotal = 48", "48", "correct"),
     ("5 dogs x 4 legs = 20 legs\n2 cats x 4 legs = 8 legs\n\nTotal = 47 legs", "48", "wrong"),
     ("5 dogs x 4 legs = 20 legs\n\nLower bound = 48 legs", "48", "no answer"),
     ("5 dogs x 4 legs = 20 legs\n\nFirst total = 48 legs", "48", "no answer"),
     ("5 dogs x 4 legs = 20 legs\n\nLet's count = 48 legs", "48", "no answer"),
     ("5 dogs x 4 legs = 20 legs\n\nIf doubled = 48 legs", "48", "no answer"),
     ("5 dogs x 4 legs = 20 legs\n\nTotal = 48 legs per dog", "48", "no answer"),
     ("5 dogs x 4 legs = 20 legs\n\nTotal = 48 legs, maybe", "48", "no answer"),
     ("5 dogs x 4 legs = 20 legs\n\nTotal = 48 legs or 50 legs", "48", "no answer")],
)  # fmt: skip
def test_a_last_line_that_names_its_value_in_words_states_it(response: str, gold: str, status: str) -> None:
    # (Plan-and-Solve's davinci-003 answers end 'Total = 48 legs', read as 'Total = 48' and a whole reply's are)
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [("Let x be 5.", "5", "unparsed"), ("Let the number of apples be 5 apples.", "5", "no answer"),
     ("Let the number of apples be $5$.", "5", "no answer"), ("We add.\n\nThen let the total be 5.", "5", "no answer"),
     ("Let x be 2. So the total is 5.", "5", "correct"), ("Let x be 5, so the total is 10.", "10", "correct"),
     ("Let me be clear: the answer is 5.", "5", "correct"), ("So the total will be 5.", "5", "correct")],
)  # fmt: skip
def test_a_value_given_by_let_is_supposed_never_stated(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    "response",
    [r"\boxed{6} \textcolor{white!100!black}{\boxed{5}}", r"\boxed{6} \textcolor[gray]{1}{\boxed{5}}",
     r"\boxed{6} \textcolor[cmyk]{0,0,0,0}{\boxed{5}}", r"\boxed{6} \textcolor[Hsb]{0,0,1}{\boxed{5}}",
     r"\boxed{6} \textcolor[hsb]{0.5,0,1}{\boxed{5}}", r"\boxed{6} \textcolor[HTML]{FEFEFE}{\boxed{5}}",
     r"\boxed{6} \textcolor[rgb]{0.99,0.99,0.99}{\boxed{5}}", r"\boxed{6} \textcolor{white!99!black}{\boxed{5}}",
     r"\boxed{6} \textcolor{yellow!1}{\boxed{5}}", r"\boxed{6} \textcolor{ghostwhite}{\boxed{5}}",
     r"\boxed{6} {\color{ghostwhite} \boxed{5}}", r"\boxed{6} \textcolor{black!2}{\boxed{5}}",
     r"\boxed{6} \textcolor{#FEFEFE}{\boxed{5}}", r"$\boxed{6} % \boxed{5}$", "$$\\boxed{6} % \\boxed{5}$$",
     "\\[\\boxed{6} % \\boxed{5}\n\\]"],
)  # fmt: skip
def test_a_box_in_a_colour_too_light_to_see_or_in_a_tex_comment_is_hidden(response: str) -> None:
    # (a review: white written as a mix or in another colour model, near-white colours and a % comment in math hid a
    # box that was credited over the visible 6)
    assert grade(response, "5").status != "correct", response
    assert grade(response, "6").answer.startswith("6"), response


@pytest.mark.parametrize(
    ("response", "gold"),
    [(r"\boxed{6} \textcolor{red}{\boxed{5}}", "5"), (r"\boxed{6} \textcolor{red!50}{\boxed{5}}", "5"),
     (r"\boxed{6} \textcolor[rgb]{0.5,0.5,0.5}{\boxed{5}}", "5"), (r"\boxed{6} \textcolor{lightgray}{\boxed{5}}", "5"),
     (r"\boxed{6} \textcolor{mystery}{\boxed{5}}", "5"), (r"$\boxed{5%}$", "5%"), (r"$50%$ so \boxed{5}", "5")],
)  # fmt: skip
def test_a_visible_colour_or_a_percent_sign_in_math_hides_nothing(response: str, gold: str) -> None:
    assert grade(response, gold).status == "correct", response


@pytest.mark.parametrize(
    "response",
    ["<think>hmm</think><think>\\boxed{5}", "<think >\\boxed{5}", "<thinking>\\boxed{5}", "< think>\\boxed{5}",
     "<reasoning>\\boxed{5}</reasoning>\nI don't know.", "<thought>\\boxed{5}</thought>"],
)  # fmt: skip
def test_other_thought_tags_and_a_thought_reopened_at_once_hold_no_answer(response: str) -> None:
    # (a review: a <think> opened right after </think>, a space in the tag and <thinking> left the box credited)
    assert grade(response, "5").status != "correct", response


@pytest.mark.parametrize(
    "response",
    ["<thinking>a</thinking>The answer is 5.", "<reasoning>\n2+3=5\n</reasoning>\n<answer>\n5\n</answer>",
     "<think>x</think>\\boxed{5}", "<think>a</think>\n\n<think>b</think>\\boxed{5}"],
)  # fmt: skip
def test_the_reply_after_a_closed_thought_is_read(response: str) -> None:
    assert grade(response, "5").status == "correct", response


@pytest.mark.parametrize(
    ("response", "status"),
    [("I could not determine the answer.", "no answer"), ("I was unable to solve the problem.", "no answer"),
     ("<think>so \\boxed{5}</think>\nI could not solve it.", "no answer"), ("I give up.", "no answer"),
     ("I could not find a simpler form.", "no answer"), ("I could not simplify 5 further.", "unparsed")],
)  # fmt: skip
def test_a_whole_reply_that_says_it_could_not_solve_the_problem_has_no_answer(response: str, status: str) -> None:
    assert grade(response, "5").status == status, response


@pytest.mark.parametrize(
    ("response", "status"),
    [("~5", "unknown"), ("∼5", "unknown"), ("$~5$", "correct"), ("\\boxed{~5}", "correct"),
     ("\\boxed{5\\approx}", "unparsed"), ("The answer is 5 \\approx", "unparsed"), ("\\boxed{\\approx 5}", "unknown")],
)  # fmt: skip
def test_a_tilde_in_plain_text_and_a_dangling_approximation_sign_are_no_exact_value(response: str, status: str) -> None:
    # (a review: a whole reply ~5 and \boxed{5\approx} were credited against 5)
    assert grade(response, "5").status == status, response


@pytest.mark.parametrize(
    ("response", "status"),
    [("\\boxed{5}\n\nRe-checking gives 6.", "no answer"), ("\\boxed{5}\n\nUpon re-checking, I got 6 instead.", "no answer"),
     ("\\boxed{5}\n\nLet me verify: recomputing, I get 6.", "no answer"),
     ("\\boxed{5}\n\nDouble-check: the sum is actually 6.", "no answer"),
     # (never 'This contradicts ...': real replies say so of a root or a case they discard, after the box)
     ("\\boxed{5}\n\nThis contradicts the given condition.", "correct"),
     ("\\boxed{5}\n\nThe other root, $x = -3$, is negative. This contradicts the requirement.", "correct"),
     ("\\boxed{5}\n\nDouble-checking the first step: 4 \\times 12 = 48.", "correct"),
     ("\\boxed{5}\n\nRe-checking the multiplication gives 48.", "correct"),
     ("\\boxed{5}\n\nRe-evaluating: the number of boxes is 4.", "correct"),
     ("\\boxed{5}\n\nI realize I made a mistake in reading, but it doesn't affect the answer.", "correct"),
     ("\\boxed{5} (I might be wrong about the interpretation, but the arithmetic is right.)", "correct"),
     ("\\boxed{5}\n\nA common mistake is to answer 48; that is wrong, since they count too.", "correct"),
     ("\\boxed{5}\n\nI realize I made an error; redoing the calculation gives 6.", "no answer"),
     ("\\boxed{5}\n\nMy earlier computation was off. It is 6.", "no answer"),
     ("\\boxed{5}\n\nBut that violates the constraint, so something is off.", "no answer"),
     ("\\boxed{5}\n\nRe-checking gives 5.", "correct"), ("\\boxed{5}\n\nDouble-checking: 2 + 3 = 5.", "correct"),
     ("\\boxed{5}\n\nThis is consistent with the condition.", "correct"),
     ("$\\boxed{5} \\text{ maybe}$", "no answer"), ("$\\boxed{5} \\text{ or so}$", "no answer"),
     ("$\\boxed{5}\\text{ (roughly)}$", "no answer"), ("$\\boxed{5} \\text{, I guess}$", "no answer"),
     ("\\boxed{5} (I might be wrong)", "no answer"), ("\\boxed{5} (could be wrong)", "no answer"),
     ("\\boxed{5}, though I may have made an error.", "no answer"), ("\\boxed{5} I think", "no answer"),
     ("$\\boxed{5} \\text{ apples}$", "correct"), ("$\\boxed{5}\\text{ units}$", "correct"),
     ("\\boxed{5}. I think this is right.", "correct"),
     ("Let's test $x=5$: it fails.", "no answer"), ("Trying $x=5$ gives a contradiction, so there is no solution.", "no answer"),
     ("Hence $x=5$ fails, and the equation has no real roots.", "no answer"),
     ("The probability that it fails is $5$.", "correct"), ("Therefore $x = 5$ works.", "correct")],
)  # fmt: skip
def test_what_a_review_found_after_a_box_and_in_a_last_sentence(response: str, status: str) -> None:
    assert grade(response, "5").status == status, response


@pytest.mark.parametrize(
    ("response", "status"),
    [("For example, \\boxed{5}.", "no answer"), ("e.g. \\boxed{5}", "no answer"), ("Putting it in the requested format:\n\\[\\boxed{5}.\\]", "correct"),
     ("Write your answer like \\boxed{5}.", "no answer"), ("Please put your final answer in \\boxed{5} format.", "no answer"),
     ("So we put the answer in \\boxed{5}.", "correct"), ("For example, $x=2$ gives 4, so the answer is \\boxed{5}.", "correct")],
)  # fmt: skip
def test_a_box_given_as_an_example_of_the_format_is_no_answer(response: str, status: str) -> None:
    assert grade(response, "5").status == status, response


@pytest.mark.parametrize(
    ("response", "status"),
    [("Many would answer \\boxed{5}, but careful analysis gives 6.", "no answer"),
     ("One might guess \\boxed{5}; however it is 6.", "no answer"), ("Some would say \\boxed{5}.", "no answer"),
     ("> The answer is 5.\n\nThat quote is wrong. We get 6.", "no answer"),
     ("One would think that \\boxed{5} is wrong, but the answer is \\boxed{5}.", "correct"),
     ("So one can say the answer is \\boxed{5}.", "correct"), ("The answer is 5.\n\nThis answer is correct.", "correct")],
)  # fmt: skip
def test_someone_elses_answer_or_a_quote_judged_wrong_is_no_answer(response: str, status: str) -> None:
    assert grade(response, "5").status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a second review of this stop's rules: what they lost
     ("So the answer is $\\boxed{5}$. (x = -5 is rejected since it contradicts the condition x > 0.)", "5", "correct"),
     ("\\boxed{2}\n\nDouble-check: Difference = 7 - 5 = 2", "2", "correct"),
     ("\\boxed{3/4}\n\nDouble-check: 1/2 + 1/4 = 3/4", "3/4", "correct"),
     ("\\boxed{2}\n\nDouble-check: 7 - 5 = 2, which matches.", "2", "correct"),
     ("<reasoning>\nSo the answer is 18.\n</reasoning>", "18", "correct"),
     ("<reasoning>\nThe answer is 18.", "18", "correct"),
     ("$12% = \\boxed{12}$", "12", "correct"), ("$$\\frac{30}{120}\\times 100% = \\boxed{25}$$", "25", "correct"),
     ("Let n be the number of days; then n must be 12.", "12", "correct"),
     ("\\boxed{6} \\textcolor[HSB]{0,0,100}{\\boxed{5}}", "5", "correct"),
     ("\\boxed{6} \\textcolor[Gray]{5}{\\boxed{5}}", "5", "correct"),
     ("$\\boxed{5}$. More or less effort would not change this.", "5", "correct"),
     ("a\n\nTotal = 48 legs", "48", "correct"), ("a\n\nTotal cost = 48 dollars", "48", "correct"),
     # ... and what they still let through
     ("5 dogs x 4 legs = 20 legs\n7 chickens x 4 legs = 28 legs\n\nTotal = 48 legs I think", "48", "no answer"),
     ("a\n\nTotal so far = 48 legs", "48", "no answer"), ("a\n\nRunning total = 48 legs", "48", "no answer"),
     ("a\n\nTarget = 48 legs", "48", "no answer"), ("a\n\nTotal = 48 legs yesterday", "48", "no answer"),
     ("a\n\nTotal = 48 legs halved", "48", "no answer"),
     ("\\boxed{5}\n\nI realized I made a mistake.", "5", "no answer"), ("\\boxed{5}\n\nReviewing, I get 6.", "5", "no answer"),
     ("\\boxed{5}\n\nRecounting gives 6.", "5", "no answer"), ("\\boxed{5}\n\nSomething's off.", "5", "no answer"),
     ("\\boxed{6} \\textcolor{-black}{\\boxed{5}}", "5", "wrong"), ("\\boxed{6} \\textcolor[HTML]{fff}{\\boxed{5}}", "5", "wrong"),
     ("\\boxed{6} \\textcolor[HSB]{0,0,240}{\\boxed{5}}", "5", "wrong"), ("\\boxed{6} \\textcolor[Gray]{15}{\\boxed{5}}", "5", "wrong"),
     ("$\\boxed{5}\\quad\\text{maybe}$", "5", "no answer"), ("\\boxed{5}, I suspect.", "5", "no answer"),
     ("\\boxed{5} (if I am not mistaken)", "5", "no answer"), ("Trying $x=5$, we get a contradiction.", "5", "no answer"),
     ("$x=5$ is no solution.", "5", "no answer"), ("<seed:think>\\boxed{5}", "5", "no answer"),
     ("◁think▷x◁/think▷The answer is 5.", "5", "correct"), ("<|START_THINKING|>\\boxed{5}", "5", "no answer"),
     ("<|START_THINKING|>hmm<|END_THINKING|>The answer is 5.", "5", "correct")],
)  # fmt: skip
def test_a_second_review_of_this_stops_rules(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


def test_degrees_then_minutes_are_no_number_after_a_value() -> None:
    assert "right after a value" not in (equivalent_answers("45^\\circ 30'", "45^{\\circ} 30'").reason or "")
    assert grade("\\boxed{45^{\\circ} 30'}", "45^\\circ 30'").status == "correct"


@pytest.mark.parametrize(
    ("response", "status"),
    [("\\colorbox{yellow}{$\\boxed{50}$}", "correct"), ("\\colorbox{yellow}{$$\\boxed{50}$$}", "correct"),
     ("\\fbox{$\\boxed{50}$}", "correct"), ("\\colorbox{yellow}{$\\boxed{51}$}", "wrong"),
     ("\\colorbox{yellow}{$\\boxed{50}$ and $\\boxed{60}$}", "unparsed")],
)  # fmt: skip
def test_a_box_around_math_that_holds_one_box_is_that_box(response: str, status: str) -> None:
    # (a review: colour emphasis around a boxed answer, \colorbox{yellow}{$\boxed{50}$}, was unparsed)
    assert grade(response, "50").status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a hyphened second part of one quantity is no adjective: 5 feet 4-inch is neither 5 nor 4
     ("She is 5 feet 4-inch tall.", "5", "no answer"), ("The board is 5-foot 4-inch long.", "64", "no answer"),
     ("She is 5 feet and 4-inch tall.", "4", "no answer"),
     # a hyphened unit after a count, or after a unit of another kind, stays an adjective
     ("So, Frankie watched 3 30-minute episodes on Wednesday.", "3", "correct"),
     ("She bought 4 2-liter bottles.", "4", "correct"), ("He carried 3 boxes 2-foot wide.", "3", "correct")],
)  # fmt: skip
def test_a_hyphened_second_unit_is_part_of_the_quantity(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # HTML text in a colour too light to see hides as white does: the box shown before it is read
     ('The answer is \\boxed{4}. <span style="color:#fefefe">\\boxed{5}</span>', "5", "wrong"),
     ('The answer is \\boxed{4}. <span style="color: snow">\\boxed{5}</span>', "5", "wrong"),
     ('The answer is \\boxed{4}. <font color="#EEE">\\boxed{5}</font>', "5", "wrong"),
     ('The answer is \\boxed{4}. <span style="color:rgba(0,0,0,0.03)">\\boxed{5}</span>', "5", "wrong"),
     # a colour a reader sees, or a light background, hides nothing
     ('The answer is \\boxed{4}. <span style="color:#ddd">\\boxed{5}</span>', "5", "correct"),
     ('The answer is \\boxed{4}. <span style="color:rgba(0,0,0,50%)">\\boxed{5}</span>', "5", "correct"),
     ('<span style="background-color:#fefefe">The answer is \\boxed{5}.</span>', "5", "correct"),
     ('<span style="color:red">The answer is \\boxed{5}.</span>', "5", "correct")],
)  # fmt: skip
def test_html_text_too_light_to_see_hides(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a last sentence, or a whole reply, that only gives a name its value with = supposes it, as let ... be does
     ("We solve it. Let $x = 5$.", "5", "no answer"), ("Let x = 5.", "5", "no answer"),
     ("Then let \\(x = 5\\).", "5", "no answer"), ("Let $x = 1,000$.", "1000", "no answer"),
     # a marked answer, or a sentence that goes on to a result, is read as before
     ("Answer: Let x = 5.", "5", "correct"), ("The answer is \\boxed{5}. Let $x = 5$.", "5", "correct"),
     ("So $x = 5$.", "5", "correct")],
)  # fmt: skip
def test_a_let_with_an_equals_sign_supposes_its_value(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a Markdown bullet after the marker is no minus sign, and an item's number is no answer
     ("Answer:\n- 18", "18", "correct"), ("Answer:\n- 18", "-18", "wrong"), ("So we get:\n- 708", "708", "correct"),
     ("The result:\n  * 18", "18", "correct"), ("Final Answer:\n- **18**", "18", "correct"),
     ("Final answer:\n\n1. 12", "12", "correct"), ("Answer:\n1. The total is 12.", "12", "correct"),
     ("The answer is:\n1) 12", "12", "correct"),
     # several items are several answers: credited only against their list
     ("Final answer:\n1. 5\n2. 9", "1", "several answers"), ("Final answer:\n1. 5\n2. 9", "5", "several answers"),
     ("Options:\n- 12\n- 15", "-27", "several answers"), ("The answers:\n- x = 2\n- x = 3", "2, 3", "correct"),
     # read as written: a negative number alone, a + line, a line in display math, a sum carried on in a column
     ("Answer:\n-18", "-18", "correct"), ("Answer:\n+ 18", "18", "correct"), ("$$x = 3\n- 5$$", "-2", "correct"),
     ("The answer is:\n\n- 28\n= 196", "28", "no answer")],
)  # fmt: skip
def test_a_markdown_list_after_the_marker_is_read_as_a_list(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


def test_a_gold_written_as_a_signed_number_or_a_numbered_line_keeps_its_value() -> None:
    # RGEval's golds write '- 1', MathOdyssey's '10. \\ \noindent': the text is the value alone, never a list
    assert grade("The answer is \\boxed{-1}.", "- 1").status == "correct"
    assert grade("The answer is \\boxed{10}.", "10. \\\\\n\\noindent").status == "correct"


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a later tag after </answer>: an alternative offered, or a later answer the gold must equal too
     ("<answer>5</answer>\n<alternative>9</alternative>", "5", "no answer"),
     ("<answer>5</answer>\n<backup>9</backup>", "5", "no answer"),
     ("<answer>5</answer>\n<second_answer>9</second_answer>", "5", "no answer"),
     ("<answer>13</answer>\n<final_answer>551</final_answer>", "13", "no answer"),
     ("<answer>5</answer>\n<corrected_answer>9</corrected_answer>", "5", "no answer"),
     ("<answer>5</answer>\n<final_answer>5</final_answer>", "5", "correct"),
     ("<answer>5</answer>\n<explanation>Because 2+3 = 5.</explanation>", "5", "correct"),
     # JSON keys in camelCase, flags of a guess, working after the answer that ends on another value
     ('{"answer": 5, "correctedAnswer": 9}', "5", "no answer"), ('{"answer": 5, "alternativeAnswer": 9}', "5", "no answer"),
     ('{"answer": 5, "secondary_answer": 9}', "5", "no answer"), ('{"answer": 5, "is_guess": true}', "5", "no answer"),
     ('{"answer": 5, "comment": "random guess"}', "5", "no answer"), ('{"answer": 5, "confidence": 0.0}', "5", "no answer"),
     ('{"answer": 5, "reasoning": "On second thought it should be 9."}', "5", "no answer"),
     ('{"answer": 5, "reasoning": "2+3 = 5. Hence 9."}', "5", "no answer"),
     # kept: the same value concluded, a later step of another quantity, a method's name, a confidence above zero
     ('{"answer": 5, "reasoning": "We solve 2x = 10. Therefore, x = 5."}', "5", "correct"),
     ('{"answer": 5, "reasoning": "Each bag holds 5, so 2 bags hold 10."}', "5", "correct"),
     ('{"answer": 5, "method": "guess and check"}', "5", "correct"), ('{"answer": 5, "confidence": 0.9}', "5", "correct"),
     ('{"answer": 5, "answerExplanation": "2+3"}', "5", "correct"), ('{"answer": 5, "units": "cm"}', "5", "correct"),
     # labels that offer another answer, bold or as headings; a choice said to work too
     ("**Final Answer:** 5\n\n**Alternative:** 9", "5", "no answer"),
     ("## Final Answer\n\n5\n\n## Alternative Answer\n\n9", "5", "no answer"),
     ("Answer: 5\nBackup answer: 9", "5", "no answer"), ("Answer: 5\nSecond guess: 9", "5", "no answer"),
     ("The answer is B. C is also correct.", "B", "no answer"), ("The answer is (B). (C) could also work.", "B", "no answer"),
     ("The answer is 5. However, 9 may also be accepted.", "5", "no answer"),
     ("The answer is B. A is also a common wrong answer.", "B", "correct"),
     ("Answer: 5\n\nOther notes: 9 apples were given", "5", "correct")],
)  # fmt: skip
def test_a_review_of_alternatives_offered_in_tags_keys_and_labels(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # <final_answer> where no <answer> is written, read as <answer> is
     ("Some text.\n<final_answer>5</final_answer>", "5", "correct"), ("<final_answer>5</final_answer>", "5", "correct"),
     ("<final_answer>5</final_answer><final_answer>6</final_answer>", "5", "several answers"),
     ("Work.\n<result>5</result>", "5", "no answer"),
     # another value denied after a comma; a choice named after the word option; a bold value after working
     ("The answer is 5, not 6.", "5", "correct"), ("The answer is 5, not 6.", "6", "wrong"),
     ("Option C is correct.", "C", "correct"), ("Therefore, option C is correct.", "B", "wrong"),
     ("Option C is correct, but D is better.", "C", "no answer"),
     ("29 + 28 = 57\n\n**57**", "57", "correct"), ("29 + 28 = 57\n\n**58**", "57", "wrong"), ("**57**", "57", "correct")],
)  # fmt: skip
def test_a_review_of_missed_structured_answers(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a Markdown table's total row that ends the response states its one value
     ("| Item | Cost |\n|---|---|\n| A | $5 |\n| B | $7 |\n| **Total** | **$12** |", "12", "correct"),
     ("Here is the breakdown:\n\n| Item | Cost |\n|------|------|\n| A | 5 |\n| Total | 12 |", "11", "wrong"),
     ("| Item | Cost |\n|---|---|\n| Total | | 12 |", "12", "correct"),
     # several values in the row, or no total row: none stated
     ("| Item | Mon | Tue |\n|---|---|---|\n| A | 5 | 6 |\n| Total | 5 | 6 |", "6", "no answer"),
     ("| Item | Cost |\n|---|---|\n| A | 5 |\n| B | 7 |", "7", "no answer")],
)  # fmt: skip
def test_a_table_total_row_that_ends_the_response(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a review of the new alternative rules on real layouts: what explains other choices or methods keeps the answer
     ("The correct answer is **(A)**.\n\nWhy not the others?\n- (B) is also plausible at first glance, but it fails "
      "the check.", "A", "correct"),
     ("**Answer: (A) and (C)**\n\n- (A) is correct because it holds.\n- (C) is also correct because it is bounded.", "AC",
      "correct"),
     ("The answer is (D) since statements I and III hold.\n\nStatement I is also correct for n = 2.", "D", "correct"),
     ("So the total is $\\boxed{18}$.\n\n## Alternative Solution\n\nA quicker way is to count pairs.", "18", "correct"),
     ("So the total is $\\boxed{18}$.\n\n### Alternative Answer\n18", "18", "correct"),
     ("So the total is $\\boxed{18}$.\n\n### Alternative Answer\n19", "18", "no answer"),
     ("So the total is $\\boxed{18}$.\n\n**Alternative solution:** $2 \\cdot 3 = 6$ pairs per row, giving the same total.",
      "18", "correct"),
     # JSON keys of steps and costs, and working that concludes another quantity
     ('{"firstStep": "6 + 6 = 12", "secondStep": "12 + 6 = 18", "answer": 18}', "18", "correct"),
     ('{"reasoning": "6 + 12", "alternativeMethod": "Counting directly also gives 18", "answer": 18}', "18", "correct"),
     ('{"rent": 500, "otherCosts": 200, "answer": 700}', "700", "correct"),
     ('{"rent": 500, "other_costs": 200, "answer": 700}', "700", "correct"),
     ('{"answer": 18, "explanation": "18 items in 6 groups. Each group must be 3."}', "18", "correct"),
     # tags after </answer> that are no answer, or the same answer boxed
     ("<answer>18</answer>\n<final_answer>\\boxed{18}</final_answer>", "18", "correct"),
     ("<answer>18</answer>\n<is_correct>yes</is_correct>", "18", "correct"),
     ("<answer>18</answer>\n<final_confidence>95%</final_confidence>", "18", "correct"),
     ("<answer>18</answer>\n<other_notes>None</other_notes>", "18", "correct"),
     ("<answer>Let x = 18</answer>", "18", "correct"),
     # one value written twice in a list; a question; white text on a black background is seen
     ("Solving, we find:\n- x = 3\n- x = 3", "3", "correct"), ("The answer is 18, not 20?", "18", "no answer"),
     ('The answer is \\boxed{4}. <span style="background:#000; color:#fafafa">\\boxed{5}</span>', "5", "correct")],
)  # fmt: skip
def test_a_review_of_the_new_rules_on_real_layouts(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # HTML markup of what is shown is no text; <sup> and <sub> are a power and a subscript
     ('<p style="color:red">Final answer: 18</p>', "18", "correct"), ("<p>The answer is <b>18</b>.</p>", "18", "correct"),
     ("The answer is x<sup>2</sup>.", "x^2", "correct"), ("The answer is x<sup>2</sup>.", "2", "wrong"),
     ("The answer is 10<sup>3</sup>.", "1000", "correct"),
     # a list of * items under the marker, and a result named with a colon
     ("Answer:\n* 3\n* 5", "3, 5", "correct"), ("Answer:\n* 3\n* 5", "3", "several answers"),
     ("Total: 18", "18", "correct"), ("Answer:\n1. Total: 18", "18", "correct"), ("Total cost: $18", "18", "correct"),
     ("Lower bound: 18", "18", "unparsed"), ("Note: 18", "18", "unparsed")],
)  # fmt: skip
def test_html_markup_star_lists_and_named_results(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a review of the HTML and table rules: an ordinal's superscript is its suffix; a table after a stated answer, a
     # doubted total and text put off the page state nothing new
     ("The answer is 5<sup>th</sup>.", "5", "correct"),
     ("Her change is **$29**.\n\n| Item | Cost |\n|---|---|\n| Pens | $5 |\n| Books | $66 |\n| **Total** | **$71** |", "71",
      "no answer"),
     ("## Breakdown\n| Item | Cost |\n|---|---|\n| Total | 12 |", "12", "correct"),
     ("Total guess: 18", "18", "unparsed"), ("Total so far: 18", "18", "unparsed"),
     ('<p>The answer is 37.</p><div style="height:0;overflow:hidden">The answer is 38.</div>', "38", "wrong"),
     ('<p>The answer is 37.</p><span style="position:absolute;left:-9999px">The answer is 38.</span>', "38", "wrong"),
     ('<p>The answer is 37.</p><span style="clip:rect(0,0,0,0)">The answer is 38.</span>', "38", "wrong"),
     ('<p>The answer is 37.</p><div style="margin-top:-20px">The answer is 38.</div>', "38", "correct")],
)  # fmt: skip
def test_a_review_of_the_html_and_table_rules(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # HTML as a browser lays it out: a block's tags break the line (a marker after one starts its line), <li> items
     # are a list's items (several under the marker: several answers), a tag's attributes never hide its layout
     ("<p>Work: 12 + 6</p><p>Answer: 18</p>", "18", "correct"), ("<h3>Answer</h3><p>18</p>", "18", "correct"),
     ("<ul><li>Step: 12+6</li><li>Answer: 18</li></ul>", "18", "correct"),
     ("<p>Answer:</p><ul><li>3</li><li>5</li></ul>", "3", "several answers"),
     ("<p>Answer:</p><ul><li>3</li><li>5</li></ul>", "3, 5", "correct"),
     ('<p class="a">Work: 12 + 6</p><p class="b">Answer: 18</p>', "18", "correct"),
     ('The answer is x<sup class="s">2</sup>.', "x^2", "correct"), ('The answer is x<sup class="s">2</sup>.', "2", "wrong"),
     ('Answer: 18<sup style="display:none">2</sup>', "18", "correct"),
     ('Answer: 18<sup style="display:none">2</sup>', "324", "wrong"),
     # a loose Markdown list (blank lines between its items) is one list, never its first item alone
     ("Answer:\n\n- 3\n\n- 5", "3", "several answers"), ("Answer:\n- 3\n\n\n\n- 5", "3, 5", "correct"),
     ("Answer:\n- 3\n\nThe other root is rejected.", "3", "correct"),
     # a value denied after a comma, beside math or a choice letter; a bold value on the line after the working
     ("So the answer is $18$, not $19$.", "18", "correct"), ("So the answer is $18$, not $19$.", "19", "wrong"),
     ("The answer is $18$, not 19.", "18", "correct"), ("The answer is A, not B.", "A", "correct"),
     ("The answer is A, not B.", "B", "wrong"), ("The answer is $18$, not $19$?", "18", "no answer"),
     ("12 + 6 = 18\n**18**", "18", "correct"), ("12 + 6 = 18\n**18.**", "18", "correct"),
     ("12 + 6 = 18\n**19**", "18", "unparsed"), ("So she has\n**18 apples left.**", "18", "correct"),
     # (a review of these rules: the bold line is the working's result written again, never after words or a sign that
     # carry the sentence on, nor a list's label; a loose list's note after the answer is a note)
     ("x >\n**5**", "5", "no answer"), ("Maybe\n**18**", "18", "no answer"), ("12 + 6 = 18\n**1.**", "1", "unparsed"),
     ("The roots are 3 and\n**5**", "5", "several answers"), ("12 + 6 = 18\n**(a)**", "a", "wrong"),
     ("Answer:\n- 18\n\n- Reasoning: 12 + 6 = 18", "18", "correct"),
     ("Answer:\n\n- x = 18\n\n- This satisfies both equations.", "18", "correct"),
     ("<p>Answer:</p><ul><li>18</li><li>Because 12+6=18</li></ul>", "18", "correct")],
)  # fmt: skip
def test_html_blocks_loose_lists_denials_beside_math_and_a_bold_last_line(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a word right before the value that bounds it (no answer) or approximates it (\approx: unknown exactly)
     ("The answer is at least x = 5.", "5", "no answer"), ("The answer is up to $5$.", "5", "no answer"),
     ("Answer: over $5$", "5", "no answer"), ("The answer is approximately x = 5.", "5", "unknown"),
     ("The answer is somewhere near 5.", "5", "unknown"), ("The answer is ~-12.", "-12", "unknown"),
     ("The answer is ~ $5$.", "5", "unknown"), ("The answer is approximately x = 5.", "9", "unknown"),
     ("The answer is below: 7", "7", "correct"), ("The answer is exactly x = 5.", "5", "correct"),
     # numbers joined by hyphens are a range, a date or a phone number as often as a difference; Indian grouping
     ("The answer is 2021-03-05.", "2013", "unparsed"), ("The answer is 5-7 days.", "-2", "unparsed"),
     ("\\boxed{5-7}", "-2", "correct"), ("The answer is 555-1234.", "-679", "unparsed"), ("The answer is -2.", "5-7", "unknown"),
     ("The answer is 20-30.", "20-30", "correct"), ("The answer is $31-17$.", "14", "correct"),
     # (the review: a word before the value in another sense, after no copula; ~p is not p; a list, never Indian grouping)
     ("As computed above $x = 19$.", "19", "correct"), ("So the vertex is at x = 3, and the graph is symmetric about x = 3.",
                                                         "3", "correct"),
     ("The total adds up to $x = 375$.", "375", "correct"), ("The answer is ~p.", "~p", "correct"),
     ("#### 417 ppm", "417", "correct"), ("The solutions are 6,30,600.", "6,30,600", "correct"),
     ("The answer is $5 - 7 = -2$.", "-2", "correct"), ("\\boxed{3-2\\sqrt{2}}", "3-2\\sqrt{2}", "correct"),
     ("Answer: 10,00,000", "1000000", "several answers"), ("The answer is 123456.", "1,23,456", "unknown"),
     ("Answer: 1,234,567", "1234567", "correct")],
)  # fmt: skip
def test_bounds_and_approximations_before_a_value_hyphen_joined_numbers_and_indian_grouping(
        response: str, gold: str, status: str) -> None:  # fmt: skip
    assert grade(response, gold).status == status, response


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # a scale or a part after the number is read with it (3 billionths, 45 per mille: never 3 or 45), after #### too;
     # a day before its month and year is a date (never the number 5); a tilde glued to a word is TeX's tie
     ("The answer is 3 billionths.", "3", "unparsed"), ("The answer is 45 per mille.", "45", "unparsed"),
     ("#### 45 per mille", "45", "unparsed"), ("#### 3 billionths", "3", "unparsed"),
     ("#### 45 percentage points", "45", "unknown"), ("#### 10 inches tall after 3 weeks", "10", "correct"),
     ("The answer is 5 March 2021.", "5", "unparsed"), ("#### 5 March 2021", "5", "unparsed"),
     ("On 5 March 2021 she had 7 apples. The answer is 7.", "7", "correct"),
     ("Answer:~3", "3", "correct"), ("The answer is ~-12.", "-12", "unknown")],
)  # fmt: skip
def test_scales_and_parts_after_a_number_dates_and_a_tilde(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response


def test_hyphen_joined_numbers_and_indian_grouping_are_ambiguous_in_the_comparator_too() -> None:
    # (never a subtraction nor a list: unknown, with the reason; 1-2i and 1 - 2 are read as written)
    for reference, candidate in (("5-7", "-2"), ("2021-03-05", "2013"), ("1000000", "10,00,000"), ("123456", "1,23,456")):
        found = equivalent_answers(reference, candidate)
        assert found.status == "unknown" and ("ambiguous" in (found.reason or "") or "Indian" in (found.reason or "")), \
            (reference, candidate, found)  # fmt: skip
    assert equivalent_answers("36,36,108", "36,36,108").status == "equal"  # (college_math's gold: a triangle's angles)
    assert equivalent_answers("1+2i", "1-2i").status == "different"
    assert equivalent_answers("5 - 7", "-2").status == "equal"
    assert equivalent_answers("1,234,567", "1234567").status == "equal"


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [  # an answer whose sentence goes on with a condition and another case with its own value depends on the case
     ("The final answer is 18\n(if we ignore tax; 19 otherwise)", "18", "no answer"),
     ("The answer is 18\nif n is even, and 19 otherwise.", "18", "no answer"),
     ("The answer is\n- 18 if n is even\n- 19 if n is odd", "18", "no answer"),
     ("\\boxed{18} if n is even, 19 if n is odd", "18", "no answer"),
     ("#### 18 if he works all 7 days, or 21 otherwise.", "18", "no answer"),
     # (the question's condition, a note, another form or a consequence leave it the answer)
     ("The answer is 18\n(since 12 + 6 = 18)", "18", "correct"), ("\\boxed{18}\n(if each bag has 6 apples; 3 bags)", "18", "correct"),
     ("\\boxed{18}\n(provided 2 tickets cost $10 each, or $20 total)", "18", "correct"),
     ("The answer is 1/2\nor equivalently 0.5", "1/2", "correct"),
     ("\\boxed{36} if the 4 friends share equally, then each gets 9.", "36", "correct"),
     ("\\boxed{18} (otherwise known as 3 dozen).", "18", "correct"), ("The answer is 18 (or 18.0).", "18", "correct"),
     ("\\boxed{34} if she sells everything\nShe sold 12 cups.", "34", "correct"),
     ("So the answer is \\boxed{18}.\nif 2 + 3 = 5 then done", "18", "correct"), ("The answer is 5-7 days", "5-7", "correct")],
)  # fmt: skip
def test_an_answer_that_depends_on_a_case_is_none(response: str, gold: str, status: str) -> None:
    assert grade(response, gold).status == status, response
