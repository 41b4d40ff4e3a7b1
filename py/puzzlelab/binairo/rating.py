"""Rating: how hard a puzzle is, by the strongest human rule its solution needs.

Easy rules are applied everywhere first, then line completion (the medium
rules together), then one contradiction step at a time; a puzzle the rules
cannot finish needs a search and is rated hard, and said so.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlelab.binairo.grid import Grid, rows_text
from puzzlelab.binairo.hints import Deduction, contradiction_steps
from puzzlelab.binairo.lines import bit_positions, transpose
from puzzlelab.binairo.rules import is_solution
from puzzlelab.binairo.solver import LineState
from puzzlelab.jobs import Steps, due, finish

DIFFICULTIES = ("easy", "medium", "hard")


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
                        for r in bit_positions(set1):
                            ones[r] |= 1 << i
                        for r in bit_positions(set0):
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
        state = LineState(rows, cols, ones, zeros)
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
        step = yield from contradiction_steps(ones, zeros, rows, cols)
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
        state = LineState(rows, cols, ones, zeros)
        if state.propagate() is not None:
            return False
        ones, zeros = state.r1, state.r0
    return all(o | z == rfull for o, z in zip(ones, zeros, strict=True)) and is_solution(
        rows_text(ones, cols)
    )
