"""The binary puzzle ladder: 4x4 up to 14x14, and the sparsest puzzles of the fewest-clues search.

Each size comes easy, then medium, then hard, as the generator grades them
(:mod:`puzzlelab.binairo.rating`), from seeds fixed by the level's number, so
every build ships the same ladder; at 6x6 and 8x8, where every grid was
searched, a puzzle with the fewest clues possible closes the size (the first
class of ``binairo/data/sparse-NxN.z`` at the minimum, its one solution
found again by the solver). Par is the cells to fill: the empty cells of the
start, each placed once in a flawless game.
"""

from __future__ import annotations

from puzzlelab.binairo import sparse_deals
from puzzlelab.binairo.generator import generate_steps
from puzzlelab.binairo.grid import Grid
from puzzlelab.jobs import finish
from puzzlelab.levels import Ladder, Level

#: (side, difficulty) per level, in order; "fewest": the sparsest puzzle of the size.
STEPS: tuple[tuple[int, str], ...] = (
    (4, "easy"), (4, "medium"),
    (6, "easy"), (6, "medium"), (6, "hard"), (6, "fewest"),
    (8, "easy"), (8, "medium"), (8, "hard"), (8, "fewest"),
    (10, "medium"), (10, "hard"),
    (12, "medium"), (12, "hard"),
    (14, "medium"), (14, "hard"),
)
#: Seeds tried per level before the build gives up on a difficulty.
SEEDS_TRIED = 50


def sparsest(n: int) -> Grid:
    """The first puzzle of the n x n fewest-clues file with the fewest clues possible."""
    fewest, entries = sparse_deals.catalogue(n)
    grid, givens = next((g, c) for g, c in entries if c.bit_count() == fewest)
    return sparse_deals.checked_deal(n, grid, givens)


def graded(n: int, difficulty: str, number: int) -> Grid:
    """A puzzle graded ``difficulty``, from the first of the level's seeds that makes one."""
    for seed in range(number * 1000, number * 1000 + SEEDS_TRIED):
        puzzle, rating = finish(generate_steps(n, n, difficulty, seed))
        if rating.difficulty == difficulty:
            return puzzle
    raise ValueError(f"binary puzzle level {number}: no {difficulty} {n}x{n} puzzle turned up")


def ladder() -> Ladder:
    """The binary puzzle levels, each with its cells to fill as par."""
    levels = []
    for number, (n, difficulty) in enumerate(STEPS, 1):
        puzzle = sparsest(n) if difficulty == "fewest" else graded(n, difficulty, number)
        label = f"{n}x{n} " + ("sparsest" if difficulty == "fewest" else difficulty)
        game = puzzle.game_id
        hint = {"cmd": "binairo.hint", "game": game}  # the first hint, shipped
        levels.append(Level(game, n * n - puzzle.clue_count, label, (hint,)))
    return Ladder("digits", tuple(levels))
