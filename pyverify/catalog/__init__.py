"""The theorem catalog (``formal/theorems``), the benchmark build and FormInv import."""

from pyverify.catalog._load import CatalogError, Sibling, Theorem, load_catalog

__all__ = ["CatalogError", "Sibling", "Theorem", "load_catalog"]
