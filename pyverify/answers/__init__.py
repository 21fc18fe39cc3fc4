"""Final answers as exact objects, and exact answer equivalence with witnesses.

``parse_answer(text)`` reads a LaTeX or plain final answer (numbers, radicals, expressions,
equations, intervals and unions, sets, tuples, lists of solutions, ±, matrices, percentages; the last
``\\boxed{...}`` is extracted first) into claim-language terms; ``equivalent_answers(ref, cand)``
decides equal / different (with a witness) / unknown. sympy and flint load only when comparing.
"""

from typing import TYPE_CHECKING, Any

from pyverify.answers._answer import ANSWER_EXIT_CODES, Answer, AnswerCertificate

if TYPE_CHECKING:
    from pyverify.answers._equiv import equivalent_answers
    from pyverify.answers._parse import CLEANUP_RULES, READING_RULES, extract_boxed, parse_answer, render

_LAZY = {
    "equivalent_answers": "pyverify.answers._equiv",
    "parse_answer": "pyverify.answers._parse",
    "extract_boxed": "pyverify.answers._parse",
    "render": "pyverify.answers._parse",
    "CLEANUP_RULES": "pyverify.answers._parse",
    "READING_RULES": "pyverify.answers._parse",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pyverify.answers' has no attribute '{name}'")


__all__ = ["ANSWER_EXIT_CODES", "CLEANUP_RULES", "READING_RULES", "Answer", "AnswerCertificate", "equivalent_answers",
           "extract_boxed", "parse_answer", "render"]  # fmt: skip
