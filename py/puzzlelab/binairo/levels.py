"""The binary puzzle ladder: 4x4 up to 14x14, and the sparsest puzzles of the fewest-clues search.

Each size comes easy, then medium, then hard, as the generator grades them
(:mod:`puzzlelab.binairo.rating`), from a seed fixed per level, so every
build ships the same ladder (the seeds of the large sizes were picked once
among the first few for a quick build: a 14x14 hard puzzle takes the
generator from under a second to several, by seed); at 6x6 and 8x8, where every grid was
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

#: (side, difficulty, first seed) per level, in order; "fewest": the sparsest puzzle of the size.
STEPS: tuple[tuple[int, str, int], ...] = (
    (4, "easy", 1), (4, "medium", 1),
    (6, "easy", 1), (6, "medium", 1), (6, "hard", 1), (6, "fewest", 0),
    (8, "easy", 1), (8, "medium", 1), (8, "hard", 1), (8, "fewest", 0),
    (10, "medium", 1), (10, "hard", 6),
    (12, "medium", 1), (12, "hard", 5),
    (14, "medium", 3), (14, "hard", 8),
)
#: Seeds tried per level before the build gives up on a difficulty.
SEEDS_TRIED = 50


def sparsest(n: int) -> Grid:
    """The first puzzle of the n x n fewest-clues file with the fewest clues possible."""
    fewest, entries = sparse_deals.catalogue(n)
    grid, givens = next((g, c) for g, c in entries if c.bit_count() == fewest)
    return sparse_deals.checked_deal(n, grid, givens)


def graded(n: int, difficulty: str, first_seed: int) -> Grid:
    """A puzzle graded ``difficulty``, from the first seed from ``first_seed`` on that makes one."""
    for seed in range(first_seed, first_seed + SEEDS_TRIED):
        puzzle, rating = finish(generate_steps(n, n, difficulty, seed))
        if rating.difficulty == difficulty:
            return puzzle
    raise ValueError(f"no {difficulty} {n}x{n} puzzle came from seeds {first_seed} on")


def ladder() -> Ladder:
    """The binary puzzle levels, each with its cells to fill as par."""
    levels = []
    for n, difficulty, seed in STEPS:
        puzzle = sparsest(n) if difficulty == "fewest" else graded(n, difficulty, seed)
        label = f"{n}x{n} " + ("sparsest" if difficulty == "fewest" else difficulty)
        game = puzzle.game_id
        hint = {"cmd": "binairo.hint", "game": game}  # the first hint, shipped
        levels.append(Level(game, n * n - puzzle.clue_count, label, (hint,)))
    return Ladder("digits", tuple(levels))
