"""A scripted backend for the formalize tests: canned answers per statement (and sample seed)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from pyverify.models import Request, Response

PRIME = "Is it true that a prime number is always at least 2?"
PRIME_FORMAL = "forall p : N, assume prime(p), 2 <= p"
GCD = "The gcd of a and b equals the gcd of b and a, for all natural numbers a and b."
GCD_FORMAL = "forall a b : N, gcd(a, b) = gcd(b, a)"


def statement_of(request: Request) -> str:
    """The statement a formalization prompt asks about (its last ``Statement:`` line)."""
    lines = [line for line in request.messages[-1][1].splitlines() if line.startswith("Statement: ")]
    return lines[-1].removeprefix("Statement: ")


class ScriptedBackend:
    """Answers ``answers[statement]``: one text for every sample, or a list indexed by the sample's seed.
    Counts the requests it is asked; ``fail`` makes it raise instead. Not thread-safe."""

    model_id = "test/scripted"
    revision = "r1"

    def __init__(self, answers: Mapping[str, str | Sequence[str]], fail: Exception | None = None) -> None:
        self.answers = dict(answers)
        self.fail = fail
        self.calls = 0

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        if self.fail is not None:
            raise self.fail
        out = []
        for request in requests:
            self.calls += 1
            canned = self.answers.get(statement_of(request), "I do not know.")
            text = canned if isinstance(canned, str) else canned[request.decoding.seed % len(canned)]
            out.append(Response(request.request_id, text=text, tokens=len(text.split())))
        return out

    def score(self, requests: Sequence[Request]) -> list[Response]:
        raise NotImplementedError("formalization only generates")

    def describe(self) -> dict[str, Any]:
        return {"provider": "test", "model_id": self.model_id, "revision": self.revision}


def item(item_id: str, text: str, theorem_formal: Sequence[str] | None, **extra: Any) -> dict[str, Any]:
    """An imported item as the FormInv importer writes it."""
    row: dict[str, Any] = {"item_id": item_id, "theorem_id": item_id.rsplit("_", 1)[0], "family": "F1",
                           "tier": "imported", "label": "TRUE", "text": text, "formal": None,
                           "equivalence": {"method": "uncertified"}, "semantics": "mathlib",
                           "provenance": {"source": "test"}}  # fmt: skip
    if theorem_formal is not None:
        row["theorem_formal"] = list(theorem_formal)
    row.update(extra)
    return row
