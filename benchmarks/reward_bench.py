"""Speed of pyverify.rewards against Math-Verify on the same whole responses, and what a trainer's batch costs.

Responses: MATH-500's 500 worked solutions against their gold answers (``../shared/data/outside``), the 150
NeMo-Skills MATH responses of ``tests/answers/data``, and the reward-hacking responses of ``pyverify audit
hacking`` built on the MATH-500 golds (wrong by construction). For each grader, one core: completions per second
(sequential, in this process: Math-Verify's ``verify(parse(gold), parse(response))`` imported here, pyverify's
``grade``). Then a batch of 1,024 responses (drawn with a fixed seed from all of them) through a warm
``RewardPool`` of one worker per core: the wall time a trainer waits, the bound the per-item deadline guarantees,
and the peak memory (RSS) of each worker process and its engine subprocess.

    .venv/bin/python benchmarks/reward_bench.py [--limit N] [--timeout 5] [--batch 1024]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyverify.answers._parse import _parse_one  # noqa: E402
from pyverify.graders._hacking import PATTERNS  # noqa: E402
from pyverify.rewards import Policy, RewardPool, grade  # noqa: E402
from pyverify.rewards._grade import _gold  # noqa: E402
from pyverify.rewards._pool import GRACE  # noqa: E402

OUTSIDE = ROOT.parent / "shared" / "data" / "outside"
NEMO = ROOT / "tests" / "answers" / "data" / "nemo_skills_math_outputs.jsonl"


def _rows(path: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def responses() -> dict[str, list[tuple[str, str]]]:
    """(response, gold) per set."""
    sets: dict[str, list[tuple[str, str]]] = {}
    if (OUTSIDE / "math500.jsonl").exists():
        math500 = _rows(OUTSIDE / "math500.jsonl")
        sets["MATH-500 worked solutions"] = [(r["solution"], r["answer"]) for r in math500]
        golds = [r["answer"] for r in math500[:40]]
        sets["reward-hacking responses"] = [(p.build(g, golds[(k + 1) % len(golds)]), g)
                                            for k, g in enumerate(golds) for p in PATTERNS if not p.numbers_only]  # fmt: skip
    sets["NeMo-Skills MATH responses"] = [(r["response"], r["gold"]) for r in _rows(NEMO)]
    return sets


def per_core(items: list[tuple[str, str]], timeout: float, rounds: int = 3) -> dict[str, float]:
    """Completions per second of each grader on ``items``: the median of ``rounds`` passes, each from a cold start
    (pyverify: a fresh engine worker and empty caches; Math-Verify: sympy's cache cleared)."""
    import sympy
    from math_verify import parse, verify

    # warm: both graders' imports, pyverify's engine worker and its sympy, one answer of each kind, are paid
    # before timing; then no gold answer is parsed yet (a trainer's cache of golds starts empty for each set)
    warm = [
        (r"\boxed{\frac{\sqrt{8}}{2}}", r"\sqrt{2}"),
        (r"\boxed{\sin^2 x}", r"1 - \cos^2 x"),
        (r"\boxed{(x+1)^2}", "x^2+2x+1"),
        (r"\boxed{\frac{1}{x}}", "x^{-1}"),
        (r"\boxed{[0, 1)}", "[0,1)"),
    ]
    for response, gold in warm:
        verify(parse(f"${gold}$"), parse(response))

    def cached() -> None:
        for response, gold in items:
            grade(response, gold, policy=Policy(timeout=timeout))

    def no_cache() -> None:
        # nothing remembered between responses: every gold and every answer text read afresh (the caches help a
        # trainer, whose group of completions shares a gold and often an answer written like it)
        for response, gold in items:
            _forget()
            grade(response, gold, policy=Policy(timeout=timeout))

    def math_verify() -> None:
        for response, gold in items:
            try:
                verify(parse(gold if "$" in gold or "\\boxed" in gold else f"${gold}$"), parse(response))
            except Exception:  # Math-Verify's own failures count as time spent
                pass

    rates: dict[str, list[float]] = {"pyverify": [], "pyverify, no cache": [], "math-verify": []}
    for _ in range(rounds):
        for name, run in (("pyverify", cached), ("pyverify, no cache", no_cache), ("math-verify", math_verify)):
            if name == "math-verify":
                sympy.core.cache.clear_cache()
            else:
                _fresh_engine(warm)
            start = time.perf_counter()
            run()
            rates[name].append(len(items) / (time.perf_counter() - start))
    _forget()
    return {name: statistics.median(values) for name, values in rates.items()}


def _fresh_engine(warm: list[tuple[str, str]]) -> None:
    """A new engine worker, warmed on ``warm``, and empty caches: what a trainer's reward process has at the start."""
    from pyverify.certify._worker import shutdown

    shutdown()
    for response, gold in warm:
        grade(response, gold)
    _forget()


def _forget() -> None:
    """Empty pyverify's caches of parsed golds and answer texts."""
    _gold.cache_clear()
    _parse_one.cache_clear()


def _peak_rss(stop: threading.Event, peaks: dict[int, int]) -> None:
    import psutil

    me = psutil.Process()
    while not stop.is_set():
        for child in me.children(recursive=True):
            try:
                peaks[child.pid] = max(peaks.get(child.pid, 0), child.memory_info().rss)
            except psutil.Error:
                pass
        time.sleep(0.05)


def batch(items: list[tuple[str, str]], size: int, timeout: float, workers: int) -> dict[str, float]:
    rng = random.Random(0)
    drawn = [rng.choice(items) for _ in range(size)]
    peaks: dict[int, int] = {}
    stop = threading.Event()
    watcher = threading.Thread(target=_peak_rss, args=(stop, peaks), daemon=True)
    watcher.start()
    with RewardPool(workers, Policy(timeout=timeout)) as pool:
        pool.grade_many(drawn[:workers], [g for _, g in drawn[:workers]])  # start and warm the workers
        waits = []
        for _ in range(3):
            result = pool.grade_many([r for r, _ in drawn], [g for _, g in drawn])
            waits.append(result.seconds)
    stop.set()
    watcher.join()
    return {
        "median_wait_s": statistics.median(waits),
        "max_wait_s": max(waits),
        "bound_s": math.ceil(size / workers) * (timeout + GRACE),
        "peak_rss_mb": max(peaks.values()) / 2**20 if peaks else float("nan"),
        "processes": len(peaks),
        "counts": result.counts,
    }  # type: ignore[dict-item]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--limit", type=int, default=None, help="first N responses of each set")
    parser.add_argument("--timeout", type=float, default=5.0, help="deadline per response (s)")
    parser.add_argument("--batch", type=int, default=1024, help="responses in the trainer's batch")
    args = parser.parse_args(argv)
    sets = {k: v[: args.limit] if args.limit else v for k, v in responses().items()}
    print(f"reward benchmark: {', '.join(f'{k} ({len(v)})' for k, v in sets.items())}; one core each, "
          "medians of 3 cold passes")  # fmt: skip
    print(f"{'set':32} {'pyverify/s':>11} {'math-verify/s':>14} {'ratio':>7} {'no cache/s':>11} {'ratio':>7}")
    for name, items in sets.items():
        rates = per_core(items, args.timeout)
        mv, cold = rates["math-verify"], rates["pyverify, no cache"]
        print(f"{name:32} {rates['pyverify']:11.1f} {mv:14.1f} {rates['pyverify'] / mv:6.1f}x "
              f"{cold:11.1f} {cold / mv:6.1f}x")  # fmt: skip
    workers = os.cpu_count() or 2
    everything = [item for items in sets.values() for item in items]
    b = batch(everything, args.batch, args.timeout, workers)
    print(f"batch of {args.batch} through a warm pool of {workers} workers: median wait {b['median_wait_s']:.1f} s, "
          f"max {b['max_wait_s']:.1f} s (bound by the per-item deadline: {b['bound_s']:.0f} s); peak RSS of a worker "
          f"or its engine subprocess {b['peak_rss_mb']:.0f} MiB over {b['processes']} processes; grades {b['counts']}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
