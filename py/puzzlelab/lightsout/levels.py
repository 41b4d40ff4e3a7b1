"""The Lights Out ladder: boards whose fewest presses grow, 3x3 up to Enlight's 10x10 and beyond.

Each level is a board drawn uniformly among those whose fewest solution has
exactly the step's presses (:func:`generate.random_with_presses`), from a
seed fixed by the level's number, so every build ships the same ladder. Its
par is the solver's proven fewest presses for that board.

After the 6x6 boards a short section changes the rules (the variants of
:mod:`variant`): a press reaches the king's eight neighbours, then the four
diagonal ones, then the board wraps round its edges. Their sides and presses
sit where the climb already is (6x6 and 7x7 at 16 presses), so the ladder
still never goes down; each level's game ID carries its rules, which the
page says on its first line.
"""

from __future__ import annotations

import random

from puzzlelab.levels import Ladder, Level
from puzzlelab.lightsout.generate import random_with_presses
from puzzlelab.lightsout.solve import solve
from puzzlelab.lightsout.variant import CLASSIC, Variant

#: The variant section's rules, by the name its levels' labels give them.
VARIANTS: dict[str, Variant] = {
    "king": Variant("king"),
    "diagonal": Variant("diagonal"),
    "wrapped": Variant(wrap=True),
}

#: (side, presses) per level, or (side, presses, variant) for the variant
#: section, in order: a first win in one press, then more presses and larger
#: boards, the fewest never going down.
STEPS: tuple[tuple[int, int] | tuple[int, int, str], ...] = (
    (3, 1), (3, 2), (3, 3), (3, 4), (3, 5),
    (4, 5), (4, 6),
    (5, 7), (5, 9), (5, 11), (5, 13),
    (6, 13), (6, 16),
    (6, 16, "king"), (6, 16, "diagonal"), (7, 16, "wrapped"),
    (7, 16), (7, 20),
    (8, 20), (8, 24),
    (9, 24), (9, 28),
    (10, 30), (10, 36), (10, 42), (10, 50),
    (12, 60), (15, 80),
)


def ladder() -> Ladder:
    """The Lights Out levels, each with its proven fewest presses as par."""
    levels = []
    classic = 0  # a classic level's seed: its number without the variants (they change no game)
    for number, (side, presses, *named) in enumerate(STEPS, 1):
        if named:
            variant, seed = VARIANTS[named[0]], f"{named[0]} {side} {presses}"
        else:
            classic += 1
            variant, seed = CLASSIC, classic * 1009 + side
        board, exact = random_with_presses(side, side, presses, random.Random(seed), variant)
        solution = solve(board)
        if not (exact and solution.proven_fewest and solution.press_count):
            raise ValueError(f"Lights Out level {number}: the fewest presses are not proven")
        game = board.game_id
        # The win card's fewest and the first hint, shipped: known before Python starts.
        asks = ({"cmd": "lightsout.solve", "game": game, "press_list": False},
                {"cmd": "lightsout.hint", "game": game})
        label = f"{side}x{side}" + (f" {named[0]}" if named else "")
        levels.append(Level(game, solution.press_count, label, asks))
    return Ladder("presses", tuple(levels))
