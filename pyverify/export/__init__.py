"""The built benchmark as tasks of other harnesses, and their logs read back as runs.

``export_lm_eval(out)`` writes an lm-evaluation-harness task (YAML + local JSONL, ``multiple_choice``
over TRUE/FALSE with pyverify's invariance prompt); ``export_inspect(out)`` writes an inspect_ai task
file over the same items. Reading the harnesses' per-sample logs back (``pyverify metrics``) lives in
``pyverify.metrics`` (the layer below), which knows the row format these exports write.
"""

from pyverify.export._common import TASK, Export, ExportError
from pyverify.export._inspect import export_inspect
from pyverify.export._lm_eval import export_lm_eval

__all__ = ["TASK", "Export", "ExportError", "export_inspect", "export_lm_eval"]
