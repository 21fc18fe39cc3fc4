"""The records of final answers: a parsed ``Answer`` and the ``AnswerCertificate`` of a comparison."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

from pyverify.logic._ast import Node

Kind = Literal["number", "expression", "equation", "interval", "union", "set", "tuple", "list", "matrix", "text",
               "choice", "base", "congruence", "relation", "approx", "unparsed", "ambiguous", "no_answer"]  # fmt: skip
AnswerStatus = Literal["equal", "different", "unknown", "undefined", "no_answer"]

#: Exit codes of ``pyverify equiv-answer`` (bad input is 2 and an internal error 4, as everywhere in the CLI).
ANSWER_EXIT_CODES = {"equal": 0, "different": 1, "bad_input": 2, "unknown": 3, "undefined": 6, "no_answer": 7}
#: The value of a number read with a percent sign written after its box (``\\boxed{20}\\%``): a percentage compared
#: under the percent policy 'unit' whatever the policy (the box holds the percentage); "%" marks any other.
PERCENT_AFTER_BOX = "% after the box"


@dataclass(frozen=True)
class Answer:
    """A final answer as an exact object built from claim-language terms (pyverify.logic nodes).

    Terms may also use answer-only calls the claim language lacks: ``pi()``, ``e()``, ``infinity()``,
    ``root(n, x)`` (the n-th root), ``sin cos tan cot sec csc arcsin arccos arctan ln exp`` and
    ``logb(b, x)``; ``pm(a, b)`` (an ``Op``) is a ± that :func:`expand_pm` turns into two values.
    """

    kind: Kind
    """number (a constant), expression (a term in variables), equation, interval, union, set, tuple,
    list (comma-separated solutions, or several boxed answers), matrix, text (``value``: the normalized words of
    ``\\text{Evelyn}``), choice (``value``: the letter of ``(C)``), base (``value``: ``52_8``; ``terms``: its
    value), congruence (``terms``: residue, modulus), relation (an ordering of terms that is not a set of reals:
    ``terms`` and ``value``, the relations between them), approx (``\\approx 3``: ``terms``: the value),
    unparsed (outside the grammar: ``reason`` says why), ambiguous (text with more than one reading, such as a
    decimal comma ``0,111``, and no option choosing one: ``reason`` names the readings) or no_answer (the
    extraction policy found no final answer: ``reason`` says why)."""
    terms: tuple[Node, ...] = ()
    """number / expression: the term; equation: (lhs, rhs); interval: (lo, hi)."""
    items: tuple[Answer, ...] = ()
    """The members of a union, set, tuple or list, in the order written."""
    rows: tuple[tuple[Node, ...], ...] = ()
    """The entries of a matrix, row by row."""
    closed: tuple[bool, bool] = (False, False)
    """Interval only: whether the left and the right endpoint belong to it."""
    reason: str = ""
    """Unparsed and ambiguous only: why the text is outside the grammar or its limits, or which readings it has."""
    value: str = ""
    """text, choice, base and relation only: what is compared besides the terms (see ``kind``); a tuple written
    ``(m, n) = (4, 2)``: the names of its positions, ``m,n``."""
    text: str = field(default="", compare=False)
    """The text that was parsed (after extraction and clean-up)."""
    rule: str = field(default="", compare=False)
    """The extraction rule that took the answer from the text given (``boxed``, ``final answer``, ``whole``, ...:
    see :data:`pyverify.answers.EXTRACTION_RULES`)."""
    span: tuple[int, int] = field(default=(0, 0), compare=False)
    """Where the extracted answer lies in the text given."""
    unit: str = field(default="", compare=False)
    """The unit stated after the quantity (``5\\text{ cm}``: ``cm``), normalized (:func:`pyverify.answers._units.normalize`);
    empty when none is stated, or several different ones. Compared when both answers state one (``UNIT_RULE``)."""
    condition: str = field(default="", compare=False)
    """A condition the answer is stated under (``x(t) = 1 - e^{-t} \\text{ for } t > 0``: ``t > 0``); empty when none
    is stated. An answer equal everywhere is equal; a difference found may lie outside the condition (unknown)."""
    forms: tuple[Answer, ...] = field(default=(), compare=False)
    """Candidate only: the same answer written again right after it (``\\boxed{\\frac12}`` (or ``$0.5$``)); an
    answer is credited only when each of its forms equals the reference too (``\\boxed{3}`` (or 4) is no answer)."""
    product: str = field(default="", compare=False)
    """A number, a space and a unit phrase read as a quantity (``5 m``), or a lowercase option read as a choice (``(a)
    \\sqrt{b}``): the same text read as a product of letters (``5 \\cdot m``, ``(a)\\cdot \\sqrt{b}``), which the
    comparison also tries before calling two answers different or leaving them unknown (``5m`` is ``5 m``)."""
    unscaled: str = field(default="", compare=False)
    """A number with a scale word (``12.22 million``, read as 12,220,000): the same text without it (``12.22``), which
    the comparison tries when the answers differ: equal so, they are unknown (a question may ask in millions)."""
    slash_readings: tuple[Answer, ...] = field(default=(), compare=False)
    """A slash with two readings: the answer as the grammar reads it, then as it reads with a product written right
    after a slash as the denominator (``1/2x`` as ``1/(2x)``, never ``(1/2)x``), then with the exponent 1 right
    before a slash and a numeral as a fraction (``x^1/2`` as ``x^(1/2)``, never ``x/2``), then with a percent sign
    after a numeral after a slash on the quotient (``1/2\\%`` as half a percent, never 50), each the answer itself
    where it reads the same (see ``pyverify.answers._grammar.SLASH_READINGS``), when one of these differs from the
    first; the comparison gives a verdict only when each reading gives it (a person means either). Empty otherwise."""
    convention: str = field(default="", compare=False)
    """Why the answer's commas between digits were read as decimal commas, from the response it was taken from
    (``Ответ: 1,72`` in Cyrillic prose); empty when the default reading or the caller's ``decimal_comma`` applied."""


@dataclass(frozen=True)
class AnswerCertificate:
    """The verdict of comparing a candidate answer with a reference answer."""

    status: AnswerStatus
    """equal, different (with a witness), unknown (with a reason; never a verdict), undefined (an answer has no
    value) or no_answer (the extraction policy found no final answer in the candidate or the reference)."""
    method: str
    """What decided it: ``rational``, ``algebraic`` (minimal polynomial), ``interval-arithmetic`` (arb),
    ``symbolic`` (sympy simplification), ``claim`` (pyverify.certify.decide), ``structure``, ``tolerance``,
    or ``none``."""
    witness: dict[str, Any] | None = None
    """For different: the exact nonzero difference, a point, an element or an entry that tells them apart."""
    policy: str = "exact"
    """The comparison policy: ``exact``, or ``tolerance=T`` when a numeric tolerance was allowed."""
    reason: str | None = None
    """For unknown (and unparsed input): why."""
    seconds: float = 0.0
    """Wall-clock time spent."""
    reference: str = ""
    """The reference answer's text as parsed."""
    candidate: str = ""
    """The candidate answer's text as parsed."""
    conditions: tuple[str, ...] = ()
    """Definedness conditions an ``equal`` between expressions relied on (equal where defined)."""
    extraction: dict[str, Any] = field(default_factory=dict)
    """For the reference and the candidate: the extraction rule that fired and the span it took."""

    def to_dict(self) -> dict[str, Any]:
        # shallow (the witness and extraction dicts are copied one level): a trainer builds one per completion,
        # and dataclasses.asdict's deep copy was a sixth of a reward's time
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["conditions"] = list(self.conditions)
        data["witness"] = dict(self.witness) if self.witness is not None else None
        data["extraction"] = {k: dict(v) for k, v in self.extraction.items()}
        return data
