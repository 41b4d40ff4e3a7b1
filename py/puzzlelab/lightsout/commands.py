"""Lights Out's requests: their arguments, their handlers, what to try out of memory.

Every command takes ``game`` (a grid or game ID) and may name other rules
(``neighbourhood``, ``wrap``, ``states``) than the game ID's own, except
``lightsout.new`` (a size). :mod:`puzzlelab.api` finds this module through
:mod:`puzzlelab.families` and checks each request against :data:`ARGUMENTS`
before its handler runs.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from puzzlelab import lightsout
from puzzlelab.arguments import SEED, Arg, game, side
from puzzlelab.jobs import Handler, Progress, Steps, due, registrar
from puzzlelab.lightsout import gf2
from puzzlelab.lightsout.orbit import solution_orbit
from puzzlelab.lightsout.plane import growing_boards, plane_chase
from puzzlelab.notation import PuzzleError

Result = dict[str, Any]

# --- the arguments -----------------------------------------------------------

MAX_SIDE = lightsout.MAX_SIDE

LIGHTS_GAME = game("the board: rows of digits joined by '/' (0 dark, 1 lit; 0..K-1 with "
                   "K states) or a game ID like 5x5:1f8c4a0")
VARIANT = (
    Arg("neighbourhood", "text", "which lights a press changes: cross (default), king, "
        "diagonal, knight, or a stencil such as 010.111.010"),
    Arg("wrap", "bool", "join opposite edges (a torus)"),
    Arg("states", "int", "states per light; a press adds 1 modulo K (default 2)",
        low=2, high=lightsout.MAX_STATES),
)
LIGHTS_SOLVING = (
    Arg("method", "text", "chase (fast, default) or dense (elimination over all cells, "
        "classic rules only: the slow baseline)", default="chase", choices=("chase", "dense")),
    Arg("prove", "bool", "search much longer (minutes) to prove the fewest presses",
        default=False),
)


#: Each command's arguments (see :mod:`puzzlelab.params`).
ARGUMENTS: dict[str, tuple[Arg, ...]] = {
    "lightsout.new": (
        side("rows", MAX_SIDE, "rows of the board"),
        side("cols", MAX_SIDE, "columns of the board (default: as many as rows)", False),
        *VARIANT,
        SEED,
        Arg("difficulty", "level", "easy, medium, hard, or the number of fewest presses",
            choices=("easy", "medium", "hard"), low=1, high=MAX_SIDE * MAX_SIDE),
        Arg("random", "bool", "a random solvable board (default), or all dark", default=True),
    ),
    "lightsout.load": (LIGHTS_GAME, *VARIANT),
    "lightsout.press": (
        LIGHTS_GAME, *VARIANT,
        side("row", MAX_SIDE - 1, "the pressed cell's row (from 0)", low=0),
        side("col", MAX_SIDE - 1, "the pressed cell's column (from 0)", low=0),
    ),
    "lightsout.solve": (
        LIGHTS_GAME, *VARIANT, *LIGHTS_SOLVING,
        Arg("press_list", "bool", "list the presses as [row, col] pairs (true, default) or "
            "give only press_grid (false: a fifth of the size)", default=True),
    ),
    "lightsout.analyse": (LIGHTS_GAME, *VARIANT, *LIGHTS_SOLVING),
    "lightsout.gallery": (LIGHTS_GAME, *VARIANT),
    "lightsout.hint": (LIGHTS_GAME, *VARIANT, *LIGHTS_SOLVING),
    "lightsout.solution_board": (LIGHTS_GAME, *VARIANT, *LIGHTS_SOLVING),
}

#: What to try when a job runs out of memory.
MEMORY_ADVICE = {"lightsout": "a smaller board"}

# --- the handlers ------------------------------------------------------------

HANDLERS: dict[str, Handler] = {}
command = registrar(HANDLERS)


def _variant(request: Result, base: lightsout.Variant | None = None
                       ) -> lightsout.Variant:
    """The rules named in the request (``neighbourhood``, ``wrap``, ``states``),
    each defaulting to ``base`` (the game ID's rules) or to the classic game."""
    base = base or lightsout.CLASSIC
    return lightsout.Variant(
        request.get("neighbourhood", base.neighbourhood),
        request.get("wrap", base.wrap),
        request.get("states", base.states),
    )


def _state(board: lightsout.Board) -> Result:
    return {
        "game": board.game_id,
        "rows": board.rows,
        "cols": board.cols,
        "grid": board.grid,
        "lit": board.lit,
        "solved": board.lit == 0,
        "variant": board.variant.describe(),
    }


def _board(request: Result) -> lightsout.Board:
    text = request["game"]
    if not any(key in request for key in ("neighbourhood", "wrap", "states")):
        return lightsout.Board.parse(text)
    return lightsout.Board.parse(text, _variant(request, lightsout.written_variant(text)))


def _cells(packed: int | None, board: lightsout.Board) -> list[list[int]] | None:
    """A packed cell set as [row, col] pairs, with the weight for k > 2."""
    if packed is None:
        return None
    if board.states == 2:
        return [list(cell) for cell in lightsout.cells_of(packed, board.cols)]
    values = lightsout.Board(board.rows, board.cols, packed, board.variant).values()
    return [[i // board.cols, i % board.cols, v] for i, v in enumerate(values) if v]


def _pattern_grid(packed: int, board: lightsout.Board) -> str:
    return lightsout.Board(board.rows, board.cols, packed, board.variant).grid


@command("lightsout.new")
def _new(request: Result) -> Steps[Result]:
    """A new board: random and solvable unless ``random`` is false (then all dark);
    ``difficulty`` (easy, medium, hard or a press count) sets its fewest presses."""
    rows = request["rows"]
    cols = request.get("cols", rows)
    lightsout.check_shape(rows, cols)
    variant = _variant(request)
    rng = random.Random(request.get("seed"))
    difficulty = request.get("difficulty")
    exact = None
    if not request["random"]:
        board = lightsout.Board(rows, cols, 0, variant)
    elif difficulty is not None:
        lightsout.check_cost("Grading", rows, cols, variant, lightsout.generator_cost)
        board, exact = yield from lightsout.graded_board_steps(rows, cols, difficulty, rng,
                                                               variant)
    else:
        board = lightsout.random_solvable(rows, cols, rng, variant)
    state = _state(board)
    if exact is not None:
        state["difficulty_exact"] = exact
    return state


@command("lightsout.load")
def _load(request: Result) -> Result:
    """Parse a game ID or plain grid (optionally under other rules) into its state."""
    return _state(_board(request))


@command("lightsout.press")
def _press(request: Result) -> Result:
    """Press one cell: every cell of its neighbourhood changes state."""
    board = _board(request)
    return _state(board.press(request["row"], request["col"]))


#: ``"prove": true`` gives the fewest-press search this many times its usual
#: budget: minutes rather than seconds, for a person who asked and can cancel
#: (a random 39x39 board, kernel dimension 32, proves in about a minute natively).
PROVE_EFFORT = 32


#: Solutions that only the long search proved, by game ID (the few latest):
#: the page's solve, hint and "apply the solution" on that board then give the
#: proven answer at once instead of the quick search's.
_PROVEN: dict[str, lightsout.Solution] = {}
PROVEN_KEPT = 8


def _solution(request: Result) -> Steps[lightsout.Solution]:
    board = _board(request)
    method = request["method"]
    effort = PROVE_EFFORT if request["prove"] else 1
    if method == "chase":
        known = _PROVEN.get(board.game_id)
        if known is not None:
            return known
        lightsout.check_cost("Solving", board.rows, board.cols, board.variant,
                             lightsout.solve_cost)
        solution = yield from lightsout.solve_steps(
            board, work_budget=effort * gf2.DEFAULT_WORK_BUDGET)
        if effort > 1 and solution.proven_fewest:
            _PROVEN[board.game_id] = solution
            while len(_PROVEN) > PROVEN_KEPT:
                del _PROVEN[next(iter(_PROVEN))]  # the oldest (dicts keep their order)
        return solution
    if method == "dense":
        if not board.variant.is_classic:
            raise PuzzleError("The dense baseline solves classic boards only.")
        return lightsout.solve_dense(board)
    raise PuzzleError(f"Unknown method {method!r}; use chase or dense.")


@command("lightsout.solve")
def _solve(request: Result) -> Steps[Result]:
    """Solve exactly: fewest presses (or a labelled solution), or why there is none.

    ``method`` is ``"chase"`` (default, fast) or ``"dense"`` (elimination over
    all cells, the slow baseline the benchmarks compare against). ``prove``
    gives the fewest-press search :data:`PROVE_EFFORT` times its budget.
    """
    solution = yield from _solution(request)
    board = solution.board
    # A million-cell board has a third of a million presses: as [row, col]
    # pairs that is 5 MB of JSON to build and parse, as a grid 1 MB.
    listed = request["press_list"]
    return {
        "game": board.game_id,
        "solvable": solution.solvable,
        "presses": [list(cell) for cell in solution.press_cells()] if listed else None,
        "press_grid": solution.press_grid,
        "press_count": solution.press_count,
        "proven_fewest": solution.proven_fewest,
        "proven": solution.proven_fewest,
        "press_bounds": _press_bounds(solution),
        "kernel_dimension": solution.kernel_dimension,
        "explanation": solution.explain(),
        "conflict": _cells(solution.conflict, board),
    }


def _press_bounds(solution: lightsout.Solution) -> list[int] | None:
    """``[lower, upper]`` for the fewest presses: equal when proven; otherwise the
    counting and packing bound and the presses found (None when unsolvable)."""
    count = solution.press_count
    if count is None:
        return None
    if solution.proven_fewest:
        return [count, count]
    return [min(count, lightsout.press_lower_bound(solution.board)), count]


@command("lightsout.analyse")
def _analyse(request: Result) -> Steps[Result]:
    """Rank, kernel, how many boards are solvable, the quiet patterns, and the
    fewest presses with how many solutions reach it."""
    solution = yield from _solution(request)
    board = solution.board
    k, size = board.states, board.size
    kernel_size = solution.kernel_size or 1
    prime = all(k % p for p in range(2, k))
    # For prime k the counts are powers of k; keep them as powers when the
    # decimal form would run to thousands of digits.
    dimension = solution.kernel_dimension
    kernel_power = (k, dimension) if prime else None
    solvable_power = (k, size - dimension) if prime else None
    fewest_solutions = solution.fewest_solutions
    # Up to 64 quiet patterns of a million cells each: drawn with reports between.
    patterns = []
    for q in solution.quiet_patterns:
        if due():
            yield Progress(len(patterns), len(solution.quiet_patterns),
                           "Building the quiet patterns")
        patterns.append(_pattern_grid(q, board))
    return {
        "game": board.game_id,
        "rows": board.rows,
        "cols": board.cols,
        "states": k,
        "rank": size - solution.kernel_dimension if prime else None,
        "kernel_dimension": solution.kernel_dimension,
        **_count("quiet_count", kernel_size, kernel_power),
        **_power_count("solvable_boards", k, size, kernel_size, solvable_power),
        **_power_count("all_boards", k, size, 1, (k, size)),
        "quiet_patterns": patterns,
        "quiet_patterns_shown": len(solution.quiet_patterns),
        "solvable": solution.solvable,
        "fewest_press_count": solution.press_count if solution.proven_fewest else None,
        "press_count": solution.press_count,
        "proven_fewest": solution.proven_fewest,
        # Whether "prove" could still change the answer: a search ran, but not the long one.
        "provable": (not solution.proven_fewest and not request["prove"]
                     and 0 < dimension <= lightsout.MAX_SEARCHED_KERNEL),
        "fewest_solutions": fewest_solutions,
        "fewest_solutions_text": None if fewest_solutions is None else str(fewest_solutions),
        "explanation": solution.explain(),
        "conflict": _cells(solution.conflict, board),
        "conflict_grid": None
        if solution.conflict is None
        else _pattern_grid(solution.conflict, board),
        # The Enlight seed's last questions, answered for this board.
        "orbit": solution_orbit(board),
        "plane": _plane(),
    }


@lru_cache(maxsize=1)
def _plane() -> Result:
    """The unlimited plane's figures (the same for every board)."""
    return {"chase": plane_chase(24), "growing": growing_boards(13)}


_MAX_DIGITS = 1000


def _count(name: str, value: int, power: tuple[int, int] | None) -> Result:
    """An exact count as ``name`` (a JSON integer, or None when it has more than
    a thousand digits) and ``name_text`` for people (the power form for those)."""
    if value.bit_length() <= _MAX_DIGITS * 3:  # under about 900 decimal digits
        return {name: value, f"{name}_text": str(value)}
    base, exponent = power if power else (2, value.bit_length() - 1)
    text = f"{base}^{exponent}" if power else f"about 2^{exponent}"
    return {name: None, f"{name}_text": text}


def _power_count(name: str, base: int, exponent: int, divisor: int,
                 power: tuple[int, int] | None) -> Result:
    """:func:`_count` of ``base**exponent // divisor``, not computed when it is
    far too long to show: on a million cells 5**1000000 takes a tenth of a
    second natively, in one indivisible operation (no report can come between)."""
    bits = exponent * math.log2(base) - math.log2(divisor)
    if bits < _MAX_DIGITS * 3 + 64:  # near the bound: exactly, as _count decides
        return _count(name, base**exponent // divisor, power)
    text = f"{power[0]}^{power[1]}" if power else f"about 2^{math.floor(bits)}"
    return {name: None, f"{name}_text": text}


@command("lightsout.gallery")
def _gallery(request: Result) -> Steps[Result]:
    """For each cell, how to solve the board with only that light on."""
    board = _board(request)
    cells = yield from lightsout.gallery_steps(board.rows, board.cols, board.variant)
    return {"rows": board.rows, "cols": board.cols, "cells": cells}


@command("lightsout.hint")
def _hint(request: Result) -> Steps[Result]:
    """One press that lies on a fewest-presses solution."""
    solution = yield from _solution(request)
    cells = solution.press_cells()
    return {
        "game": solution.board.game_id,
        "press": list(cells[0]) if cells else None,
        "proven_fewest": solution.proven_fewest,
        "explanation": solution.explain(),
    }


@command("lightsout.solution_board")
def _solution_board(request: Result) -> Steps[Result]:
    """The board whose lights are the presses of its solution ("apply the
    solution to the solution", as the Enlight seed asks)."""
    solution = yield from _solution(request)
    if solution.presses is None:
        raise PuzzleError(solution.explain())
    board = solution.board
    return _state(lightsout.Board(board.rows, board.cols, solution.presses,
                                            board.variant))
