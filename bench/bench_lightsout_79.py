"""Measuring a(79) before trying it: the all-lit 79x79 board's fold levels and
what bounding its first level costs.

    PYTHONPATH=py nice -n 19 python3 bench/bench_lightsout_79.py [--batches 3]

Prints the kernel's fold levels (79 = 2 * 39 + 1: the 64 quiet dimensions are
32 that the mirror folds leave, the 39x39 kernel mirrored four ways, and 32
more), the quick search's weight (the upper bound the proof would start
from), and, for the first few batches of 2**20 first-level choices, the CPU
seconds to bound them, the lightest bound, and how many choices the bound
leaves; with ``--coset-zero``, the whole search of one level-0 choice.
docs/lightsout-79.md reads the cost of the proof off these figures.
"""

from __future__ import annotations

import argparse
import time

from puzzlelab.jobs import finish
from puzzlelab.lightsout import fewest
from puzzlelab.lightsout.all_lit import all_lit
from puzzlelab.lightsout.classic_chase import _solve_classic
from puzzlelab.lightsout.gf2_folded import _FoldedSearch, fold_levels, folded_search
from puzzlelab.lightsout.gf2_lanes import MAX_LANE_BITS, _at_least, _lightest
from puzzlelab.lightsout.gf2_search import _anneal
from puzzlelab.lightsout.variant import Variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=79)
    parser.add_argument("--batches", type=int, default=3)
    parser.add_argument("--coset-zero", action="store_true",
                        help="also search level-0 choice 0 (the symmetric coset) to the end")
    words = parser.parse_args()
    n = words.n
    presses, quiet, _ = finish(_solve_classic(all_lit(n)))
    folds = fewest.folding(n, n, Variant())
    levels = fold_levels(quiet, folds)
    print(f"{n}x{n}: kernel dimension {len(quiet)}, fold levels {[len(v) for v in levels]}")
    start = time.process_time()
    upper = finish(_anneal(presses, quiet)).bit_count()
    print(f"quick search: {upper} presses ({time.process_time() - start:.1f} s CPU)")
    first, deeper = levels[0], [v for level in levels[1:] for v in level]
    top = len(first) - MAX_LANE_BITS  # these choose the batch; the rest are lanes
    search = _FoldedSearch(presses, first[top:] + deeper, folds, n * n, upper, 1 << 60)
    stage = search.stages[0]
    for batch in range(words.batches):
        offset = presses
        for i in range(top):
            if batch >> i & 1:
                offset ^= first[i]
        start = time.process_time()
        base, total = stage.bound(offset)
        constant = (offset & stage.fixed).bit_count() + base
        value = _lightest(total, stage.full)[1]
        left = stage.full & ~_at_least(total, upper - constant + 1, stage.full)
        print(f"batch {batch}: {time.process_time() - start:.2f} s CPU, lightest bound "
              f"{constant + value}, {left.bit_count()} of {1 << MAX_LANE_BITS} choices left, "
              f"{1 << top} batches in all")
    if words.coset_zero:
        # One of the 2**32 level-0 choices, searched through every deeper level.
        start = time.process_time()
        best, proven, _ = finish(folded_search(presses, deeper, folds, upper, 1 << 40))
        print(f"level-0 choice 0: lightest within {upper}: "
              f"{'none' if best is None else best.bit_count()}, proven {proven}, "
              f"{time.process_time() - start:.1f} s CPU")


if __name__ == "__main__":
    main()
