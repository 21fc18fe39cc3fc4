"""The claim-audit protocol under five conditions (spec: claim-audit §5).

``direct`` makes one call. The two-pass conditions reuse the direct draft byte for byte and add one
review call with the same token budget: ``self_reflection`` (critical review), ``counterexample_guided``
(search small exact values, recompute both sides), ``generic_feedback`` (warns the witness may be wrong
and states that no checker ran) and ``verifier_feedback`` (gives the label-blind checker's message for
the draft's witness). Run records carry ``task_id, protocol, prediction, raw_output, draft_output,
verifier_feedback`` and are scored by ``pyverify claims score`` (``score_run`` scores a run's ``direct``
records). With ``structured``, every call (draft and review) asks the backend to enforce the task's
audit schema (:func:`pyverify.protocols._schemas.audit_schema`); the run's summary and provenance say
``output: constrained`` or ``free``. The protocol is :class:`ClaimAudit`, registered as ``claim-audit``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator, Sequence

from pyverify.models._backend import Decoding, Request, Response
from pyverify.protocols._inputs import spread
from pyverify.protocols._protocol import Answer, Inputs, Protocol, Round
from pyverify.protocols._schemas import audit_schema, output_form

CONDITIONS = ("direct", "self_reflection", "counterexample_guided", "generic_feedback", "verifier_feedback")
REVIEW = {
    "self_reflection": "Review your audit above critically: check every field against the claim, its assumptions and "
    "the allowed labels. Then give your final audit as one JSON object.",
    "counterexample_guided": "Try to refute the claim: choose small exact values that satisfy the assumptions, recompute "
    "both sides exactly and compare them. Then give your final audit as one JSON object.",
    "generic_feedback": "Your counterexample may be wrong. No checker was run on it, so this message says nothing "
    "specific about it. Review your audit and give your final audit as one JSON object.",
    "verifier_feedback": "A checker evaluated the counterexample in your audit. It returned: {status}. {message}. "
    "Review your audit and give your final audit as one JSON object.",
}  # fmt: skip


def _draft_request(task: Any, decoding: Decoding) -> Request:
    return Request(f"{task.task_id}#direct", (("user", task.prompt),), decoding)


def _review_request(
    task: Any, condition: str, draft: str, feedback: dict[str, str] | None, decoding: Decoding
) -> Request:
    text = REVIEW[condition]
    if condition == "verifier_feedback" and feedback is not None:
        text = text.format(status=feedback["status"], message=feedback["message"].rstrip("."))
    messages = (("user", task.prompt), ("assistant", draft), ("user", text))
    return Request(f"{task.task_id}#{condition}", messages, decoding)


DEFAULT_DECODING = Decoding(max_new_tokens=512)


class ClaimAudit(Protocol):
    """Drafts for every task, then each two-pass condition's review (one round per condition); one run
    record per (task, condition), written once every round is answered."""

    name = "claim-audit"
    title = "claim audit"
    needs = ("tasks_dir", "limit", "conditions", "max_new_tokens", "batch_size", "structured")

    def load(self) -> None:
        unknown = [c for c in self.options.conditions if c not in CONDITIONS]
        if unknown:
            raise ValueError(f"unknown condition(s) {', '.join(unknown)} (known: {', '.join(CONDITIONS)})")

    def prepare(self, out: Path) -> Inputs:
        from pyverify.claims._io import load_tasks

        self.suite = self.options.tasks_dir or out / "suite"
        if not (self.suite / "tasks.jsonl").is_file():
            write_suite(self.suite)
        self.tasks = spread(load_tasks(self.suite / "tasks.jsonl"), self.options.limit)
        reviews = len([c for c in self.options.conditions if c != "direct"])
        return Inputs((self.suite / "tasks.jsonl",), {"tasks": len(self.tasks)}, len(self.tasks) * (1 + reviews))

    def provenance(self) -> dict[str, Any]:
        return {"output": output_form(self.options.structured)}

    def _decoding(self, task: Any) -> Decoding:
        """The task's decoding: its token budget, and under ``structured`` its audit schema."""
        budget = self.options.max_new_tokens or DEFAULT_DECODING.max_new_tokens
        schema = audit_schema(task.task_id, task.response_schema) if self.options.structured else ""
        return Decoding(max_new_tokens=budget, json_schema=schema)

    def requests(self) -> Iterator[Round]:
        from pyverify.claims._checker import check
        from pyverify.claims._extract import extract

        conditions, tasks = self.options.conditions, self.tasks
        self._answers: dict[str, Response] = {}
        self._records: list[dict[str, Any]] = []
        yield Round([_draft_request(t, self._decoding(t)) for t in tasks])
        drafts = [self._answers[f"{t.task_id}#direct"] for t in tasks]
        feedback: dict[str, dict[str, str]] = {}
        for task, draft in zip(tasks, drafts):
            parsed = extract(draft.text)
            audit = parsed.audit if parsed.status in ("parsed", "partial") else None
            result = check(task.model_dump(), audit)
            feedback[task.task_id] = {"status": result.status, "message": result.message}
            if "direct" in conditions:
                self._records.append(_record(task, "direct", draft, draft, None))
        for condition in conditions:
            if condition == "direct":
                continue
            self._answers = {}
            yield Round(
                [_review_request(t, condition, d.text, feedback[t.task_id], self._decoding(t))
                 for t, d in zip(tasks, drafts)]  # fmt: skip
            )
            for task, draft in zip(tasks, drafts):
                shown = feedback[task.task_id] if condition == "verifier_feedback" else None
                self._records.append(
                    _record(task, condition, self._answers[f"{task.task_id}#{condition}"], draft, shown)
                )

    def score(self, answer: Answer) -> None:
        self._answers[answer.request.request_id] = answer.response

    def rows(self) -> list[dict[str, Any]]:
        return self._records

    def summarize(self, rows: Sequence[dict[str, Any]], seconds: float) -> dict[str, Any]:
        return {"records": len(rows), "conditions": list(self.options.conditions), "tasks": len(self.tasks),
                "unparseable": sum(r["prediction"] is None for r in rows), "output": output_form(self.options.structured),
                "seconds": seconds, "suite": str(self.suite)}  # fmt: skip


def write_suite(directory: Path) -> None:
    """The canonical claim-audit suite (seed 0): public tasks and private references."""
    from pyverify.claims._generate import build
    from pyverify.claims._io import write_jsonl, write_manifest

    tasks, references = build(0)
    directory.mkdir(parents=True, exist_ok=True)
    write_jsonl(directory / "tasks.jsonl", tasks)
    write_jsonl(directory / "references.jsonl", references)
    write_manifest(directory, 0, 24, {})


def score_run(run: Path) -> dict[str, Any]:
    """The scores of a claim-audit run's ``direct`` records against its suite's references."""
    from pyverify.claims._extract import load_responses
    from pyverify.claims._io import load_references, load_tasks
    from pyverify.claims._score import score

    suite = run / "suite"
    answers = load_responses(run / "responses.jsonl", protocol="direct")
    task_ids = set(answers)
    tasks = [t for t in load_tasks(suite / "tasks.jsonl") if t.task_id in task_ids]
    refs = [r for r in load_references(suite / "references.jsonl") if r.task_id in task_ids]
    result = score(tasks, refs, answers)
    return {"summary": result["summary"], "class_conditional": result.get("class_conditional")}


def _record(
    task: Any, condition: str, response: Response, draft: Response, feedback: dict[str, str] | None
) -> dict[str, Any]:
    from pyverify.claims._extract import extract

    parsed = extract(response.text) if response.finish_reason != "error" else None
    prediction = parsed.audit if parsed is not None and parsed.status == "parsed" else None
    return {"task_id": task.task_id, "protocol": condition, "prediction": prediction, "raw_output": response.text,
            "draft_output": draft.text, "verifier_feedback": feedback, "finish_reason": response.finish_reason,
            "extraction": parsed.status if parsed is not None else "error"}  # fmt: skip
