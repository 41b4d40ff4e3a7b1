"""Peg solitaire: its own cases of tests/e2e/test_data_on_demand.py (the solvers'
large data files are fetched by the engine only when a request needs one): the
English peg game's opening book, once."""

from __future__ import annotations

import re

import pytest
from test_boot import dedicated
from test_data_on_demand import data_requests
from test_pegs_page import grid, jump
from test_pegs_page import open_board as open_pegs
from test_pegs_page import wait_idle as pegs_idle

from puzzlelab import api, pegs

pytestmark = pytest.mark.e2e


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
