"""The invariance protocol: every item as a TRUE/FALSE question (spec: invariance §4).

Canonical zero-shot form: the item text, then an instruction to answer TRUE or FALSE. Answered by
constrained choice (log-probabilities of the whole continuations TRUE and FALSE) or by generation
parsed as: first line equal to or starting with TRUE/FALSE, else TRUE or FALSE present alone in the
text, else unparseable. Thinking blocks are stripped; output cut off mid-thought is unscored, not
wrong. Unparseable answers are unscored.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from pyverify.models._backend import Decoding, Request, Response

INSTRUCTION = "Answer with TRUE or FALSE."
CHOICES = ("TRUE", "FALSE")


def prompt(item: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return (("user", f"{item['text']}\n{INSTRUCTION}"),)


def parse_answer(text: str) -> tuple[str | None, str]:
    """(TRUE | FALSE | None, status): status is parsed, unparseable or truncated."""
    lowered = text
    if re.search(r"<think>", lowered, flags=re.I) and not re.search(r"</think>", lowered, flags=re.I):
        return None, "truncated"
    visible = re.sub(r"<think>.*?</think>", "", text, flags=re.S | re.I).strip()
    if not visible:
        return None, "unparseable"
    first = visible.splitlines()[0].strip().strip("*").strip()
    for word in CHOICES:
        other = CHOICES[1 - CHOICES.index(word)]
        # a first line starting with one answer counts, unless it names the other one too ("TRUE or FALSE?")
        if re.match(rf"^{word}\b", first.upper()) and not re.search(rf"\b{other}\b", first.upper()):
            return word, "parsed"
    present = {w for w in CHOICES if re.search(rf"(?<![A-Za-z]){w}(?![A-Za-z])", visible)}
    if len(present) == 1:
        return present.pop(), "parsed"
    return None, "unparseable"


def requests(items: Sequence[dict[str, Any]], mode: str, samples: int, decoding: Decoding) -> list[Request]:
    out = []
    for item in items:
        for k in range(samples):
            d = Decoding(
                decoding.max_new_tokens, decoding.temperature, decoding.top_p, decoding.seed + k, decoding.thinking
            )
            out.append(Request(f"{item['item_id']}#s{k}", prompt(item), d, CHOICES if mode == "choice" else ()))
    return out


def result_row(item: dict[str, Any], request: Request, response: Response, mode: str, model_id: str) -> dict[str, Any]:
    sample = int(request.request_id.rsplit("#s", 1)[1])
    row: dict[str, Any] = {"item_id": item["item_id"], "theorem_id": item.get("theorem_id"), "family": item.get("family"),
                           "tier": item.get("tier"), "label": item.get("label"), "sample": sample, "mode": mode,
                           "model": model_id, "finish_reason": response.finish_reason}  # fmt: skip
    if response.finish_reason == "error":
        row.update(prediction=None, scored=False, status="error", error=response.error, correct=None)
        return row
    if mode == "choice":
        scores = dict(zip(CHOICES, response.logprobs))
        prediction = max(CHOICES, key=lambda c: scores.get(c, float("-inf"))) if scores else None
        row.update(logprobs=scores, prediction=prediction, status="parsed" if prediction else "unparseable")
    else:
        prediction, status = parse_answer(response.text)
        row.update(raw_output=response.text, prediction=prediction, status=status)
    row["scored"] = row["prediction"] is not None
    row["correct"] = (row["prediction"] == str(item.get("label", "")).upper()) if row["scored"] else None
    return row


DEFAULT_DECODING = Decoding(max_new_tokens=16)


def run(backend: Any, items: Sequence[dict[str, Any]], rundir: Any, *, mode: str = "choice", samples: int = 1,
        decoding: Decoding = DEFAULT_DECODING, batch_size: int = 8,
        progress: Callable[[int], None] | None = None) -> dict[str, Any]:  # fmt: skip
    """Ask every item; write one row per (item, sample); return accuracy and coverage."""
    from pyverify.models._runner import run_requests

    reqs = requests(items, mode, samples, decoding)
    by_request = {r.request_id: item for r, item in zip(reqs, (i for i in items for _ in range(samples)))}
    rundir.open_results()
    rows: list[dict[str, Any]] = []

    def done(request: Request, response: Response, reused: bool) -> None:
        row = result_row(by_request[request.request_id], request, response, mode, backend.model_id)
        row["reused"] = reused
        rows.append(row)
        rundir.write(row)
        if progress:
            progress(1)

    run_requests(backend, reqs, rundir.store, mode="score" if mode == "choice" else "generate", batch_size=batch_size,
                 on_result=done)  # fmt: skip
    return summarize(rows)


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    scored = [r for r in rows if r["scored"]]
    by_family: dict[str, list[bool]] = {}
    for r in scored:
        by_family.setdefault(str(r["family"]), []).append(bool(r["correct"]))
    return {
        "items": len(rows),
        "scored": len(scored),
        "coverage": round(len(scored) / len(rows), 4) if rows else None,
        "accuracy": round(sum(r["correct"] for r in scored) / len(scored), 4) if scored else None,
        "accuracy_by_family": {f: round(sum(v) / len(v), 4) for f, v in sorted(by_family.items())},
        "predicted_true_share": round(sum(r["prediction"] == "TRUE" for r in scored) / len(scored), 4)
        if scored
        else None,
    }
