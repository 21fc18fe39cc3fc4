"""The formalization prompt and the lenient reading of a model's answer.

The prompt states the claim language briefly (the grammar's quantifiers, hypotheses, operators, and the
functions and predicates the parser knows, read from :mod:`pyverify.logic`), shows a few worked examples
from the theorem catalog (English text and its statement, picked deterministically), then the statement to
formalize and ``Claim:``. The answer is model output, so it is untrusted text: :func:`extract_claim` only
cuts one line out of it; that line is only ever handed to :func:`pyverify.logic.parse`.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from pyverify.logic import FUNCTIONS, PREDICATES

#: How many catalog examples a prompt shows.
EXAMPLES = 4
#: Longest answer line handed to the parser (the parser's own limit is larger; nothing useful is longer).
MAX_CLAIM_CHARS = 4_000


@dataclass(frozen=True)
class Example:
    """One worked example of the prompt."""

    english: str
    """The statement in English."""
    claim: str
    """Its statement in the claim language."""


#: Used when the catalog cannot be read (it is data others edit): statements the parser accepts.
FALLBACK_EXAMPLES = (
    Example("Every prime number is greater than 1.", "forall p : N, assume prime(p), p > 1"),
    Example("The square of a real number is never negative.", "forall x : R, x^2 >= 0"),
    Example("For all integers a and b, a divides a times b.", "forall a b : Z, a | a*b"),
    Example("There is an even prime.", "exists n : N, prime(n) and even(n)"),
)

_ARGS = {1: "x", 2: "a, b"}


def grammar_summary() -> str:
    """The claim language in a few lines (functions and predicates as the parser knows them)."""
    functions = sorted({canon: arity for arity, canon in FUNCTIONS.values()}.items())
    predicates = sorted(PREDICATES.items())
    fn = " ".join(f"{name}({_ARGS.get(arity, 'x')})" for name, arity in functions)
    pred = " ".join(f"{name}({_ARGS.get(arity, 'x')})" for name, arity in predicates)
    return "\n".join([
        "The claim language:",
        "- Quantifiers come first: 'forall x y : N,' or 'exists n : Z,' (sorts N, Z, Q, R; 2x2 matrices Mat2(Q)).",
        "- Hypotheses follow the quantifiers: 'assume A,' (one per hypothesis), then the conclusion.",
        "- Arithmetic: + - * / ^ (power), n! (factorial), |x| (absolute value), a | b (a divides b).",
        f"- Functions: {fn}; sums: sum(k, lo, hi, body).",
        f"- Predicates: {pred}.",
        "- Relations: = != < <= > >=.",
        "- Connectives: not, and, or, -> (implies), <-> (if and only if); parentheses group.",
    ])  # fmt: skip


@lru_cache(maxsize=1)
def catalog_examples() -> tuple[Example, ...]:
    """Every catalog theorem with an English text, in a fixed order (by the SHA-256 of its id), or the
    built-in examples when the catalog cannot be read."""
    try:
        from pyverify.catalog._load import load_catalog

        theorems = load_catalog()
    except Exception:  # the catalog is data edited by others: a broken file must not stop formalization
        return FALLBACK_EXAMPLES
    usable = [t for t in theorems if t.english.strip() and t.text.strip()]
    usable.sort(key=lambda t: hashlib.sha256(t.id.encode()).hexdigest())
    # one theorem per domain first, so the examples cover different parts of the language
    picked, domains = [], set()
    for theorem in usable:
        if theorem.domain not in domains:
            domains.add(theorem.domain)
            picked.append(Example(theorem.english.strip(), theorem.text.strip()))
    rest = [Example(t.english.strip(), t.text.strip()) for t in usable]
    return tuple(picked + [e for e in rest if e not in picked]) or FALLBACK_EXAMPLES


def choose_examples(avoid: Sequence[str] = (), count: int = EXAMPLES) -> tuple[Example, ...]:
    """``count`` examples, leaving out any whose statement is one of ``avoid`` (the item's own theorem,
    which would hand the model its answer)."""
    banned = {_squash(text) for text in avoid}
    return tuple(e for e in catalog_examples() if _squash(e.claim) not in banned)[:count]


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def prompt(statement: str, examples: Sequence[Example]) -> tuple[tuple[str, str], ...]:
    """The chat messages asking for one claim that says what ``statement`` says."""
    shown = "\n\n".join(f"Statement: {e.english}\nClaim: {e.claim}" for e in examples)
    text = (
        "Write the mathematical statement below as ONE claim in a formal claim language.\n\n"
        f"{grammar_summary()}\n\n"
        f"Examples:\n\n{shown}\n\n"
        'If the statement is a question ("Is it true that ...?"), write the claim it asks about. '
        "Answer with the claim alone on one line after 'Claim:'.\n\n"
        f"Statement: {' '.join(statement.split())}\nClaim:"
    )
    return (("user", text),)


_THINK = re.compile(r"<think>.*?(</think>|$)", flags=re.S | re.I)
_STATEMENT_PREFIX = re.compile(r"^\s*(\*\*)?statement(\*\*)?\s*:", flags=re.I)
_CLAIM_PREFIX = re.compile(r"^\s*(\*\*)?claim(\*\*)?\s*:\s*(\*\*)?", flags=re.I)


def extract_claim(answer: str) -> str | None:
    """The claim line of a model's answer, or None when there is none.

    Lenient: thinking blocks and code fences are dropped, and so is everything from a line starting
    ``Statement:`` on (a new example the model made up); the first line that starts with ``Claim:`` wins,
    else the first non-empty line; a leading ``Claim:``, surrounding backticks or ``$`` and a final period
    are stripped. The line is never cut: a line longer than :data:`MAX_CLAIM_CHARS` is refused by the
    caller as unparseable (cutting it could turn nonsense into a claim)."""
    visible = _THINK.sub("", answer)
    lines = [line.strip() for line in visible.splitlines()]
    lines = [line for line in lines if line and not line.startswith("```")]
    # a completion model that answered goes on to invent the next worked example: what follows a
    # line starting "Statement:" is not its answer
    cut = next((i for i, line in enumerate(lines) if i and _STATEMENT_PREFIX.match(line)), len(lines))
    lines = lines[:cut]
    if not lines:
        return None
    chosen = next((line for line in lines if _CLAIM_PREFIX.match(line)), lines[0])
    claim = _CLAIM_PREFIX.sub("", chosen, count=1).strip()
    claim = claim.strip("`$").strip()
    if claim.endswith(".") and not claim.endswith(".."):
        claim = claim[:-1].rstrip()
    return claim or None
