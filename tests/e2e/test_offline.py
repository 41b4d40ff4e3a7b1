"""Offline play: after a first visit the site plays and solves with the server
stopped, and a new deploy replaces the cached site as a whole."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import LAB_OPEN
from puzzlelab.lightsout import Board

pytestmark = pytest.mark.e2e

BOARD = "#lightsout"


@pytest.fixture
def site_copy(dist_dir: Path, tmp_path: Path) -> Path:
    """A copy of dist/ that a test may change and serve from a server it can stop."""
    copy = tmp_path / "site"
    shutil.copytree(dist_dir, copy)
    return copy


@pytest.fixture
def sw_page(browser: Any) -> Any:
    """A page in a context that allows service workers (the shared fixture blocks them)."""
    context = browser.new_context(viewport={"width": 1000, "height": 800}, service_workers="allow")
    context.add_init_script(LAB_OPEN)  # Show solution is in the lab
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def wait_ready(page: Any) -> None:
    page.wait_for_function(
        f"['ready', 'solved'].includes(document.querySelector('{BOARD}')?.dataset.status)",
        timeout=90_000,
    )


def wait_offline_ready(page: Any) -> None:
    """Wait until this version is cached whole (the footer says so)."""
    page.wait_for_function(
        "document.getElementById('offline-status')?.textContent.includes('offline')",
        timeout=90_000,
    )


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


def site_caches(page: Any) -> list[str]:
    """The service worker's caches (one per version of the site)."""
    return [name for name in page.evaluate("caches.keys()") if name.startswith("puzzlelab-")]


def test_after_one_visit_the_site_plays_and_solves_with_the_server_stopped(
    build_py: ModuleType, site_copy: Path, sw_page: Any, screenshot_dir: Path
) -> None:
    server = build_py.serve_in_thread(site_copy)
    url = server.url
    sw_page.goto(url)
    wait_ready(sw_page)
    wait_offline_ready(sw_page)
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


def test_a_new_deploy_is_offered_and_then_replaces_the_cached_site_whole(
    build_py: ModuleType, site_copy: Path, sw_page: Any
) -> None:
    server = build_py.serve_in_thread(site_copy)
    try:
        sw_page.goto(server.url)
        wait_ready(sw_page)
        wait_offline_ready(sw_page)
        sw_page.reload()  # now controlled by the service worker
        wait_ready(sw_page)
        old = sw_page.evaluate("fetch('build-info.json').then((r) => r.json())")["site_version"]
        assert site_caches(sw_page) == [f"puzzlelab-{old}"]

        # A new deploy: one page changed, and the service worker re-stamped.
        index = site_copy / "index.html"
        index.write_text(index.read_text().replace("<h1>Puzzle Lab</h1>", "<h1>Puzzle Lab 2</h1>"))
        new = build_py.stamp_service_worker(site_copy)
        assert new != old
        # Until the person reloads, the page and its cache stay on the old version.
        sw_page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        bar = sw_page.locator("#update-bar")
        bar.wait_for(state="visible", timeout=60_000)
        assert sw_page.locator("h1").inner_text() == "Puzzle Lab"

        with sw_page.expect_navigation(timeout=60_000):
            bar.get_by_role("button", name="Reload to update").click()
        wait_ready(sw_page)
        assert sw_page.locator("h1").inner_text() == "Puzzle Lab 2"
        info = sw_page.evaluate("fetch('build-info.json').then((r) => r.json())")
        assert info["site_version"] == new
        for _ in range(60):  # the old version's cache goes once the new one is active
            if site_caches(sw_page) == [f"puzzlelab-{new}"]:
                break
            sw_page.wait_for_timeout(500)
        assert site_caches(sw_page) == [f"puzzlelab-{new}"]
    finally:
        server.shutdown()
        server.server_close()
