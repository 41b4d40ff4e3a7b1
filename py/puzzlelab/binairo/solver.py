"""The solver: line completion to a fixpoint, and the search that branches where it stops.

A line's candidates are the valid lines that agree with its known cells and
differ from every completed line of the same direction; a cell equal in all
candidates is forced. Where that stops, the search branches on one cell of
the line with the fewest candidates; the uniqueness test stops at the second
solution. Long searches pause whenever a report is due (:mod:`puzzlelab.jobs`).
"""

from __future__ import annotations

import random
from functools import lru_cache

from puzzlelab.binairo.grid import Grid, check_shape
from puzzlelab.binairo.lines import bit_positions, transpose, valid_lines
from puzzlelab.jobs import Steps, due, finish
from puzzlelab.notation import PuzzleError


class LineState:
    """Line-completion state: known masks and candidate lists for rows and columns."""

    __slots__ = ("c0", "c1", "cc", "cols", "r0", "r1", "rc", "rows")

    def __init__(self, rows: int, cols: int, ones: list[int], zeros: list[int]) -> None:
        self.rows, self.cols = rows, cols
        self.r1, self.r0 = list(ones), list(zeros)
        self.c1, self.c0 = transpose(ones, cols), transpose(zeros, cols)
        self.rc: list[tuple[int, ...]] = [valid_lines(cols)] * rows
        self.cc: list[tuple[int, ...]] = [valid_lines(rows)] * cols

    def copy(self) -> LineState:
        """An independent copy, for one branch of the search."""
        other = object.__new__(LineState)
        other.rows, other.cols = self.rows, self.cols
        other.r1, other.r0, other.c1, other.c0 = self.r1[:], self.r0[:], self.c1[:], self.c0[:]
        other.rc, other.cc = self.rc[:], self.cc[:]
        return other

    def set(self, row: int, col: int, value: int) -> None:
        """Know the digit ``value`` at (row, col), in the row and in the column masks."""
        if value:
            self.r1[row] |= 1 << col
            self.c1[col] |= 1 << row
        else:
            self.r0[row] |= 1 << col
            self.c0[col] |= 1 << row

    def solved(self) -> bool:
        """Whether every cell is known."""
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
        for j in bit_positions(new1):
            x1[j] |= bit
            cross_dirty.add(j)
        for j in bit_positions(new0):
            x0[j] |= bit
            cross_dirty.add(j)
        if len(kept) == 1 and duplicates:
            # A completed line rules its value out for every other line.
            done[kept[0]] = i
            dirty.update(o for o in range(count) if o != i and m1[o] | m0[o] != full)
    return None


def search_steps(state: LineState, limit: int, found: list[list[int]],
                  rng: random.Random | None,
                  dirty: tuple[set[int], set[int]] | None = None) -> Steps[None]:
    """Depth-first search for up to ``limit`` solutions (appended to ``found``),
    pausing (see :mod:`puzzlelab.jobs`) whenever a report is due.

    An explicit stack rather than recursion, so that one generator can pause
    at any node: a uniqueness test inside the generator can take seconds in
    the page. Branches are taken in the order the recursive form took them
    (the first value's subtree, then the other's), so seeds give the same grids.
    """
    pending: list[tuple[LineState, tuple[set[int], set[int]] | None]] = [(state, dirty)]
    while pending and len(found) < limit:
        if due():
            yield None
        node, changed = pending.pop()
        branches = _expand(node, found, rng, changed)
        pending.extend(reversed(branches))


def _expand(state: LineState, found: list[list[int]], rng: random.Random | None,
            dirty: tuple[set[int], set[int]] | None
            ) -> list[tuple[LineState, tuple[set[int], set[int]]]]:
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
    yield from search_steps(LineState(grid.rows, grid.cols, grid.ones, grid.zeros), limit, found,
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
