"""pyverify.rewards: grades of whole responses, and the reward functions called as TRL and verl call them."""

from __future__ import annotations

import inspect
from decimal import Decimal
from fractions import Fraction

import numpy
import pytest

from pyverify.answers import equivalent_answers
from pyverify.rewards import (
    BatchResult,
    Policy,
    RewardPool,
    TRLReward,
    boxed_format_reward,
    compute_score,
    compute_score_batch,
    grade,
)  # fmt: skip


@pytest.mark.parametrize(
    ("response", "gold", "status"),
    [(r"So the answer is $\boxed{\frac{1}{2}}$.", "0.5", "correct"),
     (r"So the answer is $\boxed{\frac{1}{3}}$.", "0.5", "wrong"),
     (r"$\boxed{3}$ or $\boxed{\frac12}$", r"\frac{1}{2}", "several answers"),
     ("Possible values are 3, 12 and 1/2, I cannot decide.", r"\frac12", "no answer"),
     (r"\boxed{\approx 3}", "3", "unknown"),
     (r"\boxed{x 0/0}", "17", "undefined"),
     (r"\boxed{five or so}", "5", "unparsed"),
     ("", "5", "no answer"),
     ("<think>It is \\boxed{5}</think>", "5", "no answer"),
     ("<think>maybe 4</think>The answer is $5$.", "5", "correct"),
     (r"\boxed{}", "5", "no answer"),  # an empty box states nothing (EXTRACTION_RULES)
     (r"The answer is $\boxed{5}$.", r"\frac{1}{0}", "unknown"),  # the gold has no value: not the model's fault
     (r"\boxed{(3/5, 8/3)}", r"(\frac35, \frac83]", "wrong"), (r"\boxed{[2, \infty)}", r"(2, \infty)", "wrong"),
     (r"The answer is $4, \frac72$.", "4", "several answers")],
)  # fmt: skip
def test_grades_fail_closed(response: str, gold: str, status: str) -> None:
    g = grade(response, gold)
    assert g.status == status, g
    assert (g.reward == 1.0) == (status == "correct")
    if status == "wrong":
        assert g.witness
    if status == "several answers":
        assert g.witness
    elif status != "correct" and status != "wrong":
        assert g.reason


def test_a_grade_names_its_rule_and_span_and_keeps_the_certificate() -> None:
    response = r"Work... so $\boxed{255}$ dollars of interest. Final Answer: The final answer is $10,455$."
    g = grade(response, "10455")
    assert g.status == "correct" and g.rule == "final answer"
    assert response[g.span[0] : g.span[1]].strip("$") == "10,455"
    assert g.certificate["status"] == "equal"


def test_policy_knobs() -> None:
    assert grade(r"\boxed{20\%}", "20").status == "wrong"
    assert grade(r"\boxed{20\%}", "20", policy=Policy(percent="unit")).status == "correct"
    assert grade("The answer is 5.", "5", policy=Policy(require_box=True)).status == "no answer"
    assert grade(r"\boxed{3.1416}", r"\pi", policy=Policy(tolerance=1e-3)).status == "correct"
    assert grade(r"\boxed{\approx 3}", "3").reward == 0.0
    assert grade(r"\boxed{\approx 3}", "3", policy=Policy(on_unknown=None)).reward is None
    assert grade("The result is unclear, sorry.", "3", policy=Policy(on_invalid=None)).reward is None
    assert grade(r"\boxed{2, 3, 4}", "2,4,3").status == "correct"
    assert grade(r"\boxed{2, 3, 4}", "2,4,3", policy=Policy(order="written")).status == "wrong"
    with pytest.raises(ValueError):
        Policy(percent="ratio")
    with pytest.raises(ValueError):
        Policy(order="sorted")


def test_the_trl_reward_is_called_as_grpo_trainer_calls_it() -> None:
    # GRPOTrainer: reward_func(prompts=..., completions=..., completion_ids=..., trainer_state=..., **columns)
    reward = TRLReward(workers=0)
    prompts = ["What is 1/2 + 1/2?", "What is 2 + 2?", "What is 2 + 3?"]
    completions = [r"It is $\boxed{1}$.", "The answer is 5.", "I cannot tell."]
    got = reward(prompts=prompts, completions=completions, completion_ids=[[1], [2], [3]], trainer_state=None,
                 solution=["1", "4", "5"], level=["1", "1", "2"])  # fmt: skip
    assert got == [1.0, 0.0, 0.0]
    assert reward.__name__ == "pyverify_correctness"
    assert isinstance(reward.last, BatchResult) and reward.last.counts == {"correct": 1, "wrong": 1, "unparsed": 1}
    assert reward.last.parse_failure_rate == pytest.approx(1 / 3)
    assert reward.last.metrics()["pyverify/parse_failure_rate"] == pytest.approx(1 / 3)
    # conversational format: lists of messages
    chat = [[{"role": "assistant", "content": r"$\boxed{4}$"}], [{"role": "assistant", "content": "so 3"}]]
    assert reward(prompts=[[], []], completions=chat, solution=["4", "3"]) == [1.0, 0.0]
    skip = TRLReward(workers=0, policy=Policy(on_invalid=None))
    assert skip(prompts=["p"], completions=["The result is unclear, sorry."], solution=["3"]) == [None]
    with pytest.raises(KeyError, match="column 'solution'"):
        reward(prompts=["p"], completions=["1"], answer=["1"])
    assert boxed_format_reward(completions=[r"\boxed{1}", "1"]) == [1.0, 0.0]


def test_the_verl_reward_has_verls_signature_and_result() -> None:
    from pyverify.rewards import verl

    params = list(inspect.signature(verl.compute_score).parameters)
    assert params[:4] == ["data_source", "solution_str", "ground_truth", "extra_info"]
    out = compute_score("lighteval/MATH", r"... $\boxed{\dfrac{3}{4}}$", "0.75", extra_info={"index": 0})
    assert out == {"score": 1.0, "acc": True, "pred": r"\frac{3}{4}", "status": "correct"}
    assert compute_score("gsm8k", "#### 12", "13")["score"] == 0.0
    rows = compute_score_batch(["a", "b"], [r"\boxed{2}", r"\boxed{3}"], ["2", "2"], [None, None])
    assert [r["score"] for r in rows] == [1.0, 0.0]


def test_a_pool_keeps_order_and_never_stalls() -> None:
    responses = [rf"\boxed{{{k}}}" for k in range(12)] + [r"\boxed{10^{10^{10}} - 10^{10^{10}} + 1}"]
    golds = [str(k if k % 3 else k + 1) for k in range(12)] + ["1"]
    with RewardPool(workers=2, policy=Policy(timeout=3.0)) as pool:
        first = pool.grade_many(responses, golds)
        again = pool.grade_many(responses[:3], golds[:3])  # the same warm workers
    assert [g.status for g in first.grades[:12]] == ["wrong" if k % 3 == 0 else "correct" for k in range(12)]
    assert first.grades[12].status in ("correct", "unknown")
    assert [g.status for g in again.grades] == ["wrong", "correct", "correct"]
    with pytest.raises(ValueError, match="responses"):
        RewardPool(workers=0).grade_many(["1"], [])


def test_verl_loads_the_file_and_merges_reward_kwargs_as_its_reward_manager_does() -> None:
    # verl 0.9.1: trainer/ppo/reward.get_custom_reward_fn loads custom_reward_function.path with
    # utils/import_utils.load_module (spec_from_file_location under a custom_module_<hash> name), merges
    # reward_kwargs over the call's keywords, and NaiveRewardManager calls it with these four keywords and an
    # extra_info carrying num_turns and rollout_reward_scores. verl itself needs torch, ray and tensordict to
    # import, so its loader is mirrored here rather than imported.
    import importlib.util
    from functools import partial

    from pyverify.rewards import verl as shipped

    spec = importlib.util.spec_from_file_location("custom_module_1234", shipped.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    raw = module.compute_score

    def call_with_kwargs(raw_fn, extra_kwargs, *args, **kwargs):  # type: ignore[no-untyped-def]
        return raw_fn(*args, **{**kwargs, **extra_kwargs})

    fn = partial(call_with_kwargs, raw, {"percent": "unit", "timeout": 5})
    extra = {"index": 3, "num_turns": None, "rollout_reward_scores": {}}
    score = fn(data_source="math", solution_str=r"So $\boxed{20\%}$.", ground_truth="20", extra_info=extra)
    assert score["score"] == 1.0 and score["status"] == "correct"
    strict = partial(call_with_kwargs, raw, {})
    assert strict(data_source="math", solution_str=r"So $\boxed{20\%}$.", ground_truth="20", extra_info=extra)["score"] == 0.0


def test_a_list_of_acceptable_golds_and_numeric_golds() -> None:
    from pyverify.rewards import grade_any

    assert grade_any(r"\boxed{0.5}", [r"\frac13", r"\frac12"]).status == "correct"
    assert grade_any(r"\boxed{2}", [r"\frac13", r"\frac12"]).status == "wrong"
    assert grade_any(r"\boxed{4}", 4).status == "correct" and grade_any(r"\boxed{4}", []).status == "unknown"
    reward = TRLReward(workers=0)
    assert reward(prompts=["p", "q"], completions=[r"\boxed{4}", r"\boxed{7}"], solution=[4, ["6", "7"]]) == [1.0, 1.0]
    assert compute_score("x", r"\boxed{7}", ["6", "7"])["score"] == 1.0


@pytest.mark.parametrize(
    "response, gold, status",
    [("Final Answer: Jane started growing Sphere 3 hours ago. I hope it is correct.", "3", "correct"),
     ("Final Answer: The total is 1,000.99 dollars.", "1000.99", "correct"),
     ("Final Answer: Jane started growing Sphere 4 hours ago.", "3", "wrong"),
     ("Final Answer: it is not 3 hours.", "3", "unparsed"),
     ("Final answer: about 3 hours, maybe.", "3", "unparsed"),
     ("Final Answer: 3 hours and 20 minutes.", "3", "unknown"),  # (one quantity, 200 minutes: against 3, unit unstated)
     ("Final Answer: The answer is 4 five.", "4", "unparsed"),
     ("Final answer: about 3 hours.", "3", "unknown"),  # an approximation (\\approx 3): never exactly 3
     ("Final answer: at least 3 hours.", "3", "unparsed"),
     ("Therefore, there are 12 distinct sequences.", "12", "correct"),
     ("We list them. There are 12 distinct sequences.", "12", "no answer"),
     ("There are 12 distinct sequences.", "12", "correct"),  # the whole response, one statement (TabMWP's answers)
     ("Therefore, there are about 12 distinct sequences.", "12", "no answer")],
)  # fmt: skip
def test_a_marked_statement_with_one_number_states_it(response: str, gold: str, status: str) -> None:
    # after a marker the one number of a sentence is its answer; without a marker, only in a concluding final
    # sentence (Therefore, So, Thus, ...: GSM8K-style prose, read since ProcessBench's labelled responses showed
    # it) or a response that is that one statement, and a doubt, a denial, a second number (in words too) leaves the
    # statement unread
    assert grade(response, gold).status == status


def test_a_degenerate_tail_does_not_hide_the_boxed_answer() -> None:
    # Qwen2.5-Math responses that end in generated garbage: a run of ###### is not GSM8K's '#### answer' marker,
    # and a stray control character in a long response's prose is ignored (its extracted answer is still checked)
    garbage = "Therefore the answer is $\\boxed{25}$.\n" + "tokens ######\n]]); more ###### text " * 3
    assert grade(garbage, "25").status == "correct"
    assert grade("Natalia sold 48 clips.\n#### 72", "72").status == "correct"
    prose = "We count the matches. " * 12 + "A stray \x1b character. So the answer is $\\boxed{6}$."
    assert grade(prose, "6").status == "correct"
    assert grade("x" * 300 + "\x08oxed{5}", "5").status == "unparsed"  # an escape that ate \b of \boxed is named
    assert grade("\x1b 5", "5").status == "unparsed"  # in a short answer every control character is refused


def test_words_where_the_gold_is_mathematics_are_a_format_failure_not_an_engine_doubt() -> None:
    # on_unknown=None skips undecidable completions; a response answering in words must not be skipped with them
    policy = Policy(on_unknown=None)
    for response in ("no idea", "The answer is unknown.", r"\boxed{\text{Evelyn}}"):
        found = grade(response, "5", policy=policy)
        assert (found.status, found.reward) == ("unparsed", 0.0), response
    assert grade(r"\text{Evelyn}", r"\text{Evelyn}").status == "correct"


@pytest.mark.parametrize(
    ("gold", "status"),
    [(27.0, "correct"), (27, "correct"), (Fraction(27), "correct"), (Decimal("27.00"), "correct"), (26.5, "wrong"),
     (True, "unknown"), (None, "unknown"), (float("nan"), "unknown"), (float("inf"), "unknown"), ([27], "unknown"),
     # an adversarial review: numpy's scalars (a float subclass whose repr is np.float64(27.0)), a huge int
     (numpy.float64(27.0), "correct"), (numpy.int64(27), "correct"), (numpy.bool_(True), "unknown"),
     pytest.param(10**5000, "unknown", id="int-of-5001-digits")],
)  # fmt: skip
def test_a_gold_stored_as_a_number_is_its_decimal_text(gold: object, status: str) -> None:
    # amc23's golds in Qwen2.5-Math's harness are JSON numbers (27.0): all forty were unknown, 'must be text'
    graded = grade(r"So she travels $\boxed{27}$ miles.", gold)  # type: ignore[arg-type]
    assert graded.status == status, graded
    if status == "unknown":
        assert "text or finite numbers" in (graded.reason or ""), graded
    assert equivalent_answers(gold, "27").status == {"correct": "equal", "wrong": "different"}.get(status, "unknown")  # type: ignore[arg-type]


def test_the_timeout_bounds_reading_the_response(monkeypatch: pytest.MonkeyPatch) -> None:
    import pyverify.answers

    def endless(text: str, **_: object) -> None:
        while True:
            pass

    monkeypatch.setattr(pyverify.answers, "parse_answer", endless)
    result = grade("The answer is $5$.", "5", policy=Policy(timeout=0.5))
    assert result.status == "unknown" and result.reward == 0.0
    assert "reading the response took longer than the time limit" in (result.reason or "")


def test_reading_and_comparing_share_one_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    # the fifth review: reading had the whole timeout and comparing the whole timeout again (9 s under timeout=5)
    import time as clock

    import pyverify.answers

    read, compared = pyverify.answers.parse_answer, pyverify.answers.equivalent_answers
    given: list[float] = []

    def slow(text: str, **kwargs: object) -> object:
        clock.sleep(0.3)
        return read(text, **kwargs)  # type: ignore[arg-type]

    def compare(reference: object, candidate: object, timeout: float, **kwargs: object) -> object:
        given.append(timeout)
        return compared(reference, candidate, timeout, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pyverify.answers, "parse_answer", slow)
    monkeypatch.setattr(pyverify.answers, "equivalent_answers", compare)
    grade("The answer is $5$.", "5", policy=Policy(timeout=1.0))
    assert given and given[0] <= 1.0 - 0.25  # the time reading took is not given again
