"""FormInv rows are read leniently and checked strictly: extra fields import, needed fields are checked.

``fixtures/forminv_extra_fields.jsonl`` holds the first three rows of ``forminv_v3_50.jsonl`` as
published, with fields FormInv does not have (at the top of a row and nested objects) added.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from pyverify.catalog._forminv import convert
from pyverify.catalog._load import CatalogError

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "forminv_extra_fields.jsonl"


def _rows() -> list[dict[str, Any]]:
    return [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]


def _import(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyverify.cli", "import", "forminv", *args], capture_output=True,
                          text=True, timeout=120)  # fmt: skip


def test_rows_with_extra_fields_import(tmp_path: Path) -> None:
    rows = _rows()
    assert "paraphrase_model" in rows[0] and isinstance(rows[1]["review"], dict)  # the fixture's extra fields
    proc = _import(str(FIXTURE), "--out", str(tmp_path / "fi"))
    assert proc.returncode == 0, proc.stderr
    assert "imported 3 items of 1 theorems" in proc.stdout
    every = [json.loads(line) for line in (tmp_path / "fi" / "items.jsonl").read_text().splitlines()]
    items = [i for i in every if i["tier"] == "imported"]  # the rows; the rest is built from their Lean statement
    assert [i["item_id"] for i in items] == [f"forminv:{r['id']}" for r in rows]
    assert [i["family"] for i in items] == ["canonical", "F1", "F2"]
    assert items[1]["provenance"]["verification_method"] == "gpt4o_family_v2"
    # fields FormInv's format does not define are ignored, not carried into pyverify's items
    assert all('"review"' not in json.dumps(i) and "paraphrase_model" not in json.dumps(i) for i in every)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], Any]:
    return lambda row: row.update({key: value})


CASES = [
    ("no-question", lambda row: row.pop("nl_question"), "missing field(s) nl_question"),
    ("question-null", _set("nl_question", None), "nl_question must be non-empty text, not null"),
    ("family-list", _set("family", ["syntactic"]), "family must be non-empty text, not a list"),
    ("id-number", _set("id", 7), "id must be non-empty text, not a number"),
    ("truth-boolean", _set("ground_truth", True), "ground_truth must be non-empty text, not a boolean"),
    ("truth-word", _set("ground_truth", "MAYBE"), "ground_truth must be TRUE or FALSE"),
    ("statement-empty", _set("lean4_statement", " "), "lean4_statement must be non-empty text, not empty text"),
    ("unknown-family", _set("family", "rhyme"), "unknown family 'rhyme'"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "message"), CASES, ids=[c[0] for c in CASES])
def test_a_missing_or_ill_typed_field_names_file_and_line(
    tmp_path: Path, name: str, edit: Callable[[dict[str, Any]], Any], message: str
) -> None:
    rows = _rows()
    edit(rows[1])
    source = tmp_path / "forminv.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        convert(source, tmp_path / "lib")
    assert str(caught.value).startswith(f"{source}:2: ") and message in str(caught.value)
    proc = _import(str(source), "--out", str(tmp_path / "out"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0] == f"error: {caught.value}"
    assert not (tmp_path / "out").exists()
