"""Answer from a stored run, without inference: ``replay/<run directory or store file>``.

The backend's ``model_id`` and ``revision`` are the ones recorded in the store's rows, so every request
is looked up under the same key the original run stored it under (and running the replay into the same
store reuses everything). A store that holds answers of more than one (model, revision) cannot be replayed
as one model and raises :class:`BackendError`. A request the run never answered gets
``Response(finish_reason="error", error="not in the replayed run")``. ``plain_prompts`` (whether the model
had no chat template, so a protocol prompts it as a base model) is read from the run's ``provenance.json``.

Thread-safety: as the store's (one locked connection); ``generate`` and ``score`` may be called from
several threads.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Sequence

from pyverify.models._backend import BackendError, Request, Response
from pyverify.models._store import ResponseStore

__all__ = ["STORE_NAME", "NOT_IN_RUN", "ReplayBackend"]

#: the store's file name inside a run directory
STORE_NAME = "store.sqlite"
NOT_IN_RUN = "not in the replayed run"


class ReplayBackend:
    """Answers looked up in a run's response store (see the module docstring)."""

    def __init__(self, path: str | Path, **unknown: str) -> None:
        if unknown:
            raise BackendError(f"unknown replay option(s) {', '.join(sorted(unknown))} (replay takes none)")
        given = Path(path)
        file = given / STORE_NAME if given.is_dir() else given
        if not file.is_file():
            where = f"no {STORE_NAME} in run directory {given}" if given.is_dir() else f"no store at {given}"
            raise BackendError(f"cannot replay: {where}")
        self.path = file
        self._store = ResponseStore(file)
        models = self._store.models()
        if not models:
            self._store.close()
            raise BackendError(f"cannot replay {file}: the store holds no responses")
        if len(models) > 1:
            self._store.close()
            listed = ", ".join(f"{model}@{revision}" for model, revision in models)
            raise BackendError(f"cannot replay {file}: it mixes {len(models)} models ({listed})")
        self.model_id, self.revision = models[0]
        self.plain_prompts = _recorded_plain_prompts(file.parent)

    def _answer(self, requests: Sequence[Request]) -> list[Response]:
        responses = []
        for request in requests:
            stored = self._store.get(request.key(self.model_id, self.revision))
            if stored is None:
                responses.append(Response(request.request_id, finish_reason="error", error=NOT_IN_RUN))
            else:
                responses.append(dataclasses.replace(stored, request_id=request.request_id))
        return responses

    def generate(self, requests: Sequence[Request]) -> list[Response]:
        return self._answer(requests)

    def score(self, requests: Sequence[Request]) -> list[Response]:
        return self._answer(requests)

    def describe(self) -> dict[str, Any]:
        return {
            "provider": "replay",
            "model_id": self.model_id,
            "revision": self.revision,
            "store": str(self.path),
            "responses": len(self._store),
        }

    def close(self) -> None:
        """Close the replayed store."""
        self._store.close()

    def __repr__(self) -> str:
        return f"ReplayBackend({str(self.path)!r})"


def _recorded_plain_prompts(run: Path) -> bool:
    """Whether the replayed run's model had no chat template (its ``provenance.json``), so that a protocol
    builds the same prompts, and so the same keys, as the run it replays; False when not recorded."""
    import json

    try:
        model = json.loads((run / "provenance.json").read_text(encoding="utf-8")).get("model", {})
    except (OSError, ValueError, AttributeError):
        return False
    return bool(isinstance(model, dict) and model.get("plain_prompts", False))
