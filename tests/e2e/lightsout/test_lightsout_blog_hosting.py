"""Lights Out: its own cases of tests/e2e/test_blog_hosting.py, moved here from it (that
module's subject: The site as a GitHub Pages project site, embedded in a blog post
beside it)."""

from __future__ import annotations

import pytest
import test_blog_hosting
from test_blog_hosting import open_post

from blog_site import (
    SUBPATH,
)
from puzzlelab import api

pytestmark = pytest.mark.e2e

blog = test_blog_hosting.blog  # its fixture, shared


LIGHTS = 'puzzle-lab[puzzle="lightsout"]'


def test_a_board_in_the_post_plays_and_its_hint_answers(fresh_page, blog):
    page = fresh_page
    url, served = blog
    mark = served.mark()
    open_post(page, url)
    lights = page.locator(LIGHTS)
    lights.scroll_into_view_if_needed()
    page.wait_for_function(
        f"document.querySelector('{LIGHTS}').dataset.gameId === '5x5:1f8c4a0'", timeout=60_000)
    start = "5x5:1f8c4a0"
    # A press on the middle cell, clicked where the board draws it.
    row, col = 2, 2
    x, y = lights.evaluate("""(el, [r, c]) => {
      const board = window.PuzzleLab.boardOf(el);
      const rect = board.canvas.getBoundingClientRect();
      return [rect.left + (c + 0.5) * rect.width / board.grid.cols,
              rect.top + (r + 0.5) * rect.height / board.grid.rows];
    }""", [row, col])
    page.mouse.click(x, y)
    pressed = api.handle({"cmd": "lightsout.press", "game": start, "row": row, "col": col})
    expected = pressed["result"]["game"]
    page.wait_for_function(f"document.querySelector('{LIGHTS}').dataset.gameId !== '{start}'",
                           timeout=30_000)
    assert lights.get_attribute("data-game-id") == expected
    # Its Hint: Python starts (from the sub-path) and rings a cell.
    lights.locator('[data-action="hint"]').click()
    hint = page.wait_for_function(
        """(el) => {
          const board = window.PuzzleLab.boardOf(el);
          return board.hint?.game === el.dataset.gameId && board.hint.press;
        }""", arg=lights.element_handle(), timeout=120_000).json_value()
    said = f"Hint: press the ringed cell (row {hint[0] + 1}, column {hint[1] + 1})"
    assert said in lights.inner_text()
    # Checked apart from the page: pressing the ringed cell leaves one press fewer.
    fewest = api.handle({"cmd": "lightsout.solve", "game": expected})["result"]["press_count"]
    after = api.handle({"cmd": "lightsout.press", "game": expected, "row": hint[0], "col": hint[1]})
    later = api.handle({"cmd": "lightsout.solve", "game": after["result"]["game"]})
    assert later["result"]["press_count"] == fewest - 1
    python = [path for path in served.since(mark) if path.startswith(f"{SUBPATH}pyodide/")]
    assert python, "the hint was answered without Python's files from the sub-path"
    # The peg board beside it, untouched, asked nothing: no opening book came.
    data = [path for path in served.since(mark)
            if path.startswith(f"{SUBPATH}data/") or path.endswith("/catalogue.json")]
    assert not data, f"an untouched board fetched solver data: {data}"
