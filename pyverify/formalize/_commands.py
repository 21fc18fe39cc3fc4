"""``pyverify formalize``: merged into the top-level app by :mod:`pyverify.cli`; the work is in
:mod:`pyverify.formalize._cli`."""

from __future__ import annotations

from pathlib import Path

import typer

from pyverify._cli_common import _SEED, _semantics

app = typer.Typer()


@app.command("formalize")
def formalize_command(
    items: Path = typer.Argument(..., help="items.jsonl (e.g. from `pyverify import forminv`)."),
    model: str = typer.Option(..., "--model", help="A backend spec, e.g. packaged/smollm2-135m."),
    samples: int = typer.Option(1, "--samples", min=1, max=64, help="Formalizations asked per item (k)."),
    out: Path | None = typer.Option(None, "--out", help="Output directory (default: ITEMS' name + .formalized)."),
    semantics: str = typer.Option("mathlib", "--semantics", metavar="exact|mathlib",
                                  help="Semantics of the equivalence checks, for items that name none."),
    timeout: float = typer.Option(10.0, "--timeout", min=0.1, max=3600.0, help="Deadline per equivalence check (s)."),
    temperature: float | None = typer.Option(None, "--temperature", min=0.0, max=2.0,
                                             help="Sampling temperature (default 0 for one sample, 0.7 for more)."),
    seed: int = _SEED,
    max_new_tokens: int = typer.Option(160, "--max-new-tokens", min=1, max=4096),
    batch_size: int = typer.Option(8, "--batch-size", min=1, max=1024, help="Requests per backend batch."),
) -> None:
    """Formalize each item's statement through a model and certify it against the theorem's formal form:
    certified (every sample certified equivalent; the item becomes T1), suspect (refuted, with a witness) or
    needs_review. Writes OUT/formalizations.jsonl and OUT/items.jsonl; answers are kept in OUT/store.sqlite,
    so a rerun reuses them. Exit 0 written, 2 bad input or a backend that cannot start."""
    from pyverify.formalize._cli import formalize_command as command

    chosen = _semantics(semantics)
    raise typer.Exit(command(items, model, samples=samples, out=out, semantics=chosen, timeout=timeout,
                             temperature=temperature, seed=seed, max_new_tokens=max_new_tokens,
                             batch_size=batch_size))  # fmt: skip
