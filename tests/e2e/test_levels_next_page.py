"""Next on a ladder's level climbs, on every puzzle with a ladder: the N key
and the play bar's Next go to the next level and say so, the phone's Next in
Today too; a locked next level opens the ladder instead; on the last level and
off the ladder, Next deals a new puzzle as before; and a win off the ladder
says where the levels are until one is won."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from test_first_game import wait_board, wait_idle
from test_play_screen import LAPTOP, PHONE

from puzzle_homes import facts, registry_puzzles
from puzzlelab import levels

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


def show_level(page: Any, site_url: str, puzzle: str, game: str) -> Any:
    """The level's game on the board, as a link to it shows it."""
    page.goto("about:blank")  # a fresh load, not a hash change the page may rewrite
    page.goto(f"{site_url}#{puzzle}={quote(game, safe='')}")
    return wait_board(page, puzzle)


def game_is(puzzle: str, game: str, same: bool = True) -> str:
    """A script true once the board's game is (or, `same` false, is no longer) `game`."""
    compare = "===" if same else "!=="
    return f"document.querySelector('#{puzzle}').dataset.gameId {compare} {json.dumps(game)}"


def wait_game(page: Any, puzzle: str, game: str) -> None:
    page.wait_for_function(game_is(puzzle, game))
    wait_board(page, puzzle)


def keep_won(page: Any, puzzle: str, won: dict) -> None:
    """The browser's progress: these levels of `puzzle` won."""
    stored = json.dumps(json.dumps({puzzle: won}))
    page.evaluate(f"localStorage.setItem('puzzlelab.levels', {stored})")


def next_named(page: Any, puzzle: str, words: str) -> Any:
    """The play bar's Next, once it names where it leads."""
    button = page.locator(f"#{puzzle} .play-on [data-play='next']")
    page.wait_for_function(
        f"document.querySelector(\"#{puzzle} .play-on [data-play='next']\")"
        f".getAttribute('aria-label') === {json.dumps(words)}")
    return button


@pytest.mark.parametrize("puzzle", [p for p in registry_puzzles() if p in levels.ladders()])
def test_every_next_on_a_level_climbs_and_off_the_ladder_deals(new_page, site_url, puzzle):
    ladder = levels.ladders()[puzzle]["levels"]
    games = [level["game"] for level in ladder]
    page = new_page(**LAPTOP)
    page.goto(f"{site_url}#{puzzle}")
    wait_board(page, puzzle)
    won = {game: {"count": level["par"], "par": level["par"], "hints": 0}
           for game, level in zip(games[:2], ladder[:2], strict=True)}
    keep_won(page, puzzle, won)

    # Level 1 (won): the bar's Next says "Next level" and N goes to level 2.
    show_level(page, site_url, puzzle, games[0])
    next_named(page, puzzle, "Next level").focus()
    assert page.locator(f"#{puzzle} .play-on [data-play='next']").inner_text() == "Next level"
    page.keyboard.press("n")
    wait_game(page, puzzle, games[1])
    # Level 2 (won): the bar's Next goes to level 3.
    next_named(page, puzzle, "Next level").click()
    wait_game(page, puzzle, games[2])
    # Level 3, not won yet: level 4 is locked, so Next opens the ladder instead.
    next_named(page, puzzle, "Next level").click()
    page.locator("dialog.levels-view").wait_for(state="visible")
    assert page.locator(f"#{puzzle}").get_attribute("data-game-id") == games[2]
    page.keyboard.press("Escape")

    # The last level, and a dealt puzzle after it: Next deals, and says so.
    show_level(page, site_url, puzzle, games[-1])
    next_named(page, puzzle, "Next puzzle").focus()
    page.keyboard.press("n")
    page.wait_for_function(game_is(puzzle, games[-1], same=False))
    wait_idle(page, puzzle)
    dealt = page.locator(f"#{puzzle}").get_attribute("data-game-id")
    assert dealt not in games
    next_named(page, puzzle, "Next puzzle").click()
    page.wait_for_function(game_is(puzzle, dealt, same=False))
    assert page.locator(f"#{puzzle}").get_attribute("data-game-id") not in games


def test_the_phones_next_in_today_climbs_on_a_level(new_page, site_url):
    puzzle = next(p for p in registry_puzzles() if p in levels.ladders())
    ladder = levels.ladders()[puzzle]["levels"]
    games = [level["game"] for level in ladder]
    won = {games[0]: {"count": ladder[0]["par"], "par": ladder[0]["par"], "hints": 0}}
    page = new_page(**PHONE)
    page.goto(f"{site_url}#{puzzle}")
    wait_board(page, puzzle)
    keep_won(page, puzzle, won)
    show_level(page, site_url, puzzle, games[0])
    next_named(page, puzzle, "Next level")
    page.locator(f"#{puzzle} .play-bar").get_by_role("button", name="Today").click()
    page.locator("dialog.today-view").get_by_role("button", name="Next level").click()
    wait_game(page, puzzle, games[1])


def test_a_win_off_the_ladder_points_to_the_levels_until_one_is_won(new_page, site_url):
    puzzle = registry_puzzles()[0]
    ladder = levels.ladders()[puzzle]["levels"]
    games = {level["game"] for level in ladder}
    game, winning_move = facts(puzzle).near_win()  # a board one move from its win
    assert game not in games
    page = new_page(**LAPTOP)
    par = ladder[0]["par"]
    a_level_won = {ladder[0]["game"]: {"count": par, "par": par, "hints": 0}}
    for won_before, said in (({}, True), (a_level_won, False)):
        page.goto(f"{site_url}#{puzzle}")
        wait_board(page, puzzle)
        keep_won(page, puzzle, won_before)
        show_level(page, site_url, puzzle, game)
        winning_move(page)
        card = page.locator(f"#{puzzle} .win-card")
        card.wait_for(state="visible")
        line = card.locator(".win-level")
        if said:
            line.wait_for(state="visible")
            assert line.inner_text() == (f"Today also holds the Levels: {len(ladder)} boards"
                                         " from easy to hardest, each with a par.")
        else:
            page.wait_for_timeout(500)  # the ladder is read once the card shows
            assert line.is_hidden()
