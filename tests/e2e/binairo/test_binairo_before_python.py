"""The binary puzzle: its own cases of tests/e2e/test_before_python.py, moved here from it
(that module's subject: Play before Python is up: Python starts only at the first touch
of a board (nothing of it is fetched before), and with a deliberately slow start
(``?python-delay=MS``) each board is drawn and takes moves, undo and redo at once, while
the buttons that need Python say they are waiting and then work)."""

from __future__ import annotations

from typing import Any

import pytest
from test_before_python import assert_waiting, open_slow, undo_redo, wait_game_change

from puzzlelab.binairo import Grid

pytestmark = pytest.mark.e2e


def test_binary_puzzle_fills_and_undoes_before_python(page: Any, site_url: str) -> None:
    root = open_slow(page, site_url, "binairo")
    start = root.get_attribute("data-game-id")
    grid = Grid.parse(start)
    row, col = next((r, c) for r in range(grid.rows) for c in range(grid.cols)
                    if grid.cell(r, c) == ".")
    canvas = page.locator("#binairo canvas")
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + (col + 0.5) * box["width"] / grid.cols,
                     box["y"] + (row + 0.5) * box["height"] / grid.rows)
    filled = wait_game_change(page, "binairo", start)
    assert Grid.parse(filled).cell(row, col) == "0"
    undo_redo(page, "binairo", start, filled)
    assert_waiting(page, "binairo", "Solve")
