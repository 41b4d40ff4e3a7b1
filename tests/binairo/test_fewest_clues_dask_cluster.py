"""The fewest-clues search on a real Dask cluster that fails under it.

A scheduler and workers are started here as processes (`dask scheduler`,
`dask worker`) on 127.0.0.1 with random ports, and killed mid-run: a dead
scheduler, a dead worker, a worker restarted by its nanny, every worker gone.
A dead scheduler or no worker left ends the run in one sentence that keeps
every finished task; a dead or restarted worker's task runs on another and
the answer is right; a rerun resumes from the work folder. The 6x6 search is
cut into more tasks here (the workers take the split from each task's
arguments) so that a run has a middle to be killed in.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="dask[distributed] is not installed")

from puzzlelab.binairo import fewest_clues, fewest_clues_dask, fewest_clues_native
from puzzlelab.jobs import Progress, finish
from puzzlelab.notation import PuzzleError

ROOT = Path(__file__).resolve().parents[2]
#: 6x6 cut into this many tasks: each some tens of milliseconds.
TASKS = 48
#: The longest any step of starting a cluster may take here.
START_SECONDS = 30


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONNOUSERSITE="1",
                DASK_DISTRIBUTED__WORKER__DAEMON="False")


class Cluster:
    """A scheduler and workers in their own processes, all stopped at the end."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.file = folder / f"scheduler-{time.monotonic_ns()}.json"
        self.processes: list[subprocess.Popen] = []
        self.scheduler = self._start("distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                     "--port", "0", "--no-dashboard",
                                     "--scheduler-file", str(self.file))
        deadline = time.monotonic() + START_SECONDS
        while not self.file.exists() or not self.file.read_text().strip():
            assert self.scheduler.poll() is None, "the scheduler did not start"
            assert time.monotonic() < deadline, "the scheduler did not start in time"
            time.sleep(0.1)
        self.address = json.loads(self.file.read_text())["address"]

    def _start(self, module: str, *args: str) -> subprocess.Popen:
        log = (self.folder / f"{module.rsplit('.', 1)[-1]}-{len(self.processes)}.log").open("w")
        process = subprocess.Popen([sys.executable, "-m", module, *args], cwd=self.folder,
                                   env=_env(), stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        self.processes.append(process)
        return process

    def worker(self, nanny: bool = False) -> subprocess.Popen:
        """Start one worker of one thread (under a nanny that restarts it, if asked)."""
        return self._start("distributed.cli.dask_worker", self.address, "--nthreads", "1",
                           "--no-dashboard", "--nanny" if nanny else "--no-nanny",
                           "--host", "127.0.0.1")

    def wait_for_workers(self, count: int) -> None:
        """Until the scheduler has ``count`` workers (bounded)."""
        from distributed import Client

        with Client(self.address, timeout="20s") as client:
            client.wait_for_workers(count, timeout=START_SECONDS)

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=START_SECONDS)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    made = Cluster(tmp_path)
    try:
        yield made
    finally:
        made.stop()


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(fewest_clues.TASKS, 6, TASKS)
    monkeypatch.setattr(fewest_clues_dask, "CONNECT_SECONDS", 3)
    monkeypatch.setattr(fewest_clues_dask, "NO_WORKER_SECONDS", 3)


@pytest.fixture(scope="module")
def truth() -> dict:
    return finish(fewest_clues.fewest_clues_steps(6))


def _files(work: Path) -> list[Path]:
    return sorted(work.glob("*.jsonl"))


def _run_until(steps, work: Path, tasks_written: int) -> None:
    """Drive a run until ``tasks_written`` task files are in ``work`` (bounded)."""
    deadline = time.monotonic() + 60
    while len(_files(work)) < tasks_written:
        assert time.monotonic() < deadline, "no task came back"
        report = next(steps)
        assert report is None or isinstance(report, Progress)


def _finish(steps) -> dict:
    """Drive a run to its end, bounded; its answer."""
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, "the run did not end"
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


KEYS = ("clues", "puzzle", "grids_at_minimum", "by_clues", "puzzles_at_minimum")


def _right(answer: dict, truth: dict) -> None:
    assert {k: answer[k] for k in KEYS} == {k: truth[k] for k in KEYS}
    assert answer["clues"] == 5


def test_a_dead_scheduler_is_one_sentence_and_a_rerun_resumes(cluster, tmp_path, truth):
    cluster.worker()
    cluster.wait_for_workers(1)
    work = tmp_path / "work"
    steps = fewest_clues_native.run_steps(6, None, str(work), 1, cluster.address)
    _run_until(steps, work, 1)
    cluster.scheduler.send_signal(signal.SIGKILL)
    cluster.scheduler.wait(timeout=START_SECONDS)
    began = time.monotonic()
    with pytest.raises(PuzzleError) as failure:
        _finish(steps)
    assert time.monotonic() - began < 30  # bounded: no wait for a scheduler that is gone
    message = str(failure.value)
    assert "\n" not in message and message.startswith("The run stopped: ")
    assert "scheduler" in message and "run the same command again to resume" in message
    kept = len(_files(work))
    assert 1 <= kept < TASKS and f"{kept} of {TASKS} tasks had finished and are kept" in message
    # A new cluster: the rerun reads back every kept task and runs the rest.
    again = Cluster(tmp_path)
    try:
        again.worker()
        again.wait_for_workers(1)
        answer = _finish(fewest_clues_native.run_steps(6, None, str(work), 1, again.address))
    finally:
        again.stop()
    assert answer["resumed_tasks"] == kept and answer["ran_tasks"] == TASKS - kept
    assert answer["ignored_files"] == [] and answer["tasks"] == TASKS
    assert answer["engine"].startswith(f"Dask, the scheduler at {again.address}; 1 worker ran")
    _right(answer, truth)


def test_a_scheduler_that_hangs_is_one_sentence(cluster, tmp_path):
    """A scheduler stopped (SIGSTOP) keeps its connections open but answers
    nothing: the run ends in one sentence once it has not answered for the
    bound, keeping its finished tasks."""
    cluster.worker()
    cluster.wait_for_workers(1)
    work = tmp_path / "work"
    steps = fewest_clues_native.run_steps(6, None, str(work), 1, cluster.address)
    _run_until(steps, work, 1)
    cluster.scheduler.send_signal(signal.SIGSTOP)
    began = time.monotonic()
    with pytest.raises(PuzzleError, match=r"^The run stopped: ") as failure:
        _finish(steps)
    assert time.monotonic() - began < 30 and "\n" not in str(failure.value)
    assert f"{len(_files(work))} of {TASKS} tasks had finished and are kept" in str(failure.value)


def _worker_pid_under(nanny: subprocess.Popen) -> int:
    """The worker process a nanny started (bounded)."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        children = Path(f"/proc/{nanny.pid}/task/{nanny.pid}/children")
        pids = children.read_text().split() if children.exists() else []
        if pids:
            return int(pids[-1])
        time.sleep(0.1)
    raise AssertionError("the nanny started no worker")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc (Linux)")
def test_dead_and_restarted_workers_leave_the_answer_right(cluster, tmp_path, truth):
    plain = cluster.worker()
    nanny = cluster.worker(nanny=True)
    cluster.wait_for_workers(2)
    work = tmp_path / "work"
    steps = fewest_clues_native.run_steps(6, None, str(work), 1, cluster.address)
    _run_until(steps, work, 1)
    plain.send_signal(signal.SIGKILL)  # a worker dies: its task runs on the other
    os.kill(_worker_pid_under(nanny), signal.SIGKILL)  # and that one restarts
    answer = _finish(steps)
    _right(answer, truth)
    assert answer["ran_tasks"] == TASKS and len(_files(work)) == TASKS
    # Every worker gone: one sentence after NO_WORKER_SECONDS, the tasks kept.
    os.killpg(nanny.pid, signal.SIGKILL)
    nanny.wait(timeout=START_SECONDS)
    fresh = tmp_path / "fresh"
    began = time.monotonic()
    with pytest.raises(PuzzleError, match=r"has had no worker for 3 s") as failure:
        _finish(fewest_clues_native.run_steps(6, None, str(fresh), 1, cluster.address))
    assert time.monotonic() - began < 30 and "\n" not in str(failure.value)
    cluster.worker()
    cluster.wait_for_workers(1)
    answer = _finish(fewest_clues_native.run_steps(6, None, str(fresh), 1, cluster.address))
    _right(answer, truth)


def test_the_command_line_says_a_lost_scheduler_in_one_line(cluster, tmp_path):
    """The real command: its tasks wait on a scheduler with no worker, which
    is then killed; one line on stderr (none of Dask's own logging), exit 2."""
    from distributed import Client

    work = tmp_path / "work"
    command = subprocess.Popen(
        [sys.executable, "-m", "puzzlelab", "binairo", "fewest-clues", "6", "--dask",
         cluster.address, "--work", str(work)],
        cwd=ROOT, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        with Client(cluster.address, timeout="20s") as client:
            deadline = time.monotonic() + 60
            while not client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
                assert time.monotonic() < deadline and command.poll() is None, "no task came"
                time.sleep(0.2)
        cluster.scheduler.send_signal(signal.SIGKILL)
        out, err = command.communicate(timeout=60)
    finally:
        if command.poll() is None:
            command.kill()
    assert command.returncode == 2 and out == "", (out, err)
    (line,) = err.splitlines()
    assert line.startswith("error: The run stopped: ") and "scheduler" in line
    assert f"0 of 1 tasks had finished and are kept in {work}" in line
