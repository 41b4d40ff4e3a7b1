"""Nothing lost: bad links, bad saved games and bad embed attributes in real Chromium.

A link Python rejects leaves the saved game (with its undo history) on screen
and in storage, and the notice gives Python's reason; a saved game that cannot
be read stays in storage until the person changes the board.
"""

from __future__ import annotations

import json

import pytest

from main_page import (
    assert_undo_back_to,
    game_id,
    hash_game,
    link,
    notice_text,
    play_two_moves,
    python_reason,
    saved,
    wait_board,
)
from puzzle_homes import facts, registry_puzzles

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


@pytest.fixture
def trust_page(page, site_url, screenshot_dir):
    page.site_url = site_url
    page.shots = screenshot_dir
    return page


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_bad_link_keeps_the_saved_game_and_its_undo_history(trust_page, puzzle):
    page = trust_page
    bad = facts(puzzle).BAD_GAME
    seen = play_two_moves(page, puzzle)
    before = saved(page, puzzle)
    assert before["snapshot"]["game"] == seen[-1]

    # A fresh page opened on a bad link: the saved game, a notice with Python's reason.
    page.goto("about:blank")
    page.goto(link(page.site_url, puzzle, bad))
    wait_board(page, puzzle)
    text = notice_text(page)
    reason = python_reason(puzzle, bad)
    assert f"The game in the link could not be loaded ({reason})" in text
    assert "the saved game is shown instead" in text
    assert game_id(page, puzzle) == seen[-1]
    assert hash_game(page, puzzle) == seen[-1]  # the address names the game on screen again
    assert saved(page, puzzle) == before

    # A bad link pasted into the open page: the board is unchanged.
    page.evaluate(f"location.hash = '#{puzzle}=' + encodeURIComponent({json.dumps(bad)})")
    page.wait_for_function("document.querySelectorAll('#page-notice p').length === 2")
    wait_board(page, puzzle)
    assert "the board is unchanged" in notice_text(page)
    assert game_id(page, puzzle) == seen[-1]
    assert saved(page, puzzle) == before

    page.reload()
    wait_board(page, puzzle)
    assert page.locator("#page-notice").is_hidden()
    assert_undo_back_to(page, puzzle, seen)


def test_embed_with_a_bad_game_says_what_was_wrong(trust_page):
    """Each puzzle's embed given a game ID its rules reject (data-game)."""
    page = trust_page
    puzzles = registry_puzzles()
    page.goto(page.site_url + "embed-demo.html")
    page.evaluate(
        """(boards) => {
          for (const [puzzle, game] of boards) {
            const element = document.createElement('div');
            element.id = `bad-game-${puzzle}`;
            element.dataset.puzzlelab = puzzle;
            element.dataset.game = game;
            document.body.append(element);
          }
          return window.PuzzleLab.mountAll();
        }""",
        [[puzzle, facts(puzzle).BAD_GAME] for puzzle in puzzles],
    )
    for puzzle in puzzles:
        page.wait_for_function(
            "(id) => window.PuzzleLab.boardOf(document.getElementById(id))?.idle()"
            " && document.getElementById(id).dataset.gameId",
            arg=f"bad-game-{puzzle}",
            timeout=90_000,
        )
        line = page.locator(f"#bad-game-{puzzle} > .puzzlelab-notice")
        reason = python_reason(puzzle, facts(puzzle).BAD_GAME)
        expected = (f"The game of data-game could not be loaded ({reason}); "
                    "a new board is shown instead")
        assert expected in line.inner_text()
