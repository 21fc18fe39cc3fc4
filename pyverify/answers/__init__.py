"""Final answers as exact objects, and exact answer equivalence with witnesses.

``extract_answer(text)`` takes the final answer of a whole response under one extraction policy
(``EXTRACTION_RULES``); ``parse_answer(text)`` reads it (numbers, radicals, expressions, equations, inequalities,
intervals and unions, sets, tuples, lists, ±, matrices, percentages, text and choices, numbers in a base,
congruences) into claim-language terms; ``equivalent_answers(ref, cand)`` decides equal / different (with a
witness) / unknown / undefined / no_answer. sympy and flint load only when comparing.
"""

from typing import TYPE_CHECKING, Any

from pyverify.answers._answer import ANSWER_EXIT_CODES, Answer, AnswerCertificate

if TYPE_CHECKING:
    from pyverify.answers._equiv import equivalent_answers
    from pyverify.answers._extract import EXTRACTION_RULES, Extraction, extract_answer
    from pyverify.answers._parse import CLEANUP_RULES, READING_RULES, extract_boxed, parse_answer, render

_LAZY = {
    "equivalent_answers": "pyverify.answers._equiv",
    "parse_answer": "pyverify.answers._parse",
    "extract_boxed": "pyverify.answers._parse",
    "render": "pyverify.answers._parse",
    "CLEANUP_RULES": "pyverify.answers._parse",
    "READING_RULES": "pyverify.answers._parse",
    "EXTRACTION_RULES": "pyverify.answers._extract",
    "Extraction": "pyverify.answers._extract",
    "extract_answer": "pyverify.answers._extract",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pyverify.answers' has no attribute '{name}'")


__all__ = ["ANSWER_EXIT_CODES", "CLEANUP_RULES", "EXTRACTION_RULES", "READING_RULES", "Answer", "AnswerCertificate",
           "Extraction", "equivalent_answers", "extract_answer", "extract_boxed", "parse_answer", "render"]  # fmt: skip
