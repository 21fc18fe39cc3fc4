"""The in-process decisions of pyverify.answers._fast (issue 24: grading without a round trip to the engine)."""

from __future__ import annotations

import time
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from pyverify.answers import equivalent_answers, parse_answer
from pyverify.answers._fast import certainly_defined, polynomial_identity, polynomial_ratio
from pyverify.logic._ast import Node, Num, Op, Var

X, Y = Var("x", None), Var("y", None)  # type: ignore[arg-type]


def _term(text: str) -> Node:
    return parse_answer(text).terms[0]


def _polys(depth: int = 3) -> st.SearchStrategy[Node]:
    leaves = st.one_of(st.sampled_from([X, Y]), st.integers(-4, 4).map(lambda k: Num(Fraction(k))))

    def grow(children: st.SearchStrategy[Node]) -> st.SearchStrategy[Node]:
        return st.one_of(
            st.tuples(st.sampled_from(["+", "-", "*"]), children, children).map(lambda t: Op(t[0], (t[1], t[2]))),
            children.map(lambda c: Op("neg", (c,))),
            st.tuples(children, st.integers(1, 3)).map(lambda t: Op("^", (t[0], Num(Fraction(t[1]))))),
            st.tuples(children, st.integers(1, 5)).map(lambda t: Op("/", (t[0], Num(Fraction(t[1]))))),
        )

    return st.recursive(leaves, grow, max_leaves=8)


def _sympy(node: Node) -> sympy.Expr:
    if isinstance(node, Num):
        return sympy.Rational(node.value.numerator, node.value.denominator)
    if isinstance(node, Var):
        return sympy.Symbol(node.name)
    assert isinstance(node, Op)
    args = [_sympy(a) for a in node.args]
    if node.op == "neg":
        return -args[0]
    return {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
            "/": lambda a, b: a / b, "^": lambda a, b: a**b}[node.op](*args)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(_polys(), _polys())
def test_polynomial_identity_agrees_with_sympy_and_its_witness_holds(a: Node, b: Node) -> None:
    found = polynomial_identity(Op("+", (a, Op("*", (Num(Fraction(0)), X)))), b)  # both sides mention x
    assert found is not None
    difference = sympy.expand(_sympy(a) - _sympy(b))
    if found[0] == "equal":
        assert difference == 0
    else:
        assert difference != 0
        point = {sympy.Symbol(k): sympy.Rational(v) for k, v in found[1]["point"].items()}  # type: ignore[index]
        value = difference.subs(point)
        assert value != 0 and str(value) == found[1]["difference"]  # type: ignore[index]


def test_polynomials_decided_in_process_with_a_small_witness() -> None:
    assert polynomial_identity(_term("(x+1)^2"), _term("x^2+2x+1")) == ("equal", None)
    assert polynomial_identity(_term("p - q"), _term("p - q")) == ("equal", None)
    assert polynomial_identity(_term("y"), _term("y + 1")) == ("different", {"point": {"y": "0"}, "difference": "-1"})
    cert = equivalent_answers("8n^2 + 4n + 1", "8n^2+4n+2", timeout=5)
    assert (cert.status, cert.method, cert.witness) == (
        "different",
        "polynomial",
        {"point": {"n": "0"}, "difference": "-1"},
    )
    assert polynomial_ratio(_term("2x+4y-3"), _term("x/2 + y - 3/4")) == Fraction(4)
    assert polynomial_ratio(_term("2x+4y"), _term("x+y")) is False


def test_outside_the_polynomial_bounds_the_engine_decides() -> None:
    # not polynomials, or too large to expand safely: None (left to the engine, under the deadline)
    for a, b in [("x^{1/2}", "x"), ("1/x", "x"), (r"\sin x", "x"), ("x^0", "1"), ("x/(2-2)", "x")]:
        assert polynomial_identity(_term(a), _term(b)) is None, (a, b)
    start = time.monotonic()
    assert polynomial_identity(_term("(x+y+z+w+v+u)^{60}"), _term("1")) is None
    assert polynomial_identity(_term("((x+1)^{8})^{9}"), _term("1")) is None
    assert time.monotonic() - start < 5  # refused before expanding, not after
    assert equivalent_answers("x^0", "1", timeout=10).status == "equal"  # the engine still decides them


def test_certainly_defined_is_conservative() -> None:
    for text in [
        r"\sqrt{5}",
        r"1 \pm \sqrt 5",
        r"\frac{\pi^2}{8}",
        "5!",
        r"\sin 2",
        r"e^{\pi}",
        "x^2+1",
        r"\sqrt{\pi}",
    ]:
        for term in parse_answer(text).terms or ():
            assert certainly_defined(term), text
    for text in [r"\frac{1}{\sqrt2 - \sqrt2}", r"\sqrt{-2}", r"\sqrt{x}", r"\log 2", r"\tan 1", "0^0", "(1/2)!", "1/x"]:
        assert not any(certainly_defined(t) for t in parse_answer(text).terms), text


def test_identical_terms_without_a_value_are_never_equal() -> None:
    # the shortcut for identical terms applies only where every part has a value
    assert equivalent_answers(r"\frac{1}{\sqrt2-\sqrt2}", r"\frac{1}{\sqrt2-\sqrt2}", timeout=10).status == "undefined"
    assert equivalent_answers(r"\{1, \frac{1}{\sqrt3-\sqrt3}\}", r"\{1, \frac{1}{\sqrt3-\sqrt3}\}", timeout=10).status \
        == "undefined"  # fmt: skip
    cert = equivalent_answers(r"\{1\pm\sqrt{5},-2\}", r"\{-2, 1-\sqrt5, 1+\sqrt 5\}", timeout=10)
    assert (cert.status, cert.method) == ("equal", "structure")
