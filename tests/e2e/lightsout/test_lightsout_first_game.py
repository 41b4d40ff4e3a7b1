"""Lights Out: its own cases of tests/e2e/test_first_game.py, moved here from it (that
module's subject: A first game of each puzzle, played to the end as a person would: the
result line, Next puzzle, the daily puzzle (the same for everyone on a date) and the
result to share with its link)."""

from __future__ import annotations

import json
import re

import pytest
from test_first_game import message, open_tab, share, start_of, today, wait_idle
from test_lightsout_page import ask, click_cell, current, marked_cells

from conftest import KEEP_ENGINE

pytestmark = pytest.mark.e2e


def test_lights_out_first_game(page, site_url, screenshot_dir, axe):
    root = open_tab(page, site_url, "lightsout")
    start = current(root)
    page.get_by_role("button", name="Show solution").click()
    wait_idle(page, "lightsout")
    presses = marked_cells(page, start)
    assert presses
    for row, col in sorted(presses):
        click_cell(page, row, col, start)
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-status") == "solved"
    fewest = ask({"cmd": "lightsout.solve", "game": start.game_id})
    assert fewest["proven_fewest"] and fewest["press_count"] == len(presses)
    # A second tab of this browser keeps its Python running while this page
    # reopens links below (as for a reader with the site open in another tab),
    # so that each reopening joins it instead of starting Python again. This
    # page is then brought back to the front: left behind the new tab, its
    # steps ran about twice as slowly here (the test took 32 s against 15 s).
    keeper = page.context.new_page()
    keeper.goto(f"{site_url}build-info.json")
    keeper.evaluate(KEEP_ENGINE)
    page.bring_to_front()
    n = len(presses)
    said = message(page, "lightsout")
    # Played from Show solution: the fewest, but helped, so never "a perfect game".
    assert said == (f"All lights are out — solved in {n} press{'es' if n != 1 else ''}; the fewest "
                    f"possible is {n} press{'es' if n != 1 else ''}.")
    assert page.locator("#lightsout .win-card .win-title").inner_text() == "Finished by the solver"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(screenshot_dir / "first-game-lightsout-1280.png"))
    page.set_viewport_size({"width": 375, "height": 740})
    page.locator("#lightsout .message").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "first-game-lightsout-375.png"))
    assert axe(page) == []
    shared = share(page, "lightsout")
    assert shared.startswith(f"Lights Out: {said} ")
    assert start_of(shared, "lightsout") == start.game_id
    # The optional timer shows the time the game took, stopped once solved.
    page.locator("#lightsout").get_by_label("Timer").check()
    took = page.locator("#lightsout .timer").inner_text()
    assert re.fullmatch(r"under a second|\d+ s|\d+ min \d\d s", took), took
    page.wait_for_timeout(1100)
    assert page.locator("#lightsout .timer").inner_text() == took

    # Next puzzle: another board of the same size.
    page.get_by_role("button", name="Next puzzle").click()
    wait_idle(page, "lightsout")
    after = current(root)
    assert (after.rows, after.cols) == (start.rows, start.cols)
    assert root.get_attribute("data-status") == "ready"
    assert after.game_id != start.game_id
    page.wait_for_function(  # the timer runs for the new game
        "/^[1-9]\\d* s$/.test(document.querySelector('#lightsout .timer').textContent)",
        timeout=5_000)

    # The daily puzzle is Python's board for the date's seed, for everyone.
    _, seed, _ = today()
    page.get_by_role("button", name="Daily puzzle").click()
    wait_idle(page, "lightsout")
    daily = ask({"cmd": "lightsout.new", "rows": 5, "cols": 5, "random": True,
                 "difficulty": "medium", "seed": seed})
    assert root.get_attribute("data-game-id") == daily["game"]
    assert message(page, "lightsout").startswith("The daily puzzle: turn all the lights out.")
    # Solved, its result links to the day's puzzle, not to a game ID.
    date, _, _ = today()
    daily_start = current(root)
    # A new puzzle starts with its solution hidden; shown again, it is worked out for this board.
    solution = page.locator('#lightsout [data-action="solution"]')
    assert solution.inner_text() == "Show solution"
    assert not marked_cells(page, daily_start)
    solution.click()
    presses = set()
    for _ in range(300):
        presses = marked_cells(page, daily_start)
        if presses:
            break
        page.wait_for_timeout(100)
    for row, col in sorted(presses):
        click_cell(page, row, col, daily_start)
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-status") == "solved"
    shared = share(page, "lightsout")
    assert re.fullmatch(rf"Lights Out, daily puzzle of {date}: All lights are out — solved in .+ "
                        rf"Time: (under a second|\d+ s|\d+ min \d\d s)\. (\S+)", shared), shared
    daily_link = shared.rsplit(" ", 1)[1]
    assert daily_link == f"{site_url}#lightsout&daily={date}"

    # The link opens the same board in another browser (no saved game)...
    other = page.context.browser.new_page()
    other.goto(daily_link)
    wait_idle(other, "lightsout")
    assert other.locator("#lightsout").get_attribute("data-game-id") == daily["game"]
    other.close()
    # ... and here, where that day's game is saved solved, brings it back as it
    # is (the bare form, #daily=, is Lights Out's).
    page.goto("about:blank")
    page.goto(f"{site_url}#daily={date}")
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-status") == "solved"
    assert page.evaluate("window.puzzleLab.boards.lightsout.dailyShown") == date
    # A link to no real date, or to a day still to come: one sentence, and
    # the saved game stays on screen and in storage.
    saved = page.evaluate("localStorage.getItem('puzzlelab.saved.lightsout')")
    for bad, why in [("2026-02-30", 'The daily link\'s date, "2026-02-30", is not a real date'),
                     ("2999-01-01", "The daily puzzle of 2999-01-01 is not out yet")]:
        page.goto("about:blank")
        page.goto(f"{site_url}#lightsout&daily={bad}")
        wait_idle(page, "lightsout")
        notice = page.locator("#page-notice").inner_text()
        assert f"Lights Out: {why}" in notice, notice
        assert "the saved game is shown instead." in notice
        page.screenshot(path=str(screenshot_dir / f"first-game-daily-refused-{bad}.png"))
        assert root.get_attribute("data-status") == "solved"
        assert page.evaluate("localStorage.getItem('puzzlelab.saved.lightsout')") == saved
    # Over a saved game in progress on another board, the daily link shows the
    # day's puzzle and the saved game stays in storage until this board changes.
    other_game = json.dumps({"version": 1, "puzzle": "lightsout", "snapshot": {
        "game": "5x5:fd8c4a0", "moves": 1, "start": "5x5:1f8c4a0",
        "history": [{"game": "5x5:1f8c4a0", "moves": 0}], "future": []}})
    page.evaluate("(text) => localStorage.setItem('puzzlelab.saved.lightsout', text)", other_game)
    page.goto("about:blank")
    page.goto(daily_link)
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-game-id") == daily["game"]
    assert page.evaluate("localStorage.getItem('puzzlelab.saved.lightsout')") == other_game
