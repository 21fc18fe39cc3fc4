"""The exports run by the harnesses themselves, and their logs read back.

* lm-eval: ``simple_evaluate`` with lm-eval's own ``hf`` model (HFLM over the packaged SmolLM2's converted
  directory, the same weights and dtype pyverify loads) on four exported items, ``--apply_chat_template``
  as a user would run it; every context must be pyverify's prompt character for character and every
  answer pyverify's answer, also after the samples file is read back by ``pyverify metrics``. Skipped
  only when torch / transformers / lm_eval or the packaged model are not installed (about 20 s on two
  busy shared cores with torch on one thread, once the model is converted; a first conversion adds 20-45 s).
* inspect_ai: runs the exported task file in a Python that has inspect_ai -- ``$PYVERIFY_INSPECT_PYTHON``,
  else this one -- with inspect's offline ``mockllm/model`` given fixed answers (the ``inspect eval`` CLI
  with the default mock needs tiktoken's encoding from the network, which these machines cannot reach),
  then reads its JSON log back. Skipped when no such Python is found (inspect_ai is not in [dev]: see
  the README).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from pyverify.export import TASK, export_inspect, export_lm_eval
from pyverify.export._common import DEFAULT_ITEMS, read_items
from pyverify.metrics._errors import MetricsError
from pyverify.metrics._load import read_run
from pyverify.protocols import _invariance as invariance


def _four_items(tmp_path: Path) -> Path:
    """A TRUE and a FALSE canonical item and two paraphrases, from the built benchmark."""
    items = read_items(DEFAULT_ITEMS)
    picks = [next(i for i in items if i["family"] == "canonical" and i["label"] == "TRUE"),
             next(i for i in items if i["family"] == "canonical" and i["label"] == "FALSE"),
             next(i for i in items if i["family"] == "F6"), next(i for i in items if i["family"] == "F8")]  # fmt: skip
    path = tmp_path / "four.jsonl"
    path.write_text("".join(json.dumps(i) + "\n" for i in picks), encoding="utf-8")
    return path


@pytest.fixture
def one_thread() -> Any:
    """torch on one thread: on a busy shared machine two spinning OpenMP threads run about 4x slower."""
    torch = pytest.importorskip("torch")
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.mark.slow
def test_lm_eval_on_the_export_answers_as_pyverify_does(tmp_path: Path, one_thread: None) -> None:
    pytest.importorskip("transformers")
    pytest.importorskip("lm_eval")
    from pyverify.models import BackendError, load_backend
    from pyverify.models import _packaged as packaged

    try:
        gguf = packaged.locate("smollm2-135m")
    except BackendError as exc:
        pytest.skip(str(exc))
    import lm_eval
    from lm_eval.loggers import EvaluationTracker
    from lm_eval.models.huggingface import HFLM
    from lm_eval.tasks import TaskManager

    items_path = _four_items(tmp_path)
    items = read_items(items_path)
    export_lm_eval(tmp_path / "task", items_path)

    # pyverify: the invariance protocol's requests, scored by the packaged backend
    directory = packaged.ensure_converted("smollm2-135m", gguf, packaged.sha256_file(gguf))
    backend = load_backend("packaged/smollm2-135m", batch_size=8)
    requests = invariance.requests(items, "choice", 1, invariance.DEFAULT_DECODING)
    responses = backend.score(requests)
    ours = {item["item_id"]: invariance.result_row(item, request, response, "choice", backend.model_id)
            for item, request, response in zip(items, requests, responses)}  # fmt: skip
    prompts = {item["item_id"]: backend.prompts.text(request)  # type: ignore[attr-defined]  # an HFBackend
               for item, request in zip(items, requests)}  # fmt: skip

    # lm-eval: its own loader and hf model over the same weights, as `lm_eval --apply_chat_template` runs
    lm = HFLM(pretrained=str(directory), dtype=backend.describe()["dtype"], batch_size=8, device="cpu")
    tracker = EvaluationTracker(output_path=str(tmp_path / "results"))
    manager = TaskManager(include_path=str(tmp_path / "task"), include_defaults=False)
    out = lm_eval.simple_evaluate(model=lm, tasks=[TASK], task_manager=manager, apply_chat_template=True,
                                  log_samples=True, bootstrap_iters=0, evaluation_tracker=tracker,
                                  verbosity="ERROR")  # fmt: skip
    samples: list[dict[str, Any]] = out.pop("samples")[TASK]
    assert len(samples) == 4
    for sample in samples:
        iid = sample["doc"]["item_id"]
        assert [tuple(a) for a in sample["arguments"]] == [(prompts[iid], c) for c in invariance.CHOICES]
    tracker.save_results_aggregated(results=out, samples={TASK: samples})
    tracker.save_results_samples(task_name=TASK, samples=samples)

    run = read_run(tmp_path / "results")  # what `pyverify metrics results/` reads
    assert run.config["source"] == "lm-eval" and run.model.startswith("lm-eval/")
    theirs = {row["item_id"]: row for row in run.rows}
    assert set(theirs) == set(ours)
    for iid, row in ours.items():
        assert theirs[iid]["prediction"] == row["prediction"], (iid, theirs[iid]["logprobs"], row["logprobs"])
        assert theirs[iid]["correct"] == row["correct"]
        # lm-eval scores the template's final newline with the choice: a constant per item, so margins agree
        margin = theirs[iid]["logprobs"]["TRUE"] - theirs[iid]["logprobs"]["FALSE"]
        assert margin == pytest.approx(row["logprobs"]["TRUE"] - row["logprobs"]["FALSE"], abs=2e-3)
    assert out["results"][TASK]["acc,none"] == pytest.approx(sum(r["correct"] for r in ours.values()) / 4)


def _inspect_python() -> str | None:
    configured = os.environ.get("PYVERIFY_INSPECT_PYTHON")
    if configured:
        return configured
    if importlib.util.find_spec("inspect_ai"):
        return sys.executable
    from pyverify.graders._graders import graders_python  # the grader environment of `make graders` has inspect_ai

    return graders_python()


RUN_INSPECT = textwrap.dedent(
    """
    import json, sys
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    answers = json.loads(sys.argv[1])
    for log_format in ("json", "eval"):
        outputs = []
        for text in answers:
            output = ModelOutput.from_content(model="mockllm", content=text)
            output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)  # no tiktoken download
            outputs.append(output)
        model = get_model("mockllm/model", custom_outputs=outputs)
        log = inspect_eval("pyverify_invariance.py", model=model, log_dir=sys.argv[2], log_format=log_format,
                           display="none", max_samples=1)[0]
        scores = {s.id: [s.input, s.scores["true_false"].value, s.scores["true_false"].answer] for s in log.samples}
        print(json.dumps({"status": log.status, "location": log.location, "scores": scores}))
    """
)


@pytest.mark.slow
def test_inspect_runs_the_export_and_its_log_reads_back(tmp_path: Path) -> None:
    python = _inspect_python()
    if python is None:
        pytest.skip("no Python with inspect_ai (make graders, or set PYVERIFY_INSPECT_PYTHON)")
    items_path = _four_items(tmp_path)
    items = read_items(items_path)
    export_inspect(tmp_path / "task", items_path)
    # samples run one at a time in dataset order, so the mock's answers go to the items in order
    answers = ["TRUE", "The answer is FALSE.", "TRUE or FALSE?", "<think>let me see"]
    done = subprocess.run([python, "-c", RUN_INSPECT, json.dumps(answers), str(tmp_path / "logs")],
                          cwd=tmp_path / "task", capture_output=True, text=True, timeout=180,
                          env={**os.environ, "INSPECT_DISPLAY": "none"})  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    reports = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert len(reports) == 2 and all(r["status"] == "success" for r in reports)
    expected = {items[0]["item_id"]: ("TRUE", "C" if items[0]["label"] == "TRUE" else "I"),
                items[1]["item_id"]: ("FALSE", "C" if items[1]["label"] == "FALSE" else "I"),
                items[2]["item_id"]: (None, "N"), items[3]["item_id"]: (None, "N")}  # fmt: skip
    for iid, (text, value, answer) in reports[0]["scores"].items():
        item = next(i for i in items if i["item_id"] == iid)
        assert text == invariance.prompt(item)[0][1]  # the input is pyverify's question
        assert (answer, value) == expected[iid]

    run = read_run(Path(reports[0]["location"]))  # the JSON log
    rows = {row["item_id"]: row for row in run.rows}
    assert run.model == "inspect/mockllm/model" and run.config["source"] == "inspect"
    for iid, (prediction, _) in expected.items():
        assert rows[iid]["prediction"] == prediction and rows[iid]["scored"] == (prediction is not None)
    assert rows[items[3]["item_id"]]["status"] == "truncated"
    archive = Path(reports[1]["location"])  # the .eval log: zstd members, readable with zipfile-zstd
    try:
        assert {row["item_id"] for row in read_run(archive).rows} == set(rows)
    except MetricsError as exc:
        assert "inspect log convert" in str(exc)
