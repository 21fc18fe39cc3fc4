"""Evaluation protocols: invariance (TRUE/FALSE items), claim audit with revision conditions.

``evaluate(model, protocol, out)`` runs one protocol; ``main_job(config)`` runs the configured job
(``pyverify run``). Run directories hold the configuration, provenance, the response store and one
result row per item.
"""

from pyverify.protocols._claim_audit import CONDITIONS
from pyverify.protocols._main import PROTOCOLS, evaluate, main_job
from pyverify.protocols._rundir import RunDir, RunError

__all__ = ["CONDITIONS", "PROTOCOLS", "RunDir", "RunError", "evaluate", "main_job"]
