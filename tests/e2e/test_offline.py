"""Offline play: after a first visit that used a solver the site plays and
solves with the server stopped, and a new deploy replaces the cached site as a
whole. A visit that never started Python keeps the boards only."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import LAB_OPEN
from main_page import link
from page_moves import Board
from puzzle_homes import facts, registry_puzzles

pytestmark = pytest.mark.e2e

#: The page's first board (its first tab): the one a visit opens on.
FIRST = registry_puzzles()[0]
BOARD = f"#{FIRST}"


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


def wait_offline_ready(page: Any, words: str = "offline") -> None:
    """Wait until this version is cached (the footer says so, in ``words``)."""
    page.wait_for_function(
        "(words) => document.getElementById('offline-status')?.textContent.includes(words)",
        arg=words,
        timeout=90_000,
    )


def make_a_move(page: Any) -> None:
    """The first move of the first board's little game (its facts' GAME), settled."""
    facts(FIRST).play(page, Board.main(FIRST), 0)
    page.wait_for_function(f"window.puzzleLab.boards.{FIRST}?.idle()", timeout=30_000)


def engine_cached(page: Any) -> bool:
    """Whether the site's offline cache holds the files Python starts from (Pyodide, our wheel)."""
    return page.evaluate("""async () => {
      const info = await (await fetch('build-info.json')).json();
      const cache = await caches.open('puzzlelab-' + info.site_version);
      const keys = (await cache.keys()).map((request) => request.url);
      const engine = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip']
        .map((name) => 'pyodide/' + name).concat([info.wheel]);
      return engine.every((file) => keys.some((url) => url.endsWith('/' + file)));
    }""")


def site_caches(page: Any) -> list[str]:
    """The service worker's caches (one per version of the site)."""
    return [name for name in page.evaluate("caches.keys()") if name.startswith("puzzlelab-")]


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


SITE_CACHES = """caches.keys().then((names) => names.filter(
  (name) => name.startsWith('puzzlelab-') || name === 'python-snapshots'))"""
SAVED_KEYS = "Object.keys(localStorage).filter((key) => key.startsWith('puzzlelab.saved.'))"


def test_the_lab_clears_the_cached_engine_and_keeps_saved_games_unless_asked(
    site_url: str, sw_page: Any
) -> None:
    """What the site stores is said in the lab; Clear takes the engine, the
    snapshot and the service worker, and the saved games only with their box."""
    sw_page.goto(link(site_url, FIRST, facts(FIRST).GAME))
    wait_ready(sw_page)
    make_a_move(sw_page)  # a game in progress, saved
    sw_page.locator(BOARD).get_by_role("button", name="Hint").click()  # Python, used
    wait_offline_ready(sw_page, "solvers included")
    for _ in range(120):  # the snapshot is written once the engine is idle
        if "python-snapshots" in sw_page.evaluate(SITE_CACHES):
            break
        sw_page.wait_for_timeout(500)
    storage = sw_page.locator("#storage")
    storage.locator("summary").click()
    use = storage.locator(".storage-use")
    use.filter(has_text="MB").wait_for(timeout=30_000)
    said = use.inner_text()
    assert "for offline play" in said and "of Python memory" in said and "1 saved game" in said
    saved = sw_page.evaluate(SAVED_KEYS)
    assert saved

    storage.get_by_role("button", name="Clear cached engine").click()
    storage.locator(".storage-status").filter(has_text="Cleared").wait_for(timeout=30_000)
    assert "saved games kept" in storage.locator(".storage-status").inner_text()
    assert sw_page.evaluate(SITE_CACHES) == []
    assert sw_page.evaluate("navigator.serviceWorker.getRegistrations()"
                            ".then((all) => all.length)") == 0
    assert sw_page.evaluate(SAVED_KEYS) == saved  # the game in progress survives
    use.filter(has_text="nothing cached").wait_for(timeout=10_000)

    # Saved data goes only when its box is ticked and the question answered yes.
    storage.get_by_label("Also delete saved games").check()
    sw_page.once("dialog", lambda dialog: dialog.dismiss())
    storage.get_by_role("button", name="Clear cached engine").click()
    assert sw_page.evaluate(SAVED_KEYS) == saved
    sw_page.once("dialog", lambda dialog: dialog.accept())
    storage.get_by_role("button", name="Clear cached engine").click()
    status = storage.locator(".storage-status")
    status.filter(has_text="and the saved games").wait_for(timeout=10_000)
    assert sw_page.evaluate(SAVED_KEYS) == []
