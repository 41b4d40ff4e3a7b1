"""The request surface: envelopes, argument checks, Lights Out commands and jobs."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from puzzlelab import __version__, api, binairo, lightsout, limits
from puzzlelab.jobs import Progress, finish
from puzzlelab.lightsout import Board, Variant, toggled_by
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


def test_step_json_is_one_json_object():
    job = api.start_json('{"cmd": "lightsout.load", "game": "101/010"}')
    answer = json.loads(job.step_json())
    assert answer["type"] == "result" and answer["ok"] is True
    assert answer["result"]["grid"] == "101/010"


def test_unknown_command_lists_the_known_ones():
    message = error({"cmd": "lightsout.fly"})
    assert "Unknown command 'lightsout.fly'" in message
    assert "lightsout.solve" in message and "ping" in message


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


@pytest.mark.parametrize(
    "request_, message",
    [
        ({"cmd": "lightsout.solve"}, "needs 'game'"),
        ({"cmd": "lightsout.solve", "game": None}, "needs 'game'"),
        ({"cmd": "lightsout.solve", "game": 101}, "'game' must be text"),
        ({"cmd": "lightsout.solve", "game": ["101"]}, "'game' must be text"),
        ({"cmd": "lightsout.load", "game": "12/01"}, "Unexpected character '2'"),
        ({"cmd": "lightsout.press", "game": "101/010"}, "needs 'row'"),
        ({"cmd": "lightsout.press", "game": "101/010", "row": 0}, "needs 'col'"),
        ({"cmd": "lightsout.press", "game": "101/010", "row": "0", "col": 0}, "whole number"),
        ({"cmd": "lightsout.press", "game": "101/010", "row": 0.0, "col": 0}, "whole number"),
        ({"cmd": "lightsout.press", "game": "101/010", "row": True, "col": 0}, "whole number"),
        ({"cmd": "lightsout.press", "game": "101/010", "row": 2, "col": 0}, "outside"),
        ({"cmd": "lightsout.press", "game": "101/010", "row": 0, "col": -1},
         "'col' is -1, below the minimum of 0."),
        ({"cmd": "lightsout.new"}, "needs 'rows'"),
        ({"cmd": "lightsout.new", "rows": "5"}, "'rows' must be a whole number"),
        ({"cmd": "lightsout.new", "rows": 0}, "'rows' is 0, below the minimum of 1."),
        ({"cmd": "lightsout.new", "rows": 5, "cols": 1001},
         "'cols' is 1001, above the limit of 1000."),
        ({"cmd": "lightsout.new", "rows": 5, "seed": "x"}, "'seed' must be a whole number"),
    ],
)
def test_missing_and_ill_typed_arguments(request_, message):
    assert message in error(request_)


# --- Lights Out commands ------------------------------------------------------


def test_load_gives_the_canonical_state():
    state = ok({"cmd": "lightsout.load", "game": "5x5:ffffff8"})
    assert state == {
        "game": "5x5:ffffff8",
        "rows": 5,
        "cols": 5,
        "grid": "11111/11111/11111/11111/11111",
        "lit": 25,
        "solved": False,
        "variant": {
            "neighbourhood": "cross",
            "stencil": [[-1, 0], [0, -1], [0, 0], [0, 1], [1, 0]],
            "wrap": False,
            "states": 2,
        },
    }
    assert ok({"cmd": "lightsout.load", "game": "000/000"})["solved"] is True


@pytest.mark.parametrize("row, col", [(0, 0), (1, 2), (3, 4), (2, 0), (0, 4)])
def test_press_toggles_the_right_cells(row, col):
    start = "10110/01001/11100/00011"
    state = ok({"cmd": "lightsout.press", "game": start, "row": row, "col": col})
    before = [list(r) for r in start.split("/")]
    expected = [r[:] for r in before]
    for r, c in ((row, col), (row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
        if 0 <= r < 4 and 0 <= c < 5:
            expected[r][c] = "1" if expected[r][c] == "0" else "0"
    assert state["grid"] == "/".join("".join(r) for r in expected)
    assert state["lit"] == state["grid"].count("1")
    assert Board.parse(state["game"]).grid == state["grid"]


def test_solve_answer_really_solves():
    board = Board.parse("11111/11111/11111/11111/11111")
    result = ok({"cmd": "lightsout.solve", "game": board.grid})
    assert result["solvable"] is True and result["proven_fewest"] is True
    assert result["press_count"] == 15 == len(result["presses"])
    assert result["kernel_dimension"] == 2 and result["conflict"] is None
    presses = sum(1 << (r * 5 + c) for r, c in result["presses"])
    assert board.apply(presses).lights == 0
    assert result["presses"] == sorted(result["presses"])
    json.dumps(result)  # JSON-ready


def test_analyse_says_when_the_long_search_could_still_prove_the_fewest():
    """``provable``: a search ran but not the long one. A 31x31 torus (kernel 40, no
    fold) is provable until asked with ``prove``; a 5x5 is proven; a king 27x27
    torus (kernel 104) is not searched at all."""
    torus = Board(31, 31, 0, Variant("cross", True)).apply(random.Random(3).getrandbits(961))
    quick = ok({"cmd": "lightsout.analyse", "game": torus.game_id})
    assert not quick["proven_fewest"] and quick["provable"]
    longer = ok({"cmd": "lightsout.analyse", "game": torus.game_id, "prove": True})
    assert not longer["proven_fewest"] and not longer["provable"]
    assert longer["press_count"] <= quick["press_count"]
    assert not ok({"cmd": "lightsout.analyse", "game": "11111/11111/11111/11111/11111"})["provable"]
    king = Board(27, 27, 0, Variant("king", True)).apply(random.Random(4).getrandbits(729))
    result = ok({"cmd": "lightsout.analyse", "game": king.game_id})
    assert result["kernel_dimension"] > 100 and not result["provable"]


def test_a_solution_proven_by_the_long_search_serves_later_requests():
    """King rules with walls, 38x38: the quick search leaves the fewest unproven, the
    long one proves it; then a plain solve and a hint of that board give the proof."""
    board = lightsout.random_solvable(38, 38, random.Random(1), Variant("king"))
    quick = ok({"cmd": "lightsout.solve", "game": board.game_id})
    assert not quick["proven_fewest"]
    proven = ok({"cmd": "lightsout.analyse", "game": board.game_id, "prove": True})
    assert proven["proven_fewest"] and proven["fewest_press_count"] <= quick["press_count"]
    again = ok({"cmd": "lightsout.solve", "game": board.game_id})
    assert again["proven_fewest"] and again["press_count"] == proven["fewest_press_count"]
    presses = sum(1 << (r * 38 + c) for r, c in again["presses"])
    assert board.apply(presses).lights == 0
    assert ok({"cmd": "lightsout.hint", "game": board.game_id})["proven_fewest"]


def test_solve_unsolvable_names_a_quiet_conflict():
    board = Board.parse("10000/00000/00000/00000/00000")
    result = ok({"cmd": "lightsout.solve", "game": board.game_id})
    assert result["solvable"] is False
    assert result["presses"] == [] and result["press_count"] is None
    assert "cannot be solved" in result["explanation"]
    conflict = sum(1 << (r * 5 + c) for r, c in result["conflict"])
    assert toggled_by(conflict, 5, 5) == 0
    assert (conflict & board.lights).bit_count() % 2 == 1


def test_new_board_is_reproducible_and_solvable():
    first = ok({"cmd": "lightsout.new", "rows": 6, "cols": 9, "seed": 42})
    again = ok({"cmd": "lightsout.new", "rows": 6, "cols": 9, "seed": 42})
    other = ok({"cmd": "lightsout.new", "rows": 6, "cols": 9, "seed": 43})
    assert first == again != other
    assert (first["rows"], first["cols"]) == (6, 9) and first["lit"] > 0
    assert ok({"cmd": "lightsout.solve", "game": first["game"]})["solvable"] is True
    square = ok({"cmd": "lightsout.new", "rows": 4, "seed": 1})
    assert (square["rows"], square["cols"]) == (4, 4)
    dark = ok({"cmd": "lightsout.new", "rows": 3, "cols": 2, "random": False})
    assert dark["grid"] == "00/00/00" and dark["solved"] is True


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


def test_lightsout_solve_press_grid_matches_the_press_list() -> None:
    """The page asks for the presses as a grid (press_list false): same presses, no list."""
    board = Board.parse("11111/11111/11111/11111/11111")
    listed = api.handle({"cmd": "lightsout.solve", "game": board.game_id})["result"]
    packed = api.handle({"cmd": "lightsout.solve", "game": board.game_id,
                         "press_list": False})["result"]
    assert packed["presses"] is None
    assert packed["press_grid"] == listed["press_grid"]
    grid_presses = [(r, c) for r, row in enumerate(packed["press_grid"].split("/"))
                    for c, ch in enumerate(row) if ch == "1"]
    assert grid_presses == [tuple(cell) for cell in listed["presses"]]
    three = Board.parse("3x1;k=3:" + "2" * 3)
    result = api.handle({"cmd": "lightsout.solve", "game": three.game_id})["result"]
    counts = [int(ch) for ch in result["press_grid"]]
    assert sum(counts) == result["press_count"] == len(result["presses"])
    unsolvable = api.handle({"cmd": "lightsout.solve", "game": "4x4:8000"})["result"]
    assert unsolvable["press_grid"] is None


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


def test_describe_lists_every_command_s_arguments():
    described = ok({"cmd": "describe"})["commands"]
    assert set(described) == set(api.COMMANDS)
    rows = {arg["name"]: arg for arg in described["lightsout.new"]}["rows"]
    assert rows == {"name": "rows", "kind": "int", "help": "rows of the board",
                    "required": True, "default": None, "low": 1, "high": lightsout.MAX_SIDE,
                    "accepts": f"a whole number from 1 to {lightsout.MAX_SIDE}"}
    json.dumps(described)  # JSON-ready


def test_undescribed_keys_are_ignored():
    # The web worker adds keys of its own (numpy: true for a census).
    assert ok({"cmd": "lightsout.load", "game": "10/01", "id": 7})["grid"] == "10/01"


@pytest.mark.parametrize("text, message", [
    ('{"cmd": "lightsout.new", "rows": ' + "9" * 5000 + "}", "number too long"),
    ("[" * 100_000 + "]" * 100_000, "nests too deeply"),
])
def test_json_that_python_cannot_read(text, message):
    answer = api.start_json(text).step()
    assert answer["ok"] is False and message in answer["error"]


@pytest.mark.parametrize(
    "options", [";k=\u00b2", ";k=\u0663", ";k=\U0001d7d1", ";n=\u00b2", ";wrap=1"]
)
def test_odd_game_id_options_are_refused_in_words(options: str) -> None:
    """Digits of other scripts in a game ID's options are an unknown option, not a crash."""
    response = api.handle({"cmd": "lightsout.load", "game": f"3x3{options}:000000000"})
    assert not response["ok"]
    assert "Internal error" not in response["error"]


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


def test_every_generate_request_that_cannot_be_met_is_refused_up_front(monkeypatch):
    """All sizes the CLI accepts x all difficulties: the refusals come before any
    generating (the generator is replaced by one that fails the test), say why in
    one sentence, and are exactly the impossible requests: shapes without any
    solution (by counting distinct lines), and the small shapes' ceilings."""
    def must_not_run(*args):
        raise PuzzleError("GENERATED")  # (a refusal must come before this)

    monkeypatch.setattr(binairo, "generate_steps", must_not_run)
    lines = {n: _valid_line_count(n) for n in BIN_SIDES}
    ceiling = {(2, 2): "easy", (4, 4): "medium"}
    order = binairo.DIFFICULTIES
    for rows, cols, difficulty in itertools.product(BIN_SIDES, BIN_SIDES, order):
        shape_impossible = rows > lines[cols] or cols > lines[rows]
        hardest = ceiling.get((min(rows, cols), max(rows, cols)), "hard")
        impossible = shape_impossible or order.index(difficulty) > order.index(hardest)
        request_ = {"cmd": "binairo.new", "rows": rows, "cols": cols, "difficulty": difficulty,
                    "seed": 1}
        message = error(request_)
        if impossible:
            assert message != "GENERATED", request_
            assert "\n" not in message and message.endswith("."), message
            assert f"{cols}x{rows}" in message
            if shape_impossible:
                assert "has no solution" in message
            else:
                assert f"at most {hardest}" in message
        else:
            assert message == "GENERATED", (request_, message)


def test_the_small_shapes_ceilings_are_true():
    """2x2: every good puzzle is easy (all 2 solutions x 16 clue sets checked).
    4x4: the generator makes medium ones but no hard one (20 seeds; hard 4x4
    puzzles exist but are rare); 4x6 and 6x4: it makes hard ones."""
    solutions = binairo.solutions(binairo.Grid.empty(2, 2), 10)
    for solution, mask in itertools.product(solutions, range(16)):
        ones = [solution[r] & (mask >> (2 * r)) & 3 for r in range(2)]
        zeros = [~solution[r] & (mask >> (2 * r)) & 3 for r in range(2)]
        puzzle = binairo.Grid.from_masks(2, 2, ones, zeros)
        if binairo.is_good(puzzle):
            assert binairo.rate(puzzle).difficulty == "easy"
    made = {finish(binairo.generate_steps(4, 4, "hard", seed))[1].difficulty
            for seed in range(20)}
    assert "hard" not in made
    for rows, cols, difficulty in ((4, 4, "medium"), (4, 6, "hard"), (6, 4, "hard")):
        result = api.handle({"cmd": "binairo.new", "rows": rows, "cols": cols,
                             "difficulty": difficulty, "seed": 3})
        assert result["ok"] and result["result"]["difficulty"] == difficulty, result


def test_a_puzzle_easier_than_asked_is_refused_not_given(monkeypatch):
    easy = finish(binairo.generate_steps(6, 6, "easy", 1))

    def gives_easy(rows, cols, difficulty, seed):
        yield Progress(0, 1, "Generating")
        return easy

    monkeypatch.setattr(binairo, "generate_steps", gives_easy)
    message = error({"cmd": "binairo.new", "rows": 6, "difficulty": "hard", "seed": 5})
    assert message == ("No hard 6x6 puzzle came from seed 5 (the nearest was easy): "
                       "try another seed.")


def test_a_whole_number_with_a_point_is_told_how_to_write_it():
    """JSON's 5.0 is a whole number: the refusal says it must be written without
    the point rather than that it is not a whole number."""
    assert error({"cmd": "lightsout.new", "rows": 5.0}) == (
        "'rows' must be a whole number from 1 to 1000, written without a decimal point; "
        "5.0 is not.")
    assert error({"cmd": "lightsout.new", "rows": 5.5}) == (
        "'rows' must be a whole number from 1 to 1000; 5.5 is not.")
