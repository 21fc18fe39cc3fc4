"""z3 for quantifier-free nonlinear real and linear integer arithmetic (and quantified fallbacks).

The claim's quantifier-free part, with definedness explicit, is handed to z3 with a timeout. For a
∀ claim, *unsat* of its negation certifies it; a *sat* model is only a candidate witness that the
engine re-verifies by exact evaluation (z3 works over ℝ, and uninterpreted abstractions admit
models that real functions do not).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from flint import fmpq, fmpq_mat

from pyverify.certify._exact import Sequence
from pyverify.logic import Claim, Sort, to_z3
from pyverify.logic._ast import Node
from pyverify.logic._convert import Z3Translator, _Unsupported


@dataclass
class SmtOutcome:
    """z3's answer: ``unsat``, ``sat`` (with a candidate point when it is rational) or ``unknown``."""

    answer: str
    point: dict[str, Any] | None = None
    reason: str = ""
    opaque: list[str] = field(default_factory=list)
    version: str = ""


def _z3_version() -> str:
    import z3

    return str(z3.get_version_string())


def solve(formula: Node, variables: dict[str, Sort], want: bool, timeout_ms: int,
          uninterpreted_predicates: bool = False) -> SmtOutcome:  # fmt: skip
    """Look for a point where ``formula`` is ``want`` (False: a counterexample; True: an example)."""
    import z3

    if timeout_ms <= 0:
        return SmtOutcome("unknown", reason="no time left for z3")
    try:
        t = Z3Translator(uninterpreted_predicates)
        f = t.formula(formula)
    except _Unsupported as exc:
        return SmtOutcome("unknown", reason=f"outside the SMT fragment: {exc}")
    except (TypeError, z3.Z3Exception, RecursionError) as exc:
        return SmtOutcome("unknown", reason=f"cannot translate for z3: {exc}")
    solver = z3.Solver(ctx=t.ctx)
    solver.set("timeout", int(timeout_ms))
    for v in variables:  # make sure every variable exists in the model
        from pyverify.logic import Var

        if v not in t.vars and variables[v].kind != "Seq":
            t.var(Var(v, variables[v]))
    solver.add(*t.domain, *t.side)
    solver.add(f if want else z3.Not(f))
    try:
        result = solver.check()
    except z3.Z3Exception as exc:
        return SmtOutcome("unknown", reason=f"z3 failed: {exc}")
    opaque = sorted(t.opaque)
    if result == z3.unsat:
        return SmtOutcome("unsat", opaque=opaque, version=_z3_version())
    if result == z3.unknown:
        return SmtOutcome("unknown", reason=f"z3: {solver.reason_unknown()}", opaque=opaque)
    model = solver.model()
    point = _point(model, t, variables)
    return SmtOutcome("sat", point, "" if point else "z3's model is not rational", opaque, _z3_version())


def _point(model: Any, t: Z3Translator, variables: dict[str, Sort]) -> dict[str, Any] | None:
    point: dict[str, Any] = {}
    for name, sort in variables.items():
        value = t.vars.get(name)
        if sort.kind == "Seq":
            fn = value
            if fn is None:
                point[name] = Sequence(generator=lambda i: fmpq(0))
                continue

            def gen(i: int, fn: Any = fn) -> fmpq:
                import z3

                got = _exact(model.eval(fn(z3.IntVal(i, t.ctx)), model_completion=True))
                return got if got is not None else fmpq(0)

            point[name] = Sequence(generator=gen)
            continue
        if isinstance(value, list):
            entries = []
            for row in value:
                for e in row:
                    x = _exact(model.eval(e, model_completion=True))
                    if x is None:
                        return None
                    entries.append(x)
            point[name] = fmpq_mat(sort.n, sort.n, entries)
            continue
        x = _exact(model.eval(value, model_completion=True))
        if x is None:
            return None
        point[name] = x
    return point


def _exact(value: Any) -> fmpq | None:
    import z3

    if z3.is_int_value(value):
        return fmpq(value.as_long())
    if z3.is_rational_value(value):
        frac = value.as_fraction()
        return fmpq(frac.numerator, frac.denominator)
    return None


def closed(claim: Claim, timeout_ms: int) -> SmtOutcome:
    """Quantified fallback for claims with mixed quantifiers: unsat of ¬claim certifies it."""
    import z3

    try:
        formula = to_z3(claim)
    except (_Unsupported, TypeError, z3.Z3Exception) as exc:
        return SmtOutcome("unknown", reason=f"outside the SMT fragment: {exc}")
    solver = z3.Solver(ctx=formula.ctx)
    solver.set("timeout", int(timeout_ms))
    solver.add(z3.Not(formula))
    result = solver.check()
    if result == z3.unsat:
        return SmtOutcome("unsat", version=_z3_version())
    if result == z3.sat:
        # A model of the negation over ℝ with abstracted functions is no proof of falsity.
        return SmtOutcome("unknown", reason="z3 found the negation satisfiable over its abstraction")
    return SmtOutcome("unknown", reason=f"z3: {solver.reason_unknown()}")


def fraction(value: fmpq) -> Fraction:
    return Fraction(int(value.p), int(value.q))
