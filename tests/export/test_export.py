"""``pyverify export``: the files written, lm-eval's own loader reading them, errors as one line and exit 2."""

from __future__ import annotations

import ast
import inspect
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from pyverify.cli import main
from pyverify.export import TASK, ExportError, export_inspect, export_lm_eval
from pyverify.export._common import DEFAULT_ITEMS, read_items
from pyverify.export._inspect import METADATA, parse_answer_source
from pyverify.protocols import _invariance as invariance

ITEM: dict[str, Any] = {"item_id": "t.a#canonical", "theorem_id": "t.a", "family": "canonical", "label": "TRUE", "tier": "T0",
        "text": "For all natural numbers n, n + 0 = n.", "domain": "order", "extra": {"kept": "out"}}  # fmt: skip


def _items(tmp_path: Path, rows: list[dict[str, Any]] | None = None) -> Path:
    path = tmp_path / "items.jsonl"
    rows = rows if rows is not None else [
        ITEM,
        {**ITEM, "item_id": "t.a#F1", "family": "F1", "tier": "T2", "text": "It holds that n + 0 = n for all n."},
        {**ITEM, "item_id": "t.b#canonical", "theorem_id": "t.b", "label": "FALSE", "text": "Every n is 0."},
    ]  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_lm_eval_export_is_pyverifys_prompt_with_the_items_identifiers(tmp_path: Path) -> None:
    result = export_lm_eval(tmp_path / "out", _items(tmp_path))
    assert result.items == 3 and result.task == TASK == "pyverify_invariance"
    assert [p.name for p in result.files] == ["pyverify_invariance.yaml", "items.jsonl", "pyverify-export.json",
                                              "README.md"]  # fmt: skip
    config = yaml.safe_load((tmp_path / "out" / "pyverify_invariance.yaml").read_text(encoding="utf-8"))
    assert config["output_type"] == "multiple_choice" and config["doc_to_choice"] == ["TRUE", "FALSE"]
    assert config["doc_to_text"] == "question" and config["doc_to_target"] == "gold"
    assert config["target_delimiter"] == ""  # pyverify appends the choice to the prompt with nothing between
    data = Path(config["dataset_kwargs"]["data_files"]["test"])
    assert data.is_absolute() and data == (tmp_path / "out" / "items.jsonl").resolve()
    rows = _rows(data)
    source = _rows(tmp_path / "items.jsonl")
    for row, item in zip(rows, source):
        assert row["question"] == invariance.prompt(item)[0][1] == f"{item['text']}\n{invariance.INSTRUCTION}"
        assert row["gold"] == invariance.CHOICES.index(str(item["label"]))
        for key in ("item_id", "theorem_id", "family", "label", "tier", "domain"):
            assert row[key] == item[key]
        assert "extra" not in row
    record = json.loads((tmp_path / "out" / "pyverify-export.json").read_text(encoding="utf-8"))
    assert record["harness"] == "lm-eval" and record["items"] == 3 and len(record["items_sha256"]) == 64
    assert record["protocol"]["choices"] == ["TRUE", "FALSE"]


def test_export_is_deterministic(tmp_path: Path) -> None:
    items = _items(tmp_path)
    export_lm_eval(tmp_path / "a", items)
    export_lm_eval(tmp_path / "b", items)
    for name in ("items.jsonl", "pyverify-export.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_lm_evals_own_task_loader_accepts_the_export(tmp_path: Path) -> None:
    pytest.importorskip("lm_eval")
    from lm_eval.tasks import TaskManager

    export_lm_eval(tmp_path / "out", DEFAULT_ITEMS, limit=5)
    manager = TaskManager(include_path=str(tmp_path / "out"), include_defaults=False)
    assert TASK in manager.all_tasks
    task = manager.load([TASK])["tasks"][TASK]
    docs = list(task.test_docs())
    items = read_items(DEFAULT_ITEMS)[:5]
    assert [doc["item_id"] for doc in docs] == [item["item_id"] for item in items]
    task.build_all_requests(limit=2, rank=0, world_size=1)
    contexts = [instance.arguments for instance in task.instances]
    # without a chat template the context is pyverify's plain prompt and the continuation the bare choice
    assert contexts == [(invariance.prompt(item)[0][1], choice) for item in items[:2] for choice in invariance.CHOICES]
    for doc, item in zip(docs, items):
        assert task.doc_to_choice(doc) == ["TRUE", "FALSE"]
        assert task.doc_to_target(doc) == invariance.CHOICES.index(item["label"])


def test_inspect_export_embeds_pyverifys_parser(tmp_path: Path) -> None:
    result = export_inspect(tmp_path / "out", _items(tmp_path))
    task_file = tmp_path / "out" / "pyverify_invariance.py"
    assert result.files[0] == task_file and result.items == 3
    source = task_file.read_text(encoding="utf-8")
    tree = ast.parse(source)  # valid Python
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert {"parse_answer", "true_false", TASK} <= set(functions)
    embedded = ast.get_source_segment(source, functions["parse_answer"])
    assert embedded is not None and embedded.strip() == parse_answer_source().strip()
    assert parse_answer_source().strip() == inspect.getsource(invariance.parse_answer).strip()
    imports = {
        alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    }
    imports |= {
        node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert imports <= {"__future__", "re", "pathlib", "inspect_ai"}  # runs where pyverify is not installed
    assert "pyverify" not in imports
    rows = _rows(tmp_path / "out" / "items.jsonl")
    assert rows[0]["question"] == invariance.prompt(ITEM)[0][1] and set(METADATA) - {"variant"} <= set(rows[0])


@pytest.mark.parametrize("writer", [export_lm_eval, export_inspect])
def test_non_empty_directory_needs_force(tmp_path: Path, writer: object) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("keep", encoding="utf-8")
    with pytest.raises(ExportError, match="not empty"):
        writer(out, _items(tmp_path))  # type: ignore[operator]
    writer(out, _items(tmp_path), force=True)  # type: ignore[operator]
    assert (out / "mine.txt").read_text(encoding="utf-8") == "keep"  # force replaces only the export's files
    assert (out / "items.jsonl").is_file()


def test_bad_items_name_the_file_and_line(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="no items file"):
        export_lm_eval(tmp_path / "out", tmp_path / "missing.jsonl")
    bad = _items(tmp_path, [ITEM, {**ITEM, "item_id": "t.a#F2", "label": "maybe"}])
    with pytest.raises(ExportError, match=r"items.jsonl:2: label must be TRUE or FALSE"):
        export_lm_eval(tmp_path / "out", bad)
    twice = _items(tmp_path, [ITEM, ITEM])
    with pytest.raises(ExportError, match=r":2: item t.a#canonical appears twice"):
        export_inspect(tmp_path / "out", twice)
    assert not (tmp_path / "out").exists()  # nothing written before the items were read


def test_cli_export_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    items = _items(tmp_path)
    assert main(["export", "lm-eval", str(tmp_path / "lm"), "--items", str(items), "--limit", "2"]) == 0
    assert "wrote pyverify_invariance (2 items) for lm-eval" in capsys.readouterr().out
    assert len(_rows(tmp_path / "lm" / "items.jsonl")) == 2
    assert main(["export", "inspect", str(tmp_path / "in"), "--items", str(items)]) == 0
    capsys.readouterr()
    for argv in (["export", "lm-eval", str(tmp_path / "lm"), "--items", str(items)],
                 ["export", "inspect", str(tmp_path / "x"), "--items", str(tmp_path / "none.jsonl")]):  # fmt: skip
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("error: "), err
    assert main(["export", "lm-eval", str(tmp_path / "lm"), "--items", str(items), "--force"]) == 0
