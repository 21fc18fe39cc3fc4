"""One short GPU check of the ``hf`` backend: a tiny random-weight Llama on CUDA, batched, bfloat16.

Run: ``.venv/bin/python benchmarks/gpu_check.py [--requests 256] [--json PATH]`` (about a minute with a GPU).

Builds the tiny chat model of ``tests/models/tiny.py`` (Llama, 2 layers, hidden 32, a byte-level BPE whose
``TRUE``/``FALSE`` take several tokens each, no pad token) in a temporary directory, then runs ``HFBackend``
with ``device=cuda dtype=bfloat16 batch_size=16`` over ``--requests`` TRUE/FALSE requests of varied length:
constrained-choice scoring and greedy generation (16 new tokens). Prints items/s for both (after one warm-up
batch) and compares with a float32 CPU run of the same model and requests: the largest absolute (and relative)
difference of the choice log-probabilities, how many argmax answers agree, and how many generated texts are
identical (a random-weight model in bfloat16 may legitimately diverge from float32 on near-ties; these two
counts are information, not pass/fail). A float32 run on the device is compared with the CPU run too: that one
must agree closely, so a batching, padding or position bug that only shows on the device cannot hide behind
bfloat16 rounding.

Without a CUDA device it prints "no CUDA device: skipped" and exits 0. ``--device cpu`` runs the same code path
on the CPU (bfloat16 there too) to check the script itself. Exit status 1 when a backend answers with errors,
when float32 on the device differs from float32 on the CPU by more than 1e-3 nats, or when a bfloat16
log-probability differs from float32 by more than ``--tolerance`` of its size (default 0.1: bfloat16 keeps 8
significant bits and this model's logits are large on purpose; on the CPU the largest relative difference is
about 0.05, the median about 0.006).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORDS = ["the", "sum", "of", "two", "even", "numbers", "is", "every", "prime", "greater", "than", "odd", "claim",
         "proof", "answer", "question", "system", "user", "assistant"]  # fmt: skip


def make_requests(count: int, *, choices: tuple[str, ...], max_new_tokens: int) -> list[Any]:
    """``count`` one-message requests of 3..40 words (deterministic), as the invariance protocol words them."""
    import random

    from pyverify.models import Decoding, Request

    rng = random.Random(0)
    out = []
    for index in range(count):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 40)))
        messages = (("user", f"{text}\nAnswer with TRUE or FALSE."),)
        out.append(Request(f"r{index}", messages, Decoding(max_new_tokens=max_new_tokens), choices))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=256, help="requests scored and generated (default 256)")
    parser.add_argument("--device", default="cuda", help="cuda (default), cuda:N, or cpu to check the script")
    parser.add_argument("--tolerance", type=float, default=0.1, help="max relative bf16 logprob diff vs float32")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    print("command: cd /work/main && .venv/bin/python benchmarks/gpu_check.py " + " ".join(sys.argv[1:]))

    import torch

    if args.device.startswith("cuda") and not torch.cuda.is_available():
        print(f"no CUDA device: skipped (torch {torch.__version__}, CUDA build {torch.version.cuda or 'none'})")
        return 0

    import transformers
    from transformers.utils import logging as hf_logging

    from pyverify.models._hf import HFBackend
    from tests.models.tiny import build_tiny_model

    hf_logging.disable_progress_bar()
    hf_logging.set_verbosity_error()
    on_cuda = args.device.startswith("cuda")
    device_name = torch.cuda.get_device_name(args.device) if on_cuda else platform.processor() or platform.machine()
    print(f"device: {args.device} ({device_name}); torch {torch.__version__} (CUDA {torch.version.cuda}), "
          f"transformers {transformers.__version__}")  # fmt: skip

    workdir = Path(tempfile.mkdtemp(prefix="pyverify-gpu-check-"))
    directory = build_tiny_model(workdir / "tiny")
    scoring = make_requests(args.requests, choices=("TRUE", "FALSE"), max_new_tokens=16)
    generating = make_requests(args.requests, choices=(), max_new_tokens=16)

    started = time.perf_counter()
    fast = HFBackend(str(directory), device=args.device, dtype="bfloat16", batch_size=16)
    load_s = time.perf_counter() - started
    reference = HFBackend(str(directory), device="cpu", dtype="float32", batch_size=16)
    described = fast.describe()
    print(f"backend: {described['device']} {described['dtype']} batch {described['batch_size']}, "
          f"{described['parameters']:,} parameters, load {load_s:.1f} s")  # fmt: skip

    def timed(call: Any, requests: list[Any]) -> tuple[float, list[Any]]:
        call(requests[:16])  # warm-up: CUDA context, kernels, allocator
        if on_cuda:
            torch.cuda.synchronize()
        begun = time.perf_counter()
        out = call(requests)
        if on_cuda:
            torch.cuda.synchronize()
        return time.perf_counter() - begun, out

    score_s, scored = timed(fast.score, scoring)
    generate_s, generated = timed(fast.generate, generating)
    ref_scored = reference.score(scoring)
    ref_generated = reference.generate(generating)
    device32 = HFBackend(str(directory), device=args.device, dtype="float32", batch_size=16).score(scoring)
    shutil.rmtree(workdir, ignore_errors=True)

    errors = sum(r.finish_reason == "error" for r in scored + generated + device32)
    max_diff = max(abs(a - b) for r, q in zip(scored, ref_scored) for a, b in zip(r.logprobs, q.logprobs))
    max_rel = max(
        abs(a - b) / max(abs(b), 1e-6) for r, q in zip(scored, ref_scored) for a, b in zip(r.logprobs, q.logprobs)
    )
    fp32_diff = max(abs(a - b) for r, q in zip(device32, ref_scored) for a, b in zip(r.logprobs, q.logprobs))
    same_choice = sum(
        max(range(2), key=lambda j, r=r: r.logprobs[j]) == max(range(2), key=lambda j, q=q: q.logprobs[j])
        for r, q in zip(scored, ref_scored)
    )
    same_text = sum(r.text == q.text for r, q in zip(generated, ref_generated))
    new_tokens = sum(r.tokens for r in generated)
    report = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "device": args.device,
        "device_name": device_name,
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "transformers": transformers.__version__,
        "requests": args.requests,
        "batch_size": 16,
        "dtype": described["dtype"],
        "score_items_per_s": round(args.requests / score_s, 1),
        "generate_items_per_s": round(args.requests / generate_s, 1),
        "generate_new_tokens": new_tokens,
        "max_abs_logprob_diff_vs_fp32_cpu": max_diff,
        "max_rel_logprob_diff_vs_fp32_cpu": max_rel,
        "max_abs_logprob_diff_fp32_device_vs_cpu": fp32_diff,
        "same_argmax_vs_fp32_cpu": same_choice,
        "same_generated_text_vs_fp32_cpu": same_text,
        "errors": errors,
    }
    print(f"score:    {report['score_items_per_s']:>8} items/s ({args.requests} requests x 2 choices, {score_s:.2f} s)")
    print(f"generate: {report['generate_items_per_s']:>8} items/s ({args.requests} requests, 16 new tokens max, "
          f"{new_tokens} generated, {generate_s:.2f} s)")  # fmt: skip
    print(f"bfloat16 vs float32 on CPU: max |logprob diff| {max_diff:.4g} (relative {max_rel:.3g}, tolerance "
          f"{args.tolerance}); same argmax {same_choice}/{args.requests}; same generated text "
          f"{same_text}/{args.requests}; errors {errors}")  # fmt: skip
    print(f"float32 on {args.device} vs float32 on CPU: max |logprob diff| {fp32_diff:.3g} (tolerance 1e-3)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0 if errors == 0 and max_rel <= args.tolerance and fp32_diff <= 1e-3 else 1


if __name__ == "__main__":
    raise SystemExit(main())
