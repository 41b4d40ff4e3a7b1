"""The fewest-clues search's tasks run natively: in parallel, and resumable.

Each task (:func:`puzzlelab.binairo.fewest_clues.run_task`) is independent,
so they run on worker processes of the standard library's
``multiprocessing`` or, past one machine, on Dask
(:mod:`puzzlelab.binairo.fewest_clues_dask`). Nothing here schedules: the
executor does. The answer says what really ran: the processes started (one
a task at most; none for a single task, which runs in this one), or the Dask
workers that returned tasks.

With a work folder every finished task is written there as a file the moment
it comes back; a run that was interrupted (Ctrl-C, a lost machine)
starts again from the tasks still missing. A file is read back only when it
names this very search and its content checks out
(:mod:`puzzlelab.binairo.fewest_tasks`); any other under a task's name is
said in one sentence and never used: its task runs again (and its result
then takes the file's place).
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from puzzlelab import folders
from puzzlelab.binairo import fewest_clues, fewest_clues_dask, fewest_tasks
from puzzlelab.binairo.count_progress import duration
from puzzlelab.jobs import Progress, Steps
from puzzlelab.notation import PuzzleError
from puzzlelab.records import RecordRejected


def read_done(folder: Path | None, grids: fewest_clues.Grids, bound: int,
              tasks: int) -> tuple[dict[int, dict[str, Any]], list[str]]:
    """The tasks of this run already in ``folder``, by task number, each
    checked (:mod:`puzzlelab.binairo.fewest_tasks`); and a sentence for each
    file under a task's name that could not be used (that task runs again)."""
    done: dict[int, dict[str, Any]] = {}
    ignored: list[str] = []
    if folder is None:
        return done, ignored
    for task in range(tasks):
        try:
            result = fewest_tasks.read_task(folder, grids, bound, task, tasks)
        except RecordRejected as why:
            ignored.append(f"Task {task + 1} of {tasks} runs again: {why.path} was not "
                           f"used, as {why.reason}.")
            continue
        if result is not None:
            done[task] = result
    return done, ignored


def _local_results(n: int, bound: int, todo: list[int], tasks: int,
                   workers: int) -> Iterator[dict[str, Any]]:
    """Run the tasks on ``workers`` processes; yield each result as it comes.

    A pool of the standard library's ``multiprocessing``: on an interruption
    (Ctrl-C, Cancel) it is terminated, so no worker finishes its task first.
    """
    # Forked workers share the parent's grid list (spawned ones list it again).
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool = context.Pool(min(workers, len(todo)), initializer=_leave_interrupts_to_the_parent)
    try:
        pending = [pool.apply_async(fewest_clues.run_task, (n, bound, t, tasks)) for t in todo]
        while pending:
            ready = [job for job in pending if job.ready()]
            pending = [job for job in pending if not job.ready()]
            for job in ready:
                yield job.get()
            if not ready:
                time.sleep(0.1)
                yield {}  # nothing yet: a chance to report and to be stopped
    finally:
        pool.terminate()
        pool.join()


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process): the
    parent stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_steps(n: int, bound: int | None, folder: str | None, workers: int,
              dask: str | None) -> Steps[dict[str, Any]]:
    """The whole search natively: the tasks on ``workers`` processes or on Dask
    (``dask``: "local" or a scheduler address), resumed from ``folder``."""
    if sys.platform == "emscripten":
        raise PuzzleError("Work folders, worker processes and Dask run natively only: "
                          "in the page the search runs in one worker.")
    np = fewest_clues.numpy_or_none()
    why = fewest_clues.refusal(n, np is not None)
    if why:
        raise PuzzleError(why)
    started = time.perf_counter()
    # (A Dask address is checked before any work; its cluster starts only for tasks to run.)
    cluster = fewest_clues_dask.DaskRun(dask) if dask else None
    work = Path(folder) if folder else None
    yield Progress(0, 0, f"Listing every valid {n}x{n} grid")
    grids = fewest_clues.load(n)
    if bound is None:
        bound = yield from fewest_clues.probe_steps(grids)
    tasks = fewest_clues.TASKS[n]
    done, ignored = read_done(work, grids, bound, tasks)
    for line in ignored:
        yield Progress(0, tasks, line)
    resumed = len(done)
    todo = [t for t in range(tasks) if t not in done]
    # What really runs: at most one process a task, this one for a single task.
    processes = min(workers, len(todo)) if not dask else 0
    # The time left, projected from a sample; refused when over the limit on
    # this machine (a Dask scheduler's machines are not counted: no refusal).
    seconds = ((yield from fewest_clues.estimate_steps(grids, bound)) * len(todo) / tasks
               if todo else 0.0)  # (nothing to time when every task is read back)
    why = None if dask else fewest_clues.time_refusal(n, bound, seconds, max(processes, 1))
    if why:
        raise PuzzleError(why)
    if cluster is not None:
        results = cluster.results(n, bound, todo, tasks, max(1, min(workers, len(todo)))
                                  ) if todo else iter(())
    elif processes > 1:
        results = _local_results(n, bound, todo, tasks, processes)
    else:
        results = (fewest_clues.run_task(n, bound, t, tasks) for t in todo)
    projected = None if dask else seconds / max(processes, 1)
    expected = f"; about {duration(projected)} in all" if projected and todo else ""
    yield Progress(len(done), tasks, f"{len(done)} of {tasks} tasks done{expected}")
    try:
        for result in results:
            if result:
                done[result["task"]] = result
                if work is not None:
                    _keep(work, grids, result)
            yield Progress(len(done), tasks,
                           f"{len(done)} of {tasks} tasks done (bound {bound}){expected}")
    except fewest_clues_dask.ClusterFailed as failure:
        kept = (f"{len(done)} of {tasks} tasks had finished and are kept in {work}: run the "
                "same command again to resume" if work is not None else
                f"{len(done)} of {tasks} tasks had finished (give --work DIR to keep them)")
        raise PuzzleError(f"The run stopped: {failure}; {kept}.") from failure
    answer = fewest_clues.combine(grids, bound, [done[t] for t in range(tasks)])
    return {**answer, "tasks": tasks, "resumed_tasks": resumed, "ran_tasks": len(todo),
            "ignored_files": ignored,
            "estimated_seconds": None if projected is None else round(projected, 1),
            "engine": engine(grids, cluster, processes, len(todo)),
            "seconds": round(time.perf_counter() - started, 2)}


def _keep(work: Path, grids: fewest_clues.Grids, result: dict[str, Any]) -> None:
    """Write a finished task to the work folder, or stop the run in one sentence
    (the tasks written before stay; a rerun resumes from them)."""
    # Made with the first task kept: a run refused before leaves nothing behind.
    folders.make(work, "The work folder")
    try:
        fewest_tasks.write_task(work, grids, result)
    except OSError as error:
        path = fewest_tasks.task_file(work, grids.n, result["bound"], result["task"],
                                      result["tasks"])
        raise PuzzleError(f"Task {result['task'] + 1} of {result['tasks']} could not be kept "
                          f"as {path} ({error.strerror or error}): make room for it there, or "
                          "give another --work folder, and run the same command again.") from error


def engine(grids: fewest_clues.Grids, cluster: fewest_clues_dask.DaskRun | None,
           processes: int, ran: int) -> str:
    """What ran the tasks, as it was: Dask and the workers that ran tasks,
    the worker processes started, this process, or nothing (all resumed)."""
    listed = fewest_clues.engine_name(grids)
    if not ran:
        return f"no task run (every one read back from the work folder), {listed}"
    if cluster is not None:
        return f"{cluster.describe()}, {listed}"
    if processes > 1:
        return f"{processes} worker processes, {listed}"
    return f"this process, {listed}"
