"""The answer checks of ``pyverify audit self`` at full size: 10,000+ generated answer pairs re-judged by an
independent mpmath oracle, and 10,000+ hostile candidates against the universal-key panel.

Run by hand or by ``make bench`` (never by the tests, which run both at 600):

    .venv/bin/python benchmarks/answer_oracle_bench.py [--pairs N] [--candidates N] [--seed S] [--timeout T]
        [--margin M] [--json PATH]

Prints the counts of both checks (oracle verdicts, pyverify statuses, the failure counts that must be 0,
unknowns; candidates compared, comparisons, universal keys, crashes, overruns), their rates and wall times,
every kept failing example grouped by kind, and a Markdown snippet for ``benchmarks/RESULTS.md``. Exit
status 1 when either check has a failure, 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyverify.audit import _answer_oracle as o


def _progress(what: str, started: float, every: int) -> Any:
    def report(done: int, total: int) -> None:
        if done % every == 0 or done == total:
            print(f"  {what}: {done}/{total}, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    return report


def _grouped(failures: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in failures:
        groups[f["failure"]].append(f)
    return groups


def _counts(mapping: dict[str, int]) -> str:
    return ", ".join(f"{k} {v:,}" for k, v in mapping.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--pairs", type=int, default=10_000, help="generated answer pairs (0: skip the oracle check)")
    parser.add_argument("--candidates", type=int, default=10_000, help="hostile candidates (0: skip the corpus)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=o.DEFAULT_TIMEOUT, help="deadline per comparison (s)")
    parser.add_argument("--margin", type=float, default=o.DEFAULT_MARGIN, help="overrun beyond timeout + margin (s)")
    parser.add_argument("--json", type=Path, default=None, help="write both records here")
    args = parser.parse_args(argv)

    import mpmath

    print(f"answer checks at full size: seed {args.seed}, deadline {args.timeout:g} s per comparison, overrun "
          f"beyond {args.timeout + args.margin:g} s; {platform.machine()}, Python {platform.python_version()}, "
          f"mpmath {mpmath.__version__}")  # fmt: skip
    records: dict[str, Any] = {}
    failed = False
    snippet: list[str] = []
    if args.pairs > 0:
        started = time.perf_counter()
        run = o.run_oracle(args.pairs, args.seed, args.timeout, margin=args.margin,
                           progress=_progress("pairs", started, 500))  # fmt: skip
        wall = time.perf_counter() - started
        records["answer_oracle"] = record = run.to_dict()
        failed |= run.failed
        rate = run.pairs / wall
        print()
        print(f"## oracle check: {run.pairs:,} pairs in {wall:.1f} s ({rate:.1f} pairs/s)")
        print(f"oracle verdicts:   {_counts(run.oracle)}")
        print(f"pyverify statuses: {_counts(run.pyverify)}")
        print(f"agreements: {_counts(run.agree)}; unknown {run.unknown}; different where a side is undefined "
              f"(allowed) {run.different_on_undefined}")  # fmt: skip
        print(f"FAILURES (must be 0): equal but the oracle separates them {run.equal_but_different}; equal with an "
              f"undefined side {run.equal_but_undefined}; different but the oracle finds them equal "
              f"{run.different_but_equal}; undefined but both have values {run.undefined_but_defined}; errors "
              f"{run.errors}; overruns {run.overruns} (slowest call {run.max_call_seconds} s)")  # fmt: skip
        print("per category (pairs / unknown / failures): " + "; ".join(
            f"{k} {v.get('pairs', 0)}/{v.get('unknown', 0)}/{v.get('failures', 0)}" for k, v in run.by_category.items()))
        for kind, items in _grouped(record["failures"]).items():
            print(f"\n{kind} ({len(items)} kept):")
            for f in items:
                print(f"  [{f['category']}: {f['note']}] {f['reference']!r} vs {f['candidate']!r}: pyverify {f['pyverify']}"
                      f", oracle {f['oracle']} {f['oracle_detail']}" + (f"; {f['reason']}" if f.get("reason") else ""))
        snippet += [f"### Answer equivalence against an independent oracle ({run.pairs:,} pairs)", "",
                    f"- **Command:** `.venv/bin/python benchmarks/answer_oracle_bench.py --pairs {args.pairs} "
                    f"--candidates {args.candidates} --seed {args.seed} --timeout {args.timeout:g}`",
                    f"- **Time:** {wall:.0f} s, {rate:.1f} pairs/s (one worker, deadline {args.timeout:g} s per pair).",
                    f"- **Oracle** (mpmath, 60 digits, {o.POINTS} sign-covering random points for expressions; no code "
                    f"shared with pyverify): {_counts(run.oracle)}.",
                    f"- **pyverify:** {_counts(run.pyverify)}.", "",
                    "| failure (must be 0) | pairs |", "|---|---|",
                    f"| equal, the oracle separates them | {run.equal_but_different} |",
                    f"| equal, a side is undefined | {run.equal_but_undefined} |",
                    f"| different, the oracle finds them equal | {run.different_but_equal} |",
                    f"| undefined, both sides have values | {run.undefined_but_defined} |",
                    f"| errors | {run.errors} |",
                    f"| overruns of the deadline (slowest {run.max_call_seconds} s) | {run.overruns} |", ""]  # fmt: skip
    if args.candidates > 0:
        started = time.perf_counter()
        key = o.run_universal_key(args.candidates, args.seed, args.timeout, margin=args.margin,
                                  progress=_progress("candidates", started, 500))  # fmt: skip
        wall = time.perf_counter() - started
        records["universal_key"] = key_record = key.to_dict()
        failed |= key.failed
        print()
        print(f"## universal-key corpus: {key.candidates:,} candidates x {len(key.references)} references in "
              f"{wall:.1f} s ({key.comparisons / wall:.1f} comparisons/s, {key.candidates / wall:.1f} candidates/s)")
        print(f"parsed kinds: {_counts(key.kinds)}; not compared (unparsed or ambiguous): {key.not_compared:,}; "
              f"parsing {key.parse_seconds} s")  # fmt: skip
        print(f"comparisons: {key.comparisons:,} ({_counts(key.statuses)}); candidates equal to one reference: "
              f"{key.equal_to_one}")  # fmt: skip
        print(f"FAILURES (must be 0): equal to two or more references {key.multi_equal}; crashes {key.crashes}; "
              f"overruns {key.overruns} (slowest call {key.max_call_seconds} s)")  # fmt: skip
        print(f"engine modules imported by this process during the run: "
              f"{', '.join(key.engine_modules_loaded_here) or 'none'}")  # fmt: skip
        for kind, items in _grouped(key_record["failures"]).items():
            print(f"\n{kind} ({len(items)} kept):")
            for f in items:
                print("  " + json.dumps({k: v for k, v in f.items() if k != "failure"}, ensure_ascii=False))
        snippet += [f"### Universal-key corpus ({key.candidates:,} hostile candidates)", "",
                    f"- **Time:** {wall:.0f} s, {key.comparisons / wall:.1f} comparisons/s against the panel "
                    + ", ".join(f"`{r}`" for r in key.references) + ".",
                    f"- **Candidates:** {key.not_compared:,} unparsed or ambiguous (never equal, not compared); "
                    f"{key.candidates - key.not_compared:,} compared ({key.comparisons:,} comparisons: "
                    f"{_counts(key.statuses)}); {key.equal_to_one} equal to exactly one reference.", "",
                    "| failure (must be 0) | count |", "|---|---|",
                    f"| candidates equal to two or more references | {key.multi_equal} |",
                    f"| crashes | {key.crashes} |",
                    f"| overruns beyond {args.timeout + args.margin:g} s (slowest {key.max_call_seconds} s) | "
                    f"{key.overruns} |", ""]  # fmt: skip
    if args.json is not None:
        args.json.write_text(json.dumps(records, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    print("\n---- Markdown for benchmarks/RESULTS.md ----\n")
    print("\n".join(snippet))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
