"""Synthetic run directories for the metrics tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import numpy as np

FAMILIES = ("canonical", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8")


def write_run(root: Path, name: str, model: str, rows: Sequence[dict[str, Any]], protocol: str = "invariance",
              items: str | None = None) -> Path:  # fmt: skip
    path = root / name
    path.mkdir(parents=True)
    config: dict[str, Any] = {"model": model, "protocol": protocol}
    config["items"] = items or str(root / "no-such-items.jsonl")
    (path / "config.json").write_text(json.dumps(config), encoding="utf-8")
    (path / "responses.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def inv_row(theorem: str, family: str, label: str, correct: bool | None, model: str, sample: int = 0) -> dict[str, Any]:
    """correct None = unscored."""
    return {"item_id": f"{theorem}#{family}", "theorem_id": theorem, "family": family, "tier": "T0" if family == "canonical" else "T2",
            "label": label, "sample": sample, "model": model, "scored": correct is not None,
            "correct": correct if correct is not None else None,
            "prediction": None if correct is None else (label if correct else ("FALSE" if label == "TRUE" else "TRUE"))}  # fmt: skip


# the hand-computed case (see test_invariance.py): theorem "a" (TRUE) items canonical,F1,F2,F3; sibling "a.rev" (FALSE)
HAND = {
    "m/A": {"a": [1, 1, 1, 1], "a.rev": [1, 0, 1]},
    "m/B": {"a": [1, 0, 1, 1], "a.rev": [1, 1, 1]},
    "m/C": {"a": [1, 0, 1, 0], "a.rev": [0, 1, 1]},
}


def hand_runs(root: Path) -> list[Path]:
    paths = []
    for n, (model, outcome) in enumerate(HAND.items()):
        rows = []
        for theorem, values in outcome.items():
            label = "TRUE" if theorem == "a" else "FALSE"
            rows += [inv_row(theorem, FAMILIES[i], label, bool(v), model) for i, v in enumerate(values)]
        paths.append(write_run(root, f"run{n}", model, rows))
    return paths


def synthetic_rows(model: str, skill: float, n_theorems: int, rng: np.random.Generator, samples: int = 1,
                   family_shift: dict[str, float] | None = None, unscored: float = 0.02) -> list[dict[str, Any]]:  # fmt: skip
    """A model answering each item correctly with probability skill + family shift (clipped)."""
    rows = []
    for t in range(n_theorems):
        for theorem, label in ((f"d.t{t}", "TRUE"), (f"d.t{t}.rev", "FALSE")):
            for family in FAMILIES[: 4 + (t % 6)]:
                p = min(0.98, max(0.02, skill + (family_shift or {}).get(family, 0.0)))
                for s in range(samples):
                    ok = bool(rng.random() < p)
                    rows.append(inv_row(theorem, family, label, None if rng.random() < unscored else ok, model, s))
    return rows


def family_rows(model: str, n_theorems: int, rng: np.random.Generator, right: float | dict[str, float] = 0.5,
                families: Sequence[str] = FAMILIES[:7], answer: str | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """``n_theorems`` TRUE theorems and their FALSE siblings, one item per family each, every item answered
    right with probability ``right`` (per family when a dict; 0.5 elsewhere): at chance by default. With
    ``answer`` ("TRUE" or "FALSE") the model gives that answer to every item (a constant model)."""
    rows = []
    for t in range(n_theorems):
        for theorem, label in ((f"c.t{t}", "TRUE"), (f"c.t{t}.rev", "FALSE")):
            for family in families:
                p = right.get(family, 0.5) if isinstance(right, dict) else right
                ok = label == answer if answer is not None else bool(rng.random() < p)
                rows.append(inv_row(theorem, family, label, ok, model))
    return rows


def as_older_metrics(metrics: dict) -> dict:
    """A copy of ``metrics`` without the fields added with the findings' tests (issue 25): what an older
    pyverify wrote, which must still validate and render."""
    import json

    old = json.loads(json.dumps(metrics))
    invariance = old["invariance"]
    for key in ("uninformative", "compared"):
        del invariance[key]
    for key in ("uninformative_rule", "reversal_test", "family_test", "inconsistency_test"):
        invariance["options"].pop(key, None)
    for stats in invariance["per_model"].values():
        for key in ("majority_answer", "majority_share", "family_contrast", "inconsistency"):
            del stats[key]
    for r in invariance["rank_reversals"]:
        for key in ("diff_a", "p_a", "p_a_holm", "diff_b", "p_b", "p_b_holm", "holds"):
            del r[key]
    return old
