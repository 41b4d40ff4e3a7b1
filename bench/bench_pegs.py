"""Peg solitaire: census engines side by side, and solve / count / verdict times.

Run from the repository root::

    .venv/bin/python bench/bench_pegs.py            # full table (a few minutes)
    .venv/bin/python bench/bench_pegs.py --quick    # smoke run (seconds)

* **census**: the numpy engine (:mod:`puzzlelab.pegs.census_numpy`, whole levels
  as arrays) beside the baseline in the same run, the pure-Python engine
  (:func:`puzzlelab.pegs.census.census_steps`: a per-position breadth-first search
  with a dict of normalised positions, as the seed does). Each row checks that
  both give the same figures. The full English census runs with numpy only
  unless ``--full-baseline`` (the baseline takes about half an hour); its
  figures are checked against the published ones.
* **solve / count / verdict** from English positions with 20 or fewer pegs:
  positions along a winning line (solvable) and after random play (mostly
  dead ends), each with a fresh solver (no memo carried over).
* **verdict after each move**, the page's dead-end check (``pegs.status``,
  with its budget of positions): every position along random winning lines
  and random games, early (26 or more pegs) and late, on each standard board.
  The baseline is the plain search (no goal table, rounds, beam or book); the new one
  keeps its goal table as the page's cached solver does (its one-off build
  time is shown) but forgets its memo before each position; the next column
  keeps one solver and its memo from each verdict to the next, in game order,
  as the page does. The last column is the new solver's beam search alone
  (memo forgotten): how many winning lines it finds, and its times.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))  # run from anywhere

from puzzlelab import pegs
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import census as pegs_census
from puzzlelab.pegs import commands as pegs_commands
from puzzlelab.pegs import count as pegs_count
from puzzlelab.pegs import pruning as pegs_pruning

try:
    from puzzlelab.pegs import census_numpy as pegs_numpy
except ImportError:  # pragma: no cover
    pegs_numpy = None

ENGLISH_FIGURES = {
    "solutions": 40_861_647_040_079_968,
    "positions": 187_636_299,
    "classes": 23_475_688,
    "games": 577_116_156_815_309_849_672,
    "good": 13_428_122,
    "good_classes": 1_679_072,
}


def timed(fn):
    began = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - began


def census_row(label, board, goal=None, max_classes=None, baseline=True):
    fast = slow = None
    t_fast = t_slow = None
    if pegs_numpy is not None:
        fast, t_fast = timed(lambda: finish(
            pegs_numpy.census_steps(board, None, goal, max_classes)))
    if baseline:
        slow, t_slow = timed(lambda: finish(
            pegs_census.census_steps(board, None, goal, max_classes)))
    ref = fast or slow
    same = "—"
    if fast and slow:
        a, b = fast.as_dict(), slow.as_dict()
        same = "yes" if all(a[k] == b[k] for k in ("levels", "totals", "solutions")) else "NO"
    levels = len(ref.levels)
    totals = ref.totals()

    def show(t):
        return "—" if t is None else f"{t:8.2f} s"

    print(f"| {label:<34} | {levels:>6} | {totals['classes']:>12,} | {show(t_slow):>10} | "
          f"{show(t_fast):>10} | {same:>5} |", flush=True)
    return fast or slow


def census_table(args):
    print("\n## Census: numpy engine vs the pure-Python baseline\n")
    print("| board (levels run)                 | levels |      classes |   baseline |"
          "      numpy | agree |")
    print("|------------------------------------|--------|--------------|------------|"
          "------------|-------|")
    census_row("triangle 15, any finish", "triangle", "any")
    census_row("diamond 41, first levels", "diamond", None, 20_000)
    census_row("English 33, first levels", "english", None, 30_000 if args.quick else 230_000)
    if args.quick:
        return
    cpu = time.process_time()
    result = census_row("English 33, centre to centre (full)", "english", None, None,
                        baseline=args.full_baseline)
    cpu = time.process_time() - cpu  # every thread's CPU time: a fairer figure on a busy machine
    d = result.as_dict()
    got = {"solutions": d["solutions"], **{k: d["totals"][k] for k in ENGLISH_FIGURES
                                           if k != "solutions"}}
    print(f"\nEnglish census: {d['seconds']:.1f} s ({cpu:.1f} s of CPU), "
          f"peak data {d['peak_bytes'] / 1e6:.0f} MB "
          f"(process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3:.0f} MB)")
    for name, want in ENGLISH_FIGURES.items():
        print(f"  {name:>13}: {got[name]:>32,}  {'ok' if got[name] == want else 'WRONG'}")


def english_positions(count, pegs_left, seed):
    """(kind, position) pairs: along a winning line and after random play."""
    rng = random.Random(seed)
    start = pegs.standard_start("english")
    goal = pegs.parse_goal(start.geo, None)
    out = []
    for _ in range(count):
        # Along a (randomised) winning line: replay a solution found from a random prefix.
        pos = start
        while pos.peg_count > pegs_left:
            options = pos.legal_moves()
            rng.shuffle(options)
            for move in options:
                child = pos.play(move)
                if pegs.Solver(start.geo, goal).solve(child.pegs) is not None:
                    pos = child
                    break
            else:  # pragma: no cover - cannot happen along a winning line
                break
        out.append(("solvable", pos))
        pos = start
        while pos.peg_count > pegs_left and pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
        out.append(("random play", pos))
    return goal, out


def solver_table(args):
    n = 3 if args.quick else 10
    print(f"\n## Solve, count and verdict from English positions with 20 pegs ({n} of each kind)\n")
    goal, positions = english_positions(n, 20, 11)
    rows = {}
    for kind, pos in positions:
        t_count = timed(lambda pos=pos: pegs.Solver(pos.geo, goal).count(pos.pegs))[1]
        t_solve = timed(lambda pos=pos: pegs.Solver(pos.geo, goal).solve(pos.pegs))[1]

        def verdict(pos=pos):
            try:
                return finish(pegs.Solver(pos.geo, goal).solve_steps(
                    pos.pegs, pegs_commands.VERDICT_BUDGET))
            except pegs.OutOfBudget:
                return "unknown"

        t_verdict = timed(verdict)[1]
        rows.setdefault(kind, []).append((t_count, t_solve, t_verdict))
    print("| positions   | count median / max  | solve median / max  | verdict median / max |")
    print("|-------------|---------------------|---------------------|----------------------|")
    for kind, times in rows.items():
        cells = []
        for column in range(3):
            values = [t[column] for t in times]
            cells.append(f"{statistics.median(values):6.3f} / {max(values):6.3f} s")
        print(f"| {kind:<11} | {cells[0]:>19} | {cells[1]:>19} | {cells[2]:>20} |")


def run_capped(steps, cap):
    """Drive a generator computation for at most ``cap`` seconds: (value or None, seconds)."""
    began = time.perf_counter()
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value, time.perf_counter() - began
        if time.perf_counter() - began > cap:
            steps.close()
            return None, time.perf_counter() - began


def game_positions(name, moves_in, seed):
    """A named board's usual game and positions after ``moves_in`` moves of a game that
    keeps the goal reachable (moves chosen at random among those the book's verdict
    keeps good, else the solver's winning line), so that the counts are not zero."""
    start, goal_text = pegs.classic_game(name)
    goal = pegs.parse_goal(start.geo, None if goal_text == "default" else goal_text)
    solver = pegs.solver(start.geo, goal)
    rng = random.Random(seed)
    # Without a book the verdicts may be unknown and random play may wander into a
    # dead end: follow the solver's winning line instead.
    line = None if solver.book is not None else solver.solve(start.pegs)
    out = []
    pos = start
    for done in range(max(moves_in) + 1):
        if done in moves_in:
            out.append((done, pos))
        if line is not None:
            if done == len(line):
                break
            pos = pos.play(line[done])
            continue
        good = [m for m in pos.legal_moves() if still_good(solver, pos.play(m).pegs)]
        if not good:
            break
        pos = pos.play(rng.choice(good))
    return goal, out


def forget_tables():
    """Drop the cached solvers, books, count tables and goal tables."""
    for cached in (pegs.solver, pegs.opening_book, pegs_count.count_table, pegs_count.counter):
        cached.cache_clear()
    pegs_pruning._GOAL_TABLES.clear()


def still_good(solver, pegs_):
    """The page's verdict: False only when the goal is shown out of reach."""
    try:
        return finish(solver.decide_steps(pegs_, pegs_commands.VERDICT_BUDGET))
    except pegs.OutOfBudget:
        return True


def count_table(args):
    cap = 3.0 if args.quick else 20.0
    print("\n## Counts of winning move sequences: level walk vs the depth-first count\n")
    print("New: :func:`puzzlelab.pegs.count.count_steps` (levels filtered by the book and its")
    print("count table where the game has them, else by pagodas and the goal table), with the")
    print("solver, book, count table and goal table loaded afresh (cold: a page's first count)")
    print("and again with them loaded (warm: the page's later counts).")
    print("Baseline, same run: the memoised depth-first count (``Solver.count_steps``), cold,")
    print(f"stopped after {cap:.0f} s. Memory: tracemalloc peak of another cold run of the new.\n")
    print("| game      | moves in | pegs |                          count |  new cold |"
          "  new warm |  new peak | depth-first |")
    print("|-----------|----------|------|--------------------------------|-----------|"
          "-----------|-----------|-------------|")
    plan = {"english": [0, 1, 3, 10, 13, 15, 20], "triangle": [0, 1, 3],
            "french": [0, 5, 10, 15, 20], "diamond": [0, 10, 15, 20, 25],
            "wiegleb": [0, 15, 20, 25, 30]}
    if args.quick:
        plan = {"english": [0, 3], "triangle": [0]}
    for name, moves_in in plan.items():
        goal, positions = game_positions(name, moves_in, seed=17)
        for done, pos in positions:

            def new(pos=pos, goal=goal):
                try:
                    return finish(pegs_count.count_steps(pegs.solver(pos.geo, goal), pos.pegs))
                except PuzzleError as exc:
                    return exc

            forget_tables()
            value, t_new = timed(new)
            t_warm = timed(new)[1]
            forget_tables()
            tracemalloc.start()
            new()
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            forget_tables()
            old, t_old = run_capped(pegs.Solver(pos.geo, goal).count_steps(pos.pegs), cap)
            if isinstance(value, PuzzleError):
                shown = "out of reach: " + str(value).split("would hold about ")[-1].split(
                    " positions")[0] + " at the widest"
            else:
                shown = f"{value:,}"
                if old is not None and old != value:
                    shown += " DIFFERS"
            old_cell = f"{t_old:8.3f} s" if old is not None else f"> {cap:.0f} s"
            print(f"| {name:<9} | {done:>8} | {pos.peg_count:>4} | {shown:>30} | "
                  f"{t_new:7.3f} s | {t_warm:7.3f} s | {peak / 1e6:6.1f} MB | {old_cell:>11} |",
                  flush=True)


def plain_solver(geo, goal):
    """The search before the goal table, the rounds, the beam and the book (the verdict
    baseline)."""
    solver = pegs.Solver(geo, goal)
    solver.TABLE_LEVEL_LIMIT = 0
    solver.BEAM_WIDTH = 0
    solver.ROUND_LEVELS = 0
    solver.book = None
    return solver


def verdict_positions(board, lines, games, seed):
    """Positions after each move of random winning lines and of random games."""
    rng = random.Random(seed)
    start, goal_text = pegs.classic_game(board)  # the board's usual game, as the page opens it
    goal = pegs.parse_goal(start.geo, goal_text)
    guide = pegs.Solver(start.geo, goal)
    out = []
    for _ in range(lines):
        pos = start
        while pos.pegs not in goal.positions:
            options = pos.legal_moves()
            rng.shuffle(options)
            pos = next(pos.play(m) for m in options if guide.solve(pos.play(m).pegs) is not None)
            out.append(pos)
    for _ in range(games):
        pos = start
        while pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
            out.append(pos)
    # The page answers a position out of the goal's class without a search.
    return goal, [p for p in out if pegs.goal_class_possible(p.geo, p.pegs, goal)]


def verdict_times(solver, positions):
    """Seconds per verdict (memo forgotten before each), how many stayed undecided, and
    the most positions one verdict searched (a measure that other jobs cannot skew)."""
    times, unknown, most = [], 0, 0
    for pos in positions:
        solver.good_memo.clear()
        solver.count_memo.clear()
        before = solver.nodes
        began = time.perf_counter()
        try:
            finish(solver.decide_steps(pos.pegs, pegs_commands.VERDICT_BUDGET))
        except pegs.OutOfBudget:
            unknown += 1
        times.append(time.perf_counter() - began)
        most = max(most, solver.nodes - before)
    return times, unknown, most


def beam_times(solver, positions):
    """Seconds per beam search alone (memo forgotten before each), and how many found a line."""
    times, found = [], 0
    for pos in positions:
        solver.good_memo.clear()
        began = time.perf_counter()
        found += finish(solver.beam_steps(pos.pegs)) is not None
        times.append(time.perf_counter() - began)
    return times, found


def verdict_times_in_game_order(solver, positions):
    """Per position (seconds, undecided, positions searched) with the memo kept from one
    verdict to the next, as the page asks them along a game with one shared solver."""
    out = []
    for pos in positions:
        before = solver.nodes
        began = time.perf_counter()
        unknown = 0
        try:
            finish(solver.decide_steps(pos.pegs, pegs_commands.VERDICT_BUDGET))
        except pegs.OutOfBudget:
            unknown = 1
        out.append((time.perf_counter() - began, unknown, solver.nodes - before))
    return out


def verdict_table(args):
    print(f"\n## Verdict after each move (budget {pegs_commands.VERDICT_BUDGET:,} positions): "
          "plain search vs goal table, rounds, beam and opening book\n")
    print("| board     | positions    |   n | table build |"
          " plain: median / worst ms (undecided) most searched |"
          " new: median / worst ms (undecided) most searched |"
          " new, memo kept along each game: the same |"
          " beam alone: lines found, median / worst ms |")
    print("|-----------|--------------|-----|-------------|"
          "---------------------------------------------------|"
          "-------------------------------------------------|"
          "-------------------------------------------|"
          "--------------------------------------------|")
    plan = [("english", 1 if args.quick else 4, 1 if args.quick else 6)]
    if not args.quick:
        plan += [("french", 0, 4), ("diamond", 0, 3), ("wiegleb", 0, 8), ("triangle", 2, 6)]
    for board, lines, games in plan:
        goal, positions = verdict_positions(board, lines, games, 5)
        if not positions:
            print(f"| {board:<9} | every one in another class than the goal: "
                  "answered without a search |", flush=True)
            continue
        geo = positions[0].geo
        new = pegs.Solver(geo, goal)
        build = timed(partial(pegs.GoalTable, geo, goal, new.TABLE_LEVEL_LIMIT))[1]
        plain = plain_solver(geo, goal)
        in_order = dict(zip(map(id, positions), verdict_times_in_game_order(
            pegs.Solver(geo, goal), positions), strict=True))
        for label, group in (("early (26+)", [p for p in positions if p.peg_count >= 26]),
                             ("late (< 26)", [p for p in positions if p.peg_count < 26])):
            if not group:
                continue
            kept = [in_order[id(p)] for p in group]
            cells = []
            for solver in (plain, new):
                times, unknown, most = verdict_times(solver, group)
                cells.append(f"{statistics.median(times) * 1e3:7.1f} / "
                             f"{max(times) * 1e3:7.1f} ms ({unknown:>3}) {most:>7,}")
            beam, found = beam_times(new, group)
            print(f"| {board:<9} | {label:<12} | {len(group):>3} | {build * 1e3:8.0f} ms | "
                  f"{cells[0]:>49} | {cells[1]:>47} | "
                  f"{statistics.median(k[0] for k in kept) * 1e3:7.1f} / "
                  f"{max(k[0] for k in kept) * 1e3:7.1f} ms ({sum(k[1] for k in kept):>3}) "
                  f"{max(k[2] for k in kept):>7,} | {found:>9} | "
                  f"{statistics.median(beam) * 1e3:7.1f} / {max(beam) * 1e3:7.1f} ms |",
                  flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: small boards only")
    parser.add_argument("--full-baseline", action="store_true",
                        help="also run the full English census with the pure engine (~30 min)")
    parser.add_argument("--only", action="append",
                        choices=["census", "count", "solver", "verdict"],
                        help="run only this table (repeatable)")
    args = parser.parse_args()
    print(f"# Peg solitaire benchmark\n\nPython {platform.python_version()}, "
          f"numpy {getattr(sys.modules.get('numpy'), '__version__', 'absent')}, "
          f"{os.cpu_count()} CPUs, {platform.machine()}")
    tables = {"census": census_table, "count": count_table, "solver": solver_table,
              "verdict": verdict_table}
    for name in args.only or tables:
        tables[name](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
