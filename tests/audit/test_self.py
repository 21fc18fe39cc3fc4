"""`pyverify audit self`: pyverify's own verifiers audited in three directions against a sympy oracle."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from pyverify.audit import _self
from pyverify.audit._audit import Verdict, figures, verdict


@pytest.fixture(scope="module")
def suite():
    from pyverify.claims._generate import build

    tasks, references = build(seed=0)
    return {t.task_id: (t, r) for t, r in zip(tasks, references)}


def test_oracle_agrees_with_every_reference_witness(suite):
    invalid = [(t, r) for t, r in suite.values() if r.gold.verdict == "invalid"]
    assert len(invalid) >= 30
    for task, ref in invalid:
        assert _self.witness_refutes(task, ref.gold.counterexample["state"]) is True, task.task_id


def test_oracle_rejects_states_outside_the_assumptions(suite):
    task, ref = suite["OPT-005"]
    state = dict(ref.gold.counterexample["state"])
    assert _self.witness_refutes(task, {**state, "beta1": "1"}) is False
    assert _self.witness_refutes(task, {**state, "step": 0}) is False
    assert _self.witness_refutes(task, {k: v for k, v in state.items() if k != "w"}) is False
    task, ref = suite["REC-003"]
    state = dict(ref.gold.counterexample["state"])
    assert _self.witness_refutes(task, {**state, "horizon": state["horizon"] + 1}) is False


def test_state_mutants_change_exactly_one_thing():
    state = {"rho": "2", "x0": "1", "inputs": ["1", "1"], "horizon": 2}
    mutants = dict(_self.state_mutants(state))
    assert mutants["plus1:rho"]["rho"] == "3"
    assert mutants["drop_last:inputs"]["inputs"] == ["1"]
    assert "x0" not in mutants["drop_key:x0"]
    assert mutants["unknown_key"]["note"] == "1"
    assert all(m != state for m in mutants.values())


def test_claim_checker_audit_is_clean():
    items = _self.audit_claim_checker(mutants=12)
    verdicts = {i.item_id: verdict(i) for i in items}
    assert all(i.d1 for i in items), [i.item_id for i in items if not i.d1]
    assert Verdict.FALSE_POSITIVE not in verdicts.values()
    assert Verdict.BROKEN not in verdicts.values()
    summary = figures(items)
    assert summary["d2"]["kill_rate_pooled"]["rate"] == 1.0
    assert summary["verdicts"]["ADEQUATE"] >= len(items) * 3 // 4
    assert summary["discarded_candidates"] > 0  # borrowed witnesses that still refute count nowhere


def test_a_checker_that_accepts_everything_is_caught(monkeypatch):
    from pyverify.claims import _checker
    from pyverify.claims._records import CheckResult

    monkeypatch.setattr(_checker, "check", lambda task, audit: CheckResult(task["task_id"], "verified", "ok"))
    items = _self.audit_claim_checker(mutants=6)
    counts = figures(items)["verdicts"]
    assert counts["FALSE-POSITIVE"] == len(items)


def test_a_checker_that_rejects_everything_is_broken(monkeypatch):
    from pyverify.claims import _checker
    from pyverify.claims._records import CheckResult

    monkeypatch.setattr(_checker, "check", lambda task, audit: CheckResult(task["task_id"], "rejected", "no"))
    items = _self.audit_claim_checker(mutants=2)
    assert figures(items)["verdicts"]["BROKEN"] == len(items)


def test_claim_mutants_are_one_edit_away():
    from pyverify.logic import parse, to_text

    claim = parse("forall n : N, n >= 1 -> n*factorial(n - 1) = factorial(n)")
    texts = {name: to_text(m) for name, m in _self.claim_mutants(claim)}
    assert "forall n : N, n >= 1 -> n*factorial(n - 1) != factorial(n)" in texts.values()
    assert any(">= 2" in t or "n - 2" in t or "n - 0" in t for t in texts.values())
    assert to_text(claim) not in texts.values()


def test_oracle_respects_the_domain_of_partial_operations():
    from pyverify.logic import parse

    # false at n = 0 only through factorial(-1), which is undefined: not a counterexample
    assert _self.claim_fails_somewhere(parse("forall n : N, n*factorial(n - 1) = factorial(n)")) is False
    assert _self.claim_fails_somewhere(parse("forall x : R, x*x > 0")) is True
    assert _self.witness_falsifies(parse("forall x : R, x*x > 0"), {"x": "0"}) is True
    assert _self.witness_falsifies(parse("forall x : R, x*x >= 0"), {"x": "0"}) is False


def test_certify_engine_audit_is_clean():
    items = _self.audit_certify_engine(limit=12, mutants=4)
    assert len(items) == 12
    assert all(i.d1 for i in items)
    counts = figures(items)["verdicts"]
    assert counts["FALSE-POSITIVE"] == 0 and counts["BROKEN"] == 0
    assert sum(i.mutants_killed for i in items) > 0


def test_an_engine_that_certifies_everything_is_caught(monkeypatch):
    import pyverify.certify as certify
    from pyverify.certify._certificate import Certificate

    real = certify.decide

    def always(claim, timeout=5.0, **kwargs) -> Certificate:
        return dataclasses.replace(real(claim, timeout, **kwargs), status="certified")

    monkeypatch.setattr(certify, "decide", always)
    items = _self.audit_certify_engine(limit=8, mutants=3)
    counts = figures(items)["verdicts"]
    assert counts["FALSE-POSITIVE"] + counts["WEAK"] >= 6


def test_audit_self_writes_json_and_markdown(tmp_path: Path, capsys):
    code = _self.audit_self(tmp_path, True, limit=4, mutants=2, semantics_claims=12, answer_pairs=0,
                            hostile_candidates=0)  # fmt: skip
    assert code == 0
    record = json.loads((tmp_path / "audit.json").read_text())
    assert set(record["verifiers"]) == {"claims-checker", "certify-engine"}
    cross = record["semantics_crosscheck"]
    assert cross["claims"] == 12 and cross["disagreements"] == 0
    assert set(cross["semantics"]) == {"exact", "mathlib"}
    markdown = (tmp_path / "audit.md").read_text()
    assert "FALSE-POSITIVE" in markdown
    assert "## semantics cross-check" in markdown and "| disagreements | 0 | 0 |" in markdown
    printed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert printed["certify-engine"]["FALSE-POSITIVE"] == 0
    assert printed["semantics-crosscheck"]["disagreements"] == 0
    assert printed["semantics-crosscheck"]["claims"] == 12


def test_audit_self_fails_on_a_semantics_disagreement(tmp_path: Path, capsys, monkeypatch):
    from pyverify.audit import _semantics_check
    from pyverify.certify._certificate import Certificate

    def certifies_everything(claim, semantics, timeout):
        return Certificate("certified", "planted", {}, 0.0, semantics=semantics)

    monkeypatch.setattr(_semantics_check, "_decide", certifies_everything)
    code = _self.audit_self(tmp_path, False, limit=1, mutants=0, semantics_claims=20, answer_pairs=0,
                            hostile_candidates=0)  # fmt: skip
    assert code == 1
    out = capsys.readouterr().out
    assert "semantics cross-check" in out and "DISAGREEMENT" in out
    record = json.loads((tmp_path / "audit.json").read_text())
    assert record["semantics_crosscheck"]["disagreements"] > 0
    assert "| claim | semantics | status | kind | point | detail |" in (tmp_path / "audit.md").read_text()
