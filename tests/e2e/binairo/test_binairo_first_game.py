"""The binary puzzle: its own cases of tests/e2e/test_first_game.py, moved here from it
(that module's subject: A first game of each puzzle, played to the end as a person
would: the result line, Next puzzle, the daily puzzle (the same for everyone on a date)
and the result to share with its link)."""

from __future__ import annotations

import re

import pytest
from test_binairo_page import click_cell as click_binary
from test_first_game import (
    assert_daily_link_opens,
    message,
    open_tab,
    share,
    start_of,
    today,
    wait_idle,
)
from test_lightsout_page import ask

from puzzlelab import binairo
from puzzlelab.binairo import Grid

pytestmark = pytest.mark.e2e


def test_binary_puzzle_first_game(page, site_url, screenshot_dir):
    root = open_tab(page, site_url, "binairo")
    grid = Grid.parse(root.get_attribute("data-game-id"))
    (solution,) = binairo.solutions(grid)
    for r in range(grid.rows):
        for c in range(grid.cols):
            if grid.cell(r, c) == ".":
                # A click writes 0, a right click 1 (empty -> 0 -> 1 and back).
                click_binary(page, grid, r, c, "right" if solution[r] >> c & 1 else "left")
    wait_idle(page, "binairo")
    assert root.get_attribute("data-status") == "solved"
    said = message(page, "binairo")
    assert re.fullmatch(r"Solved in (under a second|\d+ s|\d+ min \d\d s)! Every row and column is "
                        r"balanced, with no three in a row and no two lines alike\.", said), said
    page.locator("#binairo .message").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "first-game-binairo.png"))
    page.set_viewport_size({"width": 375, "height": 740})
    page.locator("#binairo .message").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "first-game-binairo-375.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    shared = share(page, "binairo")
    assert start_of(shared, "binairo") == grid.game_id

    page.get_by_role("button", name="Next puzzle").click()
    wait_idle(page, "binairo")
    after = Grid.parse(root.get_attribute("data-game-id"))
    assert (after.rows, after.cols) == (grid.rows, grid.cols)
    assert after.game_id != grid.game_id
    made = message(page, "binairo")
    assert re.match(r"An? (easy|medium|hard) \d+×\d+ puzzle with \d+ digits given", made), made

    _, seed, _ = today()
    page.get_by_role("button", name="Daily puzzle").click()
    wait_idle(page, "binairo")
    daily = ask({"cmd": "binairo.new", "rows": 8, "cols": 8, "difficulty": "medium", "seed": seed})
    assert root.get_attribute("data-game-id") == daily["game"]
    assert message(page, "binairo").startswith("The daily puzzle: a medium 8×8 puzzle")
    assert_daily_link_opens(page, site_url, "binairo")
