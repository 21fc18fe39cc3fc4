"""Rules that hold everywhere: no heavy imports on `import pyverify` or `--help`, no eval of text."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Callable

import networkx as nx
import pytest

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


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """Import statements inside ``if TYPE_CHECKING:`` blocks (never executed, so no dependency)."""
    skipped: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                for inner in node.body:
                    skipped.update(ast.walk(inner))
    return skipped


def _imported(node: ast.AST, package: str, names_module: Callable[[str, str], bool]) -> list[str]:
    """The dotted modules an import statement in ``package`` names: ``from m import x`` gives ``m.x`` when
    ``names_module(m, x)`` says ``x`` is a module, else ``m``; relative imports are resolved from ``package``."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    if node.level:  # relative: from . import x / from ._x import y
        base = package if node.level == 1 else package.rsplit(".", node.level - 1)[0]
        module = f"{base}.{node.module}" if node.module else base
    else:
        module = node.module or ""
    return [f"{module}.{a.name}" if names_module(module, a.name) else module for a in node.names]


def import_graph(root: Path, dotted: str) -> nx.DiGraph:
    """Which module of the package ``dotted`` (files in ``root``) imports which, counting imports inside
    functions.

    Nodes are module names (``_ast``, ``_parse``, ...; ``__init__`` for the package itself, so a module
    that imports from its own package depends on everything the package's ``__init__`` imports).
    """
    modules = {path.stem for path in root.glob("*.py")}
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_only(tree)
        for node in ast.walk(tree):
            if node in skipped:
                continue
            for target in _imported(node, dotted, lambda module, name: module == dotted):
                if target == dotted:
                    graph.add_edge(path.stem, "__init__")
                elif target.startswith(dotted + "."):
                    name = target[len(dotted) + 1 :].split(".")[0]
                    graph.add_edge(path.stem, name if name in modules else "__init__")
    return graph


@pytest.mark.parametrize("package", ["logic", "certify", "answers", "rewards", "graders"])
def test_package_imports_form_no_cycle(package: str) -> None:
    # every module can be read knowing only the modules below it (lazy imports inside functions count)
    graph = import_graph(PACKAGE / package, f"pyverify.{package}")
    cycles = list(nx.simple_cycles(graph))
    assert nx.is_directed_acyclic_graph(graph), f"pyverify.{package} import cycles: {cycles[:5]}"


def test_logic_layers() -> None:
    graph = import_graph(PACKAGE / "logic", "pyverify.logic")
    assert not list(graph.successors("_ast")), "the syntax tree is the bottom of pyverify.logic"
    assert set(graph.successors("_sorts")) == {"_ast"}
    for module in graph:
        if module != "__init__":
            assert not graph.has_edge(module, "__init__"), f"{module} imports its own package"


def test_import_graph_sees_lazy_relative_and_package_imports(tmp_path: Path) -> None:
    files = {
        "__init__.py": "from pkg._a import f\n",
        "_a.py": "def f():\n    from pkg._b import g\n    return g\n",  # lazy, inside a function
        "_b.py": "from ._c import h\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg._a import f\n",
        "_c.py": "import pkg\n",  # the package itself
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    graph = import_graph(tmp_path, "pkg")
    assert set(graph.edges) == {("__init__", "_a"), ("_a", "_b"), ("_b", "_c"), ("_c", "__init__")}
    assert not nx.is_directed_acyclic_graph(graph)


def test_structural_invariant_of_nodes() -> None:
    # every node rebuilds from its own fields (SymPy's expr == expr.func(*expr.args))
    from dataclasses import fields

    from pyverify.logic import parse
    from pyverify.logic._ast import claim_nodes

    claim = parse("forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^(n+1) - 1)/(r - 1) and n | n")
    for node in claim_nodes(claim):
        values = [getattr(node, f.name) for f in fields(node) if f.compare]  # type: ignore[arg-type]
        assert type(node)(*values) == node


#: the package's layers, bottom first (docs/architecture.md): a module may import only from its own layer's
#: package and from layers below it. Top-level modules (``pyverify/cli.py``, ``_batch.py``, ...) are layers
#: of their own; ``__init__`` is the package's own ``pyverify/__init__.py`` (its version, nothing else).
LAYERS = ("__init__", "_jsonl", "logic", "parallel", "models", "_cli_common", "certify", "answers", "rewards", "paraphrase",
          "catalog", "claims", "lean", "metrics", "report", "protocols", "formalize", "audit", "graders", "export", "_demo",
          "_batch", "_commands", "cli")  # fmt: skip


def whole_package_graph() -> nx.DiGraph:
    """Which module of pyverify imports which (dotted names; lazy imports inside functions count; imports of a
    package count as imports of its ``__init__``)."""
    modules: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_only(tree)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(tree):
            if node in skipped:
                continue
            for target in _imported(node, package, lambda module, item: f"{module}.{item}" in modules):
                while target not in modules and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target in modules and target != name and target.startswith("pyverify"):
                    graph.add_edge(name, target)
    return graph


def _layer(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def test_the_whole_package_imports_form_no_cycle() -> None:
    graph = whole_package_graph()
    assert nx.is_directed_acyclic_graph(graph), f"import cycles: {list(nx.simple_cycles(graph))[:5]}"
    layers = nx.DiGraph((_layer(a), _layer(b)) for a, b in graph.edges() if _layer(a) != _layer(b))
    assert nx.is_directed_acyclic_graph(layers), f"package cycles: {list(nx.simple_cycles(layers))[:5]}"


def test_every_package_imports_only_layers_below_it() -> None:
    graph = whole_package_graph()
    assert {_layer(m) for m in graph} <= set(LAYERS), "a package without a layer: add it to LAYERS and the docs"
    upward = sorted(f"{a} -> {b}" for a, b in graph.edges()
                    if LAYERS.index(_layer(b)) > LAYERS.index(_layer(a)))  # fmt: skip
    assert not upward, upward


def test_the_layers_are_the_documented_ones() -> None:
    docs = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    documented = [name for name in LAYERS if name not in ("__init__",)]
    positions = [docs.find(f"`{name}") for name in documented]
    assert all(p >= 0 for p in positions), [n for n, p in zip(documented, positions) if p < 0]


def test_whole_package_graph_sees_lazy_imports_between_packages() -> None:
    # the checker itself: a function-level import from certify into answers would be caught
    graph = whole_package_graph()
    assert graph.has_edge("pyverify.answers._verdict", "pyverify.certify._worker")
    assert not graph.has_edge("pyverify.certify._engine", "pyverify.answers")
