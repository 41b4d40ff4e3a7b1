"""Peg solitaire commands of the request surface (:mod:`puzzlelab.api`).

Every command takes ``grid`` (a position, see :mod:`puzzlelab.pegs`) and an
optional ``goal`` (``any``, ``centre``, ``r,c`` or a pattern grid), except
``pegs.boards`` and ``pegs.census`` (``board``, ``start``, ``goal``).
Counts are exact integers in the JSON answers.
"""

from __future__ import annotations

from puzzlelab import pegs
from puzzlelab.api import Result, _argument, command
from puzzlelab.jobs import Steps
from puzzlelab.jobs import finish as jobs_finish
from puzzlelab.notation import PuzzleError

VERDICT_BUDGET = 60_000  # positions searched for the verdict after a move (~0.1 s natively)


def _pegs_position(request: Result) -> tuple[pegs.Position, pegs.Goal]:
    position = pegs.Position.parse(_argument(request, "grid", str))
    return position, pegs.parse_goal(position.geo, _argument(request, "goal", str, None))


def _cells(geo: pegs.Geometry, positions: frozenset[int]) -> list[list[int]]:
    if len(positions) != 1:
        return []
    (only,) = positions
    return [list(geo.holes[i]) for i in range(geo.size) if only >> i & 1]


def _pegs_state(position: pegs.Position, goal: pegs.Goal) -> Result:
    geo = position.geo
    moves = position.legal_moves()
    won = position.pegs in goal.positions
    return {
        "grid": position.grid,
        "lattice": geo.lattice,
        "rows": geo.rows,
        "cols": geo.cols,
        "holes": geo.size,
        "pegs": position.peg_count,
        "board": pegs.board_name(geo),
        "centre": None if geo.centre is None else list(geo.holes[geo.centre]),
        "goal": goal.text,
        "goal_text": goal.describe(geo),
        "goal_cells": _cells(geo, goal.positions),
        "moves": [position.move_cells(m) for m in moves],
        "won": won,
        "stuck": not moves and not won,
    }


def _pegs_verdict(position: pegs.Position, goal: pegs.Goal, budget: int | None) -> Result:
    """Whether the goal can still be reached: won, reachable, dead or unknown (budget spent)."""
    if position.pegs in goal.positions:
        return {"verdict": "won", "reason": "The goal is reached."}
    if position.peg_count <= goal.pegs:
        return {"verdict": "dead", "reason": "Too few pegs are left for the goal."}
    if not pegs.goal_class_possible(position.geo, position.pegs, goal):
        return {
            "verdict": "dead",
            "reason": "This position is in another position class than the goal: "
            "no sequence of jumps can reach it.",
        }
    search = pegs.solver(position.geo, goal)
    try:
        path = jobs_finish(search.solve_steps(position.pegs, budget))
    except pegs.OutOfBudget:
        return {"verdict": "unknown", "reason": "Not decided within the quick search budget."}
    if path is None:
        return {"verdict": "dead", "reason": "The goal can no longer be reached."}
    return {"verdict": "reachable", "reason": "The goal can still be reached.",
            "path": [position.move_cells(m) for m in path]}


@command("pegs.boards")
def _pegs_boards(request: Result) -> Result:
    """The named boards, with their standard starts."""
    return {
        "boards": [
            {"name": name, "title": pegs.BOARD_TITLES[name], "grid": pegs.standard_start(name).grid}
            for name in pegs.BOARDS
        ]
    }


@command("pegs.load")
def _pegs_load(request: Result) -> Result:
    """Parse a grid (or a board name) and goal into the canonical state with its legal moves."""
    return _pegs_state(*_pegs_position(request))


@command("pegs.move")
def _pegs_move(request: Result) -> Result:
    """Play one jump ``from`` -> ``to`` (``[row, col]`` pairs)."""
    position, goal = _pegs_position(request)
    src, dst = _cell_argument(request, "from"), _cell_argument(request, "to")
    move = position.find_move(src, dst)
    return _pegs_state(position.play(move), goal)


def _cell_argument(request: Result, key: str) -> tuple[int, int]:
    value = request.get(key)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise PuzzleError(f"{key!r} must be a [row, column] pair.")
    return value[0], value[1]


@command("pegs.status")
def _pegs_status(request: Result) -> Result:
    """The state and the dead-end verdict (a quick search with a budget of positions)."""
    position, goal = _pegs_position(request)
    budget = _argument(request, "budget", int, VERDICT_BUDGET)
    verdict = _pegs_verdict(position, goal, budget)
    verdict.pop("path", None)
    return {**_pegs_state(position, goal), **verdict}


@command("pegs.hint")
def _pegs_hint(request: Result) -> Steps[Result]:
    """One next move that keeps the goal reachable (``move`` null when there is none)."""
    position, goal = _pegs_position(request)
    path = yield from _pegs_search(position, goal)
    return {"move": path[0] if path else None, "solvable": path is not None}


def _pegs_search(position: pegs.Position, goal: pegs.Goal) -> Steps[list | None]:
    if position.pegs in goal.positions:
        return []
    if not pegs.goal_class_possible(position.geo, position.pegs, goal):
        return None
    path = yield from pegs.solver(position.geo, goal).solve_steps(position.pegs)
    return None if path is None else [position.move_cells(m) for m in path]


@command("pegs.solve")
def _pegs_solve(request: Result) -> Steps[Result]:
    """A winning move list: ``moves`` as ``[[from_row, from_col], [to_row, to_col]]`` pairs."""
    position, goal = _pegs_position(request)
    path = yield from _pegs_search(position, goal)
    return {
        "grid": position.grid,
        "goal": goal.text,
        "solvable": path is not None,
        "moves": path or [],
    }


@command("pegs.count")
def _pegs_count(request: Result) -> Steps[Result]:
    """The exact number of winning move sequences from the position."""
    position, goal = _pegs_position(request)
    if not pegs.goal_class_possible(position.geo, position.pegs, goal):
        solutions = 0
    else:
        solutions = yield from pegs.solver(position.geo, goal).count_steps(position.pegs)
    return {"grid": position.grid, "goal": goal.text, "solutions": solutions}


@command("pegs.census")
def _pegs_census(request: Result) -> Steps[Result]:
    """The census of a board: levels, totals, solutions (exact integers), time, memory.

    ``engine`` is ``auto`` (numpy when it can be imported), ``numpy`` or
    ``python``; ``max_classes`` stops the walk when a level passes that many
    positions up to symmetry (the answer then has ``complete`` false).
    """
    board = _argument(request, "board", str)
    start = _argument(request, "start", str, None)
    goal = _argument(request, "goal", str, None)
    engine = _argument(request, "engine", str, "auto")
    max_classes = _argument(request, "max_classes", int, None)
    # The page caps the pure engine so that it finishes; numpy runs uncapped.
    pure_max_classes = _argument(request, "pure_max_classes", int, max_classes)
    numpy_error = _argument(request, "numpy_error", str, None)
    if engine not in ("auto", "numpy", "python"):
        raise PuzzleError(f"Unknown engine {engine!r}; use auto, numpy or python.")
    note = ""
    if engine in ("auto", "numpy"):
        try:
            from puzzlelab import pegs_numpy
        except ImportError:
            if engine == "numpy":
                raise PuzzleError("The numpy engine needs numpy, which is not available.") from None
            pegs_numpy = None
            note = (numpy_error or "numpy is not available") + ": the pure Python engine ran."
    else:
        pegs_numpy = None
    if pegs_numpy is not None:
        result = yield from pegs_numpy.census_steps(board, start, goal, max_classes)
    else:
        result = yield from pegs.census_steps(board, start, goal, pure_max_classes)
        if not result.complete and pure_max_classes != max_classes:
            note += (
                f" It stopped where a level passed {pure_max_classes:,} positions up to symmetry:"
                " the full census of this board needs the numpy engine."
            )
    return {**result.as_dict(), "note": note.strip()}
