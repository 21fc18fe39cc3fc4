"""Constrained-choice scoring and generation with the packaged SmolLM2, side by side with lm-evaluation-harness.

Run: ``.venv/bin/python benchmarks/eval_bench.py [--items 200] [--quick] [--reps 2] [--gen-items 40] [--json PATH]``

Both sides run in this one process, on the same CPU threads, over the same items and the same weights:

* **pyverify** -- ``load_backend("packaged/smollm2-135m")`` (an ``HFBackend`` over the cached bfloat16
  safetensors conversion of the packaged GGUF, loaded in the dtype ``describe()`` reports: float32 on CPU),
  asked exactly as the invariance protocol asks (``pyverify.protocols._invariance.requests``: the item text,
  a newline, "Answer with TRUE or FALSE." as one user message; choices ``TRUE`` and ``FALSE``).
* **lm-evaluation-harness** -- its ``hf`` backend (``HFLM``) loading the *same cache directory* in the same
  dtype, running a ``multiple_choice`` task written here at run time: a YAML config in a temporary
  directory plus a local JSONL dataset whose ``question`` field is the very user message pyverify sends,
  ``doc_to_choice: ["TRUE", "FALSE"]``, evaluated through ``simple_evaluate(..., apply_chat_template=True,
  log_samples=True)``.

Why ``apply_chat_template=True`` and not a pre-rendered prompt: with it lm-eval renders the context with the
tokenizer's chat template and ``add_generation_prompt=True`` -- the same call pyverify makes -- and sets the
target delimiter to "" (so the continuation is the bare choice). The bench checks that every logged context is
character-for-character pyverify's prompt. Either route ends in the same place, because lm-eval's
``_encode_pair`` always moves trailing whitespace of the context into the continuation: the template's final
``"\\n"`` (after ``<|im_start|>assistant``) is scored as part of the continuation, ``"\\nTRUE"``. The whole
token sequence is identical on both sides (checked below); only the split differs, so lm-eval's
log-likelihood of a choice is pyverify's plus ``log p("\\n" | ...assistant)``, the same constant for both
choices of an item. The argmax therefore cannot differ for that reason, and the bench reports the raw
difference, the difference after adding that newline term (computed separately for the first 50 items, outside
any timing), and the difference of the TRUE-FALSE margins (where the constant cancels).

Throughput (items/s; an item is two scored (prompt, choice) pairs) is timed after both models are loaded and
after the one-time GGUF conversion. The head-to-head -- pyverify ``score`` at batch 16, pyverify's per-pair
fallback path at batch 16 (``backend.one_pass = False``: every (prompt, choice) pair its own row, the path
pyverify used before it ran each prompt once) and lm-eval at batch 16 -- runs ``--reps`` times, interleaved,
and the median is reported; pyverify at batch 8 and 1, lm-eval with ``batch_size="auto"`` and generation run
once each (to keep a 200-item run within about eight minutes on two cores). For lm-eval three figures: the whole ``simple_evaluate`` call (task and dataset setup, context
building, inference, metrics), its ``loglikelihood`` call alone (tokenization + inference, the part comparable
to pyverify's ``score``), and for ``auto`` that call less its batch-size detection (which lm-eval reruns on
every call: five forward passes at its largest batch, 64, plus full-vocabulary log-softmax). The batch unit
differs: lm-eval's (and pyverify's per-pair path's) is one (prompt, choice) pair, pyverify's one-pass path's
one request (its prompt and both choices in one row), so pyverify batch 8 holds the same 16 pairs a forward
pass as lm-eval batch 16, and both pyverify figures are reported. Generation:
pyverify ``generate`` (greedy, 16 new tokens, batch 16) on the first ``--gen-items`` items; the answers are
parsed as the invariance protocol parses them and compared with the constrained choice (information only).

The machine is shared: the load average before and after is recorded, since other processes on the same two
cores slow multi-threaded torch down a great deal (OpenMP threads wait for a descheduled sibling).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("TQDM_DISABLE", "1")  # lm-eval's and transformers' progress bars
os.environ.setdefault("HF_HUB_OFFLINE", "1")  # everything here is local
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ITEMS = ROOT / "families" / "generated" / "items.jsonl"
MODEL = "smollm2-135m"
TASK = "pyverify_invariance_bench"
GEN_TOKENS = 16
NEWLINE_ITEMS = 50  # items whose newline term is computed (the margin comparison covers every item)


def pick_items(path: Path, count: int) -> list[dict[str, Any]]:
    """``count`` items spread evenly over the file (deterministic), so every family and domain shows up."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if count >= len(rows):
        return rows
    step = len(rows) / count
    return [rows[int(i * step)] for i in range(count)]


def busy_seconds() -> tuple[float, float, float]:
    """(wall clock, CPU seconds busy on the whole machine, CPU seconds of this process) -- Linux only."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
        ticks = os.sysconf("SC_CLK_TCK")
        busy = sum(int(x) for i, x in enumerate(fields[:8]) if i not in (3, 4)) / ticks  # all but idle, iowait
    except (OSError, ValueError, IndexError):
        busy = float("nan")
    own = os.times()
    return time.monotonic(), busy, own.user + own.system


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = fn()
    return time.perf_counter() - started, result


def write_task(directory: Path, items: list[dict[str, Any]], questions: list[str]) -> None:
    """The lm-eval task: a local JSONL dataset and a YAML config naming it."""
    import yaml

    data = directory / "items.jsonl"
    with data.open("w", encoding="utf-8") as handle:
        for item, question in zip(items, questions):
            gold = 0 if str(item.get("label", "")).upper() == "TRUE" else 1
            row = {"item_id": item["item_id"], "question": question, "gold": gold}
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    config = {
        "task": TASK,
        "dataset_path": "json",
        "dataset_kwargs": {"data_files": {"test": str(data)}},
        "test_split": "test",
        "output_type": "multiple_choice",
        "doc_to_text": "question",  # a field name: the text verbatim, no Jinja rendering
        "doc_to_choice": ["TRUE", "FALSE"],
        "doc_to_target": "gold",
        "target_delimiter": "",
        "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.0},
    }
    (directory / f"{TASK}.yaml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")


def newline_terms(backend: Any, prompt_ids: list[list[int]]) -> list[float]:
    """``log p(last prompt token | the prompt before it)`` per item (the template's final newline)."""
    import torch

    model = backend.model
    out: list[float] = []
    for start in range(0, len(prompt_ids), 16):
        chunk = prompt_ids[start : start + 16]
        ids, mask = backend._left_pad(chunk)
        positions = (mask.cumsum(-1) - 1).clamp(min=0)
        with torch.inference_mode():
            logits = model(
                input_ids=ids, attention_mask=mask, position_ids=positions, use_cache=False, logits_to_keep=2
            ).logits
        logprobs = torch.log_softmax(logits[:, 0, :].float(), dim=-1)
        out.extend(float(logprobs[row, seq[-1]]) for row, seq in enumerate(chunk))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, default=200, help="items scored (default 200)")
    parser.add_argument("--quick", action="store_true", help="40 items, 16 generated, 1 repetition")
    parser.add_argument(
        "--reps", type=int, default=2, help="repetitions of the batch-16 comparison (median; default 2)"
    )
    parser.add_argument("--gen-items", type=int, default=40, help="items generated for (default 40)")
    parser.add_argument("--threads", type=int, default=0, help="torch threads (default: torch's own, = cores)")
    parser.add_argument("--no-auto", action="store_true", help="skip lm-eval with batch_size=auto")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    if args.quick:
        args.items, args.gen_items, args.reps = 40, 16, 1
    command = "cd /work/main && .venv/bin/python benchmarks/eval_bench.py " + shlex.join(sys.argv[1:])
    print(f"command: {command.strip()}")

    import importlib.metadata

    import torch
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    hf_logging.set_verbosity_error()
    if args.threads:
        torch.set_num_threads(args.threads)

    import lm_eval
    from lm_eval.models.huggingface import HFLM
    from lm_eval.tasks import TaskManager

    from pyverify.models import Decoding, _packaged, load_backend
    from pyverify.protocols import _invariance as invariance

    load_before = os.getloadavg()
    usage_before = busy_seconds()
    versions = {name: importlib.metadata.version(name) for name in ("torch", "transformers", "lm_eval", "accelerate")}
    machine: dict[str, Any] = {"cpus": os.cpu_count(), "torch_threads": torch.get_num_threads(), "machine": platform.machine(),
               "python": platform.python_version(), "load_avg_before": [round(x, 2) for x in load_before]}  # fmt: skip
    print(f"versions: {versions}")
    print(f"machine: {machine}")

    # -- the weights: convert once (excluded from everything timed), then load both sides -------------
    gguf = _packaged.locate(MODEL)  # the GGUF's pieces in order (one file for SmolLM2)
    pieces = gguf if isinstance(gguf, list) else [gguf]
    started = time.perf_counter()
    directory = _packaged.ensure_converted(MODEL, gguf, _packaged.sha256_file(*pieces))
    prepare_s = time.perf_counter() - started
    load_pv_s, backend = timed(lambda: load_backend(f"packaged/{MODEL}", batch_size=16))
    described = backend.describe()
    dtype = described["dtype"]
    load_lm_s, lm16 = timed(lambda: HFLM(pretrained=str(directory), dtype=dtype, batch_size=16, device="cpu"))
    lm_auto = None if args.no_auto else HFLM(pretrained=lm16.model, tokenizer=lm16.tokenizer, batch_size="auto",
                                             device="cpu")  # fmt: skip
    print(f"weights: {directory} (check/convert {prepare_s:.1f} s); pyverify load {load_pv_s:.1f} s, "
          f"lm-eval load {load_lm_s:.1f} s; dtype {dtype}, device {described['device']}")  # fmt: skip

    # -- the items, as the invariance protocol asks them ------------------------------------------------
    items = pick_items(ITEMS, args.items)
    requests = invariance.requests(items, "choice", 1, invariance.DEFAULT_DECODING)
    questions = [request.messages[0][1] for request in requests]
    prompts = [backend.prompts.text(request) for request in requests]
    prompt_ids = [backend.prompts.ids(request) for request in requests]

    workdir = Path(tempfile.mkdtemp(prefix="pyverify-eval-bench-"))
    write_task(workdir, items, questions)
    manager = TaskManager(include_path=str(workdir), include_defaults=False)

    ll_seconds: list[float] = []

    def timed_loglikelihood(lm: Any) -> None:
        original = lm.loglikelihood

        def wrapper(*a: Any, **k: Any) -> Any:
            started = time.perf_counter()
            try:
                return original(*a, **k)
            finally:
                ll_seconds.append(time.perf_counter() - started)

        lm.loglikelihood = wrapper

    timed_loglikelihood(lm16)
    if lm_auto is not None:
        timed_loglikelihood(lm_auto)

    detect_seconds: list[float] = []
    if lm_auto is not None:  # time lm-eval's batch-size detection (it reruns on every loglikelihood call)
        detect = lm_auto._detect_batch_size

        def timed_detect(*a: Any, **k: Any) -> Any:
            started = time.perf_counter()
            try:
                return detect(*a, **k)
            finally:
                detect_seconds.append(time.perf_counter() - started)

        lm_auto._detect_batch_size = timed_detect

    def run_lm_eval(lm: Any) -> dict[str, Any]:
        return lm_eval.simple_evaluate(model=lm, tasks=[TASK], task_manager=manager, apply_chat_template=True,
                                       log_samples=True, bootstrap_iters=0, verbosity="ERROR")  # fmt: skip

    # untimed warm-up of both sides (first-call allocations and kernel setup; lm-eval builds its dataset cache)
    backend.batch_size = 16
    backend.score(requests[:8])
    lm_eval.simple_evaluate(model=lm16, tasks=[TASK], task_manager=manager, apply_chat_template=True,
                            log_samples=False, bootstrap_iters=0, verbosity="ERROR", limit=8)  # fmt: skip

    timings: dict[str, list[float]] = {}
    contention: dict[str, list[float]] = {}  # mean cores other processes used during each timed run

    def measure(name: str, fn: Callable[[], Any]) -> Any:
        before = busy_seconds()
        seconds, result = timed(fn)
        after = busy_seconds()
        others = (after[1] - before[1]) - (after[2] - before[2])
        timings.setdefault(name, []).append(seconds)
        contention.setdefault(name, []).append(round(max(others, 0.0) / (after[0] - before[0]), 2))
        return result

    # the batch-16 comparison, interleaved, --reps times; batch 1 and auto once each (time)
    pv_scores = None
    lm_out = None
    pv_pairs = None
    for rep in range(args.reps):
        backend.batch_size = 16
        pv_scores = measure("pyverify_b16", lambda: backend.score(requests))
        backend.one_pass = False
        pv_pairs = measure("pyverify_pairs_b16", lambda: backend.score(requests))
        backend.one_pass = True
        lm_out = measure("lm_eval_b16", lambda: run_lm_eval(lm16))
        timings.setdefault("lm_eval_b16_loglikelihood", []).append(ll_seconds[-1])
        print(f"rep {rep + 1}/{args.reps}: pyverify b16 {len(items) / timings['pyverify_b16'][-1]:.2f} items/s, "
              f"per pair {len(items) / timings['pyverify_pairs_b16'][-1]:.2f} items/s, "
              f"lm-eval b16 {len(items) / timings['lm_eval_b16'][-1]:.2f} items/s (other processes: "
              f"{contention['pyverify_b16'][-1]}, {contention['pyverify_pairs_b16'][-1]}, "
              f"{contention['lm_eval_b16'][-1]} cores)", flush=True)  # fmt: skip
    backend.batch_size = 8
    pv_b8 = measure("pyverify_b8", lambda: backend.score(requests))
    print(f"pyverify b8 {len(items) / timings['pyverify_b8'][0]:.2f} items/s", flush=True)
    backend.batch_size = 1
    pv_b1 = measure("pyverify_b1", lambda: backend.score(requests))
    print(f"pyverify b1 {len(items) / timings['pyverify_b1'][0]:.2f} items/s", flush=True)
    if lm_auto is not None:
        measure("lm_eval_auto", lambda: run_lm_eval(lm_auto))
        timings["lm_eval_auto_loglikelihood"] = [ll_seconds[-1]]
        timings["lm_eval_auto_without_detection"] = [ll_seconds[-1] - sum(detect_seconds)]
        print(f"lm-eval auto {len(items) / timings['lm_eval_auto'][0]:.2f} items/s "
              f"({sum(detect_seconds):.1f} s detecting)", flush=True)  # fmt: skip
    assert pv_scores is not None and pv_pairs is not None

    def max_diff(first: list[Any], second: list[Any]) -> float:
        return max(abs(a - b) for x, y in zip(first, second) for a, b in zip(x.logprobs, y.logprobs))

    def answer(response: Any) -> int:
        return max(range(len(response.logprobs)), key=lambda j: response.logprobs[j])

    b1_vs_b16 = max(max_diff(pv_b1, pv_scores), max_diff(pv_b8, pv_scores))
    pairs_diff = max_diff(pv_pairs, pv_scores)  # one pass per item against one row per (prompt, choice)
    pairs_same = sum(answer(x) == answer(y) for x, y in zip(pv_pairs, pv_scores))

    # -- agreement -------------------------------------------------------------------------------------
    assert pv_scores is not None and lm_out is not None
    samples = sorted(lm_out["samples"][TASK], key=lambda s: s["doc_id"])
    shutil.rmtree(workdir, ignore_errors=True)  # the task and its dataset are no longer needed
    newline = newline_terms(backend, prompt_ids[:NEWLINE_ITEMS])  # ~0.1 s an item: a subset keeps the run short
    agree = 0
    disagreements: list[str] = []
    context_mismatch = 0
    token_mismatch = 0
    raw_diff = corrected_diff = margin_diff = 0.0
    errors = sum(r.finish_reason == "error" for r in pv_scores)
    for index, (sample, response) in enumerate(zip(samples, pv_scores)):
        assert sample["doc"]["item_id"] == items[index]["item_id"]
        contexts = [argument[0] for argument in sample["arguments"]]
        continuations = [argument[1] for argument in sample["arguments"]]
        if any(c != prompts[index] for c in contexts) or continuations != list(invariance.CHOICES):
            context_mismatch += 1
        for choice in invariance.CHOICES:  # the whole token sequence must be the same on both sides
            whole = lm16.tok_encode(prompts[index] + choice)
            _, ours = backend.prompts.scoring_pairs(dataclasses.replace(requests[index], choices=(choice,)))
            if whole != prompt_ids[index] + ours[0]:
                token_mismatch += 1
        lm_ll = [float(resp[0][0]) for resp in sample["resps"]]
        pv_ll = list(response.logprobs)
        if max(range(2), key=lambda j: lm_ll[j]) == max(range(2), key=lambda j: pv_ll[j]):
            agree += 1
        else:
            disagreements.append(f"{items[index]['item_id']}: lm-eval {lm_ll}, pyverify {pv_ll}")
        for a, b in zip(lm_ll, pv_ll):
            raw_diff = max(raw_diff, abs(a - b))
            if index < len(newline):
                corrected_diff = max(corrected_diff, abs(a - (b + newline[index])))
        margin_diff = max(margin_diff, abs((lm_ll[0] - lm_ll[1]) - (pv_ll[0] - pv_ll[1])))
    accuracy_pv = sum((max(range(2), key=lambda j: r.logprobs[j]) == (0 if str(i.get("label")).upper() == "TRUE" else 1))
                      for r, i in zip(pv_scores, items)) / len(items)  # fmt: skip

    # -- generation --------------------------------------------------------------------------------------
    gen_items = items[: args.gen_items]
    gen_requests = invariance.requests(gen_items, "generate", 1, Decoding(max_new_tokens=GEN_TOKENS))
    backend.batch_size = 16
    generated = measure("pyverify_generate_b16", lambda: backend.generate(gen_requests))
    gen_times = timings.pop("pyverify_generate_b16")
    assert generated is not None
    new_tokens = sum(r.tokens for r in generated)
    parsed = [invariance.parse_answer(r.text)[0] for r in generated]
    gen_vs_choice = sum(p == invariance.CHOICES[max(range(2), key=lambda j: s.logprobs[j])]
                        for p, s in zip(parsed, pv_scores))  # fmt: skip

    # -- report ------------------------------------------------------------------------------------------
    med = {name: statistics.median(values) for name, values in timings.items()}
    rates = {name: round(len(items) / seconds, 3) for name, seconds in med.items()}
    rates["pyverify_generate_b16"] = round(len(gen_items) / statistics.median(gen_times), 3)
    auto_sizes = dict(lm_auto.batch_sizes) if lm_auto is not None else {}
    load_after = os.getloadavg()
    machine["load_avg_after"] = [round(x, 2) for x in load_after]
    usage_after = busy_seconds()
    wall = usage_after[0] - usage_before[0]
    others = (usage_after[1] - usage_before[1]) - (usage_after[2] - usage_before[2])
    machine["other_processes_cores"] = round(max(others, 0.0) / wall, 2)  # mean cores used by others
    machine["this_process_cores"] = round((usage_after[2] - usage_before[2]) / wall, 2)
    machine["wall_seconds"] = round(wall, 1)
    report = {
        "command": command.strip(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "versions": versions,
        "machine": machine,
        "model": {
            "spec": f"packaged/{MODEL}",
            "directory": str(directory),
            "dtype": dtype,
            "revision": described["revision"],
            "parameters": described["parameters"],
        },  # fmt: skip
        "items": len(items),
        "reps": args.reps,
        "seconds": {name: [round(v, 2) for v in values] for name, values in timings.items()},
        "items_per_s": rates,
        "other_processes_cores_during": contention,
        "lm_eval_auto_batch_sizes": auto_sizes,
        "lm_eval_auto_detection_seconds": round(sum(detect_seconds), 2),
        "agreement": {
            "same_answer": agree,
            "items": len(items),
            "disagreements": disagreements[:10],
            "context_mismatches": context_mismatch,
            "token_sequence_mismatches": token_mismatch,
            "max_abs_logprob_diff_raw": raw_diff,
            "max_abs_logprob_diff_with_newline_term": corrected_diff,
            "max_abs_margin_diff": margin_diff,
            "newline_term_range": [min(newline), max(newline)],
            "pyverify_b1_vs_b16_max_diff": b1_vs_b16,
            "pyverify_one_pass_vs_per_pair_max_diff": pairs_diff,
            "pyverify_one_pass_vs_per_pair_same_answer": pairs_same,
            "pyverify_errors": errors,
        },  # fmt: skip
        "accuracy": {"pyverify": round(accuracy_pv, 4), "lm_eval": lm_out["results"][TASK].get("acc,none")},
        "generation": {
            "items": len(gen_items),
            "max_new_tokens": GEN_TOKENS,
            "batch_size": 16,
            "seconds": [round(v, 2) for v in gen_times],
            "new_tokens": new_tokens,
            "tokens_per_s": round(new_tokens / statistics.median(gen_times), 1),
            "parsed": sum(p is not None for p in parsed),
            "same_as_choice": gen_vs_choice,
        },  # fmt: skip
        "load_seconds": {
            "pyverify": round(load_pv_s, 2),
            "lm_eval": round(load_lm_s, 2),
            "conversion_check": round(prepare_s, 2),
        },  # fmt: skip
    }

    print()
    print(f"items: {len(items)} (spread over {ITEMS.relative_to(ROOT)}), reps: {args.reps} (median), "
          f"threads: {machine['torch_threads']}, load avg before/after: {machine['load_avg_before'][0]}/"
          f"{machine['load_avg_after'][0]}; other processes used {machine['other_processes_cores']} cores on "
          f"average over the {machine['wall_seconds']} s run (this one {machine['this_process_cores']})")  # fmt: skip
    print(f"{'configuration':<34}{'items/s':>10}{'s (median)':>12}   other processes (cores, each run)")
    labels = {"pyverify_b16": "pyverify score, batch 16", "pyverify_b1": "pyverify score, batch 1",
              "pyverify_pairs_b16": "pyverify per-pair path, batch 16", "pyverify_b8": "pyverify score, batch 8",
              "lm_eval_b16": "lm-eval simple_evaluate, batch 16",
              "lm_eval_b16_loglikelihood": "  of which loglikelihood()",
              "lm_eval_auto": f"lm-eval simple_evaluate, auto ({', '.join(map(str, auto_sizes.values()))})",
              "lm_eval_auto_loglikelihood": "  of which loglikelihood()",
              "lm_eval_auto_without_detection": "  less batch-size detection"}  # fmt: skip
    for name, seconds in med.items():
        print(f"{labels[name]:<34}{rates[name]:>10.2f}{seconds:>12.1f}   {contention.get(name, '')}")
    print(f"{'pyverify generate, batch 16':<34}{rates['pyverify_generate_b16']:>10.2f}"
          f"{statistics.median(gen_times):>12.1f}   {contention['pyverify_generate_b16']} ({len(gen_items)} items, "
          f"{GEN_TOKENS} new tokens, {report['generation']['tokens_per_s']} tok/s)")  # fmt: skip
    a = report["agreement"]
    print(
        f"same answer: {agree}/{len(items)}; contexts differing from pyverify's prompt: {context_mismatch}; "
        f"token sequences differing: {token_mismatch}; pyverify errors: {errors}"
    )
    print(
        f"max |logprob diff|: raw {raw_diff:.3g} (lm-eval's continuation includes the template's final newline), "
        f"with the newline term {corrected_diff:.3g} (first {len(newline)} items), TRUE-FALSE margin {margin_diff:.3g}; "
        f"newline term in [{a['newline_term_range'][0]:.3g}, {a['newline_term_range'][1]:.3g}]"
    )
    print(
        f"pyverify batch 1 and 8 vs batch 16 max |diff| {b1_vs_b16:.3g}; one pass vs per pair max |diff| "
        f"{pairs_diff:.3g}, same answer {pairs_same}/{len(items)}; accuracy pyverify {report['accuracy']['pyverify']}, "
        f"lm-eval {report['accuracy']['lm_eval']}"
    )
    print(
        f"generation: {report['generation']['parsed']}/{len(gen_items)} parsed, {gen_vs_choice} agree with the "
        f"constrained choice"
    )
    ratio = rates["pyverify_b16"] / rates["lm_eval_b16"]
    print(
        f"pyverify b16 / lm-eval b16 (whole evaluate call): {ratio:.2f}x; "
        f"vs its loglikelihood() alone: {rates['pyverify_b16'] / rates['lm_eval_b16_loglikelihood']:.2f}x; "
        f"pyverify b8 / lm-eval b16: {rates['pyverify_b8'] / rates['lm_eval_b16']:.2f}x; "
        f"one pass / per pair (b16): {rates['pyverify_b16'] / rates['pyverify_pairs_b16']:.2f}x"
    )
    report["ratios"] = {
        "pyverify_b16_over_lm_eval_b16": round(ratio, 3),
        "pyverify_b8_over_lm_eval_b16": round(rates["pyverify_b8"] / rates["lm_eval_b16"], 3),
        "one_pass_over_per_pair_b16": round(rates["pyverify_b16"] / rates["pyverify_pairs_b16"], 3),
    }
    same = agree == len(items) and pairs_same == len(items) and not errors
    print("same answer on every item as lm-eval and as the per-pair path: " + ("yes" if same else "NO"))
    for line in disagreements[:10]:
        print(f"  disagreement {line}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
