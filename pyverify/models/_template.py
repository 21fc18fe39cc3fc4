"""Chat templates rendered without transformers, for backends that send a finished prompt text.

A served model's completions endpoint (``/v1/completions``) takes plain text: no chat template is
applied. To score a served chat model on the prompt the ``hf`` backend would build, the ``openai``
backend takes ``chat_template=SOURCE`` and renders the template itself. ``SOURCE`` is

* a Jinja file (``template.jinja``),
* a ``tokenizer_config.json`` (its ``chat_template``, a string or the ``default`` entry of a list,
  and its special tokens),
* a model directory holding ``chat_template.jinja`` and/or ``tokenizer_config.json``, or
* ``packaged/<name>``: the tokenizer of a packaged model (its cached conversion, made on first use).

The template is rendered the way transformers' ``apply_chat_template`` renders it (its
``_compile_jinja_template``, reproduced because transformers is a heavy optional dependency and the
rendering is a few lines): a sandboxed, immutable Jinja environment with ``trim_blocks`` and
``lstrip_blocks``, the ``loopcontrols`` extension, a ``tojson`` filter that keeps non-ASCII text, the
globals ``raise_exception`` and ``strftime_now``, and the variables ``messages``,
``add_generation_prompt=True``, the special tokens (``bos_token``, ``eos_token``, …) and
``enable_thinking`` when a request enables thinking. ``tests/models/test_template.py`` checks that the
text equals ``apply_chat_template``'s on the packaged SmolLM2 tokenizer.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from pyverify.models._backend import BackendError, Request

__all__ = ["ChatTemplate", "load_chat_template"]

_SPECIAL = ("bos_token", "eos_token", "unk_token", "pad_token", "sep_token", "cls_token", "mask_token")


@dataclass(frozen=True)
class ChatTemplate:
    """A compiled chat template and the special tokens it may use."""

    source: str
    """Where it came from (a path or ``packaged/<name>``)."""
    text: str
    """The Jinja template itself."""
    special_tokens: dict[str, str] = field(default_factory=dict)
    """``bos_token``, ``eos_token``, … as the tokenizer configuration names them."""

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()

    def render(self, request: Request) -> str:
        """The prompt text for a request's messages, ending with the assistant's turn opened."""
        template = _compile(self.text)
        variables: dict[str, Any] = {
            "messages": [{"role": role, "content": content} for role, content in request.messages],
            "add_generation_prompt": True,
            **self.special_tokens,
        }
        if request.decoding.thinking:
            variables["enable_thinking"] = True
        try:
            return str(template.render(**variables))
        except Exception as exc:  # the template's own raise_exception, or an error inside it
            raise BackendError(f"chat template {self.source}: {exc}") from None


def _raise(message: str) -> None:
    from jinja2.exceptions import TemplateError

    raise TemplateError(message)


def _tojson(value: Any, ensure_ascii: bool = False, indent: int | None = None, separators: Any = None,
            sort_keys: bool = False) -> str:  # fmt: skip
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


_COMPILED: dict[str, Any] = {}


def _compile(text: str) -> Any:
    if text not in _COMPILED:
        from jinja2.exceptions import TemplateError
        from jinja2.ext import loopcontrols
        from jinja2.sandbox import ImmutableSandboxedEnvironment

        environment = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[loopcontrols])
        environment.filters["tojson"] = _tojson
        environment.globals["raise_exception"] = _raise
        environment.globals["strftime_now"] = lambda fmt: datetime.now().strftime(fmt)
        try:
            _COMPILED[text] = environment.from_string(text)
        except TemplateError as exc:
            raise BackendError(f"the chat template does not compile: {exc}") from None
    return _COMPILED[text]


def _token_text(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("content"), str):
        return str(value["content"])
    return None


def _from_config(path: Path) -> tuple[str | None, dict[str, str]]:
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BackendError(f"chat_template={path}: cannot read it as JSON ({exc})") from None
    if not isinstance(config, dict):
        raise BackendError(f"chat_template={path}: not a tokenizer configuration (a JSON object)")
    special = {name: text for name in _SPECIAL if (text := _token_text(config.get(name))) is not None}
    template = config.get("chat_template")
    if isinstance(template, list):  # named templates: [{"name": "default", "template": "..."}, ...]
        named = {entry.get("name"): entry.get("template") for entry in template if isinstance(entry, dict)}
        template = named.get("default")
    return (template if isinstance(template, str) else None), special


def load_chat_template(source: str) -> ChatTemplate:
    """The template a ``chat_template=`` option names (see the module docstring)."""
    if source.startswith("packaged/"):
        from pyverify.models._packaged import ensure_converted, pieces, sha256_file

        name = source.partition("/")[2]
        parts = pieces(name)
        path = ensure_converted(name, parts, sha256_file(*parts))
    else:
        path = Path(source).expanduser()
    if not path.exists():
        raise BackendError(f"chat_template={source}: no such file or directory")
    template: str | None = None
    special: dict[str, str] = {}
    if path.is_dir():
        if (path / "tokenizer_config.json").is_file():
            template, special = _from_config(path / "tokenizer_config.json")
        if (path / "chat_template.jinja").is_file():
            template = (path / "chat_template.jinja").read_text(encoding="utf-8")
    elif path.suffix == ".json":
        template, special = _from_config(path)
    else:
        try:
            template = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BackendError(f"chat_template={source}: cannot read it ({exc})") from None
    if not template:
        raise BackendError(f"chat_template={source}: holds no chat template")
    _compile(template)
    return ChatTemplate(source, template, special)
