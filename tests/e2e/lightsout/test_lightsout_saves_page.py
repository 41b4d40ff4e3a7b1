"""A Lights Out saved game with a bad move count is repaired, said and kept
aside (real Chromium; every puzzle's corrupted saves are
tests/e2e/test_links_page.py's)."""

from __future__ import annotations

import json

import pytest

from main_page import game_id, stored, wait_board

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


def test_a_repaired_saved_game_says_so_and_keeps_the_original_aside(page, site_url):
    page.goto(site_url + "build-info.json")  # the site's origin, without booting a board
    corrupt = {"version": 1, "puzzle": "lightsout", "snapshot": {
        "game": "5x5:fd8c4a0", "moves": -5, "start": "5x5:1f8c4a0",
        "history": [{"game": "5x5:1f8c4a0", "moves": 0}], "future": []}}
    text = json.dumps(corrupt)
    page.evaluate("(text) => localStorage.setItem('puzzlelab.saved.lightsout', text)", text)
    page.goto("about:blank")
    page.goto(site_url + "#lightsout")
    wait_board(page, "lightsout")
    assert game_id(page, "lightsout") == "5x5:fd8c4a0"
    assert page.locator("#lightsout [data-field='moves']").inner_text() == "Presses: 1"
    notice = page.locator("#page-notice").inner_text()
    assert ("Lights Out: The saved game was repaired (a move count that was not a whole number"
            " of at least 0). The original is kept aside in this browser.") in notice
    assert page.evaluate("localStorage.getItem('puzzlelab.aside.lightsout')") == text
    assert stored(page, "lightsout")["moves"] == 1
