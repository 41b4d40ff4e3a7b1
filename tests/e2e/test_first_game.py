"""A first game of each puzzle, played to the end as a person would: the result
line, Next puzzle, the daily puzzle (the same for everyone on a date) and the
result to share with its link."""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime
from urllib.parse import unquote

import pytest
from peg_catalogue_file import par
from test_binairo_page import click_cell as click_binary
from test_lightsout_page import ask, click_cell, current, marked_cells

from puzzlelab import binairo, pegs
from puzzlelab.binairo import Grid

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


def test_lights_out_first_game(page, site_url, screenshot_dir, axe):
    root = open_tab(page, site_url, "lightsout")
    start = current(root)
    page.get_by_role("button", name="Show solution").click()
    wait_idle(page, "lightsout")
    presses = marked_cells(page, start)
    assert presses
    for row, col in sorted(presses):
        click_cell(page, row, col, start)
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-status") == "solved"
    fewest = ask({"cmd": "lightsout.solve", "game": start.game_id})
    assert fewest["proven_fewest"] and fewest["press_count"] == len(presses)
    n = len(presses)
    said = message(page, "lightsout")
    # Played from Show solution: the fewest, but helped, so never "a perfect game".
    assert said == (f"All lights are out — solved in {n} press{'es' if n != 1 else ''}; the fewest "
                    f"possible is {n} press{'es' if n != 1 else ''}.")
    assert page.locator("#lightsout .win-card .win-title").inner_text() == "Finished by the solver"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(screenshot_dir / "first-game-lightsout-1280.png"))
    page.set_viewport_size({"width": 375, "height": 740})
    page.locator("#lightsout .message").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "first-game-lightsout-375.png"))
    assert axe(page) == []
    shared = share(page, "lightsout")
    assert shared.startswith(f"Lights Out: {said} ")
    assert start_of(shared, "lightsout") == start.game_id
    # The optional timer shows the time the game took, stopped once solved.
    page.locator("#lightsout").get_by_label("Timer").check()
    took = page.locator("#lightsout .timer").inner_text()
    assert re.fullmatch(r"under a second|\d+ s|\d+ min \d\d s", took), took
    page.wait_for_timeout(1100)
    assert page.locator("#lightsout .timer").inner_text() == took

    # Next puzzle: another board of the same size.
    page.get_by_role("button", name="Next puzzle").click()
    wait_idle(page, "lightsout")
    after = current(root)
    assert (after.rows, after.cols) == (start.rows, start.cols)
    assert root.get_attribute("data-status") == "ready"
    assert after.game_id != start.game_id
    page.wait_for_function(  # the timer runs for the new game
        "/^[1-9]\\d* s$/.test(document.querySelector('#lightsout .timer').textContent)",
        timeout=5_000)

    # The daily puzzle is Python's board for the date's seed, for everyone.
    _, seed, _ = today()
    page.get_by_role("button", name="Daily puzzle").click()
    wait_idle(page, "lightsout")
    daily = ask({"cmd": "lightsout.new", "rows": 5, "cols": 5, "random": True,
                 "difficulty": "medium", "seed": seed})
    assert root.get_attribute("data-game-id") == daily["game"]
    assert message(page, "lightsout").startswith("The daily puzzle: turn all the lights out.")
    # Solved, its result links to the day's puzzle, not to a game ID.
    date, _, _ = today()
    daily_start = current(root)
    # A new puzzle starts with its solution hidden; shown again, it is worked out for this board.
    solution = page.locator('#lightsout [data-action="solution"]')
    assert solution.inner_text() == "Show solution"
    assert not marked_cells(page, daily_start)
    solution.click()
    presses = set()
    for _ in range(300):
        presses = marked_cells(page, daily_start)
        if presses:
            break
        page.wait_for_timeout(100)
    for row, col in sorted(presses):
        click_cell(page, row, col, daily_start)
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-status") == "solved"
    shared = share(page, "lightsout")
    assert re.fullmatch(rf"Lights Out, daily puzzle of {date}: All lights are out — solved in .+ "
                        rf"Time: (under a second|\d+ s|\d+ min \d\d s)\. (\S+)", shared), shared
    daily_link = shared.rsplit(" ", 1)[1]
    assert daily_link == f"{site_url}#lightsout&daily={date}"

    # The link opens the same board in another browser (no saved game)...
    other = page.context.browser.new_page()
    other.goto(daily_link)
    wait_idle(other, "lightsout")
    assert other.locator("#lightsout").get_attribute("data-game-id") == daily["game"]
    other.close()
    # ... and here, where that day's game is saved solved, brings it back as it
    # is (the bare form, #daily=, is Lights Out's).
    page.goto("about:blank")
    page.goto(f"{site_url}#daily={date}")
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-status") == "solved"
    assert page.evaluate("window.puzzleLab.boards.lightsout.dailyShown") == date
    # A link to no real date, or to a day still to come: one sentence, and
    # the saved game stays on screen and in storage.
    saved = page.evaluate("localStorage.getItem('puzzlelab.saved.lightsout')")
    for bad, why in [("2026-02-30", 'The daily link\'s date, "2026-02-30", is not a real date'),
                     ("2999-01-01", "The daily puzzle of 2999-01-01 is not out yet")]:
        page.goto("about:blank")
        page.goto(f"{site_url}#lightsout&daily={bad}")
        wait_idle(page, "lightsout")
        notice = page.locator("#page-notice").inner_text()
        assert f"Lights Out: {why}" in notice, notice
        assert "the saved game is shown instead." in notice
        page.screenshot(path=str(screenshot_dir / f"first-game-daily-refused-{bad}.png"))
        assert root.get_attribute("data-status") == "solved"
        assert page.evaluate("localStorage.getItem('puzzlelab.saved.lightsout')") == saved
    # Over a saved game in progress on another board, the daily link shows the
    # day's puzzle and the saved game stays in storage until this board changes.
    other_game = json.dumps({"version": 1, "puzzle": "lightsout", "snapshot": {
        "game": "5x5:fd8c4a0", "moves": 1, "start": "5x5:1f8c4a0",
        "history": [{"game": "5x5:1f8c4a0", "moves": 0}], "future": []}})
    page.evaluate("(text) => localStorage.setItem('puzzlelab.saved.lightsout', text)", other_game)
    page.goto("about:blank")
    page.goto(daily_link)
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-game-id") == daily["game"]
    assert page.evaluate("localStorage.getItem('puzzlelab.saved.lightsout')") == other_game


def test_peg_solitaire_first_game(page, site_url, screenshot_dir):
    """The English central game, in the jumps Python's solver finds: moves and the record."""
    root = open_tab(page, site_url, "pegs")
    english = pegs.BOARD_GRIDS["english"]
    assert root.get_attribute("data-game-id") == english
    jumps = ask({"cmd": "pegs.solve", "grid": english})["moves"]
    canvas = page.evaluate_handle("window.puzzleLab.boards.pegs.canvas").as_element()
    for src, dst in jumps:
        for r, c in (src, dst):
            box = canvas.bounding_box()
            x, y = page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({r}, {c})")
            canvas.click(position={"x": x - box["x"], "y": y - box["y"]})
        wait_idle(page, "pegs")
    assert root.get_attribute("data-status") == "won"
    # Moves as players count them: a run of jumps by one peg is one move.
    moves = sum(1 for i, (src, _) in enumerate(jumps) if i == 0 or jumps[i - 1][1] != src)
    assert moves > 18  # the solver's line is not the proven fewest, 18 moves
    # The par is the shipped catalogue's (none said when the file lacks the problem).
    best = par("english", (3, 3), (3, 3))
    page.wait_for_function("document.querySelector('#pegs').dataset.catalogue === 'shown'")
    said = message(page, "pegs")
    assert said == (f"Solved in {moves} moves (31 jumps)" + (f"; par is {best}." if best else "!"))
    page.locator("#pegs .message").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "first-game-pegs.png"))
    shared = share(page, "pegs")
    assert shared.startswith(f"Peg solitaire: {said} ")
    assert start_of(shared, "pegs") == english

    page.get_by_role("button", name="Next puzzle").click()
    wait_idle(page, "pegs")
    assert page.locator('#pegs [data-field="board"]').input_value() == "french"
    assert root.get_attribute("data-status") == "ready"

    _, _, day = today()
    name = pegs.BOARDS[day % len(pegs.BOARDS)]
    page.get_by_role("button", name="Daily puzzle").click()
    wait_idle(page, "pegs")
    assert page.locator('#pegs [data-field="board"]').input_value() == name
    board = next(b for b in ask({"cmd": "pegs.boards"})["boards"] if b["name"] == name)
    assert root.get_attribute("data-game-id").split("@")[0] == board["grid"]
    assert message(page, "pegs").startswith("The daily puzzle: the ")
    assert_daily_link_opens(page, site_url, "pegs")


def test_binary_puzzle_first_game(page, site_url, screenshot_dir):
    root = open_tab(page, site_url, "binairo")
    grid = Grid.parse(root.get_attribute("data-game-id"))
    (solution,) = binairo.solutions(grid)
    for r in range(grid.rows):
        for c in range(grid.cols):
            if grid.cell(r, c) == ".":
                # A click writes 0, a right click 1 (empty -> 0 -> 1 and back).
                click_binary(page, grid, r, c, "right" if solution[r] >> c & 1 else "left")
    wait_idle(page, "binairo")
    assert root.get_attribute("data-status") == "solved"
    said = message(page, "binairo")
    assert re.fullmatch(r"Solved in (under a second|\d+ s|\d+ min \d\d s)! Every row and column is "
                        r"balanced, with no three in a row and no two lines alike\.", said), said
    page.locator("#binairo .message").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "first-game-binairo.png"))
    page.set_viewport_size({"width": 375, "height": 740})
    page.locator("#binairo .message").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "first-game-binairo-375.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    shared = share(page, "binairo")
    assert start_of(shared, "binairo") == grid.game_id

    page.get_by_role("button", name="Next puzzle").click()
    wait_idle(page, "binairo")
    after = Grid.parse(root.get_attribute("data-game-id"))
    assert (after.rows, after.cols) == (grid.rows, grid.cols)
    assert after.game_id != grid.game_id
    made = message(page, "binairo")
    assert re.match(r"An? (easy|medium|hard) \d+×\d+ puzzle with \d+ digits given", made), made

    _, seed, _ = today()
    page.get_by_role("button", name="Daily puzzle").click()
    wait_idle(page, "binairo")
    daily = ask({"cmd": "binairo.new", "rows": 8, "cols": 8, "difficulty": "medium", "seed": seed})
    assert root.get_attribute("data-game-id") == daily["game"]
    assert message(page, "binairo").startswith("The daily puzzle: a medium 8×8 puzzle")
    assert_daily_link_opens(page, site_url, "binairo")
