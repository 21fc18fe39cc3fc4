"""Consequence-based utility (spec: cbu.md) on claim-audit tasks, with the LLM-judge baseline.

For a task Q with candidate audits C_1..C_n and neighbours N(Q) — other tasks of the same family that
share Q's formula or condition — a solver is shown (Q, C, Q*) and asked to audit Q*; T samples each.
v(Q*, C̃) is exact: the neighbour's audit is scored *safe* against its derived reference (the
label-blind checker verifies any witness). U(C) is the mean of v over neighbours and samples; no
baseline is subtracted. The unconditioned solver accuracy on each Q* is recorded (difficulty).
The LLM judge scores (Q, C) from 1 to 10 with the same number of calls; output with no score is
unscored.
"""

from __future__ import annotations

import re
from statistics import mean
from typing import Any, Callable, Sequence

from pyverify.models._backend import Decoding, Request

SOLVER = ("Here is a claim audit task and a candidate audit of it.\n\nTASK:\n{task}\n\nCANDIDATE AUDIT:\n{candidate}\n\n"
          "Use what the candidate shows to audit the following related task.\n\nRELATED TASK:\n{neighbour}")  # fmt: skip
JUDGE = ("Here is a claim audit task and a candidate audit of it.\n\nTASK:\n{task}\n\nCANDIDATE AUDIT:\n{candidate}\n\n"
         "Rate the candidate's correctness from 1 (certainly wrong) to 10 (certainly right). "
         "Answer with the number only.")  # fmt: skip


def neighbours(task_id: str, references: Sequence[Any], limit: int = 2) -> list[str]:
    """Tasks of the same family sharing the formula or the condition (other claim groups first)."""
    by_id = {r.task_id: r for r in references}
    ref = by_id[task_id]
    scored = []
    for other in references:
        if other.task_id == task_id or other.family != ref.family:
            continue
        same_formula = other.source.get("formula_id") == ref.source.get("formula_id")
        same_condition = other.source.get("condition") == ref.source.get("condition")
        if not (same_formula or same_condition):
            continue
        rank = (other.claim_group == ref.claim_group, not same_formula, other.task_id)
        scored.append((rank, other.task_id))
    return [tid for _, tid in sorted(scored)[:limit]]


def parse_judge(text: str) -> int | None:
    match = re.search(r"\b(10|[1-9])\b", text)
    return int(match.group(1)) if match else None


def run(backend: Any, tasks: Sequence[Any], references: Sequence[Any], candidates: dict[str, list[dict[str, Any]]],
        store: Any, *, samples: int = 8, neighbours_per_task: int = 2, decoding: Decoding | None = None,
        batch_size: int = 8, progress: Callable[[int], None] | None = None) -> dict[str, Any]:  # fmt: skip
    """U(C) and the judge's score for every candidate of every task in ``candidates``."""
    import json

    from pyverify.claims._extract import extract
    from pyverify.claims._score import score_task
    from pyverify.models._runner import run_requests

    decoding = decoding or Decoding(max_new_tokens=256, temperature=0.7)
    task_by_id = {t.task_id: t for t in tasks}
    ref_by_id = {r.task_id: r for r in references}
    results: dict[str, Any] = {}
    for task_id, cands in candidates.items():
        task = task_by_id[task_id]
        near = neighbours(task_id, references, neighbours_per_task)
        solver_requests, judge_requests = [], []
        for c_index, candidate in enumerate(cands):
            shown = json.dumps(candidate, ensure_ascii=False, default=str)
            for n_id in near:
                text = SOLVER.format(task=task.prompt, candidate=shown, neighbour=task_by_id[n_id].prompt)
                for t in range(samples):
                    d = Decoding(decoding.max_new_tokens, decoding.temperature, decoding.top_p, decoding.seed + t)
                    solver_requests.append(Request(f"{task_id}#c{c_index}#{n_id}#t{t}", (("user", text),), d))
            judge_text = JUDGE.format(task=task.prompt, candidate=shown)
            for t in range(max(1, len(near) * samples)):  # the same number of calls as CBU spends
                d = Decoding(8, decoding.temperature, decoding.top_p, decoding.seed + t)
                judge_requests.append(Request(f"{task_id}#c{c_index}#judge#t{t}", (("user", judge_text),), d))
        unaided = [Request(f"{n_id}#unaided#t{t}", (("user", task_by_id[n_id].prompt),),
                           Decoding(decoding.max_new_tokens, decoding.temperature, decoding.top_p, decoding.seed + t))
                   for n_id in near for t in range(samples)]  # fmt: skip
        tick = (lambda *_: progress(1)) if progress else None
        answers = run_requests(backend, solver_requests + judge_requests + unaided, store, mode="generate",
                               batch_size=batch_size, on_result=tick)  # fmt: skip
        by_id = {r.request_id: a for r, a in zip(solver_requests + judge_requests + unaided, answers)}

        def correct(request_id: str, neighbour_id: str, by_id: dict[str, Any] = by_id) -> int:
            parsed = extract(by_id[request_id].text)
            row = score_task(task_by_id[neighbour_id], ref_by_id[neighbour_id], parsed)
            return int(bool(row.get("safe")))

        per_candidate = []
        for c_index in range(len(cands)):
            votes = [correct(f"{task_id}#c{c_index}#{n}#t{t}", n) for n in near for t in range(samples)]
            judged = [
                parse_judge(by_id[r.request_id].text)
                for r in judge_requests
                if r.request_id.startswith(f"{task_id}#c{c_index}#")
            ]
            scores = [s for s in judged if s is not None]
            per_candidate.append({"candidate": c_index, "utility": mean(votes) if votes else None, "calls": len(votes),
                                  "judge": mean(scores) if scores else None, "judge_scored": len(scores)})  # fmt: skip
        difficulty = {n: mean(correct(f"{n}#unaided#t{t}", n) for t in range(samples)) for n in near}
        results[task_id] = {"neighbours": near, "candidates": per_candidate, "unaided_accuracy": difficulty}
    return {"tasks": results, "samples": samples}


# ---------------------------------------------------------------- catalog items

CATALOG_SOLVER = ("Question: {question}\nA candidate answer to it: {candidate}\n\nUse what the candidate shows to answer "
                  "this related question.\nQuestion: {neighbour}\nAnswer with TRUE or FALSE.")  # fmt: skip
CATALOG_JUDGE = ("Question: {question}\nA candidate answer to it: {candidate}\n\nRate the candidate's correctness from 1 "
                 "(certainly wrong) to 10 (certainly right). Answer with the number only.")  # fmt: skip


def catalog_neighbours(item: dict[str, Any], items: Sequence[dict[str, Any]], limit: int = 2) -> list[dict[str, Any]]:
    """Items about the same theorem: its false sibling (or the theorem, for a sibling) first, then other wordings."""
    same = [
        i for i in items if i.get("parent_theorem") == item.get("parent_theorem") and i["item_id"] != item["item_id"]
    ]
    same.sort(key=lambda i: (i["theorem_id"] == item["theorem_id"], i["family"] != "canonical", i["item_id"]))
    return same[:limit]


def run_catalog(backend: Any, items: Sequence[dict[str, Any]], candidates: dict[str, list[str]], store: Any, *,
                samples: int = 8, neighbours_per_item: int = 2, decoding: Decoding | None = None, batch_size: int = 8,
                progress: Callable[[int], None] | None = None) -> dict[str, Any]:  # fmt: skip
    """U(C) for candidate answers of catalog items; v is exact: the neighbour's certified label."""
    from pyverify.models._runner import run_requests
    from pyverify.protocols._invariance import parse_answer

    decoding = decoding or Decoding(max_new_tokens=16, temperature=0.7)
    by_id = {i["item_id"]: i for i in items}
    results: dict[str, Any] = {}
    for item_id, cands in candidates.items():
        item = by_id[item_id]
        near = catalog_neighbours(item, items, neighbours_per_item)
        solver, judge = [], []
        for c, candidate in enumerate(cands):
            for n in near:
                text = CATALOG_SOLVER.format(question=item["text"], candidate=candidate, neighbour=n["text"])
                for t in range(samples):
                    d = Decoding(decoding.max_new_tokens, decoding.temperature, decoding.top_p, decoding.seed + t)
                    solver.append(Request(f"{item_id}#c{c}#{n['item_id']}#t{t}", (("user", text),), d))
            for t in range(max(1, len(near) * samples)):
                d = Decoding(8, decoding.temperature, decoding.top_p, decoding.seed + t)
                judge.append(
                    Request(
                        f"{item_id}#c{c}#judge#t{t}",
                        (("user", CATALOG_JUDGE.format(question=item["text"], candidate=candidate)),),
                        d,
                    )
                )
        unaided = [Request(f"{n['item_id']}#unaided#t{t}", (("user", f"{n['text']}\nAnswer with TRUE or FALSE."),),
                           Decoding(decoding.max_new_tokens, decoding.temperature, decoding.top_p, decoding.seed + t))
                   for n in near for t in range(samples)]  # fmt: skip
        tick = (lambda *_: progress(1)) if progress else None
        answers = run_requests(
            backend, solver + judge + unaided, store, mode="generate", batch_size=batch_size, on_result=tick
        )
        text_of = {r.request_id: a.text for r, a in zip(solver + judge + unaided, answers)}

        def right(request_id: str, neighbour: dict[str, Any], text_of: dict[str, str] = text_of) -> int:
            return int(parse_answer(text_of[request_id])[0] == neighbour["label"])

        rows = []
        for c in range(len(cands)):
            votes = [right(f"{item_id}#c{c}#{n['item_id']}#t{t}", n) for n in near for t in range(samples)]
            scores = [
                s
                for s in (
                    parse_judge(text_of[r.request_id]) for r in judge if r.request_id.startswith(f"{item_id}#c{c}#")
                )
                if s is not None
            ]
            rows.append({"candidate": c, "utility": mean(votes) if votes else None, "calls": len(votes),
                         "judge": mean(scores) if scores else None, "judge_scored": len(scores)})  # fmt: skip
        unaided_accuracy = {
            n["item_id"]: mean(right(f"{n['item_id']}#unaided#t{t}", n) for t in range(samples)) for n in near
        }
        results[item_id] = {
            "neighbours": [n["item_id"] for n in near],
            "candidates": rows,
            "unaided_accuracy": unaided_accuracy,
        }
    return {"items": results, "samples": samples}
