"""The page's session: undo, redo and a press the shown solution already
answers hand back stored values, with no request to the worker."""

from __future__ import annotations

import pytest
from test_lightsout_page import click_cell as click_light
from test_lightsout_page import current, marked_cells
from test_lightsout_page import open_board as open_lights
from test_lightsout_page import wait_idle as lights_idle
from test_pegs_page import grid, jump
from test_pegs_page import open_board as open_pegs
from test_pegs_page import wait_idle as pegs_idle

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

# Every request message the page posts to the engine (Worker or SharedWorker
# port), by command, before any module runs.
COUNT_REQUESTS = """
  window.workerRequests = [];
  for (const proto of [Worker.prototype, MessagePort.prototype]) {
    const post = proto.postMessage;
    proto.postMessage = function (message, ...rest) {
      if (message?.type === "request") window.workerRequests.push(message.request.cmd);
      return post.call(this, message, ...rest);
    };
  }
"""


def requests_sent(page) -> list[str]:
    return page.evaluate("window.workerRequests.slice()")


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
