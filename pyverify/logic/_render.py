"""Rendering claims as plain text (ASCII or Unicode), LaTeX and Lean 4 (Mathlib notation).

Text rendering puts in exactly the parentheses the grammar needs, so ``parse(to_text(c)) == c`` for
every parsed claim (property-tested). ASCII text spells built-ins as calls (``abs(x)``,
``factorial(n)``, ``sqrt(x)``, ``floor(x)``, ``x^2``, ``sum(k, 0, n, k)``); Unicode text uses the
notation people write (``|x|``, ``n!``, ``√x``, ``⌊x⌋``, ``x²``, ``x⁻¹``, ``Σ_{k=0}^{n} k``).

Lean rendering makes the claim language's exact semantics explicit: each relation is elaborated in
the smallest number system that holds its values (so ℕ subtraction never truncates), and the
definedness conditions of partial operations become hypotheses (see :func:`definedness`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from pyverify.logic._ast import (
    CASTS,
    INT,
    NAT,
    Binder,
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
    children,
    join,
    walk,
)
from pyverify.logic._sorts import sort_of

# Binding strength, loosest first; matches the ladder in claim.lark. POST (n!, x²) is only reached
# by Unicode text; every other rendering puts calls at ATOM.
IFF, IMP, OR, AND, NOT, REL, ADD, MUL, NEG, POW, POST, ATOM = range(1, 13)

_ASCII = {
    "forall": "forall", "exists": "exists", "not": "not ", "and": " and ", "or": " or ",
    "->": " -> ", "<->": " <-> ", "=": " = ", "!=": " != ", "<": " < ", "<=": " <= ", ">": " > ",
    ">=": " >= ", "dvd": " | ", "+": " + ", "-": " - ", "*": "*", "/": "/", "^": "^", "neg": "-",
    "true": "true", "false": "false",
}  # fmt: skip
_UNICODE = dict(
    _ASCII,
    **{"forall": "∀", "exists": "∃", "not": "¬", "and": " ∧ ", "or": " ∨ ", "->": " → ",
       "<->": " ↔ ", "!=": " ≠ ", "<=": " ≤ ", ">=": " ≥ ", "dvd": " ∣ ", "-": " − ", "neg": "−",
       "*": " * ", "true": "⊤", "false": "⊥"},
)  # fmt: skip
_SORT_UNICODE = {"N": "ℕ", "Z": "ℤ", "Q": "ℚ", "R": "ℝ"}
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def precedence(node: Node) -> int:
    """How tightly a node binds, on the grammar's ladder."""
    if isinstance(node, Conn):
        return {"<->": IFF, "->": IMP, "or": OR, "and": AND}[node.op]
    if isinstance(node, Not):
        return NOT
    if isinstance(node, Rel):
        return REL
    if isinstance(node, Op):
        return {"+": ADD, "-": ADD, "*": MUL, "/": MUL, "neg": NEG, "^": POW}[node.op]
    return ATOM


def _numeral(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator) if value >= 0 else f"({value.numerator})"
    d = value.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d == 1 and value > 0:
        places = max(twos, fives)
        scaled = value * 10**places
        digits = str(scaled.numerator).rjust(places + 1, "0")
        return f"{digits[:-places]}.{digits[-places:]}"
    return f"({value.numerator}/{value.denominator})"


def _is_call(node: Node, func: str) -> bool:
    return isinstance(node, Call) and node.func == func


def _superscript(exponent: Node) -> str | None:
    """``²`` or ``⁻¹`` for a literal integer exponent (``2`` or ``-1``), None for any other."""
    negative = isinstance(exponent, Op) and exponent.op == "neg"
    literal = exponent.args[0] if isinstance(exponent, Op) and negative else exponent
    if not isinstance(literal, Num) or literal.value.denominator != 1 or literal.value < 0:
        return None
    return ("⁻" if negative else "") + str(literal.value.numerator).translate(_SUPERSCRIPT)


class _Text:
    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode
        self.sym = _UNICODE if unicode else _ASCII

    def level(self, node: Node) -> int:
        """How tightly ``node`` binds as this renderer writes it."""
        if self.unicode:
            if isinstance(node, SumOf) or _is_call(node, "sqrt"):
                return POW  # Σ and √ take the power after them
            if _is_call(node, "factorial") or self.superscripted(node):
                return POST
        return precedence(node)

    def superscripted(self, node: Node) -> bool:
        return self.unicode and isinstance(node, Op) and node.op == "^" and _superscript(node.args[1]) is not None

    def wrap(self, node: Node, minimum: int) -> str:
        text = self.render(node)
        return f"({text})" if self.level(node) < minimum else text

    def render(self, node: Node) -> str:
        s = self.sym
        if isinstance(node, Num):
            return _numeral(node.value)
        if isinstance(node, Var):
            return node.name
        if isinstance(node, BoolLit):
            return s["true"] if node.value else s["false"]
        if isinstance(node, Op):
            return self.op(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Pred):
            return f"{node.name}({', '.join(self.render(a) for a in node.args)})"
        if isinstance(node, Index):
            return f"{node.seq.name}({self.render(node.index)})"
        if isinstance(node, SumOf):
            if self.unicode:
                lo, hi = self.render(node.lo), self.render(node.hi)
                return f"Σ_{{{node.var}={lo}}}^{{{hi}}} {self.wrap(node.body, POW)}"
            parts = [node.var, self.render(node.lo), self.render(node.hi), self.render(node.body)]
            return f"sum({', '.join(parts)})"
        if isinstance(node, MatLit):
            return "[" + ", ".join("[" + ", ".join(self.render(e) for e in r) + "]" for r in node.rows) + "]"
        if isinstance(node, Rel):
            return f"{self.wrap(node.left, ADD)}{s[node.op]}{self.wrap(node.right, ADD)}"
        if isinstance(node, Not):
            return f"{s['not']}{self.wrap(node.arg, NOT)}"
        if isinstance(node, Conn):
            return self.conn(node)
        raise TypeError(f"cannot render {type(node).__name__}")

    def call(self, node: Call) -> str:
        f, args = node.func, node.args
        if f in CASTS:
            return f"({self.render(args[0])} : {self.sort(CASTS[f])})"
        if self.unicode and len(args) == 1:
            a = args[0]
            if f == "abs":
                return f"|{self.render(a)}|"
            if f == "floor":
                return f"⌊{self.render(a)}⌋"
            if f == "sqrt":
                return f"√{self.wrap(a, POW)}"
            if f == "factorial":  # n!! would be read as a double factorial: (n!)!
                return f"({self.render(a)})!" if _is_call(a, "factorial") else f"{self.wrap(a, POST)}!"
        return f"{f}({', '.join(self.render(a) for a in args)})"

    def op(self, node: Op) -> str:
        s, op, args = self.sym, node.op, node.args
        if op == "neg":
            return f"{s['neg']}{self.wrap(args[0], NEG)}"
        if op == "^":
            base = args[0]
            if self.superscripted(node):  # x²² would be read as x to the 22nd: (x²)²
                base_text = f"({self.render(base)})" if self.superscripted(base) else self.wrap(base, POST)
                return base_text + (_superscript(args[1]) or "")
            return f"{self.wrap(base, POST)}^{self.wrap(args[1], NEG)}"
        level = ADD if op in ("+", "-") else MUL
        # The parser flattens a left operand with the same n-ary operator into this node, so such an
        # operand must keep its parentheses; every right operand binds tighter than the operator.
        first = args[0]
        # rendered once: rendering it a second time at each level of a left-nested chain costs 2^depth
        if isinstance(first, Op) and first.op == op and op in ("+", "*"):
            first_text = f"({self.render(first)})"
        else:
            first_text = self.wrap(first, level)
        rest = [self.wrap(a, level + 1) for a in args[1:]]
        return s[op].join([first_text, *rest])

    def conn(self, node: Conn) -> str:
        s, op, args = self.sym, node.op, node.args
        if op == "->":
            return f"{self.wrap(args[0], IMP + 1)}{s['->']}{self.wrap(args[1], IMP)}"
        if op == "<->":
            return f"{self.wrap(args[0], IMP)}{s['<->']}{self.wrap(args[1], IMP)}"
        level = AND if op == "and" else OR
        first = args[0]
        if isinstance(first, Conn) and first.op == op:
            first_text = f"({self.render(first)})"
        else:
            first_text = self.wrap(first, level)
        return s[op].join([first_text, *(self.wrap(a, level + 1) for a in args[1:])])

    def sort(self, sort: Sort) -> str:
        if sort.kind == "Mat":
            return f"Mat{sort.n}({'ℚ' if self.unicode else 'Q'})"
        if sort.kind == "Seq":
            return f"Seq({'ℚ' if self.unicode else 'Q'})"
        return _SORT_UNICODE[sort.kind] if self.unicode else sort.kind

    def claim(self, claim: Claim) -> str:
        parts = [f"{self.sym[b.quantifier]} {' '.join(b.names)} : {self.sort(b.sort)}, " for b in claim.binders]
        parts += [f"assume {self.render(a)}, " for a in claim.assumptions]
        parts.append(self.render(claim.body))
        return "".join(parts)


def to_text(claim: Claim | Node, unicode: bool = False) -> str:
    """Plain-text rendering that the parser reads back to the same claim."""
    r = _Text(unicode)
    return r.claim(claim) if isinstance(claim, Claim) else r.render(claim)


def term_text(node: Node) -> str:
    """ASCII text of a term or formula (no binders)."""
    return _Text(False).render(node)


# ---------------------------------------------------------------- definedness


def definedness(node: Node | Claim) -> list[Node]:
    """Conditions under which every partial operation in ``node`` is defined, outermost first.

    Division needs a nonzero divisor, ``sqrt`` a nonnegative and ``log`` a positive argument,
    ``factorial``/``binomial`` nonnegative arguments, ``mod`` a nonzero modulus, ``inverse`` (and
    negative matrix powers) a nonzero determinant, negative powers a nonzero base, and sequence
    indices must be nonnegative. Conditions inside a sum's body that mention its index are left out:
    the exact evaluator checks them term by term.
    """
    roots = list(node.assumptions) + [node.body] if isinstance(node, Claim) else [node]
    conditions: list[Node] = []
    seen: set[Node] = set()
    zero = Num(Fraction(0))

    def add(cond: Node) -> None:
        if cond not in seen:
            seen.add(cond)
            conditions.append(cond)

    def visit(n: Node, bound: frozenset[str]) -> None:
        # iterative enough: depth is bounded by MAX_DEPTH
        if isinstance(n, SumOf):
            visit(n.lo, bound)
            visit(n.hi, bound)
            visit(n.body, bound | {n.var})
            return
        for child in children(n):
            visit(child, bound)
        if bound and any(isinstance(v, Var) and v.name in bound for v in walk(n)):
            return
        if isinstance(n, Op) and n.op == "/":
            add(Rel("!=", n.args[1], zero))
        elif isinstance(n, Op) and n.op == "^" and _may_be_negative_exponent(n.args[1]):
            base, exponent = n.args
            nonzero = Rel("!=", Call("det", (base,)), zero) if sort_of(base).is_matrix else Rel("!=", base, zero)
            if _literal_negative(exponent):
                add(nonzero)
            else:  # b^e is defined when e >= 0 or b is invertible
                add(Conn("or", (Rel(">=", exponent, zero), nonzero)))
        elif isinstance(n, Call):
            a = n.args
            if n.func == "sqrt":
                add(Rel(">=", a[0], zero))
            elif n.func == "log":
                add(Rel(">", a[0], zero))
            elif n.func == "factorial":
                add(Rel(">=", a[0], zero))
            elif n.func == "binomial":
                add(Rel(">=", a[0], zero))
                add(Rel(">=", a[1], zero))
            elif n.func == "mod":
                add(Rel("!=", a[1], zero))
            elif n.func == "inverse":
                add(Rel("!=", Call("det", (a[0],)), zero))
        elif isinstance(n, Index):
            add(Rel(">=", n.index, zero))

    for root in roots:
        visit(root, frozenset())
    return [c for c in conditions if not _trivially_true(c)]


def _may_be_negative_exponent(exponent: Node) -> bool:
    if isinstance(exponent, Num):
        return exponent.value < 0
    if isinstance(exponent, Op) and exponent.op == "neg" and isinstance(exponent.args[0], Num):
        return exponent.args[0].value != 0
    return sort_of(exponent) != NAT


def _literal_negative(exponent: Node) -> bool:
    if isinstance(exponent, Num):
        return exponent.value < 0
    return isinstance(exponent, Op) and exponent.op == "neg" and isinstance(exponent.args[0], Num)


def _trivially_true(cond: Node) -> bool:
    if isinstance(cond, Rel) and isinstance(cond.left, Num) and isinstance(cond.right, Num):
        a, b = cond.left.value, cond.right.value
        return {"!=": a != b, ">=": a >= b, ">": a > b}.get(cond.op, False)
    if isinstance(cond, Rel) and cond.op == ">=" and isinstance(cond.left, Var) and cond.left.sort == NAT:
        return True
    return False


def relativized(claim: Claim) -> Node:
    """The quantifier-free part with definedness made explicit.

    The innermost quantifier decides the connective: under ∀ (or no quantifier) it is
    ``D → (A → B)``, under ∃ it is ``D ∧ (A → B)``, so a point where the claim is undefined is
    neither a counterexample nor an example.
    """
    conditions = definedness(claim)
    matrix = claim.matrix
    if not conditions:
        return matrix
    d = conditions[0] if len(conditions) == 1 else Conn("and", tuple(conditions))
    inner = claim.binders[-1].quantifier if claim.binders else "forall"
    return Conn("->", (d, matrix)) if inner == "forall" else Conn("and", (d, matrix))


# ---------------------------------------------------------------- LaTeX

_LATEX_REL = {"=": "=", "!=": "\\neq", "<": "<", "<=": "\\leq", ">": ">", ">=": "\\geq", "dvd": "\\mid"}
_LATEX_CONN = {"and": "\\land", "or": "\\lor", "->": "\\rightarrow", "<->": "\\leftrightarrow"}
_LATEX_SORT = {"N": "\\mathbb{N}", "Z": "\\mathbb{Z}", "Q": "\\mathbb{Q}", "R": "\\mathbb{R}"}


def _latex_name(name: str) -> str:
    greek = {"α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "varepsilon", "η": "eta",
             "θ": "theta", "λ": "lambda", "μ": "mu", "ρ": "rho", "σ": "sigma", "τ": "tau", "φ": "varphi",
             "ω": "omega"}  # fmt: skip
    out = "".join(f"\\{greek[c]} " if c in greek else c for c in name).strip()
    base, _, sub = out.partition("_")
    if len(base) > 1 and base.isalpha() and base.isascii():
        base = f"\\mathit{{{base}}}"
    return f"{base}_{{{sub}}}" if sub else base


def _latex(node: Node) -> str:
    def wrap(n: Node, minimum: int) -> str:
        text = _latex(n)
        return f"\\left({text}\\right)" if precedence(n) < minimum else text

    if isinstance(node, Num):
        v = node.value
        return str(v.numerator) if v.denominator == 1 else f"\\frac{{{v.numerator}}}{{{v.denominator}}}"
    if isinstance(node, Var):
        return _latex_name(node.name)
    if isinstance(node, BoolLit):
        return "\\top" if node.value else "\\bot"
    if isinstance(node, Op):
        a = node.args
        if node.op == "neg":
            return f"-{wrap(a[0], NEG)}"
        if node.op == "^":
            return f"{{{wrap(a[0], ATOM)}}}^{{{_latex(a[1])}}}"
        if node.op == "/":
            return f"\\frac{{{_latex(a[0])}}}{{{_latex(a[1])}}}"
        level = ADD if node.op in ("+", "-") else MUL
        sep = {"+": " + ", "-": " - ", "*": " \\cdot "}[node.op]
        return sep.join([wrap(a[0], level)] + [wrap(x, level + 1) for x in a[1:]])
    if isinstance(node, Call):
        t = [_latex(x) for x in node.args]
        f = node.func
        if f in CASTS:
            return f"\\left({t[0]} : {_LATEX_SORT[CASTS[f].kind]}\\right)"
        table: dict[str, Callable[[], str]] = {
            "abs": lambda: f"\\left|{t[0]}\\right|",
            "sqrt": lambda: f"\\sqrt{{{t[0]}}}",
            "floor": lambda: f"\\left\\lfloor {t[0]} \\right\\rfloor",
            # a factorial of a factorial keeps its parentheses: n!! is the double factorial
            "factorial": lambda: (
                f"\\left({t[0]}\\right)!" if _is_call(node.args[0], "factorial") else f"{wrap(node.args[0], ATOM)}!"
            ),
            "binomial": lambda: f"\\binom{{{t[0]}}}{{{t[1]}}}",
            "mod": lambda: f"{wrap(node.args[0], MUL + 1)} \\bmod {wrap(node.args[1], MUL + 1)}",
            "transpose": lambda: f"{{{wrap(node.args[0], ATOM)}}}^{{\\top}}",
            "inverse": lambda: f"{{{wrap(node.args[0], ATOM)}}}^{{-1}}",
            "det": lambda: f"\\det\\left({t[0]}\\right)",
            "trace": lambda: f"\\operatorname{{tr}}\\left({t[0]}\\right)",
            "exp": lambda: f"\\exp\\left({t[0]}\\right)",
            "log": lambda: f"\\log\\left({t[0]}\\right)",
        }
        if f in table:
            return table[f]()
        return (
            f"\\{f}\\left({', '.join(t)}\\right)"
            if f in ("min", "max", "gcd")
            else (f"\\operatorname{{{f}}}\\left({', '.join(t)}\\right)")
        )
    if isinstance(node, Index):
        return f"{_latex_name(node.seq.name)}_{{{_latex(node.index)}}}"
    if isinstance(node, SumOf):
        return f"\\sum_{{{_latex_name(node.var)}={_latex(node.lo)}}}^{{{_latex(node.hi)}}} {wrap(node.body, POW)}"
    if isinstance(node, MatLit):
        rows = " \\\\ ".join(" & ".join(_latex(e) for e in r) for r in node.rows)
        return f"\\begin{{pmatrix}} {rows} \\end{{pmatrix}}"
    if isinstance(node, Rel):
        return f"{_latex(node.left)} {_LATEX_REL[node.op]} {_latex(node.right)}"
    if isinstance(node, Pred):
        args = ", ".join(_latex(x) for x in node.args)
        return f"\\operatorname{{{node.name}}}\\left({args}\\right)"
    if isinstance(node, Not):
        return f"\\neg {wrap(node.arg, NOT)}"
    if isinstance(node, Conn):
        level = precedence(node)
        return f" {_LATEX_CONN[node.op]} ".join(wrap(x, level + 1) for x in node.args)
    raise TypeError(f"cannot render {type(node).__name__}")


def _latex_sort(sort: Sort) -> str:
    if sort.kind == "Mat":
        return f"\\mathbb{{Q}}^{{{sort.n}\\times {sort.n}}}"
    if sort.kind == "Seq":
        return "\\mathbb{Q}^{\\mathbb{N}}"
    return _LATEX_SORT[sort.kind]


def to_latex(claim: Claim | Node) -> str:
    """LaTeX (math mode) for a claim, a formula or a term."""
    if not isinstance(claim, Claim):
        return _latex(claim)
    parts = []
    for b in claim.binders:
        q = "\\forall" if b.quantifier == "forall" else "\\exists"
        names = ", ".join(_latex_name(n) for n in b.names)
        parts.append(f"{q} {names} \\in {_latex_sort(b.sort)},\\;")
    body = _latex(claim.body)
    if claim.assumptions:
        hyp = " \\land ".join(_latex(a) for a in claim.assumptions)
        body = f"{hyp} \\;\\Rightarrow\\; {body}"
    return " ".join(parts + [body])


# ---------------------------------------------------------------- Lean 4 / Mathlib

_LEAN_SORT = {"N": "ℕ", "Z": "ℤ", "Q": "ℚ", "R": "ℝ"}
_LEAN_REL = {"=": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥", "dvd": "∣"}
_LEAN_CONN = {"and": "∧", "or": "∨", "->": "→", "<->": "↔"}


def _enclosed(text: str) -> bool:
    """Whether ``text`` is one bracketed group: ``(…)``, ``|…|`` or ``⌊…⌋``."""
    pairs = {"(": ")", "|": "|", "⌊": "⌋"}
    if not text or text[0] not in pairs or text[-1] != pairs[text[0]]:
        return False
    depth = 0
    for i, ch in enumerate(text):
        if ch in "(⌊":
            depth += 1
        elif ch in ")⌋":
            depth -= 1
            if depth == 0 and i != len(text) - 1:
                return False
    return text[0] == "|" or depth == 0


def lean_sort(sort: Sort) -> str:
    """The Lean type of a sort."""
    if sort.kind == "Mat":
        return f"Matrix (Fin {sort.n}) (Fin {sort.n}) ℚ"
    if sort.kind == "Seq":
        return "ℕ → ℚ"
    return _LEAN_SORT[sort.kind]


class _Lean:
    """Renders with explicit type ascriptions so Lean's elaboration matches exact semantics."""

    def __init__(self) -> None:
        self.sort_of: Callable[[Any], Sort] = sort_of

    def ascribed(self, node: Node, sort: Sort | None = None) -> str:
        sort = sort or self.sort_of(node)
        text = self.term(node)
        if isinstance(node, Var) and node.sort == sort:
            return text
        if sort.is_matrix:
            return f"({text})" if precedence(node) < ATOM else text
        return f"({text} : {lean_sort(sort)})"

    def wrap(self, node: Node, minimum: int) -> str:
        text = self.term(node) if not isinstance(node, (Rel, Conn, Not, Pred, BoolLit)) else self.formula(node)
        if precedence(node) < minimum:
            return f"({text})"
        if minimum >= ATOM and isinstance(node, (Call, Index)) and " " in text and not _enclosed(text):
            return f"({text})"  # an application (Nat.factorial n) as an argument or before ᵀ / ⁻¹
        return text

    def natural_arg(self, node: Node) -> str:
        """An argument Lean expects in ℕ (factorial, choose, sequence index)."""
        if all(v.sort == NAT for v in walk(node) if isinstance(v, Var)) and not any(
            isinstance(x, (Op, Call))
            and (getattr(x, "op", "") in ("neg", "/") or getattr(x, "func", "") in ("floor", *CASTS))
            for x in walk(node)
        ):
            text = self.term(node)
            if precedence(node) == ATOM and (" " not in text or _enclosed(text)):
                return text
            return f"({text})"
        return f"(Int.toNat {self.ascribed(node, INT)})"

    def term(self, node: Node) -> str:
        if isinstance(node, Num):
            v = node.value
            return str(v.numerator) if v.denominator == 1 else f"({v.numerator} / {v.denominator} : ℚ)"
        if isinstance(node, Var):
            return node.name
        if isinstance(node, Op):
            return self.op(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Index):
            return f"{node.seq.name} {self.natural_arg(node.index)}"
        if isinstance(node, SumOf):
            body_sort = self.sort_of(node)
            return (
                f"(∑ {node.var} ∈ Finset.Icc {self.ascribed(node.lo, INT)} {self.ascribed(node.hi, INT)}, "
                f"{self.ascribed(node.body, body_sort)})"
            )
        if isinstance(node, MatLit):
            rows = "; ".join(", ".join(self.ascribed(e, Sort("Q")) for e in r) for r in node.rows)
            return f"!![{rows}]"
        raise TypeError(f"not a term: {type(node).__name__}")

    def op(self, node: Op) -> str:
        a = node.args
        if node.op == "neg":
            inner = self.wrap(a[0], NEG)
            return f"-({inner})" if inner.startswith("-") else f"-{inner}"  # "--" opens a Lean comment
        if node.op == "^":
            exponent = a[1]
            exp_text = self.wrap(exponent, ATOM) if self.sort_of(exponent) == NAT else self.ascribed(exponent, INT)
            return f"{self.wrap(a[0], ATOM)} ^ {exp_text}"
        if node.op == "*":
            # scalar * matrix is `•` in Mathlib
            out = self.wrap(a[0], MUL)
            acc_matrix = self.sort_of(a[0]).is_matrix
            for x in a[1:]:
                x_matrix = self.sort_of(x).is_matrix
                sym = "•" if (x_matrix and not acc_matrix) else "*"
                if sym == "•":
                    out = f"({out})" if " " in out and not out.startswith("(") else out
                out = f"{out} {sym} {self.wrap(x, MUL + 1)}"
                acc_matrix = acc_matrix or x_matrix
            return out
        level = ADD if node.op in ("+", "-") else MUL
        sym = {"+": "+", "-": "-", "/": "/"}[node.op]
        return f" {sym} ".join([self.wrap(a[0], level)] + [self.wrap(x, level + 1) for x in a[1:]])

    def call(self, node: Call) -> str:
        f, a = node.func, node.args
        if f in CASTS:  # the argument's exact value, read at the target (the same value)
            return self.ascribed(a[0], CASTS[f])
        if f == "abs":
            return f"|{self.term(a[0])}|"
        if f in ("sqrt", "exp", "log"):
            return f"Real.{f} {self.ascribed(a[0], Sort('R'))}"
        if f in ("min", "max"):
            s = self.sort_of(node)
            return f"{f} {self.ascribed(a[0], s)} {self.ascribed(a[1], s)}"
        if f == "mod":
            s = self.sort_of(node)
            return f"{self.ascribed(a[0], s)} % {self.wrap(a[1], ATOM)}"
        if f == "floor":
            inner = sort_of(a[0])  # ℕ is no FloorRing in Mathlib: floor an ℕ term as an integer
            return f"⌊{self.ascribed(a[0], INT if inner == NAT else inner)}⌋"
        if f == "factorial":
            return f"Nat.factorial {self.natural_arg(a[0])}"
        if f == "binomial":
            return f"Nat.choose {self.natural_arg(a[0])} {self.natural_arg(a[1])}"
        if f in ("gcd", "lcm"):
            if all(self.sort_of(x) == NAT for x in a):
                return f"Nat.{f} {self.wrap(a[0], ATOM)} {self.wrap(a[1], ATOM)}"
            return f"Int.{f} {self.ascribed(a[0], INT)} {self.ascribed(a[1], INT)}"
        if f == "det":
            return f"Matrix.det {self.wrap(a[0], ATOM)}"
        if f == "trace":
            return f"Matrix.trace {self.wrap(a[0], ATOM)}"
        if f == "transpose":
            return f"{self.wrap(a[0], ATOM)}ᵀ"
        if f == "inverse":
            return f"{self.wrap(a[0], ATOM)}⁻¹"
        raise TypeError(f"unknown function {f}")

    def formula(self, node: Node) -> str:
        if isinstance(node, BoolLit):
            return "True" if node.value else "False"
        if isinstance(node, Rel):
            ls, rs = self.sort_of(node.left), self.sort_of(node.right)
            if ls.is_matrix:
                return f"{self.term(node.left)} {_LEAN_REL[node.op]} {self.term(node.right)}"
            common = join(ls, rs)
            return f"{self.ascribed(node.left, common)} {_LEAN_REL[node.op]} {self.ascribed(node.right, common)}"
        if isinstance(node, Pred):
            a = node.args
            nat = all(self.sort_of(x) == NAT for x in a)
            if node.name == "prime":
                if nat:
                    return f"Nat.Prime {self.wrap(a[0], ATOM)}"
                return f"(0 ≤ {self.ascribed(a[0], INT)} ∧ Nat.Prime (Int.toNat {self.ascribed(a[0], INT)}))"
            if node.name == "coprime":
                if nat:
                    return f"Nat.Coprime {self.wrap(a[0], ATOM)} {self.wrap(a[1], ATOM)}"
                return f"Int.gcd {self.ascribed(a[0], INT)} {self.ascribed(a[1], INT)} = 1"
            name = {"even": "Even", "odd": "Odd", "square": "IsSquare"}[node.name]
            return f"{name} {self.ascribed(a[0], NAT if nat else INT)}"
        if isinstance(node, Not):
            return f"¬{self.wrap(node.arg, NOT)}"
        if isinstance(node, Conn):
            if node.op == "->":
                return f"{self.wrap(node.args[0], IMP + 1)} → {self.wrap(node.args[1], IMP)}"
            if node.op == "<->":
                return f"({self.wrap(node.args[0], IMP)} ↔ {self.wrap(node.args[1], IMP)})"
            level = precedence(node)
            return f" {_LEAN_CONN[node.op]} ".join(self.wrap(x, level + 1) for x in node.args)
        raise TypeError(f"not a formula: {type(node).__name__}")


def to_lean(claim: Claim | Node) -> str:
    """A Lean 4 proposition in Mathlib notation with the claim's exact meaning.

    Needs ``import Mathlib`` and ``open Matrix`` (for ``ᵀ``) in the surrounding file.
    """
    r = _Lean()
    if not isinstance(claim, Claim):
        return r.formula(claim) if isinstance(claim, (Rel, Conn, Not, Pred, BoolLit)) else r.term(claim)
    conditions = definedness(claim)
    inner = claim.binders[-1].quantifier if claim.binders else "forall"
    hyps = [r.wrap(c, IMP + 1) for c in conditions if inner == "forall"]
    hyps += [r.wrap(a, IMP + 1) for a in claim.assumptions]
    body = r.wrap(claim.body, IMP)
    if inner == "exists" and conditions:
        defined = " ∧ ".join(r.wrap(c, AND + 1) for c in conditions)
        core = " → ".join(hyps + [body])
        body_text = f"{defined} ∧ ({core})" if hyps else f"{defined} ∧ {r.wrap(claim.body, AND + 1)}"
    else:
        body_text = " → ".join(hyps + [body])
    prefix = "".join(_lean_binder(b) for b in claim.binders)
    return prefix + body_text


def _lean_binder(b: Binder) -> str:
    q = "∀" if b.quantifier == "forall" else "∃"
    return f"{q} {' '.join(b.names)} : {lean_sort(b.sort)}, "
