"""The benchmark as an inspect_ai task: ``pyverify_invariance.py`` + a local ``items.jsonl``.

inspect's model providers generate text (few expose log-probabilities of given continuations), so the
task is pyverify's invariance protocol in ``generate`` mode: the same user message, greedy decoding,
``max_tokens`` 16 (pyverify's default budget), the answer parsed by pyverify's own
``parse_answer`` -- copied verbatim into the task file, which therefore imports only inspect_ai and
the standard library. An unparseable or truncated answer is scored NOANSWER with its status in the
score's metadata: inspect's ``accuracy()`` counts it as 0, ``pyverify metrics`` reads it back as
unscored (coverage), never as wrong.
"""

from __future__ import annotations

import inspect
import textwrap
from pathlib import Path

from pyverify.export._common import (
    DEFAULT_ITEMS,
    TASK,
    Export,
    ExportError,
    manifest,
    prepare_directory,
    read_items,
    task_rows,
    write_json,
    write_jsonl,
)

INSPECT_VERSION = "0.3.285"
"""The inspect_ai release the export is tested against."""
#: sample metadata kept from each task row (item identifiers, for reading the log back)
METADATA = ("item_id", "theorem_id", "family", "label", "tier", "domain", "variant")

_TEMPLATE = '''\
"""pyverify's invariance benchmark as an inspect_ai task (written by `pyverify export inspect`).

Run:  inspect eval {task_file} --model PROVIDER/MODEL [--limit N] [-T max_tokens=16]
Then: pyverify metrics logs/<the .eval or .json log>

Each sample is one benchmark item: its input is the exact user message pyverify's invariance protocol
sends, its target the label (TRUE or FALSE). The model generates (greedy, {max_tokens} tokens by
default) and the answer is parsed as pyverify parses it (``parse_answer`` below, copied from
pyverify.protocols._invariance). Unparseable or truncated answers score NOANSWER: inspect's accuracy
counts them as 0, pyverify's metrics count them as unscored. Tested with inspect_ai=={inspect_version}.
"""

from __future__ import annotations

import re
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import FieldSpec, json_dataset
from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import CORRECT, INCORRECT, NOANSWER, Score, Target, accuracy, scorer, stderr
from inspect_ai.solver import TaskState, generate

DATA = Path(__file__).resolve().with_name("items.jsonl")
CHOICES = {choices!r}
METADATA = {metadata!r}
MAX_TOKENS = {max_tokens!r}


{parse_answer}

@scorer(metrics=[accuracy(), stderr()])
def true_false():
    """CORRECT / INCORRECT against the label; NOANSWER (status in metadata) when no answer parses."""

    async def score(state: TaskState, target: Target) -> Score:
        completion = state.output.completion if state.output else ""
        prediction, status = parse_answer(completion)
        if prediction is None:
            return Score(value=NOANSWER, answer=None, explanation=completion, metadata={{"status": status}})
        value = CORRECT if prediction == target.text else INCORRECT
        return Score(value=value, answer=prediction, explanation=completion, metadata={{"status": status}})

    return score


@task
def {task}(max_tokens: int = MAX_TOKENS) -> Task:
    dataset = json_dataset(str(DATA), FieldSpec(input="question", target="label", id="item_id",
                                                metadata=list(METADATA)), name="{task}")
    return Task(dataset=dataset, solver=generate(), scorer=true_false(),
                config=GenerateConfig(max_tokens=max_tokens, temperature=0.0),
                metadata={{"source": "pyverify export inspect", "protocol": "invariance", "mode": "generate"}})
'''


def parse_answer_source() -> str:
    """The source of pyverify's invariance answer parser, as the task file embeds it."""
    from pyverify.protocols._invariance import parse_answer

    return textwrap.dedent(inspect.getsource(parse_answer))


def task_source() -> str:
    """The task file's text (the same for every benchmark: the data lives in ``items.jsonl``)."""
    from pyverify.protocols._invariance import CHOICES, DEFAULT_DECODING

    return _TEMPLATE.format(task=TASK, task_file=f"{TASK}.py", choices=tuple(CHOICES), metadata=METADATA,
                            max_tokens=DEFAULT_DECODING.max_new_tokens, inspect_version=INSPECT_VERSION,
                            parse_answer=parse_answer_source())  # fmt: skip


def export_inspect(out: Path, items_path: Path = DEFAULT_ITEMS, *, force: bool = False,
                   limit: int | None = None) -> Export:  # fmt: skip
    """Write the inspect_ai task for the benchmark in ``items_path`` (the first ``limit`` items) into ``out``."""
    items = read_items(items_path)
    if limit is not None:
        items = items[:limit]
    rows = task_rows(items)
    directory = prepare_directory(out, force)
    data = directory / "items.jsonl"
    task_file = directory / f"{TASK}.py"
    try:
        write_jsonl(data, rows)
        task_file.write_text(task_source(), encoding="utf-8")
        write_json(directory / "pyverify-export.json", manifest("inspect", items_path, rows, data)
                   | {"inspect_ai": INSPECT_VERSION, "mode": "generate"})  # fmt: skip
    except OSError as exc:
        raise ExportError(f"{directory}: cannot write ({exc.strerror or exc})") from None
    return Export(harness="inspect", directory=directory, task=TASK, items=len(rows),
                  files=(task_file, data, directory / "pyverify-export.json"))  # fmt: skip
