"""ReplayBackend: answers a stored run's requests exactly, without inference; refuses what it cannot replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyverify.models import BackendError, Request, Response, load_backend
from pyverify.models._replay import NOT_IN_RUN, ReplayBackend
from pyverify.models._runner import run_requests
from pyverify.models._store import ResponseStore
from tests.models._kill_target import SlowBackend, expected_response, make_requests


def _recorded_run(run_dir: Path, n: int = 20) -> list[Response]:
    with ResponseStore(run_dir / "store.sqlite") as store:
        return run_requests(SlowBackend(), make_requests(n), store, mode="generate")


def test_replay_answers_exactly_what_the_run_stored(tmp_path: Path) -> None:
    original = _recorded_run(tmp_path / "run")
    backend = ReplayBackend(tmp_path / "run")
    assert (backend.model_id, backend.revision) == (SlowBackend.model_id, SlowBackend.revision)
    assert backend.generate(make_requests(20)) == original
    description = backend.describe()
    assert description["provider"] == "replay" and description["responses"] == 20
    # a store file works as well as its run directory, and so does the registry
    by_file = load_backend(f"replay/{tmp_path / 'run' / 'store.sqlite'}")
    assert isinstance(by_file, ReplayBackend) and by_file.score(make_requests(3)) == original[:3]
    backend.close()
    by_file.close()


def test_a_request_the_run_never_saw_is_an_error_response(tmp_path: Path) -> None:
    _recorded_run(tmp_path / "run", n=5)
    backend = ReplayBackend(tmp_path / "run")
    new = Request("new", (("user", "never asked"),))
    known = make_requests(5)[2]
    renamed = Request("renamed", known.messages, known.decoding)  # same question, another id: same key
    out = backend.generate([new, renamed])
    assert out[0] == Response("new", finish_reason="error", error=NOT_IN_RUN)
    assert out[1].request_id == "renamed" and out[1].text == expected_response(known).text
    backend.close()


def test_replaying_into_a_fresh_store_reproduces_the_run(tmp_path: Path) -> None:
    original = _recorded_run(tmp_path / "run", n=10)
    backend = ReplayBackend(tmp_path / "run")
    requests = make_requests(10) + [Request("extra", (("user", "not in the run"),))]
    with ResponseStore(tmp_path / "replayed" / "store.sqlite") as store:
        results = run_requests(backend, requests, store, mode="generate")
        assert results[:10] == original and results[10].finish_reason == "error"
        assert len(store) == 10  # the missing one is not stored, so a real backend can fill it later
    backend.close()


def test_what_cannot_be_replayed_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BackendError, match="no store at"):
        ReplayBackend(tmp_path / "missing.sqlite")
    (tmp_path / "empty_run").mkdir()
    with pytest.raises(BackendError, match="no store.sqlite in run directory"):
        ReplayBackend(tmp_path / "empty_run")
    ResponseStore(tmp_path / "blank.sqlite").close()
    with pytest.raises(BackendError, match="holds no responses"):
        ReplayBackend(tmp_path / "blank.sqlite")

    class OtherModel(SlowBackend):
        model_id = "fake/other"

    path = tmp_path / "mixed" / "store.sqlite"
    with ResponseStore(path) as store:
        run_requests(SlowBackend(), make_requests(2), store, mode="generate")
        run_requests(OtherModel(), make_requests(2), store, mode="generate")
    with pytest.raises(BackendError, match=r"mixes 2 models \(fake/slow@r1, fake/other@r1\)"):
        ReplayBackend(tmp_path / "mixed")
    with pytest.raises(BackendError, match="unknown replay option"):
        load_backend(f"replay/{tmp_path / 'mixed'} model=x")
