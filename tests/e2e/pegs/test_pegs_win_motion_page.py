"""Peg solitaire: its own cases of tests/e2e/test_win_motion_page.py, moved here from it
(that module's subject: Wins in each puzzle's own language: the winning move draws a
motion on the board that settles to the final picture within about a second (at once
under reduced motion), the next input is taken at once, the card keeps off the last peg,
the card's time and the message's agree after a reload, and a fewest the solver finds
after the win is said to be on its way, then shown)."""

from __future__ import annotations

import pytest
from test_win_motion_page import open_near_win, wait_idle

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


def peg_hole(page, row: int, col: int) -> tuple[float, float]:
    return tuple(page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({row}, {col})"))


@pytest.mark.parametrize("size", [(1280, 800), (375, 740)])
def test_the_win_card_never_covers_the_last_peg(page, site_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    move = open_near_win(page, site_url, "pegs")
    move(page)
    wait_idle(page, "pegs")
    card = page.locator("#pegs .win-card")
    card.wait_for(state="visible")
    x, y = peg_hole(page, 3, 3)
    half = page.evaluate("window.puzzleLab.boards.pegs.geo.cell") / 2
    peg = {"left": x - half, "right": x + half, "top": y - half, "bottom": y + half}

    def assert_apart(box: dict) -> None:
        apart = (box["x"] + box["width"] <= peg["left"] or box["x"] >= peg["right"]
                 or box["y"] + box["height"] <= peg["top"] or box["y"] >= peg["bottom"])
        assert apart, (box, peg)

    assert_apart(card.bounding_box())
    # The card grows after it is placed when a figure or a line comes later (a
    # par, the page's line pointing to the levels): it moves off the peg again.
    page.evaluate("""() => {
      const line = document.querySelector('#pegs .win-level');
      line.hidden = false;
      line.textContent = 'A line the page adds later, long enough to wrap. '.repeat(5);
    }""")
    boxes, settled = [card.bounding_box()], 0
    while settled < 5 and len(boxes) < 60:  # until it has stayed put for half a second
        page.wait_for_timeout(100)
        boxes.append(card.bounding_box())
        settled = settled + 1 if boxes[-1] == boxes[-2] else 0
    assert boxes[-1]["height"] > boxes[0]["height"] - 1
    assert_apart(boxes[-1])
