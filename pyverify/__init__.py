"""pyverify: audit mathematical claims and measure how language models behave on them.

Subpackages (bottom to top): ``logic`` (the claim language), ``certify`` (deciding claims and
equivalences). Importing ``pyverify`` loads nothing heavy; engines load on use.
"""

__version__ = "0.1.0"
