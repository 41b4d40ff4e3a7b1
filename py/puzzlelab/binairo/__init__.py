"""The binary puzzle (Takuzu, Binairo): rules, solver, hints, rating, generator.

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

Counting (exact, planned by estimates, with progress) is
:mod:`puzzlelab.binairo.count`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from puzzlelab.jobs import Progress, Steps, due, finish, work_clock
from puzzlelab.notation import PuzzleError, parse_rows

MIN_SIDE = 2
MAX_SIDE = 16
GRID_MEANING = "0, 1, or . for an empty cell"
DIFFICULTIES = ("easy", "medium", "hard")
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


def _search_steps(state: _Lines, limit: int, found: list[list[int]],
                  rng: random.Random | None,
                  dirty: tuple[set[int], set[int]] | None = None) -> Steps[None]:
    """Depth-first search for up to ``limit`` solutions (appended to ``found``),
    pausing (see :mod:`puzzlelab.jobs`) whenever a report is due.

    An explicit stack rather than recursion, so that one generator can pause
    at any node: a uniqueness test inside the generator can take seconds in
    the page. Branches are taken in the order the recursive form took them
    (the first value's subtree, then the other's), so seeds give the same grids.
    """
    pending: list[tuple[_Lines, tuple[set[int], set[int]] | None]] = [(state, dirty)]
    while pending and len(found) < limit:
        if due():
            yield None
        node, changed = pending.pop()
        branches = _expand(node, found, rng, changed)
        pending.extend(reversed(branches))


def _expand(state: _Lines, found: list[list[int]], rng: random.Random | None,
            dirty: tuple[set[int], set[int]] | None
            ) -> list[tuple[_Lines, tuple[set[int], set[int]]]]:
    """One search node: propagate; a solution goes into ``found``; else the two
    branches on the chosen cell, the one to try first first."""
    if state.propagate(dirty=dirty) is not None:
        return []
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
        return []
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
    branches = []
    for value in (first, 1 - first):
        # The second branch's state is copied now rather than after the first
        # branch's search: nothing changes ``state`` meanwhile.
        branch = state.copy()
        branch.set(r, c, value)
        branches.append((branch, ({r}, {c})))
    return branches


def solutions_steps(grid: Grid, limit: int = 2,
                    rng: random.Random | None = None) -> Steps[list[list[int]]]:
    """:func:`solutions`, pausing whenever a report is due."""
    found: list[list[int]] = []
    yield from _search_steps(_Lines(grid.rows, grid.cols, grid.ones, grid.zeros), limit, found,
                             rng)
    return found


def solutions(grid: Grid, limit: int = 2, rng: random.Random | None = None) -> list[list[int]]:
    """Up to ``limit`` solutions of the grid (givens and entries), each as row masks of ones."""
    return finish(solutions_steps(grid, limit, rng))


def random_solution_steps(rows: int, cols: int, rng: random.Random) -> Steps[list[int]]:
    """:func:`random_solution`, pausing whenever a report is due."""
    check_shape(rows, cols)
    found = yield from solutions_steps(Grid.empty(rows, cols), 1, rng)
    if not found:
        raise PuzzleError(f"A {cols}x{rows} grid has no solution.")
    return found[0]


def random_solution(rows: int, cols: int, rng: random.Random) -> list[int]:
    """A uniformly chosen branch order gives a random complete grid of the shape."""
    return finish(random_solution_steps(rows, cols, rng))


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
    return finish(next_deduction_steps(ones, zeros, rows, cols, strongest))


def next_deduction_steps(ones: list[int], zeros: list[int], rows: int, cols: int,
                         strongest: str = "hard") -> Steps[Deduction | None]:
    """:func:`next_deduction`, pausing whenever a report is due."""
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
    return (yield from _contradiction_steps(ones, zeros, rows, cols))


def _contradiction_steps(ones: list[int], zeros: list[int], rows: int, cols: int
                         ) -> Steps[Deduction | None]:
    """The first cell (reading order) where one value propagates to a clash,
    pausing whenever a report is due (a 16x16 grid tries hundreds of cells)."""
    base = _Lines(rows, cols, ones, zeros)
    if base.propagate() is not None:
        return None
    full = (1 << cols) - 1
    for r in range(rows):
        for c in _bits(full & ~(ones[r] | zeros[r])):
            if (base.r1[r] | base.r0[r]) >> c & 1:
                # Propagation alone fills it: say so with the medium rules instead.
                continue
            if due():
                yield None
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
    return finish(rate_steps(grid))


def rate_steps(grid: Grid) -> Steps[Rating]:
    """:func:`rate`, pausing whenever a report is due."""
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
        if due():
            yield None
        step = yield from _contradiction_steps(ones, zeros, rows, cols)
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


# --- clue removal and generation --------------------------------------------


def is_good(grid: Grid) -> bool:
    """Exactly one solution (givens only)."""
    return len(solutions(grid.puzzle(), 2)) == 1


def _keeps_steps(puzzle: Grid, strongest: str, removed: tuple[int, int, int]) -> Steps[bool]:
    if strongest in ("easy", "medium"):
        return solves_with(puzzle, strongest)
    # The puzzle had one solution before the clue went, so any other solution
    # now must put the other digit there: good iff that is impossible.
    r, c, value = removed
    state = _Lines(puzzle.rows, puzzle.cols, puzzle.ones, puzzle.zeros)
    state.set(r, c, 1 - value)
    found: list[list[int]] = []
    yield from _search_steps(state, 1, found, None)
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
    cells = [(r, c) for r in range(grid.rows) for c in _bits(ones[r] | zeros[r])]
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
