"""Answer equivalence against an independent mpmath oracle, and the hostile universal-key corpus."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyverify.audit import _answer_oracle as o
from pyverify.audit import _self

ROOT = Path(__file__).resolve().parents[2]
#: The CI sizes: both checks together stay under about two minutes on two slow cores.
CI_PAIRS = 600
CI_CANDIDATES = 600
CI_TIMEOUT = 2.0


def verdict(reference: o.Side, candidate: o.Side) -> str:
    return o.oracle_verdict(reference, candidate, seed=7).verdict


def s(t: o.Term) -> o.Side:
    return o.scalar(t)


# ---------------------------------------------------------------- the oracle itself


def test_oracle_separates_tiny_differences():
    two = o.num(2)
    assert verdict(s(o.frac(o.num(1), o.power(two, 60))), s(o.frac(o.num(1), o.power(two, 61)))) == "different"
    assert verdict(s(o.pi()), s(o.frac(o.num(355), o.num(113)))) == "different"
    assert verdict(s(o.euler()), s(o.num(Fraction("2.718281828459045"), "2.718281828459045"))) == "different"
    assert verdict(s(o.sqrt(two)), s(o.num(Fraction("1.41421356237310"), "1.41421356237310"))) == "different"
    x2 = o.add(o.power(o.var("x"), 2), o.num(1))
    assert verdict(s(x2), s(o.add(x2, o.power(o.num(10), -30)))) == "different"
    ramanujan = o.exp(o.mul(o.pi(), o.sqrt(o.num(163)), ""))
    assert verdict(s(ramanujan), s(o.add(o.power(o.num(640320), 3), o.num(744)))) == "different"


def test_oracle_says_undefined_for_values_that_do_not_exist():
    zero, x = o.num(0), o.var("x")
    assert verdict(s(o.frac(zero, zero)), s(o.frac(zero, zero))) == "undefined"
    assert verdict(s(o.num(17)), s(o.frac(o.num(1), zero))) == "undefined"
    assert verdict(s(o.ln(zero, "\\log")), s(o.num(0))) == "undefined"
    assert verdict(s(o.sqrt(o.num(-1))), s(o.num(0))) == "undefined"
    assert verdict(s(o.add(o.power(x, 2), o.num(1))), s(o.frac(x, zero))) == "undefined"
    assert verdict(s(o.power(zero, -1)), s(o.num(1))) == "undefined"
    # defined on half-lines that meet only at 0: no common point with an open neighbourhood
    assert verdict(s(o.sqrt(x)), s(o.sqrt(o.neg(x)))) == "undefined"
    # an undefined element makes the whole set undefined
    assert verdict(o.set_of([o.num(1)]), o.set_of([o.num(1), o.frac(o.num(1), zero)])) == "undefined"


def test_oracle_says_equal_for_rewritten_values():
    x, y = o.var("x"), o.var("y")
    assert verdict(s(o.sqrt(o.num(8))), s(o.mul(o.num(2), o.sqrt(o.num(2)), ""))) == "equal"
    assert verdict(s(o.num(Fraction(1, 2), "0.5")), s(o.frac(o.num(1), o.num(2), "slash"))) == "equal"
    square = o.power(o.add(x, o.num(1)), 2)
    expanded = o.add(o.add(o.power(x, 2), o.mul(o.num(2), x, "")), o.num(1))
    assert square.latex == "(x + 1)^{2}" and expanded.latex == "x^{2} + 2x + 1"
    assert verdict(s(square), s(expanded)) == "equal"
    assert verdict(o.set_of([o.num(1), o.num(2)]), o.set_of([o.num(2), o.num(1), o.num(1)])) == "equal"
    assert verdict(s(o.mul(x, y, "")), s(o.mul(y, x, ""))) == "equal"
    # √x and x^(1/2) are defined for x >= 0 only: the sign patterns of the sample points see that half-line
    assert verdict(s(o.sqrt(x)), s(o.power(x, o.frac(o.num(1), o.num(2))))) == "equal"
    assert verdict(s(o.sqrt(o.power(x, 2))), s(o.absolute(x))) == "equal"
    assert verdict(s(o.sqrt(o.power(x, 2))), s(x)) == "different"


def test_oracle_compares_structures():
    a, b = o.num(0), o.num(1)
    assert verdict(o.interval(a, b, (True, False)), o.interval(a, b, (True, True))) == "different"
    assert verdict(o.interval(a, o.infinity(1), (True, False)), o.interval(a, o.infinity(1, "+\\infty"), (True, True))) == "equal"
    assert verdict(o.tuple_of([a, b]), o.tuple_of([b, a])) == "different"
    assert verdict(o.set_of([a, b]), o.interval(a, b, (True, True))) == "different"
    m = o.matrix([[a, b], [o.num(2), o.num(3)]])
    assert m.latex == "\\begin{pmatrix} 0 & 1 \\\\ 2 & 3 \\end{pmatrix}"
    assert verdict(m, o.matrix([[a, o.num(2)], [b, o.num(3)]], "bmatrix")) == "different"
    assert verdict(m, o.matrix([[o.num(0, "0.0"), o.frac(o.num(2), o.num(2))], [o.num(2), o.sqrt(o.num(9))]])) == "equal"


def test_the_panel_is_pairwise_different_for_the_oracle():
    sides = o.panel_sides()
    assert [x.latex.replace(" ", "") for x in sides] == [p.replace(" ", "") for p in (
        "17", "\\frac{1}{2}", "2\\sqrt{2}", "\\{1,2\\}", "x^{2}+1", "[0,1)", "(1,2)", "\\pi", "0", "-3", "12")]
    for i, a in enumerate(sides):
        for b in sides[i + 1 :]:
            assert verdict(a, b) == "different", (a.latex, b.latex)


@settings(max_examples=200, deadline=None)
@given(st.fractions(min_value=-10**6, max_value=10**6), st.integers(0, 10**6))
def test_every_notation_of_a_rational_means_it(q: Fraction, seed: int):
    import random

    rng = random.Random(seed)
    for term in (o.rational_term(q, rng), o.number_side(q, rng).parts[0]):
        assert o.close(o.evaluate(term, {}), o._q(q)), (q, term.latex)


# ---------------------------------------------------------------- the generators


def test_generators_are_deterministic_per_seed():
    first = [(p.category, p.reference.latex, p.candidate.latex) for p in o.generate_pairs(300, 5)]
    again = [(p.category, p.reference.latex, p.candidate.latex) for p in o.generate_pairs(300, 5)]
    other = [(p.category, p.reference.latex, p.candidate.latex) for p in o.generate_pairs(300, 6)]
    assert first == again and first != other
    assert o.hostile_candidates(500, 5) == o.hostile_candidates(500, 5) != o.hostile_candidates(500, 6)


@pytest.mark.slow
def test_full_size_pairs_are_distinct_and_the_oracle_agrees_with_the_generator():
    pairs = o.generate_pairs(10_000, 0)
    assert len({(p.reference.latex, p.candidate.latex) for p in pairs}) == 10_000
    assert set(Counter(p.category for p in pairs)) == set(o.CATEGORIES)
    verdicts = Counter(o.judge(p).verdict for p in pairs)
    assert min(verdicts.values()) >= 900, verdicts  # equal, different and undefined are all well represented
    # the oracle judges by evaluation, not by what the generator meant; they disagree only where a changed
    # set element happens to equal another element
    mismatches = [p for p in pairs if o.judge(p).verdict != p.intent]
    assert len(mismatches) <= 20 and all(p.category == "set" for p in mismatches), mismatches[:5]


def test_full_size_corpus_is_distinct_and_hostile():
    corpus = o.hostile_candidates(10_000, 0)
    assert len(set(corpus)) == 10_000 and o.combinations() > 10**6
    text = "".join(c[:400] for c in corpus)
    for needle in ("\x00", "\u200b", "\uff11", "х", "\u2212", "\u2215", "\\boxed", "\\input", "\\catcode", "0/0",
                   "10^{10^{10}}", "9!!!!!!", "either", "\U0001f914"):
        assert needle in text, needle
    assert "" in corpus and any(len(c) >= 100_000 for c in corpus) and "{" * 100 + "17" + "}" * 100 in corpus
    assert any(c.count("\\boxed") >= 20 for c in corpus) and any(c.count("{") >= 100 and "}" not in c for c in corpus)


# ---------------------------------------------------------------- planted failures are caught


def _cert(status: str) -> SimpleNamespace:
    return SimpleNamespace(status=status, witness=None, reason=None)


def test_an_equivalence_that_says_equal_to_everything_is_caught():
    run = o.run_oracle(80, 1, 1.0, decide=lambda r, c, t: _cert("equal"))
    assert run.equal_but_different > 0 and run.equal_but_undefined > 0 and run.failed
    assert {f["failure"] for f in run.failures} == {"equal_but_different", "equal_but_undefined"}
    key = o.run_universal_key(40, 1, 1.0, decide=lambda r, c, t: _cert("equal"))
    assert key.multi_equal == key.candidates - key.not_compared > 0 and key.failed


def test_wrong_witnesses_undefined_claims_crashes_and_overruns_are_caught():
    run = o.run_oracle(60, 2, 1.0, decide=lambda r, c, t: _cert("different"))
    assert run.different_but_equal > 0 and run.equal_but_different == 0
    run = o.run_oracle(60, 2, 1.0, decide=lambda r, c, t: _cert("undefined"))
    assert run.undefined_but_defined > 0 and run.failed

    def crash(r: str, c: str, t: float) -> SimpleNamespace:
        raise RuntimeError("boom")

    run = o.run_oracle(5, 2, 1.0, decide=crash)
    assert run.errors == 5 and run.failed

    def slow(r: str, c: str, t: float) -> SimpleNamespace:
        time.sleep(0.3)
        return _cert("unknown")

    key = o.run_universal_key(0, 0, 0.05, margin=0.1, decide=slow, candidates=["17"], references=["17", "12"])
    assert key.overruns == 2 and key.failed
    key = o.run_universal_key(0, 0, 1.0, decide=crash, candidates=["17", "\\frac{"], references=["17"])
    assert key.crashes == 1 and key.not_compared == 1


def test_a_call_stuck_in_this_process_is_stopped(monkeypatch):
    # pure-Python work before or after the engine calls is out of the worker's reach: the check stops it
    # (SIGALRM) instead of hanging, counts an overrun and skips the candidate's other references
    monkeypatch.setattr(o, "HANG_GRACE", 0.3)

    def spin(r: str, c: str, t: float) -> SimpleNamespace:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            pass
        return _cert("equal")

    started = time.monotonic()
    key = o.run_universal_key(0, 0, 0.1, margin=0.1, decide=spin, candidates=["17", "12"], references=["17", "0", "12"])
    assert time.monotonic() - started < 10
    assert key.overruns == 2 and key.skipped_comparisons == 4 and key.statuses == {"hung": 2} and key.failed
    assert {f["failure"] for f in key.failures} == {"hang"}
    run = o.run_oracle(2, 0, 0.1, margin=0.1, decide=spin)
    assert run.overruns == 2 and run.pyverify == {"hung": 2} and run.failed


# ---------------------------------------------------------------- pyverify itself, at the CI size


@pytest.mark.slow
def test_no_pair_is_judged_against_the_oracle():
    run = o.run_oracle(CI_PAIRS, 0, CI_TIMEOUT)
    failures = "\n".join(o.iter_failures(run))
    assert run.failure_count == 0, f"{run.to_dict() | {'failures': None}}\n{failures}"
    assert run.pairs == CI_PAIRS and sum(run.agree.values()) >= CI_PAIRS * 0.9


@pytest.mark.slow
def test_no_hostile_candidate_is_a_universal_key():
    # in a fresh process, so that the engines' libraries it imports can be seen: the comparisons evaluate in
    # the worker, never here
    code = ("import json, sys\nfrom pyverify.audit import _answer_oracle as o\n"
            f"run = o.run_universal_key({CI_CANDIDATES}, 0, {CI_TIMEOUT})\n"
            "print(json.dumps(run.to_dict()))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    run = json.loads(out.stdout.strip().splitlines()[-1])
    failures = "\n".join(json.dumps(f, ensure_ascii=False) for f in run["failures"])
    assert run["multi_equal"] == 0 and run["crashes"] == 0 and run["overruns"] == 0, failures
    assert run["candidates"] == CI_CANDIDATES and run["comparisons"] >= 1000
    assert not {"sympy", "z3"} & set(run["engine_modules_loaded_here"])


def test_audit_self_reports_the_answer_checks(tmp_path: Path, capsys, monkeypatch):
    planted = {"n": 0}

    def equal_once(reference: str, candidate: str, timeout: float) -> SimpleNamespace:
        planted["n"] += 1
        return _cert("equal")

    monkeypatch.setattr(o, "_decide", equal_once)
    code = _self.audit_self(tmp_path, True, limit=1, mutants=0, semantics_claims=0, answer_pairs=20,
                            hostile_candidates=15, answer_timeout=1.0)  # fmt: skip
    assert code == 1 and planted["n"] > 20
    record = json.loads((tmp_path / "audit.json").read_text())
    assert record["schema_version"] == 3
    assert record["answer_oracle"]["pairs"] == 20 and record["answer_oracle"]["failure_count"] > 0
    assert record["universal_key"]["candidates"] == 15 and record["universal_key"]["multi_equal"] > 0
    markdown = (tmp_path / "audit.md").read_text()
    assert "## answers against an independent oracle" in markdown and "## universal-key corpus" in markdown
    assert "| failure |" in markdown
    printed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert printed["answer-oracle"]["pairs"] == 20 and printed["universal-key"]["multi_equal"] > 0


def test_the_command_line_defaults_are_the_modules():
    import inspect

    from pyverify.audit import _commands

    parameters = inspect.signature(_commands.self_audit).parameters
    assert parameters["answer_pairs"].default.default == o.DEFAULT_PAIRS
    assert parameters["hostile_candidates"].default.default == o.DEFAULT_CANDIDATES
    assert parameters["answer_timeout"].default.default == o.DEFAULT_TIMEOUT
