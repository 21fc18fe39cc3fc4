"""Scale of ``pyverify certify-batch``: equivalence pairs from the built catalog on 1 and 2 local workers and on
2 workers of a local Ray cluster.

    .venv/bin/python benchmarks/scale_bench.py                  # 10,000 pairs (long on 2 cores)
    .venv/bin/python benchmarks/scale_bench.py --rows 2000      # smaller
    .venv/bin/python benchmarks/scale_bench.py --chunk 1        # one row per executor job (the old dispatch)
    .venv/bin/python benchmarks/scale_bench.py --json out.json

What is measured:

* pairs: drawn from ``families/generated/items.jsonl``: every T1 item against its statement's canonical
  formal (certified equivalent when the build certified it) and every false sibling's canonical statement
  against its theorem's (not equivalent: refuted, or unknown). The pool is cycled (each row has its own id) to
  reach ``--rows`` (shuffled with seed 0); the engine caches nothing across rows, so a repeated pair costs what it cost the first time.
* each configuration runs the batch through ``run_batch`` (what ``certify-batch`` calls) into a fresh store:
  rows/s is rows over wall clock, the executor's start-up (worker imports, Ray's start) included, Ray's
  ``ray.init`` excluded and reported separately.
* scaling efficiency: rows/s with 2 workers over twice the rows/s with 1.
* rows go to the executor in chunks: ``--chunk N`` rows per job, or by default the executor's adaptive rule
  (``pyverify.parallel._executor.ChunkSizer``: jobs of at least 50 ms, small enough to keep every worker
  busy); finished rows are committed in groups (a transaction per 0.2 s or 1,000 rows).
* overhead per row: the same batch machinery with a no-op row function (``--noop-rows`` rows): wall clock
  per row on that executor, i.e. what the executor, the store's commit and the output cost per row; also
  with one row per job (``chunk 1``), to show what chunking saves.
* statuses must be identical across the executors; a mismatch is counted and printed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ITEMS = ROOT / "families" / "generated" / "items.jsonl"


def pairs() -> list[dict[str, Any]]:
    items = [json.loads(line) for line in ITEMS.read_text(encoding="utf-8").splitlines()]
    canonical = {r["theorem_id"]: r["formal"] for r in items if r["family"] == "canonical" and r.get("formal")}
    pool = []
    for r in items:
        if r["tier"] == "T1" and r.get("formal") and r["theorem_id"] in canonical:
            pool.append({"a": canonical[r["theorem_id"]], "b": r["formal"], "expect": "certified"})
    for r in items:
        if r["family"] == "canonical" and r["statement_kind"] != "theorem" and r["parent_theorem"] in canonical:
            pool.append({"a": canonical[r["parent_theorem"]], "b": r["formal"], "expect": "not equivalent"})
    random.Random(0).shuffle(pool)  # a representative mix in every prefix
    return pool


def write_rows(path: Path, pool: list[dict[str, Any]], n: int) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for i in range(n):
            p = pool[i % len(pool)]
            handle.write(json.dumps({"id": f"p{i}", "a": p["a"], "b": p["b"], "timeout": 10}) + "\n")


def run(kind: str, workers: int, src: Path, work: Path, row_fn: Any, chunk: int | None) -> dict[str, Any]:
    from pyverify._batch import SETUP, run_batch
    from pyverify.parallel import make_executor

    out = work / f"{kind}-{workers}-{row_fn.__name__}-{time.monotonic_ns()}.jsonl"
    start = time.monotonic()
    executor = make_executor(kind, workers, setup=SETUP)
    summary = run_batch(src, out, executor, row_fn=row_fn, chunk=chunk)
    seconds = time.monotonic() - start
    executor.close()
    statuses = [json.loads(line)["status"] for line in out.read_text(encoding="utf-8").splitlines()]
    return {"executor": kind, "workers": workers, "rows": summary.rows, "seconds": round(seconds, 2),
            "rows_per_s": round(summary.rows / seconds, 1), "counts": summary.counts, "statuses": statuses}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--noop-rows", type=int, default=2_000)
    parser.add_argument("--chunk", type=int, default=None, help="rows per executor job (default: adaptive)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray configuration")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    from pyverify._batch import certify_row, noop_row

    pool = pairs()
    expected = Counter(p["expect"] for p in pool)
    chunking = "adaptive" if args.chunk is None else str(args.chunk)
    print(f"pool: {len(pool)} distinct pairs ({dict(expected)}); {args.rows} rows, {args.noop_rows} no-op rows; "
          f"chunk {chunking}")  # fmt: skip
    configs = [("local", 1), ("local", 2)] + ([] if args.no_ray else [("ray", 2)])
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        src, noop_src = work / "pairs.jsonl", work / "noop.jsonl"
        write_rows(src, pool, args.rows)
        write_rows(noop_src, pool, args.noop_rows)
        ray_init = None
        for kind, workers in configs:
            if kind == "ray":
                import ray

                t = time.monotonic()
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
                ray_init = round(time.monotonic() - t, 2)
            real = run(kind, workers, src, work, certify_row, args.chunk)
            noop = run(kind, workers, noop_src, work, noop_row, args.chunk)
            single = noop if args.chunk == 1 else run(kind, workers, noop_src, work, noop_row, 1)
            real["noop_rows_per_s"] = noop["rows_per_s"]
            real["overhead_ms_per_row"] = round(1000 * noop["seconds"] / noop["rows"], 3)
            real["overhead_ms_per_row_chunk_1"] = round(1000 * single["seconds"] / single["rows"], 3)
            real["ms_per_row_per_worker"] = round(1000 * real["seconds"] * workers / real["rows"], 2)
            results.append(real)
            print(f"{kind} x{workers}: {real['rows_per_s']} rows/s ({real['seconds']} s), overhead "
                  f"{real['overhead_ms_per_row']} ms/row ({real['overhead_ms_per_row_chunk_1']} at chunk 1), "
                  f"counts {real['counts']}", flush=True)  # fmt: skip
        if ray_init is not None:
            import ray

            ray.shutdown()
    base = results[0]["rows_per_s"]
    reference = results[0]["statuses"]
    mismatches = {}
    for r in results:
        r["efficiency"] = round(r["rows_per_s"] / (r["workers"] * base), 2)
        mismatches[f"{r['executor']}x{r['workers']}"] = sum(a != b for a, b in zip(r.pop("statuses"), reference))
    print()
    print(f"| executor | workers | rows | seconds | rows/s | scaling efficiency | no-op rows/s | overhead ms/row "
          f"(chunk {chunking}) | overhead ms/row (chunk 1) | ms per row per worker |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        print(f"| {r['executor']} | {r['workers']} | {r['rows']:,} | {r['seconds']} | {r['rows_per_s']} | "
              f"{r['efficiency']} | {r['noop_rows_per_s']} | {r['overhead_ms_per_row']} | "
              f"{r['overhead_ms_per_row_chunk_1']} | {r['ms_per_row_per_worker']} |")  # fmt: skip
    print(f"\ncounts (1 worker): {results[0]['counts']}; ray.init {ray_init} s; status mismatches vs 1 worker: "
          f"{mismatches}")  # fmt: skip
    if args.json is not None:
        args.json.write_text(json.dumps({"results": results, "ray_init_s": ray_init, "pool": len(pool),
                                         "chunk": args.chunk, "mismatches": mismatches}, indent=2) + "\n",
                             encoding="utf-8")  # fmt: skip
    return 0 if not any(mismatches.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
