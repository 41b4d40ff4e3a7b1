"""A first game of each puzzle, played to the end as a person would: the result
line, Next puzzle, the daily puzzle (the same for everyone on a date) and the
result to share with its link."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from urllib.parse import unquote

import pytest

pytestmark = pytest.mark.e2e


def wait_idle(page, puzzle: str, timeout: int = 60_000) -> None:
    page.wait_for_function(f"window.puzzleLab.boards.{puzzle}?.idle()", timeout=timeout)


def wait_board(page, puzzle: str):
    """The puzzle's root once its board is drawn, answered and idle."""
    page.wait_for_function(
        f"['ready', 'solved', 'won'].includes(document.querySelector('#{puzzle}')?.dataset.status)"
        f" && window.puzzleLab.boards.{puzzle}.idle()",
        timeout=90_000,
    )
    return page.locator(f"#{puzzle}")


def open_tab(page, site_url: str, puzzle: str):
    page.goto(f"{site_url}#{puzzle}")
    return wait_board(page, puzzle)


def message(page, puzzle: str) -> str:
    return page.locator(f"#{puzzle} .message").inner_text()


def today() -> tuple[str, int, int]:
    """The UTC date as the page counts it: "2026-11-24", seed 20261124, days since 1970."""
    now = datetime.now(UTC)
    return now.strftime("%Y-%m-%d"), int(now.strftime("%Y%m%d")), int(time.time() // 86_400)


def share(page, puzzle: str) -> str:
    """Click Share result; the copied text (or, without the clipboard, the selected one)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator(f"#{puzzle}").get_by_role("button", name="Share result").click()
    status = page.locator(f"#{puzzle} .share-status")
    page.wait_for_function(
        f"document.querySelector('#{puzzle} .share-status').textContent !== ''")
    if "copied" in status.inner_text():
        return page.evaluate("navigator.clipboard.readText()")
    return page.locator(f"#{puzzle} .share-text").input_value()


def start_of(text: str, puzzle: str) -> str:
    """The game ID of the link at the end of a shared result."""
    match = re.search(rf"#{puzzle}=(\S+)$", text)
    assert match, text
    return unquote(match.group(1))


def assert_daily_link_opens(page, site_url: str, puzzle: str) -> None:
    """Today's daily link, with nothing saved, deals the game on `page` again.
    (The same browser, for a quick start: the Lights Out game opens its link
    in a fresh one.)"""
    date, _, _ = today()
    want = page.evaluate(f"window.puzzleLab.boards.{puzzle}.startGameId()")
    page.evaluate(f"localStorage.removeItem('puzzlelab.saved.{puzzle}')")
    page.goto("about:blank")
    page.goto(f"{site_url}#{puzzle}&daily={date}")
    wait_idle(page, puzzle)
    assert page.evaluate(f"window.puzzleLab.boards.{puzzle}.origin") == "link"
    assert page.evaluate(f"window.puzzleLab.boards.{puzzle}.startGameId()") == want
    assert page.evaluate(f"window.puzzleLab.boards.{puzzle}.dailyShown") == date
