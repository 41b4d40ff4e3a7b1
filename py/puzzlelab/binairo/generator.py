"""The generator: a good puzzle of a chosen difficulty, reproducible from a seed.

A random complete grid loses clues (:mod:`puzzlelab.binairo.clues`) and is
rated (:mod:`puzzlelab.binairo.rating`); the first of up to 40 attempts rated
as asked, without needing a search, is the answer.
"""

from __future__ import annotations

import random

from puzzlelab.binairo.clues import minimize_steps
from puzzlelab.binairo.grid import Grid, check_shape
from puzzlelab.binairo.rating import DIFFICULTIES, Rating, rate_steps
from puzzlelab.binairo.solver import random_solution_steps
from puzzlelab.jobs import Progress, Steps
from puzzlelab.notation import PuzzleError


def generate_steps(rows: int, cols: int, difficulty: str, seed: int) -> Steps[tuple[Grid, Rating]]:
    """A good puzzle whose rating is ``difficulty``, reproducible from ``seed``."""
    check_shape(rows, cols)
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(f"Unknown difficulty {difficulty!r}; use easy, medium or hard.")
    rng = random.Random(seed)
    attempts = 40
    best: tuple[Grid, Rating] | None = None
    for attempt in range(attempts):
        yield Progress(attempt, attempts, "Generating")
        solution = yield from random_solution_steps(rows, cols, rng)
        full = Grid.from_masks(rows, cols, solution, [~o & ((1 << cols) - 1) for o in solution])
        # Clues that propagation alone can spare go first (a cheap test); only the
        # few left need the search-based uniqueness test of "hard".
        puzzle = yield from minimize_steps(full, rng,
                                           "medium" if difficulty == "hard" else difficulty)
        if difficulty == "hard":
            puzzle = yield from minimize_steps(puzzle, rng, "hard")
        rating = yield from rate_steps(puzzle)
        if rating.difficulty == difficulty and not rating.needs_search:
            return puzzle, rating
        if best is None or (difficulty == "hard" and rating.difficulty == "hard"):
            best = (puzzle, rating)
    assert best is not None
    return best
