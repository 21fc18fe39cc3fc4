"""Any OpenAI-compatible server (OpenAI, vLLM's and llama.cpp's servers, …) over plain HTTP.

``openai/<model> base_url=http://127.0.0.1:8000/v1 concurrency=8 timeout=60 retries=4``. Only the
standard library is used (``urllib.request``, ``json``).

* ``generate`` posts to ``/v1/chat/completions`` (messages, max_tokens, temperature, top_p, seed); the
  server's ``finish_reason`` is kept (``length`` when cut off at the token budget). ``Decoding.thinking``
  is forwarded as ``chat_template_kwargs={"enable_thinking": true}`` (vLLM/SGLang's convention) only when
  it is set.
* ``score`` posts ``prompt + choice`` to ``/v1/completions`` with ``echo=true, logprobs=1, max_tokens=0``
  and sums the log-probabilities of the echoed tokens that cover the choice (located by ``text_offset``).
  The completions endpoint has no chat template, so the prompt is the messages' contents joined by blank
  lines. A server without that endpoint or without echoed log-probabilities raises :class:`BackendError`.
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

__all__ = ["OpenAIBackend"]

DEFAULT_BASE_URL = "https://api.openai.com/v1"
_MAX_RETRY_AFTER = 60.0
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
        **unknown: str,
    ) -> None:
        if unknown:
            known = "base_url, api_key, concurrency, timeout, retries, backoff, revision"
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
        }

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

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        return self._map(self._generate_one, list(requests))

    # -- scoring --------------------------------------------------------------------------------------------

    def _score_choice(self, job: tuple[Request, str]) -> tuple[float, int] | str:
        """(sum of the choice's token log-probabilities, its token count), or an error message."""
        request, choice = job
        prompt = prompt_text(request)
        full = prompt + choice
        payload = {"model": self.model_id, "prompt": full, "echo": True, "logprobs": 1, "max_tokens": 0}
        try:
            try:
                data = self._post("/completions", payload)
            except _Failed as exc:
                if exc.args[1] != 400 or "max_tokens" not in exc.args[0]:
                    raise
                # some servers refuse max_tokens=0; the one generated token lies past the echo and is skipped
                data = self._post("/completions", {**payload, "max_tokens": 1})
        except _Failed as exc:
            message, code = exc.args
            if code in (404, 405, 501) or (code in (400, 422) and ("echo" in message or "logprobs" in message)):
                raise _Unsupported(message) from None
            return str(message)
        except _Retryable as exc:
            return str(exc.args[0])
        try:
            logprobs = data["choices"][0]["logprobs"]
            tokens = list(logprobs["tokens"])
            values = list(logprobs["token_logprobs"])
            offsets = logprobs.get("text_offset")
        except (KeyError, IndexError, TypeError) as exc:
            raise _Unsupported(f"no echoed log-probabilities in the answer ({exc!r})") from None
        if offsets is None:
            offsets, position = [], 0
            for token in tokens:
                offsets.append(position)
                position += len(token)
        total, count = 0.0, 0
        try:
            for token, value, start in zip(tokens, values, offsets):
                end = int(start) + len(token)
                if int(start) >= len(full) or end <= len(prompt):
                    continue  # a prompt token, or one generated after the echo
                if value is None:
                    return f"no log-probability for choice token {token!r}"
                total += float(value)
                count += 1
        except (TypeError, ValueError) as exc:
            return f"malformed log-probabilities in the answer: {exc!r}"
        if count == 0:
            return f"no tokens of the choice {choice!r} were echoed"
        return total, count

    def score(self, requests: Sequence[Request]) -> list[Response]:
        requests = list(requests)
        jobs = [(request, choice) for request in requests for choice in request.choices]
        try:
            outcomes = iter(self._map(self._score_choice, jobs))
        except _Unsupported as exc:
            raise BackendError(
                f"the server at {self.base_url} cannot score choices: scoring needs /v1/completions with "
                f"echo=true, logprobs=1, max_tokens=0 ({exc.args[0]})"
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
