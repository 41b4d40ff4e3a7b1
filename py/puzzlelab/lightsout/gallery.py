"""The gallery: for every cell, the board with only that light on, solved."""

from __future__ import annotations

from puzzlelab.jobs import Progress, Steps, due
from puzzlelab.lightsout import gf2
from puzzlelab.lightsout.board import Board, _cell_bits
from puzzlelab.lightsout.costs import GALLERY_SEARCHES, check_cost, gallery_cost
from puzzlelab.lightsout.solve import solve_steps
from puzzlelab.lightsout.variant import Variant
from puzzlelab.notation import PuzzleError

MAX_GALLERY_CELLS = 900


def gallery_steps(rows: int, cols: int, variant: Variant) -> Steps[list[dict[str, object]]]:
    """For every cell, the board with only that light on: solvable, and its presses
    (fewest where provable). The pictures of the Enlight seed, for any rules."""
    size = rows * cols
    if size > MAX_GALLERY_CELLS:
        raise PuzzleError(
            f"The gallery shows one board per cell, up to {MAX_GALLERY_CELLS} cells; "
            f"this board has {size}."
        )
    check_cost("The gallery of", rows, cols, variant, gallery_cost)
    bits = _cell_bits(variant.states)
    entries = []
    # All the searches together get GALLERY_SEARCHES times one solve's budget.
    budget = max(1, GALLERY_SEARCHES * gf2.DEFAULT_WORK_BUDGET // size)
    for cell in range(size):
        if due():
            yield Progress(cell, size, "Solving the single-light boards")
        single = Board(rows, cols, 1 << (bits * cell), variant)
        solution = yield from solve_steps(single, work_budget=budget)
        entries.append({
            "row": cell // cols,
            "col": cell % cols,
            "solvable": solution.solvable,
            "proven_fewest": solution.proven_fewest,
            "presses": [list(p) for p in solution.press_cells()],
        })
    return entries
