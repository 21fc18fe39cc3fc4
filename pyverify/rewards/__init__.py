"""Grading whole model responses for evaluation and RL: one extraction policy, fail-closed grades, the call
shapes of TRL and verl, warm worker pools.

``grade(response, gold)`` returns a :class:`Grade` (correct / wrong / several answers / no answer / unparsed /
undefined / unknown, with the extracted answer, the rule that took it and the certificate); ``TRLReward`` is a
``GRPOTrainer`` reward function; ``compute_score`` is verl's; ``RewardPool`` grades batches in warm workers.
"""

from pyverify.rewards._grade import DEFAULT_POLICY, GRADE_MEANINGS, Grade, GradeStatus, Policy, grade, grade_any
from pyverify.rewards._pool import BatchResult, RewardPool, grade_batch
from pyverify.rewards._trainers import (
           TRLReward,
           boxed_format_reward,
           completion_text,
           compute_score,
           compute_score_batch,
)

__all__ = ["DEFAULT_POLICY", "GRADE_MEANINGS", "BatchResult", "Grade", "GradeStatus", "Policy", "RewardPool", "TRLReward",
           "boxed_format_reward", "completion_text", "compute_score", "compute_score_batch", "grade", "grade_any", "grade_batch"]  # fmt: skip
