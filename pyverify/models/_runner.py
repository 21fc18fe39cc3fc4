"""Run requests through a backend, resumably: stored answers are reused, fresh ones stored first.

:func:`run_requests` is the one way requests reach a backend. Each request's key
(``request.key(backend.model_id, backend.revision)``) is looked up in the :class:`ResponseStore`; a stored
answer is reused without calling the backend, the others are sent in batches. Every fresh answer is
committed to the store *before* ``on_result`` sees it or the call returns, so a run killed at any moment
loses at most the batch in flight, and a rerun with the same store picks up where it stopped. Error
responses (``finish_reason == "error"``) are returned but never stored, so a resumed run retries them.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Sequence

from pyverify.models._backend import Backend, BackendError, Request, Response
from pyverify.models._store import ResponseStore

__all__ = ["MODES", "OnResult", "run_requests"]

MODES = ("generate", "score")

#: on_result(request, response, reused): called once per request; ``reused`` is True when no backend call
#: was made for it (a stored answer, or an identical request earlier in the same run)
OnResult = Callable[[Request, Response, bool], None]


def _as_answer_to(response: Response, request: Request) -> Response:
    """The response carrying this request's id (the key ignores request ids, so identical requests share one)."""
    return (
        response
        if response.request_id == request.request_id
        else dataclasses.replace(response, request_id=request.request_id)
    )


def run_requests(
    backend: Backend,
    requests: Sequence[Request],
    store: ResponseStore,
    *,
    mode: str,
    batch_size: int = 8,
    on_result: OnResult | None = None,
) -> list[Response]:
    """Answer every request (same order), reusing stored answers and storing fresh ones before use.

    ``mode`` is ``"generate"`` or ``"score"`` (which backend method is called). Requests with the same key
    (identical but for their id) are sent once. A backend exception propagates; the answers stored before
    it stay stored.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size}")
    call = backend.generate if mode == "generate" else backend.score
    model_id, revision = backend.model_id, backend.revision

    results: list[Response | None] = [None] * len(requests)
    pending: dict[str, list[int]] = {}  # key -> indices of the requests waiting for it, first appearance order
    for index, request in enumerate(requests):
        key = request.key(model_id, revision)
        if key in pending:
            pending[key].append(index)
            continue
        stored = store.get(key)
        if stored is None:
            pending[key] = [index]
            continue
        reused = results[index] = _as_answer_to(stored, request)
        if on_result is not None:
            on_result(request, reused, True)

    keys = list(pending)
    for start in range(0, len(keys), batch_size):
        batch_keys = keys[start : start + batch_size]
        batch = [requests[pending[key][0]] for key in batch_keys]
        answers = call(batch)
        if len(answers) != len(batch):
            raise BackendError(f"backend {model_id} answered {len(answers)} of a batch of {len(batch)} requests")
        for key, request, answer in zip(batch_keys, batch, answers):
            if answer.request_id != request.request_id:
                raise BackendError(
                    f"backend {model_id} answered {answer.request_id!r} where {request.request_id!r} was asked"
                )
            if answer.finish_reason != "error":
                store.put(key, request, answer, model_id, revision)
            for position, index in enumerate(pending[key]):
                response = results[index] = _as_answer_to(answer, requests[index])
                if on_result is not None:
                    on_result(requests[index], response, position > 0)

    answered = [result for result in results if result is not None]
    assert len(answered) == len(requests)
    return answered
