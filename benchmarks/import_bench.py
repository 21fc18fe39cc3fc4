"""Reading Lean statements and importing Lean-anchored benchmarks: coverage and speed.

1. The Lean reader on every distinct statement of FormInv's two files and on the Lean renderings
   (`to_lean`, `to_lean_mathlib`) of every catalog claim: how many are read, what stops the rest,
   and the median time per statement, against the claim language's own parser (`logic.parse`) on
   the same claims' text, measured in the same run.
2. `pyverify import forminv` on both FormInv files (wall time and the coverage the manifest reports).

    .venv/bin/python benchmarks/import_bench.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyverify.catalog._load import load_catalog  # noqa: E402
from pyverify.lean._import import import_forminv  # noqa: E402
from pyverify.lean._read import NotLean, OutsideFragment, read_statement  # noqa: E402
from pyverify.logic import parse, to_lean, to_lean_mathlib, to_text  # noqa: E402
from pyverify.logic._semantics import Unsupported  # noqa: E402

FORMINV = ROOT.parent / "shared" / "data" / "forminv"


def forminv_statements(name: str) -> list[str]:
    path = FORMINV / f"{name}.jsonl"
    seen: dict[str, None] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            seen.setdefault(json.loads(line)["lean4_statement"], None)
    return list(seen)


def coverage(statements: list[str]) -> tuple[int, Counter[str], int]:
    read, outside, instances = 0, Counter(), 0
    for text in statements:
        try:
            instances += len(read_statement(text).instances)
            read += 1
        except OutsideFragment as exc:
            outside[exc.construct] += 1
        except NotLean as exc:
            outside[f"not Lean: {exc.message}"] += 1
    return read, outside, instances


def per_item(fn, items: list, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """Median over ``repeat`` passes of the seconds per item."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            try:
                fn(item)
            except (NotLean, OutsideFragment):
                pass
        times.append((time.perf_counter() - start) / len(items))
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    print("## Lean reader coverage\n")
    print("| statements | distinct | read | instances | outside the fragment (by construct) |")
    print("|---|---:|---:|---:|---|")
    for name in ("forminv_v3_103", "forminv_v3_50"):
        if not (FORMINV / f"{name}.jsonl").is_file():
            print(f"| {name} | (file not present) | | | |")
            continue
        statements = forminv_statements(name)
        read, outside, instances = coverage(statements)
        stops = ", ".join(f"{c} {n}" for c, n in outside.most_common())
        print(f"| FormInv {name} | {len(statements)} | {read} | {instances} | {stops} |")
    claims = [c for t in load_catalog() for c in (t.statement, *(s.statement for s in t.siblings))]
    renderings: dict[str, list[str]] = {"to_lean": [], "to_lean_mathlib": []}
    for claim in claims:
        renderings["to_lean"].append(to_lean(claim))
        try:
            renderings["to_lean_mathlib"].append(to_lean_mathlib(claim))
        except Unsupported:
            pass
    for name, texts in renderings.items():
        read, outside, instances = coverage(texts)
        stops = ", ".join(f"{c} {n}" for c, n in outside.most_common()) or "none"
        print(f"| catalog claims as `{name}` | {len(texts)} | {read} | {instances} | {stops} |")

    print("\n## Lean reader speed (median of", args.repeat, "passes)\n")
    texts = renderings["to_lean_mathlib"]
    plain = [to_text(c) for c in claims]
    reader = per_item(read_statement, texts, args.repeat)
    baseline = per_item(parse, plain, args.repeat)
    print("| | statements | µs per statement | ratio |")
    print("|---|---:|---:|---:|")
    print(f"| `logic.parse` on the claims' own text (baseline) | {len(plain)} | {baseline * 1e6:.0f} | 1.00 |")
    print(f"| `read_statement` on their `to_lean_mathlib` text | {len(texts)} | {reader * 1e6:.0f} | "
          f"{reader / baseline:.2f} |")  # fmt: skip

    print("\n## `pyverify import forminv`\n")
    print("| file | seconds | theorems | read | instances | certified / unknown / refuted | siblings | items "
          "(formal + imported) | TRUE share formal / all |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---|---:|---|---|")
    for name in ("forminv_v3_103", "forminv_v3_50"):
        path = FORMINV / f"{name}.jsonl"
        if not path.is_file():
            continue
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            manifest = import_forminv(path, Path(out))
            seconds = time.perf_counter() - start
        cov = manifest["coverage"]
        truth = cov["truth"]
        print(f"| {name} | {seconds:.1f} | {cov['theorems']} | {cov['read']} | {cov['instances']} | "
              f"{truth['certified']} / {truth['unknown']} / {truth['refuted']} | {cov['siblings']} | "
              f"{cov['formal_items']} + {cov['imported_rows']} | {cov['true_share_formal']:.2f} / {cov['true_share']:.2f} |")  # fmt: skip


if __name__ == "__main__":
    main()
