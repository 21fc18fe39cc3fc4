"""Verifiers under audit, behind one small interface: ``accepts(candidate) -> Decision``.

Three kinds: a HumanEval-style test suite (the problem's ``test`` code and ``check(entry_point)``, run in
the sandbox exactly as HumanEval's own harness assembles it), an exact-answer comparator (run the
candidate on fixed inputs in the sandbox and compare with expected answers), and an adapter for trusted
in-process checkers that take data, not code (pyverify's own claim checker and certification engine).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pyverify.audit._witness import Args, harness_program, harness_results, same_outcome


@dataclass(frozen=True)
class Decision:
    """A verifier's answer about one candidate."""

    accepted: bool | None
    """True accepted, False rejected, None undecided (the run could not reach a decision)."""
    reason: str = ""
    """Why: the sandbox outcome and error type, or the checker's message."""
    execution: Any = None
    """The sandbox ``Execution`` behind the decision, when there is one."""


@runtime_checkable
class Verifier(Protocol):
    """Anything that accepts or rejects a candidate."""

    def accepts(self, candidate: Any) -> Decision:
        """Decide one candidate (program text for code verifiers, data for checker adapters)."""
        ...


# A test suite rejects a candidate by failing or raising; a timeout is a rejection too (HumanEval's
# harness fails it), while an infrastructure kill or a run that never started is undecided.
_REJECTING = {"failed", "error", "timeout", "memory"}


def _default_limits() -> Any:
    from pyverify.audit._sandbox import Limits

    return Limits(wall_s=10.0, cpu_s=8.0)


@dataclass(frozen=True)
class TestSuiteVerifier:
    """A HumanEval test suite: ``<candidate>\\n<test>\\ncheck(<entry_point>)`` must run to completion."""

    test: str
    """The suite's source, defining ``check(candidate)``."""
    entry_point: str
    """The function the suite checks."""
    limits: Any = None
    """Sandbox limits for one run (default: 10 s wall, 8 s CPU)."""

    __test__ = False  # not a pytest class

    def program(self, candidate: str) -> str:
        """The program HumanEval's harness would run."""
        return f"{candidate}\n\n{self.test}\n\ncheck({self.entry_point})\n"

    def decide(self, execution: Any) -> Decision:
        """Turn a sandbox execution of ``program(...)`` into a decision."""
        reason = execution.outcome + (f" ({execution.error_type})" if execution.error_type else "")
        if execution.outcome == "passed":
            return Decision(True, reason, execution)
        if execution.outcome in _REJECTING:
            return Decision(False, reason, execution)
        return Decision(None, reason, execution)

    def accepts(self, candidate: Any) -> Decision:
        from pyverify.audit._sandbox import run

        return self.decide(run(self.program(str(candidate)), limits=self.limits or _default_limits()))


@dataclass(frozen=True)
class ExactAnswerVerifier:
    """Accepts a program when its entry point returns the expected answer on every fixed input."""

    entry_point: str
    """The function to call."""
    cases: tuple[tuple[Args, Any], ...]
    """(arguments, expected outcome) pairs; outcomes as the harness reports them (``["value", ...]``)."""
    limits: Any = None
    """Sandbox limits for the run."""

    def accepts(self, candidate: Any) -> Decision:
        from pyverify.audit._sandbox import run

        inputs = [args for args, _ in self.cases]
        execution = run(
            harness_program([str(candidate)], self.entry_point, inputs, outputs="always"),
            limits=self.limits or _default_limits(),
        )
        result = harness_results(execution, 1)[0]
        if result.outputs is None or len(execution.reports) != 1:
            return Decision(None, f"no outputs ({result.verdict}, {execution.outcome})", execution)
        for (args, expected), got in zip(self.cases, result.outputs):
            if not same_outcome(expected, got):
                return Decision(False, f"wrong answer at {args!r}", execution)
        return Decision(True, "all answers match", execution)


@dataclass(frozen=True)
class CallableChecker:
    """A trusted in-process checker over data (no code is run): ``check(candidate) -> bool | None``."""

    check: Callable[[Any], bool | None]
    """The checker; True accept, False reject, None undecided; an exception is undecided."""
    name: str = "checker"
    """For messages."""

    def accepts(self, candidate: Any) -> Decision:
        try:
            answer = self.check(candidate)
        except Exception as exc:  # a crash of the checker is not a decision about the candidate
            return Decision(None, f"{self.name} raised {type(exc).__name__}: {exc}")
        return Decision(None if answer is None else bool(answer), f"{self.name} returned {answer!r}")


def decide_all(verifier: TestSuiteVerifier, candidates: Sequence[str], *, workers: int | None = None) -> list[Decision]:
    """Decide many candidates with one parallel sandbox batch."""
    from pyverify.audit._sandbox import run_many

    executions = run_many(
        [verifier.program(c) for c in candidates], limits=verifier.limits or _default_limits(), workers=workers
    )
    return [verifier.decide(e) for e in executions]
