"""Peg solitaire's daily link follows the rule of every link: it never replaces
a game in progress (real Chromium; the rule itself, for every puzzle, is
tests/e2e/test_links_page.py's)."""

from __future__ import annotations

import pytest

from main_page import link, note_shown, play, stored, wait_board, wait_game
from puzzle_homes import facts

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

GAME = facts("pegs").GAME


def test_daily_link_in_the_open_page_keeps_a_game_in_progress(page, site_url):
    """A daily link (peg solitaire's needs no Python) follows the same rule."""
    page.goto(link(site_url, "pegs", GAME))
    wait_board(page, "pegs")
    play(page, "pegs", 0)
    wait_board(page, "pegs")
    progress = stored(page, "pegs")
    page.evaluate("location.hash = '#pegs&daily=2026-01-01'")
    page.wait_for_function("window.puzzleLab.boards.pegs.dailyShown === '2026-01-01'")
    wait_board(page, "pegs")
    assert note_shown(page) and stored(page, "pegs") == progress
    page.get_by_role("button", name="Back to your game").click()
    wait_game(page, "pegs", progress["game"])
    assert not note_shown(page) and stored(page, "pegs") == progress
