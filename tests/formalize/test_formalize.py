"""formalize_items: the decision rule, the response store, hostile model output."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyverify.formalize import apply_formalizations, extract_claim, formalize_items, prompt
from pyverify.formalize._prompt import FALLBACK_EXAMPLES, choose_examples
from pyverify.models._replay import ReplayBackend
from pyverify.models._store import ResponseStore
from tests.formalize.scripted import GCD, GCD_FORMAL, PRIME, PRIME_FORMAL, ScriptedBackend, item

PRIME_ITEM = item("forminv:thm_0000_x_syntactic", PRIME, [PRIME_FORMAL])
GCD_ITEM = item("forminv:thm_0001_gcd_syntactic", GCD, ["forall m n : N, gcd(m, n) = gcd(n, m)"])
TIMEOUT = 5.0


def run(answers, items=(PRIME_ITEM,), **options):
    backend = ScriptedBackend(answers)
    return formalize_items(list(items), backend, timeout=TIMEOUT, **options), backend


# -- reading answers ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("answer, claim", [
    ("forall p : N, prime(p) -> p >= 2", "forall p : N, prime(p) -> p >= 2"),
    ("Claim: forall p : N, prime(p) -> p >= 2.\nThis is because ...", "forall p : N, prime(p) -> p >= 2"),
    ("```\nforall x : R, x^2 >= 0\n```", "forall x : R, x^2 >= 0"),
    ("Sure! Here it is.\n**Claim:** `forall x : R, x^2 >= 0`", "forall x : R, x^2 >= 0"),
    ("<think>hmm\nClaim: wrong</think>\n\n  exists n : N, n > 1  ", "exists n : N, n > 1"),
    ("", None), ("\n  \n```\n```", None), ("Claim:", None),
])  # fmt: skip
def test_extract_claim(answer, claim):
    assert extract_claim(answer) == claim


def test_prompt_states_the_language_and_leaves_out_the_items_own_theorem():
    examples = choose_examples(["forall p : N, prime(p) -> p >= 2"])
    assert 3 <= len(examples) <= 5
    assert all(e.claim != "forall p : N, prime(p) -> p >= 2" for e in examples)
    assert choose_examples() == choose_examples()  # deterministic
    text = prompt(PRIME, examples)[0][1]
    for word in ("forall", "assume", "gcd(a, b)", "binomial(a, b)", "prime(x)", "coprime(a, b)", "det(x)",
                 "floor(x)", "transpose(x)", "<->", "Claim:"):  # fmt: skip
        assert word in text
    assert text.rstrip().endswith(f"Statement: {PRIME}\nClaim:")


# -- the decision ------------------------------------------------------------------------------------------


def test_a_correct_formalization_is_certified():
    [f], backend = run({PRIME: "Claim: forall p : N, prime(p) -> p >= 2"})
    assert f.status == "certified" and f.reason is None
    assert f.formal == "forall p : N, prime(p) -> p >= 2" and f.instance == PRIME_FORMAL
    assert f.agreement == 1 and f.samples_requested == 1 and f.semantics == "mathlib"
    assert (f.model_id, f.revision) == ("test/scripted", "r1")
    assert f.samples[0].parse_status == "parsed" and f.samples[0].equivalence == "certified"
    assert f.certificate_id.startswith("formalization:") and backend.calls == 1


def test_any_instance_of_a_generic_theorem_may_match():
    generic = item(
        "forminv:t_gen", GCD, ["forall a b : Z, gcd(a, b) = gcd(b, a)", "forall m n : N, gcd(m, n) = gcd(n, m)"]
    )
    [f], _ = run({GCD: GCD_FORMAL}, items=[generic])
    assert f.status == "certified" and f.instance == "forall m n : N, gcd(m, n) = gcd(n, m)"
    assert [c.status for c in f.samples[0].checks][-1] == "certified"


def test_a_wrong_formalization_is_suspect_with_a_witness():
    [f], _ = run({PRIME: "forall p : N, assume prime(p), 3 <= p"})
    assert f.status == "suspect"
    assert f.formal == "forall p : N, assume prime(p), 3 <= p" and f.instance == PRIME_FORMAL
    assert f.witness == {"p": "2"}
    assert f.samples[0].equivalence == "refuted" and f.agreement == 0


def test_an_unparseable_answer_needs_review_with_the_parse_error():
    [f], _ = run({PRIME: "Claim: every prime p is >= 2"})
    assert f.status == "needs_review" and f.witness is None
    assert f.reason.startswith("unparseable answer (sample 0):") and "column" in f.reason
    assert f.samples[0].parse_status == "unparseable" and f.samples[0].parse_error


def test_disagreeing_samples_are_not_certified():
    answers = {PRIME: ["forall p : N, prime(p) -> p >= 2", "forall q : N, assume prime(q), q >= 2",
                       "forall p : N, assume prime(p), 3 <= p"]}  # fmt: skip
    [f], backend = run(answers, samples=3)
    assert backend.calls == 3 and f.samples_requested == 3 and f.temperature > 0
    assert [s.equivalence for s in f.samples] == ["certified", "certified", "refuted"]
    assert f.status == "needs_review" and f.agreement == 2
    assert f.reason.startswith("samples disagree: 2 of 3 certified")


def test_three_agreeing_samples_are_certified():
    answers = {PRIME: ["forall p : N, prime(p) -> p >= 2", "forall q : N, assume prime(q), q >= 2",
                       "forall p : N, prime(p) -> 2 <= p"]}  # fmt: skip
    [f], _ = run(answers, samples=3)
    assert f.status == "certified" and f.agreement == 3


def test_several_greedy_samples_are_refused():
    with pytest.raises(ValueError, match="temperature"):
        run({}, samples=2, temperature=0.0)


def test_a_backend_that_raises_needs_review_and_is_never_suspect():
    backend = ScriptedBackend({PRIME: "forall p : N, assume prime(p), 3 <= p"}, fail=RuntimeError("GPU fell off"))
    [f] = formalize_items([PRIME_ITEM], backend, timeout=TIMEOUT)
    assert f.status == "needs_review" and "backend failure" in f.reason and "GPU fell off" in f.reason
    assert f.samples[0].parse_status == "error"


def test_items_without_a_formal_form_or_already_settled():
    missing = item("forminv:t_missing", PRIME, None)
    empty = item("forminv:t_empty", PRIME, [])
    broken = item("forminv:t_broken", PRIME, ["forall p : N, p >>> 2"])
    settled = item("forminv:t_done", PRIME, [PRIME_FORMAL], formal=PRIME_FORMAL, equivalence={"method": "canonical"})
    records, backend = run({PRIME: PRIME_FORMAL}, items=[missing, empty, broken, settled])
    assert backend.calls == 0
    assert [r.item_id for r in records] == ["forminv:t_missing", "forminv:t_empty", "forminv:t_broken"]
    assert [r.reason for r in records[:2]] == ["theorem has no formal form"] * 2
    assert records[2].reason.startswith("theorem's formal form does not parse")
    assert all(r.status == "needs_review" for r in records)


def test_hostile_model_output_is_just_unparseable(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    hostile = {
        "huge": "forall x : N, x = " + "1 + " * 200_000 + "1",
        "nested": "forall x : N, " + "(" * 5_000 + "x" + ")" * 5_000 + " = x",
        "import": "__import__('os').system('touch pwned')",
        "dunder": "forall x : N, x.__class__ = x",
        "binary": "\x00\x1b[31m" * 1000,
    }
    items = [item(f"forminv:t_{name}", f"Statement {name}.", [PRIME_FORMAL]) for name in hostile]
    records, _ = run({f"Statement {name}.": text for name, text in hostile.items()}, items=items)
    assert [r.status for r in records] == ["needs_review"] * len(hostile)
    assert all(r.samples[0].parse_status == "unparseable" for r in records)
    assert all(len(r.samples[0].answer) <= 2_000 for r in records)
    assert not (tmp_path / "pwned").exists()


# -- the response store ------------------------------------------------------------------------------------


def test_a_rerun_with_the_same_store_does_not_call_the_backend(tmp_path: Path):
    answers = {PRIME: ["forall p : N, prime(p) -> p >= 2", "forall p : N, assume prime(p), 3 <= p"],
               GCD: GCD_FORMAL}  # fmt: skip
    path = tmp_path / "store.sqlite"
    first_backend = ScriptedBackend(answers)
    with ResponseStore(path) as store:
        first = formalize_items([PRIME_ITEM, GCD_ITEM], first_backend, samples=2, store=store, timeout=TIMEOUT)
    assert first_backend.calls == 4
    again = ScriptedBackend(answers)
    with ResponseStore(path) as store:
        second = formalize_items([PRIME_ITEM, GCD_ITEM], again, samples=2, store=store, timeout=TIMEOUT)
        assert len(store) == 4
    assert again.calls == 0
    assert [f.certificate_id for f in first] == [f.certificate_id for f in second]
    assert [f.status for f in second] == ["needs_review", "certified"]


def test_a_failed_request_is_retried_by_the_rerun(tmp_path: Path):
    path = tmp_path / "store.sqlite"
    with ResponseStore(path) as store:
        [f] = formalize_items([PRIME_ITEM], ScriptedBackend({}, fail=OSError("down")), store=store, timeout=TIMEOUT)
        assert f.status == "needs_review" and len(store) == 0
        backend = ScriptedBackend({PRIME: PRIME_FORMAL})
        [f] = formalize_items([PRIME_ITEM], backend, store=store, timeout=TIMEOUT)
    assert f.status == "certified" and backend.calls == 1


def test_replaying_a_stored_run_gives_the_same_outcomes(tmp_path: Path):
    answers = {PRIME: "forall p : N, assume prime(p), 3 <= p", GCD: GCD_FORMAL}
    other = item("forminv:t_other", "A statement the run never saw.", [PRIME_FORMAL])
    path = tmp_path / "store.sqlite"
    with ResponseStore(path) as store:
        first = formalize_items([PRIME_ITEM, GCD_ITEM], ScriptedBackend(answers), store=store, timeout=TIMEOUT)
    replay = ReplayBackend(path)
    try:
        replayed = formalize_items([PRIME_ITEM, GCD_ITEM, other], replay, timeout=TIMEOUT)
    finally:
        replay.close()
    assert [f.certificate_id for f in replayed[:2]] == [f.certificate_id for f in first]
    assert [f.status for f in replayed] == ["suspect", "certified", "needs_review"]
    assert "not in the replayed run" in replayed[2].reason


# -- writing back --------------------------------------------------------------------------------------------


def test_apply_formalizations_writes_tier_formal_and_equivalence():
    wrong = item("forminv:t_wrong", "Every prime is at least 3.", [PRIME_FORMAL])
    bad = item("forminv:t_bad", "Gibberish.", [PRIME_FORMAL])
    untouched = item("forminv:t_done", PRIME, [PRIME_FORMAL], formal=PRIME_FORMAL, equivalence={"method": "template"})
    items = [PRIME_ITEM, wrong, bad, untouched]
    records, _ = run({PRIME: PRIME_FORMAL, "Every prime is at least 3.": "forall p : N, assume prime(p), 3 <= p"},
                     items=items, examples=FALLBACK_EXAMPLES)  # fmt: skip
    out = apply_formalizations(items, records)
    certified, suspect, review, same = out
    assert certified["tier"] == "T1" and certified["formal"] == PRIME_FORMAL
    assert certified["equivalence"]["method"] == "formalization"
    assert certified["equivalence"]["certificate_id"] == records[0].certificate_id
    assert certified["provenance"] == {"source": "test"}  # unknown fields kept
    assert suspect["tier"] == "imported" and suspect["formal"] is None
    assert suspect["equivalence"]["method"] == "suspect" and suspect["equivalence"]["witness"] == {"p": "2"}
    assert suspect["equivalence"]["formalization"] == "forall p : N, assume prime(p), 3 <= p"
    assert review["equivalence"]["method"] == "needs_review" and review["equivalence"]["reason"]
    assert same == untouched and PRIME_ITEM["tier"] == "imported"  # inputs not mutated


def test_exact_semantics_records_the_definedness_conditions():
    theorem = item("forminv:t_div", "Any nonzero rational divided by itself is 1.", ["forall x : Q, assume x != 0, x/x = 1"],
                   semantics="exact")  # fmt: skip
    [f], _ = run({"Any nonzero rational divided by itself is 1.": "forall y : Q, y != 0 -> y/y = 1"}, items=[theorem])
    assert f.status == "certified" and f.semantics == "exact" and f.conditions
    [row] = apply_formalizations([theorem], [f])
    assert row["equivalence"]["conditions"] == list(f.conditions)


def test_a_completion_model_s_made_up_next_example_is_not_its_answer() -> None:
    from pyverify.formalize._prompt import extract_claim

    answer = " forall x : Z, x = x\n\nStatement: For all integers a\nClaim: forall a : Z, a^2 + b^2 = a + b"
    assert extract_claim(answer) == "forall x : Z, x = x"
    assert extract_claim("Here it is.\nClaim: forall x : Z, x = x.") == "forall x : Z, x = x"
    assert extract_claim("Statement: restated\nClaim: forall x : Z, x = x") == "forall x : Z, x = x"


# -- vacuous equivalences ----------------------------------------------------------------------------------

MOD_ZERO = "For every natural number n, n mod 0 is 0."  # FormInv's false sibling of Nat.mod_zero
EMPTY = "Every rational above 1 and below 0 is 7."


@pytest.mark.parametrize("semantics, status", [("exact", "needs_review"), ("mathlib", "suspect")])
def test_a_formalization_equivalent_only_vacuously_is_never_certified(semantics, status):
    # under exact semantics n mod 0 is defined nowhere: the theorem and the false sibling are both vacuous
    theorem = item("forminv:t_mod", MOD_ZERO, ["forall n : N, mod(n, 0) = n"], semantics=semantics)
    [f], _ = run({MOD_ZERO: "Claim: forall n : N, mod(n, 0) = 0"}, items=[theorem])
    assert f.status == status and f.agreement == 0 and f.status != "certified"
    if semantics == "exact":
        assert f.samples[0].equivalence == "vacuous" and f.samples[0].checks[0].status == "vacuous"
        assert "vacuous" in f.reason and "0 ≠ 0" in f.reason and "not a certification" in f.reason
        [row] = apply_formalizations([theorem], [f])
        assert row["tier"] == "imported" and row["formal"] is None and row["equivalence"]["method"] == "needs_review"
        from pyverify.formalize import summarize

        assert summarize([f], 1)["vacuous"] == 1 and summarize([f], 1)["certified"] == 0


def test_a_vacuous_instance_is_skipped_and_a_real_one_certifies():
    theorem = item("forminv:t_two", EMPTY, ["forall x : Q, x > 1 -> x < 0 -> x = 7", "forall x : Q, x + 0 = x"])
    [f], _ = run({EMPTY: "forall y : Q, y + 0 = y"}, items=[theorem])
    assert [c.status for c in f.samples[0].checks] == ["vacuous", "certified"]
    assert f.status == "certified" and f.instance == "forall x : Q, x + 0 = x"
    [g], _ = run({EMPTY: "forall x : Q, x > 1 -> x < 0 -> x = 8"}, items=[item("forminv:t_one", EMPTY,
                 ["forall x : Q, x > 1 -> x < 0 -> x = 7"])])  # fmt: skip
    assert g.status == "needs_review" and g.samples[0].equivalence == "vacuous" and "x > 1" in g.reason
