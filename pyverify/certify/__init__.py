"""Deciding claims and equivalences with honest three-valued answers.

``decide(claim)``, ``equivalent(a, b)`` and ``check_witness(claim, assignment)`` are the public
surface. Engines: exact evaluation (python-flint), symbolic identities and induction over sums
(sympy's exact polynomial domains), SMT (z3) and counterexample search. Every call runs under a
deadline, by default in a separate worker process that is killed if it overruns.
"""

from pyverify.certify._certificate import EXIT_CODES, Certificate, WitnessCheck
from pyverify.certify._engine import check_witness, decide, equivalent
from pyverify.certify._witness import parse_assignment

__all__ = ["EXIT_CODES", "Certificate", "WitnessCheck", "check_witness", "decide", "equivalent", "parse_assignment"]
