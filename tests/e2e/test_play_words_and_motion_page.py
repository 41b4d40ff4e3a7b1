"""Lights Out and peg solitaire as a player meets them: a player's words on the
play screen, a new puzzle with its solution hidden, a board that keeps its size
when a line appears, and motion that ends where no motion would have drawn."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from puzzlelab.lightsout import costs
from puzzlelab.lightsout.variant import Variant
from puzzlelab.notation import PuzzleError

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

# Lab words and notations a player should not meet on the play screen (issue #24).
LAB_WORDS = re.compile(
    r"\b(kernel|rank|nullity|normali[sz]ed|quiet patterns?|meet in the middle|seed|GF\(2\)"
    r"|modulo|census|numpy|pyodide|engine)\b|\d\^\d|\de[+-]\d|\byears\b",
    re.IGNORECASE,
)
# The lines a board shows while playing: counters, the status line, the notes.
PLAY_LINES = ".counters, .message, .verdict, .solution-note, .deal-note"


def open_board(page, site_url: str, puzzle: str, game: str | None = None):
    """Open the page on `puzzle` (on the game ID `game`, as a link gives it) once it is idle."""
    page.goto(site_url + f"#{puzzle}" + (f"={quote(game, safe='')}" if game else ""))
    page.wait_for_function(
        "['ready', 'solved', 'won', 'stuck']"
        f".includes(document.querySelector('#{puzzle}')?.dataset.status)",
        timeout=90_000,
    )
    wait_idle(page, puzzle)
    return page.locator(f"#{puzzle}")


def wait_idle(page, puzzle: str) -> None:
    page.wait_for_function(f"window.puzzleLab.boards.{puzzle}?.idle()", timeout=60_000)


def play_lines(page, puzzle: str) -> str:
    """The text of the board's play-screen lines, one per line."""
    return page.evaluate(
        """([id, selector]) => [...document.querySelectorAll(`#${id} :is(${selector})`)]
             .map((el) => el.textContent.trim()).filter(Boolean).join('\\n')""",
        [puzzle, PLAY_LINES],
    )


def press_lightsout(page, row: int, col: int) -> None:
    """Press a cell as the keyboard does (actAt is a click on the cell)."""
    page.evaluate(f"window.puzzleLab.boards.lightsout.actAt({row}, {col})")
    wait_idle(page, "lightsout")


def jump(page, src: tuple[int, int], dst: tuple[int, int]) -> None:
    """Click the peg at `src`, then the hole `dst`."""
    for r, c in (src, dst):
        x, y = page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({r}, {c})")
        page.mouse.click(x, y)
    wait_idle(page, "pegs")


def canvas_size(page, puzzle: str) -> tuple[float, float]:
    box = page.locator(f"#{puzzle} .board-area canvas").bounding_box()
    return box["width"], box["height"]


def test_lightsout_play_screen_says_no_lab_word(page, site_url):
    root = open_board(page, site_url, "lightsout")
    for row, col in ((0, 0), (2, 2), (4, 1)):
        press_lightsout(page, row, col)
    root.get_by_role("button", name="Hint").click()
    wait_idle(page, "lightsout")
    text = play_lines(page, "lightsout")
    assert "Hint: press the ringed cell" in text
    assert not LAB_WORDS.search(text), text
    # The solver's note, in a player's words too.
    page.evaluate("document.querySelector('#lightsout [data-action=solution]').click()")
    wait_idle(page, "lightsout")
    text = play_lines(page, "lightsout")
    assert "This board can be solved" in text
    assert not LAB_WORDS.search(text), text


def test_lightsout_unsolvable_hint_and_big_board_refusal_are_plain(page, site_url, monkeypatch):
    # 4x4 has unsolvable boards: one light in a corner is one of them.
    open_board(page, site_url, "lightsout", "4x4:8000")
    page.locator("#lightsout").get_by_role("button", name="Hint").click()
    wait_idle(page, "lightsout")
    message = page.locator("#lightsout .message").inner_text()
    assert "cannot be solved" in message and not LAB_WORDS.search(message), message
    # Python's refusal of a job too big, in the page's words (the exact one stays in the tooltip).
    monkeypatch.setattr(costs, "IN_PAGE", True)  # the page's limits, as the worker has them
    with pytest.raises(PuzzleError) as refused:
        costs.check_cost("Solving", 20000, 20000, Variant(), costs.solve_cost)
    plain = page.evaluate(
        """(message) => import('./puzzles/lightsout/solution.mjs')
             .then((m) => m.plainRefusal(message))""",
        str(refused.value),
    )
    assert plain and "too big to solve here" in plain and not LAB_WORDS.search(plain)


def test_pegs_play_screen_says_no_lab_word(page, site_url):
    root = open_board(page, site_url, "pegs")
    jump(page, (1, 3), (3, 3))
    jump(page, (2, 1), (2, 3))
    root.get_by_role("button", name="Hint").click()
    wait_idle(page, "pegs")
    text = play_lines(page, "pegs")
    assert "Hint: jump the peg" in text
    assert not LAB_WORDS.search(text), text


def test_touch_screens_read_tap(browser, site_url):
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True,
        service_workers="block",
    )
    try:
        page = context.new_page()
        if not page.evaluate("matchMedia('(pointer: coarse)').matches"):
            pytest.skip("this Chromium does not report a coarse pointer for touch emulation")
        open_board(page, site_url, "pegs")
        assert page.locator("#pegs .message").inner_text().startswith("Tap a peg")
        open_board(page, site_url, "lightsout")
        message = page.locator("#lightsout .message").inner_text()
        assert "A tap toggles" in message and "click" not in message.lower()
    finally:
        context.close()


def test_a_new_lightsout_puzzle_starts_with_its_solution_hidden(page, site_url):
    root = open_board(page, site_url, "lightsout")
    button = root.locator("[data-action=solution]")
    for start_next in (
        "window.puzzleLab.boards.lightsout.nextPuzzle()",
        "document.querySelector('#lightsout [data-action=random]').click()",
    ):
        button.evaluate("(b) => b.click()")
        wait_idle(page, "lightsout")
        assert button.get_attribute("aria-pressed") == "true"
        assert page.evaluate("window.puzzleLab.boards.lightsout.solution") is not None
        before = root.get_attribute("data-game-id")
        page.evaluate(start_next)
        wait_idle(page, "lightsout")
        assert root.get_attribute("data-game-id") != before
        assert button.get_attribute("aria-pressed") == "false"
        assert button.inner_text() == "Show solution"
        assert not page.evaluate("window.puzzleLab.boards.lightsout.showSolution")
        assert root.locator(".solution-note").inner_text().strip() == ""


@pytest.mark.parametrize("viewport", [(1280, 800), (375, 740)])
def test_the_peg_board_keeps_its_size_when_a_hint_line_appears(page, site_url, viewport):
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    root = open_board(page, site_url, "pegs")
    size = canvas_size(page, "pegs")
    top = page.locator("#pegs .board-area canvas").bounding_box()["y"]
    root.get_by_role("button", name="Hint").click()
    wait_idle(page, "pegs")
    assert root.locator(".solution-note").inner_text().strip().startswith("Hint:")
    assert canvas_size(page, "pegs") == size
    # A line was kept for it: where it fits on one line, the board does not move either.
    if viewport[0] >= 1000:
        assert abs(page.locator("#pegs .board-area canvas").bounding_box()["y"] - top) < 1


def test_the_lightsout_board_keeps_its_size_when_a_hint_is_said(page, site_url):
    root = open_board(page, site_url, "lightsout")
    size = canvas_size(page, "lightsout")
    root.get_by_role("button", name="Hint").click()
    wait_idle(page, "lightsout")
    assert "Hint:" in root.locator(".message").inner_text()
    assert canvas_size(page, "lightsout") == size


def settled_picture(page, puzzle: str, reduce: bool, move) -> tuple[str, bool]:
    """The canvas (a data URL) 200 ms after `move`, and whether an animation ran."""
    page.emulate_media(reduced_motion="reduce" if reduce else "no-preference")
    watch = {
        "lightsout": "window.puzzleLab.boards.lightsout.grid.animating",
        "pegs": "Boolean(window.puzzleLab.boards.pegs.motion)",
    }[puzzle]
    page.evaluate(
        f"""() => {{
          window.animationSeen = false;
          const look = () => {{
            window.animationSeen ||= {watch};
            if (!window.stopLooking) requestAnimationFrame(look);
          }};
          window.stopLooking = false;
          requestAnimationFrame(look);
        }}"""
    )
    move()
    page.wait_for_timeout(200)
    seen = page.evaluate("window.stopLooking = true; window.animationSeen")
    picture = page.evaluate(f"document.querySelector('#{puzzle} .board-area canvas').toDataURL()")
    return picture, seen


def test_a_press_animates_and_ends_as_drawn_without_motion(page, site_url):
    open_board(page, site_url, "lightsout")
    still, moved = settled_picture(page, "lightsout", True, lambda: press_lightsout(page, 2, 2))
    assert not moved
    page.evaluate("window.puzzleLab.boards.lightsout.undo()")
    wait_idle(page, "lightsout")
    animated, moved = settled_picture(page, "lightsout", False, lambda: press_lightsout(page, 2, 2))
    assert moved
    assert animated == still


def test_a_jump_animates_and_ends_as_drawn_without_motion(page, site_url):
    open_board(page, site_url, "pegs")
    still, moved = settled_picture(page, "pegs", True, lambda: jump(page, (1, 3), (3, 3)))
    assert not moved
    page.evaluate("window.puzzleLab.boards.pegs.undo()")
    wait_idle(page, "pegs")
    animated, moved = settled_picture(page, "pegs", False, lambda: jump(page, (1, 3), (3, 3)))
    assert moved
    assert animated == still


# Chromium stamps an animation frame with the time the frame began, which can be
# earlier than the performance.now() read when the animation was started: a
# motion must take such a frame as its first, not draw a cell or a peg from
# before it began (a negative size threw in the CI run of 2026-11-26).
STALE_FRAMES = """(() => {
  const real = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => real((now) => callback(now - 400));
})();"""


@pytest.mark.parametrize("puzzle", ["lightsout", "pegs"])
def test_motion_takes_a_frame_stamped_before_it_began_as_its_start(
    page, page_log, site_url, puzzle
):
    move = {
        "lightsout": lambda: press_lightsout(page, 2, 2),
        "pegs": lambda: jump(page, (1, 3), (3, 3)),
    }[puzzle]
    undo = f"window.puzzleLab.boards.{puzzle}.undo()"
    open_board(page, site_url, puzzle)
    still, _ = settled_picture(page, puzzle, True, move)
    page.evaluate(undo)
    wait_idle(page, puzzle)
    page.evaluate(STALE_FRAMES)
    page.emulate_media(reduced_motion="no-preference")
    move()
    page.wait_for_timeout(900)  # the motion, 400 ms late by every frame's stamp, has ended
    assert not page_log.page_errors
    picture = page.evaluate(f"document.querySelector('#{puzzle} .board-area canvas').toDataURL()")
    assert picture == still
