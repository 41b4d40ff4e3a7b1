"""The fewest-clues search's tasks run natively: in parallel, and resumable.

Each task (:func:`puzzlelab.binairo.fewest_clues.run_task`) is independent,
so they run on worker processes of the standard library's
``multiprocessing`` or, past one machine, on Dask (an optional
dependency: ``pip install "dask[distributed]"``; a local cluster by default,
or the scheduler at an address). Nothing here schedules: the executor does.

With a work folder every finished task is written there as a JSON file the
moment it comes back; a run that was interrupted (Ctrl-C, a lost machine)
starts again from the tasks still missing. A file whose size, bound or task
count differ from the run's is ignored, never mixed in.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from puzzlelab import folders
from puzzlelab.binairo import fewest_clues
from puzzlelab.binairo.count_progress import duration
from puzzlelab.jobs import Progress, Steps
from puzzlelab.notation import PuzzleError

#: How long to wait for a Dask scheduler to answer before saying it did not.
DASK_CONNECT_SECONDS = 10


def task_file(folder: Path, n: int, bound: int, task: int, tasks: int) -> Path:
    """Where task ``task`` of a run writes its result."""
    return folder / f"fewest-{n}x{n}-bound{bound}-task{task:04d}-of{tasks:04d}.json"


def read_done(folder: Path | None, n: int, bound: int, tasks: int) -> dict[int, dict[str, Any]]:
    """The tasks of this run already written in ``folder``, by task number."""
    done: dict[int, dict[str, Any]] = {}
    if folder is None:
        return done
    for task in range(tasks):
        path = task_file(folder, n, bound, task, tasks)
        try:
            result = json.loads(path.read_text())
        except (OSError, ValueError):
            continue  # missing, or cut short by the interruption: run it again
        if (result.get("n"), result.get("bound"), result.get("task"),
                result.get("tasks")) == (n, bound, task, tasks):
            done[task] = result
    return done


def write_done(folder: Path, result: dict[str, Any]) -> None:
    """Write a finished task atomically (a file is whole or absent)."""
    path = task_file(folder, result["n"], result["bound"], result["task"], result["tasks"])
    part = path.with_suffix(".part")
    part.write_text(json.dumps(result) + "\n")
    os.replace(part, path)


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


def _dask_results(n: int, bound: int, todo: list[int], tasks: int, address: str,
                  workers: int) -> Iterator[dict[str, Any]]:
    """Run the tasks on Dask: the scheduler at ``address``, or a local cluster
    of ``workers`` processes when ``address`` is "local"."""
    if address != "local" and not re.fullmatch(r"([a-z]+://)?[\w.\-\[\]:]+:\d{1,5}", address):
        raise PuzzleError(f"--dask takes 'local' or a scheduler's HOST:PORT (as "
                          f"tcp://10.0.0.5:8786); got {address[:40]!r}.")
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError as error:
        raise PuzzleError('Dask is not installed: pip install "dask[distributed]".') from error
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
    try:
        client = Client(cluster if cluster is not None else address,
                        timeout=f"{DASK_CONNECT_SECONDS}s")
    except (OSError, ValueError, TypeError) as error:  # no scheduler there, or no address
        if cluster is not None:
            cluster.close()
        raise PuzzleError(f"No Dask scheduler answered at {address[:80]!r} ({error}); give "
                          "HOST:PORT of a running one, or 'local'.") from error
    try:
        jobs = [client.submit(fewest_clues.run_task, n, bound, t, tasks, pure=False) for t in todo]
        finished = as_completed(jobs)
        while True:
            batch = finished.next_batch(block=False)
            for future in batch:
                yield future.result()
            if finished.is_empty():
                break
            if not batch:
                time.sleep(0.2)
                yield {}
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


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
    work = Path(folder) if folder else None
    yield Progress(0, 0, f"Listing every valid {n}x{n} grid")
    grids = fewest_clues.load(n)
    if bound is None:
        bound = yield from fewest_clues.probe_steps(grids)
    tasks = fewest_clues.TASKS[n]
    done = read_done(work, n, bound, tasks)
    resumed = len(done)
    todo = [t for t in range(tasks) if t not in done]
    # The time left, projected from a sample; refused when over the limit on
    # this machine (a Dask scheduler's machines are not counted: no refusal).
    seconds = (yield from fewest_clues.estimate_steps(grids, bound)) * len(todo) / tasks
    why = None if dask else fewest_clues.time_refusal(n, bound, seconds, workers)
    if why:
        raise PuzzleError(why)
    if dask:
        results = _dask_results(n, bound, todo, tasks, dask, workers)
    elif workers > 1 and len(todo) > 1:
        results = _local_results(n, bound, todo, tasks, workers)
    else:
        results = (fewest_clues.run_task(n, bound, t, tasks) for t in todo)
    expected = f"; about {duration(seconds / workers)} in all" if seconds and not dask else ""
    yield Progress(len(done), tasks, f"{len(done)} of {tasks} tasks done{expected}")
    for result in results:
        if result:
            done[result["task"]] = result
            if work is not None:
                # Made with the first task kept: a refusal before leaves nothing behind.
                folders.make(work, "The work folder")
                write_done(work, result)
        yield Progress(len(done), tasks,
                       f"{len(done)} of {tasks} tasks done (bound {bound}){expected}")
    answer = fewest_clues.combine(grids, bound, [done[t] for t in range(tasks)])
    return {**answer, "tasks": tasks, "resumed_tasks": resumed,
            "estimated_seconds": round(seconds, 1),
            "engine": ("Dask " + ("local cluster" if dask == "local" else dask)) if dask
            else f"{workers} process{'es' if workers > 1 else ''}, "
                 + fewest_clues.engine_name(grids),
            "seconds": round(time.perf_counter() - started, 2)}
