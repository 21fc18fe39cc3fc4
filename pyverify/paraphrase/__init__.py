"""The eight paraphrase families F1–F8 (definitions in ``families/*.toml``) and English rendering."""

from pyverify.paraphrase._english import Style, claim_words
from pyverify.paraphrase._families import Family, Paraphrase, canonical_text, families, paraphrases

__all__ = ["Family", "Paraphrase", "Style", "canonical_text", "claim_words", "families", "paraphrases"]
