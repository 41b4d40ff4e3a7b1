"""The binary puzzle's grid: its shape, givens and entries, and its notation.

A grid keeps two bitmasks per row, ``ones[r]`` and ``zeros[r]`` (bit ``c`` is
column ``c``), for its givens and for the player's entries. It reads and
writes the plain grid (``0``, ``1``, ``.``, rows joined by ``/``) and the
game ID ``COLSxROWS:GIVENS[:ENTRIES]`` described in :mod:`puzzlelab.binairo`.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlelab.notation import (
    PuzzleError,
    decode_runs,
    encode_runs,
    parse_rows,
    read_sized,
    sized_id,
    sized_pattern,
)

MIN_SIDE = 2
MAX_SIDE = 16
GRID_MEANING = "0, 1, or . for an empty cell"
_GAME_ID = sized_pattern("[01a-z]*", parts=2)  # COLSxROWS:GIVENS[:ENTRIES]


def check_shape(rows: int, cols: int) -> None:
    """Reject shapes that are not even by even within 2..16, with a clear message."""
    for name, value in (("rows", rows), ("columns", cols)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise PuzzleError(f"The number of {name} must be a whole number.")
        if not MIN_SIDE <= value <= MAX_SIDE or value % 2:
            raise PuzzleError(
                f"A binary puzzle needs an even number of {name} from {MIN_SIDE} to "
                f"{MAX_SIDE}; {value} is not."
            )


@dataclass(frozen=True)
class Grid:
    """A binary puzzle: its givens and the player's entries, as row bitmasks."""

    rows: int
    cols: int
    given_ones: tuple[int, ...]
    given_zeros: tuple[int, ...]
    entry_ones: tuple[int, ...] = ()
    entry_zeros: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.entry_ones:
            object.__setattr__(self, "entry_ones", (0,) * self.rows)
            object.__setattr__(self, "entry_zeros", (0,) * self.rows)

    @classmethod
    def empty(cls, rows: int, cols: int) -> Grid:
        """The empty grid of a shape."""
        check_shape(rows, cols)
        return cls(rows, cols, (0,) * rows, (0,) * rows)

    @classmethod
    def from_masks(cls, rows: int, cols: int, ones: list[int], zeros: list[int]) -> Grid:
        """A grid whose digits are all givens."""
        return cls(rows, cols, tuple(ones), tuple(zeros))

    @classmethod
    def parse(cls, text: str) -> Grid:
        """A game ID (``8x8:...``) or a plain grid of ``0``, ``1`` and ``.``."""
        sized, stripped = read_sized(
            text, _GAME_ID, check_shape, "The grid must be text: rows of 0, 1 and . joined by '/'."
        )
        if sized:
            cols, rows = sized.cols, sized.rows
            givens_text, entries_text = sized.parts
            given = decode_runs(givens_text or "", rows * cols, "givens")
            entries = decode_runs(entries_text, rows * cols, "entries") if entries_text else None
            gone, gzero = _cells_to_masks(given, rows, cols)
            if entries is None:
                return cls(rows, cols, tuple(gone), tuple(gzero))
            eone, ezero = _cells_to_masks(entries, rows, cols)
            for r in range(rows):
                if (eone[r] | ezero[r]) & (gone[r] | gzero[r]):
                    raise PuzzleError("The game ID has an entry on a given cell.")
            return cls(rows, cols, tuple(gone), tuple(gzero), tuple(eone), tuple(ezero))
        if ":" in stripped:
            raise PuzzleError(
                "A binary puzzle game ID looks like 8x8:GIVENS[:ENTRIES] with digits 0/1 and "
                "letters a-z for runs of empty cells."
            )
        lines = parse_rows(stripped, "01.", GRID_MEANING)
        check_shape(len(lines), len(lines[0]))
        ones, zeros = _cells_to_masks("".join(lines), len(lines), len(lines[0]))
        return cls(len(lines), len(lines[0]), tuple(ones), tuple(zeros))

    @property
    def ones(self) -> list[int]:
        """Every known 1 (givens and entries), per row."""
        return [g | e for g, e in zip(self.given_ones, self.entry_ones, strict=True)]

    @property
    def zeros(self) -> list[int]:
        """Every known 0 (givens and entries), per row."""
        return [g | e for g, e in zip(self.given_zeros, self.entry_zeros, strict=True)]

    @property
    def full(self) -> int:
        """The mask of a whole row."""
        return (1 << self.cols) - 1

    def cell(self, row: int, col: int) -> str:
        """``'0'``, ``'1'`` or ``'.'`` at (row, col), givens and entries alike."""
        if (self.given_ones[row] | self.entry_ones[row]) >> col & 1:
            return "1"
        if (self.given_zeros[row] | self.entry_zeros[row]) >> col & 1:
            return "0"
        return "."

    def is_given(self, row: int, col: int) -> bool:
        """Whether (row, col) is a locked given."""
        return bool((self.given_ones[row] | self.given_zeros[row]) >> col & 1)

    @property
    def grid(self) -> str:
        """The plain grid (givens and entries alike), rows joined by ``/``."""
        return "/".join(
            "".join(self.cell(r, c) for c in range(self.cols)) for r in range(self.rows)
        )

    @property
    def givens_grid(self) -> str:
        """The plain grid of the givens alone."""
        return self.puzzle().grid

    @property
    def game_id(self) -> str:
        """``COLSxROWS:GIVENS[:ENTRIES]``, see the module notes."""
        given = _encode_cells(self.given_ones, self.given_zeros, self.cols)
        if not any(self.entry_ones) and not any(self.entry_zeros):
            return sized_id(self.cols, self.rows, given)
        entries = _encode_cells(self.entry_ones, self.entry_zeros, self.cols)
        return sized_id(self.cols, self.rows, given, entries)

    @property
    def filled(self) -> int:
        """How many cells hold a digit."""
        return sum((o | z).bit_count() for o, z in zip(self.ones, self.zeros, strict=True))

    @property
    def clue_count(self) -> int:
        """How many givens."""
        return sum(
            (o | z).bit_count() for o, z in zip(self.given_ones, self.given_zeros, strict=True)
        )

    def puzzle(self) -> Grid:
        """The givens alone, without the player's entries."""
        return Grid(self.rows, self.cols, self.given_ones, self.given_zeros)

    def with_entry(self, row: int, col: int, value: str) -> Grid:
        """The grid with the player's digit at (row, col) set to ``value`` (``.`` clears)."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise PuzzleError(f"There is no cell ({row}, {col}) on a {self.cols}x{self.rows} grid.")
        if self.is_given(row, col):
            raise PuzzleError("That cell is a given: it cannot be changed.")
        if value not in ("0", "1", "."):
            raise PuzzleError("A cell holds 0, 1 or . (empty).")
        bit = 1 << col
        ones, zeros = list(self.entry_ones), list(self.entry_zeros)
        ones[row] &= ~bit
        zeros[row] &= ~bit
        if value == "1":
            ones[row] |= bit
        elif value == "0":
            zeros[row] |= bit
        return Grid(
            self.rows, self.cols, self.given_ones, self.given_zeros, tuple(ones), tuple(zeros)
        )

    def with_entries(self, ones: list[int], zeros: list[int]) -> Grid:
        """The grid with every non-given cell set from ``ones``/``zeros`` (e.g. a solution)."""
        locked = [o | z for o, z in zip(self.given_ones, self.given_zeros, strict=True)]
        return Grid(
            self.rows,
            self.cols,
            self.given_ones,
            self.given_zeros,
            tuple(o & ~k for o, k in zip(ones, locked, strict=True)),
            tuple(z & ~k for z, k in zip(zeros, locked, strict=True)),
        )


def _cells_to_masks(cells: str, rows: int, cols: int) -> tuple[list[int], list[int]]:
    ones, zeros = [0] * rows, [0] * rows
    for index, char in enumerate(cells):
        r, c = divmod(index, cols)
        if char == "1":
            ones[r] |= 1 << c
        elif char == "0":
            zeros[r] |= 1 << c
    return ones, zeros


def _encode_cells(ones: tuple[int, ...], zeros: tuple[int, ...], cols: int) -> str:
    """Row masks as a run-length part: 0, 1, and a..z for runs of empty cells."""
    cells = "".join(
        "1" if o >> c & 1 else "0" if z >> c & 1 else "."
        for o, z in zip(ones, zeros, strict=True)
        for c in range(cols)
    )
    return encode_runs(cells)


def rows_text(ones: list[int], cols: int) -> list[str]:
    """A complete grid's rows as text."""
    return ["".join("1" if o >> c & 1 else "0" for c in range(cols)) for o in ones]
