"""Rendering answers back to LaTeX, the inverse of parsing them.

:func:`render_term` and :func:`render` write a term or an :class:`Answer` as LaTeX that
:func:`pyverify.answers._parse.parse_answer` reads back to an equal answer (terms fully parenthesised, a rational
as a terminating decimal where it has one). They sit apart from the parser because they need only the answer and
term classes, never the clean-up, the reading rules or lark: the equivalence checker and the answer benchmark's
derivation rules render terms without reading any text.
"""

from __future__ import annotations

from fractions import Fraction

from pyverify.answers._answer import Answer
from pyverify.logic._ast import Call, Node, Num, Op, SumOf, Var


def render_term(node: Node) -> str:
    """LaTeX of a term, fully parenthesised, that :func:`parse_answer` reads back to the same term."""
    if isinstance(node, Num):
        return _decimal(node.value)
    if isinstance(node, Var) and node.name.endswith("'"):
        base = node.name.rstrip("'")
        return render_term(Var(base, node.sort)) + "'" * (len(node.name) - len(base))  # f''
    if isinstance(node, Var):
        if "_" in node.name:
            letter, index = node.name.split("_", 1)
            return f"{letter if len(letter) == 1 else chr(92) + letter}_{{{index}}}"  # \omega_{d}
        return node.name if len(node.name) == 1 else "\\" + node.name
    if isinstance(node, Op):
        a = [render_term(x) for x in node.args]
        if node.op == "neg":
            return f"(-{a[0]})"
        if node.op == "/":
            return f"\\frac{{{a[0]}}}{{{a[1]}}}"
        if node.op == "^":
            return f"{{({a[0]})}}^{{{a[1]}}}"
        symbol = {"+": " + ", "-": " - ", "*": " \\cdot ", "pm": " \\pm "}[node.op]
        return "(" + symbol.join(a) + ")"
    if isinstance(node, Call):
        a = [render_term(x) for x in node.args]
        if node.func in ("pi", "infinity"):
            return {"pi": "\\pi", "infinity": "\\infty"}[node.func]
        if node.func == "e":
            return "e"
        if node.func == "sqrt":
            return f"\\sqrt{{{a[0]}}}"
        if node.func == "root":
            return f"\\sqrt[{a[0]}]{{{a[1]}}}"
        if node.func == "binomial":
            return f"\\binom{{{a[0]}}}{{{a[1]}}}"
        if node.func == "factorial":
            return f"({a[0]})!"
        if node.func == "logb":
            return f"\\log_{{{a[0]}}}({a[1]})"
        if node.func == "abs":
            return f"|{a[0]}|"
        if node.func.startswith("index:"):
            name = node.func[len("index:") :]
            return f"{name if len(name) == 1 else chr(92) + name}_{{{a[0]}}}"
        if node.func in ("floor", "ceil"):
            return f"\\l{node.func} {a[0]} \\r{node.func}"
        return f"\\{node.func}({a[0]})"
    if isinstance(node, SumOf):
        return f"\\sum_{{{node.var}={render_term(node.lo)}}}^{{{render_term(node.hi)}}} ({render_term(node.body)})"
    raise TypeError(f"cannot render {type(node).__name__}")


def render(answer: Answer) -> str:
    """LaTeX of an answer that :func:`parse_answer` reads back to an equal answer."""
    k = answer.kind
    if k in ("number", "expression"):
        return render_term(answer.terms[0])
    if k == "equation":
        return f"{render_term(answer.terms[0])} = {render_term(answer.terms[1])}"
    if k == "interval":
        left, right = ("[" if answer.closed[0] else "("), ("]" if answer.closed[1] else ")")
        return f"{left}{render_term(answer.terms[0])}, {render_term(answer.terms[1])}{right}"
    if k == "union":
        return " \\cup ".join(render(i) for i in answer.items)
    if k == "set":
        return "\\{" + ", ".join(render(i) for i in answer.items) + "\\}" if answer.items else "\\emptyset"
    if k == "tuple":
        return "(" + ", ".join(render(i) for i in answer.items) + ")"
    if k == "list":
        return ", ".join(render(i) for i in answer.items)
    if k == "matrix":
        body = " \\\\ ".join(" & ".join(render_term(e) for e in row) for row in answer.rows)
        return f"\\begin{{pmatrix}}{body}\\end{{pmatrix}}"
    if k == "text":
        return f"\\text{{{answer.value}}}"
    if k == "choice":
        return f"\\text{{({answer.value})}}"
    if k == "base":
        digits, base = answer.value.split("_")
        return f"{digits}_{{{base}}}"
    if k == "congruence":
        *residues, modulus = (render_term(t) for t in answer.terms)
        if not answer.value and all(isinstance(t, Num) and t.value.denominator == 1 for t in answer.terms):
            return " \\text{ or } ".join(f"{r} \\pmod{{{modulus}}}" for r in residues)
        unit = " \\pi" if answer.value == "π" else ""  # a lattice of multiples of π
        values = ", ".join(f"({r} + {modulus} k){unit}" for r in residues)
        return f"\\{{{values} \\mid k \\in \\mathbb{{Z}}\\}}"
    if k == "approx":
        return f"\\approx {render_term(answer.terms[0])}"
    if k == "relation":
        symbols = {"<": "<", "<=": "\\le", ">": ">", ">=": "\\ge", "!=": "\\ne"}
        out = render_term(answer.terms[0])
        for op, term in zip(answer.value.split(), answer.terms[1:]):
            out += f" {symbols.get(op, op)} {render_term(term)}"
        return out
    raise ValueError(f"an {k} answer has no rendering ({answer.reason})")


def _decimal(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    digits = 0
    scaled = value
    while scaled.denominator != 1 and digits < 64:
        scaled *= 10
        digits += 1
    if scaled.denominator != 1:
        return f"\\frac{{{value.numerator}}}{{{value.denominator}}}"
    whole = str(abs(scaled.numerator)).rjust(digits + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{whole[:-digits]}.{whole[-digits:]}"
