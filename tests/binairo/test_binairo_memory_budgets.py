"""The binary puzzle's count budget is a share of what the process may still take
(tests/test_limits.py checks where that comes from)."""

from __future__ import annotations

from puzzlelab import limits
from puzzlelab.binairo import count as binairo_count

GB = 1024**3


def test_a_count_takes_half_the_headroom_up_to_its_cap(monkeypatch):
    monkeypatch.setattr(limits, "memory_headroom", lambda: 3 * 1024**2)
    assert binairo_count.memory_limit() == float(3 * 1024**2 // 2)
    monkeypatch.setattr(limits, "memory_headroom", lambda: 10**6 * GB)
    assert binairo_count.memory_limit() == float(binairo_count.MEMORY_CAP)
