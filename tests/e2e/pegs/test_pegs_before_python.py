"""Peg solitaire: its own cases of tests/e2e/test_before_python.py, moved here from it
(that module's subject: Play before Python is up: Python starts only at the first touch
of a board (nothing of it is fetched before), and with a deliberately slow start
(``?python-delay=MS``) each board is drawn and takes moves, undo and redo at once, while
the buttons that need Python say they are waiting and then work)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from test_before_python import (
    DELAY_MS,
    STARTED,
    assert_waiting,
    open_slow,
    undo_redo,
    wait_game_change,
)

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


ENGLISH = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"


def test_a_jump_aimed_on_a_scrolled_board_lands_where_aimed_while_python_starts(
    page: Any, site_url: str
) -> None:
    """The peg case: on a page scrolled so that the board is near the top, the
    pointer coming over a peg starts Python, whose boot line appears in the
    room it had from the first draw, so neither the page's scroll anchoring
    nor the line moves the board: the press on the peg and the one on the
    hole land on the cells aimed at when the pointer set off."""
    page.goto(f"{site_url}?python-delay={DELAY_MS}#pegs={quote(ENGLISH, safe='')}")
    page.wait_for_function("document.querySelector('#pegs')?.dataset.gameId", timeout=10_000)
    root = page.locator("#pegs")
    assert root.get_attribute("data-python") == "idle"
    # Scrolled: the board's top a little under the window's top, the page going on below it.
    page.evaluate("""() => {
      const top = document.querySelector('#pegs canvas').getBoundingClientRect().top + scrollY;
      scrollTo(0, top - 40);
    }""")
    scrolled = page.evaluate("scrollY")
    assert scrolled > 0
    centre = "([r, c]) => window.puzzleLab.boards.pegs.cellCentre(r, c)"
    peg, hole = page.evaluate(centre, [5, 3]), page.evaluate(centre, [3, 3])
    page.mouse.move(*peg, steps=8)  # the pointer arrives over the peg: a sign of play
    assert page.wait_for_function(STARTED, arg="pegs", timeout=5_000).json_value() == "starting"
    page.locator(".python-boot").wait_for(state="visible")
    page.wait_for_timeout(200)  # a frame or two for any anchoring to act
    assert page.evaluate("scrollY") == scrolled
    assert page.evaluate(centre, [5, 3]) == peg, "the board moved under the pointer"
    page.mouse.click(*peg)
    page.mouse.click(*hole)
    rows = [list(row) for row in ENGLISH.split("/")]
    rows[5][3], rows[4][3], rows[3][3] = ".", ".", "o"
    expected = "/".join("".join(row) for row in rows)
    page.wait_for_function("(g) => window.puzzleLab.boards.pegs.state?.grid === g",
                           arg=expected, timeout=5_000)
    assert root.get_attribute("data-python") == "starting"  # all of it while Python starts
