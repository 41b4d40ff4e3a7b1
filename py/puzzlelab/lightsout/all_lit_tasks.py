"""The all-lit proof split into independent, resumable tasks (docs/lightsout-79.md).

The first fold level's vectors (:func:`gf2_folded.fold_levels`) are split:
the first ``top`` of them choose a task (``2**top`` tasks), and each task
runs the folded branch and bound over its coset with the other vectors. A
task needs only ``(n, top, index, upper)`` and returns plain data, so it
runs in a :mod:`multiprocessing` pool here (:func:`run_tasks`) or as one
Dask task each (``client.map(run_task, ...)``) elsewhere. Each finished task
is a checked record file (:mod:`puzzlelab.records`) that a restart reads back
instead of running it again. The minimum is proven when every task is: the
least of their lightest members (a task with none at most ``upper`` adds
nothing).
"""

from __future__ import annotations

from functools import lru_cache
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from puzzlelab.jobs import finish
from puzzlelab.lightsout.all_lit import all_lit
from puzzlelab.lightsout.classic_chase import _solve_classic
from puzzlelab.lightsout.fewest import folding
from puzzlelab.lightsout.gf2_folded import fold_levels, folded_search
from puzzlelab.lightsout.variant import Variant
from puzzlelab.records import RecordRejected, read_record, write_record

RECORD = "lightsout-all-lit-task"
VERSION = 1


@lru_cache(maxsize=2)
def _parts(n: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The chase's solution, the first fold level's vectors and the deeper ones."""
    presses, quiet, _ = finish(_solve_classic(all_lit(n)))
    folds = folding(n, n, Variant())
    if folds is None or not quiet:
        raise ValueError(f"The {n}x{n} board has no folds or no quiet patterns to split.")
    levels = fold_levels(quiet, folds)
    return presses, tuple(levels[0]), tuple(v for level in levels[1:] for v in level)


def run_task(n: int, top: int, index: int, upper: int, budget: int) -> dict[str, Any]:
    """Task ``index`` of ``2**top``: the lightest member of weight at most
    ``upper`` in its coset, within ``budget`` (the folded search's units)."""
    presses, first, deeper = _parts(n)
    offset = presses
    for i in range(top):
        if index >> i & 1:
            offset ^= first[i]
    folds = folding(n, n, Variant())
    assert folds is not None
    best, proven, _ = finish(folded_search(offset, [*first[top:], *deeper], folds, upper, budget))
    return {"index": index, "proven": proven,
            "weight": None if best is None else best.bit_count(),
            "presses_hex": None if best is None else format(best, "x")}


def _params(n: int, top: int, index: int, upper: int) -> dict[str, int]:
    return {"n": n, "top": top, "index": index, "upper": upper}


def _run(args: tuple[int, int, int, int, int, str]) -> dict[str, Any]:
    n, top, index, upper, budget, folder = args
    result = run_task(n, top, index, upper, budget)
    if result["proven"]:  # an unfinished task is run again next time
        write_record(Path(folder) / f"task-{index}.json", RECORD, VERSION,
                     _params(n, top, index, upper), result)
    return result


def run_tasks(n: int, top: int, upper: int, budget: int, folder: Path,
              processes: int = 1) -> dict[str, Any]:
    """Every task not already recorded in ``folder``, on ``processes`` workers;
    ``{"weight": the least found (or None), "proven": all tasks proven,
    "done": tasks proven, "tasks": 2**top}``."""
    folder.mkdir(parents=True, exist_ok=True)
    results, todo = [], []
    for index in range(1 << top):
        try:
            results.append(read_record(folder / f"task-{index}.json", RECORD, VERSION,
                                       _params(n, top, index, upper)))
        except RecordRejected:
            todo.append((n, top, index, upper, budget, str(folder)))
    if processes > 1:
        with Pool(processes) as pool:
            results += pool.map(_run, todo)
    else:
        results += [_run(args) for args in todo]
    weights = [r["weight"] for r in results if r["weight"] is not None]
    done = sum(r["proven"] for r in results)
    return {"weight": min(weights, default=None), "proven": done == 1 << top,
            "done": done, "tasks": 1 << top}
