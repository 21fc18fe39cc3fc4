"""The ``vllm`` backend: vLLM's offline engine (``vllm.LLM`` + ``SamplingParams``) on GPUs.

``vllm/<hub id or local directory> tensor_parallel_size=1 dtype=auto max_model_len=<n>
gpu_memory_utilization=0.9 revision=<hub revision> tokenizer=<id> chat_template=auto|none
enforce_eager=false``

Prompts are built exactly as the ``hf`` backend builds them (the tokenizer's chat template with
``add_generation_prompt=True``, tokenized without extra special tokens) and handed to
``LLM.generate`` as token-id prompts, so both backends condition on the same tokens.

* ``generate``: one ``SamplingParams`` per request: ``temperature`` (0 = greedy), ``top_p`` and a
  per-request ``seed`` (vLLM seeds each sampled request on its own), ``max_tokens`` =
  ``max_new_tokens``. vLLM's ``finish_reason`` (``stop``/``length``) is passed through; any
  other (an aborted request) is an ``error`` response.
* Structured output: a request's ``Decoding.json_schema`` goes to vLLM's own structured-output engine
  (``SamplingParams(structured_outputs=StructuredOutputsParams(json=…))`` from vLLM 0.10.2, the
  older ``guided_decoding=GuidedDecodingParams(json=…)`` before), so served and offline runs are
  constrained by vLLM's engine (xgrammar or guidance, vLLM's choice, recorded in ``describe()``).
* ``score``: every (prompt, choice) pair is one prompt ``prompt + choice tokens`` with
  ``prompt_logprobs=1`` and ``max_tokens=1``; the choice's log-probability is the sum of the
  prompt log-probabilities at the choice's positions (every token of the choice). Choice tokens
  are the suffix of ``tokenize(prompt + choice)`` after ``tokenize(prompt)``, as in ``hf``.

vLLM schedules and batches requests itself. vLLM is imported only when a backend is created; when
it is missing the error says how to install it. Thread-safety: not thread-safe (vLLM's ``LLM`` is
not); use one backend per process.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pyverify.models._backend import BackendError, Request, Response
from pyverify.models._hf import Prompts, as_bool, as_int, fingerprint_directory, one_line, reject_unknown

OPTIONS = [
    "tensor_parallel_size",
    "dtype",
    "max_model_len",
    "gpu_memory_utilization",
    "revision",
    "tokenizer",
    "chat_template",
    "enforce_eager",
]


class VLLMBackend:
    """vLLM's offline ``LLM`` behind the :class:`~pyverify.models.Backend` interface (not thread-safe)."""

    def __init__(
        self,
        model: str,
        tensor_parallel_size: str | int = "1",
        dtype: str = "auto",
        max_model_len: str | int | None = None,
        gpu_memory_utilization: str | float = "0.9",
        revision: str | None = None,
        tokenizer: str | None = None,
        chat_template: str = "auto",
        enforce_eager: str | bool = "false",
        **unknown: Any,
    ) -> None:
        reject_unknown("vllm", unknown, OPTIONS)
        try:
            import vllm
        except ImportError:
            raise BackendError(
                "the vllm backend needs vLLM, which is not installed: pip install -e '.[vllm]' (Linux + CUDA GPU)"
            ) from None
        if chat_template not in {"auto", "none"}:
            raise BackendError(f"option chat_template={chat_template!r} must be auto or none")
        try:
            memory = float(gpu_memory_utilization)
        except ValueError:
            raise BackendError(f"option gpu_memory_utilization={gpu_memory_utilization!r} must be a number") from None
        self._vllm = vllm
        self.model_id = model
        self._revision: str | None = revision
        self.settings: dict[str, Any] = {
            "tensor_parallel_size": as_int(tensor_parallel_size, "tensor_parallel_size"),
            "dtype": str(dtype),
            "gpu_memory_utilization": memory,
            "enforce_eager": as_bool(enforce_eager, "enforce_eager"),
        }
        if max_model_len is not None:
            self.settings["max_model_len"] = as_int(max_model_len, "max_model_len")
        if revision:
            self.settings["revision"] = revision
        if tokenizer:
            self.settings["tokenizer"] = tokenizer
        try:
            self.llm = vllm.LLM(model=model, **self.settings)
        except Exception as exc:  # vLLM raises many kinds (ValueError, RuntimeError, OSError, …)
            raise BackendError(f"vLLM cannot load '{model}': {one_line(exc)}") from None
        self.tokenizer = self.llm.get_tokenizer()
        use_template = chat_template == "auto" and bool(getattr(self.tokenizer, "chat_template", None))
        self.prompts = Prompts(self.tokenizer, use_template)
        self._local_dirs = [Path(p) for p in (model, tokenizer) if p and Path(p).is_dir()]

    @property
    def revision(self) -> str:
        """The hub revision asked for, else a fingerprint of the local files, else ``unknown``."""
        if self._revision is None:
            self._revision = fingerprint_directory(*self._local_dirs) if self._local_dirs else "unknown"
        return self._revision

    @revision.setter
    def revision(self, value: str) -> None:
        self._revision = value

    @property
    def plain_prompts(self) -> bool:
        """True when the model sees its messages as plain text (no chat template): a base model's prompt."""
        return not self.prompts.use_template

    def describe(self) -> dict[str, Any]:
        return {
            "provider": "vllm",
            "model_id": self.model_id,
            "revision": self.revision,
            **{key: value for key, value in self.settings.items() if key != "revision"},
            "chat_template": "tokenizer" if self.prompts.use_template else "none",
            "plain_prompts": not self.prompts.use_template,
            "structured_output": "vLLM's structured outputs (its configured engine)",
            "vllm": str(getattr(self._vllm, "__version__", _version("vllm"))),
        }

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        results: dict[int, Response] = {}
        jobs: list[tuple[int, dict[str, Any], Any]] = []
        for index, request in enumerate(requests):
            decoding = request.decoding
            try:
                if decoding.max_new_tokens < 1 or decoding.temperature < 0 or not 0 < decoding.top_p <= 1:
                    raise BackendError(f"invalid decoding parameters {decoding}")
                prompt = {"prompt_token_ids": self.prompts.ids(request)}
                sampled = decoding.temperature > 0
                params = self._vllm.SamplingParams(
                    n=1,
                    temperature=decoding.temperature,
                    top_p=decoding.top_p if sampled else 1.0,
                    seed=decoding.seed if sampled else None,
                    max_tokens=decoding.max_new_tokens,
                    **structured_params(self._vllm, decoding.json_schema),
                )
            except Exception as exc:
                results[index] = Response(request.request_id, finish_reason="error", error=one_line(exc))
                continue
            jobs.append((index, prompt, params))
        if jobs:
            try:
                outputs = self.llm.generate([p for _, p, _ in jobs], [s for *_, s in jobs], use_tqdm=False)
            except Exception as exc:
                outputs = [exc] * len(jobs)
            for (index, _, _), output in zip(jobs, outputs):
                results[index] = _generation_response(requests[index].request_id, output)
        return [results[index] for index in range(len(requests))]

    def score(self, requests: Sequence[Request]) -> list[Response]:
        results: dict[int, Response] = {}
        pairs: list[tuple[int, int, int, list[int]]] = []  # (request, choice, prompt length, all token ids)
        sums: dict[int, list[float]] = {}
        counts: dict[int, int] = {}
        for index, request in enumerate(requests):
            if not request.choices:
                results[index] = Response(request.request_id, finish_reason="error", error="no choices to score")
                continue
            try:
                prompt_ids, continuations = self.prompts.scoring_pairs(request)
            except Exception as exc:
                results[index] = Response(request.request_id, finish_reason="error", error=one_line(exc))
                continue
            sums[index] = [0.0] * len(request.choices)
            counts[index] = sum(map(len, continuations))
            pairs.extend((index, j, len(prompt_ids), prompt_ids + ids) for j, ids in enumerate(continuations) if ids)
        failed: dict[int, str] = {}
        if pairs:
            params = self._vllm.SamplingParams(n=1, temperature=0.0, max_tokens=1, prompt_logprobs=1)
            try:
                outputs = self.llm.generate(
                    [{"prompt_token_ids": ids} for *_, ids in pairs], [params] * len(pairs), use_tqdm=False
                )
            except Exception as exc:
                outputs = [exc] * len(pairs)
            for (index, j, start, ids), output in zip(pairs, outputs):
                try:
                    if isinstance(output, Exception):
                        raise output
                    positions = output.prompt_logprobs
                    sums[index][j] = float(sum(positions[k][ids[k]].logprob for k in range(start, len(ids))))
                except Exception as exc:
                    failed.setdefault(index, one_line(exc))
        for index, values in sums.items():
            request = requests[index]
            if index in failed:
                results[index] = Response(request.request_id, finish_reason="error", error=failed[index])
            else:
                results[index] = Response(request.request_id, logprobs=tuple(values), tokens=counts[index])
        return [results[index] for index in range(len(requests))]


def _generation_response(request_id: str, output: Any) -> Response:
    if isinstance(output, Exception):
        return Response(request_id, finish_reason="error", error=one_line(output))
    completion = output.outputs[0]
    reason = completion.finish_reason
    if reason not in {"stop", "length"}:
        return Response(request_id, text=completion.text, finish_reason="error", error=f"vLLM finish_reason {reason}")
    return Response(request_id, text=completion.text, finish_reason=reason, tokens=len(completion.token_ids))


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "absent"


def structured_params(vllm: Any, schema: str) -> dict[str, Any]:
    """The ``SamplingParams`` keyword arguments that constrain generation to a JSON schema (none when empty)."""
    if not schema:
        return {}
    import json

    from pyverify.models._grammar import check_schema

    parsed = check_schema(schema)
    params = importlib.import_module("vllm.sampling_params")
    if hasattr(params, "StructuredOutputsParams"):  # vLLM >= 0.10.2
        return {"structured_outputs": params.StructuredOutputsParams(json=json.dumps(parsed))}
    if hasattr(params, "GuidedDecodingParams"):
        return {"guided_decoding": params.GuidedDecodingParams(json=json.dumps(parsed))}
    raise BackendError(f"vLLM {getattr(vllm, '__version__', '?')} has no structured-output parameters")
