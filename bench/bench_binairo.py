"""Binary puzzle timings, each beside the seed's method measured in the same run.

Run from the repository root::

    PYTHONPATH=py .venv/bin/python bench/bench_binairo.py          # full table (minutes)
    PYTHONPATH=py .venv/bin/python bench/bench_binairo.py --quick  # smoke run (seconds)

* **solve + uniqueness**: :func:`puzzlelab.binairo.solutions` with limit 2 on
  generated hard puzzles (fixed seeds), beside the baseline: the seed's
  row-by-row enumeration (:func:`puzzlelab.binairo.count_brute`, rows from
  the valid-row table, columns checked at the end), which must run to the end
  to know there is no second solution. The baseline is skipped ("—") above
  8x8, where it no longer finishes within a minute.
* **generate**: :func:`puzzlelab.binairo.generate_steps` for each difficulty
  (no baseline: the seed has no generator).
* **count**: exact counts by :func:`puzzlelab.binairo.count` (meeting in
  the middle on sets of rows), beside the baseline measured in the same run:
  the seed's row-by-row enumeration (:func:`puzzlelab.binairo.count_brute`),
  and the row-by-row search with a memo that preceded the new method
  (:func:`puzzlelab.binairo._count_rows`, still the fallback for tables too
  big). Empty grids (OEIS A253316) 4x4 to 8x8 and some partly filled grids;
  the enumeration of the empty 8x8 is too long to run whole, so its time is
  extrapolated from one first row. The empty 10x10 (48,183,195,384) runs
  only with ``--count10``, by the new method alone: the enumeration visits
  every solution one by one (48 billion of them: weeks) and the row search
  takes hours.

The browser table (``--browser``; needs a built ``dist/``, Playwright and a
Chromium found as the end-to-end tests find it) times the same requests in
the page's worker (Pyodide, pure Python): ``client.request`` from the page,
JSON both ways included.

Every answer is checked: solutions against the rules, counts against A253316.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from puzzlelab import api, binairo
from puzzlelab.binairo import Grid
from puzzlelab.jobs import finish

A253316 = {4: 72, 6: 4140, 8: 4_111_116, 10: 48_183_195_384}
BASELINE_SIDE = 8
# Partly filled grids for the count table: (label, rows, cols, seed, share of cells kept).
PARTIAL = [("8x8, 25% of a solution given", 8, 8, 1, 0.25),
           ("10x10, 40% given", 10, 10, 2, 0.4),
           ("10x6, 20% given", 6, 10, 3, 0.2),
           ("12x12, 50% given", 12, 12, 4, 0.5)]


def timed(fn: Callable[[], object], repeat: int = 1) -> tuple[float, object]:
    """Median wall time (seconds) of ``repeat`` calls, and the last result."""
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def show(value: float | None) -> str:
    """Seconds as a short text, or a dash for a skipped measurement."""
    if value is None:
        return "—"
    if value >= 120:
        return f"{value / 60:.0f} min"
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def bench_solve(sides: list[int], seeds: int) -> None:
    """Solve + uniqueness of generated hard puzzles."""
    print("\n## Solve and uniqueness test (hard puzzles)\n")
    print("| size | clues | solver (median) | seed's enumeration | speed-up |")
    print("|---|---|---|---|---|")
    for side in sides:
        puzzles = [finish(binairo.generate_steps(side, side, "hard", s))[0] for s in range(seeds)]
        ours = []
        base = []
        for puzzle in puzzles:
            seconds, found = timed(lambda p=puzzle: binairo.solutions(p, 2), 3)
            assert len(found) == 1 and binairo.is_solution(binairo.rows_text(found[0], side))
            ours.append(seconds)
            if side <= BASELINE_SIDE:
                seconds, total = timed(lambda p=puzzle: binairo.count_brute(p))
                assert total == 1
                base.append(seconds)
        mine = statistics.median(ours)
        theirs = statistics.median(base) if base else None
        ratio = f"{theirs / mine:.0f}x" if theirs else "—"
        clues = statistics.median(p.clue_count for p in puzzles)
        print(f"| {side}x{side} | {clues:.0f} | {show(mine)} | {show(theirs)} | {ratio} |")


def bench_generate(sides: list[int], seeds: int) -> None:
    """Generation time per difficulty."""
    print("\n## Generate a good puzzle\n")
    print("| size | difficulty | median | worst | clues (median) |")
    print("|---|---|---|---|---|")
    for side in sides:
        for difficulty in binairo.DIFFICULTIES:
            times, clues = [], []
            for seed in range(seeds):
                seconds, (puzzle, rating) = timed(
                    lambda s=seed, d=difficulty, n=side: finish(binairo.generate_steps(n, n, d, s)))
                assert rating.difficulty == difficulty and binairo.is_good(puzzle)
                times.append(seconds)
                clues.append(puzzle.clue_count)
            print(f"| {side}x{side} | {difficulty} | {show(statistics.median(times))} | "
                  f"{show(max(times))} | {statistics.median(clues):.0f} |")


def partial_grid(rows: int, cols: int, seed: int, keep: float) -> Grid:
    """A random solution with each cell kept as a given with probability ``keep``."""
    rng = random.Random(seed)
    solution = binairo.random_solution(rows, cols, rng)
    full = (1 << cols) - 1
    masks = [sum(1 << c for c in range(cols) if rng.random() < keep) for _ in range(rows)]
    return Grid.from_masks(rows, cols, [r & m for r, m in zip(solution, masks, strict=True)],
                           [~r & full & m for r, m in zip(solution, masks, strict=True)])


def enumeration_estimate(side: int) -> float:
    """The seed's enumeration of the empty grid, timed with the first row fixed to one
    valid row and multiplied by the number of valid rows (too long to run whole)."""
    first = binairo.valid_lines(side)[0]
    full = (1 << side) - 1
    grid = Grid.from_masks(side, side, [first] + [0] * (side - 1),
                           [~first & full] + [0] * (side - 1))
    seconds, _ = timed(lambda: binairo.count_brute(grid))
    return seconds * len(binairo.valid_lines(side))


def bench_count(sides: list[int], enumerate_up_to: int, count10: bool) -> None:
    """Exact counts of empty and partly filled grids, new method beside the baselines."""
    print("\n## Count the solutions (exact)\n")
    print("| grid | count | meet in the middle | row search (previous) | "
          "seed's enumeration (baseline) | speed-up vs baseline |")
    print("|---|---|---|---|---|---|")
    jobs = [(f"empty {s}x{s}", Grid.empty(s, s)) for s in sides]
    jobs += [(label, partial_grid(rows, cols, seed, keep))
             for label, rows, cols, seed, keep in PARTIAL]
    for label, grid in jobs:
        mine, total = timed(lambda g=grid: binairo.count(g), 3 if grid.rows <= 8 else 1)
        side = grid.rows if grid.rows == grid.cols and not grid.filled else None
        if side is not None:
            assert total == A253316[side], total
        rows_time, again = timed(lambda g=grid: finish(binairo._count_rows(g)))
        assert again == total
        if side is None or side <= enumerate_up_to:
            base, again = timed(lambda g=grid: binairo.count_brute(g))
            assert again == total
            base_text = show(base)
        else:
            base = enumeration_estimate(side)
            base_text = f"≈ {show(base)} (extrapolated)"
        print(f"| {label} | {total:,} | {show(mine)} | {show(rows_time)} | {base_text} | "
              f"{base / mine:.{0 if base > 10 * mine else 1}f}x |")
    if count10:
        grid = Grid.empty(10, 10)
        mine, total = timed(lambda: binairo.count(grid))
        assert total == A253316[10], total
        print(f"| empty 10x10 | {total:,} | {show(mine)} | — (hours) | — (weeks) | — |")


BROWSER_JOBS = [
    ("solve + uniqueness, hard 14x14 (seed 0)", "solve14", None),
    ("generate hard 14x14, seed 0", {"cmd": "binairo.new", "rows": 14, "difficulty": "hard",
                                     "seed": 0}, None),
    ("generate hard 14x14, seed 1", {"cmd": "binairo.new", "rows": 14, "difficulty": "hard",
                                     "seed": 1}, None),
    ("generate hard 14x14, seed 2", {"cmd": "binairo.new", "rows": 14, "difficulty": "hard",
                                     "seed": 2}, None),
    ("count empty 6x6", {"cmd": "binairo.count", "game": "6x6:zj"}, 4140),
    ("count empty 8x8", {"cmd": "binairo.count", "game": "8x8:zzl"}, 4_111_116),
]


def bench_browser() -> None:
    """The same requests timed in the page's worker, in headless Chromium."""
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tests"))
    from playwright.sync_api import sync_playwright

    import conftest

    chromium = conftest.find_chromium()
    if chromium is None or not (conftest.DIST / "build-info.json").exists():
        print("\n(browser table skipped: no Chromium or no dist/)")
        return
    server = conftest.load_build_module().serve_in_thread(conftest.DIST, "/")
    puzzle, _ = finish(binairo.generate_steps(14, 14, "hard", 0))
    print("\n## In the page (Pyodide worker, headless Chromium)\n")
    print("| request | time in the page (median) | native (median) |")
    print("|---|---|---|")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                                 args=conftest.CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(server.url)
            page.evaluate("window.puzzleLab.client.ready")
            for label, request, expected in BROWSER_JOBS:
                if request == "solve14":
                    request = {"cmd": "binairo.solve", "game": puzzle.game_id}
                # Counts are quick: the median of three runs (the first one included).
                runs = []
                for _ in range(3 if expected is not None else 1):
                    outcome = page.evaluate(
                        """async (request) => {
                          const start = performance.now();
                          const result = await window.puzzleLab.client.request(request);
                          return {ms: performance.now() - start, result};
                        }""",
                        request,
                    )
                    if expected is not None:
                        assert outcome["result"]["count"] == expected
                    runs.append(outcome["ms"] / 1000)
                native, _ = timed(lambda r=request: api.handle(r), len(runs))
                print(f"| {label} | {show(statistics.median(runs))} | {show(native)} |")
            browser.close()
    finally:
        server.shutdown()


def main() -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only (seconds)")
    parser.add_argument("--count10", action="store_true", help="also count the empty 10x10")
    parser.add_argument("--browser", action="store_true", help="also time requests in the page")
    args = parser.parse_args()
    if args.browser:
        bench_browser()
    if args.quick:
        bench_solve([6, 8], 2)
        bench_generate([8], 2)
        bench_count([4, 6], 6, False)
        return
    bench_solve([6, 8, 10, 12, 14], 5)
    bench_generate([8, 14], 5)
    bench_count([4, 6, 8], 6, args.count10)


if __name__ == "__main__":
    main()
