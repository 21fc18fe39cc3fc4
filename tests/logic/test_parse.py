"""Parsing: the issue's examples, both spellings, sorts, and precise errors for bad input."""

from __future__ import annotations

import pytest

from pyverify.logic import NAT, RAT, REAL, Conn, Op, ParseError, Pred, Rel, SumOf, mat, parse

ISSUE_EXAMPLES = [
    "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1",
    "∀ x y : ℝ, x ≤ y → x + 1 ≤ y + 1",
    "forall p : N, prime(p) -> 2 <= p",
    "forall A B : Mat2(Q), det(A*B) = det(A)*det(B)",
    "exists n : Z, n^2 = 2",
]


@pytest.mark.parametrize("text", ISSUE_EXAMPLES)
def test_issue_examples_parse(text: str) -> None:
    claim = parse(text)
    assert claim.binders


def test_binders_and_sorts() -> None:
    claim = parse("∀ x y : ℝ, x ≤ y → x + 1 ≤ y + 1")
    assert claim.variables == {"x": REAL, "y": REAL}
    assert isinstance(claim.body, Conn) and claim.body.op == "->"
    assert parse("forall A B : Mat2(Q), det(A*B) = det(A)*det(B)").variables == {"A": mat(2), "B": mat(2)}
    assert parse("forall A : Mat(3, Q), det(A) = det(transpose(A))").variables == {"A": mat(3)}
    assert parse("forall (x : Q) (n : N), x^n = x^n").variables == {"x": RAT, "n": NAT}


def test_ascii_and_unicode_spellings_agree() -> None:
    assert parse("forall x y : R, x <= y -> not x > y") == parse("∀ x y : ℝ, x ≤ y → ¬ x > y")
    assert parse("forall a b : Z, a | b and b | a -> a = b or a = -b") == parse(
        "∀ a b : ℤ, a ∣ b ∧ b ∣ a → a = b ∨ a = −b"
    )
    assert parse("forall k : N, sum(i, 0, k, i) = k") == parse("∀ k : ℕ, Σ_{i=0}^{k} i = k")


def test_precedence() -> None:
    body = parse("forall x : Q, -x^2 + 2*x*x - x/2 = 0").body
    assert isinstance(body, Rel)
    left = body.left
    assert isinstance(left, Op) and left.op == "-"
    plus = left.args[0]
    assert isinstance(plus, Op) and plus.op == "+"
    assert plus.args[0] == Op("neg", (Op("^", plus.args[0].args[0].args),))  # -(x^2)
    imp = parse("forall x : Q, x > 0 -> x > 1 -> x > 2").body
    assert isinstance(imp, Conn) and isinstance(imp.args[1], Conn)  # right associative


def test_assumptions_and_predicates() -> None:
    claim = parse("forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^(n+1) - 1)/(r - 1)")
    assert len(claim.assumptions) == 1
    assert isinstance(claim.body, Rel) and isinstance(claim.body.left, SumOf)
    assert isinstance(parse("forall p : N, prime(p) -> 2 <= p").body.args[0], Pred)


@pytest.mark.parametrize(
    ("text", "fragment", "column"),
    [
        ("__import__('os').system('id')", "unexpected '_'", 1),
        ("forall x : Q, x + y = 1", "unknown name 'y'", 19),
        ("forall x : Q, foo(x) = 1", "unknown function 'foo'", 15),
        ("forall x : Q, flor(x) = 1", "did you mean 'floor'", 15),
        ("forall x : Q, x = ", "unexpected end", None),
        ("forall x : Q, x = 1 -> forall y : Q, y = y", "prenex", 24),
        ("forall x : Foo, x = 1", "unknown sort 'Foo'", 12),
        ("forall x x : Q, x = 1", "bound twice", 10),
        ("forall A : Mat2(Q), A + 1 = A", "cannot add a matrix and a number", None),
        ("forall x : Q, x^(1/2) = x", "exponent must be an integer", None),
        ("forall x : Q, (x = 1) + 1 = 2", "expected a number", None),
        ("forall x : Q, x + 1", "expected a statement", None),
        ("forall x : Q, det(x) = 1", "needs a matrix", None),
        ("forall x : Q, x | 2", "divisibility needs integers", None),
        ("forall p : N, prime(p, p)", "takes 1 argument", None),
    ],
)
def test_errors_name_the_problem_and_position(text: str, fragment: str, column: int | None) -> None:
    with pytest.raises(ParseError) as info:
        parse(text)
    message = str(info.value)
    assert fragment in message
    assert "\n" not in message
    if column is not None:
        assert f"column {column}" in message


def test_nesting_and_length_limits() -> None:
    deep = "forall x : Q, " + "(" * 10_000 + "x" + ")" * 10_000 + " = x"
    with pytest.raises(ParseError, match="nested deeper"):
        parse(deep)
    unary = "forall x : Q, " + "-" * 5000 + "x = x"
    with pytest.raises(ParseError, match="nested deeper"):
        parse(unary)
    long_sum = "forall x : Q, " + " + ".join(["x"] * 3000) + " = 3000*x"
    assert parse(long_sum).body.left.args.__len__() == 3000  # flat, not 3000 levels deep
    with pytest.raises(ParseError, match="limit"):
        parse("forall x : Q, x = " + "1+" * 20_000 + "1")


def test_non_text_is_rejected() -> None:
    with pytest.raises(ParseError):
        parse(b"forall x : Q, x = x")  # type: ignore[arg-type]
