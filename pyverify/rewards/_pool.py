"""Grading many responses at once without hurting a trainer: warm worker processes, a deadline per item that
can never stall the batch, results in order, counts per grade.

Written on ``concurrent.futures`` rather than Ray or the batch executors of :mod:`pyverify.parallel`: a trainer
calls the reward every step with a few hundred short items, so what matters is that the workers stay warm
between calls and that no item can hold the batch past its deadline; the ``spawn`` start method keeps a
trainer's CUDA state out of the workers.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Sequence

from pyverify.rewards._grade import DEFAULT_POLICY, Grade, Policy, _reward, grade, grade_any

#: Seconds a worker may take beyond the policy's deadline before its item is given up (start-up, transfer).
GRACE = 3.0
#: Seconds allowed to start the workers (importing pyverify and warming the engine once).
STARTUP = 60.0


@dataclass(frozen=True)
class BatchResult:
    """The grades of a batch, in the order given, with the counts a trainer logs."""

    grades: list[Grade]
    seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def rewards(self) -> list[float | None]:
        return [g.reward for g in self.grades]

    @property
    def parse_failure_rate(self) -> float:
        """The share of responses with no answer or an unreadable one (not wrong answers: format failures)."""
        n = len(self.grades)
        return (self.counts.get("no answer", 0) + self.counts.get("unparsed", 0)) / n if n else 0.0

    def metrics(self, prefix: str = "pyverify/") -> dict[str, float]:
        """Shares per grade and the parse-failure rate, ready for a trainer's logger."""
        n = max(1, len(self.grades))
        out = {f"{prefix}{status.replace(' ', '_')}": count / n for status, count in self.counts.items()}
        out[f"{prefix}parse_failure_rate"] = self.parse_failure_rate
        return out


def _warm() -> None:
    # import and start the engine (and its sympy) once, so that the first real item pays nothing
    grade(r"\boxed{\frac{\sqrt{8}}{2}}", r"\sqrt{2}", policy=Policy(timeout=30.0))


def _one(response: str, gold: Any, policy: Policy) -> Grade:
    return grade_any(response, gold, policy=policy)


class RewardPool:
    """Warm worker processes grading responses. ``workers=0`` grades in this process (no pool)."""

    def __init__(self, workers: int | None = None, policy: Policy = DEFAULT_POLICY) -> None:
        self.workers = max(1, (os.cpu_count() or 2) - 1) if workers is None else workers
        self.policy = policy
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_warm)  # fmt: skip
        return self._pool

    def grade_many(self, responses: Sequence[str], golds: Sequence[Any]) -> BatchResult:
        """Grade ``responses[k]`` against ``golds[k]`` (a gold answer or a list of acceptable ones); an item not
        done in time is ``unknown`` (deadline)."""
        if len(responses) != len(golds):
            raise ValueError(f"{len(responses)} responses but {len(golds)} gold answers")
        start = time.monotonic()
        if self.workers == 0 or not responses:
            grades = [grade_any(r, g, policy=self.policy) for r, g in zip(responses, golds)]
            return _result(grades, start)
        pool = self._executor()
        futures: list[Future[Grade]] = [pool.submit(_one, r, g, self.policy) for r, g in zip(responses, golds)]
        rounds = math.ceil(len(futures) / self.workers)
        budget = rounds * (self.policy.timeout + GRACE) + (STARTUP if not getattr(self, "_started", False) else 0)
        done, _ = wait(futures, timeout=budget)
        self._started = True
        grades = []
        stalled = False
        for future in futures:
            if future in done and future.exception() is None:
                grades.append(future.result())
                continue
            stalled = True
            why = "the batch deadline passed" if future not in done else f"the worker failed: {future.exception()!r}"
            grades.append(Grade("unknown", _reward("unknown", self.policy), reason=why))
        if stalled:
            self.close()  # a stuck or broken worker is never reused
        return _result(grades, start)

    def close(self) -> None:
        if self._pool is not None:
            for process in list(getattr(self._pool, "_processes", {}).values()):
                process.kill()
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self._started = False

    def __enter__(self) -> RewardPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _result(grades: list[Grade], start: float) -> BatchResult:
    return BatchResult(grades, round(time.monotonic() - start, 6), dict(Counter(g.status for g in grades)))


def grade_batch(responses: Sequence[str], golds: Sequence[Any], *, policy: Policy = DEFAULT_POLICY,
                workers: int | None = None) -> BatchResult:  # fmt: skip
    """Grade a batch in a pool started for it (for repeated calls, keep a :class:`RewardPool`)."""
    with RewardPool(workers, policy) as pool:
        return pool.grade_many(responses, golds)
