"""The full invariance metric set on 10 models × 2,000 items, 10,000-resample bootstraps included.

Run: ``.venv/bin/python benchmarks/metrics_bench.py [--models 10] [--theorems 140] [--items 2000] [--reps 5] [--quick]``

Synthetic runs (seeded): 140 theorems (70 true theorems + 70 false siblings), each with its canonical item
and paraphrases in F1..F8 (one to three variants per family, so that ~2,000 items exist), answered by 10
models of different skill and family strengths, 2 % of answers unparseable. Timed separately:

* **load** -- ``read_runs`` on the run directories written to a temporary folder (JSON parsing + checks);
* **compute** -- ``metrics_from_runs`` (the in-memory core of ``compute``): every per-model metric with
  10,000-resample bootstraps (CIR, FALSE-CIR, grouped accuracy) and 2,000-permutation SCR nulls, Cochran's
  Q per theorem with exact or Monte Carlo permutation p-values, Holm/Bonferroni, consensus audit, Fleiss'
  κ, Kendall τ, rank reversals, Pareto pairs and the achievable-ranking share (sampled beyond 8 models);
* **baseline** -- the same 30 bootstrap intervals (3 per model) computed with a Python loop over
  resamples, against the vectorized (B × n index matrix) ``bootstrap_ci`` / ``grouped_bootstrap_sums``.

Medians over ``--reps`` repeats. Thread count is pinned to 2 (the development machine's cores).
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "2")

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from pyverify.metrics import _stats  # noqa: E402
from pyverify.metrics._compute import build_invariance_data, consensus_flags, metrics_from_runs  # noqa: E402
from pyverify.metrics._load import read_runs  # noqa: E402

FAMILIES = ("F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8")


def synthetic_runs(root: Path, models: int, theorems: int, items: int, seed: int = 0) -> list[Path]:
    rng = np.random.default_rng(seed)
    # item layout: canonical + variants per family, spread so the total is `items`
    per_theorem = max(1, (items - theorems) // (theorems * len(FAMILIES)))
    extra = items - theorems - per_theorem * theorems * len(FAMILIES)
    layout: list[tuple[str, str, str, str]] = []  # item_id, theorem_id, family, label
    for t in range(theorems):
        tid = f"dom.thm{t // 2}" + ("" if t % 2 == 0 else ".reversed")
        label = "TRUE" if t % 2 == 0 else "FALSE"
        layout.append((f"{tid}#canonical", tid, "canonical", label))
        for family in FAMILIES:
            count = per_theorem + (1 if extra > 0 else 0)
            extra -= 1 if extra > 0 else 0
            layout += [(f"{tid}#{family}.{v}", tid, family, label) for v in range(count)]
    difficulty = rng.normal(0, 1, size=theorems)
    paths = []
    for m in range(models):
        model = f"org/model-{m:02d}"
        skill = rng.normal(0.5 + 0.08 * m, 0.1)
        strength = rng.normal(0, 0.5, size=len(FAMILIES) + 1)
        rows = []
        for item_id, tid, family, label in layout:
            t = int(tid.split("thm")[1].split(".")[0]) * 2 + tid.endswith(".reversed")
            f = 0 if family == "canonical" else FAMILIES.index(family) + 1
            p = 1 / (1 + np.exp(-(skill * 3 - 1 + strength[f] - difficulty[t])))
            scored = rng.random() >= 0.02
            rows.append({"item_id": item_id, "theorem_id": tid, "family": family, "tier": "T1", "label": label, "sample": 0,
                         "model": model, "scored": scored, "correct": bool(rng.random() < p) if scored else None})  # fmt: skip
        path = root / f"run{m:02d}"
        path.mkdir()
        (path / "config.json").write_text(json.dumps({"model": model, "protocol": "invariance", "items": "none"}))
        (path / "responses.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        paths.append(path)
    return paths


def bootstrap_inputs(runs: list[Any]) -> list[tuple[str, np.ndarray, np.ndarray | None]]:
    """The 3 bootstrap intervals per model that compute() draws: CIR, FALSE-CIR (plain), accuracy (grouped)."""
    data = build_invariance_data(runs)
    flagged, _, _, _ = consensus_flags(data, 2, 3)
    out: list[tuple[str, np.ndarray, np.ndarray | None]] = []
    th = data.item_theorem
    T = len(data.theorem_ids)
    for m in range(len(data.models)):
        sc, co = data.scored[m], data.correct[m] & data.scored[m]
        clean = sc & ~flagged
        k = np.bincount(th[clean], minlength=T)
        wrong = np.bincount(th[clean & ~co], minlength=T)
        canon = data.theorem_canonical
        canon_ok = sc[canon] & co[canon]
        for label in (True, False):
            eligible = canon_ok & (k - 1 >= 2) & (data.theorem_true == label)
            out.append(("plain", (wrong[eligible] > 0).astype(float), None))
        n_t = np.bincount(th[sc], minlength=T).astype(float)
        c_t = np.bincount(th[co], minlength=T).astype(float)
        keep = n_t > 0
        out.append(("grouped", c_t[keep], n_t[keep]))
    return out


def vectorized(inputs: list[tuple[str, np.ndarray, np.ndarray | None]], resamples: int) -> list[Any]:
    out = []
    for i, (kind, x, n) in enumerate(inputs):
        if kind == "plain":
            out.append(_stats.bootstrap_ci(x, resamples=resamples, seed=i))
        else:
            assert n is not None
            out.append(_stats.grouped_bootstrap_sums(x, n, resamples=resamples, seed=i))
    return out


def naive(inputs: list[tuple[str, np.ndarray, np.ndarray | None]], resamples: int) -> list[Any]:
    """Baseline: one Python iteration per resample."""
    out = []
    for i, (kind, x, n) in enumerate(inputs):
        rng = np.random.default_rng(i)
        stats = []
        for _ in range(resamples):
            idx = rng.integers(0, x.size, size=x.size)
            stats.append(x[idx].mean() if kind == "plain" else x[idx].sum() / n[idx].sum())  # type: ignore[index]
        out.append(tuple(np.quantile(stats, [0.025, 0.975])))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", type=int, default=10)
    parser.add_argument("--theorems", type=int, default=140)
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--bootstrap", type=int, default=10_000)
    parser.add_argument("--permutations", type=int, default=2_000)
    parser.add_argument("--quick", action="store_true", help="3 repeats, baseline on 1,000 resamples scaled ×10")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    reps = 3 if args.quick else args.reps

    with tempfile.TemporaryDirectory() as tmp:
        paths = synthetic_runs(Path(tmp), args.models, args.theorems, args.items)
        load_times = []
        for _ in range(reps):
            start = time.perf_counter()
            runs = read_runs(paths)
            load_times.append(time.perf_counter() - start)
    rows = sum(len(r.rows) for r in runs)
    options = {"bootstrap": args.bootstrap, "permutations": args.permutations, "seed": 0, "metadata": {}}
    metrics_from_runs(runs, **options)  # warm-up: imports scipy / statsmodels once, outside the timing
    compute_times = []
    for _ in range(reps):
        start = time.perf_counter()
        metrics = metrics_from_runs(runs, **options)
        compute_times.append(time.perf_counter() - start)

    inputs = bootstrap_inputs(runs)
    vec_times = []
    for _ in range(reps):
        start = time.perf_counter()
        vectorized(inputs, args.bootstrap)
        vec_times.append(time.perf_counter() - start)
    base_resamples = args.bootstrap // 10 if args.quick else args.bootstrap
    start = time.perf_counter()
    naive(inputs, base_resamples)
    naive_time = (time.perf_counter() - start) * (args.bootstrap / base_resamples)

    inv = metrics["invariance"]
    tests = [t["cochran"] for t in inv["theorems"]]
    figures = {
        "models": args.models, "theorems": len(inv["theorems"]), "items": rows // args.models, "rows": rows,
        "load_s": statistics.median(load_times), "compute_s": statistics.median(compute_times),
        "compute_all_s": compute_times, "bootstrap_vectorized_s": statistics.median(vec_times),
        "bootstrap_naive_s": naive_time, "intervals": len(inputs), "resamples": args.bootstrap,
        "cochran_exact": sum(c["p_exact"] is not None for c in tests),
        "cochran_monte_carlo": sum(c["p_monte_carlo"] is not None for c in tests),
        "ranking": {k: inv["ranking"][k] for k in ("achievable_share", "exact", "rankings_checked")},
        "flagged": len(inv["consensus"]["flagged"]),
    }  # fmt: skip
    ratio = figures["bootstrap_naive_s"] / figures["bootstrap_vectorized_s"]
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    cpu = platform.processor() or platform.machine()
    print(f"""
## metrics

- **Date:** {time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
- **Machine:** {os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, numpy {np.__version__}; threads pinned to 2
- **Command:** `.venv/bin/python benchmarks/metrics_bench.py{" --quick" if args.quick else ""}`
- **Input:** {args.models} models × {figures["items"]} items ({figures["theorems"]} theorems incl. false siblings; canonical + F1..F8, 1–3 variants per family), {rows:,} rows, synthetic and seeded
- **Settings:** bootstrap {args.bootstrap:,} resamples, permutations {args.permutations:,}, median of {reps} repeats

| figure | value |
|---|---|
| load (read + validate {args.models} run dirs) | {figures["load_s"]:.2f} s |
| **full metric set (`metrics_from_runs`)** | **{figures["compute_s"]:.2f} s** (target < 5 s) |
| {figures["intervals"]} bootstrap intervals × {args.bootstrap:,} resamples, vectorized | {figures["bootstrap_vectorized_s"] * 1000:.0f} ms |
| same, Python loop over resamples (baseline{", 1/10 resamples scaled" if args.quick else ""}) | {naive_time:.2f} s |
| speed-up | **{ratio:.0f}×** |
| Cochran p-values: exact / Monte Carlo | {figures["cochran_exact"]} / {figures["cochran_monte_carlo"]} of {figures["theorems"]} |
| achievable share | {inv["ranking"]["achievable_share"]} ({"exact" if inv["ranking"]["exact"] else "sampled, Wilson 95% " + str([round(x, 4) for x in inv["ranking"]["achievable_share_ci"]])}, {inv["ranking"]["rankings_checked"]:,} rankings) |
""")


if __name__ == "__main__":
    main()
