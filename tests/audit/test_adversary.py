"""D3 candidates written by a model through the evaluation engine (a fake backend here)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import pytest

from pyverify.audit._adversary import extract_code
from pyverify.models._backend import Request, Response

WRONG_HAS_CLOSE = """Sure, here it is:

```python
def has_close_elements(numbers, threshold):
    for i, a in enumerate(numbers):
        for b in numbers[i + 1:]:
            if abs(a - b) <= threshold:
                return True
    return False
```
"""


class FakeAdversary:
    """Answers HumanEval/0 with a plausible wrong solution, everything else with prose."""

    model_id = "fake/adversary"
    revision = "1"
    calls = 0

    def __init__(self, *_: Any, **__: Any) -> None:
        pass

    def describe(self) -> dict[str, Any]:
        return {"model": self.model_id, "revision": self.revision}

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        FakeAdversary.calls += len(requests)
        return [
            Response(r.request_id, text=WRONG_HAS_CLOSE if "has_close_elements" in r.messages[0][1] else "I cannot.")
            for r in requests
        ]


@pytest.fixture(autouse=True)
def fake(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyverify.models import _backend

    monkeypatch.setitem(_backend.REGISTRY, "fake", "tests.audit.test_adversary:FakeAdversary")
    FakeAdversary.calls = 0


def test_extract_code_takes_the_block_that_defines_the_entry_point() -> None:
    assert extract_code(WRONG_HAS_CLOSE, "has_close_elements").startswith("def has_close_elements")
    assert extract_code("no code at all", "f") is None
    assert extract_code("```python\ndef g(x):\n    return x\n```", "f") is None
    assert extract_code("```python\ndef f(x:\n```", "f") is None  # does not parse
    assert extract_code("<think>```python\ndef f(): pass\n```</think>", "f") is None
    assert extract_code("def f(x):\n    return x + 1\n", "f") == "def f(x):\n    return x + 1\n"


def test_extract_code_never_runs_what_it_reads(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = f"```python\nimport pathlib\npathlib.Path({str(marker)!r}).write_text('x')\ndef f():\n    return 1\n```"
    assert extract_code(text, "f") is not None
    assert not marker.exists()


def test_model_adversary_feeds_d3_and_resumes_from_the_store(tmp_path: Path) -> None:
    from pyverify.cli import main

    out = tmp_path / "audit"
    argv = ["audit", "humaneval", "--limit", "2", "--mutants", "2", "--model", "fake/adversary", "--out", str(out),
            "--json"]  # fmt: skip
    assert main(argv) == 0
    record = json.loads((out / "audit.json").read_text())
    assert record["config"]["model_adversary"]["usable"] == 1
    assert record["config"]["model_adversary"]["no_code"] == 1
    item = next(i for i in record["items"] if i["item_id"] == "HumanEval/0")
    attempt = item["d3"][0]
    assert attempt["adversary"] == "fake/adversary"
    assert attempt["separated"] and attempt["accepted"]  # HumanEval's suite accepts the <= bug
    assert item["verdict"] == "FALSE-POSITIVE"
    calls = FakeAdversary.calls
    assert main([*argv[:-2], str(tmp_path / "again"), "--json"]) == 0  # other --out: a fresh store
    assert FakeAdversary.calls == calls + 2
    assert main(argv) == 0  # same --out: answers come from the store
    assert FakeAdversary.calls == calls + 2


def test_unknown_model_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pyverify.cli import main

    code = main(["audit", "humaneval", "--limit", "1", "--mutants", "0", "--model", "nosuch/x", "--out", str(tmp_path)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and err[0].startswith("error: --model nosuch/x")
