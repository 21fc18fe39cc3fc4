"""Parsing: the issue's examples, both spellings, sorts, and precise errors for bad input."""

from __future__ import annotations

import pytest

from pyverify.logic import NAT, RAT, REAL, Conn, Not, Op, ParseError, Pred, Rel, SumOf, mat, parse, to_text

ISSUE_EXAMPLES = [
    "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1",
    "∀ x y : ℝ, x ≤ y → x + 1 ≤ y + 1",
    "forall p : N, prime(p) -> 2 <= p",
    "forall A B : Mat2(Q), det(A*B) = det(A)*det(B)",
    "exists n : Z, n^2 = 2",
]


# Notation people write, each beside the built-in spelling it must mean.
NOTATION = [
    ("forall n : N, n! >= 1", "forall n : N, factorial(n) >= 1"),
    ("forall n : N, (n+1)! = (n+1)*n!", "forall n : N, factorial(n + 1) = (n + 1)*factorial(n)"),
    ("forall n : N, n! != 0", "forall n : N, factorial(n) != 0"),
    ("forall n : N, (n!)! >= n!", "forall n : N, factorial(factorial(n)) >= factorial(n)"),
    ("forall n : N, n!^2 = n!²", "forall n : N, factorial(n)^2 = factorial(n)^2"),
    ("forall n : N, n²! >= 1", "forall n : N, factorial(n^2) >= 1"),
    ("forall n : N, -n! <= 0", "forall n : N, -factorial(n) <= 0"),
    ("forall x y : R, |x - y| <= |x| + |y|", "forall x y : R, abs(x - y) <= abs(x) + abs(y)"),
    ("forall x y : R, ||x| - |y|| <= |x - y|", "forall x y : R, abs(abs(x) - abs(y)) <= abs(x - y)"),
    ("forall x y : R, |x - |y|| >= 0", "forall x y : R, abs(x - abs(y)) >= 0"),
    ("forall n : Z, |n| >= 0", "forall n : Z, abs(n) >= 0"),
    ("forall n : Z, 2 | n or 2 | n + 1", "forall n : Z, 2 ∣ n or 2 ∣ n + 1"),
    ("forall a b : Z, |a| | b -> a | b", "forall a b : Z, abs(a) ∣ b -> a ∣ b"),
    ("forall a b : Z, a | |b| -> a | b", "forall a b : Z, a ∣ abs(b) -> a ∣ b"),
    ("forall x : R, x = 1 || x != 1", "forall x : R, x = 1 or x != 1"),
    ("forall x : R, |x| = 1 || |x| != 1", "forall x : R, abs(x) = 1 or abs(x) != 1"),
    ("forall x : Q, !(x = 1) or x = 1", "forall x : Q, not x = 1 or x = 1"),
    ("forall x : Q, !!(x = 1) -> x = 1", "forall x : Q, not not x = 1 -> x = 1"),
    ("forall x : R, x >= 0 -> √x * √x = x", "forall x : R, x >= 0 -> sqrt(x)*sqrt(x) = x"),
    ("forall x y : R, √(x*y) = √x * √y", "forall x y : R, sqrt(x*y) = sqrt(x)*sqrt(y)"),
    ("forall x : R, √x² = |x|", "forall x : R, sqrt(x^2) = abs(x)"),
    ("forall x : R, √x^2 = |x|", "forall x : R, sqrt(x^2) = abs(x)"),
    ("forall x : R, √√x = x", "forall x : R, sqrt(sqrt(x)) = x"),
    ("forall x : R, -√x <= 0", "forall x : R, -sqrt(x) <= 0"),
    ("forall x : R, ⌊x⌋ <= x", "forall x : R, floor(x) <= x"),
    ("forall x : R, ⌊x + 1⌋ = ⌊x⌋ + 1", "forall x : R, floor(x + 1) = floor(x) + 1"),
    ("forall x : Q, x != 0 -> x⁻¹ * x = 1", "forall x : Q, x != 0 -> x^-1*x = 1"),
    ("forall x : Q, x² >= 0", "forall x : Q, x^2 >= 0"),
    ("forall x : Q, x³ = x*x*x", "forall x : Q, x^3 = x*x*x"),
    ("forall x : Q, x¹⁰ >= 0", "forall x : Q, x^10 >= 0"),
    ("forall x : Q, x != 0 -> x⁻² = 1/x²", "forall x : Q, x != 0 -> x^-2 = 1/x^2"),
    ("forall x : Q, (x²)² = x⁴", "forall x : Q, (x^2)^2 = x^4"),
    ("forall x : Q, (x + 1)² = x² + 2*x + 1", "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1"),
    ("forall A : Mat2(Q), det(A) != 0 -> A⁻¹ * A = [[1, 0], [0, 1]]",
     "forall A : Mat2(Q), det(A) != 0 -> A^-1*A = [[1, 0], [0, 1]]"),
    ("forall n : N, ∑_{k=0}^{n} k = n*(n+1)/2", "forall n : N, sum(k, 0, n, k) = n*(n + 1)/2"),
    ("forall n : N, ∑_{k=1}^{n} k^2 = n*(n+1)*(2*n+1)/6", "forall n : N, sum(k, 1, n, k^2) = n*(n+1)*(2*n+1)/6"),
    ("forall n : N, ∑_{k=1}^n k = n*(n+1)/2", "forall n : N, sum(k, 1, n, k) = n*(n + 1)/2"),
    ("forall n : N, Σ_{k=1}^10 k² >= n", "forall n : N, sum(k, 1, 10, k^2) >= n"),
    ("forall n : N, ∑_{k=0}^{n} k! >= 1", "forall n : N, sum(k, 0, n, factorial(k)) >= 1"),
    ("forall n : N, ∑_{k=0}^{n} |k - n| >= 0", "forall n : N, sum(k, 0, n, abs(k - n)) >= 0"),
]  # fmt: skip


@pytest.mark.parametrize(("notation", "spelled"), NOTATION)
def test_notation_means_the_built_in(notation: str, spelled: str) -> None:
    assert parse(notation) == parse(spelled)


def test_notation_binds_as_documented() -> None:
    # √ takes the power after it; postfix ! and ² bind tighter than unary minus and ^
    assert parse("forall x y : R, √x*y = 1") == parse("forall x y : R, sqrt(x)*y = 1")
    assert parse("forall n : N, 2^n! = 1") == parse("forall n : N, 2^factorial(n) = 1")
    assert parse("forall x : Q, -x² = 1") == parse("forall x : Q, -(x^2) = 1")
    assert parse("forall x : Q, x²^3 = 1") == parse("forall x : Q, (x^2)^3 = 1")
    # "!=" is always "not equal", even right after a name; "n! = 1" is the factorial
    assert parse("forall n : N, n!=1") == parse("forall n : N, n != 1")
    assert parse("forall n : N, n! = 1") == parse("forall n : N, factorial(n) = 1")
    assert isinstance(parse("forall n : N, !n = 1").body, Not)


@pytest.mark.parametrize(
    ("text", "fragment", "column"),
    [
        ("forall n : N, n!! = 1", "double factorial is not supported", 17),
        ("forall n : N, n! ! = 1", "double factorial is not supported", 18),
        ("forall x : R, |x = 0", "unexpected '='; expected '+', '-', '|'", 18),
        ("forall x : R, |x| = |x", "the '|' at column 21 is never closed", 23),
        ("forall x : R, ⌊x = 0", "expected '+', '-', '⌋'", 18),
        ("forall x : R, ⌊x", "the '⌊' at column 15 is never closed", 17),
        ("forall x : R, x⌋ = 1", "unexpected '⌋'", 16),
        ("forall x : R, (|x) = 1", "unexpected ')'", 18),
        ("forall x : Q, (x + 1 = 2", "the '(' at column 15 is never closed", 25),
        ("forall n : Z, 3 |", "unexpected end of claim", 18),
        ("forall x : R, |x||x| = 1", "unexpected '|'", 20),
        ("forall x : R, √-x = 1", "unexpected '-'", 16),
        ("forall x : R, x^² = 1", "unexpected '²'", 17),
        ("forall x : R, x⁻ = 1", "unexpected character '⁻'", 16),
        ("forall n : N, ∑_{k=1}^n+1 k = 0", "unexpected '+'", 24),
        ("forall A : Mat2(Q), |A| = 0", "'abs' needs numbers, not matrices (for a determinant write det(A))", 21),
        ("forall x : Q, x! = 1", "'factorial' needs integer arguments", 16),
        ("forall x : Q, x^(1/2) = 1", "exponent must be an integer term", None),
    ],
)
def test_notation_errors(text: str, fragment: str, column: int | None) -> None:
    with pytest.raises(ParseError) as info:
        parse(text)
    message = str(info.value)
    assert fragment in message
    if column is not None:
        assert f"(at column {column})" in message


def test_unicode_text_uses_the_notation() -> None:
    claim = parse(
        "forall x y : R, forall n : N, abs(x)*sqrt(y^2) + floor(x)^-1 + factorial(factorial(n)) = sum(k, 1, n, k^2)"
    )
    assert to_text(claim, unicode=True) == "∀ x y : ℝ, ∀ n : ℕ, |x| * √y² + ⌊x⌋⁻¹ + (n!)! = Σ_{k=1}^{n} k²"
    assert to_text(claim) == (
        "forall x y : R, forall n : N, abs(x)*sqrt(y^2) + floor(x)^-1 + factorial(factorial(n)) = sum(k, 1, n, k^2)"
    )


def test_grammar_has_no_conflicts(caplog: pytest.LogCaptureFixture) -> None:
    # lark resolves a shift/reduce conflict silently as a shift; with debug=True it says so
    import logging
    from importlib import resources

    from lark import Lark

    grammar = resources.files("pyverify.logic").joinpath("claim.lark").read_text(encoding="utf-8")
    with caplog.at_level(logging.DEBUG, logger="lark"):
        Lark(grammar, parser="lalr", debug=True, maybe_placeholders=False)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


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
    for opened, closed in (("|", "|"), ("⌊", "⌋"), ("√", ""), ("", "!²"), ("(", ")!")):
        text = "forall n : N, " + opened * 5000 + "n" + closed * 5000 + " = n"
        with pytest.raises(ParseError, match="nested deeper"):
            parse(text)
    with pytest.raises(ParseError, match="longer than 2000 digits"):
        parse("forall n : N, n" + "²" * 5000 + " = n")


def test_non_text_is_rejected() -> None:
    with pytest.raises(ParseError):
        parse(b"forall x : Q, x = x")  # type: ignore[arg-type]
