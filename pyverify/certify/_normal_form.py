"""Exact normal forms of terms in sympy's sparse rational function fields.

A term is mapped into ℚ(x₁, …, xₙ, g₁, …): variables and matrix entries are generators, and any
subterm outside rational arithmetic (``abs``, ``floor``, ``sqrt``, sums with symbolic bounds, ...)
becomes a generator of its own. Treating such a subterm as an independent variable is sound: an
identity that holds for every value of it holds for its actual value. A difference that normalizes
to zero is therefore a certificate, valid at every point where the claim is defined.

The seam: this module maps terms to normal forms (the field, the translator, matrix arithmetic over
the field, and the scan that picks the generators and opaque atoms: ρ-powers, closed-form sums,
factorials, binomials) and decides nothing. The proof strategies that compare normal forms (a
difference that normalizes to zero, induction over sums) are in :mod:`pyverify.certify._identity`.
The scan and the translator call each other (an atom is named by its canonical normal form), so
they stay together here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from pyverify.certify._exact import compile_node
from pyverify.certify._exact_values import EvalError, to_fraction
from pyverify.logic import (
    Call,
    Index,
    MatLit,
    Num,
    Op,
    Sort,
    SumOf,
    Var,
    sort_of,
    term_text,
)
from pyverify.logic._ast import Node, substitute, walk
from pyverify.logic._convert import _const_int

#: Largest constant exponent expanded symbolically.
MAX_EXPONENT = 400
#: Largest number of terms a symbolic power may produce.
MAX_TERMS = 100_000
#: Longest sum with constant bounds expanded term by term.
MAX_EXPANDED_SUM = 200


class Decline(Exception):
    """The term is outside what this engine handles (reported as the reason, never as a verdict)."""


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


def _pow_int(x: Any, k: int, fld: _Field) -> Any:
    if k == 0:
        return fld.one
    if k > 0:
        return x**k
    if x == 0:
        raise Decline("zero to a negative power")
    return fld.div(fld.one, x) ** (-k)


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


def _names(node: Node) -> set[str]:
    from pyverify.logic._ast import free_vars

    return free_vars(node)


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
