"""Candidate ranking metrics (cbu.md §4) and predictiveness."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score

from pyverify.metrics import MetricsError, acc_at_1, auc, human_win, mean_win, predictiveness, recall_at_5, recall_at_k


def _brute_force(scores: list[float], correct: list[bool], k: int) -> tuple[float, float]:
    """Average Acc@1 and Recall@k over every order consistent with the scores (ties in all orders)."""
    acc, rec, count = 0.0, 0.0, 0
    for order in itertools.permutations(range(len(scores))):
        if any(scores[order[i]] < scores[order[i + 1]] for i in range(len(order) - 1)):
            continue
        count += 1
        acc += correct[order[0]]
        rec += sum(correct[i] for i in order[:k]) / sum(correct)
    return acc / count, rec / count


@pytest.mark.parametrize(
    ("scores", "correct"),
    [
        ([3, 3, 3, 1, 1, 0, 0], [True, False, False, True, False, True, False]),
        ([5, 5, 5, 5, 5, 5, 5], [True, True, False, False, False, False, False]),
        ([9, 8, 7, 7, 7, 7, 1], [False, True, True, False, True, False, True]),
        ([1, 2, 2, 2, 3, 3], [True, False, True, True, False, True]),
    ],
)
def test_acc_and_recall_are_expected_values_over_tie_orders(scores: list[float], correct: list[bool]) -> None:
    acc, rec = _brute_force(scores, correct, 5)
    assert acc_at_1(scores, correct) == pytest.approx(acc)
    assert recall_at_5(scores, correct) == pytest.approx(rec)
    acc2, rec2 = _brute_force(scores, correct, 2)
    assert recall_at_k(scores, correct, 2) == pytest.approx(rec2)


def test_acc_recall_hand_values() -> None:
    # top tie group {0,1,2} holds one correct -> Acc@1 = 1/3
    assert acc_at_1([3, 3, 3, 1], [True, False, False, True]) == pytest.approx(1 / 3)
    # 7 tied, 2 correct: top 5 hold 5·2/7 correct on average -> Recall@5 = 5/7
    assert recall_at_5([1] * 7, [True, True] + [False] * 5) == pytest.approx(5 / 7)
    assert recall_at_5([1, 2], [False, False]) is None
    assert acc_at_1([], []) is None


def test_auc_matches_sklearn_with_ties() -> None:
    rng = np.random.default_rng(0)
    for _ in range(30):
        n = int(rng.integers(2, 15))
        s = rng.integers(0, 4, size=n).astype(float)  # many ties
        y = rng.random(n) < 0.5
        if y.all() or not y.any():
            assert auc(s, y) is None
            continue
        assert auc(s, y) == pytest.approx(roc_auc_score(y, s))
    # hand: correct {3, 1}, wrong {1, 0}: pairs 3>1, 3>0, 1=1 (½), 1>0 -> 3.5/4
    assert auc([3, 1, 1, 0], [True, True, False, False]) == pytest.approx(0.875)


@given(st.lists(st.tuples(st.integers(-3, 3), st.booleans()), min_size=2, max_size=12))
@settings(max_examples=80, deadline=None)
def test_auc_of_negated_scores_is_complement(pairs: list[tuple[int, bool]]) -> None:
    s = [float(a) for a, _ in pairs]
    y = [b for _, b in pairs]
    value = auc(s, y)
    if value is None:
        assert all(y) or not any(y)
        return
    assert value + auc([-v for v in s], y) == pytest.approx(1.0)  # type: ignore[operator]
    assert 0.0 <= value <= 1.0


def test_mean_win_and_human_win() -> None:
    assert mean_win([4, 2, 1], [True, False, False]) == 1.0
    assert mean_win([1, 2, 0], [True, True, False]) == 1.0
    assert mean_win([1, 1], [True, False]) == 0.5
    assert mean_win([0, 1], [True, False]) == 0.0
    assert mean_win([1, 1], [True, True]) is None
    assert human_win(1.0, [3, 1, 3], [True, False, False]) == 0.0  # w̄ = 2
    assert human_win(2.0, [3, 1, 2], [True, False, False]) == 1.0  # w̄ = 1.5
    assert human_win(2.0, [3, 1, 3], [True, False, True]) == 1.0
    with pytest.raises(MetricsError):
        auc([1, 2], [True])


def test_human_win_tie_is_half() -> None:
    assert human_win(2.0, [5, 1, 3], [True, False, False]) == 0.5


def test_predictiveness_learns_an_informative_score() -> None:
    rng = np.random.default_rng(0)
    problems = np.repeat(np.arange(40), 4)
    y = rng.random(problems.size) < 0.5
    informative = y + rng.normal(0, 0.3, size=y.size)
    noise = rng.normal(0, 1, size=y.size)
    good = predictiveness(informative, y, problems, seed=0)
    assert good is not None and good > 0.85
    both = predictiveness(np.c_[informative, noise], y, problems, seed=0)
    assert both is not None and both > 0.8
    assert predictiveness([1.0, 2.0], [True, False], ["p", "p"]) is None  # one problem: no held-out fold
    # perfectly separable data does not break the fit (ridge)
    assert predictiveness([0, 1, 0, 1, 0, 1], [False, True] * 3, [1, 1, 2, 2, 3, 3]) == 1.0
