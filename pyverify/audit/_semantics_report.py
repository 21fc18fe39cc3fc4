"""The semantics cross-check in the self-audit's report: the summary table and the ``audit.md`` section.

:func:`summary_rows` gives the (figure, exact, mathlib) rows that ``pyverify audit self`` prints and
:func:`markdown` the section of ``audit.md``, both from the record that
:func:`pyverify.audit._semantics_check.crosscheck` returns.

Why the seam is here: the report reads that record (a plain dict) and nothing else, so it changes with the
report's wording, never with the check.
"""

from __future__ import annotations

from typing import Any, Mapping

from pyverify.audit._semantics_reference import SEMANTICS


def summary_rows(record: Mapping[str, Any]) -> list[tuple[str, ...]]:
    """(figure, exact, mathlib) rows for the report's table."""
    per = record["semantics"]

    def both(key: str) -> tuple[str, str]:
        return str(per["exact"][key]), str(per["mathlib"][key])

    def skipped(s: str) -> str:
        return str(sum(per[s]["points_skipped"].values()))

    return [
        ("claims generated", str(record["claims"]), str(record["claims"])),
        ("certified", *both("certified")),
        ("refuted", *both("refuted")),
        ("unknown", *both("unknown")),
        ("points evaluated", *both("points_evaluated")),
        ("points skipped", skipped("exact"), skipped("mathlib")),
        ("witnesses re-checked", *both("witnesses_rechecked")),
        (
            "disagreements",
            *(str(sum(1 for d in record["disagreement_list"] if d["semantics"] == s)) for s in SEMANTICS),
        ),  # fmt: skip
        ("decide seconds", *both("decide_seconds")),
    ]


def markdown(record: Mapping[str, Any]) -> list[str]:
    """The cross-check's section of ``audit.md``."""
    lines = ["## semantics cross-check", "",
             f"{record['claims']} random claims (seed {record['seed']}; families "
             + ", ".join(f"{k} {v}" for k, v in record["families"].items())
             + f"; {record['mutated']} mutated) decided under both semantics with a {record['timeout_s']} s deadline; "
             f"certified ∀ and refuted ∃ claims evaluated at {record['points_per_claim']} points each, every witness "
             "re-checked, by a sympy evaluator independent of pyverify's.", "",
             "| figure | exact | mathlib |", "|---|---|---|"]  # fmt: skip
    lines += [f"| {a} | {b} | {c} |" for a, b, c in summary_rows(record)]
    lines += ["", f"Disagreements: **{record['disagreements']}**. Claims whose verdict differs between the semantics: "
              f"{record['verdicts_differ']} ({record['opposite_verdicts']} certified under one and refuted under the "
              f"other). Claims the reference evaluator finds no Mathlib reading for (pyverify must answer unknown): "
              f"{record['claims_without_mathlib_reading']}.", ""]  # fmt: skip
    for semantics, what in (("exact", "Undefined points skipped under exact"),
                            ("mathlib", "Mathlib conventions applied at the evaluated points")):  # fmt: skip
        exercised = record["semantics"][semantics]["conventions_exercised"]
        if exercised:
            lines += [f"{what}: " + ", ".join(f"{k} ×{v}" for k, v in exercised.items()) + ".", ""]
    if record["disagreement_list"]:
        lines += ["| claim | semantics | status | kind | point | detail |", "|---|---|---|---|---|---|"]
        for d in record["disagreement_list"]:
            point = ", ".join(f"{k} = {v}" for k, v in (d["point"] or {}).items())
            lines.append(
                f"| `{d['claim']}` | {d['semantics']} | {d['status']} | {d['kind']} | {point} | {d['detail']} |"
            )
        lines.append("")
    if record["errors"]:
        lines += [f"Engine errors: {len(record['errors'])}.", ""]
    if record["differing_examples"]:
        lines += ["Examples of claims whose verdict differs:", "", "| claim | exact | mathlib |", "|---|---|---|"]
        for d in record["differing_examples"][:10]:
            lines.append(f"| `{d['claim']}` | {d.get('exact')} | {d.get('mathlib')} |")
        lines.append("")
    return lines
