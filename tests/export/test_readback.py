"""Harness logs read back as runs: ``pyverify metrics`` on lm-eval samples and inspect logs."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from pyverify.cli import main
from pyverify.export import export_lm_eval
from pyverify.export._common import task_rows
from pyverify.metrics import _harness
from pyverify.metrics._compute import compute
from pyverify.metrics._errors import MetricsError
from pyverify.metrics._load import read_run, read_runs
from tests.export.logs import inspect_sample, lm_eval_sample, write_inspect_json, write_lm_eval
from tests.metrics.runs import inv_row, write_run

ITEMS = [
    {"item_id": f"t.{t}#{f}", "theorem_id": f"t.{t}", "family": f, "label": label, "text": f"claim {t} {f}",
     "tier": "T0" if f == "canonical" else "T2"}
    for t, label in (("a", "TRUE"), ("b", "FALSE")) for f in ("canonical", "F1", "F2")
]  # fmt: skip
DOCS = task_rows(ITEMS)
# log-likelihoods (TRUE, FALSE) per doc: a model that answers TRUE except on t.a#F2 and t.b#F1
LOGPROBS = [(-1.0, -2.0), (-0.5, -3.0), (-4.0, -1.0), (-1.0, -1.5), (-2.0, -1.0), (-0.1, -0.2)]


def _samples() -> list[dict[str, Any]]:
    return [lm_eval_sample(i, doc, logprobs) for i, (doc, logprobs) in enumerate(zip(DOCS, LOGPROBS))]


def test_lm_eval_samples_become_an_invariance_run(tmp_path: Path) -> None:
    path = write_lm_eval(tmp_path / "out", "org__model", _samples())
    run = read_run(path)
    assert run.model == "lm-eval/org/model" and run.protocol == "invariance"
    assert run.config["source"] == "lm-eval"
    provenance = run.config["provenance"]
    assert provenance["samples_file"] == str(path) and provenance["version"] == "0.4.13"
    assert provenance["task"] == "pyverify_invariance" and provenance["model_args"] == "pretrained=org/model"
    predictions = [row["prediction"] for row in run.rows]
    assert predictions == ["TRUE", "TRUE", "FALSE", "TRUE", "FALSE", "TRUE"]
    assert [row["correct"] for row in run.rows] == [True, True, False, False, True, False]
    assert all(row["scored"] and row["sample"] == 0 and row["source"] == "lm-eval" for row in run.rows)
    assert run.rows[0]["logprobs"] == {"TRUE": -1.0, "FALSE": -2.0}
    assert [row["item_id"] for row in run.rows] == [item["item_id"] for item in ITEMS]
    assert run.rows[1]["tier"] == "T2"


def test_ties_go_to_the_first_choice_as_in_lm_evals_acc(tmp_path: Path) -> None:
    sample = lm_eval_sample(0, DOCS[3], (-1.0, -1.0))  # a FALSE item, tied: lm-eval's argmax picks TRUE
    run = read_run(write_lm_eval(tmp_path, "m", [sample]))
    assert run.rows[0]["prediction"] == "TRUE" and run.rows[0]["correct"] is False


def test_an_output_directory_or_a_model_directory_is_accepted(tmp_path: Path) -> None:
    old = write_lm_eval(tmp_path / "out", "org__model", _samples()[:2], date="2026-01-01T00-00-00.1")
    new = write_lm_eval(tmp_path / "out", "org__model", _samples(), date="2026-02-01T00-00-00.1")
    assert read_run(tmp_path / "out").path == new  # the newest samples file of the model
    assert read_run(tmp_path / "out" / "org__model").path == new
    assert read_run(old).path == old
    write_lm_eval(tmp_path / "out", "other__model", _samples())
    with pytest.raises(MetricsError, match="several models"):
        read_run(tmp_path / "out")


def test_model_name_without_results_file_is_the_directory(tmp_path: Path) -> None:
    run = read_run(write_lm_eval(tmp_path, "some__model", _samples(), results=False))
    assert run.model == "lm-eval/some__model" and run.config["provenance"]["results_file"] is None


def test_bad_samples_name_the_file_and_line(tmp_path: Path) -> None:
    samples = _samples()
    samples[2] = {**samples[2], "doc": {"question": "not ours"}}
    path = write_lm_eval(tmp_path / "a", "m", samples)
    with pytest.raises(MetricsError, match=rf"{path}:3: doc lacks item_id, theorem_id, family, label"):
        read_run(path)
    samples = _samples()
    samples[1] = {**samples[1], "acc": 0.0}  # lm-eval's acc must agree with the label and the argmax
    with pytest.raises(MetricsError, match=r":2: acc 0.0 disagrees"):
        read_run(write_lm_eval(tmp_path / "b", "m", samples))
    samples = _samples()
    samples[0] = {**samples[0], "filtered_resps": [["x", "False"], ["-1", "False"]]}
    with pytest.raises(MetricsError, match=r":1: filtered_resps entry"):
        read_run(write_lm_eval(tmp_path / "c", "m", samples))
    samples = _samples()
    samples.append(samples[0])
    with pytest.raises(MetricsError, match=r":7: item t.a#canonical sample 0 appears twice"):
        read_run(write_lm_eval(tmp_path / "d", "m", samples))


def test_the_items_file_is_found_through_the_export(tmp_path: Path) -> None:
    items = tmp_path / "items.jsonl"
    items.write_text("".join(json.dumps(i) + "\n" for i in ITEMS), encoding="utf-8")
    export = export_lm_eval(tmp_path / "task", items)
    data = str(export.directory.resolve() / "items.jsonl")
    run = read_run(write_lm_eval(tmp_path / "out", "m", _samples(), data_file=data))
    assert run.config["items"] == str(items.resolve())


def test_metrics_compare_a_pyverify_run_with_an_lm_eval_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lm = write_lm_eval(tmp_path / "lm", "org__model", _samples())
    ours = write_run(tmp_path, "pv", "org/model", [inv_row(i["theorem_id"], i["family"], i["label"], True, "org/model")
                                                   for i in ITEMS])  # fmt: skip
    runs = read_runs([ours, lm])  # the same model through pyverify and lm-eval: two runs, not a clash
    assert [r.model for r in runs] == ["org/model", "lm-eval/org/model"]
    metrics = compute([ours, lm], bootstrap=50, permutations=20)
    per_model = metrics["invariance"]["per_model"]
    assert per_model["lm-eval/org/model"]["accuracy_micro"] == pytest.approx(0.5)
    assert per_model["org/model"]["accuracy_micro"] == pytest.approx(1.0)
    assert main(["metrics", str(tmp_path / "lm"), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["runs"][0]["path"] == str(lm) and printed["models"] == ["lm-eval/org/model"]
    assert main(["metrics", str(tmp_path / "empty-or-missing")]) == 2
    assert capsys.readouterr().err.startswith("error: ")


def _inspect_samples() -> list[dict[str, Any]]:
    answers: list[tuple[str | None, str]] = [("TRUE", "parsed"), ("FALSE", "parsed"), (None, "unparseable"),
                                             ("FALSE", "parsed"), (None, "truncated"), ("TRUE", "parsed")]  # fmt: skip
    return [inspect_sample(doc, answer, status) for doc, (answer, status) in zip(DOCS, answers)]


def test_inspect_json_log_becomes_an_invariance_run(tmp_path: Path) -> None:
    samples = _inspect_samples() + [inspect_sample(DOCS[0], "FALSE", epoch=2), inspect_sample(DOCS[1], None, epoch=2,
                                                                                           error="rate limited")]  # fmt: skip
    run = read_run(write_inspect_json(tmp_path / "log.json", samples))
    assert run.model == "inspect/openai/gpt-x" and run.config["source"] == "inspect"
    assert run.config["provenance"]["version"] == "0.3.285" and run.config["mode"] == "generate"
    first = [row for row in run.rows if row["sample"] == 0]
    assert [row["prediction"] for row in first] == ["TRUE", "FALSE", None, "FALSE", None, "TRUE"]
    assert [row["scored"] for row in first] == [True, True, False, True, False, True]
    assert [row["status"] for row in first][2:5] == ["unparseable", "parsed", "truncated"]
    assert [row["correct"] for row in first] == [True, False, None, True, None, False]
    second = [row for row in run.rows if row["sample"] == 1]
    assert [(r["prediction"], r["status"], r["scored"]) for r in second] == [("FALSE", "parsed", True),
                                                                            (None, "error", False)]  # fmt: skip
    metrics = compute([run.path], bootstrap=50, permutations=20)
    model = metrics["invariance"]["per_model"]["inspect/openai/gpt-x"]
    assert model["coverage"] == pytest.approx(4 / 6)  # unparseable and truncated are unscored, not wrong


def test_inspect_eval_archive_is_read(tmp_path: Path) -> None:
    path = tmp_path / "2026-01-02_pyverify-invariance_x.eval"
    header = json.loads(write_inspect_json(tmp_path / "h.json", []).read_text(encoding="utf-8"))
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("header.json", json.dumps({k: v for k, v in header.items() if k != "samples"}))
        for sample in _inspect_samples():
            archive.writestr(f"samples/{sample['id']}_epoch_1.json", json.dumps(sample))
    run = read_run(path)
    assert sorted(row["item_id"] for row in run.rows) == sorted(item["item_id"] for item in ITEMS)
    assert read_run(tmp_path).path == path  # a directory holding one log of the task


def test_zstd_eval_log_without_support_says_how_to_convert(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "log.eval"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("header.json", "{}")

    def unsupported(*args: object, **kwargs: object) -> bytes:
        raise NotImplementedError("That compression method is not supported")

    monkeypatch.setattr(zipfile.ZipFile, "read", unsupported)
    monkeypatch.setattr(_harness, "_zstd_zipfile", lambda: None)
    with pytest.raises(MetricsError, match=r"log.eval: a zstd-compressed .eval log.*inspect log convert"):
        read_run(path)


def test_inspect_logs_not_of_the_export_are_refused(tmp_path: Path) -> None:
    bad = inspect_sample(DOCS[0], "TRUE")
    bad["metadata"] = {"item_id": "x"}
    with pytest.raises(MetricsError, match=r"log.json:1: sample 't.a#canonical' metadata lacks theorem_id"):
        read_run(write_inspect_json(tmp_path / "log.json", [bad]))
    (tmp_path / "other.json").write_text(json.dumps({"hello": 1}), encoding="utf-8")
    with pytest.raises(MetricsError, match="not an inspect log"):
        read_run(tmp_path / "other.json")
    for name in ("a_pyverify-invariance_1.json", "b_pyverify-invariance_2.json"):
        write_inspect_json(tmp_path / "logs" / name, [inspect_sample(DOCS[0], "TRUE")])
    with pytest.raises(MetricsError, match="2 inspect logs; give one"):
        read_run(tmp_path / "logs")
    with pytest.raises(MetricsError, match="no config.json"):  # other JSON files are not taken for logs
        read_run(tmp_path)
