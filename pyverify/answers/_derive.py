"""The rules that derive candidate answers from one reference answer of the catalog (issue 12, point 2).

From every reference, fixed rules derive candidates:

* D1, equal rewrites (``\\frac{2}{4}`` for ``\\frac12``, ``2\\sqrt2`` for ``\\sqrt8``, reordered sets, expanded
  polynomials, an interval split in two, ``0.5`` for ``\\frac12``, ...);
* D2, mechanical mutants (a constant +-1, a sign flip, an exponent +-1, a bracket flipped, a member dropped);
* D3, plausible wrong answers (the wrong +- branch, a wrong denominator, an off-by-one factorial, a decimal
  equal only to 10 places, the inequality reversed, ...).

:func:`d1`, :func:`d2` and :func:`d3` give (rule, LaTeX) for one parsed reference, in a fixed order; a rule only
proposes, and the direction a candidate is kept under is decided by certifying it, in
:mod:`pyverify.answers._build`, which also reads the catalog and writes the artifact. The seam is the one between
deriving text from a term and the benchmark's input and output: the rules are pure functions of the reference.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from pyverify.answers._answer import Answer
from pyverify.answers._values import (
    _n,
    _truncated,
    decimal_text,
    frac_text,
    numeric_value,
    poly_terms,
    poly_text,
    polynomial,
    rational_value,
)
from pyverify.logic._ast import Call, Node, Num, Op, Var, walk

Candidate = tuple[str, str, str]  # (direction, rule, LaTeX)


def _t(node: Node) -> str:
    from pyverify.answers._render import render_term

    return render_term(node)


def _replace_at(node: Node, target: int, make: Callable[[Node], Node | None]) -> Node | None:
    """``node`` with its ``target``-th subterm (in pre-order) replaced by ``make(subterm)``."""
    counter = [0]

    def go(n: Node) -> Node | None:
        k = counter[0]
        counter[0] += 1
        if k == target:
            return make(n)
        if isinstance(n, Op):
            args = []
            for a in n.args:
                new = go(a)
                if new is None:
                    return None
                args.append(new)
            return Op(n.op, tuple(args))
        if isinstance(n, Call):
            cargs = []
            for a in n.args:
                new = go(a)
                if new is None:
                    return None
                cargs.append(new)
            return Call(n.func, tuple(cargs))
        return n

    return go(node)


def _preorder(node: Node) -> list[Node]:
    out: list[Node] = []

    def go(n: Node) -> None:
        out.append(n)
        if isinstance(n, (Op, Call)):
            for a in n.args:
                go(a)

    go(node)
    return out


def _rewrite_each(node: Node, match: Callable[[Node], Node | None], limit: int = 2) -> list[Node]:
    """Terms with one matching subterm rewritten, for the first ``limit`` matches."""
    out = []
    for k, sub in enumerate(_preorder(node)):
        if match(sub) is not None:
            new = _replace_at(node, k, match)
            if new is not None:
                out.append(new)
            if len(out) >= limit:
                break
    return out


def _square_part(n: int) -> tuple[int, int]:
    """n = k^2 * m with m square-free: (k, m)."""
    k, m, f = 1, n, 2
    while f * f <= m:
        while m % (f * f) == 0:
            m //= f * f
            k *= f
        f += 1
    return k, m


def _is_int(node: Node) -> int | None:
    if isinstance(node, Num) and node.value.denominator == 1:
        return int(node.value)
    return None


# D1 -----------------------------------------------------------------


def _sqrt_extract(n: Node) -> Node | None:
    if isinstance(n, Call) and n.func == "sqrt" and (v := _is_int(n.args[0])) is not None and v > 0:
        k, m = _square_part(v)
        if k > 1:
            return _n(k) if m == 1 else Op("*", (_n(k), Call("sqrt", (_n(m),))))
    return None


def _sqrt_absorb(n: Node) -> Node | None:
    if isinstance(n, Op) and n.op == "*" and (a := _is_int(n.args[0])) is not None and a > 0:
        s = n.args[1]
        if isinstance(s, Call) and s.func == "sqrt" and (b := _is_int(s.args[0])) is not None:
            return Call("sqrt", (_n(a * a * b),))
    return None


def _rationalise(n: Node) -> Node | None:
    if isinstance(n, Op) and n.op == "/" and isinstance(n.args[0], Call) and n.args[0].func == "sqrt":
        b = n.args[0].args[0]
        return Op("/", (b, Op("*", (n.args[1], n.args[0]))))
    return None


def _log_change(n: Node) -> Node | None:
    if isinstance(n, Call) and n.func == "logb":
        return Op("/", (Call("ln", (n.args[1],)), Call("ln", (n.args[0],))))
    return None


def _binom_symmetry(n: Node) -> Node | None:
    if isinstance(n, Call) and n.func == "binomial":
        return Call("binomial", (n.args[0], Op("-", n.args)))
    return None


def _factorial_step(n: Node) -> Node | None:
    if isinstance(n, Call) and n.func == "factorial" and (v := _is_int(n.args[0])) is not None and v >= 2:
        return Op("*", (_n(v), Call("factorial", (_n(v - 1),))))
    return None


def _square_as_product(n: Node) -> Node | None:
    if isinstance(n, Op) and n.op == "^" and _is_int(n.args[1]) == 2:
        return Op("*", (n.args[0], n.args[0]))
    return None


def _trig_cofunction(n: Node) -> Node | None:
    co = {"sin": "cos", "cos": "sin", "tan": "cot", "cot": "tan"}
    if isinstance(n, Call) and n.func in co:
        return Call(co[n.func], (Op("-", (Op("/", (Call("pi", ()), _n(2))), n.args[0])),))
    return None


_STRUCTURAL_D1 = (("sqrt-extract", _sqrt_extract), ("sqrt-absorb", _sqrt_absorb), ("rationalise", _rationalise),
                  ("log-change-of-base", _log_change), ("binomial-symmetry", _binom_symmetry),
                  ("factorial-step", _factorial_step), ("square-as-product", _square_as_product),
                  ("trig-cofunction", _trig_cofunction))  # fmt: skip


def term_rewrites(node: Node) -> list[tuple[str, str]]:
    """Equal rewrites of one term: (rule, LaTeX)."""
    out: list[tuple[str, str]] = []
    value = rational_value(node)
    if value is not None:
        dec = decimal_text(value)
        if value.denominator != 1:
            out.append(("fraction-unreduced", _unreduced(value)))
            if dec is not None:
                out.append(("decimal", dec))
            out.append(("fraction-reduced", frac_text(value)))
        else:
            out.append(("integer-value", str(value.numerator)))
            out.append(("fraction-over-one", _unreduced(value)))
    for rule, match in _STRUCTURAL_D1:
        for new in _rewrite_each(node, match, 1):
            out.append((rule, _t(new)))
    p = polynomial(node) if value is None else None
    if p is not None and any(m for m in p):
        terms = poly_terms(p)
        out.append(("expanded", poly_text(terms)))
        if len(terms) > 1:
            out.append(("expanded-reversed", poly_text(terms[::-1])))
    if value is None and p is None:
        out.append(("scaled-by-2-over-2", f"\\frac{{2 \\cdot {_t(node)}}}{{2}}"))
    out.append(("parenthesised", _t(node)))
    return out


def _unreduced(value: Fraction) -> str:
    sign = "-" if value < 0 else ""
    v = abs(value)
    return f"{sign}\\frac{{{2 * v.numerator}}}{{{2 * v.denominator}}}"


def _first_rewrite(node: Node) -> str:
    if _infinite(node):
        return _t(node)
    rewrites = [t for r, t in term_rewrites(node) if r != "parenthesised"]
    return rewrites[0] if rewrites else _t(node)


def d1(answer: Answer) -> list[tuple[str, str]]:
    from pyverify.answers._render import render

    k = answer.kind
    out: list[tuple[str, str]] = []
    if k in ("number", "expression"):
        node = answer.terms[0]
        if any(isinstance(n, Op) and n.op == "pm" for n in walk(node)):
            from pyverify.answers._equiv import expand_pm

            values = [_t(v) for v in expand_pm(node)]
            out.append(("pm-as-list", ", ".join(values)))
            out.append(("pm-as-set", "\\{" + ", ".join(values[::-1]) + "\\}"))
        out.extend(term_rewrites(node))
    elif k == "equation":
        lhs, rhs = answer.terms
        out.append(("sides-swapped", f"{_t(rhs)} = {_t(lhs)}"))
        for rule, text in term_rewrites(rhs)[:3]:
            out.append((f"rhs-{rule}", f"{_t(lhs)} = {text}"))
        if not isinstance(lhs, Var) or lhs.name != "y":
            out.append(("moved-to-one-side", f"{_t(lhs)} - {_t(rhs)} = 0"))
    elif k == "interval":
        lo, hi = answer.terms
        left, right = ("[" if answer.closed[0] else "("), ("]" if answer.closed[1] else ")")
        out.append(("endpoints-rewritten", f"{left}{_first_rewrite(lo)}, {_first_rewrite(hi)}{right}"))
        a, b = rational_value(lo), rational_value(hi)
        if a is not None and b is not None and a < b:
            mid = frac_text((a + b) / 2)
            out.append(("split-at-midpoint", f"{left}{_t(lo)}, {mid}] \\cup ({mid}, {_t(hi)}{right}"))
        out.append(("membership", f"x \\in {render(answer)}"))
    elif k == "union":
        out.append(("pieces-reversed", " \\cup ".join(render(i) for i in answer.items[::-1])))
        out.append(("rendered", render(answer)))
    elif k in ("set", "list"):
        items = [render(i) for i in answer.items]
        if len(items) > 1:
            out.append(("reversed", _members(k, items[::-1])))
            out.append(("rotated", _members(k, items[1:] + items[:1])))
        if items:
            first = answer.items[0]
            if first.kind in ("number", "expression"):
                out.append(("member-rewritten", _members(k, [_first_rewrite(first.terms[0])] + items[1:])))
            out.append(("as-set" if k == "list" else "duplicate-member", "\\{" + ", ".join(items + items[:1]) + "\\}"))
    elif k == "tuple":
        items = [render(i) for i in answer.items]
        for j, item in enumerate(answer.items[:2]):
            if item.kind in ("number", "expression"):
                new = items[:j] + [_first_rewrite(item.terms[0])] + items[j + 1:]
                out.append((f"entry-{j + 1}-rewritten", "(" + ", ".join(new) + ")"))
    elif k == "matrix":
        out.append(("bmatrix", render(answer).replace("pmatrix", "bmatrix")))
        rows = [[_t(e) for e in row] for row in answer.rows]
        rows[0][0] = _first_rewrite(answer.rows[0][0])
        out.append(("entry-rewritten", _matrix(rows)))
    return out


def _members(kind: str, items: list[str]) -> str:
    return "\\{" + ", ".join(items) + "\\}" if kind == "set" else ", ".join(items)


def _matrix(rows: list[list[str]]) -> str:
    return "\\begin{pmatrix}" + " \\\\ ".join(" & ".join(r) for r in rows) + "\\end{pmatrix}"


# D2 -----------------------------------------------------------------


def _shift(delta: int) -> Callable[[Node], Node | None]:
    def make(n: Node) -> Node | None:
        return _n(n.value + delta) if isinstance(n, Num) else None

    return make


def _exponent_plus_one(n: Node) -> Node | None:
    if not isinstance(n, Op) or n.op != "^":
        return None
    e = rational_value(n.args[1])
    return Op("^", (n.args[0], _n(e + 1) if e is not None else Op("+", (n.args[1], _n(1)))))


def _flip_operator(n: Node) -> Node | None:
    if not isinstance(n, Op) or n.op not in ("+", "-"):
        return None
    return Op({"+": "-", "-": "+"}[n.op], n.args)


def term_mutants(node: Node) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    nums = [k for k, n in enumerate(_preorder(node)) if isinstance(n, Num)]
    for k in nums[:2]:
        for delta, rule in ((1, "constant+1"), (-1, "constant-1")):
            new = _replace_at(node, k, _shift(delta))
            if new is not None:
                out.append((rule, _t(new)))
    if rational_value(node) == 0:
        pass  # -0 is 0: no sign flip
    elif isinstance(node, Op) and node.op == "neg":
        out.append(("sign-flip", _t(node.args[0])))
    else:
        out.append(("sign-flip", _t(Op("neg", (node,)))))
    for k, n in enumerate(_preorder(node)):
        if isinstance(n, Op) and n.op == "^":
            new = _replace_at(node, k, _exponent_plus_one)
            if new is not None:
                out.append(("exponent+1", _t(new)))
            break
    for k, n in enumerate(_preorder(node)):
        if isinstance(n, Op) and n.op in ("+", "-"):
            new = _replace_at(node, k, _flip_operator)
            if new is not None:
                out.append(("operator-flip", _t(new)))
            break
    # order: one of each rule first, then the rest
    return sorted(out, key=lambda rt: (rt[0] in ("constant-1",), out.index(rt)))


def d2(answer: Answer) -> list[tuple[str, str]]:
    from pyverify.answers._render import render

    k = answer.kind
    out: list[tuple[str, str]] = []
    if k in ("number", "expression"):
        out.extend(term_mutants(answer.terms[0]))
    elif k == "equation":
        lhs, rhs = answer.terms
        out.extend((f"rhs-{r}", f"{_t(lhs)} = {t}") for r, t in term_mutants(rhs))
    elif k == "interval":
        lo, hi = answer.terms
        finite = [not _infinite(t) for t in (lo, hi)]
        for side in (0, 1):
            if finite[side]:
                closed = list(answer.closed)
                closed[side] = not closed[side]
                out.append((f"bracket-{'left' if side == 0 else 'right'}-flipped", render(replace(answer, closed=tuple(closed)))))  # type: ignore[arg-type]
        for side in (0, 1):
            if finite[side]:
                terms = list(answer.terms)
                value = rational_value(terms[side])
                other = rational_value(terms[1 - side]) if finite[1 - side] else None
                # the lower end moved up past the upper end writes no interval ((4, 4] from (3, 4]): move it down
                step = -1 if side == 0 and value is not None and other is not None and value + 1 >= other else 1
                terms[side] = _n(value + step) if value is not None else Op("+", (terms[side], _n(step)))
                out.append((f"endpoint-{side + 1}{step:+d}", render(replace(answer, terms=tuple(terms)))))
    elif k == "union":
        first = answer.items[0]
        if not _infinite(first.terms[1]):
            flipped = replace(first, closed=(first.closed[0], not first.closed[1]))
            out.append(("bracket-flipped", render(replace(answer, items=(flipped, *answer.items[1:])))))
        out.append(("piece-dropped", render(answer.items[0])))
    elif k in ("set", "list"):
        items = [render(i) for i in answer.items]
        if len(items) > 1:
            out.append(("member-dropped", _members(k, items[:-1])))
        if answer.items and answer.items[0].kind in ("number", "expression"):
            for r, t in term_mutants(answer.items[0].terms[0])[:2]:
                out.append((f"member-{r}", _members(k, [t] + items[1:])))
        if not items:
            out.append(("member-added", "\\{0\\}"))
    elif k == "tuple":
        items = [render(i) for i in answer.items]
        out.append(("entries-swapped", "(" + ", ".join([items[1], items[0]] + items[2:]) + ")"))
        if answer.items[0].kind in ("number", "expression"):
            for r, t in term_mutants(answer.items[0].terms[0])[:2]:
                out.append((f"entry-{r}", "(" + ", ".join([t] + items[1:]) + ")"))
        out.append(("entry-dropped", "(" + ", ".join(items[:-1]) + ")" if len(items) > 2 else items[0]))
    elif k == "matrix":
        rows = [[_t(e) for e in row] for row in answer.rows]
        plus = [r[:] for r in rows]
        first_value = rational_value(answer.rows[0][0])
        plus[0][0] = _t(_n(first_value + 1) if first_value is not None else Op("+", (answer.rows[0][0], _n(1))))
        out.append(("entry+1", _matrix(plus)))
        neg = [r[:] for r in rows]
        neg[-1][-1] = _t(Op("neg", (answer.rows[-1][-1],)))
        out.append(("entry-sign-flip", _matrix(neg)))
        if len(rows) > 1:
            out.append(("row-dropped", _matrix(rows[:-1])))
    return out


def _infinite(node: Node) -> bool:
    return any(isinstance(n, Call) and n.func == "infinity" for n in walk(node))


# D3 -----------------------------------------------------------------


def _swap_trig(n: Node) -> Node | None:
    swap = {"sin": "cos", "cos": "sin", "tan": "cot", "cot": "tan"}
    return Call(swap[n.func], n.args) if isinstance(n, Call) and n.func in swap else None


def _log_inverted(n: Node) -> Node | None:
    return Call("logb", n.args[::-1]) if isinstance(n, Call) and n.func == "logb" else None


def _ln_as_log10(n: Node) -> Node | None:
    return Call("logb", (_n(10), n.args[0])) if isinstance(n, Call) and n.func == "ln" else None


def _factorial_off(n: Node) -> Node | None:
    if isinstance(n, Call) and n.func == "factorial" and (v := _is_int(n.args[0])) is not None and v >= 1:
        return Call("factorial", (_n(v - 1),))
    return None


def _binom_as_permutations(n: Node) -> Node | None:
    if isinstance(n, Call) and n.func == "binomial":
        a, b = n.args
        return Op("/", (Call("factorial", (a,)), Call("factorial", (Op("-", (a, b)),))))
    return None


def _sqrt_forgot_square(n: Node) -> Node | None:
    if isinstance(n, Op) and n.op == "*" and (a := _is_int(n.args[0])) is not None and a > 1:
        s = n.args[1]
        if isinstance(s, Call) and s.func == "sqrt" and (b := _is_int(s.args[0])) is not None:
            return Call("sqrt", (_n(a * b),))
    return None


def _sqrt_wrong_denominator(n: Node) -> Node | None:
    if isinstance(n, Op) and n.op == "/" and isinstance(n.args[0], Call) and n.args[0].func == "sqrt":
        b, d = _is_int(n.args[0].args[0]), _is_int(n.args[1])
        if b is not None and d is not None:
            return Op("/", (n.args[0], _n(b if d != b else (2 if b != 2 else 4))))
    return None


def _power_swapped(n: Node) -> Node | None:
    if isinstance(n, Op) and n.op == "^" and _is_int(n.args[0]) is not None and (e := _is_int(n.args[1])) is not None:
        return Op("^", (n.args[1], n.args[0])) if e > 0 and n.args[0] != n.args[1] else Op("*", n.args)
    return None


def _freshman(n: Node) -> Node | None:
    if isinstance(n, Op) and n.op == "^" and isinstance(n.args[0], Op) and n.args[0].op in ("+", "-"):
        a, b = n.args[0].args
        return Op(n.args[0].op, (Op("^", (a, n.args[1])), Op("^", (b, n.args[1]))))
    return None


_STRUCTURAL_D3 = (("sqrt-wrong-denominator", _sqrt_wrong_denominator), ("factorial-off-by-one", _factorial_off),
                  ("sin-cos-swapped", _swap_trig), ("log-inverted", _log_inverted), ("ln-as-log10", _ln_as_log10),
                  ("binomial-as-permutations", _binom_as_permutations), ("sqrt-coefficient-not-squared", _sqrt_forgot_square),
                  ("power-swapped", _power_swapped), ("freshmans-dream", _freshman))  # fmt: skip


def term_slips(node: Node, percent: bool = False) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for rule, match in _STRUCTURAL_D3:
        for new in _rewrite_each(node, match, 1):
            out.append((rule, _t(new)))
    value = rational_value(node)
    if percent and value is not None:
        out.append(("percent-not-divided", _decimal_or_frac(value * 100)))
    if value is not None:
        if value.denominator != 1 and value.numerator not in (0, 1, -1):
            out.append(("reciprocal", frac_text(1 / value)))
        if decimal_text(value) is None:
            out.append(("decimal-to-10-places", _truncated(_mp(value), 10)))
        else:
            out.append(("near-value-1e-12", decimal_text(value + Fraction(1, 10**12)) or ""))
    elif not any(isinstance(n, Var) for n in walk(node)):
        approx = numeric_value(node)
        if approx is not None:
            out.append(("decimal-to-10-places", _truncated(approx, 10)))
            out.append(("near-value-15-digits", _truncated(approx, 15)))
    p = polynomial(node) if value is None else None
    if p is not None:
        terms = poly_terms(p)
        if len(terms) >= 3:
            out.append(("cross-term-dropped", poly_text(terms[:1] + terms[2:])))
        if len(terms) >= 2:
            last = terms[-1]
            out.append(("last-sign-slip", poly_text(terms[:-1] + [(last[0], -last[1])])))
        out.append(("expanded-doubled-leading", poly_text([(terms[0][0], 2 * terms[0][1])] + terms[1:])))
    return [(r, t) for r, t in out if t]


def _mp(value: Fraction) -> Any:
    import mpmath

    with mpmath.workdps(60):
        return mpmath.mpf(value.numerator) / value.denominator


def _decimal_or_frac(value: Fraction) -> str:
    return decimal_text(value) or frac_text(value)


def d3(answer: Answer) -> list[tuple[str, str]]:
    from pyverify.answers._render import render

    k = answer.kind
    out: list[tuple[str, str]] = []
    if k in ("number", "expression"):
        node = answer.terms[0]
        pms = [n for n in walk(node) if isinstance(n, Op) and n.op == "pm"]
        if pms:
            from pyverify.answers._equiv import expand_pm

            values = expand_pm(node)
            out.append(("one-pm-branch", _t(values[0])))
            out.append(("other-pm-branch-only", _t(values[-1])))
            out.append(("pm-as-sum", _t(_replace_pm(node))))
        out.extend(term_slips(node, percent="%" in answer.text))
    elif k == "equation":
        lhs, rhs = answer.terms
        out.extend((f"rhs-{r}", f"{_t(lhs)} = {t}") for r, t in term_slips(rhs))
        if isinstance(lhs, Var) and not isinstance(rhs, Num):
            out.append(("sides-negated-one", f"{_t(lhs)} = {_t(Op('neg', (rhs,)))}"))
    elif k == "interval":
        lo, hi = answer.terms
        if _infinite(lo) and not _infinite(hi):
            out.append(("inequality-reversed", f"{'(' if answer.closed[1] else '['}{_t(hi)}, \\infty)"))
        elif _infinite(hi) and not _infinite(lo):
            out.append(("inequality-reversed", f"(-\\infty, {_t(lo)}{')' if answer.closed[0] else ']'}"))
        elif not _infinite(lo):
            l2, r2 = (")" if answer.closed[0] else "]"), ("(" if answer.closed[1] else "[")
            out.append(("complement-instead", f"(-\\infty, {_t(lo)}{l2} \\cup {r2}{_t(hi)}, \\infty)"))
        if not any(_infinite(t) for t in (lo, hi)):
            out.append(("both-brackets-flipped", render(replace(answer, closed=(not answer.closed[0], not answer.closed[1])))))
            for r, t in term_slips(hi)[:1]:
                out.append((f"right-endpoint-{r}", render(replace(answer, terms=(lo, _reparse(t) or hi)))))
    elif k == "union":
        first, last = answer.items[0], answer.items[-1]
        hull = Answer("interval", (first.terms[0], last.terms[1]), closed=(first.closed[0], last.closed[1]))
        out.append(("gap-ignored", render(hull)))
        gap = Answer("interval", (first.terms[1], last.terms[0]), closed=(not first.closed[1], not last.closed[0]))
        out.append(("gap-instead", render(gap)))
    elif k in ("set", "list"):
        items = [render(i) for i in answer.items]
        if len(items) > 1:
            out.append(("only-first-solution", items[0]))
        extra = [i for i in answer.items if i.kind == "number"]
        if extra:
            neg = _t(Op("neg", (extra[-1].terms[0],)))
            out.append(("extraneous-root", _members(k, items + [neg])))
        out.append(("zero-added", _members("set", items + ["0"])))
    elif k == "tuple":
        items = [render(i) for i in answer.items]
        if answer.items[-1].kind in ("number", "expression"):
            neg = _t(Op("neg", (answer.items[-1].terms[0],)))
            out.append(("last-coordinate-sign", "(" + ", ".join(items[:-1] + [neg]) + ")"))
    elif k == "matrix":
        rows = [[_t(e) for e in row] for row in answer.rows]
        if len(rows) > 1 or len(rows[0]) > 1:
            cols = [[rows[i][j] for i in range(len(rows))] for j in range(len(rows[0]))]
            out.append(("transposed", _matrix(cols)))
        if len(rows) == 2 and len(rows[0]) == 2:
            (a, b), (c, d) = answer.rows
            adj = [[_t(d), _t(Op("neg", (b,)))], [_t(Op("neg", (c,))), _t(a)]]
            out.append(("adjugate-not-divided", _matrix(adj)))
    return out


def _replace_pm(node: Node) -> Node:
    if isinstance(node, Op):
        return Op("+" if node.op == "pm" else node.op, tuple(_replace_pm(a) for a in node.args))
    if isinstance(node, Call):
        return Call(node.func, tuple(_replace_pm(a) for a in node.args))
    return node


def _reparse(text: str) -> Node | None:
    from pyverify.answers._parse import parse_answer

    a = parse_answer(text)
    return a.terms[0] if a.kind in ("number", "expression") else None
