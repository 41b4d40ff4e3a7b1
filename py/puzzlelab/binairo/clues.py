"""Clue removal: whether a puzzle is good, and taking givens away while it stays so.

:func:`minimize` removes givens in random order while the puzzle keeps one
solution (and, if asked, stays within the easy or medium rules);
:func:`fewest_clues_steps` repeats that from random orders for a time budget.
"""

from __future__ import annotations

import random

from puzzlelab.binairo.grid import Grid
from puzzlelab.binairo.lines import bit_positions
from puzzlelab.binairo.rating import solves_with
from puzzlelab.binairo.solver import LineState, search_steps, solutions, solutions_steps
from puzzlelab.jobs import Progress, Steps, due, finish, work_clock
from puzzlelab.notation import PuzzleError


def is_good(grid: Grid) -> bool:
    """Exactly one solution (givens only)."""
    return len(solutions(grid.puzzle(), 2)) == 1


def _keeps_steps(puzzle: Grid, strongest: str, removed: tuple[int, int, int]) -> Steps[bool]:
    if strongest in ("easy", "medium"):
        return solves_with(puzzle, strongest)
    # The puzzle had one solution before the clue went, so any other solution
    # now must put the other digit there: good iff that is impossible.
    r, c, value = removed
    state = LineState(puzzle.rows, puzzle.cols, puzzle.ones, puzzle.zeros)
    state.set(r, c, 1 - value)
    found: list[list[int]] = []
    yield from search_steps(state, 1, found, None)
    return not found


def minimize(grid: Grid, rng: random.Random, strongest: str = "hard") -> Grid:
    """Remove givens in random order while the puzzle stays good (and within ``strongest``)."""
    return finish(minimize_steps(grid, rng, strongest))


def minimize_steps(grid: Grid, rng: random.Random, strongest: str = "hard") -> Steps[Grid]:
    """:func:`minimize`, pausing whenever a report is due (each clue costs a
    propagation or, for ``hard``, a search)."""
    puzzle = grid.puzzle()
    if strongest != "hard":
        good = solves_with(puzzle, strongest)
    else:
        good = len((yield from solutions_steps(puzzle, 2))) == 1
    if not good:
        raise PuzzleError("The puzzle is not good (it needs exactly one solution) to start with.")
    ones, zeros = list(puzzle.given_ones), list(puzzle.given_zeros)
    cells = [(r, c) for r in range(grid.rows) for c in bit_positions(ones[r] | zeros[r])]
    rng.shuffle(cells)
    for r, c in cells:
        if due():
            yield None
        bit = 1 << c
        saved = ones[r], zeros[r]
        value = ones[r] >> c & 1
        ones[r] &= ~bit
        zeros[r] &= ~bit
        kept = yield from _keeps_steps(Grid.from_masks(grid.rows, grid.cols, ones, zeros),
                                       strongest, (r, c, value))
        if not kept:
            ones[r], zeros[r] = saved
    return Grid.from_masks(grid.rows, grid.cols, ones, zeros)


def fewest_clues_steps(grid: Grid, seed: int, budget: float) -> Steps[tuple[Grid, int]]:
    """Greedy removal from random orders for ``budget`` seconds; the fewest clues found.

    Progress is the share of the budget spent (0 of 0 on the first, unbounded try).
    """
    rng = random.Random(seed)
    start = work_clock()  # this job's time: others' steps between its own do not count
    yield Progress(0, 0, "Removing clues")
    best = yield from minimize_steps(grid, rng)
    tries = 1
    while work_clock() - start < budget:
        spent = min(work_clock() - start, budget)
        yield Progress(spent, budget, f"Fewest so far: {best.clue_count}")
        candidate = yield from minimize_steps(grid, rng)
        tries += 1
        if candidate.clue_count < best.clue_count:
            best = candidate
    return best, tries
