"""The claim-audit protocol under five conditions (spec: claim-audit §5).

``direct`` makes one call. The two-pass conditions reuse the direct draft byte for byte and add one
review call with the same token budget: ``self_reflection`` (critical review), ``counterexample_guided``
(search small exact values, recompute both sides), ``generic_feedback`` (warns the witness may be wrong
and states that no checker ran) and ``verifier_feedback`` (gives the label-blind checker's message for
the draft's witness). Run records carry ``task_id, protocol, prediction, raw_output, draft_output,
verifier_feedback`` and are scored by ``pyverify claims score``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from pyverify.models._backend import Decoding, Request, Response

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


def run(backend: Any, tasks: Sequence[Any], rundir: Any, *, conditions: Sequence[str] = ("direct",),
        decoding: Decoding = DEFAULT_DECODING, batch_size: int = 8,
        progress: Callable[[int], None] | None = None) -> dict[str, Any]:  # fmt: skip
    """Drafts for every task, then each two-pass condition's review; one run record per (task, condition)."""
    from pyverify.claims._checker import check
    from pyverify.claims._extract import extract
    from pyverify.models._runner import run_requests

    unknown = [c for c in conditions if c not in CONDITIONS]
    if unknown:
        raise ValueError(f"unknown condition(s) {', '.join(unknown)} (known: {', '.join(CONDITIONS)})")
    rundir.open_results()
    drafts = run_requests(backend, [_draft_request(t, decoding) for t in tasks], rundir.store, mode="generate",
                          batch_size=batch_size, on_result=(lambda *_: progress(1)) if progress else None)  # fmt: skip
    records: list[dict[str, Any]] = []
    feedback: dict[str, dict[str, str]] = {}
    for task, draft in zip(tasks, drafts):
        parsed = extract(draft.text)
        audit = parsed.audit if parsed.status in ("parsed", "partial") else None
        result = check(task.model_dump(), audit)
        feedback[task.task_id] = {"status": result.status, "message": result.message}
        if "direct" in conditions:
            records.append(_record(task, "direct", draft, draft, None))
    for condition in conditions:
        if condition == "direct":
            continue
        reviews = [_review_request(t, condition, d.text, feedback[t.task_id], decoding) for t, d in zip(tasks, drafts)]
        answers = run_requests(backend, reviews, rundir.store, mode="generate", batch_size=batch_size,
                               on_result=(lambda *_: progress(1)) if progress else None)  # fmt: skip
        for task, draft, answer in zip(tasks, drafts, answers):
            shown = feedback[task.task_id] if condition == "verifier_feedback" else None
            records.append(_record(task, condition, answer, draft, shown))
    for record in records:
        rundir.write(record)
    return {"records": len(records), "conditions": list(conditions), "tasks": len(tasks),
            "unparseable": sum(r["prediction"] is None for r in records)}  # fmt: skip


def _record(
    task: Any, condition: str, response: Response, draft: Response, feedback: dict[str, str] | None
) -> dict[str, Any]:
    from pyverify.claims._extract import extract

    parsed = extract(response.text) if response.finish_reason != "error" else None
    prediction = parsed.audit if parsed is not None and parsed.status == "parsed" else None
    return {"task_id": task.task_id, "protocol": condition, "prediction": prediction, "raw_output": response.text,
            "draft_output": draft.text, "verifier_feedback": feedback, "finish_reason": response.finish_reason,
            "extraction": parsed.status if parsed is not None else "error"}  # fmt: skip
