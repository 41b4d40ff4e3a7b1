"""Play before Python is up: Python starts only at the first touch of a board
(nothing of it is fetched before), and with a deliberately slow start
(``?python-delay=MS``) each board is drawn and takes moves, undo and redo at
once, while the buttons that need Python say they are waiting and then work."""

from __future__ import annotations

from typing import Any

import pytest

from puzzle_homes import facts, registry_puzzles

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


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_the_pointer_over_a_board_or_focus_on_it_starts_python_before_any_move(
    fresh_page: Any, site_url: str, puzzle: str
) -> None:
    """Python starts at the first sign of play (idle-start.mjs's whenAboutToPlay),
    not only at the first move: the pointer moving over the board, or the
    keyboard's focus coming into it, each on a page of its own."""
    page = fresh_page
    root = open_slow(page, site_url, puzzle)
    game = root.get_attribute("data-game-id")
    box = page.locator(f"#{puzzle} .board-area canvas").first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=3)
    assert page.wait_for_function(STARTED, arg=puzzle, timeout=5_000).json_value() == "starting"
    assert root.get_attribute("data-game-id") == game  # no move was made

    page.mouse.move(1, 1)  # off the board: only the focus may start it now
    page.goto("about:blank")
    root = open_slow(page, site_url, puzzle)  # a new document: a new engine, not started
    for _ in range(40):  # Tab, as a keyboard player does, until the focus is in the board
        page.keyboard.press("Tab")
        if page.evaluate(FOCUS_IN, puzzle):
            break
    else:
        pytest.fail("Tab never reached the board")
    assert page.wait_for_function(STARTED, arg=puzzle, timeout=5_000).json_value() == "starting"


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


# The hint on the board now: the cells it marks (r * cols + c), or the board's
# own hint (a ring, an arrow ...): each puzzle's facts say what Python's is.
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
    assert shown == facts(puzzle).hint_python_gives(page, root)


SAVE_DATA = """Object.defineProperty(navigator, 'connection', {
  value: { saveData: true, effectiveType: '4g' }, configurable: true });"""
