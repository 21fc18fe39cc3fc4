"""equiv-answer throughput of this checkout against another one (a baseline commit), on the same pairs.

Each round times ``equivalent_answers`` over every pair of the built answer benchmark
(``formal/answers/generated/pairs.jsonl``), warm worker, once with this checkout and once with the
baseline's source tree (``git worktree add /tmp/base REV``), alternating so that the machine's drift
hits both alike; it prints the medians, their ratio and the status counts of each side.

    .venv/bin/python benchmarks/answers_speed.py --baseline /tmp/base [--rounds 3] [--timeout 5]

With ``--hostile N`` it times instead the reading (``extract_answer``, then ``parse_answer`` of what it took) of
degenerate responses, a run of N line breaks or spaces after a stated answer, as a model stuck in a loop writes
them: seconds per response.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ROOT / "formal" / "answers" / "generated" / "pairs.jsonl"

# Runs in a child interpreter whose sys.path starts with the source tree under test.
_CHILD = """
import json, sys, time
from collections import Counter
sys.path.insert(0, sys.argv[1])
from pyverify.answers import equivalent_answers
rows = [json.loads(line) for line in open(sys.argv[2], encoding="utf-8") if line.strip()]
timeout = float(sys.argv[3])
equivalent_answers("1", "1", timeout)  # start the worker outside the timing
start = time.perf_counter()
statuses = Counter(equivalent_answers(r["reference"], r["candidate"], timeout).status for r in rows)
print(json.dumps({"seconds": time.perf_counter() - start, "pairs": len(rows), "statuses": statuses}))
"""


_HOSTILE_CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pyverify.answers import extract_answer, parse_answer
n = int(sys.argv[2])
texts = {"Answer: 3, line breaks, y": "Answer: 3" + "\\n" * n + "y",
         "The answer is $5$, line breaks, .": "The answer is $5$" + "\\n" * n + ".",
         "the answer is 5, line breaks, 7 and": "the answer is 5" + "\\n" * n + "7 and",
         "**Answer:**, spaces, **": "**Answer:** " + " " * n + "**",
         "**Answer, spaces, y": "**Answer " + " " * n + "y",
         "\\\\boxed{5}, line breaks, y": "\\\\boxed{5}" + "\\n" * n + "y",
         "Cevap 42, spaces, x": "Cevap 42" + " " * n + "x",
         "答えは42, spaces, りんご": "答えは42" + " " * n + "りんご",
         "is 225 when, spaces, is 15.": "So the area is 225 when" + " " * n + "the side is 15.",
         "is 225, spaces, x when is 15.": "So the area is 225" + " " * n + "x when the side is 15.",
         "is 5 because, is 3 and (n/10), y is 2.": "So x is 5 because" + " is 3 and" * (n // 10) + " y is 2.",
         "ninety, spaces, x": "ninety" + " " * n + "x", "= 3, spaces, There are 3.": "= 3" + " " * n + "There are 3.",
         "is: and a line break (n/5), 5": "is:\\n" * (n // 5) + "5",
         "the answer (note, spaces, x": "the answer (note" + " " * n + "x",
         "= 64, (n/4) results, Answer: pays $64 for 16": "Cost: 1 = 1 " * (n // 12) + "16 x 4 = 64\\n\\nAnswer: Kylar "
         "pays $64 for 16 glasses.",
         "300 miles (, spaces, = 300).": "Sophia drives 300 miles (" + " " * n + "12 x 25 = 300).",
         "Total:, spaces, = 22 bananas": "Total:" + " " * n + "4 + 6 + 12 = 22 bananas",
         "The answer is D., spaces, Wednesday": "The answer is D." + " " * n + "Wednesday",
         "Answer: has 21, spaces, more than James": "Answer: John has 21" + " " * n + "more candies than James.",
         "Answer: has 21 more, words, or longer": "Answer: John has 21 more" + " candies" * (n // 8) + " or longer.",
         "**Answer:** **18**, spaces, 72 vlogs": "= 18\\n\\n**Answer:** She makes **18**" + " " * n + "of 72 vlogs.",
         "= 142, spaces, can get **142** fruits.": "= 142 fruits" + " " * n + "Ricardo can get **142** fruits.",
         "begins at, spaces, 10:55 A.M.": "The meeting begins at" + " " * n + "10:55 A.M.",
         "Answer: x, spaces, + 33 marbles": "Answer: Ed has x" + " " * n + "+ 33 marbles.",
         "= 12, spaces and tabs, *, So Tom has 12.": "3 x 4 = 12" + " \\t" * (n // 2) + "*\\nSo Tom has 12.",
         "Answer: First, (n/16) steps, So 8.": "Answer:\\nFirst, 3 + 4 = 7.\\n" + "Then 7 + 1 = 8.\\n" * (n // 16) + "So 8.",
         "= 5, spaces, So she has 5 if she keeps them.": "3 + 2 = 5\\n" + " " * n + "So she has 5 apples if she keeps them.",
         "= 5, (n/2) commas, So she has 5.": "3 + 2 = 5\\n" + ", " * (n // 2) + "So she has 5 apples.",
         "Total = 120, letters, Total = 187": "Total = 120 " + "a" * n + "\\nTotal = 187 raspberries",
         "= 5, (n/5) in 5, Answer: 5 in 3 bags": "x = 5" + " in 5" * (n // 5) + "\\n\\nAnswer: She has 5 apples in 3 bags.",
         "Answer: (n/8) Step 1:, has 14": "Answer:\\n" + "Step 1: " * (n // 8) + "Benny has 14 seashells.",
         "(n/4) fences, 19 people came.": "```\\n" * (n // 4) + "19 people came.",
         "The answer is 5, (n/7) , which, 5": "The answer is 5" + ", which" * (n // 7) + " 5",
         "Answer: 0.5, spaces, (or 50%)": "Answer: 0.5" + " " * n + "(or 50%)",
         "### Answer: 4, (n/8) |user| turns": "### Answer: 4\\n" + "|user| 2\\n" * (n // 8),
         "(n/14) ### Answer: lines": "### Answer: 4\\n" * (n // 14),
         "is approximately, spaces, 12 m/s.": "So the speed is approximately" + " " * n + "12 m/s.",
         "1. = 12, (n/3) list numbers, Tom made 12.": "1. 86 - 74 = 12\\n" + "2.\\n" * (n // 3) + "Tom made 12.",
         "\\\\boxed{5}, spaces, \\\\footnote{or 6}": "\\\\boxed{5}" + " " * n + "\\\\footnote{or 6}",
         "\\\\boxed{5}, spaces, I could not solve it.": "\\\\boxed{5}" + " " * n + "I could not solve it.",
         "\\\\boxed{7}, spaces, $-7$ is not a solution.": "\\\\boxed{7}" + " " * n + "Note that $-7$ is not a solution.",
         "The answer is 3, spaces, (three).": "The answer is 3" + " " * n + "(three).",
         "So the total is 13, spaces, million.": "So the total is 13" + " " * n + "million.",
         "The answer is 3 (see Eq. 5), spaces, x": "The answer is 3 (see Eq. 5)" + " " * n + "x",
         "The answer is 3 (not 5), spaces, x": "The answer is 3 (not 5)" + " " * n + "x",
         "The answer is 3, e.g. 5, spaces, x": "The answer is 3, e.g. 5" + " " * n + "x",
         "(n/20) \\\\boxed{1} apples and, y": "\\\\boxed{1} apples and " * (n // 20) + "\\\\boxed{2} pears.",
         "\\\\boxed{1} apples, spaces, and \\\\boxed{2}": "\\\\boxed{1} apples" + " " * n + "and \\\\boxed{2} pears.",
         "\\\\boxed{1} and \\\\boxed{2}, spaces, 2": "\\\\boxed{1} and \\\\boxed{2}" + " " * n + "\\n2",
         "The answer is 8 (i.e., spaces, $2^3$).": "The answer is 8 (i.e.," + " " * n + "$2^3$).",
         "The answer is (n/2) 1,, 0.": "The answer is " + "1," * (n // 2) + "0.",
         "Compute, spaces, $2+3$.": "Compute" + " " * n + "$2+3$.",
         "$f(0)$, spaces, + 1": "The answer is $f(0)" + " " * n + "+ 1$.",
         "So the (n/7) FY2021, EBITDA is $5 million.": "So the " + "FY2021 " * (n // 7) + "EBITDA is $5 million.",
         "In 2021, (n/9), the revenue was $5.": "In 2021, " * (n // 9) + "the revenue was $5.",
         "So on March 5, spaces, she had 12.": "So on March 5" + " " * n + "she had 12 apples.",
         "The answer is 3.46, spaces, rounded to two decimal places.": "The answer is 3.46" + " " * n + "rounded to two "
         "decimal places.",
         "So the ratio is 3.46, (n/9) , rounded.": "So the ratio is 3.46" + ", rounded" * (n // 9) + ".",
         "The answer is 0.5, (n/7) or 50%.": "The answer is 0.5" + " or 50%" * (n // 7) + ".",
         "The answer is 12 million, spaces, 500 thousand.": "The answer is 12 million" + " " * n + "500 thousand.",
         "Final answer: (n/8) [A] and, [B] are correct.": "Final answer: " + "[A] and " * (n // 8) + "[B] are correct.",
         "\\\\boxed{5} is, spaces, extraneous.": "$\\\\boxed{5}$ is" + " " * n + "extraneous.",
         "We, spaces, discard \\\\boxed{5}.": "We" + " " * n + "discard $\\\\boxed{5}$.",
         "So $f(x)$ has (n/2) 3, roots.": "So $f(x)$ has " + "3 " * (n // 2) + "roots.",
         "is $\\\\frac{1}{13}$, spaces, (approximately $0.0769$).": "So it is $\\\\frac{1}{13}$" + " " * n +
         "(approximately $0.0769$).",
         "So the answer for Q3 is 7, (n/10) and Q4 is, 8.": "So the answer for Q3 is 7" + " and Q4 is" * (n // 10) + " 8.",
         "\\\\boxed{1 m, spaces, !}": "The answer is $\\\\boxed{1 m" + " " * n + "!}$",
         "\\\\boxed{(A), spaces, !}": "The answer is $\\\\boxed{(A)" + " " * n + "!}$",
         "\\\\boxed{f^{-1}, spaces, (x) =}": "$\\\\boxed{f^{-1}" + " " * n + "(x) = 2}$",
         "Solution: (n/10) Choice_B:, C": "Solution: " + "Choice_B: " * (n // 10) + "C",
         "\\\\boxed{5}, (n/4) </s>": "The answer is \\\\boxed{5} " + "</s>" * (n // 4),
         "x (n/4) <s>, \\\\boxed{5}, (n/4) </s>": "x " + "<s>" * (n // 4) + "\\\\boxed{5}" + "</s>" * (n // 4),
         "\\\\boxed{(n/5) 1/2x+}": "$\\\\boxed{" + "1/2x+" * (n // 5) + "1}$",
         "\\\\boxed{1/2, spaces, x}": "$\\\\boxed{1/2" + " " * n + "x}$",
         "\\\\boxed{x^1/, spaces, 2}": "$\\\\boxed{x^1/" + " " * n + "2}$",
         "\\\\boxed{(n/2) //}": "$\\\\boxed{" + "/" * n + "2x}$",
         "8.314 J/(mol, spaces, K)": "8.314 J/(mol" + " " * n + "K)",
         "Solution: Choice_B, (n/10) Solution:": "Solution: Choice_B\\n" + "Solution: " * (n // 10),
         "8.314 \\\\frac{J}{(n/4) mol K}": "The answer is $8.314 \\\\frac{J}{" + "mol " * (n // 4) + "K}$.",
         "8.314 (n/2) \\\\, \\\\frac{J}{mol K}": "The answer is $8.314" + "\\\\," * (n // 2) + "\\\\frac{J}{mol K}$.",
         "costs (n/4) $\\\\$$ 2500.": "Then 9 customers would buy it at " + "$\\\\$$" * (n // 4) + "2500.",
         "35 questions (n/11) on the 7th grade.": "77 - 42 = 35\\n\\nAnswer:\\nAudrey needs 35 questions " +
         "on the 7th " * (n // 11) + "grade.",
         "10 songs on her (n/4) mp3 player.": "5 + 5 = 10\\n\\nAnswer:\\nPaige has 10 songs on her " + "mp3 " * (n // 4) +
         "player.",
         "= $8 (n/9) in total.": "Answer:\\nWilliam spent $7.50 + $0.50 = $8" + " in total" * (n // 9) + ".",
         "x^2 (n/4) = x^2": "The answer is $" + "x^2 " * (n // 4) + "= x^2$.",
         "Answer: To find the total (n/15) and more words": "Answer: To find the total " + "and more words " * (n // 15) +
         "7",
         "(n/2) escaped line breaks": "Find." + "\\\\n" * (n // 2) + "The answer is 4.",
         "the number of apples (n/13) after 3 days": "The answer is the number of apples " + "after 3 days " * (n // 13),
         "Let's use the fact that (n/9) x is big": "So 1 + 1 = 2.\\n\\nLet's use the fact that " + "x is big " * (n // 9) +
         "$60$",
         "a JSON answer, Note: (n/11) the format": '{"answer": 16}\\nNote: ' + "the format " * (n // 11),
         "boxed 5, Re-checking, (n/13) gives 6.": "\\\\boxed{5}\\n\\n" + "Re-checking, " * (n // 13) + "gives 6.",
         "frac{1}{2}3 (n/12) in math": "The answer is $" + "\\\\frac{1}{2}3" * (n // 12) + "$.",
         "boxed 6, (n/2) %, boxed 5 in math": "$\\\\boxed{6}" + " %" * (n // 2) + "\\\\boxed{5}$",
         "white!99!black (n/28) groups": "\\\\boxed{6} " + "\\\\textcolor{white!99!black}{" * (n // 28) + "\\\\boxed{5}",
         "Total = 48 (n/5) legs": "So.\\n\\nTotal = 48" + " legs" * (n // 5),
         "Let (n/2) x be 5.": "Let " + "x " * (n // 2) + "be 5.",
         "Let x = 5, (n) spaces, y": "Let x = 5" + " " * n + "y",
         "So, (n) spaces, x = 5": "So" + " " * n + "x = 5",
         "Answer:, (n/4) bullet lines": "Answer:\\n" + "- 1\\n" * (n // 4),
         "answer tag, (n/16) later tags": "<answer>5</answer>" + "<final>6</final>" * (n // 16),
         "(n/28) coloured spans": "\\boxed{4} " + '<span style="color:#fefefe">' * (n // 28) + "\\boxed{5}",
         "(n/10) HTML list items": "<ul>" + "<li>5</li>" * (n // 10) + "</ul>",
         "Answer:, (n/7) loose bullets": "Answer:\\n" + "- 3\\n\\n\\n" * (n // 7),
         "The answer is (n/5) over, 5": "The answer is " + "over " * (n // 5) + "5",
         "18, (n/6) if lines": "The answer is 18\\n" + "if 19 " * (n // 6),
         "1-2, (n) spaces, x": "1-2" + " " * n + "x"}
seconds = {}
for name, text in texts.items():
    start = time.perf_counter()
    found = extract_answer(text)
    if found.status == "answer":  # (and the reading of what it took: a parse as slow as the search is as hostile)
        parse_answer(found.texts[0])
    seconds[name] = time.perf_counter() - start
print(json.dumps(seconds))
"""


def _round(source: Path, timeout: float) -> dict:  # type: ignore[type-arg]
    out = subprocess.run([sys.executable, "-c", _CHILD, str(source), str(PAIRS), str(timeout)],
                         capture_output=True, text=True, check=True)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _hostile(baseline: Path, n: int, rounds: int) -> int:
    runs: dict[str, list[dict[str, float]]] = {"baseline": [], "this": []}
    for _ in range(rounds):
        for label, source in (("baseline", baseline), ("this", ROOT)):
            out = subprocess.run([sys.executable, "-c", _HOSTILE_CHILD, str(source), str(n)],
                                 capture_output=True, text=True, check=True)  # fmt: skip
            runs[label].append(json.loads(out.stdout.strip().splitlines()[-1]))
    print(f"{'response (' + format(n, ',') + ' characters of layout)':44} {'baseline s':>11} {'this s':>9} {'ratio':>8}")
    for name in runs["this"][0]:
        base, this = (statistics.median(r[name] for r in runs[label]) for label in ("baseline", "this"))
        print(f"{name:44} {base:11.3f} {this:9.4f} {base / this:7.0f}x")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--baseline", type=Path, required=True, help="source tree of the baseline commit")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=5.0, help="deadline per pair (s)")
    parser.add_argument("--hostile", type=int, default=0, metavar="N",
                        help="time the reading of degenerate responses with N characters of layout instead")  # fmt: skip
    args = parser.parse_args(argv)
    if args.hostile:
        return _hostile(args.baseline.resolve(), args.hostile, args.rounds)
    runs: dict[str, list[dict]] = {"baseline": [], "this": []}  # type: ignore[type-arg]
    for _ in range(args.rounds):
        for label, source in (("baseline", args.baseline.resolve()), ("this", ROOT)):
            runs[label].append(_round(source, args.timeout))
    pairs = runs["this"][0]["pairs"]
    medians = {label: statistics.median(r["seconds"] for r in rs) for label, rs in runs.items()}
    for label, rs in runs.items():
        rates = ", ".join(f"{pairs / r['seconds']:.1f}" for r in rs)
        print(f"{label:9} median {pairs / medians[label]:7.1f} pairs/s (rounds: {rates}); statuses {rs[-1]['statuses']}")
    print(f"this / baseline throughput: {medians['baseline'] / medians['this']:.2f}x on {pairs} pairs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
