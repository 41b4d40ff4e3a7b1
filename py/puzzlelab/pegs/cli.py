"""``puzzlelab pegs ...``: solve, count and census from the command line.

::

    pegs solve GRID [--goal G] [--fewest-moves] [--json] [--each]
                        # solvable, moves [[fr, fc], [tr, tc]] (jumps), move_count
    pegs count GRID [--goal G] [--json] [--each]   # solutions (an exact integer)
    pegs census BOARD [--start HOLE] [--goal HOLE] [--engine E] [--json]

GRID: ``o`` peg, ``.`` hole, ``-`` no hole, rows joined by ``/`` (or a board
name for its standard start). BOARD: english, french, wiegleb, diamond,
triangle or a grid. HOLE: ``r,c`` (zero-based row and column) or ``centre``.
A grid that begins with ``-`` is read as a grid (see :func:`cli.arrange`).
Each verb makes one request of :mod:`puzzlelab.api` per board.
"""

from __future__ import annotations

from typing import Any

from puzzlelab import pegs
from puzzlelab.terminal import Verb

ENGLISH = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"


def _solve_show(result: dict[str, Any]) -> None:
    # The answer's canonical grid and goal are the position itself: read here, not asked for again.
    position = pegs.Position.parse(result["grid"])
    goal = pegs.parse_goal(position.geo, result["goal"])
    print(f"{position.peg_count} pegs; goal: {goal.describe(position.geo)}.")
    if not result["solvable"]:
        print("The goal cannot be reached from this position.")
        return
    jumps = result["moves"]
    moves = result.get("move_count", len(jumps))
    fewest = ", the fewest possible" if result.get("fewest_moves") else ""
    print(f"Solved in {moves} {'move' if moves == 1 else 'moves'} ({len(jumps)} "
          f"{'jump' if len(jumps) == 1 else 'jumps'}){fewest}:")
    # Numbered by move, a move's jumps on one line, so that it can be played move by move.
    lines: list[list[str]] = []
    landed = None
    for (fr, fc), (tr, tc) in jumps:
        if [fr, fc] != landed:
            lines.append([f"{fr},{fc}"])
        lines[-1].append(f"{tr},{tc}")
        landed = [tr, tc]
    print("".join(f"{number:3}. {' -> '.join(holes)}\n"
                  for number, holes in enumerate(lines, start=1)), end="")


def _count_show(result: dict[str, Any]) -> None:
    print(f"{result['solutions']:,} winning move sequences (goal: {result['goal']}).")


def print_census(result: dict[str, Any]) -> None:
    """The census as a table, the way the seed printed it."""
    print(f"Board {result['board']}, start {result['start']}, goal {result['goal']}; "
          f"{result['symmetries']} symmetries; engine {result['engine']}.")
    if result.get("note"):
        print(result["note"])
    header = ("moves", "pegs", "positions", "classes", "paths", "normal paths", "good",
              "dead ends", "solutions")
    fields = ("moves", "pegs", "positions", "classes", "paths", "normal_paths", "good",
              "dead_ends", "solutions")
    rows = [[f"{level[f]:,}" for f in fields] for level in result["levels"]]
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print("  ".join(h.rjust(w) for h, w in zip(header, widths, strict=True)))
    for row in rows:
        print("  ".join(v.rjust(w) for v, w in zip(row, widths, strict=True)))
    totals = result["totals"]
    print(f"Positions: {totals['positions']:,} ({totals['classes']:,} up to symmetry).")
    print(f"Complete games (any ending): {totals['games']:,}; "
          f"in the normalised tree: {totals['normal_games']:,}.")
    print(f"Positions from which the goal is reachable: {totals['good']:,} "
          f"({totals['good_classes']:,} up to symmetry).")
    print(f"Winning move sequences: {result['solutions']:,}.")
    if not result["complete"]:
        print("Stopped early (--max-classes): the figures cover the levels shown.")
    print(f"Time {result['seconds']:.2f} s; peak data {result['peak_bytes'] / 1e6:.0f} MB.")


#: The family's line in ``puzzlelab --help``'s examples.
EXAMPLE = "puzzlelab pegs solve english"

VERBS = (
    Verb("pegs", "solve", "pegs.solve", "a winning move list from the position",
         ("grid",), ("goal", "fewest_moves"), _solve_show,
         ("puzzlelab pegs solve english --fewest-moves",
          f"puzzlelab pegs solve --json -- {ENGLISH}",
          "puzzlelab pegs solve ./oo/ooo/oooo/ooooo --goal any")),
    Verb("pegs", "count", "pegs.count", "the exact number of winning move sequences",
         ("grid",), ("goal",), _count_show,
         ("puzzlelab pegs count ./oo/ooo/oooo/ooooo --goal any",
          "puzzlelab pegs count - --each --goal any < positions.txt")),
    Verb("pegs", "census", "pegs.census", "positions and game paths level by level",
         ("board",), ("start", "goal", "engine", "max_classes"), print_census,
         ("puzzlelab pegs census triangle --start 2,1 --goal any --engine python",
          "puzzlelab pegs census english --max-classes 1000 --json")),
)
