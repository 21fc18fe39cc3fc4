"""The decision procedure: which engines run, in which order, under which deadline.

For a ∀ claim: a quick structured counterexample search, an exhaustive check when the assumptions
make the domain finite, symbolic identities (and induction over sums) on the atoms with a
propositional tautology check around them, z3, and a longer seeded random search. For a ∃ claim:
example search, then z3. Every refutation's witness and every example is re-verified by
:func:`check_witness` before it is returned. Anything else is ``unknown`` with the reasons.
"""

from __future__ import annotations

import itertools
import time
from contextvars import ContextVar
from dataclasses import replace
from typing import Any, Iterable, Mapping

from pyverify.certify._certificate import Certificate, WitnessCheck
from pyverify.certify._exact import DEADLINE, EvalError, compile_node
from pyverify.certify._identity import atom_is_identity
from pyverify.certify._mathlib import check_witness_mathlib, decide_mathlib, equivalent_mathlib
from pyverify.certify._modular import decide_periodic
from pyverify.certify._run import Run as _Run
from pyverify.certify._run import sentences_equivalence
from pyverify.certify._search import claim_constants, finite_box, search
from pyverify.certify._witness import _by_identity, format_value, witness_text
from pyverify.certify._witness import check_witness as _check_witness
from pyverify.logic import BoolLit, Claim, Conn, Not, Pred, Rel, Sort, definedness, parse, relativized, to_text
from pyverify.logic._ast import Binder, Node, Var, erase_claim_casts, free_vars, substitute
from pyverify.logic._semantics import check_semantics

DEFAULT_TIMEOUT = 10.0
#: Points of the quick search that runs before the symbolic engines (most false claims fail there).
QUICK_POINTS = 16


def _as_claim(claim: Claim | str) -> Claim:
    return parse(claim) if isinstance(claim, str) else claim


# ---------------------------------------------------------------- propositional layer


def _atoms(formula: Node) -> list[Node]:
    out: list[Node] = []
    stack = [formula]
    while stack:
        n = stack.pop()
        if isinstance(n, Conn):
            stack.extend(reversed(n.args))
        elif isinstance(n, Not):
            stack.append(n.arg)
        elif n not in out:
            out.append(n)
    return out


def _prop_value(formula: Node, truth: Mapping[Node, bool]) -> bool:
    if isinstance(formula, Conn):
        vals = [_prop_value(a, truth) for a in formula.args]
        if formula.op == "and":
            return all(vals)
        if formula.op == "or":
            return any(vals)
        if formula.op == "->":
            return (not vals[0]) or vals[1]
        return vals[0] == vals[1]
    if isinstance(formula, Not):
        return not _prop_value(formula.arg, truth)
    if isinstance(formula, BoolLit):
        return formula.value
    return truth[formula]


def _tautology(formula: Node, known: Mapping[Node, bool]) -> bool | None:
    """Whether ``formula`` is true under every truth assignment to its unknown atoms."""
    unknown = [a for a in _atoms(formula) if a not in known and not isinstance(a, BoolLit)]
    if len(unknown) > 14:
        return None
    for values in itertools.product((False, True), repeat=len(unknown)):
        truth = dict(known)
        truth.update(zip(unknown, values))
        if not _prop_value(formula, truth):
            return False
    return True


def _identity_stage(formula: Node, variables: dict[str, Sort], run: _Run) -> tuple[bool, dict[str, Any], str]:
    """Prove atoms identically true and check that the formula is then a tautology."""
    naturals = [v for v, s in variables.items() if s.kind == "N"]
    known: dict[Node, bool] = {}
    evidence: dict[str, Any] = {}
    reasons: list[str] = []
    methods = set()
    for atom in _atoms(formula):
        if isinstance(atom, Rel) and atom.op in ("=", "<=", ">=") and run.left() > 0:
            result = atom_is_identity(atom, naturals, run.deadline)
            if result.holds:
                known[atom] = True
                evidence[to_text(atom)] = result.evidence
                methods.add("induction" if "induction_on" in result.evidence else "identity")
            elif result.reason:
                reasons.append(f"{to_text(atom)}: {result.reason}")
    if not known:
        return False, {}, "; ".join(reasons) or "no atom is an identity"
    verdict = _tautology(formula, known)
    if verdict:
        method = "induction" if "induction" in methods else "identity"
        return True, {"method": method, "identities": evidence}, ""
    return False, {}, "the identities found do not settle the claim"


# ---------------------------------------------------------------- decide


def _guards(claim: Claim, semantics: str = "exact") -> list[Node]:
    """What a point must satisfy for a ∀ claim to say anything there: its definedness conditions, its
    assumptions, and the hypotheses of an implication that is its whole body that *bound a variable*
    (``x > 1 -> x < 0 -> ...`` assumes as much as ``assume`` does).

    Other hypotheses are the statement's content, not its domain: ``x > 0 -> exp(log(x)) != x -> x <= 0``
    (the contrapositive of exp ∘ log = id) holds because its hypotheses contradict each other, and that
    contradiction is the theorem — the region it speaks about, ``x > 0``, is not empty."""
    guards = (definedness(claim) if semantics == "exact" else []) + list(claim.assumptions)
    body = claim.body
    while isinstance(body, Conn) and body.op == "->":
        premise = body.args[0]
        parts = premise.args if isinstance(premise, Conn) and premise.op == "and" else (premise,)
        guards.extend(p for p in parts if _bounds_a_variable(p))
        body = body.args[1]
    return list(dict.fromkeys(guards))


def _bounds_a_variable(node: Node) -> bool:
    """``x > 1``, ``n >= 3``, ``0 < x``, ``x != 0``: a relation between one variable and a closed term."""
    if not isinstance(node, Rel) or node.op not in ("<", "<=", ">", ">=", "!=", "="):
        return False
    sides = (node.left, node.right)
    return any(isinstance(a, Var) and not free_vars(b) for a, b in (sides, sides[::-1]))


def _vacuity(claim: Claim, run: _Run, seed: int, semantics: str = "exact") -> str | None:
    """'vacuous' when no point satisfies the definedness conditions and assumptions, 'unclear' when
    neither a point nor a proof was found, None when the claim has a point where it applies (under
    ``mathlib`` every operation is total: only assumptions and hypotheses can be unsatisfiable)."""
    guards = _guards(claim, semantics)
    if not guards:
        return None
    guard = guards[0] if len(guards) == 1 else Conn("and", tuple(guards))
    env, _ = search(guard, claim.variables, True, claim_constants([guard]), seed=seed, max_points=150,
                    deadline=time.monotonic() + 1.0)  # fmt: skip
    if env is not None:
        return None
    if not claim.variables:  # a closed claim: its one point was evaluated by the search
        return "vacuous" if _closed_false(guard) else "unclear"
    from pyverify.certify._smt import solve

    outcome = solve(guard, claim.variables, True, int(max(0.2, min(run.left(), 2.0)) * 1000))
    if outcome.answer == "unsat":
        return "vacuous"
    return None if outcome.answer == "sat" else "unclear"


def _closed_false(guard: Node) -> bool:
    try:
        return not compile_node(guard)({})
    except EvalError:
        return False


def _vacuous(claim: Claim, run: _Run, method: str, evidence: dict[str, Any]) -> Certificate:
    """The certificate of a claim true of no point: status ``vacuous``, the guards no point satisfies in
    ``conditions``, the engine's proof of the (empty) statement kept in ``evidence``."""
    conditions = tuple(dict.fromkeys(to_text(g, unicode=True) for g in _guards(claim)))
    evidence = dict(evidence, proved_by=method,
                    vacuous="no point satisfies the definedness conditions and assumptions together")  # fmt: skip
    return run.done("vacuous", method, evidence, to_text(claim), conditions=conditions)


def _certified(claim: Claim, run: _Run, seed: int, method: str, evidence: dict[str, Any]) -> Certificate:
    """A certification, or ``vacuous`` when the claim applies to no point at all."""
    vacuity = _vacuity(claim, run, seed)
    if vacuity == "vacuous":
        return _vacuous(claim, run, method, evidence)
    if vacuity == "unclear":
        evidence = dict(evidence, note="no point satisfying the assumptions was found; the claim may be vacuous")
    return run.done("certified", method, evidence, to_text(claim))


def _decide_forall(claim: Claim, run: _Run, seed: int) -> Certificate:
    text = to_text(claim)
    variables = claim.variables
    formula = relativized(claim)
    constants = claim_constants([formula])
    # 1. quick structured search
    env, stats = search(formula, variables, False, constants, seed=seed, max_points=QUICK_POINTS,
                        deadline=run.start + 0.25 * run.timeout)  # fmt: skip
    run.note(f"search: {stats.summary()}")
    if env is not None:
        cert = _refutation(claim, env, run, "search", {"points_tried": stats.points})
        if cert is not None:
            return cert
    if not variables:
        try:
            truth = bool(compile_node(formula)({}))
        except EvalError as exc:
            return run.done("unknown", "none", {}, text, reason=f"cannot evaluate: {exc.reason}")
        if truth:
            return _certified(claim, run, seed, "evaluation", {"evaluated": "exactly, no variables"})
    # 2. exhaustive check over a finite domain
    box = finite_box(variables, list(claim.assumptions))
    if box is not None:
        outcome = _exhaustive(formula, box, run)
        if outcome is not None:
            kind, payload = outcome
            if kind == "certified":
                return _certified(claim, run, seed, "exhaustive", payload)
            cert = _refutation(claim, payload, run, "exhaustive", {})
            if cert is not None:
                return cert
    # 3. claims that only see residues: one period decides them
    periodic = decide_periodic(claim, formula, run.deadline)
    if periodic is not None:
        kind, payload = periodic
        run.note(f"periodic: {kind}")
        if kind == "certified":
            return _certified(claim, run, seed, "periodic", payload)
        cert = _refutation(claim, payload, run, "periodic", {})
        if cert is not None:
            return cert
    # 4. identities and induction
    if run.left() > 0:
        ok, evidence, reason = _identity_stage(formula, variables, run)
        run.note(f"identity: {'certified' if ok else reason}")
        if ok:
            method = evidence.pop("method")
            return _certified(claim, run, seed, method, evidence)
    # 5. SMT
    if run.left() > 0.05:
        from pyverify.certify._smt import solve

        smt = solve(formula, variables, False, int(min(run.left() * 0.6, 30.0) * 1000))
        run.note(f"smt: {smt.answer}{' (' + smt.reason + ')' if smt.reason else ''}")
        if smt.answer == "unsat":
            evidence = {"solver": f"z3 {smt.version}", "result": "negation unsat"}
            if smt.opaque:
                evidence["abstracted"] = smt.opaque
            return _certified(claim, run, seed, "smt", evidence)
        if smt.answer == "sat" and smt.point is not None:
            cert = _refutation(claim, smt.point, run, "smt", {"solver": f"z3 {smt.version}"})
            if cert is not None:
                return cert
    # 6. longer random search
    if run.left() > 0.05:
        env, more = search(formula, variables, False, constants, seed=seed, max_points=4000,
                           deadline=run.deadline, skip=QUICK_POINTS)  # fmt: skip
        run.note(f"random search: {more.summary()}")
        if env is not None:
            cert = _refutation(claim, env, run, "search", {"points_tried": stats.points + more.points})
            if cert is not None:
                return cert
    reason = "no engine settled it within the deadline" if run.left() <= 0.05 else "outside the decidable fragment"
    return run.done("unknown", "none", {}, text, reason=f"{reason}: " + "; ".join(run.attempts))


def _exhaustive(formula: Node, box: dict[str, range], run: _Run) -> tuple[str, Any] | None:
    from flint import fmpq

    fn = compile_node(formula)
    names = list(box)
    count = 0
    for values in itertools.product(*box.values()):
        if count % 256 == 0 and run.left() <= 0:
            run.note("exhaustive: deadline")
            return None
        env = {n: fmpq(v) for n, v in zip(names, values)}
        count += 1
        try:
            if not fn(env):
                return "refuted", env
        except EvalError as exc:
            if exc.kind != "undefined":
                run.note(f"exhaustive: {exc.reason}")
                return None
    run.note(f"exhaustive: {count} points")
    ranges = {n: f"{r.start}..{r.stop - 1}" for n, r in box.items()}
    return "certified", {"points_checked": count, "ranges": ranges}


def _refutation(
    claim: Claim, env: dict[str, Any], run: _Run, method: str, evidence: dict[str, Any]
) -> Certificate | None:
    """A refutation, only if check_witness re-verifies the witness exactly."""
    check = _check_witness(claim, env)
    if not check.verified:
        run.note(f"{method}: candidate witness not verified ({check.reason})")
        return None
    evidence = dict(evidence, check=check.message)
    if check.values:
        evidence["values"] = check.values
    return run.done("refuted", method, evidence, to_text(claim), witness=witness_text(claim, env))


def _decide_exists(claim: Claim, run: _Run, seed: int) -> Certificate:
    text = to_text(claim)
    variables = claim.variables
    formula = relativized(claim)
    constants = claim_constants([formula])
    env, stats = search(formula, variables, True, constants, seed=seed, max_points=1500,
                        deadline=run.start + 0.4 * run.timeout)  # fmt: skip
    run.note(f"example search: {stats.summary()}")
    if env is not None:
        cert = _example(claim, env, run, "search")
        if cert is not None:
            return cert
    periodic = decide_periodic(claim, formula, run.deadline)
    if periodic is not None:
        kind, payload = periodic
        run.note(f"periodic: {kind}")
        if kind == "certified":
            cert = _example(claim, payload, run, "periodic")
            if cert is not None:
                return cert
        else:
            return run.done("refuted", "periodic", payload, text)
    if run.left() > 0.05:
        from pyverify.certify._smt import solve

        outcome = solve(formula, variables, True, int(min(run.left() * 0.8, 30.0) * 1000))
        run.note(f"smt: {outcome.answer}{' (' + outcome.reason + ')' if outcome.reason else ''}")
        if outcome.answer == "unsat":
            return run.done(
                "refuted", "smt", {"solver": f"z3 {outcome.version}", "result": "no example exists (unsat)"}, text
            )
        if outcome.answer == "sat" and outcome.point is not None:
            cert = _example(claim, outcome.point, run, "smt")
            if cert is not None:
                return cert
    return run.done(
        "unknown", "none", {}, text, reason="no example found and no proof that none exists: " + "; ".join(run.attempts)
    )


def _example(claim: Claim, env: dict[str, Any], run: _Run, method: str) -> Certificate | None:
    check = _check_witness(claim, env)
    if not check.verified:
        run.note(f"{method}: candidate example not verified ({check.reason})")
        return None
    return run.done("certified", method, {"example": check.message}, to_text(claim), witness=witness_text(claim, env))


def _decide_mixed(claim: Claim, run: _Run) -> Certificate:
    from pyverify.certify._smt import closed

    outcome = closed(claim, int(min(run.left() * 0.9, 30.0) * 1000))
    run.note(f"smt (quantified): {outcome.answer}{' (' + outcome.reason + ')' if outcome.reason else ''}")
    if outcome.answer == "unsat":
        return run.done("certified", "smt", {"solver": f"z3 {outcome.version}", "result": "negation unsat (quantified)"},
                        to_text(claim))  # fmt: skip
    return run.done("unknown", "none", {}, to_text(claim),
                    reason="mixed ∀/∃ claims are decided only when z3 proves them: " + "; ".join(run.attempts))  # fmt: skip


def decide_local(claim: Claim | str, timeout: float = DEFAULT_TIMEOUT, seed: int = 0,
                 semantics: str = "exact") -> Certificate:  # fmt: skip
    """Decide in this process (cooperative deadlines, and a hard limit on sympy's point evaluation in the main
    thread; see :func:`decide`)."""
    claim = _as_claim(claim)
    check_semantics(semantics)
    run = _Run(timeout, semantics=semantics)
    token = DEADLINE.set(run.deadline)
    try:
        if semantics == "mathlib":
            return decide_mathlib(claim, run, seed, _exact_decider)
        # under exact semantics a cast is the identity (ℕ ⊂ ℤ ⊂ ℚ ⊂ ℝ): the engines see none
        exact = erase_claim_casts(claim)
        cert = _decide_exact(exact, run, seed)
        if cert.status == "certified" and claim.quantifiers != {"exists"}:
            conditions = _needed_conditions(exact, run, seed)
            if conditions and _holds_under_mathlib(claim, run, seed):
                # true as Lean reads it too: no point outside the conditions makes it false
                evidence = dict(cert.evidence, mathlib="also certified under mathlib: no condition was needed")
                cert = replace(cert, evidence=evidence)
            elif conditions:
                cert = replace(cert, conditions=conditions)
        return cert if exact is claim else replace(cert, claim=to_text(claim))
    except (MemoryError, RecursionError) as exc:
        return run.done("unknown", "none", {}, to_text(claim), reason=f"resource limit: {type(exc).__name__}")
    except Exception as exc:  # an engine failure is an unknown, never a crash or a verdict
        return run.done("unknown", "none", {}, to_text(claim), reason=f"engine error: {type(exc).__name__}: {exc}")
    finally:
        DEADLINE.reset(token)


def _exact_decider(claim: Claim, timeout: float, seed: int) -> Certificate:
    return decide_local(claim, timeout, seed, "exact")


def _decide_exact(claim: Claim, run: _Run, seed: int) -> Certificate:
    quantifiers = claim.quantifiers
    if quantifiers <= {"forall"}:
        return _decide_forall(claim, run, seed)
    if quantifiers == {"exists"}:
        return _decide_exists(claim, run, seed)
    return _decide_mixed(claim, run)


#: Seconds spent proving that a definedness condition always holds (so it need not be stated).
CONDITION_BUDGET = 1.0
#: How deeply definedness checks are nested in the current call (see :func:`_needed_conditions`).
_CONDITION_DEPTH: ContextVar[int] = ContextVar("condition_depth", default=0)


def _holds_under_mathlib(claim: Claim, run: _Run, seed: int) -> bool:
    budget = min(2 * CONDITION_BUDGET, max(0.2, run.left()))
    inner = _Run(budget, semantics="mathlib")
    token = DEADLINE.set(inner.deadline)
    try:
        return decide_mathlib(claim, inner, seed, _exact_decider).status == "certified"
    except Exception:  # an engine failure only means the conditions are kept
        return False
    finally:
        DEADLINE.reset(token)


def _needed_conditions(claim: Claim, run: _Run, seed: int) -> tuple[str, ...]:
    """The definedness conditions a certification of ``claim`` relied on, as text.

    A condition is not needed when it is one of the assumptions or holds at every point that
    satisfies them (decided here with a short deadline; undecided means it is kept: stating too
    much is honest, stating too little is not).
    """
    needed = []
    depth = _CONDITION_DEPTH.get()
    for cond in definedness(claim):
        if cond in claim.assumptions:
            continue
        # each check is nested inside the caller's deadline, and at most two levels deep: a condition
        # with partial operations of its own would otherwise start checks of its conditions, and so
        # on, each with a fresh deadline (an undecided condition is kept, which is honest)
        budget = min(CONDITION_BUDGET, run.left())
        inner = None
        if depth < 2 and budget > 0.05:
            always = Claim(tuple(Binder("forall", b.names, b.sort) for b in claim.binders), claim.assumptions, cond)
            token = _CONDITION_DEPTH.set(depth + 1)
            try:
                inner = decide_local(always, budget, seed)
            except Exception:  # pragma: no cover - decide_local answers unknown rather than raising
                inner = None
            finally:
                _CONDITION_DEPTH.reset(token)
        if inner is None or inner.status != "certified" or inner.conditions:
            needed.append(to_text(cond, unicode=True))
    return tuple(needed)


def _pointwise_conditions(a: Claim, b: Claim, run: _Run, seed: int) -> tuple[str, ...]:
    """The conditions a pointwise equivalence relied on: those of either claim that are needed."""
    return tuple(dict.fromkeys(_needed_conditions(a, run, seed) + _needed_conditions(b, run, seed)))


# ---------------------------------------------------------------- equivalence


def _align(a: Claim, b: Claim) -> dict[str, str] | None:
    """A renaming of b's variables onto a's that keeps quantifiers and sorts, or None."""
    qa = [(b_.quantifier, b_.sort, n) for b_ in a.binders for n in b_.names]
    qb = [(b_.quantifier, b_.sort, n) for b_ in b.binders for n in b_.names]
    if len(qa) != len(qb):
        return None
    if {n for *_, n in qa} == {n for *_, n in qb}:
        sa = {n: (q, s) for q, s, n in qa}
        if all(sa[n] == (q, s) for q, s, n in qb) and _blocks(a) == _blocks(b):
            return {n: n for *_, n in qb}
    if [(q, s) for q, s, _ in qa] != [(q, s) for q, s, _ in qb]:
        return None
    return {nb: na for (_, _, na), (_, _, nb) in zip(qa, qb)}


def _blocks(c: Claim) -> list[tuple[str, frozenset[str]]]:
    """Maximal runs of one quantifier (variables may be reordered within a run)."""
    out: list[tuple[str, set[str]]] = []
    for b in c.binders:
        if out and out[-1][0] == b.quantifier:
            out[-1][1].update(b.names)
        else:
            out.append((b.quantifier, set(b.names)))
    return [(q, frozenset(n)) for q, n in out]


def equivalent_local(a: Claim | str, b: Claim | str, timeout: float = DEFAULT_TIMEOUT, seed: int = 0,
                     semantics: str = "exact") -> Certificate:  # fmt: skip
    """Decide equivalence in this process (see :func:`equivalent`)."""
    a, b = _as_claim(a), _as_claim(b)
    check_semantics(semantics)
    run = _Run(timeout, semantics=semantics)
    text = f"{to_text(a)}  <=>  {to_text(b)}"
    token = DEADLINE.set(run.deadline)
    try:
        if semantics == "mathlib":
            cert = equivalent_mathlib(a, b, run, seed, text, _exact_decider, _align(a, b))
            return _unless_vacuous(cert, a, b, run, seed)
        a, b = erase_claim_casts(a), erase_claim_casts(b)  # a cast is the identity under exact semantics
        cert = _unless_vacuous(_equivalent(a, b, run, seed, text), a, b, run, seed)
        if cert.status == "certified" and cert.evidence.get("notion") == "pointwise":
            conditions = _pointwise_conditions(a, b, run, seed)
            if conditions:
                cert = replace(cert, conditions=conditions)
        elif cert.status == "certified":
            subs = [cert.evidence.get(k, {}) for k in ("a", "b")]
            conditions = tuple(dict.fromkeys(c for sub in subs for c in sub.get("conditions", [])))
            if conditions:
                cert = replace(cert, conditions=conditions)
        return cert
    except (MemoryError, RecursionError) as exc:
        return run.done("unknown", "none", {}, text, reason=f"resource limit: {type(exc).__name__}")
    except Exception as exc:  # an engine failure is an unknown, never a crash or a verdict
        return run.done("unknown", "none", {}, text, reason=f"engine error: {type(exc).__name__}: {exc}")
    finally:
        DEADLINE.reset(token)


def _unless_vacuous(cert: Certificate, a: Claim, b: Claim, run: _Run, seed: int) -> Certificate:
    """A certified equivalence is ``vacuous`` when either claim applies to no point: two claims that say
    nothing agree trivially, which is no evidence that they mean the same."""
    if cert.status != "certified":
        return cert
    empty: dict[str, list[str]] = {}
    for label, claim in (("a", a), ("b", b)):
        if claim.quantifiers <= {"forall"} and _vacuity(claim, run, seed, run.semantics) == "vacuous":
            empty[label] = list(dict.fromkeys(to_text(g, unicode=True) for g in _guards(claim, run.semantics)))
    if not empty:
        return cert
    evidence = dict(cert.evidence, proved_by=cert.method, vacuous_claims=empty,
                    vacuous="a claim that no point satisfies is equivalent to anything as trivially true")  # fmt: skip
    conditions = tuple(dict.fromkeys(c for guards in empty.values() for c in guards))
    return replace(cert, status="vacuous", evidence=evidence, conditions=conditions)


def _equivalent(a: Claim, b: Claim, run: _Run, seed: int, text: str) -> Certificate:
    mapping = _align(a, b)
    if mapping is not None:
        rb = relativized(b)
        renamed = substitute(rb, {nb: Var(na, b.variables[nb]) for nb, na in mapping.items() if nb != na})
        ra = relativized(a)
        if ra == renamed:
            return run.done("certified", "syntactic", {"notion": "pointwise", "note": "identical after renaming"}, text)
        variables = a.variables
        formula = Conn("<->", (ra, renamed))
        pointwise = Claim(tuple(Binder("forall", (n,), s) for n, s in variables.items()), (), formula)
        constants = claim_constants([formula])
        env, stats = search(formula, variables, False, constants, seed=seed, max_points=600,
                            deadline=run.start + 0.3 * run.timeout)  # fmt: skip
        run.note(f"search: {stats.summary()}")
        if env is not None:
            cert = _pointwise_refutation(a, b, mapping, pointwise, env, run, "search", text)
            if cert is not None:
                return cert
        ok, evidence, reason = _identity_stage(formula, variables, run)
        run.note(f"identity: {'certified' if ok else reason}")
        if ok:
            method = evidence.pop("method")
            return run.done("certified", method, dict(evidence, notion="pointwise"), text)
        if run.left() > 0.05:
            from pyverify.certify._smt import solve

            outcome = solve(formula, variables, False, int(min(run.left() * 0.5, 30.0) * 1000),
                            uninterpreted_predicates=True)  # fmt: skip
            run.note(
                f"smt (predicates uninterpreted): {outcome.answer}{' (' + outcome.reason + ')' if outcome.reason else ''}"
            )
            if outcome.answer == "unsat":
                evidence = {"notion": "pointwise", "solver": f"z3 {outcome.version}",
                            "result": "a ↮ b unsat with named predicates uninterpreted"}  # fmt: skip
                return run.done("certified", "smt", evidence, text)
            if outcome.answer != "unsat" and run.left() > 0.05:
                outcome = solve(formula, variables, False, int(min(run.left() * 0.5, 30.0) * 1000))
                run.note(f"smt (predicate facts): {outcome.answer}")
                if outcome.answer == "unsat":
                    return run.done("certified", "smt", {"notion": "pointwise", "solver": f"z3 {outcome.version}",
                                                         "result": "a ↮ b unsat"}, text)  # fmt: skip
                if outcome.answer == "sat" and outcome.point is not None:
                    cert = _pointwise_refutation(a, b, mapping, pointwise, outcome.point, run, "smt", text)
                    if cert is not None:
                        return cert
        if run.left() > 0.05:
            env, more = search(formula, variables, False, constants, seed=seed + 1, max_points=3000,
                               deadline=run.start + 0.8 * run.timeout, skip=600)  # fmt: skip
            run.note(f"random search: {more.summary()}")
            if env is not None:
                cert = _pointwise_refutation(a, b, mapping, pointwise, env, run, "search", text)
                if cert is not None:
                    return cert
    else:
        run.note("binders differ: comparing truth values")
    # Fall back to the truth values of the two sentences.
    if run.left() > 0.1:
        share = run.left() / 2
        ca = decide_local(a, share, seed)
        cb = decide_local(b, max(0.05, run.left()), seed)
        run.note(f"truth values: {ca.status} / {cb.status}")
        sentences = sentences_equivalence(ca, cb, run, text)
        if sentences is not None:
            return sentences
    return run.done("unknown", "none", {}, text, reason="; ".join(run.attempts))


def _pointwise_refutation(a: Claim, b: Claim, mapping: dict[str, str], pointwise: Claim, env: dict[str, Any],
                          run: _Run, method: str, text: str) -> Certificate | None:  # fmt: skip
    """Re-verify exactly that the two claims' quantifier-free parts differ at ``env``."""
    check = _check_witness(pointwise, env)
    if not check.verified:
        run.note(f"{method}: candidate point not verified ({check.reason})")
        return None
    truth: dict[str, bool | None] = {}
    for label, claim, names in (("a", a, {n: n for n in a.variables}), ("b", b, mapping)):
        local = {nb: env[na] for nb, na in names.items()}
        try:
            truth[label] = bool(compile_node(relativized(claim))(local))
        except EvalError:
            truth[label] = None
    witness = {n: format_value(v) for n, v in env.items()}
    evidence = {"notion": "pointwise", "a_holds": truth["a"], "b_holds": truth["b"], "check": check.message}
    return run.done("refuted", method, evidence, text, witness=witness)


# ---------------------------------------------------------------- public entry points


def decide(claim: Claim | str, timeout: float = DEFAULT_TIMEOUT, *, seed: int = 0, isolate: bool = True,
           semantics: str = "exact", deadline: float | None = None) -> Certificate:  # fmt: skip
    """Decide a claim: certified, refuted (with an exact, re-verified witness) or unknown.

    ``semantics`` is ``exact`` (partial operations restrict the domain; a certification that relied
    on definedness conditions lists them in ``conditions`` and reads "certified where defined") or
    ``mathlib`` (every operation total, exactly as Lean 4 / Mathlib defines it; see
    :mod:`pyverify.logic._semantics`). ``timeout`` (seconds) bounds the whole call. With
    ``isolate`` (the default) the engines run in a worker process that is killed if it overruns, so
    no input can hang or crash the caller; ``isolate=False`` runs in this process with cooperative
    deadlines, and a hard time limit (SIGALRM, main thread only) on sympy's evaluation at a point, which
    checks no deadline of its own. ``deadline`` (time.monotonic(), isolated only): the worker is killed then at the
    latest, where a caller's own time limit bounds more than this call (else ``timeout`` plus a grace to answer).
    Raises :class:`pyverify.logic.ParseError` for claim text that does not parse and ValueError for an unknown
    semantics.
    """
    claim = _as_claim(claim)
    check_semantics(semantics)
    if not isolate:
        return decide_local(claim, timeout, seed, semantics)
    from pyverify.certify._worker import run_isolated

    cert = run_isolated(decide_local, (claim, timeout, seed, semantics), timeout, to_text(claim), deadline)
    return cert if cert.semantics == semantics else replace(cert, semantics=semantics)


def equivalent(a: Claim | str, b: Claim | str, timeout: float = DEFAULT_TIMEOUT, *, seed: int = 0,
               isolate: bool = True, semantics: str = "exact") -> Certificate:  # fmt: skip
    """Decide whether two claims are equivalent.

    When their binders match (same quantifiers and sorts, up to renaming and reordering within a
    block) the question is *pointwise*: do their quantifier-free parts agree at every point? A
    refutation then carries a point where one holds and the other fails. Named predicates are
    first treated as uninterpreted, so structure-only equivalences certify without knowing what
    ``prime`` means. Otherwise the claims' truth values are compared (``notion: sentence``).
    """
    a, b = _as_claim(a), _as_claim(b)
    check_semantics(semantics)
    if not isolate:
        return equivalent_local(a, b, timeout, seed, semantics)
    from pyverify.certify._worker import run_isolated

    cert = run_isolated(equivalent_local, (a, b, timeout, seed, semantics), timeout,
                        f"{to_text(a)}  <=>  {to_text(b)}")  # fmt: skip
    return cert if cert.semantics == semantics else replace(cert, semantics=semantics)


def check_witness(
    claim: Claim | str,
    assignment: Mapping[str, Any] | str,
    timeout: float = DEFAULT_TIMEOUT,
    semantics: str = "exact",
) -> WitnessCheck:
    """Check an assignment as a counterexample (∀ claims) or example (∃ claims) by exact evaluation.

    ``assignment`` maps every bound variable to a value (numbers, ``"1/3"``, nested lists for
    matrices and sequences), or is text such as ``"x=2,y=1/3"``. Exact rational arithmetic runs in
    this process (fast: tens of thousands of checks per second), bounded by size limits and by
    ``timeout`` on long sums; irrational intermediate values (√2, exp 1) are compared with sympy's
    algebraic numbers in the worker process under the same deadline. A check that cannot finish is
    rejected with reason ``too_large`` or ``inexact_undecided``, never left hanging. Under
    ``semantics="mathlib"`` the point is evaluated with Mathlib's total operations (the case of
    the claim's Mathlib reading that holds there is checked exactly).
    """
    claim = _as_claim(claim)
    if isinstance(assignment, str):
        parsed = _parsed_assignment(claim, assignment)
        if isinstance(parsed, WitnessCheck):
            return parsed
        assignment = parsed
    if check_semantics(semantics) == "mathlib":
        return check_witness_mathlib(claim, assignment, timeout)
    return _check_witness(_erased(claim), assignment, timeout)


def check_witnesses(
    claim: Claim | str,
    assignments: Iterable[Mapping[str, Any] | str],
    timeout: float = DEFAULT_TIMEOUT,
    semantics: str = "exact",
) -> list[WitnessCheck]:
    """:func:`check_witness` on many assignments of one claim: the same results, in order, each
    under its own deadline of ``timeout`` seconds, with the claim parsed and compiled once (several
    times the throughput of one call per assignment)."""
    from pyverify.certify._witness import check_many

    claim = _as_claim(claim)
    if check_semantics(semantics) == "mathlib":
        return [check_witness(claim, a, timeout, semantics) for a in assignments]
    erased = _erased(claim)
    texts: list[tuple[int, WitnessCheck]] = []
    plain: list[Mapping[str, Any]] = []
    for i, assignment in enumerate(assignments):
        if isinstance(assignment, str):
            parsed = _parsed_assignment(claim, assignment)
            if isinstance(parsed, WitnessCheck):
                texts.append((i, parsed))
                continue
            assignment = parsed
        plain.append(assignment)
    results = check_many(erased, plain, timeout)
    for i, rejected in texts:  # malformed text, in its place
        results.insert(i, rejected)
    return results


def _parsed_assignment(claim: Claim, text: str) -> dict[str, Any] | WitnessCheck:
    from pyverify.certify._witness import ValueError_, parse_assignment

    try:
        return parse_assignment(text, claim.variables)
    except ValueError_ as exc:
        kind = "example" if claim.quantifiers == {"exists"} else "counterexample"
        return WitnessCheck("rejected", kind, "malformed", str(exc))


_ERASED: dict[int, tuple[Claim, Any]] = {}


def _erased(claim: Claim) -> Claim:
    """erase_claim_casts(claim), cached by identity (the same object each time, so the compiled
    checks cached by identity behind it are reused)."""
    return _by_identity(_ERASED, claim, erase_claim_casts)  # type: ignore[no-any-return]


def _pred_names(node: Node) -> set[str]:
    from pyverify.logic._ast import walk

    return {n.name for n in walk(node) if isinstance(n, Pred)}
