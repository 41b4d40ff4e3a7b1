"""Peg solitaire: winning sequences from every single-vacancy start of the English board.

Run from the repository root::

    .venv/bin/python bench/bench_peg_counts.py            # 7 starts x 2 goals (an hour or so)
    .venv/bin/python bench/bench_peg_counts.py --quick    # smoke run (a minute)
    .venv/bin/python bench/bench_peg_counts.py --starts 3,3 0,3 --goals any --no-census
    .venv/bin/python bench/bench_peg_counts.py --finishes --starts 3,3 0,3

New: ``puzzlelab pegs count GRID --goal G`` (:mod:`puzzlelab.pegs.count_numpy` off
the book: the walk normalised by the goal's symmetries, all 8 here). Baseline,
same run, same start and goal: ``puzzlelab pegs census english --start r,c --goal G``
with numpy (normalised by the symmetries that fix start and goal, with a backward
pass). Each runs in its own process: seconds (wall and CPU) and peak memory
(the process's maximum resident set); the two counts must agree. The count of a
start whose position class differs from the goal's is 0 at once (the rule of
three); the census finds the same 0 the long way.

``--finishes``: :func:`puzzlelab.pegs.count_numpy.finish_counts` from each start
instead (one walk, normalised by the start's symmetries), its counts per finishing
hole checked to add up to the count to any hole (``pegs count --goal any``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STARTS = ["3,3", "2,3", "1,3", "0,3", "2,2", "1,2", "0,2"]
ENGLISH = "--ooo--/--ooo--/ooooooo/ooooooo/ooooooo/--ooo--/--ooo--"


def vacancy_grid(hole: str) -> str:
    r, c = (int(x) for x in hole.split(","))
    rows = [list(row) for row in ENGLISH.split("/")]
    rows[r][c] = "."
    return "/".join("".join(row) for row in rows)


def run(args: list[str]) -> tuple[dict, float, float, float]:
    """Run ``python -m puzzlelab ARGS --json`` alone: its answer, wall and CPU seconds,
    and its peak memory in GB."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    began = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "puzzlelab", *args, "--json"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - began
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        return {"error": err.strip()[:300]}, wall, usage.ru_utime + usage.ru_stime, 0.0
    return json.loads(out), wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1e6


FINISHES = """
import json, sys
from puzzlelab import pegs
from puzzlelab.pegs import count_numpy
geo = pegs.standard_start("english").geo
out = count_numpy.finish_counts(geo, geo.full ^ 1 << geo.hole(sys.argv[1]))
print(json.dumps({geo.hole_name(h): n for h, n in out.items()}))
"""


def finishes(starts: list[str]) -> None:
    """The counts to each single-peg finish, one walk per start, against the count to any."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    print("| start | winning sequences by finish | s (CPU s) | GB | sum = count to any |")
    print("|---|---|---:|---:|---|")
    for hole in starts:
        began = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", FINISHES, hole], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall, cpu = time.perf_counter() - began, usage.ru_utime + usage.ru_stime
        out, err = proc.stdout.read(), proc.stderr.read()
        if os.waitstatus_to_exitcode(status) != 0:
            print(f"| {hole} | {err.strip().splitlines()[-1][:200]} | {wall:.1f} ({cpu:.1f}) "
                  f"| {usage.ru_maxrss / 1e6:.2f} | - |", flush=True)
            continue
        by_hole = json.loads(out)
        counted = run(["pegs", "count", vacancy_grid(hole), "--goal", "any"])[0]
        same = sum(by_hole.values()) == counted.get("solutions")
        text = ", ".join(f"{h}: {n:,}" for h, n in by_hole.items())
        print(f"| {hole} | {text} | {wall:.1f} ({cpu:.1f}) | {usage.ru_maxrss / 1e6:.2f} "
              f"| {'yes' if same else 'NO'} |", flush=True)
        if not same:
            raise SystemExit("the finishes do not add up to the count to any hole")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="the central start only")
    parser.add_argument("--starts", nargs="*", default=None, help="vacancies r,c")
    parser.add_argument("--goals", nargs="*", default=["centre", "any"])
    parser.add_argument("--no-census", action="store_true", help="skip the baseline")
    parser.add_argument("--finishes", action="store_true", help="counts by finishing hole")
    opts = parser.parse_args()
    starts = opts.starts or (["3,3"] if opts.quick else STARTS)
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}")
    if opts.finishes:
        finishes(starts)
        return
    print("| start | goal | winning sequences | count s (CPU s) | count GB "
          "| census s (CPU s) | census GB | agree |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for hole in starts:
        grid = vacancy_grid(hole)
        for goal in opts.goals:
            counted, wall, cpu, peak = run(["pegs", "count", grid, "--goal", goal])
            solutions = counted.get("solutions", counted.get("error"))
            row = [hole, goal, f"{solutions:,}" if isinstance(solutions, int) else solutions,
                   f"{wall:.1f} ({cpu:.1f})", f"{peak:.2f}"]
            if opts.no_census:
                row += ["-", "-", "-"]
            else:
                census, c_wall, c_cpu, c_peak = run(["pegs", "census", "english", "--start", hole,
                                                     "--goal", goal, "--engine", "numpy"])
                same = census.get("solutions") == solutions
                row += [f"{c_wall:.1f} ({c_cpu:.1f})", f"{c_peak:.2f}",
                        "yes" if same else f"NO: {census.get('solutions', census.get('error'))}"]
                if not same:
                    print("| " + " | ".join(row) + " |")
                    raise SystemExit("the count and the census disagree")
            print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
