"""The binary puzzle's requests: their arguments, their handlers, what to try out of memory.

Every command takes ``game`` (a grid or game ID) except ``binairo.empty`` and
``binairo.new`` (a size). :mod:`puzzlelab.api` finds this module through
:mod:`puzzlelab.families` and checks each request against :data:`ARGUMENTS`
before its handler runs.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from puzzlelab import binairo
from puzzlelab.arguments import MAX_SEED, MAX_SMALL_GRID_CHARS, SEED, Arg, game, side
from puzzlelab.binairo import count as binairo_count
from puzzlelab.binairo import fewest_bounds, fewest_clues, fewest_clues_native, sparse_deals
from puzzlelab.jobs import Handler, Steps, registrar
from puzzlelab.notation import PuzzleError

Result = dict[str, Any]

# --- the arguments -----------------------------------------------------------

MAX_SIDE = binairo.MAX_SIDE

BIN_GAME = game("rows of 0, 1 and . joined by '/', or a game ID like 6x6:1b0...",
                MAX_SMALL_GRID_CHARS)


#: Each command's arguments (see :mod:`puzzlelab.params`).
ARGUMENTS: dict[str, tuple[Arg, ...]] = {
    "binairo.load": (BIN_GAME,),
    "binairo.empty": (
        side("rows", MAX_SIDE, "rows (even, 2 to 16)", low=2),
        side("cols", MAX_SIDE, "columns (even, 2 to 16; default: as many as rows)", False, 2),
    ),
    "binairo.set": (
        BIN_GAME,
        side("row", MAX_SIDE - 1, "the cell's row (from 0)", low=0),
        side("col", MAX_SIDE - 1, "the cell's column (from 0)", low=0),
        Arg("value", "text", "the digit: 0, 1, or . to clear", required=True,
            choices=("0", "1", ".")),
    ),
    "binairo.new": (
        side("rows", MAX_SIDE, "rows (even, 2 to 16)", low=2),
        side("cols", MAX_SIDE, "columns (even, 2 to 16; default: as many as rows)", False, 2),
        Arg("difficulty", "text", "easy, medium or hard; or fewest: a 6x6 or 8x8 puzzle with at "
            "most 2 clues more than any puzzle of its size can have", default="medium",
            choices=("easy", "medium", "hard", "fewest")),
        SEED,
    ),
    "binairo.solve": (BIN_GAME,),
    "binairo.hint": (BIN_GAME,),
    "binairo.count": (
        BIN_GAME,
        Arg("distinct", "bool", "no two equal rows and no two equal columns (true, the "
            "puzzle's rule and the default); false counts grids whose rows or columns "
            "may repeat", default=True),
    ),
    "binairo.minimize": (
        BIN_GAME,
        Arg("seed", "int", "order of removal", default=0, low=0, high=MAX_SEED),
        Arg("budget", "number", "seconds of random restarts for the fewest clues",
            default=0, low=0, high=600, unit="seconds"),
    ),
    "binairo.fewest_clues": (
        side("size", MAX_SIDE, "the grid's side (even; 4, 6 and 8 are within reach)", low=2),
        Arg("bound", "int", "search for puzzles of at most this many clues (default: 8x8 "
            "probes a few hundred grids for one; smaller sizes solve every grid)",
            low=1, high=MAX_SIDE * MAX_SIDE),
        Arg("work", "text", "a folder for each task's result, to resume an interrupted run "
            "(natively; default for 8x8: ~/.cache/puzzlelab/fewest-clues)", max_chars=500,
            folder=True),
        Arg("workers", "int", "processes to run the tasks on (natively; default: every core)",
            low=1, high=256),
        Arg("dask", "text", "run the tasks on Dask: 'local' for a local cluster, or a "
            "scheduler's address (natively; needs dask[distributed])", max_chars=500),
    ),
}

#: What to try when a job runs out of memory.
MEMORY_ADVICE = {"binairo": "a smaller grid or one with more cells filled in"}

# --- the handlers ------------------------------------------------------------

HANDLERS: dict[str, Handler] = {}
command = registrar(HANDLERS)


def _grid(request: Result) -> binairo.Grid:
    return binairo.Grid.parse(request["game"])


def _state(grid: binairo.Grid) -> Result:
    ones, zeros = grid.ones, grid.zeros
    cones = binairo.transpose(ones, grid.cols)
    czeros = binairo.transpose(zeros, grid.cols)
    bad = binairo.errors(grid)
    complete = grid.filled == grid.rows * grid.cols
    return {
        "game": grid.game_id,
        "rows": grid.rows,
        "cols": grid.cols,
        "grid": grid.grid,
        "givens": grid.givens_grid,
        "clues": grid.clue_count,
        "filled": grid.filled,
        "errors": [list(cell) for cell in bad],
        "solved": complete and not bad,
        "row_counts": [[z.bit_count(), o.bit_count()] for o, z in zip(ones, zeros, strict=True)],
        "col_counts": [[z.bit_count(), o.bit_count()] for o, z in zip(cones, czeros, strict=True)],
    }


@command("binairo.load")
def _load(request: Result) -> Result:
    """Parse a game ID or plain grid (0, 1, . rows joined by '/') into the canonical state."""
    return _state(_grid(request))


@command("binairo.empty")
def _empty(request: Result) -> Result:
    """The empty grid of a size (``rows``, ``cols``), e.g. to count its solutions."""
    rows = request["rows"]
    return _state(binairo.Grid.empty(rows, request.get("cols", rows)))


@command("binairo.set")
def _set(request: Result) -> Result:
    """Set the player's digit at (row, col) to ``value``: "0", "1" or "." (clear)."""
    grid = _grid(request)
    return _state(grid.with_entry(request["row"], request["col"], request["value"]))


#: The hardest puzzle the generator makes of the small shapes (sides in either
#: order); from 4x6 up it makes all three. Every good 2x2 puzzle is easy (all
#: are checked); hard 4x4 puzzles exist but are rare, and the generator's clue
#: removal does not reach them
#: (tests/binairo/test_binairo_api.py::test_the_small_shapes_ceilings_are_true).
GENERATED_UP_TO = {(2, 2): ("easy", "every 2x2 puzzle is solved by the easy rules alone"),
                   (4, 4): ("medium", "hard 4x4 puzzles are rare and the generator does "
                                      "not make them")}


def binairo_new_refusal(rows: int, cols: int, difficulty: str) -> str | None:
    """Why a puzzle of this shape and difficulty cannot be made, or None: decided
    up front, from the shape alone, never by trying."""
    for count, length, name in ((rows, cols, "rows"), (cols, rows, "columns")):
        valid = len(binairo.valid_lines(length))
        if count > valid:
            # Lines must all differ, and only so many lines of that length are valid.
            return (f"A {cols}x{rows} grid has no solution: its {count} {name} must all "
                    f"differ, and only {valid} lines of {length} cells keep the rules.")
    ceiling = GENERATED_UP_TO.get((min(rows, cols), max(rows, cols)))
    if ceiling is None:
        return None
    hardest, why = ceiling
    order = binairo.DIFFICULTIES
    if order.index(difficulty) <= order.index(hardest):
        return None
    larger = "4x4" if difficulty == "medium" else "4x6"
    return (f"A {cols}x{rows} puzzle is at most {hardest} here ({why}): try {larger} or "
            f"larger for a {difficulty} one.")


@command("binairo.new")
def _new(request: Result) -> Steps[Result]:
    """A good puzzle of ``difficulty`` (easy, medium, hard), reproducible from ``seed``.

    A shape and difficulty that cannot be had is refused up front; a puzzle
    that came out easier than asked is refused too, never given instead.
    """
    rows = request["rows"]
    cols = request.get("cols", rows)
    difficulty = request["difficulty"]
    binairo.check_shape(rows, cols)
    seed = request.get("seed")
    if seed is None:
        seed = random.randrange(1_000_000)
    if difficulty == "fewest":
        return (yield from _new_sparse(rows, cols, seed))
    refusal = binairo_new_refusal(rows, cols, difficulty)
    if refusal is not None:
        raise PuzzleError(refusal)
    puzzle, rating = yield from binairo.generate_steps(rows, cols, difficulty, seed)
    if rating.difficulty != difficulty:
        raise PuzzleError(f"No {difficulty} {cols}x{rows} puzzle came from seed {seed} (the "
                          f"nearest was {rating.difficulty}): try another seed.")
    return {
        **_state(puzzle),
        "seed": seed,
        "difficulty": rating.difficulty,
        "needs_search": rating.needs_search,
        "rule_cells": rating.steps,
    }


def _new_sparse(rows: int, cols: int, seed: int) -> Steps[Result]:
    """A puzzle from the fewest-clues search, graded as every other."""
    refusal = sparse_deals.refusal(rows, cols)
    if refusal is not None:
        raise PuzzleError(refusal)
    puzzle, rating, fewest = yield from sparse_deals.deal_steps(rows, seed)
    return {
        **_state(puzzle),
        "seed": seed,
        "deal": "fewest",
        "fewest_possible": fewest,
        "difficulty": rating.difficulty,
        "needs_search": rating.needs_search,
        "rule_cells": rating.steps,
    }


@command("binairo.solve")
def _solve(request: Result) -> Steps[Result]:
    """Solve the givens: ``solutions`` is 0, 1 or 2 (several); two differing ones when several.

    Also says whether the player's entries agree with the (first) solution and,
    for a good puzzle, its difficulty.
    """
    grid = _grid(request)
    # Stepwise, like every binary puzzle command that searches: a 16x16
    # search can take a while in the page, which may cancel between steps.
    found = yield from binairo.solutions_steps(grid.puzzle(), 2)
    result: Result = {
        "game": grid.game_id,
        "solutions": len(found),
        "verdict": ("none", "one", "several")[len(found)],
        "solution": binairo.rows_text(found[0], grid.cols) if found else None,
        "second": binairo.rows_text(found[1], grid.cols) if len(found) > 1 else None,
        "difficulty": None,
        "needs_search": None,
    }
    if found:
        result["solved_game"] = grid.with_entries(
            found[0], [~o & grid.full for o in found[0]]
        ).game_id
        ones, zeros = grid.entry_ones, grid.entry_zeros
        result["wrong_entries"] = [
            [r, c]
            for r in range(grid.rows)
            for c in range(grid.cols)
            if (ones[r] & ~found[0][r] | zeros[r] & found[0][r]) >> c & 1
        ]
    if len(found) == 1:
        rating = yield from binairo.rate_steps(grid.puzzle())
        result["difficulty"] = rating.difficulty
        result["needs_search"] = rating.needs_search
    return result


@command("binairo.hint")
def _hint(request: Result) -> Steps[Result]:
    """The next deduction a person could make, naming the rule and the proving cells.

    When the grid breaks a rule, or the player's entries lead nowhere, the hint
    says so instead and names the cells at fault.
    """
    grid = _grid(request)
    bad = binairo.errors(grid)
    if bad:
        return {"game": grid.game_id, "rule": "mistake", "level": None, "cells": [],
                "proof": [list(c) for c in bad],
                "text": "The highlighted cells break a rule: fix them first."}
    if not (yield from binairo.solutions_steps(grid, 1)):
        found = yield from binairo.solutions_steps(grid.puzzle(), 2)
        wrong = []
        if len(found) == 1:
            wrong = [[r, c] for r in range(grid.rows) for c in range(grid.cols)
                     if (grid.entry_ones[r] & ~found[0][r] | grid.entry_zeros[r] & found[0][r])
                     >> c & 1]
        return {"game": grid.game_id, "rule": "mistake", "level": None, "cells": [],
                "proof": wrong,
                "text": "No solution fits the digits entered so far"
                + (": the highlighted entries are wrong." if wrong else ".")}
    step = yield from binairo.next_deduction_steps(grid.ones, grid.zeros, grid.rows, grid.cols)
    if step is None:
        filled = grid.filled == grid.rows * grid.cols
        return {"game": grid.game_id, "rule": None, "level": None, "cells": [], "proof": [],
                "text": "The grid is full." if filled else
                "No single rule applies here: the puzzle needs trial and error (use Solve)."}
    return {
        "game": grid.game_id,
        "rule": step.rule,
        "level": step.level,
        "cells": [list(cell) for cell in step.cells],
        "proof": [list(cell) for cell in step.proof],
        "text": step.text,
    }


@command("binairo.count")
def _count(request: Result) -> Steps[Result]:
    """The exact number of solutions of the grid (givens and entries); with progress.

    The method is chosen by estimates (``method`` in the answer); a count that
    cannot finish where it runs is refused up front with the reason. With
    ``distinct`` false, rows and columns may repeat (``distinct`` in the answer).
    """
    grid = _grid(request)
    distinct = request["distinct"]
    started = time.perf_counter()
    plan = yield from binairo_count.plan_steps(binairo.Grid.from_masks(grid.rows, grid.cols,
                                                                       grid.ones, grid.zeros),
                                               distinct=distinct)
    total = yield from binairo_count.count_steps(grid, planned=plan, distinct=distinct)
    return {
        "game": grid.game_id,
        "count": total,
        "count_text": str(total),
        "seconds": round(time.perf_counter() - started, 3),
        "method": plan.text,
        "distinct": distinct,
    }


@command("binairo.minimize")
def _minimize(request: Result) -> Steps[Result]:
    """Remove clues while the puzzle stays good, until none can go.

    From a good puzzle, or from a complete solution. ``budget`` (seconds, 0 by
    default) keeps trying random removal orders and returns the fewest clues found.
    """
    grid = _grid(request)
    seed, budget = request["seed"], request["budget"]
    # The player's digits count as clues: a solved grid can be reduced to a puzzle.
    start = binairo.Grid.from_masks(grid.rows, grid.cols, grid.ones, grid.zeros)
    before = start.clue_count
    best, tries = yield from binairo.fewest_clues_steps(start, seed, float(budget))
    return {
        **_state(best),
        "clues_before": before,
        "tries": tries,
        "difficulty": (yield from binairo.rate_steps(best)).difficulty,
    }


@command("binairo.fewest_clues")
def _fewest_clues(request: Result) -> Steps[Result]:
    """The fewest clues of any ``size`` x ``size`` puzzle with one solution, an
    example, and how many grid classes reach it, searched over every class.

    In one process by default (the page); natively a work folder, worker
    processes or Dask run the same tasks in parallel and resumably.
    """
    size = request["size"]
    started = time.perf_counter()
    native = sys.platform != "emscripten"
    wanted = {key: request.get(key) for key in ("work", "workers", "dask")}
    if size in fewest_bounds.SIZES and request.get("bound") is None:
        # Out of reach of the full search: what is proven, at once.
        if any(v is not None for v in wanted.values()):
            raise PuzzleError(f"{size}x{size} answers from its proven bounds; work folders, "
                              "workers and Dask are for 2x2 to 8x8 (tools/binairo_lower_bound.py "
                              "runs the 10x10 search).")
        return {**fewest_bounds.bounds(size), "seconds": round(time.perf_counter() - started, 2)}
    tasks = fewest_clues.TASKS.get(size, 1)
    if native and (tasks > 1 or any(v is not None for v in wanted.values())):
        workers = request.get("workers") or os.cpu_count() or 1
        # A search cut into tasks keeps them by default, so that it can resume.
        default = Path.home() / ".cache" / "puzzlelab" / "fewest-clues" if tasks > 1 else None
        work = request.get("work") or (str(default) if default else None)
        answer = yield from fewest_clues_native.run_steps(size, request.get("bound"), work,
                                                          workers, request.get("dask"))
        return {**answer, "work": work}
    if any(v is not None for v in wanted.values()):
        raise PuzzleError("Work folders, worker processes and Dask run natively only.")
    answer = yield from fewest_clues.fewest_clues_steps(size, request.get("bound"))
    return {**answer, "seconds": round(time.perf_counter() - started, 2)}
