"""Write the opening book and the count table of a standard peg solitaire game.

The numpy census walks the whole game, and its backward pass marks, level by
level, the positions from which the goal is still reachable and counts the
winning move sequences from each. The book keeps those positions with at
least ``--min-pegs`` pegs, which must be more than half the holes (see
:class:`puzzlelab.pegs.OpeningBook`); the count table keeps the counts of the
book's levels with at least ``--count-min-pegs`` pegs (see
:class:`puzzlelab.pegs.count.CountTable`). Needs numpy (requirements-dev.txt).

    .venv/bin/python tools/peg_book.py english --min-pegs 17 --count-min-pegs 20
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from puzzlelab import pegs
from puzzlelab.jobs import finish
from puzzlelab.pegs import census as pegs_census
from puzzlelab.pegs import census_numpy as pegs_numpy
from puzzlelab.pegs import count as pegs_count


def book_files(board: str, min_pegs: int, count_min_pegs: int,
               census: pegs_census.Census | None = None) -> tuple[bytes, bytes]:
    """The book file and the count table file of ``board``'s standard game.

    ``census``: the game's numpy census run with ``keep_good_from=min_pegs``
    (run here when not given).
    """
    start = pegs.standard_start(board)
    if 2 * min_pegs <= start.geo.size:
        # The book checks that a position is reachable by a search from its
        # complement, which must then be below the book.
        raise ValueError(f"--min-pegs must be more than half of the {start.geo.size} holes")
    if count_min_pegs < min_pegs:
        raise ValueError("--count-min-pegs must be at least --min-pegs: counts go with book keys")
    goal = pegs.parse_goal(start.geo, None)
    if census is None:
        census = finish(pegs_numpy.census_steps(board, keep_good_from=min_pegs))
    solver = pegs.Solver(start.geo, goal)
    # Normalise as the solver does (the census may use a smaller symmetry group);
    # a count is the same for every position of a class.
    wins = {n: {min(solver.images(k)): w for k, w in zip(keys, census.good_wins[n], strict=True)}
            for n, keys in census.good_keys.items()}
    levels = {n: sorted(by_key) for n, by_key in wins.items()}
    header = {"board": board, "start": start.grid, "goal": goal.text, "min_pegs": min_pegs}
    book = pegs.OpeningBook.encode(header, levels)
    counts = pegs_count.CountTable.encode(
        {**header, "min_pegs": count_min_pegs},
        {n: [wins[n][k] for k in levels[n]] for n in levels if n >= count_min_pegs})
    return book, counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board", choices=sorted(pegs.BOOKS))
    parser.add_argument("--min-pegs", type=int, default=17)
    parser.add_argument("--count-min-pegs", type=int, default=20)
    args = parser.parse_args()
    files = book_files(args.board, args.min_pegs, args.count_min_pegs)
    targets = (pegs.BOOK_DIR / pegs.BOOKS[args.board],
               pegs.BOOK_DIR / pegs_count.COUNT_TABLES[args.board])
    for target, data in zip(targets, files, strict=True):
        target.parent.mkdir(exist_ok=True)
        target.write_bytes(data)
        print(f"{target}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
