"""Every field of a fewest-clues answer says what really ran.

Each task records, as it runs, the process it ran in; each case then checks
the answer's fields against that record: the engine names this process when
no pool was started, the number of worker processes really started (one a
task at most), Dask with the workers that returned tasks; tasks, ran and
resumed tasks add up; the seconds are no more than the call took; the
projection is a number where one was made (none for Dask, whose machines
are not known up front).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from puzzlelab.binairo import fewest_clues, fewest_clues_native
from puzzlelab.jobs import finish

#: Where the running tasks note their process (a folder: worker processes too).
RECORD = "PUZZLELAB_TEST_TASK_PIDS"
REAL_RUN_TASK = fewest_clues.run_task


def noting_run_task(n: int, bound: int, task: int, tasks: int) -> dict:
    """``run_task``, noting the process it runs in (module level: a pool pickles it)."""
    (Path(os.environ[RECORD]) / f"{task}-{os.getpid()}").touch()
    return REAL_RUN_TASK(n, bound, task, tasks)


def _pids(folder: Path) -> set[int]:
    return {int(p.name.split("-")[1]) for p in folder.iterdir()}


#: (size, tasks it is cut into, workers asked for, processes that must run them)
CASES = [
    (4, 1, 4, 0),  # one task: this process, whatever the workers asked for
    (6, 1, 4, 0),  # the case: 6x6 --workers 4 is one task
    (4, 3, 1, 0),  # one worker: this process
    (4, 3, 2, 2),
    (4, 3, 8, 3),  # no more processes than tasks
]


@pytest.mark.parametrize("n, tasks, workers, processes", CASES)
def test_the_engine_and_counts_say_what_ran(monkeypatch, tmp_path, n, tasks, workers,
                                            processes):
    monkeypatch.setitem(fewest_clues.TASKS, n, tasks)
    monkeypatch.setenv(RECORD, str(tmp_path / "pids"))
    (tmp_path / "pids").mkdir()
    monkeypatch.setattr(fewest_clues, "run_task", noting_run_task)
    work = tmp_path / "work"
    began = time.perf_counter()
    answer = finish(fewest_clues_native.run_steps(n, None, str(work), workers, None))
    took = time.perf_counter() - began
    ran = _pids(tmp_path / "pids")
    listed = fewest_clues.engine_name(fewest_clues.load(n))
    if processes == 0:
        assert ran == {os.getpid()}
        assert answer["engine"] == f"this process, {listed}"
    else:
        assert os.getpid() not in ran and 1 <= len(ran) <= processes
        assert answer["engine"] == f"{processes} worker processes, {listed}"
    assert answer["tasks"] == tasks and answer["ran_tasks"] == tasks
    assert answer["resumed_tasks"] == 0 and answer["ignored_files"] == []
    assert 0 <= answer["seconds"] <= took + 0.01
    assert isinstance(answer["estimated_seconds"], float) and answer["estimated_seconds"] >= 0
    # Run again: every task read back, none run, and the answer says so.
    for path in (tmp_path / "pids").iterdir():
        path.unlink()
    again = finish(fewest_clues_native.run_steps(n, None, str(work), workers, None))
    assert not _pids(tmp_path / "pids")
    assert again["engine"] == f"no task run (every one read back from the work folder), {listed}"
    assert again["ran_tasks"] == 0 and again["resumed_tasks"] == tasks
    assert again["estimated_seconds"] == 0.0


def test_a_dask_answer_names_the_workers_that_ran_tasks(monkeypatch):
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    monkeypatch.setitem(fewest_clues.TASKS, 4, 4)
    answer = finish(fewest_clues_native.run_steps(4, None, None, 2, "local"))
    found = re.fullmatch(r"Dask, a local cluster of 2 processes; (\d) workers? ran tasks, (.*)",
                         answer["engine"])
    assert found and 1 <= int(found[1]) <= 2, answer["engine"]
    assert answer["estimated_seconds"] is None and answer["ran_tasks"] == 4
