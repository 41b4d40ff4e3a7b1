"""Light chasing on the classic board (cross, walls, on/off): the fastest solver.

Once the first row's presses are fixed every later row's are forced, so a
board is solved by a system of ``cols`` unknowns, built with whole-matrix
shifts and eliminated once per shape (:func:`_shape_steps`, cached); each
board then costs two chases.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.lightsout import gf2
from puzzlelab.lightsout.board import Board, _transpose_packed, check_shape


@dataclass(frozen=True)
class _Shape:
    """Everything about one board shape that does not depend on the lights."""

    elimination: gf2.Elimination
    quiet_patterns: tuple[int, ...]


def _row_step(row: int, mask: int) -> int:
    """``T row``: each cell plus its left and right neighbour, within one row."""
    return row ^ ((row << 1) & mask) ^ (row >> 1)


def _chase(first: int, lights_rows: list[int], width: int) -> list[int]:
    """Presses row by row from first-row presses: rows ``0..len(lights_rows)``.

    Row r + 1 is forced to clear what rows r - 1, r, r + 1 leave lit in row r.
    The last entry is the "row below the board": zero iff the board is solved.
    """
    mask = (1 << width) - 1
    previous, current = 0, first
    presses = [first]
    for lights in lights_rows:
        previous, current = current, lights ^ _row_step(current, mask) ^ previous
        presses.append(current)
    return presses


def _join_rows(row_bits: list[int], width: int) -> int:
    total = 0
    for row in reversed(row_bits):
        total = (total << width) | row
    return total


#: The latest classic shapes, by (height, width) (a dict keeps insertion order).
_SHAPES: dict[tuple[int, int], _Shape] = {}
SHAPES_KEPT = 16


def _shape(height: int, width: int) -> _Shape:
    """:func:`_shape_steps` to the end (cached)."""
    return finish(_shape_steps(height, width))


def _shape_steps(height: int, width: int) -> Steps[_Shape]:
    """Eliminate the chase matrix of a ``height`` x ``width`` board (width <= height).

    ``M_r`` (how first-row presses drive row r's presses) obeys
    ``M_{r+1} = T M_r + M_{r-1}`` with ``M_0 = I``. Packing M as one int,
    row i at bits ``i*width``, applies T to all columns at once with two
    shifts; ``M_height`` is the system for the row below the board. With
    reports: on 1000x1000 the recurrence and the elimination take a fifth of
    a second natively, which went without one.
    """
    key = (height, width)
    if key in _SHAPES:
        return _SHAPES[key]
    row_mask = (1 << width) - 1
    full = (1 << width * width) - 1
    previous = 0
    current = sum(1 << (i * width + i) for i in range(width))
    for r in range(height):
        if due():
            yield Progress(r, height, "Chasing the lights")
        following = current ^ ((current << width) & full) ^ (current >> width) ^ previous
        previous, current = current, following
    system = [(current >> (i * width)) & row_mask for i in range(width)]
    elimination = yield from gf2.eliminate_steps(system, width)
    zero_rows = [0] * height
    quiet = []
    for seed in elimination.kernel():
        if due():
            yield Progress(len(quiet), width - elimination.rank, "Building the quiet patterns")
        quiet.append(_join_rows(_chase(seed, zero_rows, width)[:height], width))
    shape = _SHAPES[key] = _Shape(elimination, tuple(quiet))
    while len(_SHAPES) > SHAPES_KEPT:
        del _SHAPES[next(iter(_SHAPES))]  # the oldest
    return shape


_shape.cache_clear = _SHAPES.clear  # type: ignore[attr-defined]  # as for lru_cache


def _solve_classic(board: Board) -> Steps[tuple[int | None, tuple[int, ...], int | None]]:
    height, width = board.rows, board.cols
    shape = yield from _shape_steps(height, width)
    row_mask = (1 << width) - 1
    light_rows = [(board.lights >> (r * width)) & row_mask for r in range(height)]
    below = _chase(0, light_rows, width)[-1]
    first = shape.elimination.solve(below)
    if first is None:
        # The press matrix is symmetric, so its quiet patterns are also its
        # left kernel: the certificate of unsolvability.
        odd = [q for q in shape.quiet_patterns if (q & board.lights).bit_count() & 1]
        return None, shape.quiet_patterns, min(odd, key=int.bit_count)
    presses = _join_rows(_chase(first, light_rows, width)[:height], width)
    return presses, shape.quiet_patterns, None


def _classic_quiet(rows: int, cols: int) -> tuple[int, ...]:
    """The quiet patterns of a classic board of this shape, in its orientation."""
    quiet = _shape(max(rows, cols), min(rows, cols)).quiet_patterns
    if cols > rows:
        flipped = Board(cols, rows)
        quiet = tuple(_transpose_packed(q, flipped) for q in quiet)
    return quiet


def kernel_dimension(rows: int, cols: int) -> int:
    """The dimension of the quiet-pattern space of a ``rows`` x ``cols`` board."""
    check_shape(rows, cols)
    height, width = max(rows, cols), min(rows, cols)
    return len(_shape(height, width).quiet_patterns)
