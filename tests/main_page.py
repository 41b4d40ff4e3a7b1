"""Driving a puzzle's board on the main page, for the browser tests that hold
for every puzzle: links, waiting for a board, reading its game, a move made
as each puzzle's facts (tests/<id>/facts.py) say. Names no puzzle."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote, unquote

from page_moves import Board
from puzzle_homes import facts
from puzzlelab import api


def link(site_url: str, puzzle: str, game: str) -> str:
    """The main page's link to ``game`` of ``puzzle``."""
    return f"{site_url}#{puzzle}={quote(game, safe='')}"


def wait_board(page: Any, puzzle: str) -> None:
    """Wait until the board has booted and answered every queued action."""
    page.wait_for_function(
        f"window.puzzleLab?.boards.{puzzle}?.idle() "
        f"&& document.querySelector('#{puzzle}').dataset.gameId",
        timeout=90_000,
    )


def game_id(page: Any, puzzle: str) -> str:
    """The game ID the board shows."""
    return page.locator(f"#{puzzle}").get_attribute("data-game-id")


def hash_game(page: Any, puzzle: str) -> str:
    """The game the address bar names (its hash), checked to name ``puzzle``."""
    text = page.evaluate("location.hash")
    assert text.startswith(f"#{puzzle}=")
    return unquote(text.split("=", 1)[1])


def play(page: Any, puzzle: str, move: int) -> None:
    """Make the ``move``-th (0 or 1) move of the little game on ``puzzle``'s
    facts.GAME, as a person does."""
    facts(puzzle).play(page, Board.main(puzzle), move)


def python_reason(puzzle: str, game: str) -> str:
    """The first sentence of Python's own answer to loading ``game`` (which it
    refuses) as ``puzzle``'s board asks, as notices quote it."""
    answer = api.handle(facts(puzzle).load_request(game))
    assert not answer["ok"]
    return re.split(r"\.\s+(?=[A-Z])", answer["error"])[0].rstrip(".")


def stored(page, puzzle: str, key: str = "saved") -> dict | None:
    """The saved game and its history; the timer's reading saved with it
    (which moves on whenever the game is saved again) is left out."""
    text = page.evaluate(f"localStorage.getItem('puzzlelab.{key}.{puzzle}')")
    if text is None:
        return None
    snapshot = json.loads(text)["snapshot"]
    snapshot.pop("clock", None)
    return snapshot


def wait_game(page, puzzle: str, game: str) -> None:
    """Wait until `puzzle`'s board shows `game` and has settled."""
    page.wait_for_function(
        f"document.querySelector('#{puzzle}').dataset.gameId === {json.dumps(game)}")
    wait_board(page, puzzle)


def note_shown(page) -> bool:
    return page.locator("#kept-note").is_visible()


def saved(page, puzzle: str) -> dict | None:
    """The stored entry; the timer's reading saved with the game, and the page
    and time that saved it (which move on whenever the game is saved again),
    are left out."""
    text = page.evaluate(f"localStorage.getItem('puzzlelab.saved.{puzzle}')")
    if text is None:
        return None
    entry = json.loads(text)
    entry.pop("page", None)
    entry.pop("at", None)
    if isinstance(entry.get("snapshot"), dict):
        entry["snapshot"].pop("clock", None)
    return entry


def notice_text(page) -> str:
    return page.locator("#page-notice").inner_text()


def play_two_moves(page, puzzle: str) -> list[str]:
    """From the good link's game, two moves: the three game IDs seen."""
    page.goto(link(page.site_url, puzzle, facts(puzzle).GAME))
    wait_board(page, puzzle)
    seen = [game_id(page, puzzle)]
    for move in (0, 1):
        play(page, puzzle, move)
        wait_board(page, puzzle)
        seen.append(game_id(page, puzzle))
    assert len(set(seen)) == 3
    return seen


def assert_undo_back_to(page, puzzle: str, seen: list[str]) -> None:
    """The board shows seen[-1]; Undo steps back through the rest."""
    assert game_id(page, puzzle) == seen[-1]
    for expected in reversed(seen[:-1]):
        page.locator(f"#{puzzle}").get_by_role("button", name="Undo").click()
        wait_board(page, puzzle)
        assert game_id(page, puzzle) == expected


# Whether an element lies wholly inside the window.
IN_VIEW = """(el) => {
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
}"""


def card_text(page, puzzle: str) -> str:
    """The text of ``puzzle``'s win card, once shown, checked to be in view."""
    card = page.locator(f"#{puzzle} .win-card")
    card.wait_for(state="visible")
    assert card.evaluate(IN_VIEW), f"the {puzzle} win card is not in view"
    return card.inner_text()


def choose(page, puzzle: str) -> None:
    """Show ``puzzle``'s board as a person picks it: its tab, through the
    puzzle menu when the tabs are folded into one (a phone, many puzzles)."""
    # The tab row refits after a change of the window's size (a ResizeObserver,
    # at the next frame): read its fit once two frames have passed, else a
    # phone-width window may still say "tabs" from the desktop width before.
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                  "requestAnimationFrame(done)))")
    if page.locator(".tab-row").get_attribute("data-fit") == "menu":
        page.locator(".puzzle-menu").click()
    page.locator(f"#tab-{puzzle}").click()
