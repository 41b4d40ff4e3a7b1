"""The ladder of levels on the page: Levels opens it, level 1 open and the
rest locked; a level won by its own moves is marked with its result, opens
the next, and the win card's Next goes there; the progress survives a
reload, is exported to a file and imported back (merged, never lost), and a
malformed file is refused in one sentence with nothing changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_first_game import wait_board, wait_idle
from test_play_screen import LAPTOP, PHONE

from puzzle_homes import facts, registry_puzzles
from puzzlelab import levels

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

PUZZLE = "lightsout"  # its first level is won in one press


def open_levels(page: Any) -> Any:
    page.locator(f"#{PUZZLE} .play-bar [data-play='levels']").click()
    view = page.locator("dialog.levels-view")
    view.wait_for(state="visible")
    page.wait_for_function("document.querySelectorAll('.levels-list li').length > 0")
    return view


def level(view: Any, number: int) -> Any:
    return view.locator(".levels-list li").nth(number - 1)


def win(page: Any) -> None:
    for move in facts(PUZZLE).winning_moves(page):
        move()
    wait_idle(page, PUZZLE)


def test_a_level_won_opens_the_next_and_progress_survives_reload_export_and_import(
        new_page, site_url, tmp_path: Path):
    ladder = levels.ladders()[PUZZLE]["levels"]
    page = new_page(**LAPTOP)
    page.goto(f"{site_url}#{PUZZLE}")
    wait_board(page, PUZZLE)
    view = open_levels(page)
    assert view.locator(".levels-list li").count() == len(ladder)
    first = level(view, 1)
    assert first.get_attribute("data-state") == "open"
    assert f"par {ladder[0]['par']}" in first.inner_text()
    assert level(view, 2).get_attribute("data-state") == "locked"
    assert level(view, 2).locator("button").is_disabled()

    # Level 1, won by the person's own presses: marked, level 2 opens, Next goes there.
    first.locator("button").click()
    root = wait_board(page, PUZZLE)
    assert root.get_attribute("data-game-id") == ladder[0]["game"]
    win(page)
    card = page.locator(f"#{PUZZLE} .win-card")
    card.wait_for(state="visible")
    # The level's fewest came with it: the card knows it without waiting for Python.
    assert f"· fewest {ladder[0]['par']}" in card.locator(".win-count").inner_text()
    line = card.locator(".win-level")
    line.wait_for(state="visible")
    assert line.inner_text() == "Level 1 won at par. Level 2 is open."
    card.get_by_role("button", name="Next level").click()
    page.wait_for_function(
        f"document.querySelector('#{PUZZLE}').dataset.gameId === {json.dumps(ladder[1]['game'])}")

    # A reload keeps it: level 1 at par, level 2 open and on the board, level 3 locked.
    page.reload()
    wait_board(page, PUZZLE)
    # The play bar names the level on the board.
    page.wait_for_function(
        f"document.querySelector(\"#{PUZZLE} [data-play='levels']\").textContent === 'Level 2'")
    view = open_levels(page)
    assert level(view, 1).get_attribute("data-state") == "par"
    assert "★ par" in level(view, 1).inner_text()
    assert level(view, 2).get_attribute("data-state") == "open"
    assert level(view, 2).locator("button").get_attribute("aria-current") == "true"
    assert level(view, 3).get_attribute("data-state") == "locked"

    # Export, then lose the browser's progress, then import: it is back.
    with page.expect_download() as download:
        view.get_by_role("button", name="Export progress").click()
    saved = tmp_path / "progress.json"
    download.value.save_as(saved)
    exported = json.loads(saved.read_text())
    assert exported["progress"] == {PUZZLE: {ladder[0]["game"]: {
        "count": ladder[0]["par"], "par": ladder[0]["par"], "hints": 0}}}
    page.evaluate("localStorage.removeItem('puzzlelab.levels')")
    page.keyboard.press("Escape")
    view = open_levels(page)
    assert level(view, 1).get_attribute("data-state") == "open"
    chooser = view.locator('input[type="file"]')
    chooser.set_input_files(str(saved))
    page.wait_for_function("document.querySelector('.levels-status').textContent.startsWith('Imported')")
    assert level(view, 1).get_attribute("data-state") == "par"

    # Malformed and foreign files: one sentence each, nothing changed.
    before = page.evaluate("localStorage.getItem('puzzlelab.levels')")
    foreign = {"kind": "puzzlelab-levels", "version": 1, "progress": {"chess": {}}}
    for name, text in (("junk.json", "not json at all"), ("other.json", '{"kind": "x"}'),
                       ("chess.json", json.dumps(foreign))):
        chooser.set_input_files(files=[{"name": name, "mimeType": "application/json",
                                        "buffer": text.encode()}])
        page.wait_for_function(
            "document.querySelector('.levels-status').textContent.startsWith('That file')")
        said = view.locator(".levels-status").inner_text()
        assert said.endswith("your progress is unchanged.") and said.count(". ") == 0, said
        assert page.evaluate("localStorage.getItem('puzzlelab.levels')") == before
        page.evaluate("document.querySelector('.levels-status').textContent = ''")


def test_every_ladder_opens_from_today_on_a_phone_and_plays_its_first_level(new_page, site_url,
                                                                           axe):
    ladders = levels.ladders()
    page = new_page(**PHONE)
    for puzzle in registry_puzzles():
        page.goto(f"{site_url}#{puzzle}")
        wait_board(page, puzzle)
        # Phones keep four in the bar: Levels is in Today's view.
        assert page.locator(f"#{puzzle} .play-bar [data-play='levels']").is_hidden()
        page.locator(f"#{puzzle} .play-bar").get_by_role("button", name="Today").click()
        page.locator("dialog.today-view").get_by_role("button", name="Levels").click()
        view = page.locator("dialog.levels-view")
        view.wait_for(state="visible")
        assert view.locator("#levels-title").inner_text().startswith("Levels · ")
        box = view.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box  # fits the phone
        assert view.locator(".levels-list li").count() == len(ladders[puzzle]["levels"])
        if puzzle == registry_puzzles()[0]:
            assert not axe(page), axe(page)  # the open ladder reads well
        level(view, 1).locator("button").click()
        first = json.dumps(ladders[puzzle]["levels"][0]["game"])
        page.wait_for_function(f"document.querySelector('#{puzzle}').dataset.gameId === {first}")
        wait_board(page, puzzle)
