"""Embedding: boards on another page via embed.mjs, the iframe form, and the Embed button."""

from __future__ import annotations

import pytest

from puzzle_homes import registry_puzzles

pytestmark = pytest.mark.e2e

#: Every puzzle: the demo page has a board of each.
PUZZLES = tuple(registry_puzzles())


def board_ready(page, puzzle: str) -> str:
    """Bring the demo's board of `puzzle` into view (a board draws as it comes
    near the screen) and wait until it has answered every action; its game ID."""
    page.locator(f"#demo-{puzzle}").scroll_into_view_if_needed()
    page.wait_for_function(
        """(id) => {
          const board = window.PuzzleLab?.boardOf(document.getElementById(id));
          return board?.idle() && board.gameId;
        }""",
        arg=f"demo-{puzzle}",
        timeout=90_000,
    )
    return page.locator(f"#demo-{puzzle}").get_attribute("data-game-id")


# In a document: its Python engine, as its client's ready message describes it.
ENGINE = """() => import(new URL("client.mjs", document.baseURI).href)
  .then(({ getClient }) => getClient().ready).then((ready) => ready.engine)"""


def test_iframe_posts_its_height(page, site_url, screenshot_dir, axe):
    page.goto(site_url + "embed-demo.html")
    page.locator("#demo-frame").scroll_into_view_if_needed()  # a lazy frame loads near view
    page.wait_for_function(
        "document.getElementById('demo-frame').contentDocument"
        "?.querySelector('#board')?.dataset.gameId",
        timeout=90_000,
    )
    heights = page.evaluate(
        """() => new Promise((resolve) => {
          const seen = [];
          addEventListener('message', (e) => {
            if (e.data?.type === 'puzzlelab-height') seen.push(e.data.height);
          });
          // A taller content is reported at once (a shorter one once the
          // text under the frame is out of sight: test_blog_embeds.py).
          const doc = document.getElementById('demo-frame').contentDocument;
          doc.body.style.paddingBottom = '300px';
          setTimeout(() => resolve(seen), 1000);
        })"""
    )
    assert heights and heights[-1] > 200, heights
    frame_height = int(page.locator("#demo-frame").get_attribute("height"))
    assert frame_height == heights[-1]
    for puzzle in PUZZLES:
        board_ready(page, puzzle)
    page.screenshot(path=str(screenshot_dir / "embed-demo.png"), full_page=True)
    # Nothing serious for axe-core on the demo page nor in its iframe.
    frame = next(f for f in page.frames if f.url.split("?")[0].endswith("embed.html"))
    assert axe(page) == []
    assert axe(frame) == []


BLOCKED_STORAGE = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });"""
