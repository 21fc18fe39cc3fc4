"""The report's figures: family × model failure heatmap, IG histograms, accuracy against SCR.

Each figure is an SVG drawn on a bare ``matplotlib.figure.Figure`` (no pyplot, so no global backend or
figure registry is touched) and returned as a ``data:image/svg+xml;base64`` URI for an ``<img>``. An SVG
inside ``<img>`` cannot run script, so hostile model names in axis labels stay inert. Output is
byte-identical for the same metrics: a fixed ``svg.hashsalt`` (element ids), no date in the metadata, text
drawn as paths (no font lookups in the browser) and math-text parsing off (a ``$`` in a name is literal).
"""

from __future__ import annotations

import base64
import io
import warnings
from collections.abc import Mapping
from typing import Any

from pyverify.report._view import IG_EDGES, as_list, as_mapping, ig_values, number

_RC: Any = {
    "svg.hashsalt": "pyverify-report",
    "svg.fonttype": "path",
    "text.parse_math": False,
    "text.usetex": False,
    "font.size": 9,
    "axes.titlesize": 10,
}
_LABEL_CHARS = 28


def _label(name: str) -> str:
    return name if len(name) <= _LABEL_CHARS else name[: _LABEL_CHARS - 1] + "…"


def _encode(fig: Any) -> str:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        # a model id in a script DejaVu lacks (CJK, say) draws as boxes; a warning per glyph on stderr is noise
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font", category=UserWarning)
        fig.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _draw(painter: Any, *args: Any) -> str | None:
    import matplotlib
    import matplotlib.style
    from matplotlib.figure import Figure

    # start from matplotlib's defaults so a user's matplotlibrc cannot change (or break) the report
    with matplotlib.style.context("default"), matplotlib.rc_context(_RC):
        fig = Figure()
        if not painter(fig, *args):
            return None
        return _encode(fig)


def failure_heatmap(metrics: Mapping[str, Any], models: list[str], families: list[str]) -> str | None:
    """Failure rate per family (rows) and model (columns), each cell annotated; None when empty."""
    return _draw(_paint_heatmap, metrics, models, families)


def _paint_heatmap(fig: Any, metrics: Mapping[str, Any], models: list[str], families: list[str]) -> bool:
    import matplotlib
    import numpy as np

    if not models or not families:
        return False
    per_model = as_mapping(as_mapping(metrics.get("invariance")).get("per_model"))
    rates = np.full((len(families), len(models)), np.nan)
    for j, model in enumerate(models):
        table = as_mapping(as_mapping(per_model.get(model)).get("family_failure"))
        for i, family in enumerate(families):
            value = number(as_mapping(table.get(family)).get("rate"))
            if value is not None:
                rates[i, j] = value
    fig.set_size_inches(max(4.0, 1.6 + 0.9 * len(models)), max(2.5, 1.2 + 0.38 * len(families)))
    ax = fig.add_subplot()
    # vector cells (pcolormesh, not imshow's raster); a family without scored items stays grey
    ax.set_facecolor("#dddddd")
    mesh = ax.pcolormesh(
        np.ma.masked_invalid(rates),
        cmap=matplotlib.colormaps["Reds"],
        vmin=0.0,
        vmax=1.0,
        edgecolors="white",
        linewidth=0.5,
    )
    for i in range(len(families)):
        for j in range(len(models)):
            value = rates[i, j]
            text = "—" if np.isnan(value) else f"{value:.2f}"
            color = "white" if not np.isnan(value) and value > 0.6 else "black"
            ax.text(j + 0.5, i + 0.5, text, ha="center", va="center", color=color, fontsize=8)
    ax.set_xticks(np.arange(len(models)) + 0.5, [_label(m) for m in models], rotation=30, ha="right")
    ax.set_yticks(np.arange(len(families)) + 0.5, families)
    ax.invert_yaxis()
    ax.tick_params(length=0)
    ax.set_title("Failure rate by family")
    fig.colorbar(mesh, ax=ax, fraction=0.04, pad=0.02, label="failure rate")
    return True


def ig_histogram(metrics: Mapping[str, Any], models: list[str]) -> str | None:
    """Histogram of per-theorem IG, one bar series per model; None when no IG is defined."""
    return _draw(_paint_ig, metrics, models)


def _paint_ig(fig: Any, metrics: Mapping[str, Any], models: list[str]) -> bool:
    theorems = [as_mapping(t) for t in as_list(as_mapping(metrics.get("invariance")).get("theorems"))]
    series = [(m, ig_values(theorems, m)) for m in models]
    series = [(m, values) for m, values in series if values]
    if not series:
        return False
    fig.set_size_inches(6.4, 3.2)
    ax = fig.add_subplot()
    ax.hist([values for _, values in series], bins=list(IG_EDGES), label=[_label(m) for m, _ in series])
    ax.set_xlabel("IG per theorem  (0 = answers consistent across paraphrases)")
    ax.set_ylabel("theorems")
    ax.set_xlim(0.0, 0.5)
    ax.set_title("Distribution of the invariance gap")
    ax.legend(fontsize=7, frameon=False)
    return True


def accuracy_vs_scr(metrics: Mapping[str, Any], models: list[str]) -> str | None:
    """Macro accuracy against SCR per model, with each model's independence floor and the curve acc^k."""
    return _draw(_paint_scatter, metrics, models)


def _paint_scatter(fig: Any, metrics: Mapping[str, Any], models: list[str]) -> bool:
    import numpy as np

    invariance = as_mapping(metrics.get("invariance"))
    per_model = as_mapping(invariance.get("per_model"))
    points = []
    for model in models:
        stats = as_mapping(per_model.get(model))
        accuracy = number(stats.get("accuracy_macro"))
        if accuracy is None:
            accuracy = number(stats.get("accuracy_micro"))
        scr = as_mapping(stats.get("scr"))
        value = number(scr.get("value"))
        if accuracy is not None and value is not None:
            points.append((model, accuracy, value, number(scr.get("independence_floor"))))
    if not points:
        return False
    fig.set_size_inches(5.2, 4.0)
    ax = fig.add_subplot()
    counted = [number(as_mapping(t).get("items")) for t in as_list(invariance.get("theorems"))]
    sizes = [s for s in counted if s is not None and s >= 1]
    if sizes:
        # SCR of a model whose answers were independent with equal accuracy on every theorem
        k = float(np.median(sizes))
        grid = np.linspace(0.0, 1.0, 101)
        ax.plot(grid, grid**k, color="0.6", linestyle="--", label=f"independence, acc^k (k = {k:g})")
    ax.plot([0, 1], [0, 1], color="0.85", linewidth=0.8, label="SCR = accuracy")
    for model, accuracy, value, floor in points:
        # a legend rather than annotations: models with equal numbers would print on top of each other
        ax.scatter([accuracy], [value], zorder=3, label=_label(model))
        if floor is not None:
            ax.scatter([accuracy], [floor], marker="_", color="black", zorder=3)
    ax.scatter([], [], marker="_", color="black", label="model's independence floor")
    ax.set_xlim(0.0, 1.0)
    ax.set_ylim(0.0, 1.0)
    ax.set_xlabel("accuracy (macro over theorems)")
    ax.set_ylabel("SCR")
    ax.set_title("Accuracy against SCR")
    ax.legend(fontsize=7, frameon=False, loc="upper left", bbox_to_anchor=(1.02, 1.0))
    return True
