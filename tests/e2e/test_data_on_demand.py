"""The solvers' large data files (the peg opening book and count table) are
fetched by the engine only when a request needs one: never for Lights Out or
the binary puzzle, once each for the English peg game."""

from __future__ import annotations

import re

import pytest
from test_boot import dedicated
from test_lightsout_page import current as lights_board
from test_lightsout_page import open_board as open_lights
from test_lightsout_page import wait_idle as lights_idle

pytestmark = pytest.mark.e2e

# The engine runs in a dedicated worker here: Playwright sees its requests
# (a shared worker's it does not), and it runs the same code.
DATA = re.compile(r"/data/(pegs/[^?#]+)")


def data_requests(page_log) -> list[str]:
    """The data files the page or its engine fetched, in order (one entry per response)."""
    return [match[1] for _, url in page_log.responses if (match := DATA.search(url))]


def test_lights_out_and_binary_puzzle_hints_fetch_no_data_file(page, site_url, page_log):
    root = open_lights(dedicated(page), site_url)
    board = lights_board(root)
    page.get_by_role("button", name="Hint").click()
    lights_idle(page)
    hint = re.search(r"row (\d+), column (\d+)", page.locator("#lightsout .message").inner_text())
    assert hint, "the hint came from the engine"
    # The binary puzzle's tab, in the same page.
    page.evaluate("location.hash = '#binairo'")
    page.wait_for_function(
        "document.querySelector('#binairo')?.dataset.status === 'ready'", timeout=60_000)
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("window.puzzleLab.boards.binairo?.idle()", timeout=60_000)
    assert page.locator("#binairo .message").inner_text().startswith("Hint: ")
    assert lights_board(root) == board
    # The engine did run (its wheel came), and no data file did.
    assert any("/wheels/" in url for _, url in page_log.responses)
    assert data_requests(page_log) == []
