"""Peg solitaire: its own cases of tests/e2e/test_daily_page.py, moved here from it (that
module's subject: A daily link on a cold page draws its board as soon as the default
board: the build shipped the day's deal (daily-deals.json), so the board needs no Python
and sends the worker no request for it, and the game is Python's)."""

from __future__ import annotations

import pytest
from test_daily_page import assert_daily_at_once, python, today

pytestmark = pytest.mark.e2e


def test_pegs_daily_link_draws_at_once(browser, site_url):
    _, _, day = today()
    daily = assert_daily_at_once(browser, site_url, "pegs", {"pegs.boards", "pegs.load"})
    boards = python({"cmd": "pegs.boards"})["boards"]
    board = boards[day % len(boards)]
    # The board's usual game: its start and its goal (game IDs say a goal other than the default).
    goal = board.get("goal") or "default"
    assert daily["start"] == (board["grid"] if goal == "default" else f"{board['grid']}@{goal}")
    name = board["title"].split(" (")[0]
    assert daily["message"].startswith(f"The daily puzzle: the {name} board.")
