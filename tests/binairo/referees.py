"""Slow, plain methods that tests (and benchmarks, as baselines) check the fast ones against."""

from __future__ import annotations

import random

from puzzlelab import binairo
from puzzlelab.binairo import Grid, transpose, valid_lines
from puzzlelab.binairo.count import row_options


def count_brute(grid: Grid) -> int:
    """Count by trying every completion of the rows, columns checked at the end
    (the seed's method: an independent referee for tests and the baseline)."""
    options = row_options(grid)
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


def partial(rows: int, cols: int, rng: random.Random, keep: float) -> Grid:
    """A random solution with each cell kept as a given with probability ``keep``."""
    solution = binairo.random_solution(rows, cols, rng)
    full = (1 << cols) - 1
    ones, zeros = [], []
    for row in solution:
        mask = sum(1 << c for c in range(cols) if rng.random() < keep)
        ones.append(row & mask)
        zeros.append(~row & full & mask)
    return Grid.from_masks(rows, cols, ones, zeros)


def count_rows(grid: Grid) -> int:
    """Count by filling rows top to bottom, each column keeping the valid lines that
    still agree with it (its givens and the rows so far); columns distinct at the end.

    The plain exhaustive counter of the C referee in ``tools/unruly_gen/referee.c``,
    written again here without any of ``binairo_count``'s code: the referee of
    the Tatham grids in ``tests/data/unruly_grids.jsonl``.
    """
    rows, cols = grid.rows, grid.cols
    row_lines = valid_lines(cols)
    options = [[v for v in row_lines if v & grid.ones[r] == grid.ones[r] and not v & grid.zeros[r]]
               for r in range(rows)]
    col_ones = transpose(grid.ones, cols)
    col_zeros = transpose(grid.zeros, cols)
    column_lines = valid_lines(rows)
    start = [[v for v in column_lines if v & col_ones[c] == col_ones[c] and not v & col_zeros[c]]
             for c in range(cols)]
    full = (1 << cols) - 1
    chosen: list[int] = []
    total = 0

    def walk(k: int, cands: list[list[int]]) -> None:
        nonlocal total
        if k == rows:
            columns = transpose(chosen, cols)
            total += len(set(columns)) == cols
            return
        # The digits row k may hold in each column, from the column's lines left.
        can_one = can_zero = 0
        for c, lines in enumerate(cands):
            bits = {(line >> k) & 1 for line in lines}
            can_one |= (1 in bits) << c
            can_zero |= (0 in bits) << c
        for v in options[k]:
            if v & ~can_one or ~v & ~can_zero & full or v in chosen:
                continue
            below = [[line for line in cands[c] if (line >> k) & 1 == (v >> c) & 1]
                     for c in range(cols)]
            chosen.append(v)
            walk(k + 1, below)
            chosen.pop()

    walk(0, start)
    return total
