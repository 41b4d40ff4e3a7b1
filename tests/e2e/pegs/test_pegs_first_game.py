"""Peg solitaire: its own cases of tests/e2e/test_first_game.py, moved here from it (that
module's subject: A first game of each puzzle, played to the end as a person would: the
result line, Next puzzle, the daily puzzle (the same for everyone on a date) and the
result to share with its link)."""

from __future__ import annotations

import pytest
from peg_catalogue_file import par
from test_first_game import (
    assert_daily_link_opens,
    message,
    open_tab,
    share,
    start_of,
    today,
    wait_idle,
)
from test_lightsout_page import ask

from puzzle_homes import facts
from puzzlelab import pegs

pytestmark = pytest.mark.e2e


def test_peg_solitaire_first_game(page, site_url, screenshot_dir):
    """The English central game, in the jumps Python's solver finds: moves and the record."""
    root = open_tab(page, site_url, "pegs")
    english = pegs.BOARD_GRIDS["english"]
    assert root.get_attribute("data-game-id") == english
    jumps = ask({"cmd": "pegs.solve", "grid": english})["moves"]
    facts("pegs").play_jumps(page, jumps)
    assert root.get_attribute("data-status") == "won"
    # Moves as players count them: a run of jumps by one peg is one move.
    moves = sum(1 for i, (src, _) in enumerate(jumps) if i == 0 or jumps[i - 1][1] != src)
    assert moves > 18  # the solver's line is not the proven fewest, 18 moves
    # The par is the shipped catalogue's (none said when the file lacks the problem).
    best = par("english", (3, 3), (3, 3))
    page.wait_for_function("document.querySelector('#pegs').dataset.catalogue === 'shown'")
    said = message(page, "pegs")
    assert said == (f"Solved in {moves} moves (31 jumps)" + (f"; par is {best}." if best else "!"))
    page.locator("#pegs .message").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "first-game-pegs.png"))
    shared = share(page, "pegs")
    assert shared.startswith(f"Peg solitaire: {said} ")
    assert start_of(shared, "pegs") == english

    page.get_by_role("button", name="Next puzzle").click()
    wait_idle(page, "pegs")
    assert page.locator('#pegs [data-field="board"]').input_value() == "french"
    assert root.get_attribute("data-status") == "ready"

    _, _, day = today()
    name = pegs.BOARDS[day % len(pegs.BOARDS)]
    page.get_by_role("button", name="Daily puzzle").click()
    wait_idle(page, "pegs")
    assert page.locator('#pegs [data-field="board"]').input_value() == name
    board = next(b for b in ask({"cmd": "pegs.boards"})["boards"] if b["name"] == name)
    assert root.get_attribute("data-game-id").split("@")[0] == board["grid"]
    assert message(page, "pegs").startswith("The daily puzzle: the ")
    assert_daily_link_opens(page, site_url, "pegs")
