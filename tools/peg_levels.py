"""The level sizes of a peg solitaire game's census, as far as memory allows.

Runs the numpy census of a board's usual game (``pegs.classic_game``) and stops
after the first level with more than ``--max-classes`` classes; prints each
level's classes (up to symmetry) and, when stopped, the last level's growth and
the widest level projected as ``pegs_count`` projects it (the growth shrinking
steadily to nothing at the middle level): the figures of
``pegs_count.CENSUS_REACH``. Needs numpy; mind the memory (about 18 GB for
``diamond --max-classes 30000000``, 6 GB for French at 40 million).

    .venv/bin/python tools/peg_levels.py french --max-classes 40000000
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from puzzlelab import pegs
from puzzlelab.jobs import finish
from puzzlelab.pegs import census_numpy as pegs_numpy


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board", choices=pegs.BOARDS)
    parser.add_argument("--max-classes", type=int, default=2_000_000)
    args = parser.parse_args()
    start, goal = pegs.classic_game(args.board)
    empty = pegs.CLASSIC_GAMES.get(args.board, (None,))[0]
    began = time.perf_counter()
    census = finish(pegs_numpy.census_steps(args.board, empty, None if goal == "default" else goal,
                                            args.max_classes))
    print(f"{args.board}: {census.symmetries} symmetries, {time.perf_counter() - began:.0f} s, "
          f"{'complete' if census.complete else 'stopped'}")
    for level in census.levels:
        print(f"{level.pegs:3d} pegs {level.classes:>14,} classes {level.good_classes:>12,} good")
    if not census.complete and len(census.levels) >= 2:
        last, before = census.levels[-1], census.levels[-2]
        growth = last.classes / before.classes
        goal_pegs = pegs.parse_goal(start.geo, None if goal == "default" else goal).pegs
        ahead = last.pegs - (start.peg_count + goal_pegs) // 2
        peak = last.classes * math.exp(math.log(growth) * (ahead + 1) / 2) if ahead > 0 else 0
        print(f"last level: {last.pegs} pegs, {last.classes:,} classes, growth {growth:.2f}; "
              f"widest projected about {peak:.2g} classes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
