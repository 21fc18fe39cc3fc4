"""``pyverify certify-batch``: many claims, equivalences and answer pairs from JSONL, resumable, on any executor.

Rows are read leniently and checked strictly: a row that is not JSON, lacks the fields of its kind or has a
claim that does not parse gets a ``bad input`` result with its line, and the batch goes on. Good rows run
through a :mod:`pyverify.parallel` executor in chunks (``chunk`` rows per executor job, by default the
executor's adaptive rule, :class:`~pyverify.parallel._executor.ChunkSizer`: jobs of at least 50 ms, small
enough to keep every worker busy), each row inside a child process under its own hard deadline, so the
engines run there with ``isolate=False``; a row that kills its worker costs only itself (the other rows of
its chunk are run again). Finished rows are committed to a :class:`BatchStore` in groups by its committer
thread (one transaction per :data:`~pyverify.parallel._store.COMMIT_SECONDS` or ``COMMIT_ROWS`` rows,
whichever comes first), and the output is written from the store at the end, in input order, atomically.

Durability: a run killed at any moment (SIGKILL included) loses at most the rows in flight, that is the rows
sent to workers and not yet answered, and the rows whose results came back but are not yet committed (at
most ``COMMIT_SECONDS`` plus one commit old, 0.2 s as shipped). ``--resume`` reuses exactly the committed
rows whose input is unchanged, so it never repeats or loses a finished row (each row has one record, keyed by
its id; a group is committed whole or not at all), and a row whose input changed is recomputed.

This module sits at the top of the package, beside the CLI: it reads rows of every kind, so it uses both
``pyverify.certify`` (claims and equivalences) and ``pyverify.answers`` (answer pairs), which sits above
certify. (It lived in ``certify`` once, and reached up into ``answers`` from there.)
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterator

from pyverify.certify._certificate import Certificate
from pyverify.parallel import BatchStore, Executor, Job, Outcome, input_hash, remove_store

#: Bumped when the meaning of a row's result changes: results recorded under another version are recomputed
#: (2: ``vacuous`` claims and ``undefined`` answers, which version 1 recorded as certified / equal).
BATCH_FORMAT = 2
DEFAULT_TIMEOUT = 10.0
BAD_INPUT = "bad input"
#: The fields that name a row's kind, in the order they are tried.
KINDS = {"decide": ("claim",), "equivalence": ("a", "b"), "answer": ("reference", "candidate")}
#: The statuses a summary always counts, in this order: claims and equivalences (``vacuous`` is its own count,
#: never certified), then answer pairs when the batch has any (``undefined`` is its own count, never equal).
CLAIM_STATUSES = ("certified", "refuted", "vacuous", "unknown")
ANSWER_STATUSES = ("equal", "different", "undefined")
#: The function each fresh worker process calls before its first row.
SETUP = "pyverify._batch:enter_worker"


class BatchError(ValueError):
    """The batch cannot run: an unusable input file, or a store from an earlier run (exit 2)."""


@dataclass(frozen=True)
class BatchRow:
    """One line of the input file, checked."""

    line: int
    """1-based line number in the input file."""
    row_id: Any
    """The row's ``id`` as given (a string or an integer; None when missing)."""
    kind: str = ""
    """decide, equivalence or answer ('' for a bad row)."""
    fields: dict[str, str] = field(default_factory=dict)
    """The kind's fields (claim / a, b / reference, candidate)."""
    timeout: float = DEFAULT_TIMEOUT
    """Deadline of the row in seconds."""
    semantics: str = "exact"
    """exact or mathlib."""
    bad: str | None = None
    """Why the row cannot run (None for a good row)."""

    @cached_property  # computed once: the driver asks for a row's key and digest several times
    def key(self) -> str:
        """The store key: the id as JSON (so 1 and "1" differ)."""
        return json.dumps(self.row_id, ensure_ascii=False)

    @cached_property
    def digest(self) -> str:
        """sha256 of what determines the result."""
        return input_hash({"format": BATCH_FORMAT, "kind": self.kind, "fields": self.fields,
                           "timeout": self.timeout, "semantics": self.semantics})  # fmt: skip


def _check_row(line: int, text: str, seen: dict[str, int]) -> BatchRow:
    try:
        raw = json.loads(text, parse_float=Decimal)  # a gold stored as a JSON number keeps the digits written
    except (ValueError, RecursionError) as exc:
        return BatchRow(line, None, bad=f"line {line}: not JSON: {exc}")
    if not isinstance(raw, dict):
        return BatchRow(line, None, bad=f"line {line}: a row is a JSON object, got {type(raw).__name__}")
    row_id = raw.get("id")
    if row_id is None or isinstance(row_id, bool) or not isinstance(row_id, (str, int)):
        return BatchRow(line, None if not isinstance(row_id, (str, int)) else row_id,
                        bad=f"line {line}: missing or ill-typed 'id' (a string or an integer)")  # fmt: skip
    key = json.dumps(row_id, ensure_ascii=False)
    if key in seen:
        return BatchRow(line, row_id, bad=f"line {line}: duplicate id {row_id!r} (first on line {seen[key]})")
    seen[key] = line
    kinds = [k for k, names in KINDS.items() if any(n in raw for n in names)]
    if len(kinds) != 1:
        what = "none" if not kinds else " and ".join(kinds)
        return BatchRow(line, row_id, bad=f"line {line}: a row has 'claim', or 'a' and 'b', or 'reference' and "
                                          f"'candidate' (found: {what})")  # fmt: skip
    kind = kinds[0]
    fields = {}
    for name in KINDS[kind]:
        value = raw.get(name)
        if kind == "answer" and isinstance(value, (int, Decimal)) and not isinstance(value, bool):
            value = str(value)  # an answer stored as a JSON number (amc23's golds: 27.0) is its decimal text
        if not isinstance(value, str):
            what = "a string or a number" if kind == "answer" else "a string"
            return BatchRow(line, row_id, kind, bad=f"line {line}: '{name}' must be {what}")
        fields[name] = value
    timeout = raw.get("timeout", DEFAULT_TIMEOUT)
    if isinstance(timeout, Decimal):
        timeout = float(timeout)  # read as Decimal with the row (0.1 as a Decimal is not below the float 0.1)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0.1 <= timeout <= 3600:
        return BatchRow(line, row_id, kind, fields, bad=f"line {line}: 'timeout' must be seconds in [0.1, 3600]")
    semantics = raw.get("semantics", "exact")
    if semantics not in ("exact", "mathlib"):
        return BatchRow(line, row_id, kind, fields, bad=f"line {line}: 'semantics' must be exact or mathlib")
    if kind == "answer" and semantics != "exact":
        return BatchRow(line, row_id, kind, fields, bad=f"line {line}: answer rows are compared exactly")
    return BatchRow(line, row_id, kind, fields, float(timeout), semantics)


def read_rows(path: Path) -> list[BatchRow]:
    """The rows of a JSONL file (blank lines skipped); BatchError when the file itself is unusable."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BatchError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BatchError(f"{path}: is a directory") from None
    except UnicodeDecodeError as exc:
        raise BatchError(f"{path}: not UTF-8 text: {exc}") from None
    except OSError as exc:
        raise BatchError(f"{path}: cannot read: {exc}") from None
    seen: dict[str, int] = {}
    rows = [_check_row(n, line, seen) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not rows:
        raise BatchError(f"{path}: no rows")
    return rows


# ---------------------------------------------------------------- in the worker process


def enter_worker() -> None:
    """Run once in each worker process: it is the sandbox, so the engines call sympy directly; warm imports."""
    from pyverify.certify import _engine, _worker  # noqa: F401 - imported for its engines

    _worker.IN_WORKER = True


def certify_row(kind: str, fields: dict[str, str], timeout: float, semantics: str) -> dict[str, Any]:
    """A row's result: ``{"status", "certificate"}``, or ``{"status": "bad input", "reason"}``."""
    if kind == "answer":
        from pyverify.answers import equivalent_answers, parse_answer
        from pyverify.answers._reading import has_float_noise

        parsed = []
        for name in ("reference", "candidate"):
            answer = parse_answer(fields[name], float_noise=name == "reference" or has_float_noise(fields["reference"]))
            if answer.kind == "unparsed":
                return {"status": BAD_INPUT, "reason": f"{name}: {answer.reason}"}
            parsed.append(answer)
        answer_cert = equivalent_answers(parsed[0], parsed[1], timeout)
        return {"status": answer_cert.status, "certificate": answer_cert.to_dict()}
    from pyverify.certify._engine import decide, equivalent
    from pyverify.logic import ParseError, parse

    claims = []
    for name in KINDS[kind]:
        try:
            claims.append(parse(fields[name]))
        except ParseError as exc:
            return {"status": BAD_INPUT, "reason": f"{name}: {exc}"}
    if kind == "decide":
        cert = decide(claims[0], timeout, isolate=False, semantics=semantics)
    else:
        cert = equivalent(claims[0], claims[1], timeout, isolate=False, semantics=semantics)
    return {"status": cert.status, "certificate": cert.to_dict()}


def noop_row(kind: str, fields: dict[str, str], timeout: float, semantics: str) -> dict[str, Any]:
    """A row that does nothing (the benchmarks' measure of an executor's overhead per row)."""
    return {"status": "unknown", "certificate": {"status": "unknown", "reason": "no-op"}}


# ---------------------------------------------------------------- in the parent


def _unknown(row: BatchRow, reason: str, seconds: float) -> dict[str, Any]:
    """The result of a row the executor stopped or lost: unknown, with the reason."""
    if row.kind == "answer":
        from pyverify.answers._answer import AnswerCertificate

        cert: dict[str, Any] = AnswerCertificate("unknown", "none", reason=reason, seconds=round(seconds, 6),
                                                 reference=row.fields["reference"][:200],
                                                 candidate=row.fields["candidate"][:200]).to_dict()  # fmt: skip
    else:
        text = "  <=>  ".join(row.fields[n] for n in KINDS[row.kind])
        cert = Certificate("unknown", "none", {}, round(seconds, 6), text, reason=reason,
                           semantics=row.semantics).to_dict()  # fmt: skip
    return {"status": "unknown", "certificate": cert}


def result_of(row: BatchRow, outcome: Outcome) -> dict[str, Any]:
    """Turn an executor outcome into the row's result."""
    if outcome.status == "ok" and isinstance(outcome.value, dict):
        return outcome.value
    if outcome.status == "deadline":
        return _unknown(row, f"deadline of {row.timeout:g}s exceeded; the engine was stopped", outcome.seconds)
    if outcome.status == "crashed":
        return _unknown(row, f"the worker process died ({outcome.value})", outcome.seconds)
    return _unknown(row, f"engine error: {outcome.value}", outcome.seconds)


def store_path(out: Path) -> Path:
    """Where the results of ``out``'s batch are recorded: ``OUT.store.sqlite`` beside it."""
    return out.with_name(out.name + ".store.sqlite")


@dataclass
class BatchSummary:
    """What a batch did."""

    rows: int
    """Rows in the input file."""
    counts: dict[str, int]
    """Result rows by status: certified, refuted, vacuous, unknown, then (with answer rows) equal, different,
    undefined, and bad input. ``vacuous`` and ``undefined`` are counts of their own: neither is a success."""
    computed: int
    """Rows run in this invocation."""
    reused: int
    """Rows whose result was already recorded for the same input (``--resume``)."""
    seconds: float
    """Wall-clock seconds of this invocation."""
    out: str
    """The output file."""

    def to_dict(self) -> dict[str, Any]:
        return {"rows": self.rows, "counts": self.counts, "computed": self.computed, "reused": self.reused,
                "seconds": round(self.seconds, 3), "out": self.out}  # fmt: skip


def run_batch(
    in_path: Path,
    out_path: Path,
    executor: Executor,
    *,
    resume: bool = False,
    fresh: bool = False,
    row_fn: Callable[..., dict[str, Any]] = certify_row,
    on_start: Callable[[int], None] | None = None,
    on_row: Callable[[], None] | None = None,
    chunk: int | None = None,
) -> BatchSummary:
    """Run a batch (see the module docstring). ``on_start(n)`` is told how many rows will run, ``on_row()``
    is called as each finishes; ``chunk``: rows per executor job (None: the executor's adaptive rule).
    BatchError for an unusable input file or, without ``resume`` or ``fresh``, an existing store."""
    start = time.monotonic()
    rows = read_rows(in_path)
    store_file = store_path(out_path)
    if store_file.exists() and not resume:
        if not fresh:
            raise BatchError(f"{store_file} holds the results of an earlier run: pass --resume to continue it "
                             "(finished rows are kept, changed rows recomputed) or --fresh to start over")  # fmt: skip
        remove_store(store_file)
    # results held in memory only for rows the store does not keep (bad input, lost to a crash); the others
    # are read back from the store when the output is written, so memory does not grow with the batch
    results: dict[int, dict[str, Any]] = {}
    from pyverify.parallel import StoreBusy

    try:
        store = BatchStore(store_file)
    except StoreBusy as exc:
        raise BatchError(f"{exc}: another certify-batch is writing {out_path}") from None
    except OSError as exc:
        raise BatchError(f"{store_file}: cannot open: {exc}") from None
    with store:
        recorded = store.digests()
        pending: list[BatchRow] = []
        for row in rows:
            if row.bad is not None:
                results[row.line] = {"status": BAD_INPUT, "reason": row.bad}
            elif recorded.get(row.key) != row.digest:
                pending.append(row)
        del recorded
        reused = sum(1 for r in rows if r.bad is None) - len(pending)
        if on_start is not None:
            on_start(len(pending))
        by_key = {row.key: row for row in pending}

        def jobs() -> Iterator[Job]:
            for row in pending:
                yield Job(row.key, (row.kind, row.fields, row.timeout, row.semantics), row.timeout)

        with store.committer() as commit:
            for outcome in executor.map(row_fn, jobs(), chunk=chunk, total=len(pending)):
                row = by_key[outcome.key]
                result = result_of(row, outcome)
                if result.get("status") == BAD_INPUT:
                    result["reason"] = f"line {row.line}: {result['reason']}"
                if outcome.status == "crashed":  # lost to infrastructure: reported, and recomputed on --resume
                    results[row.line] = result
                else:
                    commit.put(row.key, row.digest, result)
                if on_row is not None:
                    on_row()
        counts = _write(out_path, rows, results, store)
    return BatchSummary(len(rows), counts, len(pending), reused, time.monotonic() - start, str(out_path))


def _write(out_path: Path, rows: list[BatchRow], results: dict[int, dict[str, Any]],
           store: BatchStore) -> dict[str, int]:  # fmt: skip
    """OUT in input order from the store (and the rows it does not keep): a temporary file, fsynced, renamed."""
    counts = dict.fromkeys(CLAIM_STATUSES, 0)
    if any(row.kind == "answer" for row in rows):
        counts.update(dict.fromkeys(ANSWER_STATUSES, 0))
    counts[BAD_INPUT] = 0
    tmp = out_path.with_name(f".{out_path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            for row in rows:
                result = results.get(row.line) or store.get(row.key, row.digest)
                if result is None:  # cannot happen: every good row was recorded above
                    raise RuntimeError(f"line {row.line}: no result recorded")
                record: dict[str, Any] = {"id": row.row_id, "line": row.line}
                if row.kind:
                    record["kind"] = row.kind
                record.update(result)
                counts[record["status"]] = counts.get(record["status"], 0) + 1
                handle.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, out_path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return counts
