"""A tiny random-weight chat model built on the spot (no hub access): Llama, 2 layers, hidden 32.

The tokenizer is a byte-level BPE trained here on a few sentences with a small vocabulary, so
``TRUE`` and ``FALSE`` take several tokens each (multi-token choices), wrapped as a
``PreTrainedTokenizerFast`` with a ChatML-like template and no pad token (the backend must fall
back to EOS). Weights are drawn with a fixed seed and a large initializer range, so logits are far
from uniform and greedy decoding has no near-ties.
"""

from __future__ import annotations

import json
from pathlib import Path

CHAT_TEMPLATE = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
CORPUS = [
    "TRUE. FALSE. TRUE! FALSE!",  # never after a space: " TRUE" and " FALSE" stay several tokens
    "the sum of two even numbers is even, even, even",  # "Ġeven" merges: "is " + "even" crosses a merge
    "every prime greater than two is odd",
    "user assistant system answer question claim proof",
]


def build_tokenizer(vocab_size: int = 280):  # -> PreTrainedTokenizerFast
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    core = Tokenizer(models.BPE())
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    core.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=SPECIAL,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    core.train_from_iterator(CORPUS * 3, trainer=trainer)
    return PreTrainedTokenizerFast(
        tokenizer_object=core,
        eos_token="<|im_end|>",
        unk_token="<|endoftext|>",
        chat_template=CHAT_TEMPLATE,
    )


def build_tiny_model(directory: Path, *, seed: int = 0, template: bool = True) -> Path:
    """Save a tiny chat model (and its tokenizer) into ``directory``; returns it."""
    import torch
    from transformers import GenerationConfig, LlamaConfig, LlamaForCausalLM

    directory.mkdir(parents=True, exist_ok=True)
    tokenizer = build_tokenizer()
    if not template:
        tokenizer.chat_template = None
    eos = tokenizer.convert_tokens_to_ids("<|im_end|>")
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=512,
        tie_word_embeddings=False,
        bos_token_id=tokenizer.convert_tokens_to_ids("<|endoftext|>"),
        eos_token_id=eos,
        initializer_range=0.5,
    )
    torch.manual_seed(seed)
    model = LlamaForCausalLM(config).eval()
    model.generation_config = GenerationConfig(eos_token_id=eos, bos_token_id=config.bos_token_id)
    model.save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    return directory


def set_extra_eos(directory: Path, token_ids: list[int]) -> None:
    """Make ``token_ids`` end generation too (as chat models with several end tokens do)."""
    path = directory / "generation_config.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    base = config["eos_token_id"]
    config["eos_token_id"] = sorted({*(base if isinstance(base, list) else [base]), *token_ids})
    path.write_text(json.dumps(config), encoding="utf-8")
