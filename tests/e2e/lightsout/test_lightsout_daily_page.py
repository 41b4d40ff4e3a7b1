"""Lights Out: its own cases of tests/e2e/test_daily_page.py, moved here from it (that
module's subject: A daily link on a cold page draws its board as soon as the default
board: the build shipped the day's deal (daily-deals.json), so the board needs no Python
and sends the worker no request for it, and the game is Python's)."""

from __future__ import annotations

import pytest
from test_daily_page import assert_daily_at_once, cold_draw, python, today

pytestmark = pytest.mark.e2e


def test_lights_out_daily_link_draws_at_once(browser, site_url):
    _, seed, _ = today()
    daily = assert_daily_at_once(browser, site_url, "lightsout",
                                 {"lightsout.new", "lightsout.load"})
    dealt = python({"cmd": "lightsout.new", "rows": 5, "cols": 5, "random": True,
                    "difficulty": "medium", "seed": seed})
    assert daily["game"] == dealt["game"]
    assert daily["message"].startswith("The daily puzzle: turn all the lights out.")


def test_a_bare_daily_link_is_lights_out_at_once(browser, site_url):
    date, seed, _ = today()
    daily = cold_draw(browser, site_url, "lightsout", f"daily={date}")
    assert daily["python"] == "idle"
    assert "lightsout.new" not in daily["requests"]
    dealt = python({"cmd": "lightsout.new", "rows": 5, "cols": 5, "random": True,
                    "difficulty": "medium", "seed": seed})
    assert daily["game"] == dealt["game"]
