"""Lights Out: its own cases of tests/e2e/test_layout_page.py, moved here from it (that
module's subject: Themes and widths: every tab at phone and desktop width, light and
dark): its controls act at once, its introduction folds after a first visit, and its
embeds take the host page's colours."""

from __future__ import annotations

import pytest
from test_layout_page import wait_idle

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


@pytest.mark.shared_engine
def test_controls_act_at_once(page, site_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{site_url}#lightsout")
    wait_idle(page, "lightsout")
    # The Custom size puts the cursor in Rows; Enter there makes a board of that size.
    rows = page.locator('#lightsout input[data-field="rows"]')
    page.locator('#lightsout select[data-field="preset"]').select_option("custom")
    assert rows.evaluate("(el) => el === document.activeElement")
    rows.fill("4")
    rows.press("Enter")
    page.wait_for_function(
        "window.puzzleLab.boards.lightsout.state?.rows === 4", timeout=90_000
    )
    # Show and Hide solution keep one width.
    button = page.locator('#lightsout button[data-action="solution"]')
    shown = button.bounding_box()["width"]
    button.click()
    page.wait_for_function(
        "document.querySelector('#lightsout [data-action=solution]').getAttribute('aria-pressed')"
        " === 'true'"
    )
    assert abs(button.bounding_box()["width"] - shown) < 0.5
    # "Link copied" is said, then clears.
    page.locator("#copy-link").click()
    page.wait_for_function("document.querySelector('#share-status').textContent === 'Link copied'")
    page.wait_for_function(
        "document.querySelector('#share-status').textContent === ''", timeout=6_000
    )
    # Gallery opens in view, and a click on a picture shows the board it changes.
    page.locator('#lightsout button[data-action="gallery"]').click()
    thumb = page.locator("#lightsout .cell-thumb").first
    thumb.wait_for(state="visible", timeout=90_000)
    panel = page.locator('#lightsout [data-panel="gallery"]').bounding_box()
    assert panel["y"] < 800 and panel["y"] + panel["height"] > 0, panel
    before = page.locator("#lightsout").get_attribute("data-game-id")
    thumb.click()
    page.wait_for_function(
        f"document.querySelector('#lightsout').dataset.gameId !== {before!r}", timeout=90_000
    )
    wait_idle(page, "lightsout")
    board = page.locator("#lightsout .board-area canvas").bounding_box()
    assert board["y"] >= -1 and board["y"] + board["height"] <= 800.5, board  # within a pixel


def test_introduction_folds_after_the_first_visit(page, site_url):
    page.goto(f"{site_url}#lightsout")
    intro = page.locator("#panel-lightsout details.intro")
    assert intro.evaluate("d => d.open")
    page.reload()
    assert not intro.evaluate("d => d.open")
    intro.locator("summary").click()
    assert intro.evaluate("d => d.open")


# A blog post whose own colours ignore the system theme: dark, then light.
HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>
<style>body { background: #111418; color: #eee; }
  body.light { background: #fffdf8; color: #222; }</style>
</head><body><main>
<div id="script-board" data-puzzlelab="lightsout" data-game="5x5:1f8c4a0"></div>
<iframe id="frame-board" title="Lights Out" width="420" height="560" style="border: 0"
  src="embed.html?puzzle=lightsout&amp;game=5x5%3A1f8c4a0&amp;theme=dark"></iframe>
</main><script type="module" src="embed.mjs"></script></body></html>"""
# Lights Out's off cells (--light-off) and the board's panel (--panel), light and dark.
OFF = {"light": (0x2B, 0x34, 0x45), "dark": (0x34, 0x3E, 0x52)}
PANEL = {"light": (0xFF, 0xFF, 0xFF), "dark": (0x1D, 0x22, 0x2B)}


def board_colours(frame, selector: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The panel colour and the canvas colour of the (dark) bottom right cell of a 5x5 board."""
    panel, off = frame.evaluate(
        """(selector) => {
          const root = document.querySelector(selector);
          const canvas = root.querySelector('canvas');
          const cell = canvas.width / 5;
          const px = canvas.getContext('2d').getImageData(4.2 * cell, 4.2 * cell, 1, 1).data;
          return [getComputedStyle(root).backgroundColor.match(/\\d+/g).map(Number),
                  Array.from(px).slice(0, 3)];
        }""",
        selector,
    )
    return tuple(panel[:3]), tuple(off)


def wait_colours(frame, selector: str, scheme: str, what: str) -> None:
    """Wait (the repaint follows the change) until the board has `scheme`'s colours."""
    want = (PANEL[scheme], OFF[scheme])
    got = None
    for _ in range(100):
        got = board_colours(frame, selector)
        close = all(abs(a - b) <= 3 for pair in zip(got, want, strict=True)
                    for a, b in zip(*pair, strict=True))
        if close:
            return
        frame.wait_for_timeout(100)
    raise AssertionError(f"{what}: colours {got}, wanted the {scheme} ones {want}")


@pytest.mark.shared_engine
def test_embedded_boards_follow_the_host_pages_colours(page, site_url, screenshot_dir):
    """Script and iframe embeds on a dark page under a light system theme, then
    on a light page under a dark one: the boards take the page's scheme."""
    page.route(f"{site_url}host.html", lambda route: route.fulfill(
        body=HOST_PAGE, content_type="text/html"))
    page.emulate_media(color_scheme="light")
    page.goto(f"{site_url}host.html")
    page.wait_for_function(
        "document.querySelector('#script-board')?.dataset.gameId", timeout=90_000)
    frame = page.frame_locator("#frame-board")
    frame.locator("#board[data-game-id]").wait_for(timeout=90_000)
    inner = next(f for f in page.frames if f.url.split("?")[0].endswith("embed.html"))
    # Dark page, light system: the script embed sees the page, the frame is told (theme=dark).
    wait_colours(page, "#script-board", "dark", "script embed, dark page, light system")
    wait_colours(inner, "#board", "dark", "iframe theme=dark, light system")
    page.screenshot(path=str(screenshot_dir / "embed-theme-dark-host.png"))

    # The page turns light and the system dark; the host tells its frame.
    page.evaluate("document.body.classList.add('light')")
    page.emulate_media(color_scheme="dark")
    page.evaluate("""document.querySelector('#frame-board').contentWindow
                     .postMessage({type: 'puzzlelab-theme', theme: 'light'}, '*')""")
    wait_colours(page, "#script-board", "light", "script embed, light page, dark system")
    wait_colours(inner, "#board", "light", "iframe told light, dark system")
    # The frame's own page takes the theme too: no dark rim around the board.
    assert inner.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    page.screenshot(path=str(screenshot_dir / "embed-theme-light-host.png"))
    # auto follows the system again.
    page.evaluate("""document.querySelector('#frame-board').contentWindow
                     .postMessage({type: 'puzzlelab-theme', theme: 'auto'}, '*')""")
    wait_colours(inner, "#board", "dark", "iframe told auto, dark system")
    page.emulate_media(color_scheme="light")
