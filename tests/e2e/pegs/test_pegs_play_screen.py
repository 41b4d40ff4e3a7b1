"""Peg solitaire: its own cases of tests/e2e/test_play_screen.py, moved here from it (that
module's subject: The first screen is a game: few controls and a player's words on every
puzzle, laptop and phone, light and dark; the lab one tap away; a won game's card in
view, honest about the help used; the timer across a reload; an iframe embed as big as a
script embed)."""

from __future__ import annotations

import pytest
from test_first_game import wait_board, wait_idle
from test_play_screen import LAPTOP

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]



def test_keys_and_the_focus_ring_for_keyboard_use_only(new_page, site_url):
    page = new_page(**LAPTOP)
    page.goto(f"{site_url}#pegs")
    root = wait_board(page, "pegs")
    page.wait_for_function(
        "document.querySelector('#pegs').dataset.python === 'ready'", timeout=90_000)
    canvas = root.locator(".board-area canvas")
    canvas.click(position={"x": 5, "y": 5})
    assert canvas.evaluate("c => getComputedStyle(c).boxShadow") == "none"
    page.keyboard.press("ArrowRight")
    assert canvas.evaluate("c => getComputedStyle(c).boxShadow") != "none"
    page.keyboard.press("h")  # H asks the base's hint: the peg board's once
    wait_idle(page, "pegs")
    assert page.evaluate("window.puzzleLab.boards.pegs.session.help") == ["hint"]
    before = root.get_attribute("data-game-id")
    page.keyboard.press("n")
    wait_idle(page, "pegs")
    assert root.get_attribute("data-game-id") != before
    page.keyboard.press("?")
    assert root.get_attribute("data-controls") == "full"
    assert page.locator("#panel-pegs details.intro").evaluate("d => d.open")
