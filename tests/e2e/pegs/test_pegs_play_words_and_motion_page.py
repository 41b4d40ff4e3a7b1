"""Peg solitaire: its own cases of tests/e2e/test_play_words_and_motion_page.py, moved here
from it (that module's subject: Lights Out and peg solitaire as a player meets them: a
player's words on the play screen, a new puzzle with its solution hidden, a board that
keeps its size when a line appears, and motion that ends where no motion would have
drawn)."""

from __future__ import annotations

import pytest
from test_play_words_and_motion_page import (
    LAB_WORDS,
    canvas_size,
    open_board,
    play_lines,
    settled_picture,
    wait_idle,
)

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

#: True while a peg is on its way.
MOVING = "Boolean(window.puzzleLab.boards.pegs.motion)"


def jump(page, src: tuple[int, int], dst: tuple[int, int]) -> None:
    """Click the peg at `src`, then the hole `dst`."""
    for r, c in (src, dst):
        x, y = page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({r}, {c})")
        page.mouse.click(x, y)
    wait_idle(page, "pegs")


def test_pegs_play_screen_says_no_lab_word(page, site_url):
    root = open_board(page, site_url, "pegs")
    jump(page, (1, 3), (3, 3))
    jump(page, (2, 1), (2, 3))
    root.get_by_role("button", name="Hint").click()
    wait_idle(page, "pegs")
    text = play_lines(page, "pegs")
    assert "Hint: jump the peg" in text
    assert not LAB_WORDS.search(text), text


@pytest.mark.parametrize("viewport", [(1280, 800), (375, 740)])
def test_the_peg_board_keeps_its_size_when_a_hint_line_appears(page, site_url, viewport):
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    root = open_board(page, site_url, "pegs")
    size = canvas_size(page, "pegs")
    top = page.locator("#pegs .board-area canvas").bounding_box()["y"]
    root.get_by_role("button", name="Hint").click()
    wait_idle(page, "pegs")
    assert root.locator(".solution-note").inner_text().strip().startswith("Hint:")
    assert canvas_size(page, "pegs") == size
    # A line was kept for it: where it fits on one line, the board does not move either.
    if viewport[0] >= 1000:
        assert abs(page.locator("#pegs .board-area canvas").bounding_box()["y"] - top) < 1


def test_a_jump_animates_and_ends_as_drawn_without_motion(page, site_url):
    open_board(page, site_url, "pegs")
    still, moved = settled_picture(page, "pegs", True, lambda: jump(page, (1, 3), (3, 3)), MOVING)
    assert not moved
    page.evaluate("window.puzzleLab.boards.pegs.undo()")
    wait_idle(page, "pegs")
    animated, moved = settled_picture(page, "pegs", False, lambda: jump(page, (1, 3), (3, 3)),
                                      MOVING)
    assert moved
    assert animated == still
