"""Reading audits out of model output: what a user sees when a response is messy, cut, or hostile."""

from __future__ import annotations

import json
import random
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from pyverify.claims._extract import MAX_ATTEMPTS, Extraction, extract, load_responses
from pyverify.claims._io import ClaimsFileError

AUDIT: dict[str, Any] = {
    "task_id": "REC-004",
    "verdict": "invalid",
    "scope": "finite_horizon_value",
    "failure_mode": "input_exponent",
    "counterexample": {"state": {"rho": "2", "x0": "1", "inputs": ["1", "1"], "horizon": 2}},
    "repair": "unroll_exact",
}
STATUSES = {"parsed", "partial", "unavailable", "truncated"}


def text(**changes: Any) -> str:
    return json.dumps({**AUDIT, **changes})


# ---------------------------------------------------------------- the rules


def test_a_plain_audit_is_parsed() -> None:
    found = extract(text())
    assert found == Extraction(AUDIT, "parsed", "")


def test_prose_and_code_fences_around_the_object_are_ignored() -> None:
    found = extract(f"Let me check small values first.\n```json\n{text()}\n```\nThat is my answer.")
    assert found.status == "parsed" and found.audit == AUDIT


def test_think_blocks_are_stripped() -> None:
    draft = text(verdict="valid", counterexample=None)
    found = extract(f"<think>maybe {draft} is right</think>\n{text()}")
    assert found.status == "parsed" and found.audit is not None and found.audit["verdict"] == "invalid"
    # tags in any case, with spaces
    assert extract(f"<THINK>{draft}</ Think >{text()}").audit == AUDIT


def test_a_think_block_opened_by_the_chat_template_is_stripped() -> None:
    # the template wrote '<think>' into the prompt; the output starts mid-thought and closes it
    found = extract(f"hmm, {text(verdict='valid')} no wait</think>\n\n{text()}")
    assert found.audit == AUDIT


def test_a_think_block_that_never_closes_is_truncated_not_wrong() -> None:
    found = extract(f"<think>rho = 2, x0 = 1, then {text()} and")
    assert found.status == "truncated" and found.audit is None
    assert "<think>" in found.error


def test_the_only_answer_inside_thought_is_not_an_answer() -> None:
    found = extract(f"<think>{text()}</think>\nI could not decide.")
    assert found.status == "unavailable" and found.audit is None


def test_the_last_complete_object_wins() -> None:
    first = text(verdict="valid", counterexample=None, failure_mode="none", repair="none")
    found = extract(f"Draft: {first}\nOn reflection: {text()}")
    assert found.audit == AUDIT
    # a later object that lacks fields does not displace a complete one
    found = extract(f'{text()}\nIn short: {{"verdict": "valid"}}')
    assert found.status == "parsed" and found.audit == AUDIT


def test_an_audit_wrapped_in_another_object_is_found() -> None:
    assert extract(json.dumps({"answer": AUDIT, "confidence": 0.5})).audit == AUDIT


def test_a_partial_object_is_reported_with_its_missing_fields() -> None:
    partial = {"task_id": "REC-004", "verdict": "invalid", "scope": "finite_horizon_value"}
    found = extract("Answer: " + json.dumps(partial))
    assert found.status == "partial"
    assert found.audit == partial  # kept; the scorer marks it not json_valid
    assert "failure_mode" in found.error and "counterexample" in found.error and "repair" in found.error
    assert "verdict" not in found.error.split("lacks", 1)[1]


def test_among_partial_objects_the_fullest_wins_then_the_last() -> None:
    one = {"verdict": "valid"}
    two_a = {"verdict": "valid", "scope": "a"}
    two_b = {"verdict": "invalid", "scope": "b"}
    found = extract(" ".join(json.dumps(x) for x in (two_a, two_b, one)))
    assert found.status == "partial" and found.audit == two_b


@pytest.mark.parametrize("indent", [None, 2])
def test_every_cut_of_an_audit_is_truncated(indent: int | None) -> None:
    audit = {**AUDIT, "counterexample": {"state": {**AUDIT["counterexample"]["state"], "rho": -2.5e-3, "x0": None}}}
    full = json.dumps(audit, indent=indent) + " "
    statuses = {k: extract(full[:k]).status for k in range(1, len(full) - 1)}
    assert set(statuses.values()) == {"truncated"}, {k: s for k, s in statuses.items() if s != "truncated"}
    assert extract(full).status == "parsed"


def test_a_complete_audit_before_a_cut_one_still_counts() -> None:
    found = extract(text() + "\nAlso: " + text()[:40])
    assert found.status == "parsed" and found.audit == AUDIT


@pytest.mark.parametrize(
    ("output", "words"),
    [
        ("", "no JSON object"),
        ("The claim is valid.", "no JSON object"),
        ("Let {x} be a set; {not json}", "no JSON object"),
        ('{"foo": 1} {"state": {"rho": 1}}', "none holds an audit field"),
    ],
)
def test_no_audit_is_unavailable(output: str, words: str) -> None:
    found = extract(output)
    assert found.status == "unavailable" and found.audit is None and words in found.error


def test_numbers_are_exact_decimals() -> None:
    found = extract(text(counterexample={"state": {"rho": 0.1, "x0": 1, "inputs": [], "horizon": 0}}))
    assert found.audit is not None
    assert found.audit["counterexample"]["state"]["rho"] == Decimal("0.1")
    assert isinstance(found.audit["counterexample"]["state"]["x0"], int)


def test_nan_and_infinity_are_refused() -> None:
    bad = text().replace('"2"', "NaN")
    assert extract(bad).status == "unavailable" and "NaN" in extract(bad).error
    assert extract(text().replace('"2"', "-Infinity")).audit is None
    # an earlier valid audit is still found
    assert extract(text() + "\n" + bad).audit == AUDIT


def test_not_text_is_unavailable() -> None:
    assert extract(None).status == "unavailable"
    assert extract(text().encode()).audit == AUDIT  # bytes are decoded as UTF-8


# ---------------------------------------------------------------- hostile input


def _garbage(size: int) -> str:
    rng = random.Random(7)
    return bytes(rng.randrange(256) for _ in range(size)).decode("utf-8", errors="surrogateescape")


HOSTILE = {
    "1 MB of prose": "lorem ipsum " * 90_000,
    "1 MB of braces": "{" * 1_000_000,
    "10,000 nested objects, open": '{"a":' * 10_000,
    "10,000 nested objects, closed": '{"a":' * 10_000 + "1" + "}" * 10_000,
    "10,000 nested lists": '{"a":' + "[" * 10_000 + "]" * 10_000 + "}",
    "nested objects around a 1 MB list": '{"x": ' * 500 + "[" + "1," * 500_000,
    "1 MB of object starts": '{"' * 500_000,
    "many unterminated strings": ('{"a": "' + "x" * 100) * 10_000,
    "binary garbage": _garbage(500_000),
    "NUL and lone surrogates": '{"verdict": "\x00\ud800", "scope": \x00}' * 1000,
    "a 100,000-digit integer": '{"verdict": "invalid", "scope": ' + "9" * 100_000 + "}",
    "100,000 think tags": "<think>" * 50_000 + "</think>" * 50_000,
    "100,000 partial objects": '{"verdict": "valid"} ' * 100_000,
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_output_never_raises_and_is_quick(name: str) -> None:
    start = time.perf_counter()
    found = extract(HOSTILE[name])
    elapsed = time.perf_counter() - start
    assert found.status in STATUSES
    assert "\n" not in found.error
    assert elapsed < 5, f"{name}: {elapsed:.2f} s"


def test_an_audit_after_deep_nesting_is_found() -> None:
    for prefix in ('{"a":' * 10_000, '{"a":' * 10_000 + "1" + "}" * 10_000, "{" * 10_000):
        assert extract(prefix + "\n" + text()).audit == AUDIT


def test_an_audit_at_the_end_of_a_megabyte_of_braces_is_found_quickly() -> None:
    noise = "".join(f'{{"step": {i}}} \\frac{{a}}{{b}} ' for i in range(40_000))  # ~1 MB, 40,000 objects
    start = time.perf_counter()
    found = extract(noise + text())
    assert found.audit == AUDIT
    assert time.perf_counter() - start < 2


def test_the_attempt_limit_is_reported() -> None:
    found = extract(text() + ' {"a": 1}' * (MAX_ATTEMPTS + 10))
    assert found.status == "unavailable" and "earlier starts skipped" in found.error


# ---------------------------------------------------------------- response files


def _write(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def test_run_records_use_the_prediction_else_the_raw_output(tmp_path: Path) -> None:
    rows = [
        {"task_id": "A", "protocol": "direct", "prediction": {**AUDIT, "task_id": "A"}, "raw_output": "garbage",
         "draft_output": None, "verifier_feedback": None},
        {"task_id": "B", "protocol": "direct", "prediction": None, "raw_output": "<think>x</think>" + text(task_id="B"),
         "draft_output": None, "verifier_feedback": None},
        {"task_id": "C", "protocol": "direct", "prediction": None, "raw_output": text()[:30]},
    ]  # fmt: skip
    got = load_responses(_write(tmp_path / "run.jsonl", rows))
    assert set(got) == {"A", "B", "C"}
    assert got["A"].status == "parsed" and got["A"].audit is not None and got["A"].audit["task_id"] == "A"
    assert got["B"].status == "parsed" and got["B"].audit is not None and got["B"].audit["task_id"] == "B"
    assert got["C"].status == "truncated"
    assert got["A"].raw == rows[0]
    assert got.duplicates == 0 and got.problems == []


def test_raw_outputs_and_bare_audits_are_accepted(tmp_path: Path) -> None:
    rows = [
        {"task_id": "A", "raw_output": text(task_id="A")},
        {**AUDIT, "task_id": "B"},
        {"task_id": "C", "verdict": "valid"},
        {"task_id": "D"},
    ]
    got = load_responses(_write(tmp_path / "r.jsonl", rows))
    assert got["A"].status == "parsed"
    assert got["B"].status == "parsed" and got["B"].audit == {**AUDIT, "task_id": "B"}
    assert got["C"].status == "partial" and "scope" in got["C"].error
    assert got["D"].status == "unavailable"


def test_several_protocols_need_a_choice(tmp_path: Path) -> None:
    rows = [
        {"task_id": "A", "protocol": "direct", "raw_output": text(verdict="valid")},
        {"task_id": "A", "protocol": "verifier_feedback", "raw_output": text()},
    ]
    path = _write(tmp_path / "r.jsonl", rows)
    with pytest.raises(ClaimsFileError, match="several protocols.*direct.*verifier_feedback"):
        load_responses(path)
    direct = load_responses(path, protocol="direct")
    assert direct["A"].audit is not None and direct["A"].audit["verdict"] == "valid"
    assert load_responses(path, protocol="verifier_feedback")["A"].audit == AUDIT
    with pytest.raises(ClaimsFileError, match="no row has protocol 'self_reflection'"):
        load_responses(path, protocol="self_reflection")


def test_duplicate_task_ids_keep_the_last_and_are_counted(tmp_path: Path) -> None:
    rows = [{"task_id": "A", "raw_output": "first"}, {"task_id": "A", "raw_output": text()}, {"task_id": "B"}]
    got = load_responses(_write(tmp_path / "r.jsonl", rows))
    assert got["A"].audit == AUDIT
    assert got.duplicates == 1 and len(got.problems) == 1 and "A" in got.problems[0]


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (['{"task_id": "A"}', "{not json"], ":2: not valid JSON"),
        (['{"task_id": "A", "raw_output": NaN}'], ":1: not valid JSON"),
        (["[1, 2]"], ":1: a response must be a JSON object"),
        (['{"raw_output": "x"}'], ":1: a response needs a non-empty string task_id"),
        (['{"task_id": 7, "raw_output": "x"}'], ":1: a response needs a non-empty string task_id"),
        (["", "  "], "holds no responses"),
    ],
)
def test_unusable_files_give_a_clear_error(tmp_path: Path, lines: list[str], words: str) -> None:
    with pytest.raises(ClaimsFileError, match=words):
        load_responses(_write(tmp_path / "bad.jsonl", lines))


def test_a_missing_file_gives_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ClaimsFileError, match="no such file"):
        load_responses(tmp_path / "absent.jsonl")
