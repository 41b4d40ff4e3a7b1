"""Fewest presses: which boards up to 50x50 are proven, and how fast.

Run from the repository root::

    PYTHONPATH=py .venv/bin/python bench/bench_fewest.py           # full (several minutes)
    PYTHONPATH=py .venv/bin/python bench/bench_fewest.py --quick   # n <= 20, k = 2 and 3

The tables:

* **landscape**: for every neighbourhood (cross, king, diagonal, knight),
  walls or torus, and k = 2..5 states, the kernel of every square n x n
  board, n = 1..50: how many sizes have one, the largest (dimension d, or
  the number of members for k > 2), and the sizes whose coset is too big
  for the exact search (exhaustive, or over a separator of a light
  basis) within the default budget (those get a
  solution labelled "not proven fewest"). Then the classic rectangles
  beyond the budget.
* **all-lit sweep**: the classic all-lit n x n board, n = 1..50: kernel
  dimension, fewest presses and whether proven, by the current search and
  by the previous one (Gray-code walk to a smaller budget, else annealing),
  checked against OEIS A075464.
* **k states**: a random solvable board of each k-state rules at sizes with
  a kernel: the current packed enumeration beside the previous one (every
  member rebuilt cell by cell, up to 2**16 members), which only runs where
  it takes under ~20 s.
* **all-lit boards of the other rules**: every all-lit square board up to
  50x50 (tori, and walls but for the classic cross) with a kernel of 20 or
  more, k = 2: the search over the whole kernel alone (the previous answer)
  beside the solver, which then tiles a smaller period's solution on a
  torus and proves by a lower bound where it can (``--only-all-lit``: that
  table alone).
* **random boards beyond the exhaustive search** (classic 39x39, 47x47,
  47x31, 35x27; tori 24x24 and 30x30): annealing alone (the previous
  answer) beside the quick search and the proving one (``--prove``).

    PYTHONPATH=py .venv/bin/python bench/bench_fewest.py --only-random  # that table (~5 min)
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))  # run from anywhere
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lightsout import A075464, all_lit, check, clear_caches, fmt_time, print_table, timed

from puzzlelab import lightsout
from puzzlelab.jobs import finish
from puzzlelab.lightsout import commands as lightsout_commands
from puzzlelab.lightsout import gf2, gf2_search, modk
from puzzlelab.lightsout.fewest import _min_presses_mod
from puzzlelab.lightsout.plan import _plan

NEIGHBOURHOODS = ["cross", "king", "diagonal", "knight"]
STATES = [2, 3, 4, 5]
QUICK_STATES = [2, 3]
SIDES = 50
QUICK_SIDES = 20
#: The previous search's budget, in the work units of gf2.exhaustive_cost.
PREVIOUS_BUDGET = 16 << 21
#: Members the previous k-state search enumerated at most.
PREVIOUS_MOD_MEMBERS = 1 << 16
#: Skip the previous k-state search where members x cells x generators passes this.
PREVIOUS_MOD_WORK = 20_000_000


def members(n: int, variant: lightsout.Variant) -> tuple[int, int]:
    """(number of generators d, number of members) of the n x n kernel."""
    plan = _plan(n, n, variant)
    if variant.states == 2:
        return len(plan.kernel), 1 << len(plan.kernel)
    k = variant.states
    orders = [k // math.gcd(k, *g) for g in plan.kernel]
    return len(plan.kernel), math.prod(orders)


def searchable(n: int, variant: lightsout.Variant, d: int, count: int) -> bool:
    """Whether the default budget covers the exact search of this kernel."""
    cells = n * n
    if d > lightsout.MAX_SEARCHED_KERNEL:
        return False
    # Every quiet pattern (a solution carries only the first 64 of a bigger kernel).
    quiet = _plan(n, n, variant).quiet()
    if variant.states == 2:
        return gf2_search.search_cost(quiet) <= gf2.DEFAULT_WORK_BUDGET
    if modk.enumeration_cost(count, cells, variant.states) <= gf2.DEFAULT_WORK_BUDGET:
        return True
    generators = [lightsout.Board(n, n, q, variant).values() for q in quiet]
    return modk.search_cost(generators, variant.states, cells) <= gf2.DEFAULT_WORK_BUDGET


def searchable_rectangle(rows: int, cols: int, d: int) -> bool:
    """Whether the default budget covers the exact search of a classic board."""
    if gf2.exhaustive_cost(d, rows * cols) <= gf2.DEFAULT_WORK_BUDGET:
        return True
    quiet = lightsout.solve(lightsout.Board(rows, cols), fewest=False).quiet_patterns
    return gf2_search.search_cost(quiet) <= gf2.DEFAULT_WORK_BUDGET


def landscape(sides: int, states: Sequence[int]) -> None:
    """The kernel of every square board of every rules, and which are beyond the search."""
    rows = []
    for name, wrap, k in itertools.product(NEIGHBOURHOODS, (False, True), states):
        variant = lightsout.Variant(name, wrap, k)
        with_kernel, beyond, largest = 0, [], (0, 0, 1)
        for n in range(1, sides + 1):
            d, count = members(n, variant)
            _plan.cache_clear()  # big plans; keep memory flat
            if not d:
                continue
            with_kernel += 1
            largest = max(largest, (count, n, d))
            if not searchable(n, variant, d, count):
                beyond.append(f"{n} ({d})")
        count, n, d = largest
        size = f"2^{d}" if k == 2 else f"{count:.3g}" if count > 1e6 else str(count)
        rows.append([
            f"{name}, {'torus' if wrap else 'walls'}, k={k}", str(with_kernel),
            f"{size} at n={n}" if with_kernel else "—",
            str(with_kernel - len(beyond)), ", ".join(beyond) or "none",
        ])
    print_table(["rules", "sizes with a kernel", "largest kernel", "proven", "beyond the "
                 "budget: n (generators)"], rows)
    print(f"Square boards n = 1..{sides}. Proven: an exact search (exhaustive, or over a "
          "separator) fits the default budget (a few seconds natively at most), so the fewest "
          "presses are proven for every board. Beyond it, the folded branch and bound proves "
          "boards as symmetric as their folds (all-lit, below) and many random ones (the last "
          "table); the others get a solution labelled not proven fewest.")
    print()
    beyond = [f"{r}x{c} ({d})" for r in range(1, sides + 1) for c in range(1, r + 1)
              if not searchable_rectangle(r, c, d := lightsout.kernel_dimension(r, c))]
    print(f"Classic rectangles up to {sides}x{sides} beyond the budget: {', '.join(beyond)}.")
    print()


def previous_search(offset: int, basis: Sequence[int]) -> tuple[int, bool]:
    """The previous fewest-press search: the Gray-code walk under its smaller budget,
    else the same annealing (``(vector, proven)``)."""
    bits = max(v.bit_length() for v in (offset, *basis))
    if gf2.exhaustive_cost(len(basis), bits) > PREVIOUS_BUDGET:
        return finish(gf2_search._anneal(offset, basis)), False
    best = current = offset
    for step in range(1, 1 << len(basis)):
        current ^= basis[(step & -step).bit_length() - 1]
        if current.bit_count() < best.bit_count():
            best = current
    return best, True


def sweep(sides: int) -> None:
    """The all-lit n x n boards: current search beside the previous one."""
    rows = []
    for n in range(1, sides + 1):
        board = all_lit(n)
        clear_caches()
        seconds, solution = timed(lambda b=board: lightsout.solve(b))
        check(board, solution.presses, "the solver")
        plain = lightsout.solve(board, fewest=False)
        search_seconds = timed(lambda p=plain: finish(gf2_search.min_weight_search(
            p.presses, p.quiet_patterns)))[0] if plain.quiet_patterns else 0
        old_seconds, (old, old_proven) = timed(
            lambda p=plain: previous_search(p.presses, p.quiet_patterns))
        check(board, old, "the previous search")
        notes = []
        if solution.press_count != A075464[n - 1]:
            notes.append(f"A075464 says {A075464[n - 1]}")
        if old_proven and solution.proven_fewest and old.bit_count() != solution.press_count:
            notes.append("searches disagree")
        rows.append([
            str(n), str(solution.kernel_dimension),
            f"{solution.press_count}{'' if solution.proven_fewest else ' (not proven)'}",
            fmt_time(seconds), fmt_time(search_seconds),
            f"{old.bit_count()}{'' if old_proven else ' (not proven)'}", fmt_time(old_seconds),
            "; ".join(notes),
        ])
    print_table(["n", "d", "fewest presses", "solve", "search", "previous: presses",
                 "previous: search", "check"], rows)
    print("solve: lightsout.solve with cold caches (elimination, chase and search); search: "
          "its fewest-press search alone; previous: the Gray-code walk to a budget 4x "
          "smaller, else annealing, on the same coset. "
          "check: against OEIS A075464, empty when equal.")
    print()


def all_lit_other_rules(sides: int) -> None:
    """All-lit boards with big kernels: the kernel search alone beside the solver."""
    rows = []
    for name, wrap, n in itertools.product(NEIGHBOURHOODS, (True, False), range(2, sides + 1)):
        variant = lightsout.Variant(name, wrap)
        if variant.is_classic:
            continue  # the all-lit sweep
        d = members(n, variant)[0]
        if d < 20:
            continue
        board = lightsout.Board(n, n, (1 << n * n) - 1, variant)
        clear_caches()
        plain = lightsout.solve(board, fewest=False)
        if d <= lightsout.MAX_SEARCHED_KERNEL:
            # The whole kernel (a plain solution carries only its first 64 patterns).
            quiet = _plan(n, n, variant).quiet(d)
            folds = lightsout.folding(n, n, variant)
            before_seconds, (before, before_proven, _) = timed(
                lambda p=plain, q=quiet, f=folds: finish(gf2_search.min_weight_search(
                    p.presses, q, folding=f)))
        else:
            before_seconds, before, before_proven = 0.0, plain.presses, False
        clear_caches()
        seconds, solution = timed(lambda b=board: lightsout.solve(b))
        check(board, solution.presses, "the solver")
        if before_proven and before.bit_count() != solution.press_count:
            raise SystemExit(f"the solver and the kernel search disagree on {board.game_id}")
        rows.append([
            f"{name}, {'torus' if wrap else 'walls'}", f"{n}x{n}", str(d),
            str(lightsout.press_lower_bound(board)),
            f"{before.bit_count()}{'' if before_proven else ' (not proven)'}",
            fmt_time(before_seconds),
            f"{solution.press_count}{'' if solution.proven_fewest else ' (not proven)'}",
            fmt_time(seconds),
        ])
    print_table(["rules", "board", "d", "lower bound", "kernel search alone (previous)",
                 "its time", "solver", "solver time"], rows)
    print("All-lit boards, k = 2, kernel of 20 or more (kernels over "
          f"{lightsout.MAX_SEARCHED_KERNEL} are not searched: the plain solution). Solver: "
          "lightsout.solve with cold caches, which after an unproven search also tiles the "
          "solution of a smaller period (tori) and proves by the lower bound (counting and "
          "packing).")
    print()


#: Boards whose kernel is beyond the exhaustive and separator searches, where
#: the folded branch and bound decides: (rows, cols, wrap).
FOLDED_BOARDS = [(39, 39, False), (47, 47, False), (47, 31, False), (35, 27, False),
                 (24, 24, True), (30, 30, True)]


def random_folded(seeds: int, prove: bool) -> None:
    """Random boards beyond the exhaustive search: annealing alone (the previous
    answer), the quick search (default budget) and the proving one."""
    rows = []
    for (r, c, wrap), seed in itertools.product(FOLDED_BOARDS, range(seeds)):
        variant = lightsout.Variant("cross", wrap)
        board = lightsout.random_solvable(r, c, random.Random(seed), variant)
        plain = lightsout.solve(board, fewest=False)
        anneal_seconds, light = timed(
            lambda p=plain: finish(gf2_search._anneal(p.presses, p.quiet_patterns)))
        cells = [f"{r}x{c}{' torus' if wrap else ''}", str(seed), str(plain.kernel_dimension),
                 f"{light.bit_count()} ({fmt_time(anneal_seconds)})"]
        for effort in (1, lightsout_commands.PROVE_EFFORT) if prove else (1,):
            clear_caches()
            seconds, solution = timed(lambda b=board, e=effort: lightsout.solve(
                b, work_budget=e * gf2.DEFAULT_WORK_BUDGET))
            check(board, solution.presses, "the solver")
            label = "" if solution.proven_fewest else " (not proven)"
            cells.append(f"{solution.press_count}{label} ({fmt_time(seconds)})")
        rows.append(cells)
    print_table(["board", "seed", "d", "annealing alone (previous)", "quick search",
                 *(["prove"] if prove else [])], rows)
    print("Random solvable boards. Annealing alone: the answer before the folded search; quick: "
          "lightsout.solve with the default budget (annealing, then the folded branch and bound "
          "until the budget runs out, keeping the lightest member found); prove: the same with "
          f"{lightsout_commands.PROVE_EFFORT}x the budget, the page's 'Prove fewest' and the "
          "CLI's --prove. "
          "Times in brackets, caches cold.")
    print()


def previous_mod(board: lightsout.Board, presses: int, quiet: Sequence[int]) -> int:
    """The previous k-state search: every member rebuilt cell by cell (its weight)."""
    k = board.states
    def values(packed: int) -> list[int]:
        return lightsout.Board(board.rows, board.cols, packed, board.variant).values()
    base, generators = values(presses), [values(q) for q in quiet]
    best = sum(base)
    for coefficients in itertools.product(range(k), repeat=len(generators)):
        best = min(best, sum(
            (b + sum(c * g[i] for c, g in zip(coefficients, generators, strict=True))) % k
            for i, b in enumerate(base)))
    return best


def k_states(sides: int, states: Sequence[int]) -> None:
    """Random boards of k-state rules with a kernel: current search beside the previous."""
    rows = []
    rng = random.Random(2024)
    for name, wrap, k in itertools.product(NEIGHBOURHOODS, (False, True), states):
        if k == 2:
            continue
        variant = lightsout.Variant(name, wrap, k)
        shown = 0
        for n in range(sides, 1, -1):  # the largest sizes first: the hardest
            d, count = members(n, variant)
            if not d or not searchable(n, variant, d, count) or shown == 2:
                continue
            shown += 1
            board = lightsout.random_solvable(n, n, rng, variant)
            clear_caches()
            seconds, solution = timed(lambda b=board: lightsout.solve(b))
            check(board, solution.presses, "the solver")
            plain = lightsout.solve(board, fewest=False)
            search_seconds = timed(lambda b=board, p=plain: finish(
                _min_presses_mod(p.presses, p.quiet_patterns, b)))[0]
            old_cell = "—"
            if count <= PREVIOUS_MOD_MEMBERS and count * n * n * d <= PREVIOUS_MOD_WORK:
                old_seconds, old = timed(
                    lambda b=board, p=plain: previous_mod(b, p.presses, p.quiet_patterns))
                if old != solution.press_count:
                    raise SystemExit(f"k-state searches disagree on {board.game_id}")
                old_cell = fmt_time(old_seconds)
            rows.append([f"{name}, {'torus' if wrap else 'walls'}, k={k}", f"{n}x{n}",
                         str(count), str(solution.press_count), fmt_time(seconds),
                         fmt_time(search_seconds), old_cell])
    print_table(["rules", "board", "members", "fewest presses", "solve", "search",
                 "previous: search"], rows)
    print("Per rules the two largest square sizes whose kernel fits the budget; solve: "
          "lightsout.solve, caches cold; search: its fewest-press search alone; previous: "
          "every member rebuilt cell by cell, run "
          "where that takes seconds, not minutes ('—' elsewhere). Both give the same count.")
    print()


def main(argv: list[str] | None = None) -> int:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="n <= 20, k = 2 and 3")
    parser.add_argument("--skip-landscape", action="store_true",
                        help="only the timed tables (the landscape takes minutes)")
    parser.add_argument("--only-random", action="store_true",
                        help="only the random boards beyond the exhaustive search")
    parser.add_argument("--only-all-lit", action="store_true",
                        help="only the all-lit boards of the other rules")
    args = parser.parse_args(argv)
    sides = QUICK_SIDES if args.quick else SIDES
    states = QUICK_STATES if args.quick else STATES
    if args.only_all_lit:
        all_lit_other_rules(sides)
        return 0
    if not args.only_random:
        if not args.skip_landscape:
            landscape(sides, states)
        sweep(sides)
        all_lit_other_rules(sides)
        k_states(sides, states)
    random_folded(1 if args.quick else 2, prove=not args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
