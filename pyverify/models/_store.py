"""The response store: every answer a backend gave, durable before anyone uses it.

One SQLite file (``store.sqlite`` in a run directory) with one table keyed by the request key
(:meth:`Request.key`). It is opened in WAL mode with ``synchronous=FULL``: every :meth:`ResponseStore.put`
commits before it returns, and a process killed at any moment (even inside a commit) leaves a file that
opens cleanly and holds exactly the answers whose ``put`` had returned, plus at most the one being written.

A stored key is never overwritten: the first answer wins and a second ``put`` of the same key is a no-op,
so a finished result never changes. Error responses (``finish_reason == "error"``) are refused, since a
stored answer is final and an infrastructure failure must be retried by a resumed run.

Thread-safety: one connection (``check_same_thread=False``) guarded by a lock, so a store may be shared by
threads. Several processes may also open the same file (SQLite's own locking; writers wait up to 60 s).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import asdict, fields
from pathlib import Path
from types import TracebackType
from typing import Any

from pyverify.models._backend import Request, Response

__all__ = ["ResponseStore", "response_from_dict"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    key        TEXT NOT NULL UNIQUE,
    request_id TEXT NOT NULL,
    model_id   TEXT NOT NULL,
    revision   TEXT NOT NULL,
    request    TEXT NOT NULL,
    response   TEXT NOT NULL
)
"""

_RESPONSE_FIELDS = {f.name for f in fields(Response)}


#: the JSON type each stored field must have (``logprobs``: a list of numbers, checked on its own)
_FIELD_TYPES: dict[str, tuple[type, ...]] = {"request_id": (str,), "text": (str,), "finish_reason": (str,),
                                             "tokens": (int,), "error": (str,)}  # fmt: skip


def _kind(value: Any) -> str:
    names = {bool: "a boolean", type(None): "null", list: "a list", dict: "an object", str: "text"}
    return names.get(type(value), type(value).__name__)


def response_from_dict(data: Any) -> Response:
    """Rebuild a :class:`Response` from :meth:`Response.to_dict` (JSON turns the logprobs tuple into a list).

    Read leniently, checked strictly: keys that are not fields of :class:`Response` (a newer or other
    writer's additions) are ignored; a missing ``request_id`` or a field of the wrong JSON type raises
    ValueError naming the field.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a stored response must be a JSON object, not {_kind(data)}")
    known = {name: value for name, value in data.items() if name in _RESPONSE_FIELDS}
    if "request_id" not in known:
        raise ValueError("a stored response needs its request_id")
    for name, kinds in _FIELD_TYPES.items():
        value = known.get(name)
        if name in known and (not isinstance(value, kinds) or isinstance(value, bool)):
            raise ValueError(f"{name} must be {'an integer' if kinds == (int,) else 'text'}, not {_kind(value)}")
    if "logprobs" in known:
        values = known["logprobs"]
        if not isinstance(values, (list, tuple)):
            raise ValueError(f"logprobs must be a list of numbers, not {_kind(values)}")
        bad = [x for x in values if isinstance(x, bool) or not isinstance(x, (int, float))]
        if bad:
            raise ValueError(f"logprobs must hold numbers only, not {_kind(bad[0])}")
        known["logprobs"] = tuple(float(x) for x in values)
    return Response(**known)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


class ResponseStore:
    """A durable map from request key to the response a backend gave (see the module docstring)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        # isolation_level=None: autocommit, so every INSERT is its own committed transaction
        self._conn: sqlite3.Connection | None = sqlite3.connect(
            str(path), timeout=60.0, isolation_level=None, check_same_thread=False
        )
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=FULL")
        self._conn.execute(_SCHEMA)

    # -- access ---------------------------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ValueError(f"response store {self.path} is closed")
        return self._conn

    def get(self, key: str) -> Response | None:
        """The stored response for a key, or None; ValueError (file and row) for a row that cannot be read."""
        with self._lock:
            row = self._connection().execute("SELECT seq, response FROM responses WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            return response_from_dict(json.loads(row[1]))
        except (ValueError, RecursionError) as exc:
            raise ValueError(f"{self.path}: stored response {row[0]} (key {key[:16]}…) is unusable: {exc}") from None

    def put(self, key: str, request: Request, response: Response, model_id: str, revision: str) -> bool:
        """Store a response under its key and commit; True if stored, False if the key was already there.

        The first answer wins: an existing key is never overwritten. Error responses raise ValueError.
        """
        if response.finish_reason == "error":
            raise ValueError(f"refusing to store an error response for {request.request_id!r}: {response.error}")
        with self._lock:
            cursor = self._connection().execute(
                "INSERT OR IGNORE INTO responses (key, request_id, model_id, revision, request, response)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (key, request.request_id, model_id, revision, _dumps(asdict(request)), _dumps(response.to_dict())),
            )
            return cursor.rowcount == 1

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        with self._lock:
            row = self._connection().execute("SELECT 1 FROM responses WHERE key = ?", (key,)).fetchone()
        return row is not None

    def __len__(self) -> int:
        with self._lock:
            (count,) = self._connection().execute("SELECT COUNT(*) FROM responses").fetchone()
        return int(count)

    def keys(self) -> list[str]:
        """All stored keys, in insertion order."""
        with self._lock:
            rows = self._connection().execute("SELECT key FROM responses ORDER BY seq").fetchall()
        return [row[0] for row in rows]

    def models(self) -> list[tuple[str, str]]:
        """The distinct (model_id, revision) pairs of the stored responses, in order of first appearance."""
        with self._lock:
            rows = (
                self._connection()
                .execute("SELECT model_id, revision FROM responses GROUP BY model_id, revision ORDER BY MIN(seq)")
                .fetchall()
            )
        return [(row[0], row[1]) for row in rows]

    # -- lifetime -------------------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> ResponseStore:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"ResponseStore({str(self.path)!r})"
