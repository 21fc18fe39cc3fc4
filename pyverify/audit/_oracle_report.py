"""What the two answer checks report: their records, the sections of ``audit.md`` and console lines.

:class:`OracleRun` and :class:`UniversalKeyRun` are the counts that ``run_oracle`` and ``run_universal_key``
(:mod:`pyverify.audit._answer_oracle`) return, with the failure count that decides a pass and ``to_dict()``
for ``audit.json``; :func:`markdown` renders the two sections of ``audit.md`` from those dicts and
:func:`iter_failures` one line per kept failing example.

Why the seam is here: the report reads the records and nothing else, so the records live beside it, below
the runner that fills them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Iterator, Mapping, Sequence

# ---------------------------------------------------------------- the records


@dataclass(frozen=True)
class OracleRun:
    """Counts of :func:`run_oracle`; ``failed`` when any soundness count is nonzero."""

    pairs: int
    seed: int
    timeout_s: float
    oracle: dict[str, int]
    """The oracle's verdicts."""
    pyverify: dict[str, int]
    """pyverify's statuses (and ``error`` for an exception)."""
    agree: dict[str, int]
    """Pairs where pyverify's verdict is the oracle's (equal, different, undefined)."""
    equal_but_different: int
    """pyverify equal, the oracle separates the answers: a soundness failure."""
    equal_but_undefined: int
    """pyverify equal while a side has no value: a soundness failure."""
    different_but_equal: int
    """pyverify different (claiming a witness) where the oracle finds the answers equal."""
    undefined_but_defined: int
    """pyverify undefined where both answers have values."""
    different_on_undefined: int
    """pyverify different where a side is undefined (allowed: not equal)."""
    unknown: int
    errors: int
    overruns: int
    """Calls longer than ``timeout + margin``, and calls stopped after ``HANG_GRACE`` more (status ``hung``)."""
    max_call_seconds: float
    seconds: float
    by_category: dict[str, dict[str, int]]
    failures: tuple[dict[str, Any], ...] = ()
    """Up to :data:`KEEP` examples of each failure kind."""

    @property
    def failure_count(self) -> int:
        """Soundness failures, crashes and overruns together (0 for a passing run)."""
        return (self.equal_but_different + self.equal_but_undefined + self.different_but_equal
                + self.undefined_but_defined + self.errors + self.overruns)  # fmt: skip

    @property
    def failed(self) -> bool:
        return self.failure_count > 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["failures"] = list(self.failures)
        data["failure_count"] = self.failure_count
        data["rate_pairs_per_s"] = round(self.pairs / self.seconds, 1) if self.seconds else None
        return data


@dataclass(frozen=True)
class UniversalKeyRun:
    """Counts of :func:`run_universal_key`; ``failed`` when any soundness count is nonzero."""

    candidates: int
    references: tuple[str, ...]
    seed: int
    timeout_s: float
    margin_s: float
    kinds: dict[str, int]
    """The candidates' parsed kinds (``parse_answer``; ``error`` when it raised or hung); unparsed, ambiguous
    and error ones are not compared."""
    not_compared: int
    comparisons: int
    statuses: dict[str, int]
    """The comparisons' statuses (and ``error``)."""
    equal_to_one: int
    multi_equal: int
    """Candidates equal to two or more different references: universal keys (must be 0)."""
    crashes: int
    overruns: int
    """Calls longer than ``timeout + margin``, and calls stopped after ``HANG_GRACE`` more (hangs)."""
    skipped_comparisons: int
    """References not compared with a candidate after it hung on one (it would hang on them too)."""
    max_call_seconds: float
    parse_seconds: float
    seconds: float
    engine_modules_loaded_here: tuple[str, ...]
    """Engine modules (sympy, flint, z3) this process imported during the run: evaluation must not happen
    in-process (meaningful when they were not loaded before the run)."""
    failures: tuple[dict[str, Any], ...] = ()

    @property
    def failure_count(self) -> int:
        """Universal keys, crashes and overruns together (0 for a passing run)."""
        return self.multi_equal + self.crashes + self.overruns

    @property
    def failed(self) -> bool:
        return self.failure_count > 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["references"] = list(self.references)
        data["engine_modules_loaded_here"] = list(self.engine_modules_loaded_here)
        data["failures"] = list(self.failures)
        data["failure_count"] = self.failure_count
        data["rate_comparisons_per_s"] = round(self.comparisons / self.seconds, 1) if self.seconds else None
        return data


# ---------------------------------------------------------------- report sections


def markdown(oracle_run: Mapping[str, Any] | None, key_run: Mapping[str, Any] | None) -> list[str]:
    """The two sections of ``audit.md`` (from the records' ``to_dict()``)."""
    lines: list[str] = []
    if oracle_run is not None:
        r = oracle_run
        lines += ["## answers against an independent oracle", "",
                  f"{r['pairs']} generated answer pairs (seed {r['seed']}, deadline {r['timeout_s']} s per pair) decided "
                  "by `equivalent_answers` and re-judged by an mpmath oracle (60 digits; random points for expressions) "
                  f"that shares no code with pyverify; {r['seconds']} s.", "",
                  "| figure | count |", "|---|---|"]  # fmt: skip
        rows = [("oracle verdicts", ", ".join(f"{k} {v}" for k, v in r["oracle"].items())),
                ("pyverify statuses", ", ".join(f"{k} {v}" for k, v in r["pyverify"].items())),
                ("agreements", str(sum(r["agree"].values()))),
                ("**equal, oracle separates them**", f"**{r['equal_but_different']}**"),
                ("**equal, a side is undefined**", f"**{r['equal_but_undefined']}**"),
                ("**different, oracle finds them equal**", f"**{r['different_but_equal']}**"),
                ("**undefined, both sides have values**", f"**{r['undefined_but_defined']}**"),
                ("different where a side is undefined (allowed)", str(r["different_on_undefined"])),
                ("unknown", str(r["unknown"])), ("errors", str(r["errors"])),
                (f"overruns of the deadline (slowest call {r['max_call_seconds']} s)", str(r["overruns"]))]  # fmt: skip
        lines += [f"| {a} | {b} |" for a, b in rows]
        lines += ["", "| category | pairs | unknown | failures |", "|---|---|---|---|"]
        for name, tally in r["by_category"].items():
            counts = " | ".join(str(tally.get(k, 0)) for k in ("pairs", "unknown", "failures"))
            lines.append(f"| {name} | {counts} |")
        lines.append("")
        lines += _failure_table(r["failures"], ("failure", "category", "reference", "candidate", "pyverify", "oracle",
                                                "oracle_detail", "reason"))  # fmt: skip
    if key_run is not None:
        k = key_run
        lines += ["## universal-key corpus", "",
                  f"{k['candidates']} hostile candidates (seed {k['seed']}) against {len(k['references'])} pairwise-"
                  f"different references ({', '.join(f'`{x}`' for x in k['references'])}); deadline {k['timeout_s']} s "
                  f"per comparison, overrun beyond {k['timeout_s'] + k['margin_s']:g} s; {k['seconds']} s.", "",
                  "| figure | count |", "|---|---|",
                  f"| parsed kinds | {', '.join(f'{a} {b}' for a, b in k['kinds'].items())} |",
                  f"| not compared (unparsed or ambiguous) | {k['not_compared']} |",
                  f"| comparisons | {k['comparisons']} |",
                  f"| statuses | {', '.join(f'{a} {b}' for a, b in k['statuses'].items())} |",
                  f"| candidates equal to one reference | {k['equal_to_one']} |",
                  f"| **candidates equal to two or more references** | **{k['multi_equal']}** |",
                  f"| **crashes** | **{k['crashes']}** |",
                  f"| **overruns and hangs** (slowest call {k['max_call_seconds']} s) | **{k['overruns']}** |",
                  f"| comparisons skipped after a hang | {k['skipped_comparisons']} |",
                  f"| engine modules loaded in this process by the run | {', '.join(k['engine_modules_loaded_here']) or 'none'} |",
                  ""]  # fmt: skip
        lines += _failure_table(k["failures"], ("failure", "candidate", "references", "reference", "seconds", "error"))
    return lines


def _failure_table(failures: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> list[str]:
    if not failures:
        return []
    used = [c for c in columns if any(f.get(c) not in (None, "") for f in failures)]
    out = ["| " + " | ".join(used) + " |", "|" + "---|" * len(used)]
    for f in failures:
        cells = []
        for c in used:
            value = f.get(c)
            text = ", ".join(value) if isinstance(value, (list, tuple)) else "" if value is None else str(value)
            text = text.replace("|", "\\|").replace("\n", " ")
            cells.append(f"`{text}`" if c in ("reference", "candidate", "references") and text else text)
        out.append("| " + " | ".join(cells) + " |")
    return [*out, ""]


def iter_failures(run: OracleRun | UniversalKeyRun) -> Iterator[str]:
    """One line per kept failing example (for a console)."""
    for f in run.failures:
        if "oracle" in f:
            yield (f"{f['failure']} [{f['category']}] {f['reference']!r} vs {f['candidate']!r}: pyverify "
                   f"{f['pyverify']}, oracle {f['oracle']} ({f['oracle_detail']})")  # fmt: skip
        else:
            rest = {k: v for k, v in f.items() if k not in ("failure", "candidate")}
            yield f"{f['failure']} {f['candidate']!r}: {rest}"
