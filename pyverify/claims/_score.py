"""Scoring audits against references (spec ``shared/spec/claim-audit.md`` §4).

Per task (:func:`score_task`): ``json_valid`` (an object with the five audit fields and the task's
id), ``task_id_correct``, ``verdict_correct``, ``scope_correct``, ``failure_mode_correct``,
``repair_correct`` (labels compared after strip + lowercase; no semantic credit), and the witness
condition W: for a valid claim the counterexample is null or missing; for an invalid claim the
label-blind checker verifies it. **safe** = json_valid ∧ verdict ∧ scope ∧ W ∧ repair; **strict** =
safe ∧ failure mode. A truncated response is unscored (``scored`` False), never wrong; a task with no
response is scored, as ``unavailable``, and is not safe.

Aggregates (:func:`score`): rates over scored tasks with coverage = scored / total; the
class-conditional counts the spec asks to report beside safe and strict; per family; grouped (mean
within a claim group, then the unweighted mean over groups). :func:`compare` pairs two scored runs by
task, with per-group deltas and a seeded percentile bootstrap over groups; :func:`baselines` scores
the rules that need no model.

Every function is pure: nothing is written. Each output records ``scorer_version`` and holds an empty
``inputs`` for the caller to fill with :func:`pyverify.claims._io.input_hashes`.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence, cast

from pyverify.claims._checker import check
from pyverify.claims._extract import Extraction, ExtractionStatus, _response_of, extract
from pyverify.claims._io import SCORER_VERSION
from pyverify.claims._records import AUDIT_FIELDS, Reference, Task

#: Default number of bootstrap resamples (spec §4).
RESAMPLES = 10_000


# ---------------------------------------------------------------- inputs


def _task_dict(task: Task | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(task, Task):
        return task.model_dump()
    if isinstance(task, Mapping):
        return dict(task)
    raise TypeError(f"a task must be a Task or a mapping, not {type(task).__name__}")


def _reference(reference: Reference | Mapping[str, Any]) -> Reference:
    if isinstance(reference, Reference):
        return reference
    return Reference.model_validate(reference)


def _normalise(response: Any) -> tuple[Any, str, str]:
    """(audit, status, error) of whatever stands for a response."""
    if response is None:
        return None, "unavailable", "no response for this task"
    if isinstance(response, str):
        found = extract(response)
        return found.audit, found.status, found.error
    if isinstance(response, Mapping):  # a row as a responses file holds it: run record, raw output, bare audit
        found = _response_of(dict(response))
        return found.audit, found.status, found.error
    if hasattr(response, "status") and hasattr(response, "audit"):  # Extraction, Response
        return response.audit, str(response.status), str(getattr(response, "error", ""))
    return None, "unavailable", f"the response is a {type(response).__name__}, not an audit"


def _label(value: Any) -> str | None:
    return value.strip().lower() if isinstance(value, str) else None


def _same(predicted: Any, gold: str) -> bool:
    label = _label(predicted)
    return label is not None and label == gold.strip().lower()


def _match_ids(task_ids: list[str], reference_ids: list[str]) -> None:
    """Refuse tasks and references that do not answer each other one to one."""
    for name, ids in (("tasks", task_ids), ("references", reference_ids)):
        repeated = sorted(i for i, n in Counter(ids).items() if n > 1)
        if repeated:
            raise ValueError(f"{name} repeat task_id(s) {_few(repeated)}")
    missing_refs = sorted(set(task_ids) - set(reference_ids))
    missing_tasks = sorted(set(reference_ids) - set(task_ids))
    if missing_refs or missing_tasks:
        parts = []
        if missing_refs:
            parts.append(f"{len(missing_refs)} task(s) without a reference ({_few(missing_refs)})")
        if missing_tasks:
            parts.append(f"{len(missing_tasks)} reference(s) without a task ({_few(missing_tasks)})")
        raise ValueError("tasks and references do not match: " + "; ".join(parts))


def _few(ids: Sequence[str], count: int = 5) -> str:
    return ", ".join(ids[:count]) + (", …" if len(ids) > count else "")


# ---------------------------------------------------------------- one task


def score_task(
    task: Task | Mapping[str, Any], reference: Reference | Mapping[str, Any], response: Any
) -> dict[str, Any]:
    """One task's row. ``response``: a :class:`~pyverify.claims._extract.Response` or
    :class:`~pyverify.claims._extract.Extraction`, a mapping shaped like a responses-file row (run
    record, ``raw_output``, or bare audit), raw output text, or None (no response: unavailable)."""
    t = _task_dict(task)
    ref = _reference(reference)
    if t.get("task_id") != ref.task_id:
        raise ValueError(f"task {t.get('task_id')!r} scored against the reference of {ref.task_id!r}")
    if t.get("family") != ref.family:
        raise ValueError(f"task {ref.task_id}: family {t.get('family')!r} but its reference says {ref.family!r}")
    audit, status, error = _normalise(response)
    gold = ref.gold
    scored = status != "truncated"
    is_audit = isinstance(audit, Mapping)
    a: Mapping[str, Any] = audit if is_audit else {}
    task_id_correct = isinstance(a.get("task_id"), str) and a["task_id"].strip() == ref.task_id
    json_valid = status == "parsed" and is_audit and all(name in a for name in AUDIT_FIELDS) and task_id_correct
    verdict_correct = _same(a.get("verdict"), gold.verdict)
    scope_correct = _same(a.get("scope"), gold.scope)
    failure_mode_correct = _same(a.get("failure_mode"), gold.failure_mode)
    repair_correct = _same(a.get("repair"), gold.repair)
    witness_given = a.get("counterexample") is not None
    result = check(t, a if is_audit else None)
    if not is_audit:
        witness_ok = False  # no audit, no witness condition to meet
    elif gold.verdict == "valid":
        witness_ok = not witness_given
    else:
        witness_ok = result.status == "verified"
    safe = scored and json_valid and verdict_correct and scope_correct and witness_ok and repair_correct
    return {
        "task_id": ref.task_id,
        "family": ref.family,
        "claim_group": ref.claim_group,
        "gold_verdict": gold.verdict,
        "scored": scored,
        "reason": "" if scored else f"truncated: {error}",
        "response_status": status,
        "response_error": error,
        "predicted_verdict": _label(a.get("verdict")),
        "json_valid": json_valid,
        "task_id_correct": task_id_correct,
        "verdict_correct": verdict_correct,
        "scope_correct": scope_correct,
        "failure_mode_correct": failure_mode_correct,
        "repair_correct": repair_correct,
        "witness_given": witness_given,
        "witness_ok": witness_ok,
        "check_status": result.status,
        "check_message": result.message,
        "safe": safe,
        "strict": safe and failure_mode_correct,
    }


# ---------------------------------------------------------------- aggregates


def _rate(k: int, n: int) -> dict[str, Any]:
    return {"k": k, "n": n, "rate": k / n if n else None}


def _grouped(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Mean within each claim group (scored tasks), then the unweighted mean over groups."""
    members: dict[str, list[Mapping[str, Any]]] = {}
    for row in rows:
        members.setdefault(row["claim_group"], []).append(row)
    groups: dict[str, dict[str, Any]] = {}
    for group in sorted(members):
        scored = [r for r in members[group] if r["scored"]]
        n = len(scored)
        groups[group] = {
            "tasks": len(members[group]),
            "scored": n,
            "safe": sum(r["safe"] for r in scored) / n if n else None,
            "strict": sum(r["strict"] for r in scored) / n if n else None,
        }
    usable = [g for g in groups.values() if g["scored"]]
    return {
        "groups": len(groups),
        "scored_groups": len(usable),
        "safe": sum(g["safe"] for g in usable) / len(usable) if usable else None,
        "strict": sum(g["strict"] for g in usable) / len(usable) if usable else None,
        "per_group": groups,
    }


def _summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    scored = [r for r in rows if r["scored"]]
    n = len(scored)
    invalid = [r for r in scored if r["gold_verdict"] == "invalid"]
    valid = [r for r in scored if r["gold_verdict"] == "valid"]

    def count(subset: Iterable[Mapping[str, Any]], key: str) -> int:
        return sum(1 for r in subset if r[key])

    grouped = _grouped(rows)
    return {
        "tasks": len(rows),
        "scored": n,
        "unscored": len(rows) - n,
        "coverage": n / len(rows) if rows else None,
        "safe": _rate(count(scored, "safe"), n),
        "strict": _rate(count(scored, "strict"), n),
        "json_valid": _rate(count(scored, "json_valid"), n),
        "verdict": _rate(count(scored, "verdict_correct"), n),
        "class_conditional": {
            "invalid_claims": {
                "n": len(invalid),
                "verified_witnesses": _rate(sum(1 for r in invalid if r["check_status"] == "verified"), len(invalid)),
                "verdict_accuracy": _rate(count(invalid, "verdict_correct"), len(invalid)),
            },
            "valid_claims": {
                "n": len(valid),
                "non_null_witnesses": _rate(count(valid, "witness_given"), len(valid)),
                "verdict_accuracy": _rate(count(valid, "verdict_correct"), len(valid)),
            },
        },
        "grouped": {"groups": grouped["groups"], "safe": grouped["safe"], "strict": grouped["strict"]},
        "response_status": dict(sorted(Counter(r["response_status"] for r in rows).items())),
    }


def score(
    tasks: Sequence[Task | Mapping[str, Any]],
    references: Sequence[Reference | Mapping[str, Any]],
    responses: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """Rows for every task, the summary, per family and grouped aggregates.

    ``responses`` maps task ids to responses (see :func:`score_task`); a task without one is scored
    as unavailable. Raises ``ValueError`` when the task ids of ``tasks`` and ``references`` differ.

    Keys: ``summary`` (``tasks``, ``scored``, ``unscored``, ``coverage``; ``safe``, ``strict``,
    ``json_valid``, ``verdict`` as ``{k, n, rate}`` over scored tasks; ``grouped`` means;
    ``response_status`` counts), ``class_conditional`` (``invalid_claims``: verified witnesses and
    verdict accuracy; ``valid_claims``: non-null witnesses and verdict accuracy), ``per_family``
    (a summary with its class-conditional block per family), ``grouped`` (``groups``,
    ``scored_groups``, ``safe``, ``strict``, ``per_group``), ``unmatched_responses`` (responses for
    ids that are not tasks), ``rows``.
    """
    task_list = [_task_dict(t) for t in tasks]
    refs = [_reference(r) for r in references]
    _match_ids([str(t.get("task_id")) for t in task_list], [r.task_id for r in refs])
    by_id = {r.task_id: r for r in refs}
    responses = responses or {}
    rows = [score_task(t, by_id[t["task_id"]], responses.get(t["task_id"])) for t in task_list]
    unmatched = sorted(str(k) for k in responses if k not in by_id)
    families = sorted({r["family"] for r in rows})
    summary = _summary(rows)
    return {
        "scorer_version": SCORER_VERSION,
        "inputs": {},
        "summary": summary,
        "class_conditional": summary.pop("class_conditional"),
        "per_family": {f: _summary([r for r in rows if r["family"] == f]) for f in families},
        "grouped": _grouped(rows),
        "unmatched_responses": {"count": len(unmatched), "task_ids": unmatched[:20]},
        "rows": rows,
    }


# ---------------------------------------------------------------- paired comparison


def _rows_by_id(scored: Mapping[str, Any], name: str) -> dict[str, Mapping[str, Any]]:
    rows = scored.get("rows") if isinstance(scored, Mapping) else None
    if not isinstance(rows, list):
        raise ValueError(f"{name} is not an output of score() (no 'rows')")
    out = {str(r["task_id"]): r for r in rows}
    if len(out) != len(rows):
        raise ValueError(f"{name} repeats task ids")
    return out


def compare(
    references: Sequence[Reference | Mapping[str, Any]],
    scored_a: Mapping[str, Any],
    scored_b: Mapping[str, Any],
    seed: int = 0,
    resamples: int = RESAMPLES,
    *,
    metric: str = "safe",
) -> dict[str, Any]:
    """Paired comparison of two outputs of :func:`score` on the same tasks (B minus A).

    Tasks unscored (truncated) in either run are left out of the pairing and listed. Per claim group:
    the mean of ``metric`` (``safe`` or ``strict``) in each run and the delta; counts of groups
    improved / unchanged / worsened; task transitions; the mean per-group delta with a seeded
    percentile bootstrap 95% interval, resampling groups with replacement (one
    ``rng.integers`` matrix of shape (resamples, groups), numpy's default PCG64 generator).

    Keys: ``groups`` (count), ``improved``, ``unchanged``, ``worsened``, ``mean_delta``, ``ci95``
    ([low, high]; None without groups), ``bootstrap`` (its settings), ``transitions`` (``gained``:
    task ids not safe in A and safe in B; ``lost``: the reverse), ``per_group`` ({group: tasks, a, b,
    delta}), ``a``/``b`` (task mean and grouped mean over the paired tasks), ``tasks_paired``,
    ``excluded_unscored``. Raises ``ValueError`` when either run does not cover exactly the
    references' tasks.
    """
    if metric not in ("safe", "strict"):
        raise ValueError(f"metric must be 'safe' or 'strict', not {metric!r}")
    if resamples < 1:
        raise ValueError("resamples must be at least 1")
    group_of = {ref.task_id: ref.claim_group for ref in (_reference(r) for r in references)}
    rows_a, rows_b = _rows_by_id(scored_a, "scored_a"), _rows_by_id(scored_b, "scored_b")
    for name, rows in (("scored_a", rows_a), ("scored_b", rows_b)):
        if set(rows) != set(group_of):
            missing, extra = sorted(set(group_of) - set(rows)), sorted(set(rows) - set(group_of))
            raise ValueError(
                f"{name} does not cover the references' tasks: {len(missing)} missing ({_few(missing)}), "
                f"{len(extra)} unknown ({_few(extra)})"
            )
    paired = [t for t in group_of if rows_a[t]["scored"] and rows_b[t]["scored"]]
    excluded = sorted(t for t in group_of if not (rows_a[t]["scored"] and rows_b[t]["scored"]))
    members: dict[str, list[str]] = {}
    for task_id in paired:
        members.setdefault(group_of[task_id], []).append(task_id)
    groups: dict[str, dict[str, Any]] = {}
    deltas: list[Fraction] = []
    for group in sorted(members):
        ids = members[group]
        mean_a = Fraction(sum(bool(rows_a[t][metric]) for t in ids), len(ids))
        mean_b = Fraction(sum(bool(rows_b[t][metric]) for t in ids), len(ids))
        deltas.append(mean_b - mean_a)
        groups[group] = {"tasks": len(ids), "a": float(mean_a), "b": float(mean_b), "delta": float(mean_b - mean_a)}
    n = len(deltas)
    mean_delta = sum(deltas, Fraction(0)) / n if n else None
    interval: list[float] | None = None
    if n:
        import numpy as np

        values = np.array([float(d) for d in deltas])
        rng = np.random.default_rng(seed)
        draws = rng.integers(0, n, size=(resamples, n))
        means = values[draws].mean(axis=1)
        low, high = np.percentile(means, [2.5, 97.5])
        interval = [float(low), float(high)]
    return {
        "scorer_version": SCORER_VERSION,
        "inputs": {},
        "metric": metric,
        "tasks_paired": len(paired),
        "excluded_unscored": excluded,
        "a": {
            metric: _mean_of(rows_a, paired, metric),
            f"grouped_{metric}": _grouped_mean([g["a"] for g in groups.values()]),
        },
        "b": {
            metric: _mean_of(rows_b, paired, metric),
            f"grouped_{metric}": _grouped_mean([g["b"] for g in groups.values()]),
        },
        "groups": n,
        "improved": sum(1 for d in deltas if d > 0),
        "unchanged": sum(1 for d in deltas if d == 0),
        "worsened": sum(1 for d in deltas if d < 0),
        "mean_delta": float(mean_delta) if mean_delta is not None else None,
        "ci95": interval,
        "bootstrap": {
            "method": "percentile",
            "unit": "claim_group",
            "statistic": f"mean per-group delta of {metric} (b - a)",
            "resamples": resamples,
            "seed": seed,
        },
        "transitions": {
            "gained": sorted(t for t in paired if not rows_a[t][metric] and rows_b[t][metric]),
            "lost": sorted(t for t in paired if rows_a[t][metric] and not rows_b[t][metric]),
        },
        "per_group": groups,
    }


def _mean_of(rows: Mapping[str, Mapping[str, Any]], ids: Sequence[str], metric: str) -> float | None:
    return sum(bool(rows[t][metric]) for t in ids) / len(ids) if ids else None


def _grouped_mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


# ---------------------------------------------------------------- baselines


def _scope(task: Mapping[str, Any]) -> str:
    if task["family"] == "optimizer_transport":
        return str(task["claim"]["quantity"])
    return str(task["labels"]["scopes"][0])


def _first_label(labels: Sequence[str]) -> str:
    return next((label for label in labels if label.strip().lower() != "none"), "none")


def _constant_audit(task: Mapping[str, Any], verdict: str) -> Extraction:
    invalid = verdict == "invalid"
    audit = {
        "task_id": task["task_id"],
        "verdict": verdict,
        "scope": _scope(task),
        "failure_mode": _first_label(task["labels"]["failure_modes"]) if invalid else "none",
        "counterexample": None,
        "repair": _first_label(task["labels"]["repairs"]) if invalid else "none",
    }
    return Extraction(audit, "parsed", "")


def schema_rule(audit: Any) -> Any:
    """A recurrence audit with its witness's ``horizon`` set to ``len(inputs)``; nothing else changes.

    Returns a new object when the rule applies (the witness has a ``state`` whose ``inputs`` is a
    list), else ``audit`` itself.
    """
    if not isinstance(audit, Mapping):
        return audit
    witness = audit.get("counterexample")
    state = witness.get("state") if isinstance(witness, Mapping) else None
    if not isinstance(state, Mapping) or not isinstance(state.get("inputs"), list):
        return audit
    fixed = copy.deepcopy(dict(audit))
    fixed["counterexample"]["state"]["horizon"] = len(state["inputs"])
    return fixed


def schema_only(tasks: Sequence[Task | Mapping[str, Any]], responses: Mapping[str, Any]) -> dict[str, Any]:
    """The responses with :func:`schema_rule` applied to every affine-recurrence audit."""
    family = {t["task_id"]: t["family"] for t in (_task_dict(x) for x in tasks)}
    out: dict[str, Any] = {}
    for task_id, response in responses.items():
        if family.get(task_id) != "affine_recurrence":
            out[task_id] = response
            continue
        audit, status, error = _normalise(response)
        fixed = schema_rule(audit)
        if fixed is audit:
            out[task_id] = response
        elif dataclasses.is_dataclass(response) and not isinstance(response, type):
            out[task_id] = dataclasses.replace(response, audit=fixed)
        else:
            out[task_id] = Extraction(fixed, cast(ExtractionStatus, status), error)
    return out


def baselines(
    tasks: Sequence[Task | Mapping[str, Any]],
    references: Sequence[Reference | Mapping[str, Any]],
    run: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Scores of the rules that need no model, and of ``run`` with and without the schema-only rule.

    - ``always_valid``: task id and the task's own scope, verdict valid, failure mode and repair
      ``none``, null counterexample;
    - ``always_invalid``: the same with verdict invalid and the first non-``none`` failure mode and
      repair the task allows (still a null counterexample, so W fails);
    - ``always_null``: every response empty (unavailable);
    - with ``run``: ``run`` itself and ``schema_only`` (:func:`schema_rule` on its recurrence audits).

    Each name maps to the full output of :func:`score`; ``table`` holds their headline numbers and
    ``schema_only_changed`` how many responses the schema-only rule changed.
    """
    task_list = [_task_dict(t) for t in tasks]
    empty = extract("")
    responses: dict[str, Mapping[str, Any]] = {
        "always_valid": {t["task_id"]: _constant_audit(t, "valid") for t in task_list},
        "always_invalid": {t["task_id"]: _constant_audit(t, "invalid") for t in task_list},
        "always_null": {t["task_id"]: empty for t in task_list},
    }
    changed = None
    if run is not None:
        fixed = schema_only(task_list, run)
        changed = sum(1 for k in fixed if fixed[k] is not run[k])
        responses["run"] = run
        responses["schema_only"] = fixed
    results = {name: score(task_list, references, given) for name, given in responses.items()}
    table = {
        name: {
            "safe": result["summary"]["safe"]["rate"],
            "strict": result["summary"]["strict"]["rate"],
            "grouped_safe": result["summary"]["grouped"]["safe"],
            "grouped_strict": result["summary"]["grouped"]["strict"],
            "coverage": result["summary"]["coverage"],
        }
        for name, result in results.items()
    }
    out: dict[str, Any] = {"scorer_version": SCORER_VERSION, "inputs": {}, "table": table}
    if changed is not None:
        out["schema_only_changed"] = changed
    out.update(results)
    return out
