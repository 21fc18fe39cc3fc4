"""Rankings of models under family weights: LP feasibility of a target ranking, Pareto dominance, the
share of rankings some weighting achieves, and the scenario selector.

A weighting λ lies in the simplex over families; a model's expected failure is λ·f (f: its failure
rates per family); lower is better. A target ranking a > b > c is *realized* when λ·f_a < λ·f_b < λ·f_c.
"""

from __future__ import annotations

import math
from itertools import permutations as all_orders
from typing import Any, Mapping, Sequence

import numpy as np

from pyverify.metrics._errors import MetricsError

MARGIN_TOLERANCE = 1e-9
EXACT_UP_TO = 8
SEED_WEIGHTINGS = 20_000
LOCAL_WEIGHTINGS = 240
LOCAL_STEPS = np.array([0.003, 0.01, 0.03, 0.1, 0.3, 0.6])
SELECT_RULE = ("weights are renormalized over the weighted families that have a failure rate for every model; "
               "a weighted family missing for some model is dropped for all models; a family no model has is an error")  # fmt: skip


def realize_ranking(failure: np.ndarray | Sequence[Sequence[float]], order: Sequence[int]) -> tuple[bool, np.ndarray | None, float]:  # fmt: skip
    """Decide whether some λ in the simplex ranks ``order`` (row indices, best first) strictly.

    Linear program (scipy ``linprog``, HiGHS): maximize ε subject to λ·f_a + ε ≤ λ·f_b for consecutive
    a, b of ``order``, Σλ = 1, λ ≥ 0. Feasible iff ε* > 1e-9. Returns (feasible, λ or None, ε*); a
    target of one model is trivially realized (ε* = inf). Models not in ``order`` are unconstrained."""
    f = np.asarray(failure, dtype=float)
    if f.ndim != 2 or f.shape[1] == 0:
        raise MetricsError("realize_ranking: need a models × families matrix with at least one family")
    if len(set(order)) != len(order) or any(not 0 <= i < f.shape[0] for i in order):
        raise MetricsError(f"realize_ranking: order {list(order)} must name distinct rows of the matrix")
    families = f.shape[1]
    if len(order) < 2:
        return True, np.full(families, 1.0 / families), math.inf
    from scipy.optimize import linprog

    # rows: λ·(f_a − f_b) + ε ≤ 0 ; variables (λ_1..λ_F, ε)
    diffs = f[list(order[:-1])] - f[list(order[1:])]
    a_ub = np.hstack([diffs, np.ones((diffs.shape[0], 1))])
    a_eq = np.hstack([np.ones((1, families)), np.zeros((1, 1))])
    cost = np.zeros(families + 1)
    cost[-1] = -1.0
    result = linprog(cost, A_ub=a_ub, b_ub=np.zeros(diffs.shape[0]), A_eq=a_eq, b_eq=[1.0],
                     bounds=[(0, None)] * families + [(None, 1.0)], method="highs")  # fmt: skip
    if result.status != 0:
        raise MetricsError(f"realize_ranking: the linear program failed ({result.message})")
    margin = float(-result.fun)
    if margin <= MARGIN_TOLERANCE:
        return False, None, margin
    weights = np.clip(result.x[:families], 0.0, None)
    return True, weights / weights.sum(), margin


def never_above(failure: np.ndarray) -> np.ndarray:
    """B[x, y]: x can never be ranked above y (f_x ≥ f_y on every family, so λ·f_x ≥ λ·f_y for all λ)."""
    return np.all(failure[:, None, :] >= failure[None, :, :], axis=2)


def pareto(failure: np.ndarray | Sequence[Sequence[float]]) -> list[tuple[int, int]]:
    """(better, worse) pairs: ``better`` fails no more on every family and strictly less on one."""
    f = np.asarray(failure, dtype=float)
    le = np.all(f[:, None, :] <= f[None, :, :], axis=2)
    lt = np.any(f[:, None, :] < f[None, :, :], axis=2)
    better, worse = np.nonzero(le & lt)
    return list(zip(better.tolist(), worse.tolist()))


def _prefix_feasible(f: np.ndarray, prefix: list[int], rest: list[int]) -> bool:
    """Some λ ranks ``prefix`` strictly in order and all of ``rest`` strictly below its last model."""
    return _prefix_weights(f, prefix, rest) is not None


def _prefix_weights(f: np.ndarray, prefix: list[int], rest: list[int]) -> np.ndarray | None:
    """A λ that ranks ``prefix`` strictly in order with all of ``rest`` strictly below it, or None."""
    from scipy.optimize import linprog

    families = f.shape[1]
    diffs = [f[a] - f[b] for a, b in zip(prefix, prefix[1:])] + [f[prefix[-1]] - f[r] for r in rest]
    a_ub = np.hstack([np.asarray(diffs), np.ones((len(diffs), 1))])
    cost = np.zeros(families + 1)
    cost[-1] = -1.0
    result = linprog(cost, A_ub=a_ub, b_ub=np.zeros(len(diffs)), A_eq=np.hstack([np.ones((1, families)), [[0.0]]]),
                     b_eq=[1.0], bounds=[(0, None)] * families + [(None, 1.0)], method="highs")  # fmt: skip
    if result.status == 0 and -result.fun > MARGIN_TOLERANCE:
        return np.asarray(result.x[:families])
    return None


def _realized_prefixes(f: np.ndarray, weights: np.ndarray) -> set[tuple[int, ...]]:
    """Every ranking prefix that one of ``weights`` (rows in the simplex) ranks strictly in order with all
    remaining models strictly below it: a certificate of feasibility, so such a prefix needs no LP."""
    scores = np.atleast_2d(weights) @ f.T  # weightings × models; lower failure ranks higher
    order = np.argsort(scores, axis=1, kind="stable")
    gaps = np.diff(np.take_along_axis(scores, order, axis=1), axis=1) > MARGIN_TOLERANCE
    # a prefix of length d is realized when the first d gaps are strict (the d-th separates it from the rest)
    lead = np.cumprod(gaps, axis=1).sum(axis=1)
    rows = np.unique(np.hstack([order, lead[:, None]]), axis=0).tolist()
    return {tuple(row[:d]) for row in rows for d in range(1, row[-1] + 1)}


def _strict_order(f: np.ndarray, weights: np.ndarray) -> tuple[int, ...] | None:
    scores = f @ weights
    order = np.argsort(scores, kind="stable")
    if np.any(np.diff(scores[order]) <= MARGIN_TOLERANCE):
        return None
    return tuple(order.tolist())


class _BudgetSpent(Exception):
    """The exact enumeration needs more linear programs than allowed."""


def achievable_share(failure: np.ndarray | Sequence[Sequence[float]], *, samples: int = 2_000,
                     seed: int = 0, lp_budget: int = 1_000) -> dict[str, Any]:  # fmt: skip
    """Share of the M! strict rankings realized by some family weighting.

    Exact by depth-first enumeration of ranking prefixes (best first), where a prefix survives only if
    some λ ranks it in order with every remaining model below it; a prefix whose next model can never
    be above another remaining model is cut without an LP. Up to 8 models the enumeration always runs
    to the end; beyond that it runs while it needs at most ``lp_budget`` linear programs (it usually
    does: most prefixes die early), and otherwise ``samples`` uniformly random rankings are decided by
    the LP after the same dominance check, with a Wilson 95% interval for the share.
    Returns {"share", "share_ci", "exact", "rankings_total", "rankings_checked", "achievable"}."""
    f = np.asarray(failure, dtype=float)
    models = f.shape[0]
    total = math.factorial(models)
    if models == 0 or f.shape[1] == 0:
        return {"share": None, "share_ci": None, "exact": True, "rankings_total": total, "rankings_checked": 0,
                "achievable": 0}  # fmt: skip
    if models == 1:
        return {"share": 1.0, "share_ci": None, "exact": True, "rankings_total": 1, "rankings_checked": 1,
                "achievable": 1}  # fmt: skip
    blocked = never_above(f)
    np.fill_diagonal(blocked, False)
    budget = {"left": lp_budget if models > EXACT_UP_TO else -1}
    count = 0
    # prefixes some known weighting realizes need no LP of their own; seeding with weightings drawn
    # uniformly from the simplex certifies many feasible prefixes with one matrix product, so the LPs are
    # left mostly to proving infeasibility (exactness does not depend on the draws: they only skip LPs);
    # after each feasible LP, draws around its solution certify the orders of the models below the prefix
    rng = np.random.default_rng((seed, 1))
    known = _realized_prefixes(f, rng.dirichlet(np.ones(f.shape[1]), size=SEED_WEIGHTINGS))
    steps = np.repeat(LOCAL_STEPS, LOCAL_WEIGHTINGS // len(LOCAL_STEPS))[:, None]

    def extend(prefix: list[int], rest: list[int]) -> None:
        nonlocal count
        if len(rest) == 1:
            count += 1
            return
        for nxt in rest:
            others = [r for r in rest if r != nxt]
            if blocked[nxt, others].any():
                continue
            if (*prefix, nxt) in known:
                extend([*prefix, nxt], others)
                continue
            if budget["left"] == 0:
                raise _BudgetSpent
            budget["left"] -= 1
            weights = _prefix_weights(f, [*prefix, nxt], others)
            if weights is not None:
                nearby = (1 - steps) * weights + steps * rng.dirichlet(np.ones(f.shape[1]), size=len(steps))
                known.update(_realized_prefixes(f, np.vstack([weights, nearby])))
                extend([*prefix, nxt], others)

    try:
        extend([], list(range(models)))
        return {"share": count / total, "share_ci": None, "exact": True, "rankings_total": total,
                "rankings_checked": total, "achievable": count}  # fmt: skip
    except _BudgetSpent:
        pass
    rng = np.random.default_rng(seed)
    orders = np.argsort(rng.random((samples, models)), axis=1)
    position = np.argsort(orders, axis=1)
    # a ranking is dead if some x sits above some y it can never beat
    above = position[:, :, None] < position[:, None, :]
    dead = np.any(above & blocked[None, :, :], axis=(1, 2))
    count = 0
    for s in np.nonzero(~dead)[0]:
        feasible, _, _ = realize_ranking(f, orders[s].tolist())
        count += feasible
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(count, samples, alpha=0.05, method="wilson")
    return {"share": count / samples, "share_ci": [float(low), float(high)], "exact": False,
            "rankings_total": total, "rankings_checked": samples, "achievable": count}  # fmt: skip


def brute_force_share(failure: np.ndarray) -> float:
    """Reference for tests: the LP on every one of the M! rankings."""
    f = np.asarray(failure, dtype=float)
    orders = list(all_orders(range(f.shape[0])))
    return sum(realize_ranking(f, list(o))[0] for o in orders) / len(orders)


# --- on a metrics dict -------------------------------------------------------------------------------


def failure_matrix(metrics: Mapping[str, Any], families: Sequence[str] | None = None) -> tuple[list[str], list[str], np.ndarray]:  # fmt: skip
    """(models, families, M × F failure rates) from a metrics dict: families rated for every model."""
    inv = metrics.get("invariance") if isinstance(metrics, Mapping) else None
    if not inv:
        raise MetricsError("no invariance metrics: rankings need at least one invariance run")
    per_model = inv["per_model"]
    models = list(per_model)
    # the weight simplex is over the paraphrase families F1..F8: the canonical wording is what they vary
    names = list(families) if families is not None else [f for f in inv["families"]["names"] if f != "canonical"]
    usable = [fam for fam in names if all(per_model[m]["family_failure"].get(fam, {}).get("rate") is not None for m in models)]  # fmt: skip
    f = np.array([[per_model[m]["family_failure"][fam]["rate"] for fam in usable] for m in models], dtype=float)
    return models, usable, f.reshape(len(models), len(usable))


def select(metrics: Mapping[str, Any], weights: Mapping[str, float]) -> dict[str, Any]:
    """The model with the lowest expected failure Σ λ_f · failure_f under scenario weights.

    Rule for missing families: weights are renormalized over the weighted families that have a failure
    rate for every model; a weighted family missing for some model is dropped for all models (and
    listed); a family no model has, a negative weight, or a total weight of 0 is a MetricsError.
    Ties go to the model listed first."""
    inv = metrics.get("invariance") if isinstance(metrics, Mapping) else None
    if not inv:
        raise MetricsError("no invariance metrics: selection needs at least one invariance run")
    per_model = inv["per_model"]
    known = set(inv["families"]["names"])
    for fam, w in weights.items():
        if fam not in known:
            raise MetricsError(f"family '{fam}' is in no run (families present: {', '.join(inv['families']['names'])})")
        if not isinstance(w, (int, float)) or not math.isfinite(w) or w < 0:
            raise MetricsError(f"weight of '{fam}' must be a finite number >= 0, got {w!r}")
    if sum(weights.values()) <= 0:
        raise MetricsError("the weights sum to 0")
    models = list(per_model)
    present = [fam for fam in weights if all(per_model[m]["family_failure"].get(fam, {}).get("rate") is not None for m in models)]  # fmt: skip
    dropped = [fam for fam in weights if fam not in present]
    total = sum(weights[fam] for fam in present)
    if total <= 0:
        raise MetricsError(f"no weighted family has a failure rate for every model (dropped: {', '.join(dropped)})")
    used = {fam: weights[fam] / total for fam in present}
    expected = {m: sum(w * per_model[m]["family_failure"][fam]["rate"] for fam, w in used.items()) for m in models}
    ranking = sorted(models, key=lambda m: (expected[m], models.index(m)))
    best = ranking[0]
    tied = [m for m in ranking if math.isclose(expected[m], expected[best], abs_tol=1e-12)]
    return {"model": best, "expected_failure": expected, "ranking": ranking, "tied": tied, "weights_used": used,
            "dropped_families": dropped, "rule": SELECT_RULE}  # fmt: skip


def rank_weights(metrics: Mapping[str, Any], target: Sequence[str]) -> dict[str, Any]:
    """Whether some family weighting ranks the models as ``target`` (full model ids, best first).

    Models left out of ``target`` are unconstrained. Infeasible answers list the Pareto pairs the target
    contradicts (a dominated model placed above its dominator), when there are any."""
    models, families, f = failure_matrix(metrics)
    if not families:
        raise MetricsError("no family has a failure rate for every model")
    unknown = [m for m in target if m not in models]
    if unknown:
        raise MetricsError(f"unknown model(s) {', '.join(unknown)} (known: {', '.join(models)})")
    if len(set(target)) != len(target):
        raise MetricsError("a model appears twice in the target ranking")
    order = [models.index(m) for m in target]
    feasible, weights, margin = realize_ranking(f, order)
    position = {m: i for i, m in enumerate(target)}
    contradicted = [{"better": models[b], "worse": models[w]} for b, w in pareto(f)
                    if models[b] in position and models[w] in position and position[models[w]] < position[models[b]]]  # fmt: skip
    expected = None if weights is None else {m: float(f[i] @ weights) for i, m in enumerate(models)}
    return {"target": list(target), "feasible": feasible, "families": families,
            "weights": None if weights is None else {fam: float(w) for fam, w in zip(families, weights)},
            "margin": margin if math.isfinite(margin) else None, "expected_failure": expected,
            "contradicted_pareto": contradicted}  # fmt: skip
