"""TRL's own GRPOTrainer runs a training step with pyverify's reward on the packaged SmolLM2 (CPU, ~15 s)."""

from __future__ import annotations

import tempfile

import pytest

trl = pytest.importorskip("trl", reason="trl is installed by `make test` (the rl extra)")


def test_grpo_trainer_calls_the_reward_and_logs_its_counts() -> None:
    from datasets import Dataset

    from pyverify.models import BackendError
    from pyverify.models._packaged import ensure_converted, pieces, sha256_file
    from pyverify.rewards import TRLReward

    try:
        parts = pieces("smollm2-135m")
    except BackendError as exc:
        pytest.skip(str(exc))
    model = str(ensure_converted("smollm2-135m", parts, sha256_file(*parts)))
    data = Dataset.from_list([{"prompt": "What is 2+2? Put the answer in \\boxed{}.", "solution": "4", "level": 1},
                              {"prompt": "What is 3+3? Put the answer in \\boxed{}.", "solution": "6", "level": 1}])  # fmt: skip
    reward = TRLReward(workers=0)
    args = trl.GRPOConfig(output_dir=tempfile.mkdtemp(), max_steps=1, per_device_train_batch_size=2, num_generations=2,
                          generation_batch_size=2, max_completion_length=16, logging_steps=1, report_to=[],
                          use_cpu=True, bf16=False, save_strategy="no", seed=0)  # fmt: skip
    trainer = trl.GRPOTrainer(model=model, reward_funcs=[reward], args=args, train_dataset=data)
    trainer.train()
    assert reward.last is not None and len(reward.last.grades) == 2  # called once, one grade per completion
    logged = trainer.state.log_history[0]
    assert "rewards/pyverify_correctness/mean" in logged
    assert "pyverify_correctness/parse_failure_rate" in logged  # the counts reach TRL's logs through log_metric
