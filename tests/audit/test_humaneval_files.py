"""HumanEval inputs from outside are read leniently and checked strictly.

Problem rows (the shape of ``HumanEval.jsonl.gz``) may carry fields HumanEval does not have; a missing or
ill-typed field is a :class:`DataError` naming file and line. A candidate directory may hold files that
are not candidates (``__init__.py``, a harness's helpers, notes): they are ignored.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any, Callable

import pytest
from typer.testing import CliRunner

from pyverify.audit import CandidateError, DataError, load_candidates, load_problems
from pyverify.audit._commands import app
from pyverify.audit._humaneval import data_path

WRONG_0 = (
    "# witness: has_close_elements([1.0, 2.0], 1.0)\n"
    "# adversary: hand-written; a comment line of its own after the witness line\n"
    "from typing import List\n\n\n"
    "def _pairs(numbers: List[float]):\n"
    "    return [(a, b) for i, a in enumerate(numbers) for j, b in enumerate(numbers) if i != j]\n\n\n"
    "def has_close_elements(numbers: List[float], threshold: float) -> bool:\n"
    "    return any(abs(a - b) <= threshold for a, b in _pairs(numbers))\n"
)


def _real_rows(n: int = 3) -> list[dict[str, Any]]:
    lines = gzip.decompress(data_path().read_bytes()).decode("utf-8").splitlines()
    return [json.loads(line) for line in lines[:n]]


def _gz(path: Path, rows: list[Any]) -> tuple[Path, str]:
    raw = gzip.compress("".join(json.dumps(r) + "\n" for r in rows).encode("utf-8"))
    path.write_bytes(raw)
    return path, hashlib.sha256(raw).hexdigest()


def test_problem_rows_with_extra_fields_load(tmp_path: Path) -> None:
    rows = _real_rows()
    rows[0]["difficulty"] = "easy"
    rows[1]["meta"] = {"source": "openai/human-eval", "tags": ["lists", "floats"]}
    path, digest = _gz(tmp_path / "HumanEval.jsonl.gz", rows)
    problems = load_problems(path, sha256=digest)
    assert [p.task_id for p in problems] == ["HumanEval/0", "HumanEval/1", "HumanEval/2"]
    assert problems[1].entry_point == "separate_paren_groups" and "def check(candidate)" in problems[1].test


CASES = [
    ("no-test", lambda r: r.pop("test"), "missing field(s) test"),
    ("entry-point-null", lambda r: r.update(entry_point=None), "field(s) entry_point must be text"),
    ("prompt-list", lambda r: r.update(prompt=["def f():"]), "field(s) prompt must be text"),
    ("task-id-shape", lambda r: r.update(task_id="HE-1"), "task_id must read HumanEval/<n>, not 'HE-1'"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "message"), CASES, ids=[c[0] for c in CASES])
def test_a_problem_row_missing_or_mistyping_a_field_names_file_and_line(
    tmp_path: Path, name: str, edit: Callable[[dict[str, Any]], Any], message: str
) -> None:
    rows = _real_rows()
    edit(rows[1])
    path, digest = _gz(tmp_path / "HumanEval.jsonl.gz", rows)
    with pytest.raises(DataError) as caught:
        load_problems(path, sha256=digest)
    assert str(caught.value) == f"{path}:2: {message}"


def test_a_problem_file_that_is_not_jsonl_of_objects(tmp_path: Path) -> None:
    path, digest = _gz(tmp_path / "HumanEval.jsonl.gz", [["HumanEval/0"]])
    with pytest.raises(DataError, match=r"HumanEval.jsonl.gz:1: a problem must be a JSON object"):
        load_problems(path, sha256=digest)
    raw = gzip.compress(b'{"task_id": "HumanEval/0",\n')
    path.write_bytes(raw)
    with pytest.raises(DataError, match=r"HumanEval.jsonl.gz:1: not valid JSON"):
        load_problems(path, sha256=hashlib.sha256(raw).hexdigest())
    path.write_bytes(b"not gzip")
    with pytest.raises(DataError, match="not gzip-compressed"):
        load_problems(path, sha256=hashlib.sha256(b"not gzip").hexdigest())


def _candidates_with_other_files(directory: Path) -> Path:
    directory.mkdir()
    (directory / "HumanEval_0.py").write_text(WRONG_0)
    (directory / "__init__.py").write_text("")
    (directory / "helpers.py").write_text("def shared():\n    return 1\n")
    (directory / "README.md").write_text("candidates written by another harness\n")
    (directory / "__pycache__").mkdir()
    (directory / "__pycache__" / "HumanEval_0.cpython-311.pyc").write_bytes(b"\0")
    (directory / "haiku").mkdir()
    (directory / "haiku" / "conftest.py").write_text("")
    (directory / "haiku" / "HumanEval_0.py").write_text(WRONG_0.split("\n", 1)[1])
    return directory


def test_files_that_are_not_candidates_are_ignored(tmp_path: Path) -> None:
    problems = load_problems()[:3]
    directory = _candidates_with_other_files(tmp_path / "cands")
    found = load_candidates(directory, problems)
    assert sorted((c.adversary, c.task_id, c.witness) for c in found) == [
        ("cands", "HumanEval/0", ([1.0, 2.0], 1.0)),
        ("haiku", "HumanEval/0", None),
    ]
    # a file meant as a candidate but misnamed is still refused, so it cannot silently drop out
    (directory / "humaneval-1.py").write_text(WRONG_0)
    with pytest.raises(CandidateError, match=r"humaneval-1.py: candidate files must be named HumanEval_<n>.py"):
        load_candidates(directory, problems)


def test_cli_audits_a_candidate_directory_holding_other_files(tmp_path: Path) -> None:
    directory = _candidates_with_other_files(tmp_path / "cands")
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["humaneval", "--limit", "1", "--candidates", str(directory), "--out", str(out), "--mutants", "4"]
    )
    assert result.exit_code == 0, result.output
    record = json.loads((out / "audit.json").read_text())
    (item,) = record["items"]
    assert item["item_id"] == "HumanEval/0" and item["verdict"] == "FALSE-POSITIVE"
    assert sorted(a["adversary"] for a in item["d3"]) == ["cands", "haiku"]
