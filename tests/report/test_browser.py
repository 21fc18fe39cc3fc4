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
from pathlib import Path

import pytest

from pyverify.report import write_report
from tests.report.fixtures import build_metrics
from tests.report.htmltables import parse

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium not found (Debian: apt-get install -y chromium)")
WINDOW = (1280, 900)
TIMEOUT_S = 45


def _chromium(url: str, tmp: Path, *extra: str) -> tuple[str, str]:
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
        f"--window-size={WINDOW[0]},{WINDOW[1]}",
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


CASES = {
    "four models": lambda: build_metrics(4, 12),
    "one model": lambda: build_metrics(1, 5),
    "zero theorems": lambda: build_metrics(2, 0),
    "claim-audit only": lambda: build_metrics(2, 3, invariance=False, cbu=False),
    "hostile names": lambda: build_metrics(
        2, 6, models=["<script>alert(1)</script>", 'x"><img src=y onerror=alert(2)>']
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_page_loads_without_errors_and_the_table_script_passes_its_selftest(case: str, tmp_path: Path) -> None:
    metrics = CASES[case]()
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
        assert [row[0] for row in page.tables["summary-table"]] == metrics["models"]


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


def test_screenshot_shows_the_summary_table(tmp_path: Path) -> None:
    import matplotlib.image

    metrics = build_metrics(4, 12)
    html = write_report(metrics, tmp_path / "r")["html"]
    dom, _ = _chromium(html.as_uri() + "#selftest", tmp_path, "--dump-dom")
    body = next(attrs for tag, attrs in parse(dom).tags if tag == "body")
    left, top, right, bottom = (int(x) for x in body["data-summary-box"].split(","))
    assert 0 <= top < bottom <= WINDOW[1] and right - left > 400, "summary table is not in the first screen"

    png = tmp_path / "shot.png"
    _chromium(html.as_uri(), tmp_path, f"--screenshot={png}", "--hide-scrollbars")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = matplotlib.image.imread(str(png))
    assert image.shape[:2] == (WINDOW[1], WINDOW[0])
    luminance = image[..., :3].mean(axis=2)
    table = luminance[top:bottom, left:right]
    # text and grid lines: many dark pixels inside the table's box, enough to be rows of numbers
    assert (table < 0.5).mean() > 0.02, (table < 0.5).mean()
    assert (table < 0.95).mean() > 0.05
    # and the rows are there: dark pixels in each quarter of the table's height
    for quarter in range(4):
        band = table[quarter * table.shape[0] // 4 : (quarter + 1) * table.shape[0] // 4]
        assert (band < 0.5).any(), quarter
