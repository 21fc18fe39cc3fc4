"""``pyverify certify``, ``equiv`` and ``check-witness``: one claim (or two) decided, a witness checked.

Merged into the top-level ``pyverify`` app by :mod:`pyverify.cli` (no group of their own). Exit codes:
:data:`pyverify._cli_common.EXIT_HELP`.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

import typer

from pyverify._cli_common import _JSON, _SEED, _SEMANTICS, _TIMEOUT, EXIT_HELP, _fail, _parse, _semantics

app = typer.Typer()


def _show_certificate(cert: Any, as_json: bool) -> NoReturn:
    from pyverify.certify import EXIT_CODES
    from pyverify.certify._certificate import format_witness

    if as_json:
        typer.echo(json.dumps(cert.to_dict(), ensure_ascii=False, default=str))
    else:
        typer.echo(f"{cert.headline} ({cert.method}, {cert.seconds:.3f} s)")
        typer.echo(f"  claim: {cert.claim}")
        typer.echo(f"  semantics: {cert.semantics}")
        if cert.witness is not None:
            label = "witness" if cert.status == "refuted" else "example"
            typer.echo(f"  {label}: " + format_witness(cert.witness))
        for key, value in cert.evidence.items():
            if key in ("a", "b"):
                value = f"{value['status']} ({value['method']})"
            typer.echo(f"  {key}: {_short(value)}")
        if cert.reason:
            typer.echo(f"  reason: {cert.reason}")
    raise typer.Exit(EXIT_CODES[cert.status])


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@app.command(epilog=EXIT_HELP)
def certify(
    claim: str = typer.Argument(..., help='Claim text, e.g. "forall x : Q, (x + 1)^2 = x^2 + 2*x + 1".'),
    timeout: float = _TIMEOUT,
    as_json: bool = _JSON,
    seed: int = _SEED,
    semantics: str = _SEMANTICS,
) -> None:
    """Decide a claim: certified, refuted (with an exact witness) or unknown."""
    from pyverify.certify import decide

    chosen = _semantics(semantics)
    parsed = _parse(claim)
    _show_certificate(decide(parsed, timeout, seed=seed, semantics=chosen), as_json)


@app.command(epilog=EXIT_HELP)
def equiv(
    claim_a: str = typer.Argument(..., help="First claim."),
    claim_b: str = typer.Argument(..., help="Second claim."),
    timeout: float = _TIMEOUT,
    as_json: bool = _JSON,
    seed: int = _SEED,
    semantics: str = _SEMANTICS,
) -> None:
    """Decide whether two claims are equivalent (pointwise when their binders match)."""
    from pyverify.certify import equivalent

    chosen = _semantics(semantics)
    a = _parse(claim_a, "first claim")
    b = _parse(claim_b, "second claim")
    _show_certificate(equivalent(a, b, timeout, seed=seed, semantics=chosen), as_json)


@app.command("check-witness", epilog=EXIT_HELP)
def check_witness_cmd(
    claim: str = typer.Argument(..., help="Claim text."),
    at: str = typer.Option(..., "--at", help='Values, e.g. "x=2,y=1/3" or "A=[[1,2],[3,4]]".'),
    timeout: float = _TIMEOUT,
    as_json: bool = _JSON,
    semantics: str = _SEMANTICS,
) -> None:
    """Check a witness by exact evaluation: a counterexample for ∀ claims, an example for ∃ claims."""
    from pyverify.certify import EXIT_CODES, check_witness, parse_assignment
    from pyverify.certify._witness import ValueError_

    chosen = _semantics(semantics)
    parsed = _parse(claim)
    try:
        values = parse_assignment(at, parsed.variables)
    except ValueError_ as exc:
        _fail(f"--at: {exc}")
    result = check_witness(parsed, values, timeout, semantics=chosen)
    if result.reason == "malformed":
        _fail(f"--at: {result.message}")
    if as_json:
        typer.echo(json.dumps(dict(result.to_dict(), semantics=chosen), ensure_ascii=False))
    else:
        typer.echo(f"{result.status}: {result.message}")
    raise typer.Exit(EXIT_CODES[result.status])
