"""The report's Findings: plain sentences computed from a metrics dict, each naming the section that backs it.

A pattern is stated as a finding only when it survives its test with multiplicity handled (the tests live
in ``pyverify.metrics._evidence`` and their results in metrics.json); otherwise the sentence says the data
cannot tell it apart from chance. Per model: accuracy against the always-TRUE and always-FALSE baselines on
the same scored items (indistinguishable, hence uninformative, when the accuracy's Wilson interval holds
the better one), the share of TRUE answers or, for a constant model, that it is uninformative and what it
is left out of, the theorems answered inconsistently against independent answers at its own accuracy,
whether some family differs from its other items, and (when Cochran's blocks are its own samples) the
theorems whose paraphrases differ after Holm. Between models: the accuracy order, the rank reversals that
hold, and the cross-model Q. ``headline_findings`` picks the two or three that matter.

Metrics from an older pyverify lack the tests: their patterns are shown as counts, marked untested.

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
#: pyverify.metrics._evidence.CONSTANT_SHARE, repeated so that reading a report never imports numpy (a test
#: keeps them equal); used only for metrics that predate ``invariance.uninformative``
CONSTANT_SHARE = 0.95
HEADLINES = 3
# keys of ``excluded_from`` (sections of the invariance metrics) in words
EXCLUDED_WORDS = {
    "families": "the family rankings",
    "rank_reversals": "rank reversals",
    "agreement": "agreement (Fleiss' κ)",
    "cochran": "the cross-model Cochran's Q",
    "consensus": "the consensus audit",
    "ranking": "the family-weighted ranking",
}
REVERSAL_TEST = "exact sign test over theorems, Holm over the {n} per-family differences tested"
FAMILY_TEST = "exact stratified permutation test within theorems, Holm over the {n} family contrasts of the report"
INCONSISTENCY_TEST = "exact Poisson-binomial test, Holm over {n} model{s}"

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


def _interval(stats: Mapping[str, Any]) -> tuple[float, float] | None:
    ci = _list(stats.get("accuracy_micro_ci"))
    lo, hi = (_number(ci[0]), _number(ci[1])) if len(ci) == 2 else (None, None)
    return (lo, hi) if lo is not None and hi is not None else None


def _better_baseline(facts: AnswerFacts) -> tuple[int, str]:
    """Items the better constant answer gets right, and its name ("either baseline" on a tie)."""
    t, f = facts.true_items, facts.false_items
    if t == f:
        return t, "either baseline"
    return (t, "always-TRUE") if t > f else (f, "always-FALSE")


def _accuracy(facts: AnswerFacts, stats: Mapping[str, Any]) -> Finding:
    n, c, t, f = facts.scored, facts.correct, facts.true_items, facts.false_items
    if n == 0:
        return Finding("No answer was scored, so there is no accuracy to compare with the baselines.", "summary")
    text = (
        f"Accuracy {c / n:.3f} on {n} scored items, against {t / n:.3f} for always-TRUE and {f / n:.3f} for "
        f"always-FALSE on the same items: "
    )
    best, name = _better_baseline(facts)
    better = "either baseline" if t == f else f"the better baseline, {name}"
    interval = _interval(stats)
    shown = f"[{interval[0]:.3f}, {interval[1]:.3f}]" if interval else ""
    if interval is not None and interval[0] <= best / n <= interval[1]:
        # the report's rule for "at-baseline" (pyverify.metrics: invariance.uninformative)
        text += (
            f"indistinguishable from {better} ({best / n:.3f} lies inside the accuracy's Wilson 95% interval "
            f"{shown}), so uninformative"
        )
    elif c > best:
        text += f"{(c - best) / n:.3f} above {'both baselines' if t == f else better}"
        text += f" (Wilson 95% interval {shown})" if interval else ""
    elif c == best:
        text += f"no better than {name}"
    else:
        text += f"{(best - c) / n:.3f} below {name}" + (f" (Wilson 95% interval {shown})" if interval else "")
    return Finding(text + ".", "summary")


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


def _majority(facts: AnswerFacts) -> tuple[str, int]:
    a, n = facts.true_answers, facts.scored
    return ("TRUE", a) if 2 * a >= n else ("FALSE", n - a)


def _constant(facts: AnswerFacts, record: Mapping[str, Any] | None) -> Finding:
    """The sentence for a constant model; ``record`` is its ``invariance.uninformative`` entry, None for
    metrics that predate the check (which still count the model everywhere)."""
    answer, k = _majority(facts)
    text = f"Answers {answer} on {k} of {facts.scored} scored items: uninformative"
    if record is None:
        text += " (these metrics predate that check and still count it in the comparisons between models)"
    else:
        left_out = [EXCLUDED_WORDS.get(str(key), str(key)) for key in _list(record.get("excluded_from"))]
        text += f"; left out of {_names(left_out)}" if left_out else ""
    return Finding(text + ".", "summary")


def _consistency(facts: AnswerFacts, stats: Mapping[str, Any], tests: int) -> Finding:
    if facts.theorems == 0:
        return Finding("No theorem has two scored items, so consistency across paraphrases cannot be judged.", "ig")
    head = (
        f"Inconsistent on {facts.inconsistent} of {facts.theorems} theorems (right on some certified paraphrases, "
        f"wrong on others)"
    )
    record = _mapping(stats.get("inconsistency"))
    expected = _number(record.get("expected"))
    if expected is None:
        return Finding(head + "; untested against independent answers.", "ig")
    span = _list(record.get("interval"))
    lo, hi = (_number(span[0]), _number(span[1])) if len(span) == 2 else (None, None)
    context = f"{expected:.1f} expected" + (
        f", 95% range {lo:.0f}–{hi:.0f}" if lo is not None and hi is not None else ""
    )
    p_holm = _number(record.get("p_holm"))
    if p_holm is None:
        return Finding(
            f"{head}: {context} from independent answers at its own accuracy, which is 0 or 1 on each label, "
            f"so nothing to test.",
            "ig",
        )
    test = INCONSISTENCY_TEST.format(n=tests, s="" if tests == 1 else "s")
    if p_holm >= SIGNIFICANCE:
        return Finding(
            f"{head}: as many as independent answers at its own accuracy would give ({context}; {test}: "
            f"p = {_p(p_holm)}).",
            "ig",
        )
    more = facts.inconsistent > expected
    return Finding(
        f"{head}: {'more' if more else 'fewer'} than independent answers at its own accuracy would give ({context}; "
        f"{test}: p = {_p(p_holm)}), so its answers "
        + ("change with the wording beyond chance." if more else "follow the theorem more than the wording."),
        "ig",
    )


def _worst_family(stats: Mapping[str, Any], families: list[str], tests: int) -> Finding:
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
    contrasts = _mapping(stats.get("family_contrast"))
    if not contrasts:
        return _untested_family(rated, worst, top)
    test = FAMILY_TEST.format(n=tests)
    significant, adjusted = [], []
    for family, rate, _ in rated:
        c = _mapping(contrasts.get(family))
        p_holm, wrong, items = _number(c.get("p_holm")), _count(c.get("wrong")), _count(c.get("items"))
        expected, rest = _number(c.get("expected")), _number(c.get("rest_failure"))
        if p_holm is None:
            continue
        adjusted.append(p_holm)
        if p_holm < SIGNIFICANCE and wrong is not None and items and expected is not None and rest is not None:
            significant.append((family, rate, wrong, items, wrong > expected, rest, p_holm))
    worse = [s for s in significant if s[4]]
    if significant:
        pick = max(worse, key=lambda s: s[1]) if worse else min(significant, key=lambda s: s[1])
        family, _, wrong, items, _, rest, p_holm = pick
        text = (
            f"Fails {'most' if worse else 'least'} on family {family}: {wrong} of {items} scored items wrong "
            f"({wrong / items:.3f}) where the same theorems' other items fail {rest:.3f} ({test}: p = {_p(p_holm)})"
        )
        also = [s[0] for s in worse if s is not pick]
        return Finding(text + (f"; also more on {_names(also)}" if also else "") + ".", "families")
    low = min(rated, key=lambda r: r[1])
    high = max(rated, key=lambda r: r[1])
    if not adjusted:
        return Finding(
            f"Cannot tell its families apart: no theorem mixes right and wrong answers, so no family can differ "
            f"from its other items ({test}).",
            "families",
        )
    return Finding(
        f"Cannot tell its families apart: failure rates run from {low[1]:.3f} ({low[0]}) to {high[1]:.3f} "
        f"({high[0]}), but no family differs from its other items of the same theorems ({test}: smallest p = "
        f"{_p(min(adjusted))}).",
        "families",
    )


def _untested_family(rated: list[tuple[str, float, int]], worst: list[tuple[str, int]], top: float) -> Finding:
    untested = "; untested."
    if len(worst) > 1:
        return Finding(
            f"Fails most often on families {_names([f for f, _ in worst])}, tied at {top:.3f} of their scored items "
            f"wrong{untested}",
            "families",
        )
    family, n = worst[0]
    runner, rate = max(((f, r) for f, r, _ in rated if f != family), key=lambda x: x[1])
    return Finding(
        f"Fails most often on family {family}: {top:.3f} of its {n} scored items wrong (next: {runner} at "
        f"{rate:.3f}){untested}",
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


def _verdict_balance(block: Mapping[str, Any]) -> str:
    """", it answers valid on k of n tasks (n_valid are valid)" from the class-conditional counts; a model that
    gives one verdict to every task is named as such (its safe rate is what that constant verdict earns)."""
    classes = _mapping(block.get("class_conditional"))
    valid, invalid = _mapping(classes.get("valid_claims")), _mapping(classes.get("invalid_claims"))
    v, i = _mapping(valid.get("verdict_accuracy")), _mapping(invalid.get("verdict_accuracy"))
    vk, vn, ik, i_n = _count(v.get("k")), _count(v.get("n")), _count(i.get("k")), _count(i.get("n"))
    if None in (vk, vn, ik, i_n) or not (vn or i_n):
        return ""
    said_valid, total = vk + (i_n - ik), vn + i_n  # type: ignore[operator]
    text = f"; it answers valid on {said_valid} of {total} tasks, {vn} of which {'is' if vn == 1 else 'are'} valid"
    if said_valid in (0, total):
        text += f" (the same verdict for every task: {'always-valid' if said_valid else 'always-invalid'})"
    return text


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
            text = f"Claim audit ({condition}): " + ", ".join(parts) + _verdict_balance(block) + "."
            out.append(Finding(text, "claim-audit"))
    return out


def _swing(r: Mapping[str, Any]) -> float:
    values = [_number(r.get(k)) for k in ("failure_x_a", "failure_y_a", "failure_x_b", "failure_y_b")]
    xa, ya, xb, yb = (v if v is not None else 0.0 for v in values)
    return (ya - xa) + (xb - yb)


def _shown(r: Mapping[str, Any]) -> dict[str, str]:
    values = {k: _number(r.get(k)) for k in ("failure_x_a", "failure_y_a", "failure_x_b", "failure_y_b")}
    return {k: "—" if v is None else f"{v:.3f}" for k, v in values.items()}


def _differences_tested(reversals: list[Mapping[str, Any]]) -> int:
    """Per-family differences the reversals test (the size of the Holm family in metrics.json)."""
    keys = set()
    for r in reversals:
        pair = frozenset((str(r.get("model_x")), str(r.get("model_y"))))
        keys |= {(pair, str(r.get("family_a"))), (pair, str(r.get("family_b")))}
    return len(keys)


def _reversals(metrics_reversals: list[Any], models: list[str]) -> Finding:
    """``models``: the models the reversals were computed over."""
    reversals = [_mapping(r) for r in metrics_reversals]
    pairs_total = len(models) * (len(models) - 1) // 2
    if not reversals:
        return Finding(
            "No ranking reverses between families: no pair of models swaps order from one family to another.",
            "reversals",
        )
    pairs = {frozenset((str(r.get("model_x")), str(r.get("model_y")))) for r in reversals}
    n, s = len(reversals), "" if len(reversals) == 1 else "s"
    if not any(isinstance(r.get("holds"), bool) for r in reversals):
        r = max(reversals, key=_swing)
        shown = _shown(r)
        return Finding(
            f"Rankings appear to reverse between families for {len(pairs)} of {pairs_total} model pairs ({n} apparent "
            f"reversal{s}, untested); the widest: "
            f"{r.get('model_x')} fails less than {r.get('model_y')} on {r.get('family_a')} ({shown['failure_x_a']} vs "
            f"{shown['failure_y_a']}) but more on {r.get('family_b')} ({shown['failure_x_b']} vs {shown['failure_y_b']}).",
            "reversals",
        )
    test = REVERSAL_TEST.format(n=_differences_tested(reversals))
    holding = [r for r in reversals if r.get("holds") is True]
    if not holding:
        return Finding(
            f"{n} apparent reversal{s} between families ({len(pairs)} of {pairs_total} model pairs), none survives its "
            f"test (both per-family differences significant in opposite directions; {test}): the data cannot tell "
            f"the models' family rankings apart.",
            "reversals",
        )
    r = max(holding, key=_swing)
    shown = _shown(r)
    p_a, p_b = _number(r.get("p_a_holm")), _number(r.get("p_b_holm"))
    return Finding(
        f"{len(holding)} of {n} apparent reversal{s} between families hold{'s' if len(holding) == 1 else ''}, both "
        f"per-family differences significant in opposite directions ({test}); the widest: {r.get('model_x')} fails "
        f"less than {r.get('model_y')} on {r.get('family_a')} ({shown['failure_x_a']} vs {shown['failure_y_a']}, "
        f"p = {'—' if p_a is None else _p(p_a)}) but more on {r.get('family_b')} ({shown['failure_x_b']} vs "
        f"{shown['failure_y_b']}, p = {'—' if p_b is None else _p(p_b)}).",
        "reversals",
    )


def _accuracy_order(facts: dict[str, AnswerFacts]) -> Finding | None:
    ranked = [(f.correct / f.scored, m) for m, f in facts.items() if f.scored]
    if len(ranked) < 2:
        return None
    order = sorted(range(len(ranked)), key=lambda i: (-ranked[i][0], i))
    return Finding("By accuracy: " + ", ".join(f"{ranked[i][1]} {ranked[i][0]:.3f}" for i in order) + ".", "summary")


def compared_models(invariance: Mapping[str, Any], models: list[str]) -> list[str]:
    """The models in the statistics that compare models: ``invariance.compared``, or all of ``models`` for
    metrics that predate it."""
    compared = invariance.get("compared")
    if not isinstance(compared, (list, tuple)):
        return list(models)
    kept = {str(m) for m in compared}
    return [m for m in models if m in kept]


def constant_models(
    invariance: Mapping[str, Any], facts: Mapping[str, AnswerFacts | None]
) -> dict[str, Mapping[str, Any] | None]:
    """Constant models -> their ``invariance.uninformative`` entry; for metrics that predate that field, the
    models whose majority answer reaches ``CONSTANT_SHARE`` -> None."""
    recorded = invariance.get("uninformative")
    if isinstance(recorded, Mapping):
        return {str(m): _mapping(r) for m, r in recorded.items() if _mapping(r).get("reason") == "constant"}
    out: dict[str, Mapping[str, Any] | None] = {}
    for model, found in facts.items():
        if found is not None and found.scored and _majority(found)[1] / found.scored >= CONSTANT_SHARE:
            out[model] = None
    return out


def _defined(values: list[Any]) -> int:
    return sum(1 for v in values if _number(v) is not None)


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
    all_facts = {model: answer_facts(theorems, model) for model in models}
    constant = constant_models(invariance, all_facts)
    compared = compared_models(invariance, models)
    # sizes of the Holm families, for the sentences (metrics.json adjusts over every defined p)
    stats_all = [_mapping(per_model.get(m)) for m in models]
    contrasts = _defined([_mapping(c).get("p") for s in stats_all for c in _mapping(s.get("family_contrast")).values()])
    inconsistency = _defined([_mapping(s.get("inconsistency")).get("p") for s in stats_all])
    facts: dict[str, AnswerFacts] = {}
    out: list[ModelFindings] = []
    for model in models:
        stats = _mapping(per_model.get(model))
        found = all_facts[model]
        sentences: list[Finding] = []
        if found is not None:
            facts[model] = found
            sentences.append(_accuracy(found, stats))
            if model in constant:
                sentences.append(_constant(found, constant[model]))
            else:
                sentences += [_bias(found), _consistency(found, stats, inconsistency)]
        else:
            accuracy = _number(stats.get("accuracy_micro"))
            shown = "—" if accuracy is None else f"{accuracy:.3f}"
            sentences.append(
                Finding(f"Accuracy {shown}; no per-theorem outcomes, so no baselines or answer bias.", "summary")
            )
        if model not in constant:  # a constant answer's family rates are the families' label mix
            sentences.append(_worst_family(stats, families, contrasts))
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
    excluded = [m for m in models if m not in compared]
    if len(models) >= 2:
        order = _accuracy_order(facts)
        if order is not None:
            between.append(order)
        if len(compared) >= 2:
            if families:
                between.append(_reversals(_list(invariance.get("rank_reversals")), compared))
            if not within:
                blocks = f"the models other than {_names(excluded)}" if excluded else "the models"
                between.append(_cochran(theorems, blocks))
        else:
            between.append(
                Finding(
                    f"Comparisons between models (rank reversals, agreement, cross-model Cochran's Q, the consensus "
                    f"audit, the family-weighted ranking) need two or more informative models: {_names(excluded)} "
                    f"{'is' if len(excluded) == 1 else 'are'} left out as uninformative (constant answers), which "
                    f"leaves {len(compared)}" + (f" ({', '.join(compared)})." if compared else "."),
                    "reversals",
                )
            )
    elif invariance:
        between_note = (
            f"Comparisons between models (rank reversals, cross-model Cochran's Q, agreement) need two or more "
            f"models; this report has {len(models)}."
        )
    note = "" if out else "No invariance run or scored claim audit among the inputs, so no findings to state."
    return Findings(out, between, between_note, note)


# --- headline ------------------------------------------------------------------------------------------


def headline_findings(metrics: Mapping[str, Any], claim_audit: Mapping[str, list[Any]] | None = None) -> list[str]:
    """The two or three findings that matter, as plain sentences that each carry their number.

    In order, as far as the metrics allow: the best informative model's accuracy against its better constant
    baseline, with its Wilson interval; whether any difference between families survives its test (a rank
    reversal that holds, or for a single model a family that differs from its other items); the models
    flagged uninformative (constant answers); the claim-audit safe rate and valid-record share. At most
    three sentences, an empty list when there is nothing to say.

    ``metrics``: the dict ``pyverify.metrics.compute`` returns (or metrics.json, read). ``claim_audit``:
    model -> that model's claim-audit run summaries (``summary.json``, with the scorer's ``scores`` when
    scored); None takes them from the claim-audit runs ``metrics`` lists. Model ids in the sentences are
    untrusted text: escape them before putting them in markup."""
    invariance = _mapping(metrics.get("invariance"))
    per_model = _mapping(invariance.get("per_model"))
    declared = [str(m) for m in _list(metrics.get("models"))]
    models = [m for m in declared if m in per_model] + [str(m) for m in per_model if str(m) not in declared]
    theorems = [_mapping(t) for t in _list(invariance.get("theorems"))]
    all_facts = {m: answer_facts(theorems, m) for m in models}
    facts = {m: f for m, f in all_facts.items() if f is not None and f.scored}
    constant = constant_models(invariance, all_facts)
    compared = compared_models(invariance, models)
    out: list[str] = []
    candidates = [m for m in facts if m not in constant] or list(facts)
    best = max(candidates, key=lambda m: facts[m].correct / facts[m].scored) if candidates else None
    if best is not None:
        out.append(_headline_accuracy(best, facts[best], _mapping(per_model.get(best)), len(candidates)))
    families = [str(f) for f in _list(_mapping(invariance.get("families")).get("names"))]
    if len(compared) >= 2 and families:
        out.append(_headline_reversals([_mapping(r) for r in _list(invariance.get("rank_reversals"))], len(compared)))
    elif best is not None:
        found = _headline_family(best, _mapping(per_model.get(best)))
        out += [found] if found else []
    if constant:
        out.append(
            _headline_constant(
                {m: all_facts[m] for m in constant}, isinstance(invariance.get("uninformative"), Mapping)
            )
        )
    if claim_audit is None:
        claim_audit = {}
        for run in map(_mapping, _list(metrics.get("runs"))):
            if run.get("protocol") == "claim-audit" and isinstance(run.get("claim_audit"), Mapping):
                claim_audit.setdefault(str(run.get("model")), []).append(run["claim_audit"])  # type: ignore[attr-defined]
    for model, summaries in claim_audit.items():
        for summary in summaries:
            sentence = _headline_claim_audit(str(model), _mapping(summary))
            out += [sentence] if sentence else []
    return out[:HEADLINES]


def _headline_accuracy(model: str, facts: AnswerFacts, stats: Mapping[str, Any], candidates: int) -> str:
    n, c = facts.scored, facts.correct
    best, name = _better_baseline(facts)
    name = "always-TRUE or always-FALSE" if name == "either baseline" else name
    interval = _interval(stats)
    ci = f" (Wilson 95% [{interval[0]:.3f}, {interval[1]:.3f}])" if interval else ""
    lead = f"The best model, {model}," if candidates > 1 else model
    if interval is not None and interval[0] <= best / n <= interval[1]:
        return (
            f"{lead} is indistinguishable from a constant answer: accuracy {c / n:.3f}{ci} on {n} items against "
            f"{best / n:.3f} for {name}."
        )
    where = f"{(c - best) / n:.3f} above" if c > best else "at" if c == best else f"{(best - c) / n:.3f} below"
    return f"{lead} {'has' if candidates > 1 else 'has'} accuracy {c / n:.3f}{ci} on {n} items, {where} the better constant baseline ({name}, {best / n:.3f})."


def _headline_reversals(reversals: list[Mapping[str, Any]], compared: int) -> str:
    if not reversals:
        pairs = compared * (compared - 1) // 2
        return (
            f"No ranking of models reverses between families ({pairs} model pair{'' if pairs == 1 else 's'} compared)."
        )
    n, s = len(reversals), "" if len(reversals) == 1 else "s"
    if not any(isinstance(r.get("holds"), bool) for r in reversals):
        return f"{n} apparent rank reversal{s} between families, untested: these metrics predate the test."
    holding = [r for r in reversals if r.get("holds") is True]
    if not holding:
        return (
            f"No difference in family rankings survives: {n} apparent rank reversal{s} between families, none "
            f"significant on both families after Holm."
        )
    r = max(holding, key=_swing)
    shown = _shown(r)
    return (
        f"{r.get('model_x')} fails less than {r.get('model_y')} on {r.get('family_a')} ({shown['failure_x_a']} vs "
        f"{shown['failure_y_a']}) but more on {r.get('family_b')} ({shown['failure_x_b']} vs {shown['failure_y_b']}): "
        f"{len(holding)} of {n} apparent rank reversal{s} survive{'s' if len(holding) == 1 else ''} the sign test "
        f"with Holm."
    )


def _headline_family(model: str, stats: Mapping[str, Any]) -> str | None:
    contrasts = {str(f): _mapping(c) for f, c in _mapping(stats.get("family_contrast")).items()}
    adjusted = [(p, f) for f, c in contrasts.items() if (p := _number(c.get("p_holm"))) is not None]
    if not adjusted:
        return None
    worse = []
    for p, family in adjusted:
        c = contrasts[family]
        wrong, items, expected, rest = (
            _count(c.get("wrong")),
            _count(c.get("items")),
            _number(c.get("expected")),
            _number(c.get("rest_failure")),
        )
        if (
            p < SIGNIFICANCE
            and wrong is not None
            and items
            and expected is not None
            and rest is not None
            and wrong > expected
        ):
            worse.append((wrong / items, family, wrong, items, rest, p))
    if not worse:
        return (
            f"No difference between families survives for {model}: smallest Holm p {_p(min(adjusted)[0])} over "
            f"{len(adjusted)} family contrasts."
        )
    rate, family, wrong, items, rest, p = max(worse)
    return (
        f"{model} fails most on family {family}: {wrong} of {items} wrong ({rate:.3f}) against {rest:.3f} on the same "
        f"theorems' other items (Holm p = {_p(p)})."
    )


def _headline_constant(facts: Mapping[str, AnswerFacts | None], left_out: bool) -> str:
    parts = []
    for model, found in facts.items():
        if found is not None and found.scored:
            answer, k = _majority(found)
            parts.append(f"{model} answers {answer} on {k} of {found.scored} items")
    if not parts:
        parts = [f"{_names(list(facts))} answer{'s' if len(facts) == 1 else ''} (nearly) always the same"]
    return f"{_names(parts)}: uninformative" + (
        ", left out of the comparisons between models." if left_out else " (these metrics still count it)."
    )


def _headline_claim_audit(model: str, summary: Mapping[str, Any]) -> str | None:
    for condition, block in _mapping(summary.get("scores")).items():
        block = _mapping(block)
        safe, valid = _mapping(block.get("safe")), _mapping(block.get("json_valid"))
        k, n = _count(safe.get("k")), _count(safe.get("n"))
        if k is None or not n:
            continue
        text = f"Claim audit ({model}, {condition}): safe on {k} of {n} scored tasks ({k / n:.3f})"
        vk, vn = _count(valid.get("k")), _count(valid.get("n"))
        if vk is not None and vn:
            text += f", valid records {vk} of {vn} ({vk / vn:.3f})"
        return text + _verdict_balance(block) + "."
    records, unparseable = _count(summary.get("records")), _count(summary.get("unparseable"))
    if records and unparseable is not None and 0 <= unparseable <= records:
        parsed = records - unparseable
        return f"Claim audit ({model}): {parsed} of {records} records parsed ({parsed / records:.3f}); not scored."
    return None
