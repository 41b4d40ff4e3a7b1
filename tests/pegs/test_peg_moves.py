"""Peg solitaire moves as players count them (web/puzzles/pegs/moves.mjs), run in node:
a move is a run of jumps by one peg, each starting where the last one landed.
The jumps are read back from grids that Python's rules produced, and the count
is checked against an independent count written here. Also the par the page
says (catalogue.mjs): every problem of the shipped catalogue is found from its
start grid and goal as Python's rules give them, games that are no catalogue
problem have no par, and every shipped shortest solution replays to its finish
in its fewest moves."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from peg_catalogue_file import catalogue

from conftest import unavailable
from puzzlelab import api, pegs

PEGS = Path(__file__).resolve().parents[2] / "web" / "puzzles" / "pegs"
MODULE = PEGS / "moves.mjs"
#: Node reads the data on stdin: the catalogue (100 kB) passes what argv may hold.
STDIN = """
import { readFileSync } from "node:fs";
const readStdin = () => readFileSync(0, "utf8");
"""
SCRIPT = STDIN + """
const { countMoves, jumpBetween, wonText } = await import(process.argv[1]);
const { grids, jumps } = JSON.parse(readStdin());
const read = [];
for (let i = 0; i + 1 < grids.length; i++) read.push(jumpBetween(grids[i], grids[i + 1]));
process.stdout.write(JSON.stringify({
  read,
  moves: countMoves(jumps),
  movesRead: read.every(Boolean) ? countMoves(read) : null,
  notAJump: jumpBetween(grids[0], grids[0]),
  twoJumps: grids.length > 2 ? jumpBetween(grids[0], grids[2]) : null,
  said: [wonText(21, 31, 18), wonText(18, 31, 18), wonText(12, 13, null), wonText(null, 9, 5),
    wonText(1, 1, 1)],
}));
"""


def run(grids: list[str], jumps: list) -> dict:
    node = shutil.which("node")
    if node is None:
        unavailable("node is not installed: the move count cannot be checked")
    return node_json(node, SCRIPT, MODULE, {"grids": grids, "jumps": jumps})


def node_json(node: str, script: str, module: Path, data: Any) -> Any:
    """Run ``script`` in node with the module's URL as argument and ``data`` (JSON) on stdin."""
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, module.as_uri()], input=json.dumps(data),
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def players_moves(jumps: list) -> int:
    """Independent count: a new move whenever a jump's peg is not the one that just landed."""
    return sum(1 for i, (start, _) in enumerate(jumps) if i == 0 or jumps[i - 1][1] != start)


def test_a_double_jump_is_one_move():
    # One peg jumps right twice (a double jump), then another peg jumps: 2 moves, 3 jumps.
    grids = ["oo.o.o", "..oo.o", "....oo", "...o.."]
    jumps = [[[0, 0], [0, 2]], [[0, 2], [0, 4]], [[0, 5], [0, 3]]]
    result = run(grids, jumps)
    assert result["read"] == jumps
    assert result["moves"] == result["movesRead"] == 2 == players_moves(jumps)
    assert result["notAJump"] is None  # no change is not a jump
    assert result["twoJumps"] is None  # two jumps at once are not one


def ask(request: dict) -> dict:
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


def test_a_solved_english_game_counts_like_a_player():
    """The English central game, solved by Python: 31 jumps, read back from its grids."""
    grid = pegs.BOARD_GRIDS["english"]
    jumps = ask({"cmd": "pegs.solve", "grid": grid})["moves"]
    assert len(jumps) == 31
    grids = [grid]
    for start, end in jumps:
        grids.append(ask({"cmd": "pegs.move", "grid": grids[-1], "from": start, "to": end})["grid"])
    assert ask({"cmd": "pegs.load", "grid": grids[-1]})["won"]
    result = run(grids, jumps)
    assert result["read"] == jumps
    assert result["movesRead"] == result["moves"] == players_moves(jumps)
    assert 18 <= result["moves"] <= 31  # 18 is the proven fewest
    assert result["said"] == [
        "Solved in 21 moves (31 jumps); par is 18.", "Solved in 18 moves (31 jumps): par!",
        "Solved in 12 moves (13 jumps)!", "Solved in 9 jumps!", "Solved in 1 move (1 jump): par!",
    ]


LOOKUP = STDIN + """
const { readCatalogue, findProblem, parOf } = await import(process.argv[1]);
const { file, games } = JSON.parse(readStdin());
const read = readCatalogue(file);
process.stdout.write(JSON.stringify(games.map(({ grid, state }) => {
  const found = findProblem(read, grid, state);
  return { par: parOf(read, grid, state), game: found?.gameId ?? null };
})));
"""


def shown_state(grid: str, goal: str) -> dict:
    """What the page holds of a game for the lookup: Python's goal and goal cells."""
    state = ask({"cmd": "pegs.load", "grid": grid, "goal": goal})
    return {"goal": state["goal"], "goal_cells": state["goal_cells"]}


def test_the_par_of_every_catalogue_problem_and_of_games_that_are_none():
    """catalogue.mjs finds each problem of the file from its start and goal, and
    gives its fewest moves; its game ID opens that start and goal in Python.
    The full board, two empty holes, a finish the file omits and a two-peg
    pattern have no par. Each shipped shortest replays to its finish (Python's
    rules), in the fewest moves the file names."""
    node = shutil.which("node")
    if node is None:
        unavailable("node is not installed: the par lookup cannot be checked")
    file = catalogue()
    games, wanted = [], []
    for entry in file["boards"].values():
        full = ask({"cmd": "pegs.load", "grid": entry["grid"], "goal": "any"})
        holes = [(r, c) for r, row in enumerate(entry["grid"].split("/"))
                 for c, ch in enumerate(row) if ch != "-"]
        finishes = {}
        for problem in entry["problems"]:
            start, finish = problem["start"], problem["finish"]
            grid = ask({"cmd": "pegs.load", "grid": edit(entry["grid"], [start])})["grid"]
            goal = "any" if finish is None else f"{finish[0]},{finish[1]}"
            games.append({"grid": grid, "state": shown_state(grid, goal)})
            wanted.append((problem["fewest_moves"], grid, goal))
            finishes.setdefault(tuple(start), set()).add(None if finish is None else tuple(finish))
            if problem["fewest_moves"] is not None:
                replay(grid, goal, problem)
        # Not problems: the full board, two holes empty, a finish the file leaves out.
        first = entry["problems"][0]["start"]
        other = next(h for h in holes if list(h) != first)
        for grid in (full["grid"], edit(entry["grid"], [first, list(other)])):
            games.append({"grid": grid, "state": {"goal": "any", "goal_cells": []}})
            wanted.append((None, None, None))
        missing = next((h for h in holes if h not in finishes[tuple(first)]), None)
        if missing is not None:
            grid = edit(entry["grid"], [first])
            games.append({"grid": grid, "state": {"goal": "x", "goal_cells": [list(missing)]}})
            wanted.append((None, None, None))
        games.append({"grid": edit(entry["grid"], [first]),
                      "state": {"goal": "pattern", "goal_cells": [list(holes[0]), list(holes[1])]}})
        wanted.append((None, None, None))
    found = node_json(node, LOOKUP, PEGS / "catalogue.mjs", {"file": file, "games": games})
    for (par, grid, goal), answer in zip(wanted, found, strict=True):
        assert answer["par"] == par
        if grid is None:
            assert answer["game"] is None
            continue
        # The problem's game ID (what its row links to) opens its start and goal.
        at = answer["game"].split("@")
        opened = ask({"cmd": "pegs.load", "grid": at[0], "goal": at[1] if len(at) > 1 else None})
        assert (opened["grid"], opened["goal"]) == (grid, ask({"cmd": "pegs.load", "grid": grid,
                                                                 "goal": goal})["goal"])


def edit(full: str, empty: list) -> str:
    """A board's full grid with the holes ``empty`` emptied."""
    rows = [list(row) for row in full.split("/")]
    for r, c in empty:
        rows[r][c] = "."
    return "/".join("".join(row) for row in rows)


def replay(grid: str, goal: str, problem: dict) -> None:
    """The shipped shortest, jump by jump through Python's rules: it wins, in the fewest moves."""
    state = ask({"cmd": "pegs.load", "grid": grid, "goal": goal})
    for src, dst in problem["shortest"]:
        move = {"cmd": "pegs.move", "grid": state["grid"], "goal": goal, "from": src, "to": dst}
        state = ask(move)
    assert state["won"], problem
    assert players_moves(problem["shortest"]) == problem["fewest_moves"]
