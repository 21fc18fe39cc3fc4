"""Structured output for the in-process backends: a JSON schema enforced token by token with llguidance.

A request whose ``Decoding.json_schema`` is set is generated under a grammar: before every step the
logits of the tokens that cannot continue a text valid under the schema are set to ``-inf``, and once
the text is a complete value only the end-of-sequence token remains allowed. The masked logits then go
to the ordinary decoding (greedy, or the per-request sampler), so a constrained answer is the model's
own most likely (or sampled) text among the valid ones: constraining changes the format, not who
answers.

Why llguidance: it is the engine behind vLLM's ``guidance`` structured-output backend and OpenAI's
structured outputs, it compiles JSON schemas and Lark grammars, and its wheel has no dependencies
(xgrammar, vLLM's default, requires triton — hundreds of megabytes — and torch.compile kernels that
these CPU machines do not need; outlines builds on the same Rust core as a larger framework). Its
``torch`` helpers compile a masking kernel with ``torch.compile``; the mask here is applied with plain
tensor indexing from ``compute_logit_bias`` (one byte per token), which needs no compiler.

The schema is compiled with compact separators and no free whitespace (``whitespace_flexible``
false): small models given the freedom loop on blank lines until the token budget runs out. A schema
llguidance cannot compile is an error of that request only (``BackendError`` text in its response),
never of the batch.

Thread-safety: a :class:`Constraint` caches compiled matchers per schema and is used by one backend
(not thread-safe, like the backend).
"""

from __future__ import annotations

import json
from typing import Any

from pyverify.models._backend import BackendError

ENGINE = "llguidance"
#: options of llguidance's JSON compiler (see the module docstring)
JSON_OPTIONS = {"whitespace_flexible": False}


def engine_version() -> str:
    import importlib.metadata

    try:
        return importlib.metadata.version(ENGINE)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def check_schema(text: str) -> dict[str, Any]:
    """The schema as a mapping, or a BackendError saying why it is not one."""
    try:
        schema = json.loads(text)
    except ValueError as exc:
        raise BackendError(f"the JSON schema is not JSON ({exc})") from None
    if not isinstance(schema, dict):
        raise BackendError("the JSON schema must be a JSON object")
    return schema


class Constraint:
    """Compiled grammars for one tokenizer, and fresh matchers from them."""

    def __init__(self, tokenizer: Any, vocab_size: int, eos_id: int) -> None:
        try:
            import llguidance
            import llguidance.hf
        except ImportError:
            raise BackendError(
                "structured output needs llguidance, which is not installed (install the [models] extra: `make models`)"
            ) from None
        self._llg = llguidance
        self.eos_id = eos_id
        self.vocab_size = vocab_size
        try:
            self._tokenizer = llguidance.hf.from_tokenizer(tokenizer, n_vocab=vocab_size, eos_token=eos_id)
        except Exception as exc:  # a slow (non-Rust) tokenizer, or one llguidance cannot read
            raise BackendError(f"structured output cannot use this tokenizer: {exc}") from None
        self._pristine: dict[str, Any] = {}

    def matcher(self, schema: str) -> Any:
        """A matcher at the start of a text under ``schema`` (BackendError when it cannot be compiled)."""
        if schema not in self._pristine:
            check_schema(schema)
            try:
                grammar = self._llg.LLMatcher.grammar_from_json_schema(schema, overrides=JSON_OPTIONS)  # type: ignore[arg-type]
            except (ValueError, TypeError) as exc:
                raise BackendError(f"the JSON schema cannot be compiled: {exc}") from None
            matcher = self._llg.LLMatcher(self._tokenizer, grammar, log_level=0)
            if matcher.is_error():
                raise BackendError(f"the JSON schema cannot be enforced: {matcher.get_error()}")
            self._pristine[schema] = matcher
        return self._pristine[schema].deep_copy()


class GrammarProcessor:
    """A transformers logits processor that keeps each constrained row of a batch inside its grammar.

    ``matchers[row]`` is the row's matcher, or None for a free row (left untouched). The processor reads
    the token each row generated at the previous step from ``input_ids`` (left-padded prompts of width
    ``prompt_width``), advances that row's matcher, and masks the row's next-token logits. A row that
    has ended (emitted an end-of-sequence token) or whose matcher failed is allowed only the
    end-of-sequence token; ``errors[row]`` says why a matcher failed.
    """

    def __init__(self, matchers: list[Any | None], prompt_width: int, eos_ids: set[int], eos_id: int) -> None:
        self.matchers = matchers
        self.prompt_width = prompt_width
        self.eos_ids = eos_ids
        self.eos_id = eos_id
        self.ended = [m is None for m in matchers]
        self.errors: dict[int, str] = {}

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        import torch

        step = input_ids.shape[1] - self.prompt_width
        for row, matcher in enumerate(self.matchers):
            if matcher is None:
                continue
            if step > 0 and not self.ended[row]:
                token = int(input_ids[row, -1])
                if token in self.eos_ids:
                    self.ended[row] = True
                elif not matcher.consume_token(token):
                    self.errors[row] = matcher.get_error() or f"token {token} rejected by the grammar"
                    self.ended[row] = True
            if self.ended[row] or matcher.is_error() or matcher.is_stopped():
                keep = scores[row, self.eos_id].clone()
                scores[row] = float("-inf")
                scores[row, self.eos_id] = keep
                continue
            allowed = torch.frombuffer(bytearray(matcher.compute_logit_bias()), dtype=torch.uint8)
            width = min(int(allowed.shape[0]), int(scores.shape[1]))
            banned = torch.ones(scores.shape[1], dtype=torch.bool, device=scores.device)
            banned[:width] = allowed[:width].to(scores.device) == 0
            scores[row, banned] = float("-inf")
        return scores
