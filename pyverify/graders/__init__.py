"""The audit of math answer graders: which grader a policy can fool, and how.

Outside graders (Math-Verify, lm-eval's minerva and exact match, inspect's ``math``, verl's graders, or a
user's ``module:function``) are measured against pyverify's own answer certificates
(:func:`pyverify.answers.equivalent_answers`): pairs certified equal must be accepted (D1), pairs certified
different, with a witness, rejected (D3) (:mod:`._graders`, the built-in graders' programs in
:mod:`._grader_sources`); whole responses that never commit to the reference value must not be credited
(reward hacking, :mod:`._hacking`); a publisher's labels on real responses are checked against the same
certificates (:mod:`._labels`). The pairs come from a candidates file, the built answer benchmark, saved
model outputs or a model asked through the evaluation engine (:mod:`._answer_sources`). The commands are
``pyverify audit graders|hacking|labels`` and ``pyverify answers sample`` (:mod:`._commands`).

Layering: this package sits directly above :mod:`pyverify.audit` and uses it, never the reverse. Every
outside grader is untrusted code and runs in the verifier audit's sandbox (:mod:`pyverify.audit._sandbox`:
``python -I -S``, rlimits, a wall clock, fanned out on an executor), and the rates carry the same Wilson
intervals (:func:`pyverify.audit.wilson`); the verifier audit needs nothing from here. The answer oracle
(``pyverify.audit._answer_oracle`` and its ``_oracle_*`` modules) stays in ``audit``: it checks pyverify's
own answer equivalence for ``pyverify audit self`` and grades no outside grader, and moving it here would
make ``audit`` import this package while this package imports ``audit``'s sandbox.
"""

from pyverify.graders._graders import CandidatesError, GraderError, Pair, audit_graders, resolve
from pyverify.graders._hacking import PATTERNS, audit_hacking
from pyverify.graders._labels import audit_labels

__all__ = ["PATTERNS", "CandidatesError", "GraderError", "Pair", "audit_graders", "audit_hacking", "audit_labels",
           "resolve"]  # fmt: skip
