"""Protocols with a deterministic fake backend: rows, parsing, resume, claim-audit conditions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import pytest

from pyverify.models._backend import Request, Response
from pyverify.protocols import RunError, evaluate
from pyverify.protocols._invariance import parse_answer


class FakeBackend:
    """Answers TRUE when the item text has an even length; drafts a fixed audit; counts calls."""

    model_id = "fake/model"
    revision = "1"
    calls = 0

    def __init__(self, *_: Any, **__: Any) -> None:
        pass

    def describe(self) -> dict[str, Any]:
        return {"model": self.model_id, "revision": self.revision}

    def score(self, requests: Sequence[Request]) -> list[Response]:
        FakeBackend.calls += len(requests)
        out = []
        for r in requests:
            even = len(r.messages[0][1]) % 2 == 0
            out.append(Response(r.request_id, logprobs=(-0.1, -2.0) if even else (-2.0, -0.1)))
        return out

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        FakeBackend.calls += len(requests)
        out = []
        for r in requests:
            last = r.messages[-1][1]
            if "TRUE or FALSE" in last:
                out.append(Response(r.request_id, text="<think>hmm</think>\nTRUE, because."))
            elif len(r.messages) == 1:
                out.append(Response(r.request_id, text='{"verdict": "invalid", "scope": "x", "failure_mode": "none", '
                                    '"counterexample": {"state": {"rho": 2}}, "repair": "none"}'))  # fmt: skip
            else:
                out.append(Response(r.request_id, text=f"REVIEWED: {last[:60]}"))
        return out


@pytest.fixture(autouse=True)
def fake(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyverify.models import _backend

    monkeypatch.setitem(_backend.REGISTRY, "fake", "tests.protocols.test_protocols:FakeBackend")
    FakeBackend.calls = 0


def _items(tmp_path: Path, n: int = 12) -> Path:
    rows = [{"item_id": f"t{i}#canonical", "theorem_id": f"t{i}", "family": "canonical" if i % 2 else "F1", "tier": "T0",
             "label": "TRUE" if i % 3 else "FALSE", "text": "x" * (10 + i)} for i in range(n)]  # fmt: skip
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_answer_parsing() -> None:
    assert parse_answer("TRUE") == ("TRUE", "parsed")
    assert parse_answer("false. It fails at x = 0")[0] is None or parse_answer("FALSE. It fails")[0] == "FALSE"
    assert parse_answer("FALSE. It fails at x = 0") == ("FALSE", "parsed")
    assert parse_answer("I think the answer is TRUE here.") == ("TRUE", "parsed")
    assert parse_answer("TRUE or FALSE? Hard to say") == (None, "unparseable")
    assert parse_answer("<think>long thought that never") == (None, "truncated")
    assert parse_answer("<think>a</think>\n**FALSE**") == ("FALSE", "parsed")


def test_invariance_rows_and_resume(tmp_path: Path) -> None:
    items = _items(tmp_path)
    summary = evaluate("fake/model", "invariance", tmp_path / "run", items_path=items)
    assert summary["items"] == 12 and summary["coverage"] == 1.0
    rows = [json.loads(line) for line in (tmp_path / "run" / "responses.jsonl").read_text().splitlines()]
    assert [r["item_id"] for r in rows] == [f"t{i}#canonical" for i in range(12)]
    assert all(r["prediction"] in ("TRUE", "FALSE") and r["logprobs"] for r in rows)
    assert (tmp_path / "run" / "provenance.json").is_file() and (tmp_path / "run" / "config.json").is_file()
    calls = FakeBackend.calls
    with pytest.raises(RunError, match="--resume"):
        evaluate("fake/model", "invariance", tmp_path / "run", items_path=items)
    again = evaluate("fake/model", "invariance", tmp_path / "run", items_path=items, resume=True)
    assert FakeBackend.calls == calls  # every answer came from the store
    assert again["accuracy"] == summary["accuracy"]
    rows = (tmp_path / "run" / "responses.jsonl").read_text().splitlines()
    assert len(rows) == 12 and len({json.loads(r)["item_id"] for r in rows}) == 12


def test_generation_mode_and_samples(tmp_path: Path) -> None:
    summary = evaluate(
        "fake/model", "invariance", tmp_path / "g", items_path=_items(tmp_path, 4), mode="generate", samples=3
    )
    rows = [json.loads(line) for line in (tmp_path / "g" / "responses.jsonl").read_text().splitlines()]
    assert len(rows) == 12 and {r["sample"] for r in rows} == {0, 1, 2}
    assert all(r["prediction"] == "TRUE" for r in rows) and summary["scored"] == 12


def test_claim_audit_conditions_reuse_the_draft(tmp_path: Path) -> None:
    conditions = ("direct", "generic_feedback", "verifier_feedback")
    evaluate("fake/model", "claim-audit", tmp_path / "ca", limit=3, conditions=conditions, max_new_tokens=64)
    records = [json.loads(line) for line in (tmp_path / "ca" / "responses.jsonl").read_text().splitlines()]
    assert len(records) == 9
    drafts = {r["task_id"]: r["draft_output"] for r in records if r["protocol"] == "direct"}
    for record in records:
        assert record["draft_output"] == drafts[record["task_id"]]  # byte for byte
        if record["protocol"] == "verifier_feedback":
            assert record["verifier_feedback"]["status"] == "rejected"
            assert record["raw_output"].startswith("REVIEWED: A checker evaluated")
        else:
            assert record["verifier_feedback"] is None
    assert all(r["prediction"] is not None for r in records if r["protocol"] == "direct")
    assert (tmp_path / "ca" / "suite" / "references.jsonl").is_file()


def test_cbu_protocol_writes_one_row_per_candidate(tmp_path: Path) -> None:
    summary = evaluate("fake/model", "cbu", tmp_path / "cbu", limit=3, samples=1, max_new_tokens=32)
    assert summary == {"tasks": 3, "candidates": 9, "samples": 1, "output": "free text"}
    rows = [json.loads(line) for line in (tmp_path / "cbu" / "responses.jsonl").read_text().splitlines()]
    assert len(rows) == 9
    assert all(0.0 <= r["utility"] <= 1.0 and r["calls"] == len(r["neighbours"]) for r in rows)
    assert sum(r["correct"] for r in rows) >= 3  # the reference audit of each task is correct


def test_cbu_on_catalog_items(tmp_path: Path) -> None:
    rows = []
    for t in range(3):
        for family, label, suffix in (("canonical", "TRUE", ""), ("F1", "TRUE", ""), ("canonical", "FALSE", ".s")):
            rows.append({"item_id": f"t{t}{suffix}#{family}", "theorem_id": f"t{t}{suffix}", "parent_theorem": f"t{t}",
                         "family": family, "tier": "T0", "label": label, "text": f"statement {t}{suffix} {family}"})  # fmt: skip
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    summary = evaluate("fake/model", "cbu-catalog", tmp_path / "cc", items_path=path, limit=2, samples=1)
    assert summary == {"items": 2, "candidates": 4, "samples": 1, "output": "free text"}
    out = [json.loads(line) for line in (tmp_path / "cc" / "responses.jsonl").read_text().splitlines()]
    assert len(out) == 4 and {r["answer"] for r in out} == {"TRUE", "FALSE"}
    assert all(len(r["neighbours"]) == 2 for r in out)


def test_main_job_writes_the_html_report_over_every_model(tmp_path: Path) -> None:
    from pyverify.protocols import main_job

    config = tmp_path / "config.yaml"
    config.write_text(
        "models: [fake/model, fake/other]\n"
        "invariance: {items: families/generated/items.jsonl, limit: 40}\n"
        "claim_audit: {limit: 2, conditions: [direct], max_new_tokens: 32}\n"
    )
    report = main_job(config, tmp_path / "job", resume=False)
    html = Path(report["html"])
    assert html.name == "report.html" and html.is_file()
    metrics = json.loads((html.parent / "metrics.json").read_text())
    assert set(metrics["models"]) == {"fake/model", "fake/other"}
    assert metrics["invariance"]["theorems"], "per-theorem statistics are missing"
    assert (tmp_path / "job" / "summary.json").is_file() and (tmp_path / "job" / "report.md").is_file()


def test_sampled_choices_score_each_item_once_and_draw_reproducibly(tmp_path: Path) -> None:
    items = _items(tmp_path, 6)
    summary = evaluate("fake/model", "invariance", tmp_path / "c", items_path=items, samples=40, temperature=1.0)
    assert FakeBackend.calls == 6  # one scoring pass per item, however many samples
    rows = [json.loads(line) for line in (tmp_path / "c" / "responses.jsonl").read_text().splitlines()]
    assert len(rows) == 240 and summary["items"] == 6 and summary["answers"] == 240
    by_item: dict[str, list[str]] = {}
    for r in rows:
        by_item.setdefault(r["item_id"], []).append(r["prediction"])
        assert r["temperature"] == 1.0 and 0 < r["p_true"] < 1
    for r in rows:
        # log-probabilities (-0.1, -2.0): p = 1 / (1 + e^-1.9) ≈ 0.87 for the likelier answer
        likely = "TRUE" if r["logprobs"]["TRUE"] > r["logprobs"]["FALSE"] else "FALSE"
        share = by_item[r["item_id"]].count(likely) / 40
        assert 0.6 < share < 1.0  # sampled, not the argmax every time
    again = evaluate("fake/model", "invariance", tmp_path / "d", items_path=items, samples=40, temperature=1.0)
    rows_again = [json.loads(line) for line in (tmp_path / "d" / "responses.jsonl").read_text().splitlines()]
    assert [r["prediction"] for r in rows] == [r["prediction"] for r in rows_again] and again["accuracy"] == summary[
        "accuracy"]  # fmt: skip


def test_several_greedy_choice_samples_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="temperature above 0"):
        evaluate("fake/model", "invariance", tmp_path / "e", items_path=_items(tmp_path, 2), samples=3)
    assert not (tmp_path / "e").exists()


class BaseFake(FakeBackend):
    """The fake as a base model (no chat template); keeps every request it is sent."""

    model_id = "fake/base"
    plain_prompts = True
    sent: list[Request] = []

    def describe(self) -> dict[str, Any]:
        return {"model": self.model_id, "revision": self.revision, "plain_prompts": True}

    def score(self, requests: Sequence[Request]) -> list[Response]:
        BaseFake.sent += list(requests)
        return super().score(requests)

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        BaseFake.sent += list(requests)
        return super().generate(requests)


def _paraphrased_items(tmp_path: Path) -> Path:
    rows = []
    for t in range(8):
        for family, label in (("canonical", "TRUE"), ("F1", "TRUE")):
            rows.append({"item_id": f"th{t}#{family}", "theorem_id": f"th{t}", "parent_theorem": f"th{t}",
                         "family": family, "tier": "T0", "label": label, "text": f"{family} statement {t} holds."})
        rows.append({"item_id": f"th{t}.false#canonical", "theorem_id": f"th{t}.false", "parent_theorem": f"th{t}",
                     "family": "canonical", "tier": "T0", "label": "FALSE", "text": f"statement {t} fails."})  # fmt: skip
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_a_base_model_gets_few_shot_prompts_from_other_theorems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pyverify.models import _backend

    monkeypatch.setitem(_backend.REGISTRY, "fake", "tests.protocols.test_protocols:BaseFake")
    BaseFake.sent = []
    items = _paraphrased_items(tmp_path)
    summary = evaluate("fake/base", "invariance", tmp_path / "b", items_path=items)
    assert summary["prompt_form"] == "few-shot"
    assert json.loads((tmp_path / "b" / "provenance.json").read_text())["prompt_form"] == "few-shot"
    by_item = {r.request_id.split("#s")[0]: r for r in BaseFake.sent}
    texts = {json.loads(line)["item_id"]: json.loads(line)["text"] for line in items.read_text().splitlines()}
    theorem_of = {item: item.split("#")[0].split(".")[0] for item in texts}
    shots_of = {}
    for item, request in by_item.items():
        prompt = request.messages[0][1]
        assert request.choices == (" TRUE", " FALSE") and prompt.endswith(f"Statement: {texts[item]}\nAnswer:")
        shots = [block for block in prompt.split("\n\n")[1:-1]]
        assert len(shots) == 4 and sum(s.endswith("Answer: TRUE") for s in shots) == 2
        for shot in shots:  # never the item's own theorem or its false sibling
            shown = shot.split("\n")[0].removeprefix("Statement: ")
            assert theorem_of[next(i for i, t in texts.items() if t == shown)] != theorem_of[item]
        shots_of[item] = shots
    # every wording of a theorem sees the same examples
    assert shots_of["th3#canonical"] == shots_of["th3#F1"] == shots_of["th3.false#canonical"]
    assert shots_of["th3#canonical"] != shots_of["th4#canonical"]
    # a chat model, or a forced form, keeps or changes it
    forced = evaluate("fake/base", "invariance", tmp_path / "z", items_path=items, prompt="zero-shot")
    assert forced["prompt_form"] == "zero-shot"
    assert json.loads((tmp_path / "z" / "config.json").read_text())["prompt"] == "zero-shot"
    monkeypatch.setitem(_backend.REGISTRY, "fake", "tests.protocols.test_protocols:FakeBackend")
    plain = evaluate("fake/model", "invariance", tmp_path / "c", items_path=items)
    assert plain["prompt_form"] == "zero-shot"
    with pytest.raises(ValueError, match="unknown prompt form"):
        evaluate("fake/model", "invariance", tmp_path / "d", items_path=items, prompt="two-shot")


def test_a_structured_claim_audit_asks_for_each_task_schema(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pyverify.models import _backend

    monkeypatch.setitem(_backend.REGISTRY, "fake", "tests.protocols.test_protocols:BaseFake")
    BaseFake.sent = []
    run = tmp_path / "ca"
    summary = evaluate("fake/base", "claim-audit", run, limit=3, conditions=("direct", "self_reflection"),
                       structured=True)  # fmt: skip
    assert summary["output"] == "constrained (JSON schema)"
    assert json.loads((run / "config.json").read_text())["structured"] is True
    assert json.loads((run / "provenance.json").read_text())["output"] == "constrained (JSON schema)"
    assert len(BaseFake.sent) == 6
    for request in BaseFake.sent:
        schema = json.loads(request.decoding.json_schema)
        assert schema["properties"]["task_id"] == {"const": request.request_id.split("#")[0]}
    free = evaluate("fake/base", "claim-audit", tmp_path / "free", limit=3)
    assert free["output"] == "free text" and "structured" not in json.loads((tmp_path / "free" / "config.json").read_text())


def test_pyverify_run_ends_with_tables_and_findings_not_markdown(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pyverify.cli import app

    config = tmp_path / "config.yaml"
    config.write_text(
        "models: [fake/model, fake/other]\n"
        "invariance: {items: families/generated/items.jsonl, limit: 40}\n"
        "claim_audit: {limit: 3, conditions: [direct], max_new_tokens: 32, structured: true}\n"
    )
    result = CliRunner().invoke(app, ["run", "--config", str(config), "--out", str(tmp_path / "job")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert not [line for line in lines if line.lstrip().startswith("|")], "Markdown table source on the terminal"
    head = next(i for i, line in enumerate(lines) if line.startswith("Invariance:"))
    assert "model" in lines[head + 2] and "always-TRUE" in lines[head + 2] and "fake/model" in lines[head + 4]
    audit = next(i for i, line in enumerate(lines) if line.startswith("Claim audit (direct)"))
    assert "valid records" in lines[audit + 2] and "schema" in lines[audit + 4]
    findings = lines[lines.index("Findings") + 1 :]
    bullets = [line for line in findings if line.startswith(" •")]
    assert 1 <= len(bullets) <= 3 and any(ch.isdigit() for ch in "".join(findings))
    assert lines[-1].startswith("HTML report") and (tmp_path / "job" / "report" / "report.html").is_file()
