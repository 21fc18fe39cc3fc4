"""Records that cross the claims package's boundary: public tasks, private references, audits,
check results. Public and private data never share a record type.

These records are also read back from files that others may have written (a suite built elsewhere, an
imported artifact), so they are read leniently and checked strictly: an unknown field is never a
reason to refuse a row (a :class:`Task` ignores it, so the checker sees only the documented fields; a
:class:`Reference` and its :class:`Gold` keep it, e.g. ClaimScope's ``gold.cases_checked``), while a
missing or ill-typed field that a computation needs is refused (the loaders name file and line).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

#: Keys a public task row must never hold (the answer key, in any of its names).
FORBIDDEN_PUBLIC_KEYS = (
    "source",
    "gold",
    "expected_verdict",
    "failure_mode",
    "repair",
    "counterexample",
    "cases_checked",
)
#: The fields of an audit (the model's answer), besides ``task_id``.
AUDIT_FIELDS = ("verdict", "scope", "failure_mode", "counterexample", "repair")

CheckStatus = Literal["verified", "rejected", "not_applicable", "unavailable"]


class Task(BaseModel):
    """A public task: what a model sees. Holds the claim and the allowed labels, never the answer.

    Unknown fields are ignored on reading (answer-key fields are refused by the loaders before this)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    task_id: str = Field(description="Stable identifier, copied into the audit.")
    family: Literal["optimizer_transport", "affine_recurrence", "linear_algebra"] = Field(
        description="The task family."
    )
    split: str = Field(description="'canonical', 'seed-N' for generated suites, or 'imported'.")
    prompt: str = Field(description="The full prompt text.")
    response_schema: dict[str, Any] = Field(description="JSON schema of the expected audit object.")
    claim: dict[str, Any] = Field(
        description="The claim in formal form (formulas in pyverify's claim language, the condition, and "
        "for optimizer claims the protocol and quantity): what the label-blind checker evaluates."
    )
    labels: dict[str, list[str]] = Field(description="Allowed scopes, failure modes and repairs.")


class Gold(BaseModel):
    """The reference answer of a task. Unknown fields (an artifact's own bookkeeping, such as
    ClaimScope's ``cases_checked``) are kept as they are and used by nothing."""

    model_config = ConfigDict(frozen=True, extra="allow")

    verdict: Literal["valid", "invalid"] = Field(description="Derived: valid iff the discrepancy is identically zero.")
    scope: str = Field(description="The evaluation target the task names.")
    failure_mode: str = Field(description="'none' when valid, else the family's label for the defect.")
    repair: str = Field(description="'none' when valid, else the repair identifier that is itself valid here.")
    counterexample: dict[str, Any] | None = Field(
        description="None when valid; an admissible refuting state, verified by the checker, when invalid."
    )


class Reference(BaseModel):
    """A private reference row: the answer key and how it was established. Unknown fields are kept."""

    model_config = ConfigDict(frozen=True, extra="allow")

    task_id: str = Field(description="The task it answers.")
    family: str = Field(description="The task family.")
    claim_group: str = Field(description="The formal specification without ids and wording.")
    source: dict[str, Any] = Field(description="formula_id, protocol, quantity, condition (as the family has them).")
    gold: Gold = Field(description="The reference audit.")
    certificate: dict[str, Any] = Field(
        description="How the verdict was derived: proof method and evidence, or the witness check."
    )

    @field_validator("family")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in ("optimizer_transport", "affine_recurrence", "linear_algebra"):
            raise ValueError(f"unknown family '{value}'")
        return value


@dataclass(frozen=True)
class CheckResult:
    """The label-blind checker's answer for one task and response."""

    task_id: str
    """The task checked."""
    status: CheckStatus
    """verified / rejected / not_applicable / unavailable."""
    message: str
    """What was evaluated and why it came out so; names the fields involved, never a reference label."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def public_row_problems(row: dict[str, Any]) -> list[str]:
    """Keys that must not appear in a public task row."""
    return [key for key in FORBIDDEN_PUBLIC_KEYS if key in row]
