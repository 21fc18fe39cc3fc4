"""Mechanically broken variants (mutants) of a Python function, written on the standard ``ast`` module.

Operators: comparison swaps, arithmetic swaps, boundary constants +-1, boolean negation, dropped
statements, swapped arguments, slice bounds and return-value changes. Only the body of the named
function is mutated (never its docstring, signature or the helpers around it). A variant that does not
compile, or whose source equals the reference's, is dropped. Enumeration order is deterministic, and
``select`` picks a capped, operator-stratified subset with an explicit seed.
"""

from __future__ import annotations

import ast
import copy
import random
import symtable
from collections.abc import Callable, Iterator
from dataclasses import dataclass

OPERATORS = (
    "comparison",
    "arithmetic",
    "constant",
    "negation",
    "drop-statement",
    "swap-arguments",
    "slice",
    "return-value",
)

_COMPARE_SWAPS: dict[type, tuple[type, ...]] = {
    ast.Lt: (ast.LtE, ast.Gt),
    ast.LtE: (ast.Lt, ast.GtE),
    ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
}
_ARITH_SWAPS: dict[type, tuple[type, ...]] = {
    ast.Add: (ast.Sub,),
    ast.Sub: (ast.Add,),
    ast.Mult: (ast.FloorDiv, ast.Add),
    ast.Div: (ast.Mult, ast.FloorDiv),
    ast.FloorDiv: (ast.Div, ast.Mult),
    ast.Mod: (ast.FloorDiv,),
    ast.Pow: (ast.Mult,),
}


class MutationError(ValueError):
    """The source cannot be mutated (it does not parse, or the function is missing)."""


@dataclass(frozen=True)
class Mutant:
    """One broken variant of the reference."""

    operator: str
    """The mutation operator (one of ``OPERATORS``)."""
    site: str
    """Where: ``line:col`` in the reference and what changed (e.g. ``3:11 < -> <=``)."""
    source: str
    """The whole module's source with the one change applied."""


# A mutation point is (operator, description, node index in the walk, apply). ``apply`` changes the node
# at that index in a fresh copy of the tree; indices are stable because the walk order is deterministic.
_Apply = Callable[[ast.AST], None]


def _walk_body(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    body = func.body
    if (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        body = body[1:]  # the docstring is documentation, not behaviour
    nodes: list[ast.AST] = [func]  # the function itself: only its statements can be dropped (see _points)
    for stmt in body:
        nodes.extend(ast.walk(stmt))
    return nodes


def _find_function(tree: ast.Module, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node
    raise MutationError(f"no top-level function named {name!r}")


def _where(node: ast.AST) -> str:
    return f"{getattr(node, 'lineno', 0)}:{getattr(node, 'col_offset', 0)}"


def _set_attr(field: str, value_factory: Callable[[], object]) -> _Apply:
    def apply(node: ast.AST) -> None:
        setattr(node, field, value_factory())

    return apply


def _points(node: ast.AST) -> Iterator[tuple[str, str, _Apply]]:
    """Every mutation that applies at one node, as (operator, description, apply)."""
    if isinstance(node, ast.Compare):
        for k, op in enumerate(node.ops):
            for new in _COMPARE_SWAPS.get(type(op), ()):

                def apply(n: ast.AST, k: int = k, new: type = new) -> None:
                    assert isinstance(n, ast.Compare)
                    n.ops[k] = new()

                yield "comparison", f"{type(op).__name__} -> {new.__name__}", apply
    elif isinstance(node, (ast.BinOp, ast.AugAssign)):
        for new in _ARITH_SWAPS.get(type(node.op), ()):
            yield "arithmetic", f"{type(node.op).__name__} -> {new.__name__}", _set_attr("op", new)
    elif isinstance(node, ast.BoolOp):
        new_op = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield "negation", f"{type(node.op).__name__} -> {new_op.__name__}", _set_attr("op", new_op)
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            flipped: bool = not value
            yield "negation", f"{value} -> {flipped}", _set_attr("value", lambda: flipped)
        elif isinstance(value, int):
            up: int = value + 1
            down: int = value - 1
            yield "constant", f"{value} -> {up}", _set_attr("value", lambda: up)
            yield "constant", f"{value} -> {down}", _set_attr("value", lambda: down)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):

        def unwrap(n: ast.AST) -> None:
            # replace `not x` by `x`: the parent is not at hand, so turn the node into `bool(x)`
            assert isinstance(n, ast.UnaryOp)
            n.op = ast.UAdd()
            n.operand = ast.Call(func=ast.Name("bool", ast.Load()), args=[n.operand], keywords=[])

        yield "negation", "not x -> x", unwrap
    if isinstance(node, (ast.If, ast.While, ast.IfExp)):

        def negate(n: ast.AST) -> None:
            n.test = ast.UnaryOp(op=ast.Not(), operand=n.test)  # type: ignore[attr-defined]

        yield "negation", f"negate {type(node).__name__.lower()} condition", negate
    if isinstance(node, ast.comprehension) and node.ifs:

        def negate_filter(n: ast.AST) -> None:
            assert isinstance(n, ast.comprehension)
            n.ifs[0] = ast.UnaryOp(op=ast.Not(), operand=n.ifs[0])

        yield "negation", "negate comprehension filter", negate_filter
    for field in ("body", "orelse", "finalbody"):
        stmts = getattr(node, field, None)
        if isinstance(stmts, list) and stmts and isinstance(stmts[0], ast.stmt):
            for k, stmt in enumerate(stmts):
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    continue
                if k == 0 and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and ast.get_docstring(node):
                    continue  # the docstring

                def drop(n: ast.AST, field: str = field, k: int = k) -> None:
                    body = getattr(n, field)
                    body[k] = ast.Pass()  # `pass` keeps a one-statement block valid

                yield "drop-statement", f"drop {type(stmt).__name__} at {_where(stmt)}", drop
    if isinstance(node, ast.Call):
        positional = [a for a in node.args if not isinstance(a, ast.Starred)]
        if len(positional) == len(node.args) and len(node.args) >= 2:
            for k in range(len(node.args) - 1):

                def swap(n: ast.AST, k: int = k) -> None:
                    assert isinstance(n, ast.Call)
                    n.args[k], n.args[k + 1] = n.args[k + 1], n.args[k]

                yield "swap-arguments", f"swap arguments {k} and {k + 1}", swap
    if isinstance(node, ast.Slice):
        for bound in ("lower", "upper"):
            if getattr(node, bound) is None:
                continue
            shifts: tuple[tuple[int, type[ast.operator]], ...] = ((1, ast.Add), (-1, ast.Sub))
            for delta, arith in shifts:

                def shift(n: ast.AST, bound: str = bound, arith: type[ast.operator] = arith) -> None:
                    old = getattr(n, bound)
                    setattr(n, bound, ast.BinOp(left=old, op=arith(), right=ast.Constant(1)))

                yield "slice", f"{bound} bound {delta:+d}", shift
            yield "slice", f"drop {bound} bound", _set_attr(bound, lambda: None)
        if node.step is not None:
            yield "slice", "drop step", _set_attr("step", lambda: None)
    if isinstance(node, ast.Return) and node.value is not None:
        if not (isinstance(node.value, ast.Constant) and node.value.value is None):
            yield "return-value", "return None", _set_attr("value", lambda: ast.Constant(None))
        if isinstance(node.value, (ast.Compare, ast.BoolOp, ast.Call, ast.Name)):

            def negate_return(n: ast.AST) -> None:
                assert isinstance(n, ast.Return) and n.value is not None
                n.value = ast.UnaryOp(op=ast.Not(), operand=n.value)

            yield "return-value", "return not value", negate_return


def compiles(source: str) -> bool:
    """Does the source parse and pass the symbol-table checks of the compiler?

    ``ast.parse`` plus ``symtable`` catch syntax and scoping errors without producing a code object (the
    package compiles no untrusted text in-process); anything left is caught in the sandbox, where a
    SyntaxError also drops the variant.
    """
    try:
        ast.parse(source)
        symtable.symtable(source, "<mutant>", "exec")
    except (SyntaxError, ValueError, RecursionError):
        return False
    return True


def mutants(source: str, function: str) -> list[Mutant]:
    """Every distinct compiling single-change variant of ``function``'s body, in deterministic order."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise MutationError(f"reference does not parse: line {exc.lineno}: {exc.msg}") from exc
    reference_text = ast.unparse(tree)
    plan: list[tuple[str, str, int, _Apply]] = []
    for index, node in enumerate(_walk_body(_find_function(tree, function))):
        for operator, description, apply in _points(node):
            plan.append((operator, f"{_where(node)} {description}", index, apply))
    seen = {reference_text}
    out: list[Mutant] = []
    for operator, site, index, apply in plan:
        fresh = copy.deepcopy(tree)
        node = _walk_body(_find_function(fresh, function))[index]
        apply(node)
        ast.fix_missing_locations(fresh)
        try:
            text = ast.unparse(fresh)
        except (ValueError, AttributeError, RecursionError):
            continue
        if text in seen or not compiles(text):
            continue
        seen.add(text)
        out.append(Mutant(operator, site, text))
    return out


def select(candidates: list[Mutant], cap: int, seed: int | str) -> list[Mutant]:
    """At most ``cap`` mutants, drawn round-robin across operators (each operator's list shuffled with the
    seed), returned in enumeration order. Deterministic for a given seed."""
    if cap >= len(candidates):
        return list(candidates)
    rng = random.Random(str(seed))
    by_operator: dict[str, list[int]] = {}
    for k, mutant in enumerate(candidates):
        by_operator.setdefault(mutant.operator, []).append(k)
    for indices in by_operator.values():
        rng.shuffle(indices)
    chosen: list[int] = []
    queues = [by_operator[op] for op in OPERATORS if op in by_operator]
    while len(chosen) < cap:
        for queue in queues:
            if queue and len(chosen) < cap:
                chosen.append(queue.pop())
    return [candidates[k] for k in sorted(chosen)]
