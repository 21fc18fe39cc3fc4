"""The protocol registry and interface: a protocol registered from outside runs like the shipped ones."""

from __future__ import annotations

import ast
import inspect
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Iterator, Sequence

import pytest

from pyverify.models._backend import Request, Response
from pyverify.protocols import (
    PROTOCOLS,
    Answer,
    Inputs,
    Protocol,
    Round,
    RunError,
    evaluate,
    load_protocol,
    protocol_names,
    register,
    unregister,
)
from pyverify.protocols._protocol import OPTION_NAMES


class Parity(Protocol):
    """A toy protocol in two rounds: "is n even?", then "are you sure?" built from the first answer.

    First-round rows are written as answers arrive; the follow-up rows once every round is answered.
    """

    name = "parity"
    title = "parity"
    needs = ("limit", "batch_size")

    def load(self) -> None:
        self.numbers = list(range(1, (self.options.limit or 4) + 1))

    def config(self) -> dict[str, Any]:
        return {"numbers": self.numbers}

    def prepare(self, out: Path) -> Inputs:
        return Inputs((), {"numbers": len(self.numbers)}, 2 * len(self.numbers))

    def requests(self) -> Iterator[Round]:
        self.first: dict[str, str] = {}
        self.follow_up: list[dict[str, Any]] = []
        yield Round([Request(f"n{n}", (("user", f"Is {n} even? Answer TRUE or FALSE."),)) for n in self.numbers])
        yield Round([Request(f"n{n}#sure", (("user", f"Is {n} even?"), ("assistant", self.first[f"n{n}"]),
                                             ("user", "Are you sure?"))) for n in self.numbers])  # fmt: skip

    def score(self, answer: Answer) -> dict[str, Any] | None:
        request_id, text = answer.request.request_id, answer.response.text
        if "#sure" in request_id:
            first = self.first[request_id.split("#")[0]]
            self.follow_up.append({"id": request_id, "answer": text, "flipped": text != first})
            return None
        self.first[request_id] = text
        n = int(request_id[1:])
        return {"id": request_id, "answer": text, "correct": (text == "TRUE") == (n % 2 == 0), "model": answer.model_id}

    def rows(self) -> list[dict[str, Any]]:
        return sorted(self.follow_up, key=lambda r: r["id"])

    def summarize(self, rows: Sequence[dict[str, Any]], seconds: float) -> dict[str, Any]:
        first = [r for r in rows if "correct" in r]
        return {"accuracy": sum(r["correct"] for r in first) / len(first),
                "flipped": sum(bool(r.get("flipped")) for r in rows)}  # fmt: skip


class AlwaysTrue:
    """Says TRUE, and gives in (FALSE) when asked whether it is sure; counts its calls."""

    model_id, revision = "toy/always-true", "1"
    calls = 0

    def __init__(self, *_: Any, **__: Any) -> None:
        pass

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        AlwaysTrue.calls += len(requests)
        return [
            Response(r.request_id, text="FALSE" if r.messages[-1][1] == "Are you sure?" else "TRUE") for r in requests
        ]

    def score(self, requests: Sequence[Request]) -> list[Response]:
        raise AssertionError("parity only generates")

    def describe(self) -> dict[str, Any]:
        return {"model": self.model_id, "revision": self.revision}


@pytest.fixture
def parity(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from pyverify.models import _backend

    monkeypatch.setitem(_backend.REGISTRY, "toy", "tests.protocols.test_registry:AlwaysTrue")
    AlwaysTrue.calls = 0
    register("parity", Parity)
    yield
    unregister("parity")


def _rows(run: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run / "responses.jsonl").read_text().splitlines()]


def test_a_registered_protocol_runs_through_evaluate_and_replays(tmp_path: Path, parity: None) -> None:
    assert "parity" in protocol_names() and load_protocol("parity") is Parity
    progress: list[tuple[int, str]] = []
    ticks: list[int] = []

    def factory(total: int, label: str) -> Any:
        progress.append((total, label))
        return ticks.append

    summary = evaluate("toy/m", "parity", tmp_path / "run", limit=4, progress_factory=factory)
    assert summary == {"accuracy": 0.5, "flipped": 4}
    assert json.loads((tmp_path / "run" / "summary.json").read_text()) == summary
    assert progress == [(8, "toy/m · parity")] and sum(ticks) == 8 and AlwaysTrue.calls == 8
    rows = _rows(tmp_path / "run")
    assert [r["id"] for r in rows] == ["n1", "n2", "n3", "n4", "n1#sure", "n2#sure", "n3#sure", "n4#sure"]
    assert [r["correct"] for r in rows[:4]] == [False, True, False, True] and rows[0]["model"] == "toy/always-true"
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert config["protocol"] == "parity" and config["numbers"] == [1, 2, 3, 4] and config["model"] == "toy/m"
    provenance = json.loads((tmp_path / "run" / "provenance.json").read_text())
    assert provenance["numbers"] == 4 and provenance["model"]["model"] == "toy/always-true"

    # the same protocol over the stored answers: no model call, the same rows
    again = evaluate(f"replay/{tmp_path / 'run'}", "parity", tmp_path / "replayed", limit=4)
    assert again == summary and AlwaysTrue.calls == 8
    assert _rows(tmp_path / "replayed") == rows
    with pytest.raises(RunError, match="--resume"):
        evaluate("toy/m", "parity", tmp_path / "run", limit=4)


def test_a_protocol_registered_by_module_path(tmp_path: Path, parity: None) -> None:
    unregister("parity")
    register("parity", "tests.protocols.test_registry:Parity")
    register("parity", "tests.protocols.test_registry:Parity")  # the same target again is fine
    assert load_protocol("parity") is Parity
    assert evaluate("toy/m", "parity", tmp_path / "run", limit=2) == {"accuracy": 0.5, "flipped": 2}


def test_registration_is_checked() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register("invariance", Parity)
    with pytest.raises(ValueError, match="module:Class"):
        register("toy-x", "no_colon_here")
    with pytest.raises(ValueError, match="lower case"):
        register("Bad Name", Parity)
    with pytest.raises(ValueError, match="cannot be unregistered"):
        unregister("cbu")
    register("toy-misnamed", Parity)  # Parity calls itself "parity"
    try:
        with pytest.raises(TypeError, match="calls itself 'parity'"):
            load_protocol("toy-misnamed")
    finally:
        unregister("toy-misnamed")
    register("toy-not-a-protocol", "pathlib:Path")
    try:
        with pytest.raises(TypeError, match="not a Protocol subclass"):
            load_protocol("toy-not-a-protocol")
    finally:
        unregister("toy-not-a-protocol")


def test_unknown_protocol_suggests_a_near_name() -> None:
    with pytest.raises(ValueError, match="unknown protocol 'invariace'; did you mean 'invariance'"):
        evaluate("toy/m", "invariace", Path("unused"))
    with pytest.raises(ValueError, match=r"unknown protocol 'zzz' \(known: invariance, claim-audit, cbu, cbu-catalog"):
        load_protocol("zzz")


@pytest.mark.parametrize("name", PROTOCOLS)
def test_shipped_protocols_read_only_the_options_they_need(name: str) -> None:
    cls = load_protocol(name)
    assert cls.name == name and set(cls.needs) <= set(OPTION_NAMES)
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    read = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "options"
    }
    assert read and read <= set(cls.needs), read - set(cls.needs)


def test_naming_protocols_imports_none_of_them() -> None:
    code = ("import sys\nimport pyverify.protocols as p\nassert p.protocol_names()\n"
            "print(sorted(m for m in sys.modules if m.startswith('pyverify.protocols.')))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    loaded = set(json.loads(out.stdout.replace("'", '"')))
    assert not loaded & {"pyverify.protocols._invariance", "pyverify.protocols._claim_audit", "pyverify.protocols._cbu"}


def test_an_unknown_condition_leaves_no_run_directory(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown condition"):
        evaluate("toy/m", "claim-audit", tmp_path / "run", conditions=("direct", "shouting"))
    assert not (tmp_path / "run").exists()
