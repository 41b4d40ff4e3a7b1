"""Keyboard play: each puzzle solved with keys only, and what a screen reader hears.

One page load serves every puzzle (the worker boots once); each board is
opened by its permalink (the game its facts give, KEYBOARD_GAME), reached
with Tab like a person would, played with arrows and Space (its facts'
keyboard_play), and must say it is solved; a reload brings every game back.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest

from keyboard_play import open_board, tab_to_board
from puzzle_homes import facts, registry_puzzles

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


def test_keyboard_only_solves_every_puzzle(page, site_url, screenshot_dir):
    """Each puzzle in turn, on one page: its facts' game and keys (keyboard_play)."""
    for number, puzzle in enumerate(registry_puzzles()):
        mine = facts(puzzle)
        if number == 0:
            page.goto(f"{site_url}#{puzzle}={quote(mine.KEYBOARD_GAME, safe='')}")
        else:
            page.locator(f"#tab-{puzzle}").focus()
        open_board(page, puzzle, mine.KEYBOARD_GAME)
        tab_to_board(page, puzzle)
        mine.keyboard_play(page, screenshot_dir)
    # A reload brings each game back from its save, with its undo history.
    shown = {puzzle: page.locator(f"#{puzzle}").get_attribute("data-game-id")
             for puzzle in registry_puzzles()}
    page.reload()
    for puzzle in registry_puzzles():
        page.locator(f"#tab-{puzzle}").click()
        open_board(page, puzzle, shown[puzzle])
        assert page.locator(f"#{puzzle}").get_attribute("data-game-id") == shown[puzzle]
        assert page.locator(f'#{puzzle} [data-action="undo"]').is_enabled()
        facts(puzzle).keyboard_after_reload(page)
