"""The one error type of ``pyverify.metrics``."""

from __future__ import annotations


class MetricsError(ValueError):
    """Input the metrics cannot use: an unreadable or inconsistent run directory, or a bad option.

    The message names the offending path (and line) or option, so the CLI can print it as one line.
    """
