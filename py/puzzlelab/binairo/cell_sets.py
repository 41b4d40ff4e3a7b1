"""The fewest clues by a plain search over sets of cells: the second method.

:mod:`puzzlelab.binairo.fewest_clues` finds, for each class of grids, its
smallest set of givens by a minimum hitting set. This module answers the same
question without it, so that the two can check each other: for k = 1, 2, ...
it takes every set of k cells and groups every valid grid by its digits on
those cells. A group of exactly one grid is a puzzle with one solution (those
k cells, filled in as that grid has them); a group of two or more is not. The
smallest k with a group of one is the fewest clues.

Two shortcuts, neither of which can change the answer:

* One set of cells per orbit under the square's 8 turns and reflections (the
  smallest of its 8 images as a bitmask): a turn maps valid grids to valid
  grids, so grid g is alone on cells S exactly when its turned image is alone
  on the turned S, and both are in the same class of grids.
* A grid alone on k cells is alone on any k + 1 cells that contain them, so
  the classes with a puzzle of k clues are exactly the classes with one of at
  most k clues (the counts per k are cumulative).

Only the list of grids and the symmetry helpers of
:mod:`puzzlelab.binairo.grid_classes` are shared with the other method. With
numpy the grouping is a weighted sum of k bits per grid and a bincount, a
batch of sets at a time; without it a dict per set (2x2 and 4x4 only).
"""

from __future__ import annotations

import time
from itertools import combinations
from math import comb
from typing import Any

from puzzlelab.binairo import grid_classes
from puzzlelab.notation import PuzzleError

#: Sets of cells grouped at once with numpy (a batch x grids array of keys:
#: small enough to stay in the processor's cache, measured fastest on 6x6).
BATCH = 64
#: The most sets of cells (before taking one per orbit) a search may list:
#: 6x6 with 7 cells is 8.3 million, the last within reach in about a minute.
MOST_SETS = 10_000_000


def canonical_sets_pure(n: int, k: int) -> list[tuple[int, ...]]:
    """One set of ``k`` cells per orbit under the 8 turns and reflections
    (the one whose bitmask is smallest), as sorted tuples of cell numbers."""
    maps = grid_classes.cell_maps(n)
    out = []
    for cells in combinations(range(n * n), k):
        mask = sum(1 << c for c in cells)
        if all(mask <= grid_classes.image(mask, target) for target in maps):
            out.append(cells)
    return out


def all_sets_numpy(cells: int, k: int) -> Any:
    """Every set of ``k`` of ``cells`` cells as an int8 array (sets, k), rows
    increasing, in the order of itertools.combinations: each set of k - 1
    is extended by every cell after its last."""
    import numpy as np

    sets = np.arange(cells, dtype=np.int8)[:, None]
    for _ in range(1, k):
        last = sets[:, -1].astype(np.int64)
        extensions = cells - 1 - last
        starts = np.cumsum(extensions) - extensions
        added = (np.arange(extensions.sum()) - np.repeat(starts, extensions)
                 + np.repeat(last + 1, extensions))
        sets = np.concatenate([np.repeat(sets, extensions, axis=0),
                               added.astype(np.int8)[:, None]], axis=1)
    return sets


def canonical_sets_numpy(n: int, k: int) -> Any:
    """:func:`canonical_sets_pure` as an int8 array of shape (sets, k)."""
    import numpy as np

    sets = all_sets_numpy(n * n, k)
    weights = np.left_shift(np.uint64(1), np.arange(n * n, dtype=np.uint64))
    masks = weights[sets].sum(axis=1, dtype=np.uint64)
    keep = np.ones(len(sets), dtype=bool)
    for target in grid_classes.cell_maps(n):
        moved_to = np.empty(n * n, dtype=np.int64)
        moved_to[np.array(target)] = np.arange(n * n)  # target[to] = source
        keep &= masks <= weights[moved_to[sets]].sum(axis=1, dtype=np.uint64)
    return sets[keep]


def _alone_pure(grids: tuple[int, ...], sets: list[tuple[int, ...]]) -> dict[int, int]:
    """Each grid alone in its group on at least one of ``sets``: the index of the first."""
    alone: dict[int, int] = {}
    for index, cells in enumerate(sets):
        groups: dict[int, list[int]] = {}
        for grid in grids:
            key = sum(((grid >> c) & 1) << j for j, c in enumerate(cells))
            groups.setdefault(key, []).append(grid)
        for group in groups.values():
            if len(group) == 1:
                alone.setdefault(group[0], index)
    return alone


def _alone_numpy(bits: Any, sets: Any) -> Any:
    """For each grid, the index of the first of ``sets`` on which it is alone
    in its group, or -1. ``bits`` is the cells x grids uint8 array of digits."""
    import numpy as np

    count, k = sets.shape
    grid_count = bits.shape[1]
    kind = np.uint8 if k <= 8 else np.uint16
    shifted = [bits.astype(kind) << kind(j) for j in range(k)]  # cell c's digit as key bit j
    first_alone = np.full(grid_count, -1, dtype=np.int64)
    for first in range(0, count, BATCH):
        batch = sets[first:first + BATCH].astype(np.intp)
        rows = len(batch)
        keys = shifted[0][batch[:, 0]]
        for j in range(1, k):
            keys |= shifted[j][batch[:, j]]
        # One bincount for the whole batch: set i's keys are moved to i * 2**k.
        moved = keys.astype(np.intp) + (np.arange(rows, dtype=np.intp) << k)[:, None]
        sizes = np.bincount(moved.ravel(), minlength=rows << k).reshape(rows, 1 << k)
        # Most sets leave no grid alone: only those that do are looked at grid by grid.
        for row in np.nonzero((sizes == 1).any(axis=1))[0]:
            new = (sizes[row][keys[row]] == 1) & (first_alone < 0)
            first_alone[new] = first + row
    return first_alone


def fewest_by_cell_sets(n: int, up_to: int | None = None,
                        use_numpy: bool | None = None) -> dict[str, Any]:
    """The fewest clues of any n x n puzzle by trying every set of cells.

    Goes on to k = ``up_to`` cells when given (and past the minimum). Returns
    ``clues`` (the fewest), ``classes_at_minimum`` (the sorted class
    representatives, each the smallest of its 16 images, with a puzzle that
    small), ``example`` (one such puzzle: rows of 0, 1 and . joined by '/'),
    ``by_clues`` (for each k tried, how many classes have a puzzle of at most
    k clues), ``sets`` (how many sets of cells were grouped for each k) and
    ``seconds``.
    """
    if n < 2 or n % 2:
        raise PuzzleError(f"Binary puzzles have even sides; {n} is not one.")
    if use_numpy is None or use_numpy:
        try:
            import numpy as np
        except ImportError:
            if use_numpy:
                raise PuzzleError("numpy is not installed: pip install numpy.") from None
            np = None
    else:
        np = None
    if n > (6 if np is not None else 4):
        raise PuzzleError(f"The search over sets of cells takes {n}x{n} "
                          f"{'only with numpy' if n == 6 else 'out of reach'}: "
                          "the hitting-set search (binairo fewest-clues) goes further.")
    started = time.perf_counter()
    grids = grid_classes.grids_pure(n)
    bits = None
    if np is not None:
        as_array = np.array(grids, dtype=np.uint64)
        bits = np.stack([((as_array >> np.uint64(c)) & np.uint64(1)).astype(np.uint8)
                         for c in range(n * n)])
        best = as_array.copy()
        for moved in grid_classes.images_numpy(as_array, n):
            np.minimum(best, moved, out=best)
        rep_of = dict(zip(grids, (int(b) for b in best), strict=True))
    else:
        rep_of = {grid: grid_classes.canonical(grid, n) for grid in grids}
    clues = None
    by_clues: dict[str, int] = {}
    set_counts: dict[str, int] = {}
    at_minimum: set[int] = set()
    example = ""
    for k in range(1, n * n + 1):
        if clues is not None and (up_to is None or k > up_to):
            break
        if comb(n * n, k) > MOST_SETS:
            raise PuzzleError(f"{comb(n * n, k):,} sets of {k} cells on {n}x{n} are too many "
                              "to try here; ask for fewer.")
        if np is not None:
            sets = canonical_sets_numpy(n, k)
            first_alone = _alone_numpy(bits, sets)
            alone = {grids[i]: int(first_alone[i]) for i in np.nonzero(first_alone >= 0)[0]}
        else:
            sets = canonical_sets_pure(n, k)
            alone = _alone_pure(grids, sets)
        classes = {rep_of[grid] for grid in alone}
        by_clues[str(k)] = len(classes)
        set_counts[str(k)] = len(sets)
        if classes and clues is None:
            clues = k
            at_minimum = classes
            grid = min(alone)
            example = _puzzle_text(grid, {int(c) for c in sets[alone[grid]]}, n)
    return {"size": n, "clues": clues, "classes_at_minimum": sorted(at_minimum),
            "example": example, "by_clues": by_clues, "sets": set_counts,
            "seconds": round(time.perf_counter() - started, 2)}


def _puzzle_text(grid: int, cells: set[int], n: int) -> str:
    """``grid``'s digits on ``cells`` as rows of 0, 1 and . joined by '/'."""
    return "/".join("".join(str((grid >> (r * n + c)) & 1) if r * n + c in cells else "."
                            for c in range(n)) for r in range(n))
