"""The binary puzzle (Takuzu, Binairo): rules, solver, hints, rating, counting.

Rules: every cell holds 0 or 1; each row and each column holds as many 0s as
1s; no three equal digits side by side in a row or column; no two rows are
equal and no two columns are equal. A *good* puzzle has exactly one solution.

Representation. A grid of ``rows`` x ``cols`` cells (both even, 2..16) is
kept as two bitmasks per row: ``ones[r]`` and ``zeros[r]`` (bit ``c`` is
column ``c``); the columns are the same masks transposed. A line of length
``n`` is valid when it is one of the precomputed :func:`valid_lines` (2, 6,
14, 34, 84, 208, 518 of them for n = 2..14, OEIS A177790).

Notation. A plain grid uses ``0``, ``1`` and ``.`` (empty), rows joined by
``/``; every digit in it is a given. The game ID also says which digits are
the player's: ``COLSxROWS:GIVENS[:ENTRIES]``, each part the cells in reading
order where ``0``/``1`` is a digit and a letter ``a``..``z`` stands for 1..26
empty cells (``8x8:1b0...``). ENTRIES lists the player's digits on the cells
that are not givens. Both parts are URL-safe and the form round-trips.

Solver. Propagation is *line completion*: a line's candidates are the valid
lines that agree with its known cells and differ from every completed line of
the same direction; a cell equal in all candidates is forced. That closure
subsumes the human rules (pair, sandwich, balance, no-duplicate, balance
look-ahead). Where it stops, the search branches on one cell of the line with the
fewest candidates (the cell that splits them most evenly), propagating
again in each branch; the uniqueness test stops at
the second solution.

Human rules, for hints and difficulty, in order of strength:

* easy: ``pair`` (two equal neighbours: the cells on either end differ),
  ``sandwich`` (x.x: the middle differs), ``balance`` (a line with half of
  one digit: the rest is the other);
* medium: ``lookahead`` (every valid completion of the line agrees on a
  cell) and ``duplicate`` (the same, once completed lines are excluded);
* hard: ``contradiction`` (one value of a cell, propagated with the medium
  rules, leads to a contradiction). A puzzle that needs more than that
  needs ``search``; it is rated hard too, and said so.

Counting. :func:`count_steps` counts exactly. A solution is an ordered
choice of distinct valid rows; column balance and "no two columns equal"
depend only on the *set* of rows, and only "no three equal down a column"
depends on their order (through each three consecutive rows). So grids of
four rows or more are counted by meeting in the middle: the top half is
tabulated by (set of rows, last two rows) with its number of orderings, the
bottom half likewise from the bottom up, and the two are joined on
complementary column sums, disjoint sets, no pair of columns equal in both,
and no three equal across the seam (see :func:`_count_halves`); the grid is
first turned on its diagonal when that makes the half tables smaller. This
gives A253316 (72; 4,140; 4,111,116; 48,183,195,384): the empty 8x8 in about
0.2 s natively, the empty 10x10 in about 75 s and 4 GB natively, pure Python.
Where a half's table would outgrow :data:`HALF_LIMIT` (in the page: empty
grids from 10x10 up), and for grids of fewer than four rows and columns, the
row-by-row search of :func:`_count_rows` counts instead: slower (hours for an
empty 10x10), but its memory is bounded.
Progress reports carry an estimate of the time left.
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from puzzlelab.jobs import Progress, Steps, finish
from puzzlelab.notation import PuzzleError, parse_rows

MIN_SIDE = 2
MAX_SIDE = 16
GRID_MEANING = "0, 1, or . for an empty cell"
DIFFICULTIES = ("easy", "medium", "hard")
#: Counting forgets its memo beyond this many entries (roughly half a GB).
MEMO_LIMIT = 1_000_000
RULE_LEVEL = {
    "pair": "easy",
    "sandwich": "easy",
    "balance": "easy",
    "lookahead": "medium",
    "duplicate": "medium",
    "contradiction": "hard",
}
_GAME_ID = re.compile(r"(\d+)x(\d+):([01a-z]*)(?::([01a-z]*))?")


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


@cache
def valid_lines(length: int) -> tuple[int, ...]:
    """Every valid line of ``length`` cells as a bitmask: balanced, no three equal in a row."""
    full = (1 << length) - 1
    lines = []
    for value in range(1 << length):
        if value.bit_count() * 2 != length:
            continue
        ones = value & (value >> 1) & (value >> 2)
        inverse = ~value & full
        if ones or inverse & (inverse >> 1) & (inverse >> 2):
            continue
        lines.append(value)
    return tuple(lines)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def transpose(masks: list[int], length: int) -> list[int]:
    """Row masks of a grid ``length`` columns wide, as column masks (bit r = row r)."""
    out = [0] * length
    for r, mask in enumerate(masks):
        for c in _bits(mask):
            out[c] |= 1 << r
    return out


# --- the grid and its notation ---------------------------------------------


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
        if not isinstance(text, str):
            raise PuzzleError("The grid must be text: rows of 0, 1 and . joined by '/'.")
        stripped = text.strip()
        match = _GAME_ID.fullmatch(stripped)
        if match:
            cols, rows = int(match[1]), int(match[2])
            check_shape(rows, cols)
            given = _decode_cells(match[3], rows * cols, "givens")
            entries = _decode_cells(match[4] or "", rows * cols, "entries") if match[4] else None
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
        size = f"{self.cols}x{self.rows}"
        given = _encode_cells(self.given_ones, self.given_zeros, self.cols)
        if not any(self.entry_ones) and not any(self.entry_zeros):
            return f"{size}:{given}"
        entries = _encode_cells(self.entry_ones, self.entry_zeros, self.cols)
        return f"{size}:{given}:{entries}"

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


def _decode_cells(text: str, size: int, part: str) -> str:
    cells = []
    for char in text:
        cells.append("." * (ord(char) - ord("a") + 1) if "a" <= char <= "z" else char)
    out = "".join(cells)
    if len(out) != size:
        raise PuzzleError(f"The game ID's {part} describe {len(out)} cells, not {size}.")
    return out


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
    out = []
    run = 0
    for o, z in zip(ones, zeros, strict=True):
        for c in range(cols):
            digit = "1" if o >> c & 1 else "0" if z >> c & 1 else None
            if digit is None:
                run += 1
                if run == 26:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            out.append(digit)
    if run:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)


def rows_text(ones: list[int], cols: int) -> list[str]:
    """A complete grid's rows as text."""
    return ["".join("1" if o >> c & 1 else "0" for c in range(cols)) for o in ones]


# --- rule checking ----------------------------------------------------------


def line_errors(ones: int, zeros: int, length: int) -> int:
    """The cells of one line that break a rule visibly (three in a row, too many of a digit)."""
    bad = 0
    for mask in (ones, zeros):
        triple = mask & (mask >> 1) & (mask >> 2)
        bad |= triple | triple << 1 | triple << 2
        if mask.bit_count() * 2 > length:
            bad |= mask
    return bad


def errors(grid: Grid) -> list[tuple[int, int]]:
    """Cells that visibly break a rule: three in a row, too many of a digit, equal full lines."""
    bad = [0] * grid.rows
    ones, zeros = grid.ones, grid.zeros
    for r in range(grid.rows):
        bad[r] |= line_errors(ones[r], zeros[r], grid.cols)
    cones, czeros = transpose(ones, grid.cols), transpose(zeros, grid.cols)
    for c in range(grid.cols):
        for r in _bits(line_errors(cones[c], czeros[c], grid.rows)):
            bad[r] |= 1 << c
    full = grid.full
    seen: dict[int, int] = {}
    for r in range(grid.rows):
        if ones[r] | zeros[r] == full:
            if ones[r] in seen:
                bad[r] |= full
                bad[seen[ones[r]]] |= full
            seen[ones[r]] = r
    cfull = (1 << grid.rows) - 1
    seen = {}
    for c in range(grid.cols):
        if cones[c] | czeros[c] == cfull:
            if cones[c] in seen:
                for r in range(grid.rows):
                    bad[r] |= 1 << c | 1 << seen[cones[c]]
            seen[cones[c]] = c
    return [(r, c) for r in range(grid.rows) for c in _bits(bad[r])]


def is_solution(rows: list[str]) -> bool:
    """Whether complete text rows satisfy every rule."""
    height, width = len(rows), len(rows[0])
    table_r, table_c = set(valid_lines(width)), set(valid_lines(height))
    masks = [int(row[::-1], 2) for row in rows]
    columns = transpose(masks, width)
    return (
        all(m in table_r for m in masks)
        and all(m in table_c for m in columns)
        and len(set(masks)) == height
        and len(set(columns)) == width
    )


# --- propagation and search -------------------------------------------------


class _Lines:
    """Line-completion state: known masks and candidate lists for rows and columns."""

    __slots__ = ("c0", "c1", "cc", "cols", "r0", "r1", "rc", "rows")

    def __init__(self, rows: int, cols: int, ones: list[int], zeros: list[int]) -> None:
        self.rows, self.cols = rows, cols
        self.r1, self.r0 = list(ones), list(zeros)
        self.c1, self.c0 = transpose(ones, cols), transpose(zeros, cols)
        self.rc: list[tuple[int, ...]] = [valid_lines(cols)] * rows
        self.cc: list[tuple[int, ...]] = [valid_lines(rows)] * cols

    def copy(self) -> _Lines:
        other = object.__new__(_Lines)
        other.rows, other.cols = self.rows, self.cols
        other.r1, other.r0, other.c1, other.c0 = self.r1[:], self.r0[:], self.c1[:], self.c0[:]
        other.rc, other.cc = self.rc[:], self.cc[:]
        return other

    def set(self, row: int, col: int, value: int) -> None:
        if value:
            self.r1[row] |= 1 << col
            self.c1[col] |= 1 << row
        else:
            self.r0[row] |= 1 << col
            self.c0[col] |= 1 << row

    def solved(self) -> bool:
        full = (1 << self.cols) - 1
        return all(o | z == full for o, z in zip(self.r1, self.r0, strict=True))

    def propagate(
        self, duplicates: bool = True, dirty: tuple[set[int], set[int]] | None = None
    ) -> tuple[str, int] | None:
        """Line completion to a fixpoint; returns the failing line (``("row", r)``) or None.

        ``dirty`` names the rows and columns that changed since the last fixpoint
        (all of them by default).
        """
        rows, cols = self.rows, self.cols
        dirty_r, dirty_c = dirty or (set(range(rows)), set(range(cols)))
        while dirty_r or dirty_c:
            failed = _settle(dirty_r, self.r1, self.r0, self.rc, self.c1, self.c0, dirty_c,
                             cols, duplicates)
            if failed is not None:
                return ("row", failed)
            failed = _settle(dirty_c, self.c1, self.c0, self.cc, self.r1, self.r0, dirty_r,
                             rows, duplicates)
            if failed is not None:
                return ("column", failed)
        return None


@lru_cache(maxsize=1 << 17)
def _fits(length: int, one: int, zero: int) -> tuple[tuple[int, ...], int, int]:
    """The valid lines with these known cells, and the cells they all agree on.

    Cached: search branches and puzzles of one size meet the same line
    patterns again and again.
    """
    full = (1 << length) - 1
    kept = tuple(v for v in valid_lines(length) if v & one == one and not v & zero)
    both, either = full, 0
    for v in kept:
        both &= v
        either |= v
    return kept, both, either


def _settle(dirty: set[int], m1: list[int], m0: list[int], cands: list[tuple[int, ...]],
            x1: list[int], x0: list[int], cross_dirty: set[int], length: int,
            duplicates: bool) -> int | None:
    """Line completion on the dirty lines of one direction; returns a failing line or None.

    ``m1``/``m0``/``cands`` are this direction's masks and candidates, ``x1``/``x0``
    the crossing direction's masks, whose changed lines go into ``cross_dirty``.
    """
    full = (1 << length) - 1
    count = len(m1)
    done: dict[int, int] = {}  # completed line value -> its index
    if duplicates:
        for o in range(count):
            if m1[o] | m0[o] == full:
                if m1[o] in done:
                    return o
                done[m1[o]] = o
    while dirty:
        i = dirty.pop()
        one, zero = m1[i], m0[i]
        if one | zero == full:
            # Filled from the crossing lines: it must be one of its candidates.
            if one not in cands[i] or (duplicates and done.get(one, i) != i):
                return i
            if len(cands[i]) > 1:
                cands[i] = (one,)
                if duplicates:
                    done[one] = i
                    dirty.update(o for o in range(count) if o != i and m1[o] | m0[o] != full)
            continue
        kept, both, either = _fits(length, one, zero)
        if done and not done.keys().isdisjoint(kept):
            kept = tuple(v for v in kept if v not in done)
            both, either = full, 0
            for v in kept:
                both &= v
                either |= v
        if not kept:
            return i
        cands[i] = kept
        new1, new0 = both & ~one, ~either & full & ~zero
        if not (new1 or new0):
            continue
        m1[i] |= new1
        m0[i] |= new0
        bit = 1 << i
        for j in _bits(new1):
            x1[j] |= bit
            cross_dirty.add(j)
        for j in _bits(new0):
            x0[j] |= bit
            cross_dirty.add(j)
        if len(kept) == 1 and duplicates:
            # A completed line rules its value out for every other line.
            done[kept[0]] = i
            dirty.update(o for o in range(count) if o != i and m1[o] | m0[o] != full)
    return None


def _search(state: _Lines, limit: int, found: list[list[int]], rng: random.Random | None,
            dirty: tuple[set[int], set[int]] | None = None) -> None:
    if state.propagate(dirty=dirty) is not None:
        return
    rfull, cfull = (1 << state.cols) - 1, (1 << state.rows) - 1
    best = None
    for r in range(state.rows):
        if state.r1[r] | state.r0[r] != rfull and (best is None or len(state.rc[r]) < best[2]):
            best = ("row", r, len(state.rc[r]))
    for c in range(state.cols):
        if state.c1[c] | state.c0[c] != cfull and (best is None or len(state.cc[c]) < best[2]):
            best = ("column", c, len(state.cc[c]))
    if best is None:
        found.append(state.r1[:])
        return
    # Branch on one cell of the most constrained line: the one whose digit splits
    # that line's candidates most evenly, so that each branch prunes the most.
    kind, index, size = best
    options = state.rc[index] if kind == "row" else state.cc[index]
    length = state.cols if kind == "row" else state.rows
    known = (state.r1[index] | state.r0[index]) if kind == "row" else (
        state.c1[index] | state.c0[index])
    _, pos = min(
        (abs(2 * sum(v >> p & 1 for v in options) - size), p)
        for p in range(length)
        if not known >> p & 1
    )
    ones = sum(v >> pos & 1 for v in options)
    first = 1 if 2 * ones >= size else 0
    if rng is not None:
        first = rng.randrange(2)
    r, c = (index, pos) if kind == "row" else (pos, index)
    for value in (first, 1 - first):
        branch = state.copy()
        branch.set(r, c, value)
        _search(branch, limit, found, rng, ({r}, {c}))
        if len(found) >= limit:
            return


def solutions(grid: Grid, limit: int = 2, rng: random.Random | None = None) -> list[list[int]]:
    """Up to ``limit`` solutions of the grid (givens and entries), each as row masks of ones."""
    found: list[list[int]] = []
    _search(_Lines(grid.rows, grid.cols, grid.ones, grid.zeros), limit, found, rng)
    return found


def random_solution(rows: int, cols: int, rng: random.Random) -> list[int]:
    """A uniformly chosen branch order gives a random complete grid of the shape."""
    check_shape(rows, cols)
    found = solutions(Grid.empty(rows, cols), 1, rng)
    if not found:
        raise PuzzleError(f"A {cols}x{rows} grid has no solution.")
    return found[0]


# --- human rules: hints and difficulty --------------------------------------


@dataclass(frozen=True)
class Deduction:
    """One step a person could take: the rule, the cells it fills and the cells proving it."""

    rule: str
    cells: tuple[tuple[int, int, int], ...]  # (row, col, value)
    proof: tuple[tuple[int, int], ...]
    text: str

    @property
    def level(self) -> str:
        """easy, medium or hard."""
        return RULE_LEVEL[self.rule]


def _line_cells(kind: str, index: int, positions: int) -> list[tuple[int, int]]:
    return [(index, p) if kind == "row" else (p, index) for p in _bits(positions)]


def _describe(kind: str, index: int) -> str:
    return f"{kind} {index + 1}"


def _easy_in_line(one: int, zero: int, length: int, kind: str, index: int) -> Deduction | None:
    full = (1 << length) - 1
    unknown = full & ~(one | zero)
    if not unknown:
        return None
    for rule in ("pair", "sandwich"):
        for digit, mask in (("1", one), ("0", zero)):
            if rule == "pair":
                pairs = mask & (mask >> 1)
                for p in _bits(pairs):
                    # The cells just before and just after the pair (none before at 0).
                    targets = (1 << (p + 2) | 1 << p >> 1) & unknown
                    if targets:
                        t = next(_bits(targets))
                        value = 1 - int(digit)
                        return Deduction(
                            "pair",
                            tuple((r, c, value) for r, c in _line_cells(kind, index, 1 << t)),
                            tuple(_line_cells(kind, index, 3 << p)),
                            f"Pair: two {digit}s side by side in {_describe(kind, index)}, so "
                            f"the cell next to them must be {value}.",
                        )
            else:
                gaps = mask & (mask >> 2) & (unknown >> 1)
                if gaps:
                    p = next(_bits(gaps))
                    value = 1 - int(digit)
                    return Deduction(
                        "sandwich",
                        tuple((r, c, value) for r, c in _line_cells(kind, index, 2 << p)),
                        tuple(_line_cells(kind, index, 5 << p)),
                        f"Sandwich: a gap between two {digit}s in {_describe(kind, index)} "
                        f"must be {value}.",
                    )
    for digit, mask in (("1", one), ("0", zero)):
        if mask.bit_count() * 2 == length:
            value = 1 - int(digit)
            return Deduction(
                "balance",
                tuple((r, c, value) for r, c in _line_cells(kind, index, unknown)),
                tuple(_line_cells(kind, index, mask)),
                f"Balance: {_describe(kind, index)} already has its {length // 2} {digit}s, "
                f"so its empty cells are {value}s.",
            )
    return None


def _lines_of(
    ones: list[int], zeros: list[int], rows: int, cols: int
) -> Iterator[tuple[str, int, int, int, int, list[int], list[int]]]:
    cones, czeros = transpose(ones, cols), transpose(zeros, cols)
    for r in range(rows):
        yield "row", r, ones[r], zeros[r], cols, ones, zeros
    for c in range(cols):
        yield "column", c, cones[c], czeros[c], rows, cones, czeros


def _forced(cands: list[int] | tuple[int, ...], length: int) -> tuple[int, int]:
    full = (1 << length) - 1
    both, either = full, 0
    for v in cands:
        both &= v
        either |= v
    return both, ~either & full


def _medium_in_line(
    kind: str, index: int, one: int, zero: int, length: int,
    line_ones: list[int], line_zeros: list[int],
) -> Deduction | None:
    full = (1 << length) - 1
    unknown = full & ~(one | zero)
    if not unknown:
        return None
    cands = [v for v in valid_lines(length) if v & one == one and not v & zero]
    if not cands:
        return None
    f1, f0 = _forced(cands, length)
    f1 &= unknown
    f0 &= unknown
    if f1 | f0:
        cell = next(_bits(f1 | f0))
        value = 1 if f1 >> cell & 1 else 0
        return Deduction(
            "lookahead",
            tuple((r, c, value) for r, c in _line_cells(kind, index, 1 << cell)),
            tuple(_line_cells(kind, index, one | zero)),
            f"Look-ahead: every way to complete {_describe(kind, index)} with equal numbers "
            f"of 0s and 1s and no three in a row puts a {value} here.",
        )
    done = {
        line_ones[o]: o
        for o in range(len(line_ones))
        if o != index and line_ones[o] | line_zeros[o] == full
    }
    kept = [v for v in cands if v not in done]
    if not kept:
        return None
    f1, f0 = _forced(kept, length)
    f1 &= unknown
    f0 &= unknown
    if f1 | f0:
        cell = next(_bits(f1 | f0))
        value = 1 if f1 >> cell & 1 else 0
        others = sorted(done[v] for v in cands if v in done)
        proof = _line_cells(kind, index, one | zero)
        for o in others:
            proof += _line_cells(kind, o, full)
        names = ", ".join(str(o + 1) for o in others)
        return Deduction(
            "duplicate",
            tuple((r, c, value) for r, c in _line_cells(kind, index, 1 << cell)),
            tuple(proof),
            f"No duplicates: the other value would make {_describe(kind, index)} equal to "
            f"the completed {kind} {names}, so this cell is {value}.",
        )
    return None


def next_deduction(ones: list[int], zeros: list[int], rows: int, cols: int,
                   strongest: str = "hard") -> Deduction | None:
    """The easiest single step on the known cells, trying easy rules before harder ones."""
    lines = list(_lines_of(ones, zeros, rows, cols))
    for kind, index, one, zero, length, _, _ in lines:
        found = _easy_in_line(one, zero, length, kind, index)
        if found:
            return found
    if strongest == "easy":
        return None
    for kind, index, one, zero, length, lo, lz in lines:
        found = _medium_in_line(kind, index, one, zero, length, lo, lz)
        if found:
            return found
    if strongest == "medium":
        return None
    return _contradiction(ones, zeros, rows, cols)


def _contradiction(ones: list[int], zeros: list[int], rows: int, cols: int) -> Deduction | None:
    base = _Lines(rows, cols, ones, zeros)
    if base.propagate() is not None:
        return None
    full = (1 << cols) - 1
    for r in range(rows):
        for c in _bits(full & ~(ones[r] | zeros[r])):
            if (base.r1[r] | base.r0[r]) >> c & 1:
                # Propagation alone fills it: say so with the medium rules instead.
                continue
            for guess in (0, 1):
                trial = base.copy()
                trial.set(r, c, guess)
                failed = trial.propagate(dirty=({r}, {c}))
                if failed is None:
                    continue
                kind, index = failed
                length = cols if kind == "row" else rows
                proof = [(r, c), *_line_cells(kind, index, (1 << length) - 1)]
                return Deduction(
                    "contradiction",
                    ((r, c, 1 - guess),),
                    tuple(dict.fromkeys(proof)),
                    f"Contradiction: a {guess} here would leave {_describe(kind, index)} with "
                    f"no valid completion, so this cell is {1 - guess}.",
                )
    return None


def _apply(ones: list[int], zeros: list[int], step: Deduction) -> None:
    for r, c, value in step.cells:
        if value:
            ones[r] |= 1 << c
        else:
            zeros[r] |= 1 << c


def _easy_closure(ones: list[int], zeros: list[int], rows: int, cols: int) -> bool:
    """Apply pair, sandwich and balance everywhere until nothing changes; False on a clash."""
    changed = True
    while changed:
        changed = False
        for kind in ("row", "column"):
            if kind == "row":
                lo, lz, length = ones, zeros, cols
            else:
                lo, lz, length = transpose(ones, cols), transpose(zeros, cols), rows
            full = (1 << length) - 1
            half = length // 2
            for i in range(len(lo)):
                one, zero = lo[i], lz[i]
                unknown = full & ~(one | zero)
                if not unknown:
                    continue
                set0 = ((one & one >> 1) << 2 | (one & one << 1) >> 2 | (one & one >> 2) << 1)
                set1 = ((zero & zero >> 1) << 2 | (zero & zero << 1) >> 2 | (zero & zero >> 2) << 1)
                if one.bit_count() == half:
                    set0 |= unknown
                if zero.bit_count() == half:
                    set1 |= unknown
                set0 &= unknown
                set1 &= unknown
                if set0 & set1:
                    return False
                if set0 | set1:
                    changed = True
                    if kind == "row":
                        ones[i] |= set1
                        zeros[i] |= set0
                    else:
                        for r in _bits(set1):
                            ones[r] |= 1 << i
                        for r in _bits(set0):
                            zeros[r] |= 1 << i
            if changed:
                break
    return True


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is: the strongest rule family its solution needs."""

    difficulty: str  # easy, medium or hard
    needs_search: bool  # the rules alone got stuck; a search finished it
    steps: dict[str, int]  # how many cells each family filled


def rate(grid: Grid) -> Rating:
    """Rate a good puzzle (its givens) by the rules a person needs to solve it."""
    rows, cols = grid.rows, grid.cols
    rfull = (1 << cols) - 1
    ones, zeros = list(grid.given_ones), list(grid.given_zeros)
    counts = {"easy": 0, "medium": 0, "hard": 0}

    def unknown() -> int:
        return sum((rfull & ~(o | z)).bit_count() for o, z in zip(ones, zeros, strict=True))

    level = "easy"
    while True:
        before = unknown()
        _easy_closure(ones, zeros, rows, cols)
        counts["easy"] += before - unknown()
        if not unknown():
            break
        state = _Lines(rows, cols, ones, zeros)
        before = unknown()
        state.propagate()
        if state.r1 != ones or state.r0 != zeros:
            ones, zeros = state.r1, state.r0
            counts["medium"] += before - unknown()
            if level == "easy":
                level = "medium"
            continue
        step = _contradiction(ones, zeros, rows, cols)
        if step is None:
            return Rating("hard", True, counts)
        _apply(ones, zeros, step)
        counts["hard"] += 1
        level = "hard"
    return Rating(level, False, counts)


def solves_with(grid: Grid, strongest: str) -> bool:
    """Whether the rules up to ``strongest`` (easy or medium) fill the whole puzzle."""
    rows, cols = grid.rows, grid.cols
    ones, zeros = list(grid.given_ones), list(grid.given_zeros)
    _easy_closure(ones, zeros, rows, cols)
    rfull = (1 << cols) - 1
    if strongest == "medium":
        state = _Lines(rows, cols, ones, zeros)
        if state.propagate() is not None:
            return False
        ones, zeros = state.r1, state.r0
    return all(o | z == rfull for o, z in zip(ones, zeros, strict=True)) and is_solution(
        rows_text(ones, cols)
    )


# --- counting ---------------------------------------------------------------


def _row_options(grid: Grid) -> list[tuple[int, ...]]:
    ones, zeros = grid.ones, grid.zeros
    table = valid_lines(grid.cols)
    return [
        tuple(v for v in table if v & o == o and not v & z)
        for o, z in zip(ones, zeros, strict=True)
    ]


def count_steps(grid: Grid) -> Steps[int]:
    """The exact number of solutions of ``grid`` (givens and entries); yields progress.

    Grids with a tenth of their cells filled are first searched for up to
    :data:`SEARCH_LIMIT` solutions (fewer found: that is the count). Grids of
    four rows or more are counted by meeting in the middle
    (:func:`_count_halves`), turned on their diagonal first when that makes the
    half tables smaller; when a half's table would outgrow
    :data:`HALF_LIMIT`, or the grid has two rows, by the row-by-row search with
    a bounded memo (:func:`_count_rows`), slower but lean on memory.
    """
    if grid.filled * 10 >= grid.rows * grid.cols:
        # Givens let the solver's propagation list every solution of most puzzles
        # at once, where half tables of large grids can still be huge.
        found = solutions(grid, SEARCH_LIMIT)
        if len(found) < SEARCH_LIMIT:
            return len(found)
        yield Progress(0, 1, "Counting")
    if grid.rows >= 4 and grid.cols >= 4 and _table_estimate(_transposed(grid)) < _table_estimate(
            grid):
        grid = _transposed(grid)  # the same count; the smaller half tables
    if grid.rows < 4:
        return (yield from _count_rows(grid))
    total = yield from _count_halves(grid)
    if total is None:
        # Said in the progress note: this fallback can take hours (empty 10x10 in the page).
        total = yield from _count_rows(grid, "Counting row by row (too big for the fast way)")
    return total


#: A grid with givens is first searched for this many solutions: when fewer
#: exist, the search has listed them all and that is the count.
SEARCH_LIMIT = 200
#: The most (set, last two rows) states a half of the meet-in-the-middle count
#: may hold before counting falls back to the row-by-row search: each costs a
#: few hundred bytes, and the page's worker has a few GB at most, so the page
#: keeps to tables of the empty 8x8's size (10x10 needs 13 million states).
HALF_LIMIT = 2_000_000 if sys.platform == "emscripten" else 16_000_000
_PACK = 5  # bits per column in a packed vector of column sums (sums up to 8)
#: A half's table: {set of rows: [(last row, last ^ row before, orderings), ...]}.
_HalfTable = dict[int, list[tuple[int, int, int]]]
#: A class of sets with equal column sums:
#: [(indices of the set's rows, its equal column pairs as indices, ends), ...].
_Class = list[tuple[list[int], list[int], list[tuple[int, int, int]]]]


def _transposed(grid: Grid) -> Grid:
    """The grid mirrored in its main diagonal (every digit as a given): the same count."""
    return Grid.from_masks(grid.cols, grid.rows, transpose(grid.ones, grid.cols),
                           transpose(grid.zeros, grid.cols))


@cache
def _follow_share(length: int) -> float:
    """About which share of the valid rows may follow two given rows (no three equal
    down a column), from a spread sample of pairs of rows."""
    table = valid_lines(length)
    full = (1 << length) - 1
    step = max(1, len(table) // 20)
    sample = table[::step]
    fits = total = 0
    for a in sample:
        for b in sample:
            if a != b:
                agree = ~(a ^ b) & full
                fits += sum(1 for c in table if c & agree == ~b & agree)
                total += len(table)
    return fits / total if total else 1.0


def _table_estimate(grid: Grid) -> float:
    """A rough size of the larger half table of :func:`_count_halves` (to pick an orientation)."""
    options = _row_options(grid)
    share = _follow_share(grid.cols)
    half = grid.rows // 2
    sizes = []
    for part in (options[:half], options[half:][::-1]):
        size = float(len(part[0]) * len(part[1]))
        for here in part[2:]:
            size *= max(1.0, len(here) * share)
        sizes.append(size)
    return max(sizes)


class _Ticker:
    """Progress of a count in phases: the share ``done`` of ``total``; the phases
    report once every ``every`` items of work (a chance to cancel each time)."""

    def __init__(self, total: float, every: int = 20_000) -> None:
        self.total = total
        self.done = 0.0
        self.every = every
        self.started = time.monotonic()

    def report(self) -> Progress:
        """A report with an estimate of the time left, from the work done so far."""
        elapsed = time.monotonic() - self.started
        if self.done <= 0 or elapsed < 1:
            return Progress(self.done, self.total, "Counting")
        left = elapsed * (self.total - self.done) / self.done
        return Progress(self.done, self.total, f"Counting, about {_duration(left)} left")


def _half_table(options: list[tuple[int, ...]], cols: int, index: dict[int, int],
                ticker: _Ticker, share: float) -> Steps[_HalfTable | None]:
    """Every way to fill the rows of ``options`` in order (distinct rows, no three
    equal down a column), grouped by the set of rows used.

    Returns ``{set: [(last, last ^ before_last, orderings), ...]}`` where ``set``
    has bit ``index[row]`` per row used, ``last`` is the final row placed and
    ``before_last`` the one before it: all that the other half needs to know,
    since column counts and equal columns depend on the set alone. None when
    a layer outgrows :data:`HALF_LIMIT`.
    """
    full = (1 << cols) - 1
    layer: dict[tuple[int, int, int], int] = {}
    for a in options[0]:
        for b in options[1]:
            if a != b:
                key = (1 << index[a] | 1 << index[b], a, b)
                layer[key] = layer.get(key, 0) + 1
    # Each layer is several times the one before, so the last ones get most
    # of this half's share of the progress bar.
    weights = [8.0**k for k in range(2, len(options))] or [1.0]
    for k in range(2, len(options)):
        layer_share = share * weights[k - 2] / sum(weights)
        fitting: dict[tuple[int, int], list[tuple[int, int]]] = {}
        here = options[k]
        new: dict[tuple[int, int, int], int] = {}
        for done, ((used, a, b), ways) in enumerate(layer.items()):
            nexts = fitting.get((a, b))
            if nexts is None:
                # Where the last two rows agree, the next row must differ from them.
                agree = ~(a ^ b) & full
                want = ~b & agree
                nexts = fitting[a, b] = [(c, 1 << index[c]) for c in here if c & agree == want]
            for c, bit in nexts:
                if not used & bit:
                    key = (used | bit, b, c)
                    new[key] = new.get(key, 0) + ways
            if done % ticker.every == ticker.every - 1:
                ticker.done += layer_share * ticker.every / len(layer)
                yield ticker.report()
                if len(new) > HALF_LIMIT:
                    return None
        if len(new) > HALF_LIMIT:
            return None
        layer = new
    sets: _HalfTable = {}
    done = 0
    while layer:
        # Popped, so the keys are freed as the table is regrouped (10x10: 13 million).
        (used, a, b), ways = layer.popitem()
        done += 1
        ends = sets.get(used)
        if ends is None:
            ends = sets[used] = []
        ends.append((b, a ^ b, ways))
        if done % ticker.every == 0:
            yield ticker.report()  # a chance to cancel
    return sets


def _count_halves(grid: Grid) -> Steps[int | None]:
    """Count by meeting in the middle; None when a half's table would be too big.

    A solution is an ordered choice of distinct valid rows. Column balance and
    column distinctness depend only on the *set* of rows, not on their order;
    only "no three equal down a column" depends on the order, through each
    three consecutive rows. So the top half is tabulated by (set of rows, last
    two rows) with the number of orderings, and the bottom half likewise built
    upwards from the last row. A top and a bottom join when their sets are
    disjoint (rows distinct), their column sums add up to half the height in
    every column (balance), no pair of columns is equal in both (columns
    distinct), and the four rows around the seam have no three equal in a
    column. The join is done per class of column sums with big-int bitsets
    over the bottom entries, so each top entry costs a few big-int operations.
    """
    rows, cols = grid.rows, grid.cols
    options = _row_options(grid)
    table = valid_lines(cols)
    index = {v: i for i, v in enumerate(table)}
    pairs = [(c, d) for c in range(cols) for d in range(c + 1, cols)]
    # same[i]: the pairs of columns on which row table[i] has equal digits.
    same = [sum(1 << p for p, (c, d) in enumerate(pairs) if (v >> c & 1) == (v >> d & 1))
            for v in table]
    packed = [sum(1 << (_PACK * c) for c in _bits(v)) for v in table]
    half = rows // 2
    top_options, bottom_options = options[:half], options[half:][::-1]
    ticker = _Ticker(1.0)
    top = yield from _half_table(top_options, cols, index, ticker, 0.3)
    if top is None:
        return None
    if bottom_options == top_options:
        bottom = top  # upside down, the bottom half has the same options as the top
        ticker.done += 0.3
    else:
        bottom = yield from _half_table(bottom_options, cols, index, ticker, 0.3)
        if bottom is None:
            return None

    def classes(sets: _HalfTable) -> Steps[dict[int, _Class]]:
        # Group the sets by their column sums; each with its equal-column pairs.
        out: dict[int, _Class] = {}
        every_pair = (1 << len(pairs)) - 1
        for done, (used, ends) in enumerate(sets.items()):
            sums, equal = 0, every_pair
            members = list(_bits(used))  # listed once here: the join reads them often
            for i in members:
                sums += packed[i]
                equal &= same[i]
            out.setdefault(sums, []).append((members, list(_bits(equal)), ends))
            if done % ticker.every == 0:
                yield ticker.report()
        return out

    top_classes = yield from classes(top)
    bottom_classes = top_classes if bottom is top else (yield from classes(bottom))
    target = sum((rows // 2) << (_PACK * c) for c in range(cols))
    # Symmetries of the whole count permute the classes of column sums and
    # keep the number of solutions joined in each: turning the grid upside
    # down (when the bottom half's options are the top's) swaps a class with
    # its complement, mirroring the columns (when every row's options are
    # mirror images of themselves) mirrors it. One class per orbit is joined.
    moves: list[Callable[[int], int]] = []
    if bottom is top:
        moves.append(lambda sums: target - sums)
    flip = _flip_columns(cols)
    if all(set(map(flip, here)) == set(here) for here in options):
        digit = (1 << _PACK) - 1
        moves.append(lambda sums: sum((sums >> (_PACK * c) & digit) << (_PACK * (cols - 1 - c))
                                      for c in range(cols)))
    total = 0
    share = 0.4 / max(1, len(top))  # in proportion to the sets of each class
    for sums, tops in top_classes.items():
        ticker.done += share * len(tops)
        yield ticker.report()
        orbit = {sums}
        for move in moves:
            orbit |= {move(s) for s in orbit}
        if sums != min(orbit):
            continue
        bottoms = bottom_classes.get(target - sums)
        if bottoms:
            total += len(orbit) * _join(tops, bottoms, cols)
    return total


def _join(tops: _Class, bottoms: _Class, cols: int) -> int:
    """Solutions made of one top and one bottom of complementary column sums.

    Bit ``i`` of each bitset stands for the ``i``-th bottom entry (set, first
    row ``c``, ``y = c ^ second row``, orderings). A top entry (set, last row
    ``b``, ``x = b ^ row above``) fits the entries outside the bitsets of its
    rows and of its equal column pairs, and inside the seam bitsets: in a
    column where ``b`` and ``c`` agree, both neighbours must differ, so ``x``
    and ``y`` must both have that column.
    """
    with_row: dict[int, int] = {}
    with_pair: dict[int, int] = {}
    by_first: dict[int, int] = {}
    by_y: dict[int, int] = {}
    planes: list[int] = []  # bit k of each entry's number of orderings
    i = 0
    for members, equal, ends in bottoms:
        start = i
        for c, y, ways in ends:
            bit = 1 << i
            by_first[c] = by_first.get(c, 0) | bit
            by_y[y] = by_y.get(y, 0) | bit
            k = 0
            while ways:
                if ways & 1:
                    while len(planes) <= k:
                        planes.append(0)
                    planes[k] |= bit
                ways >>= 1
                k += 1
            i += 1
        span = (1 << i) - (1 << start)
        for r in members:
            with_row[r] = with_row.get(r, 0) | span
        for p in equal:
            with_pair[p] = with_pair.get(p, 0) | span
    everything = (1 << i) - 1
    # seam[j][2 * b_j + x_j]: the bottom entries that leave column j free of three equal.
    seam = []
    for j in range(cols):
        one = 0
        for c, bits in by_first.items():
            if c >> j & 1:
                one |= bits
        differs = 0
        for y, bits in by_y.items():
            if y >> j & 1:
                differs |= bits
        zero = everything & ~one
        seam.append((one, one | differs, zero, zero | differs))
    fits: dict[tuple[int, int], int] = {}
    total = 0
    for members, equal, ends in tops:
        clash = 0
        for r in members:
            clash |= with_row.get(r, 0)
        for p in equal:
            clash |= with_pair.get(p, 0)
        free = everything & ~clash
        if not free:
            continue
        for b, x, ways in ends:
            fit = fits.get((b, x))
            if fit is None:
                fit = everything
                for j in range(cols):
                    fit &= seam[j][(b >> j & 1) << 1 | (x >> j & 1)]
                fits[b, x] = fit
            both = free & fit
            if both:
                total += ways * sum((both & plane).bit_count() << k
                                    for k, plane in enumerate(planes))
    return total


def _count_rows(grid: Grid, label: str = "Counting") -> Steps[int]:
    """The exact number of solutions by the row-by-row search with a bounded memo.

    Rows are placed top to bottom; the state carries each column's count of
    ones, the last two rows and the partition of the columns into classes
    still equal so far, and the rows used (only those that can still occur
    below matter). Equal states are counted once; the last two rows are one
    loop over precomputed pairs; top rows related by flipping every digit or
    mirroring the columns are counted once when the givens allow it. Exact
    for any grid, but it visits about one state per few solutions (the
    empty 8x8 takes seconds), so it serves where the half tables of
    :func:`_count_halves` would not fit in memory.
    """
    rows, cols = grid.rows, grid.cols
    half = rows // 2
    rfull = (1 << cols) - 1
    options = _row_options(grid)
    # Each column's count of ones is packed four bits per column into one int,
    # so a row is added with one addition; a nibble passing `half` sets bit 3
    # after adding (7 - half), which one AND detects for all columns at once.
    spread = {v: sum(1 << (4 * c) for c in _bits(v)) for v in valid_lines(cols)}
    unit = sum(1 << (4 * c) for c in range(cols))
    bias = (7 - half) * unit
    high = 8 * unit
    memo: dict[tuple, int] = {}

    forced: dict[tuple[int, int], tuple[int, int, tuple[int, ...]]] = {}
    # endings[r][j][2 * before + last]: ways to finish a column (see _column_endings).
    endings = [
        [[_column_endings(r, j, b >> 1, b & 1) for b in range(4)] for j in range(half + 1)]
        for r in range(rows + 1)
    ]

    def feasible_rows(k: int, counts: int) -> tuple[int, int, tuple[int, ...]]:
        # Columns that already hold all their ones (zeros) force 0 (1) in every
        # later row; the rows of this level that fit are listed once per pattern.
        found = forced.get((k, counts))
        if found is None:
            need0 = need1 = 0
            for c in range(cols):
                ones_here = counts >> (4 * c) & 15
                if ones_here == half:
                    need0 |= 1 << c
                elif k - ones_here == half:
                    need1 |= 1 << c
            fitting = tuple(v for v in options[k] if not v & need0 and v & need1 == need1) \
                if k < rows else ()
            found = forced[k, counts] = (need0, need1, fitting)
        return found

    last_options = set(options[-1])
    pair_cache: dict[tuple[int, int], list[tuple[int, int, int]]] = {}

    def pairs_for(need0: int, need1: int) -> list[tuple[int, int, int]]:
        # With two rows left, a column needing one more 1 gets it in exactly one
        # of them, so the last row is the complement of the one before on those
        # columns. The (row, last row) pairs depend only on which columns need
        # what, so they are listed once per pattern: (v, w, ~(v ^ w) & full).
        found = pair_cache.get((need0, need1))
        if found is None:
            free = rfull & ~(need0 | need1)
            found = []
            for v in options[rows - 2]:
                if v & need0 or v & need1 != need1:
                    continue
                w = need1 | (free & ~v)
                if w != v and w in last_options:
                    found.append((v, w, ~(v ^ w) & rfull))
            pair_cache[need0, need1] = found
        return found

    def last_two(need0: int, need1: int, p1: int, p2: int, part: tuple[int, ...],
                 live: frozenset) -> int:
        same = ~(p1 ^ p2) & rfull
        total = 0
        for v, w, agree in pairs_for(need0, need1):
            if (v ^ p1) & same != same or v in live or w in live:
                continue
            if agree & ~(v ^ p1):
                continue  # three equal digits down a column: p1, v, w
            for m in part:
                # Columns still equal must all differ somewhere in the last two rows.
                if any(x & (x - 1) for x in (m & v & w, m & v & ~w, m & ~v & w, m & ~v & ~w)):
                    break
            else:
                total += 1
        return total

    def below(k: int, counts: int, p1: int, p2: int, part: tuple[int, ...], used: frozenset) -> int:
        if k == rows:
            return 0 if part else 1
        need0, need1, fitting = feasible_rows(k, counts)
        # Columns still equal must come apart in the rows left; a column needing
        # j ones in r rows has at most C(r, j) ways to end, so a bigger class is dead.
        for m in part:
            low = (m & -m).bit_length() - 1
            ways = endings[rows - k][half - (counts >> (4 * low) & 15)]
            if m.bit_count() > ways[(p2 >> low & 1) << 1 | (p1 >> low & 1)]:
                return 0
        live = frozenset(u for u in used if not u & need0 and u & need1 == need1)
        key = (k, counts, p1, p2, part, live)
        known = memo.get(key)
        if known is not None:
            return known
        if len(memo) > MEMO_LIMIT:
            memo.clear()  # bounded memory (the page's worker has a few GB at most)
        if k == rows - 2:
            memo[key] = total = last_two(need0, need1, p1, p2, part, live)
            return total
        same = ~(p1 ^ p2) & rfull  # k >= 2 here: the two rows above are real
        total = 0
        for v in fitting:
            if (v ^ p1) & same != same or v in live:
                continue
            newcounts = counts + spread[v]
            if (newcounts + bias) & high:
                continue
            split = []
            for m in part:
                a, b = m & v, m & ~v
                if a & (a - 1):
                    split.append(a)
                if b & (b - 1):
                    split.append(b)
            split.sort()
            total += below(k + 1, newcounts, v, p1, tuple(split), live | {v})
        memo[key] = total
        return total

    # The rules do not change when every digit is flipped or the columns are
    # mirrored; when the givens do not change either, top rows related by such a
    # symmetry have equally many completions, so one of each orbit is counted.
    symmetries = [lambda v: v]
    flip = _flip_columns(cols)
    mirrored = [flip(o) for o in grid.ones], [flip(z) for z in grid.zeros]
    if grid.ones == grid.zeros:  # no digits at all: complementing changes nothing
        symmetries.append(lambda v: ~v & rfull)
    if mirrored == (grid.ones, grid.zeros):
        symmetries += [lambda v, g=g: flip(g(v)) for g in list(symmetries)]
    weight: dict[tuple[int, int], int] = {}
    for a in options[0]:
        for b in options[1]:
            if a != b:
                key = min((g(a), g(b)) for g in symmetries)
                weight[key] = weight.get(key, 0) + 1
    jobs = sorted(weight)
    total = 0
    started = time.monotonic()
    for done, (a, b) in enumerate(jobs):
        if done % 4 == 0:
            # An honest estimate: the pairs of top rows done so far, extrapolated.
            elapsed = time.monotonic() - started
            left = elapsed * (len(jobs) - done) / done if done else None
            yield Progress(done, len(jobs), label if left is None or elapsed < 1
                           else f"{label}, about {_duration(left)} left")
        part = tuple(sorted(m for m in (a & b, ~a & ~b & rfull, a & ~b, ~a & b & rfull)
                            if m & (m - 1)))
        counts = spread[a] + spread[b]
        if (counts + bias) & high:
            continue
        total += weight[a, b] * below(2, counts, b, a, part, frozenset((a, b)))
    return total


@cache
def _column_endings(left: int, ones: int, before: int, last: int) -> int:
    """Ways to finish a column: ``left`` cells holding ``ones`` 1s, no three equal in a
    row, after the digits ``before``, ``last``."""
    if ones < 0 or ones > left:
        return 0
    if left == 0:
        return 1
    total = 0
    for digit in (0, 1):
        if digit == last == before:
            continue
        total += _column_endings(left - 1, ones - digit, last, digit)
    return total


def _duration(seconds: float) -> str:
    """A rough duration for people: "40 s", "12 min", "3.5 h"."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _flip_columns(cols: int) -> Callable[[int], int]:
    """The function reversing a row mask of ``cols`` bits (mirror left-right)."""
    table = {}

    def flip(v: int) -> int:
        out = table.get(v)
        if out is None:
            out = table[v] = int(format(v, f"0{cols}b")[::-1], 2)
        return out

    return flip


def count(grid: Grid) -> int:
    """:func:`count_steps` run to the end."""
    return finish(count_steps(grid))


def count_brute(grid: Grid) -> int:
    """Count by trying every completion of the rows (the seed's method; tests and baseline)."""
    options = _row_options(grid)
    rows, cols = grid.rows, grid.cols
    table_c = set(valid_lines(rows))
    total = 0

    def walk(k: int, chosen: list[int]) -> None:
        nonlocal total
        if k == rows:
            columns = transpose(chosen, cols)
            if all(c in table_c for c in columns) and len(set(columns)) == cols:
                total += 1
            return
        for v in options[k]:
            if v in chosen:
                continue
            if k >= 2 and (v & chosen[-1] & chosen[-2] or ~(v | chosen[-1] | chosen[-2]) & (
                (1 << cols) - 1
            )):
                continue
            chosen.append(v)
            walk(k + 1, chosen)
            chosen.pop()

    walk(0, [])
    return total


# --- clue removal and generation --------------------------------------------


def is_good(grid: Grid) -> bool:
    """Exactly one solution (givens only)."""
    return len(solutions(grid.puzzle(), 2)) == 1


def _keeps(puzzle: Grid, strongest: str, removed: tuple[int, int, int]) -> bool:
    if strongest in ("easy", "medium"):
        return solves_with(puzzle, strongest)
    # The puzzle had one solution before the clue went, so any other solution
    # now must put the other digit there: good iff that is impossible.
    r, c, value = removed
    state = _Lines(puzzle.rows, puzzle.cols, puzzle.ones, puzzle.zeros)
    state.set(r, c, 1 - value)
    found: list[list[int]] = []
    _search(state, 1, found, None)
    return not found


def minimize(grid: Grid, rng: random.Random, strongest: str = "hard") -> Grid:
    """Remove givens in random order while the puzzle stays good (and within ``strongest``)."""
    puzzle = grid.puzzle()
    if not (solves_with(puzzle, strongest) if strongest != "hard" else is_good(puzzle)):
        raise PuzzleError("The puzzle is not good (it needs exactly one solution) to start with.")
    ones, zeros = list(puzzle.given_ones), list(puzzle.given_zeros)
    cells = [(r, c) for r in range(grid.rows) for c in _bits(ones[r] | zeros[r])]
    rng.shuffle(cells)
    for r, c in cells:
        bit = 1 << c
        saved = ones[r], zeros[r]
        value = ones[r] >> c & 1
        ones[r] &= ~bit
        zeros[r] &= ~bit
        if not _keeps(Grid.from_masks(grid.rows, grid.cols, ones, zeros), strongest, (r, c, value)):
            ones[r], zeros[r] = saved
    return Grid.from_masks(grid.rows, grid.cols, ones, zeros)


def fewest_clues_steps(grid: Grid, seed: int, budget: float) -> Steps[tuple[Grid, int]]:
    """Greedy removal from random orders for ``budget`` seconds; the fewest clues found."""
    rng = random.Random(seed)
    start = time.monotonic()
    best = minimize(grid, rng)
    tries = 1
    while time.monotonic() - start < budget:
        yield Progress(time.monotonic() - start, budget, f"Fewest so far: {best.clue_count}")
        candidate = minimize(grid, rng)
        tries += 1
        if candidate.clue_count < best.clue_count:
            best = candidate
    return best, tries


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
        solution = random_solution(rows, cols, rng)
        full = Grid.from_masks(rows, cols, solution, [~o & ((1 << cols) - 1) for o in solution])
        # Clues that propagation alone can spare go first (a cheap test); only the
        # few left need the search-based uniqueness test of "hard".
        puzzle = minimize(full, rng, "medium" if difficulty == "hard" else difficulty)
        if difficulty == "hard":
            puzzle = minimize(puzzle, rng, "hard")
        rating = rate(puzzle)
        if rating.difficulty == difficulty and not rating.needs_search:
            return puzzle, rating
        if best is None or (difficulty == "hard" and rating.difficulty == "hard"):
            best = (puzzle, rating)
    assert best is not None
    return best
