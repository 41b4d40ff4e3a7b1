"""Lights Out: the board, its game ID, and an exact GF(2) solver.

A board of ``rows`` x ``cols`` cells is an int whose bit ``r * cols + c`` is
lit cell (r, c). Pressing a cell toggles it and its four orthogonal
neighbours; presses commute and pressing twice undoes a press, so a solution
is a *set* of cells, and solving is the linear system ``A x = b`` over GF(2).

The solver does not eliminate all ``rows * cols`` unknowns (the seeds' way).
It uses light chasing: once the presses of one row are fixed, the presses of
the next row are forced (each lit cell must be cleared by the press below
it). So every press is an affine function of the first row's presses ``x``,
and the board is solved iff the row below the board comes out dark:
``M x = c``, a system with only ``cols`` unknowns. ``M`` depends only on the
board's shape; it is built with whole-matrix shifts (all columns at once, as
one big int) and eliminated once per shape and cached, so each further board
of that shape costs two chases and a few hundred popcounts.

The set of all solutions is one solution plus the span of the *quiet
patterns* (presses that change nothing). The fewest presses is the lightest
vector in that coset, searched exhaustively when the kernel is small enough.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache

from puzzlelab import gf2
from puzzlelab.jobs import Steps, finish
from puzzlelab.notation import (
    PuzzleError,
    bits_to_hex,
    bits_to_rows,
    hex_to_bits,
    parse_rows,
    rows_to_bits,
)

MAX_SIDE = 1000
GRID_MEANING = "1 for a lit cell and 0 for a dark one"
_GAME_ID = re.compile(r"(\d+)x(\d+):([0-9a-fA-F]*)")


def check_shape(rows: int, cols: int) -> None:
    """Reject shapes outside 1x1 .. MAX_SIDE x MAX_SIDE with a clear message."""
    for name, value in (("rows", rows), ("columns", cols)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise PuzzleError(f"The number of {name} must be a whole number.")
        if not 1 <= value <= MAX_SIDE:
            raise PuzzleError(
                f"A board needs 1 to {MAX_SIDE} {name}; {value} is out of range."
            )


@dataclass(frozen=True)
class Board:
    """A Lights Out position: its shape and the set of lit cells."""

    rows: int
    cols: int
    lights: int = 0

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read a game ID (``COLSxROWS:HEX``) or a plain grid (``101/010/101``)."""
        if not isinstance(text, str):
            raise PuzzleError("A Lights Out board must be given as text.")
        stripped = text.strip()
        match = _GAME_ID.fullmatch(stripped)
        if match:
            cols, rows = int(match[1]), int(match[2])
            check_shape(rows, cols)
            return cls(rows, cols, hex_to_bits(match[3], rows * cols))
        if ":" in stripped or "x" in stripped:
            raise PuzzleError(
                f"Not a Lights Out game ID or grid: {stripped[:40]!r}. A game ID looks like "
                "5x5:1f8c4a0 (columns x rows : hex); a grid like 101/010/101."
            )
        grid = parse_rows(stripped, "01", GRID_MEANING)
        check_shape(len(grid), len(grid[0]))
        return cls(len(grid), len(grid[0]), rows_to_bits(grid, "1"))

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.rows * self.cols

    @property
    def game_id(self) -> str:
        """The compact text form that round-trips exactly: ``COLSxROWS:HEX``."""
        return f"{self.cols}x{self.rows}:{bits_to_hex(self.lights, self.size)}"

    @property
    def grid(self) -> str:
        """The plain grid: rows of 0 and 1 joined by '/'."""
        return "/".join(bits_to_rows(self.lights, self.rows, self.cols))

    @property
    def lit(self) -> int:
        """How many lights are on."""
        return self.lights.bit_count()

    def press(self, row: int, col: int) -> Board:
        """The board after pressing cell (row, col)."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise PuzzleError(
                f"Cell ({row}, {col}) is outside the {self.rows}x{self.cols} board."
            )
        return self.apply(1 << (row * self.cols + col))

    def apply(self, presses: int) -> Board:
        """The board after pressing every cell in the bit set ``presses``."""
        return Board(self.rows, self.cols, self.lights ^ toggled_by(presses, self.rows, self.cols))

    def transposed(self) -> Board:
        """The mirror image in the main diagonal (rows become columns)."""
        return Board(self.cols, self.rows, transpose(self.lights, self.rows, self.cols))


@lru_cache(maxsize=64)
def _edge_masks(rows: int, cols: int) -> tuple[int, int, int]:
    """Masks of all cells, of all but column 0, and of all but the last column."""
    every = (1 << rows * cols) - 1
    column0 = sum(1 << (r * cols) for r in range(rows))
    return every, every ^ column0, every ^ (column0 << (cols - 1))


def toggled_by(presses: int, rows: int, cols: int) -> int:
    """The cells toggled by pressing the set ``presses``: ``A x`` in five shifts."""
    every, not_first, not_last = _edge_masks(rows, cols)
    return (
        presses
        ^ ((presses << 1) & not_first)
        ^ ((presses >> 1) & not_last)
        ^ ((presses << cols) & every)
        ^ (presses >> cols)
    )


def transpose(bits: int, rows: int, cols: int) -> int:
    """Transpose a ``rows`` x ``cols`` bit board (string slicing runs in C)."""
    if rows * cols == 0:
        return 0
    text = format(bits, f"0{rows * cols}b")[::-1]
    return int("".join(text[c::cols] for c in range(cols))[::-1], 2)


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


@lru_cache(maxsize=16)
def _shape(height: int, width: int) -> _Shape:
    """Eliminate the chase matrix of a ``height`` x ``width`` board (width <= height).

    ``M_r`` (how first-row presses drive row r's presses) obeys
    ``M_{r+1} = T M_r + M_{r-1}`` with ``M_0 = I``. Packing M as one int,
    row i at bits ``i*width``, applies T to all columns at once with two
    shifts; ``M_height`` is the system for the row below the board.
    """
    row_mask = (1 << width) - 1
    full = (1 << width * width) - 1
    previous = 0
    current = sum(1 << (i * width + i) for i in range(width))
    for _ in range(height):
        following = current ^ ((current << width) & full) ^ (current >> width) ^ previous
        previous, current = current, following
    system = [(current >> (i * width)) & row_mask for i in range(width)]
    elimination = gf2.eliminate(system, width)
    zero_rows = [0] * height
    quiet = tuple(
        _join_rows(_chase(seed, zero_rows, width)[:height], width)
        for seed in elimination.kernel()
    )
    return _Shape(elimination, quiet)


@dataclass(frozen=True)
class Solution:
    """What the solver knows about one board.

    ``presses`` is a set of cells that turns every light off (None when there
    is none); ``proven_fewest`` says whether no smaller set exists.
    ``quiet_patterns`` is a basis of the press sets that change nothing; an
    unsolvable board has an odd number of lights on ``conflict``, one of
    them, which no press can change (see :func:`explain`).
    """

    board: Board
    presses: int | None
    proven_fewest: bool
    quiet_patterns: tuple[int, ...]
    conflict: int | None

    @property
    def solvable(self) -> bool:
        """Whether some set of presses turns every light off."""
        return self.presses is not None

    @property
    def kernel_dimension(self) -> int:
        """The dimension of the space of quiet patterns."""
        return len(self.quiet_patterns)

    @property
    def press_count(self) -> int | None:
        """The number of presses in :attr:`presses`."""
        return None if self.presses is None else self.presses.bit_count()

    def press_cells(self) -> list[tuple[int, int]]:
        """The presses as (row, col) pairs in reading order."""
        return cells_of(self.presses or 0, self.board.cols)

    def explain(self) -> str:
        """A sentence saying why the board can or cannot be solved."""
        board = self.board
        if self.solvable:
            if self.press_count == 0:
                return "All lights are already out."
            how = "the fewest" if self.proven_fewest else "a solution (not proven fewest)"
            count = self.press_count
            return f"Solvable: {how} takes {count} {'press' if count == 1 else 'presses'}."
        assert self.conflict is not None
        on_pattern = (board.lights & self.conflict).bit_count()
        return (
            "This board cannot be solved. Pressing all "
            f"{self.conflict.bit_count()} cells of a quiet pattern changes nothing, so every "
            "single press toggles an even number of that pattern's cells. The board has "
            f"{on_pattern} {'light' if on_pattern == 1 else 'lights'} on in it, an odd number, "
            "and an odd count can never become 0."
        )


def cells_of(bits: int, cols: int) -> list[tuple[int, int]]:
    """The set bits of a board as (row, col) pairs in reading order."""
    cells = []
    while bits:
        low = bits & -bits
        index = low.bit_length() - 1
        cells.append(divmod(index, cols))
        bits ^= low
    return cells


def solve(board: Board, *, fewest: bool = True) -> Solution:
    """Solve ``board`` exactly; with ``fewest``, minimise the presses over the kernel."""
    return finish(solve_steps(board, fewest=fewest))


def solve_steps(board: Board, *, fewest: bool = True) -> Steps[Solution]:
    """:func:`solve` as a generator that reports progress of the fewest-press search."""
    if board.cols > board.rows:
        # Chase along the longer side so that the system has the fewer unknowns.
        flipped = yield from solve_steps(board.transposed(), fewest=fewest)
        back = lambda bits: transpose(bits, board.cols, board.rows)  # noqa: E731
        return Solution(
            board=board,
            presses=None if flipped.presses is None else back(flipped.presses),
            proven_fewest=flipped.proven_fewest,
            quiet_patterns=tuple(back(q) for q in flipped.quiet_patterns),
            conflict=None if flipped.conflict is None else back(flipped.conflict),
        )
    height, width = board.rows, board.cols
    shape = _shape(height, width)
    row_mask = (1 << width) - 1
    light_rows = [(board.lights >> (r * width)) & row_mask for r in range(height)]
    below = _chase(0, light_rows, width)[-1]
    first = shape.elimination.solve(below)
    if first is None:
        odd = [q for q in shape.quiet_patterns if (q & board.lights).bit_count() & 1]
        conflict = min(odd, key=int.bit_count)
        return Solution(board, None, False, shape.quiet_patterns, conflict)
    presses = _join_rows(_chase(first, light_rows, width)[:height], width)
    proven = not shape.quiet_patterns
    if fewest and shape.quiet_patterns:
        presses, proven = yield from gf2.min_weight_search(presses, shape.quiet_patterns)
    return Solution(board, presses, proven, shape.quiet_patterns, None)


def solve_dense(board: Board, *, fewest: bool = True) -> Solution:
    """Solve by Gaussian elimination over all ``rows * cols`` unknowns, the seeds' way.

    Much slower than :func:`solve` on big boards; kept as the independent
    baseline that benchmarks and tests compare the light-chasing solver with.
    """
    size = board.size
    # Pressing is symmetric (i toggles j iff j toggles i), so equation i, the
    # cells whose press toggles cell i, is the set toggled by pressing i.
    system = [toggled_by(1 << i, board.rows, board.cols) for i in range(size)]
    elimination = gf2.eliminate(system, size)
    quiet = tuple(elimination.kernel())
    presses = elimination.solve(board.lights)
    if presses is None:
        odd = [y for y in elimination.left_kernel() if (y & board.lights).bit_count() & 1]
        return Solution(board, None, False, quiet, min(odd, key=int.bit_count))
    proven = not quiet
    if fewest and quiet:
        presses, proven = gf2.min_weight_in_coset(presses, quiet)
    return Solution(board, presses, proven, quiet, None)


def kernel_dimension(rows: int, cols: int) -> int:
    """The dimension of the quiet-pattern space of a ``rows`` x ``cols`` board."""
    check_shape(rows, cols)
    height, width = max(rows, cols), min(rows, cols)
    return len(_shape(height, width).quiet_patterns)


def random_solvable(rows: int, cols: int, rng: random.Random | None = None) -> Board:
    """A board drawn uniformly from the solvable boards of this shape (never all dark
    unless that is the only one): the image of uniformly random presses is uniform
    over the solvable boards, because pressing is linear."""
    check_shape(rows, cols)
    rng = rng or random.Random()
    blank = Board(rows, cols)
    for _ in range(64):
        board = blank.apply(rng.getrandbits(rows * cols))
        if board.lights:
            return board
    return board
