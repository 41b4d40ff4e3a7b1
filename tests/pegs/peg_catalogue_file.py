"""The shipped catalogue of single-vacancy peg problems, as the tests read it.

``web/puzzles/pegs/catalogue.json`` is computed by tools/peg_catalogue.py and
shipped with the build; the page reads it for the par of a game, its table of
problems and the shortest solutions. The tests read it here, with no code of
the page's: which boards it holds is the file's to say, so a test asks
``problem(...)`` and expects no par where the answer is None.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

CATALOGUE = Path(__file__).resolve().parents[2] / "web" / "puzzles" / "pegs" / "catalogue.json"


@functools.cache
def catalogue() -> dict[str, Any]:
    """The file's JSON."""
    return json.loads(CATALOGUE.read_text())


Cell = tuple[int, int]


def problem(board: str, start: Cell, finish: Cell | None) -> dict[str, Any] | None:
    """The problem of ``board`` with ``start`` empty and the last peg at ``finish``
    (None: anywhere), or None when the file does not hold it."""
    entry = catalogue()["boards"].get(board)
    if entry is None:
        return None
    want = (list(start), None if finish is None else list(finish))
    return next((p for p in entry["problems"] if (p["start"], p["finish"]) == want), None)


def par(board: str, start: Cell, finish: Cell | None) -> int | None:
    """The proven fewest moves of that problem, or None (not in the file, or unsolvable)."""
    found = problem(board, start, finish)
    return None if found is None else found["fewest_moves"]


def players_moves(jumps: list) -> int:
    """Moves as players count them, counted here apart from the page: a new move
    whenever a jump's peg is not the one that just landed."""
    landed = [None, *(list(dst) for _, dst in jumps)]
    return sum(1 for i, (src, _) in enumerate(jumps) if landed[i] != list(src))
