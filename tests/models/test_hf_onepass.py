"""The hf backend's one-pass scoring: each request's prompt run once, every choice scored from it.

The one-pass path (one row per request, a 4-D mask keeping the choices apart, positions restarting
per choice) must give the per-pair path's log-probabilities (one row per (prompt, choice), the
fallback, ``one_pass = False``) and those of an unpadded single-sequence forward, within 1e-4: on
the tiny random Llama of tiny.py (SDPA and eager attention), on a tiny random Gemma 3 (sliding and
full attention layers, with a window the long prompts exceed, so those batches fall back), and on
the packaged SmolLM2 when it is installed.
"""

from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyverify.models import BackendError, Request
from pyverify.models._hf import HFBackend
from tests.models.tiny import build_tiny_model, build_tokenizer

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

QUESTIONS = [
    "hi",
    "Is 2 + 2 = 4? Answer TRUE or FALSE.",
    "every prime greater than two is odd",
    "the sum of two even numbers is even; is that TRUE or FALSE? Answer with one word please.",
    "claim proof",
    "the sum of two even numbers is even, even, even. every prime greater than two is odd. TRUE or FALSE?",
]
CHOICE_SETS = [
    ("TRUE",),  # one choice
    ("TRUE", "FALSE"),
    (" TRUE", " FALSE", "TRUE!", "x"),  # four choices of different lengths
    ("", " odd", "FALSE. TRUE. FALSE."),  # an empty choice scores 0
]


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> HFBackend:
    return HFBackend(str(build_tiny_model(tmp_path_factory.mktemp("onepass") / "llama")), batch_size="4")


@pytest.fixture(scope="module")
def gemma(tmp_path_factory: pytest.TempPathFactory) -> HFBackend:
    """A tiny random Gemma 3 (Gemma3ForCausalLM): sliding layers with a 32-token window, then a full one."""
    from transformers import Gemma3ForCausalLM, Gemma3TextConfig

    directory = tmp_path_factory.mktemp("onepass") / "gemma"
    tokenizer = build_tokenizer()
    config = Gemma3TextConfig(
        vocab_size=len(tokenizer),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=3,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=8,
        sliding_window=32,
        layer_types=["sliding_attention", "sliding_attention", "full_attention"],
        max_position_embeddings=512,
        bos_token_id=tokenizer.convert_tokens_to_ids("<|endoftext|>"),
        eos_token_id=tokenizer.convert_tokens_to_ids("<|im_end|>"),
        pad_token_id=tokenizer.convert_tokens_to_ids("<|endoftext|>"),
        initializer_range=0.5,
    )
    torch.manual_seed(1)
    Gemma3ForCausalLM(config).eval().save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    return HFBackend(str(directory), batch_size="4")


def _requests() -> list[Request]:
    return [
        Request(f"r{i}-{k}", (("user", q),), choices=choices)
        for i, q in enumerate(QUESTIONS)
        for k, choices in enumerate(CHOICE_SETS)
    ]


def _unpadded(backend: HFBackend, request: Request) -> list[float]:
    """Each choice's log-probability from its own unpadded sequence (the model's own masks and positions)."""
    prompt_ids, continuations = backend.prompts.scoring_pairs(request)
    scores = []
    for ids in continuations:
        sequence = torch.tensor([prompt_ids + ids])
        with torch.inference_mode():
            logprobs = torch.log_softmax(backend.model(input_ids=sequence).logits[0].float(), dim=-1)
        scores.append(sum(float(logprobs[len(prompt_ids) + k - 1, token]) for k, token in enumerate(ids)))
    return scores


def _both_paths(backend: HFBackend, requests: list[Request]) -> tuple[list[Any], list[Any]]:
    backend.one_pass = False
    try:
        per_pair = backend.score(requests)
    finally:
        backend.one_pass = True
    return backend.score(requests), per_pair


@pytest.fixture
def rows_scored(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The number of requests each one-pass forward scored (empty: only the per-pair path ran)."""
    seen: list[int] = []
    original = HFBackend._score_rows

    def spy(self: HFBackend, jobs: list[Any], *args: Any) -> None:
        seen.append(len(jobs))
        original(self, jobs, *args)

    monkeypatch.setattr(HFBackend, "_score_rows", spy)
    yield seen


@pytest.mark.parametrize("attention", ["sdpa", "eager"])
def test_one_pass_equals_per_pair_and_unpadded(llama: HFBackend, attention: str, rows_scored: list[int]) -> None:
    llama.model.set_attn_implementation(attention)
    try:
        requests = _requests()
        assert len({len(llama.prompts.ids(r)) for r in requests}) > 3  # left padding across each batch
        one_pass, per_pair = _both_paths(llama, requests)
    finally:
        llama.model.set_attn_implementation("sdpa")
    assert sum(rows_scored) == len(requests)  # every request went through the one-pass path
    assert max(rows_scored) == 4  # batch_size rows, each a whole request
    for request, mine, reference in zip(requests, one_pass, per_pair):
        assert mine.finish_reason == "stop" and len(mine.logprobs) == len(request.choices)
        assert mine.logprobs == pytest.approx(reference.logprobs, abs=1e-4)
        assert mine.logprobs == pytest.approx(_unpadded(llama, request), abs=1e-4)
        assert mine.tokens == reference.tokens
    empty = [r for r in one_pass if r.request_id.endswith("-3")]
    assert all(r.logprobs[0] == 0.0 for r in empty)


def test_batch_size_does_not_change_scores(llama: HFBackend) -> None:
    requests = _requests()
    reference = llama.score(requests)
    for batch_size in (1, 3, 32):
        llama.batch_size = batch_size
        try:
            for mine, other in zip(llama.score(requests), reference):
                assert mine.logprobs == pytest.approx(other.logprobs, abs=1e-4)
        finally:
            llama.batch_size = 4


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    prompts=st.lists(st.text("abeinorstuvTRUEFALS .,!?", min_size=1, max_size=60), min_size=1, max_size=5),
    choices=st.lists(st.text("TRUEFALSodevn .!", max_size=12), min_size=1, max_size=4),
)
def test_one_pass_law(llama: HFBackend, prompts: list[str], choices: list[str]) -> None:
    """Any prompts, any 1-4 choices (empty, repeated, sharing prefixes): each choice scored as if alone."""
    requests = [Request(f"h{i}", (("user", p),), choices=tuple(choices)) for i, p in enumerate(prompts)]
    for request, response in zip(requests, llama.score(requests)):
        assert response.logprobs == pytest.approx(_unpadded(llama, request), abs=1e-4)


def test_gemma3_one_pass_within_the_window_and_per_pair_beyond(
    gemma: HFBackend, rows_scored: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = gemma.model.config.get_text_config()
    assert set(text.layer_types) == {"sliding_attention", "full_attention"} and text.sliding_window == 32
    short = [Request(f"s{k}", (("user", "hi"),), choices=c) for k, c in enumerate(CHOICE_SETS[:3])]
    long = [Request(f"l{k}", (("user", QUESTIONS[5]),), choices=c) for k, c in enumerate(CHOICE_SETS[:3])]
    assert max(len(gemma.prompts.ids(r)) + sum(map(len, gemma.prompts.scoring_pairs(r)[1])) for r in short) <= 32
    assert min(len(gemma.prompts.ids(r)) for r in long) > 32  # the window bites: sliding layers differ

    one_pass, per_pair = _both_paths(gemma, short)
    assert rows_scored == [3]
    for request, mine, reference in zip(short, one_pass, per_pair):
        assert mine.logprobs == pytest.approx(reference.logprobs, abs=1e-4)
        assert mine.logprobs == pytest.approx(_unpadded(gemma, request), abs=1e-4)

    rows_scored.clear()
    for request, response in zip(long, gemma.score(long)):
        assert response.logprobs == pytest.approx(_unpadded(gemma, request), abs=1e-4)
    assert rows_scored == []  # a batch with a row longer than the window falls back to per-pair rows
    monkeypatch.setattr(gemma, "_one_pass_fits", lambda width: True)  # the 4-D mask has no window: wrong there
    forced = gemma.score(long)
    assert any(abs(a - b) > 1e-3 for r, q in zip(forced, long) for a, b in zip(r.logprobs, _unpadded(gemma, q)))


def test_attention_without_a_custom_mask_falls_back(
    llama: HFBackend, monkeypatch: pytest.MonkeyPatch, rows_scored: list[int]
) -> None:
    requests = _requests()[:6]
    reference = llama.score(requests)
    assert rows_scored
    rows_scored.clear()
    monkeypatch.setattr(llama, "_one_pass_kind", lambda: (False, None))  # as for flash attention
    for mine, other in zip(llama.score(requests), reference):
        assert mine.logprobs == pytest.approx(other.logprobs, abs=1e-4)
    assert rows_scored == []


def test_one_pass_kind(llama: HFBackend, monkeypatch: pytest.MonkeyPatch) -> None:
    assert llama._one_pass_kind() == (True, None)
    assert llama._one_pass_fits(10_000)
    monkeypatch.setattr(llama.model.config, "_attn_implementation", "flash_attention_2")
    assert llama._one_pass_kind() == (False, None) and not llama._one_pass_fits(10)


def test_failing_rows_are_halved_then_reported(llama: HFBackend, monkeypatch: pytest.MonkeyPatch) -> None:
    requests = _requests()[:8]
    reference = llama.score(requests)
    forward = llama.model.forward

    def small_batches_only(*args: Any, **kwargs: Any) -> Any:
        if kwargs["input_ids"].shape[0] > 1:
            raise RuntimeError("CUDA out of memory (simulated)")
        return forward(*args, **kwargs)

    monkeypatch.setattr(llama.model, "forward", small_batches_only)
    for mine, other in zip(llama.score(requests), reference):
        assert mine.logprobs == pytest.approx(other.logprobs, abs=1e-4)


# -- the packaged SmolLM2 (skipped when it is not installed) ------------------------------------------


@pytest.fixture(scope="module")
def smollm2() -> HFBackend:
    from pyverify.models import _packaged as packaged

    try:
        pieces = packaged.locate("smollm2-135m")
    except BackendError as exc:
        pytest.skip(str(exc))
    files = pieces if isinstance(pieces, list) else [pieces]
    directory = packaged.cache_root() / "models" / "smollm2-135m"
    if not packaged.is_current(directory, packaged.sha256_file(*files)):
        pytest.skip("the packaged SmolLM2 is not converted yet (test_packaged.py converts it)")
    from pyverify.models import load_backend

    backend = load_backend("packaged/smollm2-135m batch_size=8")
    assert isinstance(backend, HFBackend)
    return backend


@pytest.mark.slow
def test_real_smollm2_one_pass_equals_per_pair(smollm2: HFBackend) -> None:
    from pyverify.protocols import _invariance as invariance

    items = [
        {"item_id": "a", "text": "2 + 2 = 4."},
        {"item_id": "b", "text": "Every even number greater than 2 is the sum of two primes, for all n up to 100."},
        {"item_id": "c", "text": "7 is prime."},
    ]
    requests = list(invariance.requests(items, "choice", 1, invariance.DEFAULT_DECODING))
    requests.append(Request("four", (("user", "Is 10 less than 3?"),), choices=("TRUE", "FALSE", " TRUE", " no")))
    requests.append(Request("one", (("user", "Is 7 a prime number?"),), choices=("FALSE",)))
    one_pass, per_pair = _both_paths(smollm2, requests)
    for request, mine, reference in zip(requests, one_pass, per_pair):
        assert len(mine.logprobs) == len(request.choices)
        assert mine.logprobs == pytest.approx(reference.logprobs, abs=1e-4)
