"""Lights Out: its own cases of tests/test_api.py, moved here from it (that module's
subject: The request surface: envelopes, argument checks, Lights Out commands and jobs)."""

from __future__ import annotations

import json
import random

import pytest

from puzzlelab import api, lightsout
from puzzlelab.lightsout import Board, Variant, toggled_by
from test_api import check_argument_errors, error, ok


def test_step_json_is_one_json_object():
    job = api.start_json('{"cmd": "lightsout.load", "game": "101/010"}')
    answer = json.loads(job.step_json())
    assert answer["type"] == "result" and answer["ok"] is True
    assert answer["result"]["grid"] == "101/010"


def test_unknown_command_lists_the_known_ones():
    message = error({"cmd": "lightsout.fly"})
    assert "Unknown command 'lightsout.fly'" in message
    assert "lightsout.solve" in message and "ping" in message


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


def test_a_whole_number_with_a_point_is_told_how_to_write_it():
    """JSON's 5.0 is a whole number: the refusal says it must be written without
    the point rather than that it is not a whole number."""
    assert error({"cmd": "lightsout.new", "rows": 5.0}) == (
        "'rows' must be a whole number from 1 to 1000, written without a decimal point; "
        "5.0 is not.")
    assert error({"cmd": "lightsout.new", "rows": 5.5}) == (
        "'rows' must be a whole number from 1 to 1000; 5.5 is not.")


#: Requests refused by their argument descriptions, and words of each refusal.
ARGUMENT_ERRORS = [
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
]


def test_lightsout_arguments_are_checked_by_their_description():
    check_argument_errors(ARGUMENT_ERRORS)
