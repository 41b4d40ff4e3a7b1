"""Lights Out: its own cases of tests/e2e/test_boot.py, moved here from it (that module's
subject: The Python engine boots from dist/ alone and answers through the client, as a
SharedWorker and as the dedicated Worker that replaces it where SharedWorker is
missing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_boot import dedicated

pytestmark = pytest.mark.e2e


def test_the_main_page_says_in_words_when_python_cannot_start(
    page: Any, site_url: str, screenshot_dir: Path
) -> None:
    page.context.route("**/wheels/**", lambda route: route.abort())
    dedicated(page).goto(site_url)
    board = page.locator("#lightsout")
    page.wait_for_function(
        "document.querySelector('#lightsout')?.dataset.python === 'error'", timeout=90_000
    )
    message = board.locator(".message").inner_text()
    assert "The solvers could not start (moves still work" in message
    assert "Could not install" in message
    # The board itself still plays: a press changes it.
    before = board.get_attribute("data-game-id")
    box = board.locator(".board-area canvas").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        "(before) => document.querySelector('#lightsout').dataset.gameId !== before", arg=before
    )
    page.screenshot(path=str(screenshot_dir / "main-page-boot-error.png"), full_page=True)
