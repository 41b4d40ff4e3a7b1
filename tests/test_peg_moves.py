"""Peg solitaire moves as players count them (web/puzzles/pegs/moves.mjs), run in node:
a move is a run of jumps by one peg, each starting where the last one landed.
The jumps are read back from grids that Python's rules produced, and the count
is checked against an independent count written here."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from conftest import unavailable
from puzzlelab import api, pegs

MODULE = Path(__file__).resolve().parent.parent / "web" / "puzzles" / "pegs" / "moves.mjs"
SCRIPT = """
const { bestKnownMoves, countMoves, jumpBetween } = await import(process.argv[1]);
const { grids, jumps, english } = JSON.parse(process.argv[2]);
const read = [];
for (let i = 0; i + 1 < grids.length; i++) read.push(jumpBetween(grids[i], grids[i + 1]));
process.stdout.write(JSON.stringify({
  read,
  moves: countMoves(jumps),
  movesRead: read.every(Boolean) ? countMoves(read) : null,
  notAJump: jumpBetween(grids[0], grids[0]),
  twoJumps: grids.length > 2 ? jumpBetween(grids[0], grids[2]) : null,
  best: bestKnownMoves(english, "one peg in the centre (row 4, column 4)"),
  bestAny: bestKnownMoves(english, "one peg anywhere"),
}));
"""


def run(grids: list[str], jumps: list) -> dict:
    node = shutil.which("node")
    if node is None:
        unavailable("node is not installed: the move count cannot be checked")
    data = {"grids": grids, "jumps": jumps, "english": pegs.BOARD_GRIDS["english"]}
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, MODULE.as_uri(), json.dumps(data)],
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
    assert result["best"] == 18 and result["bestAny"] is None
