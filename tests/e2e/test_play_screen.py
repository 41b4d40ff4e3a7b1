"""The first screen is a game: few controls and a player's words on every
puzzle, laptop and phone, light and dark; the lab one tap away; a won game's
card in view, honest about the help used; the timer across a reload; an
iframe embed as big as a script embed.

Every puzzle of the registry is covered; what differs between them comes from
its facts (tests/<id>/facts.py: ``LAB_BUTTONS``, ``win_card``)."""

from __future__ import annotations

import re

import pytest
from test_first_game import wait_board
from test_session_page import COUNT_REQUESTS

from main_page import IN_VIEW, choose
from puzzle_homes import facts, registry_puzzles, registry_puzzles_with

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

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


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_first_screen_is_a_game_and_the_lab_is_one_tap_away(new_page, site_url, size):
    options = LAPTOP if size == "laptop" else PHONE
    page = new_page(**options)
    most = 9 if size == "laptop" else 7
    puzzles = registry_puzzles()
    for puzzle in puzzles:
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
            # Phones keep four in the bar: a new puzzle is in Today's view and on
            # the win card; Today only where the puzzle declares a daily puzzle.
            daily = puzzle in registry_puzzles_with("daily")
            today = ("Today",) if daily else ()
            wide = ("Next",) if size == "laptop" or not daily else ()
            names = ("Undo", "Hint", *today, "Lab & help", *wide)
            for name in names:
                assert any(c.startswith(name) for c in controls), (puzzle, name, controls)
            words = page.evaluate("document.body.innerText")
            assert not BANNED.search(words), (puzzle, scheme, BANNED.search(words).group(0))
            if size == "phone":
                assert "Keys:" not in words  # no key help without a keyboard
            # The play bar sits under the board, on the first screen.
            assert page.locator(f"#{puzzle} .play-bar").evaluate(IN_VIEW)
    # One tap opens the lab: each board's every control (what its facts name) and the page's.
    page.get_by_role("button", name="Lab & help").click()
    assert page.locator("#copy-link").is_visible()
    assert page.evaluate("localStorage.getItem('puzzlelab.lab')") == "open"
    editing = []
    for puzzle in puzzles:
        choose(page, puzzle)
        root = wait_board(page, puzzle)
        assert root.get_attribute("data-controls") == "full"
        if size == "phone":  # the tools under the board, folded
            root.locator("details.more-actions > summary").click()
        for name in facts(puzzle).LAB_BUTTONS:
            assert root.get_by_role("button", name=name, exact=True).is_visible(), (puzzle, name)
        assert page.locator(f"#panel-{puzzle} details.intro").is_visible()
        # A board with an editor is left in it (its Edit button, from the template).
        edit = root.locator('button[data-action="edit"]')
        if edit.count():
            edit.click()
            assert edit.get_attribute("aria-pressed") == "true"
            editing.append(puzzle)
    # Closing it goes back to playing: Play mode, not the editor.
    page.get_by_role("button", name="Close lab").click()
    for puzzle in puzzles:
        assert page.locator(f"#{puzzle}").get_attribute("data-controls") == "play"
        if puzzle in editing:
            pressed = page.locator(f'#{puzzle} [data-action="play"]').get_attribute("aria-pressed")
            assert pressed == "true", puzzle
    page.reload()
    wait_board(page, puzzles[-1])
    assert page.locator(f"#{puzzles[-1]}").get_attribute("data-controls") == "play"


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_won_game_shows_its_card_in_view(new_page, site_url, size):
    """Each board's game won as a person wins it, and its card checked: what
    the puzzle's facts (win_card) count, with the help used. On a phone, what
    the phone's layout may break (the first puzzle's card, a first tap)."""
    page = new_page(**(LAPTOP if size == "laptop" else PHONE))
    page.add_init_script(COUNT_REQUESTS)
    puzzles = registry_puzzles()
    page.goto(f"{site_url}#{puzzles[0]}")
    for puzzle in puzzles:
        choose(page, puzzle)
        wait_board(page, puzzle)
        facts(puzzle).win_card(page, phone=size == "phone")
