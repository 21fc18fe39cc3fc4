"""The Findings section: sentences computed from metrics of run directories whose numbers are known by hand
(``tests/report/runs.py``), each linking to a section that exists; claim-audit results as tables."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyverify.metrics import Metrics, compute
from pyverify.report import (
    claim_audit_markdown,
    headline_findings,
    render_html,
    render_markdown,
    score_claim_audit_runs,
)
from pyverify.report._cli import report_command
from pyverify.report._findings import SECTIONS, slug
from pyverify.report._view import build_view
from tests.metrics.runs import as_older_metrics
from tests.report.fixtures import build_metrics
from tests.report.htmltables import parse
from tests.report.runs import (
    chance_runs,
    claim_audit_run,
    constant_run,
    family_effect_runs,
    one_model_runs,
    two_model_runs,
)

FAST = {"bootstrap": 200, "permutations": 200}


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return compute(two_model_runs(tmp_path_factory.mktemp("two")), **FAST)


@pytest.fixture(scope="module")
def chance(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return compute(chance_runs(tmp_path_factory.mktemp("chance")), **FAST)


@pytest.fixture(scope="module")
def solo(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return compute(one_model_runs(tmp_path_factory.mktemp("solo")), **FAST)


def _sentences(metrics: dict) -> dict[str, list[str]]:
    findings = build_view(metrics).findings
    out = {group.model: [f.text for f in group.findings] for group in findings.per_model}
    out["between"] = [f.text for f in findings.between]
    return out


def test_a_model_that_always_says_true_is_uninformative_and_left_out_of_the_comparisons(two: dict) -> None:
    yes = _sentences(two)["m/yes"]
    lo, hi = two["invariance"]["per_model"]["m/yes"]["accuracy_micro_ci"]
    assert yes == [
        "Accuracy 0.500 on 32 scored items, against 0.500 for always-TRUE and 0.500 for always-FALSE on the same "
        f"items: indistinguishable from either baseline (0.500 lies inside the accuracy's Wilson 95% interval "
        f"[{lo:.3f}, {hi:.3f}]), so uninformative.",
        "Answers TRUE on 32 of 32 scored items: uninformative; left out of the family rankings, rank reversals, "
        "agreement (Fleiss' κ), the cross-model Cochran's Q, the consensus audit and the family-weighted ranking.",
    ]  # no consistency or family sentence: a constant answer's are artefacts of the labels
    invariance = two["invariance"]
    assert invariance["uninformative"]["m/yes"]["reason"] == "constant"
    assert invariance["compared"] == ["m/good"]


def test_a_better_model_is_compared_with_the_better_baseline_and_its_tests(two: dict) -> None:
    good = _sentences(two)["m/good"]
    lo, hi = two["invariance"]["per_model"]["m/good"]["accuracy_micro_ci"]
    assert good[0] == (
        "Accuracy 0.594 on 32 scored items, against 0.500 for always-TRUE and 0.500 for always-FALSE on the same "
        f"items: indistinguishable from either baseline (0.500 lies inside the accuracy's Wilson 95% interval "
        f"[{lo:.3f}, {hi:.3f}]), so uninformative."
    )
    # 9 TRUE items answered right + 6 FALSE items answered wrong
    assert good[1] == "Answer bias: TRUE on 47% of its scored answers (15 of 32), where 50% of the items are TRUE."
    assert good[2] == (
        "Inconsistent on 8 of 8 theorems (right on some certified paraphrases, wrong on others): as many as "
        "independent answers at its own accuracy would give (6.8 expected, 95% range 5–8; exact Poisson-binomial "
        "test, Holm over 1 model: p = 0.618)."
    )
    # F6 is wrong on all 8 theorems: exact p 1/2048, times 4 family contrasts (m/yes's are all ties: no test)
    assert good[3] == (
        "Fails most on family F6: 8 of 8 scored items wrong (1.000) where the same theorems' other items fail 0.208 "
        "(exact stratified permutation test within theorems, Holm over the 4 family contrasts of the report: "
        "p = 0.00195)."
    )
    assert two["invariance"]["per_model"]["m/good"]["family_contrast"]["F6"]["p"] == pytest.approx(1 / 2048)


def test_with_one_informative_model_the_comparisons_say_why_they_are_empty(two: dict) -> None:
    between = _sentences(two)["between"]
    assert between == [
        "By accuracy: m/good 0.594, m/yes 0.500.",
        "Comparisons between models (rank reversals, agreement, cross-model Cochran's Q, the consensus audit, the "
        "family-weighted ranking) need two or more informative models: m/yes is left out as uninformative "
        "(constant answers), which leaves 1 (m/good).",
    ]
    assert two["invariance"]["rank_reversals"] == [] and two["invariance"]["agreement"]["fleiss_kappa"] is None
    html, md = render_html(two), render_markdown(two)
    assert "no-reversals" in parse(html).elements and "reversal-table" not in parse(html).tables
    expected = "need two or more informative models; this report has 1 (m/good) once m/yes is left out as uninformative"
    assert "Rank reversals " + expected in md and expected in html


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


@pytest.mark.parametrize("which", ["two", "solo", "chance"])
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
    assert ("- Claim audit (direct): safe 1 of 2 (0.500), strict 1 of 2 (0.500), 2 of 2 tasks scored; it answers valid "
            "on 2 of 2 tasks, 1 of which is valid (the same verdict for every task: always-valid).") in md
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


def test_the_consensus_rule_follows_the_models_compared(tmp_path: Path) -> None:
    from pyverify.metrics._compute import auto_consensus

    assert [auto_consensus(m) for m in (1, 2, 3, 5)] == [(2, 3), (2, 2), (2, 3), (2, 3)]
    two = compute(chance_runs(tmp_path / "two"), bootstrap=0, permutations=0)["invariance"]["consensus"]
    assert (two["m"], two["n"], two["active"]) == (2, 2, True)
    # m/yes answers TRUE throughout: left out, the one model left has no consensus
    one_left = compute(two_model_runs(tmp_path / "one"), bootstrap=0, permutations=0)["invariance"]["consensus"]
    assert (one_left["m"], one_left["n"], one_left["active"]) == (2, 3, False)
    one = compute(one_model_runs(tmp_path / "solo", samples=2), bootstrap=0, permutations=0)["invariance"]["consensus"]
    assert one["active"] is False
    explicit = compute(two_model_runs(tmp_path / "again"), consensus=(2, 3), bootstrap=0, permutations=0)
    assert explicit["invariance"]["consensus"]["active"] is False


# --- findings only where the tests say so ------------------------------------------------------------------


def test_two_models_at_chance_have_apparent_reversals_and_no_finding(chance: dict) -> None:
    reversals = chance["invariance"]["rank_reversals"]
    assert len(reversals) == 12 and not any(r["holds"] for r in reversals)
    assert all(r["p_a"] <= r["p_a_holm"] <= 1 and r["p_b"] <= r["p_b_holm"] <= 1 for r in reversals)
    sentences = _sentences(chance)
    assert sentences["between"][1] == (
        "12 apparent reversals between families (1 of 1 model pairs), none survives its test (both per-family "
        "differences significant in opposite directions; exact sign test over theorems, Holm over the 7 per-family "
        "differences tested): the data cannot tell the models' family rankings apart."
    )
    for model in ("m/a", "m/b"):
        assert sentences[model][0].endswith("so uninformative.")  # at chance, but its answers vary: kept
        assert "as many as independent answers at its own accuracy would give" in sentences[model][2]
        assert sentences[model][3].startswith("Cannot tell its families apart: failure rates run from ")
    assert chance["invariance"]["compared"] == ["m/a", "m/b"]
    assert {u["reason"] for u in chance["invariance"]["uninformative"].values()} == {"at-baseline"}
    html, md = render_html(chance), render_markdown(chance)
    assert "Rankings reverse" not in md and "the data cannot tell the models' family rankings apart" in md
    rows = parse(html).tables["reversal-table"]
    assert len(rows) == 12 and {row[-1] for row in rows} == {"no"}
    assert "| holds |" in md and md.count(" | no |") == 12


def test_a_strong_family_effect_is_a_reversal_that_holds(tmp_path: Path) -> None:
    metrics = compute(family_effect_runs(tmp_path), **FAST)
    holding = [r for r in metrics["invariance"]["rank_reversals"] if r["holds"]]
    assert [(r["model_x"], r["model_y"], r["family_a"], r["family_b"]) for r in holding] == [("m/x", "m/y", "F1", "F2")]
    r = holding[0]
    assert r["diff_a"] < 0 < r["diff_b"] and r["p_a_holm"] < 1e-6 and r["p_b_holm"] < 1e-6
    between = _sentences(metrics)["between"][1]
    assert between.startswith("1 of 3 apparent reversals between families holds, both per-family differences")
    assert "the widest: m/x fails less than m/y on F1 (0.100 vs 0.975, p = " in between
    page = parse(render_html(metrics))
    assert [row[-1] for row in page.tables["reversal-table"]].count("yes") == 1
    assert headline_findings(metrics)[1] == (
        "m/x fails less than m/y on F1 (0.100 vs 0.975) but more on F2 (0.925 vs 0.025): 1 of 3 apparent rank "
        "reversals survives the sign test with Holm."
    )


def test_a_constant_model_is_flagged_and_left_out_of_the_comparisons(tmp_path: Path) -> None:
    with_constant = compute([constant_run(tmp_path), *chance_runs(tmp_path)], **FAST)
    without = compute(chance_runs(tmp_path / "alone"), **FAST)
    invariance = with_constant["invariance"]
    assert invariance["compared"] == ["m/a", "m/b"]
    constant = invariance["uninformative"]["m/const"]
    assert (
        constant["reason"] == "constant"
        and constant["detail"] == "answers TRUE on 280 of 280 scored items, share 1.000 ≥ 0.95"
    )
    assert constant["excluded_from"] == ["families", "rank_reversals", "agreement", "cochran", "consensus", "ranking"]
    # the comparisons are those of the two informative models alone
    for key in ("families", "rank_reversals", "agreement", "consensus", "ranking"):
        assert invariance[key] == without["invariance"][key], key
    assert [t["cochran"] for t in invariance["theorems"]] == [t["cochran"] for t in without["invariance"]["theorems"]]
    assert "m/const" in invariance["per_model"] and "m/const" in invariance["theorems"][0]["outcome"]
    sentences = _sentences(with_constant)
    assert sentences["m/const"][1] == (
        "Answers TRUE on 280 of 280 scored items: uninformative; left out of the family rankings, rank reversals, "
        "agreement (Fleiss' κ), the cross-model Cochran's Q, the consensus audit and the family-weighted ranking."
    )
    assert sentences["between"][2].startswith("Cochran's Q over the models other than m/const: ")
    html, md = render_html(with_constant), render_markdown(with_constant)
    note = "Left out as uninformative (constant answers): m/const (answers TRUE on 280 of 280 scored items"
    assert note in md and note in html and "excluded-models" in parse(html).elements
    assert headline_findings(with_constant)[2] == (
        "m/const answers TRUE on 280 of 280 items: uninformative, left out of the comparisons between models."
    )


def test_nothing_to_compare_when_every_model_is_constant(tmp_path: Path) -> None:
    runs = [constant_run(tmp_path, "m/yes", "TRUE"), constant_run(tmp_path, "m/no", "FALSE")]
    metrics = compute(runs, **FAST)
    invariance = metrics["invariance"]
    assert invariance["compared"] == [] and set(invariance["uninformative"]) == {"m/yes", "m/no"}
    assert invariance["rank_reversals"] == [] and invariance["agreement"]["fleiss_kappa"] is None
    assert invariance["ranking"]["achievable_share"] is None and not invariance["consensus"]["active"]
    assert {t["cochran"]["test"] for t in invariance["theorems"]} == {"undefined"}
    assert _sentences(metrics)["between"][1].endswith("which leaves 0.")
    assert "this report has 0 once m/yes, m/no are left out as uninformative" in render_markdown(metrics)
    assert headline_findings(metrics) == [
        "The best model, m/yes, is indistinguishable from a constant answer: accuracy 0.500 (Wilson 95% "
        "[0.442, 0.558]) on 280 items against 0.500 for always-TRUE or always-FALSE.",
        "m/yes answers TRUE on 280 of 280 items and m/no answers FALSE on 280 of 280 items: uninformative, left out "
        "of the comparisons between models.",
    ]


@pytest.mark.parametrize("which", ["two", "solo", "chance"])
def test_headline_findings_are_at_most_three_sentences_with_numbers(which: str, request: pytest.FixtureRequest) -> None:
    metrics = request.getfixturevalue(which)
    headline = headline_findings(metrics)
    assert 1 <= len(headline) <= 3
    assert all(re.search(r"\d", sentence) and sentence.endswith(".") for sentence in headline), headline
    # they lead the findings in both reports
    html, md = render_html(metrics), render_markdown(metrics)
    findings = html.split('<section id="findings">')[1]
    assert findings.index('id="headline-findings"') < findings.index("<h3")
    top = md.split("## Findings")[1].split("###")[0]
    assert [line[3:] for line in top.strip().splitlines()] == [
        s.replace("[", "\\[").replace("]", "\\]") for s in headline
    ]


def test_headline_findings_of_the_two_model_run(two: dict) -> None:
    lo, hi = two["invariance"]["per_model"]["m/good"]["accuracy_micro_ci"]
    assert headline_findings(two) == [
        f"m/good is indistinguishable from a constant answer: accuracy 0.594 (Wilson 95% "
        f"[{lo:.3f}, {hi:.3f}]) on 32 items against 0.500 for always-TRUE or always-FALSE.",
        "m/good fails most on family F6: 8 of 8 wrong (1.000) against 0.208 on the same theorems' other items "
        "(Holm p = 0.00195).",
        "m/yes answers TRUE on 32 of 32 items: uninformative, left out of the comparisons between models.",
    ]


def test_headline_findings_take_the_claim_audit_when_there_is_room(tmp_path: Path) -> None:
    metrics = score_claim_audit_runs(compute([*chance_runs(tmp_path / "runs"), claim_audit_run(tmp_path)], **FAST))
    headline = headline_findings(metrics)
    assert len(headline) == 3 and headline[2].startswith(
        "Claim audit (m/yes, direct): safe on 1 of 2 scored tasks (0.500)"
    )
    summary = {"records": 4, "conditions": ["direct"], "tasks": 2, "unparseable": 1}
    assert headline_findings({"schema_version": 1, "models": []}, {"m/c": [summary]}) == [
        "Claim audit (m/c): 3 of 4 records parsed (0.750); not scored."
    ]
    assert headline_findings({"schema_version": 1}) == []


def test_metrics_from_an_older_pyverify_render_and_say_their_patterns_are_untested(chance: dict) -> None:
    old = as_older_metrics(chance)
    Metrics.model_validate(old)  # the new fields are optional
    sentences = _sentences(old)
    assert sentences["between"][1].startswith(
        "Rankings appear to reverse between families for 1 of 1 model pairs (12 apparent reversals, untested); the widest: "
    )
    assert sentences["m/a"][2].endswith("wrong on others); untested against independent answers.")
    assert sentences["m/a"][3].endswith("; untested.")
    assert {row[-1] for row in parse(render_html(old)).tables["reversal-table"]} == {"untested"}
    assert "These metrics carry no test of the reversals" in render_markdown(old)
    assert (
        headline_findings(old)[1]
        == "12 apparent rank reversals between families, untested: these metrics predate the test."
    )
    legacy = build_metrics(4, 12)  # the hand-built fixture has none of the new fields either
    assert all("untested" in row[-1] for row in parse(render_html(legacy)).tables["reversal-table"])


def test_the_report_reads_the_constant_threshold_the_metrics_use() -> None:
    from pyverify.metrics._evidence import CONSTANT_SHARE
    from pyverify.report._findings import CONSTANT_SHARE as REPORT_SHARE

    assert REPORT_SHARE == CONSTANT_SHARE


def test_the_runs_table_states_how_each_run_asked(tmp_path: Path) -> None:
    # the prompt form of an invariance run and the output form of a claim-audit run, from their summaries
    from pyverify.metrics import compute
    from pyverify.report import render_html, render_markdown
    from tests.metrics.runs import inv_row, write_run

    rows = [inv_row(f"t{i}", fam, "TRUE" if i % 2 else "FALSE", bool(i % 3), "m/base") for i in range(6)
            for fam in ("canonical", "F1")]  # fmt: skip
    base = write_run(tmp_path, "base", "m/base", rows)
    (base / "summary.json").write_text(json.dumps({"prompt_form": "few-shot"}), encoding="utf-8")
    old = write_run(tmp_path, "old", "m/old", [{**r, "model": "m/old"} for r in rows])  # an older run: no summary
    metrics = compute([base, old])
    assert [r["asked"] for r in metrics["runs"]] == ["prompt few-shot", None]
    md = render_markdown(metrics)
    assert "| invariance | prompt few-shot |" in md and "| invariance | — |" in md
    rows_html = dict((row[0], row[1:]) for row in parse(render_html(metrics)).tables["runs-table"])
    assert rows_html[str(base)][2] == "prompt few-shot"
