"""Outside files are read leniently, checked strictly: ClaimScope tasks, gold and run records with fields
pyverify does not know import, validate and score; a missing or ill-typed field pyverify needs is one
line naming the file and line, exit code 2.

The fixtures copy the shapes of ClaimScope's public artifact (``artifacts/benchmark/extended_v1_public.jsonl``,
``artifacts/reference/extended_v1_gold.jsonl``, ``results/runs/direct.jsonl``): real rows for two tasks
of each family (prompts shortened), with the gold's own ``cases_checked`` and ``source.surface_variant``
/ ``semantic_id``, plus extra keys at the top of each row and nested inside it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from pyverify.claims._claimscope import convert
from pyverify.claims._io import ClaimsFileError, load_references, load_tasks, sha256

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PUBLIC = FIXTURES / "claimscope_public.jsonl"
GOLD = FIXTURES / "claimscope_gold.jsonl"
RUNS = FIXTURES / "claimscope_runs.jsonl"


def run(*args: str, cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyverify.cli", "claims", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd)  # fmt: skip


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _one_error_line(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    return lines[0]


def test_the_fixtures_carry_extra_fields() -> None:
    """The point of the fixtures: fields pyverify does not read, at the top and nested."""
    public, gold, runs = _rows(PUBLIC), _rows(GOLD), _rows(RUNS)
    assert all("benchmark_version" in r and "confidence" in r["response_schema"] for r in public)
    assert sum("cases_checked" in r["gold"] for r in gold) == 4  # as in the artifact: not on linear algebra rows
    assert all("reviewer" in r and "notes" in r["gold"] and "generator" in r["source"] for r in gold)
    assert all("grader_notes" in r and "confidence" in r["prediction"] and "node" in r["run_metadata"] for r in runs)


def test_rows_with_extra_fields_import_validate_check_and_score(tmp_path: Path) -> None:
    out = tmp_path / "imported"
    proc = run("import-claimscope", str(PUBLIC), str(GOLD), "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "imported 6 tasks" in proc.stdout
    tasks, refs = _rows(out / "tasks.jsonl"), _rows(out / "references.jsonl")
    # unknown top-level fields of a public row are ignored; the gold and source objects are kept whole
    assert all(set(t) == {"task_id", "family", "split", "prompt", "response_schema", "claim", "labels"} for t in tasks)
    assert tasks[0]["response_schema"]["confidence"] == "optional: a number in [0, 1]"
    by_id = {r["task_id"]: r for r in refs}
    assert by_id["PILOT-OPT-001"]["gold"]["cases_checked"] == 2
    # kept as read: JSON decimals are exact, written back as their digits
    assert by_id["PILOT-OPT-001"]["gold"]["notes"] == {"checked_by": "oracle", "seconds": "0.01"}
    assert by_id["EXT-LA-002"]["source"]["semantic_id"] == "transpose_same_order"
    assert "cases_checked" not in by_id["EXT-LA-001"]["gold"]

    proc = run("validate", str(out / "tasks.jsonl"), str(out / "references.jsonl"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "6 references re-derived, 0 disagree" in proc.stdout

    proc = run("check", str(out / "tasks.jsonl"), str(RUNS), "--out", str(tmp_path / "checks.jsonl"))
    assert proc.returncode == 0, proc.stderr
    checks = {r["task_id"]: r["status"] for r in _rows(tmp_path / "checks.jsonl")}
    assert checks == {"PILOT-OPT-001": "rejected", "PILOT-OPT-003": "verified", "PILOT-REC-001": "not_applicable",
                      "PILOT-REC-002": "verified", "EXT-LA-001": "not_applicable", "EXT-LA-002": "verified"}  # fmt: skip

    proc = run("score", str(out / "tasks.jsonl"), str(out / "references.jsonl"), str(RUNS), "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    # the run's real answer to PILOT-OPT-001 (invalid, for a valid claim) is the only unsafe one
    assert result["summary"]["safe"]["k"] == 5 and result["summary"]["safe"]["n"] == 6
    assert {r["task_id"] for r in result["rows"] if not r["safe"]} == {"PILOT-OPT-001"}
    assert all(r["json_valid"] for r in result["rows"])


def test_extra_fields_in_our_own_files_are_read_too(tmp_path: Path) -> None:
    """tasks.jsonl and references.jsonl written by someone else's tool: extra fields do not stop validate."""
    out = tmp_path / "imported"
    convert(PUBLIC, GOLD, out)
    tasks, refs = _rows(out / "tasks.jsonl"), _rows(out / "references.jsonl")
    for task in tasks:
        task["written_by"] = {"tool": "another-harness", "version": 3}
    for ref in refs:
        ref["audit_trail"] = ["imported", "reviewed"]
        ref["gold"]["agreement"] = 0.9
        ref["certificate"]["reviewer"] = "b"
    _write(out / "tasks.jsonl", tasks)
    _write(out / "references.jsonl", refs)
    _repin(out)
    loaded = load_tasks(out / "tasks.jsonl")
    assert all("written_by" not in t.model_dump() for t in loaded)  # ignored: the checker sees documented fields
    kept = load_references(out / "references.jsonl")
    assert kept[0].gold.model_dump()["agreement"] == "0.9" and kept[0].model_dump()["audit_trail"][0] == "imported"
    proc = run("validate", str(out / "tasks.jsonl"), str(out / "references.jsonl"))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _repin(directory: Path) -> None:
    manifest = json.loads((directory / "manifest.json").read_text())
    manifest["files"] = {name: sha256(directory / name) for name in ("tasks.jsonl", "references.jsonl")}
    (directory / "manifest.json").write_text(json.dumps(manifest))


def _gold(edit: Callable[[dict[str, Any]], Any]) -> Callable[[list[dict[str, Any]]], None]:
    return lambda rows: edit(rows[1])


GOLD_CASES = [
    ("no-verdict", _gold(lambda r: r["gold"].pop("verdict")), "gold answer unusable (gold.verdict: Field required)"),
    ("verdict-number", _gold(lambda r: r["gold"].update(verdict=1)), "gold.verdict: Input should be 'valid' or 'invalid'"),
    ("scope-list", _gold(lambda r: r["gold"].update(scope=["optimizer_direction"])), "gold.scope: Input should be a valid string"),
    ("counterexample-text", _gold(lambda r: r["gold"].update(counterexample="w=1")), "gold.counterexample"),
    ("no-gold", _gold(lambda r: r.pop("gold")), "a gold row needs a 'gold' object"),
    ("source-text", _gold(lambda r: r.update(source="wrong_v_bias")), "source must be a JSON object, not text"),
    ("formula-number", _gold(lambda r: r["source"].update(formula_id=7)), "source.formula_id must be text, not a number"),
    ("no-protocol", _gold(lambda r: r["source"].pop("protocol")), "source.protocol is missing"),
    ("unknown-quantity", _gold(lambda r: r["source"].update(quantity="loss")), "source.quantity 'loss' has no pyverify definition"),
    ("task-id-list", _gold(lambda r: r.update(task_id=["PILOT-OPT-003"])), "task_id must be non-empty text, not a list"),
    ("family-number", _gold(lambda r: r.update(family=3)), "family must be text, not a number"),
    ("not-an-object", lambda rows: rows.__setitem__(1, ["PILOT-OPT-003"]), "a gold row must be a JSON object, not a list"),
    ("duplicate", lambda rows: rows.__setitem__(1, dict(rows[0])), "a second gold row for PILOT-OPT-001 (the first is line 1)"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "message"), GOLD_CASES, ids=[c[0] for c in GOLD_CASES])
def test_a_gold_row_missing_or_mistyping_a_needed_field_is_one_line(
    tmp_path: Path, name: str, edit: Callable[[list[dict[str, Any]]], None], message: str
) -> None:
    rows = _rows(GOLD)
    edit(rows)
    gold = _write(tmp_path / "claimscope_gold.jsonl", rows)
    with pytest.raises(ClaimsFileError) as caught:
        convert(PUBLIC, gold, tmp_path / "lib")
    assert str(caught.value).startswith(f"{gold}:2: ") and message in str(caught.value)
    line = _one_error_line(run("import-claimscope", str(PUBLIC), str(gold), "--out", str(tmp_path / "out")))
    assert f"{gold}:2: " in line and message in line
    assert not (tmp_path / "out").exists()


PUBLIC_CASES = [
    ("no-prompt", lambda r: r.pop("prompt"), "a public row needs its prompt (text)"),
    ("prompt-number", lambda r: r.update(prompt=12), "prompt must be text, not a number"),
    ("no-task-id", lambda r: r.pop("task_id"), "a public row needs a task_id"),
    ("task-id-number", lambda r: r.update(task_id=3), "task_id must be non-empty text, not a number"),
    ("schema-list", lambda r: r.update(response_schema=["verdict"]), "response_schema must be a JSON object, not a list"),
    ("split-number", lambda r: r.update(split=1), "split must be text, not a number"),
    ("family-mismatch", lambda r: r.update(family="linear_algebra"), "family 'linear_algebra' but its gold row"),
    ("answer-key", lambda r: r.update(cases_checked=1), "answer-key field(s) cases_checked"),
    ("unknown-task", lambda r: r.update(task_id="PILOT-OPT-999"), "no gold row for PILOT-OPT-999"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "message"), PUBLIC_CASES, ids=[c[0] for c in PUBLIC_CASES])
def test_a_public_row_missing_or_mistyping_a_needed_field_is_one_line(
    tmp_path: Path, name: str, edit: Callable[[dict[str, Any]], Any], message: str
) -> None:
    rows = _rows(PUBLIC)
    edit(rows[1])
    public = _write(tmp_path / "claimscope_public.jsonl", rows)
    line = _one_error_line(run("import-claimscope", str(public), str(GOLD), "--out", str(tmp_path / "out")))
    assert f"{public}:2: " in line and message in line


def test_our_own_files_still_refuse_missing_and_ill_typed_fields(tmp_path: Path) -> None:
    out = tmp_path / "imported"
    convert(PUBLIC, GOLD, out)
    work = tmp_path / "edited"
    shutil.copytree(out, work)
    tasks = _rows(work / "tasks.jsonl")
    del tasks[2]["claim"]
    _write(work / "tasks.jsonl", tasks)
    line = _one_error_line(run("validate", "tasks.jsonl", "references.jsonl", cwd=work))
    assert "tasks.jsonl:3: not a task (claim: Field required)" in line
    shutil.copy(out / "tasks.jsonl", work / "tasks.jsonl")
    refs = _rows(work / "references.jsonl")
    refs[3]["gold"]["verdict"] = True
    _write(work / "references.jsonl", refs)
    _repin(work)
    line = _one_error_line(run("validate", "tasks.jsonl", "references.jsonl", cwd=work))
    assert "references.jsonl:4: not a reference (gold.verdict:" in line


@pytest.mark.parametrize(
    ("edit", "message"),
    [(lambda r: r.pop("task_id"), "a response needs a non-empty string task_id"),
     (lambda r: r.update(task_id=17), "a response needs a non-empty string task_id")],
    ids=["no-task-id", "task-id-number"],
)  # fmt: skip
def test_a_run_record_without_a_usable_task_id_is_one_line(
    tmp_path: Path, edit: Callable[[dict[str, Any]], Any], message: str
) -> None:
    out = tmp_path / "imported"
    convert(PUBLIC, GOLD, out)
    rows = _rows(RUNS)
    edit(rows[2])
    runs = _write(tmp_path / "claimscope_runs.jsonl", rows)
    line = _one_error_line(run("score", str(out / "tasks.jsonl"), str(out / "references.jsonl"), str(runs)))
    assert f"{runs}:3: {message}" in line
