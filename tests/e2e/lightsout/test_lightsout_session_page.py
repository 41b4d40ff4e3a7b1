"""Lights Out: its own cases of tests/e2e/test_session_page.py, moved here from it (that
module's subject: The page's session: undo, redo and a press the shown solution already
answers hand back stored values, with no request to the worker)."""

from __future__ import annotations

import pytest
from test_lightsout_page import click_cell as click_light
from test_lightsout_page import current, marked_cells
from test_lightsout_page import open_board as open_lights
from test_lightsout_page import wait_idle as lights_idle
from test_session_page import COUNT_REQUESTS, requests_sent

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


def test_pressing_a_marked_cell_keeps_the_solution_without_a_request(page, site_url):
    page.add_init_script(COUNT_REQUESTS)
    root = open_lights(page, site_url)
    page.get_by_role("button", name="Show solution").click()
    lights_idle(page)
    board = current(root)
    marks = sorted(marked_cells(page, board))
    assert len(marks) >= 2, "the default board needs more than one press"
    note = page.locator("#lightsout .solution-note").inner_text()
    before = requests_sent(page)
    assert "lightsout.solve" in before
    click_light(page, *marks[0], board)
    lights_idle(page)
    assert current(root) == board.press(*marks[0])
    assert marked_cells(page, current(root)) == set(marks[1:])
    presses = len(marks) - 1
    after = page.locator("#lightsout .solution-note").inner_text()
    assert f"{presses} press" in after and after != note
    assert requests_sent(page) == before
    # An unmarked cell still asks the solver again.
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    unmarked = next(cell for cell in cells if cell not in marks)
    click_light(page, *unmarked, current(root))
    lights_idle(page)
    assert requests_sent(page)[len(before):] == ["lightsout.solve"]
