"""Consequence-based utility on claim-audit tasks with a scripted backend."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from pyverify.claims._generate import build
from pyverify.models._backend import Request, Response
from pyverify.models._store import ResponseStore
from pyverify.protocols._cbu import neighbours, parse_judge, run


class Scripted:
    """The solver copies the gold audit of the related task when the candidate it was shown is the
    gold audit of the original task, and answers 'valid' otherwise; the judge says 7."""

    model_id, revision = "scripted/m", "1"

    def __init__(self, gold: dict[str, dict[str, Any]], prompts: dict[str, str]) -> None:
        self.gold, self.prompts = gold, prompts

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        out = []
        for r in requests:
            text = r.messages[-1][1]
            if "Rate the candidate" in text:
                out.append(Response(r.request_id, text="7"))
                continue
            target = next((tid for tid, p in self.prompts.items() if text.endswith(p)), None)
            shown_gold = any(json.dumps(g, ensure_ascii=False, default=str) in text for g in self.gold.values())
            if target and shown_gold and "CANDIDATE AUDIT" in text:
                out.append(Response(r.request_id, text=json.dumps(self.gold[target])))
            else:
                out.append(Response(r.request_id, text=json.dumps({"task_id": target, "verdict": "valid", "scope": "x",
                                                                   "failure_mode": "none", "counterexample": None,
                                                                   "repair": "none"})))  # fmt: skip
        return out

    def score(self, requests: Sequence[Request]) -> list[Response]:
        raise AssertionError("cbu only generates")

    def describe(self) -> dict[str, Any]:
        return {}


def test_utility_rewards_the_candidate_that_helps(tmp_path: Path) -> None:
    tasks, refs = build(0)
    gold = {r.task_id: {"task_id": r.task_id, **r.gold.model_dump()} for r in refs}
    backend = Scripted(gold, {t.task_id: t.prompt for t in tasks})
    task_id = "REC-003"
    wrong = dict(gold[task_id], verdict="valid", counterexample=None, failure_mode="none", repair="none")
    with ResponseStore(tmp_path / "store.sqlite") as store:
        result = run(backend, tasks, refs, {task_id: [gold[task_id], wrong]}, store, samples=2)
    entry = result["tasks"][task_id]
    assert len(entry["neighbours"]) == 2
    good, bad = entry["candidates"]
    assert good["calls"] == bad["calls"] == 4
    assert good["utility"] == 1.0 and bad["utility"] < 1.0  # the gold audit helps, the wrong one does not
    assert good["judge"] == bad["judge"] == 7 and good["judge_scored"] == 4  # matched budget
    assert set(entry["unaided_accuracy"]) == set(entry["neighbours"])


def test_neighbours_share_formula_or_condition() -> None:
    _, refs = build(0)
    by_id = {r.task_id: r for r in refs}
    for task_id in ("OPT-001", "REC-007", "LIN-004"):
        for other in neighbours(task_id, refs, limit=3):
            a, b = by_id[task_id].source, by_id[other].source
            assert by_id[other].family == by_id[task_id].family and other != task_id
            assert a["formula_id"] == b["formula_id"] or a["condition"] == b["condition"]


def test_judge_parsing() -> None:
    assert parse_judge("8") == 8 and parse_judge("Score: 10/10") == 10 and parse_judge("no idea") is None


def test_catalog_cbu_uses_certified_labels(tmp_path: Path) -> None:
    from pyverify.protocols._cbu import catalog_neighbours, run_catalog

    items = [
        {"item_id": "t#canonical", "theorem_id": "t", "parent_theorem": "t", "family": "canonical", "label": "TRUE", "text": "Q1"},
        {"item_id": "t#F1", "theorem_id": "t", "parent_theorem": "t", "family": "F1", "label": "TRUE", "text": "Q1 reworded"},
        {"item_id": "t.s#canonical", "theorem_id": "t.s", "parent_theorem": "t", "family": "canonical", "label": "FALSE", "text": "Q2"},
    ]  # fmt: skip
    assert [n["item_id"] for n in catalog_neighbours(items[0], items)] == ["t.s#canonical", "t#F1"]

    class Echo:
        """Answers TRUE when told the candidate TRUE, FALSE otherwise; the judge says 5."""

        model_id, revision = "echo/m", "1"

        def generate(self, requests: Sequence[Request]) -> list[Response]:
            out = []
            for r in requests:
                text = r.messages[-1][1]
                if "Rate the candidate" in text:
                    out.append(Response(r.request_id, text="5"))
                else:
                    out.append(
                        Response(r.request_id, text="TRUE" if "candidate answer to it: TRUE" in text else "FALSE")
                    )
            return out

        def describe(self) -> dict[str, Any]:
            return {}

    with ResponseStore(tmp_path / "s.sqlite") as store:
        result = run_catalog(Echo(), items, {"t#canonical": ["TRUE", "FALSE"]}, store, samples=2)
    rows = result["items"]["t#canonical"]["candidates"]
    # neighbours: the FALSE sibling and a TRUE rewording, so echoing either candidate gets one of two right
    assert rows[0]["utility"] == rows[1]["utility"] == 0.5 and rows[0]["calls"] == 4
    assert rows[0]["judge"] == 5 and rows[0]["judge_scored"] == 4
