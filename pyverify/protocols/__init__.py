"""Evaluation protocols behind one interface, found through a registry.

``evaluate(model, protocol, out)`` runs one protocol (``invariance``, ``claim-audit``, ``cbu``,
``cbu-catalog`` or one added with ``register``); ``main_job(config)`` runs the configured job
(``pyverify run``). A protocol is a :class:`Protocol` subclass in its own module, imported only when it
runs. Run directories hold the configuration, provenance, the response store and one result row per
item.
"""

from typing import TYPE_CHECKING, Any

from pyverify.protocols._main import evaluate, main_job, run
from pyverify.protocols._protocol import (
    PROTOCOLS,
    Answer,
    Inputs,
    Options,
    Protocol,
    Round,
    load_protocol,
    protocol_names,
    register,
    unregister,
)
from pyverify.protocols._rundir import RunDir, RunError

if TYPE_CHECKING:
    from pyverify.protocols._claim_audit import CONDITIONS


def __getattr__(name: str) -> Any:
    if name == "CONDITIONS":  # lives with its protocol, which loads only when asked for
        from pyverify.protocols._claim_audit import CONDITIONS

        return CONDITIONS
    raise AttributeError(f"module 'pyverify.protocols' has no attribute '{name}'")


__all__ = ["CONDITIONS", "PROTOCOLS", "Answer", "Inputs", "Options", "Protocol", "Round", "RunDir", "RunError",
           "evaluate", "load_protocol", "main_job", "protocol_names", "register", "run", "unregister"]  # fmt: skip
