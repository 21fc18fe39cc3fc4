"""The verdict of an answer comparison and its first layer: comparing two constants.

What every comparison in :mod:`pyverify.answers._equiv` shares — the verdict record, the deadline context, the two
exceptions that end a comparison early (unknown, undefined), the round trip to the engine worker — and the
comparison of two constant terms, which every other case reduces to: exact fractions in this process when both
are small rationals, otherwise the engine's arb enclosures and exact zero tests, with the identical-term and
certainly-defined shortcuts of :mod:`pyverify.answers._fast`. Split from ``_equiv`` (which keeps every name
importable) because nothing here calls back into the comparison of whole answers: the seam is one-way.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pyverify.answers._values import sign_choices
from pyverify.logic._ast import Node, Num, Op, walk
from pyverify.logic._semantics import _literal as _literal  # a numeral or its negation: the logic layer's

MAX_PM = 4  # at most 2^4 values from ± signs


class _Unknown(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Undefined(Exception):
    """An answer (or a part of it) has no value: the comparison ends as ``undefined``, never equal."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class _Verdict:
    status: str
    method: str
    witness: dict[str, Any] | None = None
    reason: str | None = None
    conditions: tuple[str, ...] = ()


class _Context:
    def __init__(self, timeout: float, tolerance: str | None, percent: str = "value",
                 exact_witness: bool = True, order: str = "any") -> None:  # fmt: skip
        self.deadline = time.monotonic() + timeout
        self.tolerance = tolerance
        self.percent = percent
        self.order = order
        """``any``: two lists are compared as sets (MATH's "enter all solutions"); ``written``: in their order."""
        self.exact_witness = exact_witness
        """False: a difference of irrationals is shown as written with its enclosure (the proof), not simplified."""
        self.witness = True
        """False while elements are only being matched (sets): a mismatch there needs no witness text."""

    def left(self) -> float:
        left = self.deadline - time.monotonic()
        if left <= 0.05:
            raise _Unknown("deadline exceeded")
        return left


def expand_pm(node: Node) -> list[Node]:
    """The values a term with ± denotes: ``1 ± √2`` is ``[1 + √2, 1 - √2]``."""
    count = sum(1 for n in walk(node) if isinstance(n, Op) and n.op == "pm")
    if count > MAX_PM:
        raise _Unknown(f"more than {MAX_PM} ± signs")
    return sign_choices(node)


def _call(fn: Any, args: tuple[Any, ...], ctx: _Context) -> Any:
    from pyverify.certify._worker import call_isolated

    result = call_isolated(fn, args, ctx.left(), ctx.deadline)  # killed at the call's deadline, not after it
    if result is None:
        raise _Unknown(f"{fn.__name__}: deadline exceeded or the engine failed")
    return result


def _text(node: Node) -> str:
    from pyverify.answers._parse import render_term

    return render_term(node)


# ---------------------------------------------------------------- constants


#: Numerals at most this large (and terms of at most SMALL_NODES nodes, no powers or factorials) are compared in
#: this process: exact fraction arithmetic on them is bounded and fast, and skips a round trip to the worker.
SMALL_NUMERAL = 10**30
SMALL_NODES = 64


def _small_rational(node: Node) -> Fraction | None:
    """The exact value of a small term of numerals with + - * / (division by zero: None, left to the engine)."""
    nodes = list(walk(node))
    if len(nodes) > SMALL_NODES:
        return None
    for n in nodes:
        if isinstance(n, Num):
            if abs(n.value.numerator) > SMALL_NUMERAL or n.value.denominator > SMALL_NUMERAL:
                return None
        elif not (isinstance(n, Op) and n.op in ("+", "-", "*", "/", "neg")):
            return None
    from pyverify.answers._forms import _rat

    return _rat(node)


def _sign(a: Node, b: Node, ctx: _Context) -> tuple[int | None, str, dict[str, Any]]:
    """Sign of a - b (None when undecided), the method, and the engine's evidence."""
    from pyverify.answers import _engine
    from pyverify.answers._fast import certainly_defined

    if ctx.tolerance is None:
        ra, rb = _small_rational(a), _small_rational(b)
        if ra is not None and rb is not None:
            d = ra - rb
            return (d > 0) - (d < 0), "rational", {"difference": str(d)}
    if a == b and certainly_defined(a):
        return 0, "structure", {"difference": "0"}  # the same term, with a value: no round trip to the engine
    info = _call(_engine.compare_constants, (a, b, ctx.tolerance), ctx)
    if info["sign"] is not None:
        return info["sign"], info["method"], info
    if "not a real number" in info.get("reason", "") or info.get("method") == "none" and "enclosure" not in info:
        # a side could not be evaluated: find out whether it has no value at all (undefined) or was too hard
        for side, term in (("reference", a), ("candidate", b)):
            reason = _call(_engine.undefined_reason, (term,), ctx)
            if reason:
                raise _Undefined(f"the {side} has no value: {reason} in {_text(term)}")
        return None, "none", info
    if ctx.tolerance is not None:
        return info["sign"], info["method"], info
    zero = _call(_engine.exact_zero, (a, b), ctx)
    if zero.get("zero") is True:
        return 0, zero["method"], info
    if zero.get("zero") is False:
        # nonzero but below 2^-4096: the sign is not needed for equality, only that it is not 0
        return 2, zero["method"], info
    return None, "none", dict(info, reason=zero.get("reason"))


def _constants(a: Node, b: Node, ctx: _Context) -> _Verdict:
    if a == b and ctx.tolerance is None and _small_rational(a) is None:
        # the same term on both sides: equal if it has a value at all (an enclosure, not a zero test of a - a)
        from pyverify.answers import _engine
        from pyverify.answers._fast import certainly_defined

        if certainly_defined(a):
            return _Verdict("equal", "structure")  # every part has a value: no round trip to the engine

        found = _call(_engine.value_of, (a,), ctx)
        if found.get("value") is not None:
            return _Verdict("equal", "structure")
        if found.get("undefined"):
            raise _Undefined(f"the answers have no value: {found['undefined']} in {_text(a)}")
    sign, method, info = _sign(a, b, ctx)
    if sign == 0:
        return _Verdict("equal", method)
    if sign is None:
        return _Verdict("unknown", "none", reason=info.get("reason", "undecided"))
    if not ctx.witness:
        return _Verdict("different", method, {"difference": str(info.get("difference", "nonzero"))})
    witness: dict[str, Any] = {"difference": _difference_text(a, b, info, ctx)}
    if "difference_exact" in info:
        witness["difference_exact"] = info["difference_exact"]  # the exact value, for --json (not printed)
    if "enclosure" in info:
        witness["enclosure"] = info["enclosure"]
    return _Verdict("different", method, witness)


def _difference_text(a: Node, b: Node, info: dict[str, Any], ctx: _Context) -> str:
    from pyverify.answers import _engine
    from pyverify.certify._worker import call_isolated

    if "difference" in info:
        return str(info["difference"])
    if not ctx.exact_witness:  # the enclosure beside it proves the difference nonzero; sympy would only simplify
        return f"({_text(a)}) - ({_text(b)})"
    try:
        exact = call_isolated(_engine.exact_difference, (a, b), min(ctx.left(), 5.0), ctx.deadline)
    except _Unknown:
        exact = None
    return str(exact) if exact is not None else f"({_text(a)}) - ({_text(b)})"


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"
