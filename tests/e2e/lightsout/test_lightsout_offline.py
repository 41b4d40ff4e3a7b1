"""Lights Out: its own cases of tests/e2e/test_offline.py, moved here from it (that
module's subject: Offline play: after a first visit that used a solver the site plays
and solves with the server stopped, and a new deploy replaces the cached site as a
whole. A visit that never started Python keeps the boards only)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import test_offline
from test_offline import (
    engine_cached,
    wait_offline_ready,
    wait_ready,
)

from puzzlelab.lightsout import Board

pytestmark = pytest.mark.e2e

BOARD = "#lightsout"


def current(page: Any) -> Board:
    return Board.parse(page.locator(BOARD).get_attribute("data-game-id"))


def press(page: Any, row: int, col: int) -> None:
    board = current(page)
    box = page.locator(f"{BOARD} .board-area canvas").bounding_box()
    page.mouse.click(
        box["x"] + (col + 0.5) * box["width"] / board.cols,
        box["y"] + (row + 0.5) * box["height"] / board.rows,
    )
    page.wait_for_function("window.puzzleLab.boards.lightsout?.idle()", timeout=30_000)

site_copy, sw_page = test_offline.site_copy, test_offline.sw_page  # its fixtures, shared


def test_after_one_visit_the_site_plays_and_solves_with_the_server_stopped(
    build_py: ModuleType, site_copy: Path, sw_page: Any, screenshot_dir: Path
) -> None:
    server = build_py.serve_in_thread(site_copy)
    url = server.url
    sw_page.goto(url)
    wait_ready(sw_page)
    # The boards alone first: nobody has used Python yet (the page may have
    # started it after 5 s of quiet), so the offline copy holds no engine.
    wait_offline_ready(sw_page, "Boards work offline")
    sw_page.wait_for_timeout(2000)
    assert not engine_cached(sw_page)
    # Python, used once: a hint after a move (the first board's own first hint
    # is shipped with it and needs no Python).
    press(sw_page, 0, 0)
    sw_page.locator(BOARD).get_by_role("button", name="Hint").click()
    wait_offline_ready(sw_page, "solvers included")
    assert engine_cached(sw_page)
    server.shutdown()
    server.server_close()

    sw_page.reload()
    wait_ready(sw_page)
    before = current(sw_page)
    press(sw_page, 2, 2)
    assert current(sw_page) == before.press(2, 2)
    sw_page.get_by_role("button", name="Show solution").click()
    sw_page.wait_for_function("window.puzzleLab.boards.lightsout?.idle()", timeout=60_000)
    # The solution came from Python, booted from the cache: playing it solves the board.
    result = sw_page.evaluate("window.puzzleLab.boards.lightsout.kept.solve.result.value")
    board = current(sw_page)
    cells = "".join(result["press_grid"].split("/"))
    presses = sum(1 << index for index, count in enumerate(cells) if int(count, 36) % 2)
    assert presses and board.apply(presses).lit == 0
    sw_page.screenshot(path=str(screenshot_dir / "offline-reload.png"))
