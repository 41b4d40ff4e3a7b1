"""Play before Python is up: Python starts only at the first touch of a board
(nothing of it is fetched before), and with a deliberately slow start
(``?python-delay=MS``) each board is drawn and takes moves, undo and redo at
once, while the buttons that need Python say they are waiting and then work."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import registry_puzzles
from puzzlelab import api, pegs
from puzzlelab.binairo import Grid
from puzzlelab.lightsout import Board

pytestmark = pytest.mark.e2e

DELAY_MS = 60_000  # Python stays "starting" for the whole first part of each test


def open_slow(page: Any, site_url: str, puzzle: str) -> Any:
    """Open the main page on ``puzzle`` with Python held back; wait for the board only.
    Python has not started: nobody touched the board yet."""
    page.goto(f"{site_url}?python-delay={DELAY_MS}#{puzzle}")
    root = page.locator(f"#{puzzle}")
    page.wait_for_function(
        f"document.querySelector('#{puzzle}')?.dataset.gameId", timeout=10_000
    )
    assert root.get_attribute("data-python") == "idle"
    assert not page.locator(".python-boot").count()  # no boot line before a touch
    return root


def wait_game_change(page: Any, puzzle: str, before: str) -> str:
    page.wait_for_function(
        "([id, before]) => document.querySelector('#' + id).dataset.gameId !== before",
        arg=[puzzle, before],
        timeout=5_000,
    )
    return page.locator(f"#{puzzle}").get_attribute("data-game-id")


def undo_redo(page: Any, puzzle: str, before: str, after: str) -> None:
    """Undo returns to ``before``, redo to ``after``, without Python."""
    page.locator(f"#{puzzle}").get_by_role("button", name="Undo").click()
    assert wait_game_change(page, puzzle, after) == before
    page.locator(f"#{puzzle}").get_by_role("button", name="Redo").click()
    assert wait_game_change(page, puzzle, before) == after


def assert_waiting(page: Any, puzzle: str, name: str) -> Any:
    """The button ``name`` is described by the visible boot line while Python starts."""
    button = page.locator(f"#{puzzle}").get_by_role("button", name=name, exact=True)
    note_id = button.get_attribute("aria-describedby")
    assert note_id and note_id.startswith("python-boot")
    note = page.locator(f"#{note_id}")
    assert note.is_visible()
    assert "run as soon as they are ready" in note.inner_text()
    assert button.evaluate("(b) => getComputedStyle(b).borderTopStyle") == "dashed"
    return button


STARTED = ("(id) => window.puzzleLab.client.started"
           " && document.querySelector('#' + id).dataset.python")
FOCUS_IN = "(id) => document.querySelector('#' + id).contains(document.activeElement)"


# The first visible button of the board's controls below its play bar (the lab's
# Clear, New board...): what the boot line, appearing under the play bar, moves.
BUTTON_UNDER_THE_LINE = """(id) => {
  const root = document.querySelector('#' + id);
  const area = root.querySelector('.board-area');
  const bar = area.nextElementSibling?.matches('.play-bar') ? area.nextElementSibling : area;
  const below = bar.getBoundingClientRect().bottom;
  const button = [...root.querySelectorAll('button')].find((b) => b.checkVisibility()
    && !b.disabled && b.getBoundingClientRect().top > below);
  button.dataset.underTheLine = '';
  window.clickedOn = null;
  document.addEventListener('click', (e) => { window.clickedOn ??= e.target; }, true);
  return button.textContent.trim();
}"""


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_a_first_click_on_a_control_under_the_board_lands_on_it(
    page: Any, site_url: str, puzzle: str
) -> None:
    """The first press on a first visit's board, on a control below the play
    bar, is that control's click: the focus it gives at pointerdown does not
    start Python (whose boot line would move the control from under the
    pointer before the release); the release does, after the click."""
    root = open_slow(page, site_url, puzzle)
    name = page.evaluate(BUTTON_UNDER_THE_LINE, puzzle)
    button = root.locator("button[data-under-the-line]")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    assert page.evaluate(FOCUS_IN, puzzle)  # the press gave the focus...
    assert button.bounding_box() == box, f"{name!r} moved under the pointer"
    page.mouse.up()
    assert page.evaluate(
        "() => window.clickedOn?.closest('button')?.hasAttribute('data-under-the-line')"
    ), f"the click missed {name!r}"
    # ...and the press, at its release, started Python.
    assert page.wait_for_function(STARTED, arg=puzzle, timeout=5_000).json_value() == "starting"


# The hint on the board now: Lights Out's ring ({game, press}), the binary
# puzzle's marked cells (r * cols + c), the peg board's arrow.
HINT_ON_BOARD = """(id) => {
  const board = window.puzzleLab.boards[id];
  if (board.marks?.target) return [...board.marks.target].sort((a, b) => a - b);
  return board.hint ?? null;
}"""


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_the_first_hint_on_a_first_board_shows_while_python_starts(
    fresh_page: Any, site_url: str, puzzle: str, build_py: Any
) -> None:
    """Where the build shipped Python's first hint for the default boards
    (build.py's first_hint_requests), Hint before any move shows it at once,
    with Python held back, and it is the hint Python gives."""
    shipped = {request["cmd"] for request in build_py.first_hint_requests()}
    if f"{puzzle}.hint" not in shipped:
        pytest.skip(f"no first hint shipped for {puzzle} (its first board is random)")
    page = fresh_page
    root = open_slow(page, site_url, puzzle)
    root.locator("[data-action='hint']:visible").first.click()
    shown = page.wait_for_function(HINT_ON_BOARD, arg=puzzle, timeout=5_000).json_value()
    assert root.get_attribute("data-python") == "starting"  # Python is not up: the build answered
    if puzzle == "pegs":
        grid = page.evaluate("window.puzzleLab.boards.pegs.state.grid")
        asked = {"cmd": "pegs.hint", "grid": grid, "goal": None}
        assert shown == api.handle(asked)["result"]["move"]
    elif puzzle == "lightsout":
        game = root.get_attribute("data-game-id")
        press = api.handle({"cmd": "lightsout.hint", "game": game})["result"]["press"]
        assert shown == {"game": game, "press": press}
    else:
        game = root.get_attribute("data-game-id")
        cols = page.evaluate(f"window.puzzleLab.boards.{puzzle}.state.cols")
        cells = api.handle({"cmd": f"{puzzle}.hint", "game": game})["result"]["cells"]
        assert shown == sorted(r * cols + c for r, c, _ in cells)


def test_lights_out_plays_and_saves_before_python(
    page: Any, site_url: str, screenshot_dir: Path
) -> None:
    root = open_slow(page, site_url, "lightsout")
    start = root.get_attribute("data-game-id")
    board = Board.parse(start)
    assert board.lit > 0  # a random solvable board, drawn by the JavaScript rules
    canvas = page.locator("#lightsout .board-area canvas")
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + 2.5 * box["width"] / board.cols,
                     box["y"] + 2.5 * box["height"] / board.rows)
    pressed = wait_game_change(page, "lightsout", start)
    assert Board.parse(pressed) == board.press(2, 2)  # Python's rules agree
    assert root.get_attribute("data-python") == "starting"  # the touch started it
    undo_redo(page, "lightsout", start, pressed)
    assert_waiting(page, "lightsout", "Show solution")
    page.screenshot(path=str(screenshot_dir / "before-python-lightsout.png"))

    # The game played before Python was up is saved: a reload resumes it (no Python needed).
    page.goto(f"{site_url}#lightsout")
    page.wait_for_function("(id) => document.querySelector('#lightsout').dataset.gameId === id",
                           arg=pressed, timeout=10_000)


def test_a_click_on_a_solver_button_while_python_starts_runs_when_it_is_ready(
    page: Any, site_url: str
) -> None:
    page.goto(f"{site_url}?python-delay=3000#lightsout")
    root = page.locator("#lightsout")
    page.wait_for_function("document.querySelector('#lightsout')?.dataset.gameId", timeout=10_000)
    assert root.get_attribute("data-python") == "idle"
    root.get_by_role("button", name="Show solution").click()  # the click starts Python
    assert root.get_attribute("data-python") == "starting"
    page.wait_for_function(
        "window.puzzleLab.boards.lightsout.kept.solve.result?.value", timeout=120_000
    )
    assert root.get_attribute("data-python") == "ready"
    assert not page.locator(".python-boot").count()  # the boot line is gone
    board = Board.parse(root.get_attribute("data-game-id"))
    result = page.evaluate("window.puzzleLab.boards.lightsout.kept.solve.result.value")
    cells = "".join(result["press_grid"].split("/"))
    presses = sum(1 << i for i, count in enumerate(cells) if int(count, 36) % 2)
    assert board.apply(presses).lit == 0


def test_pegs_jump_and_undo_before_python(page: Any, site_url: str) -> None:
    root = open_slow(page, site_url, "pegs")
    start = root.get_attribute("data-game-id")
    assert start == pegs.Position.parse("english").grid  # the English board, from the rules
    (r1, c1), (r2, c2) = (3, 5), (3, 3)
    for r, c in ((r1, c1), (r2, c2)):
        x, y = page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({r}, {c})")
        page.mouse.click(x, y)
    jumped = wait_game_change(page, "pegs", start)
    expected = pegs.Position.parse(start)
    assert jumped == expected.play(expected.find_move((r1, c1), (r2, c2))).grid
    undo_redo(page, "pegs", start, jumped)
    assert_waiting(page, "pegs", "Hint")


def test_binary_puzzle_fills_and_undoes_before_python(page: Any, site_url: str) -> None:
    root = open_slow(page, site_url, "binairo")
    start = root.get_attribute("data-game-id")
    grid = Grid.parse(start)
    row, col = next((r, c) for r in range(grid.rows) for c in range(grid.cols)
                    if grid.cell(r, c) == ".")
    canvas = page.locator("#binairo canvas")
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + (col + 0.5) * box["width"] / grid.cols,
                     box["y"] + (row + 0.5) * box["height"] / grid.rows)
    filled = wait_game_change(page, "binairo", start)
    assert Grid.parse(filled).cell(row, col) == "0"
    undo_redo(page, "binairo", start, filled)
    assert_waiting(page, "binairo", "Solve")


SAVE_DATA = """Object.defineProperty(navigator, 'connection', {
  value: { saveData: true, effectiveType: '4g' }, configurable: true });"""


def test_a_reader_who_saves_data_gets_python_only_when_opening_the_lab(fresh_page, site_url):
    """The page starts Python unasked after 5 s of quiet (idle-start.mjs), but not
    on a connection that asks to save data: there only a touch, a solver or the
    lab starts it (not the pointer over a board), and the lab does."""
    page = fresh_page
    page.add_init_script(SAVE_DATA)
    page.goto(f"{site_url}#lightsout")
    page.wait_for_function("document.querySelector('#lightsout')?.dataset.gameId", timeout=10_000)
    box = page.locator("#lightsout .board-area canvas").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=3)
    page.wait_for_timeout(7_000)  # past the page's idle start; the pointer over the board
    assert page.evaluate("window.puzzleLab.client.started") is False
    assert page.locator("#lightsout").get_attribute("data-python") == "idle"
    page.locator("#lightsout").get_by_role("button", name="Lab & help").click()
    assert page.evaluate("window.puzzleLab.client.started") is True
    page.wait_for_function("document.querySelector('#lightsout').dataset.python === 'ready'",
                           timeout=90_000)
