"""The binary puzzle: its own cases of tests/e2e/test_daily_page.py, moved here from it
(that module's subject: A daily link on a cold page draws its board as soon as the
default board: the build shipped the day's deal (daily-deals.json), so the board needs
no Python and sends the worker no request for it, and the game is Python's)."""

from __future__ import annotations

import pytest
from test_daily_page import WATCH, assert_daily_at_once, python, today

pytestmark = pytest.mark.e2e


def test_binary_daily_link_draws_at_once(browser, site_url):
    _, seed, _ = today()
    daily = assert_daily_at_once(browser, site_url, "binairo", {"binairo.new", "binairo.load"})
    dealt = python({"cmd": "binairo.new", "rows": 8, "cols": 8, "difficulty": "medium",
                    "seed": seed})
    assert daily["game"] == dealt["game"]
    assert daily["message"] == (f"The daily puzzle: a medium 8×8 puzzle with {dealt['clues']} "
                                "digits given. Fill every tile with 0 or 1.")


def test_a_date_outside_the_shipped_window_waits_for_python(page, site_url):
    """Before the shipped window the board asks Python, which deals the same game as ever."""
    page.add_init_script(WATCH)
    page.goto(f"{site_url}#binairo&daily=2026-10-15")
    page.wait_for_function("window.puzzleLab.boards.binairo?.idle() && "
                           "document.querySelector('#binairo').dataset.python === 'ready'",
                           timeout=90_000)
    page.wait_for_function("window.puzzleLab.boards.binairo.dailyShown === '2026-10-15'",
                           timeout=30_000)
    dealt = python({"cmd": "binairo.new", "rows": 8, "cols": 8, "difficulty": "medium",
                    "seed": 20261015})
    assert page.locator("#binairo").get_attribute("data-game-id") == dealt["game"]
    assert "binairo.new" in page.evaluate("window.workerRequests")
    assert "seed" not in page.locator("#binairo .message").inner_text().lower()
