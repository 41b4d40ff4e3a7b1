"""The first screen is a game: few controls and a player's words on every
puzzle, laptop and phone, light and dark; the lab one tap away; a won game's
card in view, honest about the help used; the timer across a reload; an
iframe embed as big as a script embed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from peg_catalogue_file import par
from test_binairo_page import click_cell as click_binary
from test_first_game import wait_board, wait_idle
from test_lightsout_page import ask, click_cell, current
from test_session_page import COUNT_REQUESTS

from conftest import PageLog, open_page
from puzzlelab import binairo, pegs
from puzzlelab.binairo import Grid

pytestmark = pytest.mark.e2e

PUZZLES = ("lightsout", "pegs", "binairo")
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 375, "height": 740}, "has_touch": True, "is_mobile": True}
BANNED = re.compile(
    r"kernel|\brank\b|nullity|normalised|quiet pattern|meet in the middle|\bseed\b|GF\(2\)|modulo"
    r"|census|numpy|pyodide|engine|2\^\d|2\^N", re.IGNORECASE)

# The interactive controls a person sees on the first screen (the board's canvas excluded).
VISIBLE_CONTROLS = """() => {
  const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, '
    + '[role="tab"], [role="button"], [tabindex]:not([tabindex="-1"]):not(canvas)';
  return [...document.querySelectorAll(selector)].filter((el) => {
    const box = el.getBoundingClientRect();
    const shown = box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
    if (!shown) return false;
    return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
  }).map((el) => (el.textContent.trim() || el.getAttribute("aria-label") || el.tagName)
    .slice(0, 30));
}"""

IN_VIEW = """(el) => {
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
}"""


@pytest.fixture
def new_page(browser: Any, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    """new_page(lab_open, **context options): a page as conftest's, in a context made here."""
    made: list[Iterator[Any]] = []

    def make(lab_open: bool = False, **options: Any) -> Any:
        pages = open_page(browser, page_log, request, lab_open=lab_open, **options)
        made.append(pages)
        return next(pages)

    yield make
    for pages in made:
        next(pages, None)  # closes the context and checks the page's errors


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_first_screen_is_a_game_and_the_lab_is_one_tap_away(new_page, site_url, size):
    options = LAPTOP if size == "laptop" else PHONE
    page = new_page(**options)
    most = 9 if size == "laptop" else 7
    for puzzle in PUZZLES:
        page.goto(f"{site_url}#{puzzle}")
        root = wait_board(page, puzzle)
        page.wait_for_function("document.querySelector('.python-boot') === null", timeout=90_000)
        assert root.get_attribute("data-controls") == "play"
        # Both themes on the same page: the scheme changes colours, and must
        # not bring a control or a word onto the first screen.
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            controls = page.evaluate(VISIBLE_CONTROLS)
            # The binary puzzle's lesson offer is shown once, on a first visit,
            # until the first digit: not one of the play screen's own controls.
            offer = "Learn them by playing"
            assert len([c for c in controls if c != offer]) <= most, (puzzle, scheme, controls)
            # Phones keep four in the bar: a new puzzle is in Today's view and on the win card.
            wide = ("Next",) if size == "laptop" else ()
            names = ("Undo", "Hint", "Today", "Lab & help", *wide)
            for name in names:
                assert any(c.startswith(name) for c in controls), (puzzle, name, controls)
            words = page.evaluate("document.body.innerText")
            assert not BANNED.search(words), (puzzle, scheme, BANNED.search(words).group(0))
            if size == "phone":
                assert "Keys:" not in words  # no key help without a keyboard
            # The play bar sits under the board, on the first screen.
            assert page.locator(f"#{puzzle} .play-bar").evaluate(IN_VIEW)
    # One tap opens the lab: the board's every control and the page's.
    page.get_by_role("button", name="Lab & help").click()
    root = page.locator("#binairo")
    assert root.get_attribute("data-controls") == "full"
    if size == "phone":  # the tools under the board, folded
        root.locator("details.more-actions > summary").click()
    assert root.get_by_role("button", name="Solve").is_visible()
    assert page.locator("#copy-link").is_visible()
    assert page.locator("#panel-binairo details.intro").is_visible()
    assert page.evaluate("localStorage.getItem('puzzlelab.lab')") == "open"
    page.get_by_role("tab", name="Lights Out").click()
    wait_board(page, "lightsout")
    if size == "phone":
        page.locator("#lightsout details.more-actions > summary").click()
    assert page.locator("#lightsout").get_by_role("button", name="Edit").is_visible()
    assert page.locator("#lightsout").get_by_role("button", name="Show solution").is_visible()
    # Closing it goes back to playing: Play mode, not the editor.
    page.locator("#lightsout").get_by_role("button", name="Edit").click()
    page.get_by_role("button", name="Close lab").click()
    assert page.locator("#lightsout").get_attribute("data-controls") == "play"
    assert page.locator('#lightsout [data-action="play"]').get_attribute("aria-pressed") == "true"
    page.reload()
    wait_board(page, "lightsout")
    assert page.locator("#lightsout").get_attribute("data-controls") == "play"


def card_text(page, puzzle: str) -> str:
    card = page.locator(f"#{puzzle} .win-card")
    card.wait_for(state="visible")
    assert card.evaluate(IN_VIEW), f"the {puzzle} win card is not in view"
    return card.inner_text()


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_won_game_shows_its_card_in_view(new_page, site_url, size):
    page = new_page(**(LAPTOP if size == "laptop" else PHONE))
    page.add_init_script(COUNT_REQUESTS)
    # Lights Out with one hint: the presses against the fewest, the hint counted.
    page.goto(f"{site_url}#lightsout")
    root = wait_board(page, "lightsout")
    start = current(root)
    presses = ask({"cmd": "lightsout.solve", "game": start.game_id})["presses"]
    page.get_by_role("button", name="Hint").click()
    wait_idle(page, "lightsout")
    for row, col in presses:
        click_cell(page, row, col, start)
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-status") == "solved"
    n = len(presses)
    page.wait_for_function(
        "document.querySelector('#lightsout .win-count').textContent.includes('fewest')")
    text = card_text(page, "lightsout")
    assert f"{n} press{'es' if n != 1 else ''} · fewest {n}" in text, text
    assert "with 1 hint" in text and re.search(r"Time (under a second|\d+ s)", text), text
    assert "Solved" not in text and "perfect" not in text
    # The message line and the card compare with one answer: the start is solved once.
    solves = page.evaluate(
        "window.workerRequests.filter((cmd) => cmd === 'lightsout.solve').length")
    assert solves == 1, page.evaluate("window.workerRequests")
    page.locator("#lightsout .win-card").get_by_role("button", name="Close").click()
    assert page.locator("#lightsout .win-card").is_hidden()
    if size == "phone":
        # The other puzzles' cards are laid out alike. The peg board's first tap
        # picks up the peg: the verdict line it starts (two lines on a phone)
        # must not move the board under that tap.
        page.get_by_role("tab", name="Peg solitaire").click()
        wait_board(page, "pegs")
        # Its stylesheet may arrive after the first draw (and give its lines their room).
        page.wait_for_function(
            "[...document.styleSheets].some((sheet) => sheet.href?.endsWith('pegs.css'))")
        page.wait_for_timeout(100)  # the board drawn again in its final place
        x, y = page.evaluate("window.puzzleLab.boards.pegs.cellCentre(3, 5)")
        page.touchscreen.tap(x, y)
        wait_idle(page, "pegs")
        assert page.evaluate("window.puzzleLab.boards.pegs.selected") == [3, 5]
        assert "not a jump" not in page.locator("#pegs .message").inner_text()
        return

    # Peg solitaire: moves as players count them, the jumps in brackets, the record.
    page.get_by_role("tab", name="Peg solitaire").click()
    root = wait_board(page, "pegs")
    jumps = ask({"cmd": "pegs.solve", "grid": pegs.BOARD_GRIDS["english"]})["moves"]
    canvas = page.evaluate_handle("window.puzzleLab.boards.pegs.canvas").as_element()
    for src, dst in jumps:
        for r, c in (src, dst):
            box = canvas.bounding_box()
            x, y = page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({r}, {c})")
            canvas.click(position={"x": x - box["x"], "y": y - box["y"]})
        wait_idle(page, "pegs")
    moves = sum(1 for i, (src, _) in enumerate(jumps) if i == 0 or jumps[i - 1][1] != src)
    text = card_text(page, "pegs")
    best = par("english", (3, 3), (3, 3))  # the shipped catalogue's, if it holds the game
    counted = f"{moves} moves (31 jumps)" + (f" · par {best}" if best else "")
    assert counted in text and "no hints" in text, text
    assert best or "par" not in text, text

    # The binary puzzle, filled by hand: the digits placed against par.
    page.get_by_role("tab", name="Binary puzzle").click()
    root = wait_board(page, "binairo")
    grid = Grid.parse(root.get_attribute("data-game-id"))
    (solution,) = binairo.solutions(grid)
    empty = [(r, c) for r in range(grid.rows) for c in range(grid.cols) if grid.cell(r, c) == "."]
    for r, c in empty:
        click_binary(page, grid, r, c, "right" if solution[r] >> c & 1 else "left")
    wait_idle(page, "binairo")
    text = card_text(page, "binairo")
    assert f"{len(empty)} digits placed · par {len(empty)}" in text, text
    # Next on the card; a puzzle the solver finishes is never "Solved".
    page.locator("#binairo .win-card").get_by_role("button", name="Next").click()
    wait_idle(page, "binairo")
    assert page.locator("#binairo .win-card").is_hidden()
    assert root.get_attribute("data-status") == "ready"
    page.get_by_role("button", name="Lab & help").click()
    page.locator("#binairo").get_by_role("button", name="Solve").click()
    wait_idle(page, "binairo")
    text = card_text(page, "binairo")
    assert "Finished by the solver" in text and "Solved" not in text, text
    # Share: the text and the link to the puzzle as dealt.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("#binairo .win-card").get_by_role("button", name="Share").click()
    page.wait_for_function("document.querySelector('#binairo .win-status').textContent !== ''")
    shared = page.evaluate("navigator.clipboard.readText()")
    start = page.evaluate("window.puzzleLab.boards.binairo.startGameId()")
    assert shared.startswith("Binary puzzle: ") and shared.endswith(
        f"#binairo={start.replace(':', '%3A').replace('/', '%2F')}"), shared
