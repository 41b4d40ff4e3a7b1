"""Peg solitaire's requests: their arguments, their handlers, what to try out of memory.

Every command takes ``grid`` (a position, see :mod:`puzzlelab.pegs`) and an
optional ``goal`` (``any``, ``centre``, ``r,c`` or a pattern grid), except
``pegs.boards`` and ``pegs.census`` (``board``, ``start``, ``goal``).
Counts are exact integers in the JSON answers. :mod:`puzzlelab.api` finds
this module through :mod:`puzzlelab.families` and checks each request
against :data:`ARGUMENTS` before its handler runs.
"""

from __future__ import annotations

import time
from typing import Any

from puzzlelab import pegs
from puzzlelab.arguments import MAX_SMALL_GRID_CHARS, Arg
from puzzlelab.jobs import Handler, Progress, Steps, registrar
from puzzlelab.pegs import census as pegs_census
from puzzlelab.pegs import count as pegs_count
from puzzlelab.pegs import fewest as pegs_fewest

Result = dict[str, Any]

# --- the arguments -----------------------------------------------------------

#: Positions searched for the verdict after a move, beams included.
VERDICT_BUDGET = 70_000

PEG_GRID = Arg("grid", "text", "o peg, . empty hole, - no hole, rows joined by '/'; "
               "or a board name for its usual start", required=True,
               max_chars=MAX_SMALL_GRID_CHARS)
PEG_GOAL = Arg("goal", "text", "the goal: a hole r,c (zero-based), centre, any, or a final "
               "pattern grid (default: the centre, else any)", max_chars=MAX_SMALL_GRID_CHARS)


#: Each command's arguments (see :mod:`puzzlelab.params`).
ARGUMENTS: dict[str, tuple[Arg, ...]] = {
    "pegs.boards": (),
    "pegs.load": (PEG_GRID, PEG_GOAL),
    "pegs.move": (
        PEG_GRID, PEG_GOAL,
        Arg("from", "cell", "the jumping peg's [row, column]", required=True,
            high=pegs.MAX_HOLES),
        Arg("to", "cell", "the empty hole it lands in, [row, column]", required=True,
            high=pegs.MAX_HOLES),
    ),
    "pegs.status": (
        PEG_GRID, PEG_GOAL,
        Arg("budget", "int", "positions the quick verdict may search", default=VERDICT_BUDGET,
            low=1, high=100_000_000),
    ),
    "pegs.hint": (PEG_GRID, PEG_GOAL),
    "pegs.solve": (
        PEG_GRID, PEG_GOAL,
        Arg("fewest_moves", "bool", "a solution with the fewest moves, proven (a move is one "
            "peg's run of jumps)"),
    ),
    "pegs.count": (PEG_GRID, PEG_GOAL),
    "pegs.census": (
        Arg("board", "text", "english, french, wiegleb, diamond, triangle, or a grid of the "
            "board", required=True, max_chars=MAX_SMALL_GRID_CHARS),
        Arg("start", "text", "the empty hole at the start (r,c), or a start grid",
            max_chars=MAX_SMALL_GRID_CHARS),
        PEG_GOAL,
        Arg("engine", "text", "auto (numpy when it can be imported), numpy or python",
            default="auto", choices=("auto", "numpy", "python")),
        Arg("max_classes", "int", "stop when a level passes N positions up to symmetry",
            low=1, high=10**12),
        Arg("pure_max_classes", "int", "the same stop for the pure Python engine only "
            "(default: max_classes)", low=1, high=10**12),
        Arg("numpy", "bool", "(the web worker loads numpy first)"),
        Arg("numpy_error", "text", "why numpy could not be loaded (from the web worker)",
            max_chars=2000),
    ),
}

#: What to try when a job runs out of memory, by command or for the family.
MEMORY_ADVICE = {
    "pegs": "a position with fewer pegs",
    "pegs.census": "a smaller max_classes (--max-classes), or the numpy engine",
}

# --- the handlers ------------------------------------------------------------

HANDLERS: dict[str, Handler] = {}
command = registrar(HANDLERS)


def _position(request: Result) -> tuple[pegs.Position, pegs.Goal]:
    position = pegs.Position.parse(request["grid"])
    return position, pegs.parse_goal(position.geo, request.get("goal"))


def _cells(geo: pegs.Geometry, positions: frozenset[int]) -> list[list[int]]:
    if len(positions) != 1:
        return []
    (only,) = positions
    return [list(geo.holes[i]) for i in range(geo.size) if only >> i & 1]


def _state(position: pegs.Position, goal: pegs.Goal) -> Result:
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


def _verdict(position: pegs.Position, goal: pegs.Goal, budget: int | None) -> Steps[Result]:
    """Whether the goal can still be reached: won, reachable, dead or unknown (budget spent).

    Stepwise, so that the page can stop it: a move stops the verdict of the
    position it leaves (an undecided one searches for seconds in the page).
    """
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
        reachable = yield from search.decide_steps(position.pegs, budget)
    except pegs.OutOfBudget:
        return {"verdict": "unknown", "reason": "Not decided within the quick search budget."}
    if not reachable:
        return {"verdict": "dead", "reason": "The goal can no longer be reached."}
    return {"verdict": "reachable", "reason": "The goal can still be reached."}


@command("pegs.boards")
def _boards(request: Result) -> Result:
    """The named boards, each with its usual game's start (``grid``) and ``goal``
    (``default`` or a hole ``r,c``: see :func:`pegs.classic_game`)."""
    boards = []
    for name in pegs.BOARDS:
        start, goal = pegs.classic_game(name)
        boards.append({"name": name, "title": pegs.BOARD_TITLES[name], "grid": start.grid,
                       "goal": goal})
    return {"boards": boards}


@command("pegs.load")
def _load(request: Result) -> Result:
    """Parse a grid (or a board name) and goal into the canonical state with its legal moves."""
    return _state(*_position(request))


@command("pegs.move")
def _move(request: Result) -> Result:
    """Play one jump ``from`` -> ``to`` (``[row, col]`` pairs)."""
    position, goal = _position(request)
    move = position.find_move(tuple(request["from"]), tuple(request["to"]))
    return _state(position.play(move), goal)


@command("pegs.status")
def _status(request: Result) -> Steps[Result]:
    """The state and the dead-end verdict (a quick search with a budget of positions)."""
    position, goal = _position(request)
    budget = request["budget"]
    verdict = yield from _verdict(position, goal, budget)
    if verdict["verdict"] == "reachable":
        # The game's first search builds the goal table (English: 0.1 s natively,
        # up to 0.27 s in the page). Build it here, with the status of a game's
        # first position, which the book answers at once, not after a later move.
        pegs.solver(position.geo, goal).table  # noqa: B018
    return {**_state(position, goal), **verdict}


@command("pegs.hint")
def _hint(request: Result) -> Steps[Result]:
    """One next move that keeps the goal reachable (``move`` null when there is none)."""
    position, goal = _position(request)
    path = yield from _search(position, goal)
    return {"move": path[0] if path else None, "solvable": path is not None}


def _search(position: pegs.Position, goal: pegs.Goal) -> Steps[list | None]:
    if position.pegs in goal.positions:
        return []
    if not pegs.goal_class_possible(position.geo, position.pegs, goal):
        return None
    path = yield from pegs.solver(position.geo, goal).solve_steps(position.pegs)
    return None if path is None else [position.move_cells(m) for m in path]


@command("pegs.solve")
def _solve(request: Result) -> Steps[Result]:
    """A winning move list: ``moves`` as ``[[from_row, from_col], [to_row, to_col]]`` pairs
    (jumps), ``move_count`` the moves as players count them (a peg's run of jumps is one).

    With ``fewest_moves`` the solution has the fewest moves possible, proven by a
    search by moves from both ends (:mod:`puzzlelab.pegs.fewest`), and the answer
    says ``"fewest_moves": true``; a search that will not fit is refused up front.
    """
    position, goal = _position(request)
    if request.get("fewest_moves"):
        yield Progress(0, 0, "Preparing")
        found = yield from pegs_fewest.fewest_moves_steps(position, goal)
        path = None if found is None else [position.move_cells(m) for m in found.jumps]
    else:
        path = yield from _search(position, goal)
    answer = {
        "grid": position.grid,
        "goal": goal.text,
        "solvable": path is not None,
        "moves": path or [],
        "move_count": move_count(path or []),
    }
    if request.get("fewest_moves"):
        answer["fewest_moves"] = True
    return answer


def move_count(jumps: list[list[list[int]]]) -> int:
    """Moves as players count them in a list of jumps ``[[fr, fc], [tr, tc]]``: a jump
    from the hole where the last one landed continues that move."""
    count, landed = 0, None
    for source, target in jumps:
        if source != landed:
            count += 1
        landed = target
    return count


@command("pegs.count")
def _count(request: Result) -> Steps[Result]:
    """The exact number of winning move sequences from the position."""
    position, goal = _position(request)
    began = time.perf_counter()
    yield Progress(0, 0, "Preparing")  # a board's first solver takes a moment to set up
    solutions = yield from pegs_count.count_steps(pegs.solver(position.geo, goal), position.pegs)
    return {"grid": position.grid, "goal": goal.text, "solutions": solutions,
            "seconds": round(time.perf_counter() - began, 3)}


@command("pegs.census")
def _census(request: Result) -> Steps[Result]:
    """The census of a board: levels, totals, solutions (exact integers), time, memory.

    ``engine`` is ``auto`` (numpy when it can be imported), ``numpy`` or
    ``python``; ``max_classes`` stops the walk when a level passes that many
    positions up to symmetry (the answer then has ``complete`` false).
    """
    board, start, goal = request["board"], request.get("start"), request.get("goal")
    engine, max_classes = request["engine"], request.get("max_classes")
    # The page caps the pure engine so that it finishes; numpy runs uncapped.
    pure_max_classes = request.get("pure_max_classes", max_classes)
    chosen = pegs_census.choose_engine(engine, request.get("numpy_error"))
    note = chosen.note
    if chosen.name == "numpy":
        result = yield from chosen.steps(board, start, goal, max_classes)
    else:
        result = yield from chosen.steps(board, start, goal, pure_max_classes)
        if not result.complete and pure_max_classes != max_classes:
            note += (
                f" It stopped where a level passed {pure_max_classes:,} positions up to symmetry:"
                " the full census of this board needs the numpy engine."
            )
    if result.stopped:
        note += " " + result.stopped
    return {**result.as_dict(), "note": note.strip()}
