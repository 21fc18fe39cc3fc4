"""``compute``: run directories in, the metrics.json dict out (invariance and CBU sections).

Invariance rules (also recorded in the output's ``options``):
- per-model metrics use sample 0 of each item; needs_review (T3) items and suspect paraphrases (a formalization
  refuted against the theorem; listed under ``consensus.suspect``) are excluded from everything;
  unscored answers count toward coverage, never as wrong;
- design: ``within-model`` when exactly one model ran invariance and it has samples > 0 (Cochran's blocks
  are its samples); otherwise ``cross-model`` (blocks are the models, sample 0);
- Cochran's matrix for a theorem: blocks with at least one scored item of the theorem, then the items
  scored in every such block;
- consensus audit: with M ≥ n models, an item is flagged when at least ceil(m·M/n) models fail it while
  passing its canonical item (m/n = 2/3 and M = 3 gives 2 of 3); with M < n no consensus is possible,
  the audit is inactive and flags nothing. Flagged items leave SCR and CIR ("clean" paraphrases). Unless
  a rule is given, it follows the models compared (``auto_consensus``): 2 of 3 from three models on, 2 of 2
  for two, inactive for one;
- uninformative models (``invariance.uninformative``): *constant* when the majority sample-0 answer is at
  least ``CONSTANT_SHARE`` of the scored answers, *at-baseline* when the accuracy's Wilson 95% interval
  contains the better constant baseline. Constant models are left out of every statistic that compares
  models (``CROSS_MODEL_SECTIONS``; ``invariance.compared`` lists the models kept), which they would only
  dilute; at-baseline models vary their answers and stay in;
- findings carry their tests (``_evidence``): a rank reversal *holds* only when both per-family differences
  are significant in opposite directions (exact sign test over theorems, Holm over every difference the
  reversals test); family contrasts (exact stratified permutation test within theorems) are adjusted by
  Holm over every model's contrasts, the inconsistency counts (exact Poisson-binomial) over the models.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from pyverify.metrics import _cbu, _evidence, _ranking, _stats
from pyverify.metrics._errors import MetricsError
from pyverify.metrics._load import Run, item_metadata, read_runs
from pyverify.metrics._schema import (
    CBU,
    CIR,
    SCR,
    Agreement,
    Consensus,
    Dominance,
    Families,
    FamilyContrast,
    FamilyFailure,
    Flagged,
    Inconsistency,
    Invariance,
    InvarianceOptions,
    KendallPair,
    MathlibRef,
    Metrics,
    ModelCBU,
    ModelInvariance,
    Outcome,
    Predictiveness,
    Ranking,
    RankReversal,
    RunEntry,
    ScoreMetrics,
    Suspect,
    TheoremRecord,
    Uninformative,
)

#: equivalence methods that keep an item out of every metric whatever its tier: flagged for review, or a
#: paraphrase whose formalization was refuted against its theorem (``pyverify formalize``). A paraphrase
#: certified through formalization is tier T1 with method ``formalization`` and counts like any T1 item.
REVIEW_METHODS = ("needs_review", "suspect")
FAMILY_ORDER = ("canonical", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8")
SCR_VARIANT = "canonical+clean-paraphrases"
RANKING_SAMPLES = 2_000
#: what a constant model is left out of, as keys of the ``invariance`` section ("families": the per-family
#: rankings and Kendall τ; "cochran": the per-theorem Cochran's Q when its blocks are the models)
CROSS_MODEL_SECTIONS = ("families", "rank_reversals", "agreement", "cochran", "consensus", "ranking")
UNINFORMATIVE_RULE = (f"constant: the most frequent sample-0 answer makes up at least {_evidence.CONSTANT_SHARE:.0%} of "
                      "the scored answers (left out of: family rankings and Kendall τ, rank reversals, agreement, "
                      "cross-model Cochran's Q, the consensus audit and the family-weighted ranking); at-baseline: the "
                      "accuracy's Wilson 95% interval contains the better constant baseline (kept: its answers vary)")  # fmt: skip
REVERSAL_TEST = ("x fails less than y on family a and more on family b; each difference is tested on the items of "
                 "the family both models scored, by an exact two-sided sign test over theorems (McNemar's exact "
                 "test when a theorem has one item of the family); a reversal holds when both differences are "
                 f"significant in opposite directions after Holm over every difference tested (alpha {_evidence.SIGNIFICANCE})")  # fmt: skip
FAMILY_TEST = ("each family against the model's other scored items of the same theorems: exact stratified "
               "permutation test (strata: theorems; statistic: the family's wrong answers), Holm over every "
               "model's family contrasts")  # fmt: skip
INCONSISTENCY_TEST = ("theorems with some items right and some wrong, against independent answers right with the "
                      "model's own accuracy on items of the theorem's label: exact Poisson-binomial law, two-sided "
                      "p, Holm over the models")  # fmt: skip


def _family_key(name: str) -> tuple[int, str]:
    return (FAMILY_ORDER.index(name), "") if name in FAMILY_ORDER else (len(FAMILY_ORDER), name)


@dataclass
class InvarianceData:
    """Sample-0 outcomes of M models on I items, with the items' structure (arrays for numpy)."""

    models: list[str]
    item_ids: list[str]
    theorem_ids: list[str]
    families: list[str]
    item_theorem: np.ndarray  # (I,) theorem index
    item_family: np.ndarray  # (I,) family index
    item_canonical: np.ndarray  # (I,) bool
    item_review: np.ndarray  # (I,) bool: needs_review / T3, excluded everywhere
    item_true: np.ndarray  # (I,) bool: label TRUE
    theorem_canonical: np.ndarray  # (T,) item index of the canonical item, -1 if none
    theorem_true: np.ndarray  # (T,) bool
    present: np.ndarray  # (M, I) bool
    scored: np.ndarray  # (M, I) bool
    correct: np.ndarray  # (M, I) bool, meaningful where scored
    samples: dict[str, tuple[np.ndarray, np.ndarray]]  # model -> (scored, correct) as (S, I), all samples


def build_invariance_data(runs: Sequence[Run], metadata: dict[str, dict[str, Any]] | None = None) -> InvarianceData:
    """Index the invariance runs' rows into arrays; an item described two ways is an error."""
    metadata = metadata or {}
    inv = [r for r in runs if r.protocol == "invariance"]
    item_index: dict[str, int] = {}
    item_info: list[tuple[str, str, str, bool]] = []  # theorem, family, label, review
    for run in inv:
        for number, row in enumerate(run.rows, 1):
            iid = str(row["item_id"])
            meta: dict[str, Any] = metadata.get(iid) or {}
            equivalence: dict[str, Any] = meta["equivalence"] if isinstance(meta.get("equivalence"), dict) else {}
            # spec §2: only T1 (certified) and T2 (reviewed template) paraphrases count in headline metrics;
            # T3 and anything else with a stated tier (e.g. imported, uncertified paraphrases) needs review
            tier = row.get("tier") or meta.get("tier")
            review = (
                (tier is not None and tier not in ("T0", "T1", "T2"))
                or meta.get("tier") == "T3"
                or equivalence.get("method") in REVIEW_METHODS
            )
            info = (str(row["theorem_id"]), str(row["family"]), str(row["label"]), bool(review))
            if iid not in item_index:
                item_index[iid] = len(item_info)
                item_info.append(info)
            elif item_info[item_index[iid]][:3] != info[:3]:
                raise MetricsError(f"{run.path / 'responses.jsonl'}:{number}: item {iid} disagrees with another run "
                                   f"(theorem/family/label {info[:3]} vs {item_info[item_index[iid]][:3]})")  # fmt: skip
            elif review and not item_info[item_index[iid]][3]:
                # needs_review in any run's rows excludes the item for every model, not only when seen first
                item_info[item_index[iid]] = info
    theorem_ids = sorted({t for t, _, _, _ in item_info})
    theorem_index = {t: i for i, t in enumerate(theorem_ids)}
    families = sorted({f for _, f, _, _ in item_info}, key=_family_key)
    family_index = {f: i for i, f in enumerate(families)}
    n_items, n_models = len(item_info), len(inv)
    item_theorem = np.array([theorem_index[t] for t, _, _, _ in item_info], dtype=np.int64)
    item_family = np.array([family_index[f] for _, f, _, _ in item_info], dtype=np.int64)
    item_canonical = np.array([f == "canonical" for _, f, _, _ in item_info], dtype=bool)
    item_review = np.array([r for _, _, _, r in item_info], dtype=bool)
    item_true = np.array([lab == "TRUE" for _, _, lab, _ in item_info], dtype=bool)
    theorem_canonical = np.full(len(theorem_ids), -1, dtype=np.int64)
    theorem_true = np.zeros(len(theorem_ids), dtype=bool)
    for t, _, lab, _ in item_info:
        theorem_true[theorem_index[t]] = lab == "TRUE"
    canon = np.nonzero(item_canonical & ~item_review)[0]
    theorem_canonical[item_theorem[canon]] = canon
    for i in range(n_items):
        if theorem_true[item_theorem[i]] != item_true[i]:
            raise MetricsError(f"theorem {item_info[i][0]}: its items carry both labels TRUE and FALSE")
    present = np.zeros((n_models, n_items), dtype=bool)
    scored = np.zeros((n_models, n_items), dtype=bool)
    correct = np.zeros((n_models, n_items), dtype=bool)
    samples: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for m, run in enumerate(inv):
        idx = np.array([item_index[str(r["item_id"])] for r in run.rows], dtype=np.int64)
        smp = np.array([int(r.get("sample", 0)) for r in run.rows], dtype=np.int64)
        sc = np.array([bool(r["scored"]) for r in run.rows], dtype=bool)
        co = np.array([bool(r.get("correct")) and bool(r["scored"]) for r in run.rows], dtype=bool)
        zero = smp == 0
        present[m, idx[zero]] = True
        scored[m, idx[zero]] = sc[zero]
        correct[m, idx[zero]] = co[zero]
        if smp.size and smp.max() > 0:
            # blocks are the distinct sample numbers: index them densely, so a sparse or huge number (a
            # hostile "sample": 10**9) costs one block, not 10**9 empty rows
            numbers, block = np.unique(smp, return_inverse=True)
            s_scored = np.zeros((numbers.size, n_items), dtype=bool)
            s_correct = np.zeros((numbers.size, n_items), dtype=bool)
            s_scored[block, idx] = sc
            s_correct[block, idx] = co
            samples[run.model] = (s_scored, s_correct)
    return InvarianceData(
        models=[r.model for r in inv], item_ids=list(item_index), theorem_ids=theorem_ids, families=families,
        item_theorem=item_theorem, item_family=item_family, item_canonical=item_canonical, item_review=item_review,
        item_true=item_true, theorem_canonical=theorem_canonical, theorem_true=theorem_true, present=present,
        scored=scored, correct=correct, samples=samples,
    )  # fmt: skip


def subset(data: InvarianceData, keep: Sequence[int]) -> InvarianceData:
    """The same items with only the models at indices ``keep`` (in that order)."""
    index = np.asarray(list(keep), dtype=np.int64)
    models = [data.models[i] for i in index.tolist()]
    return replace(data, models=models, present=data.present[index], scored=data.scored[index],
                   correct=data.correct[index], samples={m: v for m, v in data.samples.items() if m in models})  # fmt: skip


def answer_counts(data: InvarianceData, m: int) -> tuple[int, int, int]:
    """(TRUE answers, scored items, scored items labelled TRUE) of model ``m`` on sample 0, needs-review
    items left out: within a theorem every item shares the label, so TRUE answers are the right ones on
    TRUE items and the wrong ones on FALSE items."""
    sc = data.scored[m] & data.present[m] & ~data.item_review
    co = data.correct[m] & sc
    true_answers = int((co & data.item_true).sum()) + int((sc & ~co & ~data.item_true).sum())
    return true_answers, int(sc.sum()), int((sc & data.item_true).sum())


# --- consensus audit ---------------------------------------------------------------------------------


def consensus_threshold(m: int, n: int, models: int) -> tuple[bool, int]:
    """(active, models needed): ceil(m·M/n) of M models, active only when M ≥ n."""
    if not (1 <= m <= n):
        raise MetricsError(f"consensus must be m of n with 1 <= m <= n, got {m}/{n}")
    return models >= n, max(1, math.ceil(m * models / n))


def consensus_flags(data: InvarianceData, m: int, n: int) -> tuple[np.ndarray, np.ndarray, bool, int]:
    """(flagged items (I,), fails (M, I), active, threshold)."""
    active, threshold = consensus_threshold(m, n, len(data.models))
    canon = data.theorem_canonical[data.item_theorem]
    has_canon = canon >= 0
    canon_safe = np.where(has_canon, canon, 0)
    passes_canon = data.scored[:, canon_safe] & data.correct[:, canon_safe] & has_canon[None, :]
    fails = data.scored & ~data.correct & passes_canon & ~data.item_canonical[None, :] & ~data.item_review[None, :]
    flagged = (fails.sum(axis=0) >= threshold) if active else np.zeros(len(data.item_ids), dtype=bool)
    return flagged, fails, active, threshold


# --- per model ---------------------------------------------------------------------------------------


def _scr_null(values: np.ndarray, groups: np.ndarray, observed: float, permutations: int,
              seed: Sequence[int]) -> tuple[float | None, float | None]:  # fmt: skip
    """Mean and p-value of SCR when correctness is shuffled across items, group sizes kept."""
    if permutations <= 0 or values.size == 0:
        return None, None
    order = np.argsort(groups, kind="stable")
    g = groups[order]
    starts = np.r_[0, np.nonzero(np.diff(g))[0] + 1]
    rng = np.random.default_rng(seed)
    wrong = ~np.broadcast_to(values[order], (permutations, values.size))
    shuffled = rng.permuted(wrong, axis=1)
    all_correct = np.add.reduceat(shuffled, starts, axis=1) == 0
    null = all_correct.mean(axis=1)
    p = (1 + np.count_nonzero(null >= observed - 1e-12)) / (1 + permutations)
    return float(null.mean()), float(p)


def model_invariance(data: InvarianceData, m: int, flagged: np.ndarray, *, bootstrap: int, permutations: int,
                     seed: int) -> tuple[ModelInvariance, dict[str, np.ndarray]]:  # fmt: skip
    """Per-model metrics and per-theorem arrays (correct, scored, canonical_correct, ig)."""
    n_theorems = len(data.theorem_ids)
    th = data.item_theorem
    present = data.present[m] & ~data.item_review
    sc = data.scored[m] & present
    co = data.correct[m] & sc
    n_t = np.bincount(th[sc], minlength=n_theorems)
    c_t = np.bincount(th[co], minlength=n_theorems)
    defined = n_t > 0
    p_t = np.where(defined, c_t / np.maximum(n_t, 1), np.nan)
    ig_t = np.sqrt(p_t * (1 - p_t))
    scored_n, correct_n = int(sc.sum()), int(co.sum())

    def mean_or_none(x: np.ndarray) -> float | None:
        return float(x.mean()) if x.size else None

    true_sc, false_sc = sc & data.item_true, sc & ~data.item_true
    balanced = (None if not true_sc.any() or not false_sc.any()
                else float((co[true_sc].mean() + co[false_sc].mean()) / 2))  # fmt: skip

    # canonical outcome per theorem
    canon = data.theorem_canonical
    has_canon = canon >= 0
    canon_safe = np.where(has_canon, canon, 0)
    canon_scored = has_canon & sc[canon_safe]
    canon_correct = canon_scored & co[canon_safe]

    # SCR and CIR on the canonical item plus clean scored paraphrases
    clean = sc & ~flagged
    k_t = np.bincount(th[clean], minlength=n_theorems)
    wrong_t = np.bincount(th[clean & ~co], minlength=n_theorems)
    scr_set = canon_scored
    scr_value = mean_or_none((wrong_t[scr_set] == 0).astype(float))
    pool = clean & scr_set[th]
    floor = null_mean = null_p = None
    if scr_value is not None:
        p_bar = co[pool].mean()
        floor = float(np.mean(p_bar ** k_t[scr_set]))
        null_mean, null_p = _scr_null(co[pool], th[pool], scr_value, permutations, (seed, m, 1))
    scr = SCR(variant=SCR_VARIANT, value=scr_value, theorems=int(scr_set.sum()), independence_floor=floor,
              permutation_null_mean=null_mean, permutation_p=null_p, permutations=permutations if scr_value is not None else 0)  # fmt: skip

    def cir(label_true: bool, purpose: int) -> CIR:
        eligible = canon_correct & (k_t - 1 >= 2) & (data.theorem_true == label_true)
        flips = (wrong_t[eligible] > 0).astype(float)
        if not flips.size:
            return CIR(value=None, ci=None, theorems=0)
        ci = _stats.bootstrap_ci(flips, resamples=bootstrap, seed=(seed, m, purpose)) if bootstrap > 0 else None
        return CIR(value=float(flips.mean()), ci=ci, theorems=int(flips.size))

    family_failure: dict[str, FamilyFailure] = {}
    family_contrast: dict[str, FamilyContrast] = {}
    n_f = np.bincount(data.item_family[sc], minlength=len(data.families))
    w_f = np.bincount(data.item_family[sc & ~co], minlength=len(data.families))
    for f, name in enumerate(data.families):
        n, w = int(n_f[f]), int(w_f[f])
        family_failure[name] = FamilyFailure(rate=w / n if n else None, n=n, ci=_stats.wilson(w, n))
        if n:
            contrast = _evidence.family_contrast(data.item_family == f, ~co, sc, th, n_theorems)
            family_contrast[name] = FamilyContrast(**contrast)
    answer, share = _evidence.majority(*answer_counts(data, m)[:2])

    grouped_ci = None
    if scored_n and bootstrap > 0:
        grouped_ci = _stats.grouped_bootstrap_sums(c_t[defined].astype(float), n_t[defined].astype(float),
                                                   resamples=bootstrap, seed=(seed, m, 4))  # fmt: skip
    ig_defined = ig_t[defined]
    record = ModelInvariance(
        items=int(present.sum()), scored=scored_n, coverage=scored_n / int(present.sum()) if present.any() else None,
        needs_review_items=int((data.present[m] & data.item_review).sum()),
        accuracy_micro=correct_n / scored_n if scored_n else None, accuracy_micro_ci=_stats.wilson(correct_n, scored_n),
        accuracy_micro_ci_grouped=grouped_ci, accuracy_macro=mean_or_none(p_t[defined]), balanced_accuracy=balanced,
        mean_ig=mean_or_none(ig_defined), rms_ig=float(np.sqrt(np.mean(ig_defined**2))) if ig_defined.size else None,
        share_ig_positive=mean_or_none((ig_defined > 0).astype(float)), scr=scr, cir=cir(True, 2), false_cir=cir(False, 3),
        family_failure=family_failure, majority_answer=answer, majority_share=share, family_contrast=family_contrast,
        inconsistency=Inconsistency(**_evidence.inconsistency(c_t, n_t, data.theorem_true)),
    )  # fmt: skip
    arrays = {"correct": c_t, "scored": n_t, "canonical_scored": canon_scored, "canonical_correct": canon_correct,
              "ig": ig_t}  # fmt: skip
    return record, arrays


# --- cross-model sections ----------------------------------------------------------------------------


def _cochran_all(data: InvarianceData, design: str, permutations: int, seed: int) -> list[Any]:
    th_items: list[list[int]] = [[] for _ in data.theorem_ids]
    for i in np.nonzero(~data.item_review)[0]:
        th_items[data.item_theorem[i]].append(int(i))
    if design == "within-model":
        model = data.models[0]
        blocks_scored, blocks_correct = data.samples[model]
    else:
        model = None
        blocks_scored, blocks_correct = data.scored, data.correct
    records = []
    for t, items in enumerate(th_items):
        s = blocks_scored[:, items]
        keep_blocks = s.any(axis=1)
        s = s[keep_blocks]
        keep_items = s.all(axis=0) if s.shape[0] else np.zeros(len(items), dtype=bool)
        matrix = blocks_correct[keep_blocks][:, np.array(items)[keep_items]] if items else np.zeros((0, 0))
        records.append(_stats.cochran(matrix.astype(np.int64), design=design, model=model,  # type: ignore[arg-type]
                                      permutations=permutations, seed=(seed, t, 9)))  # fmt: skip
    holm = _stats.adjust([r.p for r in records], "holm")
    bonf = _stats.adjust([r.p for r in records], "bonferroni")
    return [r.model_copy(update={"p_holm": h, "p_bonferroni": b}) for r, h, b in zip(records, holm, bonf)]


def _theorem_meta(data: InvarianceData, metadata: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    by_theorem: dict[int, dict[str, Any]] = {}
    for i, iid in enumerate(data.item_ids):
        t = int(data.item_theorem[i])
        meta = metadata.get(iid)
        if meta and (t not in by_theorem or data.item_canonical[i]):
            by_theorem[t] = meta
    out = []
    for t, _ in enumerate(data.theorem_ids):
        meta = by_theorem.get(t, {})
        mathlib = meta.get("mathlib")
        ref = (MathlibRef(name=str(mathlib["name"]), module=mathlib.get("module"))
               if isinstance(mathlib, dict) and mathlib.get("name") else None)  # fmt: skip
        out.append({"parent_theorem": meta.get("parent_theorem"), "domain": meta.get("domain"), "mathlib": ref})
    return out


def _constant_models(data: InvarianceData) -> dict[str, tuple[str, int, int, float]]:
    """Models whose majority sample-0 answer reaches ``CONSTANT_SHARE``: model -> (answer, count, scored, share)."""
    out: dict[str, tuple[str, int, int, float]] = {}
    for m, model in enumerate(data.models):
        true_answers, scored, _ = answer_counts(data, m)
        answer, share = _evidence.majority(true_answers, scored)
        if answer is not None and share is not None and _evidence.is_constant(share):
            out[model] = (answer, true_answers if answer == "TRUE" else scored - true_answers, scored, share)
    return out


def _uninformative(data: InvarianceData, per_model: dict[str, ModelInvariance],
                   constant: dict[str, tuple[str, int, int, float]], design: str) -> dict[str, Uninformative]:  # fmt: skip
    """Constant models, and models whose accuracy cannot be told from the better constant baseline."""
    excluded = [k for k in CROSS_MODEL_SECTIONS if k != "cochran" or design == "cross-model"]
    out: dict[str, Uninformative] = {}
    for m, model in enumerate(data.models):
        if model in constant:
            answer, count, scored, share = constant[model]
            out[model] = Uninformative(reason="constant", excluded_from=excluded,
                                       detail=f"answers {answer} on {count} of {scored} scored items, share {share:.3f} "
                                              f"≥ {_evidence.CONSTANT_SHARE}")  # fmt: skip
            continue
        _, scored, true_items = answer_counts(data, m)
        record = per_model[model]
        if not scored or record.accuracy_micro is None or record.accuracy_micro_ci is None:
            continue
        best, name = max((true_items / scored, "always-TRUE"), (1 - true_items / scored, "always-FALSE"))
        lo, hi = record.accuracy_micro_ci
        if lo <= best <= hi:
            out[model] = Uninformative(reason="at-baseline",
                                       detail=f"accuracy {record.accuracy_micro:.3f}, Wilson 95% interval "
                                              f"[{lo:.3f}, {hi:.3f}], contains {name}'s {best:.3f}")  # fmt: skip
    return out


def _adjust_per_model(per_model: dict[str, ModelInvariance]) -> dict[str, ModelInvariance]:
    """Holm over every model's family contrasts, and over the models' inconsistency tests."""
    keys = [(model, fam) for model, record in per_model.items() for fam in record.family_contrast]
    holm = _stats.adjust([per_model[model].family_contrast[fam].p for model, fam in keys], "holm")
    adjusted: dict[str, dict[str, FamilyContrast]] = {model: {} for model in per_model}
    for (model, fam), p in zip(keys, holm):
        adjusted[model][fam] = per_model[model].family_contrast[fam].model_copy(update={"p_holm": p})
    models = [model for model, record in per_model.items() if record.inconsistency is not None]
    inconsistency_holm = dict(zip(models, _stats.adjust([per_model[m].inconsistency.p for m in models], "holm")))  # type: ignore[union-attr]
    out = {}
    for model, record in per_model.items():
        update: dict[str, Any] = {"family_contrast": adjusted[model]}
        if record.inconsistency is not None:
            update["inconsistency"] = record.inconsistency.model_copy(update={"p_holm": inconsistency_holm[model]})
        out[model] = record.model_copy(update=update)
    return out


def _reversals(data: InvarianceData, rates: dict[str, dict[str, float | None]]) -> list[RankReversal]:
    """Pairs of models whose order flips between two families, each difference tested (``REVERSAL_TEST``)."""
    n_theorems = len(data.theorem_ids)
    live = ~data.item_review
    tested: dict[tuple[int, int, int], dict[str, Any]] = {}  # (x < y, family) -> paired_difference of x − y

    def difference(x: int, y: int, f: int) -> dict[str, Any]:
        lo, hi = min(x, y), max(x, y)
        if (lo, hi, f) not in tested:
            both = data.scored[lo] & data.scored[hi] & live & (data.item_family == f)
            tested[(lo, hi, f)] = _evidence.paired_difference(~data.correct[lo], ~data.correct[hi], both,
                                                              data.item_theorem, n_theorems)  # fmt: skip
        result = tested[(lo, hi, f)]
        if x == lo:
            return result
        diff = result["diff"]
        return {
            **result,
            "diff": None if diff is None else -diff,
            "x_worse": result["x_better"],
            "x_better": result["x_worse"],
        }

    found = []
    for ai, fam_a in enumerate(data.families):
        for bi in range(ai + 1, len(data.families)):
            fam_b = data.families[bi]
            for x, mx in enumerate(data.models):
                for y, my in enumerate(data.models):
                    xa, ya, xb, yb = rates[fam_a][mx], rates[fam_a][my], rates[fam_b][mx], rates[fam_b][my]
                    if x == y or xa is None or ya is None or xb is None or yb is None or not (xa < ya and xb > yb):
                        continue
                    found.append((fam_a, fam_b, mx, my, xa, ya, xb, yb, difference(x, y, ai), difference(x, y, bi),
                                  (min(x, y), max(x, y), ai), (min(x, y), max(x, y), bi)))  # fmt: skip
    keys = list(tested)
    holm = dict(zip(keys, _stats.adjust([tested[k]["p"] for k in keys], "holm")))
    out = []
    for fam_a, fam_b, mx, my, xa, ya, xb, yb, da, db, ka, kb in found:
        holds = (_evidence.holds(holm[ka]) and _evidence.holds(holm[kb]) and da["x_better"] > da["x_worse"]
                 and db["x_worse"] > db["x_better"])  # fmt: skip
        out.append(RankReversal(family_a=fam_a, family_b=fam_b, model_x=mx, model_y=my, failure_x_a=xa, failure_y_a=ya,
                                failure_x_b=xb, failure_y_b=yb, diff_a=da["diff"], p_a=da["p"], p_a_holm=holm[ka],
                                diff_b=db["diff"], p_b=db["p"], p_b_holm=holm[kb], holds=holds))  # fmt: skip
    return out


def invariance_section(runs: Sequence[Run], metadata: dict[str, dict[str, Any]], *,
                       consensus: tuple[int, int] | None = None, bootstrap: int, permutations: int, seed: int,
                       ranking_samples: int = RANKING_SAMPLES, data: InvarianceData | None = None) -> Invariance:  # fmt: skip
    """The ``invariance`` section of metrics.json (``consensus`` None: ``auto_consensus`` of the compared models)."""
    data = data or build_invariance_data(runs, metadata)
    design = "within-model" if len(data.models) == 1 and data.models[0] in data.samples else "cross-model"
    # constant models only dilute what compares models: everything below that does runs on ``cross``
    constant = _constant_models(data)
    cross = subset(data, [m for m, model in enumerate(data.models) if model not in constant])
    m_cons, n_cons = consensus if consensus is not None else auto_consensus(len(cross.models))
    flagged, fails, active, threshold = consensus_flags(cross, m_cons, n_cons)

    per_model: dict[str, ModelInvariance] = {}
    arrays: list[dict[str, np.ndarray]] = []
    for m, model in enumerate(data.models):
        record, arr = model_invariance(data, m, flagged, bootstrap=bootstrap, permutations=permutations, seed=seed)
        per_model[model] = record
        arrays.append(arr)
    per_model = _adjust_per_model(per_model)
    uninformative = _uninformative(data, per_model, constant, design)

    # families: rankings, Kendall τ, rank reversals (compared models only)
    rates = {fam: {mdl: per_model[mdl].family_failure[fam].rate for mdl in cross.models} for fam in data.families}
    rankings: dict[str, list[str]] = {}
    for fam in data.families:
        rated = {mdl: r for mdl, r in rates[fam].items() if r is not None}
        rankings[fam] = sorted(rated, key=lambda mdl: (rated[mdl], cross.models.index(mdl)))
    kendall_pairs = []
    for ai, fam_a in enumerate(data.families):
        for fam_b in data.families[ai + 1 :]:
            both = [mdl for mdl in cross.models if rates[fam_a][mdl] is not None and rates[fam_b][mdl] is not None]
            tau, p = _stats.kendall_values([float(rates[fam_a][x] or 0.0) for x in both],
                                           [float(rates[fam_b][x] or 0.0) for x in both])  # fmt: skip
            kendall_pairs.append(KendallPair(a=fam_a, b=fam_b, tau=tau, p=p))
    reversals = _reversals(cross, rates)

    # theorems
    cochrans = _cochran_all(data if design == "within-model" else cross, design, permutations, seed)
    metas = _theorem_meta(data, metadata)
    n_items_t = np.bincount(data.item_theorem[~data.item_review], minlength=len(data.theorem_ids))
    theorems = []
    for t, tid in enumerate(data.theorem_ids):
        outcome, ig = {}, {}
        for m, model in enumerate(data.models):
            a = arrays[m]
            outcome[model] = Outcome(correct=int(a["correct"][t]), scored=int(a["scored"][t]),
                                     canonical_correct=bool(a["canonical_correct"][t]) if a["canonical_scored"][t] else None)  # fmt: skip
            ig[model] = _stats.clean(a["ig"][t])
        theorems.append(TheoremRecord(theorem_id=tid, label="TRUE" if data.theorem_true[t] else "FALSE", items=int(n_items_t[t]),
                                      outcome=outcome, ig=ig, cochran=cochrans[t], **metas[t]))  # fmt: skip

    suspect_records = suspect_paraphrases(metadata)
    flagged_records = [Flagged(item_id=data.item_ids[i], theorem_id=data.theorem_ids[data.item_theorem[i]],
                               family=data.families[data.item_family[i]],
                               failed_by=[cross.models[m] for m in np.nonzero(fails[:, i])[0]]) for i in np.nonzero(flagged)[0]]  # fmt: skip

    # agreement: items scored by every compared model (non-review)
    common = cross.scored.all(axis=0) & ~data.item_review if cross.models else np.zeros(len(data.item_ids), dtype=bool)
    kappa, disagreements = None, 0
    if len(cross.models) >= 2 and common.any():
        ratings = cross.correct[:, common].T.astype(int)
        kappa = _stats.fleiss(ratings)
        disagreements = int((ratings.min(axis=1) != ratings.max(axis=1)).sum())
    agreement = Agreement(fleiss_kappa=kappa, disagreements=disagreements, items=int(common.sum()))

    models, fams, f = _ranking.failure_matrix({"invariance": {"per_model": {k: per_model[k].model_dump() for k in cross.models},
                                                              "families": {"names": data.families}}})  # fmt: skip
    if fams and models:
        share = _ranking.achievable_share(f, samples=ranking_samples, seed=seed)
        pareto = [Dominance(better=models[b], worse=models[w]) for b, w in _ranking.pareto(f)]
    else:
        share = {"share": None, "share_ci": None, "exact": True, "rankings_total": math.factorial(len(models)),
                 "rankings_checked": 0}  # fmt: skip
        pareto = []
    ranking = Ranking(families=fams, pareto=pareto, achievable_share=share["share"], achievable_share_ci=share["share_ci"],
                      exact=share["exact"],
                      rankings_total=share["rankings_total"], rankings_checked=share["rankings_checked"])  # fmt: skip

    left_out = f" ({len(constant)} constant model(s) left out)" if constant else ""
    rule = (f"flag an item when at least {threshold} of the {len(cross.models)} models fail it while passing its canonical item "
            f"(ceil({m_cons}/{n_cons}·M)){left_out}" if active else
            f"inactive: {len(cross.models)} model(s){left_out} < n = {n_cons}, so no {m_cons}-of-{n_cons} consensus exists; nothing flagged")  # fmt: skip
    options = InvarianceOptions(consensus_m=m_cons, consensus_n=n_cons, bootstrap=bootstrap, permutations=permutations,
                                seed=seed, scr_variant=SCR_VARIANT, design=design, consensus_rule=rule,  # type: ignore[arg-type]
                                uninformative_rule=UNINFORMATIVE_RULE, reversal_test=REVERSAL_TEST, family_test=FAMILY_TEST,
                                inconsistency_test=INCONSISTENCY_TEST)  # fmt: skip
    return Invariance(options=options, per_model=per_model,
                      families=Families(names=data.families, rankings=rankings, kendall_tau=kendall_pairs),
                      rank_reversals=reversals, theorems=theorems,
                      consensus=Consensus(m=m_cons, n=n_cons, threshold=threshold, active=active, flagged=flagged_records,
                                          suspect=suspect_records),
                      agreement=agreement, ranking=ranking, uninformative=uninformative, compared=list(cross.models))  # fmt: skip


def suspect_paraphrases(metadata: dict[str, dict[str, Any]]) -> list[Suspect]:
    """Items of the benchmark whose formalization was refuted against their theorem (equivalence method
    ``suspect``, written by ``pyverify formalize``), by item id."""
    out = []
    for iid, meta in sorted(metadata.items()):
        equivalence = meta.get("equivalence")
        if not isinstance(equivalence, dict) or equivalence.get("method") != "suspect":
            continue
        witness = equivalence.get("witness")
        out.append(Suspect(item_id=iid, theorem_id=None if meta.get("theorem_id") is None else str(meta["theorem_id"]),
                           formalization=str(equivalence.get("formalization") or ""),
                           instance=None if equivalence.get("instance") is None else str(equivalence["instance"]),
                           witness={str(k): str(v) for k, v in witness.items()} if isinstance(witness, dict) else None))  # fmt: skip
    return out


# --- CBU -----------------------------------------------------------------------------------------------


def cbu_section(runs: Sequence[Run], seed: int) -> CBU:
    """The ``cbu`` section: ranking metrics per score and predictiveness, per model."""
    per_model: dict[str, ModelCBU] = {}
    by_model: dict[str, tuple[list[str], dict[str, list[dict[str, Any]]]]] = {}
    for run in runs:
        if run.protocol not in ("cbu", "cbu-catalog"):
            continue
        protocols, problems = by_model.setdefault(run.model, ([], {}))
        protocols.append(run.protocol)
        key = "task_id" if run.protocol == "cbu" else "item_id"
        for row in run.rows:
            problems.setdefault(f"{run.protocol}:{row[key]}", []).append(row)
    for model, (protocols, problems) in by_model.items():
        rows = [(p, r) for p, rs in problems.items() for r in rs if not r.get("human")]

        def accuracy(keys: tuple[str, ...], rows: list[tuple[str, dict[str, Any]]] = rows) -> float | None:
            chosen = [(p, r) for p, r in rows if all(r.get(k) is not None for k in keys)]
            if not chosen:
                return None
            x = np.array([[float(r[k]) for k in keys] for _, r in chosen])
            return _cbu.predictiveness(x, [bool(r["correct"]) for _, r in chosen], [p for p, _ in chosen], seed=seed)

        per_model[model] = ModelCBU(
            problems=len(problems), protocols=protocols,
            utility=ScoreMetrics(**_cbu.problem_metrics(problems, "utility")),
            judge=ScoreMetrics(**_cbu.problem_metrics(problems, "judge")),
            predictiveness=Predictiveness(protocol=_cbu.PREDICTIVENESS_PROTOCOL, judge=accuracy(("judge",)),
                                          utility=accuracy(("utility",)), both=accuracy(("judge", "utility"))),
        )  # fmt: skip
    return CBU(per_model=per_model)


def compute(run_dirs: Sequence[Path | str], *, consensus: tuple[int, int] | None = None, bootstrap: int = 10_000,
            permutations: int = 2_000, seed: int = 0, ranking_samples: int = RANKING_SAMPLES) -> dict[str, Any]:  # fmt: skip
    """The metrics.json dict for the given run directories (schema in ``pyverify.metrics._schema``).

    Raises MetricsError (with path and line) for unreadable or inconsistent input."""
    from pyverify import __version__

    if bootstrap < 0 or permutations < 0 or ranking_samples < 1:
        raise MetricsError("bootstrap and permutations must be >= 0 and ranking_samples >= 1")
    runs = read_runs([Path(p) for p in run_dirs])
    return metrics_from_runs(runs, consensus=consensus, bootstrap=bootstrap, permutations=permutations, seed=seed,
                             ranking_samples=ranking_samples, version=__version__)  # fmt: skip


def auto_consensus(models: int) -> tuple[int, int]:
    """The consensus rule for ``models`` compared models (constant ones left out): 2 of 3 from three models on (the spec's rule), both of two
    when there are two (an item both fail while passing its canonical form), 2 of 3 (inactive) for one."""
    return (2, 2) if models == 2 else (2, 3)


def metrics_from_runs(runs: Sequence[Run], *, consensus: tuple[int, int] | None = None, bootstrap: int = 10_000,
                      permutations: int = 2_000, seed: int = 0, ranking_samples: int = RANKING_SAMPLES,
                      version: str = "0.1.0", metadata: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:  # fmt: skip
    """``compute`` on runs already read (the in-memory core; the benchmark times this)."""
    models: list[str] = []
    for run in runs:
        if run.model not in models:
            models.append(run.model)
    entries = [RunEntry(path=str(r.path), model=r.model, protocol=r.protocol, rows=len(r.rows),
                        claim_audit=r.summary if r.protocol == "claim-audit" else None, asked=_asked(r))
               for r in runs]  # fmt: skip
    invariance = None
    if any(r.protocol == "invariance" for r in runs):
        metadata = item_metadata(runs) if metadata is None else metadata
        invariance = invariance_section(runs, metadata, consensus=consensus, bootstrap=bootstrap,
                                        permutations=permutations, seed=seed, ranking_samples=ranking_samples)  # fmt: skip
    cbu = cbu_section(runs, seed) if any(r.protocol in ("cbu", "cbu-catalog") for r in runs) else None
    result = Metrics(generated_by={"pyverify": version}, runs=entries, models=models, invariance=invariance, cbu=cbu)
    return result.model_dump(mode="json")


def _asked(run: Run) -> str | None:
    """How a run asked its model, as its summary records it: "prompt few-shot", "output free text", …"""
    summary = run.summary or {}
    parts = [f"{label} {summary[key]}" for key, label in (("prompt_form", "prompt"), ("output", "output"))
             if isinstance(summary.get(key), str) and summary[key]]  # fmt: skip
    return ", ".join(parts) or None
