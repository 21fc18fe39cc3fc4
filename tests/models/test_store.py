"""The response store: round trip, first answer wins, durable across processes and kills, thread-safe."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pyverify.models._backend import Decoding, Request, Response
from pyverify.models._store import ResponseStore

MODEL, REVISION = "fake/model", "r1"


def _request(i: int, text: str = "question") -> Request:
    return Request(f"id-{i}", (("user", f"{text} {i} — ∀x"),), Decoding(max_new_tokens=16, seed=i))


def test_round_trip_and_reopen(tmp_path: Path) -> None:
    path = tmp_path / "run" / "store.sqlite"
    generated = Response("id-0", text="answer ∑ ✓", finish_reason="length", tokens=16)
    scored = Response("id-1", logprobs=(-0.25, -3.5), tokens=4)
    with ResponseStore(path) as store:
        key0, key1 = _request(0).key(MODEL, REVISION), _request(1).key(MODEL, REVISION)
        assert store.get(key0) is None and key0 not in store and len(store) == 0
        assert store.put(key0, _request(0), generated, MODEL, REVISION) is True
        assert store.put(key1, _request(1), scored, MODEL, REVISION) is True
        assert store.get(key0) == generated
        assert store.get(key1) == scored  # logprobs come back as a tuple, equal to the original
        assert key0 in store and len(store) == 2 and store.keys() == [key0, key1]
        assert store.models() == [(MODEL, REVISION)]
    with ResponseStore(path) as reopened:
        assert reopened.get(key0) == generated and reopened.keys() == [key0, key1]
        row = sqlite3.connect(path).execute("SELECT request_id, model_id, revision FROM responses").fetchall()
        assert row == [("id-0", MODEL, REVISION), ("id-1", MODEL, REVISION)]


def test_first_answer_wins(tmp_path: Path) -> None:
    with ResponseStore(tmp_path / "s.sqlite") as store:
        key = _request(0).key(MODEL, REVISION)
        assert store.put(key, _request(0), Response("id-0", text="first"), MODEL, REVISION)
        assert not store.put(key, _request(0), Response("id-0", text="second"), MODEL, REVISION)
        assert store.get(key) == Response("id-0", text="first")
        assert len(store) == 1


def test_error_responses_are_refused(tmp_path: Path) -> None:
    with ResponseStore(tmp_path / "s.sqlite") as store:
        key = _request(0).key(MODEL, REVISION)
        with pytest.raises(ValueError, match="error response"):
            store.put(key, _request(0), Response("id-0", finish_reason="error", error="boom"), MODEL, REVISION)
        assert key not in store


def test_wal_mode_and_closed_store(tmp_path: Path) -> None:
    store = ResponseStore(tmp_path / "s.sqlite")
    assert store._connection().execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._connection().execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    store.close()
    store.close()  # idempotent
    with pytest.raises(ValueError, match="closed"):
        store.get("k")


_PUT_THEN_DIE = """
import os, signal, sys
from pyverify.models._backend import Request, Response
from pyverify.models._store import ResponseStore
store = ResponseStore(sys.argv[1])
request = Request("id-0", (("user", "q"),))
store.put(request.key("m", "r"), request, Response("id-0", text="kept"), "m", "r")
print("stored", flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # no close, no checkpoint, no cleanup
"""


def test_put_is_durable_when_the_process_dies_right_after(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    done = subprocess.run([sys.executable, "-c", _PUT_THEN_DIE, str(path)], capture_output=True, text=True, timeout=30)
    assert done.returncode == -9 and done.stdout == "stored\n", done.stderr
    with ResponseStore(path) as store:
        assert store.get(Request("x", (("user", "q"),)).key("m", "r")) == Response("id-0", text="kept")
        assert store._connection().execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_second_connection_sees_a_put_before_close(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with ResponseStore(path) as writer, ResponseStore(path) as reader:
        key = _request(3).key(MODEL, REVISION)
        writer.put(key, _request(3), Response("id-3", text="x"), MODEL, REVISION)
        assert reader.get(key) == Response("id-3", text="x")


def test_threads_share_one_store(tmp_path: Path) -> None:
    with ResponseStore(tmp_path / "s.sqlite") as store:
        errors: list[BaseException] = []

        def writer(t: int) -> None:
            try:
                for i in range(50):
                    request = _request(i, text=f"thread {t}")
                    key = request.key(MODEL, REVISION)
                    store.put(key, request, Response(request.request_id, text=f"{t}/{i}"), MODEL, REVISION)
                    store.put(key, request, Response(request.request_id, text="late"), MODEL, REVISION)
                    assert store.get(key) == Response(request.request_id, text=f"{t}/{i}")
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=writer, args=(t,)) for t in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        assert len(store) == 400 and len(set(store.keys())) == 400
