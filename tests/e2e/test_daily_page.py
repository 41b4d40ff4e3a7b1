"""A daily link on a cold page draws its board as soon as the default board:
the build shipped the day's deal (daily-deals.json), so the board needs no
Python and sends the worker no request for it, and the game is Python's."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import pytest
from test_session_page import COUNT_REQUESTS

from puzzlelab import api

pytestmark = pytest.mark.e2e

DELAY_MS = 60_000  # Python stays "starting" while the boards are measured

# Every request the page posts to the engine, by command, and when the
# puzzle's root first names a game (its board is drawn), in page time.
WATCH = COUNT_REQUESTS + """
  window.firstDrawn = null;
  new MutationObserver((changes, observer) => {
    for (const change of changes) {
      if (change.target.dataset?.gameId && change.target.classList.contains("puzzle")) {
        window.firstDrawn = { ms: performance.now(), id: change.target.id,
                              requests: window.workerRequests.slice() };
        observer.disconnect();
        return;
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-game-id"] });
"""


def today() -> tuple[str, int, int]:
    """The UTC date as the page counts it: "2026-11-24", seed 20261124, days since 1970."""
    now = datetime.now(UTC)
    return now.strftime("%Y-%m-%d"), int(now.strftime("%Y%m%d")), int(time.time() // 86_400)


def python(request: dict[str, Any]) -> dict[str, Any]:
    answer = api.handle(dict(request))
    assert answer["ok"], answer
    return answer["result"]


def cold_draw(browser: Any, site_url: str, puzzle: str, link: str) -> dict[str, Any]:
    """Open ``link`` in a fresh browser context (nothing cached or saved) with
    Python held back; the first drawn board's time, requests, game and status."""
    context = browser.new_context(viewport={"width": 1000, "height": 800}, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH)
        page.goto(f"{site_url}?python-delay={DELAY_MS}#{link}")
        page.wait_for_function("window.firstDrawn", timeout=15_000)
        # The first action has settled (a board's own idle() may also wait for
        # background work that needs Python, like a verdict on the position).
        page.wait_for_function(f"window.puzzleLab.boards.{puzzle}?.pending === 0", timeout=15_000)
        root = page.locator(f"#{puzzle}")
        return {
            **page.evaluate("window.firstDrawn"),
            "python": root.get_attribute("data-python"),
            "game": root.get_attribute("data-game-id"),
            "daily": page.evaluate(f"window.puzzleLab.boards.{puzzle}.dailyShown"),
            "message": page.locator(f"#{puzzle} .message").inner_text(),
            "start": page.evaluate(f"window.puzzleLab.boards.{puzzle}.startGameId()"),
        }
    finally:
        context.close()


def assert_daily_at_once(browser: Any, site_url: str, puzzle: str, deal_cmds: set[str]) -> dict:
    """The daily board is drawn before Python, without a dealing request, in
    about the default board's time; return what the daily page showed."""
    date, _, _ = today()
    # As fast as the default board: the one file fetched on a local server
    # costs a few milliseconds. The machine may be busy with other tests, so
    # the two are drawn in turn up to three times and the quickest of each
    # compared: a moment's load elsewhere slows one draw, not all three.
    defaults, dailies = [], []
    for _ in range(3):
        defaults.append(cold_draw(browser, site_url, puzzle, puzzle))
        dailies.append(cold_draw(browser, site_url, puzzle, f"{puzzle}&daily={date}"))
        default = min(defaults, key=lambda drawn: drawn["ms"])
        daily = min(dailies, key=lambda drawn: drawn["ms"])
        if daily["ms"] < default["ms"] * 1.5 + 300:
            break
    for drawn in dailies:
        assert drawn["id"] == puzzle
        assert drawn["python"] == "idle"  # drawn without Python: nobody asked for it
        assert not deal_cmds & set(drawn["requests"]), drawn["requests"]
        assert drawn["daily"] == date
        assert "seed" not in drawn["message"].lower()
        assert drawn["game"] == daily["game"]
    assert daily["ms"] < default["ms"] * 1.5 + 300, (default["ms"], daily["ms"])
    return daily
