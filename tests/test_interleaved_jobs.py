"""Jobs whose steps interleave give the answers they give alone.

The web worker runs the steps of several jobs in one Python engine by turns
(a quick request between two steps of a long count). Python state a job
holds across a step and another job can touch (a shared peg solver's node
counter, memo tables, the report clock, a time budget) would then make the
answer depend on what else ran. Each test here drives jobs of every family
round-robin through ``api.start(request).step()``, as the worker does, and
compares each answer with the one the same job gives alone from the same
(cold) caches. Two identical peg verdicts with a node budget are among them:
with one node counter per shared solver, one search's positions were charged
to the other's budget too, and a verdict that alone proves the position dead
with 8,824 of its 10,000 positions came out "unknown" for both.
"""

from __future__ import annotations

import time

import pytest

from puzzle_homes import all_facts, facts
from puzzlelab import api, jobs
from puzzlelab.families import family_of

#: The longest wait between two reports a job may show (as each puzzle's job tests allow).
LONGEST_GAP = 0.5

#: Answer fields that measure time, not the answer.
TIMINGS = {"seconds", "peak_bytes"}


def _requests() -> list[dict]:
    """Jobs of every family (each puzzle's facts' INTERLEAVED_REQUESTS), each of
    a fraction of a second alone."""
    return [request for f in all_facts() for request in f.interleaved_requests()]


def _cold() -> None:
    """Forget every shared solver, table and plan: each run starts from the same state."""
    for f in all_facts():
        f.forget_caches()


def _answer(response: dict) -> dict:
    """A result without its timings."""
    assert response["type"] == "result" and response["ok"], response
    return {k: v for k, v in response["result"].items() if k not in TIMINGS}


def _winning_line(request: dict, answer: dict) -> dict:
    """The answer as its puzzle compares two (its facts' same_answer_form: any
    winning line of a solve is the right answer, whichever a shared memo steered to)."""
    return facts(family_of(request["cmd"])).same_answer_form(request, answer)


def _alone(requests: list[dict]) -> list[dict]:
    out = []
    for request in requests:
        _cold()
        out.append(_answer(api.handle(request) | {"type": "result"}))
    return out


def _round_robin(requests: list[dict]) -> tuple[list[dict], list[float]]:
    """Every job stepped by turns until all finish: the answers, and each job's
    longest step (the smaller of wall-clock and CPU time, as job_gaps measures)."""
    _cold()
    running = [api.start(request) for request in requests]
    answers: list[dict | None] = [None] * len(running)
    longest = [0.0] * len(running)
    while any(answer is None for answer in answers):
        for i, job in enumerate(running):
            if answers[i] is not None:
                continue
            began, began_cpu = time.perf_counter(), time.process_time()
            response = job.step()
            took = min(time.perf_counter() - began, time.process_time() - began_cpu)
            longest[i] = max(longest[i], took)
            if response["type"] == "result":
                answers[i] = _answer(response)
    return answers, longest  # type: ignore[return-value]


@pytest.fixture(scope="module")
def alone() -> list[dict]:
    """Each job's answer alone, from cold caches: the same for every test here
    (each run starts by forgetting every cache), so it is worked out once."""
    return _alone(_requests())


def test_jobs_paused_at_every_look_at_the_clock_give_their_answers_alone(monkeypatch, alone):
    # REPORT_SECONDS 0: every look at the clock ends the step, so the jobs
    # interleave as finely as they can, the same way on every run.
    requests = _requests()
    expected = alone
    monkeypatch.setattr(jobs, "REPORT_SECONDS", 0.0)
    answers, _ = _round_robin(requests)
    for request, answer, alone in zip(requests, answers, expected, strict=True):
        assert _winning_line(request, answer) == _winning_line(request, alone), request["cmd"]


def test_interleaved_jobs_keep_their_answers_and_their_report_periods(alone):
    requests = _requests()
    expected = alone
    answers, longest = _round_robin(requests)
    for request, answer, alone, took in zip(requests, answers, expected, longest, strict=True):
        assert _winning_line(request, answer) == _winning_line(request, alone), request["cmd"]
        assert took < LONGEST_GAP, (request["cmd"], took)


class _FakeClock:
    """A monotonic clock the test moves by hand (no timed assertions)."""

    def __init__(self, monkeypatch) -> None:
        self.now = 1000.0
        monkeypatch.setattr(jobs.time, "monotonic", lambda: self.now)


def test_a_jobs_report_clock_starts_with_each_of_its_steps(monkeypatch):
    """Another job's step (or a long wait) before this one's does not make its
    first look at the clock due at once; a period of its own step does."""
    clock = _FakeClock(monkeypatch)
    seen: list[bool] = []

    def looks(request):
        seen.append(jobs.due())
        clock.now += jobs.REPORT_SECONDS  # a period of work
        seen.append(jobs.due())
        yield None
        seen.append(jobs.due())
        return {}

    api.command("test.looks")(looks)
    try:
        job = api.start({"cmd": "test.looks"})
        clock.now += 5  # as if other jobs ran first
        job.step()
        clock.now += 5
        job.step()
    finally:
        del api.COMMANDS["test.looks"]
    assert seen == [False, True, False]


def test_finish_inside_a_step_gives_the_steps_clock_back(monkeypatch):
    """A computation run to its end inside a step swallows its own reports:
    they must not count as the step's, or the step's report comes a period late."""
    clock = _FakeClock(monkeypatch)
    period = jobs.REPORT_SECONDS

    def inner():
        clock.now += period
        assert jobs.due()  # its report falls due, and finish swallows it
        yield None
        return 1

    jobs.begin_step()
    clock.now += period / 2
    jobs.finish(inner())
    assert jobs.due()  # 1.5 periods into the step, half a period after the inner report


def test_the_work_clock_leaves_out_a_jobs_waits_between_steps(monkeypatch):
    clock = _FakeClock(monkeypatch)
    readings: list[float] = []

    def reads(request):
        readings.append(jobs.work_clock())
        clock.now += 1  # its own work
        yield None
        readings.append(jobs.work_clock())
        return {}

    api.command("test.reads")(reads)
    try:
        job = api.start({"cmd": "test.reads"})
        job.step()
        clock.now += 7  # other jobs' steps
        job.step()
    finally:
        del api.COMMANDS["test.reads"]
    assert readings[1] - readings[0] == 1
