"""A run directory: configuration, provenance, the response store and the per-item results.

Layout: ``config.json`` (what was asked), ``provenance.json`` (versions, model revision or file hash,
seeds, input hashes), ``store.sqlite`` (every model response, stored before it is used) and
``responses.jsonl`` (one row per item, rewritten from the store on every run so that a resumed run
never duplicates a row). An existing run is continued only with ``resume``; otherwise it is refused.
"""

from __future__ import annotations

import json
import os
import platform
from pathlib import Path
from typing import Any, TextIO


class RunError(RuntimeError):
    """A run directory that cannot be used as asked."""


def file_hash(path: Path) -> str:
    from pyverify.models._packaged import sha256_file

    return sha256_file(path)


def versions() -> dict[str, str]:
    import importlib.metadata as md

    out = {"python": platform.python_version()}
    for name in ("pyverify", "torch", "transformers", "sympy", "z3-solver", "python-flint"):
        try:
            out[name] = md.version(name)
        except md.PackageNotFoundError:
            pass
    return out


class RunDir:
    """One run's directory. Not thread-safe: one writer per run."""

    def __init__(self, path: Path, config: dict[str, Any], resume: bool) -> None:
        from pyverify.models._store import ResponseStore

        self.path = path
        config_path = path / "config.json"
        if config_path.exists():
            if not resume:
                raise RunError(f"{path} already holds a run; pass --resume to continue it or choose another --out")
            stored = json.loads(config_path.read_text(encoding="utf-8"))
            if _comparable(stored) != _comparable(config):
                raise RunError(f"{path}: the stored configuration differs from this one; resume with the same options")
        path.mkdir(parents=True, exist_ok=True)
        config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        self.store = ResponseStore(path / "store.sqlite")
        self._out: TextIO | None = None

    def provenance(self, backend: Any, inputs: list[Path], extra: dict[str, Any] | None = None) -> None:
        record = {"versions": versions(), "model": backend.describe(), "inputs": {str(p): file_hash(p) for p in inputs},
                  "machine": {"cpus": os.cpu_count(), "platform": platform.platform()}, **(extra or {})}  # fmt: skip
        (self.path / "provenance.json").write_text(
            json.dumps(record, indent=2, sort_keys=True, default=str) + "\n", encoding="utf-8"
        )

    def open_results(self, name: str = "responses.jsonl") -> None:
        # rewritten from the start: rows of answers already in the store come back at once, so a
        # resumed run holds every item exactly once
        self._out = (self.path / name).open("w", encoding="utf-8")

    def write(self, row: dict[str, Any]) -> None:
        assert self._out is not None
        self._out.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")
        self._out.flush()

    def close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None
        self.store.close()


def _comparable(config: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in config.items() if k not in ("resume",)}
