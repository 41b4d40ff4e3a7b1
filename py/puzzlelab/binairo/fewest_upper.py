"""An upper bound on the fewest clues of an n x n binary puzzle: exact minima of sampled grids.

For one grid S, the fewest givens that leave S the only solution is a minimum
hitting set of the difference sets S XOR T over every other valid grid T
(:mod:`puzzlelab.binairo.hitting_sets`). On 10x10 those T cannot be listed,
so the sets are found as they are needed: the line solver is the check. A
candidate set of givens with a second solution T yields a new difference set,
first shrunk to a minimal one (each of its cells is given S's digit in turn;
while the puzzle of S outside the set still has another solution, that
solution's smaller difference replaces it), and the hitting set is searched
again. The first candidate with one solution is the grid's exact minimum
(a minimum over some of the sets is a lower bound for all).

A *limit* keeps it quick: a grid is only searched for hitting sets smaller
than the best found so far; most grids are proved above it by their small
difference sets (two rows and two columns whose four digits can swap). The
smallest over the sampled grids is an upper bound for the size, its puzzle
the proof (one solution, checked again by the solver and the counter).
"""

from __future__ import annotations

import random
import time
from typing import Any

from puzzlelab.binairo import solver
from puzzlelab.binairo.hitting_sets import _packing, fewest_givens
from puzzlelab.binairo.sparse_deals import puzzle_of


class _OutOfTime(Exception):
    """A grid's search passed its share of time (the grid is left out)."""


def _grid_int(rows: list[int], n: int) -> int:
    return sum(row << (r * n) for r, row in enumerate(rows))


class SolverDifferences:
    """The difference sets of one n x n grid, found by the line solver on demand
    (:class:`puzzlelab.binairo.hitting_sets.Differences`)."""

    def __init__(self, grid: int, n: int, rng: random.Random) -> None:
        self.grid, self.n, self.rng = grid, n, rng
        self.full = (1 << (n * n)) - 1
        self.solves = 0

    def _other(self, cells: int) -> int | None:
        """A solution other than the grid of the puzzle given on ``cells``, or None."""
        self.solves += 1
        for rows in solver.solutions(puzzle_of(self.grid, cells, self.n), limit=2):
            other = _grid_int(rows, self.n)
            if other != self.grid:
                return other
        return None

    def small(self, cells: int) -> list[int]:
        """The four-cell swaps: rows i, j and columns a, b where the grid reads 01/10
        or 10/01 and the swapped grid keeps the rules (checked by the solver)."""
        n, g = self.n, self.grid
        found = []
        for i in range(n):
            for j in range(i + 1, n):
                for a in range(n):
                    for b in range(a + 1, n):
                        cells4 = [i * n + a, i * n + b, j * n + a, j * n + b]
                        d = [g >> c & 1 for c in cells4]
                        if d[0] == d[3] != d[1] == d[2]:
                            swap = sum(1 << c for c in cells4)
                            if self._valid(g ^ swap):
                                found.append(swap)
        return [s for s in found if s.bit_count() <= cells]

    def _valid(self, grid: int) -> bool:
        """Whether a full grid keeps the rules (the solver on it as givens)."""
        return bool(solver.solutions(puzzle_of(grid, self.full, self.n), limit=1))

    def missed(self, hitting: int, most: int) -> list[int]:
        """One minimal difference set that ``hitting`` misses, or none when the
        puzzle it gives has one solution."""
        other = self._other(hitting)
        if other is None:
            return []
        differ = self.grid ^ other
        cells = list(range(self.n * self.n))
        self.rng.shuffle(cells)
        for cell in cells:
            if not differ >> cell & 1:
                continue
            smaller = self._other((self.full ^ differ) | (1 << cell) | hitting)
            if smaller is not None:
                differ = self.grid ^ smaller
        return [differ]


def greedy(grid: int, n: int, rng: random.Random) -> int:
    """A set of givens of ``grid`` with one solution from which no given can be
    dropped: all cells, then each in a random order dropped while the puzzle
    keeps one solution (an upper bound for the grid, found in ~n*n solves)."""
    cells = list(range(n * n))
    rng.shuffle(cells)
    kept = (1 << (n * n)) - 1
    for cell in cells:
        fewer = kept & ~(1 << cell)
        if len(solver.solutions(puzzle_of(grid, fewer, n), limit=2)) == 1:
            kept = fewer
    return kept


def grid_minimum(grid: int, n: int, limit: int, seed: int = 0,
                 seconds: float = float("inf")) -> tuple[int | None, int, str]:
    """The fewest givens of ``grid`` if at most ``limit`` (the givens as a cell
    set), else None; the solver calls it took; and how it ended: "found",
    "above" (proved above ``limit``: its four-cell swaps alone need more when
    ``packed``), or "time" (not settled within ``seconds`` of CPU)."""
    differences = SolverDifferences(grid, n, random.Random(seed))
    if _packing(sorted(differences.small(4))) > limit:
        return None, differences.solves, "packed"
    ends = time.process_time() + seconds

    def tick() -> None:
        if time.process_time() > ends:
            raise _OutOfTime

    try:
        found = fewest_givens(differences, limit, 4, tick)
    except _OutOfTime:
        return None, differences.solves, "time"
    return found, differences.solves, "above" if found is None else "found"


def search(n: int, grids: int, seed: int, best: int, seconds: float,
           per_grid: float = 60.0) -> dict[str, Any]:
    """Exact minima (below ``best``) of up to ``grids`` random grids, for at most
    ``seconds`` of CPU (``per_grid`` each): the fewest found, its puzzle, and
    the work done (grids by how their search ended)."""
    rng = random.Random(seed)
    started = time.process_time()
    record: dict[str, Any] = {"n": n, "seed": seed, "grids": 0, "solves": 0, "best": None,
                              "puzzle": None, "ended": {}}
    for index in range(grids):
        if time.process_time() - started > seconds:
            break
        grid = _grid_int(solver.random_solution(n, n, rng), n)
        found, solves, ended = grid_minimum(grid, n, best - 1, index, per_grid)
        record["grids"] += 1
        record["solves"] += solves
        record["ended"][ended] = record["ended"].get(ended, 0) + 1
        if found is not None:
            best = found.bit_count()
            record["best"] = best
            record["puzzle"] = puzzle_of(grid, found, n).game_id
    record["cpu_seconds"] = round(time.process_time() - started, 1)
    return record


def rigid_grids(n: int, sample: int, keep: int, seed: int) -> list[tuple[int, int, int]]:
    """Of ``sample`` seeded random grids, the ``keep`` with the fewest disjoint
    four-cell swaps (the fewest givens their swaps alone demand), as
    (swaps, index, grid): the likeliest to need few givens."""
    rng = random.Random(seed)
    found = []
    for index in range(sample):
        grid = _grid_int(solver.random_solution(n, n, rng), n)
        found.append((_packing(sorted(SolverDifferences(grid, n, rng).small(4))), index, grid))
    return sorted(found)[:keep]


def greedy_search(n: int, sample: int, keep: int, orders: int, seed: int) -> dict[str, Any]:
    """:func:`greedy` in ``orders`` random orders on each of :func:`rigid_grids`:
    the fewest givens found, its puzzle, and the work done."""
    started = time.process_time()
    best: dict[str, Any] = {"clues": None}
    for swaps, index, grid in rigid_grids(n, sample, keep, seed):
        for order in range(orders):
            kept = greedy(grid, n, random.Random(order))
            if best["clues"] is None or kept.bit_count() < best["clues"]:
                best = {"clues": kept.bit_count(), "grid": index, "swaps": swaps,
                        "order": order, "puzzle": puzzle_of(grid, kept, n).game_id}
    return {**best, "sample": sample, "grids": keep, "orders": orders, "seed": seed,
            "cpu_seconds": round(time.process_time() - started, 1)}
