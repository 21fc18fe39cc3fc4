"""The three verifier kinds behind one interface."""

from __future__ import annotations

from pyverify.audit import CallableChecker, ExactAnswerVerifier, TestSuiteVerifier, Verifier

TEST = "def check(candidate):\n    assert candidate(2) == 4\n"


def test_test_suite_verifier_accepts_rejects_and_times_out() -> None:
    suite = TestSuiteVerifier(TEST, "double")
    assert isinstance(suite, Verifier)
    assert suite.accepts("def double(x):\n    return 2 * x\n").accepted is True
    assert suite.accepts("def double(x):\n    return x\n").accepted is False
    assert suite.accepts("import sys\ndef double(x):\n    sys.exit(0)\n").accepted is False  # an early exit is no pass
    from pyverify.audit._sandbox import Limits

    slow = TestSuiteVerifier(TEST, "double", Limits(wall_s=1.0, cpu_s=1.0))
    decision = slow.accepts("def double(x):\n    while True:\n        pass\n")
    assert decision.accepted is False and "timeout" in decision.reason


def test_exact_answer_verifier() -> None:
    exact = ExactAnswerVerifier("f", (((2,), ["value", 4]), ((-1,), ["value", -2])))
    assert exact.accepts("def f(x):\n    return x * 2\n").accepted is True
    assert exact.accepts("def f(x):\n    return abs(x) * 2\n").accepted is False
    assert exact.accepts("def f(x):\n    return float(x * 2)\n").accepted is False  # 4.0 is not 4


def test_callable_checker_is_trusted_data_only() -> None:
    checker = CallableChecker(lambda state: state.get("x") == 1, "x-is-one")
    assert checker.accepts({"x": 1}).accepted is True
    assert checker.accepts({"x": 2}).accepted is False
    assert checker.accepts(None).accepted is None  # a crash of the checker is no decision
