"""BatchStore: results survive a reopen, a changed input misses, one process at a time."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyverify.parallel import BatchStore, StoreBusy, input_hash, remove_store


def test_results_survive_reopen_and_input_changes_miss(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    h1, h2 = input_hash({"claim": "1 = 1"}), input_hash({"claim": "1 = 2"})
    assert h1 != h2 and h1 == input_hash({"claim": "1 = 1"})
    with BatchStore(path) as store:
        store.put('"r1"', h1, {"status": "certified"})
    with BatchStore(path) as store:
        assert store.get('"r1"', h1) == {"status": "certified"}
        assert store.get('"r1"', h2) is None  # the row's input changed: recompute
        store.put('"r1"', h2, {"status": "refuted"})
        assert store.get('"r1"', h1) is None and store.get('"r1"', h2) == {"status": "refuted"}
        assert len(store) == 1


def test_one_process_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with BatchStore(path):
        with pytest.raises(StoreBusy):
            BatchStore(path)
    with BatchStore(path) as store:  # released on close
        assert len(store) == 0
    remove_store(path)
    assert not path.exists()
