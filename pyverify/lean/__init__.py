"""The bridge to Lean 4: export the catalog into ``lean_project/`` and check it with ``lake``."""

from pyverify.lean._check import LeanResult, check, toolchain
from pyverify.lean._export import export, lean_name

__all__ = ["LeanResult", "check", "export", "lean_name", "toolchain"]
