"""How often a long job reports: the helper of the "Cancel within a second" tests.

The web worker can cancel a job only between two of its reports, so every
long command's longest wait between reports is measured on a representative
input (tests/test_*_jobs, *_bounds and *_count).
"""

from __future__ import annotations

import math
import time

from puzzlelab import api


def longest_gap(request: dict, run_for: float = math.inf) -> tuple[float, dict | None, int]:
    """Drive ``request``'s job: the longest wait between two of its answers (its
    start, its reports and its result), its result (None when it was still
    running after ``run_for`` seconds and was cancelled) and the reports seen.

    A wait is the smaller of the wall-clock time and the process's CPU time:
    on an idle machine the first; on one shared with other jobs (where the
    wall clock also counts the time others had the cores) the work done, which
    is what the code controls (numpy's threads only make the CPU time larger).
    ``run_for`` is measured the same way.
    """
    job = api.start(request)
    began = last = time.perf_counter()
    began_cpu = last_cpu = time.process_time()
    gap, reports = 0.0, 0
    while True:
        answer = job.step()
        now, cpu = time.perf_counter(), time.process_time()
        gap = max(gap, min(now - last, cpu - last_cpu))
        last, last_cpu = now, cpu
        if answer["type"] == "result":
            return gap, answer, reports
        reports += 1
        if min(now - began, cpu - began_cpu) > run_for:
            job.cancel()
            assert job.step()["error"] == "Cancelled."
            return gap, None, reports
