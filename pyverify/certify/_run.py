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
