"""Cost of the mathlib semantics: decide() on the certify claim suite under exact and under mathlib.

Both runs use the default isolated worker, warmed first, on the same machine in the same process, so
the ratio is the figure to quote. Also counts how often the two readings give different verdicts
and why the mathlib run left claims unknown.

    .venv/bin/python benchmarks/semantics_bench.py [--quick] [--timeout 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyverify.certify import decide  # noqa: E402
from pyverify.logic import ParseError, parse  # noqa: E402

CLAIMS = ROOT / "benchmarks" / "claims.txt"


def load(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        _, sep, text = line.partition("|")
        text = (text if sep else line).strip()
        try:
            parse(text)
        except ParseError:
            continue
        out.append(text)
    return out


def run(claims: list[str], semantics: str, timeout: float) -> tuple[list[float], list[str], list[str]]:
    seconds, statuses, reasons = [], [], []
    for text in claims:
        start = time.perf_counter()
        cert = decide(text, timeout, semantics=semantics)
        seconds.append(time.perf_counter() - start)
        statuses.append(cert.status)
        reasons.append((cert.reason or "").split(":")[0] if cert.status == "unknown" else "")
    return seconds, statuses, reasons


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="every 4th claim")
    parser.add_argument("--timeout", type=float, default=10.0, help="per-claim decide timeout (s)")
    args = parser.parse_args(argv)
    claims = load(CLAIMS)[:: 4 if args.quick else 1]
    for warm in ("forall x : Q, (x + 1)^2 = x^2 + 2*x + 1", "forall n m : N, n - m + m = n"):
        decide(warm, 30, semantics="exact")
        decide(warm, 30, semantics="mathlib")
    results = {}
    for semantics in ("exact", "mathlib"):
        start = time.perf_counter()
        results[semantics] = run(claims, semantics, args.timeout)
        results[semantics] += (time.perf_counter() - start,)  # type: ignore[assignment]
    print(f"semantics benchmark: {len(claims)} claims from {CLAIMS.name}, timeout {args.timeout:g} s")
    print(f"{'semantics':10} {'claims/s':>9} {'median ms':>10} {'p90 ms':>8} {'certified':>10} {'refuted':>8} "
          f"{'unknown':>8}")  # fmt: skip
    for semantics, (seconds, statuses, _reasons, total) in results.items():  # type: ignore[misc]
        counts = Counter(statuses)
        p90 = sorted(seconds)[int(0.9 * (len(seconds) - 1))]
        print(f"{semantics:10} {len(claims) / total:9.1f} {statistics.median(seconds) * 1000:10.2f} "
              f"{p90 * 1000:8.1f} {counts['certified']:10} {counts['refuted']:8} {counts['unknown']:8}")  # fmt: skip
    exact_med = statistics.median(results["exact"][0])
    lean_med = statistics.median(results["mathlib"][0])
    print(f"median latency ratio mathlib/exact: {lean_med / exact_med:.2f}")
    differ = Counter(f"{a}->{b}" for a, b in zip(results["exact"][1], results["mathlib"][1]) if a != b)
    print("verdicts that differ (exact->mathlib):", dict(sorted(differ.items())) or "none")
    unknown = Counter(r for r, s in zip(results["mathlib"][2], results["mathlib"][1]) if s == "unknown")
    print("mathlib unknown reasons:", dict(unknown.most_common()) or "none")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
