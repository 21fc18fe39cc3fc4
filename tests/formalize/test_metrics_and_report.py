"""Formalized items in the metrics and the report: certified paraphrases count as T1, suspect and
needs_review ones do not, and the report lists the suspect ones beside the consensus audit."""

from __future__ import annotations

import json
from pathlib import Path

from pyverify.formalize import apply_formalizations, formalize_items
from pyverify.metrics import compute
from pyverify.metrics._compute import build_invariance_data
from pyverify.metrics._load import item_metadata, read_runs
from pyverify.report import render_html, render_markdown
from tests.formalize.scripted import PRIME, PRIME_FORMAL, ScriptedBackend, item
from tests.metrics.runs import write_run

WRONG = "Every prime number is at least 3."
VAGUE = "Primes are big."


def formalized_items(tmp_path: Path) -> Path:
    canonical = item("t#canonical", "Every prime number is at least 2.", [PRIME_FORMAL], family="canonical",
                     tier="T0", theorem_id="t", formal=PRIME_FORMAL, equivalence={"method": "canonical"})  # fmt: skip
    rows = [canonical,
            item("t#F1", PRIME, [PRIME_FORMAL], theorem_id="t"),
            item("t#F2", WRONG, [PRIME_FORMAL], theorem_id="t", family="F2"),
            item("t#F3", VAGUE, [PRIME_FORMAL], theorem_id="t", family="F3"),
            # a suspect paraphrase keeps its tier: the equivalence method alone must exclude it
            item("t#F4", WRONG + " ", [PRIME_FORMAL], theorem_id="t", family="F4", tier="T2")]  # fmt: skip
    answers = {PRIME: PRIME_FORMAL, WRONG: "forall p : N, assume prime(p), 3 <= p", VAGUE: "primes are big"}
    records = formalize_items(rows, ScriptedBackend(answers), timeout=5.0)
    assert [r.status for r in records] == ["certified", "suspect", "needs_review", "suspect"]
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in apply_formalizations(rows, records)), encoding="utf-8")
    return path


def run_over(tmp_path: Path, items: Path) -> Path:
    written = [json.loads(line) for line in items.read_text().splitlines()]
    rows = [{"item_id": r["item_id"], "theorem_id": r["theorem_id"], "family": r["family"], "tier": r["tier"],
             "label": "TRUE", "sample": 0, "model": "m/A", "scored": True, "correct": True} for r in written]  # fmt: skip
    return write_run(tmp_path, "run", "m/A", rows, items=str(items))


def test_certified_paraphrases_count_as_t1_and_suspect_ones_do_not(tmp_path: Path):
    runs = read_runs([run_over(tmp_path, formalized_items(tmp_path))])
    data = build_invariance_data(runs, item_metadata(runs))
    review = dict(zip(data.item_ids, data.item_review.tolist()))
    assert review == {"t#canonical": False, "t#F1": False, "t#F2": True, "t#F3": True, "t#F4": True}


def test_the_report_lists_suspect_paraphrases(tmp_path: Path):
    metrics = compute([run_over(tmp_path, formalized_items(tmp_path))], bootstrap=10, permutations=10)
    suspect = metrics["invariance"]["consensus"]["suspect"]
    assert [s["item_id"] for s in suspect] == ["t#F2", "t#F4"]
    assert (
        suspect[0]["witness"] == {"p": "2"} and suspect[0]["formalization"] == "forall p : N, assume prime(p), 3 <= p"
    )
    markdown = render_markdown(metrics)
    assert "Suspect paraphrases" in markdown and "| t\\#F2 | forall p : N, assume prime(p), 3 &lt;= p |" in markdown
    assert "p = 2" in markdown
    html = render_html(metrics)
    assert 'id="suspect-table"' in html and "t#F4" in html


def test_no_suspect_section_without_suspect_items(tmp_path: Path):
    rows = [{"item_id": "t#canonical", "theorem_id": "t", "family": "canonical", "tier": "T0", "label": "TRUE",
             "sample": 0, "model": "m/A", "scored": True, "correct": True}]  # fmt: skip
    metrics = compute([write_run(tmp_path, "run", "m/A", rows)], bootstrap=10, permutations=10)
    assert metrics["invariance"]["consensus"]["suspect"] == []
    assert "Suspect paraphrases" not in render_markdown(metrics)
    assert "suspect-table" not in render_html(metrics)
