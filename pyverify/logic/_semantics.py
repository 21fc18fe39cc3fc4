"""The two semantics of the claim language, and the Mathlib reading as exact case splits.

``exact`` is the language's own reading: partial operations (÷ 0, √ of a negative, log of a
non-positive number, ...) restrict the domain, ℕ subtraction and division are those of ℤ and ℚ.
``mathlib`` is Lean 4 / Mathlib's reading of the same text, where every operation is total:
``5 - 7 = 0`` in ℕ, ``7 / 2 = 3`` in ℤ, ``x / 0 = 0``, ``Real.sqrt (-1) = 0``, ``Real.log x =
Real.log |x|`` and so on.

How Lean types a term (the part of its elaborator that matters here, ``binop%``): each arithmetic
tree — the two sides of a relation together, through ``+ - * /``, negation, ``%`` and the base of a
power — is computed at one *carrier*, the largest of ℕ ⊂ ℤ ⊂ ℚ ⊂ ℝ among the sorts of its leaves
(numerals do not count; an all-numeral tree is ℕ), with smaller leaves cast up. Function
arguments are read at the type the function takes: ``Real.sqrt``/``exp``/``log`` at ℝ,
``abs``/``min``/``max`` at the surrounding carrier, ``⌊·⌋`` at its argument's own carrier,
``gcd``/``lcm`` and predicates at ℕ when all their leaves are ℕ and at ℤ otherwise, exponents at
their own carrier (ℕ, or ℤ when negative; a sum index counting up from 0 is an ℕ exponent),
sum bounds at ℤ. An up-cast ``(t : T)`` (``cast_Z``/``cast_Q``/``cast_R``) is a leaf of sort T of the
tree around it, while ``t`` is a tree of its own, computed at its own carrier and then cast (so
``((n - 1 : ℕ) : ℤ)`` truncates and ``(n : ℤ) - 1`` does not); its Lean export is ``((t : S) : T)``
with S that carrier. Three choices go beyond what Lean would accept as typed text, each written
out in the Lean export so that Lean reads the export exactly this way: a negation makes its tree
at least ℤ (Lean has no ``-n`` in ℕ); ``Nat.factorial``, ``Nat.choose`` and sequence indices take
an integer argument through ``Int.toNat`` (a negative argument reads as 0); and the export
ascribes every tree its carrier (:func:`to_lean_mathlib`).

:func:`lower` turns a claim read under ``mathlib`` into *branches*: exact-semantics claims, each
with guard literals (``y = 0``, ``¬ (a ≥ b)``, ...) that partition the domain, in which every
Mathlib-total operation is replaced by the exact term it equals there (``x / y`` by ``0`` where
``y = 0``). Every exact partial operation left in a branch is defined wherever its guards hold,
and its definedness condition is listed among the guards, so an exact decision of a branch needs
no definedness assumption. A ∀ claim holds under ``mathlib`` iff every branch holds; a ∃ claim iff
some branch does. Constructs that Lean would reject or that pyverify cannot read faithfully
(``|·|`` and ``⌊·⌋`` of an ℕ term, ``%`` in ℚ or ℝ, an integer exponent over ℕ or ℤ, a fractional
numeral in ℕ or ℤ, a case split that depends on a sum's index, ...) make :func:`lower` report a
reason instead of guessing.

Hand-written rather than delegated to a library: no package reads this language, and the
translation is the specification of the ``mathlib`` semantics, so it is kept in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Literal, Sequence

from pyverify.logic._ast import (
    CASTS,
    INT,
    NAT,
    RAT,
    REAL,
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
    free_vars,
    join,
    mat,
)
from pyverify.logic._render import definedness, term_text
from pyverify.logic._sorts import sort_of

Semantics = Literal["exact", "mathlib"]
#: The semantics a claim can be decided under, the default first.
SEMANTICS: tuple[str, ...] = ("exact", "mathlib")
#: Most branches one claim may split into before the reading is refused as too large.
MAX_BRANCHES = 64

_ZERO = Num(Fraction(0))


def check_semantics(name: str) -> Semantics:
    """``name`` if it is a semantics, else ValueError with the choices."""
    if name not in SEMANTICS:
        raise ValueError(f"unknown semantics '{name}' (use exact or mathlib)")
    return name  # type: ignore[return-value]


class Unsupported(Exception):
    """A construct with no Mathlib-faithful reading in pyverify: why, in a user's words.

    ``too_large`` marks a reading that exists but needs more cases than :data:`MAX_BRANCHES`.
    """

    def __init__(self, reason: str, too_large: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.too_large = too_large


@dataclass(frozen=True)
class Branch:
    """One case of a claim's Mathlib reading, as an exact-semantics claim."""

    guards: tuple[Node, ...]
    """The literals that select this case (case splits first, then implied definedness facts)."""
    splits: tuple[Node, ...]
    """The case-split literals only (what distinguishes this branch from the others)."""
    claim: Claim
    """The branch as an exact claim: guards as assumptions (∀) or conjuncts of the body (∃)."""


@dataclass(frozen=True)
class Lowering:
    """A claim's Mathlib reading: its branches, or why there is no faithful reading."""

    claim: Claim
    """The claim as written."""
    branches: tuple[Branch, ...]
    """The cases, empty when ``reason`` is set."""
    reason: str | None = None
    """Why pyverify cannot read the claim as Mathlib does (then nothing may be decided)."""
    too_large: bool = False
    """The reading exists but has more cases than pyverify splits into (a resource limit)."""


# ---------------------------------------------------------------- carriers


def _join(sorts: Sequence[Sort | None]) -> Sort | None:
    present = [s for s in sorts if s is not None]
    if not present:
        return None
    for s in present:
        if s.is_matrix:
            return s
    scalars = [s for s in present if s.is_scalar]
    return join(*scalars) if scalars else None


def leaf_sort(node: Node) -> Sort | None:
    """The largest sort among a term's leaves as Lean's ``binop%`` sees them (None: only numerals)."""
    if isinstance(node, Num):
        return None
    if isinstance(node, Var):
        return node.sort
    if isinstance(node, Op):
        if node.op == "^":
            return leaf_sort(node.args[0])
        if node.op == "neg":  # Lean has no negation on ℕ: -t is read as an integer (and exported so)
            inner = leaf_sort(node.args[0])
            return inner if inner is not None and (inner.is_matrix or inner != NAT) else INT
        return _join([leaf_sort(a) for a in node.args])
    if isinstance(node, Call):
        f = node.func
        if f in CASTS:  # (t : T) is a leaf of sort T; t is a tree of its own
            return CASTS[f]
        if f in ("sqrt", "exp", "log"):
            return REAL
        if f == "floor":
            return INT
        if f in ("factorial", "binomial", "gcd", "lcm"):
            return NAT
        if f in ("det", "trace"):
            return RAT
        return _join([leaf_sort(a) for a in node.args])  # abs min max mod transpose inverse
    if isinstance(node, Index):
        return RAT
    if isinstance(node, SumOf):
        return leaf_sort(node.body)
    if isinstance(node, MatLit):
        return mat(len(node.rows))
    return None


def carrier(*nodes: Node) -> Sort:
    """The type Lean computes a tree of these terms at (ℕ when only numerals occur)."""
    return _join([leaf_sort(n) for n in nodes]) or NAT


def exponent_carrier(exponent: Node) -> Sort:
    """ℕ for a natural exponent, ℤ for one with integer leaves or a negative literal."""
    if isinstance(exponent, Op) and exponent.op == "neg" and isinstance(exponent.args[0], Num):
        return INT if exponent.args[0].value != 0 else NAT
    return carrier(exponent)


def argument_carrier(*nodes: Node) -> Sort:
    """gcd, lcm and predicates: ℕ (``Nat.gcd``, ``Nat.Prime``) when every leaf is ℕ, else ℤ."""
    c = carrier(*nodes)
    return NAT if c == NAT else INT


# ---------------------------------------------------------------- guards

Guard = dict  # atom (a formula) -> the truth value this branch assumes for it
_NEGATE = {"=": "!=", "!=": "=", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}


def literal(atom: Node, value: bool) -> Node:
    """The formula saying ``atom`` has truth ``value`` (a relation's complement, not a ¬, when possible)."""
    if value:
        return atom
    if isinstance(atom, Rel) and atom.op in _NEGATE:
        return Rel(_NEGATE[atom.op], atom.left, atom.right)
    return Not(atom)


def _static(atom: Node, lows: dict[str, Fraction] | None = None) -> bool | None:
    """The truth of an atom that needs no engine: numerals compared, signs seen from the shape."""
    if not isinstance(atom, Rel):
        return None
    a, b = _literal(atom.left), _literal(atom.right)
    if a is not None and b is not None:
        return {"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}.get(atom.op)
    if isinstance(atom, Rel) and isinstance(atom.right, Num):
        low = lower_bound(atom.left, lows)
        c = atom.right.value
        if low is not None:
            if (atom.op == ">=" and low >= c) or (atom.op == ">" and low > c) or (atom.op == "!=" and low > c):
                return True
            if (atom.op == "<" and low >= c) or (atom.op == "<=" and low > c) or (atom.op == "=" and low > c):
                return False
    return None


def _literal(term: Node) -> Fraction | None:
    """The value of a numeral or a negated numeral."""
    if isinstance(term, Num):
        return term.value
    if isinstance(term, Op) and term.op == "neg" and isinstance(term.args[0], Num):
        return -term.args[0].value
    return None


def lower_bound(term: Node, lows: dict[str, Fraction] | None = None) -> Fraction | None:
    """A lower bound of a term at every point, from its shape alone (None when it has none).

    Enough to see that ``2^(n+1) - 1`` or ``n! - 1`` never truncates in ℕ: numerals, natural
    variables, sums and products of bounded terms, powers of bases at least 1, factorials.
    ``lows`` gives the lower bounds of the sum indices in scope.
    """
    if _literal(term) is not None:
        return _literal(term)
    if isinstance(term, Var):
        if lows and term.name in lows:
            return lows[term.name]
        return Fraction(0) if term.sort == NAT else None
    if isinstance(term, Op) and term.op in ("+", "*"):
        found = [lower_bound(a, lows) for a in term.args]
        bounds = [b for b in found if b is not None]
        if len(bounds) != len(found):
            return None
        if term.op == "+":
            return sum(bounds, Fraction(0))
        if all(b >= 0 for b in bounds):
            product = Fraction(1)
            for bound in bounds:
                product *= bound
            return product
        return None
    if isinstance(term, Op) and term.op == "^":
        base, exponent = term.args
        b, e = lower_bound(base, lows), lower_bound(exponent, lows)
        if b is not None and b >= 1 and e is not None and e >= 0:
            return Fraction(1) if not isinstance(exponent, Num) else b ** int(exponent.value)
        if b is not None and b >= 0 and e is not None and e >= 0:
            return Fraction(0)
        return None
    if isinstance(term, Call) and term.func in CASTS:
        return lower_bound(term.args[0], lows)
    if isinstance(term, Call) and term.func == "factorial":
        return Fraction(1)
    if isinstance(term, Call) and term.func in ("abs", "sqrt", "binomial", "gcd", "lcm"):
        return Fraction(0)
    return None


def _merge(a: Guard, b: Guard) -> Guard | None:
    if not b:
        return a
    out = dict(a)
    for atom, value in b.items():
        if out.get(atom, value) != value:
            return None
        out[atom] = value
    return out


Piece = tuple[Guard, Node]


class _Lower:
    """The recursive translation; ``ranges`` maps the sums' indices in scope to their bounds."""

    def __init__(self) -> None:
        self.ranges: dict[str, tuple[Node, Node]] = {}
        self.assertions: set[Node] = set()

    @property
    def index_low(self) -> dict[str, Fraction]:
        """Lower bounds of the sum indices in scope (where their lower limit has one)."""
        return _lows(self.ranges)

    # pieces -------------------------------------------------------

    def combine(self, lists: Sequence[list[Piece]], build: Callable[[list[Node]], Node]) -> list[Piece]:
        out: list[tuple[Guard, list[Node]]] = [({}, [])]
        for pieces in lists:
            grown: list[tuple[Guard, list[Node]]] = []
            for guard, args in out:
                for g2, t in pieces:
                    merged = _merge(guard, g2)
                    if merged is not None:
                        grown.append((merged, args + [t]))
            out = grown
            if len(out) > MAX_BRANCHES:
                raise Unsupported(f"the Mathlib reading needs more than {MAX_BRANCHES} cases", too_large=True)
        return [(g, build(args)) for g, args in out]

    def split(self, pieces: list[Piece], cases: Callable[[Node], list[tuple[list[tuple[Node, bool]], Node]]]
              ) -> list[Piece]:  # fmt: skip
        """Refine each piece by the cases of its term: (literals that select the case, the value there)."""
        out: list[Piece] = []
        for guard, term in pieces:
            for lits, value in cases(term):
                extra: Guard = {}
                ok = True
                for atom, truth in lits:
                    known = self.decide_static(atom)
                    if known is not None:
                        if known != truth:
                            ok = False
                            break
                        continue
                    if extra.get(atom, truth) != truth:
                        ok = False
                        break
                    extra[atom] = truth
                merged = _merge(guard, extra) if ok else None
                if merged is not None:
                    out.append((merged, value))
        if len(out) > MAX_BRANCHES:
            raise Unsupported(f"the Mathlib reading needs more than {MAX_BRANCHES} cases", too_large=True)
        return out

    def decide_static(self, atom: Node) -> bool | None:
        lows = self.index_low
        known = _static(atom, lows)
        if known is not None:
            return known
        bound = free_vars(atom) & set(self.ranges)
        if not bound:
            return None
        # within a sum over k = lo..hi: hi - k >= 0 and hi >= k hold
        if isinstance(atom, Rel) and atom.op in (">=", "<"):
            left, right = atom.left, atom.right
            if (right == _ZERO and isinstance(left, Op) and left.op == "-" and len(left.args) == 2
                    and isinstance(left.args[1], Var) and left.args[1].name in self.ranges):  # fmt: skip
                left, right = left.args[0], left.args[1]  # type: ignore[attr-defined]
            if isinstance(right, Var) and right.name in self.ranges and left == self.ranges[right.name][1]:
                return atom.op == ">="
        name = sorted(bound)[0]
        raise Unsupported(f"a case of the Mathlib reading depends on the sum index '{name}' ({term_text(atom)})")

    def assert_defined(self, pieces: list[Piece]) -> list[Piece]:
        """Add each piece's exact definedness conditions (implied by its guards) as guard facts."""
        out = []
        for guard, term in pieces:
            extra = {}
            for cond in definedness(term):
                if free_vars(cond) & set(self.ranges) or cond in guard:
                    continue
                extra[cond] = True
                self.assertions.add(cond)
            out.append(({**guard, **extra}, term))
        return out

    # terms --------------------------------------------------------

    def term(self, node: Node, c: Sort) -> list[Piece]:
        if isinstance(node, Num):
            if node.value.denominator != 1 and c.is_integral:
                raise Unsupported(f"the numeral {node.value} is read in {c}, where Lean has no such numeral")
            return [({}, node)]
        if isinstance(node, Var):
            return [({}, node)]
        if isinstance(node, Op):
            return self.op(node, c)
        if isinstance(node, Call):
            return self.call(node, c)
        if isinstance(node, Index):
            return self.index(node)
        if isinstance(node, SumOf):
            return self.sum(node, c)
        if isinstance(node, MatLit):
            rows = [self.term(e, RAT) for row in node.rows for e in row]
            n = len(node.rows)
            return self.combine(rows, lambda xs: MatLit(tuple(tuple(xs[i * n : (i + 1) * n]) for i in range(n))))
        raise Unsupported(f"unexpected {type(node).__name__} in a term")

    def op(self, node: Op, c: Sort) -> list[Piece]:
        op, a = node.op, node.args
        if op == "neg":
            if c == NAT:
                raise Unsupported("negation of a natural number (Lean has no -n in ℕ)")
            return self.combine([self.term(a[0], c)], lambda xs: Op("neg", (xs[0],)))
        if op == "^":
            return self.power(node, c)
        if op == "*" and c.is_matrix:
            parts = [self.term(x, c if leaf_sort(x) is not None and leaf_sort(x).is_matrix else RAT)  # type: ignore[union-attr]
                     for x in a]  # fmt: skip
            return self.combine(parts, lambda xs: Op("*", tuple(xs)))
        pieces = self.combine([self.term(x, c) for x in a], lambda xs: Op(op, tuple(xs)))
        if op == "-" and c == NAT:
            return self.split(pieces, _truncated_sub)
        if op == "/":
            if c.is_integral:
                return self.assert_defined(self.split(pieces, _int_div if c == INT else _nat_div))
            return self.assert_defined(self.split(pieces, _field_div))
        return pieces

    def power(self, node: Op, c: Sort) -> list[Piece]:
        base, exponent = node.args
        ec = exponent_carrier(exponent)
        if ec == INT and isinstance(exponent, Var) and _nonneg(self.index_low.get(exponent.name, None)):
            ec = NAT  # k ranges over lo..hi with lo >= 0: Lean's `x ^ k.toNat`, the same value
        if ec == INT and c.is_integral:
            raise Unsupported(f"a power with an integer exponent in {c} (Lean's zpow needs a field)")
        pieces = self.combine([self.term(base, c), self.term(exponent, ec)], lambda xs: Op("^", (xs[0], xs[1])))
        if ec == NAT:
            nonneg = [(g, t) for g, t in pieces]
            out = []
            for g, t in nonneg:
                e = t.args[1]  # type: ignore[attr-defined]
                if not (isinstance(e, Num) or _exact_natural(e) or free_vars(e) & set(self.ranges)):
                    atom = Rel(">=", e, _ZERO)
                    self.assertions.add(atom)
                    g = {**g, atom: True}
                out.append((g, t))
            return self.assert_defined(out)
        zero_value: Node = _zero_matrix(c.n) if c.is_matrix else _ZERO
        return self.assert_defined(self.split(pieces, lambda t: _zpow(t, c, zero_value)))

    def call(self, node: Call, c: Sort) -> list[Piece]:
        f, a = node.func, node.args
        if f in CASTS:
            # the argument at its own carrier (ℕ subtraction truncates there); the cast keeps the
            # value, so the exact branch holds the lowered argument alone
            return self.term(a[0], carrier(a[0]))
        if f in ("sqrt", "exp", "log"):
            pieces = self.combine([self.term(a[0], REAL)], lambda xs: Call(f, (xs[0],)))
            if f == "sqrt":
                return self.assert_defined(self.split(pieces, _sqrt))
            if f == "log":
                return self.assert_defined(self.split(pieces, _log))
            return pieces
        if f == "abs":
            if c == NAT:
                raise Unsupported("|·| of a natural number (ℕ is not an additive group in Lean)")
            return self.combine([self.term(a[0], c)], lambda xs: Call("abs", (xs[0],)))
        if f in ("min", "max"):
            return self.combine([self.term(x, c) for x in a], lambda xs: Call(f, tuple(xs)))
        if f == "floor":
            inner = carrier(a[0])
            if inner == NAT:
                raise Unsupported("⌊·⌋ of a natural-number term (Int.floor needs a ring with floor; ℕ is not one)")
            return self.combine([self.term(a[0], inner)], lambda xs: Call("floor", (xs[0],)))
        if f == "mod":
            if not c.is_integral:
                raise Unsupported(f"% read in {c} (Mathlib's % on ℚ and ℝ is not the integer remainder)")
            pieces = self.combine([self.term(x, c) for x in a], lambda xs: Call("mod", tuple(xs)))
            return self.assert_defined(self.split(pieces, _mod))
        if f in ("factorial", "binomial"):
            # Nat.factorial / Nat.choose take ℕ: an integer argument is read (and exported) as Int.toNat
            args = [self.term(x, NAT) if carrier(x) == NAT else self.split(self.term(x, INT), _to_nat)
                    for x in a]  # fmt: skip
            return self.assert_defined(self.combine(args, lambda xs: Call(f, tuple(xs))))
        if f in ("gcd", "lcm"):
            ac = argument_carrier(*a)
            return self.combine([self.term(x, ac) for x in a], lambda xs: Call(f, tuple(xs)))
        if f in ("det", "trace", "transpose"):
            return self.combine([self.term(a[0], carrier(a[0]))], lambda xs: Call(f, (xs[0],)))
        if f == "inverse":
            m = carrier(a[0])
            pieces = self.combine([self.term(a[0], m)], lambda xs: Call("inverse", (xs[0],)))
            return self.assert_defined(self.split(pieces, lambda t: _inverse(t, m)))
        raise Unsupported(f"the function '{f}'")

    def index(self, node: Index) -> list[Piece]:
        ic = carrier(node.index)
        pieces = self.combine([self.term(node.index, NAT if ic == NAT else INT)], lambda xs: Index(node.seq, xs[0]))
        if ic == NAT:
            return self.assert_defined(pieces)
        # ``u (Int.toNat k)``: a negative index reads the sequence at 0
        return self.assert_defined(self.split(pieces, _to_nat_index))

    def sum(self, node: SumOf, c: Sort) -> list[Piece]:
        if not c.is_scalar:
            raise Unsupported("a sum of matrices")
        lo = self.term(node.lo, INT)
        hi = self.term(node.hi, INT)
        saved = dict(self.ranges)
        self.ranges[node.var] = (node.lo, node.hi)
        try:
            body = self.term(node.body, c)
        finally:
            self.ranges = saved
        return self.combine([lo, hi, body], lambda xs: SumOf(node.var, xs[0], xs[1], xs[2]))

    # formulas -----------------------------------------------------

    def formula(self, node: Node) -> list[Piece]:
        if isinstance(node, BoolLit):
            return [({}, node)]
        if isinstance(node, Not):
            return self.combine([self.formula(node.arg)], lambda xs: Not(xs[0]))
        if isinstance(node, Conn):
            return self.combine([self.formula(x) for x in node.args], lambda xs: Conn(node.op, tuple(xs)))
        if isinstance(node, Rel):
            c = carrier(node.left, node.right)
            if node.op == "dvd" and not c.is_integral:
                raise Unsupported(f"divisibility read in {c}")
            return self.combine([self.term(node.left, c), self.term(node.right, c)],
                                lambda xs: Rel(node.op, xs[0], xs[1]))  # fmt: skip
        if isinstance(node, Pred):
            ac = argument_carrier(*node.args)
            return self.combine([self.term(x, ac) for x in node.args], lambda xs: Pred(node.name, tuple(xs)))
        raise Unsupported(f"unexpected {type(node).__name__} in a statement")


def _exact_natural(term: Node) -> bool:
    """Whether the exact reading already types ``term`` as ℕ (so it needs no ``term >= 0`` fact)."""
    try:
        return sort_of(term) == NAT
    except Exception:  # a lowered term the resolver does not type: keep the fact
        return False


def _nonneg(low: Fraction | None) -> bool:
    return low is not None and low >= 0


def _zero_matrix(n: int) -> Node:
    return MatLit(tuple(tuple(_ZERO for _ in range(n)) for _ in range(n)))


Cases = list[tuple[list[tuple[Node, bool]], Node]]


def _either(atom: Node, when_true: Node, when_false: Node) -> Cases:
    """Two cases: ``atom`` holds (value ``when_true``) or fails (value ``when_false``)."""
    return [([(atom, True)], when_true), ([(atom, False)], when_false)]


def _truncated_sub(t: Node) -> Cases:
    a, b = t.args  # type: ignore[attr-defined]
    return _either(Rel(">=", a, b), t, _ZERO)


def _field_div(t: Node) -> Cases:
    return _either(Rel("=", t.args[1], _ZERO), _ZERO, t)  # type: ignore[attr-defined]


def _nat_div(t: Node) -> Cases:
    return _either(Rel("=", t.args[1], _ZERO), _ZERO, Call("floor", (t,)))  # type: ignore[attr-defined]


def _int_div(t: Node) -> Cases:
    """Int.ediv: b = 0 → 0, b > 0 → ⌊a/b⌋, b < 0 → -⌊a/(-b)⌋."""
    a, b = t.args  # type: ignore[attr-defined]
    zero, pos = Rel("=", b, _ZERO), Rel(">", b, _ZERO)
    cases: Cases = [([(zero, True)], _ZERO), ([(zero, False), (pos, True)], Call("floor", (t,)))]
    if not (isinstance(b, Var) and b.sort == NAT):
        negative = Op("neg", (Call("floor", (Op("/", (a, Op("neg", (b,)))),)),))
        cases.append(([(zero, False), (pos, False)], negative))
    return cases


def _mod(t: Node) -> Cases:
    a, b = t.args  # type: ignore[attr-defined]
    return _either(Rel("=", b, _ZERO), a, t)


def _sqrt(t: Node) -> Cases:
    return _either(Rel(">=", t.args[0], _ZERO), t, _ZERO)  # type: ignore[attr-defined]


def _log(t: Node) -> Cases:
    x = t.args[0]  # type: ignore[attr-defined]
    zero, pos = Rel("=", x, _ZERO), Rel(">", x, _ZERO)
    return [([(zero, True)], _ZERO), ([(zero, False), (pos, True)], t),
            ([(zero, False), (pos, False)], Call("log", (Op("neg", (x,)),)))]  # fmt: skip


def _zpow(t: Node, c: Sort, zero_value: Node) -> Cases:
    base, e = t.args  # type: ignore[attr-defined]
    singular = Rel("=", Call("det", (base,)), _ZERO) if c.is_matrix else Rel("=", base, _ZERO)
    negative = Rel("<", e, _ZERO)
    return [([(negative, False)], t), ([(negative, True), (singular, True)], zero_value),
            ([(negative, True), (singular, False)], t)]  # fmt: skip


def _inverse(t: Node, m: Sort) -> Cases:
    return _either(Rel("=", Call("det", (t.args[0],)), _ZERO), _zero_matrix(m.n), t)  # type: ignore[attr-defined]


def _to_nat(t: Node) -> Cases:
    return _either(Rel(">=", t, _ZERO), t, _ZERO)


def _lows(ranges: dict[str, tuple[Node, Node]]) -> dict[str, Fraction]:
    lows: dict[str, Fraction] = {}
    for name, (lo, _) in ranges.items():
        low = lower_bound(lo, lows)
        if low is not None:
            lows[name] = low
    return lows


def _to_nat_index(t: Node) -> Cases:
    idx = t.index  # type: ignore[attr-defined]
    return _either(Rel(">=", idx, _ZERO), t, Index(t.seq, _ZERO))  # type: ignore[attr-defined]


# ---------------------------------------------------------------- claims


def lower(claim: Claim) -> Lowering:
    """The Mathlib reading of ``claim`` as exact-semantics branches (see the module docstring)."""
    worker = _Lower()
    try:
        parts = [worker.formula(a) for a in claim.assumptions] + [worker.formula(claim.body)]
        combos = worker.combine(parts, lambda xs: Conn("and", tuple(xs)) if len(xs) > 1 else xs[0])
    except Unsupported as exc:
        return Lowering(claim, (), exc.reason, exc.too_large)
    inner = claim.binders[-1].quantifier if claim.binders else "forall"
    branches = []
    for guard, combo in combos:
        formulas = list(combo.args) if len(parts) > 1 else [combo]  # type: ignore[attr-defined]
        assumptions, body = formulas[:-1], formulas[-1]
        splits = tuple(dict.fromkeys(literal(atom, value) for atom, value in guard.items()
                                     if atom not in worker.assertions))  # fmt: skip
        literals = tuple(dict.fromkeys(splits + tuple(literal(a, v) for a, v in guard.items())))
        if not literals:
            branch = Claim(claim.binders, tuple(assumptions), body)
        elif inner == "forall":
            branch = Claim(claim.binders, literals + tuple(assumptions), body)
        else:
            matrix = body if not assumptions else Conn("->", (_conj(assumptions), body))
            branch = Claim(claim.binders, (), _conj(list(literals) + [matrix]) if literals else matrix)
        branches.append(Branch(literals, splits, branch))
    return Lowering(claim, tuple(branches))


def _conj(formulas: Sequence[Node]) -> Node:
    return formulas[0] if len(formulas) == 1 else Conn("and", tuple(formulas))


__all__ = ["Branch", "Lowering", "SEMANTICS", "Semantics", "Unsupported", "argument_carrier", "carrier",
           "check_semantics", "exponent_carrier", "leaf_sort", "literal", "lower", "lower_bound",
           "to_lean_mathlib"]  # fmt: skip


# ---------------------------------------------------------------- Lean 4, as Mathlib reads it

_LEAN_TYPE = {"N": "ℕ", "Z": "ℤ", "Q": "ℚ", "R": "ℝ"}
_LEAN_REL = {"=": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥", "dvd": "∣"}
_LEAN_CONN = {"and": "∧", "or": "∨", "->": "→", "<->": "↔"}


def _lean_type(sort: Sort) -> str:
    if sort.kind == "Mat":
        return f"Matrix (Fin {sort.n}) (Fin {sort.n}) ℚ"
    if sort.kind == "Seq":
        return "ℕ → ℚ"
    return _LEAN_TYPE[sort.kind]


class _MathlibLean:
    """The statement as written, in Lean 4: no added hypotheses, no casts beyond the claim's own.

    Every compound term is parenthesized and every arithmetic tree carries a type ascription to
    the carrier :func:`lower` reads it at, so Lean elaborates exactly the reading that was decided.
    """

    def __init__(self) -> None:
        self.ranges: dict[str, tuple[Node, Node]] = {}

    def asc(self, node: Node, c: Sort) -> str:
        text = self.term(node, c)
        if (isinstance(node, Var) and node.sort == c) or c.is_matrix:
            return text
        return f"({text} : {_lean_type(c)})"

    def term(self, node: Node, c: Sort) -> str:
        if isinstance(node, Num):
            v = node.value
            return str(v.numerator) if v.denominator == 1 else f"({v.numerator} / {v.denominator})"
        if isinstance(node, Var):
            return node.name
        if isinstance(node, Op):
            return self.op(node, c)
        if isinstance(node, Call):
            return self.call(node, c)
        if isinstance(node, Index):
            ic = carrier(node.index)
            if ic == NAT:
                return f"({node.seq.name} {self.asc(node.index, NAT)})"
            return f"({node.seq.name} (Int.toNat {self.asc(node.index, INT)}))"
        if isinstance(node, SumOf):
            saved = dict(self.ranges)
            self.ranges[node.var] = (node.lo, node.hi)
            try:
                body = self.asc(node.body, c)
            finally:
                self.ranges = saved
            return f"(∑ {node.var} ∈ Finset.Icc {self.asc(node.lo, INT)} {self.asc(node.hi, INT)}, {body})"
        if isinstance(node, MatLit):
            rows = "; ".join(", ".join(self.asc(e, RAT) for e in row) for row in node.rows)
            return f"!![{rows}]"
        raise Unsupported(f"unexpected {type(node).__name__} in a term")

    def op(self, node: Op, c: Sort) -> str:
        a = node.args
        if node.op == "neg":
            return f"(-{self.term(a[0], c)})"
        if node.op == "^":
            base, exponent = a
            ec = exponent_carrier(exponent)
            if ec == INT and isinstance(exponent, Var) and _nonneg(_lows(self.ranges).get(exponent.name, None)):
                exp_text = f"{exponent.name}.toNat"
            elif isinstance(exponent, Num) or (isinstance(exponent, Var) and exponent.sort == ec):
                exp_text = self.term(exponent, ec)
            else:
                exp_text = self.asc(exponent, ec)
            return f"({self.term(base, c)} ^ {exp_text})"
        if node.op == "*" and c.is_matrix:
            parts = []
            for x in a:
                ls = leaf_sort(x)
                parts.append(self.term(x, c) if ls is not None and ls.is_matrix else self.asc(x, RAT))
            out = parts[0]
            for x, text in zip(a[1:], parts[1:]):
                ls = leaf_sort(x)
                sym = "*" if ls is not None and ls.is_matrix and not out.endswith(": ℚ)") else "•"
                out = f"({out} {sym} {text})"
            return out
        sym = {"+": "+", "-": "-", "*": "*", "/": "/"}[node.op]
        return "(" + f" {sym} ".join(self.term(x, c) for x in a) + ")"

    def call(self, node: Call, c: Sort) -> str:
        f, a = node.func, node.args
        if f in CASTS:  # ((t : S) : T): t elaborated at its own carrier S, then cast up
            inner = carrier(a[0])
            return f"(({self.term(a[0], inner)} : {_lean_type(inner)}) : {_lean_type(CASTS[f])})"
        if f in ("sqrt", "exp", "log"):
            return f"(Real.{f} {self.asc(a[0], REAL)})"
        if f == "abs":
            return f"|{self.asc(a[0], c)}|"
        if f in ("min", "max"):
            return f"({f} {self.asc(a[0], c)} {self.asc(a[1], c)})"
        if f == "floor":
            return f"⌊{self.asc(a[0], carrier(a[0]))}⌋"
        if f == "mod":
            return f"({self.term(a[0], c)} % {self.term(a[1], c)})"
        if f in ("factorial", "binomial"):
            args = " ".join(self.asc(x, NAT) if carrier(x) == NAT else f"(Int.toNat {self.asc(x, INT)})" for x in a)
            return f"(Nat.{'factorial' if f == 'factorial' else 'choose'} {args})"
        if f in ("gcd", "lcm"):
            ac = argument_carrier(*a)
            space = "Nat" if ac == NAT else "Int"
            return f"({space}.{f} {self.asc(a[0], ac)} {self.asc(a[1], ac)})"
        m = carrier(a[0])
        if f == "det":
            return f"(Matrix.det {self.term(a[0], m)})"
        if f == "trace":
            return f"(Matrix.trace {self.term(a[0], m)})"
        if f == "transpose":
            return f"({self.term(a[0], m)}ᵀ)"
        if f == "inverse":
            return f"({self.term(a[0], m)}⁻¹)"
        raise Unsupported(f"the function '{f}'")

    def formula(self, node: Node) -> str:
        if isinstance(node, BoolLit):
            return "True" if node.value else "False"
        if isinstance(node, Rel):
            c = carrier(node.left, node.right)
            return f"{self.asc(node.left, c)} {_LEAN_REL[node.op]} {self.asc(node.right, c)}"
        if isinstance(node, Pred):
            ac = argument_carrier(*node.args)
            xs = [self.asc(x, ac) for x in node.args]
            if node.name == "prime":
                return f"Nat.Prime {xs[0]}" if ac == NAT else f"(0 ≤ {xs[0]} ∧ Nat.Prime (Int.toNat {xs[0]}))"
            if node.name == "coprime":
                return f"Nat.Coprime {xs[0]} {xs[1]}" if ac == NAT else f"Int.gcd {xs[0]} {xs[1]} = 1"
            name = {"even": "Even", "odd": "Odd", "square": "IsSquare"}[node.name]
            return f"{name} {xs[0]}"
        if isinstance(node, Not):
            return f"¬({self.formula(node.arg)})"
        if isinstance(node, Conn):
            return "(" + f" {_LEAN_CONN[node.op]} ".join(self.formula(x) for x in node.args) + ")"
        raise Unsupported(f"unexpected {type(node).__name__} in a statement")


def to_lean_mathlib(claim: Claim) -> str:
    """A Lean 4 proposition meaning what ``claim`` means under ``mathlib``: the statement as written.

    No definedness hypotheses are added (Mathlib's operations are total) and nothing is cast to
    another type beyond the casts written in the claim; the carriers Lean would infer are written
    out as ascriptions. Raises
    :class:`Unsupported` for a claim with no Mathlib-faithful reading.
    """
    low = lower(claim)
    if low.reason is not None and not low.too_large:  # many cases are no obstacle to writing it down
        raise Unsupported(low.reason)
    r = _MathlibLean()
    parts = [f"{r.formula(x)} → " for x in claim.assumptions]
    prefix = "".join(
        f"{'∀' if b.quantifier == 'forall' else '∃'} {' '.join(b.names)} : {_lean_type(b.sort)}, "
        for b in claim.binders
    )
    return prefix + "".join(parts) + r.formula(claim.body)
