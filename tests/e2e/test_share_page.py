"""Sharing on the real page: permalinks in the hash, Copy link, saved games across reloads."""

from __future__ import annotations

import json
from urllib.parse import quote, unquote

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

LIGHTSOUT = "5x5:1f8c4a0"
PEGS = "--ooo--/--o.o--/ooo.ooo/ooooooo/ooooooo/--ooo--/--ooo--"  # English after one jump
BINAIRO = "4x4:1b0i1b"  # 1..0/..../..../.1..
FOREIGN = {"game": LIGHTSOUT, "history": [], "future": []}  # a Lights Out game under pegs
TOP = {"x": 0, "y": 0, "width": 1000, "height": 200}  # the tabs and the share controls


def link(site_url: str, puzzle: str, game: str) -> str:
    return f"{site_url}#{puzzle}={quote(game, safe='')}"


def wait_board(page, puzzle: str) -> None:
    """Wait until the board has booted and answered every queued action."""
    page.wait_for_function(
        f"window.puzzleLab?.boards.{puzzle}?.idle() "
        f"&& document.querySelector('#{puzzle}').dataset.gameId",
        timeout=90_000,
    )


def game_id(page, puzzle: str) -> str:
    return page.locator(f"#{puzzle}").get_attribute("data-game-id")


def hash_game(page, puzzle: str) -> str:
    text = page.evaluate("location.hash")
    assert text.startswith(f"#{puzzle}=")
    return unquote(text.split("=", 1)[1])


def play(page, puzzle: str, move: int) -> None:
    """Make the `move`-th (0 or 1) move of a little game on each board."""
    if puzzle == "pegs":
        jumps = [((4, 3), (2, 3)), ((3, 1), (3, 3))][move]
        for r, c in jumps:
            page.mouse.click(*page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({r}, {c})"))
        return
    # A cell of the first row: Lights Out's 5x5, or the 4x4 binary puzzle
    # (whose canvas has one more row and column for its counters).
    cells = 5
    col = [1, 2][move]
    canvas = page.locator(f"#{puzzle} canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    x, y = (col + 0.5) * box["width"] / cells, 0.5 * box["height"] / cells
    page.mouse.click(box["x"] + x, box["y"] + y)


@pytest.mark.quick  # play, undo, save and link on every puzzle, in the quick tier
@pytest.mark.parametrize(
    ("puzzle", "game"), [("lightsout", LIGHTSOUT), ("pegs", PEGS), ("binairo", BINAIRO)]
)
def test_permalink_moves_and_reload_keep_game_and_undo_history(page, site_url, puzzle, game):
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
    page.goto(site_url)
    wait_board(page, "lightsout")
    page.evaluate(
        """(foreign) => {
          localStorage.setItem('puzzlelab.saved.binairo', '{not json');
          localStorage.setItem('puzzlelab.saved.pegs', JSON.stringify(foreign));
        }""",
        {"version": 1, "puzzle": "pegs", "snapshot": FOREIGN},
    )

    # A game ID Python rejects: a notice, and the saved board instead.
    page.goto("about:blank")  # else only the hash would change, on the booted page
    page.goto(link(site_url, "lightsout", "5x5:zz"))
    wait_board(page, "lightsout")
    notice = page.locator("#page-notice")
    assert "Not a Lights Out game ID" in notice.inner_text()
    assert game_id(page, "lightsout") != "5x5:zz"
    assert hash_game(page, "lightsout") == game_id(page, "lightsout")

    # The saved games: unreadable JSON, and a Lights Out ID under Peg solitaire.
    page.get_by_role("tab", name="Binary puzzle").click()
    wait_board(page, "binairo")
    unreadable = "Binary puzzle: The saved game could not be read (it is not valid JSON)"
    assert unreadable in notice.inner_text()
    page.get_by_role("tab", name="Peg solitaire").click()
    wait_board(page, "pegs")
    assert "Peg solitaire: The saved game could not be loaded" in notice.inner_text()
    assert game_id(page, "pegs") == "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"
    # The unusable saves stay until the person changes those boards.
    saved = json.loads(page.evaluate("localStorage.getItem('puzzlelab.saved.pegs')"))
    assert saved == {"version": 1, "puzzle": "pegs", "snapshot": FOREIGN}
    assert page.evaluate("localStorage.getItem('puzzlelab.saved.binairo')") == "{not json"
    page.locator(".tab-row").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "share-notice.png"))

    # An unknown puzzle: a notice, and the first tab.
    page.goto("about:blank")
    page.goto(site_url + "#sudoku=1")
    wait_board(page, "lightsout")
    assert 'unknown puzzle, "sudoku"' in notice.inner_text()
    assert page.locator("#tab-lightsout").get_attribute("aria-selected") == "true"


def test_copy_link_uses_the_clipboard_or_selects_the_link(page, site_url, screenshot_dir):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(link(site_url, "binairo", BINAIRO))
    wait_board(page, "binairo")
    # One tile played (row 1, column 2 is empty): the address bar follows the
    # position, the copied link stays on the puzzle as dealt.
    box = page.locator("#binairo canvas").bounding_box()
    side = box["width"] / 4
    page.mouse.click(box["x"] + 1.5 * side, box["y"] + 0.5 * side)
    page.wait_for_function("document.querySelector('#binairo').dataset.gameId !== '4x4:1b0i1b'")
    page.get_by_role("button", name="Copy link").click()
    status = page.locator("#share-status")
    page.wait_for_function("document.querySelector('#share-status').textContent === 'Link copied'")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert unquote(copied.split("#binairo=")[1]) == BINAIRO
    assert unquote(page.url.split("#binairo=")[1]) != BINAIRO
    assert copied.split("#")[0] == page.url.split("#")[0]
    page.screenshot(path=str(screenshot_dir / "share-copied.png"), clip=TOP)

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
    page.screenshot(path=str(screenshot_dir / "share-fallback.png"), clip=TOP)
