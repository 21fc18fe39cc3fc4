"""Chat templates rendered without transformers give transformers' own text; bad sources are one clear line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyverify.models import BackendError, Decoding, Request
from pyverify.models._packaged import cache_root
from pyverify.models._template import load_chat_template

MESSAGES = [
    (("user", "Is 7 prime? Answer TRUE or FALSE."),),
    (("system", "You check claims."), ("user", "∀ n : ℕ, n + 0 = n — true?")),
    (("user", "first"), ("assistant", "an answer"), ("user", 'second, with "quotes" and {braces}')),
]


def _hf_text(tokenizer: object, messages: tuple[tuple[str, str], ...]) -> str:
    chat = [{"role": role, "content": content} for role, content in messages]
    return str(tokenizer.apply_chat_template(chat, tokenize=False, add_generation_prompt=True))  # type: ignore[attr-defined]


def test_the_rendering_equals_apply_chat_template_on_a_saved_tokenizer(tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    from tests.models.tiny import build_tokenizer

    tokenizer = build_tokenizer()
    tokenizer.save_pretrained(tmp_path)
    for source in (tmp_path, tmp_path / "tokenizer_config.json"):
        if source.name == "tokenizer_config.json" and "chat_template" not in json.loads(source.read_text()):
            continue  # newer transformers keep the template in chat_template.jinja only
        template = load_chat_template(str(source))
        for messages in MESSAGES:
            assert template.render(Request("r", messages)) == _hf_text(tokenizer, messages)


def test_the_rendering_equals_apply_chat_template_on_smollm2() -> None:
    pytest.importorskip("transformers")
    directory = cache_root() / "models" / "smollm2-135m"
    if not (directory / "tokenizer_config.json").is_file():
        pytest.skip("packaged SmolLM2 not converted in the default cache (`make models`, then one run)")
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(directory)
    template = load_chat_template(str(directory))
    for messages in MESSAGES:
        assert template.render(Request("r", messages)) == _hf_text(tokenizer, messages)


def test_a_jinja_file_with_special_tokens_and_thinking(tmp_path: Path) -> None:
    (tmp_path / "t.jinja").write_text(
        "{{ bos_token }}{% for m in messages %}[{{ m.role }}]{{ m.content | tojson }}{% endfor %}"
        "{% if enable_thinking %}<think>{% endif %}{% if add_generation_prompt %}[assistant]{% endif %}"
    )
    (tmp_path / "tokenizer_config.json").write_text(json.dumps({"bos_token": {"content": "<s>"}}))
    template = load_chat_template(str(tmp_path / "t.jinja"))
    assert template.render(Request("r", (("user", "é"),))) == '[user]"é"[assistant]'  # no bos: a bare file
    thinking = Request("r", (("user", "x"),), Decoding(thinking=True))
    assert template.render(thinking).endswith("<think>[assistant]")
    assert len(template.sha256) == 64


def test_bad_sources_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(BackendError, match="no such file"):
        load_chat_template(str(tmp_path / "absent.jinja"))
    (tmp_path / "broken.jinja").write_text("{% for m in messages %}")
    with pytest.raises(BackendError, match="does not compile"):
        load_chat_template(str(tmp_path / "broken.jinja"))
    (tmp_path / "tokenizer_config.json").write_text(json.dumps({"eos_token": "</s>"}))
    with pytest.raises(BackendError, match="holds no chat template"):
        load_chat_template(str(tmp_path))
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(BackendError, match="cannot read it as JSON"):
        load_chat_template(str(tmp_path / "bad.json"))
    (tmp_path / "raise.jinja").write_text("{{ raise_exception('only user turns') }}")
    with pytest.raises(BackendError, match="only user turns"):
        load_chat_template(str(tmp_path / "raise.jinja")).render(Request("r", (("user", "x"),)))


def test_a_template_cannot_reach_python_internals(tmp_path: Path) -> None:
    (tmp_path / "evil.jinja").write_text("{{ messages.__class__.__mro__[1].__subclasses__() }}")
    with pytest.raises(BackendError):
        load_chat_template(str(tmp_path / "evil.jinja")).render(Request("r", (("user", "x"),)))
