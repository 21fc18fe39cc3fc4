"""A run that the kill test interrupts with SIGKILL: a slow, deterministic fake backend behind run_requests.

Usage: ``python tests/models/_kill_target.py STORE [N] [DELAY] [BATCH]``. Prints ``fresh <id>`` or
``reused <id>`` (flushed) for every result as ``on_result`` sees it, then ``done <N>``.
"""

from __future__ import annotations

import hashlib
import sys
import time
from typing import Any, Sequence

from pyverify.models._backend import Decoding, Request, Response
from pyverify.models._runner import run_requests
from pyverify.models._store import ResponseStore


def make_requests(n: int = 300) -> list[Request]:
    """N distinct requests with stable ids."""
    return [
        Request(f"item-{i:03d}", (("system", "Answer briefly."), ("user", f"What is {i} + {i}?")), Decoding(seed=i % 7))
        for i in range(n)
    ]


def expected_response(request: Request) -> Response:
    """What the fake backend answers, a pure function of the request."""
    digest = hashlib.sha256(repr((request.messages, request.decoding)).encode()).hexdigest()
    return Response(
        request.request_id,
        text=f"answer {digest[:24]} ✓",
        finish_reason="length" if int(digest[0], 16) < 4 else "stop",
        tokens=int(digest[1:3], 16),
    )


class SlowBackend:
    """Deterministic fake backend: sleeps ``delay`` seconds per request and counts what it was asked."""

    model_id = "fake/slow"
    revision = "r1"

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self.asked: list[str] = []

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        answers = []
        for request in requests:
            time.sleep(self.delay)
            self.asked.append(request.request_id)
            answers.append(expected_response(request))
        return answers

    def score(self, requests: Sequence[Request]) -> list[Response]:
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        return {"provider": "fake", "model_id": self.model_id}


def main(argv: list[str]) -> None:
    path = argv[0]
    n = int(argv[1]) if len(argv) > 1 else 300
    delay = float(argv[2]) if len(argv) > 2 else 0.05
    batch = int(argv[3]) if len(argv) > 3 else 8

    def report(request: Request, response: Response, reused: bool) -> None:
        sys.stdout.write(f"{'reused' if reused else 'fresh'} {request.request_id}\n")
        sys.stdout.flush()

    with ResponseStore(path) as store:
        results = run_requests(
            SlowBackend(delay), make_requests(n), store, mode="generate", batch_size=batch, on_result=report
        )
    sys.stdout.write(f"done {len(results)}\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
