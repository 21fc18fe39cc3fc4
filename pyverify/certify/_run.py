"""Book-keeping for one decision: its clock, semantics, the engines tried and what each said."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from pyverify.certify._certificate import Certificate


@dataclass
class Run:
    """Book-keeping for one decision: the clock, the attempts made, what each said."""

    timeout: float
    start: float = field(default_factory=time.monotonic)
    attempts: list[str] = field(default_factory=list)
    semantics: str = "exact"

    @property
    def deadline(self) -> float:
        return self.start + self.timeout

    def left(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def note(self, text: str) -> None:
        self.attempts.append(text)

    def done(self, status: str, method: str, evidence: dict[str, Any], claim: str, **extra: Any) -> Certificate:
        extra.setdefault("semantics", self.semantics)
        return Certificate(status, method, evidence, round(self.elapsed(), 6), claim,  # type: ignore[arg-type]
                           attempts=tuple(self.attempts), **extra)  # fmt: skip


def sentences_equivalence(ca: Certificate, cb: Certificate, run: Run, text: str) -> Certificate | None:
    """Equivalence from two truth values: both decided, or ``vacuous`` when either claim is (a claim
    true of no point is no evidence of anything); None when undecided."""
    # the sub-certificates without timings, so that the same inputs give the same evidence
    timeless = ("seconds", "attempts")
    evidence = {"notion": "sentence", "a": {k: v for k, v in ca.to_dict().items() if k not in timeless},
                "b": {k: v for k, v in cb.to_dict().items() if k not in timeless}}  # fmt: skip
    if "vacuous" in (ca.status, cb.status):
        conditions = tuple(dict.fromkeys(c for sub in (ca, cb) if sub.status == "vacuous" for c in sub.conditions))
        return run.done("vacuous", "truth-values", evidence, text, conditions=conditions)
    decided = {"certified", "refuted"}
    if ca.status in decided and cb.status in decided:
        status = "certified" if ca.status == cb.status else "refuted"
        return run.done(status, "truth-values", evidence, text)
    return None
