"""Harness logs shaped as lm-eval 0.4.13 and inspect_ai 0.3.285 write them, for the read-back tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

DATE = "2026-01-02T03-04-05.000001"


def lm_eval_sample(doc_id: int, doc: dict[str, Any], logprobs: Sequence[float], context: str = "ctx") -> dict[str, Any]:
    """One line of ``samples_<task>_<date>.jsonl`` (values stringified, as lm-eval's tracker writes them)."""
    choices = ("TRUE", "FALSE")
    gold = choices.index(doc["label"]) if doc.get("label") in choices else 0
    best = max(range(2), key=lambda j: logprobs[j])
    return {"doc_id": doc_id, "doc": doc, "target": str(gold),
            "arguments": {f"gen_args_{j}": {"arg_0": context, "arg_1": c} for j, c in enumerate(choices)},
            "resps": [[[str(x), "False"]] for x in logprobs], "filtered_resps": [[str(x), "False"] for x in logprobs],
            "filter": "none", "metrics": ["acc"], "doc_hash": "0", "prompt_hash": "0", "target_hash": "0",
            "acc": float(best == gold)}  # fmt: skip


def write_lm_eval(root: Path, model_dir: str, samples: Sequence[dict[str, Any]], model_name: str = "org/model",
                  date: str = DATE, data_file: str | None = None, results: bool = True) -> Path:  # fmt: skip
    """An lm-eval output directory ``root/model_dir`` with samples and results files; returns the samples file."""
    folder = root / model_dir
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"samples_pyverify_invariance_{date}.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in samples), encoding="utf-8")
    if results:
        record = {"results": {"pyverify_invariance": {"acc,none": 0.5}}, "lm_eval_version": "0.4.13",
                  "model_source": "hf", "model_name": model_name, "chat_template": "{{ x }}", "chat_template_sha": "ab",
                  "config": {"model": "hf", "model_args": f"pretrained={model_name}"},
                  "configs": {"pyverify_invariance": {"dataset_kwargs": {"data_files": {"test": data_file or "none"}}}}}  # fmt: skip
        (folder / f"results_{date}.json").write_text(json.dumps(record), encoding="utf-8")
    return path


def inspect_sample(doc: dict[str, Any], answer: str | None, status: str = "parsed", epoch: int = 1,
                   error: str | None = None) -> dict[str, Any]:  # fmt: skip
    """One sample of an inspect log of the exported task."""
    value = "N" if answer is None else ("C" if answer == doc["label"] else "I")
    metadata = {k: doc[k] for k in ("item_id", "theorem_id", "family", "label", "tier") if k in doc}
    sample: dict[str, Any] = {"id": doc["item_id"], "epoch": epoch, "input": doc.get("question", ""), "target": doc["label"],
                              "metadata": metadata, "output": {"completion": answer or "hmm"},
                              "scores": {"true_false": {"value": value, "answer": answer, "metadata": {"status": status}}}}  # fmt: skip
    if error:
        sample["error"] = {"message": error}
        sample.pop("scores")
    return sample


def write_inspect_json(path: Path, samples: Sequence[dict[str, Any]], model: str = "openai/gpt-x") -> Path:
    record = {"version": 2, "status": "success",
              "eval": {"task": "pyverify_invariance", "model": model, "created": "2026-01-02T03:04:05+00:00",
                       "packages": {"inspect_ai": "0.3.285"}, "task_args": {"max_tokens": 16},
                       "dataset": {"name": "pyverify_invariance", "location": "items.jsonl"}},
              "samples": list(samples)}  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record), encoding="utf-8")
    return path
