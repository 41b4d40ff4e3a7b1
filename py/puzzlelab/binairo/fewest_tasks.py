"""A fewest-clues task's result as a file: written, read back, and checked.

A native run (:mod:`puzzlelab.binairo.fewest_clues_native`) keeps each
finished task in its work folder so that an interrupted run resumes. What it
reads back there may be anything: another search's file, an older version's,
one cut short, one a person wrote. So a task file is a checked record
(:mod:`puzzlelab.records`) naming the exact search (size, bound, task,
tasks, the number of classes, the format and program version) with a digest
of its content, and what it claims is verified again before use:

* its shape: the keys and types the search writes, the task's own numbers;
* each class it lists is a class of that task (a representative of its
  slice, in order, none twice), and its givens are cells of the grid, at most
  the bound;
* each such puzzle has exactly one solution, its grid, by the line solver
  (:mod:`puzzlelab.binairo.solver`, not the hitting sets that found it), and
  no clue of it can be dropped (else it was not the class's fewest).

A file that fails any of these is not used: the task runs again, and the
reason is given in one sentence. What the checks cannot see is a class left
out by a writer that knew the digest; the digest and the program version make
that a deliberate act, not an accident.
"""

from __future__ import annotations

from bisect import bisect_left
from pathlib import Path
from typing import Any

import puzzlelab
from puzzlelab.binairo import fewest_clues, solver
from puzzlelab.binairo.sparse_deals import puzzle_of
from puzzlelab.records import RecordRejected, read_record, write_record

#: The record kind of a task file.
KIND = "binairo fewest-clues task"
#: The task file format (raise it when the search or the file changes).
FORMAT = 2
#: The keys of a task's result and their types.
FIELDS = {"n": int, "bound": int, "task": int, "tasks": int, "classes": int,
          "found": list, "cpu_seconds": (int, float)}


def task_file(folder: Path, n: int, bound: int, task: int, tasks: int) -> Path:
    """Where task ``task`` of a run writes its result."""
    return folder / f"fewest-{n}x{n}-bound{bound}-task{task:04d}-of{tasks:04d}.jsonl"


def task_params(grids: fewest_clues.Grids, bound: int, task: int, tasks: int) -> dict[str, Any]:
    """What a task file must name to be this task's."""
    return {"n": grids.n, "bound": bound, "task": task, "tasks": tasks,
            "classes": len(grids.reps), "program": puzzlelab.__version__}


def write_task(folder: Path, grids: fewest_clues.Grids, result: dict[str, Any]) -> None:
    """Write a finished task (atomically: a file is whole or absent)."""
    bound, task, tasks = result["bound"], result["task"], result["tasks"]
    write_record(task_file(folder, grids.n, bound, task, tasks), KIND, FORMAT,
                 task_params(grids, bound, task, tasks), result)


def read_task(folder: Path, grids: fewest_clues.Grids, bound: int, task: int,
              tasks: int) -> dict[str, Any] | None:
    """Task ``task``'s result from ``folder``, checked; None when there is no
    file. Raises :class:`~puzzlelab.records.RecordRejected` for a file that is
    there but cannot be used."""
    path = task_file(folder, grids.n, bound, task, tasks)
    if not path.exists() and not path.is_symlink():
        return None
    result = read_record(path, KIND, FORMAT, task_params(grids, bound, task, tasks))
    why = result_fault(grids, bound, task, tasks, result)
    if why:
        raise RecordRejected(path, why)
    return result


def result_fault(grids: fewest_clues.Grids, bound: int, task: int, tasks: int,
                 result: Any) -> str | None:
    """What is wrong with a task's result, as a clause, or None when it holds."""
    if not isinstance(result, dict) or set(result) != set(FIELDS):
        return "it does not hold a task's result"
    for key, kind in FIELDS.items():
        if not isinstance(result[key], kind) or isinstance(result[key], bool):
            return f"its {key!r} is not a {getattr(kind, '__name__', 'number')}"
    chosen = fewest_clues.task_slice(len(grids.reps), task, tasks)
    if (result["n"], result["bound"], result["task"], result["tasks"], result["classes"]) != (
            grids.n, bound, task, tasks, len(chosen)):
        return "its numbers are not this task's"
    return found_fault(grids, bound, chosen, result["found"])


def found_fault(grids: fewest_clues.Grids, bound: int, chosen: range,
                found: list[Any]) -> str | None:
    """What is wrong with a task's list of classes and givens, or None."""
    n = grids.n
    cells = (1 << (n * n)) - 1
    last = chosen.start - 1
    for entry in found:
        if (not isinstance(entry, list) or len(entry) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry)):
            return "a class it lists is not a pair of integers"
        rep, givens = entry
        at = bisect_left(grids.reps, rep, chosen.start, chosen.stop)
        if at == chosen.stop or grids.reps[at] != rep or at <= last:
            return f"it lists {rep:#x}, which is not a class of this task (or is listed twice)"
        last = at
        if givens < 0 or givens & ~cells or givens.bit_count() > bound:
            return f"the givens of class {rep:#x} are not at most {bound} cells of the grid"
        why = puzzle_fault(rep, givens, n)
        if why:
            return why
    return None


def puzzle_fault(grid: int, givens: int, n: int) -> str | None:
    """Why the givens ``givens`` of ``grid`` are not a puzzle with one solution,
    that grid, from which no clue can be dropped; None when they are."""
    rows = [grid >> (r * n) & ((1 << n) - 1) for r in range(n)]
    if solver.solutions(puzzle_of(grid, givens, n), 2) != [rows]:
        return f"its puzzle for class {grid:#x} does not have that grid as its one solution"
    for cell in range(n * n):
        if givens >> cell & 1 and len(solver.solutions(
                puzzle_of(grid, givens & ~(1 << cell), n), 2)) == 1:
            return (f"its puzzle for class {grid:#x} still has one solution without the "
                    f"clue at cell {cell}, so it is not the class's fewest")
    return None
