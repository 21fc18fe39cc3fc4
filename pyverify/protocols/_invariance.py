"""The invariance protocol: every item as a TRUE/FALSE question (spec: invariance §4).

Canonical zero-shot form: the item text, then an instruction to answer TRUE or FALSE, through the
model's chat template. A base model (a backend without a chat template, ``plain_prompts``) gets the
few-shot form instead (``prompt=auto``; ``zero-shot`` / ``few-shot`` force one): :data:`SHOTS` worked
examples from other theorems (:class:`ShotPool`), then the item, ending at ``Answer:``. Answered by
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
PROMPT_FORMS = ("auto", "zero-shot", "few-shot")
#: worked examples in a few-shot prompt (half TRUE, half FALSE)
SHOTS = 4
FEW_SHOT_HEADER = "Decide whether each statement is TRUE or FALSE."


def prompt(item: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return (("user", f"{item['text']}\n{INSTRUCTION}"),)


def few_shot_prompt(item: dict[str, Any], shots: Sequence[dict[str, Any]]) -> tuple[tuple[str, str], ...]:
    """The base-model prompt: worked examples, then the item, ending where the answer starts (lm-eval style)."""
    blocks = [FEW_SHOT_HEADER] + [f"Statement: {shot['text']}\nAnswer: {shot['label']}" for shot in shots]
    return (("user", "\n\n".join(blocks + [f"Statement: {item['text']}\nAnswer:"])),)


def theorem_of(item: dict[str, Any]) -> str:
    """The theorem an item belongs to with its siblings (its false variants share it)."""
    return str(item.get("parent_theorem") or item.get("theorem_id") or item["item_id"])


class ShotPool:
    """Worked examples for few-shot prompts: canonical items of the benchmark, TRUE and FALSE.

    The examples of an item are drawn from other theorems only — never its own theorem or a sibling
    (same ``parent_theorem``) — and depend on its theorem alone (a SHA-256 of its id orders the pool),
    so every paraphrase of a theorem sees the same examples and a difference between paraphrases is the
    wording's, not the examples'. Half are TRUE and half FALSE, alternating, starting with the label
    the hash picks.
    """

    def __init__(self, items: Sequence[dict[str, Any]], shots: int = SHOTS) -> None:
        canonical = [i for i in items if i.get("family") == "canonical" and i.get("label") in CHOICES] or [
            i for i in items if i.get("label") in CHOICES
        ]
        self.by_label = {label: [i for i in canonical if i["label"] == label] for label in CHOICES}
        self.shots = shots
        if any(len(pool) < (shots + 1) // 2 for pool in self.by_label.values()):
            raise ValueError(f"a few-shot prompt needs {(shots + 1) // 2} TRUE and FALSE items of other theorems; "
                             "the benchmark has too few")  # fmt: skip

    def for_item(self, item: dict[str, Any]) -> list[dict[str, Any]]:
        theorem = theorem_of(item)

        def rank(candidate: dict[str, Any]) -> bytes:
            return hashlib.sha256(f"{theorem}|{candidate['item_id']}".encode()).digest()

        picked = {label: sorted((c for c in pool if theorem_of(c) != theorem), key=rank)
                  for label, pool in self.by_label.items()}  # fmt: skip
        first = CHOICES[hashlib.sha256(theorem.encode()).digest()[0] % 2]
        order = [first, CHOICES[1 - CHOICES.index(first)]]
        return [picked[order[k % 2]][k // 2] for k in range(self.shots)]


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


def requests(items: Sequence[dict[str, Any]], mode: str, samples: int, decoding: Decoding,
             shots: ShotPool | None = None) -> list[Request]:  # fmt: skip
    """Every item's requests; with ``shots``, few-shot prompts whose choices follow ``Answer:`` after a space."""
    out = []
    choices = tuple(f" {c}" for c in CHOICES) if shots is not None else CHOICES
    for item in items:
        messages = prompt(item) if shots is None else few_shot_prompt(item, shots.for_item(item))
        for k in range(samples):
            d = Decoding(
                decoding.max_new_tokens, decoding.temperature, decoding.top_p, decoding.seed + k, decoding.thinking
            )
            out.append(Request(f"{item['item_id']}#s{k}", messages, d, choices if mode == "choice" else ()))
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
    needs = ("items_path", "limit", "samples", "mode", "max_new_tokens", "batch_size", "temperature", "prompt")

    def config(self) -> dict[str, Any]:
        return {"items": str(Path(self.path).resolve())}

    def load(self) -> None:
        self.path = self.options.items_path or DEFAULT_ITEMS
        if self.options.prompt not in PROMPT_FORMS:
            raise ValueError(f"unknown prompt form '{self.options.prompt}' (known: {', '.join(PROMPT_FORMS)})")
        self.all_items = load_items(self.path)
        self.items = stratified(self.all_items, self.options.limit)
        self.prompt_form = "zero-shot" if self.options.prompt == "auto" else self.options.prompt
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

    def bind(self, backend: Any) -> None:
        if self.options.prompt == "auto":  # a model without a chat template is prompted as a base model
            self.prompt_form = "few-shot" if getattr(backend, "plain_prompts", False) else "zero-shot"

    def provenance(self) -> dict[str, Any]:
        return {"prompt_form": self.prompt_form}

    def requests(self) -> Iterator[Round]:
        samples, mode = self.options.samples, self.options.mode
        decoding = Decoding(max_new_tokens=self.options.max_new_tokens or DEFAULT_DECODING.max_new_tokens,
                            temperature=0.0 if mode == "choice" else self.options.temperature)  # fmt: skip
        per_item = 1 if self._sampled_choices() else samples
        shots = ShotPool(self.all_items) if self.prompt_form == "few-shot" else None
        reqs = requests(self.items, mode, per_item, decoding, shots)
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
        return {**summarize(rows), "prompt_form": self.prompt_form, "seconds": seconds}


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
        # the always-TRUE baseline's accuracy on the same scored answers (always-FALSE: one minus it)
        "true_label_share": round(sum(str(r["label"]).upper() == "TRUE" for r in scored) / len(scored), 4)
        if scored
        else None,
    }
