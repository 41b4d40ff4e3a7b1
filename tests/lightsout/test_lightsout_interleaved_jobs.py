"""Lights Out: its own cases of tests/test_interleaved_jobs.py, moved here from it (that
module's subject: Jobs whose steps interleave give the answers they give alone)."""

from __future__ import annotations

import math

import pytest

from puzzlelab import api, jobs
from puzzlelab.lightsout import Board
from puzzlelab.lightsout import commands as lightsout_commands
from test_interleaved_jobs import _alone, _answer, _cold


@pytest.mark.parametrize("base", [2, 3, 4, 5, 6, 9, 16])
def test_counts_too_long_to_show_are_not_computed_but_read_the_same(base):
    # lightsout.analyse's counts near the bound where they turn into a power form.
    for exponent in range(1, 4000, 37):
        for divisor in (1, base, base ** min(exponent, 7), 3):
            value = base**exponent // divisor
            power = (base, exponent) if base in (2, 3, 5) and divisor == 1 else None
            exact = lightsout_commands._count("n", value, power)
            quick = lightsout_commands._power_count("n", base, exponent, divisor, power)
            if exact["n"] is not None or power:
                assert quick == exact, (base, exponent, divisor)
            else:  # "about 2^e": the float estimate of e may be one off at most
                e = int(exact["n_text"].removeprefix("about 2^"))
                assert quick["n"] is None
                assert abs(int(quick["n_text"].removeprefix("about 2^")) - e) <= 1
                assert math.isclose(e, value.bit_length() - 1)


def test_a_cold_classic_solve_reports_while_it_builds_the_shape(monkeypatch):
    # The classic shape of 1000x1000 (its recurrence and elimination) took a
    # fifth of a second natively in one step, without a report: it now looks
    # at the clock, and pausing there changes nothing.
    game = Board(200, 200).press(100, 66).game_id
    request = {"cmd": "lightsout.solve", "game": game, "press_list": False}
    expected = _alone([request])
    monkeypatch.setattr(jobs, "REPORT_SECONDS", 0.0)
    _cold()
    job = api.start(request)
    messages = set()
    while (response := job.step())["type"] == "progress":
        messages.add(response["message"])
    assert _answer(response) == expected[0]
    assert "Chasing the lights" in messages and "Solving the chase system" in messages
