"""``pyverify answers sample``: candidate answers drawn from a model, for ``audit graders --from-outputs``.

A command of the ``answers`` group (:mod:`pyverify.cli` merges ``app`` into it) that lives in the audit layer,
since it asks a model through :mod:`pyverify.audit._answer_sources`.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pyverify._cli_common import _JSON, _fail

app = typer.Typer()


@app.command("sample")
def answers_sample(
    model: str = typer.Option(..., "--model", help="A backend spec, e.g. packaged/smollm2-135m."),
    out: Path = typer.Option(..., "--out", help="JSONL of the responses (read back by `audit graders --from-outputs`)."),
    problems: Path | None = typer.Option(None, "--problems", help="TOML ([[problem]]) or JSONL rows {id, problem, "
                                         "reference}; default: formal/answers/problems/basic.toml."),
    samples: int = typer.Option(1, "--samples", min=1, max=64, help="Answers per problem (needs --temperature > 0)."),
    temperature: float = typer.Option(0.0, "--temperature", min=0.0, max=2.0),
    max_new_tokens: int = typer.Option(96, "--max-new-tokens", min=1, max=4096),
    seed: int = typer.Option(0, "--seed"),
    as_json: bool = _JSON,
) -> None:
    """Draw candidate answers from a model: each problem is asked through the evaluation engine (responses kept
    in OUT.responses.sqlite, so a rerun reuses them) and each response's final answer (last \\boxed{}) is paired
    with the problem's reference. Exit 0 written, 2 bad input or a backend that cannot start."""
    from pyverify.audit._answer_sources import from_model, load_problems
    from pyverify.audit._graders import CandidatesError
    from pyverify.models import BackendError

    try:
        rows_in = load_problems(problems)
        drawn, rows = from_model(model, rows_in, out.with_name(out.name + ".responses.sqlite"), samples=samples,
                                 max_new_tokens=max_new_tokens, temperature=temperature, seed=seed)  # fmt: skip
    except (CandidatesError, BackendError) as exc:
        _fail(str(exc))
    try:
        out.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows),
                       encoding="utf-8")  # fmt: skip
    except OSError as exc:
        _fail(f"{out}: cannot write: {exc}")
    summary = drawn.summary()
    if as_json:
        typer.echo(json.dumps(summary, sort_keys=True))
        return
    skipped = ", ".join(f"{n} {why}" for why, n in summary["skipped"].items()) or "none"
    typer.echo(f"wrote {len(rows)} responses to {out}: {summary['pairs']} final answers; skipped: {skipped}")
