"""Peg solitaire: its own cases of tests/e2e/test_layout_page.py, moved here from it (that
module's subject: Themes and widths: every tab at phone and desktop width, light and
dark)."""

from __future__ import annotations

import pytest
from test_layout_page import FIRST_DRAWN, PUZZLES

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_a_board_stays_where_it_was_first_drawn(page, site_url, puzzle):
    """No board moves or resizes once shown, untouched: a person's first
    click aims at what they see. (The peg board was drawn before pegs.css
    applied, then moved 38 px down when its lines took their height.)"""
    page.add_init_script(FIRST_DRAWN)
    page.goto(f"{site_url}#{puzzle}")
    page.wait_for_function(
        f"window.puzzleLab?.boards.{puzzle}?.idle() && '{puzzle}' in window.firstDrawn")
    page.wait_for_timeout(1500)  # a late sheet, font or line would have moved it by now
    first, now = page.evaluate(
        """(id) => {
          const canvas = document.querySelector(`#${id} canvas`);
          const { x, y, width, height } = canvas.getBoundingClientRect();
          return [window.firstDrawn[id], [x, y, width, height]];
        }""",
        puzzle,
    )
    assert now == first
