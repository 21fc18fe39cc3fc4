"""Graders against a publisher's labels on real, saved responses: where each grader disagrees with the label
the publisher's own grader gave, and, where pyverify can decide it, who is right (by certificate)."""

from __future__ import annotations

import time
from typing import Any, Sequence

from pyverify.graders._graders import Pair, grade_all, resolve


def audit_labels(names: Sequence[str], rows: Sequence[tuple[Pair, bool]], timeout: float, *,
                 workers: int = 1) -> dict[str, Any]:  # fmt: skip
    """Each grader on each whole response (response mode); agreement with the label; every disagreement with
    pyverify's grade of it (correct / wrong with its witness / ...), which settles it where it is a verdict."""
    from pyverify.rewards import Policy, grade

    names = [resolve(n) for n in names]
    policy = Policy(timeout=timeout)
    grades = {pair.pair_id: grade(pair.candidate, pair.reference, policy=policy) for pair, _ in rows}
    graders: dict[str, Any] = {}
    started = time.monotonic()
    for name in names:
        decisions = grade_all(name, [p for p, _ in rows], timeout, workers=workers, mode="response")
        agree, disagreements, failed = 0, [], 0
        for pair, publisher in rows:
            outcome = decisions[pair.pair_id].outcome
            if outcome not in ("accept", "reject"):
                failed += 1
                continue
            if (outcome == "accept") == publisher:
                agree += 1
                continue
            g = grades[pair.pair_id]
            settled = g.status in ("correct", "wrong", "several answers", "undefined", "no answer")
            disagreements.append({
                "id": pair.pair_id, "reference": pair.reference, "response_end": pair.candidate[-300:],
                "grader": outcome, "publisher": "correct" if publisher else "wrong",
                "pyverify": g.status, "answer": g.answer, "witness": g.witness, "reason": g.reason,
                "right": ("publisher" if (g.status == "correct") == publisher else "grader") if settled else "undecided",
            })  # fmt: skip
        graders[name] = {"grader": name, "agree": agree, "decided": len(rows) - failed, "failed": failed,
                         "disagreements": disagreements}  # fmt: skip
    return {"config": {"graders": list(names), "responses": len(rows), "timeout_s": timeout,
                       "grading_seconds": round(time.monotonic() - started, 3)},
            "graders": graders}  # fmt: skip


def labels_markdown(record: dict[str, Any]) -> str:
    lines = [f"# Graders against the publisher's labels ({record['config']['responses']} responses)", "",
             "| grader | agree with the label | disagree | of which the label is right (by certificate) | "
             "the grader is right | undecided | failed |", "|---|---|---|---|---|---|---|"]  # fmt: skip
    for g in record["graders"].values():
        d = g["disagreements"]
        lines.append(f"| {g['grader']} | {g['agree']}/{g['decided']} | {len(d)} | "
                     f"{sum(x['right'] == 'publisher' for x in d)} | {sum(x['right'] == 'grader' for x in d)} | "
                     f"{sum(x['right'] == 'undecided' for x in d)} | {g['failed']} |")  # fmt: skip
    for g in record["graders"].values():
        if g["disagreements"]:
            lines += ["", f"## {g['grader']}: disagreements", ""]
            for x in g["disagreements"][:20]:
                lines.append(f"- {x['id']}: grader {x['grader']}, publisher {x['publisher']}; pyverify "
                             f"{x['pyverify']} (`{x['answer'][:60]}` for `{x['reference'][:60]}`): {x['right']} is right")  # fmt: skip
    return "\n".join(lines)
