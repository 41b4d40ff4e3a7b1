"""The binary puzzle's first lesson, played on a phone: offered once above the
board, one rule a step (the Hint names it in a player's words, the wrong digit
says why), then a normal game; a later visit no longer offers it, the lab does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_binairo_game import PHONE_PAGE
from test_binairo_page import BOARD, cell_centre, message, open_board, wait_idle

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

LESSON = json.loads((Path(__file__).resolve().parents[3] / "web" / "puzzles" / "binairo"
                     / "lesson.json").read_text())["steps"]
SHOWN_GIVENS = "window.puzzleLab.boards.binairo.state?.givens"


def showing(grid: str) -> str:
    """A page test: the board shows the puzzle whose givens are `grid`."""
    return f"{SHOWN_GIVENS} === {json.dumps(grid)}"


def test_the_lesson_teaches_one_rule_a_step_then_a_game(new_page, site_url, screenshot_dir):
    page = new_page(**PHONE_PAGE)
    open_board(page, site_url)
    teach = page.locator(f"{BOARD} .bin-teach")
    offer = teach.get_by_role("button", name="Learn them by playing")
    assert offer.is_visible()
    offer.click()
    for number, step in enumerate(LESSON, 1):
        page.wait_for_function(showing(step["grid"]), timeout=60_000)
        wait_idle(page)
        said = page.locator(f"{BOARD} .bin-lesson-text").inner_text()
        assert f"Lesson {number} of {len(LESSON)}" in said
        assert message(page) == step["ask"]
        if number == 1:
            # The Hint names the rule of the step, in a player's words.
            page.get_by_role("button", name="Hint").click()
            wait_idle(page)
            assert "three 0s in a row" in message(page)
            page.screenshot(path=str(screenshot_dir / "binairo-lesson-phone.png"))
        row, col, value = step["cell"]
        page.touchscreen.tap(*cell_centre(page, row, col))  # a 0
        wait_idle(page)
        if value == 1:
            assert message(page) == step["wrong"]
            page.touchscreen.tap(*cell_centre(page, row, col))  # then a 1
            wait_idle(page)
        assert message(page).startswith(step["right"])
        last = number == len(LESSON)
        teach.get_by_role("button", name="Play a game" if last else "Next step").click()
    # "You're ready": a normal game, the lesson's line gone (its room kept).
    lesson_grids = json.dumps([s["grid"] for s in LESSON])
    page.wait_for_function(f"{SHOWN_GIVENS} && !{lesson_grids}.includes({SHOWN_GIVENS})",
                           timeout=60_000)
    wait_idle(page)
    assert page.locator(f"{BOARD} .bin-rules").is_visible()
    line = page.locator(f"{BOARD} .bin-lesson-line")
    assert line.evaluate("(el) => getComputedStyle(el).visibility") == "hidden"
    # A later visit is not offered the lesson again; How it works (the lab) still has it.
    page.reload()
    open_board(page, site_url)
    assert page.locator(f"{BOARD} .bin-lesson-line").is_hidden()
    page.get_by_role("button", name="Lab & help").click()
    page.locator(f"{BOARD} .how-it-works > summary").click()
    page.locator(f"{BOARD} .how-it-works").get_by_role("button", name="Take the lesson").click()
    page.wait_for_function(showing(LESSON[0]["grid"]), timeout=60_000)
