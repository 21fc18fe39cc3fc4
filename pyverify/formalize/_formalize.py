"""Formalize natural-language items through a backend and certify each formalization against its theorem.

For every item to settle, ``samples`` requests (the same prompt, seeds ``seed + k``) go through the
response store (:func:`pyverify.models._runner.run_requests`: stored answers are reused, fresh ones stored
before use, so a rerun with the same store asks the backend nothing it already answered). Each answer's
claim line is parsed (never evaluated) and compared with every formal instance of the item's theorem by
:func:`pyverify.certify.equivalent` under a deadline and the item's semantics.

The decision (three-valued, as everywhere in pyverify):

- **certified**: all ``samples`` answers parse and each is certified equivalent to one of the instances;
- **suspect**: no answer is certified, no request failed, and some answer parses and is *refuted*
  equivalent to every instance (the paraphrase, or its formalization, changed the meaning; the answer, the
  instance and the witness are recorded);
- **needs_review** otherwise, with the reason: a backend failure (never "suspect"), samples that disagree
  (some certified, some not), an equivalence that is only *vacuous* (the formalization or the instance is
  true of no point, so they agree trivially: never a certification; the conditions are named), an
  unparseable answer (with the parse error), an undecided equivalence, or an item that cannot be formalized
  (no text, no formal form of its theorem).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Literal, Mapping, Sequence

from pyverify.formalize._prompt import MAX_CLAIM_CHARS, Example, choose_examples, extract_claim, prompt
from pyverify.models._backend import Backend, Decoding, Request, Response
from pyverify.models._store import ResponseStore

Status = Literal["certified", "suspect", "needs_review"]
#: equivalence methods of items that are already settled and are not formalized again
SETTLED_METHODS = ("certificate", "canonical", "template")
DEFAULT_SEMANTICS = "mathlib"
DEFAULT_TEMPERATURE = 0.7
#: stored raw answers are cut to this many characters (the whole answer stays in the response store)
MAX_STORED_ANSWER = 2_000
NO_FORMAL_FORM = "theorem has no formal form"


@dataclass(frozen=True)
class InstanceCheck:
    """The equivalence of one answer with one formal instance of the theorem."""

    instance: str
    """The instance's claim text (canonical ASCII)."""
    status: str
    """certified, refuted, unknown or vacuous (the certificate's status; vacuous is never a certification)."""
    method: str
    """What decided it (the certificate's method)."""
    witness: dict[str, Any] | None = None
    """For a refutation: the exact point where the two claims differ, when the engine gave one."""
    reason: str | None = None
    """For unknown: why; for vacuous: the headline (``vacuous: no point satisfies …``)."""
    conditions: tuple[str, ...] = ()
    """Definedness conditions a certification relied on (``exact`` semantics only); for vacuous: the conditions
    no point satisfies."""


@dataclass(frozen=True)
class Sample:
    """One answer of the model to an item's prompt, read and checked."""

    sample: int
    """Sample index k (the request used seed + k)."""
    answer: str
    """The raw answer (cut to 2,000 characters; the response store keeps it whole)."""
    claim: str | None
    """The line extracted as the claim, or None when the answer had none."""
    parse_status: Literal["parsed", "unparseable", "error"]
    """parsed, unparseable (see ``parse_error``) or error (the backend failed; see ``error``)."""
    parse_error: str | None = None
    """Why the claim did not parse."""
    formal: str | None = None
    """The parsed claim in canonical ASCII."""
    equivalence: Literal["certified", "refuted", "unknown", "vacuous"] | None = None
    """certified (equivalent to some instance), refuted (refuted against every instance), vacuous (no instance
    certified, and some equivalence holds only vacuously: not a certification) or unknown."""
    checks: tuple[InstanceCheck, ...] = ()
    """The equivalence with each instance tried, in order (stops at the first certified one)."""
    finish_reason: str = "stop"
    """The backend's finish reason."""
    error: str | None = None
    """The backend's failure, when parse_status is error."""


@dataclass(frozen=True)
class Formalization:
    """The outcome of formalizing one item: its status, the evidence, and where it came from."""

    item_id: str
    """The item formalized."""
    theorem_id: str | None
    """Its theorem."""
    text: str
    """The natural-language statement formalized."""
    status: Status
    """certified, suspect or needs_review."""
    reason: str | None
    """For needs_review: why; for suspect: what was refuted."""
    formal: str | None
    """certified: the formalization (sample 0's claim); suspect: the refuted formalization."""
    instance: str | None
    """certified: the instance sample 0 is equivalent to; suspect: the instance of the witness."""
    witness: dict[str, Any] | None
    """suspect: a point where the formalization and the instance differ (None when the refutation compared
    truth values only)."""
    semantics: str
    """The semantics every equivalence was decided under."""
    model_id: str
    """The backend's model id."""
    revision: str
    """The backend's revision."""
    samples_requested: int
    """k: the answers asked for."""
    agreement: int
    """How many of the k answers were certified equivalent to an instance."""
    samples: tuple[Sample, ...]
    """Every answer, with its parse status and equivalence."""
    temperature: float = 0.0
    """The sampling temperature (0: greedy)."""
    seed: int = 0
    """Sample k used seed + k."""
    timeout: float = 10.0
    """Deadline of each equivalence check (seconds)."""
    instances: tuple[str, ...] = ()
    """The theorem's formal instances the answers were compared with."""
    conditions: tuple[str, ...] = ()
    """certified under ``exact`` semantics: the definedness conditions the certifications relied on (the
    formalization is then certified *where defined*); empty when none were needed."""
    certificate_id: str = ""
    """A stable id of this record (SHA-256 of its decision-relevant content)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Room for provenance a caller adds (not part of the certificate id)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# -- which items to formalize ---------------------------------------------------------------------------------


def is_settled(item: Mapping[str, Any]) -> bool:
    """Whether an item already has a formal form established by a certificate, canonical form or template."""
    equivalence = item.get("equivalence")
    method = equivalence.get("method") if isinstance(equivalence, Mapping) else None
    return bool(item.get("formal")) and method in SETTLED_METHODS


def theorem_instances(item: Mapping[str, Any]) -> list[str]:
    """The item's ``theorem_formal`` texts (a single text is read as one instance; non-text entries ignored)."""
    raw = item.get("theorem_formal")
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, (list, tuple)):
        return []
    return [text for text in raw if isinstance(text, str) and text.strip()]


# -- reading answers -----------------------------------------------------------------------------------------


def _parse_claim(text: str) -> tuple[Any, str | None]:
    """(claim, None) or (None, error): the parser's complaint, or any failure of the parser on hostile text."""
    from pyverify.logic import ParseError, parse

    try:
        return parse(text), None
    except ParseError as exc:
        return None, str(exc)
    except RecursionError:
        return None, "claim nested too deeply"
    except Exception as exc:  # the parser failing on odd text is still "does not parse", never a crash
        return None, f"parser failed: {type(exc).__name__}: {exc}"


def _witness(cert: Any) -> dict[str, Any] | None:
    if cert.witness is not None:
        return dict(cert.witness)
    # a truth-value refutation: the witness of whichever sentence was refuted, if any
    for side in ("a", "b"):
        sub = cert.evidence.get(side) if isinstance(cert.evidence, dict) else None
        if isinstance(sub, dict) and sub.get("status") == "refuted" and isinstance(sub.get("witness"), dict):
            return {"sentence": side, **sub["witness"]}
    return None


Checker = Callable[[Any, Any, float, str], Any]


def _default_checker(a: Any, b: Any, timeout: float, semantics: str) -> Any:
    from pyverify.certify import equivalent

    return equivalent(a, b, timeout, semantics=semantics)


def _check(claim: Any, instances: Sequence[tuple[str, Any]], semantics: str, timeout: float,
           cache: dict[tuple[str, str, str], InstanceCheck], checker: Checker) -> tuple[InstanceCheck, ...]:  # fmt: skip
    from pyverify.logic import to_text

    text = to_text(claim)
    checks = []
    for instance_text, instance in instances:
        key = (text, instance_text, semantics)
        if key not in cache:
            try:
                cert = checker(claim, instance, timeout, semantics)
                reason = cert.headline if cert.status == "vacuous" else cert.reason
                cache[key] = InstanceCheck(instance_text, cert.status, cert.method, _witness(cert) if cert.refuted else None,
                                           reason, tuple(cert.conditions))  # fmt: skip
            except Exception as exc:  # an engine failure is undecided, never a verdict
                cache[key] = InstanceCheck(instance_text, "unknown", "none", reason=f"{type(exc).__name__}: {exc}")
        checks.append(cache[key])
        if cache[key].status == "certified":
            break
    return tuple(checks)


def _read_sample(k: int, response: Response, instances: Sequence[tuple[str, Any]], semantics: str, timeout: float,
                 cache: dict[tuple[str, str, str], InstanceCheck], checker: Checker) -> Sample:  # fmt: skip
    from pyverify.logic import to_text

    answer = response.text[:MAX_STORED_ANSWER]
    if response.finish_reason == "error":
        return Sample(k, answer, None, "error", finish_reason="error", error=response.error or "backend error")
    claim_text = extract_claim(response.text)
    if claim_text is None:
        return Sample(k, answer, None, "unparseable", "no claim in the answer", finish_reason=response.finish_reason)
    if len(claim_text) > MAX_CLAIM_CHARS:
        return Sample(k, answer, claim_text[:MAX_STORED_ANSWER], "unparseable",
                      f"claim is {len(claim_text)} characters long; the limit is {MAX_CLAIM_CHARS}",
                      finish_reason=response.finish_reason)  # fmt: skip
    claim, error = _parse_claim(claim_text)
    if claim is None:
        return Sample(k, answer, claim_text, "unparseable", error, finish_reason=response.finish_reason)
    checks = _check(claim, instances, semantics, timeout, cache, checker)
    statuses = {c.status for c in checks}
    verdict: Literal["certified", "refuted", "unknown", "vacuous"] = (
        "certified" if "certified" in statuses else "refuted" if statuses == {"refuted"}
        else "vacuous" if "vacuous" in statuses else "unknown"
    )  # fmt: skip
    return Sample(k, answer, claim_text, "parsed", None, to_text(claim), verdict, checks, response.finish_reason)


# -- the decision ----------------------------------------------------------------------------------------------


def decide(samples: Sequence[Sample], k: int) -> tuple[Status, str | None]:
    """The rule of the module docstring: (status, reason)."""
    errors = [s for s in samples if s.parse_status == "error"]
    if errors or len(samples) < k:
        first = errors[0].error if errors else "fewer answers than requested"
        return "needs_review", f"backend failure on {len(errors) or k - len(samples)} of {k} samples: {first}"
    certified = [s for s in samples if s.equivalence == "certified"]
    if len(certified) == k:
        return "certified", None
    refuted = [s for s in samples if s.equivalence == "refuted"]
    if certified:
        others = ", ".join(f"sample {s.sample} {s.equivalence or s.parse_status}" for s in samples
                           if s.equivalence != "certified")  # fmt: skip
        return "needs_review", f"samples disagree: {len(certified)} of {k} certified ({others})"
    if refuted:
        s = refuted[0]
        return "suspect", f"sample {s.sample}'s formalization is refuted equivalent to every instance"
    vacuous = [s for s in samples if s.equivalence == "vacuous"]
    if vacuous:
        s = vacuous[0]
        why = next(c.reason for c in s.checks if c.status == "vacuous")
        return "needs_review", f"equivalence only vacuous (sample {s.sample}): {why}; not a certification"
    unparseable = [s for s in samples if s.parse_status == "unparseable"]
    if unparseable:
        s = unparseable[0]
        return "needs_review", f"unparseable answer (sample {s.sample}): {s.parse_error}"
    unknown = next(s for s in samples if s.equivalence == "unknown")
    why = next((c.reason for c in unknown.checks if c.status == "unknown" and c.reason), "undecided")
    return "needs_review", f"equivalence unknown (sample {unknown.sample}): {why}"


def _certificate_id(record: Formalization) -> str:
    content = {key: value for key, value in record.to_dict().items() if key not in ("certificate_id", "extra")}
    digest = hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()
    return f"formalization:{digest[:20]}"


@dataclass(frozen=True)
class _Settings:
    backend: Backend
    k: int
    temperature: float
    seed: int
    timeout: float


def _record(item: Mapping[str, Any], status: Status, reason: str | None, samples: Sequence[Sample], *,
            run: _Settings, semantics: str, instances: Sequence[str]) -> Formalization:  # fmt: skip
    formal = instance = witness = None
    conditions: tuple[str, ...] = ()
    if status == "certified":
        formal = samples[0].formal
        instance = next(c.instance for c in samples[0].checks if c.status == "certified")
        used = (c.conditions for s in samples for c in s.checks if c.status == "certified")
        conditions = tuple(dict.fromkeys(condition for group in used for condition in group))
    elif status == "suspect":
        refuted = next(s for s in samples if s.equivalence == "refuted")
        formal = refuted.formal
        with_witness = next((c for c in refuted.checks if c.witness is not None), refuted.checks[0])
        instance, witness = with_witness.instance, with_witness.witness
    record = Formalization(
        item_id=str(item.get("item_id", "")), theorem_id=None if item.get("theorem_id") is None else str(item["theorem_id"]),
        text=str(item.get("text") or ""), status=status, reason=reason, formal=formal, instance=instance,
        witness=witness, semantics=semantics, model_id=run.backend.model_id, revision=run.backend.revision,
        samples_requested=run.k, agreement=sum(s.equivalence == "certified" for s in samples), samples=tuple(samples),
        temperature=run.temperature, seed=run.seed, timeout=run.timeout, instances=tuple(instances), conditions=conditions,
    )  # fmt: skip
    return _with_id(record)


def _with_id(record: Formalization) -> Formalization:
    from dataclasses import replace

    return replace(record, certificate_id=_certificate_id(record))


# -- driving the backend ---------------------------------------------------------------------------------------


def _answers(backend: Backend, requests: list[Request], store: ResponseStore, batch_size: int) -> list[Response]:
    """Every request answered through the store; a backend that raises answers the requests it had not
    answered with error responses (retried by a rerun, since errors are never stored)."""
    from pyverify.models._runner import run_requests

    out: list[Response] = []
    chunk = max(1, batch_size) * 4
    for start in range(0, len(requests), chunk):
        part = requests[start : start + chunk]
        try:
            out.extend(run_requests(backend, part, store, mode="generate", batch_size=batch_size))
        except Exception as exc:  # infrastructure failure: needs_review, never a verdict
            message = f"{type(exc).__name__}: {exc}"[:500]
            for request in part:
                stored = store.get(request.key(backend.model_id, backend.revision))
                out.append(stored if stored is not None else Response(request.request_id, finish_reason="error",
                                                                      error=message))  # fmt: skip
    return out


def formalize_items(
    items: Sequence[Mapping[str, Any]],
    backend: Backend,
    *,
    samples: int = 1,
    semantics: str = DEFAULT_SEMANTICS,
    store: ResponseStore | None = None,
    timeout: float = 10.0,
    temperature: float | None = None,
    seed: int = 0,
    max_new_tokens: int = 160,
    batch_size: int = 8,
    examples: Sequence[Example] | None = None,
    checker: Checker | None = None,
) -> list[Formalization]:
    """Formalize every item that is not already settled (see :func:`is_settled`); one record per such item,
    in input order.

    ``semantics`` is the default for items without a valid ``semantics`` field. ``temperature`` defaults to
    0 for one sample and 0.7 for several (several greedy samples would repeat one answer, so temperature 0
    with ``samples`` > 1 is refused). ``store`` (default: in memory) keeps every answer; ``examples``
    (default: from the catalog, leaving out the item's own theorem) are the prompt's worked examples;
    ``checker(a, b, timeout, semantics)`` replaces :func:`pyverify.certify.equivalent` (tests)."""
    from pyverify.logic._semantics import check_semantics

    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    if timeout <= 0:
        raise ValueError(f"timeout must be positive, not {timeout}")
    check_semantics(semantics)
    if temperature is None:
        temperature = 0.0 if samples == 1 else DEFAULT_TEMPERATURE
    if temperature < 0:
        raise ValueError(f"temperature must be at least 0, not {temperature}")
    if samples > 1 and temperature == 0:
        raise ValueError(f"{samples} samples at temperature 0 would repeat one answer: set a temperature above 0")
    checker = checker or _default_checker
    own_store = store is None
    store = store if store is not None else ResponseStore(":memory:")
    run = _Settings(backend, samples, temperature, seed, timeout)

    # items that cannot be formalized are decided without asking the backend
    plans: list[tuple[Mapping[str, Any], Formalization | None, str, list[tuple[str, Any]], list[Request]]] = []
    for item in items:
        if is_settled(item):
            continue
        item_semantics = str(item["semantics"]) if item.get("semantics") in ("exact", "mathlib") else semantics
        texts = theorem_instances(item)
        if not texts:
            plans.append((item, _record(item, "needs_review", NO_FORMAL_FORM, (), run=run, semantics=item_semantics,
                                        instances=()), item_semantics, [], []))  # fmt: skip
            continue
        parsed = [(text, _parse_claim(text)) for text in texts]
        instances = [(_canonical(claim), claim) for _, (claim, _) in parsed if claim is not None]
        statement = item.get("text")
        problem = None
        if not instances:
            problem = f"theorem's formal form does not parse: {parsed[0][1][1]}"
        elif not isinstance(statement, str) or not statement.strip():
            problem = "item has no text"
        if problem is not None:
            plans.append((item, _record(item, "needs_review", problem, (), run=run, semantics=item_semantics,
                                        instances=[t for t, _ in instances]), item_semantics, [], []))  # fmt: skip
            continue
        shown = examples if examples is not None else choose_examples([t for t, _ in instances] + texts)
        messages = prompt(str(statement), shown)
        requests = [
            Request(f"{item.get('item_id')}#f{k}", messages,
                    Decoding(max_new_tokens=max_new_tokens, temperature=temperature, seed=seed + k))
            for k in range(samples)
        ]  # fmt: skip
        plans.append((item, None, item_semantics, instances, requests))

    try:
        flat = [request for *_, requests in plans for request in requests]
        responses = iter(_answers(backend, flat, store, batch_size))
        cache: dict[tuple[str, str, str], InstanceCheck] = {}
        out = []
        for item, decided, item_semantics, instances, requests in plans:
            if decided is not None:
                out.append(decided)
                continue
            read = [_read_sample(k, next(responses), instances, item_semantics, timeout, cache, checker)
                    for k in range(len(requests))]  # fmt: skip
            status, reason = decide(read, samples)
            out.append(_record(item, status, reason, read, run=run, semantics=item_semantics,
                               instances=[t for t, _ in instances]))  # fmt: skip
        return out
    finally:
        if own_store:
            store.close()


def _canonical(claim: Any) -> str:
    from pyverify.logic import to_text

    return str(to_text(claim))
