"""The peg solitaire ladder: the catalogue's problems ordered by difficulty, triangle first.

The catalogue (``web/puzzles/pegs/catalogue.json``, written by
``tools/peg_catalogue.py`` with this package's solver: the proven fewest
moves, one shortest solution and the number of winning jump sequences of
every single-vacancy problem) is read at build time. Boards come in the
catalogue's order (15, 33, 37 and 41 holes); on each, a problem with more
winning sequences is easier (more ways through), so the problems go from the
most sequences to the fewest, and a few of them, spread evenly from the
easiest to the hardest, are the board's levels. Each par is the catalogue's
fewest moves, checked here by playing its shortest solution again: legal
jumps, that many moves, one peg left where the problem says.
"""

from __future__ import annotations

import json
from pathlib import Path

from puzzlelab.levels import Ladder, Level
from puzzlelab.pegs.catalogue import replay
from puzzlelab.pegs.fewest_sides import count_moves
from puzzlelab.pegs.position import Position

#: The shipped catalogue, in the checkout the build runs from.
CATALOGUE = Path(__file__).resolve().parents[3] / "web" / "puzzles" / "pegs" / "catalogue.json"
#: At most this many levels per board, spread from its easiest problem to its hardest.
PER_BOARD = 6


def game_id(grid: str, start: list[int], finish: list[int] | None) -> str:
    """The page's game ID of a problem: the board with ``start`` empty, "@" and the
    goal unless it is the board's default (its centre, else any single peg)."""
    rows = grid.split("/")
    r, c = start
    rows[r] = rows[r][:c] + "." + rows[r][c + 1:]
    position = Position.parse("/".join(rows))
    geo = position.geo
    default = "any" if geo.centre is None else geo.hole_name(geo.centre)
    goal = "any" if finish is None else f"{finish[0]},{finish[1]}"
    return position.grid if goal == default else f"{position.grid}@{goal}"


def checked_par(grid: str, problem: dict) -> int:
    """The problem's fewest moves, once its shortest solution replays to its finish in that many."""
    rows = grid.split("/")
    r, c = problem["start"]
    rows[r] = rows[r][:c] + "." + rows[r][c + 1:]
    position = Position.parse("/".join(rows))
    geo = position.geo
    index = {tuple(hole): i for i, hole in enumerate(geo.holes)}
    jumps = [next(m for m in geo.moves if m.src == index[tuple(a)] and m.dst == index[tuple(b)])
             for a, b in problem["shortest"]]
    end = replay(geo, position.pegs, jumps)
    finish = problem["finish"]
    if end.bit_count() != 1 or (finish is not None and end != 1 << index[tuple(finish)]):
        raise ValueError(f"the shortest solution of {problem['start']} does not end as promised")
    if count_moves(jumps) != problem["fewest_moves"]:
        raise ValueError(f"the shortest solution of {problem['start']} is not its fewest moves")
    return problem["fewest_moves"]


def spread(items: list, most: int) -> list:
    """At most ``most`` of ``items``, evenly spaced, the first and the last among them."""
    if len(items) <= most:
        return list(items)
    return [items[round(i * (len(items) - 1) / (most - 1))] for i in range(most)]


def ladder(catalogue: dict | None = None) -> Ladder:
    """The peg levels, from ``catalogue`` (default: the shipped file)."""
    data = catalogue if catalogue is not None else json.loads(CATALOGUE.read_text())
    levels = []
    for board in data["boards"].values():
        solvable = [p for p in board["problems"] if p["fewest_moves"] is not None]
        # Easiest first: the most winning sequences (uncounted ones last), then the fewest moves.
        solvable.sort(key=lambda p: (p["sequences"] is None, -int(p["sequences"] or 0),
                                     p["fewest_moves"]))
        title = board["title"].split(" (")[0].split(" / ")[0]
        for problem in spread(solvable, PER_BOARD):
            levels.append(Level(game_id(board["grid"], problem["start"], problem["finish"]),
                                checked_par(board["grid"], problem), title))
    return Ladder("moves", tuple(levels))
