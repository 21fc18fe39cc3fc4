"""The call shapes of RL trainers: a TRL ``GRPOTrainer`` reward function and verl's ``compute_score``."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from pyverify.rewards._grade import DEFAULT_POLICY, Policy, grade_any
from pyverify.rewards._pool import BatchResult, RewardPool


def completion_text(completion: Any) -> str:
    """A completion as TRL passes it: a string (standard format) or a list of chat messages (conversational
    format: the assistant's messages joined); anything else is refused with what it was."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, dict) and "content" in completion:
        return str(completion["content"])
    if isinstance(completion, (list, tuple)) and all(isinstance(m, dict) for m in completion):
        parts = [str(m.get("content", "")) for m in completion if m.get("role", "assistant") == "assistant"]
        return "\n".join(parts)
    raise TypeError(f"a completion must be a string or a list of chat messages, not {type(completion).__name__}")


class TRLReward:
    """A reward function with the signature of TRL's ``GRPOTrainer`` (``reward_funcs=[TRLReward()]``).

    TRL calls it as ``reward(prompts=..., completions=..., completion_ids=..., **columns)`` where every other
    column of the dataset arrives as a keyword with one value per completion; the gold answer is read from
    ``column`` (default ``solution``). Returns ``list[float | None]``: 1.0 correct, 0.0 otherwise, and for
    undecidable or unreadable completions what the policy says (None: TRL leaves them out of the reward).
    The last batch's grades and counts are kept in ``last`` for logging (``reward.last.metrics()``).
    """

    def __init__(self, column: str = "solution", policy: Policy = DEFAULT_POLICY, workers: int | None = None,
                 name: str = "pyverify_correctness") -> None:  # fmt: skip
        self.column = column
        self.pool = RewardPool(workers, policy)
        self.__name__ = name  # TRL names the reward in its logs by __name__
        self.last: BatchResult | None = None

    def __call__(self, completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        if self.column not in kwargs:
            raise KeyError(f"TRLReward: the dataset has no column {self.column!r} with the gold answers (columns "
                           f"passed: {sorted(k for k in kwargs if k not in ('prompts', 'completion_ids'))}); "
                           "choose it with TRLReward(column=...)")  # fmt: skip
        golds = list(kwargs[self.column])  # a gold answer per completion, or a list of acceptable ones
        texts = [completion_text(c) for c in completions]
        self.last = self.pool.grade_many(texts, golds)
        # TRL >= 1.x hands a reward function two loggers: scalar metrics and extra columns of its completions table
        log_metric, log_extra = kwargs.get("log_metric"), kwargs.get("log_extra")
        if callable(log_metric):
            for name, value in self.last.metrics(f"{self.__name__}/").items():
                log_metric(name, value)
        if callable(log_extra):
            log_extra(f"{self.__name__}_grade", [g.status for g in self.last.grades])
            log_extra(f"{self.__name__}_answer", [g.answer for g in self.last.grades])
        return self.last.rewards

    def close(self) -> None:
        self.pool.close()


def boxed_format_reward(completions: Sequence[Any], **kwargs: Any) -> list[float]:
    """A separate format reward (TRL signature): 1.0 when the response's final answer is in a ``\\boxed{}``."""
    from pyverify.answers import extract_answer

    return [1.0 if extract_answer(completion_text(c)).rule in ("boxed", "several boxes") else 0.0 for c in completions]


def _policy(policy: Policy | None, kwargs: dict[str, Any]) -> Policy:
    """The policy of a verl call: ``policy``, else the Policy fields among verl's ``reward_kwargs`` (a YAML
    mapping such as ``{percent: unit, timeout: 3}``); verl's other keywords are ignored."""
    if policy is not None:
        return policy
    fields = {k: v for k, v in kwargs.items() if k in Policy.__dataclass_fields__}
    return Policy(**fields) if fields else DEFAULT_POLICY


def compute_score(data_source: str, solution_str: str, ground_truth: Any, extra_info: dict[str, Any] | None = None,
                  *, policy: Policy | None = None, **kwargs: Any) -> dict[str, Any]:  # fmt: skip
    """verl's reward signature (``custom_reward_function.name=compute_score``): a dict whose ``score`` is the
    reward, as verl's own ``math_dapo`` returns it, with ``acc`` (proved correct), ``pred`` (the answer taken)
    and ``status`` (the grade) for verl's logs. ``custom_reward_function.reward_kwargs`` may set the policy
    (``percent``, ``order``, ``tolerance``, ``timeout``, ``require_box``, ``on_unknown``, ``on_invalid``)."""
    g = grade_any(solution_str, ground_truth, policy=_policy(policy, kwargs))
    return {"score": float(g.reward or 0.0), "acc": g.correct, "pred": g.answer, "status": g.status}


def compute_score_batch(data_sources: Sequence[str], solution_strs: Sequence[str], ground_truths: Sequence[Any],
                        extra_infos: Sequence[Any] | None = None, **kwargs: Any) -> list[dict[str, Any]]:  # fmt: skip
    """verl's batch reward manager signature: the same dicts, graded in a warm pool."""
    result = _batch_pool().grade_many(list(solution_strs), list(ground_truths))
    return [{"score": float(g.reward or 0.0), "acc": g.correct, "pred": g.answer, "status": g.status}
            for g in result.grades]  # fmt: skip


_POOL: list[RewardPool] = []


def _batch_pool() -> RewardPool:
    if not _POOL:
        _POOL.append(RewardPool())
    return _POOL[0]


Reward = Callable[..., list[float | None]]
