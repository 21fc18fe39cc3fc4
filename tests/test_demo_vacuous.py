"""The showcase table shows a vacuous claim as vacuous, in its own colour, with the conditions nothing satisfies."""

from __future__ import annotations

from typing import Any

import pytest

from pyverify import _demo


def test_a_vacuous_claim_is_shown_as_vacuous(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    rows = [("vacuous", "forall x : Q, x > 1 -> x < 0 -> x = 7"), ("certified", "forall x : Q, x + 0 = x")]
    monkeypatch.setattr(_demo, "load_showcase", lambda path=None: rows)
    assert _demo.run_demo(5.0, as_json=False) == 0
    out = capsys.readouterr().out
    assert "vacuous" in out and "no point satisfies" in out and "2/2 answers as expected" in out
