"""Wilson, bootstrap, Cochran's Q / McNemar, exact permutation p, Holm / Bonferroni, Fleiss, Kendall."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.contingency_tables import cochrans_q, mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from pyverify.metrics import MetricsError, bootstrap_ci, cochran, fleiss, grouped_bootstrap, kendall, wilson
from pyverify.metrics._stats import _exact_tail, adjust, cochran_q


def test_wilson_matches_statsmodels_and_hand_value() -> None:
    for k, n in [(0, 10), (3, 10), (10, 10), (57, 200)]:
        lo, hi = proportion_confint(k, n, method="wilson")
        assert wilson(k, n) == pytest.approx((lo, hi), abs=1e-12)
    # hand: k=5, n=10, z=1.959964: centre 0.5, half-width z*sqrt(0.025+z²/400)/(1+z²/10)
    z = 1.959963984540054
    half = z * math.sqrt(0.25 / 10 + z * z / 400) / (1 + z * z / 10)
    assert wilson(5, 10) == pytest.approx((0.5 - half, 0.5 + half))
    assert wilson(0, 0) is None
    with pytest.raises(MetricsError):
        wilson(3, 2)


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
@settings(max_examples=60, deadline=None)
def test_wilson_contains_estimate_within_unit_interval(kn: tuple[int, int]) -> None:
    k, n = kn
    interval = wilson(k, n)
    assert interval is not None
    lo, hi = interval
    assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_bootstrap_ci_brackets_mean_and_is_reproducible() -> None:
    x = np.r_[np.ones(30), np.zeros(70)]
    ci = bootstrap_ci(x, resamples=4000, seed=1)
    assert ci is not None and ci[0] < 0.3 < ci[1]
    assert ci == bootstrap_ci(x, resamples=4000, seed=1)
    # roughly the normal interval 0.3 ± 1.96·sqrt(.21/100)
    assert ci[0] == pytest.approx(0.3 - 0.0898, abs=0.02)
    assert bootstrap_ci([], resamples=10) is None
    assert bootstrap_ci([2.0, 2.0, 2.0], resamples=50) == (2.0, 2.0)


def test_paired_bootstrap_is_bootstrap_of_differences() -> None:
    rng = np.random.default_rng(0)
    a, b = rng.random(40), rng.random(40)
    assert bootstrap_ci(a, b, resamples=500, seed=3) == pytest.approx(bootstrap_ci(a - b, resamples=500, seed=3))
    with pytest.raises(MetricsError):
        bootstrap_ci(a, b[:5])


def test_grouped_bootstrap_resamples_groups() -> None:
    # two groups, all-ones and all-zeros: every resample mean is 0, 1/2 or 1 (weighted by group sizes)
    values = [1, 1, 1, 0]
    groups = ["g1", "g1", "g1", "g2"]
    ci = grouped_bootstrap(values, groups, resamples=2000, seed=0)
    assert ci == (0.0, 1.0)
    # one group per item reduces to the plain bootstrap law
    x = np.r_[np.ones(20), np.zeros(20)]
    g = np.arange(40)
    lo, hi = grouped_bootstrap(x, g, resamples=3000, seed=2)  # type: ignore[misc]
    assert lo == pytest.approx(0.35, abs=0.04) and hi == pytest.approx(0.65, abs=0.04)


def test_cochran_hand_case_statsmodels_and_formula() -> None:
    x = np.array([[1, 1, 1, 1], [1, 0, 1, 1], [1, 0, 1, 0]])
    # hand: k=4, R=(4,3,2), C=(3,1,3,2), N=9: Q = 3(4·23 − 81)/(4·9 − 29) = 33/7
    assert cochran_q(x) == pytest.approx(33 / 7)
    record = cochran(x)
    reference = cochrans_q(x)
    assert record.test == "cochran" and record.k == 4 and record.b == 3 and record.df == 3
    assert record.q == pytest.approx(reference.statistic) and record.q == pytest.approx(33 / 7)
    assert record.p == pytest.approx(reference.pvalue)


@given(st.integers(2, 8), st.integers(3, 6), st.integers(0, 2**31 - 1))
@settings(max_examples=40, deadline=None)
def test_cochran_agrees_with_statsmodels(b: int, k: int, seed: int) -> None:
    x = np.random.default_rng(seed).integers(0, 2, size=(b, k))
    record = cochran(x, permutations=0)
    rows = x.sum(axis=1)
    if np.all((rows == 0) | (rows == k)):
        assert record.test == "undefined" and record.p is None
    else:
        ref = cochrans_q(x)
        assert record.q == pytest.approx(ref.statistic) and record.p == pytest.approx(ref.pvalue)
        assert record.q == pytest.approx(cochran_q(x))


def test_undefined_when_blocks_constant_or_single() -> None:
    assert cochran(np.array([[1, 1, 1], [0, 0, 0], [1, 1, 1]])).test == "undefined"
    assert cochran(np.array([[1, 0, 1]])).test == "undefined"  # one block: Q = k − 1 whatever the data
    assert cochran(np.zeros((3, 1), dtype=int)).test == "undefined"
    with pytest.raises(MetricsError):
        cochran(np.array([[2, 0], [1, 0]]))


def test_mcnemar_at_k2() -> None:
    # 6 blocks: discordant (1,0)×4, (0,1)×1, concordant (1,1)×1
    x = np.array([[1, 0]] * 4 + [[0, 1]] + [[1, 1]])
    record = cochran(x)
    assert record.test == "mcnemar" and record.df == 1
    assert record.q == pytest.approx((4 - 1) ** 2 / 5)  # McNemar's χ² without correction = Cochran's Q at k = 2
    assert record.q == pytest.approx(cochran_q(x))
    assert record.p == pytest.approx(mcnemar([[1, 4], [1, 0]], exact=False, correction=False).pvalue)
    assert record.p_exact == pytest.approx(mcnemar([[1, 4], [1, 0]], exact=True).pvalue)
    assert record.p_exact == pytest.approx(2 * (1 + 5) / 32)  # two-sided binomial P(X ≤ 1), n = 5
    # the exact permutation machinery gives the same p at k = 2
    assert _exact_tail(x, 10**6) == pytest.approx(record.p_exact)


def _brute_force_tail(x: np.ndarray) -> float:
    observed = (x.sum(axis=0) ** 2).sum()
    arrangements = [sorted(set(itertools.permutations(row.tolist()))) for row in x]
    hits = total = 0.0
    for choice in itertools.product(*arrangements):
        total += 1
        hits += (np.array(choice).sum(axis=0) ** 2).sum() >= observed
    return hits / total


@pytest.mark.parametrize("seed", range(6))
def test_exact_permutation_p_equals_brute_force(seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 2, size=(3, 4))
    x[0] = [1, 1, 0, 0]  # at least one informative block
    record = cochran(x)
    assert record.p_exact == pytest.approx(_brute_force_tail(x))
    assert 0 < record.p_exact <= 1  # type: ignore[operator]


def test_monte_carlo_p_used_when_exact_is_too_large() -> None:
    x = np.random.default_rng(5).integers(0, 2, size=(10, 8))
    exact = cochran(x, permutations=0)
    assert exact.p_exact is not None
    approx = cochran(x, permutations=3000, exact_work_limit=10, seed=1)
    assert approx.p_exact is None and approx.p_monte_carlo == pytest.approx(exact.p_exact, abs=0.04)


def test_holm_and_bonferroni_skip_undefined() -> None:
    p = [0.01, None, 0.04, 0.03]
    holm, bonf = adjust(p, "holm"), adjust(p, "bonferroni")
    assert holm[1] is None and bonf[1] is None
    assert [holm[i] for i in (0, 2, 3)] == pytest.approx(list(multipletests([0.01, 0.04, 0.03], method="holm")[1]))
    assert [bonf[i] for i in (0, 2, 3)] == pytest.approx([0.03, 0.12, 0.09])
    assert holm == pytest.approx([0.03, None, 0.06, 0.06])  # type: ignore[arg-type]
    assert adjust([None, None], "holm") == [None, None]


def test_fleiss_hand_case() -> None:
    # 4 items × 3 raters; categories 0/1. P_i: 1, 1/3, 1/3, 1 -> P̄ = 2/3; p_1 = p_0 = 6/12
    # P_e = 1/2; κ = (2/3 − 1/2)/(1 − 1/2) = 1/3
    ratings = [[1, 1, 1], [1, 1, 0], [0, 0, 1], [0, 0, 0]]
    assert fleiss(ratings) == pytest.approx(1 / 3)
    # unbalanced: ones 3,3,2,0 of 12 -> p_1 = 2/3, P_e = 5/9; P_i: 1, 1, 1/3, 1 -> P̄ = 5/6; κ = (5/6 − 5/9)/(4/9) = 5/8
    assert fleiss([[1, 1, 1], [1, 1, 1], [1, 1, 0], [0, 0, 0]]) == pytest.approx(5 / 8)
    assert fleiss([[1, 1], [1, 1]]) is None  # one category only: κ undefined
    assert fleiss([[1], [0]]) is None


def test_kendall_between_rankings() -> None:
    assert kendall(["a", "b", "c"], ["a", "b", "c"])[0] == pytest.approx(1.0)
    assert kendall(["a", "b", "c"], ["c", "b", "a"])[0] == pytest.approx(-1.0)
    tau, _ = kendall(["a", "b", "c", "d"], ["b", "a", "c", "d"])
    assert tau == pytest.approx(4 / 6)  # 5 concordant, 1 discordant pair
    assert kendall(["a"], ["a"]) == (None, None)
