"""``pyverify audit self``: the three-direction audit applied to pyverify's own verifiers.

Two verifiers are audited, each against a ground truth computed by an *independent* oracle (sympy,
exact), never by the verifier itself:

* the label-blind claim-audit checker (``pyverify.claims`` ``check``). Items are the canonical
  suite's invalid tasks. D1: the reference counterexample must verify. D2: mechanical mutants of
  that witness (fields ±1, sign, zero, halved, dropped or unknown keys, list and matrix edits);
  a mutant the oracle says still refutes the claim is an equivalent mutant and stays out of D2, every
  other one must be rejected. D3: plausible wrong witnesses — the counterexample of a *neighbouring*
  claim of the same family ("borrowed") and the reference witness moved to the boundary of the
  task's assumptions ("boundary"); a candidate counts only when the oracle proves it is not a
  counterexample (the witness rule), and then the checker must reject it.
* the certification engine (``pyverify.certify.decide``). Items are the catalog's theorems whose truth
  the build certified. D1: the theorem must certify again. D2: AST mutants of the formal statement
  (comparison and arithmetic operator swaps, constants ±1, swapped sides); the oracle looks for a
  point where the mutant fails (exact sympy evaluation), mutants without one are likely equivalent
  and excluded; the rest must not certify. D3: the theorem's certified false siblings (converse,
  dropped hypothesis, off-by-one, …) with their stored witnesses, re-checked by the oracle.

Why an oracle of our own: the audit must not trust the verifier it audits, and the checker and the
engine share pyverify's exact evaluator (``certify._exact``); the oracle goes through sympy instead.

A third section, the *semantics cross-check* (:mod:`pyverify.audit._semantics_check`), decides a
thousand seeded random claims under both semantics (``exact`` and ``mathlib``) and re-checks every
verdict with a reference evaluator of its own: certified ∀ claims at random points, every witness.
Any disagreement fails the audit.

Two more sections check answer equivalence (:mod:`pyverify.audit._answer_oracle`): seeded answer pairs
decided by ``equivalent_answers`` and re-judged by an mpmath oracle that shares no code with pyverify
(no pair called equal that the oracle separates or that has an undefined side, no ``different`` where the
oracle finds them equal), and a hostile "universal key" corpus compared with a panel of pairwise-different
references (no candidate equal to two references, no crash, no overrun of the deadline). Any such
failure fails the audit.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from pyverify.audit import _answer_oracle as answer_oracle
from pyverify.audit._audit import AuditItem, D3Attempt, figures
from pyverify.audit._semantics_check import DEFAULT_CLAIMS, crosscheck, summary_rows
from pyverify.audit._semantics_check import DEFAULT_TIMEOUT as SEMANTICS_TIMEOUT
from pyverify.audit._semantics_check import markdown as crosscheck_markdown

#: The oracle's answer about a witness: True = it refutes the claim, False = it does not (the claim
#: holds there, or the state lies outside the claim's domain or schema), None = undecided.
Truth = bool | None


# ---------------------------------------------------------------- the oracle for claim-audit witnesses


def _rational(value: Any) -> Fraction | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            return None
    return None


def _integer(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    q = _rational(value)
    return int(q) if q is not None and q.denominator == 1 else None


def _sym(value: Fraction) -> Any:
    import sympy

    return sympy.Rational(value.numerator, value.denominator)


def _value(value: Any) -> Any:
    """A point's value for sympy: a Rational, or a Matrix from nested lists."""
    import sympy

    if isinstance(value, list):
        return sympy.Matrix([[_value(x) for x in row] for row in value])
    q = value if isinstance(value, Fraction) else Fraction(str(value))
    return _sym(q)


def _symbols(expr: Any) -> dict[str, Any]:
    return {s.name: s for s in expr.free_symbols}


_OPT_KEYS = ("w", "d", "v", "alpha", "eta", "lambda_m", "lambda_a", "beta1", "beta2", "step", "epsilon")


def _oracle_optimizer(claim: Mapping[str, Any], state: Mapping[str, Any]) -> Truth:
    import sympy

    from pyverify.claims import _families as fam
    from pyverify.logic._convert import to_sympy

    if set(state) != set(_OPT_KEYS):
        return False
    values = {k: _rational(state[k]) for k in _OPT_KEYS if k != "step"}
    step = _integer(state["step"])
    if step is None or any(v is None for v in values.values()) or not 1 <= step <= 10**6:
        return False
    q = {k: v for k, v in values.items() if v is not None}
    # the task's stated assumptions, written out again from the prompt rather than imported
    admissible = (q["v"] >= 0 and q["alpha"] > 0 and q["eta"] > 0 and 0 < q["beta1"] < 1 and 0 <= q["beta2"] < 1
                  and q["epsilon"] >= 0 and not (q["v"] == 0 and q["epsilon"] == 0))  # fmt: skip
    condition = {
        "all": True,
        "equal_learning_rates": q["alpha"] == q["eta"],
        "first_step": step == 1,
        "zero_epsilon": q["epsilon"] == 0 and q["v"] > 0,
        "matched_decay": q["alpha"] * q["lambda_m"] == q["eta"] * q["lambda_a"],
    }.get(str(claim.get("condition")))
    if not admissible or not condition:
        return False if condition is not None else None
    actual, expected = fam.optimizer_discrepancy(dict(claim))
    gap = to_sympy(actual) - to_sympy(expected)
    env = {fam.OPTIMIZER_VARS[k]: _sym(v) for k, v in q.items()}
    env["t"] = sympy.Integer(step)
    symbols = _symbols(gap)
    value = gap.subs({symbols[k]: v for k, v in env.items() if k in symbols})
    value = sympy.nsimplify(sympy.simplify(value))
    if value.has(sympy.zoo, sympy.nan) or not value.is_number:
        return False
    # the checker compares within a relative tolerance of 1e-30-ish; a difference that small is not a
    # counterexample a person can see, so the oracle demands a difference above 1e-20 relative
    magnitude = abs(sympy.N(value, 60))
    reference = to_sympy(expected)
    names = _symbols(reference)
    scale = max(abs(sympy.N(reference.subs({names[k]: v for k, v in env.items() if k in names}), 60)), 1)
    return bool(magnitude > sympy.Float("1e-20") * scale)


def _oracle_recurrence(claim: Mapping[str, Any], state: Mapping[str, Any]) -> Truth:
    import sympy

    from pyverify.claims import _families as fam
    from pyverify.logic._convert import to_sympy

    if set(state) != {"rho", "x0", "inputs", "horizon"} or not isinstance(state["inputs"], list):
        return False
    rho, x0, horizon = _rational(state["rho"]), _rational(state["x0"]), _integer(state["horizon"])
    inputs = [_rational(u) for u in state["inputs"]]
    if rho is None or x0 is None or horizon is None or any(u is None for u in inputs):
        return False
    us = [u for u in inputs if u is not None]
    if horizon < 0 or horizon != len(us) or horizon > 64:
        return False
    condition = str(claim.get("condition"))
    if "constant" in condition and len(set(us)) > 1:
        return False
    if condition == "rho_not_one_constant" and rho == 1:
        return False
    if condition == "rho_one_constant" and rho != 1:
        return False
    truth = x0
    for u in us:
        truth = rho * truth + u
    symbols_env = {"rho": _sym(rho), "x0": _sym(x0), "T": sympy.Integer(horizon), "u": _sym(us[0]) if us else 0}
    sequence = [_sym(u) for u in us]

    def evaluate(node: Any) -> Any:
        expr = to_sympy(node)
        names = _symbols(expr)
        expr = expr.subs({names[k]: v for k, v in symbols_env.items() if k in names}).doit()
        expr = expr.replace(
            lambda e: isinstance(e, sympy.core.function.AppliedUndef) and e.func.__name__ == "us",
            lambda e: sequence[int(e.args[0])] if 0 <= int(e.args[0]) < len(sequence) else sympy.nan,
        )
        return sympy.simplify(expr)

    for piece in fam.recurrence_pieces(claim):
        if piece.when is not None and not bool(evaluate(piece.when)):
            continue
        claimed = evaluate(piece.value)
        if claimed.has(sympy.zoo, sympy.nan):
            return True  # the claimed formula is undefined where the iteration is not
        if not claimed.is_number:
            # a symbol left unsubstituted would make the structural `!=` below say "refutes" for any state
            return None
        return bool(claimed != _sym(truth))
    return None


def _oracle_matrix(claim: Mapping[str, Any], state: Mapping[str, Any]) -> Truth:
    import sympy

    from pyverify.claims import _families as fam
    from pyverify.logic._convert import to_sympy

    if set(state) != {"A", "B"}:
        return False
    mats = {}
    for name in ("A", "B"):
        m = state[name]
        if not (isinstance(m, list) and len(m) == 2 and all(isinstance(r, list) and len(r) == 2 for r in m)):
            return False
        entries = [_rational(x) for r in m for x in r]
        if any(x is None for x in entries):
            return False
        mats[name] = sympy.Matrix(2, 2, [_sym(x) for x in entries if x is not None])

    def evaluate(node: Any) -> Any:
        expr = to_sympy(node)
        names = {s.name: s for s in expr.atoms(sympy.MatrixSymbol)}
        try:
            value = expr.subs({names[k]: v for k, v in mats.items() if k in names}).doit()
            return sympy.simplify(value)
        except (ValueError, ZeroDivisionError, sympy.matrices.exceptions.NonInvertibleMatrixError):
            return None

    for requirement in fam.condition_requirements("linear_algebra", claim["condition"]):
        holds = evaluate(requirement)
        if holds is None or not bool(holds):
            return False
    lhs_node, rhs_node = fam.matrix_sides(claim)
    lhs, rhs = evaluate(lhs_node), evaluate(rhs_node)
    if lhs is None or rhs is None:
        return False
    difference = sympy.simplify(lhs - rhs)
    if isinstance(difference, sympy.MatrixBase):
        return any(entry != 0 for entry in difference)
    return bool(difference != 0)


_ORACLES: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], Truth]] = {
    "optimizer_transport": _oracle_optimizer,
    "affine_recurrence": _oracle_recurrence,
    "linear_algebra": _oracle_matrix,
}


def witness_refutes(task: Any, state: Mapping[str, Any]) -> Truth:
    """The oracle: does ``state`` refute the task's claim? Exceptions mean undecided, never True."""
    try:
        return _ORACLES[task.family](task.claim, state)
    except Exception:  # any oracle failure is "undecided", and undecided counts nowhere
        return None


# ---------------------------------------------------------------- mutating a witness state


def _text(q: Fraction) -> str:
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def state_mutants(state: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Mechanical edits of a witness state: (operator, mutated state)."""
    keys = list(state)
    for key in keys:
        value = state[key]
        q = _rational(value)
        if q is not None:
            for name, new in (("plus1", q + 1), ("minus1", q - 1), ("negate", -q), ("zero", Fraction(0)),
                              ("double", 2 * q), ("halve", q / 2)):  # fmt: skip
                if new != q:
                    out = dict(state)
                    out[key] = new.numerator if isinstance(value, int) and new.denominator == 1 else _text(new)
                    yield f"{name}:{key}", out
        elif isinstance(value, list) and value and all(isinstance(r, list) for r in value):
            out = json.loads(json.dumps(dict(state)))
            out[key] = [list(r) for r in zip(*value)]
            if out[key] != value:
                yield f"transpose:{key}", out
            for i, row in enumerate(value):
                for j, x in enumerate(row):
                    qx = _rational(x)
                    if qx is not None:
                        out = json.loads(json.dumps(dict(state)))
                        out[key][i][j] = _text(qx + 1)
                        yield f"entry_plus1:{key}[{i}][{j}]", out
        elif isinstance(value, list):
            if value:
                yield f"drop_last:{key}", {**state, key: value[:-1]}
                yield f"repeat_last:{key}", {**state, key: [*value, value[-1]]}
                first = _rational(value[0])
                if first is not None:
                    yield f"first_plus1:{key}", {**state, key: [_text(first + 1), *value[1:]]}
        out = {k: v for k, v in state.items() if k != key}
        yield f"drop_key:{key}", out
    yield "unknown_key", {**state, "note": "1"}
    numeric = [k for k in keys if _rational(state[k]) is not None]
    for a, b in zip(numeric, numeric[1:]):
        if state[a] != state[b]:
            yield f"swap:{a},{b}", {**state, a: state[b], b: state[a]}


_BOUNDARY = {
    "optimizer_transport": (
        ("beta1", "1"),
        ("beta1", "0"),
        ("beta2", "1"),
        ("eta", "0"),
        ("alpha", "0"),
        ("step", 0),
        ("v", "-1"),
        ("epsilon", "-1"),
    ),  # fmt: skip
    "affine_recurrence": (("horizon", -1),),
    "linear_algebra": (),
}


def boundary_candidates(family: str, state: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The reference witness moved onto the edge of the task's assumptions (plausible, and wrong)."""
    for key, value in _BOUNDARY.get(family, ()):
        if key in state and state[key] != value:
            yield f"{key}={value}", {**state, key: value}
    if family == "affine_recurrence" and isinstance(state.get("horizon"), int):
        yield "horizon+1", {**state, "horizon": state["horizon"] + 1}
    if family == "linear_algebra":
        yield "A=0", {**state, "A": [["0", "0"], ["0", "0"]]}
        yield "B=I", {**state, "B": [["1", "0"], ["0", "1"]]}


# ---------------------------------------------------------------- auditing the claim checker


def audit_claim_checker(*, mutants: int = 24, seed: int = 0) -> list[AuditItem]:
    """One item per invalid task of the canonical suite (the only tasks with a reference witness)."""
    from pyverify.claims._checker import check
    from pyverify.claims._generate import build

    tasks, references = build(seed=0)
    pairs = [(t, r) for t, r in zip(tasks, references) if r.gold.verdict == "invalid" and r.gold.counterexample]
    rng = random.Random(seed)

    def accepts(task: Any, state: Mapping[str, Any]) -> bool:
        return check(task.model_dump(), {"verdict": "invalid", "counterexample": {"state": state}}).status == "verified"

    items = []
    for task, ref in pairs:
        gold = dict(ref.gold.counterexample["state"])  # type: ignore[index]
        d1 = accepts(task, gold) and witness_refutes(task, gold) is True
        pool = list(state_mutants(gold))
        rng.shuffle(pool)
        pool = pool[:mutants]
        killed = equivalent = run = 0
        survivors = []
        for name, state in pool:
            truth = witness_refutes(task, state)
            if truth is None:
                continue
            run += 1
            if truth:
                equivalent += 1
            elif not accepts(task, state):
                killed += 1
            else:
                survivors.append(name)
        attempts = []
        for other, other_ref in pairs:
            if other.family != task.family or other.task_id == task.task_id:
                continue
            state = dict(other_ref.gold.counterexample["state"])  # type: ignore[index]
            truth = witness_refutes(task, state)
            attempts.append(D3Attempt(adversary="borrowed", candidate_id=other.task_id, witness=json.dumps(state),
                                      separated=truth is False,
                                      accepted=accepts(task, state) if truth is False else None))  # fmt: skip
        for name, state in boundary_candidates(task.family, gold):
            truth = witness_refutes(task, state)
            attempts.append(D3Attempt(adversary="boundary", candidate_id=name, witness=json.dumps(state),
                                      separated=truth is False,
                                      accepted=accepts(task, state) if truth is False else None))  # fmt: skip
        notes = f"surviving mutants: {', '.join(survivors)}" if survivors else ""
        items.append(AuditItem(item_id=f"claims/{task.task_id}", d1=d1, mutants_total=len(pool), mutants_run=run,
                               mutants_killed=killed, mutants_equivalent=equivalent, d3=tuple(attempts),
                               notes=notes))  # fmt: skip
    return items


# ---------------------------------------------------------------- auditing the certification engine


_REL_SWAPS = {"<=": "<", "<": "<=", ">=": ">", ">": ">=", "=": "!=", "!=": "="}
_OP_SWAPS = {"+": "-", "-": "+", "*": "+"}


def claim_mutants(claim: Any) -> Iterator[tuple[str, Any]]:
    """AST mutants of a formal claim, one edit each: comparison and arithmetic operator swaps, swapped
    sides, constants ±1, a dropped assumption."""
    from pyverify.logic import Num, Op, Rel, walk
    from pyverify.logic._ast import rewrite

    fields = _fields(claim)
    for index in range(len(claim.assumptions)):
        kept = claim.assumptions[:index] + claim.assumptions[index + 1 :]
        yield f"drop assumption {index}", type(claim)(**{**fields, "assumptions": kept})
    sites = list(walk(claim.body))
    for index, node in enumerate(sites):
        edits: list[tuple[str, Any]] = []
        if isinstance(node, Rel) and node.op in _REL_SWAPS:
            edits.append((f"{node.op} -> {_REL_SWAPS[node.op]}", Rel(_REL_SWAPS[node.op], node.left, node.right)))
            if node.op not in ("=", "!="):
                edits.append((f"swap sides of {node.op}", Rel(node.op, node.right, node.left)))
        if isinstance(node, Op) and node.op in _OP_SWAPS and len(node.args) == 2:
            edits.append((f"{node.op} -> {_OP_SWAPS[node.op]}", Op(_OP_SWAPS[node.op], node.args)))
            if node.op == "-":
                edits.append(("swap sides of -", Op("-", (node.args[1], node.args[0]))))
        if isinstance(node, Num):
            edits.append((f"{node.value} -> {node.value + 1}", Num(node.value + 1)))
            if node.value != 0:
                edits.append((f"{node.value} -> {node.value - 1}", Num(node.value - 1)))
        for name, replacement in edits:

            def swap(n: Any, target: Any = node, new: Any = replacement) -> Any:
                return new if n is target else n

            try:
                body = rewrite(claim.body, swap)
                yield f"{name} @{index}", type(claim)(**{**fields, "body": body})
            except (TypeError, ValueError):
                continue


def _fields(claim: Any) -> dict[str, Any]:
    import dataclasses

    return {f.name: getattr(claim, f.name) for f in dataclasses.fields(claim)}


_FRACTIONS = [Fraction(-2), Fraction(-1), Fraction(-1, 2), Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1),
              Fraction(2), Fraction(3)]  # fmt: skip
_GRIDS: dict[str, list[Fraction]] = {
    "N": [Fraction(n) for n in (0, 1, 2, 3, 4, 5, 7)],
    "Z": [Fraction(n) for n in (-3, -2, -1, 0, 1, 2, 3, 5)],
    "Q": _FRACTIONS,
    "R": _FRACTIONS,
}


def _points(variables: Mapping[str, Any], rng: random.Random, count: int) -> Iterator[dict[str, Any]]:
    names = sorted(variables)

    def pick(sort: Any) -> Any:
        if sort.kind == "Mat":
            return [[rng.choice(_GRIDS["Z"]) for _ in range(sort.n)] for _ in range(sort.n)]
        return rng.choice(_GRIDS[sort.kind])

    for _ in range(count):
        yield {name: pick(variables[name]) for name in names}


def claim_fails_somewhere(claim: Any, *, seed: int = 0, points: int = 60) -> Truth:
    """Oracle for a universally quantified claim, by exact sympy evaluation at sampled points: True when
    some point (where every term is defined) makes it false, False when none of the points does (the
    claim is then *likely* true: no finite search proves it), None when the oracle cannot evaluate it
    (other quantifiers, matrix or sequence variables, nothing defined at any point)."""
    import sympy

    from pyverify.logic._convert import to_sympy

    if claim.quantifiers != {"forall"} or any(s.kind not in (*_GRIDS, "Mat") for s in claim.variables.values()):
        return None
    try:
        expr = to_sympy(claim)
    except Exception:  # sympy can raise almost anything here: undecided
        return None
    symbols = _symbols(expr)
    rng = random.Random(seed)
    evaluated = 0
    for point in _points(claim.variables, rng, points):
        try:
            value = expr.subs({symbols[k]: _value(v) for k, v in point.items() if k in symbols}).doit()
            value = sympy.simplify(value)
        except Exception:  # undefined at this point
            continue
        if value not in (sympy.true, sympy.false) or _undefined_at(claim, point):
            continue
        evaluated += 1
        if value is sympy.false:
            return True
    return False if evaluated else None


def _undefined_at(claim: Any, point: Mapping[str, Any]) -> bool:
    """Whether some term of the claim is undefined at the point (division by zero, factorial or log of
    a negative number, square root of a negative, …): the claim's domain then excludes the point, and a
    false body there is no counterexample. Judged by sympy's own values (zoo, nan, non-real), not by
    pyverify's definedness conditions."""
    import sympy

    from pyverify.logic import Call, Index, Op, SumOf, walk
    from pyverify.logic._convert import to_sympy

    for formula in (*claim.assumptions, claim.body):
        for node in walk(formula):
            if not isinstance(node, (Op, Call, SumOf, Index)):
                continue
            try:
                expr = to_sympy(node)
                names = _symbols(expr)
                value = expr.subs({names[k]: _value(v) for k, v in point.items() if k in names}).doit()
            except Exception:  # sympy can raise almost anything here: undecided
                return True
            values = list(value) if isinstance(value, sympy.MatrixBase) else [value]
            for v in values:
                if isinstance(v, sympy.Basic) and (v.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)
                                                   or (v.is_number and v.is_real is False)):  # fmt: skip
                    return True
    return False


def witness_falsifies(claim: Any, witness: Mapping[str, Any]) -> Truth:
    """Oracle for a stored witness: does the claim's body fail there (exact, via sympy)?"""
    import sympy

    from pyverify.logic._convert import to_sympy

    try:
        expr = to_sympy(claim)
        symbols = _symbols(expr)
        point = dict(witness)
        value = sympy.simplify(expr.subs({symbols[k]: _value(v) for k, v in point.items() if k in symbols}).doit())
    except Exception:  # sympy can raise almost anything here: undecided
        return None
    if value is sympy.false:
        return not _undefined_at(claim, point)
    return False if value is sympy.true else None


@dataclass(frozen=True)
class _Theorem:
    theorem_id: str
    formal: str
    siblings: tuple[tuple[str, str, dict[str, Any]], ...]  # (sibling id, formal, witness)


def _certified_theorems() -> list[_Theorem]:
    from pyverify.catalog._build import GENERATED, load_items

    items = load_items()
    certificates = {}
    with (GENERATED / "certificates.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            certificates[row["certificate_id"]] = row
    canonical = [i for i in items if i["family"] == "canonical"]
    siblings: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for item in canonical:
        cert = certificates.get(item.get("truth_certificate", ""))
        if item["label"] == "FALSE" and cert and cert.get("witness"):
            siblings.setdefault(item["parent_theorem"], []).append(
                (item["theorem_id"], item["formal"], cert["witness"])
            )
    out = []
    for item in canonical:
        cert = certificates.get(item.get("truth_certificate", ""))
        if item["label"] == "TRUE" and cert and cert["status"] == "certified":
            out.append(_Theorem(item["theorem_id"], item["formal"], tuple(siblings.get(item["theorem_id"], ()))))
    return out


def audit_certify_engine(*, limit: int | None = 30, mutants: int = 6, timeout: float = 5.0,
                         seed: int = 0) -> list[AuditItem]:  # fmt: skip
    """One item per catalog theorem whose truth the build certified (the first ``limit``, spread by domain)."""
    from pyverify.certify import decide
    from pyverify.logic import parse

    theorems = _certified_theorems()
    if limit is not None and limit < len(theorems):
        step = len(theorems) / limit
        theorems = [theorems[int(i * step)] for i in range(limit)]
    rng = random.Random(seed)

    def accepts(claim: Any) -> bool:
        return decide(claim, timeout).status == "certified"

    items = []
    for theorem in theorems:
        claim = parse(theorem.formal)
        d1 = accepts(claim)
        pool = list(claim_mutants(claim))
        rng.shuffle(pool)
        killed = equivalent = run = 0
        survivors = []
        for name, mutant in pool:
            if run >= mutants:
                break
            truth = claim_fails_somewhere(mutant, seed=seed)
            if truth is None:
                continue  # the oracle cannot judge it: not run
            run += 1
            if truth is False:
                equivalent += 1  # no point separates it from the true statement: likely equivalent
            elif accepts(mutant):
                survivors.append(name)
            else:
                killed += 1
        attempts = []
        for sibling_id, formal, witness in theorem.siblings:
            sibling = parse(formal)
            truth = witness_falsifies(sibling, witness)
            attempts.append(D3Attempt(adversary="false-sibling", candidate_id=sibling_id, witness=json.dumps(witness),
                                      separated=truth is True,
                                      accepted=accepts(sibling) if truth is True else None))  # fmt: skip
        notes = f"surviving mutants: {', '.join(survivors)}" if survivors else ""
        items.append(AuditItem(item_id=f"certify/{theorem.theorem_id}", d1=d1, mutants_total=len(pool),
                               mutants_run=run, mutants_killed=killed, mutants_equivalent=equivalent,
                               d3=tuple(attempts), notes=notes))  # fmt: skip
    return items


# ---------------------------------------------------------------- the command


_WHAT = {
    "claims-checker": "the label-blind claim-audit checker on the canonical suite's invalid tasks; D1 reference "
    "counterexample, D2 mutated witnesses, D3 borrowed and boundary witnesses; ground truth by a sympy oracle",
    "certify-engine": "pyverify.certify.decide on the catalog theorems the build certified; D1 the theorem, D2 AST "
    "mutants, D3 the certified false siblings; ground truth by exact sympy evaluation at points",
}


def run_self_audit(
    *, limit: int | None = None, mutants: int = 6, timeout: float = 5.0, seed: int = 0,
    semantics_claims: int = DEFAULT_CLAIMS, semantics_timeout: float = SEMANTICS_TIMEOUT,
    answer_pairs: int = answer_oracle.DEFAULT_PAIRS, hostile_candidates: int = answer_oracle.DEFAULT_CANDIDATES,
    answer_timeout: float = answer_oracle.DEFAULT_TIMEOUT,
) -> dict[str, Any]:  # fmt: skip
    """Audit both verifiers, cross-check the two semantics and check answer equivalence; return the audit
    record (per verifier: items, verdicts, figures; ``semantics_crosscheck``: the cross-check's counts, or
    None when ``semantics_claims`` is 0; ``answer_oracle`` and ``universal_key``: the answer checks' counts,
    or None when ``answer_pairs`` / ``hostile_candidates`` is 0)."""
    out: dict[str, Any] = {"schema_version": 3, "verifiers": {}}
    for name, items in (
        ("claims-checker", audit_claim_checker(seed=seed)),
        ("certify-engine", audit_certify_engine(limit=limit, mutants=mutants, timeout=timeout, seed=seed)),
    ):
        out["verifiers"][name] = {
            "what": _WHAT[name],
            "items": [i.to_dict() for i in items],
            "figures": figures(items),
        }
    out["semantics_crosscheck"] = (
        crosscheck(semantics_claims, seed=seed, timeout=semantics_timeout) if semantics_claims > 0 else None
    )
    out["answer_oracle"] = (
        answer_oracle.run_oracle(answer_pairs, seed, answer_timeout).to_dict() if answer_pairs > 0 else None
    )
    out["universal_key"] = (
        answer_oracle.run_universal_key(hostile_candidates, seed, answer_timeout).to_dict()
        if hostile_candidates > 0 else None
    )  # fmt: skip
    return out


def audit_self(out: Path, json_output: bool, *, limit: int | None = None, mutants: int = 6,
               timeout: float = 5.0, semantics_claims: int = DEFAULT_CLAIMS,
               semantics_timeout: float = SEMANTICS_TIMEOUT, answer_pairs: int = answer_oracle.DEFAULT_PAIRS,
               hostile_candidates: int = answer_oracle.DEFAULT_CANDIDATES,
               answer_timeout: float = answer_oracle.DEFAULT_TIMEOUT) -> int:  # fmt: skip
    """Write ``audit.json`` and ``audit.md`` under ``out``; exit 0 when no verifier is BROKEN or
    FALSE-POSITIVE anywhere, the semantics cross-check has no disagreement and the answer checks no
    failure, 1 otherwise."""
    record = run_self_audit(limit=limit, mutants=mutants, timeout=timeout, semantics_claims=semantics_claims,
                            semantics_timeout=semantics_timeout, answer_pairs=answer_pairs,
                            hostile_candidates=hostile_candidates, answer_timeout=answer_timeout)  # fmt: skip
    cross = record["semantics_crosscheck"]
    oracle_run, key_run = record["answer_oracle"], record["universal_key"]
    out.mkdir(parents=True, exist_ok=True)
    (out / "audit.json").write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (out / "audit.md").write_text(_markdown(record), encoding="utf-8")
    bad = [i["item_id"] for v in record["verifiers"].values() for i in v["items"]
           if i["verdict"] in ("BROKEN", "FALSE-POSITIVE")]  # fmt: skip
    if cross is not None and (cross["disagreements"] or cross["errors"]):
        bad.append("semantics-crosscheck")
    if oracle_run is not None and oracle_run["failure_count"]:
        bad.append("answer-oracle")
    if key_run is not None and key_run["failure_count"]:
        bad.append("universal-key")
    if json_output:
        summary: dict[str, Any] = {k: v["figures"].get("verdicts") for k, v in record["verifiers"].items()}
        if cross is not None:
            summary["semantics-crosscheck"] = _crosscheck_summary(cross)
        if oracle_run is not None:
            summary["answer-oracle"] = _answer_oracle_summary(oracle_run)
        if key_run is not None:
            summary["universal-key"] = _universal_key_summary(key_run)
        print(json.dumps(summary, sort_keys=True))
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title="pyverify audit self")
        table.add_column("verifier")
        table.add_column("items", justify="right")
        table.add_column("verdicts")
        for name, entry in record["verifiers"].items():
            counts = entry["figures"].get("verdicts", {})
            table.add_row(name, str(len(entry["items"])), ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if v))
        Console().print(table)
        if cross is not None:
            cross_table = Table(title="semantics cross-check",
                                caption=f"{cross['claims']} random claims, seed {cross['seed']}")  # fmt: skip
            for column in ("figure", "exact", "mathlib"):
                cross_table.add_column(column, justify="left" if column == "figure" else "right")
            for row in summary_rows(cross):
                cross_table.add_row(*row)
            Console().print(cross_table)
            print(f"disagreements: {cross['disagreements']}; verdict differs between the semantics on "
                  f"{cross['verdicts_differ']} claims ({cross['opposite_verdicts']} certified vs refuted)")  # fmt: skip
            for d in cross["disagreement_list"][:10]:
                print(f"  DISAGREEMENT [{d['semantics']}] {d['claim']}: {d['kind']} at {d['point']}: {d['detail']}")
        if oracle_run is not None or key_run is not None:
            _print_answer_checks(oracle_run, key_run)
        print(f"wrote {out / 'audit.json'} and {out / 'audit.md'}")
    return 1 if bad else 0


def _answer_oracle_summary(run: Mapping[str, Any]) -> dict[str, Any]:
    """The oracle check's headline figures for ``--json``."""
    keys = ("pairs", "equal_but_different", "equal_but_undefined", "different_but_equal", "undefined_but_defined",
            "unknown", "errors", "overruns", "failure_count", "seconds")  # fmt: skip
    return {k: run[k] for k in keys}


def _universal_key_summary(run: Mapping[str, Any]) -> dict[str, Any]:
    """The universal-key check's headline figures for ``--json``."""
    keys = ("candidates", "not_compared", "comparisons", "equal_to_one", "multi_equal", "crashes", "overruns",
            "failure_count", "seconds")  # fmt: skip
    return {k: run[k] for k in keys}


def _print_answer_checks(oracle_run: Mapping[str, Any] | None, key_run: Mapping[str, Any] | None) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="answer equivalence: independent oracle and universal-key corpus")
    table.add_column("check")
    table.add_column("size", justify="right")
    table.add_column("failures (must be 0)")
    table.add_column("other")
    if oracle_run is not None:
        r = oracle_run
        table.add_row("oracle", f"{r['pairs']} pairs",
                      f"equal≠ {r['equal_but_different']}, equal-undefined {r['equal_but_undefined']}, "
                      f"different= {r['different_but_equal']}, undefined-defined {r['undefined_but_defined']}, "
                      f"errors {r['errors']}, overruns {r['overruns']}",
                      f"unknown {r['unknown']}, {r['seconds']} s")  # fmt: skip
    if key_run is not None:
        k = key_run
        table.add_row("universal key", f"{k['candidates']} candidates",
                      f"equal to 2+ references {k['multi_equal']}, crashes {k['crashes']}, overruns {k['overruns']}",
                      f"{k['not_compared']} not compared, {k['comparisons']} comparisons, {k['seconds']} s")  # fmt: skip
    Console().print(table)
    for run in (oracle_run, key_run):
        for f in (run or {}).get("failures", [])[:10]:
            shown = {k: v for k, v in f.items() if k != "failure" and v not in (None, "")}
            print(f"  {f['failure'].upper()} {shown}")


def _crosscheck_summary(cross: Mapping[str, Any]) -> dict[str, Any]:
    """The cross-check's headline figures for ``--json``."""
    return {
        "claims": cross["claims"],
        "disagreements": cross["disagreements"],
        "errors": len(cross["errors"]),
        "points_evaluated": cross["points_evaluated"],
        "witnesses_rechecked": cross["witnesses_rechecked"],
        "verdicts_differ": cross["verdicts_differ"],
        "opposite_verdicts": cross["opposite_verdicts"],
        "semantics": {s: {k: v[k] for k in ("certified", "refuted", "unknown")} for s, v in cross["semantics"].items()},
    }


def _markdown(record: Mapping[str, Any]) -> str:
    lines = ["# pyverify audit self", ""]
    for name, entry in record["verifiers"].items():
        lines += [f"## {name}", "", "| verdict | items |", "|---|---|"]
        for verdict_name, count in sorted(entry["figures"].get("verdicts", {}).items()):
            lines.append(f"| {verdict_name} | {count} |")
        lines += ["", "| item | verdict | D1 | D2 killed / run (equivalent) | D3 separated / accepted | notes |",
                  "|---|---|---|---|---|---|"]  # fmt: skip
        for item in entry["items"]:
            d3: Sequence[Mapping[str, Any]] = item["d3"]
            separated = sum(1 for a in d3 if a["separated"])
            accepted = sum(1 for a in d3 if a["separated"] and a["accepted"])
            lines.append(f"| {item['item_id']} | {item['verdict']} | {item['d1']} | {item['mutants_killed']} / "
                         f"{item['mutants_run'] - item['mutants_equivalent']} ({item['mutants_equivalent']}) | "
                         f"{separated} / {accepted} | {item['notes']} |")  # fmt: skip
        lines.append("")
    if record.get("semantics_crosscheck"):
        lines += crosscheck_markdown(record["semantics_crosscheck"])
    lines += answer_oracle.markdown(record.get("answer_oracle"), record.get("universal_key"))
    return "\n".join(lines)
