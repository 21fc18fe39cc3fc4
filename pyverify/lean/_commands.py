"""``pyverify lean …`` (read a Mathlib statement, export the catalog, check it with lake) and
``pyverify import …`` (FormInv and Lean statements read, certified and built into items).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

from pyverify._cli_common import _JSON, _SEMANTICS, _fail, _semantics
from pyverify.catalog._commands import _catalog_guard

lean_app = typer.Typer(help="Lean 4: read Mathlib statements, export the catalog, check it with lake.", no_args_is_help=True,
                       add_completion=False)  # fmt: skip

import_app = typer.Typer(help="Import external datasets.", no_args_is_help=True, add_completion=False)

_IMPORT_SEMANTICS = typer.Option(
    "mathlib", "--semantics", metavar="exact|mathlib",
    help="The semantics every certificate is decided under (default mathlib: the statements are Lean's).",
)  # fmt: skip
_IMPORT_TIMEOUT = typer.Option(2.0, "--timeout", min=0.1, max=60.0, help="Seconds for each engine call.")


def _import_report(manifest: dict[str, Any], out: Path, as_json: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    if as_json:
        typer.echo(json.dumps({"coverage": manifest["coverage"], "counts": manifest["counts"],
                               "problems": manifest["problems"], "vacuous": manifest.get("vacuous")},
                              ensure_ascii=False))  # fmt: skip
        return
    cov = manifest["coverage"]
    table = Table(title=f"import coverage ({manifest['semantics']} semantics)", show_header=True)
    table.add_column("")
    table.add_column("count", justify="right")
    rows = [("theorems", cov["theorems"]), ("read", cov["read"]), ("outside the fragment", cov["outside_fragment"])]
    rows += [(f"  {construct}", len(ids)) for construct, ids in cov["outside_by_construct"].items()]
    rows += [("not read (other)", len(cov["not_read"])), ("instances", cov["instances"]),
             ("  of which instances of generic theorems", cov["consequences"]),
             ("  certified", cov["truth"]["certified"]),
             ("  vacuous (not certified; kept: anchored in Mathlib)", cov["truth"].get("vacuous", 0)),
             ("  unknown (kept: anchored in Mathlib)", cov["truth"]["unknown"]),
             ("  refuted (problems)", cov["truth"]["refuted"]), ("false siblings", cov["siblings"]),
             ("instances without a sibling", cov["without_sibling"]), ("items", cov["items"]),
             ("  imported rows (formal: null)", cov["imported_rows"]), ("  with a formal statement", cov["formal_items"])]  # fmt: skip
    rows += [(f"  tier {tier}", n) for tier, n in cov["per_tier"].items()]
    rows += [(f"  family {family}", n) for family, n in cov["per_family"].items()]
    for label, value in rows:
        table.add_row(label, str(value))
    table.add_row("TRUE share (all items)", f"{cov['true_share']:.2f}")
    table.add_row("TRUE share (formal items)", f"{cov['true_share_formal']:.2f}")
    table.add_row("vacuous results met (none used)", str(cov.get("vacuous_met", 0)))
    Console(width=100).print(table)
    for problem in manifest["problems"]:
        typer.echo(f"problem: {problem['instance_id']}: {problem['reason']}"
                   + (f" (witness {problem['witness']})" if problem.get("witness") is not None else ""))  # fmt: skip
    typer.echo(f"wrote items.jsonl, certificates.jsonl and manifest.json to {out}")


@import_app.command("forminv")
def import_forminv(
    file: Path = typer.Argument(..., help="A FormInv JSONL file."),
    out: Path = typer.Option(..., "--out", help="Directory for items.jsonl, certificates.jsonl and manifest.json."),
    semantics: str = _IMPORT_SEMANTICS,
    timeout: float = _IMPORT_TIMEOUT,
    as_json: bool = _JSON,
) -> None:
    """Import FormInv: its rows kept (imported, needs_review) and its Lean statements read and certified.

    Every theorem the reader can read gets what `pyverify build` gives a catalog theorem (truth
    certificate, a false sibling refuted by a witness, T0/T1/T2 items); coverage is printed.
    """
    from pyverify.lean._import import import_forminv as run_import

    chosen = _semantics(semantics)
    manifest = _catalog_guard(run_import, file, out, chosen, timeout)
    rows = manifest["coverage"]["imported_rows"]
    typer.echo(f"imported {rows} items of {manifest['coverage']['theorems']} theorems into {out} (imported, uncertified); "
               f"built {manifest['coverage']['formal_items']} formal items", err=as_json)  # fmt: skip
    _import_report(manifest, out, as_json)


@import_app.command("lean-statements")
def import_lean_statements(
    file: Path = typer.Argument(..., help="One Lean statement per line, or JSONL rows with lean4_statement."),
    out: Path = typer.Option(..., "--out", help="Directory for items.jsonl, certificates.jsonl and manifest.json."),
    semantics: str = _IMPORT_SEMANTICS,
    timeout: float = _IMPORT_TIMEOUT,
    as_json: bool = _JSON,
) -> None:
    """Read Lean statements into claims and build certified items for each (as `pyverify build` does)."""
    from pyverify.lean._import import import_lean_statements as run_import

    chosen = _semantics(semantics)
    manifest = _catalog_guard(run_import, file, out, chosen, timeout)
    _import_report(manifest, out, as_json)


@lean_app.command("export")
def lean_export(semantics: str = _SEMANTICS) -> None:
    """Write the catalog into lean_project/Pyverify/Generated (theorems, refutations, equivalences)."""
    from pyverify.catalog._build import GENERATED, load_items
    from pyverify.catalog._load import load_catalog
    from pyverify.lean import export

    theorems = _catalog_guard(load_catalog)
    items = _catalog_guard(load_items)
    certificates = {}
    for line in (GENERATED / "certificates.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        certificates[row["certificate_id"]] = row
    result = export(theorems, items, certificates, semantics=_semantics(semantics))
    note = f", {result['left_out']} left out (see export.json)" if result["left_out"] else ""
    typer.echo(f"wrote {result['declarations']} declarations in {len(result['files'])} files "
               f"({result['semantics']} semantics{note})")  # fmt: skip


@lean_app.command("read", epilog="Exit codes: 0 read, 3 outside the claim language's fragment (the construct is "
                  "named), 2 not a Lean statement.")  # fmt: skip
def lean_read(
    statement: str = typer.Argument(..., help="A Lean 4 statement: `theorem name binders : proposition` (or `-` for stdin)."),
    as_json: bool = _JSON,
) -> None:
    """Read a Lean 4 / Mathlib statement into the claim language, under the mathlib semantics.

    A typeclass-generic statement is read once per concrete type among ℕ ℤ ℚ ℝ that has an instance
    of its classes; each reading is labelled with its instantiation (a consequence of the theorem).
    """
    from pyverify.lean._read import NotLean, OutsideFragment, read_statement

    text = sys.stdin.read() if statement == "-" else statement
    try:
        reading = read_statement(text)
    except OutsideFragment as exc:
        if as_json:
            typer.echo(json.dumps({"status": "outside", "construct": exc.construct, "position": exc.pos,
                                   "message": str(exc)}, ensure_ascii=False))  # fmt: skip
        else:
            typer.echo(str(exc), err=True)
        raise typer.Exit(3) from None
    except NotLean as exc:
        _fail(f"not a Lean statement: {exc}")
    from pyverify.logic import to_text

    if as_json:
        typer.echo(json.dumps({"status": "read", **reading.to_dict()}, ensure_ascii=False))
        return
    generic = any(i.is_consequence for i in reading.instances)
    for instance in reading.instances:
        claim = to_text(instance.claim, unicode=True)
        typer.echo(f"[{instance.label}] {claim}" if generic else claim)
    for label, reason in reading.skipped:
        typer.echo(f"[{label}] not read: {reason}", err=True)
    if generic:
        typer.echo(f"({len(reading.instances)} instance(s) of a generic statement, read under {reading.semantics} "
                   f"semantics; each is a consequence of the theorem)", err=True)  # fmt: skip


@lean_app.command("check")
def lean_check() -> None:
    """Run lake build and audit sorry, statements and axioms (exit 4 without a Lean toolchain)."""
    from pyverify.lean import check

    result = check()
    typer.echo(result.message)
    if not result.available:
        raise typer.Exit(4)
    for file, problems in sorted(result.problems.items()):
        for problem in problems:
            typer.echo(f"  {file}: {problem}")
    raise typer.Exit(0 if result.accepted and all(result.accepted.values()) else 1)
