"""Themes and widths: every tab at phone and desktop width, light and dark.

One page load: the viewport and the colour scheme change in place, as when a
phone turns or the system theme switches; the canvases must repaint in the
new colours, and axe-core finds nothing serious in either theme (contrast,
labels, landmarks...). Screenshots go to test-results/screenshots/layout-*.png.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.e2e

PUZZLES = ("lightsout", "pegs", "binairo")
WIDTHS = {"phone": (375, 740), "desktop": (1280, 900)}


def canvas_pixel(page, puzzle: str) -> list[int]:
    """The colour of a board pixel that only the theme changes (inside a cell, or a hole)."""
    return page.evaluate(
        """(id) => {
          const board = window.puzzleLab.boards[id];
          const canvas = board.root.querySelector('canvas');
          // Pegs: the empty centre hole. Grids: near the top left corner of a
          // cell, inside its fill and clear of its digit (binary puzzle: the
          // first cell; Lights Out: the last, dark, cell).
          let [x, y] = [canvas.width / 2, canvas.height / 2];
          if (id !== 'pegs') {
            const cell = canvas.width / board.grid.cols;
            const row = id === 'lightsout' ? board.grid.rows - 1 : 0;
            const col = id === 'lightsout' ? board.grid.cols - 1 : 0;
            [x, y] = [(col + 0.2) * cell, (row + 0.2) * cell];
          }
          return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data);
        }""",
        puzzle,
    )


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
