"""Durable batch results: SQLite in WAL mode with ``synchronous=FULL``, one committed row per finished job.

A result is keyed by the row's id and the sha256 of the row's input: a lookup with a different input hash
misses, so a row whose input changed is recomputed, never reused. Every :meth:`BatchStore.put` is its own
committed transaction, so a process killed at any moment (SIGKILL included) loses only the rows it had not
yet recorded. One process at a time: the store holds an exclusive lock on ``PATH.lock`` while open.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

_SCHEMA = """CREATE TABLE IF NOT EXISTS results (
    row_id TEXT PRIMARY KEY,
    input_hash TEXT NOT NULL,
    result TEXT NOT NULL,
    recorded_at REAL NOT NULL DEFAULT (julianday('now'))
)"""


class StoreBusy(RuntimeError):
    """Another process has the store open."""


def input_hash(row_input: Any) -> str:
    """sha256 of a row's input as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(row_input, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class BatchStore:
    """A durable map from row id to the result of its input (see the module docstring). Not thread-safe."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock_file = open(str(self.path) + ".lock", "a+")  # held while the store is open
        try:
            fcntl.flock(self._lock_file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock_file.close()
            raise StoreBusy(f"{self.path} is in use by another process") from None
        self._conn: sqlite3.Connection | None = sqlite3.connect(str(self.path), timeout=60.0, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=FULL")
        self._conn.execute(_SCHEMA)

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ValueError(f"batch store {self.path} is closed")
        return self._conn

    def get(self, row_id: str, digest: str) -> Any | None:
        """The result recorded for this row id and input hash, or None (absent, or recorded for other input)."""
        row = (
            self._connection()
            .execute("SELECT result FROM results WHERE row_id = ? AND input_hash = ?", (row_id, digest))
            .fetchone()
        )
        return None if row is None else json.loads(row[0])

    def digests(self) -> dict[str, str]:
        """Every recorded row id with the input hash its result was recorded for."""
        return dict(self._connection().execute("SELECT row_id, input_hash FROM results").fetchall())

    def put(self, row_id: str, digest: str, result: Any) -> None:
        """Record (or replace) a row's result and commit before returning."""
        self._connection().execute(
            "INSERT OR REPLACE INTO results (row_id, input_hash, result) VALUES (?, ?, ?)",
            (row_id, digest, json.dumps(result, ensure_ascii=False, sort_keys=True, default=str)),
        )

    def __len__(self) -> int:
        return int(self._connection().execute("SELECT COUNT(*) FROM results").fetchone()[0])

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
            fcntl.flock(self._lock_file.fileno(), fcntl.LOCK_UN)
            self._lock_file.close()

    def __enter__(self) -> BatchStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def remove_store(path: str | Path) -> None:
    """Delete a store and its WAL files (a fresh start)."""
    for suffix in ("", "-wal", "-shm"):
        try:
            os.remove(str(path) + suffix)
        except FileNotFoundError:
            pass
