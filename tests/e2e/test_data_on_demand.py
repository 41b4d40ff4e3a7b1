"""The solvers' large data files (the peg opening book and count table, the
sparsest binary deals ...) are fetched by the engine only when a request needs
one: a hint on a puzzle that declares no data requests fetches none, and a
puzzle's hint never fetches another puzzle's file (each puzzle's own cases,
such as the English peg game's book fetched once, are in its home)."""

from __future__ import annotations

import re

import pytest
from test_boot import dedicated

from main_page import link, wait_board
from page_moves import Board
from puzzle_homes import facts, registry_puzzles

pytestmark = pytest.mark.e2e

# The engine runs in a dedicated worker here: Playwright sees its requests
# (a shared worker's it does not), and it runs the same code.
DATA = re.compile(rf"/data/((?:{'|'.join(registry_puzzles())})/[^?#]+)")


def data_requests(page_log) -> list[str]:
    """The data files the page or its engine fetched, in order (one entry per response)."""
    return [match[1] for _, url in page_log.responses if (match := DATA.search(url))]


def test_a_hint_fetches_only_the_data_its_puzzle_needs(page, site_url, page_log):
    dedicated(page)
    for index, puzzle in enumerate(registry_puzzles()):
        before = len(data_requests(page_log))
        address = link(site_url, puzzle, facts(puzzle).GAME)
        if index == 0:
            page.goto(address)
        else:  # the next tab, in the same page and engine
            page.evaluate("(address) => { location.hash = new URL(address).hash; }", address)
        wait_board(page, puzzle)
        facts(puzzle).play(page, Board.main(puzzle), 0)
        wait_board(page, puzzle)
        page.locator(f"#{puzzle}").get_by_role("button", name="Hint").click()
        wait_board(page, puzzle)
        assert page.locator(f"#{puzzle} .message").inner_text().strip(), puzzle
        fetched = data_requests(page_log)[before:]
        assert all(name.startswith(f"{puzzle}/") for name in fetched), (puzzle, fetched)
        if not facts(puzzle).DATA_REQUESTS:
            assert fetched == [], (puzzle, fetched)
    # The engine did run (its wheel came).
    assert any("/wheels/" in url for _, url in page_log.responses)
