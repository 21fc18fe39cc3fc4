"""The lm-eval and inspect graders (grader environment), the HTML page, and candidates drawn from saved outputs
or from a model."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pyverify.graders._answer_sources import final_answer, from_model, from_outputs, load_problems
from pyverify.graders._commands import audit_app as app
from pyverify.graders._graders import CandidatesError, GraderError, Pair, graders_python, resolve, run_external

runner = CliRunner()
needs_env = pytest.mark.skipif(graders_python() is None, reason="grader environment not installed (make graders)")


def _rows(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


PAIRS = [
    Pair("half", r"\frac{1}{2}", "0.5"),
    Pair("pi", r"\pi", "3.14159"),
    Pair("third", r"\frac{1}{3}", "0.3333333333"),
    Pair("same", "7", "7"),
    Pair("sqrt", r"2\sqrt{2}", r"\sqrt{8}"),
]


@needs_env
def test_lm_eval_minerva_is_equiv_on_known_pairs() -> None:
    d = run_external("lm-eval-minerva", PAIRS, timeout=20.0)
    # sympy.simplify of the difference: 1/2 - 0.5 == 0; pi - 3.14159 is not zero; 2√2 - √8 simplifies to 0
    assert {k: v.outcome for k, v in d.items()} == {
        "half": "accept", "pi": "reject", "third": "reject", "same": "accept", "sqrt": "accept"}  # fmt: skip


@needs_env
def test_lm_eval_exact_match_is_string_equality_after_its_regexes() -> None:
    d = run_external("lm-eval-exact-match", [*PAIRS, Pair("dollar", "$1,000", "1000")], timeout=20.0)
    assert d["same"].outcome == "accept" and d["half"].outcome == "reject" and d["sqrt"].outcome == "reject"
    assert d["dollar"].outcome == "accept"  # "," and "$" are among gsm8k's regexes_to_ignore


@needs_env
def test_inspect_math_runs_offline_and_accepts_a_ten_digit_decimal_of_one_third() -> None:
    d = run_external("inspect-math", PAIRS, timeout=30.0)
    assert d["half"].outcome == "accept" and d["same"].outcome == "accept" and d["sqrt"].outcome == "accept"
    assert d["pi"].outcome == "reject"
    assert d["third"].outcome == "accept"  # a numeric tolerance: a certified-wrong answer accepted


def test_a_side_grader_without_its_environment_is_bad_input(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYVERIFY_GRADERS_PYTHON", str(tmp_path / "no-python"))
    with pytest.raises(GraderError, match="make graders"):
        resolve("lm-eval-minerva")
    path = _rows(tmp_path / "c.jsonl", [{"id": "a", "reference": "1", "candidate": "1"}])
    result = runner.invoke(app, ["graders", "--grader", "inspect-math", "--candidates", str(path),
                                 "--out", str(tmp_path / "o")])  # fmt: skip
    assert result.exit_code == 2 and "make graders" in result.output
    # by default the missing ones are skipped and named
    result = runner.invoke(app, ["graders", "--candidates", str(path), "--out", str(tmp_path / "o")])
    record = json.loads((tmp_path / "o" / "audit.json").read_text())
    assert "lm-eval-minerva" in record["skipped"] and "lm-eval-minerva" not in record["graders"]
    assert "not audited: lm-eval-minerva" in result.output


def test_html_page_escapes_answers_and_lists_the_accepted_wrong_ones(tmp_path: Path) -> None:
    (tmp_path / "yes_grader.py").write_text("def yes(r, c):\n    return True\n", encoding="utf-8")
    path = _rows(tmp_path / "c.jsonl", [
        {"id": "w<script>", "reference": r"\frac{1}{2}", "candidate": r"\frac{1}{3}"},
        {"id": "r", "reference": r"\frac{1}{2}", "candidate": "0.5"},
    ])  # fmt: skip
    import os

    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = runner.invoke(app, ["graders", "--grader", "yes_grader:yes", "--grader", "string",
                                     "--candidates", str(path), "--out", str(tmp_path / "o")])  # fmt: skip
    finally:
        os.chdir(cwd)
    assert result.exit_code == 1, result.output
    page = (tmp_path / "o" / "audit.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "<script>" not in page and "w&lt;script&gt;" in page
    assert "FALSE-POSITIVE" in page and "Accepted wrong answers (1)" in page and "1/6" in page
    assert "Certified-equal answers it rejected (1)" in page  # the string grader rejects 0.5 for 1/2


@pytest.mark.parametrize(("text", "answer"), [
    (r"so the answer is $\boxed{\frac{1}{2}}$.", r"\frac{1}{2}"),
    (r"\boxed{1} then \boxed{\{1, 2\}}", r"\{1, 2\}"),
    ("Final Answer: The final answer is $4\\pi$. I hope it is correct.", r"4\pi"),
    ("Natalia sold 72 clips.\n#### 72", "72"),
    ("Thus the answer is 3/4.", "3/4"),
    ("Therefore, we cannot decide which of the two it is.", None),  # the one policy: no marker, no answer stated
    ("I don't know", "I don't know"),  # short text is the answer as written (then unparsed: discarded)
    (r"$\boxed{3}$ or $\boxed{4}$", "3, 4"),  # several answers
    ("<think>\boxed{3}</think>The answer is 5.", "5"),
])  # fmt: skip
def test_final_answer(text: str, answer: str | None) -> None:
    assert final_answer(text) == answer


def test_lm_eval_samples_are_read_gzipped_with_one_pair_per_response(tmp_path: Path) -> None:
    # shaped like lm-eval 0.4 samples_*.jsonl rows: one row per filter; targets of gsm8k end with "#### n"
    rows = [
        {"doc_id": 0, "doc": {"problem": "?", "answer": "\\frac{1}{2}"}, "target": "\\frac{1}{2}",
         "arguments": {"gen_args_0": {"arg_0": "?"}}, "resps": [["... so $\\boxed{0.5}$"]],
         "filtered_resps": ["0.5"], "filter": "none", "exact_match": 1.0},
        {"doc_id": 1, "doc": {"question": "q"}, "target": "Work.\n#### 72", "resps": [["The answer is 72.\n#### 72"]],
         "filtered_resps": [["72"]], "filter": "strict-match"},
        {"doc_id": 1, "doc": {"question": "q"}, "target": "Work.\n#### 72", "resps": [["The answer is 72.\n#### 72"]],
         "filtered_resps": ["72"], "filter": "flexible-extract"},
        {"doc_id": 2, "target": "3", "resps": [["no idea"]]},
        {"doc_id": 3, "resps": [["\\boxed{1}"]]},
    ]  # fmt: skip
    path = tmp_path / "samples_minerva_math_2026.jsonl.gz"
    path.write_bytes(gzip.compress("".join(json.dumps(r) + "\n" for r in rows).encode()))
    drawn = from_outputs(path)
    # "no idea" is short text, taken as written by the extraction policy (certification then discards it)
    assert [(p.pair_id, p.reference, p.candidate) for p in drawn.pairs] == [
        ("0", "\\frac{1}{2}", "0.5"), ("1", "72", "72"), ("2", "3", "no idea")]  # fmt: skip
    assert drawn.skipped == {"repeated row (another filter of the same response)": 1, "no reference field": 1}


def test_from_outputs_through_the_command(tmp_path: Path) -> None:
    path = _rows(tmp_path / "out.jsonl", [
        {"id": "a", "reference": "\\frac{1}{2}", "response": "It is \\boxed{\\frac{2}{4}}."},
        {"id": "b", "reference": "\\sqrt{2}", "response": "\\boxed{1.414}"},
        {"id": "c", "reference": "5", "response": "Hmm, we cannot decide which one it is."},
    ])  # fmt: skip
    result = runner.invoke(app, ["graders", "--grader", "pyverify", "--from-outputs", str(path),
                                 "--out", str(tmp_path / "o")])  # fmt: skip
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "o" / "audit.json").read_text())
    assert record["pairs"]["d1"] == 1 and record["pairs"]["d3"] == 1
    assert record["config"]["outputs"]["skipped"] == {"no final answer in the response": 1}
    both = runner.invoke(app, ["graders", "--from-outputs", str(path), "--candidates", str(path),
                               "--out", str(tmp_path / "o")])  # fmt: skip
    assert both.exit_code == 2
    bad = _rows(tmp_path / "bad.jsonl", [{"id": "x", "reference": "1", "response": "We cannot tell what it is."}])
    assert runner.invoke(app, ["graders", "--from-outputs", str(bad), "--out", str(tmp_path / "p")]).exit_code == 2


def test_problems_file_is_checked(tmp_path: Path) -> None:
    assert len(load_problems()) >= 30
    bad = tmp_path / "p.jsonl"
    bad.write_text('{"id": "a", "problem": "x"}\n', encoding="utf-8")
    with pytest.raises(CandidatesError, match=r"p.jsonl:1: field 'reference'"):
        load_problems(bad)


def test_candidates_from_a_model_through_the_engine_and_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake backend stands for a model: its answers are stored, reused on a rerun, then read back as outputs."""
    import pyverify.models as models
    from pyverify.models import Request, Response

    problems = [{"id": "p1", "problem": "1/2?", "reference": "\\frac{1}{2}"},
                {"id": "p2", "problem": "pi?", "reference": "\\pi"}]  # fmt: skip

    class Fake:
        model_id, revision = "fake/model", "r1"
        calls = 0

        def generate(self, requests: list[Request]) -> list[Response]:
            Fake.calls += 1
            return [Response(r.request_id, "\\boxed{0.5}" if "1/2" in r.messages[0][1] else "It is hard to say.")
                    for r in requests]  # fmt: skip

    monkeypatch.setattr(models, "load_backend", lambda spec: Fake())
    drawn, rows = from_model("fake/model", problems, tmp_path / "s.sqlite")
    again, _ = from_model("fake/model", problems, tmp_path / "s.sqlite")
    assert Fake.calls == 1  # the rerun answered from the store
    assert [(p.pair_id, p.candidate) for p in drawn.pairs] == [("p1", "0.5")] == [
        (p.pair_id, p.candidate) for p in again.pairs]  # fmt: skip
    assert drawn.skipped == {"no final answer in the response": 1}
    out = _rows(tmp_path / "o.jsonl", rows)  # type: ignore[arg-type]
    assert [(p.pair_id, p.candidate) for p in from_outputs(out).pairs] == [("p1", "0.5")]
