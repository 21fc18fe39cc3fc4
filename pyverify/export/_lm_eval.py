"""The benchmark as an lm-evaluation-harness task: ``pyverify_invariance.yaml`` + a local ``items.jsonl``.

The task is ``multiple_choice`` over the continuations ``TRUE`` and ``FALSE`` with ``doc_to_text`` the
row's ``question`` field -- a field name, so lm-eval uses the text verbatim -- which is the very user
message pyverify's invariance protocol sends. ``target_delimiter`` is ``""``: pyverify appends the
choice to the prompt with nothing in between, and lm-eval does the same under ``--apply_chat_template``
whatever the YAML says. Run with ``--apply_chat_template`` for a chat model (pyverify applies the
tokenizer's chat template with ``add_generation_prompt=True``, as lm-eval then does); without it the
context is the bare question, which is pyverify's prompt for a backend without a chat template.
Either way the scored token sequences are pyverify's; lm-eval only moves the template's trailing
newline from the context into the continuation, a constant per item that cancels in the argmax (see
``benchmarks/eval_bench.py``).

``dataset_kwargs.data_files`` holds the data file's absolute path: ``datasets`` resolves a relative one
against the working directory, not the YAML's; moving the directory means exporting again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pyverify.export._common import (
    DEFAULT_ITEMS,
    TASK,
    Export,
    ExportError,
    manifest,
    prepare_directory,
    read_items,
    task_rows,
    write_json,
    write_jsonl,
)

LM_EVAL_VERSION = "0.4.13"
"""The lm-evaluation-harness release the export is tested against."""


def task_config(data: Path) -> dict[str, Any]:
    """The task's YAML as a dict (``data``: the local JSONL, absolute)."""
    from pyverify.protocols._invariance import CHOICES

    return {
        "task": TASK,
        "dataset_path": "json",
        "dataset_kwargs": {"data_files": {"test": str(data)}},
        "test_split": "test",
        "output_type": "multiple_choice",
        "doc_to_text": "question",
        "doc_to_choice": list(CHOICES),
        "doc_to_target": "gold",
        "target_delimiter": "",
        "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.0, "source": "pyverify export lm-eval"},
    }


def _instructions(directory: Path) -> str:
    return (
        f"# {TASK}: pyverify's invariance benchmark as an lm-evaluation-harness task\n\n"
        f"Written by `pyverify export lm-eval` (tested with lm_eval=={LM_EVAL_VERSION}). Run it with the\n"
        "chat template, as pyverify asks chat models, and keep the per-sample log:\n\n"
        "```sh\n"
        f"lm_eval --model hf --model_args pretrained=MODEL --include_path {directory} --tasks {TASK} \\\n"
        "    --apply_chat_template --log_samples --output_path results/\n"
        "pyverify metrics results/          # SCR, IG, CIR, Cochran's Q from lm-eval's samples_*.jsonl\n"
        "```\n\n"
        "`items.jsonl` holds one row per benchmark item: `question` (pyverify's prompt), `gold` (0 = TRUE,\n"
        "1 = FALSE) and the item's `item_id`, `theorem_id`, `family`, `label`, `tier`. `pyverify-export.json`\n"
        "records the benchmark file and its hash. The YAML names `items.jsonl` by absolute path: export\n"
        "again after moving this directory.\n"
    )


def export_lm_eval(out: Path, items_path: Path = DEFAULT_ITEMS, *, force: bool = False,
                   limit: int | None = None) -> Export:  # fmt: skip
    """Write the lm-eval task for the benchmark in ``items_path`` (the first ``limit`` items) into ``out``."""
    import yaml

    items = read_items(items_path)
    if limit is not None:
        items = items[:limit]
    rows = task_rows(items)
    directory = prepare_directory(out, force)
    data = directory.resolve() / "items.jsonl"
    config_path = directory / f"{TASK}.yaml"
    try:
        write_jsonl(data, rows)
        config_path.write_text(
            "# written by `pyverify export lm-eval`; see README.md beside it\n"
            + yaml.safe_dump(task_config(data), sort_keys=False, allow_unicode=True),
            encoding="utf-8",
        )
        record = manifest("lm-eval", items_path, rows, data) | {"lm_eval": LM_EVAL_VERSION}
        write_json(directory / "pyverify-export.json", record)
        (directory / "README.md").write_text(_instructions(directory.resolve()), encoding="utf-8")
    except OSError as exc:
        raise ExportError(f"{directory}: cannot write ({exc.strerror or exc})") from None
    files = (config_path, directory / "items.jsonl", directory / "pyverify-export.json", directory / "README.md")
    return Export(harness="lm-eval", directory=directory, task=TASK, items=len(rows), files=files)
