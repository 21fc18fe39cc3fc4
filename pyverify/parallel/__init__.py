"""Running many independent jobs: local worker processes or a Ray cluster, and resumable batch results.

Knows nothing of mathematics. ``LocalExecutor`` / ``RayExecutor`` map a picklable module-level function
over :class:`Job` rows, yielding :class:`Outcome` as jobs complete, each under a hard deadline;
:class:`BatchStore` records finished rows durably, keyed by row id and input hash.
"""

from typing import TYPE_CHECKING, Any

from pyverify.parallel._executor import Executor, Job, LocalExecutor, Outcome
from pyverify.parallel._store import BatchStore, StoreBusy, input_hash, remove_store

if TYPE_CHECKING:
    from pyverify.parallel._ray import RayExecutor


def make_executor(kind: str = "local", workers: int | None = None, address: str | None = None,
                  setup: str = "") -> Executor:  # fmt: skip
    """``local`` (``workers`` processes, default 1) or ``ray`` (a cluster at ``address``, or a local Ray)."""
    if kind == "local":
        if address is not None:
            raise ValueError("--address is for the ray executor")
        return LocalExecutor(workers or 1, setup=setup)
    if kind == "ray":
        from pyverify.parallel._ray import RayExecutor

        return RayExecutor(workers, address=address, setup=setup)
    raise ValueError(f"unknown executor {kind!r} (local, ray)")


def __getattr__(name: str) -> Any:
    if name == "RayExecutor":
        from pyverify.parallel._ray import RayExecutor

        return RayExecutor
    raise AttributeError(f"module 'pyverify.parallel' has no attribute '{name}'")


__all__ = ["BatchStore", "Executor", "Job", "LocalExecutor", "Outcome", "RayExecutor", "StoreBusy", "input_hash",
           "make_executor", "remove_store"]  # fmt: skip
