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
from collections.abc import Collection, Iterator
from typing import Any

from puzzlelab.binairo import solver
from puzzlelab.binairo.grid import Grid
from puzzlelab.binairo.hitting_sets import _packing, fewest_givens
from puzzlelab.binairo.lines import bit_positions
from puzzlelab.binairo.sparse_deals import puzzle_of
from puzzlelab.notation import PuzzleError


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


def _cells(mask: int) -> list[int]:
    """The one-bit masks of ``mask``'s cells."""
    return [1 << position for position in bit_positions(mask)]


class LocalSearch:
    """Fewer givens for one grid by small moves that keep one solution.

    Every difference set met so far is kept (the grid's four-cell swaps, then
    each minimal set a failed candidate missed), so a candidate that misses
    one is refused without a solve, and a candidate refused once is refused
    free ever after (the set it missed is kept). Only candidates that hit
    every known set are solved.
    """

    def __init__(self, grid: int, n: int, rng: random.Random) -> None:
        self.grid, self.n, self.rng = grid, n, rng
        self.differences = SolverDifferences(grid, n, rng)
        self.known = sorted(self.differences.small(4))

    def unique(self, givens: int) -> bool:
        """Whether the grid's digits on ``givens`` have one solution (a missed
        difference set, if not, is kept)."""
        for known in self.known:
            if not known & givens:
                return False
        missed = self.differences.missed(givens, 1)
        if missed:
            self.known.append(missed[0])
            return False
        return True

    def _room(self, rest: int) -> int:
        """The cells one of which ``rest`` needs added to hit every known set
        (all cells when it hits them all)."""
        room = (1 << (self.n * self.n)) - 1
        for known in self.known:
            if not known & rest:
                room &= known
                if not room:
                    break
        return room

    def drop_one(self, givens: int) -> int | None:
        """``givens`` less one of its cells, still with one solution, or None."""
        cells = _cells(givens)
        self.rng.shuffle(cells)
        for cell in cells:
            if self.unique(givens ^ cell):
                return givens ^ cell
        return None

    def exchange(self, givens: int, out: int) -> int | None:
        """``givens`` with ``out`` of its cells taken out and one other cell put
        in, still with one solution, or None: out=2 is one given fewer, out=1
        moves a given (the same count, another puzzle to go on from)."""
        cells = _cells(givens)
        removals = ([a | b for i, a in enumerate(cells) for b in cells[i + 1:]] if out == 2
                    else cells)
        self.rng.shuffle(removals)
        for removed in removals:
            rest = givens ^ removed
            added = _cells(self._room(rest) & ~givens)
            self.rng.shuffle(added)
            for cell in added:
                if self.unique(rest | cell):
                    return rest | cell
        return None

    def wander(self, givens: int, tries: int = 4) -> tuple[int, int] | None:
        """Another grid and its givens, the same count: one given taken out,
        another solution T of the rest drawn at random, and one cell where T
        differs put in with T's digit, when T is then the only solution."""
        n = self.n
        cells = _cells(givens)
        self.rng.shuffle(cells)
        for cell in cells[:tries]:
            rest = givens ^ cell
            self.differences.solves += 1
            others = [_grid_int(rows, n) for rows in solver.solutions(
                puzzle_of(self.grid, rest, n), limit=2, rng=self.rng)]
            other = next((grid for grid in others if grid != self.grid), None)
            if other is None:
                continue
            differ = _cells(other ^ self.grid)
            self.rng.shuffle(differ)
            for put in differ[:tries]:
                self.differences.solves += 1
                if len(solver.solutions(puzzle_of(other, rest | put, n), limit=2)) == 1:
                    return other, rest | put
        return None


def descend(grid: int, n: int, rng: random.Random, budget: int,
            wander: float = 0.5, start: int | None = None) -> tuple[int, int, int]:
    """The fewest givens with one solution found by local search from ``grid``
    in about ``budget`` solver calls (a count, not a clock, so that a seed
    gives the same answer on any machine): a greedy start, then one given
    fewer (drop one; take two out and put one in) while any such move exists,
    else a move at the same count: one given moved on the grid, or (with
    chance ``wander``) onto another grid (:meth:`LocalSearch.wander`).
    ``start`` (givens of ``grid`` with one solution) replaces the greedy start.
    Returns the best grid, its givens, and the solver calls made."""
    search = LocalSearch(grid, n, rng)
    givens = greedy(grid, n, rng) if start is None else start
    best = (grid, givens)
    spent = n * n
    while spent + search.differences.solves < budget:
        fewer = search.drop_one(givens) or search.exchange(givens, 2)
        if fewer is not None:
            givens = fewer
            if givens.bit_count() < best[1].bit_count():
                best = (search.grid, givens)
            continue
        moved = search.wander(givens) if rng.random() < wander else None
        if moved is not None:
            spent += search.differences.solves
            search = LocalSearch(moved[0], n, rng)
            givens = moved[1]
            continue
        givens = search.exchange(givens, 1) or givens
    return best[0], best[1], spent + search.differences.solves


def puzzle_cells(puzzle: Grid) -> tuple[int, int]:
    """A puzzle with one solution as (its solution, its givens) in cell sets."""
    found = solver.solutions(puzzle, limit=2)
    if len(found) != 1:
        raise PuzzleError("The puzzle to start from must have exactly one solution.")
    givens = [o | z for o, z in zip(puzzle.given_ones, puzzle.given_zeros, strict=True)]
    return _grid_int(found[0], puzzle.cols), _grid_int(givens, puzzle.cols)


def local_runs(n: int, runs: int, budget: int, seed: int, skip: Collection[int] = (),
               start: Grid | None = None) -> Iterator[dict[str, Any]]:
    """:func:`descend` from ``runs`` seeded random grids, or each from the puzzle
    ``start`` (run r's grid and moves drawn from the seed and r alone, so any
    run can be repeated or left for later: ``skip`` names runs already done),
    one record per run."""
    for run in range(runs):
        if run in skip:
            continue
        started = time.process_time()
        rng = random.Random(f"{seed}:{run}")
        if start is None:
            grid = _grid_int(solver.random_solution(n, n, rng), n)
            givens = None
        else:
            grid, givens = puzzle_cells(start)
        grid, givens, solves = descend(grid, n, rng, budget, start=givens)
        yield {"run": run, "clues": givens.bit_count(),
               "puzzle": puzzle_of(grid, givens, n).game_id, "solves": solves,
               "cpu_seconds": round(time.process_time() - started, 1)}
