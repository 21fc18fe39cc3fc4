"""Rules that hold everywhere: no heavy imports on `import pyverify` or `--help`, no eval of text."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pyverify"
HEAVY = ("torch", "transformers", "z3", "vllm", "sympy", "flint")


def _modules_after(code: str) -> set[str]:
    script = code + "\nimport sys\nsys.stderr.write('MODULES ' + ' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    listed = out.stderr.split("MODULES ", 1)[1].split()
    return {name.split(".")[0] for name in listed}


def test_import_pyverify_is_light() -> None:
    loaded = _modules_after("import pyverify, pyverify.logic, pyverify.certify")
    assert not loaded & set(HEAVY), loaded & set(HEAVY)


def test_help_is_light() -> None:
    code = "import sys\nfrom pyverify.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    loaded = _modules_after(code)
    assert not loaded & set(HEAVY), loaded & set(HEAVY)


def test_no_code_evaluates_text() -> None:
    builtins = {"eval", "exec", "compile", "__import__"}  # called by bare name
    anywhere = {"sympify", "parse_expr", "S"}  # sympy's string parsers, however they are reached
    # the sandbox's runner is the one place that executes untrusted programs: it runs only as its own
    # isolated `python -I` process (never imported into pyverify), and a test below enforces that
    sandboxed = {PACKAGE / "audit" / "_runner_main.py"}
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path in sandboxed:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                if isinstance(node.func, ast.Name) and node.func.id in builtins | anywhere:
                    offenders.append(f"{path.name}:{node.lineno} {node.func.id}")
                elif isinstance(node.func, ast.Attribute) and node.func.attr in anywhere:
                    offenders.append(f"{path.name}:{node.lineno} {node.func.attr}")
    assert not offenders, offenders


def test_sandbox_runner_executes_only_as_a_script() -> None:
    # importing the runner (the sandbox reuses its value encoder) must never execute a program: exec and
    # compile sit in functions reached only from its `__main__` guard, and it never imports pyverify
    runner = (PACKAGE / "audit" / "_runner_main.py").read_text(encoding="utf-8")
    tree = ast.parse(runner)
    top_level_calls = [n for n in tree.body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)]
    assert not top_level_calls
    assert 'if __name__ == "__main__":' in runner
    assert "import pyverify" not in runner and "from pyverify" not in runner


def test_layers_import_only_downwards() -> None:
    # logic is the bottom layer: it must not import the engines
    for path in (PACKAGE / "logic").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "pyverify.certify" not in text, path


def test_structural_invariant_of_nodes() -> None:
    # every node rebuilds from its own fields (SymPy's expr == expr.func(*expr.args))
    from dataclasses import fields

    from pyverify.logic import parse
    from pyverify.logic._ast import claim_nodes

    claim = parse("forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^(n+1) - 1)/(r - 1) and n | n")
    for node in claim_nodes(claim):
        values = [getattr(node, f.name) for f in fields(node) if f.compare]  # type: ignore[arg-type]
        assert type(node)(*values) == node
