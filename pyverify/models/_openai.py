"""Any OpenAI-compatible server (OpenAI, vLLM's and llama.cpp's servers, …) over plain HTTP.

``openai/<model> base_url=http://127.0.0.1:8000/v1 concurrency=8 timeout=60 retries=4 chat_template=none``.
Only the standard library is used (``urllib.request``, ``json``; jinja2 for ``chat_template``).

* ``generate`` posts to ``/v1/chat/completions`` (messages, max_tokens, temperature, top_p, seed): the
  server applies its own chat template. The token budget is always sent explicitly. The server's
  ``finish_reason`` is kept (``length`` when cut off at the token budget). ``Decoding.thinking`` is
  forwarded as ``chat_template_kwargs={"enable_thinking": true}`` (vLLM/SGLang's convention) only when
  it is set.
* Structured output: a request with ``Decoding.json_schema`` sends ``response_format`` — OpenAI's
  ``{"type": "json_schema", "json_schema": {"schema": …, "strict": true}}`` (OpenAI, vLLM), or, when the
  server refuses that form as a bad request, llama.cpp's ``{"type": "json_object", "schema": …}``
  (llama-cpp-python's server turns it into a grammar). The form that worked is in
  ``describe()["structured_output"]``.
* ``score`` posts ``prompt + choice`` to ``/v1/completions`` with ``echo=true, logprobs=1, max_tokens=1``
  and sums the log-probabilities of the echoed tokens that cover the choice (located by ``text_offset``);
  the one generated token lies past the echo and is dropped. ``max_tokens=0`` is never sent: some
  servers (llama.cpp's) read it as "no limit" and generate until their context is full.
  The completions endpoint has no chat template: by default (``chat_template=none``) the prompt is the
  messages' contents joined by blank lines; ``chat_template=SOURCE`` renders a chat template instead
  (:mod:`pyverify.models._template`: a Jinja file, a ``tokenizer_config.json``, a model directory or
  ``packaged/<name>``), so a served chat model is scored on the prompt the ``hf`` backend builds. The
  form is in ``describe()["score_prompt"]``. A server without that endpoint or without echoed
  log-probabilities raises :class:`BackendError`.
* **Echo self-check.** Before its first scoring request a backend checks that the server's echoed
  prompt log-probabilities are its own: for each of two short probe prompts it generates one token
  greedily with its log-probability, then echoes probe + token and reads the log-probability the echo
  gives that same token at the same place. Both are the model's log-softmax at one position, so a sound
  server differs only by the arithmetic of a one-token step against a longer prompt batch: SmolLM2-135M
  in transformers differs by under 2e-7 nat in float32 and not at all in bfloat16 on four probes, and
  even changing the whole arithmetic (bfloat16 against float32 weights) moves these log-probabilities by
  at most 0.065 nat. The tolerance is 0.1 nat (a tenth of the probability): above all of that, and far
  below what a misaligned echo gives (llama-cpp-python 0.3.36: several nats). A server that differs on any probe
  (or on which no probe can be compared) is refused with :class:`BackendError` naming the server, the
  token and both numbers, and pointing at ``--mode generate``; the result is in
  ``describe()["echo_check"]`` and so in the run's provenance.
* At most ``concurrency`` requests are in flight per backend (across threads). Connection errors, timeouts,
  429 and 5xx are retried ``retries`` times with exponential backoff (``backoff`` seconds, doubling; a
  ``Retry-After`` header is honoured up to 60 s). ``timeout`` bounds each socket operation. A request that
  still fails becomes ``Response(finish_reason="error", error=…)``; a batch never raises for it.
* The API key comes from the ``api_key`` option or ``OPENAI_API_KEY``; it is sent only as the
  Authorization header and never appears in ``describe()`` or ``repr``. Loopback servers are reached
  without any proxy configured in the environment.

Thread-safety: ``generate`` and ``score`` may be called from several threads at once.
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import os
import random
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Sequence, TypeVar

from pyverify.models._backend import BackendError, Request, Response
from pyverify.models._template import ChatTemplate, load_chat_template

__all__ = ["OpenAIBackend", "ECHO_TOLERANCE", "PROBES"]

DEFAULT_BASE_URL = "https://api.openai.com/v1"
_MAX_RETRY_AFTER = 60.0
#: the echo self-check's probe prompts and tolerance (nats; see the module docstring)
PROBES = ("The capital of France is", "One, two, three, four,")
ECHO_TOLERANCE = 0.1
#: the ``response_format`` forms of a JSON schema, in the order they are tried (see ``_post_structured``)
RESPONSE_FORMATS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "json_schema": lambda schema: {"type": "json_schema", "json_schema": {"name": "output", "schema": schema, "strict": True}},
    "json_object+schema": lambda schema: {"type": "json_object", "schema": schema},
}
PLAIN_PROMPT = "plain text: the messages' contents joined by blank lines (no chat template)"
_T = TypeVar("_T")


class _Retryable(Exception):
    """A failure worth another try (connection, timeout, 429, 5xx)."""


class _Failed(Exception):
    """A failure that another try will not fix (4xx, malformed answer)."""


class _Unsupported(Exception):
    """The server cannot do what was asked (scoring without echoed log-probabilities)."""


def _int_option(name: str, value: str | int, minimum: int) -> int:
    try:
        parsed = int(str(value))
    except ValueError:
        raise BackendError(f"openai option {name}={value!r} is not a whole number") from None
    if parsed < minimum:
        raise BackendError(f"openai option {name}={value!r} must be at least {minimum}")
    return parsed


def _float_option(name: str, value: str | float, minimum: float) -> float:
    try:
        parsed = float(str(value))
    except ValueError:
        raise BackendError(f"openai option {name}={value!r} is not a number") from None
    if not parsed >= minimum:
        raise BackendError(f"openai option {name}={value!r} must be at least {minimum:g}")
    return parsed


def _is_loopback(url: str) -> bool:
    host = urllib.parse.urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def prompt_text(request: Request) -> str:
    """The plain-text prompt of a request for the completions endpoint (contents joined by blank lines)."""
    return "\n\n".join(content for _, content in request.messages)


class OpenAIBackend:
    """A model behind an OpenAI-compatible HTTP API (see the module docstring)."""

    #: generation goes through the server's chat template (``/v1/chat/completions``)
    plain_prompts = False

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        concurrency: str | int = "8",
        timeout: str | float = "60",
        retries: str | int = "4",
        backoff: str | float = "1",
        revision: str = "unpinned",
        chat_template: str = "none",
        **unknown: str,
    ) -> None:
        if unknown:
            known = "base_url, api_key, concurrency, timeout, retries, backoff, revision, chat_template"
            raise BackendError(f"unknown openai option(s) {', '.join(sorted(unknown))} (known: {known})")
        if not model:
            raise BackendError("openai backend needs a model name: openai/<model>")
        self.model_id = model
        self.revision = revision
        url = (base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        if not url.startswith(("http://", "https://")):
            raise BackendError(f"openai base_url {url!r} must start with http:// or https://")
        self.base_url = url if url.endswith("/v1") else url + "/v1"
        self._api_key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY", "")
        self.concurrency = _int_option("concurrency", concurrency, 1)
        self.timeout = _float_option("timeout", timeout, 0.001)
        self.retries = _int_option("retries", retries, 0)
        self.backoff = _float_option("backoff", backoff, 0.0)
        self._slots = threading.BoundedSemaphore(self.concurrency)
        handlers = [urllib.request.ProxyHandler({})] if _is_loopback(self.base_url) else []
        self._opener = urllib.request.build_opener(*handlers)
        self.template: ChatTemplate | None = None if chat_template in ("", "none") else load_chat_template(chat_template)
        if self.template is not None:  # the template's text shapes every scored prompt: part of the key
            self.revision = f"{self.revision}+template-{self.template.sha256[:12]}"
        self.echo_check: dict[str, Any] | None = None
        self.response_format: str | None = None  # the structured-output form the server took (learnt on use)
        self._check_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"OpenAIBackend({self.model_id!r}, base_url={self.base_url!r})"

    def describe(self) -> dict[str, Any]:
        return {
            "provider": "openai",
            "model": self.model_id,
            "model_id": self.model_id,
            "revision": self.revision,
            "base_url": self.base_url,
            "concurrency": self.concurrency,
            "timeout": self.timeout,
            "retries": self.retries,
            "generate_prompt": "the server's chat template (/v1/chat/completions)",
            "score_prompt": PLAIN_PROMPT if self.template is None else
                            f"chat template {self.template.source} (sha256 {self.template.sha256[:16]}), rendered by pyverify",
            "echo_check": self.echo_check or {"status": "not run (no choice was scored)"},
            "structured_output": f"response_format ({self.response_format})" if self.response_format else
                                 "response_format (not used yet)",
            "plain_prompts": False,
        }  # fmt: skip

    def score_prompt(self, request: Request) -> str:
        """The text whose continuation is scored: the rendered chat template, or the plain prompt."""
        return prompt_text(request) if self.template is None else self.template.render(request)

    # -- HTTP -----------------------------------------------------------------------------------------------

    def _post_once(self, path: str, payload: dict[str, Any]) -> dict[str, Any]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        http_request = urllib.request.Request(
            self.base_url + path, data=json.dumps(payload).encode(), headers=headers, method="POST"
        )
        try:
            with self._slots, self._opener.open(http_request, timeout=self.timeout) as answer:
                body = answer.read()
        except urllib.error.HTTPError as exc:
            detail = _error_detail(exc)
            if exc.code == 429 or exc.code >= 500:
                raise _Retryable(f"HTTP {exc.code} from {path}: {detail}", _retry_after(exc)) from None
            raise _Failed(f"HTTP {exc.code} from {path}: {detail}", exc.code) from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
            reason = getattr(exc, "reason", None) or exc
            if isinstance(reason, TimeoutError) or "timed out" in str(reason):
                raise _Retryable(f"timed out after {self.timeout:g} s on {path}", None) from None
            raise _Retryable(f"connection error on {path}: {reason}", None) from None
        try:
            data = json.loads(body)
        except ValueError:
            raise _Retryable(f"malformed JSON from {path}: {body[:200]!r}", None) from None
        if not isinstance(data, dict):
            raise _Failed(f"unexpected answer from {path}: {body[:200]!r}", None)
        return data

    def _post(self, path: str, payload: dict[str, Any]) -> dict[str, Any]:
        """POST with retries; raises _Failed (or _Retryable after the last try)."""
        for attempt in range(self.retries + 1):
            try:
                return self._post_once(path, payload)
            except _Retryable as exc:
                if attempt == self.retries:
                    raise _Retryable(f"{exc.args[0]} (gave up after {attempt + 1} attempts)", None) from None
                retry_after = exc.args[1]
                delay = self.backoff * 2**attempt
                if retry_after is not None:
                    delay = max(delay, min(retry_after, _MAX_RETRY_AFTER))
                time.sleep(delay * (1 + 0.1 * random.random()))
        raise AssertionError("unreachable")

    def _map(self, work: Callable[[_T], Any], items: Sequence[_T]) -> list[Any]:
        if not items:
            return []
        with ThreadPoolExecutor(max_workers=min(self.concurrency, len(items)), thread_name_prefix="openai") as pool:
            return list(pool.map(work, items))

    # -- generation -----------------------------------------------------------------------------------------

    def _generate_one(self, request: Request) -> Response:
        decoding = request.decoding
        payload: dict[str, Any] = {
            "model": self.model_id,
            "messages": [{"role": role, "content": content} for role, content in request.messages],
            "max_tokens": decoding.max_new_tokens,
            "temperature": decoding.temperature,
            "top_p": decoding.top_p,
            "seed": decoding.seed,
        }
        if decoding.thinking:
            payload["chat_template_kwargs"] = {"enable_thinking": True}
        try:
            if decoding.json_schema:
                data = self._post_structured(payload, json.loads(decoding.json_schema))
            else:
                data = self._post("/chat/completions", payload)
            choice = data["choices"][0]
            text = (choice.get("message") or {}).get("content") or ""
            finish_reason = choice.get("finish_reason") or "stop"
            usage = data.get("usage") or {}
            tokens = int(usage.get("completion_tokens") or 0)
        except (_Retryable, _Failed) as exc:
            return Response(request.request_id, finish_reason="error", error=str(exc.args[0]))
        except Exception as exc:  # a malformed answer fails this request only, never the batch
            return Response(request.request_id, finish_reason="error", error=f"unexpected chat answer: {exc!r}")
        return Response(request.request_id, text=str(text), finish_reason=str(finish_reason), tokens=tokens)

    def _post_structured(self, payload: dict[str, Any], schema: Any) -> dict[str, Any]:
        """A chat completion under a JSON schema, in the first ``response_format`` form the server takes.

        Until a form has worked, each is tried once (no retries): OpenAI's (``json_schema``, strict) first,
        then llama.cpp's (``json_object`` with the ``schema``). A server refuses a form it does not know as a
        bad request naming ``response_format`` — HTTP 400 or 422, or 500 from llama-cpp-python 0.3.36, whose
        error handler reports its own validation error as a server error. The form that worked is kept for
        the backend's later requests (with the usual retries) and recorded in ``describe()``.
        """
        if self.response_format is not None:
            return self._post("/chat/completions", dict(payload, response_format=RESPONSE_FORMATS[self.response_format](schema)))
        refusals = []
        for form, build in RESPONSE_FORMATS.items():
            try:
                data = self._post_once("/chat/completions", dict(payload, response_format=build(schema)))
            except (_Failed, _Retryable) as exc:
                message = str(exc.args[0])
                if "response_format" in message and message.startswith(("HTTP 400", "HTTP 422", "HTTP 500")):
                    refusals.append(f"{form}: {message[:160]}")
                    continue
                raise
            self.response_format = form
            return data
        raise _Failed(f"the server at {self.base_url} refuses structured output in every form ({'; '.join(refusals)})", None)

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        requests = list(requests)
        first = next((i for i, r in enumerate(requests) if r.decoding.json_schema), None)
        if first is None or self.response_format:
            return self._map(self._generate_one, requests)
        # the server's response_format form is learnt on one request before the others go out together
        probe = self._generate_one(requests[first])
        rest = self._map(self._generate_one, requests[:first] + requests[first + 1 :])
        rest.insert(first, probe)
        return rest

    # -- scoring --------------------------------------------------------------------------------------------

    def _completion(self, payload: dict[str, Any]) -> dict[str, Any]:
        """POST /completions; _Unsupported when the server has no such endpoint or no log-probabilities."""
        try:
            return self._post("/completions", payload)
        except _Failed as exc:
            message, code = exc.args
            if code in (404, 405, 501) or (code in (400, 422) and ("echo" in message or "logprobs" in message)):
                raise _Unsupported(message) from None
            raise

    def _score_choice(self, job: tuple[Request, str]) -> tuple[float, int] | str:
        """(sum of the choice's token log-probabilities, its token count), or an error message."""
        request, choice = job
        try:
            prompt = self.score_prompt(request)
        except BackendError as exc:
            return str(exc)
        full = prompt + choice
        # one generated token, dropped below: never max_tokens=0, which some servers read as "no limit"
        payload = {"model": self.model_id, "prompt": full, "echo": True, "logprobs": 1, "max_tokens": 1,
                   "temperature": 0.0}  # fmt: skip
        try:
            data = self._completion(payload)
        except (_Failed, _Retryable) as exc:
            return str(exc.args[0])
        try:
            tokens, values, offsets = _logprobs(data)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise _Unsupported(f"no echoed log-probabilities in the answer ({exc!r})") from None
        total, count = 0.0, 0
        try:
            for token, value, start in zip(tokens, values, offsets):
                end = start + len(token)
                if start >= len(full) or end <= len(prompt):
                    continue  # a prompt token, or the one generated after the echo
                if value is None:
                    return f"no log-probability for choice token {token!r}"
                total += float(value)
                count += 1
        except (TypeError, ValueError) as exc:
            return f"malformed log-probabilities in the answer: {exc!r}"
        if count == 0:
            return f"no tokens of the choice {choice!r} were echoed"
        return total, count

    # -- the echo self-check --------------------------------------------------------------------------------

    def _probe(self, prompt: str) -> dict[str, Any]:
        """Generate one token after ``prompt``, then echo prompt + token; both log-probabilities of it."""
        base = {"model": self.model_id, "logprobs": 1, "max_tokens": 1, "temperature": 0.0, "seed": 0}
        generated = self._completion({**base, "prompt": prompt, "echo": False})
        tokens, values, _ = _answer_logprobs(generated, "generated")
        if not tokens or not tokens[0] or values[0] is None:
            return {"prompt": prompt, "token": None, "comparable": False, "why": "no token generated"}
        token, generated_logprob = str(tokens[0]), float(values[0])
        echoed = self._completion({**base, "prompt": prompt + token, "echo": True})
        record: dict[str, Any] = {"prompt": prompt, "token": token, "generated_logprob": round(generated_logprob, 4)}
        for echoed_token, value, start in zip(*_answer_logprobs(echoed, "echoed")):
            if start == len(prompt) and echoed_token == token and value is not None:
                record["echoed_logprob"] = round(float(value), 4)
                record["comparable"] = True
                return record
        # the server tokenized prompt + token differently at the boundary: nothing to compare here
        return {**record, "comparable": False, "why": "the echo splits the generated token differently"}

    def check_echo(self) -> dict[str, Any]:
        """Run the echo self-check once per backend (see the module docstring); raise if it fails."""
        with self._check_lock:
            if self.echo_check is None:
                self.echo_check = self._run_echo_check()
        if self.echo_check["status"] != "passed":
            raise BackendError(self.echo_check["message"])
        return self.echo_check

    def _run_echo_check(self) -> dict[str, Any]:
        probes = []
        try:
            for prompt in PROBES:
                probes.append(self._probe(prompt))
        except _Unsupported as exc:
            message = (f"the server at {self.base_url} cannot score choices: scoring needs /v1/completions with "
                       f"echo=true and logprobs ({exc.args[0]}); use --mode generate")  # fmt: skip
            return {"status": "unsupported", "message": message, "probes": probes}
        except (_Failed, _Retryable, KeyError, IndexError, TypeError, ValueError) as exc:
            reason = exc.args[0] if isinstance(exc, (_Failed, _Retryable)) else f"malformed answer: {exc!r}"
            message = f"the echo self-check of the server at {self.base_url} could not run ({reason})"
            return {"status": "error", "message": message, "probes": probes}
        record: dict[str, Any] = {"tolerance": ECHO_TOLERANCE, "probes": probes}
        comparable = [p for p in probes if p["comparable"]]
        bad = [p for p in comparable if abs(p["generated_logprob"] - p["echoed_logprob"]) > ECHO_TOLERANCE]
        if bad:
            p = bad[0]
            message = (f"the server at {self.base_url} fails the echo self-check: after {p['prompt']!r} it generates "
                       f"{p['token']!r} at log-probability {p['generated_logprob']:.2f} but echoes it at "
                       f"{p['echoed_logprob']:.2f} (tolerance {ECHO_TOLERANCE}), so its prompt log-probabilities "
                       f"cannot be used to score choices; use --mode generate")  # fmt: skip
            return {**record, "status": "failed", "message": message}
        if not comparable:
            message = (f"the echo self-check of the server at {self.base_url} found nothing to compare (the echo "
                       f"never returned the generated token as one token), so choice scores cannot be trusted; "
                       f"use --mode generate")  # fmt: skip
            return {**record, "status": "inconclusive", "message": message}
        return {**record, "status": "passed", "message": f"echo self-check passed on {len(comparable)} probe(s)"}

    def score(self, requests: Sequence[Request]) -> list[Response]:
        requests = list(requests)
        jobs = [(request, choice) for request in requests for choice in request.choices]
        if jobs:
            self.check_echo()
        try:
            outcomes = iter(self._map(self._score_choice, jobs))
        except _Unsupported as exc:
            raise BackendError(
                f"the server at {self.base_url} cannot score choices: scoring needs /v1/completions with "
                f"echo=true and logprobs ({exc.args[0]}); use --mode generate"
            ) from None
        responses = []
        for request in requests:
            if not request.choices:
                responses.append(Response(request.request_id, finish_reason="error", error="no choices to score"))
                continue
            results = [next(outcomes) for _ in request.choices]
            errors = [result for result in results if isinstance(result, str)]
            if errors:
                responses.append(Response(request.request_id, finish_reason="error", error=errors[0]))
                continue
            sums = tuple(result[0] for result in results if not isinstance(result, str))
            tokens = sum(result[1] for result in results if not isinstance(result, str))
            responses.append(Response(request.request_id, logprobs=sums, tokens=tokens))
        return responses


def _logprobs(data: dict[str, Any]) -> tuple[list[str], list[float | None], list[int]]:
    """The tokens, their log-probabilities and character offsets of a completions answer's first choice."""
    logprobs = data["choices"][0]["logprobs"]
    tokens = [str(token) for token in logprobs["tokens"]]
    values = list(logprobs["token_logprobs"])
    offsets = logprobs.get("text_offset")
    if offsets is None:  # servers that omit offsets: the tokens' texts laid end to end
        offsets, position = [], 0
        for token in tokens:
            offsets.append(position)
            position += len(token)
    return tokens, values, [int(offset) for offset in offsets]


def _answer_logprobs(data: dict[str, Any], what: str) -> tuple[list[str], list[float | None], list[int]]:
    """:func:`_logprobs`, or _Unsupported when the answer carries no log-probabilities."""
    try:
        return _logprobs(data)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise _Unsupported(f"no {what} log-probabilities in the answer ({exc!r})") from None


def _error_detail(exc: urllib.error.HTTPError) -> str:
    try:
        body = exc.read()[:500].decode("utf-8", "replace")
    except Exception:  # best effort only
        body = ""
    try:
        message = json.loads(body)["error"]["message"]
    except Exception:  # not the OpenAI error shape
        message = body.strip() or exc.reason
    return str(message)[:300]


def _retry_after(exc: urllib.error.HTTPError) -> float | None:
    value = exc.headers.get("Retry-After") if exc.headers else None
    try:
        return None if value is None else max(0.0, float(value))
    except ValueError:
        return None
