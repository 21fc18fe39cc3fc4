"""Symbolic identities: exact normal forms in sympy's sparse rational function fields.

A term is mapped into ℚ(x₁, …, xₙ, g₁, …): variables and matrix entries are generators, and any
subterm outside rational arithmetic (``abs``, ``floor``, ``sqrt``, sums with symbolic bounds, ...)
becomes a generator of its own. Treating such a subterm as an independent variable is sound: an
identity that holds for every value of it holds for its actual value. A difference that normalizes
to zero is therefore a certificate, valid at every point where the claim is defined.

Sums whose upper bound grows with a natural number ``n`` are handled by induction: the base cases
are checked exactly and the step ``E(n) − E(n−1) = 0`` is an identity in ℚ(n, …, σ, ρ) where σ
stands for the sum and ρ for each ``b^n``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Iterable, Mapping

from pyverify.certify._exact import EvalError, compile_node, to_fraction
from pyverify.logic import (
    Call,
    Index,
    MatLit,
    Num,
    Op,
    Rel,
    Sort,
    SumOf,
    Var,
    sort_of,
    term_text,
)
from pyverify.logic._ast import Node, erase_casts, rewrite, substitute, walk
from pyverify.logic._convert import _const_int

#: Largest constant exponent expanded symbolically.
MAX_EXPONENT = 400
#: Largest number of terms a symbolic power may produce.
MAX_TERMS = 100_000
#: Longest sum with constant bounds expanded term by term.
MAX_EXPANDED_SUM = 200


class Decline(Exception):
    """The term is outside what this engine handles (reported as the reason, never as a verdict)."""


@dataclass
class IdentityResult:
    """Outcome of an identity attempt: ``holds`` True (certified), False (not an identity), None (declined)."""

    holds: bool | None
    evidence: dict[str, Any]
    reason: str = ""


class _NeedField(Exception):
    """A division met while normalizing in the polynomial ring: redo in the fraction field."""


class _Field:
    """Exact normal forms over the generators found in some terms.

    With ``polynomial`` the elements live in the ring ℚ[x₁, …] (no gcd on every operation, which
    is most of the cost for the usual polynomial identity); a division raises :class:`_NeedField`
    and the caller starts again in the rational function field ℚ(x₁, …).
    """

    def __init__(self, names: list[str], polynomial: bool = False) -> None:
        from sympy import QQ, Symbol
        from sympy.polys.fields import field
        from sympy.polys.rings import ring

        names = names or ["_t"]
        symbols = [Symbol(n) for n in names]  # Symbols, so no name is ever parsed
        made = ring(symbols, QQ) if polynomial else field(symbols, QQ)
        self.polynomial = polynomial
        self.field = made[0]
        self.gens = dict(zip(names, made[1:]))
        self.one = self.field.one
        self.zero = self.field.zero

    def div(self, a: Any, b: Any) -> Any:
        if self.polynomial:
            if b.is_ground and b != 0:
                return a * self.field.domain.quo(self.field.domain.one, b.LC)
            raise _NeedField
        return a / b

    def lift(self, poly: Any) -> Any:
        """An element of the polynomial ring as an element of this structure."""
        return poly if self.polynomial else self.field(poly)


def _numer(x: Any) -> Any:
    return x.numer if hasattr(x, "numer") else x


def _denom(x: Any) -> Any:
    return x.denom if hasattr(x, "denom") else x.ring.one


class _Translator:
    """Maps nodes into a field; ``overrides`` fixes the image of chosen subterms (induction)."""

    def __init__(self, fld: _Field, atoms: dict[Node, str], overrides: dict[Node, Any] | None = None,
                 deadline: float = float("inf"), scan: _Scan | None = None) -> None:  # fmt: skip
        self.f = fld
        self.atoms = atoms
        self.scan = scan
        self.overrides = overrides if overrides is not None else {}
        self.deadline = deadline

    def check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise Decline("deadline reached while normalizing")

    def value(self, node: Node) -> Any:
        self.check_time()
        # (empty-dict tests first: hashing a frozen tree is not free)
        if self.overrides and node in self.overrides:
            return self.overrides[node]
        if self.atoms and node in self.atoms:
            return self.f.gens[self.atoms[node]]
        if self.scan is not None and self.scan.powers and node in self.scan.powers:
            base, coeffs, constant = self.scan.powers[node]
            b = self.value(base)
            out = _pow_int(b, constant, self.f)
            for var, a in coeffs.items():
                out = out * _pow_int(self.f.gens[_rho_name(base, var)], a, self.f)
            return out
        if self.scan is not None and self.scan.closed_sums and node in self.scan.closed_sums:
            assert isinstance(node, SumOf)
            return self.closed_sum(node)
        if self.scan is not None and self.scan.factorials and node in self.scan.factorials:
            # factorial(n + c) = n! (n+1)...(n+c); for c < 0, n!/(n(n-1)...(n+c+1)), where n + c >= 0
            var, c = self.scan.factorials[node]
            n, out = self.f.gens[var], self.f.gens[f"_fact_{var}"]
            for i in range(1, c + 1):
                out = out * (n + i)
            for i in range(0, -c):
                out = self.f.div(out, n - i)
            return out
        if self.scan is not None and self.scan.binomials and node in self.scan.binomials:
            # binomial(t, c) = t(t-1)...(t-c+1)/c! for every t >= 0 (zero when t < c)
            assert isinstance(node, Call)
            t, out = self.value(node.args[0]), self.f.one
            c = self.scan.binomials[node]
            for i in range(c):
                out = self.f.div(out * (t - i), self.f.one * (i + 1))
            return out
        if isinstance(node, Num):
            return self.f.one * _qq(node.value)
        if isinstance(node, Var):
            if node.sort.kind == "Mat":
                n = node.sort.n
                return [[self.f.gens[f"{node.name}_{i}_{j}"] for j in range(n)] for i in range(n)]
            return self.f.gens[node.name]
        if isinstance(node, MatLit):
            return [[self.value(e) for e in row] for row in node.rows]
        if isinstance(node, Op):
            return self.op(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, SumOf):
            lo, hi = _const_int(node.lo), _const_int(node.hi)
            if lo is None or hi is None or hi - lo >= MAX_EXPANDED_SUM:
                raise Decline(f"sum with symbolic bounds: '{term_text(node)}'")
            total = self.f.zero
            for k in range(lo, hi + 1):
                total = total + self.value(substitute(node.body, {node.var: Num(Fraction(k))}))
            return total
        raise Decline(f"cannot normalize '{term_text(node)}'")

    def closed_sum(self, node: SumOf) -> Any:
        """Σ_{k=lo}^{hi} p(k) = Σ_j c_j·(P_j(hi) − P_j(lo−1)) by Faulhaber; valid as hi ≥ lo − 1."""
        k = self.f.gens[f"_k_{node.var}"]
        inner = _Translator(
            self.f, self.atoms, {**self.overrides, Var(node.var, Sort("Z")): k}, self.deadline, self.scan
        )
        body = inner.value(node.body)
        index = list(self.f.gens).index(f"_k_{node.var}")
        if isinstance(body, list) or _denom(body).degree(index) > 0:
            raise Decline(f"the body of '{term_text(node)}' is not a polynomial in {node.var}")
        hi = self.value(node.hi)
        below = self.value(node.lo) - self.f.one
        total = self.f.zero
        by_power: dict[int, Any] = {}
        numer = _numer(body)
        for monom, coeff in numer.terms():
            j = monom[index]
            rest = list(monom)
            rest[index] = 0
            term = numer.ring({tuple(rest): coeff})
            by_power[j] = by_power.get(j, numer.ring.zero) + term
        for j, coefficient in by_power.items():
            if j > 30:
                raise Decline(f"the body of '{term_text(node)}' has degree {j} in {node.var}")
            p = _faulhaber(j)
            total = total + self.f.lift(coefficient) * (_horner(p, hi, self.f) - _horner(p, below, self.f))
        return self.f.div(total, self.f.lift(_denom(body)))

    def op(self, node: Op) -> Any:
        args = [self.value(a) for a in node.args] if node.op != "^" else [self.value(node.args[0])]
        if node.op == "neg":
            return _neg(args[0])
        if node.op in ("+", "-"):
            out = args[0]
            for x in args[1:]:
                out = _add(out, x) if node.op == "+" else _add(out, _neg(x))
            return out
        if node.op == "*":
            out = args[0]
            for x in args[1:]:
                out = _mul(out, x)
            return out
        if node.op == "/":
            if isinstance(args[0], list) or isinstance(args[1], list):
                raise Decline("matrix division")
            if args[1] == 0:
                raise Decline(f"the divisor of '{term_text(node)}' is identically zero")
            return self.f.div(args[0], args[1])
        k = _const_int(node.args[1], limit=10**6)
        if k is None or abs(k) > MAX_EXPONENT:
            raise Decline(f"power with a symbolic or very large exponent: '{term_text(node)}'")
        base = args[0]
        if isinstance(base, list):
            return _matpow(base, k, self.f)
        _guard_power(base, k, node)
        if k == 0:
            return self.f.one  # 0^0 = 1, as in exact evaluation and in Lean
        if k < 0:
            if base == 0:
                raise Decline(f"zero to a negative power in '{term_text(node)}'")
            return self.f.div(self.f.one, base) ** (-k)
        return base**k

    def call(self, node: Call) -> Any:
        f = node.func
        if f in ("det", "trace", "transpose", "inverse"):
            m = self.value(node.args[0])
            if f == "transpose":
                return [list(col) for col in zip(*m)]
            if f == "trace":
                return sum((m[i][i] for i in range(1, len(m))), m[0][0])
            d = _det(m, self.f)
            if f == "det":
                return d
            if d == 0:
                raise Decline(f"'{term_text(node)}' is the inverse of a matrix that is singular everywhere")
            return [[self.f.div(c, d) for c in row] for row in _adjugate(m, self.f)]
        raise Decline(f"'{f}' is not rational arithmetic")


def _horner(coefficients: tuple[Fraction, ...], x: Any, fld: _Field) -> Any:
    out = fld.zero
    for c in reversed(coefficients):
        out = out * x + fld.one * _qq(c)
    return out


def _qq(value: Fraction) -> Any:
    from sympy import QQ

    return QQ(value.numerator, value.denominator)


def _neg(x: Any) -> Any:
    return [[-e for e in row] for row in x] if isinstance(x, list) else -x


def _add(x: Any, y: Any) -> Any:
    if isinstance(x, list) != isinstance(y, list):
        raise Decline("adding a matrix and a number")
    if isinstance(x, list):
        return [[a + b for a, b in zip(r, s)] for r, s in zip(x, y)]
    return x + y


def _mul(x: Any, y: Any) -> Any:
    if isinstance(x, list) and isinstance(y, list):
        n = len(x)
        return [[sum((x[i][k] * y[k][j] for k in range(1, n)), x[i][0] * y[0][j]) for j in range(n)] for i in range(n)]
    if isinstance(x, list):
        return [[e * y for e in row] for row in x]
    if isinstance(y, list):
        return [[x * e for e in row] for row in y]
    return x * y


def _matpow(m: list[list[Any]], k: int, fld: _Field) -> Any:
    n = len(m)
    if abs(k) > 64:
        raise Decline("matrix power too large to expand")
    if k < 0:
        d = _det(m, fld)
        if d == 0:
            raise Decline("negative power of a matrix that is singular everywhere")
        m = [[fld.div(c, d) for c in row] for row in _adjugate(m, fld)]
        k = -k
    result = [[fld.one if i == j else fld.zero for j in range(n)] for i in range(n)]
    while k:
        if k & 1:
            result = _mul(result, m)
        m = _mul(m, m)
        k >>= 1
    return result


def _det(m: list[list[Any]], fld: _Field) -> Any:
    n = len(m)
    if n == 1:
        return m[0][0]
    if n == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0]
    if n <= 4:
        total = fld.zero
        for j in range(n):
            minor = [row[:j] + row[j + 1 :] for row in m[1:]]
            term = m[0][j] * _det(minor, fld)
            total = total + term if j % 2 == 0 else total - term
        return total
    # Gaussian elimination over the field (pivots are nonzero rational functions)
    a = [list(row) for row in m]
    det = fld.one
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            return fld.zero
        if pivot != col:
            a[col], a[pivot] = a[pivot], a[col]
            det = -det
        det = det * a[col][col]
        for r in range(col + 1, n):
            factor = fld.div(a[r][col], a[col][col])
            a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return det


def _adjugate(m: list[list[Any]], fld: _Field) -> list[list[Any]]:
    n = len(m)
    if n == 1:
        return [[fld.one]]
    cof = [[(1 if (i + j) % 2 == 0 else -1) * _det([r[:j] + r[j + 1 :] for k, r in enumerate(m) if k != i], fld)
            for j in range(n)] for i in range(n)]  # fmt: skip
    return [[cof[j][i] for j in range(n)] for i in range(n)]


def _guard_power(base: Any, k: int, node: Node) -> None:
    try:
        terms = len(_numer(base).terms()) + len(_denom(base).terms()) - 1
    except AttributeError:
        return
    if terms > 1 and comb(abs(k) + terms - 1, terms - 1) > MAX_TERMS:
        raise Decline(f"expanding '{term_text(node)}' would produce too many terms")


# ---------------------------------------------------------------- atoms and normal forms


@dataclass
class _Scan:
    """What normalizing some nodes needs: generators, opaque atoms, ρ-powers, closed-form sums."""

    names: dict[str, None] = field(default_factory=dict)
    atoms: dict[Node, str] = field(default_factory=dict)
    by_key: dict[Any, str] = field(default_factory=dict)
    #: b^(Σ aᵢ·nᵢ + c) for integer variables nᵢ: node -> (base, {nᵢ: aᵢ}, c)
    powers: dict[Node, tuple[Node, dict[str, int], int]] = field(default_factory=dict)
    #: sums with a polynomial body and bounds with hi ≥ lo − 1 everywhere: summed in closed form
    closed_sums: set[Node] = field(default_factory=set)
    #: factorial(n + c) for an integer variable n: node -> (n, c), written F_n · (n+1)⋯(n+c)
    factorials: dict[Node, tuple[str, int]] = field(default_factory=dict)
    #: binomial(t, c) for a constant 0 ≤ c ≤ 30: node -> c, written t(t−1)⋯(t−c+1)/c!
    binomials: dict[Node, int] = field(default_factory=dict)

    def generator_names(self) -> list[str]:
        return list(self.names) + list(dict.fromkeys(self.atoms.values()))


def _rho_name(base: Node, var: str) -> str:
    import hashlib

    return f"_rho_{hashlib.sha1(_canon(base).encode()).hexdigest()[:12]}_{var}"


def _canon(term: Node) -> str:
    """A canonical text for a rational term (its normal form), so that u(T), u((T-1)+1) and
    u(1+T) are one atom; structural text when the term is not rational arithmetic."""
    from pyverify.logic._ast import free_vars

    scalars = sorted(v.name for v in walk(term) if isinstance(v, Var) and v.sort.kind in "NZQR")
    try:
        fld = _Field(sorted(set(scalars)) if scalars else [])
        value = _Translator(fld, {}, {}).value(term)
        if isinstance(value, list):
            return repr(term)
        return str(value)
    except (Decline, ZeroDivisionError, ValueError, ArithmeticError):
        return repr(term) + str(sorted(free_vars(term)))


def _linear_exponent(exponent: Node) -> tuple[dict[str, int], int] | None:
    """{n: a}, c with exponent = Σ a·n + c over integer variables, integer a and c; else None."""
    variables = {v.name: v.sort for v in walk(exponent) if isinstance(v, Var)}
    if not variables or any(s.kind not in ("N", "Z") for s in variables.values()):
        return None
    try:
        fld = _Field(sorted(variables))
        value = _Translator(fld, {}, {}).value(exponent)
    except (Decline, ZeroDivisionError, ValueError, ArithmeticError):
        return None
    if isinstance(value, list) or _denom(value) != 1:
        return None
    coeffs: dict[str, int] = {}
    constant = 0
    gens = sorted(variables)
    for monom, coeff in _numer(value).terms():
        if sum(monom) > 1 or getattr(coeff, "denominator", 1) != 1:
            return None
        if sum(monom) == 0:
            constant = int(coeff)
        else:
            coeffs[gens[monom.index(1)]] = int(coeff)
    return coeffs, constant


def _nonneg_everywhere(node: Node) -> bool:
    """Whether an integer term is ≥ 0 at every point: linear in ℕ variables with nonnegative
    coefficients and a nonnegative constant."""
    variables = {v.name: v.sort for v in walk(node) if isinstance(v, Var)}
    if any(s.kind != "N" for s in variables.values()):
        return False
    if not variables:
        value = _const_int(node)
        return value is not None and value >= 0
    lin = _linear_exponent(node)
    return lin is not None and lin[1] >= 0 and all(a >= 0 for a in lin[0].values())


def _polynomial_in(body: Node, var: str) -> bool:
    """Whether a sum's body is built from + − × and constant powers only (so it has a closed form)."""
    for n in walk(body):
        if isinstance(n, (Index, Call, SumOf, MatLit)):
            return False
        if isinstance(n, Var) and n.sort.kind not in "NZQR":
            return False
        if isinstance(n, Op) and n.op == "/" and var in _names(n.args[1]):
            return False
        if isinstance(n, Op) and n.op == "^":
            k = _const_int(n.args[1])
            if k is None or k < 0 or k > 30:
                return False
    return True


def _scan(nodes: list[Node], extended: bool = True) -> _Scan:
    """Find generators and atoms. ``extended`` enables ρ-powers and closed-form sums."""
    scan = _Scan()

    def visit(n: Node, bound: frozenset[str]) -> None:
        if isinstance(n, Var):
            if n.name in bound:
                return
            if n.sort.kind == "Mat":
                for i in range(n.sort.n):
                    for j in range(n.sort.n):
                        scan.names[f"{n.name}_{i}_{j}"] = None
            elif n.sort.kind != "Seq":
                scan.names[n.name] = None
            return
        if isinstance(n, Num):
            return
        opaque = False
        if isinstance(n, Index):
            opaque = True
        elif extended and not bound and isinstance(n, Call) and n.func == "factorial" and _names(n.args[0]):
            lin = _linear_exponent(n.args[0])
            naturals = all(v.sort.kind == "N" for v in walk(n.args[0]) if isinstance(v, Var))
            # n! is a generator only for n in ℕ: for n < 0 it does not exist, while (n + c)! may
            if naturals and lin is not None and len(lin[0]) == 1 and list(lin[0].values()) == [1] and abs(lin[1]) <= 30:
                (var,) = lin[0]
                scan.factorials[n] = (var, lin[1])
                scan.names[f"_fact_{var}"] = None
                scan.names[var] = None
                return
            opaque = True
        elif extended and isinstance(n, Call) and n.func == "binomial" and _const_int(n.args[1]) is not None:
            c = _const_int(n.args[1])
            if c is not None and 0 <= c <= 30:
                scan.binomials[n] = c
                visit(n.args[0], bound)
                return
            opaque = True
        elif isinstance(n, Call) and n.func not in ("det", "trace", "transpose", "inverse"):
            opaque = True
        elif isinstance(n, Op) and n.op == "^":
            k = _const_int(n.args[1], limit=10**6)
            if k is None and extended and not sort_of(n.args[0]).is_matrix:
                lin = _linear_exponent(n.args[1])
                base_vars = _names(n.args[0])
                # a sum index in the exponent is no generator: b^k belongs to the sum's body
                exponent_vars = set(lin[0]) if lin is not None else set()
                if lin is not None and not (base_vars & exponent_vars) and not ((base_vars | exponent_vars) & bound):
                    scan.powers[n] = (n.args[0], lin[0], lin[1])
                    for var in lin[0]:
                        scan.names[_rho_name(n.args[0], var)] = None
                    visit(n.args[0], bound)
                    return
            opaque = k is None or abs(k) > MAX_EXPONENT
        elif isinstance(n, SumOf):
            lo, hi = _const_int(n.lo), _const_int(n.hi)
            if lo is not None and hi is not None and hi - lo < MAX_EXPANDED_SUM:
                for k in range(lo, hi + 1):
                    visit(substitute(n.body, {n.var: Num(Fraction(k))}), bound)
                return
            width = Op("+", (Op("-", (n.hi, n.lo)), Num(Fraction(1))))
            if extended and not bound and _polynomial_in(n.body, n.var) and _nonneg_everywhere(width):
                scan.closed_sums.add(n)
                scan.names[f"_k_{n.var}"] = None
                visit(n.lo, bound)
                visit(n.hi, bound)
                visit(n.body, bound | {n.var})
                return
            opaque = True
        if opaque:
            if any(isinstance(v, Var) and v.name in bound for v in walk(n)):
                raise Decline(f"'{term_text(n)}' depends on a sum index")
            if sort_of(n).is_matrix:
                raise Decline(f"'{term_text(n)}' is an opaque matrix")
            if _constant_value(n) is not None or n in scan.atoms:
                return
            key = _atom_key(n)
            if key not in scan.by_key:
                scan.by_key[key] = f"_g{len(scan.by_key)}"
            scan.atoms[n] = scan.by_key[key]
            return
        from pyverify.logic._ast import children

        for child in children(n):
            visit(child, bound)

    for node in nodes:
        visit(node, frozenset())
    return scan


def _atom_key(n: Node) -> Any:
    if isinstance(n, Index):
        return ("index", n.seq.name, _canon(n.index))
    if isinstance(n, Call):
        return ("call", n.func, tuple(_canon(a) for a in n.args))
    return n


def _opaque_atoms(nodes: list[Node]) -> tuple[list[str], dict[Node, str]]:
    """Generators (variables, matrix entries) and opaque subterms of the given nodes."""
    scan = _scan(nodes, extended=False)
    return scan.generator_names(), scan.atoms


@lru_cache(maxsize=64)
def _faulhaber(j: int) -> tuple[Fraction, ...]:
    """Coefficients (constant first) of P_j with P_j(m) − P_j(m−1) = m^j and P_j(0) = 0^j."""
    import sympy

    m, k = sympy.symbols("m k", integer=True)
    poly = sympy.Poly(sympy.summation(k**j, (k, 0, m)), m)
    return tuple(Fraction(int(c.p), int(c.q)) for c in reversed(poly.all_coeffs()))


def _constant_value(node: Node) -> Fraction | None:
    from pyverify.logic._ast import free_vars

    if free_vars(node):
        return None
    try:
        value = compile_node(node)({})
    except (EvalError, TypeError, ZeroDivisionError):
        return None
    try:
        return to_fraction(value)
    except AttributeError:
        return None


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


def _names(node: Node) -> set[str]:
    from pyverify.logic._ast import free_vars

    return free_vars(node)


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


def _pow_int(x: Any, k: int, fld: _Field) -> Any:
    if k == 0:
        return fld.one
    if k > 0:
        return x**k
    if x == 0:
        raise Decline("zero to a negative power")
    return fld.div(fld.one, x) ** (-k)


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
