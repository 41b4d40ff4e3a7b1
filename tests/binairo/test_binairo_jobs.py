"""The binary puzzle's long jobs pause inside their long steps, and pausing changes
nothing: the generator, clue removal, rating, solving and hints yield whenever a
report is due (puzzlelab.jobs.due), so the page can cancel within a report's
time, and the answers are the ones a run without pauses gives."""

from __future__ import annotations

import random

import pytest

from job_gaps import longest_gap
from puzzlelab import api, binairo, jobs
from puzzlelab.binairo import Grid
from puzzlelab.jobs import Progress, finish

#: The longest time between two reports the tests accept (natively); the jobs
#: aim at a report every jobs.REPORT_SECONDS (0.1 s), as test_pegs_bounds does.
LONGEST_GAP = 0.5


def _hard16() -> str:
    return api.handle({"cmd": "binairo.new", "rows": 16, "difficulty": "hard",
                       "seed": 7})["result"]["game"]


@pytest.mark.parametrize("request_", [
    # A whole generation attempt (a random solution, two clue-removal passes and a
    # rating) ran without a report: 0.5 s natively, over a second in the page.
    {"cmd": "binairo.new", "rows": 16, "difficulty": "hard", "seed": 3},
    {"cmd": "binairo.new", "rows": 16, "difficulty": "medium", "seed": 3},
    {"cmd": "binairo.new", "rows": 14, "difficulty": "hard", "seed": 1},
    # The empty 10x10 count: the plan's probes, then the halves and the join.
    {"cmd": "binairo.count", "game": "10x10:zzzv"},
], ids=["new-16-hard", "new-16-medium", "new-14-hard", "count-10-empty"])
def test_long_binairo_jobs_report_progress_often(request_):
    gap, answer, reports = longest_gap(request_, run_for=3.0)
    assert answer is None or answer["ok"], answer
    assert gap < LONGEST_GAP, (gap, reports)


@pytest.mark.parametrize("cmd", ["binairo.solve", "binairo.hint", "binairo.minimize"])
def test_jobs_on_a_16x16_puzzle_report_progress_often(cmd):
    request = {"cmd": cmd, "game": _hard16()}
    if cmd == "binairo.minimize":
        # From the full solution: every clue's uniqueness test is a search.
        solved = api.handle({"cmd": "binairo.solve", "game": request["game"]})
        request["game"] = solved["result"]["solved_game"]
    gap, answer, reports = longest_gap(request, run_for=3.0)
    assert answer is None or answer["ok"], answer
    assert gap < LONGEST_GAP, (gap, reports)


@pytest.fixture
def pause_everywhere(monkeypatch):
    """Every look at the clock finds a report due: each unit of work pauses."""
    monkeypatch.setattr(jobs, "REPORT_SECONDS", 0.0)


def _run(steps) -> tuple[object, int, int]:
    """Drive ``steps``: its value, the pauses (None) and the reports it yielded."""
    pauses = reports = 0
    while True:
        try:
            step = next(steps)
        except StopIteration as stop:
            return stop.value, pauses, reports
        if step is None:
            pauses += 1
        else:
            assert isinstance(step, Progress)
            reports += 1


@pytest.mark.parametrize("side", [6, 8, 10])
@pytest.mark.parametrize("difficulty", binairo.DIFFICULTIES)
def test_pausing_at_every_unit_changes_no_generated_puzzle(pause_everywhere, side, difficulty):
    for seed in range(3):
        paused, pauses, reports = _run(binairo.generate_steps(side, side, difficulty, seed))
        jobs.REPORT_SECONDS = 1e9  # no pauses at all (the fixture restores it)
        plain, none, _ = _run(binairo.generate_steps(side, side, difficulty, seed))
        jobs.REPORT_SECONDS = 0.0
        assert paused == plain
        # A pause inside every attempt's search and clue removal, not only between attempts.
        assert none == 0 and pauses > reports


def test_pausing_changes_no_search_rating_or_hint(pause_everywhere):
    rng = random.Random(4)
    for _ in range(6):
        side = rng.choice([6, 8, 10, 12])
        puzzle = finish(binairo.generate_steps(side, side, rng.choice(binairo.DIFFICULTIES),
                                               rng.randrange(1000)))[0]
        # Two solutions at most, as the page asks; a puzzle with a clue removed may have more.
        ones, zeros = list(puzzle.ones), list(puzzle.zeros)
        r = rng.randrange(side)
        ones[r] = zeros[r] = 0
        loose = Grid.from_masks(side, side, ones, zeros)
        for grid in (puzzle, loose):
            found, pauses, _ = _run(binairo.solutions_steps(grid, 2))
            jobs.REPORT_SECONDS = 1e9
            assert found == binairo.solutions(grid, 2)
            expected_rating = binairo.rate(puzzle)
            expected_hint = binairo.next_deduction(grid.ones, grid.zeros, side, side)
            jobs.REPORT_SECONDS = 0.0
            assert pauses > 0
            assert _run(binairo.rate_steps(puzzle))[0] == expected_rating
            hint = _run(binairo.next_deduction_steps(grid.ones, grid.zeros, side, side))[0]
            assert hint == expected_hint


def test_a_pause_repeats_the_jobs_last_report():
    """api.Job answers a pause (None) with the job's last report, or an empty one
    before the first: the page's line stays as it was."""
    def paused(request):
        yield None
        yield Progress(2, 5, "Working")
        yield None
        yield None
        return {"done": True}

    api.command("test.paused")(paused)
    try:
        job = api.start({"cmd": "test.paused"})
        steps = [job.step() for _ in range(5)]
    finally:
        del api.COMMANDS["test.paused"]
    progress = [(s["done"], s["total"], s["message"]) for s in steps[:4]]
    assert progress == [(0, 0, ""), (2, 5, "Working"), (2, 5, "Working"), (2, 5, "Working")]
    assert steps[4] == {"type": "result", "ok": True, "result": {"done": True}}


def test_a_generation_cancelled_at_any_report_ends_cancelled():
    """Cancel after any number of reports: the job answers "Cancelled." and no puzzle."""
    for stop_after in (0, 1, 3, 8):
        job = api.start({"cmd": "binairo.new", "rows": 12, "difficulty": "hard", "seed": 2})
        for _ in range(stop_after):
            if job.step()["type"] == "result":
                break
        else:
            job.cancel()
            assert job.step() == {"type": "result", "ok": False, "error": "Cancelled."}
