"""What constraining costs: claim-audit drafts of the packaged SmolLM2, free against structured (llguidance).

Run: ``.venv/bin/python benchmarks/structured_bench.py [--tasks 12] [--reps 3] [--tokens 160] [--json PATH]``

One backend (``packaged/smollm2-135m``, the demo's model, float32 on CPU), the canonical claim-audit tasks
spread over the three families as the protocol spreads them, greedy, ``--tokens`` new tokens at most, batch 8.
Each repetition generates every task's draft twice, interleaved: free (the task prompt only) and structured
(the same prompt with the task's audit schema enforced, ``pyverify.protocols._schemas.audit_schema``). The
grammar (compiling the schema, building llguidance's tokenizer once) is warmed up before timing, since a run
pays it once per schema.

Reported per side, medians over the repetitions: seconds for the batch of drafts, generated tokens, tokens/s,
and the seconds per draft; and the outcome of the first repetition as the scorer sees it: drafts that hold a
complete audit (``extract`` status ``parsed``) and drafts cut off at the token budget. Tokens/s is the cost of
the mask per step (llguidance computes it on the CPU, per row); seconds per draft is what a run pays in all,
which constraining can lower, because a constrained draft says only the audit.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tasks", type=int, default=12)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--tokens", type=int, default=160)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    from pyverify.claims._extract import extract
    from pyverify.claims._generate import build
    from pyverify.models import load_backend
    from pyverify.models._backend import Decoding, Request
    from pyverify.protocols._inputs import spread
    from pyverify.protocols._schemas import audit_schema

    tasks = spread(build(0)[0], args.tasks)
    backend = load_backend("packaged/smollm2-135m batch_size=8")

    def requests(structured: bool) -> list[Request]:
        return [Request(t.task_id, (("user", t.prompt),), Decoding(max_new_tokens=args.tokens,
                        json_schema=audit_schema(t.task_id, t.response_schema) if structured else ""))
                for t in tasks]  # fmt: skip

    backend.generate(requests(True)[:1])  # warm-up: llguidance's tokenizer, one schema compiled
    for t in tasks:  # every schema compiled once, as a run compiles each once
        backend._constrained().matcher(audit_schema(t.task_id, t.response_schema))
    load = os.getloadavg()[0]
    timings: dict[str, list[tuple[float, int]]] = {"free": [], "structured": []}
    outcome: dict[str, dict[str, int]] = {}
    for rep in range(args.reps):
        for side in ("free", "structured"):
            started = time.perf_counter()
            answers = backend.generate(requests(side == "structured"))
            seconds = time.perf_counter() - started
            timings[side].append((seconds, sum(a.tokens for a in answers)))
            if rep == 0:
                outcome[side] = {"parsed": sum(extract(a.text).status == "parsed" for a in answers),
                                 "cut_off": sum(a.finish_reason == "length" for a in answers),
                                 "drafts": len(answers)}  # fmt: skip
    result: dict[str, object] = {"tasks": len(tasks), "reps": args.reps, "max_new_tokens": args.tokens,
                                 "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2)}  # fmt: skip
    for side, runs in timings.items():
        seconds = statistics.median(s for s, _ in runs)
        tokens = statistics.median(n for _, n in runs)
        result[side] = {"seconds": round(seconds, 2), "tokens": tokens, "tokens_per_s": round(tokens / seconds, 1),
                        "seconds_per_draft": round(seconds / len(tasks), 2), **outcome[side]}  # fmt: skip
    free, structured = result["free"], result["structured"]
    assert isinstance(free, dict) and isinstance(structured, dict)
    result["tokens_per_s_ratio"] = round(structured["tokens_per_s"] / free["tokens_per_s"], 3)
    result["seconds_ratio"] = round(structured["seconds"] / free["seconds"], 3)
    print(f"claim-audit drafts, packaged SmolLM2, {len(tasks)} tasks, {args.tokens} tokens at most, "
          f"median of {args.reps} (load {result['load_before']} → {result['load_after']})")  # fmt: skip
    print(f"{'side':<11}{'s/batch':>9}{'tokens':>8}{'tok/s':>8}{'s/draft':>9}{'audits':>8}{'cut off':>9}")
    for side in ("free", "structured"):
        r = result[side]
        assert isinstance(r, dict)
        print(f"{side:<11}{r['seconds']:>9}{r['tokens']:>8}{r['tokens_per_s']:>8}{r['seconds_per_draft']:>9}"
              f"{r['parsed']:>5}/{r['drafts']:<3}{r['cut_off']:>6}")  # fmt: skip
    print(f"structured / free: tokens/s ×{result['tokens_per_s_ratio']}, seconds ×{result['seconds_ratio']}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
