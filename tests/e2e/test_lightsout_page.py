"""Lights Out on the real page, in headless Chromium, used as a person would."""

from __future__ import annotations

import pytest

from puzzlelab.lightsout import Board, solve

pytestmark = pytest.mark.e2e

BOARD = "#lightsout"


def open_board(page, site_url: str):
    """Open the main page and wait until the board has booted Python."""
    page.goto(site_url)
    root = page.locator(BOARD)
    page.wait_for_function(
        f"['ready', 'solved', 'error'].includes(document.querySelector('{BOARD}')?.dataset.status)",
        timeout=90_000,
    )
    assert root.get_attribute("data-status") in ("ready", "solved")
    return root


def wait_idle(page) -> None:
    """Wait until the board has answered every queued action."""
    page.wait_for_function("window.puzzleLab.boards.lightsout?.idle()", timeout=30_000)


def current(root) -> Board:
    return Board.parse(root.get_attribute("data-game-id"))


def click_cell(page, row: int, col: int, board: Board) -> None:
    box = page.locator(f"{BOARD} canvas").bounding_box()
    page.mouse.click(
        box["x"] + (col + 0.5) * box["width"] / board.cols,
        box["y"] + (row + 0.5) * box["height"] / board.rows,
    )


def marked_cells(page, board: Board) -> set[tuple[int, int]]:
    """The cells whose centre shows the orange press mark, read off the canvas pixels."""
    return {
        tuple(cell)
        for cell in page.evaluate(
            """([rows, cols]) => {
              const canvas = document.querySelector('#lightsout canvas');
              const ctx = canvas.getContext('2d');
              const mark = getComputedStyle(document.querySelector('#lightsout'))
                .getPropertyValue('--press-mark').trim();
              const probe = document.createElement('canvas').getContext('2d');
              probe.fillStyle = mark; probe.fillRect(0, 0, 1, 1);
              const want = probe.getImageData(0, 0, 1, 1).data;
              const found = [];
              for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
                const x = Math.floor((c + 0.5) * canvas.width / cols);
                const y = Math.floor((r + 0.5) * canvas.height / rows);
                const px = ctx.getImageData(x, y, 1, 1).data;
                if ([0, 1, 2].every((i) => Math.abs(px[i] - want[i]) < 8)) found.push([r, c]);
              }
              return found;
            }""",
            [board.rows, board.cols],
        )
    }


def clear_to_edit(page) -> None:
    page.get_by_role("button", name="Clear").click()
    wait_idle(page)


def test_page_boots_to_ready_with_a_random_solvable_board(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    board = current(root)
    assert (board.rows, board.cols) == (5, 5)
    assert board.lit > 0 and solve(board).solvable
    page.screenshot(path=str(screenshot_dir / "lightsout-ready.png"), full_page=True)


def test_click_toggles_the_cell_and_its_neighbours(page, site_url):
    root = open_board(page, site_url)
    clear_to_edit(page)
    page.get_by_role("button", name="Play").click()
    click_cell(page, 2, 2, Board(5, 5))
    wait_idle(page)
    assert current(root) == Board(5, 5).press(2, 2)
    click_cell(page, 0, 4, Board(5, 5))
    wait_idle(page)
    assert current(root) == Board(5, 5).press(2, 2).press(0, 4)
    assert "Moves: 2" in page.locator(f"{BOARD} .counters").inner_text()
    page.get_by_role("button", name="Undo").click()
    wait_idle(page)
    assert current(root) == Board(5, 5).press(2, 2)
    page.get_by_role("button", name="Redo").click()
    wait_idle(page)
    assert current(root) == Board(5, 5).press(2, 2).press(0, 4)


def test_show_solution_then_pressing_the_marks_solves_the_board(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_role("button", name="Show solution").click()
    wait_idle(page)
    board = current(root)
    marks = marked_cells(page, board)
    fewest = solve(board)
    assert len(marks) == fewest.press_count > 0
    assert board.apply(sum(1 << (r * board.cols + c) for r, c in marks)).lit == 0
    page.screenshot(path=str(screenshot_dir / "lightsout-solution-shown.png"), full_page=True)
    first, *rest = sorted(marks)
    click_cell(page, *first, board)
    wait_idle(page)
    # The marks follow the board: one press fewer is left to do.
    assert marked_cells(page, current(root)) == set(rest)
    for cell in rest:
        click_cell(page, *cell, board)
    wait_idle(page)
    assert root.get_attribute("data-status") == "solved"
    assert current(root).lit == 0
    assert "All lights are out" in page.locator(f"{BOARD} .message").inner_text()
    page.screenshot(path=str(screenshot_dir / "lightsout-solved.png"), full_page=True)


def test_an_unsolvable_board_is_reported_in_words(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    clear_to_edit(page)
    click_cell(page, 0, 0, Board(5, 5))  # Edit mode: paints one light
    wait_idle(page)
    assert current(root) == Board.parse("10000/00000/00000/00000/00000")
    page.get_by_role("button", name="Show solution").click()
    wait_idle(page)
    note = page.locator(f"{BOARD} .solution-note").inner_text()
    assert "cannot be solved" in note
    assert not marked_cells(page, current(root))
    page.screenshot(path=str(screenshot_dir / "lightsout-unsolvable.png"), full_page=True)


def test_drag_paints_a_row_in_edit_mode_and_sizes_change(page, site_url):
    root = open_board(page, site_url)
    page.get_by_label("Size").select_option(label="10×10 (Enlight)")
    wait_idle(page)
    assert current(root).rows == 10
    clear_to_edit(page)
    box = page.locator(f"{BOARD} canvas").bounding_box()
    y = box["y"] + 3.5 * box["height"] / 10
    page.mouse.move(box["x"] + 0.5 * box["width"] / 10, y)
    page.mouse.down()
    for col in range(1, 10):
        page.mouse.move(box["x"] + (col + 0.5) * box["width"] / 10, y, steps=3)
    page.mouse.up()
    wait_idle(page)
    painted = "/".join("1" * 10 if r == 3 else "0" * 10 for r in range(10))
    assert current(root) == Board.parse(painted)


def test_bad_size_is_refused_and_changes_nothing(page, site_url):
    root = open_board(page, site_url)
    before = root.get_attribute("data-game-id")
    page.get_by_label("Rows").fill("0")
    page.get_by_role("button", name="New random board").click()
    wait_idle(page)
    assert "from 1 to" in page.locator(f"{BOARD} .message").inner_text()
    assert root.get_attribute("data-game-id") == before


def test_long_solve_reports_progress_and_can_be_cancelled(page, site_url):
    """A 30x30 board has 2^20 solutions to search: the page shows progress and a Cancel."""
    root = open_board(page, site_url)
    page.get_by_label("Rows").fill("30")
    page.get_by_label("Columns").fill("30")
    page.get_by_role("button", name="New random board").click()
    wait_idle(page)
    # Through the client first: progress arrives, and an abort rejects as cancelled.
    outcome = page.evaluate(
        """async (game) => {
          const controller = new AbortController();
          const reports = [];
          try {
            await window.puzzleLab.client.request({cmd: 'lightsout.solve', game}, {
              signal: controller.signal,
              onProgress: (p) => { reports.push(p); controller.abort(); },
            });
            return {reports, cancelled: false};
          } catch (error) {
            return {reports, cancelled: Boolean(error.cancelled), message: error.message};
          }
        }""",
        root.get_attribute("data-game-id"),
    )
    assert outcome["cancelled"], outcome
    assert outcome["reports"][0]["total"] == 2**20
    # Then as a person: the note shows a percentage and a Cancel button that works.
    page.get_by_role("button", name="Show solution").click()
    note = page.locator(f"{BOARD} .solution-note")
    note.get_by_role("button", name="Cancel").click()
    wait_idle(page)
    assert note.inner_text().strip() == ""
    assert page.get_by_role("button", name="Show solution").is_visible()
    # The worker is free again: a full solve now completes with a proven answer.
    page.get_by_role("button", name="Show solution").click()
    wait_idle(page)
    assert "the fewest takes" in note.inner_text()
