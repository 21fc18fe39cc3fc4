"""What ``pyverify run`` prints when it ends: rich tables of what each model did, and the findings that matter.

Two tables (invariance per model; claim audit per model) hold the numbers a reader compares — accuracy
next to the constant baselines on the same items, the share of TRUE answers, the prompt form; valid audit
records, safe and strict completion, right verdicts, witnesses of invalid claims verified (as counts ``k/n``),
and whether output was constrained by the schema or free —
and at most three findings follow, each a sentence with its number, from the report's own findings
(:func:`pyverify.report.headline_findings`), so the terminal and the report never disagree. The full
report (HTML and Markdown) is where every table and test lives; its paths end the output.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _rate(block: Any) -> str:
    """``k/n`` of a scorer's rate (the share is one division away; the counts are what a reader weighs)."""
    if not isinstance(block, Mapping) or not isinstance(block.get("n"), int) or not block["n"]:
        return "—"
    return f"{block['k']}/{block['n']}"


def _number(value: Any, digits: int = 3) -> str:
    return "—" if not isinstance(value, (int, float)) or isinstance(value, bool) else f"{value:.{digits}f}"


def invariance_table(report: Mapping[str, Any]) -> Any:
    from rich import box
    from rich.table import Table

    table = Table(title="Invariance: TRUE/FALSE items in every wording", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("model", no_wrap=True)
    table.add_column("prompt", no_wrap=True)
    for column in ("items", "answers", "accuracy", "always-TRUE", "said TRUE"):
        table.add_column(column, justify="right")
    for model, entry in report.get("models", {}).items():
        inv = entry.get("invariance") or {}
        table.add_row(model, str(inv.get("prompt_form", "—")), str(inv.get("items", "—")),
                      str(inv.get("answers", inv.get("scored", "—"))), _number(inv.get("accuracy")),
                      _number(inv.get("true_label_share")), _number(inv.get("predicted_true_share")))  # fmt: skip
    return table


def claim_audit_table(report: Mapping[str, Any]) -> Any:
    from rich import box
    from rich.table import Table

    table = Table(title="Claim audit (direct): verdicts and witnesses checked label-blind", title_justify="left",
                  box=box.SIMPLE_HEAD)
    table.add_column("model", no_wrap=True)
    table.add_column("output", no_wrap=True)
    for column in ("valid records", "safe", "strict", "verdict", "witnesses"):
        table.add_column(column, justify="right")
    for model, entry in report.get("models", {}).items():
        summary = (entry.get("claim_audit_scores") or {}).get("summary") or {}
        classes = (entry.get("claim_audit_scores") or {}).get("class_conditional") or {}
        witnesses = (classes.get("invalid_claims") or {}).get("verified_witnesses")
        output = str((entry.get("claim_audit") or {}).get("output", "free text"))
        table.add_row(model, "schema" if output.startswith("constrained") else "free",
                      _rate(summary.get("json_valid")), _rate(summary.get("safe")), _rate(summary.get("strict")),
                      _rate(summary.get("verdict")), _rate(witnesses))  # fmt: skip
    return table


def print_run(report: Mapping[str, Any], console: Any = None) -> None:
    """The end of ``pyverify run``: both tables, the headline findings, where the reports are."""
    from rich.console import Console

    if console is None:
        console = Console()
        if not console.is_terminal:  # a log file or a pipe: no width to fit, so no header cut to "answe…"
            console = Console(width=120)
    console.print(invariance_table(report))
    console.print(claim_audit_table(report))
    metrics = report.get("metrics")
    if isinstance(metrics, Mapping):
        from pyverify.report import headline_findings

        findings = headline_findings(metrics)  # the claim-audit runs' scores come with the metrics
        if findings:
            from rich.table import Table
            from rich.text import Text

            grid = Table.grid(padding=(0, 1))  # a bullet column, so a long sentence wraps under its own text
            grid.add_column(width=2, justify="right")
            grid.add_column()
            for sentence in findings:
                grid.add_row("•", Text(sentence))  # model ids are untrusted: plain text, never markup
            console.print(Text("Findings", style="bold"))
            console.print(grid)
    console.print(f"report: {report.get('out')}/report.md", markup=False, highlight=False, soft_wrap=True)
    if report.get("html"):
        console.print(f"HTML report (findings, tables, plots): {report['html']}", markup=False, highlight=False,
                      soft_wrap=True)  # a path is never broken across lines
