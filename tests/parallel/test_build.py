"""`pyverify build` fanned out over worker processes writes the same bytes as the sequential build."""

from __future__ import annotations

from pathlib import Path

from pyverify._batch import SETUP
from pyverify.catalog._build import build
from pyverify.parallel import LocalExecutor

SAMPLE = Path(__file__).parents[1] / "catalog" / "sample_catalog.toml"


def test_parallel_build_is_byte_identical(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    (catalog / "sample.toml").write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    build(tmp_path / "seq", catalog)
    with LocalExecutor(2, setup=SETUP) as executor:
        build(tmp_path / "par", catalog, executor=executor)
    for name in ("items.jsonl", "certificates.jsonl", "manifest.json"):
        assert (tmp_path / "seq" / name).read_bytes() == (tmp_path / "par" / name).read_bytes(), name
