"""The request surface: envelopes, argument checks, Lights Out commands and jobs."""

from __future__ import annotations

import json

import pytest

from puzzlelab import __version__, api, limits
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


@pytest.mark.parametrize(
    "request_, message",
    [
        ({"cmd": "lightsout.new", "rows": 5, "difficulty": [1]},
         "'difficulty' must be easy, medium, hard or a whole number from 1 to 1,000,000; "
         "a list is not."),
        ({"cmd": "lightsout.new", "rows": 5, "difficulty": {"a": 1}}, "an object is not"),
        ({"cmd": "lightsout.new", "rows": 5, "difficulty": "insane"}, "'insane' is not"),
        ({"cmd": "lightsout.new", "rows": 5, "difficulty": 0},
         "'difficulty' is 0, below the minimum of 1."),
        ({"cmd": "lightsout.new", "rows": 10**9}, "'rows' is 1000000000, above the limit of 1000."),
        ({"cmd": "lightsout.new", "rows": 10**5000}, "a number of about 5,001 digits"),
        ({"cmd": "lightsout.new", "rows": 5.5}, "5.5 is not"),
        ({"cmd": "lightsout.new", "rows": True}, "true is not"),
        ({"cmd": "lightsout.new", "rows": 5, "wrap": "yes"}, "'wrap' must be true or false"),
        ({"cmd": "lightsout.solve", "game": "1" * 5_000_000}, "too long"),
        ({"cmd": "lightsout.solve", "game": "11/11", "method": "fast"},
         "'method' must be chase or dense"),
        ({"cmd": "pegs.status", "grid": "english", "budget": -1},
         "'budget' is -1, below the minimum of 1."),
        ({"cmd": "pegs.status", "grid": "english", "budget": 0},
         "'budget' is 0, below the minimum of 1."),
        ({"cmd": "pegs.move", "grid": "english", "from": [1, 3]}, "needs 'to'"),
        ({"cmd": "pegs.move", "grid": "english", "from": [1, 3], "to": [3, True]},
         "'to' must be a [row, column] pair"),
        ({"cmd": "pegs.load", "grid": "english", "goal": "-1,-1"}, "Not a hole: '-1,-1'"),
        ({"cmd": "pegs.load", "grid": "english", "goal": "3.3"}, "Not a hole: '3.3'"),
        ({"cmd": "binairo.minimize", "game": "0110/1001/0101/1010", "budget": -1},
         "'budget' is -1, below the minimum of 0 seconds."),
        ({"cmd": "binairo.minimize", "game": "0110/1001/0101/1010", "budget": 600.0000000001},
         "'budget' is 600.0000000001, above the limit of 600 seconds."),
        ({"cmd": "binairo.minimize", "game": "0110/1001/0101/1010", "budget": True},
         "'budget' must be a number from 0 to 600 seconds; true is not."),
        ({"cmd": "binairo.minimize", "game": "0110/1001/0101/1010", "budget": float("nan")},
         "not finite"),
        ({"cmd": "binairo.set", "game": "..../..../..../....", "row": 0, "col": 0,
          "value": 2}, "'value' must be 0, 1 or ."),
        ({"cmd": "pegs.census", "board": "english", "engine": "fast"}, "'engine' must be"),
    ],
)
def test_arguments_are_checked_by_their_description(request_, message):
    text = error(request_)
    assert message in text and not text.startswith("Internal error")


# --- out of memory, and requests that cannot be met as asked ---------------------------


def test_a_job_that_runs_out_of_memory_answers_one_sentence(monkeypatch):
    """MemoryError anywhere in a job (at its start or after some steps) is one
    sentence naming the real limit and what to try, never "Internal error"."""

    def at_once(request):
        raise MemoryError

    def later(request):
        yield Progress(0, 1, "Working")
        raise MemoryError

    monkeypatch.setitem(api.COMMANDS, "lightsout.load", at_once)
    monkeypatch.setitem(api.COMMANDS, "pegs.census", later)
    for request_, advice in (({"cmd": "lightsout.load", "game": "1"}, "a smaller board"),
                             ({"cmd": "pegs.census", "board": "english"}, "max_classes")):
        job = api.start(request_)
        report = job.step()
        while report["type"] == "progress":
            report = job.step()
        assert report["ok"] is False
        error = report["error"]
        assert error.startswith("Out of memory: this needs more than the ") and "\n" not in error
        assert limits.megabytes(limits.memory_limit()) in error and advice in error
        assert job.finished and job.step() == report  # and the job stays ended
    # The worker's path too (the answer as JSON text).
    assert '"ok":false' in api.start({"cmd": "lightsout.load", "game": "1"}).step_json()


def test_memory_advice_is_the_commands_then_the_familys_then_a_smaller_request():
    assert api.memory_advice("pegs.census").startswith("a smaller max_classes")
    assert api.memory_advice("pegs.count") == "a position with fewer pegs"
    assert api.memory_advice("binairo.count").startswith("a smaller grid")
    assert api.memory_advice("ping") == api.memory_advice("nofamily.verb") == "a smaller request"

BIN_SIDES = range(2, 17, 2)


def _valid_line_count(length: int) -> int:
    """Lines of 0s and 1s with as many of each and no three alike in a row, by brute force."""
    return sum(1 for bits in range(1 << length)
               if bits.bit_count() * 2 == length
               and not any((bits >> i & 7) in (0, 7) for i in range(length - 2)))
