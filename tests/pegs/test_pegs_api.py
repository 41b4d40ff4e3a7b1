"""Peg solitaire: its own cases of tests/test_api.py (the request surface)."""

from __future__ import annotations

from test_api import check_argument_errors

#: Requests refused by their argument descriptions, and words of each refusal.
ARGUMENT_ERRORS = [
    ({"cmd": "pegs.status", "grid": "english", "budget": -1},
         "'budget' is -1, below the minimum of 1."),
    ({"cmd": "pegs.status", "grid": "english", "budget": 0},
         "'budget' is 0, below the minimum of 1."),
    ({"cmd": "pegs.move", "grid": "english", "from": [1, 3]}, "needs 'to'"),
    ({"cmd": "pegs.move", "grid": "english", "from": [1, 3], "to": [3, True]},
         "'to' must be a [row, column] pair"),
    ({"cmd": "pegs.load", "grid": "english", "goal": "-1,-1"}, "Not a hole: '-1,-1'"),
    ({"cmd": "pegs.load", "grid": "english", "goal": "3.3"}, "Not a hole: '3.3'"),
    ({"cmd": "pegs.census", "board": "english", "engine": "fast"}, "'engine' must be"),
]


def test_pegs_arguments_are_checked_by_their_description():
    check_argument_errors(ARGUMENT_ERRORS)
