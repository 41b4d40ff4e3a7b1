"""Lights Out: its own cases of tests/e2e/test_layout_page.py, moved here from it (that
module's subject: Themes and widths: every tab at phone and desktop width, light and
dark)."""

from __future__ import annotations

import json

import pytest
from test_layout_page import (
    FIRST_SCREENS,
    PLAY_BAR,
    PUZZLES,
    WIDE_PLAY_BAR,
    WIDTHS,
    assert_on_first_screen,
    canvas_pixel,
    wait_idle,
)

pytestmark = pytest.mark.e2e


def test_tabs_at_phone_and_desktop_width_in_both_themes(page, site_url, screenshot_dir, axe):
    page.set_viewport_size({"width": WIDTHS["phone"][0], "height": WIDTHS["phone"][1]})
    # A 5x5 board with its corner dark, so the sampled pixel is an "off" cell.
    page.goto(f"{site_url}#lightsout=5x5%3A1f8c4a0")
    pixels = {}
    violations = {}
    for puzzle in PUZZLES:
        # Each board is created at phone width, as a phone would (settings folded).
        page.set_viewport_size({"width": WIDTHS["phone"][0], "height": WIDTHS["phone"][1]})
        page.locator(f"#tab-{puzzle}").click()
        page.wait_for_function(
            f"window.puzzleLab?.boards.{puzzle}?.idle() "
            f"&& document.querySelector('#{puzzle}').dataset.gameId",
            timeout=90_000,
        )
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


@pytest.mark.parametrize("size_name", list(FIRST_SCREENS))
def test_each_board_and_its_main_actions_fit_the_first_screen(
    browser, site_url, screenshot_dir, size_name
):
    size = FIRST_SCREENS[size_name]
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, service_workers="block"
    )
    try:
        page = context.new_page()
        page.goto(f"{site_url}#lightsout")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for puzzle in PUZZLES:
                page.locator(f"#tab-{puzzle}").click()
                wait_idle(page, puzzle)
                what = f"layout-first-{puzzle}-{size_name}-{scheme}"
                bar = PLAY_BAR if size_name == "phone" else WIDE_PLAY_BAR
                assert_on_first_screen(page, puzzle, size, what, bar)
                page.screenshot(path=str(screenshot_dir / f"{what}.png"))
        # In the lab, Show solution adds a line above the board: the board
        # shrinks instead. (On phones it is under the board, in More actions:
        # the top holds the new game; undo and hint are in the play bar.)
        page.locator("#tab-lightsout").click()
        page.get_by_role("button", name="Lab & help").click()
        for puzzle in PUZZLES:
            page.locator(f"#tab-{puzzle}").click()
            wait_idle(page, puzzle)
            assert_on_first_screen(page, puzzle, size, f"layout-lab-{puzzle}-{size_name}")
        page.locator("#tab-lightsout").click()
        if size_name == "phone":
            tops = page.evaluate("""() => [...document.querySelectorAll(
                '#lightsout .toolbar button')].filter((b) => b.getClientRects().length
                && b.getBoundingClientRect().bottom < document.querySelector(
                  '#lightsout canvas').getBoundingClientRect().top)
                .map((b) => [b.dataset.action, Math.round(b.getBoundingClientRect().top),
                             b.getBoundingClientRect().height])""")
            assert sorted(action for action, _, _ in tops) == ["random"], tops
            assert len({top for _, top, _ in tops}) <= 2, tops
            assert all(height >= 44 for _, _, height in tops), tops
            page.locator("#lightsout details.more-actions summary").click()
        page.locator('#lightsout button[data-action="solution"]').click()
        page.wait_for_function(
            "document.querySelector('#lightsout .solution-note span').textContent.length > 0",
            timeout=90_000,
        )
        wait_idle(page, "lightsout")
        assert_on_first_screen(page, "lightsout", size, f"{size_name}: after Show solution")
        page.screenshot(path=str(screenshot_dir / f"layout-first-solution-{size_name}.png"))
        # A move saves the game; a bad link on top of it brings a notice.
        page.locator('#lightsout button[data-action="solution"]').click()
        page.locator("#lightsout canvas").click(position={"x": 5, "y": 5})
        wait_idle(page, "lightsout")
        page.evaluate("location.hash = '#lightsout=garbage'")
        page.locator("#page-notice").wait_for(state="visible")
        wait_idle(page, "lightsout")
        assert_on_first_screen(page, "lightsout", size, f"{size_name}: after a notice")
        page.screenshot(path=str(screenshot_dir / f"layout-first-notice-{size_name}.png"))
        # The notice goes with its button, and the board takes the room back.
        small = page.locator("#lightsout canvas").bounding_box()["height"]
        page.get_by_role("button", name="Dismiss").click()
        assert page.locator("#page-notice").is_hidden()
        page.wait_for_timeout(100)
        assert page.locator("#lightsout canvas").bounding_box()["height"] >= small
    finally:
        context.close()


def test_introduction_folds_after_the_first_visit(page, site_url):
    page.goto(f"{site_url}#lightsout")
    intro = page.locator("#panel-lightsout details.intro")
    assert intro.evaluate("d => d.open")
    page.reload()
    assert not intro.evaluate("d => d.open")
    intro.locator("summary").click()
    assert intro.evaluate("d => d.open")
