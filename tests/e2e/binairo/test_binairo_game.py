"""The binary puzzle as a game: big two-colour tiles on a phone, the 0/1 keys,
line counts only where they help, a pop on each change (none under reduced
motion), a varied first puzzle, and a player's words on the play screen."""

from __future__ import annotations

import re

import pytest
from test_binairo_page import BOARD, cell_centre, current, message, open_board, wait_idle

from puzzlelab import api, binairo
from puzzlelab.binairo import Grid

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

PHONE = {"width": 375, "height": 740}
#: Words of the lab that the play screen must not show (issue #24).
LAB_WORDS = ("seed", "census", "engine", "numpy", "pyodide", "modulo", "kernel", "rank")


#: A touch phone of 375x740, as a first-time visitor has it (the ``new_page`` fixture's options).
PHONE_PAGE = {"viewport": PHONE, "has_touch": True, "is_mobile": True}


def first_empty(grid: Grid) -> tuple[int, int]:
    """The first empty cell in reading order."""
    return next((r, c) for r in range(grid.rows) for c in range(grid.cols)
                if grid.cell(r, c) == ".")


def canvas_shape(page) -> tuple[int, int]:
    return tuple(page.evaluate(
        "(() => { const g = window.puzzleLab.boards.binairo.grid; return [g.rows, g.cols]; })()"))


def test_a_phone_gets_big_tiles_player_words_and_plays_to_the_end_by_tapping(
    new_page, site_url, screenshot_dir,
):
    page = new_page(**PHONE_PAGE)
    root = open_board(page, site_url)
    grid = current(root)
    assert (grid.rows, grid.cols) == (8, 8)
    box = page.locator(f"{BOARD} canvas").bounding_box()
    assert box["width"] / grid.cols >= 40 and box["height"] / grid.rows >= 40, box
    assert canvas_shape(page) == (8, 8)  # no count margins beside the grid
    # A phone is tapped, not clicked; no lab words on the play screen.
    assert message(page).startswith("Tap a tile")
    shown = root.inner_text().lower()
    assert "click" not in shown
    assert not [word for word in LAB_WORDS if re.search(rf"\b{word}", shown)], shown
    page.screenshot(path=str(screenshot_dir / "binairo-phone-start.png"))
    # The rules stand above the board until a game is won, in their room from the start.
    rules = page.locator(f"{BOARD} .bin-rules")
    assert rules.is_visible() and rules.locator("li").count() == 3
    # Where the board is laid out (offsets: no scroll, no celebration's transform).
    board_at = (f"[...document.querySelectorAll('{BOARD} canvas')]"
                ".map((el) => [el.offsetTop, el.offsetHeight])")
    placed_at = page.evaluate(board_at)
    (solution,) = binairo.solutions(grid)
    empty = 0
    for r in range(grid.rows):
        for c in range(grid.cols):
            if grid.cell(r, c) == ".":
                empty += 1
                for _ in range(1 + (solution[r] >> c & 1)):  # one tap for 0, two for 1
                    page.touchscreen.tap(*cell_centre(page, r, c))
    wait_idle(page)
    assert root.get_attribute("data-status") == "solved"
    assert binairo.is_solution(current(root).grid.split("/"))
    assert message(page).startswith("Solved in")
    assert page.locator(f"{BOARD} .line-counts").inner_text() == ""
    # A flawless game is par, though each 1 took two taps: digits placed count, not taps.
    card = page.locator(f"{BOARD} .win-card")
    assert card.locator(".win-title").inner_text() == "Perfect game!"
    assert card.locator(".win-count").inner_text() == f"{empty} digits placed · par {empty}"
    # Nothing moved on the way (the lesson's offer went, its room stayed); a reload
    # after the win shows the grid without the rules.
    assert rules.is_visible()
    assert page.evaluate(board_at) == placed_at
    page.screenshot(path=str(screenshot_dir / "binairo-phone-solved.png"))
    page.reload()
    page.wait_for_function(f"document.querySelector('{BOARD}')?.dataset.status === 'solved'",
                           timeout=90_000)
    assert page.locator(f"{BOARD} .bin-teach").is_hidden()


def test_zero_and_one_keys_write_and_backspace_and_delete_clear(page, site_url):
    root = open_board(page, site_url)
    grid = current(root)
    assert "0 or 1 writes that digit," in page.locator(f"{BOARD} .key-help").inner_text()
    row, col = first_empty(grid)
    page.mouse.click(*cell_centre(page, row, col))  # a click writes 0 and puts the keys there
    wait_idle(page)
    assert current(root).cell(row, col) == "0"
    for key, digit in (("1", "1"), ("Backspace", "."), ("0", "0"), ("Delete", "."), ("1", "1")):
        page.keyboard.press(key)
        wait_idle(page)
        assert current(root).cell(row, col) == digit, key
    # The arrows move the ring; the digit goes to the ringed cell.
    right = next((c for c in range(col + 1, grid.cols) if grid.cell(row, c) == "."), None)
    if right is not None:
        for _ in range(right - col):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("0")
        wait_idle(page)
        assert current(root).cell(row, right) == "0" and current(root).cell(row, col) == "1"
    # A given stays as it is.
    given = next((r, c) for r in range(grid.rows) for c in range(grid.cols) if grid.is_given(r, c))
    page.mouse.click(*cell_centre(page, *given))
    wait_idle(page)
    before = root.get_attribute("data-game-id")
    page.keyboard.press("1" if grid.cell(*given) == "0" else "0")
    wait_idle(page)
    assert root.get_attribute("data-game-id") == before and "locked" in message(page)


def test_line_counts_show_only_for_a_line_that_breaks_a_rule_or_on_request(page, site_url):
    root = open_board(page, site_url)
    grid = current(root)
    counts = page.locator(f"{BOARD} .line-counts")
    assert counts.inner_text() == ""
    (solution,) = binairo.solutions(grid)
    # Correct digits break nothing: still no counts.
    row = next(r for r in range(grid.rows) if grid.grid.split("/")[r].count(".") >= 3)
    cells = [c for c in range(grid.cols) if grid.cell(row, c) == "."]
    right = solution[row] >> cells[0] & 1
    page.mouse.click(*cell_centre(page, row, cells[0]))
    page.keyboard.press(str(right))
    wait_idle(page)
    assert counts.inner_text() == ""
    board_box = page.locator(f"{BOARD} canvas").bounding_box()
    before = root.get_attribute("data-game-id")
    # One digit everywhere in the row: more than half of it, so its counts appear.
    wrong = 1 - right
    for c in cells:
        page.mouse.click(*cell_centre(page, row, c))
        page.keyboard.press(str(wrong))
    wait_idle(page)
    state = current(root)
    zeros = state.grid.split("/")[row].count("0")
    assert counts.inner_text().startswith(f"Row {row + 1}: {zeros} × 0, {state.cols - zeros} × 1")
    assert page.locator(f"{BOARD} canvas").bounding_box() == board_box  # the board does not move
    # Without error marks, no counts either.
    page.locator(f'{BOARD} [data-field="show-errors"]').uncheck()
    assert counts.inner_text() == ""
    page.locator(f'{BOARD} [data-field="show-errors"]').check()
    assert counts.inner_text() != ""
    # Undo takes the broken line back: the counts go.
    for _ in range(3 * len(cells)):
        if root.get_attribute("data-game-id") == before:
            break
        page.get_by_role("button", name="Undo").click()
        wait_idle(page)
    assert root.get_attribute("data-game-id") == before
    assert counts.inner_text() == ""
    # The lab's option counts every line beside the grid: one more row and column.
    option = page.locator(f'{BOARD} [data-field="line-counts"]')
    assert option.is_visible()  # in the settings, which the board-only embed hides
    option.check()
    assert canvas_shape(page) == (grid.rows + 1, grid.cols + 1)
    option.uncheck()
    assert canvas_shape(page) == (grid.rows, grid.cols)


def moving_after_a_click(page, row: int, col: int) -> int:
    """How many tiles are animating once a click on (row, col) has been answered."""
    x, y = cell_centre(page, row, col)
    return page.evaluate(
        """async ([x, y]) => {
          const board = window.puzzleLab.boards.binairo;
          const options = {clientX: x, clientY: y, bubbles: true, pointerId: 1, isPrimary: true};
          board.canvas.dispatchEvent(new PointerEvent("pointerdown", options));
          board.canvas.dispatchEvent(new PointerEvent("pointerup", options));
          await board.queue;
          return board.grid.animation?.cells.size ?? 0;
        }""",
        [x, y],
    )


def test_a_changed_tile_pops_unless_motion_is_reduced(page, site_url):
    root = open_board(page, site_url)
    grid = current(root)
    row, col = first_empty(grid)
    assert moving_after_a_click(page, row, col) == 1
    page.wait_for_function(  # and it settles at once
        "window.puzzleLab.boards.binairo.grid.animation === null", timeout=2_000)
    page.emulate_media(reduced_motion="reduce")
    assert moving_after_a_click(page, row, col) == 0
    assert current(root).cell(row, col) == "1"


def test_first_visits_are_dealt_different_puzzles_and_a_return_keeps_its_game(
    browser, site_url, build_py,
):
    deals = {api.handle(dict(r))["result"]["game"] for r in build_py.FIRST_DEALS["binairo"]}
    seen = []
    for pick in (0.01, 0.99):
        context = browser.new_context(service_workers="block")
        try:
            context.add_init_script(f"Math.random = () => {pick};")
            page = context.new_page()
            root = open_board(page, site_url)
            seen.append(root.get_attribute("data-game-id"))
            if pick == 0.99:
                # A returning visitor gets the saved game, not a new deal.
                page.mouse.click(*cell_centre(page, *first_empty(current(root))))
                wait_idle(page)
                played = root.get_attribute("data-game-id")
                page.reload()
                root = open_board(page, site_url)
                assert root.get_attribute("data-game-id") == played
        finally:
            context.close()
    assert seen[0] != seen[1]
    assert set(seen) <= deals
