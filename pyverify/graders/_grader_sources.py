"""What the sandboxed graders run: for each built-in third-party grader, the code of ``grade(reference, text)``
in two modes — ``answer`` (the text is a final answer, written into the grader's expected answer line) and
``response`` (the text is a model's whole response, read through the grader's own extraction, as a trainer or
an evaluation harness calls it). The code runs in the sandbox's interpreter, never in pyverify's.
"""

from __future__ import annotations

_MATH_VERIFY_WRAP = """
from math_verify import parse as _parse, verify as _verify

def _wrap(text):
    text = text.strip()
    if "$" in text or "\\\\boxed" in text:
        return text
    return "$" + text + "$"
"""

_MINERVA_GOLD = """
from lm_eval.tasks.minerva_math import utils as _u

def _gold(reference):
    solution = reference if "\\\\boxed" in reference else "\\\\boxed{" + reference + "}"
    boxed = _u.last_boxed_only_string(solution)
    return _u.normalize_final_answer(_u.remove_boxed(boxed) if boxed else reference)
"""

_INSPECT = """
import asyncio
from inspect_ai.model import ModelName, ModelOutput
from inspect_ai.scorer import Target, math as _math
from inspect_ai.solver import TaskState

_scorer = _math()

def _score(reference, text):
    state = TaskState(model=ModelName("none/none"), sample_id=0, epoch=1, input="", messages=[],
                      output=ModelOutput.from_content(model="none", content=text))
    score = asyncio.run(_scorer(state, Target([reference])))
    status = (score.metadata or {}).get("math_scorer_status", "")
    if status in ("answer_timeout", "target_timeout"):
        raise TimeoutError("inspect math(): " + status)
    if score.value == "C":
        return True
    if score.value == "I":
        return False
    raise ValueError("inspect math(): unscored (" + str(status) + ")")
"""

# verl 0.9.1's reward_score modules, loaded from the installed wheel without running ``verl/__init__.py`` (which
# imports torch, ray and tensordict for training): the parent packages are made as empty namespaces
_VERL = """
import importlib, importlib.util, os, sys, types

def _verl(name):
    spec = importlib.util.find_spec("verl")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("verl is not installed in the grader environment (make graders)")
    root = list(spec.submodule_search_locations)[0]
    for package, path in (("verl", root), ("verl.utils", os.path.join(root, "utils")),
                          ("verl.utils.reward_score", os.path.join(root, "utils", "reward_score"))):
        if package not in sys.modules:
            module = types.ModuleType(package)
            module.__path__ = [path]
            sys.modules[package] = module
    return importlib.import_module(name)
"""

#: name -> {mode -> code defining grade(reference, text)}
SOURCES: dict[str, dict[str, str]] = {
    "math-verify": {
        "answer": _MATH_VERIFY_WRAP + """
def grade(reference, candidate):
    return _verify(_parse(_wrap(reference)), _parse(_wrap(candidate)))
""",
        "response": _MATH_VERIFY_WRAP + """
def grade(reference, response):
    return _verify(_parse(_wrap(reference)), _parse(response))
""",
    },
    # lm-evaluation-harness 0.4.13, tasks/minerva_math: the reference goes through the task's process_docs
    # (last \\boxed{...}, normalize_final_answer); the candidate is written as the task's few-shot answer line
    # (answer mode) or is the response itself (response mode), then get_unnormalized_answer +
    # normalize_final_answer; is_equiv decides (the task's ``exact_match``; its second metric, math_verify, is
    # audited as math-verify).
    "lm-eval-minerva": {
        "answer": _MINERVA_GOLD + """
def grade(reference, candidate):
    response = "Final Answer: The final answer is $" + candidate + "$. I hope it is correct."
    return bool(_u.is_equiv(_u.normalize_final_answer(_u.get_unnormalized_answer(response)), _gold(reference)))
""",
        "response": _MINERVA_GOLD + """
def grade(reference, response):
    return bool(_u.is_equiv(_u.normalize_final_answer(_u.get_unnormalized_answer(response)), _gold(reference)))
""",
    },
    # lm-evaluation-harness 0.4.13, api.metrics.exact_match with the options of its gsm8k task (the normaliser
    # most generate-until math tasks configure); the same code in both modes (its regexes do the extraction)
    "lm-eval-exact-match": dict.fromkeys(("answer", "response"), """
from lm_eval.api.metrics import exact_match_hf_evaluate as _em

def grade(reference, candidate):
    result = _em([candidate], [reference], ignore_case=True, ignore_punctuation=False,
                 regexes_to_ignore=[",", "\\\\$", "(?s).*#### ", "\\\\.$"])
    return float(result["exact_match"]) == 1.0
"""),
    # inspect_ai 0.3.285, scorer.math(): called offline on a TaskState whose output is the text (no model)
    "inspect-math": {
        "answer": _INSPECT + """
def grade(reference, candidate):
    text = candidate.strip()
    if "$" not in text and "\\\\boxed" not in text:
        text = "$" + text + "$"
    return _score(reference, text)
""",
        "response": _INSPECT + """
def grade(reference, response):
    return _score(reference, response)
""",
    },
    # verl 0.9.1 utils/reward_score/math_reward.compute_score(solution_str, ground_truth): the last \\boxed{} of
    # the response, Hendrycks' is_equiv; a final answer is written as a box
    "verl-math": {
        "answer": _VERL + """
_m = _verl("verl.utils.reward_score.math_reward")

def grade(reference, candidate):
    return _m.compute_score("\\\\boxed{" + candidate + "}", reference) == 1.0
""",
        "response": _VERL + """
_m = _verl("verl.utils.reward_score.math_reward")

def grade(reference, response):
    return _m.compute_score(response, reference) == 1.0
""",
    },
    # verl 0.9.1 utils/reward_score/prime_math.compute_score(model_output, ground_truth) -> (correct, format, pred):
    # PRIME's match_answer (the last box, else "answer is"), then its math_equal (sympy, with pi read as 3.14 too)
    "verl-prime": {
        "answer": _VERL + """
_m = _verl("verl.utils.reward_score.prime_math")

def grade(reference, candidate):
    return bool(_m.compute_score("\\\\boxed{" + candidate + "}", reference)[0])
""",
        "response": _VERL + """
_m = _verl("verl.utils.reward_score.prime_math")

def grade(reference, response):
    return bool(_m.compute_score(response, reference)[0])
""",
    },
    # verl 0.9.1 utils/reward_score/math_dapo.compute_score(solution_str, ground_truth): the last "Answer:" line
    # (Minerva's normaliser), else the last \\boxed{} in the final 300 characters; a final answer is written as
    # an "Answer:" line
    "verl-dapo": {
        "answer": _VERL + """
_m = _verl("verl.utils.reward_score.math_dapo")

def grade(reference, candidate):
    return bool(_m.compute_score("Answer: " + candidate, reference)["acc"])
""",
        "response": _VERL + """
_m = _verl("verl.utils.reward_score.math_dapo")

def grade(reference, response):
    return bool(_m.compute_score(response, reference)["acc"])
""",
    },
}
