"""The named boards: their grids and titles, their usual games and their pagoda functions.

Plain data (no imports): :mod:`puzzlelab.pegs.position` reads the grids,
:mod:`puzzlelab.pegs.pruning` the pagoda functions.
"""

from __future__ import annotations

BOARD_GRIDS = {
    "english": "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--",
    "french": "--ooo--/-ooooo-/ooooooo/ooo.ooo/ooooooo/-ooooo-/--ooo--",
    "wiegleb": "---ooo---/---ooo---/---ooo---/ooooooooo/oooo.oooo/ooooooooo/"
    "---ooo---/---ooo---/---ooo---",
    "diamond": "----o----/---ooo---/--ooooo--/-ooooooo-/oooo.oooo/-ooooooo-/"
    "--ooooo--/---ooo---/----o----",
    "triangle": "./oo/ooo/oooo/ooooo",
}
BOARD_TITLES = {
    "english": "English (33 holes)",
    "french": "French / European (37 holes)",
    "wiegleb": "Wiegleb (45 holes)",
    "diamond": "Diamond (41 holes)",
    "triangle": "Triangle (15 holes)",
}
BOARDS = tuple(BOARD_GRIDS)
# The French and Diamond central games are impossible: with only the centre
# empty, the board is in another "rule of three" class than any single peg.
# Their usual games empty a hole above the centre and end at its mirror image
# below it (the empty hole and the final one, zero-based row,column).
CLASSIC_GAMES: dict[str, tuple[str, str]] = {"french": ("2,3", "4,3"), "diamond": ("2,4", "6,4")}

# Pagoda functions of the named boards, one weight per hole in reading order
# (their rotations and reflections are used too). Found by tools/peg_pagodas.py:
# linear programs that prove sampled dead positions of the central game dead.
# The solver checks each one's validity before use; they are valid for any
# start and goal, and prune where the goal holds more weight than a position.
PAGODAS: dict[str, tuple[tuple[int, ...], ...]] = {
    "english": (
        (-8, 0, -8, 8, 10, 8, -2, 2, 0, 2, 0, 2, -2, 4, 4, 8, 12, 8, 4, 4, -6, 6, 0, 6, 0, 6, -6,
         8, 6, 8, -8, 0, -8),
        (-2, 0, -2, 2, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 4, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4,
         2, -2, 0, -2),
        (0, 0, 0, 0, 4, 0, -4, 4, 0, 4, 0, 4, -4, 0, 0, 0, 0, 0, 0, 0, -4, 4, 0, 4, 0, 4, -4, 0,
         4, 0, 0, 0, 0),
        (0, 0, 0, 0, 2, 0, -2, 2, 0, 2, 0, 2, -2, 2, 4, 0, 4, 0, 4, 2, -4, 4, 0, 4, 0, 4, -4, 0,
         0, 0, 0, 4, 0),
        (0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0,
         0, 0, 0),
        # Found on the dead positions the verdict searches walk along random games.
        (-2, 4, -2, 2, 0, 2, -4, 4, 0, 4, 0, 4, -4, 0, 2, 2, 4, 2, 2, 0, -4, 4, 0, 4, 0, 4, -4, 2,
         4, 2, -2, 0, -2),
        (-12, 8, -4, 12, 8, 4, 0, 0, 0, 0, 0, 0, 0, 0, 12, 12, 8, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 12,
         8, 4, -12, 8, -4),
        (0, 0, 0, 1, 2, 0, -2, 3, 1, 2, 0, 2, -2, 0, 2, 2, 4, 0, 4, 0, -2, 2, 0, 2, 0, 2, -2, 2, 2,
         0, -2, 2, 0),
        (-4, 8, -12, 4, 8, 12, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 8, 12, 0, 12, 0, 0, 0, 0, 0, 0, 0, 4,
         8, 12, -4, 0, -4),
        (-6, 4, -2, 6, 4, 2, -8, 8, 0, 8, 0, 8, -8, 4, 4, 6, 4, 2, 2, 0, -12, 12, 0, 12, 2, 10, -8,
         6, 6, 0, -6, 8, 2),
        (-4, 0, -4, 8, 4, 4, 0, 4, 4, 4, 0, 4, 0, 0, 12, 12, 8, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 12,
         8, 4, -12, 8, -4),
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0, 4, 0, 4, 0, 4, 4, 0, 4, 0, 4, 0, 0,
         0, 4, 0, 4),
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 0, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0,
         4, -4, 0, -4),
    ),
    # Found for the usual French and Diamond games (CLASSIC_GAMES): each proves
    # all of 6,150 dead positions sampled from what the verdict searches of 8
    # random games proved dead by search (the boards had none before).
    "french": (
        (-2, 4, -2, -2, 2, 0, 2, -2, -4, 4, 0, 4, 0, 4, -4, 0, 2, 2, 0, 2, 2, 0, -4, 4, 0, 4, 0, 4,
         -4, -2, 2, 0, 2, -2, -2, 4, -2),
    ),
    "diamond": (
        (-4, -4, 4, -4, -4, 4, 0, 4, -4, -4, 4, 0, 4, 0, 4, -4, -4, 4, 0, 4, 0, 4, 0, 4, -4, -4, 4,
         0, 4, 0, 4, -4, -4, 4, 0, 4, -4, -4, 4, -4, -4),
    ),
    # Found as the last English ones (the board had none before).
    "wiegleb": (
        (-48, 0, -48, 48, 9, 48, 0, 9, 0, 0, 24, 24, 48, 0, 48, 0, 48, -48, 48, 24, 24, 15, 9, 6,
         4, 2, 2, -48, 48, 0, 48, 6, 46, 0, 46, -46, 0, 4, 0, 48, 2, 46, -48, 2, -46),
        (0, 8, -8, 2, 6, 8, 2, 2, 0, -4, 4, 0, 4, 4, 8, 0, 8, -8, 4, 4, 1, 5, 6, 0, 6, 0, 6, -8, 8,
         0, 8, 0, 8, 0, 8, -8, 0, 6, 0, 8, 6, 8, -8, 0, -8),
        (-3, 0, -3, 3, 1, 3, 0, 1, 0, 3, 0, 3, 3, 0, 3, 0, 3, -3, 8, 5, 3, 2, 1, 1, 0, 1, 0, -5, 5,
         0, 5, 1, 4, 0, 4, -3, 0, 0, 0, 5, 1, 4, -5, 1, -4),
        (0, 0, 0, 0, 4, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0, 4, 0, 4, 0, 4, 0, 0, 0,
         0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 4, 0, 0, 0, 0),
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, -4, 4, 0, 4, 0, 4, 0, 4, -4, 2, 2, 0, 2, 0, 2, 0, 2, 2, -2,
         2, 0, 2, 0, 2, 0, 2, -2, 0, 0, 0, 2, 0, 2, -2, 0, -2),
        (6, 12, -6, 0, 6, 6, 6, 6, 0, -6, 6, 0, 6, 0, 6, 4, 2, 2, 0, 2, 2, 4, 6, 0, 6, 2, 4, -6, 6,
         0, 6, 6, 6, 6, 0, 6, 0, 0, 0, 6, 6, 6, -6, 0, -6),
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, -4, 4, 0, 4, 0, 4, 0, 4, -4, 0, 0, 0, 0, 0, 0, 0, 0, 0, -4,
         4, 0, 4, 0, 4, 0, 4, -4, 4, 0, 4, 0, 0, 0, 4, 0, 4),
        (-12, 0, -12, 12, 4, 12, 0, 4, 0, 0, 6, 6, 12, 8, 12, 0, 12, -12, 12, 6, 12, 0, 12, 0, 12,
         12, 0, -12, 12, 0, 12, 12, 12, 0, 12, -12, 0, 0, 0, 12, 12, 12, -12, 0, -12),
        # Found on the first moves of random games (tools/peg_pagodas.py wiegleb
        # --samples 0 --early 40): it proves a few early dead ends at once.
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, -4, 4, 0, 4, 0, 4, 0, 4, -4, 0, 0, 0, 0, 0, 0, 0, 0, 0, -4,
         4, 0, 4, 0, 4, 0, 4, -4, 0, 0, 0, 4, 0, 4, -4, 0, -4),
    ),
}
