"""Other harnesses' per-sample logs read back as invariance runs (``pyverify metrics`` takes them as run dirs).

* **lm-evaluation-harness** -- ``samples_<task>_<date>.jsonl`` of a task written by ``pyverify export
  lm-eval`` (``lm_eval ... --log_samples --output_path OUT``), or a directory holding one model's such
  files (``OUT`` or ``OUT/<model>/``; the newest is read). Each sample's ``doc`` carries the item's
  identifiers and label; its ``filtered_resps`` the log-likelihoods of TRUE and FALSE, whose argmax
  (first on ties, as lm-eval's ``acc``) is the prediction. The model id is ``lm-eval/<model_name>`` from
  the ``results_<date>.json`` beside it (else the directory's name).
* **inspect_ai** -- a ``.eval`` or ``.json`` log of the task written by ``pyverify export inspect``, or a
  directory holding exactly one log named for that task (``*pyverify-invariance*``). Each
  sample's score answer (TRUE / FALSE, parsed as pyverify parses) is the prediction; NOANSWER, a missing
  score or a sample that errored is unscored, never wrong. Epoch k is sample k-1. The model id is
  ``inspect/<model>``.

Every run's ``config`` says where it came from (``source``, the harness version, the file read). Problems
are MetricsErrors naming the file and line; unknown fields are ignored.
"""

from __future__ import annotations

import json
import math
import zipfile
from pathlib import Path
from typing import Any

from pyverify.metrics._errors import MetricsError
from pyverify.metrics._rows import Run, _check_row, read_jsonl

CHOICES = ("TRUE", "FALSE")
_IDENTIFIERS = ("item_id", "theorem_id", "family", "label")
_CARRIED = ("tier", "domain", "variant")


def is_harness_log(path: Path) -> bool:
    """Whether ``path`` is an lm-eval samples file, an inspect log, or a directory of them (no config.json)."""
    path = Path(path)
    if path.is_file():
        return _lm_eval_file(path) or path.suffix in (".eval", ".json")
    if path.is_dir() and not (path / "config.json").exists():
        return bool(_lm_eval_files(path) or _inspect_files(path))
    return False


def read_harness_log(path: Path) -> Run:
    """The invariance run in an lm-eval samples file / output directory or an inspect log."""
    path = Path(path)
    if path.is_file():
        if _lm_eval_file(path):
            return read_lm_eval_samples(path)
        return read_inspect_log(path)
    samples = _lm_eval_files(path)
    if samples:
        folders = sorted({str(p.parent) for p in samples})
        if len(folders) > 1:
            raise MetricsError(f"{path}: holds lm-eval samples of several models ({', '.join(folders)}); give one")
        ours = [p for p in samples if p.name.startswith("samples_pyverify_invariance_")] or samples
        return read_lm_eval_samples(max(ours, key=lambda p: p.name))  # the date in the name sorts
    logs = _inspect_files(path)
    if len(logs) > 1:
        raise MetricsError(f"{path}: holds {len(logs)} inspect logs; give one of them")
    return read_inspect_log(logs[0])


def _lm_eval_file(path: Path) -> bool:
    return path.name.startswith("samples_") and path.name.endswith(".jsonl")


def _lm_eval_files(directory: Path) -> list[Path]:
    found = [p for p in directory.glob("samples_*.jsonl") if p.is_file()]
    return found or [p for p in directory.glob("*/samples_*.jsonl") if p.is_file()]


def _inspect_files(directory: Path) -> list[Path]:
    # inspect names a log <time>_<task with "-" for "_">_<id>.eval|.json; other JSON files are not guessed at
    return sorted(p for p in directory.iterdir()
                  if p.is_file() and p.suffix in (".eval", ".json") and "pyverify-invariance" in p.name)  # fmt: skip


def _object(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object, else {} (outside files are read leniently)."""
    return value if isinstance(value, dict) else {}


def _identifiers(path: Path, number: int, record: Any, what: str) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise MetricsError(f"{path}:{number}: {what} is not an object")
    missing = [key for key in _IDENTIFIERS if key not in record]
    if missing:
        raise MetricsError(f"{path}:{number}: {what} lacks {', '.join(missing)} (not a task written by "
                           "`pyverify export`)")  # fmt: skip
    row = {key: record[key] for key in _IDENTIFIERS}
    row.update({key: record[key] for key in _CARRIED if record.get(key) is not None})
    return row


def _validated(path: Path, rows: list[dict[str, Any]], numbers: list[int]) -> list[dict[str, Any]]:
    seen: dict[tuple[str, int], int] = {}
    for number, row in zip(numbers, rows):
        _check_row(path, number, row, "invariance")
        key = (str(row["item_id"]), int(row["sample"]))
        if key in seen:
            raise MetricsError(f"{path}:{number}: item {key[0]} sample {key[1]} appears twice (line {seen[key]})")
        seen[key] = number
    if not rows:
        raise MetricsError(f"{path}: no samples")
    return rows


def _loglikelihood(path: Path, number: int, value: Any) -> float:
    # lm-eval logs (loglikelihood, is_greedy) pairs as strings: ["-3.15", "False"]
    first = value[0] if isinstance(value, (list, tuple)) and value else value
    try:
        number_value = float(first)
    except (TypeError, ValueError):
        raise MetricsError(f"{path}:{number}: filtered_resps entry {value!r} is not a log-likelihood") from None
    if math.isnan(number_value):
        raise MetricsError(f"{path}:{number}: filtered_resps entry {value!r} is not a number")
    return number_value


def _lm_eval_choices(sample: dict[str, Any]) -> list[str]:
    """The continuations in the order lm-eval scored them (the logged ``arguments``), else TRUE, FALSE."""
    arguments = sample.get("arguments")
    if isinstance(arguments, dict):
        ordered = [arguments[k] for k in sorted(arguments, key=lambda k: int(str(k).rsplit("_", 1)[-1]))
                   if str(k).rsplit("_", 1)[-1].isdigit()]  # fmt: skip
        conts = [a.get("arg_1") for a in ordered if isinstance(a, dict)]
        if len(conts) == len(ordered) and all(isinstance(c, str) for c in conts):
            return [str(c).strip() for c in conts]
    elif isinstance(arguments, list) and all(isinstance(a, (list, tuple)) and len(a) == 2 for a in arguments):
        return [str(a[1]).strip() for a in arguments]
    return list(CHOICES)


def read_lm_eval_samples(path: Path) -> Run:
    """One lm-eval ``samples_*.jsonl`` file as an invariance run (model ``lm-eval/<model_name>``)."""

    path = Path(path)
    results = _lm_eval_results(path)
    rows: list[dict[str, Any]] = []
    numbers: list[int] = []
    text_numbers = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.strip()]
    for number, sample in zip(text_numbers, read_jsonl(path)):
        row = _identifiers(path, number, sample.get("doc"), "doc")
        resps = sample.get("filtered_resps")
        choices = _lm_eval_choices(sample)
        if not isinstance(resps, list) or len(resps) != len(choices) or sorted(choices) != sorted(CHOICES):
            raise MetricsError(f"{path}:{number}: expected log-likelihoods of TRUE and FALSE in filtered_resps")
        scores = {choice: _loglikelihood(path, number, value) for choice, value in zip(choices, resps)}
        prediction = choices[max(range(len(choices)), key=lambda j: scores[choices[j]])]
        correct = prediction == row["label"]
        acc = sample.get("acc")
        if isinstance(acc, (int, float)) and not isinstance(acc, bool) and bool(acc) != correct:
            raise MetricsError(f"{path}:{number}: acc {acc} disagrees with the label {row['label']} and the "
                               f"log-likelihoods {scores}")  # fmt: skip
        row.update(sample=0, mode="choice", logprobs={c: scores[c] for c in CHOICES}, prediction=prediction,
                   status="parsed", scored=True, correct=correct, source="lm-eval",
                   doc_id=sample.get("doc_id"))  # fmt: skip
        rows.append(row)
        numbers.append(number)
    _validated(path, rows, numbers)
    name = results.get("model_name") if results.get("model_source") != "CUSTOM" else None
    configured = _object(results.get("config"))
    name = name or (configured.get("model") if isinstance(configured.get("model"), str) else None) or path.parent.name
    task = path.name[len("samples_") :].rsplit("_", 1)[0]
    config: dict[str, Any] = {
        "model": f"lm-eval/{name}",
        "protocol": "invariance",
        "mode": "choice",
        "source": "lm-eval",
        "provenance": {
            "harness": "lm-evaluation-harness",
            "version": results.get("lm_eval_version"),
            "samples_file": str(path),
            "results_file": results.get("_file"),
            "task": task,
            "model_args": configured.get("model_args"),
            "chat_template_sha": results.get("chat_template_sha"),
            "apply_chat_template": results.get("chat_template") is not None,
        },  # fmt: skip
    }
    items = _export_items(_lm_eval_data_file(results, task))
    if items:
        config["items"] = items
    return Run(path=path, model=config["model"], protocol="invariance", config=config, rows=rows)


def _lm_eval_results(samples: Path) -> dict[str, Any]:
    """The ``results_<date>.json`` written with ``samples`` (same date), leniently; {} when absent."""
    date = samples.name.rsplit("_", 1)[-1][: -len(".jsonl")]
    candidate = samples.with_name(f"results_{date}.json")
    try:
        loaded = json.loads(candidate.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    if not isinstance(loaded, dict):
        return {}
    return {**loaded, "_file": str(candidate)}


def _lm_eval_data_file(results: dict[str, Any], task: str) -> str | None:
    configs = results.get("configs")
    config = configs.get(task) if isinstance(configs, dict) else None
    kwargs = config.get("dataset_kwargs") if isinstance(config, dict) else None
    files = kwargs.get("data_files") if isinstance(kwargs, dict) else None
    test = files.get("test") if isinstance(files, dict) else None
    return test if isinstance(test, str) else None


def _export_items(data_file: str | None) -> str | None:
    """The benchmark file an export was made from (its ``pyverify-export.json``), when it still exists."""
    if not data_file:
        return None
    try:
        record = json.loads((Path(data_file).parent / "pyverify-export.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    items = record.get("items_file") if isinstance(record, dict) else None
    return items if isinstance(items, str) and Path(items).is_file() else None


def _zstd_zipfile() -> None:
    """Teach ``zipfile`` zstd (method 93) as inspect itself does, when ``zipfile-zstd`` is installed."""
    try:
        import zipfile_zstd  # noqa: F401
    except ImportError:
        pass


def _inspect_log(path: Path) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """(the log's header, [(where, sample)]) from a ``.json`` log or a ``.eval`` archive."""
    if path.suffix == ".eval":
        _zstd_zipfile()
        try:
            with zipfile.ZipFile(path) as archive:
                names = archive.namelist()
                if "header.json" in names:
                    header = json.loads(archive.read("header.json"))
                elif "_journal/start.json" in names:  # a log still being written
                    header = json.loads(archive.read("_journal/start.json"))
                else:
                    raise MetricsError(f"{path}: not an inspect log (no header.json)")
                samples = [(f"{path}!{name}", json.loads(archive.read(name)))
                           for name in sorted(names) if name.startswith("samples/") and name.endswith(".json")]  # fmt: skip
        except (zipfile.BadZipFile, OSError) as exc:
            raise MetricsError(f"{path}: cannot read as an inspect .eval log ({exc})") from None
        except NotImplementedError:  # zstd members (inspect's default) without zipfile-zstd / Python 3.14
            raise MetricsError(f"{path}: a zstd-compressed .eval log, which this Python cannot read; convert it "
                               f"with `inspect log convert {path} --to json --output-dir DIR` (or run inspect "
                               "with --log-format json, or pip install zipfile-zstd)") from None  # fmt: skip
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise MetricsError(f"{path}: an entry is not valid JSON ({exc})") from None
    else:
        try:
            header = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise MetricsError(f"{path}: cannot read ({exc.strerror or exc})") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise MetricsError(f"{path}: not valid JSON ({exc})") from None
        listed = header.get("samples") if isinstance(header, dict) else None
        samples = [(f"{path} sample {n}", s) for n, s in enumerate(listed or [], 1)]
    if not isinstance(header, dict) or not isinstance(header.get("eval"), dict):
        raise MetricsError(f"{path}: not an inspect log (no eval header)")
    return header, samples


def read_inspect_log(path: Path) -> Run:
    """One inspect_ai log of the exported task as an invariance run (model ``inspect/<model>``)."""
    path = Path(path)
    header, samples = _inspect_log(path)
    evaluation = header["eval"]
    rows: list[dict[str, Any]] = []
    numbers: list[int] = []
    for number, (where, sample) in enumerate(samples, 1):
        if not isinstance(sample, dict):
            raise MetricsError(f"{where}: expected a JSON object")
        row = _identifiers(path, number, sample.get("metadata"), f"sample {sample.get('id')!r} metadata")
        epoch = sample.get("epoch", 1)
        if not isinstance(epoch, int) or isinstance(epoch, bool) or epoch < 1:
            raise MetricsError(f"{where}: epoch must be a positive integer, got {epoch!r}")
        scores = _object(sample.get("scores"))
        score = scores.get("true_false") or next(iter(scores.values()), None)
        output = _object(sample.get("output"))
        answer = score.get("answer") if isinstance(score, dict) else None
        meta = _object(score.get("metadata")) if isinstance(score, dict) else {}
        if sample.get("error"):
            prediction, status = None, "error"
        elif answer in CHOICES:
            prediction, status = answer, "parsed"
        else:
            prediction, status = None, str(meta.get("status") or ("unscored" if score is None else "unparseable"))
        row.update(sample=epoch - 1, mode="generate", raw_output=output.get("completion"), prediction=prediction,
                   status=status, scored=prediction is not None,
                   correct=(prediction == row["label"]) if prediction is not None else None, source="inspect",
                   sample_id=sample.get("id"))  # fmt: skip
        rows.append(row)
        numbers.append(number)
    _validated(path, rows, numbers)
    model = evaluation.get("model")
    if not isinstance(model, str) or not model:
        raise MetricsError(f"{path}: the log names no model")
    version = header.get("version")
    packages = _object(evaluation.get("packages"))
    config: dict[str, Any] = {
        "model": f"inspect/{model}",
        "protocol": "invariance",
        "mode": "generate",
        "source": "inspect",
        "provenance": {
            "harness": "inspect_ai",
            "version": packages.get("inspect_ai"),
            "log_version": version,
            "log_file": str(path),
            "task": evaluation.get("task"),
            "status": header.get("status"),
            "created": evaluation.get("created"),
            "task_args": evaluation.get("task_args"),
        },  # fmt: skip
    }
    dataset = _object(evaluation.get("dataset"))
    task_file = evaluation.get("task_file")
    location = dataset.get("location")
    if isinstance(task_file, str) and isinstance(location, str):
        items = _export_items(str(Path(task_file).parent / location))
        if items:
            config["items"] = items
    return Run(path=path, model=config["model"], protocol="invariance", config=config, rows=rows)
