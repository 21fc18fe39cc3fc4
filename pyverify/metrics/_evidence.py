"""The tests that decide whether a pattern in the invariance data is a finding or noise.

A report that says "rankings reverse between families" or "fails most on F6" about two models answering at
chance misleads; these functions give each such statement its test, so the report states it only when the
test survives its multiplicity correction (Holm, applied by ``_compute`` over every test of a kind):

- *uninformative*: a model whose sample-0 answers are nearly constant (its majority answer is at least
  ``CONSTANT_SHARE`` of its scored answers) carries no information about the items; ``_compute`` leaves
  it out of the statistics that compare models;
- *paired difference* between two models on one family (rank reversals): an exact two-sided sign test
  over theorems on the difference in wrong answers on the items both models scored. Theorems are the
  independent units (a theorem's paraphrases share its difficulty); with one item of the family per
  theorem this is McNemar's exact test;
- *family contrast* of one model (one family against its other items): an exact stratified permutation
  test, strata = theorems. Within a theorem, which of its scored items belong to the family is permuted,
  so the theorem's difficulty cancels; the statistic is the family's number of wrong answers, whose exact
  law is the convolution of one hypergeometric law per theorem;
- *inconsistency*: theorems answered right on some items and wrong on others, against the count that
  independent answers would give, each right with the model's own accuracy on items of that label (TRUE
  or FALSE); the count under that null is Poisson-binomial, computed exactly.

Two-sided exact p-values sum the null probabilities no larger than the observed one's.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import numpy as np

#: a model whose most frequent sample-0 answer (TRUE or FALSE) makes up at least this share of its scored
#: answers is "constant": it is right exactly where the label matches that answer, whatever the wording,
#: so it tells nothing about paraphrases, and statistics that compare models only dilute with it
CONSTANT_SHARE = 0.95
#: the level at which a Holm-adjusted p-value makes a finding
SIGNIFICANCE = 0.05
_TIES = 1e-7  # relative tolerance when comparing null probabilities with the observed one's


def two_sided(pmf: np.ndarray, observed: int) -> float:
    """Exact two-sided p-value of ``observed`` under the law ``pmf`` (index = value)."""
    if not 0 <= observed < pmf.size:
        return 1.0
    p = float(pmf[pmf <= pmf[observed] * (1 + _TIES)].sum())
    return min(1.0, p)


def sign_test(plus: int, minus: int) -> float | None:
    """Exact two-sided sign test (binomial, 1/2) of ``plus`` against ``minus``; None with no non-tie."""
    n = plus + minus
    if n == 0:
        return None
    from scipy.stats import binomtest

    return float(binomtest(plus, n, 0.5).pvalue)


def paired_difference(wrong_x: np.ndarray, wrong_y: np.ndarray, both: np.ndarray, item_theorem: np.ndarray,
                      n_theorems: int) -> dict[str, Any]:  # fmt: skip
    """Model x against model y on the items ``both`` scored (boolean arrays over items): the difference in
    failure rate (x − y) on those items, the theorems where x fails more / less, and the sign test's p."""
    th = item_theorem[both]
    d = (np.bincount(th[wrong_x[both]], minlength=n_theorems).astype(np.int64)
         - np.bincount(th[wrong_y[both]], minlength=n_theorems))  # fmt: skip
    items = int(both.sum())
    x_worse, x_better = int((d > 0).sum()), int((d < 0).sum())
    diff = (int(wrong_x[both].sum()) - int(wrong_y[both].sum())) / items if items else None
    return {"diff": diff, "items": items, "theorems": int(np.unique(th).size), "x_worse": x_worse,
            "x_better": x_better, "p": sign_test(x_worse, x_better)}  # fmt: skip


def _log_comb(n: np.ndarray, k: np.ndarray) -> np.ndarray:
    from scipy.special import gammaln

    return np.asarray(gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1))


def family_contrast(in_family: np.ndarray, wrong: np.ndarray, scored: np.ndarray, item_theorem: np.ndarray,
                    n_theorems: int) -> dict[str, Any]:  # fmt: skip
    """One family of one model against the model's other scored items of the same theorems.

    Boolean arrays over items. Theorems count when they have a scored item of the family and another
    scored item. Returns the family's wrong count and items there, the count expected when the family's
    items are exchangeable with the theorem's others, the failure rate of those others, and the exact
    stratified permutation p-value (None when no theorem mixes right and wrong answers)."""
    n_t = np.bincount(item_theorem[scored], minlength=n_theorems)
    w_t = np.bincount(item_theorem[scored & wrong], minlength=n_theorems)
    f_t = np.bincount(item_theorem[scored & in_family], minlength=n_theorems)
    wf_t = np.bincount(item_theorem[scored & in_family & wrong], minlength=n_theorems)
    eligible = (f_t > 0) & (n_t > f_t)
    items, observed = int(f_t[eligible].sum()), int(wf_t[eligible].sum())
    rest_items = int((n_t - f_t)[eligible].sum())
    out: dict[str, Any] = {
        "theorems": int(eligible.sum()), "items": items, "wrong": observed,
        "expected": float((f_t * w_t / np.maximum(n_t, 1))[eligible].sum()),
        "rest_failure": (int((w_t - wf_t)[eligible].sum()) / rest_items) if rest_items else None, "p": None,
    }  # fmt: skip
    # a theorem whose items are all right or all wrong has one possible arrangement: it shifts the count
    # by a constant and carries no evidence
    mixed = eligible & (w_t > 0) & (w_t < n_t)
    if not mixed.any():
        return out
    shift = int(np.minimum(f_t, w_t)[eligible & (w_t == n_t)].sum())
    pmf = np.ones(1)
    for n, w, f in zip(n_t[mixed].tolist(), w_t[mixed].tolist(), f_t[mixed].tolist()):
        k = np.arange(max(0, f - (n - w)), min(f, w) + 1)
        log_p = (
            _log_comb(np.full(k.size, w), k)
            + _log_comb(np.full(k.size, n - w), f - k)
            - _log_comb(np.array(n), np.array(f))
        )
        stratum = np.zeros(int(k[-1]) + 1)
        stratum[k] = np.exp(log_p)
        pmf = np.convolve(pmf, stratum)
    out["p"] = two_sided(pmf, observed - shift)
    return out


def poisson_binomial(probabilities: np.ndarray) -> np.ndarray:
    """The law of a sum of independent Bernoulli(p_i), exactly (dynamic programming)."""
    pmf = np.ones(1)
    for p in np.asarray(probabilities, dtype=float).tolist():
        pmf = np.append(pmf * (1 - p), 0.0) + np.append(0.0, pmf * p)
    return pmf


def inconsistency(correct_t: np.ndarray, scored_t: np.ndarray, true_t: np.ndarray) -> dict[str, Any]:
    """Theorems answered inconsistently against independent answers at the model's own accuracy.

    Per theorem: correct and scored counts and whether its label is TRUE. Eligible: two or more scored
    items. Under the null each item is right independently with the model's accuracy on eligible items of
    the theorem's label, so a theorem with n items is inconsistent with probability 1 − pⁿ − (1 − p)ⁿ.
    Returns the observed and expected counts, the central 95% range of the null count and the exact
    two-sided p-value (None when the null is degenerate: accuracy 0 or 1 on both labels)."""
    eligible = scored_t >= 2
    c, n, t = correct_t[eligible], scored_t[eligible], true_t[eligible]
    observed = int(((c > 0) & (c < n)).sum())
    out: dict[str, Any] = {"theorems": int(eligible.sum()), "inconsistent": observed, "expected": None,
                           "interval": None, "p": None}  # fmt: skip
    if not eligible.any():
        return out
    p = np.zeros(c.size)
    for label in (True, False):
        chosen = t == label
        if chosen.any():
            p[chosen] = c[chosen].sum() / n[chosen].sum()
    pi = 1 - p**n - (1 - p) ** n
    out["expected"] = float(pi.sum())
    if np.all((pi <= 1e-12) | (pi >= 1 - 1e-12)):
        return out
    pmf = poisson_binomial(pi)
    cdf = np.cumsum(pmf)
    out["interval"] = (int(np.searchsorted(cdf, 0.025 - 1e-12)), int(np.searchsorted(cdf, 0.975 - 1e-12)))
    out["p"] = two_sided(pmf, observed)
    return out


def majority(true_answers: int, scored: int) -> tuple[Literal["TRUE", "FALSE"] | None, float | None]:
    """The model's most frequent answer and its share of the scored answers (ties: TRUE)."""
    if scored <= 0:
        return None, None
    answer: Literal["TRUE", "FALSE"] = "TRUE" if 2 * true_answers >= scored else "FALSE"
    count = true_answers if answer == "TRUE" else scored - true_answers
    return answer, count / scored


def is_constant(share: float | None) -> bool:
    """Whether a majority share makes a model constant (``CONSTANT_SHARE``)."""
    return share is not None and share >= CONSTANT_SHARE - 1e-12


def holds(p_holm: float | None) -> bool:
    """A Holm-adjusted p-value below ``SIGNIFICANCE``."""
    return p_holm is not None and math.isfinite(p_holm) and p_holm < SIGNIFICANCE
