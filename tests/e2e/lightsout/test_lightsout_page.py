"""Lights Out on the real page, in headless Chromium, used as a person would."""

from __future__ import annotations

import re
import time
from urllib.parse import quote

import pytest

from puzzlelab import api
from puzzlelab.lightsout import Board, solve

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

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
    canvas = page.locator(f"{BOARD} .board-area canvas")
    canvas.scroll_into_view_if_needed()  # open panels can push the board below the fold
    box = canvas.bounding_box()
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
    assert "Presses: 2" in page.locator(f"{BOARD} .counters").inner_text()
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
    box = page.locator(f"{BOARD} .board-area canvas").bounding_box()
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
    """A 23x47 board has 2^22 solutions to search (a few seconds in the page, the
    longest proven classic search): the page shows progress and a Cancel."""
    root = open_board(page, site_url)
    page.get_by_label("Rows").fill("23")
    page.get_by_label("Columns").fill("47")
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
    first = outcome["reports"][0]
    assert first["total"] > 1 and first["done"] < first["total"]
    # The search's own report, or (on a busy machine) the one of its setting up.
    assert "fewest presses" in first["message"] or "fewest-press search" in first["message"], first
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
    assert "This board can be solved; the fewest it takes is" in note.inner_text()


# --- variants, analysis, gallery, play aids, huge boards ---------------------


def ask(request: dict) -> dict:
    """The Python answer the page's worker gives to the same request."""
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


def color_at(page, fx: float, fy: float, variable: str) -> bool:
    """Whether the canvas pixel at fractions (fx, fy) of its size has the colour of `variable`."""
    return page.evaluate(
        """([fx, fy, variable]) => {
          const canvas = document.querySelector('#lightsout canvas');
          const probe = document.createElement('canvas').getContext('2d');
          probe.fillStyle = getComputedStyle(document.querySelector('#lightsout'))
            .getPropertyValue(variable).trim();
          probe.fillRect(0, 0, 1, 1);
          const want = probe.getImageData(0, 0, 1, 1).data;
          const px = canvas.getContext('2d').getImageData(
            Math.floor(fx * canvas.width), Math.floor(fy * canvas.height), 1, 1).data;
          return [0, 1, 2].every((i) => Math.abs(px[i] - want[i]) < 12);
        }""",
        [fx, fy, variable],
    )


def ring_at(page, row: int, col: int, board: Board, variable: str) -> bool:
    """Whether the ring drawn around (row, col) by the hint or the gallery shows there."""
    # The ring's radius is 0.42 of a cell: probe on its right-hand side.
    return color_at(page, (col + 0.92) / board.cols, (row + 0.5) / board.rows, variable)


def press_marks_until_solved(page, root) -> None:
    """Show the solution and press every marked cell (as often as marked) until solved."""
    page.get_by_role("button", name="Show solution").click()
    wait_idle(page)
    board = current(root)
    marks = page.evaluate("[...window.puzzleLab.boards.lightsout.solution.marked]")
    assert (
        marks
        and sum(count for _, count in marks)
        == ask({"cmd": "lightsout.solve", "game": board.game_id})["press_count"]
    )
    for index, count in marks:
        for _ in range(count):
            click_cell(page, index // board.cols, index % board.cols, board)
    wait_idle(page)
    assert root.get_attribute("data-status") == "solved"
    assert current(root).lit == 0


def test_analysis_panel_explains_the_5x5_and_an_unsolvable_board(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_role("button", name="Analysis").click()
    wait_idle(page)
    panel = page.locator(f"{BOARD} [data-panel='analysis']")
    text = panel.inner_text()
    assert "Rank\n23 of 25" in text
    assert "Kernel dimension\n2" in text
    assert "8,388,608" in text and "33,554,432" in text
    assert panel.locator(".thumbs canvas").count() == 2
    fewest = ask({"cmd": "lightsout.solve", "game": root.get_attribute("data-game-id")})
    assert f"Fewest presses for this board\n{fewest['press_count']}" in text
    page.screenshot(path=str(screenshot_dir / "lightsout-analysis.png"), full_page=True)
    # The open panel follows the board: paint a single corner light.
    clear_to_edit(page)
    click_cell(page, 0, 0, Board(5, 5))
    wait_idle(page)
    reason = panel.locator(".conflict-reason")
    assert reason.locator("canvas").count() == 1
    assert "cannot be solved" in reason.inner_text()
    assert "no solution" in panel.inner_text()
    page.screenshot(path=str(screenshot_dir / "lightsout-analysis-conflict.png"), full_page=True)


@pytest.mark.slow  # a long search in the page: in the full run, started first
def test_prove_fewest_runs_the_long_search_and_cancel_keeps_the_quick_answer(
        page, site_url, screenshot_dir):
    """A random 47x47 board (kernel dimension 30) that the quick search does not
    prove: "Prove fewest" searches longer and proves fewer presses; a Cancel
    on the way brings the quick answer back."""
    game = ask({"cmd": "lightsout.new", "rows": 47, "cols": 47, "seed": 4})["game"]
    proven = ask({"cmd": "lightsout.analyse", "game": game, "prove": True})
    assert proven["proven_fewest"]
    root = open_board(page, f"{site_url}#lightsout={quote(game, safe='')}")
    assert root.get_attribute("data-game-id") == game
    page.get_by_role("button", name="Analysis").click()
    wait_idle(page)
    panel = page.locator(f"{BOARD} [data-panel='analysis']")
    found = re.search(r"Fewest presses for this board\n(\d+) \(not proven fewest\)",
                      panel.inner_text())
    assert found and int(found[1]) > proven["fewest_press_count"]
    quick_text = found[0]
    page.screenshot(path=str(screenshot_dir / "lightsout-analysis-not-proven.png"), full_page=True)
    # Cancel the proof: the quick answer is shown again, nothing lost.
    panel.get_by_role("button", name="Prove fewest").click()
    status = panel.locator(".job-status")
    status.get_by_role("button", name="Cancel").click()
    wait_idle(page)
    assert quick_text in panel.inner_text()
    # Then let it run: the proven count, as the solver natively proves it.
    panel.get_by_role("button", name="Prove fewest").click()
    page.wait_for_function(
        "window.puzzleLab.boards.lightsout?.idle()", timeout=120_000)
    text = panel.inner_text()
    assert f"Fewest presses for this board\n{proven['fewest_press_count']}\n" in text
    assert "Proven fewest" in text
    assert panel.get_by_role("button", name="Prove fewest").count() == 0
    # The worker keeps the proof: the solution shown is the proven one, at once.
    page.get_by_role("button", name="Show solution").click()
    wait_idle(page)
    note = page.locator(f"{BOARD} .solution-note").inner_text()
    assert f"the fewest it takes is {proven['fewest_press_count']} presses" in note
    page.screenshot(path=str(screenshot_dir / "lightsout-analysis-proven.png"), full_page=True)


def test_gallery_shows_every_single_light_board(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_role("button", name="Gallery").click()
    wait_idle(page)
    thumbs = page.locator(f"{BOARD} .cell-thumb")
    assert thumbs.count() == 25
    expected = ask({"cmd": "lightsout.gallery", "game": root.get_attribute("data-game-id")})
    unsolvable = {(c["row"], c["col"]) for c in expected["cells"] if not c["solvable"]}
    assert 0 < len(unsolvable) < 25
    shown = {
        (i // 5, i % 5)
        for i in range(25)
        if "unsolvable" in (thumbs.nth(i).get_attribute("class") or "")
    }
    assert shown == unsolvable
    # Pointing at a thumbnail rings its cell on the main board.
    thumbs.nth(7).hover()
    assert ring_at(page, 1, 2, Board(5, 5), "--highlight")
    page.screenshot(path=str(screenshot_dir / "lightsout-gallery.png"), full_page=True)
    page.mouse.move(0, 0)
    assert not ring_at(page, 1, 2, Board(5, 5), "--highlight")


def test_torus_king_board_is_solved_by_its_marks(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_label("Neighbourhood").select_option(label="Cross + diagonals")
    wait_idle(page)
    page.get_by_label("Wrap around the edges").check()
    wait_idle(page)
    assert ";wrap" in root.get_attribute("data-game-id")
    assert "n=king" in root.get_attribute("data-game-id")
    page.get_by_role("button", name="New random board").click()
    wait_idle(page)
    assert "eight neighbours, wrapping around" in page.locator(f"{BOARD} .message").inner_text()
    press_marks_until_solved(page, root)
    assert ";wrap;n=king" in root.get_attribute("data-game-id")
    page.screenshot(path=str(screenshot_dir / "lightsout-torus-king-solved.png"), full_page=True)


def test_custom_pattern_editor_grows_to_a_long_reach_and_the_board_solves(
        page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_label("Neighbourhood").select_option(label="Custom…")
    wait_idle(page)
    editor = page.locator(f"{BOARD} .stencil button")
    assert editor.count() == 25  # starts 5x5 with the classic cross marked
    # A mark on the edge adds a ring, twice: 5x5, then 7x7, then 9x9.
    page.get_by_role("button", name="2 down, 2 right").click()
    wait_idle(page)
    assert editor.count() == 49
    page.get_by_role("button", name="3 up, 0 right").click()
    wait_idle(page)
    assert editor.count() == 81
    offsets = set(current(root).variant.offsets)
    assert offsets == {(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0), (2, 2), (-3, 0)}
    page.get_by_role("button", name="New random board").click()
    wait_idle(page)
    assert set(current(root).variant.offsets) == offsets
    page.screenshot(path=str(screenshot_dir / "lightsout-custom-pattern.png"), full_page=True)
    press_marks_until_solved(page, root)


def test_an_off_centre_custom_pattern_is_analysed_as_python_does(page, site_url):
    """A press that changes only the cell below it (the cross unmarked but its
    foot): no press reaches the top row, so the 5x5 has 5 quiet patterns (the
    bottom row's presses); the page shows Python's analysis, not kernel 0."""
    root = open_board(page, site_url)
    page.get_by_label("Neighbourhood").select_option(label="Custom…")
    wait_idle(page)
    for name in ("1 up, 0 right", "0 down, 1 left", "the pressed cell", "0 down, 1 right"):
        page.get_by_role("button", name=name, exact=True).click()
        wait_idle(page)
    game = root.get_attribute("data-game-id")
    assert current(root).variant.offsets == ((1, 0),)
    page.get_by_role("button", name="Analysis").click()
    wait_idle(page)
    expected = ask({"cmd": "lightsout.analyse", "game": game})
    assert (expected["rank"], expected["kernel_dimension"]) == (20, 5)
    text = page.locator(f"{BOARD} [data-panel='analysis']").inner_text()
    assert "Rank\n20 of 25" in text and "Kernel dimension\n5" in text
    assert ("no solution" in text) == (not expected["solvable"])


def test_three_state_board_is_solved_by_its_marks(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_label("States").select_option("3")
    wait_idle(page)
    assert ";k=3:" in root.get_attribute("data-game-id")
    assert current(root).lit > 0
    page.get_by_role("button", name="Show solution").click()
    wait_idle(page)
    page.screenshot(path=str(screenshot_dir / "lightsout-3-states.png"), full_page=True)
    page.get_by_role("button", name="Hide solution").click()
    press_marks_until_solved(page, root)
    assert "Every cell is 0" in page.locator(f"{BOARD} .message").inner_text()


def test_hint_rings_a_press_of_a_fewest_solution(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    board = current(root)
    page.get_by_role("button", name="Hint").click()
    wait_idle(page)
    message = page.locator(f"{BOARD} .message").inner_text()
    match = re.search(r"row (\d+), column (\d+)", message)
    assert match, message
    row, col = int(match[1]) - 1, int(match[2]) - 1
    assert ring_at(page, row, col, board, "--hint")
    # On a fewest solution exactly when pressing it leaves one press fewer to do.
    before = ask({"cmd": "lightsout.solve", "game": board.game_id})["press_count"]
    after = ask({"cmd": "lightsout.solve", "game": board.press(row, col).game_id})["press_count"]
    assert after == before - 1
    page.screenshot(path=str(screenshot_dir / "lightsout-hint.png"), full_page=True)
    click_cell(page, row, col, board)
    wait_idle(page)
    assert not ring_at(page, row, col, board, "--hint")


def test_generator_difficulty_then_apply_solution_to_solution(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_label("Difficulty").select_option(label="Exactly…")
    page.get_by_label("Presses").fill("4")
    page.get_by_role("button", name="New random board").click()
    wait_idle(page)
    before = root.get_attribute("data-game-id")
    assert ask({"cmd": "lightsout.solve", "game": before})["press_count"] == 4
    presses = ask({"cmd": "lightsout.solve", "game": before})["presses"]
    page.get_by_role("button", name="Solution as a board").click()
    wait_idle(page)
    # The new board's lights are exactly the presses that solved the old one.
    pressed = {tuple(cell) for cell in presses}
    grid = "/".join("".join("1" if (r, c) in pressed else "0" for c in range(5)) for r in range(5))
    assert current(root) == Board.parse(grid)
    assert "solve the solution too" in page.locator(f"{BOARD} .message").inner_text()
    page.screenshot(path=str(screenshot_dir / "lightsout-solution-of-solution.png"), full_page=True)
    page.get_by_role("button", name="Undo").click()
    wait_idle(page)
    assert root.get_attribute("data-game-id") == before

    # Grading a 64x64 board by difficulty takes seconds: progress and a
    # Cancel show above the board, and Cancel keeps the board on screen.
    page.get_by_label("Difficulty").select_option(label="Medium")
    page.get_by_label("Rows").fill("64")
    page.get_by_label("Columns").fill("64")
    page.get_by_role("button", name="New random board").click()
    note = page.locator(f"{BOARD} .deal-note")
    note.get_by_role("button", name="Cancel").wait_for(state="visible", timeout=30_000)
    page.wait_for_function(
        f"document.querySelector('{BOARD} .deal-note span').textContent.includes('…')"
    )  # "Dealing a board…", then the generator's own words ("Sizing up random boards… 40%")
    page.screenshot(path=str(screenshot_dir / "lightsout-dealing.png"))
    clicked = time.monotonic()
    note.get_by_role("button", name="Cancel").click()
    wait_idle(page)
    assert time.monotonic() - clicked < 5  # cancelled between two reports, not run to the end
    assert root.get_attribute("data-game-id") == before
    assert page.locator(f"{BOARD} .message").inner_text() == "Cancelled: the board is as it was."
    assert note.inner_text().strip() == ""


def test_a_200x200_board_renders_compactly_and_takes_clicks(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_label("Size").select_option(label="200×200")
    wait_idle(page)
    board = current(root)
    assert (board.rows, board.cols) == (200, 200)
    assert page.evaluate("window.puzzleLab.boards.lightsout.grid.compact")
    # The canvas shows the board: a lit cell is drawn in the light colour.
    lit = board.grid.split("/")
    r, c = next((r, c) for r in range(200) for c in range(200) if lit[r][c] == "1")
    assert color_at(page, (c + 0.5) / 200, (r + 0.5) / 200, "--light-on")
    click_cell(page, 30, 150, board)
    wait_idle(page)
    assert current(root) == board.press(30, 150)
    page.screenshot(path=str(screenshot_dir / "lightsout-200x200.png"), full_page=True)
