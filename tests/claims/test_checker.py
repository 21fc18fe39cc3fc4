"""The label-blind checker on the seed's hand-computed witnesses, perturbations and hostile input."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pyverify.claims._checker import check
from pyverify.claims._derive import claim_of

INPUT_OFF_BY_ONE = {
    "task_id": "REC-x",
    "family": "affine_recurrence",
    "claim": claim_of("affine_recurrence", {"formula_id": "input_off_by_one", "condition": "constant_input"}),
}


def _audit(state):  # type: ignore[no-untyped-def]
    return {"verdict": "invalid", "counterexample": {"state": state}}


def test_seed_recurrence_example() -> None:
    # ClaimScope's PILOT-REC-023: rho = 2, x0 = 1, inputs [1, 1]: iteration 7, the claim 10
    result = check(INPUT_OFF_BY_ONE, _audit({"rho": 2, "x0": 1, "inputs": [1, 1], "horizon": 2}))
    assert result.status == "verified"
    assert "7" in result.message and "10" in result.message
    # the draft's witness: horizon 2 with one input is rejected, naming both fields
    result = check(INPUT_OFF_BY_ONE, _audit({"rho": 2, "x0": 1, "inputs": [1], "horizon": 2}))
    assert result.status == "rejected"
    assert "horizon" in result.message and "number of supplied inputs" in result.message
    # the schema-only alternative: horizon 1 also refutes (3 vs 4)
    result = check(INPUT_OFF_BY_ONE, _audit({"rho": "2", "x0": "1", "inputs": ["1"], "horizon": 1}))
    assert result.status == "verified" and "3" in result.message and "4" in result.message


SEED_STATE = {"w": 1, "d": 1, "v": 1, "beta1": Decimal(".9"), "beta2": Decimal(".999"), "step": 1, "epsilon": 0,
              "alpha": Decimal(".1"), "eta": Decimal(".01"), "lambda_m": Decimal(".1"), "lambda_a": Decimal(".01")}  # fmt: skip


def _opt(formula: str, protocol: str, quantity: str, condition: str) -> dict:  # type: ignore[type-arg]
    source = {"formula_id": formula, "protocol": protocol, "quantity": quantity, "condition": condition}
    return {"task_id": "OPT-x", "family": "optimizer_transport", "claim": claim_of("optimizer_transport", source)}


def test_seed_optimizer_examples() -> None:
    # PILOT-OPT-002: direction transport, full transition, eps = 0: W' = .8999 vs W_M = .89
    result = check(_opt("direction_transport", "adamw_decay", "full_transition", "zero_epsilon"), _audit(SEED_STATE))
    assert result.status == "verified" and "0.8999" in result.message and "0.89" in result.message
    # PILOT-OPT-013: missing lr ratio under matched decay: eta*A = .01 vs alpha*D = .1
    state = dict(SEED_STATE, lambda_m=Decimal(".01"), lambda_a=Decimal(".1"))
    task = _opt("missing_lr_ratio", "adamw_decay", "optimizer_direction", "matched_decay")
    result = check(task, _audit(state))
    assert result.status == "verified" and "0.01" in result.message and "0.1" in result.message
    # PILOT-OPT-024: reversed decay compensation: W' = .9098 vs .89
    result = check(_opt("decay_sign_reversed", "adamw_decay", "full_transition", "all"), _audit(SEED_STATE))
    assert result.status == "verified" and "0.9098" in result.message


def test_optimizer_perturbations_are_rejected_with_reasons() -> None:
    task = _opt("direction_transport", "adamw_decay", "full_transition", "zero_epsilon")
    cases = {
        "epsilon": (dict(SEED_STATE, epsilon=Decimal("0.001")), "condition"),
        "beta1": (dict(SEED_STATE, beta1=1), "beta1"),
        "step": (dict(SEED_STATE, step=0), "step"),
        "bool": (dict(SEED_STATE, w=True), "w must be a number"),
        "text": (dict(SEED_STATE, w="abc"), "w must be an exact rational"),
        "missing": ({k: v for k, v in SEED_STATE.items() if k != "eta"}, "missing eta"),
        "extra": (dict(SEED_STATE, gamma=1), "unknown field"),
        "huge": (dict(SEED_STATE, w="1" * 10_000), "too many digits"),
        "nan": (dict(SEED_STATE, w=float("nan")), "finite"),
    }
    for name, (state, fragment) in cases.items():
        result = check(task, _audit(state))
        assert result.status == "rejected", name
        assert fragment in result.message, (name, result.message)
    # a state where the claim holds is rejected as a refutation
    valid = _opt("direction_transport", "adamw_decay", "optimizer_direction", "all")
    result = check(valid, _audit(SEED_STATE))
    assert result.status == "rejected" and "holds" in result.message


def test_matrix_checks() -> None:
    task = {"task_id": "LIN-x", "family": "linear_algebra",
            "claim": claim_of("linear_algebra", {"formula_id": "inverse_same_order", "condition": "invertible_pair"})}  # fmt: skip
    witness = {"A": [[1, 1], [0, 1]], "B": [[1, 0], [1, 1]]}
    assert check(task, _audit(witness)).status == "verified"
    singular = check(task, _audit({"A": [[1, 2], [2, 4]], "B": [[1, 0], [0, 1]]}))
    assert singular.status == "rejected" and "det(A) != 0" in singular.message
    assert "2x2" in check(task, _audit({"A": [[1, 2, 3]], "B": [[1, 0], [0, 1]]})).message
    assert "2x2" in check(task, _audit({"A": "identity", "B": [[1, 0], [0, 1]]})).message


@pytest.mark.parametrize(
    "audit",
    [None, "text", 42, {}, {"verdict": "invalid"}, {"verdict": "invalid", "counterexample": "x"},
     {"verdict": "invalid", "counterexample": {"state": []}}, {"verdict": ["invalid"]},
     {"verdict": "invalid", "counterexample": {"state": {"rho": {"a": 1}, "x0": 1, "inputs": [1], "horizon": 1}}},
     {"verdict": "invalid", "counterexample": {"state": {"rho": 1, "x0": 1, "inputs": [1] * 20000, "horizon": 20000}}}],
)  # fmt: skip
def test_hostile_audits_never_raise(audit) -> None:  # type: ignore[no-untyped-def]
    result = check(INPUT_OFF_BY_ONE, audit)
    assert result.status in ("rejected", "not_applicable", "unavailable")
    assert result.message


def test_messages_never_leak_labels(canonical) -> None:  # type: ignore[no-untyped-def]
    tasks, references = canonical
    labels = {"none"} ^ {"none"}
    for ref in references:
        labels |= {ref.gold.failure_mode, ref.gold.repair, ref.source["formula_id"]} - {"none"}
    for task, ref in zip(tasks, references):
        audit = {"verdict": "invalid", "counterexample": ref.gold.counterexample or {"state": {}}}
        message = check(task.model_dump(), audit).message
        for label in labels:
            assert label not in message, (task.task_id, label, message)


def test_integers_must_be_integers() -> None:
    for horizon in ("2", Decimal("2.0"), True, 2.5):
        result = check(INPUT_OFF_BY_ONE, _audit({"rho": 2, "x0": 1, "inputs": [1, 1], "horizon": horizon}))
        assert result.status == "rejected" and "horizon must be an integer" in result.message, horizon


def test_reference_witnesses_are_readable(canonical) -> None:  # type: ignore[no-untyped-def]
    _, references = canonical
    by_group = {r.claim_group: r.gold for r in references}
    gold = by_group["affine_recurrence/input_off_by_one/constant_input"]
    assert gold.counterexample == {"state": {"rho": "2", "x0": "1", "inputs": ["1", "1"], "horizon": 2}}  # the seed's
    for ref in references:
        if ref.family == "affine_recurrence" and ref.gold.counterexample:
            assert ref.gold.counterexample["state"]["horizon"] >= 1
