"""Answer equivalence checked against an independent oracle, and a hostile "universal key" corpus.

Two checks of :func:`pyverify.answers.equivalent_answers` (run by ``pyverify audit self``, by the tests at a
small size and by ``benchmarks/answer_oracle_bench.py`` at full size):

* **The oracle check** (:func:`run_oracle`). Seeded answer pairs written as LaTeX
  (:mod:`pyverify.audit._oracle_pairs`, in many notations: :mod:`pyverify.audit._oracle_notations`), each
  side built together with its own meaning, are decided by pyverify and re-judged by an mpmath oracle that
  never reads pyverify's text and shares no code with pyverify's parser or engine
  (:mod:`pyverify.audit._oracle_meaning`). Soundness failures: pyverify says ``equal`` where the oracle
  separates the answers or a side is undefined; pyverify says ``different`` (claiming a witness) where the
  oracle finds them equal; pyverify says ``undefined`` where both sides have values.
* **The universal-key check** (:func:`run_universal_key`). At least 10,000 hostile or odd candidate strings
  (:mod:`pyverify.audit._oracle_corpus`) are compared with a panel of pairwise-different references. No
  candidate may equal two references; no call may raise or overrun its deadline. Candidates are parsed once
  first; one that is ``unparsed`` or ``ambiguous`` can never be equal and is not compared. Nothing is
  evaluated in this process: every engine call goes through ``equivalent_answers``, which runs the engines in
  the isolated worker.

This module is the runner, the top of those modules: it calls pyverify under a deadline (and guards each
call in this process too), counts, and returns the records of :mod:`pyverify.audit._oracle_report`, where
the report sections live. The names of those modules are imported here as well, so that
``pyverify.audit._answer_oracle`` remains the one place to reach the checks from. The deciders
(``_decide``, ``_parse``) and the limits (``HANG_GRACE``) stay here: tests replace them on this module.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Sequence

from pyverify.audit._oracle_corpus import PANEL, PLAIN, combinations, hostile_candidates, panel_sides
from pyverify.audit._oracle_meaning import (
    ATOM,
    DIGITS,
    POINTS,
    POW,
    PROD,
    SUM,
    TOLERANCE_EXPONENT,
    Env,
    Evaluate,
    Judgement,
    OracleVerdict,
    Side,
    SideKind,
    Term,
    Undefined,
    absolute,
    add,
    close,
    euler,
    evaluate,
    exp,
    frac,
    infinity,
    interval,
    ln,
    log,
    matrix,
    mul,
    neg,
    num,
    oracle_verdict,
    pi,
    power,
    root,
    sample_points,
    scalar,
    set_of,
    sqrt,
    sub,
    trig,
    tuple_of,
    var,
)
from pyverify.audit._oracle_meaning import _q as _q
from pyverify.audit._oracle_notations import integer_term, number_side, radical_term, rational_term
from pyverify.audit._oracle_pairs import CATEGORIES, AnswerPair, Intent, Made, generate_pairs, judge
from pyverify.audit._oracle_report import OracleRun, UniversalKeyRun, iter_failures, markdown
from pyverify.parallel._deadline import time_limit

# Everything the checks are made of stays importable from here, as before the split: the runner's own
# code uses a few of these names and re-exports the rest for its callers (``_q``, imported as itself, is a
# helper the tests read through this module).
__all__ = ["ATOM", "AnswerPair", "CATEGORIES", "DEFAULT_CANDIDATES", "DEFAULT_MARGIN", "DEFAULT_PAIRS",
           "DEFAULT_TIMEOUT", "DIGITS", "Decider", "ENGINE_MODULES", "Env", "Evaluate", "HANG_GRACE", "Intent",
           "Judgement", "KEEP", "Made", "OracleRun", "OracleVerdict", "PANEL", "PLAIN", "POINTS", "POW", "PROD", "SUM",
           "Side", "SideKind", "TOLERANCE_EXPONENT", "Term", "Undefined", "UniversalKeyRun", "absolute", "add", "close",
           "combinations", "euler", "evaluate", "exp", "frac", "generate_pairs", "hostile_candidates", "infinity",
           "integer_term", "interval", "iter_failures", "judge", "ln", "log", "markdown", "matrix", "mul", "neg", "num",
           "number_side", "oracle_verdict", "panel_sides", "pi", "power", "radical_term", "rational_term", "root",
           "run_oracle", "run_universal_key", "sample_points", "scalar", "set_of", "sqrt", "sub", "trig", "tuple_of",
           "var"]  # fmt: skip

# ---------------------------------------------------------------- running pyverify against the oracle

#: Seconds a call may take beyond its deadline before it counts as an overrun: the worker's own grace
#: (1.5 s) and the restart of a worker killed by the previous call (about a second).
DEFAULT_MARGIN = 3.0
#: Defaults of ``pyverify audit self`` (about a minute together on a slow machine).
DEFAULT_PAIRS = 1000
DEFAULT_CANDIDATES = 500
DEFAULT_TIMEOUT = 2.0
#: Failing examples kept per failure kind.
KEEP = 25


def _failure_kind(status: str, verdict: OracleVerdict) -> str | None:
    if status == "equal" and verdict == "different":
        return "equal_but_different"
    if status == "equal" and verdict == "undefined":
        return "equal_but_undefined"
    if status == "different" and verdict == "equal":
        return "different_but_equal"
    if status == "undefined" and verdict != "undefined":
        return "undefined_but_defined"
    return None


Decider = Callable[[str, str, float], Any]


def _decide(reference: str, candidate: str, timeout: float) -> Any:
    from pyverify.answers import equivalent_answers

    return equivalent_answers(reference, candidate, timeout=timeout)


#: Seconds past ``timeout + margin`` after which a call still running is stopped (in this process: the
#: worker's deadline does not reach work done before or after the engine calls).
HANG_GRACE = 5.0


@dataclass(frozen=True)
class _Outcome:
    value: Any = None
    error: str | None = None
    hung: bool = False
    seconds: float = 0.0


def _guarded(call: Callable[[], Any], limit: float) -> _Outcome:
    """Run ``call``; an exception is an ``error``. In the main thread, a call still running after ``limit``
    seconds is interrupted (SIGALRM) and ``hung``: pure-Python work stuck in this process would otherwise stop
    the whole check. After a hang the engine worker is restarted, since it may still owe an answer."""
    t0 = time.monotonic()
    try:
        with time_limit(limit) as hard:
            value = call()
    except Exception as exc:  # a crash is a failure of its own, never a verdict
        return _Outcome(error=f"{type(exc).__name__}: {exc}", seconds=time.monotonic() - t0)
    if hard.expired:
        from pyverify.certify._worker import shutdown  # the runner's housekeeping, never the oracle's

        shutdown()
        return _Outcome(hung=True, seconds=time.monotonic() - t0)
    return _Outcome(value=value, seconds=time.monotonic() - t0)


def run_oracle(n: int = DEFAULT_PAIRS, seed: int = 0, timeout: float = DEFAULT_TIMEOUT, *,
               margin: float = DEFAULT_MARGIN, decide: Decider | None = None,
               progress: Callable[[int, int], None] | None = None,
               pairs: Sequence[AnswerPair] | None = None) -> OracleRun:  # fmt: skip
    """Decide ``n`` generated pairs with ``equivalent_answers`` and check every verdict against the oracle.

    ``decide`` replaces ``equivalent_answers`` (tests plant a wrong one); ``pairs`` replaces the generated
    list (then ``n`` is ignored).
    """
    decider = decide or _decide
    todo = list(pairs) if pairs is not None else generate_pairs(n, seed)
    oracle: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    agree: Counter[str] = Counter()
    fails: Counter[str] = Counter()
    by_category: dict[str, Counter[str]] = {}
    examples: list[dict[str, Any]] = []
    different_on_undefined = unknown = errors = overruns = 0
    slowest = 0.0
    started = time.monotonic()
    for done, pair in enumerate(todo):
        judgement = judge(pair, seed)
        oracle[judgement.verdict] += 1
        tally = by_category.setdefault(pair.category, Counter())
        tally["pairs"] += 1
        outcome = _guarded(partial(decider, pair.reference.latex, pair.candidate.latex, timeout),
                           timeout + margin + HANG_GRACE)  # fmt: skip
        spent = outcome.seconds
        if outcome.hung:
            status, witness, reason = "hung", None, f"stopped after {spent:.1f} s (in this process)"
        elif outcome.error is not None:
            status, witness, reason = "error", None, outcome.error
        else:
            cert = outcome.value
            status, witness, reason = cert.status, cert.witness, cert.reason
        slowest = max(slowest, spent)
        statuses[status] += 1
        kind = _failure_kind(status, judgement.verdict)
        if status == "error":
            kind = "error"
            errors += 1
        if spent > timeout + margin or outcome.hung:
            overruns += 1
            kind = kind or "overrun"
        if status == judgement.verdict:
            agree[status] += 1
        elif status == "unknown":
            unknown += 1
            tally["unknown"] += 1
        elif status == "different" and judgement.verdict == "undefined":
            different_on_undefined += 1
        if kind is not None:
            tally["failures"] += 1
            if kind not in ("error", "overrun"):
                fails[kind] += 1
            if sum(1 for e in examples if e["failure"] == kind) < KEEP:
                examples.append({"failure": kind, "category": pair.category, "note": pair.note,
                                 "reference": pair.reference.latex, "candidate": pair.candidate.latex,
                                 "pyverify": status, "oracle": judgement.verdict, "oracle_detail": judgement.detail,
                                 "witness": _short(witness), "reason": reason, "seconds": round(spent, 3)})  # fmt: skip
        if progress is not None:
            progress(done + 1, len(todo))
    return OracleRun(
        pairs=len(todo), seed=seed, timeout_s=timeout, oracle=dict(sorted(oracle.items())),
        pyverify=dict(sorted(statuses.items())), agree=dict(sorted(agree.items())),
        equal_but_different=fails["equal_but_different"], equal_but_undefined=fails["equal_but_undefined"],
        different_but_equal=fails["different_but_equal"], undefined_but_defined=fails["undefined_but_defined"],
        different_on_undefined=different_on_undefined, unknown=unknown, errors=errors, overruns=overruns,
        max_call_seconds=round(slowest, 3), seconds=round(time.monotonic() - started, 2),
        by_category={k: dict(sorted(v.items())) for k, v in sorted(by_category.items())},
        failures=tuple(examples),
    )  # fmt: skip


def _short(value: Any, limit: int = 300) -> Any:
    if value is None:
        return None
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


# ---------------------------------------------------------------- running the universal-key corpus

#: The engines' libraries: evaluation imports them (the worker does, the caller must not).
ENGINE_MODULES = ("sympy", "flint", "z3")


def _attribute(name: str, fn: Callable[..., Any], *args: Any) -> Any:
    return getattr(fn(*args), name)


def _parse(text: str) -> Any:
    from pyverify.answers import parse_answer

    return parse_answer(text)


def _printable(text: str, limit: int = 160) -> str:
    shown = text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"
    return shown.encode("unicode_escape").decode("ascii") if not shown.isprintable() else shown


def run_universal_key(n: int = DEFAULT_CANDIDATES, seed: int = 0, timeout: float = DEFAULT_TIMEOUT, *,
                      margin: float = DEFAULT_MARGIN, references: Sequence[str] = PANEL,
                      decide: Decider | None = None, parse: Callable[[str], Any] | None = None,
                      progress: Callable[[int, int], None] | None = None,
                      candidates: Sequence[str] | None = None) -> UniversalKeyRun:  # fmt: skip
    """Compare ``n`` hostile candidates with every reference of the panel.

    Each candidate is parsed once (``parse_answer``, in this process: parsing evaluates nothing); an
    ``unparsed`` or ``ambiguous`` one is counted and not compared. Every comparison goes through
    ``equivalent_answers`` (its engine calls run in the isolated worker) and is timed here: longer than
    ``timeout + margin`` is an overrun. ``decide`` and ``parse`` replace pyverify's (tests plant wrong ones);
    ``candidates`` replaces the generated corpus.
    """
    decider = decide or _decide
    parser = parse or _parse
    corpus = list(candidates) if candidates is not None else hostile_candidates(n, seed)
    before = {m for m in ENGINE_MODULES if m in sys.modules}
    kinds: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    examples: list[dict[str, Any]] = []
    not_compared = comparisons = skipped = equal_to_one = multi_equal = crashes = overruns = 0
    slowest = parse_seconds = 0.0
    started = time.monotonic()

    def keep(failure: str, **details: Any) -> None:
        if sum(1 for e in examples if e["failure"] == failure) < KEEP:
            examples.append({"failure": failure, **details})

    limit = timeout + margin + HANG_GRACE
    for done, candidate in enumerate(corpus):
        parsed = _guarded(partial(_attribute, "kind", parser, candidate), limit)
        parse_seconds += parsed.seconds
        kind = "error" if parsed.error is not None or parsed.hung else parsed.value
        kinds[kind] += 1
        if parsed.hung:
            overruns += 1
            keep("hang", candidate=_printable(candidate), reference=None, seconds=round(parsed.seconds, 2),
                 error="parsing stopped (in this process)")  # fmt: skip
        elif parsed.error is not None:  # parse_answer never raises
            crashes += 1
            keep("crash", candidate=_printable(candidate), reference=None, error=parsed.error)
        if kind in ("unparsed", "ambiguous", "error"):
            not_compared += 1
            if progress is not None:
                progress(done + 1, len(corpus))
            continue
        equal: list[str] = []
        for position, reference in enumerate(references):
            comparisons += 1
            outcome = _guarded(partial(_attribute, "status", decider, reference, candidate, timeout), limit)
            spent = outcome.seconds
            slowest = max(slowest, spent)
            status = "hung" if outcome.hung else "error" if outcome.error is not None else outcome.value
            statuses[status] += 1
            if outcome.error is not None:
                crashes += 1
                keep("crash", candidate=_printable(candidate), reference=reference, error=outcome.error)
            if outcome.hung:
                # stuck in this process, where no deadline reaches: the other references would hang as well
                overruns += 1
                skipped += len(references) - position - 1
                keep("hang", candidate=_printable(candidate), reference=reference, seconds=round(spent, 2),
                     error=f"stopped; {len(references) - position - 1} other references skipped")  # fmt: skip
                break
            if spent > timeout + margin:
                overruns += 1
                keep("overrun", candidate=_printable(candidate), reference=reference, seconds=round(spent, 2))
            if status == "equal":
                equal.append(reference)
        if len(equal) == 1:
            equal_to_one += 1
        elif len(equal) > 1:
            multi_equal += 1
            keep("multi_equal", candidate=_printable(candidate), kind=kind, references=equal)
        if progress is not None:
            progress(done + 1, len(corpus))
    loaded = tuple(sorted(m for m in ENGINE_MODULES if m in sys.modules and m not in before))
    return UniversalKeyRun(
        candidates=len(corpus), references=tuple(references), seed=seed, timeout_s=timeout, margin_s=margin,
        kinds=dict(sorted(kinds.items())), not_compared=not_compared, comparisons=comparisons,
        statuses=dict(sorted(statuses.items())), equal_to_one=equal_to_one, multi_equal=multi_equal, crashes=crashes,
        overruns=overruns, skipped_comparisons=skipped, max_call_seconds=round(slowest, 3),
        parse_seconds=round(parse_seconds, 2), seconds=round(time.monotonic() - started, 2),
        engine_modules_loaded_here=loaded, failures=tuple(examples),
    )  # fmt: skip
