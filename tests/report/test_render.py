"""The HTML and Markdown reports: sections and row counts, nulls, escaping, self-containment, determinism."""

from __future__ import annotations

import base64
import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pyverify.report import ReportError, render_html, render_markdown, write_report
from tests.report.fixtures import FAMILIES, build_metrics
from tests.report.htmltables import parse

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "<script>alert(1)</script>"
HOSTILE_THEOREM = '"><img src=x onerror=alert(2)>|x'


@pytest.fixture(scope="module")
def four() -> dict:
    return build_metrics(4, 12)


@pytest.fixture(scope="module")
def four_html(four: dict) -> str:
    return render_html(four)


def _data_uris(html: str) -> list[bytes]:
    return [base64.b64decode(m) for m in re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)]


def test_html_has_every_section_and_one_row_per_model_and_theorem(four: dict, four_html: str) -> None:
    page = parse(four_html)
    for section in ("findings", "summary", "families", "ig", "scr", "reversals", "theorems", "audit", "cbu", "runs"):
        assert section in page.elements, section
    summary = page.tables["summary-table"]
    assert [row[0] for row in summary] == four["models"]
    assert len(page.tables["theorem-table"]) == 12
    assert [a["data-theorem"] for a in page.row_attrs["theorem-table"]] == [f"nt.thm{i}" for i in range(12)]
    assert len(page.tables["family-table"]) == len(FAMILIES)
    assert len(page.tables["reversal-table"]) == len(four["invariance"]["rank_reversals"]) > 0
    assert len(page.tables["cbu-table"]) == 4
    assert [row[2] for row in page.tables["runs-table"]] == ["invariance"] * 4 + ["claim-audit", "cbu"]
    assert len(_data_uris(four_html)) == 3  # heatmap, IG histogram, accuracy vs SCR


def test_summary_numbers_match_the_metrics(four: dict, four_html: str) -> None:
    stats = four["invariance"]["per_model"][four["models"][0]]
    page = parse(four_html)
    row = page.tables["summary-table"][0]
    lo, hi = stats["accuracy_micro_ci"]
    glo, ghi = stats["accuracy_micro_ci_grouped"]
    # value and Wilson interval (one per line); the interval from the bootstrap over theorems is a detail
    assert row[1] == f"{stats['scored']}of {stats['items']} · {stats['coverage']:.3f}"
    assert row[2] == f"{stats['accuracy_micro']:.3f}[{lo:.3f}, {hi:.3f}]"
    assert row[6] == f"{stats['scr']['value']:.3f}floor {stats['scr']['independence_floor']:.3f}"
    assert row[8] == f"{stats['mean_ig']:.3f}"
    more = page.tables["summary-more-table"][0]
    assert more[0] == four["models"][0] and more[3] == f"[{glo:.3f}, {ghi:.3f}]"
    assert more[6].startswith("—")  # FALSE-CIR undefined: no false sibling answered canonically right
    assert len(row) == 10 and len(more) == 9


def test_per_theorem_row_shows_anchor_outcomes_ig_and_test(four: dict, four_html: str) -> None:
    page = parse(four_html)
    record = four["invariance"]["theorems"][4]
    row = page.tables["theorem-table"][4]
    assert row[0] == "nt.thm4" and row[1] == "TRUE"
    assert record["mathlib"]["name"] in row[3] and record["mathlib"]["module"] in row[3]
    assert row[4] == str(record["items"])
    outcomes = [f"{record['outcome'][m]['correct']}/{record['outcome'][m]['scored']}" for m in four["models"]]
    assert row[5:9] == outcomes
    assert row[9:13] == [f"{record['ig'][m]:.3f}" for m in four["models"]]
    assert row[13] == "cochran"
    # an undefined Q shows dashes and sorts last (empty data-v)
    undefined = page.tables["theorem-table"][0]
    assert undefined[13] == "undefined" and undefined[14:] == ["—"] * 5
    assert 'data-v=""' in four_html


def test_kendall_tau_is_a_symmetric_family_matrix(four: dict, four_html: str) -> None:
    rows = parse(four_html).tables["kendall-table"]
    assert [row[0] for row in rows] == FAMILIES
    canonical, f1 = FAMILIES.index("canonical") + 1, FAMILIES.index("F1") + 1
    assert rows[0][f1] == rows[f1 - 1][canonical] == "0.33"
    assert rows[0][canonical] == ""  # diagonal
    assert "| canonical |  | 0.33 (p = 0.74) |" in render_markdown(four)


def test_significance_and_inconsistency_flags_drive_the_filters(four: dict, four_html: str) -> None:
    attrs = parse(four_html).row_attrs["theorem-table"]
    for record, row in zip(four["invariance"]["theorems"], attrs):
        p_holm = record["cochran"]["p_holm"]
        assert row["data-significant"] == ("1" if p_holm is not None and p_holm < 0.05 else "0")
        igs = [x for x in record["ig"].values() if x is not None]
        assert row["data-inconsistent"] == ("1" if any(x > 0 for x in igs) else "0")
        assert record["theorem_id"].lower() in row["data-search"]


def test_one_model_renders_with_nulls() -> None:
    metrics = build_metrics(1, 5)
    html, md = render_html(metrics), render_markdown(metrics)
    page = parse(html)
    assert len(page.tables["summary-table"]) == 1
    # no test defined for any theorem: no columns of dashes, one line saying why
    assert all(len(row) == 7 for row in page.tables["theorem-table"])
    assert "no-tests" in page.elements and "test | Q | p | p Holm" not in md
    # the sections that compare models say in one line why they are empty instead of tables of dashes
    for element in ("no-reversals", "no-family-rankings", "no-audit", "no-comparison"):
        assert element in page.elements, element
    for table in ("reversal-table", "ranking-table", "kendall-table", "pareto-table"):
        assert table not in page.tables, table
    assert "Fleiss' κ across models" not in html and "Fleiss' κ across models" not in md
    assert "Rank reversals need two or more models; this report has 1 (packaged/smollm2-135m)." in md
    assert "| packaged/smollm2-135m |" in md


def test_zero_theorems_and_no_families() -> None:
    metrics = build_metrics(2, 0)
    metrics["invariance"]["families"] = {"names": [], "rankings": {}, "kendall_tau": []}
    metrics["invariance"]["rank_reversals"] = []
    html, md = render_html(metrics), render_markdown(metrics)
    page = parse(html)
    assert "theorem-table" not in page.tables and "no-theorems" in page.elements
    assert "No per-family failure rates." in html and "No rank reversals" in html
    assert "No theorems." in md


@pytest.mark.parametrize("kind", ["claim-audit only", "cbu only", "nothing"])
def test_missing_invariance_section(kind: str) -> None:
    metrics = build_metrics(2, 3, invariance=False, cbu=kind == "cbu only")
    if kind == "nothing":
        metrics["runs"] = []
    html, md = render_html(metrics), render_markdown(metrics)
    page = parse(html)
    assert "no-invariance" in page.elements and "summary-table" not in page.tables
    assert ("cbu-table" in page.tables) == (kind == "cbu only")
    assert "No invariance run among the inputs" in md
    assert not _data_uris(html)
    if kind == "claim-audit only":
        assert page.tables["runs-table"] == [["runs/audit-0", "packaged/smollm2-135m", "claim-audit", "—", "30"]]


def test_cbu_section_shows_both_scores_and_predictiveness(four: dict, four_html: str) -> None:
    row = parse(four_html).tables["cbu-table"][1]
    stats = four["cbu"]["per_model"][four["models"][1]]
    assert row[0] == four["models"][1] and row[1] == "21"
    assert row[2:6] == [f"{stats['utility'][k]:.3f}" for k in ("acc_at_1", "recall_at_5", "auc", "mean_win")]
    assert row[6] == "—"  # HumanWin: a column because another model has one, undefined here
    assert row[9] == "—"  # judge AUC undefined
    assert row[12:] == ["5-fold CV, logistic regression", "0.610", "0.700", "—"]
    assert "HumanWin" in four_html and four["cbu"]["tie_rule"] in four_html


def test_cbu_without_human_candidates_has_no_humanwin_column() -> None:
    metrics = build_metrics(2, 2)
    for stats in metrics["cbu"]["per_model"].values():
        stats["utility"]["human_win"] = None
    html, md = render_html(metrics), render_markdown(metrics)
    assert "HumanWin" not in html and "HumanWin" not in md
    assert all(len(row) == 14 for row in parse(html).tables["cbu-table"])


def test_claim_audit_runs_are_a_table_of_metrics_by_run(four: dict, four_html: str) -> None:
    rows = parse(four_html).tables["claim-audit-table"]
    assert rows == [
        ["records", "30"],
        ["conditions", "direct, verifier_feedback"],
        ["tasks", "15"],
        ["unparseable", "2"],
        ["seconds", "12.5"],
    ]
    md = render_markdown(four)
    assert "## Claim audit" in md and "| metric | packaged/smollm2-135m (30 rows) |" in md
    assert "| conditions | direct, verifier\\_feedback |" in md
    assert "{" not in md.split("## Claim audit")[1].split("## Runs")[0]  # never a dict


def test_producer_details_are_shown(four: dict, four_html: str) -> None:
    page = parse(four_html)
    # theorem 0 has no exact permutation p but a Monte Carlo one: shown and marked
    record = next(t for t in four["invariance"]["theorems"] if t["cochran"].get("p_monte_carlo") is not None)
    row = page.tables["theorem-table"][four["invariance"]["theorems"].index(record)]
    assert row[-2].endswith("(MC)")
    assert "Items still marked needs_review were excluded: hf/qwen2.5-0.5b-instruct 2." in four_html
    assert "an item is flagged when 3 or more models fail it" in four_html
    one = render_html(build_metrics(2, 2))
    assert "inactive: fewer models ran than the n of m-of-n" in one


@pytest.mark.parametrize("args", [(4, 12), (1, 5), (2, 0), (3, 80)])
def test_fixtures_follow_the_producers_schema(args: tuple[int, int]) -> None:
    # the hand-built dicts are what pyverify.metrics would emit: its pydantic contract (extra keys forbidden)
    from pyverify.metrics import Metrics

    Metrics.model_validate(build_metrics(*args))
    Metrics.model_validate(build_metrics(*args, invariance=False))


def test_hostile_strings_are_escaped_in_html_and_inert_in_markdown() -> None:
    metrics = build_metrics(2, 4, models=[HOSTILE, "a|b*c_[x](javascript:alert(3))"])
    metrics["invariance"]["theorems"][2]["theorem_id"] = HOSTILE_THEOREM
    metrics["invariance"]["theorems"][2]["mathlib"] = {"name": "</code><b>x", "module": "M\nN"}
    html = render_html(metrics)
    assert HOSTILE not in html and "<img src=x" not in html and "</code><b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    page = parse(html)
    assert page.tables["summary-table"][0][0] == HOSTILE  # shown as text
    assert [t for t, _ in page.tags].count("script") == 2  # only the report's own two scripts
    assert page.row_attrs["theorem-table"][2]["data-theorem"] == HOSTILE_THEOREM

    md = render_markdown(metrics)
    assert "<script" not in md and "<img" not in md
    # no link syntax survives from the names ("](" only as "\\]("): the only links are the Findings' own
    targets = re.findall(r"(?<!\\)\]\(([^)]*)\)", md)
    assert targets and all(re.fullmatch(r"#[a-z0-9-]+", t) for t in targets), targets
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in md
    # every table row keeps its column count: a pipe in a name is escaped
    for block in re.findall(r"(?:^\|.*\|\n)+", md, flags=re.M):
        lines = block.splitlines()
        widths = {len(re.findall(r"(?<!\\)\|", line)) for line in lines}
        assert len(widths) == 1, lines


def test_html_is_self_contained(four_html: str) -> None:
    assert not re.search(r"""(?:src|href|action|srcset|poster|data)\s*=\s*["']?\s*(?:[a-z]+:)?//""", four_html, re.I)
    assert "@import" not in four_html and "url(" not in four_html
    csp = parse(four_html).tags
    policy = next(a["content"] for t, a in csp if t == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in policy and "img-src data:" in policy
    for svg in _data_uris(four_html):
        text = svg.decode("utf-8")
        assert text.lstrip().startswith("<?xml") and "<script" not in text
        # only references inside the SVG (#glyph ids) and embedded rasters (imshow's data: PNG)
        assert not re.search(r"""href\s*=\s*["'](?!#|data:)""", text)


def test_rendering_is_deterministic_across_processes(four: dict, four_html: str, tmp_path: Path) -> None:
    assert render_html(four) == four_html
    assert render_markdown(four) == render_markdown(copy.deepcopy(four))
    metrics_file = tmp_path / "m.json"
    metrics_file.write_text(json.dumps(four), encoding="utf-8")
    code = (
        "import json, sys\nfrom pyverify.report import render_html\n"
        f"sys.stdout.write(render_html(json.load(open({str(metrics_file)!r}))))"
    )
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True, cwd=ROOT
    )
    assert other.stdout == four_html


def test_markdown_has_the_same_tables(four: dict) -> None:
    md = render_markdown(four)
    for heading in (
        "## Findings",
        "## Summary per model",
        "## Failure rate by family",
        "## Distribution of the invariance gap",
        "## Accuracy against SCR",
        "## Rank reversals",
        "## Per theorem",
        "## Consequence-based utility",
        "## Runs",
    ):
        assert heading in md, heading
    for header in (r"\| model \| scored of items", r"\| model \| accuracy \(macro\)"):
        summary = re.search(header + r".*?\n\n", md, re.S)
        assert summary is not None and summary.group(0).count("\n|") == 1 + len(four["models"])  # separator + rows
    assert "| nt.thm4 | TRUE | Nat.add\\_comm | Mathlib.Algebra.Group.Defs | 7 |" in md
    assert "| F8 | — |" in md  # a family with no scored item for the first model


def test_markdown_cuts_the_theorem_table_to_the_50_most_significant() -> None:
    metrics = build_metrics(3, 80)
    md = render_markdown(metrics)
    rows = re.findall(r"^\| (nt\.thm\d+) \|", md, flags=re.M)
    assert len(rows) == 50
    assert "The 50 most significant of 80 theorems" in md
    records = metrics["invariance"]["theorems"]
    key = {
        r["theorem_id"]: (r["cochran"]["p_holm"] is None, r["cochran"]["p_holm"] or 0, r["cochran"]["p"] or 0)
        for r in records
    }
    assert rows == sorted(rows, key=lambda t: key[t])
    assert len(parse(render_html(metrics)).tables["theorem-table"]) == 80  # the HTML keeps them all


def test_write_report_writes_three_files(four: dict, tmp_path: Path) -> None:
    out = tmp_path / "a" / "b"
    paths = write_report(four, out)
    assert {p.name for p in paths.values()} == {"report.html", "report.md", "metrics.json"}
    assert json.loads((out / "metrics.json").read_text(encoding="utf-8")) == four
    assert (out / "report.html").read_text(encoding="utf-8") == render_html(four)
    assert (out / "report.md").read_text(encoding="utf-8") == render_markdown(four)


@pytest.mark.parametrize(
    ("metrics", "message"),
    [
        ([], "must be a JSON object"),
        ({"schema_version": 2}, "unsupported metrics schema_version 2"),
        ({"models": []}, "schema_version None"),
        ({"schema_version": 1, "invariance": [1, 2]}, "metrics['invariance'] must be an object"),
    ],
)
def test_bad_metrics_raise_report_error(metrics: object, message: str, tmp_path: Path) -> None:
    with pytest.raises(ReportError, match=re.escape(message)):
        write_report(metrics, tmp_path / "out")  # type: ignore[arg-type]
    assert not (tmp_path / "out").exists()


def test_nan_in_metrics_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    metrics = build_metrics(1, 2)
    metrics["invariance"]["per_model"]["packaged/smollm2-135m"]["mean_ig"] = float("nan")
    with pytest.raises(ReportError, match="not plain JSON"):
        write_report(metrics, tmp_path / "out")
    assert not (tmp_path / "out").exists()
    assert "—" in render_markdown(metrics)  # rendering alone shows NaN as undefined


def test_malformed_inner_values_render_as_undefined() -> None:
    metrics = build_metrics(2, 3)
    model = metrics["models"][0]
    metrics["invariance"]["per_model"][model]["scr"] = "oops"
    metrics["invariance"]["per_model"][model]["accuracy_micro"] = True
    metrics["invariance"]["theorems"][0]["outcome"] = None
    metrics["invariance"]["theorems"][1]["cochran"]["p_holm"] = "0.01"
    html = render_html(metrics)
    row = parse(html).tables["summary-table"][0]
    assert row[2].startswith("—") and row[6].startswith("—")
    assert parse(html).tables["theorem-table"][0][5:7] == ["—", "—"]


def test_extra_sections_from_a_newer_producer_are_shown_raw() -> None:
    metrics = build_metrics(1, 1)
    metrics["claim_audit"] = {"per_model": {"m": {"strict": 0.5, "note": "<b>x</b>"}}}
    html, md = render_html(metrics), render_markdown(metrics)
    assert "other" in parse(html).elements and "&lt;b&gt;x&lt;/b&gt;" in html
    assert '"strict": 0.5' in md and "```json" in md


def test_names_that_look_like_math_or_run_long_do_not_break_the_figures() -> None:
    # matplotlib would parse "$...$" as math text (and fail on an unknown command); the report turns that off
    names = ["m/$\\notacommand{x}$", "m/" + "x" * 200, *[f"m/{i}" for i in range(10)]]
    metrics = build_metrics(len(names), 6, models=names)
    html = render_html(metrics)
    assert len(_data_uris(html)) == 3
    assert [row[0] for row in parse(html).tables["summary-table"]] == names


def test_names_in_scripts_the_font_lacks_draw_without_warnings(recwarn: pytest.WarningsRecorder) -> None:
    # DejaVu has no CJK glyphs: matplotlib warned once per glyph and figure on stderr
    metrics = build_metrics(2, 3, models=["org/模型", "org/b"])
    assert len(_data_uris(render_html(metrics))) == 3
    assert not [w for w in recwarn if "missing from font" in str(w.message)]
