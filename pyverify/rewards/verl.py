"""verl's custom reward function, as a file verl can load:

    custom_reward_function:
      path: pkg://pyverify.rewards.verl      # or this file's path
      name: compute_score
      reward_kwargs: {percent: value, timeout: 5}   # optional: the grading policy

``compute_score(data_source, solution_str, ground_truth, extra_info=None)`` returns
``{"score": reward, "acc": proved correct, "pred": the answer taken, "status": the grade}``.
"""

from pyverify.rewards._trainers import compute_score, compute_score_batch

__all__ = ["compute_score", "compute_score_batch"]
