"""Turn a metrics dict (schema_version 1, see ``pyverify.metrics``) into rows ready for the templates.

Every number is formatted here, once, so the HTML and the Markdown report say the same thing. Missing or
undefined statistics (``null`` in metrics.json, a missing key, a non-finite float) become "—" and sort last.
Strings that come from the metrics (model ids, theorem ids, Mathlib names) are left as plain ``str`` so the
templates escape them; only strings built here from numbers are wrapped in ``Markup``. The Findings
sentences (and the headline findings that lead them) come from ``_findings``, the claim-audit table from
``_claim_audit``; sections that compare models carry one line saying why they are empty when fewer than two
informative models ran, and which models they leave out as uninformative.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from pyverify.report._claim_audit import claim_audit_rows
from pyverify.report._findings import (
    EXCLUDED_WORDS,
    SECTIONS,
    AnswerFacts,
    Findings,
    answer_facts,
    build_findings,
    compared_models,
    headline_findings,
    slug,
)

SCHEMA_VERSION = 1
DASH = Markup("—")
SIGNIFICANCE = 0.05
# sections of metrics.json this report knows how to draw; any other top-level key is shown raw
KNOWN_KEYS = frozenset({"schema_version", "generated_by", "runs", "models", "invariance", "cbu"})


class ReportError(ValueError):
    """A metrics dict that this report cannot render (wrong type or schema version)."""


def number(value: Any) -> float | None:
    """The value as a finite float, or None for null / missing / non-numeric / NaN / infinite."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def count(value: Any) -> int | None:
    """The value as an int count, or None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def fmt(value: Any, digits: int = 3) -> Markup:
    """A rate or statistic with fixed decimals, or "—"."""
    x = number(value)
    return DASH if x is None else Markup(f"{x:.{digits}f}")


def fmt_int(value: Any) -> Markup:
    """A count, or "—"."""
    n = count(value)
    return DASH if n is None else Markup(str(n))


def fmt_p(value: Any) -> Markup:
    """A p-value with three significant digits (scientific below 0.001), or "—"."""
    x = number(value)
    if x is None:
        return DASH
    return Markup(f"{x:.2e}" if 0 < x < 1e-3 else f"{x:.3g}")


def fmt_ci(value: Any, digits: int = 3) -> Markup:
    """A confidence interval "[lo, hi]", or an empty string when there is none."""
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
        return Markup("")
    lo, hi = number(value[0]), number(value[1])
    if lo is None or hi is None:
        return Markup("")
    return Markup(f"[{lo:.{digits}f}, {hi:.{digits}f}]")


def sort_key(value: Any) -> str:
    """The value for a ``data-v`` sort attribute: a repr of the float, or "" (sorted last)."""
    x = number(value)
    return "" if x is None else repr(x)


def as_mapping(value: Any) -> Mapping[str, Any]:
    """The value if it is a mapping, else an empty one (a malformed section renders as absent)."""
    return value if isinstance(value, Mapping) else {}


def as_list(value: Any) -> list[Any]:
    """The value as a list if it is a sequence (not a string), else an empty list."""
    return list(value) if isinstance(value, Sequence) and not isinstance(value, str) else []


def _text(value: Any) -> str:
    return "" if value is None else str(value)


@dataclass(frozen=True)
class SummaryRow:
    """One model's headline invariance numbers."""

    model: str
    items: Markup
    scored: Markup
    coverage: Markup
    accuracy_micro: Markup
    accuracy_micro_ci: Markup
    accuracy_micro_ci_grouped: Markup
    accuracy_macro: Markup
    balanced_accuracy: Markup
    scr: Markup
    scr_variant: str
    scr_floor: Markup
    scr_null_mean: Markup
    scr_p: Markup
    cir: Markup
    cir_ci: Markup
    cir_n: Markup
    false_cir: Markup
    false_cir_ci: Markup
    false_cir_n: Markup
    mean_ig: Markup
    rms_ig: Markup
    share_ig_positive: Markup
    needs_review_items: int
    baseline_true: Markup = DASH
    """accuracy of always answering TRUE on the model's scored items"""
    baseline_false: Markup = DASH
    """accuracy of always answering FALSE on the same items"""
    true_answers: Markup = DASH
    """share of the model's scored answers that are TRUE"""
    true_answers_n: Markup = Markup("")
    """the same as a count, k of n"""
    inconsistent: Markup = DASH
    """theorems answered inconsistently, of those with two or more scored items"""


@dataclass(frozen=True)
class Cell:
    """A table cell: what to show, its sort value ("" sorts last) and an optional tooltip."""

    text: Markup | str
    sort: str = ""
    title: str = ""


@dataclass(frozen=True)
class TheoremRow:
    """One theorem in the per-theorem table."""

    theorem_id: str
    label: str
    domain: str
    mathlib_name: str
    mathlib_module: str
    items: Cell
    outcomes: list[Cell]
    igs: list[Cell]
    test: str
    q: Cell
    df: Cell
    p: Cell
    p_exact: Cell
    p_holm: Cell
    significant: bool
    max_ig: float
    search: str
    rank: tuple[float, float, int] = field(compare=False, default=(math.inf, math.inf, 0))


@dataclass(frozen=True)
class CbuRow:
    """One model's consequence-based-utility numbers."""

    model: str
    problems: Markup
    utility: list[Markup]
    judge: list[Markup]
    protocol: str
    protocols: str
    pred_judge: Markup
    pred_utility: Markup
    pred_both: Markup


@dataclass(frozen=True)
class ReportView:
    """Everything the templates draw, already formatted."""

    version: str
    runs: list[dict[str, Any]]
    models: list[str]
    has_invariance: bool
    options: list[tuple[str, str]]
    summary: list[SummaryRow]
    families: list[str]
    family_models: list[str]
    family_failure: list[tuple[str, list[Cell]]]
    rankings: list[tuple[str, list[str]]]
    kendall: list[tuple[str, str, Markup, Markup]]
    kendall_families: list[str]
    kendall_matrix: list[tuple[str, list[Cell]]]
    reversals: list[dict[str, Any]]
    theorems: list[TheoremRow]
    theorem_models: list[str]
    consensus_m: Markup
    consensus_n: Markup
    flagged: list[dict[str, Any]]
    agreement: dict[str, Markup]
    pareto: list[tuple[str, str]]
    ranking: dict[str, Markup]
    ig_bins: list[tuple[str, list[Markup]]]
    has_cbu: bool
    cbu: list[CbuRow]
    cbu_metrics: list[str]
    cbu_notes: list[str]
    claim_audit_runs: list[dict[str, Any]]
    needs_review: bool
    consensus_note: str
    extra: list[tuple[str, Any]]
    findings: Findings
    headings: dict[str, str]
    """section id -> heading (shared by both templates)"""
    anchors: dict[str, str]
    """section id -> Markdown anchor of its heading"""
    multi_model: bool
    """two or more models ran invariance (what rank reversals, κ, rankings and cross-model Q need)"""
    needs_models_note: str
    """one line on why the sections that compare models are empty, when fewer than two models ran"""
    has_tests: bool
    """some theorem has a defined Cochran's Q / McNemar test"""
    tests_note: str
    """one line on why no theorem has a test, when none has"""
    claim_audit_rows: list[tuple[str, list[str]]]
    """claim-audit metrics (rows) by run (columns)"""
    claim_audit_left_out: int
    suspect: list[dict[str, str]] = field(default_factory=list)
    """paraphrases whose formalization was refuted against their theorem (shown beside the consensus flags)"""
    headline: list[str] = field(default_factory=list)
    """the two or three findings that matter (``headline_findings``), shown first"""
    compared_models: list[str] = field(default_factory=list)
    """the models in the statistics that compare models (constant models left out)"""
    excluded_note: str = ""
    """one line on the models left out of the comparisons as uninformative, and of what; empty when none"""
    reversal_tested: bool = False
    """the rank reversals carry their tests (metrics from this pyverify on)"""


def check_metrics(metrics: Any) -> Mapping[str, Any]:
    """Refuse what is not a schema-1 metrics dict, with the reason."""
    if not isinstance(metrics, Mapping):
        raise ReportError(f"metrics must be a JSON object (dict), got {type(metrics).__name__}")
    version = metrics.get("schema_version")
    if version != SCHEMA_VERSION:
        raise ReportError(f"unsupported metrics schema_version {version!r}; this report reads {SCHEMA_VERSION}")
    for key, kind in (("invariance", Mapping), ("cbu", Mapping), ("runs", list), ("models", list)):
        value = metrics.get(key)
        if value is not None and not isinstance(value, kind):
            raise ReportError(f"metrics[{key!r}] must be {'an object' if kind is Mapping else 'a list'} or null")
    return metrics


def _models(metrics: Mapping[str, Any], *more: Mapping[str, Any]) -> list[str]:
    # declared order first, then any model that only appears inside a section
    order = [str(m) for m in as_list(metrics.get("models"))]
    for section in more:
        for m in section:
            if str(m) not in order:
                order.append(str(m))
    return order


def _summary(model: str, stats: Mapping[str, Any], facts: AnswerFacts | None) -> SummaryRow:
    scr, cir, fcir = as_mapping(stats.get("scr")), as_mapping(stats.get("cir")), as_mapping(stats.get("false_cir"))
    derived: dict[str, Markup] = {}
    if facts is not None and facts.scored:
        n = facts.scored
        derived = {
            "baseline_true": fmt(facts.true_items / n),
            "baseline_false": fmt(facts.false_items / n),
            "true_answers": fmt(facts.true_answers / n),
            "true_answers_n": Markup(f"{facts.true_answers} of {n}"),
        }
    if facts is not None and facts.theorems:
        derived["inconsistent"] = Markup(f"{facts.inconsistent} of {facts.theorems}")
    return SummaryRow(
        model=model,
        items=fmt_int(stats.get("items")),
        scored=fmt_int(stats.get("scored")),
        coverage=fmt(stats.get("coverage")),
        accuracy_micro=fmt(stats.get("accuracy_micro")),
        accuracy_micro_ci=fmt_ci(stats.get("accuracy_micro_ci")),
        accuracy_micro_ci_grouped=fmt_ci(stats.get("accuracy_micro_ci_grouped")),
        accuracy_macro=fmt(stats.get("accuracy_macro")),
        balanced_accuracy=fmt(stats.get("balanced_accuracy")),
        scr=fmt(scr.get("value")),
        scr_variant=_text(scr.get("variant")),
        scr_floor=fmt(scr.get("independence_floor")),
        scr_null_mean=fmt(scr.get("permutation_null_mean")),
        scr_p=fmt_p(scr.get("permutation_p")),
        cir=fmt(cir.get("value")),
        cir_ci=fmt_ci(cir.get("ci")),
        cir_n=fmt_int(cir.get("theorems")),
        false_cir=fmt(fcir.get("value")),
        false_cir_ci=fmt_ci(fcir.get("ci")),
        false_cir_n=fmt_int(fcir.get("theorems")),
        mean_ig=fmt(stats.get("mean_ig")),
        rms_ig=fmt(stats.get("rms_ig")),
        share_ig_positive=fmt(stats.get("share_ig_positive")),
        needs_review_items=count(stats.get("needs_review_items")) or 0,
        **derived,
    )


def _theorem(position: int, record: Mapping[str, Any], models: list[str]) -> TheoremRow:
    mathlib = as_mapping(record.get("mathlib"))
    outcome, ig, cochran = (
        as_mapping(record.get("outcome")),
        as_mapping(record.get("ig")),
        as_mapping(record.get("cochran")),
    )
    outcomes, igs, ig_values = [], [], []
    for model in models:
        o = as_mapping(outcome.get(model))
        correct, scored = count(o.get("correct")), count(o.get("scored"))
        if correct is None or scored is None:
            outcomes.append(Cell(DASH))
        else:
            canonical = o.get("canonical_correct")
            title = (
                "canonical item correct" if canonical is True else "canonical item wrong" if canonical is False else ""
            )
            share = correct / scored if scored else None
            outcomes.append(Cell(Markup(f"{correct}/{scored}"), sort_key(share), title))
        value = number(ig.get(model))
        if value is not None:
            ig_values.append(value)
        igs.append(Cell(fmt(value), sort_key(value)))
    p, p_holm = number(cochran.get("p")), number(cochran.get("p_holm"))
    theorem_id, name, module = _text(record.get("theorem_id")), _text(mathlib.get("name")), _text(mathlib.get("module"))
    domain = _text(record.get("domain"))
    return TheoremRow(
        theorem_id=theorem_id,
        label=_text(record.get("label")),
        domain=domain,
        mathlib_name=name,
        mathlib_module=module,
        items=Cell(fmt_int(record.get("items")), sort_key(record.get("items"))),
        outcomes=outcomes,
        igs=igs,
        test=_text(cochran.get("test")),
        q=Cell(fmt(cochran.get("q")), sort_key(cochran.get("q"))),
        df=Cell(fmt_int(cochran.get("df")), sort_key(cochran.get("df"))),
        p=Cell(fmt_p(p), sort_key(p)),
        p_exact=_permutation_p(cochran),
        p_holm=Cell(fmt_p(p_holm), sort_key(p_holm)),
        significant=p_holm is not None and p_holm < SIGNIFICANCE,
        max_ig=max(ig_values, default=0.0),
        search=" ".join([theorem_id, name, module, domain, _text(record.get("parent_theorem"))]).lower(),
        rank=(math.inf if p_holm is None else p_holm, math.inf if p is None else p, position),
    )


def _permutation_p(cochran: Mapping[str, Any]) -> Cell:
    # the exact permutation p when the producer could enumerate, else its Monte Carlo estimate, marked
    exact, monte_carlo = number(cochran.get("p_exact")), number(cochran.get("p_monte_carlo"))
    if exact is not None:
        return Cell(fmt_p(exact), sort_key(exact), "exact permutation p")
    if monte_carlo is not None:
        return Cell(Markup(f"{fmt_p(monte_carlo)} (MC)"), sort_key(monte_carlo), "Monte Carlo permutation p")
    return Cell(DASH)


IG_EDGES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5)


def ig_values(theorems: list[Mapping[str, Any]], model: str) -> list[float]:
    """The defined IG values of one model over all theorems."""
    out = []
    for record in theorems:
        value = number(as_mapping(record.get("ig")).get(model))
        if value is not None:
            out.append(value)
    return out


def _ig_bins(theorems: list[Mapping[str, Any]], models: list[str]) -> list[tuple[str, list[Markup]]]:
    # IG_t = sqrt(p(1-p)) lies in [0, 0.5]; IG = 0 (fully consistent) gets its own row
    labels = ["0 (consistent)"] + [f"({lo:.1f}, {hi:.1f}]" for lo, hi in zip(IG_EDGES[:-1], IG_EDGES[1:])]
    counts = {m: [0] * len(labels) for m in models}
    for model in models:
        for value in ig_values(theorems, model):
            if value <= 0:
                counts[model][0] += 1
            else:
                index = next((i for i, hi in enumerate(IG_EDGES[1:]) if value <= hi), len(IG_EDGES) - 2)
                counts[model][index + 1] += 1
    return [(label, [Markup(str(counts[m][i])) for m in models]) for i, label in enumerate(labels)]


def build_view(metrics: Mapping[str, Any]) -> ReportView:
    """Format every section of a checked metrics dict."""
    metrics = check_metrics(metrics)
    invariance = as_mapping(metrics.get("invariance"))
    cbu = as_mapping(metrics.get("cbu"))
    per_model = as_mapping(invariance.get("per_model"))
    cbu_models = as_mapping(cbu.get("per_model"))
    models = _models(metrics, per_model, cbu_models)
    inv_models = [m for m in models if m in per_model]

    families_section = as_mapping(invariance.get("families"))
    families = [str(f) for f in as_list(families_section.get("names"))]
    family_failure = []
    for family in families:
        cells = []
        for model in inv_models:
            entry = as_mapping(as_mapping(as_mapping(per_model[model]).get("family_failure")).get(family))
            n = count(entry.get("n"))
            cells.append(Cell(fmt(entry.get("rate")), sort_key(entry.get("rate")), f"n = {n}" if n is not None else ""))
        family_failure.append((family, cells))

    theorem_records = [as_mapping(t) for t in as_list(invariance.get("theorems"))]
    theorem_models = list(inv_models)
    for record in theorem_records:
        for m in as_mapping(record.get("outcome")):
            if str(m) not in theorem_models:
                theorem_models.append(str(m))
    theorems = [_theorem(i, record, theorem_models) for i, record in enumerate(theorem_records)]

    consensus = as_mapping(invariance.get("consensus"))
    agreement = as_mapping(invariance.get("agreement"))
    ranking = as_mapping(invariance.get("ranking"))
    runs = [
        {k: _text(as_mapping(r).get(k)) for k in ("path", "model", "protocol")}
        | {"rows": fmt_int(as_mapping(r).get("rows")), "asked": _text(as_mapping(r).get("asked")) or "—"}
        for r in as_list(metrics.get("runs"))
    ]
    cbu_rows = []
    keys = ["acc_at_1", "recall_at_5", "auc", "mean_win"]
    if any(
        number(as_mapping(as_mapping(stats).get(score)).get("human_win")) is not None
        for stats in cbu_models.values()
        for score in ("utility", "judge")
    ):
        keys.append("human_win")  # only when some candidates were marked human
    for model in [m for m in models if m in cbu_models]:
        stats = as_mapping(cbu_models[model])
        utility, judge, pred = (as_mapping(stats.get(k)) for k in ("utility", "judge", "predictiveness"))
        cbu_rows.append(
            CbuRow(
                model=model,
                problems=fmt_int(stats.get("problems")),
                utility=[fmt(utility.get(k)) for k in keys],
                judge=[fmt(judge.get(k)) for k in keys],
                protocol=_text(pred.get("protocol")),
                protocols=", ".join(str(p) for p in as_list(stats.get("protocols"))),
                pred_judge=fmt(pred.get("judge")),
                pred_utility=fmt(pred.get("utility")),
                pred_both=fmt(pred.get("both")),
            )
        )
    generated = as_mapping(metrics.get("generated_by"))
    kendall_families = list(families)
    for pair in map(as_mapping, as_list(families_section.get("kendall_tau"))):
        for name in (_text(pair.get("a")), _text(pair.get("b"))):
            if name not in kendall_families:
                kendall_families.append(name)
    facts = {m: answer_facts(theorem_records, m) for m in inv_models}
    summary = [_summary(m, as_mapping(per_model[m]), facts[m]) for m in inv_models]
    claim_audit_runs = _claim_audit_runs(metrics)
    audit_by_model: dict[str, list[Any]] = {}
    for run in map(as_mapping, as_list(metrics.get("runs"))):
        if run.get("protocol") == "claim-audit" and isinstance(run.get("claim_audit"), Mapping):
            audit_by_model.setdefault(_text(run.get("model")), []).append(run["claim_audit"])
    audit_rows, audit_left_out = claim_audit_rows([r["raw"] for r in claim_audit_runs])
    compared = compared_models(invariance, inv_models)
    excluded = [m for m in inv_models if m not in compared]
    multi_model = len(compared) >= 2
    return ReportView(
        version=_text(generated.get("pyverify")),
        runs=runs,
        models=models,
        has_invariance=bool(invariance),
        options=[(str(k), _text(v)) for k, v in as_mapping(invariance.get("options")).items()],
        summary=summary,
        families=families,
        family_models=inv_models,
        family_failure=family_failure,
        rankings=[(f, [str(m) for m in as_list(ms)]) for f, ms in as_mapping(families_section.get("rankings")).items()],
        kendall=[
            (
                _text(as_mapping(k).get("a")),
                _text(as_mapping(k).get("b")),
                fmt(as_mapping(k).get("tau")),
                fmt_p(as_mapping(k).get("p")),
            )
            for k in as_list(families_section.get("kendall_tau"))
        ],
        kendall_families=kendall_families,
        kendall_matrix=_kendall_matrix(kendall_families, families_section),
        reversals=[_reversal(r) for r in map(as_mapping, as_list(invariance.get("rank_reversals")))],
        theorems=theorems,
        theorem_models=theorem_models,
        consensus_m=fmt_int(consensus.get("m")),
        consensus_n=fmt_int(consensus.get("n")),
        flagged=[
            {
                "item_id": _text(f.get("item_id")),
                "theorem_id": _text(f.get("theorem_id")),
                "family": _text(f.get("family")),
                "failed_by": [str(m) for m in as_list(f.get("failed_by"))],
            }
            for f in map(as_mapping, as_list(consensus.get("flagged")))
        ],
        agreement={
            "fleiss_kappa": fmt(agreement.get("fleiss_kappa")),
            "disagreements": fmt_int(agreement.get("disagreements")),
            "items_total": fmt_int(agreement.get("items")),
        },
        pareto=[
            (_text(p.get("better")), _text(p.get("worse"))) for p in map(as_mapping, as_list(ranking.get("pareto")))
        ],
        ranking={
            "achievable_share": fmt(ranking.get("achievable_share"), 4),
            "achievable_share_ci": fmt_ci(ranking.get("achievable_share_ci"), 4)
            if ranking.get("achievable_share_ci")
            else Markup(""),
            "exact": _exactness(ranking.get("exact")),
            "rankings_total": fmt_int(ranking.get("rankings_total")),
            "rankings_checked": fmt_int(ranking.get("rankings_checked")),
        },
        ig_bins=_ig_bins(theorem_records, inv_models),
        has_cbu=bool(cbu),
        cbu=cbu_rows,
        cbu_metrics=[CBU_METRICS[k] for k in keys],
        cbu_notes=[_text(cbu.get("tie_rule"))] if cbu.get("tie_rule") else [],
        claim_audit_runs=claim_audit_runs,
        needs_review=any(r.needs_review_items for r in summary),
        consensus_note=_consensus_note(consensus),
        extra=[(str(k), v) for k, v in metrics.items() if k not in KNOWN_KEYS and v is not None],
        findings=build_findings(metrics, inv_models, families, audit_by_model),
        headings={k: heading for k, (heading, _) in SECTIONS.items()},
        anchors={k: Markup(slug(heading)) for k, (heading, _) in SECTIONS.items()},  # [a-z0-9-] only
        multi_model=multi_model,
        needs_models_note=_needs_models_note(inv_models, compared, excluded),
        has_tests=any(t.test in ("cochran", "mcnemar") for t in theorems),
        tests_note=_tests_note(theorems, inv_models, compared, as_mapping(invariance.get("options")).get("design")),
        claim_audit_rows=audit_rows,
        claim_audit_left_out=audit_left_out,
        suspect=_suspect(consensus),
        headline=headline_findings(metrics, audit_by_model),
        compared_models=compared,
        excluded_note=_excluded_note(excluded, as_mapping(invariance.get("uninformative"))),
        reversal_tested=any(
            isinstance(as_mapping(r).get("holds"), bool) for r in as_list(invariance.get("rank_reversals"))
        ),
    )


def _needs_models_note(models: list[str], compared: list[str], excluded: list[str]) -> str:
    if len(compared) >= 2:
        return ""
    if not excluded:
        return f"need two or more models; this report has {len(models)}" + (
            f" ({', '.join(models)})." if models else "."
        )
    return (
        f"need two or more informative models; this report has {len(compared)}"
        + (f" ({', '.join(compared)})" if compared else "")
        + f" once {', '.join(excluded)} {'is' if len(excluded) == 1 else 'are'} left out as uninformative "
        "(constant answers)."
    )


def _excluded_note(excluded: list[str], uninformative: Mapping[str, Any]) -> str:
    if not excluded:
        return ""
    parts = []
    for model in excluded:
        record = as_mapping(uninformative.get(model))
        detail, left_out = _text(record.get("detail")), as_list(record.get("excluded_from"))
        words = ", ".join(EXCLUDED_WORDS.get(str(k), str(k)) for k in left_out) or "the comparisons between models"
        parts.append(f"{model} ({detail}) from {words}" if detail else f"{model} from {words}")
    return "Left out as uninformative (constant answers): " + "; ".join(parts) + "."


def _reversal(r: Mapping[str, Any]) -> dict[str, Any]:
    # each per-family difference (x − y on the items both scored) with its Holm-adjusted sign-test p
    def test(diff: Any, p_holm: Any) -> Markup:
        d = number(diff)
        if d is None:
            return DASH
        return Markup(f"{d:+.3f} (p {fmt_p(p_holm)})")

    holds = r.get("holds")
    return {
        "family_a": _text(r.get("family_a")),
        "family_b": _text(r.get("family_b")),
        "model_x": _text(r.get("model_x")),
        "model_y": _text(r.get("model_y")),
        **{k: fmt(r.get(k)) for k in ("failure_x_a", "failure_y_a", "failure_x_b", "failure_y_b")},
        "test_a": test(r.get("diff_a"), r.get("p_a_holm")),
        "test_b": test(r.get("diff_b"), r.get("p_b_holm")),
        "holds": Markup("yes" if holds is True else "no" if holds is False else "untested"),
        "held": holds is True,
    }


CBU_METRICS = {
    "acc_at_1": "Acc@1",
    "recall_at_5": "Recall@5",
    "auc": "AUC",
    "mean_win": "MeanWin",
    "human_win": "HumanWin",
}


def _kendall_matrix(names: list[str], families_section: Mapping[str, Any]) -> list[tuple[str, list[Cell]]]:
    # 9 families give 36 pairs: a symmetric matrix reads better than a list
    pairs: dict[tuple[str, str], Mapping[str, Any]] = {}
    for pair in map(as_mapping, as_list(families_section.get("kendall_tau"))):
        a, b = _text(pair.get("a")), _text(pair.get("b"))
        pairs[(a, b)] = pairs[(b, a)] = pair
    rows = []
    for a in names:
        cells = []
        for b in names:
            found = pairs.get((a, b))
            if a == b or found is None:
                cells.append(Cell(Markup("")))
            else:
                cells.append(Cell(fmt(found.get("tau"), 2), sort_key(found.get("tau")), f"p = {fmt_p(found.get('p'))}"))
        rows.append((a, cells))
    return rows


def _tests_note(theorems: list[TheoremRow], models: list[str], compared: list[str], design: Any) -> str:
    if any(t.test in ("cochran", "mcnemar") for t in theorems):
        return ""
    if len(models) >= 2 and len(compared) < 2 and design != "within-model":
        return (
            f"needs two or more informative models as blocks, and this report has {len(compared)} besides the "
            "constant ones; the test columns are left out."
        )
    if len(models) < 2 and design != "within-model":
        return (
            "needs two or more models, or repeated samples of one model (pyverify eval --samples); this report has "
            "one model with one sample per item, so the test columns are left out."
        )
    return (
        "undefined for every theorem: every block answers all of a theorem's items alike (no evidence), so the "
        "test columns are left out."
    )


def _suspect(consensus: Mapping[str, Any]) -> list[dict[str, str]]:
    rows = []
    for s in map(as_mapping, as_list(consensus.get("suspect"))):
        witness = as_mapping(s.get("witness"))
        rows.append({"item_id": _text(s.get("item_id")), "formalization": _text(s.get("formalization")),
                     "instance": _text(s.get("instance")),
                     "witness": ", ".join(f"{k} = {v}" for k, v in witness.items()) if witness else "truth values differ"})  # fmt: skip
    return rows


def _consensus_note(consensus: Mapping[str, Any]) -> str:
    if consensus.get("active") is False:
        return "inactive: fewer models ran than the n of m-of-n, so nothing can be flagged"
    threshold = count(consensus.get("threshold"))
    return f"an item is flagged when {threshold} or more models fail it" if threshold else ""


def _claim_audit_runs(metrics: Mapping[str, Any]) -> list[dict[str, Any]]:
    # the run's summary.json (free-form) and, when the report could score the run, the scorer's summary
    # per condition under "scores"; the template lays them out as a metrics × runs table
    out = []
    for run in map(as_mapping, as_list(metrics.get("runs"))):
        if run.get("protocol") != "claim-audit":
            continue
        summary = as_mapping(run.get("claim_audit"))
        out.append(
            {
                "path": _text(run.get("path")),
                "model": _text(run.get("model")),
                "rows": fmt_int(run.get("rows")),
                "scored": bool(as_mapping(summary.get("scores"))),
                "raw": summary,
            }
        )
    return out


def _exactness(value: Any) -> Markup:
    if value is True:
        return Markup("exact")
    return Markup("sampled") if value is False else DASH


def most_significant(theorems: list[TheoremRow], limit: int) -> list[TheoremRow]:
    """The ``limit`` theorems with the smallest Holm p (then raw p), in table order among ties."""
    return sorted(theorems, key=lambda t: t.rank)[:limit]
