"""Consequence-based utility (spec: cbu.md) on claim-audit tasks, with the LLM-judge baseline.

For a task Q with candidate audits C_1..C_n and neighbours N(Q) — other tasks of the same family that
share Q's formula or condition — a solver is shown (Q, C, Q*) and asked to audit Q*; T samples each.
v(Q*, C̃) is exact: the neighbour's audit is scored *safe* against its derived reference (the
label-blind checker verifies any witness). U(C) is the mean of v over neighbours and samples; no
baseline is subtracted. The unconditioned solver accuracy on each Q* is recorded (difficulty).
The LLM judge scores (Q, C) from 1 to 10 with the same number of calls; output with no score is
unscored.

Two protocols: ``cbu`` (:class:`CBU`, canonical claim-audit tasks) and ``cbu-catalog``
(:class:`CatalogCBU`, canonical catalog items with the candidates TRUE and FALSE, where v is the
neighbour's certified label). ``run`` and ``run_catalog`` compute U(C) for given candidates against a
response store, without a run directory.
"""

from __future__ import annotations

import re
from pathlib import Path
from statistics import mean
from typing import Any, Callable, Iterator, Sequence

from pyverify.models._backend import Decoding, Request, Response
from pyverify.protocols._inputs import DEFAULT_ITEMS, load_items, spread, stratified
from pyverify.protocols._protocol import Answer, Inputs, Protocol, Round
from pyverify.protocols._schemas import JUDGE_SCHEMA, TRUE_FALSE_SCHEMA, audit_schema, output_form

SOLVER = ("Here is a claim audit task and a candidate audit of it.\n\nTASK:\n{task}\n\nCANDIDATE AUDIT:\n{candidate}\n\n"
          "Use what the candidate shows to audit the following related task.\n\nRELATED TASK:\n{neighbour}")  # fmt: skip
JUDGE = ("Here is a claim audit task and a candidate audit of it.\n\nTASK:\n{task}\n\nCANDIDATE AUDIT:\n{candidate}\n\n"
         "Rate the candidate's correctness from 1 (certainly wrong) to 10 (certainly right). "
         "Answer with the number only.")  # fmt: skip
DEFAULT_DECODING = Decoding(max_new_tokens=256, temperature=0.7)


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
    from pyverify.models._runner import run_requests

    decoding = decoding or DEFAULT_DECODING
    task_by_id = {t.task_id: t for t in tasks}
    ref_by_id = {r.task_id: r for r in references}
    results: dict[str, Any] = {}
    for task_id, cands in candidates.items():
        near = neighbours(task_id, references, neighbours_per_task)
        reqs = _task_requests(task_id, cands, near, task_by_id, samples, decoding)
        tick = (lambda *_: progress(1)) if progress else None
        answers = run_requests(backend, reqs, store, mode="generate", batch_size=batch_size, on_result=tick)
        by_id = {r.request_id: a for r, a in zip(reqs, answers)}
        results[task_id] = _task_utility(task_id, len(cands), near, by_id, task_by_id, ref_by_id, samples)
    return {"tasks": results, "samples": samples}


def _task_requests(task_id: str, cands: Sequence[dict[str, Any]], near: Sequence[str], task_by_id: dict[str, Any],
                   samples: int, decoding: Decoding) -> list[Request]:  # fmt: skip
    """One task's round: the solver shown each candidate, the judge (as many calls), the unaided solver."""
    import json

    task = task_by_id[task_id]
    solver_requests, judge_requests = [], []
    for c_index, candidate in enumerate(cands):
        shown = json.dumps(candidate, ensure_ascii=False, default=str)
        for n_id in near:
            text = SOLVER.format(task=task.prompt, candidate=shown, neighbour=task_by_id[n_id].prompt)
            for t in range(samples):
                d = Decoding(decoding.max_new_tokens, decoding.temperature, decoding.top_p, decoding.seed + t)
                solver_requests.append(Request(f"{task_id}#c{c_index}#{n_id}#t{t}", (("user", text),), d))
        judge_text = JUDGE.format(task=task.prompt, candidate=shown)
        for t in range(_judge_calls(near, samples)):  # the same number of calls as CBU spends
            d = Decoding(8, decoding.temperature, decoding.top_p, decoding.seed + t)
            judge_requests.append(Request(f"{task_id}#c{c_index}#judge#t{t}", (("user", judge_text),), d))
    unaided = [Request(f"{n_id}#unaided#t{t}", (("user", task_by_id[n_id].prompt),),
                       Decoding(decoding.max_new_tokens, decoding.temperature, decoding.top_p, decoding.seed + t))
               for n_id in near for t in range(samples)]  # fmt: skip
    return solver_requests + judge_requests + unaided


def _task_utility(task_id: str, n_candidates: int, near: Sequence[str], by_id: dict[str, Response],
                  task_by_id: dict[str, Any], ref_by_id: dict[str, Any], samples: int) -> dict[str, Any]:  # fmt: skip
    """One task's entry from its round's answers (``by_id``: request id -> response)."""
    from pyverify.claims._extract import extract
    from pyverify.claims._score import score_task

    def correct(request_id: str, neighbour_id: str) -> int:
        parsed = extract(by_id[request_id].text)
        row = score_task(task_by_id[neighbour_id], ref_by_id[neighbour_id], parsed)
        return int(bool(row.get("safe")))

    per_candidate = []
    for c_index in range(n_candidates):
        votes = [correct(f"{task_id}#c{c_index}#{n}#t{t}", n) for n in near for t in range(samples)]
        judged = [
            parse_judge(by_id[f"{task_id}#c{c_index}#judge#t{t}"].text) for t in range(_judge_calls(near, samples))
        ]
        scores = [s for s in judged if s is not None]
        per_candidate.append({"candidate": c_index, "utility": mean(votes) if votes else None, "calls": len(votes),
                              "judge": mean(scores) if scores else None, "judge_scored": len(scores)})  # fmt: skip
    difficulty = {n: mean(correct(f"{n}#unaided#t{t}", n) for t in range(samples)) for n in near}
    return {"neighbours": list(near), "candidates": per_candidate, "unaided_accuracy": difficulty}


def _judge_calls(near: Sequence[Any], samples: int) -> int:
    return max(1, len(near) * samples)


class CBU(Protocol):
    """CBU on canonical claim-audit tasks; candidates: the reference audit, always-valid, always-invalid.

    One round per task (solver, judge and unaided calls together); one row per candidate.
    """

    name = "cbu"
    title = "cbu"
    needs = ("limit", "samples", "max_new_tokens", "batch_size", "structured")

    def load(self) -> None:
        from pyverify.claims._generate import build

        self.tasks, self.references = build(0)
        self.chosen = spread(self.tasks, self.options.limit or 6)
        by_ref = {r.task_id: r for r in self.references}
        self.candidates: dict[str, list[dict[str, Any]]] = {}
        self.correctness: dict[str, list[bool]] = {}
        for task in self.chosen:
            ref = by_ref[task.task_id]
            gold = {"task_id": task.task_id, **ref.gold.model_dump()}
            valid = dict(gold, verdict="valid", failure_mode="none", repair="none", counterexample=None)
            invalid = dict(gold, verdict="invalid", counterexample=None,
                           failure_mode=ref.gold.failure_mode if ref.gold.verdict == "invalid" else task.labels["failure_modes"][-1],
                           repair=ref.gold.repair if ref.gold.verdict == "invalid" else task.labels["repairs"][-1])  # fmt: skip
            self.candidates[task.task_id] = [gold, valid, invalid]
            self.correctness[task.task_id] = [True, ref.gold.verdict == "valid", False]

    def prepare(self, out: Path) -> Inputs:
        n, samples = len(self.chosen), self.options.samples
        # 3 candidates x 2 neighbours x samples, solver and judge, then the unaided solver
        return Inputs((), {"tasks": n, "samples": samples}, n * 3 * 2 * samples * 2 + n * 2 * samples)

    def requests(self) -> Iterator[Round]:
        samples = self.options.samples
        decoding = Decoding(
            max_new_tokens=self.options.max_new_tokens or DEFAULT_DECODING.max_new_tokens, temperature=0.7
        )
        task_by_id = {t.task_id: t for t in self.tasks}
        ref_by_id = {r.task_id: r for r in self.references}
        self._rows: list[dict[str, Any]] = []
        for task_id, cands in self.candidates.items():
            near = neighbours(task_id, self.references)
            self._answers: dict[str, Response] = {}
            reqs = _task_requests(task_id, cands, near, task_by_id, samples, decoding)
            if self.options.structured:
                reqs = structure(reqs, lambda rid: audit_schema(_neighbour_of(rid), task_by_id[_neighbour_of(rid)].response_schema))
            yield Round(reqs)
            entry = _task_utility(task_id, len(cands), near, self._answers, task_by_id, ref_by_id, samples)
            for cand, ok in zip(entry["candidates"], self.correctness[task_id]):
                self._rows.append({"task_id": task_id, **cand, "correct": ok, "neighbours": entry["neighbours"],
                                   "unaided_accuracy": entry["unaided_accuracy"]})  # fmt: skip

    def score(self, answer: Answer) -> None:
        self._answers[answer.request.request_id] = answer.response

    def rows(self) -> list[dict[str, Any]]:
        return self._rows

    def provenance(self) -> dict[str, Any]:
        return {"output": output_form(self.options.structured)}

    def summarize(self, rows: Sequence[dict[str, Any]], seconds: float) -> dict[str, Any]:
        return {"tasks": len(self.chosen), "candidates": 3 * len(self.chosen), "samples": self.options.samples,
                "output": output_form(self.options.structured)}  # fmt: skip


def _neighbour_of(request_id: str) -> str:
    """The task a solver or unaided request audits: ``T#cK#N#tJ`` -> N, ``N#unaided#tJ`` -> N."""
    parts = request_id.split("#")
    return parts[0] if parts[1] == "unaided" else parts[2]


def structure(requests: Sequence[Request], answer_schema: Callable[[str], str]) -> list[Request]:
    """The requests with their schemas set: the judge's (an integer from 1 to 10) for ``#judge#`` requests,
    ``answer_schema(request_id)`` for the others."""
    import dataclasses

    out = []
    for request in requests:
        schema = JUDGE_SCHEMA if "#judge#" in request.request_id else answer_schema(request.request_id)
        out.append(dataclasses.replace(request, decoding=dataclasses.replace(request.decoding, json_schema=schema)))
    return out


# ---------------------------------------------------------------- catalog items

CATALOG_SOLVER = ("Question: {question}\nA candidate answer to it: {candidate}\n\nUse what the candidate shows to answer "
                  "this related question.\nQuestion: {neighbour}\nAnswer with TRUE or FALSE.")  # fmt: skip
CATALOG_JUDGE = ("Question: {question}\nA candidate answer to it: {candidate}\n\nRate the candidate's correctness from 1 "
                 "(certainly wrong) to 10 (certainly right). Answer with the number only.")  # fmt: skip
CATALOG_DECODING = Decoding(max_new_tokens=16, temperature=0.7)


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

    decoding = decoding or CATALOG_DECODING
    by_id = {i["item_id"]: i for i in items}
    results: dict[str, Any] = {}
    for item_id, cands in candidates.items():
        near = catalog_neighbours(by_id[item_id], items, neighbours_per_item)
        reqs = _item_requests(by_id[item_id], cands, near, samples, decoding)
        tick = (lambda *_: progress(1)) if progress else None
        answers = run_requests(backend, reqs, store, mode="generate", batch_size=batch_size, on_result=tick)
        text_of = {r.request_id: a.text for r, a in zip(reqs, answers)}
        results[item_id] = _item_utility(item_id, len(cands), near, text_of, samples)
    return {"items": results, "samples": samples}


def _item_requests(item: dict[str, Any], cands: Sequence[str], near: Sequence[dict[str, Any]], samples: int,
                   decoding: Decoding) -> list[Request]:  # fmt: skip
    """One item's round: the solver shown each candidate, the judge (as many calls), the unaided solver."""
    item_id = item["item_id"]
    solver, judge = [], []
    for c, candidate in enumerate(cands):
        for n in near:
            text = CATALOG_SOLVER.format(question=item["text"], candidate=candidate, neighbour=n["text"])
            for t in range(samples):
                d = Decoding(decoding.max_new_tokens, decoding.temperature, decoding.top_p, decoding.seed + t)
                solver.append(Request(f"{item_id}#c{c}#{n['item_id']}#t{t}", (("user", text),), d))
        for t in range(_judge_calls(near, samples)):
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
    return solver + judge + unaided


def _item_utility(item_id: str, n_candidates: int, near: Sequence[dict[str, Any]], text_of: dict[str, str],
                  samples: int) -> dict[str, Any]:  # fmt: skip
    """One item's entry from its round's answers (``text_of``: request id -> generated text)."""
    from pyverify.protocols._invariance import parse_answer

    def right(request_id: str, neighbour: dict[str, Any]) -> int:
        return int(parse_answer(text_of[request_id])[0] == neighbour["label"])

    rows = []
    for c in range(n_candidates):
        votes = [right(f"{item_id}#c{c}#{n['item_id']}#t{t}", n) for n in near for t in range(samples)]
        judged = (parse_judge(text_of[f"{item_id}#c{c}#judge#t{t}"]) for t in range(_judge_calls(near, samples)))
        scores = [s for s in judged if s is not None]
        rows.append({"candidate": c, "utility": mean(votes) if votes else None, "calls": len(votes),
                     "judge": mean(scores) if scores else None, "judge_scored": len(scores)})  # fmt: skip
    unaided_accuracy = {
        n["item_id"]: mean(right(f"{n['item_id']}#unaided#t{t}", n) for t in range(samples)) for n in near
    }
    return {"neighbours": [n["item_id"] for n in near], "candidates": rows, "unaided_accuracy": unaided_accuracy}


class CatalogCBU(Protocol):
    """CBU on canonical catalog items: candidates TRUE and FALSE, neighbours about the same theorem.

    One round per item; one row per candidate.
    """

    name = "cbu-catalog"
    title = "cbu (catalog)"
    needs = ("items_path", "limit", "samples", "batch_size", "structured")

    def load(self) -> None:
        self.items = load_items(self.options.items_path or DEFAULT_ITEMS)
        self.canonical = stratified([i for i in self.items if i["family"] == "canonical"], self.options.limit or 6)
        self.candidates = {i["item_id"]: ["TRUE", "FALSE"] for i in self.canonical}

    def prepare(self, out: Path) -> Inputs:
        n, samples = len(self.canonical), self.options.samples
        # 2 candidates x 2 neighbours x samples, solver and judge, then the unaided solver
        return Inputs((), {"items": n, "samples": samples}, n * (2 * 2 * samples * 2 + 2 * samples))

    def requests(self) -> Iterator[Round]:
        samples = self.options.samples
        label = {i["item_id"]: i["label"] for i in self.canonical}
        by_id = {i["item_id"]: i for i in self.items}
        self._rows: list[dict[str, Any]] = []
        for item_id, cands in self.candidates.items():
            near = catalog_neighbours(by_id[item_id], self.items)
            self._text_of: dict[str, str] = {}
            reqs = _item_requests(by_id[item_id], cands, near, samples, CATALOG_DECODING)
            yield Round(structure(reqs, lambda _: TRUE_FALSE_SCHEMA) if self.options.structured else reqs)
            entry = _item_utility(item_id, len(cands), near, self._text_of, samples)
            for cand in entry["candidates"]:
                answer = cands[cand["candidate"]]
                self._rows.append({"item_id": item_id, "answer": answer, **cand, "correct": answer == label[item_id],
                                   "neighbours": entry["neighbours"], "unaided_accuracy": entry["unaided_accuracy"]})  # fmt: skip

    def score(self, answer: Answer) -> None:
        self._text_of[answer.request.request_id] = answer.response.text

    def rows(self) -> list[dict[str, Any]]:
        return self._rows

    def provenance(self) -> dict[str, Any]:
        return {"output": output_form(self.options.structured)}

    def summarize(self, rows: Sequence[dict[str, Any]], seconds: float) -> dict[str, Any]:
        return {"items": len(self.canonical), "candidates": 2 * len(self.canonical), "samples": self.options.samples,
                "output": output_form(self.options.structured)}  # fmt: skip
