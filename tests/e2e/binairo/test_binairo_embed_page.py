"""The binary puzzle: its own cases of tests/e2e/test_embed_page.py, moved here from it
(that module's subject: Embedding: boards on another page via embed.mjs, the iframe
form, and the Embed button)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

BINAIRO = "4x4:1b0i1b"


def test_embed_button_shows_snippets_for_the_current_game(page, site_url, screenshot_dir, axe):
    page.goto(f"{site_url}#binairo={quote(BINAIRO, safe='')}")
    page.wait_for_function(
        "window.puzzleLab?.boards.binairo?.idle() && window.puzzleLab.boards.binairo.gameId",
        timeout=90_000,
    )
    page.get_by_role("button", name="Embed").click()
    script = page.locator("#embed-script")
    frame = page.locator("#embed-iframe")
    script.wait_for(state="visible")
    assert f'<puzzle-lab puzzle="binairo" game="{BINAIRO}"' in script.input_value()
    assert f"{site_url}embed.mjs" in script.input_value()
    assert f"game={quote(BINAIRO, safe='')}" in frame.input_value()
    # The frame starts taller than the board, then fits the height it reports.
    board_height = page.locator("#binairo canvas").bounding_box()["height"]
    start = int(re.search(r'height="(\d+)"', frame.input_value()).group(1))
    assert start > board_height
    assert "puzzlelab-height" in frame.input_value()
    assert script.get_attribute("readonly") is not None
    assert frame.get_attribute("readonly") is not None
    # The iframe's theme: the reader's system by default, else the one chosen.
    assert "theme=" not in frame.input_value() and "background=" not in frame.input_value()
    page.locator("#embed-theme").select_option("dark")
    page.get_by_label("Transparent background").check()
    assert "theme=dark&amp;background=transparent" in frame.input_value()
    # The previews: the snippet's frame in a 672 px column, a board in each,
    # dark as chosen, its panel transparent on both pages.
    previews = page.locator("#embed-previews iframe")
    assert previews.count() == 2
    for index in range(2):
        assert previews.nth(index).get_attribute("width") == "672"
        inner = page.frame_locator("#embed-previews iframe").nth(index)
        inner.locator("#board[data-game-id]").wait_for(timeout=60_000)
        looks = inner.locator("#board").evaluate(
            "(el) => [el.dataset.scheme, getComputedStyle(el).backgroundColor]")
        assert looks == ["dark", "rgba(0, 0, 0, 0)"], looks
    # With "auto" each preview stands for a reader of one theme.
    page.get_by_label("Transparent background").uncheck()
    page.locator("#embed-theme").select_option("auto")
    sources = [previews.nth(index).get_attribute("src") for index in range(2)]
    assert ["theme=light" in sources[0], "theme=dark" in sources[1]] == [True, True], sources
    page.screenshot(path=str(screenshot_dir / "embed-snippets.png"))
    assert axe(page) == []  # the snippet fields are labelled
