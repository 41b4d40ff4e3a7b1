"""Peg solitaire: its own cases of tests/e2e/test_before_python.py, moved here from it
(that module's subject: Play before Python is up: Python starts only at the first touch
of a board (nothing of it is fetched before), and with a deliberately slow start
(``?python-delay=MS``) each board is drawn and takes moves, undo and redo at once, while
the buttons that need Python say they are waiting and then work)."""

from __future__ import annotations

from typing import Any

import pytest
from test_before_python import assert_waiting, open_slow, undo_redo, wait_game_change

from puzzlelab import pegs

pytestmark = pytest.mark.e2e


def test_pegs_jump_and_undo_before_python(page: Any, site_url: str) -> None:
    root = open_slow(page, site_url, "pegs")
    start = root.get_attribute("data-game-id")
    assert start == pegs.Position.parse("english").grid  # the English board, from the rules
    (r1, c1), (r2, c2) = (3, 5), (3, 3)
    for r, c in ((r1, c1), (r2, c2)):
        x, y = page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({r}, {c})")
        page.mouse.click(x, y)
    jumped = wait_game_change(page, "pegs", start)
    expected = pegs.Position.parse(start)
    assert jumped == expected.play(expected.find_move((r1, c1), (r2, c2))).grid
    undo_redo(page, "pegs", start, jumped)
    assert_waiting(page, "pegs", "Hint")
