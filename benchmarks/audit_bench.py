"""Speed of the HumanEval verifier audit: D1 + D2 over all 164 problems.

Run by ``make bench`` (never by the tests):

    .venv/bin/python benchmarks/audit_bench.py [--repeats N] [--workers N] [--baseline-limit N] [--json PATH]

* batched (the default of ``pyverify audit humaneval``): one sandboxed program per problem that runs
  the reference and then each mutant in its own forked child; ``--repeats`` runs, the median reported.
* baseline, measured in the same run: one sandbox process per source (reference, then every mutant),
  the same deadlines and inputs. Over the first ``--baseline-limit`` problems by default (0: all 164),
  since it is the slow path; variants per second are comparable either way.
Target (issue 5): the whole D1 + D2 run under 60 s on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyverify.audit import Settings, audit_humaneval, figures, load_problems


def _one(problems: list[Any], settings: Settings) -> dict[str, Any]:
    started = time.perf_counter()
    run = audit_humaneval(problems, (), settings)
    seconds = time.perf_counter() - started
    fig = figures(run.items)
    variants = sum(i.mutants_run for i in run.items) + len(run.items)  # mutants plus the reference
    return {
        "seconds": seconds,
        "variants": variants,
        "variants_per_s": variants / seconds,
        "verdicts": fig["verdicts"],
        "d1": [fig["d1_accepts_reference"]["k"], fig["d1_accepts_reference"]["n"]],
        "mutants": {k: fig["d2"][k] for k in ("mutants_total", "mutants_run", "mutants_killed", "mutants_equivalent")},
        "items_perfect_d2": fig["d2"]["items_perfect"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--baseline-limit", type=int, default=40)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    problems = load_problems()
    batched = [_one(problems, Settings(workers=args.workers)) for _ in range(args.repeats)]
    base_problems = problems[: args.baseline_limit] if args.baseline_limit else problems
    baseline = _one(base_problems, Settings(workers=args.workers, fork=False))
    median = statistics.median(r["seconds"] for r in batched)
    rate = statistics.median(r["variants_per_s"] for r in batched)
    command = "python benchmarks/audit_bench.py " + shlex.join(sys.argv[1:])
    result = {
        "command": command.strip(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "batched": batched,
        "baseline_one_process_per_source": {**baseline, "problems": len(base_problems)},
        "median_s": median,
        "median_variants_per_s": rate,
    }
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    last = batched[-1]
    print(f"### Verifier audit: D1 + D2 on HumanEval (164 problems), {os.cpu_count()} cores\n")
    print(f"`{command.strip()}`\n")
    print("| mode | problems | variants run | median wall (s) | variants / s |")
    print("|---|---|---|---|---|")
    print(f"| batched: one sandbox per problem, a forked child per variant ({len(batched)} runs) | 164 | {last['variants']} "
          f"| {median:.1f} | {rate:.0f} |")  # fmt: skip
    print(f"| baseline: one sandbox process per variant (1 run) | {len(base_problems)} | {baseline['variants']} "
          f"| {baseline['seconds']:.1f} | {baseline['variants_per_s']:.0f} |")  # fmt: skip
    print(f"\nD1 {last['d1'][0]}/{last['d1'][1]}; verdicts (no D3 candidates): {last['verdicts']}; "
          f"mutants {last['mutants']}; perfect D2: {last['items_perfect_d2']} items.")  # fmt: skip
    print(f"Target: under 60 s on 2 cores: {'met' if median < 60 else 'NOT met'}.")


if __name__ == "__main__":
    main()
