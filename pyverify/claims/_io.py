"""Files of the claims package: JSONL tasks, references and responses, and the hash-pinned manifest.

JSON is read with exact decimals (``parse_float=Decimal``) so that ``0.1`` in a witness means 1/10,
and ``NaN``/``Infinity`` are refused. Every problem is a :class:`ClaimsFileError` naming the file and
line; nothing here raises on bad input otherwise.
"""

from __future__ import annotations

import hashlib
import json
import platform
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterable

from pydantic import ValidationError

from pyverify.claims._records import Reference, Task, public_row_problems

SCORER_VERSION = "pyverify-claims-1"


class ClaimsFileError(ValueError):
    """A file that cannot be used: which file, which line, what is wrong."""


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def loads(text: str) -> Any:
    """JSON with exact decimals; NaN and Infinity refused."""
    return json.loads(text, parse_float=Decimal, parse_constant=_no_constants)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=False, default=_default)


def _default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    raise TypeError(f"cannot write {type(value).__name__}")


def read_jsonl(path: str | Path) -> list[tuple[int, Any]]:
    """(line number, decoded value) for every non-blank line."""
    path = Path(path)
    if not path.is_file():
        raise ClaimsFileError(f"{path}: no such file")
    rows = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                rows.append((number, loads(line)))
            except (ValueError, RecursionError) as exc:
                raise ClaimsFileError(f"{path}:{number}: not valid JSON ({exc})") from None
    return rows


def write_jsonl(path: str | Path, rows: Iterable[Any]) -> None:
    with Path(path).open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(dumps(row.model_dump(mode="json") if hasattr(row, "model_dump") else row) + "\n")


def load_tasks(path: str | Path) -> list[Task]:
    """Public tasks; a row holding any answer-key field is refused."""
    tasks = []
    for number, row in read_jsonl(path):
        if not isinstance(row, dict):
            raise ClaimsFileError(f"{path}:{number}: a task must be a JSON object")
        leaked = public_row_problems(row)
        if leaked:
            raise ClaimsFileError(f"{path}:{number}: a public task row holds answer-key field(s) {', '.join(leaked)}")
        try:
            tasks.append(Task.model_validate(row))
        except ValidationError as exc:
            raise ClaimsFileError(f"{path}:{number}: not a task ({_first_error(exc)})") from None
    ids = [t.task_id for t in tasks]
    if len(set(ids)) != len(ids):
        raise ClaimsFileError(f"{path}: duplicate task_id {next(i for i in ids if ids.count(i) > 1)}")
    return tasks


def load_references(path: str | Path, manifest: str | Path | None = None) -> list[Reference]:
    """Private references, after checking the file's SHA-256 against the manifest beside it."""
    path = Path(path)
    verify_manifest(path, manifest)
    refs = []
    for number, row in read_jsonl(path):
        try:
            refs.append(Reference.model_validate(_plain(row)))
        except ValidationError as exc:
            raise ClaimsFileError(f"{path}:{number}: not a reference ({_first_error(exc)})") from None
    return refs


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(x) for x in err.get("loc", ()))
    return f"{where}: {err.get('msg', '')}" if where else str(err.get("msg", ""))


def sha256(path: str | Path) -> str:
    digest = hashlib.sha256()
    with Path(path).open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def versions() -> dict[str, str]:
    import importlib.metadata as md

    out = {"python": platform.python_version(), "scorer": SCORER_VERSION}
    for name in ("pyverify", "sympy", "python-flint", "z3-solver"):
        try:
            out[name] = md.version(name)
        except md.PackageNotFoundError:
            out[name] = "unknown"
    return out


#: What a suite's manifest says about vacuous claims.
VACUOUS_NOTE = ("claims the engine found true only because no state satisfies their condition; none is used: "
                "a vacuous claim is never accepted as certified, so it is never a reference")  # fmt: skip


def write_manifest(directory: Path, seed: int, per_family: int, counts: dict[str, Any],
                   vacuous: list[dict[str, Any]] | None = None) -> dict[str, Any]:  # fmt: skip
    met = list(vacuous or [])
    manifest = {
        "files": {name: sha256(directory / name) for name in ("tasks.jsonl", "references.jsonl")},
        "seed": seed,
        "per_family": per_family,
        "counts": counts,
        "vacuous": {"met": len(met), "used": 0, "note": VACUOUS_NOTE, "results": met},
        "versions": versions(),
    }
    (directory / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return manifest


def verify_manifest(references: Path, manifest: str | Path | None = None) -> None:
    """Refuse a reference file whose hash differs from its manifest (``manifest.json`` beside it)."""
    manifest_path = Path(manifest) if manifest else references.parent / "manifest.json"
    if not manifest_path.is_file():
        raise ClaimsFileError(f"{references}: no manifest at {manifest_path}; references must be hash-pinned")
    try:
        pinned = json.loads(manifest_path.read_text(encoding="utf-8"))["files"][references.name]
    except (ValueError, KeyError, TypeError):
        raise ClaimsFileError(f"{manifest_path}: does not pin {references.name}") from None
    actual = sha256(references)
    if actual != pinned:
        raise ClaimsFileError(
            f"{references}: SHA-256 {actual[:16]}… differs from the manifest's {str(pinned)[:16]}…; refusing to use it"
        )


def input_hashes(*paths: str | Path) -> dict[str, str]:
    """SHA-256 of every input, for the record of an output."""
    return {str(p): sha256(p) for p in paths}
