"""The reference-answer catalog (formal/answers/*.toml) and ``pyverify answers build`` (issue 12, point 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import tomllib

from pyverify.answers import equivalent_answers, parse_answer
from pyverify.answers._build import CatalogError, build, candidates, load_catalog

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "formal" / "answers"

TINY = """\
[[answer]]
id = "half"
reference = '\\frac{1}{2}'
wrong = ['0.4999999999']

[[answer]]
id = "root8"
reference = '\\sqrt{8}'

[[answer]]
id = "square"
reference = '(x+1)^2'

[[answer]]
id = "interval"
reference = '[0, 1)'

[[answer]]
id = "pm"
reference = '1\\pm\\sqrt{2}'
equivalent = ['1+\\sqrt{2}, 1-\\sqrt{2}']
"""


def _tiny(tmp_path: Path) -> Path:
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    (catalog / "tiny.toml").write_text(TINY, encoding="utf-8")
    return catalog


def test_every_reference_parses_and_the_catalog_is_large_enough() -> None:
    kinds: Counter[str] = Counter()
    ids: set[str] = set()
    for path in sorted(CATALOG.glob("*.toml")):
        for row in tomllib.loads(path.read_text(encoding="utf-8"))["answer"]:
            answer = parse_answer(row["reference"])
            assert answer.kind != "unparsed", (path.name, row["id"], answer.reason)
            assert row["id"] not in ids
            ids.add(row["id"])
            kinds[answer.kind] += 1
    assert sum(kinds.values()) >= 300
    for kind in ("number", "expression", "equation", "interval", "union", "set", "tuple", "list", "matrix"):
        assert kinds[kind] > 0, kind
    assert len(load_catalog(CATALOG)) == sum(kinds.values())


def test_hand_written_candidates_are_as_labelled() -> None:
    for entry in load_catalog(CATALOG):
        for text in entry.equivalent:
            assert equivalent_answers(entry.reference, text, timeout=10).status == "equal", (entry.entry_id, text)
        for text in entry.wrong:
            assert equivalent_answers(entry.reference, text, timeout=10).status == "different", (entry.entry_id, text)


def test_rules_give_the_expected_candidates() -> None:
    from pyverify.answers._build import Entry

    got = {(d, t) for d, _, t in candidates(Entry("x.toml", "a", r"\sqrt{8}"), parse_answer(r"\sqrt{8}"))}
    assert ("D1", r"(2 \cdot \sqrt{2})") in got and ("D2", r"\sqrt{9}") in got
    got = {(d, t) for d, _, t in candidates(Entry("x.toml", "b", r"\frac{\sqrt{3}}{2}"), parse_answer(r"\frac{\sqrt{3}}{2}"))}
    assert ("D3", r"\frac{\sqrt{3}}{3}") in got
    got = {(d, t) for d, _, t in candidates(Entry("x.toml", "c", "5!"), parse_answer("5!"))}
    assert ("D1", "120") in got and ("D3", "(4)!") in got and ("D2", "(6)!") in got


def test_build_on_a_tiny_catalog_certificates_reverify(tmp_path: Path) -> None:
    catalog = _tiny(tmp_path)
    manifest = build(catalog, tmp_path / "out", timeout=5.0)
    rows = [json.loads(line) for line in (tmp_path / "out" / "pairs.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) == manifest["pairs"]["total"] > 0
    directions = Counter(r["direction"] for r in rows)
    assert directions["D1"] and directions["D2"] and directions["D3"]
    assert manifest["pairs"]["by_direction"] == {d: directions[d] for d in ("D1", "D2", "D3")}
    assert set(manifest["inputs"]) == {"tiny.toml"} and len(manifest["inputs"]["tiny.toml"]) == 64
    assert len({r["id"] for r in rows}) == len(rows)
    for r in rows:
        cert = equivalent_answers(r["reference"], r["candidate"], timeout=10)
        expected = "equal" if r["direction"] == "D1" else "different"
        assert r["certificate"]["status"] == cert.status == expected, r
        if expected == "different":
            assert r["certificate"]["witness"], r
    candidates_of = {(r["reference"], r["candidate"]) for r in rows}
    assert (r"\frac{1}{2}", "0.5") in candidates_of
    assert (r"[0, 1)", r"(0, 1)") in candidates_of
    assert (r"\frac{1}{2}", "0.4999999999") in candidates_of


def test_build_is_deterministic(tmp_path: Path) -> None:
    catalog = _tiny(tmp_path)
    build(catalog, tmp_path / "a", timeout=5.0)
    build(catalog, tmp_path / "b", timeout=5.0)
    for name in ("pairs.jsonl", "manifest.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[[answer]]\nid = 'no-ref'\n", "id 'no-ref': missing or empty 'reference'"),
        ("[[answer]]\nid = 'bad'\nreference = '\\input{x}'\n", "id 'bad': reference"),
        ("[[answer]]\nreference = '1'\n", "entry 1: missing or empty 'id'"),
        ("[[answer]]\nid = 'a'\nreference = '1'\n[[answer]]\nid = 'a'\nreference = '2'\n", "id 'a': duplicate id"),
        ("not toml = = 1\n", "cannot read"),
    ],
)
def test_bad_entries_name_file_and_id(tmp_path: Path, body: str, message: str) -> None:
    (tmp_path / "bad.toml").write_text(body, encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog(tmp_path)
    assert "bad.toml" in str(info.value) and message in str(info.value)


def test_cli_exit_codes(tmp_path: Path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "broken.toml").write_text("[[answer]]\nid = 'oops'\nreference = '\\frac{1}{'\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "pyverify.cli", "answers", "build"]
    proc = subprocess.run([*cmd, "--catalog", str(bad), "--out", str(tmp_path / "o")],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 2 and "broken.toml" in proc.stderr and "'oops'" in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stderr.startswith("error: ")
    proc = subprocess.run([*cmd, "--catalog", str(_tiny(tmp_path)), "--out", str(tmp_path / "o"), "--json"],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["pairs"]["total"] > 0
    assert (tmp_path / "o" / "pairs.jsonl").exists() and (tmp_path / "o" / "manifest.json").exists()


def test_generated_output_matches_the_catalog() -> None:
    generated = CATALOG / "generated" / "manifest.json"
    if not generated.exists():
        pytest.skip("formal/answers/generated not built")
    manifest = json.loads(generated.read_text(encoding="utf-8"))
    import hashlib

    for path in sorted(CATALOG.glob("*.toml")):
        assert manifest["inputs"][path.name] == hashlib.sha256(path.read_bytes()).hexdigest(), path.name
    assert manifest["references"]["total"] >= 300


def test_every_derived_candidate_parses() -> None:
    for entry in load_catalog(CATALOG):
        for direction, rule, text in candidates(entry, parse_answer(entry.reference)):
            assert direction in ("D1", "D2", "D3")
            assert parse_answer(text).kind != "unparsed", (entry.entry_id, rule, text, parse_answer(text).reason)


def test_every_pair_of_the_built_benchmark_reverifies() -> None:
    # every pair of the committed benchmark: its certificate comes out the same when decided again
    from pyverify.answers import equivalent_answers

    pairs_file = CATALOG / "generated" / "pairs.jsonl"
    if not pairs_file.exists():
        pytest.skip("formal/answers/generated not built")
    rows = [json.loads(line) for line in pairs_file.read_text(encoding="utf-8").splitlines() if line.strip()]
    sample = rows
    assert {r["direction"] for r in sample} == {"D1", "D2", "D3"}
    for row in sample:
        again = equivalent_answers(row["reference"], row["candidate"], timeout=10)
        assert again.status == row["certificate"]["status"], (row["id"], again.status, again.reason)
        want = "equal" if row["direction"] == "D1" else "different"
        assert again.status == want, row["id"]
        if want == "different":
            assert row["certificate"]["witness"], row["id"]
