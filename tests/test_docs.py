"""The README is a front page that links into docs/: every relative link there and in docs/ leads to a file
that exists (and, for a #fragment, to a heading that exists), and nothing points outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    kept = "".join(ch for ch in heading.lower() if ch.isalnum() or ch in " -_")
    return kept.strip().replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(line.lstrip("#").strip()) for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("#")}  # fmt: skip


def test_every_relative_link_of_the_readme_and_docs_resolves() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            file_part, _, fragment = target.partition("#")
            resolved = (page.parent / file_part).resolve() if file_part else page
            if ROOT not in resolved.parents and resolved != ROOT:
                broken.append(f"{page.name}: {target} leaves the repository")
            elif not resolved.exists():
                broken.append(f"{page.name}: {target} does not exist")
            elif fragment and resolved.suffix == ".md" and fragment not in _anchors(resolved):
                broken.append(f"{page.name}: {target} names no heading")
    assert not broken, broken


def test_the_readme_is_a_front_page_with_a_link_per_capability() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 120 and "make demo" in readme and "make test" in readme
    for page in ("claims", "semantics", "answers-and-rewards", "claim-audit", "benchmark-and-lean", "evaluation",
                 "verifier-audit", "scale", "architecture"):  # fmt: skip
        assert f"(docs/{page}.md)" in readme, page
    assert "../shared" not in readme
