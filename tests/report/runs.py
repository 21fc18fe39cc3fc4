"""Run directories with numbers known by hand, for the Findings: metrics come from ``pyverify.metrics.compute``.

Two models on 4 TRUE theorems and their 4 FALSE siblings, each with a canonical item and paraphrases F1,
F2, F6 (32 items):

- ``m/yes`` answers TRUE to everything: accuracy 16/32 = the always-TRUE baseline = the always-FALSE one,
  TRUE answers 100 %, no theorem inconsistent, failure 0.5 on every family;
- ``m/good`` answers canonical and F2 right, F6 wrong everywhere, F1 wrong on t0, t1, t2, t0.rev, t1.rev:
  accuracy 19/32, TRUE answers 9 (TRUE items right) + 6 (FALSE items wrong) = 15/32, every theorem
  inconsistent, F6 fails 8/8, F1 5/8. It beats m/yes on canonical and F2 and loses on F1 and F6, but m/yes
  is constant (uninformative), so it is left out of the comparisons and no reversal is computed; F6 against
  m/good's other items of the same theorems: exact p = 1/2048 (F6 wrong on all 8 theorems, each with
  chance 1/2 or 1/4 under the permutation law), 4/2048 after Holm over its four family contrasts.

Synthetic pairs (``chance_runs``, ``family_effect_runs``) answer 20 theorems and their FALSE siblings at random,
or with one model right on F1 and wrong on F2 and the other the reverse.

One model with 20 samples (within-model Cochran's Q): on ``s0`` canonical, F1 and F2 are always right and
F6 always wrong (Q = 60, df 3), on ``s1`` F1 is wrong in one sample only, ``s1.rev`` never varies.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from tests.metrics.runs import family_rows, inv_row, write_run

FAMILIES = ("canonical", "F1", "F2", "F6")
TRUE_THEOREMS = ("t0", "t1", "t2", "t3")
GOOD_F1_WRONG = {"t0", "t1", "t2", "t0.rev", "t1.rev"}


def _theorems() -> list[tuple[str, str]]:
    return [(t, "TRUE") for t in TRUE_THEOREMS] + [(f"{t}.rev", "FALSE") for t in TRUE_THEOREMS]


def always_true_rows(model: str = "m/yes") -> list[dict[str, Any]]:
    return [
        inv_row(theorem, family, label, label == "TRUE", model) for theorem, label in _theorems() for family in FAMILIES
    ]


def good_rows(model: str = "m/good") -> list[dict[str, Any]]:
    rows = []
    for theorem, label in _theorems():
        for family in FAMILIES:
            correct = family in ("canonical", "F2") or (family == "F1" and theorem not in GOOD_F1_WRONG)
            rows.append(inv_row(theorem, family, label, correct, model))
    return rows


def two_model_runs(root: Path) -> list[Path]:
    """m/yes and m/good (see the module docstring)."""
    return [write_run(root, "yes", "m/yes", always_true_rows()), write_run(root, "good", "m/good", good_rows())]


def chance_runs(root: Path, seed: int = 0, models: tuple[str, ...] = ("m/a", "m/b")) -> list[Path]:
    """Models answering every item of 20 theorem pairs × 7 families at random (seed 0: 12 apparent reversals)."""
    rng = np.random.default_rng(seed)
    return [write_run(root, f"chance{i}", model, family_rows(model, 20, rng)) for i, model in enumerate(models)]


def family_effect_runs(root: Path) -> list[Path]:
    """m/x right on 95 % of F1 and 10 % of F2 items, m/y the reverse, both at chance on canonical and F6."""
    rng = np.random.default_rng(5)
    families = ("canonical", "F1", "F2", "F6")
    return [
        write_run(root, "x", "m/x", family_rows("m/x", 20, rng, {"F1": 0.95, "F2": 0.1}, families)),
        write_run(root, "y", "m/y", family_rows("m/y", 20, rng, {"F1": 0.1, "F2": 0.95}, families)),
    ]


def constant_run(root: Path, model: str = "m/const", answer: str = "TRUE") -> Path:
    """A model answering ``answer`` to the same items as ``chance_runs``."""
    return write_run(root, "constant-" + answer, model, family_rows(model, 20, np.random.default_rng(0), answer=answer))


def one_model_runs(root: Path, samples: int = 20) -> list[Path]:
    """m/solo with ``samples`` samples per item (one sample: no Cochran's Q at all)."""
    rows = []
    for sample in range(samples):
        for family in FAMILIES:
            rows.append(inv_row("s0", family, "TRUE", family != "F6", "m/solo", sample))
            rows.append(inv_row("s1", family, "TRUE", not (family == "F1" and sample == 0), "m/solo", sample))
            rows.append(inv_row("s1.rev", family, "FALSE", True, "m/solo", sample))
    return [write_run(root, "solo", "m/solo", rows)]


def claim_audit_run(root: Path, model: str = "m/yes", per_family: int = 2) -> Path:
    """A claim-audit run directory with its suite: the first task answered with its reference audit, the
    second with text that holds no audit, the rest not answered (unavailable)."""
    import json

    from pyverify.claims._generate import build
    from pyverify.claims._io import write_jsonl, write_manifest

    tasks, references = build(0, per_family)
    path = root / "audit"
    suite = path / "suite"
    suite.mkdir(parents=True)
    write_jsonl(suite / "tasks.jsonl", tasks)
    write_jsonl(suite / "references.jsonl", references)
    write_manifest(suite, 0, per_family, {})
    gold = {"task_id": tasks[0].task_id, **references[0].gold.model_dump()}
    rows = [
        {"task_id": tasks[0].task_id, "protocol": "direct", "prediction": gold, "raw_output": json.dumps(gold)},
        {"task_id": tasks[1].task_id, "protocol": "direct", "prediction": None, "raw_output": "I am not sure."},
    ]
    (path / "config.json").write_text(json.dumps({"model": model, "protocol": "claim-audit"}), encoding="utf-8")
    (path / "responses.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    summary = {"records": 2, "conditions": ["direct"], "tasks": len(tasks), "unparseable": 1, "suite": str(suite)}
    (path / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    return path
