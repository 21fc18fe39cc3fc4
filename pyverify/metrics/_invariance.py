"""Plain array forms of the per-theorem invariance statistics (spec invariance.md §3).

``compute`` uses the vectorized versions in ``_compute``; these take one model's outcomes as a list of
theorems, each a sequence of 0/1 correctness values with the canonical item first.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from pyverify.metrics._errors import MetricsError


def information_gap(correct: Sequence[bool] | Sequence[int]) -> float | None:
    """IG_t = sqrt(p_t (1 − p_t)), the population standard deviation of correctness over a theorem's
    scored items; in [0, 0.5]. None for no items."""
    c = np.asarray(correct, dtype=float)
    if c.size == 0:
        return None
    p = float(c.mean())
    return math.sqrt(p * (1 - p))


def _check(theorems: Sequence[Sequence[int] | Sequence[bool]]) -> list[np.ndarray]:
    out = []
    for t, items in enumerate(theorems):
        arr = np.asarray(items, dtype=int)
        if arr.ndim != 1 or arr.size == 0 or not np.isin(arr, (0, 1)).all():
            raise MetricsError(f"theorem {t}: need a non-empty 0/1 sequence with the canonical item first")
        out.append(arr)
    return out


def scr(theorems: Sequence[Sequence[int] | Sequence[bool]]) -> dict[str, float | int | None]:
    """SCR (variant canonical+clean-paraphrases): share of theorems whose canonical item (first) and every
    clean paraphrase are correct, with the independence floor mean_t p̄^{k_t} (p̄: pooled accuracy)."""
    arrs = _check(theorems)
    if not arrs:
        return {"value": None, "theorems": 0, "independence_floor": None}
    p_bar = float(np.concatenate(arrs).mean())
    return {"value": float(np.mean([a.all() for a in arrs])), "theorems": len(arrs),
            "independence_floor": float(np.mean([p_bar ** a.size for a in arrs]))}  # fmt: skip


def cir(theorems: Sequence[Sequence[int] | Sequence[bool]]) -> dict[str, float | int | None]:
    """CIR: among theorems with a correct canonical item (first) and ≥ 2 clean paraphrases, the share
    where some paraphrase is wrong. Pass false siblings for FALSE-CIR."""
    eligible = [a for a in _check(theorems) if a[0] == 1 and a.size - 1 >= 2]
    if not eligible:
        return {"value": None, "theorems": 0}
    return {"value": float(np.mean([not a[1:].all() for a in eligible])), "theorems": len(eligible)}
