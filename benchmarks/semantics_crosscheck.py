"""The semantics cross-check of ``pyverify audit self`` at full size: 1,000+ random claims decided under
``exact`` and ``mathlib``, every verdict re-checked by an independent sympy evaluator.

Run by hand or by ``make bench`` (never by the tests):

    .venv/bin/python benchmarks/semantics_crosscheck.py [--claims N] [--seed S] [--timeout T] [--points P] [--json PATH]

Prints the counts as a small table (claims, certified / refuted / unknown per semantics, points
evaluated, witnesses re-checked, disagreements, claims whose verdict differs between the semantics)
and lists every disagreement with its claim, semantics and point. Exit status 1 when there is any
disagreement or engine error, 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyverify.audit._semantics_check import (
    DEFAULT_CLAIMS,
    DEFAULT_POINTS,
    DEFAULT_TIMEOUT,
    SEMANTICS,
    crosscheck,
    summary_rows,
)


def _table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        lines.append(
            "| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))) + " |"
        )
        if n == 0:
            lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--claims", type=int, default=DEFAULT_CLAIMS)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="deadline per decide call (s)")
    parser.add_argument("--points", type=int, default=DEFAULT_POINTS, help="points per certified ∀ claim")
    parser.add_argument("--json", type=Path, default=None, help="write the whole record here")
    args = parser.parse_args()

    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done % 100 == 0 or done == total:
            print(f"  {done}/{total} claims, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    record = crosscheck(args.claims, seed=args.seed, timeout=args.timeout, points=args.points, progress=progress)
    seconds = time.perf_counter() - started
    import sympy

    print(f"semantics cross-check: {record['claims']} claims, seed {record['seed']}, decide timeout {args.timeout} s, "
          f"{args.points} points per claim; {seconds:.1f} s on {platform.machine()} "
          f"(Python {platform.python_version()}, sympy {sympy.__version__})")  # fmt: skip
    print("families: " + ", ".join(f"{k} {v}" for k, v in record["families"].items())
          + "; quantifiers: " + ", ".join(f"{k} {v}" for k, v in record["quantifiers"].items())
          + f"; mutated: {record['mutated']}")  # fmt: skip
    print()
    print(_table([("figure", *SEMANTICS), *summary_rows(record)]))
    print()
    print(f"disagreements: {record['disagreements']}")
    print(f"claims whose verdict differs between the semantics: {record['verdicts_differ']} "
          f"({record['opposite_verdicts']} certified under one, refuted under the other)")  # fmt: skip
    print(f"claims with no Mathlib reading (the reference's rules; pyverify must say unknown): "
          f"{record['claims_without_mathlib_reading']}")  # fmt: skip
    for semantics in SEMANTICS:
        exercised = record["semantics"][semantics]["conventions_exercised"]
        if exercised:
            what = "undefined points skipped" if semantics == "exact" else "Mathlib conventions applied"
            print(f"{semantics}: {what}: "
                  + ", ".join(f"{k} ×{v}" for k, v in exercised.items()))  # fmt: skip
    for d in record["disagreement_list"]:
        print(
            f"DISAGREEMENT [{d['semantics']}, {d['status']}] {d['claim']}  — {d['kind']} at {d['point']}: {d['detail']}"
        )
    for e in record["errors"]:
        print(f"ENGINE ERROR [{e['semantics']}] {e['claim']}: {e['error']}")
    if args.json is not None:
        args.json.write_text(json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 1 if record["disagreements"] or record["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
