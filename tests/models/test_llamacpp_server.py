"""The openai/ backend against a real OpenAI-compatible server: llama-cpp-python 0.3.36 serving the packaged
SmolLM2-135M GGUF on a free port of 127.0.0.1 (started once per module; ``tests/models/llamacpp.py``).

Skipped, with the reason, only when the server cannot be built or started here. What is checked is what a
user of a served model relies on: generation, bounded concurrency, retries across a server restarted
mid-run, resume from the response store with the server gone, agreement with the packaged/ backend on
the same GGUF in generate mode, the echo self-check's verdict on this server (and with it, that choice
scoring never silently uses misaligned log-probabilities or generates without a limit), and
``pyverify eval`` then ``pyverify report`` end to end.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from pyverify.models import BackendError, Decoding, Request, load_backend
from pyverify.models._openai import ECHO_TOLERANCE, OpenAIBackend
from pyverify.models._runner import run_requests
from pyverify.models._store import ResponseStore
from tests.models import llamacpp

REASON = llamacpp.unavailable()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")

QUESTIONS = ["What is 2 + 2?", "Name a prime number.", "Is 9 a square?", "Say TRUE or FALSE: 1 < 2.",
             "What comes after Monday?", "Is zero even?"]  # fmt: skip


@pytest.fixture(scope="module")
def server() -> Iterator[llamacpp.LlamaServer]:
    try:
        gguf = llamacpp.packaged_gguf()
    except Exception as exc:  # the packaged model is not installed
        pytest.skip(f"the packaged SmolLM2 GGUF is not installed: {exc}")
    running = llamacpp.LlamaServer(gguf)
    try:
        running.start()
    except RuntimeError as exc:
        pytest.skip(f"the llama.cpp server did not start: {exc}")
    yield running
    running.stop()


def _requests(tokens: int = 8) -> list[Request]:
    return [Request(f"q{i}", (("user", q),), Decoding(max_new_tokens=tokens)) for i, q in enumerate(QUESTIONS)]


def _forget(server: llamacpp.LlamaServer) -> None:
    """Ask one question outside QUESTIONS, so that the next run's first prompt does not repeat the last one.

    llama-cpp-python keeps the last prompt's KV cache: a prompt asked twice in a row is decoded by replaying
    its last token alone, and greedy near-ties then break the other way ('The answer is 4.' against 'The
    answer to this classic math', measured here; after any other prompt the answer is the fresh server's).
    The default concurrency leaves any question last, so every compared run starts after this one.
    """
    _backend(server, concurrency="1", timeout="120").generate(
        [Request("forget", (("user", "Spell the word cat."),), Decoding(max_new_tokens=2))]
    )


def _backend(server: llamacpp.LlamaServer, **options: str) -> OpenAIBackend:
    extra = " ".join(f"{k}={v}" for k, v in options.items())
    backend = load_backend(f"openai/smollm2 base_url={server.url} {extra}")
    assert isinstance(backend, OpenAIBackend)
    return backend


def test_generation_answers_within_the_token_budget(server: llamacpp.LlamaServer) -> None:
    answers = _backend(server, timeout="120").generate(_requests(8))
    assert [a.request_id for a in answers] == [f"q{i}" for i in range(len(QUESTIONS))]
    assert all(a.finish_reason in ("stop", "length") and not a.error for a in answers), answers
    assert all(a.text.strip() for a in answers)
    assert all(0 < a.tokens <= 8 for a in answers)  # the budget was sent and kept
    assert any(a.finish_reason == "length" for a in answers)


def test_concurrent_requests_give_the_answers_of_one_at_a_time(server: llamacpp.LlamaServer) -> None:
    _forget(server)
    serial = _backend(server, concurrency="1", timeout="120").generate(_requests(6))
    _forget(server)  # else the concurrent run may start with q5 again, right after the serial run's q5
    concurrent = _backend(server, concurrency="4", timeout="120").generate(_requests(6))
    assert [a.text for a in concurrent] == [a.text for a in serial]  # greedy: the same text either way


def test_a_server_restarted_mid_run_costs_nothing(server: llamacpp.LlamaServer, tmp_path: Path) -> None:
    # a fresh server (after the restart) answers as one whose last prompt was another question (see _forget)
    _forget(server)
    reference = _backend(server, concurrency="1", timeout="120").generate(_requests(6))
    _forget(server)
    backend = _backend(server, concurrency="1", retries="8", backoff="0.5", timeout="120")
    restarted = threading.Event()

    def answered(request: Request, response: object, reused: bool) -> None:
        if request.request_id == "q1" and not restarted.is_set():
            restarted.set()
            server.stop()  # SIGKILL: the next requests meet a closed port until the server is back
            threading.Thread(target=lambda: (time.sleep(1.0), server.start()), daemon=True).start()

    with ResponseStore(tmp_path / "store.sqlite") as store:
        answers = run_requests(backend, _requests(6), store, mode="generate", batch_size=1, on_result=answered)
    assert restarted.is_set()
    assert all(a.finish_reason != "error" for a in answers), [a.error for a in answers]
    assert [a.text for a in answers] == [a.text for a in reference]


def _eval(model: str, out: Path, *extra: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pyverify.cli", "eval", "--model", model, "--protocol", "invariance",
               "--out", str(out), *extra]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, env={**os.environ, "COLUMNS": "200"})


def _predictions(run: Path) -> dict[str, str | None]:
    rows = [json.loads(line) for line in (run / "responses.jsonl").read_text().splitlines()]
    return {row["item_id"]: row["prediction"] for row in rows}


@pytest.fixture(scope="module")
def served_run(server: llamacpp.LlamaServer, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("served") / "run"
    done = _eval(f"openai/smollm2 base_url={server.url}", out, "--mode", "generate", "--max-new-tokens", "8",
                 "--limit", "12")  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return out


def test_a_resumed_run_reuses_the_store_with_the_server_gone(served_run: Path, tmp_path: Path) -> None:
    provenance = json.loads((served_run / "provenance.json").read_text())
    assert provenance["model"]["provider"] == "openai" and "chat template" in provenance["model"]["generate_prompt"]
    before = _predictions(served_run)
    assert len(before) == 12 and sum(p is not None for p in before.values()) >= 1
    # the run moved to a base_url where nothing listens: every answer must come from the store (base_url is
    # answer-neutral, so the stored answers' keys do not depend on where the server is)
    moved = tmp_path / "moved"
    shutil.copytree(served_run, moved)
    config = json.loads((moved / "config.json").read_text())
    config["model"] = f"openai/smollm2 base_url=http://127.0.0.1:{llamacpp.free_port()}/v1 retries=0"
    (moved / "config.json").write_text(json.dumps(config))
    again = _eval(config["model"], moved, "--mode", "generate", "--max-new-tokens", "8", "--limit", "12", "--resume")
    assert again.returncode == 0, again.stdout[-2000:] + again.stderr[-2000:]
    assert _predictions(moved) == before


def test_generation_agrees_with_the_packaged_backend_on_the_same_gguf(served_run: Path, tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    local = tmp_path / "local"
    done = _eval("packaged/smollm2-135m", local, "--mode", "generate", "--max-new-tokens", "8", "--limit", "12")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    served, packaged = _predictions(served_run), _predictions(local)
    assert served.keys() == packaged.keys()
    agree = sum(served[k] == packaged[k] for k in served)
    # llama.cpp runs the Q4_1 weights, packaged/ their bfloat16 dequantization: near-ties may differ
    assert agree >= 0.75 * len(served), (agree, served, packaged)


def test_the_echo_self_check_decides_choice_scoring(server: llamacpp.LlamaServer) -> None:
    backend = _backend(server, timeout="120")
    request = Request("q", (("user", "Is 7 prime? Answer TRUE or FALSE."),), choices=("TRUE", "FALSE"))
    started = time.monotonic()
    try:
        (scored,) = backend.score([request])
    except BackendError as exc:
        # llama-cpp-python 0.3.36: its echoed prompt log-probabilities are misaligned, so it is refused
        check = backend.describe()["echo_check"]
        assert check["status"] == "failed", check
        probe = next(p for p in check["probes"] if p["comparable"])
        assert abs(probe["generated_logprob"] - probe["echoed_logprob"]) > ECHO_TOLERANCE
        message = str(exc)
        assert server.url in message and "--mode generate" in message and f"{probe['generated_logprob']:.2f}" in message
    else:  # a server that passes: its scores are the model's (against the packaged model on the same GGUF)
        assert backend.describe()["echo_check"]["status"] == "passed"
        assert scored.finish_reason == "stop" and len(scored.logprobs) == 2
    assert time.monotonic() - started < 60  # no request generated without a limit


def test_eval_then_report_end_to_end(server: llamacpp.LlamaServer, served_run: Path, tmp_path: Path) -> None:
    choice = tmp_path / "choice"
    refused = _eval(f"openai/smollm2 base_url={server.url}", choice, "--mode", "choice", "--limit", "3", timeout=120)
    check = json.loads((choice / "provenance.json").read_text())["model"]["echo_check"]
    if check["status"] == "failed":
        assert refused.returncode == 2 and "Traceback" not in refused.stderr + refused.stdout
        lines = [line for line in refused.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and "echo self-check" in lines[0] and "--mode generate" in lines[0], refused.stderr
    else:
        assert refused.returncode == 0
    report = tmp_path / "report"
    done = subprocess.run([sys.executable, "-m", "pyverify.cli", "report", str(served_run), "--out", str(report)],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    html = (report / "report.html").read_text()
    assert "openai/smollm2" in html or "smollm2" in html
    assert (report / "report.md").is_file() and json.loads((report / "metrics.json").read_text())


def test_structured_output_follows_the_schema_on_the_real_server(server: llamacpp.LlamaServer, tmp_path: Path) -> None:
    """response_format reaches llama.cpp's grammar: every answer to a claim-audit task is an audit of the
    task's schema (llama-cpp-python refuses OpenAI's json_schema form; the backend falls back and says so)."""
    from pyverify.claims._extract import extract
    from pyverify.claims._generate import build
    from pyverify.protocols._schemas import audit_schema

    tasks, _ = build(0)
    chosen = [tasks[0], tasks[30], tasks[60]]
    backend = _backend(server, timeout="300", concurrency="1")
    requests = [Request(t.task_id, (("user", t.prompt),), Decoding(max_new_tokens=160,
                        json_schema=audit_schema(t.task_id, t.response_schema))) for t in chosen]  # fmt: skip
    answers = backend.generate(requests)
    for task, answer in zip(chosen, answers):
        assert answer.finish_reason == "stop", answer
        parsed = extract(answer.text)
        assert parsed.status == "parsed", answer.text
        assert parsed.audit is not None and parsed.audit["task_id"] == task.task_id
        assert parsed.audit["verdict"] in ("valid", "invalid")
        assert parsed.audit["failure_mode"] in task.labels["failure_modes"]
    assert backend.describe()["structured_output"] == "response_format (json_object+schema)"
    free = backend.generate([Request("free", (("user", chosen[0].prompt),), Decoding(max_new_tokens=16))])[0]
    assert free.finish_reason in ("stop", "length") and free.text
