"""Peg solitaire: its own cases of tests/e2e/test_session_page.py, moved here from it (that
module's subject: The page's session: undo, redo and a press the shown solution already
answers hand back stored values, with no request to the worker)."""

from __future__ import annotations

import pytest
from test_pegs_page import grid, jump
from test_pegs_page import open_board as open_pegs
from test_pegs_page import wait_idle as pegs_idle
from test_session_page import COUNT_REQUESTS, requests_sent

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


def test_peg_undo_and_redo_send_no_request(page, site_url):
    page.add_init_script(COUNT_REQUESTS)
    root = open_pegs(page, site_url)
    start = grid(root)
    # A first touch (a click beside the holes) starts Python, which judges the start.
    page.locator("#pegs canvas").click(position={"x": 3, "y": 3})
    page.wait_for_function("document.querySelector('#pegs').dataset.verdict === 'reachable'")
    jump(page, (1, 3), (3, 3))
    page.wait_for_function("document.querySelector('#pegs').dataset.verdict === 'reachable'")
    moved = grid(root)
    before = requests_sent(page)
    assert "pegs.status" in before  # the verdicts do ask the engine
    page.get_by_role("button", name="Undo").click()
    pegs_idle(page)
    assert grid(root) == start
    assert "Jumps: 0" in page.locator("#pegs .counters").inner_text()
    assert root.get_attribute("data-verdict") == "reachable"
    page.locator("#pegs canvas").focus()  # Undo, now disabled, let the focus go
    page.keyboard.press("r")  # the key path: the session's redo
    pegs_idle(page)
    assert grid(root) == moved
    assert "Jumps: 1" in page.locator("#pegs .counters").inner_text()
    page.get_by_role("button", name="Reset").click()
    pegs_idle(page)
    assert grid(root) == start
    assert requests_sent(page) == before
