"""Reading witness values and checking a witness against a claim by exact evaluation.

Values are read by a deliberately tiny reader (integers, fractions, terminating decimals, and
bracketed lists of them for matrices and sequences) rather than by the claim grammar: a value is
never an expression, so ``1/0``, ``nan`` or ``2^(10^12)`` are malformed values, not computations.
"""

from __future__ import annotations

import gc
import operator
import re
import time
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

from flint import fmpq, fmpq_mat

from pyverify.certify._certificate import WitnessCheck
from pyverify.certify._exact import (
    _SMALL,
    _SMALL_HI,
    _SMALL_LO,
    DEADLINE,
    EvalError,
    Inexact,
    Sequence,
    TooLarge,
    compile_node,
    sympy_truth,
    to_fmpq,
    to_fraction,
)
from pyverify.logic import Claim, Conn, Rel, Sort, definedness, term_text, to_text
from pyverify.logic._ast import Node

_NUMBER = re.compile(r"^\s*([+-]?)\s*(\d{1,4000})(?:\.(\d{1,4000}))?(?:\s*/\s*(\d{1,4000}))?\s*$")


class ValueError_(ValueError):
    """A witness value that cannot be read; ``name`` is the variable it was given for."""

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        super().__init__(f"value of '{name}': {message}")


def parse_number(text: str, name: str = "?") -> Fraction:
    """An exact rational from ``3``, ``-2/3`` or ``0.25``; anything else is malformed."""
    match = _NUMBER.match(text)
    if not match:
        raise ValueError_(name, f"'{text.strip()}' is not an exact rational (write 3, -2/3 or 0.25)")
    sign, whole, frac, den = match.groups()
    value = Fraction(int(whole + (frac or "")), 10 ** len(frac or ""))
    if den is not None:
        if int(den) == 0:
            raise ValueError_(name, f"'{text.strip()}' divides by zero")
        value /= int(den)
    return -value if sign == "-" else value


def _split_top(text: str) -> list[str]:
    """Split on commas that are not inside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _parse_list(text: str, name: str) -> list[str]:
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        raise ValueError_(name, f"expected a bracketed list, got '{text}'")
    inner = text[1:-1].strip()
    return [] if not inner else _split_top(inner)


def parse_value(text: str, sort: Sort, name: str = "?") -> Any:
    """A witness value of the given sort, from text."""
    if len(text) > 100_000:
        raise ValueError_(name, "value text is too long")
    if sort.kind == "Mat":
        rows = [_parse_list(r, name) for r in _parse_list(text, name)]
        return [[parse_number(e, name) for e in row] for row in rows]
    if sort.kind == "Seq":
        return [parse_number(e, name) for e in _parse_list(text, name)]
    return parse_number(text, name)


def parse_assignment(text: str, variables: Mapping[str, Sort]) -> dict[str, Any]:
    """``x=2,y=1/3,A=[[1,2],[3,4]]`` → values, checked against the claim's variables' sorts."""
    values: dict[str, Any] = {}
    for part in _split_top(text):
        if not part.strip():
            continue
        if "=" not in part:
            raise ValueError_(part.strip(), "expected name=value")
        name, _, value_text = part.partition("=")
        name = name.strip()
        if name not in variables:
            raise ValueError_(name, f"the claim has no variable '{name}' (it binds {', '.join(variables) or 'none'})")
        if name in values:
            raise ValueError_(name, "given twice")
        values[name] = parse_value(value_text, variables[name], name)
    return values


def format_value(value: Any) -> Any:
    """Exact text for a value: ``"-2/3"``, ``[["1","0"],["0","1"]]`` or a list for a sequence."""
    if isinstance(value, fmpq):
        return str(value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, fmpq_mat):
        n = value.nrows()
        return [[format_value(value[i, j]) for j in range(n)] for i in range(n)]
    if isinstance(value, Sequence):
        return [format_value(v) for v in value.prefix()]
    if isinstance(value, list):
        return [format_value(v) for v in value]
    return str(value)


def to_env(claim: Claim, assignment: Mapping[str, Any]) -> tuple[dict[str, Any] | None, str, str]:
    """Exact values for every variable, or (None, reason, message) when the assignment is unusable."""
    variables = claim.variables
    env: dict[str, Any] = {}
    missing = [v for v in variables if v not in assignment]
    if missing:
        return None, "malformed", f"no value for {', '.join(missing)}"
    extra = [v for v in assignment if v not in variables]
    if extra:
        return None, "malformed", f"the claim has no variable {', '.join(extra)}"
    for name, sort in variables.items():
        raw = assignment[name]
        try:
            if isinstance(raw, str):
                raw = parse_value(raw, sort, name)
            env[name] = _exact(raw, sort, name)
        except ValueError_ as exc:
            return None, "malformed", str(exc)
        except _OutsideDomain as exc:
            return None, "outside_domain", str(exc)
    return env, "", ""


class _OutsideDomain(Exception):
    pass


def _exact(raw: Any, sort: Sort, name: str) -> Any:
    if sort.kind == "Mat":
        if isinstance(raw, fmpq_mat):
            raw = [[raw[i, j] for j in range(raw.ncols())] for i in range(raw.nrows())]
        if (
            not isinstance(raw, (list, tuple))
            or len(raw) != sort.n
            or any(not isinstance(r, (list, tuple)) or len(r) != sort.n for r in raw)
        ):
            raise _OutsideDomain(f"'{name}' must be a {sort.n}×{sort.n} matrix")
        entries = [_scalar(e, name) for row in raw for e in row]
        return fmpq_mat(sort.n, sort.n, entries)
    if sort.kind == "Seq":
        if isinstance(raw, Sequence):
            return raw
        if not isinstance(raw, (list, tuple)):
            raise _OutsideDomain(f"'{name}' must be a list of rationals (a sequence)")
        return Sequence([_scalar(e, name) for e in raw])
    if isinstance(raw, (list, tuple, fmpq_mat)):
        raise _OutsideDomain(f"'{name}' must be a number of sort {sort}")
    value = _scalar(raw, name)
    if sort.kind in ("N", "Z") and value.q != 1:
        raise _OutsideDomain(f"'{name}' = {value} is not an integer (sort {sort})")
    if sort.kind == "N" and value < 0:
        raise _OutsideDomain(f"'{name}' = {value} is negative (sort N)")
    return value


def _scalar(raw: Any, name: str) -> fmpq:
    if isinstance(raw, fmpq):
        return raw
    if isinstance(raw, bool):
        raise ValueError_(name, "a truth value is not a number")
    if isinstance(raw, int):
        return fmpq(raw)
    if isinstance(raw, Fraction):
        return to_fmpq(raw)
    if isinstance(raw, str):
        return to_fmpq(parse_number(raw, name))
    if isinstance(raw, float):
        raise ValueError_(name, f"{raw!r} is a float; give an exact rational such as '1/3'")
    raise ValueError_(name, f"cannot read {type(raw).__name__} as a rational")


def _truth(node: Node, env: dict[str, Any], claim: Claim) -> bool:
    """Exact truth of a formula; irrational intermediates go to sympy's algebraic numbers
    (in the worker process, under the deadline, unless this already is the worker)."""
    try:
        return bool(compile_node(node)(env))
    except Inexact:
        return _fallback_truth(node, env, claim)


def _fallback_truth(node: Node, env: dict[str, Any], claim: Claim) -> bool:
    """Called while handling Inexact: sympy's verdict, or that Inexact raised again."""
    from pyverify.certify import _worker

    if _worker.IN_WORKER:
        verdict = sympy_truth(node, env, claim.variables)
    else:
        left = max(0.1, DEADLINE.get() - time.monotonic())
        result = _worker.call_isolated(_truth_from_plain, (node, _plain_env(env), claim.variables), min(left, 60.0))
        verdict = result if isinstance(result, bool) else None
    if verdict is None:
        raise  # the Inexact being handled (this is only called from its except block)
    return verdict


def _truth_from_plain(node: Node, env: dict[str, Any], variables: dict[str, Sort]) -> bool | None:
    """In the worker: exact values back from plain ones, then sympy's algebraic comparison."""
    exact = {name: _exact(value, variables[name], name) for name, value in env.items()}
    return sympy_truth(node, exact, variables)


def _plain_env(env: dict[str, Any]) -> dict[str, Any]:
    """Values as Fractions and lists (picklable without flint)."""
    out: dict[str, Any] = {}
    for name, value in env.items():
        if isinstance(value, fmpq):
            out[name] = to_fraction(value)
        elif isinstance(value, fmpq_mat):
            n = value.nrows()
            out[name] = [[to_fraction(value[i, j]) for j in range(n)] for i in range(n)]
        elif isinstance(value, Sequence):
            out[name] = [to_fraction(v) for v in value.prefix()]
        else:
            out[name] = value
    return out


def check_witness(claim: Claim, assignment: Mapping[str, Any], timeout: float = 10.0) -> WitnessCheck:
    """Check a witness with a deadline (see :func:`_check`)."""
    token = DEADLINE.set(time.monotonic() + timeout)
    try:
        return compiled_check(claim).check(assignment)
    finally:
        DEADLINE.reset(token)


def _check(claim: Claim, assignment: Mapping[str, Any]) -> WitnessCheck:
    """The reference check, step by step (the compiled :class:`CompiledCheck` gives the same results). Check an assignment of every bound variable as a witness, by exact evaluation.

    For a claim whose binders are all ∀ a witness is a counterexample (verified when the
    assumptions hold and the body is false); for all-∃ claims it is an example (verified when the
    assumptions and the body hold). Values may be exact numbers or text (``"1/3"``,
    ``[["1","2"],["3","4"]]``). Never raises on bad values: they are rejected with the reason.
    """
    quantifiers = claim.quantifiers
    if len(quantifiers) > 1:
        return WitnessCheck("rejected", "mixed", "mixed_quantifiers",
                            "a witness needs a claim whose binders are all ∀ (counterexample) or all ∃ (example)")  # fmt: skip
    kind = "example" if quantifiers == {"exists"} else "counterexample"
    env, reason, message = to_env(claim, assignment)
    if env is None:
        return WitnessCheck("rejected", kind, reason, message)
    point = _Point(env)
    try:
        for condition in _conditions(claim):
            if not _truth(condition, env, claim):
                return WitnessCheck("rejected", kind, _undefined_reason(condition),
                                    f"at {point} the claim is undefined: {_undefined_message(condition)}")  # fmt: skip
        for assumption in claim.assumptions:
            if not _truth(assumption, env, claim):
                return WitnessCheck("rejected", kind, "assumption_fails",
                                    f"at {point} the assumption '{term_text(assumption)}' fails")  # fmt: skip
        holds, sides = _body_truth(claim, env)
    except Inexact as exc:
        return WitnessCheck(
            "rejected", kind, "inexact_undecided", f"at {point}: {exc.reason}, and exact comparison failed"
        )
    except TooLarge as exc:
        return WitnessCheck("rejected", kind, "too_large", f"at {point}: {exc.reason}")
    except EvalError as exc:
        reason = _undefined_kind(exc)
        return WitnessCheck("rejected", kind, reason, f"at {point} the claim is undefined: {exc.reason}")
    shown = f" ({sides['left']} vs {sides['right']})" if sides else ""
    body = _body_text(claim)
    if kind == "counterexample":
        if holds:
            return WitnessCheck("rejected", kind, "holds_there", f"the claim holds at {point}{shown}", sides)
        return WitnessCheck("verified", kind, "claim_fails", f"'{body}' fails at {point}{shown}", sides)
    if holds:
        return WitnessCheck("verified", kind, "claim_holds", f"'{body}' holds at {point}{shown}", sides)
    return WitnessCheck("rejected", kind, "fails_there", f"'{body}' fails at {point}{shown}", sides)


_COMPARE = {
    "=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}  # fmt: skip


def _body_truth(claim: Claim, env: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
    """The body's truth, and for a relation both sides' exact values (each side evaluated once)."""
    body = claim.body
    if isinstance(body, Rel) and body.op in _COMPARE:
        try:
            left = compile_node(body.left)(env)
            right = compile_node(body.right)(env)
        except Inexact:
            return _truth(body, env, claim), {}
        return bool(_COMPARE[body.op](left, right)), {"left": format_value(left), "right": format_value(right)}
    return _truth(body, env, claim), {}


_BODY_TEXT: dict[int, tuple[Claim, str]] = {}


def _body_text(claim: Claim) -> str:
    hit = _BODY_TEXT.get(id(claim))
    if hit is not None and hit[0] is claim:
        return hit[1]
    if len(_BODY_TEXT) > 1024:
        _BODY_TEXT.clear()
    text = term_text(claim.body)
    _BODY_TEXT[id(claim)] = (claim, text)
    return text


class _Point:
    """The point as text, built only when a message needs it."""

    def __init__(self, env: dict[str, Any]) -> None:
        self.env = env

    def __str__(self) -> str:
        return ", ".join(f"{k}={_short(format_value(v))}" for k, v in self.env.items())

    def __format__(self, spec: str) -> str:
        return str(self)


_CONDITIONS: dict[int, tuple[Claim, Any]] = {}
_CHECKERS: dict[int, tuple[Claim, Any]] = {}


def _by_identity(cache: dict[int, tuple[Claim, Any]], claim: Claim, build: Callable[[Claim], Any]) -> Any:
    """``build(claim)``, cached by the claim object's identity (checking many witnesses of one claim is
    the hot path; the claim is kept in the entry so its id cannot be reused while cached)."""
    hit = cache.get(id(claim))
    if hit is not None and hit[0] is claim:
        return hit[1]
    if len(cache) > 1024:
        cache.clear()
    value = build(claim)
    cache[id(claim)] = (claim, value)
    return value


def _conditions(claim: Claim) -> list[Node]:
    """definedness(claim), cached by identity."""
    return _by_identity(_CONDITIONS, claim, definedness)  # type: ignore[no-any-return]


def _undefined_kind(exc: EvalError) -> str:
    """The rejection reason of a point where the claim is undefined."""
    if str(exc.reason).startswith(("division by zero", "zero raised", "singular", "modulus zero")):
        return "division_by_zero"
    return "undefined"


def _short(value: Any) -> str:
    text = str(value).replace("'", "")
    return text if len(text) <= 60 else text[:57] + "..."


def _undefined_reason(condition: Node) -> str:
    """``division_by_zero`` for a vanishing divisor, modulus, base of a negative power or
    determinant of an inverted matrix; ``undefined`` for the other partial operations."""
    if isinstance(condition, Rel) and condition.op == "!=":
        return "division_by_zero"
    if isinstance(condition, Conn) and any(isinstance(a, Rel) and a.op == "!=" for a in condition.args):
        return "division_by_zero"
    return "undefined"


def _undefined_message(condition: Node) -> str:
    if isinstance(condition, Rel):
        if condition.op == "!=":
            return f"'{term_text(condition.left)}' is zero (division by zero or a singular matrix)"
        return f"'{term_text(condition)}' does not hold"
    return f"'{term_text(condition)}' does not hold"


def witness_text(claim: Claim, env: Mapping[str, Any]) -> dict[str, Any]:
    """A witness as exact text, in the claim's variable order."""
    return {name: format_value(env[name]) for name in claim.variables if name in env}


def claim_text(claim: Claim) -> str:
    return to_text(claim)


# ---------------------------------------------------------------- the compiled check (the hot path)

#: Whether a Fraction's numerator and denominator can be read from its slots (CPython's), five
#: times cheaper than through its properties.
_SLOTS = all(hasattr(Fraction(1, 2), a) for a in ("_numerator", "_denominator"))
#: fmpq of the Fractions read so far, by (numerator, denominator): a witness's entries are mostly a
#: few small fractions, and a lookup costs a third of making the fmpq. Small ones only; bounded.
_FRACTIONS: dict[tuple[int, int], fmpq] = {}
_FRACTIONS_MAX, _FRACTION_BOUND = 1 << 14, 1 << 62


#: The text of the fmpqs the readers share (_SMALL's and _FRACTIONS'), by identity: (the fmpq,
#: its text), the entry keeping the fmpq alive so that its id is not reused while it is here.
_SMALL_TEXTS = {id(v): (v, str(i)) for i, v in enumerate(_SMALL, _SMALL_LO)}
_TEXTS: dict[int, tuple[fmpq, str]] = dict(_SMALL_TEXTS)


def _fraction(value: Fraction) -> fmpq:
    """The fmpq of a Fraction, kept in _FRACTIONS (and its text in _TEXTS) when small (the
    readers look there first)."""
    p, q = value.numerator, value.denominator
    exact = fmpq(p, q)
    if -_FRACTION_BOUND < p < _FRACTION_BOUND and q < _FRACTION_BOUND:
        if len(_FRACTIONS) >= _FRACTIONS_MAX:
            _FRACTIONS.clear()
            _TEXTS.clear()
            _TEXTS.update(_SMALL_TEXTS)
        _FRACTIONS[p, q] = exact
        _TEXTS[id(exact)] = (exact, str(p) if q == 1 else f"{p}/{q}")
    return exact


def _scalar_reader(sort: Sort, name: str) -> Any:
    """A reader of one value of a number sort: ints, Fractions and fmpqs inline, the rest by ``_exact``."""
    kind = sort.kind
    small, low, high, fractions = _SMALL, _SMALL_LO, _SMALL_HI, _FRACTIONS

    def slow(raw: Any) -> Any:
        if isinstance(raw, str):
            raw = parse_value(raw, sort, name)
        return _exact(raw, sort, name)

    if kind in ("Q", "R"):

        def read_q(raw: Any) -> Any:
            t = type(raw)
            if t is int:
                return small[raw - low] if low <= raw < high else fmpq(raw)
            if t is Fraction and _SLOTS:
                exact = fractions.get((raw._numerator, raw._denominator))
                return exact if exact is not None else _fraction(raw)
            if t is fmpq:
                return raw
            return slow(raw)

        return read_q

    least = low if kind == "Z" else 0

    def read_int(raw: Any) -> Any:
        if type(raw) is int:
            if least <= raw < high:
                return small[raw - low]
            if raw >= 0 or least < 0:
                return fmpq(raw)
        return slow(raw)

    return read_int if kind in ("N", "Z") else slow


def _entry(raw: Any, name: str) -> fmpq:
    """``_scalar`` with its common cases inline."""
    t = type(raw)
    if t is int:
        return _SMALL[raw - _SMALL_LO] if _SMALL_LO <= raw < _SMALL_HI else fmpq(raw)
    if t is Fraction:
        return _fraction(raw)
    if t is fmpq:
        return raw  # type: ignore[no-any-return]
    return _scalar(raw, name)


def _reader(sort: Sort, name: str) -> Any:
    """``raw -> exact value`` for one variable, raising as ``to_env``'s conversion does."""
    if sort.kind not in ("Mat", "Seq"):
        return _scalar_reader(sort, name)

    def slow(raw: Any) -> Any:
        if isinstance(raw, str):
            raw = parse_value(raw, sort, name)
        return _exact(raw, sort, name)

    small, low, high, fractions = _SMALL, _SMALL_LO, _SMALL_HI, _FRACTIONS

    def entries(raw: Any) -> list[fmpq]:
        """The entries' fmpq (as ``_scalar`` reads them; an fmpq_mat of fmpqs is built fastest)."""
        if not _SLOTS:
            return [_entry(e, name) for e in raw]
        return [
            (small[e - low] if low <= e < high else fmpq(e)) if (t := type(e)) is int
            else (f if (f := fractions.get((e._numerator, e._denominator))) is not None else _fraction(e))
            if t is Fraction
            else _entry(e, name)
            for e in raw
        ]  # fmt: skip

    if sort.kind == "Seq":
        new_sequence = _new

        def read_seq(raw: Any) -> Any:
            if type(raw) is list:  # Sequence(entries(raw)) without the constructor's checks
                seq = new_sequence(Sequence)
                seq.values = entries(raw)
                seq.generator, seq.read = None, {}
                return seq
            return slow(raw)

        return read_seq
    n = sort.n

    if n == 2:

        def read_mat2(raw: Any) -> Any:
            if type(raw) is list and len(raw) == 2:
                top, bottom = raw
                if type(top) is list and type(bottom) is list and len(top) == 2 and len(bottom) == 2:
                    return fmpq_mat(2, 2, entries(top + bottom))  # (read_mat, its loop unrolled)
            return slow(raw)

        return read_mat2

    def read_mat(raw: Any) -> Any:
        if type(raw) is list and len(raw) == n:
            flat = []
            for row in raw:  # the shape first, then the entries (as _exact)
                if type(row) is not list or len(row) != n:
                    return slow(raw)
                flat += row
            return fmpq_mat(n, n, entries(flat))
        return slow(raw)

    return read_mat


def _fmpq_text(value: fmpq) -> str:
    """``str(value)``: a shared fmpq's kept text, or through Python's ints (fmpq's own str costs
    twice as much)."""
    hit = _TEXTS.get(id(value))
    if hit is not None and hit[0] is value:
        return hit[1]
    p, q = int(value.p), int(value.q)
    try:
        return str(p) if q == 1 else f"{p}/{q}"
    except ValueError:  # more digits than int's str allows
        return str(value)


def _entries(m: fmpq_mat) -> list[fmpq]:
    """``m.entries()`` (read one by one: a third of its cost for small matrices)."""
    rows, cols = m.nrows(), m.ncols()
    return [m[i, j] for i in range(rows) for j in range(cols)]


def _text(value: Any) -> Any:
    """``format_value`` with the common cases inline."""
    t = type(value)
    if t is fmpq:
        return _fmpq_text(value)
    if t is fmpq_mat and value.nrows() == value.ncols():
        n = value.nrows()
        entries = [_fmpq_text(e) for e in _entries(value)]
        return [entries[i * n : (i + 1) * n] for i in range(n)]
    return format_value(value)


def _point_text(env: dict[str, Any]) -> str:
    """``str(_Point(env))``, with the common cases inline."""
    parts = []
    for name, value in env.items():
        t = type(value)
        if t is fmpq:
            text = _fmpq_text(value)
        elif t is fmpq_mat and value.nrows() == value.ncols():
            n = value.nrows()
            entries = [_fmpq_text(e) for e in _entries(value)]
            text = "[" + ", ".join("[" + ", ".join(entries[i * n : (i + 1) * n]) + "]" for i in range(n)) + "]"
        elif t is Sequence and value.values is not None and all(type(v) is fmpq for v in value.values[:21]):
            # 21 values take more than the 60 characters shown (at least 3 each with ", "): the rest is cut anyway
            shown = value.values if len(value.values) <= 21 else value.values[:21]
            text = "[" + ", ".join([_fmpq_text(v) for v in shown]) + ("]" if shown is value.values else "")
        else:
            text = _short(format_value(value))
        parts.append(f"{name}={text if len(text) <= 60 else text[:57] + '...'}")
    return ", ".join(parts)


def _message(before: str, after: str, env: dict[str, Any], *sides: Any) -> tuple[str, dict[str, Any]]:
    """A result's message, ``before + point + after`` and both sides' values when there are
    sides (left, right), and those values as text."""
    if not sides:
        return f"{before}{_point_text(env)}{after}", {}
    values = {"left": _text(sides[0]), "right": _text(sides[1])}
    return f"{before}{_point_text(env)}{after} ({values['left']} vs {values['right']})", values


_new = object.__new__


def _result(status: str, kind: str, reason: str, message: str, values: dict[str, Any] | None = None) -> WitnessCheck:
    """A WitnessCheck without the frozen dataclass's per-field ``object.__setattr__`` (equal to
    ``WitnessCheck(status, kind, reason, message, values or {})``)."""
    result = _new(WitnessCheck)
    result.__dict__.update(
        status=status, kind=kind, reason=reason, message=message, values={} if values is None else values
    )
    return result  # type: ignore[no-any-return]


#: Sides whose text can wait until a message is read: fmpq (immutable) and fmpq_mat (made by the
#: evaluation or the readers, and never changed).
_SETTLED = (fmpq, fmpq_mat)


#: The comparisons of a relation, as C functions (the same operators as _COMPARE's).
_COMPARE_FAST: dict[str, Callable[[Any, Any], Any]] = {
    "=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}  # fmt: skip
_deferred = WitnessCheck.deferred
#: ``operator.call`` (Python 3.11+: ``call(f, x)`` is ``f(x)`` at C speed), else the same in Python.
_CALL: Callable[..., Any] = getattr(operator, "call", None) or (lambda f, *args: f(*args))


class CompiledCheck:
    """A claim compiled once for checking many witnesses: variable readers, the definedness
    conditions, assumptions and body as closures, and every message's fixed part.

    ``check(assignment)`` gives the same WitnessCheck as the step-by-step :func:`_check` (the
    reference, compared by property tests), at a fraction of the cost per witness. The message and
    values are built when first read (see ``WitnessCheck.deferred``), from values that cannot
    change meanwhile; a sequence given as a :class:`Sequence` object (the caller's, which later
    reads may extend) is written into the message at once.
    """

    def __init__(self, claim: Claim) -> None:
        self.claim = claim
        quantifiers = claim.quantifiers
        self.mixed = len(quantifiers) > 1
        self.kind = "example" if quantifiers == {"exists"} else "counterexample"
        self.names = tuple(claim.variables)
        self.pairs = tuple((name, _reader(sort, name)) for name, sort in claim.variables.items())
        self.sequences = tuple(name for name, sort in claim.variables.items() if sort.kind == "Seq")
        self.conditions = [
            (compile_node(c), c, _undefined_reason(c), f" the claim is undefined: {_undefined_message(c)}")
            for c in _conditions(claim)
        ]
        self.assumptions = [(compile_node(a), a, f" the assumption '{term_text(a)}' fails") for a in claim.assumptions]
        body = claim.body
        self.sides = None
        if isinstance(body, Rel) and body.op in _COMPARE:
            self.sides = (compile_node(body.left), compile_node(body.right), _COMPARE_FAST[body.op])
        self.body_fn = compile_node(body)
        self.body_text = _body_text(claim)
        text = self.body_text
        verdicts = {  # (kind, holds) -> status, reason, the message's text before the point
            ("counterexample", True): ("rejected", "holds_there", "the claim holds at "),
            ("counterexample", False): ("verified", "claim_fails", f"'{text}' fails at "),
            ("example", True): ("verified", "claim_holds", f"'{text}' holds at "),
            ("example", False): ("rejected", "fails_there", f"'{text}' fails at "),
        }
        self.verdicts: dict[bool, tuple[Any, str, str]] = {holds: verdicts[self.kind, holds] for holds in (True, False)}
        self.check: Callable[[Mapping[str, Any]], WitnessCheck] = self._checker()
        """``check(assignment)``: the WitnessCheck of one assignment (a closure over the compiled parts)."""

    def _settled(self, env: dict[str, Any], assignment: Mapping[str, Any]) -> bool:
        """Whether no value of the point can change after the check (see the class's docstring)."""
        for name in self.sequences:
            if env[name] is assignment[name]:
                return False
        return True

    def _done(self, status: Any, reason: str, before: str, after: str, env: dict[str, Any],
              assignment: Mapping[str, Any]) -> WitnessCheck:  # fmt: skip
        """A result without sides, its message deferred where the point cannot change."""
        if self._settled(env, assignment):
            return _deferred(status, self.kind, reason, (_message, before, after, env))
        return _result(status, self.kind, reason, _message(before, after, env)[0])

    def _checker(self) -> Callable[[Mapping[str, Any]], WitnessCheck]:
        claim, kind, pairs, count, sequences = self.claim, self.kind, self.pairs, len(self.names), self.sequences
        conditions, assumptions, sides, body_fn, verdicts = (
            self.conditions, self.assumptions, self.sides, self.body_fn, self.verdicts
        )  # fmt: skip
        done, settled_types = self._done, _SETTLED
        if self.mixed:
            return lambda assignment: _check(claim, assignment)
        names, readers = self.names, tuple(read for _, read in pairs)
        values_of = operator.itemgetter(*names) if count > 1 else None  # the raw values, as a tuple
        call, new_result = _CALL, _new
        holding, failing = verdicts[True], verdicts[False]

        has_sides = sides is not None
        left_fn, right_fn, compare = sides if sides is not None else (body_fn, body_fn, operator.eq)

        def check(assignment: Mapping[str, Any]) -> WitnessCheck:
            env = None
            if len(assignment) == count:  # the compiled readers (to_env reads anything they refuse)
                try:
                    if values_of is not None:  # each reader on its value, at C speed
                        env = dict(zip(names, map(call, readers, values_of(assignment))))
                    else:
                        read_env = {}
                        for name, read in pairs:
                            read_env[name] = read(assignment[name])
                        env = read_env
                except (KeyError, ValueError_, _OutsideDomain):
                    env = None
            if env is None:
                env, reason, message = to_env(claim, assignment)
                if env is None:
                    return _result("rejected", kind, reason, message)
            try:
                if conditions:
                    for fn, node, reason, after in conditions:
                        try:
                            ok = fn(env)
                        except Inexact:
                            ok = _fallback_truth(node, env, claim)
                        if not ok:
                            return done("rejected", reason, "at ", after, env, assignment)
                if assumptions:
                    for fn, node, after in assumptions:
                        try:
                            ok = fn(env)
                        except Inexact:
                            ok = _fallback_truth(node, env, claim)
                        if not ok:
                            return done("rejected", "assumption_fails", "at ", after, env, assignment)
                if has_sides:
                    try:
                        left = left_fn(env)
                        right = right_fn(env)
                    except Inexact:
                        holds = _truth(claim.body, env, claim)
                    else:
                        status, reason, before = holding if compare(left, right) else failing
                        if type(left) in settled_types and type(right) in settled_types:
                            for name in sequences:
                                if env[name] is assignment[name]:
                                    break
                            else:  # nothing in the message can change: built when read (WitnessCheck.deferred, inline)
                                result = new_result(WitnessCheck)
                                state = result.__dict__
                                state["status"], state["kind"], state["reason"] = status, kind, reason
                                state["_text"] = (_message, before, "", env, left, right)
                                return result  # type: ignore[no-any-return]
                        message, values = _message(before, "", env, left, right)
                        return _result(status, kind, reason, message, values)
                else:
                    try:
                        holds = bool(body_fn(env))
                    except Inexact:
                        holds = _fallback_truth(claim.body, env, claim)
            except Inexact as exc:
                return done("rejected", "inexact_undecided", "at ", f": {exc.reason}, and exact comparison failed",
                            env, assignment)  # fmt: skip
            except TooLarge as exc:
                return done("rejected", "too_large", "at ", f": {exc.reason}", env, assignment)
            except EvalError as exc:
                return done("rejected", _undefined_kind(exc), "at ", f" the claim is undefined: {exc.reason}",
                            env, assignment)  # fmt: skip
            status, reason, before = verdicts[holds]
            return done(status, reason, before, "", env, assignment)

        return check


def compiled_check(claim: Claim) -> CompiledCheck:
    """The claim's CompiledCheck, cached by identity (a caller checking many witnesses of one
    claim object compiles it once)."""
    return _by_identity(_CHECKERS, claim, CompiledCheck)  # type: ignore[no-any-return]


#: How long a batch's deadline may serve successive checks: each check's deadline is at least
#: ``timeout`` after its start and at most this much more (setting it costs more than a short check).
DEADLINE_SLACK = 0.001


def check_many(claim: Claim, assignments: Iterable[Mapping[str, Any]], timeout: float = 10.0) -> list[WitnessCheck]:
    """``[check_witness(claim, a, timeout) for a in assignments]``, with the claim compiled once;
    each check has its own deadline of ``timeout`` seconds (up to DEADLINE_SLACK more).

    The cyclic garbage collector is paused for the batch (and resumed as it was, whatever happens): every
    result kept holds a few objects the collector tracks, so a batch of thousands triggers collections
    that scan all the results kept so far, about a quarter of a sequence batch's time in the bench,
    while a check makes no reference cycles (reference counting frees what it drops either way)."""
    check = compiled_check(claim).check
    set_deadline, monotonic = DEADLINE.set, time.monotonic
    collecting = gc.isenabled()
    gc.disable()
    renew = monotonic()
    token = set_deadline(renew + timeout + DEADLINE_SLACK)
    renew += DEADLINE_SLACK
    try:
        out: list[WitnessCheck] = []
        append = out.append
        for assignment in assignments:
            now = monotonic()
            if now >= renew:  # the deadline set last is less than timeout away: this check's own
                set_deadline(now + timeout + DEADLINE_SLACK)  # (the batch's token restores the caller's)
                renew = now + DEADLINE_SLACK
            append(check(assignment))
        return out
    finally:
        DEADLINE.reset(token)
        if collecting:
            gc.enable()
