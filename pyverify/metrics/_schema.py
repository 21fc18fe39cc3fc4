"""The metrics.json contract (schema_version 1) as pydantic models, one description per field.

``compute`` builds a :class:`Metrics` and returns ``Metrics.model_dump()``: a plain JSON-able dict with
no NaN (undefined values are ``None``). Keys are shared with ``pyverify.report``; fields may be added,
never renamed.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1

Interval = tuple[float, float] | None


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RunEntry(_Record):
    path: str = Field(description="the run directory as given")
    model: str = Field(description="model id from config.json")
    protocol: str = Field(description="invariance | claim-audit | cbu | cbu-catalog")
    rows: int = Field(description="rows read from responses.jsonl")
    claim_audit: dict[str, Any] | None = Field(
        default=None, description="summary.json of a claim-audit run, when present"
    )
    asked: str | None = Field(
        default=None,
        description="how the run asked its model, from its summary.json: the prompt form (invariance: zero-shot or "
        "few-shot) and the output form (claim audit, CBU: constrained by a JSON schema, or free text); None when "
        "the run does not say (runs of an older pyverify)",
    )


class InvarianceOptions(_Record):
    consensus_m: int = Field(description="consensus audit: m of n models must fail an item (passing its canonical)")
    consensus_n: int = Field(description="consensus audit: the n of m-of-n")
    bootstrap: int = Field(description="bootstrap resamples for confidence intervals")
    permutations: int = Field(description="permutations for the SCR null and Monte Carlo Cochran p-values")
    seed: int = Field(description="seed of every resampling")
    scr_variant: str = Field(description="which items SCR requires correct")
    design: Literal["cross-model", "within-model"] = Field(
        description="Cochran blocks: models, or samples of one model"
    )
    samples_rule: str = Field(
        default="per-model metrics use sample 0; samples > 0 only form Cochran blocks (within-model)",
        description="which samples feed the per-model metrics",
    )
    consensus_rule: str = Field(default="", description="the consensus audit rule in words, with the threshold used")
    uninformative_rule: str = Field(
        default="", description="when a model counts as uninformative, and what that keeps it out of"
    )
    reversal_test: str = Field(default="", description="the test a rank reversal must survive to hold")
    family_test: str = Field(default="", description="the test of one family against a model's other items")
    inconsistency_test: str = Field(
        default="", description="the null the count of inconsistently answered theorems is compared with"
    )


class SCR(_Record):
    variant: str = Field(description="items required correct: canonical plus its audit-clean scored paraphrases")
    value: float | None = Field(description="share of theorems with all those items correct")
    theorems: int = Field(description="theorems with a scored canonical item")
    independence_floor: float | None = Field(description="mean over theorems of p̄^k_t (items independent)")
    permutation_null_mean: float | None = Field(description="mean SCR when correctness is shuffled across items")
    permutation_p: float | None = Field(description="(1 + #{null ≥ observed}) / (1 + permutations)")
    permutations: int = Field(description="permutations drawn")


class CIR(_Record):
    value: float | None = Field(description="share of eligible theorems where a clean paraphrase flips to wrong")
    ci: Interval = Field(description="95% percentile bootstrap interval over theorems")
    theorems: int = Field(description="eligible theorems: canonical correct and ≥ 2 clean scored paraphrases")


class FamilyFailure(_Record):
    rate: float | None = Field(description="share of scored items of the family answered wrong")
    n: int = Field(description="scored items of the family")
    ci: Interval = Field(description="Wilson 95% interval of the rate")


class FamilyContrast(_Record):
    """One family of one model against the model's other scored items of the same theorems."""

    theorems: int = Field(description="theorems with a scored item of the family and another scored item")
    items: int = Field(description="scored items of the family on those theorems")
    wrong: int = Field(description="of those, answered wrong")
    expected: float = Field(description="wrong answers expected there if the family's items were exchangeable "
                            "with the theorem's other items (the theorem's own failure rate)")  # fmt: skip
    rest_failure: float | None = Field(description="failure rate of the other scored items of those theorems")
    p: float | None = Field(
        description="exact two-sided stratified permutation p (strata: theorems); null when no theorem "
        "mixes right and wrong answers"
    )
    p_holm: float | None = Field(default=None, description="p adjusted by Holm over every model's family contrasts")


class Inconsistency(_Record):
    """Theorems answered inconsistently, against independent answers at the model's own accuracy."""

    theorems: int = Field(description="theorems with two or more scored items")
    inconsistent: int = Field(description="of those, theorems with some items right and some wrong")
    expected: float | None = Field(
        description="the count expected if each item were right independently with the model's accuracy on "
        "items of the theorem's label (TRUE or FALSE)"
    )
    interval: tuple[int, int] | None = Field(description="central 95% range of that count (exact Poisson-binomial law)")
    p: float | None = Field(description="exact two-sided p of the observed count under that law")
    p_holm: float | None = Field(default=None, description="p adjusted by Holm over the models")


class ModelInvariance(_Record):
    items: int = Field(description="items answered (sample 0, needs_review items excluded)")
    scored: int = Field(description="items with a parsed answer")
    coverage: float | None = Field(description="scored / items; null when no item was answered")
    needs_review_items: int = Field(
        default=0, description="T3 / needs_review items seen and excluded from every metric"
    )
    accuracy_micro: float | None = Field(description="correct / scored over items")
    accuracy_micro_ci: Interval = Field(description="Wilson 95% interval of accuracy_micro")
    accuracy_micro_ci_grouped: Interval = Field(
        default=None,
        description="95% bootstrap interval of accuracy_micro resampling theorems (items within one correlate)",
    )
    accuracy_macro: float | None = Field(description="mean over theorems of per-theorem accuracy p_t")
    balanced_accuracy: float | None = Field(
        description="mean of accuracy on TRUE and on FALSE items (null if one is absent)"
    )
    mean_ig: float | None = Field(description="mean over theorems of IG_t = sqrt(p_t (1 - p_t))")
    rms_ig: float | None = Field(description="sqrt of the mean of IG_t²")
    share_ig_positive: float | None = Field(description="share of theorems with IG_t > 0")
    scr: SCR = Field(description="semantic consistency rate")
    cir: CIR = Field(description="consistency inversion rate on TRUE theorems")
    false_cir: CIR = Field(description="consistency inversion rate on FALSE siblings")
    family_failure: dict[str, FamilyFailure] = Field(description="failure rate per family")
    majority_answer: Literal["TRUE", "FALSE"] | None = Field(
        default=None, description="the model's most frequent scored answer (sample 0)"
    )
    majority_share: float | None = Field(default=None, description="its share of the scored answers")
    family_contrast: dict[str, FamilyContrast] = Field(
        default_factory=dict, description="per family: the test of that family against the model's other items"
    )
    inconsistency: Inconsistency | None = Field(
        default=None, description="inconsistently answered theorems against independent answers"
    )


class KendallPair(_Record):
    a: str = Field(description="first family")
    b: str = Field(description="second family")
    tau: float | None = Field(description="Kendall τ-b between the models' failure rates on a and on b")
    p: float | None = Field(description="its two-sided p-value (scipy.stats.kendalltau)")


class Families(_Record):
    names: list[str] = Field(description="families present, canonical then F1..F8")
    rankings: dict[str, list[str]] = Field(description="models best -> worst by failure rate (ties: model order)")
    kendall_tau: list[KendallPair] = Field(description="agreement of the per-family rankings")


class RankReversal(_Record):
    family_a: str = Field(description="family where model_x fails less than model_y")
    family_b: str = Field(description="family where model_x fails more than model_y")
    model_x: str = Field(description="the model better on family_a")
    model_y: str = Field(description="the model better on family_b")
    failure_x_a: float = Field(description="failure rate of model_x on family_a")
    failure_y_a: float = Field(description="failure rate of model_y on family_a")
    failure_x_b: float = Field(description="failure rate of model_x on family_b")
    failure_y_b: float = Field(description="failure rate of model_y on family_b")
    diff_a: float | None = Field(
        default=None, description="failure of x minus failure of y on the items of family_a both scored"
    )
    p_a: float | None = Field(default=None, description="exact sign test over theorems of that difference")
    p_a_holm: float | None = Field(default=None, description="p_a adjusted by Holm over every difference tested")
    diff_b: float | None = Field(
        default=None, description="failure of x minus failure of y on the items of family_b both scored"
    )
    p_b: float | None = Field(default=None, description="exact sign test over theorems of that difference")
    p_b_holm: float | None = Field(default=None, description="p_b adjusted by Holm over every difference tested")
    holds: bool | None = Field(
        default=None,
        description="both differences significant after Holm, x better on family_a and worse on family_b; "
        "null: not tested (metrics from an older pyverify)",
    )


class Outcome(_Record):
    correct: int = Field(description="correct scored items of the theorem (sample 0)")
    scored: int = Field(description="scored items of the theorem (sample 0)")
    canonical_correct: bool | None = Field(description="the canonical item's correctness; null if unscored/absent")


class Cochran(_Record):
    design: Literal["cross-model", "within-model"] = Field(description="what the blocks are")
    model: str | None = Field(description="the model whose samples are the blocks (within-model), else null")
    test: Literal["cochran", "mcnemar", "undefined"] = Field(description="the test run; undefined: no evidence")
    k: int = Field(description="treatments: the theorem's items scored in every block")
    b: int = Field(description="blocks used")
    q: float | None = Field(description="Cochran's Q (McNemar's uncorrected χ² when k = 2)")
    df: int | None = Field(description="degrees of freedom k - 1")
    p: float | None = Field(description="asymptotic χ² p-value")
    p_exact: float | None = Field(
        description="exact permutation p-value (rows permuted independently); null if too large"
    )
    p_monte_carlo: float | None = Field(
        default=None, description="Monte Carlo permutation p-value when p_exact is too large"
    )
    p_holm: float | None = Field(description="p adjusted by Holm over theorems with a defined test")
    p_bonferroni: float | None = Field(description="p adjusted by Bonferroni over theorems with a defined test")


class MathlibRef(_Record):
    name: str = Field(description="Mathlib declaration")
    module: str | None = Field(description="its module")


class TheoremRecord(_Record):
    theorem_id: str = Field(description="theorem or false-sibling id")
    label: Literal["TRUE", "FALSE"] = Field(description="truth value")
    parent_theorem: str | None = Field(description="the true theorem a sibling perturbs (itself for a theorem)")
    domain: str | None = Field(description="catalog domain")
    mathlib: MathlibRef | None = Field(description="Mathlib anchor")
    items: int = Field(description="distinct items seen (needs_review excluded)")
    outcome: dict[str, Outcome] = Field(description="per model")
    ig: dict[str, float | None] = Field(description="IG_t per model")
    cochran: Cochran = Field(description="Cochran's Q / McNemar over the theorem's items")


class Flagged(_Record):
    item_id: str = Field(description="the flagged paraphrase")
    theorem_id: str = Field(description="its theorem")
    family: str = Field(description="its family")
    failed_by: list[str] = Field(description="models that fail it while passing the canonical item")


class Suspect(_Record):
    item_id: str = Field(description="the paraphrase")
    theorem_id: str | None = Field(default=None, description="its theorem")
    formalization: str = Field(description="the model's formalization of the paraphrase (claim language)")
    instance: str | None = Field(default=None, description="the theorem's formal instance it was refuted against")
    witness: dict[str, str] | None = Field(default=None, description="a point where they differ (null: truth values)")


class Consensus(_Record):
    m: int = Field(description="m of m-of-n")
    n: int = Field(description="n of m-of-n")
    threshold: int = Field(default=0, description="models needed to flag an item: ceil(m·M/n) for M models")
    active: bool = Field(
        default=True, description="false when fewer than n models ran (no consensus possible, nothing flagged)"
    )
    flagged: list[Flagged] = Field(description="items excluded from clean metrics")
    suspect: list[Suspect] = Field(
        default_factory=list,
        description="paraphrases whose formalization was refuted against their theorem (pyverify formalize); "
        "excluded from every metric",
    )


class Agreement(_Record):
    fleiss_kappa: float | None = Field(description="Fleiss' κ of the models' correctness over common scored items")
    disagreements: int = Field(description="items where the models do not all agree")
    items: int = Field(description="items scored by every model")


class Dominance(_Record):
    better: str = Field(description="model failing no more on every family and less on one")
    worse: str = Field(description="the dominated model")


class Ranking(_Record):
    families: list[str] = Field(
        default_factory=list, description="families of the weight simplex (rated for every model)"
    )
    pareto: list[Dominance] = Field(description="Pareto dominance pairs")
    achievable_share: float | None = Field(description="share of strict rankings some family weighting realizes")
    achievable_share_ci: list[float] | None = Field(
        default=None, description="Wilson 95% interval of the share when it was sampled; null when exact"
    )
    exact: bool = Field(description="true: all rankings enumerated (pruned search); false: uniformly sampled")
    rankings_total: int = Field(description="M! strict rankings")
    rankings_checked: int = Field(description="rankings decided (all of them when exact)")


class Uninformative(_Record):
    """Why a model's answers carry no information, and which statistics were computed without it."""

    reason: Literal["constant", "at-baseline"] = Field(
        description="constant: the majority answer is at least CONSTANT_SHARE of the scored answers; "
        "at-baseline: the accuracy's Wilson 95% interval contains the better constant baseline"
    )
    detail: str = Field(description="the numbers behind the reason, in words")
    excluded_from: list[str] = Field(
        default_factory=list,
        description="keys of the invariance section computed without the model (constant models only)",
    )


class Invariance(_Record):
    options: InvarianceOptions = Field(description="options and rules used")
    per_model: dict[str, ModelInvariance] = Field(description="metrics per model")
    families: Families = Field(description="per-family rankings and their agreement")
    rank_reversals: list[RankReversal] = Field(description="pairs of models whose order flips between two families")
    theorems: list[TheoremRecord] = Field(description="per theorem")
    consensus: Consensus = Field(description="consensus paraphrase audit")
    agreement: Agreement = Field(description="cross-model agreement")
    ranking: Ranking = Field(description="ranking under family weights")
    uninformative: dict[str, Uninformative] = Field(
        default_factory=dict, description="models whose answers carry no information, with the reason"
    )
    compared: list[str] | None = Field(
        default=None,
        description="models in the statistics that compare models (constant models left out); null: all models",
    )


class ScoreMetrics(_Record):
    acc_at_1: float | None = Field(description="expected correctness of the top candidate over random tie order")
    recall_at_5: float | None = Field(description="expected share of correct candidates in the top 5 (random ties)")
    auc: float | None = Field(description="P(score correct > score wrong), ties half")
    mean_win: float | None = Field(description="1{mean correct > mean wrong} + ½·1{equal}")
    human_win: float | None = Field(default=None, description="HumanWin against rows marked human; null when none")
    problems: int = Field(default=0, description="problems with at least one scored candidate")


class Predictiveness(_Record):
    protocol: str = Field(description="cross-validation protocol and model")
    judge: float | None = Field(description="held-out accuracy with the judge score")
    utility: float | None = Field(description="held-out accuracy with the utility score")
    both: float | None = Field(description="held-out accuracy with both")


class ModelCBU(_Record):
    problems: int = Field(description="problems (task_id / item_id)")
    protocols: list[str] = Field(default_factory=list, description="cbu protocols the problems come from")
    scale: str = Field(
        default="fraction", description="metrics are fractions in [0, 1] (the spec's ×100 is for display)"
    )
    utility: ScoreMetrics = Field(description="ranking metrics of the CBU utility score")
    judge: ScoreMetrics = Field(description="ranking metrics of the LLM-judge score")
    predictiveness: Predictiveness = Field(description="logistic-regression predictiveness of correctness")


class CBU(_Record):
    tie_rule: str = Field(
        default="Acc@1 and Recall@5 are expected values over a uniformly random order within tied scores; "
        "candidates without a score are left out of that score's metrics",
        description="tie-breaking and missing-score rule",
    )
    per_model: dict[str, ModelCBU] = Field(description="metrics per model")


class Metrics(_Record):
    schema_version: int = Field(default=SCHEMA_VERSION, description="version of this contract")
    generated_by: dict[str, str] = Field(description="producer and its version")
    runs: list[RunEntry] = Field(description="run directories read")
    models: list[str] = Field(description="models in order of first appearance")
    invariance: Invariance | None = Field(description="present when a run has protocol invariance")
    cbu: CBU | None = Field(description="present when a run has protocol cbu or cbu-catalog")
