"""Building certified answer pairs from the reference catalog ``formal/answers/*.toml`` (issue 12, point 2).

Each ``[[answer]]`` entry has an ``id``, a ``reference`` (LaTeX) and optionally hand-written
``equivalent = [...]`` and ``wrong = [...]``. From every reference, fixed rules derive candidates:

* D1, equal rewrites (``\\frac{2}{4}`` for ``\\frac12``, ``2\\sqrt2`` for ``\\sqrt8``, reordered sets, expanded
  polynomials, an interval split in two, ``0.5`` for ``\\frac12``, ...);
* D2, mechanical mutants (a constant +-1, a sign flip, an exponent +-1, a bracket flipped, a member dropped);
* D3, plausible wrong answers (the wrong +- branch, a wrong denominator, an off-by-one factorial, a decimal
  equal only to 10 places, the inequality reversed, ...).

Every candidate is decided by :func:`pyverify.answers.equivalent_answers`: ``equal`` makes a D1 row whatever
rule produced it, ``different`` keeps the rule's direction (D2 or D3; a D1 rewrite that turns out different is
a rule bug and is counted in ``rewrite_errors``, never kept), ``unknown`` is discarded (counted in
``discarded`` only). The output (``pairs.jsonl``, ``manifest.json``) depends only on the input files.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import tomllib

from pyverify.answers._answer import Answer
from pyverify.logic._ast import Call, Node, Num, Op, Var, walk

DEFAULT_CATALOG = Path("formal/answers")
DEFAULT_OUT = DEFAULT_CATALOG / "generated"
DEFAULT_TIMEOUT = 3.0
#: At most this many derived candidates per reference and direction (hand-written ones come on top).
MAX_PER_DIRECTION = {"D1": 5, "D2": 4, "D3": 4}


class CatalogError(ValueError):
    """A catalog file or entry that cannot be used; the message names the file and the entry id."""


@dataclass(frozen=True)
class Entry:
    file: str
    entry_id: str
    reference: str
    equivalent: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()


# ---------------------------------------------------------------- catalog


def catalog_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.glob("*.toml") if p.is_file())


def load_catalog(directory: Path) -> list[Entry]:
    """All entries of ``directory/*.toml`` (sorted by file name); a bad file or entry raises CatalogError."""
    from pyverify.answers._parse import parse_answer

    files = catalog_files(directory)
    if not files:
        raise CatalogError(f"{directory}: no *.toml files")
    entries: list[Entry] = []
    seen: dict[str, str] = {}
    for path in files:
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise CatalogError(f"{path}: cannot read: {exc}") from exc
        rows = data.get("answer")
        if not isinstance(rows, list) or not rows:
            raise CatalogError(f"{path}: no [[answer]] entries")
        for k, row in enumerate(rows):
            where = f"{path}: entry {k + 1}"
            if not isinstance(row, dict):
                raise CatalogError(f"{where}: not a table")
            entry_id = row.get("id")
            if not isinstance(entry_id, str) or not entry_id.strip():
                raise CatalogError(f"{where}: missing or empty 'id'")
            where = f"{path}: id {entry_id!r}"
            if entry_id in seen:
                raise CatalogError(f"{where}: duplicate id (also in {seen[entry_id]})")
            seen[entry_id] = str(path)
            unknown_keys = sorted(set(row) - {"id", "reference", "equivalent", "wrong"})
            if unknown_keys:
                raise CatalogError(f"{where}: unknown keys {unknown_keys}")
            reference = row.get("reference")
            if not isinstance(reference, str) or not reference.strip():
                raise CatalogError(f"{where}: missing or empty 'reference'")
            parsed = parse_answer(reference)
            if parsed.kind == "unparsed":
                raise CatalogError(f"{where}: reference {reference!r} does not parse: {parsed.reason}")
            lists: dict[str, tuple[str, ...]] = {}
            for key in ("equivalent", "wrong"):
                value = row.get(key, [])
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise CatalogError(f"{where}: '{key}' must be a list of strings")
                lists[key] = tuple(value)
            entries.append(Entry(path.name, entry_id, reference, lists["equivalent"], lists["wrong"]))
    return entries


# ---------------------------------------------------------------- exact helpers


def _n(value: int | Fraction) -> Node:
    """A rational constant; a negative one as ``neg`` of its absolute value (so that it renders)."""
    v = Fraction(value)
    return Op("neg", (Num(-v),)) if v < 0 else Num(v)


def rational_value(node: Node) -> Fraction | None:
    """The exact value of a term built from rationals with + - * / neg, integer powers, ! and binomials."""
    try:
        return _rat(node)
    except (ZeroDivisionError, ValueError, OverflowError):
        return None


def _rat(node: Node) -> Fraction | None:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Op):
        args = [_rat(a) for a in node.args]
        if any(a is None for a in args):
            return None
        vals: list[Fraction] = args  # type: ignore[assignment]
        if node.op == "+":
            return vals[0] + vals[1]
        if node.op == "-":
            return vals[0] - vals[1]
        if node.op == "*":
            return vals[0] * vals[1]
        if node.op == "/":
            return vals[0] / vals[1]
        if node.op == "neg":
            return -vals[0]
        if node.op == "^" and vals[1].denominator == 1 and abs(vals[1]) <= 256:
            return vals[0] ** int(vals[1])
        return None
    if isinstance(node, Call) and node.func in ("factorial", "binomial"):
        args = [_rat(a) for a in node.args]
        if any(a is None or a.denominator != 1 or a < 0 or a > 200 for a in args):
            return None
        ints = [int(a) for a in args if a is not None]
        return Fraction(math.factorial(ints[0]) if node.func == "factorial" else math.comb(ints[0], ints[1]))
    return None


def decimal_text(value: Fraction) -> str | None:
    """A terminating decimal for ``value`` (at most 12 digits after the point), else None."""
    from pyverify.answers._parse import _decimal

    text = _decimal(value)
    if "frac" in text or ("." in text and len(text.split(".")[1]) > 12):
        return None
    return text


def frac_text(value: Fraction) -> str:
    sign = "-" if value < 0 else ""
    v = abs(value)
    return f"{sign}\\frac{{{v.numerator}}}{{{v.denominator}}}" if v.denominator != 1 else f"{sign}{v.numerator}"


def numeric_value(node: Node, digits: int = 40) -> Any:
    """An mpmath approximation of a constant term (for the near-value rules only; never a verdict), or None."""
    import mpmath

    mp = mpmath.mp.clone() if hasattr(mpmath.mp, "clone") else mpmath.mp
    funcs: dict[str, Callable[..., Any]] = {
        "sqrt": mpmath.sqrt, "sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan, "cot": mpmath.cot,
        "sec": mpmath.sec, "csc": mpmath.csc, "arcsin": mpmath.asin, "arccos": mpmath.acos, "arctan": mpmath.atan,
        "ln": mpmath.log, "exp": mpmath.exp, "factorial": mpmath.factorial, "binomial": mpmath.binomial,
        "root": lambda n, x: mpmath.root(x, int(n)), "logb": lambda b, x: mpmath.log(x) / mpmath.log(b),
    }  # fmt: skip

    def go(n: Node) -> Any:
        if isinstance(n, Num):
            return mpmath.mpf(n.value.numerator) / n.value.denominator
        if isinstance(n, Op):
            a = [go(x) for x in n.args]
            ops: dict[str, Callable[..., Any]] = {"+": lambda x, y: x + y, "-": lambda x, y: x - y,
                                                  "*": lambda x, y: x * y, "/": lambda x, y: x / y,
                                                  "^": lambda x, y: x**y, "neg": lambda x: -x}  # fmt: skip
            if n.op not in ops:
                raise ValueError(n.op)
            return ops[n.op](*a)
        if isinstance(n, Call):
            if n.func == "pi":
                return mpmath.pi
            if n.func == "e":
                return mpmath.e
            if n.func in funcs:
                return funcs[n.func](*[go(x) for x in n.args])
        raise ValueError(type(n).__name__)

    old = mp.dps
    try:
        mpmath.mp.dps = digits
        value = go(node)
        if not isinstance(value, mpmath.mpf) or not mpmath.isfinite(value):
            return None
        return value
    except (ValueError, ZeroDivisionError, TypeError, OverflowError):
        return None
    finally:
        mpmath.mp.dps = old


def _truncated(value: Any, places: int) -> str:
    """``value`` cut (not rounded) after ``places`` decimals."""
    import mpmath

    with mpmath.workdps(60):
        scaled = int(mpmath.floor(abs(value) * mpmath.mpf(10) ** places))
    sign = "-" if value < 0 else ""
    text = str(scaled).rjust(places + 1, "0")
    return f"{sign}{text[:-places]}.{text[-places:]}"


# ---------------------------------------------------------------- polynomials (exact, rational coefficients)

Poly = dict[tuple[tuple[str, int], ...], Fraction]


def polynomial(node: Node) -> Poly | None:
    """The expansion of a polynomial term (variables, rationals, + - * neg, / by a constant, ^ by a small
    natural number), monomials keyed by sorted (variable, exponent) pairs; None for anything else."""
    try:
        return _poly(node)
    except (ZeroDivisionError, ValueError):
        return None


def _mono_mul(a: tuple[tuple[str, int], ...], b: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    exps = Counter(dict(a))
    for name, e in b:
        exps[name] += e
    return tuple(sorted(exps.items()))


def _pmul(p: Poly, q: Poly) -> Poly:
    out: Poly = {}
    for ma, ca in p.items():
        for mb, cb in q.items():
            m = _mono_mul(ma, mb)
            out[m] = out.get(m, Fraction(0)) + ca * cb
    return {m: c for m, c in out.items() if c}


def _padd(p: Poly, q: Poly, sign: int = 1) -> Poly:
    out = dict(p)
    for m, c in q.items():
        out[m] = out.get(m, Fraction(0)) + sign * c
    return {m: c for m, c in out.items() if c}


def _poly(node: Node) -> Poly | None:
    if isinstance(node, Num):
        return {(): node.value} if node.value else {}
    if isinstance(node, Var):
        return {((node.name, 1),): Fraction(1)}
    if isinstance(node, Op):
        if node.op == "neg":
            p = _poly(node.args[0])
            return None if p is None else {m: -c for m, c in p.items()}
        if node.op == "^":
            base, exp = _poly(node.args[0]), rational_value(node.args[1])
            if base is None or exp is None or exp.denominator != 1 or not 0 <= exp <= 8:
                return None
            out: Poly = {(): Fraction(1)}
            for _ in range(int(exp)):
                out = _pmul(out, base)
            return out
        if node.op == "/":
            p, d = _poly(node.args[0]), rational_value(node.args[1])
            if p is None or not d:
                return None
            return {m: c / d for m, c in p.items()}
        a, b = _poly(node.args[0]), _poly(node.args[1])
        if a is None or b is None:
            return None
        if node.op == "+":
            return _padd(a, b)
        if node.op == "-":
            return _padd(a, b, -1)
        if node.op == "*":
            return _pmul(a, b)
    return None


def _degree(m: tuple[tuple[str, int], ...]) -> int:
    return sum(e for _, e in m)


def poly_terms(p: Poly) -> list[tuple[tuple[tuple[str, int], ...], Fraction]]:
    """Monomials by decreasing degree, then by name (a fixed order)."""
    return sorted(p.items(), key=lambda mc: (-_degree(mc[0]), mc[0]))


def poly_text(terms: list[tuple[tuple[tuple[str, int], ...], Fraction]]) -> str:
    """LaTeX of a sum of monomials in the order given, e.g. ``x^{2} + 2x + 1``."""
    if not terms:
        return "0"
    parts: list[str] = []
    for k, (m, c) in enumerate(terms):
        sign = "-" if c < 0 else "+"
        mag = abs(c)
        coef = "" if m and mag == 1 else frac_text(mag) if mag.denominator != 1 else str(mag.numerator)
        if m and coef.startswith("\\frac"):
            coef += " "
        body = coef + "".join(name if e == 1 else f"{name}^{{{e}}}" for name, e in m)
        if k == 0:
            parts.append(("-" if sign == "-" else "") + body)
        else:
            parts.append(f" {sign} {body}")
    return "".join(parts)


# ---------------------------------------------------------------- candidate rules

Candidate = tuple[str, str, str]  # (direction, rule, LaTeX)


def _t(node: Node) -> str:
    from pyverify.answers._parse import render_term

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
    from pyverify.answers._parse import render

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
    from pyverify.answers._parse import render

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
                terms[side] = _n(value + 1) if value is not None else Op("+", (terms[side], _n(1)))
                out.append((f"endpoint-{side + 1}+1", render(replace(answer, terms=tuple(terms)))))
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
    from pyverify.answers._parse import render

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


# ---------------------------------------------------------------- the build


def _normal(text: str) -> str:
    return "".join(text.split())


def candidates(entry: Entry, answer: Answer) -> list[Candidate]:
    """The candidates of one reference: hand-written first, then the rules' (D1, D3, D2; capped per direction),
    each text once."""
    out: list[Candidate] = []
    seen = {_normal(entry.reference)}

    def add(direction: str, rule: str, text: str) -> bool:
        key = _normal(text)
        if not key or key in seen:
            return False
        seen.add(key)
        out.append((direction, rule, text))
        return True

    for text in entry.equivalent:
        add("D1", "equivalent", text)
    for text in entry.wrong:
        add("D3", "wrong", text)
    # D3 before D2: a candidate both rules produce (\frac{\sqrt3}{3} for \frac{\sqrt3}{2}) counts as the slip
    for direction, rules in (("D1", d1), ("D3", d3), ("D2", d2)):
        try:
            derived = rules(answer)
        except (ValueError, TypeError, IndexError, ZeroDivisionError, RecursionError):
            derived = []
        count = 0
        for rule, text in derived:
            if count >= MAX_PER_DIRECTION[direction]:
                break
            count += add(direction, rule, text)
    return out


def _certificate(ref: Answer, text: str, timeout: float) -> dict[str, Any]:
    from pyverify.answers._equiv import equivalent_answers

    cert = equivalent_answers(ref, text, timeout=timeout)
    return {"status": cert.status, "method": cert.method, "witness": cert.witness, "policy": cert.policy,
            "reason": cert.reason}  # fmt: skip


def build(catalog: Path = DEFAULT_CATALOG, out: Path = DEFAULT_OUT, timeout: float = DEFAULT_TIMEOUT,
          progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:  # fmt: skip
    """Derive and certify the pairs of every reference in ``catalog``; write ``out/pairs.jsonl`` and
    ``out/manifest.json``; return the manifest."""
    from pyverify.answers._parse import parse_answer

    entries = load_catalog(catalog)
    rows: list[dict[str, Any]] = []
    discarded: Counter[str] = Counter()
    rewrite_errors: list[str] = []
    discarded_ids: list[str] = []
    references: Counter[str] = Counter()
    for n, entry in enumerate(entries):
        ref = parse_answer(entry.reference)
        references[ref.kind] += 1
        for direction, rule, text in candidates(entry, ref):
            pair_id = f"{entry.entry_id}/{rule}"
            if parse_answer(text).kind == "unparsed":
                discarded["unparsed"] += 1
                continue
            cert = _certificate(ref, text, timeout)
            status = cert.pop("status")
            reason = cert.pop("reason")
            if status in ("unknown", "undefined"):  # an undefined candidate has no witness: not a D3 pair
                discarded[direction] += 1
                discarded_ids.append(f"{pair_id}: {reason}")
                continue
            if status == "equal":
                final = "D1"
            elif direction == "D1":
                rewrite_errors.append(pair_id)  # a rule meant to be equal produced a different answer
                continue
            else:
                final = direction
            del reason
            rows.append({"id": pair_id, "reference": entry.reference, "candidate": text, "direction": final,
                         "kind": ref.kind, "file": entry.file, "rule": rule, "intended": direction,
                         "certificate": {"status": status, **cert}})  # fmt: skip
        if progress is not None:
            progress(n + 1, len(entries))
    rows.sort(key=lambda r: (r["file"], r["id"], r["direction"], r["candidate"]))
    _unique_ids(rows)
    by_direction = Counter(r["direction"] for r in rows)
    by_kind: dict[str, dict[str, int]] = {}
    for r in rows:
        by_kind.setdefault(r["kind"], {}).setdefault(r["direction"], 0)
        by_kind[r["kind"]][r["direction"]] += 1
    manifest = {
        "inputs": {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in catalog_files(catalog)},
        "references": {"total": len(entries), "by_kind": dict(sorted(references.items()))},
        "pairs": {"total": len(rows), "by_direction": {d: by_direction.get(d, 0) for d in ("D1", "D2", "D3")},
                  "by_kind": {k: dict(sorted(v.items())) for k, v in sorted(by_kind.items())}},
        "discarded": sum(discarded.values()),
        "discarded_by_intended_direction": dict(sorted(discarded.items())),
        "discarded_ids": sorted(discarded_ids),
        "rewrite_errors": sorted(rewrite_errors),
        "timeout_per_pair_s": timeout,
        "policy": "exact",
        "rules": "pyverify.answers._build (D1 d1(), D2 d2(), D3 d3(); hand-written equivalent/wrong first)",
    }  # fmt: skip
    out.mkdir(parents=True, exist_ok=True)
    with (out / "pairs.jsonl").open("w", encoding="utf-8", newline="\n") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False, sort_keys=True, default=str) + "\n")
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return manifest


def _unique_ids(rows: list[dict[str, Any]]) -> None:
    """Make ids unique (a rule may fire twice for one reference): a ``#2``, ``#3`` suffix in row order."""
    counts: Counter[str] = Counter()
    for r in rows:
        counts[r["id"]] += 1
        if counts[r["id"]] > 1:
            r["id"] = f"{r['id']}#{counts[r['id']]}"


def iter_pairs(path: Path) -> Iterator[dict[str, Any]]:
    """The rows of a built ``pairs.jsonl``."""
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)
