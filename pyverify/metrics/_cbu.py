"""Ranking metrics for candidate scoring (spec cbu.md §4) and logistic-regression predictiveness.

Per problem: scores ``s`` of its candidates (higher = better) and their correctness ``y``. Acc@1 and
Recall@k are *expected values over a uniformly random order within tied scores*, computed exactly:
the tie group straddling the cut contributes r·c/g correct candidates on average (hypergeometric mean:
r of its g slots taken, c of them correct). AUC and MeanWin give ties half credit.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from pyverify.metrics._errors import MetricsError

PREDICTIVENESS_FOLDS = 5
PREDICTIVENESS_RIDGE = 1e-2
PREDICTIVENESS_PROTOCOL = (
    "L2-penalized logistic regression (ridge 1e-2, numpy Newton iterations) of correctness on standardized score(s); "
    "5-fold cross-validation grouped by problem (problems shuffled with the seed; leave-one-problem-out when fewer than "
    "5 problems); accuracy at threshold 0.5 over all held-out candidates; candidates lacking a needed score are left out"
)


def _arrays(
    scores: Sequence[float] | np.ndarray, correct: Sequence[bool] | np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    s = np.asarray(scores, dtype=float)
    y = np.asarray(correct, dtype=bool)
    if s.shape != y.shape or s.ndim != 1:
        raise MetricsError(f"need one score per candidate ({s.size} scores, {y.size} labels)")
    if not np.all(np.isfinite(s)):
        raise MetricsError("scores must be finite numbers")
    return s, y


def recall_at_k(scores: Sequence[float] | np.ndarray, correct: Sequence[bool] | np.ndarray, k: int = 5) -> float | None:
    """E[(1/|C|) Σ_{i≤k} y(π_i)] over random tie order; None without a correct candidate."""
    s, y = _arrays(scores, correct)
    n_correct = int(y.sum())
    if n_correct == 0:
        return None
    return _expected_correct_in_top(s, y, k) / n_correct


def _expected_correct_in_top(s: np.ndarray, y: np.ndarray, k: int) -> float:
    if s.size == 0:
        return 0.0
    above = s[:, None] < s[None, :]  # above[i, j]: j strictly above i
    higher = above.sum(axis=1)  # candidates strictly above each one
    tied = (s[:, None] == s[None, :]).sum(axis=1)
    # a candidate lands in the top k with probability clip(k - higher, 0, tied) / tied
    slots = np.clip(k - higher, 0, tied)
    return float((y * slots / tied).sum())


def acc_at_1(scores: Sequence[float] | np.ndarray, correct: Sequence[bool] | np.ndarray) -> float | None:
    """E[y(π_1)] over random tie order: the correct share of the top-scored tie group; None if no candidate."""
    s, y = _arrays(scores, correct)
    if s.size == 0:
        return None
    return _expected_correct_in_top(s, y, 1)


def recall_at_5(scores: Sequence[float] | np.ndarray, correct: Sequence[bool] | np.ndarray) -> float | None:
    """Recall@5 as expected value over random tie order."""
    return recall_at_k(scores, correct, 5)


def auc(scores: Sequence[float] | np.ndarray, correct: Sequence[bool] | np.ndarray) -> float | None:
    """1/(|C||W|) Σ_c Σ_w [1{s_c > s_w} + ½·1{s_c = s_w}] via mid-ranks (Mann–Whitney); None without both classes."""
    s, y = _arrays(scores, correct)
    n_c, n_w = int(y.sum()), int((~y).sum())
    if n_c == 0 or n_w == 0:
        return None
    from scipy.stats import rankdata

    ranks = rankdata(s)
    return float((ranks[y].sum() - n_c * (n_c + 1) / 2) / (n_c * n_w))


def _win(a: float, b: float) -> float:
    return 1.0 if a > b else 0.5 if a == b else 0.0


def mean_win(scores: Sequence[float] | np.ndarray, correct: Sequence[bool] | np.ndarray) -> float | None:
    """1{c̄ > w̄} + ½·1{c̄ = w̄}; None without both classes."""
    s, y = _arrays(scores, correct)
    if not y.any() or y.all():
        return None
    return _win(float(s[y].mean()), float(s[~y].mean()))


def human_win(
    human_score: float, scores: Sequence[float] | np.ndarray, correct: Sequence[bool] | np.ndarray
) -> float | None:
    """1{s(H) > w̄} + ½·1{s(H) = w̄} with w̄ the mean score of the wrong candidates; None without one."""
    s, y = _arrays(scores, correct)
    if y.all():
        return None
    return _win(float(human_score), float(s[~y].mean()))


# --- predictiveness ----------------------------------------------------------------------------------


def _fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = PREDICTIVENESS_RIDGE) -> np.ndarray:
    # hand-written Newton/IRLS with a small ridge: statsmodels' Logit stops on perfect separation,
    # which is the normal case with a few candidates per problem, and sklearn is not a runtime dependency
    design = np.hstack([np.ones((x.shape[0], 1)), x])
    beta = np.zeros(design.shape[1])
    penalty = np.full(design.shape[1], ridge)
    penalty[0] = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-np.clip(design @ beta, -30, 30)))
        gradient = design.T @ (y - p) - penalty * beta
        hessian = (design * (p * (1 - p))[:, None]).T @ design + np.diag(penalty) + 1e-9 * np.eye(design.shape[1])
        step = np.linalg.solve(hessian, gradient)
        beta += step
        if np.max(np.abs(step)) < 1e-8:
            break
    return beta


def predictiveness(features: np.ndarray | Sequence[float] | Sequence[Sequence[float]], correct: Sequence[bool] | np.ndarray, problems: Sequence[object] | np.ndarray,
                   *, seed: int = 0, folds: int = PREDICTIVENESS_FOLDS) -> float | None:  # fmt: skip
    """Held-out accuracy of a logistic regression of correctness on ``features`` (candidates × scores),
    cross-validated in folds grouped by problem (see ``PREDICTIVENESS_PROTOCOL``). None with < 2 problems."""
    x = np.asarray(features, dtype=float)
    if x.ndim == 1:
        x = x[:, None]
    y = np.asarray(correct, dtype=float)
    groups = np.asarray(problems)
    if x.shape[0] != y.size or groups.size != y.size:
        raise MetricsError("predictiveness: features, labels and problems differ in length")
    unique = np.unique(groups)
    if unique.size < 2:
        return None
    rng = np.random.default_rng(seed)
    shuffled = unique[rng.permutation(unique.size)]
    n_folds = min(folds, unique.size)
    fold_of = {g: i % n_folds for i, g in enumerate(shuffled.tolist())}
    fold = np.array([fold_of[g] for g in groups.tolist()])
    hits = 0
    for f in range(n_folds):
        test, train = fold == f, fold != f
        if train.sum() == 0 or test.sum() == 0:
            continue
        mean, std = x[train].mean(axis=0), x[train].std(axis=0)
        std[std == 0] = 1.0
        beta = _fit_logistic((x[train] - mean) / std, y[train])
        logits = beta[0] + ((x[test] - mean) / std) @ beta[1:]
        hits += int(((logits > 0) == (y[test] > 0.5)).sum())
    return hits / y.size


def problem_metrics(problems: dict[str, list[dict[str, Any]]], key: str) -> dict[str, Any]:
    """Averages over problems of Acc@1, Recall@5, AUC, MeanWin (and HumanWin on rows marked ``human``)
    for score ``key``; each metric averages the problems where it is defined."""
    values: dict[str, list[float]] = {"acc_at_1": [], "recall_at_5": [], "auc": [], "mean_win": [], "human_win": []}
    used = 0
    for rows in problems.values():
        candidates = [r for r in rows if not r.get("human") and r.get(key) is not None]
        s = [float(r[key]) for r in candidates]
        y = [bool(r["correct"]) for r in candidates]
        if not s:
            continue
        used += 1
        for name, fn in (("acc_at_1", acc_at_1), ("recall_at_5", recall_at_5), ("auc", auc), ("mean_win", mean_win)):
            v = fn(s, y)
            if v is not None:
                values[name].append(v)
        human = [r for r in rows if r.get("human") and r.get(key) is not None]
        if human:
            v = human_win(float(human[0][key]), s, y)
            if v is not None:
                values["human_win"].append(v)
    out: dict[str, Any] = {name: (float(np.mean(v)) if v else None) for name, v in values.items()}
    out["problems"] = used
    return out
