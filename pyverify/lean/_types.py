"""The types a Lean statement is read at, and the casts that make a claim mean what Lean means.

- Mathlib's classes and the types among ℕ ℤ ℚ ℝ that have an instance (:data:`CLASSES`): a
  typeclass-generic statement (``{G : Type*} [AddGroup G] (a : G)``) is read once per type that
  has an instance of every class it assumes.
- Lean's names for the number types and the claim sorts they are, and whether a binder's type is
  a universe (a type variable), a type (a term variable) or a proposition (a hypothesis).
- Rewrites of claim trees. Lean computes an arithmetic tree at the largest type among its leaves
  and the type expected of it; where pyverify's own carrier rule would compute it at a smaller
  type (``(n - 1 : ℤ)`` with ``n : ℕ``), the casts are written out (``(n : Z) - 1``); a numeral
  in a matrix expression is Lean's ``c • 1``; and a tree whose arithmetic depends on the type it
  is computed at (``-``, ``/``, ``%``) is recognised, so that it is never read at another type.

Apart from the elaborator because these are facts about types on the two sides (Mathlib's and
pyverify's) rather than about walking a term: :mod:`~pyverify.lean._elaborate` decides the type a
tree is computed at, these functions make the claim say so.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pyverify.lean._pratt import _L
from pyverify.logic import INT, NAT, RAT, REAL, Call, Num, Op, Sort, SumOf, Var
from pyverify.logic._ast import walk
from pyverify.logic._semantics import leaf_sort
from pyverify.logic._sorts import join

# ---------------------------------------------------------------- typeclasses and type names

_N, _Z, _Q, _R = "ℕ", "ℤ", "ℚ", "ℝ"
_ALL = (_N, _Z, _Q, _R)
_RINGS = (_Z, _Q, _R)
_FIELDS = (_Q, _R)
#: Mathlib classes and the types among ℕ ℤ ℚ ℝ that have an instance (checked against Mathlib's
#: instance declarations; a class missing here is "outside the fragment", never guessed). ℤ ℚ ℝ are
#: not multiplicative groups, nor cancel monoids (0 · a = 0 · b), so ``Group`` has none.
CLASSES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("Add", "Mul", "Zero", "One", "LE", "LT", "Preorder", "PartialOrder", "LinearOrder", "Lattice",
                     "DistribLattice", "SemilatticeSup", "SemilatticeInf", "Nontrivial", "AddSemigroup",
                     "AddCommSemigroup", "AddMonoid", "AddCommMonoid", "AddZeroClass", "Semigroup", "CommSemigroup",
                     "Monoid", "CommMonoid", "MulOneClass", "MulZeroClass", "MulZeroOneClass", "MonoidWithZero",
                     "CommMonoidWithZero", "SemigroupWithZero", "NoZeroDivisors", "CancelMonoidWithZero",
                     "CancelCommMonoidWithZero", "IsDomain", "Semiring", "CommSemiring", "NonAssocSemiring",
                     "NonUnitalSemiring", "NonUnitalNonAssocSemiring", "NonUnitalCommSemiring", "AddMonoidWithOne",
                     "AddCommMonoidWithOne", "OrderedSemiring", "OrderedCommSemiring", "StrictOrderedSemiring",
                     "StrictOrderedCommSemiring", "LinearOrderedSemiring", "LinearOrderedCommSemiring",
                     "OrderedAddCommMonoid", "OrderedCancelAddCommMonoid", "LinearOrderedAddCommMonoid",
                     "LinearOrderedCancelAddCommMonoid", "CanonicallyOrderedAddCommMonoid", "IsOrderedRing",
                     "IsStrictOrderedRing", "IsOrderedAddMonoid", "IsOrderedCancelAddMonoid", "CharZero",
                     "Archimedean", "AddLeftCancelSemigroup", "AddRightCancelSemigroup", "AddLeftCancelMonoid",
                     "AddRightCancelMonoid", "AddCancelMonoid", "AddCancelCommMonoid", "Dvd"), _ALL),
    **dict.fromkeys(("Neg", "Sub", "AddGroup", "AddCommGroup", "SubtractionMonoid", "SubtractionCommMonoid",
                     "SubNegMonoid", "NegZeroClass", "InvolutiveNeg", "HasDistribNeg", "AddGroupWithOne",
                     "AddCommGroupWithOne", "Ring", "CommRing", "NonAssocRing", "NonUnitalRing", "NonUnitalNonAssocRing",
                     "NonUnitalCommRing", "OrderedAddCommGroup", "LinearOrderedAddCommGroup", "OrderedRing",
                     "OrderedCommRing", "StrictOrderedRing", "StrictOrderedCommRing", "LinearOrderedRing",
                     "LinearOrderedCommRing", "FloorRing"), _RINGS),
    **dict.fromkeys(("Inv", "Div", "DivisionRing", "Field", "DivisionSemiring", "Semifield", "GroupWithZero",
                     "CommGroupWithZero", "DivInvMonoid", "DivisionMonoid", "DivisionCommMonoid", "LinearOrderedField",
                     "LinearOrderedSemifield", "InvolutiveInv", "DivInvOneMonoid"), _FIELDS),
    **dict.fromkeys(("Group", "CommGroup", "LeftCancelMonoid", "RightCancelMonoid", "CancelMonoid",
                     "CancelCommMonoid", "LeftCancelSemigroup", "RightCancelSemigroup"), ()),
}  # fmt: skip
_SORT_OF = {_N: NAT, _Z: INT, _Q: RAT, _R: REAL}
_TYPE_NAMES = {"ℕ": _N, "Nat": _N, "ℤ": _Z, "Int": _Z, "ℚ": _Q, "Rat": _Q, "ℝ": _R, "Real": _R}
_SORT_SYMBOL = {"N": _N, "Z": _Z, "Q": _Q, "R": _R}
_TYPE_WORDS = ("Type", "Sort", "Type*", "Sort*", "Prop")


def _lean_type(sort: Sort) -> str:
    if sort.is_matrix:
        return f"Matrix (Fin {sort.n}) (Fin {sort.n}) ℚ"
    return _SORT_SYMBOL.get(sort.kind, str(sort))


def _sort_l(sort: Sort | None) -> _L:
    name = {"N": "ℕ", "Z": "ℤ", "Q": "ℚ", "R": "ℝ"}[(sort or NAT).kind]
    return _L("ident", -1, name)


def _is_universe(node: _L) -> bool:
    if node.kind == "ident" and node.text in _TYPE_WORDS:
        return True
    if node.kind == "app" and node.args[0].kind == "ident" and node.args[0].text in ("Type", "Sort"):
        return True
    return node.kind == "postfix" and False


def _is_type(node: _L, types: dict[str, Sort]) -> bool:
    """Whether a binder's type is a type (a variable) rather than a proposition (a hypothesis)."""
    if node.kind == "paren":
        return _is_type(node.args[0], types)
    if node.kind == "ident":
        return (
            node.text in _TYPE_NAMES
            or node.text in types
            or node.text[:1].isupper()
            and node.text not in ("True", "False")
        )
    if node.kind == "app" and node.args[0].kind == "ident":
        head = node.args[0].text
        return head in ("Matrix", "Set", "Finset", "List", "Fin", "Multiset", "Polynomial", "Option") or (
            head[:1].isupper() and head in types or head[:1].isupper() and "." not in head and len(head) <= 2
        )
    if node.kind == "postfix" and node.text == "ᵒᵈ":
        return True
    return node.kind == "infix" and node.text in ("→", "->", "×") and _is_type(node.args[0], types)


# ---------------------------------------------------------------- casts


def _as_int(node: Any) -> Any:
    """A ∑ bound in ℤ (pyverify reads bounds in ℤ; the cast only makes that visible)."""
    s = leaf_sort(node)
    return Call("cast_Z", (node,)) if s == NAT else node


def _strip_int_casts(node: Any) -> Any:
    from pyverify.logic._ast import rewrite

    return rewrite(node, lambda n: n.args[0] if isinstance(n, Call) and n.func == "cast_Z" else n)


def _matrix_numerals(node: Any, n: int) -> Any:
    """In a matrix expression a numeral c is Lean's matrix c • 1 (``A + 1``, ``A * A⁻¹ = 1``).

    As a factor of a product it stays a scalar (pyverify's c * A is c • A, the same matrix).
    """
    from pyverify.logic import MatLit

    if isinstance(node, Num) or (isinstance(node, Op) and node.op == "neg" and isinstance(node.args[0], Num)):
        zero = Num(Fraction(0))
        return MatLit(tuple(tuple(node if i == j else zero for j in range(n)) for i in range(n)))
    if isinstance(node, Op) and node.op in ("+", "-"):
        return Op(node.op, tuple(_matrix_numerals(a, n) for a in node.args))
    if isinstance(node, Op) and node.op == "^":
        return Op("^", (_matrix_numerals(node.args[0], n), node.args[1]))
    if isinstance(node, Op) and node.op == "*":
        return Op("*", tuple(a if isinstance(a, Num) else _matrix_numerals(a, n) for a in node.args))
    return node


def _sensitive(node: Any) -> bool:
    """Whether a tree's own arithmetic depends on the type it is computed at.

    Only the parts pyverify computes at the tree's carrier count: operators, |·| min max %, and a
    ∑'s body; a ∑'s bounds (read in ℤ), function arguments with their own type (√, gcd, choose, …),
    exponents and sequence indices do not.
    """
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Op):
            if n.op in ("-", "/", "neg"):
                return True
            stack.extend(n.args[:1] if n.op == "^" else n.args)
        elif isinstance(n, Call) and n.func in ("abs", "min", "max", "mod"):
            if n.func == "mod":
                return True
            stack.extend(n.args)
        elif isinstance(n, SumOf):
            stack.append(n.body)
    return False


def _natural_ops_on(node: Any, index: str) -> bool:
    """Whether ``-``, ``/`` or ``%`` is applied anywhere in ``node`` to a tree whose leaves are all
    natural numbers and which contains the ∑ index (read as ℤ here, as ℕ by Lean)."""
    for n in walk(node):
        if (isinstance(n, Op) and n.op in ("-", "/")) or (isinstance(n, Call) and n.func == "mod"):
            names = {v.name for v in walk(n) if isinstance(v, Var)}
            others = {v.sort for v in walk(n) if isinstance(v, Var) and v.name != index}
            if index in names and others <= {NAT}:
                return True
    return False


def _cast_leaves(node: Any, target: Sort, cast: str) -> Any:
    """Cast every variable or function leaf of a tree below ``target`` up to it (Lean's ``↑``)."""
    if isinstance(node, (Var, SumOf)) or (isinstance(node, Call) and node.func not in ("abs", "min", "max", "mod")):
        s = leaf_sort(node)
        if s is not None and s.is_scalar and s != target and join(s, target) == target:
            return Call(cast, (node,))
        return node
    if isinstance(node, Op):
        if node.op == "^":
            return Op("^", (_cast_leaves(node.args[0], target, cast), node.args[1]))
        return Op(node.op, tuple(_cast_leaves(a, target, cast) for a in node.args))
    if isinstance(node, Call):  # abs min max mod: their arguments are part of the tree
        return Call(node.func, tuple(_cast_leaves(a, target, cast) for a in node.args))
    return node


def _cast_first_numeral(node: Any, cast: str) -> Any:
    done = [False]

    def go(n: Any) -> Any:
        if done[0]:
            return n
        if isinstance(n, Num):
            done[0] = True
            return Call(cast, (n,))
        if isinstance(n, Op):
            if n.op == "^":
                return Op("^", (go(n.args[0]), n.args[1]))
            return Op(n.op, tuple(go(a) for a in n.args))
        if isinstance(n, Call) and n.func in ("abs", "min", "max", "mod"):
            return Call(n.func, tuple(go(a) for a in n.args))
        return n

    return go(node)
