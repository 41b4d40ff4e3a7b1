"""Slow, plain methods that tests (and benchmarks, as baselines) check the fast ones against."""

from __future__ import annotations

import random

from puzzlelab import binairo
from puzzlelab.binairo import Grid, transpose, valid_lines
from puzzlelab.binairo_count import row_options


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
