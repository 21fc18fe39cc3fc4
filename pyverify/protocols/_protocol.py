"""The protocol interface, and the registry that finds a protocol by name.

A protocol is a class with one small interface: the options it reads (``needs``), the inputs it reads
before and after its run directory opens (``load``, ``prepare``), the requests it makes, round by round
(``requests``), how answers become result rows (``score`` as each answer arrives, ``rows`` once every
round is answered) and its summary (``summarize``). One instance serves one run and keeps that run's
inputs and answers. :func:`pyverify.protocols.evaluate` runs every protocol the same way.

The registry maps names to ``"module:Class"`` strings and imports a protocol's module only when it
runs, like the backends' registry; an unknown name answers "did you mean …?". A new protocol is one new
module and one :func:`register` call (or one line in ``REGISTRY``).
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Iterator, Sequence

from pyverify.models._backend import Request, Response

#: protocol name -> "module:Class" (or the class itself, for one registered in-process)
REGISTRY: dict[str, str | type[Protocol]] = {
    "invariance": "pyverify.protocols._invariance:Invariance",
    "claim-audit": "pyverify.protocols._claim_audit:ClaimAudit",
    "cbu": "pyverify.protocols._cbu:CBU",
    "cbu-catalog": "pyverify.protocols._cbu:CatalogCBU",
}

#: the protocols pyverify ships
PROTOCOLS = tuple(REGISTRY)


@dataclass(frozen=True)
class Options:
    """What a caller may ask of one run; a protocol reads only the fields its ``needs`` names."""

    items_path: Path | None = None
    """Benchmark items, one JSON object a line (default ``families/generated/items.jsonl``)."""
    tasks_dir: Path | None = None
    """A claim-audit suite (``tasks.jsonl``, ``references.jsonl``); default ``<run>/suite``, built when missing."""
    limit: int | None = None
    """At most this many items or tasks (``None``: the protocol's default)."""
    samples: int = 1
    """Samples per item, or solver samples per neighbour (CBU)."""
    mode: str = "choice"
    """Invariance: ``choice`` (log-probabilities of TRUE and FALSE) or ``generate`` (parse the answer)."""
    conditions: tuple[str, ...] = ("direct",)
    """Claim-audit conditions."""
    max_new_tokens: int | None = None
    """Token budget per call (``None``: the protocol's default)."""
    batch_size: int = 8
    """Requests per backend batch."""
    temperature: float = 0.0
    """Invariance: sampling temperature of the answers (0: greedy / the more likely choice)."""
    structured: bool = False
    """Claim audit, CBU: ask the backend to enforce the protocol's JSON schema on every answer (structured
    output). Recorded in the run, so constrained and free runs are never compared as one."""
    prompt: str = "auto"
    """Invariance: ``zero-shot`` (the item and the instruction, through the model's chat template),
    ``few-shot`` (worked TRUE/FALSE examples from other theorems first, lm-eval style, for base models) or
    ``auto`` (few-shot when the backend has no chat template, else zero-shot)."""

    def config(self) -> dict[str, Any]:
        """The fields every run's ``config.json`` records, whether its protocol reads them or not (``temperature``,
        ``structured`` and ``prompt`` only when set, so that the configurations of earlier runs still match on
        resume)."""
        config: dict[str, Any] = {"limit": self.limit, "samples": self.samples, "mode": self.mode,
                                  "conditions": list(self.conditions), "max_new_tokens": self.max_new_tokens,
                                  "batch_size": self.batch_size}  # fmt: skip
        if self.temperature:
            config["temperature"] = self.temperature
        if self.structured:
            config["structured"] = True
        if self.prompt != "auto":
            config["prompt"] = self.prompt
        return config


OPTION_NAMES = tuple(f.name for f in dataclasses.fields(Options))


@dataclass(frozen=True)
class Round:
    """Requests sent to the backend together (one ``run_requests`` call, so one set of batches)."""

    requests: Sequence[Request]
    """The requests, in the order they are sent."""
    mode: str = "generate"
    """``generate`` or ``score`` (log-probabilities of each request's choices)."""


@dataclass(frozen=True)
class Answer:
    """One request answered, as the runner hands it to :meth:`Protocol.score`."""

    request: Request
    """The request."""
    response: Response
    """The backend's (or the store's) response; ``finish_reason == "error"`` is an infrastructure failure."""
    reused: bool
    """True when no backend call was made for it (a stored answer, or an identical request of this run)."""
    model_id: str
    """The model that answered (the backend's ``model_id``)."""


@dataclass(frozen=True)
class Inputs:
    """What a run read, for its provenance and its progress bar."""

    files: tuple[Path, ...] = ()
    """Input files, hashed into ``provenance.json``."""
    provenance: dict[str, Any] = field(default_factory=dict)
    """Further ``provenance.json`` fields (counts, seeds)."""
    calls: int = 0
    """Requests the progress bar counts."""


class Protocol(ABC):
    """One evaluation protocol. An instance serves one run; not thread-safe.

    The runner calls, in this order: ``load``, ``config``, (run directory opened) ``prepare``, ``bind``, then for
    each round that ``requests`` yields, ``score`` once per answer as it arrives; then ``rows`` and
    ``summarize``. ``requests`` is a generator: the code after a ``yield`` runs once that round is
    answered, so a round may be built from the answers ``score`` kept.
    """

    name: ClassVar[str]
    """The registry name (``pyverify eval --protocol``), recorded in ``config.json``."""
    title: ClassVar[str]
    """The progress bar's label."""
    needs: ClassVar[tuple[str, ...]]
    """The :class:`Options` fields this protocol reads."""

    def __init__(self, options: Options) -> None:
        self.options = options

    def load(self) -> None:
        """Read the inputs, before the run directory opens (a missing input leaves nothing behind)."""
        return None

    def config(self) -> dict[str, Any]:
        """Fields ``config.json`` records beyond the options (called after ``load``)."""
        return {}

    def bind(self, backend: Any) -> None:
        """Once the backend is loaded, before ``requests``: adapt to it (the invariance prompt form follows
        whether the backend applies a chat template, its ``plain_prompts`` attribute)."""
        return None

    def provenance(self) -> dict[str, Any]:
        """What ``provenance.json`` records about how this run asks (after ``bind``): the prompt form, whether
        output is constrained."""
        return {}

    @abstractmethod
    def prepare(self, out: Path) -> Inputs:
        """Once the run directory ``out`` is open: write what the run keeps beside its rows, say what was read."""

    @abstractmethod
    def requests(self) -> Iterator[Round]:
        """The requests, one round at a time."""

    def score(self, answer: Answer) -> dict[str, Any] | None:
        """Take one answer as it arrives; a row returned is written at once."""
        return None

    def rows(self) -> list[dict[str, Any]]:
        """Rows written once every round is answered, after those ``score`` returned."""
        return []

    @abstractmethod
    def summarize(self, rows: Sequence[dict[str, Any]], seconds: float) -> dict[str, Any]:
        """The run's summary (``summary.json``) from every row written; ``seconds``: time spent on the rounds."""


_NAME = re.compile(r"[a-z][a-z0-9-]*")


def register(name: str, target: str | type[Protocol]) -> None:
    """Make ``name`` run ``target``: a ``"module:Class"`` string (imported on first use) or a class.

    Registering a name again with the same target is allowed; with another target it is refused.
    """
    if not _NAME.fullmatch(name):
        raise ValueError(f"protocol name '{name}' must be lower case letters, digits and '-', starting with a letter")
    if isinstance(target, str) and (target.count(":") != 1 or not all(target.split(":"))):
        raise ValueError(f"protocol '{name}': target '{target}' must look like module:Class")
    if name in REGISTRY and REGISTRY[name] != target:
        raise ValueError(f"protocol '{name}' is already registered ({_describe(REGISTRY[name])})")
    REGISTRY[name] = target


def unregister(name: str) -> None:
    """Forget a protocol registered with :func:`register` (the shipped ones cannot be removed)."""
    if name in PROTOCOLS:
        raise ValueError(f"protocol '{name}' ships with pyverify and cannot be unregistered")
    REGISTRY.pop(name, None)


def protocol_names() -> tuple[str, ...]:
    """Every registered protocol's name."""
    return tuple(REGISTRY)


def load_protocol(name: str) -> type[Protocol]:
    """The protocol class registered as ``name`` (importing its module only now)."""
    if name not in REGISTRY:
        close = difflib.get_close_matches(name, list(REGISTRY), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ValueError(f"unknown protocol '{name}'{hint} (known: {', '.join(REGISTRY)})")
    target = REGISTRY[name]
    if isinstance(target, str):
        module_name, _, attr = target.partition(":")
        target = getattr(importlib.import_module(module_name), attr)
    if not (isinstance(target, type) and issubclass(target, Protocol)):
        raise TypeError(f"protocol '{name}': {_describe(REGISTRY[name])} is not a Protocol subclass")
    if target.name != name:
        raise TypeError(f"protocol '{name}': {_describe(REGISTRY[name])} calls itself '{target.name}'")
    unknown = [n for n in target.needs if n not in OPTION_NAMES]
    if unknown:
        raise TypeError(
            f"protocol '{name}' needs unknown option(s) {', '.join(unknown)} (known: {', '.join(OPTION_NAMES)})"
        )
    return target


def _describe(target: str | type[Protocol]) -> str:
    return target if isinstance(target, str) else f"{target.__module__}:{target.__qualname__}"
