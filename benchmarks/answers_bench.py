"""Speed and accuracy of answer equivalence: pyverify's equiv-answer and each grader on the same pairs.

Pairs: the built answer benchmark (``formal/answers/generated/pairs.jsonl``) when it exists, else the
40 built-in pairs of ``pyverify audit graders``. For every grader: pairs per second (wall time of the
whole grading, including a sandboxed grader's start-up), and how many pairs it decides correctly
against pyverify's certificates (equal pairs accepted, different pairs rejected), with its errors
and timeouts. Speed is measured here, never asserted in tests.

Then the outside suites (``../shared/data/outside``): Math-Verify's own test rows and MATH-500's gold answers
against themselves and their worked solutions, pyverify against Math-Verify in the same run.

    .venv/bin/python benchmarks/answers_bench.py [--grader NAME ...] [--timeout 5] [--limit N] [--no-suites]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyverify.graders._graders import BUILTIN_GRADERS, Pair, builtin_pairs, certify, grade_all  # noqa: E402

BUILT = ROOT / "formal" / "answers" / "generated" / "pairs.jsonl"


def load_pairs(limit: int | None) -> tuple[list[Pair], str]:
    if BUILT.exists():
        rows = [json.loads(line) for line in BUILT.read_text(encoding="utf-8").splitlines() if line.strip()]
        pairs = [Pair(str(r["id"]), r["reference"], r["candidate"]) for r in rows]
        source = f"{BUILT.relative_to(ROOT)} ({len(pairs)} pairs)"
    else:
        pairs = builtin_pairs()
        source = f"the {len(pairs)} built-in pairs of pyverify audit graders"
    return (pairs[:limit] if limit else pairs), source


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--grader", action="append", help=f"grader to time (default: {', '.join(BUILTIN_GRADERS)})")
    parser.add_argument("--timeout", type=float, default=5.0, help="deadline per pair (s)")
    parser.add_argument("--limit", type=int, default=None, help="first N pairs only")
    parser.add_argument("--no-suites", action="store_true", help="skip the outside suites (../shared/data/outside)")
    args = parser.parse_args(argv)
    pairs, source = load_pairs(args.limit)
    start = time.perf_counter()
    certified = certify(pairs, args.timeout)
    certify_seconds = time.perf_counter() - start
    truth = {p.pair_id: p.status for p in certified}
    decided = [p for p in certified if p.status in ("equal", "different")]
    statuses = Counter(p.status for p in certified)
    print(f"answers benchmark: {source}, timeout {args.timeout:g} s per pair")
    print(f"pyverify certificates: {dict(statuses)} in {certify_seconds:.1f} s "
          f"({len(pairs) / certify_seconds:.1f} pairs/s); {len(decided)} decided pairs are the ground truth")  # fmt: skip
    print(f"{'grader':12} {'pairs/s':>8} {'correct':>9} {'wrong':>6} {'FN':>4} {'FP':>4} {'error':>6} {'timeout':>8}")
    for name in args.grader or list(BUILTIN_GRADERS):
        start = time.perf_counter()
        decisions = grade_all(name, decided, args.timeout)
        seconds = time.perf_counter() - start
        correct = wrong = fn = fp = 0
        outcomes = Counter(d.outcome for d in decisions.values())
        for pair_id, d in decisions.items():
            want = "accept" if truth[pair_id] == "equal" else "reject"
            if d.outcome not in ("accept", "reject"):
                continue
            if d.outcome == want:
                correct += 1
            else:
                wrong += 1
                fn += want == "accept"
                fp += want == "reject"
        rate = len(decided) / seconds if seconds else float("inf")
        print(f"{name:12} {rate:8.1f} {correct:5}/{len(decided):<3} {wrong:6} {fn:4} {fp:4} "
              f"{outcomes['error']:6} {outcomes['timeout']:8}")  # fmt: skip
    if not args.no_suites:
        outside_suites(args.timeout, args.grader)
    return 0


OUTSIDE = ROOT.parent / "shared" / "data" / "outside"
#: pyverify's outcomes that are a decision (never "unknown"): equal, different, an answer with no value, no answer
DECIDED = ("equal", "different", "undefined", "no_answer")


def _suite_pairs() -> dict[str, list[tuple[Pair, bool]]]:  # name (source) -> pairs
    """The outside suites as (pair, expected equal): Math-Verify's own test rows, and MATH-500's gold answers
    against themselves and against their worked solutions."""
    suites: dict[str, list[tuple[Pair, bool]]] = {}
    mv, m5 = OUTSIDE / "mathverify_tests.jsonl", OUTSIDE / "math500.jsonl"
    if mv.exists():
        rows = [json.loads(line) for line in mv.read_text(encoding="utf-8").splitlines() if line.strip()]
        suites["Math-Verify suite (../shared/data/outside/mathverify_tests.jsonl)"] = [(Pair(r["id"], r["reference"], r["candidate"]), bool(r["expected"])) for r in rows]
    if m5.exists():
        rows = [json.loads(line) for line in m5.read_text(encoding="utf-8").splitlines() if line.strip()]
        pairs = [(Pair(f"gold{k}", r["answer"], r["answer"]), True) for k, r in enumerate(rows)]
        pairs += [(Pair(f"solution{k}", r["answer"], r["solution"]), True) for k, r in enumerate(rows)]
        suites["MATH-500 gold/solution (../shared/data/outside/math500.jsonl)"] = pairs
    suites["SciBench golds with their units (tests/answers/data/scibench_units.jsonl)"] = _scibench_pairs()
    college = ROOT / "tests" / "answers" / "data" / "college_math_golds.jsonl"
    rows = [json.loads(line) for line in college.read_text(encoding="utf-8").splitlines() if line.strip()]
    suites["college_math golds against themselves (tests/answers/data/college_math_golds.jsonl)"] = [
        (Pair(r["id"], r["answer"], r["answer"]), True) for r in rows]
    for name, file in (("NeMo-Skills MATH responses", "nemo_skills_math_outputs.jsonl"),
                       ("Qwen2.5-Math-7B-Instruct MATH responses", "qwen25_math_cot_outputs.jsonl"),
                       ("gemma-2-27b-it MATH-500 responses", "gemma2_27b_math500_outputs.jsonl"),
                       ("Llama-3.1-8B-Instruct Minerva responses", "llama31_8b_minerva_outputs.jsonl"),
                       ("gpt-4 TheoremQA responses", "theoremqa_gpt4_outputs.jsonl"),
                       ("gpt-4-0314 GAOKAO fill-in-the-blank answers", "gaokao_gpt4_fill_blank_outputs.jsonl"),
                       ("Four other graders' unit tests", "grader_unit_tests.jsonl"),
                       ("DeepSeek-V3 and o1-preview MathOdyssey responses", "odyssey_math_outputs.jsonl"),
                       ("GPT-3 GSM8K solutions", "gsm8k_gpt3_outputs.jsonl"),
                       ("Six more graders' unit tests", "grader_unit_tests_more.jsonl"),
                       ("lighteval's and five RL trainers' reward tests", "grader_unit_tests_third.jsonl"),
                       ("Qwen2.5-Math-7B-Instruct gaokao2023en responses", "gaokao2023en_qwen25_math_7b_outputs.jsonl"),
                       ("Qwen2.5-14B-Instruct OlympiadBench responses", "olympiadbench_qwen25_14b_outputs.jsonl"),
                       ("Qwen2.5-14B-Instruct Minerva responses", "minerva_qwen25_14b_outputs.jsonl"),
                       ("ToRA-70B and ToRA-Code-34B GSM8K answers", "tora_gsm8k_outputs.jsonl"),
                       ("Five models' MATH-Vision responses", "mathv_outputs.jsonl"),
                       ("Seven models' HARDMath nondimensionalization answers", "hardmath_outputs.jsonl"),
                       ("27 models' MathCAMPS answers", "mathcamps_outputs.jsonl"),
                       ("Six MathCoder models' answers", "mathcoder_outputs.jsonl")):  # fmt: skip
        data = ROOT / "tests" / "answers" / "data" / file
        rows = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]
        suites[f"{name} with the publisher's labels (tests/answers/data/{file})"] = [
            (Pair(r["id"], r["gold"], r["response"]), bool(r["label"])) for r in rows
        ]
    return suites


#: A SciBench unit and the same quantity in another unit: (unit as SciBench writes it, other unit, factor).
_CONVERSIONS = {r"$\mathrm{~m}$": (r"\mathrm{cm}", 100), r"$\mathrm{~cm}$": (r"\mathrm{mm}", 10),
                "km": (r"\mathrm{m}", 1000), r"$\mathrm{~nm}$": (r"\mathrm{pm}", 1000),
                r"$\mathrm{~s}$": (r"\mathrm{ms}", 1000), r"$\mathrm{J}$": (r"\mathrm{mJ}", 1000),
                r"$\text{kJ}$": (r"\mathrm{J}", 1000), r"$\mathrm{~K}$": (r"\mathrm{mK}", 1000),
                r"$\mathrm{~J}$": (r"\mathrm{mJ}", 1000), r"$\mathrm{eV}$": (r"\mathrm{meV}", 1000),
                r"$\mathrm{kPa}$": (r"\mathrm{Pa}", 1000), r"$\mathrm{~N}$": (r"\mathrm{mN}", 1000),
                r"$\mathrm{kJ} \mathrm{mol}^{-1}$": (r"\mathrm{J} \mathrm{mol}^{-1}", 1000),
                r"$\mathrm{~kJ} \mathrm{~mol}^{-1}$": (r"\mathrm{J} \mathrm{mol}^{-1}", 1000)}  # fmt: skip


def _scibench_pairs() -> list[tuple[Pair, bool]]:
    """SciBench's answers joined with their units (as a grader joins its two fields) against: the bare number
    (equal: a unit on one side only), the same quantity in another unit (equal), and the same number in that
    other unit (not equal: 5 m is not 5 cm)."""
    from decimal import Decimal, InvalidOperation

    file = ROOT / "tests" / "answers" / "data" / "scibench_units.jsonl"
    pairs: list[tuple[Pair, bool]] = []
    for row in (json.loads(line) for line in file.read_text(encoding="utf-8").splitlines() if line.strip()):
        value, unit = row["answer_latex"], row["unit"]
        if "10^" in unit or unit.strip("$ ") in value:  # a power of ten in the unit field, or the unit twice
            continue
        gold = f"${value}$ {unit}"
        pairs.append((Pair(f"{row['id']}/bare", gold, value), True))
        if unit in _CONVERSIONS:
            try:
                number = Decimal(value.strip("$ +"))
            except InvalidOperation:
                continue
            other, factor = _CONVERSIONS[unit]
            pairs.append((Pair(f"{row['id']}/converted", gold, f"{number * factor} {other}"), True))
            pairs.append((Pair(f"{row['id']}/wrong-unit", gold, f"{number} {other}"), False))
    return pairs


def outside_suites(timeout: float, graders: list[str] | None) -> None:
    """Share decided, agreement with the suite's expectation and pairs per second, pyverify against Math-Verify
    (each in its own extraction: pyverify's policy, Math-Verify's ``parse``) on the same pairs in the same run."""
    from pyverify.answers import equivalent_answers

    for suite, rows in _suite_pairs().items():
        print(f"\n{suite}: {len(rows)} pairs")
        print(f"{'grader':12} {'pairs/s':>8} {'decided':>9} {'agree':>9} {'equal, expected not':>20}")
        start = time.perf_counter()
        statuses = [equivalent_answers(p.reference, p.candidate, timeout=timeout).status for p, _ in rows]
        seconds = time.perf_counter() - start
        decided = sum(s in DECIDED for s in statuses)
        agree = sum((s == "equal") == want for s, (_, want) in zip(statuses, rows))
        false_equal = sum(s == "equal" and not want for s, (_, want) in zip(statuses, rows))
        print(f"{'pyverify':12} {len(rows) / seconds:8.1f} {decided:5}/{len(rows):<3} {agree:5}/{len(rows):<3} "
              f"{false_equal:20}   {dict(Counter(statuses))}")  # fmt: skip
        for name in [g for g in (graders or ["math-verify"]) if g not in ("pyverify", "string")]:
            start = time.perf_counter()
            decisions = grade_all(name, [p for p, _ in rows], timeout)
            seconds = time.perf_counter() - start
            outcomes = [decisions[p.pair_id].outcome for p, _ in rows]
            decided = sum(o in ("accept", "reject") for o in outcomes)
            agree = sum((o == "accept") == want for o, (_, want) in zip(outcomes, rows))
            false_equal = sum(o == "accept" and not want for o, (_, want) in zip(outcomes, rows))
            print(f"{name:12} {len(rows) / seconds:8.1f} {decided:5}/{len(rows):<3} {agree:5}/{len(rows):<3} "
                  f"{false_equal:20}   {dict(Counter(outcomes))}")  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
