"""``pyverify equiv-answer`` run as a user runs it: exit codes 0 / 1 / 2 / 3, JSON output."""

from __future__ import annotations

import json
import subprocess
import sys

PYVERIFY = [sys.executable, "-m", "pyverify.cli"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PYVERIFY, "equiv-answer", *args], capture_output=True, text=True, timeout=120)


def test_exit_codes() -> None:
    assert run(r"\frac{2}{4}", "0.5").returncode == 0
    different = run(r"\frac{\sqrt3}{3}", r"\frac{\sqrt3}{2}")
    assert different.returncode == 1 and "witness" in different.stdout and "-sqrt(3)/6" in different.stdout
    bad = run(r"\input{/etc/passwd}", "1")
    assert bad.returncode == 2 and bad.stderr.startswith("error: reference:") and "Traceback" not in bad.stderr
    assert run("--timeout", "5", r"\sqrt{2} + \sqrt{3}", r"\pi").returncode in (1, 3)
    assert run("x^2", r"\begin{pmatrix}1\end{pmatrix}").returncode in (1, 3)


def test_json_and_tolerance() -> None:
    proc = run("--json", r"\pi", "3.14159")
    data = json.loads(proc.stdout)
    assert proc.returncode == 1 and data["policy"] == "exact" and data["status"] == "different"
    proc = run("--json", "--tolerance", "0.0001", r"\pi", "3.14159")
    data = json.loads(proc.stdout)
    assert proc.returncode == 0 and data["policy"] == "tolerance=0.0001" and data["method"] == "tolerance"



def test_equiv_answer_takes_the_list_policy_and_refuses_an_unknown_one() -> None:
    found = run("--order", "written", "--", "2,4,3", "2, 3, 4")
    assert found.returncode == 1 and found.stdout.startswith("different") and "order=written" in found.stdout
    bad = run("--order", "sorted", "--", "1", "1")
    assert bad.returncode == 2 and "--order" in bad.stderr and "Traceback" not in bad.stderr
