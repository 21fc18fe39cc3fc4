"""The checker cannot read references: its import graph, its code, and a run with no reference file."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "pyverify"
#: modules that can open or build references
REFERENCE_MODULES = {"pyverify.claims._io", "pyverify.claims._derive", "pyverify.claims._generate",
                     "pyverify.claims._validate", "pyverify.claims._score", "pyverify.claims._claimscope"}  # fmt: skip


def test_checker_import_graph_excludes_reference_code() -> None:
    script = (
        "import sys, pyverify.claims._checker as c\nprint(' '.join(m for m in sys.modules if m.startswith('pyverify')))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60)
    loaded = set(out.stdout.split())
    assert "pyverify.claims._checker" in loaded
    assert not loaded & REFERENCE_MODULES, loaded & REFERENCE_MODULES


def test_checker_code_opens_no_files() -> None:
    for name in ("_checker.py", "_families.py", "_records.py"):
        tree = ast.parse((PACKAGE / "claims" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                # the family definitions (formal/claims/*.toml) are the only file the checker's modules read
                if called in ("open", "read_text", "read_bytes", "load_references", "read_jsonl"):
                    assert name == "_families.py" and called == "open", (name, called)
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert "references.jsonl" not in node.value, (name, node.value)


def test_check_runs_with_no_reference_file_anywhere(suite_dir: Path, tmp_path: Path) -> None:
    work = tmp_path / "public-only"
    work.mkdir()
    (work / "tasks.jsonl").write_text((suite_dir / "tasks.jsonl").read_text())
    tasks = [json.loads(line) for line in (work / "tasks.jsonl").read_text().splitlines()]
    rec = next(t for t in tasks if t["family"] == "affine_recurrence" and "rho^(T - k)" in json.dumps(t["claim"]))
    audit = {"task_id": rec["task_id"], "verdict": "invalid", "scope": "finite_horizon_value",
             "failure_mode": "input_exponent", "repair": "unroll_exact",
             "counterexample": {"state": {"rho": "2", "x0": "1", "inputs": ["1"], "horizon": 2}}}  # fmt: skip
    responses = [{"task_id": rec["task_id"], "raw_output": "<think>try small values</think> " + json.dumps(audit)}]
    (work / "responses.jsonl").write_text("\n".join(json.dumps(r) for r in responses) + "\n")
    assert not list(work.glob("references*")) and not list(work.glob("manifest*"))
    proc = subprocess.run([sys.executable, "-m", "pyverify.cli", "claims", "check", "tasks.jsonl", "responses.jsonl",
                           "--out", "checks.jsonl"], cwd=work, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results = {r["task_id"]: r for r in map(json.loads, (work / "checks.jsonl").read_text().splitlines())}
    assert len(results) == len(tasks)
    assert results[rec["task_id"]]["status"] == "rejected"
    assert "horizon" in results[rec["task_id"]]["message"]
    others = [r for k, r in results.items() if k != rec["task_id"]]
    assert all(r["status"] == "unavailable" for r in others)
    meta = json.loads((work / "checks.jsonl.meta.json").read_text())
    assert set(meta["inputs"]) == {"tasks.jsonl", "responses.jsonl"} and meta["checker_version"]
