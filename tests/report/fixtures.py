"""Hand-built metrics dicts that follow the metrics.json contract (schema_version 1).

The numbers are internally consistent where the report relies on it (IG from the outcomes, Holm from the
raw p, coverage from items) and null wherever a statistic is undefined: one model (no cross-model Q, no
κ), a family with no scored item, theorems where every model answers the same way.
"""

from __future__ import annotations

import math
import random
from typing import Any

MODELS = ["packaged/smollm2-135m", "hf/qwen2.5-0.5b-instruct", "hf/llama-3.2-1b", "vllm/mistral-7b-v0.3"]
FAMILIES = ["canonical", "F1", "F2", "F4", "F5", "F6", "F7", "F8"]  # F3 absent on purpose
MATHLIB = [
    ("Nat.add_comm", "Mathlib.Algebra.Group.Defs"),
    ("Nat.Prime.two_le", "Mathlib.Data.Nat.Prime.Defs"),
    ("Finset.sum_range_id_mul_two", "Mathlib.Algebra.BigOperators.Intervals"),
    ("abs_sub_abs_le_abs_sub", None),
]


def _wilson(successes: int, n: int) -> list[float] | None:
    if n == 0:
        return None
    z, p = 1.959963984540054, successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [max(0.0, centre - half), min(1.0, centre + half)]


def _holm(pvalues: list[float | None]) -> list[float | None]:
    defined = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    m, out, running = len(defined), [None] * len(pvalues), 0.0
    adjusted: list[float | None] = list(out)
    for rank, (p, i) in enumerate(defined):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return adjusted


def build_metrics(
    n_models: int = 4,
    n_theorems: int = 12,
    *,
    models: list[str] | None = None,
    seed: int = 0,
    cbu: bool = True,
    invariance: bool = True,
) -> dict[str, Any]:
    """A schema-conformant metrics dict for ``n_models`` models and ``n_theorems`` theorems."""
    rng = random.Random(seed)
    models = list(models) if models is not None else MODELS[:n_models]
    single = len(models) == 1
    runs = [
        {"path": f"runs/inv-{i}", "model": m, "protocol": "invariance", "rows": 10 * n_theorems}
        for i, m in enumerate(models)
    ]
    summary = {
        "records": 30,
        "conditions": ["direct", "verifier_feedback"],
        "tasks": 15,
        "unparseable": 2,
        "seconds": 12.5,
    }
    runs.append(
        {"path": "runs/audit-0", "model": models[0], "protocol": "claim-audit", "rows": 30, "claim_audit": summary}
    )
    metrics: dict[str, Any] = {
        "schema_version": 1,
        "generated_by": {"pyverify": "0.1.0"},
        "runs": runs if invariance else runs[-1:],
        "models": models,
        "invariance": _invariance(rng, models, n_theorems, single) if invariance else None,
        "cbu": None,
    }
    if cbu:
        metrics["runs"].append({"path": "runs/cbu-0", "model": models[-1], "protocol": "cbu", "rows": 40})
        metrics["cbu"] = {
            "tie_rule": "Acc@1 and Recall@5 are expected values over a uniformly random order within tied scores",
            "per_model": {m: _cbu(rng, i) for i, m in enumerate(models)},
        }
    return metrics


def _cbu(rng: random.Random, index: int) -> dict[str, Any]:
    def scores() -> dict[str, float | None]:
        return {k: round(rng.random(), 4) for k in ("acc_at_1", "recall_at_5", "auc", "mean_win")}

    judge = scores()
    if index == 1:
        judge["auc"] = None  # e.g. no wrong candidate to compare with
    utility = scores()
    utility["human_win"] = 1.0 if index == 0 else None
    return {
        "problems": 20 + index,
        "protocols": ["cbu"],
        "utility": utility,
        "judge": judge,
        "predictiveness": {
            "protocol": "5-fold CV, logistic regression",
            "judge": 0.61,
            "utility": 0.7,
            "both": None if index else 0.72,
        },
    }


def _invariance(rng: random.Random, models: list[str], n_theorems: int, single: bool) -> dict[str, Any]:
    theorems = []
    raw_p: list[float | None] = []
    for t in range(n_theorems):
        k = 3 + t % 5
        label = "TRUE" if t % 3 else "FALSE"
        outcome, ig = {}, {}
        for j, model in enumerate(models):
            scored = k if (t + j) % 4 else k - 1
            if t == 1 and j == 0:
                scored = 0  # nothing parsed: IG undefined
            correct = scored if (t + 2 * j) % 3 == 0 else rng.randint(0, scored)
            outcome[model] = {
                "correct": correct,
                "scored": scored,
                "canonical_correct": None if scored == 0 else correct > 0,
            }
            ig[model] = None if scored == 0 else math.sqrt((correct / scored) * (1 - correct / scored))
        constant = all(o["correct"] in (0, o["scored"]) for o in outcome.values())
        if single or constant:
            cochran = {"test": "undefined", "q": None, "df": None, "p": None, "p_exact": None}
        else:
            p = rng.choice([rng.random(), rng.random() * 1e-4, 1e-7])
            cochran = {
                "test": "mcnemar" if k == 2 else "cochran",
                "q": round(rng.uniform(0, 30), 3),
                "df": k - 1,
                "p": p,
                "p_exact": p if t % 4 else None,
                "p_monte_carlo": None if t % 4 else min(1.0, p * 1.1),
            }
        raw_p.append(cochran["p"])
        mathlib = None if label == "FALSE" else dict(zip(("name", "module"), MATHLIB[t % len(MATHLIB)]))
        theorems.append(
            {
                "theorem_id": f"nt.thm{t}",  # thm2 < thm10 only for a numeric-aware sort
                "label": label,
                "parent_theorem": None if label == "TRUE" else f"nt.thm{t + 1}",
                "domain": ["number theory", "algebra", None][t % 3],
                "mathlib": mathlib,
                "items": k,
                "outcome": outcome,
                "ig": ig,
                "cochran": {
                    "design": "within-model" if single else "cross-model",
                    "model": models[0] if single else None,
                    "b": len(models),
                    "k": k,
                    "p_bonferroni": None if cochran["p"] is None else min(1.0, cochran["p"] * n_theorems),
                    **cochran,
                },
            }
        )
    for record, p_holm in zip(theorems, _holm(raw_p)):
        record["cochran"]["p_holm"] = p_holm

    per_model = {}
    for j, model in enumerate(models):
        outcomes = [t["outcome"][model] for t in theorems]
        items = sum(t["items"] for t in theorems)
        scored = sum(o["scored"] for o in outcomes)
        correct = sum(o["correct"] for o in outcomes)
        shares = [o["correct"] / o["scored"] for o in outcomes if o["scored"]]
        igs = [t["ig"][model] for t in theorems if t["ig"][model] is not None]
        scr = sum(1 for s in shares if s == 1.0) / len(shares) if shares else None
        family_failure: dict[str, Any] = {}
        for i, family in enumerate(FAMILIES):
            if family == "F8" and j == 0:
                family_failure[family] = {"rate": None, "n": 0, "ci": None}
                continue
            n = 5 + i
            wrong = rng.randint(0, n)
            family_failure[family] = {"rate": wrong / n, "n": n, "ci": _wilson(wrong, n)}
        cir_n = max(0, n_theorems // 2 - j)
        per_model[model] = {
            "items": items,
            "scored": scored,
            "coverage": scored / items if items else 0.0,
            "accuracy_micro": correct / scored if scored else None,
            "accuracy_micro_ci": _wilson(correct, scored),
            "accuracy_micro_ci_grouped": None if j or not scored else _wilson(correct // 3, max(1, scored // 3)),
            "needs_review_items": 2 if j == 1 else 0,
            "accuracy_macro": sum(shares) / len(shares) if shares else None,
            "balanced_accuracy": rng.uniform(0.4, 0.9),
            "mean_ig": sum(igs) / len(igs) if igs else None,
            "rms_ig": math.sqrt(sum(x * x for x in igs) / len(igs)) if igs else None,
            "share_ig_positive": sum(1 for x in igs if x > 0) / len(igs) if igs else None,
            "scr": {
                "variant": "canonical+clean-paraphrases",
                "value": scr,
                "theorems": len(shares),
                "independence_floor": None if scr is None else scr * 0.6,
                "permutation_null_mean": None if scr is None else scr * 0.7,
                "permutation_p": rng.random(),
                "permutations": 2000,
            },
            "cir": _cir(rng, cir_n),
            "false_cir": {"value": None, "ci": None, "theorems": 0},
            "family_failure": family_failure,
        }

    def rate(model: str, family: str) -> float:
        value = per_model[model]["family_failure"][family]["rate"]
        return 2.0 if value is None else value

    rankings = {f: sorted(models, key=lambda m, f=f: (rate(m, f), models.index(m))) for f in FAMILIES}
    reversals = []
    for a in FAMILIES:
        for b in FAMILIES:
            for x in models:
                for y in models:
                    if (
                        a < b
                        and x != y
                        and rate(x, a) < rate(y, a)
                        and rate(x, b) > rate(y, b) <= 1.0
                        and rate(y, a) <= 1.0
                    ):
                        reversals.append(
                            {
                                "family_a": a,
                                "family_b": b,
                                "model_x": x,
                                "model_y": y,
                                "failure_x_a": rate(x, a),
                                "failure_y_a": rate(y, a),
                                "failure_x_b": rate(x, b),
                                "failure_y_b": rate(y, b),
                            }
                        )
    return {
        "options": {
            "consensus_m": 2,
            "consensus_n": 3,
            "bootstrap": 10000,
            "permutations": 2000,
            "seed": 0,
            "scr_variant": "canonical+clean-paraphrases",
            "design": "within-model" if single else "cross-model",
        },
        "per_model": per_model,
        "families": {
            "names": FAMILIES,
            "rankings": rankings,
            "kendall_tau": [
                {"a": "canonical", "b": "F1", "tau": None if single else 0.33, "p": None if single else 0.74},
                {"a": "F6", "b": "F8", "tau": None if single else -1.0, "p": None if single else 0.083},
            ],
        },
        "rank_reversals": reversals[:6],
        "theorems": theorems,
        "consensus": {
            "m": 2,
            "n": 3,
            "threshold": 0 if single else math.ceil(2 * len(models) / 3),
            "active": len(models) >= 3,
            "flagged": []
            if single
            else [{"item_id": "nt.thm2/F5/0", "theorem_id": "nt.thm2", "family": "F5", "failed_by": models[:2]}],
        },
        "agreement": {
            "fleiss_kappa": None if single else 0.41,
            "disagreements": 0 if single else 17,
            "items": 10 * n_theorems,
        },
        "ranking": {
            "pareto": [] if single else [{"better": models[0], "worse": models[1]}],
            "achievable_share": None if single else 0.5,
            "exact": True,
            "rankings_total": math.factorial(len(models)),
            "rankings_checked": math.factorial(len(models)),
        },
    }


def _cir(rng: random.Random, theorems: int) -> dict[str, Any]:
    if not theorems:
        return {"value": None, "ci": None, "theorems": 0}
    value = rng.random()
    return {"value": value, "ci": [max(0.0, value - 0.2), min(1.0, value + 0.2)], "theorems": theorems}
