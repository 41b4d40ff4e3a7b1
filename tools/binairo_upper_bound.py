"""An upper bound on the fewest clues of an n x n binary puzzle: a puzzle with one solution.

    PYTHONPATH=py python3 tools/binairo_upper_bound.py 10 --sample 150 --grids 30 --orders 40
    PYTHONPATH=py python3 tools/binairo_upper_bound.py 10 --exact 13 --grids 5
    PYTHONPATH=py python3 tools/binairo_upper_bound.py 10 --local 40 --budget 100000 --out FILE

Draws ``--sample`` seeded random grids, keeps the ``--grids`` with the fewest
disjoint four-cell swaps, and drops givens from each in ``--orders`` random
orders while one solution remains (:func:`puzzlelab.binairo.fewest_upper.greedy_search`);
with ``--exact L`` it instead asks each kept grid for its exact fewest givens
if at most L (hitting sets, the solver as the check; ``--seconds`` of CPU a
grid). Prints the best as JSON: its puzzle is the bound's proof.

``--local R`` runs the local search instead (:func:`puzzlelab.binairo.fewest_upper.local_runs`):
R runs, each from its own seeded random grid, of about ``--budget`` solver
calls each, one JSON line per run (also appended to ``--out``, whose runs are
skipped on a rerun: stopped, it goes on where it was), then the best of all.
``--start GAME`` starts every run from that puzzle (one solution) instead.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzlelab.binairo import Grid, fewest_upper  # noqa: E402
from puzzlelab.notation import PuzzleError  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    """Run the chosen search and print its best puzzle."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--sample", type=int, default=150)
    parser.add_argument("--grids", type=int, default=30)
    parser.add_argument("--orders", type=int, default=40)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--exact", type=int, metavar="L")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--local", type=int, metavar="R")
    parser.add_argument("--budget", type=int, default=100_000)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--start", metavar="GAME")
    args = parser.parse_args(argv)
    if args.start is not None:
        try:
            args.start = Grid.parse(args.start)
            fewest_upper.puzzle_cells(args.start)
        except PuzzleError as error:
            parser.error(str(error))
        if (args.start.rows, args.start.cols) != (args.n, args.n):
            parser.error(f"The puzzle to start from is not {args.n}x{args.n}.")
    if args.local is not None:
        local(args)
        return
    if args.exact is None:
        print(json.dumps(fewest_upper.greedy_search(args.n, args.sample, args.grids,
                                                    args.orders, args.seed)))
        return
    started = time.process_time()
    for swaps, index, grid in fewest_upper.rigid_grids(args.n, args.sample, args.grids,
                                                       args.seed):
        found, solves, ended = fewest_upper.grid_minimum(grid, args.n, args.exact, index,
                                                         args.seconds)
        line = {"grid": index, "swaps": swaps, "ended": ended, "solves": solves,
                "cpu_seconds": round(time.process_time() - started, 1)}
        if found is not None:
            line["clues"] = found.bit_count()
            line["puzzle"] = fewest_upper.puzzle_of(grid, found, args.n).game_id
        print(json.dumps(line), flush=True)


def local(args: argparse.Namespace) -> None:
    """The local-search runs, resumed from ``--out``, and the best of them all."""
    done = []
    if args.out is not None and args.out.exists():
        done = [json.loads(line) for line in args.out.read_text(encoding="utf-8").splitlines()
                if line.strip()]
    for record in fewest_upper.local_runs(args.n, args.local, args.budget, args.seed,
                                          {record["run"] for record in done}, args.start):
        done.append(record)
        print(json.dumps(record), flush=True)
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
    if done:
        best = min(done, key=lambda record: (record["clues"], record["run"]))
        print(json.dumps({"best": best, "runs": len(done), "budget": args.budget,
                          "seed": args.seed,
                          "cpu_seconds": round(sum(r["cpu_seconds"] for r in done), 1)}))


if __name__ == "__main__":
    main()
