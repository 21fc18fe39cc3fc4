"""Translation of claims into sympy and z3 objects (both imported only when called).

sympy: terms become exact sympy expressions (matrices either ``MatrixSymbol`` or explicit matrices
of entry symbols). z3: scalars become ``Int`` or ``Real`` terms, matrices lists of entry terms;
operations z3 cannot express exactly (factorial, exp, sums with symbolic bounds, ...) become
uninterpreted functions of their free variables, which keeps every *unsat* answer sound.
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
from typing import Any

from pyverify.logic._ast import (
    CASTS,
    BoolLit,
    Call,
    Claim,
    Conn,
    Index,
    MatLit,
    Node,
    Not,
    Num,
    Op,
    Pred,
    Rel,
    Sort,
    SumOf,
    Var,
    walk,
)
from pyverify.logic._render import relativized
from pyverify.logic._sorts import sort_of

#: Largest literal exponent expanded into products (larger ones become uninterpreted).
MAX_EXPANDED_EXPONENT = 64


def _const_int(node: Node, limit: int = 10**6) -> int | None:
    """The value of a constant integer term, if small enough to compute safely."""
    if isinstance(node, Num) and node.value.denominator == 1:
        return node.value.numerator
    if isinstance(node, Op):
        if node.op == "neg":
            v = _const_int(node.args[0], limit)
            return None if v is None else -v
        vals = [_const_int(a, limit) for a in node.args]
        if any(v is None for v in vals):
            return None
        ints: list[int] = [v for v in vals if v is not None]
        if node.op == "+":
            return sum(ints)
        if node.op == "-":
            return ints[0] - ints[1]
        if node.op == "*":
            out = 1
            for v in ints:
                out *= v
                if abs(out) > limit**2:
                    return None
            return out
        if node.op == "^" and ints[1] >= 0 and abs(ints[0]) <= limit and ints[1] <= 64:
            value = ints[0] ** ints[1]
            return value if abs(value) <= limit**4 else None
    return None


def ring_op(op: str, args: list[Any]) -> Any:
    """``neg``, ``-``, and the n-ary ``+`` / ``*`` folded left, for any values with ring operators."""
    if op == "neg":
        return -args[0]
    if op == "-":
        return args[0] - args[1]
    out = args[0]
    for x in args[1:]:
        out = out + x if op == "+" else out * x
    return out


# ---------------------------------------------------------------- sympy


def _sympy_symbol(name: str, sort: Sort) -> Any:
    import sympy

    kinds = {
        "N": {"integer": True, "nonnegative": True},
        "Z": {"integer": True},
        "Q": {"rational": True},
        "R": {"real": True},
    }
    return sympy.Symbol(name, **kinds[sort.kind])


class SympyTranslator:
    """Builds sympy objects; ``explicit_matrices`` turns matrix variables into entry-symbol matrices."""

    def __init__(self, explicit_matrices: bool = False) -> None:
        import sympy

        self.sp = sympy
        self.explicit = explicit_matrices
        self.symbols: dict[str, Any] = {}

    def var(self, v: Var) -> Any:
        sp = self.sp
        key = v.name
        if key in self.symbols:
            return self.symbols[key]
        if v.sort.kind == "Mat":
            n = v.sort.n
            if self.explicit:
                value = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"{v.name}_{i}{j}", rational=True))
            else:
                value = sp.MatrixSymbol(v.name, n, n)
        elif v.sort.kind == "Seq":
            value = sp.Function(v.name)
        else:
            value = _sympy_symbol(v.name, v.sort)
        self.symbols[key] = value
        return value

    def term(self, node: Node) -> Any:
        sp = self.sp
        if isinstance(node, Num):
            return sp.Rational(node.value.numerator, node.value.denominator)
        if isinstance(node, Var):
            return self.var(node)
        if isinstance(node, Op):
            a = [self.term(x) for x in node.args]
            if node.op == "/":
                return a[0] / a[1]
            if node.op == "^":
                return a[0] ** a[1]
            return ring_op(node.op, a)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Index):
            return self.var(node.seq)(self.term(node.index))
        if isinstance(node, SumOf):
            k = sp.Symbol(node.var, integer=True)
            saved = self.symbols.get(node.var)
            self.symbols[node.var] = k
            body = self.term(node.body)
            if saved is None:
                del self.symbols[node.var]
            else:
                self.symbols[node.var] = saved
            lo, hi = self.term(node.lo), self.term(node.hi)
            # sympy's Sum follows Karr's convention for hi < lo; the claim language sums to 0 there.
            return sp.Piecewise((sp.Sum(body, (k, lo, hi)), sp.Ge(hi, lo)), (0, True))
        if isinstance(node, MatLit):
            return sp.Matrix([[self.term(e) for e in r] for r in node.rows])
        raise TypeError(f"not a term: {type(node).__name__}")

    def call(self, node: Call) -> Any:
        sp = self.sp
        a = [self.term(x) for x in node.args]
        f = node.func
        if f in CASTS:  # ℕ ⊂ ℤ ⊂ ℚ ⊂ ℝ: a cast keeps the value
            return a[0]
        if f == "abs":
            return sp.Abs(a[0])
        if f == "sqrt":
            return sp.sqrt(a[0])
        if f == "min":
            return sp.Min(a[0], a[1])
        if f == "max":
            return sp.Max(a[0], a[1])
        if f == "mod":  # Euclidean: 0 <= r < |b|
            return a[0] - sp.Abs(a[1]) * sp.floor(a[0] / sp.Abs(a[1]))
        if f == "floor":
            return sp.floor(a[0])
        if f == "factorial":
            return sp.factorial(a[0])
        if f == "binomial":
            return sp.binomial(a[0], a[1])
        if f == "gcd":
            return sp.gcd(a[0], a[1])
        if f == "lcm":
            return sp.lcm(a[0], a[1])
        if f == "exp":
            return sp.exp(a[0])
        if f == "log":
            return sp.log(a[0])
        m = a[0]
        explicit = isinstance(m, sp.MatrixBase)
        if f == "det":
            return m.det() if explicit else sp.Determinant(m)
        if f == "trace":
            return m.trace() if explicit else sp.Trace(m)
        if f == "transpose":
            return m.T
        if f == "inverse":
            return m.adjugate() / m.det() if explicit else sp.Inverse(m)
        raise TypeError(f"unknown function {f}")

    def formula(self, node: Node) -> Any:
        sp = self.sp
        if isinstance(node, BoolLit):
            return sp.true if node.value else sp.false
        if isinstance(node, Rel):
            left, right = self.term(node.left), self.term(node.right)
            if node.op == "dvd":
                if left.is_zero:  # sympy evaluates Mod(b, 0) at once, and raises
                    return sp.Eq(right, 0)
                divides = sp.Eq(sp.Mod(right, left), 0)
                if left.is_zero is False:
                    return divides
                return sp.Or(sp.And(sp.Ne(left, 0), divides), sp.And(sp.Eq(left, 0), sp.Eq(right, 0)))
            if isinstance(left, sp.MatrixBase) or isinstance(right, sp.MatrixBase):
                eq = sp.And(*[sp.Eq(x, y) for x, y in zip(left, right)])
                return eq if node.op == "=" else sp.Not(eq)
            if node.op in ("=", "!=") and (left.is_Matrix or right.is_Matrix):
                eq = sp.Eq(left, right, evaluate=False)
                return eq if node.op == "=" else sp.Not(eq)
            cls = {"=": sp.Eq, "!=": sp.Ne, "<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge}[node.op]
            try:
                return cls(left, right)
            except TypeError:  # a side sympy knows is not real (√ of a negative: outside the domain)
                return cls(left, right, evaluate=False)
        if isinstance(node, Pred):
            a = [self.term(x) for x in node.args]
            if node.name == "prime":
                return sp.Q.prime(a[0])
            if node.name == "even":
                return sp.Q.even(a[0])
            if node.name == "odd":
                return sp.Q.odd(a[0])
            if node.name == "coprime":
                return sp.Eq(sp.gcd(a[0], a[1]), 1)
            if node.name == "square":
                return sp.And(sp.Ge(a[0], 0), sp.Eq(sp.floor(sp.sqrt(a[0])) ** 2, a[0]))
        if isinstance(node, Not):
            return sp.Not(self.formula(node.arg))
        if isinstance(node, Conn):
            args = [self.formula(x) for x in node.args]
            if node.op == "and":
                return sp.And(*args)
            if node.op == "or":
                return sp.Or(*args)
            if node.op == "->":
                return sp.Implies(args[0], args[1])
            return sp.Equivalent(args[0], args[1])
        raise TypeError(f"not a formula: {type(node).__name__}")


def to_sympy(node: Claim | Node, explicit_matrices: bool = False) -> Any:
    """A sympy object for a term, formula or claim.

    sympy has no quantifiers, so a claim becomes the sympy form of its quantifier-free part
    (assumptions → body); the prefix stays in ``claim.binders``.
    """
    t = SympyTranslator(explicit_matrices)
    if isinstance(node, Claim):
        return t.formula(node.matrix)
    if isinstance(node, (BoolLit, Rel, Pred, Not, Conn)):
        return t.formula(node)
    return t.term(node)


# ---------------------------------------------------------------- z3


class Z3Translator:
    """Builds z3 terms in a fresh context.

    ``side`` collects constraints that define auxiliary symbols (square roots) and sound facts
    about uninterpreted applications (``exp(t) > 0``, ``prime(t) → t ≥ 2``); ``opaque`` names what
    was abstracted, so a *sat* answer is known to need exact re-verification.
    With ``uninterpreted_predicates`` every named predicate is an uninterpreted Boolean function,
    which is how structure-only equivalences are certified.
    """

    def __init__(self, uninterpreted_predicates: bool = False) -> None:
        import z3

        self.z3 = z3
        self.ctx = z3.Context()
        self.uninterpreted_predicates = uninterpreted_predicates
        self.vars: dict[str, Any] = {}
        self.domain: list[Any] = []
        self.side: list[Any] = []
        self.opaque: set[str] = set()
        self.functions: dict[str, Any] = {}
        self.bound: dict[str, Any] = {}
        self._applications: dict[str, list[tuple[Any, Any]]] = {}

    # helpers ------------------------------------------------------------

    def real(self, e: Any) -> Any:
        z3 = self.z3
        return z3.ToReal(e) if z3.is_int(e) else e

    def num(self, value: Fraction, as_int: bool) -> Any:
        z3 = self.z3
        if as_int and value.denominator == 1:
            return z3.IntVal(value.numerator, self.ctx)
        return z3.RealVal(f"{value.numerator}/{value.denominator}", self.ctx)

    def var(self, v: Var) -> Any:
        z3 = self.z3
        if v.name in self.bound:
            return self.bound[v.name]
        if v.name in self.vars:
            return self.vars[v.name]
        if v.sort.kind in ("N", "Z"):
            value: Any = z3.Int(v.name, self.ctx)
            if v.sort.kind == "N":
                self.domain.append(value >= 0)
        elif v.sort.kind in ("Q", "R"):
            value = z3.Real(v.name, self.ctx)
        elif v.sort.kind == "Mat":
            n = v.sort.n
            value = [[z3.Real(f"{v.name}_{i}{j}", self.ctx) for j in range(n)] for i in range(n)]
        else:  # Seq
            value = z3.Function(v.name, z3.IntSort(self.ctx), z3.RealSort(self.ctx))
        self.vars[v.name] = value
        return value

    def uf(self, tag: str, node: Node, result_int: bool) -> Any:
        """An uninterpreted function of ``node``'s free variables, one per distinct subterm."""
        z3 = self.z3
        self.opaque.add(tag)
        free = sorted({x.name: x for x in walk(node) if isinstance(x, Var) and x.sort.kind in "NZQR"}.values(),
                      key=lambda x: x.name)  # fmt: skip
        bound_here = {n for n in _bound_names(node)}
        free = [x for x in free if x.name not in bound_here]
        args = [self.var(x) for x in free]
        digest = hashlib.sha1(repr(node).encode()).hexdigest()[:10]
        domain = [a.sort() for a in args]
        rng = z3.IntSort(self.ctx) if result_int else z3.RealSort(self.ctx)
        fn = z3.Function(f"{tag}_{digest}", *domain, rng)
        return fn(*args) if args else fn()

    # terms --------------------------------------------------------------

    def term(self, node: Node) -> Any:
        z3 = self.z3
        if isinstance(node, Num):
            return self.num(node.value, True)
        if isinstance(node, Var):
            return self.var(node)
        if isinstance(node, Op):
            return self.op(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Index):
            return self.var(node.seq)(self.term(node.index))
        if isinstance(node, SumOf):
            lo, hi = _const_int(node.lo), _const_int(node.hi)
            if lo is not None and hi is not None and hi - lo < 64:
                total = self.num(Fraction(0), True)
                for k in range(lo, hi + 1):
                    self.bound[node.var] = z3.IntVal(k, self.ctx)
                    total = total + self.term(node.body)
                self.bound.pop(node.var, None)
                return total
            return self.uf("sum", node, sort_of(node).is_integral)
        if isinstance(node, MatLit):
            return [[self.term(e) for e in r] for r in node.rows]
        raise TypeError(f"not a term: {type(node).__name__}")

    def op(self, node: Op) -> Any:
        a = [self.term(x) for x in node.args]
        matrix = [isinstance(x, list) for x in a]
        if any(matrix):
            return self.matrix_op(node.op, a, matrix)
        if node.op == "/":
            return self.real(a[0]) / self.real(a[1])
        if node.op != "^":
            return ring_op(node.op, a)
        # power
        k = _const_int(node.args[1])
        if k is not None and abs(k) <= MAX_EXPANDED_EXPONENT:
            base = a[0]
            if k == 0:
                return self.num(Fraction(1), self.z3.is_int(base))
            out = base
            for _ in range(abs(k) - 1):
                out = out * base
            return out if k > 0 else 1 / self.real(out)
        return self.uf("pow", node, sort_of(node).is_integral)

    def matrix_op(self, op: str, a: list[Any], matrix: list[bool]) -> Any:
        if op == "neg":
            return [[-x for x in row] for row in a[0]]
        if op in ("+", "-"):
            out = a[0]
            for other in a[1:]:
                out = [[(x + y if op == "+" else x - y) for x, y in zip(r1, r2)] for r1, r2 in zip(out, other)]
            return out
        if op == "*":
            out = a[0]
            for other in a[1:]:
                out = self.mul(out, other)
            return out
        if op == "^":
            raise _Unsupported("matrix powers")
        raise _Unsupported(f"matrix operator {op}")

    def mul(self, x: Any, y: Any) -> Any:
        if isinstance(x, list) and isinstance(y, list):
            n = len(x)
            return [
                [sum((x[i][k] * y[k][j] for k in range(1, n)), x[i][0] * y[0][j]) for j in range(n)] for i in range(n)
            ]
        if isinstance(x, list):
            return [[e * y for e in row] for row in x]
        if isinstance(y, list):
            return [[x * e for e in row] for row in y]
        return x * y

    def det(self, m: list[list[Any]]) -> Any:
        n = len(m)
        if n == 1:
            return m[0][0]
        total = None
        for j in range(n):
            minor = [row[:j] + row[j + 1 :] for row in m[1:]]
            term = m[0][j] * self.det(minor)
            total = term if total is None else (total + term if j % 2 == 0 else total - term)
        return total

    def call(self, node: Call) -> Any:
        z3 = self.z3
        f = node.func
        if f in ("factorial", "binomial", "gcd", "lcm", "exp", "log"):
            value = self.uf(f, node, f not in ("exp", "log"))
            self.facts(f, node, value)
            return value
        a = [self.term(x) for x in node.args]
        if f in CASTS:  # the same value; an integer read in ℚ or ℝ becomes a z3 Real
            return a[0] if CASTS[f].is_integral else self.real(a[0])
        if f == "abs":
            return z3.If(a[0] >= 0, a[0], -a[0])
        if f == "min":
            return z3.If(a[0] <= a[1], a[0], a[1])
        if f == "max":
            return z3.If(a[0] >= a[1], a[0], a[1])
        if f == "mod":
            return a[0] % a[1]
        if f == "floor":
            return z3.ToInt(self.real(a[0]))
        if f == "sqrt":
            root = z3.Real(f"sqrt_{len(self.side)}_{hashlib.sha1(repr(node).encode()).hexdigest()[:8]}", self.ctx)
            arg = self.real(a[0])
            self.side.append(z3.Implies(arg >= 0, z3.And(root >= 0, root * root == arg)))
            return root
        m = a[0]
        if not isinstance(m, list):
            raise _Unsupported(f"{f} of {sort_of(node.args[0])}")
        if f == "det":
            return self.det(m)
        if f == "trace":
            return sum((m[i][i] for i in range(1, len(m))), m[0][0])
        if f == "transpose":
            return [list(col) for col in zip(*m)]
        if f == "inverse":
            n = len(m)
            d = self.real(self.det(m))
            cof = [[(-1) ** (i + j) * self.det([r[:j] + r[j + 1 :] for k, r in enumerate(m) if k != i]) if n > 1 else 1
                    for j in range(n)] for i in range(n)]  # fmt: skip
            return [[self.real(cof[j][i]) / d for j in range(n)] for i in range(n)]
        raise _Unsupported(f)

    def facts(self, f: str, node: Call, value: Any) -> None:
        """Sound facts about an uninterpreted application (instances, never quantified axioms)."""
        z3 = self.z3
        if f == "exp":
            arg = self.real(self.term(node.args[0]))
            self.side.append(value > 0)
            for other_arg, other in self._applications.setdefault("exp", []):
                self.side.append(z3.Implies(arg < other_arg, value < other))
                self.side.append(z3.Implies(arg > other_arg, value > other))
                self.side.append(z3.Implies(arg == other_arg, value == other))
            self.side.append(z3.Implies(arg == 0, value == 1))
            self.side.append(value >= arg + 1)
            inner = node.args[0]
            if isinstance(inner, Call) and inner.func == "log":  # exp(log(t)) = t for t > 0
                t = self.real(self.term(inner.args[0]))
                self.side.append(z3.Implies(t > 0, value == t))
            self._applications["exp"].append((arg, value))
        elif f == "log":
            arg = self.real(self.term(node.args[0]))
            inner = node.args[0]
            if isinstance(inner, Call) and inner.func == "exp":  # log(exp(t)) = t
                self.side.append(value == self.real(self.term(inner.args[0])))
            for other_arg, other in self._applications.setdefault("log", []):
                both = z3.And(arg > 0, other_arg > 0)
                self.side.append(z3.Implies(z3.And(both, arg < other_arg), value < other))
                self.side.append(z3.Implies(z3.And(both, arg > other_arg), value > other))
                self.side.append(z3.Implies(z3.And(both, arg == other_arg), value == other))
            self.side.append(z3.Implies(arg == 1, value == 0))
            self.side.append(z3.Implies(arg > 0, value <= arg - 1))
            self._applications["log"].append((arg, value))
        elif f == "factorial":
            self.side.append(value >= 1)
        elif f in ("binomial", "gcd", "lcm"):
            self.side.append(value >= 0)

    # formulas -----------------------------------------------------------

    def formula(self, node: Node) -> Any:
        z3 = self.z3
        if isinstance(node, BoolLit):
            return z3.BoolVal(node.value, self.ctx)
        if isinstance(node, Rel):
            left, right = self.term(node.left), self.term(node.right)
            if isinstance(left, list):
                eq = z3.And([x == y for r1, r2 in zip(left, right) for x, y in zip(r1, r2)])
                return eq if node.op == "=" else z3.Not(eq)
            if node.op == "dvd":
                return z3.If(left == 0, right == 0, right % left == 0)
            if z3.is_int(left) != z3.is_int(right):
                left, right = self.real(left), self.real(right)
            ops = {"=": lambda: left == right, "!=": lambda: left != right, "<": lambda: left < right,
                   "<=": lambda: left <= right, ">": lambda: left > right, ">=": lambda: left >= right}  # fmt: skip
            return ops[node.op]()
        if isinstance(node, Pred):
            return self.pred(node)
        if isinstance(node, Not):
            return z3.Not(self.formula(node.arg))
        if isinstance(node, Conn):
            args = [self.formula(x) for x in node.args]
            if node.op == "and":
                return z3.And(args)
            if node.op == "or":
                return z3.Or(args)
            if node.op == "->":
                return z3.Implies(args[0], args[1])
            return args[0] == args[1]
        raise TypeError(f"not a formula: {type(node).__name__}")

    def pred(self, node: Pred) -> Any:
        z3 = self.z3
        a = [self.term(x) for x in node.args]
        if not self.uninterpreted_predicates and node.name in ("even", "odd"):
            return a[0] % 2 == (0 if node.name == "even" else 1)
        if node.name not in self.functions:
            ints = [z3.IntSort(self.ctx)] * len(a)
            self.functions[node.name] = z3.Function(f"pred_{node.name}", *ints, z3.BoolSort(self.ctx))
        self.opaque.add(node.name)
        value = self.functions[node.name](*a)
        if not self.uninterpreted_predicates:
            if node.name == "prime":  # true facts about primes, never the definition itself
                self.side.append(z3.Implies(value, a[0] >= 2))
                self.side.append(z3.Implies(value, z3.Or(a[0] == 2, a[0] % 2 == 1)))
                self.side.append(z3.Implies(value, z3.Or(a[0] == 3, a[0] % 3 != 0)))
            elif node.name == "square":
                self.side.append(z3.Implies(value, a[0] >= 0))
        return value


class _Unsupported(Exception):
    """Something z3 cannot be given (the engine reports it as outside the SMT fragment)."""


def _bound_names(node: Node) -> set[str]:
    return {n.var for n in walk(node) if isinstance(n, SumOf)}


def to_z3(claim: Claim, uninterpreted_predicates: bool = False) -> Any:
    """A closed z3 formula for a claim (quantifiers included), in a fresh z3 context.

    Matrix variables are quantified entrywise; definedness conditions relativize the quantifiers as
    in :func:`pyverify.logic.relativized`.
    """
    t = Z3Translator(uninterpreted_predicates)
    z3 = t.z3
    body = t.formula(relativized(claim))
    inner = claim.binders[-1].quantifier if claim.binders else "forall"
    if t.side:  # auxiliary definitions (square roots, facts about uninterpreted applications)
        body = z3.Implies(z3.And(t.side), body) if inner == "forall" else z3.And(t.side + [body])
    for b in reversed(claim.binders):
        bound: list[Any] = []
        for name in b.names:
            value = t.vars.get(name)
            if value is None:
                continue
            if isinstance(value, list):
                bound.extend(x for row in value for x in row)
            else:
                bound.append(value)
        if not bound:
            continue
        naturals = [x >= 0 for x in bound if b.sort.kind == "N"]
        if b.quantifier == "forall":
            body = z3.ForAll(bound, z3.Implies(z3.And(naturals), body) if naturals else body)
        else:
            body = z3.Exists(bound, z3.And(naturals + [body]) if naturals else body)
    return body
