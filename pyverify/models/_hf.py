"""The ``hf`` backend: a causal language model run in-process with transformers.

``hf/<hub id or local directory> device=auto dtype=auto batch_size=8 load_in_4bit=false
revision=<hub revision> chat_template=auto|none tokenizer=<hub id or directory>``

Generation
    Prompts are the tokenizer's chat template applied to the request's messages with
    ``add_generation_prompt=True`` (and ``enable_thinking=decoding.thinking`` for templates that read
    it); ``chat_template=none``, or a tokenizer without a template, joins the message contents with a
    blank line instead. Requests are grouped by token budget, sorted by prompt length and run in
    left-padded batches of ``batch_size`` (the pad token is the EOS token when the tokenizer has
    none). ``temperature == 0`` is greedy; otherwise each request is sampled with its own
    ``torch.Generator`` seeded with ``decoding.seed`` (temperature, then top-p), so a sampled answer
    depends on its own seed only, not on the other requests of its batch. Only the new tokens are
    decoded; ``finish_reason`` is ``length`` when the budget ran out before an EOS token (the
    tokenizer's and the generation config's), and ``tokens`` counts the new tokens up to and
    including that EOS. Decoding is exactly the request's: the model's own generation-config
    penalties (repetition, n-gram, minimum length) are switched off.

Scoring
    For every choice, the sum over *all* its tokens of ``log p(token | prompt, earlier choice
    tokens)``. The prompt is the chat-templated prompt used for generation, tokenized exactly as
    generation tokenizes it; the choice's tokens are the suffix of ``tokenize(prompt + choice)``
    after ``tokenize(prompt)``. When a BPE merge crosses the boundary (the tokenization of
    ``prompt + choice`` does not start with the prompt's tokens), the prompt tokens are kept as they
    are and the choice is tokenized on its own: the score is then the probability of the model
    emitting the choice's text right after the exact prompt it sees when generating.

    Each request is run once: one row of a left-padded batch holds its prompt followed by all its
    choices' tokens, with a 4-D attention mask under which a choice token sees the prompt and the
    earlier tokens of its own choice only, and position ids that restart at ``len(prompt)`` for
    every choice. Each choice is therefore scored exactly as if it were alone after the prompt (the
    same log-probabilities as one sequence per (prompt, choice) pair, up to floating-point
    summation order), while the prompt is computed once instead of once per choice. Requests are
    sorted by row length and ``batch_size`` is the number of rows (requests, not choices) per
    forward pass; only the last ``total choice length + 1`` positions are projected onto the
    vocabulary.

    This one-pass path needs an attention implementation that takes a custom mask as it is:
    transformers' ``eager`` and ``sdpa`` (the default), a forward that accepts ``position_ids``, no
    chunked attention, and, for a model with a sliding window (Gemma 3, Mistral), a row no longer
    than the window (the 4-D mask replaces the model's own masks, sliding ones included, so the
    window must not bite). Otherwise -- flash attention, or a batch with a longer row -- that batch
    falls back to one row per (prompt, choice) pair, the same left-padded causal batch with explicit
    position ids (so padding does not shift positions), in batches of ``batch_size`` pairs. Both
    paths halve a batch that fails (out of memory) and report a request that fails alone.
    Decoding parameters other than ``thinking`` do not affect scores (raw model log-probabilities).

Thread-safety: not thread-safe. A backend's model and tokenizer are used without locks (and the
tokenizer is configured in place), so concurrent calls on one backend are undefined; use one
backend per thread. Sampling draws from per-request generators, never from torch's global RNG.
Importing this module does not import torch or transformers; creating a backend does.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import inspect
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, cast

from pyverify.models._backend import BackendError, Request, Response
from pyverify.models._grammar import ENGINE, Constraint, GrammarProcessor, engine_version

DTYPES = {
    "float32": "float32",
    "fp32": "float32",
    "bfloat16": "bfloat16",
    "bf16": "bfloat16",
    "float16": "float16",
    "fp16": "float16",
    "half": "float16",
}
#: files whose contents identify a local model directory (weights, configs, tokenizer, template)
FINGERPRINT_SUFFIXES = (".safetensors", ".bin", ".json", ".jinja", ".model", ".txt", ".tiktoken")


def as_bool(value: Any, name: str) -> bool:
    """``true/false/1/0/yes/no`` (or a bool) → bool."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in {"true", "1", "yes", "on"}:
        return True
    if text in {"false", "0", "no", "off", ""}:
        return False
    raise BackendError(f"option {name}={value!r} must be true or false")


def as_int(value: Any, name: str, minimum: int = 1) -> int:
    """A positive integer option."""
    try:
        number = int(str(value).strip())
    except ValueError:
        raise BackendError(f"option {name}={value!r} must be an integer") from None
    if number < minimum:
        raise BackendError(f"option {name}={value!r} must be at least {minimum}")
    return number


def reject_unknown(provider: str, unknown: dict[str, Any], known: Iterable[str]) -> None:
    """One clear line for misspelt options (``dtyp=bf16``)."""
    if unknown:
        names = ", ".join(sorted(unknown))
        raise BackendError(f"unknown option(s) for the {provider} backend: {names} (known: {', '.join(known)})")


def fingerprint_directory(*directories: Path) -> str:
    """SHA-256 (first 16 hex) of the model files in local directories: names and full contents.

    Weights, configs, tokenizer files and chat templates all count, so a fine-tuned checkpoint or an
    edited template gets a different revision (a config + index hash would not change when only the
    weights do). Costs about one second per GB; computed only when ``revision`` is first read.
    """
    digest = hashlib.sha256()
    for directory in directories:
        for path in sorted(p for p in directory.iterdir() if p.is_file() and p.name.endswith(FINGERPRINT_SUFFIXES)):
            digest.update(path.name.encode() + b"\0")
            with path.open("rb") as handle:
                for block in iter(functools.partial(handle.read, 1 << 20), b""):
                    digest.update(block)
            digest.update(b"\0")
    return digest.hexdigest()[:16]


def require_models(provider: str) -> None:
    """torch and transformers are importable, else one clear BackendError."""
    import importlib

    for name in ("torch", "transformers"):
        try:
            importlib.import_module(name)
        except ImportError:
            raise BackendError(
                f"the {provider} backend needs {name}, which is not installed (install the [models] extra: `make models`)"
            ) from None


def chat_messages(request: Request) -> list[dict[str, str]]:
    return [{"role": role, "content": content} for role, content in request.messages]


def plain_prompt(request: Request) -> str:
    """The fallback prompt without a chat template: message contents separated by a blank line."""
    return "\n\n".join(content for _, content in request.messages)


def choice_suffix(prompt_ids: list[int], full_ids: list[int], alone_ids: list[int]) -> list[int]:
    """The choice's tokens: the suffix of ``tokenize(prompt + choice)`` after the prompt's tokens.

    When a merge crosses the boundary (``full_ids`` does not start with ``prompt_ids``), the choice
    tokenized on its own (``alone_ids``) follows the prompt's tokens instead.
    """
    if full_ids[: len(prompt_ids)] == prompt_ids:
        return full_ids[len(prompt_ids) :]
    return alone_ids


def one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}".rstrip(": ")


class Prompts:
    """Chat-templated prompts and choice tokens for one tokenizer (shared by the hf and vllm backends)."""

    def __init__(self, tokenizer: Any, use_template: bool) -> None:
        self.tokenizer = tokenizer
        self.use_template = use_template

    def text(self, request: Request) -> str:
        """The text the model sees before its answer."""
        if not self.use_template:
            return plain_prompt(request)
        text = self.tokenizer.apply_chat_template(
            chat_messages(request),
            tokenize=False,
            add_generation_prompt=True,
            enable_thinking=request.decoding.thinking,
        )
        return str(text)

    def encode(self, text: str) -> list[int]:
        """Token ids of a prompt text (templates carry their own special tokens; plain text gets BOS)."""
        return list(self.tokenizer(text, add_special_tokens=not self.use_template)["input_ids"])

    def ids(self, request: Request) -> list[int]:
        return self.encode(self.text(request))

    def choice_ids(self, prompt: str, prompt_ids: list[int], choice: str) -> list[int]:
        """The choice's tokens after ``prompt_ids`` (see the module docstring on BPE boundaries)."""
        alone = list(self.tokenizer(choice, add_special_tokens=False)["input_ids"])
        return choice_suffix(prompt_ids, self.encode(prompt + choice), alone)

    def scoring_pairs(self, request: Request) -> tuple[list[int], list[list[int]]]:
        """The prompt's tokens and each choice's tokens."""
        prompt = self.text(request)
        prompt_ids = self.encode(prompt)
        if not prompt_ids:
            raise BackendError("the prompt has no tokens to condition on")
        return prompt_ids, [self.choice_ids(prompt, prompt_ids, choice) for choice in request.choices]


class _RowSampler:
    """A logits processor that samples the rows with temperature > 0 from their own generators.

    Generation runs in greedy mode; for a sampled row this processor draws the next token (after
    temperature and top-p) from the row's ``torch.Generator`` and leaves only that token possible,
    so the greedy step picks it. Each row consumes its generator once per step, so its tokens depend
    on its own seed and logits only. Greedy rows (``None``) pass through untouched.
    """

    def __init__(self, rows: list[tuple[float, float, int] | None]) -> None:
        self.rows = rows
        self.generators: dict[int, Any] = {}

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        import torch

        for row, params in enumerate(self.rows):
            if params is None:
                continue
            temperature, top_p, seed = params
            if row not in self.generators:
                self.generators[row] = torch.Generator(device=scores.device).manual_seed(seed)
            probs = torch.softmax(scores[row].float() / temperature, dim=-1)
            if top_p < 1.0:
                sorted_probs, order = torch.sort(probs, descending=True)
                before = torch.cumsum(sorted_probs, dim=-1) - sorted_probs
                sorted_probs[before >= top_p] = 0.0  # keeps the smallest prefix with mass >= top_p
                probs = torch.zeros_like(probs).scatter(0, order, sorted_probs)
            token = torch.multinomial(probs, 1, generator=self.generators[row])
            scores[row] = torch.full_like(scores[row], float("-inf"))
            scores[row, token] = 0.0
        return scores


#: one scoring request: (its index, its prompt's tokens, each choice's tokens)
ScoringJob = tuple[int, list[int], list[list[int]]]


class HFBackend:
    """A transformers causal LM behind the :class:`~pyverify.models.Backend` interface.

    ``one_pass`` (default True) scores each request in one row (module docstring, Scoring); set it
    to False to score every (prompt, choice) pair as its own row, the fallback path (for comparison).
    Not thread-safe: use one backend per thread.
    """

    one_pass: bool = True

    def __init__(
        self,
        model: str,
        device: str = "auto",
        dtype: str = "auto",
        batch_size: str | int = "8",
        load_in_4bit: str | bool = "false",
        revision: str | None = None,
        chat_template: str = "auto",
        tokenizer: str | None = None,
        **unknown: Any,
    ) -> None:
        reject_unknown(
            "hf",
            unknown,
            ["device", "dtype", "batch_size", "load_in_4bit", "revision", "chat_template", "tokenizer"],
        )
        require_models("hf")
        import torch
        import transformers
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.model_id = model
        self.batch_size = as_int(batch_size, "batch_size")
        self._revision: str | None = revision
        quantize = as_bool(load_in_4bit, "load_in_4bit")
        if chat_template not in {"auto", "none"}:
            raise BackendError(f"option chat_template={chat_template!r} must be auto or none")

        self.device = self._resolve_device(torch, str(device))
        self.dtype_name = self._resolve_dtype(torch, str(dtype), self.device)
        torch_dtype = getattr(torch, self.dtype_name)
        kwargs: dict[str, Any] = {"dtype": torch_dtype}
        if revision:
            kwargs["revision"] = revision
        if self.device.startswith("cuda"):
            # accelerate places the weights (spread over every GPU for device=auto)
            kwargs["device_map"] = "auto" if str(device) == "auto" else {"": self.device}
        if quantize:
            if not self.device.startswith("cuda"):
                raise BackendError("load_in_4bit=true needs a CUDA device (bitsandbytes NF4); none is in use")
            try:
                import bitsandbytes  # noqa: F401
            except ImportError:
                raise BackendError("load_in_4bit=true needs bitsandbytes: pip install bitsandbytes") from None
            kwargs["quantization_config"] = transformers.BitsAndBytesConfig(
                load_in_4bit=True, bnb_4bit_quant_type="nf4", bnb_4bit_compute_dtype=torch_dtype
            )
        self.quantized = quantize

        try:
            tokenizer_kwargs = {"revision": revision} if revision and not tokenizer else {}
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()  # a run's own progress bar is the one a user reads
            self.tokenizer: Any = AutoTokenizer.from_pretrained(tokenizer or model, **tokenizer_kwargs)
            self.model: Any = cast(Any, AutoModelForCausalLM.from_pretrained(model, **kwargs))
        except (OSError, ValueError) as exc:
            raise BackendError(f"cannot load hf model '{model}': {one_line(exc)}") from None
        if "device_map" not in kwargs:
            self.model.to(self.device)
        self.model.eval()

        self.tokenizer.padding_side = "left"
        if self.tokenizer.pad_token_id is None:
            if self.tokenizer.eos_token_id is None:
                raise BackendError(f"tokenizer of '{model}' has neither a pad nor an EOS token")
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self.pad_id: int = int(self.tokenizer.pad_token_id)
        self.eos_ids = self._eos_ids()
        self.use_template = chat_template == "auto" and bool(getattr(self.tokenizer, "chat_template", None))
        self.prompts = Prompts(self.tokenizer, self.use_template)
        self._forward_params = set(inspect.signature(self.model.forward).parameters)
        self._local_dirs = [Path(p) for p in (model, tokenizer) if p and Path(p).is_dir()]
        self._commit = getattr(self.model.config, "_commit_hash", None)
        self._constraint: Any = None  # built on the first request with a JSON schema (about a second)

    # -- provenance ---------------------------------------------------------------------------

    @property
    def revision(self) -> str:
        """The hub revision asked for, else a fingerprint of the local files, else the hub commit."""
        if self._revision is None:
            if self._local_dirs:
                self._revision = fingerprint_directory(*self._local_dirs)
            else:
                self._revision = str(self._commit or "unknown")
        return self._revision

    @revision.setter
    def revision(self, value: str) -> None:
        self._revision = value

    @property
    def plain_prompts(self) -> bool:
        """True when the model sees its messages as plain text (no chat template): a base model's prompt."""
        return not self.use_template

    def describe(self) -> dict[str, Any]:
        import torch
        import transformers

        return {
            "provider": "hf",
            "model_id": self.model_id,
            "revision": self.revision,
            "dtype": self.dtype_name,
            "device": self.device,
            "load_in_4bit": self.quantized,
            "batch_size": self.batch_size,
            "chat_template": "tokenizer" if self.use_template else "none",
            "plain_prompts": not self.use_template,
            "structured_output": f"{ENGINE} {engine_version()}",
            "parameters": sum(p.numel() for p in self.model.parameters()),
            "torch": torch.__version__,
            "transformers": transformers.__version__,
            "accelerate": _version("accelerate"),
        }

    # -- generation ---------------------------------------------------------------------------

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        results: dict[int, Response] = {}
        jobs: list[tuple[int, list[int]]] = []
        for index, request in enumerate(requests):
            problem = _decoding_problem(request)
            if problem:
                results[index] = Response(request.request_id, finish_reason="error", error=problem)
                continue
            try:
                jobs.append((index, self.prompts.ids(request)))
            except Exception as exc:  # a template that rejects the messages
                results[index] = Response(request.request_id, finish_reason="error", error=one_line(exc))
        jobs.sort(key=lambda job: (requests[job[0]].decoding.max_new_tokens, len(job[1])))
        start = 0
        while start < len(jobs):
            budget = requests[jobs[start][0]].decoding.max_new_tokens
            stop = start
            while stop < len(jobs) and stop - start < self.batch_size:
                if requests[jobs[stop][0]].decoding.max_new_tokens != budget:
                    break
                stop += 1
            self._generate_batch(requests, jobs[start:stop], budget, results)
            start = stop
        return [results[index] for index in range(len(requests))]

    def _generate_batch(
        self, requests: Sequence[Request], jobs: list[tuple[int, list[int]]], budget: int, results: dict[int, Response]
    ) -> None:
        import torch
        from transformers import GenerationConfig, LogitsProcessorList

        matchers: list[Any | None] = []  # one per job kept, in order
        kept_jobs = []
        for index, ids in jobs:
            schema = requests[index].decoding.json_schema
            try:
                matchers.append(self._constrained().matcher(schema) if schema else None)
            except BackendError as exc:  # this request's schema (or llguidance missing): its error only
                results[index] = Response(requests[index].request_id, finish_reason="error", error=str(exc))
                continue
            kept_jobs.append((index, ids))
        if not kept_jobs:
            return
        jobs = kept_jobs
        input_ids, attention = self._left_pad([ids for _, ids in jobs])
        rows: list[tuple[float, float, int] | None] = []
        for index, _ in jobs:
            decoding = requests[index].decoding
            rows.append((decoding.temperature, decoding.top_p, decoding.seed) if decoding.temperature > 0 else None)
        config = GenerationConfig(
            max_new_tokens=budget,
            do_sample=False,  # sampled rows are drawn by _RowSampler from their own generators
            num_beams=1,
            repetition_penalty=1.0,
            no_repeat_ngram_size=0,
            min_length=0,
            pad_token_id=self.pad_id,
            eos_token_id=sorted(self.eos_ids),
        )
        grammar = None
        if any(m is not None for m in matchers):  # masks first: the sampler then draws among valid tokens
            grammar = GrammarProcessor(matchers, int(input_ids.shape[1]), self.eos_ids, self._constraint.eos_id)
        processors = LogitsProcessorList([p for p in (grammar, _RowSampler(rows) if any(rows) else None) if p])
        try:
            with torch.inference_mode():
                output = self.model.generate(
                    input_ids=input_ids, attention_mask=attention, generation_config=config, logits_processor=processors
                )
        except RuntimeError as exc:  # out of memory and friends: halve the batch, then give up per request
            if len(jobs) > 1:
                half = len(jobs) // 2
                self._generate_batch(requests, jobs[:half], budget, results)
                self._generate_batch(requests, jobs[half:], budget, results)
                return
            index = jobs[0][0]
            results[index] = Response(requests[index].request_id, finish_reason="error", error=one_line(exc))
            return
        new_tokens = output[:, input_ids.shape[1] :].tolist()
        for row, ((index, _), tokens) in enumerate(zip(jobs, new_tokens)):
            end = next((i for i, token in enumerate(tokens) if token in self.eos_ids), None)
            kept = tokens if end is None else tokens[:end]
            problem = grammar.errors.get(row, "") if grammar is not None else ""
            results[index] = Response(
                requests[index].request_id,
                text=str(self.tokenizer.decode(kept, skip_special_tokens=True)),
                finish_reason="error" if problem else "length" if end is None else "stop",
                tokens=len(tokens) if end is None else end + 1,
                error=f"structured output failed: {problem}" if problem else "",
            )

    def _constrained(self) -> Any:
        """The llguidance constraint for this tokenizer (built once)."""
        if self._constraint is None:
            eos = self.tokenizer.eos_token_id
            eos_id = int(eos) if eos is not None and int(eos) in self.eos_ids else min(self.eos_ids)
            width = int(self.model.get_output_embeddings().weight.shape[0])
            self._constraint = Constraint(self.tokenizer, width, eos_id)
        return self._constraint

    # -- scoring ------------------------------------------------------------------------------

    def score(self, requests: Sequence[Request]) -> list[Response]:
        results: dict[int, Response] = {}
        sums: dict[int, list[float]] = {}
        counts: dict[int, int] = {}
        jobs: list[ScoringJob] = []
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
            if counts[index]:
                jobs.append((index, prompt_ids, continuations))
        jobs.sort(key=lambda job: len(job[1]) + sum(map(len, job[2])))
        failed: dict[int, str] = {}
        for start in range(0, len(jobs), self.batch_size):
            batch = jobs[start : start + self.batch_size]
            if self._one_pass_fits(max(len(prompt) + sum(map(len, choices)) for _, prompt, choices in batch)):
                self._score_rows(batch, sums, failed)
            else:
                pairs = [(index, j, prompt, ids) for index, prompt, choices in batch for j, ids in enumerate(choices)]
                pairs = sorted((pair for pair in pairs if pair[3]), key=lambda pair: len(pair[2]) + len(pair[3]))
                for first in range(0, len(pairs), self.batch_size):
                    self._score_pairs(pairs[first : first + self.batch_size], sums, failed)
        for index, values in sums.items():
            request = requests[index]
            if index in failed:
                results[index] = Response(request.request_id, finish_reason="error", error=failed[index])
            else:
                results[index] = Response(request.request_id, logprobs=tuple(values), tokens=counts[index])
        return [results[index] for index in range(len(requests))]

    def _one_pass_kind(self) -> tuple[bool, int | None]:
        """Whether this model can take the one-pass mask, and its sliding window (if it has one).

        The custom 4-D mask reaches the attention unchanged only through transformers' own eager and
        SDPA implementations (flash attention takes no mask; chunked attention rebuilds its own), and
        the restarted positions need ``position_ids``.
        """
        config = self.model.config
        text = config.get_text_config() if hasattr(config, "get_text_config") else config
        usable = (
            getattr(config, "_attn_implementation", None) in {"eager", "sdpa"}
            and "position_ids" in self._forward_params
            and not getattr(text, "attention_chunk_size", None)
        )
        window = getattr(text, "sliding_window", None)
        return usable, int(window) if window else None

    def _one_pass_fits(self, width: int) -> bool:
        """The one-pass path runs for a batch whose longest row is ``width`` tokens."""
        usable, window = self._one_pass_kind()
        return self.one_pass and usable and (window is None or width <= window)

    def _logits(self, kwargs: dict[str, Any], keep: int, batch: Sequence[Any], retry: Any,
                failed: dict[int, str]) -> Any:  # fmt: skip
        """The last ``keep`` positions' logits of one forward pass over ``batch`` (items whose first field is
        the request index); on a failure (e.g. out of memory) the batch is halved through ``retry`` and
        None returned, and a request that fails alone is recorded in ``failed``."""
        import torch

        try:
            with torch.inference_mode():
                return self.model(**kwargs).logits[:, -keep:, :]
        except RuntimeError as exc:
            if len(batch) > 1:
                half = len(batch) // 2
                retry(batch[:half])
                retry(batch[half:])
            else:
                failed[batch[0][0]] = one_line(exc)
            return None

    def _score_rows(self, jobs: list[ScoringJob], sums: dict[int, list[float]], failed: dict[int, str]) -> None:
        """One row per request: its prompt, then every choice, each choice seeing the prompt and itself only."""
        import torch

        rows = [prompt + [token for ids in choices for token in ids] for _, prompt, choices in jobs]
        input_ids, _ = self._left_pad(rows)
        width = input_ids.shape[1]
        # segment of every column: -1 padding, 0 prompt, j + 1 the j-th choice; positions restart per choice
        segments = torch.full((len(rows), width), -1, dtype=torch.long)
        positions = torch.zeros((len(rows), width), dtype=torch.long)
        for row, (_, prompt, choices) in enumerate(jobs):
            column = width - len(rows[row])
            segments[row, column : column + len(prompt)] = 0
            positions[row, column : column + len(prompt)] = torch.arange(len(prompt))
            column += len(prompt)
            for j, ids in enumerate(choices):
                segments[row, column : column + len(ids)] = j + 1
                positions[row, column : column + len(ids)] = torch.arange(len(prompt), len(prompt) + len(ids))
                column += len(ids)
        query, key = segments[:, :, None], segments[:, None, :]
        allowed = torch.ones((width, width), dtype=torch.bool).tril() & (key >= 0) & ((key == 0) | (key == query))
        allowed |= torch.eye(width, dtype=torch.bool)  # a padding column sees itself: no row is all masked
        if self.model.config._attn_implementation == "sdpa":
            mask = allowed  # SDPA takes a boolean mask in any compute dtype
        else:  # eager adds the mask to the attention scores
            dtype = self.model.get_input_embeddings().weight.dtype
            mask = torch.zeros(allowed.shape, dtype=dtype).masked_fill_(~allowed, torch.finfo(dtype).min)
        keep = max(len(row) - len(prompt) for row, (_, prompt, _) in zip(rows, jobs)) + 1
        kwargs: dict[str, Any] = {
            "input_ids": input_ids,
            "attention_mask": mask[:, None].to(input_ids.device),
            "position_ids": positions.to(input_ids.device),
            "use_cache": False,
        }
        if "logits_to_keep" in self._forward_params:
            kwargs["logits_to_keep"] = keep
        logits = self._logits(kwargs, keep, jobs, lambda part: self._score_rows(part, sums, failed), failed)
        if logits is None:
            return
        # a row's choices (w tokens in all) fill its last w kept columns; the prompt's last token sits
        # at kept column keep-1-w and predicts every choice's first token, and each later choice token
        # is predicted by the column before it
        picks: list[tuple[int, int]] = []
        targets: list[int] = []
        owners: list[tuple[int, int]] = []
        for row, (index, prompt, choices) in enumerate(jobs):
            total = len(rows[row]) - len(prompt)
            start = keep - total
            for j, ids in enumerate(choices):
                for t, token in enumerate(ids):
                    picks.append((row, keep - 1 - total if t == 0 else start + t - 1))
                    targets.append(token)
                    owners.append((index, j))
                start += len(ids)
        device = logits.device
        where = torch.tensor(picks, device=device)
        chosen = logits[where[:, 0], where[:, 1], :].float()
        picked = torch.log_softmax(chosen, dim=-1).gather(-1, torch.tensor(targets, device=device).unsqueeze(-1))
        for (index, j), value in zip(owners, picked.squeeze(-1).tolist()):
            sums[index][j] += value

    def _score_pairs(
        self, pairs: list[tuple[int, int, list[int], list[int]]], sums: dict[int, list[float]], failed: dict[int, str]
    ) -> None:
        """The fallback: every (prompt, choice) pair one row of a left-padded causal batch."""
        import torch

        input_ids, attention = self._left_pad([prompt + choice for _, _, prompt, choice in pairs])
        keep = max(len(choice) for *_, choice in pairs) + 1
        kwargs: dict[str, Any] = {"input_ids": input_ids, "attention_mask": attention, "use_cache": False}
        if "position_ids" in self._forward_params:
            kwargs["position_ids"] = (attention.cumsum(-1) - 1).clamp(min=0)
        if "logits_to_keep" in self._forward_params:
            kwargs["logits_to_keep"] = keep
        logits = self._logits(kwargs, keep, pairs, lambda part: self._score_pairs(part, sums, failed), failed)
        if logits is None:
            return
        # kept column c predicts the token at padded column (L - keep + c + 1); a choice of n tokens
        # occupies the last n columns, predicted by kept columns keep-1-n .. keep-2
        logprobs = torch.log_softmax(logits[:, :-1, :].float(), dim=-1)
        for row, (index, j, _, choice) in enumerate(pairs):
            n = len(choice)
            targets = torch.tensor(choice, device=logprobs.device).unsqueeze(-1)
            picked = logprobs[row, keep - 1 - n :, :].gather(-1, targets)
            sums[index][j] = float(picked.sum().item())

    # -- helpers ------------------------------------------------------------------------------

    def _left_pad(self, sequences: list[list[int]]) -> tuple[Any, Any]:
        import torch

        width = max(map(len, sequences))
        ids = torch.full((len(sequences), width), self.pad_id, dtype=torch.long)
        mask = torch.zeros((len(sequences), width), dtype=torch.long)
        for row, sequence in enumerate(sequences):
            if sequence:
                ids[row, width - len(sequence) :] = torch.tensor(sequence, dtype=torch.long)
                mask[row, width - len(sequence) :] = 1
        device = self.model.get_input_embeddings().weight.device
        return ids.to(device), mask.to(device)

    def _eos_ids(self) -> set[int]:
        ids: set[int] = set()
        if self.tokenizer.eos_token_id is not None:
            ids.add(int(self.tokenizer.eos_token_id))
        configured = getattr(self.model.generation_config, "eos_token_id", None)
        if isinstance(configured, int):
            ids.add(configured)
        elif configured:
            ids.update(int(token) for token in configured)
        return ids

    @staticmethod
    def _resolve_device(torch: Any, device: str) -> str:
        if device == "auto":
            return "cuda" if torch.cuda.is_available() else "cpu"
        if device == "cpu":
            return device
        if device == "cuda" or device.startswith("cuda:"):
            if not torch.cuda.is_available():
                raise BackendError(f"device={device} asked for, but torch sees no CUDA device")
            return device
        if device == "mps":
            if not torch.backends.mps.is_available():
                raise BackendError("device=mps asked for, but torch sees no MPS device")
            return device
        raise BackendError(f"option device={device!r} must be auto, cpu, cuda, cuda:N or mps")

    @staticmethod
    def _resolve_dtype(torch: Any, dtype: str, device: str) -> str:
        """``auto``: float32 on CPU; bfloat16 on GPUs that support it, else float16."""
        if dtype == "auto":
            if device.startswith("cuda"):
                return "bfloat16" if torch.cuda.is_bf16_supported() else "float16"
            return "float32"
        if dtype not in DTYPES:
            raise BackendError(f"option dtype={dtype!r} must be one of auto, {', '.join(DTYPES)}")
        return DTYPES[dtype]


def _decoding_problem(request: Request) -> str:
    decoding = request.decoding
    if decoding.max_new_tokens < 1:
        return f"max_new_tokens must be at least 1, not {decoding.max_new_tokens}"
    if decoding.temperature < 0:
        return f"temperature must be >= 0, not {decoding.temperature}"
    if not 0 < decoding.top_p <= 1:
        return f"top_p must be in (0, 1], not {decoding.top_p}"
    return ""


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "absent"


__all__ = [
    "HFBackend",
    "Prompts",
    "as_bool",
    "as_int",
    "choice_suffix",
    "fingerprint_directory",
    "one_line",
    "reject_unknown",
    "require_models",
]
