"""A Lights Out board: its shape, its lights packed in one int, its game ID,
and what presses do to it.

For two states bit ``r * cols + c`` is lit cell (r, c); for k states each
cell takes a hex digit. A press set is packed the same way, and its effect
is a handful of masked shifts of the whole board (:func:`_pieces`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from puzzlelab.lightsout import modk
from puzzlelab.lightsout.variant import _GAME_ID, CLASSIC, Variant
from puzzlelab.notation import (
    PuzzleError,
    bits_to_hex,
    bits_to_rows,
    hex_to_bits,
    parse_rows,
    read_sized,
    rows_to_bits,
    sized_id,
)

MAX_SIDE = 1000


GRID_MEANING = "1 for a lit cell and 0 for a dark one"
_HEX_DIGITS = "0123456789abcdef"


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
        sized, stripped = read_sized(
            text, _GAME_ID, check_shape, "A Lights Out board must be given as text."
        )
        if sized:
            cols, rows, (cells,) = sized.cols, sized.rows, sized.parts
            written = Variant.from_options(sized.options)
            bits = _cell_bits(written.states)
            lights = hex_to_bits(cells or "", rows * cols * bits) if bits == 1 else _hex_cells(
                cells or "", rows * cols, written.states
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
        return sized_id(self.cols, self.rows, payload, options=self.variant.options)

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
        variant = self.variant.transposed()
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


def cells_of(bits: int, cols: int) -> list[tuple[int, int]]:
    """The set bits of a board as (row, col) pairs in reading order."""
    # Scanning the binary text is linear; peeling bits off a million-bit int
    # one at a time would copy it each time.
    text = format(bits, "b")[::-1]
    return [divmod(match.start(), cols) for match in re.finditer("1", text)]


def _transpose_packed(packed: int, board: Board) -> int:
    """Transpose a packed cell set of ``board``'s shape (press sets, patterns)."""
    return Board(board.rows, board.cols, packed, board.variant).transposed().lights
