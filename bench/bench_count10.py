"""The empty 10x10 binary-puzzle count, this tree against another, in turns.

The full test run counts the empty 10x10 (``test_empty_10x10_is_a253316``),
so its time is part of every run. This times exactly that call,
``count(Grid.empty(10, 10))``, in a child process per run (its CPU time and
peak resident memory, ``ru_maxrss``, are its own), alternating between this
tree's ``py/`` and another checkout's (``--against``, e.g. the main worktree
before a change) so both see the same load on a shared machine; then the
medians. Every run's answer is checked against A253316.

Run from the repository root::

    .venv/bin/python bench/bench_count10.py --against ../other-checkout --pairs 3
    .venv/bin/python bench/bench_count10.py                # this tree alone, 3 runs
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
A253316_10 = 48_183_195_384

CHILD = """
import json, resource, time
from puzzlelab.binairo import Grid
from puzzlelab.binairo.count import count
began = time.process_time()
value = count(Grid.empty(10, 10))
print(json.dumps([value, time.process_time() - began,
                  resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024]))
"""


def run_once(tree: Path) -> tuple[float, float]:
    """CPU seconds and peak MB of one count with ``tree/py`` first on the path."""
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": str(tree / "py")}).stdout
    value, seconds, megabytes = json.loads(out)
    if value != A253316_10:
        raise SystemExit(f"{tree}: counted {value}, not {A253316_10}")
    return seconds, megabytes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another checkout to time in turns")
    parser.add_argument("--pairs", type=int, default=3, help="runs of each tree")
    args = parser.parse_args()
    trees = [ROOT] + ([args.against.resolve()] if args.against else [])
    times: dict[Path, list[tuple[float, float]]] = {tree: [] for tree in trees}
    for turn in range(args.pairs):
        # Alternate which tree goes first, so neither always meets the same load.
        for tree in trees if turn % 2 == 0 else trees[::-1]:
            seconds, megabytes = run_once(tree)
            times[tree].append((seconds, megabytes))
            print(f"{tree}: {seconds:.1f} s of CPU, {megabytes:.0f} MB", flush=True)
    for tree, runs in times.items():
        seconds = statistics.median(s for s, _ in runs)
        megabytes = statistics.median(m for _, m in runs)
        print(f"median {tree}: {seconds:.1f} s of CPU, {megabytes:.0f} MB peak "
              f"({len(runs)} runs)")


if __name__ == "__main__":
    main()
