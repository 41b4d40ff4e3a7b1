"""Lights Out: its own cases of tests/e2e/test_play_words_and_motion_page.py, moved here
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

from puzzlelab.lightsout import costs
from puzzlelab.lightsout.variant import Variant
from puzzlelab.notation import PuzzleError

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

#: True while the board's lights ripple.
ANIMATING = "window.puzzleLab.boards.lightsout.grid.animating"


def press_lightsout(page, row: int, col: int) -> None:
    """Press a cell as the keyboard does (actAt is a click on the cell)."""
    page.evaluate(f"window.puzzleLab.boards.lightsout.actAt({row}, {col})")
    wait_idle(page, "lightsout")


def test_lightsout_play_screen_says_no_lab_word(page, site_url):
    root = open_board(page, site_url, "lightsout")
    for row, col in ((0, 0), (2, 2), (4, 1)):
        press_lightsout(page, row, col)
    root.get_by_role("button", name="Hint").click()
    wait_idle(page, "lightsout")
    text = play_lines(page, "lightsout")
    assert "Hint: press the ringed cell" in text
    assert not LAB_WORDS.search(text), text
    # The solver's note, in a player's words too.
    page.evaluate("document.querySelector('#lightsout [data-action=solution]').click()")
    wait_idle(page, "lightsout")
    text = play_lines(page, "lightsout")
    assert "This board can be solved" in text
    assert not LAB_WORDS.search(text), text


def test_lightsout_unsolvable_hint_and_big_board_refusal_are_plain(page, site_url, monkeypatch):
    # 4x4 has unsolvable boards: one light in a corner is one of them.
    open_board(page, site_url, "lightsout", "4x4:8000")
    page.locator("#lightsout").get_by_role("button", name="Hint").click()
    wait_idle(page, "lightsout")
    message = page.locator("#lightsout .message").inner_text()
    assert "cannot be solved" in message and not LAB_WORDS.search(message), message
    # Python's refusal of a job too big, in the page's words (the exact one stays in the tooltip).
    monkeypatch.setattr(costs, "IN_PAGE", True)  # the page's limits, as the worker has them
    with pytest.raises(PuzzleError) as refused:
        costs.check_cost("Solving", 20000, 20000, Variant(), costs.solve_cost)
    plain = page.evaluate(
        """(message) => import('./puzzles/lightsout/solution.mjs')
             .then((m) => m.plainRefusal(message))""",
        str(refused.value),
    )
    assert plain and "too big to solve here" in plain and not LAB_WORDS.search(plain)


def test_a_new_lightsout_puzzle_starts_with_its_solution_hidden(page, site_url):
    root = open_board(page, site_url, "lightsout")
    button = root.locator("[data-action=solution]")
    for start_next in (
        "window.puzzleLab.boards.lightsout.nextPuzzle()",
        "document.querySelector('#lightsout [data-action=random]').click()",
    ):
        button.evaluate("(b) => b.click()")
        wait_idle(page, "lightsout")
        assert button.get_attribute("aria-pressed") == "true"
        assert page.evaluate("window.puzzleLab.boards.lightsout.solution") is not None
        before = root.get_attribute("data-game-id")
        page.evaluate(start_next)
        wait_idle(page, "lightsout")
        assert root.get_attribute("data-game-id") != before
        assert button.get_attribute("aria-pressed") == "false"
        assert button.inner_text() == "Show solution"
        assert not page.evaluate("window.puzzleLab.boards.lightsout.showSolution")
        assert root.locator(".solution-note").inner_text().strip() == ""


def test_the_lightsout_board_keeps_its_size_when_a_hint_is_said(page, site_url):
    root = open_board(page, site_url, "lightsout")
    size = canvas_size(page, "lightsout")
    root.get_by_role("button", name="Hint").click()
    wait_idle(page, "lightsout")
    assert "Hint:" in root.locator(".message").inner_text()
    assert canvas_size(page, "lightsout") == size


def test_a_press_animates_and_ends_as_drawn_without_motion(page, site_url):
    open_board(page, site_url, "lightsout")
    still, moved = settled_picture(page, "lightsout", True,
                                   lambda: press_lightsout(page, 2, 2), ANIMATING)
    assert not moved
    page.evaluate("window.puzzleLab.boards.lightsout.undo()")
    wait_idle(page, "lightsout")
    animated, moved = settled_picture(page, "lightsout", False, lambda: press_lightsout(page, 2, 2),
                                      ANIMATING)
    assert moved
    assert animated == still
