"""A reference whose claim is only vacuously true (no state satisfies its condition) is never accepted as
certified: derive refuses it with the conditions, validate reports it as derived 'vacuous'."""

from __future__ import annotations

from typing import Any

import pytest

from pyverify.claims import _families as fam
from pyverify.claims._derive import DerivationError, VacuousClaim, derive, derive_job
from pyverify.claims._validate import validate


@pytest.fixture()
def contradictory(monkeypatch: pytest.MonkeyPatch) -> str:
    """A linear-algebra condition no pair of matrices satisfies."""
    monkeypatch.setitem(fam.spec("linear_algebra")["conditions"], "contradictory",
                        {"require": ["det(A) != 0", "det(A) = 0"]})  # fmt: skip
    return "contradictory"


def _claim(condition: str) -> dict[str, Any]:
    return {"lhs": "transpose(A*B)", "rhs": "transpose(B)*transpose(A)", "condition": condition}


def test_derive_refuses_a_vacuous_claim_with_its_conditions(contradictory: str) -> None:
    assert derive("linear_algebra", _claim("all")).valid  # the identity itself is proved
    with pytest.raises(VacuousClaim) as info:
        derive("linear_algebra", _claim(contradictory))
    assert isinstance(info.value, DerivationError)
    assert "vacuous: no point satisfies det(A) ≠ 0 ∧ det(A) = 0" in str(info.value)
    assert "never accepted as certified" in str(info.value)
    status, reason = derive_job("linear_algebra", _claim(contradictory))
    assert status == "vacuous" and "det(A) = 0" in reason


def test_validate_never_accepts_a_vacuous_reference(canonical, contradictory: str) -> None:  # type: ignore[no-untyped-def]
    tasks, references = canonical
    ref = next(r for r in references if r.family == "linear_algebra" and r.gold.verdict == "valid")
    task = next(t for t in tasks if t.task_id == ref.task_id)
    emptied = task.model_copy(update={"claim": dict(task.claim, condition=contradictory)})
    report = validate([emptied], [ref])
    assert report["checked"] == 1 and report["undecided"] == []
    assert [row["task_id"] for row in report["vacuous"]] == [ref.task_id]
    (row,) = report["disagreements"]
    assert row["stored"] == "valid" and row["derived"] == "vacuous" and "no point satisfies" in row["evidence"]
    # the same reference with its real condition is accepted
    assert validate([task], [ref]) == {"checked": 1, "disagreements": [], "undecided": [], "vacuous": []}
