"""The fewest clues of any binary puzzle: how long each way of finding it takes.

Run from the repository root::

    PYTHONPATH=py .venv/bin/python bench/bench_binairo_fewest.py
    PYTHONPATH=py .venv/bin/python bench/bench_binairo_fewest.py --eight runs/8x8

All in one run, on this machine, so the rows compare:

* **hitting sets**: :func:`puzzlelab.binairo.fewest_clues.fewest_clues_steps`
  (every class's minimum hitting set, in this process) on 4x4 and 6x6, with
  numpy and on the standard library alone (numpy hidden, the grid lists
  rebuilt).
* **sets of cells**: :func:`puzzlelab.binairo.cell_sets.fewest_by_cell_sets`,
  the independent method, on 4x4 and 6x6 up to the minimum, and 6x6 on to
  6 cells (``--cells-up-to``).
* **processes / Dask**: the 6x6 search cut into ``--tasks`` tasks on 2 worker
  processes, and on a Dask local cluster of 2 workers (cluster start-up
  included), no work folder.

Every answer must equal the in-process numpy answer (fewest clues, classes at
the minimum, classes by clues), or the bench stops. Wall time, best of
``--repeat``. 8x8 is never run here: ``--eight WORKDIR`` reads the task files
an 8x8 run wrote there and reports what they hold (tasks done, and their
times if the files record them).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from puzzlelab import records
from puzzlelab.binairo import (
    cell_sets,
    fewest_clues,
    fewest_clues_native,
    fewest_tasks,
    grid_classes,
)
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError

#: What every way must find the same.
SAME = ("clues", "grids_at_minimum", "classes", "grids", "by_clues")


def timed(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The best wall time of ``repeat`` runs (seconds), and the last answer."""
    times = []
    answer = None
    for _ in range(repeat):
        started = time.perf_counter()
        answer = run()
        times.append(time.perf_counter() - started)
    return min(times), answer


def standard_library(n: int) -> dict[str, Any]:
    """The hitting-set search with numpy hidden (the grid lists rebuilt too)."""
    saved_numpy, saved_loaded = fewest_clues.numpy_or_none, fewest_clues._LOADED
    fewest_clues.numpy_or_none = lambda: None
    fewest_clues._LOADED = {}
    grid_classes.grids_pure.cache_clear()
    grid_classes.classes_pure.cache_clear()
    try:
        return finish(fewest_clues.fewest_clues_steps(n))
    finally:
        fewest_clues.numpy_or_none, fewest_clues._LOADED = saved_numpy, saved_loaded


def with_numpy(n: int) -> dict[str, Any]:
    """The hitting-set search with numpy, the grid lists rebuilt each time."""
    fewest_clues._LOADED.clear()
    return finish(fewest_clues.fewest_clues_steps(n))


def tasks_on(n: int, tasks: int, dask: str | None) -> dict[str, Any]:
    """The search as ``tasks`` tasks on 2 processes, or on Dask."""
    saved = fewest_clues.TASKS[n]
    fewest_clues.TASKS[n] = tasks
    try:
        return finish(fewest_clues_native.run_steps(n, None, None, 2, dask))
    finally:
        fewest_clues.TASKS[n] = saved


def check(name: str, answer: dict[str, Any], reference: dict[str, Any]) -> None:
    """Stop the bench when a way's answer is not the reference's."""
    if "classes_at_minimum" in answer:  # the sets of cells: classes at most k, per k
        total = 0
        for k in range(1, max(int(k) for k in answer["by_clues"]) + 1):
            total += reference["by_clues"].get(str(k), 0)
            if answer["by_clues"][str(k)] != total:
                raise SystemExit(f"{name}: {answer['by_clues']} against {reference['by_clues']}")
        if (answer["clues"], len(answer["classes_at_minimum"])) != (
                reference["clues"], reference["grids_at_minimum"]):
            raise SystemExit(f"{name}: a different minimum")
        return
    for key in SAME:
        if answer[key] != reference[key]:
            raise SystemExit(f"{name}: {key} is {answer[key]}, not {reference[key]}")


def eight(folder: Path) -> None:
    """What the 8x8 task files in ``folder`` hold."""
    files = sorted(folder.glob("fewest-8x8-*.jsonl"))
    if not files:
        print(f"\nNo 8x8 task files in {folder}.")
        return
    results = []
    for path in files:
        try:  # (any run's: the table below sorts them by bound and split)
            results.append(records.read_record(path, fewest_tasks.KIND, fewest_tasks.FORMAT,
                                               None))
        except records.RecordRejected as why:
            print(f"{why} (not counted)")
    by_run: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for result in results:
        by_run.setdefault((result.get("bound"), result.get("tasks")), []).append(result)
    print("\n| 8x8 run | tasks written | classes | found at or under the bound | task time |")
    print("|---|---|---|---|---|")
    for (bound, tasks), done in sorted(by_run.items()):
        seconds = [r["cpu_seconds"] for r in done
                   if isinstance(r.get("cpu_seconds"), int | float)]
        times = (f"CPU median {statistics.median(seconds):.1f} s, range "
                 f"{min(seconds):.1f}-{max(seconds):.1f} s, total {sum(seconds) / 60:.1f} min"
                 + (f" ({len(seconds)} of {len(done)} tasks)" if len(seconds) < len(done) else "")
                 if seconds else "not recorded in the files")
        print(f"| bound {bound} | {len(done):,} of {tasks:,} | "
              f"{sum(r.get('classes', 0) for r in done):,} | "
              f"{sum(len(r.get('found', [])) for r in done):,} | {times} |")


def main() -> None:
    """Time every way and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (best is shown)")
    parser.add_argument("--tasks", type=int, default=8, help="6x6 tasks on processes and Dask")
    parser.add_argument("--cells-up-to", type=int, default=6, help="6x6 sets of cells up to k")
    parser.add_argument("--eight", type=Path, metavar="WORKDIR",
                        help="report the 8x8 task files an 8x8 run wrote in WORKDIR")
    args = parser.parse_args()
    rows = []
    reference = {n: with_numpy(n) for n in (4, 6)}
    ways: list[tuple[str, int, Callable[[], Any], int]] = [
        ("hitting sets, numpy", 4, lambda: with_numpy(4), args.repeat),
        ("hitting sets, standard library", 4, lambda: standard_library(4), args.repeat),
        ("sets of cells, numpy (to the minimum)", 4,
         lambda: cell_sets.fewest_by_cell_sets(4), args.repeat),
        ("sets of cells, standard library (to the minimum)", 4,
         lambda: cell_sets.fewest_by_cell_sets(4, use_numpy=False), args.repeat),
        ("hitting sets, numpy", 6, lambda: with_numpy(6), args.repeat),
        ("hitting sets, standard library", 6, lambda: standard_library(6), args.repeat),
        ("sets of cells, numpy (to the minimum, 5)", 6,
         lambda: cell_sets.fewest_by_cell_sets(6), args.repeat),
        (f"sets of cells, numpy (to {args.cells_up_to} cells)", 6,
         lambda: cell_sets.fewest_by_cell_sets(6, args.cells_up_to), 1),
        (f"{args.tasks} tasks on 2 processes", 6, lambda: tasks_on(6, args.tasks, None), 1),
        (f"{args.tasks} tasks on a Dask local cluster, 2 workers", 6,
         lambda: tasks_on(6, args.tasks, "local"), 1),
    ]
    for name, n, run, repeat in ways:
        try:
            seconds, answer = timed(run, repeat)
        except PuzzleError as error:  # Dask not installed
            rows.append((f"{n}x{n}", name, "—", str(error)))
            continue
        check(name, answer, reference[n])
        found = (f"{answer['clues']} clues, {len(answer['classes_at_minimum'])} classes; "
                 f"classes with at most k: {answer['by_clues']}"
                 if "classes_at_minimum" in answer else
                 f"{answer['clues']} clues, {answer['grids_at_minimum']} classes")
        rows.append((f"{n}x{n}", name, f"{seconds:.3f} s" if seconds < 1 else f"{seconds:.2f} s",
                     found))
        print(f"  {n}x{n} {name}: {seconds:.2f} s", file=sys.stderr)
    print("| size | method | wall time | found |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    if args.eight:
        eight(args.eight)


if __name__ == "__main__":
    main()
