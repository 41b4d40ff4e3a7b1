"""Lights Out: its own cases of tests/e2e/test_before_python.py, moved here from it (that
module's subject: Play before Python is up: Python starts only at the first touch of a
board (nothing of it is fetched before), and with a deliberately slow start (``?python-
delay=MS``) each board is drawn and takes moves, undo and redo at once, while the
buttons that need Python say they are waiting and then work)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_before_python import SAVE_DATA, assert_waiting, open_slow, undo_redo, wait_game_change

from puzzlelab.lightsout import Board

pytestmark = pytest.mark.e2e


def test_lights_out_plays_and_saves_before_python(
    page: Any, site_url: str, screenshot_dir: Path
) -> None:
    root = open_slow(page, site_url, "lightsout")
    start = root.get_attribute("data-game-id")
    board = Board.parse(start)
    assert board.lit > 0  # a random solvable board, drawn by the JavaScript rules
    canvas = page.locator("#lightsout .board-area canvas")
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + 2.5 * box["width"] / board.cols,
                     box["y"] + 2.5 * box["height"] / board.rows)
    pressed = wait_game_change(page, "lightsout", start)
    assert Board.parse(pressed) == board.press(2, 2)  # Python's rules agree
    assert root.get_attribute("data-python") == "starting"  # the touch started it
    undo_redo(page, "lightsout", start, pressed)
    assert_waiting(page, "lightsout", "Show solution")
    page.screenshot(path=str(screenshot_dir / "before-python-lightsout.png"))

    # The game played before Python was up is saved: a reload resumes it (no Python needed).
    page.goto(f"{site_url}#lightsout")
    page.wait_for_function("(id) => document.querySelector('#lightsout').dataset.gameId === id",
                           arg=pressed, timeout=10_000)


def test_a_click_on_a_solver_button_while_python_starts_runs_when_it_is_ready(
    page: Any, site_url: str
) -> None:
    page.goto(f"{site_url}?python-delay=3000#lightsout")
    root = page.locator("#lightsout")
    page.wait_for_function("document.querySelector('#lightsout')?.dataset.gameId", timeout=10_000)
    assert root.get_attribute("data-python") == "idle"
    root.get_by_role("button", name="Show solution").click()  # the click starts Python
    assert root.get_attribute("data-python") == "starting"
    page.wait_for_function(
        "window.puzzleLab.boards.lightsout.kept.solve.result?.value", timeout=120_000
    )
    assert root.get_attribute("data-python") == "ready"
    assert not page.locator(".python-boot").count()  # the boot line is gone
    board = Board.parse(root.get_attribute("data-game-id"))
    result = page.evaluate("window.puzzleLab.boards.lightsout.kept.solve.result.value")
    cells = "".join(result["press_grid"].split("/"))
    presses = sum(1 << i for i, count in enumerate(cells) if int(count, 36) % 2)
    assert board.apply(presses).lit == 0


def test_a_reader_who_saves_data_gets_python_only_when_opening_the_lab(fresh_page, site_url):
    """The page starts Python unasked after 5 s of quiet (idle-start.mjs), but not
    on a connection that asks to save data: there only a touch, a solver or the
    lab starts it (not the pointer over a board), and the lab does."""
    page = fresh_page
    page.add_init_script(SAVE_DATA)
    page.goto(f"{site_url}#lightsout")
    page.wait_for_function("document.querySelector('#lightsout')?.dataset.gameId", timeout=10_000)
    box = page.locator("#lightsout .board-area canvas").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=3)
    page.wait_for_timeout(7_000)  # past the page's idle start; the pointer over the board
    assert page.evaluate("window.puzzleLab.client.started") is False
    assert page.locator("#lightsout").get_attribute("data-python") == "idle"
    page.locator("#lightsout").get_by_role("button", name="Lab & help").click()
    assert page.evaluate("window.puzzleLab.client.started") is True
    page.wait_for_function("document.querySelector('#lightsout').dataset.python === 'ready'",
                           timeout=90_000)
