"""Render a metrics dict to a self-contained HTML page and to Markdown, and write the three report files.

Both templates autoescape: HTML with jinja2's HTML escaping; Markdown through ``finalize``, which escapes
what Markdown or the HTML it may be shown as would interpret (table pipes, emphasis, links, tags). Model
ids, theorem ids and every other string from the metrics are untrusted; only numbers formatted by
``_view`` are marked safe. The HTML fetches nothing: CSS and script are inline (allowed by hash in the
content security policy), figures are data URIs.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from markupsafe import Markup

from pyverify.report._view import ReportError, build_view, check_metrics, most_significant

MARKDOWN_THEOREM_LIMIT = 50
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]{}|!#~])")


def _asset(name: str) -> str:
    return resources.files("pyverify.report").joinpath("templates").joinpath(name).read_text(encoding="utf-8")


@lru_cache(maxsize=2)
def _environment(kind: str) -> Any:
    import jinja2

    html = kind == "html"
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("pyverify.report", "templates"),
        undefined=jinja2.StrictUndefined,  # a misspelt field fails the render instead of printing nothing
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=html,
        finalize=None if html else markdown_escape,
    )
    env.filters["tojson_pretty"] = _json_text
    env.filters["json_block"] = _json_block
    return env


def markdown_escape(value: Any) -> str:
    """Text that shows literally in Markdown: special characters backslash-escaped, tags as entities."""
    if isinstance(value, Markup):
        return str(value)
    text = "" if value is None else str(value)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = " ".join(text.splitlines())  # a newline would end a table row
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def _json_text(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)


def _json_block(value: Any) -> Markup:
    # a code fence longer than any run of backticks inside, so the content cannot close it
    text = _json_text(value)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return Markup(f"{fence}json\n{text}\n{fence}")


def _csp_hash(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def render_html(metrics: Mapping[str, Any]) -> str:
    """The report as one self-contained HTML page (inline CSS, script and SVG figures; no network)."""
    from pyverify.report import _plots

    view = build_view(metrics)
    hooks_js, report_js = _asset("hooks.js"), _asset("report.js")
    csp = (
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
        f"script-src {_csp_hash(hooks_js)} {_csp_hash(report_js)}; base-uri 'none'; form-action 'none'"
    )
    heatmap = ig_plot = scr_plot = None
    if view.has_invariance:
        heatmap = _plots.failure_heatmap(metrics, view.family_models, view.families)
        ig_plot = _plots.ig_histogram(metrics, view.family_models)
        scr_plot = _plots.accuracy_vs_scr(metrics, view.family_models)
    options = metrics.get("invariance") or {}
    design = (options.get("options") or {}).get("design") if isinstance(options, Mapping) else None
    return str(
        _environment("html")
        .get_template("report.html.j2")
        .render(
            v=view,
            csp=csp,
            hooks_js=Markup(hooks_js),
            report_js=Markup(report_js),
            css=Markup(_asset("report.css")),
            heatmap=heatmap,
            ig_plot=ig_plot,
            scr_plot=scr_plot,
            design=design if isinstance(design, str) else "",
        )
    )


def render_markdown(metrics: Mapping[str, Any]) -> str:
    """The report as Markdown tables (the per-theorem table cut to the 50 most significant theorems)."""
    view = build_view(metrics)
    shown = view.theorems
    if len(shown) > MARKDOWN_THEOREM_LIMIT:
        shown = most_significant(shown, MARKDOWN_THEOREM_LIMIT)
    text = _environment("markdown").get_template("report.md.j2").render(v=view, shown_theorems=shown)
    return re.sub(r"\n{3,}", "\n\n", str(text)).strip() + "\n"


def claim_audit_markdown(summaries: Mapping[str, Mapping[str, Any]]) -> str:
    """Claim-audit summaries (column name -> a run's summary or the scorer's summary) as one Markdown
    table: a row per metric, a column per summary; rates as "rate (k of n)", nested fields as
    "parent · child" rows. For terminal summaries, where a dict would otherwise be printed."""
    from pyverify.report._claim_audit import claim_audit_rows

    names = list(summaries)
    rows, left_out = claim_audit_rows([summaries[n] for n in names])
    lines = [
        "| metric |" + "".join(f" {markdown_escape(n)} |" for n in names),
        "|---|" + "---:|" * len(names),
        *(
            "| " + markdown_escape(key) + " |" + "".join(f" {markdown_escape(c)} |" for c in cells)
            for key, cells in rows
        ),
    ]
    if left_out:
        lines += ["", f"{left_out} more rows left out."]
    return "\n".join(lines) + "\n"


def metrics_json(metrics: Mapping[str, Any]) -> str:
    """metrics.json as written beside the report: indented, UTF-8, no NaN."""
    check_metrics(metrics)
    try:
        return json.dumps(metrics, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    except (TypeError, ValueError) as exc:
        raise ReportError(f"metrics are not plain JSON: {exc}") from exc


def write_report(metrics: Mapping[str, Any], out: Path) -> dict[str, Path]:
    """Write report.html, report.md and metrics.json into ``out`` (created); return their paths by kind."""
    # render everything before writing anything, so bad metrics leave no half-written report behind
    texts = {"metrics": metrics_json(metrics), "markdown": render_markdown(metrics), "html": render_html(metrics)}
    names = {"html": "report.html", "markdown": "report.md", "metrics": "metrics.json"}
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ReportError(f"cannot create the report directory {out}: {exc.strerror or exc}") from exc
    paths = {}
    for kind in ("html", "markdown", "metrics"):
        path = out / names[kind]
        try:
            path.write_text(texts[kind], encoding="utf-8")
        except OSError as exc:
            raise ReportError(f"cannot write {path}: {exc.strerror or exc}") from exc
        paths[kind] = path
    return paths
