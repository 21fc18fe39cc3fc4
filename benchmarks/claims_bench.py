"""Speed of pyverify.claims: label-blind checks per family, scoring 10,000 tasks, the group bootstrap.

Run by ``make bench`` (never by the tests):

    .venv/bin/python benchmarks/claims_bench.py [--quick] [--json PATH]

* checks: 10,000 generated responses per family (reference witnesses, random perturbations of them,
  wrong shapes), each checked by ``pyverify.claims._checker.check``; median of 5 repetitions.
* scoring: ``score()`` over 10,000 tasks (the canonical 72 tasks cycled with fresh ids) with one
  response each.
* bootstrap: ``compare()`` of two scored runs over the 48 canonical claim groups with 10,000
  resamples; median of 5 repetitions.
Targets (issue 3): >= 5,000 checks/s per family; bootstrap <= 0.5 s.
"""

from __future__ import annotations

import argparse
import copy
import json
import platform
import random
import shlex
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyverify.claims._checker import check
from pyverify.claims._generate import build


def _perturb(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    state = copy.deepcopy(state)
    key = rng.choice(sorted(state))
    value = state[key]
    if isinstance(value, list) and value and isinstance(value[0], list):
        value[rng.randrange(2)][rng.randrange(2)] = str(rng.randint(-5, 5))
    elif isinstance(value, list):
        if rng.random() < 0.5:
            value.append(str(rng.randint(-3, 3)))
        elif value:
            value[rng.randrange(len(value))] = str(rng.randint(-3, 3))
    elif key in ("step", "horizon"):
        state[key] = rng.randint(1, 4)
    else:
        state[key] = f"{rng.randint(-9, 9)}/{rng.randint(1, 9)}"
    return state


def responses_for(
    family: str, tasks: list[Any], refs: list[Any], count: int, seed: int
) -> list[tuple[dict[str, Any], Any]]:
    """(task, audit) pairs: 40% reference witnesses, 40% perturbed, 20% malformed or valid verdicts."""
    rng = random.Random(seed)
    pool = [(t.model_dump(), r) for t, r in zip(tasks, refs) if t.family == family]
    invalid = [(t, r) for t, r in pool if r.gold.verdict == "invalid"]
    out = []
    for i in range(count):
        task, ref = rng.choice(invalid)
        state = ref.gold.counterexample["state"]
        roll = rng.random()
        if roll < 0.4:
            audit: Any = {"verdict": "invalid", "counterexample": {"state": state}}
        elif roll < 0.8:
            audit = {"verdict": "invalid", "counterexample": {"state": _perturb(state, rng)}}
        elif roll < 0.9:
            audit = {"verdict": "invalid", "counterexample": {"state": {"x": i}}}
        else:
            audit = {"verdict": "valid", "counterexample": None}
        out.append((task, audit))
    return out


def bench_checks(tasks: list[Any], refs: list[Any], count: int, repetitions: int) -> dict[str, Any]:
    figures = {}
    for family in ("optimizer_transport", "affine_recurrence", "linear_algebra"):
        pairs = responses_for(family, tasks, refs, count, seed=1)
        for task, audit in pairs[:50]:  # warm caches (parsed formulas, compiled closures)
            check(task, audit)
        rates, statuses = [], {}
        for _ in range(repetitions):
            start = time.perf_counter()
            results = [check(task, audit) for task, audit in pairs]
            rates.append(len(pairs) / (time.perf_counter() - start))
        for r in results:
            statuses[r.status] = statuses.get(r.status, 0) + 1
        figures[family] = {
            "checks_per_s": round(statistics.median(rates)),
            "responses": len(pairs),
            "statuses": statuses,
        }
    return figures


def bench_scoring(tasks: list[Any], refs: list[Any], count: int) -> dict[str, Any]:
    from pyverify.claims._extract import Response
    from pyverify.claims._score import score

    big_tasks, big_refs, responses = [], [], {}
    for i in range(count):
        task, ref = tasks[i % len(tasks)], refs[i % len(refs)]
        task_id = f"B{i:05d}"
        big_tasks.append(task.model_copy(update={"task_id": task_id}))
        big_refs.append(ref.model_copy(update={"task_id": task_id}))
        audit = {"task_id": task_id, **ref.gold.model_dump()}
        responses[task_id] = Response(task_id=task_id, audit=audit, status="parsed", error="", raw={})
    start = time.perf_counter()
    result = score(big_tasks, big_refs, responses)
    seconds = time.perf_counter() - start
    return {
        "tasks": count,
        "seconds": round(seconds, 3),
        "tasks_per_s": round(count / seconds),
        "safe": result["summary"].get("safe"),
    }


def bench_bootstrap(tasks: list[Any], refs: list[Any], resamples: int, repetitions: int) -> dict[str, Any]:
    from pyverify.claims._extract import Response
    from pyverify.claims._score import compare, score

    rng = random.Random(5)
    runs = []
    for flip in (0.3, 0.5):
        responses = {}
        for ref in refs:
            gold = ref.gold.model_dump()
            if rng.random() < flip:
                gold["verdict"] = "valid" if gold["verdict"] == "invalid" else "invalid"
            responses[ref.task_id] = Response(
                task_id=ref.task_id, audit={"task_id": ref.task_id, **gold}, status="parsed", error="", raw={}
            )
        runs.append(score(tasks, refs, responses))
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        result = compare(refs, runs[0], runs[1], seed=0, resamples=resamples)
        times.append(time.perf_counter() - start)
    return {"groups": result.get("groups"), "resamples": resamples, "median_seconds": round(statistics.median(times), 4),
            "ci95": result.get("ci95")}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="1,000 responses per family, 2 repetitions")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    command = "cd /work/main && .venv/bin/python benchmarks/claims_bench.py" + (
        " " + shlex.join(argv or sys.argv[1:]) if (argv or sys.argv[1:]) else ""
    )
    count, reps = (1_000, 2) if args.quick else (10_000, 5)
    tasks, refs = build(0)
    figures: dict[str, Any] = {
        "command": command,
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
    }
    figures["checks"] = bench_checks(tasks, refs, count, reps)
    figures["scoring"] = bench_scoring(tasks, refs, 10_000 if not args.quick else 2_000)
    figures["bootstrap"] = bench_bootstrap(tasks, refs, 10_000, reps)
    print(f"command: {command}")
    for family, block in figures["checks"].items():
        target = "meets" if block["checks_per_s"] >= 5000 else "BELOW"
        print(f"checks, {family}: {block['checks_per_s']:,} checks/s over {block['responses']:,} responses "
              f"({target} the 5,000/s target) statuses {block['statuses']}")  # fmt: skip
    s = figures["scoring"]
    print(f"scoring: {s['tasks']:,} tasks in {s['seconds']} s ({s['tasks_per_s']:,} tasks/s)")
    b = figures["bootstrap"]
    target = "meets" if b["median_seconds"] <= 0.5 else "ABOVE"
    print(
        f"bootstrap: {b['resamples']:,} resamples over {b['groups']} groups in {b['median_seconds']} s ({target} the 0.5 s target)"
    )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
