"""Deriving references: the verdict is proved, never asserted, and every invalid claim gets a witness.

- Optimizer: the candidate transport is substituted into the discrepancy (actual − expected) under
  the condition's equalities; the claim is valid iff the difference is identically zero in
  ℚ(state, √…) (pyverify's identity engine). Never decided on a grid of test states.
- Recurrence: the claimed value is compared with the unrolled truth by the certification engine
  (identities, induction over the horizon), piece by piece; a piece undefined at an admissible state
  refutes the claim there.
- Linear algebra: the identity under the condition's invertibility assumptions, by the engine.

Invalid claims get an exact admissible witness, which the label-blind checker must verify before
the reference is written. A claim the engine finds ``vacuous`` (true only because no state satisfies its
condition and definedness requirements) is never accepted as proved: the derivation fails with
:class:`VacuousClaim`, which names the conditions, and the reference is not written. Labels follow the
family's taxonomy (``formal/claims/*.toml``); the repair is the first repair formula that is itself proved
valid for the same protocol, quantity and condition.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pyverify.claims import _families as fam
from pyverify.claims._checker import check
from pyverify.logic import Rel, definedness, term_text
from pyverify.logic._ast import Node, rewrite, substitute


class DerivationError(RuntimeError):
    """A claim whose verdict could not be derived (no proof and no verified witness)."""


class VacuousClaim(DerivationError):
    """A claim the engine certified only vacuously (no state satisfies its conditions): never a proof."""


def _vacuous(what: str, claim: dict[str, Any], cert: Any) -> VacuousClaim:
    return VacuousClaim(f"{what} {claim}: {cert.headline} ({cert.claim}); a vacuous claim is never accepted as certified")


@dataclass(frozen=True)
class Derivation:
    """A derived verdict with its certificate and, for invalid claims, a verified witness state."""

    valid: bool
    certificate: dict[str, Any]
    witness: dict[str, Any] | None


def claim_of(family: str, source: dict[str, Any]) -> dict[str, Any]:
    """The public formal claim of a specification (what a task states)."""
    data = fam.spec(family)
    formula = data["formulas"][source["formula_id"]] if source["formula_id"] in data["formulas"] else source["formula"]
    if family == "optimizer_transport":
        return {"transport": formula["transport"], "protocol": source["protocol"], "quantity": source["quantity"],
                "condition": source["condition"]}  # fmt: skip
    if family == "affine_recurrence":
        return {"candidate": [dict(p) for p in formula["pieces"]], "condition": source["condition"],
                "constant_input_formula": bool(formula.get("constant_input", False))}  # fmt: skip
    return {"lhs": formula["lhs"], "rhs": formula["rhs"], "condition": source["condition"]}


def derive(family: str, claim: dict[str, Any], deadline: float = 60.0) -> Derivation:
    """Prove or refute one public claim."""
    if family == "optimizer_transport":
        return _derive_optimizer(claim, time.monotonic() + deadline)
    if family == "affine_recurrence":
        return _derive_recurrence(claim, deadline)
    return _derive_matrix(claim, deadline)


def _verified(family: str, claim: dict[str, Any], state: dict[str, Any]) -> str | None:
    """The checker's message if it verifies ``state`` as a refutation, else None."""
    result = check({"task_id": "derive", "family": family, "claim": claim},
                   {"verdict": "invalid", "counterexample": {"state": state}})  # fmt: skip
    return result.message if result.status == "verified" else None


# ---------------------------------------------------------------- optimizer


def _derive_optimizer(claim: dict[str, Any], deadline: float) -> Derivation:
    from pyverify.certify._identity import prove_equal

    actual, expected = fam.optimizer_discrepancy(claim)
    subst = fam.condition_substitution("optimizer_transport", claim["condition"])
    actual, expected = substitute(actual, subst), substitute(expected, subst)
    proof = prove_equal(actual, expected, deadline)
    if proof.holds:
        return Derivation(True, {"method": "identity", "statement": f"{term_text(actual)} = {term_text(expected)}",
                                 "condition": claim["condition"], "evidence": proof.evidence}, None)  # fmt: skip
    for state in _optimizer_states(claim["condition"]):
        if time.monotonic() > deadline:
            break
        message = _verified("optimizer_transport", claim, state)
        if message is not None:
            return Derivation(False, {"method": "witness", "check": message,
                                      "difference": proof.evidence.get("difference", proof.reason)}, state)  # fmt: skip
    raise DerivationError(
        f"optimizer claim {claim}: not an identity ({proof.reason or 'nonzero'}) and no witness found"
    )


def _optimizer_states(condition: str) -> Any:
    """Admissible exact states, the root argument V/(1 - beta2^t) a rational square, condition applied."""
    half, tenth, hundredth = Fraction(1, 2), Fraction(1, 10), Fraction(1, 100)
    roots = []
    for t in (1, 2):
        for b2 in (Fraction(0), Fraction(3, 4), half):
            scale = 1 - b2**t
            for s in (Fraction(1), Fraction(2)):
                roots.append((t, b2, scale * s * s))
    grid = itertools.product(
        (Fraction(1), Fraction(2), Fraction(-1)),  # W
        (Fraction(1), Fraction(-2)),  # D
        roots,
        (tenth, Fraction(1)),  # alpha
        (hundredth, tenth, Fraction(1)),  # eta
        (tenth, hundredth, Fraction(0)),  # lambda_m
        (hundredth, tenth, Fraction(0)),  # lambda_a
        (Fraction(9, 10), half),  # beta1
        (Fraction(0), Fraction(1, 1000)),  # epsilon
    )
    for w, d, (t, b2, v), alpha, eta, lam_m, lam_a, b1, eps in grid:
        if condition == "equal_learning_rates":
            eta = alpha
        elif condition == "first_step" and t != 1:
            continue
        elif condition == "zero_epsilon":
            eps = Fraction(0)
        elif condition == "matched_decay":
            lam_m = eta * lam_a / alpha
        if v == 0 and eps == 0:
            continue
        yield {"w": _t(w), "d": _t(d), "v": _t(v), "alpha": _t(alpha), "eta": _t(eta), "lambda_m": _t(lam_m),
               "lambda_a": _t(lam_a), "beta1": _t(b1), "beta2": _t(b2), "step": t, "epsilon": _t(eps)}  # fmt: skip


def _t(value: Fraction) -> str:
    return fam.fraction_text(value)


# ---------------------------------------------------------------- recurrence


def _recurrence_body(claim: dict[str, Any], node: Node) -> Node:
    """A recurrence term with the condition applied: constant input u, rho fixed or free."""
    from pyverify.logic import RAT, SEQ, Index, Num, Var

    condition = claim["condition"]
    constant = fam.condition_is_constant(condition)
    u = Var("u", RAT)

    def replace(n: Node) -> Node:
        if isinstance(n, Index) and constant:
            return u
        return n

    out = rewrite(node, replace)
    if not constant and claim.get("constant_input_formula"):
        out = substitute(out, {"u": Index(Var("us", SEQ), Num(Fraction(0)))})  # the first input u_0
    return substitute(out, fam.condition_substitution("affine_recurrence", condition))


def _recurrence_claim_text(claim: dict[str, Any], guard: Node | None, body: str) -> str:
    condition = claim["condition"]
    constant = fam.condition_is_constant(condition)
    fixed = set(fam.condition_substitution("affine_recurrence", condition))
    scalars = [v for v in ("rho", "x0") if v not in fixed] + (["u"] if constant else [])
    prefix = f"forall {' '.join(scalars)} : Q, " if scalars else ""
    if not constant:
        prefix += "forall us : Seq(Q), "
    prefix += "forall T : N, "
    assumptions = [term_text(r) for r in fam.condition_requirements("affine_recurrence", condition)]
    if guard is not None:
        assumptions.append(term_text(guard))
    return prefix + "".join(f"assume {a}, " for a in assumptions) + body


def _derive_recurrence(claim: dict[str, Any], timeout: float) -> Derivation:
    from pyverify.certify import decide

    certificates: list[dict[str, Any]] = []
    for piece in fam.recurrence_pieces(claim):
        guard = _recurrence_body(claim, piece.when) if piece.when is not None else None
        if guard is not None and _never(claim, guard, timeout):
            certificates.append({"piece": term_text(piece.value), "applies": "never under the condition"})
            continue
        # a guard 'var = value' is substituted (the identity engine does not use equalities as hypotheses)
        fixed = _guard_substitution(guard)
        truth = substitute(_recurrence_body(claim, fam.recurrence_truth()), fixed)
        value = substitute(_recurrence_body(claim, piece.value), fixed)
        if fixed:
            guard = None
        conditions = definedness(value)
        if conditions:
            text = _recurrence_claim_text(claim, guard, " and ".join(f"({term_text(c)})" for c in conditions))
            cert = decide(text, timeout)
            if cert.status == "refuted":
                return _recurrence_refutation(
                    claim, cert, f"the claimed value is undefined: {cert.evidence.get('check', '')}"
                )
            if cert.status == "vacuous":
                raise _vacuous("recurrence claim", claim, cert)
            if cert.status != "certified":
                raise DerivationError(f"recurrence claim {claim}: definedness undecided ({cert.reason})")
        text = _recurrence_claim_text(claim, guard, f"{term_text(truth)} = {term_text(value)}")
        cert = decide(text, timeout)
        if cert.status == "refuted":
            return _recurrence_refutation(claim, cert, cert.evidence.get("check", ""))
        if cert.status == "vacuous":
            raise _vacuous("recurrence claim", claim, cert)
        if cert.status != "certified":
            raise DerivationError(f"recurrence claim {claim}: undecided ({cert.reason})")
        certificates.append({"piece": term_text(piece.value), "statement": cert.claim, "method": cert.method,
                             "evidence": cert.evidence})  # fmt: skip
    return Derivation(True, {"method": "certified pieces", "pieces": certificates}, None)


def _guard_substitution(guard: Node | None) -> dict[str, Node]:
    from pyverify.logic import Var

    if isinstance(guard, Rel) and guard.op == "=" and isinstance(guard.left, Var):
        return {guard.left.name: guard.right}
    return {}


def _never(claim: dict[str, Any], guard: Node, timeout: float) -> bool:
    """Whether a piece's guard is false at every state allowed by the condition (certified, never vacuously:
    a condition no state satisfies leaves the piece to be checked, and that check fails as vacuous)."""
    from pyverify.certify import decide

    text = _recurrence_claim_text(claim, None, f"not ({term_text(guard)})")
    return decide(text, timeout).status == "certified"


def _readable_state(claim: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """A witness a person can recompute by hand (small rho, x0 and horizon >= 1), if one refutes.

    Tried before the engine's own witness, which is exact but may be degenerate (horizon 0, rho = 0).
    """
    condition = claim["condition"]
    constant = fam.condition_is_constant(condition)
    rhos = ["2", "3", "-1", "1/2", "1", "0"]
    if condition == "rho_one_constant":
        rhos = ["1"]
    elif condition == "rho_not_one_constant":
        rhos = [r for r in rhos if r != "1"]
    for horizon in (2, 1, 3):
        for rho in rhos:
            for x0 in ("1", "2"):
                input_lists = [["1"] * horizon] + ([] if constant else [[str(k + 1) for k in range(horizon)]])
                for inputs in input_lists:
                    state = {"rho": rho, "x0": x0, "inputs": inputs, "horizon": horizon}
                    message = _verified("affine_recurrence", claim, state)
                    if message is not None:
                        return state, message
    return None


def _recurrence_refutation(claim: dict[str, Any], cert: Any, note: str) -> Derivation:
    readable = _readable_state(claim)
    if readable is not None:
        state, message = readable
        return Derivation(False, {"method": "witness", "engine": cert.method, "check": message, "note": note,
                                  "engine_witness": cert.witness}, state)  # fmt: skip
    witness = cert.witness or {}
    horizon = int(Fraction(witness.get("T", "0")))
    if "us" in witness:
        values = list(witness["us"])[:horizon]
        values += ["0"] * (horizon - len(values))
    else:
        values = [witness.get("u", "0")] * horizon
    fixed = {
        name: term_text(node)
        for name, node in fam.condition_substitution("affine_recurrence", claim["condition"]).items()
    }
    state = {"rho": witness.get("rho", fixed.get("rho", "0")), "x0": witness.get("x0", "0"),
             "inputs": values, "horizon": horizon}  # fmt: skip
    verified = _verified("affine_recurrence", claim, state)
    if verified is None:
        raise DerivationError(
            f"recurrence claim {claim}: the engine's witness {witness} was not verified by the checker"
        )
    return Derivation(False, {"method": "witness", "engine": cert.method, "check": verified, "note": note}, state)


# ---------------------------------------------------------------- linear algebra


def _derive_matrix(claim: dict[str, Any], timeout: float) -> Derivation:
    from pyverify.certify import decide

    requirements = [term_text(r) for r in fam.condition_requirements("linear_algebra", claim["condition"])]
    text = (
        "forall A B : Mat2(Q), " + "".join(f"assume {r}, " for r in requirements) + f"{claim['lhs']} = {claim['rhs']}"
    )
    cert = decide(text, timeout)
    if cert.status == "certified":
        return Derivation(True, {"method": cert.method, "statement": cert.claim, "evidence": cert.evidence}, None)
    if cert.status == "refuted" and cert.witness:
        state = {"A": cert.witness["A"], "B": cert.witness["B"]}
        message = _verified("linear_algebra", claim, state)
        if message is not None:
            return Derivation(False, {"method": "witness", "engine": cert.method, "check": message}, state)
    if cert.status == "vacuous":
        raise _vacuous("matrix claim", claim, cert)
    raise DerivationError(f"matrix claim {claim}: {cert.status} ({cert.reason})")


# ---------------------------------------------------------------- labels


@lru_cache(maxsize=4096)
def _valid_cached(family: str, key: tuple[tuple[str, Any], ...]) -> bool:
    claim = {k: (list(map(dict, v)) if k == "candidate" else v) for k, v in key}
    return derive(family, claim).valid


def is_valid(family: str, claim: dict[str, Any]) -> bool:
    key = tuple(
        sorted((k, tuple(tuple(sorted(p.items())) for p in v) if k == "candidate" else v) for k, v in claim.items())
    )
    return _valid_cached(family, key)


def labels_for(family: str, source: dict[str, Any], formula: dict[str, Any], valid: bool) -> dict[str, str]:
    """Scope, failure mode and repair of a specification (the family's taxonomy)."""
    data = fam.spec(family)
    scope = source["quantity"] if family == "optimizer_transport" else fam.SCOPE[family]
    if valid:
        return {"scope": scope, "failure_mode": "none", "repair": "none"}
    if family == "linear_algebra":
        return {"scope": scope, "failure_mode": formula["failure_mode"], "repair": formula["repair"]}
    if family == "optimizer_transport":
        failure = formula.get("failure_mode")
        if not failure:
            rules = data["scope_failures"]
            is_muon = source["protocol"] == "muon_decay" and source["quantity"] == "full_transition"
            failure = rules["muon_decay"] if is_muon else rules[source["quantity"]]
    else:
        failure = formula.get("failure_mode")
        if not failure:
            constant_condition = fam.condition_is_constant(source["condition"])
            failure = (
                "domain_restriction" if formula.get("constant_input") and not constant_condition else "singular_case"
            )
    order = ([formula["repair"]] if formula.get("repair") else []) + list(data["repair_order"])
    for repair in order:
        candidate = dict(source, formula_id=repair)
        if is_valid(family, claim_of(family, candidate)):
            return {"scope": scope, "failure_mode": failure, "repair": repair}
    raise DerivationError(f"no repair in {order} is valid for {source}")


def claim_group(family: str, source: dict[str, Any]) -> str:
    keys = {"optimizer_transport": ("formula_id", "protocol", "quantity", "condition"),
            "affine_recurrence": ("formula_id", "condition"), "linear_algebra": ("formula_id", "condition")}[family]  # fmt: skip
    return "/".join([family] + [str(source[k]) for k in keys])


def relation_text(node: Rel) -> str:
    return term_text(node)


#: Seconds a fanned-out derivation may take before its process is killed (each has its own deadlines).
JOB_TIMEOUT = 180.0


def derive_job(family: str, claim: dict[str, Any]) -> tuple[str, Any]:
    """:func:`derive` for an executor: ``("ok", derivation)``, ``("vacuous", reason)`` or ``("undecided", reason)``."""
    try:
        return "ok", derive(family, claim)
    except VacuousClaim as exc:
        return "vacuous", str(exc)
    except DerivationError as exc:
        return "undecided", str(exc)


def derive_many(work: list[tuple[str, dict[str, Any]]], executor: Any = None) -> list[Derivation | DerivationError]:
    """Derive every (family, claim), in order: here, or on ``executor`` (:mod:`pyverify.parallel`).

    A derivation that could not be settled comes back as its :class:`DerivationError` (a :class:`VacuousClaim`
    when the engine found the claim vacuous); one whose process overran its deadline or died is undecided
    too, with that reason. The result is the same whichever executor runs it.
    """
    if executor is None:
        out: list[Derivation | DerivationError] = []
        for family, claim in work:
            try:
                out.append(derive(family, claim))
            except DerivationError as exc:
                out.append(exc)
        return out
    from pyverify.parallel import Job

    results: dict[str, Derivation | DerivationError] = {}
    jobs = [Job(str(i), (family, claim), JOB_TIMEOUT) for i, (family, claim) in enumerate(work)]
    for outcome in executor.map(derive_job, jobs):
        if outcome.status == "ok" and outcome.value[0] == "ok":
            results[outcome.key] = outcome.value[1]
        elif outcome.status == "ok" and outcome.value[0] == "vacuous":
            results[outcome.key] = VacuousClaim(outcome.value[1])
        elif outcome.status == "ok":
            results[outcome.key] = DerivationError(outcome.value[1])
        else:
            results[outcome.key] = DerivationError(f"derivation {outcome.status}: {outcome.value}")
    return [results[str(i)] for i in range(len(work))]

