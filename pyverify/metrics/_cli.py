"""Plain functions behind ``pyverify metrics``, ``pyverify select`` and ``pyverify rank-weights``.

Each returns the exit code; bad input prints one ``error: ...`` line on stderr and returns 2.
``rank_weights_command`` returns 0 when the target ranking is realizable, 1 when it is not.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any, Sequence

from pyverify.metrics._errors import MetricsError


def _error(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _fmt(value: Any, digits: int = 3) -> str:
    if value is None:
        return "—"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_fmt(v, digits) for v in value) + "]"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def _print_summary(metrics: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    # tables are wide; when piped, rich's 80-column default would wrap model ids mid-name
    console = Console(width=max(Console().width, 160))
    inv = metrics.get("invariance")
    if inv:
        table = Table(title=f"Invariance ({inv['options']['design']}, SCR variant {inv['options']['scr_variant']})")
        table.add_column("model", no_wrap=True)
        for column in ("items", "coverage", "acc micro [95% CI]", "acc macro", "balanced", "Mean-IG", "SCR (floor)",
                       "CIR", "FALSE-CIR"):  # fmt: skip
            table.add_column(column)
        for model, m in inv["per_model"].items():
            # model ids are untrusted text: "[/x]" would otherwise be read as rich markup (and raise)
            table.add_row(escape(model), str(m["items"]), _fmt(m["coverage"]),
                          f"{_fmt(m['accuracy_micro'])} {_fmt(m['accuracy_micro_ci'])}", _fmt(m["accuracy_macro"]),
                          _fmt(m["balanced_accuracy"]), _fmt(m["mean_ig"]),
                          f"{_fmt(m['scr']['value'])} ({_fmt(m['scr']['independence_floor'])})",
                          f"{_fmt(m['cir']['value'])} n={m['cir']['theorems']}",
                          f"{_fmt(m['false_cir']['value'])} n={m['false_cir']['theorems']}")  # fmt: skip
        console.print(table)
        tests = [t["cochran"] for t in inv["theorems"]]
        defined = [c for c in tests if c["test"] != "undefined"]
        significant = [c for c in defined if c["p_holm"] is not None and c["p_holm"] < 0.05]
        ranking = inv["ranking"]
        console.print(f"Cochran/McNemar: {len(defined)} of {len(tests)} theorems testable, {len(significant)} significant "
                      f"after Holm (5%). Consensus audit: {len(inv['consensus']['flagged'])} flagged. "
                      f"Achievable rankings: {_fmt(ranking['achievable_share'])} "
                      f"({'exact' if ranking['exact'] else 'sampled'}, {ranking['rankings_checked']} of {ranking['rankings_total']}).")  # fmt: skip
    cbu = metrics.get("cbu")
    if cbu:
        table = Table(title="Candidate scoring (fractions; ties: expected value)")
        table.add_column("model", no_wrap=True)
        for column in ("problems", "score", "Acc@1", "Recall@5", "AUC", "MeanWin", "predictiveness"):
            table.add_column(column)
        for model, m in cbu["per_model"].items():
            for score in ("utility", "judge"):
                s = m[score]
                table.add_row(escape(model), str(m["problems"]), score, _fmt(s["acc_at_1"]), _fmt(s["recall_at_5"]), _fmt(s["auc"]),
                              _fmt(s["mean_win"]), _fmt(m["predictiveness"][score]))  # fmt: skip
        console.print(table)
    if not inv and not cbu:
        console.print(f"{len(metrics['runs'])} run(s), no invariance or CBU run to summarize.")


def _compute(run_dirs: Sequence[Path]) -> dict[str, Any]:
    from pyverify.metrics._compute import compute

    return compute(list(run_dirs))


def metrics_command(run_dirs: list[Path], as_json: bool, out: Path | None) -> int:
    """Compute metrics.json for ``run_dirs``; print a summary table (or the JSON); write it to ``out``."""
    try:
        metrics = _compute(run_dirs)
    except MetricsError as exc:
        return _error(str(exc))
    text = json.dumps(metrics, indent=2, allow_nan=False)
    if out is not None:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            return _error(f"{out}: cannot write ({exc.strerror or exc})")
    if as_json:
        print(text)
    else:
        _print_summary(metrics)
        if out is not None:
            print(f"wrote {out}")
    return 0


def parse_weights(text: str) -> dict[str, float]:
    """``"F6=0.5,F7=0.5"`` -> {"F6": 0.5, "F7": 0.5}; MetricsError on anything else."""
    weights: dict[str, float] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise MetricsError(f"weights: expected FAMILY=WEIGHT, got {part!r}")
        try:
            weight = float(value)
        except ValueError:
            raise MetricsError(f"weights: weight of {name} is not a number: {value!r}") from None
        if not math.isfinite(weight) or weight < 0:
            raise MetricsError(f"weights: weight of {name} must be a finite number >= 0, got {value}")
        if name in weights:
            raise MetricsError(f"weights: {name} given twice")
        weights[name] = weight
    if not weights:
        raise MetricsError("weights: none given (expected e.g. F6=0.5,F7=0.5)")
    if sum(weights.values()) <= 0:
        raise MetricsError("weights: they sum to 0")
    return weights


def resolve_model(name: str, models: Sequence[str]) -> str:
    """A model id from its full id or an unambiguous prefix / suffix."""
    if name in models:
        return name
    matches = [m for m in models if m.startswith(name) or m.endswith(name)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise MetricsError(f"unknown model {name!r} (known: {', '.join(models)})")
    raise MetricsError(f"model {name!r} is ambiguous: {', '.join(matches)}")


def select_command(run_dirs: list[Path], weights_text: str, as_json: bool) -> int:
    """The model with the lowest expected failure under ``weights_text`` (e.g. "F6=0.5,F7=0.5")."""
    from pyverify.metrics._ranking import select

    try:
        weights = parse_weights(weights_text)
        record = select(_compute(run_dirs), weights)
    except MetricsError as exc:
        return _error(str(exc))
    if as_json:
        print(json.dumps(record, indent=2))
        return 0
    print(f"selected: {record['model']} (expected failure {record['expected_failure'][record['model']]:.4f})")
    if len(record["tied"]) > 1:
        print(f"tied: {', '.join(record['tied'])} (the first listed is chosen)")
    print("weights used: " + ", ".join(f"{f}={w:.4g}" for f, w in record["weights_used"].items()))
    if record["dropped_families"]:
        print(f"dropped (missing for some model): {', '.join(record['dropped_families'])}")
    for model in record["ranking"]:
        print(f"  {model}: {record['expected_failure'][model]:.4f}")
    print(f"rule: {record['rule']}")
    return 0


def rank_weights_command(run_dirs: list[Path], target_text: str, as_json: bool) -> int:
    """Whether some family weighting realizes the ranking ``target_text`` ("a>b>c", best first):
    0 realizable (weights printed), 1 not realizable, 2 bad input."""
    from pyverify.metrics._ranking import rank_weights

    try:
        names = [part.strip() for part in target_text.split(">")]
        if len(names) < 2 or any(not n for n in names):
            raise MetricsError(f"target: expected MODEL>MODEL[>...], got {target_text!r}")
        metrics = _compute(run_dirs)
        if not metrics.get("invariance"):
            raise MetricsError("no invariance run among the run directories")
        models = list(metrics["invariance"]["per_model"])
        target = [resolve_model(n, models) for n in names]
        record = rank_weights(metrics, target)
    except MetricsError as exc:
        return _error(str(exc))
    if as_json:
        print(json.dumps(record, indent=2))
    elif record["feasible"]:
        print(f"realizable: {' > '.join(target)} (margin {_fmt(record['margin'], 4)})")
        print("weights: " + ", ".join(f"{f}={w:.4g}" for f, w in record["weights"].items()))
    else:
        print(f"not realizable by any weighting of {', '.join(record['families'])}: {' > '.join(target)}")
        for pair in record["contradicted_pareto"]:
            print(f"  {pair['better']} fails no more than {pair['worse']} on every family")
    return 0 if record["feasible"] else 1
