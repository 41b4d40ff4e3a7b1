"""What the web build answers once with Python for peg solitaire, so the page shows it at once.

The build (``buildtools/shipped.py``) asks every family's ``shipped`` module
for these; see :func:`puzzlelab.families.shipped` for what each name means.
Peg solitaire deals nothing at random (its daily puzzle is the board list in
turn, which its rules module answers), so it declares no deals and no daily.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def first_hints(answer: Callable[[dict[str, Any]], dict[str, Any]]) -> list[dict[str, Any]]:
    """The hint a person may ask before any move on the page's default board:
    the English board, goal at the centre (``answer`` is not needed here)."""
    from puzzlelab.pegs.position import standard_start

    return [{"cmd": "pegs.hint", "grid": standard_start("english").grid, "goal": None}]
