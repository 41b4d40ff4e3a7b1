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
vector in that coset. :func:`puzzlelab.lightsout.gf2.min_weight_search` (k states:
:func:`puzzlelab.lightsout.modk.min_weight_search`) finds it exactly, by exhaustive
enumeration or by enumerating a separator of a lightened basis (king rules,
diagonal rules, many tori), when that fits its work budget; otherwise the
answer is labelled "not proven fewest" (classic 39x39 and 47x47 among
the squares up to 50x50; bench/bench_fewest.py lists every case).
"""

from __future__ import annotations

import math
import random
import re
import sys
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from puzzlelab import limits
from puzzlelab.jobs import Progress, Steps, due, finish, work_clock
from puzzlelab.lightsout import gf2, modk
from puzzlelab.notation import (
    PuzzleError,
    bits_to_hex,
    bits_to_rows,
    hex_to_bits,
    parse_rows,
    rows_to_bits,
)

MAX_SIDE = 1000
MAX_STATES = 9
MAX_STENCIL_SIDE = 9
#: Kernels up to this dimension are searched for the fewest presses (exactly
#: when the search fits its budget, by annealing above); larger ones return a
#: plain solution. King rules with walls reach 99 at 50x50 (proven up to 35x35).
MAX_SEARCHED_KERNEL = 100
#: (k > 2) Kernel dimension times cells beyond which no fewest-press search runs
#: (the answer is then labelled not proven fewest): it holds every quiet pattern
#: as a list of cell values, and on 1000x1000 boards with 6 to 18 quiet patterns
#: it took 60 to 100 s of CPU for an unproven answer (bench_lightsout.py --big).
MAX_SEARCHED_VALUES = 5_000_000
#: How many quiet patterns a solution carries when the kernel is bigger.
SHOWN_QUIET_PATTERNS = 64
GRID_MEANING = "1 for a lit cell and 0 for a dark one"
_HEX_DIGITS = "0123456789abcdef"
_GAME_ID = re.compile(r"(\d+)x(\d+)((?:;[^:;]*)*):([0-9a-fA-F]*)")

Offsets = tuple[tuple[int, int], ...]

#: The named neighbourhoods: the cells a press changes, relative to the pressed cell.
NEIGHBOURHOODS: dict[str, Offsets] = {
    "cross": ((-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)),
    "king": tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)),
    "diagonal": ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)),
    "knight": (
        (0, 0),
        *((dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)),
    ),
}


def check_shape(rows: int, cols: int) -> None:
    """Reject shapes outside 1x1 .. MAX_SIDE x MAX_SIDE with a clear message."""
    for name, value in (("rows", rows), ("columns", cols)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise PuzzleError(f"The number of {name} must be a whole number.")
        if not 1 <= value <= MAX_SIDE:
            raise PuzzleError(
                f"A board needs 1 to {MAX_SIDE} {name}; {value} is out of range."
            )


def parse_stencil(text: str) -> Offsets:
    """Offsets of a stencil drawn as odd-sized rows of 0/1 joined by '.' or '/',
    its centre being the pressed cell (``010.111.010`` is the cross)."""
    rows = text.replace(".", "/").split("/")
    height, width = len(rows), len(rows[0]) if rows else 0
    if (
        height % 2 == 0 or width % 2 == 0 or height > MAX_STENCIL_SIDE
        or width > MAX_STENCIL_SIDE or any(len(r) != width for r in rows)
        or any(ch not in "01" for r in rows for ch in r)
    ):
        raise PuzzleError(
            f"Not a neighbourhood: {text[:40]!r}. Use cross, king, diagonal, knight, or "
            f"a stencil of odd-sized rows of 0/1 (at most {MAX_STENCIL_SIDE}) joined by '.', "
            "centred on the pressed cell, e.g. 010.111.010."
        )
    offsets = tuple(
        (r - height // 2, c - width // 2)
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch == "1"
    )
    if not offsets:
        raise PuzzleError("A neighbourhood stencil needs at least one cell.")
    return offsets


def stencil_text(offsets: Offsets) -> str:
    """The stencil drawing of ``offsets`` (inverse of :func:`parse_stencil`)."""
    radius = max(max(abs(dr), abs(dc)) for dr, dc in offsets)
    cells = set(offsets)
    side = range(-radius, radius + 1)
    return ".".join("".join("1" if (r, c) in cells else "0" for c in side) for r in side)


@dataclass(frozen=True)
class Variant:
    """The rules of a Lights Out game: neighbourhood, edges and number of states.

    ``neighbourhood`` is a name from :data:`NEIGHBOURHOODS` or a stencil
    drawing; ``wrap`` joins opposite edges (a torus); with ``states`` = k each
    light has k states and a press adds 1 modulo k to every cell it reaches.
    """

    neighbourhood: str = "cross"
    wrap: bool = False
    states: int = 2

    def __post_init__(self) -> None:
        if not isinstance(self.states, int) or not 2 <= self.states <= MAX_STATES:
            raise PuzzleError(f"The number of states must be 2 to {MAX_STATES}.")
        if self.neighbourhood not in NEIGHBOURHOODS:
            offsets = tuple(sorted(parse_stencil(self.neighbourhood)))
            named = [n for n, o in NEIGHBOURHOODS.items() if tuple(sorted(o)) == offsets]
            canonical = named[0] if named else stencil_text(offsets)
            object.__setattr__(self, "neighbourhood", canonical)

    @property
    def offsets(self) -> Offsets:
        """The (row, column) offsets a press reaches."""
        return NEIGHBOURHOODS.get(self.neighbourhood) or parse_stencil(self.neighbourhood)

    @property
    def is_classic(self) -> bool:
        """The cross, walls, on/off: the case with the fastest solver."""
        return self == CLASSIC

    @property
    def options(self) -> str:
        """The variant part of a game ID (empty for the classic game)."""
        parts = ["wrap"] if self.wrap else []
        if self.neighbourhood != "cross":
            parts.append(f"n={self.neighbourhood}")
        if self.states != 2:
            parts.append(f"k={self.states}")
        return "".join(f";{part}" for part in parts)

    def mapped(self, transform: Callable[[int, int], tuple[int, int]]) -> Variant:
        """This variant with every stencil offset moved by ``transform``."""
        offsets = tuple(transform(dr, dc) for dr, dc in self.offsets)
        return Variant(stencil_text(offsets), self.wrap, self.states)

    def describe(self) -> dict[str, object]:
        """The variant as plain data (for the page)."""
        return {
            "neighbourhood": self.neighbourhood,
            "stencil": [list(o) for o in self.offsets],
            "wrap": self.wrap,
            "states": self.states,
        }

    @classmethod
    def from_options(cls, text: str) -> Variant:
        """Parse the ``;wrap;n=...;k=...`` part of a game ID."""
        wrap, neighbourhood, states = False, "cross", 2
        for part in filter(None, text.split(";")):
            if part == "wrap":
                wrap = True
            elif part.startswith("n="):
                neighbourhood = part[2:]
            elif part.startswith("k=") and part[2:].isascii() and part[2:].isdigit():
                states = int(part[2:])
            else:
                raise PuzzleError(
                    f"Unknown game ID option {part!r}; options are wrap, n=NEIGHBOURHOOD, k=STATES."
                )
        return cls(neighbourhood, wrap, states)


CLASSIC = Variant()


def written_variant(text: str) -> Variant:
    """The rules a game ID names (the classic game for a plain grid)."""
    match = _GAME_ID.fullmatch(text.strip()) if isinstance(text, str) else None
    return Variant.from_options(match[3]) if match else CLASSIC


@dataclass(frozen=True)
class Board:
    """A Lights Out position: its shape, its lights and its rules.

    For two states ``lights`` has bit ``r * cols + c`` set where cell (r, c)
    is lit. For k > 2 states each cell takes four bits (one hex digit, so the
    game ID shows each cell's state as a digit).
    """

    rows: int
    cols: int
    lights: int = 0
    variant: Variant = CLASSIC

    @classmethod
    def parse(cls, text: str, variant: Variant | None = None) -> Board:
        """Read a game ID (``COLSxROWS[;options]:HEX``) or a plain grid of digits.

        ``variant`` (when given) replaces the rules written in the game ID.
        """
        if not isinstance(text, str):
            raise PuzzleError("A Lights Out board must be given as text.")
        stripped = text.strip()
        match = _GAME_ID.fullmatch(stripped)
        if match:
            cols, rows = int(match[1]), int(match[2])
            check_shape(rows, cols)
            written = Variant.from_options(match[3])
            bits = _cell_bits(written.states)
            lights = hex_to_bits(match[4], rows * cols * bits) if bits == 1 else _hex_cells(
                match[4], rows * cols, written.states
            )
            board = cls(rows, cols, lights, written)
            return board if variant is None else board.with_variant(variant)
        if ":" in stripped or "x" in stripped:
            raise PuzzleError(
                f"Not a Lights Out game ID or grid: {stripped[:40]!r}. A game ID looks like "
                "5x5:1f8c4a0 (columns x rows, options, then the cells in hex); "
                "a grid like 101/010/101."
            )
        variant = variant or CLASSIC
        k = variant.states
        digits = "".join(str(d) for d in range(k))
        meaning = GRID_MEANING if k == 2 else f"digits 0 to {k - 1}, one per light"
        grid = parse_rows(stripped, digits, meaning)
        check_shape(len(grid), len(grid[0]))
        if k == 2:
            return cls(len(grid), len(grid[0]), rows_to_bits(grid, "1"), variant)
        values = [int(ch) for row in grid for ch in row]
        return cls.from_values(len(grid), len(grid[0]), values, variant)

    @classmethod
    def from_values(cls, rows: int, cols: int, values: list[int], variant: Variant) -> Board:
        """A board from its cell states in reading order."""
        bits, k = _cell_bits(variant.states), variant.states
        if bits == 1:
            text = "".join(["1" if v else "0" for v in reversed(values)])
        else:
            text = "".join([_HEX_DIGITS[v % k] for v in reversed(values)])
        return cls(rows, cols, int(text or "0", 2 if bits == 1 else 16), variant)

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.rows * self.cols

    @property
    def states(self) -> int:
        """The number of states of a light."""
        return self.variant.states

    def values(self) -> list[int]:
        """Every cell's state, in reading order."""
        # Digits to numbers by bytes.translate, in C: a million cells in
        # milliseconds, where int() per digit took a tenth of a second.
        if _cell_bits(self.states) == 1:
            text = format(self.lights, f"0{self.size}b")
        else:
            text = format(self.lights, f"0{self.size}x")
        return list(text[::-1].encode().translate(_HEX_VALUES)) if self.size else []

    @property
    def game_id(self) -> str:
        """The compact text form that round-trips exactly: ``COLSxROWS[;options]:HEX``."""
        if _cell_bits(self.states) == 1:
            payload = bits_to_hex(self.lights, self.size)
        else:
            payload = format(self.lights, f"0{self.size}x")[::-1]
        return f"{self.cols}x{self.rows}{self.variant.options}:{payload}"

    @property
    def grid(self) -> str:
        """The plain grid: rows of cell states (0 and 1 for on/off) joined by '/'."""
        if _cell_bits(self.states) == 1:
            return "/".join(bits_to_rows(self.lights, self.rows, self.cols))
        text = format(self.lights, f"0{self.size}x")[::-1]
        return "/".join(text[r * self.cols : (r + 1) * self.cols] for r in range(self.rows))

    @property
    def lit(self) -> int:
        """How many lights are not off."""
        if _cell_bits(self.states) == 1:
            return self.lights.bit_count()
        return self.size - format(self.lights, f"0{self.size}x").count("0")

    def press(self, row: int, col: int) -> Board:
        """The board after pressing cell (row, col) once."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise PuzzleError(
                f"Cell ({row}, {col}) is outside the {self.rows}x{self.cols} board."
            )
        return self.apply(1 << (_cell_bits(self.states) * (row * self.cols + col)))

    def apply(self, presses: int) -> Board:
        """The board after the presses ``presses`` (packed like ``lights``: a bit
        set for two states, a press count per cell otherwise)."""
        if self.states == 2:
            effect = _effect(presses, self.rows, self.cols, self.variant)
            return Board(self.rows, self.cols, self.lights ^ effect, self.variant)
        return Board(self.rows, self.cols, _apply_mod(self.lights, presses, self), self.variant)

    def transposed(self) -> Board:
        """The mirror image in the main diagonal (rows become columns)."""
        variant = self.variant.mapped(lambda dr, dc: (dc, dr))
        if self.states == 2:
            return Board(self.cols, self.rows, transpose(self.lights, self.rows, self.cols),
                         variant)
        values = self.values()
        flipped = [values[r * self.cols + c] for c in range(self.cols) for r in range(self.rows)]
        return Board.from_values(self.cols, self.rows, flipped, variant)

    def with_variant(self, variant: Variant) -> Board:
        """The same lights under other rules (states are reduced modulo the new k)."""
        if variant == self.variant:
            return self
        return Board.from_values(self.rows, self.cols, self.values(), variant)


def _cell_bits(states: int) -> int:
    return 1 if states == 2 else 4


def _hex_cells(text: str, size: int, states: int) -> int:
    # A set of the digits, in C: a check per character in Python took a
    # tenth of a second on a million cells, in one piece at a job's start.
    allowed = set(_HEX_DIGITS[:states] + _HEX_DIGITS[10:states].upper())
    if len(text) != size or not set(text) <= allowed:
        raise PuzzleError(
            f"The board data should be {size} digits from 0 to {states - 1}, got {text[:40]!r}."
        )
    return int(text[::-1], 16) if text else 0


_HEX_VALUES = bytes.maketrans(_HEX_DIGITS.encode(), bytes(range(16)))
_VALUE_DIGITS = bytes.maketrans(bytes(range(16)), _HEX_DIGITS.encode())


def _cell_bytes(packed: int, size: int) -> int:
    """A k-state packing (a hex digit per cell) respread to a byte per cell."""
    text = format(packed, f"0{size}x")[::-1].encode().translate(_HEX_VALUES)
    return int.from_bytes(text, "little")


def _cell_digits(spread: int, size: int) -> int:
    """The inverse of :func:`_cell_bytes`."""
    text = spread.to_bytes(size, "little").translate(_VALUE_DIGITS)[::-1]
    return int(text, 16) if size else 0


@lru_cache(maxsize=4)
def _byte_pieces(rows: int, cols: int, variant: Variant) -> tuple[tuple[int, int], ...]:
    """:func:`_pieces` with a byte per cell (0xff where the bit mask has a 1), kept
    apart per offset: on a small torus two offsets may reach the same cell,
    which counts twice here (the bit masks of two states cancel them)."""
    size, spread = rows * cols, bytes.maketrans(b"01", b"\x00\xff")
    pieces = []
    for dr, dc in variant.offsets:
        for col_shift, columns in _axis_moves(cols, dc, variant.wrap).items():
            column_mask = sum(1 << c for c in columns)
            for row_shift, row_list in _axis_moves(rows, dr, variant.wrap).items():
                mask = column_mask * _row_starts(row_list, rows, cols)
                text = format(mask, f"0{size}b")[::-1].encode().translate(spread)
                pieces.append((int.from_bytes(text, "little"), row_shift * cols + col_shift))
    return tuple(pieces)


def _apply_mod(lights: int, presses: int, board: Board) -> int:
    """(k > 2) The lights after ``presses``, both packed a hex digit per cell: as
    for two states, the effect is a few masked shifts of the whole board, here
    with a byte per cell and a reduction modulo k before a byte could overflow."""
    k, size = board.states, board.size
    moving = _cell_bytes(presses, size)
    total = _cell_bytes(lights, size)
    batch = max(1, (255 - (k - 1)) // (k - 1))
    pending = 0
    for mask, shift in _byte_pieces(board.rows, board.cols, board.variant):
        moved = moving & mask
        total += moved << (8 * shift) if shift >= 0 else moved >> (-8 * shift)
        pending += 1
        if pending == batch:
            total, pending = modk.packed_mod(total, k), 0
    return _cell_digits(modk.packed_mod(total, k), size)


def _reach(cell: int, rows: int, cols: int, offsets: Offsets, wrap: bool) -> list[int]:
    """The cells at ``offsets`` from ``cell`` (with repeats), wrapped or clipped."""
    r, c = divmod(cell, cols)
    cells = []
    for dr, dc in offsets:
        tr, tc = r + dr, c + dc
        if wrap:
            cells.append((tr % rows) * cols + tc % cols)
        elif 0 <= tr < rows and 0 <= tc < cols:
            cells.append(tr * cols + tc)
    return cells


def _axis_moves(length: int, delta: int, wrap: bool) -> dict[int, list[int]]:
    """Positions 0..length-1 grouped by how far ``delta`` moves them along one axis."""
    moves: dict[int, list[int]] = {}
    for position in range(length):
        target = position + delta
        if wrap:
            target %= length
        elif not 0 <= target < length:
            continue
        moves.setdefault(target - position, []).append(position)
    return moves


def _row_starts(row_list: list[int], rows: int, cols: int) -> int:
    """The bits ``r * cols`` of the rows ``row_list``, written as text: summing
    a thousand shifted ints of up to a million bits took a tenth of a second."""
    marks = bytearray(b"0") * rows
    for r in row_list:
        marks[r] = ord("1")
    text = ("0" * (cols - 1)).join(marks.decode())
    return int(text[::-1], 2)


@lru_cache(maxsize=32)
def _pieces(rows: int, cols: int, variant: Variant) -> tuple[tuple[int, int], ...]:
    """The press effect as (source mask, shift) pairs: ``A x`` is the XOR of
    ``(x & mask)`` shifted, so one press set costs a handful of big-int ops."""
    combined: dict[int, int] = {}
    for dr, dc in variant.offsets:
        for col_shift, columns in _axis_moves(cols, dc, variant.wrap).items():
            column_mask = sum(1 << c for c in columns)
            for row_shift, row_list in _axis_moves(rows, dr, variant.wrap).items():
                # Multiplying by a row indicator copies the column mask to each row.
                mask = column_mask * _row_starts(row_list, rows, cols)
                shift = row_shift * cols + col_shift
                combined[shift] = combined.get(shift, 0) ^ mask
    return tuple((mask, shift) for shift, mask in combined.items() if mask)


def _effect(presses: int, rows: int, cols: int, variant: Variant) -> int:
    """The lights toggled by the press set ``presses`` (two states)."""
    effect = 0
    for mask, shift in _pieces(rows, cols, variant):
        moved = presses & mask
        effect ^= moved << shift if shift >= 0 else moved >> -shift
    return effect


def toggled_by(presses: int, rows: int, cols: int) -> int:
    """The cells toggled by pressing the set ``presses`` on a classic board."""
    return _effect(presses, rows, cols, CLASSIC)


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


@dataclass(frozen=True)
class Solution:
    """What the solver knows about one board.

    ``presses`` (packed like the board's lights: a bit set, or a press count
    per cell for k states) turns every light off; it is None when nothing
    does. ``proven_fewest`` says whether no solution has fewer presses, and
    ``fewest_solutions`` how many solutions have that many (when proven).
    ``quiet_patterns`` generate the press sets that change nothing. An
    unsolvable board comes with ``conflict``: weights on the cells (a quiet
    pattern of the mirrored rules) whose weighted sum of the lights no press
    can change, and which is not 0 (see :meth:`explain`).
    """

    board: Board
    presses: int | None
    proven_fewest: bool
    quiet_patterns: tuple[int, ...]
    conflict: int | None
    fewest_solutions: int | None = None
    kernel_size: int | None = None
    dimension: int | None = None

    @property
    def solvable(self) -> bool:
        """Whether some set of presses turns every light off."""
        return self.presses is not None

    @property
    def kernel_dimension(self) -> int:
        """The number of independent quiet patterns (their span has
        ``states ** kernel_dimension`` members when k is prime); on big kernels
        :attr:`quiet_patterns` holds only the first few."""
        return len(self.quiet_patterns) if self.dimension is None else self.dimension

    @property
    def press_count(self) -> int | None:
        """The number of presses in :attr:`presses`."""
        if self.presses is None:
            return None
        return _weight(self.presses, self.board.states)

    def press_cells(self) -> list[tuple[int, int]]:
        """The presses as (row, col) pairs in reading order; a cell pressed
        n times (k states) appears n times."""
        return _cells_with_repeats(self.presses or 0, self.board)

    @property
    def press_grid(self) -> str | None:
        """The presses in the board's plain grid form (how often each cell is
        pressed, rows joined by '/'), or None when nothing solves the board."""
        if self.presses is None:
            return None
        board = self.board
        return Board(board.rows, board.cols, self.presses, board.variant).grid

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
        weights = Board(board.rows, board.cols, self.conflict, board.variant).values()
        # The certificate is a quiet pattern of the stencil turned half a turn
        # (y A = 0); only a stencil that is its own half turn makes it one of
        # these rules' quiet patterns.
        half_turn = board.variant.mapped(lambda dr, dc: (-dr, -dc))
        pattern = ("a quiet pattern" if half_turn == board.variant
                   else "a quiet pattern of the stencil turned half a turn")
        if board.states == 2:
            on_pattern = (board.lights & self.conflict).bit_count()
            cells = self.conflict.bit_count()
            return (
                "This board cannot be solved. Every press toggles an even number of the "
                f"{cells} {'cell' if cells == 1 else 'cells'} of {pattern}, so the number of "
                f"lights on those cells keeps its parity. The board has {on_pattern} "
                f"{'light' if on_pattern == 1 else 'lights'} on them, an odd number, "
                "and an odd count can never become 0."
            )
        k = board.states
        total = sum(w * v for w, v in zip(weights, board.values(), strict=True)) % k
        return (
            "This board cannot be solved. Weigh each light's state by the numbers of "
            f"{pattern} and add up modulo {k}: no press changes that sum, which is "
            f"{total} here but 0 when all lights are out."
        )


def _weight(packed: int, states: int) -> int:
    """Number of presses in a packed press set."""
    if states == 2:
        return packed.bit_count()
    text = format(packed, "x")  # one count per digit runs in C
    return sum(value * text.count(digit) for value, digit in enumerate(_HEX_DIGITS) if value)


def _cells_with_repeats(packed: int, board: Board) -> list[tuple[int, int]]:
    if board.states == 2:
        return cells_of(packed, board.cols)
    counts = Board(board.rows, board.cols, packed, board.variant).values()
    return [divmod(i, board.cols) for i, n in enumerate(counts) for _ in range(n)]


def cells_of(bits: int, cols: int) -> list[tuple[int, int]]:
    """The set bits of a board as (row, col) pairs in reading order."""
    # Scanning the binary text is linear; peeling bits off a million-bit int
    # one at a time would copy it each time.
    text = format(bits, "b")[::-1]
    return [divmod(match.start(), cols) for match in re.finditer("1", text)]


def solve(board: Board, *, fewest: bool = True,
          work_budget: int = gf2.DEFAULT_WORK_BUDGET) -> Solution:
    """Solve ``board`` exactly; with ``fewest``, minimise the presses over the
    kernel, proving the minimum when that fits ``work_budget`` (the units of
    :func:`gf2.exhaustive_cost`)."""
    return finish(solve_steps(board, fewest=fewest, work_budget=work_budget))


def solve_steps(board: Board, *, fewest: bool = True,
                work_budget: int = gf2.DEFAULT_WORK_BUDGET) -> Steps[Solution]:
    """:func:`solve` as a generator that reports progress of the fewest-press search."""
    if board.cols > board.rows:
        # Chase along the longer side so that the system has the fewer unknowns.
        flipped = yield from solve_steps(board.transposed(), fewest=fewest,
                                         work_budget=work_budget)
        back = lambda bits: _transpose_packed(bits, board.transposed())  # noqa: E731
        return Solution(
            board=board,
            presses=None if flipped.presses is None else back(flipped.presses),
            proven_fewest=flipped.proven_fewest,
            quiet_patterns=tuple(back(q) for q in flipped.quiet_patterns),
            conflict=None if flipped.conflict is None else back(flipped.conflict),
            fewest_solutions=flipped.fewest_solutions,
            kernel_size=flipped.kernel_size,
            dimension=flipped.dimension,
        )
    k = board.states
    if board.variant.is_classic:
        presses, quiet, conflict = yield from _solve_classic(board)
        dimension = len(quiet)
        kernel_size = 2**dimension
    else:
        presses, plan = yield from _solve_general(board)
        dimension = len((yield from plan.kernel_steps()))
        # Whole quiet patterns are only built where they are used: to search
        # the solutions, or to show a few of them.
        quiet = yield from plan.quiet_steps(
            dimension if fewest and dimension <= MAX_SEARCHED_KERNEL else SHOWN_QUIET_PATTERNS)
        conflict = (yield from _conflict(board)) if presses is None else None
        kernel_size = yield from plan.kernel_size_steps()
    if presses is None:
        return Solution(board, None, False, quiet, conflict, None, kernel_size, dimension)
    proven, ties = dimension == 0, 1
    # k states: the search holds each quiet pattern as a list of cell values.
    searchable = k == 2 or dimension * board.size <= MAX_SEARCHED_VALUES
    if fewest and 0 < dimension <= MAX_SEARCHED_KERNEL and searchable:
        if k == 2:
            presses, proven, ties = yield from gf2.min_weight_search(
                presses, quiet, work_budget,
                folding=folding(board.rows, board.cols, board.variant))
        else:
            presses, proven, ties = yield from _min_presses_mod(presses, quiet, board,
                                                                work_budget)
    if fewest and not proven:
        periodic = yield from _periodic_solution(board, work_budget)
        if periodic is not None and _weight(periodic, k) < _weight(presses, k):
            presses = periodic
        if _weight(presses, k) <= press_lower_bound(board):
            # Proven by counting; how many solutions tie is not known.
            proven, ties = True, None
    return Solution(board, presses, proven, quiet, None, ties if proven else None, kernel_size,
                    dimension)


def press_lower_bound(board: Board) -> int:
    """Fewer presses than this cannot solve ``board``; a solution that meets it
    is the fewest, whatever the kernel. A light in state ``s`` needs at least
    ``(k - s) mod k`` steps (one toggle for on/off), and two bounds follow:

    * counting: a press gives one step to each of at most as many cells as
      its stencil has (the all-lit king torus of side 3m: m*m presses, one
      per 3x3 block);
    * packing: lights that no single press reaches together need their
      steps from different presses, so their needs add up (up to
      :data:`FOLDED_MAX_CELLS` cells; a greedy packing in reading order).
      All-lit king boards with walls: lights 3 apart, ceil(n/3)**2 of them.
    """
    k, offsets, rows, cols = board.states, board.variant.offsets, board.rows, board.cols
    if k == 2 and board.size > FOLDED_MAX_CELLS:
        return -(-board.lit // len(offsets))  # (no cell list for a million cells)
    needs = [(-v) % k for v in board.values()]
    counting = -(-sum(needs) // len(offsets))
    if board.size > FOLDED_MAX_CELLS or (
            k > 2 and board.variant.wrap
            and len({(dr % rows, dc % cols) for dr, dc in offsets}) < len(offsets)):
        return counting  # (a small torus where one press gives a light several steps)
    # Two cells share a press exactly when their difference is one of these.
    apart = {(a - c, b - d) for a, b in offsets for c, d in offsets}
    taken, packing = set(), 0
    for cell, need in enumerate(needs):
        if need and cell not in taken:
            packing += need
            r, c = divmod(cell, cols)
            for dr, dc in apart:
                tr, tc = r + dr, c + dc
                if board.variant.wrap:
                    taken.add(tr % rows * cols + tc % cols)
                elif 0 <= tr < rows and 0 <= tc < cols:
                    taken.add(tr * cols + tc)
    return max(counting, packing)


#: Quotient tori up to this many cells are solved for :func:`_periodic_solution`.
PERIODIC_MAX_CELLS = 40 * 40


def _periodic_solution(board: Board, work_budget: int) -> Steps[int | None]:
    """The lightest solution found that repeats with a period of the board.

    A torus board that repeats every ``rows/p`` rows and ``cols/p`` columns
    (``p`` = 2, 3, 5 or 7, on each side it divides) is the tiling of a
    smaller torus board, and any solution of the smaller one,
    tiled, solves it (a press reaches the same cells, wrapped the same way,
    in each tile). Solving the smaller board, itself proven or folded again,
    finds periodic solutions that a search over the whole kernel may miss:
    all-lit 40x40 cross torus takes 320 presses, the 5x5 perfect code tiled
    (annealing over its 64-dimensional kernel stopped at 636), which the
    counting bound then proves. None when no period applies.
    """
    if not board.variant.wrap or board.size > FOLDED_MAX_CELLS:
        return None
    values = board.values()
    rows, cols = board.rows, board.cols
    best, best_weight = None, None
    for p in (2, 3, 5, 7):
        if rows % p and cols % p:
            continue
        period_rows = rows // p if rows % p == 0 else rows
        period_cols = cols // p if cols % p == 0 else cols
        if period_rows * period_cols > PERIODIC_MAX_CELLS:
            continue
        # Each cell's place in the tile (reading order).
        home = [(i // cols) % period_rows * period_cols + (i % cols) % period_cols
                for i in range(board.size)]
        tile_values = [0] * (period_rows * period_cols)
        for i, h in enumerate(home):
            tile_values[h] = values[i]
        if any(values[i] != tile_values[h] for i, h in enumerate(home)):
            continue  # not periodic
        tile = Board.from_values(period_rows, period_cols, tile_values, board.variant)
        small = yield from solve_steps(tile, work_budget=work_budget // 4)
        if small.presses is None:
            continue
        counts = Board(period_rows, period_cols, small.presses, board.variant).values()
        tiled = Board.from_values(rows, cols, [counts[h] for h in home], board.variant).lights
        weight = _weight(tiled, board.states)
        if best_weight is None or weight < best_weight:
            best, best_weight = tiled, weight
    return best


def _axis_folds(length: int, wrap: bool) -> list[list[int | None]]:
    """Per fold of one axis, the folded coordinate of every index (None: left out).

    With walls a fold is a mirror: an odd length leaves its middle line out
    (so a quiet pattern, mirrored onto both halves, is still quiet); on a
    torus an even length is halved by a translation.
    """
    folds: list[list[int | None]] = []
    coordinate: list[int | None] = list(range(length))
    while True:
        if wrap:
            if length % 2:
                return folds
            half = length // 2
            step = {i: i % half for i in range(length)}
        else:
            if length < 2:
                return folds
            half = length // 2
            step = {i: (i if i < half else length - 1 - i) for i in range(length)}
            if length % 2:
                step[half] = None
        coordinate = [None if c is None else step[c] for c in coordinate]
        folds.append(coordinate)
        length = half


#: The largest board given folds: the fewest-press proofs aim at 50x50.
FOLDED_MAX_CELLS = 64 * 64


@lru_cache(maxsize=8)
def folding(rows: int, cols: int, variant: Variant) -> gf2.Folding | None:
    """The board folded onto smaller copies of itself (see
    :func:`gf2.folded_search`); None when no fold applies, or past
    :data:`FOLDED_MAX_CELLS` (setting the folds up is linear algebra over
    every cell).

    The search bounds after folding both axes (cells in fibres of four move
    together); the row fold alone, in between, orders each level's vectors,
    those symmetric between rows last. The next level's batches take those
    over, and cells of a row pair share their forms: all-lit 47x47 proves in
    a third less time.
    """
    if rows * cols > FOLDED_MAX_CELLS:
        return None
    row_folds = _axis_folds(rows, variant.wrap)
    col_folds = _axis_folds(cols, variant.wrap)
    if not row_folds and not col_folds:
        return None
    identity_rows, identity_cols = list(range(rows)), list(range(cols))
    fibres, bounded = [], []
    done_rows = done_cols = 0
    while done_rows < len(row_folds) or done_cols < len(col_folds):
        if done_rows < len(row_folds) and (done_cols >= len(col_folds) or done_rows <= done_cols):
            done_rows += 1
        else:
            done_cols += 1
        if (done_rows == done_cols or (done_rows > done_cols == len(col_folds))
                or (done_cols > done_rows == len(row_folds))):
            bounded.append(len(fibres))  # both axes folded alike, or one has no folds left
        r_map = row_folds[done_rows - 1] if done_rows else identity_rows
        c_map = col_folds[done_cols - 1] if done_cols else identity_cols
        fibres.append(tuple(
            -1 if r_map[r] is None or c_map[c] is None else r_map[r] * cols + c_map[c]
            for r in range(rows) for c in range(cols)))
    return gf2.Folding(tuple(fibres), tuple(bounded))


def _transpose_packed(packed: int, board: Board) -> int:
    """Transpose a packed cell set of ``board``'s shape (press sets, patterns)."""
    return Board(board.rows, board.cols, packed, board.variant).transposed().lights


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


@dataclass
class _Plan:
    """Light chasing for any neighbourhood, edges and modulus, for one shape.

    Lights are visited in reading order. Each light's last press (the one
    furthest along in reading order, at the stencil's first offset) is forced
    to clear it when that press is still undecided and its coefficient is a
    unit; presses that are needed before they are forced become unknowns,
    and lights that cannot force anything become equations. Every press is
    then an affine function of the few unknowns.

    Only that structure is kept per cell (``targets``: the press each light
    forces, or -1 for an equation; ``inverses``), a few bytes per cell. The
    presses' linear forms (one bit or byte per unknown) live only while a
    light still needs them, a few rows at a time, and give the small system
    ``matrix`` (k > 2) or ``elimination`` (k = 2) over the unknowns. A board
    is solved by chasing its lights with the unknowns at 0 (the system's
    right-hand side), then again with the unknowns solved: memory linear in
    the cells, where keeping every press's form took 4.6 GB on a 1000x1000
    3-state board (1,000 unknowns, a byte each, for each of a million presses).
    """

    states: int
    rows: int
    cols: int
    variant: Variant
    variables: int
    targets: array
    inverses: bytearray
    unknowns: list[int]
    equations: list[int]
    elimination: gf2.Elimination | None = None
    matrix: list[list[int]] | None = None
    generators: list | None = None
    expanded: list[int] = field(default_factory=list)
    members: int | None = None

    @property
    def kernel(self) -> list:
        """The quiet patterns' values of the unknowns: bit sets (k = 2) or lists."""
        return finish(self.kernel_steps())

    def kernel_steps(self) -> Steps[list]:
        """:attr:`kernel`, with progress while the system is solved."""
        if self.generators is None:
            assert self.matrix is not None
            zeros = [0] * len(self.matrix)
            solved = yield from modk.solve_steps(self.matrix, zeros, self.variables, self.states)
            self.generators = solved.generators
        return self.generators

    def kernel_size(self) -> int:
        """How many quiet patterns the shape has (the empty one included), once
        per shape. For composite k it is the size of the Z/k-span of the
        kernel's generators, taken over the unknowns (a press pattern is fixed
        by its unknowns): 400 entries rather than 40,000 on a 200x200 torus,
        where the whole boards took 55 s for k = 6."""
        return finish(self.kernel_size_steps())

    def kernel_size_steps(self) -> Steps[int]:
        """:meth:`kernel_size`, with progress."""
        if self.members is None:
            k = self.states
            kernel = yield from self.kernel_steps()
            self.members = (k ** len(kernel) if modk.is_prime(k)
                            else (yield from modk.span_size_steps(kernel, k, self.variables)))
        return self.members

    def quiet(self, count: int | None = None) -> tuple[int, ...]:
        """The first ``count`` quiet patterns (all by default), expanded to whole
        boards on first use, all in one chase (one lane per pattern)."""
        return finish(self.quiet_steps(count))

    def quiet_steps(self, count: int | None = None) -> Steps[tuple[int, ...]]:
        """:meth:`quiet`, with progress."""
        kernel = yield from self.kernel_steps()
        wanted = len(kernel) if count is None else min(count, len(kernel))
        if len(self.expanded) < wanted:
            fresh = kernel[len(self.expanded):wanted]
            self.expanded.extend((yield from _expand_lanes(self, fresh)))
        return tuple(self.expanded[:wanted])


#: Per cell of a row: the light's terms as (press offset in cells, coefficient),
#: the offset of the press it may force (None: off the board) and its coefficient.
_Pattern = tuple[tuple[tuple[int, int], ...], int | None, int]


@lru_cache(maxsize=8)
def _row_patterns(rows: int, cols: int, variant: Variant) -> Callable[[int], list[_Pattern]]:
    """``patterns(r)``: the :data:`_Pattern` of every light of row r. Rows and
    columns further than the stencil's reach from an edge share one pattern,
    so a big board has a few dozen distinct ones and a chase loops over
    tuples instead of clipping a stencil per cell."""
    k, wrap = variant.states, variant.wrap
    mirrored = tuple((-dr, -dc) for dr, dc in variant.offsets)  # presses reaching a light
    first_dr, first_dc = min(variant.offsets)
    reach = max(max(abs(dr), abs(dc)) for dr, dc in variant.offsets)

    def band(index: int, length: int) -> int:
        # The same key for every index far from both edges.
        if index < reach:
            return index
        return index - length if index >= length - reach else reach

    def pattern(r: int, c: int) -> _Pattern:
        light = r * cols + c
        counts: dict[int, int] = {}
        for press in _reach(light, rows, cols, mirrored, wrap):
            counts[press] = counts.get(press, 0) + 1
        tr, tc = r - first_dr, c - first_dc
        if wrap:
            target: int | None = (tr % rows) * cols + tc % cols
        else:
            target = tr * cols + tc if 0 <= tr < rows and 0 <= tc < cols else None
        terms = tuple((p - light, n % k) for p, n in counts.items() if n % k)
        coefficient = counts.get(target, 0) % k if target is not None else 0
        return terms, None if target is None else target - light, coefficient

    by_band: dict[int, list[_Pattern]] = {}

    def patterns(r: int) -> list[_Pattern]:
        key = band(r, rows)
        if key not in by_band:
            shared: dict[int, _Pattern] = {}
            row = []
            for c in range(cols):
                ckey = band(c, cols)
                if ckey not in shared:
                    shared[ckey] = pattern(r, c)
                row.append(shared[ckey])
            by_band[key] = row
        return by_band[key]

    return patterns


def _last_light_rows(rows: int, variant: Variant) -> list[list[int]]:
    """Per light row r, the press rows that no light after row r reaches: their
    forms can be dropped once row r is chased."""
    freed: list[list[int]] = [[] for _ in range(rows)]
    for press_row in range(rows):
        reached = [press_row + dr for dr, _ in variant.offsets]
        reached = [r % rows for r in reached] if variant.wrap else [
            r for r in reached if 0 <= r < rows]
        if reached:
            freed[max(reached)].append(press_row)
    return freed


class _Forms:
    """The live linear forms of the presses during :func:`_plan`: per cell, or per
    row as one int of fixed-width fields (cell c at field c), whichever way
    they were made; each way is built from the other on demand."""

    def __init__(self, cols: int, k: int) -> None:
        self.cols, self.k = cols, k
        self.cells: dict[int, int] = {}
        self.rows: dict[int, tuple[int, int]] = {}  # press row -> (packed, field bytes)

    def field_bytes(self, variables: int) -> int:
        """Bytes per form: a bit per unknown (k = 2, rounded up) or a byte."""
        return (variables + 7) // 8 if self.k == 2 else max(1, variables)

    def get(self, press: int) -> int:
        """The form of one press."""
        form = self.cells.get(press)
        if form is None:
            self._split(press // self.cols)
            form = self.cells[press]
        return form

    def _split(self, row: int) -> None:
        packed, width = self.rows.pop(row)
        data = packed.to_bytes(width * self.cols, "little")
        base = row * self.cols
        for c in range(self.cols):
            self.cells[base + c] = int.from_bytes(data[c * width:(c + 1) * width], "little")

    def row(self, row: int, width: int) -> int:
        """The forms of a whole press row packed ``width`` bytes a field."""
        stored = self.rows.get(row)
        if stored is not None and stored[1] == width:
            return stored[0]
        if stored is not None:
            self._split(row)
        base = row * self.cols
        packed = int.from_bytes(b"".join(
            [self.cells.pop(base + c).to_bytes(width, "little") for c in range(self.cols)]),
            "little")
        self.rows[row] = (packed, width)
        return packed

    def drop(self, row: int) -> None:
        """Forget a press row that no later light reaches."""
        self.rows.pop(row, None)
        for press in range(row * self.cols, (row + 1) * self.cols):
            self.cells.pop(press, None)


def _shift_row(packed: int, cells: int, width: int, cols: int, wrap: bool) -> int:
    """``packed`` (a row of ``width``-byte fields) moved ``cells`` fields along:
    wrapped round on a torus, else what passes an edge is lost."""
    bits, full = 8 * width * cols, (1 << (8 * width * cols)) - 1
    if wrap:
        cells %= cols
        return ((packed << (8 * width * cells)) | (packed >> (bits - 8 * width * cells))) & full
    if cells >= 0:
        return (packed << (8 * width * cells)) & full
    return packed >> (-8 * width * cells)


def _row_chase(variant: Variant, rows: int, cols: int) -> tuple[tuple[int, int], ...] | None:
    """The offsets of a whole-row step of :func:`_plan`, or None when the rules
    have none: the stencil's first row (the presses furthest along) must be a
    single cell, so no light of a row needs another's forced press, and on
    walls it must lie in the centre column; the board must be wider and
    taller than the stencil so that no press is counted twice. The step
    applies to light rows whose forced press row is on the board: with walls
    and a stencil whose first row lies below the centre, the first light rows
    force nothing (no press reaches them from above) and are chased cell by
    cell, as equations."""
    offsets = variant.offsets
    first_dr, first_dc = min(offsets)
    reach = max(max(abs(dr), abs(dc)) for dr, dc in offsets)
    if sum(dr == first_dr for dr, _ in offsets) != 1 or rows <= 2 * reach or cols <= 2 * reach:
        return None
    if not variant.wrap and first_dc != 0:
        return None
    return tuple(o for o in offsets if o != (first_dr, first_dc))


#: The latest plans, by shape and rules (a dict keeps insertion order).
_PLANS: dict[tuple[int, int, Variant], _Plan] = {}
PLANS_KEPT = 8


def _plan(rows: int, cols: int, variant: Variant) -> _Plan:
    """The chase plan of a shape under some rules (cached)."""
    return finish(_plan_steps(rows, cols, variant))


_plan.cache_clear = _PLANS.clear  # type: ignore[attr-defined]  # as for lru_cache


def _plan_steps(rows: int, cols: int, variant: Variant) -> Steps[_Plan]:
    """:func:`_plan`, with progress reports while it is built."""
    key = (rows, cols, variant)
    if key in _PLANS:
        return _PLANS[key]
    plan = yield from _build_plan(rows, cols, variant)
    _PLANS[key] = plan
    while len(_PLANS) > PLANS_KEPT:
        del _PLANS[next(iter(_PLANS))]
    return plan


def _build_plan(rows: int, cols: int, variant: Variant) -> Steps[_Plan]:
    k, wrap = variant.states, variant.wrap
    size = rows * cols
    patterns = _row_patterns(rows, cols, variant)
    freed = _last_light_rows(rows, variant)
    targets = array("i", [-1]) * size
    inverses = bytearray(size)
    decided = bytearray(size)
    forms = _Forms(cols, k)
    unknowns: list[int] = []
    equations: list[int] = []
    system: list[int] = []
    step = 1 if k == 2 else 8
    whole_rows = _row_chase(variant, rows, cols)
    first_dr, first_dc = min(variant.offsets)
    batch = max(1, (255 - (k - 1)) // ((k - 1) ** 2))

    def unknown(press: int) -> None:
        forms.cells[press] = 1 << (step * len(unknowns))
        decided[press] = 1
        unknowns.append(press)

    def whole_row(r: int) -> bool:
        """Force the next press row from light row r at once, when every press
        its lights need is known and the forced row is not: a few big-int
        operations on whole rows instead of one per cell. Not when that row
        is off the board (walls, a stencil whose first row lies below the
        centre): its lights are then equations, which only the cell-by-cell
        step records."""
        target_row = r - first_dr
        if wrap:
            target_row %= rows
        if whole_rows is None or not 0 <= target_row < rows or decided.find(
                1, target_row * cols, (target_row + 1) * cols) >= 0:
            return False
        sources = []
        for dr, dc in whole_rows:
            press_row = r - dr
            if wrap:
                press_row %= rows
            elif not 0 <= press_row < rows:
                continue
            if decided.find(0, press_row * cols, (press_row + 1) * cols) >= 0:
                return False
            sources.append((press_row, dc))
        width = forms.field_bytes(len(unknowns))
        total, pending = 0, 0
        for press_row, dc in sources:
            moved = _shift_row(forms.row(press_row, width), dc, width, cols, wrap)
            if k == 2:
                total ^= moved
            else:
                total += moved
                pending += 1
                if pending == batch:
                    total, pending = modk.packed_mod(total, k), 0
        if k > 2:
            total = modk.packed_mod(modk.packed_mod(total, k) * (k - 1), k)  # minus the sum
        forms.rows[target_row] = (_shift_row(total, -first_dc, width, cols, wrap), width)
        base = target_row * cols
        decided[base:base + cols] = b"\x01" * cols
        light = r * cols
        targets[light:light + cols] = array(
            "i", [base + (c - first_dc) % cols for c in range(cols)])
        inverses[light:light + cols] = b"\x01" * cols
        return True

    for r in range(rows):
        if due():
            yield Progress(r, rows, "Chasing the lights")
        light = r * cols
        if whole_row(r):
            light += cols
        else:
            for terms, target_offset, coefficient in patterns(r):
                target = -1 if target_offset is None else light + target_offset
                for offset, _ in terms:
                    if not decided[light + offset] and light + offset != target:
                        unknown(light + offset)
                if target >= 0 and not decided[target] and math.gcd(coefficient, k) == 1:
                    inverse = pow(coefficient, -1, k)
                    forms.cells[target] = _combine(
                        [(forms.get(light + o), -n * inverse % k)
                         for o, n in terms if light + o != target], k)
                    decided[target] = 1
                    targets[light] = target
                    inverses[light] = inverse
                else:
                    if target >= 0 and not decided[target]:
                        unknown(target)
                    equations.append(light)
                    system.append(_combine([(forms.get(light + o), n) for o, n in terms], k))
                light += 1
        for press_row in freed[r]:
            forms.drop(press_row)
    # Presses no light decided reach no light: each a quiet pattern on its own.
    # Found by bytearray.find, in C (a loop over a million cells took 40 ms).
    press = decided.find(0)
    while press >= 0:
        decided[press] = 1
        unknowns.append(press)
        press = decided.find(0, press + 1)
    variables = len(unknowns)
    plan = _Plan(k, rows, cols, variant, variables, targets, inverses, unknowns, equations)
    if k == 2:
        plan.elimination = yield from gf2.eliminate_steps(system, variables)
        plan.generators = plan.elimination.kernel()
    else:
        plan.matrix = [list(row.to_bytes(variables, "little")) for row in system]
        # The kernel comes with the first board's solve: one elimination, not two.
    return plan


def _chase_plan(plan: _Plan, lights: list[int] | None, unknowns: list[int], lanes: int
                ) -> Steps[tuple[list[int], list[int]]]:
    """Every press, and what each equation light keeps, given the unknowns' values.

    With ``lanes`` = 1 values are numbers modulo k and ``lights`` the board's
    cell states. With more lanes (and no lights) each value packs one chase
    per lane, a bit each (k = 2) or a byte each, so one pass expands many
    quiet patterns. A light's forced press is still 0 when the light is
    reached, so summing all of its terms is the same as summing the others.
    """
    k, cols = plan.states, plan.cols
    patterns = _row_patterns(plan.rows, cols, plan.variant)
    targets, inverses = plan.targets, plan.inverses
    presses = [0] * (plan.rows * cols)
    for press, value in zip(plan.unknowns, unknowns, strict=True):
        presses[press] = value
    residuals = []
    packed = k > 2 and lanes > 1
    batch = max(1, (255 - (k - 1)) // ((k - 1) ** 2)) if packed else 0
    for r in range(plan.rows):
        if due():
            yield Progress(r, plan.rows, "Chasing the lights")
        light = r * cols
        for terms, _, _ in patterns(r):
            total = lights[light] if lights is not None else 0
            if k == 2:
                for offset, _ in terms:
                    total ^= presses[light + offset]
            elif packed:
                pending = 0
                for offset, coefficient in terms:
                    total += coefficient * presses[light + offset]
                    pending += 1
                    if pending == batch:
                        total, pending = modk.packed_mod(total, k), 0
                total = modk.packed_mod(total, k)
            else:
                for offset, coefficient in terms:
                    total += coefficient * presses[light + offset]
                total %= k
            target = targets[light]
            if target >= 0:
                if k == 2:
                    presses[target] = total
                elif packed:
                    presses[target] = modk.packed_mod(total * (-inverses[light] % k), k)
                else:
                    presses[target] = -total * inverses[light] % k
            else:
                residuals.append(total)
            light += 1
    return presses, residuals


def _expand_lanes(plan: _Plan, vectors: list) -> Steps[list[int]]:
    """The whole-board press patterns (packed like lights) of unknowns' values
    ``vectors`` (kernel vectors), one lane each in a single chase."""
    if not vectors:
        return []
    k, count, size = plan.states, len(vectors), plan.rows * plan.cols
    if k == 2:
        lanes = [sum(((v >> i) & 1) << j for j, v in enumerate(vectors))
                 for i in range(plan.variables)]
    else:
        lanes = [sum((v[i] % k) << (8 * j) for j, v in enumerate(vectors))
                 for i in range(plan.variables)]
    # One lane is a plain chase modulo k (packing would cost a reduction per cell).
    presses, _ = yield from _chase_plan(plan, None, lanes, count)
    # A million cells of 64 lanes take about a second to spread and slice: in
    # pieces, with progress between them.
    message, piece = "Building the quiet patterns", 1 << 16
    boards = []
    if k == 2:
        # Each cell's lanes as text, lane j at column count-1-j: slicing reads one lane.
        texts = []
        for start in range(0, size, piece):
            if due():
                yield Progress(start, size, message)
            texts.append("".join([format(v, f"0{count}b") for v in presses[start:start + piece]]))
        text = "".join(texts)
        for j in range(count):
            if due():
                yield Progress(j, count, message)
            lane = text[count - 1 - j::count]
            boards.append(int(lane[::-1], 2) if size else 0)
        return boards
    chunks = []
    for start in range(0, size, piece):
        if due():
            yield Progress(start, size, message)
        chunks.append(b"".join([v.to_bytes(count, "little") for v in presses[start:start + piece]]))
    data = b"".join(chunks)
    digits = bytes.maketrans(bytes(range(16)), _HEX_DIGITS.encode())
    for j in range(count):
        if due():
            yield Progress(j, count, message)
        lane = data[j::count].translate(digits)
        boards.append(int(lane[::-1], 16) if size else 0)
    return boards


def _combine(terms: list[tuple[int, int]], k: int) -> int:
    """Sum of ``coefficient * form``: XOR of bit sets for k = 2; for k > 2 the forms
    are packed one byte per variable (see :func:`modk.packed_mod`)."""
    total = 0
    if k == 2:
        for form, coefficient in terms:
            if coefficient & 1:
                total ^= form
        return total
    # Bytes hold values below k; adding up to ``batch`` products (each at most
    # (k-1)^2) keeps every byte below 256, so no carry crosses into the next.
    batch = max(1, (255 - (k - 1)) // ((k - 1) ** 2))
    pending = 0
    for form, coefficient in terms:
        if coefficient:
            total += form * coefficient
            pending += 1
            if pending == batch:
                total, pending = modk.packed_mod(total, k), 0
    return modk.packed_mod(total, k) if pending else total


def _solve_general(board: Board) -> Steps[tuple[int | None, _Plan]]:
    plan = yield from _plan_steps(board.rows, board.cols, board.variant)
    k = board.states
    values = board.values()
    _, left = yield from _chase_plan(plan, values, [0] * plan.variables, 1)
    rhs = [-x % k for x in left]
    if k == 2:
        assert plan.elimination is not None
        solved = plan.elimination.solve(sum(bit << i for i, bit in enumerate(rhs)))
        unknowns = None if solved is None else [(solved >> i) & 1 for i in range(plan.variables)]
    else:
        assert plan.matrix is not None
        solved = yield from modk.solve_steps(plan.matrix, rhs, plan.variables, k)
        if plan.generators is None and solved.particular is not None:
            plan.generators = solved.generators  # (an unsolvable system gives none)
        unknowns = solved.particular
    if unknowns is None:
        return None, plan
    presses, _ = yield from _chase_plan(plan, values, unknowns, 1)
    return Board.from_values(board.rows, board.cols, presses, board.variant).lights, plan


def _conflict(board: Board) -> Steps[int]:
    """Weights (packed like lights) that prove ``board`` unsolvable: a quiet pattern
    of the mirrored rules, i.e. a vector y with y A = 0, whose weighted sum of
    the lights is not 0. The lightest of the first few such patterns is chosen."""
    mirrored = board.variant.mapped(lambda dr, dc: (-dr, -dc))
    k = board.states
    values = board.values() if k > 2 else []

    def pairing(pattern: int) -> int:
        if k == 2:
            return (pattern & board.lights).bit_count() & 1
        weights = Board(board.rows, board.cols, pattern, board.variant).values()
        return sum(w * v for w, v in zip(weights, values, strict=True)) % k

    def witnesses(dual: Iterable[int]) -> Steps[list[int]]:
        found: list[int] = []
        for q in dual:
            if due():
                yield Progress(len(found), 8, "Looking for why it cannot be solved")
            if pairing(q):
                found.append(q)
                if len(found) == 8:
                    break
        return found

    if mirrored.is_classic:
        found = yield from witnesses(_classic_quiet(board.rows, board.cols))
    else:
        plan = yield from _plan_steps(board.rows, board.cols, mirrored)
        found = yield from witnesses((yield from plan.quiet_steps(SHOWN_QUIET_PATTERNS)))
        if not found:  # then the rest of a big kernel, in one chase
            rest = (yield from plan.quiet_steps())[SHOWN_QUIET_PATTERNS:]
            found = yield from witnesses(rest)
    return min(found, key=lambda q: _weight(q, k))


def _classic_quiet(rows: int, cols: int) -> tuple[int, ...]:
    """The quiet patterns of a classic board of this shape, in its orientation."""
    quiet = _shape(max(rows, cols), min(rows, cols)).quiet_patterns
    if cols > rows:
        flipped = Board(cols, rows)
        quiet = tuple(_transpose_packed(q, flipped) for q in quiet)
    return quiet


def _min_presses_mod(presses: int, quiet: tuple[int, ...], board: Board,
                     work_budget: int = gf2.DEFAULT_WORK_BUDGET
                     ) -> Steps[tuple[int, bool, int | None]]:
    """Fewest presses over ``presses`` + the span of ``quiet`` modulo k: the
    exhaustive enumeration of :func:`modk.min_weight_search` when it fits the
    budget, else a light solution found by annealing, unproven."""
    def values(packed: int) -> list[int]:
        return Board(board.rows, board.cols, packed, board.variant).values()

    generators = []
    for q in quiet:  # (a third of a second each on a million cells)
        if due():
            yield Progress(len(generators), len(quiet), "Preparing the fewest-press search")
        generators.append(values(q))
    best, proven, ties = yield from modk.min_weight_search(
        values(presses), generators, board.states, work_budget)
    return Board.from_values(board.rows, board.cols, best, board.variant).lights, proven, ties


#: The dense baseline's largest board: its time grows with the cube of the cells
#: (3 s for 60x60, about 16 s for 80x80 natively; bench/bench_lightsout.py).
DENSE_MAX_CELLS = 80 * 80


def solve_dense(board: Board, *, fewest: bool = True) -> Solution:
    """Solve by Gaussian elimination over all ``rows * cols`` unknowns, the seeds' way.

    Much slower than :func:`solve` on big boards; kept as the independent
    baseline that benchmarks and tests compare the light-chasing solver with.
    """
    size = board.size
    if size > DENSE_MAX_CELLS:
        seconds = size**3 / 1.5e10  # 3 s for 3,600 cells, measured; cubic
        raise PuzzleError(
            f"The dense baseline eliminates over every cell at once, about {seconds:,.0f} s "
            f"for these {size:,} cells, so it takes boards of up to {DENSE_MAX_CELLS:,} cells "
            f"(80x80); method \"chase\" (the default) solves this board.")
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


def random_presses(rows: int, cols: int, variant: Variant, rng: random.Random) -> int:
    """A uniformly random press set (packed), each cell pressed 0..k-1 times."""
    size, k = rows * cols, variant.states
    if k == 2:
        return rng.getrandbits(size)
    # Random bytes, those from the largest multiple of k below 256 up dropped
    # (so every digit is equally likely), the rest taken modulo k as hex
    # digits: all in C, where a randrange per cell took 0.3 s on a million cells.
    dropped = bytes(range(256 // k * k, 256))
    digits = b""
    while len(digits) < size:
        digits += rng.randbytes(size + size // 4 + 16).translate(None, dropped)
    to_hex = bytes(ord(_HEX_DIGITS[b % k]) for b in range(256))
    return int(digits[:size].translate(to_hex)[::-1], 16)


def random_solvable(
    rows: int, cols: int, rng: random.Random | None = None, variant: Variant = CLASSIC
) -> Board:
    """A board drawn uniformly from the solvable boards of this shape and rules (not
    all dark unless that is the only one): the image of uniformly random presses
    is uniform over the solvable boards, because pressing is linear."""
    check_shape(rows, cols)
    rng = rng or random.Random()
    blank = Board(rows, cols, 0, variant)
    for _ in range(64):
        board = blank.apply(random_presses(rows, cols, variant, rng))
        if board.lit:
            return board
    return board


#: The named difficulty levels: fewest-press counts as a share of the typical
#: fewest presses of a random solvable board of the shape (half the cells when
#: every board has one solution: hard is then 45% of the cells). A share of
#: the cells instead asked 9x9 for 36 presses, where random boards need about
#: 27 and no board came up.
LEVEL_SHARE = {"easy": 0.2, "medium": 0.5, "hard": 0.9}


def difficulty_presses(level: str | int, size: int, typical: float | None = None) -> int:
    """The fewest-press count a difficulty level asks for on a board of ``size``
    cells whose random boards need ``typical`` presses (``size / 2`` by default)."""
    if isinstance(level, int) and not isinstance(level, bool):
        if not 1 <= level <= size:
            raise PuzzleError(f"A board of {size} cells can need 1 to {size} presses, not {level}.")
        return level
    if level not in LEVEL_SHARE:
        raise PuzzleError("The difficulty must be easy, medium, hard or a number of presses.")
    return max(1, round(LEVEL_SHARE[level] * (size / 2 if typical is None else typical)))


#: The generator's search budget per draw, a quarter of the usual: many draws
#: may be needed, and a kernel that slow to prove (random 47x47) gives an
#: inexact board at once instead of seconds per draw.
GENERATOR_WORK_BUDGET = gf2.DEFAULT_WORK_BUDGET // 4
#: How long the generator keeps drawing boards (seconds) before it gives up.
GENERATOR_SECONDS = 10.0
#: Random boards solved to learn a shape's typical fewest presses.
TYPICAL_SAMPLES = 6


def generator_cost(rows: int, cols: int, variant: Variant) -> Cost:
    """The estimated cost of :func:`graded_board_steps`: a few solves and at most
    :data:`GENERATOR_SECONDS` of drawing."""
    return solve_cost(rows, cols, variant).times(3) + Cost(GENERATOR_SECONDS, 0)


def graded_board_steps(rows: int, cols: int, level: str | int, rng: random.Random,
                       variant: Variant = CLASSIC) -> Steps[tuple[Board, bool]]:
    """A board of a difficulty level (easy, medium, hard or a press count), with
    progress: see :func:`difficulty_presses` and :func:`random_with_presses_steps`.
    For a named level on a shape with quiet patterns, a few random boards are
    solved first to learn the typical fewest presses."""
    check_shape(rows, cols)
    if variant.states != 2:
        raise PuzzleError("Difficulty levels are defined for on/off boards (2 states).")
    typical = None
    if isinstance(level, str) and level in LEVEL_SHARE:
        blank = yield from solve_steps(Board(rows, cols, 0, variant), fewest=False)
        if blank.kernel_dimension:
            counts: list[int] = []
            # The job's own time (work_clock): other jobs' steps in between do not count.
            deadline = work_clock() + GENERATOR_SECONDS / 4
            while len(counts) < TYPICAL_SAMPLES and (not counts or work_clock() < deadline):
                yield Progress(len(counts), TYPICAL_SAMPLES, "Sizing up random boards")
                sample = random_solvable(rows, cols, rng, variant)
                solution = yield from solve_steps(sample, work_budget=GENERATOR_WORK_BUDGET)
                counts.append(solution.press_count or 0)
            typical = sum(counts) / len(counts)
    presses = difficulty_presses(level, rows * cols, typical)
    return (yield from random_with_presses_steps(rows, cols, presses, rng, variant))


def random_with_presses(
    rows: int, cols: int, presses: int, rng: random.Random, variant: Variant = CLASSIC,
    attempts: int = 400,
) -> tuple[Board, bool]:
    """:func:`random_with_presses_steps` run to its end."""
    return finish(random_with_presses_steps(rows, cols, presses, rng, variant, attempts))


def random_with_presses_steps(
    rows: int, cols: int, presses: int, rng: random.Random, variant: Variant = CLASSIC,
    attempts: int = 400,
) -> Steps[tuple[Board, bool]]:
    """A board whose fewest solution has exactly ``presses`` presses, drawn uniformly
    among all such boards; returns ``(board, exact)``.

    Rejection sampling: press a uniformly random set of that many cells and
    keep the board only if no smaller solution exists, and then only with
    probability 1 / (number of fewest solutions), since a board with t fewest
    solutions is reached by t press sets. Where the kernel is too large to
    prove fewest, the board is returned with ``exact`` False (it needs at
    most that many presses). Where only a lower bound proves it
    (:func:`press_lower_bound`), t is not known and is taken as 1; that is
    rare here (random 39x39 boards of 3 to 20 presses: the search itself
    proved each, with one fewest solution). Gives up after ``attempts`` draws
    or :data:`GENERATOR_SECONDS`.
    """
    check_shape(rows, cols)
    if variant.states != 2:
        raise PuzzleError("Difficulty levels are defined for on/off boards (2 states).")
    size = rows * cols
    blank = Board(rows, cols, 0, variant)
    deadline = work_clock() + GENERATOR_SECONDS
    for attempt in range(attempts):
        if attempt and work_clock() > deadline:
            break
        yield Progress(attempt, attempts, f"Drawing a board that needs {presses} presses")
        cells = rng.sample(range(size), presses)
        board = blank.apply(sum(1 << cell for cell in cells) if size < 4096 else
                            int("".join(_marks(cells, size))[::-1], 2))
        solution = yield from solve_steps(board, work_budget=GENERATOR_WORK_BUDGET)
        if not solution.proven_fewest:
            return board, False
        if solution.press_count == presses and rng.random() * (solution.fewest_solutions or 1) < 1:
            return board, True
    raise PuzzleError(
        f"No {rows}x{cols} board needing exactly {presses} presses turned up; "
        "try fewer presses (this size may not have such boards)."
    )


def _marks(cells: list[int], size: int) -> list[str]:
    """'1' at ``cells``, '0' elsewhere: a big set of cells as a bit string at C speed."""
    marks = ["0"] * size
    for cell in cells:
        marks[cell] = "1"
    return marks


MAX_GALLERY_CELLS = 900
#: The gallery's fewest-press searches share this many times one solve's budget.
GALLERY_SEARCHES = 4


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


# --- what a job costs, and refusing what cannot finish -------------------------

#: Whether this runs in the page's worker (Pyodide, WebAssembly) or natively.
IN_PAGE = sys.platform == "emscripten"
#: How much slower the page's worker runs Python than native CPython (2 to 3
#: times in the round trips of bench/bench_lightsout.py).
PAGE_SLOWDOWN = 2.5
#: The most one job may take where it runs; an estimate beyond either is refused.
JOB_SECONDS = 60.0
#: Memory per job at most: the page's worker has one WebAssembly heap (2 GB
#: at most, shared with Pyodide itself).
JOB_MEGABYTES = 1000.0 if IN_PAGE else 2000.0


def job_megabytes() -> float:
    """The memory (MB) a job may plan to use here: :data:`JOB_MEGABYTES`, or
    less where the process may take less (an address-space or container limit,
    read by :func:`limits.budget`), so that a job that cannot fit is refused
    up front in words instead of running out of memory."""
    return limits.budget(0.8, JOB_MEGABYTES * 1e6) / 1e6


@dataclass(frozen=True)
class Cost:
    """A job's estimated time (seconds, where it runs) and peak memory (MB)."""

    seconds: float
    megabytes: float

    @property
    def fits(self) -> bool:
        """Whether the job can finish within :data:`JOB_SECONDS` and :func:`job_megabytes`."""
        return self.seconds <= JOB_SECONDS and self.megabytes <= job_megabytes()

    def __add__(self, other: Cost) -> Cost:
        return Cost(self.seconds + other.seconds, max(self.megabytes, other.megabytes))

    def times(self, factor: float) -> Cost:
        """The time of ``factor`` such jobs run one after another."""
        return Cost(self.seconds * factor, self.megabytes)


@lru_cache(maxsize=32)
def _system_growth(variant: Variant) -> tuple[float, float, float, float, float, float]:
    """Unknowns and equations of a chase plan as ``a + b * rows + c * cols`` each,
    fitted on three small boards: the plan's structure repeats row by row and
    column by column away from the edges, so the fit extrapolates."""
    reach = max(max(abs(dr), abs(dc)) for dr, dc in variant.offsets)
    side = 2 * reach + 3
    counts = []
    for rows, cols in ((side, side), (2 * side, side), (side, 2 * side)):
        plan = finish(_build_plan(rows, cols, variant))
        counts.append((plan.variables, len(plan.equations)))
    (v1, e1), (v2, e2), (v3, e3) = counts
    vb, vc, eb, ec = (v2 - v1) / side, (v3 - v1) / side, (e2 - e1) / side, (e3 - e1) / side
    return v1 - (vb + vc) * side, vb, vc, e1 - (eb + ec) * side, eb, ec


def _system_size(rows: int, cols: int, variant: Variant) -> tuple[int, int]:
    """Estimated unknowns and equations of the plan :func:`solve` uses (it chases
    along the longer side)."""
    if cols > rows:
        rows, cols, variant = cols, rows, variant.mapped(lambda dr, dc: (dc, dr))
    if variant.is_classic:
        return cols, cols
    va, vb, vc, ea, eb, ec = _system_growth(variant)
    size = rows * cols
    unknowns = min(size, max(1, round(va + vb * rows + vc * cols)))
    return unknowns, min(size, max(0, round(ea + eb * rows + ec * cols)))


def _where(cost: Cost) -> Cost:
    return Cost(cost.seconds * PAGE_SLOWDOWN, cost.megabytes) if IN_PAGE else cost


def _native_solve_cost(rows: int, cols: int, variant: Variant, boards: int = 1) -> Cost:
    """The native cost of the first solve of a shape and ``boards - 1`` more:
    the constants are CPU seconds per operation measured on this solver
    (bench/bench_lightsout.py, the "estimate" column, compares them)."""
    size, k = rows * cols, variant.states
    if variant.is_classic:
        # Classic: a chase of whole rows and one system of min(rows, cols) unknowns.
        side = min(rows, cols)
        seconds = size * 1e-6 + side**3 / 64 * 2e-9 + boards * size * 0.5e-6
        return Cost(seconds, 30 + size * 40e-6)
    unknowns, equations = _system_size(rows, cols, variant)
    terms = len(variant.offsets)
    form_bytes = unknowns / 8 if k == 2 else unknowns
    whole_rows = _row_chase(variant, max(rows, cols), min(rows, cols)) is not None
    # Per cell and stencil term: a big-int operation on a form (XOR is cheaper
    # than a multiply-add and reduction), and the loop, unless whole rows go at once.
    byte = 1e-9 if k == 2 else 3e-9
    build = size * terms * (byte * form_bytes + (0.05e-6 if whole_rows else 0.4e-6))
    chase = size * terms * 0.1e-6 + size * 0.5e-6  # a numeric chase, and the board's values
    if k == 2:
        eliminate = unknowns * equations * (form_bytes * 0.5e-9 + 40e-9)
        per_board = 0.0
    else:
        # Byte-packed rows up to q = 13 (modk.PACKED_PRIME_LIMIT), lists above.
        eliminate = sum((5e-9 if q <= modk.PACKED_PRIME_LIMIT else 80e-9)
                        * unknowns * equations * unknowns for _, q in modk.prime_powers(k))
        per_board = eliminate  # a k-state solve eliminates again for its right-hand side
    search = 5.0  # the fewest-press search stops at its work budget: seconds
    if boards > 1:  # the gallery: its searches share GALLERY_SEARCHES budgets
        search = GALLERY_SEARCHES * search / boards
    seconds = build + eliminate + 3 * chase + search + (boards - 1) * (
        per_board + 2 * chase + search)
    reach = max(max(abs(dr), abs(dc)) for dr, dc in variant.offsets)
    window = (2 * reach + 3) * max(rows, cols) * form_bytes * 3
    system = equations * form_bytes * 3 + (equations * unknowns * 8 * 3 if k > 2 else 0)
    # Per cell: the plan, three lists, and the expansion of up to 64 quiet
    # patterns (a lane int per cell, then its text or bytes to slice the lanes
    # from): 271 MB for the 1000x1000 torus, 258 MB with 3 states (--big).
    per_cell = 6 + 3 * 8 + 230
    return Cost(seconds, 30 + (window + system + size * per_cell) / 1e6)


def solve_cost(rows: int, cols: int, variant: Variant) -> Cost:
    """The estimated cost of :func:`solve` on a board of this shape and rules,
    where this runs (natively, or slower in the page's worker)."""
    return _where(_native_solve_cost(rows, cols, variant))


def gallery_cost(rows: int, cols: int, variant: Variant) -> Cost:
    """The estimated cost of :func:`gallery_steps`: a solve per cell."""
    return _where(_native_solve_cost(rows, cols, variant, rows * cols))


def _shape_name(rows: int, cols: int, variant: Variant) -> str:
    rules = [variant.neighbourhood if variant.neighbourhood in NEIGHBOURHOODS
             else f"stencil {variant.neighbourhood}"]
    if variant.wrap:
        rules.append("wrap")
    if variant.states != 2:
        rules.append(f"{variant.states} states")
    return f"{cols}x{rows} board ({', '.join(rules)})"


def _article(number: str) -> str:
    """"an" before a number said with a vowel first (8, 11, 18, 80, 800 ...), else "a"."""
    digits = number.split("x")[0]
    return "an" if digits.startswith("8") or digits in ("11", "18") else "a"


def check_cost(what: str, rows: int, cols: int, variant: Variant,
               estimate: Callable[[int, int, Variant], Cost]) -> None:
    """Refuse up front, in one sentence naming the limit and what would fit
    instead, a job whose ``estimate`` does not fit where this runs."""
    cost = estimate(rows, cols, variant)
    if cost.fits:
        return
    where = "in the page" if IN_PAGE else "here"
    limit = (f"{JOB_SECONDS:.0f} s" if cost.seconds > JOB_SECONDS
             else f"{job_megabytes():.0f} MB")
    need = (f"about {cost.seconds:.0f} s" if cost.seconds > JOB_SECONDS
            else f"about {cost.megabytes:.0f} MB")
    smaller = None
    for tenth in range(9, 0, -1):
        r, c = max(1, rows * tenth // 10), max(1, cols * tenth // 10)
        if estimate(r, c, variant).fits:
            smaller = f"{c}x{r}"
            break
    instead = (f"{_article(smaller)} {smaller} board with these rules fits" if smaller
               else "a smaller board fits")
    if IN_PAGE and _native_solve_cost(rows, cols, variant).fits and estimate is solve_cost:
        instead += ", and the command line (python3 -m puzzlelab) solves this one natively"
    raise PuzzleError(
        f"{what} {_article(str(cols))} {_shape_name(rows, cols, variant)} needs {need} {where}, "
        "over the "
        f"limit of {limit} for one job; {instead}.")
