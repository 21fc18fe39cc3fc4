from __future__ import annotations

from pathlib import Path

import pytest

from pyverify.claims._generate import build
from pyverify.claims._io import write_jsonl, write_manifest


@pytest.fixture(scope="session")
def canonical():  # type: ignore[no-untyped-def]
    """The canonical suite: (tasks, references)."""
    return build(0)


@pytest.fixture(scope="session")
def suite_dir(tmp_path_factory: pytest.TempPathFactory, canonical) -> Path:  # type: ignore[no-untyped-def]
    """The canonical suite written as a user's `claims build` would."""
    out = tmp_path_factory.mktemp("suite")
    tasks, references = canonical
    write_jsonl(out / "tasks.jsonl", tasks)
    write_jsonl(out / "references.jsonl", references)
    write_manifest(out, 0, 24, {})
    return out
