"""run_requests: stored answers are reused, fresh ones stored before use, errors retried; survives SIGKILL."""

from __future__ import annotations

import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Sequence

import pytest

from pyverify.models._backend import BackendError, Decoding, Request, Response
from pyverify.models._runner import run_requests
from pyverify.models._store import ResponseStore
from tests.models._kill_target import SlowBackend, expected_response, make_requests

KILL_TARGET = Path(__file__).with_name("_kill_target.py")
REPO = Path(__file__).resolve().parents[2]


class CountingBackend:
    """Answers deterministically; records every batch; fails the request ids listed in ``failing``."""

    model_id = "fake/counting"
    revision = "r1"

    def __init__(self, failing: set[str] | None = None) -> None:
        self.batches: list[tuple[str, list[str]]] = []
        self.failing = failing or set()

    def _answer(self, mode: str, requests: Sequence[Request]) -> list[Response]:
        self.batches.append((mode, [r.request_id for r in requests]))
        out = []
        for r in requests:
            if r.request_id in self.failing:
                out.append(Response(r.request_id, finish_reason="error", error="server down"))
            elif mode == "score":
                out.append(
                    Response(r.request_id, logprobs=tuple(-float(len(c)) for c in r.choices), tokens=len(r.choices))
                )
            else:
                out.append(Response(r.request_id, text="re: " + r.messages[-1][1], tokens=3))
        return out

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        return self._answer("generate", requests)

    def score(self, requests: Sequence[Request]) -> list[Response]:
        return self._answer("score", requests)

    def describe(self) -> dict[str, Any]:
        return {"provider": "fake"}

    @property
    def asked(self) -> list[str]:
        return [rid for _, ids in self.batches for rid in ids]


def _requests(n: int) -> list[Request]:
    return [Request(f"q{i}", (("user", f"question {i}"),), Decoding(max_new_tokens=32)) for i in range(n)]


def test_second_run_reuses_everything_without_calling_the_backend(tmp_path: Path) -> None:
    requests = _requests(20)
    with ResponseStore(tmp_path / "store.sqlite") as store:
        first_backend = CountingBackend()
        first = run_requests(first_backend, requests, store, mode="generate", batch_size=8)
        assert [len(ids) for _, ids in first_backend.batches] == [8, 8, 4]
        assert [r.request_id for r in first] == [r.request_id for r in requests]
        assert first[5].text == "re: question 5" and len(store) == 20

        seen: list[tuple[str, bool]] = []
        again_backend = CountingBackend()
        again = run_requests(
            again_backend,
            requests,
            store,
            mode="generate",
            on_result=lambda req, resp, reused: seen.append((req.request_id, reused)),
        )
        assert again_backend.batches == [] and again == first
        assert seen == [(r.request_id, True) for r in requests]


def test_only_missing_requests_reach_the_backend_and_order_is_kept(tmp_path: Path) -> None:
    requests = _requests(10)
    with ResponseStore(tmp_path / "store.sqlite") as store:
        run_requests(CountingBackend(), requests[::3], store, mode="generate")  # q0 q3 q6 q9
        backend = CountingBackend()
        results = run_requests(backend, list(reversed(requests)), store, mode="generate", batch_size=4)
        assert sorted(backend.asked) == sorted(["q1", "q2", "q4", "q5", "q7", "q8"])
        assert [r.request_id for r in results] == [f"q{i}" for i in reversed(range(10))]
        assert all(r.text == f"re: question {r.request_id[1:]}" for r in results)


def test_fresh_answers_are_stored_before_on_result_sees_them(tmp_path: Path) -> None:
    backend = CountingBackend()
    with ResponseStore(tmp_path / "store.sqlite") as store:
        other = ResponseStore(tmp_path / "store.sqlite")  # a second connection: sees only committed rows

        def check(request: Request, response: Response, reused: bool) -> None:
            assert other.get(request.key(backend.model_id, backend.revision)) == response

        run_requests(backend, _requests(12), store, mode="generate", batch_size=5, on_result=check)
        other.close()


def test_error_responses_are_returned_not_stored_and_retried_on_resume(tmp_path: Path) -> None:
    requests = _requests(6)
    with ResponseStore(tmp_path / "store.sqlite") as store:
        flaky = CountingBackend(failing={"q2", "q4"})
        results = run_requests(flaky, requests, store, mode="generate")
        assert [r.finish_reason for r in results] == ["stop", "stop", "error", "stop", "error", "stop"]
        assert results[2].error == "server down" and len(store) == 4

        healed = CountingBackend()
        resumed = run_requests(healed, requests, store, mode="generate")
        assert healed.asked == ["q2", "q4"]
        assert all(r.finish_reason == "stop" for r in resumed) and len(store) == 6


def test_score_mode_calls_score(tmp_path: Path) -> None:
    requests = [Request("s0", (("user", "pick"),), choices=(" A", " BB"))]
    with ResponseStore(tmp_path / "store.sqlite") as store:
        backend = CountingBackend()
        (result,) = run_requests(backend, requests, store, mode="score")
        assert backend.batches == [("score", ["s0"])] and result.logprobs == (-2.0, -3.0)
        with pytest.raises(ValueError, match="mode"):
            run_requests(backend, requests, store, mode="sample")


def test_identical_requests_are_sent_once_and_keep_their_own_ids(tmp_path: Path) -> None:
    same = [Request(f"copy{i}", (("user", "same question"),)) for i in range(3)]
    with ResponseStore(tmp_path / "store.sqlite") as store:
        backend = CountingBackend()
        flags: list[bool] = []
        results = run_requests(
            backend, same, store, mode="generate", on_result=lambda q, r, reused: flags.append(reused)
        )
        assert backend.asked == ["copy0"] and flags == [False, True, True]
        assert [r.request_id for r in results] == ["copy0", "copy1", "copy2"]
        assert {r.text for r in results} == {"re: same question"}
        # a later run with another id for the same question reuses the stored answer under its own id
        (later,) = run_requests(
            CountingBackend(), [Request("later", (("user", "same question"),))], store, mode="generate"
        )
        assert later.request_id == "later" and later.text == "re: same question"


def test_a_backend_that_answers_the_wrong_batch_is_an_error(tmp_path: Path) -> None:
    class Short(CountingBackend):
        def generate(self, requests: Sequence[Request]) -> list[Response]:
            return super().generate(requests)[:-1]

    with ResponseStore(tmp_path / "store.sqlite") as store, pytest.raises(BackendError, match="answered 1 of"):
        run_requests(Short(), _requests(2), store, mode="generate")


# -- the kill test ---------------------------------------------------------------------------------------------


def _reader(stream: Any, lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line.strip())
    lines.put(None)


def _assert_store_sound(path: Path, requests: list[Request], announced: set[str], context: str) -> int:
    """integrity ok, no duplicate ids, every answer as the backend gives it, everything announced is stored."""
    ResponseStore(path).close()  # opens cleanly (also when the kill came before the store existed)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok", context
        duplicates = conn.execute("SELECT request_id FROM responses GROUP BY request_id HAVING COUNT(*) > 1").fetchall()
        assert duplicates == [], context
    finally:
        conn.close()
    with ResponseStore(path) as store:
        stored_ids = set()
        for request in requests:
            answer = store.get(request.key(SlowBackend.model_id, SlowBackend.revision))
            if answer is not None:
                assert answer == expected_response(request), context
                stored_ids.add(request.request_id)
        assert len(store) == len(stored_ids), context  # nothing stored that the run did not ask for
    assert announced <= stored_ids, f"{context}: on_result saw {sorted(announced - stored_ids)} before they were stored"
    return len(stored_ids)


def test_sigkill_at_random_moments_loses_nothing_and_resume_completes(tmp_path: Path) -> None:
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    path = tmp_path / "run" / "store.sqlite"
    requests = make_requests(300)
    announced: set[str] = set()  # ids on_result reported as fresh: they must be in the store
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    stored = 0
    for kill in range(4):
        context = f"seed={seed} kill={kill}"
        proc = subprocess.Popen(
            [sys.executable, str(KILL_TARGET), str(path), "300", "0.02", "8"],
            stdout=subprocess.PIPE,
            text=True,
            cwd=REPO,
            env=env,
        )
        lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
        reused = fresh = 0
        try:
            if kill == 0:
                time.sleep(rng.uniform(0.0, 0.3))  # maybe while it imports or creates the store
            else:
                target = rng.randint(5, 60)  # fresh answers to wait for, then kill inside a batch or a commit
                while fresh < target:
                    line = lines.get(timeout=20)
                    assert line is not None and not line.startswith("done"), f"{context}: ended early"
                    kind, request_id = line.split()
                    if kind == "fresh":
                        fresh += 1
                        announced.add(request_id)
                    else:
                        reused += 1
                time.sleep(rng.uniform(0.0, 0.2))
        finally:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)
        assert proc.returncode == -signal.SIGKILL, context
        while (line := lines.get(timeout=20)) is not None:  # what it printed before dying
            kind, request_id = line.split()
            if kind == "fresh":
                announced.add(request_id)
            else:
                reused += 1
        if kill > 0:
            assert reused == stored, f"{context}: the resumed run reused {reused} of {stored} stored answers"
        stored = _assert_store_sound(path, requests, announced, context)
        assert stored < 300, f"{context}: the run finished before it was killed"

    backend = SlowBackend(delay=0.0)
    with ResponseStore(path) as store:
        results = run_requests(backend, requests, store, mode="generate")
    assert len(backend.asked) == 300 - stored, f"seed={seed}"
    assert set(backend.asked).isdisjoint(announced), f"seed={seed}: asked again for stored answers"
    assert results == [expected_response(r) for r in requests], f"seed={seed}"
    assert _assert_store_sound(path, requests, {r.request_id for r in requests}, f"seed={seed} final") == 300
