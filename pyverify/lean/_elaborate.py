"""Elaboration: one Lean proposition, at one assignment of its type variables, into one claim.

:class:`_Elab` walks a :mod:`~pyverify.lean._pratt` syntax tree: ∀/∃ binders become the claim's
quantifier prefix, hypothesis binders and the antecedents of ``→`` its assumptions, Mathlib names
(``Nat.choose``, ``n.Prime``, ``choose`` after ``open Nat``) the claim's functions and predicates.

How it reads terms is how Lean elaborates them (the parts that matter for the ``mathlib``
semantics, see :mod:`pyverify.logic._semantics`): an arithmetic tree (``+ - * / %``, negation, the
base of ``^``, the two sides of a relation) is computed at the largest type among its leaves and
the type expected of it (an ascription ``(t : ℤ)``, a function's parameter type such as
``Real.sqrt``'s ℝ), numerals taking that type and smaller leaves cast up. Where pyverify's own
carrier rule would compute the tree at a smaller type (``(n - 1 : ℤ)`` with ``n : ℕ``), the reader
writes the casts out (``(n : Z) - 1``), so the claim means exactly what Lean means.

The seam is between what was written (the parser) and what it means (here). Which assignments of
the type variables to read at, and the check that each claim round-trips through pyverify's own
parser, are the entry point's (:func:`~pyverify.lean._read.read_statement`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterator

from pyverify.lean._errors import NotLean, OutsideFragment
from pyverify.lean._pratt import (
    _L,
    _PREDICATE_HEADS,
    _UNSUPPORTED_SYMBOLS,
    _describe,
    _is_abs_like,
    _is_arith,
    _show_l,
    _unparen,
)
from pyverify.lean._types import (
    _SORT_OF,
    _TYPE_NAMES,
    _as_int,
    _cast_first_numeral,
    _cast_leaves,
    _is_type,
    _is_universe,
    _lean_type,
    _matrix_numerals,
    _natural_ops_on,
    _sensitive,
    _sort_l,
    _strip_int_casts,
)
from pyverify.logic import (
    INT,
    NAT,
    RAT,
    REAL,
    SEQ,
    Binder,
    BoolLit,
    Call,
    Claim,
    Conn,
    Index,
    Not,
    Num,
    Op,
    Pred,
    Rel,
    Sort,
    SumOf,
    Var,
    mat,
)
from pyverify.logic._ast import CAST_TO, walk
from pyverify.logic._parse import FUNCTIONS, PREDICATES, RESERVED
from pyverify.logic._semantics import carrier, leaf_sort
from pyverify.logic._sorts import join

_SUB_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_RELATIONS = {"=": "=", "≠": "!=", "!=": "!=", "<": "<", ">": ">", "≤": "<=", "<=": "<=", "≥": ">=", ">=": ">=",
              "∣": "dvd"}  # fmt: skip
_CONNECTIVES = {"∧": "and", "∨": "or", "→": "->", "->": "->", "↔": "<->", "<->": "<->"}
#: Function names and the claim function they are, with the type Lean elaborates their arguments at
#: (None: the surrounding type, as for |·|, min, max) and the type they return.
_FUNCS: dict[str, tuple[str, Sort | None, Sort | None]] = {
    "Nat.gcd": ("gcd", NAT, NAT), "Nat.lcm": ("lcm", NAT, NAT), "Int.gcd": ("gcd", INT, NAT),
    "Int.lcm": ("lcm", INT, NAT), "Nat.factorial": ("factorial", NAT, NAT), "Nat.choose": ("binomial", NAT, NAT),
    "Real.sqrt": ("sqrt", REAL, REAL), "Real.exp": ("exp", REAL, REAL), "Real.log": ("log", REAL, REAL),
    "abs": ("abs", None, None), "min": ("min", None, None), "max": ("max", None, None), "Int.floor": ("floor", None, INT),
    "Matrix.det": ("det", None, RAT), "Matrix.trace": ("trace", None, RAT), "Matrix.transpose": ("transpose", None, None),
    "Nat.succ": ("succ", NAT, NAT), "Int.emod": ("mod", INT, INT), "Int.ediv": ("div", INT, INT), "Nat.mod": ("mod", NAT, NAT),
    "Nat.div": ("div", NAT, NAT), "Nat.sub": ("sub", NAT, NAT), "Nat.add": ("add", NAT, NAT), "Nat.mul": ("mul", NAT, NAT),
    "gcd": ("gcd", None, None), "lcm": ("lcm", None, None),
}  # fmt: skip
_OPEN_NAMESPACES = ("Nat.", "Int.", "Real.", "Matrix.", "Finset.")
#: Projections ``x.f`` on a variable, and the function or predicate they are.
_PROJ = {"Prime": "Nat.Prime", "factorial": "Nat.factorial", "choose": "Nat.choose", "gcd": "Nat.gcd", "lcm": "Nat.lcm",
         "succ": "Nat.succ", "det": "Matrix.det", "transpose": "Matrix.transpose", "trace": "Matrix.trace",
         "Coprime": "Nat.Coprime", "sqrt": "Real.sqrt", "toNat": "Int.toNat", "exp": "Real.exp", "log": "Real.log"}  # fmt: skip


@dataclass
class _Term:
    """An elaborated term: the claim term, the type Lean gives it, and whether it is a bare numeral."""

    node: Any
    sort: Sort | None  # None: a numeral (takes the type its context gives)
    coerce: bool = False  # ↑e: cast to whatever its context needs
    to_nat: bool = False  # Int.toNat e: the ℤ term e, read where pyverify itself reads an integer through toNat
    pinned: Sort | None = None  # a ∑ whose body Lean computes at this type, and which depends on it


class _Elab:
    """Elaborates one Lean proposition at one assignment of its type variables."""

    def __init__(self, types: dict[str, Sort], text: str = "") -> None:
        self.types = types
        self.text = text
        self.scope: dict[str, Var] = {}
        self.taken: set[str] = set()
        self.binders: list[Binder] = []
        self.assumptions: list[Any] = []
        self.pending: list[Any] = []
        self.indices: set[str] = set()  # ∑ indices that count up from a bound ≥ 0
        self.nat_indices: set[str] = set()  # ∑ indices that are ℕ in Lean (ℤ in the claim)
        self.leaf_expected: Sort | None = None  # the type a binop% tree is expected at, for |·| min max

    # names ----------------------------------------------------------

    def fresh(self, name: str) -> str:
        base = name.translate(_SUB_DIGITS).replace("'", "_").replace("!", "_").replace("?", "_")
        base = re.sub(r"[^A-Za-z0-9_α-ω]", "_", base) or "x"
        if not re.match(r"[A-Za-zα-ω]", base):
            base = "x" + base
        if (
            base in RESERVED
            or base in FUNCTIONS
            or base in PREDICATES
            or base in ("N", "Z", "Q", "R", "sum", "e", "pi")
        ):
            base += "_"
        out, k = base, 1
        while out in self.taken:
            k += 1
            out = f"{base}{k}"
        self.taken.add(out)
        return out

    def sort(self, node: _L | None, pos: int) -> Sort:
        if node is None:
            raise OutsideFragment("a binder whose type Lean infers", pos)
        if node.kind == "paren":
            return self.sort(node.args[0], pos)
        if node.kind == "ident":
            if node.text in _TYPE_NAMES:
                return _SORT_OF[_TYPE_NAMES[node.text]]
            if node.text in self.types:
                return self.types[node.text]
            if re.fullmatch(r"[A-Zα-ω][₀-₉0-9']*", node.text):
                raise OutsideFragment(f"the type {node.text} (a type variable without a binder)", node.pos)
            raise OutsideFragment(f"the type {node.text}", node.pos)
        if node.kind == "app" and node.args[0].kind == "ident" and node.args[0].text == "Matrix":
            a = node.args[1:]
            if (len(a) == 3 and all(x.kind == "paren" and x.args[0].kind == "app" for x in a[:2])
                    and self.sort(a[2], pos) == RAT):  # fmt: skip
                sizes = []
                for x in a[:2]:
                    inner = x.args[0]
                    if inner.args[0].kind == "ident" and inner.args[0].text == "Fin" and inner.args[1].kind == "num":
                        sizes.append(int(inner.args[1].text))
                if len(sizes) == 2 and sizes[0] == sizes[1] and sizes[0] in (2, 3):
                    return mat(sizes[0])
            raise OutsideFragment("a matrix type other than Matrix (Fin n) (Fin n) ℚ", node.pos)
        if node.kind == "infix" and node.text in ("→", "->"):
            if self.sort(node.args[0], pos) == NAT and self.sort(node.args[1], pos) == RAT:
                return SEQ  # a sequence ℕ → ℚ
            raise OutsideFragment(f"the function type {self.src(node)}", node.pos)
        raise OutsideFragment(f"the type {self.src(node)}", node.pos)

    def src(self, node: _L) -> str:
        """The source text of a node, for messages."""
        if 0 <= node.start < node.end <= len(self.text):
            return " ".join(self.text[node.start : node.end].split())
        return _show_l(node)

    def bind(self, quantifier: str, binders: list[_L]) -> None:
        bounds = {b.args[0]: b.args[1] for b in binders if b.kind == "binder_pred"}
        for b in binders:
            if b.kind == "binder_pred":  # ∀ x > 0, …  /  ∃ n ≥ 1, …
                name, bound = b.args
                self.condition(quantifier, self.formula(_L("infix", b.pos, b.text, [_L("ident", b.pos, name), bound])))
                continue
            name, typ = b.args
            if b.text == "instance":
                raise OutsideFragment("an instance binder inside the statement", b.pos)
            if typ is not None and _is_universe(typ):
                raise OutsideFragment("a type quantified inside the statement", b.pos)
            if typ is not None and not _is_type(typ, self.types):
                self.condition(quantifier, self.formula(typ))  # a hypothesis binder (h : b ≠ 0)
                continue
            if typ is None and name in bounds:
                # ∀ ε > (0 : ℝ): the type of the bound; a bare numeral leaves it to unification
                bound_sort = self.term(bounds[name], None).sort
                if bound_sort is None or not bound_sort.is_scalar:
                    raise OutsideFragment(f"a binder whose type Lean infers from its use ({name} {'>'} …)", b.pos)
                sort = bound_sort
            else:
                sort = self.sort(typ, b.pos)
            claim_name = self.fresh(name if name != "_" else "x")
            self.scope[name] = Var(claim_name, sort)
            if self.binders and self.binders[-1].quantifier == quantifier and self.binders[-1].sort == sort:
                last = self.binders[-1]
                self.binders[-1] = Binder(quantifier, (*last.names, claim_name), sort)
            else:
                self.binders.append(Binder(quantifier, (claim_name,), sort))

    def condition(self, quantifier: str, formula: Any) -> None:
        """A hypothesis: an assumption under ∀, a conjunct of the body under ∃ (``∃ x > 0, P``)."""
        if quantifier == "forall":
            if self.pending:
                raise OutsideFragment("a ∀ hypothesis after an ∃ condition")
            self.assumptions.append(formula)
        else:
            self.pending.append(formula)

    # propositions ----------------------------------------------------

    def statement(self, node: _L) -> Claim:
        """Walk the spine: ∀/∃ binders and → antecedents become the claim's prefix and assumptions.

        Pulling a quantifier out of the consequent of → (``A → ∀ x, B`` to ``∀ x, A → B``) is sound
        because every bound name is fresh, so ``x`` does not occur in ``A``; the claim's assumptions
        are read inside all its quantifiers, as ``∀ x, ∃ y, A → B``.
        """
        while True:
            if node.kind == "paren":
                node = node.args[0]
            elif node.kind in ("forall", "exists"):
                self.bind(node.kind, node.args[0])
                node = node.args[1]
            elif node.kind == "not" and _unparen(node.args[0]).kind in ("forall", "exists"):
                inner = _unparen(node.args[0])  # ¬ ∃ x, P  is  ∀ x, ¬ P  (and ¬ ∀ is ∃ ¬)
                dual = "exists" if inner.kind == "forall" else "forall"
                node = _L(dual, inner.pos, "", [inner.args[0], _L("not", node.pos, "", [inner.args[1]])])
            elif node.kind == "infix" and node.text in ("→", "->") and not self.pending:
                self.assumptions.append(self.formula(node.args[0]))
                node = node.args[1]
            else:
                break
        body = self.formula(node)
        if self.pending:
            body = Conn("and", (*self.pending, body))
        return Claim(tuple(self.binders), tuple(self.assumptions), body)

    def formula(self, node: _L) -> Any:
        k = node.kind
        if k == "unsupported":
            raise OutsideFragment(node.text, node.pos)
        if k == "paren":
            return self.formula(node.args[0])
        if k == "not":
            return Not(self.formula(node.args[0]))
        if k in ("forall", "exists"):
            raise OutsideFragment("a quantifier inside a connective (not in prenex position)", node.pos)
        if k == "infix":
            op = node.text
            if op in _CONNECTIVES:
                left, right = self.formula(node.args[0]), self.formula(node.args[1])
                c = _CONNECTIVES[op]
                if c in ("and", "or"):
                    parts = [*(left.args if isinstance(left, Conn) and left.op == c else (left,)),
                             *(right.args if isinstance(right, Conn) and right.op == c else (right,))]  # fmt: skip
                    return Conn(c, tuple(parts))
                return Conn(c, (left, right))
            if op in _RELATIONS:
                return self.relation(node)
            if op in _UNSUPPORTED_SYMBOLS:
                raise OutsideFragment(_UNSUPPORTED_SYMBOLS[op], node.pos)
            raise OutsideFragment(f"'{op}' as a proposition", node.pos)
        if k == "ident":
            if node.text == "True":
                return BoolLit(True)
            if node.text == "False":
                return BoolLit(False)
            if node.text in self.scope:
                raise OutsideFragment("a propositional variable", node.pos)
        head, args = self.head_args(node)
        if head is not None:
            name = self.resolve(head)
            if name in ("Nat.Prime", "Prime") and len(args) == 1:
                t = self.term_at(args[0], NAT, NAT)
                if name == "Prime" and (t.sort or NAT) != NAT:
                    raise OutsideFragment("Prime at a type other than ℕ", node.pos)
                return Pred("prime", (self.fit(t, NAT),))
            if name in ("Even", "Odd") and len(args) == 1:
                t = self.term(args[0], None)
                s = t.sort or NAT
                if not s.is_integral:
                    raise OutsideFragment(f"{name} at {s}", node.pos)
                return Pred(name.lower(), (self.fit(t, s),))
            if name == "Nat.Coprime" and len(args) == 2:
                return Pred("coprime", tuple(self.fit(self.term_at(a, NAT, NAT), NAT) for a in args))
            if name == "IsSquare" and len(args) == 1:
                t = self.term(args[0], None)
                s = t.sort or NAT
                if not s.is_integral:
                    raise OutsideFragment(f"IsSquare at {s}", node.pos)
                return Pred("square", (self.fit(t, s),))
            raise OutsideFragment(f"'{head.text}'", head.pos)
        raise OutsideFragment(f"{_describe(node)} as a proposition", node.pos)

    def relation(self, node: _L) -> Any:
        op = _RELATIONS[node.text]
        left, right = self.term(node.args[0], None), self.term(node.args[1], None)
        sorts = [s for s in (left.sort, right.sort) if s is not None]
        if any(s.is_matrix for s in sorts):
            if op not in ("=", "!=") or len({s for s in sorts}) != 1:
                raise OutsideFragment(f"'{node.text}' between matrices", node.pos)
            n = sorts[0].n
            return Rel(
                op, _matrix_numerals(self.fit(left, sorts[0]), n), _matrix_numerals(self.fit(right, sorts[0]), n)
            )
        target = join(*sorts) if sorts else NAT
        if op == "dvd" and not target.is_integral:
            raise OutsideFragment(f"'∣' in {target}", node.pos)
        tree = self.tree([left, right], target)
        return Rel(op, tree[0], tree[1])

    # terms ---------------------------------------------------------------

    def head_args(self, node: _L) -> tuple[_L | None, list[_L]]:
        if node.kind == "app" and node.args[0].kind in ("ident", "proj"):
            head, args = node.args[0], list(node.args[1:])
        elif node.kind in ("ident", "proj"):
            head, args = node, []
        else:
            return None, []
        if head.kind == "proj":  # (e).f
            return _L("ident", head.pos, _PROJ.get(head.text, "." + head.text)), [head.args[0], *args]
        text = head.text
        if "." in text:
            first, rest = text.split(".", 1)
            if first in self.scope and "." not in rest:  # x.Prime, n.choose k
                target = _PROJ.get(rest)
                if target is None:
                    raise OutsideFragment(f"the projection .{rest}", head.pos)
                return _L("ident", head.pos, target), [_L("ident", head.pos, first), *args]
        return head, args

    def resolve(self, head: _L) -> str:
        text = head.text
        if text in _FUNCS or text in _PREDICATE_HEADS or text in ("Finset.sum", "Int.toNat", "Nat.cast", "Int.cast"):
            return text
        for ns in _OPEN_NAMESPACES:  # after `open Nat`: `choose n k`, `factorial n`
            if ns + text in _FUNCS or ns + text in _PREDICATE_HEADS:
                return ns + text
        return text

    def term(self, node: _L, expected: Sort | None) -> _Term:
        """Elaborate a term; arithmetic trees are collected whole (Lean's ``binop%``)."""
        if node.kind == "paren":
            return self.term(node.args[0], expected)
        if _is_arith(node):
            leaves: list[_Term] = []
            saved, self.leaf_expected = self.leaf_expected, expected
            try:
                shape = self.shape(node, leaves)
            finally:
                self.leaf_expected = saved
            sorts = [x.sort for x in leaves if x.sort is not None]
            if any(s.is_matrix for s in sorts):
                m = next(s for s in sorts if s.is_matrix)
                if any(s != m for s in sorts if s.is_matrix):
                    raise NotLean("matrices of different sizes in one expression", node.pos)
                built = self.build(
                    shape, iter([self.fit(x, m if (x.sort and x.sort.is_matrix) else RAT) for x in leaves])
                )
                return _Term(_matrix_numerals(built, m.n), m)
            target = join(*sorts, *([expected] if expected else [])) if (sorts or expected) else None
            if target is None:
                return _Term(self.build(shape, iter([x.node for x in leaves])), None)
            built = self.tree_shape(shape, leaves, target)
            return _Term(built, target)
        return self.atom(node, expected)

    def term_at(self, node: _L, expected: Sort | None, limit: Sort | None) -> _Term:
        t = self.term(node, expected)
        if limit == NAT and t.sort == INT and self.natural_index_tree(t.node):
            # an ℕ ∑ index (ℤ in the claim) under + * ^ only: pyverify reads it through toNat, the same value
            return _Term(t.node, NAT)
        if limit is not None and t.sort is not None and t.sort.is_scalar and join(t.sort, limit) != limit:
            raise NotLean(f"a term of type {_lean_type(t.sort)} where {_lean_type(limit)} is expected", node.pos)
        if expected is not None and t.sort is not None and t.sort != expected and not t.sort.is_matrix:
            return _Term(self.fit(t, expected), expected)
        return t

    def shape(self, node: _L, leaves: list[_Term]) -> Any:
        """The operator skeleton of a ``binop%`` tree, its leaves elaborated on their own."""
        if node.kind == "paren":
            return self.shape(node.args[0], leaves)
        if node.kind == "neg":
            return ("neg", self.shape(node.args[0], leaves))
        if node.kind == "infix" and node.text in ("+", "-", "*", "/", "%", "•"):
            op = "*" if node.text == "•" else node.text  # c • A: pyverify's scalar product
            return (op, self.shape(node.args[0], leaves), self.shape(node.args[1], leaves), node.pos)
        if node.kind == "infix" and node.text == "^":
            base = self.shape(node.args[0], leaves)
            exponent = self.exponent(node.args[1])
            return ("^", base, exponent, node.pos)
        leaf = self.atom(node, self.leaf_expected if _is_abs_like(node) else None)
        if leaf.to_nat:
            raise OutsideFragment("Int.toNat inside arithmetic", node.pos)
        leaves.append(leaf)
        return ("leaf", len(leaves) - 1)

    def natural_index_tree(self, node: Any) -> bool:
        ints = {v.name for v in walk(node) if isinstance(v, Var) and v.sort == INT}
        if not ints or not ints <= self.nat_indices:
            return False
        return not any(isinstance(n, Op) and n.op in ("-", "/", "neg") or isinstance(n, Call) for n in walk(node))

    def exponent(self, node: _L) -> Any:
        t = self.term(node, None)
        if t.to_nat:  # x ^ k.toNat for a ∑ index counting up from ≥ 0: pyverify reads x ^ k the same way
            if isinstance(t.node, Var) and t.node.name in self.indices:
                return t.node
            raise OutsideFragment("an exponent Int.toNat e", node.pos)
        if t.sort is None:
            return t.node
        if t.sort in (NAT, INT):
            return self.fit(t, t.sort)
        raise OutsideFragment(f"a power with an exponent in {_lean_type(t.sort)} (rpow)", node.pos)

    def tree_shape(self, shape: Any, leaves: list[_Term], target: Sort) -> Any:
        _pinned(leaves, target)
        nodes = [self.fit(x, target) if x.sort is not None and x.coerce else x.node for x in leaves]
        built = self.build(shape, iter(nodes))
        return self.cast_tree([built], [leaves], target)[0]

    def tree(self, terms: list[_Term], target: Sort) -> list[Any]:
        """Two sides of a relation: one tree at ``target``."""
        _pinned(terms, target)
        nodes = [self.fit(t, target) if t.coerce else t.node for t in terms]
        return self.cast_tree(nodes, [[t] for t in terms], target)

    def cast_tree(self, nodes: list[Any], leaves: list[list[_Term]], target: Sort) -> list[Any]:
        """Make pyverify compute these terms at ``target`` (Lean's carrier), casting leaves up if needed."""
        if target.is_matrix:
            return nodes
        have = carrier(*nodes)
        if join(have, target) == target and have == target:
            return nodes
        if join(have, target) != target:
            # pyverify would compute at a larger type than Lean: only harmless when nothing in the tree
            # depends on the type (no - / % or negation at the tree's top level)
            if any(_sensitive(n) for n in nodes):
                raise OutsideFragment(f"arithmetic at {_lean_type(target)} around a term pyverify reads in "
                                      f"{_lean_type(have)} (a ∑ over ℕ under ℕ subtraction or division)")  # fmt: skip
            return nodes
        cast = CAST_TO[target.kind]
        out = [_cast_leaves(n, target, cast) for n in nodes]
        if carrier(*out) != target:  # only numerals: cast the first one
            out = [_cast_first_numeral(n, cast) for n in out] if out else out
            if carrier(*out) != target:
                out[0] = Call(cast, (out[0],))
        return out

    def build(self, shape: Any, nodes: Iterator[Any]) -> Any:
        kind = shape[0]
        if kind == "leaf":
            return next(nodes)
        if kind == "neg":
            inner = self.build(shape[1], nodes)
            if isinstance(inner, Num):
                return Op("neg", (inner,))
            return Op("neg", (inner,))
        left = self.build(shape[1], nodes)
        if kind == "^":
            return Op("^", (left, shape[2]))
        right = self.build(shape[2], nodes)
        if kind == "%":
            return Call("mod", (left, right))
        if kind in ("+", "*") and isinstance(left, Op) and left.op == kind:
            return Op(kind, (*left.args, right))
        return Op(kind, (left, right))

    def fit(self, t: _Term, sort: Sort) -> Any:
        """The term as a value of ``sort`` (an up-cast written out when pyverify would not infer it)."""
        node = t.node
        if sort.is_matrix or t.sort is None:
            return node
        if t.to_nat:
            if sort != NAT:
                raise OutsideFragment("Int.toNat inside arithmetic")
            return node
        have = leaf_sort(node)
        if have is not None and have.is_matrix:  # √B, a matrix in arithmetic on numbers: Lean rejects it
            raise NotLean(f"a matrix where a value of {_lean_type(sort)} is expected")
        if have is None or (join(have, sort) == sort and have != sort):
            return Call(CAST_TO[sort.kind], (node,)) if sort != NAT else node
        return node

    def atom(self, node: _L, expected: Sort | None) -> _Term:
        k = node.kind
        if k == "unsupported":
            raise OutsideFragment(node.text, node.pos)
        if k == "paren":
            return self.term(node.args[0], expected)
        if k == "num":
            value = Fraction(node.text)
            return _Term(Num(value), None)
        if k == "ascribe":
            sort = self.sort(node.args[1], node.pos)
            inner = self.term(node.args[0], sort)
            if inner.sort is not None and inner.sort != sort:
                if inner.sort.is_matrix or join(inner.sort, sort) != sort:
                    raise NotLean(f"a term of type {_lean_type(inner.sort)} ascribed {_lean_type(sort)}", node.pos)
                return _Term(self.fit(inner, sort), sort)
            if inner.sort is None:  # (2 : ℝ)
                if isinstance(inner.node, Num) and inner.node.value.denominator != 1 and sort.is_integral:
                    raise NotLean(f"the numeral {node.args[0].text} in {_lean_type(sort)}", node.pos)
                return _Term(self.numeral_at(inner.node, sort), sort)
            return _Term(inner.node, sort)
        if k == "coe":
            inner = self.term(node.args[0], None)
            return _Term(inner.node, inner.sort, coerce=True)
        if k == "neg" or _is_arith(node):
            return self.term(node, expected)
        if k == "abs":
            inner = self.term(node.args[0], expected)
            if inner.sort is None:
                return _Term(Call("abs", (inner.node,)), None)
            return _Term(Call("abs", (inner.node,)), inner.sort)
        if k == "sqrt":
            inner = self.term_at(node.args[0], REAL, REAL)
            return _Term(Call("sqrt", (self.fit(inner, REAL),)), REAL)
        if k == "floor":
            inner = self.term(node.args[0], expected)
            if inner.sort is None or inner.sort == NAT or inner.sort.is_matrix:
                raise OutsideFragment("⌊·⌋ of a natural number (ℕ is no FloorRing)", node.pos)
            return _Term(Call("floor", (inner.node,)), INT)
        if k == "postfix":
            return self.postfix(node, expected)
        if k == "sum":
            return self.sum(node, expected)
        if k == "matrix":
            rows = node.args[0]
            n = len(rows)
            if any(len(r) != n for r in rows) or n not in (2, 3):
                raise OutsideFragment("a matrix literal that is not square 2×2 or 3×3", node.pos)
            from pyverify.logic import MatLit

            cells = tuple(tuple(self.fit(self.term_at(x, RAT, RAT), RAT) for x in r) for r in rows)
            return _Term(MatLit(cells), mat(n))
        if k == "ident" and node.text in self.scope:
            var = self.scope[node.text]
            if var.sort == SEQ:
                raise OutsideFragment("a sequence used as a value", node.pos)
            return _Term(var, var.sort)
        if k == "app" and node.args[0].kind == "ident" and node.args[0].text in self.scope:
            var = self.scope[node.args[0].text]
            if var.sort != SEQ or len(node.args) != 2:
                raise OutsideFragment(f"'{node.args[0].text}' applied as a function", node.pos)
            index = self.term_at(node.args[1], NAT, NAT)
            return _Term(Index(var, self.fit(index, NAT)), RAT)
        if k in ("ident", "app", "proj"):
            return self.application(node, expected)
        if k in ("forall", "exists", "not", "infix"):
            raise OutsideFragment(f"a proposition used as a term ({_describe(node)})", node.pos)
        if k == "lambda":
            raise OutsideFragment("a lambda outside Finset.sum", node.pos)
        raise OutsideFragment(_describe(node), node.pos)

    def numeral_at(self, num: Any, sort: Sort) -> Any:
        if sort == NAT:
            return num
        return Call(CAST_TO[sort.kind], (num,))

    def postfix(self, node: _L, expected: Sort | None) -> _Term:
        op, arg = node.text, node.args[0]
        if op == "!":
            inner = self.term_at(arg, NAT, NAT)
            return _Term(Call("factorial", (self.fit(inner, NAT),)), NAT)
        if op == "⁻¹":
            inner = self.term(arg, expected)
            s = inner.sort or expected
            if s is not None and s.is_matrix:
                return _Term(Call("inverse", (inner.node,)), s)
            if s is None or s.is_integral:
                raise OutsideFragment(f"⁻¹ in {_lean_type(s) if s else 'ℕ'} (no inverse there)", node.pos)
            base = inner.node if inner.sort is not None else self.numeral_at(inner.node, s)
            return _Term(Op("^", (base, Op("neg", (Num(Fraction(1)),)))), s)
        if op == "ᵀ":
            inner = self.term(arg, expected)
            if inner.sort is None or not inner.sort.is_matrix:
                raise NotLean("ᵀ of a term that is not a matrix", node.pos)
            return _Term(Call("transpose", (inner.node,)), inner.sort)
        raise OutsideFragment(_UNSUPPORTED_SYMBOLS.get(op, f"'{op}'"), node.pos)

    def sum(self, node: _L, expected: Sort | None) -> _Term:
        finset, body = node.args
        finset = _unparen(finset)
        head, args = self.head_args(finset)
        name = head.text if head is not None else ""
        if name.startswith("Finset."):
            name = name[len("Finset.") :]
        if name not in ("range", "Icc", "Ico", "Ioc", "Ioo") or len(args) != (1 if name == "range" else 2):
            raise OutsideFragment(f"a ∑ over {_describe(finset)}", finset.pos)
        bound_terms = [self.term(a, None) for a in args]
        index_sort = join(*[t.sort or NAT for t in bound_terms])
        if not index_sort.is_integral or any(t.to_nat for t in bound_terms):
            raise OutsideFragment(f"a ∑ whose bounds are in {_lean_type(index_sort)}", finset.pos)
        bounds = [self.fit(t, index_sort) for t in bound_terms]
        one = Num(Fraction(1))
        if name == "range":
            b = bounds[0]
            simple = isinstance(b, Op) and b.op == "+" and len(b.args) == 2 and b.args[1] == one
            lo: Any = Num(Fraction(0))
            hi: Any = b.args[0] if simple else Op("-", (_as_int(b), one))
        else:
            lo, hi = bounds
            if name in ("Ioc", "Ioo"):
                lo = Op("+", (lo, one))
            if name in ("Ico", "Ioo"):
                hi = Op("-", (_as_int(hi), one))
        lo, hi = _strip_int_casts(lo), _strip_int_casts(hi)  # pyverify reads ∑ bounds in ℤ already
        nonneg = index_sort == NAT or (isinstance(lo, Num) and lo.value >= 0)
        var_name = node.text
        index = self.fresh(var_name)
        saved = self.scope.get(var_name)
        try:
            # Lean's index is ℕ, pyverify's is ℤ: the type Lean computes the body at comes from a
            # reading with an ℕ index; the claim's body from one with the ℤ index
            if nonneg:
                self.indices.add(index)
            self.scope[var_name] = Var(index, index_sort)
            lean_sort = self.term(body, expected).sort or index_sort
            self.scope[var_name] = Var(index, INT)
            if index_sort == NAT:
                self.nat_indices.add(index)
            t = self.term(body, expected)
        finally:
            self.indices.discard(index)
            self.nat_indices.discard(index)
            if saved is None:
                self.scope.pop(var_name, None)
            else:
                self.scope[var_name] = saved
        if not lean_sort.is_scalar:
            raise OutsideFragment("a ∑ of matrices", node.pos)
        sensitive = _sensitive(t.node)
        if index_sort == NAT and (lean_sort == NAT and sensitive or _natural_ops_on(t.node, index)):
            # Lean's index is ℕ, pyverify's ℤ: ℕ subtraction or division involving it (also in an
            # exponent or a function's argument) would read differently
            raise OutsideFragment("ℕ subtraction or division inside a ∑ over ℕ", body.pos)
        s = t.sort or INT
        body_node = self.fit(t, s) if t.sort is None or s != INT else t.node
        # pyverify computes a ∑'s body at the type of the arithmetic around it: pin the type Lean uses
        return _Term(SumOf(index, lo, hi, body_node), lean_sort, pinned=lean_sort if sensitive else None)

    def application(self, node: _L, expected: Sort | None) -> _Term:
        head, args = self.head_args(node)
        if head is None:
            raise OutsideFragment(_describe(node), node.pos)
        name = self.resolve(head)
        if name == "Finset.sum":
            fn = args[1] if len(args) == 2 else None
            while fn is not None and fn.kind == "paren":
                fn = fn.args[0]
            if fn is not None and fn.kind == "lambda":
                fake = _L("sum", node.pos, fn.text, [args[0], fn.args[0]])
                return self.sum(fake, expected)
            raise OutsideFragment("Finset.sum without a lambda", node.pos)
        if name == "Int.toNat" and len(args) == 1:
            inner = self.term_at(args[0], INT, INT)
            return _Term(self.fit(inner, INT) if inner.sort != NAT else inner.node, NAT, to_nat=True)
        if name in ("Nat.cast", "Int.cast") and len(args) == 1:
            inner = self.term(args[0], None)
            return _Term(inner.node, inner.sort, coerce=True)
        if name not in _FUNCS:
            if name.startswith("."):
                raise OutsideFragment(f"the projection {name}", head.pos)
            if head.kind == "ident" and "." not in name and not args and name not in _TYPE_NAMES:
                raise OutsideFragment(f"the name '{name}'", head.pos)
            raise OutsideFragment(f"'{head.text}'", head.pos)
        func, param, result = _FUNCS[name]
        if func in ("succ",):
            if len(args) != 1:
                raise NotLean(f"{name} takes one argument", node.pos)
            inner = self.fit(self.term_at(args[0], NAT, NAT), NAT)
            return _Term(Op("+", (inner, Num(Fraction(1)))), NAT)
        if func in ("mod", "div", "sub", "add", "mul"):
            if len(args) != 2:
                raise NotLean(f"{name} takes two arguments", node.pos)
            symbol = {"mod": "%", "div": "/", "sub": "-", "add": "+", "mul": "*"}[func]
            fake = _L("infix", node.pos, symbol, [_L("ascribe", node.pos, "", [args[0], _sort_l(param)]), args[1]])
            return self.term(fake, param)
        arity = FUNCTIONS.get(func, (1, func))[0]
        if len(args) != arity:
            raise OutsideFragment(f"{name} applied to {len(args)} argument(s)", node.pos)
        if func in ("abs", "min", "max"):
            terms = [self.term(a, expected) for a in args]
            sorts = [t.sort for t in terms if t.sort is not None]
            s = join(*sorts, *([expected] if expected else [])) if (sorts or expected) else None
            if s is not None and s.is_matrix:
                raise OutsideFragment(f"{name} of a matrix", node.pos)
            nodes = self.tree(terms, s) if s is not None else [t.node for t in terms]
            return _Term(Call(func, tuple(nodes)), s)
        if func == "floor":
            t = self.term(args[0], None)
            if t.sort is None or t.sort == NAT or t.sort.is_matrix:
                raise OutsideFragment("Int.floor of a natural number (ℕ is no FloorRing)", node.pos)
            return _Term(Call("floor", (t.node,)), INT)
        if func in ("det", "trace", "transpose"):
            t = self.term(args[0], None)
            if t.sort is None or not t.sort.is_matrix:
                raise NotLean(f"{name} of a term that is not a matrix", node.pos)
            return _Term(Call(func, (t.node,)), result or t.sort)
        if func in ("gcd", "lcm") and param is None:  # generic gcd (GCDMonoid): ℕ or ℤ
            terms = [self.term(a, expected) for a in args]
            sorts = [t.sort for t in terms if t.sort is not None]
            s = join(*sorts) if sorts else NAT
            if not s.is_integral:
                raise OutsideFragment(f"{name} in {_lean_type(s)}", node.pos)
            nodes = self.tree(terms, s)
            return _Term(Call(func, tuple(nodes)), s)
        assert param is not None
        terms = [self.term_at(a, param, param) for a in args]
        nodes = self.tree(terms, param) if func in ("gcd", "lcm") else [self.fit(t, param) for t in terms]
        return _Term(Call(func, tuple(nodes)), result)


def _pinned(terms: list[_Term], target: Sort) -> None:
    for t in terms:
        if t.pinned is not None and t.pinned != target:
            raise OutsideFragment(f"a ∑ whose terms Lean computes in {_lean_type(t.pinned)}, inside arithmetic in "
                                  f"{_lean_type(target)}")  # fmt: skip
