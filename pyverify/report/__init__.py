"""Reports over metrics: one self-contained HTML page with figures, Markdown tables and metrics.json.

``write_report(metrics, out)`` writes all three; ``render_html`` and ``render_markdown`` return the text.
The input is the dict that ``pyverify.metrics.compute`` returns (schema_version 1). Nothing heavy is
imported here: jinja2 and matplotlib load when a report is rendered.
"""

from __future__ import annotations

from pyverify.report._render import render_html, render_markdown, write_report
from pyverify.report._view import ReportError

__all__ = ["ReportError", "render_html", "render_markdown", "write_report"]
