"""``python -m puzzlelab pegs ...``: solve, count and census from the command line.

::

    pegs solve GRID [--goal G] [--json]     # solvable, moves [[fr, fc], [tr, tc]]
    pegs count GRID [--goal G] [--json]     # solutions (an exact integer)
    pegs census BOARD [--start HOLE] [--goal HOLE] [--engine E] [--json]

GRID: ``o`` peg, ``.`` hole, ``-`` no hole, rows joined by ``/`` (or a board
name for its standard start). BOARD: english, french, wiegleb, diamond,
triangle or a grid. HOLE: ``r,c`` (zero-based row and column) or ``centre``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Any

from puzzlelab import pegs

_GRID_LIKE = re.compile(r"-[-o.]*(/[-o.]*)+")


def protect_grids(argv: Sequence[str]) -> list[str]:
    """Shield grids that start with ``-`` (the English board does) from argparse.

    argparse would read ``--ooo--/...`` as an option; a leading space keeps
    it positional, and the grid parser ignores spaces.
    """
    return [" " + arg if _GRID_LIKE.fullmatch(arg) else arg for arg in argv]


def _grid(args: argparse.Namespace) -> str:
    from puzzlelab.cli import read_grid_argument

    return read_grid_argument(args.grid)


def _call(request: dict[str, Any]) -> dict[str, Any]:
    from puzzlelab.cli import _call as call

    return call(request)


def _solve(args: argparse.Namespace) -> dict[str, Any]:
    result = _call({"cmd": "pegs.solve", "grid": _grid(args), "goal": args.goal})
    if not args.json:
        state = _call({"cmd": "pegs.load", "grid": result["grid"], "goal": args.goal})
        print(f"{state['pegs']} pegs; goal: {state['goal_text']}.")
        if not result["solvable"]:
            print("The goal cannot be reached from this position.")
        else:
            print(f"Solved in {len(result['moves'])} moves:")
            for number, ((fr, fc), (tr, tc)) in enumerate(result["moves"], start=1):
                print(f"{number:3}. {fr},{fc} -> {tr},{tc}")
    return result


def _count(args: argparse.Namespace) -> dict[str, Any]:
    result = _call({"cmd": "pegs.count", "grid": _grid(args), "goal": args.goal})
    if not args.json:
        print(f"{result['solutions']:,} winning move sequences (goal: {result['goal']}).")
    return result


def _census(args: argparse.Namespace) -> dict[str, Any]:
    from puzzlelab.cli import read_grid_argument

    request = {
        "cmd": "pegs.census",
        "board": read_grid_argument(args.board),
        "start": args.start,
        "goal": args.goal,
        "engine": args.engine,
        "max_classes": args.max_classes,
    }
    result = _call(request)
    if not args.json:
        print_census(result)
    return result


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


def add_parser(families: argparse._SubParsersAction) -> None:
    """Add the ``pegs`` family to the command line."""
    family = families.add_parser("pegs", help="peg solitaire (English, French, triangle, ...)")
    verbs = family.add_subparsers(dest="verb", required=True, metavar="VERB")
    grid_help = (
        "o peg, . empty hole, - no hole, rows joined by '/'; a board name; @PATH; or - for stdin"
    )
    goal_help = "the goal: r,c (zero-based), centre, any, or a final pattern grid"
    for name, run, text in (
        ("solve", _solve, "a winning move list from the position"),
        ("count", _count, "the exact number of winning move sequences"),
    ):
        verb = verbs.add_parser(name, help=text)
        verb.add_argument("grid", metavar="GRID", help=grid_help)
        verb.add_argument("--goal", help=goal_help + " (default: the centre, else any)")
        verb.add_argument("--json", action="store_true", help="print one JSON object")
        verb.set_defaults(run=run)
    census = verbs.add_parser("census", help="positions and game paths level by level")
    census.add_argument(
        "board", metavar="BOARD", help=f"{', '.join(pegs.BOARDS)}, or a grid of the board"
    )
    census.add_argument("--start", metavar="HOLE", help="the empty hole at the start (r,c)")
    census.add_argument("--goal", metavar="HOLE", help=goal_help)
    census.add_argument("--engine", choices=("auto", "numpy", "python"), default="auto")
    census.add_argument("--max-classes", type=int, metavar="N",
                        help="stop when a level passes N positions up to symmetry")
    census.add_argument("--json", action="store_true", help="print one JSON object")
    census.set_defaults(run=_census)
