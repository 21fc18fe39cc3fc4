"""Deciding claims, equivalences and witnesses under the ``mathlib`` semantics.

The claim's Mathlib reading (:func:`pyverify.logic._semantics.lower`) is a set of cases, each an
exact-semantics claim whose partial operations are defined wherever its guards hold. The exact
engines decide each case; a ∀ claim is certified when every case is (and no case needed a
definedness assumption beyond its guards), refuted when one case has a counterexample that
re-verifies under ``mathlib``; a ∃ claim is certified by an example that re-verifies and refuted
when every case is. Witnesses are checked by finding the case whose guards hold at the point and
evaluating it exactly. The exact decision procedure is handed in by the caller, so this module
sits below the engine that uses it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping

from pyverify.certify._certificate import Certificate, WitnessCheck
from pyverify.certify._exact import EvalError
from pyverify.certify._run import Run, sentences_equivalence
from pyverify.certify._witness import _truth, to_env
from pyverify.certify._witness import check_witness as exact_check_witness
from pyverify.logic import Binder, Claim, Conn, to_text
from pyverify.logic._ast import Call, Node, Op, Rel, Var, claim_nodes, free_vars, rewrite, substitute
from pyverify.logic._semantics import Branch, Lowering, lower

#: Decides an exact-semantics claim in this process: (claim, timeout, seed) -> certificate.
ExactDecider = Callable[[Claim, float, int], Certificate]


def _case_text(branch: Branch) -> str:
    return " ∧ ".join(to_text(s, unicode=True) for s in branch.splits) or "every point"


def _unsupported(low: Lowering, run: Run, text: str) -> Certificate:
    prefix = "resource limit" if low.too_large else "no Mathlib-faithful reading"
    return run.done("unknown", "none", {}, text, reason=f"{prefix}: {low.reason}")


def _summary(branch: Branch, cert: Certificate) -> dict[str, Any]:
    out: dict[str, Any] = {"case": _case_text(branch), "status": cert.status, "method": cert.method}
    if cert.status == "vacuous":
        out["conditions"] = list(cert.conditions)
    if cert.evidence:
        out["evidence"] = cert.evidence
    if cert.reason:
        out["reason"] = cert.reason
    return out


def decide_mathlib(claim: Claim, run: Run, seed: int, exact: ExactDecider) -> Certificate:
    """Decide ``claim`` as Lean / Mathlib reads it (``run`` carries the deadline)."""
    text = to_text(claim)
    low = lower(claim)
    if low.reason is not None:
        return _unsupported(low, run, text)
    branches = low.branches
    quantifiers = claim.quantifiers
    existential = quantifiers == {"exists"}
    mixed = not (quantifiers <= {"forall"} or existential)
    if mixed and len(branches) > 1:
        return run.done("unknown", "none", {}, text,
                        reason=f"its Mathlib reading splits into {len(branches)} cases, and a mixed ∀/∃ claim is "
                               "decided only without case splits")  # fmt: skip
    cases: list[dict[str, Any]] = []
    for i, branch in enumerate(branches):
        if run.left() <= 0.02:
            run.note(f"case {i + 1}/{len(branches)}: deadline")
            break
        budget = max(0.05, run.left() / (len(branches) - i))
        case_claim, exact_quotients = _exact_quotients(branch.claim, budget / 4, seed, exact)
        if exact_quotients:
            run.note(f"case {i + 1}: exact quotients {', '.join(exact_quotients)}")
        cert = exact(case_claim, max(0.05, run.left() / (len(branches) - i)), seed)
        label = f"case {i + 1}/{len(branches)} ({_case_text(branch)})"
        run.note(f"{label}: {cert.status} ({cert.method})")
        if cert.status == "certified" and not existential:
            leftover = _undischarged(branch, cert)
            if leftover:
                run.note(f"{label}: certified only where {', '.join(leftover)}, which Mathlib does not assume")
                cert = replace(cert, status="unknown", reason="relied on a definedness condition")
        cases.append(_summary(branch, cert))
        if cert.status == "refuted" and not existential and cert.witness is not None:
            check = check_witness_mathlib(claim, cert.witness)
            if check.verified:
                evidence: dict[str, Any] = {"case": _case_text(branch), "check": check.message}
                if check.values:
                    evidence["values"] = check.values
                return run.done("refuted", cert.method, evidence, text, witness=cert.witness)
            run.note(f"{label}: counterexample not verified under mathlib ({check.reason})")
        if cert.status == "certified" and existential and cert.witness is not None:
            check = check_witness_mathlib(claim, cert.witness)
            if check.verified:
                return run.done("certified", cert.method, {"case": _case_text(branch), "example": check.message},
                                text, witness=cert.witness)  # fmt: skip
            run.note(f"{label}: example not verified under mathlib ({check.reason})")
    complete = len(cases) == len(branches)
    if complete and not existential and all(c["status"] in ("certified", "vacuous") for c in cases):
        # a vacuous case covers no point; the claim is certified by the others, or vacuous if none is left
        status = "certified" if any(c["status"] == "certified" for c in cases) else "vacuous"
        conditions = () if status == "certified" else tuple(dict.fromkeys(
            g for c in cases for g in c.get("conditions", ())))  # fmt: skip
        if len(cases) == 1:
            only = cases[0]
            return run.done(status, only["method"], only.get("evidence", {}), text, conditions=conditions)
        return run.done(status, "cases", {"cases": cases}, text, conditions=conditions)
    if complete and existential and all(c["status"] == "refuted" for c in cases):
        return run.done("refuted", "cases" if len(cases) > 1 else cases[0]["method"], {"cases": cases}, text)
    return run.done("unknown", "none", {"cases": cases} if cases else {}, text,
                    reason="not every case of the Mathlib reading was settled: " + "; ".join(run.attempts))  # fmt: skip


def _exact_quotients(claim: Claim, budget: float, seed: int, exact: ExactDecider) -> tuple[Claim, list[str]]:
    """Replace ``⌊a/b⌋`` by ``a/b`` where ``b ∣ a`` is certified at every point the case covers.

    ℕ and ℤ division become floors in the Mathlib reading; where the division is exact (``2 ∣
    n(n+1)``) the floor is the quotient itself, which the symbolic engines can work with.
    """
    names = set(claim.variables)
    floors = [n for n in dict.fromkeys(claim_nodes(claim)) if isinstance(n, Call) and n.func == "floor"
              and isinstance(n.args[0], Op) and n.args[0].op == "/" and free_vars(n) <= names]  # fmt: skip
    if not floors:
        return claim, []
    binders = tuple(Binder("forall", b.names, b.sort) for b in claim.binders)
    universal = claim.quantifiers <= {"forall"}
    mapping: dict[Node, Node] = {}
    for node in floors[:4]:
        quotient = node.args[0]  # type: ignore[attr-defined]
        a, b = quotient.args  # type: ignore[attr-defined]
        question = Claim(binders, claim.assumptions if universal else (), Rel("dvd", b, a))
        try:
            answer = exact(question, max(0.05, budget / len(floors[:4])), seed)
        except Exception:  # pragma: no cover - the decider answers unknown rather than raising
            continue
        if answer.status == "certified" and not answer.conditions:
            mapping[node] = quotient
    if not mapping:
        return claim, []

    def swap(n: Node) -> Node:
        return mapping.get(n, n)

    rewritten = Claim(claim.binders, tuple(rewrite(a, swap) for a in claim.assumptions), rewrite(claim.body, swap))
    return rewritten, [to_text(n, unicode=True) for n in mapping]


def _undischarged(branch: Branch, cert: Certificate) -> list[str]:
    """Conditions the exact certificate of a case relied on that its guards do not state."""
    stated = {to_text(g, unicode=True) for g in branch.guards}
    return [c for c in cert.conditions if c not in stated]


def check_witness_mathlib(claim: Claim, assignment: Mapping[str, Any], timeout: float = 10.0) -> WitnessCheck:
    """Check a witness under ``mathlib``: the case of the reading that holds at the point, exactly."""
    kind = "example" if claim.quantifiers == {"exists"} else "counterexample"
    if len(claim.quantifiers) > 1:
        return exact_check_witness(claim, assignment, timeout)
    low = lower(claim)
    if low.reason is not None and low.too_large:
        return WitnessCheck("rejected", kind, "too_large", f"resource limit: {low.reason}")
    if low.reason is not None:
        return WitnessCheck("rejected", kind, "no_faithful_reading", f"no Mathlib-faithful reading: {low.reason}")
    env, reason, message = to_env(claim, assignment)
    if env is None:
        return WitnessCheck("rejected", kind, reason, message)
    for branch in low.branches:
        try:
            selected = all(_truth(s, env, claim) for s in branch.splits)
        except EvalError:
            selected = False
        if selected:
            result = exact_check_witness(branch.claim, assignment, timeout)
            note = f" (Mathlib reading, case {_case_text(branch)})" if branch.splits else " (Mathlib reading)"
            return replace(result, kind=kind, message=result.message + note)
    return WitnessCheck("rejected", kind, "inexact_undecided",
                        "no case of the Mathlib reading could be shown to hold at this point")  # fmt: skip


def equivalent_mathlib(a: Claim, b: Claim, run: Run, seed: int, text: str, exact: ExactDecider,
                       mapping: dict[str, str] | None) -> Certificate:  # fmt: skip
    """Pointwise equivalence under ``mathlib`` when the binders align, else equal truth values."""
    for claim in (a, b):
        low = lower(claim)
        if low.reason is not None:
            return _unsupported(low, run, text)
    if mapping is not None:
        renamed = substitute(b.matrix, {nb: Var(na, b.variables[nb]) for nb, na in mapping.items() if nb != na})
        variables = a.variables
        pointwise = Claim(tuple(Binder("forall", (n,), s) for n, s in variables.items()), (),
                          Conn("<->", (a.matrix, renamed)))  # fmt: skip
        cert = decide_mathlib(pointwise, run, seed, exact)
        evidence = dict(cert.evidence, notion="pointwise")
        if cert.status == "refuted":
            return run.done("refuted", cert.method, evidence, text, witness=cert.witness)
        if cert.status == "certified":
            return run.done("certified", cert.method, evidence, text)
        run.note("pointwise: unknown")
    share = max(0.05, run.left() / 2)
    ca = decide_mathlib(a, Run(share, semantics="mathlib"), seed, exact)
    cb = decide_mathlib(b, Run(max(0.05, run.left()), semantics="mathlib"), seed, exact)
    run.note(f"truth values: {ca.status} / {cb.status}")
    return sentences_equivalence(ca, cb, run, text) or run.done("unknown", "none", {}, text, reason="; ".join(run.attempts))
