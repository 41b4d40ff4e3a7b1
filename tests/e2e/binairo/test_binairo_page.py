"""The binary puzzle on the real page, in headless Chromium, used as a person would."""

from __future__ import annotations

import pytest

from puzzlelab import binairo
from puzzlelab.binairo import Grid
from puzzlelab.jobs import finish

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

BOARD = "#binairo"


def open_board(page, site_url: str):
    """Open the page on the binary puzzle tab and wait for its first puzzle."""
    page.goto(site_url + "#binairo")
    root = page.locator(BOARD)
    page.wait_for_function(
        f"['ready', 'solved', 'error'].includes(document.querySelector('{BOARD}')?.dataset.status)",
        timeout=90_000,
    )
    wait_idle(page)
    assert root.get_attribute("data-status") == "ready"
    return root


def wait_idle(page) -> None:
    """Wait until the board has answered every queued action."""
    page.wait_for_function("window.puzzleLab.boards.binairo?.idle()", timeout=60_000)


def current(root) -> Grid:
    return Grid.parse(root.get_attribute("data-game-id"))


def cell_centre(page, row: int, col: int) -> tuple[float, float]:
    """Where the centre of a cell is on the page (the canvas's own shape: one
    more row and column when the lab's line counts are shown beside it)."""
    canvas = page.locator(f"{BOARD} canvas")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    rows, cols = page.evaluate(
        "(() => { const g = window.puzzleLab.boards.binairo.grid; return [g.rows, g.cols]; })()")
    return (box["x"] + (col + 0.5) * box["width"] / cols,
            box["y"] + (row + 0.5) * box["height"] / rows)


def click_cell(page, grid: Grid, row: int, col: int, button: str = "left") -> None:
    """Click the centre of a cell."""
    page.mouse.click(*cell_centre(page, row, col), button=button)


def message(page) -> str:
    return page.locator(f"{BOARD} .message").inner_text()


def test_play_cycle_locked_givens_undo_and_solve_by_hand(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    grid = current(root)
    assert binairo.is_good(grid)
    (solution,) = binairo.solutions(grid)
    empty = [(r, c) for r in range(grid.rows) for c in range(grid.cols) if grid.cell(r, c) == "."]
    r, c = empty[0]
    click_cell(page, grid, r, c)
    wait_idle(page)
    assert current(root).cell(r, c) == "0"
    click_cell(page, grid, r, c)
    wait_idle(page)
    assert current(root).cell(r, c) == "1"
    click_cell(page, grid, r, c, button="right")  # backwards
    wait_idle(page)
    assert current(root).cell(r, c) == "0"
    page.get_by_role("button", name="Undo").click()
    wait_idle(page)
    assert current(root).cell(r, c) == "1"
    page.get_by_role("button", name="Redo").click()
    wait_idle(page)
    assert current(root).cell(r, c) == "0"
    given = next((r, c) for r in range(grid.rows) for c in range(grid.cols) if grid.is_given(r, c))
    before = root.get_attribute("data-game-id")
    click_cell(page, grid, *given)
    wait_idle(page)
    assert root.get_attribute("data-game-id") == before and "locked" in message(page)
    # Fill every empty cell with its digit: one click for 0, two for 1.
    for r, c in empty:
        want = solution[r] >> c & 1
        have = current(root).cell(r, c)
        clicks = {(".", 0): 1, (".", 1): 2, ("0", 1): 1, ("0", 0): 0}[have, want]
        for _ in range(clicks):
            click_cell(page, grid, r, c)
    wait_idle(page)
    assert root.get_attribute("data-status") == "solved"
    assert binairo.is_solution(current(root).grid.split("/"))
    assert "Solved" in message(page)
    page.screenshot(path=str(screenshot_dir / "binairo-solved-by-hand.png"), full_page=True)


def test_error_highlight_and_hint(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    grid = current(root)
    hint_button = page.get_by_role("button", name="Hint")
    hint_button.click()
    wait_idle(page)
    text = message(page)
    # A player's words on the play screen; the rule's lab name in the lab's line.
    assert text.startswith("Hint: ")
    assert not any(rule in text.lower() for rule in binairo.RULE_LEVEL)
    detail = page.locator(f"{BOARD} [data-field=detail]").text_content()
    assert any(f"the {rule} rule" in detail for rule in binairo.RULE_LEVEL), detail
    page.screenshot(path=str(screenshot_dir / "binairo-hint.png"), full_page=True)
    # The hinted digit is right: it agrees with the only solution.
    (solution,) = binairo.solutions(grid)
    step = binairo.next_deduction(grid.ones, grid.zeros, grid.rows, grid.cols)
    (r, c, value) = step.cells[0]
    assert solution[r] >> c & 1 == value
    # Now a mistake: three equal digits in a row (or too many) are highlighted.
    row = next(r for r in range(grid.rows) if grid.grid.split("/")[r].count(".") >= 3)
    cells = [c for c in range(grid.cols) if grid.cell(row, c) == "."]
    wrong = 1 - (solution[row] >> cells[0] & 1)
    for _ in range(1 + wrong):
        click_cell(page, grid, row, cells[0])
    wait_idle(page)
    hint_button.click()
    wait_idle(page)
    assert "wrong" in message(page) or "break a rule" in message(page)
    assert root.get_attribute("data-status") == "ready"
    # Fill the rest of the row with the same digit: a visible rule break appears.
    for c in cells[1:]:
        for _ in range(1 + wrong):
            click_cell(page, grid, row, c)
    wait_idle(page)
    state = current(root)
    assert binairo.errors(state)
    counts = page.locator(f"{BOARD} .line-counts").inner_text()
    zeros = state.grid.split("/")[row].count("0")
    assert f"Row {row + 1}: {zeros} × 0, {state.cols - zeros} × 1" in counts
    page.screenshot(path=str(screenshot_dir / "binairo-errors.png"), full_page=True)


def test_solve_and_check_good(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_role("button", name="Check puzzle").click()
    wait_idle(page)
    assert "Good puzzle: exactly one solution" in message(page)
    page.get_by_role("button", name="Solve").click()
    wait_idle(page)
    assert root.get_attribute("data-status") == "solved"
    assert binairo.is_solution(current(root).grid.split("/"))
    # A board finished by Solve is not the player's win: it is never "Solved".
    said = message(page)
    assert said.startswith("The only solution, filled in") and "Solved" not in said
    # An empty 4x4 grid is not a good puzzle: two differing solutions are shown.
    page.get_by_label("Size").select_option(label="4×4")
    page.get_by_role("button", name="Empty grid").click()
    wait_idle(page)
    page.get_by_role("button", name="Check puzzle").click()
    wait_idle(page)
    assert "several solutions" in message(page)
    tables = page.locator(f"{BOARD} .binairo-solutions table")
    assert tables.count() == 2
    first, second = (
        ["".join(row) for row in tables.nth(i).evaluate(
            "t => [...t.rows].map(r => [...r.cells].map(c => c.textContent))")]
        for i in range(2)
    )
    assert first != second and binairo.is_solution(first) and binairo.is_solution(second)
    assert page.locator(f"{BOARD} .binairo-solutions td.differs").count() > 0
    page.screenshot(path=str(screenshot_dir / "binairo-two-solutions.png"), full_page=True)


def test_generate_by_seed_matches_python_and_bad_size_is_refused(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_label("Size").select_option(label="10×10")
    page.get_by_label("Difficulty").select_option("hard")
    page.get_by_label("Seed").fill("7")
    page.get_by_role("button", name="Generate").click()
    wait_idle(page)
    expected, rating = finish(binairo.generate_steps(10, 10, "hard", 7))
    assert current(root) == expected and rating.difficulty == "hard"
    assert "hard 10×10 puzzle" in message(page)
    # The seed that makes it again is the lab's detail, kept in the settings.
    assert "seed" not in message(page).lower()
    assert "seed 7 (10×10, hard)" in page.locator(f'{BOARD} [data-field="detail"]').inner_text()
    page.screenshot(path=str(screenshot_dir / "binairo-generated-hard.png"), full_page=True)
    before = root.get_attribute("data-game-id")
    page.get_by_label("Rows").fill("7")
    page.get_by_role("button", name="Generate").click()
    wait_idle(page)
    assert "even numbers" in message(page)
    assert root.get_attribute("data-game-id") == before
    page.get_by_label("Game ID or grid").fill("10.2/..../..../....")
    page.get_by_role("button", name="Load").click()
    wait_idle(page)
    assert "Unexpected character '2'" in message(page)
    assert root.get_attribute("data-game-id") == before


def test_minimise_keeps_the_puzzle_good(page, site_url):
    root = open_board(page, site_url)
    page.get_by_role("button", name="Solve").click()
    wait_idle(page)
    page.get_by_role("button", name="Minimise clues").click()
    wait_idle(page)
    puzzle = current(root)
    assert binairo.is_good(puzzle) and puzzle.clue_count < 64
    assert f"{puzzle.clue_count} clues left of 64" in message(page)


def show_empty_grid(page, size: str) -> None:
    """Choose a size (e.g. "8×8") and start from its empty grid."""
    page.get_by_label("Size").select_option(label=size)
    page.get_by_role("button", name="Empty grid").click()
    wait_idle(page)


def test_count_with_progress_and_cancel(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    show_empty_grid(page, "6×6")
    page.get_by_role("button", name="Count solutions").click()
    wait_idle(page)
    assert "4,140 solutions" in message(page)
    # How it was counted is the lab's detail, in the settings, not the play screen's.
    assert "Counted in" in page.locator(f'{BOARD} [data-field="detail"]').inner_text()
    assert " by " not in message(page)
    # The empty 8x8 is counted in well under a second natively (about twice that here).
    show_empty_grid(page, "8×8")
    page.get_by_role("button", name="Count solutions").click()
    wait_idle(page)
    assert "4,111,116 solutions" in message(page)
    # A long count (empty 10x10) shows its progress bar and stops on Cancel.
    show_empty_grid(page, "10×10")
    assert "takes minutes in the page" in message(page)  # said before anyone starts it
    page.get_by_role("button", name="Count solutions").click()
    note = page.locator(f"{BOARD} .job-note")
    page.wait_for_function(
        f"document.querySelector('{BOARD} .job-note progress').value > 0", timeout=60_000)
    assert note.locator("progress").is_visible() and "Counting" in note.inner_text()
    page.screenshot(path=str(screenshot_dir / "binairo-count-progress.png"), full_page=True)
    note.get_by_role("button", name="Cancel").click()
    wait_idle(page)
    assert message(page) == "Cancelled."
    assert not note.locator("progress").is_visible()
    assert current(root) == Grid.empty(10, 10)


def test_a_cancelled_generation_never_replaces_the_game(page, site_url):
    """Cancel a 16x16 hard generation (seconds of work in the page): the line says
    "Cancelled." at once with no bar left, and once the worker has finished
    with the job (a request queued behind it has been answered), the board
    still holds the game it had: no result of the cancelled job replaced it."""
    root = open_board(page, site_url)
    before = root.get_attribute("data-game-id")
    page.get_by_label("Rows").fill("16")
    page.get_by_label("Columns").fill("16")
    page.get_by_label("Difficulty").select_option("hard")
    page.get_by_label("Seed").fill("3")
    page.get_by_role("button", name="Generate", exact=True).click()
    note = page.locator(f"{BOARD} .job-note")
    cancel = note.get_by_role("button", name="Cancel")
    cancel.wait_for(state="visible", timeout=30_000)
    cancel.click()
    wait_idle(page)
    assert message(page) == "Cancelled."
    assert not note.locator("progress").is_visible() and not cancel.is_visible()
    # The worker answers one request at a time, in order: when this one is
    # answered, whatever the generation sent (its result or "Cancelled.") has come.
    page.evaluate("window.puzzleLab.client.request({cmd: 'ping'})")
    wait_idle(page)
    assert root.get_attribute("data-game-id") == before
    assert message(page) == "Cancelled."
