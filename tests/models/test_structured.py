"""Structured output: a JSON schema enforced by the hf backend (llguidance), and the schemas protocols ask for.

Checked as a user relies on it: every constrained answer validates against its schema (jsonschema, an
independent validator), sampled or greedy, mixed in one batch with free requests whose answers the
constraint must not touch; a schema that cannot be enforced fails its own request only; free requests keep
the store keys they had before structured output existed; and every canonical reference audit can be
written under the claim-audit schema (so the constraint never forbids a right answer).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path

import jsonschema
import pytest

pytest.importorskip("torch")
pytest.importorskip("llguidance")

from pyverify.models._backend import Decoding, Request
from pyverify.models._hf import HFBackend
from tests.models.tiny import build_tiny_model

SCHEMA = {"type": "object", "properties": {"verdict": {"enum": ["valid", "invalid"]},
          "n": {"type": "integer", "minimum": 0, "maximum": 99}}, "required": ["verdict", "n"],
          "additionalProperties": False}  # fmt: skip


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> HFBackend:
    return HFBackend(str(build_tiny_model(tmp_path_factory.mktemp("tiny") / "model")), batch_size="4")


def _ask(i: int, schema: object | None = None, **decoding: object) -> Request:
    text = json.dumps(schema) if schema is not None else ""
    return Request(f"r{i}", (("user", f"question {i}: is the sum of two even numbers even?"),),
                   Decoding(max_new_tokens=48, json_schema=text, **decoding))  # type: ignore[arg-type]  # fmt: skip


def test_constrained_answers_validate_and_free_rows_are_untouched(backend: HFBackend) -> None:
    free_alone = backend.generate([_ask(0), _ask(1, temperature=1.0, seed=5)])
    mixed = backend.generate([_ask(0), _ask(1, temperature=1.0, seed=5), _ask(2, SCHEMA),
                              _ask(3, SCHEMA, temperature=1.0, seed=7), _ask(4, {"enum": ["TRUE", "FALSE"]})])  # fmt: skip
    assert [r.text for r in mixed[:2]] == [r.text for r in free_alone]
    for response, schema in zip(mixed[2:], (SCHEMA, SCHEMA, {"enum": ["TRUE", "FALSE"]})):
        assert response.finish_reason == "stop", response
        jsonschema.validate(json.loads(response.text), schema)
    # the random-weight model's free text is not JSON: the constraint did the work
    with pytest.raises(ValueError):
        json.loads(free_alone[0].text)


def test_sampled_constrained_answers_are_reproducible_and_vary(backend: HFBackend) -> None:
    first = backend.generate([_ask(i, SCHEMA, temperature=1.5, seed=i) for i in range(6)])
    again = backend.generate([_ask(i, SCHEMA, temperature=1.5, seed=i) for i in range(6)])
    assert [r.text for r in first] == [r.text for r in again]
    assert len({r.text for r in first}) > 1
    for response in first:
        jsonschema.validate(json.loads(response.text), SCHEMA)


def test_a_schema_that_cannot_be_enforced_fails_its_request_only(backend: HFBackend) -> None:
    good, broken, not_json = backend.generate([_ask(0, SCHEMA), _ask(1, {"type": "no-such-type"}),
                                               Request("r2", (("user", "x"),), Decoding(json_schema="{oops"))])  # fmt: skip
    jsonschema.validate(json.loads(good.text), SCHEMA)
    assert broken.finish_reason == "error" and "schema" in broken.error
    assert not_json.finish_reason == "error" and "not JSON" in not_json.error


def test_describe_names_the_engine(backend: HFBackend) -> None:
    described = backend.describe()
    assert described["structured_output"].startswith("llguidance 1.")
    assert described["plain_prompts"] is False and backend.plain_prompts is False


def test_free_requests_keep_the_keys_stored_before_structured_output() -> None:
    request = Request("x", (("user", "hello"),), Decoding(max_new_tokens=12))
    decoding = asdict(request.decoding)
    del decoding["json_schema"]
    decoding["temperature"], decoding["top_p"] = 0.0, 1.0
    payload = {"model": "m", "revision": "r", "decoding": decoding, "messages": [["user", "hello"]], "choices": []}
    before = hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    assert request.key("m", "r") == before
    constrained = Request("x", (("user", "hello"),), Decoding(max_new_tokens=12, json_schema='{"type": "integer"}'))
    assert constrained.key("m", "r") != before


def test_every_canonical_reference_audit_can_be_written_under_its_schema(tmp_path: Path) -> None:
    import llguidance
    import llguidance.hf

    from pyverify.claims._generate import build
    from pyverify.models._grammar import JSON_OPTIONS
    from pyverify.protocols._schemas import audit_schema
    from tests.models.tiny import build_tokenizer

    tokenizer = build_tokenizer()
    lltok = llguidance.hf.from_tokenizer(tokenizer)
    tasks, references = build(0)
    for task, reference in zip(tasks, references):
        schema = audit_schema(task.task_id, task.response_schema)
        gold = reference.gold.model_dump()
        audit = {"task_id": task.task_id, **{k: gold[k] for k in ("verdict", "scope", "failure_mode", "counterexample", "repair")}}
        order = list(json.loads(schema)["properties"])
        text = json.dumps({k: audit[k] for k in order}, separators=(",", ":"))
        jsonschema.validate(json.loads(text), json.loads(schema))
        grammar = llguidance.LLMatcher.grammar_from_json_schema(schema, overrides=JSON_OPTIONS)  # type: ignore[arg-type]
        matcher = llguidance.LLMatcher(lltok, grammar, log_level=0)
        assert matcher.consume_tokens(tokenizer(text, add_special_tokens=False)["input_ids"]), (task.task_id, matcher.get_error())
        assert matcher.is_accepting(), task.task_id
        # a wrong task id, a label outside the task's and an unbounded number are not writable
        for bad in (dict(audit, task_id="OTHER-1"), dict(audit, verdict="maybe"), dict(audit, repair="none", scope="x")):
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate(bad, json.loads(schema))
