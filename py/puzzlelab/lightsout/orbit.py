"""The Enlight seed's question "what if you apply the solution to the
solution, again and again?": the orbit of a board under "take its solution".

On a shape without quiet patterns the press matrix ``A`` is invertible over
GF(2) and a board ``b``'s solution is ``A^-1 b``; taking the solution again
and again walks ``b, A^-1 b, A^-2 b, ...``, which comes back to ``b`` after as
many steps as pressing the lit cells (``b, A b, A^2 b, ...``) does. Every
board returns within the *order* of ``A``, the least ``m`` with ``A^m = I``:
the least common multiple of the orbit lengths of the single-light boards,
which span all boards.
"""

from __future__ import annotations

import math

from puzzlelab.lightsout.board import Board, _effect
from puzzlelab.lightsout.solve import solve

#: Boards up to this many cells get their orbit (a step is a solve).
MAX_ORBIT_CELLS = 400
#: Orbits are followed this far (pressing the lit cells is a few shifts a step).
MAX_ORBIT_STEPS = 100_000
#: The steps drawn, each a solve.
SHOWN_STEPS = 12


def _pressed(board: Board, lights: int) -> int:
    return _effect(lights, board.rows, board.cols, board.variant)


def _cycle_length(board: Board, start: int, limit: int) -> int | None:
    """The least m >= 1 with ``A^m start = start``, or None past ``limit`` steps."""
    current = start
    for step in range(1, limit + 1):
        current = _pressed(board, current)
        if current == start:
            return step
    return None


def press_matrix_order(board: Board) -> int | None:
    """The order of the shape's press matrix over GF(2) (the lcm of the
    single-light boards' orbit lengths), or None when past
    :data:`MAX_ORBIT_STEPS` steps in all."""
    order, budget = 1, MAX_ORBIT_STEPS
    for cell in range(board.size):
        length = _cycle_length(board, 1 << cell, budget)
        if length is None:
            return None
        budget -= length
        order = math.lcm(order, length)
    return order


def solution_orbit(board: Board) -> dict[str, object] | None:
    """The board's orbit under "take its solution": ``length`` (None when
    longer than :data:`MAX_ORBIT_STEPS`), the first :data:`SHOWN_STEPS` boards
    as grids (each the fewest-press solution of the one before, by the
    solver), the press matrix's ``order``, and ``why`` in words. None for
    boards it does not apply to (k states, more than :data:`MAX_ORBIT_CELLS`
    cells); a shape with quiet patterns gets only ``why``."""
    if board.states != 2 or board.size > MAX_ORBIT_CELLS:
        return None
    first = solve(board, fewest=False)
    if first.kernel_dimension:
        return {"length": None, "steps": [], "order": None, "why": (
            f"This shape has {first.kernel_dimension} independent quiet patterns, so its "
            "press matrix is not invertible: some boards have no solution and the others "
            "several, and \"take its solution\" is not one map. On shapes without quiet "
            "patterns every board comes back.")}
    length = _cycle_length(board, board.lights, MAX_ORBIT_STEPS) if board.lights else 1
    steps, current = [board.grid], board
    for _ in range(min(SHOWN_STEPS, length or SHOWN_STEPS)):
        presses = solve(current).presses
        assert presses is not None
        current = Board(board.rows, board.cols, presses, board.variant)
        steps.append(current.grid)
    order = press_matrix_order(board)
    shape = f"{board.rows}x{board.cols}"
    why = ("Taking the solution multiplies by the inverse of the press matrix A over GF(2) "
           "(the solution x of A x = b is A^-1 b), so the boards repeat exactly when pressing "
           "their lit cells again and again repeats. ")
    if order is not None:
        why += (f"On {shape} the least power of A that is the identity is A^{order}: every "
                f"{shape} board returns after a number of steps dividing {order}")
        why += "." if length is None else f", this one after {length}."
    else:
        why += f"The order of A on {shape} is beyond {MAX_ORBIT_STEPS:,} steps of counting."
    return {"length": length, "steps": steps, "order": order, "why": why}
