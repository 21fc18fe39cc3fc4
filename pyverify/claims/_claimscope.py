"""Importing an artifact in ClaimScope's format (spec §6) so validate, check and score run on it.

Public rows keep their prompts; each gold row's ``source`` (formula, protocol, quantity, condition)
is mapped onto pyverify's definitions to give the task its formal ``claim``. The gold answers are kept
as the references (``certificate: imported``); ``pyverify claims validate`` then re-derives them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pyverify.claims import _families as fam
from pyverify.claims._derive import claim_group, claim_of
from pyverify.claims._io import ClaimsFileError, _plain, read_jsonl, write_jsonl, write_manifest
from pyverify.claims._records import FORBIDDEN_PUBLIC_KEYS, Gold, Reference, Task


def convert(public: Path, gold: Path, out: Path) -> dict[str, Any]:
    """Write tasks.jsonl, references.jsonl and manifest.json for an imported artifact."""
    gold_rows = {}
    for number, row in read_jsonl(gold):
        if not isinstance(row, dict) or "task_id" not in row:
            raise ClaimsFileError(f"{gold}:{number}: a gold row needs a task_id")
        gold_rows[row["task_id"]] = (number, _plain(row))
    tasks: list[Task] = []
    references: list[Reference] = []
    for number, row in read_jsonl(public):
        if not isinstance(row, dict) or "task_id" not in row:
            raise ClaimsFileError(f"{public}:{number}: a public row needs a task_id")
        leaked = [k for k in FORBIDDEN_PUBLIC_KEYS if k in row]
        if leaked:
            raise ClaimsFileError(f"{public}:{number}: a public row holds answer-key field(s) {', '.join(leaked)}")
        task_id = row["task_id"]
        if task_id not in gold_rows:
            raise ClaimsFileError(f"{public}:{number}: no gold row for {task_id}")
        gold_number, gold_row = gold_rows[task_id]
        family = gold_row.get("family", row.get("family"))
        if family not in fam.FAMILIES:
            raise ClaimsFileError(f"{gold}:{gold_number}: unknown family '{family}'")
        source = dict(gold_row.get("source") or {})
        formula_id = source.get("formula_id")
        formulas = fam.spec(family)["formulas"]
        if formula_id not in formulas:
            raise ClaimsFileError(f"{gold}:{gold_number}: formula_id '{formula_id}' has no pyverify definition "
                                  f"(known: {', '.join(formulas)})")  # fmt: skip
        if source.get("condition") not in fam.spec(family)["conditions"]:
            raise ClaimsFileError(f"{gold}:{gold_number}: unknown condition '{source.get('condition')}'")
        claim = claim_of(family, source)
        tasks.append(Task(task_id=task_id, family=family, split=str(row.get("split", "imported")),
                          prompt=str(row.get("prompt", "")), response_schema=dict(row.get("response_schema") or {}),
                          claim=claim, labels=fam.labels(family)))  # fmt: skip
        answer = dict(gold_row.get("gold") or {})
        try:
            references.append(Reference(task_id=task_id, family=family, claim_group=claim_group(family, source),
                                        source=source, gold=Gold.model_validate(answer),
                                        certificate={"method": "imported", "file": str(gold)}))  # fmt: skip
        except ValueError as exc:
            raise ClaimsFileError(f"{gold}:{gold_number}: gold answer unusable ({exc})") from None
    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(out / "tasks.jsonl", tasks)
    write_jsonl(out / "references.jsonl", references)
    by_family: dict[str, int] = {}
    for task in tasks:
        by_family[task.family] = by_family.get(task.family, 0) + 1
    write_manifest(out, -1, 0, {"imported_from": {"public": str(public), "gold": str(gold)}, "by_family": by_family})
    return {"tasks": len(tasks), "by_family": by_family}
