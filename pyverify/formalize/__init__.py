"""Natural-language statements to claims through a backend, each formalization certified (or refuted)
against the formal statement it should mean.

``formalize_items(items, backend, samples=k)`` returns one :class:`Formalization` per item to settle:
certified (every sample certified equivalent to the theorem), suspect (a formalization refuted against
every formal instance, with the witness) or needs_review (with the reason). ``apply_formalizations``
writes the outcome back into the items. Model output is only ever parsed, never evaluated.
"""

from pyverify.formalize._formalize import (
    Formalization,
    InstanceCheck,
    Sample,
    decide,
    formalize_items,
    is_settled,
    theorem_instances,
)
from pyverify.formalize._items import FormalizeError, apply_formalizations, load_items, summarize
from pyverify.formalize._prompt import Example, extract_claim, prompt

__all__ = [
    "Example", "Formalization", "FormalizeError", "InstanceCheck", "Sample", "apply_formalizations", "decide",
    "extract_claim", "formalize_items", "is_settled", "load_items", "prompt", "summarize", "theorem_instances",
]  # fmt: skip
