"""The openai/ backend against a real llama.cpp server, beside the packaged backend on the same GGUF.

    .venv/bin/python benchmarks/server_bench.py               # 30 items, generate mode, 8 new tokens
    .venv/bin/python benchmarks/server_bench.py --limit 60 --json out.json

Starts ``llama-cpp-python[server]`` (built by ``make test`` / ``make llamacpp`` into ``.venv-llamacpp``) serving
the packaged SmolLM2-135M GGUF (Q4_1) on a free port of 127.0.0.1, then runs ``pyverify eval --protocol
invariance --mode generate`` on it and on ``packaged/smollm2-135m`` (the same GGUF, dequantized to bfloat16
and run by transformers) and reports, over the same items: wall time of each run, predictions equal, generated
texts equal, and the answers' distribution; then ``--mode choice`` on the server (its echo self-check's
verdict, the two log-probabilities and the time until refusal). Prints "skipped: <why>" when no server can
be started.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.models import llamacpp  # noqa: E402  (the tests' server helper: one way to start it)


def _eval(model: str, out: Path, *extra: str) -> tuple[float, int, str]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pyverify.cli", "eval", "--model", model, "--protocol", "invariance",
                           "--out", str(out), *extra], capture_output=True, text=True, timeout=1800)  # fmt: skip
    return time.monotonic() - started, done.returncode, done.stderr.strip()


def _rows(run: Path) -> dict[str, dict[str, Any]]:
    return {row["item_id"]: row for row in map(json.loads, (run / "responses.jsonl").read_text().splitlines())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=30)
    parser.add_argument("--tokens", type=int, default=8)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    why = llamacpp.unavailable()
    if why:
        print(f"skipped: {why}")
        return 0
    server = llamacpp.LlamaServer(llamacpp.packaged_gguf())
    started = time.monotonic()
    server.start()
    startup = time.monotonic() - started
    try:
        with tempfile.TemporaryDirectory() as tmp:
            served_run, local_run, choice_run = Path(tmp, "served"), Path(tmp, "local"), Path(tmp, "choice")
            gen = ("--mode", "generate", "--max-new-tokens", str(args.tokens), "--limit", str(args.limit))
            served_s, rc1, err1 = _eval(f"openai/smollm2 base_url={server.url}", served_run, *gen)
            local_s, rc2, err2 = _eval("packaged/smollm2-135m", local_run, *gen)
            if rc1 or rc2:
                print(f"a run failed: served {rc1} {err1[-300:]!r}; packaged {rc2} {err2[-300:]!r}")
                return 1
            served, local = _rows(served_run), _rows(local_run)
            choice_s, rc3, err3 = _eval(f"openai/smollm2 base_url={server.url}", choice_run, "--mode", "choice",
                                        "--limit", "5")  # fmt: skip
            check = json.loads((choice_run / "provenance.json").read_text())["model"]["echo_check"]
    finally:
        server.stop()
    same_prediction = sum(served[k]["prediction"] == local[k]["prediction"] for k in served)
    same_text = sum(served[k]["raw_output"] == local[k]["raw_output"] for k in served)
    record = {
        "items": len(served), "max_new_tokens": args.tokens, "server_startup_s": round(startup, 1),
        "served_s": round(served_s, 1), "packaged_s": round(local_s, 1),
        "same_prediction": same_prediction, "same_text": same_text,
        "served_answers": dict(Counter(str(r["prediction"]) for r in served.values())),
        "packaged_answers": dict(Counter(str(r["prediction"]) for r in local.values())),
        "choice_exit": rc3, "choice_s": round(choice_s, 1), "echo_check": check, "choice_error": err3,
    }  # fmt: skip
    print(f"llama.cpp server (llama-cpp-python 0.3.36) vs packaged/smollm2-135m, {len(served)} items, generate, "
          f"{args.tokens} new tokens")  # fmt: skip
    print(f"  wall: served {served_s:.1f} s, packaged {local_s:.1f} s (server start-up {startup:.1f} s, not included)")
    print(f"  predictions equal {same_prediction}/{len(served)}, texts equal {same_text}/{len(served)}")
    print(f"  answers: served {record['served_answers']}, packaged {record['packaged_answers']}")
    print(f"  choice mode: exit {rc3} after {choice_s:.1f} s; echo self-check {check['status']}")
    for probe in check.get("probes", []):
        print(f"    after {probe['prompt']!r}: {probe.get('token')!r} generated at {probe.get('generated_logprob')}, "
              f"echoed at {probe.get('echoed_logprob')}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(record, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
