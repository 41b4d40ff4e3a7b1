"""Peg solitaire, the fewest moves proven (:mod:`puzzlelab.pegs.fewest`): times and sizes.

Run from the repository root::

    .venv/bin/python bench/bench_peg_moves.py           # triangle, English (a few minutes)
    .venv/bin/python bench/bench_peg_moves.py --quick   # smoke run (seconds)
    .venv/bin/python bench/bench_peg_moves.py --far     # French, Diamond, Wiegleb (~15 min)
    .venv/bin/python bench/bench_peg_moves.py --far --far-boards wiegleb --far-memory-gb 16

* **triangle**: every single vacancy of the 15-hole triangle, one peg
  anywhere: the fewest moves and the time of the pure Python engine (the
  standard library's and the page's) beside the numpy engine's, in the same run.
* **English central game**: the numpy engine beside the pure Python one
  (the baseline; left out with ``--quick``): moves, jumps, classes seen from
  each end, seconds, and the peak memory traced (``tracemalloc``, which sees
  numpy's arrays) per class seen (the resident peak against the search's
  projection, :data:`puzzlelab.pegs.fewest.FOOTPRINTS`, is
  ``bench/bench_projections.py``'s).
* **English, vacancy 0,2**, one peg anywhere, with numpy (not with ``--quick``).
* **far** (``--far``): the usual French, Diamond and Wiegleb games with
  numpy, their up-front refusal lifted, each stopped after ``--far-seconds``
  (600) or by the search's own memory or time refusal: the layers built
  from each end, as they come. These are the figures of
  :data:`puzzlelab.pegs.fewest.FEWEST_REACH`.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))  # run from anywhere

from puzzlelab import jobs, pegs
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import fewest

try:
    import numpy
except ImportError:  # pragma: no cover
    numpy = None


def run(position: pegs.Position, goal: pegs.Goal, engine: str,
        trace_memory: bool = False) -> tuple[fewest.FewestMoves | None, float, int, float]:
    """The search, its wall seconds, its peak traced bytes (0 when not traced) and the
    longest wait between two of its steps (how long a Cancel may wait)."""
    if trace_memory:
        tracemalloc.start()
    steps = fewest.fewest_moves_steps(position, goal, engine)
    began = last = time.perf_counter()
    longest = 0.0
    jobs.begin_step()
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result = stop.value
            break
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    seconds = time.perf_counter() - began
    peak = 0
    if trace_memory:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return result, seconds, peak, max(longest, time.perf_counter() - last)


def engines() -> list[str]:
    return ["python", "numpy"] if numpy is not None else ["python"]


def triangle_table() -> None:
    print("\n## Triangle (15 holes), one peg anywhere\n")
    names = engines()
    print("| vacancy | moves | jumps | " + " | ".join(f"{e} s" for e in names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    geo = pegs.Position.parse("triangle").geo
    totals = dict.fromkeys(names, 0.0)
    for hole in range(geo.size):
        position = pegs.board_position("triangle", geo.hole_name(hole))
        goal = pegs.parse_goal(geo, "any")
        answers = []
        for engine in names:
            result, seconds, _, _ = run(position, goal, engine)
            totals[engine] += seconds
            answers.append((result, seconds))
        moves = {r.move_count if r else None for r, _ in answers}
        assert len(moves) == 1, "the engines disagree"
        result = answers[0][0]
        print(f"| {geo.hole_name(hole)} | {result.move_count if result else '-'} | "
              f"{len(result.jumps) if result else '-'} | "
              + " | ".join(f"{s:.2f}" for _, s in answers) + " |")
    print("| all | | | " + " | ".join(f"{totals[e]:.2f}" for e in names) + " |")


def english_table(quick: bool) -> None:
    print("\n## English central game\n")
    print("| engine | moves | jumps | classes (start, goal) | layers (start; goal) | seconds "
          "| longest step | peak traced | bytes a class |")
    print("|---|---|---|---|---|---|---|---|---|")
    position = pegs.Position.parse("english")
    goal = pegs.parse_goal(position.geo, None)
    for engine in engines() if not quick else engines()[-1:]:
        # Timed untraced, then traced for the memory (tracing slows Python down).
        result, seconds, _, longest = run(position, goal, engine)
        _, _, peak, _ = run(position, goal, engine, trace_memory=True)
        assert result is not None and result.move_count == 18
        classes = sum(result.classes)
        layers = "; ".join(" ".join(f"{n:,}" for n in side) for side in result.layers)
        print(f"| {engine} | {result.move_count} | {len(result.jumps)} | "
              f"{result.classes[0]:,}, {result.classes[1]:,} | {layers} | {seconds:.1f} | "
              f"{longest:.2f} s | "
              f"{peak / 1e6:.0f} MB | {peak / classes:.0f} |")


def corner_row() -> None:
    """The English board from the vacancy at 0,2 to one peg anywhere (a mirror its only
    symmetry): the kind of problem a catalogue of every start asks for."""
    print("\n## English, vacancy 0,2, one peg anywhere (numpy)\n")
    position = pegs.board_position("english", "0,2")
    result, seconds, _, longest = run(position, pegs.parse_goal(position.geo, "any"), "numpy")
    assert result is not None
    print(f"{result.move_count} moves ({len(result.jumps)} jumps), "
          f"{sum(result.classes):,} classes, {seconds:.1f} s, longest step {longest:.2f} s, "
          f"peak {_peak_mb():,} MB")


def _peak_mb() -> int:
    """This process's peak resident memory (MB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def _far_one(name: str, seconds: float, memory_gb: float | None,
             out: multiprocessing.Queue) -> None:
    """One usual game in a child process (stopped from outside at its time)."""
    fewest.FEWEST_REACH.clear()  # measure what the up-front refusal is made of
    if memory_gb is not None:
        fewest.MEMORY_CAP = int(memory_gb * 1e9)
    start, goal_text = pegs.classic_game(name)
    goal = pegs.parse_goal(start.geo, None if goal_text == "default" else goal_text)
    began = time.perf_counter()

    def trace(forward: bool, depth: int, size: int, at: float) -> None:
        out.put(("layer", "start" if forward else "goal", depth, size,
                 time.perf_counter() - began, _peak_mb()))

    try:
        result = fewest.fewest_moves(start, goal, "numpy", trace)
        out.put(("done", result.move_count if result else None, sum(result.classes)
                 if result else 0, time.perf_counter() - began, _peak_mb()))
    except PuzzleError as refusal:
        out.put(("refused", str(refusal), time.perf_counter() - began))


def far_table(seconds: float, boards: list[str], memory_gb: float | None) -> None:
    print(f"\n## Usual French, Diamond and Wiegleb games (numpy, at most {seconds:.0f} s each)\n")
    if memory_gb is not None:
        print(f"(memory cap lifted to {memory_gb:g} GB)\n")
    for name in boards:
        queue: multiprocessing.Queue = multiprocessing.Queue()
        child = multiprocessing.Process(target=_far_one, args=(name, seconds, memory_gb, queue))
        child.start()
        child.join(seconds)
        if child.is_alive():
            child.terminate()
            child.join()
        rows = []
        while not queue.empty():
            rows.append(queue.get())
        print(f"### {name}\n")
        for row in rows:
            if row[0] == "layer":
                print(f"- layer {row[2]} from the {row[1]}: {row[3]:,} classes ({row[4]:.1f} s, "
                      f"peak {row[5]:,} MB)")
            else:
                print(f"- {row[0]}: {row[1:]}")
        if not rows or rows[-1][0] == "layer":
            print(f"- stopped after {seconds:.0f} s")
        print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: no pure English run")
    parser.add_argument("--far", action="store_true", help="the French, Diamond and Wiegleb "
                        "usual games only")
    parser.add_argument("--far-seconds", type=float, default=600.0)
    parser.add_argument("--far-boards", nargs="+", default=["french", "diamond", "wiegleb"],
                        choices=["french", "diamond", "wiegleb"])
    parser.add_argument("--far-memory-gb", type=float, default=None,
                        help="lift the search's memory cap (fewest.MEMORY_CAP) to this")
    args = parser.parse_args()
    print(f"# Fewest moves benchmark\n\nPython {platform.python_version()}, numpy "
          f"{getattr(numpy, '__version__', 'absent')}, {os.cpu_count()} CPUs, "
          f"{platform.machine()}")
    if args.far:
        far_table(args.far_seconds, args.far_boards, args.far_memory_gb)
        return 0
    triangle_table()
    english_table(args.quick)
    if numpy is not None and not args.quick:
        corner_row()
    return 0


if __name__ == "__main__":
    sys.exit(main())
