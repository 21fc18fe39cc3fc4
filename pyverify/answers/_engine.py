"""Worker-side arithmetic on answer terms: certified interval arithmetic (python-flint's arb) and
sympy's exact zero tests. Run only through :func:`pyverify.certify._worker.call_isolated`, so a hang
or a huge computation is killed at the deadline. flint and sympy are imported inside the functions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pyverify.logic._ast import Call, Node, Num, Op, Var, walk

#: Largest integer exponent or factorial argument that exact (sympy) arithmetic is allowed to expand.
MAX_EXACT_EXPONENT = 10_000
PRECISIONS = (64, 256, 1024, 4096)
TRANSCENDENTAL = {"pi", "e", "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "ln",
                  "exp", "logb"}  # fmt: skip


class NotANumber(Exception):
    """The term has no real value (a variable, infinity, a root of a negative, ...)."""



_RING = ("neg", "+", "-", "*")


def _ring(op: str, x: list[Any]) -> Any:
    """The ring operations, the same for exact fractions and for arb balls (``+`` and ``*`` n-ary)."""
    if op == "neg":
        return -x[0]
    if op == "-":
        return x[0] - x[1]
    total = x[0]
    for value in x[1:]:
        total = total + value if op == "+" else total * value
    return total

def rational(node: Node) -> Fraction | None:
    """The exact value of a term built from numerals with + - * / and small integer powers; else None."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Call) and node.func in ("factorial", "binomial"):
        import math

        values = [rational(a) for a in node.args]
        if any(v is None or v.denominator != 1 or not 0 <= v <= MAX_EXACT_EXPONENT for v in values):
            return None
        ints = [int(v) for v in values if v is not None]
        return Fraction(math.factorial(ints[0]) if node.func == "factorial" else math.comb(ints[0], ints[1]))
    if isinstance(node, Op):
        args = [rational(a) for a in node.args]
        if any(a is None for a in args):
            return None
        x = [a for a in args if a is not None]
        if node.op in _RING:
            return _ring(node.op, x)
        if node.op == "/":
            if x[1] == 0:
                raise NotANumber("division by zero")
            return x[0] / x[1]
        if node.op == "^" and x[1].denominator == 1 and abs(x[1]) <= MAX_EXACT_EXPONENT:
            if x[0] == 0 and x[1] < 0:
                raise NotANumber("division by zero")
            if (
                abs(x[0].numerator) > 1
                and abs(x[1]) * max(len(str(x[0].numerator)), len(str(x[0].denominator))) > 50_000
            ):
                return None
            return x[0] ** int(x[1])
    return None


def _arb(node: Node) -> Any:
    from flint import arb

    if isinstance(node, Num):
        return arb(node.value.numerator) / node.value.denominator
    if isinstance(node, Var):
        raise NotANumber(f"variable {node.name}")
    if isinstance(node, Op):
        if node.op == "^":
            exponent = rational(node.args[1])
            base = _arb(node.args[0])
            if exponent is not None and exponent.denominator == 1:
                n = int(exponent)
                if abs(n) <= 10**6:
                    return base**n
                if base < 0:
                    magnitude = _real_pow(-base, arb(n))
                    return magnitude if n % 2 == 0 else -magnitude
                return _real_pow(base, arb(n))
            return _real_pow(base, _arb(node.args[1]))
        x = [_arb(a) for a in node.args]
        if node.op in _RING:
            return _ring(node.op, x)
        if node.op == "/":
            if 0 in x[1]:
                raise NotANumber("division by a number not known to be nonzero")
            return x[0] / x[1]
        raise NotANumber(f"operation {node.op}")
    if isinstance(node, Call):
        return _arb_call(node)
    raise NotANumber(type(node).__name__)


def _real_pow(base: Any, exponent: Any) -> Any:
    if not base > 0:
        raise NotANumber("a non-integer power of a number not known to be positive")
    return (exponent * base.log()).exp()


def _integer_arg(node: Node, what: str) -> int:
    value = rational(node)
    if value is None or value.denominator != 1 or value < 0:
        raise NotANumber(f"{what} of a non-natural number")
    if value > MAX_EXACT_EXPONENT:
        raise NotANumber(f"{what} of a number above {MAX_EXACT_EXPONENT}")
    return int(value)


def _arb_call(node: Call) -> Any:
    import math

    from flint import arb

    f = node.func
    if f == "pi":
        return arb.pi()
    if f == "e":
        return arb(1).exp()
    if f == "factorial":
        return arb(math.factorial(_integer_arg(node.args[0], "factorial")))
    if f == "binomial":
        return arb(math.comb(_integer_arg(node.args[0], "binomial"), _integer_arg(node.args[1], "binomial")))
    if f == "root":
        n = _integer_arg(node.args[0], "root index")
        x = _arb(node.args[1])
        if n == 0:
            raise NotANumber("0th root")
        if x >= 0:
            return x ** (arb(1) / n) if x > 0 else arb(0)
        if x < 0 and n % 2 == 1:
            return -((-x) ** (arb(1) / n))
        raise NotANumber("root of a number not known to be nonnegative")
    x = [_arb(a) for a in node.args]
    if f == "sqrt":
        if x[0] > 0:
            return x[0].sqrt()
        raise NotANumber("square root of a number not known to be positive")
    if f in ("ln", "logb"):
        if not all(v > 0 for v in x):
            raise NotANumber("logarithm of a number not known to be positive")
        return x[0].log() if f == "ln" else x[1].log() / x[0].log()
    table = {"sin": lambda v: v.sin(), "cos": lambda v: v.cos(), "tan": lambda v: v.tan(),
             "cot": lambda v: v.cot(), "sec": lambda v: 1 / v.cos(), "csc": lambda v: 1 / v.sin(),
             "arcsin": lambda v: v.asin(), "arccos": lambda v: v.acos(), "arctan": lambda v: v.atan(),
             "exp": lambda v: v.exp()}  # fmt: skip
    if f in table:
        value = table[f](x[0])
        if not value.is_finite():
            raise NotANumber(f"{f} undefined here")
        return value
    raise NotANumber(f"function {f}")


def _huge(node: Node) -> bool:
    """Whether exact expansion could be enormous (a power or factorial beyond the limits)."""
    for n in walk(node):
        if isinstance(n, Op) and n.op == "^":
            e = rational(n.args[1])
            if e is None and not _small(n.args[1]):
                return True
            if e is not None and abs(e) > MAX_EXACT_EXPONENT:
                return True
    return False


def _small(node: Node) -> bool:
    try:
        value = _arb(node)
    except NotANumber:
        return False
    return bool(abs(value) < MAX_EXACT_EXPONENT)


def sympy_of(node: Node) -> Any:
    """The sympy expression of an answer term, built node by node (never from text)."""
    import sympy

    if isinstance(node, Num):
        return sympy.Rational(node.value.numerator, node.value.denominator)
    if isinstance(node, Var):
        return sympy.Symbol(node.name, real=True)
    if isinstance(node, Op):
        x = [sympy_of(a) for a in node.args]
        ops = {"neg": lambda: -x[0], "+": lambda: x[0] + x[1], "-": lambda: x[0] - x[1],
               "*": lambda: x[0] * x[1], "/": lambda: x[0] / x[1], "^": lambda: x[0] ** x[1]}  # fmt: skip
        if node.op not in ops:
            raise NotANumber(f"operation {node.op}")
        return ops[node.op]()
    if isinstance(node, Call):
        if node.func == "pi":
            return sympy.pi
        if node.func == "e":
            return sympy.E
        x = [sympy_of(a) for a in node.args]
        if node.func == "root":
            return sympy.real_root(x[1], x[0])
        if node.func == "logb":
            return sympy.log(x[1], x[0])
        names = {"sqrt": sympy.sqrt, "factorial": sympy.factorial, "binomial": sympy.binomial, "ln": sympy.log,
                 "exp": sympy.exp, "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "cot": sympy.cot,
                 "sec": sympy.sec, "csc": sympy.csc, "arcsin": sympy.asin, "arccos": sympy.acos,
                 "arctan": sympy.atan}  # fmt: skip
        if node.func in names:
            return names[node.func](*x)
    raise NotANumber(type(node).__name__)


def compare_constants(a: Node, b: Node, tolerance: str | None) -> dict[str, Any]:
    """Compare two constant terms: sign of a - b, by exact rationals, arb enclosures and exact zero tests.

    Returns ``{"sign": -1|0|1|None, "method": ..., "enclosure": ..., "reason": ...}``.
    """
    try:
        ra, rb = rational(a), rational(b)
    except NotANumber as exc:
        return {"sign": None, "method": "none", "reason": str(exc)}
    if ra is not None and rb is not None and tolerance is None:
        d = ra - rb
        return {"sign": (d > 0) - (d < 0), "method": "rational", "difference": str(d)}
    from flint import arb, ctx

    old = ctx.prec
    enclosure = None
    try:
        for prec in PRECISIONS:
            ctx.prec = prec
            try:
                d = _arb(a) - _arb(b)
            except NotANumber as exc:
                return {"sign": None, "method": "none", "reason": f"not a real number: {exc}"}
            enclosure = d.str(20, radius=True)
            if tolerance is not None:
                tol = arb(Fraction(tolerance).numerator) / Fraction(tolerance).denominator
                if abs(d) <= tol:
                    return {"sign": 0, "method": "tolerance", "enclosure": enclosure}
                if abs(d) > tol:
                    return {"sign": 1 if d > 0 else -1, "method": "tolerance", "enclosure": enclosure}
            elif d > 0 or d < 0:
                return {"sign": 1 if d > 0 else -1, "method": "interval-arithmetic", "enclosure": enclosure}
    finally:
        ctx.prec = old
    return {"sign": None, "method": "none", "enclosure": enclosure,
            "reason": "the difference is within 2^-4096 of zero; an exact zero test is needed"}  # fmt: skip


def exact_zero(a: Node, b: Node) -> dict[str, Any]:
    """Whether a - b is exactly zero: minimal polynomial for algebraic terms, sympy's simplify otherwise."""
    import sympy

    if _huge(a) or _huge(b):
        return {"zero": None, "reason": "a power or factorial too large to expand exactly"}
    d = sympy_of(a) - sympy_of(b)
    transcendental = any(isinstance(n, Call) and n.func in TRANSCENDENTAL for n in (*walk(a), *walk(b)))
    if not transcendental:
        x = sympy.Dummy("x")
        poly = sympy.minimal_polynomial(d, x)
        return {"zero": poly == x, "method": "algebraic", "polynomial": str(poly)}
    if sympy.simplify(d) == 0:
        return {"zero": True, "method": "symbolic"}
    return {"zero": None, "reason": "sympy could not simplify the difference to zero"}


def exact_difference(a: Node, b: Node) -> str:
    """The simplified exact difference a - b as text (a witness)."""
    import sympy

    if _huge(a) or _huge(b):
        raise NotANumber("too large to expand")
    return str(sympy.radsimp(sympy.simplify(sympy_of(a) - sympy_of(b))))
