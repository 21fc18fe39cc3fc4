"""``pyverify formalize``: outputs, the summary table, exit codes on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyverify.cli import main
from pyverify.formalize import formalize_items
from pyverify.models._store import ResponseStore
from tests.formalize.scripted import GCD, GCD_FORMAL, PRIME, PRIME_FORMAL, ScriptedBackend, item

WRONG = "Every prime number is at least 3."


def write_items(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def recorded(tmp_path: Path) -> tuple[Path, list[dict]]:
    """Items and a stored run of a scripted model over them (replayed by the CLI as ``replay/<store>``)."""
    rows = [item("forminv:t_prime", PRIME, [PRIME_FORMAL]), item("forminv:t_gcd", GCD, [GCD_FORMAL]),
            item("forminv:t_wrong", WRONG, [PRIME_FORMAL]), item("forminv:t_none", PRIME, None)]  # fmt: skip
    answers = {PRIME: "Claim: forall p : N, prime(p) -> p >= 2", GCD: "forall x y : N, gcd(x, y) = gcd(y, x)",
               WRONG: "forall p : N, assume prime(p), 3 <= p"}  # fmt: skip
    store = tmp_path / "recorded.sqlite"
    with ResponseStore(store) as opened:
        formalize_items(rows, ScriptedBackend(answers), store=opened, timeout=5.0)
    return store, rows


def test_writes_records_and_items_and_prints_the_summary(tmp_path: Path, recorded, capsys):
    store, rows = recorded
    items = write_items(tmp_path / "items.jsonl", rows)
    out = tmp_path / "out"
    code = main(["formalize", str(items), "--model", f"replay/{store}", "--out", str(out), "--timeout", "5"])
    printed = capsys.readouterr().out
    assert code == 0
    records = [json.loads(line) for line in (out / "formalizations.jsonl").read_text().splitlines()]
    assert [r["status"] for r in records] == ["certified", "certified", "suspect", "needs_review"]
    assert records[3]["reason"] == "theorem has no formal form"
    written = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert [r["item_id"] for r in written] == [r["item_id"] for r in rows]
    assert [r["tier"] for r in written] == ["T1", "T1", "imported", "imported"]
    assert [r["equivalence"]["method"] for r in written] == [
        "formalization",
        "formalization",
        "suspect",
        "needs_review",
    ]
    assert written[2]["equivalence"]["witness"] == {"p": "2"}
    assert (out / "store.sqlite").is_file()
    for word in ("certified", "suspect", "needs_review", "50.0%", "forminv:t_wrong"):
        assert word in printed
    # a rerun replays its own store: same records
    assert main(["formalize", str(items), "--model", f"replay/{store}", "--out", str(out), "--timeout", "5"]) == 0
    again = [json.loads(line) for line in (out / "formalizations.jsonl").read_text().splitlines()]
    assert [r["certificate_id"] for r in again] == [r["certificate_id"] for r in records]


def test_a_missing_file_is_bad_input(tmp_path: Path, capsys):
    code = main(["formalize", str(tmp_path / "nope.jsonl"), "--model", "replay/x"])
    err = capsys.readouterr().err
    assert code == 2 and err.strip() == f"error: {tmp_path / 'nope.jsonl'}: no such file"


def test_a_line_that_is_not_json_names_the_file_and_line(tmp_path: Path, capsys):
    items = tmp_path / "items.jsonl"
    items.write_text(json.dumps(item("forminv:a", PRIME, [PRIME_FORMAL])) + "\n{not json\n", encoding="utf-8")
    code = main(["formalize", str(items), "--model", "replay/x", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith(f"error: {items}:2: not valid JSON") and "Traceback" not in err


@pytest.mark.parametrize("line", ['["a list"]', '{"text": "no id"}'])
def test_rows_that_are_not_items_are_bad_input(tmp_path: Path, capsys, line):
    items = tmp_path / "items.jsonl"
    items.write_text(line + "\n", encoding="utf-8")
    assert main(["formalize", str(items), "--model", "replay/x"]) == 2
    assert capsys.readouterr().err.startswith(f"error: {items}:1: ")


def test_a_backend_that_cannot_start_is_bad_input(tmp_path: Path, capsys):
    items = write_items(tmp_path / "items.jsonl", [item("forminv:a", PRIME, [PRIME_FORMAL])])
    code = main(
        ["formalize", str(items), "--model", f"replay/{tmp_path / 'missing.sqlite'}", "--out", str(tmp_path / "o")]
    )
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: cannot replay")


def test_items_without_theorem_formal_need_no_model_answers(tmp_path: Path, recorded, capsys):
    store, _ = recorded
    items = write_items(tmp_path / "items.jsonl", [item("forminv:a", "Something.", None)])
    assert main(["formalize", str(items), "--model", f"replay/{store}", "--out", str(tmp_path / "o")]) == 0
    [record] = [json.loads(line) for line in (tmp_path / "o" / "formalizations.jsonl").read_text().splitlines()]
    assert record["status"] == "needs_review" and record["reason"] == "theorem has no formal form"
    assert "0.0%" in capsys.readouterr().out


def test_help_and_light_imports(capsys):
    assert main(["formalize", "--help"]) == 0
    assert "--samples" in capsys.readouterr().out
    import subprocess
    import sys

    code = "import sys, pyverify.formalize, pyverify.cli; print(sorted(m for m in ('torch', 'transformers', 'z3', 'vllm') if m in sys.modules))"
    assert (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "[]"
    )
