"""The fewest clues any n x n binary puzzle can have, with its proof.

For every class of valid grids under the 16 symmetries
(:mod:`puzzlelab.binairo.grid_classes`) the search finds the smallest set of
givens that leaves that grid the only solution (a minimum hitting set,
:mod:`puzzlelab.binairo.hitting_sets`); the fewest over all classes is the
answer and the classes that reach it are counted. Nothing is sampled: every
class is searched, so no puzzle of that size has fewer clues.

A *bound* keeps it quick: a class only needs its exact minimum when that is at
most the bound, and most classes are proved above it by their few smallest
difference sets alone. Any bound at or above the true answer gives the same
answer; on 8x8 it is the fewest found in a probe of a few hundred classes, so
it is a real puzzle's count. On 4x4 and 6x6 every class is solved exactly.

The classes are cut into *tasks* (a slice of the sorted representatives), each
independent of the others, so that they can run in parallel and resume
(:mod:`puzzlelab.binairo.fewest_clues_native`: processes or Dask). This
module is the engine both there and in the page.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzlelab import limits
from puzzlelab.binairo import grid_classes
from puzzlelab.binairo.count_progress import duration
from puzzlelab.binairo.hitting_sets import NumpyDifferences, PureDifferences, fewest_givens
from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.notation import PuzzleError

#: The sizes searched: larger ones are refused up front (see :func:`refusal`).
SIZES = (2, 4, 6, 8)
#: Difference sets of at most this many cells start each class's search.
SMALL_SETS = 8
#: Classes per task on 8x8 (2,027 tasks' worth of 128).
TASKS = {2: 1, 4: 1, 6: 1, 8: 128}
#: Classes probed for the 8x8 bound, evenly spread over the sorted list.
PROBE_CLASSES = 256
#: Classes timed, spread over the list, to project an 8x8 search's time.
ESTIMATE_CLASSES = 48
#: How long one search may take where it runs: natively 4 hours (as a count
#: may), in the page 10 minutes.
TIME_LIMIT = 600.0 if sys.platform == "emscripten" else 4 * 3600.0
#: Peak memory of an 8x8 search (1.67 GB resident, measured listing the grids), with room.
MEMORY_8 = 2 * 1024**3
#: Valid 10x10 grids (tests/binairo/test_binairo_count.py counts them), for the refusal.
GRIDS_10 = 48_183_195_384


def numpy_or_none() -> Any:
    """numpy when it can be imported, else None (the standard library path)."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def refusal(n: int, has_numpy: bool) -> str | None:
    """Why the search for ``n`` x ``n`` cannot run here, in one sentence, or None."""
    if n % 2 or n < 2:
        return f"Binary puzzles have even sides; {n} is not one."
    if n >= 10:
        classes = GRIDS_10 / 16
        years = classes * GRIDS_10 / 1e9 / 3600 / 24 / 365
        return (f"{n}x{n} is out of reach: 10x10 alone has {GRIDS_10:,} valid grids "
                f"(about {classes:.1e} classes), each to be told apart from all the others, "
                f"some {years:,.0f} CPU-years at a billion comparisons a second, and "
                f"{GRIDS_10 * 13 / 1e9:,.0f} GB just to hold the grids; "
                f"binairo minimize gives upper bounds.")
    if n == 8 and not has_numpy:
        return ("8x8 needs numpy (4,111,116 grids checked against each of 259,400 classes "
                "would take days in pure Python): pip install numpy, or try 6x6.")
    if n == 8 and limits.memory_limit() < MEMORY_8:
        return (f"8x8 needs about {limits.megabytes(MEMORY_8)} of memory (listing every grid "
                f"peaks there), more than the {limits.megabytes(limits.memory_limit())} "
                "this process may take.")
    return None


@dataclass(frozen=True)
class Grids:
    """The grids of one size and their classes, as the search wants them."""

    n: int
    grids: Any  # every valid grid (tuple of ints, or a numpy uint64 array)
    reps: Sequence[int]  # each class's representative, sorted
    sizes: Sequence[int]  # each class's number of grids
    numpy: bool

    def differences(self, grid: int) -> PureDifferences | NumpyDifferences:
        """The difference sets of ``grid`` against every other grid."""
        if self.numpy:
            return NumpyDifferences(self.grids, grid)
        return PureDifferences(self.grids, grid)


_LOADED: dict[tuple[int, bool], Grids] = {}


def load(n: int, use_numpy: bool | None = None) -> Grids:
    """Every grid of size ``n`` and its classes (kept for the process's next task)."""
    np = numpy_or_none() if use_numpy in (None, True) else None
    if use_numpy and np is None:
        raise PuzzleError("numpy is not installed: pip install numpy.")
    key = (n, np is not None)
    if key not in _LOADED:
        if np is not None:
            grids = grid_classes.grids_numpy(n)
            reps, sizes = grid_classes.classes_numpy(grids, n)
            _LOADED[key] = Grids(n, grids, [int(r) for r in reps], [int(s) for s in sizes], True)
        else:
            reps, sizes = grid_classes.classes_pure(n)
            _LOADED[key] = Grids(n, grid_classes.grids_pure(n), reps, sizes, False)
    return _LOADED[key]


def task_slice(count: int, task: int, tasks: int) -> range:
    """The classes (indices into the sorted representatives) of task ``task`` of ``tasks``."""
    return range(task * count // tasks, (task + 1) * count // tasks)


def task_steps(grids: Grids, bound: int, task: int, tasks: int) -> Steps[dict[str, Any]]:
    """Search one task's classes: each class whose fewest givens are at most
    ``bound`` is listed as ``[representative, givens]`` (both ints)."""
    chosen = task_slice(len(grids.reps), task, tasks)
    started = time.process_time()
    found: list[list[int]] = []
    for done, index in enumerate(chosen):
        if due():
            yield Progress(done, len(chosen), f"Task {task + 1} of {tasks}")
        rep = grids.reps[index]
        givens = fewest_givens(grids.differences(rep), bound, SMALL_SETS)
        if givens is not None:
            found.append([rep, givens])
    return {"n": grids.n, "bound": bound, "task": task, "tasks": tasks,
            "classes": len(chosen), "found": found,
            "cpu_seconds": round(time.process_time() - started, 2)}


def run_task(n: int, bound: int, task: int, tasks: int) -> dict[str, Any]:
    """:func:`task_steps` to its end, loading the grids first (for a process or a Dask worker)."""
    return finish(task_steps(load(n), bound, task, tasks))


def probe_steps(grids: Grids) -> Steps[int]:
    """A bound for the search: the fewest givens found in a probe of classes
    spread over the list (a real puzzle's count, so at least the answer)."""
    n = grids.n
    if n <= 6:
        return n * n  # small enough to solve every class exactly
    step = max(1, len(grids.reps) // PROBE_CLASSES)
    sample = grids.reps[::step]
    for limit in (n + 1, n + 4, n * n):
        best = None
        for done, rep in enumerate(sample):
            if due():
                yield Progress(done, len(sample), f"Probing for a bound (at most {limit} clues)")
            givens = fewest_givens(grids.differences(rep), best or limit, SMALL_SETS)
            if givens is not None:
                best = min(best or limit, givens.bit_count())
        if best is not None:
            return best
    raise AssertionError("every grid is its own puzzle: a bound always exists")


def estimate_steps(grids: Grids, bound: int) -> Steps[float]:
    """Seconds of one core to search every class at ``bound``, projected from
    :data:`ESTIMATE_CLASSES` classes spread over the list (all of them when
    there are fewer). A higher bound costs far more, so it is measured, not guessed."""
    count = len(grids.reps)
    step = max(1, count // ESTIMATE_CLASSES)
    sample = grids.reps[step // 2::step][:ESTIMATE_CLASSES]
    started = time.process_time()
    for done, rep in enumerate(sample):
        if due():
            yield Progress(done, len(sample), f"Timing {len(sample)} classes at bound {bound}")
        fewest_givens(grids.differences(rep), bound, SMALL_SETS)
    return (time.process_time() - started) / len(sample) * count


def time_refusal(n: int, bound: int, seconds: float, workers: int) -> str | None:
    """Why a search projected to take ``seconds`` of one core cannot run here, or None."""
    wall = seconds / workers
    if wall <= TIME_LIMIT:
        return None
    return (f"The {n}x{n} search at a bound of {bound} clues would take about "
            f"{duration(wall)} on {workers} worker{'s' if workers > 1 else ''} here, more "
            f"than the limit of {duration(TIME_LIMIT)}: lower the bound, or run it on "
            "more machines (--dask ADDRESS).")


def puzzle_text(grid: int, givens: int, n: int) -> str:
    """The puzzle as rows of 0, 1 and . joined by '/'."""
    rows = []
    for r in range(n):
        rows.append("".join(
            ("1" if grid >> (r * n + c) & 1 else "0") if givens >> (r * n + c) & 1 else "."
            for c in range(n)))
    return "/".join(rows)


def class_size(grid: int, n: int) -> int:
    """How many grids the class of ``grid`` holds (16 divided by its own symmetries)."""
    return len(set(grid_classes.images(grid, n)))


def combine(grids: Grids, bound: int, results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The answer from every task's result: the fewest clues, an example, the
    classes that reach it, and how many classes need each count up to the bound."""
    n = grids.n
    found = sorted((int(rep), int(givens)) for result in results for rep, givens in result["found"])
    if not found:
        raise PuzzleError(f"No {n}x{n} class has a puzzle of at most {bound} clues: "
                          "raise the bound.")
    fewest = min(givens.bit_count() for _, givens in found)
    at_minimum = [(rep, givens) for rep, givens in found if givens.bit_count() == fewest]
    by_clues: dict[str, int] = {}
    for _, givens in found:
        key = str(givens.bit_count())
        by_clues[key] = by_clues.get(key, 0) + 1
    rep, givens = at_minimum[0]
    return {
        "size": n,
        "clues": fewest,
        "puzzle": puzzle_text(rep, givens, n),
        "solution": puzzle_text(rep, (1 << (n * n)) - 1, n),
        "grids_at_minimum": len(at_minimum),
        "grids_at_minimum_all": sum(class_size(r, n) for r, _ in at_minimum),
        "classes": len(grids.reps),
        "grids": sum(grids.sizes),
        "bound": bound,
        "by_clues": dict(sorted(by_clues.items(), key=lambda kv: int(kv[0]))),
        "puzzles_at_minimum": [puzzle_text(r, g, n) for r, g in at_minimum[:50]],
    }


def fewest_clues_steps(n: int, bound: int | None = None) -> Steps[dict[str, Any]]:
    """The whole search in this process, task after task (the page, and small
    sizes natively), with progress over every class."""
    np = numpy_or_none()
    why = refusal(n, np is not None)
    if why:
        raise PuzzleError(why)
    yield Progress(0, 0, f"Listing every valid {n}x{n} grid")
    grids = load(n)
    if bound is None:
        bound = yield from probe_steps(grids)
    why = time_refusal(n, bound, (yield from estimate_steps(grids, bound)), 1)
    if why:
        raise PuzzleError(why)
    tasks = TASKS[n]
    results = []
    total = len(grids.reps)
    for task in range(tasks):
        first = task_slice(total, task, tasks).start
        inner = task_steps(grids, bound, task, tasks)
        while True:
            try:
                report = next(inner)
            except StopIteration as stop:
                results.append(stop.value)
                break
            done = first + (report.done if report else 0)
            yield Progress(done, total, f"Searched {done:,} of {total:,} classes of grids")
    return {**combine(grids, bound, results), "tasks": tasks, "engine": engine_name(grids)}


def engine_name(grids: Grids) -> str:
    """Which engine listed the grids and ran the differences."""
    platform = "Pyodide" if sys.platform == "emscripten" else "Python"
    return f"{platform}, {'numpy' if grids.numpy else 'standard library'}"
