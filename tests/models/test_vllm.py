"""The vllm backend through its interface only: vLLM cannot be installed here (it needs CUDA).

A fake ``vllm`` module is injected into ``sys.modules``: its ``LLM`` records the engine arguments
and every ``generate`` call, returns the tiny tokenizer of tiny.py from ``get_tokenizer``, and
answers with objects shaped like vLLM's ``RequestOutput`` (``outputs[0].text/token_ids/
finish_reason``, ``prompt_logprobs`` as a list of ``{token_id: Logprob}`` dicts, ``None`` first);
its ``SamplingParams`` records its keyword arguments. The tests check what the backend sends to
vLLM and how it reads the answers back, not vLLM itself.
"""

from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"

import sys
import types
from dataclasses import dataclass
from typing import Any

import pytest

from pyverify.models import BackendError, Decoding, Request, load_backend
from pyverify.models._hf import Prompts
from tests.models.tiny import build_tokenizer

pytest.importorskip("transformers")


def fake_logprob(position: int, token: int) -> float:
    """The fake engine's log-probability of ``token`` at prompt ``position``."""
    return -0.01 * position - 0.1 * (token % 7) - 0.5


@dataclass
class Logprob:
    logprob: float
    rank: int | None = None
    decoded_token: str | None = None


@dataclass
class CompletionOutput:
    index: int
    text: str
    token_ids: list[int]
    finish_reason: str | None


@dataclass
class RequestOutput:
    request_id: str
    prompt_token_ids: list[int]
    outputs: list[CompletionOutput]
    prompt_logprobs: list[dict[int, Logprob] | None] | None = None
    finished: bool = True


class SamplingParams:
    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs

    def __getattr__(self, name: str) -> Any:
        return self.__dict__["kwargs"].get(name)


class LLM:
    """vLLM's offline engine, faked: records its arguments and calls."""

    instances: list[LLM] = []  # replaced per test by the fixture

    def __init__(self, model: str, **engine: Any) -> None:
        if model == "missing/model":
            raise ValueError("model not found\nsecond line")
        self.model, self.engine = model, engine
        self.calls: list[tuple[list[Any], list[SamplingParams]]] = []
        self.fail = self.abort = False
        self.tokenizer = build_tokenizer()
        type(self).instances.append(self)

    def get_tokenizer(self) -> Any:
        return self.tokenizer

    def generate(self, prompts: list[Any], sampling_params: list[SamplingParams], use_tqdm: bool = True) -> list[Any]:
        assert use_tqdm is False and len(prompts) == len(sampling_params)
        self.calls.append((prompts, sampling_params))
        if self.fail:
            raise RuntimeError("CUDA out of memory")
        answers = []
        for i, (prompt, params) in enumerate(zip(prompts, sampling_params)):
            ids = prompt["prompt_token_ids"]
            logprobs = None
            if params.prompt_logprobs is not None:
                logprobs = [None] + [
                    {ids[k]: Logprob(fake_logprob(k, ids[k]), rank=3), 0: Logprob(-0.05, rank=1)}
                    for k in range(1, len(ids))
                ]
            n = min(params.max_tokens, 3)
            reason = "abort" if self.abort else ("length" if params.max_tokens <= 3 else "stop")
            text = f"len={len(ids)} t={params.temperature} p={params.top_p} seed={params.seed}"
            answers.append(RequestOutput(str(i), ids, [CompletionOutput(0, text, list(range(n)), reason)], logprobs))
        return answers


@pytest.fixture
def fake_vllm(monkeypatch: pytest.MonkeyPatch) -> list[LLM]:
    """Installs the fake module; returns the list of engines created."""
    module = types.ModuleType("vllm")
    module.LLM = LLM  # type: ignore[attr-defined]
    module.SamplingParams = SamplingParams  # type: ignore[attr-defined]
    module.__version__ = "0.0-fake"  # type: ignore[attr-defined]
    instances: list[LLM] = []
    monkeypatch.setattr(LLM, "instances", instances)
    monkeypatch.setitem(sys.modules, "vllm", module)
    return instances


def _ask(question: str, i: int, **decoding: Any) -> Request:
    return Request(f"r{i}", (("user", question),), Decoding(**decoding))


def test_missing_vllm_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "vllm", None)  # import vllm raises ImportError
    with pytest.raises(BackendError, match=r"needs vLLM.*pip install"):
        load_backend("vllm/some/model")


def test_engine_arguments(fake_vllm: list[LLM]) -> None:
    backend = load_backend("vllm/org/model tensor_parallel_size=2 dtype=bfloat16 max_model_len=4096 revision=abc")
    (engine,) = fake_vllm
    assert engine.model == "org/model"
    assert engine.engine == {
        "tensor_parallel_size": 2,
        "dtype": "bfloat16",
        "max_model_len": 4096,
        "revision": "abc",
        "gpu_memory_utilization": 0.9,
        "enforce_eager": False,
    }
    info = backend.describe()
    # options that can change answers (dtype, max_model_len) are folded into the revision the store keys on
    assert info["model_id"] == "org/model" and info["revision"].startswith("abc+opts-") and info["vllm"] == "0.0-fake"
    assert info["tensor_parallel_size"] == 2 and "revision" in info
    assert load_backend("vllm/org/model").revision == "unknown"  # unpinned hub model
    with pytest.raises(BackendError, match="unknown option"):
        load_backend("vllm/org/model batch_size=8")
    with pytest.raises(BackendError, match="tensor_parallel_size"):
        load_backend("vllm/org/model tensor_parallel_size=0")
    with pytest.raises(BackendError, match="cannot load 'missing/model': ValueError: model not found$"):
        load_backend("vllm/missing/model")


def test_generate_sends_templated_token_prompts(fake_vllm: list[LLM]) -> None:
    backend = load_backend("vllm/org/model")
    requests = [
        _ask("Is 2 + 2 = 4?", 0, max_new_tokens=3),
        _ask("hi", 1, max_new_tokens=64, temperature=0.7, top_p=0.9, seed=11),
        _ask("bad", 2, max_new_tokens=0),
    ]
    responses = backend.generate(requests)
    ((prompts, params),) = fake_vllm[0].calls
    prompts_of = Prompts(build_tokenizer(), use_template=True)
    assert prompts == [{"prompt_token_ids": prompts_of.ids(r)} for r in requests[:2]]
    assert params[0].kwargs == {"n": 1, "temperature": 0.0, "top_p": 1.0, "seed": None, "max_tokens": 3}
    assert params[1].kwargs == {"n": 1, "temperature": 0.7, "top_p": 0.9, "seed": 11, "max_tokens": 64}
    assert [r.request_id for r in responses] == ["r0", "r1", "r2"]
    assert responses[0].finish_reason == "length" and responses[0].tokens == 3
    assert responses[1].finish_reason == "stop" and responses[1].text.endswith("seed=11")
    assert responses[2].finish_reason == "error" and "decoding" in responses[2].error


def test_generate_failures_become_error_responses(fake_vllm: list[LLM]) -> None:
    backend = load_backend("vllm/org/model")
    fake_vllm[0].abort = True
    assert backend.generate([_ask("hi", 0)])[0].finish_reason == "error"
    fake_vllm[0].abort, fake_vllm[0].fail = False, True
    (response,) = backend.generate([_ask("hi", 0)])
    assert response.finish_reason == "error" and response.error == "RuntimeError: CUDA out of memory"


def test_score_sums_prompt_logprobs_over_every_choice_token(fake_vllm: list[LLM]) -> None:
    backend = load_backend("vllm/org/model")
    choices = (" TRUE", " FALSE", "")
    requests = [
        Request("a", (("user", "Is 2 + 2 = 4?"),), choices=choices),
        Request("b", (("user", "no choices"),)),
        Request("c", (("system", "Be brief."), ("user", "Is 7 prime?")), choices=(" FALSE",)),
    ]
    responses = backend.score(requests)
    ((prompts, params),) = fake_vllm[0].calls
    assert len(prompts) == 3  # empty choices are not sent
    assert all(p.kwargs == {"n": 1, "temperature": 0.0, "max_tokens": 1, "prompt_logprobs": 1} for p in params)
    prompts_of = Prompts(build_tokenizer(), use_template=True)
    assert [r.request_id for r in responses] == ["a", "b", "c"]
    for request, response in zip(requests, responses):
        if not request.choices:
            assert response.finish_reason == "error" and "no choices" in response.error
            continue
        prompt_ids, continuations = prompts_of.scoring_pairs(request)
        expected = [
            sum(fake_logprob(len(prompt_ids) + k, token) for k, token in enumerate(ids)) for ids in continuations
        ]
        assert all(len(ids) > 1 for ids in continuations if ids)  # multi-token choices
        assert response.logprobs == pytest.approx(expected) and response.tokens == sum(map(len, continuations))
    assert responses[0].logprobs[2] == 0.0


def test_score_failure_is_an_error_response(fake_vllm: list[LLM]) -> None:
    backend = load_backend("vllm/org/model")
    fake_vllm[0].fail = True
    (response,) = backend.score([Request("a", (("user", "q"),), choices=(" TRUE",))])
    assert response.finish_reason == "error" and "out of memory" in response.error


class _JsonParams:
    def __init__(self, json: str) -> None:
        self.json = json


@pytest.mark.parametrize("name, keyword", [("StructuredOutputsParams", "structured_outputs"),
                                           ("GuidedDecodingParams", "guided_decoding")])  # fmt: skip
def test_a_json_schema_goes_to_vllms_structured_outputs(
    fake_vllm: list[LLM], monkeypatch: pytest.MonkeyPatch, name: str, keyword: str
) -> None:
    import json

    params_module = types.ModuleType("vllm.sampling_params")
    setattr(params_module, name, _JsonParams)
    monkeypatch.setitem(sys.modules, "vllm.sampling_params", params_module)
    backend = load_backend("vllm/org/model")
    schema = json.dumps({"enum": ["TRUE", "FALSE"]})
    answers = backend.generate([_ask("a?", 0, json_schema=schema), _ask("b?", 1)])
    assert all(a.finish_reason != "error" for a in answers)
    (_, sent), = fake_vllm[0].calls
    assert json.loads(sent[0].kwargs[keyword].json) == {"enum": ["TRUE", "FALSE"]}
    assert keyword not in sent[1].kwargs  # a free request stays free
    assert backend.describe()["plain_prompts"] is False


def test_a_vllm_without_structured_outputs_fails_that_request(fake_vllm: list[LLM], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "vllm.sampling_params", types.ModuleType("vllm.sampling_params"))
    backend = load_backend("vllm/org/model")
    constrained, free = backend.generate([_ask("a?", 0, json_schema='{"type": "integer"}'), _ask("b?", 1)])
    assert constrained.finish_reason == "error" and "structured-output" in constrained.error
    assert free.finish_reason != "error"
