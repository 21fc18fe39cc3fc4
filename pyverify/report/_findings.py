"""The report's Findings: plain sentences computed from a metrics dict, each naming the section that backs it.

Per model: accuracy against the always-TRUE and always-FALSE baselines on the same scored items, the share
of TRUE answers, the theorems answered inconsistently across equivalent paraphrases, the family it fails
most, and (when Cochran's blocks are its own samples) the theorems whose paraphrases differ after Holm.
Between models: the accuracy order, whether rankings reverse between families, and the cross-model Q.

Baselines and answer bias come from the per-theorem outcomes (label × correct / scored per model, sample
0): within a theorem every item shares the label, so the always-TRUE baseline is the share of scored items
on TRUE theorems, and TRUE answers are the correct ones on TRUE theorems plus the wrong ones on FALSE ones.
Sentences are plain ``str`` (model and theorem ids inside are untrusted): the templates escape them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

SIGNIFICANCE = 0.05
LISTED_THEOREMS = 5

# section id -> (heading, link text); both templates take their headings from here, so the Markdown
# anchors (GitHub-style slugs of the headings) and the HTML ids always name the same sections
SECTIONS: dict[str, tuple[str, str]] = {
    "findings": ("Findings", "findings"),
    "summary": ("Summary per model (semantic invariance)", "summary table"),
    "families": ("Failure rate by family", "failure rate by family"),
    "ig": ("Distribution of the invariance gap (IG)", "IG histogram"),
    "scr": ("Accuracy against SCR", "accuracy against SCR"),
    "reversals": ("Rank reversals between families", "rank-reversal table"),
    "theorems": ("Per theorem", "per-theorem table"),
    "audit": ("Consensus audit, agreement and ranking under family weights", "consensus and ranking"),
    "cbu": ("Consequence-based utility (CBU)", "CBU table"),
    "claim-audit": ("Claim audit", "claim-audit table"),
    "other": ("Other results", "other results"),
    "runs": ("Runs", "runs table"),
}


def slug(heading: str) -> str:
    """The anchor GitHub (and most Markdown renderers) give a heading: lower case, punctuation dropped."""
    kept = "".join(ch for ch in heading.lower() if ch.isalnum() or ch in " -_")
    return kept.strip().replace(" ", "-")


@dataclass(frozen=True)
class Finding:
    """One sentence and the section that backs it."""

    text: str
    """the sentence, plain text (escaped by the templates)"""
    section: str
    """id of the backing section (a key of ``SECTIONS``)"""

    @property
    def label(self) -> str:
        """Link text for the backing section."""
        return SECTIONS[self.section][1]

    @property
    def anchor(self) -> str:
        """The section's Markdown anchor."""
        return slug(SECTIONS[self.section][0])


@dataclass(frozen=True)
class ModelFindings:
    """The sentences about one model."""

    model: str
    findings: list[Finding]


@dataclass(frozen=True)
class AnswerFacts:
    """One model's sample-0 answers summed over the per-theorem outcomes."""

    scored: int
    """scored items"""
    correct: int
    """correct scored items"""
    true_items: int
    """scored items whose label is TRUE (what always-TRUE gets right)"""
    true_answers: int
    """scored items answered TRUE"""
    theorems: int
    """theorems with two or more scored items (consistency can be judged)"""
    inconsistent: int
    """of those, theorems with some items right and some wrong"""

    @property
    def false_items(self) -> int:
        """Scored items whose label is FALSE."""
        return self.scored - self.true_items


@dataclass(frozen=True)
class Findings:
    """The Findings section."""

    per_model: list[ModelFindings]
    between: list[Finding]
    between_note: str
    """one line on why there are no comparisons between models, when there are none"""
    note: str
    """one line on why there are no findings at all, when there are none"""


def _number(value: Any) -> float | None:
    import math

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else []


def _p(value: float) -> str:
    return f"{value:.2e}" if 0 < value < 1e-3 else f"{value:.3g}"


def _share(k: int, n: int) -> str:
    return f"{k / n:.0%}" if n else "—"


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def answer_facts(theorems: list[Mapping[str, Any]], model: str) -> AnswerFacts | None:
    """The model's answers summed over the per-theorem outcomes; None when no theorem has its outcome."""
    scored = correct = true_items = true_answers = eligible = inconsistent = 0
    seen = False
    for record in theorems:
        outcome = _mapping(_mapping(record.get("outcome")).get(model))
        c, n = _count(outcome.get("correct")), _count(outcome.get("scored"))
        label = record.get("label")
        if c is None or n is None or label not in ("TRUE", "FALSE") or not 0 <= c <= n:
            continue
        seen = True
        scored += n
        correct += c
        if label == "TRUE":
            true_items += n
            true_answers += c
        else:
            true_answers += n - c
        if n >= 2:
            eligible += 1
            inconsistent += 0 < c < n
    if not seen:
        return None
    return AnswerFacts(scored, correct, true_items, true_answers, eligible, inconsistent)


def _accuracy(facts: AnswerFacts, stats: Mapping[str, Any]) -> Finding:
    n, c, t, f = facts.scored, facts.correct, facts.true_items, facts.false_items
    if n == 0:
        return Finding("No answer was scored, so there is no accuracy to compare with the baselines.", "summary")
    text = (
        f"Accuracy {c / n:.3f} on {n} scored items, against {t / n:.3f} for always-TRUE and {f / n:.3f} for "
        f"always-FALSE on the same items: "
    )
    best, name = (t, "always-TRUE") if t >= f else (f, "always-FALSE")
    if t == f:
        name = "either baseline"
    if c > best:
        text += f"{(c - best) / n:.3f} above {'both baselines' if t == f else 'the better baseline, ' + name}"
        ci = _list(stats.get("accuracy_micro_ci"))
        lo, hi = (_number(ci[0]), _number(ci[1])) if len(ci) == 2 else (None, None)
        if lo is not None and hi is not None and lo <= best / n:
            text += f", though {best / n:.3f} lies inside the accuracy's Wilson 95% interval [{lo:.3f}, {hi:.3f}]"
        text += "."
    elif c == best:
        text += f"no better than {name}."
    else:
        text += f"{(best - c) / n:.3f} below {name}."
    return Finding(text, "summary")


def _bias(facts: AnswerFacts) -> Finding:
    n, a = facts.scored, facts.true_answers
    text = (
        f"Answer bias: TRUE on {_share(a, n)} of its scored answers ({a} of {n}), where {_share(facts.true_items, n)} "
        f"of the items are TRUE"
    )
    if n and a == n:
        text += "; it always answers TRUE"
    elif n and a == 0:
        text += "; it always answers FALSE"
    return Finding(text + ".", "summary")


def _consistency(facts: AnswerFacts) -> Finding:
    if facts.theorems == 0:
        return Finding("No theorem has two scored items, so consistency across paraphrases cannot be judged.", "ig")
    return Finding(
        f"Inconsistent on {facts.inconsistent} of {facts.theorems} theorems: right on some certified paraphrases "
        f"and wrong on others (needs-review paraphrases left out).",
        "ig",
    )


def _worst_family(stats: Mapping[str, Any], families: list[str]) -> Finding:
    table = _mapping(stats.get("family_failure"))
    names = families + [str(f) for f in table if str(f) not in families]
    rated: list[tuple[str, float, int]] = []
    for family in names:
        entry = _mapping(table.get(family))
        rate, n = _number(entry.get("rate")), _count(entry.get("n"))
        if rate is not None and n:
            rated.append((family, rate, n))
    if not rated:
        return Finding("No family has a scored item, so no family stands out.", "families")
    top = max(rate for _, rate, _ in rated)
    worst = [(family, n) for family, rate, n in rated if rate == top]
    if len(rated) == 1:
        family, n = worst[0]
        return Finding(f"Only family {family} has scored items; it fails {top:.3f} of its {n}.", "families")
    if len(worst) == len(rated):
        return Finding(f"Fails equally often on every family ({top:.3f} of the scored items wrong).", "families")
    if len(worst) > 1:
        return Finding(
            f"Fails most on families {_names([f for f, _ in worst])}, tied at {top:.3f} of their scored items wrong.",
            "families",
        )
    family, n = worst[0]
    runner, rate = max(((f, r) for f, r, _ in rated if f != family), key=lambda x: x[1])
    return Finding(
        f"Fails most on family {family}: {top:.3f} of its {n} scored items wrong (next: {runner} at {rate:.3f}).",
        "families",
    )


def _cochran(theorems: list[Mapping[str, Any]], blocks: str) -> Finding:
    tested: list[tuple[float, str, Mapping[str, Any]]] = []
    for record in theorems:
        cochran = _mapping(record.get("cochran"))
        p_holm = _number(cochran.get("p_holm"))
        if cochran.get("test") in ("cochran", "mcnemar") and p_holm is not None:
            tested.append((p_holm, str(record.get("theorem_id", "")), cochran))
    if not tested:
        return Finding(
            f"Cochran's Q over {blocks} is undefined for every theorem: the answers never vary between blocks.",
            "theorems",
        )
    significant = sorted((t for t in tested if t[0] < SIGNIFICANCE), key=lambda t: t[0])
    text = (
        f"Cochran's Q over {blocks}: {len(significant)} of {len(tested)} tested theorems have paraphrases that differ "
        f"significantly (Holm-adjusted p below {SIGNIFICANCE})"
    )
    if significant:
        listed = []
        for p_holm, theorem, cochran in significant[:LISTED_THEOREMS]:
            q = _number(cochran.get("q"))
            listed.append(f"{theorem} (Q = {q:.2f}, Holm p = {_p(p_holm)})" if q is not None else theorem)
        more = len(significant) - LISTED_THEOREMS
        text += ": " + ", ".join(listed) + (f" and {more} more" if more > 0 else "")
    return Finding(text + ".", "theorems")


def _claim_audit(summary: Mapping[str, Any]) -> list[Finding]:
    out = []
    for condition, block in _mapping(summary.get("scores")).items():
        block = _mapping(block)
        if "error" in block:
            out.append(Finding(f"Claim audit ({condition}): not scored ({block['error']}).", "claim-audit"))
            continue
        parts = []
        for key in ("safe", "strict"):
            rate = _mapping(block.get(key))
            k, n = _count(rate.get("k")), _count(rate.get("n"))
            if k is not None and n is not None:
                parts.append(f"{key} {k} of {n}" + (f" ({k / n:.3f})" if n else ""))
        scored, tasks = _count(block.get("scored")), _count(block.get("tasks"))
        if scored is not None and tasks is not None:
            parts.append(f"{scored} of {tasks} tasks scored")
        if parts:
            out.append(Finding(f"Claim audit ({condition}): " + ", ".join(parts) + ".", "claim-audit"))
    return out


def _reversals(metrics_reversals: list[Any], models: list[str]) -> Finding:
    reversals = [_mapping(r) for r in metrics_reversals]
    pairs_total = len(models) * (len(models) - 1) // 2
    if not reversals:
        return Finding(
            "No ranking reverses between families: no pair of models swaps order from one family to another.",
            "reversals",
        )
    pairs = {frozenset((str(r.get("model_x")), str(r.get("model_y")))) for r in reversals}

    def swing(r: Mapping[str, Any]) -> float:
        values = [_number(r.get(k)) for k in ("failure_x_a", "failure_y_a", "failure_x_b", "failure_y_b")]
        xa, ya, xb, yb = (v if v is not None else 0.0 for v in values)
        return (ya - xa) + (xb - yb)

    r = max(reversals, key=swing)
    values = {k: _number(r.get(k)) for k in ("failure_x_a", "failure_y_a", "failure_x_b", "failure_y_b")}
    shown = {k: "—" if v is None else f"{v:.3f}" for k, v in values.items()}
    return Finding(
        f"Rankings reverse between families for {len(pairs)} of {pairs_total} model pairs ({len(reversals)} "
        f"reversal{'s' if len(reversals) != 1 else ''}); the largest: {r.get('model_x')} fails less than "
        f"{r.get('model_y')} on {r.get('family_a')} ({shown['failure_x_a']} vs {shown['failure_y_a']}) but more on "
        f"{r.get('family_b')} ({shown['failure_x_b']} vs {shown['failure_y_b']}).",
        "reversals",
    )


def _accuracy_order(facts: dict[str, AnswerFacts]) -> Finding | None:
    ranked = [(f.correct / f.scored, m) for m, f in facts.items() if f.scored]
    if len(ranked) < 2:
        return None
    order = sorted(range(len(ranked)), key=lambda i: (-ranked[i][0], i))
    return Finding("By accuracy: " + ", ".join(f"{ranked[i][1]} {ranked[i][0]:.3f}" for i in order) + ".", "summary")


def build_findings(
    metrics: Mapping[str, Any], models: list[str], families: list[str], claim_audit: Mapping[str, list[Any]]
) -> Findings:
    """The Findings section for the invariance ``models`` (in report order) and the claim-audit summaries
    by model (``claim_audit``: model -> list of run summaries)."""
    invariance = _mapping(metrics.get("invariance"))
    per_model = _mapping(invariance.get("per_model"))
    theorems = [_mapping(t) for t in _list(invariance.get("theorems"))]
    design = _mapping(invariance.get("options")).get("design")
    within = design == "within-model"
    facts: dict[str, AnswerFacts] = {}
    out: list[ModelFindings] = []
    for model in models:
        stats = _mapping(per_model.get(model))
        found = answer_facts(theorems, model)
        sentences: list[Finding] = []
        if found is not None:
            facts[model] = found
            sentences += [_accuracy(found, stats), _bias(found), _consistency(found)]
        else:
            accuracy = _number(stats.get("accuracy_micro"))
            shown = "—" if accuracy is None else f"{accuracy:.3f}"
            sentences.append(
                Finding(f"Accuracy {shown}; no per-theorem outcomes, so no baselines or answer bias.", "summary")
            )
        sentences.append(_worst_family(stats, families))
        model_theorems = [t for t in theorems if _mapping(t.get("cochran")).get("model") == model]
        if within and model_theorems:
            sentences.append(_cochran(model_theorems, f"{model}'s repeated samples"))
        elif len(models) == 1:
            sentences.append(
                Finding(
                    "Cochran's Q needs two or more models or repeated samples of one model; this report has neither.",
                    "theorems",
                )
            )
        for summary in claim_audit.get(model, []):
            sentences += _claim_audit(_mapping(summary))
        out.append(ModelFindings(model, sentences))
    for model, summaries in claim_audit.items():
        if model not in models:
            sentences = [f for summary in summaries for f in _claim_audit(_mapping(summary))]
            if sentences:
                out.append(ModelFindings(model, sentences))

    between: list[Finding] = []
    between_note = ""
    if len(models) >= 2:
        order = _accuracy_order(facts)
        if order is not None:
            between.append(order)
        if families:
            between.append(_reversals(_list(invariance.get("rank_reversals")), models))
        if not within:
            between.append(_cochran(theorems, "the models"))
    elif invariance:
        between_note = (
            f"Comparisons between models (rank reversals, cross-model Cochran's Q, agreement) need two or more "
            f"models; this report has {len(models)}."
        )
    note = "" if out else "No invariance run or scored claim audit among the inputs, so no findings to state."
    return Findings(out, between, between_note, note)
