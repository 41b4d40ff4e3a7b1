"""Lights Out's levels (lightsout/levels.py): each par is the fewest presses
(the solution applied; every press set on 3x3 and 4x4 boards), the shipped
answers agree, and the ladder climbs from one press to past Enlight."""

from __future__ import annotations

from lightsout_brute import every_press, pack

from ladders import ok, shipped_ladder
from puzzlelab import levels, lightsout

CROSS = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]


def test_lights_out_par_is_the_fewest_presses() -> None:
    tables = {side: every_press(side, side, CROSS, False, 2) for side in (3, 4)}
    for level in shipped_ladder("lightsout")["levels"]:
        board = lightsout.Board.parse(level["game"])
        solution = ok({"cmd": "lightsout.solve", "game": level["game"]})
        # Its presses, applied, turn every light off, in par presses.
        after = board
        for row, col in solution["presses"]:
            after = after.press(row, col)
        assert after.lit == 0 and len(solution["presses"]) == level["par"], level
        # The shipped answers (the win card's fewest, the first hint) say the same.
        shipped = level["answers"][levels.request_key(
            {"cmd": "lightsout.solve", "game": level["game"], "press_list": False})]
        hint = level["answers"][levels.request_key(
            {"cmd": "lightsout.hint", "game": level["game"]})]
        assert shipped["press_count"] == level["par"] and shipped["proven_fewest"], level
        hinted = board.press(*hint["press"]).game_id  # a press of a fewest solution: one fewer left
        assert ok({"cmd": "lightsout.solve", "game": hinted})["press_count"] == level["par"] - 1
        if board.rows in tables:  # every press set: none fewer does it
            assert tables[board.rows][pack(board.values())][0] == level["par"], level


def test_lights_out_climbs_from_one_press_to_enlight_and_beyond() -> None:
    ladder = shipped_ladder("lightsout")["levels"]
    sides = [lightsout.Board.parse(level["game"]).rows for level in ladder]
    pars = [level["par"] for level in ladder]
    assert pars[0] == 1 and sides[0] == 3
    assert sides == sorted(sides) and pars == sorted(pars)
    assert 10 in sides and max(sides) > 10
