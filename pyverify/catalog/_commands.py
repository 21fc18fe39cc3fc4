"""``pyverify catalog …``: the theorem catalog and the built benchmark.

``_catalog_guard`` turns a catalog or family error into one ``error:`` line (exit 2) for every command that
reads the catalog (``build``, ``lean export``, ``import …``).
"""

from __future__ import annotations

import json
from typing import Any

import typer

from pyverify._cli_common import _JSON, _fail

catalog_app = typer.Typer(
    help="The theorem catalog and the built benchmark.", no_args_is_help=True, add_completion=False
)


def _catalog_guard(fn: Any, *args: Any) -> Any:
    from pyverify.catalog._load import CatalogError
    from pyverify.paraphrase._families import FamilyError

    try:
        return fn(*args)
    except (CatalogError, FamilyError) as exc:
        _fail(str(exc))


@catalog_app.command("stats")
def catalog_stats(as_json: bool = _JSON) -> None:
    """Counts of the built benchmark per domain, family, tier and label."""
    from pyverify.catalog._build import load_items, stats

    summary = stats(_catalog_guard(load_items))
    if as_json:
        typer.echo(json.dumps(summary))
        return
    for key, value in summary.items():
        typer.echo(f"{key}: {value}")
