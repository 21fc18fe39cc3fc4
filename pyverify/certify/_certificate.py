"""The records the engine returns: certificates for claims and equivalences, and witness checks."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Literal

Status = Literal["certified", "refuted", "unknown", "vacuous"]
WitnessStatus = Literal["verified", "rejected"]

#: Process exit codes shared by the CLI and documented in the README (4 is an internal error).
EXIT_CODES = {"certified": 0, "verified": 0, "refuted": 1, "rejected": 1, "bad_input": 2, "unknown": 3, "vacuous": 5}


@dataclass(frozen=True)
class Certificate:
    """The engine's answer about a claim (``decide``) or a pair of claims (``equivalent``).

    ``certified`` and ``refuted`` are backed by evidence a reader can re-check; ``unknown`` is an
    honest answer with a reason and is never to be read as either of the others. ``vacuous`` means
    the claim holds only because no point satisfies its assumptions and definedness conditions (they
    are listed in ``conditions``; the engine's proof stays in ``evidence``): it is *not* certified.
    """

    status: Status
    """certified, refuted, unknown or vacuous (true of no point at all: never a certification)."""
    method: str
    """What decided it: ``identity``, ``induction``, ``smt``, ``search``, ``exhaustive``, ``cases`` (every case
    of a Mathlib reading), ... (``none`` if unknown)."""
    evidence: dict[str, Any]
    """What proved it: a normal form, z3's unsat, the points checked, the decisive sub-certificates."""
    seconds: float
    """Wall-clock time spent."""
    claim: str = ""
    """The claim (or pair of claims) in canonical ASCII text."""
    witness: dict[str, Any] | None = None
    """For a refutation of a ∀ claim (or a certified ∃ claim): exact values, re-verified before return."""
    reason: str | None = None
    """For unknown: why (outside the fragment, deadline, resource limit)."""
    attempts: tuple[str, ...] = field(default_factory=tuple)
    """Each engine tried, with its outcome, in order."""
    semantics: str = "exact"
    """The semantics it was decided under: ``exact`` (partial operations restrict the domain) or
    ``mathlib`` (every operation total, as Lean 4 / Mathlib defines it)."""
    conditions: tuple[str, ...] = field(default_factory=tuple)
    """Definedness conditions a certification relied on (``exact`` only): the claim is certified
    *where defined*, i.e. at the points satisfying them. Empty when it holds everywhere. For a
    ``vacuous`` claim: the conditions and assumptions that no point satisfies together."""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["attempts"] = list(self.attempts)
        data["conditions"] = list(self.conditions)
        data["headline"] = self.headline
        return data

    @property
    def headline(self) -> str:
        """The verdict as a person should read it: ``certified where defined (x ≠ 0)`` when it relied on
        conditions, ``vacuous: no point satisfies 0 ≠ 0`` when nothing satisfies them."""
        if self.status == "vacuous":
            return "vacuous: no point satisfies " + (" ∧ ".join(self.conditions) or "its conditions")
        if self.status == "certified" and self.conditions:
            return f"certified where defined ({', '.join(self.conditions)})"
        return self.status

    @property
    def certified(self) -> bool:
        return self.status == "certified"

    @property
    def refuted(self) -> bool:
        return self.status == "refuted"

    @property
    def vacuous(self) -> bool:
        return self.status == "vacuous"


@dataclass(frozen=True)
class WitnessCheck:
    """Whether an assignment is a witness for a claim, and why (or why not)."""

    status: WitnessStatus
    """verified or rejected."""
    kind: str
    """``counterexample`` (the claim's binders are all ∀) or ``example`` (all ∃)."""
    reason: str
    """Verified: ``claim_fails`` (a counterexample) or ``claim_holds`` (an example). Rejected:
    ``holds_there`` / ``fails_there`` (the claim holds at a proposed counterexample / fails at a
    proposed example), ``assumption_fails``, ``outside_domain`` (a value outside its variable's sort),
    ``division_by_zero``, ``undefined`` (another partial operation outside its domain: √ of a
    negative, log of a non-positive, factorial of a negative, a sequence index with no value),
    ``malformed`` (a value that is not an exact rational, or a missing or unknown variable),
    ``too_large`` (size or deadline limits), ``inexact_undecided``, ``mixed_quantifiers``,
    ``no_faithful_reading`` (under ``mathlib``: a claim pyverify cannot read as Mathlib does)."""
    message: str
    """A sentence for a person: what was evaluated and what came out."""
    values: dict[str, Any] = field(default_factory=dict)
    """The sides of the body at the point, as exact text, where they could be computed."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def verified(self) -> bool:
        return self.status == "verified"

    @classmethod
    def deferred(cls, status: WitnessStatus, kind: str, reason: str, text: tuple[Any, ...]) -> WitnessCheck:
        """A check whose message and values are ``function(*arguments)`` for ``text = (function,
        *arguments)``, built when first read (a batch of checks is mostly read for its statuses);
        in every other way the check built with them."""
        check = object.__new__(cls)
        state = check.__dict__  # frozen: the fields go into __dict__ directly, as the dataclass's __init__ does
        state["status"], state["kind"], state["reason"], state["_text"] = status, kind, reason, text
        return check

    if not TYPE_CHECKING:  # (for mypy the fields are plain attributes)

        def __getattr__(self, name: str) -> Any:
            """A deferred message or values, built on first read (only called for unset attributes)."""
            state = self.__dict__
            text = state.get("_text")
            if text is None or name not in ("message", "values"):
                if name in state:  # built meanwhile by another thread
                    return state[name]
                raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
            message, values = text[0](*text[1:])
            state.setdefault("message", message)
            state.setdefault("values", values)
            state.pop("_text", None)
            return state[name]

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.status, self.kind, self.reason, self.message, self.values))


def format_witness(witness: dict[str, Any]) -> str:
    """``x = 1/2, A = [[1, 2], [3, 4]]``: a witness as a person writes it."""

    def value(v: Any) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return str(v)

    return ", ".join(f"{name} = {value(v)}" for name, v in witness.items())
