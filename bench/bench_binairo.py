"""Binary puzzle timings, each beside the seed's method measured in the same run.

Run from the repository root::

    PYTHONPATH=py .venv/bin/python bench/bench_binairo.py          # full table (minutes)
    PYTHONPATH=py .venv/bin/python bench/bench_binairo.py --quick  # smoke run (seconds)

* **solve + uniqueness**: :func:`puzzlelab.binairo.solutions` with limit 2 on
  generated hard puzzles (fixed seeds), beside the baseline: the seed's
  row-by-row enumeration (``count_brute`` in ``tests/binairo/referees.py``, rows from
  the valid-row table, columns checked at the end), which must run to the end
  to know there is no second solution. The baseline is skipped ("—") above
  8x8, where it no longer finishes within a minute.
* **generate**: :func:`puzzlelab.binairo.generate_steps` for each difficulty
  (no baseline: the seed has no generator).
* **count**: exact counts by :func:`puzzlelab.binairo.count.count_steps`
  (the method chosen by its plan) beside the counter it replaced,
  ``puzzlelab/binairo.py`` as of commit :data:`BEFORE` (a search for up to
  200 solutions, then row-set tables or the row-by-row search), loaded from
  git and stopped after ``--cap`` seconds ("> cap"). Each run is a child
  process of its own, so its CPU time and peak memory (``ru_maxrss``) are its
  alone; CPU time, not wall time, because the machine is shared. Partly
  filled grids: random solutions from the project's generator, reduced by
  ``binairo.minimize`` to puzzles the easy rules solve, then clues removed one
  at a time (fixed seeds) until the count passed a target, like Tatham's
  Unruly puzzles with a few clues removed. The empty 10x10 runs with
  ``--count10``.

* **Tatham's grids** (``--only tatham``): the grids of
  ``tests/data/unruly_grids.jsonl`` (puzzles from Simon Tatham's Unruly
  generator with givens removed, see ``tools/unruly_gen``), each count checked
  against the C referee's stored count, beside the previous counter (capped).

The browser table (``--browser`` or ``--only browser``; needs a built ``dist/``, Playwright and a
Chromium found as the end-to-end tests find it) times the same requests in
the page's worker (Pyodide, pure Python): ``client.request`` from the page,
JSON both ways included.

Every answer is checked: solutions against the rules, counts against A253316
and the two counters against each other.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import multiprocessing
import multiprocessing.connection
import os
import resource
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "binairo"))

from referees import count_brute

from puzzlelab import api, binairo
from puzzlelab.binairo import Grid
from puzzlelab.binairo import count as binairo_count
from puzzlelab.jobs import finish

ROOT = Path(__file__).resolve().parent.parent

BEFORE = "896075a"
A253316 = {4: 72, 6: 4140, 8: 4_111_116, 10: 48_183_195_384}
BASELINE_SIDE = 8
KNOWN = {(8, 8): 4_111_116, (8, 10): 201_005_480, (10, 8): 201_005_480,
         (10, 10): 48_183_195_384}
PARTIAL = [
    ("8x8, 666 solutions", "8x8:a1d1g1m00c1k1b0h1d0a"),
    ("10x10, 4,072", "10x10:t1a00d0a1d1h0h1c1i1b11a0a0d1e10d1b1c1"),
    ("14x14, 1,195", "14x14:b1a1c0b1h1e0e1a1d1c0g0a1d1c00a1c0h1c0a0c0d1i0e1j0c0a1a1b0d0c01e00b0"
     "c1i0e1a1b0e0d1a1d0a"),
    ("14x14, 67,921", "14x14:f0a1c1a11a0e00c1e1f0e01d1i1e1a1n0b0j0a1e1k1k01f1a10c1c00g0c00c1k11"
     "a00e11c"),
    ("16x16, 14,260", "16x16:b0b1i1d00b1a1c1c0a0f1c00f11c0f0a11c0b0a00g1e1a1g1b1g00b1e0c1c1n0b00"
     "a1c1100b0i1h00c0f0k0b1e0b00e1b0i0g00c11b"),
    ("16x16, 510,347", "16x16:b1a1e1d1c0d1d0a1b1d11b1e1c0e1c0r11b0e1d0f11b11f1c1d11d1c0h1d0b0e0g1"
     "e1a1l1e1a1a00i01c0b1c1a1e1d0d1b1d0c0e"),
]


def load_before() -> ModuleType:
    """``puzzlelab.binairo`` as it was at :data:`BEFORE`, as a module of its own."""
    source = subprocess.run(["git", "show", f"{BEFORE}:py/puzzlelab/binairo.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    spec = importlib.util.spec_from_loader("binairo_before", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["binairo_before"] = module
    exec(compile(source, "binairo_before.py", "exec"), module.__dict__)
    return module


def _child(which: str, game: str, pipe: multiprocessing.connection.Connection) -> None:
    grid_text = game
    start = time.process_time()
    if which == "new":
        grid = Grid.parse(grid_text)
        chosen = binairo_count.plan(grid)
        total = finish(binairo_count.count_steps(grid, planned=chosen))
        method = chosen.text
    else:
        before = load_before()
        total = finish(before.count_steps(before.Grid.parse(grid_text)))
        method = "before"
    pipe.send((total, time.process_time() - start,
               resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, method))


def measure(which: str, game: str, cap: float) -> tuple[int, float, float, str] | None:
    """(count, CPU seconds, peak MB, method) in a child process; None past ``cap`` seconds."""
    context = multiprocessing.get_context("fork")
    mine, theirs = context.Pipe()
    child = context.Process(target=_child, args=(which, game, theirs))
    child.start()
    ready = mine.poll(cap)
    if not ready:
        child.kill()
        child.join()
        return None
    result = mine.recv()
    child.join()
    return result


def show_run(result: tuple[int, float, float, str] | None, cap: float) -> str:
    """A cell of the table: CPU time and peak memory, or how long it ran before stopping."""
    if result is None:
        return f"> {cap:.0f} s (stopped)"
    _, seconds, peak, _ = result
    return f"{seconds:.2f} s, {peak:.0f} MB"



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
                seconds, total = timed(lambda p=puzzle: count_brute(p))
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


def bench_count(quick: bool, count10: bool, cap: float) -> None:
    """Exact counts, the planned counter beside the previous one (capped at ``cap`` s)."""
    print("\n## Count the solutions (exact; CPU time and peak memory of each run)\n")
    print("| grid | count | method chosen | new: CPU, peak | before: CPU, peak | speed-up |")
    print("|---|---|---|---|---|---|")
    jobs = [("empty 8x8", "8x8:zzl"), ("empty 8x10 (8 rows)", Grid.empty(8, 10).game_id)]
    jobs += PARTIAL[:2] if quick else PARTIAL
    if count10:
        jobs.append(("empty 10x10", Grid.empty(10, 10).game_id))
    for label, game in jobs:
        new = measure("new", game, 3600)
        assert new is not None
        grid = Grid.parse(game)
        if not grid.filled and (grid.rows, grid.cols) in KNOWN:
            assert new[0] == KNOWN[grid.rows, grid.cols], new
        old = measure("old", game, cap)
        if old is not None:
            assert old[0] == new[0], (old, new)
        ratio = f"{old[1] / new[1]:.1f}x" if old else f"> {cap / new[1]:.0f}x"
        print(f"| {label} | {new[0]:,} | {new[3]} | {show_run(new, cap)} | {show_run(old, cap)} | "
              f"{ratio} |", flush=True)


TATHAM = ROOT / "tests" / "data" / "unruly_grids.jsonl"


def bench_tatham(cap: float) -> None:
    """The grids from Tatham's Unruly generator (``tools/unruly_gen``), each counted by
    the planned counter and by the previous one (capped), against the C referee's count."""
    print("\n## Tatham's Unruly puzzles with givens removed (exact; CPU time and peak memory)\n")
    print("| grid | count (C referee) | method chosen | new: CPU, peak | before: CPU, peak "
          "| speed-up |")
    print("|---|---|---|---|---|---|")
    worst = 0.0
    for line in TATHAM.read_text().splitlines():
        fixture = json.loads(line)
        grid = Grid.parse(fixture["grid"])
        new = measure("new", grid.game_id, 3600)
        assert new is not None and new[0] == fixture["solutions"], (new, fixture)
        worst = max(worst, new[1])
        old = measure("old", grid.game_id, cap)
        if old is not None:
            assert old[0] == new[0], (old, new)
        ratio = f"{old[1] / new[1]:.1f}x" if old else f"> {cap / new[1]:.0f}x"
        print(f"| {fixture['params']} seed {fixture['seed']} | {new[0]:,} | {new[3]} | "
              f"{show_run(new, cap)} | {show_run(old, cap)} | {ratio} |", flush=True)
    print(f"\nSlowest new count: {worst:.2f} s of CPU.")


def _descendants(root: int) -> list[int]:
    """The process ids below ``root`` (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def renderers_rss() -> list[int]:
    """The resident memory (bytes) of each of this process's Chromium renderers."""
    sizes = []
    for pid in _descendants(os.getpid()):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    sizes.append(int(line.split()[1]) * 1024)
        except OSError:
            continue
    return sizes


def _renderer_rss() -> int:
    """The largest resident memory (bytes) of this process's Chromium renderers: the
    Python worker (shared or dedicated) runs in one of them, so this bounds its memory."""
    return max(renderers_rss(), default=0)


class PeakSampler:
    """The peak of :func:`_renderer_rss`, sampled every 0.2 s in a thread while in use."""

    def __init__(self) -> None:
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            self.peak = max(self.peak, _renderer_rss())

    def __enter__(self) -> PeakSampler:
        self.peak = _renderer_rss()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


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
    ("count empty 10x10 (once)", {"cmd": "binairo.count", "game": "10x10:zzzv"},
     48_183_195_384),
]
# The Tatham grids (seeds of tests/data/unruly_grids.jsonl) that take longest natively.
BROWSER_TATHAM = (555855113, 329429672)


def _tatham_jobs() -> list[tuple[str, dict, int]]:
    jobs = []
    for line in TATHAM.read_text().splitlines():
        fixture = json.loads(line)
        if fixture["seed"] in BROWSER_TATHAM:
            game = Grid.parse(fixture["grid"]).game_id
            jobs.append((f"count Tatham {fixture['params']} seed {fixture['seed']}",
                         {"cmd": "binairo.count", "game": game}, fixture["solutions"]))
    return jobs


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
    print("| request | time in the page (median) | renderer memory: before, peak "
          "| native (median) |")
    print("|---|---|---|---|")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                                 args=conftest.CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(server.url)
            page.evaluate("window.puzzleLab.client.ready")
            for label, request, expected in BROWSER_JOBS + _tatham_jobs():
                if request == "solve14":
                    request = {"cmd": "binairo.solve", "game": puzzle.game_id}
                # Counts are quick: the median of three runs (the first one included).
                runs = []
                before = _renderer_rss()
                sampler = PeakSampler()
                with sampler:
                    for _ in range(3 if expected is not None and expected < 10**9 else 1):
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
                memory = f"{before / 1e6:,.0f} MB, {sampler.peak / 1e6:,.0f} MB"
                native, _ = timed(lambda r=request: api.handle(r), len(runs))
                print(f"| {label} | {show(statistics.median(runs))} | {memory} | {show(native)} |",
                      flush=True)
            browser.close()
    finally:
        server.shutdown()


def main() -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only (seconds)")
    parser.add_argument("--count10", action="store_true", help="also count the empty 10x10")
    parser.add_argument("--browser", action="store_true", help="also time requests in the page")
    parser.add_argument("--cap", type=float, default=60.0,
                        help="stop the previous counter after this many seconds")
    parser.add_argument("--only", choices=["tatham", "browser"],
                        help="one table: Tatham's grids (previous counter capped at --cap) "
                             "or the page's")
    args = parser.parse_args()
    if args.only == "tatham":
        bench_tatham(args.cap)
        return
    if args.browser or args.only == "browser":
        bench_browser()
        if args.only:
            return
    if args.quick:
        bench_solve([6, 8], 2)
        bench_generate([8], 2)
        bench_count(True, False, args.cap)
        return
    bench_solve([6, 8, 10, 12, 14], 5)
    bench_generate([8, 14], 5)
    bench_count(False, args.count10, args.cap)
    bench_tatham(args.cap)


if __name__ == "__main__":
    main()
