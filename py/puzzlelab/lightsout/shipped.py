"""What the web build answers once with Python for Lights Out, so the page shows it at once.

The build (``buildtools/shipped.py``) asks every family's ``shipped`` module
for these; see :func:`puzzlelab.families.shipped` for what each name means.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: A first visit deals one of these random solvable 5x5 boards, picked at
#: random in the page (web/puzzles/lightsout/board.mjs), so that first
#: visitors do not all meet the same one; each ships with its first hint.
FIRST_DEALS: tuple[dict[str, Any], ...] = tuple(
    {"cmd": "lightsout.new", "rows": 5, "cols": 5, "seed": seed} for seed in range(1, 21)
)

#: The daily puzzle's dealing request as the board sends it (dailyPuzzle() in
#: web/puzzles/lightsout/board.mjs) without its seed, and the request whose
#: answer the page's rules give for a game ID.
DAILY: tuple[dict[str, Any], str] = (
    {"cmd": "lightsout.new", "rows": 5, "cols": 5, "random": True, "difficulty": "medium"},
    "lightsout.load",
)


def first_hints(answer: Callable[[dict[str, Any]], dict[str, Any]]) -> list[dict[str, Any]]:
    """The hint a person may ask before any move on each first deal (``answer``
    gives Python's result for a request)."""
    return [{"cmd": "lightsout.hint", "game": answer(dict(deal))["game"]} for deal in FIRST_DEALS]
