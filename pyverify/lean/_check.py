"""``pyverify lean check``: build the Lake project and audit what Lean accepted.

A generated file is accepted only if ``lake build`` compiles it without errors, it contains no
``sorry``/``admit``, every statement is unchanged against ``export.json``, and ``#print axioms`` of
every declaration stays within ``propext``, ``Classical.choice`` and ``Quot.sound``.
Without a toolchain the check says "Lean toolchain unavailable" and exits 4.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from pyverify.lean._export import GENERATED, LEAN_DIR

ALLOWED_AXIOMS = {"propext", "Classical.choice", "Quot.sound"}
EXIT_UNAVAILABLE = 4


@dataclass
class LeanResult:
    """The outcome of a check: per generated file, accepted or not with the reasons."""

    available: bool
    accepted: dict[str, bool] = field(default_factory=dict)
    problems: dict[str, list[str]] = field(default_factory=dict)
    message: str = ""


def toolchain() -> str | None:
    """The ``lake`` executable, or None when no Lean toolchain is installed."""
    return shutil.which("lake")


def _declarations(text: str) -> list[str]:
    return re.findall(r"^theorem\s+([A-Za-z0-9_]+)", text, flags=re.M)


def statement_changes(root: Path = LEAN_DIR) -> dict[str, list[str]]:
    """Declarations whose statement differs from the export (per file)."""
    manifest_path = root / "export.json"
    if not manifest_path.is_file():
        return {"export.json": ["missing: run `pyverify lean export` first"]}
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    problems: dict[str, list[str]] = {}
    for path in sorted((root / GENERATED).glob("*.lean")):
        text = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(root))
        if manifest["files"].get(rel) != hashlib.sha256(text.encode()).hexdigest():
            problems.setdefault(rel, []).append("file differs from the export (statements may have been edited)")
        for word in ("sorry", "admit"):
            if re.search(rf"\b{word}\b", text):
                problems.setdefault(rel, []).append(f"contains {word}")
    return problems


def check(root: Path = LEAN_DIR, timeout: float = 7200.0) -> LeanResult:
    lake = toolchain()
    if lake is None:
        return LeanResult(
            False, message="Lean toolchain unavailable: `lake` is not installed (see lean_project/README.md)"
        )
    result = LeanResult(True)
    problems = statement_changes(root)
    try:
        build = subprocess.run([lake, "build"], cwd=root, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return LeanResult(True, message=f"lake build exceeded {timeout:.0f} s")
    for line in (build.stdout + build.stderr).splitlines():
        match = re.match(r"^(?:error: )?(\S+\.lean):\d+:\d+: error", line)
        if match:
            problems.setdefault(match.group(1), []).append(line.strip())
    files = sorted((root / GENERATED).glob("*.lean"))
    for path in files:
        rel = str(path.relative_to(root))
        names = _declarations(path.read_text(encoding="utf-8"))
        probe = root / "Pyverify" / "AxiomAudit.lean"
        module = rel[:-5].replace("/", ".")
        probe.write_text(f"import {module}\nopen Pyverify.Catalog\n" + "".join(f"#print axioms {n}\n" for n in names))
        try:
            audit = subprocess.run(
                [lake, "env", "lean", str(probe)], cwd=root, capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            problems.setdefault(rel, []).append("axiom audit timed out")
            continue
        finally:
            probe.unlink(missing_ok=True)
        for axioms in re.findall(r"depends on axioms: \[([^\]]*)\]", audit.stdout):
            extra = {a.strip() for a in axioms.split(",") if a.strip()} - ALLOWED_AXIOMS
            if extra:
                problems.setdefault(rel, []).append(f"uses axioms {sorted(extra)}")
        if "sorryAx" in audit.stdout:
            problems.setdefault(rel, []).append("depends on sorryAx")
    for path in files:
        rel = str(path.relative_to(root))
        result.accepted[rel] = rel not in problems
    result.problems = problems
    result.message = f"{sum(result.accepted.values())}/{len(files)} generated files accepted"
    return result
