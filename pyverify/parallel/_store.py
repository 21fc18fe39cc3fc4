"""Durable batch results: SQLite in WAL mode with ``synchronous=FULL``, committed rows only.

A result is keyed by the row's id and the sha256 of the row's input: a lookup with a different input hash
misses, so a row whose input changed is recomputed, never reused. :meth:`BatchStore.put` commits one row,
:meth:`BatchStore.put_many` a group in one transaction, and :meth:`BatchStore.committer` groups rows as they
arrive (a transaction per :data:`COMMIT_ROWS` rows or :data:`COMMIT_SECONDS`, on its own thread so that the
caller never waits for the disk). A process killed at any moment (SIGKILL included) loses only the rows not
yet committed: a transaction is all or nothing. One process at a time: the store holds an exclusive lock on
``PATH.lock`` while open.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import queue
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterable

#: A group commit takes at most this many rows ...
COMMIT_ROWS = 1000
#: ... and waits at most this long after its first row for more.
COMMIT_SECONDS = 0.2

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
    """A durable map from row id to the result of its input (see the module docstring). Not thread-safe: while
    a :meth:`committer` is open, only it writes, and nothing else may use the store."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock_file = open(str(self.path) + ".lock", "a+")  # held while the store is open
        try:
            fcntl.flock(self._lock_file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock_file.close()
            raise StoreBusy(f"{self.path} is in use by another process") from None
        self._conn: sqlite3.Connection | None = sqlite3.connect(str(self.path), timeout=60.0, isolation_level=None,
                                                                check_same_thread=False)  # fmt: skip
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
        self.put_many([(row_id, digest, result)])

    def put_many(self, rows: Iterable[tuple[str, Any, Any]]) -> None:
        """Record (or replace) ``(row_id, digest, result)`` rows in one transaction, committed before returning:
        all of them are recorded, or (killed mid-way, or an error) none."""
        conn = self._connection()
        encoded = [(row_id, digest, json.dumps(result, ensure_ascii=False, sort_keys=True, default=str))
                   for row_id, digest, result in rows]  # fmt: skip
        if not encoded:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany("INSERT OR REPLACE INTO results (row_id, input_hash, result) VALUES (?, ?, ?)", encoded)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def committer(self, rows: int = COMMIT_ROWS, seconds: float = COMMIT_SECONDS) -> GroupCommit:
        """A :class:`GroupCommit` on this store (use it as a context manager)."""
        return GroupCommit(self, rows, seconds)

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


_CLOSE = object()


class GroupCommit:
    """Rows handed to :meth:`put` are committed by a thread of its own, in groups: a transaction takes the rows
    that arrived within ``seconds`` of its first (at most ``rows`` of them), so a row is committed at most
    ``seconds`` plus one commit after it was put. Leaving the ``with`` block (or :meth:`close`) commits what
    is left and waits for it. A failed commit is raised by the next :meth:`put` or by :meth:`close`.

    :meth:`put` is for one thread (the owner's); the store must not be used otherwise until closed.
    """

    def __init__(self, store: BatchStore, rows: int = COMMIT_ROWS, seconds: float = COMMIT_SECONDS) -> None:
        self.store, self.rows, self.seconds = store, max(1, rows), max(0.0, seconds)
        self.commits = 0
        """Transactions committed so far."""
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = threading.Thread(target=self._run, name="batch-store-commit",
                                                                  daemon=True)  # fmt: skip
        self._thread.start()

    def put(self, row_id: str, digest: str, result: Any) -> None:
        """Hand over a row's result for the next group commit (returns at once)."""
        if self._error is not None:
            raise self._error
        if self._thread is None:
            raise ValueError(f"the committer of {self.store.path} is closed")
        self._queue.put((row_id, digest, result))

    def _run(self) -> None:
        closing = False
        while not closing:
            item = self._queue.get()
            if item is _CLOSE:
                return
            group = [item]
            end = time.monotonic() + self.seconds
            while len(group) < self.rows:
                try:
                    item = self._queue.get(timeout=max(0.0, end - time.monotonic()))
                except queue.Empty:
                    break
                if item is _CLOSE:
                    closing = True
                    break
                group.append(item)
            try:
                self.store.put_many(group)
                self.commits += 1
            except BaseException as exc:  # kept for the owner; later rows are not committed
                self._error = exc
                return

    def close(self) -> None:
        """Commit what was put and stop the thread; raises a commit's error."""
        if self._thread is not None:
            self._queue.put(_CLOSE)
            self._thread.join()
            self._thread = None
        if self._error is not None:
            raise self._error

    def __enter__(self) -> GroupCommit:
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
