"""Symbolic identities: proving that two terms are equal wherever the claim is defined.

:func:`prove_equal` maps both sides to exact normal forms in sympy's sparse rational function
fields (:mod:`pyverify.certify._normal_form`, where the soundness of treating opaque subterms as
generators is argued); a difference that normalizes to zero is a certificate, valid at every point
where the claim is defined.

Sums whose upper bound grows with a natural number ``n`` are handled by induction: the base cases
are checked exactly and the step ``E(n) − E(n−1) = 0`` is an identity in ℚ(n, …, σ, ρ) where σ
stands for the sum and ρ for each ``b^n``.

The seam: this module holds the proof strategies (:func:`prove_equal`, :func:`prove_by_induction`,
:func:`atom_is_identity`) and the result they give (:class:`IdentityResult`); how a term becomes a
normal form is in :mod:`pyverify.certify._normal_form`, which it imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping

from pyverify.certify._normal_form import (
    MAX_EXPONENT,
    Decline,
    _constant_value,
    _Field,
    _linear_exponent,
    _names,
    _NeedField,
    _opaque_atoms,
    _pow_int,
    _qq,
    _scan,
    _Translator,
)
from pyverify.logic import (
    Call,
    Index,
    Num,
    Op,
    Rel,
    SumOf,
    Var,
    term_text,
)
from pyverify.logic._ast import Node, erase_casts, rewrite, substitute, walk
from pyverify.logic._convert import _const_int


@dataclass
class IdentityResult:
    """Outcome of an identity attempt: ``holds`` True (certified), False (not an identity), None (declined)."""

    holds: bool | None
    evidence: dict[str, Any]
    reason: str = ""


def prove_equal(left: Node, right: Node, deadline: float = float("inf")) -> IdentityResult:
    """Decide whether ``left = right`` is an identity of rational functions (opaque atoms abstracted)."""
    left, right = erase_casts(left), erase_casts(right)  # an up-cast keeps the value
    try:
        return _prove_equal(left, right, deadline, polynomial=True)
    except _NeedField:
        return _prove_equal(left, right, deadline, polynomial=False)


def _prove_equal(left: Node, right: Node, deadline: float, polynomial: bool) -> IdentityResult:
    try:
        scan = _scan([left, right])
        names, atoms = scan.generator_names(), scan.atoms
        fld = _Field(names, polynomial)
        constants: dict[Node, Any] = {}
        for node in list(walk(left)) + list(walk(right)):
            if isinstance(node, (Call, Index, SumOf, Op)) and node not in atoms and _is_opaque_kind(node):
                value = _constant_value(node)
                if value is not None:
                    constants[node] = fld.one * _qq(value)
        t = _Translator(fld, atoms, constants, deadline, scan)
        lv, rv = t.value(left), t.value(right)
    except Decline as exc:
        return IdentityResult(None, {}, str(exc))
    except (ZeroDivisionError, RecursionError, ValueError, ArithmeticError) as exc:
        return IdentityResult(None, {}, f"normalization failed: {type(exc).__name__}")
    if isinstance(lv, list) != isinstance(rv, list):
        return IdentityResult(None, {}, "comparing a matrix with a number")
    if isinstance(lv, list):
        diffs = [a - b for r, s in zip(lv, rv) for a, b in zip(r, s)]
        holds = all(d == 0 for d in diffs)
        evidence: dict[str, Any] = {"normal_form": _show_matrix(lv), "entries_checked": len(diffs)}
    else:
        diff = lv - rv
        holds = diff == 0
        evidence = {"normal_form": _show(lv)}
        if not holds:
            evidence["difference"] = _show(diff)
    if atoms:
        evidence["abstracted"] = {name: term_text(node) for node, name in atoms.items()}
    if scan.closed_sums:
        evidence["closed_form_sums"] = sorted(term_text(x) for x in scan.closed_sums)
    if scan.powers:
        evidence["powers_as_generators"] = sorted({term_text(x) for x in scan.powers})
    if scan.factorials or scan.binomials:
        evidence["expanded"] = sorted({term_text(x) for x in list(scan.factorials) + list(scan.binomials)})
    return IdentityResult(holds, evidence)


def _is_opaque_kind(node: Node) -> bool:
    if isinstance(node, (Index, SumOf)):
        return True
    if isinstance(node, Call):
        return node.func not in ("det", "trace", "transpose", "inverse")
    if isinstance(node, Op) and node.op == "^":
        k = _const_int(node.args[1], limit=10**6)
        return k is None or abs(k) > MAX_EXPONENT
    return False


def _show(value: Any, limit: int = 400) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show_matrix(m: list[list[Any]]) -> str:
    return "[" + ", ".join("[" + ", ".join(_show(e, 120) for e in row) + "]" for row in m) + "]"


# ---------------------------------------------------------------- induction over sums


def prove_by_induction(left: Node, right: Node, naturals: list[str], deadline: float = float("inf")) -> IdentityResult:
    """Prove ``left = right`` for all natural ``n`` when sums' upper bounds grow with ``n``."""
    left, right = erase_casts(left), erase_casts(right)
    sums = [s for s in _top_sums([left, right])]
    if not sums:
        return IdentityResult(None, {}, "no sum to induct over")
    candidates = [n for n in naturals if any(n in _names(s.hi) for s in sums)]
    last_reason = "no natural variable bounds the sums"
    for n in candidates:
        factored = {x: _factor_out(x, n) for x in sums if n in _names(x.body)}
        if factored and all(v is not None for v in factored.values()):
            step_left, step_right = _replace(left, factored), _replace(right, factored)  # type: ignore[arg-type]
            step_sums = _top_sums([step_left, step_right])
            result = _induct(step_left, step_right, n, step_sums, deadline, originals=(left, right))
        else:
            result = _induct(left, right, n, sums, deadline)
        if result.holds is not None:
            return result
        last_reason = result.reason
    return IdentityResult(None, {}, last_reason)


def _top_sums(nodes: list[Node]) -> list[SumOf]:
    out: list[SumOf] = []
    seen: set[SumOf] = set()
    stack = list(nodes)
    while stack:
        n = stack.pop()
        if isinstance(n, SumOf):
            if n not in seen:
                seen.add(n)
                out.append(n)
            continue
        from pyverify.logic._ast import children

        stack.extend(children(n))
    return out


def _linear_in(node: Node, n: str) -> tuple[int, int] | None:
    """(a, b) with node = a·n + b for integer a, b; None otherwise."""
    zero_at = _const_int(substitute(node, {n: Num(Fraction(0))}))
    one_at = _const_int(substitute(node, {n: Num(Fraction(1))}))
    two_at = _const_int(substitute(node, {n: Num(Fraction(2))}))
    if zero_at is None or one_at is None or two_at is None:
        return None
    a = one_at - zero_at
    if two_at - one_at != a:
        return None
    return a, zero_at


def _factor_out(s: SumOf, n: str) -> Node | None:
    """Σ_k c·b^(a·n + e(k))·g(k) rewritten as b^(a·n) · Σ_k c·b^(e(k))·g(k), so the body no longer
    depends on n; None when the body depends on n otherwise.

    Used only for the induction step, whose identity is checked in ℚ(…, b, b^n): for each fixed n the
    original is a rational function of b, so agreement for b ≠ 0 carries over wherever it is defined.
    """
    factors = list(s.body.args) if isinstance(s.body, Op) and s.body.op == "*" else [s.body]
    outer: list[Node] = []
    inner: list[Node] = []
    for f in factors:
        if n not in _names(f):
            inner.append(f)
            continue
        if not (isinstance(f, Op) and f.op == "^") or (_names(f.args[0]) & {n, s.var}):
            return None
        lin = _linear_exponent(f.args[1])
        if lin is None or n not in lin[0]:
            return None
        coeffs, constant = lin
        a = coeffs[n]
        nvar = next(v for v in walk(f.args[1]) if isinstance(v, Var) and v.name == n)
        outer.append(Op("^", (f.args[0], Op("*", (Num(Fraction(a)), nvar)))))
        rest: Node = Num(Fraction(constant))
        for var, c in coeffs.items():
            if var == n or c == 0:
                continue
            v = next(x for x in walk(f.args[1]) if isinstance(x, Var) and x.name == var)
            rest = Op("+", (rest, Op("*", (Num(Fraction(c)), v))))
        inner.append(Op("^", (f.args[0], rest)))
    body = inner[0] if len(inner) == 1 else Op("*", tuple(inner))
    return Op("*", (*outer, SumOf(s.var, s.lo, s.hi, body)))


def _replace(node: Node, mapping: dict[Node, Node]) -> Node:
    """Replace whole subterms (by structural equality)."""
    return rewrite(node, lambda n: mapping.get(n, n))


def _induct(left: Node, right: Node, n: str, sums: list[SumOf], deadline: float,
            originals: tuple[Node, Node] | None = None) -> IdentityResult:  # fmt: skip
    """``originals`` (the sides as written) are what the base cases check when the step uses rewritten sides."""
    base_left, base_right = originals if originals is not None else (left, right)
    nvar = Var(n, sort_of_var(left, right, n))
    shifted = {n: Op("-", (nvar, Num(Fraction(1))))}
    threshold = 1
    for s in sums:
        if n in _names(s.lo):
            return IdentityResult(None, {}, f"the lower bound of '{term_text(s)}' depends on {n}")
        if n in _names(s.body):
            return IdentityResult(None, {}, f"the body of '{term_text(s)}' depends on {n}")
        hi = _linear_in(s.hi, n)
        lo = _const_int(s.lo)
        if n in _names(s.hi) and (hi is None or hi[0] != 1 or lo is None):
            return IdentityResult(None, {}, f"the upper bound of '{term_text(s)}' is not n + constant")
        if hi is not None and lo is not None:
            threshold = max(threshold, lo - hi[1] + 1)
    if threshold > 50:
        return IdentityResult(None, {}, "too many base cases")
    # base cases n = 0 .. threshold: sums have constant bounds there
    for value in range(threshold + 1):
        point = {n: Num(Fraction(value))}
        base_case = prove_equal(substitute(base_left, point), substitute(base_right, point), deadline)
        if base_case.holds is not True:
            reason = base_case.reason or f"the base case {n} = {value} fails"
            return IdentityResult(False if base_case.holds is False else None, base_case.evidence, reason)
    # the step: sigma_i for each sum at n, rho_b for each b^(a·n + c)
    sum_names = {s: f"_sigma{i}" for i, s in enumerate(sums)}
    powers: dict[Node, tuple[str, int, int, Node]] = {}
    tops = {s: substitute(s.body, {s.var: s.hi}) for s in sums}  # f(hi(n))
    for node in list(walk(left)) + list(walk(right)) + [x for t in tops.values() for x in walk(t)]:
        if isinstance(node, Op) and node.op == "^" and n in _names(node.args[1]):
            lin = _linear_in(node.args[1], n)
            if lin is None or n in _names(node.args[0]):
                return IdentityResult(None, {}, f"'{term_text(node)}' is not b^(a·{n} + c)")
            powers[node] = (f"_rho{len({p[3] for p in powers.values()})}", lin[0], lin[1], node.args[0])
    rho_of_base: dict[Node, str] = {}
    for _node, (_name, _a, _c, base) in powers.items():
        rho_of_base.setdefault(base, f"_rho{len(rho_of_base)}")
    try:
        shifted_sides = [substitute(x, shifted) for x in (left, right)]
        shifted_sums = [substitute(x, shifted) for x in sums]
        shifted_powers = {substitute(x, shifted): v for x, v in powers.items()}
        stripped = [_strip(x, sums, powers) for x in (left, right)]
        stripped += [_strip(x, shifted_sums, shifted_powers) for x in shifted_sides]
        bases = [power[3] for power in powers.values()]  # the bases' variables are generators too
        names, atoms = _opaque_atoms(stripped + [_strip(t, sums, powers) for t in tops.values()] + bases)
        others = [a for a in atoms if not isinstance(a, Index)]
        if others:
            raise Decline("the induction step needs rational arithmetic apart from sums, powers of n and sequence "
                          "values; found " + ", ".join(term_text(a) for a in others))  # fmt: skip
        gen_names = list(dict.fromkeys(names + [n] + list(sum_names.values()) + list(rho_of_base.values())))
        fld = _Field(gen_names)
        overrides_now: dict[Node, Any] = {}
        overrides_prev: dict[Node, Any] = {}
        base_translator = _Translator(fld, atoms, overrides_now, deadline)
        for node, (_, a, c, base) in powers.items():
            rho = fld.gens[rho_of_base[base]]
            b = _Translator(fld, atoms, {}, deadline).value(base)
            overrides_now[node] = _pow_int(rho, a, fld) * _pow_int(b, c, fld)
            overrides_prev[substitute(node, shifted)] = _pow_int(rho, a, fld) * _pow_int(b, c - a, fld)
        for s, name in sum_names.items():
            sigma = fld.gens[name]
            overrides_prev[substitute(s, shifted)] = sigma - base_translator.value(tops[s])
            overrides_now[s] = sigma
        now = _Translator(fld, atoms, overrides_now, deadline)
        prev = _Translator(fld, atoms, overrides_prev, deadline)
        e_now = now.value(left) - now.value(right)
        e_prev = prev.value(shifted_sides[0]) - prev.value(shifted_sides[1])
        step = e_now - e_prev
        how = f"E({n}) - E({n}-1) normalizes to 0 with each sum and each power of {n} as a generator"
        if step != 0:
            # E(n) = c·E(n−1) for a rational multiplier c also carries the induction: the hypothesis
            # E(n−1) = 0 holds as a rational function for that n, so E(n) is zero as one too. c is
            # read off the coefficient of a sum generator (E is linear in each of them).
            step = None
            for name in sum_names.values():
                gen = fld.gens[name]
                a_prev = e_prev.diff(gen)
                if a_prev == 0:
                    continue
                multiplier = e_now.diff(gen) / a_prev
                # c must not involve the sum or power generators: specializing those could make
                # its denominator vanish identically
                special = [fld.gens[g] for g in list(sum_names.values()) + list(rho_of_base.values())]
                if any(multiplier.diff(x) != 0 for x in special):
                    continue
                if e_now - multiplier * e_prev == 0:
                    step = 0
                    how = (
                        f"E({n}) = c·E({n}-1) with c = {_show(multiplier, 120)}, each sum and power of {n} a generator"
                    )
                    break
    except Decline as exc:
        return IdentityResult(None, {}, str(exc))
    except (ZeroDivisionError, ValueError, ArithmeticError) as exc:
        return IdentityResult(None, {}, f"the induction step failed: {type(exc).__name__}")
    if step != 0:
        shown = {"step_difference": _show(step)} if step is not None else {}
        return IdentityResult(None, shown, "the induction step is not an identity")
    return IdentityResult(True, {
        "induction_on": n,
        "base_cases": list(range(threshold + 1)),
        "step": how,
        "sums": [term_text(s) for s in sums],
    })  # fmt: skip


def sort_of_var(left: Node, right: Node, name: str) -> Any:
    for node in list(walk(left)) + list(walk(right)):
        if isinstance(node, Var) and node.name == name:
            return node.sort
    raise Decline(f"no variable {name}")


def _strip(node: Node, sums: Iterable[Node], powers: Mapping[Node, Any]) -> Node:
    """The node with sums and n-powers replaced by 0 (to find any other opaque parts)."""
    mapping_nodes = set(sums) | set(powers)

    def go(x: Node) -> Node:
        if x in mapping_nodes:
            return Num(Fraction(0))
        if isinstance(x, Op):
            return Op(x.op, tuple(go(a) for a in x.args))
        if isinstance(x, Call):
            return Call(x.func, tuple(go(a) for a in x.args))
        if isinstance(x, Index):
            return Index(x.seq, go(x.index))
        return x

    return go(node)


def atom_is_identity(atom: Node, naturals: list[str], deadline: float) -> IdentityResult:
    """Whether a relation holds at every point where it is defined (``=`` only, plus trivial ``≠``)."""
    if not isinstance(atom, Rel) or atom.op not in ("=", "<=", ">="):
        return IdentityResult(None, {}, "not an equation")
    result = prove_equal(atom.left, atom.right, deadline)
    if result.holds is not True and any(isinstance(x, SumOf) for x in walk(atom)):
        induction = prove_by_induction(atom.left, atom.right, naturals, deadline)
        if induction.holds is True:
            return IdentityResult(True, induction.evidence, "induction")
        if result.reason and induction.reason:
            result = IdentityResult(None, result.evidence, f"{result.reason}; induction: {induction.reason}")
    return result
