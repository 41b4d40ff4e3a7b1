"""Peg solitaire's memory budgets are shares of what the process may still take
(tests/test_limits.py checks where that comes from)."""

from __future__ import annotations

from puzzlelab import limits
from puzzlelab.pegs import census_common
from puzzlelab.pegs import count as pegs_count

GB = 1024**3


def test_the_census_and_a_count_level_take_their_shares_of_the_headroom(monkeypatch):
    monkeypatch.setattr(limits, "memory_headroom", lambda: 3 * GB)
    assert census_common.census_memory() == 3 * GB // 2
    assert pegs_count.level_memory() == min(GB, pegs_count.LEVEL_MEMORY_CAP)
    monkeypatch.setattr(limits, "memory_headroom", lambda: 3 * 1024**2)
    assert census_common.census_memory() == 3 * 1024**2 // 2
    assert pegs_count.level_memory() == 1024**2
