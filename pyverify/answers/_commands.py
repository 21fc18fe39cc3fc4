"""``pyverify equiv-answer`` (merged into the top-level app) and ``pyverify answers build``.

``answers_app`` is the ``answers`` group; :mod:`pyverify.cli` adds ``answers sample`` to it from
:mod:`pyverify.graders._commands` (drawing answers from a model belongs to the grader audit's layer).
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pyverify._cli_common import _JSON, _TIMEOUT, _fail

app = typer.Typer()
answers_app = typer.Typer(help="Reference final answers (formal/answers/*.toml) and their certified pairs.",
                          no_args_is_help=True, add_completion=False)


@app.command("equiv-answer", epilog="Exit codes: 0 equal, 1 different (with a witness), 2 bad input (an answer "
             "outside the answer grammar), 3 unknown (undecided, deadline, or an ambiguous answer), 6 undefined "
             "(an answer with no value: 0/0, 1/0, log 0, an expression defined at no generic point), 7 no answer "
             "(the extraction policy finds no final answer in a response).")  # fmt: skip
def equiv_answer(
    reference: str = typer.Argument(..., help="Reference answer, or a worked solution (its final answer is "
                                    "extracted: the last \\boxed{}, 'final answer is', ...; README: extraction)."),
    candidate: str = typer.Argument(..., help="Candidate answer, or a model's whole response (extracted the same "
                                    "way; <think>...</think> is ignored)."),
    timeout: float = _TIMEOUT,
    as_json: bool = _JSON,
    tolerance: float | None = typer.Option(
        None, "--tolerance", min=0.0, help="Allow |reference - candidate| <= T between numbers (default: exact)."
    ),
    decimal_comma: str | None = typer.Option(
        None, "--decimal-comma", metavar="decimal|list",
        help="Read an ambiguous comma between digits (0,111) as a decimal point or as a list separator "
             "(default: such an answer is ambiguous, so unknown).",
    ),  # fmt: skip
    percent: str = typer.Option(
        "value", "--percent", metavar="value|unit",
        help="Percent policy: value (28% is 28/100 only) or unit (28% also equals 28 when the other answer has no "
             "percent sign, as in MATH's 'what percent' answers).",
    ),  # fmt: skip
    order: str = typer.Option(
        "any", "--order", metavar="any|written",
        help="List policy: any (two lists of values are compared as sets, as in 'enter all the solutions') or "
             "written (the gold is a sequence, T(10), T(11), T(12): 2, 4, 3 is not 2, 3, 4).",
    ),  # fmt: skip
) -> None:
    """Decide whether two final answers are equal: exactly, with a witness when they differ."""
    from pyverify.answers import ANSWER_EXIT_CODES, equivalent_answers, parse_answer

    if decimal_comma not in (None, "decimal", "list"):
        _fail(f"--decimal-comma: {decimal_comma!r} is not one of decimal, list")
    if percent not in ("value", "unit"):
        _fail(f"--percent: {percent!r} is not one of value, unit")
    if order not in ("any", "written"):
        _fail(f"--order: {order!r} is not one of any, written")
    parsed = [parse_answer(reference, decimal_comma=decimal_comma), parse_answer(candidate, decimal_comma=decimal_comma)]
    for label, answer in zip(("reference", "candidate"), parsed):
        if answer.kind == "unparsed":
            _fail(f"{label}: {answer.reason}")
    cert = equivalent_answers(parsed[0], parsed[1], timeout, tolerance=tolerance, percent=percent, order=order)
    if as_json:
        typer.echo(json.dumps(cert.to_dict(), ensure_ascii=False, default=str))
    else:
        typer.echo(f"{cert.status} ({cert.method}, policy {cert.policy}, {cert.seconds:.3f} s)")
        for label in ("reference", "candidate"):
            taken = cert.extraction.get(label)
            if taken and taken["rule"] != "whole" and taken["span"][1] > taken["span"][0]:
                typer.echo(f"  {label}: {taken['rule']} (characters {taken['span'][0]}-{taken['span'][1]}): "
                           f"{getattr(cert, label)[:80]}")  # fmt: skip
        if cert.witness is not None:
            shown = {k: v for k, v in cert.witness.items() if not k.endswith("_exact")}  # exact values: --json
            typer.echo("  witness: " + json.dumps(shown, ensure_ascii=False, default=str))
        if cert.conditions:
            typer.echo("  where defined: " + ", ".join(cert.conditions))
        if cert.reason:
            typer.echo(f"  reason: {cert.reason}")
    raise typer.Exit(ANSWER_EXIT_CODES[cert.status])


@answers_app.command("build")
def answers_build(
    out: Path = typer.Option(Path("formal/answers/generated"), "--out", help="Directory for pairs.jsonl and manifest.json."),
    catalog: Path = typer.Option(Path("formal/answers"), "--catalog", help="Directory of the reference *.toml files."),
    timeout: float = typer.Option(3.0, "--timeout", min=0.1, max=600.0, help="Deadline per pair (s)."),
    as_json: bool = _JSON,
) -> None:
    """Derive candidates from every reference answer and certify each with equiv-answer: equal rewrites (D1),
    mechanical mutants (D2) and plausible wrong answers (D3), the last two certified different with a witness;
    undecided candidates are discarded. Exit 0 written, 2 bad input (a bad TOML file or entry)."""
    import time

    from pyverify.answers._build import CatalogError, build

    if out.exists() and not out.is_dir():
        _fail(f"{out}: --out must be a directory")
    start = time.monotonic()
    try:
        manifest = build(catalog, out, timeout)
    except CatalogError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"{out}: cannot write: {exc}")
    seconds = time.monotonic() - start
    if as_json:
        typer.echo(json.dumps({"pairs": manifest["pairs"], "discarded": manifest["discarded"],
                               "references": manifest["references"]["total"], "seconds": round(seconds, 1)}))  # fmt: skip
        return
    d = manifest["pairs"]["by_direction"]
    typer.echo(f"wrote {manifest['pairs']['total']} pairs from {manifest['references']['total']} references to "
               f"{out / 'pairs.jsonl'}: D1 {d['D1']}, D2 {d['D2']}, D3 {d['D3']}; discarded {manifest['discarded']} "
               f"({seconds:.1f} s)")  # fmt: skip
