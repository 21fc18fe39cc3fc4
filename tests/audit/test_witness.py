"""Witness lines are parsed, never evaluated; witness search separates wrong candidates and discards
equivalent ones; surviving mutants that agree everywhere are reported as equivalent."""

from __future__ import annotations

import pytest

from pyverify.audit import (
    Candidate,
    Problem,
    Settings,
    WitnessLineError,
    _witness,
    audit_humaneval,
    parse_witness_line,
    verdict,
)

REFERENCE = 'def double(x: int) -> int:\n    """Twice x."""\n    unused = x + 1\n    return x * 2\n'
TEST = "def check(candidate):\n    assert candidate(2) == 4\n    assert candidate(0) == 0\n"
PROBLEM = Problem("Toy/0", REFERENCE, "", TEST, "double")


def test_witness_line_literals() -> None:
    assert parse_witness_line("# witness: f([1, 2], 'a', {'k': (1, 2.5)}, -3)", "f") == (
        [1, 2],
        "a",
        {"k": (1, 2.5)},
        -3,
    )
    assert parse_witness_line("# witness: f()", "f") == ()
    assert parse_witness_line("def f(): pass", "f") is None


@pytest.mark.parametrize(
    "line",
    [
        "# witness: __import__('os').system('x')",
        "# witness: f(__import__('os').system('x'))",
        "# witness: g(1)",
        "# witness: f(x=1)",
        "# witness: f(*[1])",
        "# witness: f(1",
        "# witness: f(1e999)",
        "# witness: f([i for i in range(3)])",
    ],
)
def test_hostile_witness_lines_are_refused(line: str) -> None:
    with pytest.raises(WitnessLineError) as err:
        parse_witness_line(line, "f", "dir/HumanEval_1.py", 1)
    assert "dir/HumanEval_1.py:1" in str(err.value)


def test_inputs_from_tests_and_signature() -> None:
    test = (
        "def check(candidate):\n    assert candidate([1, 2], 3) == 1\n    for i in range(3):\n        candidate(i, 1)\n"
    )
    assert _witness.test_inputs(test) == [([1, 2], 3)]
    made = _witness.generated_inputs("def f(xs: list, n: int):\n    return 0\n", "f", [([1, 2], 3)], count=10, seed=1)
    assert made == _witness.generated_inputs(
        "def f(xs: list, n: int):\n    return 0\n", "f", [([1, 2], 3)], count=10, seed=1
    )
    assert ([1, 2], 2) in made and ([1, 2], 4) in made  # neighbours of the tests' own integers
    assert all(len(args) == 2 for args in made) and ([1, 2], 3) not in made


def _audit(*candidates: Candidate):
    return audit_humaneval([PROBLEM], candidates, Settings(workers=2)).items[0]


def test_equivalent_mutants_are_kept_out_of_d2_and_wrong_candidates_are_found() -> None:
    wrong = Candidate(
        "adv", "Toy/0", "wrong.py", "def double(x):\n    return x + 2 if x == 2 else x * 2 + (x > 5)\n", None
    )
    same = Candidate("adv", "Toy/0", "same.py", "def double(x):\n    return x + x\n", None)
    given = Candidate("adv", "Toy/0", "given.py", wrong.source, (9,))
    bad_given = Candidate("adv", "Toy/0", "bad.py", wrong.source, (2,))  # agrees at 2: search finds another
    result = _audit(wrong, same, given, bad_given)
    # the dead store `unused = x + 1` gives mutants that agree on every input: likely equivalent
    assert result.mutants_equivalent >= 3
    assert result.mutants_killed + result.mutants_equivalent <= result.mutants_run
    assert result.mutants_killed == result.mutants_run - result.mutants_equivalent  # x * 3, x // 2, ... all fail
    by_id = {a.candidate_id: a for a in result.d3}
    assert by_id["wrong.py"].separated and by_id["wrong.py"].accepted is True and by_id["wrong.py"].witness
    assert not by_id["same.py"].separated and by_id["same.py"].accepted is None  # discarded
    assert by_id["given.py"].witness == "double(9)" and "given" in by_id["given.py"].detail
    assert by_id["bad.py"].separated and by_id["bad.py"].witness != "double(2)"
    assert str(verdict(result)) == "FALSE-POSITIVE"


def test_a_candidate_that_raises_where_the_reference_returns_is_separated_and_rejected() -> None:
    crash = Candidate("adv", "Toy/0", "crash.py", "def double(x):\n    raise ValueError\n", None)
    hostile = Candidate(
        "adv",
        "Toy/0",
        "spy.py",
        "report([0, {'verdict': 'loaded', 'outputs': []}])\ndef double(x):\n    return x * 2\n",
        None,
    )
    result = _audit(crash, hostile)
    by_id = {a.candidate_id: a for a in result.d3}
    assert by_id["crash.py"].separated and by_id["crash.py"].accepted is False
    assert "raises ValueError" in by_id["crash.py"].detail
    assert not by_id["spy.py"].separated  # wrote to the report channel itself: not measured, discarded
    assert str(verdict(result)) == "ADEQUATE"


def test_secretly_correct_candidates_are_never_counted_as_wrong() -> None:
    """Each of these returns the right answer as far as any ``==``-based check can tell; a witness that
    'separates' them would manufacture a false positive (the suite accepts them all)."""
    sources = {
        # a float (or bool) equal to the int answer under ==
        "float.py": "def double(x):\n    return float(x * 2)\n",
        # right value, lying repr/str: must be read as the int it is
        "liar.py": "class I(int):\n    def __repr__(self): return '99'\n    __str__ = __repr__\n"
        "def double(x):\n    return I(x * 2)\n",
        # right value, slow on one generated input only (well past the 0.25 s call deadline)
        "slow.py": "import time\ndef double(x):\n    if x == 7:\n        time.sleep(1.0)\n    return x * 2\n",
        # mutates its (copied) argument in place; answer unchanged
        "list.py": "def double(x):\n    return [x][0] * 2\n",
    }
    result = _audit(*(Candidate("adv", "Toy/0", name, source, None) for name, source in sources.items()))
    for attempt in result.d3:
        assert not attempt.separated and attempt.accepted is None, attempt
    assert str(verdict(result)) == "UNAUDITED-D3"


def test_comparison_rules_of_the_witness() -> None:
    value = _witness.first_disagreement
    ref = [["value", 2], ["value", ["list", [1, 2], 2]], ["raises", "ValueError"], ["value", ["object", "G", "<G>"]]]
    assert value(ref, [["value", 2.0], ["value", ["list", [True, 2.0], 2]], ["value", 0], ["value", 5]]) is None
    assert value(ref, [["value", 2], ["value", ["tuple", [1, 2], 2]], ["value", 0], ["value", 5]]) == 1
    assert value(ref, [["timeout"], ["value", ["list", [1, 2], 2]], ["timeout"], ["timeout"]]) == 0
    assert value(ref, [["timeout"], ["value", ["list", [1, 2], 2]]], timeouts_separate=False) is None
    assert value(ref, [["raises", "TypeError"]], timeouts_separate=False) == 0


def test_generated_inputs_stay_inside_the_domain_the_tests_exercise() -> None:
    from pyverify.audit._witness import generated_inputs, observed_domain

    observed = [(3, 5), (0, 7), (10, 11)]
    inside = observed_domain(observed)
    assert inside((1, 2)) and not inside((-1, 2)) and not inside((1, -3))
    reference = "def modp(n: int, p: int):\n    return pow(2, n, p)\n"
    for args in generated_inputs(reference, "modp", observed, count=24, seed=1):
        assert min(args) >= 0, args
    lists = [([1, 2],), ([3],)]
    assert not observed_domain(lists)(([],)) and not observed_domain(lists)(([-1],))
    assert observed_domain([([],), ([-2, 1],)])(([-5],))  # the tests use empty and negative: so may witnesses


def test_a_candidate_wrong_only_outside_the_tested_domain_is_discarded() -> None:
    # the suite only tries non-negative x; whether double(-1) may be anything is the docstring's business,
    # so a difference there proves nothing and the candidate counts nowhere
    outside = Candidate("adv", "Toy/0", "outside.py", "def double(x):\n    return x * 2 + (x < 0)\n", None)
    attempt = _audit(outside).d3[0]
    assert not attempt.separated and attempt.accepted is None
