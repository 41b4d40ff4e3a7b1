"""The fewest-clues lower-bound search as a Dask job on a real cluster here.

A scheduler and three worker processes (`dask scheduler`, `dask worker`, the
cluster of tests/test_fewest_clues_dask_cluster.py) run the 6x6 search for 5
givens (118 tasks, some milliseconds each): a worker is killed mid-run and the
merged claim is still the one computed here in one process; the run's own
process is killed mid-run and a rerun resumes from the finished task files.
The 10x10 figures of docs/binairo.md come from the same code on bigger k.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="dask[distributed] is not installed")

from test_fewest_clues_dask_cluster import Cluster

from puzzlelab.binairo import fewest_lower, fewest_lower_run

ROOT = Path(__file__).resolve().parents[2]
N, K = 6, 5


@pytest.fixture(scope="module")
def truth() -> dict:
    """The claim from every task run here, one after another."""
    results = [fewest_lower.run_task(N, K, t) for t in range(len(fewest_lower.tasks(N)))]
    return fewest_lower.claim(N, K, results)


def _same(claim: dict, truth: dict) -> None:
    for key in ("none_unique", "unique", "tasks", "sets", "solved"):
        assert claim[key] == truth[key], key


def _wait_files(work: Path, count: int, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while len(list(work.glob("lower-*.jsonl"))) < count:
        assert time.monotonic() < deadline, "the tasks did not come back"
        time.sleep(0.05)


def test_a_worker_killed_mid_run_loses_nothing(tmp_path: Path, truth: dict) -> None:
    cluster = Cluster(tmp_path)
    try:
        workers = [cluster.worker() for _ in range(3)]
        cluster.wait_for_workers(3)
        work = tmp_path / "work"
        out: dict = {}
        run = threading.Thread(target=lambda: out.update(
            fewest_lower_run.run(N, K, work, cluster.address)))
        run.start()
        _wait_files(work, 10)
        os.killpg(workers[0].pid, signal.SIGKILL)
        run.join(timeout=300)
        assert not run.is_alive()
        assert out["ran"] == truth["tasks"] and out["resumed"] == 0
        _same(out["claim"], truth)
        # Every task's file is there and checked again on reading.
        assert fewest_lower_run.merge(work, N, K) == out["claim"]
    finally:
        cluster.stop()


def test_a_killed_run_resumes_from_its_finished_tasks(tmp_path: Path, truth: dict) -> None:
    cluster = Cluster(tmp_path)
    try:
        for _ in range(2):
            cluster.worker()
        cluster.wait_for_workers(2)
        work = tmp_path / "work"
        command = [sys.executable, str(ROOT / "tools" / "binairo_lower_bound.py"), str(N),
                   str(K), "--work", str(work), "--dask", cluster.address]
        env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
        first = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            _wait_files(work, 5)
        finally:
            os.killpg(first.pid, signal.SIGKILL)
            first.wait(timeout=30)
        kept = len(list(work.glob("lower-*.jsonl")))
        assert 5 <= kept < truth["tasks"]
        # A file cut short by the kill (or edited) is not kept: it runs again.
        victim = sorted(work.glob("lower-*.jsonl"))[0]
        victim.write_bytes(victim.read_bytes()[:-5])
        answer = fewest_lower_run.run(N, K, work, cluster.address)
        assert answer["resumed"] >= kept - 1 and answer["ran"] == truth["tasks"] - answer[
            "resumed"]
        _same(answer["claim"], truth)
    finally:
        cluster.stop()


def test_the_search_gives_the_known_fewest_clues() -> None:
    """4x4 needs 4 and 6x6 needs 5 (the full searches of tests/test_binairo_fewest_clues.py):
    no 3 (4) givens have one solution and some 4 (5) do, each one-solution set checked."""
    for n, fewest in ((4, 4), (6, 5)):
        below = [fewest_lower.run_task(n, fewest - 1, t) for t in range(len(fewest_lower.tasks(n)))]
        assert fewest_lower.claim(n, fewest - 1, below)["none_unique"]
        if n == 4:
            at = [fewest_lower.run_task(n, fewest, t) for t in range(len(fewest_lower.tasks(n)))]
            found = fewest_lower.claim(n, fewest, at)
            assert not found["none_unique"]
            for unique in found["unique"]:
                assert fewest_lower.solutions_of(n, [tuple(g) for g in unique]) == 1
