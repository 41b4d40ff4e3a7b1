"""A saved game as a board writes it (PuzzleBoard.snapshot()), for the
puzzles' test facts (``random_saved_game``) and tests/test_saved_game.py."""

from __future__ import annotations

import random
from typing import Any


def saved_snapshot(path: list[tuple[str, int | None]], rng: random.Random,
                   start: str | None) -> dict[str, Any]:
    """The snapshot of a game played along ``path`` (game IDs with their move
    counts, None where the board counts none) with a random number of its
    last steps undone: the game on screen, its undo history and its redo
    steps (the last pushed first), and ``start`` when the board keeps one."""
    at = rng.randint(0, len(path) - 1)

    def entry(game: str, moves: int | None) -> dict[str, Any]:
        return {"game": game} if moves is None else {"game": game, "moves": moves}

    snapshot = {**entry(*path[at]), "history": [entry(*p) for p in path[:at]],
                "future": [entry(*p) for p in reversed(path[at + 1:])]}
    if start is not None:
        snapshot["start"] = start
    return snapshot
