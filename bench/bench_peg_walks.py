"""Peg solitaire: the English census and central count, this tree against another, alternating.

Run from the repository root::

    .venv/bin/python bench/bench_peg_walks.py --against /path/to/other/checkout/py
    .venv/bin/python bench/bench_peg_walks.py --pairs 1 --only count     # this tree alone

Times the two calls that the full test run makes (and must keep making):
the numpy census of the English board with the good classes kept from 17
pegs (``tests/pegs/test_pegs.py::english_census``) and the numpy count of the
central game (``tests/pegs/test_pegs_count_numpy.py``). Each run is a fresh
process; with ``--against`` the runs alternate between the other tree
(baseline) and this one, so both see the same load. Prints every run, then the
median wall and CPU seconds of each side (CPU: the process's user and system
time, all threads; the steadier figure on a shared machine) and checks that
both sides give the same figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CALLS = {
    "census": """
from puzzlelab.pegs import census_numpy
from puzzlelab.jobs import finish
census = finish(census_numpy.census_steps("english", keep_good_from=17))
answer = [census.as_dict()["totals"], census.good_wins[32]]
""",
    "count": """
from puzzlelab import pegs
from puzzlelab.jobs import finish
from puzzlelab.pegs import count_numpy
geo = pegs.standard_start("english").geo
answer = finish(count_numpy.count_steps(geo, geo.full ^ 1 << geo.centre,
                                        pegs.parse_goal(geo, "centre")))
""",
}

TIMED = """
import json, resource, time
def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
wall, used = time.perf_counter(), cpu()
{call}
print(json.dumps({{"wall": time.perf_counter() - wall, "cpu": cpu() - used, "answer": answer}}))
"""


def run(py: Path, what: str) -> dict:
    """One timed call in a fresh process with ``py`` first on its path (imports not timed)."""
    env = {**os.environ, "PYTHONPATH": str(py)}
    proc = subprocess.run([sys.executable, "-c", TIMED.format(call=CALLS[what])], env=env,
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{what} with {py} failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", type=Path, help="the baseline's py/ directory")
    parser.add_argument("--pairs", type=int, default=3, help="runs of each side")
    parser.add_argument("--only", choices=sorted(CALLS), nargs="*", default=sorted(CALLS))
    opts = parser.parse_args()
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; load average {os.getloadavg()[0]:.1f} at the start")
    sides = {"this tree": ROOT / "py"}
    if opts.against:
        sides = {"baseline": opts.against.resolve(), **sides}
    for what in opts.only:
        times: dict[str, list[dict]] = {side: [] for side in sides}
        for k in range(opts.pairs):
            for side, py in sides.items():
                result = run(py, what)
                times[side].append(result)
                print(f"{what} run {k + 1} {side}: {result['wall']:.1f} s, "
                      f"{result['cpu']:.1f} CPU s", flush=True)
        answers = {json.dumps(r["answer"]) for rs in times.values() for r in rs}
        if len(answers) != 1:
            raise SystemExit(f"{what}: the runs disagree: {sorted(answers)}")
        for side, results in times.items():
            wall = statistics.median(r["wall"] for r in results)
            cpu = statistics.median(r["cpu"] for r in results)
            print(f"{what}, {side}: median {wall:.1f} s wall, {cpu:.1f} CPU s "
                  f"({len(results)} runs)")
        if opts.against:
            base, new = (statistics.median(r["cpu"] for r in times[s]) for s in sides)
            print(f"{what}: CPU time {base / new:.2f} times shorter than the baseline's")


if __name__ == "__main__":
    main()
