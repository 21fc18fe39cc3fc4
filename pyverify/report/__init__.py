"""Reports over metrics: one self-contained HTML page with figures, Markdown tables and metrics.json.

``write_report(metrics, out)`` writes all three; ``render_html`` and ``render_markdown`` return the text.
Both open with a Findings section: plain sentences computed from the metrics, each linking to the table
or figure that backs it, and stated as findings only when their tests survive (Holm). It is led by
``headline_findings(metrics)``, the two or three findings that matter, which terminal summaries print too.
The input is the dict that ``pyverify.metrics.compute`` returns (schema_version 1);
``score_claim_audit_runs`` adds the scores of claim-audit runs whose directories carry their suite.
``claim_audit_markdown`` renders claim-audit summaries as a Markdown table (for terminal summaries).
Nothing heavy is imported here: jinja2 and matplotlib load when a report is rendered.
"""

from __future__ import annotations

from pyverify.report._claim_audit import score_claim_audit_runs
from pyverify.report._findings import headline_findings
from pyverify.report._render import claim_audit_markdown, render_html, render_markdown, write_report
from pyverify.report._view import ReportError

__all__ = [
    "ReportError",
    "claim_audit_markdown",
    "headline_findings",
    "render_html",
    "render_markdown",
    "score_claim_audit_runs",
    "write_report",
]
