"""`pyverify claims …` as a user runs it: build, validate, tamper refusal, score, import."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def run(*args: str, cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyverify.cli", "claims", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd)  # fmt: skip


def test_build_and_validate(tmp_path: Path) -> None:
    proc = run("build", "--out", str(tmp_path / "suite"), "--per-family", "6", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads((tmp_path / "suite" / "manifest.json").read_text())
    assert set(manifest["files"]) == {"tasks.jsonl", "references.jsonl"} and manifest["seed"] == 3
    vacuous = manifest["vacuous"]  # how many vacuous claims were met; none is ever a reference
    assert vacuous["used"] == 0 and vacuous["met"] == len(vacuous["results"]) and "vacuous claims" in proc.stdout
    proc = run("validate", str(tmp_path / "suite" / "tasks.jsonl"), str(tmp_path / "suite" / "references.jsonl"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 disagree, 0 vacuous (never accepted as certified)" in proc.stdout


def test_build_and_validate_on_workers(tmp_path: Path) -> None:
    plain = run("build", "--out", str(tmp_path / "a"), "--per-family", "4", "--seed", "5")
    fanned = run("build", "--out", str(tmp_path / "b"), "--per-family", "4", "--seed", "5", "--workers", "2")
    assert plain.returncode == 0 and fanned.returncode == 0, fanned.stderr
    for name in ("tasks.jsonl", "references.jsonl"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    proc = run("validate", str(tmp_path / "b" / "tasks.jsonl"), str(tmp_path / "b" / "references.jsonl"), "--workers", "2")
    assert proc.returncode == 0 and "0 disagree" in proc.stdout, proc.stdout + proc.stderr
    bad = run("validate", str(tmp_path / "b" / "tasks.jsonl"), str(tmp_path / "b" / "references.jsonl"),
              "--executor", "nope")  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.startswith("error: --executor") and "Traceback" not in bad.stderr


def test_validate_reports_a_wrong_verdict(suite_dir: Path, tmp_path: Path) -> None:
    work = tmp_path / "edited"
    shutil.copytree(suite_dir, work)
    rows = [json.loads(line) for line in (work / "references.jsonl").read_text().splitlines()]
    flipped = next(r for r in rows if r["gold"]["verdict"] == "valid")
    flipped["gold"].update(verdict="invalid", failure_mode="decay_mismatch", repair="full_transport")
    (work / "references.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    from pyverify.claims._io import sha256

    manifest = json.loads((work / "manifest.json").read_text())
    manifest["files"]["references.jsonl"] = sha256(work / "references.jsonl")
    (work / "manifest.json").write_text(json.dumps(manifest))
    proc = run("validate", str(work / "tasks.jsonl"), str(work / "references.jsonl"))
    assert proc.returncode == 1
    assert flipped["task_id"] in proc.stdout and "derived valid" in proc.stdout


def test_tampered_references_are_refused(suite_dir: Path, tmp_path: Path) -> None:
    work = tmp_path / "tampered"
    shutil.copytree(suite_dir, work)
    with (work / "references.jsonl").open("a") as handle:
        handle.write(" ")
    (work / "responses.jsonl").write_text("{}\n")
    for command in (
        ["score", "tasks.jsonl", "references.jsonl", "responses.jsonl"],
        ["validate", "tasks.jsonl", "references.jsonl"],
    ):
        proc = run(*command, cwd=work)
        assert proc.returncode == 2, proc
        assert "references.jsonl" in proc.stderr and "manifest" in proc.stderr
        assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("content", "fragment"),
    [("not json\n", "not valid JSON"), ('{"task_id": "x", "gold": 1}\n', "answer-key"), ("[1, 2]\n", "JSON object"),
     ('{"task_id": "x"}\n', "not a task")],
)  # fmt: skip
def test_bad_task_files_get_one_line(tmp_path: Path, content: str, fragment: str) -> None:
    (tmp_path / "tasks.jsonl").write_text(content)
    (tmp_path / "r.jsonl").write_text("")
    proc = run("check", "tasks.jsonl", "r.jsonl", "--out", "o.jsonl", cwd=tmp_path)
    assert proc.returncode == 2
    assert fragment in proc.stderr and "tasks.jsonl:1" in proc.stderr and "Traceback" not in proc.stderr


def test_import_claimscope_round_trip(suite_dir: Path, tmp_path: Path) -> None:
    tasks = [json.loads(line) for line in (suite_dir / "tasks.jsonl").read_text().splitlines()]
    refs = [json.loads(line) for line in (suite_dir / "references.jsonl").read_text().splitlines()]
    public = [{k: t[k] for k in ("task_id", "family", "split", "prompt", "response_schema")} for t in tasks]
    gold = [{"task_id": r["task_id"], "family": r["family"],
             "source": {k: v for k, v in r["source"].items() if k != "wording"}, "gold": r["gold"]} for r in refs]  # fmt: skip
    (tmp_path / "public.jsonl").write_text("\n".join(json.dumps(r) for r in public) + "\n")
    (tmp_path / "gold.jsonl").write_text("\n".join(json.dumps(r) for r in gold) + "\n")
    proc = run(
        "import-claimscope",
        str(tmp_path / "public.jsonl"),
        str(tmp_path / "gold.jsonl"),
        "--out",
        str(tmp_path / "imp"),
    )
    assert proc.returncode == 0, proc.stderr
    proc = run("validate", str(tmp_path / "imp" / "tasks.jsonl"), str(tmp_path / "imp" / "references.jsonl"))
    assert proc.returncode == 0, proc.stdout
    imported = [json.loads(line) for line in (tmp_path / "imp" / "tasks.jsonl").read_text().splitlines()]
    assert [t["claim"] for t in imported] == [t["claim"] for t in tasks]
    # an unknown formula id is named
    gold[0]["source"]["formula_id"] = "mystery_formula"
    (tmp_path / "gold.jsonl").write_text("\n".join(json.dumps(r) for r in gold) + "\n")
    proc = run(
        "import-claimscope",
        str(tmp_path / "public.jsonl"),
        str(tmp_path / "gold.jsonl"),
        "--out",
        str(tmp_path / "bad"),
    )
    assert proc.returncode == 2 and "mystery_formula" in proc.stderr
