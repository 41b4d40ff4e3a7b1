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
from test_pegs_page import grid, jump
from test_pegs_page import open_board as open_pegs
from test_pegs_page import wait_idle as pegs_idle

from puzzlelab import api, pegs

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


def test_a_peg_hint_fetches_the_book_once_and_is_a_winning_move(page, site_url, page_log):
    root = open_pegs(dedicated(page), site_url)
    page.get_by_role("button", name="Hint").click()
    pegs_idle(page, timeout=90_000)
    note = page.locator("#pegs .solution-note").inner_text()
    holes = re.findall(r"row (\d+) column (\d+)", note)
    assert len(holes) == 2, note
    src, dst = ((int(r) - 1, int(c) - 1) for r, c in holes)
    before = pegs.Position.parse(grid(root))
    jump(page, src, dst)
    after = pegs.Position.parse(grid(root))
    # A legal jump was played, and the game can still be won from it (asked
    # here of a search without the book).
    assert after == before.play(before.find_move(src, dst))
    search = pegs.Solver(after.geo, pegs.parse_goal(after.geo, None))
    search.book = None
    assert search.solve(after.pegs) is not None
    page.wait_for_function("document.querySelector('#pegs').dataset.verdict === 'reachable'")
    # The book came once (the verdicts and the hint share it); no file came twice.
    fetched = data_requests(page_log)
    assert fetched.count("pegs/data/english-central.book") == 1, fetched
    assert len(set(fetched)) == len(fetched), fetched
    # What the page showed is Python's own answer.
    expected = api.handle({"cmd": "pegs.hint", "grid": before.grid})["result"]["move"]
    assert [list(src), list(dst)] == expected
