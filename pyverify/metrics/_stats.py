"""Interval estimates, resampling and the tests of agreement: Wilson, bootstrap (paired, grouped),
Cochran's Q / McNemar with exact and Monte Carlo permutation p-values, Holm / Bonferroni, Fleiss' κ,
Kendall's τ.

Resampling is vectorized: one (B × n) index matrix per interval, never a Python loop over resamples.
scipy and statsmodels are imported inside functions so importing this module stays light.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Literal, Sequence

import numpy as np

from pyverify.metrics._errors import MetricsError
from pyverify.metrics._schema import Cochran

Interval = tuple[float, float] | None


def clean(value: float | None) -> float | None:
    """A plain float, or None for NaN / infinity / None (metrics.json holds no NaN)."""
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def wilson(k: int, n: int, alpha: float = 0.05) -> Interval:
    """Wilson score interval for k successes in n trials (statsmodels ``proportion_confint``); None when n = 0."""
    if n < 0 or k < 0 or k > n:
        raise MetricsError(f"wilson: need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return None
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(k, n, alpha=alpha, method="wilson")
    # statsmodels can land a hair outside [0, 1] or beside k/n in floating point
    return (max(0.0, min(float(lo), k / n)), min(1.0, max(float(hi), k / n)))


def _percentile(stats: np.ndarray, alpha: float) -> Interval:
    stats = stats[np.isfinite(stats)]
    if stats.size == 0:
        return None
    lo, hi = np.quantile(stats, [alpha / 2, 1 - alpha / 2])
    return (float(lo), float(hi))


def bootstrap_ci(values: Sequence[float] | np.ndarray, paired: Sequence[float] | np.ndarray | None = None, *,
                 resamples: int = 10_000, alpha: float = 0.05, seed: int | Sequence[int] = 0) -> Interval:  # fmt: skip
    """Percentile bootstrap interval of ``mean(values)``, or of ``mean(values) - mean(paired)`` when
    ``paired`` is given (pairs resampled together). None for empty input."""
    x = np.asarray(values, dtype=float)
    if paired is not None:
        y = np.asarray(paired, dtype=float)
        if y.shape != x.shape:
            raise MetricsError(f"bootstrap_ci: paired arrays differ in length ({x.size} vs {y.size})")
        x = x - y  # the mean of differences is the difference of means over the same resampled pairs
    if x.size == 0:
        return None
    rng = np.random.default_rng(seed)
    index = rng.integers(0, x.size, size=(resamples, x.size))
    return _percentile(x[index].mean(axis=1), alpha)


def grouped_bootstrap(values: Sequence[float] | np.ndarray, groups: Sequence[object] | np.ndarray, *,
                      resamples: int = 10_000, alpha: float = 0.05, seed: int | Sequence[int] = 0) -> Interval:  # fmt: skip
    """Percentile interval of the item mean resampling whole groups (theorems, problems) with replacement.

    Each resample's statistic is Σ values over the drawn groups / number of their items, so correlated
    items inside one group move together."""
    x = np.asarray(values, dtype=float)
    g = np.asarray(groups)
    if g.shape != x.shape:
        raise MetricsError(f"grouped_bootstrap: {x.size} values but {g.size} group labels")
    if x.size == 0:
        return None
    _, inverse = np.unique(g, return_inverse=True)
    sums = np.bincount(inverse, weights=x)
    counts = np.bincount(inverse).astype(float)
    return grouped_bootstrap_sums(sums, counts, resamples=resamples, alpha=alpha, seed=seed)


def grouped_bootstrap_sums(sums: np.ndarray, counts: np.ndarray, *, resamples: int, alpha: float = 0.05,
                           seed: int | Sequence[int] = 0) -> Interval:  # fmt: skip
    """``grouped_bootstrap`` from per-group sums and item counts (the form compute() already holds)."""
    if sums.size == 0 or counts.sum() == 0:
        return None
    rng = np.random.default_rng(seed)
    index = rng.integers(0, sums.size, size=(resamples, sums.size))
    with np.errstate(invalid="ignore", divide="ignore"):
        stats = sums[index].sum(axis=1) / counts[index].sum(axis=1)
    return _percentile(stats, alpha)


# --- Cochran's Q -------------------------------------------------------------------------------------


def cochran_q(matrix: np.ndarray) -> float | None:
    """The spec formula Q = (k−1)[kΣC_j² − N²] / (kN − ΣR_i²); None when every block is constant."""
    x = np.asarray(matrix, dtype=np.int64)
    k = x.shape[1]
    rows, cols, total = x.sum(axis=1), x.sum(axis=0), int(x.sum())
    denominator = k * total - int((rows**2).sum())
    if denominator == 0:
        return None
    return (k - 1) * (k * int((cols**2).sum()) - total**2) / denominator


def _exact_tail(x: np.ndarray, work_limit: int) -> float | None:
    """P(ΣC_j² ≥ observed) when each block's responses are permuted uniformly and independently.

    Q is increasing in S = ΣC_j² once the row totals are fixed, so the tail of S is the tail of Q.
    Dynamic programming over the column-sum vector, kept sorted: every row's arrangement is uniform, so
    the law of the next sorted vector depends only on the current sorted one. Returns None when a step
    would exceed ``work_limit`` (states × arrangements)."""
    b, k = x.shape
    observed = int((x.sum(axis=0) ** 2).sum())
    base = b + 1
    if b >= 2**15 or float(base) ** k >= 2.0**52:  # int16 column sums; keys exact in float64
        return None
    weights = float(base) ** np.arange(k - 1, -1, -1)
    states = np.zeros((1, k), dtype=np.int16)
    probs = np.ones(1)
    for r in sorted(int(v) for v in x.sum(axis=1)):
        if r in (0, k):
            states = states + np.int16(1 if r == k else 0)
            continue
        n_arr = math.comb(k, r)
        if states.shape[0] * n_arr > work_limit:
            return None
        arrangements = np.zeros((n_arr, k), dtype=np.int16)
        for i, cols in enumerate(combinations(range(k), r)):
            arrangements[i, list(cols)] = 1
        grown = np.sort((states[:, None, :] + arrangements[None, :, :]).reshape(-1, k), axis=1)
        keys = grown.astype(np.float64) @ weights
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        probs = np.bincount(inverse, weights=np.repeat(probs / n_arr, n_arr)).astype(np.float64)
        states = grown[first]
    squares = (states.astype(np.int64) ** 2).sum(axis=1)
    tail = float(probs[squares >= observed].sum())
    return 1.0 if tail > 1.0 - 1e-12 else tail


def _monte_carlo_tail(x: np.ndarray, permutations: int, seed: int | Sequence[int]) -> float:
    """(1 + #{S* ≥ S}) / (1 + permutations) with each row shuffled independently (vectorized)."""
    b, k = x.shape
    observed = int((x.sum(axis=0) ** 2).sum())
    rng = np.random.default_rng(seed)
    order = rng.random((permutations, b, k)).argsort(axis=2)
    shuffled = np.take_along_axis(np.broadcast_to(x, (permutations, b, k)), order, axis=2)
    stats = (shuffled.sum(axis=1) ** 2).sum(axis=1)
    return float((1 + np.count_nonzero(stats >= observed)) / (1 + permutations))


def cochran(matrix: Sequence[Sequence[int]] | np.ndarray, *, design: Literal["cross-model", "within-model"] = "cross-model",
            model: str | None = None, permutations: int = 2_000, seed: int | Sequence[int] = 0,
            exact_work_limit: int = 200_000) -> Cochran:  # fmt: skip
    """Cochran's Q on a b × k binary matrix (blocks × treatments), McNemar when k = 2.

    ``undefined`` when k < 2, b < 2 (one block gives Q = k − 1 whatever the data) or every block is
    constant (no evidence either way). Statistic and
    asymptotic p come from statsmodels (``cochrans_q`` / ``mcnemar``). ``p_exact`` is the exact
    permutation p-value (McNemar: the exact binomial test, which is the same thing); when the exact
    distribution is too large, ``p_monte_carlo`` estimates it with ``permutations`` draws instead.
    Holm / Bonferroni fields are filled by :func:`adjust` over theorems."""
    x = np.asarray(matrix, dtype=np.int64)
    if x.ndim != 2 or (x.size and not np.isin(x, (0, 1)).all()):
        raise MetricsError("cochran: need a 2-D 0/1 matrix (blocks × treatments)")
    b, k = x.shape
    undefined = Cochran(design=design, model=model, test="undefined", k=k, b=b, q=None, df=None, p=None,
                        p_exact=None, p_monte_carlo=None, p_holm=None, p_bonferroni=None)  # fmt: skip
    if b < 2 or k < 2:
        return undefined
    rows = x.sum(axis=1)
    if np.all((rows == 0) | (rows == k)):
        return undefined
    if k == 2:
        from statsmodels.stats.contingency_tables import mcnemar

        table = [[int(((x[:, 0] == 1) & (x[:, 1] == 1)).sum()), int(((x[:, 0] == 1) & (x[:, 1] == 0)).sum())],
                 [int(((x[:, 0] == 0) & (x[:, 1] == 1)).sum()), int(((x[:, 0] == 0) & (x[:, 1] == 0)).sum())]]  # fmt: skip
        asymptotic = mcnemar(table, exact=False, correction=False)
        exact = mcnemar(table, exact=True)
        return undefined.model_copy(update={"test": "mcnemar", "q": clean(asymptotic.statistic), "df": 1,
                                            "p": clean(asymptotic.pvalue), "p_exact": clean(min(1.0, exact.pvalue))})  # fmt: skip
    from statsmodels.stats.contingency_tables import cochrans_q

    result = cochrans_q(x)
    p_exact = _exact_tail(x, exact_work_limit)
    p_mc = _monte_carlo_tail(x, permutations, seed) if p_exact is None and permutations > 0 else None
    return undefined.model_copy(update={"test": "cochran", "q": clean(result.statistic), "df": int(result.df),
                                        "p": clean(result.pvalue), "p_exact": p_exact, "p_monte_carlo": p_mc})  # fmt: skip


def adjust(pvalues: Sequence[float | None], method: Literal["holm", "bonferroni"]) -> list[float | None]:
    """Family-wise adjusted p-values (statsmodels ``multipletests``) over the defined entries; None stays None."""
    defined = [i for i, p in enumerate(pvalues) if p is not None]
    out: list[float | None] = [None] * len(pvalues)
    if not defined:
        return out
    from statsmodels.stats.multitest import multipletests

    _, adjusted, _, _ = multipletests([pvalues[i] for i in defined], method=method)
    for i, p in zip(defined, adjusted):
        out[i] = float(p)
    return out


# --- agreement ---------------------------------------------------------------------------------------


def fleiss(ratings: Sequence[Sequence[int]] | np.ndarray) -> float | None:
    """Fleiss' κ for an items × raters matrix of category codes (statsmodels); None when undefined
    (fewer than two raters or items, or a single category used throughout)."""
    x = np.asarray(ratings)
    if x.ndim != 2 or x.shape[0] < 1 or x.shape[1] < 2:
        return None
    from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

    table, _ = aggregate_raters(x)
    if table.shape[1] < 2:
        return None
    with np.errstate(invalid="ignore", divide="ignore"):
        return clean(fleiss_kappa(table, method="fleiss"))


def kendall(a: Sequence[str], b: Sequence[str]) -> tuple[float | None, float | None]:
    """Kendall's τ (and p) between two rankings (best first) over the entries they share."""
    common = [m for m in a if m in set(b)]
    if len(common) < 2:
        return None, None
    from scipy.stats import kendalltau

    pos_b = {m: i for i, m in enumerate(b)}
    result = kendalltau(range(len(common)), [pos_b[m] for m in common])
    return clean(result.statistic), clean(result.pvalue)


def kendall_values(x: Sequence[float], y: Sequence[float]) -> tuple[float | None, float | None]:
    """Kendall's τ-b (and p) between two score vectors; ties handled by τ-b. None when undefined."""
    if len(x) < 2:
        return None, None
    from scipy.stats import kendalltau

    xs, ys = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if np.all(xs == xs[0]) or np.all(ys == ys[0]):
        return None, None
    result = kendalltau(xs, ys)
    return clean(result.statistic), clean(result.pvalue)
