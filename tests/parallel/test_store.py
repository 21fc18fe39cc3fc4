"""BatchStore: results survive a reopen, a changed input misses, one process at a time; groups commit whole."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any, Iterator

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


def _committed(path: Path) -> int:
    """Rows a reader sees committed (another connection, as after a kill)."""
    with sqlite3.connect(str(path)) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM results").fetchone()[0])


def test_a_group_is_committed_whole(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with BatchStore(path) as store:
        store.put_many([(f'"r{i}"', input_hash(i), {"n": i}) for i in range(5)])
        assert _committed(path) == 5 and store.get('"r3"', input_hash(3)) == {"n": 3}

        def failing() -> Iterator[tuple[str, str, Any]]:
            yield '"r9"', input_hash(9), {"n": 9}
            raise RuntimeError("lost mid-group")

        with pytest.raises(RuntimeError):
            store.put_many(failing())
        assert _committed(path) == 5 and store.get('"r9"', input_hash(9)) is None


def test_the_committer_groups_rows_and_commits_each_within_its_interval(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with BatchStore(path) as store:
        with store.committer(rows=100, seconds=0.2) as commit:
            for i in range(250):
                commit.put(f'"r{i}"', input_hash(i), {"n": i})
            deadline = time.monotonic() + 10
            while _committed(path) < 250 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert _committed(path) == 250  # committed while the committer is still open
            assert commit.commits <= 10  # in groups, not a transaction per row
            commit.put('"last"', input_hash("last"), {"n": -1})
        assert store.get('"last"', input_hash("last")) == {"n": -1}  # closing commits what is left
        assert len(store) == 251


def test_a_failed_group_commit_is_raised_to_the_owner(tmp_path: Path) -> None:
    store = BatchStore(tmp_path / "s.sqlite")
    commit = store.committer(seconds=0.0)
    store.close()  # the committer's next transaction fails
    commit.put('"r"', input_hash(1), {})
    with pytest.raises(ValueError, match="closed"):
        commit.close()
