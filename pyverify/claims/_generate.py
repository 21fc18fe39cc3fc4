"""Building task suites: the canonical suite, or fresh seeded suites, with their derived references.

Seed 0 is the canonical suite (24 tasks per family, specifications from ``formal/claims``). Any other
seed draws new combinations of formula, protocol, quantity and condition, new wordings, and new
formulas from the families' templates (other off-by-one exponents, dropped or misplaced factors,
other matrix identities), so models can be tested on tasks they have never seen. Every reference is
derived by :mod:`pyverify.claims._derive`.
"""

from __future__ import annotations

import json
import random
from typing import Any

from pyverify.claims import _families as fam
from pyverify.claims._derive import DerivationError, VacuousClaim, claim_group, claim_of, derive_many, labels_for
from pyverify.claims._records import Gold, Reference, Task

PREFIX = {"optimizer_transport": "OPT", "affine_recurrence": "REC", "linear_algebra": "LIN"}
AUDIT_FORMAT = (
    'Answer with one JSON object and nothing after it: {{"task_id": "{task_id}", "verdict": "valid" or "invalid", '
    '"scope": <scope>, "failure_mode": <failure mode>, "counterexample": null or {{"state": {witness}}}, '
    '"repair": <repair>}}. Use "none" for failure_mode and repair when the claim is valid, and a null '
    "counterexample."
)


# ---------------------------------------------------------------- specifications


def _canonical_sources(family: str) -> list[tuple[dict[str, Any], dict[str, Any], int]]:
    """(source, formula definition, wording index) for the canonical suite."""
    data = fam.spec(family)
    rows = []
    keys = (
        ("formula_id", "protocol", "quantity", "condition")
        if family == "optimizer_transport"
        else ("formula_id", "condition")
    )
    specs = [dict(zip(keys, row)) for row in data["canonical"]]
    if family == "optimizer_transport":
        rows = [(s, data["formulas"][s["formula_id"]], 0) for s in specs]
    elif family == "affine_recurrence":
        rows = [(s, data["formulas"][s["formula_id"]], 0) for s in specs]
        rows += [(specs[i], data["formulas"][specs[i]["formula_id"]], 1) for i in data["second_wording"]]
    else:
        rows = [(s, data["formulas"][s["formula_id"]], w) for w in range(3) for s in specs]
    return rows


def _instantiate(template: dict[str, Any], d: int) -> dict[str, Any]:
    """A template with its offset filled in (a formula definition of the same shape as the TOML's)."""

    def fill(value: Any) -> Any:
        if isinstance(value, str):
            return value.replace("{d}", str(d))
        if isinstance(value, list):
            return [fill(v) for v in value]
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        return value

    return {k: fill(v) for k, v in template.items() if k not in ("offsets", "conditions")}


def _random_sources(family: str, rng: random.Random, count: int) -> list[tuple[dict[str, Any], dict[str, Any], int]]:
    data = fam.spec(family)
    pool: list[tuple[str, dict[str, Any], list[str] | None]] = [(fid, f, None) for fid, f in data["formulas"].items()]
    for tid, template in data.get("templates", {}).items():
        for d in template["offsets"]:
            pool.append((f"{tid}_{d:+d}" if len(template["offsets"]) > 1 or d else tid, _instantiate(template, d),
                         template.get("conditions")))  # fmt: skip
    conditions = list(data["conditions"])
    rows: list[tuple[dict[str, Any], dict[str, Any], int]] = []
    seen: set[str] = set()
    attempts = 0
    while len(rows) < count and attempts < count * 50:
        attempts += 1
        # generated formulas first and more often: a fresh suite should mostly hold unseen claims
        # half from the family's own formulas (new combinations), half from templates (new formulas)
        fid, formula, allowed = rng.choice(pool[: len(data["formulas"])]) if rng.random() < 0.5 else rng.choice(pool)
        if family == "optimizer_transport":
            source = {"formula_id": fid, "protocol": rng.choice(list(data["protocols"])),
                      "quantity": rng.choice(list(data["quantities"])), "condition": rng.choice(conditions)}  # fmt: skip
        elif family == "affine_recurrence":
            source = {"formula_id": fid, "condition": rng.choice(conditions)}
        else:
            inverse = "inverse(" in formula["lhs"] + formula["rhs"]
            choices = allowed or (["invertible_pair", "invertible_pair_and_sum"] if inverse else conditions)
            if "inverse(A + B)" in formula["lhs"]:
                choices = ["invertible_pair_and_sum"]
            source = {"formula_id": fid, "condition": rng.choice(choices)}
        group = claim_group(family, source)
        if group in seen and rng.random() < 0.8:
            continue
        seen.add(group)
        if fid not in data["formulas"]:
            source["formula"] = formula
        rows.append((source, formula, rng.randrange(3)))
    return rows


# ---------------------------------------------------------------- prompts


def _labels_text(family: str) -> str:
    data = fam.spec(family)
    return (f"Allowed labels. scope: {', '.join(data['scopes'])}. failure_mode: {', '.join(data['failure_modes'])}. "
            f"repair: {', '.join(data['repairs'])}.")  # fmt: skip


def _optimizer_prompt(task_id: str, claim: dict[str, Any], wording: int) -> str:
    data = fam.spec("optimizer_transport")
    protocol = data["protocols"][claim["protocol"]]["words"]
    quantity = data["quantities"][claim["quantity"]]["words"]
    condition = data["conditions"][claim["condition"]]["words"]
    repairs = (f"Repairs: direction_transport means M = {data['formulas']['direction_transport']['transport']}; "
               f"full_transport means M = {data['formulas']['full_transport']['transport']}.")  # fmt: skip
    state = ("W (weight), D (Muon direction), V (second moment), alpha (Muon learning rate), eta (Adam learning rate), "
             "lambda_M and lambda_A (decays), beta1, beta2, t (step), epsilon")  # fmt: skip
    definitions = ("Q = sqrt(V/(1 - beta2^t)) + epsilon; Adam reconstructs A = (M/(1 - beta1^t))/Q from its first "
                   "moment M; the Muon reference step is W_M = (1 - alpha*lambda_M)*W - alpha*D.")  # fmt: skip
    domain = ("every value finite, V >= 0, alpha > 0, eta > 0, 0 < beta1 < 1, 0 <= beta2 < 1, integer t >= 1, "
              "epsilon >= 0, Q > 0")  # fmt: skip
    witness = ('{"w", "d", "v", "alpha", "eta", "lambda_m", "lambda_a", "beta1", "beta2", "step", "epsilon"} '
               "(all eleven, step an integer; numbers or exact fractions as strings)")  # fmt: skip
    claim_text = f"M = {claim['transport']}"
    templates = [
        f"Audit a claim about moving optimizer state from Muon to AdamW.\nState: {state}.\nDefinitions: {definitions}\n"
        f"Protocol: {protocol}.\nCandidate transport of the first moment: {claim_text}.\nClaim: with this transport, "
        f"{quantity}.\nAssumptions: {domain}; {condition}.",
        f"A practitioner switches a run from Muon to AdamW and initializes Adam's first moment with {claim_text}.\n"
        f"Variables: {state}. {definitions}\nAfter the switch, {protocol}.\nThey claim that {quantity}, "
        f"assuming {domain}, and {condition}.\nIs the claim right?",
        f"Claim to audit (optimizer-state transport). Under {protocol} and the transport {claim_text}, "
        f"{quantity}.\nHere {definitions} State variables: {state}. Assumptions: {domain}; moreover {condition}.",
    ]
    return "\n".join([templates[wording % 3], repairs, _labels_text("optimizer_transport"),
                      "The scope names what the claim is about: the update direction or the complete transition.",
                      AUDIT_FORMAT.format(task_id=task_id, witness=witness)])  # fmt: skip


def _recurrence_prompt(task_id: str, claim: dict[str, Any], wording: int) -> str:
    data = fam.spec("affine_recurrence")
    condition = data["conditions"][claim["condition"]]["words"]
    pieces = claim["candidate"]
    if len(pieces) == 1:
        formula = f"x_T = {pieces[0]['value']}"
    else:
        formula = "; ".join(f"x_T = {p['value']} when {p['when']}" for p in pieces)
    note = " (u denotes the first input u_0)" if claim.get("constant_input_formula") else ""
    formula = formula.replace("u(k)", "u_k") + note
    repairs = (f"Repairs: unroll_exact means x_T = {data['formulas']['unroll_exact']['pieces'][0]['value']}; "
               "constant_piecewise means x_T = x0 + T*u when rho = 1 and rho^T*x0 + u*(1 - rho^T)/(1 - rho) "
               "otherwise.").replace("u(k)", "u_k")  # fmt: skip
    witness = ('{"rho": "p/q", "x0": "p/q", "inputs": ["p/q", ...], "horizon": T} (horizon must equal the number of '
               "inputs; integers and terminating decimals are also accepted)")  # fmt: skip
    templates = [
        f"Audit a claim about the affine recurrence x_(k+1) = rho*x_k + u_k for k = 0, ..., T-1, with rational rho, "
        f"x_0 = x0 and inputs u_0, ..., u_(T-1).\nClaim: for every horizon T >= 0, {formula}.\nAssumption: {condition}.",
        f"Consider x_(k+1) = rho*x_k + u_k started at x_0 = x0 (all values rational). Someone claims the value after T "
        f"steps is {formula}, for every T >= 0, when {condition}.\nCheck the claim.",
        f"Finite-horizon claim. Recurrence: x_(k+1) = rho*x_k + u_k, x_0 = x0. Stated closed form: {formula}. "
        f"It is claimed for all T >= 0 under this assumption: {condition}.",
    ]
    return "\n".join([templates[wording % 3], repairs, _labels_text("affine_recurrence"),
                      "The scope is the finite-horizon value x_T.", AUDIT_FORMAT.format(task_id=task_id, witness=witness)])  # fmt: skip


def _matrix_prompt(task_id: str, claim: dict[str, Any], formula: dict[str, Any], wording: int) -> str:
    data = fam.spec("linear_algebra")
    words = formula.get("words") or [f"{claim['lhs']} = {claim['rhs']}"]
    statement = words[wording % len(words)]
    condition = data["conditions"][claim["condition"]]["words"]
    formal = f"{claim['lhs']} = {claim['rhs']}"
    witness = '{"A": [[a, b], [c, d]], "B": [[e, f], [g, h]]} (rational numbers or strings "p/q")'
    templates = [
        f"Audit this claim about 2x2 rational matrices: {statement}.\nFormally: {formal} for all A, B, where {condition}.",
        f"Is it true that {statement}? Precisely: {formal} for every pair of 2x2 rational matrices A, B such that {condition}.",
        f"Claim (2x2 matrices over the rationals, {condition}): {statement}, that is {formal}.",
    ]
    repairs = ("Repairs: reverse_transpose_order, expand_2x2_determinant (use det of the 2x2 sum entrywise), "
               "reverse_inverse_order, drop_inverse_additivity.")  # fmt: skip
    return "\n".join([templates[wording % 3], repairs, _labels_text("linear_algebra"), "The scope is the matrix identity.",
                      AUDIT_FORMAT.format(task_id=task_id, witness=witness)])  # fmt: skip


def response_schema(family: str) -> dict[str, Any]:
    """JSON schema of the audit a task asks for."""
    data = fam.spec(family)
    state: dict[str, Any]
    if family == "optimizer_transport":
        state = {"type": "object", "required": list(fam.OPTIMIZER_KEYS), "additionalProperties": False}
    elif family == "affine_recurrence":
        state = {"type": "object", "required": ["rho", "x0", "inputs", "horizon"], "additionalProperties": False}
    else:
        state = {"type": "object", "required": ["A", "B"], "additionalProperties": False}
    return {
        "type": "object",
        "required": ["task_id", "verdict", "scope", "failure_mode", "counterexample", "repair"],
        "properties": {
            "task_id": {"type": "string"},
            "verdict": {"enum": ["valid", "invalid"]},
            "scope": {"enum": list(data["scopes"])},
            "failure_mode": {"enum": list(data["failure_modes"])},
            "counterexample": {
                "anyOf": [{"type": "null"}, {"type": "object", "required": ["state"], "properties": {"state": state}}]
            },  # fmt: skip
            "repair": {"enum": list(data["repairs"])},
        },
    }


def _prompt(family: str, task_id: str, claim: dict[str, Any], formula: dict[str, Any], wording: int) -> str:
    if family == "optimizer_transport":
        return _optimizer_prompt(task_id, claim, wording)
    if family == "affine_recurrence":
        return _recurrence_prompt(task_id, claim, wording)
    return _matrix_prompt(task_id, claim, formula, wording)


# ---------------------------------------------------------------- the build


def _balance(derived: list[Any], count: int, rng: random.Random) -> list[Any]:
    """About 40% valid claims when the draw allows it, in a seeded order."""
    valid = [d for d in derived if d[4].valid]
    invalid = [d for d in derived if not d[4].valid]
    want_valid = min(len(valid), round(0.4 * count))
    chosen = valid[:want_valid] + invalid[: count - want_valid]
    chosen += [d for d in derived if d not in chosen][: count - len(chosen)]
    rng.shuffle(chosen)
    return chosen


def build(seed: int = 0, per_family: int = 24, executor: Any = None,
          vacuous: list[dict[str, Any]] | None = None) -> tuple[list[Task], list[Reference]]:  # fmt: skip
    """Tasks and references: the canonical suite for seed 0, a fresh seeded suite otherwise.

    ``executor`` (:mod:`pyverify.parallel`) fans the derivations out; the suite is the same. Each claim the
    engine found only vacuously true is appended to ``vacuous`` (family, claim, reason): it is never a
    reference (the canonical suite stops on one, a seeded suite leaves its specification out).
    """
    tasks: list[Task] = []
    references: list[Reference] = []
    rng = random.Random(seed)
    for family in fam.FAMILIES:
        if seed == 0:
            rows = _canonical_sources(family)
            while len(rows) < per_family:  # more tasks than the canonical 24: more wordings
                rows += [(s, f, w + 1) for s, f, w in rows[: per_family - len(rows)]]
            rows = rows[:per_family]
        else:
            rows = _random_sources(family, rng, per_family * 4)
        derived = []
        claims = [claim_of(family, source) for source, _, _ in rows]
        derivations = derive_many([(family, claim) for claim in claims], executor)
        for (source, formula, wording), claim, derivation in zip(rows, claims, derivations):
            try:
                if isinstance(derivation, DerivationError):
                    raise derivation
                labels = labels_for(family, source, formula, derivation.valid)
            except DerivationError as exc:
                if isinstance(exc, VacuousClaim) and vacuous is not None:
                    vacuous.append({"family": family, "claim": claim, "reason": str(exc)})
                if seed == 0:
                    raise
                continue  # a generated specification the engines cannot settle is not used
            derived.append((source, formula, wording, claim, derivation, labels))
        if seed != 0:
            derived = _balance(derived, per_family, rng)
        count = 0
        for source, formula, wording, claim, derivation, labels in derived[:per_family]:
            count += 1
            split = "canonical" if seed == 0 else f"seed-{seed}"
            task_id = f"{PREFIX[family]}-{count:03d}" if seed == 0 else f"S{seed}-{PREFIX[family]}-{count:03d}"
            tasks.append(Task(task_id=task_id, family=family, split=split, prompt=_prompt(family, task_id, claim, formula, wording),  # type: ignore[arg-type]
                              response_schema=response_schema(family), claim=claim, labels=fam.labels(family)))  # fmt: skip
            gold = Gold(verdict="valid" if derivation.valid else "invalid", counterexample=derivation.witness and {"state": derivation.witness},
                        **labels)  # fmt: skip
            references.append(Reference(task_id=task_id, family=family, claim_group=claim_group(family, source),
                                        source={**source, "wording": wording}, gold=gold,
                                        certificate=json.loads(json.dumps(derivation.certificate, default=str))))  # fmt: skip
        if count < per_family:
            raise DerivationError(f"{family}: only {count} of {per_family} tasks could be derived for seed {seed}")
    return tasks, references
