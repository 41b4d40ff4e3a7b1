"""Themes and widths: every tab at phone and desktop width, light and dark.

One page load: the viewport and the colour scheme change in place, as when a
phone turns or the system theme switches; the canvases must repaint in the
new colours, and axe-core finds nothing serious in either theme (contrast,
labels, landmarks...). Each board and its main actions fit the first screen,
in the play view and in the lab, with a line or a notice above them; no board moves
once drawn. Screenshots go to test-results/screenshots/layout-*.png.

Every puzzle of the registry is covered; what differs between them comes from
the page (each board's declared ``mainActions``) or from the puzzle's facts
(tests/<id>/facts.py: ``THEMED_PIXEL``, ``show_line_above_board``, ``GAME``,
``play``, ``BAD_GAME``).
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from main_page import choose, play, wait_game
from puzzle_homes import facts, registry_puzzles, registry_puzzles_with

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

WIDTHS = {"phone": (375, 740), "desktop": (1280, 900)}


def canvas_pixel(page, puzzle: str) -> list[int]:
    """The colour of a board pixel that only the theme changes: where the
    puzzle's facts say (THEMED_PIXEL, from the board and its canvas)."""
    return page.evaluate(
        f"""(() => {{
          const board = window.puzzleLab.boards.{puzzle};
          const canvas = board.root.querySelector('canvas');
          const [x, y] = {facts(puzzle).THEMED_PIXEL};
          return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data);
        }})()"""
    )


# The first screen: the sizes of issue 16, and each board's main actions: on
# the play view (a first visit) the play bar, in the lab also the new game.
FIRST_SCREENS = {"desktop": (1280, 800), "phone": (375, 740)}
PLAY_BAR = ('button[data-action="undo"]', 'button[data-action="hint"]', 'button[data-play="lab"]')


def play_bar(puzzle: str, phone: bool) -> tuple[str, ...]:
    """The play bar's buttons that must be on the first screen: Today where the
    puzzle declares a daily puzzle (the registry's ``daily``); Next puzzle on a
    laptop, and on a phone where there is no Today (else it is in the Today view)."""
    daily = puzzle in registry_puzzles_with("daily")
    today = ('button[data-play="today"]',) if daily else ()
    following = ('button[data-play="next"]',) if not phone or not daily else ()
    return (*PLAY_BAR, *today, *following)


def main_actions(page, puzzle: str) -> list[str]:
    """The board's main actions: Undo, Hint and the new-game buttons its class
    declares (``static mainActions``, which the layout keeps on the first screen)."""
    declared = page.evaluate(f"window.puzzleLab.boards.{puzzle}.constructor.mainActions ?? []")
    return ["undo", "hint", *declared]


def wait_idle(page, puzzle: str) -> None:
    page.wait_for_function(
        f"window.puzzleLab?.boards.{puzzle}?.idle() "
        f"&& document.querySelector('#{puzzle}').dataset.gameId",
        timeout=90_000,
    )


def assert_on_first_screen(page, puzzle: str, size: tuple[int, int], what: str,
                           buttons: tuple[str, ...] | None = None) -> None:
    """The board's canvas and its main buttons (the lab's, unless `buttons`
    names others by selector) lie inside the window at scroll 0."""
    width, height = size
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)  # the resize observers redraw the board
    boxes = {"board": page.locator(f"#{puzzle} canvas").first.bounding_box()}
    if buttons is None:
        buttons = tuple(f'button[data-action="{action}"]'
                        for action in main_actions(page, puzzle))
    for selector in buttons:
        boxes[selector] = page.locator(f"#{puzzle} {selector}").bounding_box()
    for name, box in boxes.items():
        assert box is not None, f"{what}: {name} is not shown"
        inside = (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5
                  and box["y"] + box["height"] <= height + 0.5)
        assert inside, f"{what}: {name} at {box} is not inside {width}x{height}"


# Where each board's canvas was the first time it was shown (its root's
# data-status leaving "loading"), read right after that draw.
FIRST_DRAWN = """window.firstDrawn = {};
new MutationObserver((changes) => {
  for (const { target } of changes) {
    const canvas = target.querySelector?.('canvas');
    if (!canvas || target.dataset.status === 'loading' || target.id in window.firstDrawn) continue;
    const { x, y, width, height } = canvas.getBoundingClientRect();
    window.firstDrawn[target.id] = [x, y, width, height];
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status'] });"""


@pytest.mark.shared_engine(False)  # each board made at phone width on a first visit
def test_tabs_at_phone_and_desktop_width_in_both_themes(page, site_url, screenshot_dir, axe):
    page.set_viewport_size({"width": WIDTHS["phone"][0], "height": WIDTHS["phone"][1]})
    puzzles = registry_puzzles()
    page.goto(f"{site_url}#{puzzles[0]}")
    pixels = {}
    violations = {}
    for puzzle in puzzles:
        # Each board is created at phone width, as a phone would (settings folded).
        page.set_viewport_size({"width": WIDTHS["phone"][0], "height": WIDTHS["phone"][1]})
        choose(page, puzzle)
        wait_idle(page, puzzle)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for name, (width, height) in WIDTHS.items():
                page.set_viewport_size({"width": width, "height": height})
                page.evaluate("window.scrollTo(0, 0)")
                page.wait_for_timeout(150)  # the resize observers repaint
                shot = screenshot_dir / f"layout-{puzzle}-{name}-{scheme}.png"
                page.screenshot(path=str(shot))
                # Nothing wider than the screen, and the board in reach.
                overflow = page.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
                assert overflow <= 0, f"{shot.name}: {overflow}px of sideways scroll"
                canvas = page.locator(f"#{puzzle} canvas").first.bounding_box()
                assert canvas["x"] >= 0 and canvas["x"] + canvas["width"] <= width + 0.5
                assert canvas["y"] < height, f"{shot.name}: the board starts at {canvas['y']}"
            pixels[puzzle, scheme] = canvas_pixel(page, puzzle)
            if scheme == "dark":
                # The repaint follows the media change asynchronously: give a
                # busy machine a few seconds before calling it missing.
                for _ in range(50):
                    if pixels[puzzle, "dark"] != pixels[puzzle, "light"]:
                        break
                    page.wait_for_timeout(100)
                    pixels[puzzle, "dark"] = canvas_pixel(page, puzzle)
            violations[f"{puzzle} ({scheme})"] = axe(page)
        assert pixels[puzzle, "light"] != pixels[puzzle, "dark"], puzzle
    page.emulate_media(color_scheme="light")
    assert not any(violations.values()), json.dumps(violations, indent=1)


def buttons_above_the_board(page, puzzle: str) -> list:
    """[action, top, height] of each shown toolbar button above the board's canvas."""
    return page.evaluate(
        """(id) => [...document.querySelectorAll(`#${id} .toolbar button`)]
          .filter((b) => b.getClientRects().length
            && b.getBoundingClientRect().bottom
               < document.querySelector(`#${id} canvas`).getBoundingClientRect().top)
          .map((b) => [b.dataset.action, Math.round(b.getBoundingClientRect().top),
                       b.getBoundingClientRect().height])""",
        puzzle,
    )


@pytest.mark.parametrize("size_name", list(FIRST_SCREENS))
def test_each_board_and_its_main_actions_fit_the_first_screen(
    new_page, site_url, screenshot_dir, size_name
):
    size = FIRST_SCREENS[size_name]
    puzzles = registry_puzzles()
    page = new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(f"{site_url}#{puzzles[0]}")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for puzzle in puzzles:
            choose(page, puzzle)
            wait_idle(page, puzzle)
            what = f"layout-first-{puzzle}-{size_name}-{scheme}"
            bar = play_bar(puzzle, phone=size_name == "phone")
            assert_on_first_screen(page, puzzle, size, what, bar)
            page.screenshot(path=str(screenshot_dir / f"{what}.png"))
    # In the lab, a line above the board (a solution's note, say) makes
    # the board shrink instead. (On phones the lab's tools are under the
    # board, in More actions: the top holds the new game; undo and hint
    # are in the play bar.)
    choose(page, puzzles[0])
    page.get_by_role("button", name="Lab & help").click()
    for puzzle in puzzles:
        choose(page, puzzle)
        wait_idle(page, puzzle)
        assert_on_first_screen(page, puzzle, size, f"layout-lab-{puzzle}-{size_name}")
        if size_name == "phone":
            tops = buttons_above_the_board(page, puzzle)
            new_game = main_actions(page, puzzle)[2:]
            assert sorted(action for action, _, _ in tops) == sorted(new_game), (puzzle, tops)
            assert len({top for _, top, _ in tops}) <= 2, (puzzle, tops)
            assert all(height >= 44 for _, _, height in tops), (puzzle, tops)
            page.locator(f"#{puzzle} details.more-actions summary").click()
        hide = facts(puzzle).show_line_above_board(page)
        if hide is not None:
            wait_idle(page, puzzle)
            what = f"{puzzle}, {size_name}: with its line above the board"
            assert_on_first_screen(page, puzzle, size, what)
            page.screenshot(
                path=str(screenshot_dir / f"layout-first-line-{puzzle}-{size_name}.png"))
            hide()
    # A move saves the game; a bad link on top of it brings a notice (the
    # page's, the same above every board: shown once, over the first one).
    puzzle = puzzles[0]
    choose(page, puzzle)
    page.evaluate("(hash) => { location.hash = hash; }",
                  f"#{puzzle}={quote(facts(puzzle).GAME, safe='')}")
    wait_game(page, puzzle, facts(puzzle).GAME)
    play(page, puzzle, 0)
    wait_idle(page, puzzle)
    page.evaluate("(hash) => { location.hash = hash; }",
                  f"#{puzzle}={quote(facts(puzzle).BAD_GAME, safe='')}")
    page.locator("#page-notice").wait_for(state="visible")
    wait_idle(page, puzzle)
    assert_on_first_screen(page, puzzle, size, f"{size_name}: after a notice")
    page.screenshot(path=str(screenshot_dir / f"layout-first-notice-{size_name}.png"))
    # The notice goes with its button, and the board takes the room back.
    small = page.locator(f"#{puzzle} canvas").bounding_box()["height"]
    page.get_by_role("button", name="Dismiss").click()
    assert page.locator("#page-notice").is_hidden()
    page.wait_for_timeout(100)
    assert page.locator(f"#{puzzle} canvas").bounding_box()["height"] >= small


@pytest.mark.shared_engine(False)  # a first visit: the stylesheets arrive as they do then
@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_a_board_stays_where_it_was_first_drawn(page, site_url, puzzle):
    """No board moves or resizes once shown, untouched: a person's first
    click aims at what they see. (The peg board was drawn before its own
    stylesheet applied, then moved 38 px down when its lines took their height.)"""
    page.add_init_script(FIRST_DRAWN)
    page.goto(f"{site_url}#{puzzle}")
    page.wait_for_function(
        f"window.puzzleLab?.boards.{puzzle}?.idle() && '{puzzle}' in window.firstDrawn")
    page.wait_for_timeout(1500)  # a late sheet, font or line would have moved it by now
    first, now = page.evaluate(
        """(id) => {
          const canvas = document.querySelector(`#${id} canvas`);
          const { x, y, width, height } = canvas.getBoundingClientRect();
          return [window.firstDrawn[id], [x, y, width, height]];
        }""",
        puzzle,
    )
    assert now == first
