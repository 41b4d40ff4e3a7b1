"""Keyboard play: each puzzle solved with keys only, and what a screen reader hears.

One page load serves all three puzzles (the worker boots once); each board
is opened by its permalink, reached with Tab like a person would, played with
arrows and Space, and must say it is solved.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

LIGHTSOUT = "3x3:5d0"  # a plus sign: one press in the centre
PEGS = "oo...@any"  # one jump from one peg; the goal is one peg anywhere
BINAIRO = ".011/1100/0101/1010"  # solved but for a 0 in the top left corner


def open_board(page, puzzle: str, game: str) -> None:
    """Show `game` on the tab of `puzzle` through its permalink, and wait for it."""
    page.evaluate("(hash) => { location.hash = hash; }", f"#{puzzle}={quote(game, safe='')}")
    page.wait_for_function(
        """(id) => { const board = window.puzzleLab?.boards[id];
          return board?.idle() && board.root.dataset.status !== 'loading'
            && !board.root.closest('[hidden]'); }""",
        arg=puzzle,
        timeout=90_000,
    )


def keys(page, puzzle: str, *names: str) -> None:
    for name in names:
        page.keyboard.press(name)
    page.wait_for_function(f"window.puzzleLab.boards.{puzzle}.idle()", timeout=60_000)


def spoken(page, puzzle: str) -> str:
    """The text of the board's live region, once its announcement is out."""
    page.wait_for_timeout(50)
    return page.locator(f"#{puzzle} .live-region").inner_text()


def tab_to_board(page, puzzle: str) -> None:
    """Check the board's keyboard surface, then press Tab until it has the focus."""
    board = page.locator(f"#{puzzle}")
    assert board.locator(".live-region[aria-live=polite]").count() == 1
    assert board.locator("[aria-live]").count() == 1  # one voice per board
    canvas = board.locator("canvas").first
    assert canvas.get_attribute("tabindex") == "0"
    assert canvas.get_attribute("aria-label")
    help_id = canvas.get_attribute("aria-describedby")
    said = page.locator(f"#{help_id}").inner_text()
    # One sentence for every board, and the board's own words on Space.
    assert said.startswith("Keys: Tab to the board, arrows move, Space plays, H hint, U undo"), said
    assert "On this board: arrow keys" in said, said
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement === document.querySelector('#{puzzle} canvas')"):
            return
    raise AssertionError(f"Tab never reached the {puzzle} board")


def status(page, puzzle: str) -> str:
    return page.locator(f"#{puzzle}").get_attribute("data-status")


def check_solved(page, puzzle: str, solved: str, message: str, said: str, shot) -> None:
    """The board's status, its message line and its live region after the winning key."""
    assert status(page, puzzle) == solved
    assert message in page.locator(f"#{puzzle} .message").inner_text()
    assert said in spoken(page, puzzle)
    page.screenshot(path=str(shot / f"keyboard-{puzzle}-solved.png"))


def test_keyboard_only_solves_every_puzzle(page, site_url, screenshot_dir):
    page.goto(f"{site_url}#lightsout={quote(LIGHTSOUT, safe='')}")
    open_board(page, "lightsout", LIGHTSOUT)

    # Lights Out: down, right, press the centre.
    tab_to_board(page, "lightsout")
    assert "Row 1 column 1, off" in spoken(page, "lightsout")
    keys(page, "lightsout", "ArrowDown", "ArrowRight")
    assert "Row 2 column 2, on" in spoken(page, "lightsout")
    page.screenshot(path=str(screenshot_dir / "keyboard-lightsout-cursor.png"))
    keys(page, "lightsout", "Space")
    said = "All lights are out — solved in 1 press"
    check_solved(page, "lightsout", "solved", "All lights are out", said, screenshot_dir)
    keys(page, "lightsout", "u")  # U undoes, R redoes
    assert status(page, "lightsout") == "ready"
    keys(page, "lightsout", "h")  # a hint is heard as well as seen
    assert "Hint: press the ringed cell (row 2, column 2)" in spoken(page, "lightsout")
    keys(page, "lightsout", "r")
    assert status(page, "lightsout") == "solved"

    # Peg solitaire: pick up the first peg, walk two holes right, jump.
    page.locator("#tab-pegs").focus()
    open_board(page, "pegs", PEGS)
    tab_to_board(page, "pegs")
    page.evaluate("""() => {
      const region = document.querySelector('#pegs .live-region');
      window.heardPegs = [];
      new MutationObserver(() => window.heardPegs.push(region.textContent))
        .observe(region, { childList: true, characterData: true, subtree: true });
    }""")
    keys(page, "pegs", "Space")
    # The first touch also asks for the position's verdict, which may be heard next.
    page.wait_for_timeout(50)
    assert "Picked up the peg; 1 jump from here." in " ".join(page.evaluate("window.heardPegs"))
    page.locator('#pegs [data-action="hint"]').click()  # a result note is heard too
    page.wait_for_function("window.puzzleLab.boards.pegs.idle()", timeout=60_000)
    assert "Hint" in spoken(page, "pegs")
    tab_to_board(page, "pegs")
    keys(page, "pegs", "ArrowRight", "ArrowRight")
    assert "Row 1 column 3, empty hole, a jump target" in spoken(page, "pegs")
    page.screenshot(path=str(screenshot_dir / "keyboard-pegs-picked.png"))
    keys(page, "pegs", "Enter")
    said = "Jumped from row 1 column 1 to row 1 column 3; 1 peg left."
    check_solved(page, "pegs", "won", "Solved in 1 move", said, screenshot_dir)
    # The goal is part of the game ID, so the link keeps it; a bad goal is refused.
    assert page.locator("#pegs").get_attribute("data-game-id") == "..o..@any"
    assert page.evaluate("location.hash") == "#pegs=..o..%40any"
    assert page.locator('#pegs [data-field="goal"]').input_value() == "any"
    page.evaluate("location.hash = '#pegs=oo...%40nowhere'")
    page.locator("#page-notice").wait_for(state="visible")
    assert 'unknown goal "nowhere"' in page.locator("#page-notice").inner_text()
    assert page.locator("#pegs").get_attribute("data-game-id") == "..o..@any"

    # Binary puzzle: Space cycles the empty corner to 0, then 1; the 0 key writes 0.
    page.locator("#tab-binairo").focus()
    open_board(page, "binairo", BINAIRO)
    tab_to_board(page, "binairo")
    assert "Row 1 column 1, empty" in spoken(page, "binairo")
    keys(page, "binairo", "Space", "Space")  # 0, then 1: not solved
    assert status(page, "binairo") == "ready"
    keys(page, "binairo", "0")  # back to 0
    said = "Row 1 column 1: 0; 0 empty cells."
    check_solved(page, "binairo", "solved", "Solved in", said, screenshot_dir)

    # A reload brings the peg game back from its save, goal and undo history too.
    page.locator("#tab-pegs").click()
    page.reload()
    open_board(page, "pegs", "..o..@any")
    assert page.locator("#pegs").get_attribute("data-game-id") == "..o..@any"
    assert page.locator('#pegs [data-field="goal"]').input_value() == "any"
    assert page.locator('#pegs [data-action="undo"]').is_enabled()
