"""Checking a grid against the rules: the cells that visibly break one, and
whether complete rows are a solution."""

from __future__ import annotations

from puzzlelab.binairo.grid import Grid
from puzzlelab.binairo.lines import bit_positions, transpose, valid_lines


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
        for r in bit_positions(line_errors(cones[c], czeros[c], grid.rows)):
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
    return [(r, c) for r in range(grid.rows) for c in bit_positions(bad[r])]


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
