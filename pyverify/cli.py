"""The ``pyverify`` command: assembles the commands each package defines, and runs them.

The commands live beside the code they call, each package's in its ``_commands.py`` (``typer`` apps): groups
(``pyverify audit …``, ``pyverify lean …``) are added under their names, and the top-level commands
(``certify``, ``eval``, …) are merged into this app, so every command keeps the name and path it has always had.
Their shared options and helpers are in :mod:`pyverify._cli_common`.

Exit codes (also in the README and in ``--help``):
0 certified / verified · 1 refuted / rejected · 2 bad input · 3 unknown · 4 internal error.
"""

from __future__ import annotations

import sys
from typing import Any

import typer
from typer.core import TyperGroup

from pyverify import _commands as top
from pyverify._cli_common import EXIT_HELP
from pyverify.answers import _commands as answers
from pyverify.audit import _commands as audit
from pyverify.catalog import _commands as catalog
from pyverify.certify import _commands as certify
from pyverify.claims import _commands as claims
from pyverify.export import _commands as export
from pyverify.formalize import _commands as formalize
from pyverify.graders import _commands as graders
from pyverify.lean import _commands as lean
from pyverify.lean._commands import _import_report  # noqa: F401 - importable from here, as it always was
from pyverify.protocols import _commands as protocols

#: The order ``pyverify --help`` lists the commands in (a command missing here comes after these).
ORDER = ("certify", "equiv", "equiv-answer", "certify-batch", "check-witness", "build", "eval", "run", "formalize",
         "metrics", "report", "select", "rank-weights", "demo", "claims", "audit", "answers", "catalog", "lean",
         "import", "export")  # fmt: skip


class _Listed(TyperGroup):
    """The top-level group: lists its commands in :data:`ORDER`, whichever module defines them."""

    def list_commands(self, ctx: Any) -> list[str]:  # ctx: click's Context (vendored by typer)
        rank = {name: i for i, name in enumerate(ORDER)}
        return sorted(super().list_commands(ctx), key=lambda name: rank.get(name, len(rank)))


app = typer.Typer(
    name="pyverify",
    help="Certify, refute and compare mathematical claims with exact arithmetic, sympy and z3.\n\n" + EXIT_HELP,
    cls=_Listed,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
# the top-level commands: merged in (no group name), so each keeps its path (`pyverify certify`, `pyverify eval`)
for commands in (certify.app, answers.app, top.app, protocols.app, formalize.app):
    app.add_typer(commands)
# the groups (`pyverify audit hacking`); the grader audit lives in its own layer (graders) and joins two groups:
# `audit labels|hacking|graders` after the verifier audit's commands, `answers sample` beside `answers build`
audit.app.add_typer(graders.audit_app)
answers.answers_app.add_typer(graders.answers_app)
for name, group in (("claims", claims.app), ("audit", audit.app), ("answers", answers.answers_app),
                    ("catalog", catalog.catalog_app), ("lean", lean.lean_app), ("import", lean.import_app),
                    ("export", export.export_app)):  # fmt: skip
    app.add_typer(group, name=name)


def _click_errors() -> tuple[tuple[type[BaseException], ...], ...]:
    """click's exception classes: typer >= 0.2x vendors click as ``typer._click``, older ones use click."""
    import importlib

    modules = []
    for name in ("typer._click.exceptions", "click.exceptions"):
        try:
            modules.append(importlib.import_module(name))
        except ImportError:
            continue
    return tuple(
        tuple(getattr(m, cls) for m in modules if hasattr(m, cls))
        for cls in ("Exit", "Abort", "UsageError", "ClickException")
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; never lets a traceback reach the user.

    Usage errors (unknown command or option, a value out of range) become one ``error:`` line and exit 2
    instead of click's framed message."""
    exit_, abort, usage, click_error = _click_errors()
    try:
        result = app(args=argv, prog_name="pyverify", standalone_mode=False)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except exit_ as exc:
        return int(getattr(exc, "exit_code", 0))
    except abort:
        typer.echo("interrupted", err=True)
        return 130
    except usage as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            typer.echo(ctx.get_help())
            return 2
        path = ctx.command_path if ctx is not None else "pyverify"
        typer.echo(f"error: {path}: {exc.format_message()} (see {path} --help)", err=True)  # type: ignore[attr-defined]
        return 2
    except click_error as exc:
        typer.echo(f"error: {exc.format_message()}", err=True)  # type: ignore[attr-defined]
        return 2
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        return 130
    except RecursionError:
        typer.echo("error: input nested too deeply", err=True)
        return 2
    except Exception as exc:
        typer.echo(f"internal error: {type(exc).__name__}: {exc}", err=True)
        return 4
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
