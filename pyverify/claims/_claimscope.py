"""Importing an artifact in ClaimScope's format (spec §6) so validate, check and score run on it.

Public rows keep their prompts; each gold row's ``source`` (formula, protocol, quantity, condition)
is mapped onto pyverify's definitions to give the task its formal ``claim``. The gold answers are kept
as the references (``certificate: imported``); ``pyverify claims validate`` then re-derives them.

Outside files are read leniently and checked strictly: a field this importer does not know (at the top
of a row or inside ``gold``/``source``, such as ClaimScope's ``gold.cases_checked``) is never a reason
to refuse a row. ``source`` and ``gold`` are kept whole in the reference; other unknown fields are
ignored. A field the import needs that is missing or of the wrong JSON type (``task_id``, ``family``,
``prompt``, ``source.formula_id``/``condition`` and, for optimizer claims, ``protocol``/``quantity``,
the five ``gold`` fields) is a :class:`ClaimsFileError` naming the file and line.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any, Mapping, cast

from pydantic import ValidationError

from pyverify.claims import _families as fam
from pyverify.claims._derive import claim_group, claim_of
from pyverify.claims._io import ClaimsFileError, _first_error, _plain, read_jsonl, write_jsonl, write_manifest
from pyverify.claims._records import FORBIDDEN_PUBLIC_KEYS, Gold, Reference, Task

#: ``source`` fields each family's claim is built from (all text).
SOURCE_FIELDS = {
    "optimizer_transport": ("formula_id", "protocol", "quantity", "condition"),
    "affine_recurrence": ("formula_id", "condition"),
    "linear_algebra": ("formula_id", "condition"),
}
#: which table of the family's definition each ``source`` field must name an entry of
_TABLES = {"formula_id": "formulas", "protocol": "protocols", "quantity": "quantities", "condition": "conditions"}


def json_type(value: Any) -> str:
    """The JSON type of a decoded value, in words (for error messages)."""
    names = {bool: "a boolean", type(None): "null", list: "a list", dict: "an object", str: "text", int: "a number",
             Decimal: "a number", float: "a number"}  # fmt: skip
    return names.get(type(value), type(value).__name__)


def _object(row: Any, where: str, what: str) -> dict[str, Any]:
    if not isinstance(row, dict):
        raise ClaimsFileError(f"{where}: a {what} row must be a JSON object, not {json_type(row)}")
    return row


def _task_id(row: Mapping[str, Any], where: str, what: str) -> str:
    value = row.get("task_id")
    if value is None:
        raise ClaimsFileError(f"{where}: a {what} row needs a task_id")
    if not isinstance(value, str) or not value.strip():
        raise ClaimsFileError(f"{where}: task_id must be non-empty text, not {json_type(value)}")
    return value


def _optional_text(row: Mapping[str, Any], key: str, where: str) -> str | None:
    value = row.get(key)
    if value is not None and not isinstance(value, str):
        raise ClaimsFileError(f"{where}: {key} must be text, not {json_type(value)}")
    return value


def _read_gold(path: Path) -> dict[str, tuple[int, dict[str, Any]]]:
    rows: dict[str, tuple[int, dict[str, Any]]] = {}
    for number, raw in read_jsonl(path):
        where = f"{path}:{number}"
        row = _object(raw, where, "gold")
        task_id = _task_id(row, where, "gold")
        if task_id in rows:
            raise ClaimsFileError(f"{where}: a second gold row for {task_id} (the first is line {rows[task_id][0]})")
        _optional_text(row, "family", where)
        for key in ("source", "gold"):
            if key not in row:
                raise ClaimsFileError(f"{where}: a gold row needs a '{key}' object")
            if not isinstance(row[key], dict):
                raise ClaimsFileError(f"{where}: {key} must be a JSON object, not {json_type(row[key])}")
        rows[task_id] = (number, _plain(row))
    return rows


def _family(public_row: Mapping[str, Any], gold_row: Mapping[str, Any], public_where: str, gold_where: str) -> str:
    stated = gold_row.get("family")
    listed = _optional_text(public_row, "family", public_where)
    if stated is not None and listed is not None and stated != listed:
        raise ClaimsFileError(f"{public_where}: family '{listed}' but its gold row ({gold_where}) says '{stated}'")
    family = stated if stated is not None else listed
    if family is None:
        raise ClaimsFileError(f"{gold_where}: neither the gold row nor the public row ({public_where}) names a family")
    if family not in fam.FAMILIES:
        raise ClaimsFileError(f"{gold_where}: unknown family '{family}' (known: {', '.join(fam.FAMILIES)})")
    return str(family)


def _source(family: str, source: dict[str, Any], where: str) -> None:
    definition = fam.spec(family)
    for key in SOURCE_FIELDS[family]:
        value = source.get(key)
        if value is None:
            raise ClaimsFileError(f"{where}: source.{key} is missing ({family} claims need it)")
        if not isinstance(value, str):
            raise ClaimsFileError(f"{where}: source.{key} must be text, not {json_type(value)}")
        known = definition[_TABLES[key]]
        if value not in known:
            raise ClaimsFileError(f"{where}: source.{key} '{value}' has no pyverify definition "
                                  f"(known: {', '.join(known)})")  # fmt: skip


def convert(public: Path, gold: Path, out: Path) -> dict[str, Any]:
    """Write tasks.jsonl, references.jsonl and manifest.json for an imported artifact."""
    gold_rows = _read_gold(gold)
    tasks: list[Task] = []
    references: list[Reference] = []
    seen: dict[str, int] = {}
    for number, raw in read_jsonl(public):
        where = f"{public}:{number}"
        row = _object(raw, where, "public")
        task_id = _task_id(row, where, "public")
        leaked = [k for k in FORBIDDEN_PUBLIC_KEYS if k in row]
        if leaked:
            raise ClaimsFileError(f"{where}: a public row holds answer-key field(s) {', '.join(leaked)}")
        if task_id in seen:
            raise ClaimsFileError(f"{where}: a second public row for {task_id} (the first is line {seen[task_id]})")
        seen[task_id] = number
        if task_id not in gold_rows:
            raise ClaimsFileError(f"{where}: no gold row for {task_id}")
        gold_number, gold_row = gold_rows[task_id]
        gold_where = f"{gold}:{gold_number}"
        family = _family(row, gold_row, where, gold_where)
        prompt = _optional_text(row, "prompt", where)
        if prompt is None:
            raise ClaimsFileError(f"{where}: a public row needs its prompt (text)")
        split = _optional_text(row, "split", where)
        schema = row.get("response_schema")
        if schema is not None and not isinstance(schema, dict):
            raise ClaimsFileError(f"{where}: response_schema must be a JSON object, not {json_type(schema)}")
        source = dict(gold_row["source"])
        _source(family, source, gold_where)
        try:
            answer = Gold.model_validate(gold_row["gold"])
        except ValidationError as exc:
            raise ClaimsFileError(f"{gold_where}: gold answer unusable (gold.{_first_error(exc)})") from None
        tasks.append(Task(task_id=task_id, family=cast(Any, family), split=split if split is not None else "imported",
                          prompt=prompt, response_schema=_plain(schema or {}), claim=claim_of(family, source),
                          labels=fam.labels(family)))  # fmt: skip
        references.append(Reference(task_id=task_id, family=family, claim_group=claim_group(family, source),
                                    source=source, gold=answer,
                                    certificate={"method": "imported", "file": str(gold)}))  # fmt: skip
    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(out / "tasks.jsonl", tasks)
    write_jsonl(out / "references.jsonl", references)
    by_family: dict[str, int] = {}
    for task in tasks:
        by_family[task.family] = by_family.get(task.family, 0) + 1
    write_manifest(out, -1, 0, {"imported_from": {"public": str(public), "gold": str(gold)}, "by_family": by_family})
    return {"tasks": len(tasks), "by_family": by_family}
