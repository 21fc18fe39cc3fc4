"""Worker-side arithmetic on answer terms: certified interval arithmetic (python-flint's arb) and
sympy's exact zero tests. Run only through :func:`pyverify.certify._worker.call_isolated`, so a hang
or a huge computation is killed at the deadline. flint and sympy are imported inside the functions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pyverify.logic._ast import Call, Node, Num, Op, SumOf, Var, free_vars, walk

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
    if isinstance(node, Call) and node.func in ("abs", "floor", "ceil"):
        import math

        value = rational(node.args[0])
        if value is None:
            return None
        return Fraction(
            abs(value) if node.func == "abs" else math.floor(value) if node.func == "floor" else math.ceil(value)
        )
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
        if x[0] >= 0:  # (an exact 0 is known nonnegative: \sqrt{0} is 0, as the n-th root's)
            return x[0].sqrt() if x[0] > 0 else arb(0)
        raise NotANumber("square root of a number not known to be nonnegative")
    if f == "abs":
        return abs(_arb(node.args[0]))
    if f in ("floor", "ceil"):
        exact = rational(node)
        if exact is not None:
            return arb(exact.numerator) / exact.denominator
        inner = _arb(node.args[0])
        value = inner.floor() if f == "floor" else inner.ceil()
        if value.rad() != 0:  # the enclosure straddles an integer: sympy decides (exactly, when it can)
            import sympy

            exact_value = (sympy.floor if f == "floor" else sympy.ceiling)(sympy_of(node.args[0]))
            if not exact_value.is_Integer:
                raise NotANumber(f"{f} undecided: the value is too close to an integer")
            return arb(int(exact_value))
        return value
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
            # an exponent in letters (e^{\sin x}, 2^{N-2}) is not expanded; only a large constant one would be
            if e is None and not free_vars(n.args[1]) and not _small(n.args[1]):
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
    if isinstance(node, SumOf):
        index = sympy.Symbol(node.var, real=True)
        return sympy.Sum(sympy_of(node.body), (index, sympy_of(node.lo), sympy_of(node.hi)))
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
                 "arctan": sympy.atan, "abs": sympy.Abs, "floor": sympy.floor, "ceil": sympy.ceiling}  # fmt: skip
        if node.func in names:
            return names[node.func](*x)
        if node.func.startswith("index:") and x:
            # E_{\gamma}, a_{n}: a name with a letter index, a function of its index that nothing here defines (the
            # same on both sides when written the same: never a number)
            return sympy.Function("index_" + node.func[len("index:") :])(*x)
    raise NotANumber(type(node).__name__)


#: Digits of a numerator or denominator beyond which a witness shows a rounded value instead of the exact one.
WITNESS_DIGITS = 60


def fraction_text(value: Fraction) -> str:
    """An exact rational as text, or — when it has more than :data:`WITNESS_DIGITS` digits (1/2004! − 1/2006!
    has thousands; Python refuses to print integers over 4,300 digits) — its value to 15 significant digits
    and the sizes of the exact numerator and denominator, which a person can read."""
    sizes = [_digit_count(value.numerator), _digit_count(value.denominator)]
    if max(sizes) <= WITNESS_DIGITS:
        return str(value)
    from flint import arb, ctx, fmpz

    old = ctx.prec
    try:
        ctx.prec = 80
        approx = (arb(fmpz(value.numerator)) / arb(fmpz(value.denominator))).str(15, radius=False)
    finally:
        ctx.prec = old
    return f"{approx} (exactly a {sizes[0]:,}-digit integer over a {sizes[1]:,}-digit integer)"


def exact_fraction_text(value: Fraction) -> str:
    """The exact rational as ``p/q`` in decimal, however many digits (flint prints integers Python refuses to)."""
    from flint import fmpz

    numerator, denominator = str(fmpz(value.numerator)), str(fmpz(value.denominator))
    return numerator if denominator == "1" else f"{numerator}/{denominator}"


def _digit_count(n: int) -> int:
    """Decimal digits of |n|, without converting it to text."""
    n = abs(n)
    if n < 10:
        return 1
    estimate = int((n.bit_length() - 1) * 0.30102999566398120) + 1  # digits of 2^(bits-1), within one
    return estimate + (n >= 10**estimate)


def value_of(node: Node) -> dict[str, Any]:
    """Whether a constant term has a value: ``{"value": its enclosure}``, ``{"undefined": why}`` (proved), or
    ``{}`` when neither is settled here."""
    from flint import ctx

    old = ctx.prec
    try:
        ctx.prec = PRECISIONS[0]
        try:
            value = _arb(node)
        except NotANumber:
            value = None
        if value is not None and value.is_finite():
            return {"value": value.str(20, radius=True)}
    finally:
        ctx.prec = old
    reason = undefined_reason(node)
    return {"undefined": reason} if reason else {}


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
        out = {"sign": (d > 0) - (d < 0), "method": "rational", "difference": fraction_text(d)}
        if max(_digit_count(d.numerator), _digit_count(d.denominator)) > WITNESS_DIGITS:
            out["difference_exact"] = exact_fraction_text(d)
        return out
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


def ratio_at_points(a: Node, b: Node, points: list[dict[str, Fraction]]) -> dict[str, Any]:
    """a / b at the first of ``points`` where both are rational and nonzero: {"ratio": c} or {"ratio": None}."""
    from pyverify.logic._ast import substitute

    for point in points:
        mapping: dict[str, Node] = {name: Num(value) for name, value in point.items()}
        try:
            x, y = rational(substitute(a, mapping)), rational(substitute(b, mapping))
        except (NotANumber, ZeroDivisionError):
            continue
        if x is not None and y is not None and x != 0 and y != 0:
            return {"ratio": x / y}
    return {"ratio": None}


def letter_ratio(a: Node, b: Node) -> dict[str, Any]:
    """a / b when it is c · x^k · y^j ... (c rational, whole k, j nonzero) and every letter in it must be nonzero
    for a or b to be defined (it divides there): {"coefficient": c, "powers": [(name, k), ...]}, else {"powers":
    None}. Then a = 0 and b = 0 hold at the same points wherever both are defined (m v' + b v = f against
    v' = f/m - (b/m) v: the factor m, and m ≠ 0 is what the second needs)."""
    import sympy

    if _huge(a) or _huge(b):
        return {"powers": None}
    x, y = sympy_of(a), sympy_of(b)
    ratio = sympy.cancel(sympy.together(x / y))
    coefficient, rest = ratio.as_coeff_Mul()
    powers: list[tuple[str, int]] = []
    for factor in sympy.Mul.make_args(rest):
        base, exp = factor.as_base_exp()
        if not (isinstance(base, sympy.Symbol) and exp.is_Integer and exp != 0):
            return {"powers": None}
        powers.append((base.name, int(exp)))
    if not powers or not coefficient.is_Rational or coefficient == 0:
        return {"powers": None}
    parts = [sympy.fraction(sympy.together(e)) for e in (x, y)]
    for name, _ in powers:
        letter = sympy.Symbol(name, real=True)
        if not any(d.has(letter) and sympy.simplify(d.subs(letter, 0)) == 0 for _, d in parts):
            return {"powers": None}
        if any(sympy.simplify(n.subs(letter, 0)) == 0 for n, _ in parts):
            # x(x - 1) = 0 against 1 - 1/x = 0: at x = 0 the first holds for every other value, so its solutions
            # are not the second's (the letter is an unknown, not a parameter that must be nonzero)
            return {"powers": None}
    return {"coefficient": Fraction(int(coefficient.p), int(coefficient.q)), "powers": powers}


def sum_zero(a: Node, b: Node, name: str) -> dict[str, Any]:
    """Whether a - b is 0 for every whole n (``name``) from the sums' largest lower bound minus one on, by sympy's
    closed forms of the sums (Karr's convention agrees with the empty sum there); None when sympy cannot tell."""
    import sympy

    if _huge(a) or _huge(b):
        return {"zero": None, "reason": "a power or factorial too large to expand exactly"}
    n = sympy.Symbol(name, integer=True, nonnegative=True)
    d = (sympy_of(a) - sympy_of(b)).subs(sympy.Symbol(name, real=True), n).doit()
    if sympy.simplify(d) == 0:
        return {"zero": True, "method": "symbolic"}
    return {"zero": None, "reason": "sympy's closed forms of the sums did not simplify the difference to zero"}


def symbolic_zero(a: Node, b: Node) -> dict[str, Any]:
    """Whether a - b simplifies to 0 as expressions in their variables (sympy's simplify, then its trigonometric
    simplification): a proof where both sides are defined; None when sympy cannot tell."""
    import sympy

    if _huge(a) or _huge(b):
        return {"zero": None, "reason": "a power or factorial too large to expand exactly"}
    d = sympy_of(a) - sympy_of(b)
    for simplify in (sympy.simplify, lambda e: sympy.trigsimp(sympy.expand_trig(e)), sympy.radsimp):
        if simplify(d) == 0:
            return {"zero": True, "method": "symbolic"}
    # x^{2/3} against (\sqrt[3]{x})^2: sympy reads x^{2/3} as the principal complex power, so the two differ for
    # x < 0 and simplify cannot cancel them. A power b^{p/q} with q odd has a value only where b > 0 (a non-integer
    # power of a number not known to be positive has none), and there it is real_root(b, q)^p: rewritten so, a
    # difference that simplifies to zero is zero wherever both sides are defined (the claim made)
    odd = {w: sympy.real_root(w.base, w.exp.q) ** w.exp.p for w in d.atoms(sympy.Pow)
           if w.exp.is_Rational and not w.exp.is_Integer and w.exp.q % 2 == 1 and w.base.free_symbols
           and not w.base.is_nonnegative}  # fmt: skip  (|x|^{1/3}, sympy's own form of a real root, is kept)
    if odd and sympy.simplify(d.xreplace(odd)) == 0:
        return {"zero": True, "method": "symbolic"}
    return {"zero": None, "reason": "sympy could not simplify the difference to zero"}


# ---------------------------------------------------------------- values that do not exist

#: The partial operations of answer terms: where each has no real value.
_NO_VALUE = {
    "/": "division by zero",
    "sqrt": "square root of a negative number",
    "root": "even root of a negative number",
    "ln": "logarithm of a number that is not positive",
    "logb": "logarithm with a base or argument outside its domain",
    "tan": "tangent where the cosine is 0",
    "sec": "secant where the cosine is 0",
    "cot": "cotangent where the sine is 0",
    "csc": "cosecant where the sine is 0",
    "arcsin": "arcsine outside [-1, 1]",
    "arccos": "arccosine outside [-1, 1]",
    "factorial": "factorial of a number that is not a natural number",
    "binomial": "binomial coefficient of numbers that are not natural numbers",
    "^": "zero to a negative power, or a negative number to a fractional power",
}


def sign_of(node: Node) -> int | None:
    """The sign (-1, 0, 1) of a constant term, proved: exact rationals, arb enclosures, then an exact
    zero test; None when undecided (or when the term itself has no value)."""
    try:
        value = rational(node)
    except NotANumber:
        return None
    if value is not None:
        return (value > 0) - (value < 0)
    from flint import ctx

    old = ctx.prec
    try:
        for prec in PRECISIONS:
            ctx.prec = prec
            try:
                x = _arb(node)
            except NotANumber:
                return None
            if x > 0 or x < 0:
                return 1 if x > 0 else -1
    finally:
        ctx.prec = old
    zero = exact_zero(node, Num(Fraction(0)))
    return 0 if zero.get("zero") is True else None


def _compare_with(node: Node, bound: int) -> int | None:
    """sign(node - bound), proved, or None."""
    return sign_of(Op("-", (node, Num(Fraction(bound)))))


def _natural(node: Node) -> bool | None:
    try:
        value = rational(node)
    except NotANumber:
        return None
    if value is None:
        return None
    return value.denominator == 1 and value >= 0


def _fails(node: Node) -> bool | None:
    """Whether this node's own operation is outside its domain (its arguments having values): True,
    False, or None when that could not be proved either way."""
    if isinstance(node, Op) and node.op == "/":
        s = sign_of(node.args[1])
        return None if s is None else s == 0
    if isinstance(node, Op) and node.op == "^":
        base, exponent = node.args
        e = rational(exponent)
        if e is None:
            return None
        b = sign_of(base)
        if b is None:
            return None
        if b == 0:
            return e < 0
        if b < 0 and e.denominator != 1:
            return e.denominator % 2 == 0  # (-8)^(1/3) is the real cube root; (-1)^(1/2) is no real number
        return False
    if not isinstance(node, Call):
        return False
    f, args = node.func, node.args
    if f == "sqrt":
        s = sign_of(args[0])
        return None if s is None else s < 0
    if f == "root":
        n = _natural(args[0])
        index = rational(args[0])
        if not n or index is None:
            return None if n is None else True
        if index == 0:
            return True
        s = sign_of(args[1])
        return None if s is None else (s < 0 and index % 2 == 0)
    if f == "ln":
        s = sign_of(args[0])
        return None if s is None else s <= 0
    if f == "logb":
        signs = [sign_of(args[0]), sign_of(args[1]), _compare_with(args[0], 1)]
        if any(v is None for v in signs):
            return None
        return signs[0] <= 0 or signs[1] <= 0 or signs[2] == 0  # type: ignore[operator]
    if f in ("tan", "sec", "cot", "csc"):
        other = Call("cos" if f in ("tan", "sec") else "sin", args)
        s = sign_of(other)
        return None if s is None else s == 0
    if f in ("arcsin", "arccos"):
        hi, lo = _compare_with(args[0], 1), _compare_with(args[0], -1)
        if hi is None or lo is None:
            return None
        return hi > 0 or lo < 0
    if f in ("factorial", "binomial"):
        naturals = [_natural(a) for a in args]
        if any(v is False for v in naturals):
            return True
        return None if any(v is None for v in naturals) else False
    return False


def undefined_reason(node: Node) -> str:
    """Why a constant term has no real value (the innermost operation outside its domain, as text),
    or "" when it has one or that could not be proved. Worker-side (sympy may run)."""
    for n in _postorder(node):
        if isinstance(n, Op | Call) and (n.op if isinstance(n, Op) else n.func) in _NO_VALUE:
            if _fails(n):
                return _NO_VALUE[n.op if isinstance(n, Op) else n.func]
    return ""


def _postorder(node: Node) -> list[Node]:
    out: list[Node] = []
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:
        n, seen = stack.pop()
        if seen:
            out.append(n)
            continue
        stack.append((n, True))
        if isinstance(n, Op | Call):
            stack.extend((a, False) for a in reversed(n.args))
    return out


def _strict(condition: Node) -> Node:
    """The open core of a definedness condition: ``t ≥ 0`` becomes ``t > 0`` (``t ≠ 0`` is open already)."""
    from pyverify.logic import Conn, Rel

    if isinstance(condition, Rel) and condition.op in (">=", "<="):
        return Rel(">" if condition.op == ">=" else "<", condition.left, condition.right)
    if isinstance(condition, Conn):
        return Conn(condition.op, tuple(_strict(a) for a in condition.args))
    return condition


def generic_point(claim_text: str, deadline_seconds: float) -> dict[str, Any]:
    """Whether the common domain of ``forall ... : R, lhs = rhs`` contains an open set: a point where
    every definedness condition holds strictly (each is a strict inequality or ≠ between continuous
    terms, so such a point has a neighbourhood inside the domain). ``{"generic": True, "point": ...}``
    (found and evaluated exactly), ``{"generic": False, "side": ..., "conditions": ...}`` (z3: the open
    core is empty, for one side alone or for both together) or ``{"generic": None}`` (undecided)."""
    import time

    from pyverify.certify._exact import EvalError, compile_node
    from pyverify.certify._search import claim_constants, search
    from pyverify.certify._smt import solve
    from pyverify.logic import Claim, Conn, Rel, definedness, parse, to_text

    claim = parse(claim_text)
    body = claim.body
    assert isinstance(body, Rel)
    deadline = time.monotonic() + deadline_seconds
    sides = (("reference", Rel("=", body.left, body.left)), ("candidate", Rel("=", body.right, body.right)),
             ("together", body))  # fmt: skip
    for side, formula in sides:
        conditions = definedness(Claim(claim.binders, (), formula))
        if not conditions:
            continue
        core = [_strict(c) for c in conditions]
        guard = core[0] if len(core) == 1 else Conn("and", tuple(core))
        env, _ = search(guard, claim.variables, True, claim_constants([guard]), seed=0, max_points=300,
                        deadline=min(deadline, time.monotonic() + 1.0))  # fmt: skip
        if env is not None:
            continue
        left_ms = int(max(0.1, min(2.0, deadline - time.monotonic())) * 1000)
        outcome = solve(guard, claim.variables, True, left_ms)
        if outcome.answer == "sat" and outcome.point is not None:
            try:
                if compile_node(guard)(outcome.point):
                    continue
            except EvalError:
                pass
        shown = [to_text(c, unicode=True) for c in conditions]
        if outcome.answer == "unsat":
            return {"generic": False, "side": side, "conditions": shown}
        return {"generic": None, "side": side, "conditions": shown}
    return {"generic": True}


def exact_difference(a: Node, b: Node) -> str:
    """The simplified exact difference a - b as text (a witness)."""
    import sympy

    if _huge(a) or _huge(b):
        raise NotANumber("too large to expand")
    return str(sympy.radsimp(sympy.simplify(sympy_of(a) - sympy_of(b))))


#: Largest polynomial degree whose inequalities are solved exactly (sympy's real roots: radicals or CRootOf).
MAX_RELATION_DEGREE = 8


def _degree(node: Node, var: str, inside_abs: bool = False) -> int | None:
    """The degree of a polynomial in ``var`` as written (numbers, the letter, + - ·, a division by a number, a
    whole-number power, one level of absolute value), or None: nothing is cancelled before this check
    (x(x-1)/(x-1) is no polynomial: its domain leaves out 1)."""
    if isinstance(node, Num):
        v = node.value
        return 0 if abs(v.numerator) <= 10**30 and v.denominator <= 10**30 else None
    if isinstance(node, Var):
        return 1 if node.name == var else None
    if isinstance(node, Call) and node.func == "abs" and len(node.args) == 1 and not inside_abs:
        return _degree(node.args[0], var, True)
    if not isinstance(node, Op):
        return None
    parts = [_degree(a, var, inside_abs) for a in node.args]
    if None in parts:
        return None
    d = [p for p in parts if p is not None]
    if node.op in ("neg", "+", "-"):
        return max(d)
    if node.op == "*":
        return d[0] + d[1]
    if node.op == "/":
        return d[0] if d[1] == 0 else None
    if node.op == "^":
        exponent = node.args[1]
        if d[1] != 0 or not isinstance(exponent, Num) or exponent.value.denominator != 1 or exponent.value < 0:
            return None
        return d[0] * int(exponent.value) if exponent.value <= MAX_RELATION_DEGREE else None
    return None


def solve_relation(terms: tuple[Node, ...], ops: tuple[str, ...]) -> dict[str, Any]:
    """The set of reals where the chain ``t0 op0 t1 op1 t2 ...`` in one variable holds (x^2 < 4, 1 ≤ |z| ≤ 3/2),
    written in the answer grammar (intervals joined by \\cup, finite sets, \\emptyset), or a reason. Only
    polynomials as written, and one level of absolute values of them, are solved (sympy's solveset over the
    reals, exact endpoints); the set found is checked at rational points between and around its endpoints, and
    at the endpoints, by evaluating the relation exactly there."""
    import sympy

    names = set().union(*(free_vars(t) for t in terms))
    if len(names) != 1:
        return {"reason": "a relation in more than one letter"}
    name = next(iter(names))
    for t in terms:
        degree = _degree(t, name)
        if degree is None or degree > MAX_RELATION_DEGREE:
            return {"reason": f"only polynomial relations as written (absolute values of them allowed) of degree at "
                    f"most {MAX_RELATION_DEGREE} are solved"}  # fmt: skip
    x = sympy.Symbol(name, real=True)
    relation = {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge, "!=": sympy.Ne}
    if any(op not in relation for op in ops):
        return {"reason": "a relation that is not an inequality"}
    sides = [sympy_of(t) for t in terms]
    solution: Any = sympy.S.Reals
    for k, op in enumerate(ops):
        solution = sympy.Intersection(solution, sympy.solveset(relation[op](sides[k], sides[k + 1]), x, sympy.S.Reals))
    text = _set_text(solution)
    if text is None:
        return {"reason": f"the solution set {solution} is not a union of intervals with exact endpoints"}

    def holds(point: Any) -> Any:
        values = [side.subs(x, point) for side in sides]
        return all(relation[op](values[k], values[k + 1]) for k, op in enumerate(ops))

    ends = sorted({e for e in solution.boundary if e.is_finite}, key=lambda e: float(e))  # type: ignore[union-attr]
    probes = [sympy.Rational(int(float(ends[0])) - 1) if ends else sympy.Integer(0)]
    for lo, hi in zip(ends, ends[1:]):
        mid = sympy.Rational(sympy.nsimplify((float(lo) + float(hi)) / 2, rational=True))
        if not (lo < mid < hi):
            return {"reason": "endpoints too close to check between"}
        probes.append(mid)
    if ends:
        probes.append(sympy.Rational(int(float(ends[-1])) + 1))
    for point in [*probes, *ends]:
        truth = holds(point)
        if truth not in (True, False) or bool(truth) != bool(solution.contains(point)):
            return {"reason": f"the solver's set {text} fails the check at {point}"}
    return {"set": text}


def _set_text(found: Any) -> str | None:
    """A sympy set of reals in the answer grammar's notation, or None (a ConditionSet, an endpoint CRootOf)."""
    import sympy

    def number(v: Any) -> str | None:
        if v in (sympy.oo, -sympy.oo):
            return "\\infty" if v == sympy.oo else "-\\infty"
        if v.has(sympy.CRootOf) or not v.is_real or v.free_symbols:
            return None
        return sympy.latex(v)

    if found == sympy.S.Reals:
        return "(-\\infty, \\infty)"
    if found == sympy.S.EmptySet:
        return "\\emptyset"
    if isinstance(found, sympy.Interval):
        lo, hi = number(found.start), number(found.end)
        if lo is None or hi is None:
            return None
        return f"{'(' if found.left_open else '['}{lo}, {hi}{')' if found.right_open else ']'}"
    if isinstance(found, sympy.FiniteSet):
        items = [number(v) for v in sorted(found.args, key=lambda v: float(v))] if found.args else []
        return None if None in items else "\\{" + ", ".join(items) + "\\}"  # type: ignore[arg-type]
    if isinstance(found, sympy.Union):
        parts = [_set_text(p) for p in found.args]
        return None if None in parts else " \\cup ".join(parts)  # type: ignore[arg-type]
    return None
