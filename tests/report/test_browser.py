"""The HTML report in a real headless Chromium: no console errors, the table script works, the summary shows.

Needs Debian's ``chromium`` (``apt-get install -y chromium``); skipped, with that reason, only when it is
absent. Every browser call has a timeout and runs in its own process group, killed whole on timeout.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from pyverify.metrics import compute
from pyverify.report import score_claim_audit_runs, write_report
from tests.report.fixtures import build_metrics
from tests.report.htmltables import parse
from tests.report.runs import claim_audit_run, one_model_runs, two_model_runs

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium not found (Debian: apt-get install -y chromium)")
WINDOW = (1280, 900)
TIMEOUT_S = 45


def _chromium(url: str, tmp: Path, *extra: str, window: tuple[int, int] = WINDOW) -> tuple[str, str]:
    """Run headless Chromium on ``url``; return (stdout, stderr)."""
    profile = tmp / f"profile-{len(list(tmp.glob('profile-*')))}"
    args = [
        str(CHROMIUM),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--enable-logging=stderr",
        "--v=0",
        f"--window-size={window[0]},{window[1]}",
        *extra,
        url,
    ]
    env = dict(os.environ, HOME=str(tmp))
    with subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
    ) as process:
        try:
            out, err = process.communicate(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail(f"chromium did not finish within {TIMEOUT_S} s on {url}")
    assert process.returncode == 0, err[-2000:]
    return out, err


def _console_lines(stderr: str) -> list[str]:
    # Chromium logs every console message and uncaught exception of the page as INFO:CONSOLE
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


FAST = {"bootstrap": 200, "permutations": 200}
LONG_NAMES = ["org/" + "very-long-model-name-" * 6 + "v1", "m/" + "x" * 120, "m/short"]
CASES: dict[str, Callable[[Path], dict]] = {
    "four models": lambda tmp: build_metrics(4, 12),
    "one model": lambda tmp: build_metrics(1, 5),
    "zero theorems": lambda tmp: build_metrics(2, 0),
    "claim-audit only": lambda tmp: build_metrics(2, 3, invariance=False, cbu=False),
    "hostile names": lambda tmp: build_metrics(
        2, 6, models=["<script>alert(1)</script>", 'x"><img src=y onerror=alert(2)>']
    ),
    "long names": lambda tmp: build_metrics(3, 6, models=LONG_NAMES),
    "two models from runs": lambda tmp: score_claim_audit_runs(
        compute([*two_model_runs(tmp / "runs"), claim_audit_run(tmp / "runs")], **FAST)
    ),
    "one model with samples": lambda tmp: compute(one_model_runs(tmp / "runs"), **FAST),
}


@pytest.mark.parametrize("case", list(CASES))
def test_page_loads_without_errors_and_the_table_script_passes_its_selftest(case: str, tmp_path: Path) -> None:
    metrics = CASES[case](tmp_path)
    html = write_report(metrics, tmp_path / "report")["html"]
    dom, stderr = _chromium(html.as_uri() + "#selftest", tmp_path, "--dump-dom")
    assert not _console_lines(stderr), _console_lines(stderr)
    page = parse(dom)
    root = next(attrs for tag, attrs in page.tags if tag == "html")
    assert root.get("data-js-errors") == "0", root.get("data-js-last-error")
    body = next(attrs for tag, attrs in page.tags if tag == "body")
    theorems = (metrics["invariance"] or {}).get("theorems", [])
    assert body.get("data-selftest", "").startswith(f"ok rows={len(theorems)}"), body.get("data-selftest")
    if theorems:
        # the selftest leaves the table sorted by Holm p ascending: empty values last, ties in table order
        shown = [attrs["data-theorem"] for attrs in page.row_attrs["theorem-table"]]
        expected = sorted(
            range(len(theorems)),
            key=lambda i: (theorems[i]["cochran"]["p_holm"] is None, theorems[i]["cochran"]["p_holm"] or 0.0, i),
        )
        assert shown == [theorems[i]["theorem_id"] for i in expected]
        assert f"{len(theorems)} of {len(theorems)} theorems shown" in dom
    if metrics["invariance"]:
        models = [m for m in metrics["models"] if m in metrics["invariance"]["per_model"]]
        assert [row[0] for row in page.tables["summary-table"]] == models
    # at 1280 px nothing needs a horizontal scroll bar: the page, and the summary table within its section
    scroll_width, client_width = (int(x) for x in body["data-page-width"].split(","))
    assert scroll_width <= client_width <= WINDOW[0], body["data-page-width"]
    if "data-summary-width" in body:
        table_width, room = (int(x) for x in body["data-summary-width"].split(","))
        assert table_width <= room, body["data-summary-width"]


def test_selftest_counts_match_the_filters(tmp_path: Path) -> None:
    metrics = build_metrics(4, 12)
    dom, _ = _chromium(write_report(metrics, tmp_path / "r")["html"].as_uri() + "#selftest", tmp_path, "--dump-dom")
    status = next(attrs for tag, attrs in parse(dom).tags if tag == "body")["data-selftest"]
    counts = dict(re.findall(r"(\w+)=(\d+)", status))
    theorems = metrics["invariance"]["theorems"]
    significant = sum(1 for t in theorems if t["cochran"]["p_holm"] is not None and t["cochran"]["p_holm"] < 0.05)
    inconsistent = sum(1 for t in theorems if any((x or 0) > 0 for x in t["ig"].values()))
    assert counts == {"rows": "12", "text": "1", "significant": str(significant), "inconsistent": str(inconsistent)}
    assert 0 < significant < 12 and 0 < inconsistent < 12  # the fixture exercises both toggles


SCREENSHOT = (1280, 1600)  # 1280 px wide; tall enough for the findings of four models and the summary


@pytest.mark.parametrize("case", ["four models", "two models from runs", "long names"])
def test_screenshot_at_1280_px_shows_the_findings_and_the_whole_summary_table(case: str, tmp_path: Path) -> None:
    import matplotlib.image

    metrics = CASES[case](tmp_path)
    html = write_report(metrics, tmp_path / "r")["html"]
    dom, _ = _chromium(html.as_uri() + "#selftest", tmp_path, "--dump-dom", window=SCREENSHOT)
    body = next(attrs for tag, attrs in parse(dom).tags if tag == "body")
    boxes = {name: [int(x) for x in body[f"data-{name}-box"].split(",")] for name in ("findings", "summary")}
    findings, summary = boxes["findings"], boxes["summary"]
    assert findings[3] <= summary[1], "the findings come before the summary table"
    for name, (left, top, right, bottom) in boxes.items():
        # within the screenshot, whole: nothing cut at the right edge, nothing below the fold
        assert 0 <= left and right <= SCREENSHOT[0] and 0 <= top < bottom <= SCREENSHOT[1], (name, boxes[name])
        assert right - left > 400, (name, boxes[name])

    png = tmp_path / "shot.png"
    _chromium(html.as_uri(), tmp_path, f"--screenshot={png}", "--hide-scrollbars", window=SCREENSHOT)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = matplotlib.image.imread(str(png))
    assert image.shape[:2] == (SCREENSHOT[1], SCREENSHOT[0])
    luminance = image[..., :3].mean(axis=2)
    for name, (left, top, right, bottom) in boxes.items():
        region = luminance[top:bottom, left:right]
        # text (and the table's grid lines): dark pixels inside the box, enough to be lines of words or numbers
        assert (region < 0.5).mean() > 0.01, (name, (region < 0.5).mean())
        assert (region < 0.95).mean() > 0.03, name
        # spread over the whole box: dark pixels in each quarter of its height
        for quarter in range(4):
            band = region[quarter * region.shape[0] // 4 : (quarter + 1) * region.shape[0] // 4]
            assert (band < 0.5).any(), (name, quarter)
    # the summary table's last column is drawn: dark pixels in its right-most tenth
    left, top, right, bottom = summary
    assert (luminance[top:bottom, right - (right - left) // 10 : right] < 0.5).any()
