"""``pyverify export …``: the built benchmark as a task of lm-evaluation-harness or inspect_ai."""

from __future__ import annotations

from pathlib import Path

import typer

from pyverify._cli_common import _fail

export_app = typer.Typer(help="The built benchmark as a task of another harness (lm-evaluation-harness, inspect_ai).",
                         no_args_is_help=True, add_completion=False)  # fmt: skip

_EXPORT_ITEMS = typer.Option(None, "--items", help="Benchmark items (default families/generated/items.jsonl).")
_EXPORT_FORCE = typer.Option(False, "--force", help="Write into a non-empty directory (replaces the export's files).")
_EXPORT_LIMIT = typer.Option(None, "--limit", min=1, help="Only the first N items.")


def _export(kind: str, out: Path, items: Path | None, force: bool, limit: int | None) -> None:
    from pyverify.export import ExportError, export_inspect, export_lm_eval
    from pyverify.export._common import DEFAULT_ITEMS

    writer = export_lm_eval if kind == "lm-eval" else export_inspect
    try:
        result = writer(out, items or DEFAULT_ITEMS, force=force, limit=limit)
    except ExportError as exc:
        _fail(str(exc))
    typer.echo(f"wrote {result.task} ({result.items} items) for {result.harness} to {result.directory}: "
               + ", ".join(path.name for path in result.files))  # fmt: skip


@export_app.command("lm-eval")
def export_lm_eval_command(
    out: Path = typer.Argument(..., help="Output directory (created; must be empty unless --force)."),
    items: Path | None = _EXPORT_ITEMS, force: bool = _EXPORT_FORCE, limit: int | None = _EXPORT_LIMIT,
) -> None:  # fmt: skip
    """An lm-eval task (YAML + JSONL, multiple_choice over TRUE/FALSE with pyverify's invariance prompt).

    Run it with `lm_eval --include_path OUT --tasks pyverify_invariance --apply_chat_template --log_samples
    --output_path RESULTS ...`, then `pyverify metrics RESULTS`."""
    _export("lm-eval", out, items, force, limit)


@export_app.command("inspect")
def export_inspect_command(
    out: Path = typer.Argument(..., help="Output directory (created; must be empty unless --force)."),
    items: Path | None = _EXPORT_ITEMS, force: bool = _EXPORT_FORCE, limit: int | None = _EXPORT_LIMIT,
) -> None:  # fmt: skip
    """An inspect_ai task file over the same items (generate, answers parsed as pyverify parses them).

    Run it with `inspect eval OUT/pyverify_invariance.py --model ...`, then `pyverify metrics LOG`."""
    _export("inspect", out, items, force, limit)
