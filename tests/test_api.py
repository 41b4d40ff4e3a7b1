"""The request surface: envelopes, argument checks, jobs and running out of memory."""

from __future__ import annotations

import json

import pytest

from puzzle_homes import facts
from puzzlelab import __version__, api, families, limits
from puzzlelab.jobs import Progress
from puzzlelab.notation import PuzzleError


def ok(request: dict) -> dict:
    response = api.handle(request)
    assert response == {"ok": True, "result": response["result"]}, response
    return response["result"]


def error(request) -> str:
    response = api.handle(request)
    assert set(response) == {"ok", "error"} and response["ok"] is False, response
    message = response["error"]
    assert isinstance(message, str) and message and "\n" not in message
    return message


# --- envelopes ----------------------------------------------------------------


def test_ping_envelope():
    assert api.handle({"cmd": "ping"}) == {"ok": True, "result": {"version": __version__}}


def test_job_step_carries_the_type():
    job = api.start({"cmd": "ping"})
    assert not job.finished
    assert job.step() == {"type": "result", "ok": True, "result": {"version": __version__}}
    assert job.finished
    assert job.step()["ok"] is True  # stepping a finished job repeats its answer


@pytest.mark.parametrize("request_", [{}, {"cmd": 5}, {"cmd": None}, {"game": "1"}])
def test_missing_or_bad_command_name(request_):
    assert "Unknown command" in error(request_)


@pytest.mark.parametrize("request_", [[], "ping", 5, None])
def test_request_must_be_an_object(request_):
    assert "must be a JSON object" in error(request_)


@pytest.mark.parametrize("text", ["{", "not json", '{"cmd": "ping",}', ""])
def test_bad_json(text):
    job = api.start_json(text)
    assert job.finished
    answer = job.step()
    assert answer["type"] == "result" and answer["ok"] is False
    assert "not valid JSON" in answer["error"]


def test_json_that_is_not_an_object():
    answer = json.loads(api.start_json("[1, 2]").step_json())
    assert answer["ok"] is False and "JSON object" in answer["error"]


# --- argument checks ----------------------------------------------------------


# --- Lights Out commands ------------------------------------------------------


# --- jobs: progress and cancel --------------------------------------------------


@pytest.fixture
def counting_command():
    """A tiny generator command that counts to ``n`` with a progress report per step."""
    log: list[str] = []

    def count(request):
        n = request.get("n", 3)
        try:
            for i in range(n):
                if request.get("fail_at") == i:
                    raise PuzzleError(f"Stopped at {i}.")
                if request.get("crash_at") == i:
                    raise RuntimeError("boom")
                log.append(f"step {i}")
                yield api.Progress(i, n, "counting")
            return {"counted": n}
        finally:
            log.append("closed")

    name = "test.count"
    assert name not in api.COMMANDS
    api.command(name)(count)
    yield name, log
    del api.COMMANDS[name]


def test_job_reports_progress_then_result(counting_command):
    name, log = counting_command
    job = api.start({"cmd": name, "n": 3})
    reports = [job.step() for _ in range(3)]
    assert reports == [
        {"type": "progress", "done": i, "total": 3, "message": "counting"} for i in range(3)
    ]
    assert not job.finished
    assert job.step() == {"type": "result", "ok": True, "result": {"counted": 3}}
    assert job.finished
    assert log == ["step 0", "step 1", "step 2", "closed"]


def test_handle_runs_a_job_to_completion_with_progress(counting_command):
    name, _ = counting_command
    seen = []
    assert api.handle({"cmd": name, "n": 4}, seen.append) == {"ok": True, "result": {"counted": 4}}
    assert [report["done"] for report in seen] == [0, 1, 2, 3]
    assert all(report["type"] == "progress" for report in seen)


def test_cancel_closes_the_generator(counting_command):
    name, log = counting_command
    job = api.start({"cmd": name, "n": 100})
    job.step()
    job.step()
    job.cancel()
    assert job.finished
    assert log == ["step 0", "step 1", "closed"]  # the generator's cleanup ran
    answer = job.step()
    assert answer == {"type": "result", "ok": False, "error": "Cancelled."}
    assert log[-1] == "closed" and len(log) == 3  # no step ran after the cancel


def test_cancel_before_the_first_step(counting_command):
    name, log = counting_command
    job = api.start({"cmd": name, "n": 5})
    job.cancel()
    assert job.step()["error"] == "Cancelled."
    assert log == []


def test_puzzle_error_inside_a_job(counting_command):
    name, log = counting_command
    job = api.start({"cmd": name, "n": 5, "fail_at": 2})
    assert job.step()["type"] == job.step()["type"] == "progress"
    assert job.step() == {"type": "result", "ok": False, "error": "Stopped at 2."}
    assert job.finished and log[-1] == "closed"


def test_internal_error_still_answers(counting_command, capsys):
    name, _ = counting_command
    response = api.handle({"cmd": name, "n": 5, "crash_at": 1})
    assert response == {"ok": False, "error": "Internal error: RuntimeError: boom"}
    assert "RuntimeError" in capsys.readouterr().err  # the traceback is kept for debugging


def test_registered_command_is_removed_again():
    assert "test.count" not in api.COMMANDS


# --- the argument descriptions ------------------------------------------------------


def check_argument_errors(cases: list[tuple[dict, str]]) -> None:
    """Each request is refused in one sentence holding its message, never as a bug
    (each puzzle's own table is in its home: tests/<id>/test_<id>_api.py)."""
    for request_, message in cases:
        text = error(request_)
        assert message in text and not text.startswith("Internal error"), (request_, text)


# --- out of memory, and requests that cannot be met as asked ---------------------------


@pytest.mark.parametrize("family", list(families.FAMILIES))
def test_a_job_that_runs_out_of_memory_answers_one_sentence(monkeypatch, family):
    """MemoryError anywhere in a job (at its start or after some steps) is one
    sentence naming the real limit and the family's advice, never "Internal error"."""

    def at_once(request):
        raise MemoryError

    def later(request):
        yield Progress(0, 1, "Working")
        raise MemoryError

    request_ = facts(family).load_request(facts(family).GAME)  # a valid request
    name = request_["cmd"]
    for handler in (at_once, later):
        monkeypatch.setitem(api.COMMANDS, name, handler)
        job = api.start(dict(request_))
        report = job.step()
        while report["type"] == "progress":
            report = job.step()
        assert report["ok"] is False
        error = report["error"]
        assert error.startswith("Out of memory: this needs more than the ") and "\n" not in error
        assert limits.megabytes(limits.memory_limit()) in error
        assert api.memory_advice(name) in error
        assert job.finished and job.step() == report  # and the job stays ended
        # The worker's path too (the answer as JSON text).
        worker = api.start(dict(request_))
        while '"type":"progress"' in (text := worker.step_json()):
            pass
        assert '"ok":false' in text and "Out of memory" in text


@pytest.mark.parametrize("family", list(families.FAMILIES))
def test_memory_advice_is_the_commands_then_the_familys_then_a_smaller_request(family):
    advice = getattr(families.commands(family), "MEMORY_ADVICE", {})
    for name in families.commands(family).HANDLERS:
        expected = advice.get(name) or advice.get(family) or "a smaller request"
        assert api.memory_advice(name) == expected
    assert api.memory_advice("ping") == api.memory_advice("nofamily.verb") == "a smaller request"


BIN_SIDES = range(2, 17, 2)


def _valid_line_count(length: int) -> int:
    """Lines of 0s and 1s with as many of each and no three alike in a row, by brute force."""
    return sum(1 for bits in range(1 << length)
               if bits.bit_count() * 2 == length
               and not any((bits >> i & 7) in (0, 7) for i in range(length - 2)))
