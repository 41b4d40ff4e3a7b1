"""Write the opening book of a standard peg solitaire game from its census.

The numpy census walks the whole game and its backward pass marks, level by
level, the positions from which the goal is still reachable; the book keeps
those with at least ``--min-pegs`` pegs (see :class:`puzzlelab.pegs.OpeningBook`),
which must be more than half the holes.

    .venv/bin/python tools/peg_book.py english --min-pegs 17
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from puzzlelab import pegs, pegs_numpy
from puzzlelab.jobs import finish


def book_bytes(board: str, min_pegs: int) -> bytes:
    """The book file of ``board``'s standard game (start and default goal)."""
    start = pegs.standard_start(board)
    if 2 * min_pegs <= start.geo.size:
        # The book checks that a position is reachable by a search from its
        # complement, which must then be below the book.
        raise ValueError(f"--min-pegs must be more than half of the {start.geo.size} holes")
    goal = pegs.parse_goal(start.geo, None)
    census = finish(pegs_numpy.census_steps(board, keep_good_from=min_pegs))
    solver = pegs.Solver(start.geo, goal)
    # Normalise as the solver does (the census may use a smaller symmetry group).
    levels = {n: sorted({min(solver.images(k)) for k in keys})
              for n, keys in census.good_keys.items()}
    header = {"board": board, "start": start.grid, "goal": goal.text, "min_pegs": min_pegs}
    return pegs.OpeningBook.encode(header, levels)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board", choices=sorted(pegs.BOOKS))
    parser.add_argument("--min-pegs", type=int, default=17)
    args = parser.parse_args()
    data = book_bytes(args.board, args.min_pegs)
    target = pegs.BOOK_DIR / pegs.BOOKS[args.board]
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(data)
    print(f"{target}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
