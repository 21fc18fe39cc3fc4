"""What every ``pyverify`` command module shares: the exit-code help, the common options, one-line errors.

Light on purpose (typer only; the claim language is imported inside the functions that parse), so that the
command modules of every package can import it without slowing ``pyverify --help``. It sits below every
package that has commands (docs/architecture.md: layers).
"""

from __future__ import annotations

from typing import Any, NoReturn

import typer

EXIT_HELP = (
    "Exit codes: 0 certified/verified, 1 refuted/rejected, 2 bad input, 3 unknown "
    "(outside the fragment, deadline), 4 internal error, 5 vacuous (true only because no point satisfies "
    "its assumptions and definedness conditions: not certified)."
)

_TIMEOUT = typer.Option(10.0, "--timeout", min=0.1, max=3600.0, help="Deadline in seconds for the whole call.")
_JSON = typer.Option(False, "--json", help="Print one JSON object instead of text.")
_SEED = typer.Option(0, "--seed", help="Seed for the random part of counterexample search.")
_SEMANTICS = typer.Option(
    "exact", "--semantics", metavar="exact|mathlib",
    help="exact: partial operations restrict the domain (a certificate lists the definedness conditions it "
         "relied on); mathlib: every operation total, as Lean 4 / Mathlib defines it (x/0 = 0, 5 - 7 = 0 in ℕ, ...).",
)  # fmt: skip


def _semantics(name: str) -> str:
    from pyverify.logic._semantics import check_semantics

    try:
        return check_semantics(name)
    except ValueError as exc:
        _fail(f"--semantics: {exc}")


def _fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _parse(text: str, label: str = "claim") -> Any:
    from pyverify.logic import ParseError, parse

    try:
        return parse(text)
    except ParseError as exc:
        _fail(f"{label}: {exc}")
