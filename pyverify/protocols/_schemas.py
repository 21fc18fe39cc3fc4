"""The JSON schemas a protocol asks a backend to enforce when a run is structured (``--structured``).

A claim-audit task carries the schema of the audit it expects (``Task.response_schema``). That schema
says which fields an audit has and which labels are allowed; it leaves the witness's values open (any
JSON) and ``task_id`` any string. Enforced as it is, a small model can spend its whole token budget on
one string or one number, and the audit is cut off: a format failure that constraining exists to
prevent. :func:`audit_schema` therefore tightens it, and only in ways that change the format, not the
answer:

* ``task_id`` is the task's own id (``const``): bookkeeping the checker does not score;
* a witness value left open (a ``state`` field with no schema of its own) is a number as the prompts
  ask for it: an integer, or an exact fraction ``"p/q"`` as a string, or a list of such values (the
  recurrences' inputs, the matrices' rows), with at most :data:`DIGITS` digits per integer part and
  :data:`ITEMS` items per list. Every canonical reference witness fits with room to spare (its values
  have at most four digits and its lists three items), so every witness that can refute a canonical
  claim can still be written;
* the object has no other fields (the audit fields only, in the schema's order).

The verdict, scope, failure mode and repair keep exactly the labels the task allows, and the checker
still verifies every witness label-blind: a constrained audit is scored exactly as a free one.
"""

from __future__ import annotations

import copy
import json
from typing import Any

#: digits of an integer, and of a fraction's numerator and denominator, in a constrained witness
DIGITS = 6
#: items of a list in a constrained witness (a recurrence's inputs, a matrix's rows)
ITEMS = 8

_BOUND = 10**DIGITS - 1
_RATIONAL = {
    "anyOf": [
        {"type": "integer", "minimum": -_BOUND, "maximum": _BOUND},
        {"type": "string", "pattern": rf"^-?[0-9]{{1,{DIGITS}}}(/[1-9][0-9]{{0,{DIGITS - 1}}})?$"},
    ]
}
_LIST = {"type": "array", "items": _RATIONAL, "minItems": 1, "maxItems": ITEMS}
#: a witness value: a rational, a list of them, or a list of such lists (written out, not recursive: the
#: JSON-schema converters of llama.cpp 0.3.36 and others cannot resolve a schema that refers to itself)
VALUE = {"anyOf": [_RATIONAL, _LIST, {"type": "array", "items": _LIST, "minItems": 1, "maxItems": ITEMS}]}

#: a TRUE/FALSE answer (catalog CBU's solver): the JSON string "TRUE" or "FALSE"
TRUE_FALSE_SCHEMA = json.dumps({"enum": ["TRUE", "FALSE"]})
#: the LLM judge's answer (CBU): one integer from 1 to 10
JUDGE_SCHEMA = json.dumps({"type": "integer", "minimum": 1, "maximum": 10}, sort_keys=True)


def audit_schema(task_id: str, response_schema: dict[str, Any]) -> str:
    """The schema a structured claim-audit request enforces for ``task_id`` (see the module docstring),
    as canonical JSON text (part of the request's key)."""
    schema: dict[str, Any] = copy.deepcopy(response_schema) if response_schema else {"type": "object"}
    properties = schema.setdefault("properties", {})
    if "task_id" in properties or "task_id" in schema.get("required", []):
        properties["task_id"] = {"const": task_id}
    schema["additionalProperties"] = False
    _close_states(schema)
    return json.dumps(schema, ensure_ascii=False)  # property order kept: the model writes fields in it


def _close_states(node: Any) -> None:
    """Give every open field of an object that lists required fields the number schema (in place)."""
    if isinstance(node, list):
        for item in node:
            _close_states(item)
        return
    if not isinstance(node, dict):
        return
    if node.get("type") == "object" and node.get("required"):
        properties = node.setdefault("properties", {})
        for name in node["required"]:
            if name not in properties:
                properties[name] = copy.deepcopy(VALUE)
        node["additionalProperties"] = False
    for value in node.values():
        _close_states(value)


#: how a run's output was asked for, as its summary, provenance and report state it
CONSTRAINED = "constrained (JSON schema)"
FREE = "free text"


def output_form(structured: bool) -> str:
    """``constrained (JSON schema)`` or ``free text``: what a run records about its output."""
    return CONSTRAINED if structured else FREE
