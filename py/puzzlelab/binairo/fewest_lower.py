"""A lower bound on the fewest clues of an n x n binary puzzle, by exhaustion.

Claim for k: no set of k givens on an n x n grid has exactly one solution.
It implies the same for every smaller k (adding to a one-solution puzzle a
given of its solution keeps it one solution), so the fewest clues is then at
least k + 1. The search checks every set of k givens, up to the 16
symmetries, and shows for each that it has none or at least two solutions.

*Witnesses.* Most sets are dismissed without solving: a fixed *pool* of valid
grids (all of them on small sizes; on 10x10 random grids with their 16
images) is kept bit-sliced, one big integer per (cell, digit) whose bit j says
that pool grid j has that digit there. The pool grids agreeing with a set of
givens are the AND of its integers; two of them are two solutions. Only a
set with fewer than two pool grids is given to the line solver
(:func:`puzzlelab.binairo.solver.solutions`, stopping at two): none prunes
every extension, one is a puzzle with one solution (the claim fails, and the
set is reported). At the last level the cells are checked in bulk: a few
agreeing pool grids are OR-ed so that the cells where two of them show a 1
and two a 0 need no look each.

*Symmetry.* Sets are listed by increasing cells. Of the 8 turns and
reflections, one brings a set's smallest cell m as low as it can go; then m
is the smallest cell of its own orbit and every other cell's orbit stays at
or above m. So only such sets are listed, with the digit at m fixed to 0
(complementing covers the other), and every set has an image among them.

*Tasks.* The sets are cut by their two smallest cells (m, c): each pair is
one independent task, so that a run can be spread over processes or a Dask
cluster and resumed (:func:`run_task`). Nothing here depends on the pool
being random or uniform: the pool only saves calls to the solver.
"""

from __future__ import annotations

import math
import random
import time
from functools import cache
from typing import Any

from puzzlelab.binairo import grid_classes, solver
from puzzlelab.binairo.grid import Grid

#: Random grids drawn for a pool on sizes whose grids are too many to list
#: (each adds its 16 images).
POOL_DRAWS = 256
#: The seed of the pool's draws: a run and its rerun use the same pool.
POOL_SEED = 39
#: Pool grids OR-ed for the last level's bulk check.
BULK = 12


@cache
def orbit_floor(n: int) -> tuple[int, ...]:
    """Each cell's smallest image under the square's 8 turns and reflections."""
    maps = grid_classes.cell_maps(n)
    return tuple(min(target.index(cell) for target in maps) for cell in range(n * n))


@cache
def tasks(n: int) -> tuple[tuple[int, int], ...]:
    """The tasks: every (m, c) with m the smallest cell of its orbit and c > m a
    cell whose orbit stays at or above m, in order."""
    floor = orbit_floor(n)
    return tuple((m, c) for m in range(n * n) if floor[m] == m
                 for c in range(m + 1, n * n) if floor[c] >= m)


@cache
def pool(n: int) -> tuple[int, ...]:
    """The witness grids (as ints, bit r*n+c): every valid grid up to 6x6, else
    :data:`POOL_DRAWS` random grids (seeded) and their 16 images."""
    if n <= 6:
        return grid_classes.grids_pure(n)
    rng = random.Random(POOL_SEED)
    found: set[int] = set()
    for _ in range(POOL_DRAWS):
        rows = solver.random_solution(n, n, rng)
        grid = sum(row << (r * n) for r, row in enumerate(rows))
        found.update(grid_classes.images(grid, n))
    return tuple(sorted(found))


@cache
def _slices(n: int) -> tuple[tuple[int, int], ...]:
    """Per cell, the pool grids with a 0 there and with a 1 there (as bit sets)."""
    grids = pool(n)
    every = (1 << len(grids)) - 1
    out = []
    for cell in range(n * n):
        ones = sum(1 << j for j, g in enumerate(grids) if g >> cell & 1)
        out.append((every ^ ones, ones))
    return tuple(out)


def task_sets(n: int, k: int, task: int) -> int:
    """How many sets of ``k`` givens task ``task`` covers (before any pruning): its
    second cell's two digits, and k - 2 more of its later cells with theirs."""
    m, second = tasks(n)[task]
    floor = orbit_floor(n)
    later = sum(1 for c in range(second + 1, n * n) if floor[c] >= m)
    return 2 * math.comb(later, k - 2) * 2 ** (k - 2) if k >= 2 else 0


def solutions_of(n: int, givens: list[tuple[int, int]]) -> int:
    """0, 1 or 2 (meaning at least two) solutions of the givens, by the line solver."""
    ones, zeros = [0] * n, [0] * n
    for cell, digit in givens:
        r, c = divmod(cell, n)
        (ones if digit else zeros)[r] |= 1 << c
    return len(solver.solutions(Grid.from_masks(n, n, ones, zeros), limit=2))


def run_task(n: int, k: int, task: int) -> dict[str, Any]:
    """Every set of ``k`` givens of task ``task`` (its two smallest cells
    fixed): how many were checked, how many went to the solver, and any with
    exactly one solution (``unique``, as lists of [cell, digit])."""
    started = time.process_time()
    m, second = tasks(n)[task]
    floor = orbit_floor(n)
    later = [c for c in range(second + 1, n * n) if floor[c] >= m]
    slices = _slices(n)
    grids = pool(n)
    cells = n * n
    stats = {"sets": 0, "solved": 0}
    unique: list[list[list[int]]] = []

    def dismissed(givens: list[tuple[int, int]], agreeing: int) -> bool:
        """Whether a set is shown to have none or two solutions; a one-solution set
        is recorded. Returns False only when it has no solution (prune)."""
        stats["solved"] += 1
        found = solutions_of(n, givens)
        if found == 1:
            unique.append([[c, d] for c, d in givens])
        return found > 0

    def last_level(givens: list[tuple[int, int]], agreeing: int, start: int) -> None:
        # OR a few agreeing pool grids: cells seen twice as 1 and twice as 0 are done.
        one1 = one2 = zero1 = zero2 = 0
        full = (1 << cells) - 1
        bits = agreeing
        for _ in range(BULK):
            if not bits:
                break
            low = bits & -bits
            bits ^= low
            g = grids[low.bit_length() - 1]
            one2 |= one1 & g
            one1 |= g
            z = full ^ g
            zero2 |= zero1 & z
            zero1 |= z
        for cell in later[start:]:
            stats["sets"] += 2
            for digit, seen in ((0, zero2), (1, one2)):
                if seen >> cell & 1:
                    continue
                here = agreeing & slices[cell][digit]
                if here & (here - 1):
                    continue
                dismissed([*givens, (cell, digit)], here)

    def extend(givens: list[tuple[int, int]], agreeing: int, start: int) -> None:
        if len(givens) == k - 1:
            last_level(givens, agreeing, start)
            return
        for i in range(start, len(later)):
            cell = later[i]
            for digit in (0, 1):
                here = agreeing & slices[cell][digit]
                child = [*givens, (cell, digit)]
                if not here & (here - 1) and not dismissed(child, here):
                    continue  # no solution: neither has any extension
                extend(child, here, i + 1)

    for digit in (0, 1):
        givens = [(m, 0), (second, digit)]
        agreeing = slices[m][0] & slices[second][digit]
        if k == 2:
            stats["sets"] += 1
            if not agreeing & (agreeing - 1):
                dismissed(givens, agreeing)
            continue
        if not agreeing & (agreeing - 1) and not dismissed(givens, agreeing):
            continue
        extend(givens, agreeing, 0)
    return {"n": n, "k": k, "task": task, "tasks": len(tasks(n)), "first": [m, second],
            "sets": stats["sets"], "solved": stats["solved"], "unique": unique,
            "cpu_seconds": round(time.process_time() - started, 3)}


def small_sets(n: int, k: int) -> list[list[list[int]]]:
    """The one-solution sets of fewer than two givens (k = 1 needs its own look:
    the tasks all have two cells)."""
    floor = orbit_floor(n)
    out = []
    if k >= 1:
        for m in range(n * n):
            if floor[m] == m and solutions_of(n, [(m, 0)]) == 1:
                out.append([[m, 0]])
    return out


def claim(n: int, k: int, task_results: list[dict[str, Any]]) -> dict[str, Any]:
    """Combine a complete set of task results for ``k`` into the claim: whether
    no k givens have one solution, with the work it took."""
    done = sorted(r["task"] for r in task_results)
    if done != list(range(len(tasks(n)))):
        raise ValueError("a claim needs every task exactly once")
    unique = [u for r in task_results for u in r["unique"]]
    return {"n": n, "k": k, "none_unique": not unique and not small_sets(n, 1),
            "unique": unique[:5], "tasks": len(done),
            "sets": sum(r["sets"] for r in task_results),
            "solved": sum(r["solved"] for r in task_results),
            "cpu_seconds": round(sum(r["cpu_seconds"] for r in task_results), 1),
            "pool": len(pool(n))}
