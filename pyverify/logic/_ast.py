"""The abstract syntax of the claim language: sorts, terms, formulas and claims.

Every node is a frozen, hashable dataclass, so claims can be compared, used as cache keys and sent
to a worker process. Terms keep the surface structure the author wrote (``1 + x`` and ``x + 1`` are
different terms): paraphrase families rewrite exactly that structure, and the certification engine
decides whether two structures mean the same thing. This is the bottom of the package: it imports no
other module of it. Sorts of terms are computed in :mod:`pyverify.logic._sorts`; text, LaTeX and Lean
in :mod:`pyverify.logic._render`; sympy and z3 in :mod:`pyverify.logic._convert`.

Invariant (as in SymPy's ``expr == expr.func(*expr.args)``): for every node ``n``,
``type(n)(*astuple_shallow(n)) == n``; :func:`children` and :func:`rebuild` follow it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Callable, Iterator, Mapping

#: Deepest nesting the parser accepts; deeper input is a ``ParseError``, never a RecursionError.
MAX_DEPTH = 100


@dataclass(frozen=True, slots=True)
class Sort:
    """A sort: a number system ``N Z Q R``, an ``n``-by-``n`` matrix over ℚ, or a sequence ℕ → ℚ."""

    kind: str
    """One of ``N``, ``Z``, ``Q``, ``R``, ``Mat``, ``Seq``."""
    n: int = 0
    """Matrix size for ``Mat``; 0 otherwise."""

    @property
    def is_scalar(self) -> bool:
        return self.kind in _SCALAR_RANK

    @property
    def is_integral(self) -> bool:
        return self.kind in ("N", "Z")

    @property
    def is_matrix(self) -> bool:
        return self.kind == "Mat"

    def __str__(self) -> str:
        if self.kind == "Mat":
            return f"Mat{self.n}(Q)"
        if self.kind == "Seq":
            return "Seq(Q)"
        return self.kind


_SCALAR_RANK = {"N": 0, "Z": 1, "Q": 2, "R": 3}
NAT, INT, RAT, REAL = Sort("N"), Sort("Z"), Sort("Q"), Sort("R")
SEQ = Sort("Seq")


#: The up-casts of the language, ``Call(name, (t,))``: function name -> target sort (ℕ ⊂ ℤ ⊂ ℚ ⊂ ℝ).
#: A cast's value is its argument's; under ``mathlib`` the argument is computed at its own carrier.
CASTS: dict[str, Sort] = {"cast_Z": INT, "cast_Q": RAT, "cast_R": REAL}
#: The cast to each target sort kind.
CAST_TO: dict[str, str] = {sort.kind: name for name, sort in CASTS.items()}


def mat(n: int) -> Sort:
    """The sort of ``n``-by-``n`` rational matrices."""
    return Sort("Mat", n)


def join(*sorts: Sort) -> Sort:
    """The smallest number system containing every scalar sort given (ℕ ⊂ ℤ ⊂ ℚ ⊂ ℝ)."""
    return max(sorts, key=lambda s: _SCALAR_RANK[s.kind])


class Node:
    """Base of every syntax node; caches the nesting depth so deep input is refused early."""

    __slots__ = ()

    @property
    def depth(self) -> int:
        return self._depth  # type: ignore[attr-defined,no-any-return]

    def _set_depth(self) -> None:
        kids = list(children(self))
        depth = 1 + max((k.depth for k in kids), default=0)
        object.__setattr__(self, "_depth", depth)


# ---------------------------------------------------------------- terms


@dataclass(frozen=True, slots=True)
class Num(Node):
    """A numeral: an integer or a terminating decimal, kept as an exact fraction."""

    value: Fraction
    _depth: int = field(default=1, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Var(Node):
    """A variable occurrence with the sort of its binder (``sum`` indices are ℤ)."""

    name: str
    sort: Sort
    _depth: int = field(default=1, compare=False, repr=False)
    pos: int = field(default=-1, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Op(Node):
    """Arithmetic: ``+ *`` (n-ary, left-flattened), ``- / ^`` (binary) and ``neg`` (unary)."""

    op: str
    args: tuple[Term, ...]
    _depth: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._set_depth()


@dataclass(frozen=True, slots=True)
class Call(Node):
    """A built-in function applied to arguments (``abs``, ``det``, ``binomial``, ...)."""

    func: str
    args: tuple[Term, ...]
    _depth: int = field(default=0, compare=False, repr=False)
    pos: int = field(default=-1, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._set_depth()


@dataclass(frozen=True, slots=True)
class Index(Node):
    """A sequence variable applied to an index: ``u(k)``."""

    seq: Var
    index: Term
    _depth: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._set_depth()


@dataclass(frozen=True, slots=True)
class SumOf(Node):
    """The finite sum Σ_{var=lo}^{hi} body; empty (zero) when hi < lo."""

    var: str
    lo: Term
    hi: Term
    body: Term
    _depth: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._set_depth()


@dataclass(frozen=True, slots=True)
class MatLit(Node):
    """A matrix literal ``[[a, b], [c, d]]`` (square)."""

    rows: tuple[tuple[Term, ...], ...]
    _depth: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._set_depth()


#: A term is any of Num, Var, Op, Call, Index, SumOf, MatLit (checked by the resolver, not by the type).
Term = Node

# ---------------------------------------------------------------- formulas


@dataclass(frozen=True, slots=True)
class BoolLit(Node):
    """``true`` or ``false``."""

    value: bool
    _depth: int = field(default=1, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Rel(Node):
    """A relation between two terms: ``= != < <= > >=`` or ``dvd`` (divides)."""

    op: str
    left: Term
    right: Term
    _depth: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._set_depth()


@dataclass(frozen=True, slots=True)
class Pred(Node):
    """A named predicate with a definition (``prime``, ``even``, ``odd``, ``coprime``, ``square``)."""

    name: str
    args: tuple[Term, ...]
    _depth: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._set_depth()


@dataclass(frozen=True, slots=True)
class Not(Node):
    """Negation."""

    arg: Formula
    _depth: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._set_depth()


@dataclass(frozen=True, slots=True)
class Conn(Node):
    """A connective: ``and`` / ``or`` (n-ary, left-flattened), ``->`` and ``<->`` (binary)."""

    op: str
    args: tuple[Formula, ...]
    _depth: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._set_depth()


#: A formula is any of BoolLit, Rel, Pred, Not, Conn.
Formula = Node


# ---------------------------------------------------------------- claims


@dataclass(frozen=True, slots=True)
class Binder:
    """One quantifier block: ``forall x y : R``."""

    quantifier: str
    """``forall`` or ``exists``."""
    names: tuple[str, ...]
    """The variables it binds, in order."""
    sort: Sort
    """Their common sort."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A prenex claim: quantifier blocks, assumptions, and a quantifier-free body.

    Its meaning is ``Q1 x1 ... Qn xn, (A1 ∧ ... ∧ Ak) → body``. Partial operations (÷ 0, √ of a
    negative, the inverse of a singular matrix, ...) restrict the domain: a point where the claim
    is undefined is neither a counterexample nor an example.
    """

    binders: tuple[Binder, ...]
    """Quantifier blocks, outermost first."""
    assumptions: tuple[Formula, ...]
    """Hypotheses on the bound variables (``assume A,``)."""
    body: Formula
    """The quantifier-free statement."""

    @property
    def variables(self) -> dict[str, Sort]:
        """Every bound variable and its sort, in binding order."""
        return {name: b.sort for b in self.binders for name in b.names}

    @property
    def quantifiers(self) -> set[str]:
        return {b.quantifier for b in self.binders}

    @property
    def matrix(self) -> Formula:
        """The quantifier-free part: assumptions → body."""
        if not self.assumptions:
            return self.body
        hyp = self.assumptions[0] if len(self.assumptions) == 1 else Conn("and", self.assumptions)
        return Conn("->", (hyp, self.body))


# ---------------------------------------------------------------- traversal


def children(node: Node) -> Iterator[Node]:
    """The direct sub-nodes of a node, in order."""
    if isinstance(node, (Op, Call, Pred)):
        yield from node.args
    elif isinstance(node, Conn):
        yield from node.args
    elif isinstance(node, Not):
        yield node.arg
    elif isinstance(node, Rel):
        yield node.left
        yield node.right
    elif isinstance(node, Index):
        yield node.seq
        yield node.index
    elif isinstance(node, SumOf):
        yield node.lo
        yield node.hi
        yield node.body
    elif isinstance(node, MatLit):
        for row in node.rows:
            yield from row


def walk(node: Node) -> Iterator[Node]:
    """Every node below and including ``node``, iteratively (no recursion limit)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(children(current))


def claim_nodes(claim: Claim) -> Iterator[Node]:
    """Every node of the assumptions and the body."""
    for a in claim.assumptions:
        yield from walk(a)
    yield from walk(claim.body)


def fields_of(node: Node) -> list[str]:
    return [f.name for f in fields(node) if f.name != "_depth"]  # type: ignore[arg-type]


def substitute(node: Node, mapping: Mapping[str, Node]) -> Node:
    """Replace free occurrences of variables by terms (sum indices shadow outer names)."""
    if not mapping:
        return node
    if isinstance(node, Var):
        return mapping.get(node.name, node)
    if isinstance(node, (Num, BoolLit)):
        return node
    if isinstance(node, Op):
        return Op(node.op, tuple(substitute(a, mapping) for a in node.args))
    if isinstance(node, Call):
        return Call(node.func, tuple(substitute(a, mapping) for a in node.args))
    if isinstance(node, Pred):
        return Pred(node.name, tuple(substitute(a, mapping) for a in node.args))
    if isinstance(node, Index):
        seq = mapping.get(node.seq.name, node.seq)
        return Index(seq if isinstance(seq, Var) else node.seq, substitute(node.index, mapping))
    if isinstance(node, SumOf):
        inner = {k: v for k, v in mapping.items() if k != node.var}
        return SumOf(node.var, substitute(node.lo, mapping), substitute(node.hi, mapping), substitute(node.body, inner))
    if isinstance(node, MatLit):
        return MatLit(tuple(tuple(substitute(e, mapping) for e in row) for row in node.rows))
    if isinstance(node, Rel):
        return Rel(node.op, substitute(node.left, mapping), substitute(node.right, mapping))
    if isinstance(node, Not):
        return Not(substitute(node.arg, mapping))
    if isinstance(node, Conn):
        return Conn(node.op, tuple(substitute(a, mapping) for a in node.args))
    raise TypeError(f"cannot substitute in {type(node).__name__}")


def free_vars(node: Node) -> set[str]:
    """Names of variables occurring free in ``node``."""
    out: set[str] = set()

    def go(n: Node, bound: frozenset[str]) -> None:
        if isinstance(n, Var):
            if n.name not in bound:
                out.add(n.name)
            return
        if isinstance(n, SumOf):
            go(n.lo, bound)
            go(n.hi, bound)
            go(n.body, bound | {n.var})
            return
        for c in children(n):
            go(c, bound)

    go(node, frozenset())
    return out


def is_cast(node: Node) -> bool:
    """Whether ``node`` is an up-cast ``Call("cast_Z" | "cast_Q" | "cast_R", (t,))``."""
    return isinstance(node, Call) and node.func in CASTS


def has_casts(node: Node | Claim) -> bool:
    """Whether a term, formula or claim contains a cast."""
    if isinstance(node, Claim):
        return any(is_cast(n) for n in claim_nodes(node))
    return any(is_cast(n) for n in walk(node))


def _uncast(node: Node) -> Node:
    while is_cast(node):
        node = node.args[0]  # type: ignore[attr-defined]
    return node


def _flatten_left(node: Node) -> Node:
    while isinstance(node, Op) and node.op in ("+", "*") and isinstance(node.args[0], Op) and node.args[0].op == node.op:
        node = Op(node.op, node.args[0].args + node.args[1:])
    return node


def erase_casts(node: Node) -> Node:
    """``node`` with every cast replaced by its argument (the identity under ``exact`` semantics).

    The result has the parser's shape: where a cast stood between a sum (product) and the sum (product)
    it was the left operand of, ``(a + b : Q) + c``, the two are one n-ary node once the cast is gone,
    ``a + b + c``, as parsing the erased text gives."""
    return rewrite(rewrite(node, _uncast), _flatten_left) if has_casts(node) else node


def erase_claim_casts(claim: Claim) -> Claim:
    """``claim`` with every cast replaced by its argument (see :func:`erase_casts`)."""
    if not has_casts(claim):
        return claim
    return Claim(claim.binders, tuple(erase_casts(a) for a in claim.assumptions), erase_casts(claim.body))


def rewrite(node: Node, fn: Callable[[Node], Node]) -> Node:
    """Apply ``fn`` to every node, outermost first, and rebuild the tree from the results.

    ``fn`` sees each node before its children; what it returns is then rewritten below. It does not
    know about binding: sum indices are rewritten like any other variable.
    """
    node = fn(node)
    if isinstance(node, Op):
        return Op(node.op, tuple(rewrite(a, fn) for a in node.args))
    if isinstance(node, Call):
        return Call(node.func, tuple(rewrite(a, fn) for a in node.args))
    if isinstance(node, Pred):
        return Pred(node.name, tuple(rewrite(a, fn) for a in node.args))
    if isinstance(node, SumOf):
        return SumOf(node.var, rewrite(node.lo, fn), rewrite(node.hi, fn), rewrite(node.body, fn))
    if isinstance(node, Index):
        return Index(node.seq, rewrite(node.index, fn))
    if isinstance(node, MatLit):
        return MatLit(tuple(tuple(rewrite(e, fn) for e in row) for row in node.rows))
    if isinstance(node, Rel):
        return Rel(node.op, rewrite(node.left, fn), rewrite(node.right, fn))
    if isinstance(node, Not):
        return Not(rewrite(node.arg, fn))
    if isinstance(node, Conn):
        return Conn(node.op, tuple(rewrite(a, fn) for a in node.args))
    return node
