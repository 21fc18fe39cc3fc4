"""Grading one whole response against a gold answer, fail closed: only a proved equality is correct."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Literal

from pyverify.parallel._deadline import time_limit

GradeStatus = Literal["correct", "wrong", "several answers", "no answer", "unparsed", "undefined", "unknown"]

#: What each grade means, in the order a report lists them (docs/answers-and-rewards.md renders this table).
GRADE_MEANINGS: tuple[tuple[str, str], ...] = (
    ("correct", "the extracted answer is proved equal to the gold answer (reward 1)"),
    ("wrong", "proved different, with a witness (reward 0)"),
    ("several answers", "the response ends with several different answers (boxes, 'either … or …') and the gold is "
     "not that set or list (reward 0)"),
    ("no answer", "the extraction policy finds no final answer: nothing marked, an unclosed <think>, an empty "
     "response (reward `on_invalid`, 0 by default)"),
    ("unparsed", "an answer was found but is outside the reading rules, or is words where the gold is "
     "mathematics: the reason names the word or the notation (reward `on_invalid`)"),
    ("undefined", "the answer has no value (0/0, log 0): never correct (reward 0)"),
    ("unknown", "undecided within the deadline, or the gold itself cannot be read: not the model's fault "
     "(reward `on_unknown`, 0 by default; None skips the completion)"),
)  # fmt: skip


@dataclass(frozen=True)
class Policy:
    """How responses are graded and rewarded. The defaults are the safe ones: exact, fail closed."""

    timeout: float = 5.0
    """Seconds per response (the whole comparison; engines run in a worker killed at the deadline)."""
    tolerance: float | None = None
    """None: exact. A number T: |gold - answer| <= T between numbers counts as equal."""
    percent: str = "value"
    """``value`` (28% is 28/100) or ``unit`` (28% also equals 28 against a gold without a percent sign)."""
    decimal_comma: str | None = None
    """None (0,5 is ambiguous, so unknown), ``decimal`` or ``list``."""
    order: str = "any"
    """``any`` (two lists are compared as sets: "enter all the solutions") or ``written`` (golds that are sequences)."""
    require_box: bool = False
    """Only a ``\\boxed{}`` answer counts; any other extraction rule is ``no answer``."""
    on_unknown: float | None = 0.0
    """The reward of an undecidable completion: 0.0, or None (TRL skips it; verl gets 0 with ``status``)."""
    on_invalid: float | None = 0.0
    """The reward of ``no answer`` and ``unparsed``: 0.0 (a format failure is a failure) or None (skipped)."""
    exact_witness: bool = False
    """False: a wrong irrational answer's difference from the gold is shown as written, with the arb enclosure
    that proves it nonzero. True: also simplified exactly by sympy (a few milliseconds more per such answer)."""

    def __post_init__(self) -> None:
        if self.percent not in ("value", "unit"):
            raise ValueError(f"percent must be 'value' or 'unit', not {self.percent!r}")
        if self.order not in ("any", "written"):
            raise ValueError(f"order must be 'any' or 'written', not {self.order!r}")
        if self.decimal_comma not in (None, "decimal", "list"):
            raise ValueError(f"decimal_comma must be None, 'decimal' or 'list', not {self.decimal_comma!r}")
        if self.timeout <= 0:
            raise ValueError("timeout must be positive")


DEFAULT_POLICY = Policy()


@dataclass(frozen=True)
class Grade:
    """The grade of one response: what was taken from it, by which rule, and the verdict with its evidence."""

    status: GradeStatus
    reward: float | None
    """The reward under the policy (1.0 correct, 0.0 otherwise, or the policy's choice for unknown / invalid)."""
    answer: str = ""
    """The extracted answer as read (empty for no answer)."""
    rule: str = ""
    """The extraction rule that fired (``boxed``, ``final answer``, ``several boxes``, ...), or why none did."""
    span: tuple[int, int] = (0, 0)
    """Where the answer lies in the response."""
    witness: dict[str, Any] | None = None
    """For wrong: what tells the answer from the gold (the exact difference, an element, a point)."""
    reason: str | None = None
    """For every status but correct and wrong: why."""
    seconds: float = 0.0
    certificate: dict[str, Any] = field(default_factory=dict)
    """The answer certificate it rests on (``AnswerCertificate.to_dict()``)."""

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["span"] = list(self.span)
        return data


def _several(candidate: Any, reference: Any) -> bool:
    if candidate.kind != "list" or len(candidate.items) < 2 or reference.kind in ("list", "set", "unparsed"):
        return False
    if candidate.product:  # 1 and 1/5: two numbers, or one mixed number read aloud (a second reading, one answer)
        return False
    from pyverify.answers._equiv import _choice_run
    from pyverify.logic._ast import Op, walk

    if _choice_run(reference):  # ACD: a multi-select gold, the list of its choices
        return False
    return not any(isinstance(n, Op) and n.op == "pm" for t in reference.terms for n in walk(t))


@lru_cache(maxsize=4096)
def _gold(gold: str, decimal_comma: str | None) -> Any:
    """A gold answer parsed once: a trainer grades every gold against many completions (Answer is immutable)."""
    from pyverify.answers import parse_answer

    return parse_answer(gold, decimal_comma=decimal_comma, float_noise=True)


def _reward(status: GradeStatus, policy: Policy) -> float | None:
    if status == "correct":
        return 1.0
    if status == "unknown":
        return policy.on_unknown
    if status in ("no answer", "unparsed"):
        return policy.on_invalid
    return 0.0


def grade_any(response: str, golds: Any, *, policy: Policy = DEFAULT_POLICY) -> Grade:
    """Grade against a gold answer or a list of acceptable gold answers (a dataset column may hold either): the
    first ``correct`` grade, else the grade against the first gold. A number is read as its decimal text (by
    ``grade``)."""
    if isinstance(golds, (list, tuple)):
        grades = [grade(response, g, policy=policy) for g in golds]
        if not grades:
            return Grade("unknown", policy.on_unknown, reason="an empty list of gold answers")
        return next((g for g in grades if g.correct), grades[0])
    return grade(response, golds, policy=policy)


def grade(response: str, gold: str, *, policy: Policy = DEFAULT_POLICY) -> Grade:
    """Grade a whole response (a model's output, ``<think>`` and all) against a gold answer.

    The final answer is taken by the one extraction policy of :mod:`pyverify.answers` (the last marker wins;
    several different boxes at the end are several answers; ``<think>`` is ignored), then compared exactly
    with the gold answer. Fail closed: only a proved equality is ``correct``; see :data:`GRADE_MEANINGS`.
    Never raises on any text.
    """
    from pyverify.answers import equivalent_answers, parse_answer
    from pyverify.answers._parse import answer_text
    from pyverify.answers._reading import has_float_noise

    texts = answer_text(response), answer_text(gold)
    if None in texts:
        wrong = [f"{what} is {type(value).__name__}" for what, value, text in
                 (("the response", response, texts[0]), ("the gold answer", gold, texts[1])) if text is None]
        return Grade("unknown", policy.on_unknown, reason="the response and the gold answer must be text or finite "
                     f"numbers of at most 4,300 digits: {', '.join(wrong)}")  # fmt: skip
    response, gold = texts  # type: ignore[assignment]  # a number as its decimal text (amc23's golds are 27.0)
    start = time.monotonic()
    with time_limit(policy.timeout) as reading:  # the timeout bounds reading too (a pool's worker is killed instead)
        candidate = parse_answer(response, decimal_comma=policy.decimal_comma, float_noise=has_float_noise(gold))
        reference = _gold(gold, policy.decimal_comma)
    if reading.expired:
        return Grade("unknown", policy.on_unknown, reason=f"reading the response took longer than the time limit "
                     f"({policy.timeout:g} s)", seconds=round(time.monotonic() - start, 6))  # fmt: skip
    if policy.require_box and candidate.kind != "no_answer" and candidate.rule not in ("boxed", "several boxes"):
        return _done("no answer", policy, candidate.text, f"no boxed answer (found by '{candidate.rule}' instead; "
                     "the policy requires a box)", candidate.rule, candidate.span)  # fmt: skip
    if _several(candidate, reference):
        # several answers against one: never credited, so nothing to compute (a ± gold is compared: it is a set)
        return Grade("several answers", 0.0, candidate.text, candidate.rule, candidate.span,
                     {"answers": len(candidate.items), "gold": "one answer"})  # fmt: skip
    left = max(policy.timeout - (time.monotonic() - start), 1e-3)  # reading and comparing share one timeout
    cert = equivalent_answers(reference, candidate, left, tolerance=policy.tolerance,
                              decimal_comma=policy.decimal_comma, percent=policy.percent,
                              exact_witness=policy.exact_witness, order=policy.order)  # fmt: skip
    reason = cert.reason or ""
    status: GradeStatus
    if cert.status == "equal":
        status = "correct"
    elif cert.status == "no_answer":
        status = "no answer" if reason.startswith("the candidate") else "unknown"
    elif cert.status == "different":
        several = _several(candidate, reference)
        status = "several answers" if several else "wrong"
    elif cert.status == "undefined":
        status = "unknown" if reason.startswith("the reference") else "undefined"
    elif reason.startswith("candidate unparsed") or reason.startswith("candidate ambiguous"):
        status = "unparsed"
    elif candidate.kind == "text" and reference.kind not in ("text", "choice", "unparsed"):
        # words where the gold is mathematics ('no idea', 'five'): a format failure, not the engine's doubt
        status = "unparsed"
    else:
        status = "unknown"
    return Grade(status, _reward(status, policy), cert.candidate, candidate.rule or "", candidate.span,
                 cert.witness if status in ("wrong", "several answers") else None,
                 None if status in ("correct", "wrong") else (cert.reason or None), cert.seconds, cert.to_dict())  # fmt: skip


def _done(status: GradeStatus, policy: Policy, answer: str, reason: str, rule: str,
          span: tuple[int, int]) -> Grade:  # fmt: skip
    return Grade(status, _reward(status, policy), answer, rule, span, None, reason)
