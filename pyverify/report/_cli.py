"""``pyverify report RUN_DIR... --out DIR``: compute the metrics of some runs and write the report.

Exit codes: 0 written, 2 bad input (runs that metrics cannot read, metrics this report cannot draw, an
output directory that cannot be written).
"""

from __future__ import annotations

import sys
from pathlib import Path


def report_command(run_dirs: list[Path], out: Path) -> int:
    """Compute metrics over ``run_dirs`` (claim-audit runs scored against the suite in their directory),
    write report.html / report.md / metrics.json into ``out``."""
    from pyverify import metrics as metrics_module
    from pyverify.report import ReportError, score_claim_audit_runs, write_report

    try:
        metrics = score_claim_audit_runs(metrics_module.compute(list(run_dirs)))
        paths = write_report(metrics, out)
    except (metrics_module.MetricsError, ReportError) as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    for path in paths.values():
        sys.stdout.write(f"{path}\n")
    return 0
