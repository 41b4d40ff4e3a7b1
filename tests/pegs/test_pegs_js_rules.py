"""Peg solitaire's own checks of the page's rules, beside the differential test of
test_js_rules.py: game IDs made by the page read back as Python reads them."""

from __future__ import annotations

import random

from pegs_rules_requests import pegs_bad_requests, pegs_games

from puzzlelab import api
from rules_differential import Recorder, answers_in_js


def test_game_ids_round_trip(node: str) -> None:
    """On the states of the differential test's games (the same seed)."""
    record = Recorder()
    pegs_games(record, random.Random(15))
    pegs_bad_requests(record)
    game_ids_round_trip(node, record)


def game_ids_round_trip(node: str, record: Recorder) -> None:
    """The page's game ID of a state (grid, "@" and the goal) gives back its grid and goal,
    and Python loads those into the same state."""
    states = [a["result"] for a in record.answers if a["ok"] and "moves" in a["result"]]
    states = states[::7]
    calls = [{"call": "pegs.gameId", "args": [s["grid"], s["goal"]]} for s in states]
    ids = [answer["result"] for answer in answers_in_js(node, calls)]
    parsed = answers_in_js(node, [{"call": "pegs.parseGameId", "args": [i]} for i in ids])
    assert len(states) > 100
    for state, game_id, answer in zip(states, ids, parsed, strict=True):
        assert answer["ok"], (game_id, answer)
        grid, goal = answer["result"]["grid"], answer["result"]["goal"]
        assert game_id == f"{state['grid']}@{state['goal']}"
        assert api.handle({"cmd": "pegs.load", "grid": grid, "goal": goal}) == {
            "ok": True,
            "result": state,
        }
    refused = answers_in_js(node, [{"call": "pegs.parseGameId", "args": ["o.o@3;3"]}])
    assert refused[0]["ok"] is False
