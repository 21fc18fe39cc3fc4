"""Reading JSON-lines files given by users (candidates, outputs, items, runs): one shared loop, so every
reader reports a bad line the same way — ``FILE:LINE: what`` — through the caller's own error class."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any


def json_rows(path: Path, error: type[Exception], *, gzipped: bool = False) -> list[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for every non-blank line; raise ``error`` for an unreadable file, a line that
    is not JSON or not an object. ``gzipped``: also read gzip-compressed files (detected by their magic)."""
    try:
        raw = path.read_bytes()
        if gzipped and raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        text = raw.decode("utf-8")
    except OSError as exc:
        raise error(f"{path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text ({exc})") from None
    except (EOFError, gzip.BadGzipFile) as exc:
        raise error(f"{path}: not a readable gzip file ({exc})") from None
    rows: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise error(f"{path}:{number}: not valid JSON ({exc.msg})") from None
        if not isinstance(row, dict):
            raise error(f"{path}:{number}: expected a JSON object, not {type(row).__name__}")
        rows.append((number, row))
    return rows
