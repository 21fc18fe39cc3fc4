"""OpenAIBackend against a fake OpenAI-compatible server on 127.0.0.1 (stdlib http.server, ephemeral port)."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import pytest

from pyverify.models import BackendError, Decoding, Request, load_backend
from pyverify.models._openai import ECHO_TOLERANCE, PROBES, OpenAIBackend
from pyverify.models._runner import run_requests
from pyverify.models._store import ResponseStore


def _tokens(text: str) -> list[tuple[str, int]]:
    """The fake server's tokenizer: optional leading whitespace plus a run of non-space characters."""
    return [(m.group(), m.start()) for m in re.finditer(r"\s*\S+", text)]


def _token_logprob(token: str) -> float:
    return -len(token) / 8


class FakeOpenAI:
    """Behaviour is driven by the last message (or prompt): 'fail500 …', '429x2 …', 'hang …', 'slow …',
    'length …', 'bad400 …'. Records every request, attempts per content and the peak of concurrent requests."""

    def __init__(self) -> None:
        self.requests: list[tuple[float, str, dict[str, Any], dict[str, str]]] = []
        self.attempts: Counter[str] = Counter()
        self.in_flight = self.peak = 0
        self.lock = threading.Lock()
        self.release = threading.Event()
        self.completions = True  # /v1/completions available
        self.misaligned = False  # echoed log-probabilities shifted by one token (llama-cpp-python 0.3.36's fault)
        self.split_echo = False  # the echo tokenizes a generated token as two (nothing to compare)
        self.no_logprobs = False  # completions answer without log-probabilities
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with fake.lock:
                    fake.in_flight += 1
                    fake.peak = max(fake.peak, fake.in_flight)
                try:
                    status, reply, headers = fake.reply(self.path, body, dict(self.headers))
                finally:
                    # the request stops counting before its response is sent: once the client has read it,
                    # its next request may arrive before this thread would otherwise get here
                    with fake.lock:
                        fake.in_flight -= 1
                try:
                    data = json.dumps(reply).encode()
                    self.send_response(status)
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()

    def reply(self, path: str, body: dict[str, Any], headers: dict[str, str]) -> tuple[int, Any, dict[str, str]]:
        content = body["messages"][-1]["content"] if "messages" in body else body.get("prompt", "")
        with self.lock:
            self.requests.append((time.monotonic(), path, body, headers))
            self.attempts[content] += 1
            attempt = self.attempts[content]

        def error(status: int, message: str) -> tuple[int, Any, dict[str, str]]:
            return status, {"error": {"message": message, "type": "invalid_request_error"}}, {}

        if content.startswith("hang"):
            self.release.wait(10)
        if content.startswith("slow"):
            time.sleep(0.15)
        if content.startswith("fail500") and attempt == 1:
            return error(500, "internal hiccup")
        if content.startswith("429x2") and attempt <= 2:
            return 429, {"error": {"message": "rate limited"}}, {}
        if content.startswith("429wait") and attempt == 1:
            return 429, {"error": {"message": "rate limited"}}, {"Retry-After": "0.3"}
        if content.startswith("429always"):
            return error(429, "rate limited forever")
        if content.startswith("bad400"):
            return error(400, "prompt is too long for this model")
        if path == "/v1/chat/completions":
            finish = "length" if content.startswith("length") else "stop"
            return (
                200,
                {
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": f"echo: {content}"},
                            "finish_reason": finish,
                        }
                    ],
                    "usage": {"prompt_tokens": 9, "completion_tokens": body["max_tokens"] if finish == "length" else 4},
                },
                {},
            )
        if path == "/v1/completions" and self.completions:
            if body["max_tokens"] == 0:  # what llama.cpp's server does with it: generate without limit
                return error(400, "max_tokens=0 would generate until the context is full")
            generated = " extra" * body["max_tokens"]  # the generated tokens after the prompt
            if body.get("echo"):
                tokens = _tokens(content + generated)
                values = [None] + [_token_logprob(t) for t, _ in tokens[1:]]
                if self.misaligned:
                    values = [None, None] + values[1:-1]
            else:
                tokens = [(t, len(content) + o) for t, o in _tokens(generated)]
                values = [_token_logprob(t) for t, _ in tokens]
            if self.split_echo and body.get("echo"):  # each token in two halves
                tokens = [(t[i:j], o + i) for t, o in tokens for i, j in ((0, len(t) // 2), (len(t) // 2, len(t)))]
                values = [None] + [-0.1] * (len(tokens) - 1)
            logprobs = {"tokens": [t for t, _ in tokens], "token_logprobs": values, "text_offset": [o for _, o in tokens]}
            if self.no_logprobs:
                return 200, {"choices": [{"text": generated, "finish_reason": "length"}]}, {}
            text = content + generated if body.get("echo") else generated
            return 200, {"choices": [{"text": text, "logprobs": logprobs, "finish_reason": "length"}]}, {}
        return error(404, f"no route {path}")


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI()
    yield fake
    fake.stop()


def _chat(request_id: str, content: str, **decoding: Any) -> Request:
    return Request(request_id, (("system", "be brief"), ("user", content)), Decoding(**decoding))


def test_generate_sends_the_decoding_and_returns_the_answers(server: FakeOpenAI) -> None:
    backend = OpenAIBackend("tiny-model", base_url=server.url, api_key="sk-secret-123", backoff="0.01")
    out = backend.generate(
        [_chat("a", "hello", max_new_tokens=7, temperature=0.5, top_p=0.9, seed=3), _chat("b", "bye")]
    )
    assert [(r.request_id, r.text, r.finish_reason, r.tokens) for r in out] == [
        ("a", "echo: hello", "stop", 4),
        ("b", "echo: bye", "stop", 4),
    ]
    sent = {body["messages"][-1]["content"]: (path, body, headers) for _, path, body, headers in server.requests}
    path, body, headers = sent["hello"]
    assert path == "/v1/chat/completions"
    assert body == {
        "model": "tiny-model",
        "messages": [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hello"}],
        "max_tokens": 7,
        "temperature": 0.5,
        "top_p": 0.9,
        "seed": 3,
    }
    assert headers["Authorization"] == "Bearer sk-secret-123"
    description = backend.describe()
    assert description["provider"] == "openai" and description["base_url"] == server.url
    assert "sk-secret-123" not in json.dumps(description) + repr(backend)


def test_finish_reason_length_is_kept(server: FakeOpenAI) -> None:
    (out,) = OpenAIBackend("m", base_url=server.url).generate([_chat("x", "length please", max_new_tokens=5)])
    assert out.finish_reason == "length" and out.tokens == 5 and out.text == "echo: length please"


def test_a_500_is_retried_and_then_succeeds(server: FakeOpenAI) -> None:
    (out,) = OpenAIBackend("m", base_url=server.url, backoff="0.01").generate([_chat("x", "fail500 once")])
    assert out.finish_reason == "stop" and out.text == "echo: fail500 once"
    assert server.attempts["fail500 once"] == 2


def test_429_backs_off_exponentially_and_honours_retry_after(server: FakeOpenAI) -> None:
    backend = OpenAIBackend("m", base_url=server.url, backoff="0.1", retries="4")
    out = backend.generate([_chat("x", "429x2"), _chat("y", "429wait")])
    assert [r.finish_reason for r in out] == ["stop", "stop"]
    times = {
        content: [t for t, _, body, _ in server.requests if body["messages"][-1]["content"] == content]
        for content in ("429x2", "429wait")
    }
    first, second, third = times["429x2"]
    assert second - first >= 0.1 and third - second >= 0.2  # 0.1 s, then doubled
    assert times["429wait"][1] - times["429wait"][0] >= 0.3  # Retry-After beats the 0.1 s backoff


def test_retries_exhausted_give_an_error_response_not_an_exception(server: FakeOpenAI) -> None:
    backend = OpenAIBackend("m", base_url=server.url, backoff="0.01", retries="2")
    out = backend.generate([_chat("x", "429always"), _chat("y", "fine")])
    assert out[0].finish_reason == "error" and "429" in out[0].error and "rate limited forever" in out[0].error
    assert server.attempts["429always"] == 3 and "gave up after 3 attempts" in out[0].error
    assert out[1].finish_reason == "stop"


def test_a_client_error_is_not_retried(server: FakeOpenAI) -> None:
    (out,) = OpenAIBackend("m", base_url=server.url, backoff="0.01").generate([_chat("x", "bad400")])
    assert out.finish_reason == "error" and "400" in out.error and "prompt is too long" in out.error
    assert server.attempts["bad400"] == 1


def test_a_hanging_request_times_out_into_an_error_response(server: FakeOpenAI) -> None:
    backend = OpenAIBackend("m", base_url=server.url, timeout="0.3", retries="1", backoff="0.01")
    start = time.monotonic()
    out = backend.generate([_chat("x", "hang forever"), _chat("y", "quick")])
    elapsed = time.monotonic() - start
    assert out[0].finish_reason == "error" and "timed out" in out[0].error
    assert out[1].finish_reason == "stop" and out[1].text == "echo: quick"
    assert server.attempts["hang forever"] == 2 and 0.6 <= elapsed < 3


def test_concurrency_is_bounded(server: FakeOpenAI) -> None:
    backend = OpenAIBackend("m", base_url=server.url, concurrency="3")
    start = time.monotonic()
    out = backend.generate([_chat(f"r{i}", f"slow {i}") for i in range(12)])
    elapsed = time.monotonic() - start
    assert [r.text for r in out] == [f"echo: slow {i}" for i in range(12)]  # in order
    assert 2 <= server.peak <= 3  # parallel, never above the bound
    assert elapsed >= 4 * 0.15 * 0.9  # 12 requests, 3 at a time


def test_concurrency_is_bounded_across_threads(server: FakeOpenAI) -> None:
    backend = OpenAIBackend("m", base_url=server.url, concurrency="2")
    threads = [
        threading.Thread(target=backend.generate, args=([_chat(f"{t}-{i}", f"slow {t} {i}") for i in range(3)],))
        for t in range(3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert server.peak == 2 and len(server.requests) == 9


def test_an_unreachable_server_gives_error_responses(tmp_path: Path) -> None:
    with socket.socket() as sock:  # a loopback port with nothing listening
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    backend = OpenAIBackend("m", base_url=f"http://127.0.0.1:{port}", retries="2", backoff="0.01")
    assert backend.base_url == f"http://127.0.0.1:{port}/v1"
    out = backend.generate([_chat("x", "anyone?")])
    assert out[0].finish_reason == "error" and "connection error" in out[0].error


def test_score_sums_the_choice_tokens(server: FakeOpenAI) -> None:
    backend = OpenAIBackend("m", base_url=server.url)
    request = Request("q", (("user", "The capital of France is"),), choices=(" Paris", " Rome city"))
    (out,) = backend.score([request])
    assert out.finish_reason == "stop"
    assert out.logprobs == pytest.approx((_token_logprob(" Paris"), _token_logprob(" Rome") + _token_logprob(" city")))
    assert out.tokens == 3
    bodies = [body for _, path, body, _ in server.requests if path == "/v1/completions"]
    scoring = [b for b in bodies if b["prompt"] not in {*PROBES, *(p + " extra" for p in PROBES)}]
    assert {b["prompt"] for b in scoring} == {"The capital of France is Paris", "The capital of France is Rome city"}
    # one token is generated and dropped (the " extra" past the echo is not counted): never max_tokens=0
    assert all(b["echo"] is True and b["logprobs"] == 1 and b["max_tokens"] == 1 for b in scoring)
    assert all(b["max_tokens"] >= 1 for _, _, b, _ in server.requests)


def test_the_echo_self_check_runs_once_and_is_in_the_provenance(server: FakeOpenAI) -> None:
    backend = OpenAIBackend("m", base_url=server.url, concurrency="4")
    assert backend.describe()["echo_check"]["status"].startswith("not run")
    requests = [Request(f"q{i}", (("user", f"question {i}"),), choices=(" A", " B")) for i in range(6)]
    assert all(r.finish_reason == "stop" for r in backend.score(requests))
    backend.score(requests[:1])
    probes = [b for _, _, b, _ in server.requests if b["prompt"] in PROBES and not b["echo"]]
    assert len(probes) == len(PROBES)  # once per backend, not per request or batch
    check = backend.describe()["echo_check"]
    assert check["status"] == "passed" and check["tolerance"] == ECHO_TOLERANCE
    assert all(p["comparable"] and p["generated_logprob"] == p["echoed_logprob"] for p in check["probes"])
    assert backend.describe()["score_prompt"].startswith("plain text")


def test_a_server_with_misaligned_echoes_is_refused_for_scoring(server: FakeOpenAI) -> None:
    server.misaligned = True
    backend = OpenAIBackend("m", base_url=server.url)
    request = Request("q", (("user", "The capital of France is"),), choices=(" Paris", " Rome"))
    with pytest.raises(BackendError) as caught:
        backend.score([request])
    message = str(caught.value)
    assert server.url in message and "fails the echo self-check" in message and "--mode generate" in message
    assert "-0.75" in message and "\n" not in message  # the generated token's own log-probability is named
    assert backend.describe()["echo_check"]["status"] == "failed"
    with pytest.raises(BackendError, match="echo self-check"):  # refused again without asking again
        backend.score([request])
    scoring = [b for _, _, b, _ in server.requests if b["prompt"].startswith("The capital of France is ")]
    assert len(scoring) == 1  # only the probe's echo: no choice was scored
    assert backend.generate([_chat("g", "still fine")])[0].text == "echo: still fine"  # generation is unaffected


def test_score_on_a_server_without_completions_is_a_clear_error(server: FakeOpenAI) -> None:
    server.completions = False
    backend = OpenAIBackend("m", base_url=server.url)
    with pytest.raises(BackendError, match=r"cannot score choices: scoring needs /v1/completions with echo=true"):
        backend.score([Request("q", (("user", "pick"),), choices=(" A", " B"))])


def test_through_the_registry_and_the_runner(
    server: FakeOpenAI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    backend = load_backend(f"openai/tiny base_url={server.url} concurrency=2 retries=1 revision=2024-06")
    assert isinstance(backend, OpenAIBackend) and backend.revision == "2024-06" and backend.concurrency == 2
    requests = [_chat(f"r{i}", f"question {i}") for i in range(5)] + [_chat("bad", "bad400")]
    with ResponseStore(tmp_path / "store.sqlite") as store:
        first = run_requests(backend, requests, store, mode="generate", batch_size=4)
        assert len(store) == 5 and first[-1].finish_reason == "error"
        calls = len(server.requests)
        again = run_requests(backend, requests, store, mode="generate")
        assert again[:5] == first[:5] and len(server.requests) == calls + 1  # only the failed one is retried
    assert server.requests[0][3]["Authorization"] == "Bearer sk-from-env"
    with pytest.raises(BackendError, match="unknown openai option"):
        load_backend(f"openai/tiny base_url={server.url} concurency=2")
    with pytest.raises(BackendError, match="concurrency"):
        load_backend(f"openai/tiny base_url={server.url} concurrency=0")


def test_a_chat_template_option_shapes_the_scored_prompt(server: FakeOpenAI, tmp_path: Path) -> None:
    (tmp_path / "chat.jinja").write_text(
        "{% for m in messages %}<{{ m.role }}>{{ m.content }}\n{% endfor %}{% if add_generation_prompt %}<assistant>{% endif %}"
    )
    plain = load_backend(f"openai/m base_url={server.url}")
    templated = load_backend(f"openai/m base_url={server.url} chat_template={tmp_path / 'chat.jinja'}")
    assert templated.revision != plain.revision  # stored answers of the two prompt forms never mix
    request = Request("q", (("system", "Be brief."), ("user", "Is 2 even?")), choices=(" yes",))
    (out,) = templated.score([request])
    assert out.finish_reason == "stop"
    prompts = {b["prompt"] for _, _, b, _ in server.requests if b.get("echo")}
    assert "<system>Be brief.\n<user>Is 2 even?\n<assistant> yes" in prompts
    described = templated.describe()
    assert "chat.jinja" in described["score_prompt"] and described["generate_prompt"].startswith("the server's")
    with pytest.raises(BackendError, match="no such file"):
        load_backend(f"openai/m base_url={server.url} chat_template={tmp_path / 'absent.jinja'}")


def test_a_self_check_with_nothing_to_compare_or_no_logprobs_refuses_scoring(server: FakeOpenAI) -> None:
    request = Request("q", (("user", "Pick one."),), choices=(" A", " B"))
    server.split_echo = True
    backend = OpenAIBackend("m", base_url=server.url)
    with pytest.raises(BackendError, match="found nothing to compare.*--mode generate"):
        backend.score([request])
    assert backend.describe()["echo_check"]["status"] == "inconclusive"
    server.split_echo, server.no_logprobs = False, True
    backend = OpenAIBackend("m", base_url=server.url)
    with pytest.raises(BackendError, match="cannot score choices.*--mode generate") as caught:
        backend.score([request])
    assert "\n" not in str(caught.value) and backend.describe()["echo_check"]["status"] == "unsupported"


def test_a_self_check_that_cannot_reach_the_server_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    backend = OpenAIBackend("m", base_url=f"http://127.0.0.1:{port}/v1", retries="0")
    with pytest.raises(BackendError, match="could not run.*connection error"):
        backend.score([Request("q", (("user", "x"),), choices=(" A",))])
    assert backend.describe()["echo_check"]["status"] == "error"
