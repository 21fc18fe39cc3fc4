"""Mutation operators: each yields compiling variants with the expected change, deterministically."""

from __future__ import annotations

import ast

import pytest

from pyverify.audit import mutants, select
from pyverify.audit._mutate import OPERATORS, MutationError, compiles

SOURCE = '''
def f(xs, n):
    """Docstring with 1 < 2 must never be mutated."""
    total = 0
    for x in xs[1:n]:
        if x < n and not x == 3:
            total += x * 2
    return max(total, n) > 0
'''


def _bodies(operator: str) -> list[str]:
    return [ast.unparse(ast.parse(m.source).body[0].body[1:]) for m in mutants(SOURCE, "f") if m.operator == operator]  # type: ignore[attr-defined]


def test_every_operator_produces_compiling_variants() -> None:
    found = mutants(SOURCE, "f")
    assert {m.operator for m in found} == set(OPERATORS)
    assert all(compiles(m.source) for m in found)
    assert len({m.source for m in found}) == len(found)  # distinct
    reference = ast.unparse(ast.parse(SOURCE))
    assert reference not in {m.source for m in found}


@pytest.mark.parametrize(
    ("operator", "expected"),
    [
        ("comparison", "if x <= n and (not x == 3):"),
        ("comparison", "if x < n and (not x != 3):"),
        ("arithmetic", "total -= x * 2"),
        ("arithmetic", "total += x // 2"),
        ("constant", "total = 1"),
        ("constant", "total += x * 3"),
        ("negation", "if x < n or not x == 3:"),
        ("negation", "if not (x < n and (not x == 3)):"),
        ("drop-statement", "pass"),
        ("swap-arguments", "return max(n, total) > 0"),
        ("slice", "for x in xs[1 + 1:n]:"),
        ("slice", "for x in xs[1:n - 1]:"),
        ("slice", "for x in xs[:n]:"),
        ("return-value", "return None"),
        ("return-value", "return not max(total, n) > 0"),
    ],
)
def test_operator_makes_the_expected_change(operator: str, expected: str) -> None:
    bodies = _bodies(operator)
    assert any(expected.replace(" ", "") in body.replace(" ", "") for body in bodies), (expected, bodies)


def test_docstring_and_signature_untouched() -> None:
    for m in mutants(SOURCE, "f"):
        func = ast.parse(m.source).body[0]
        assert isinstance(func, ast.FunctionDef)
        assert ast.get_docstring(func) == "Docstring with 1 < 2 must never be mutated."
        assert [a.arg for a in func.args.args] == ["xs", "n"]


def test_deterministic_and_stratified_selection() -> None:
    found = mutants(SOURCE, "f")
    assert [m.source for m in found] == [m.source for m in mutants(SOURCE, "f")]
    first, again = select(found, 8, seed=7), select(found, 8, seed=7)
    assert first == again and len(first) == 8
    assert len({m.operator for m in first}) == 8  # one per operator before any operator gets a second
    assert select(found, 1000, seed=7) == found


def test_non_compiling_variants_are_dropped() -> None:
    # dropping `x = 1` leaves `nonlocal x` without a binding: a SyntaxError the symbol table reports
    source = "def f():\n    x = 1\n    def g():\n        nonlocal x\n        x += 1\n    g()\n    return x\n"
    assert not compiles("def g():\n    nonlocal x\n")
    sites = [m.site for m in mutants(source, "f")]
    assert not any("drop Assign at 2:4" in s for s in sites)
    assert any("drop Expr" in s for s in sites)  # other drops remain


def test_missing_function_and_bad_source() -> None:
    with pytest.raises(MutationError):
        mutants(SOURCE, "nope")
    with pytest.raises(MutationError):
        mutants("def f(:\n", "f")
