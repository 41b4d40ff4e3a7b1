"""The lower-bound search's tasks run to the end: here, or on a Dask cluster, resumable.

Each task of :mod:`puzzlelab.binairo.fewest_lower` writes its result to the
work folder as a checked record (:mod:`puzzlelab.records`) the moment it comes
back, named by the search (``lower-10x10-k5-task0042-of0765.jsonl``); a rerun
with the same folder reads back the intact ones and runs only the others, so a
run killed at any point (a worker, the scheduler, this process) loses at most
the tasks under way. Results from any number of machines merge by copying
their files into one folder: :func:`merge` checks each and the claim needs
every task exactly once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import puzzlelab
from puzzlelab.binairo import fewest_lower
from puzzlelab.records import RecordRejected, read_record, write_record

KIND = "binairo fewest-clues lower-bound task"
FORMAT = 1
FIELDS = {"n": int, "k": int, "task": int, "tasks": int, "first": list, "sets": int,
          "solved": int, "unique": list, "cpu_seconds": (int, float)}


def task_file(folder: Path, n: int, k: int, task: int) -> Path:
    """Where task ``task`` of the search for ``k`` givens on ``n`` x ``n`` lands."""
    tasks = len(fewest_lower.tasks(n))
    return folder / f"lower-{n}x{n}-k{k}-task{task:04d}-of{tasks:04d}.jsonl"


def _params(n: int, k: int, task: int) -> dict[str, Any]:
    return {"n": n, "k": k, "task": task, "tasks": len(fewest_lower.tasks(n)),
            "first": list(fewest_lower.tasks(n)[task]), "program": puzzlelab.__version__}


def read_task(folder: Path, n: int, k: int, task: int) -> dict[str, Any] | None:
    """A task's intact result from the folder, or None (absent, or not this task's,
    cut short, edited: then it runs again)."""
    path = task_file(folder, n, k, task)
    if not path.exists():
        return None
    try:
        value = read_record(path, KIND, FORMAT, _params(n, k, task))
    except RecordRejected:
        return None
    if not isinstance(value, dict) or set(value) != set(FIELDS) or not all(
            isinstance(value[key], kind) for key, kind in FIELDS.items()):
        return None
    if (value["n"], value["k"], value["task"]) != (n, k, task):
        return None
    for unique in value["unique"]:
        # A claimed one-solution set is solved again before it is believed.
        if fewest_lower.solutions_of(n, [tuple(g) for g in unique]) != 1:
            return None
    return value


def write_task(folder: Path, result: dict[str, Any]) -> None:
    """Keep a finished task (atomically: the file is whole or absent)."""
    n, k, task = result["n"], result["k"], result["task"]
    write_record(task_file(folder, n, k, task), KIND, FORMAT, _params(n, k, task), result)


def _local(n: int, k: int, todo: list[int]) -> Iterator[dict[str, Any]]:
    for task in todo:
        yield fewest_lower.run_task(n, k, task)


def _dask(address: str, n: int, k: int, todo: list[int]) -> Iterator[dict[str, Any]]:
    """Each task on the Dask scheduler at ``address``, results as they come back.
    Dask runs a task lost with its worker again on another."""
    from dask.distributed import Client, as_completed

    with Client(address, timeout=10) as client:
        pending = as_completed([client.submit(fewest_lower.run_task, n, k, task, pure=False,
                                              key=f"lower-{n}-{k}-{task}") for task in todo])
        for future in pending:
            result = future.result()
            # Forget it on the cluster: a worker lost later would otherwise have
            # its kept results computed again (seen in a run: a finished task redone).
            future.release()
            yield result


def run(n: int, k: int, folder: Path, address: str | None = None,
        tasks: list[int] | None = None,
        report: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run every task missing from ``folder`` (or only ``tasks``), here or on the
    scheduler at ``address``; returns what was run and, when the folder then
    holds every task, the claim."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = range(len(fewest_lower.tasks(n))) if tasks is None else tasks
    todo = [t for t in wanted if read_task(folder, n, k, t) is None]
    began = time.monotonic()
    source = _local(n, k, todo) if address is None else _dask(address, n, k, todo)
    done = 0
    for result in source:
        write_task(folder, result)
        done += 1
        if report is not None:
            report(f"{done}/{len(todo)} tasks, task {result['task']} {result['sets']:,} sets "
                   f"in {result['cpu_seconds']} s")
    answer: dict[str, Any] = {"ran": done, "resumed": len(wanted) - len(todo),
                              "seconds": round(time.monotonic() - began, 1)}
    merged = merge(folder, n, k)
    if merged is not None:
        answer["claim"] = merged
    return answer


def merge(folder: Path, n: int, k: int) -> dict[str, Any] | None:
    """The claim from a folder holding every task's intact file, else None."""
    results = []
    for task in range(len(fewest_lower.tasks(n))):
        result = read_task(folder, n, k, task)
        if result is None:
            return None
        results.append(result)
    return fewest_lower.claim(n, k, results)
