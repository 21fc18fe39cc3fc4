"""The one extraction policy: which part of a text (a model's whole response, a worked solution, a bare
answer) is its final answer. Every command and the library read answers through :func:`extract_answer`
(``parse_answer`` calls it first), so a response is graded the same way everywhere.

The rules, in order (:data:`EXTRACTION_RULES` is the table docs/answers-and-rewards.md renders):

1. ``<think>...</think>`` (Sky-T1: ``<|begin_of_thought|>...<|end_of_thought|>``) is dropped (everything before
   the last ``</think>``); a ``<think>`` never closed
   leaves **no answer**. The response ends at the first end-of-turn token (``<|im_start|>``, ``<|im_end|>``,
   ``<|eot_id|>``, ``<|eom_id|>``, ``<|endoftext|>``, ``<end_of_turn>``, ``</s>``, ``<eos>``, ``<|return|>``, ...): what
   follows is another turn; gpt-oss's analysis channel is a thought, its final channel the response;
   the header of the response's own turn at its start (``<|im_start|>assistant``) is skipped.
2. Markers: every top-level ``\\boxed{...}`` / ``\\fbox{...}``, and the phrases ``final answer is`` /
   ``final answer:`` and ``the answer is`` (``the correct answer is``) anywhere, ``**Final Answer**`` alone on a line, ``Answer:`` (or ``Answer`` before a math delimiter) where a
   line or a sentence starts, ``####``, GSM8K's ``A:`` at the start of a line, and the same phrases in eleven
   other languages (``答案：``, ``Ответ:``, ``La respuesta es``, ...). The **last** marker wins: a
   stated final answer after an earlier box is the answer (``$\\boxed{255}$ ... The final answer is $10,455$`` is
   10,455); a phrase after which nothing is stated gives way to the marker before it.
3. A box is grouped with the boxes just before it when only connectors lie between them (spaces, math
   delimiters, ``\\quad``, commas, ``and`` / ``or`` / ``\\text{and}``, and one word right after a box before
   them, its unit or noun: ``\\boxed{3} cm and \\boxed{4} cm``): several different boxes at the end are
   **several answers** (read as a list, equal only to the same set or list; a value boxed twice in the row is
   written twice); the same box repeated is one.
4. After a phrase the answer is the text to the end of its sentence (quotes and ``**`` around it removed): as a
   whole when its only words are units or connectors, else the math right after the phrase, else read with rule
   6, else its one number when it holds exactly one and no math (``Final Answer: it started 3 hours ago.``); a
   denial or a doubt in it (``not``, ``maybe``, ...) leaves it as written, so it is refused, never the number.
5. With no marker, a text whose words (outside math and ``\\text{}``) are only units, percent words, ``and`` /
   ``or`` / ``either`` is the answer as a whole (``$28$ %``, ``$125$ miles``, ``$1$ and $2$``), and so is a short
   line without a verb (``Evelyn``, ``no solution``).
6. Otherwise the final sentence (closing remarks such as ``I hope it is correct.`` or ``I think that's it.``
   removed) is read: the math right after its last ``is``, ``are``, ``=``, ``:``, ``be``, ``equals`` (Chinese 为, 是, 等于, ：), or the words
   there when they are not prose (``is 34``), or the math spans after it joined by connectors (``are $x=2$ and
   $x=3$``), or its one math span; a denial or a doubt where the answer would be
   taken, or governing that copula (``x cannot be $5$``, ``it might be $5$``, 不是, 可能是, 约为),
   states none.
   Nothing of that kind is **no answer** (a number somewhere in prose is never taken: that rewards skipping the
   format). Inline math (``$...$``, ``\\(...\\)``) spans no line break, unless it is laid out as a display: the
   opener ends its line and the closer starts its own, with no blank line between (``Answer $`` / ``9`` / ``$``).
7. Backslashes doubled throughout the answer (``\\\\frac``, ``\\\\left(``: text escaped twice) are halved.
8. Structured output: a JSON object that ends the response (in a fence or not, nothing but ``}`` and backticks
   after it) with a key ``answer``, ``final_answer`` or ``Final Answer`` gives the answer: the value of its last such
   key, read leniently (models write ``\\(`` and ``\\frac`` with single backslashes, which JSON does not allow) and
   then read by these rules. Before the markers.
9. A yes-or-no answer stated first (``No, the series diverges.``) after a marker, in a box or as a JSON answer is
   the word; in a box only when the words after it neither doubt it nor turn it (``No, it is not possible`` is No;
   ``Yes, probably not`` and ``No, it is possible`` stay as written).
10. LaTeX layout that ends the text (``\\\\``, ``\\noindent``, ``\\par``, ``\\vspace{...}``: a gold copied out of
   a document) is not part of it; a ``$`` right before a digit never closes math (``0.9 * $3 = $2.7``: money).
11. A response that ends inside math it opened (``\\[`` never closed: cut off by a token limit), or whose last
   sentence stops inside an expression (a brace or bracket never closed, a dangling ``+``), states **no answer**
   when no marker came before (its final sentence is a fragment).
12. ``<answer>...</answer>``: the content of the last tag is read by these rules (the format of DeepSeek-R1-Zero and
   of the GRPO recipes trainers use). Before the markers, and before JSON.
"""

from __future__ import annotations

import itertools
import json
import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from pyverify.answers._forms import _RELATION as _FORMS_RELATION
from pyverify.answers._forms import OPTION_NAMES_ANOTHER, said_in_scale_words, spelled_number
from pyverify.answers._reading import INVISIBLE, outside_unit
from pyverify.answers._units import one_kind, symbols
from pyverify.answers._words import (
    ESCAPED_COMMANDS,
    ILLIONS,
    ORDINAL_PARTS,
    SHORT_WORDS,
    SHOUTED_WORDS,
    UNIT_WORDS,
    is_unit_word,
    short_word_pair,
)

EXTRACTION_RULES: tuple[tuple[str, str], ...] = (
    ("`<think>…</think>`, `<|begin_of_thought|>…<|end_of_thought|>` (Sky-T1), `<|channel|>analysis<|message|>…` (gpt-oss)",
     "ignored: the answer is looked for "
     "after the last `</think>` (`</thinking>`, `</thought>`, `</seed:think>`, `◁/think▷`, `<|END_THINKING|>` too, "
     "spaces inside the brackets allowed, and `</reasoning>` when text follows it, as in TRL's "
     "`<reasoning>…</reasoning><answer>…</answer>`: an answer written inside it alone is read; or `<|end_of_thought|>`, then inside `<|begin_of_solution|>…`; gpt-oss: after "
     "`<|channel|>final<|message|>`, or after `assistantfinal` where its special tokens were dropped); an unclosed "
     "`<think>` (an analysis channel with no final one) is no answer, and one opened again after the last "
     "`</think>` ends the reply"),
    ("`<|im_start|>`, `<|im_end|>`, `<|eot_id|>`, `<|eom_id|>`, `<|start_header_id|>`, `<|endoftext|>`, `<end_of_turn>`, `</s>`, `<eoa>` (GAOKAO-Bench), `<|end_of_solution|>` (Sky-T1), `<|return|>`, `<|call|>` (gpt-oss), `<eos>` (Gemma), `<|end_of_text|>` (Llama 3), `<｜end▁of▁sentence｜>` (DeepSeek), `### Instruction:` … `### Response:` (Alpaca's prompt echoed), `|user|`, `|system|`, `|assistant|` opening a line (MathCAMPS's prompt for base models)",
     "the response ends there (what follows is another turn), except the header of the response's own "
     "turn at its start (`<|im_start|>assistant`, a bare `<|im_start|>`, "
     "`<|start_header_id|>assistant<|end_header_id|>`, `<start_of_turn>model`, `|assistant|`), which is skipped; after "
     "Alpaca's prompt echoed (TheoremQA's Alpaca, Vicuna and Pythia outputs), the reply is what follows "
     "its `### Response:`, up to a next turn the model made up (`### Instruction:`); a next exercise made up "
     "after an answer, as base models continue a few-shot prompt (a line opening with `Question:`, `Q:` or "
     "`Problem:` after a text that holds an answer marker or ends concluding; never `Q1.` nor a bullet), "
     "ends the reply too"),
    ("`$<<720-480=240>>240`, `<<5*3=15>>15` (GSM8K's calculator annotations, which models trained on it write)",
     "removed before the answer is read, as a reader skips them: the value written after the annotation "
     "is the answer (`Therefore, Skyler's investment was $<<240=240>>240.` states 240, as does "
     "`$<<240>>240`, a value annotated as itself; `<<694>>695` is read as written)"),
    ("`Find the row.\\n\\nThe answer is 4.` (line breaks written as the escape `\\n`, in a text with no line break of its own: PromptPG's GPT-3 outputs)",
     "read as line breaks, so sentences, lines and math end there as written (the answer there is 4); never a command, `\\neq`, `\\nu`, `\\nLeftarrow`, nor an escape in a text that breaks its lines itself"),
    ("`\\boxed{…}`, `\\fbox{…}`, `final answer is …`, `Final Answer: …`, `The answer is …`, `The correct answer is …`, `Answer: …`, `My answer: …`, `Correct answer: …`, `Ans: …`, `Final answer -> …`, `Answer $…$`, `### Answer: …` (MathCAMPS's prompt), `#### …`, `A: …` at the start of a line (GSM8K), `The correct option is (E) …`",
     "markers; the last one in the response wins (an earlier box does not beat a later stated final "
     "answer); `\\framebox`, `\\colorbox{…}{…}`, `\\fcolorbox`, `\\boxed\\relax{…}`, `\\boxed6` (one "
     "token) and `boxed{…}` without its backslash (HARDMath's prompt asks for `\\[boxed{}\\]`) are boxes "
     "too (a box around math that holds one box is that box: `\\colorbox{yellow}{$\\boxed{50}$}` is 50); `The correct option is (E) Hyperbola.` and `the right choice is C` are markers where a choice "
     "letter follows (never `The correct choice is to multiply by 3.`), and so are `the correct answer choice is D` and "
     "`Solution: Choice_B`, `the solution is Choice D` (MR-Ben's prompted format: only where the word and its letter follow, perhaps after a few words: `Solution: maybe Choice_C` is a hedge, and a later line `Solution: …` that names no choice, `Solution: None of the above`, `Solution: I am not sure`, takes it back: no answer); "
     "a choice's option after it is kept with it (`Choice B: 90 seconds`, `D: 2/3`, `B) 2x(x-7)`), options listed after a marker with none chosen (`Answer: A) 12 B) 15`, one per line or not) state no answer, and a note in brackets after a "
     "choice that doubts it (`(B) (I am not sure)`) states no answer; `Answer:` counts where a line or "
     "a sentence starts, after a step's label too (`Step 6: Answer: True.`) unless more steps follow it "
     "(`Step 3: Answer: 12` then `Step 4: ...`: a step's answer, never the last)"),
    ("`# 18`, `# 3,000` (the whole text: one hash, a space and a value on one line)",
     "the value, as after `####` (ZeroEval's GSM8K golds are written `# 18`); a Markdown heading in words (`# Solution`, "
     "`## 3 ways`) or followed by more lines is no answer of its own"),
    ("`\\boxed{}` (empty or spaces only, as a base model repeats its instructions: `\\boxed{}. \\boxed{}.`)",
     "an empty box is no box: the last box with something in it is read (`\\boxed{5}. Put your final answer within "
     "\\boxed{}.` is 5); when every box is empty, no answer"),
    ("`\\boxed{-2} \\quad\\text{and}\\quad \\boxed{1}` at the end; a gold `\\boxed{1}\\boxed{2}`; `\\boxed{3} cm and \\boxed{4} cm`",
     "several answers, read as the list -2, 1 (equal only to that set or list; so are boxes on one line "
     "each after its own label and `=`, separated by a comma: `$\\theta = "
     "\\boxed{\\frac{3\\pi}{2}}$，$f(\\frac{2\\pi}{3}) = \\boxed{1}$`, the blanks of a fill-in, and boxes "
     "in one sentence each after `is` naming a thing in words: `The maximum is \\boxed{3}, and the "
     "minimum is \\boxed{1}.`, never after `and so the answer is`, `not` or `or`, nor where the sentence "
     "supposes, hedges or judges them: `If the maximum is`, `likely is`, `The wrong root is`, `another "
     "candidate is`); the same box repeated alone is one answer, boxes in a row keep a value written "
     "twice (`\\boxed{2}, \\boxed{3}, \\boxed{3}`: 3 twice, counted against a reference that repeats it); "
     "one word may follow a box before `and`, `or` or a comma (its unit or noun), never a word that "
     "reasons (`so`, `then`, `is`, ...); so are boxes in one sentence each with its noun, joined by `and` "
     "with words only between them (`Therefore, there are \\(\\boxed{15}\\) novelists and "
     "\\(\\boxed{9}\\) poets.`, `Adam has $\\boxed{1}$ apple and Jackie has $\\boxed{5}$ apples.`), "
     "never with a conclusion, a hedge, a bound, a comparison or a premise (`so the answer is`, `or`, "
     "`at most`, `more`, `in total`, `each of`, `after`, `spent`), nor after a comma alone (`In each of the "
     "\\boxed{4} classes, there are \\boxed{25} students.` is 25); after two boxes in a row, a plain number "
     "alone on the last line that is one of them is the answer the response picks (MathCoder's last block: "
     "`... \\boxed{15} novelists and \\boxed{9} poets.` then `15`), never after words of their sentence that "
     "judge or hedge them (`but 5 is extraneous`, `or`, `I think`)"),
    ("`$-\\boxed{3}$`, `$\\boxed{3}\\pi$`, `$\\boxed{3} \\times 10^{5}$`, `$\\frac{1}{\\boxed{3}}$`, `$x \\neq \\boxed{3}$`, `The answer is not \\boxed{3}.`, `Is it \\boxed{3}?`",
     "the box holds the answer whatever surrounds it (`x \\in \\boxed{(3,4]}`, `\\equiv \\boxed{3} "
     "\\pmod{7}`, `\\boxed{10}\\%` with its percent sign, below), except where the math around it changes its value: a sign, an order, "
     "`\\neq`, a factor, a sum or a function before it (`2\\boxed{3}`, `1 + \\boxed{3}`, "
     "`\\sqrt{\\boxed{3}}`, `f(\\boxed{3})`), a factor, a sum, a power or `!` right after it, a fraction "
     "around it; then the math it sits in is the answer, read as written, unless an equation follows the "
     "box (`\\boxed{3} \\times 4 = 12` marks 3). A bound, a denial or a doubt before a box (not, ≥, "
     "probably, `It might be \\boxed{3}`, one of several offered: `Another candidate is \\boxed{4}`, `One "
     "possibility is \\boxed{4}`, `One option is`, `One possible answer is`, `The most likely candidate "
     "is`, `Another solution is`, `Candidate 2 is`, `Best guess:`, `Tentative answer:`, an exclusion, a guess put down or a "
     "supposition: `anything but`, `I'll just put`, `Random guess:`, `Suppose the answer is`, `Let the answer be`, "
     "`We need to check if the answer is`, `Hypothesis:`, `Expected output:`, a verb of the writer's that rejects it, `We discard`, `We reject $x = `, `ruling out`, a label that judges it or gives it to someone else, `a common wrong answer is`, `Backup answer:`, `Final answer (wrong):`, `The grader expects`, `Students often get`; never `One "
     "possible value is` or `One solution is`, what a question may ask for), a question mark after it "
     "(`?`, `\\text{?}`, `(?)`), a hedge after it (`(hopefully)`, `, probably`, `I'm not sure`, `but I'm not confident`, `(confidence: 20%)`, `(placeholder)`, 🤷, `ish`, a `+` ending the sentence), `Placeholder:` or `Guessing:` before it, a minus sign before it (`−`, `$-$`) or, outside math, characters that "
     "continue its number (`\\boxed{3}4`, `\\boxed{3}.5`, `\\boxed{3}e2`, a scale, `\\boxed{3}M`, never "
     "the initial of a word, `\\boxed{762} M&Ms`) or a fraction word (`\\boxed{5} "
     "sixteenths`; never `halves`, `thirds` or `quarters`, counted as often: `9 thirds in 3`, coins): no answer (at most and at least "
     "state a maximum or a minimum; a scale word states the unit: `\\boxed{946} million dollars` is 946 in millions, "
     "and also 946 million: it equals 946 and 946000000; a run of scale words, `hundred thousand`, only the first reading); a dash before a box outside math is a bullet"),
    ("`\\phantom{\\boxed{4}}`, `{\\color{white} \\boxed{4}}`, `~~\\boxed{4}~~`, `<!-- \\boxed{4} -->`, `\\iffalse … \\fi`, "
     "`<del>…</del>`, `<s>…</s>`, `\\begin{comment}…\\end{comment}`",
     "a box a reader does not see, or sees struck out, is no box (the last box shown is read); white is also "
     "`White`, `#FFFFFF`, `rgb(255,255,255)` and a box drawn white on white (`\\fcolorbox{white}{white}`); "
     "`\\color{white}` outside a group hides the rest of its paragraph; `\\xout` strikes out, and so does HTML's `<s>` closed on its line (a model's start and end tokens, `<s>` and `</s>`, around a whole reply or between a runaway's lines, strike nothing); what HTML or "
     "Markdown never shows is not read at all: a comment (an unclosed `<!--` runs to the end), an element "
     "hidden by its style or attribute (`display:none`, `hidden`, white or transparent text, or put where no reader sees it: `height:0` with `overflow:hidden`, `left:-9999px`, `clip:rect(0,0,0,0)`; light text on a dark background shows), a style or "
     "script element, a tag's attributes (`<img alt=\"…\">`), a Markdown image (`!` with its alt text in square brackets and its address in parentheses: neither is read) and a Markdown comment line (`[//]: # (…)`); "
     "`\\color{transparent}`, `\\mathcolor{white}`, a colour model's white (`\\textcolor[HTML]{FFFFFF}`, `[rgb]{1,1,1}`, `[RGB]{255,255,255}`), a colour at 0% (`black!0`), `\\scalebox{0}{…}` or `\\scalebox{0.001}{…}`, `\\resizebox{0pt}`, `\\cancelto{…}{…}`, `\\if0 … \\fi` and HTML text of `font-size:0` or a transparent `rgba` hide too, "
     "and so does any colour light enough to be unseen on a white page, every channel at 93% or more "
     "(`white!100!black`, `yellow!1`, `[gray]{1}`, `[cmyk]{0,0,0,0}`, `[Hsb]{0,0,1}`, `[HTML]{FEFEFE}`, `ghostwhite`, and in HTML `color:#fefefe`, `color=\"snow\"` or a black `rgba` of alpha 0.03), "
     "and in math a TeX comment that holds a box (`$\\boxed{6} % \\boxed{5}$` shows 6 alone)"),
    ("`The answer is $\\frac{1}{3}$.`, `Final Answer: The largest $n$ is 34.`, `So the answer to this question is 7.`",
     "after a phrase (`the answer to this question is`, `the answer to the problem is` are the phrase "
     "too, never after `we know that`, `given that`, `since`: a premise; one that announces the answer "
     "for later, `the answer is the total cost, which we compute below`, states none; a note on the form "
     "in parentheses between `answer` and `is`, `the answer (arabic numerals) is`, `the answer (in "
     "dollars) is`, is part of it; a choice `(C)`, a hedge `(maybe)` or a part `(to the first part)` is "
     "not; a reference after the answer, `9 (see Eq. 5)`, another value denied or rejected in brackets, `15 (not 12)`, or after a comma ending the sentence, `15, not 12` (also `$15$, not $12$` and `A, not B`), "
     "`2 (-2 is rejected)`, the same number in words, `3 (three)`, a note that it is rounded, `3.46, rounded to two decimal places`, `5 (rounded up)`, `0.567 correct to three decimal places`, `0.57 (to 2 d.p.)` (also in a final sentence: `So they need 5 buses, rounded up.` states 5; never a note its number disagrees with, `4.2, rounded up`, `1234, rounded to the nearest hundred`, nor one after a fraction), a computation in brackets after a space that holds an `=` or "
     "gives the answer's value, `7 (5 + 2)`, `$18 (9 eggs x $2 each)` (`2 (3 + 4)` is 14; never one with a letter for a variable, `2 (x - 1)`, or a word "
     "that hedges or offers another, `5 (or 6)`), a restatement after `, i.e.` and a clause after `, which` with no number, "
     "math, doubt or verdict in it, `5, which is odd`, `$25,000, which is the difference ...` (never `5, which is wrong`) are not read "
     "as it): the math that follows it, or the words to the end of the sentence read as below (without "
     "the quotes around them, straight, curly, guillemets or LaTeX's: `` `True' ``, ``` ``True'' ```, "
     "`“True”`, `«5»`; a prime stays: `f'`); a phrase that ends its line and heads a block of steps (its "
     "first statement prose with a number that opens a step or computes, or a block whose last statement "
     "concludes; never a yes or no or a labelled line other than a numbered step; more numbers before a "
     "blank line and no explanation label; a numbered step, `Step 1: 2/3 of 36 = 24`, or math that "
     "computes or is still to solve, `F = 2T = 2 x 125 = 250`, `x = y + 30`, opens steps that go on in "
     "the paragraphs after it while each holds a number; the answer lies in the block's last statement, "
     "never the block read whole; when that states nothing, steps opened by math that computes leave the "
     "math read as the answer, as before, and steps opened by an equation still to solve state nothing) "
     "is answered by the block's last statement when it concludes, restates the last result or computes "
     "its own, or gives the value of the unknown the block's first equation left to solve (`x = y + 30`, "
     "then `y = 20`, then `x = 50`), and hedges nothing (`Answer:` then `First, 3 + 4 = 7 apples.`, `Then "
     "7 x 2 = 14 apples.`, `So Tom has 14 apples.` is 14, never 7; else no answer); a first statement "
     "that is no step is the answer whatever follows it (`Tom has 14 apples.` then `In grams, ...`)"),
    ("`Final Answer: Jane started growing Sphere 3 hours ago.`",
     "after a phrase, words that no rule below reads but that hold exactly one number and no math: that "
     "number (or, with no digit, one cardinal in words: `Answer: She has twelve apples.` is 12, as is a "
     "concluding `So the trip takes fifteen minutes.`; never `one` alone, a doubt or a hedging condition "
     "(`15 (I doubt it)`, `15, hopefully`, `15 if I did the math right`), a set already named, `the three "
     "boxes`, or words that change it, `eight pi`, `forty odd`), a period the question gave in words is "
     "no second number (`in one year`, `over the three months`, `in the second half of the season`), nor "
     "is an ordinal that names a thing (`on the third day`; never `a third of`) (never a period of the "
     "number's own value the response did not write before: `30 pages in thirty days` after `6 * 5 = 30`) "
     "and a `not` that names a set is no denial (`The number of girls not in the Girl Scout is 40.`, `the "
     "money lost from not working`; never `did not`, `is not 40`, nor one that checks or derives the "
     "value: `40 (number not verified)`, `not based on any calculation`, `numbers not matching`), unless "
     "a word makes it inexact or hedges it (`about`, `at least`, `more than`, `give or take`, `I think`, "
     "...; a difference after the number stays "
     "exact: `John has 21 more candies than James` is 21, `4 more cups of flour` is 4, `60 miles farther "
     "than the car` is 60; never `8 or more`, `4 more hours or longer`, `4 more boxes tops`, `5 less than "
     "x` or `than the previous answer`, nor after a copula, `It's 15 less than the total`, `becomes 15 "
     "less`, in a condition, `If Harry sleeps 3 more hours than James`, or when the computation before "
     "gave another result and the number was written before, `31 + 21 = 52` then `John has 21 more "
     "candies than James`), a word right after it counts parts, scales, bounds or hedges it (`5 "
     "sixteenths`, `3 fifths`, `1 fifth of`, `5 lakh rupees`, `5 grand`, `5 gross`, `5 zillion`, `5 "
     "tops`, `6 approximations`, `5 give or take`, `5 odd`; an ordinal or `grand` before another word is "
     "an adjective: `5 fifth graders`, `5 grand pianos`), an operator makes it an operand (`x + 33 "
     "marbles`, `33 * y`, `x-33`; never italics, `*18*`, nor a rate, `$12/h`) or a word judges it "
     "(`Answer: 5 is wrong`), or a counterfactual sets it (`Jordan would earn $140 had he worked every "
     "day.`; with no phrase, a number in prose is taken only from a concluding final sentence)"),
    ("`**Answer:** The bus traveled **60 miles** farther than the car.`",
     "after a phrase, words whose one Markdown bold run is a value (a number, a fraction or a percentage "
     "with at most three words of its unit, or a cardinal in words): that value, whatever other numbers "
     "the sentence holds (`Emma needs to make **18** more vlogs to complete her goal of 72 vlogs` is 18, "
     "Gemma's answers); never with two bold runs, a bound, a label, a range or an opening phrase right "
     "before it (`at least **12**`, `over $**50**`, `step **3**`, `in week **3**`, `Since ... **54**`, `5 "
     "to **7**`), a word that changes it after it or among its unit words (`**2** times`, `**5** or "
     "more`, `**3** dozen`, `**5**-7 days`, `**5** days, or 7`, `**2**nd`; a scale word in the bold is read with it: `**1.5 million**` is 1,500,000), nor when "
     "the sentence also states a result computed before it (after `=` or in prose: `is 142.`) and the "
     "bold is not the last one (`72 - 54 = 18` then `18 more vlogs to reach **72**`: the bold is a "
     "given), a number in words, or another number after a clause or `or` (`**4** cookies, so 12 cookies "
     "in total`, `**142** fruits, or 144 counting the tree`), nor in a sentence that hedges, judges, "
     "checks, corrects (`Instead of **18**`), supposes or sets a condition (`If she buys **5** boxes, "
     "...`); without a phrase, the final sentence's one bold value the same way when it restates the "
     "result of the computation right before it (`... = 142 fruits` then `Ricardo can get **142** fruits "
     "from his plants.`) or concludes with no other number (`Therefore, **4/9** of the books ...`), never "
     "in a step, an instruction, a question, a plan, a remark or a past value (`We can split **15** "
     "apples`, `Multiply **142** by ...`, `originally`), on a set already named (`The **142** fruits then "
     "go ...`), nor one it denies, hedges or bounds (`give or take a few`)"),
    ("`… = $64` then `Answer: Kylar needs to pay $64 for 16 glasses.`, `… (12 gallons x 25 miles/gallon = 300 miles).`, `Total: 4 + 6 + 12 = 22 bananas`",
     "after a phrase, or in a concluding final sentence, words with several numbers and no math: the one "
     "number equal to the result of the computation that ends right before them (its last `=`, a "
     "program's printed output, one number alone in the fenced `output` block that ends the text before "
     "them (ToRA's answers; a closing code fence ends a sentence), or the last `=` of the line before "
     "when only words follow it, and at most one given after a preposition (a period of time after one is "
     "a given too, `Patrick earned $42 from selling lemonade for 6 hours.`, never a rate's, `for 6 hours "
     "per day`): `… / 7 days = 5 pounds of insects per day`, `= $<<495*15=7425.00>>7425.00 in 1 week.`, "
     "never a clause after a comma, `= 27 dollars, 3 dollars less than his budget`; a step's label "
     "between is layout, `Step 3: Melanie has 83 dimes now.`, as is a list's number, `2. Tom made 12 dollars.`, and so after a phrase when no other step "
     "follows), or that the sentence's own computation in brackets at its end gives, when every other "
     "number there was written before (a given restated, with or without zero decimals: `$6.00` writes 6) "
     "and none is the result of another computation (a given written before that computation stays "
     "one: `6 pounds`, then `3 pounds * $2 = $6.00`) "
     "(an `=` after numbers and an operator, or in a chain; never an assignment, `Number of cookies = 5`, "
     "or a verb of the problem restated, `to make 16 muffins`) (`8 balloons and 79 balls` states two "
     "results: none; a result named as a set already known is none, `the remaining 4 windows`, and so is "
     "one after a preposition, a circumstance of the answer: `earned $1000 from selling 2000 apples in "
     "200 bags`, never after `with` or `on`: `He has 7 pears with 5 apples`); never when that result was "
     "written before the computation as a given (`wants 12. 7 + 5 = 12`, `Target = 12 apples.`, `wants 12 "
     "red apples`, `He wants $12 worth.`, `Perimeter = 30. 2w + 2(10) = 30`; never one computed before, "
     "`100 + 150 = 250 customers` then `500 - 250 = 250 customers`, nor one of another unit or currency, "
     "`14 days` then `= 14 pieces`, `2 trips` then `= $2`, a label naming it when no unit does: `Flowers "
     "= 5` is no `5 vases`) or the computation is a check (`Check: 3 × 20 = 60`) or the computation "
     "checks, nor with a cardinal in words the response did not write before (`she has seventy-two eggs`; "
     "`for the first two weeks` restates a given), a hedge, a verdict, a negation, a supposition, a "
     "condition before its main clause (`If she solves 3 puzzles, Anna takes 7 hours.`) or one that "
     "hedges, doubts, computes, gives a price, adds or supposes the past (`if I am right`, `if x = 2`, "
     "`if she charged $12`, `if Grandma came too`, `if she had worked all 5 days`, a second case: `and "
     "$12 if she sells one`; a condition that ends the sentence restates the question's when most of its "
     "words were written before, `Karen earns $120 in two days if she works 3 hours per day.` (never a "
     "new scenario: `Mia runs 18 miles if she rests on Sunday.`), as `would` does after a phrase or a "
     "concluding word, `Jordan would earn $140 in one week`, never `would have`), an inverted condition "
     "anywhere (`Had Kylar paid $64 ..., he would be broke.`, `..., had he worked every day`), `or`, "
     "`both`, `i.e.`, `out of`, a contrast (`while`), a step still to take (`which we now divide`), "
     "someone else's value, a percent, `mod`, `times` that multiplies (`5 times as many`; `babysit 5 "
     "times` counts), an operator or brackets in the sentence, an operand (`12 - x cups`), nor a number "
     "bounded or listed (`more than 64`, `a maximum of 64`, `64 or more`, `5 apples and 3 oranges`, `the "
     "12 Tom has`): older chat models' endings (`Therefore, the zookeeper needs to order 1400 bananas to "
     "last for 2 months.`; after a concluding word a pronoun or a modal is no step, `Therefore, we need 9 "
     "vases to hold 7 carnations and 47 roses.`, a step's verb still is, `Therefore, we convert ...`; "
     "after a phrase, only in a sentence that ends the response); a last line that computes numbers, each "
     "with at most five words of unit, after a label (`Total:`, `Additional bottles needed =`, `Total "
     "cans = 48 cans + 24 cans =`), or after the label the line before computed (`Total = 120 + 67` then "
     "`Total = 187 raspberries`), or after a label in words alone that bounds, doubts, supposes or marks a "
     "step in nothing (the last line `Total = 48 legs`, as `Total = 48` is read; never `Lower bound = 48 "
     "legs`), states its result, followed only by what it counts (never a check or a "
     "verdict: `Verification: 2 × 6 + 3 = 15 correct.`; never under a supposition in the lines before it: "
     "`Let's say the building has 10 floors:`); so does the last statement after a phrase that computes "
     "so, its label optional and free of digits (`Answer: 21 kg x 7 days = 147 kg of dog food per week`; "
     "a rate or a need after it is what was asked, never a deficit: `12 apples short`), when nothing "
     "follows it and its label bounds, estimates or supposes nothing (`Upper bound:`, `At most:`, "
     "`Imagine:`)"),
    ("`$28$ %`, `$125$ miles`, `$1$ and $2$`, `Total = 48 legs`",
     "the whole text, when its only words are units, percent words, `and`, `or`; a short reply that names "
     "its value in words, one `=` between (`Angle of inclination = 60 degrees`, `Total = 48 legs`), is "
     "the value (never after a label that makes it a step, a hint, a guess, a bound or a wrong answer, "
     "`My guess = 48`, `Lower bound = 48`, `Partial sum = 48`, nor a value a word bounds or doubts: "
     "`Total = about 5 apples`); so is a result's name, a colon and its value (`Total: 18`, `Total cost: $18`; "
     "never `Lower bound: 18`, `Note: 18`)"),
    ("`Therefore $x \\geq 5$ is the solution.`, `We find that $x \\lt 3$.`, `所以最小值为$2$。`, `Therefore, Lara read 128 pages on the first day.`",
     "the final sentence (one set in bold whole ends at its full stop: `**You will save a total of "
     "$6.**`; a check that ends the response and only writes the stated value again, concluding nothing anew, "
     "is skipped: `x = 3.` then `Check: when x = 3, 2×3+1 = 7.`, `**Verification:**`, `检验：`, as is one in the answer's "
     "sentence after it, `The answer is 5; check with 5 + 2 = 7.`, `(check: ...)`; an adverb that "
     "denies or loosens its copula states nothing: `Thus $A$ no longer equals "
     "$B$.`, `$\\pi$ roughly equals $3.14$`, `never`, `kinda`, `sort of`, `essentially`, `more or less`, "
     "`arguably`, `usually`, and after it, `So x is kind of 5.`, `is, basically, 5`; a line that ends a "
     "computation, `= 610`, ends a sentence when the next line opens with a capital: `122 × 5 = 610` then "
     "`So they make $610.`; a value alone on the last line, a number with its unit or a list of numbers, "
     "after a line ending in a copula and a colon, `The total is:` then `$13`, belongs to it; never a "
     "step, a given or an expression still to compute) gives its one math span, or the count it states of it (`The "
     "graph of $y=\\frac{2}{x^2+x-6}$ has 2 vertical asymptotes.`, `there are 31 subsets of $S$`: has, have or there "
     "are, one number and what it counts, the sentence's only number outside the math) (never the math of a step "
     "still to take: `Then, we can find the product $CD$.`, `Next, we need to compute $x^2$.`, `Now, "
     "let's solve for $x$.`, `We also need to check $x = 0$.`, `This approach will allow us to find the value of $X$.` state none, nor does an instruction as a "
     "problem gives it, `Compute $\\arcsin(-\\frac{1}{2})$.`, `Find the value of $2+3$.`, `Calculate: $2+3$`, "
     "`Problem: Compute $2+3$.` (a base model echoing its prompt; never a plain number, `Find $5$.`, nor math "
     "named as the answer, `Write $\\frac{1}{2}$ as your final answer.`), a response cut off before its "
     "result, and one unknown the sentence seeks after a preposition or a verb of seeking, no copula "
     "before it, states none either (`Solving this equation will give us the value of $x$.`, `Let's "
     "proceed to find the smallest integer $n$.`, `continuous at every $x$`; `Thus we obtain $x$.`, `So the "
     "variable left is $y$.`, `So we choose $C$.` state theirs); `Thus we can find that $x = 5$.`, `So we can write the answer as $5$.`, `we can add them "
     "for a total of $12$`, `we can determine $12$ apples remain` and a number alone, `we can find $12$`, "
     "still state theirs), or the last one after `is`, `are`, `=`, `:`, `be`, `equals` (为, 是, 等于, ：), or "
     "the math spans after it joined by `and`, `or`, commas or units (`The solutions are $x=2$ and "
     "$x=3$.`: the list; `x is $2$ or $3$`: several answers, one value written twice, `0.5 or 50%`, `1/2 or 0.5`, is that value and its other form; `So x is 5, unless it is 6.`: none; `the number of chickens is 5 and the number "
     "of cows is 15`, `Therefore the maximum is $3$ and the minimum is $1$.`, `The answer is 5, and the "
     "sum is 15.`, `Answer: 5, and the sum is 15.`: the values of two things, none; two unknowns in math, "
     "`So $x$ equals $78$ and $y$ equals $80$.`, are the list `x = 78, y = 80`); with no math, the words "
     "after its last `is` / `are` / `equals` / `:` (after a last `=` that ends a computation of numbers "
     "after a verb or `a total of`, the number that opens them: `there are 4/2 = 2 dots in each group`, "
     "and so after a phrase when nothing with a number follows: `Answer: The three have a total of 40 + "
     "36 + 46 = 122 crabs.`; never `x = 7 lies outside the domain`), else, in a concluding sentence "
     "(therefore, thus, so, hence, finally, in conclusion, we find), its one number when no other digit, "
     "numeral, number word (a period the question gave, `in one year`, or an ordinal that names a thing, "
     "`on the third day`, is none, nor is `times` after the number that multiplies nothing, `So the "
     "doorbell rang 175 times.`), relation, verdict, hedge, bound, supposition, negation, reference or "
     "step still to take is there (`now` may end it: `So, Ali has $71 now.`; `up to` before a place or a "
     "person is a verb's, no bound: `41 students showed up to the class`), nothing follows it after a "
     "bracket, and after a comma only a list of words that ends the sentence or a word that sums up (`on "
     "Tuesdays, Wednesdays, and Fridays`, `, altogether`; never a clause: `, which is`, `, the skater "
     "faces west`), it labels nothing (`step 3`, `part 2`, `by (2)`) and counts no set already named "
     "(`the 5 apples`): GSM8K-style prose, `So, it took James 2 hours.`, a fraction with a slash as one "
     "number, `Therefore, Louis and Jack together eat 13/15 of the pie.`, and a number right after the "
     "concluding word with what it counts and a verb when it restates the result right before it, `p = "
     "110.` then `Therefore, 110 students take physics.` (never `So 5 works.`), and so does a whole final "
     "sentence without a lead right after the computation whose result it restates (`9 ÷ 3 = 3` then "
     "`There are 3 dots in each group.`), or that is the whole response and a statement (`Becky needs "
     "$38.61 to buy a pair of shoes.`, TabMWP's answers; never a question, an instruction, a report, a "
     "bound or the past: `How much money does Becky need ... for $38.61.`, `Last week Tom had 5 apples.`; "
     "such a sentence, or a concluding one, with one clock time after `at` or a copula and no other "
     "number or time states it: `The meeting begins at 10:55 A.M.`, never `leaves at 9:00 A.M. and "
     "arrives at half past ten`; never a step, a plan or a remark: `We convert 120 minutes to hours.`, "
     "`Keep 12 in mind.`) (never in a note after a marked answer: `\\boxed{6}. So we used 2 steps.` is "
     "6); a final sentence without a marker that hedges or supposes (perhaps, seems, my best guess, "
     "assume, not sure, it is possible that, if, says, a value given by let, `Let the number of apples be "
     "5 apples.`, or with an equals sign, `Let $x = 5$.` (also the whole reply), a value tried and rejected, `Let's test $x=5$: it fails.`, and their words in the answer phrases' languages: "
     "probablement, có lẽ, piensan) states nothing; a concluding sentence's own computation states its "
     "result when exact arithmetic confirms it, and so does the response's last sentence without a concluding word "
     "when no step opens it (`The company now owns 23 + 12 = 35 helicopters.`, MathCAMPS's CodeLlama answers; "
     "`In total, Dave made $36 + $12 = $48 in those two days.`; `Therefore, Lana has a total of 4 boxes x (2 scarves + 6 "
     "mittens) = 4 x 8 = 32 pieces of winter clothing.` is 32, `Hence, 56 Drinkets = 56 × (3/28) Trinkets "
     "= 6 Trinkets.` 6; numbers, operators, brackets and the words of what they count from the `=` "
     "before, a result rounded to its decimals, `100 / 3 = 33.33`; never a false one, a step, `we "
     "compute`, a supposition, a clause's, `after selling 3 x 4 = 12 apples, he has 8 left`, `of the 10 x "
     "3 = 30 cookies`, nor with a number or a word that bounds or changes it after it, `or more`, `each`, "
     "`than`, `plus 5 hats`); one that gives a reason after its value states that value (`x = 60 because "
     "the sum is 180` states 60, `the total is 36, since 3 * 12 = 36` 36, `The answer is 5 (because 5 + 2 "
     "= 7).` 5; a reason opens with because, "
     "since, given that, seeing as, considering, or a comma and `as` or `for` before a subject, and the "
     "value may be a number in prose or in words before a reason that runs to the last copula (never "
     "before one set off by commas: `So, 5 hours later, as the sun sets, the temperature is 12 degrees.` "
     "states 12): `Tim's guess was off by 36 jelly beans, as the true number ... is 900.` never states "
     "900); a value and, after when, where, while, once, provided or an example (e.g., for example: an "
     "example that writes the value again, `12, e.g. $12 = 3 \\cdot 4$`, keeps it, and a value given as "
     "an example, `100, for instance.`, or an example of another value, `12, e.g. 13`, states none), a "
     "value its condition states (`the area is 225 when the side is 15`, `the velocity is 0 when t = 4`: "
     "the question decides) state none, a condition stating no value of its own keeps the value before it "
     "(`So x = 2k\\pi, where k is an integer.`, `the probability is $\\frac{5}{36}$ when 2 dice are "
     "rolled`), and cases (`y = 5 when x = 2 and y = 7 when x = 3`) state none; a word after the math "
     "that changes its value (`$3$ squared`, `$5$ million`, `$5$ 万`, `$3$ times 4`) states none, a count "
     "of times (`$3$ times as large`) its number; `is approximately $18.8$` states the approximation ≈ "
     "18.8 (unknown exactly, compared under a tolerance), and so does a concluding sentence in words with "
     "no other number and nothing but a unit after it, `Therefore, the covariance is approximately 0.036.` (never "
     "`about 12 distinct sequences`)"),
    ("`The answer is at least x = 5.`, `up to $5$`, `over $5$`; `approximately x = 5`, `~-12`, `~ $5$`",
     "a word right before the value taken (or before its name and `=`) that bounds it leaves no answer (at least, at most, more or less than, no more than, up to, over, under, below, above, in excess of); one that approximates it makes the answer the approximation `\\approx` of the value (approximately, about, around, roughly, nearly, close to, near, and a tilde in plain text: in math `~` is a space)"),
    ("`The final answer is 18` then `(if we ignore tax; 19 otherwise)`; `\\boxed{18} if n is even, 19 if n is odd`",
     "an answer whose sentence goes on (on its line, or on the next in lower case or as a list item) with a condition and another case with a value of its own (`19 otherwise`, `otherwise 19`, `, 19 if n is odd`, `- 19 if n is odd`) depends on the case: no answer; the question's condition restated (`$1260 if he works a full 7-day week`), a note (`if each bag has 6 apples; 3 bags`) or another form (`or equivalently 0.5`) leaves it the answer"),
    ("`**3**` alone on the last line, `\\[ \\text{The answer is (D).} \\]`, `$\\text{The final answer is } 5$`",
     "a last line that is a value in bold alone, without words, is the answer (after a blank line or a single line break: `12 + 6 = 18` then `**18**`; `**Step 3**` is not); so is True or False in a "
     "final sentence that says only that the statement (claim, argument, proposition) is true or false "
     "(`Therefore, the statement is true.`: TheoremQA's true-or-false questions); an answer phrase "
     "written inside `\\text{...}` in math is read past the brace that closes the text, or up to a brace it never "
     "opened"),
    ("`Therefore, $x = 2$ and $y = 3$.`, `So $x=2$, $y=3$.`, `Thus x = 3.`",
     "values given to unknowns, each in its own math, joined only by `and`, `or` or commas, with at most "
     "a concluding word before them (therefore, thus, hence, so, then, finally) and nothing after: "
     "together the answer (the point (2, 3)); `or` between different unknowns states alternatives, no "
     "answer; a premise or a verdict before them (since, we reject, suppose) leaves the sentence to the "
     "other rules; a short line that opens with thus, hence, so, therefore, then, finally or we find is "
     "read by these rules, never as text; otherwise a final sentence with several math spans states none, "
     "except its last when that ends the sentence and a clause after `, so` (`, therefore`, `, thus`, `, "
     "hence`) states it with a copula, or a concluding sentence states it with `simplifies to`, `reduces "
     "to`, `becomes` or `equals`, or a step gives it right before it (`which gives us`, `to get`, "
     "`gives`, `we obtain`; never a plan, `we will`, a check, an example, another method or a guess), and "
     "no hedge, bound, negation, supposition, example, verdict, factor, step or second value is there "
     "(`The cost was $\\$15$, so their profit was $93 - 15 = \\$78$.` is 78; `So, the expression \\[A\\] "
     "simplifies to \\[B\\]` is B; `..., we multiply the numerator and denominator by $\\sqrt{3}$, which "
     "gives us $\\frac{\\sqrt{3}}{3}$.` is the last)"),
    ("`So the result is 23. I think that's the answer.`, `… $78$. Everything seems to add up correctly.`, "
     "`I hope it is correct.`",
     "closing remarks in fixed words that confirm the work or offer more help (`Is there anything else I can help you "
     "with?`, `Do you want to measure it in centimeters?`; never an offer of another value) are dropped before the final sentence is read (at most "
     "eight); a remark that doubts or judges it (`I think that's wrong.`, `That seems too small.`) is the final "
     "sentence, and states no answer; so is a note on the method after an unmarked conclusion (`This approach "
     "demonstrates how ...`): what it says of the answer is not read"),
    ("`So x cannot be $5$.`, `The value might be $5$.`, `所以答案不是$5$。`, `最小值可能是$5$。`, `约为$2$`, "
     "`x为$5$（舍去）`",
     "no answer: a denial or a doubt after the copula, or governing it (a modal or not before `be`; a Chinese "
     "denial or doubt right before 为 / 是 / 等于) states no answer; 'the value that f may take is $5$' states 5"),
    ("`x is $5$ or is $6$.`, `所以x是$5$或是$6$。`, `不是$5$就是$6$`",
     "no answer: the final sentence states alternatives (or, 或, 要么, 还是, 也, 又, 就 between two copulas)"),
    ("`Is it $7$?`, `Why would it be $7$?` (the final sentence)", "no answer: a question states none"),
    ("`(2, 3, 3)` and its permutations, `\\boxed{(1, 2)}` and vice versa, `$(2,3,3)$` up to permutation",
     "no answer: words right after an answer of several values that add to it (and its permutations, in any order, up "
     "to sign, and vice versa); after a single value they describe a count (`\\boxed{24}` permutations is 24)"),
    ("`\\boxed{5} Wait, actually it should be 6.`, `\\boxed{5} is wrong.`, `The answer is $5$. No wait, $6$.`, "
     "`答案是$5$。不对，应该是$6$。`, `\\boxed{5} (wrong)`, `\\boxed{5}. Never mind, it is 4.`",
     "no answer: a retraction after the final answer (right after it or opening a sentence: wait, actually, hmm, "
     "correction, 不对, ...; in the next sentence only: never mind, I take that back, I don't know., NOT!, that is wrong., but this seems wrong.) or "
     "a verdict on it in its own sentence (is wrong, isn't correct, (wrong), `(\\text{incorrect})`, not the final answer, falsch, ❌; and right after it, words that reject it: is extraneous, is rejected, is not a valid solution, must be discarded, doesn't work, `, which is impossible` (never a clause that goes on: `, which is not possible to simplify`), (rejected); never "
     "'false', the answer of a true-or-false question); boxes joined by `(or ...)` or a footnote `\\footnote{or 6}`, OR, 或, `\\lor` or / are several "
     "answers; and no answer either when a response says after its answer that it could not solve the problem (`I could not determine the "
     "answer.`, `I was unable to solve the problem.`, `I give up.`; never a failure about anything else: `I could not "
     "find a simpler form.`) or that the answer is only an example (`The line above is an example of the required "
     "format.`), or says before its box that an answer should look like it (`Your final answer should look like "
     "\\boxed{5}.`, `For example, \\boxed{5}`, `Write your answer like \\boxed{5}`), or names its answer again and says it is not a solution (`\\boxed{(2,3)} Note that $(2,3)$ "
     "is not actually a solution.`; never another value: `\\boxed{2}. Note that $x = -1$ is not a solution.`)"),
    ("`\\boxed{3}. It could also be 4.`, `The answer is 3. Another possible answer is 4.`, `So the answer is 3. I think it is 4.`, `\\boxed{3}, maybe \\boxed{4}`, `\\boxed{3}. Also $\\boxed{4}$ works.`, `The answer is 3, and the answer is 4.`",
     "no answer: a later sentence offers another value as the answer (it or the answer could, might, may "
     "or can also be; another answer is; I think it is), or maybe or perhaps stands between the last two "
     "boxes, or, the last two boxes holding two different numbers, words right before the last add it to "
     "the earlier one (other contents: the earlier box is another form of the answer, credited only if it "
     "equals the gold too: `\\boxed{\\frac12}. Also $\\boxed{0.5}$` is one value, `\\boxed{\\pi}. Also "
     "\\boxed{3}` none) (`Also $\\boxed{4}$` opening its sentence, `(Another valid answer: \\boxed{4})`, "
     "`or alternatively \\boxed{4}`) or right after it say it works too (`\\boxed{4} also works`, `as "
     "well`, `too`, `is also possible`, `is an answer`; never `\\boxed{4} works`, a check, or `the final "
     "answer is also \\boxed{4}`); one sentence that states two different numbers after two phrases (`The "
     "answer is 3, and the answer is 4.`; never a correction: `but`, `so`, `the correct answer is`) "
     "states none; one that states the same answer again keeps it, and `(or $0.5$)` after `\\frac{1}{2}` "
     "is the answer written another way; so is a later sentence that judges the answer itself (`This is "
     "probably wrong though.`, `(Note: this answer is likely wrong.)`, `(Just kidding.)`, `**Revised "
     "answer:** 6`, `Other possible answers: 6, 7.`, `the total should be 6`, `the real value is 6`; never "
     "`Option B is incorrect`, `It is not correct to add the other root.`), and a last box in a sentence "
     "that opens another case or an alternative to a different box before it (`Case 1: \\boxed{5}. Case "
     "2: \\boxed{6}.`, `..., otherwise it is \\boxed{6}`, `Alternatively, ... \\boxed{6}`, `... or "
     "\\boxed{6} otherwise`); and so is a last box after a check done again that gives another value "
     "(`Re-checking gives 6.`, `Upon re-checking, I got 6 instead.`, `the sum is actually 6`; never a step "
     "checked again, `Double-checking the first step: 4 \\times 12 = 48.`), after a verdict on the work "
     "that ends its clause (`I realized I made a mistake.`, `My earlier computation was off.`, `Something is "
     "off.`), a hedge in a text command or a clause (`$\\boxed{5} \\text{ maybe}$`, `(I might be wrong)`, "
     "`, I guess`, `if I'm not mistaken`), or someone else's answer (`Many would answer \\boxed{5}`, `One "
     "might guess \\boxed{5}`); a whole reply that says it could not solve the problem (`I could not "
     "determine the answer.`) has none"),
    ("`Answer: $5$ is incorrect.`, `So $5$ is incorrect.`, `We reject $x=5$.`, `The answer is at least $5$.`, `Die Antwort ist nicht $5$.`, `Ответ: $5$ или $6$.`, `The answer is $5$ thousand.`, `Answer: ~~5~~`, `Final Answer: ~3`",
     "never the value: a word after it that judges it or changes it (thousand, squared, divided, at most, "
     "to $6$), a word before it that changes or bounds it (at least, twice, anything but, about, reject, "
     "unlikely, 至少, ...), a denial or doubt in any of the phrase languages (nicht, no es, n'est pas, не, "
     "ではない, 아니, ...), an 'or' between two values, a strike-through or a question mark; a tilde before it "
     "in plain text (`Final Answer: ~3`, `∼3`, a whole reply `~3`) makes it about 3, an approximation (in LaTeX, "
     "`\\boxed{~3}`, a tilde is a space); after `</answer>`, a retraction or a verdict takes it back"),
    ("`Many think the answer is $5$, but we get $6$.`, `The answer is (A) 5. Or maybe (B) 6.`, `Suppose $x = 5$.`",
     "a phrase in a clause of belief or supposition (think, believe, assume, if, say, might, ...; "
     "someone else's answer named: `The expected answer is 5`, `Ground truth: 5`) is no "
     "marker (nor does an answer that excludes a value state one: `anything but 5`, `all real numbers "
     "except 5`), nor is a phrase with `would` after a condition its sentence opens with (`The answer is "
     "False. However, if we change the question ..., the answer would be True.` is False: another "
     "scenario's answer; `when`, `even if`, `Note that if` too), unless the condition corrects the answer "
     "or holds as the question states it (`if we fix the arithmetic error`, `if we read the question "
     "correctly`, `as the question asks`: that answer stands); after an answer stated, a later one in a "
     "sentence that opens with such a condition or an alternative (`The answer is 12. Alternatively, if "
     "we count the teacher, the answer is 13.`, `Otherwise`) is a second answer: none (the same answer "
     "again stands); an answer followed by `Or maybe …`, "
     "`Alternatively …` (或者, 也可能), a doubt (`(guess)`, `probably`, `I am not confident`) or another value "
     "said to work too (`4 also works`, `the other root is 4`, `Four also works`, `both 3 and 4 satisfy`, "
     "也可以是, también puede ser, vielleicht, peut-être, может быть) is no answer; a yes or no qualified "
     "(`depending on n`) states none; a retraction in Markdown (`> Wait`, `- Actually`) or other words "
     "(But wait, Sorry, Edit:, Nope, well no, or rather, `I mean 6`, Wacht, 等一下, 잠깐, ...; after the "
     "answer's unit too: `$5$ dollars, no, it is 6.`, `$5$ dollars (no, 6)`), a verdict symbol (✘, 🤔, "
     "(jk)), another value wrapped or after an arrow (`**4**`, `\\[4\\]`, `= 4`, `\\Rightarrow 4`), or a "
     "JSON key or tag that corrects the answer or offers another (`corrected_answer`, `correctedAnswer`, "
     "`\"correct\": false`, `\"is_guess\": true`, `\"confidence\": 0`, `<alternative>`, `<backup>`; a later "
     "`<final_answer>` or `<revised_answer>` that differs is a later answer, which the gold must equal too), JSON working "
     "after the answer that ends on another value (`should be 9`, `Recomputing gives 9.`, `Hence 9.`) or calls it a "
     "guess, a label that offers another (`**Alternative:** 9`, `## Alternative Answer`, `Backup answer: 9`, `Second "
     "guess: 9`) and a choice said to work too (`C is also correct.`, `(C) could also work.`) leave no answer; after an answer phrase, a property or a guess (`a multiple of 3`, "
     "`likely 3`) is read as written; a final sentence whose value is supposed or someone else's "
     "(suppose, assume, if, many think, some say) states none (the answer would be 5 does)"),
    ("`\\boxed{10}. Alternatively, every multiple of 6 is a multiple of 3, … which is 10.`",
     "an answer stands when what follows it (a second method opened by `Alternatively`, a check opened by `Wait`) "
     "ends by stating the same answer written the same way (or a chain of equalities ending in it), read once by "
     "these rules, or ends by confirming it (`Correct.`, `Yes.`, `That seems right.`, `yes, 5`, `so 12 is right.`, "
     "`✓`, `... = 12 holds.`) with no word that finds it wrong (wrong, mistake, instead, rather, should be) and the "
     "last value it computes on the way, if any, the answer as written where a statement states it (`= 12`, `leaves "
     "5 apples`; never `-5`, `5!`, `one more than 5`, `six`); any other ending (another value, a hedge, a doubt, no "
     "answer, the same value written otherwise) leaves no answer"),
    ("`\\boxed{\\frac12} (or $0.5$)`, `The answer is $\\frac12$, or equivalently $0.5$.`, `\\boxed{3} (or 4)`",
     "'or' and one value right after the answer (in parentheses or brackets, or ending the sentence; `or "
     "equivalently`, `or in decimal form`; also `\\lor`, `\\text{ or }`, `/`, `also`, an arrow `\\to` `->` "
     "`\\implies`, 或, oder, ou, или; after any answer, `, i.e.` and `, that is,`: `The answer is $8$, i.e. $2^3$.`, `0.5, i.e. 50%`; after a plain number "
     "too: `Answer: 0.1541 (or 15.41%)`) write it again: credited only when that form equals the answer (and so the "
     "gold: `\\boxed{5 \\text{ cm}} (or 50 mm)` is one length); a form that differs makes it a hedge (no answer), "
     "except a decimal of three significant digits or more that rounds the answer to the digits it writes "
     "(`\\frac{1}{6}, i.e. 0.167`, `$\\pi$, i.e. 3.14`: that answer), one not decided leaves it unknown; words that change the form (`or 5 thousand`, `or 5!`, `or $5$ and $6$`) make it "
     "a hedge; an approximation (`or about 1.414`, `(approximately 7.69%)`, `, which is roughly 0.08`; after a number or a fraction in prose too, `is 1/13 or approximately 7.69%`) is the form `\\approx v`: credited when it is the answer to within less than one unit of its last significant digit (rounded or cut: `about 12000` for 12345, never `approximately 2` for 3), a hedge (no answer) when it is another value; a choice's option text (`\\boxed{B}: $x = 2$`) is not "
     "compared"),
    ("`\\boxed{3}. Therefore $x = 4$.`, `<answer>3</answer> ... The final answer is \\boxed{4}.`",
     "the last word decides: a concluding final sentence after the last box (therefore, hence, so, in "
     "conclusion, ... or one naming the result: the correct count is, Final:) and a later marker after an "
     "`<answer>` tag state the answer again (the last side of its equation: `Therefore $f(3) = 12$.` "
     "states 12; where its math names what it is about, what its copula states: `Therefore, the value of "
     "$\\epsilon$ for $P(x)$ is approximately 0.58.` states 0.58), credited only when that value is the "
     "answer too, and so is a number alone after a stated answer (`Answer: 3. 4.`; a unit in its own "
     "math, `$\\text{cm}^2$`, is none); a sentence with several values concludes none; a note after the "
     "box that concludes nothing changes nothing"),
    ("`There are 12 sequences.`, `Therefore, there are about 12 sequences.`, an empty response",
     "no answer: a number in prose without a marker is not taken, except the one exact number of a concluding final "
     "sentence (`Therefore, there are 12 sequences.`, with its scale word: `Therefore, the increase was $13 million.` is "
     "13 million; see the final-sentence rule), also when a last sentence after it only says where the value comes from or how it was computed (`This information is found under ...`, `This is calculated by dividing ...`: never one that gives a value, `which gives 2`, or doubts it)"),
    ("`答案：13`, `【答案】13`, `答えは5です。`, `Ответ: 7`, `উত্তর হল 18।`, `La respuesta es $7$.`, `Die Antwort ist 42.`, `الإجابة هي 12`",
     "the answer phrases of Chinese, Japanese, Korean, French, Spanish, Portuguese, Italian, German, Russian, "
     "Arabic, Hindi, Bengali, Swahili, Thai and Telugu (MGSM's languages: `Ответ – 30`, `Jibu ni 3.`, `คำตอบคือ 540`), "
     "Vietnamese, Indonesian, Malay, Turkish, Persian and Ukrainian (PolyMath's and MMATH's: `Đáp án là 42`, "
     "`답은 42입니다`, `Jawabannya adalah 42`, `Cevap 42'dir`, `پاسخ ۴۲ است`, `उत्तर 42 है`), Polish, Czech, Dutch, Swedish, "
     "Danish, Norwegian, Finnish, Hungarian, Romanian, Hebrew and Tagalog are "
     "markers like `The answer is` (a counter word, then a copula, may follow the number: 13只, 50 袋です, 42개입니다; a word that "
     "changes it is never dropped: 3万 and 约3 are unread, 根号3 is √3 by the reading rules); prose in "
     "any script is prose: without a marker, no answer"),
    ("`\\\\frac{1}{5}`, `\\\\left( … \\\\right)` (every backslash doubled)", "read with single backslashes"),
    ("`### Final Answer` or `## Answer` as a Markdown heading, the answer on the lines after it",
     "a marker like `Final Answer:` (blank lines after a phrase are skipped); the word alone (no colon) on the "
     "response's first line, then a line of prose (`answer` then `To calculate the variance, we follow these steps:`, FinanceMath's "
     "Qwen2 outputs) is a title a template left, no marker"),
    ("`<think>…</think><answer>42</answer>` (DeepSeek-R1-Zero's format, trained by TRL, open-r1 and verl recipes)",
     "the content of the last `<answer>` tag (or `<final_answer>` where no `<answer>` is written), read by these rules (a box or a phrase inside it as anywhere); an "
     "unclosed tag runs to the end; an empty one is no answer; tags with different contents are several answers"),
    ("`{\"reasoning\": \"…\", \"answer\": 7}` (a JSON object ending the response, fenced as json or not; keys `answer`, `final_answer`, `Final Answer`)",
     "structured output: the value of its last answer key, read as an answer by these rules (LaTeX "
     "written with single backslashes is kept: `\\frac` is not a form feed; a value written without "
     "quotes that is no JSON, `\"answer\": 869/27,`, is the rest of its line up to the next key, never "
     "its first number (`\"answer\": ~4` is about 4, `\"answer\": 1,000` is 1000, `\"answer\": 4, 5` two "
     "values); the object ends at its own closing brace, its strings skipped, however many braces a "
     "`reasoning` after the answer holds); an object as the answer is the equations of the unknowns it "
     "names when it is JSON whose keys are unknowns' names (a letter with an index, a Greek letter's "
     "name), none written twice, and whose values are numbers or short math (`\"answer\": {\"alpha\": 1, "
     "\"beta\": 4}` is `alpha = 1, beta = 4`, checked as any other value), else no answer "
     "(`{\"sample_mean\": 107.78, ...}`); prose after the object leaves it to the other rules; another "
     "answer offered beside it in the object (a key such as `alternatives`, `answer_alt`, `other`, "
     "another `answer_…` key holding a number, `\"answer_if_inclusive\": 13`, or `or 4`, `maybe` after "
     "it; a second value after the answer's string, `\"answer\": \"5\" or \"6\"`) leaves no answer (the "
     "values of working keys, `reasoning`, `explanation`, `steps`, are the working wherever they stand: "
     "after the answer, a value offered anywhere in one, `It is 3 or 4.`, `maybe 4`, `Alternatively, 4`, "
     "or an answer it states that differs, `so the answer is 8`, `\"solution\": 4`, leaves no answer, and "
     "a retraction does in its last sentence, `\"explanation\": \"Wait, actually it is 4.\"`; before it, "
     "as keys have no order, a value alone, `{\"solution\": \"4\", \"answer\": 3}`, leaves no answer "
     "against an answer that is a plain number; an answer key nested in another key of the object however "
     "deep, `{\"answer\": 3, \"solution\": {\"answer\": 4}}`, is a second answer (one equal in value, "
     "`3.0`, is none), and so is the answer of an object right before it (JSON lines, `{\"answer\": 4}` "
     "then `{\"answer\": 3}`, with spaces, a comma, a fence, a rule `---`, a comment, `and`, `Or:` or `Or "
     "maybe:` between: several answers, as two boxes that end a response; a template's value echoed "
     "before it, `\"<number>\"`, `\"...\"`, `null`, or an object after `Example format:`, is none); never "
     "working that corrects itself on the way, `there was a mistake above`, names an alternative "
     "hypothesis or lists roots it goes on to choose from, `x = 3 or x = -3`)"),
    ("`Answer: No, because the series diverges.`, `{\"answer\": \"Yes, y = 0 is a solution.\"}`, "
     "`\\boxed{\\text{No, it is not possible}}`",
     "a yes-or-no answer stated first (Yes, No, True, False, then a comma, a full stop or the end) is that word"),
    ("`7 \\\\ \\noindent`, `$-5$. \\\\ \\noindent` (a gold copied out of a LaTeX document)",
     "layout that ends the text (`\\\\`, `\\noindent`, `\\par`, `\\vspace{…}`, ...) is not part of the answer"),
    ("`0.9 * $3 = $2.7`", "a `$` right before a digit never closes math: it opens an amount of money (Pandoc's rule)"),
    ("a response that stops inside `\\[ … ` (or `\\( …`, or after an odd `$$`) it never closes",
     "no answer when no marker came before: cut off by a token limit, its final sentence is a fragment (`= \\frac{-`)"),
    ("a response whose last sentence stops without a full stop inside an expression: `$\\frac{2 \\cdot 5`, `$f'(x`, "
     "`(100/99)^2 × 1.216 ×`, `… 389, 390,`",
     "no answer when no marker came before (cut off): a brace, bracket or `\\left` opened and never closed, or a "
     "dangling operator, relation or comma at the end; never read as unparsed math"),
    ("`Answer $` / `9` / `$` on three lines; `costs $5` / `and $6`",
     "inline math laid out as a display (opener ending its line, closer starting its own, no blank line between) "
     "is math, its line breaks spaces; otherwise `$…$` and `\\(…\\)` span no line break (a currency sign)"),
    ("`<p>Final answer: 18</p>`, `x<sup>2</sup>`, `H<sub>2</sub>O`",
     "the markup of an HTML element that shows its content is no text: its content is read (18, never `18</p>`); `<sup>` and `<sub>` are a power and a subscript (`x^{2}`, `H_{2}O`: never x2); as a browser lays it out, a block's tags break the line (`<p>Work: 12 + 6</p><p>Answer: 18</p>` is two lines, the second a marker) and each `<li>` opens a list item (several under the marker are several answers), whatever attributes the tag carries"),
    ("a Markdown table that ends the response with a total row: `| **Total** | | **$12** |`",
     "the total row's last cell, when its first cell names a total (Total, Grand total, Total cost, Sum, Answer), the cells between are empty or dashes and the last is one value ($12); a row of several values (Total, 5, 6) or a table with no total row states none; nor does a table after a sentence that states something (only one "
     "alone, or after a line that ends with a colon or a heading)"),
    ("`Answer:` then `- 18`; `Final answer:` then `1. 12`; `The answers:` then `- x = 2` and `- x = 3`",
     "a Markdown list item after the answer's marker is its content (18, 12: a reader sees a bullet, never a minus sign, nor the item's number as the answer); several items are several answers (credited only when the gold is their list), and so is a final sentence that is the last of a list of values with no words; an item with no value leaves no answer; blank lines between items leave one list (a loose list: never its first item alone); a text that is the list alone (a gold's `- 1`), a `+` line (in plain text a sum carried on), a line in display math, a list whose next line goes on with `=`, and boxes in numbered parts are read as before"),
)  # fmt: skip

Status = Literal["answer", "several", "none"]


@dataclass(frozen=True)
class Extraction:
    """What :func:`extract_answer` took from a text."""

    status: Status
    """answer (one), several (a list of answers) or none (no answer)."""
    texts: tuple[str, ...] = ()
    """The answer text(s), delimiters removed."""
    rule: str = ""
    """The rule that fired: ``boxed``, ``several boxes``, ``final answer``, ``answer phrase``, ``####``, ``whole``,
    ``final sentence``, or for none why nothing was taken."""
    span: tuple[int, int] = (0, 0)
    """Where the answer lies in the text given (start, end)."""
    forms: tuple[str, ...] = ()
    """Another writing of the answer given right after it (``\\boxed{\\frac12} (or $0.5$)``, ``5 or equivalently
    \\frac{10}{2}``): the grader credits the answer only when each form equals the gold too."""

    @property
    def text(self) -> str:
        return ", ".join(self.texts)


_TURN_END = re.compile(r"<\|im_start\|>|<\|im_end\|>|<\|eot_id\|>|<\|eom_id\|>|<\|start_header_id\|>|<\|endoftext\|>"
                       r"|<end_of_turn>|</s>|<\|end\|>|<eoa>|<\|end_of_solution\|>"
                       # gpt-oss's <|return|> and <|call|>, Gemma's <eos>, Llama 3's <|end_of_text|>, DeepSeek's
                       # <｜end▁of▁sentence｜> (full-width bars)
                       r"|<\|return\|>|<\|call\|>|<eos>|<\|end_of_text\|>|<｜end▁of▁sentence｜>"
                       # MathCAMPS's prompt for base models (|system| ..., |user| ..., |assistant| ...): a turn label
                       # that opens a line
                       r"|(?<![^\n])[ \t]*\|(?:user|system|assistant)\|")
# Alpaca's prompt, echoed before the reply by TheoremQA's Alpaca, Vicuna and Pythia outputs (see _extract)
_ALPACA_RESPONSE = re.compile(r"(?m)^[ \t]*### Response:\s*")
_ALPACA_INSTRUCTION = re.compile(r"(?m)^[ \t]*### Instruction:")
# a next exercise a model made up after its answer, as base models continue a few-shot prompt (Question: ..., Q: ...,
# Problem: ...): a line that opens with the label, never a numbered sub-question (Q1.) nor a bullet (* Question:);
# the reply ends there when what stands before it states an answer (_ANSWERED_BEFORE)
_NEXT_EXERCISE = re.compile(r"(?m)^[ \t]{0,3}(?:\*\*)?(?:Question|Q|Problem)(?:\*\*)?[ \t]*[:：]")
_ANSWERED_BEFORE = re.compile(r"(?i)answer|####|\\boxed|(?:^|\n)[ \t]*(?:therefore|thus|hence|so|in[ \t]+conclusion)(?![A-Za-z])"
                              r"[^\n]*\s*\Z")
# the header of the response's own turn, when a trainer passes it on (SkyRL's tests: <|im_start|>Answer: ...;
# chat templates: <|im_start|>assistant, Llama 3's <|start_header_id|>assistant<|end_header_id|>, Gemma's
# <start_of_turn>model): skipped at the start, never an end of the turn
_TURN_START = re.compile(r"\s*(?:<\|im_start\|>(?![ \t]*(?:user|system|tool)\b)(?:[ \t]*assistant\b)?|<\|start_header_id\|>\s*assistant\s*<\|end_header_id\|>"
                         r"|<start_of_turn>[ \t]*model\b|<\|assistant\|>|\|assistant\|)")
# the end of a reasoning model's thought: DeepSeek-R1's and Qwen3's </think>, Sky-T1's <|end_of_thought|> (its
# solution follows between <|begin_of_solution|> and <|end_of_solution|>), gpt-oss's final channel after its analysis
# (<|channel|>final<|message|>; decoded without its special tokens, the glued word assistantfinal)
# (<think>, and the tags other reasoning formats use: <thinking>, <thought>, <reasoning> (TRL's GRPO examples:
# <reasoning>...</reasoning><answer>...</answer>), with spaces inside the angle brackets too)
_THOUGHT_END = re.compile(r"(?i)<\s*/\s*(?:think|thinking|thought|reasoning|seed:think)\s*>|◁/think▷|<\|END_THINKING\|>|"
                          r"<\|end_of_thought\|>|<\|channel\|>\s*final\s*(?:<\|constrain\|>\s*[\w.-]{1,20}\s*)?"
                          r"<\|message\|>|(?<![A-Za-z])assistantfinal")
# (a gpt-oss output decoded without its special tokens starts with its channel's name glued to the text: analysisWe)
# (an unclosed <reasoning> is no thought: a format tag a model may leave open around its whole visible answer)
_THOUGHT_START = re.compile(r"(?i)<\s*(?:think|thinking|thought|seed:think)\s*>|◁think▷|<\|START_THINKING\|>|<\|begin_of_thought\|>|<\|channel\|>\s*analysis|\A\s*analysis(?-i:[A-Z])")
_SOLUTION_START = re.compile(r"\s*<\|begin_of_solution\|>")
# what the brace pass of _boxes visits: a box opener, an escaped brace, a brace
# (\framebox[2cm]{5}, \colorbox{yellow}{5}, \fcolorbox{red}{white}{5} and \boxed\relax{5} draw a box too; so does
# boxed{5} without its backslash, as HARDMath's prompt asks for the answer "inside a Latex boxed format \[boxed{}\]")
_BRACES = re.compile(r"\\(?:boxed|fbox|framebox\s*(?:\[[^\]{}]{0,20}\]\s*){0,2}|colorbox\s*\{[^{}]{0,30}\}|"
                     r"fcolorbox\s*\{[^{}]{0,30}\}\s*\{[^{}]{0,30}\})\s*(?:\\relax\s*)?\{|(?<![\\\w])boxed\{|\\[{}]|[{}]")
# a box whose argument is one token, unbraced (\boxed6 draws 6 boxed)
_BARE_BOX = re.compile(r"\\(?:boxed|fbox)\s*([0-9A-Za-z])")
# "final answer is / :" and "the (correct) answer is" anywhere; "Answer:" and "Answer $...$" only where a line or a sentence
# starts ("check our answer: ..." is no marker)
# a number ahead, and what follows it: not a digit, a decimal part, a colon or a closing parenthesis (a numbered item,
# Jawaban 2: ...); a full stop that ends the sentence may (Cevap 42.)
_NUMBER_AHEAD = r"[-−]?\d+(?:[.,]\d+)*(?!\d|[.,]\d|[^\S\n]{0,3}[:)])"
# a note in parentheses on the answer's form between 'answer' and 'is' (the answer (arabic numerals) is, zero_shot_cot's
# prompt; the answer (in dollars) is); never a choice (the answer (C) is correct), a hedge or a part (the answer
# (maybe) is, the answer (to the first part) is)
_PHRASE_NOTE = (r"(?:\s{0,3}\((?![^()]{0,40}(?:maybe|guess|perhaps|probabl|tentativ|possibl|likely|not|part|first|second|"
                r"wrong|incorrect|unsure))(?-i:[a-z][a-z ,-]{2,40})\))?")
# the question the answer is to (So the answer to this question is 7, verify_cot's ChatGPT answers): never a part of it
_TO_THE_QUESTION = r"(?:\s+(?:to|for|of)\s+(?:this|the)\s+(?:question|problem|exercise))?"
_PHRASE = re.compile(
    # a Markdown heading that is the phrase alone (### Final Answer, ## Answer): the answer is on the lines after it
    r"(?i:(?:^|(?<=\n))[ \t]*(?:#{1,6}[ \t]*(?:\*\*)?|\*\*)?(?:final[ \t]+)?answer:?(?:\*\*)?[ \t]*(?::[ \t]*)?(?=\r?\n))|"
    r"(?i:(?<![A-Za-z])(?:final\s+answer|the\s+(?:correct\s+|right\s+)?answer(?:\s+(?:choice|option)(?=\s+is\s*:?\s*(?:\*\*)?\s*"
    r"\(?(?-i:[A-J])\)?(?![A-Za-z])))?|the\s+(?:correct|right)\s+(?:option|choice)"
    r"(?=\s+is\s*:?\s*(?:\*\*)?\s*(?:(?:option|choice)(?:\s+|(?:\\?_){1,4}))?(?:\(\s*[A-Ja-j]\s*\)|(?-i:[A-J])(?![A-Za-z])))"
    # (Solution: Choice_B, the solution is Choice D: MR-Ben's prompted format; only before the word and its letter)
    r"|(?:the\s+)?(?:(?:final|correct)\s+)?solution(?=\s*(?:is\s*:?|:)\s*(?:\*\*)?\s*(?:[A-Za-z']{1,12}\s+){0,3}?(?:option|choice)(?:\s+|(?:\\?_){1,4})"
    r"\(?(?-i:[A-J])\)?(?![A-Za-z0-9])))"
    + _PHRASE_NOTE + _TO_THE_QUESTION
    + r"(?:\*\*)?\s*(?:(?:is|would\s+be|will\s+be)(?![A-Za-z])\s*:?|:|=|->|=>|→|—)"
    # (My answer:, My final answer:, Correct answer:, Ans: where a line or a sentence starts too)
    # (after a step's label too: Step 6: Answer: True.)
    r"|(?:^|(?<=\n)|(?<=[.!?]\s)|(?<=[.!?]\s\s)|(?<=\*\*))[ \t]*(?:\*\*)?(?:step[ \t]*\d{1,4}[ \t]*[:.)][ \t]*(?:\*\*)?)?"
    # (### Answer: 40 on one line, MathCAMPS's prompted format: a heading's hashes before it)
    r"(?:(?<![^\n])[ \t]*#{1,3}[ \t]*(?:\*\*)?)?"
    r"(?:answer|ans\.?|my\s+(?:final\s+)?answer|"
    r"correct\s+answer)(?:\*\*)?\s*(?::|=|->|=>|→|(?=\$|\\\(|\\\[)))"
    r"(?:\s*\*\*)?|(?<!#)####(?!#)|(?:^|(?<=\n))[ \t]*A:(?=[ \t]*\S)"
    # the same phrases in other languages (MGSM, lighteval's multilingual tasks): "the answer is", "answer:"
    r"|(?:【\s*)?(?:最终)?答案\s*(?:】\s*[：:]?|(?:应)?(?:是|为|為)\s*[：:]?|：|:)|答え\s*(?:は|：|:)|정답\s*(?:은|는|:|：)"
    r"|(?i:(?<![^\W\d_])(?:(?:la\s+)?r[ée]ponse(?:\s+finale)?\s+est|r[ée]ponse(?:\s+finale)?\s*:"
    r"|(?:la\s+)?respuesta(?:\s+final)?\s+es|respuesta(?:\s+final)?\s*:|(?:a\s+)?resposta(?:\s+final)?\s+[ée]|resposta\s*:"
    r"|(?:la\s+)?risposta(?:\s+finale)?\s+[èe]|risposta\s*:|die\s+(?:endg[üu]ltige\s+)?antwort\s+(?:ist|lautet)|antwort\s*:"
    r"|ответ\s*(?::|[—–-](?=\s))|(?-i:Ответ)[^\S\n]+(?=[-−–]?\d)|(?:^|(?<=\n)|(?<=[.!?]\s))ответ[^\S\n]+(?=[-−–]?\d)"
    r"|(?:الإجابة|الجواب)\s*(?:هي|هو|:)|उत्तर\s*(?::|है)"
    # MGSM's other languages: Bengali (উত্তর হল 18।), Swahili (Jibu ni 3.), Thai (คำตอบคือ 540), Telugu (సమాధానం 70000.)
    r"|উত্তর\s*(?::|হল|হলো|(?=[^\S\n]*[-−]?\d))|jibu(?:\s+(?:sahihi|la\s+mwisho|kamili))?\s*(?:ni|:)"
    r"|คำตอบ(?:ที่ถูกต้อง|สุดท้าย)?\s*(?:คือ|:)|(?:సమాధానం|జవాబు)\s*(?::|(?=[^\S\n]*[-−]?\d))"
    # PolyMath's and MMATH's other languages: Vietnamese (Đáp án là 42, Đáp số: 42), Korean (답은 42입니다),
    # Indonesian and Malay (Jawabannya adalah 42, Jawapan: 42), Turkish (Cevap: 42, Cevap 42'dir), Hindi (उत्तर 42 है),
    # Persian (پاسخ ۴۲ است), Ukrainian (Відповідь: 42); and Polish, Czech, Dutch, Swedish, Danish, Norwegian,
    # Finnish, Hungarian, Romanian, Hebrew and Tagalog (Odpowiedź: 42, Het antwoord is 42, Svaret är 42, התשובה היא 42).
    # A number right after the word without a colon (Cevap 42) counts only after a capital in Latin script, never in
    # a sentence (I read cevap 3 times), and never a numbered item (Jawaban 2: ...)
    r"|(?:đáp\s+(?:án|số)|câu\s+trả\s+lời)(?:\s+(?:cuối\s+cùng|đúng))?\s*(?:là|:)|답\s*(?:은|는|:|：)"
    r"|jawa(?:ban|pan)(?:nya)?(?:\s+(?:akhir(?:nya)?|yang\s+(?:benar|betul|tepat)))?\s*(?:adalah|ialah|:)"
    r"|(?-i:Jawa(?:ban|pan)(?:nya)?)(?=[^\S\n]{1,3}" + _NUMBER_AHEAD + r")"
    r"|(?:doğru\s+)?(?:cevap|yanıt)(?:ımız|ı)?\s*:|(?-i:Cevap|Yanıt)(?:ımız|ı)?(?=[^\S\n]{1,3}" + _NUMBER_AHEAD + r")"
    r"|उत्तर\s*=|उत्तर(?=[^\S\n]{0,3}" + _NUMBER_AHEAD + r")"
    r"|(?:پاسخ|جواب)(?:\s+(?:نهایی|درست))?\s*:|(?:پاسخ|جواب)(?:\s+(?:نهایی|درست))?(?:\s+برابر(?:\s+با)?)?(?=[^\S\n]{0,3}"
    + _NUMBER_AHEAD + r")"
    r"|відповідь\s*(?::|[—–-](?=\s))|(?-i:Відповідь)[^\S\n]+(?=[-−–]?\d)"
    r"|odpowied[źz](?:\s+końcowa)?\s*(?::|to|wynosi)|odpověď\s*(?::|je)|(?:het\s+)?(?:juiste\s+)?antwoord\s+is|antwoord\s*:"
    r"|svaret\s+(?:är|er)|svar\s*:|vastaus\s+on|vastaus\s*:|(?:a\s+)?(?:helyes\s+)?válasz\s*:"
    r"|(?-i:A[^\S\n]+(?:helyes[^\S\n]+)?válasz|Válasz)(?=[^\S\n]{1,3}" + _NUMBER_AHEAD + r")"
    r"|răspunsul(?:\s+(?:final|corect))?\s+este|răspuns(?:ul)?\s*:|התשובה(?:\s+(?:הסופית|הנכונה))?\s*(?:היא|:)|תשובה\s*:"
    r"|(?:ang\s+)?(?:tamang\s+)?sagot\s*(?:ay|:)))"
    r"(?![^\W\d_])"
)
#: the words every marker holds: a text with none of them is not scanned for one (hostile text stays cheap)
_MARKER_WORDS = ("answer", "ans:", "ans.", "####", "a:", "答案", "答え", "정답", "ponse", "respuesta", "resposta", "risposta",
                 "antwort", "ответ", "الإجابة", "الجواب", "उत्तर", "উত্তর", "jibu", "คำตอบ", "సమాధానం", "జవాబు", "đáp",
                 "câu trả lời", "답", "jawa", "cevap", "yanıt", "پاسخ", "جواب", "відповідь", "odpowied", "odpověď", "antwoord",
                 "svar", "vastaus", "válasz", "răspuns", "תשובה", "sagot", "correct option", "correct choice", "solution",
                 "right option", "right choice")  # fmt: skip
# math spans, at most 2,000 characters each (so that text with unclosed delimiters stays linear to scan)


@dataclass(frozen=True)
class _Span:
    """A math span: ``$...$``, ``$$...$$``, ``\\(...\\)`` or ``\\[...\\]`` (start and end of the whole, and its content)."""

    start: int
    end: int
    inner: str

    def group(self) -> str:
        return self.inner

    def span(self) -> tuple[int, int]:
        return self.start, self.end


# (LaTeX's display environments for one formula are display math too: \begin{equation*} x = 5 \end{equation*})
_OPENERS = (("$$", "$$"), ("\\[", "\\]"), ("\\(", "\\)"), ("$", "$"), ("\\begin{equation}", "\\end{equation}"),
            ("\\begin{equation*}", "\\end{equation*}"), ("\\begin{displaymath}", "\\end{displaymath}"),
            ("\\begin{math}", "\\end{math}"))


def _math_spans(text: str, lo: int = 0, hi: int | None = None) -> list[_Span]:
    """The math spans of text[lo:hi], left to right, each opener paired with the next closer of its kind (as TeX
    reads them); a ``$`` escaped as ``\\$`` is no delimiter, nor is a ``$`` right before a digit as a closer (an
    amount of money: ``$3 = $2.7``), and inline math (``$...$``, ``\\(...\\)``) does not
    span a line break (a ``$`` that pairs with one on another line is a currency sign or a stray, as in
    Math-Verify's reading) unless it is laid out as a display (:func:`_laid_out`). One pass with a memo of
    closers not found, so hostile text stays linear.

    Written by hand: a regular expression with lazy groups is quadratic on many unclosed openers."""
    hi = len(text) if hi is None else hi
    spans: list[_Span] = []
    missing: dict[str, int] = {}  # closer -> a position after which it does not occur
    i = lo
    while i < hi:
        ch = text[i]
        if ch not in "$\\":
            i += 1
            continue
        if ch == "\\" and text[i + 1 : i + 2] not in ("(", "[") and not text.startswith("\\begin{", i):
            i += 2  # \$ and other commands
            continue
        for opener, closer in _OPENERS:
            if not text.startswith(opener, i):
                continue
            j = -1
            if missing.get(closer, hi + 1) > i:
                k = i + len(opener)
                while True:
                    j = text.find(closer, k, hi)
                    if j < 0 or closer[0] != "$":
                        break
                    # \$ is a dollar sign; so is a $ followed by a digit (Pandoc's rule: it opens an amount of
                    # money, 0.9 * $3 = $2.7, never closes math), unless the math holds only that sign: $\$$2500 is
                    # MATH's way of writing $2500
                    if text[j - 1] != "\\" and not (closer == "$" and text[j + 1 : j + 2].isdigit() and
                                                     text[i + 1 : j].strip() != "\\$"):
                        break
                    k = j + 1
                if j < 0:
                    missing[closer] = i
            inline = opener in ("$", "\\(")
            if j >= 0 and not (inline and "\n" in text[i:j] and not _laid_out(text[i + len(opener) : j])) and j > i:
                if text[i + len(opener) : j].strip() != "\\$":  # ($\$$ alone is a dollar sign in prose: $\$$2500)
                    spans.append(_Span(i, j + len(closer), text[i + len(opener) : j]))
                i = j + len(closer)
            else:
                i += len(opener)
            break
        else:
            i += 1
    return spans


# inline math laid out as a display: the opener ends its line, the closer starts its own, no blank line between
# (``Answer $`` newline ``9`` newline ``$``); TeX reads a single line break in math as a space, and a currency
# sign is followed by its amount, never by a line break
_LAID_OUT = re.compile(r"[ \t]*\r?\n(?:(?![ \t]*\r?\n)[^\n]*\n)+?[ \t]*")


def _laid_out(inner: str) -> bool:
    return _LAID_OUT.fullmatch(inner) is not None


_CONNECTOR = re.compile(
    # (\boxed{3} (or \boxed{4}), OR, 或, \lor and / join two boxes too; a hedge, maybe or perhaps, is no list: _extract)
    r"(?:\s|\$|\\[\[\]()]|\\q?quad(?![A-Za-z])|\\[,;:! ]|[,;&()/，、]|(?i:(?<![A-Za-z])(?:and|or|und|oder|ou|et|o|y|e|или|и|o\s+bien)(?![A-Za-z]))|或者|或|和|"
    r"\\lor(?![A-Za-z])"
    # (and and or in the other languages of the answer phrases: \boxed{5} hoặc \boxed{6} is two answers)
    r"|(?i:(?<![^\W\d_])(?:hoặc|hay|và|atau|dan|veya|ya\s+da|ve|lub|albo|i|nebo|a|eller|och|og|tai|ja|vagy|és|sau|și|або|та|"
    r"und|oder|или|и|또는|혹은|그리고|หรือ|และ|या|और|أو|و|یا|או|ו)(?![^\W\d_]))|または|か|と"
    r"|\\(?:text|mbox|textrm|mathrm)\s*\{\s*(?:,|and|or)?\s*\}|\\\\"
    # one word right after a box, before "and", "or" or a comma: the unit or noun of that answer
    # (\boxed{1} papers and \boxed{2} bins; \boxed{3} cm, \boxed{4} cm), never a word that reasons or states
    r"|(?<=\})[ \t]*(?!(?i:so|then|hence|thus|therefore|is|are|was|were|answer|but|not|no|also|which|wait|"
    r"correction|actually|oops|hmm|instead|rather|yes|final|finally|or|and)(?![A-Za-z]))"
    r"[a-z][A-Za-z]+(?=[ \t]*(?:,|(?:and|or)(?![A-Za-z]))))*"
)
# a closing sentence that states nothing (the answer is in the sentence before it); each is matched alone, on one
# sentence, by _closing_start (one regex with a repeated group over the whole tail backtracked exponentially on
# "I think that's it " repeated)
_CLOSER = re.compile(
    r"(?is)(?:I\s+hope\s+(?:it|this)\s+is\s+correct|hope\s+(?:it|this)\s+helps|I\s+hope"
    r"|let\s+me\s+know\s+if\s+you|feel\s+free\s+to\s+ask)"  # (an offer of more help: gemma-2's "Let me know if ...")
    # (never with a number or words that doubt, retract or correct: "I hope not", "Let me know if you prefer 6")
    r"(?![^.!\n]*(?:\d|(?<![A-Za-z])(?:not|no|but|otherwise|wrong|error|mistake|incorrect|instead|prefer|rather|might|"
    r"could|unsure|sure|agree|correct\s+it|fix)(?![A-Za-z])))[^.!\n]*"
    # a reasoning model's verdict on its own work, in fixed words that confirm it (Sky-T1: "Everything seems to add up
    # correctly. I think that's the right answer.", "I think that's it."); "I think that's wrong", "That seems too
    # small" are never closers
    r"|(?:yes,?\s+|so,?\s+|and\s+)?(?:"
    r"I\s+think\s+(?:that'?s|that\s+is|this\s+is)\s+(?:it|(?:the|my)\s+(?:final\s+|right\s+|correct\s+)?(?:answer|result|"
    r"solution)|correct|right)"
    r"|(?:I\s+think\s+)?(?:I'?m|I\s+am)\s+(?:confident|sure)\s+(?:(?:with|in|about|of)\s+(?:this|that|my|the)\s+answer"
    r"|(?:that'?s|this\s+is|it'?s)\s+(?:right|correct|the\s+(?:right\s+|correct\s+|final\s+)?answer))"
    r"|I\s+think\s+(?:I'?ve|I\s+have)\s+covered\s+(?:all\s+the\s+bases|everything)(?:\s+here)?"
    r"|(?:that|this|everything|it\s+all)\s+(?:seems|looks)\s+(?:right|correct|good|fine|consistent|to\s+(?:add\s+up|check\s+out|be\s+"
    r"(?:right|correct|consistent)))(?:\s+correctly)?"
    r"|(?:that|this|everything|it\s+all)\s+(?:checks\s+out|adds\s+up)(?:\s+correctly)?"
    r"|(?:it|that)(?:'s|\s+is)\s+(?:consistent|correct|right)"
    # Bard's offers in MathVista's saved outputs, whole and as written (nothing may follow in the sentence: "... since
    # x = 7 seems right too?" is no closer)
    r"|is\s+there\s+anything\s+else\s+(?:I\s+can\s+(?:help\s+you\s+with|do\s+for\s+you)|you\s+would\s+like\s+to\s+know)\??"
    r"|do\s+you\s+have\s+(?:any\s+)?(?:other|more|further)\s+questions(?:\s+(?:for\s+me|or\s+requests))?\??"
    # (an offer to go on, never of another value: "Do you want to see another answer like 6?" is no closer)
    r"|do\s+you\s+want\s+(?:me\s+)?to\s+(?:try|see|ask|know|measure|learn|explore|calculate|check)"
    r"(?![^.!?\n]*(?:answers?|solutions?|values?|results?|possib\w*|options?|alternatives?))[^.!?\n\d]{0,60}\??"
    # thanks and a bare offer, a Markdown rule or an emoji alone (a chat model's sign-off)
    r"|thanks?(?:\s+you)?(?:\s+for\s+(?:asking|reading|your\s+question))?|is\s+there\s+anything\s+else\??"
    r"|[*_=~-]{3,}|[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]+|[:;]-?[)D])"
    # (a note on the method after an unmarked conclusion, "This approach demonstrates how ...", is no closer: what it
    # says of the answer is not read, and an adversarial review wrote 47 such notes that change or doubt it)
)


def _closing_start(text: str, lo: int, hi: int) -> int:
    """Where the closing sentences of text[lo:hi] begin (hi when there are none): "I hope it is correct.", "I think
    that's the right answer." At most eight are dropped, each tested alone: linear in the text."""
    end = hi
    for _ in range(8):
        stop = lo + len(text[lo:end].rstrip())
        core = stop - 1 if stop > lo and text[stop - 1] in ".!?" else stop
        start = max(text.rfind(".", lo, core), text.rfind("!", lo, core), text.rfind("?", lo, core),
                    text.rfind("\n", lo, core)) + 1
        start = max(start, lo)
        if core <= start or not _CLOSER.fullmatch(text[start:core].strip()):
            break
        end = start
    return end


# the copulas of Chinese too (最小值为 5, 答案是 5, 等于 5: is, equals), not where 为 / 是 belong to another word
# (因为 because, 作为 as, 认为 think, 成为 become, 以为; 但是 but, 于是 so, 还是 or, 若是 if, 凡是, 总是 always)
# (a colon between two numbers is a ratio or a clock time, 1:9 or 4:30, never the copula of "Answer: 9")
_COPULA = re.compile(r"(?i)(?<![A-Za-z])(?:is|are|equals|be)(?![A-Za-z])|(?<![!<>=])=(?!=)|(?<!\d)(?<!\d\s):|:(?!\s?\d)|："
                     r"|(?<![因作认認成以])[为為]"
                     r"|(?<![但于於还還若凡总總])是|等于|等於")
_SENTENCE_WORDS = re.compile(r"(?i)(?<![A-Za-z\\])(?:is|are|was|were|equals)(?![A-Za-z])")
_WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")
_LETTER_RUN = re.compile(r"[^\W\d_]+")


def _foreign(run: str) -> bool:
    """A run of letters holding a letter of another script than Latin or Greek (réponse, 答案, ответ): a word.
    Greek letters and letter-like symbols (π, ℝ) are mathematics; superscript digits (m²) are no letters."""
    return any(c.isalpha() and not c.isascii() and not ("\u0370" <= c <= "\u03ff" or "\u1f00" <= c <= "\u1fff"
               or "\u2100" <= c <= "\u214f") for c in run)  # fmt: skip
# a copula of Chinese before a value (计划的比例为13/28: "the planned ratio is 13/28"): a sentence, never a text answer
_CJK_STATES = re.compile(r"(?:为|為|是|等于|等於)\s*(?:[-+(\d$]|\\[A-Za-z(\[])")
# words that may stand beside an answer without making it prose: connectors, percent words and unit words
# (and the plain names of functions, which are never English words: sqrt(38) is math, never the number 38 in a sentence)
_ALLOWED = frozenset("and or either percent percentage pct per cent sqrt cbrt arcsin arccos arctan sinh cosh tanh "
                     "infty".split())


def _boxes(text: str, lo: int, hi: int) -> list[tuple[int, int, str]]:
    """Top-level boxes in text[lo:hi]: (start, end, content), braces matched; a box not closed is left out, and a
    box inside a closed box is not top-level (one inside an unclosed box is). One pass over the text's braces with
    a stack (hand-written: scanning from every ``\\boxed{`` for its brace would be quadratic on hostile text; the
    pass visits only box openers and braces, found by one regex, not every character)."""
    stack: list[tuple[int, int, int]] = []  # (box start, content start, depth of its opening brace)
    parent: dict[int, int | None] = {}
    closed: dict[int, tuple[int, str]] = {}
    depth = 0
    for m in _BRACES.finditer(text, lo, hi):
        token = m.group()
        if len(token) > 1:
            if token in ("\\{", "\\}"):
                continue  # an escaped brace
            i = m.start()  # a box opener
            parent[i] = stack[-1][0] if stack else None
            stack.append((i, m.end(), depth))
            depth += 1
        elif token == "{":
            depth += 1
        else:
            depth -= 1
            if stack and stack[-1][2] == depth:
                start, inner, _ = stack.pop()
                closed[start] = (m.end(), text[inner : m.start()])
            elif depth < (stack[-1][2] if stack else 0):
                depth = stack[-1][2] + 1 if stack else 0  # a stray closing brace inside a box closes nothing

    def enclosed(start: int) -> bool:
        up = parent.get(start)
        while up is not None:
            if up in closed:
                return True
            up = parent.get(up)
        return False

    found = [(start, end, content) for start, (end, content) in sorted(closed.items()) if not enclosed(start)]
    bare = [(m.start(), m.end(), m.group(1)) for m in _BARE_BOX.finditer(text, found[-1][1] if found else lo, hi)]
    return found + bare[-1:]  # (only after the last braced box: the last one, to be read beside it)


# What a reader never sees, or sees struck out: a box there is no answer (\boxed{3} \phantom{\boxed{4}} shows 3; a
# grader that read the hidden 4 could be fooled by a response built for it). Paired delimiters, and commands whose
# braced argument is hidden or struck (each opener's argument matched over at most 5,000 characters, 64 openers)
_HIDDEN_PAIRS = (("\\iffalse", "\\fi"), ("\\if0", "\\fi"), ("\\begin{comment}", "\\end{comment}"), ("<del>", "</del>"),
                 ("<strike>", "</strike>"))  # fmt: skip


def _struck(text: str, lo: int, end: int) -> int | None:
    """Where the HTML strike-through that ``</s>`` at text[end:] closes opens: at ``<s>`` earlier on its line, after
    text of the reply's own (text[lo:] starts it); None when it closes none. A model's start and end tokens are written
    <s> and </s> too, but around a whole response or between a runaway's lines (``</s>\\n<s>``), never around a box
    inside a line (none does in the outside suites)."""
    line = text.rfind("\n", lo, end) + 1
    opener = text.rfind("<s>", max(line, lo, end - 2000), end)
    if opener < 0 or not text[lo:opener].strip() or not text[line:opener].strip() or "</s>" in text[opener:end]:
        return None  # (<s> opening its line is a start token; one closed before end opens nothing)
    return opener

# (also a colour model's white, \textcolor[HTML]{FFFFFF}, [rgb]{1,1,1}, [RGB]{255,255,255}, and any colour mixed at 0%,
# black!0, which is white)
_WHITE = (r"(?:\{\s*(?i:white(?:\s*!\s*\d+)?|transparent|#fff(?:fff)?|rgb\s*\(\s*255\s*,\s*255\s*,\s*255\s*\)|"
          r"[a-z]+\s*!\s*0(?:\.0*)?)\s*\}|\[\s*(?i:html)\s*\]\s*\{\s*(?i:ffffff)\s*\}|"
          r"\[\s*rgb\s*\]\s*\{\s*1(?:\.0*)?\s*,\s*1(?:\.0*)?\s*,\s*1(?:\.0*)?\s*\}|\[\s*RGB\s*\]\s*\{\s*255\s*,\s*255\s*,\s*255\s*\})")
# (a scale too small to read, \scalebox{0.001}, a box resized to nothing, \resizebox{0pt}{!}, a value cancelled to
# another, \cancelto{8}{...})
_HIDDEN_COMMAND = re.compile(r"\\(?:[hv]?phantom|sout|st|xout|cancel|xcancel|bcancel|scalebox\s*\{\s*0?(?:\.0\d*)?\s*\}\s*|"
                             r"resizebox\s*\{\s*0(?:\.0*)?\s*[a-z]{0,2}\s*\}\s*\{[^{}]{0,20}\}\s*|cancelto\s*\{[^{}]{0,40}\}\s*|"
                             r"(?:text|math)color\s*" + _WHITE +
                             r"|fcolorbox\s*" + _WHITE + r"\s*" + _WHITE + r")\s*\{|~~|\\color\s*" + _WHITE)
# a colour command with any colour, decided by _near_white below (a mix written with xcolor's !, a colour model's
# value, a named colour): white!100!black, [gray]{1}, [cmyk]{0,0,0,0}, [Hsb]{0,0,1}, [HTML]{FEFEFE}, ghostwhite
_COLOUR_COMMAND = re.compile(r"\\(?:textcolor|mathcolor|color)\s*(?:\[\s*([A-Za-z]{1,8})\s*\]\s*)?\{([^{}]{0,80})\}")
# the named colours of LaTeX's xcolor and its dvipsnames and svgnames (those a reader can tell from white are left
# out: only white and the near-white ones are needed), as (red, green, blue) in [0, 1]
_NAMED_COLOURS = {
    "white": (1.0, 1.0, 1.0), "black": (0.0, 0.0, 0.0), "red": (1.0, 0.0, 0.0), "green": (0.0, 1.0, 0.0),
    "blue": (0.0, 0.0, 1.0), "cyan": (0.0, 1.0, 1.0), "magenta": (1.0, 0.0, 1.0), "yellow": (1.0, 1.0, 0.0),
    "gray": (0.5, 0.5, 0.5), "grey": (0.5, 0.5, 0.5), "lightgray": (0.75, 0.75, 0.75), "darkgray": (0.25, 0.25, 0.25),
    "brown": (0.75, 0.5, 0.25), "lime": (0.75, 1.0, 0.0), "olive": (0.5, 0.5, 0.0), "orange": (1.0, 0.5, 0.0),
    "pink": (1.0, 0.75, 0.75), "purple": (0.75, 0.0, 0.25), "teal": (0.0, 0.5, 0.5), "violet": (0.5, 0.0, 0.5),
    "ghostwhite": (0.973, 0.973, 1.0), "snow": (1.0, 0.98, 0.98), "ivory": (1.0, 1.0, 0.941),
    "whitesmoke": (0.961, 0.961, 0.961), "floralwhite": (1.0, 0.98, 0.941), "seashell": (1.0, 0.961, 0.933),
    "azure": (0.941, 1.0, 1.0), "mintcream": (0.961, 1.0, 0.98), "honeydew": (0.941, 1.0, 0.941),
    "aliceblue": (0.941, 0.973, 1.0), "lavenderblush": (1.0, 0.941, 0.961), "linen": (0.98, 0.941, 0.902),
    "oldlace": (0.992, 0.961, 0.902), "lightyellow": (1.0, 1.0, 0.878), "lightcyan": (0.878, 1.0, 1.0),
    "cornsilk": (1.0, 0.973, 0.863), "beige": (0.961, 0.961, 0.863), "transparent": (1.0, 1.0, 1.0),
}
# how light a colour must be, in every channel, to be unreadable on a white page (#EEEEEE and lighter)
_NEAR_WHITE = 0.93


def _colour(model: str | None, spec: str) -> tuple[float, float, float] | None:
    """The colour a colour command's model and value give, as (red, green, blue) in [0, 1]; None when it cannot be
    read (an unknown name or model: then it hides nothing)."""
    spec = spec.strip()
    try:
        if model is None:
            if re.fullmatch(r"#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}", spec):
                digits = spec[1:] if len(spec) == 7 else "".join(c * 2 for c in spec[1:])
                return tuple(int(digits[k : k + 2], 16) / 255 for k in (0, 2, 4))  # type: ignore[return-value]
            rgb = re.fullmatch(r"(?i)rgba?\s*\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)(%?)\s*)?\)", spec)
            if rgb:
                # (an alpha below one lets the white page through: rgba(0,0,0,0.03) is as light as #F7F7F7)
                alpha = min(float(rgb.group(4)) / (100 if rgb.group(5) else 1), 1.0) if rgb.group(4) else 1.0
                return tuple(alpha * min(int(g), 255) / 255 + 1 - alpha for g in rgb.groups()[:3])  # type: ignore[return-value]
            return _mixed(spec)
        values = [float(v) for v in re.split(r"\s*,\s*|\s+", spec) if v] if model.lower() != "html" else []
        # xcolor's models and their scales: rgb, cmy, cmyk, gray, hsb in [0, 1]; RGB in 0..255; Gray in 0..15; HSB in
        # 0..240; Hsb a hue in degrees, then [0, 1]; HTML six hex digits (three too: MathJax reads #fff)
        if model.lower() == "html" and re.fullmatch(r"[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3}", spec):
            digits = spec if len(spec) == 6 else "".join(c * 2 for c in spec)
            return tuple(int(digits[k : k + 2], 16) / 255 for k in (0, 2, 4))  # type: ignore[return-value]
        scales = {"rgb": (1, 1, 1), "RGB": (255, 255, 255), "cmy": (1, 1, 1), "cmyk": (1, 1, 1, 1), "gray": (1,),
                  "Gray": (15,), "hsb": (1, 1, 1), "HSB": (240, 240, 240), "Hsb": (360, 1, 1)}  # fmt: skip
        scale = scales.get(model)
        if scale is None or len(values) != len(scale) or any(not 0 <= v <= top for v, top in zip(values, scale)):
            return None  # (an unknown model, or a value out of its range: unread, so hiding nothing)
        unit = [v / top for v, top in zip(values, scale)]
        if model in ("rgb", "RGB"):
            return (unit[0], unit[1], unit[2])
        if model == "cmy":
            return (1 - unit[0], 1 - unit[1], 1 - unit[2])
        if model == "cmyk":
            c, m, y, k = unit
            return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
        if model in ("gray", "Gray"):
            return (unit[0], unit[0], unit[0])
        hue, saturation, brightness = unit
        return tuple(brightness * (1 - saturation * (1 - f)) for f in _hue(hue))  # type: ignore[return-value]
    except ValueError:
        return None
    return None


def _hue(hue: float) -> tuple[float, float, float]:
    """The fully saturated colour of a hue in [0, 1], as (red, green, blue)."""
    sector, part = divmod((hue % 1.0) * 6, 1.0)
    return [(1, part, 0), (1 - part, 1, 0), (0, 1, part), (0, 1 - part, 1), (part, 0, 1), (1, 0, 1 - part)][int(sector) % 6]


def _mixed(spec: str) -> tuple[float, float, float] | None:
    """An xcolor expression: a name, then !percent!name pairs read left to right (red!30 is 30% red on white,
    white!100!black is white, yellow!1 is nearly white)."""
    parts = [p.strip().lower() for p in spec.split("!")]
    complement = parts[0].startswith("-")  # -black: the complement of the colour (white)
    colour = _NAMED_COLOURS.get(parts[0].lstrip("-"))
    if colour is None or len(parts) > 9:
        return None
    k = 1
    while k < len(parts):
        share = min(max(float(parts[k]), 0.0), 100.0) / 100 if re.fullmatch(r"\d+(?:\.\d+)?", parts[k]) else None
        if share is None:
            return None
        other = _NAMED_COLOURS.get(parts[k + 1]) if k + 1 < len(parts) else (1.0, 1.0, 1.0)
        if other is None:
            return None
        colour = tuple(share * a + (1 - share) * b for a, b in zip(colour, other))  # type: ignore[assignment]
        k += 2
    return tuple(1 - c for c in colour) if complement else colour  # type: ignore[return-value]


def _near_white(model: str | None, spec: str) -> bool:
    """Whether a colour command's colour is white or so light that a reader on a white page cannot see it."""
    colour = _colour(model, spec)
    return colour is not None and min(colour) >= _NEAR_WHITE
# HTML a reader never sees: a comment (an unclosed one runs to the end, as a browser reads it), a tag whose style or
# attribute hides its element (display:none, hidden, white text) up to its closing tag, a style, script or template
# element, the attributes of a tag (an image's alt text), and a Markdown comment line ([//]: # (...)). Only HTML's own
# tag names, and attributes written name="value": math never reads as a tag (b<a and c>d)
_HTML_TAG = (r"(?:a|abbr|b|big|blockquote|button|center|code|dd|del|details|div|dl|dt|em|embed|figcaption|figure|font|"
             r"h[1-6]|i|iframe|img|input|ins|kbd|label|li|mark|meta|object|ol|p|pre|q|s|samp|section|small|span|strong|"
             r"sub|summary|sup|svg|table|tbody|td|text|th|thead|tr|tt|u|ul|var)(?![A-Za-z0-9])")
# a style that puts its element where no reader sees it: no height or width with its overflow hidden, far off the page,
# or clipped to nothing
_OFF_PAGE = (r"(?:max-)?(?:height|width)\s*:\s*0(?![.\d]*[1-9])(?=[^<>]{0,300}overflow\s*:\s*hidden)|"
             r"overflow\s*:\s*hidden(?=[^<>]{0,300}(?<![-\w])(?:max-)?(?:height|width)\s*:\s*0(?![.\d]*[1-9]))|"
             r"(?<![-\w])(?:left|top|right|margin-left|margin-top|text-indent)\s*:\s*-\s*\d{3,}|"
             r"(?<![-\w])clip\s*:\s*rect\s*\(\s*0[^()<>]{0,30}\)|clip-path\s*:\s*inset\s*\(\s*(?:50|100)\s*%|"
             r"transform\s*:\s*scale\s*\(\s*0(?![.\d]*[1-9])")
_HIDDEN_TAG = re.compile(r"(?i)<(style|script|template|noscript)\b[^<>]{0,300}>|<(" + _HTML_TAG + r")[^<>]{0,300}?"
                         r"(?:display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?![.\d]*[1-9])|\shidden(?=[\s>=/])|"
                         r"(?<![-\w])color\s*[:=]\s*[\"']?\s*(?:white|#fff(?:fff)?|transparent|rgba\s*\([^()<>]{0,40},\s*0(?:\.0*)?\s*\))(?![\w-])|"
                         r"font-size\s*:\s*0(?![.\d]*[1-9])|" + _OFF_PAGE + r")[^<>]{0,300}>")
# a tag whose text colour is any colour, decided by _near_white (color:#fefefe, color="whitesmoke", rgb(250,250,250))
_COLOURED_TAG = re.compile(r"(?i)<(" + _HTML_TAG + r")[^<>]{0,300}?(?<![-\w])color\s*[:=]\s*[\"']?\s*"
                           r"(#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{3}|rgba?\s*\([^()<>]{0,40}\)|[A-Za-z]{3,20})(?![\w-])[^<>]{0,300}>")
# a background set on the tag, and what hides a tag whatever its colours
_BACKGROUND = re.compile(r"(?i)(?<![-\w])background(?:-color)?\s*[:=]\s*[\"']?\s*(#[0-9A-Fa-f]{3,6}|rgba?\s*\([^()<>]{0,40}\)|[A-Za-z]{3,20})")
_HIDDEN_STYLE = re.compile(r"(?i)display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?![.\d]*[1-9])|\shidden(?=[\s>=/])|"
                           r"font-size\s*:\s*0(?![.\d]*[1-9])|" + _OFF_PAGE)


def _on_dark(tag: str) -> bool:
    """Whether a tag sets a background a light text shows on (any readable colour but white: background:#000)."""
    found = _BACKGROUND.search(tag)
    colour = _colour(None, found.group(1)) if found else None
    return colour is not None and min(colour) < _NEAR_WHITE


_TAG_ATTRIBUTES = re.compile(r"(?i)<" + _HTML_TAG + r"\s[^<>=]{0,100}=\s*[\"'][^<>]{0,500}>")
_SCRIPT_NAME = re.compile(r"(?i)<su[pb]\s")
_TAG_NAME = re.compile(r"<[A-Za-z][A-Za-z0-9]*")
_MARKDOWN_COMMENT = re.compile(r"(?m)^[ \t]{0,3}\[[^\]\n]{0,40}\]:[ \t]*(?:#|<>)[ \t]*[(\"'].*$")
# a Markdown image, ![alt](url "title"): a reader sees the picture, never its alt text nor its address (as an HTML
# image's attributes above)
_MARKDOWN_IMAGE = re.compile(r"!\[[^\[\]\n]{0,500}\]\([^()\s]{0,500}(?:[ \t]+\"[^\"\n]{0,200}\")?\)")


def _markup_hidden(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """The ranges of text[lo:hi] that HTML or Markdown never shows (comments, hidden elements, attributes): blanked
    before anything is read, so that no rule reads an answer a reader never sees."""
    ranges = []
    at = text.find("<!--", lo, hi)
    while at >= 0:
        end = text.find("-->", at + 4, hi)
        ranges.append((at, end + 3 if end >= 0 else hi))
        at = text.find("<!--", end + 3, hi) if end >= 0 else -1
    for k, m in enumerate(_HIDDEN_TAG.finditer(text, lo, hi)):
        if k >= 64:
            break
        if m.group(2) and _on_dark(m.group()) and not _HIDDEN_STYLE.search(m.group()):
            continue  # (white text on a black background is seen)
        close = re.compile(rf"(?i)</\s*{m.group(1) or m.group(2)}\s*>").search(text, m.end(), hi)
        ranges.append((m.start(), close.end() if close else hi))  # (never closed: hidden to the end, as rendered)
    for k, m in enumerate(_COLOURED_TAG.finditer(text, lo, hi)):
        if k >= 64:
            break
        if _near_white(None, m.group(2)) and not _on_dark(m.group()):
            close = re.compile(rf"(?i)</\s*{m.group(1)}\s*>").search(text, m.end(), hi)
            ranges.append((m.start(), close.end() if close else hi))
    # (the tag of an element that shows its text keeps its name, blanked to <p      >: a block still breaks the line,
    # a superscript is still a power, when its markup is read later; any other tag is blanked whole)
    ranges += [(m.start() + len(_TAG_NAME.match(m.group()).group()), m.end() - 1)  # type: ignore[union-attr]
               if _SCRIPT_NAME.match(m.group()) or _SHOWN_TAG.fullmatch(m.group()) else m.span()
               for _, m in zip(range(256), _TAG_ATTRIBUTES.finditer(text, lo, hi))]  # fmt: skip
    ranges += [m.span() for _, m in zip(range(64), _MARKDOWN_COMMENT.finditer(text, lo, hi))]
    ranges += [m.span() for _, m in zip(range(64), _MARKDOWN_IMAGE.finditer(text, lo, hi))]
    return ranges


def _hidden(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """The ranges of text[lo:hi] hidden from a reader or struck out (comments, \\phantom, white text, ~~...~~)."""
    ranges = _markup_hidden(text, lo, hi)
    for opener, closer in _HIDDEN_PAIRS:
        at = text.find(opener, lo, hi)
        while at >= 0:
            end = text.find(closer, at + len(opener), hi)
            if end < 0:  # never closed: nothing is hidden (an unclosed <del> is a stray tag, not a strike-through)
                break
            end += len(closer)
            ranges.append((at, end))
            at = text.find(opener, end, hi)
    at = text.find("</s>", lo, hi)
    for _ in range(64):
        if at < 0:
            break
        struck = _struck(text, lo, at)
        if struck is not None:
            ranges.append((struck, at + 4))
        at = text.find("</s>", at + 4, hi)
    commands: list[tuple[int, int, bool]] = []  # (start, where the group it hides opens or goes on, \color)
    for k, m in enumerate(_HIDDEN_COMMAND.finditer(text, lo, hi)):
        if k >= 64:
            break
        if m.group() == "~~":  # Markdown strike-through, to the next ~~ on the same line
            end = text.find("~~", m.end(), min(hi, m.end() + 5000))
            if 0 <= end and "\n" not in text[m.end() : end]:
                ranges.append((m.start(), end + 2))
            continue
        commands.append((m.start(), m.end(), m.group().startswith("\\color")))
    known = {start for start, _, _ in commands}
    for k, m in enumerate(_COLOUR_COMMAND.finditer(text, lo, hi)):
        # a colour the pattern above does not name, light enough to be unseen (white!100!black, [gray]{1}, ghostwhite)
        if k >= 64:
            break
        if m.start() in known or not _near_white(m.group(1), m.group(2)):
            continue
        if m.group().startswith("\\color"):
            commands.append((m.start(), m.end(), True))
            continue
        content = re.compile(r"\s*\{").match(text, m.end(), hi)
        if content:
            commands.append((m.start(), content.end(), False))
    ranges += _commented_in_math(text, lo, hi)
    for start, at, colour_switch in commands:
        depth = 1
        stop = min(hi, at + 5000)
        while at < stop and depth:
            depth += {"{": 1, "}": -1}.get(text[at], 0) if text[at - 1] != "\\" else 0
            at += 1
        if not depth:  # (\color{white} hides the rest of its group: the scan ends at the group's closing brace)
            ranges.append((start, at))
        elif colour_switch:  # at the top level it hides the rest of its paragraph
            blank = text.find("\n\n", start, hi)
            ranges.append((start, blank if blank >= 0 else hi))
    return ranges


_BOXES_SEEN = re.compile(r"\\(?:boxed|fbox|framebox|colorbox|fcolorbox)(?![A-Za-z])|(?<![A-Za-z\\])boxed\s*\{")


def _commented_in_math(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """In math, what a TeX comment hides: from an unescaped % to the end of its line or of the math, when a box is
    there and another is shown before it ($\\boxed{6} % \\boxed{5}$: MathJax and KaTeX never show the 5). Only so: a
    percent sign a model writes in math ($50%$, \\boxed{50%}, $12% = \\boxed{12}$) hides nothing it means to show."""
    if "%" not in text[lo:hi] or not _BOXES_SEEN.search(text, lo, hi):
        return []
    ranges = []
    for span in _math_spans(text, lo, hi):
        for _, found in zip(range(64), re.finditer(r"(?<![\\\d])%", text[span.start : span.end])):
            at = span.start + found.start()
            line_end = text.find("\n", at, span.end)
            end = line_end if line_end >= 0 else span.end - _closer_length(text, span)
            # (a box shown before it, and one after it: never a percent sign, $12% = \boxed{12}$, 100% = \boxed{25})
            if _BOXES_SEEN.search(text, span.start, at) and _BOXES_SEEN.search(text, at, end):
                ranges.append((at, end))
                break
    return ranges


def _closer_length(text: str, span: _Span) -> int:
    """How many characters the math span's closing delimiter takes ($, $$, \\), \\])."""
    return 2 if text.startswith(("$$", "\\)", "\\]"), span.end - 2) else 1


def _unbox(content: str) -> str:
    """A box whose whole content is another box is that box (``\\boxed{\\boxed{5}}`` is 5). The braces are matched in
    one pass and the boxes peeled from both ends: linear however deep the nesting (a box per level, each found by
    :func:`_boxes` again, was quadratic: 1,000 nested boxes took seconds)."""
    closing: dict[int, int] = {}
    stack: list[int] = []
    for m in _BRACES.finditer(content):
        token = m.group()
        if token in ("\\{", "\\}"):
            continue
        if token != "}":
            stack.append(m.end() - 1)  # a box opener's brace, or a brace
        elif stack:
            closing[stack.pop()] = m.start()
    lo, hi = 0, len(content)
    while True:
        for delimiter in ("$$", "$"):  # \colorbox{yellow}{$\boxed{50}$}: math around the inner box, then the box
            if content.startswith(delimiter, lo) and content.endswith(delimiter, lo, hi) and \
                    hi - lo > 2 * len(delimiter) and content[lo + len(delimiter) : hi - len(delimiter)].strip().startswith(
                        ("\\boxed", "\\fbox")) and "$" not in content[lo + len(delimiter) : hi - len(delimiter)]:  # fmt: skip
                lo, hi = lo + len(delimiter), hi - len(delimiter)
                while lo < hi and content[lo].isspace():
                    lo += 1
                while hi > lo and content[hi - 1].isspace():
                    hi -= 1
                break
        opener = _BRACES.match(content, lo, hi)
        if opener is None or len(opener.group()) < 3 or closing.get(opener.end() - 1) != hi - 1:
            break
        lo, hi = opener.end(), hi - 1
        while lo < hi and content[lo].isspace():
            lo += 1
        while hi > lo and content[hi - 1].isspace():
            hi -= 1
    bare = _BARE_BOX.fullmatch(content, lo, hi)
    return bare.group(1) if bare else content[lo:hi]


def undouble(text: str) -> str:
    """Halve backslashes when every run of them is even and one precedes a letter (text escaped twice)."""
    runs = re.findall(r"\\+", text)
    if runs and all(len(r) % 2 == 0 for r in runs) and re.search(r"\\\\[A-Za-z]", text):
        return re.sub(r"\\\\", lambda m: "\\", text)
    return text


# a whole answer in Markdown bold (**4**, __x = 2__.): no asterisk or underscore pair inside
_BOLD_WHOLE = re.compile(r"(\*\*|__)(?P<v>(?:(?!\*\*|__)[^\n]){1,200})\1[.!]?")


def _strip_math(text: str) -> str:
    """Math delimiters removed (the content kept): ``$28$ %`` is ``28 %``. A unit written outside math is a word,
    never a variable: ``$108$ m`` is 108 in metres, kept as ``108 \\text{m}`` for the unit rules."""
    out, last, previous = [], 0, ""
    for m in _math_spans(text):
        between = text[last : m.start]
        inner = m.inner
        unit = symbols(inner).strip()
        if previous[-1:].isdigit() and not between.strip() and unit and outside_unit(unit):
            inner = f"\\text{{{unit}}}"  # $1000$ $\Omega$, $0.32$ $\mu C$, $55.3$ $m$: a unit set apart in its own math
        elif previous and not between.strip() and re.match(r"\s*[-−+]\d", inner):
            between += " \\quad "  # $3$ $-4$: two values set apart, never the difference 3 - 4 (see the answer rules)
        out += [_outside(between), " ", inner, " "]
        last, previous = m.end, m.inner.strip()
    out.append(_outside(text[last:]) if last else text[last:])
    return "".join(out).strip(" ")


def _outside(words: str) -> str:
    """Text between math spans; a unit phrase there (``m``, ``nm``, ``km/h``) wrapped in ``\\text{}``."""
    unit = words.strip(" .,;")
    return f" \\text{{{unit}}} " if unit and outside_unit(unit) else words


def _shaping(low: str, words: list[str], k: int) -> bool:
    """square or cubic right before a unit word, squared or cubed right after one (12.25 square inches); a, an, each
    or every between two (5 dollars an hour: a rate, as per joins one)."""
    if low in ("square", "cubic", "sq", "cu"):
        return k + 1 < len(words) and is_unit_word(words[k + 1])
    if low in ("a", "an", "each", "every"):
        return k < len(words) - 1 and (k == 0 or is_unit_word(words[k - 1])) and is_unit_word(words[k + 1])
    return low in ("squared", "cubed") and k > 0 and is_unit_word(words[k - 1])


def _prose(text: str) -> bool:
    """Words outside math, ``\\text{}`` and the allowed unit and connector words."""
    outside = _masked(text, 0, len(text))
    outside = re.sub(r"\\[A-Za-z]+\s*\{[^{}]*\}", " ", outside)
    words = _WORD.findall(outside) + [run for run in _LETTER_RUN.findall(outside) if _foreign(run)]
    if short_word_pair(outside) is not None:
        return True  # Sam ate 175: two short runs side by side are words, never a product of variables
    for k, word in enumerate(words):
        low = word.lower()
        if low in _ALLOWED or is_unit_word(low) or _shaping(low, words, k):
            continue
        if len(word) < 4 and word.isascii() and not (word in SHOUTED_WORDS if word.isupper() else low in SHORT_WORDS):
            continue  # dM, dt, xy: the reading rules make a product of such a run, never a word (READING_RULES)
        return True
    return False


# (written by hand: no sentence splitter is installed, and the extraction cuts sentences around math spans of its own)
# (U.S., U.K., Inc., Corp., Ltd.: a name's full stop, as finance answers write them, For U.S. equities, the beta is
# ...: inside the sentence only before a small letter)
_ABBREVIATION = re.compile(r"(?i)(?<![A-Za-z.])(?:(i\.e|e\.g|cf|vs|viz|approx|resp|a\.m|p\.m|rs)|(u\.s|u\.k|u\.s\.a|inc|"
                           r"corp|ltd|co)|fig|eq|dr|mr|mrs|ms|prof)$")
# a unit's abbreviation after a number, and the second part of a quantity after its full stop (5 ft. 3 in.)
_UNIT_STOP = re.compile(r"\d[ \t]?(?:ft|in|yds?|mi|lbs?|oz|hrs?|mins?|secs?|wks?|mos?|yrs?|km|cm|mm|kg)$")
_SECOND_UNIT_PART = re.compile(r"[ \t](?:and[ \t])?\d+(?:\.\d+)?[ \t]?(?:ft|in|yds?|lbs?|oz|hrs?|mins?|secs?|days?|wks?|mos?|"
                               r"m|cm|mm|g)(?![A-Za-z])")


def _sentence_end(text: str, start: int, spans: list[_Span] | None = None,
                  inside: dict[int, int] | None = None) -> int:  # fmt: skip
    """The end of the sentence starting at ``start``: a full stop, ! or ? outside math followed by white space
    and not a decimal point, or a blank line, or the end. ``inside``: the spans as {start: end}, made once by a
    caller that walks many sentences (made per call, walking them was quadratic)."""
    if inside is None:
        inside = {m.start: m.end for m in (_math_spans(text, start) if spans is None else spans)}
    i, n = start, len(text)
    while i < n:
        if i in inside:
            i = inside[i]
            continue
        ch = text[i]
        short = _ABBREVIATION.search(text, max(start, i - 7), i) if ch == "." and text[i + 1 : i + 2] in (" ", "\t") else None
        if short and not (short.group(1) and text[i + 2 : i + 3].isupper()) and \
                not (short.group(2) and not text[i + 2 : i + 3].islower()):  # fmt: skip
            # i.e. $2^3$, approx. 5, Fig. 2, Dr. Smith: an abbreviation's full stop, inside the sentence (a capital
            # after one that is no title or label opens the next: It weighs 5 kg approx. Therefore ...)
            i += 1
            continue
        if ch == "." and _UNIT_STOP.search(text, max(start, i - 6), i) and _SECOND_UNIT_PART.match(text, i + 1):
            i += 1  # 5 ft. 3 in.: the full stop of a unit's abbreviation before the second part of the quantity
            continue
        if ch in ".!?" and (i + 1 == n or text[i + 1].isspace()) or ch in "。！？।":
            return i
        if ch == "．" and not (text[i - 1 : i].isdigit() and text[i + 1 : i + 2].isdigit()):
            return i  # (the full-width full stop of East Asian input methods, never a decimal point: 3．5)
        if ch == "\n" and text[i + 1 : i + 2] == "\n":
            return i
        i += 1
    return n


# the end of a line that ends a computation (= 610, = 142 fruits, = $64.), read on the line's last characters with
# its runs of spaces and asterisks made one space (a pattern with a run of optional spaces on each side of every part
# backtracked exponentially on long runs: 14 s for 200 spaces and tabs)
_COMPUTED_TAIL = re.compile(r"= ?[$€£]? ?-?\d[\d,.]* ?(?:%|[A-Za-z]+(?: [A-Za-z]+){0,2})? ?\.?\Z")
_CAPITAL_OPENS = re.compile(r"[ \t*]*[A-Z]")


def _computed_line_break(text: str, start: int, end: int) -> int | None:
    """Where the last line in text[start:end] that follows a line ending a computation and opens with a capital
    starts (None when there is none)."""
    found = None
    at = text.find("\n", start, end)
    while at >= 0:
        line = text[max(text.rfind("\n", start, at) + 1, at - 120) : at]
        if _CAPITAL_OPENS.match(text, at + 1, min(end, at + 200)) and \
                _COMPUTED_TAIL.search(re.sub(r"[ \t*]+", " ", line).rstrip(" ")):  # fmt: skip
            found = at + 1
        at = text.find("\n", at + 1, end)
    return found


# the rest of a line that a code fence closes (``` alone)
_FENCE_ENDS_LINE = re.compile(r"[ \t]*\n")


_EMPHASIS_AFTER_STOP = re.compile(r"[.!](?:\*\*|__)\s*\Z")


def _last_sentence(text: str, lo: int, hi: int, announced: bool = True) -> tuple[int, int]:
    """(start, end) of the last sentence in text[lo:hi] (its final full stop excluded). ``announced``: a value alone
    on the last line after a sentence ending in a copula and a colon belongs to that sentence (once)."""
    body = text[lo:hi].rstrip()
    end = lo + len(body)
    while end > lo and text[end - 1] in ".!?。．！？।":
        end -= 1
    if text.startswith("!.", end) and end > lo and (text[end - 1].isdigit() or text[end - 1] == ")"):
        end += 1  # "the total is 5!.": a factorial, then the full stop (as the answer phrase reads it)
    inside = {m.start: m.end for m in _math_spans(text, lo, end)}
    start, i = lo, lo
    while i < end:
        stop = _sentence_end(text, i, inside=inside)
        if stop >= end:
            break
        start = i = stop + 1
    broken = _computed_line_break(text, start, end)
    if broken is not None:  # 122 × 5 = 610\nSo they make $610.: a line that ends a computation, then a line that opens a
        start = broken  # sentence
    fence = text.rfind("```", start, end)
    if fence >= 0 and _FENCE_ENDS_LINE.match(text, fence + 3, end):
        start = text.index("\n", fence + 3) + 1  # ```output\n16.0\n```\n16 people think ...: a code block ends a sentence
    while start < end and text[start].isspace():
        start += 1
    found = _ANNOUNCED.search(text, max(lo, start - 200), start) if announced else None
    if found and end - start <= 40 and _ANNOUNCED_VALUE.fullmatch(text, start, end):
        # The total amount Ruth needs is:\n\n$13: a value alone on the last line, announced by a copula and a colon
        # (or by a concluding sentence's colon: Therefore, the blank should be filled with:\n\n2)
        before = _last_sentence(text, lo, found.end(), announced=False)[0]
        if (found.group(1) or _CONCLUSION.match(text, before, found.start())) and \
                not _NOT_ANNOUNCING.search(text, before, found.start()):  # fmt: skip
            start = before
    return start, end


# before a quoted value: whose it is or what it names (My friend's answer is '30'. The word 'thirty' is '30'.)
_SOMEONE_ELSES = re.compile(r"(?i)['’]s(?![A-Za-z])|(?<![A-Za-z])(?:wrong|incorrect|word|friend|teacher|someone|they|"
                            r"their|his|her|others?)(?![A-Za-z])")
# what a sentence ending in a colon announces: a value alone (a number with its unit or percent, a list or tuple of
# numbers), never an expression still to compute (14 + 3), a name or a formula; and never a step or a given
_ANNOUNCED_VALUE = re.compile(r"[*_]*(?:\\?\$|[€£¥])?[ \t]*-?\d[\d,]*(?:\.\d+)?[ \t]*(?:%|[A-Za-z]+(?:[ \t]+[A-Za-z]+)?)?[*_]*"
                             r"|[\[(][ \t]*-?\d[\d.]*(?:[ \t]*,[ \t]*-?\d[\d.]*)+[ \t]*[\])]")
_NOT_ANNOUNCING = re.compile(r"(?i)(?<![A-Za-z])(?:steps?|next|formula|told|given|first|second|then|roots|know|"
                             r"calculate|compute|find|solve|evaluate|expression|if|original(?:ly)?|initial(?:ly)?)"
                             r"(?![A-Za-z])")
# the end of a sentence that announces its value on the next lines (is:, are:, equals:; a colon alone after a
# concluding sentence)
_ANNOUNCED = re.compile(r"(?i)((?<![A-Za-z])(?:is|are|was|were|equals|be)\**[ \t]*)?:\**[ \t]*\r?\n\s*\Z")


def _masked(text: str, lo: int, hi: int) -> str:
    """text[:hi] with the math spans in [lo, hi) blanked (copulas inside math do not count)."""
    out = list(text[:hi])
    for m in _math_spans(text, lo, hi):
        out[m.start : m.end] = " " * (m.end - m.start)
    return "".join(out)


# a statement that denies or doubts (the answer is not 5; 5 or maybe 6) states no answer
_DENIAL = re.compile(r"(?i)(?<![A-Za-z])(?:not|never|isn't|aren't|cannot|can't|unsure|maybe|perhaps|might|possibly|"
                     r"probably|unlikely|doesn't|don't|didn't|won't|wouldn't|shouldn't|mustn't|needn't|rejected|discarded)"
                     r"(?![A-Za-z])"
                     # in Chinese: is not, cannot, impossible, there is no, maybe, perhaps, about, approximately
                     r"|不是|不为|不為|不等于|不等於|不能|不可能|不会|不會|无法|無法|没有|沒有|并非|並非|未必|可能|也许|也許"
                     r"|或许|或許|大概|大约|大約|约为|約為|约等于|約等於|近似|左右"
                     # discarded, does not fit the question, contradiction
                     r"|舍去|舍掉|不合题意|不合題意|不符合|矛盾|绝非|絕非"
                     # German, Spanish, French, Russian, Japanese, Korean, Hindi, Arabic: not, perhaps
                     r"|(?i:(?<![^\W\d_])(?:nicht|kein|keine|keineswegs|vielleicht|no\s+es|quizás?|tal\s+vez|n'est|"
                     r"pas|peut-être|не|нет|возможно|nem|não|non\s+è|forse|talvez"
                     # Vietnamese, Indonesian, Malay, Turkish, Ukrainian, Polish, Dutch, Swedish: not, perhaps
                     r"|không|có\s+lẽ|tidak|bukan|mungkin|değil\w*|belki|olabilir\w*|можливо|nie|może|niet|misschien|inte|kanske|nu)(?![^\W\d_]))"
                     r"|ではない|ではありません|じゃない|たぶん|多分|かもしれ|아닙니다|아님|아니|아마|नहीं|शायद|ليست|ليس"
                     r"|نیست|شاید|לא|אולי|않|수도\s*있|でない|でなく|ではな")  # fmt: skip


def _denied(text: str, lo: int, hi: int) -> bool:
    """Whether text[lo:hi] denies or doubts (_DENIAL), a 'not' that names a set aside (the number of girls not in the
    Girl Scout is 40, money lost from not working: no denial of the value stated)."""
    named = {m.start(2) for m in _NOT_OF_A_NOUN.finditer(text, max(0, lo - 40), hi)}
    return any(m.start() not in named for m in _DENIAL.finditer(text, lo, hi))


# words before a value that change or bound it (at least 5, twice 5, anything but 5, about 5, 至少 5): never the value
_QUALIFIER = re.compile(r"(?i)(?<![A-Za-z])(?:at\s+(?:least|most)|(?:less|more|greater|fewer|larger|smaller|bigger)"
                        r"\s+than|twice|thrice|half|multiple|divisor|different|other\s+than|anything|except|excluding|"
                        r"without|hardly|longer|means|approximately|about|around|roughly|nearly|almost|close|reject|"
                        r"rejects|discard|discards|exclude|excludes|mindestens|höchstens|ungefähr|etwa|menos|"
                        r"aproximadamente|moins|environ|менее|более|примерно|около)(?![A-Za-z])"
                        r"|≈|~|至少|至多|不少于|不超过|不小于|不大于|约|約|大约|大約|以上|以下|未満|정도|이상|이하"
                        # comparisons, bounds and approximations in the languages of the answer phrases (x es menor que
                        # $5$, x 小于 $5$, x меньше $5$, x nhỏ hơn $5$: a bound, never the value); not the words that
                        # also name a maximum or a minimum (tối đa, 최대, अधिकतम)
                        r"|小于|大于|少于|多于|低于|高于|超过|小於|大於|少於|多於|低於|高於|超過|接近|将近|將近|差不多|およそ|ほぼ|少なくとも"
                        r"|(?<![^\W\d_])(?:men(?:or|os)\s+(?:d[eo]\s+)?(?:que|de)|ma(?:yor|ior)\s+(?:do\s+)?que|más\s+de|mais\s+de|"
                        r"al\s+menos|como\s+(?:mínimo|máximo)|pelo\s+menos|no\s+(?:mínimo|máximo)|cerca\s+de|alrededor\s+de|casi|quase|"
                        r"inférieure?s?|supérieure?s?|plus\s+de|au\s+(?:moins|plus)|à\s+peu\s+près|près\s+de|presque|minore|maggiore|"
                        r"meno\s+di|più\s+di|almeno|al\s+massimo|circa|quasi|kleiner|größer|weniger\s+als|mehr\s+als|rund|beinahe|knapp|"
                        r"меньше|больше|не\s+(?:меньше|больше|менее|более)|по\s+крайней\s+мере|как\s+(?:минимум|максимум)|"
                        r"приблизительно|почти|порядка|менше|більше|щонайменше|щонайбільше|приблизно|близько|майже|mniejsz\w*|"
                        r"większ\w*|mniej\s+niż|więcej\s+niż|co\s+najmniej|co\s+najwyżej|około|prawie|kleiner\s+dan|groter\s+dan|"
                        r"minder\s+dan|meer\s+dan|minstens|hoogstens|ongeveer|bijna|mindre\s+än|större\s+än|minst|högst|ungefär|"
                        r"nästan|(?:nhỏ|lớn|bé|ít|nhiều)\s+hơn|ít\s+nhất|nhiều\s+nhất|khoảng(?!\s+cách)|xấp\s+xỉ|gần\s+như|"
                        r"kurang\s+dari|lebih\s+(?:dari|kecil|besar)|paling\s+(?:sedikit|banyak)|setidaknya|sekurang-kurangnya|sekitar|"
                        r"kira-kira|hampir|en\s+(?:az|fazla)|yaklaşık|aşağı\s+yukarı|neredeyse|chini\s+ya|zaidi\s+ya|angalau|takriban|"
                        r"약|대략|적어도|거의|लगभग|करीब|कम\s+से\s+कम|أقل\s+من|أكثر\s+من|أكبر\s+من|أصغر\s+من|على\s+الأقل|على\s+الأكثر|"
                        r"حوالي|تقريب[اًا]+|کمتر\s+از|بیشتر\s+از|حدود|تقریباً?|לפחות|לכל\s+היותר|בערך|כמעט|น้อยกว่า|มากกว่า|อย่างน้อย|"
                        r"ไม่เกิน|ประมาณ|เกือบ|অন্তত|প্রায়|কমপক্ষে|కనీసం|సుమారు|దాదాపు)(?![^\W\d_])")
# words right after a value that bound or approximate it: $5$ or more, $5$ より小さい, $5$보다 작다, $5$'ten küçük,
# $5$ से कम, $5$ 以上, $5$ 左右 (the value alone is not what the sentence states)
_BOUND_AFTER = re.compile(r"(?i)[\s,]{0,3}(?:or\s+(?:more|less|fewer|greater|larger|higher|lower|above|below|so|thereabouts)|"
                          r"(?:más|menos)\s+(?:que|de)|(?:mehr|weniger)\s+als|(?:plus|moins)\s+(?:que|de)|(?:più|meno)\s+(?:di|che)|"
                          r"(?:mais|menos)\s+(?:que|do\s+que)|"
                          r"and\s+(?:above|up|over|more|higher|beyond|below|under|less|lower)(?=\s*[.!;]?\s*$)|"
                          r"o\s+(?:más|menos|mais)|ou\s+(?:plus|moins|mais|menos)|oder\s+(?:mehr|weniger)|und\s+mehr|"
                          r"или\s+(?:больше|меньше|более|менее)|або\s+(?:більше|менше)|より|보다|미만|초과|이상|이하|정도|쯤|가량|"
                          r"以上|以下|以内|之内|左右|上下|未満|未滿|程度|前後|くらい|ぐらい|"
                          r"['’]?[dt][ae]n\s+(?:daha\s+)?(?:küçük|büyük|az|fazla)|से\s+(?:कम|अधिक|ज़्यादा|ज्यादा|बड़ा|बड़ी|छोटा|छोटी)|"
                          r"के\s+(?:आसपास|करीब|लगभग))")
# a word between two math spans that makes them alternatives, in the languages of the answer phrases
_OR_BETWEEN = re.compile(r"(?i)(?<![^\W\d_])(?:or|oder|ou|o|или|либо|oppure|または|か|또는|혹은|या|أو|hoặc|hay|atau|veya|ya\s+da|"
                         r"lub|albo|bądź|nebo|eller|tai|vagy|sau|або|หรือ|یا|או)(?![^\W\d_])|或|要么|要麼")
# after a final answer: a retraction or a verdict on it (Wait, actually 6; \boxed{5} is wrong; 不对，应该是6). At most
# 40 spaces between the sentence's end and the word (a line break starts afresh): an unbounded \s* is tried from
# every line break of a long run of them, which takes time quadratic in the run (20,000 line breaks: 40 s)
_RETRACTING = (r"(?:[*_`>#(\-][^\S\n]{0,2}){0,4}(?:wait|actually|hmm+|oops|correction|scratch\s+that|no,|no\s+wait|"
               r"well,?\s+no(?![A-Za-z])|or\s+rather|i\s+mean(?=\s*(?:,\s*)?[-$\d(\\])|"
               r"on\s+second\s+thought|hold\s+on|but\s+wait|oh\s+wait|but\s+actually|sorry|let\s+me\s+reconsider|"
               r"on\s+reflection|err|erm|edit\s*:|update\s*:|erratum|oh\s+no|nope|i\s+made\s+an?\s+(?:error|mistake)|"
               r"(?:however|in\s+fact|instead),?\s+(?:it'?s|it\s+is|the\s+(?:answer|result)\s+is)\s{0,3}(?=[-$\d]|\\\()|"
               r"wacht|chờ\s+đã|bekle|tunggu|espera\s*[,!]|attends\s*[,!]|moment\s*(?:mal)?\s*[,!]|стоп|погоди|"
               r"잠깐|ちょっと待って|待って|等一下|错了|錯了|更正|"
               r"not\s+sure|i'm\s+not\s+sure|(?:i\s+am|i'm)\s+not\s+(?:100\s*%\s+)?(?:sure|confident|certain)|"
               r"this\s+is\s+(?:just\s+)?(?:a|my\s+best)\s+guess|i\s+could\s+be\s+wrong|"
               r"nein|non,|нет|不对|不對|等等|其实|其實|"
               # MGSM's Swahili, Thai, Bengali and Telugu: no, wait, I made a mistake, (but this is) wrong, not correct
               r"hapana|subiri|nimekosea|lakini\s+(?:hii|hilo)\s+ni\s+(?:makosa|kosa)|ไม่ถูกต้อง|ไม่ใช่|เดี๋ยว|ผิด|"
               r"(?:কিন্তু\s+)?(?:এটি|এটা)\s+ভুল|ভুল|కాదు|తప్పు|"
               # and not sure: Sina uhakika, ไม่แน่ใจ, আমি নিশ্চিত নই, నాకు ఖచ్చితంగా తెలియదు
               r"sina\s+uhakika|ไม่แน่ใจ|(?:আমি\s+)?নিশ্চিত\s+নই|(?:నాకు\s+)?ఖచ్చితంగా\s+తెలియదు|"
               # PolyMath's and MMATH's other languages: wait, no, (that is) wrong, I made a mistake, not sure
               r"khoan\s+đã|sai\s+rồi|không\s+đúng|tôi\s+(?:đã\s+)?(?:nhầm|sai)|(?:tôi\s+)?không\s+chắc|hoặc\s+có\s+thể|"
               r"(?:itu|ini)\s+salah|saya\s+(?:salah|keliru)|(?:saya\s+)?tidak\s+(?:benar|yakin)|tidak,|bukan,|atau\s+mungkin|"
               r"počkat|ne,|nejsem\s+si\s+jist\w*|eller\s+(?:kanske|möjligen)|veya\s+belki|(?:ben\s+)?emin\s+değilim|"
               r"hayır,|yanlış|hata\s+yaptım|emin\s+değilim|틀렸|확실하지\s+않|"
               r"रुको|गलत|नहीं,|(?:मुझे\s+)?(?:पक्का|निश्चित)\s+नहीं|"
               r"صبر\s+کن|اشتباه|مطمئن\s+نیستم|зачекай|ні,|не\s+впевнен\w*|"
               r"czekaj|nie,|nie\s+jestem\s+pew\w+|nee,|niet\s+zeker|vänta|nej,|inte\s+säker|רגע|טעות|לא\s+בטוח)(?![A-Za-z])")
_RETRACTION = re.compile(r"(?i)(?:^|[.!?。．！？।\n][^\S\n]{0,40})" + _RETRACTING)
# right after the answer (no sentence between, or the next sentence): the same words, and whole sentences that take it
# back (\boxed{5} Wait, it is 6; \boxed{3} -- actually 4; \boxed{3}. Never mind, it is 4.; \boxed{3}. That is wrong.)
# — searched over the whole rest of a response, these would catch explanations (Never mind the extra condition ...)
_RETRACTION_NEXT = re.compile(
    r"(?i)[^\S\n]{0,3}[,;:(\[\-—–.!?。．！？]{0,3}\s{0,40}(?:" + _RETRACTING + r"|\*{0,2}(?:no\.(?!\s*(?:of(?![A-Za-z])|\d))|"
    r"never\s*mind\s*[,.!]|just\s+kidding|(?-i:NOT\s*!)|i\s+take\s+(?:that|it)\s+back|i\s+don'?t\s+know\s*[.!]|"
    r"(?:that|this|it)\s+is\s+(?:wrong|incorrect|false)\s*[.!]|that'?s\s+(?:wrong|incorrect|not\s+right)\s*[.!]|"
    # (with a word that turns against it, or naming the answer: "But this is wrong.", "This answer is not correct.";
    # a bare "It is not correct." may agree with a No)
    r"(?:(?:but|however|yet|hmm+|oh)[,\s]+(?:that|this|it)|(?:(?:but|however|yet|hmm+|oh)[,\s]+)?(?:that|this)\s+"
    r"(?:answer|result|value|number))\s+(?:is|was|seems|looks|must\s+be)\s+(?:to\s+be\s+)?(?:(?:clearly|obviously|"
    r"definitely|certainly|actually|probably)\s+)?(?:wrong|incorrect|false|not\s+(?:right|correct))\s*[.!,:;?]|"
    r"(?:but|however|yet|hmm+|oh)[,\s]+that'?s\s+(?:wrong|incorrect|not\s+right)\s*[.!,:;?]|"
    r"das\s+ist\s+falsch|c'est\s+faux|это\s+неверно|这是错的|這是錯的))")
# a verdict on the answer in its own sentence: \boxed{5} is wrong, \boxed{5} (not the final answer), \boxed{5} ❌
_VERDICT_AFTER = re.compile(r"(?i)[^.!?。．\n]{0,40}?(?:(?<![A-Za-z])(?:(?:is|was)\s+(?:wrong|incorrect|not\s+(?:right|"
                            r"correct|the))|isn'?t\s+(?:right|correct)|falsch|faux|неверно|неправильно|incorrecto|"
                            r"errado|sbagliato)(?![A-Za-z])|[(\[]\s*(?:\\text\s*\{\s*)?(?:wrong|incorrect|jk|not)\s*\}?\s*[)\]]|not\s+the\s+final|❌|✗|"
                            r"✘|🚫|🤔|🤷|❓|‽|⁇|;\)|¯\\?_|(?<![A-Za-z])(?:lol|(?-i:NOT))(?![A-Za-z])|(?<![\w}\\<])/s(?![A-Za-z])|×(?!\s*\d)|"
                            # a doubt of its own (but I'm not confident, (confidence: 20%), (placeholder))
                            r"(?<![A-Za-z])(?:(?:i'?m|i\s+am|we'?re|we\s+are)\s+not\s+(?:confident|certain)|low\s+confidence|"
                            r"placeholder)(?![A-Za-z])|"
                            r"confidence\s*[:=]\s*\d{1,2}(?:\.\d+)?\s*%|"
                            r"是错的|是錯的|不正确|不正確)")
# right after the answer (its math closed), words that reject it: \boxed{5} is extraneous, $x = \boxed{5}$ must be
# rejected, \boxed{5} (rejected), \boxed{5}, which is impossible, \boxed{5} doesn't work, \boxed{5} is an upper bound
# (only there: since 4 is not possible, \boxed{5} ... judges another value)
_REJECTED_AFTER = re.compile(
    r"(?i)[^\S\n]{0,3}(?:(?:is|was|are)[^\S\n]+(?:(?:clearly|therefore|thus|also|then|hence)[^\S\n]+)?(?:rejected|extraneous|"
    r"invalid|impossible|discarded|excluded|ruled[^\S\n]+out|absurd|not[^\S\n]+(?:a[^\S\n]+)?(?:valid|possible|allowed|acceptable|"
    r"admissible|feasible|a[^\S\n]+(?:valid[^\S\n]+)?solution|the[^\S\n]+answer)|"
    r"an?[^\S\n]+(?:over|under)estimate|a[^\S\n]+(?:trap|distractor|contradiction))(?![^\S\n]+(?:to|for|if|when|unless)(?![A-Za-z]))|(?:must|should|has[^\S\n]+to|will)[^\S\n]+be[^\S\n]+"
    r"(?:rejected|discarded|excluded|ruled[^\S\n]+out|ignored)|(?:can['’]?t|cannot|could[^\S\n]*n['’]?t)[^\S\n]+be[^\S\n]+(?:right|"
    r"correct|the[^\S\n]+answer|a[^\S\n]+solution)|would[^\S\n]+be[^\S\n]+(?:wrong|incorrect)|(?:does[^\S\n]*n['’]?t|does[^\S\n]+not|"
    r"did[^\S\n]*n['’]?t|did[^\S\n]+not)[^\S\n]+(?:work|satisfy|hold|check[^\S\n]+out)|fails?[^\S\n]+(?:the[^\S\n]+check|to[^\S\n]+"
    r"satisfy|to[^\S\n]+work)|,?[^\S\n]*which[^\S\n]+is[^\S\n]+(?:impossible|absurd|a[^\S\n]+contradiction|not[^\S\n]+(?:valid|"
    r"possible|allowed))(?![^\S\n]+(?:to|for|if|when|unless)(?![A-Za-z]))|[(\[][^\S\n]*(?:\\text[^\S\n]*\{[^\S\n]*)?(?:rejected|extraneous|invalid|discarded|not[^\S\n]+valid|"
    r"typo|draft|placeholder|ignore[^\S\n]+(?:this|it)|crossed[^\S\n]+out|old(?:[^\S\n]+answer)?|guess)[^\S\n]*\}?[^\S\n]*[)\]])"
    r"(?![A-Za-z])")
# what the predicate may say of a subject that judges it rather than states it (5 is wrong, 5 is ruled out)
_JUDGED = re.compile(r"(?i)(?<![A-Za-z])(?:wrong|incorrect|false|impossible|invalid|unlikely|excluded|eliminated|ruled|"
                     r"rejected|discarded|nonsense|guess|absurd|mistaken?|error|erroneous|implausible|unreasonable|"
                     r"extraneous|spurious)(?![A-Za-z])|错|錯|不对|不對|舍去|不成立"
                     # wrong, false, impossible in the languages of the answer phrases
                     r"|(?<![^\W\d_])(?:falsch|unmöglich|faux|fausse|impossible|incorrect[oa]?|err[óo]ne[oa]|errad[oa]|"
                     r"imposible|impossível|sbagliat[oa]|неверн\w*|неправильн\w*|ошибочн\w*|невозможн\w*|sai(?!\s+số)|"
                     r"salah|keliru|yanlış|błędn\w*|fout|fel|غلط|خطأ|गलत|틀린|틀렸|間違い|誤り|ผิด)(?![^\W\d_])")
# between two copulas of the final sentence, a word that makes their values alternatives (or, 或, 要么, 还是, 也, 又, 就)
_ALTERNATIVE = re.compile(r"(?i)(?<![A-Za-z])(?:or|either|otherwise|alternatively|unless)(?![A-Za-z])|或|要么|要麼|还是|還是|也"
                          r"|(?<![^\W\d_])(?:oder|ou|или|либо|або|oppure|hoặc|atau|veya|lub|albo|eller|หรือ|या|또는|혹은|または|أو)"
                          r"(?![^\W\d_])"
                          r"|又|同时|同時|就|否则|否則")
# a denial or a doubt governing the copula (x cannot be 5, the value might be 5; 不是 5, 可能是 5, 约为 5): a modal or
# not among the last four words before "be", or the characters right before a Chinese copula (see _doubted)
_DOUBT_BEFORE = re.compile(r"(?i)(?<![A-Za-z])(?:not|never|cannot|can't|couldn't|won't|wouldn't|shouldn't|mustn't|"
                           r"needn't|might|may|could|maybe|perhaps|possibly|probably|unsure)(?![A-Za-z])")
_DOUBT_BEFORE_ZH = re.compile(r"(?:不|非|绝非|絕非|决不|決不|未必|可能|也许|也許|或许|或許|大概|大约|大約|约|約|无法|無法)"
                              r"(?:会|會|能|应该|應該|应|應|再|一定|可|要)?(?:是|为|為|等于|等於)?\s*$")


# an adverb right before a copula that denies or loosens it
_ADVERB_DOUBTS = re.compile(r"(?i)(?<![A-Za-z])(?:no\s+longer|hardly|barely|scarcely|almost|roughly|nearly|approximately|"
                            r"not|never|kinda|kind\s+of|sort\s+of|essentially|basically|more\s+or\s+less|arguably|"
                            r"practically|virtually|effectively|usually|seldom|rarely|sometimes|often|generally|"
                            r"typically|normally|mostly)\s*\Z")
# right after a copula, an adverb that loosens what it states (is kind of 5, is, basically, 5, is arguably 5)
_LOOSENED_AFTER = re.compile(r"(?i)[ \t]*(?:,[ \t]*)?(?:kind\s+of|sort\s+of|kinda|sorta|arguably|basically|essentially|"
                             r"practically|virtually|effectively|loosely|more\s+or\s+less|usually|generally|typically|"
                             r"often|sometimes|mostly)(?![A-Za-z])")


def _doubted(masked: str, lo: int, copula: re.Match[str]) -> bool:
    """Whether a denial or a doubt governs the copula itself (see _DOUBT_BEFORE): a modal or not before ``be``
    (cannot be, might very well be; never 'the value that f may take is 5', where the modal has its own verb),
    or a Chinese denial or doubt right before 为 / 是 / 等于 (不是, 不会是, 可能是, 约为)."""
    before = masked[max(lo, copula.start() - 60) : copula.start()]
    if _ADVERB_DOUBTS.search(before):  # Thus $A$ no longer equals $B$. / $\pi$ roughly equals $3.14$.
        return True
    if _LOOSENED_AFTER.match(masked, copula.end()):  # So x is kind of 5. / So the total is, basically, 5.
        return True
    if copula.group().lower() == "be":
        clause = re.split(r"[;:；：。．.!?]", before)[-1]
        words = re.findall(r"[A-Za-z0-9']+", clause)[-4:]  # could, in principle, be; might very well be
        return bool(_DOUBT_BEFORE.search(" ".join(words)))
    return bool(_DOUBT_BEFORE_ZH.search(before))


# between the two last copulas of a final sentence: a reason clause (x = 60 because the sum is 180)
# (after a value: x = 60 because ...; never 'can be rewritten as:', where no value stands before the word)
_REASON_WORDS = (r"(?<![A-Za-z])(?:because|since|given\s+that|seeing\s+(?:as|that)|considering(?:\s+that)?)(?![A-Za-z])|"
                 r",[ \t]*(?:as|for)(?=[ \t]+(?:the|there|it|he|she|they|we|his|her|their|its|this|that|each|every|"
                 r"all)[ \t])|,[ \t]*as(?=[ \t]+(?:\$|\\\(|-?\d)|[ \t]{4})")  # (or before math, or math blanked (_masked): The
# answer is 3, as 3^2 = 9.)
_REASON_WORD = re.compile(r"(?i)" + _REASON_WORDS)
_REASON_BETWEEN = re.compile(r"(?i)" + _REASON_WORDS +
                             r"|(?<![^\W\d_])(?:porque|puisque|car|weil|потому|поскольку|так\s+как|vì|karena|çünkü|perché|"
                             r"poiché|pois|ponieważ|eftersom)(?![^\W\d_])|因为|因為|なぜなら")
# a condition after a value a final sentence states (the area is 225 when the side is 15; x = 2k\pi, where k is an
# integer). Which value answers depends on the question (the area is 225 when the side is 15 answers "the area?", the
# velocity is 0 when t = 4 answers "when?"): with values on both sides the sentence states none; a definition after
# where (no value in it) leaves the value before it. Only one such word in the sentence: 3 when n is even and 5 when
# n is odd is a case split, read by _cases. An example is such a condition (12, e.g. for n = 3)
_CONDITION_BETWEEN = re.compile(r"(?i)(?<![A-Za-z])(?:when|whenever|where|whereas|while|whilst|once|provided(?:\s+that)?|"
                                r"as\s+long\s+as|by\s+the\s+time|at\s+the\s+moment|"
                                r"(?:e\.g\.|for\s+(?:example|instance)),?(?:\s+(?:when(?:ever)?|where|while|once))?)(?![A-Za-z])")


def _condition(masked: str, lo: int, hi: int, since: int, until: int, joined: bool = False) -> re.Match[str] | None:
    """The one condition word of the sentence masked[lo:hi], when it stands in masked[since:until]; else None.
    ``joined``: also when more follows it after and, or, but (a sentence read as none whatever follows)."""
    found = list(_CONDITION_BETWEEN.finditer(masked, lo, hi))
    if len(found) != 1 or not since <= found[0].start() < until:
        return None
    return found[0] if joined or not re.search(r"(?i)(?<![A-Za-z])(?:and|or|but|otherwise|else)(?![A-Za-z])",
                                               masked[found[0].end() : hi]) else None  # fmt: skip


# right after a copula, a number and at most three words of its unit, before a condition: is 225 when, = 12 when,
# is 29.4 m/s, where, is 20 meters per second when (never at 5 pm, when ...: no copula states the 5)
_UNIT_WORDS = r"(?:[^\S\n]{1,3}[A-Za-z][A-Za-z/^\d.\-]{0,19}){0,3}[\s,]*"
_VALUE_THEN_UNIT = re.compile(r"[^\S\n]*-?\d[\d,.]*(?:[eE][-+]?\d+)?[%°]?" + _UNIT_WORDS)


_EMPTY = re.compile("")
# between a value and its condition, a clause saying the value is reached then (45 m, which is reached when t = 3 s;
# **80 feet**, reached when t = 2 s)
_REACHED_BEFORE = re.compile(r"(?i)[*\s]{0,6},?\s{0,3}(?:(?:which|that)\s{1,3}(?:is|are|was|were|will\s+be)\s{1,3})?"
                             r"(?:reached|attained|achieved|obtained|occurring|occurs|happens|found)\s{0,3}\Z")


def _valued_before(text: str, masked: str, spans: list[_Span], lo: int, at: int, expression: bool = False,
                   marked: bool = False) -> bool:  # fmt: skip
    """Whether the sentence from ``lo`` states a value right before ``at`` (a condition word): a number or a math span
    holding a number right after a copula (is 225 when, is $225$ when), or math assigning one after no more than a
    concluding lead (So $x = 12$ when); never a name (the value of $y(t)$ when ...) or an opening phrase (So after 6
    months, when ...). ``expression``: any math, not only a number (So x = 2k pi, where k is an integer).
    ``marked``: the sentence follows an answer phrase, which states its start as a copula would (The answer is: 12
    big red apples when x is 3)."""
    # 45 m, which is reached when: the value before the clause (searched in the last 60 characters: from every start
    # in a long run of spaces the search is quadratic)
    reached = _REACHED_BEFORE.search(masked, max(lo, at - 60), at)
    at = reached.start() if reached is not None else at
    copulas = list(_COPULA.finditer(masked, lo, at))
    copula = copulas[-1] if copulas else (_EMPTY.match(masked, lo) if marked else None)
    close = next((m for m in reversed(spans) if lo <= m.start and m.end <= at), None)
    if close is not None and re.fullmatch(_UNIT_WORDS, text[close.end : at]) and \
            (expression or not text[close.end : at].strip(" ,") or re.search(r"\d", close.inner)):  # ($4$ cm when)
        if not expression and not re.search(r"\d", close.inner):
            return False
        if "=" in close.inner:
            return _CONCLUDING_LEAD.fullmatch(masked, lo, close.start) is not None
        between = masked[copula.end() : close.start] if copula is not None else ""
        return copula is not None and not _AFFIRMING.sub("", between.strip() + " ").strip() and \
            (expression or not re.search(r"(?<!\\)\b[A-Za-z]", re.sub(r"\\(?:text|mathrm)\s*\{[^{}]*\}", "", close.inner)))  # fmt: skip
    if copula is None:
        return False
    if expression:  # (plain text: no letters of prose between the copula and the word)
        stated = text[copula.end() : at].strip(" ,")
        return bool(stated) and not _prose(stated)
    return _VALUE_THEN_UNIT.fullmatch(masked[:at].replace("*", " "), copula.end()) is not None  # (**80 feet**)


# a value a condition states (when t = 4, when the side is 15, where $x = 2$), never a count in it (when 2 dice are
# rolled, when she buys 3 shirts: the givens of the problem)
_CONDITION_VALUE = re.compile(r"(?i)(?:(?<![A-Za-z])(?:is|are|was|were|equals?|be|becomes?|reaches?)(?![A-Za-z])|[=<>≤≥])"
                              r"\s{0,3}(?:(?:about|approximately|exactly)\s{1,3})?[-$(]?\s{0,3}\d")
_COPULA_WORD_END = re.compile(r"(?i)(?<![A-Za-z])(?:is|are|was|were|equals?|be|becomes?|reaches?)\s*$")
# after a condition or a reason, a word that goes on to conclude (The velocity is 0 when t = 4 s, so the maximum height
# is 80 m.): the sentence's answer comes later, and the earlier value is no answer to cut to
_CONCLUDES_AFTER = re.compile(r"(?i)(?<![A-Za-z])(?:so|thus|therefore|hence|then|giving|meaning|which\s+(?:means|gives|makes))"
                              r"(?![A-Za-z])")


_EXAMPLE = re.compile(r"(?i)e\.g\.|for\s+(?:example|instance)")
# an example that is a number alone (12, e.g. 13.)
_BARE_EXAMPLE = re.compile(r",?\s*(?:\$\s*)?(-?\d+(?:\.\d+)?)\s*(?:\$\s*)?(?:[.!]\s*)?$")
# after an answer: a reference in parentheses, or a restatement (9 (see Eq. 5); 3, i.e. 3; 0.25, that is, 25%)
# after 'i.e.': a restatement with a number that is no plain value (2 hours, about 48, 0.25 or 0.3, 3 + 5): neither
# compared as another form nor to be dropped as an explanation
# a step still to take on the math right after it: a modal or a plan, a verb of computing and at most six words (we can
# find the product, we need to compute, let's evaluate, we will now solve for); never what the step found (we can find
# that, we can write the answer as, we find) nor math that states its value (an '=' or a relation in it)
_PLAN_VERBS = (r"(?:find|compute|calculate|evaluate|determine|solve(?:\s+for)?|simplify|substitute|plug(?:\s+in)?|apply|"
               r"check|verify|consider|factor|factorize|expand|multiply|divide|add|subtract|differentiate|integrate|"
               r"examine|look\s+at|focus\s+on|work\s+out|figure\s+out)")
_PLANNED_ON = re.compile(
    r"(?i)(?:(?<![A-Za-z])(?:we|I|you|one)(?:[ \t]+(?:also|now|then|still|just|first|next))?[ \t]+"
    r"(?:can|could|will|shall|should|must|need[ \t]+to|have[ \t]+to|are[ \t]+"
    r"going[ \t]+to|want[ \t]+to|would[ \t]+(?:need|have)[ \t]+to)|(?<![A-Za-z])(?:we['’]ll|I['’]ll|let['’]s|let[ \t]+us)"
    # (or a means that will let the writer do it: This approach will allow us to find the value of $X$.)
    r"|(?<![A-Za-z])(?:will|would|can|could|should|shall)[ \t]+(?:allow|help|enable|let|permit)[ \t]+(?:us|me|you|one)"
    r"(?:[ \t]+to)?"
    rf")(?:[ \t]+(?:now|then|next|also|first|simply|easily|just|still))?[ \t]+({_PLAN_VERBS})(?![A-Za-z])"
    # (never words that state a value: for a total of $12$, at $25$, namely, yielding, the sum, as; solve it for $x$ is
    # still a plan)
    r"(?:[ \t]+(?!(?:that|as|to|is|are|was|were|be|get|gets|obtain|giving|gives|yielding|yields|namely|at|equals?|"
    r"total|sum|result|answer|final|amount)(?![A-Za-z]))[A-Za-z'’,-]+){0,6}[ \t]*\Z")
# after such math, what keeps it a plan: the sentence's end, a purpose, a means or a circumstance (to find the original
# price, using the proportion, in the given scenario), or one noun and a comma (into $t$ groups, where ...); any other
# words (apples remain, is the answer, works, as the total) state it
_PLAN_CONTINUES = re.compile(r"[ \t]*(?:\**[ \t]*[.!:]?[ \t]*\Z|,?[ \t]+(?:to|in[ \t]+order[ \t]+to|using|by|with|from|"
                             r"first|next|now|then|again|below|so[ \t]+that|and[ \t]+then|in|on|for|of|over|under|"
                             r"within|between|when|where|if)(?![A-Za-z])|[ \t]+[A-Za-z]+[ \t]*,)")
_PLAIN_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
# math that is one unknown: a letter other than the constants e and i, a Greek letter, or two or three capitals (a segment
# or an angle), with a subscript or a prime (x, n, x_0, R_L, \theta, CD); never \pi, a number or an expression
_BARE_UNKNOWN = re.compile(r"\s*(?:(?![ei](?![A-Za-z]))[A-Za-z]|[A-Z]{2,3}|(?!π)[α-ωΑ-Ω]|\\(?!pi(?![A-Za-z]))(?:alpha|beta|gamma|delta|"
                           r"epsilon|varepsilon|theta|lambda|mu|sigma|tau|phi|varphi|omega|rho|eta|xi|psi|chi|kappa|nu|"
                           r"zeta|Gamma|Delta|Theta|Lambda|Sigma|Phi|Omega|Psi)(?![A-Za-z]))"
                           r"(?:_\{?[A-Za-z0-9]{1,4}\}?)?'*\s*")
# ... named as what is sought: after a preposition (the value of $x$, solving for $n$, continuous at every $x$, the
# voltage across $R_L$; never 'to', 'with' or 'at' a point: simplifies to $x$, go with $B$, attained at $B$) or in a
# sentence with a verb of seeking and no copula (find the smallest integer $n$)
_SOUGHT_OF = re.compile(r"(?i)(?<![A-Za-z])(?:(?:of|for|across|about|on)[ \t]+(?:(?:the|all|every|each|some|any|a|an)"
                        r"[ \t]+)?|at[ \t]+(?:all|every|each|any)[ \t]+)\Z")
_SEEKING = re.compile(r"(?i)(?<![A-Za-z])(?:find|finding|determine|determining|compute|computing|calculate|calculating|"
                      r"solve|solving|evaluate|evaluating)(?![A-Za-z])")
# ... unless a verb of the sentence gives it as a result (Evaluating the limit gives $x$., we are left with $y$., I
# choose $C$)
_GIVING = re.compile(r"(?i)(?<![A-Za-z])(?:gives?|giving|gave|get|gets|got|getting|yields?|yielding|obtain\w*|reduces?|"
                     r"comes?|came|left|choose|chose|chosen|select\w*|pick\w*|go|goes|went|settle\w*|arriv\w*|end\w*|"
                     r"results?|becomes?|became|equals?|simplif\w*|is|are|was|were|be)(?![A-Za-z])")
# a sentence that opens with a verb of computing in the imperative right before its math (Compute $X$., Now find the
# value of $X$., Evaluate $X$.): the instruction a problem gives
_INSTRUCTED = re.compile(r"(?i)[\s*_#>-]{0,6}(?:(?:problem|question|exercise|q|user)[ \t]{0,2}\d{0,3}[ \t]{0,2}[:.][ \t]{0,3})?"
                         r"(?:(?:now|next|then|first|finally|please|also|and)[ \t,]{1,3}){0,3}[*_]{0,3}"
                         r"(?:compute|find|evaluate|simplify|calculate|determine|solve|express|write|factor|expand|"
                         r"rationalize|convert|round|estimate|give|show|prove|work[ \t]{1,3}out|rewrite|reduce|multiply|"
                         r"add|subtract|divide)(?![A-Za-z])[*_]{0,3}[ \t]{0,3}(?::\s{0,3})?"
                         r"(?:(?:the[ \t]{1,3})?(?:exact[ \t]{1,3}|numerical[ \t]{1,3})?(?:value|values|sum|product|number|"
                         r"result|expression|following)[ \t]{0,3}(?:of[ \t]{1,3}(?:the[ \t]{1,3}expression[ \t]{1,3})?)?(?::\s{0,3})?)?"
                         r"(?:\$\$?|\\\(|\\\[)?[ \t]{0,3}")
def _instructed(masked: str, lo: int, math: int) -> bool:
    """Whether the math at ``math`` follows an instruction (_INSTRUCTED) that opens its sentence (from ``lo``), its line,
    or the line before (Compute:\\n$$2+3$$; a sentence may open after the colon: Calculate: $2+3$)."""
    line = masked.rfind("\n", 0, math) + 1
    starts = {max(lo, line), line, masked.rfind("\n", 0, max(line - 1, 0)) + 1 if line else 0}
    return any(start <= math and _INSTRUCTED.fullmatch(masked, start, math) for start in starts)


def _echoed(text: str, masked: str, lo: int, math: _Span, hi: int) -> bool:
    """Whether a final sentence's math is what an instruction asks for (_instructed): never an equation, a plain number
    or math named as the answer after it."""
    return not _RELATION.search(math.inner) and not _PLAIN_NUMBER.fullmatch(math.inner.strip()) and \
        _instructed(masked, lo, math.start) and not _INSTRUCTED_ANSWER.match(text, math.end, hi)  # fmt: skip


# ... unless it names its math as the answer (Write $\frac{1}{2}$ as your final answer. / ..., which is the answer.)
_INSTRUCTED_ANSWER = re.compile(r"(?i)[\s$\\)\]]{0,6}(?:,[ \t]*which[ \t]+is[ \t]+|as[ \t]+|to[ \t]+be[ \t]+)(?:the|your|our|my)"
                                r"[ \t]+(?:final[ \t]+)?answer")
# the verbs that only test a value: what follows them is a candidate even with an '=' in it (We also need to check
# $x = 0$.)
_TEST_VERBS = re.compile(r"(?i)check|verify|consider|substitute|plug(?:\s+in)?|apply|examine|look\s+at|focus\s+on")
# (the relations the answer grammar reads, and congruence and membership: math that states a value or a condition)
_RELATION = re.compile(_FORMS_RELATION.pattern + r"|\\(?:equiv|in)(?![A-Za-z])")
_UNCOMPARED_RESTATEMENT = re.compile(r"(?=[^\n]*\d)(?!\s*(?:\$\s*)?[-+]?\d[\d,]*(?:\.\d+)?(?:\s*\\?%)?\s*(?:\$\s*)?(?:[.!]\s*)?$)")
# a note that the answer is rounded, ending its sentence (3.46, rounded to two decimal places.; 5 (rounded up); 55.1%,
# rounded to the nearest tenth): how the answer stated was written, as after a box (\boxed{3.46}, rounded to ...)
_PRECISION = (r"(?:the[ \t]+nearest(?:[ \t]+[a-z]+){1,2}|(?:\d+|one|two|three|four|five|six)[ \t]+(?:decimal[ \t]+places?|"
              r"decimals?|significant[ \t]+(?:figures?|digits?)|sig\.?[ \t]+figs?\.?|places?|digits?|d\.p\.|s\.f\.)|"
              r"[a-z]+[ \t]+(?:places?|decimals?))")
_ROUNDING_NOTE = (r"(?<!\s)(?:[ \t]*,[ \t]*|[ \t]+)\(?(?:(?:when[ \t]+|after[ \t]+|if[ \t]+)?(?:rounded|rounding)(?:[ \t]+(?:up|down|off))?"
                  r"(?:[ \t]+to[ \t]+" + _PRECISION + r")?|(?:correct|accurate|exact)[ \t]+to[ \t]+" + _PRECISION + r"|(?:to|in)[ \t]+"
                  + _PRECISION + r")[ \t]*\)?[ \t]*(?:[.!][ \t]*)?$")
_ROUNDED_END = re.compile(_ROUNDING_NOTE)
_PLACES = {"tenth": 1, "hundredth": 2, "thousandth": 3, "cent": 2, "penny": 2}
_WHOLE_UNITS = {"ten": 1, "hundred": 2, "thousand": 3}
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _rounding_agrees(number: str, note: str) -> bool:
    """Whether a number written before a rounding note has the precision the note says (3.46 to two decimal places, 5
    rounded up, 1200 to the nearest hundred), so that the note tells how it was written; 4.2 rounded up, 4.6 to the
    nearest whole number, 3.4567 to two decimal places state no rounded value (a step, never the answer)."""
    digits = number.replace(",", "").lstrip("-−+$ ")
    whole, _, part = digits.partition(".")
    note = note.lower()
    places = re.search(r"(\d+|one|two|three|four|five|six)[ \t]+(?:decimal|d\.p|place|digit(?![a-z]*[ \t]+sig)|sig|signif|s\.f)", note)
    count = (int(places.group(1)) if places.group(1).isdigit() else _COUNT_WORDS[places.group(1)]) if places else None
    if count is not None and re.search(r"sig|s\.f", note):
        significant = (whole.lstrip("0") + part).lstrip("0") if part else whole.strip("0")
        return len(significant) <= count
    if count is not None:
        return len(part) <= count
    nearest = re.search(r"nearest[ \t]+(?:whole[ \t]+)?([a-z]+)", note)
    word = nearest.group(1).rstrip("s") if nearest else ""
    if word in _PLACES:
        return len(part) <= _PLACES[word]
    if word in _WHOLE_UNITS:
        return not part and len(whole) > _WHOLE_UNITS[word] and whole.endswith("0" * _WHOLE_UNITS[word])
    if nearest or re.search(r"(?<![a-z])(?:up|down)(?![a-z])", note):
        return not part.strip("0")  # (the nearest whole number, integer, dollar, minute; rounded up or down)
    return True
# (it opens where its spaces open: from inside a long run of them it would rescan the run, quadratic)
# what a comma's denial may follow though it holds no digit outside math: one math span ($18$, not $19$) or a choice
# letter (The answer is A, not B.)
_DENIED_BESIDE = re.compile(r"\s*(?:\$[^$\n]{1,60}\$|\(?[A-J]\)?|\*\*\(?[A-J]\)?\*\*)\s*")
_NOTE_AFTER = re.compile(r"(?i)(?<!\s)\s*\((?:see|cf\.?|from|by|using|via|per|as\s+in)(?![A-Za-z])[^()]{0,60}\)\s*(?:[.!]\s*)?$|"
                         r",\s*(?:i\.e\.|that\s+is,)|"
                         # another value denied or rejected in brackets: The answer is 15 (not 12). / 2 (-2 is rejected).
                         r"(?<!\s)\s*\(\s*(?:not\s+[-−]?\d[^()]{0,60}|[-−]?\d[\d.,/]*\s+(?:is|was|are|were)\s+(?:rejected|"
                         r"discarded|extraneous|excluded|invalid|not\s+(?:valid|allowed|possible|a\s+solution))[^()]{0,40})\)"
                         r"\s*(?:[.!]\s*)?$|"
                         # ... or after a comma, ending the sentence: The answer is B, not D. / 5, not 6.
                         r"(?<!\s),[ \t]*not[ \t]+(?:\(?(?-i:[A-J])\)?(?![A-Za-z])|[-−]?\d[\d.,/]{0,30}(?<![.,])|\$[^$\n]{1,30}\$)"
                         r"[ \t]*(?:[.!][ \t]*)?$|" + _ROUNDING_NOTE)
# after an answer, in brackets, the same number in words (The answer is 3 (three).): a note, never a second value
_SPELLED_NOTE = re.compile(r"(?<!\s)\s*\(\s*([A-Za-z][A-Za-z -]{1,60}?)\s*\)\s*(?:[.!]\s*)?$")
# after an answer and a space, a computation in brackets that ends the sentence (7 (5 + 2), 18 (9 × 2), $18 (9 eggs x $2
# each), 0.5 (50%), 12 (3 × 4 = 12)): a note when it holds an '=' or its value is the answer's (_computes_note); never
# one with a letter for a variable or a command, 2 (x - 1), 4 (3 - 2 \sqrt{2}), nor one that hedges or offers another
# after an answer, a relative clause on it with no number, math or '=' to the end of the sentence (, which is odd, ,
# which represents the total cost); and the words that make such a clause doubt, judge or change it
# a plain number that opens what follows a marker (Answer: 0.1541 (or 15.41%)), read with another form after it
# a number or a fraction of two numbers in prose, right after a copula (1/13, 0.25, 12.5%)
_PROSE_FRACTION = re.compile(r"[ \t]{0,3}([-+]?\d{1,30}(?:\.\d{1,30})?(?:/\d{1,30})?%?)(?![\d.,%/])")
_OPENING_NUMBER = re.compile(r"[ \t]{0,3}([-+]?\d[\d,]{0,30}(?:\.\d{1,30})?%?)(?![\d.,%])")
# (the first ', which' and then one search for a value to the end: a pattern anchored at the end would be tried
# from every ', which' of a long line, quadratic)
_RELATIVE_NOTE = re.compile(r"(?i),[ \t]*which(?![A-Za-z])")
_RELATIVE_VALUE = re.compile(r"[\d$\\=\n]")
# (besides the doubts before a copula, _DOUBT_BEFORE, and a supposition or someone's belief, _HYPOTHETICAL)
_RELATIVE_DOUBTS = re.compile(r"(?i)(?<![A-Za-z])(?:or|unless|but|however|instead|rather|guess\w*|hope|doubt\w*|"
                              r"approximat\w*|about|roughly|estimat\w*|sure|confident|times|plus|minus|more|less|"
                              r"fewer)(?![A-Za-z])|n't")
_COMPUTED_NOTE = re.compile(r"(?<!\s)[ \t]+(?:\(((?:[^()\n\\]|\\\$){1,80})\)|\[((?:[^\[\]\n\\]|\\\$){1,80})\])\s*(?:[.!]\s*)?$")
_NOTE_HEDGED = re.compile(r"(?i)(?<![A-Za-z])(?!x(?![A-Za-z]))[A-Za-z](?![A-Za-z'])|(?<![A-Za-z])(?:or|maybe|perhaps|"
                          r"probably|possibly|think|believe|guess|suppose|hope|doubt|if|unless|wrong|incorrect|not|but)"
                          r"(?![A-Za-z])")


def _computes_note(value: str, note: str) -> bool:
    """Whether ``note``, in brackets after the answer ``value`` (its last number), computes it: it holds an '=' (3 × 4
    = 12), or its numbers, operators and the words of what they count have the answer's exact value (5 + 2 for 7,
    $30 for 30, 50% for 0.5); never a product's factor (2 (3 + 4) is 14)."""
    if _NOTE_HEDGED.search(note) or not re.search(r"\d", note) or re.search(r"[-+*/×÷·=^−]\s*\Z", value) or \
            re.search(r"(?<![A-Za-z])x\s*\Z", value):  # fmt: skip
        return False  # (0.8 * (1 - 0.2): a factor after an operator, never a note)
    note = re.sub(r"(?<![\d.])(\d{1,3})[ \t]*\^[ \t]*\{?(\d)\}?", lambda m: str(int(m.group(1)) ** int(m.group(2))),
                  note.replace("\\$", "$"))  # (10^2: a power of small integers, as a product would be written)
    if "=" in note:
        return True
    numbers = re.findall(r"(?<![\d.])-?\d[\d,]*(?:\.\d+)?", value)
    if not numbers:
        return False
    percent = note.rstrip().endswith("%")
    tokens: list[tuple[str, str]] = []
    for token in _CHAIN_TOKEN.finditer(note.replace("−", "-").rstrip().rstrip("%")):
        number, operator, times, word, _currency = token.groups()
        if number is not None:
            if tokens and tokens[-1][0] == "number":
                return False  # (two numbers side by side: never one computation)
            tokens.append(("number", number))
        elif operator is not None or times is not None:
            tokens.append(("op", _operator(operator)))
    result = _arithmetic(tokens)
    return result is not None and (result / 100 if percent else result) == Fraction(numbers[-1].replace(",", ""))


def _illustrates(text: str, lo: int, condition: re.Match[str], hi: int) -> bool:
    """Whether the condition is an example that writes the number stated before it again (12, e.g. $12 = 3 \\cdot 4$;
    4, e.g. x = 4): it illustrates that value. An example of another value (x = 5, for example when y = 2) does not."""
    if not _EXAMPLE.match(condition.group()):
        return False
    stated = re.findall(r"(?<![\d.])-?\d+(?:\.\d+)?(?![\d.]*\d)", text[lo : condition.start()])
    return bool(stated) and re.search(rf"(?<![\d.]){re.escape(stated[-1])}(?![\d]|\.\d)", text[condition.end() : hi]) is not None


def _valued_after(text: str, masked: str, spans: list[_Span], at: int, hi: int) -> bool:
    """Whether the condition in text[at:hi] states a value: after a copula or a relation, or in math that assigns one
    or follows a copula."""
    if _CONDITION_VALUE.search(masked, at, hi):
        return True
    return any(at <= m.start < hi and re.search(r"\d", m.inner) and
               (re.search(r"[=<>]|\\[lg]eq?(?![A-Za-z])|\\neq", m.inner) or _COPULA_WORD_END.search(masked, at, m.start))
               for m in spans)  # fmt: skip


_WHEN = re.compile(r"(?i)(?<![A-Za-z])(?:when|whenever)(?![A-Za-z])")


def _cases(masked: str, lo: int, hi: int, since: int, until: int) -> bool:
    """Whether the sentence masked[lo:hi] splits into cases (y = 5 when x = 2 and y = 7 when x = 3) and its last
    copula, at ``until``, gives a case's condition after a stated value (between ``since`` and ``until``)."""
    found = [m for m in _WHEN.finditer(masked, lo, hi) if since <= m.start() < until]
    return len(_WHEN.findall(masked, lo, hi)) >= 2 and bool(found) and \
        bool(re.search(r"\d", masked[since : found[-1].start()]))  # fmt: skip


# in a final sentence without a marker: a word that hedges or supposes what it states
_UNMARKED_HEDGE = re.compile(r"(?i)(?<![A-Za-z])(?:perhaps|maybe|possibly|probably|likely|unlikely|seems?|seemingly|"
                             r"appears?(?!\s+(?:the\s+)?(?:most|least|more|fewest|once|twice|\d))|"
                             r"apparently|looks?\s+like|guess|estimate[sd]?|suppose|supposing|assume|assuming|presumably|"
                             r"supposedly|not\s+(?:sure|certain|confident)|unsure|uncertain|"
                             # an answer its own label judges (The wrong answer is 5., The naive answer is 5.)
                             r"(?:wrong|incorrect|naive|tempting|preliminary|partial|tentative|rough|mistaken|erroneous|"
                             r"backup|draft)\s+(?:final\s+)?answer)(?![A-Za-z])"
                             # in the languages of the answer phrases: perhaps, probably, it seems, apparently
                             r"|(?<![^\W\d_])(?:vielleicht|wahrscheinlich|anscheinend|scheint|vermutlich|quizás?|tal\s+vez|"
                             r"probablemente|parece|peut-être|probablement|semble|возможно|вероятно|кажется|видимо|похоже|"
                             r"можливо|мабуть|forse|probabilmente|sembra|talvez|provavelmente|có\s+lẽ|có\s+thể|hình\s+như|"
                             r"dường\s+như|mungkin|barangkali|sepertinya|tampaknya|kelihatannya|belki|galiba|muhtemelen|"
                             r"posible\s+que|possible\s+que|möglich|possível\s+que|possibile\s+che|posiblemente|seguramente|"
                             r"a\s+lo\s+mejor|наверное|может\s+быть|chắc\s+là|hẳn\s+là|kemungkinan|chyba|pewnie|"
                             r"no\s+estoy\s+segur[oa]|pas\s+sûre?|nicht\s+sicher|не\s+уверен\w*|non\s+sono\s+sicur[oa]|"
                             r"não\s+tenho\s+certeza|không\s+chắc|tidak\s+yakin|emin\s+değilim|"
                             r"być\s+może|prawdopodobnie|misschien|waarschijnlijk|kanske|troligen|labda|huenda|शायद|संभवतः|"
                             r"아마|ربما|شاید|אולי)(?![^\W\d_])|น่าจะ|たぶん|多分|おそらく|かもしれ|也许|也許|大概|似乎|好像")


# a word of approximation alone between a copula and its math (is approximately $18.8$, is about $3$)
# after the copula of a concluding sentence without math: an approximation in words, its number and a unit at most
# (never another noun: there are about 12 distinct sequences)
_PROSE_APPROXIMATION = re.compile(r"(?i)(?:approximately|approx\.|about|around|roughly|nearly)[ \t]+[$€£]?-?\d[\d,]{0,30}"
                                  r"(?:\.\d{1,30})?(?:[ \t]*%|[ \t]+(?P<unit>[A-Za-z/]{1,20}(?:[ \t]+[A-Za-z/]{1,20}){0,2}))?")
_APPROXIMATELY = re.compile(r"(?i)\s*(?:approximately|approx\.?|about|around|roughly|nearly|≈|~)\s*")


def _qualified(masked: str, start: int, span: _Span, hi: int) -> bool:
    """Whether a word before the math span (from ``start``) changes or bounds its value (at least $5$, anything but
    $5$, we reject $x=5$, x es menor que $5$), or one after it judges it ($5$ is wrong, $x = 5$ is extraneous), bounds
    it ($5$ or more, $5$ より小さい), changes it ($3$ squared, $5$ million, $5$ 万) or adds to it ($(2, 3, 3)$ and its
    permutations)."""
    multiplied = _MULTIPLIED.match(masked, span.end, hi)  # $5$ 万元, $5$ mil personas (not English's $2$ bin bags)
    return bool(_QUALIFIER.search(masked, start, span.start) or _JUDGED.search(masked, span.end, hi)
                or _DENIAL.search(masked, span.end, hi) or _BOUND_AFTER.match(masked, span.end, hi)
                or (span.start >= start and _CHANGED_AFTER_MATH.match(masked, span.end, hi))  # $3$ squared, $5$ million
                or (span.start >= start and multiplied is not None and multiplied.group().strip().lower() != "bin")
                or _extended(masked, span.inner, span.end, hi))


# words after a math span that add to what it states: (2, 3, 3) and its permutations (an Omni-MATH gold), in any order,
# up to sign: the span alone is not the answer
# (right after the span, past closing brackets, a comma or a connector: "no rotations are needed" later in the sentence
# adds nothing)
_EXTENDED = re.compile(r"(?i)[\s,;:)\]$\\*(]*(?:\\text\s*\{\s*)?(?:(?:(?:and|with|plus|or|&|together\s+with)\s+)(?:(?:all|each|"
                       r"every|any)\s+(?:of\s+)?)?(?:(?:its|their|the)\s+)?(?:(?:cyclic|possible|other)\s+)?"
                       r"(?:permutations?|rotations?|reflections?|rearrangements?|(?:cyclic\s+)?shifts?|sign\s+changes?)"
                       r"|in\s+(?:any|some)\s+order|up\s+to\s+(?:permutation|order|sign|symmetry|rotation|reflection|"
                       r"swapping)|and\s+vice\s+versa)(?![A-Za-z])")


def _extended(text: str, stated: str, at: int, hi: int) -> bool:
    """Words right after an answer of several values that add to it (``(2, 3, 3)`` and its permutations); a single
    value is a count they describe (``\\boxed{24}`` permutations, ``6``, up to rotation)."""
    return "," in stated and bool(_EXTENDED.match(text, at, hi))


# words between a copula and its value that confirm it rather than change it: is indeed 12, is equal to 5 (a word that
# bounds or judges it, at least, about, wrong, is never skipped: _qualified reads those)
_AFFIRMING = re.compile(r"(?i)(?:(?:indeed|exactly|precisely|simply|just|equal\s+to)\s+)+")


# a value given to a named unknown in plain text (x = 2, y_1 = -3) and what may join two of them
_PLAIN_NAME_EQ = re.compile(r"(?<![A-Za-z\\_])[A-Za-z](?:_\{?\w{1,6}\}?)?\s{0,3}=(?!=)")
_PLAIN_JOIN = re.compile(r"\s{0,3}[^=,;\s][^=,;]{0,60}?\s{0,3}(?:,|;|,?\s{1,3}and|,?\s{1,3}or)\s{1,3}$")


def _plain_assignments(text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """Where a sentence without math delimiters ends in several values given to unknowns, joined by commas, and or
    or (x = 2 and x = -2; x = 2, y = 3): from the first name to the end (full stop excluded); else None."""
    found = list(_PLAIN_NAME_EQ.finditer(text, lo, hi))[-8:]
    if len(found) < 2:
        return None
    first = len(found) - 1
    while first > 0 and _PLAIN_JOIN.fullmatch(text, found[first - 1].end(), found[first].start()):
        first -= 1
    if first == len(found) - 1:
        return None
    end = len(text[:hi].rstrip(" .!\n"))
    value = text[found[-1].end() : end]
    return (found[first].start(), end) if value.strip() and "=" not in value else None


# two copulas in a sentence, the first with a value and then another subject (the number of chickens is 5 and the
# number of cows is 15; the voltage is 3.71 V, and the current is 0.79 mA)
_SUBJECTS = re.compile(r"(?i)is|are\Z")
_FIRST_SUBJECT = re.compile(r"(?i)is|are|:")  # (Answer: 5, and the sum is 15.)
_NAMING = re.compile(r"(?i)is|are|equals")
# a short reply that names its value in words: the words, then one '=' and the value (Total = 48 legs); words in the
# label that make the value something else than the answer (My guess = 48, Partial sum = 48, Lower bound = 48)
_LABEL_DOUBTS = re.compile(r"(?i)(?<![A-Za-z])(?:not|no|guess\w*|rough\w*|likely|sure|suppos\w*|assum\w*|partial|draft|"
                           r"sample|check\w*|error|reject\w*|mistak\w*|before|after|lower|upper|bound|expected|"
                           r"initial|estimat\w*|tentative|candidate|possible|option|example|intermediate|sub\w*|"
                           r"part|half|old|new|other|another|alternative|wrong|bad|fake|test|trial|attempt)(?![A-Za-z])")
_LABELLED_VALUE = re.compile(r"\s*([A-Za-z][A-Za-z' ]{2,50}?)[ \t]*=[ \t]*([^=\n]*[^=\s.])[ \t]*\.?\s*")
# a result's name, a colon and its value (Total: 18): only names of results, never a given, a bound or a note
_RESULT_LABELLED = re.compile(r"(?i)[\s*_]*(?P<label>(?:the[ \t]+)?(?:final[ \t]+|grand[ \t]+)?(?:total(?:[ \t]+[a-z]+){0,2}|sum|"
                              r"result|product|difference|quotient|remainder|area|perimeter|volume|cost|price|amount))[\s*_]*:[\s*_]*"
                              r"(?P<value>[^:\n]{0,40}?\d[^:\n]{0,40}?)[\s*_.]*")
_NAME_SPAN = re.compile(r"\s*[A-Za-z](?:_\{?\w{1,3}\}?)?\s*")
# after one value in math, another thing named (its math masked): and $y$ equals, and the minimum is
# (never the answer itself: and the answer equals $80$, and our result is $80$)
_ANOTHER_NAMED = re.compile(r"(?i)[ \t]*(?:,[ \t]*)?and[ \t]+(?:the[ \t]+)?(?!(?:is|are|so|thus|hence|therefore|then)(?![A-Za-z]))"
                            r"(?![A-Za-z' \t]*(?<![A-Za-z])(?:answer|result|required)(?![A-Za-z]))[A-Za-z' \t]{1,60}")
_VALUE_NEXT_TO = re.compile(r"[ \t]*\$?(-?\d(?:[\d,]*\d)?(?:\.\d+)?)")
# (the other thing may carry a number or a label: and Q4 is 8, and part (b) is 8)
_ANOTHER_SUBJECT = re.compile(r"(?i)[ \t]*\$?(-?\d(?:[\d,]*\d)?(?:\.\d+)?)[^,;\n]{0,40}?,?[ \t]+and[ \t]+(?:the[ \t]+)?"
                              r"(?!is|are|so|thus|hence|therefore|then)[A-Za-z][A-Za-z' ]{0,60}(?:(?<=[A-Za-z])[ \t]?\d{1,2}|\([A-Za-z0-9]{1,4}\))?[ \t]*")


# a concluding sentence's computation: the number after its last '=', what may follow it (words, the sentence's end),
# and the numbers, operators, brackets and words of what it computes from
_CHAIN_NUMBER = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_CHAIN_RESULT = re.compile(rf"[ \t]*(?:[$€£][ \t]*)?({_CHAIN_NUMBER})(?=[ \t]+[A-Za-z]|[ \t]*$)")
_CHAIN_FROM = re.compile(r"(?:[$€£][ \t]*)?(?:\([ \t]*)?(?:[$€£][ \t]*)?\d")
_CHAIN_TOKEN = re.compile(rf"[ \t]*(?:({_CHAIN_NUMBER[2:]})|([-+*/×÷·()])|(?<![A-Za-z])([xX])(?![A-Za-z])|([A-Za-z]+)|([$€£]))")
# after the result, a word that changes it or makes it one of several (32 each, 32 or 33, 32 plus tax, 32 more than;
# a difference stays exact: 5 more eggs); before the computation, a word that makes it a clause's (after, since, of the)
_SUBORDINATE = re.compile(r"(?i)(?<![A-Za-z])(?:after|since|with|once|while|when|because|given|having|from|among|out\s+of|"
                          r"of\s+the|if|unless|before|until|as|by|for|despite|although|though|whereas)(?![A-Za-z])")
_CHAIN_CHANGED = re.compile(r"(?i)(?<![A-Za-z])(?:or|plus|minus|times|twice|half|double|triple|each|per|every|than|"
                            r"too|over|under|short|extra|initially|originally|before|previously|not|no|never|wrong|"
                            r"approx\w*|about|roughly|nearly|at|least|most)(?![A-Za-z])|[=<>≈~%]")
_EQUALS_SIGN = re.compile(r"(?<![!<>=])=(?!=)")


def _operator(written: str | None) -> str:
    """The operator of _arithmetic for one written in a chain (× · ÷; a lone x, matched without an operator, is *)."""
    return {"×": "*", "·": "*", "÷": "/"}.get(written or "*", written or "*")


def _arithmetic(tokens: list[tuple[str, str]]) -> Fraction | None:
    """The exact value of numbers joined by + - * / and brackets (× ÷ · x written for them), by recursive descent: a
    few lines for the four operations rather than the answer parser, which this layer does not import (it reads whole
    answers, units and letters; here only a sentence's arithmetic is checked). None when malformed or dividing by zero;
    at most 60 tokens and 8 brackets deep (bounded by construction)."""
    if not tokens or len(tokens) > 60:
        return None
    at = 0

    def operation(depth: int, level: int) -> Fraction | None:  # level 0: + and -; level 1: * and /
        nonlocal at
        value = operation(depth, 1) if level == 0 else factor(depth)
        signs = ("+", "-") if level == 0 else ("*", "/")
        while value is not None and at < len(tokens) and tokens[at][0] == "op" and tokens[at][1] in signs:
            sign = tokens[at][1]
            at += 1
            right = operation(depth, 1) if level == 0 else factor(depth)
            if right is None or (sign == "/" and right == 0):
                return None
            value = value + right if sign == "+" else value - right if sign == "-" else value * right if sign == "*" \
                else value / right  # fmt: skip
        return value

    def factor(depth: int) -> Fraction | None:
        nonlocal at
        if at >= len(tokens):
            return None
        kind, item = tokens[at]
        at += 1
        if kind == "number":
            return Fraction(item.replace(",", ""))
        if (kind, item) == ("op", "-"):  # a sign: -3 + 5
            value = factor(depth)
            return None if value is None else -value
        if (kind, item) == ("op", "(") and depth < 8:
            value = operation(depth + 1, 0)
            if at >= len(tokens) or tokens[at] != ("op", ")"):
                return None
            at += 1
            return value
        return None

    value = operation(0, 0)
    return value if at == len(tokens) else None


def _chain_result(text: str, lo: int, equals: re.Match[str], hi: int) -> tuple[int, int] | None:
    """The span of the number after the last '=' (``equals``) of a concluding sentence text[lo:hi] when what it is
    computed from, back to the '=' before or to the computation's first number, is numbers, operators and brackets
    (with the words of what they count between them: 4 boxes x (2 scarves + 6 mittens)) whose exact value it is (a
    result rounded to its decimals too: 100 / 3 = 33.33), and no word after it changes it; None otherwise."""
    result = _CHAIN_RESULT.match(text, equals.end(), hi)
    if result is None or _CHAIN_CHANGED.search(text, result.end(1), hi) or re.search(r"\d", text[result.end(1) : hi]):
        return None  # (32 pieces plus 5 hats, 32 pieces to 40 pieces, ... = 15 slices are eaten, so 1 slice remains)
    start = max(lo, text.rfind("=", lo, equals.start()) + 1)
    first = _CHAIN_FROM.search(text, start, equals.start())
    if first is None or _SUBORDINATE.search(text, lo, first.start()):
        return None  # (after selling 3 x 4 = 12 apples, he has 8 left: a clause's result, never the sentence's)
    tokens: list[tuple[str, str]] = []
    operators = 0
    for token in _CHAIN_TOKEN.finditer(text, first.start(), equals.start()):
        number, operator, times, word, _currency = token.groups()
        if number is not None:
            if tokens and tokens[-1][0] == "number":
                return None  # 3 days 4 x 5: two numbers side by side, never one computation
            tokens.append(("number", number))
        elif operator is not None or times is not None:
            symbol = _operator(operator)
            operators += symbol not in "()"
            tokens.append(("op", symbol))
        elif word is not None and (not tokens or tokens[-1] in (("op", "("),) or len(word) > 20):
            return None  # (words only after a number: what it counts)
        if token.end() >= equals.start():
            break
    if not text[first.start() : equals.start()].strip() or operators == 0 or \
            re.search(r"[^\s]", _CHAIN_TOKEN.sub("", text[first.start() : equals.start()])):  # fmt: skip
        return None  # (anything but numbers, operators, brackets and words: a comma, a colon, a second clause)
    value, stated = _arithmetic(tokens), Fraction(result.group(1).replace(",", ""))
    places = len(result.group(1).partition(".")[2])
    if value is None or abs(value - stated) > (Fraction(1, 2 * 10**places) if places else 0):
        return None
    return result.span(1)


def _statement(text: str, lo: int, hi: int, rule: str, prose_number: bool = True, depth: int = 0,
               reasons: bool = True, concluded: bool = False) -> Extraction:  # fmt: skip
    """The answer stated by the sentence text[lo:hi] (rule 6): the math right after its last copula, else the
    words after it when they are not prose (``is 34``), else its one math span; with ``prose_number`` (a final sentence
    that is the whole answer, never a note after a marked answer: \\boxed{6}. So we used 2 steps.), in a concluding
    final sentence, its one exact number, and nothing from a sentence that hedges (So perhaps 5.)."""
    rounding = _ROUNDED_END.search(text, lo, hi) if rule == "final sentence" else None
    rounded = re.search(r"(?<![\d.,/])(\d[\d,]*(?:\.\d+)?)[%$]?(?:[ \t]+[A-Za-z]+){0,2}[ \t]*\Z",
                        text[max(lo, rounding.start() - 80) : rounding.start()]) if rounding else None  # fmt: skip
    if rounding and rounded and _rounding_agrees(rounded.group(1), rounding.group()):
        # Therefore, the ratio is 3.46, rounded to two decimal places. (FinanceBench's answers): how the number stated
        # was written, as after an answer phrase or a box; blanked, so its words bound nothing
        text = text[: rounding.start()] + " " * (rounding.end() - rounding.start()) + text[rounding.end() :]
    checked = _CHECK_AFTER.search(text, lo, hi) if depth == 0 else None
    number = _result_in_sentence(text, lo, checked.start(), lo, computed_as=checked.group(1)) if checked and not (
        rule == "final sentence" and _REMARK.search(text, lo, checked.start())) else None  # fmt: skip
    if number is not None:  # Sophia can drive 300 miles on a tank (12 gallons x 25 miles/gallon = 300 miles).
        return Extraction("answer", (text[number[0] : number[1]],), rule, number)
    spans = _math_spans(text, lo, hi)
    masked = _masked(text, lo, hi)
    let = _LET_OPENS.match(masked, lo, hi) if rule == "final sentence" else None
    if let and "\n" not in masked[lo:hi].strip() and "=" not in text[lo:hi] and \
            not (_LET_STATES_FACT if let.group(1).lower() in _FACT_VERBS else _LET_STATES).search(masked, let.end(), hi):  # fmt: skip
        # Let's use the fact that the Fermat point for a triangle with angles \( 60^\circ \) (a response cut off there:
        # RLSFT's Qwen answers): a step proposed, never a value stated (on one line: never Let's think step by step\nWe
        # can rewrite it as $9902$.; nor a step that states its result: Let's calculate the total: 3 * 12 = 36., Let's
        # verify: 48 plus 24 is 72., Let's find the area, which is 30.; after a fact it recalls, only a conclusion drawn
        # from it: Let's use the fact that the sum is 180°, so the third angle is 70°.)
        return Extraction("none", rule="the final sentence proposes a step (let's) and states no value", span=(lo, hi))
    if rule == "final sentence" and len(spans) == 1 and _TRIAL_REJECTED.match(masked, spans[0].end, hi):
        # Let's test $x=5$: it fails., Trying $x=5$ gives a contradiction, so there is no solution.: a value tried and
        # rejected (never one of two: Thus $x = 5$, since $x = -1$ fails., nor a value stated of failures: The
        # probability that it fails is $0.3$.)
        return Extraction("none", rule="the final sentence rejects the value it tries", span=(lo, hi))
    if rule == "final sentence" and (_LET_GIVEN.fullmatch(masked, lo, hi) or
                                     (hi - lo <= 200 and _LET_ASSIGNED.fullmatch(text, lo, hi))):  # fmt: skip
        # Let x be 5., Let the number of apples be 5 apples., Let $x = 5$.: a value given to a name, supposed (never a
        # result)
        return Extraction("none", rule="the final sentence supposes its value or gives someone else's", span=(lo, hi))
    copulas = list(_COPULA.finditer(masked, lo, hi))
    last = copulas[-1] if copulas else None
    since = copulas[-2].end() if len(copulas) >= 2 else lo
    # (a value stated before the reason: after a copula, or in math that assigns it: So $x = 60$ because ...)
    valued = last is not None and (len(copulas) >= 2 or any(m.end <= last.start() and "=" in m.inner for m in spans))
    if last is not None and not valued and reasons:
        # (or a number before the reason: Tim's guess was off by 36 jelly beans, as the true number ... is 900.)
        cause = _REASON_WORD.search(masked, lo, last.start())  # (English words only: car is no French reason here)
        # (a reason that runs to the copula: never one set off by commas before a main clause, So, 5 hours later, as the
        # sun sets, the temperature is 12 degrees.)
        valued = cause is not None and not re.search(r"[,;:]", masked[cause.end() : last.start()]) and \
            (re.search(r"\d", masked[lo : cause.start()]) is not None or
             _SPELLED_RUN.search(masked, lo, cause.start()) is not None)  # fmt: skip
    reason = _REASON_BETWEEN.search(masked, since, last.start()) if last is not None and valued and reasons else None
    earlier = _REASON_BETWEEN.search(masked, lo, since) if last is not None and valued and reasons and not reason \
        else None  # fmt: skip
    # (a reason set off by commas before a main clause, So at t = 2 s, since ..., its height is 20 m., is left alone)
    prior: list[re.Match[str]] = []
    if earlier is not None and last is not None and not re.search(r"[,;:]", masked[earlier.end() : last.start()]) and \
            not _CONCLUDES_AFTER.search(masked, earlier.end(), hi):  # fmt: skip
        prior = [c for c in copulas if c.end() <= earlier.start()]
    if earlier is not None and last is not None and prior and \
            (re.search(r"\d", masked[prior[-1].end() : earlier.start()])
             or any(prior[-1].end() <= m.start < earlier.start() for m in spans)):  # fmt: skip
        # So the speed is 20 m/s because the distance is 100 m and the time is 5 s.: a reason stating values of its
        # own after the value (never the reason's last one)
        if re.search(r"(?i)(?<![A-Za-z])and(?![A-Za-z])", masked[earlier.end() : last.start()]):
            # So the area is 12 since the base is 4 and the height is 6 and the volume is 72.: the last clause may be
            # the reason's or a new statement
            return Extraction("none", rule="the final sentence's last value may be its reason's", span=(lo, hi))
        reason, since = earlier, prior[-1].end()
    # (anywhere in the sentence: is 3, achieved when $a = b = c = 1$ has no copula after the word, only math)
    condition = _condition(masked, lo, hi, lo, hi, joined=True) if last is not None and reasons and not reason \
        else None  # fmt: skip
    if condition is not None and (_CONCLUDES_AFTER.search(masked, condition.end(), hi) or
                                  re.search(r"(?i),\s*and(?![A-Za-z])", masked[condition.end() : hi])):  # fmt: skip
        condition = None  # The velocity is 0 when t = 4 s, so the maximum height is 80 m.: the answer comes later
    if condition is not None and _valued_before(text, masked, spans, lo, condition.start(), marked=rule != "final sentence"):
        linked = re.search(r"(?i)(?<![A-Za-z])(?:and|or|but|otherwise|else)(?![A-Za-z])", masked[condition.end() : hi])
        if _EXAMPLE.match(condition.group()) and not text[condition.end() : hi].strip(" .,;:!)"):
            # So the value is 100, for instance.: the value is an example, never the answer
            return Extraction("none", rule="the final sentence gives its value as an example", span=(lo, hi))
        if _illustrates(text, lo, condition, hi):
            pass  # The smallest such number is 12, e.g. $12 = 3 \cdot 4$.: an example of the value stated, which stands
        elif _valued_after(text, masked, spans, condition.end(), hi) or \
                (_EXAMPLE.match(condition.group()) and re.search(r"\d", text[condition.end() : hi])) or \
                (linked and _valued_after(text, masked, spans, condition.end() + linked.end(), hi)) or \
                (linked and re.search(r"\d", masked[condition.end() + linked.end() : hi])):  # 3 when n is even and 5 otherwise
            # So the area is 225 when the side is 15. / So the velocity is 0 when t = 4.: the question decides
            return Extraction("none", rule="the final sentence states a value and a condition's value; which one answers "
                              "depends on the question", span=(lo, hi))  # fmt: skip
        # So $x = 2k\pi$, where $k$ is an integer. / the probability is $\frac{5}{36}$ when 2 dice are rolled.: a
        # condition stating no value of its own leaves the value before it
        reason = condition
    elif condition is not None and condition.group().lower() == "where" and \
            (rule != "final sentence" or _CONCLUSION.match(text, lo, hi)) and \
            _valued_before(text, masked, spans, lo, condition.start(), expression=True) and \
            not _valued_after(text, masked, spans, condition.end(), hi):  # fmt: skip
        reason = condition  # So x = 2k\pi, where k is an integer. (concluding: never "we can use that ... where ...")
    if reason and (re.search(r"\d", masked[since : reason.start()]) or any(since <= m.start < reason.start() for m in spans)
                   or _SPELLED_RUN.search(masked, since, reason.start())):
        # So the total is 36, since 3 * 12 = 36. / So x = 60 because the sum of the angles is 180.: the value before
        # the reason is stated, never the reason's (at most four reasons deep: hostile text may repeat the word)
        if depth >= 4:
            return Extraction("none", rule="the final sentence gives reasons within reasons", span=(lo, hi))
        cut = lo + len(text[lo : reason.start()].rstrip(" \t,;:—–-，；："))
        before = _statement(text, lo, cut, rule, prose_number, depth + 1)
        if before.status != "none":
            return before
        # 所以一共有36个，因为3×12=36。: the reason ends on the number stated before it (36 either way)
        whole = _statement(text, lo, hi, rule, prose_number, depth + 1, reasons=False)
        stated = re.findall(r"\d+(?:\.\d+)?", masked[lo:cut])
        # (or in words: So the total is twelve because 3 x 4 = 12.)
        spelled = [spelled_number(m.group()) for m in _SPELLED_RUN.finditer(masked, lo, cut)] if not stated else []
        return whole if whole.status == "answer" and len(whole.texts) == 1 and \
            (whole.texts[0].strip() in stated[-1:] or (spelled[-1:] != [None] and spelled[-1:] ==
                                                       [_value(whole.texts[0].strip())])) else before  # fmt: skip
    if last is not None and valued and reasons and _cases(masked, lo, hi, since, last.start()):
        # So y = 5 when x = 2 and y = 7 when x = 3.: cases, and the last value is a condition's (never the answer)
        return Extraction("none", rule="the final sentence gives cases; its last value is a condition's", span=(lo, hi))
    if len(copulas) >= 2 and _FIRST_SUBJECT.fullmatch(copulas[-2].group()) and _SUBJECTS.match(last.group()):  # type: ignore[union-attr]
        first = _ANOTHER_SUBJECT.fullmatch(masked, copulas[-2].end(), last.start())  # type: ignore[union-attr]
        second = _VALUE_NEXT_TO.match(text, last.end(), hi) if first else None  # type: ignore[union-attr]
        if first and second and _value(first.group(1)) != _value(second.group(1)):
            # Therefore, the number of chickens is 5 and the number of cows is 15.: values of several things, and
            # which one answers depends on the question (never the last alone)
            return Extraction("none", rule="the final sentence states the values of several things, none as the answer",
                              span=(lo, hi))  # fmt: skip
    if last is not None and len(copulas) >= 2 and _NAMING.fullmatch(copulas[-2].group()) and _NAMING.fullmatch(last.group()):
        # So $x$ equals $78$ and $y$ equals $80$.: the same in math (the masked text holds no math)
        first_value = next((m for m in spans if copulas[-2].end() <= m.start < last.start()), None)
        last_value = next((m for m in spans if m.start >= last.end()), None)
        if first_value is not None and last_value is not None and \
                _ANOTHER_NAMED.fullmatch(masked, first_value.end, last.start()) and \
                not _same_number(first_value.inner, last_value.inner) and \
                first_value.inner.strip() != last_value.inner.strip():  # fmt: skip
            found = [next((m for m in reversed(spans) if m.end <= at and not masked[m.end : at].strip()), None)
                     for at in (copulas[-2].start(), last.start())]  # fmt: skip
            names = [m for m in found if m is not None and _NAME_SPAN.fullmatch(m.inner)]
            if len(names) == 2 and len({m.inner.strip() for m in names}) == 2:
                # (each thing an unknown in math, $x$ and $y$: their values together, as $x = 78$ and $y = 80$ are)
                pairs = [f"{n.inner.strip()} = {v.inner.strip()}" for n, v in zip(names, (first_value, last_value))]
                return Extraction("answer", (", ".join(pairs),), rule, (names[0].start, last_value.end))
            return Extraction("none", rule="the final sentence states the values of several things, none as the answer",
                              span=(lo, hi))  # fmt: skip
    if rule == "final sentence" and (spans or last is not None) and \
            _hypothetical(text, lo, spans[-1].start if spans else last.start(), modal=False, claims_only=not spans):  # type: ignore[union-attr]
        # Suppose $x = 3$.  Many think the answer is $3$.  If the answer were $3$, ...: supposed, never stated
        return Extraction("none", rule="the final sentence supposes its value or gives someone else's", span=(lo, hi))
    # a denial or a doubt where the answer would be taken: after the last copula, or anywhere when no copula
    # marks the answer (the number is not 10 which is 1,000.99 states 1,000.99; the answer is not 5 states none)
    if _DENIAL.search(masked, last.end() if last is not None else lo, hi) or (
        last is not None and _doubted(masked, lo, last)
    ):
        return Extraction("none", rule="the final statement denies or doubts its answer", span=(lo, hi))
    if rule == "final sentence" and prose_number and _UNMARKED_HEDGE.search(masked, lo, hi):
        # So perhaps there are 5 apples. / So the answer seems to be 5. / So my best guess is 5. (no marker, a hedge)
        return Extraction("none", rule="the final sentence hedges or supposes its value", span=(lo, hi))
    if last is not None and (len(copulas) >= 2 or rule != "final sentence") and \
            (any(since <= m.start < last.start() for m in spans) or re.search(r"\d", masked[since : last.start()])) \
            and _ALTERNATIVE.search(masked, since, last.start()):  # fmt: skip
        # x is $5$ or is $6$, x是$5$或是$6$, 不是$5$就是$6$: alternatives, the last one no more stated than the first
        # (after a marker, its value and the copula: The answer is 5, unless it is 6.)
        return Extraction("none", rule="the final sentence states alternatives, none as the answer", span=(lo, hi))
    joined = _plain_assignments(text, lo, hi) if not spans and last is not None and last.group() == "=" else None
    if joined is not None:  # So x = 2 and x = -2. (no math delimiters): every value, never only the last
        return Extraction("answer", (text[joined[0] : joined[1]],), rule, joined)
    if last is not None:
        rest_start = last.end()
        if text[last.start() - 1 : last.start()] == "(" and text[rest_start : rest_start + 1] == ")":
            rest_start += 1  # is (are) 81: the copula in parentheses, and then the answer
        while rest_start < hi and text[rest_start] in " \t*\"'":
            rest_start += 1
        affirming = _AFFIRMING.match(text, rest_start, hi)  # is indeed 12, is equal to 5, is exactly 12
        if affirming:
            rest_start = affirming.end()
        after = next((m for m in spans if m.start == rest_start), None)
        if rule == "final sentence" and after is not None and _echoed(text, masked, lo, after, hi):
            # Calculate: $2+3$ (the colon read as a copula)
            return Extraction("none", rule="the final sentence is an instruction on its math, as a problem asks",
                              span=(lo, hi))  # fmt: skip
        if after is not None and not text[after.end : hi].strip(" .,;!\"'*"):
            return Extraction("answer", (after.inner.strip(" "),), rule, after.span())
        form = _another_form(text, after.end, hi, bare=False) if after is not None else None
        if form and not text[form[1] : hi].strip(" .,;!\"'*"):  # is $\frac12$ (or $0.5$).
            return Extraction("answer", (after.inner.strip(" "),), rule, after.span(), (form[0],))  # type: ignore[union-attr]
        written = _PROSE_FRACTION.match(text, rest_start, hi) if not spans and (prose_number or rule != "final sentence") \
            else None  # fmt: skip
        form = _another_form(text, written.end(), hi, bare=False) if written else None
        if form and form[0].startswith("\\approx") and not text[form[1] : hi].strip(" .,;!\"'*"):
            # the probability is 1/13 or approximately 7.69%. (GHOSTS' answers): the value, and its approximation as a
            # form the grader checks
            return Extraction("answer", (written.group(1),), rule, written.span(1), (form[0],))  # type: ignore[union-attr]
        approximate = _APPROXIMATELY.fullmatch(masked, rest_start, spans[-1].start) if spans else None
        if approximate and not text[spans[-1].end : hi].strip(" .,;!\"'*") and \
                not _qualified(masked, spans[-1].end, spans[-1], hi):  # fmt: skip
            # the angle is approximately $18.8^\circ$: an approximation, as \approx 18.8 (unknown exactly, equal under
            # a tolerance), never no answer
            inner = spans[-1].inner.strip(" ")
            return Extraction("answer", (f"\\approx {inner}",), rule, spans[-1].span())
        if spans and _qualified(masked, last.end(), spans[-1], hi):
            return Extraction("none", rule="a word changes, bounds or judges the value stated", span=(lo, hi))
        rest = text[rest_start:hi].strip().rstrip(" \t.*")  # the midpoint is **(-1, 6)**.: bold closed after it
        quote = next((q for q in "\"'" if q in text[last.end() : rest_start]), None)
        if quote and rest.endswith(quote) and quote not in rest[:-1] and not _HYPOTHETICAL.search(masked, lo, last.start()) \
                and not _SOMEONE_ELSES.search(masked, lo, last.start()):  # fmt: skip
            rest = rest[:-1]  # the highest value is '30'.: the quotes around it (never a prime, 30'; never supposed)
        if rest and not _prose(rest) and not any(m.start >= rest_start for m in spans):
            shown = rest if spans else _PROSE_UNIT.sub(_prose_unit, rest.replace("**", ""))
            return Extraction("answer", (shown,), rule, (rest_start, rest_start + len(rest)))
        final = rule == "final sentence"
        approximated = _PROSE_APPROXIMATION.fullmatch(rest) if final and prose_number and not spans else None
        if approximated and affirming is None and \
                (not approximated.group("unit") or outside_unit(approximated.group("unit")) or
                 all(is_unit_word(w) or w.lower() == "per" for w in approximated.group("unit").split())) and \
                _CONCLUSION.match(text, lo, hi) and not re.search(r"\d", _without_digit_labels(masked, lo, last.start(), always=True)[lo : last.start()]) and \
                not _UNMARKED_HEDGE.search(text, lo, last.start()) and not _JUDGED.search(text, lo, hi) and \
                not _hypothetical(text, lo, hi):  # fmt: skip
            # Therefore, the covariance of the returns is approximately 0.036.: the approximation ≈ 0.036, as it is
            # after a phrase or in math (unknown exactly, equal under a tolerance)
            return Extraction("answer", (rest,), rule, (rest_start, rest_start + len(rest)))
        if last.group() == "=" and not spans and prose_number and \
                (text[hi : hi + 1] in (".", "!") or (not final and text[hi : hi + 1] in ("\n", ""))) and \
                _COMPUTED_BEFORE.search(text, max(lo, last.start() - 80), last.start()) and \
                (final or (not re.search(r"\d", text[hi:]) and not _NOT_A_RESULT.search(text, lo, last.start()))):  # fmt: skip
            # (after a phrase, only its last statement, and no step: Answer:\nFirst, the three have a total of 40 + 36
            # + 46 = 122 crabs\nThen ... 122 × 5 = 610 is no answer of 122)
            number = _one_number(text, rest_start, hi)
            if number is not None and text[rest_start : number[0]] in ("", "$") and \
                    _COUNTED_AFTER.fullmatch(text, number[1], hi) and not _PROSE_NUMBER_BLOCKED.search(text, lo, hi) and \
                    not (final and _NOT_A_RESULT.search(text, lo, hi)) and not _hypothetical(text, lo, hi):  # fmt: skip
                # there are 4/2 = 2 dots in each group.: the result of the computation, then what it counts (after a
                # phrase too: Answer: The total number of goats left is 55 + 45 - 10 - 20 = 70 goats.)
                return Extraction("answer", (text[number[0] : number[1]],), rule, number)
        # (after a phrase, only its last statement: The answer is\n\n4 + 6 = 10 vehicles\n10 * 60 = 600 employees)
        marked_computation = not final and not text[hi:].strip(" \t\r\n.!*") and \
            not _HEDGED_LABEL.search(text, lo, last.start()) and _MARKED_COMPUTATION.match(text, lo, last.start())  # fmt: skip
        line_start = text.rfind("\n", 0, lo) + 1
        if last.group() == "=" and not spans and prose_number and (text[hi : hi + 1] in (".", "!", "\n") or
                                                                   not text[hi:].strip()) and \
                (_LABELLED_COMPUTATION.search(text, max(lo, last.start() - 120), last.start()) or marked_computation or
                 _label_computed(text, lo, last.start()) or (final and _label_names_value(text, lo, last.start(), hi))):  # fmt: skip
            number = _one_number(text, rest_start, hi)
            changed = (_CHANGED_AFTER_MARKED if marked_computation else _CHANGED_AFTER).search(text, number[1], hi) \
                if number is not None else None  # fmt: skip
            if number is not None and number[0] == rest_start and _COUNTED_AFTER.fullmatch(text, number[1], hi) and \
                    not _UNMARKED_HEDGE.search(text, lo, hi) and not _JUDGED.search(text, lo, hi) and \
                    not _hypothetical(text, lo, hi) and not _CHECKING.search(text, lo, hi) and \
                    not _NOT_A_TOTAL.search(text, lo, last.start()) and not changed and \
                    not _SUPPOSED_BEFORE.search(text, max(0, line_start - 300), line_start) and \
                    not re.search(r"(?i)(?<![A-Za-z])(?:correct|right|true|ok|okay|yes)(?![A-Za-z])", text[number[1] : hi]):  # fmt: skip
                # Total: 4 + 6 + 12 = 22 bananas (a line of its own, the last): the result, then what it counts
                return Extraction("answer", (text[number[0] : number[1]],), rule, number)
        # (its last '=', whatever copula follows: ... = 7,300 more bottles to be able to ...)
        signs = list(_EQUALS_SIGN.finditer(masked, lo, hi)) if final and not spans else []
        equals = signs[-1] if signs else None
        if equals is not None and prose_number and text[hi : hi + 1] in (".", "!") and \
                (_CONCLUSION.match(text, lo, hi) or (not text[hi + 1 :].strip() and not _STEP_OPENS.match(text, lo, hi))) and \
                not _UNMARKED_HEDGE.search(text, lo, hi) and \
                not _JUDGED.search(text, lo, hi) and not _hypothetical(text, lo, hi) and \
                not _CHECKING.search(text, lo, hi) and not _SUPPOSING.search(text, lo, equals.start()) and \
                not _STEP_NOT_A_RESULT.search(text, lo, hi):  # fmt: skip (Therefore, we compute 3 x 4 = 12 first.)
            chained = _chain_result(text, lo, equals, hi)
            if chained is not None:
                # Therefore, Lana has a total of 4 boxes x (2 scarves + 6 mittens) = 4 x 8 = 32 pieces of winter
                # clothing. / Hence, 56 Drinkets = 56 × (3/28) Trinkets = 6 Trinkets.: the result of the sentence's own
                # computation, checked by exact arithmetic
                return Extraction("answer", (text[chained[0] : chained[1]],), rule, chained)
        counted = _counted(rest) if any(_foreign(run) for run in _LETTER_RUN.findall(rest)) else None
        if counted and not any(m.start >= rest_start for m in spans):  # = 4000千克: the number and a counter word
            at = text.find(rest, rest_start, hi)
            return Extraction("answer", (rest[counted[0] : counted[1]],), rule, (at + counted[0], at + counted[1]))
        if after is not None and rest and not _prose(rest):  # are $x=2$ and $x=3$: math joined by connectors
            return Extraction("answer", (_strip_math(rest),), rule, (rest_start, rest_start + len(rest)))
        first = _SENTENCE_WORDS.search(masked, lo, hi)
        start = lo
        if first and _IS_THE_ANSWER.match(masked, first.end(), hi) and text[hi : hi + 1] != "?":
            # so I'm confident that 44 is the correct answer, Thus 44 is the final answer: the lead is no subject
            # (only at the start or after a concluding ", so": "If n = 3, I think 45 ..." and "Why do I think ..."
            # state nothing)
            confident = [m for m in _CONFIDENT.finditer(masked, lo, first.start())
                         if _LEAD.fullmatch(masked, lo, m.start()) or _SO_CLAUSE.search(masked, lo, m.start())]
            start = confident[-1].end() if confident else _LEAD.match(masked, lo, first.start()).end()  # type: ignore[union-attr]
        if first and start == lo and _CHOICES_CORRECT.match(masked, first.end(), hi) and \
                not text[hi:].split("\n", 1)[0].strip(" .!*"):  # fmt: skip (nothing after it: never '..., but (B) is')
            # Therefore, (A) and (C) are correct. / Only (B) is correct. (JEEBench's answers): the choices the verdict
            # names, as after a marker (never other subjects: So 5 is correct. states no answer)
            opened = _LEAD.match(masked, lo, first.start())
            named = _CHOICES_NAMED.fullmatch(text, opened.end() if opened else lo, first.start())
            if named:
                group = 1 if named.group(1) is not None else 2
                return Extraction("answer", (named.group(group),), rule, named.span(group))
        subject = text[start : first.start()].strip().strip("*_`") if first else ""  # **7** is the answer.
        if not spans and subject and first is not None and not _prose(subject) and \
                not _JUDGED.search(masked, first.end(), hi) and \
                not re.search(r"\d", text[first.end() : hi]):  # fmt: skip (BD is 4 units long: the 4 is stated, never BD)
            start = text.index(subject, start)
            return Extraction("answer", (subject,), rule, (start, start + len(subject)))  # x = 4 is the answer
    if len(spans) == 1:
        m = spans[0]
        restated = re.match(r"\s*,\s*(?:i\.e\.|that\s+is,)", text[m.end : hi])
        if restated and _UNCOMPARED_RESTATEMENT.match(text, m.end + restated.end(), hi):
            # So the area is $16\pi$, i.e. about 48.: a restatement with another number, not compared
            return Extraction("none", rule="the final sentence writes its value again in a form not compared", span=(lo, hi))
        if _qualified(masked, last.end() if last is not None else lo, m, hi):
            return Extraction("none", rule="a word changes, bounds or judges the value stated", span=(lo, hi))
        if rule == "final sentence" and _echoed(text, masked, lo, m, hi):
            # Compute $\arcsin(-\frac{1}{2})$. / Find the value of $2+3$.: the problem's instruction written again (a
            # base model echoing its prompt; on the sentence's last line), never a value stated, though the math has the
            # gold's value
            return Extraction("none", rule="the final sentence is an instruction on its math, as a problem asks",
                              span=(lo, hi))  # fmt: skip
        planned = _PLANNED_ON.search(masked, lo, m.start) if rule == "final sentence" else None
        if planned and _PLAN_CONTINUES.match(text, m.end, hi) and not _PLAIN_NUMBER.fullmatch(m.inner.strip()) and \
                (_TEST_VERBS.fullmatch(planned.group(1)) or not _RELATION.search(m.inner)):  # fmt: skip
            # (a number alone is what the step found, never what it is still to compute: Multiplying, we can find $12$.)
            # Then, we can find the product $CD$. / Next, we need to compute $x^2$.: what is still to be computed (a
            # response cut off before its result), never a value stated
            return Extraction("none", rule="the final sentence plans a step on its math and states no value",
                              span=(lo, hi))  # fmt: skip
        counted = _count_of_math(text, masked, lo, hi, m, last) if rule == "final sentence" else None
        if counted is not None:
            # The graph of $y=\frac{2}{x^2+x-6}$ has 2 vertical asymptotes. / So there are 31 subsets of $\{1, ..., 11\}$
            # that ... (GHOSTS' answers): the count the sentence states of its math, never the math (which the problem
            # gave)
            return Extraction("answer", (text[counted[0] : counted[1]],), rule, counted)
        if rule == "final sentence" and _BARE_UNKNOWN.fullmatch(m.inner) and \
                (_SOUGHT_OF.search(masked, last.end() if last is not None and last.end() <= m.start else lo, m.start)
                 or (last is None and _SEEKING.search(masked, lo, m.start) and
                     not _GIVING.search(masked, lo, hi))):  # fmt: skip
            # Solving this equation will give us the value of $x$. / Let's proceed to find the minimum value of $n$.:
            # the unknown the sentence names, no value (never after a copula, So the variable left is $y$., nor what a
            # step gave, Thus we obtain $x$., So we choose $C$.)
            return Extraction("none", rule="the final sentence names an unknown and states no value", span=(lo, hi))
        return Extraction("answer", (m.inner.strip(" "),), rule, m.span())
    if len(spans) > 1 and _assignments_joined(text, spans, lo, hi):
        # Therefore, $x = 2$ and $y = 3$.: values of named unknowns joined by connectors state the answer together
        start, end = spans[0].start, spans[-1].end
        return Extraction("answer", (_strip_math(text[start:end]),), rule, (start, end))
    stated_last = _concluding_clause(text, spans, lo, hi) if len(spans) > 1 else None
    if stated_last is not None:
        # The cost was $\$15$, so their profit was $93 - 15 = \$78$. / So, the expression \[A\] simplifies to \[B\]: the
        # math the sentence's concluding clause states last
        return Extraction("answer", (stated_last.inner.strip(" "),), rule, stated_last.span())
    if len(spans) > 1:
        return Extraction("none", rule="several math spans in the final sentence, none stated as the answer",
                          span=(lo, hi))  # fmt: skip
    concluding = _CONCLUSION.match(text, lo, hi) if rule == "final sentence" and not spans and prose_number else None
    if concluded and not spans:
        concluding = _EMPTY.match(text, lo)  # (after an answer phrase: the marker concludes, The answer is Dana ...)
    restating = rule == "final sentence" and not spans and prose_number and not concluding
    told = concluding.end() if concluding else lo if restating else hi
    said = text[told:hi]
    alone = _one_number(text, told, hi) if (concluding or restating) and \
        not re.search(r"[=<>≠≤≥≈^+]|(?<![A-Za-z])/|/(?![A-Za-z])", said) and \
        not _PROSE_NUMBER_BLOCKED.search(_without_difference(text, told, hi)) else None  # fmt: skip (So x != 3, So 5 is wrong)
    only = restating and not text[:lo].strip(" \t\r\n*#>-") and not _UNMARKED_HEDGE.search(text, lo, hi) and \
        not _hypothetical(text, lo, hi) and not _NOT_ONE_STATEMENT.match(text, lo, hi) and \
        not _ONE_SENTENCE_HEDGED.search(text, lo, hi)  # fmt: skip (the response is this one sentence, a statement that
    # neither hedges, supposes, reports, bounds nor tells of the past)
    if only and alone is not None and re.search(r"(?i),\s*(?:which|who|where|whose)(?![A-Za-z])", text[lo : alone[0]]):
        only = False  # The taller tree is the oak, which stands 36 feet tall.: the number describes, the copula answers
    if alone is not None and restating and ((not only and not _restates_result(text, lo, text[alone[0] : alone[1]]))
                                            or text[hi : hi + 1] not in (".", "!") or _NOT_A_RESULT.search(said)):
        # There are 3 dots in each group. (no lead): only right after the computation that gave 3, or as the whole
        # response (TabMWP's one-sentence answers), a whole sentence (never cut off) that is no step, plan or remark (We
        # convert 120 minutes to hours. Keep 12 in mind.)
        alone = None
    if alone is None and concluding and text[hi : hi + 1] in (".", "!") and not _PROSE_NUMBER_BLOCKED.search(said):
        alone = _one_spelled(text, told, hi)  # So the trip takes fifteen minutes.
    fraction = _FRACTION_ALONE.search(said) if alone is None and concluding and text[hi : hi + 1] in (".", "!") else None
    if fraction and len(re.findall(r"\d+", said)) == 2 and not re.search(r"[=<>≠≤≥≈^+*×÷]", said) and \
            not _PROSE_NUMBER_BLOCKED.search(said) and not _NUMBER_WORD.search(said) and \
            not _OPERATOR_BEFORE.search(said, 0, fraction.start()):  # fmt: skip
        alone = (told + fraction.start(), told + fraction.end())  # Therefore, Louis and Jack together eat 13/15 of the pie.
    if alone is None and (concluding or restating) and text[hi : hi + 1] in (".", "!"):
        # Therefore, the zookeeper needs to order 1400 bananas to last for 2 months. (right after = 1400): the result
        # restated among the givens
        # (after a concluding word, a pronoun or a modal makes no step: Therefore, we need 9 vases to hold 7 carnations
        # and 47 roses., Rosie can run 50 miles in 7 hours.; a verb of a step still does: Therefore, we convert ...)
        alone = _result_in_sentence(text, told, hi, lo, marked=False, concluded=concluding is not None)
    lead, rest_of = (text[told : alone[0]], text[alone[1] : hi]) if alone else ("", "")
    if alone is not None and not _NUMBERED.search(text, max(lo, alone[0] - 12), alone[0]) and \
            not _KNOWN_SET.search(lead) and not re.match(r"\s*(?:!|-\s*\d|-odd|\()|[^;:(]*[;:(]", rest_of) and \
            not ("," in rest_of and not _LIST_AFTER.fullmatch(rest_of)) and \
            (re.search(r"[A-Za-z]", lead) or _NOUN_ONLY.fullmatch(rest_of) or
             (_COUNTED_SUBJECT.match(rest_of) and _restates_result(text, lo, text[alone[0] : alone[1]]))):  # fmt: skip
        # Therefore, Lara read 128 pages on the first day. / So, it took James 2 hours. (GSM8K-style prose: a
        # concluding final sentence whose one number, in no math, is exact and no label of a step or a part)
        return Extraction("answer", (text[alone[0] : alone[1]],), rule, alone)
    bold = _bold_value(text, lo, hi, marked=False) if rule == "final sentence" and prose_number and not spans and \
        text[hi : hi + 1] in (".", "!") and not _BOLD_NOT_STATED.search(text, lo, hi) and \
        not _NOT_ONE_STATEMENT.match(text, lo, hi) and not _denied(text, lo, hi) else None  # fmt: skip
    if bold is not None and (_restates_result(text, lo, text[bold[0] : bold[1]]) or
                             (concluding and not _other_number(text, lo, hi, bold))):  # fmt: skip
        # ... = 142 fruits\n\nRicardo can get **142** fruits from his plants. (Gemma's answers): the one value the
        # final sentence sets in bold, when it restates the result of the computation right before it, or concludes
        # and is the sentence's only number
        return Extraction("answer", (text[bold[0] : bold[1]],), rule, bold)
    clock = _CLOCK_STATED.search(text, told, hi) if (concluding or only) and not spans and \
        text[hi : hi + 1] in (".", "!") else None  # fmt: skip
    if clock and len(re.findall(r"\d+", said)) == 2 and not _PROSE_NUMBER_BLOCKED.search(said) and \
            not _NOT_A_RESULT.search(said) and not _hypothetical(text, lo, hi) and \
            not _NUMBER_WORD.search(said) and not _OTHER_TIME.search(said) and not _ONE_SENTENCE_HEDGED.search(said) and \
            not _NOT_ONE_STATEMENT.match(text, lo, hi) and len(re.findall(r"(?i)(?<![A-Za-z])at(?![A-Za-z])", said)) <= 1:  # fmt: skip
        # The school board meeting begins at 10:55 A.M. (the whole response) / So the bus leaves at 2:30 P.M.: its one
        # clock time
        return Extraction("answer", (clock.group(1),), rule, clock.span(1))
    return Extraction("none", rule="no marker, and the final sentence states no answer", span=(lo, hi))


# a one-sentence response that is no statement of an answer: a question, an instruction (How much money does Becky
# need ... for $38.61., Use the table to find ...); and words that hedge, bound, report or date its number
_NOT_ONE_STATEMENT = re.compile(r"(?i)[\s*#>-]*(?:how|what|why|when|where|which|who|whom|whose|can|could|does|do|did|is|"
                                r"are|was|were|will|would|should|shall|may|might|use|find|add|subtract|multiply|divide|"
                                r"look|read|count|take|let|compute|calculate|figure|determine|solve|check|begin|start|go|"
                                r"write|list|compare|round|first|next|then|now)(?![A-Za-z])")
_ONE_SENTENCE_HEDGED = re.compile(r"(?i)(?<![A-Za-z])(?:ballpark|upwards?|neighbou?rhood|somewhere|and\s+change|told|"
                                  r"according|says|said|used\s+to|last\s+(?:week|month|year|time)|beginning|originally|"
                                  r"initially|previously|supposed|schedul\w*|earliest|latest|usually|planned|expected)"
                                  r"(?![A-Za-z])")
# besides its clock time, another time in the sentence (arrives at half past ten, at noon, three hours later)
_OTHER_TIME = re.compile(r"(?i)(?<![A-Za-z])(?:noon|midnight|half|quarter|o['’]clock|hours?|minutes?|later|earlier)"
                         r"(?![A-Za-z])")
# a fraction written with a slash alone in words (13/15 of the pie; never a date, a rate or a path: 3/4/2021, km/h)
_FRACTION_ALONE = re.compile(r"(?<![\w./])-?\d+/\d+(?![\w/]|\.\d)")
# a clock time stated in a sentence: after 'at' or a copula, hours and minutes with a.m. or p.m. or none
_CLOCK_STATED = re.compile(r"(?i)(?<![A-Za-z])(?:at|is|was|be)\s+(\d{1,2}:[0-5]\d(?:\s*[ap]\.?\s*m\.?)?)(?![\d:]|\.\d)")


# in a final sentence without a marker, words that make its bold value a step, a plan, a remark or a past value
_BOLD_NOT_STATED = re.compile(r"(?i)(?<![A-Za-z])(?:we|we'll|we're|let's|let|I|I'll|us|our|steps?|plans?|planned|"
                              r"imagine|example|originally|initially|previously|before|earlier|ago|yesterday|first|"
                              r"later|next|then|keep|test|sanity|why|how|what|which|who|whose|does|did|do|multiply|"
                              r"divide|add|subtract|take|split|find|compute|calculate|solve|check|verify|last|previous|"
                              r"prior|comparison|question|asks?|but|however|hopes?|wants?|used\s+to|told|according|"
                              r"ballpark|something|as\s+many\s+as|as\s+long\s+as|in\s+case|no\s+longer|must|should)"
                              r"(?![A-Za-z])")


# the verbs that state a quantity (she has, it costs, he walks, they sold), read before a computation or a number in words
_QUANTITY_VERBS = (r"(?:has|have|had|needs?|needed|takes?|took|pays?|paid|spends?|spent|earns?|earned|gets?|got|buys?|"
                   r"bought|makes?|made|sells?|sold|eats?|ate|reads?|uses?|used|owes?|owed|saves?|saved|costs?|weighs?|"
                   r"weighed|holds?|held|contains?|requires?|required|collects?|collected|receives?|received|gives?|gave|"
                   r"wins?|won|scores?|scored|walks?|walked|runs?|ran|drives?|drove|travels?|traveled|travelled|"
                   r"is|are|was|were|be)")
# in a final sentence, a computation of numbers alone right after a verb that states a quantity (there are 4/2 =, is
# 46 - 39 =, Jean is 8.6 + 2 =); never after a name (x = 7), an 'as' or a 'Verification:'
# (each operand a number with at most five words of unit after it: 48 cans + 24 cans, 21 kg x 7 days, $20/day)
_OPERAND = r"\(?\$?\d[\d.,]*(?:/[A-Za-z]+)?\)?(?:[ \t]+(?![xX](?![A-Za-z]))[A-Za-z]+(?:/[A-Za-z]+)?\)?){0,5}"
_COMPUTED_BEFORE = re.compile(rf"(?i)(?<![A-Za-z])(?:{_QUANTITY_VERBS}|(?:a\s+)?total\s+of)\s+{_OPERAND}"
                              rf"(?:\s*[-−+*/×÷·x]\s*{_OPERAND})+\s*\Z")
# in such a line, a label or words after its result that make it no answer (a hint, a test, a given, a step; too
# many, initially, doubled)
_NOT_A_TOTAL = re.compile(r"(?i)(?<![A-Za-z])(?:hint|example|incorrect|wrong|test|sanity|given|subtotal|first|next|"
                          r"alternative|if|claim|step|last|previous|old|estimate\w*)(?![A-Za-z])")
_CHANGED_WORDS = r"too|over\w*|under\w*|initially|originally|before|after|later|doubled?|refund\w*|short"
_CHANGED_AFTER = re.compile(rf"(?i)(?<![A-Za-z])(?:{_CHANGED_WORDS}|needed|each|per)(?![A-Za-z])")
# a line of its own that computes numbers alone after a label (Total: 4 + 6 + 12 =, Additional bottles needed = 140 - 48 =)
_CHAIN = rf"{_OPERAND}(?:[ \t]*[-+*/×÷·x][ \t]*{_OPERAND})+[ \t]*\Z"
_LABELLED_COMPUTATION = re.compile(r"(?<![^\n])[ \t]*(?:[-*•][ \t]*)?(?:\*\*)?[A-Za-z][A-Za-z' ]{0,50}(?:\*\*)?[ \t]*[:=][ \t]*"
                                   + _CHAIN)
# after an answer phrase, the same from the phrase on, its label optional and free of digits (Answer: Total number of
# cans collected = 48 cans + 24 cans = 72 cans., Answer: The number Anthony kept = x - y - z = 50 - 25 - 15 = 10.,
# Answer: 21 kg x 7 days = 147 kg of dog food per week)
_MARKED_COMPUTATION = re.compile(r"(?:\*\*)?(?:[A-Za-z][^\n\d]{0,100}?(?:\*\*)?[ \t]*[:=][ \t]*)?" + _CHAIN)
# in the lines right before a labelled computation, a supposition it works under (**Let's say the building has 10
# floors:**\n* Total = 2 units/floor * 10 floors = 20 units.: a missing given supposed, never the answer stated)
_SUPPOSED_BEFORE = re.compile(r"(?i)(?<![A-Za-z])(?:let's\s+say|let\s+us\s+say|let's\s+assume|let\s+us\s+assume|suppose|"
                              r"supposing|hypothetically|for\s+example|for\s+instance|say\s+there\s+(?:are|is))(?![A-Za-z])")
# in such a computation's label, a bound, an estimate or a supposition (Upper bound:, At most:, Imagine:, Maximum:)
_HEDGED_LABEL = re.compile(r"(?i)(?<![A-Za-z])(?:bound|most|least|max\w*|min\w*|imagine\w*|hypothetical\w*|suppos\w*|"
                           r"assum\w*|best|worst|case|estimat\w*|approx\w*|roughly|about|if|example|guess|limit)(?![A-Za-z])")
# (after an answer phrase, a rate or a need is what was asked: = 5 diapers per day, = 10 tablespoons needed)
_CHANGED_AFTER_MARKED = re.compile(rf"(?i)(?<![A-Za-z])(?:{_CHANGED_WORDS})(?![A-Za-z])")
# after the result of a computation in a final sentence, the words that say what it counts and nothing else (= 2 dots
# in each group, = 7 entries per year, = 10.2 years old; never = 7 into this equation, = 4 * x, = 2) to illustrate)
# (a word may be hyphenated, 2 t-shirts, 25 push-ups; a sum may close it, = $8 in total)
_COUNTED_AFTER = re.compile(r"(?i)\s+(?:(?!(?:into|in|for|to|from|and|or|is|are|was|were|by|with|as|than|on|at|of|if|"
                            r"when|which|that|so|but|then)\b)[A-Za-z]+(?:-[A-Za-z]+)?(?:\s+[A-Za-z]+(?:-[A-Za-z]+)?){0,6}|"
                            r"in\s+(?:total|all))\s*")


# what follows 'times' when it multiplies (5 times as many, 3 times the price, 2 times 6)
_TIMES_MULTIPLIES = (r"(?:as|more|less|fewer|larger|bigger|greater|smaller|faster|slower|longer|shorter|higher|lower|the|"
                     r"that|this|of|a|an|what|his|her|their|its|\$?\d)(?![A-Za-z])")
# 'times' after a number that ends its sentence, or before a total or a period only, counts (The doorbell rang 175
# times., 84 times in all, 3 times in a week; never 175 times if it rang at all, 175 times Bob's count)
_COUNTING_TIMES = re.compile(r"(?i)[ \t]+times(?=[ \t]*(?:(?:in[ \t]+all|in[ \t]+total|altogether|overall|"
                             r"(?:in|during|over)[ \t]+(?:a|one|the|that|this)[ \t]+[a-z]+|(?:a|per|each|every)[ \t]+"
                             r"[a-z]+)[ \t]*)?[.!]?[ \t]*\Z)")
# in a sentence that restates a computed result among other numbers: words that make no number in it the answer
# stated (a hedge, a verdict, a supposition, a step, a contrast, a bound) ...
_RESULT_BLOCKED = re.compile(
    r"(?i)(?<![A-Za-z])(?:wrong|incorrect|false|impossible|invalid|perhaps|maybe|likely|unlikely|probably|possibly|guess|"
    r"believe|think|seems?|appears?|suppose|supposing|assum\w*|unless|whether|let|let's|try|check|verify|"
    r"estimat\w*|approx\w*|roughly|nearly|almost|might|may|but|however|instead|rather|actually|if|when|or|"
    # (could with a verb that counts or buys restates the question's modal, Mikka could order 28 pizzas.; could be,
    # could have, could lose and could with an adverb hedge)
    r"could(?![ \t]+(?:order|buy|purchase|make|get|earn|afford|fit|read|run|walk|drive|pay|save|sell|bake|eat|plant|"
    r"pack|fill|serve|hold|carry|feed|build|bring|invite|seat|travel|cover|produce|collect|choose|form|arrange|"
    r"create|paint|spend|receive|score|finish|complete|type|knit|sew|cook|donate|give|share|keep|use)(?![A-Za-z]))|"
    r"otherwise|ideally|hypothetically|theoretically|in\s+theory|"
    r"either|neither|both|percent|fraction|twice|half|\w+n['’]t|nobody|none|nothing|hardly|barely|untrue|error|"
    # (times right after a number counts, unless it multiplies: Robert went down the slide 84 times. / 3 times as many)
    rf"(?<!\d[ \t])times|times(?=[ \t]+{_TIMES_MULTIPLIES})|"
    r"mistaken?|nope|contrary|ballpark|near|close|hopefully|shy|upwards?|excess|maximum|minimum|max|min|limit|i\.e|"
    r"that\s+is|out\s+of|in\s+other\s+words|while|whereas|versus|vs|against|without|regular|list|told|also|"
    # (would states the question's conditional, Jordan would earn $140 in one week; would have, what did not happen)
    # (would have with a participle, never with the quantity it has: Dave would have 16 tickets.)
    r"would\s+have(?![ \t]+(?:\$|\d|a[ \t]+total(?![A-Za-z])))|"
    r"too|tops|which|then|yet|step|another|previously|later|used\s+to|hoped|many|someone|brother|sister|"
    r"friend|friends|begin|discount|left\s+to|plus|mod|modulo|remainder)(?![A-Za-z])"
    r"|[?=<>≈~^%/+*×÷()\[\];→]|,\s*and(?![A-Za-z])|\d\s*[-x]\s*\$?\d")
# ... and words right before or after the number that bound or label it (more than 5, at least 5, step 5, 5 or more)
_RESULT_BOUND_BEFORE = re.compile(r"(?i)(?<![A-Za-z])(?:more|less|fewer|greater|larger|smaller|least|most|up\s+to|over|"
                                  r"under|about|around|above|below|within|upwards\s+of|than|no|not|step|part|case|page|"
                                  r"number|plus|minus|the|these|those|at|as|day|by|#|-?\d[\d,.]*\s*(?:,|&|and|to))\s*\$?\s*\Z")
# (1 and -1 are the generators: a list of values, never its first alone)
_RESULT_BOUND_AFTER = re.compile(r"(?i)\s*(?:or\s+(?:more|less|fewer|so)|\+|-?ish|plus|minus|(?:,|&|and|to)\s*-?\$?\d)"
                                 r"(?![A-Za-z])")


# a preposition of time (and a determiner or an ordinal) right before a number, and a unit of time right after it: a
# period the question gave (in 6 weeks, for 6 hours, over the first 15 minutes, after 3 days)
_PERIOD_NOUNS = (r"(?:seconds?|minutes?|hours?|days?|nights?|weeks?|weekends?|months?|years?|decades?|seasons?|"
                 r"semesters?|terms?|quarters?)")
_PERIOD_AFTER = re.compile(rf"(?i)[ \t]+{_PERIOD_NOUNS}(?![A-Za-z])(?![ \t]+(?:per|each|every|a|an)(?![A-Za-z]))")
_PERIOD_BEFORE = re.compile(r"(?i)(?<![A-Za-z])(?:in|for|over|during|within|after)[ \t]+(?:(?:the|its|his|her|their)[ \t]+)?"
                            r"(?:(?:first|last|next|past|following)[ \t]+)?\Z")


def _period_given(text: str, lo: int, number: re.Match[str], hi: int) -> bool:
    """Whether ``number`` in the sentence text[lo:hi] is a period of time after a preposition (in 6 weeks, for 6
    hours): a circumstance the question gave, never a second result."""
    return bool(_PERIOD_BEFORE.search(text, max(lo, number.start() - 30), number.start()) and
                _PERIOD_AFTER.match(text, number.end(), hi))  # fmt: skip


# a determiner and at most one word right before a number: a set already known (the remaining 4 windows)
_NAMED_SET_BEFORE = re.compile(r"(?i)(?<![A-Za-z])(?:the|these|those|its|his|her|their|all)\s+(?:[A-Za-z]+\s+)?\Z"
                               # (or a circumstance of the result: earned $1000 from selling 2000 apples in 200 bags)
                               # (never with or on: He has 7 pears with 5 apples.)
                               r"|(?<![A-Za-z])(?:in|at|for|from|of|after|across|into|within|during)\s+\$?\Z")


def _result_in_sentence(text: str, lo: int, hi: int, before: int, marked: bool = True,
                        computed_as: str | None = None, concluded: bool = False) -> tuple[int, int] | None:
    """The span of the number a prose sentence text[lo:hi] restates from the computation that ends right before
    ``before`` (its last ``= N``), when other numbers stand beside it: ``... = $64\n\nAnswer: Kylar needs to pay $64
    for 16 glasses.``, ``... = 1400\n\nTherefore, the zookeeper needs to order 1400 bananas to last for 2 months.``
    (older chat models' answers). Only when exactly one number there has that value, no other is the result of an
    earlier computation (8 balloons and 79 balls: two results, no one answer), and nothing hedges, judges, supposes,
    computes again or bounds it (without a marker, ``marked`` False, nor makes it a step, a plan or a remark: We
    convert 120 minutes to 2 hours.); None otherwise. ``computed_as``: the result, when the computation is the
    sentence's own check after it (``Sophia can drive 300 miles (12 gallons x 25 miles/gallon = 300 miles).``)."""
    text = _without_restated_ordinals(text, lo, hi)
    found = _last_result(text, before) if computed_as is None else None
    written = computed_as if found is None else found.group(1)
    result = _value(written) if written is not None else None
    tail = _CONDITION_TAIL.search(text, lo, hi)
    tail = tail if tail and text[lo : tail.start()].strip(" \t*") else None  # (never a whole sentence)
    # (a condition that ends the sentence is the question's restated: Karen earns $120 in two days if she works 3 hours
    # per day.; never one that hedges, computes, gives a value or supposes the past: 5, if I am right / if x = 2 / if
    # she had worked all 5 days; after a phrase, so is 'would': Jordan would earn $140 in one week; without a phrase it
    # still supposes: She would earn $60 ... after So she earns $36.)
    condition = tail.start() + len(tail.group().split()[0]) if tail else hi  # (after its own if or when)
    cut = tail.start() if tail and not _CONDITION_HEDGED.search(text, condition, hi) and \
        _restated_condition(text, condition, hi) else hi  # fmt: skip
    if result is None or _math_spans(text, lo, hi) or _ESCAPED.sub("", text[lo:hi]).count("\\") or \
            _INVERTED_CONDITION.match(text, lo, hi) or _INVERTED_ANYWHERE.search(text, lo, hi) or \
            _RESULT_BLOCKED.search(text, lo, cut) or _denied(text, lo, hi) or \
            (not marked and ((_STEP_NOT_A_RESULT if concluded else _NOT_A_RESULT).search(text, lo, cut) or
                             (_UNMARKED_WOULD.search(text, lo, hi) and not _CONCLUSION.match(text, before, lo)))) or \
            _hypothetical(text, lo, cut, modal=False):  # fmt: skip
        return None
    if found is not None:
        line = text.rfind("\n", 0, found.start()) + 1
        operands = _OPERANDS.search(text, max(line, found.start() - 200), found.start())
        computed_from = operands.start() if operands else found.start()
        unit = _UNIT_AFTER.match(text, found.end(1), min(len(text), found.end(1) + 40))
        if _CHECKING.search(text, line, found.start()) or \
                _given_before(text, max(0, computed_from - 20000), computed_from, result, unit.group(1) if unit else None,
                              text[found.start(1) - 1 : found.start(1)] == "$"):
            # Check: 3 × 20 = 60 / Tom has 7 apples and wants 12. 7 + 5 = 12: a check or a given, never the answer
            return None
    if any(not re.search(rf"(?i)(?<![A-Za-z-]){re.escape(m.group())}(?![A-Za-z-])", text[:lo])
           and not _given_in_words(text, m, lo, result) for m in _CARDINAL_WORD.finditer(text, lo, hi)):  # fmt: skip
        # Answer: With 3 boxes of 24 eggs, she has seventy-two eggs.: an answer in words beside it (a number in words
        # written before is a given restated: Lloyd earned $130 for the first two weeks.; so is a whole number in words
        # other than the result tied to a given: Uncle Ben needs 4 bags of oats for five days. after 20 / 5 = 4)
        return None
    numbers = list(_NUMBER.finditer(text, lo, hi))
    if len(numbers) > 8 or len(re.findall(r"\d+", text[lo:hi])) != sum(len(re.findall(r"\d+", m.group())) for m in numbers):
        return None  # digits inside a word or a label (3rd, 5-year-old, A4): not read here
    values = [_value(m.group()) for m in numbers]
    same = [m for m, v in zip(numbers, values) if v == result]
    if len(same) != 1:
        return None
    # (only what a computation gives: a copula or a verb before a number, There are 2000 apples., to make 16 muffins,
    # and an assignment, Number of cookies = 5, state givens as often as results)
    computed: dict[Fraction, int] = {}  # each result and where it was first computed
    for m in _RESULT_BEFORE.finditer(text, 0, before):
        v = _value(m.group(1))
        if v is not None and v not in computed and _computes_before(text, m.start()):
            computed[v] = m.start()
    if any(v in computed and not _given_with_its_noun(text, m, hi, computed[v]) for m, v in zip(numbers, values)
           if m is not same[0] and not _NAMED_SET_BEFORE.search(text, max(lo, m.start() - 30), m.start())):  # fmt: skip
        # (another result named as a set already known is no second answer: the remaining 4 windows; nor is a given
        # written with its noun before the computation that gives its value again: 6 pounds, then 3 pounds * $2 =
        # $6.00, then It costs $18 to buy 6 pounds.)
        return None
    if any(not _written_before(text, m.group(), 0, before) and not _period_given(text, lo, m, hi)
           for m in numbers if m is not same[0]):  # fmt: skip
        # Edward had to use 2 boxes to pack the remaining 16 games. (after 35 - 19 = 16): a number written for the
        # first time may be the answer; the others must be givens restated (or a period the question gave: Patrick
        # earned $42 from selling lemonade for 6 hours.)
        return None
    at = same[0]
    if _VARIABLE_BEFORE.search(text, max(lo, at.start() - 10), at.start()) or _OPERATOR_AFTER.match(text, at.end(), hi):
        return None  # there are 12 - x cups, x - 12 cups: an operand, never the value (Ed's total - 33 marbles states it)
    k = numbers.index(at)
    neighbours = [(numbers[k - 1], at)] if k else []
    neighbours += [(at, numbers[k + 1])] if k + 1 < len(numbers) else []
    if any(_LISTED.search(text, a.end(), b.start()) for a, b in neighbours):
        return None  # Tom has 5 apples and 3 oranges. / 8 red balloons, 15 blue ones: several results listed
    if _RESULT_BOUND_BEFORE.search(text, max(lo, at.start() - 20), at.start()) or \
            _RESULT_BOUND_AFTER.match(text, at.end(), hi) or _PARTS_OR_SCALE_AFTER.match(text, at.end(), hi):
        return None  # (and a scale after it: $4.4 million is no 4.4, even after = 4.4 million)
    return at.span()


# a computation in brackets that ends a sentence and checks the number it states: its result
# (it opens at its bracket: a pattern that opened with the spaces before it would rescan a long run of them from each)
_CHECK_AFTER = re.compile(r"\([^()=]{1,120}=[ \t]*\$?[ \t]*(-?\d[\d,]*(?:\.\d+)?)[ \t]*[A-Za-z/ ]{0,30}\)[ \t]*[.!]?[ \t]*\Z")
# a computation that checks the answer (Check: 3 × 20 = 60, **Double-check:**, Verify:), and what lists values
_CHECKING = re.compile(r"(?i)(?<![A-Za-z])(?:check|checking|verify|verifying|verification|confirm|confirming|proof|"
                       r"reverse|plugging\s+back|substituting\s+back)(?![A-Za-z])")
# the numbers and operators a result is computed from, right before its '=' (7 + 5 = 12)
_OPERANDS = re.compile(r"(?:\(?\$?\d[\d.,]*\)?[ \t]*[-+*/×÷·x][ \t]*)*\(?\$?\d[\d.,]*\)?[ \t]*\Z")
# a cardinal number in words that is no set already named (she has seventy-two eggs; never the three months, all
# three girls, one, an ordinal)
# a cardinal number in English words, as a run of them (twelve, twenty-five, three hundred and five)
_CARDINAL = (r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
             r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|"
             r"billion)")
# a number in words tied to a given of the question: after a preposition (for five days, in the first two weeks,
# after ten years) or as a modifier (an eight-hour workday, 5 eight-point bucks); never one set beside the result
# (so twenty bags in total, forty-five with tips, about forty: a second quantity)
_GIVEN_WORD_BEFORE = re.compile(r"(?i)(?<![A-Za-z])(?:for|in|over|during|after|within|per|each|every|of|from|than)\s+"
                                r"(?:(?:the|a|an|its|his|her|their|these|those)\s+)?(?:(?:first|last|next|past|following)\s+)?\Z")
_MODIFIER_AFTER = re.compile(r"-(?!(?:one|two|three|four|five|six|seven|eight|nine)(?![A-Za-z]))[A-Za-z]")


def _given_in_words(text: str, word: re.Match[str], lo: int, result: Fraction | None) -> bool:
    """Whether the number in words ``word`` in a sentence restating ``result`` is one of the question's givens."""
    value = spelled_number(word.group())
    if value is None:  # a fraction in words after a preposition (shaded in three eighths of the grid): a given
        return bool(_GIVEN_WORD_BEFORE.search(text[max(lo, word.start() - 40) : word.start()]))
    if value == result:
        return False
    if _GIVEN_WORD_BEFORE.search(text[max(lo, word.start() - 40) : word.start()]) or _MODIFIER_AFTER.match(text, word.end()):
        return True
    # (or the value of an operand the response wrote in digits before, never as a result, unless listed beside the
    # result: Mikka can order 28 pizzas with two toppings after (8 x 7) / 2 = 28; never 12 apples and two oranges, nor
    # three hours after 120 / 40 = 3 hours)
    return value.denominator == 1 and _written_before(text, str(value), max(0, lo - 20000), lo) and \
        not _computed_before(text, str(value), lo) and \
        not _LISTED.search(text, max(lo, word.start() - 40), word.start())  # fmt: skip


def _computed_before(text: str, number: str, lo: int) -> bool:
    """Whether the 20,000 characters before ``lo`` write ``number`` as the result of a computation: right after an '='
    that ends one (120 / 40 = 3, = $3.00; never an assignment of a given, n = 8 and r = 2)."""
    pattern = re.compile(rf"=[ \t]*\**[ \t]*[$€£]?[ \t]*{_as_written(number)}(?![\d.,]\d|\d)")
    return any(_computes_before(text, m.start(), unknowns=False) for m in pattern.finditer(text, max(0, lo - 20000), lo))


_CARDINAL_WORD = re.compile(
    r"(?i)(?<!the\s)(?<!all\s)(?<!these\s)(?<!those\s)(?<!each\s)(?<!both\s)(?<![A-Za-z])(?!(?:zero|one)(?![A-Za-z]))"
    # (a fraction in words is one: two-thirds, three quarters; written before, it is a given restated)
    rf"(?:{_CARDINAL}(?:-|[ \t]+)(?:halves|thirds|quarters|fourths|fifths|{ORDINAL_PARTS}s)|{_CARDINAL}|dozens?|half|"
    r"halves|thirds?|quarters?|fifths?|twice|thrice|double|triple)(?![A-Za-z])")
_LISTED = re.compile(r"(?i)(?:,|;|&|(?<![A-Za-z])(?:and|plus|along\s+with|as\s+well\s+as|versus|vs\.?|alongside|against|"
                     r"next\s+to|in\s+addition\s+to|together\s+with|besides|while|whereas))\s*(?:[A-Za-z]+\s+)?\$?\s*\Z")


# before a number, what states it as a result of its own: '=' (100 + 150 = 250, Rate of change = 7; never the side of
# an equation in an unknown, 2w + 2(8) = 30, nor a copula, The perimeter is 30 cm: givens); after it, the word that
# says what it counts
_STATED_RESULT_BEFORE = re.compile(r"=[ \t]*\**[ \t]*\$?[ \t]*\Z")
_UNKNOWN_IN_SIDE = re.compile(r"(?<![A-Za-z'’])(?:\d+[a-z]|[b-z])(?![A-Za-z'’])")
# a number as a given may end a clause (2w + 16 = 30, so ...), unlike _NUMBER's
_GIVEN_NUMBER = re.compile(r"(?<![A-Za-z0-9_.,])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![A-Za-z0-9_]|\.\d|,\d)")
_UNIT_AFTER = re.compile(r"[ \t]*\**[ \t]*([A-Za-z]{2,})")
_NOT_ADJECTIVES = {"more", "less", "fewer", "per", "each", "every", "of", "in", "for", "to", "at", "on", "and", "or",
                   "from", "with", "by", "than", "the", "an", "times", "dollar", "cent", "percent"}
_OPERATOR_NEXT = re.compile(r"[ \t]*[-+*/×÷·x][ \t]*[\d($]")


def _given_before(text: str, lo: int, hi: int, result: Fraction, unit: str | None, money: bool = False) -> bool:
    """Whether text[lo:hi] writes ``result`` as a given: never as a result of its own (100 + 150 = 250 customers
    before 500 - 250 = 250 customers) nor with another unit (14 days before 1 piece/day * 14 days = 14 pieces) or
    without the dollar sign of a result in dollars (2 trips before = $2); a given assigned to a label is a given
    (Target = 12 apples.; without a unit, its label names what it counts: Flowers = 5 is no 5 vases)."""
    for m in _GIVEN_NUMBER.finditer(text, lo, hi):
        if (money or unit is not None) and (text[m.start() - 1 : m.start()] == "$") != money:
            continue  # (2 trips before = $2; $2 a day before = 2 weeks: another kind of quantity)
        stated = _STATED_RESULT_BEFORE.search(text, max(lo, m.start() - 12), m.start())
        if _value(m.group()) != result or (stated and (_computes_before(text, stated.start(), unknowns=False) or
                                                      _OPERATOR_NEXT.match(text, m.end(), hi))):  # fmt: skip
            continue  # (= 68 x (1 foot x 1 foot): an earlier result, an operand again)
        after = _UNIT_AFTER.match(text, m.end(), min(hi, m.end() + 40))
        named = after.group(1) if after else None
        second = _UNIT_AFTER.match(text, after.end(), min(hi, after.end() + 40)) if after else None
        if named and second and unit and named.lower() not in UNIT_WORDS and not named.lower().endswith("s") and \
                named.lower() not in _NOT_ADJECTIVES:  # fmt: skip
            named = second.group(1)  # 12 red apples: a word that describes, then what it counts
        if named is None and stated:  # Flowers = 5: what the label names (never vases)
            label = re.findall(r"[A-Za-z]{2,}", text[max(text.rfind("\n", 0, stated.start()) + 1, stated.start() - 60) :
                                                     stated.start()])  # fmt: skip
            named = label[-1] if label else None
        if unit is None or named is None or named.lower().rstrip("s") == unit.lower().rstrip("s"):
            return True
    return False


def _value(number: str) -> Fraction | None:
    try:
        return Fraction(number.replace(",", "").rstrip("%").strip())
    except (ValueError, ZeroDivisionError):
        return None


# a phrase given as a premise (We are given that the answer to the question is 20, so 5x = 20: MetaMath's answers to
# "If we know the answer to the above question is 20, what is x?")
_PREMISE = re.compile(r"(?i)(?<![A-Za-z])(?:(?<!so\s)(?<!thus\s)(?<!hence\s)(?<!therefore\s)(?<!therefore,\s)(?<!now\s)we\s+know|"
                      r"we\s+are\s+(?:given|told)|given|if\s+we\s+know)(?:\s+that)?\s+\Z|"
                      # someone else's answer named (the expected answer is 5, the textbook's answer is 5): a text a
                      # response may quote or be built to plant, never the writer's own claim
                      r"(?<![A-Za-z])(?:expected|reference|gold(?:en)?|official|textbook(?:'s)?|book's|key's|model)\s+\Z")
# in a final sentence checked in brackets, words that make it a step or a remark (We start with 300 miles (...).)
_REMARK = re.compile(r"(?i)(?<![A-Za-z])(?:we|we'll|we're|let's|let|I|I'll|us|our|start|begin|first|next|then|later|"
                     r"last\s+year|previously|originally|initially|hoped?|used\s+to|many|students|someone|example|"
                     r"suppose)(?![A-Za-z])")
# a concluding word before a marker (So the answer to this question is ...)
_LEAD_BEFORE = re.compile(r"(?i)(?<![A-Za-z])(?:so|thus|hence|therefore|finally)\s*(?:,\s*)?\Z")
# every result of a computation before a sentence (= 8, = $79.50): a number beside the one restated that is also a
# result makes the sentence state several results
# an operator between numbers on a line's side of an '=' (100 + 150 =, 3 pounds * $4.00/pound =, (46 - 39) / 1 =)
_COMPUTED_ON_SIDE = re.compile(r"\d[^=\n]{0,80}?[-+*/×÷·x][^=\n]{0,80}?\d")


def _computes_before(text: str, at: int, unknowns: bool = True) -> bool:
    """Whether the '=' (or arrow) at ``at`` ends a computation: numbers and an operator on its side of the line, an
    earlier '=' on the line (a chain: Total = 120 + 67 = 187), or a label the line before computed (Rate = (46 - 39) /
    1 then Rate = 7); with ``unknowns`` False, never a side with an unknown (2w + 2(8) = 30: an equation's given)."""
    if text[at] not in "=≈→" and not text.startswith(("->", "\\approx"), at):
        return False
    line = text.rfind("\n", 0, at) + 1
    side = max(line, text.rfind("=", line, at) + 1)
    if not unknowns and _UNKNOWN_IN_SIDE.search(text, max(side, at - 200), at):
        return False
    return side > line or _COMPUTED_ON_SIDE.search(text, max(side, at - 200), at) is not None or \
        _label_computed(text, line, at)  # fmt: skip


_RESULT_BEFORE = re.compile(r"(?:=|≈|→|->|\\approx|(?<![A-Za-z])(?:is|are|gives?|leaves?|makes?|equals?|get|gets|got|that's|"
                            r"amounting\s+to|amounts?\s+to|totals?|totaling|totalling|comes?\s+to))"
                            r"\s{0,3}\**\\?\$?\s{0,3}(-?\d[\d,]*(?:\.\d+)?)(?![\d.]*\s*[-+*/×÷·x^]\s*\$?\d)")


# can as a modal, never the noun: a noun after an article or a noun that makes it a can, then what ends a noun phrase
# or a verb of its own (a watering can., a can of soup, the trash can costs $14; 3 cans: a plural is no modal either)
_MODAL_CAN = (r"(?:(?<![Aa][ \t])(?<![Aa]n[ \t])(?<![Tt]he[ \t])(?<!each[ \t])(?<!per[ \t])(?<!every[ \t])"
              r"(?<!watering[ \t])(?<!trash[ \t])(?<!garbage[ \t])(?<!soda[ \t])(?<!tin[ \t])(?<!paint[ \t])"
              r"(?<!food[ \t])(?<!spray[ \t])(?<!milk[ \t])(?<!oil[ \t])(?<!gas[ \t])can|"
              # (never before a bare verb: the soda can hold 14 ounces, Plan A can save $14, gas can cost $14)
              r"can(?![ \t]*(?:[.,;:!?)]|\Z)|[ \t]+(?:of|and|or|for|with|from|in|on|at|to|costs|holds|contains|weighs|is|"
              r"was|has)(?![A-Za-z])))")
# in a final sentence without a lead, words that make it a step, a plan or a remark rather than the result restated
_NOT_A_RESULT = re.compile(r"(?i)(?<![A-Za-z])(?:we|we'll|we're|we've|let's|let|I|I'll|I'm|us|our|keep|consider|convert|"
                           r"later|also|again|chapter|page|copyright|began|originally|initially|example|usually|always|"
                           # (it takes is how a duration is stated: It takes John 30 minutes to solve the cube.)
                           r"it(?!\s+(?:takes|took|will\s+take|would\s+take)(?![A-Za-z]))|its|"
                           # (can after an article or a noun that makes it a can: a watering can, a can of soup)
                           r"this|that|here|must|should|" + _MODAL_CAN + r"|could|same|as|before|steps?|parts?|options?|"
                           r"factors?|count|unknowns?|win|first|plans\s+to|planned|planning|wants?\s+to|hopes?\s+to|wish(?:es)?|"
                           r"going\s+to|problem|question|choices?|simplify|compute|calculate|find|solve|evaluate|check|"
                           r"verify|wanted|yesterday|imagine|previously|last\s+year|hopes?|split|neither|why|start|"
                           r"earlier|ago|initial|suppose|last\s+(?:week|month|year|time)|previous|prior|comparison)"
                           r"(?![A-Za-z])")

# ... of which, after a concluding word, only what makes a step, a plan or a remark (never we, it, this, can, must)
_STEP_NOT_A_RESULT = re.compile(r"(?i)(?<![A-Za-z])(?:let's|let|I|I'll|I'm|keep|consider|convert|later|also|again|"
                                r"chapter|page|copyright|began|originally|initially|example|usually|always|steps?|parts?|"
                                r"options?|factors?|count|unknowns?|win|plans\s+to|planned|planning|wants?\s+to|"
                                r"hopes?\s+to|wish(?:es)?|going\s+to|problem|question|choices?|simplify|compute|"
                                r"calculate|find|solve|evaluate|check|verify|wanted|yesterday|imagine|previously|"
                                r"last\s+year|hopes?|split|neither|why|start|earlier|ago|initial|suppose|"
                                r"last\s+(?:week|month|year|time)|previous|prior|comparison)(?![A-Za-z])")


# after a concluding sentence's number, what a comma may bring: a list of words that ends the sentence (on Tuesdays,
# Wednesdays, and Fridays) or a word that sums up (, altogether); never a clause (5 apples, which is 2 more; after
# spinning 2250 degrees, the skater faces west)
_LIST_AFTER = re.compile(r"(?i)[^,\d]*(?:,\s*(?:altogether|in\s+total|in\s+all|overall|combined|in\s+sum)|"
                         r"(?:,\s*[A-Za-z]+){1,6},?\s+(?:and|or)\s+[A-Za-z]+)\s*(?:[.!]\s*)?")


# the result of the computation right before a final sentence: its last '=', then one value (units, <<...>> and
# Markdown around it): 9 ÷ 3 = 3\n\nThere are 3 dots in each group.; $47 x 5 = $<<47*5=235.00>>235.00\n\n...
# (in display math too, the unit in \text: = 54 \, \text{miles} \])
_LAST_RESULT = re.compile(r"=\s{0,3}\**\$?\s{0,3}(-?\d[\d,]*(?:\.\d+)?)(?:>>\$?\1)?\s{0,3}(?:\\?%|[A-Za-z]+(?:\s+[A-Za-z]+){0,2}|"
                          r"(?:\\[,;: ]\s{0,2})?\\(?:text|mathrm|mbox)\s?\{\s?[A-Za-z][A-Za-z ]{0,20}\})?"
                          r"(?:[\s.*$]|\\[\])]){0,8}\Z")


# the result of the computation on the last line before a sentence: its last '=', one value, then words to the line's
# end (/ 7 days = 5 pounds of insects per day, (12 days x 4 books per day = 48 books)., = $64800/month, = 14 more
# pieces than Ginger.), and at most one given after a preposition (= $<<495*15=7425.00>>7425.00 in 1 week.; never
# a clause after a comma: = 27 dollars, 3 dollars less than his budget); searched
# in the line's last 200 characters (bounded work)
_LINE_WORDS = r"(?:[^=\n<>≈+*/×÷,;\d-]|(?<![ \t])-(?![ \t]*\d)|(?<=[A-Za-z])/(?=[A-Za-z]))"
_LINE_RESULT = re.compile(rf"=[ \t]{{0,3}}\**\$?[ \t]{{0,3}}(-?\d[\d,]*(?:\.\d+)?)(?:>>\$?\1)?(?![\d.,]*\d){_LINE_WORDS}{{0,80}}"
                          rf"(?:[ \t](?:in|for|per|over|during|within|each|every|on)[ \t]+(?:[A-Za-z]+[ \t]+){{0,3}}\$?\d[\d.]*"
                          rf"{_LINE_WORDS}{{0,40}})?\Z")
# a program's printed output, one number alone in the fenced block that ends the text (ToRA's and the tool-integrated
# models' format: ```output\n16.0\n```): the result of the computation the program made
_PRINTED_RESULT = re.compile(r"```[ \t]*output[ \t]*\n[ \t]*(-?\d[\d,]*(?:\.\d+)?)[ \t]*\n[ \t]*```\Z")
# a step's label that opens a line (Step 3: Melanie has 83 dimes now.): layout, never a number of the sentence
_STEP_LABEL = re.compile(r"(?i)(?:\*\*)?step[ \t]*\d{1,2}[ \t]*[:.)](?:\*\*)?[ \t]+(?=[A-Za-z])")
# ... or ends its own line, alone or with a step of the plan that computes nothing (= 208\n\nStep 3: Show the answer.\n\n
# Iesha has 208 books about sports.: Plan-and-Solve's prompt)
_STEP_LABEL_END = re.compile(r"(?i)(?<![^\n])[ \t]*(?:(?:\*\*)?step[ \t]*\d{1,2}[ \t]*[:.)]?|\d{1,2}[.)])(?:\*\*)?"
                             r"(?:[ \t]+(?![^\n]*(?<![A-Za-z])(?i:wait|wrong|incorrect|not|oops|redo|mistakes?|hmm+|"
                             r"errors?|unsure|sure|but|actually|recheck|again|instead)(?![A-Za-z]))[A-Za-z][^\n\d=<>+*/×÷$%]{0,80})?\Z")
# a backslash that only escapes a dollar or a percent sign in prose (Pam pays \$10 more than Susan.)
_ESCAPED = re.compile(r"\\[$%]")
# an unknown and an operator right before a number (x - 12, y + 3): an operand
_VARIABLE_BEFORE = re.compile(r"(?<![A-Za-z'’])[A-Za-z][ \t]*[-−+*/×÷·][ \t]*\$?\Z")
# a sentence that opens with an inverted condition (Had Kylar paid $64, he would be broke.): supposed, never stated
_INVERTED_CONDITION = re.compile(r"(?i)[ \t*]*(?:had|were|should)[ \t]+(?!\d)[A-Za-z]")
# ... or that sets one anywhere (Kylar would be broke, had he paid $64.; were he to work every day)
_INVERTED_ANYWHERE = re.compile(r"(?i)(?<![A-Za-z])(?:had|were|should)[ \t]+(?:he|she|they|it|we|I|you)(?![A-Za-z])")
# without a phrase or a concluding word, a modal that supposes (She would earn $60 ...; never Therefore, a bag of
# marbles would cost $92 after 36 months.)
_UNMARKED_WOULD = re.compile(r"(?i)(?<![A-Za-z])(?:would|could|might)(?![A-Za-z])")
# a condition that ends a sentence, and what in it hedges, doubts or computes (if I am right, if any, if x = 2)
# (it opens at its word: a pattern that opened with the spaces before it would rescan a long run of them from each)
# (a condition before its main clause has a comma after it, and supposes: If she solves 3 puzzles, Anna takes 7 hours.)
_CONDITION_TAIL = re.compile(r"(?i)(?<=[ \t,(])(?:if|when)[ \t]+[^.!?\n,]{1,120}\Z")
_CONDITION_HEDGED = re.compile(r"(?i)(?<![A-Za-z])(?:I|I'm|we|we're|us|my|our|correct\w*|right|mistakes?|wrong|any|not|"
                               r"never|\w+n['’]t|possible|true|false|assum\w*|round\w*|read|interpret\w*|question|problem|"
                               r"means?|meant|exact\w*|needed|necessary|so|than|or|only|else|otherwise|instead|ever|at\s+all|"
                               r"correctly|had|were|was|too|also|as\s+well|if|when|else|still|then|count\w*)(?![A-Za-z])"
                               r"|[=<>≈~^%/+*×÷()\[\];:?$]")


# a label that opens a line and ends at its '=' (Total number of raspberries =, Amy's score =)
_LINE_LABEL = re.compile(r"[ \t]*(?:[-*•][ \t]*)?(?:\*\*)?([A-Za-z][A-Za-z' ]{0,60}?)(?:\*\*)?[ \t]*\Z")
# (each word whole: a run of letters split every way would be tried, n^4 on a long one)
_COMPUTATION = re.compile(r"\d[\d.,]*\)?[ \t]*(?:[a-zA-Z]+(?![a-zA-Z])[ \t]*){0,5}[-+*/×÷·x][ \t]*\(?\$?\d")


def _label_computed(text: str, lo: int, at: int) -> bool:
    """Whether the line text[lo:at] is a label before its '=' whose line before (the last one written) gives the same
    label a computation (Total number of raspberries = 120 + 67\n\nTotal number of raspberries = 187 raspberries)."""
    line = text.rfind("\n", 0, lo) + 1
    label = _LINE_LABEL.fullmatch(text, lo, at)
    if label is None or text[line:lo].strip() or len(text) - at > 200:
        return False
    end = len(text[:line].rstrip())
    previous = text[text.rfind("\n", max(0, end - 300), end) + 1 : end]
    name = re.escape(label.group(1).strip())
    before = re.match(rf"[ \t]*(?:[-*•][ \t]*)?(?:\*\*)?{name}(?:\*\*)?[ \t]*=([^=\n]*)\Z", previous)
    return before is not None and _COMPUTATION.search(before.group(1)) is not None


def _label_names_value(text: str, lo: int, at: int, hi: int) -> bool:
    """Whether the line text[lo:at] is a label in words alone before its '=', which names the value after it as a
    whole reply's label does, and at most three words of what it counts follow the value up to ``hi`` (the last line
    Total = 48 legs, as Total = 48 is read; never a label that doubts, bounds, supposes, judges or marks a step: Lower
    bound = 48 legs, First total = 20 legs, Let's count = 3 legs; never an unknown's or a clause's: So x = 7 lies
    outside the domain.)."""
    line = text.rfind("\n", 0, lo) + 1
    label = _LINE_LABEL.fullmatch(text, lo, at)
    if label is None or text[line:lo].strip() or len(label.group(1).strip()) < 3 or \
            not _NAMED_VALUE_TAIL.fullmatch(text, at + 1, hi):  # fmt: skip
        return False
    words = label.group(1)
    if re.search(r"(?i)(?<![A-Za-z'])[A-Za-z](?![A-Za-z'])|\A\s*(?:so|thus|hence|therefore|then|and|but|now)(?![A-Za-z])",
                 words) or _NOT_A_NAMED_TOTAL.search(words):  # fmt: skip
        return False  # (an unknown's name or a concluding word: an equation's statement, read as such)
    counted = re.findall(r"[A-Za-z]+", text[at + 1 : hi])
    if any(_NOT_COUNTED.fullmatch(word) for word in counted):
        return False  # Total = 48 legs I think, Total = 48 legs yesterday, Total = 24 legs halved
    return _prose(words) and not any(
        pattern.search(words) for pattern in (_NOT_A_TOTAL, _LABEL_DOUBTS, _JUDGED, _UNMARKED_HEDGE, _INEXACT,
                                              _NOT_A_RESULT, _HYPOTHETICAL))  # fmt: skip


# in such a label, words that name a given, a part or a bound rather than the result (Target, Budget, Total so far,
# Running total, Average, Total per dog)
_NOT_A_NAMED_TOTAL = re.compile(r"(?i)(?<![A-Za-z])(?:so\s+far|running|target|goal|budget|limit|capacity|unverified|per|"
                                r"average|mean|maximum|minimum|max|min|needed|required|remaining|left)(?![A-Za-z])")
# after its value, a word that no unit or counted thing is: a pronoun, a hedge, a time, a change (-ed)
_NOT_COUNTED = re.compile(r"(?i)i|we|you|he|she|they|it|this|that|think|believe|guess|suppose|maybe|perhaps|probably|"
                          r"yesterday|today|tomorrow|ago|before|after|earlier|later|so|far|more|less|per|each|now|then|"
                          r"if|or|and|not|[a-z]+ed")
# after such a label's '=': the value, then at most three words of what it counts
_NAMED_VALUE_TAIL = re.compile(r"[ \t]*\$?-?\d[\d,]*(?:\.\d+)?(?:[ \t]+[A-Za-z]+(?:-[A-Za-z]+)?){0,3}[ \t]*[.!]?[ \t*]*")


def _restated_condition(text: str, lo: int, hi: int) -> bool:
    """Whether the condition text[lo:hi] restates what the response wrote before it: most of its words of four letters
    or more were written before (if she works 3 hours per day, after the question's 3 hours per day; never a new
    scenario: 3 x 6 = 18 then Mia runs 18 miles if she rests on Sunday.)."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text[lo:hi])}
    if not words:
        return True
    before = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text[max(0, lo - 20000) : lo])}
    return 2 * len(words & before) >= len(words)


def _last_result(text: str, before: int) -> re.Match[str] | None:
    """The result of the computation right before ``before`` (its ``= N`` ends the text there, or ends its last line
    with words after it), None when none."""
    found = _LAST_RESULT.search(text, max(0, before - 80), before)
    if found is not None:
        return found
    end = len(text[:before].rstrip(" \t\r\n*#"))
    label = _STEP_LABEL_END.search(text, max(0, end - 110), end)
    if label is not None:  # = 83 dimes.\n\nStep 3: Melanie has 83 dimes now. (or a list's number: 2. Tom made 12 dollars.)
        end = len(text[: label.start()].rstrip(" \t\r\n*#"))
    printed = _PRINTED_RESULT.search(text, max(0, end - 60), end)
    if printed is not None:  # ```output\n16.0\n```\n16 people think that horse #12 will win.
        return printed
    line = text.rfind("\n", max(0, end - 200), end) + 1
    if _CHECKING.search(text, line, end):
        return None  # Check: 3 x 20 = 60 (a check, never the result)
    return _LINE_RESULT.search(text, max(line, end - 200), end)


def _restates_result(text: str, lo: int, number: str) -> bool:
    """Whether the sentence starting at ``lo`` follows, with nothing between, a computation whose result is ``number``
    (a final sentence without a lead states its one number only then: GSM8K-style prose without 'So')."""
    found = _last_result(text, lo)
    if found is None:
        return False
    result = _value(found.group(1))
    return result is not None and result == _value(number)


# in a concluding sentence without a marker, what makes its one number other than the answer stated: a verdict, a
# hedge, a bound or an approximation, a supposition or a step still to take, a negation, a reference, a property, a
# quantity word, a scale, a contrast, another numeral (So 5 is wrong. So perhaps 5. So 5 or so. So let's try 5. So
# nobody had 5. Hence by (2) ... So it is divisible by 5. So both boxes have 5. So 5 grand. Tom has 5 and Jane III.)
_PROSE_NUMBER_BLOCKED = re.compile(
    r"(?i)(?<![A-Za-z])(?:wrong|incorrect|fails?|failed|impossible|invalid|too|not|no|none|nobody|nothing|never|hardly|"
    r"barely|cannot|can't|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|won't|couldn't|wouldn't|shouldn't|"
    r"hasn't|haven't|hadn't|mustn't|perhaps|maybe|likely|unlikely|"
    r"probably|possibly|guess|believe|think|seems?|appears?|suppose|supposing|assume|assuming|if|unless|whether|let|"
    r"let's|try|trying|check|checking|verify|test|divide|multiply|add|subtract|next|far|by|using|via|rule|"
    # (a property of a theorem, never a balance sheet's property, plant and equipment)
    r"property(?![ \t]*(?:,[ \t]*)?plant)|"
    r"corollary|example|remark|condition|base|multiple|divisible|exceeds?|upwards|something|rounded|rounding|odd|"
    r"give\s+or\s+take|or\s+so|both|couple|few|several|grand|but|however|although|though|question|could|might|may|"
    r"estimat\w*|approx\w*|about|around|roughly|nearly|almost|(?<!left\s)over|under|least|most|more|less|fewer|than|I|me|my|"
    r"contradict\w*|absurd|apparently|presumably|supposedly|hmm+|thereabouts|(?:on|of|in)\s+(?:the\s+)?order|an?\s+order|"
    r"order\s+of\s+magnitude|excess|north|south|shy|beyond|"
    # (now that ends the sentence says when the value holds: So, Ali has $71 now.)
    r"nearest|another|single|rest|find|want|now(?=[ \t]*[^ \t.!])|then|looks?|like|"
    r"would\s+have(?![ \t]+(?:\$|\d|a[ \t]+total(?![A-Za-z])))|otherwise|ideally|hypothetically|theoretically)"
    r"(?![A-Za-z])|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞¹²³⁰⁴-⁹Ⅰ-Ⅻ?]|(?<![A-Za-z])[IVX]{2,}(?![A-Za-z])")
# before a concluding sentence's number: a set already known (the 5 apples, each of the 5 boxes, O(5)); after a number
# right after the concluding word, a noun at most (So, 6 apples.), never a verb (So 5 is wrong.)
_KNOWN_SET = re.compile(r"(?i)(?:(?<![A-Za-z])(?:the|these|those|all|each|every|its|their|his|her|our|your)\s*\**|\()$")
_NOUN_ONLY = re.compile(r"(?i)\**\s*(?!(?:is|was|are|were|be|fails?|works?|holds?|gives?|remains?|seems?)\b)[A-Za-z]+"
                        r"(?:\s+(?!(?:is|was|are|were|be)\b)[A-Za-z]+)?\s*(?:\*+\s*)?(?:[.!]\s*)?")
# after a number right after the concluding word, what it counts and then a verb (p = 110. Therefore, 110 students take
# physics.: the subject's count restates the result right before it; never a verb right after the number: So 5 works.)
_COUNTED_SUBJECT = re.compile(r"(?i)\s*\**\s*(?!(?:is|was|are|were|be|fails?|works?|holds?|gives?|remains?|seems?|"
                              r"divides?|satisf\w*|does|did|do|has|have|had)(?![A-Za-z]))[A-Za-z]+[ \t]+[A-Za-z]")
# a number that labels rather than counts (step 3, part 2, case 1, equation (4), page 12 of a proof)
_NUMBERED = re.compile(r"(?i)(?<![A-Za-z])(?:step|part|case|question|problem|equation|eq\.|line|figure|fig\.|section|stage|"
                       r"round|option|method|approach|lemma|theorem|claim|item|no\.|number|chapter|page|exercise|lesson|#)\s*\(?$")


# a value given to a named unknown (x = 2, y_1 = -\frac{1}{2}), alone in its math span; what may join two of them
_ASSIGNED_SPAN = re.compile(r"^\s*[A-Za-z](?:_\{?\w+\}?)?\s*=(?!=)[^=<>]+$")
_JOINING = re.compile(r"(?i)^\s*(?:,|;|,?\s*and|,?\s*or|\\text\s*\{\s*(?:and|or)\s*\})?\s*$")


# right before a sentence's last math, what states it as a result: a copula or a verb of simplifying
_STATES_LAST = re.compile(r"(?i)(?<![A-Za-z])(?:is|was|are|were|equals|becomes|simplifies\s+to|reduces\s+to|comes\s+to|"
                          r"is\s+equal\s+to)[ \t]*\Z")
# right before the last math of a final sentence, a verb that gives it as a step's result (which gives us, to get)
_GIVES_LAST = re.compile(r"(?i)(?<![A-Za-z])(?:to\s+(?:get|obtain|arrive\s+at)|(?:which|this|that|it)\s+(?:gives|yields)"
                         r"(?:\s+us)?|gives(?:\s+us)?|giving(?:\s+us)?|we\s+(?:get|obtain)|yields|resulting\s+in)[ \t]*\Z")
# before it, what makes the sentence a plan or an aside (we will, we need to, let us, for example, check)
_STEP_OR_PLAN = re.compile(r"(?i)(?<![A-Za-z])(?:will|would|need\s+to|needs\s+to|want\s+to|let|let's|can\s+be|could|"
                           r"should|must|check\w*|verif\w*|example|instance|e\.g\.|try|trying|attempt\w*|"
                           r"guess\w*|another|other|alternative\w*|candidate|option|approach|method)(?![A-Za-z])")
_SIMPLIFIES = re.compile(r"(?i)(?<![A-Za-z])(?:simplifies|reduces|becomes|equals|equal)(?![A-Za-z])")
# a clause that concludes from what the sentence states before it (..., so their profit was ...)
_SO_OPENS = re.compile(r"(?i)[,;]\s*(?:and\s+)?(?:so|therefore|thus|hence)(?![A-Za-z])")
# in that clause, what makes its math no one result: another value, a list, a hedge, a condition, a negation
_CLAUSE_HEDGED = re.compile(r"(?i)(?<![A-Za-z])(?:and|or|not|if|when|unless|approximately|about|roughly|nearly|maybe|"
                            r"perhaps|probably|possibly|might|could|would|should|least|most|than)(?![A-Za-z])|\d|[<>≈~]")


# anywhere before that math: a supposition or a condition (If the cost was $15$, so ...)
# (and a verdict, a hedge, a second value, a factor or a step: so it is false that ..., I think, $15$ or $20$, so twice
# their profit, Substituting $y = 3$, so ...)
_SUPPOSING = re.compile(r"(?i)(?<![A-Za-z])(?:if|suppose|supposing|assume|assuming|when|whether|unless|let|let's|say|"
                        r"provided|providing|hypothetical\w*|example|instance|imagine|think|believe|guess|false|wrong|"
                        r"incorrect|untrue|or|either|twice|half|double|triple|times|substitut\w*|plug\w*|nobody|far|"
                        r"last|initial\w*|original\w*|roughly|about|approx\w*|nearly|almost|around)(?![A-Za-z])")


def _concluding_clause(text: str, spans: list[_Span], lo: int, hi: int) -> _Span | None:
    """The last math span of the sentence text[lo:hi] with several, when it ends the sentence and a clause that
    concludes states it (``..., so their profit was $93 - 15 = \\$78$.``; a concluding sentence whose last math a verb
    of simplifying gives: ``So, the expression \\[A\\] simplifies to \\[B\\]``); None otherwise."""
    last, prev = spans[-1], spans[-2]
    if text[last.end : hi].strip(" \t.!*") or last.inner.strip().endswith("="):
        return None
    between = text[prev.end : last.start]
    so = _SO_OPENS.search(between)
    gives = _GIVES_LAST.search(between)
    stated = _STATES_LAST.search(between) or gives
    if stated is None or _CLAUSE_HEDGED.search(between[so.end() :] if so else between) or \
            _SUPPOSING.search(_masked(text, lo, last.start), lo, last.start) or \
            _DENIAL.search(_masked(text, lo, hi), lo, hi):  # fmt: skip
        return None
    if so is not None:
        return last
    if gives is not None and not _STEP_OR_PLAN.search(text, lo, last.start) and not _JUDGED.search(text, lo, hi) and \
            not _UNMARKED_HEDGE.search(text, lo, hi):  # fmt: skip
        # ..., which gives us $\frac{\sqrt{3}}{3}$. / ... to get $5r^5$.: the result the final sentence's own step gives
        return last
    # (So $x$ equals $78$ and $y$ equals $80$.: a value stated of each thing, never the last alone)
    earlier = [text[a.end : b.start] for a, b in zip(spans[:-2], spans[1:-1])]
    if _CONCLUSION.match(text, lo, hi) and _SIMPLIFIES.search(between) and \
            not any(_SIMPLIFIES.search(gap) or _STATES_LAST.search(gap) for gap in earlier):  # fmt: skip
        return last
    return None


def _assignments_joined(text: str, spans: list[_Span], lo: int, hi: int) -> bool:
    """Whether the math spans of a final sentence are each a value given to an unknown, with only connectors
    between them and nothing but a full stop after the last."""
    if not all(_ASSIGNED_SPAN.match(m.inner) for m in spans) or text[spans[-1].end : hi].strip(" .!\n") \
            or text[spans[-1].end :].lstrip(" .!")[:1] == "?":  # Therefore, $x = 2$ and $y = 3$?: a question
        return False
    if not _CONCLUDING_LEAD.fullmatch(text[lo : spans[0].start]):
        return False  # Since $y = 2$, $x = 3$; We reject $x = 2$ and $y = 3$; Suppose ...: a premise, not the answer
    gaps = [text[a.end : b.start] for a, b in zip(spans, spans[1:])]
    names = {m.inner.split("=")[0].replace(" ", "") for m in spans}
    # x = 1 or y = 2 states no point (alternatives of different unknowns); x = 2 or x = 3 is a list of solutions
    return all(_JOINING.match(g) for g in gaps) and not (len(names) > 1 and any(_OR_WORD.search(g) for g in gaps))


_OR_WORD = re.compile(r"(?i)(?<![A-Za-z])or(?![A-Za-z])")
# all that may come before values joined in a final sentence: a word that concludes (Therefore, $x = 2$ and $y = 3$.)
# "<subject> is the (correct) answer" after a concluding word or a confident "I think" (the subject is the answer)
# a verdict that the choices before it are right (are correct, is the correct option, are true), and those choices:
# capital letters in brackets joined by commas or and, after options, only or statements (JEEBench's final sentences)
_CHOICES_CORRECT = re.compile(r"(?i)\s*(?:all\s+|both\s+)?(?:the\s+)?(?:correct|true|right)(?:\s+(?:options?|choices?|answers?|statements?))?"
                              r"\s*(?:[.!]\s*)?$")
_CHOICES_NAMED = re.compile(r"\s*(?:(?i:only|both|options?|choices?|statements?)\s+)?((?:\([A-J]\)|\[[A-J]\])(?:\s*(?:,\s*(?:and\s+)?|"
                            r"and\s+)(?:\([A-J]\)|\[[A-J]\]))*)\s*"
                            # (a bare capital after the word option or choice: Option C is correct.)
                            r"|\s*(?:(?i:only|both)\s+)?(?i:options?|choices?)\s+((?-i:[A-J])(?:\s*(?:,\s*(?:and\s+)?|and\s+)"
                            r"(?-i:[A-J]))*)\s*")
_IS_THE_ANSWER = re.compile(r"(?i)\s*(?:indeed\s+)?the\s+(?:(?:correct|right|final)\s+)?answer\s*(?:[.!]\s*)?$")
_CONFIDENT = re.compile(r"(?i)(?<![A-Za-z])(?:(?:i\s+am|i['’]m|we\s+are|we['’]re)\s+(?:confident|sure|certain|convinced)|"
                        r"i\s+(?:think|believe))\s*(?:,\s*)?(?:that\s+)?")
_LEAD = re.compile(r"(?i)\s*(?:(?:and\s+)?(?:thus|hence|so|therefore|finally|overall)\s*(?:,\s*)?)?")
# a final sentence that proposes a step (Let's use the fact that ..., Now let us consider ...; never one that gives the
# answer, Let's box the answer, let's write the final answer as, nor a supposition, whose rules say so: Let's say ...)
_LET_OPENS = re.compile(r"(?i)[\s*#>-]*(?:(?:and[ \t]+)?(?:so|now|then|next|first|finally|thus|hence|therefore|here|"
                        r"instead|again)[ \t]*(?:,[ \t]*)?)?(?:let['’]s|let[ \t]+us|let[ \t]+me)[ \t]+"
                        r"(?!(?:box|write|state|conclude|summari[sz]e|put|present|give|report|double-check|say|suppose|"
                        r"assume|denote|call|set)(?![A-Za-z]))"
                        r"([a-z]+)(?![A-Za-z])")
# what makes such a sentence state a value after its verb: a colon, a copula, a result or a conclusion drawn (after a
# fact recalled, Let's use the fact that the sum is 180°, only a conclusion: its copula is the fact's)
_LET_RESULT = (r"so|thus|hence|therefore|which|giving|gives|gave|yields?|yielding|leaving|leaves|left|resulting|results?|"
               r"totals?|totaling|totalling|namely|i\.e|comes?|came|makes?|equals?|get|gets|got|obtain|find|it['’]s|that['’]s")
_LET_STATES = re.compile(rf"(?i):|(?<![A-Za-z])(?:{_LET_RESULT}|is|are|was|were|be|should)(?![A-Za-z])")
_LET_STATES_FACT = re.compile(rf"(?i)(?<![A-Za-z])(?:{_LET_RESULT})(?![A-Za-z])")
_FACT_VERBS = frozenset("use recall remember note consider apply".split())
_SO_CLAUSE = re.compile(r"(?i),\s*(?:and\s+)?(?:so|thus|hence|therefore)\s*(?:,\s*)?$")
_CONCLUDING_LEAD = re.compile(r"(?i)\s*(?:(?:and\s+)?(?:thus|hence|so|therefore|finally|then)\s*,?)?\s*")
_CONCLUDING = re.compile(r"(?i)^\s*(?:thus|hence|so|therefore|then|finally|we\s+(?:find|get|have|obtain)|this\s+gives)"
                         r"(?![A-Za-z])")


# a number: not inside a Latin word or another number (a counter word of another script may touch it: 5です, 13只)
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.,])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s*%)?(?![A-Za-z0-9_,]|\.\d)")


_NUMBER_WORD = re.compile(
    r"(?i)(?<![A-Za-z])(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|"
    r"thousand|million|billion|trillion|half|halves|third|thirds|quarter|quarters|once|twice|thrice|double|triple|"
    r"dozen|score|gross|tenth|hundredth|thousandth|millionth)s?(?![A-Za-z])"
    # words that change the number they stand by: 3 times, minus 3, 3 squared, the root of 3, 3 percent
    # (a square or a cube after a determiner is a thing, the Rubik's cube, unless of a number: the square of 5)
    r"|(?<![A-Za-z])(?<!the\s)(?<![A-Za-z]['’]s\s)(?<![^A-Za-z][Aa]\s)(?:square|cube)(?![A-Za-z])"
    r"|(?<![A-Za-z])(?:square|cube)(?=\s+(?:of|roots?)(?![A-Za-z]))"
    r"|(?<![A-Za-z])(?:minus|negative|plus|times|fold|squared|cubed|root|power|factorial|percent|"
    r"divided|multiplied|(?<!left\s)over|per\s{0,3}cent|minimum|maximum|min|max|not|no)(?![A-Za-z])"
)



_INEXACT = re.compile(
    r"(?i)(?<![A-Za-z])(?:about|approx\w*|roughly|around|nearly|almost|close|circa|estimated?|least|most|more|"
    # (up to before a place or a person is a verb's: 41 students showed up to the archery class)
    # (left over is what remains, never a bound: Sarah will have $10 left over after she buys the rope.)
    r"less|fewer|(?<!left\s)over|under|up\s+to(?!\s+(?:the|his|her|their|my|our|your|its)\s)|above|below|between|within|than|ish|"
    r"essentially|basically|arguably|kinda|sorta|kind\s+of|sort\s+of|practically|virtually|more\s+or\s+less)"
    r"(?![A-Za-z])|~|≈|\\approx"
)


# a difference stated after its number, which stays exact: 8 more eggs than Arnold, $6 more than Jenny, 4 more cups of
# flour, 60 miles farther than the car (a comparison word before the number bounds it: more than 8; 'or' makes a bound
# of it: 8 or more; 'than' a single letter makes the value another: 5 less than x)
_DIFFERENCE_AFTER = re.compile(
    r"(?i)[ \t]*(?:(?!(?:or|and|to|nor|is|are|was|were|be|been|has|have|had|do|does|did|will|would|can|could|"
    r"shall|should|may|might|must|gets?|got|makes?|made|costs?|needs?|takes?|pays?)(?![A-Za-z]))[A-Za-z][A-Za-z'’-]*(?:\*\*)?[ \t]+){0,4}?"
    # (a bold number and its noun before it: **200 feet** less than Martha)
    r"(?:more|fewer|less|farther|further|"
    r"longer|shorter|taller|older|younger|greater|larger|smaller|higher|lower|heavier|lighter|cheaper|bigger|faster|"
    r"slower)(?![A-Za-z])(?:(?:[ \t]+(?!(?:than|or|and)(?![A-Za-z]))[A-Za-z][A-Za-z'’-]*){0,6}[ \t]+than[ \t]+"
    # (what it is compared with: a name, a word of three letters or more or a pronoun; never a variable, x's count,
    # the x, xy, nor a value: the previous answer), after a preposition too (2 more emails in the morning than in the
    # evening)
    r"(?:(?:in|on|at|during|for|by|from|with|to)[ \t]+)?(?:the[ \t]+)?(?!(?:the|answer|result|value|number|sum|total|(?:previous|original|first|last|other)[ \t]+"
    r"(?:answer|result|value|number|one))(?![A-Za-z]))"
    r"(?-i:[A-Z][A-Za-z'’.-]+|(?!xyz)[a-z]{3,}[A-Za-z'’.-]*|he|she|it|we|us|me|him|her|you)(?![A-Za-z]))?")
# after a number or a difference: words that make a bound of it (4 more hours or longer, 4 boxes tops, and then some)
_BOUND_TAIL = re.compile(r"(?i)(?:[ \t]+(?!(?:or|and)(?![A-Za-z]))[A-Za-z]+(?![A-Za-z])){0,3}?[\s,]*(?<![A-Za-z])(?:or\s+(?:more|less|fewer|longer|"
                         r"shorter|higher|lower|greater|larger|smaller|bigger|above|below|so|thereabouts|over|under|"
                         r"better|worse|earlier|later)|tops|and\s+then\s+some|at\s+(?:the\s+)?(?:very\s+)?(?:least|most))"
                         r"(?![A-Za-z])")
# in the sentence of a difference: a condition (If Harry sleeps 3 more hours than James, ...): the difference is
# supposed, never stated (a modal is the question's: Tom could have bought 11 more CDs)
_DIFFERENCE_SUPPOSED = re.compile(r"(?i)(?<![A-Za-z])(?:if|when|whenever|assuming|assume|unless|suppose|supposing|"
                                  r"provided)(?![A-Za-z])")


# an operator right before or after a number in words (x + 33, x - 33, 33 * y, x/33, 33/y): the number is an operand
# (a Markdown ** is bold, never a product, and a single * touching the number alone is italics: *18*; a minus sign
# touching the number is its sign; 33/hour and $12/h are rates; a dash before words sets off a remark: 1 - the
# conditions are equivalent; x-33 and 33-x are operands, 33-year-old is no operand)
_OPERATOR_BEFORE = re.compile(r"(?:(?<=[A-Za-z0-9)\]])\*|(?<!\*)\*[ \t]+|[+×÷·^]|(?<![A-Za-z])[A-Za-z][ \t]*/|(?:^|\s)[-−]|"
                              r"(?<![A-Za-z])[A-Za-z][-−])[ \t]*\Z")
_OPERATOR_AFTER = re.compile(r"[ \t]+\*(?!\*)[ \t]*[A-Za-z0-9(]|\*(?=[A-Za-z0-9(])|[ \t]*(?:[+×÷·^]|/[ \t]*"
                             r"(?![hsmgdlLt](?![A-Za-z]))[A-Za-z](?![A-Za-z])|[-−][ \t]+(?:[A-Za-z](?![A-Za-z])|[\d(])|"
                             r"[-−](?=[A-Za-z](?![A-Za-z])))")


# right after a number, a word that makes it a count of parts, scales, bounds or hedges it (5 sixteenths, 3 fifths, 1
# fifth of, 5 lakh, 2 crore, 5 grand, 3 bn, 5 gross, 5 zillion, 5 tops, 5 thereabouts, 6 approximations): the ordinal
# fractions beside the tenths, hundredths and halves that _NUMBER_WORD refuses anywhere, and the scales and hedges it
# does not name (an ordinal alone is no fraction: 49 fourth-grade boys, 5 fifth graders; grand and gross before
# another word are adjectives: 5 grand pianos, 5 gross tons)
_PARTS_OR_SCALE_AFTER = re.compile(rf"(?i)(?:\s{{0,80}}|-)(?:{ORDINAL_PARTS}s|{ORDINAL_PARTS}(?=\s+of(?![A-Za-z])|\s*[.!;,)]|\s*$)|lakhs?|lacs?|"
                                   r"crores?|(?:grand|gross)(?!\s*(?!(?:dollars?|bucks|euros?|pounds?)(?![A-Za-z]))[A-Za-z])|"
                                   r"bn|mn|mln|mio|" + ILLIONS + r"(?:th)?s?|myriads?|googols?|tops|thereabouts|upwards|onwards|"
                                   # (3 billionths, 45 per mille: parts of a billion, of a thousand)
                                   r"per[ \t]*mill?e|per[ \t]+mil|permill?e|‰|"
                                   r"backwards|forwards|otherwise|sometimes|approximations?|estimates?|estimations?|"
                                   r"guesstimates?|ballparks?|underestimates?|overestimates?|overcounts?|undercounts?|"
                                   r"wrongs?|nopes?|maybes?|give\s+or\s+take|odd(?![ \t]*[A-Za-z])|something|or\s+so|"
                                   # (0.2 percentage points, 25 basis points: read with their words, never 0.2 or 25
                                   # alone; 5 bps may be bits per second)
                                   r"percentage\s+points?|basis\s+points?)(?![A-Za-z-])")


# an ordinal in digits (the 8th grade, his 3rd try), and a copula before one (... is the 12th grade: the answer)
_ORDINAL_DIGITS = re.compile(r"(?<![\w.,])\d{1,4}(?:st|nd|rd|th)(?![A-Za-z])")
_COPULA_THE = re.compile(r"(?i)(?:(?<![A-Za-z])(?:is|are|was|were|be|equals)|=)\s+(?:the\s+)?\Z")


def _without_restated_ordinals(text: str, lo: int, hi: int) -> str:
    """``text`` with each ordinal in digits in text[lo:hi] that the response wrote before ``lo`` blanked: a label the
    question gave, restated (Therefore, the 8th grade should have 10 representatives.), never a second number; one
    after a copula is what the sentence states (... is the 12th grade.), and so is one whose number a computation gave
    (8 - 5 = 3, so Lucy is 3rd.)."""
    ordinals = list(_ORDINAL_DIGITS.finditer(text, lo, hi))
    # (the ordinals written before, found in one pass: a pattern compiled for each one overflowed re's cache on a
    # response of thousands of them, 2 s)
    before = {m.group() for m in _ORDINAL_DIGITS.finditer(text[max(0, lo - 20000) : lo])} if ordinals else set()
    found = [m for m in ordinals
             if m.group() in before and not _COPULA_THE.search(text, max(lo, m.start() - 20), m.start()) and
             not _computed_before(text, m.group()[:-2], lo)]
    for m in found:
        text = text[: m.start()] + " " * len(m.group()) + text[m.end() :]
    return text


# names and dates written with digits, never a quantity of the sentence (FinanceBench's answers: The FY2021 unadjusted
# EBITDA is $1,832 million., As of December 31, 2018, ...): a fiscal year or a quarter (FY2021, FY 2021, FY'21, Q3,
# H1, fiscal year 2021), a name with a hyphen and a number (COVID-19, GPT-4, GPT-3.5), a date with its month (December
# 31, 2018; March 2020), and a year that ends a time phrase: after a quarter (Q3 2021 was ...; ... in Q2 2022.), after
# in, during or since before a verb, or before a comma at the clause's start (In 2021, ...; the revenue in 2020 was
# ...); never a year that a count or another phrase follows (in Q3 2000 units were sold; born in 1990, 35 years ago;
# results in 2048 and ...), nor one that ends the sentence (She will be 40 in 2030.: the year may be the answer)
_MONTHS = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|"
           r"Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?")
_YEAR_ENDS = r"(?=[ \t]*(?:[,;)]|[.!](?!\d)|\Z)|[ \t]+(?:was|were|is|are|had|has)(?![A-Za-z]))"
_DIGIT_LABEL = re.compile(
    r"(?<![\w.,$\\])(?:FY[ \t]?'?\d{2}(?:\d{2})?|[QH][1-4]|[A-Z][A-Za-z]+-\d+(?:\.\d+)?)(?![\w%])"
    # (a name of two to four letters with digits glued after them: her mp3 player, a PS5, CO2; never a unit's power,
    # 5 cm2, 3 ft3)
    r"|(?<![\w.,$\\-])(?!(?i:[cmkdnu]?m|ft|in|yd|mi|sq|cu)\d)[A-Za-z]{2,4}\d{1,3}(?![\w%-]|[.,]\d)"
    # (a number joined by a hyphen to the words it measures, an adjective: 3 30-minute episodes, 4 2-liter bottles,
    # 5 three-digit numbers are counted; never a factor, 3-fold, nor a range or a product, 3-4, 4-by-4, nor a quantity's
    # second part, whose unit is plural or ends it: 5 feet 4-inches tall, 1 hour 30-minutes)
    r"|(?<![\w.,/$\\-])\d+(?:\.\d+)?-(?!(?i:fold|times|ish)(?![A-Za-z]))[A-Za-z]{2,}(?:-[A-Za-z]{2,})*(?<![^s]s)"
    r"(?![\w%-])(?=[ \t]+[A-Za-z])"
    r"|(?i:(?<![A-Za-z])(?:fiscal|calendar)(?:[ \t]+year)?[ \t]+)(?:19|20)\d\d(?![\w%])"
    r"|(?<![\w])" + _MONTHS + r"[ \t]+(?:\d{1,2}(?:st|nd|rd|th)?,?[ \t]+)?(?:19|20)\d\d(?![\w%])"
    # (a day before its month and year, 5 March 2021: never the number 5)
    r"|(?<![\w.,$\\])\d{1,2}(?:st|nd|rd|th)?[ \t]+" + _MONTHS + r",?[ \t]+(?:19|20)\d\d(?![\w%])"
    r"|(?<![\w])" + _MONTHS + r"[ \t]+\d{1,2}(?:st|nd|rd|th)?(?![\w%.,]|[.,]\d)"
    r"|(?<=[QH][1-4][ \t])[ \t]*(?:19|20)\d\d" + _YEAR_ENDS +
    r"|(?P<time>(?i:(?<![A-Za-z])(?:in|during|since)[ \t]+))(?:19|20)\d\d"
    r"(?=[ \t]*[,;)]|[ \t]+(?:was|were|is|are|had|has)(?![A-Za-z]))")
# what may open a clause before its time phrase (So, in 2021, ...; Therefore in 2021, ...)
_CLAUSE_OPENING = re.compile(r"(?i)[\s*#>,-]*(?:(?:so|thus|therefore|hence|overall|finally|in[ \t]+total|in[ \t]+conclusion)"
                             r"[ \t]*(?:,[ \t]*)?)?")


# a number hyphened to its unit word (4-inch), and a number with its unit word just before it (5 feet, 5-foot, 5 ft.,)
_HYPHENED_UNIT = re.compile(r"\d+(?:\.\d+)?-([A-Za-z]+)")
_QUANTITY_BEFORE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[ \t-]*([A-Za-z]{1,12})\.?(?:[ \t]*,[ \t]*|[ \t]+and[ \t]+|[ \t]+)\Z")


def _without_digit_labels(text: str, lo: int, hi: int, always: bool = False) -> str:
    """text with each :data:`_DIGIT_LABEL` in text[lo:hi] blanked (spans kept), when a number is left beside them (So
    she was born on March 5.: the date may be the answer; ``always``: whatever is left); a year after a word that sets
    a time only at the clause's start or before a verb (In 2021, the revenue was $1,832.; the revenue in 2021 was
    $1,832.)."""
    blanked = text
    for m in _DIGIT_LABEL.finditer(text, lo, hi):
        start = m.end("time") if m.group("time") else m.start()
        if m.group("time") and re.match(r"[ \t]*[,;)]", text[m.end() : m.end() + 4]) and \
                _CLAUSE_OPENING.fullmatch(text, lo, m.start()) is None:  # fmt: skip
            continue  # (born in 1990, 35 years ago: an aside, never the clause's time)
        hyphened = _HYPHENED_UNIT.match(m.group())
        first = _QUANTITY_BEFORE.search(text, max(lo, m.start() - 40), m.start()) if hyphened else None
        if first is not None and hyphened is not None and one_kind(first.group(1), hyphened.group(1)):
            continue  # (5 feet 4-inch tall, 5-foot 4-inch: the second part of one quantity, never an adjective)
        blanked = blanked[:start] + " " * (m.end() - start) + blanked[m.end() :]
    return blanked if always or blanked is text or re.search(r"\d", blanked[lo:hi]) else text


def _one_number(text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """The span of the only number in text[lo:hi] when it is the only digit run there and no math is written, and no
    word makes it inexact or another number (a difference stated after it is exact: John has 21 more candies than
    James)."""
    if _math_spans(text, lo, hi) or "\\" in _ESCAPED.sub("", text[lo:hi]):
        return None  # (a backslash that escapes a dollar is prose: So, Pam pays \$10 more than Susan.)
    text = _without_digit_labels(_without_restated_ordinals(text, lo, hi), lo, hi)
    numbers = list(_NUMBER.finditer(text, lo, hi))
    if len(numbers) != 1 or len(re.findall(r"\d+", text[lo:hi])) != len(re.findall(r"\d+", numbers[0].group())):
        return None
    scale = _SCALE_AFTER.match(text, numbers[0].end(), hi)
    if scale:  # The increase was $13 million.: the number with its scale word (read as 13,000,000), blanked for the checks
        text = text[: scale.start()] + " " * len(scale.group()) + text[scale.end() :]
    if _OPERATOR_BEFORE.search(text, lo, numbers[0].start()) or _OPERATOR_AFTER.match(text, numbers[0].end(), hi):
        return None  # Ed now has x + 33 marbles., 33 * y: an operand of an expression, never its value
    if _INVERTED_CONDITION.match(text, lo, hi) or (_INVERTED_ANYWHERE.search(text, lo, hi) and
                                                    re.search(r"(?i)(?<![A-Za-z])would(?![A-Za-z])", text[lo:hi])):
        # Jordan would earn $140 had he worked every day.: a counterfactual, as in _result_in_sentence (never a
        # relative clause: Everything they had they sold for $40.)
        return None
    if _PARTS_OR_SCALE_AFTER.match(text, numbers[0].end(), hi):
        return None  # 5 sixteenths, 5 lakh rupees, 5 grand: another number than 5
    if _DOUBTED_NUMBER.search(text, lo, hi):
        return None  # 15 (I doubt it), 15, hopefully, 15 (just kidding): a doubt, never the value stated
    tail = _CONDITION_TAIL.search(text, numbers[0].end(), hi)
    condition = tail.start() + len(tail.group().split()[0]) if tail else hi  # (after its own if or when)
    if tail and _CONDITION_HEDGED.search(text, condition, hi):
        return None  # 15 if I did the math right, 15 if we count Tom: a hedge (a condition the question may have set
        # stays the answer's: Jen will earn $34 if she sells everything.)
    end = _difference_end(text, numbers[0], lo, hi)
    if _GIVEN_PERIOD.search(text, lo, hi) or _NOT_OF_A_NOUN.search(text, lo, hi) or _ORDINAL_OF_A_NOUN.search(text, lo, hi):
        # (a period in words around the number is a given of the question, never a second number: in one year, over
        # the three months, in the second half of the season; so is an ordinal that names a thing, on the third day; a
        # 'not' that names a set is no denial: the girls not in the Girl Scout, the money lost from not working;
        # blanked so no word in them reads as a number or a bound)
        # (never a period of the number's own value the response did not write before: 30 pages in thirty days after
        # 6 * 5 = 30 states the number twice, or another one)
        value = _value(numbers[0].group())
        said = _GIVEN_PERIOD.sub(lambda m: m.group() if spelled_number(_PERIOD_NOUN_END.sub("", m.group(1))) == value
                                 and not _said_before(text, lo, m.group(1)) else " " * len(m.group()), text[lo:hi])
        said = _ORDINAL_OF_A_NOUN.sub(lambda m: m.group(1) + " " * len(m.group(2)), said)
        text = text[:lo] + _NOT_OF_A_NOUN.sub(lambda m: m.group(1) + " " * len(m.group(2)), said) + text[hi:]
    counting = _COUNTING_TIMES.match(text, numbers[0].end(), hi)
    if counting:  # The doorbell rang 175 times.: a count of times, never a factor (blanked so it reads as no number word)
        text = text[: counting.start()] + " " * len(counting.group()) + text[counting.end() :]
    if _NUMBER_WORD.search(text, lo, hi) or _INEXACT.search(text, lo, numbers[0].end()) or \
            _INEXACT.search(text, end, hi) or _BOUND_TAIL.match(text, end, hi):  # fmt: skip
        return None  # "4 five": two numbers, one in words; "about 3 hours", "at least 3": not an exact value
    if scale:  # (with its sign and currency before it: -$3 hundred is -300, never 300)
        signed = re.search(r"[-−][ \t]*(?:\\?\$[ \t]*)?\Z", text[max(lo, numbers[0].start() - 8) : numbers[0].start()])
        start = numbers[0].start() - (len(signed.group()) if signed else 0)
        return (start, scale.end())
    return numbers[0].span()


# a scale word right after a number (13 million, 4.2 billion, 3 hundred), never an ordinal's or a count's (5 millionths,
# 5 million of them, 5 million-fold), nor a letter's factor (4 thousand x is 4000x, never 4000; a, I are words)
_SCALE_AFTER = re.compile(r"(?i)[ \t]+(?:hundred|thousand|million|billion|trillion)s?(?![A-Za-z-])(?![ \t]*(?:of(?![A-Za-z])|\d))"
                          r"(?![ \t]+(?![aI](?![A-Za-z]))[A-Za-z](?![A-Za-z'’]))")


# words that doubt a phrase's one number (15 (I doubt it), 15, hopefully)
_DOUBTED_NUMBER = re.compile(r"(?i)(?<![A-Za-z])(?:doubt\w*|hope|hopefully|kidding|guess(?:ed|ing)?|not[ \t]+sure|unsure|"
                             r"not[ \t]+certain)(?![A-Za-z])")
# a 'not' that names a set (girls not in the Girl Scout, eggs not placed on the tray, money lost from not working):
# after a noun or a preposition, before a preposition, a participle or a gerund; never after a verb or a copula (did
# not, is not 5)
_NOT_OF_A_NOUN = re.compile(
    r"(?i)((?<![A-Za-z(])(?:(?!(?:is|are|was|were|be|been|being|am|do|does|did|has|have|had|will|would|can|could|should|"
    r"shall|may|might|must|need|needs|dare|ought|it|that|this|these|those|which|who|there|here|answer|result|value|"
    r"solution|and|or|but|so|yet|else|if|then|than|as|why|how|what|whether|still|though|although|already|just|even|"
    r"number|figure|total|sum|work|computation|calculation|guess|estimate|belongs|appears|lies|seems|looks|remains|"
    r"stands|fits|works|holds|[A-Za-z]+ly)(?![A-Za-z]))[A-Za-z]{3,}|from|by|for|of|without)[ \t]+)(not)"
    # (never a participle that checks or derives the value: not verified, not based on, not matching)
    r"(?=[ \t]+(?!(?:verified|checked|double-checked|confirmed|completed|finished|tested|matching|matched|based|derived|"
    r"proven|proved|validated|guaranteed|guessed|rounded|simplified|calculated|computed|determined|solved|reviewed|"
    r"convinced|known|certain|sure|counting|including)(?![A-Za-z]))"
    r"(?:in|on|at|from|of|into|inside|outside|ready|yet|part|[a-z]{2,}ed|[a-z]{2,}ing)(?![A-Za-z]))")
# an ordinal that names a thing after a determiner (on the third day, its tenth birthday), never a fraction (a third of
# the pie, the third of the apples, one third)
_ORDINAL_OF_A_NOUN = re.compile(r"(?i)((?<![A-Za-z])(?:the|its|his|her|their|this|that|each|every)[ \t]+)"
                                r"(third|tenth|hundredth|thousandth|millionth)(?=[ \t]+(?!of(?![A-Za-z]))[a-z]{2,})")
# a period of time in words after a preposition, a circumstance the question gave (in one year, for two weeks, over
# the three months, during the first half of the season, in the second half of the year); never one that divides or
# counts the answer (per, each, every, a, an: 5 apples each of two days states no total) nor a bare 'half' (in half)
_GIVEN_PERIOD = re.compile(
    r"(?i)(?<![A-Za-z])(?:in|for|over|during|after|within|throughout)[ \t]+(?:(?:the|its|his|her|their|this|that|"
    r"these|those)[ \t]+)?(?:(?:first|last|next|past|following|whole|entire)[ \t]+)?"
    rf"({_CARDINAL}(?:-{_CARDINAL})?(?:[ \t]+|-){_PERIOD_NOUNS}|(?:first|second|other|last)[ \t]+half[ \t]+of[ \t]+"
    rf"(?:the|this|that|its|his|her|their)[ \t]+{_PERIOD_NOUNS})(?![A-Za-z])"
)
_PERIOD_NOUN_END = re.compile(rf"(?i)(?:[ \t]+|-){_PERIOD_NOUNS}\Z")


def _said_before(text: str, lo: int, words: str) -> bool:
    """Whether the response wrote ``words`` (any case and spacing, a singular or a plural) in the 20,000 characters
    before ``lo``: a given restated."""
    pattern = r"[ \t\n-]+".join(re.escape(w.rstrip("s") if w.endswith("s") and len(w) > 3 else w) + ("s?" if w.endswith("s") else "")
                             for w in re.split(r"[ \t-]+", words.strip()))
    return re.search(rf"(?i)(?<![A-Za-z]){pattern}(?![A-Za-z])", text[max(0, lo - 20000) : lo]) is not None


def _given_with_its_noun(text: str, number: re.Match[str], hi: int, before: int) -> bool:
    """Whether the number at ``number`` (in a sentence ending at ``hi``) was written before ``before`` with the noun
    it counts there (6 pounds ... 6 pounds of butter; never Step 6:, the 40th day, 20%, 6 friends for 6 boxes)."""
    noun = re.match(r"[ \t]*([A-Za-z]{2,})", text[number.end() : hi])
    if noun is None:
        return False
    stem = re.escape(noun.group(1).lower().rstrip("s"))
    written = _as_written(number.group())
    return re.compile(rf"(?i)(?<![\d.]){written}[ \t]+{stem}(?:e?s)?(?![A-Za-z])").search(text, 0, before) is not None


def _as_written(number: str) -> str:
    """A pattern for ``number`` as a response may write it again: with or without zero decimals (6 in $6.00, 18.00
    in 18)."""
    whole = re.fullmatch(r"(\d[\d,]*)(?:\.0+)?", number)
    return rf"{re.escape(whole.group(1))}(?:\.0+)?" if whole else re.escape(number)


def _written_before(text: str, number: str, lo: int, hi: int) -> bool:
    """Whether text[lo:hi] writes ``number`` as a number of its own (never inside a longer one: 16 in 160 or 1.6),
    with or without zero decimals (6 is written in $6.00, 18.00 in 18)."""
    return re.compile(rf"(?<![\d.]){_as_written(number)}(?!\d|\.\d)").search(text, lo, hi) is not None


def _difference_end(text: str, number: re.Match[str], lo: int, hi: int) -> int:
    """Where a difference stated right after ``number`` in the sentence text[lo:hi] ends (the number's end when none
    is stated). Never after a copula (the number of objects left is 15 less than the total states the subject's value,
    not 15), in a sentence that supposes it, nor when the computation before the sentence gives another result and the
    difference was written before (31 + 21 = 52 then John has 21 more candies than James: a given restated after the
    total)."""
    difference = _DIFFERENCE_AFTER.match(text, number.end(), hi)
    bold = 2 if text.startswith("**", number.end()) else 0  # (**200** more ...: the bold closed after the number)
    difference = difference or _DIFFERENCE_AFTER.match(text, number.end() + bold, hi) if bold else difference
    opened = number.start() - (2 if text.startswith("**", number.start() - 2) else 0)  # (is **1000** students more)
    if difference is None or _NUMBER_WORD.search(difference.group()) or \
            (_COPULA_BEFORE.search(text, max(0, opened - 30), opened) and
             not _THERE_BEFORE.search(text, max(0, opened - 30), opened)) or \
            _DIFFERENCE_SUPPOSED.search(text, lo, hi):  # fmt: skip
        return number.end()
    result = _last_computed(text, lo)
    if result is not None and result != _value(number.group()) and \
            _written_before(text, number.group(), max(0, lo - 2000), lo):  # fmt: skip
        return number.end()  # (a difference computed in one's head, written for the first time, stands)
    return difference.end()


# an existential copula right before a number (There are 10 more orchids than roses.): it counts, never states the
# subject's value
_THERE_BEFORE = re.compile(r"(?i)(?<![A-Za-z])there[ \t]+(?:is|are|was|were|will[ \t]+be)[ \t]+\Z")
# a copula, or a word that states a value as one, right before a number, with at most one adverb between (is 15 less
# than the total, It's 15 less, becomes 15 less, is now 15 less, comes to $8 less, being 5 years older, an apposition:
# The remaining count, 15 less than ...)
_COPULA_BEFORE = re.compile(r"(?i)(?:(?<![A-Za-z])(?:is|are|was|were|be|been|being|equals?|becomes?|became|remains?|"
                            r"remained|ends\s+up|ended\s+up|comes\s+to|came\s+to|amounts\s+to|totals?)|['’]s|=|,)"
                            r"(?:[ \t]+(?:now|exactly|still|only|just|then|thus|therefore))?[ \t]*[$€£]?[ \t]*\Z")
# the result of the last computation before a sentence (its last '= N' in the 600 characters before it)
_LAST_EQUALS = re.compile(r"=[ \t]*\**[ \t]*[$€£]?[ \t]*(-?\d[\d,]*(?:\.\d+)?(?:/\d+)?)(?![\d.]\d|\d|/\d)")


def _last_computed(text: str, lo: int) -> Fraction | None:
    """The value of the last '= N' in the 600 characters before ``lo`` (None when there is none)."""
    found = list(_LAST_EQUALS.finditer(text, max(0, lo - 600), lo))
    return _value(found[-1].group(1)) if found else None


def _without_difference(text: str, lo: int, hi: int) -> str:
    """text[lo:hi] without the difference stated after its one number (the words a bound or a hedge is looked for in:
    ``more ... than`` after the number is no bound)."""
    numbers = list(_NUMBER.finditer(text, lo, hi))
    if len(numbers) != 1:
        return text[lo:hi]
    return text[lo : numbers[0].end()] + " " + text[_difference_end(text, numbers[0], lo, hi) : hi]


# after an answer phrase of another language, a number is taken from words only when nothing but a counter word
# or a unit follows it (13只, 192公斤, 5です): any other word there (3万, минус 3, mindestens 3, nicht 6) may change it
_COUNTED = re.compile(r"\s*(-?\d{1,3}(?:[,٬]\d{3})+|-?\d+(?:[.٫]\d+)?)\s*(?:只|个|個|页|頁|颗|顆|本|人|名|张|張|条|條|次|天|年|岁|歲|元|米|厘米"
                      r"|公斤|克|千克|公里|分钟|秒|小时|度|升|吨|噸|平方米|個|円|개|명|원|美元|美金|ドル|セント|袋|匹|枚|台|冊|册|件|箱|盒|瓶"
                      r"|杯|块|塊|辆|輛|棵|支|双|雙|套|包|分|時間|日|歳|キロ|メートル|টি|টা"
                      # Korean, Hindi and Persian counters and units (42개, 42 रुपये, ۴۲ تومان)
                      r"|달러|마리|권|살|세|시간|분|초|개월|일|주|년|번|장|대|잔|병|상자|쪽|점|킬로그램|그램|미터|센티미터|킬로미터|리터"
                      r"|रुपये|रुपए|रुपया|डॉलर|किलोग्राम|किलो|मीटर|घंटे|मिनट|दिन|साल|वर्ष|लोग|बार"
                      r"|تومان|ریال|دلار|عدد|نفر|سال|روز|ساعت|دقیقه|متر|کیلوگرم|کیلومتر|بار)?"
                      # then a copula: Japanese です, Korean 입니다, Hindi है, Persian است, Turkish's suffix 42'dir
                      r"\s*(?:です|だ|である|입니다|이다|이에요|예요|है|हैं|होगा|होंगे|است|['’][dt][ıiuü]r)?\s*[.。।৷]?\s*")
# (৷, Bengali's currency numerator four, is written for the danda ।)


# a purpose that opens what follows an answer phrase, then a plan: a modal, or a colon that ends it (To find the total,
# we need to add the costs. / To determine the 95% VaR, follow these steps:); never a step taken (To find the total, we
# add 3 and 4 to get 7.) nor a purpose after the value (To the nearest tenth, 5.3)
# (two patterns, each linear: the purpose that opens the line, then a plan after a comma on that line)
_PLAN_OPENING = re.compile(rf"(?i)[\s*]*(?:in[ \t]+order[ \t]+)?to[ \t]+{_PLAN_VERBS}(?![A-Za-z])")
_PLAN_AFTER_PURPOSE = re.compile(
    r"(?i),[ \t]*(?:(?:we|I|you|one)(?:[ \t]+(?:first|now|then|still|just))?[ \t]+(?:can|could|will|shall|should|must|"
    r"need[ \t]+to|have[ \t]+to|are[ \t]+going[ \t]+to|want[ \t]+to)|we['’]ll|I['’]ll|let['’]s|let[ \t]+us|"
    r"(?:first[ \t]*(?:,[ \t]*)?)?(?:follow|use|apply|consider)(?![A-Za-z]))(?![A-Za-z])")


def _plans(piece: str) -> bool:
    """Whether ``piece`` opens with a purpose and then, on its first line, plans: a modal after a comma, or a colon
    that ends it (:data:`_PLAN_OPENING`)."""
    opened = _PLAN_OPENING.match(piece)
    if opened is None:
        return False
    line = piece.find("\n", opened.end())
    line = len(piece) if line < 0 else line
    return _PLAN_AFTER_PURPOSE.search(piece, opened.end(), line) is not None or \
        (line == len(piece) and piece.rstrip(" \t*").endswith(":"))  # fmt: skip


# what makes such a plan state its result (which gives $24, leaving 7, giving a mean of 85, so $150, comes out to 6.5%;
# a colon that ends it announces what follows)
_PLAN_STATES = re.compile(r"(?i)(?<![A-Za-z])(?:which|giving|gives|gave|yields?|yielding|leaving|leaves|left|so|thus|hence|"
                          r"therefore|resulting|results?[ \t]+in|comes?[ \t]+(?:out[ \t]+)?to|came|totals?(?=[ \t]+\$?\d)|"
                          r"totaling|totalling|"
                          r"namely|i\.e|is|are|equals?|it['’]s|that['’]s|get|gets|got|getting|obtain\w*|arriv\w*|"
                          r"reach\w*|end[ \t]+up)(?![A-Za-z])|[=:;→—–]|->|"
                          r"(?<![A-Za-z])(?:need|needs|sell|buy|use|have)[ \t]+\$?\d")
# words after an answer phrase that announce the answer for later, computed below (no answer stated there)
_ANNOUNCED_LATER = re.compile(r"(?i)(?<![A-Za-z])(?:below(?!\s*\$?-?\d)|as\s+follows|the\s+following|we\s+(?:will\s+|shall\s+|can\s+)?(?:now\s+)?"
                              r"(?:compute|calculate|find|determine|work\s+out)|to\s+be\s+(?:computed|calculated|found|determined))"
                              r"(?![A-Za-z])")
# what an answer phrase names, restated from the question: the number or the value of something (the number of
# iterations required after the initial 3 iterations, the number of ways to arrange 5 books), unless a value is set
# after it: a copula, a colon, brackets, an arrow, bold or a comma before it (the number of apples, which is 5; the
# value of x: 5; the number of tickets sold (150); the number of ways, or 36; the number of apples, 5 apples)
_DESCRIBED = re.compile(r"(?i)[\s*]*the[ \t]+(?:[A-Za-z]+[ \t]+)?(?:number|value|count)[ \t]+of[ \t]+(?:the[ \t]+)?[A-Za-z]")
_DESCRIBED_VALUE = re.compile(r"(?i)(?<![A-Za-z])(?:is|are|was|were|equals?|be|comes[ \t]+to|gives?)(?![A-Za-z])|[=:;≈(→—–]|->|"
                             r"\*\*|,[ \t]*(?:(?:or|that[ \t]+is)[ \t]*(?:,[ \t]*)?)?\\?\$?[-+]?\d|"
                             r"(?<![A-Za-z])(?:i\.e\.?|namely|totaling|totalling)[ \t]*(?:,[ \t]*)?\\?\$?[-+]?\d")
# words after an answer phrase that make the number in them a property of the answer or a guess, not its value
_PROPERTY_OR_HEDGE = re.compile(r"(?i)(?<![A-Za-z])(?:(?:multiple|factor|divisor|power)\s+of|divisible\s+by|(?<!\d)\d{1,4}-digit|digits?\s+long|"
                                r"likely|presumably|apparently|seemingly|supposedly|probably|possibly|perhaps|maybe|"
                                r"upwards\s+of|(?:more|less|greater|fewer|larger|smaller)\s+than|at\s+(?:least|most)|whether|"
                                r"unknown|undetermined|hidden|different\s+from|give\s+or\s+take|or\s+so|"
                                r"I\s+(?:think|believe|guess|suppose|reckon))(?![A-Za-z])")


def _number_in_words(text: str, start: int, end: int, piece: str, foreign: bool) -> tuple[int, int] | None:
    """The span of the one number the words of text[start:end] (``piece``) state; after a phrase of another
    language, or in words of another script, only a number with at most a counter word after it (3万, 根号3,
    минус 3, mindestens 3 state no number we can read); words that judge it (5 is wrong) state none."""
    if _JUDGED.search(piece):
        return None
    if foreign or any(_foreign(run) for run in _LETTER_RUN.findall(piece)):
        counted = _counted(piece)
        offset = text.find(piece, start, end)
        return None if counted is None or offset < 0 else (offset + counted[0], offset + counted[1])
    number = _one_number(text, start, end)
    if number is not None and _NUMBERED.search(text, max(start, number[0] - 12), number[0]):
        return None  # The answer is given in Eq. 7.: a label, never the answer
    return number if number is not None else _one_spelled(text, start, end)


_SPELLED_RUN = re.compile(rf"(?i)(?<![A-Za-z-]){_CARDINAL}(?:(?:[ \t]+|-)(?:and[ \t]+)?{_CARDINAL})*(?![A-Za-z-])")


# a count that a final sentence states of its math: has, have or there are, then one number and what it counts (has 2
# vertical asymptotes, there are exactly 31 non-empty subsets of $S$, has three real roots)
_COUNT_OF = re.compile(r"(?i)(?<![A-Za-z])(?:has|have|had|there[ \t]+(?:are|were|is|will[ \t]+be))[ \t]+"
                       r"(?:exactly[ \t]+|only[ \t]+|precisely[ \t]+|a[ \t]+total[ \t]+of[ \t]+)?(?:(\d{1,12})|(" + _CARDINAL +
                       r"))[ \t]+(?=[A-Za-z])")


def _count_of_math(text: str, masked: str, lo: int, hi: int, m: _Span, last: re.Match[str] | None) -> tuple[int, int] | None:
    """The span of the count a final sentence with one math span states of it (``$f(x)$ has 3 roots``), when the math
    is not what a copula states (``is $5$``), the count is the sentence's only number outside the math, and the
    sentence neither hedges nor supposes; else None."""
    if last is not None and not masked[last.end() : m.start].strip(" \t*"):
        return None  # the sum is $5$ (and more): the copula states the math
    assigned = re.fullmatch(r"\s*[A-Za-z](?:_\{?\w{1,3}\}?)?\s*=(.*)", m.inner, re.S)
    if assigned and not re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", assigned.group(1))):
        return None  # Hence the answer $n = 12$ has 6 divisors. / for $k = 5$ the equation has 2 solutions: a value stated
    found = list(_COUNT_OF.finditer(masked, lo, hi))
    if len(found) != 1:
        return None
    count = found[0]
    digits = re.findall(r"\d+", masked[lo:hi])
    spelled = list(_SPELLED_RUN.finditer(masked, lo, hi))
    if count.group(1) and (digits != [count.group(1)] or spelled):
        return None
    if count.group(2) and (digits or len(spelled) != 1 or spelled[0].group().lower() == "one"):
        return None  # (one: a pronoun as often as a count)
    if m.end <= count.start() and re.search(r"(?i)[,;]|(?<![A-Za-z])(?:and|but|so|then|while|whereas)(?![A-Za-z])",
                                            masked[m.end : count.start()]):
        return None  # So $x = 3$ and the function has 2 roots.: two statements, never the count of the math
    if _UNMARKED_HEDGE.search(text, lo, hi) or _hypothetical(text, lo, hi):
        return None
    return count.span(1) if count.group(1) else count.span(2)


# words after a number in words that change it or make it a name or an estimate (eight pi, forty odd, two minutes ago)
_SPELLED_CHANGED = re.compile(r"(?i)(?<![A-Za-z])(?:pi|odd|something|ish|ago|or|so|plus|minus|times|[a-z]|first|second|"
                              r"third|\w+ths?|halves|quarters?|percent|squared|cubed)(?![A-Za-z])")
# the verb right before a number in words that a concluding or marked sentence states (She has twelve apples., the
# trip takes fifteen minutes): a name, a function, a hedge or a preposition before it states none
_VERB_BEFORE = re.compile(rf"(?i)(?<![A-Za-z]){_QUANTITY_VERBS}\s+(?:(?:a\s+)?total\s+of\s+|exactly\s+|only\s+|just\s+)?\Z")


def _one_spelled(text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """The span of the one number written in words in text[lo:hi] when no digit, math, other number word, bound or
    approximation is there (Answer: She has twelve apples.; never 'one' alone, a pronoun as often, nor a set already
    named: the three boxes)."""
    if re.search(r"\d", text[lo:hi]) or _math_spans(text, lo, hi) or "\\" in text[lo:hi]:
        return None
    runs = list(_SPELLED_RUN.finditer(text, lo, hi))
    if len(runs) != 1 or runs[0].group().lower() == "one" or spelled_number(runs[0].group()) is None:
        return None
    run = runs[0]
    if not _VERB_BEFORE.search(text, max(lo, run.start() - 30), run.start()) or run.group() != run.group().lower() \
            or "," in text[lo:hi] or _SPELLED_CHANGED.search(text, run.end(), hi):  # fmt: skip
        # The answer is eight pi. / Seven Wonders / Option C, with twelve sides / three fourths: the reading rules'
        return None
    rest = text[lo : run.start()] + " " + text[run.end() : hi]
    if _NUMBER_WORD.search(rest) or _INEXACT.search(rest) or _KNOWN_SET.search(text[lo : run.start()].rstrip() + " ") \
            or re.search(r"(?i)(?<![A-Za-z])(?:the|all|these|those|each|both|of)\s+$", text[lo : run.start()]):  # fmt: skip
        return None
    return run.span()


def _counted(piece: str) -> tuple[int, int] | None:
    """Where in ``piece`` the number of :data:`_COUNTED` stands, when the whole piece is that number with at most a
    counter word and a copula. Matched with every run of white space made one space, and only on a short piece: the
    pattern's optional parts between runs of spaces backtrack in time polynomial in a long run (a number, 400
    spaces and a letter took 8 s)."""
    squeezed = re.sub(r"\s+", " ", piece)
    found = _COUNTED.fullmatch(squeezed) if len(squeezed) <= 120 else None
    if found is None:
        return None
    at = len(piece) - len(piece.lstrip())
    return (at, at + len(found.group(1))) if piece.startswith(found.group(1), at) else None


# a value in bold in a marked answer's sentence: a number (a fraction, a percentage, after a currency sign) with at
# most three words of its unit, or a number in words (**Answer:** Emma needs to make **18** more vlogs to complete her
# goal of 72 vlogs.)
_BOLD_RUN = re.compile(r"\*\*(?=\S)([^*\n]{1,60}?)(?<=\S)\*\*")
_BOLD_VALUE = re.compile(r"[$€£]?[ \t]?(?P<value>-?\d[\d,]*(?:\.\d+)?(?:/\d+)?%?)(?P<unit>(?:[ \t]+[A-Za-z][A-Za-z/.-]*){0,3})")
# words right before a bold value that bound, label, place or change it (at least **12**, over $**50**, step **3**, in
# week **3**, Since ... **54**, from **5**, 5 to **7**), and right after it (**5** or more, **2** times as many, **3**
# dozen, **5**-7 days, **5** days, or 7, **3**rd, **1/3** of the 90)
_BOLD_BOUND_BEFORE = re.compile(r"(?i)(?:(?<![A-Za-z])(?:more|less|fewer|greater|larger|smaller|least|most|up\s+to|over|"
                                r"under|about|around|approximately|roughly|nearly|almost|above|below|within|upwards\s+of|"
                                r"than|no|not|(?<!the\s)(?:step|part|case|page|day|week|month|year|hour|minute|round|"
                                r"level|grade|chapter|stage|number)|plus|minus|times|since|after|from|using|shy\s+of|instead\s+of|"
                                r"of\s+the|#)|\d[ \t]*(?:to|-|–|—))[ \t]*[$€£]?[ \t]*\Z")
_BOLD_CHANGED_AFTER = re.compile(r"(?i)(?=[A-Za-z0-9])|[ \t]*(?:(?:or|to|and|&|,)[ \t]*(?:more|less|fewer|so|-?\$?\d)|"
                                 r",[ \t]*or[ \t]+\$?\d|[-–—][ \t]*\$?\d|up[ \t]+to|-?ish|plus|minus|times|fold|"
                                 r"percent|squared|cubed|dozens?|hundred|thousand|million|billion|tops|"
                                 r"of[ \t]+(?:the[ \t]+)?\$?\d|[*/^×+])(?![A-Za-z])")
# a condition in the sentence (If she buys **5** boxes, she has 3 eggs.): the bold value may be the condition's; a
# correction (Instead of **18**, Previously I said **18**): the bold value may be the one rejected
_BOLD_CONDITION = re.compile(r"(?i)(?<![A-Za-z])(?:if|unless|suppose|supposing|assuming|assume|provided|when|whenever|"
                             r"once|given|otherwise|instead|previously|earlier|miscalculat\w*|correct(?:ing|ion|ed)|"
                             r"mistak\w*|attempt|initially|originally)(?![A-Za-z])")


def _bold_value(text: str, lo: int, hi: int, marked: bool = True) -> tuple[int, int] | None:
    """The span of the value a sentence text[lo:hi] sets in bold (after an answer phrase; ``marked`` False: a final
    sentence without one, read only as :func:`_statement` allows), when it sets exactly one thing in bold and that is a
    value no word beside it (or its unit words) bounds, places or changes, in a sentence that neither hedges, judges,
    checks, corrects nor supposes: the writer marked the answer among the sentence's other numbers. Never when the
    sentence also states a result computed before it and the bold is not the last one (18 more vlogs to reach **72**,
    after 72 - 54 = 18: the bold is a given), nor when another number follows it after a clause (**12** more eggs, so
    she will have 24) or an 'or' (**142** fruits, or 144 counting the tree)."""
    runs = list(_BOLD_RUN.finditer(text, lo, hi))
    if len(runs) != 1 or text.count("**", lo, hi) != 2:
        return None
    run = runs[0]
    value = _BOLD_VALUE.fullmatch(run.group(1))
    spelled = _SPELLED_RUN.fullmatch(run.group(1)) if value is None else None
    # (its unit words, after a difference: **18 more vlogs**)
    unit = re.sub(r"(?i)^[ \t]*(?:more|fewer|less|additional|extra)(?![A-Za-z])", "", value.group("unit")) if value else ""
    if (value is None and (spelled is None or spelled_number(spelled.group()) is None)) or \
            (value is not None and (_NUMBER_WORD.search(unit) or _INEXACT.search(unit) or
                                    re.search(r"(?i)(?<![A-Za-z])tops(?![A-Za-z])", unit))) or \
            _BOLD_BOUND_BEFORE.search(text, max(lo, run.start() - 20), run.start()) or \
            _BOLD_CHANGED_AFTER.match(text, run.end(), hi) or _UNMARKED_HEDGE.search(text, lo, hi) or \
            _JUDGED.search(text, lo, hi) or _CHECKING.search(text, lo, hi) or _hypothetical(text, lo, hi) or \
            _BOLD_CONDITION.search(text, lo, hi) or _BOUND_TAIL.match(text, run.end(), hi) or \
            _OR_NUMBER.search(text, run.end(), hi):  # fmt: skip
        return None
    if not marked and (_KNOWN_SET.search(text[max(lo, run.start() - 12) : run.start()]) or
                       _BOLD_HEDGED.search(text[lo : run.start()] + " " + text[run.end() : hi])):  # fmt: skip
        return None  # the **142** fruits then go into boxes (a set already named); ... , more or less
    stated = _value(value.group("value")) if value is not None else spelled_number(spelled.group())  # type: ignore[union-attr]
    last = _last_computed(text, lo)
    results = ({_value(m.group(1)) for m in _RESULT_BEFORE.finditer(text, max(0, lo - 2000), lo)} | {last}) - {None}
    others = [_value(m.group()) for m in _NUMBER.finditer(text, lo, hi) if not run.start() <= m.start() < run.end()]
    if stated != last and (any(v in results for v in others) or _CARDINAL_WORD.search(text[lo : run.start()] + " " +
                                                                                     text[run.end() : hi])):  # fmt: skip
        return None  # (a result stated in prose before counts too: ... is 142. So, with **7** plants, he gets 142.)
    boundary = _CLAUSE_AFTER.search(text, run.end(), hi)
    if boundary and re.search(r"\d", text[boundary.end() : hi]):
        return None  # **4** cookies, so 12 cookies are eaten in total: the value after the clause may be the answer
    return (run.start(1) + value.start("value"), run.start(1) + value.end("value")) if value else run.span(1)


def _other_number(text: str, lo: int, hi: int, span: tuple[int, int]) -> bool:
    """Whether text[lo:hi] writes a number besides the one at ``span`` (in digits or in words)."""
    rest = text[lo : span[0]] + " " + text[span[1] : hi]
    return bool(re.search(r"\d", rest.replace("**", "")) or _CARDINAL_WORD.search(rest))


# after a bold value: 'or' and a number anywhere (**142** fruits from his plants, or 144 counting the tree), and a clause
# boundary (**12** more eggs, so she will have 24; ..., leaving him 112; ...; then they donated 150)
_OR_NUMBER = re.compile(r"(?i)(?<![A-Za-z])or(?:\s+else)?\s+(?:about\s+|around\s+)?\$?\d")
_CLAUSE_AFTER = re.compile(r"(?i)[,;]|(?<![A-Za-z])(?:so|which|meaning|giving|leaving|but|however|then|keeping|making|"
                           r"while|whereas)(?![A-Za-z])")
# in a final sentence without a marker, words beside its bold value that hedge, bound, deny or suppose it
_BOLD_HEDGED = re.compile(r"(?i)(?<![A-Za-z])(?:give\s+or\s+take|more\s+or\s+less|ballpark|something\s+like|as\s+many\s+as|"
                          r"as\s+long\s+as|in\s+case|no\s+longer|hopes?|hoped|wrong|incorrect|not|no|never|perhaps|"
                          r"maybe|likely|probably|possibly|guess|think|seems?|suppose|assum\w*|if|unless|whether|about|"
                          r"around|roughly|nearly|almost|approx\w*|estimat\w*|or\s+so|thereabouts|but|however|although|"
                          r"though|could|might|may|at\s+(?:least|most)|up\s+to|over|under)(?![A-Za-z])")


_LEADING_QUOTES = re.compile(r"^(?:\\?[\"'*_`“”‘’„«»]|\s)+")


# after an answer phrase: a choice in parentheses first ((C) 12 cans, \textbf{(C)} 7), and what says why it was chosen
_CHOICE_LED = re.compile(r"(?:\\textbf\s*\{\s*)?(\([A-J]\))(?:\s*\}|\*\*)?")  # ((E)** Hyperbola: bold around the letter)
# a line that opens with Solution: (MR-Ben's prompted last line) and states something, after the choice a solution
# marker took (a later one that names a choice is a marker itself, and the last marker wins)
_LATER_SOLUTION = re.compile(r"(?im)^[ \t]*(?:\*\*)?(?:(?:final|correct)[ \t]+)?solution(?:\*\*)?[ \t]*"
                             r"(?:is[ \t]*)?:(?:\*\*)?[ \t]*[^\s*]")
_EXPLAINED = re.compile(r"\s*(?:[:,;—–]|-\s|(?:because|since|as|which|this|that|due|given)(?![A-Za-z]))")
_EITHER = re.compile(r"(?i)either(?![A-Za-z])")
# a letter, then after a comma or a colon a short option text (A, yes / (B): Wyoming), or after its full stop to the end
# of the line (D. Wednesday); words that make it a sentence or a reason are no option's text
_OPTION_WORDS = r"(?P<option>[A-Za-z0-9$][A-Za-z0-9'&$.-]*(?:[ \t]+[A-Za-z0-9'&$.-]+){0,3})"
_OPTION_AFTER = re.compile(r"\(?[A-J]\)?[ \t]*[,:][ \t]*" + _OPTION_WORDS + r"[ \t]*")
_OPTION_NEXT = re.compile(r"\.[ \t]+(?=[A-Z0-9$])" + _OPTION_WORDS + r"[ \t]*\.?[ \t]*(?=\n|\Z)")
def _doubting_note(after: str) -> bool:
    """Whether what follows a choice is a note in brackets that doubts it (``(I am not sure)``, ``(note that this is not
    accurate)``, ``(maybe)``): words, never an option's value (``(2,0)``, ``(7.92)``)."""
    note = re.fullmatch(r"\s*\(([^()]{1,300})\)\s*(?:[.!]\s*)?", after)
    return bool(note and ("?" in note.group(1) or _NOTE_DOUBTS.search(note.group(1)) or
                          (_prose(note.group(1)) and _TAKEN_BACK.search(note.group(1)))))


# in a note on a choice, words that doubt it or speak of it as an answer (an option's own words may deny: (B) (the
# function is not continuous) is an option)
_NOTE_DOUBTS = re.compile(r"(?i)(?<![A-Za-z])(?:not\s+(?:sure|certain|confident|accurate|correct|right|verified)|unsure|"
                          r"uncertain|unverified|no\s+idea|idk|tbd|placeholder|guess\w*|low\s+confidence|might\s+be\s+wrong|"
                          r"could\s+be\s+wrong|doubtful|not\s+(?:a\s+)?(?:completely|fully|entirely)\s+\w+)(?![A-Za-z])")


# the word option or choice and its letter (Choice B, option (c), Choice_B and Choice\\_B as a template writes them),
# then its option after a colon, a comma, a dash or in brackets (Choice B: 90 seconds, Choice_B (7.92))
_WORDED_CHOICE = re.compile(r"(?i)(?:option|choice)(?:[ \t]+|(?:\\?_){1,4})\(?((?-i:[A-J]))\)?(?:\\?_){0,4}(?![A-Za-z0-9])")
_WORDED_OPTION = re.compile(r"[ \t]*(?:[:,]|[-–—](?=[ \t])|(?=\()|(?<=[ \t])(?=[−$\\\d]))[ \t]*(\S.{0,200}?)[ \t.]*", re.S)
# a letter, a colon and its option in math (The correct answer choice is D: 2/3.): that choice with its option
_LETTER_OPTION = re.compile(r"\(?([A-J])\)?[ \t]*:[ \t]*(\S.{0,200}?)[ \t.]*", re.S)
_OR_CHOICE_WORD = re.compile(r"(?i)(?<![A-Za-z])(?:or|and)[ \t]+(?:option|choice)(?![A-Za-z])")
_NOT_OPTION_TEXT = re.compile(r"(?i)(?<![A-Za-z])(?:is|are|was|were|be|has|have|had|will|would|can|could|should|does|do|"
                              r"did|because|since|as|so|therefore|thus|hence|this|that|it|we|i|not|or|but|which|"
                              r"correct|incorrect|right|wrong|true|false|option|choice|answer|and|also|too|although|"
                              r"though|unless|never|mind|nope|clearly|obviously|see|below|above|explanation|reasoning|"
                              r"follows?|thanks?|good|great|luck|question|hope|done|maybe|perhaps|probably)(?![A-Za-z])"
                              r"|(?-i:(?<![A-Za-z])(?:[A-J]|[IVX]{1,4})(?![A-Za-z]))")
# more choices after a choice: , (G), (H) / and (G) / 、(G) (one \s* per run of spaces: linear)
_MORE_CHOICES = re.compile(r"(?:\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|、\s*)(?:\\textbf\s*\{\s*)?\([A-J]\)(?:\s*\})?)+")
# a reason clause right after a stated answer: its words say why, never that the answer is taken back
_REASON_AFTER = re.compile(r"(?i)\s*(?:[,:;]\s*)?(?:because|since|as|due\s+to|given\s+that)(?![A-Za-z])")  # (one \s* per run)
_SECOND_LABEL = re.compile(r"\([A-J]\)|(?<![A-Za-z\\])[A-J][.．)](?:\s|$)")


# before a box, in its sentence: an alternative, another case or a condition its sentence opens with (Alternatively,
# ...; Case 2: ...; If it is square, ...; ..., otherwise it is ...); never a concluding sentence (So in all cases, ...)
_ALTERNATIVE_WORDS = r"alternatively|otherwise|or|else|in[ \t]+the[ \t]+other[ \t]+case|on[ \t]+the[ \t]+other[ \t]+hand"
_BOX_CASE = re.compile(r"(?i)(?:(?:^|[.!?;\n])[ \t*>(•-]*(?:(?:however|but|and|so|now),?[ \t]+)?(?:" + _ALTERNATIVE_WORDS +
                       r"|if|when|assuming|suppose|in[ \t]+case|case[ \t]*\d{1,2}[ \t]*[:.)])(?![A-Za-z])|,[ \t]*(?:otherwise|or[ \t]+else|else)(?![A-Za-z]))"
                       r"[^.!?;\n]{0,300}\Z|(?<![A-Za-z])or[ \t]{1,3}(?:\$[ \t]{0,3})?\Z")  # (... distinct) or \boxed{6})
# an answer that names every value but some (anything but 5, everything except 5, all real numbers other than 5)
_EXCLUDES = "excludes a value, it states none"
_EXCLUSION = re.compile(r"(?i)(?:\$|\\\(|\\text\s*\{)?\s*(?:anything|everything|any(?:[ \t]+\w+){0,3}|all(?:[ \t]+\w+){0,3}|every"
                        r"(?:[ \t]+\w+){0,3})[ \t]+(?:but|except|other[ \t]+than|besides|apart[ \t]+from|save)(?![A-Za-z])")


def _out_of_text_command(text: str, start: int, end: int) -> tuple[int, int]:
    """What follows a phrase written inside ``\\text{...}`` in math (``\\[ \\text{The answer is (D).} \\]``,
    ``$\\text{The final answer is } 5$``): past the brace that closes the text, and up to a brace it never opened."""
    if not re.search(r"\\(?:text|textbf|mathrm)\s*\{[^{}]*$", text[max(0, start - 200) : start]):
        return start, end
    lead = re.match(r"\s*\}", text[start:end])
    if lead:  # $\text{The final answer is } 5$: the answer follows the text, in the math
        return start + lead.end(), end
    depth = 0
    for k in range(start, end):
        depth += (text[k] == "{") - (text[k] == "}")
        if depth < 0:  # \text{The answer is (D).}: the text closes after the answer
            return start, k
    return start, end


def _trimmed(piece: str, quoted: bool = False) -> str:
    """``piece`` without the quotes (straight, curly, guillemets, LaTeX's), ``\\"``, ``**``, ``__`` and backticks (and spaces) around it. The leading run is one anchored
    match; the trailing run is walked from the right by hand, because a pattern anchored with ``$`` is tried at
    every position and takes time quadratic in a long run of spaces inside the text (24,000 spaces: 6 s). A closing
    apostrophe after a letter, an apostrophe or a closing bracket goes only with an opening one (``quoted``: one
    stood before ``piece``): else it is a prime (The answer is f'.)."""
    lead = _LEADING_QUOTES.match(piece)
    # (LaTeX's quotes open with backticks and close with apostrophes: `True', ``True'')
    quoted = quoted or (lead is not None and ("'" in lead.group() or "‘" in lead.group() or
                                              ("`" in lead.group() and not piece.rstrip().endswith("`"))))
    piece = piece[lead.end() :] if lead else piece
    end = len(piece)
    while end:
        char = piece[end - 1]
        if char.isspace():
            end -= 1
        elif char == "'" and not quoted and (piece[end - 2 : end - 1].isalpha() or piece[end - 2 : end - 1] in ("'", ")", "}")
                                             or re.search(r"[°′]\s*\d+(?:\.\d+)?'*\Z", piece[:end - 1])):
            break  # f', y'', (f(x))': a prime; 30°15': minutes (5' is a quote closed, as before)
        elif char in "\"'*_`“”‘’„«»":
            end -= 2 if end > 1 and piece[end - 2] == "\\" else 1
        else:
            break
    return piece[:end]


# the words for thousand, million, ... of the answer phrases' languages right after a number (5 ribu, 5 triệu, 5万, 5 bin)
_MULTIPLIER = (r"(?i:\s{0,3}(?:(?:ribu|juta|miliar|milyar|triệu|nghìn|ngàn|tỷ|trăm|bin|milyon|mii|milioane|miliarde|tysięc\w*|"
               r"tys\.|miljon\w*|miljard\w*|mil|mill(?:ón|ones)|milliers?|milliards?|tausend|million(?:en)?|milliard(?:en)?|mio\.?|"
               r"mrd\.?|mila|milioni|miliardi|тысяч\w*|тыс\.|млн|млрд|миллион\w*|миллиард\w*|тисяч\w*|мільйон\w*|हज़ार|हजार|"
               r"लाख|करोड़|ألف|آلاف|مليون|ملايين|مليار|هزار|میلیون|میلیارد|אלף|מיליון)(?![^\W\d_])|만(?!큼)|억|천|백만|万|萬|亿|億|百万|"
               r"千(?![米克瓦焦帕赫字伏牛卡兆])))")  # (千米, 千克, 千伏: kilometre, kilogram, kilovolt)


# words right after the math of a stated answer that change its value or make it conditional or a bound (The answer
# is $3$ thousand, $3$ squared, $3$ divided by $2$, $3$ to $5$, $3$ at most): refused as written (a condition after
# it, $5$ when $x = 2$, is read by the final-sentence rules)
# ('times' only before a number it multiplies: $5$ times $4$; never $5$ times, $5$ times a day, $5$ times as many, $5$
# times that of the Sun: the factor a question asks for)
_SCALE_WORDS = (r"thousands?|millions?|billions?|trillions?|times(?=\s{0,3}(?:\$|\\[(\[]|\d))|"
                rf"{ORDINAL_PARTS}s|lakhs?|crores?|{ILLIONS}s?")  # ($5$ sixteenths, $5$ lakh: another number)
_VALUE_CHANGED = re.compile(r"(?i)\s{0,3}(?:" + _SCALE_WORDS + r"|squared|cubed|divided|plus|minus|"
                            r"over|at\s+(?:most|least)|or\s+(?:more|less|fewer|so))(?![A-Za-z])")
# in a final sentence, the words of those that change the value of the math before them (never $450$ over 6 months,
# $5$ plus tax: what the sentence goes on to say; nor $25$ squared units, square units)
_CHANGED_AFTER_MATH = re.compile(r"(?i)\s{0,3}(?:" + _SCALE_WORDS + r"|"
                                 r"(?:squared|cubed)(?!\s{1,3}(?:units?|meters?|metres?|feet|foot|inch(?:es)?|"
                                 r"centimet(?:er|re)s?|millimet(?:er|re)s?|kilomet(?:er|re)s?|cm|mm|km|m|ft|in|miles?|yards?)))"
                                 r"(?![A-Za-z])")
_MULTIPLIED = re.compile(_MULTIPLIER)
_SCALED = re.compile(r"(?<=\d)" + _MULTIPLIER)  # a multiplier right after a digit, in words
_RANGE_TO = re.compile(r"\s{0,3}(?:to|through|–|--?)\s{0,3}(?:\$|\\\()")  # $3$ to $5$: a range, not 3


# after an answer phrase of another language, the copula (and the particle before it) that closes the sentence after
# the answer: 답은 (3,4]가 됩니다, 答えは x=3 です, उत्तर 42 है, پاسخ ۴۲ است, Cevap 2n'dir (looked for in the last 40
# characters of the sentence: a pattern anchored at its end is tried at every position)
_COPULA_END = re.compile(r"(?:\s*(?:[이가]\s*)?(?:됩니다|입니다|이다|이에요|예요)|\s*(?:です|である|だ)|\s+(?:है|हैं)|\s+است"
                         r"|['’][dt][ıiuü]r)\s*[.。।]?\s*$")


# in the last statement of a block of steps: a modal, a contrast or a condition (He may mean 3 x 4 = 12.)
_STEP_HEDGED = re.compile(r"(?i)(?<![A-Za-z])(?:may|might|could|would|however|alternatively|if|unless|or)(?![A-Za-z])")
_STEPS_UNSTATED = "steps whose last statement neither concludes nor restates a result"
# the first statement of a block of steps: a step's opening (First, Step 1:, We, Let) or a computation (3 + 4 = 7)
_STEP_OPENS = re.compile(r"(?i)[\s*#>-]*(?:first(?:ly)?|step\s*\d+|we|let|let's|to\s+find|start|begin|calculate|compute|"
                         r"\d+[.)])(?![A-Za-z])")
# (it opens where a run of digits, commas and points opens: from inside a long run, 1,1,1,...,0, it would rescan it)
_COMPUTES = re.compile(r"(?<![\d,.])[,.]*\d[\d,.]*[ \t]*[-−+*/×÷x][ \t]*\$?\d[^=\n]{0,60}=")
# a numbered step's label (Step 2:), which opens no explanation; and one that opens a later line
# the word alone on its line (answer, ### Final Answer; never with a colon, Answer:, whose sentence is the answer), and
# a line of prose after it: six words or more, and no digit nor math (The length is 12 cm. states the answer)
_HEADING_ALONE = re.compile(r"(?i)[ \t]*(?:#{1,6}[ \t]*(?:\*\*)?|\*\*)?(?:final[ \t]+)?answer(?:\*\*)?[ \t]*")
_PROSE_LINE = re.compile(r"[ \t]*\r?\n\s*(?:[A-Za-z][a-z'’,-]*[ \t]+){5}[a-z][^\n\d$\\]*(?:\n|\Z)")
_NUMBERED_STEP = re.compile(r"(?i)[\s*#>-]*(?:\*\*)?step[ \t]*\d{1,4}[ \t]*[:.)]")
_LATER_STEP = re.compile(r"(?i)\n[ \t*#>-]*step[ \t]*\d{1,4}[ \t]*[:.)]")
_LETTER = re.compile(r"[A-Za-z]")


def _unsolved(line: str) -> bool:
    """Whether ``line`` is an equation still to solve: a letter after its last '=' (x = y + 30, F = 2T); found from
    the last '=' (a pattern anchored at the end would be tried at every '=' of a long line)."""
    last = line.rfind("=")
    return last >= 0 and "\n" not in line[last:] and _LETTER.search(line, last) is not None
# a line after an answer that explains it rather than goes on computing (Answer: 7\nExplanation: ...)
_EXPLAINS = re.compile(r"(?i)[\s*#>-]*(?:explanation|reason(?:ing)?|because|since|note|check|verification|verify|proof|"
                       r"justification|why|work(?:ing)?|solution|steps?)(?![A-Za-z])")


def _computes_to(sentence: str, value: str) -> bool:
    """Whether ``sentence`` ends a computation of its own with ``value`` (Number still hidden = 36 - 27 = 9)."""
    found = _LAST_EQUALS.findall(sentence)
    return bool(found) and _value(found[-1]) is not None and _value(found[-1]) == _value(value)


_ASSIGNED_NUMBER = re.compile(r"\s*([A-Za-z](?:_\{?\w{1,3}\}?)?)[ \t]*=(?:[^=\n]{1,80}=){0,4}[ \t]*\$?-?\d[\d,]*(?:\.\d+)?"
                              r"[ \t]*\.?\s*")
_LEFT_NAME = re.compile(r"\s*([A-Za-z](?:_\{?\w{1,3}\}?)?)[ \t]*=")


def _solves_first(steps: str, last: tuple[int, int]) -> bool:
    """Whether the last statement of ``steps`` gives the value of the unknown that their first line, an equation still
    to solve, names on its left (x = y + 30, then y = 20, then x = 50)."""
    first_line = steps.strip().split("\n", 1)[0]
    named, final = _LEFT_NAME.match(first_line), _ASSIGNED_NUMBER.fullmatch(steps, *last)
    return named is not None and final is not None and named.group(1) == final.group(1) and _unsolved(first_line)


def _steps_after(text: str, opened: int, start: int, end: int, hi: int) -> int | None:
    """Where the block of steps that an answer marker heads ends, when the marker ends its line (``opened`` to
    ``start`` holds a line break), the first statement after it is prose with a number (never a bare value: Answer:\n42)
    that opens a step or computes, or the block's last statement concludes (Julie had $500. ... Therefore, Julie had
    $300 left.), and the block (to a blank line) goes on after it with more numbers that no explanation label
    introduces; None otherwise."""
    first = _trimmed(text[start:end])
    step = _NUMBERED_STEP.match(first)
    working = not _prose(first) and (_COMPUTES.search(first) or _unsolved(first))
    if "\n" not in text[opened:start] or not re.search(r"\d", first) or not (_prose(first) or working) or \
            _yes_no(first) or (re.match(r"[A-Za-z][\w' ]{0,40}:\s", first) and not step):  # fmt: skip
        return None  # (a yes or no answered first: No, 80 dB is not twice as loud ...; labelled lines: Nick: 6 guns)
    gap = re.compile(r"\n[ \t]*\n").search(text, end, hi)
    block = gap.start() if gap else hi
    while (step or working) and gap and block < hi:
        # Answer:\n\nStep 1: 2/3 of 36 = 24\n\nStep 2: 24 x 24 = 576\n\nHe needs 576 tiles. / Answer:\n\nx = y + 30\n...:
        # a first step or a computation opens steps that may go on in paragraphs with numbers, to their conclusion
        following = re.compile(r"\n[ \t]*\n").search(text, gap.end(), hi)
        paragraph = text[gap.end() : following.start() if following else hi]
        if not re.search(r"\d", paragraph) or (_EXPLAINS.match(paragraph) and not _NUMBERED_STEP.match(paragraph)):
            break
        gap, block = following, following.start() if following else hi
    concludes = _CONCLUSION.match(text, *_last_sentence(text, end, block)) if block > end else None
    if not (_STEP_OPENS.match(first) or working or _COMPUTES.search(first) or concludes):
        return None  # a statement that is no step states the answer, whatever follows: Tom has 14 apples.\nHe picked 7.
    rest = text[end:block].lstrip(" \t.!")
    if not re.search(r"\d", rest) or (_EXPLAINS.match(rest) and not _NUMBERED_STEP.match(rest)):
        return None
    return block


# a choice's label that opens a line or a sentence ((A), A), A.), and what may stand between two options listed
_OPTION_LABEL = re.compile(r"[ \t*]*(?:\(([A-J])\)|([A-J])[.)])[ \t]")
_OPTION_GAP = re.compile(r"[ \t]*[.;,]?\s*")
# (never options judged one by one or together: (A) and (B) are correct. (C) is false.; (A) TRUE\n(B) FALSE)
_OPTION_JUDGED = re.compile(r"(?i)(?<![A-Za-z])(?:and|or|correct|incorrect|true|false|right|wrong|is|are|holds?|valid|"
                            r"invalid)(?![A-Za-z])")
_OPTIONS_LISTED = "the options are listed and none is chosen"  # (no later rule reads one of them instead)


# GSM8K's #### in a sentence, a number and words after it: the number (never 7 dozen, 10 or 11, 5 to 6, 60 percent,
# 3 times, 10 at most, 5 maybe)
_HASHED_NUMBER = re.compile(
    r"(?:\\?\$[ \t]?)?(-?\d[\d,]*(?:\.\d+)?)(?=[ \t]+(?!(?:or|to|and|dozens?|hundreds?|thousands?|millions?|billions?|"
    rf"percent|per\s*cent|pct|times|fold|squared|cubed|halves|thirds?|quarters?|{ORDINAL_PARTS}s?|plus|minus|over|"
    r"out|at|about|approximately|roughly|around|maybe|perhaps|probably|possibly|nearly|almost|more\s+or|tops|max|"
    r"min|lakh|crore|grand|k|bn|mn)(?![A-Za-z]))[A-Za-z]{2,}(?![A-Za-z])"
    r"(?!\.?[ \t]+(?:and[ \t]+)?\d))")  # (never a unit before a second part: 2 hrs. and 30 mins., 5 ft 3 in)


# a check of the answer after a semicolon, a comma or a bracket in its sentence (; check: 5 + 2 = 7, ，检验：), with a
# colon or a word that says what it checks with (; check with 5 + 2 = 7)
# the label of a check of the answer (Check, Verification, Double-check, 检验, 验证), shared by both check patterns
_CHECK_LABEL = r"(?:check(?:ing)?|verif(?:y|ication|ying)|double[- ]?check(?:ing)?|sanity[ \t]+check|检验|验证|检查|檢驗|驗證)"
_INLINE_CHECK = re.compile(rf"(?i)[;；,，(（][ \t]*{_CHECK_LABEL}"  # (it opens at its mark: linear on a run of spaces)
                           r"(?:[ \t]*[:：]|[ \t]+(?:with|by|using|via|that|it|this)(?![A-Za-z]))")


def _after_phrase(text: str, start: int, hi: int, rule: str, foreign: bool = False, marker: int | None = None) -> Extraction:
    """The answer after a marker (``rule``) that ends at ``start``; ``marker`` is where the marker starts."""
    opened = start
    # (a colon after another language's copula: La respuesta es: 42, उत्तर है:, Jawabannya adalah:)
    while start < hi and (text[start] in " \t\r\n*\"'" or (foreign and text[start] in ":：") or text.startswith('\\"', start)):
        start += 2 if text[start] == "\\" else 1
    pair = _PAIR_AFTER.match(text, start, hi)
    if pair:  # The final answer is: `"answer": "294"` (Phi-3.5 in ZeroEval): the pair's value, when it ends the line
        read = _json_value(text, pair.end(), hi)
        if read is not None and read[0].strip() and _LINE_END.match(text, read[1][1] + 1, hi):
            return Extraction("answer", (_strip_math(read[0].strip()),), rule, read[1])
    fenced = _FENCED_OBJECT.match(text, start, hi)
    if fenced:  # The final answer is:\n```json\n{"answer": "9"}\n``` (ZeroEval's format): the object's answer
        key = _JSON_KEY.search(text, fenced.end(), min(hi, fenced.end() + 20000))
        closing = text.find("```", fenced.end(), hi)
        read = _json_value(text, key.end(), hi) if key and (closing < 0 or key.start() < closing) else None
        brace = text.find("}", read[1][1], hi) if read is not None else -1
        if read is not None and read[0].strip() and closing > brace >= 0:
            # what follows the fence: nothing but closers, or a made-up next question (## Question: ...)
            after = text[closing + 3 : _closing_start(text, closing + 3, hi)]
            if not after.strip() or _NEXT_QUESTION.match(after):
                return Extraction("answer", (_strip_math(read[0].strip()),), rule, read[1])
            return Extraction("none", rule=f"prose after the JSON object after '{rule}' says more",
                              span=(start, hi))  # fmt: skip
        return Extraction("none", rule=f"the JSON object after '{rule}' holds no answer (cut off, or empty)",
                          span=(start, hi))  # fmt: skip
    spans = _math_spans(text, start, hi)
    end = min(_sentence_end(text, start, spans), hi)
    line = text.find("\n", start, end)
    if line >= 0 and text[start:line].strip() and not any(m.start < line < m.end for m in spans):
        end = line
    checked = _INLINE_CHECK.search(text, start, end)
    if checked and text[start : checked.start()].strip() and not _CHECK_CONCLUDES.search(text, checked.end(), end):
        end = len(text[: checked.start()].rstrip())  # The answer is 5; check: 5 + 2 = 7. / 答案是5；检验：5+2=7 (the check after it is none)
    hashed = _HASHED_NUMBER.match(text, start, end) if rule == "####" else None
    if hashed and _PARTS_OR_SCALE_AFTER.match(text, hashed.end(1), end):
        hashed = None  # #### 45 percentage points, #### 3 billionths, #### 45 per mille: read with their words
    if hashed:  # Therefore, the beanstalk was #### 10 inches tall after 3 weeks. (GSM-Plus's gpt-3.5-turbo): GSM8K's marker
        # marks the number right after it, whatever words follow (never a word that changes, bounds or hedges it)
        return Extraction("answer", (hashed.group(1),), rule, hashed.span(1))
    gap = _OPTION_GAP.match(text, end, hi)
    labelled = _OPTION_LABEL.match(text, start, end)
    listed = _OPTION_LABEL.match(text, gap.end(), hi) if labelled and gap else None
    if labelled and listed and (labelled.group(1) or labelled.group(2)) != (listed.group(1) or listed.group(2)) and \
            not _OPTION_JUDGED.search(text, labelled.end(), end):  # fmt: skip
        # Answer:\nA) 12\nB) 15\nC) 18 / Answer: (A) 5 apples. (B) 7 oranges.: the question's options listed, none
        # chosen (never one option and its explanation)
        return Extraction("none", rule=f"after '{rule}', {_OPTIONS_LISTED}", span=(start, hi))
    block = _steps_after(text, opened, start, end, hi)
    if block is not None:
        # Answer:\nFirst, 3 + 4 = 7 apples.\nThen 7 x 2 = 14 apples.\nSo Tom has 14 apples.: the marker heads a block of
        # steps, whose last statement is the answer (never its first step)
        inner = _extract(text[start:block], structured=False, restate=False)
        steps = text[start:block]
        last = _last_sentence(steps, 0, len(steps))
        if _solves_first(steps, last):  # (x = y + 30, then y = 20, then x = 50: the unknown solved, its value)
            solved = steps[last[0] : last[1]].strip().rstrip(".").strip()
            at = start + steps.index(solved, last[0])
            return Extraction("answer", (solved,), rule, (at, at + len(solved)))
        if inner.status == "answer" and inner.span[0] >= last[0] and \
                (inner.rule != "final sentence" or _CONCLUSION.match(steps, *last) or
                 _restates_result(steps, last[0], inner.texts[0]) or
                 _computes_to(steps[last[0] : last[1]], inner.texts[0])) and \
                not _UNMARKED_HEDGE.search(steps, *last) and not _STEP_HEDGED.search(steps, *last):  # fmt: skip
            # (the last statement concludes or restates the last result: never a side fact, In grams, this is 360 g.)
            return replace(inner, span=(inner.span[0] + start, inner.span[1] + start))
        opening_line = _trimmed(text[start:end])
        if _prose(opening_line) or _NUMBERED_STEP.match(text, start, end) or _unsolved(opening_line):
            # (an equation still to solve is never the answer: x = y + 30, then y = 20, then x = 50)
            return Extraction("none", rule=f"after '{rule}', {_STEPS_UNSTATED}", span=(start, block))
        # (steps opened by math whose last statement states nothing leave the math read as the answer, as it was read
        # before such steps were: Answer:\n\n3 * 40 = 120\n\nThe turtle can crawl 120 feet in 40 seconds.)
    start, end = _out_of_text_command(text, start, end)
    step = _STEP_LABEL.match(text, start, end)
    if step and re.search(r"\d", text[step.end() : end]) and not re.search(r"\d", text[end:hi]):
        start = step.end()  # Answer:\nStep 2: Benny now has 14 seashells. (the step's label is layout, when it is the last)
    copula = _COPULA_END.search(text, max(start, end - 40), end) if foreign else None
    if copula and text[start : copula.start()].strip():  # 답은 (3,4]가 됩니다.: the answer stands before the copula
        end = copula.start()
    masked = _masked(text, start, end)
    noted = _NOTE_AFTER.search(masked, start, end) if text[end : end + 1] not in ("?", "？") else None  # (asked: 18, not 20?)
    if noted is None and "$" in text[start:end] and text[end : end + 1] not in ("?", "？"):
        # So the answer is $18$, not $19$. / $18$, not 19.: the value before the comma is math (blanked in the mask),
        # the comma stands outside it
        denied = _NOTE_AFTER.search(text, start, end)
        if denied and denied.group().startswith(",") and masked[denied.start()] == ",":
            noted = denied
    written = re.search(r"(?<![\d.,/])(\d[\d,]*(?:\.\d+)?)(?![\d/])[^\d/]{0,40}\Z", text[start : noted.start()]) if noted else None
    if noted and _ROUNDED_END.fullmatch(noted.group()) and not (written and _rounding_agrees(written.group(1), noted.group())):
        noted = None  # The answer is 4.2, rounded up.: no value rounded as it says (read as written: unparsed)
    if noted and noted.group().lstrip().startswith(",") and _UNCOMPARED_RESTATEMENT.match(text, noted.end(), end):
        noted = None  # The answer is 120 minutes, i.e. 2 hours.: a restatement not compared, read as written (unparsed)
    if noted and (re.search(r"\d", masked[start : noted.start()]) or
                  noted.group().lstrip().startswith(",") and _DENIED_BESIDE.fullmatch(text, start, noted.start())):  # fmt: skip
        # The answer is 9 (see Eq. 5). / The answer is 3, i.e. 3. / 12, that is, 0.5 dozen: the answer before a
        # reference, and a restatement left to the forms after it (_another_form)
        end = start + len(text[start : noted.start()].rstrip(" \t,;"))
        masked = _masked(text, start, end)
    spelled = _SPELLED_NOTE.search(masked, start, end)
    if spelled and spelled_number(spelled.group(1)) is not None and \
            spelled_number(spelled.group(1)) == _value(text[start : spelled.start()].strip(" \t$*")):  # fmt: skip
        end = start + len(text[start : spelled.start()].rstrip(" \t"))  # The answer is -3 (negative three).
        masked = _masked(text, start, end)
    computed = _COMPUTED_NOTE.search(masked, start, end)
    note = computed.group(1) or computed.group(2) if computed else ""
    if computed and _computes_note(masked[start : computed.start()], note) and \
            not ("=" in note and _prose(text[start : computed.start()])):  # fmt: skip
        # (a sentence's own computation with its result is read by the rule for such sentences, _result_in_sentence)
        # The answer is 7 (5 + 2). / Adam has 8 dollars now (3 + 5).: the answer before its computation
        end = start + len(text[start : computed.start()].rstrip(" \t,;"))
        masked = _masked(text, start, end)
    example = _EXAMPLE.search(masked, start, end)
    if example and (not re.search(r"\d", masked[start : example.start()]) and not _math_spans(text, start, example.start())
                    or not text[example.end() : end].strip(" .,;:!)")):  # fmt: skip
        # The answer is a prime, e.g. 7. / The final answer is 100, for instance.: an example, never the answer
        return Extraction("answer", (_trimmed(text[start:end]),), rule, (start, end))  # read as written: refused
    other = _BARE_EXAMPLE.match(text, example.end(), end) if example else None
    values = re.findall(r"(?<![\d.])-?\d+(?:\.\d+)?", masked[start : example.start()]) if example and other else []
    if other and values and Fraction(values[-1]) != Fraction(other.group(1)):
        # The answer is 12, e.g. 13.: an example of another value contradicts the answer, which states none
        return Extraction("none", rule=f"an example of another value follows the answer after '{rule}'", span=(start, end))
    reason = _REASON_BETWEEN.search(masked, start, end) or _condition(masked, start, end, start, end)
    if reason and re.search(r"\d", text[start : reason.start()]) and not _math_spans(text, start, reason.start()) \
            and not _prose(text[start : reason.start()]):  # fmt: skip
        # The answer is 5 because 2 + 3 = 5. / Final answer: 60, because 180 - 120 = 60.: the answer before its reason
        end = start + len(text[start : reason.start()].rstrip(" \t,;:—–-(（["))  # (the bracket a reason opens: 5 (because ...)
    relative = _RELATIVE_NOTE.search(masked, start, end)
    if relative and not _RELATIVE_VALUE.search(masked, relative.end(), end) and \
            re.search(r"\d", masked[start : relative.start()]) and not _math_spans(text, start, relative.start()) \
            and not _prose(text[start : relative.start()]) and \
            not any(p.search(masked, relative.start(), end) for p in (_RELATIVE_DOUBTS, _DOUBT_BEFORE, _HYPOTHETICAL, _JUDGED)):  # fmt: skip
        # The answer is 5, which is odd. / Final answer: $25,000, which is the difference between ...: the answer before a
        # clause on it that gives no value of its own (one with a number, , which is 184 more than ..., is read as written)
        end = start + len(text[start : relative.start()].rstrip(" \t,;"))
    piece = _trimmed(text[start:end], "'" in text[opened:start])  # quotes, \" and ** around it
    if not piece:
        return Extraction("none", rule=f"nothing after '{rule}'", span=(start, end))
    if _EXCLUSION.match(piece):  # The answer is anything but 5. / all real numbers except 5: every value but one
        return Extraction("none", rule=f"what follows '{rule}' {_EXCLUDES}", span=(start, end))
    if (piece.startswith("~~") and piece.endswith("~~")) or text[end : end + 1] in ("?", "？") or piece.endswith("?"):
        # Answer: ~~3~~ (struck out in Markdown), Answer: 3? (asked, never stated)
        return Extraction("none", rule=f"what follows '{rule}' is struck out or asked", span=(start, end))
    if _EITHER.match(piece) and re.search(r"(?i)(?<![A-Za-z])or(?![A-Za-z])", text[start : text.find("\n", end, hi) % (hi + 1)]):
        # The correct answer is either F. 397 or G. 406: the full stop of a choice cut the sentence before its 'or'
        return Extraction("none", rule=f"'either ... or ...' after '{rule}': several answers, none stated", span=(start, end))
    optioned = _OPTION_AFTER.fullmatch(piece) or (
        _OPTION_NEXT.match(text, end, hi) if re.fullmatch(r"\(?[A-J]\)?", piece) and text[end : end + 1] == "." else None)
    lettered = _LETTER_OPTION.fullmatch(piece) if not optioned else None
    if lettered and not _prose(lettered.group(2)) and not _SECOND_LABEL.search(lettered.group(2)) and \
            not OPTION_NAMES_ANOTHER.search(lettered.group(2)) and \
            not re.search(r"(?<![A-Za-z])or(?![A-Za-z])", lettered.group(2)):  # fmt: skip
        # The correct answer choice is D: 2/3. (MR-Ben's answers): the choice D with its option, read by the
        # labelled-choice rule (the letter against a letter, the option against a value)
        first = start + text[start:end].find(piece)
        return Extraction("answer", (f"({lettered.group(1)}) {lettered.group(2)}",), rule, (first, first + lettered.end(2)))
    if optioned and not _NOT_OPTION_TEXT.search(optioned.group("option")):
        # The answer is A, yes. / The correct answer is D. Wednesday. (TabMWP's answers): the choice with its option's
        # text, read by the labelled-choice rule (the letter against a letter, the text against a text)
        letter = re.search(r"[A-J]", piece).group()  # type: ignore[union-attr]
        first = start + text[start:end].find(piece)
        return Extraction("answer", (f"({letter}) {optioned.group('option').strip()}",), rule,
                          (first, optioned.end() if optioned.re is _OPTION_NEXT else first + len(piece)))  # fmt: skip
    led = _CHOICE_LED.match(piece)
    listed = _MORE_CHOICES.match(piece, led.end()) if led else None
    worded = _WORDED_CHOICE.match(piece)
    noted = re.search(r"\([^()]{1,300}\)\s*(?:[.!]\s*)?$", piece)  # (a note at the end, after the option too)
    for label in (led, worded, _LETTER_OPTION.match(piece)):
        if label and (_doubting_note(piece[label.end() :]) or
                      (noted and noted.start() >= label.end() and _doubting_note(piece[noted.start() :]))):
            # The answer is (B) (I am not sure). / Choice B (note that this is not a completely accurate answer ...):
            # a note in brackets after the choice that doubts it (never an option: (D) (2,0))
            return Extraction("none", rule=f"the choice after '{rule}' is doubted in a note after it", span=(start, end))
    if led and listed:  # The answer is (C), (G), (H). / (C) and (G): several choices, a list (never the first alone)
        first = start + text[start:end].find(led.group(1))
        return Extraction("answer", (piece[led.start(1) : listed.end()],), rule, (first, first + listed.end() - led.start(1)))
    if led and _EXPLAINED.match(piece, led.end()):
        # The answer is (F): When using ..., The answer is (A), as ...: the choice, then why (MMLU-Pro's responses)
        first = start + text[start:end].find(led.group(1))
        return Extraction("answer", (led.group(1),), rule, (first, first + len(led.group(1))))
    if led and piece[led.end() :].strip() and not _SECOND_LABEL.search(piece, led.end()):
        # The answer is (C) 12 cans.: the choice with its option, read by the labelled-choice rule (never the 12 alone)
        first = start + text[start:end].find(piece)
        return Extraction("answer", (piece.replace("**", ""),), rule, (first, first + len(piece)))
    if worded and piece[worded.end() :].strip(" \t.*"):
        rest = piece[worded.end() :]
        option = _WORDED_OPTION.fullmatch(rest)
        body = option.group(1).strip(" \t()[]") if option else ""  # (in brackets: Choice_B (7.92), never a note on it)
        first = start + text[start:end].find(piece)
        if body and not _SECOND_LABEL.search(body) and not OPTION_NAMES_ANOTHER.search(body) and \
                not _PROPERTY_OR_HEDGE.search(body) and \
                (not _prose(body) or (re.fullmatch(_OPTION_WORDS, body) and not _NOT_OPTION_TEXT.search(body))):  # fmt: skip
            # The answer is Choice B: 90 seconds. / Choice_C: $\frac{\pi}{6}$ (MR-Ben's answers): the choice with its
            # option, read by the labelled-choice rule (never the 90 alone, which names no choice)
            return Extraction("answer", (piece.rstrip(" \t."),), rule, (first, first + len(piece.rstrip(" \t."))))
        if option and OPTION_NAMES_ANOTHER.search(option.group(1)):  # Choice_B: C: another choice, read as written
            return Extraction("answer", (piece.rstrip(" \t."),), rule, (first, first + len(piece.rstrip(" \t."))))
        if _REASON_AFTER.match(rest) and not _SECOND_LABEL.search(rest) and not _OR_CHOICE_WORD.search(rest):
            # The answer is Choice B, since ...: the choice, then why
            return Extraction("answer", (piece[: worded.end()],), rule, (first, first + worded.end()))
    yes_no = _yes_no(piece)
    if yes_no and _prose(piece) and _TAKEN_BACK.search(piece, yes_no.end()):  # Answer: Yes, depending on n.
        return Extraction("none", rule=f"the yes or no after '{rule}' is qualified or hedged", span=(start, end))
    if yes_no and _prose(piece):  # Answer: No, the series diverges. (a yes-or-no question answered first)
        first = start + text[start:end].find(yes_no.group(1))
        return Extraction("answer", (yes_no.group(1),), rule, (first, first + len(yes_no.group(1))))
    math = spans[0] if spans and spans[0].start == start else None
    form = _another_form(text, math.end, end, bare=False) if math else None
    if form and not text[form[1] : end].strip(" .,;!\"'*"):  # Answer: $\frac12$ (or $0.5$)
        return Extraction("answer", (math.inner.strip(" "),), rule, math.span(), (form[0],))  # type: ignore[union-attr]
    plain = _OPENING_NUMBER.match(text, start, end) if not spans or spans[0].start > start else None
    form = _another_form(text, plain.end(), end, bare=False) if plain else None
    if plain and form and not text[form[1] : end].strip(" .,;!\"'*"):
        # Answer: 0.1541 (or 15.41%). / The answer is 0.5 (i.e. 50%). / The answer is 8 (i.e., $2^3$).: the number,
        # and its other form as after math
        return Extraction("answer", (plain.group(1),), rule, plain.span(1), (form[0],))
    if math and _prose(piece):
        after = _masked(text, start, end)[math.end : end]
        later = [m for m in spans if m.start >= math.end and m.start < end]
        if _DENIAL.search(after) or _JUDGED.search(after) or _VALUE_CHANGED.match(after) or _BOUND_AFTER.match(after) or \
                (foreign and _MULTIPLIED.match(after)) or \
                _RANGE_TO.match(text, math.end, end) or \
                (later and _OR_BETWEEN.search(after[: later[0].start - math.end])):  # fmt: skip
            return Extraction("answer", (piece,), rule, (start, end))  # $5$ is wrong, $5$ oder $6$: refused as written
        return Extraction("answer", (math.inner.strip(" "),), rule, math.span())
    if _denied(_masked(text, start, end), start, end):
        return Extraction("answer", (piece,), rule, (start, end))  # read as written: refused, never the number in it
    copula = _COPULA.search(masked, start, end) if _prose(piece) else None
    value = _ANOTHER_SUBJECT.fullmatch(masked, start, copula.start()) if copula and _SUBJECTS.match(copula.group()) \
        else None  # fmt: skip
    other = _VALUE_NEXT_TO.match(text, copula.end(), end) if value is not None else None  # type: ignore[union-attr]
    if value is not None and other is not None and _value(value.group(1)) != _value(other.group(1)):
        # The answer is 5, and the sum is 15. / The answer is 5 more than Tom, and Tom's age is 10.: two values, and
        # which one answers is not stated plainly (never the last: 15; never the first of a phrase that may change it)
        return Extraction("none", rule=f"after '{rule}', the values of several things, none as the answer", span=(start, end))
    if _prose(piece):
        stated = _statement(text, start, end, rule)
        if stated.status != "none":
            return stated
        planned = re.split(r"(?<=[.!?])\s", piece, maxsplit=1)[0].rstrip(" \t*:.")  # (its first sentence, after the
        planned = planned[planned.find(",") + 1 :]  # purpose: To find which is bigger, we can compare 0.6 and 0.65.)
        if _plans(piece) and not _PLAN_STATES.search(planned):
            # Answer:\nTo determine the 1-day 95% VaR, we need to follow these steps: (FinanceMath's Qwen2 answers): a
            # plan, whose numbers are the question's; the answer is what the rest concludes, if it does
            given = _extract(text[end:hi], structured=False, restate=False) if text[end:hi].strip() else None
            if given is not None and given.status == "answer" and given.rule != "whole":
                return replace(given, span=(given.span[0] + end, given.span[1] + end))
            return Extraction("none", rule=f"what follows '{rule}' plans the work, and no answer follows it", span=(start, end))
        if _ANNOUNCED_LATER.search(piece) and not re.search(r"\d", piece):
            # The answer to the question is the total cost, which we compute below.: the answer is what follows
            given = _extract(text[end:hi], structured=False, restate=False) if text[end:hi].strip() else None
            if given is not None and given.status == "answer":
                return replace(given, span=(given.span[0] + end, given.span[1] + end))
            return Extraction("none", rule=f"what follows '{rule}' announces an answer given later", span=(start, end))
        if _DESCRIBED.match(piece) and not _DESCRIBED_VALUE.search(piece):
            # Therefore, the answer is the number of iterations required after the initial 3 iterations. (TheoremQA's
            # Claude answers): what the answer counts, restated, never a value; the 3 in it is the question's
            return Extraction("answer", (piece,), rule, (start, end))  # read as written: refused
        if _PROPERTY_OR_HEDGE.search(_without_difference(text, start, end)):
            # The answer is a multiple of 3. / The answer is likely 3. (never a difference: Pam pays $10 more than Susan)
            return Extraction("answer", (piece,), rule, (start, end))  # read as written: refused, never the 3 in it
        number = _number_in_words(text, start, end, piece, foreign)
        if number is not None:  # Final Answer: Jane started it 3 hours ago. (the marker is there: no format skipped)
            return Extraction("answer", (text[number[0] : number[1]],), rule, number)
        number = _bold_value(text, start, end) if not foreign else None
        if number is not None:  # **Answer:** The bus traveled **60 miles** farther than the car. (Gemma's answers)
            return Extraction("answer", (text[number[0] : number[1]],), rule, number)
        led = _LEAD_BEFORE.search(text, max(0, (marker or 0) - 20), marker) if marker is not None else None
        ends = not text[end : _closing_start(text, end, hi)].strip(" \t\r\n.!*")  # (nothing after it but closers)
        number = _result_in_sentence(text, start, end, led.start() if led else marker) if marker is not None and \
            not foreign and ends else None  # fmt: skip
        if number is not None:  # Answer: Kylar needs to pay $64 for 16 glasses. (right after the computation of 64)
            return Extraction("answer", (text[number[0] : number[1]],), rule, number)
        stated = _statement(text, start, end, rule, concluded=True) if not foreign and ends else stated
        if stated.status == "answer":  # The answer is Cecilia will need 5 bags of dog food.: the marker concludes
            return stated
        # a marked answer that no rule reads is still the answer (and is reported unparsed)
        return Extraction("answer", (piece,), rule, (start, end))
    number = _number_in_words(text, start, end, piece, True) if foreign and not spans else None
    if number is not None:  # Cevap 42'dir. (Turkish's suffix after a number: short words no rule above calls prose)
        return Extraction("answer", (text[number[0] : number[1]],), rule, number)
    scaled = _SCALED.search(piece) if foreign else None
    if scaled:  # Cevap 5 bin. (5000): the word as text, refused as written (never the product 5·b·i·n)
        word = scaled.group().strip()
        return Extraction("answer", (f"{piece[: scaled.start()]} \\text{{{word}}}{piece[scaled.end() :]}",), rule, (start, end))
    if re.match(r"[~∼]\s?\d", piece) and (piece[0] == "∼" or text[start - 1 : start].isspace()):
        # Final Answer: ~3 (in plain text a tilde is about; in LaTeX, \boxed{~3} or Answer:~3, a tie: a space)
        return Extraction("answer", (f"\\approx {_strip_math(piece[1:]).strip()}",), rule, (start, end))
    return Extraction("answer", (_strip_math(piece),), rule, (start, end))


# LaTeX layout left at the end of an answer copied out of a document (MathOdyssey's golds end in \\ \noindent):
# a line break, paragraph and spacing commands say nothing about the answer
_LAYOUT_END = re.compile(r"(?:(?<!\\)\\\\(?:\[[^\]]{0,12}\])?|\\(?:noindent|par|newline|linebreak|medskip|bigskip|smallskip|"
                         r"hfill|vfill|newpage|clearpage)(?![A-Za-z])|\\vspace\*?\s*\{[^{}]{0,20}\})\s*$")


def _without_layout(text: str, lo: int, hi: int) -> int:
    """The end of text[lo:hi] without the layout commands that close it (each looked for in the last 40
    characters: bounded work however long the text)."""
    while True:
        hi = lo + len(text[lo:hi].rstrip())
        found = _LAYOUT_END.search(text, max(lo, hi - 40), hi)
        if found is None or found.start() == hi:
            return hi
        hi = found.start()


# structured output: a JSON object at the end of the response with an answer key ("answer", "final_answer",
# "Final Answer"); models write LaTeX in it with single backslashes (\( x \)), which is not valid JSON, so the
# value is read leniently: JSON's escapes, and any other backslash kept as written
# a whole text that is one line after one to three hashes and a space ("# 18")
_HASHED = re.compile(r"\s*#[ \t]+([-+$(\\.\d][^\n#]{0,199}?)\s*")
# what may stand before a JSON answer pair on its line for the pair to stand alone: nothing, or "Answer:"
_PAIR_LEAD = re.compile(r"(?i)[ \t`]*(?:(?:final[ \t]+)?answer[ \t]*:[ \t]*`?[ \t]*)?")
# the rest of a line after a value: a closing backtick or quote, a full stop
_LINE_END = re.compile(r"[`\"']*\s*[.!]?[ \t]*(?:\r?\n|$)")
# a question a model makes up after its answer (Phi-3.5: "## Question: ...")
_NEXT_QUESTION = re.compile(r"\s*(?:#{1,6}\s*|\*\*)?(?:Question|Problem)\b")
# a JSON answer pair right after an answer phrase, in backticks or not
_PAIR_AFTER = re.compile(r'`?\s*"(?i:final[ _]?answer|answer)"\s*:\s*')
# a unit after a number in a sentence with no math in it ("the wavelength is 2.78 m."): outside math a letter after a
# number is a word, so a unit phrase there is the unit (wrapped in \text{} for the unit rules), never a variable
_PROSE_UNIT = re.compile(r"(?<=\d)[ \t]+([A-Za-zµμΩÅ][A-Za-z/^\d.-]{0,15})(?=[ \t]*(?:≈|\\approx|=|,|;|$))")


def _prose_unit(match: re.Match[str]) -> str:
    return f" \\text{{{match.group(1)}}}" if outside_unit(match.group(1)) else match.group()


# a code fence opening a JSON object right after an answer phrase
_FENCED_OBJECT = re.compile(r"```(?:json)?[ \t]*\r?\n?\s*\{")
_JSON_KEY = re.compile(r'"(?i:final[ _]?answer|answer)"\s*:\s*')
# (a JSON number or literal ends where its value does: 869/27 and 2 * Math.E are values written without quotes)
# (a comma after it ends it only before the next key, a line break or the end: "answer": 1,000 is a thousands group
# and "answer": 4, 5 two values, written without quotes)
_JSON_SCALAR = re.compile(r"(?:-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false)"
                          r"(?=[ \t]*(?:,[ \t]*(?:[\"\r\n}]|$)|[}\]\r\n]|$))")
# a value written without quotes that is no JSON (869/27, \frac{1}{2}): the rest of its line, less a comma or the
# object's closing brace after it
_NEXT_KEY = re.compile(r',\s*"[^"\n]{1,40}"\s*:')
_JSON_BARE = re.compile(r"[^\s\"\[{,][^\r\n]{0,300}")
_JSON_LIST = re.compile(r"\[[^\[\]{}\"]{0,2000}\]")  # an array of numbers: "answer": [4, 5]
_YES_NO = re.compile(r"(?i)\s*(yes|no|true|false)(?=\s*(?:[,.;:!]|\s[-–—]|$))(?!\.\s*of(?![A-Za-z]))")  # (No. of ways)
_POLARITY = {"yes": "no|false", "true": "no|false", "no": "yes|true", "false": "yes|true"}
_TEXT_BOX = re.compile(r"\s*\\(?:text|textbf|textrm|mathrm)\s*\{([^{}]*)\}\s*(?:\.\s*)?")  # a box holding one \text{...}
# words after a yes or no in a box that hedge it, doubt it or take it back (Yes, or maybe not; Yes, probably not; Yes.
# Wait, actually ...; Yes, just kidding)
_TAKEN_BACK = re.compile(r"(?i)(?<![A-Za-z])(?:or|alternatively|maybe|perhaps|possibly|probably|likely|unlikely|wait|"
                         r"actually|however|but|though|although|unless|unsure|otherwise|hmm+|oops|correction|instead|"
                         r"rather|kidding|retract\w*|unknown|unclear|undetermined|determined|depends|necessarily|"
                         r"sometimes|opposite|either|depending|partially|partly|conditionally|generally|usually)(?![A-Za-z])"
                         r"|(?i:(?<![A-Za-z])only\s+(?:if|when)(?![A-Za-z]))")
_NEGATIVE = re.compile(r"(?i)(?<![A-Za-z])(?:not|no|never|cannot|can't|impossible|none|neither|nor|false|isn't|aren't|"
                       r"doesn't|don't|didn't|won't|fails?|nothing|nowhere)(?![A-Za-z])")


def _plain_yes_no(word: str, rest: str) -> bool:
    """Whether the words after a boxed yes or no only give its reason: none doubts it, and they agree with it (after
    yes or true no negation; after no or false a negation: \\boxed{\\text{No, it is not possible}}, never \\boxed{\\text{No,
    it is possible}})."""
    if not rest.strip(" .,;:!"):
        return True
    if _TAKEN_BACK.search(rest):
        return False
    negated = bool(_NEGATIVE.search(rest))
    return negated if word.lower() in ("no", "false") else not negated


def _yes_no(text: str) -> re.Match[str] | None:
    """Yes / No / True / False stated first (see EXTRACTION_RULES), unless the other answer follows it (``Yes, no``,
    ``True or false``: a hedge states none)."""
    found = _YES_NO.match(text)
    if found is None:
        return None
    other = _POLARITY[found.group(1).lower()]
    return None if re.search(rf"(?i)(?<![A-Za-z])(?:{other})(?![A-Za-z])", text[found.end() :]) else found


def _json_string(text: str, start: int, hi: int) -> tuple[str, int] | None:
    """The value of the JSON string literal opening at text[start] and the index of its closing quote (None when
    it does not close before hi). \\n, \\t, \\b, \\f, \\r before the rest of a LaTeX command (\\frac, \\text,
    \\neq) keep their backslash: a model wrote the command, not a control character."""
    out: list[str] = []
    i = start + 1
    while i < hi:
        ch = text[i]
        if ch == '"':
            return "".join(out), i
        if ch == "\\" and i + 1 < hi:
            nxt = text[i + 1]
            if nxt in '"\\/':
                out.append(nxt)
            elif nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2 : i + 6]):
                out.append(chr(int(text[i + 2 : i + 6], 16)))
                i += 4
            elif nxt in "nrtbf":
                command = re.match(r"[A-Za-z]*", text[i + 1 : min(hi, i + 20)]).group()  # type: ignore[union-attr]
                out.append("\\" + nxt if command in ESCAPED_COMMANDS else {"n": "\n", "r": "\r", "t": "\t", "b": "\b",
                                                                          "f": "\f"}[nxt])  # fmt: skip
            else:
                out.append("\\" + nxt)  # \( \sqrt: not JSON, kept as the model wrote it
            i += 2
            continue
        out.append(ch)
        i += 1
    return None


def _json_value(text: str, start: int, hi: int) -> tuple[str, tuple[int, int]] | None:
    """The JSON value at text[start] (a string read leniently, a number, true/false, a list of numbers) and the span
    of its text (inside the quotes of a string), or None."""
    if text.startswith('"', start):
        read = _json_string(text, start, hi)
        return None if read is None else (read[0], (start + 1, read[1]))
    scalar = _JSON_SCALAR.match(text, start, hi) or _JSON_LIST.match(text, start, hi)
    if scalar is not None:
        return scalar.group(), scalar.span()
    bare = _JSON_BARE.match(text, start, hi)
    if bare is None:
        return None
    value = bare.group()
    key = _NEXT_KEY.search(value)
    value = value[: key.start()] if key else value.rstrip()  # {"answer": 869/27, "reasoning": "..."} on one line
    while value.endswith(("}", ",")) and (value[-1] == "," or value.count("}") > value.count("{")):
        value = value[:-1].rstrip()  # "answer": 869/27, / {"answer": \frac{1}{2}}
    if not value:
        return None
    span = (start, start + len(value))
    return ("\\approx " + value[1:].lstrip() if value.startswith("~") else value), span  # "answer": ~4 is about 4


# beside a JSON answer, in the same object: a key that offers another answer, or a hedge in a value
_JSON_ALTERNATIVE_KEY = re.compile(r'(?i)"(?:[a-z]{1,12}[_ -])?(?:alt|alternatives?|alternate|others?|second|secondary|also|backup|'
                                   r'candidates?|possible|options?|or|corrected|revised|updated|fallback|runner[_ -]?up|'
                                   r'next[_ -]?best|answer_?\d)(?:[_ -](?:answers?|values?|results?|guess(?:es)?|options?|choices?|'
                                   r'final(?:[_ -]answer)?))?"\s{0,3}:|'
                                   # (the same in camelCase before Answer, Value or Result: correctedAnswer, otherAnswer; never
                                   # otherCosts, secondStep, updatedAt)
                                   r'"(?-i:(?:alt|alternatives?|alternate|other|second|secondary|backup|corrected|revised|'
                                   r'updated|fallback|possible|runnerUp|nextBest)(?:Answers?|Values?|Results?|FinalAnswer))"\s{0,3}:|'
                                   r'"(?:is_?)?(?:correct|verified|confident)"\s{0,3}:\s{0,3}(?:false|0(?![.\d]))|'
                                   # (an answer flagged as a guess, or held with no confidence at all)
                                   r'"(?:is_?)?(?:guess|guessed|random_?guess)"\s{0,3}:\s{0,3}true|'
                                   r'"confidence"\s{0,3}:\s{0,3}"?0(?:\.0*)?(?![.\d])|'
                                   # another answer key holding a number ("answer_if_inclusive": 13)
                                   r'"answer[_ -][a-z_]{1,30}"\s{0,3}:\s{0,3}"?-?\d')
_HEDGE_WORDS = re.compile(r"(?i)(?<![A-Za-z])(?:or\s{1,3}(?:[-+$\d(]|\\)|maybe|perhaps|possibly|probably|alternatively|"
                          r"(?:random|wild|blind|just\s{1,3}a|only\s{1,3}a|a\s{1,3}rough)\s{1,3}guess|guessed|"
                          r"wait|actually|wrong|incorrect|mistake|not\s+sure|(?:could|might|may)\s+(?:also\s+)?be\s+\$?-?\d)")


# where a JSON object may open: a brace first on its line (after spaces, a fence, a quote mark, or an answer word)
_OBJECT_START = re.compile(r"(?im)^[ \t`>*]*(?:json[ \t]*)?(?:(?:final[ \t]+)?answer[ \t]*:[ \t]*)?\{")


def _object_opening(text: str, lo: int, key: int, hi: int) -> int:
    """The brace that opens the JSON object holding the key at ``key``: the nearest brace before it, or else the nearest
    brace first on its line, whose object closes after the key (a brace inside an earlier string, "Using
    \\frac{a}{b}", opens nothing); else the nearest brace (-1: none). At most 21 braces are tried, each in one linear
    pass."""
    nearest = text.rfind("{", lo, key)
    starts = [nearest] + [m.end() - 1 for m in _OBJECT_START.finditer(text, max(lo, key - 20000), key)][-20:][::-1]
    for start in starts:
        if start >= 0 and _object_end(text, start, hi) > key:
            return start
    return nearest


# a remark after a JSON object that ends a response (Llama 3's MathOdyssey answers: ```json {...}``` then Note: The
# LaTeX formatting might not display correctly ...): a note on how the text renders or an offer of help, in words only
_REMARK_OPENS = re.compile(r"(?i)[ \t\r\n`}*>#(]*(?:notes?\b|nb\b|p\.?s\.?(?![A-Za-z])|(?:in|for)[ \t]+this[ \t]+(?:solution|response|"
                           r"json|format|approach)|this[ \t]+(?:solution|response|json|format|approach|explanation)|"
                           r"please[ \t]+(?:note|let[ \t]+me[ \t]+know|refer))")
# what every sentence of it must be about (a list of what may be said, since no list of words can catch a remark that
# changes the answer: Note: I realized the sign should be negative.): the rendering of the text or an offer of help
_REMARK_ALLOWED = re.compile(r"(?i)(?<![A-Za-z])(?:latex|formatting|formatted|format|render\w*|display\w*|notation|markdown|"
                             r"json|environment|platform|let[ \t]+me[ \t]+know|feel[ \t]+free|hope[ \t]+(?:this|it|that)[ \t]+"
                             r"helps|good[ \t]+luck|happy[ \t]+to[ \t]+help)(?![A-Za-z])")
# what makes it say more: a digit, math, the answer or its verdict, a hedge, another object
_REMARK_SAYS = re.compile(r"(?i)[\d=<>{}$\\]|(?<![A-Za-z])(?:answers?|correct|corrected|correction|incorrect|wrong|right|sure|unsure|doubt\w*|"
                          r"check\w*|verif\w*|mistake\w*|errors?|approximat\w*|instead|actually|rather|alternativ\w*|"
                          r"or|maybe|perhaps|possibl\w*|probabl\w*|guess\w*|estimat\w*|option|choice|result\w*|value|"
                          r"solutions?[ \t]+(?:is|are)|final|none|wait|hmm+|oops|unless|but|however|though|although|"
                          r"additional|other|another|more|typo\w*|disregard\w*|ignor\w*|misread\w*|intend\w*|meant|should|"
                          r"flaw\w*|number|previous\w*|above|realiz\w*|reconsider\w*|redo|re-?check\w*|scratch|sorry|"
                          r"apolog\w*|incomplete|unfinished|confiden\w*|certain\w*|twice|half|divid\w*|subtract\w*|add|"
                          r"multipl\w*|sign|negative|positive|units?|thousands?|millions?|billions?|radians?|degrees?|"
                          r"percent\w*|assum\w*|suppos\w*|seventeen|\w+teen|\w+ty|one|two|three|four|five|six|seven|eight|"
                          r"nine|ten|eleven|twelve|hundred)(?![A-Za-z])")


def _remark_after_object(text: str, end: int, hi: int) -> bool:
    """Whether what follows the closing brace at text[end], after braces and backticks, is a remark in words
    (:data:`_REMARK_OPENS`) that says nothing of the answer (no digit, no math, no verdict, hedge or value:
    :data:`_REMARK_SAYS`), each of its sentences on how the text renders or an offer of help (:data:`_REMARK_ALLOWED`)."""
    if end < 0:
        return False
    rest = text[end + 1 : hi]
    opened = _REMARK_OPENS.match(rest)
    if opened is None or len(rest) > 1500 or _REMARK_SAYS.search(rest, opened.end()):
        return False
    sentences = [m for m in re.split(r"(?<=[.!?])\s+", rest.strip(" \t\r\n`}*>#(")) if m.strip()]
    return all(_REMARK_ALLOWED.search(m) for m in sentences)


def _ends_response(text: str, end: int, hi: int) -> bool:
    """Whether the closing brace at text[end] (-1: none) ends the response: after it only braces, backticks and
    closing sentences."""
    return end >= 0 and not text[end + 1 : _closing_start(text, end + 1, hi)].strip(" \t\r\n`}")


def _object_end(text: str, opening: int, hi: int) -> int:
    """The index of the bracket that closes the JSON object or array opening at text[opening], its strings skipped
    (read leniently: a backslash escapes the next character, a line break may stand in a string), or -1. Written by
    hand: models' objects are no JSON a parser reads (single backslashes, line breaks in strings), and one linear
    pass over the brackets and quotes suffices."""
    depth, string = 0, False
    for m in _OBJECT_TOKENS.finditer(text, opening, hi):
        token = m.group()
        if string:
            string = token != '"' if token[0] != "\\" else True
            continue
        if token == '"':
            string = True
        elif token in "{[":
            depth += 1
        elif token in "}]":
            depth -= 1
            if depth == 0:
                return m.start()
    return -1


_OBJECT_TOKENS = re.compile(r'\\.|["{}\[\]]', re.S)
# keys whose value is the working that led to the answer, never an answer offered beside it: "or 4", "wrong" or
# "actually" written there are the reasoning's ({"answer": "3", "reasoning": "... x = 1 or x = 3 ..."})
_WORKING_KEY = re.compile(r'(?i)"(?:reasoning|reason|explanation|solution|steps?|work(?:ing)?|justification|analysis|'
                          r'derivation|thoughts?|thinking|rationale|calculations?|process|approach)"\s{0,3}:\s{0,3}')


def _split_working(text: str, start: int, stop: int) -> tuple[str, list[str]]:
    """text[start:stop] less the values of its working keys (reasoning, explanation, steps: :data:`_WORKING_KEY`), and
    those values (a string's as decoded, an array's or an object's as written)."""
    parts, working, k = [], [], start
    for m in _WORKING_KEY.finditer(text, start, stop):
        if m.start() < k:
            continue  # a key quoted inside a working value already left out
        if text.startswith('"', m.end()):
            read = _json_string(text, m.end(), stop)
            value_end, value = (read[1], read[0]) if read else (-1, "")
        elif text.startswith(("{", "["), m.end()):
            value_end = _object_end(text, m.end(), stop)
            value = text[m.end() : value_end + 1]
        elif not m.group().lower().startswith('"step') and (scalar := _JSON_SCALAR.match(text, m.end(), stop)):
            value_end, value = scalar.end() - 1, scalar.group()  # "solution": 4 (never "steps": 2, a count)
        else:
            continue
        if value_end < 0:
            break
        parts.append(text[k : m.start()])
        working.append(value)
        k = value_end + 1
    parts.append(text[k:stop])
    return " ".join(parts), working


def _last_sentence_of(value: str) -> str:
    value = value.rstrip(" \t\r\n\"]}.!?")
    return value[max(value.rfind(". "), value.rfind("! "), value.rfind("? "), value.rfind("\n"), value.rfind('"')) + 1 :]


# in working after a JSON answer: another value offered (It is 3 or 4., Alternatively, 4 also works., maybe 4) anywhere
# in it; self-correction (wait, actually, a mistake) only in its last sentence, where it would take the answer back.
# Only words that offer a value: never 'the alternative hypothesis', 'could be used', 'another solution method'
_WORKING_ALTERNATIVE = re.compile(r"(?i)(?<![A-Za-z])(?:(?:maybe|perhaps|possibly|probably)\W+(?:[A-Za-z]+\W+){0,3}[-$]?\d|"
                                  r"alternatively|not\s+sure|unsure|could\s+also\s+be|could\s+be\s+[-$]?\d|"
                                  r"also\s+(?:works?|valid|satisf\w+|possible|correct)|another\s+(?:possible\s+)?answer|"
                                  r"alternative\s*(?:answer|value|solution)?\s*[:=]\s*[-$]?\d|"
                                  r"(?:^|(?<=[\"\[]))\s*or\s+[-$]?\d)(?![A-Za-z])")  # ("or 4" opening a value)
# a number, then or and another (It is 3 or 4.; never x = 3 or x = -3, roots the working goes on to choose from):
# checked against the answer's value
# what may follow a JSON answer's string: the next key, the object's or a list's end, a line break or the end
_AFTER_STRING_VALUE = re.compile(r'[ \t]*(?:,\s*"[^"\n]{1,40}"\s*:|,?\s*[}\]]|,?[ \t]*[`.]*[ \t]*(?:\r?\n|$))')
_NUMBER_OR_NUMBER = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)\s*,?\s+or\s+(-?\d+(?:\.\d+)?)(?!\w|\.\d)")
_ANSWER_STATED = re.compile(r"(?i)(?<![A-Za-z])answer[\\\"'\s]*(?:is|would\s+be|=|:)[\\\"'\s]*\$?\s*(-?\d[\d,]*(?:\.\d+)?)")


def _working_offers_another(text: str, after: int, end: int, value: str) -> bool:
    """Whether the working keys after a JSON answer ``value`` (its object ending at ``end``) offer another answer:
    a value offered beside it anywhere in them, an answer stated there that differs, or a retraction in their last
    sentence (``"explanation": "Wait, actually it is 4."``; never ``"... a mistake in the calculation. ... This
    concludes the calculation."``, working that corrects itself on the way)."""
    outside, working = _split_working(text, after, end + 1)
    if _HEDGE_WORDS.search(outside):
        return True
    stated = _value(value.strip(" $"))
    for item in working:
        if _WORKING_ALTERNATIVE.search(item) or _HEDGE_WORDS.search(_last_sentence_of(item)):
            return True
        if stated is not None and any(stated in (_value(m.group(1)), _value(m.group(2))) and
                                      _value(m.group(1)) != _value(m.group(2)) for m in _NUMBER_OR_NUMBER.finditer(item)):
            return True  # "answer": 3, "reasoning": "It is 3 or 4.": the answer and another offered together
        if _value(item.strip(" $")) not in (None, stated):
            return True  # "answer": 3, "solution": 4: a working key that holds another value and nothing else
        if any(_value(m.group(1)) != stated for m in _ANSWER_STATED.finditer(item)):
            return True  # "reasoning": "... so the answer is 8" after "answer": 7
        concluded = _CONCLUDED_OTHER.search(_last_sentence_of(item))
        if stated is not None and concluded is not None and _value(concluded.group(1)) not in (None, stated):
            return True  # "reasoning": "On second thought it should be 9." after "answer": 5
    return False


# a last sentence of working that concludes a value: should be, the correct total is, recomputing gives, hence, so x =
_CONCLUDED_OTHER = re.compile(r"(?i)(?:(?<![A-Za-z])(?:it|answer|result|total)\s{1,3}(?:should|must)\s{1,3}(?:actually\s{1,3})?be|"
                              r"(?<![A-Za-z])correct\s{1,3}(?:final\s{1,3})?(?:answer|total|value|result)\s{1,3}(?:is|=)|"
                              r"(?<![A-Za-z])re-?\w{3,12}ing\s{1,3}(?:gives|yields)|(?:^|[.;])\s{0,3}(?:hence|therefore|thus|so)\s{0,3},?"
                              r"(?:\s{0,3}[A-Za-z]\s{0,3}=)?)\s{0,3}\$?\s{0,3}(-?\d[\d,]*(?:\.\d+)?)\s{0,3}\$?\s{0,3}[.!]?\s{0,3}$")


# the key of a value a JSON answer names: an unknown's name (a letter with at most a two-digit index, x_1, a2) or a
# Greek letter's
_VALUE_NAME = re.compile(r"[A-Za-z](?:_?\d{1,2})?|alpha|beta|gamma|delta|epsilon|zeta|eta|theta|kappa|lambda|mu|nu|xi|"
                         r"rho|sigma|tau|phi|chi|psi|omega")


_FIRST_KEY = re.compile(r'\{\s*"([^"\n]{1,8})"\s*:')


def _answer_value(text: str, at: int, hi: int) -> tuple[str, tuple[int, int]] | None:
    """The value of the JSON answer key ending at ``at`` and its span: a string's or a scalar's, or an object's naming
    unknowns (:func:`_named_values`); None otherwise."""
    read = _json_value(text, at, hi)
    named = _named_values(text, at, hi) if read is None and text.startswith("{", at) else None
    return (named, (at, _object_end(text, at, hi) + 1)) if named is not None else read


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object's keys and values; a key written twice is refused ({"x": 1, "x": 2}: two values, never the last)."""
    if len({name for name, _ in pairs}) != len(pairs):
        raise ValueError("a key written twice")
    return dict(pairs)


def _named_values(text: str, start: int, hi: int) -> str | None:
    """The object at text[start] as the equations of the unknowns it names, ``{"alpha": 1, "beta": 4}`` as
    ``alpha = 1, beta = 4``, when it is JSON of at most eight keys, each an unknown's name, and each value a number or
    a short string of math; None otherwise (``{"sample_mean": 107.78, ...}``: named results, no answer)."""
    first = _FIRST_KEY.match(text, start, min(hi, start + 40))
    if first is None or not _VALUE_NAME.fullmatch(first.group(1)):
        return None  # (its first key names no unknown: no object scanned, however many nested answer keys there are)
    end = _object_end(text, start, min(hi, start + 2001))  # (bounded: many nested answer keys stay linear)
    if end < 0:
        return None
    try:
        named = json.loads(text[start : end + 1], object_pairs_hook=_unique_keys)
    except ValueError:
        return None
    if not isinstance(named, dict) or not 0 < len(named) <= 8:
        return None
    parts = []
    for name, value in named.items():
        if not _VALUE_NAME.fullmatch(name) or isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return None
        if isinstance(value, str) and (len(value) > 60 or not value.strip() or _prose(value)):
            return None
        parts.append(f"{name} = {value}")
    return ", ".join(parts)


_ONE_NAME = re.compile(r"\s*[A-Za-z](?:_?\d{1,2})?\s*=\s*")


def _same_number(one: str, other: str) -> bool:
    """Whether two JSON values are one plain number written twice (3 and 3.0, 1/2 and 0.5; x = 1 and 1, an object
    naming one unknown beside its value)."""
    first = _value(_ONE_NAME.sub("", one, count=1).strip(" $") if _ONE_NAME.match(one) else one.strip(" $"))
    second = _value(_ONE_NAME.sub("", other, count=1).strip(" $") if _ONE_NAME.match(other) else other.strip(" $"))
    return first is not None and first == second


def _working_value_before(text: str, start: int, stop: int, value: str) -> bool:
    """Whether a working key before a JSON answer ``value`` holds another value and nothing else (``{"solution": "4",
    "answer": 3}``: the order of an object's keys means nothing, as after the answer)."""
    stated = _value(value.strip(" $"))
    # (only against an answer that is a plain number: \frac{8}{2} or 4 apples after "solution": "4" is no hedge)
    return stated is not None and any(_value(item.strip(" $")) not in (None, stated)
                                      for item in _split_working(text, start, stop)[1])


def _outermost_object(text: str, lo: int, opening: int, end: int, hi: int) -> tuple[int, int]:
    """The opening and closing braces of the outermost JSON object that encloses the object from text[opening] to
    text[end]: the earliest brace first on its line (the first five tried) whose object closes after it, else at most
    three levels up, one at a time (each try is one linear pass: a nested answer however deep, {"answer": 3, "a": {"b":
    {"c": {"d": {"answer": 4}}}}}, is compared with the outer one)."""
    for start in [m.end() - 1 for m in itertools.islice(_OBJECT_START.finditer(text, lo, opening), 5)]:
        closing = _object_end(text, start, hi)
        if closing >= end:
            return start, closing
    for _ in range(3):
        up = _object_opening(text, lo, opening, hi) if opening > lo else -1
        up_end = _object_end(text, up, hi) if 0 <= up < opening else -1
        if up_end < end:
            break
        opening, end = up, up_end
    return opening, end


# between two JSON objects in a row: spaces, line breaks, a comma, a fence (JSON lines, an array of objects)
# (and a rule, a comment or an offer of another: ---, // second try, Or:, Alternatively:)
_BETWEEN_OBJECTS = re.compile(r"\}[\s,;`|]{0,400}(?:(?:-{3,}|\*{3,}|_{3,}|//[^\n]{0,80}|#[^\n{}]{0,80}|/\*[^\n]{0,80}?\*/|"
                              r"<!--[^\n]{0,80}?-->|\(?(?i:or(?:\s+(?:maybe|perhaps))?|alternatively|otherwise|and|also(?:\s+possible)?|"
                              r"another(?:\s+answer)?|second(?:\s+answer)?)\)?[ \t]*[:,]?)[\s`|]{0,20})?"
                              r"(?i:json[c5]?[ \t]*)?[\s`]{0,6}\Z")
_FORMAT_BEFORE = re.compile(r"(?i)(?<![A-Za-z])(?:format|example|template|schema|e\.g\.|such\s+as|like\s+this)[^\n{}]{0,20}\Z")
# a template's value, echoed before the answer (Format: {"answer": "<number>"}, "...", null): no answer of its own
_PLACEHOLDER = re.compile(r"(?i)\s*(?:<[^<>]*>|\[[A-Za-z _-]*\]|\.{2,}|…|_+|\?+|null|none)?\s*")


def _answer_before(text: str, lo: int, opening: int, hi: int) -> tuple[str, int] | None:
    """The answer of the JSON object that closes right before the object opening at ``opening`` (nothing but spaces,
    a comma or a fence between them), and where that object opens; None when there is no such object or answer."""
    between = _BETWEEN_OBJECTS.search(text, max(lo, opening - 520), opening)
    if between is None:
        return None
    close = between.start()
    keys = list(_JSON_KEY.finditer(text, max(lo, close - 20000), close))
    if not keys:
        return None
    inner = _object_opening(text, lo, keys[-1].start(), hi)
    start, end = _outermost_object(text, lo, inner, _object_end(text, inner, hi), hi) if inner >= 0 else (-1, -1)
    read = _answer_value(text, keys[-1].end(), hi) if end == close else None
    if read is None or _PLACEHOLDER.fullmatch(read[0]) or \
            _FORMAT_BEFORE.search(text, max(lo, text.rfind("\n", lo, start) + 1), start):  # fmt: skip
        return None  # (Example format: {"answer": 0} then {"answer": 3}: the format echoed, one answer)
    return read[0], start


def _json_answer(text: str, lo: int, hi: int, restate: bool) -> Extraction | None:
    """The answer of a JSON object that ends the response (the last answer key in it), or None."""
    keys = list(_JSON_KEY.finditer(text, lo, hi))[-4:]
    while keys:
        key = keys.pop()
        # ("answer": {"alpha": 1, "beta": 4}: the values of the unknowns it names, alpha = 1, beta = 4, read and
        # checked as any other value)
        read = _answer_value(text, key.end(), hi)
        if read is None:
            opening = _object_opening(text, lo, key.start(), hi)
            if text.startswith("{", key.end()) and opening >= 0 and _ends_response(text, _object_end(text, opening, hi), hi):
                # "answer": {"alpha": 1, "beta": 4}: named values, no one answer (never its last line read as one)
                return Extraction("none", rule="the JSON answer is an object of named values, not one answer",
                                  span=(key.end(), _object_end(text, key.end(), hi) + 1))  # fmt: skip
            continue
        value, span = read
        after = span[1] + (1 if text.startswith('"', key.end()) else 0)
        if text.startswith('"', key.end()) and not _AFTER_STRING_VALUE.match(text, after, hi):
            # "answer": "5" or "6", "answer": "5", "6": more than the one string the key holds
            return Extraction("none", rule="the JSON answer is followed by another value", span=(key.start(), hi))
        end = text.find("}", after, hi)  # (the first brace after the value: a closer may hold braces, $a_{1331}$)
        if end < 0 and text.startswith('"', key.end()) and not text[after:hi].strip(" \t\r\n`.") \
                and _PAIR_LEAD.fullmatch(text, text.rfind("\n", lo, key.start()) + 1, key.start()):  # fmt: skip
            end = after - 1  # "answer": "15" alone at the end (Phi-3.5 in ZeroEval): the pair without its braces
        opening = _object_opening(text, lo, key.start(), hi)
        if end >= 0 and not _ends_response(text, end, hi) and opening >= 0:
            # {"answer": "2\theta^2/n", "reasoning": "... \sum_{i=1}^{n} ..."}: the object ends at its own closing brace
            end = _object_end(text, opening, hi)
        if not _ends_response(text, end, hi) and not _remark_after_object(text, end, hi):
            return None  # the object does not end the response: prose after it says more (a closer says nothing)
        if opening >= 0 and (_JSON_ALTERNATIVE_KEY.search(_split_working(text, opening, end + 1)[0]) or
                             _working_offers_another(text, after, end, value) or
                             _working_value_before(text, opening, key.start(), value)):  # (a reasoning before may say "or")
            # {"answer": 3, "alternatives": [4]}, {"answer": 3, "note": "or 4"}: other answers offered beside it
            return Extraction("none", rule="the JSON object offers another answer beside its answer",
                              span=(opening, end + 1))  # fmt: skip
        outer, outer_end = _outermost_object(text, lo, opening, end, hi) if opening >= 0 else (opening, end)
        # (every other answer key of the object, an enclosing object's too: {"answer": 3, "solution": {"answer": 4}})
        others = [o[0] for k in _JSON_KEY.finditer(text, outer, outer_end) if k.start() != key.start() and
                  (o := _answer_value(text, k.end(), hi)) is not None] if opening >= 0 else []  # fmt: skip
        if any(o.strip() != value.strip() and not _same_number(o, value) for o in others):
            return Extraction("several", tuple(dict.fromkeys(o.strip() for o in (*others, value) if o)),
                              "several json answers", (opening, end + 1))  # one object, two answers: a hedge
        before = _answer_before(text, lo, outer, hi) if opening >= 0 else None
        if before is not None and before[0].strip() != value.strip() and not _same_number(before[0], value):
            # {"answer": 4}\n{"answer": 3}: two objects in a row, two final answers (as two boxes that end a response)
            return Extraction("several", (before[0].strip(), value.strip()), "several json answers",
                              (before[1], end + 1))  # fmt: skip
        if not value.strip(" \t\r\n_.…"):  # "answer": "___", the template's placeholder echoed: no answer given
            return Extraction("none", rule="the JSON answer that ends the response is empty", span=span)
        yes_no = _yes_no(value)
        if yes_no:  # "No, the ODE has no power series solution."
            return Extraction("answer", (yes_no.group(1),), "json answer", span)
        noted = _COMPUTED_NOTE.search(value)
        if noted and _computes_note(value[: noted.start()], noted.group(1) or noted.group(2)):
            value = value[: noted.start()]  # "12 (3 x 4)": the answer before its computation, as after a phrase
        inner = _extract(value, structured=False, restate=restate) if value.strip() else Extraction("none")
        if inner.status == "none":  # ("answer": " " ending the response: the model left its answer empty)
            return Extraction("answer", (value.strip(),), "json answer", span) if value.strip() else \
                Extraction("none", rule="the JSON answer that ends the response is empty", span=span)  # fmt: skip
        return Extraction(inner.status, inner.texts, "json answer", span)
    return None


def _answer_tag(text: str, lo: int, hi: int, structured: bool, restate: bool) -> Extraction | None:
    """The content of the last ``<answer>...</answer>`` (the format of DeepSeek-R1-Zero and of the GRPO recipes that
    TRL, open-r1 and verl train with; an unclosed tag runs to the end), read by these rules; None without a tag."""
    lowered = text[lo:hi].lower()
    # (the tag <final_answer> where no <answer> is written: another prompt's name for the same tag)
    name = "answer" if "<answer>" in lowered else "final_answer" if "<final_answer>" in lowered else None
    if name is None:
        return None
    opener, closer = f"<{name}>", f"</{name}>"
    opened = lowered.rfind(opener)
    contents: list[str] = []
    at = len(lowered)
    while len(contents) < 8:  # the last eight tags, each to its closing tag, the next tag or the end
        at = lowered.rfind(opener, 0, at)
        if at < 0:
            break
        stops = [x for x in (lowered.find(closer, at), lowered.find(opener, at + len(opener))) if x >= 0]
        contents.append(text[lo + at + len(opener) : lo + min(stops, default=len(lowered))].strip())
    if len({c for c in contents if c}) > 1:  # different answers in tags: a hedge, credited only if the gold is that set
        return Extraction("several", tuple(dict.fromkeys(c for c in reversed(contents) if c)), "several <answer> tags",
                          (lo, hi))  # fmt: skip
    start = lo + opened + len(opener)
    closed = lowered.find(closer, opened)
    end = lo + closed if closed >= 0 else hi
    content = text[start:end]
    if not content.strip():
        return Extraction("none", rule="an empty <answer> tag", span=(start, end))
    after = end + len(closer) if closed >= 0 else hi
    form = _another_form(text, after, hi) if after < hi else None  # <answer>\frac12</answer> (or 0.5)
    forms, after = ((form[0],), form[1]) if form else ((), after)
    own: str | None = None  # (the tag's own answer as read, once, when a later tag needs it)
    for k, tag in enumerate(_LATER_TAG.finditer(text, after, hi)):
        # <answer>5</answer> then <corrected_answer>9</corrected_answer> or <final>9</final>: a later answer, which the
        # gold must equal too; then <alternative>9</alternative>, <backup>9</backup>: another answer offered
        if k >= 8:
            break
        name, inner = tag.group(1).lower(), tag.group(2).strip()
        offered = _ALTERNATIVE_TAG_NAME.fullmatch(name) is not None
        if not inner or not (offered or _ANSWER_TAG_NAME.fullmatch(name)):
            continue
        read = _extract(inner, structured=False, restate=False)  # (<final_answer>\boxed{18}</final_answer>: 18)
        inner = read.texts[0].strip() if read.status == "answer" and len(read.texts) == 1 else inner
        if own is None:
            own = "".join(_extract(content, structured=False, restate=False).text.split())
        if "".join(inner.split()) in ("".join(content.split()), own) or _same_number(inner, content):
            continue
        if offered:
            return Extraction("none", rule="an alternative or a retraction follows the <answer> tag", span=(start, hi))
        forms = (*forms, inner)
    if after < hi and restate and text[after:hi].strip():
        # a later marker or a concluding sentence (<answer>3</answer> ... The final answer is \boxed{4}.): the last
        # marker wins, so the tag is credited only when that later answer is the gold too
        later = _extract(text[after:hi], structured=True, restate=False)
        if later.status == "several":
            return Extraction("none", rule="several answers follow the <answer> tag", span=(start, hi))
        if later.status == "answer" and later.rule not in ("whole", "final sentence") and len(later.texts) == 1:
            forms = (*forms, later.texts[0])
        else:
            concluded = _concluded_after(text, after, hi)
            forms = (*forms, concluded) if concluded is not None else forms
    if after < hi and (_RETRACTION_NEXT.match(text, after, hi) or _VERDICT_AFTER.match(text, after, hi) or
                       _HEDGE_AFTER.match(text, after, hi) or _ALTERNATIVE_AFTER.search(text, after, hi)):  # fmt: skip
        # <answer>3</answer> is wrong. / Actually, 4. / The answer could also be 4.
        stated = _extract(text[after:hi], structured=False, restate=False) if restate else None
        if stated is None or stated.status != "answer" or "".join(stated.texts[0].split()) != "".join(content.split()):
            return Extraction("none", rule="an alternative or a retraction follows the <answer> tag", span=(start, hi))
    if after < hi and _DISOWNED.search(text, after, hi):  # <answer>5</answer> (The tag above is only an example.)
        return Extraction("none", rule=_DISOWNS, span=(start, hi))
    let = re.match(r"(?i)\s*let[ \t]+", content) if len(content) <= 200 and _LET_ASSIGNED.fullmatch(content) else None
    if let:  # <answer>Let x = 18</answer>: the tag states it, never a supposition
        start, content = start + let.end(), content[let.end() :]
    inner = _extract(content, structured, restate)
    offset = start + len(content) - len(content.lstrip())
    if inner.status == "none":
        return Extraction("answer", (content.strip(),), "<answer> tag", (offset, offset + len(content.strip())), forms)
    return Extraction(inner.status, inner.texts, "<answer> tag", (start + inner.span[0], start + inner.span[1]),
                      forms if inner.status == "answer" and len(inner.texts) == 1 else ())  # fmt: skip


# a phrase someone else believes or that is supposed (many think the answer is 5; if the answer is 5): no marker
_HYPOTHETICAL = re.compile(r"(?i)(?<![A-Za-z])(?:think|thinks|thought|believe[sd]?|assum(?:e|es|ed|ing)|"
                           r"suppos(?:e|es|ed|ing)|claim(?:s|ed)?|mistake[sn]?|mistakenly|wrongly|incorrectly|if|whether|"
                           # (the expected earnings: a quantity, never someone's expectation)
                           r"might|may|could|would|expects?|(?<!the\s)(?<!an\s)(?<!its\s)expected|guess(?:es|ed)?|pretend(?:s|ed)?|says?|said|suggest(?:s|ed)?|"
                           r"possible\s+that|maybe|perhaps|probably|possibly|not\s+sure|unsure|uncertain|"
                           # someone else's answer named: the expected answer, the ground truth, the textbook's answer
                           r"expected\s+(?:answer|output|solution)|ground\s+truth|(?:reference|gold(?:en)?|official|"
                           r"textbook(?:'s)?)\s+(?:answer|solution))(?![A-Za-z])"
                           # if and suppose in the languages of the answer phrases (not Italian's and Portuguese's se,
                           # also a pronoun)
                           r"|(?<![^\W\d_])(?:wenn|falls|angenommen|si|supongamos|suponiendo|supposons|если|предположим|допустим|"
                           r"якщо|припустимо|supponiamo|nếu|giả\s+sử|jika|kalau|misalkan|andaikan|eğer|ikiwa|jeśli|jeżeli|"
                           # someone else's claim: (many) think, believe
                           r"piensan?|creen|pensent|croient|glauben|meinen|думают|считают|pensano|acham|"
                           r"यदि|अगर|만약|إذا|اگر|אם)(?![^\W\d_])|もし|如果|假设|假設|也许|也許|或许|或許|不确定|不確定")  # (not Thai's ถ้า, หาก: Thai writes no comma to end the clause)
# right after the answer: an alternative (5 or 6, \boxed{5} (or 6), \boxed{5} [or 6], \boxed{5} — or 6, 5. Maybe 6.),
# not the same answer written again
# (5 (or equivalently 5.0), 1/2, or in decimal form 0.5)
_HEDGE_AFTER = re.compile(r"(?i)[\s.,;:()\[\]*$\\—–-]*(?:footnote\s*\{[\s(]*)?(?:or(?![A-Za-z])(?![\s,]{0,3}(?:equivalently|simply|written|expressed|as\s+a|"
                          r"about|approximately|approx|roughly|around|nearly|≈|\\approx|"
                          r"in\s+(?:decimal|fraction|simplest|exact|radical|lowest|interval|set)))|alternatively|maybe|"
                          r"perhaps|possibly|probably|uncertain|unsure|(?:just\s+)?a\s+guess|guess(?:ed|ing)?|(?:my\s+)?best\s+guess|"
                          r"unverified|low\s+confidence|most\s+likely|though\s+i'?m\s+not|i\s+could\s+be\s+wrong|not\s+100\s*%|"
                          r"not\s+sure|is\s+my\s+(?:best\s+)?guess|i'?m\s+guessing|"
                          # (a clause that doubts it, a bound written in words: I might be wrong, give or take)
                          # (ending its clause: never I might be wrong about the interpretation, but the arithmetic is right)
                          r"(?:(?:but\s+|though\s+)?i\s+(?:might|may|could)\s+(?:be\s+wrong|be\s+mistaken|have\s+made\s+an?\s+"
                          r"(?:error|mistake)|have\s+erred)|(?:but\s+)?(?:it\s+)?(?:could|might|may)\s+be\s+wrong)"
                          r"(?=\s*[.;)!]|\s*\Z)|"
                          # (in the answer's own sentence: never More or less effort would not change this.)
                          r"(?<![.!?]\s)(?<![.!?]\s\s)(?<![.!?\n])(?:or\s+thereabouts|more\s+or\s+less|give\s+or\s+take)|"
                          r"roughly(?=\s*\))|i\s+(?:guess|think|suppose|believe|suspect)(?=\s*(?:[.,;!)$\\}]|\Z))|"
                          r"if\s+i'?m\s+not\s+mistaken|if\s+i\s+am\s+not\s+mistaken|"
                          r"或者|或|也可能|也许|也許)(?![A-Za-z])")
# later in the text after the answer: another value offered as the answer (It could also be 4. Another possible
# answer is 4. I think it is 4.): the response does not commit to one, unless that follower restates the same answer
# (``_restated``). Bounded spaces and no leading \s*: searched over the whole rest of a response, it stays linear
# a value written as a number word (Four also works. The other root is four.), up to twenty
_VALUE_WORD = (r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
                r"seventeen|eighteen|nineteen|twenty)(?![A-Za-z])")
_VALUE_NEXT = (r"\s{1,3}(?:equal\s{1,3}to\s{1,3})?(?=[-+$(\d]|\\(?:\(|boxed|frac|dfrac|sqrt|pi)|(?-i:[A-J])(?![A-Za-z])|"
               + _VALUE_WORD + ")")
# a choice's letter named as a value (C, (C), **C**, option C): A to H, in capitals (I is also a numeral, statement I),
# never after the word statement
_CHOICE_NAMED = (r"(?:(?<![A-Za-z])(?<!statement )(?<!statements )(?:option\s{1,3}|choice\s{1,3})?[*_]{0,2}\(?"
                 r"(?-i:[A-H])\)?[*_]{0,2}(?![A-Za-z]))")
# a tag after </answer> and its content; a name that offers another answer, and one that gives a later answer
_LATER_TAG = re.compile(r"<([A-Za-z][\w-]{0,30})\s{0,3}>([^<>]{1,200})</\1\s{0,3}>")
_ALTERNATIVE_TAG_NAME = re.compile(r"(?:alt|alternatives?|alternate|backup|fallback|second|other|another|possible|"
                                   r"candidate)(?:[_-]?(?:answers?|guess|results?|values?))?|second[_-]?guess")
_ANSWER_TAG_NAME = re.compile(r"final(?:[_-]?(?:answer|result))?|(?:corrected|revised|updated|new)[_-]?(?:answer|result)")
# a label (or a heading) that offers another answer, right before a value: Alternative: 9, **Backup answer:** 9, ## Alternative
# Answer then 9 (never Alternative Solution: another method)
_OFFERING_LABEL = (r"[ \t]{0,8}(?:[#>]{1,6}[ \t]*)?[*_]{0,3}(?:alternative|alternate|alt|correction|erratum|other|backup|fallback|"
                   r"second\s{1,3}guess|also\s{1,3}possible|another\s{1,3}possibility)(?:\s{1,3}(?:answer|value|result))?[*_]{0,3}"
                   r"\s{0,3}(?::[*_]{0,3}|(?=\n))\s{0,3}(?=[-+$\d(]|\\|\(?(?-i:[A-H])\)?[ \t]*(?:[.\n]|$))")
_LABEL_THEN_VALUE = re.compile(r"(?i)[\s.,;!$*_)\]}\\]*" + _OFFERING_LABEL + r"([^\n]{1,60}?)[\s.*_$]*")
_ALTERNATIVE_AFTER = re.compile(
    r"(?i)(?<![A-Za-z])(?:(?:it|answer|result|value)\s{1,3}(?:could|might|may|can)\s{1,3}(?:also\s{1,3}|equally\s{1,3})?be"
    r"|another\s{1,3}(?:possible\s{1,3}|valid\s{1,3}|correct\s{1,3})?(?:value|solution)\s{0,3}(?:is|:|=)"
    r"|(?:another|other|alternative|second)\s{1,3}(?:possible\s{1,3}|valid\s{1,3}|correct\s{1,3})?answer\s{0,3}"
    r"(?:is|:|=|would\s{1,3}be|could\s{1,3}be|might\s{1,3}be)"
    r"|(?:i\s{1,3}think|i\s{1,3}believe|probably|perhaps|maybe)\s{1,3}(?:it|the\s{1,3}answer)\s{1,3}(?:is|was|should\s{1,3}be))"
    + _VALUE_NEXT
    # a value said to work too (4 also works; $4$ is also a solution; the other root is 4; both 3 and 4 satisfy ...)
    + r"|(?:(?<![\d.,/])\d[\d.,/]{0,30}|\$[^$\n]{1,40}\$|(?<![A-Za-z])" + _VALUE_WORD + r")\s{1,3}"
    r"(?:is\s{1,3}|would\s{1,3}be\s{1,3})?(?:also|too)\s{1,3}(?:works?|"
    r"valid|acceptable|accepted|possible|plausible|defensible|reasonable|correct|right|fine|a\s{1,3}(?:valid\s{1,3})?(?:solution|root|possibility|answer|option))"
    # (C could also work, 9 might also be right, C may also be accepted)
    + r"|(?:(?<![\d.,/])\d[\d.,/]{0,30}|\$[^$\n]{1,40}\$)\s{1,3}(?:could|might|may|can)\s{1,3}"
    r"(?:also|too|equally)\s{1,3}(?:be\s{1,3})?(?:works?|valid|acceptable|accepted|possible|plausible|correct|right|fine|"
    r"an?\s{1,3}(?:valid\s{1,3})?(?:solution|answer|option))(?![A-Za-z])"
    # (a choice's letter so, only where the verdict ends its sentence: C is also correct., (C) could also work.; never
    # (B) is also plausible at first glance, but ..., (C) is also correct because ..., which explain)
    + r"|" + _CHOICE_NAMED + r"\s{1,3}(?:is\s{1,3}|would\s{1,3}be\s{1,3}|(?:could|might|may|can)\s{1,3})?(?:also|too|equally)\s{1,3}"
    r"(?:be\s{1,3})?(?:works?|valid|acceptable|accepted|possible|plausible|defensible|reasonable|correct|right|fine|"
    r"an?\s{1,3}(?:valid\s{1,3}|correct\s{1,3})?(?:answer|option|choice))[ \t]{0,3}(?:[.!]|\n|$)"
    r"|(?<![A-Za-z])(?:the\s{1,3})?other\s{1,3}(?:root|solution|answer|value|reading|interpretation|possibility|option|case)"
    r"\s{0,3}(?:is|:|=|gives|would\s{1,3}be)" + _VALUE_NEXT
    + r"(?![^.\n]{0,60}(?:discard|reject|extraneous|invalid|not\s+valid|does\s+not\s+work|doesn't\s+work|"
    r"not\s+(?:allowed|possible|a\s+solution)|excluded|impossible|too\s+(?:large|small)|negative))"
    + r"|(?<![A-Za-z])both\s{1,3}(?:\$[^$\n]{1,40}\$|\d[\d.,/]{0,30})\s{1,3}and\s{1,3}(?:\$[^$\n]{1,40}\$|\d[\d.,/]{0,30})"
    r"\s{1,3}(?:work|satisfy|are\s{1,3}(?:valid|possible|correct|solutions|answers|acceptable))(?![A-Za-z])"
    # conditional alternatives (otherwise 4; in which case 4; we would get 4 instead; (4 if order matters))
    + r"|(?<![A-Za-z])(?:otherwise|in\s{1,3}which\s{1,3}case|(?:we|it|one)\s{1,3}would\s{1,3}(?:get|be|give|have))\s{0,3},?"
    r"(?:\s{0,3}(?:it\s{1,3}is|it's|we\s{1,3}get|the\s{1,3}answer\s{1,3}is))?" + _VALUE_NEXT
    + r"|\(\s{0,3}(?:\$[^$\n]{1,40}\$|\d[\d.,/]{0,30})\s{1,3}if(?![A-Za-z])"
    # and other ways to say a value works too (works as well; is another solution; so does 4; the second root is 4)
    + r"|(?:works|holds|is\s{1,3}valid|is\s{1,3}correct)\s{1,3}as\s{1,3}well"
    r"|is\s{1,3}another\s{1,3}(?:valid\s{1,3})?(?:solution|root|answer|possibility|option)"
    r"|(?<![A-Za-z])so\s{1,3}does" + _VALUE_NEXT
    + r"|(?<![A-Za-z])(?:second|other)\s{1,3}(?:root|solution)\s{1,3}(?:is|=)" + _VALUE_NEXT
    + r"(?![^.\n]{0,60}(?:discard|reject|extraneous|invalid|not\s+valid|negative))"
    r"|both\s{1,3}work|也行|también|может(?![A-Za-z])"
    r"|<\s{0,3}(?:alternative|alt|correction|retract|answer\s{0,3}\d)(?![A-Za-z])"
    r"|(?:^|\n)" + _OFFERING_LABEL +
    r"|(?<![A-Za-z])also\s{1,3}(?:\$[^$\n]{1,40}\$|\d[\d.,/]{0,30})\s{1,3}(?:is\s{1,3})?(?:possible|valid|works)"
    r"|(?:(?<![\d.,/])\d[\d.,/]{0,30}|\$[^$\n]{1,40}\$)\s{1,3}(?:is\s{1,3}equally\s{1,3}valid|satisfies[^.\n]{0,40}?\s(?:too|as\s+well))"
    # the same in the phrase languages (也可能是4, 4也对, también puede ser 4, vielleicht auch 4, peut-être 4, может быть 4)
    r"|也可能是|也可以是|也可能|也对|也對|也可以|也正确|也正確|かもしれ|también\s{1,3}(?:puede|podría)|tal\s{1,3}vez|quizás?|"
    r"vielleicht|auch\s{1,3}möglich|peut-être|может\s{1,3}быть|возможно|ou\s{1,3}bien"
)


# The box holds the answer whatever surrounds it in its math (x \in \boxed{(3,4]}, \equiv \boxed{3} \pmod{7},
# \approx \boxed{\$32,\!348}, \boxed{10}\% where the question asks for a percent: MATH's own solutions), except
# where the math around it changes its value: a sign before it (-\boxed{3}), an order or \neq before it
# (x \neq \boxed{3}), a factor, power or ! right after it (\boxed{3}\pi, \boxed{3} \times 10^{5}; a letter or ^o is a
# mark), or a fraction around it (\frac{1}{\boxed{3}}). Then the math it sits in is the answer, read as written.
_BOX_BEFORE = re.compile(r"(?:(?:^|[=(,]|\\(?:therefore|Rightarrow|implies)(?![A-Za-z]))\s*[-+]|\\(?:neq?|le|ge|leq|geq|lt|gt|"
                         r"leqslant|geqslant)(?![A-Za-z])|[<>]|\\frac\s*\{[^{}]*\}\s*\{|\\frac\s*\{"
                         # a factor, a sum, a function or a bracket around it: 2\boxed{3}, 1 + \boxed{3}, 2 \cdot \boxed{3},
                         # \sqrt{\boxed{3}}, \log \boxed{3}, f(\boxed{3}), (\boxed{3})^2, \binom{\boxed{3}}{2}
                         r"|[\d)]|\d\.|[+*]|\\(?:cdot|times|div|log|ln|lg|exp|sin|cos|tan|cot|sec|csc|arcsin|arccos|arctan|pm|mp|"
                         r"pi|lfloor|lceil)(?![A-Za-z])|\\sqrt\s*(?:\[[^\]]*\]\s*)?\{|\\sqrt\s*\[|\\[dt]frac\s*\{|"
                         r"\\binom\s*\{(?:[^{}]*\}\s*\{)?|\^\s*\{?|\\left\s*\(|\()\s*$")
_BOX_AFTER = re.compile(r"(?:\s|\\[,;:! ])*(?:\\(?:pi|times|cdot|sqrt|over|div|sin|cos|tan|log|ln|exp)(?![A-Za-z])|"
                        r"\^\s*\{?\s*[-\d]|/|!|[-+*\d_]|\((?!\s*\\(?:text|mathrm|mbox))|e\^|\\(?:cup|cap|setminus)(?![A-Za-z])|"
                        r"\\text\s*\{\s*(?:squared|cubed)(?![A-Za-z]))")
# an equation or a relation after the box in its math: the box is a term the writer marked (\boxed{3} \times 4 = 12)
_BOX_THEN_RELATION = re.compile(r"=|\\(?:neq?|le|ge|leq|geq|lt|gt|approx|equiv)(?![A-Za-z])|[<>]")
# outside math: a denial or an order sign before the box, or a question mark after it, make it something other than
# the answer as it stands (The answer is not \boxed{3}., ≥ \boxed{3}, Is it \boxed{3}?); never 'at most' or 'at
# least', which state a maximum's or minimum's answer (MATH's own: Zach can have at most $\boxed{2}$ pencils left
# over); a dash before it there is a bullet as often as a sign (- \boxed{5}, Final Answer - \boxed{12}): its own value
_BOX_BOUND = re.compile(r"(?i)(?<![A-Za-z])(?:not|never|isn't|is\s+not)\s{0,3}\$?\s{0,3}$|(?:≥|≤|≠)\s{0,3}\$?\s{0,3}$|"
                        # a label that judges it or gives it to someone else (Note: a common wrong answer is \boxed{7},
                        # Backup answer: \boxed{7}, Final answer (wrong): \boxed{7}, The grader expects \boxed{7})
                        # (never a story's people: the students get \boxed{12} pencils, the old value was \boxed{40})
                        r"(?<![A-Za-z])(?:(?:(?:a|the|one|common|typical)\s{1,3})*(?:wrong|incorrect|naive|tempting|preliminary|"
                        r"partial|tentative|rough|mistaken|erroneous|backup|draft)\s{1,3}"
                        r"(?:final\s{1,3})?(?:answer|result|guess)|(?:common|typical)\s{1,3}(?:mistake|error|trap)|"
                        r"distractor|plan\s{1,3}b|also\s{1,3}possible|(?:final\s{1,3})?answer\s{0,3}\(\s{0,3}(?:wrong|incorrect|old|"
                        r"draft|guess|unverified|alternative)\s{0,3}\)|(?:grader|checker|answer\s{1,3}key|"
                        r"chatgpt|gpt-?\d|other\s{1,3}sources?)\s{1,3}(?:says?|said|expects?|gives?|gave|thinks?)|"
                        r"(?:students|people|many)\s{1,3}(?:often|usually|mistakenly|wrongly)\s{1,3}(?:get|answer|write|say|give))"
                        r"(?:\s{1,3}(?:is|was|would\s{1,3}be|to\s{1,3}(?:get|write|answer)))?\s{0,3}[:=]?\s{0,3}\$?\s{0,3}$|"
                        # a verb that rejects it: We discard \boxed{5}, We reject $x = \boxed{5}$, ruling out \boxed{5}
                        # (by the writer, or its -ing form: never a story's verb, Each round eliminates \boxed{3} players)
                        r"(?<![A-Za-z])(?:(?:we|i)\s{1,3}(?:(?:must|can|should|then|thus|therefore|also)\s{1,3})?(?:discard|reject|"
                        r"exclude|eliminate|dismiss)|(?:discard|reject|exclud|eliminat|dismiss)ing|(?:we|i)\s{1,3}"
                        r"(?:(?:must|can|should|then|thus|therefore|also)\s{1,3})?rule\s{1,3}out|ruling\s{1,3}out)"
                        r"(?:\s{1,3}(?:the\s{1,3})?(?:value|root|solution|answer|case|candidate|option)s?)?\s{0,3}\$?\s{0,3}"
                        r"(?:[A-Za-z](?:_\{?\d\}?)?\s{0,3}=\s{0,3})?$|"
                        # It might be \boxed{3}, the answer could be \boxed{3} (the modal right before the box)
                        r"(?<![A-Za-z])(?:it|this|that|which|the\s{1,3}answer)\s{1,3}(?:might|may|could)\s{1,3}(?:well\s{1,3})?be"
                        r"\s{0,3}\$?\s{0,3}$|"
                        # a doubt right before it: So probably \boxed{3}, Perhaps $\boxed{3}$, my guess is \boxed{3}
                        r"(?<![A-Za-z])(?:(?:greater|less|more|fewer|larger|smaller|bigger|higher|lower)\s{1,3}than|exceeds|"
                        r"divisible\s{1,3}by|(?:a\s{1,3})?"
                        r"(?:multiple|factor|divisor)\s{1,3}of|(?:square|cube|root)\s{1,3}of|one\s{1,3}(?:less|more)\s{1,3}than|"
                        r"twice|half\s{1,3}of|probably|maybe|perhaps|possibly|my\s{1,3}(?:best\s{1,3})?guess\s{1,3}is|i\s{1,3}guess|"
                        # an exclusion, a guess put down or a supposition (anything but \boxed{5}, I'll just put
                        # \boxed{5}, Suppose the answer is \boxed{5}; never approximately \boxed{0.15}, Minerva's rounded
                        # numeric answers)
                        r"anything\s{1,3}but|let\s{1,3}the\s{1,3}answer\s{1,3}be|"
                        # a format the answer should take (Your final answer should look like \boxed{5}.)
                        r"(?:should|would|must|will|might|could|may)\s{1,3}look\s{1,3}like|"
                        # (an example of the format: For example, \boxed{5}; e.g. \boxed{5}; Write your answer like
                        # \boxed{5}; Please put your final answer in \boxed{5} format.; never a model's own answer put in
                        # the format asked: Putting it in the requested format: \boxed{5})
                        r"(?:for\s{1,3}(?:example|instance)|e\.\s{0,2}g\.)\s{0,3},?|"
                        # (someone else's answer: Many would answer \boxed{5}, One might guess \boxed{5})
                        r"(?:many|some|most|one|people|students|others|someone)\s{1,3}(?:would|might|may|could)\s{1,3}"
                        r"(?:(?:naively|quickly|wrongly|mistakenly)\s{1,3})?(?:answer|say|guess|think|write|claim)(?:\s{1,3}that)?|"
                        r"(?:write|put|give|present|enter|format|box)\s{1,3}your\s{1,3}(?:final\s{1,3})?answer\s{1,3}"
                        r"(?:like|as|in)|"
                        r"(?:want|need|have|wish|try|trying)\s{1,3}to"
                        r"\s{1,3}(?:show|prove|check|verify|test)\s{1,3}(?:that|if|whether)|hypothesis\s{0,3}:|i'?m\s{1,3}guessing|"
                        r"(?:expected|reference|gold(?:en)?|official)\s{1,3}(?:answer|output|result|solution)\s{0,3}[:=]?|"
                        r"ground\s{1,3}truth\s{0,3}[:=]?|"
                        r"random\s{1,3}guess\s{0,3}:?|(?:placeholder|guessing|random)\s{0,3}:|(?:i'll|i\s{1,3}will|i'd|let's|let\s{1,3}me)\s{1,3}(?:just\s{1,3})?"
                        r"(?:guess|put|go\s{1,3}with|say)|suppose|supposing|assume|assuming|"
                        # one of several offered: One candidate is \boxed{3}, another possibility is \boxed{4}
                        # (one possible value, one solution: what a question may ask for; another solution: one of several)
                        r"(?:(?:one|another|a|the\s{1,3}other|first|second|the\s{1,3}most)\s{1,3}(?:(?:possible|potential|"
                        r"plausible|likely)\s{1,3})?(?:candidate|possibility|option|guess)|another\s{1,3}(?:possible\s{1,3})?"
                        r"(?:answer|solution|value)|(?:a|one)\s{1,3}(?:possible|potential|plausible)\s{1,3}answer|"
                        r"candidate\s{0,3}\d{1,2}|(?:best|my|our|a|one|first)\s{1,3}guess\s{0,3}[:,]?|(?:candidate|tentative|"
                        r"provisional|preliminary|draft)\s{1,3}(?:final\s{1,3})?answer\s{0,3}[:,]?|"
                        r"(?:the\s{1,3})?likeliest\s{1,3}(?:answer|value)|another\s{1,3}(?:plausible|possible)\s{1,3}"
                        r"(?:final\s{1,3})?(?:value|answer)|(?:a|one)\s{1,3}plausible\s{1,3}(?:final\s{1,3})?(?:value|answer)|"
                        r"(?:a|one)\s{1,3}possible\s{1,3}final\s{1,3}answer)"
                        r"(?:\s{1,3}(?:answer|value|solution))?(?:\s{0,3}[:,]|\s{1,3}is\s{1,3}that(?:\s{1,3}the\s{1,3}answer)?|"
                        r"\s{1,3}(?:would|might|could)\s{1,3}be|\s{1,3}is\s{0,3}:)?(?:\s{1,3}[A-Za-z]\s{0,3}=)?|"

                        r"i'?m\s{1,3}not\s{1,3}sure,?\s{1,3}but)\s{0,3}(?:it'?s\s{1,3}|is\s{1,3}|the\s{1,3}answer\s{1,3}is\s{1,3})?"
                        r"\$?\s{0,3}$")
_BOX_QUESTION = re.compile(r"\s{0,3}(?:\\[,;:! ]\s{0,3}|\\q?quad\s{0,3}|~)?\$?\s{0,3}(?:\\text\s*\{\s*\(?\s*|\(\s*)?[?？¿]")
# outside math, right after the box: characters that continue its number (\boxed{3}4, \boxed{3}.5, \boxed{3}e2,
# \boxed{3}!, \boxed{12}\!\!345, \boxed{12}{3}) or a power word (squared); never a scale (\boxed{946} million dollars states the answer in millions,
# as the question asks: the gaokao outputs); before it, a minus sign (−\boxed{3}, $-$\boxed{3})
_BOX_CONTINUED = re.compile(r"(?:[\s-]{0,3}ish(?![A-Za-z])|\+(?=\s{0,3}(?:\$\s{0,3})?(?:[.,;!)]|$))|\.?\d|!|[eE][-+]?\d|\{,\}\d|(?:(?:\\[,!;: ]|~|\{\s{0,2}(?:\\[,!;: ]|,)?\s{0,2}\})\s{0,3}){1,8}\d|\{\s{0,3}\d|\s{0,3}(?:squared|cubed)(?![A-Za-z])|\s{0,3}[²³]|"
                            rf"[\s-]{{0,3}}{ORDINAL_PARTS}s(?![A-Za-z])|"  # (\boxed{5} sixteenths: five parts, never 5; never halves,
                            # thirds or quarters: counted as often, 9 thirds in 3, 74 quarters)
                            # an order or an operator then a value (\boxed{3} ≠ 4, \boxed{3} + 4, \boxed{3} vs 4)
                            r"\s{0,3}(?:≈|≠|≤|≥|<|>|∪|∩|±|\\pm|\+|vs\.?)\s{0,3}(?:\$\s{0,3})?[-\d\\(\[{]|"
                            # a scale or a letter glued to it (\boxed{3}k, \boxed{3}M, \boxed{3}万, \boxed{3}x, \boxed{3}½; never
                            # the initial of a word joined by an ampersand: \boxed{762} M&Ms)
                            r"\s?(?:[kK]|bn|万|亿|千|百)(?![A-Za-z])|\s?M(?![A-Za-z]|&M)|[ixn](?![A-Za-z])|‰|ppm|⁻|÷|[½¼¾⅓⅔]|[\u200b-\u200d\u2060\u00ad]\d|"
                            # words that qualify it (\boxed{3} up to sign, (approx.), on average, for part (a))
                            r",?\s{1,3}(?:up\s{1,3}to\s{1,3}sign|on\s{1,3}average|"
                            r"for\s{1,3}part)(?![A-Za-z])|"
                            r"\s{0,3}\(\s{0,3}approx\w*\.?\s{0,3}\)|"  # (bare: (approx.); never (approximately 6.28), a form)
                            # words that hedge it (\boxed{15} (hopefully), \boxed{15}, probably.; never I think, the
                            # writer's own claim, as before it)
                            r",?\s{0,3}\(?\s{0,3}(?:hopefully|probably|maybe|perhaps|possibly|i\s{1,3}guess|i\s{1,3}hope|"
                            r"(?:but\s{1,3})?i'?m\s{1,3}not\s{1,3}(?:sure|certain|confident)|if\s{1,3}i'?m\s{1,3}(?:right|"
                            r"correct))(?![A-Za-z])|"
                            # (a number after it, never a letter: \(\boxed{0.48}\) times \( b \) compares, PRIME's gaokao output)
                            r"\s{1,3}(?:times|plus|minus|divided\s{1,3}by|multiplied\s{1,3}by|over)\s{1,3}(?:\$\s{0,3})?"
                            r"(?:-?\d|\\(?:frac|sqrt|pi)(?![A-Za-z])))")
# outside math: math written right after the box without delimiters (\boxed{3}\sqrt{2}, \boxed{3} \times 10^5,
# \boxed{3}\pi): read with the box, as written; before it (2\boxed{3}, 1 + \boxed{3}) its extent is unknown: no answer
_OUTSIDE_AFTER = re.compile(r"(?:[ ]?\\(?:times|cdot)[ ]*|×[ ]*)?(?:\\(?:pi|sqrt)(?![A-Za-z])\s*(?:\{[^{}]{0,40}\}|\d)?|"
                            r"\^\s*(?:\{[^{}]{0,20}\}|\d)|(?<=[ {}×])\d{1,30}(?:\^\s*(?:\{[^{}]{0,20}\}|\d{1,5}))?|π|√\d{1,30}|"
                            r"[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,5})+")
_OUTSIDE_BEFORE = re.compile(r"(?:(?<![\w*])\d|\\pi|π)\Z|(?:(?<![*])[+/^]|\\cdot|\\times|\\pm|\\sqrt\s*\{|"
                             r"\\frac\s*\{[^{}]{0,40}\}\s*\{)[ \t]*\n?\Z")  # (never Markdown's ** nor a line break after a
# value: 4\n\boxed{2} is 2; an operator ending the line before continues: 1 +\n\boxed{2})
_NAME_ASSIGNED = re.compile(r"\s{0,3}[A-Za-z](?:_\{?\d{1,2}\}?)?\s{0,3}=\s{0,3}")
_BOX_NEGATED = re.compile(r"(?:−|\$\s*-\s*\$)\s{0,3}\$?\s{0,3}$")


def _embedded(text: str, lo: int, hi: int, start: int, end: int, content: str) -> Extraction | None:
    """The answer a single last box at text[start:end] states when what surrounds it changes it (None: the box's own
    content is the answer): the math expression it sits in, read as written, or no answer at all."""
    if _TEXT_BOX.fullmatch(content):  # \boxed{\text{(B)}} 3(1 + r/10)^x = 7: a choice, then the option's text
        return Extraction("none", rule="a question mark after the last box: it is not the answer as it stands",
                          span=(start, end)) if _BOX_QUESTION.match(text, end, hi) else None  # fmt: skip
    for span in _math_spans(text, max(lo, start - 2000), min(hi, end + 2000)):
        if span.start < start and end <= span.end:
            inner_start = span.start + next(len(o) for o, _ in _OPENERS if text.startswith(o, span.start))
            inner_end = inner_start + len(span.inner)
            before, after = text[inner_start:start], text[end:inner_end]
            if (_BOX_BEFORE.search(before[-200:]) or _BOX_AFTER.match(after)) and not _BOX_THEN_RELATION.search(after):
                return Extraction("answer", (f"{before}{{{content}}}{after}".strip(),), "boxed, in its expression",
                                  (inner_start, inner_end))  # fmt: skip
            # (or only a name assigned it there: We reject $x = \boxed{5}$, Is it $x = \boxed{5}$?)
            if (not before.strip() or _NAME_ASSIGNED.fullmatch(before)) and \
                    (_BOX_BOUND.search(text[max(lo, span.start - 60) : span.start]) or
                                       _BOX_QUESTION.match(text, span.end, hi) or
                                       _BOX_NEGATED.search(text[max(lo, span.start - 40) : span.start]) or
                                       (not after.strip() and (_BOX_CONTINUED.match(text, span.end, hi) or
                                                               _OUTSIDE_AFTER.match(text, span.end, hi)))):  # fmt: skip
                # not $\boxed{3}$, Is it $\boxed{3}$?: as without the dollars
                return Extraction("none", rule="a bound, a denial, a doubt, a question or more math around the last box: it is not the "
                                  "answer as it stands", span=(span.start, span.end))  # fmt: skip
            return None
        if span.start > end:
            break
    before = text[max(lo, start - 60) : start]  # (Another possibility is that the answer is \boxed{4}: 42 characters)
    if _OUTSIDE_BEFORE.search(before) and not _BOX_BOUND.search(before):  # 2\boxed{3}, 1 + \boxed{3}, \sqrt{\boxed{3}}
        return Extraction("none", rule="math before the last box changes its value, and where that math starts is "
                          "not marked", span=(max(lo, start - 40), end))  # fmt: skip
    written = _OUTSIDE_AFTER.match(text, end, hi) if not _BOX_CONTINUED.match(text, end, hi) else None
    if written and not _BOX_QUESTION.match(text, written.end(), hi):  # \boxed{3}\sqrt{2}: 3\sqrt{2}, as written
        return Extraction("answer", (f"{{{content}}}{text[end : written.end()]}".strip(),), "boxed, in its expression",
                          (start, written.end()))  # fmt: skip
    if _BOX_BOUND.search(before) or _BOX_QUESTION.match(text, end, hi) or _BOX_NEGATED.search(before) or \
            _BOX_CONTINUED.match(text, end, hi):  # fmt: skip
        return Extraction("none", rule="a bound, a denial, a doubt, a question or more math around the last box: it is not the answer "
                          "as it stands", span=(start, end))  # fmt: skip
    return None


# a number, then only what joins a clause to the next (3, and / 3 but / $3$ so)
_VALUE_THEN_JOIN = re.compile(r"(?i)\s*\$?\s*(-?\d[\d,]*(?:\.\d+)?)\s*\$?\s*[,;]?\s*(?:(?:and|while)(?:\s+also)?|also)?\s*")  # (never but or so: a correction)
# the end of a sentence or a line (a full stop that ends a decimal is none)
_SENTENCE_BREAK = re.compile(r"[.!?。！？](?=\s|$)|(?<!\d)．|．(?!\d)|\n")
def _two_values(first: str, second: str) -> bool:
    """Whether two box contents are different plain numbers (3 and 4; never \\frac12 and 0.5, one value written two
    ways, which a reader without the engine cannot tell from two)."""
    a, b = (_value(t.strip(" $")) for t in (first, second))
    return a is not None and b is not None and a != b


# right before the last box, after an earlier one, words that add it to the first (Also $\boxed{4}$ opening its sentence,
# another valid answer: \boxed{4}, or alternatively \boxed{4}); right after it, words that say it works too (\boxed{4}
# also works, is also possible; never \boxed{4} works, a check, nor the final answer is also \boxed{4})
_ADDED_BEFORE = re.compile(r"(?i)(?:(?:^|(?<=[.!?;(\n])|(?<=[.!?;(]\s)|(?<=\sor\s)|(?<=\sand\s))(?:also|additionally)|(?<![A-Za-z])"
                           r"(?:alternatively|(?:another|other|alternative|second)\s+(?:(?:valid|possible|correct)\s+)?"
                           r"(?:answers?|solutions?|options?|roots?|values?)(?:\s+(?:is|are|would\s+be))?))"
                           r"[\s,:;(]*(?:\$|\\\(|\\\[)?\s*\Z")
_ADDED_AFTER = re.compile(r"(?i)[\s$)\]*]{0,6}(?:also\s+works|works\s+(?:too|as\s+well|equally)|as\s+well|too|is\s+"
                          r"(?:also|equally)\s+(?:possible|valid|a\s+solution|an?\s+(?:answer|option))|is\s+an(?:other)?\s+"
                          r"(?:answer|option))(?![A-Za-z])")
_HEDGE_BETWEEN = re.compile(r"(?i)[\s,;.(\$]{0,6}(?:or\s+)?(?:maybe|perhaps|possibly|probably)(?![A-Za-z])[^\\]{0,20}$")


# right after the answer: "or" and one value, alone in parentheses or brackets or ending the sentence
# (\boxed{\frac12} (or $0.5$), \boxed{5} [or \frac{10}{2}], $3$, or equivalently $3.0$.). Read as another form of
# the answer: the grader credits it only when the form equals the gold too, so a restatement in decimal form is
# credited and a hedge (\boxed{3} (or 4)) never is. Anything more (or $4$ if n is even) is a hedge (_HEDGE_AFTER).
_FORM_VALUE = (r"(?:\$(?P<d>[^$\n]{1,80})\$|\\\((?P<p>[^\n]{1,80}?)\\\)|(?P<n>[-+]?\d(?:[\d.,/^]{0,40}\d)?%?|\\[dt]?frac\{\d{1,20}\}\{\d{1,20}\}|"
               r"(?-i:\(?[A-J]\)?)(?![A-Za-z])))")
_ANOTHER_FORM = re.compile(
    r"(?i)(?:\$\$?|\\[)\]])?[^\S\n]{0,3}(?:[,;][^\S\n]{0,3})?(?P<open>[(\[（][^\S\n]{0,3})?(?:or,?|(?P<ie>i\.e\.,?|that\s{1,3}is,)|\\lor|\\vee|\\text\s{0,3}\{\s{0,3}or\s{0,3}\}|\\to|->|→|\\implies|\\Rightarrow|/|also|或者?|oder|ou|или|o)[^\S\n]{0,3}(?P<lead>(?:equivalently|simply|written\s{1,3}as|"
    r"expressed\s{1,3}as|as\s{1,3}a\s{1,3}(?:decimal|fraction|percent(?:age)?)|in\s{1,3}(?:decimal|fraction|simplest|exact|"
    r"radical|lowest)(?:\s{1,3}(?:form|terms))?),?[^\S\n]{0,3})?" + _FORM_VALUE
    + r"[^\S\n]{0,3}(?P<close>[)\]）])?[^\S\n]{0,3}(?:\$\$?|\\[)\]])?[^\S\n]{0,3}[.!。]?(?=\s|$)")


# what 'i.e.' or 'that is' may write the answer again as: a value (a percent too), no equation, set, name or words
_RESTATED_VALUE = re.compile(r"\s*[-+]?\s*(?:\d|\\(?:[dt]?frac|sqrt|pi)(?![A-Za-z]))(?:[\d\s.,/^{}()+\-*]|\\(?:[dt]?frac|sqrt|pi|cdot|times)(?![A-Za-z]))*(?:\\?%)?")


# an approximation of the answer right after it (, or approximately $0.0769$; (about 7.69%); which is roughly 0.08): the
# form \approx v, which the grader checks against the answer to the digits it writes (a hedge when it is another
# value), never a second answer nor a word that bounds the first
_APPROX_FORM = re.compile(
    r"(?i)(?:\$\$?|\\[)\]])?[^\S\n]{0,3}(?:,[^\S\n]{0,3})?(?P<open>[(\[][^\S\n]{0,3})?(?:or,?[^\S\n]{1,3}|which[^\S\n]{1,3}is[^\S\n]{1,3}|"
    r"i\.e\.,?[^\S\n]{1,3})?(?:approximately|approx\.|about|roughly|around|≈|\\approx(?![A-Za-z]))[^\S\n]{0,3}" + _FORM_VALUE
    + r"[^\S\n]{0,3}(?P<close>[)\]])?[^\S\n]{0,3}(?:\$\$?|\\[)\]])?[^\S\n]{0,3}[.!。]?(?=\s|$)")


def _another_form(text: str, end: int, hi: int, bare: bool = True) -> tuple[str, int] | None:
    """Another form of the answer ending at ``end`` (``_ANOTHER_FORM``) and where it ends, or None. ``bare``: whether
    a plain ``or 4`` counts (after a box; after math in a sentence, ``x is $2$ or $3$`` is a list of solutions); an
    approximation (``_APPROX_FORM``) is the form ``\\approx v``."""
    found = _ANOTHER_FORM.match(text, end, hi)
    if not found:
        approx = _APPROX_FORM.match(text, end, hi)
        if approx is None or bool(approx.group("open")) != bool(approx.group("close")):
            return None
        value = next(v for v in approx.group("d", "p", "n") if v is not None).strip()
        if not _RESTATED_VALUE.fullmatch(value) or _VALUE_CHANGED.match(text, approx.end(), hi):
            return None  # (about $x = 3$, about 5 thousand: no value written again)
        return f"\\approx {value}", approx.end()
    if bool(found.group("open")) != bool(found.group("close")):
        return None
    if not bare and not found.group("open") and not found.group("lead") and not found.group("ie"):
        return None
    value_end = max(found.end(g) for g in ("d", "p", "n"))
    if found.group("ie") and not _RESTATED_VALUE.fullmatch(next(v for v in found.group("d", "p", "n") if v is not None)) or \
            found.group("ie") and text[found.end() - 1] not in ".!。" and text[found.end() : hi].split("\n", 1)[0].strip():  # fmt: skip
        return None  # \boxed{5}, i.e. $f(5) = 0$. / i.e. $\{1, 2, 3\}$ has three elements.: an explanation, no form
    if text.startswith("!", value_end) or _VALUE_CHANGED.match(text, found.end(), hi) or \
            re.match(r"\s{0,3}(?:and|&)\s", text[found.end() : found.end() + 8]):  # fmt: skip
        return None  # or 5!, or 5 thousand, or $5$ and $6$: not the same value written again (a hedge: _HEDGE_AFTER)
    return next(v for v in found.group("d", "p", "n") if v is not None).strip(), found.end()


# a sentence that concludes (Therefore $x = 4$. Hence the final result is $4$. In conclusion, $n = 4$.)
_CONCLUSION = re.compile(r"(?i)[\s*#>-]*(?:thus|hence|so|therefore|finally|overall|in\s+conclusion|in\s+summary|"
                         r"to\s+conclude|we\s+(?:find|get|obtain|conclude)|this\s+gives)(?![A-Za-z])")


# or one that names the result it states (the correct count is 4; the answer to the question is $4$; Final: $4$)
_RESULT_IS = re.compile(r"(?i)(?<![A-Za-z])(?:(?:(?:final|correct|actual|true|right)\s{1,3}(?:answer|result|count|value|total|"
                        r"number)|answer\s{1,3}to\s{1,3}(?:the|this)\s{1,3}(?:question|problem))\s{0,3}(?:is|was|would\s{1,3}be|=|:)"
                        r"(?![A-Za-z])|final\s{0,3}:)")


# a value alone after an answer, said again or another one (Answer: 3.\n4. / \boxed{3} **4** / => 4 / i.e. $4$): a
# number, a short fraction, root or multiple of pi, in Markdown or math wrappers or after an arrow or 'i.e.'; or inline
# math that starts as a number ($4 \text{ cm}$; a unit in its own math, $\text{cm}^2$, $m/s$, $^\circ$, is no value)
_WRAP_OPEN = re.compile(r"^(?:\*{1,3}|__|`+|\$\$|\$|\\\[|\\\(|\\(?:textbf|mathbf|boldsymbol)\s*\{|#{1,6}|>|-|\(|=>|=|⇒|→|"
                        r"\\Rightarrow|\\implies|i\.e\.,?|namely|so,?|becomes|[A-Za-z]\s*=)\s*")
_WRAP_CLOSE = re.compile(r"\s*(?:\*{1,3}|__|`+|\$\$|\$|\\\]|\\\)|\)|\}|\.|!)$")
_PLAIN_VALUE = re.compile(r"[-+]?\s?(?:\d[\d,]*(?:\.\d+)?(?:\s*/\s*\d+)?|\\[dt]?frac\{[^{}]{1,20}\}\{[^{}]{1,20}\}|"
                          r"\\sqrt\{[^{}]{1,20}\}|\d*\\pi)|(?i:" + _VALUE_WORD + ")")
_WORD_VALUES = {w: str(k) for k, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                                 "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())}
_MATH_VALUE = re.compile(r"\$(\s{0,3}[-+]?\s{0,3}(?:\d|\\[dt]?frac|\\sqrt|\\pi)[^$\n]{0,60})\$\s{0,3}[.!]?")


def _value_after(text: str, at: int, stop: int) -> str | None:
    """The value alone in text[at:stop] after an answer (see above), or None. Wrappers are peeled one by one, at most
    six: hand-written rather than one regex, whose nested optional wrappers would backtrack."""
    if at < stop and not (text[at].isspace() or text[at] in ".,;:!)]*$+-0123456789"):
        return None  # \boxed{3}\sqrt{2}, \boxed{3}(4): math written on from the answer, not a value after it
    tail = text[at:stop].strip().lstrip(".,;:!)]* \n")
    if not tail or len(tail) > 80:
        return None
    math = _MATH_VALUE.fullmatch(tail)
    if math:
        return math.group(1)
    for _ in range(7):
        if _PLAIN_VALUE.fullmatch(tail.rstrip(".! ")):  # (before peeling: the sign of -4 is the value's, not a bullet)
            return _WORD_VALUES.get(tail.rstrip(".! ").lower(), tail.rstrip(".! "))  # (**four** is 4)
        unit = re.fullmatch(r"(.{1,40}?)\s+([A-Za-z]{2,20})", tail.rstrip(".!*_ "))
        if unit and is_unit_word(unit.group(2)) and _PLAIN_VALUE.fullmatch(unit.group(1)):
            return unit.group(1)  # **4 apples**: the value and its unit
        peeled = _WRAP_CLOSE.sub("", _WRAP_OPEN.sub("", tail)).strip()
        if peeled == tail:
            return None
        tail = peeled
    return None


# a name alone (x, \epsilon, a_{1}, f(x)) and a copula after it in its sentence: the sentence's subject
_NAME_ONLY = re.compile(r"(?:\\[A-Za-z]+|[A-Za-z])(?:_\{?[A-Za-z0-9]{1,4}\}?)?(?:\([A-Za-z]\))?")
_COPULA_AFTER = re.compile(r"(?i)\s(?:is|are|was|equals|will\s+be)\s")


# in the last sentence after an answer, a check done again, and the one value it gives (Re-checking gives 6.,
# Let me verify: recomputing, I get 6., Double-check: the sum is actually 6., Upon re-checking, I got 6 instead.)
_RECHECKED = re.compile(r"(?i)[\s*#>-]{0,8}(?:[A-Za-z]+[ \t]*[,:][ \t]*|(?:upon|on|after|when|but|however|so|now)[ \t,]+|"
                        r"let[ \t]+me[ \t]+[a-z]+[ \t]*[,:]?[ \t]*){0,2}(?:i[ \t]+)?(?:re-?check\w*|re-?comput\w*|"
                        r"re-?calculat\w*|re-?do(?:ing)?|redid|re-?evaluat\w*|re-?view\w*|re-?count\w*|double-?check\w*|"
                        r"checking[ \t]+again|check(?:ing)?[ \t]+(?:it[ \t]+)?again)(?![A-Za-z])"
                        # (the check of the whole, its result next, or a value it says changed: Re-checking gives 6.,
                        # recomputing, I get 6., Double-check: the sum is actually 6., I got 6 instead.; never a step
                        # checked again, Double-checking the first step: 4 x 12 = 48., Re-checking the product gives 48.)
                        r"(?=[ \t]*(?:,[ \t]*)?(?:(?:i|we)[ \t]+)?(?:gives?|gave|yields?|get|got|obtain|find|found|comes?)(?![A-Za-z])|"
                        r"[^.!?\n]{0,80}(?<![A-Za-z])(?:actually|instead)(?![A-Za-z]))")
# ... the result it ends on: the value after the sentence's last result word, then at most three words (never a value
# inside the computation it repeats: Double-check: Difference = 7 - 5 = 2 ends on 2)
_RECHECK_RESULT = re.compile(r"(?i)(?<![A-Za-z])(?:gives?|gave|yields?|get|got|obtain(?:s|ed)?|find|found|is|was|=|equals?|"
                             r"comes?\s+(?:out\s+)?to)(?:\s+(?:actually|really|now|instead))?\s*\$?\s*"
                             r"(-?\d[\d,]*(?:\.\d+)?(?:\s*/\s*\d+(?:\.\d+)?)?|\\d?frac\s*\{-?\d+\}\s*\{\d+\})"
                             r"(?=\$?(?:[ \t]+[A-Za-z]+){0,3}[ \t]*[.!]?[ \t*$]*\Z)")


def _concluded_after(text: str, at: int, hi: int) -> str | None:
    """The value a concluding final sentence after an answer ending at ``at`` states (\\boxed{3}. Therefore $x = 4$.),
    or None: the last marker is not the last word when the response concludes again after it."""
    if not text[at:hi].strip():
        return None
    around = [m for m in _math_spans(text, max(0, at - 2000), min(hi, at + 8)) if m.start < at < m.end]
    at = around[-1].end if around else at  # $\boxed{3}$. Final: $4$.: from after the math the box is in
    stop = _closing_start(text, at, hi)
    alone = _value_after(text, at, stop)
    if alone is not None:  # Answer: 3. 4. / **4**, $$4$$, \[4\], `4`, > 4, (= 4), => 4, i.e. 4 alone after the answer
        return alone
    last = text[text.rfind("\n", at, stop) + 1 : stop].strip() if "\n" in text[at:stop] else ""
    bold = _BOLD_WHOLE.fullmatch(last) if last else None
    if bold and not re.search(r"[A-Za-z]{2,}|[=<>]", bold.group("v")):
        # The final answer is $3$. I hope it is correct.\n\n**4**: a last line in bold states a value (as it would alone)
        return _strip_math(bold.group("v"))
    # (the last 2,000 characters: a concluding sentence is shorter, and a degenerate tail is not walked sentence by
    # sentence for it)
    start, end = _last_sentence(text, max(at, len(text[:stop].rstrip()) - 2000), stop)
    rechecked = _RECHECKED.match(text, start, end) if end > start else None
    result = _RECHECK_RESULT.search(text[:end].rstrip(), rechecked.end()) if rechecked else None
    if result is not None and not _DENIAL.search(text, start, result.start()):
        # \boxed{5}\n\nRe-checking gives 6., Upon recomputing, I got 6 instead.: the value a check done again gives,
        # a form the answer must equal too (credited only if 6 is the gold as well)
        return result.group(1)
    if end <= start or not (_CONCLUSION.match(text, start, end) or _RESULT_IS.search(text, start, end)):
        return None
    spans = _math_spans(text, start, end)
    names = [m for m in spans if _NAME_ONLY.fullmatch(m.inner.strip())]
    if names and names[0] is spans[0] and len(names) >= len(spans) - 1:
        # \approx \boxed{0.62}$. Therefore, the value of $\epsilon$ for the polynomial $P(x)$ is approximately 0.62.: the
        # math named is what the sentence is about; the value is what its copula states: another one (0.71, $6$) is a
        # second value beside the box, one in words (seven hundred) or two (not 3 but 4) are read as written, no form
        # the box is sure to equal
        copula = _COPULA_AFTER.search(text, spans[-2 if len(names) < len(spans) else -1].end, end)
        if copula is not None and (len(names) == len(spans) or copula.end() <= spans[-1].start):
            said = text[copula.end() : end].strip(" .!")
            if len(names) < len(spans):
                return spans[-1].inner.strip() if not text[spans[-1].end : end].strip(" .!") else said
            numbers = list(_NUMBER.finditer(said))
            if len(numbers) == 1 and not _NUMBER_WORD.search(said):
                return numbers[0].group()
            return said if numbers or _NUMBER_WORD.search(said) else None
    if len(spans) > 1:
        return None  # Thus the value of $x$ is $12$, and $y = 5$.: several values, none alone the conclusion
    stated = _statement(text, start, end, "final sentence", prose_number=False)
    if stated.status != "answer" or len(stated.texts) != 1:
        return None
    value = undouble(stated.texts[0])
    # Therefore $f(3) = 12$. / Therefore $x = 4$.: the value concluded is the last side of its equation
    return value.rsplit("=", 1)[-1].strip() if value.count("=") and not re.search(r"[<>]|\\[lg]eq?\b", value) else value


# a text command right after an answer, in its math (\text{ maybe}, \mathrm{(roughly)})
_TEXT_AFTER_ANSWER = re.compile(r"(?:\s|\\[,;:! ]|\\q?quad(?![A-Za-z])|~)*\\(?:text|textrm|textit|textbf|mathrm|mbox)\s*"
                                r"\{([^{}]{0,200})\}")


def _taken_back(text: str, end: int, hi: int) -> bool:
    """Whether what follows an answer ending at ``end`` hedges, retracts or judges it, or offers another value; also
    read past the math delimiters that close around it (``$\\boxed{5}$. But this is wrong.``)."""
    wrapped = _TEXT_AFTER_ANSWER.match(text, end, hi)
    if wrapped and wrapped.group(1).strip():
        # $\boxed{5} \text{ maybe}$, \text{, I guess}: the words of a text command after the answer, read as the words
        # they are (the same hedge outside it is read)
        plain = text[: wrapped.start()] + " " + wrapped.group(1) + " " + text[wrapped.end() : hi]
        if _taken_back(plain, end, len(plain)):
            return True
    closed = _MATH_CLOSERS.match(text, end, hi)
    starts = (end, closed.end()) if closed else (end,)
    # (and a retraction past the answer's unit, one or two words before a comma or a bracket: \boxed{5} dollars, no,
    # it is 6.; never the same value in another unit, \boxed{0.5} hours (or 30 minutes))
    united = [u.end() for u in (_UNIT_BEFORE_BREAK.match(text, at, hi) for at in starts) if u is not None]
    return any(bool(_HEDGE_AFTER.match(text, at, hi) or _RETRACTION_NEXT.match(text, at, hi) or
                    _RETRACTION.search(text, at, hi) or _VERDICT_AFTER.match(text, at, hi) or
                    _REJECTED_AFTER.match(text, at, hi) or
                    _ALTERNATIVE_AFTER.search(text, at, hi))
               for at in starts) or any(_RETRACTION_NEXT.match(text, at, hi) for at in united) or \
        _JUDGED_AFTER.search(text, end, min(hi, end + 400)) is not None  # fmt: skip


# in the sentences after an answer, what judges that answer itself (never an option or a step: Option B is incorrect):
# this or the answer said wrong or unsure, a joke, a revised or another answer offered, a value the total should be
_JUDGED_AFTER = re.compile(
    r"(?i)(?<![A-Za-z])(?:(?:this|that|my|the|above|previous|final)[ \t]+(?:answer|result|value|solution|quote|quoted[ \t]+"
    r"answer|claim)[ \t]+|"
    r"(?:this|that)[ \t]+)(?:is|was|'s|might[ \t]+be|may[ \t]+be|could[ \t]+be)[ \t]+(?:[a-z]+[ \t]+){0,2}?"
    # (the judgement ends its clause: never It is not correct to add the other root.)
    r"(?:wrong|incorrect|not[ \t]+(?:right|correct)|a[ \t]+guess|uncertain)(?=[ \t]*(?:[.!?)\]]|though|$|\n))|"
    r"(?<![A-Za-z])(?:just[ \t]+kidding|i[ \t]+was[ \t]+kidding|(?:revised|corrected|updated|new)[ \t]+answer[ \t*]*[:：]|"
    r"other[ \t]+possible[ \t]+answers?|another[ \t]+possible[ \t]+answer|(?:real|true|actual)[ \t]+(?:value|answer|total|result)"
    r"[ \t]+(?:is|should[ \t]+be)|(?:total|answer|result|value)[ \t]+should[ \t]+(?:actually[ \t]+)?be[ \t]+\$?-?\d|"
    # (a verdict on the work above: This contradicts the given condition., I realize I made an error, My earlier
    # computation was off., so something is off)
    # (opening its sentence, or after but, and ending its clause: never a note on another value or on a step, The other
    # root contradicts ..., This contradicts the requirement that x > 0. (of a root discarded), I realize I made a
    # mistake in reading, but it doesn't affect the answer.)
    r"(?<![^\n.!?])[ \t]*(?:(?:but|hmm|wait|however|yet)[ \t]*,?[ \t]+)?(?:this|that|it)[ \t]+"
    r"can(?:no|')t[ \t]+be[ \t]+(?:right|correct)(?=[ \t]*[.!]|[ \t]*\Z)|"
    r"i[ \t]+(?:now[ \t]+)?(?:realize|realise|realized|realised|see|saw|notice|noticed)[ \t]+(?:that[ \t]+)?i[ \t]+(?:made|"
    r"have[ \t]+made|had[ \t]+made)[ \t]+an?[ \t]+(?:error|mistake)(?=[ \t]*[.!;]|[ \t]*\Z)|(?:my|the)[ \t]+(?:earlier|"
    r"previous|above|first)[ \t]+(?:computation|calculation|answer|work|result|value)[ \t]+(?:was|is)[ \t]+(?:off|wrong|"
    r"incorrect|flawed|mistaken)(?=[ \t]*[.!]|[ \t]*\Z)|something(?:[ \t]+is|'s)[ \t]+off(?=[ \t]*[.!]|[ \t]*\Z))(?![A-Za-z])")


# after an answer, the response disowning it: it says it could not solve the problem (I could not determine the answer.
# I was unable to solve the problem. I give up.), or that what it wrote is only an example of a format (The line above
# is an example of the required format.): a response built so (an echoed instruction, a quoted problem, a format
# example, then a refusal) states no answer. Only a failure that ends its clause on the problem, the answer or "it"
# (never I could not find a simpler form, we cannot determine the exact perimeter without ..., but ...; nor a base
# model's note that its work is an example of how it solves problems: This is just an example of how I will solve ...)
_DISOWNED = re.compile(
    r"(?i)(?<![A-Za-z])(?:(?:i|we)(?:['’]m|\s+am|\s+was|\s+were|['’]re|\s+are)?\s+(?:(?:could|can|did|do)\s*(?:not|n['’]t)|"
    r"couldn['’]?t|can['’]?t|cannot|didn['’]?t|don['’]?t|not\s+able\s+to|unable\s+to|failed\s+to|"
    r"(?:was|were|am|are)n['’]?t\s+able\s+to)\s+(?:(?:fully|really|actually|quite|exactly|correctly|properly)\s+)?"
    r"(?:solve|determine|find|verify|prove|show|compute|calculate|answer|work\s+out|figure\s+out|confirm)"
    r"(?:\s+(?:it|this|that|(?:the|this|that)\s+(?:(?:final|correct|exact|right|given)\s+)?(?:problem|question|exercise|"
    r"task|answer|result|solution|value)))?(?:\s+(?:either|out|here|with\s+certainty|for\s+sure))?"
    r"(?:[ \t]*(?:[.!)]|$)|[ \t]*,[ \t]*so\s+i\s+(?:just\s+)?guess(?:ed)?)|"
    # (I give up on a slicker argument, I give up a bit of rigor: never the problem)
    r"i\s+give\s+up(?=[ \t]*(?:[.!)]|$))|(?:i|we)\s+(?:do\s+not|don['’]?t)\s+know\s+(?:the\s+answer|how\s+to\s+solve)|"
    r"(?:that|this|it|the\s+(?:[a-z]+\s+){0,2}above)\s+(?:is|was)\s+(?:only|just|merely)\s+an?\s+(?:example|illustration)"
    r"(?:\s+format)?[ \t]*[.)!]|"
    r"an?\s+example\s+of\s+(?:the\s+)?(?:(?:required|expected|requested|answer|output|latex|markdown)\s+)?(?:format|syntax)|"
    r"example\s+(?:format|syntax))(?![A-Za-z])")
_DISOWNS = "after its answer, the response says it could not solve the problem or that the answer is only an example"
_DENIED_BY_NAME = "after its answer, the response names that answer and says it is not a solution"


def _denied_by_name(text: str, at: int, hi: int, answer: str) -> bool:
    """Whether the 600 characters after an answer name it again, as written (spacing aside, in math or not), and
    say it is not a solution or not the answer (\\boxed{(2,3)} Note that $(2,3)$ is not actually a solution.); never
    another value (\\boxed{2}. Note that $x = -1$ is not a solution.), nor a root that is no root of something else."""
    written = "".join(answer.split())
    if not written or len(written) > 40:
        return False
    name = r"\s*".join(re.escape(ch) for ch in written)
    return re.search(rf"(?i)(?<![\w.±+\-−])(?<!\\pm)(?<!\\pm\s){name}(?![\w.])(?:\s*(?:\$|\\\)))?\s+(?:is|was)\s+not\s+(?:(?:actually|really|in\s+fact|"
                     rf"even)\s+)?(?:a|the)\s+(?:(?:valid|correct|true|real|final)\s+)?(?:solution|answer)"
                     rf"(?=\s*[.!;]|\s*,?\s+(?:since|because|as)(?![A-Za-z]))", text[at : min(hi, at + 600)]) is not None


# one or two lowercase words right after an answer, then a comma, a semicolon, a dash or a bracket: its unit or noun
_UNIT_BEFORE_BREAK = re.compile(r"[^\S\n]{0,3}(?:\\text\s*\{[^{}\n]{1,30}\}|(?!(?:no|nope|or|wait|well|actually|not|and|but|"
                                r"i|maybe|perhaps|probably)(?![A-Za-z]))[a-z]{1,20}(?:[ \t][a-z]{1,20})?)(?=[ \t]*[,;(—–-])")


# between two boxes on one line: a separator, then the next box's label and '=' ($，$f(\frac{2\pi}{3}) = ); before a
# box: its label and '=' (a name without spaces, no sentence)
_LABELLED_NEXT = re.compile(r"[^\S\n]{0,3}(?:\$\$?|\\\)|\\\])?[^\S\n]{0,3}[,，;；、][^\S\n]{0,3}(?:(?:and|且|和)[^\S\n]{1,3})?"
                            r"(?:\$\$?|\\\(|\\\[)?[^\S\n]{0,3}[^\s=$]{1,40}[^\S\n]{0,3}=[^\S\n]{0,3}")
_LABELLED_BOX = re.compile(r"(?:^|[\s$(,，])[^\s=$]{1,40}[^\S\n]{0,3}=[^\S\n]{0,3}\Z")
# in one sentence, two boxes each the value of a thing named in words (The maximum ... is \(\boxed{3}\), and the
# minimum ... is \(\boxed{1}\).): the values of both, never a conclusion drawn from the first (and so the answer is)
_NAMED_DOUBTS = (r"answer|final|result|not|or|if|whether|maybe|perhaps|likely|probably|possibly|think|believe|guess|"
                 r"suppose|assume|wrong|incorrect|extraneous|invalid|rejected|false|candidate|another|other|claim|claims|"
                 r"student|estimate|approximately|about|roughly")
_NAMED_HEDGES = r"so|thus|then|hence|therefore|" + _NAMED_DOUBTS
_NAMED_NEXT = re.compile(r"(?i)[^\S\n]{0,3}(?:\$|\\\))?[^\S\n]{0,3}(?:,[^\S\n]*(?:and[^\S\n]+)?|[^\S\n]+and[^\S\n]+)"
                         rf"(?:(?!(?:{_NAMED_HEDGES})\b)[^.;:!?\n$\\=])"
                         r"{1,80}?[^\S\n](?:is|are)[^\S\n]{1,3}(?:\$|\\\()?[^\S\n]{0,3}")
_NAMED_BOX = re.compile(r"(?i)(?<![A-Za-z])(?:is|are)[^\S\n]{1,3}(?:\$|\\\()?[^\S\n]{0,3}\Z")
# from the start of its sentence to the first such box: what hedges, supposes or judges the values named (a concluding
# word that opens the sentence does not: Therefore, the price is \boxed{6.2} and the quantity is \boxed{57}.)
_NAMED_HEDGED = re.compile(rf"(?i)(?<![A-Za-z])(?:{_NAMED_DOUBTS})(?![A-Za-z])")


def _named_box(text: str, lo: int, box: int) -> bool:
    """Whether the box at ``box`` is the value of a thing its sentence names before it, after ``is`` or ``are``, with
    no hedge, supposition or verdict from the sentence's start (The maximum is \\boxed{3}; never If the maximum is)."""
    start = max(lo, box - 160, *(text.rfind(c, 0, box) + 1 for c in ".!?\n"))
    return _NAMED_BOX.search(text, max(lo, box - 8), box) is not None and not _NAMED_HEDGED.search(text, start, box)


# between two boxes of one sentence, each box a count or amount with its noun (Therefore, there are \boxed{15} novelists
# and \boxed{9} poets. / ... is \boxed{1.85} dollars, and the cost of ... is \boxed{3.95} dollars.): words, digits,
# spaces, commas, percents and amounts only (\boxed{3900} dollars at 7% and \boxed{2200} dollars at 6%.), opened by
# the first box's noun, joined by 'and' (never a comma alone: In each of the \boxed{4} classes, there are \boxed{25}
# students. states 25), with no premise, bound, hedge or conclusion (per, each, after, at least, so,
# then, answer, or, maybe, ...: \boxed{6} apples, so the answer is \boxed{7} is the last box)
_COUNTED_GAP = re.compile(r"[^\S\n]{0,3}(?:\$|\\\))?[^\S\n]{0,3}(?:\d{1,4}-)?[A-Za-z](?:[A-Za-z0-9'’ ,%-]|\\%|\.(?=\d)|\$(?=\d)){0,118}?"
                          r"[^\S\n]{0,3}(?:\$|\\\()?[^\S\n]{0,3}")
_COUNTED_DOUBT = re.compile(r"(?i)(?<![A-Za-z])(?:so|thus|then|hence|therefore|answer|final|result|not|or|if|whether|"
                            r"maybe|perhaps|likely|probably|possibly|think|believe|guess|suppose|assume|wrong|incorrect|"
                            r"extraneous|invalid|rejected|false|candidate|claims?|estimate|approximately|about|roughly|"
                            r"but|instead|rather|actually|wait|total|altogether|difference|more|less|fewer|than|times|"
                            r"ratio|twice|thrice|half\s+(?:as|of)|double|triple|as\s+(?:many|much)|which|means?|gives?|giving|"
                            r"leaves|leaving|remains?|remaining|now|becomes?|equals?|makes?|making|since|because|"
                            r"in\s+(?:a|one|each|the\s+(?:first|second|next))\s+(?:day|week|month|year|hour|minute)s?|"
                            r"daily|weekly|monthly|yearly|annually|"
                            r"started|ended|initially|originally|finally|left|yesterday|today|totall?ing|every|"
                            r"(?:and|,)\s+(?:after|before)|afterwards?|later|earlier|spent|spends|paid|pays|earned|earns|"
                            r"received|saved|owe[sd]?|"
                            r"at\s+(?:least|most)|nearly|almost|around|over|under|up\s+to|excluding|including|minus|plus|"
                            r"except|(?:for|in)\s+each|each\s+of)(?![A-Za-z])")
_COUNTED_PREFIX_DOUBT = re.compile(r"(?i)(?<![A-Za-z])(?:not|or|if|whether|maybe|perhaps|likely|probably|possibly|think|"
                                   r"believe|guess|suppose|assume|wrong|incorrect|extraneous|invalid|rejected|false|"
                                   r"candidate|another|other|claims?|might|could|would|estimate|approximately|about|roughly|"
                                   r"either|"
                                   r"since|because|given|after|once|when|at\s+(?:least|most)|nearly|almost|around|"
                                   r"over|under|up\s+to|(?:more|less|fewer)\s+than|assuming|supposing|hypothetically|"
                                   r"case|before|each\s+of)"
                                   r"(?![A-Za-z])")


# the last line after two counted boxes that picks one: a plain number alone (never a relation, a factorial, a heading)
_PICKED_LINE = re.compile(r"[ \t]*([-+]?(?:\d{1,3}(?:,\d{3}){1,6}|\d{1,20})(?:\.\d{1,20})?|\\[dt]?frac\{\d{1,20}\}\{\d{1,20}\})[ \t]*")
# on the rest of the boxes' line: words that judge, reject or hedge them
# (wrong after a count's noun is what it counts: Terry got \boxed{22} problems right and \boxed{3} problems wrong.)
_PICK_DOUBTED = re.compile(r"(?i)(?<![A-Za-z])(?:not|no|neither|both|but|however|(?<!problems\s)(?<!questions\s)"
                           r"(?<!answers\s)(?<!items\s)(?:wrong|incorrect)|invalid|extraneous|"
                           r"reject\w*|fail\w*|discard\w*|exclud\w*|maybe|perhaps|probably|possibly|or|either|if|"
                           r"unless|guess|think|believe|unsure)(?![A-Za-z])|\?")


def _box_sentence_start(text: str, lo: int, box: int) -> int:
    """Where the sentence of the box at ``box`` opens, at most 160 characters before it (after a line break, !, ? or
    a full stop that ends no decimal: The price is 1.85 dollars, and ...)."""
    window = max(lo, box - 160)
    ends = [m.end() for m in re.finditer(r"[!?\n]|\.(?!\d)", text[window:box])]
    return window + (ends[-1] if ends else 0)


def _pick_doubted(text: str, lo: int, group: list[tuple[int, int, str]], end: int) -> bool:
    """Whether the sentence of a row of boxes, from its start to ``end`` (the boxes' contents left out), judges,
    rejects or hedges them (The roots are \\boxed{3} and \\boxed{5}, but 5 is extraneous. / I think ... or ...)."""
    pieces, at = [], _box_sentence_start(text, lo, group[0][0])
    for start, stop, _ in group:
        pieces.append(text[at:start])
        at = stop
    pieces.append(text[at:end])
    return _PICK_DOUBTED.search(" ".join(pieces)) is not None


def _counted_next(text: str, lo: int, box: tuple[int, int, str], nxt: int) -> bool:
    """Whether the box ``box`` and the box at ``nxt`` state two counts of one sentence, each with its noun
    (``_COUNTED_GAP``), with no hedge or supposition from the sentence's start to the first."""
    gap = _COUNTED_GAP.fullmatch(text, box[1], nxt)
    if gap is None:
        return False
    words = text[box[1] : nxt]
    if not re.search(r"(?i)(?<![A-Za-z])(?:and|(?:mixed|combined|blended)\s+with)(?![A-Za-z])", words) or \
            _COUNTED_DOUBT.search(words):  # fmt: skip
        return False
    return not _COUNTED_PREFIX_DOUBT.search(text, _box_sentence_start(text, lo, box[0]), box[0])


# before a row of boxes, besides what bounds or doubts one box (_BOX_BOUND): a word that supposes it or makes it one
# of alternatives (if, whether, either, might be, guess)
_ROW_HEDGED = re.compile(r"(?i)(?<![A-Za-z])(?:if|whether|suppose|either|(?:might|may|could)\s+be|guess|guessing)"
                         r"[^\S\n]*(?:\$\$?|\\\(|\\\[)?[^\S\n]*\Z")
# the math delimiters that close right after an answer (at most two: $$ or \) and a $ of an outer span)
_MATH_CLOSERS = re.compile(r"[^\S\n]{0,3}(?:\$\$?|\\\)|\\\])(?:[^\S\n]{0,3}(?:\$\$?|\\\)|\\\]))?")


_ENGLISH_WORD = re.compile(r"[A-Za-z\s]+")


# a condition its sentence opens with, right before an answer phrase with 'would' (However, if we change the question
# to ask ..., the answer would be True. / If there is overlap, the answer would be 2.): the answer of another scenario
# than the question's, never the one stated (a phrase before it still is; alone, the sentence is read as a final one)
_CONDITION_OPENS = re.compile(
    r"(?i)(?:^|[.!?\n])[ \t*(>•-]*(?:(?:\*\*)?note(?:[ \t]+that)?:?(?:\*\*)?[ \t]+)?"
    r"(?:(?:however|but|and|so|now|also|alternatively|otherwise),?[ \t]+)?(?:even[ \t]+)?"
    r"(?:if|had|were|when|suppose|supposing|assuming|in[ \t]+case)(?![A-Za-z])"
    # (a decimal point or an abbreviation's full stop does not end the condition: if x were 2.5, Mr. Lee's rate)
    r"(?:[^.!?\n]|(?<=\d)\.(?=\d)|(?<=Mr|Ms|Dr|St)\.|(?<=Mrs)\.){0,300},[ \t]*(?:then[ \t]+)?(?:the[ \t]+)?\Z")
# ... unless the condition corrects the answer or holds as the question states it (However, if we fix the error in
# step 2, the answer would be 6. / If we round as the question asks, the answer would be 3.): the answer then
_CONDITION_CORRECTS = re.compile(r"(?i)(?<![A-Za-z])(?:correct\w*|error|errors|mistakes?|fix\w*|wrong|redo\w*|recalculat\w*|"
                                 r"recomput\w*|properly|right|as[ \t]+stated|as[ \t]+given|given[ \t]+in|stated[ \t]+in|"
                                 r"which[ \t]+it[ \t]+(?:does|is)|as[ \t]+(?:the[ \t]+)?(?:question|problem)[ \t]+"
                                 r"(?:asks|requires|says|states|wants)|as[ \t]+required|actually|in[ \t]+fact)(?![A-Za-z])")


# a sentence that opens as an alternative or under a condition, up to a phrase (Alternatively, the answer is 13 /
# However, if the teacher is included, the answer is 13)
_ALTERNATIVE_OPENS = re.compile(r"(?i)(?:^|[.!?\n])[ \t*(>•-]*(?:" + _ALTERNATIVE_WORDS + r")(?![A-Za-z])[^.!?\n]{0,300}\Z")


def _another_case(text: str, lo: int, start: int) -> bool:
    """Whether the phrase at ``start`` answers another case than an answer already stated: its sentence opens with
    an alternative or a condition that neither corrects the answer nor holds as the question states it."""
    window = max(lo, start - 400)
    return _ALTERNATIVE_OPENS.search(text, window, start) is not None or _another_scenario(text, lo, start)


def _another_scenario(text: str, lo: int, start: int) -> bool:
    """Whether the answer phrase with 'would' at ``start`` answers a condition its sentence opens with, one that
    neither corrects the answer nor holds as the question states it (_CONDITION_OPENS, _CONDITION_CORRECTS)."""
    condition = _CONDITION_OPENS.search(text, max(lo, start - 400), start)
    return condition is not None and not _CONDITION_CORRECTS.search(condition.group())


def _hypothetical(text: str, lo: int, start: int, modal: bool = True, claims_only: bool = False) -> bool:
    """Whether the clause before a phrase at ``start`` makes it someone else's belief or a supposition (many think
    the answer is 5; if the answer is 5); the writer's own claim states it (we claim that the answer is 5, I think
    the answer is 5). ``modal``: whether might, may, could and would count (not in a final sentence, where the
    answer would be 5 states it). ``claims_only``: only someone's claim or a supposition (says, thinks, if), not
    the words that also describe a quantity (the expected number, 3 mistakes, answered incorrectly)."""
    clause = re.split(r"[.!?\n,;:。．，；！？]", text[max(lo, start - 80) : start])[-1]
    for found in _HYPOTHETICAL.finditer(clause):
        if not modal and found.group().lower() in ("might", "may", "could", "would"):
            continue
        if claims_only and _ENGLISH_WORD.fullmatch(found.group()) and \
                not re.fullmatch(r"(?i)says|said|thinks?|thought|believe[sd]?|suppos\w*|assum\w*|if|whether|expected\s+\w+|"
                                 r"ground\s+truth|(?:reference|gold(?:en)?|official|textbook)\s+\w+", found.group()):
            continue
        own = re.search(r"(?i)(?<![A-Za-z])(?:i|we)\s+(?:do\s+|now\s+|still\s+)?$", clause[: found.start()])
        if own and found.group().lower().startswith(("think", "thought", "believe", "claim", "guess", "expect")):
            continue
        return True
    # Let x be 5., Let the number of apples be $5$.: a value given to a name, a supposition (never a result)
    return _LET_BE.search(clause) is not None


# right after the one value in a final sentence, words that reject it as a trial (: it fails, gives a contradiction,
# does not work, so there is no solution)
_TRIAL_REJECTED = re.compile(r"(?i)[\s:,;.—–-]{0,4}(?:(?:it|this|that|which|then)\s+)?(?:(?:clearly|also|again)\s+)?(?:fails?|failed|"
                             r"(?:gives|yields|leads\s+to|results\s+in)\s+a\s+contradiction|is\s+a\s+contradiction|"
                             r"does\s*n['’]?t\s+work|does\s+not\s+work|(?:is|was)\s+not\s+a\s+(?:valid\s+)?(?:solution|root)|"
                             r"(?:is|was)\s+no\s+(?:valid\s+)?(?:solution|root)|(?:we|i)\s+(?:get|reach|obtain|arrive\s+at)\s+a\s+"
                             r"contradiction)(?![A-Za-z])")
# let ... be: a name given its value, in one clause (never let me, let us, let's)
_LET_NAME_BE = r"let[ \t]+(?!me(?![A-Za-z])|us(?![A-Za-z])|'s(?![A-Za-z]))[^.!?\n;,:]{1,60}?(?<![A-Za-z])be"
# a final sentence that gives a name its value so, and nothing after the value but what it counts
_LET_GIVEN = re.compile(r"(?i)[\s*#>-]*(?:(?:so|then|now|next|first)[ \t]*(?:,[ \t]*)?)?" + _LET_NAME_BE +
                        r"[ \t]+\$?-?\d[\d,]*(?:\.\d+)?(?:[ \t]+[A-Za-z]+){0,3}(?:[ \t]*[.!])?[\s*]*")
# a final sentence (or a whole reply) that only gives one name its value with =, in math or in plain text (Let $x = 5$.,
# Then let x = 5.): a supposition, as let ... be (never let me, let us, let's, nor a sentence that goes on: Let x = 5,
# then y = 10.)
# (no two runs of blanks side by side with nothing between them that must match: a run of blanks that fails would be
# split between them every way, quadratic; each run is bounded by what follows it)
_LET_ASSIGNED = re.compile(r"(?i)[\s*#>-]*(?:(?:so|then|now|next|first)[ \t]*(?:,[ \t]*)?)?let[ \t]+(?:(?:\$|\\\()[ \t]*)?"
                           r"[A-Za-z](?:_\{?\w{1,8}\}?)?[ \t]*=[ \t]*(?:[^=!?\n$,;\s]|,(?=\d{3}(?!\d)))"
                           r"(?:[^=!?\n$,;]|,(?=\d{3}(?!\d))){0,59}?(?:\$|\\\))?(?:[ \t]*[.!])?[\s*]*")
# ... and right before the value
_LET_BE = re.compile(r"(?i)(?<![A-Za-z])" + _LET_NAME_BE + r"[ \t]*\$?[ \t]*\Z")


def _thought_closes(text: str) -> list[re.Match[str]]:
    """Where thoughts close (see _THOUGHT_END); a last </reasoning> with nothing after it closes none: TRL's GRPO format
    puts the answer after it, in <answer>, but a reply that wrote its answer inside the tags has no other (never so
    after </think>: a reasoning model's thought is never its reply)."""
    closes = list(_THOUGHT_END.finditer(text))
    while closes and re.fullmatch(r"(?i)<\s*/\s*reasoning\s*>", closes[-1].group()) and not text[closes[-1].end() :].strip():
        closes.pop()
    return closes


def after_thought(text: str) -> int | None:
    """Where the reply after a reasoning model's last closed thought starts (0 when there is none), or None when a
    thought opens and never closes."""
    ends = [m.end() for m in _thought_closes(text)]
    if ends:
        return ends[-1]
    return None if _THOUGHT_START.search(text) else 0


def extract_answer(text: str) -> Extraction:
    """The final answer of ``text`` under the extraction policy (see the module docstring)."""
    found = _extract(text, structured=True)
    # (a list is found in the text as a reader sees it: <li> items are Markdown items there)
    found = _list_items(_as_shown(text) if found.status == "answer" and "<" in text else text, found)
    return _conditioned_after(text, _qualified_before(text, found))


# what continues an answer's sentence after it, on its line or on the next, with a condition: a bracket that opens with
# one, or a word in lower case that carries the sentence on (if, unless, otherwise, or: a new sentence starts with a
# capital, If you have questions, ...; never for or when, which name what is counted: 18\nfor all 3 days)
_CONDITION_GOES_ON = re.compile(r"[ \t]*(?:,[ \t]*)?(?:(?P<bracket>\((?i:if|unless|assuming|provided|otherwise|else)(?![A-Za-z]))|"
                                r"(?:if|unless|otherwise|else|or|assuming|provided)(?![A-Za-z]))")


# another case with its own value beside the answer's condition: otherwise 19, 19 otherwise, or a value with a
# condition of its own after a separator (, 19 if n is odd; - 19 if n is odd on the next line)
_CASE_VALUE = r"-?\d+(?:\.\d+)?"
_ANOTHER_CASE = re.compile(r"(?i)(?<![A-Za-z])(?:otherwise|else)[ \t,:]*(?:(?:it|this|that)(?:[ \t]+is|'s)[ \t]+|the[ \t]+"
                           rf"answer[ \t]+is[ \t]+)?\$?(?P<a>{_CASE_VALUE})|"
                           rf"(?:[,;(]|(?<![A-Za-z])(?:or|and)(?![A-Za-z])|(?:^|\s)[-*])[ \t$]*(?P<b>{_CASE_VALUE})[ \t]*"
                           rf"(?:if|unless|when)(?![A-Za-z])|(?P<c>{_CASE_VALUE})[ \t]*(?:otherwise|else)(?![A-Za-z])")


def _conditioned_after(text: str, found: Extraction) -> Extraction:
    """``found`` read again where the answer's sentence goes on, after it, with a condition and another value: The
    final answer is 18\\n(if we ignore tax; 19 otherwise) / is 18\\nif n is even, and 19 otherwise: an answer that
    depends on a case, no answer (never the first case's value)."""
    if found.status != "answer" or len(found.texts) != 1 or found.rule == "whole":
        return found
    end = found.span[1]
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    rest = text[end:line_end]
    if rest.strip(" \t.,;:*$)}"):  # (18 if n is even: the rest of its own line)
        goes_on = _CONDITION_GOES_ON.match(rest.lstrip(" \t*$)}"))
        next_end = text.find("\n", line_end + 1)
        after = text[line_end + 1 : len(text) if next_end < 0 else next_end] if line_end < len(text) else ""
        # (the next line, where the sentence goes on there or the list does: - 18 if n is even\n- 19 if n is odd)
        following = rest + " " + after if not re.search(r"[.!?]", rest) and re.match(r"[ \t]*(?:[-*(]|\d{1,2}[.)][ \t]|[a-z])", after) \
            else rest  # fmt: skip
    else:  # (the next line, right after it)
        next_end = text.find("\n", line_end + 1)
        following = text[line_end + 1 : len(text) if next_end < 0 else next_end] if line_end < len(text) else ""
        goes_on = _CONDITION_GOES_ON.match(following)
        if goes_on and not goes_on.group("bracket") and re.search(r"[.!?]", rest):
            goes_on = None  # (So the answer is 18.\nif ...: its sentence ended)
    if goes_on is None or found.forms:
        return found
    values = {Fraction(d) for d in re.findall(r"\d+(?:\.\d+)?", found.texts[0])}
    if not any(Fraction(m.group("a") or m.group("b") or m.group("c")) not in values
               for m in _ANOTHER_CASE.finditer(following)):  # fmt: skip
        # (John makes $1260 if he works a full 7-day week., 18\n(if each bag has 6 apples; 3 bags), 1/2\nor
        # equivalently 0.5: the question's condition or another form, never another case with its own value)
        return found
    return Extraction("none", rule="the answer depends on a case: a condition follows it with another value",
                      span=(found.span[0], min(len(text), found.span[1] + len(following))))


# a word right before an answer's value (or before its name and '=') that bounds it or approximates it: The answer is
# at least x = 5, up to $5$, over $5$, approximately x = 5, somewhere near 5, ~-12, ~ $5$ (the phrase rules read the
# value after it; a word between a copula and math is read there, _qualified, but not before a plain name's '=', nor
# these words, nor a tilde before a sign, a space or math)
_BOUNDING_WORDS = (r"at\s+(?:least|most)|(?:less|more|greater|fewer|larger|smaller|bigger|higher|lower)\s+than|"
                   r"no\s+(?:more|less|fewer|greater)\s+than|up\s+to|upwards\s+of|in\s+excess\s+of|(?:just\s+)?(?:over|"
                   r"under|below|above|shy\s+of)|beyond|not\s+(?:more|less)\s+than|a\s+(?:minimum|maximum)\s+of")
_APPROXIMATING_WORDS = (r"approximately|approx\.?|about|around|roughly|nearly|almost|(?:somewhere\s+)?(?:close\s+to|near)|"
                        r"somewhere\s+around|circa|ca\.|≈|~|∼")
_QUALIFIED_BEFORE = re.compile(r"(?i)(?:(?<![A-Za-z])(?P<bound>" + _BOUNDING_WORDS + r")|(?<![A-Za-z\\])(?P<approx>" +
                               _APPROXIMATING_WORDS + r"))(?![A-Za-z])[ \t]*(?:(?<![A-Za-z])[A-Za-z](?:_\{?\w{1,6}\}?)?"
                               r"[ \t]*=[ \t]*)?[$(\t ]*\Z")


_COPULA_OR_COLON_BEFORE = re.compile(r"(?i)(?:(?<![A-Za-z])(?:is|are|was|were|be|equals|answer|result)|[:=])[ \t*_]*\Z")
_TILDE_NUMBER = re.compile(r"\s*[~∼][ \t$]*[-+−]?[ \t]*\d")


def _qualified_before(text: str, found: Extraction) -> Extraction:
    """``found`` read again where a word right before its value bounds it (at least x = 5, up to $5$: no answer) or
    approximates it (approximately x = 5, ~-12: the approximation ``\\approx`` of the value)."""
    if found.status != "answer" or len(found.texts) != 1 or "box" in found.rule or found.rule == "whole" or \
            found.texts[0].lstrip().startswith(("\\approx", "≈")):  # fmt: skip
        return found
    start = found.span[0]
    if _TILDE_NUMBER.match(found.texts[0]):  # The answer is ~-12. / ~ $5$ (in plain text; in math, a space; ~p: not p)
        at = text.find(found.texts[0].lstrip()[0], start, found.span[1])
        # (a tilde glued to the word before it is TeX's tie, a space: Answer:~3, is~3)
        if at > 0 and text[at - 1] in " \t\n" and \
                not any(m.start <= at < m.end for m in _math_spans(text, max(0, at - 2000), min(len(text), found.span[1] + 2000))):  # fmt: skip
            return replace(found, texts=(f"\\approx {found.texts[0].lstrip().lstrip('~∼ ')}",))
        return found
    line = max(text.rfind("\n", 0, start) + 1, start - 60)
    before = _QUALIFIED_BEFORE.search(text, line, start)
    if before is not None and not _COPULA_OR_COLON_BEFORE.search(text, line, before.start()):
        before = None  # (only right after a copula or a colon: computed above $x = 19$, symmetric about x = 3)
    if before is None or any(m.start < start < m.end and m.start > before.start() for m in _math_spans(text, line, start + 1)):
        return found
    if before.group("bound"):
        return Extraction("none", rule=f"a word bounds the value stated ({before.group('bound')})", span=(line, found.span[1]))
    return replace(found, texts=(f"\\approx {found.texts[0].lstrip('~∼ ')}",))


# a Markdown list item's marker at a line's start, outside math: a bullet (-, *) or a number (1., 2)) and a space (a
# + bullet is left out: in plain text it carries a sum on, 224 then + 28 then = 252)
_ITEM_MARKER = re.compile(r"[ \t]{0,3}(?:(?P<bullet>[-*])|(?P<number>\d{1,2})[.)])[ \t]+(?=\S)")


# a list item that names one value (x = 2, $x_1 = -3$): never a step that computes (3 + 4 = 7)
_NAMED_VALUE_ITEM = re.compile(r"[ \t]*(?:\$|\\\()?[ \t]*[A-Za-z](?:_\{?\w{1,4}\}?)?[ \t]*=[^=\n]{1,60}")


def _list_items(text: str, found: Extraction) -> Extraction:
    """``found`` read again where the answer taken is a Markdown list's marker or starts with one (Answer: then ``- 18``,
    ``1. The total is 12.``), or is the last of a list of values (``- x = 2`` then ``- x = 3``): a reader sees a list,
    never a minus sign nor the item's number. One item is its content, read as a reply of its own; several items in a
    row are several answers (credited only when the gold is their list), each item's content so read."""
    if found.status != "answer" or len(found.texts) != 1 or found.rule == "whole":
        return found  # (a whole reply read whole, as written)
    start = found.span[0]
    while start < found.span[1] and text[start] in " \t\r\n":
        start += 1  # (a span that opens with the line break before the value)
    line = text.rfind("\n", 0, start) + 1
    marker = _ITEM_MARKER.match(text, line)
    if marker is None or not text[:line].strip() or any(m.start < line < m.end for m in _math_spans(text)):
        return found  # (a text that is the value alone, a gold's - 1 or 10. \\; a line in display math: $$x = 3\n- 5$$)
    kind = "bullet" if marker.group("bullet") else "number"
    # (the answer taken is the marker, or starts with it, or is the first item's content under its marker's line:
    # Answer: then * 3 and * 5)
    taken = start < marker.end() or (start == marker.end() and found.rule in ("answer phrase", "final answer") and
                                     text[:line].rstrip().endswith(":"))  # fmt: skip

    def same(at: int) -> re.Match[str] | None:
        item = _ITEM_MARKER.match(text, at)
        ok = item is not None and item.group(kind) and (kind == "number" or item.group(kind) == marker.group(kind))
        return item if ok else None

    first = line
    while first > 0 and not taken:  # (the list's earlier items, when the answer is its last one)
        previous = text.rfind("\n", 0, first - 1) + 1
        for _ in range(8):  # (a loose list: blank lines between its items)
            if previous > 0 and not text[previous:first].strip():
                previous = text.rfind("\n", 0, previous - 1) + 1
        if same(previous) is None:
            break
        first = previous
    items: list[tuple[int, int]] = []
    gaps: list[int] = []  # (the items after which a blank line stands)
    at = first
    while at < len(text) and len(items) <= 32:
        item = same(at)
        if item is None:
            break
        end = text.find("\n", item.end())
        end = len(text) if end < 0 else end
        items.append((item.end(), end))
        at = probe = end + 1
        for _ in range(8):  # (a loose list, Answer: then - 3, a blank line, - 5: one list, never its first item alone)
            blank = text.find("\n", probe)
            if blank < 0 or text[probe:blank].strip():
                break
            probe = blank + 1
        if probe != at and same(probe) is not None:
            gaps.append(len(items))
            at = probe
    if gaps and any(_prose(text[a:b]) or ":" in text[a:b] for a, b in items):
        # (a loose list is one list only when every item is a value: - 18, a blank line, - Reasoning: 12 + 6 = 18 is the
        # answer and a note on it, read as before: the items up to the first blank line, or after the last)
        items = items[: gaps[0]] if taken else items[gaps[-1] :]
    if not taken and (found.rule != "final sentence" or len(items) < 2 or items[-1][0] != marker.end() or
                      text[items[-1][1] :].strip() or any(_prose(text[a:b]) or ("=" in text[a:b] and not
                                                                                  _NAMED_VALUE_ITEM.fullmatch(text, a, b))
                                                          for a, b in items)):  # fmt: skip
        # (- The answer is 18.; a box in the last of several parts, as the box rules read it; steps in a list, the last
        # one concluding or computing, 2. 7 * 2 = 14: its sentence, as read)
        return found
    if re.match(r"\s*[=+×÷/]", text[items[-1][1] :]):
        return found  # (a sum written in a column: 224 then - 28 then = 196)
    read = [_extract(text[a:b], structured=False, restate=False) for a, b in items]
    if len(items) > 32 or any(r.status != "answer" or len(r.texts) != 1 for r in read):
        return Extraction("none", rule="a list after the answer's marker, an item of it no value", span=(first, items[-1][1]))
    spans = [(a + r.span[0], a + r.span[1]) for (a, _), r in zip(items, read)]
    if len({"".join(r.texts[0].split()) for r in read}) == 1:  # (one item, or one value on each: - x = 3, - x = 3)
        return replace(read[-1], rule=found.rule, span=spans[-1])
    return Extraction("several", tuple(r.texts[0] for r in read), f"{found.rule} (a list)", (spans[0][0], spans[-1][1]))


# in what follows an answer: a word that judges, denies or supposes, or a question (never a confirmation of it)
_DOUBTING_FOLLOWER = re.compile(r"(?i)(?<![A-Za-z])(?:wrong|incorrect|mistakes?|mistaken|errors?|not|no|isn't|doesn't|"
                                r"redo|if|whether|would|could|should|might|may|maybe|perhaps|suppose|assum\w*|unless)"
                                r"(?![A-Za-z])|\?")


# a follower that ends by confirming (Wait, let me verify: 2 + 3 = 5. Correct. / Hmm, that seems right. / ... yes, 5.)
_CONFIRMING = (r"(?:yes|yep|correct|confirmed|verified|good|great|right|ok(?:ay)?|consistent|"
               r"(?:that|this|it)(?:'s|\s+is|\s+was|\s+seems|\s+looks)\s+(?:\w+\s+)?(?:correct|right|good|consistent|fine|"
               r"what\s+I\s+had)|(?:that|this|it)\s+checks\s+out|(?:it|that|this)\s+matches)")
_CONFIRMED_END = re.compile(r"(?i)(?:(?:^|(?<=[.!:;,\n]))\s*" + _CONFIRMING + r"(?:[\s.!,]+" + _CONFIRMING +
                            r")*(?:\s*,\s*(?:so\s+)?(?P<value>[^\s.!,]{1,40}))?|(?:(?:^|(?<=[.!:;,\n]))\s*(?:yes,?\s*)?"
                            r"(?:so|and)?\s*(?P<subject>\$?[-\w.,/\\{}]{1,30}\$?)\s+is\s+(?:right|correct|confirmed)|"
                            r"\s+(?:holds|checks\s+out)|\s*[✓✔]))$")  # fmt: skip (searched up to the last word: _confirmed)
# words that say a follower found the answer wrong, whatever else it says (never a confirmation of it)
_REFUTING = re.compile(r"(?i)(?<![A-Za-z])(?:wrong|incorrect|mistakes?|mistaken|errors?|redo|instead|rather|miscount\w*|"
                       r"not\s+(?:right|correct)|isn't\s+(?:right|correct)|no,|oops|actually\s+(?:it|the)|should\s+be)"
                       r"(?![A-Za-z])")
# the values a follower computes on its way: numerals (with a sign, a factorial or a percent that change them), math,
# number words; the last one must be the answer, where a statement states it (= 5, is 5, leaves 5, a sentence's start)
_COMPUTED = re.compile(r"(?i)(?P<num>(?<![\w.])[-−]?\d[\d,]*(?:\.\d+)?[!%]?(?!\w|\.\d))|\$(?P<math>[^$\n]{1,200})\$|"
                       r"\\frac|(?<![A-Za-z])(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                       r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|"
                       r"thousand|million|half|third|quarter|twice|double|triple)(?![A-Za-z])")
_STATING = re.compile(r"(?i)(?:^|[.!:;\n]\s*|(?:=|\bis|\bare|\bwas|\bwere|\bequals|\bgives?|\bget|\bgets|\bgot|\bleaves|"
                      r"\bmakes|\bhas|\bhave|\btotal|\byes,?|\bso|\bcount)\s*)$")


def _confirmed(text: str, end: int, hi: int, answer: str) -> bool:
    """Whether a follower ends by confirming the answer: a confirming word last (Correct., Yes, 5., so 12 is right.,
    ✓, ... holds), no word that finds it wrong, and the last value it computes on the way, if any, the answer as
    written where a statement states it (2 + 3 = 5. Correct.; leaves 5 apples. Correct.; never 6 items. Correct.,
    it's six. Yes., one more than 5. Right., -5. Correct.)."""
    stop = len(text[:hi].rstrip(" \t\r\n.!"))  # the ending is searched up to its last word, over 200 characters
    ending = _CONFIRMED_END.search(text, max(end, stop - 200), stop)  # at most: its search is quadratic in them
    if ending is None or _REFUTING.search(text, end, hi):
        return False
    plain = "".join(answer.split())
    for named in (ending.group("value"), ending.group("subject")):
        if named is not None and "".join(named.split()).strip("$") != plain:
            return False  # Yes, 6. / so 6 is right.
    computed = list(_COMPUTED.finditer(text, max(end, ending.start() - 2000), ending.start()))
    if not computed:
        return True  # Hmm, that seems right. (no value computed)
    last = computed[-1]
    value = last.group("num") or last.group("math")
    if value is None:
        return False  # a number word or a fraction written out: not the answer as written
    value = "".join(value.split()).rstrip(",")
    if last.group("math"):
        value = value.rsplit("=", 1)[-1] if "=" in value and "=" not in plain else value  # $3 \cdot 4 = 12$
        return value == plain
    return value == plain and bool(_STATING.search(text, max(end, last.start() - 40), last.start()))


def _restated(text: str, end: int, hi: int, answer: Sequence[str]) -> bool:
    """Whether what follows a stated answer that an alternative or a retraction opens (``Alternatively, …``, a second
    method; ``Wait, let me check …``) ends by stating that same answer, written the same way (spacing aside): then it
    confirms the answer rather than replacing it. The follower is read once by the same policy, never recursively
    (its own followers are not given this chance), so hostile text repeating ``\boxed{5} Wait`` stays linear."""
    if len(answer) == 1 and _confirmed(text, end, hi, answer[0]):
        return True  # (a check may ask itself: Wait, is that right? 3 × 4 = 12. Yes.)
    labelled = _LABEL_THEN_VALUE.fullmatch(text, end, hi) if hi - end <= 200 and len(answer) == 1 else None
    if labelled is not None:  # ## Alternative Answer then 18, after 18: the same answer under the label, no other
        value = labelled.group(1).strip(" *_$.")
        return "".join(value.split()) == "".join(answer[0].split()) or _same_number(value, answer[0])
    if _DOUBTING_FOLLOWER.search(text, end, hi):
        return False  # Wait, that's wrong. ... is 5; if the die were fair the answer would be 5; whether it is 5?
    after = _extract(text[end:hi], structured=False, restate=False)
    if after.status != "answer" or after.rule == "whole" or len(after.texts) != 1 or len(answer) != 1:
        return False
    said, plain = "".join(after.texts[0].split()), "".join(answer[0].split())
    # the same answer, or a chain of equalities ending in it (giving 10 - 5 = 5): its last side, as READING_RULES
    if said == plain or ("=" in said and "=" not in plain and said.rsplit("=", 1)[1] == plain):
        return True
    # the answer and the noun it counts (... double them for order: 12 ordered pairs.)
    return said.startswith(plain) and re.fullmatch(r"[A-Za-z-]{1,40}", said[len(plain) :]) is not None


_INVISIBLE = re.compile(INVISIBLE)
# the escape \n of a line break written out (a backslash and an n that no command continues: \nThe, \n\n, \n$; never
# \neq, \nu, \nLeftarrow, nor the n after a LaTeX line break \\)
_ESCAPED_BREAK = re.compile(r"(?<!\\)\\n(?![a-z]|(?:Leftarrow|Rightarrow|Leftrightarrow|Vdash|VDash)(?![A-Za-z]))")


# a calculator annotation of GSM8K's solutions, which models trained on them write too: <<48/2=24>>, and a value
# annotated as itself right before it is written (the total cost is $<<694>>694.)
_CALCULATOR = re.compile(r"<<[^<>\n]{1,200}=[^<>\n]{1,100}>>|(?:<<\$?(-?\d[\d,]{0,30}(?:\.\d{1,20})?)>>)+"
                         r"(?=\$?\1(?![\d.]\d|\d))")


def _extract(text: str, structured: bool, restate: bool = True, cleaned: bool = False) -> Extraction:
    """extract_answer; ``structured``: look for a JSON answer (not inside a JSON answer's own value, so that nested
    objects cannot recurse without end); ``restate``: let a follower that restates the answer keep it
    (``_restated``); ``cleaned``: invisible characters and annotations were removed already (once: what their removal
    exposes is read as written, and hostile text cannot recurse)."""
    annotations = list(_CALCULATOR.finditer(text)) if "<<" in text and not cleaned else []
    # (line breaks written as the escape \n in a text with no line break of its own: PromptPG's GPT-3 outputs)
    breaks = {m.start() for m in _ESCAPED_BREAK.finditer(text)} \
        if not cleaned and "\\n" in text and "\n" not in text and "\r" not in text else set()  # fmt: skip
    if not cleaned and (_INVISIBLE.search(text) or annotations or breaks):
        # invisible format characters (a zero-width space inside Wait or 12, a BOM) are none of what a reader sees,
        # and neither are GSM8K's calculator annotations ($<<720-480=240>>240: the 240 after them is what it says):
        # the text is read without them, and spans are mapped back onto the text as given; an escaped line break is
        # read as the line break it stands for (never a command: \neq, \nu, \nLeftarrow)
        dropped = {i for m in annotations for i in range(*m.span())} | breaks
        kept = [i for i, ch in enumerate(text) if i not in dropped and not _INVISIBLE.match(ch)]
        found = _extract("".join("\n" if i - 1 in breaks else text[i] for i in kept), structured, restate, cleaned=True)
        start, end = found.span
        at = kept + [len(text)]
        return replace(found, span=(at[start], kept[end - 1] + 1 if end > start else at[start]))
    lo, hi = 0, len(text)
    closes = _thought_closes(text)
    if closes:
        lo = closes[-1].end()
        opened = _SOLUTION_START.match(text, lo)  # Sky-T1: <|end_of_thought|> <|begin_of_solution|> ...
        if opened:
            lo = opened.end()
    elif _THOUGHT_START.search(text):
        return Extraction("none", rule="the response never closes <think>")
    header = _TURN_START.match(text, lo)  # <|im_start|>assistant: the response's own turn starts, no other turn
    if header:
        lo = header.end()
    following = None
    if not header and "### Response:" in text:
        # Alpaca's prompt echoed before the reply (TheoremQA's Alpaca, Vicuna and Pythia outputs, one prompt each): ###
        # Instruction: ... ### Input: ... ### Response: ..., the reply after that '### Response:', up to a next turn the
        # model made up (### Instruction: Q2 ... ### Response: 7 is never its answer)
        instruction = _ALPACA_INSTRUCTION.search(text, lo)
        response = _ALPACA_RESPONSE.search(text, instruction.end()) if instruction else None
        if response is not None:
            lo = response.end()
            following = _ALPACA_INSTRUCTION.search(text, lo)
    for k, turn in enumerate(_TURN_END.finditer(text, lo)):
        # (</s> closing <s> on its line, after the reply's own text, strikes out, ends no turn: see _struck)
        if k >= 64 or turn.group() != "</s>" or _struck(text, lo, turn.start()) is None:
            hi = turn.start()
            break
    reopened = _THOUGHT_START.search(text, lo, hi) if closes else None
    if reopened:  # </think> The answer is 6. <think>actually \boxed{5}: a thought again, never closed, after the
        hi = reopened.start()  # reply (the reply ends where it opens; right after </think>, it is empty)
    for made_up in _NEXT_EXERCISE.finditer(text, lo, hi):
        if text[lo : made_up.start()].strip():  # (never a question the reply opens with)
            if _ANSWERED_BEFORE.search(text, lo, made_up.start()):
                hi = made_up.start()  # 250.\n\nQuestion: According to the table ... (MathVista's Claude 2, two-shot)
            break
    if following is not None:
        hi = min(hi, following.start())
    if (lo, hi) != (0, len(text)):
        # the reply alone (after a thought, a turn's header; before the next turn) is read as a text of its own, so
        # that its start is a start (</think>Answer: 3, <|channel|>final<|message|>Answer: 3); spans are the text's
        found = _extract_reply(text[lo:hi], structured, restate)
        return replace(found, span=(found.span[0] + lo, found.span[1] + lo))
    return _extract_reply(text, structured, restate)


# the markup of an HTML element that shows its content as text (never <sup> or <sub>, which change it, nor <s> or <del>,
# which strike it out)
_SHOWN_TAG = re.compile(r"(?i)</?(?:p|span|div|b|strong|em|i|u|font|center|small|big|mark|li|ul|ol|h[1-6]|td|tr|th|table|"
                        r"tbody|thead|section|label|br|hr|blockquote)(?![\w-])(?:\s[^<>]{0,300})?/?>")


# the elements among them that a browser shows as blocks of their own (a line break before and after)
_BLOCK_TAG = re.compile(r"(?i)</?(?:p|div|li|ul|ol|h[1-6]|tr|table|tbody|thead|section|br|hr|blockquote|center)(?![\w-])")


def _shown_tag_blanked(m: re.Match[str]) -> str:
    """A shown element's tag as blanks, in as many characters: a block's breaks the line (<p>, </div>, <br>), a list
    item's opens a Markdown item (<li>: a line break and a dash), an inline element's is blank (<b>, <span>)."""
    tag = m.group()
    if _BLOCK_TAG.match(tag):
        return ("\n- " if tag[1:3].lower() == "li" and len(tag) >= 4 else "\n").ljust(len(tag))
    return " " * len(tag)


_SCRIPT_TAG = re.compile(r"(?i)<(/?)su([pb])(?:\s[^<>]{0,300})?>")  # (<sup class="s"> as <sup>)
_ORDINAL_SUP = re.compile(r"(?i)(?<=\d)<sup(?:\s[^<>]{0,300})?>(st|nd|rd|th)</sup>")


def _as_shown(text: str) -> str:
    """``text`` as a reader sees it, in as many characters: what HTML or Markdown never shows blanked, and the tags of
    what HTML shows read as their layout (a block's break the line, a list item's open a Markdown item, <sup> is ^{})."""
    if "<" in text or "]:" in text or "![" in text:  # what HTML or Markdown never shows, blanked (the spans stay the text's)
        for a, z in sorted(_markup_hidden(text, 0, len(text))):
            text = text[:a] + " " * (z - a) + text[z:]
        if "<" in text:  # (and the tags of what it shows: <p>Final answer: 18</p> states 18, never 18</p>)
            # (a block's tags break the line, as a browser shows them: <p>Work: 12 + 6</p><p>Answer: 18</p> is two lines,
            # the second a marker at its start; an inline element's are blanks)
            text = _SHOWN_TAG.sub(_shown_tag_blanked, text)
            # (a superscript or a subscript as TeX writes it, in as many characters: x<sup>2</sup> is x^{2}, never x2)
            text = _ORDINAL_SUP.sub(lambda m: m.group(1) + " " * (len(m.group()) - len(m.group(1))), text)  # 8<sup>th</sup>
            text = _SCRIPT_TAG.sub(lambda m: ("}" if m.group(1) else "^{" if m.group(2).lower() == "p" else "_{").ljust(
                len(m.group())), text)  # fmt: skip
    return text


def _extract_reply(text: str, structured: bool, restate: bool) -> Extraction:
    """_extract on a reply: no thought, no other turn."""
    text = _as_shown(text)
    lo, hi = 0, len(text)
    hi = _without_layout(text, lo, hi)
    if not text[lo:hi].strip():
        return Extraction("none", rule="empty response")
    tagged = _answer_tag(text, lo, hi, structured, restate)
    if tagged is not None:
        return _undoubled(tagged)
    if structured and '"' in text and "nswer" in text:
        json_answer = _json_answer(text, lo, hi, restate)
        if json_answer is not None:
            return _undoubled(json_answer)
    found_boxes = _boxes(text, lo, hi)
    if found_boxes and ("<" in text or "\\" in text or "~~" in text):
        hidden = _hidden(text, lo, hi)
        found_boxes = [b for b in found_boxes if not any(a <= b[0] < z for a, z in hidden)]
    # an empty box is no box (\boxed{} in instructions a model repeats after its answer: "put it in \boxed{}")
    boxes = [b for b in found_boxes if _unbox(undouble(b[2]).strip())]
    # every marker holds "answer" (any case), "####" or "A:": a text with none of them is not scanned for one
    lowered = text.lower()
    marked = any(word in lowered for word in _MARKER_WORDS)
    # the last marker wins; a phrase after which no answer is stated gives way to the marker before it (the last
    # eight phrases are tried: each reads to the end of its sentence, and hostile text may repeat one thousands of times;
    # a phrase inside a box is none: top-level boxes do not nest, so the one starting last before it is the only one
    # that may hold it, found by bisection: checking every box for every phrase was quadratic)
    starts = [b[0] for b in boxes]
    phrases: list[re.Match[str]] = []
    for p in reversed(list(_PHRASE.finditer(text, lo, hi)) if marked else []):
        k = bisect_right(starts, p.start()) - 1
        if not (k >= 0 and boxes[k][0] < p.start() < boxes[k][1]) and \
                not _hypothetical(text, lo, p.start(), modal=p.group() != "####") and \
                not _PREMISE.search(text, max(lo, p.start() - 40), p.start()) and \
                not ("would" in p.group().lower() and _another_scenario(text, lo, p.start())) and \
                not (_NUMBERED_STEP.match(p.group()) and _LATER_STEP.search(text, p.end(), hi)) and \
                not (not text[lo : p.start()].strip() and _HEADING_ALONE.fullmatch(p.group()) and
                     _PROSE_LINE.match(text, p.end(), hi)):  # fmt: skip
            # (Step 3: Answer: 12 before Step 4: the answer of a step that more steps follow, never the last)
            # (a response that opens with the word answer alone on its line, then a sentence of prose, To calculate
            # the variance, we follow these steps: a title the template left, FinanceMath's Qwen2, never the answer)
            phrases.insert(0, p)
            if len(phrases) == 8:
                break
    while phrases and not (boxes and boxes[-1][0] > phrases[-1].start()):
        phrase = phrases.pop()
        word = phrase.group().lower()
        rule = "####" if word.startswith("#") and "answer" not in word else "final answer" if "final" in word else \
            "A:" if word.strip() == "a:" else "answer phrase"  # fmt: skip
        foreign = not re.search(r"(?i)answer|option|choice|####|a:", word)  # a phrase of another language
        found = _after_phrase(text, phrase.end(), hi, rule, foreign, phrase.start())
        later = _LATER_SOLUTION.search(text, found.span[1], hi) if found.status == "answer" and "solution" in word \
            else None  # fmt: skip
        if later:  # Solution: Choice_B, then a line Solution: None of the above (MR-Ben's format): the choice is taken back
            return Extraction("none", rule="a later line 'Solution:' names no choice: the choice before it is not the "
                              "final answer", span=(phrase.start(), later.end()))  # fmt: skip
        if found.status == "answer" and _another_case(text, lo, phrase.start()):
            told = [_after_phrase(text, p.end(), p.end() + len(text[p.end() : phrase.start()].rstrip()), "", False,
                                  p.start()).texts for p in phrases[-1:]] + [(b[2],) for b in boxes if b[1] <= phrase.start()][-1:]
            if any(texts and "".join("".join(texts).split()) != "".join("".join(found.texts).split()) for texts in told):
                # The answer is 12. Alternatively, if we count the teacher, the answer is 13.: two answers, each under
                # its own reading of the question (the same answer again stands: If we add them, the answer is 12.)
                return Extraction("none", rule="a later answer is given as an alternative or under a condition: "
                                  "several answers, none stated", span=(phrase.start(), found.span[1]))  # fmt: skip
        if found.status == "none" and (found.rule.endswith(_STEPS_UNSTATED) or found.rule.endswith(_EXCLUDES) or
                                       found.rule.endswith(_OPTIONS_LISTED)):  # fmt: skip
            return found  # (no other rule reads the steps' last statement instead: it neither concludes nor restates;
            # nor the number an exclusion names: The answer is everything except 5.)
        if found.status == "answer" and not any(_unbox(undouble(t).strip()) for t in found.texts):
            found = Extraction("none", rule="an empty box")  # The answer is: \boxed{}
        if found.status != "none" and found.texts and _extended(text, found.texts[-1], found.span[1], hi):
            return Extraction("none", rule="words after the stated answer add to it (and its permutations, in any order)",
                              span=(phrase.start(), hi))  # fmt: skip
        if found.status != "none":
            form = _another_form(text, found.span[1], hi, bare=False) if found.status == "answer" and \
                len(found.texts) == 1 else None  # fmt: skip
            if form and not found.forms:  # The answer is $\frac12$ (or $0.5$).
                found = Extraction(found.status, found.texts, found.rule, found.span, (form[0],))
            after = form[1] if form else found.span[1]
            concluded = _concluded_after(text, after, hi) if restate and found.status == "answer" and \
                len(found.texts) == 1 else None  # fmt: skip
            if concluded is not None and "".join(concluded.split()) != "".join(found.texts[0].split()):
                found = replace(found, forms=(*found.forms, concluded))  # Answer: 3. 4. / The answer is 3. So x = 4.
            if _REASON_AFTER.match(text, after, hi):  # The answer is (A), as it is not true that ...: a reason (MMLU-Pro
                after = min(_sentence_end(text, after, _math_spans(text, after, hi)), hi)  # asks which is NOT true)
            if _taken_back(text, after, hi) and not (restate and _restated(text, after, hi, found.texts)):
                # The answer is (A) 5. Or maybe (B) 6.  The answer is 5. Hmm, no, that's not right.
                return Extraction("none", rule="an alternative or a retraction follows the stated answer",
                                  span=(phrase.start(), hi))  # fmt: skip
            if _DISOWNED.search(text, after, hi):  # The problem asks: "Show that the answer is 5." I could not.
                return Extraction("none", rule=_DISOWNS, span=(phrase.start(), hi))
            if len(found.texts) == 1 and _denied_by_name(text, after, hi, found.texts[0]):
                return Extraction("none", rule=_DENIED_BY_NAME, span=(phrase.start(), hi))
            prior = phrases[-1] if phrases else None
            if prior is not None and found.status == "answer" and \
                    not _SENTENCE_BREAK.search(text, prior.end(), phrase.start()) and \
                    not re.search(r"(?i)correct|right|actual|true", phrase.group()):  # fmt: skip
                first = _after_phrase(text, prior.end(), phrase.start(), rule, foreign, prior.start())
                leading = _VALUE_THEN_JOIN.fullmatch(text, first.span[0], phrase.start()) if first.status == "answer" and \
                    len(first.texts) == len(found.texts) == 1 else None  # fmt: skip
                values = [_value(leading.group(1)), _value(found.texts[0].strip(" $"))] if leading else []
                if len(values) == 2 and None not in values and values[0] != values[1]:
                    # The answer is 3, and the answer is 4.: two answers stated in one sentence, never the last alone
                    return Extraction("none", rule="one sentence states two different answers",
                                      span=(prior.start(), found.span[1]))  # fmt: skip
            return _undoubled(found)
    if boxes:
        group = [boxes[-1]]
        for box in reversed(boxes[:-1]):
            if _CONNECTOR.fullmatch(text, box[1], group[-1][0]) or (
                    _LABELLED_NEXT.fullmatch(text, box[1], group[-1][0]) and _LABELLED_BOX.search(text, max(lo, box[0] - 48), box[0])) or (
                    _NAMED_NEXT.fullmatch(text, box[1], group[-1][0]) and _named_box(text, lo, box[0])):  # fmt: skip
                # $\theta = \boxed{\frac{3\pi}{2}}$，$f(\frac{2\pi}{3}) = \boxed{1}$: the blanks of a fill-in, each
                # labelled, on one line (one label per box: the answer of each); The maximum is \boxed{3}, and the minimum
                # is \boxed{1}.: each box the value of a thing named
                group.append(box)
            elif _counted_next(text, lo, box, group[-1][0]):
                group.append(box)
            else:
                break
        group.reverse()  # (appended from the last box back, then put in order: inserting each first is quadratic)
        written = [c for c in (_unbox(undouble(c).strip()) for _, _, c in group) if c]
        contents = list(dict.fromkeys(written))
        span = (group[0][0], group[-1][1])
        earlier = [b for b in boxes if b[1] <= group[0][0]]
        if earlier and _HEDGE_BETWEEN.match(text, earlier[-1][1], group[0][0]):
            # \boxed{3}, maybe \boxed{4}: a hedge between two answers, never a list of them nor the last alone
            return Extraction("none", rule="a hedge between the last two boxes", span=(earlier[-1][0], span[1]))
        added = _unbox(undouble(earlier[-1][2]).strip()) if earlier and len(contents) == 1 and \
            (_ADDED_BEFORE.search(text, max(earlier[-1][1], group[0][0] - 80), group[0][0]) or
             _ADDED_AFTER.match(text, span[1], hi)) else None  # fmt: skip
        if added is not None and _two_values(added, contents[0]):
            # \boxed{3}. Also \boxed{4} works. / (Another valid answer: \boxed{4}): a second answer offered beside the
            # first, never the last alone (a correction, Then the final answer is \boxed{4}, still replaces it)
            return Extraction("none", rule="another answer offered beside an earlier box", span=(earlier[-1][0], span[1]))
        if not contents:  # \boxed{} (a base model repeating its instructions): nothing is stated in it
            return Extraction("none", rule="the last box is empty", span=span)
        form = _another_form(text, span[1], hi) if len(contents) == 1 else None
        forms, after = ((form[0],), form[1]) if form else ((), span[1])  # \boxed{\frac12} (or $0.5$)
        if added is not None and "".join(added.split()) != "".join(contents[0].split()):
            # \boxed{\pi}. Also \boxed{3}. / \boxed{\frac12}. Also \boxed{0.5}.: the earlier box is another form of the
            # answer, credited only if it equals the gold too (one value written twice is; a hedge never is)
            forms = (*forms, added)
        concluded = _concluded_after(text, after, hi) if len(contents) == 1 and restate else None
        if concluded is not None and "".join(concluded.split()) != "".join(contents[0].split()):
            forms = (*forms, concluded)  # \boxed{3}. Therefore $x = 4$.: credited only if 4 is the gold too
        if _taken_back(text, after, hi) and not (restate and _restated(text, after, hi, contents)):
            # \boxed{5} Wait, actually it should be 6.  \boxed{5} is wrong.
            return Extraction("none", rule="an alternative or a retraction follows the last box", span=(span[0], hi))
        if _DISOWNED.search(text, after, hi):  # Example format: \boxed{5}\n\nI was unable to solve the problem.
            return Extraction("none", rule=_DISOWNS, span=(span[0], hi))
        if _denied_by_name(text, after, hi, contents[0]):  # \boxed{(2,3)} Note that $(2,3)$ is not actually a solution.
            return Extraction("none", rule=_DENIED_BY_NAME, span=(span[0], hi))
        if _extended(text, contents[-1], after, hi):  # \boxed{(2, 3, 3)} and its permutations: the box is not all
            return Extraction("none", rule="words after the last box add to it (and its permutations, in any order)",
                              span=(span[0], hi))  # fmt: skip
        closed = _MATH_CLOSERS.match(text, span[1], hi)
        before = text[max(lo, span[0] - 80) : span[0]]
        if len(group) > 1 and (_BOX_QUESTION.match(text, closed.end() if closed else span[1], hi)
                               or _BOX_BOUND.search(before) or _ROW_HEDGED.search(before)):  # fmt: skip
            # \boxed{2}, \boxed{3}? / Not \boxed{2}, \boxed{3}. / maybe \boxed{2} and \boxed{3} / \boxed{3}, \boxed{3}?:
            # a row of boxes asked about, denied or hedged (one box alone: _embedded)
            return Extraction("none", rule="the boxes are asked about, denied or hedged", span=(span[0], hi))
        rest_at = closed.end() if closed else span[1]
        rest = text[rest_at:hi].rstrip()
        line_at = rest.rfind("\n")  # (before that last line, the rest of the boxes' line, or lines with no digit)
        chosen = _PICKED_LINE.fullmatch(rest, line_at + 1) if len(written) == len(contents) == 2 and line_at >= 0 and \
            ("\n" not in rest[:line_at] or not re.search(r"\d", rest[:line_at])) and \
            not _pick_doubted(text, lo, group, rest_at + line_at) else None  # fmt: skip
        picked = [c for c in contents if chosen is not None and ("".join(c.split()) == chosen.group(1) or
                  _value(c) is not None and _value(c) == _value(chosen.group(1)))]  # fmt: skip
        if len(picked) == 1:
            # \boxed{15} novelists and \boxed{9} poets.\n15 (MathCoder's last block, the answer it gives): the value
            # the response picks from its two boxes, a plain number alone on the last line (never after words of
            # their sentence that judge or hedge them: _pick_doubted)
            picked_box = next(b for b in group if _unbox(undouble(b[2]).strip()) == picked[0])
            return Extraction("answer", (picked[0],), "boxed", (picked_box[0], picked_box[1]))
        if len(contents) > 1:  # (boxes in a row keep a value written twice, \boxed{2}, \boxed{3}, \boxed{3}: a
            # root with its multiplicity, counted against a reference that repeats it; the same box alone is one)
            return Extraction("several", tuple(written), "several boxes", span)
        # (one box alone; a box stated before with the same content is the answer whatever the last one's context:
        # ... is \boxed{5}. Is it possible to get fewer than \boxed{5}?)
        stated = any(_unbox(undouble(c).strip()) == contents[0] for _, _, c in earlier)
        if earlier and not stated and _BOX_CASE.search(text, max(lo, span[0] - 300), span[0]):
            # Case 1: \boxed{5}. Case 2: \boxed{6}. / ..., otherwise it is \boxed{6}. / Alternatively, ... \boxed{6}:
            # the last box answers another case than the one before it (two answers, none stated)
            return Extraction("none", rule="the last box answers another case or an alternative to a box before it: "
                              "several answers, none stated", span=(earlier[-1][0], span[1]))  # fmt: skip
        around = _embedded(text, lo, hi, span[0], span[1], contents[0]) if len(group) == 1 and not stated else None
        if around is not None:  # -\boxed{3}, \boxed{3}\pi, \frac{1}{\boxed{3}}, not \boxed{3}, Is it \boxed{3}?
            return replace(around, forms=forms) if around.status == "answer" else around
        words = _TEXT_BOX.fullmatch(contents[0])
        said = words.group(1) if words else contents[0]
        yes_no = _yes_no(said)
        if yes_no and _prose(said) and _plain_yes_no(yes_no.group(1), said[yes_no.end() :]):
            # \boxed{\text{No, it is not possible}} (Omni-MATH's responses): the word; never with a hedge or a
            # retraction after it (\boxed{\text{Yes, or maybe not}}), which the marker path refuses too
            return Extraction("answer", (yes_no.group(1),), "boxed", span, forms)
        return Extraction("answer", (contents[0],), "boxed", span, forms)
    if found_boxes and not boxes:
        return Extraction("none", rule="every box is empty", span=(found_boxes[-1][0], found_boxes[-1][1]))
    if _cut_off(text, lo, hi):
        return Extraction("none", rule="the response ends inside math it never closes (cut off)", span=(lo, hi))
    body = text[lo:hi]
    hashed = _HASHED.fullmatch(body)
    if hashed and not _prose(hashed.group(1)) and not re.search(r"(?<![\\A-Za-z])[A-Za-z]{2,}", hashed.group(1)):
        # "# 18": ZeroEval's GSM8K golds, one hash for GSM8K's #### (a value, no words: never a heading)
        return Extraction("answer", (_strip_math(hashed.group(1).strip()),), "####",
                          (lo + hashed.start(1), lo + hashed.end(1)))  # fmt: skip
    # a short line (a text answer: Evelyn, no solution); scripts written without spaces are measured by their
    # characters and their clause marks (，。：)
    short = "\n" not in body.strip() and len(body.split()) <= 6 and len(body.strip()) <= 60 \
        and not re.search(r"[，。：；！？、।]", body) and not _CJK_STATES.search(body)  # fmt: skip
    # (a short line that concludes with an = states its answer: Thus x = 3. is read by rule 6, never as text)
    # (and so does one with a number: Therefore, she has 3 apples. is read by the final-sentence rule, never as text)
    concludes = ("=" in body or re.search(r"\d", body) is not None) and _CONCLUDING.match(body) is not None
    one_line = body.strip()
    if "\n" not in one_line and len(one_line.split()) <= 12 and _DISOWNED.match(one_line) and \
            not re.search(r"\d|\$|\\", one_line):  # fmt: skip
        # I could not determine the answer. (the whole reply, or all of it after a thought): it says it has none
        return Extraction("none", rule="the response says it could not solve the problem", span=(lo, hi))
    if "\n" not in one_line and len(one_line) <= 200 and _LET_ASSIGNED.fullmatch(one_line):
        # Let x = 5. (the whole reply): a value supposed, as in a final sentence
        return Extraction("none", rule="the final sentence supposes its value or gives someone else's", span=(lo, hi))
    labelled = _LABELLED_VALUE.fullmatch(body) if short and not _math_spans(body) else None
    if labelled and _prose(labelled.group(1)) and not _NOT_A_TOTAL.search(labelled.group(1)) and \
            not _LABEL_DOUBTS.search(labelled.group(1)) and not _JUDGED.search(labelled.group(1)) and \
            not _UNMARKED_HEDGE.search(labelled.group(1)) and not _INEXACT.search(labelled.group(1)) and \
            re.search(r"\d", labelled.group(2)) and (not _prose(labelled.group(2).replace("$", "")) or
                                                     _one_number(body, labelled.start(2), labelled.end(2))):  # fmt: skip
        # Angle of inclination = 60 degrees (TheoremQA's Alpaca replies), Total = 48 legs: a value named in words, alone
        return Extraction("answer", (labelled.group(2),), "whole", (lo + labelled.start(2), lo + labelled.end(2)))
    colon = _RESULT_LABELLED.fullmatch(body) if short and "\n" not in body.strip() else None
    label = colon.group("label") if colon else ""
    if colon and re.search(r"\d", colon.group("value")) and not _prose(colon.group("value").replace("$", "")) and \
            not _NOT_A_TOTAL.search(label) and not _LABEL_DOUBTS.search(label) and not _JUDGED.search(label) and \
            not _UNMARKED_HEDGE.search(label) and not _INEXACT.search(label) and \
            not re.search(r"(?i)(?<![A-Za-z])(?:so[ \t]+far|guess\w*|estimat\w*|wrong|upper|lower|min\w*|max\w*|approx\w*|check\w*|"
                          r"initial\w*|before|after|expected|target|bound)(?![A-Za-z])", label):  # fmt: skip
        # Total: 18, Total cost: $18 (alone, or a list item's content: 1. Total: 18): a result named, then its value
        return Extraction("answer", (_strip_math(colon.group("value")),), "whole", (lo + colon.start("value"), lo + colon.end("value")))
    one = body.strip()
    if short and not concludes and _prose(one) and one[-1:] in (".", "!") and not one.endswith("..") and \
            re.search(r"\d", one) and not _math_spans(body):  # fmt: skip
        # Wayne will spend $7.60. (PromptPG's GPT-3 answers: the whole response one short sentence): read as the
        # final sentence it is, a statement of one number, before its words are read as a text answer
        start, end = _last_sentence(text, lo, _closing_start(text, lo, hi))
        said = _statement(text, start, end, "final sentence") if not text[lo:start].strip() else None
        if said is not None and said.status == "answer":
            return _undoubled(said)
    # (lines of working, then a last line that is a value in bold alone: that line, as after prose; 29 + 28 = 57 then
    # **57**)
    bold_last = "\n" in one and _BOLD_WHOLE.fullmatch(one.rsplit("\n", 1)[1].strip()) is not None
    if not bold_last and (not _prose(body) or (short and not _math_spans(body) and not _SENTENCE_WORDS.search(body) and
                                               not concludes) or
                          spelled_number(body) is not None or said_in_scale_words(body) is not None):  # fmt: skip
        # (ninety six thousand three hundred twenty one, 1 billion 2 million 5 thousand and 7: a number, in words)
        stripped = body.strip(" ")
        start = lo + body.find(stripped[:1]) if stripped else lo
        bold = _BOLD_WHOLE.fullmatch(stripped.strip())
        if bold:  # **4**, __4__: the whole answer in Markdown bold is its content
            start, stripped = start + stripped.find(bold.group("v")), bold.group("v")
        if re.match(r"[~∼]\s?\d", stripped) and "\\" not in stripped and "$" not in stripped:
            # ~5 (the whole reply, in plain text): about 5, an approximation, as after a phrase (Answer: ~5)
            return Extraction("answer", (f"\\approx {stripped[1:].strip()}",), "whole", (start, start + len(stripped)))
        return _undoubled(Extraction("answer", (_strip_math(stripped),), "whole", (start, start + len(stripped))))
    closing = _closing_start(text, lo, hi)
    check = _check_after(text, lo, closing)
    if check is not None:  # Solving gives x = 3.\nCheck: when x = 3, 2×3+1 = 7.: the check after it states no answer
        closing = check
    emphasis = _EMPHASIS_AFTER_STOP.search(text, max(lo, closing - 12), closing)
    # (**You will save a total of $6.**: a final sentence set in bold whole ends at its full stop, not after the stars)
    start, end = _last_sentence(text, lo, emphasis.start() + 1 if emphasis else closing)
    if text[end : end + 1] in ("?", "？"):  # Is it $7$? Why would it be $7$? (asked, never stated)
        return Extraction("none", rule="the final sentence is a question", span=(start, end + 1))
    if not text[end:hi].strip() and _unfinished(text[start:end]):
        return Extraction("none", rule="the response ends inside an unfinished expression (cut off)", span=(start, end))
    line_start = text.rfind("\n", lo, start) + 1
    own = text.rfind("\n", start, end) if bold_last else -1
    if own >= 0:
        # 12 + 6 = 18\n**18** (one line break: the sentence holds both lines): a last line that is a value in bold alone,
        # the result of the working above, is read alone, as after a blank line (a bold line with words stays in its
        # sentence: So she has\n**18 apples**)
        line_end = text.find("\n", end, hi)
        line_end = hi if line_end < 0 else line_end
        alone = _BOLD_WHOLE.fullmatch(text[own + 1 : line_end].strip())
        # (only the value the line of working above ends with, written again: never after a word or a sign that
        # carries the sentence on, x >, 3 and, maybe, nor a list's label, **1.**, **(a)**)
        worked = re.search(r"=[^=\n]*?(\d[\d,]*(?:\.\d+)?)[ \t$]*\Z", text[text.rfind("\n", lo, own) + 1 : own])
        if alone and worked and not text[end:line_end].strip(" \t.!*_") and \
                alone.group("v").strip(" $").rstrip(".!").strip(" $") == worked.group(1):  # fmt: skip
            at = text.find(alone.group("v"), own)
            value = alone.group("v").rstrip(" .!")
            return _undoubled(Extraction("answer", (_strip_math(value),), "final sentence", (at, at + len(value))))
    last_line = _BOLD_WHOLE.fullmatch(text[max(lo, line_start) : end].strip() + text[end : end + 1].strip(".!"))
    if last_line and text[max(lo, line_start) : start].strip() == "" and \
            not re.search(r"[A-Za-z]{2,}|[=<>]", last_line.group("v")):  # fmt: skip
        # Work ... \n\n**3** (a last line that is a value in bold alone, no words: stated as the answer)
        at = text.find(last_line.group("v"), start)
        return _undoubled(Extraction("answer", (_strip_math(last_line.group("v")),), "final sentence",
                                     (at, at + len(last_line.group("v")))))  # fmt: skip
    total = _table_total(text, lo, closing)
    if total is not None:
        return _undoubled(Extraction("answer", (_strip_math(text[total[0] : total[1]]),), "final sentence", total))
    step = _STEP_LABEL.match(text, start, end)
    if step and re.search(r"\d", text[step.end() : end]):
        start = step.end()  # Step 3: Melanie has 83 dimes now. (the step's label is layout)
    verdict = _STATEMENT_HOLDS.fullmatch(text, start, end)
    if verdict:  # Therefore, the statement is true. (TheoremQA's true-or-false questions): the answer True
        return Extraction("answer", (verdict.group(1),), "final sentence", verdict.span(1))
    final = _statement(text, start, end, "final sentence")
    source = _without_digit_labels(text, start, end, always=True)[start:end] if _SOURCE_NOTE.match(text, start, end) \
        else ""  # fmt: skip
    if final.status == "none" and source and not _NOTE_STATES.search(source) and \
            not re.search(r"\d", _NOTE_DIGITS.sub(" ", source)):  # fmt: skip
        # Therefore, the COGS is $32,780 million. This information is found under "Total cost of revenue" ...
        # (FinanceBench's answers): a note on where the value comes from or how it was computed, which states none;
        # the concluding sentence before it states the answer (only a concluding one: never a step before a note)
        before_start, before_end = _last_sentence(text, lo, start, announced=False)
        before_note = _statement(text, before_start, before_end, "final sentence") \
            if _CONCLUSION.match(text, before_start, before_end) and before_end < start and \
            text[before_end : before_end + 1] not in ("?", "？") else final  # fmt: skip (never a question before it)
        if before_note.status == "answer":
            return _undoubled(before_note)
    return _undoubled(final)


# a final sentence that says where the value before it comes from or how it was computed, and nothing else (This
# information is found under ..., This is calculated by dividing ..., These figures are taken from the balance sheet.)
_SOURCE_NOTE = re.compile(r"(?i)[\s*#>-]*(?:this|these|the\s+(?:figure|value|number|amount|ratio|information|data)s?)"
                          r"(?:\s+(?:information|value|figure|number|amount|data|ratio)s?)?\s+(?:is|was|are|were|can\s+be|"
                          r"could\s+be|has\s+been|have\s+been)\s+(?:found|taken|reported|listed|shown|stated|located|obtained|"
                          r"derived|calculated|computed|presented|disclosed|sourced)\s+(?:in|from|under|on|by|using|via|"
                          r"through|at)(?![A-Za-z])")
# what makes such a note give a value, move or doubt the one before it, or make it a step (This is calculated by
# dividing 10 by 5 to get 2; This was shown to be false; reported for fiscal 2019 rather than 2021; shown in
# thousands; This is calculated first; next ...): word stems, so that incorrectly and errors count too
_NOTE_STATES = re.compile(
    r"(?i)[=≈→?]|->|\bi\.e\.|(?<![A-Za-z])(?:gives?|giving|get|gets|getting|got|yield\w*|obtain(?!ed)\w*|lead\w*|led|"
    r"produc\w*|result\w*|equal\w*|which|approx\w*|about|roughly|estimat\w*|round\w*|not|no|never|cannot|can't|"
    r"but|however|although|though|whereas|rather|instead|actually|wait|only|except|wrong\w*|incorrect\w*|erro\w*|"
    r"mistak\w*|false\w*|impossib\w*|contradict\w*|extraneous|invalid\w*|fail\w*|inaccura\w*|too|overstat\w*|"
    r"understat\w*|miscalc\w*|bug\w*|typo\w*|outdated|unreliab\w*|off|guess\w*|flaw\w*|question\w*|doubt\w*|"
    r"unsure|maybe|perhaps|re-?check\w*|double-?check\w*|correct\w*|revis\w*|updat\w*|restat\w*|amend\w*|later|"
    r"prior|previous\w*|first|next|then|step|follow\w*|segment\w*|hundreds|thousands|millions|billions|percent\w*|"
    r"basis|euros?|pounds?|yen|sign|limit|case|to\s+be|as\s+(?:\$|\d))(?![A-Za-z])|n't")
# the digits a note may hold: amounts in brackets, a date or a year, a filing's name, a table's or a page's number
_NOTE_DIGITS = re.compile(r"\([^()]{0,40}\)|\b10-[KQ]\b|\b(?:19|20)\d\d\b|"
                          r"(?i:\b(?:table|note|page|section|exhibit|item|schedule|part)\s+\d+)")


# a line that opens a check of the answer (Check:, **Verification:**, Double-check:, 检验：, 验证：), and what in the
# check concludes anew or judges (So x = 3., Therefore, ..., 所以, wrong)
_CHECK_OPENS = re.compile(rf"(?im)^[ \t>*#-]*(?:\*\*)?{_CHECK_LABEL}[ \t]*(?:\*\*)?[ \t]*[:：](?:\*\*)?")
_CHECK_CONCLUDES = re.compile(r"(?i)(?<![A-Za-z])(?:so|thus|therefore|hence|answer|final|wrong|incorrect|fails?|not|"
                              r"instead|correct(?:ion|ed)?|doesn't|does\s+not|mismatch\w*|redo\w*|recomput\w*|"
                              r"re-?solv\w*|oops|wait|but|actually|should|errors?|mistakes?|hmm+|giving|gives|now|then)"
                              r"(?![A-Za-z])|所以|因此|故|答|不符|重新|应为|應為|错|錯|不对|不對|修正|✗|❌|≠|\\neq|[<>]")


def _check_after(text: str, lo: int, hi: int) -> int | None:
    """Where a check that ends text[lo:hi] starts, else None: its label opens a line after a statement whose last
    number the check writes again (x = 3.\nCheck: when x = 3, 2×3+1 = 7.), nothing in it concludes anew, judges or
    corrects, and no paragraph follows it; the answer is then the statement before it."""
    found = None
    for found in _CHECK_OPENS.finditer(text, lo, hi):  # noqa: B007 (the last one)
        continue
    if found is None or _CHECK_CONCLUDES.search(text, found.end(), hi) or \
            re.search(r"\n[ \t]*\n\s*\S", text[found.end() : hi].strip()):  # fmt: skip
        return None
    before = text[lo : found.start()].rstrip()
    numbers = re.findall(r"\d+(?:\.\d+)?", before[before.rfind("\n") + 1 :])
    if not numbers or not re.search(rf"(?<![\d.]){re.escape(numbers[-1])}(?!\d|\.\d)", text[found.end() : hi]):
        return None  # (We solve 2x+1=7.\nCheck: x = 3 ✓: the check holds the only answer)
    return found.start()


# a concluding final sentence that says the statement asked about holds or fails, and nothing more
_STATEMENT_HOLDS = re.compile(r"(?i)(?:(?:thus|hence|so|therefore|consequently)\s*(?:,\s*)?)?(?:the|this)\s+(?:given\s+|original\s+)?"
                              r"(?:statement|claim|assertion|argument|proposition)\s+is\s+(true|false)\s*")


# what no finished sentence ends with: a binary operator, a relation or a comma (\frac{5}{6} - \frac, a - b +)
_DANGLING = re.compile(r"(?:[-+/=^×÷·,<>≤≥]|\\(?:cdot|times|div|pm|mp|le|ge|leq|geq|neq|frac|sqrt|log|ln|sin|cos|tan|"
                       r"left|right|int|sum|prod|lim)(?![A-Za-z]))\s*$")


def _unfinished(sentence: str) -> bool:
    """Whether the last sentence of a response, with no full stop after it, stops inside an expression: a brace, a
    bracket or a ``\\left`` it opened and never closed, or a dangling operator (a model cut off by its token limit:
    ``\\frac{2 \\cdot 5``, ``$f'(x``, ``(100/99)^2 × 1.216 ×``). Such a fragment is no answer, never unparsed math."""
    plain = re.sub(r"\\[{}()\[\]]", " ", sentence)  # \{ \} and the math delimiters \( \) \[ \] are no brackets
    lefts, rights = (len(re.findall(rf"\\{word}(?![A-Za-z])", sentence)) for word in ("left", "right"))  # not \\leftarrow
    if plain.count("{") > plain.count("}") or lefts > rights:
        return True
    if plain.count("(") + plain.count("[") > plain.count(")") + plain.count("]"):
        return True
    closing = re.search(r"</([A-Za-z][\w-]{0,30})\s{0,3}>\s*$", sentence)
    if closing and re.search(rf"<{re.escape(closing.group(1))}\s{{0,3}}>", sentence):
        return False  # (<result>5</result>: a tag closed, never a dangling >)
    return _DANGLING.search(sentence) is not None


def _cut_off(text: str, lo: int, hi: int) -> bool:
    """A response that stops inside a display or inline math it opened (``\\[`` after the last ``\\]``, an odd
    number of ``$$``): cut off by a token limit, its final sentence a fragment (``= \\frac{-``)."""
    body = text[lo:hi]
    for opener, closer in (("\\[", "\\]"), ("\\(", "\\)")):
        if body.rfind(opener) > body.rfind(closer):
            return True
    return body.replace("\\$", "  ").count("$$") % 2 == 1  # (an escaped sign is none: $\$$2500 is $2500)


# the first cell of a Markdown table's last row that totals it (Total, **Grand total**, Total cost, Sum, Answer)
_TOTAL_CELL = re.compile(r"(?i)(?:grand\s+)?total(?:\s+[a-z]+){0,3}|sum|(?:final\s+)?answer")


def _table_total(text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """Where the value of a Markdown table's total row lies, when that row ends the response (``| **Total** | | **$12**
    |``: $12): its first cell names a total, the cells between are empty or dashes, and its last cell is one value;
    None otherwise (a row of several values, Total | 5 | 7 | 12, totals several things)."""
    tail = text[lo:hi].rstrip()
    row_start = lo + tail.rfind("\n") + 1
    row = text[row_start : lo + len(tail)]
    if not (row.lstrip().startswith("|") and row.rstrip().endswith("|")) or \
            not re.search(r"(?m)^[ \t]*\|?[ \t]*:?-{3,}", text[max(lo, row_start - 4000) : row_start]):  # fmt: skip
        return None  # (a table: a separator row, |---|, before its last row)
    table = row_start
    while table > lo:  # (the table's first row: its lines run up from the last one)
        previous = text.rfind("\n", lo, table - 1) + 1
        if not text[previous : table].lstrip().startswith("|"):
            break
        table = previous
    before = text[lo:table].rstrip()
    if before and not before.endswith(":") and not before[before.rfind("\n") + 1 :].lstrip().startswith("#"):
        return None  # (Her change is **$29**. then a table of what she bought: the table's total is no answer)
    cells = [(m.start(1), m.end(1)) for m in re.finditer(r"\|([^|\n]*)(?=\|)", row)]
    clean = [re.sub(r"^[\s*_]+|[\s*_]+$", "", row[a:b]) for a, b in cells]
    if len(cells) < 2 or not _TOTAL_CELL.fullmatch(clean[0].rstrip(":")) or \
            any(c.strip("-—–") for c in clean[1:-1]) or not re.search(r"\d", clean[-1]) or _prose(clean[-1]):  # fmt: skip
        return None
    a, b = cells[-1]
    inner = row[a:b]
    offset = inner.find(clean[-1])
    return row_start + a + offset, row_start + a + offset + len(clean[-1])


def _undoubled(found: Extraction) -> Extraction:
    if found.status == "none":
        return found
    return Extraction(found.status, tuple(undouble(t) for t in found.texts), found.rule, found.span,
                      tuple(undouble(t) for t in found.forms))  # fmt: skip
