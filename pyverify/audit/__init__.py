"""Verifier audit in three directions (spec: ``shared/spec/verifier-audit.md``).

D1: the verifier must accept its reference; D2: it must reject mechanically broken variants (a lower
bound); D3: it must reject plausibly wrong candidates, each proven wrong by a witness on which candidate
and reference disagree. Candidates without a separating witness are discarded and counted nowhere.
The core (records, verdicts, figures) knows nothing about Python programs; HumanEval is the worked
demonstration. Heavy libraries (statsmodels, scipy) load only when figures are computed.
"""

from pyverify.audit._audit import AuditItem, AuditRun, D3Attempt, Verdict, figures, markdown, verdict, wilson
from pyverify.audit._humaneval import (
    Candidate,
    CandidateError,
    DataError,
    Problem,
    Settings,
    audit_humaneval,
    load_candidates,
    load_problems,
)
from pyverify.audit._mutate import Mutant, mutants, select
from pyverify.audit._verifiers import CallableChecker, Decision, ExactAnswerVerifier, TestSuiteVerifier, Verifier
from pyverify.audit._witness import WitnessLineError, parse_witness_line

__all__ = [
    "AuditItem",
    "AuditRun",
    "CallableChecker",
    "Candidate",
    "CandidateError",
    "D3Attempt",
    "DataError",
    "Decision",
    "ExactAnswerVerifier",
    "Mutant",
    "Problem",
    "Settings",
    "TestSuiteVerifier",
    "Verdict",
    "Verifier",
    "WitnessLineError",
    "audit_humaneval",
    "figures",
    "load_candidates",
    "load_problems",
    "markdown",
    "mutants",
    "parse_witness_line",
    "select",
    "verdict",
    "wilson",
]
