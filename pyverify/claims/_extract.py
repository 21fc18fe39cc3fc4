"""Reading a model's audit out of what it returned (spec ``shared/spec/claim-audit.md`` §4, §6).

:func:`extract` turns free text into an :class:`Extraction`:

1. ``<think>…</think>`` blocks are removed (tags matched case-insensitively, nesting counted). A
   ``</think>`` with no opening tag before it means the chat template opened the thought, so
   everything up to it is thought and is removed too. A ``<think>`` that is never closed means the
   output was cut mid-thought: status ``truncated`` (unscored, not wrong).
2. A JSON object is decoded at every ``{`` that can start one (a ``{`` followed by optional white
   space and ``"``; a nested object is such a start too), with ``json.JSONDecoder.raw_decode``:
   exact decimals (``parse_float=Decimal``), integers longer than 4,000 digits kept as ``Decimal``.
   ``NaN``/``Infinity`` are noted while decoding (so the object's extent is still known) and the
   object holding them is refused. Nothing is evaluated.
3. The **last** object holding all five audit fields (``verdict, scope, failure_mode,
   counterexample, repair``) is the audit: ``parsed``. Otherwise, if an object starts that never
   closes before the end of the text: ``truncated``. Otherwise the object with the most audit fields
   (ties: the last) is reported as ``partial``, with an error naming the missing fields; its audit is
   kept (the scorer marks it not json_valid). Otherwise ``unavailable``.

Starts are tried from the end of the text backwards, so the search stops at the first complete
audit it meets (which is the last in the text) and only texts without one are searched through.

Limits, so that hostile text (megabytes, 10,000 nested braces, binary garbage) costs bounded time
and never raises (``RecursionError`` from deep nesting is caught):

- at most :data:`MAX_ATTEMPTS` (2,000) decode attempts, at the *last* starts when a text has more
  (the answer is at the end); an error that may be due to this says so;
- each attempt decodes in a window of :data:`WINDOW` characters, grown ×8 only while the object may
  run past it, so a failure costs what it read (decoding over the whole text would cost
  O(len(text)) per failure: ``JSONDecodeError`` counts the lines before its position);
- a scan budget of :data:`SCAN_BUDGET_MIN` + :data:`SCAN_BUDGET_FACTOR` × len(text) characters read
  over all attempts.

A 1 MB hostile text takes well under a second; an ordinary response, microseconds.

:func:`load_responses` reads a JSONL file of responses in any of the shapes the spec names.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal, Mapping

from pyverify.claims._io import ClaimsFileError, read_jsonl
from pyverify.claims._records import AUDIT_FIELDS

ExtractionStatus = Literal["parsed", "partial", "unavailable", "truncated"]

#: Most decode attempts per text (the last candidate positions are tried when there are more).
MAX_ATTEMPTS = 2_000
#: Characters that failed decode attempts may read, in all: this much plus FACTOR × len(text).
SCAN_BUDGET_MIN = 4_000_000
SCAN_BUDGET_FACTOR = 2
#: First window an object is decoded in (grown ×8 while the object may run past it).
WINDOW = 8_192
#: Integers longer than this are kept as Decimal (Python refuses int() of very long digit strings).
MAX_INT_DIGITS = 4_000

_THINK_TAG = re.compile(r"<\s*(/?)\s*think\s*>", re.IGNORECASE)
_OBJECT_START = re.compile(r'\{\s*"')
#: What an object cut off at the end of the text can end with: a prefix of a literal or a number.
_CUT_TOKEN = re.compile(r"t(r(ue?)?)?|f(a(l(se?)?)?)?|n(u(ll?)?)?|-?\d*(\.\d*)?([eE][+-]?\d*)?")


def _parse_int(text: str) -> Any:
    return int(text) if len(text) <= MAX_INT_DIGITS else Decimal(text)


@dataclass(frozen=True)
class Extraction:
    """The audit found in one response, and how it was found."""

    audit: dict[str, Any] | None
    """The audit object (``parsed`` or ``partial``); None otherwise."""
    status: ExtractionStatus
    """parsed / partial / unavailable / truncated."""
    error: str = ""
    """One line: why the status is not ``parsed`` (empty when it is)."""


@dataclass(frozen=True)
class Response:
    """One task's response as read from a responses file."""

    task_id: str
    audit: dict[str, Any] | None
    status: ExtractionStatus
    error: str
    raw: dict[str, Any] = field(repr=False)
    """The row as read."""


class Responses(dict[str, Response]):
    """``task_id -> Response``, with what :func:`load_responses` noticed on the way."""

    duplicates: int
    """Rows whose task_id an earlier row already had (the last row is kept)."""
    problems: list[str]
    """One line per thing the caller should see (duplicates, ignored rows)."""

    def __init__(self) -> None:
        super().__init__()
        self.duplicates = 0
        self.problems = []


# ---------------------------------------------------------------- think blocks


def strip_think(text: str) -> tuple[str, bool]:
    """(the text outside thought blocks, whether a ``<think>`` was left open at the end)."""
    kept: list[str] = []
    depth = 0
    position = 0
    for match in _THINK_TAG.finditer(text):
        closing = bool(match.group(1))
        if not closing:
            if depth == 0:
                kept.append(text[position : match.start()])
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                position = match.end()
        else:  # a closing tag with no opening: the template opened the thought; all before it is thought
            kept = []
            position = match.end()
    if depth > 0:
        return "".join(kept), True
    kept.append(text[position:])
    return "".join(kept), False


# ---------------------------------------------------------------- objects


def _audit_fields(obj: Mapping[str, Any]) -> int:
    return sum(1 for name in AUDIT_FIELDS if name in obj)


def _missing(obj: Mapping[str, Any]) -> list[str]:
    return [name for name in AUDIT_FIELDS if name not in obj]


def _runs_off_end(window: str, exc: json.JSONDecodeError) -> bool:
    """Did this failed object (decoded in a window that reaches the end of the text) fail only because
    the text ended first?"""
    if exc.msg.startswith("Unterminated string"):
        return True
    tail = window[exc.pos :]
    if exc.msg.startswith("Invalid \\u") and '"' not in tail:  # cut inside a \uXXXX escape
        return True
    if len(tail) > 64 and tail[:64].strip():
        return False
    return _CUT_TOKEN.fullmatch(tail.strip()) is not None


def _attempt(decoder: json.JSONDecoder, text: str, start: int) -> tuple[Any, int, bool]:
    """(decoded value or None, characters read, whether the object runs off the end of the text).

    Decodes in a window that grows (×8) only while the object may extend past it, so a failed attempt
    costs what it read, never the length of the text (``JSONDecodeError`` counts the lines before its
    position, which over the whole text would make each failure O(len(text)))."""
    size = WINDOW
    cost = 0
    while True:
        stop = min(len(text), start + size)
        window = text[start:stop]
        whole = stop == len(text)
        try:
            value, end = decoder.raw_decode(window, 0)
        except json.JSONDecodeError as exc:
            unterminated = exc.msg.startswith("Unterminated string")
            if not whole and (unterminated or exc.pos >= len(window) - 16):
                cost += len(window)
                size *= 8
                continue
            cost += len(window) if unterminated else max(exc.pos, 1)
            return None, cost, whole and _runs_off_end(window, exc)
        except (RecursionError, ValueError, OverflowError, MemoryError):
            return None, cost + len(window), False
        return value, cost + end, False


def from_object(obj: Any) -> Extraction:
    """An audit given as an already-decoded object (a run record's prediction, a bare audit row)."""
    if not isinstance(obj, dict):
        return Extraction(None, "unavailable", "the audit is not a JSON object")
    missing = _missing(obj)
    if missing:
        return Extraction(obj, "partial", f"the audit object lacks {', '.join(missing)}")
    return Extraction(obj, "parsed", "")


def extract(text: str | bytes | None) -> Extraction:
    """The audit in a model's output text. Never raises; see the module docstring for the rules."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", errors="replace")
    if not isinstance(text, str):
        return Extraction(None, "unavailable", "the output is not text")
    visible, open_thought = strip_think(text)
    if open_thought:
        return Extraction(None, "truncated", "the output ends inside an unclosed <think> block (cut mid-thought)")

    saw_constant = [False]

    def constant(name: str) -> None:
        saw_constant[0] = True

    decoder = json.JSONDecoder(parse_float=Decimal, parse_int=_parse_int, parse_constant=constant)
    positions = [match.start() for match in _OBJECT_START.finditer(visible)]
    skipped = max(0, len(positions) - MAX_ATTEMPTS)
    budget = SCAN_BUDGET_MIN + SCAN_BUDGET_FACTOR * len(visible)
    best: dict[str, Any] | None = None
    best_fields = 0
    cut_at: int | None = None
    objects_seen = 0
    not_json_seen = False
    exhausted = False
    # From the end backwards: the first object holding every audit field is the last one in the text.
    # Nested objects are candidates of their own, so only the decoded top-level object is inspected.
    for start in reversed(positions[skipped:]):
        if budget <= 0:
            exhausted = True
            break
        saw_constant[0] = False
        value, cost, runs_off = _attempt(decoder, visible, start)
        budget -= cost
        if runs_off:
            cut_at = start
        if not isinstance(value, dict):
            continue  # a failed attempt (None)
        objects_seen += 1
        count = _audit_fields(value)
        if saw_constant[0]:
            not_json_seen = not_json_seen or count > 0
            continue
        if count == len(AUDIT_FIELDS):
            return Extraction(value, "parsed", "")
        if count > best_fields:  # ties: the later one, met first going backwards
            best, best_fields = value, count
    if cut_at is None and visible.rstrip().endswith("{"):  # cut right after an opening brace
        cut_at = len(visible.rstrip()) - 1
    limits = ""
    if exhausted or skipped:
        limits = (
            f" (search limited to the last {MAX_ATTEMPTS:,} object starts and a scan budget; "
            f"{'budget spent' if exhausted else 'budget not spent'}, {skipped:,} earlier starts skipped)"
        )
    if cut_at is not None:
        return Extraction(
            None,
            "truncated",
            f"the output ends inside a JSON object that starts at character {cut_at}"
            f"{' of the text outside <think> blocks' if len(visible) != len(text) else ''} and never closes",
        )
    if best is not None:
        return Extraction(
            best,
            "partial",
            f"no JSON object holds all five audit fields; the closest holds {best_fields} of 5 and lacks "
            f"{', '.join(_missing(best))}{limits}",
        )
    if not_json_seen:
        return Extraction(
            None, "unavailable", f"the audit object holds NaN or Infinity, which JSON does not allow{limits}"
        )
    if objects_seen:
        return Extraction(None, "unavailable", f"JSON object(s) found, but none holds an audit field{limits}")
    return Extraction(None, "unavailable", f"no JSON object in the output{limits}")


# ---------------------------------------------------------------- responses files


def _response_of(row: dict[str, Any]) -> Extraction:
    prediction = row.get("prediction")
    raw_output = row.get("raw_output")
    if isinstance(prediction, dict):
        return from_object(prediction)
    if isinstance(raw_output, str):
        return extract(raw_output)
    if isinstance(prediction, str):  # a run that stored its parsed answer as text
        return extract(prediction)
    if "prediction" in row or "raw_output" in row:
        return Extraction(None, "unavailable", "the row holds neither a prediction object nor raw_output text")
    if any(name in row for name in AUDIT_FIELDS):
        return from_object(row)
    return Extraction(None, "unavailable", "the row holds no prediction, raw_output or audit field")


def _protocol(row: Mapping[str, Any]) -> str | None:
    value = row.get("protocol")
    return None if value is None else str(value)


def load_responses(path: str | Path, protocol: str | None = None) -> Responses:
    """``task_id -> Response`` from a JSONL file of responses.

    Accepted rows: run records ``{"task_id", "protocol", "prediction", "raw_output", ...}`` (the
    prediction when it is an object, else the audit extracted from ``raw_output``); ``{"task_id",
    "raw_output"}``; bare audits ``{"task_id", "verdict", ...}``. A file holding several protocols
    needs ``protocol`` to choose one. A later row for the same task replaces an earlier one (counted in
    ``duplicates`` and reported in ``problems``). Raises :class:`ClaimsFileError` (file and line) for
    invalid JSON, a row that is not an object or has no string ``task_id``, a file with no rows, and
    a protocol that no row has.
    """
    rows = read_jsonl(path)
    if not rows:
        raise ClaimsFileError(f"{path}: holds no responses")
    usable: list[dict[str, Any]] = []
    for number, row in rows:
        if not isinstance(row, dict):
            raise ClaimsFileError(f"{path}:{number}: a response must be a JSON object, not {type(row).__name__}")
        task_id = row.get("task_id")
        if not isinstance(task_id, str) or not task_id.strip():
            raise ClaimsFileError(f"{path}:{number}: a response needs a non-empty string task_id")
        usable.append(row)
    protocols = Counter(_protocol(row) for row in usable)
    names = ", ".join(sorted(p if p is not None else "(none)" for p in protocols))
    if protocol is None and len(protocols) > 1:
        raise ClaimsFileError(f"{path}: holds several protocols ({names}); choose one")
    out = Responses()
    duplicated: list[str] = []
    for row in usable:
        if protocol is not None and _protocol(row) != protocol:
            continue
        task_id = row["task_id"].strip()
        if task_id in out:
            out.duplicates += 1
            duplicated.append(task_id)
        found = _response_of(row)
        out[task_id] = Response(task_id, found.audit, found.status, found.error, row)
    if protocol is not None and not out:
        raise ClaimsFileError(f"{path}: no row has protocol '{protocol}' (protocols present: {names})")
    if duplicated:
        shown = ", ".join(sorted(set(duplicated))[:5])
        more = "…" if len(set(duplicated)) > 5 else ""
        out.problems.append(f"{out.duplicates} duplicate row(s) for {shown}{more}; the last row of each was kept")
    return out
