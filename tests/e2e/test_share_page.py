"""Sharing on the real page: permalinks in the hash, Copy link, saved games across reloads."""

from __future__ import annotations

import json
from urllib.parse import unquote

import pytest

from main_page import game_id, hash_game, link, play, python_reason, wait_board
from puzzle_homes import facts, registry_puzzles, registry_titles
from puzzlelab import api

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

TOP = {"x": 0, "y": 0, "width": 1000, "height": 200}  # the tabs and the share controls


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_permalink_moves_and_reload_keep_game_and_undo_history(page, site_url, puzzle):
    game = facts(puzzle).GAME
    page.goto(link(site_url, puzzle, game))
    wait_board(page, puzzle)
    assert page.locator(f"#tab-{puzzle}").get_attribute("aria-selected") == "true"
    assert game_id(page, puzzle) == game
    assert hash_game(page, puzzle) == game

    entries = page.evaluate("history.length")
    seen = [game]
    for move in (0, 1):
        play(page, puzzle, move)
        wait_board(page, puzzle)
        seen.append(game_id(page, puzzle))
        assert seen[-1] != seen[-2]
        assert hash_game(page, puzzle) == seen[-1]  # replaced, not pushed
    assert page.evaluate("history.length") == entries

    page.reload()
    wait_board(page, puzzle)
    assert game_id(page, puzzle) == seen[-1]
    for expected in (seen[1], seen[0]):
        page.locator(f"#{puzzle}").get_by_role("button", name="Undo").click()
        wait_board(page, puzzle)
        assert game_id(page, puzzle) == expected
    assert hash_game(page, puzzle) == game
    assert page.locator("#page-notice").is_hidden()


def test_bad_hash_and_corrupt_saves_give_notice_and_keep_the_save(page, site_url, screenshot_dir):
    puzzles, titles = registry_puzzles(), registry_titles()
    notice = page.locator("#page-notice")

    # A game ID Python rejects: a notice, and the saved board instead.
    for puzzle in puzzles:
        bad = facts(puzzle).BAD_GAME
        page.goto("about:blank")  # else only the hash would change, on the booted page
        page.goto(link(site_url, puzzle, bad))
        wait_board(page, puzzle)
        assert python_reason(puzzle, bad) in notice.inner_text()
        assert game_id(page, puzzle) != bad
        assert hash_game(page, puzzle) == game_id(page, puzzle)

    # The saved games: unreadable JSON, then another puzzle's game ID under each.
    for unreadable in (True, False):
        saves = {
            puzzle: "{not json" if unreadable else json.dumps(
                {"version": 1, "puzzle": puzzle, "snapshot": foreign_snapshot(puzzle)})
            for puzzle in puzzles
        }
        page.evaluate("""(saves) => { for (const [puzzle, text] of Object.entries(saves))
          localStorage.setItem(`puzzlelab.saved.${puzzle}`, text); }""", saves)
        page.goto("about:blank")
        page.goto(site_url)
        wait_board(page, puzzles[0])
        for puzzle in puzzles:
            page.get_by_role("tab", name=titles[puzzle]).click()
            wait_board(page, puzzle)
            if unreadable:
                said = f"{titles[puzzle]}: The saved game could not be read (it is not valid JSON)"
            else:
                said = f"{titles[puzzle]}: The saved game could not be loaded"
                assert game_id(page, puzzle) != foreign_snapshot(puzzle)["game"]
            assert said in notice.inner_text()
        # The unusable saves stay until the person changes those boards.
        for puzzle in puzzles:
            key = f"puzzlelab.saved.{puzzle}"
            assert page.evaluate("(key) => localStorage.getItem(key)", key) == saves[puzzle]
        if unreadable:
            page.locator(".tab-row").scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot_dir / "share-notice.png"))

    # An unknown puzzle: a notice, and the first tab.
    page.goto("about:blank")
    page.goto(site_url + "#sudoku=1")
    wait_board(page, puzzles[0])
    assert 'unknown puzzle, "sudoku"' in notice.inner_text()
    assert page.locator(f"#tab-{puzzles[0]}").get_attribute("aria-selected") == "true"


def foreign_snapshot(puzzle: str) -> dict:
    """A saved game of ``puzzle`` holding another puzzle's game ID, one that
    ``puzzle``'s Python refuses."""
    for other in registry_puzzles():
        game = facts(other).GAME
        if other != puzzle and not api.handle(facts(puzzle).load_request(game))["ok"]:
            return {"game": game, "history": [], "future": []}
    raise AssertionError(f"no other puzzle's GAME is refused by {puzzle}")


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_copy_link_uses_the_clipboard_or_selects_the_link(page, site_url, screenshot_dir, puzzle):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game = facts(puzzle).GAME
    page.goto(link(site_url, puzzle, game))
    wait_board(page, puzzle)
    # One move: the address bar follows the position, the copied link stays on
    # the puzzle as dealt.
    play(page, puzzle, 0)
    page.wait_for_function(
        f"document.querySelector('#{puzzle}').dataset.gameId !== {json.dumps(game)}")
    page.get_by_role("button", name="Copy link").click()
    status = page.locator("#share-status")
    page.wait_for_function("document.querySelector('#share-status').textContent === 'Link copied'")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert unquote(copied.split(f"#{puzzle}=")[1]) == game
    assert unquote(page.url.split(f"#{puzzle}=")[1]) != game
    assert copied.split("#")[0] == page.url.split("#")[0]
    page.screenshot(path=str(screenshot_dir / f"share-copied-{puzzle}.png"), clip=TOP)

    # Clipboard refused: the link is shown selected in a read-only field.
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(Error('no')); }")
    page.get_by_role("button", name="Copy link").click()
    field = page.locator("#share-link")
    field.wait_for(state="visible")
    assert "Copy the selected link" in status.inner_text()
    assert field.input_value() == copied
    assert field.get_attribute("readonly") is not None
    assert (
        page.evaluate(
            "(() => { const f = document.querySelector('#share-link');"
            " return f.value.slice(f.selectionStart, f.selectionEnd); })()"
        )
        == copied
    )
    page.screenshot(path=str(screenshot_dir / f"share-fallback-{puzzle}.png"), clip=TOP)
