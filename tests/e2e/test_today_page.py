"""Today, one tap from every play screen: the view lists each puzzle's daily
puzzle of the day (the registry's `daily`), not started, in progress, then
done with its result as it is played; all done, the day card's text (the
date, the results, the streak, no board) goes to the clipboard; yesterday's
daily still plays, late, and counts for neither the streak nor the days
played. The page's clock is fixed, so the dailies are the same every run."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_first_game import wait_board, wait_idle
from test_play_screen import LAPTOP, PHONE

from main_page import choose
from puzzle_homes import facts, registry_puzzles_with

pytestmark = pytest.mark.e2e

# The triangle's day (the smallest peg board: 13 jumps to play, where the
# English board takes 31), then the diamond's, whose daily is not played here.
TODAY, YESTERDAY = "2026-11-27", "2026-11-26"
NO_SHARE_SHEET = "Object.defineProperty(Navigator.prototype, 'share', { value: undefined });"


def daily_puzzles() -> list[str]:
    """The puzzles whose registry entry says `daily: true`: the ones Today lists."""
    return registry_puzzles_with("daily")


def open_today(page: Any, puzzle: str) -> Any:
    page.locator(f"#{puzzle} .play-bar").get_by_role("button", name="Today").click()
    view = page.locator("dialog.today-view")
    view.wait_for(state="visible")
    return view


def settled_box(page: Any, element: Any) -> dict:
    """The element's box once it has stayed put for half a second (a board's
    own lines, like a verdict on the position, may still arrive after Python starts)."""
    box = element.bounding_box()
    for _ in range(40):
        page.wait_for_timeout(500)
        box, last = element.bounding_box(), box
        if box == last:
            break
    return box


def status(view: Any, day: str, puzzle: str) -> str:
    row = view.locator(f'.today-list[data-day="{day}"] li[data-puzzle="{puzzle}"]')
    return row.locator(".today-status").inner_text()


def test_today_opens_from_every_play_screen_without_moving_it(new_page, site_url, axe):
    page = new_page(**PHONE)
    page.clock.set_fixed_time(f"{TODAY}T12:00:00Z")
    puzzles = daily_puzzles()
    page.goto(f"{site_url}#{puzzles[0]}")
    for puzzle in puzzles:
        choose(page, puzzle)
        wait_board(page, puzzle)
        # Measured once Python's start line has come and gone (the first touch starts it).
        page.wait_for_function("document.querySelector('.python-boot') === null", timeout=90_000)
        bar = page.locator(f"#{puzzle} .play-bar")
        before = settled_box(page, bar)
        view = open_today(page, puzzle)
        assert view.locator("#today-title").inner_text() == f"Today, {TODAY}"
        rows = view.locator('.today-list[data-day="today"] li')
        assert rows.evaluate_all("(items) => items.map((li) => li.dataset.puzzle)") == puzzles
        for other in puzzles:
            assert status(view, "today", other) == "Not started"
        if puzzle == puzzles[0]:
            assert not axe(page), axe(page)  # the open dialog reads well
        box = view.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box  # fits the phone
        page.keyboard.press("Escape")
        view.wait_for(state="hidden")
        assert bar.bounding_box() == before  # nothing on the play screen moved


def test_a_day_played_through_today_and_yesterday_played_late(new_page, site_url):
    page = new_page(**LAPTOP)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(NO_SHARE_SHEET)
    page.clock.set_fixed_time(f"{TODAY}T12:00:00Z")
    puzzles = daily_puzzles()
    page.goto(f"{site_url}#{puzzles[0]}")
    wait_board(page, puzzles[0])
    starts = {}
    shown = puzzles[0]
    for puzzle in puzzles:
        view = open_today(page, shown)
        assert view.locator(".day-card").is_hidden()
        view.locator(f'.today-list[data-day="today"] li[data-puzzle="{puzzle}"] button').click()
        page.wait_for_function(f"window.puzzleLab.boards.{puzzle}?.dailyShown === '{TODAY}'")
        root = wait_board(page, puzzle)
        shown = puzzle
        starts[puzzle] = root.get_attribute("data-game-id")
        moves = facts(puzzle).winning_moves(page)
        moves[0]()
        wait_idle(page, puzzle)
        assert status(open_today(page, puzzle), "today", puzzle) == "In progress"
        page.keyboard.press("Escape")
        for move in moves[1:]:
            move()
        wait_idle(page, puzzle)
        page.locator(f"#{puzzle} .win-card").wait_for(state="visible")
        said = page.locator(f"#{puzzle} .win-streak").inner_text()
        assert ("your day to share is in Today" in said) == (puzzle == puzzles[-1]), said
        page.locator(f"#{puzzle} .win-card").get_by_role("button", name="Close").click()
        done = status(open_today(page, puzzle), "today", puzzle)
        assert re.fullmatch(r"Done: \d+ \w+( \w+)?( · (fewest|par) \d+)?, .+, no help", done), done
        page.keyboard.press("Escape")

    # All done: the day card, its text copied, made of results and the streak only.
    view = open_today(page, shown)
    card = view.locator(".day-card")
    assert card.is_visible()
    assert view.locator(".today-record").inner_text() == "Streak: 1 day in a row · 1 day played"
    card.get_by_role("button", name="Share").click()
    page.wait_for_function("document.querySelector('.day-share-status').textContent.includes('Copied')")
    text = page.evaluate("navigator.clipboard.readText()")
    lines = text.split("\n")
    assert lines[0] == f"Puzzle Lab, daily puzzles of {TODAY}"
    assert lines[-2:] == ["Streak: 1 day in a row · 1 day played", site_url]
    assert len(lines) == len(puzzles) + 3
    for start in starts.values():
        for part in re.split(r"[:@]", start):
            assert len(part) < 4 or part not in text, part  # no board, no game ID
    assert not re.search(r"[01.]{4,}", "\n".join(lines[:-1])), text  # no row of cells

    # Where the browser has a share sheet, the same text goes to it.
    page.evaluate("""Object.defineProperty(navigator, 'share', { value: async (data) => {
      window.sharedData = data; } })""")
    card.get_by_role("button", name="Share").click()
    page.wait_for_function("document.querySelector('.day-share-status').textContent === 'Shared'")
    assert page.evaluate("window.sharedData") == {"text": text}

    # Yesterday's daily plays from the view, late: the streak and days played stay.
    late = puzzles[-1]
    view.locator(f'.today-list[data-day="yesterday"] li[data-puzzle="{late}"] button').click()
    page.wait_for_function(f"window.puzzleLab.boards.{late}?.dailyShown === '{YESTERDAY}'")
    wait_board(page, late)
    for move in facts(late).winning_moves(page):
        move()
    wait_idle(page, late)
    streak = page.locator(f"#{late} .win-streak")
    streak.wait_for(state="visible")
    assert "not counted for the streak" in streak.inner_text()
    page.locator(f"#{late} .win-card").get_by_role("button", name="Close").click()
    view = open_today(page, late)
    assert status(view, "yesterday", late).startswith("Done late: ")
    assert view.locator(".today-record").inner_text() == "Streak: 1 day in a row · 1 day played"
