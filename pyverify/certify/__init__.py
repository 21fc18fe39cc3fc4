"""Deciding claims and equivalences with honest three-valued answers.

``decide(claim)``, ``equivalent(a, b)`` and ``check_witness(claim, assignment)`` (with
``check_witnesses(claim, assignments)`` for many at once) are the public surface. Engines: exact
evaluation (python-flint), symbolic identities and induction over sums (sympy's exact fields),
SMT (z3) and counterexample search. Every call runs under a deadline, by default in a separate
worker process that is killed if it overruns. The engines are imported on
first use, so importing this package stays light.
"""

from typing import TYPE_CHECKING, Any

from pyverify.certify._certificate import EXIT_CODES, Certificate, WitnessCheck

if TYPE_CHECKING:
    from pyverify.certify._engine import check_witness, check_witnesses, decide, equivalent
    from pyverify.certify._witness import parse_assignment

_LAZY = {
    "decide": "pyverify.certify._engine",
    "equivalent": "pyverify.certify._engine",
    "check_witness": "pyverify.certify._engine",
    "check_witnesses": "pyverify.certify._engine",
    "parse_assignment": "pyverify.certify._witness",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pyverify.certify' has no attribute '{name}'")


__all__ = [
    "EXIT_CODES",
    "Certificate",
    "WitnessCheck",
    "check_witness",
    "check_witnesses",
    "decide",
    "equivalent",
    "parse_assignment",
]
