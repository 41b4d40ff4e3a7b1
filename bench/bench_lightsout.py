"""Lights Out solve time: the light-chasing solver beside dense Gaussian elimination.

Run from the repository root::

    PYTHONPATH=py python3 bench/bench_lightsout.py            # full table (a few minutes)
    PYTHONPATH=py python3 bench/bench_lightsout.py --quick    # smoke run (seconds)

For each n the board is a random solvable n x n board drawn from a fixed seed.

* **dense baseline**: what the seeds do, but exact and on Python ints: build
  the full (n*n) x (n*n) press matrix with the board as an extra column and
  run Gauss-Jordan elimination over all n*n unknowns (one int per row). It
  finds *a* solution (free unknowns set to 0), not the fewest. It is run for
  growing n until the projected time of the next size passes the limit
  (``--baseline-limit``, 60 s by default); "—" marks sizes it skipped.
* **solver first**: :func:`puzzlelab.lightsout.solve` with its per-shape
  caches cleared, so the time includes building and eliminating the
  n x n chase system, the quiet patterns and the fewest-press search.
* **solver repeat**: a second board of the same shape (the shape is cached),
  as when a player asks for several solutions on one board size.

Every answer, baseline and solver, is checked by pressing it (not timed).
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from puzzlelab import lightsout

SOLVER_SIZES = [100, 200, 300, 500, 700, 1000]
QUICK_SOLVER_SIZES = [100, 200]
BASELINE_START = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]


# --- the baseline: dense elimination over all n*n unknowns --------------------


def dense_solve(n: int, lights: int) -> int | None:
    """Solve an n x n board by Gauss-Jordan elimination of the full press matrix.

    Row i is the equation of cell i: the cells whose press toggles it (the
    press matrix is symmetric), with the board's bit i in column ``n*n``.
    Returns a solution with every free unknown 0, or None if inconsistent.
    """
    size = n * n
    rows = [lightsout.toggled_by(1 << i, n, n) | ((lights >> i & 1) << size) for i in range(size)]
    pivots = []
    top = 0
    for column in range(size):
        bit = 1 << column
        for i in range(top, size):
            if rows[i] & bit:
                break
        else:
            continue
        rows[top], rows[i] = rows[i], rows[top]
        pivot_row = rows[top]
        for j in range(size):
            if j != top and rows[j] & bit:
                rows[j] ^= pivot_row
        pivots.append(column)
        top += 1
    rhs = 1 << size
    if any(row & rhs for row in rows[top:]):
        return None
    solution = 0
    for i, column in enumerate(pivots):
        if rows[i] & rhs:
            solution |= 1 << column
    return solution


# --- measurements -------------------------------------------------------------


def board_for(n: int, seed: int, which: int = 0) -> lightsout.Board:
    return lightsout.random_solvable(n, n, random.Random(f"{seed}:{n}:{which}"))


def clear_caches() -> None:
    lightsout._shape.cache_clear()
    lightsout._edge_masks.cache_clear()


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def check(board: lightsout.Board, presses: int | None, who: str) -> None:
    if presses is None or board.apply(presses).lights:
        raise SystemExit(f"{who} gave a wrong answer on the {board.rows}x{board.cols} board")


def measure_solver(n: int, seed: int, budget: float = 0.5) -> dict[str, Any]:
    """First solves (caches cleared, best of a few) and repeat solve (median)."""
    board = board_for(n, seed)
    any_firsts = []
    while True:
        clear_caches()
        seconds, solution = timed(lambda: lightsout.solve(board, fewest=False))
        check(board, solution.presses, "the solver")
        any_firsts.append(seconds)
        if sum(any_firsts) > budget or len(any_firsts) >= 5:
            break
    firsts = []
    while True:
        clear_caches()
        seconds, solution = timed(lambda: lightsout.solve(board))
        check(board, solution.presses, "the solver")
        firsts.append(seconds)
        if sum(firsts) > budget or len(firsts) >= 5:
            break
    other = board_for(n, seed, 1)
    repeats = []
    while True:
        seconds, again = timed(lambda: lightsout.solve(other))
        check(other, again.presses, "the solver")
        repeats.append(seconds)
        if sum(repeats) > budget or len(repeats) >= 21:
            break
    return {
        "any": min(any_firsts),
        "first": min(firsts),
        "repeat": statistics.median(repeats),
        "kernel": solution.kernel_dimension,
        "presses": solution.press_count,
        "proven": solution.proven_fewest,
    }


def measure_baseline(sizes: list[int], limit: float, seed: int, log) -> dict[int, float]:
    """Time the dense baseline for growing n while the projected time fits ``limit``."""
    times: dict[int, float] = {}
    for n in sizes:
        if len(times) >= 2:
            (n1, t1), (n2, t2) = list(times.items())[-2:]
            # The work grows like n**4 to n**6; project with the measured
            # exponent, never less than 4.
            exponent = max(4.0, _log_ratio(t2, t1) / _log_ratio(n2, n1))
            projected = t2 * (n / n2) ** exponent
            if projected > limit:
                log(f"  dense baseline: stop before n={n} (projected {projected:.0f} s)")
                break
        board = board_for(n, seed)
        seconds, presses = timed(lambda n=n, b=board: dense_solve(n, b.lights))
        check(board, presses, "the dense baseline")
        times[n] = seconds
        log(f"  dense baseline n={n}: {seconds:.3f} s")
        if seconds > limit:
            break
    return times


def _log_ratio(a: float, b: float) -> float:
    return math.log(max(a, 1e-9) / max(b, 1e-9))


# --- browser measurements (hook) ----------------------------------------------


def browser_rows() -> list[dict[str, Any]]:
    """BROWSER MEASUREMENTS HOOK: rows measured in headless Chromium with Pyodide.

    To be filled in once the build infrastructure lands (Pyodide boot time,
    request round trips through the web worker, solve times in wasm). Each
    row is a dict ``{"what": str, "seconds": float, "note": str}``; they are
    printed in a table of their own below the native one. Returns [] for now.
    """
    return []


# --- output -------------------------------------------------------------------


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def fmt_ratio(ratio: float) -> str:
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.1f}x"


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        cells = [
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        print("| " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random boards")
    parser.add_argument(
        "--baseline-limit",
        type=float,
        default=None,
        help="seconds one dense baseline run may take (default 60, --quick 2)",
    )
    args = parser.parse_args(argv)
    limit = args.baseline_limit or (2.0 if args.quick else 60.0)
    solver_sizes = QUICK_SOLVER_SIZES if args.quick else SOLVER_SIZES

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    log(f"Measuring (seed {args.seed}, baseline limit {limit:.0f} s) ...")
    baseline_sizes = BASELINE_START + [n for n in solver_sizes if n > BASELINE_START[-1]]
    baseline = measure_baseline(baseline_sizes, limit, args.seed, log)
    sizes = sorted(set(BASELINE_START) | set(solver_sizes))
    solver = {}
    for n in sizes:
        solver[n] = measure_solver(n, args.seed)
        log(f"  solver n={n}: first {solver[n]['first']:.4f} s, repeat {solver[n]['repeat']:.4f} s")

    print()
    print(
        f"Lights Out n x n, random solvable boards (seed {args.seed}); "
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs{' (quick run)' if args.quick else ''}."
    )
    print()
    rows = []
    for n in sizes:
        s = solver[n]
        dense = baseline.get(n)
        speedup = fmt_ratio(dense / s["any"]) if dense is not None else "—"
        fewest = f"{s['presses']:,}" + ("" if s["proven"] else " (not proven)")
        rows.append(
            [
                f"{n}x{n}",
                f"{n * n:,}",
                str(s["kernel"]),
                fewest,
                fmt_time(dense),
                fmt_time(s["any"]),
                fmt_time(s["first"]),
                fmt_time(s["repeat"]),
                speedup,
            ]
        )
    print_table(
        [
            "board",
            "unknowns",
            "kernel",
            "fewest presses",
            "dense (any)",
            "solver any, first",
            "solver fewest, first",
            "solver fewest, repeat",
            "dense / solver any",
        ],
        rows,
    )
    print()
    print(
        "dense (any): Gauss-Jordan over all n*n unknowns, rows as Python ints; finds any "
        "solution, not the fewest; '—': not run, projected over the limit."
    )
    print(
        "solver any, first: lightsout.solve(fewest=False) with the per-shape caches "
        "cleared (chase system, elimination, quiet patterns): like for like with dense."
    )
    print(
        "solver fewest: the default solve, adding the search of all 2**kernel solutions "
        "(or a greedy descent, 'not proven', past its budget); first: caches cleared; "
        "repeat: another board of the shape, cached."
    )

    extra = browser_rows()
    if extra:
        print()
        print("Browser (Pyodide in headless Chromium):")
        print()
        print_table(
            ["measurement", "time", "note"],
            [[r["what"], fmt_time(r["seconds"]), r.get("note", "")] for r in extra],
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
