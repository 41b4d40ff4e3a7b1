"""The page's shell follows the registry, whatever its length: with 1 to 8
puzzles the tabs (or the puzzle menu they fold into) fit a 375 px phone and
a laptop, every puzzle is reachable by pointer and by keyboard, and a puzzle
that declares no daily puzzle shows no Daily or Today control and refuses a
daily link in a notice, never an error.

Extra puzzles are registered in the browser only: the served registry
(puzzles/index.mjs) gets entries appended, each a copy of the first puzzle
under a new id and title (the board without a daily puzzle). Screenshots go
to test-results/screenshots/shell-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from main_page import choose
from puzzle_homes import registry_puzzles

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

PHONE = {"width": 375, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
# Titles of a believable length, the longest first: a menu must fit them.
TITLES = ["Hashiwokakero", "Nonogram", "Slitherlink", "Kakuro", "Sudoku", "Masyu", "Hitori"]

EXTRA = """
const copied = PUZZLES[0];
for (const [i, title] of %s.entries()) {
  PUZZLES.push({ ...copied, id: `extra${i}`, title, noun: title, daily: false,
    // The first puzzle's board, but one that deals no daily puzzle.
    load: async () => class extends (await copied.load()) {
      get dailyPuzzle() { return undefined; }
    } });
}
"""


def with_puzzles(page: Any, count: int) -> list[str]:
    """Make the page's registry hold `count` puzzles (the real ones first); their ids."""
    real = registry_puzzles()
    extra = max(0, count - len(real))
    if extra:
        def append(route: Any) -> None:
            response = route.fetch()
            route.fulfill(response=response, body=response.text() + EXTRA % TITLES[:extra])

        page.route("**/puzzles/index.mjs", append)
    return (real + [f"extra{i}" for i in range(extra)])[:max(count, len(real))]


def wait_board(page: Any, puzzle: str) -> None:
    page.wait_for_function(
        "(id) => window.puzzleLab?.boards[id]?.idle()"
        " && document.getElementById(id).dataset.gameId",
        arg=puzzle, timeout=90_000)


def assert_fits(page: Any, width: int, what: str) -> None:
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{what}: {overflow}px of sideways scroll"
    for box in page.evaluate(
            """() => [...document.querySelectorAll('.tab-row button, .tab-row [role="tab"]')]
              .filter((e) => e.getClientRects().length)
              .map((e) => {
                const r = e.getBoundingClientRect();
                return [e.id || e.className, r.left, r.right];
              })"""):
        assert box[1] >= 0 and box[2] <= width + 0.5, f"{what}: {box} outside the screen"


def pick(page: Any, puzzle: str) -> None:
    """Choose a puzzle as a person would (its tab, through the menu when
    folded) and check its board is the one shown."""
    choose(page, puzzle)
    assert page.locator(f"#tab-{puzzle}").get_attribute("aria-selected") == "true"
    wait_board(page, puzzle)
    assert page.locator(f"#panel-{puzzle}").is_visible()


@pytest.mark.parametrize("count", [4, 8])
def test_any_number_of_tabs_fits_and_every_puzzle_is_reachable(fresh_page, site_url, screenshot_dir,
                                                               count):
    page = fresh_page
    ids = with_puzzles(page, count)
    assert len(ids) == count
    for size in (PHONE, LAPTOP):
        page.set_viewport_size(size)
        page.goto(f"{site_url}#{ids[0]}")
        wait_board(page, ids[0])
        assert_fits(page, size["width"], f"{count} puzzles at {size['width']} px")
        # By pointer: each tab, the last one first (the farthest from the first).
        for puzzle in reversed(ids):
            pick(page, puzzle)
            assert_fits(page, size["width"], f"{puzzle} at {size['width']} px")
        # By keyboard: from the first puzzle to the last with End, and back with Home.
        pick(page, ids[0])
        folded = page.locator(".tab-row").get_attribute("data-fit") == "menu"
        if folded:
            page.locator(".puzzle-menu").focus()
            page.keyboard.press("Enter")  # opens the menu on the selected puzzle
        else:
            page.locator(f"#tab-{ids[0]}").focus()
        page.keyboard.press("End")
        assert page.evaluate("document.activeElement.id") == f"tab-{ids[-1]}"
        page.keyboard.press("Enter")
        assert page.locator(f"#tab-{ids[-1]}").get_attribute("aria-selected") == "true"
        wait_board(page, ids[-1])
        if folded:
            # Escape closes the menu on its button, which names the puzzle shown.
            page.locator(".puzzle-menu").focus()
            page.keyboard.press("Enter")
            page.keyboard.press("Home")
            assert page.evaluate("document.activeElement.id") == f"tab-{ids[0]}"
            page.keyboard.press("Escape")
            assert page.evaluate("document.activeElement.className") == "puzzle-menu"
            assert page.locator(f"#tab-{ids[0]}").is_hidden()
            shown = page.locator(f"#tab-{ids[-1]}").text_content()
            assert page.locator(".puzzle-menu").inner_text().startswith(shown)
        tagline = page.locator(".tagline").inner_text()
        assert tagline.split()[0] in ("Four", "Eight") and "puzzles" in tagline
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            if folded:
                page.locator(".puzzle-menu").click()
            name = f"shell-{count}-puzzles-{size['width']}-{scheme}.png"
            page.screenshot(path=str(screenshot_dir / name))
            if folded:
                page.keyboard.press("Escape")


def test_a_puzzle_without_a_daily_puzzle_shows_no_daily_control_and_refuses_a_daily_link(
        fresh_page, site_url):
    page = fresh_page
    page.set_viewport_size(PHONE)
    ids = with_puzzles(page, len(registry_puzzles()) + 1)
    plain = ids[-1]
    page.goto(f"{site_url}#{plain}")
    wait_board(page, plain)
    board = page.locator(f"#{plain}")
    assert board.locator('[data-play="daily"]').count() == 0
    assert board.locator('[data-play="today"]').count() == 0
    assert board.locator('[data-play="next"]').count() == 1
    game = board.get_attribute("data-game-id")
    page.evaluate("(id) => { location.hash = `${id}&daily=2026-11-20`; }", plain)
    page.locator("#page-notice").wait_for(state="visible")
    assert "has no daily puzzle" in page.locator("#page-notice").inner_text()
    wait_board(page, plain)
    assert board.get_attribute("data-game-id") == game  # the board is unchanged
    # The Today view lists the puzzles that deal one, and this one not.
    page.goto(f"{site_url}#{ids[0]}")
    wait_board(page, ids[0])
    page.locator(f'#{ids[0]} [data-play="today"]').click()
    names = page.locator(".today-view .today-name").all_inner_texts()
    assert plain not in " ".join(names) and len(names) >= 1


def test_the_real_registry_shows_tabs_in_both_themes(fresh_page, site_url, screenshot_dir):
    """The registry's puzzles keep their tabs at laptop width (and at phone width
    while they fit, else a menu), the page fits both,
    and each mounted board keeps the board contract (board-kit.mjs)."""
    page = fresh_page
    ids = registry_puzzles()
    page.goto(f"{site_url}#{ids[0]}")
    for puzzle in ids:
        pick(page, puzzle)
        problems = page.evaluate("(id) => window.puzzleLab.boards[id].contractProblems()", puzzle)
        assert problems == [], (puzzle, problems)
    for size in (PHONE, LAPTOP):
        page.set_viewport_size(size)
        page.goto(f"{site_url}#{ids[0]}")
        wait_board(page, ids[0])
        # A laptop shows every tab; a phone shows them while they fit, else the menu.
        fit = page.locator(".tab-row").get_attribute("data-fit")
        assert fit == "tabs" if size == LAPTOP else fit in ("tabs", "menu")
        assert page.locator(".puzzle-menu").is_hidden() == (fit == "tabs")
        assert_fits(page, size["width"], f"the registry at {size['width']} px")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            name = f"shell-registry-{size['width']}-{scheme}.png"
            page.screenshot(path=str(screenshot_dir / name))
