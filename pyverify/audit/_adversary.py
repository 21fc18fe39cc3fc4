"""D3 candidates written by a model through the evaluation engine.

The model sees a HumanEval problem with its reference solution and is asked for a *subtly wrong*
version that would still look right (the seed's adversary prompt, in our words). Every response is
stored in ``<out>/store.sqlite`` before it is used (the response store of ``pyverify.models``), so an
interrupted audit resumes without asking again. The code is taken from the response as text only:
``ast`` checks that it parses and defines the entry point; it is run only in the sandbox, with the
witness search deciding whether it is wrong at all (a candidate that is secretly correct is discarded
by the witness rule, not counted).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any, Callable, Sequence

from pyverify.audit._humaneval import Candidate, Problem

PROMPT = (
    "Here is a Python programming problem and a correct solution.\n\n"
    "```python\n{reference}\n```\n\n"
    "Write a version of `{entry_point}` that contains one subtle bug: it must look plausible and still "
    "return the right answer on typical inputs, but be wrong on some valid input. Keep the same signature. "
    "Reply with the complete function in one ```python code block and nothing else."
)

_BLOCK = re.compile(r"```(?:python|py)?[ \t]*\n(.*?)```", re.S | re.I)


def extract_code(text: str, entry_point: str) -> str | None:
    """The first code block (or the whole reply) that parses and defines ``entry_point``; None otherwise.

    Thinking blocks are dropped; nothing is executed here."""
    visible = re.sub(r"<think>.*?</think>", "", text, flags=re.S | re.I)
    for chunk in [*_BLOCK.findall(visible), visible]:
        source = chunk.strip("\n")
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        if any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == entry_point for n in tree.body):
            return source + "\n"
    return None


def model_candidates(model: str, problems: Sequence[Problem], out: Path, *, max_new_tokens: int = 384,
                     temperature: float = 0.0, seed: int = 0, batch_size: int = 4,
                     progress: Callable[[int], None] | None = None) -> tuple[list[Candidate], dict[str, Any]]:  # fmt: skip
    """Ask ``model`` for one wrong candidate per problem; return the usable candidates and a tally
    (asked, no usable code, errors) for the audit's configuration."""
    from pyverify.models import load_backend
    from pyverify.models._backend import Decoding, Request
    from pyverify.models._runner import run_requests
    from pyverify.models._store import ResponseStore

    backend = load_backend(model)
    out.mkdir(parents=True, exist_ok=True)
    store = ResponseStore(out / "store.sqlite")
    decoding = Decoding(max_new_tokens=max_new_tokens, temperature=temperature, seed=seed)
    requests = [
        Request(
            p.task_id,
            (("user", PROMPT.format(reference=p.reference.strip("\n"), entry_point=p.entry_point)),),
            decoding,
        )  # fmt: skip
        for p in problems
    ]
    tally: dict[str, Any] = {"model": backend.model_id, "revision": backend.revision, "asked": len(requests), "usable": 0,
             "no_code": 0, "errors": 0}  # fmt: skip
    by_id = {p.task_id: p for p in problems}
    found: list[Candidate] = []

    def done(request: Any, response: Any, reused: bool) -> None:
        if progress:
            progress(1)

    try:
        responses = run_requests(backend, requests, store, mode="generate", batch_size=batch_size, on_result=done)
    finally:
        store.close()
    for request, response in zip(requests, responses):
        problem = by_id[request.request_id]
        if response.finish_reason == "error":
            tally["errors"] += 1
            continue
        source = extract_code(response.text, problem.entry_point)
        if source is None:
            tally["no_code"] += 1
            continue
        tally["usable"] += 1
        found.append(Candidate(backend.model_id, problem.task_id, f"{out / 'store.sqlite'}#{problem.task_id}",
                               source, None))  # fmt: skip
    return found, tally
