"""The invariance protocol: every item as a TRUE/FALSE question (spec: invariance §4).

Canonical zero-shot form: the item text, then an instruction to answer TRUE or FALSE. Answered by
constrained choice (log-probabilities of the whole continuations TRUE and FALSE) or by generation
parsed as: first line equal to or starting with TRUE/FALSE, else TRUE or FALSE present alone in the
text, else unparseable. Thinking blocks are stripped; output cut off mid-thought is unscored, not
wrong. Unparseable answers are unscored. The protocol is :class:`Invariance`, registered as
``invariance``; the prompt, request and row functions are shared with the exporters and benchmarks.
"""

from __future__ import annotations

import hashlib
import math
import re
from pathlib import Path
from typing import Any, Iterator, Sequence

from pyverify.models._backend import Decoding, Request, Response
from pyverify.protocols._inputs import DEFAULT_ITEMS, load_items, stratified
from pyverify.protocols._protocol import Answer, Inputs, Protocol, Round

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


def sampled_choice(logprobs: dict[str, float], temperature: float, key: str) -> tuple[str, float]:
    """One answer drawn from the two choices' probabilities at ``temperature`` (softmax of the summed
    log-probabilities over TRUE and FALSE only), with a uniform number derived from ``key`` by SHA-256, so a
    draw depends on its item, sample and seed only (not on batch order, process or platform)."""
    t, f = logprobs["TRUE"] / temperature, logprobs["FALSE"] / temperature
    p_true = 1.0 / (1.0 + math.exp(max(-700.0, min(700.0, f - t))))
    u = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") / 2**64
    return ("TRUE" if u < p_true else "FALSE"), p_true


def result_row(item: dict[str, Any], request: Request, response: Response, mode: str, model_id: str,
               sample: int | None = None, temperature: float = 0.0) -> dict[str, Any]:  # fmt: skip
    """The row of one answer; in choice mode with ``temperature`` > 0 the answer of sample ``sample`` is drawn
    from the one scoring response of the item (see :func:`sampled_choice`)."""
    if sample is None:
        sample = int(request.request_id.rsplit("#s", 1)[1])
    row: dict[str, Any] = {"item_id": item["item_id"], "theorem_id": item.get("theorem_id"), "family": item.get("family"),
                           "tier": item.get("tier"), "label": item.get("label"), "sample": sample, "mode": mode,
                           "model": model_id, "finish_reason": response.finish_reason}  # fmt: skip
    if response.finish_reason == "error":
        row.update(prediction=None, scored=False, status="error", error=response.error, correct=None)
        return row
    if mode == "choice":
        scores = dict(zip(CHOICES, response.logprobs))
        prediction: str | None
        if temperature > 0 and len(scores) == 2:
            prediction, p_true = sampled_choice(scores, temperature, f"{item['item_id']}#s{sample}#t{temperature!r}")
            row.update(p_true=round(p_true, 6), temperature=temperature)
        else:
            prediction = max(CHOICES, key=lambda c: scores.get(c, float("-inf"))) if scores else None
        row.update(logprobs=scores, prediction=prediction, status="parsed" if prediction else "unparseable")
    else:
        prediction, status = parse_answer(response.text)
        row.update(raw_output=response.text, prediction=prediction, status=status)
    row["scored"] = row["prediction"] is not None
    row["correct"] = (row["prediction"] == str(item.get("label", "")).upper()) if row["scored"] else None
    return row


DEFAULT_DECODING = Decoding(max_new_tokens=16)


class Invariance(Protocol):
    """Every item (stratified by family and label up to ``limit``) asked ``samples`` times; one row per
    (item, sample), written as its answer arrives."""

    name = "invariance"
    title = "invariance"
    needs = ("items_path", "limit", "samples", "mode", "max_new_tokens", "batch_size", "temperature")

    def config(self) -> dict[str, Any]:
        return {"items": str(Path(self.path).resolve())}

    def load(self) -> None:
        self.path = self.options.items_path or DEFAULT_ITEMS
        self.items = stratified(load_items(self.path), self.options.limit)
        self._pending: list[dict[str, Any]] = []
        o = self.options
        if o.temperature < 0:
            raise ValueError(f"temperature must be at least 0, not {o.temperature}")
        if o.mode == "choice" and o.samples > 1 and o.temperature == 0:
            raise ValueError(f"{o.samples} samples per item in choice mode at temperature 0 would repeat the more "
                             "likely choice: set a temperature above 0")  # fmt: skip

    def _sampled_choices(self) -> bool:
        # choice mode, sampled: one scoring request per item, the samples drawn from its two probabilities
        return self.options.mode == "choice" and self.options.temperature > 0

    def prepare(self, out: Path) -> Inputs:
        calls = len(self.items) * (1 if self._sampled_choices() else self.options.samples)
        return Inputs((self.path,), {"seeds": {"decoding": 0}, "items": len(self.items)}, calls)

    def requests(self) -> Iterator[Round]:
        samples, mode = self.options.samples, self.options.mode
        decoding = Decoding(max_new_tokens=self.options.max_new_tokens or DEFAULT_DECODING.max_new_tokens,
                            temperature=0.0 if mode == "choice" else self.options.temperature)  # fmt: skip
        per_item = 1 if self._sampled_choices() else samples
        reqs = requests(self.items, mode, per_item, decoding)
        self._item_of = {r.request_id: item for r, item in zip(reqs, (i for i in self.items for _ in range(per_item)))}
        yield Round(reqs, mode="score" if mode == "choice" else "generate")

    def score(self, answer: Answer) -> dict[str, Any] | None:
        item = self._item_of[answer.request.request_id]
        if not self._sampled_choices():
            row = result_row(item, answer.request, answer.response, self.options.mode, answer.model_id)
            row["reused"] = answer.reused
            return row
        self._pending.extend(
            {**result_row(item, answer.request, answer.response, "choice", answer.model_id, k,
                          self.options.temperature), "reused": answer.reused}
            for k in range(self.options.samples)
        )  # fmt: skip
        return None

    def rows(self) -> list[dict[str, Any]]:
        rows, self._pending = self._pending, []
        return rows

    def summarize(self, rows: Sequence[dict[str, Any]], seconds: float) -> dict[str, Any]:
        return {**summarize(rows), "seconds": seconds}


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    scored = [r for r in rows if r["scored"]]
    by_family: dict[str, list[bool]] = {}
    for r in scored:
        by_family.setdefault(str(r["family"]), []).append(bool(r["correct"]))
    items = len({r["item_id"] for r in rows})
    extra = {"answers": len(rows), "samples_per_item": round(len(rows) / items, 2)} if len(rows) != items else {}
    return {
        "items": items,
        **extra,
        "scored": len(scored),
        "coverage": round(len(scored) / len(rows), 4) if rows else None,
        "accuracy": round(sum(r["correct"] for r in scored) / len(scored), 4) if scored else None,
        "accuracy_by_family": {f: round(sum(v) / len(v), 4) for f, v in sorted(by_family.items())},
        "predicted_true_share": round(sum(r["prediction"] == "TRUE" for r in scored) / len(scored), 4)
        if scored
        else None,
    }
