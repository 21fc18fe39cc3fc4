"""The generic audit core: per-item records, the verdict rule and the summary figures.

Nothing here knows about Python programs: an item is any verifier with a reference (D1), mechanically
broken variants (D2) and witness-proven wrong candidates (D3), so the same records serve HumanEval and
``pyverify audit self``. Statistics come from statsmodels (Wilson intervals) and scipy (correlation).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

#: Kill-rate bins of the spec: half-open except the last, which holds exactly 1.0 (a perfect D2 score).
KILL_RATE_BINS: tuple[tuple[str, float, float], ...] = (
    ("0.00-0.50", 0.0, 0.5),
    ("0.50-0.75", 0.5, 0.75),
    ("0.75-0.90", 0.75, 0.9),
    ("0.90-1.00", 0.9, 1.0),
    ("1.00", 1.0, 1.0),
)


class Verdict(str, enum.Enum):
    """One verdict per item; the order of the members is the precedence (first that applies wins)."""

    BROKEN = "BROKEN"
    FALSE_POSITIVE = "FALSE-POSITIVE"
    WEAK = "WEAK"
    UNAUDITED_D2 = "UNAUDITED-D2"
    UNAUDITED_D3 = "UNAUDITED-D3"
    ADEQUATE = "ADEQUATE"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class D3Attempt:
    """One plausibly wrong candidate put to the verifier, with the witness that proves it wrong."""

    adversary: str
    """Who wrote the candidate (a directory name, a model name); one adversary attacks each item once."""
    candidate_id: str
    """Where the candidate came from (a file path, a response key)."""
    witness: str | None
    """The input on which candidate and reference disagree, as text (e.g. ``f([1, 2])``); None if none found."""
    separated: bool
    """True when the witness makes candidate and reference disagree; False means discarded, counted nowhere."""
    accepted: bool | None
    """The verifier's decision on the candidate: True accepted (a false positive when separated), None unknown."""
    detail: str = ""
    """Why: the two outputs at the witness, or why the attempt was discarded / undecided."""


@dataclass(frozen=True)
class AuditItem:
    """The audit of one verifier in the three directions."""

    item_id: str
    """The verifier's name (e.g. ``HumanEval/0``)."""
    d1: bool | None
    """Did the verifier accept its reference? None when that could not be decided (deadline, infrastructure)."""
    mutants_total: int
    """Compiling, distinct broken variants that were built."""
    mutants_run: int
    """Variants put to the verifier (at most ``mutants_total``: a cap applies)."""
    mutants_killed: int
    """Variants the verifier rejected (a timeout counts as rejected)."""
    mutants_equivalent: int
    """Surviving variants that agree with the reference on every tried input: kept out of D2."""
    d3: tuple[D3Attempt, ...] = ()
    """Every D3 attempt, discarded ones included (they count in no rate)."""
    notes: str = ""
    """Free-text remarks (why D1 is unknown, mutants that could not be run, ...), ``; ``-separated."""

    def __post_init__(self) -> None:
        counts = (self.mutants_total, self.mutants_run, self.mutants_killed, self.mutants_equivalent)
        if min(counts) < 0:
            raise ValueError(f"{self.item_id}: negative mutant count {counts}")
        if self.mutants_killed + self.mutants_equivalent > self.mutants_run:
            raise ValueError(f"{self.item_id}: killed + equivalent exceeds mutants run {counts}")

    @property
    def d2_denominator(self) -> int:
        """Mutants that count in D2: run and not shown equivalent."""
        return self.mutants_run - self.mutants_equivalent

    @property
    def d2_rate(self) -> float | None:
        """D2 kill rate, or None when no countable mutant exists."""
        n = self.d2_denominator
        return self.mutants_killed / n if n > 0 else None

    @property
    def proven_wrong(self) -> tuple[D3Attempt, ...]:
        """D3 attempts whose witness separated candidate from reference (the only ones that count)."""
        return tuple(a for a in self.d3 if a.separated)

    @property
    def d3_failed(self) -> bool | None:
        """True when a proven-wrong candidate was accepted; None when no proven-wrong candidate was decided."""
        decided = [a for a in self.proven_wrong if a.accepted is not None]
        if any(a.accepted for a in decided):
            return True
        return False if decided else None

    def to_dict(self, bar: float = 0.5) -> dict[str, Any]:
        """JSON-able record, with the derived rate and verdict."""
        out = asdict(self)
        out["d3"] = [asdict(a) for a in self.d3]
        out["d2_rate"] = self.d2_rate
        out["d3_failed"] = self.d3_failed
        out["verdict"] = verdict(self, bar).value
        return out


def verdict(item: AuditItem, bar: float = 0.5) -> Verdict:
    """The item's verdict, first match wins: BROKEN, FALSE-POSITIVE, WEAK, UNAUDITED-D2, UNAUDITED-D3, ADEQUATE.

    Discarded D3 candidates (no separating witness) count nowhere. D1 unknown (``d1 is None``) cannot be
    BROKEN and cannot be ADEQUATE either: D2 rejections mean nothing until the reference is accepted, so
    such an item is UNAUDITED-D2 unless it is already FALSE-POSITIVE or WEAK.
    """
    if item.d1 is False:
        return Verdict.BROKEN
    if item.d3_failed:
        return Verdict.FALSE_POSITIVE
    rate = item.d2_rate
    if rate is not None and rate < bar:
        return Verdict.WEAK
    if rate is None or item.d1 is None:
        return Verdict.UNAUDITED_D2
    if item.d3_failed is None:
        return Verdict.UNAUDITED_D3
    return Verdict.ADEQUATE


def wilson(successes: int, n: int) -> dict[str, Any]:
    """A rate with its Wilson 95% interval (statsmodels); rate and bounds are None when n is 0."""
    if n == 0:
        return {"k": successes, "n": 0, "rate": None, "ci95": None}
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(successes, n, alpha=0.05, method="wilson")
    return {"k": successes, "n": n, "rate": successes / n, "ci95": [float(low), float(high)]}


def kill_rate_bin(rate: float) -> str:
    """Name of the spec's bin that holds a D2 kill rate."""
    if rate >= 1.0:
        return KILL_RATE_BINS[-1][0]
    for name, low, high in KILL_RATE_BINS[:-1]:
        if low <= rate < high:
            return name
    raise ValueError(f"kill rate outside [0, 1]: {rate}")


def _correlation(pairs: Sequence[tuple[float, bool]]) -> dict[str, Any]:
    """Point-biserial correlation between D2 kill rate and D3 failure; null fields when undefined."""
    out: dict[str, Any] = {
        "method": "point-biserial (scipy.stats.pointbiserialr)",
        "n": len(pairs),
        "r": None,
        "p": None,
    }
    if len(pairs) < 3:
        out["reason"] = "fewer than 3 items"
        return out
    xs = [rate for rate, _ in pairs]
    ys = [1.0 if failed else 0.0 for _, failed in pairs]
    if len(set(xs)) < 2 or len(set(ys)) < 2:
        out["reason"] = "one of the two variables is constant"
        return out
    from scipy import stats

    result = stats.pointbiserialr(ys, xs)
    r, p = float(result.statistic), float(result.pvalue)
    out["r"] = r if math.isfinite(r) else None
    out["p"] = p if math.isfinite(p) else None
    return out


def _adversaries(items: Sequence[AuditItem]) -> dict[str, Any]:
    per: dict[str, dict[str, int]] = {}
    for item in items:
        for attempt in item.d3:
            row = per.setdefault(
                attempt.adversary, {"attempts": 0, "proven_wrong": 0, "got_past": 0, "discarded": 0, "undecided": 0}
            )
            row["attempts"] += 1
            if not attempt.separated:
                row["discarded"] += 1
            elif attempt.accepted is None:
                row["undecided"] += 1
            else:
                row["proven_wrong"] += 1
                row["got_past"] += int(bool(attempt.accepted))
    table = {
        name: {**row, "attack_rate": wilson(row["got_past"], row["proven_wrong"])} for name, row in sorted(per.items())
    }
    # the union: per item, the adversaries holding a decided proven-wrong candidate, and those that got past
    union: dict[str, Any] = {"by_all": 0, "by_some": 0, "by_none": 0, "by_count": {}}
    cohort = 0
    for item in items:
        attacking = {a.adversary for a in item.proven_wrong if a.accepted is not None}
        if not attacking:
            continue
        cohort += 1
        breached = {a.adversary for a in item.proven_wrong if a.accepted}
        key = "by_none" if not breached else "by_all" if breached == attacking else "by_some"
        union[key] += 1
        union["by_count"][str(len(breached))] = union["by_count"].get(str(len(breached)), 0) + 1
    union["cohort"] = f"{cohort} items with a decided witness-proven wrong candidate from at least one adversary"
    union["n"] = cohort
    return {"per_adversary": table, "union": union}


def figures(items: Iterable[AuditItem], bar: float = 0.5) -> dict[str, Any]:
    """The summary as a JSON-able dict: verdict counts, D1/D2/D3 rates with Wilson 95% intervals, kill-rate
    bins with the D3 failure rate per bin, the D2-D3 correlation and the per-adversary table.

    Every conditional rate names its cohort; discarded D3 candidates appear only as discard counts.
    """
    items = list(items)
    counts = {v.value: 0 for v in Verdict}
    for item in items:
        counts[verdict(item, bar).value] += 1

    d1_known = [i for i in items if i.d1 is not None]
    d1 = wilson(sum(1 for i in d1_known if i.d1), len(d1_known))
    d1["cohort"] = "items whose reference run reached a decision"

    with_d2 = [i for i in items if i.d2_rate is not None]
    pooled = wilson(sum(i.mutants_killed for i in with_d2), sum(i.d2_denominator for i in with_d2))
    pooled["cohort"] = "all non-equivalent mutants run, pooled over items"
    perfect = [i for i in with_d2 if i.d2_rate == 1.0]
    d2 = {
        "mutants_total": sum(i.mutants_total for i in items),
        "mutants_run": sum(i.mutants_run for i in items),
        "mutants_killed": sum(i.mutants_killed for i in items),
        "mutants_equivalent": sum(i.mutants_equivalent for i in items),
        "kill_rate_pooled": pooled,
        "items_with_mutants": len(with_d2),
        "items_perfect": len(perfect),
        "items_below_bar": sum(1 for i in with_d2 if (i.d2_rate or 0.0) < bar),
        "bar": bar,
    }

    attacked = [i for i in items if i.d3_failed is not None]
    d3 = wilson(sum(1 for i in attacked if i.d3_failed), len(attacked))
    d3["cohort"] = "items with at least one decided witness-proven wrong candidate"
    d3_perfect = [i for i in attacked if i.d2_rate == 1.0]
    d3_given_perfect = wilson(sum(1 for i in d3_perfect if i.d3_failed), len(d3_perfect))
    d3_given_perfect["cohort"] = "items with a perfect D2 kill rate (1.0) and a decided witness-proven wrong candidate"

    bins = []
    pairs: list[tuple[float, bool]] = []
    for i in attacked:
        if i.d2_rate is not None:
            pairs.append((i.d2_rate, bool(i.d3_failed)))
    for name, _low, _high in KILL_RATE_BINS:
        cohort = [failed for rate, failed in pairs if kill_rate_bin(rate) == name]
        row = wilson(sum(cohort), len(cohort))
        row["bin"] = name
        bins.append(row)

    return {
        "items": len(items),
        "bar": bar,
        "verdicts": counts,
        "d1_accepts_reference": d1,
        "d2": d2,
        "d3_false_positive": d3,
        "d3_false_positive_given_perfect_d2": d3_given_perfect,
        "kill_rate_bins": {
            "cohort": "items with a D2 kill rate and a decided witness-proven wrong candidate",
            "rows": bins,
        },
        "d2_d3_correlation": _correlation(pairs),
        "adversaries": _adversaries(items),
        "discarded_candidates": sum(1 for i in items for a in i.d3 if not a.separated),
    }


@dataclass(frozen=True)
class AuditRun:
    """A finished audit: the items and the context needed to reproduce it."""

    items: tuple[AuditItem, ...]
    """One record per audited verifier, in input order."""
    config: dict[str, Any] = field(default_factory=dict)
    """Seeds, caps, limits, versions and input hashes."""

    def to_dict(self, bar: float = 0.5) -> dict[str, Any]:
        """JSON-able: config, figures and every item."""
        return {
            "config": self.config,
            "figures": figures(self.items, bar),
            "items": [i.to_dict(bar) for i in self.items],
        }


def _pct(row: dict[str, Any]) -> str:
    if row.get("rate") is None:
        return "n/a"
    low, high = row["ci95"]
    return f"{100 * row['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def markdown(record: dict[str, Any], title: str = "Verifier audit") -> str:
    """A Markdown report of ``AuditRun.to_dict()``: figures with their cohorts, then every item that is
    not ADEQUATE (the false positives with their witnesses first)."""
    fig = record["figures"]
    lines = [f"# {title}", ""]
    lines += [f"{fig['items']} items; WEAK bar: D2 kill rate below {fig['bar']}.", ""]
    lines += ["| verdict | n |", "|---|---|"] + [f"| {k} | {v} |" for k, v in fig["verdicts"].items()] + [""]
    d2 = fig["d2"]
    lines += [
        "| rate | k / n | value [Wilson 95%] | cohort |",
        "|---|---|---|---|",
        f"| D1 accepts reference | {fig['d1_accepts_reference']['k']} / {fig['d1_accepts_reference']['n']} "
        f"| {_pct(fig['d1_accepts_reference'])} | {fig['d1_accepts_reference']['cohort']} |",
        f"| D2 kill rate (pooled) | {d2['kill_rate_pooled']['k']} / {d2['kill_rate_pooled']['n']} "
        f"| {_pct(d2['kill_rate_pooled'])} | {d2['kill_rate_pooled']['cohort']} |",
        f"| D3 false positive | {fig['d3_false_positive']['k']} / {fig['d3_false_positive']['n']} "
        f"| {_pct(fig['d3_false_positive'])} | {fig['d3_false_positive']['cohort']} |",
        f"| D3 false positive, perfect D2 | {fig['d3_false_positive_given_perfect_d2']['k']} / "
        f"{fig['d3_false_positive_given_perfect_d2']['n']} | {_pct(fig['d3_false_positive_given_perfect_d2'])} "
        f"| {fig['d3_false_positive_given_perfect_d2']['cohort']} |",
        "",
        f"Mutants: {d2['mutants_total']} built, {d2['mutants_run']} run, {d2['mutants_killed']} killed, "
        f"{d2['mutants_equivalent']} likely equivalent (excluded); {d2['items_perfect']} of {d2['items_with_mutants']} "
        f"items with mutants have a perfect kill rate. Discarded D3 candidates (no separating witness, counted "
        f"nowhere): {fig['discarded_candidates']}.",
        "",
        f"D3 failure by D2 kill rate (cohort: {fig['kill_rate_bins']['cohort']}):",
        "",
        "| D2 kill rate | n | failed D3 | rate [Wilson 95%] |",
        "|---|---|---|---|",
    ]
    lines += [f"| {r['bin']} | {r['n']} | {r['k']} | {_pct(r)} |" for r in fig["kill_rate_bins"]["rows"]]
    corr = fig["d2_d3_correlation"]
    r_text = (
        "undefined" + (f" ({corr['reason']})" if corr.get("reason") else "")
        if corr["r"] is None
        else f"r = {corr['r']:.3f}, p = {corr['p']:.3g}"
    )
    lines += ["", f"D2-D3 correlation ({corr['method']}): {r_text}, n = {corr['n']}.", ""]
    adversaries = fig["adversaries"]
    if adversaries["per_adversary"]:
        lines += [
            "| adversary | attempts | provably wrong | got past | attack rate [Wilson 95%] | discarded |",
            "|---|---|---|---|---|---|",
        ]
        for name, row in adversaries["per_adversary"].items():
            lines.append(
                f"| {name} | {row['attempts']} | {row['proven_wrong']} | {row['got_past']} | {_pct(row['attack_rate'])} | {row['discarded']} |"
            )
        union = adversaries["union"]
        lines += [
            "",
            f"Union ({union['cohort']}): breached by all {union['by_all']}, by some {union['by_some']}, by none {union['by_none']}.",
            "",
        ]
    order = [v.value for v in Verdict]
    flagged = sorted(
        (i for i in record["items"] if i["verdict"] != "ADEQUATE"), key=lambda i: order.index(i["verdict"])
    )
    if flagged:
        lines += [
            "## Items that are not ADEQUATE",
            "",
            "| item | verdict | D2 | witness / notes |",
            "|---|---|---|---|",
        ]
        for item in flagged:
            rate = "—" if item["d2_rate"] is None else f"{item['d2_rate']:.2f}"
            accepted = [a for a in item["d3"] if a["separated"] and a["accepted"]]
            text = "; ".join(f"{a['adversary']}: `{a['witness']}` ({a['detail']})" for a in accepted) or item["notes"]
            text = text.replace("|", "\\|").replace("\n", " ")
            lines.append(f"| {item['item_id']} | {item['verdict']} | {rate} | {text[:400]} |")
        lines.append("")
    return "\n".join(lines)
