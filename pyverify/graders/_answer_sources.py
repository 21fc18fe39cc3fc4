"""Where audited answer pairs come from besides a candidates file (issue 12, point 2).

* :func:`from_outputs` reads a benchmark's saved outputs: lm-evaluation-harness ``samples_*.jsonl`` (rows with
  ``doc``, ``target`` and ``resps`` / ``filtered_resps``) or any JSONL whose rows carry a reference
  (``reference`` / ``answer`` / ``gold`` / ``target``, or ``doc.answer``) and a model's response
  (``response`` / ``output`` / ``completion`` / ``prediction`` / ``model_output``, or lm-eval's ``resps``).
* :func:`from_model` asks a model, through the evaluation engine (backend + response store, so a rerun reuses
  every stored answer), the problems of ``formal/answers/problems/basic.toml`` or of a user's file.

Either way the candidate is the *final answer* written in the response, found by :func:`final_answer`: the
one extraction policy of pyverify (``pyverify.answers.EXTRACTION_RULES``; the same in ``equiv-answer``, the
rewards and every other command). A response with none is skipped and counted, never guessed further. The
pairs are then certified like every other pair: what pyverify cannot decide is discarded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomllib

from pyverify.graders._graders import CandidatesError, Pair

#: The built-in problems (short, exact references of every answer kind).
PROBLEMS = Path(__file__).resolve().parents[2] / "formal" / "answers" / "problems" / "basic.toml"

REFERENCE_FIELDS = ("reference", "answer", "gold", "target", "expected_answer", "gt", "ground_truth")
RESPONSE_FIELDS = ("response", "output", "completion", "generation", "model_output", "prediction")
#: The publisher's grader label: Qwen2.5-Math ``score`` (a list, one per sample), NeMo-Skills ``is_correct`` /
#: ``symbolic_correct``, lm-eval ``exact_match``, others ``correct`` / ``label``.
LABEL_FIELDS = ("label", "is_correct", "symbolic_correct", "correct", "score", "exact_match", "acc")
PROMPT_SUFFIX = "\n\nGive only the final answer, in LaTeX, inside \\boxed{}."
_MAX_ANSWER = 2_000



@dataclass
class Drawn:
    """Pairs read or drawn, and the rows that gave none (reason → count)."""

    pairs: list[Pair] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)
    source: str = ""

    def summary(self) -> dict[str, Any]:
        return {"source": self.source, "pairs": len(self.pairs), "skipped": dict(sorted(self.skipped.items()))}


def final_answer(text: str) -> str | None:
    """The final answer a response states under the one extraction policy of pyverify
    (:func:`pyverify.answers.extract_answer`: the last marker wins, several boxes are several answers,
    ``<think>`` is ignored), or None when it states none."""
    from pyverify.answers import extract_answer

    found = extract_answer(text)
    if found.status == "none":
        return None
    return found.text.strip()[:_MAX_ANSWER] or None


def _reference(row: dict[str, Any]) -> str | None:
    doc: dict[str, Any] = row["doc"] if isinstance(row.get("doc"), dict) else {}
    for value in [*(row.get(k) for k in REFERENCE_FIELDS), doc.get("answer"), doc.get("solution")]:
        if isinstance(value, list) and value and isinstance(value[0], str):
            value = value[0]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str) and value.strip():
            # a worked solution (GSM8K's "#### <answer>", MATH's last box) gives its final answer
            return final_answer(value) or value.strip() or None
    return None


def _response(row: dict[str, Any]) -> str | None:
    for key in RESPONSE_FIELDS:
        if isinstance(row.get(key), str):
            return str(row[key])
    # Qwen2.5-Math's evaluation outputs: ``code`` holds the sampled responses (the first is scored first)
    code = row.get("code")
    if isinstance(code, list) and code and isinstance(code[0], str):
        return code[0]
    # lm-eval: resps holds one list of strings per request of the doc (the raw text, preferred: the task's
    # filter may already have cut the answer out), filtered_resps a string or a list per request
    for key in ("resps", "filtered_resps"):
        value = row.get(key)
        while isinstance(value, list) and value:
            value = value[0]
        if isinstance(value, str):
            return value
    return None


def from_outputs(path: Path) -> Drawn:
    """Pairs (reference, the response's final answer) from a saved-outputs JSONL file."""
    from pyverify._jsonl import json_rows

    drawn = Drawn(source=str(path))
    ids: Counter[str] = Counter()
    seen: set[tuple[str, str, str]] = set()
    for number, row in json_rows(path, CandidatesError, gzipped=True):
        reference, response = _reference(row), _response(row)
        if reference is None:
            drawn.skipped["no reference field"] += 1
            continue
        if response is None:
            drawn.skipped["no response field"] += 1
            continue
        candidate = final_answer(response)
        if candidate is None:
            drawn.skipped["no final answer in the response"] += 1
            continue
        base = str(row.get("id") or row.get("doc_id", f"line-{number}"))
        if (base, reference, candidate) in seen:  # lm-eval writes one row per filter of the same response
            drawn.skipped["repeated row (another filter of the same response)"] += 1
            continue
        seen.add((base, reference, candidate))
        ids[base] += 1
        pair_id = base if ids[base] == 1 else f"{base}#{ids[base]}"
        drawn.pairs.append(Pair(pair_id, reference, candidate))
    if not drawn.pairs and not drawn.skipped:
        raise CandidatesError(f"{path}: no rows")
    return drawn


def label(row: dict[str, Any]) -> bool | None:
    """The publisher's grader label of a saved output (the first of a list, a number 1/0, a bool), or None."""
    for key in LABEL_FIELDS:
        value = row.get(key)
        if isinstance(value, list):
            value = value[0] if value else None
        if isinstance(value, bool):
            return value
        if isinstance(value, (int, float)) and value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
    return None


@dataclass
class Labelled:
    """Whole responses with a reference and the publisher's label, and the rows that gave none."""

    rows: list[tuple[Pair, bool]] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)
    source: str = ""


def labelled_outputs(path: Path) -> Labelled:
    """(reference, whole response) pairs with the publisher's label, from saved outputs (Qwen2.5-Math
    ``code``/``pred``/``gt``/``score``, NeMo-Skills ``generation``/``expected_answer``/``is_correct``, lm-eval
    ``samples_*.jsonl`` with ``exact_match``, or any JSONL with a reference, a response and a label)."""
    from pyverify._jsonl import json_rows

    out = Labelled(source=str(path))
    ids: Counter[str] = Counter()
    for number, row in json_rows(path, CandidatesError, gzipped=True):
        reference, response, verdict = _reference(row), _response(row), label(row)
        missing = "reference" if reference is None else "response" if response is None else \
            "label" if verdict is None else None  # fmt: skip
        if missing:
            out.skipped[f"no {missing} field"] += 1
            continue
        assert reference is not None and response is not None and verdict is not None
        base = str(next((row[k] for k in ("id", "idx", "doc_id") if row.get(k) is not None), f"line-{number}"))
        ids[base] += 1
        out.rows.append((Pair(base if ids[base] == 1 else f"{base}#{ids[base]}", reference, response), verdict))
    if not out.rows and not out.skipped:
        raise CandidatesError(f"{path}: no rows")
    return out


def load_problems(path: Path | None = None) -> list[dict[str, str]]:
    """Problems ``{"id", "problem", "reference"}`` from a TOML file (``[[problem]]``) or a JSONL file."""
    path = path or PROBLEMS
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CandidatesError(f"{path}: cannot read: {exc}") from exc
    rows: list[Any]
    if path.suffix == ".toml":
        try:
            rows = tomllib.loads(text).get("problem", [])
        except tomllib.TOMLDecodeError as exc:
            raise CandidatesError(f"{path}: not TOML: {exc}") from exc
        where = [f"{path}: problem {i + 1}" for i in range(len(rows))]
    else:
        from pyverify._jsonl import json_rows

        numbered = json_rows(path, CandidatesError)
        rows, where = [row for _, row in numbered], [f"{path}:{number}" for number, _ in numbered]
    problems, seen = [], set()
    for row, at in zip(rows, where):
        if not isinstance(row, dict):
            raise CandidatesError(f"{at}: a problem must be an object")
        for key in ("id", "problem", "reference"):
            if not isinstance(row.get(key), str) or not row[key].strip():
                raise CandidatesError(f"{at}: field {key!r} must be a non-empty string")
        if row["id"] in seen:
            raise CandidatesError(f"{at}: duplicate id {row['id']!r}")
        seen.add(row["id"])
        problems.append({k: row[k] for k in ("id", "problem", "reference")})
    if not problems:
        raise CandidatesError(f"{path}: no problems")
    return problems


def from_model(
    model: str,
    problems: list[dict[str, str]],
    store_path: Path,
    *,
    samples: int = 1,
    max_new_tokens: int = 96,
    temperature: float = 0.0,
    seed: int = 0,
    batch_size: int = 8,
    on_result: Callable[..., None] | None = None,
) -> tuple[Drawn, list[dict[str, Any]]]:
    """Ask ``model`` each problem (``samples`` times; sampled answers use seeds ``seed + k``), keep every
    response in the store at ``store_path``, and pair each response's final answer with the reference.

    Returns the pairs and one output row per response (``id``, ``reference``, ``response``, ``candidate``,
    ``finish_reason``), which :func:`from_outputs` reads back."""
    from pyverify.models import Decoding, Request, load_backend
    from pyverify.models._runner import run_requests
    from pyverify.models._store import ResponseStore

    if samples > 1 and temperature == 0:
        raise CandidatesError("several samples need a temperature above 0 (greedy answers would repeat)")
    backend = load_backend(model)
    requests = [
        Request(f"{p['id']}" if samples == 1 else f"{p['id']}#s{k}", (("user", p["problem"] + PROMPT_SUFFIX),),
                Decoding(max_new_tokens=max_new_tokens, temperature=temperature, seed=seed + k))
        for p in problems for k in range(samples)
    ]  # fmt: skip
    store = ResponseStore(store_path)
    try:
        responses = run_requests(backend, requests, store, mode="generate", batch_size=batch_size,
                                 on_result=on_result)  # fmt: skip
    finally:
        store.close()
    by_id = {p["id"]: p for p in problems}
    drawn = Drawn(source=f"{backend.model_id} ({backend.revision}) on {len(problems)} problems")
    rows = []
    for request, response in zip(requests, responses):
        problem = by_id[request.request_id.split("#s")[0]]
        if response.finish_reason == "error":
            drawn.skipped["backend error"] += 1
            candidate = None
        else:
            candidate = final_answer(response.text)
            if candidate is None:
                drawn.skipped["no final answer in the response"] += 1
            else:
                drawn.pairs.append(Pair(request.request_id, problem["reference"], candidate))
        rows.append({"id": request.request_id, "reference": problem["reference"], "problem": problem["problem"],
                     "response": response.text, "candidate": candidate, "finish_reason": response.finish_reason,
                     "model": backend.model_id, "revision": backend.revision})  # fmt: skip
    return drawn, rows
