"""The binary puzzle: its own cases of tests/test_api.py, moved here from it (that module's
subject: The request surface: envelopes, argument checks, Lights Out commands and jobs)."""

from __future__ import annotations

import itertools

from puzzlelab import api, binairo
from puzzlelab.jobs import Progress, finish
from puzzlelab.notation import PuzzleError
from test_api import BIN_SIDES, _valid_line_count, check_argument_errors, error


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


#: Requests refused by their argument descriptions, and words of each refusal.
ARGUMENT_ERRORS = [
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
]


def test_binairo_arguments_are_checked_by_their_description():
    check_argument_errors(ARGUMENT_ERRORS)
