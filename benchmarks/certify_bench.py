"""Speed of pyverify.certify: decide() on a fixed claim suite, against a sympy.simplify baseline,
and check_witness() throughput on 2×2-matrix and recurrence witnesses.

    .venv/bin/python benchmarks/certify_bench.py            # full run (a few minutes)
    .venv/bin/python benchmarks/certify_bench.py --quick    # every 4th claim, fewer repetitions
    .venv/bin/python benchmarks/certify_bench.py --json out.json

What is measured:

* decide: every claim of ``benchmarks/claims.txt`` (parsed once, outside the timing) is decided
  with ``decide(claim, timeout)`` in the default isolated worker, warmed first with claims outside
  the suite. Latency is the caller's wall clock (it includes the pipe round trip to the worker).
* baseline: for the claims whose body is an equation and whose binders are all ∀, the baseline
  "decides" the identity by ``sympy.simplify(lhs - rhs) == 0`` (matrices: ``== zeros``) after
  ``to_sympy(side, explicit_matrices=True)``; conversion and simplify are timed together in a
  separate process, one claim at a time, and a claim whose simplify exceeds the cap is killed and
  counted at the cap (a lower bound on its real time, in the baseline's favour). The baseline can
  only say "zero" (certified) or "not zero"; it never produces a counterexample.
* witness checks: one parsed claim, pre-built exact assignments, checked four ways in each
  repetition (interleaved): ``uncompiled`` (the path before issue 15: the step-by-step check with
  the one-closure-per-node reference evaluator), ``check_witness`` in a loop (compiled once per
  claim), ``check_witnesses`` (one batch call, statuses read: messages are built only when read)
  and ``batch+messages`` (the batch with every message read); the figures are medians over
  repetitions of checks per wall-clock second and per CPU second (``time.process_time``), with
  ratios to ``uncompiled``. The target (issue 15: 100,000 checks per second per core) is judged
  on the batch's CPU-time rate. Every result of the batch (status, reason, message, values) is
  compared with the uncompiled path's. Below target, a cProfile of one batch repetition shows what
  dominates. ``--witness-only`` runs just this part.

Expected statuses in the suite are the claims' mathematical truth (certified = true, refuted =
false); a decided status that contradicts it is listed as WRONG, an unknown as undecided.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import multiprocessing as mp
import os
import platform
import pstats
import random
import shlex
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout without an installed package
    sys.path.insert(0, str(ROOT))

from pyverify.certify import check_witness, check_witnesses, decide  # noqa: E402
from pyverify.logic import Claim, Rel, parse  # noqa: E402

CLAIMS = HERE / "claims.txt"
TARGET_RATIO = 10.0
#: Witness checks per CPU-second (one core) on each kind (issue 15; the batch path, check_witnesses).
TARGET_CHECKS = 100_000.0
#: The old path's rates on a quiet machine when the issue set the target (its text: "matrices 32k,
#: recurrences 29k, sequences 17k"): this machine's speed varies by 2x from hour to hour, so each run also
#: states its batch rate scaled by (that rate / this run's uncompiled rate), the same-run ratio.
ISSUE_BASELINE = {"matrix": 32_000.0, "recurrence": 29_000.0, "sequence": 17_000.0}
WARMUP = (
    "forall y : Q, y*(y + 1) = y^2 + y",
    "forall y : R, y^2 + 1 > 0",
    "forall m : N, sum(j, 1, m, 2*j) = m*(m + 1)",
    "forall C D : Mat2(Q), trace(C + D) = trace(D + C)",
    "exists m : Z, m^2 = 121",
    "forall y : Q, (y + 1)^2 = y^2 + 1",
)


# ---------------------------------------------------------------- the suite


@dataclass
class Item:
    """One line of the suite."""

    line: int
    section: str
    expected: str
    text: str
    claim: Claim
    status: str = ""
    method: str = ""
    wall: float = 0.0
    engine_seconds: float = 0.0
    reason: str = ""
    baseline: dict[str, Any] = field(default_factory=dict)


def load_suite(path: Path) -> list[Item]:
    items: list[Item] = []
    section = "unsectioned"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("# @"):
                section = line[3:].strip()
            continue
        expected, sep, text = line.partition("|")
        if not sep:
            expected, text = "", line
        expected, text = expected.strip(), text.strip()
        if expected not in ("", "certified", "refuted", "unknown"):
            raise SystemExit(f"{path.name}:{number}: unknown expected status '{expected}'")
        try:
            claim = parse(text)
        except Exception as exc:  # a suite line that does not parse is a bug in the suite
            raise SystemExit(f"{path.name}:{number}: does not parse: {exc}") from exc
        items.append(Item(number, section, expected, text, claim))
    return items


def is_equation(claim: Claim) -> bool:
    """Claims the simplify baseline can address: all binders ∀ (or none), body an equation."""
    return claim.quantifiers <= {"forall"} and isinstance(claim.body, Rel) and claim.body.op == "="


# ---------------------------------------------------------------- pyverify decide


def run_decide(items: list[Item], timeout: float) -> float:
    for text in WARMUP:  # start the worker and import its engines (sympy, z3, flint) untimed
        decide(text, timeout=max(timeout, 30.0))
    start = time.perf_counter()
    for item in items:
        t0 = time.perf_counter()
        cert = decide(item.claim, timeout=timeout)
        item.wall = time.perf_counter() - t0
        item.status, item.method, item.engine_seconds = cert.status, cert.method, cert.seconds
        item.reason = cert.reason or ""
    return time.perf_counter() - start


# ---------------------------------------------------------------- the simplify baseline


def _baseline_serve(conn: Any, texts: list[str]) -> None:
    """Child process: parse the claims untimed, then time to_sympy + simplify per request."""
    import sympy

    from pyverify.logic import parse as parse_claim
    from pyverify.logic import to_sympy

    claims = [parse_claim(t) for t in texts]
    x = sympy.Symbol("x")
    sympy.simplify((x + 1) ** 2 - x**2 - 2 * x - 1)  # warm sympy's imports
    sympy.simplify(sympy.Matrix(2, 2, sympy.symbols("p q r s")) ** 2 - sympy.eye(2))
    conn.send("ready")
    while True:
        index = conn.recv()
        if index is None:
            return
        body = claims[index].body
        t0 = time.perf_counter()
        try:
            left = to_sympy(body.left, explicit_matrices=True)
            right = to_sympy(body.right, explicit_matrices=True)
            difference = sympy.simplify(left - right)
            if isinstance(difference, sympy.MatrixBase):
                zero = difference == sympy.zeros(*difference.shape)
            else:
                zero = difference == 0
            verdict = "zero" if zero else "nonzero"
            note = ""
        except Exception as exc:  # a failed conversion is a baseline result too
            verdict, note = "error", f"{type(exc).__name__}: {exc}"[:200]
        conn.send((verdict, time.perf_counter() - t0, note))


class BaselineWorker:
    """A spawned child running :func:`_baseline_serve`; killed and replaced when a claim overruns."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.ctx = mp.get_context("spawn")
        self._start()

    def _start(self) -> None:
        self.conn, child = self.ctx.Pipe()
        self.proc = self.ctx.Process(target=_baseline_serve, args=(child, self.texts), daemon=True)
        self.proc.start()
        child.close()
        if not self.conn.poll(120) or self.conn.recv() != "ready":
            raise RuntimeError("baseline worker did not start")

    def run(self, index: int, cap: float) -> tuple[str, float, str]:
        self.conn.send(index)
        if self.conn.poll(cap + 0.5):
            verdict, seconds, note = self.conn.recv()
            return verdict, seconds, note
        self.stop(kill=True)
        self._start()
        return "timeout", cap, f"simplify exceeded the {cap:g}s cap and was killed"

    def stop(self, kill: bool = False) -> None:
        if not kill:
            try:
                self.conn.send(None)
                self.proc.join(5)
            except (BrokenPipeError, OSError):
                pass
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(5)
        self.conn.close()


def run_baseline(items: list[Item], cap: float) -> None:
    subset = [i for i in items if is_equation(i.claim)]
    worker = BaselineWorker([i.text for i in subset])
    try:
        for index, item in enumerate(subset):
            verdict, seconds, note = worker.run(index, cap)
            item.baseline = {"verdict": verdict, "seconds": seconds, "note": note}
    finally:
        worker.stop()


# ---------------------------------------------------------------- witness checks


def _rational(rng: random.Random) -> Any:
    if rng.random() < 0.5:
        return rng.randint(-9, 9)
    return Fraction(rng.randint(-20, 20), rng.randint(1, 7))


def matrix_assignments(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [{name: [[_rational(rng) for _ in range(2)] for _ in range(2)] for name in ("A", "B")} for _ in range(count)]


def recurrence_assignments(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [
        {"a": _rational(rng), "x0": _rational(rng), "u": _rational(rng), "T": rng.randint(0, 12)} for _ in range(count)
    ]


def sequence_assignments(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [{"u": [_rational(rng) for _ in range(16)], "T": rng.randint(0, 14)} for _ in range(count)]


WITNESS_KINDS = {
    "matrix": ("forall A B : Mat2(Q), det(A+B) = det(A)+det(B)", matrix_assignments),
    "recurrence": (
        "forall a x0 u : Q, forall T : N, a^T*x0 + u*sum(k, 0, T-1, a^k) = x0 + T*u",
        recurrence_assignments,
    ),
    "sequence": ("forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k+1) - u(k)) = u(T) - u(0)", sequence_assignments),
}


def _check_all(claim: Claim, assignments: list[dict[str, Any]]) -> Counter[str]:
    return Counter(check_witness(claim, a).status for a in assignments)


def _check_batch(claim: Claim, assignments: list[dict[str, Any]]) -> Counter[str]:
    return Counter(r.status for r in check_witnesses(claim, assignments))


def _check_batch_read(claim: Claim, assignments: list[dict[str, Any]]) -> Counter[str]:
    """The batch, every message read (built then: the cost a caller that shows them all pays)."""
    return Counter(r.status for r in check_witnesses(claim, assignments) if r.message)


def _uncompiled(claim: Claim, assignments: list[dict[str, Any]]) -> list[Any]:
    """The path before issue 15's compiled checks, step by step: per call, the casts erased, a
    deadline set, ``_witness._check`` (definedness, assumptions, body, messages) evaluating with the
    one-closure-per-node reference evaluator (tests/certify/_reference_exact.py)."""
    from pyverify.certify import _witness
    from pyverify.certify._exact import DEADLINE
    from pyverify.logic._ast import erase_claim_casts
    from tests.certify import _reference_exact

    saved = _witness.compile_node
    _witness.compile_node = _reference_exact.compile_node  # type: ignore[assignment]
    try:
        out = []
        for a in assignments:
            token = DEADLINE.set(time.monotonic() + 10.0)
            try:
                out.append(_witness._check(erase_claim_casts(claim), a))
            finally:
                DEADLINE.reset(token)
        return out
    finally:
        _witness.compile_node = saved  # type: ignore[assignment]


def _check_uncompiled(claim: Claim, assignments: list[dict[str, Any]]) -> Counter[str]:
    return Counter(r.status for r in _uncompiled(claim, assignments))


WITNESS_PATHS = {
    "uncompiled": _check_uncompiled,  # the path before compilation (the baseline)
    "check_witness": _check_all,  # one call per witness, compiled once per claim object
    "check_witnesses": _check_batch,  # one call for the whole batch (the target's path)
    "batch+messages": _check_batch_read,  # the batch, every message read
}


def _same_results(claim: Claim, assignments: list[dict[str, Any]]) -> bool:
    """Whether the batch's results (status, reason, message, values) are the uncompiled path's."""
    return check_witnesses(claim, assignments) == _uncompiled(claim, assignments)


def run_witness(kind: str, count: int, repetitions: int, profile: bool) -> dict[str, Any]:
    """Each repetition times every path in turn on the same assignments (interleaved, so that a
    noisy machine slows them alike); medians of wall-clock and of CPU-time rates."""
    text, make = WITNESS_KINDS[kind]
    claim = parse(text)
    assignments = make(count, seed=17)
    for path in WITNESS_PATHS.values():
        path(claim, assignments[: min(200, count)])  # warm the compiled-closure caches
    wall: dict[str, list[float]] = {name: [] for name in WITNESS_PATHS}
    cpu: dict[str, list[float]] = {name: [] for name in WITNESS_PATHS}
    outcomes: dict[str, Counter[str]] = {}
    for _ in range(repetitions):
        for name, path in WITNESS_PATHS.items():
            t0, c0 = time.perf_counter(), time.process_time()
            outcomes[name] = path(claim, assignments)
            wall[name].append(count / (time.perf_counter() - t0))
            cpu[name].append(count / max(time.process_time() - c0, 1e-9))
    paths: dict[str, dict[str, Any]] = {
        name: {
            "checks_per_s_median": statistics.median(wall[name]),
            "checks_per_cpu_s_median": statistics.median(cpu[name]),
            "checks_per_s_all": [round(r, 1) for r in wall[name]],
            "outcome": dict(outcomes[name]),
        }
        for name in WITNESS_PATHS
    }
    base = paths["uncompiled"]
    for figures in paths.values():
        figures["ratio_vs_uncompiled"] = figures["checks_per_s_median"] / base["checks_per_s_median"]
        figures["cpu_ratio_vs_uncompiled"] = figures["checks_per_cpu_s_median"] / base["checks_per_cpu_s_median"]
    batch = paths["check_witnesses"]
    result: dict[str, Any] = {
        "claim": text,
        "checks_per_repetition": count,
        "repetitions": repetitions,
        "paths": paths,
        "checks_per_s_median": batch["checks_per_s_median"],
        "checks_per_s_all": batch["checks_per_s_all"],
        "outcome": batch["outcome"],
        "checks_per_cpu_s_median": batch["checks_per_cpu_s_median"],
        "same_outcomes": len({tuple(sorted(p["outcome"].items())) for p in paths.values()}) == 1,
        "same_messages": _same_results(claim, assignments),
        "target": TARGET_CHECKS,
        "meets_target": batch["checks_per_cpu_s_median"] >= TARGET_CHECKS,
    }
    if profile and not result["meets_target"]:
        result["profile"] = profile_witness(claim, assignments)
    return result


def profile_witness(claim: Claim, assignments: list[dict[str, Any]]) -> dict[str, Any]:
    """cProfile one repetition; report the functions with the most own and cumulative time."""
    profiler = cProfile.Profile()
    profiler.enable()
    _check_batch(claim, assignments)
    profiler.disable()
    stats = pstats.Stats(profiler)
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(v[2] for v in raw.values())

    def label(key: tuple[str, int, str]) -> str:
        filename, lineno, name = key
        short = filename.split("pyverify/")[-1] if "pyverify/" in filename else Path(filename).name
        return f"{short}:{lineno}({name})"

    own = sorted(raw.items(), key=lambda kv: kv[1][2], reverse=True)[:10]
    cumulative = sorted(((k, v) for k, v in raw.items() if "pyverify" in k[0]), key=lambda kv: kv[1][3], reverse=True)[
        :14
    ]
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats("pyverify", 14)
    return {
        "profiled_seconds": round(total, 4),
        "top_own_time": [
            {"function": label(k), "calls": v[1], "own_s": round(v[2], 4), "share": round(v[2] / total, 3)}
            for k, v in own
        ],
        "top_cumulative": [
            {"function": label(k), "calls": v[1], "cum_s": round(v[3], 4), "share": round(v[3] / total, 3)}
            for k, v in cumulative
        ],
    }


# ---------------------------------------------------------------- report


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def machine() -> dict[str, Any]:
    import flint
    import sympy
    import z3

    return {
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "sympy": sympy.__version__,
        "python_flint": getattr(flint, "__version__", "?"),
        "z3": z3.get_version_string(),
    }


def summarize(items: list[Item], suite_seconds: float, cap: float) -> dict[str, Any]:
    walls = [i.wall for i in items]
    statuses = Counter(i.status for i in items)
    subset = [i for i in items if i.baseline]
    py_sub = [i.wall for i in subset]
    base_sub = [i.baseline["seconds"] for i in subset]
    py_rate = len(subset) / sum(py_sub) if py_sub else float("nan")
    base_rate = len(subset) / sum(base_sub) if base_sub else float("nan")
    wrong = [
        i
        for i in items
        if i.expected in ("certified", "refuted") and i.status in ("certified", "refuted") and i.status != i.expected
    ]
    undecided = [i for i in items if i.expected in ("certified", "refuted") and i.status == "unknown"]
    by_section: dict[str, Counter[str]] = {}
    for i in items:
        by_section.setdefault(i.section, Counter())[i.status] += 1
    base_verdicts = Counter(i.baseline["verdict"] for i in subset)
    base_vs_truth = Counter(f"{i.expected}->{i.baseline['verdict']}" for i in subset)
    py_vs_truth_sub = Counter(f"{i.expected}->{i.status}" for i in subset)
    split = {}
    for truth in ("certified", "refuted"):
        part = [i for i in subset if i.expected == truth]
        if part:
            p_rate = len(part) / sum(i.wall for i in part)
            b_rate = len(part) / sum(i.baseline["seconds"] for i in part)
            split["true identities" if truth == "certified" else "false identities (mistakes)"] = {
                "claims": len(part),
                "pyverify_claims_per_s": p_rate,
                "pyverify_median_latency_ms": 1000 * _median([i.wall for i in part]),
                "baseline_claims_per_s": b_rate,
                "baseline_median_latency_ms": 1000 * _median([i.baseline["seconds"] for i in part]),
                "speedup_throughput": p_rate / b_rate,
            }
    return {
        "suite": {
            "claims": len(items),
            "total_wall_s": round(suite_seconds, 3),
            "claims_per_s": len(items) / suite_seconds,
            "median_latency_ms": 1000 * _median(walls),
            "p90_latency_ms": 1000 * statistics.quantiles(walls, n=10)[-1] if len(walls) > 1 else float("nan"),
            "max_latency_ms": 1000 * max(walls),
            "median_engine_ms": 1000 * _median([i.engine_seconds for i in items]),
            "status_counts": {s: statuses.get(s, 0) for s in ("certified", "refuted", "unknown")},
            "method_counts": dict(Counter(i.method for i in items).most_common()),
            "by_section": {k: dict(v) for k, v in by_section.items()},
            "wrong": [
                {"line": i.line, "expected": i.expected, "got": i.status, "method": i.method, "claim": i.text}
                for i in wrong
            ],
            "undecided": [
                {
                    "line": i.line,
                    "expected": i.expected,
                    "seconds": round(i.wall, 3),
                    "claim": i.text,
                    "reason": i.reason[:160],
                }
                for i in undecided
            ],
        },
        "equation_subset": {
            "claims": len(subset),
            "pyverify_claims_per_s": py_rate,
            "pyverify_median_latency_ms": 1000 * _median(py_sub),
            "baseline_claims_per_s": base_rate,
            "baseline_median_latency_ms": 1000 * _median(base_sub),
            "baseline_cap_s": cap,
            "baseline_verdicts": dict(base_verdicts),
            "baseline_vs_truth": dict(base_vs_truth),
            "pyverify_vs_truth": dict(py_vs_truth_sub),
            "pyverify_status_counts": dict(Counter(i.status for i in subset)),
            "speedup_throughput": py_rate / base_rate if base_rate else float("nan"),
            "speedup_median": _median(base_sub) / _median(py_sub) if py_sub else float("nan"),
            "target": TARGET_RATIO,
            "by_truth": split,
            "baseline_slowest": [
                {"claim": i.text, "seconds": round(i.baseline["seconds"], 3), "verdict": i.baseline["verdict"]}
                for i in sorted(subset, key=lambda i: -i.baseline["seconds"])[:5]
            ],
        },
    }


def print_report(command: str, figures: dict[str, Any]) -> None:
    s, e, w = figures["suite"], figures["equation_subset"], figures["witness"]
    print()
    print("== certify bench ==")
    print(f"command: {command}")
    m = figures["machine"]
    print(
        f"machine: {m['cpus']} CPUs, {m['processor']}, {m['platform']}, Python {m['python']}, "
        f"sympy {m['sympy']}, python-flint {m['python_flint']}, z3 {m['z3']}"
    )
    print(f"settings: timeout {figures['settings']['timeout_s']}s per claim, baseline cap {e['baseline_cap_s']}s")
    print()
    print(
        f"decide, {'quick subset' if figures['settings']['quick'] else 'full suite'} ({s['claims']} claims): {s['claims_per_s']:.1f} claims/s, "
        f"median latency {s['median_latency_ms']:.2f} ms (p90 {s['p90_latency_ms']:.1f} ms, "
        f"max {s['max_latency_ms']:.0f} ms), total {s['total_wall_s']:.1f} s"
    )
    c = s["status_counts"]
    print(f"  status: certified {c['certified']}, refuted {c['refuted']}, unknown {c['unknown']}")
    print(f"  methods: {s['method_counts']}")
    for name, counts in s["by_section"].items():
        print(f"  {name}: {dict(counts)}")
    print()
    print(f"equation subset ({e['claims']} claims, body '=' and all binders ∀):")
    print(
        f"  pyverify decide : {e['pyverify_claims_per_s']:8.1f} claims/s, median {e['pyverify_median_latency_ms']:8.2f} ms"
    )
    print(
        f"  sympy simplify  : {e['baseline_claims_per_s']:8.1f} claims/s, median {e['baseline_median_latency_ms']:8.2f} ms"
    )
    ok = "meets" if e["speedup_throughput"] >= TARGET_RATIO else "BELOW"
    print(
        f"  ratio pyverify/baseline: {e['speedup_throughput']:.1f}x throughput, {e['speedup_median']:.1f}x median "
        f"({ok} the {TARGET_RATIO:g}x target on throughput)"
    )
    for name, part in e["by_truth"].items():
        print(
            f"  {name} ({part['claims']}): pyverify {part['pyverify_claims_per_s']:.1f}/s "
            f"(median {part['pyverify_median_latency_ms']:.2f} ms), baseline {part['baseline_claims_per_s']:.1f}/s "
            f"(median {part['baseline_median_latency_ms']:.2f} ms), ratio {part['speedup_throughput']:.1f}x"
        )
    print(f"  baseline verdicts vs truth: {e['baseline_vs_truth']}")
    print(f"  pyverify statuses vs truth: {e['pyverify_vs_truth']}")
    print("  baseline's slowest: " + "; ".join(f"{x['seconds']}s {x['claim']}" for x in e["baseline_slowest"][:3]))
    print()
    for kind, r in w.items():
        ok = "meets" if r["meets_target"] else "BELOW"
        print(
            f"witness checks, {kind}: {r['checks_per_cpu_s_median']:,.0f} checks per CPU-second with check_witnesses "
            f"(median of {r['repetitions']} x {r['checks_per_repetition']}; {ok} the {TARGET_CHECKS:,.0f}/s target) "
            f"outcome {r['outcome']}{_differ(r)}"
        )
        for name, p in r["paths"].items():
            print(
                f"    {name:16}: {p['checks_per_s_median']:9,.0f} checks/s wall ({p['ratio_vs_uncompiled']:4.1f}x), "
                f"{p['checks_per_cpu_s_median']:9,.0f} per CPU-second ({p['cpu_ratio_vs_uncompiled']:4.1f}x)"
            )
        print(f"  claim: {r['claim']}")
        if "profile" in r:
            print(f"  profile ({r['profile']['profiled_seconds']}s under cProfile), cumulative, pyverify functions:")
            for row in r["profile"]["top_cumulative"][:10]:
                print(f"    {row['share']:6.1%}  {row['cum_s']:7.3f}s  {row['calls']:>7}  {row['function']}")
            print("  own time:")
            for row in r["profile"]["top_own_time"][:6]:
                print(f"    {row['share']:6.1%}  {row['own_s']:7.3f}s  {row['calls']:>7}  {row['function']}")
    print()
    if s["wrong"]:
        print(f"WRONG statuses ({len(s['wrong'])}): decided against the claim's known truth")
        for x in s["wrong"]:
            print(f"  line {x['line']}: expected {x['expected']}, got {x['got']} ({x['method']}): {x['claim']}")
    else:
        print("wrong statuses: none (no certified false claim, no refuted true claim)")
    print(f"undecided (unknown on a claim of known truth): {len(s['undecided'])}")
    for x in s["undecided"]:
        print(f"  line {x['line']} ({x['expected']}, {x['seconds']}s): {x['claim']}")


def _differ(r: dict[str, Any]) -> str:
    """The warning when the paths disagree (statuses, or the batch's messages and values)."""
    if not r["same_outcomes"]:
        return " -- OUTCOMES DIFFER BETWEEN PATHS"
    return "" if r["same_messages"] else " -- MESSAGES DIFFER FROM THE UNCOMPILED PATH"


def witness_only(command: str, count: int, repetitions: int, json_path: str | None) -> int:
    """The witness section alone (``--witness-only``)."""
    started = time.perf_counter()
    witness = {kind: run_witness(kind, count, repetitions, profile=True) for kind in WITNESS_KINDS}
    figures = {"witness": witness, "machine": machine(), "command": command,
               "settings": {"witness_checks": count, "witness_repetitions": repetitions},
               "date": time.strftime("%Y-%m-%d %H:%M:%S %Z")}  # fmt: skip
    print()
    for kind, r in witness.items():
        print(f"witness checks, {kind}: {r['claim']}")
        print(f"  outcome {r['outcome']}{_differ(r)}")
        for name, p in r["paths"].items():
            print(
                f"    {name:16}: {p['checks_per_s_median']:9,.0f} checks/s wall ({p['ratio_vs_uncompiled']:4.1f}x), "
                f"{p['checks_per_cpu_s_median']:9,.0f} per CPU-second ({p['cpu_ratio_vs_uncompiled']:4.1f}x)"
            )
        ok = "meets" if r["meets_target"] else "BELOW"
        print(f"  {ok} the {TARGET_CHECKS:,.0f}/s target (check_witnesses, per CPU-second)")
        ratio = r["paths"]["check_witnesses"]["cpu_ratio_vs_uncompiled"]
        scaled = ratio * ISSUE_BASELINE[kind]
        print(f"  at the issue's quiet baseline ({ISSUE_BASELINE[kind]:,.0f}/s uncompiled) this run's ratio gives "
              f"{scaled:,.0f}/s: {'meets' if scaled >= TARGET_CHECKS else 'BELOW'} the target")
        if "profile" in r:
            print(f"  profile of check_witnesses ({r['profile']['profiled_seconds']}s under cProfile), own time:")
            for row in r["profile"]["top_own_time"][:8]:
                print(f"    {row['share']:6.1%}  {row['own_s']:7.3f}s  {row['calls']:>7}  {row['function']}")
    print(f"\nbench wall time: {time.perf_counter() - started:.1f} s")
    if json_path:
        Path(json_path).write_text(json.dumps(figures, indent=2, default=str) + "\n", encoding="utf-8")
        print(f"figures written to {json_path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="every 4th claim, shorter caps, fewer repetitions")
    parser.add_argument("--json", metavar="PATH", help="write the figures as JSON to PATH")
    parser.add_argument("--claims", default=str(CLAIMS), help="the claim suite (default: benchmarks/claims.txt)")
    parser.add_argument("--timeout", type=float, default=None, help="per-claim decide timeout (default 10, quick 5)")
    parser.add_argument("--baseline-cap", type=float, default=None, help="per-claim simplify cap (default 10, quick 3)")
    parser.add_argument(
        "--witness-only", action="store_true", help="only the check_witness throughput (no decide, no baseline)"
    )
    args = parser.parse_args(argv)

    timeout = args.timeout if args.timeout is not None else (5.0 if args.quick else 10.0)
    cap = args.baseline_cap if args.baseline_cap is not None else (3.0 if args.quick else 10.0)
    count, repetitions = (1000, 3) if args.quick else (4000, 7)
    executable = os.path.relpath(sys.executable) if sys.executable.startswith(os.getcwd()) else sys.executable
    command = f"cd {shlex.quote(os.getcwd())} && " + shlex.join([executable, *sys.argv])
    print(f"command: {command}", flush=True)

    if args.witness_only:
        return witness_only(command, count, repetitions, args.json)
    items = load_suite(Path(args.claims))
    print(f"suite: {len(items)} claims parse ({sum(is_equation(i.claim) for i in items)} equations)", flush=True)
    if args.quick:
        items = items[::4]
    started = time.perf_counter()
    suite_seconds = run_decide(items, timeout)
    print(f"decide: {len(items)} claims in {suite_seconds:.1f}s", flush=True)
    run_baseline(items, cap)
    print("baseline: done", flush=True)
    witness = {kind: run_witness(kind, count, repetitions, profile=True) for kind in WITNESS_KINDS}
    figures = summarize(items, suite_seconds, cap)
    figures["witness"] = witness
    figures["machine"] = machine()
    figures["settings"] = {
        "quick": args.quick,
        "timeout_s": timeout,
        "baseline_cap_s": cap,
        "witness_checks": count,
        "witness_repetitions": repetitions,
    }
    figures["command"] = command
    figures["date"] = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    figures["bench_wall_s"] = round(time.perf_counter() - started, 1)
    figures["per_claim"] = [
        {
            "line": i.line,
            "section": i.section,
            "expected": i.expected,
            "status": i.status,
            "method": i.method,
            "wall_s": round(i.wall, 6),
            "engine_s": i.engine_seconds,
            "baseline": i.baseline or None,
            "claim": i.text,
        }
        for i in items
    ]
    print_report(command, figures)
    print(f"\nbench wall time: {figures['bench_wall_s']} s")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2, default=str) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
