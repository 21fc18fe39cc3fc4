"""The Findings section: sentences computed from metrics of run directories whose numbers are known by hand
(``tests/report/runs.py``), each linking to a section that exists; claim-audit results as tables."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyverify.metrics import Metrics, compute
from pyverify.report import claim_audit_markdown, render_html, render_markdown, score_claim_audit_runs
from pyverify.report._cli import report_command
from pyverify.report._findings import SECTIONS, slug
from pyverify.report._view import build_view
from tests.report.fixtures import build_metrics
from tests.report.htmltables import parse
from tests.report.runs import claim_audit_run, one_model_runs, two_model_runs

FAST = {"bootstrap": 200, "permutations": 200}


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return compute(two_model_runs(tmp_path_factory.mktemp("two")), **FAST)


@pytest.fixture(scope="module")
def solo(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return compute(one_model_runs(tmp_path_factory.mktemp("solo")), **FAST)


def _sentences(metrics: dict) -> dict[str, list[str]]:
    findings = build_view(metrics).findings
    out = {group.model: [f.text for f in group.findings] for group in findings.per_model}
    out["between"] = [f.text for f in findings.between]
    return out


def test_a_model_that_always_says_true_scores_the_always_true_baseline(two: dict) -> None:
    yes = _sentences(two)["m/yes"]
    assert yes[0] == (
        "Accuracy 0.500 on 32 scored items, against 0.500 for always-TRUE and 0.500 for always-FALSE on the same "
        "items: no better than either baseline."
    )
    assert yes[1] == (
        "Answer bias: TRUE on 100% of its scored answers (32 of 32), where 50% of the items are TRUE; "
        "it always answers TRUE."
    )
    assert yes[2].startswith("Inconsistent on 0 of 8 theorems:")
    assert yes[3] == "Fails equally often on every family (0.500 of the scored items wrong)."
    assert len(yes) == 4  # Cochran's Q is a statement about both models (cross-model design)


def test_a_better_model_is_compared_with_the_better_baseline_and_its_interval(two: dict) -> None:
    good = _sentences(two)["m/good"]
    lo, hi = two["invariance"]["per_model"]["m/good"]["accuracy_micro_ci"]
    assert good[0] == (
        "Accuracy 0.594 on 32 scored items, against 0.500 for always-TRUE and 0.500 for always-FALSE on the same "
        f"items: 0.094 above both baselines, though 0.500 lies inside the accuracy's Wilson 95% interval "
        f"[{lo:.3f}, {hi:.3f}]."
    )
    # 9 TRUE items answered right + 6 FALSE items answered wrong
    assert good[1] == "Answer bias: TRUE on 47% of its scored answers (15 of 32), where 50% of the items are TRUE."
    assert good[2].startswith("Inconsistent on 8 of 8 theorems:")
    assert good[3] == "Fails most on family F6: 1.000 of its 8 scored items wrong (next: F1 at 0.625)."


def test_between_models_the_ranking_reverses_and_no_theorem_is_significant(two: dict) -> None:
    between = _sentences(two)["between"]
    assert between[0] == "By accuracy: m/good 0.594, m/yes 0.500."
    assert len(two["invariance"]["rank_reversals"]) == 4
    assert between[1] == (
        "Rankings reverse between families for 1 of 1 model pairs (4 reversals); the largest: m/good fails less "
        "than m/yes on canonical (0.000 vs 0.500) but more on F6 (1.000 vs 0.500)."
    )
    assert between[2] == (
        "Cochran's Q over the models: 0 of 8 tested theorems have paraphrases that differ significantly "
        "(Holm-adjusted p below 0.05)."
    )


def test_significant_theorems_after_holm_are_named(solo: dict) -> None:
    record = next(t for t in solo["invariance"]["theorems"] if t["theorem_id"] == "s0")
    assert record["cochran"]["q"] == pytest.approx(60.0)
    p_holm = record["cochran"]["p_holm"]
    sentences = _sentences(solo)
    assert sentences["m/solo"][-1] == (
        "Cochran's Q over m/solo's repeated samples: 1 of 2 tested theorems have paraphrases that differ "
        f"significantly (Holm-adjusted p below 0.05): s0 (Q = 60.00, Holm p = {p_holm:.2e})."
    )
    assert sentences["between"] == []
    assert build_view(solo).findings.between_note.startswith("Comparisons between models")


def test_one_model_with_one_sample_says_why_there_is_no_test(tmp_path: Path) -> None:
    metrics = compute(one_model_runs(tmp_path, samples=1), **FAST)
    assert _sentences(metrics)["m/solo"][-1].startswith("Cochran's Q needs two or more models or repeated samples")
    html, md = render_html(metrics), render_markdown(metrics)
    page = parse(html)
    assert "no-tests" in page.elements and "col-p-holm" not in page.elements
    assert all(len(row) == 7 for row in page.tables["theorem-table"])  # 5 + outcome + IG, no dash columns
    assert "Cochran's Q: needs two or more models, or repeated samples of one model" in md
    assert "Rank reversals need two or more models; this report has 1 (m/solo)." in html


@pytest.mark.parametrize("which", ["two", "solo"])
def test_every_finding_links_to_a_section_that_exists(which: str, request: pytest.FixtureRequest) -> None:
    metrics = request.getfixturevalue(which)
    html, md = render_html(metrics), render_markdown(metrics)
    page = parse(html)
    items = re.findall(r'<li>(.*?)<a class="backing" href="#([\w-]+)">', html)
    view = build_view(metrics)
    expected = sum(len(g.findings) for g in view.findings.per_model) + len(view.findings.between)
    assert len(items) == expected > 0
    for _, target in items:
        assert target in page.elements, target
    headings = {slug(h) for h in re.findall(r"^#+ (.*)$", md, flags=re.M)}
    links = re.findall(r"\]\(#([a-z0-9-]+)\)", md)
    assert len(links) == expected and set(links) <= headings, set(links) - headings


def test_findings_come_first_in_both_reports(two: dict) -> None:
    html, md = render_html(two), render_markdown(two)
    sections = re.findall(r'<section id="([\w-]+)">', html)
    assert sections[0] == "findings" and sections[1] == "summary"
    assert md.index("## Findings") < md.index("## " + SECTIONS["summary"][0])
    assert re.search(r"finding", md, re.I)  # what the main-job check greps for


def test_summary_table_carries_the_baselines_and_the_bias(two: dict) -> None:
    rows = {row[0]: row for row in parse(render_html(two)).tables["summary-table"]}
    assert rows["m/yes"][3:6] == ["0.500", "0.500", "1.00032 of 32"]
    assert rows["m/good"][5] == "0.46915 of 32" and rows["m/good"][9] == "8 of 8"
    md = render_markdown(two)
    assert "| m/yes | 32 of 32 (1.000) | 0.500 [" in md and "| 0.500 | 0.500 | 1.000 (32 of 32) |" in md


def test_report_command_scores_claim_audit_runs_and_shows_them_as_tables(tmp_path: Path) -> None:
    runs = [*two_model_runs(tmp_path / "runs"), claim_audit_run(tmp_path / "runs")]
    out = tmp_path / "report"
    assert report_command(runs, out) == 0
    metrics = json.loads((out / "metrics.json").read_text(encoding="utf-8"))
    Metrics.model_validate(metrics)  # the scores live in the run's free-form claim_audit field
    audit = next(r for r in metrics["runs"] if r["protocol"] == "claim-audit")["claim_audit"]
    assert audit["scores"]["direct"]["safe"] == {"k": 1, "n": 2, "rate": 0.5}
    page = parse((out / "report.html").read_text(encoding="utf-8"))
    rows = dict((row[0], row[1:]) for row in page.tables["claim-audit-table"])
    assert rows["direct · safe"] == ["0.500 (1 of 2)"] and rows["records"] == ["2"]
    assert not any("{" in cell for cells in rows.values() for cell in cells)
    md = (out / "report.md").read_text(encoding="utf-8")
    assert "| direct · safe | 0.500 (1 of 2) |" in md
    assert "- Claim audit (direct): safe 1 of 2 (0.500), strict 1 of 2 (0.500), 2 of 2 tasks scored." in md
    assert re.search(r"^## Findings$", md, re.M)


def test_unscorable_claim_audit_runs_keep_their_own_summary(tmp_path: Path) -> None:
    path = claim_audit_run(tmp_path)
    (path / "suite" / "references.jsonl").write_text("tampered\n", encoding="utf-8")  # hash no longer matches
    metrics = compute([*two_model_runs(tmp_path / "runs"), path], **FAST)
    scored = score_claim_audit_runs(metrics)
    audit = next(r for r in scored["runs"] if r["protocol"] == "claim-audit")["claim_audit"]
    assert "error" in audit["scores"]["direct"]
    assert "Claim audit (direct): not scored (" in render_markdown(scored)
    assert metrics["runs"][-1]["claim_audit"].get("scores") is None  # the input is not changed


def test_claim_audit_markdown_for_terminal_summaries() -> None:
    summary = {
        "tasks": 24,
        "coverage": 1.0,
        "safe": {"k": 3, "n": 24, "rate": 0.125},
        "grouped": {"groups": 24, "safe": 0.1},
        "response_status": {"parsed": 20, "unparseable": 4},
    }
    text = claim_audit_markdown({"m/a|b": summary, "m/c": {"tasks": 2}})
    assert text.splitlines() == [
        "| metric | m/a\\|b | m/c |",
        "|---|---:|---:|",
        "| tasks | 24 | 2 |",
        "| coverage | 1.000 | — |",
        "| safe | 0.125 (3 of 24) | — |",
        "| grouped · groups | 24 | — |",
        "| grouped · safe | 0.100 | — |",
        "| response\\_status · parsed | 20 | — |",
        "| response\\_status · unparseable | 4 | — |",
    ]


def test_no_invariance_no_scores_says_so() -> None:
    metrics = build_metrics(2, 3, invariance=False, cbu=False)
    page = parse(render_html(metrics))
    assert "no-findings" in page.elements and "no-comparison" not in page.elements
    assert "so no findings to state" in render_markdown(metrics)


def test_the_consensus_rule_follows_the_models_present(tmp_path: Path) -> None:
    from pyverify.metrics import compute
    from pyverify.metrics._compute import auto_consensus
    from tests.report.runs import one_model_runs, two_model_runs

    assert [auto_consensus(m) for m in (1, 2, 3, 5)] == [(2, 3), (2, 2), (2, 3), (2, 3)]
    two = compute(two_model_runs(tmp_path / "two"), bootstrap=0, permutations=0)["invariance"]["consensus"]
    assert (two["m"], two["n"], two["active"]) == (2, 2, True)
    one = compute(one_model_runs(tmp_path / "one", samples=2), bootstrap=0, permutations=0)["invariance"]["consensus"]
    assert one["active"] is False
    explicit = compute(two_model_runs(tmp_path / "again"), consensus=(2, 3), bootstrap=0, permutations=0)
    assert explicit["invariance"]["consensus"]["active"] is False
