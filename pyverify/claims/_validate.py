"""Re-deriving stored references: every verdict is proved again from the task's public claim.

A reference whose claim the engine finds only vacuously true (no state satisfies its condition) is never
accepted as certified: it is reported as derived ``vacuous``, a disagreement, and listed under ``vacuous``."""

from __future__ import annotations

from typing import Any

from pyverify.claims._checker import check
from pyverify.claims._derive import DerivationError, VacuousClaim, derive_many
from pyverify.claims._records import Reference, Task


def validate(tasks: list[Task], references: list[Reference], executor: Any = None) -> dict[str, Any]:
    """Compare each stored verdict with a fresh derivation; stored witnesses must verify too.

    ``executor`` (:mod:`pyverify.parallel`) fans the derivations out; the report is the same.

    Returns ``{"checked": n, "disagreements": [{task_id, stored, derived, evidence}], "undecided": [...],
    "vacuous": [...]}``: a vacuous claim is in ``vacuous`` and in ``disagreements`` (derived ``vacuous``), never
    accepted.
    """
    by_id = {t.task_id: t for t in tasks}
    missing = [r.task_id for r in references if r.task_id not in by_id]
    if missing:
        raise ValueError(f"references for unknown task ids: {', '.join(missing[:5])}")
    disagreements: list[dict[str, Any]] = []
    undecided: list[dict[str, Any]] = []
    vacuous: list[dict[str, Any]] = []
    derivations = derive_many([(by_id[r.task_id].family, dict(by_id[r.task_id].claim)) for r in references], executor)
    for ref, derivation in zip(references, derivations):
        task = by_id[ref.task_id]
        try:
            if isinstance(derivation, DerivationError):
                raise derivation
        except DerivationError as exc:
            derived = "vacuous" if isinstance(exc, VacuousClaim) else "undecided"
            (vacuous if derived == "vacuous" else undecided).append({"task_id": ref.task_id, "reason": str(exc)})
            disagreements.append({"task_id": ref.task_id, "stored": ref.gold.verdict, "derived": derived,
                                  "evidence": str(exc)})  # fmt: skip
            continue
        derived = "valid" if derivation.valid else "invalid"
        if derived != ref.gold.verdict:
            evidence = (derivation.certificate.get("check") or derivation.certificate.get("method")) if derivation.valid is False else (
                f"proved by {derivation.certificate.get('method')}")  # fmt: skip
            if derivation.witness is not None:
                evidence = f"witness {derivation.witness}: {derivation.certificate.get('check', '')}"
            disagreements.append({"task_id": ref.task_id, "stored": ref.gold.verdict, "derived": derived, "evidence": evidence,
                                  "certificate": derivation.certificate})  # fmt: skip
            continue
        if ref.gold.verdict == "invalid":
            result = check(task.model_dump(), {"verdict": "invalid", "counterexample": ref.gold.counterexample})
            if result.status != "verified":
                disagreements.append({"task_id": ref.task_id, "stored": "invalid", "derived": "invalid",
                                      "evidence": f"the stored witness does not verify: {result.message}"})  # fmt: skip
    return {"checked": len(references), "disagreements": disagreements, "undecided": undecided, "vacuous": vacuous}
