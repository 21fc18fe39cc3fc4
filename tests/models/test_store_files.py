"""Stored responses written by another writer (a newer pyverify, another tool filling the same table) are
read leniently and checked strictly: unknown keys are ignored, a missing or ill-typed field is a
ValueError naming the store file and the row, for the store and for a replay of it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, Callable

import pytest

from pyverify.models._backend import Decoding, Request, Response
from pyverify.models._replay import ReplayBackend
from pyverify.models._store import ResponseStore, response_from_dict

MODEL, REVISION = "fake/model", "r1"


def _request(i: int) -> Request:
    return Request(f"id-{i}", (("user", f"question {i}"),), Decoding(max_new_tokens=16, seed=i))


def _store_with(path: Path, edit: Callable[[dict[str, Any]], Any]) -> list[str]:
    """A store of two answers whose second stored row is edited in place, as another writer would leave it."""
    answers = [Response("id-0", text="TRUE", tokens=1), Response("id-1", logprobs=(-0.5, -2.0), tokens=2)]
    with ResponseStore(path) as store:
        keys = [_request(i).key(MODEL, REVISION) for i in range(2)]
        for i, (key, answer) in enumerate(zip(keys, answers)):
            store.put(key, _request(i), answer, MODEL, REVISION)
    connection = sqlite3.connect(path)
    (stored,) = connection.execute("SELECT response FROM responses WHERE key = ?", (keys[1],)).fetchone()
    row = json.loads(stored)
    edit(row)
    with connection:
        connection.execute("UPDATE responses SET response = ? WHERE key = ?", (json.dumps(row), keys[1]))
    connection.close()
    return keys


def _extra(row: dict[str, Any]) -> None:
    row["latency_s"] = 0.25
    row["usage"] = {"prompt_tokens": 12, "completion_tokens": 2, "details": {"cached": 0}}


def test_stored_rows_with_extra_keys_are_read(tmp_path: Path) -> None:
    path = tmp_path / "run" / "store.sqlite"
    keys = _store_with(path, _extra)
    with ResponseStore(path) as store:
        assert store.get(keys[1]) == Response("id-1", logprobs=(-0.5, -2.0), tokens=2)
    backend = ReplayBackend(path.parent)
    assert backend.score([_request(1)]) == [Response("id-1", logprobs=(-0.5, -2.0), tokens=2)]
    backend.close()
    assert response_from_dict({"request_id": "x", "text": "ok", "new_field": [1]}) == Response("x", text="ok")


CASES = [
    ("no-request-id", lambda r: r.pop("request_id"), "a stored response needs its request_id"),
    ("tokens-text", lambda r: r.update(tokens="2"), "tokens must be an integer, not text"),
    ("tokens-boolean", lambda r: r.update(tokens=True), "tokens must be an integer, not a boolean"),
    ("text-null", lambda r: r.update(text=None), "text must be text, not null"),
    ("logprobs-object", lambda r: r.update(logprobs={"a": 1}), "logprobs must be a list of numbers, not an object"),
    ("logprob-text", lambda r: r.update(logprobs=[-0.5, "x"]), "logprobs must hold numbers only, not text"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "message"), CASES, ids=[c[0] for c in CASES])
def test_a_stored_row_missing_or_mistyping_a_field_names_store_and_row(
    tmp_path: Path, name: str, edit: Callable[[dict[str, Any]], Any], message: str
) -> None:
    path = tmp_path / "run" / "store.sqlite"
    keys = _store_with(path, edit)
    with ResponseStore(path) as store:
        assert store.get(keys[0]) == Response("id-0", text="TRUE", tokens=1)  # the other rows still read
        with pytest.raises(ValueError) as caught:
            store.get(keys[1])
    assert str(caught.value).startswith(f"{path}: stored response 2 (key {keys[1][:16]}…) is unusable: ")
    assert str(caught.value).endswith(message)
    backend = ReplayBackend(path)
    with pytest.raises(ValueError, match="stored response 2"):
        backend.generate([_request(1)])
    backend.close()


def test_a_stored_row_that_is_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite"
    with ResponseStore(path) as store:
        key = _request(0).key(MODEL, REVISION)
        store.put(key, _request(0), Response("id-0", text="x"), MODEL, REVISION)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE responses SET response = ?", ('["id-0", "x"]',))
    connection.close()
    with ResponseStore(path) as store, pytest.raises(ValueError, match="must be a JSON object, not a list"):
        store.get(key)
