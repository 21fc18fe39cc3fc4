"""The demo job: decide the bundled showcase (``formal/showcase.txt``) and report against expectations."""

from __future__ import annotations

import json
from pathlib import Path

SHOWCASE = Path(__file__).resolve().parent.parent / "formal" / "showcase.txt"


def load_showcase(path: Path = SHOWCASE) -> list[tuple[str, str]]:
    """(expected status, claim text) pairs; ``#`` starts a comment line."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        expected, _, claim = line.partition("|")
        rows.append((expected.strip(), claim.strip()))
    return rows


def run_demo(timeout: float, as_json: bool) -> int:
    """Decide every showcase claim; exit code 0 when every answer matches its expectation."""
    from rich.console import Console
    from rich.table import Table

    from pyverify.certify import decide
    from pyverify.certify._certificate import format_witness

    if not SHOWCASE.exists():
        print(f"error: showcase file not found at {SHOWCASE}")
        return 2
    rows = []
    for expected, claim in load_showcase():
        cert = decide(claim, timeout)
        rows.append((expected, cert))
    mismatches = sum(1 for expected, cert in rows if cert.status != expected)
    if as_json:
        print(json.dumps([dict(cert.to_dict(), expected=e) for e, cert in rows], ensure_ascii=False))
        return 1 if mismatches else 0
    table = Table(title="pyverify showcase: exact certification", show_lines=False)
    for column in ("claim", "status", "method", "s", "witness / reason"):
        table.add_column(column, overflow="fold")
    colours = {"certified": "green", "refuted": "red", "unknown": "yellow", "vacuous": "magenta"}
    for expected, cert in rows:
        detail = format_witness(cert.witness) if cert.witness else (cert.reason or "")
        if cert.status == "vacuous":  # true of no point: the conditions nothing satisfies
            detail = cert.headline
        mark = "" if cert.status == expected else f" (expected {expected})"
        status = f"[{colours[cert.status]}]{cert.status}[/]{mark}"
        table.add_row(cert.claim, status, cert.method, f"{cert.seconds:.3f}", detail[:80])
    console = Console(width=160)
    console.print(table)
    console.print(f"{len(rows) - mismatches}/{len(rows)} answers as expected.")
    return 1 if mismatches else 0
