"""Keyboard play on the main page, for test_keyboard_page.py and the puzzles'
facts (``keyboard_play``): open a board, Tab to it, press keys, hear its live
region. Names no puzzle."""

from __future__ import annotations

from urllib.parse import quote


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
