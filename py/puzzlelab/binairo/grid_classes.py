"""Every valid n x n grid, and its classes under the square's 16 symmetries.

A whole grid is one integer: cell (r, c) is bit ``r * n + c``, so row ``r`` is
``(grid >> r * n) & (2**n - 1)``, the row mask :class:`~puzzlelab.binairo.grid.Grid`
uses. The rules are the usual three: no three equal digits in a line,
balanced lines, no two equal rows and no two equal columns.

The 16 symmetries are the square's 8 turns and reflections, each with or
without swapping 0 and 1; all of them map valid grids to valid grids and a
puzzle with one solution to a puzzle with one solution, so the fewest-clues
search (:mod:`puzzlelab.binairo.fewest_clues`) needs one grid per class: the
class's smallest integer. With numpy the lists are arrays (8x8: 4,111,116
grids, 259,400 classes); without it they are lists of ints, for the sizes the
standard library can take (6x6: 4,140 grids in 321 classes).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from puzzlelab.binairo.lines import valid_lines


def cell_maps(n: int) -> list[list[int]]:
    """The square's 8 turns and reflections, each as ``target[bit] = source bit``."""
    maps = []
    for k in range(8):
        target = [0] * (n * n)
        for r in range(n):
            for c in range(n):
                rr, cc = (c, r) if k & 4 else (r, c)
                if k & 1:
                    cc = n - 1 - cc
                if k & 2:
                    rr = n - 1 - rr
                target[rr * n + cc] = r * n + c
        maps.append(target)
    return maps


def image(grid: int, target: list[int]) -> int:
    """``grid`` moved by one of :func:`cell_maps` (a set of cells moves the same way)."""
    out = 0
    for to, source in enumerate(target):
        out |= ((grid >> source) & 1) << to
    return out


def images(grid: int, n: int) -> list[int]:
    """The 16 images of a whole grid: 8 turns and reflections, each also complemented."""
    full = (1 << (n * n)) - 1
    moved = [image(grid, target) for target in cell_maps(n)]
    return moved + [full ^ g for g in moved]


def canonical(grid: int, n: int) -> int:
    """The class's representative: the smallest of the grid's 16 images."""
    return min(images(grid, n))


@cache
def grids_pure(n: int) -> tuple[int, ...]:
    """Every valid n x n grid as an int, in increasing order (standard library)."""
    lines = valid_lines(n)
    half = n // 2
    full = (1 << n) - 1
    found: list[int] = []

    def extend(depth: int, grid: int, rows: list[int], ones: list[int]) -> None:
        if depth == n:
            columns = {sum(((row >> c) & 1) << r for r, row in enumerate(rows)) for c in range(n)}
            if len(columns) == n:
                found.append(grid)
            return
        for line in lines:
            if line in rows:
                continue
            if depth >= 2:
                a, b = rows[-2], rows[-1]
                if a & b & line or full & ~a & ~b & ~line:
                    continue  # three equal down a column
            counts = [ones[c] + ((line >> c) & 1) for c in range(n)]
            if any(k > half or depth + 1 - k > half for k in counts):
                continue
            rows.append(line)
            extend(depth + 1, grid | line << (depth * n), rows, counts)
            rows.pop()

    extend(0, 0, [], [0] * n)
    return tuple(sorted(found))


@cache
def classes_pure(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each class's representative, in increasing order, and its size in grids."""
    sizes: dict[int, int] = {}
    for grid in grids_pure(n):
        rep = canonical(grid, n)
        sizes[rep] = sizes.get(rep, 0) + 1
    reps = tuple(sorted(sizes))
    return reps, tuple(sizes[r] for r in reps)


def grids_numpy(n: int) -> Any:
    """Every valid n x n grid as a sorted numpy uint64 array (n up to 8).

    Rows are added one at a time, each valid line tried against every partial
    grid at once; a column's count of ones so far is kept in 4 bits of one
    integer, so balance is a few shifts and compares.
    """
    import numpy as np

    lines = np.array(valid_lines(n), dtype=np.uint64)
    one = np.uint64(1)
    # Each line's ones spread to 4 bits per column: adding it adds one per column it fills.
    spread = np.array([sum(((int(v) >> c) & 1) << (4 * c) for c in range(n)) for v in lines],
                      dtype=np.uint64)
    half = n // 2
    nibbles = sum(1 << (4 * c) for c in range(n))
    # Balance on every column at once: a count k <= half exactly when k + 7 - half
    # leaves bit 3 of its nibble clear; k >= low when k + 8 - low sets it (no carry:
    # counts are at most 8).
    bit3 = np.uint64(8 * nibbles)
    at_most = np.uint64((7 - half) * nibbles)
    full = np.uint64((1 << n) - 1)
    grid = np.zeros(1, dtype=np.uint64)
    counts = np.zeros(1, dtype=np.uint64)
    last = [np.zeros(1, dtype=np.int64) for _ in range(2)]  # line indices of the last two rows
    used = np.zeros(1, dtype=np.uint64)  # bit j: line j is a row already
    for depth in range(n):
        low = depth + 1 - half
        at_least = np.uint64((8 - low) * nibbles) if low > 0 else None
        if depth >= 2:
            a, b = lines[last[0]], lines[last[1]]
            both_ones, both_zeros = a & b, ~a & ~b & full
        parts: list[tuple[Any, ...]] = []
        for j, line in enumerate(lines):
            new_counts = counts + spread[j]
            keep = ((new_counts + at_most) & bit3) == 0
            if at_least is not None:
                keep &= ((new_counts + at_least) & bit3) == bit3
            if depth >= 2:
                keep &= (both_ones & line) == 0
                keep &= (both_zeros & ~line) == 0
            if depth:
                keep &= (used & np.uint64(1 << j)) == 0
            index = np.nonzero(keep)[0]
            parts.append((index, grid[index] | (line << np.uint64(depth * n)), new_counts[index],
                          used[index] | np.uint64(1 << j)))
        index = np.concatenate([p[0] for p in parts])
        line_of = np.concatenate([np.full(len(p[0]), j, dtype=np.int64)
                                  for j, p in enumerate(parts)])
        grid = np.concatenate([p[1] for p in parts])
        counts = np.concatenate([p[2] for p in parts])
        used = np.concatenate([p[3] for p in parts])
        last = [last[1][index] if depth >= 1 else line_of, line_of]
    # Columns: no two equal (rows already differ).
    columns = []
    for c in range(n):
        column = np.zeros(len(grid), dtype=np.uint64)
        for r in range(n):
            column |= ((grid >> np.uint64(r * n + c)) & one) << np.uint64(r)
        columns.append(column)
    keep = np.ones(len(grid), dtype=bool)
    for a in range(n):
        for b in range(a + 1, n):
            keep &= columns[a] != columns[b]
    return np.sort(grid[keep])


def images_numpy(grids: Any, n: int) -> list[Any]:
    """The 16 images of every grid of a uint64 array, as 16 arrays."""
    import numpy as np

    one = np.uint64(1)
    full = np.uint64((1 << (n * n)) - 1)
    moved = []
    for target in cell_maps(n):
        out = np.zeros_like(grids)
        for to, source in enumerate(target):
            out |= ((grids >> np.uint64(source)) & one) << np.uint64(to)
        moved.append(out)
    return moved + [full ^ g for g in moved]


def classes_numpy(grids: Any, n: int) -> tuple[Any, Any]:
    """Each class's representative (sorted uint64 array) and its size in grids."""
    import numpy as np

    best = grids.copy()
    for moved in images_numpy(grids, n):
        np.minimum(best, moved, out=best)
    return np.unique(best, return_counts=True)
