"""equiv-answer throughput of this checkout against another one (a baseline commit), on the same pairs.

Each round times ``equivalent_answers`` over every pair of the built answer benchmark
(``formal/answers/generated/pairs.jsonl``), warm worker, once with this checkout and once with the
baseline's source tree (``git worktree add /tmp/base REV``), alternating so that the machine's drift
hits both alike; it prints the medians, their ratio and the status counts of each side.

    .venv/bin/python benchmarks/answers_speed.py --baseline /tmp/base [--rounds 3] [--timeout 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ROOT / "formal" / "answers" / "generated" / "pairs.jsonl"

# Runs in a child interpreter whose sys.path starts with the source tree under test.
_CHILD = """
import json, sys, time
from collections import Counter
sys.path.insert(0, sys.argv[1])
from pyverify.answers import equivalent_answers
rows = [json.loads(line) for line in open(sys.argv[2], encoding="utf-8") if line.strip()]
timeout = float(sys.argv[3])
equivalent_answers("1", "1", timeout)  # start the worker outside the timing
start = time.perf_counter()
statuses = Counter(equivalent_answers(r["reference"], r["candidate"], timeout).status for r in rows)
print(json.dumps({"seconds": time.perf_counter() - start, "pairs": len(rows), "statuses": statuses}))
"""


def _round(source: Path, timeout: float) -> dict:  # type: ignore[type-arg]
    out = subprocess.run([sys.executable, "-c", _CHILD, str(source), str(PAIRS), str(timeout)],
                         capture_output=True, text=True, check=True)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--baseline", type=Path, required=True, help="source tree of the baseline commit")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=5.0, help="deadline per pair (s)")
    args = parser.parse_args(argv)
    runs: dict[str, list[dict]] = {"baseline": [], "this": []}  # type: ignore[type-arg]
    for _ in range(args.rounds):
        for label, source in (("baseline", args.baseline.resolve()), ("this", ROOT)):
            runs[label].append(_round(source, args.timeout))
    pairs = runs["this"][0]["pairs"]
    medians = {label: statistics.median(r["seconds"] for r in rs) for label, rs in runs.items()}
    for label, rs in runs.items():
        rates = ", ".join(f"{pairs / r['seconds']:.1f}" for r in rs)
        print(f"{label:9} median {pairs / medians[label]:7.1f} pairs/s (rounds: {rates}); statuses {rs[-1]['statuses']}")
    print(f"this / baseline throughput: {medians['baseline'] / medians['this']:.2f}x on {pairs} pairs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
