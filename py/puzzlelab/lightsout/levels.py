"""The Lights Out ladder: boards whose fewest presses grow, 3x3 up to Enlight's 10x10 and beyond.

Each level is a board drawn uniformly among those whose fewest solution has
exactly the step's presses (:func:`generate.random_with_presses`), from a
seed fixed by the level's number, so every build ships the same ladder. Its
par is the solver's proven fewest presses for that board.
"""

from __future__ import annotations

import random

from puzzlelab.levels import Ladder, Level
from puzzlelab.lightsout.generate import random_with_presses
from puzzlelab.lightsout.solve import solve

#: (side, presses) per level, in order: a first win in one press, then more
#: presses and larger boards, the fewest never going down.
STEPS: tuple[tuple[int, int], ...] = (
    (3, 1), (3, 2), (3, 3), (3, 4), (3, 5),
    (4, 5), (4, 6),
    (5, 7), (5, 9), (5, 11), (5, 13),
    (6, 13), (6, 16),
    (7, 16), (7, 20),
    (8, 20), (8, 24),
    (9, 24), (9, 28),
    (10, 30), (10, 36), (10, 42), (10, 50),
    (12, 60), (15, 80),
)


def ladder() -> Ladder:
    """The Lights Out levels, each with its proven fewest presses as par."""
    levels = []
    for number, (side, presses) in enumerate(STEPS, 1):
        board, exact = random_with_presses(side, side, presses, random.Random(number * 1009 + side))
        solution = solve(board)
        if not (exact and solution.proven_fewest and solution.press_count):
            raise ValueError(f"Lights Out level {number}: the fewest presses are not proven")
        game = board.game_id
        # The win card's fewest and the first hint, shipped: known before Python starts.
        asks = ({"cmd": "lightsout.solve", "game": game, "press_list": False},
                {"cmd": "lightsout.hint", "game": game})
        levels.append(Level(game, solution.press_count, f"{side}x{side}", asks))
    return Ladder("presses", tuple(levels))
