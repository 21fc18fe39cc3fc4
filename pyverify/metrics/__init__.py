"""Statistics over runs: accuracy, IG, SCR, CIR, Cochran's Q, consensus audit, agreement, rankings under
family weights, selection, CBU ranking metrics, Wilson intervals and (grouped) bootstrap; and the tests
that let a report state a pattern as a finding (rank reversals that hold, family contrasts, inconsistency
against independent answers, uninformative models left out of the comparisons: ``_evidence``).

``compute(run_dirs)`` returns the metrics.json dict (schema: ``pyverify.metrics._schema``,
``SCHEMA_VERSION``). scipy and statsmodels load only when a statistic is computed.
"""

from pyverify.metrics._cbu import acc_at_1, auc, human_win, mean_win, predictiveness, recall_at_5, recall_at_k
from pyverify.metrics._compute import compute
from pyverify.metrics._errors import MetricsError
from pyverify.metrics._invariance import cir, information_gap, scr
from pyverify.metrics._ranking import achievable_share, pareto, rank_weights, realize_ranking, select
from pyverify.metrics._schema import SCHEMA_VERSION, Metrics
from pyverify.metrics._stats import bootstrap_ci, cochran, fleiss, grouped_bootstrap, kendall, wilson

ig = information_gap

__all__ = [
    "SCHEMA_VERSION",
    "Metrics",
    "MetricsError",
    "acc_at_1",
    "achievable_share",
    "auc",
    "bootstrap_ci",
    "cir",
    "cochran",
    "compute",
    "fleiss",
    "grouped_bootstrap",
    "human_win",
    "ig",
    "information_gap",
    "kendall",
    "mean_win",
    "pareto",
    "predictiveness",
    "rank_weights",
    "realize_ranking",
    "recall_at_5",
    "recall_at_k",
    "scr",
    "select",
    "wilson",
]
