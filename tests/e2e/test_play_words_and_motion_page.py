"""Every puzzle as a player meets it: a player's words on the play screen (a tap
on a phone, never a click), and motion that ends where no motion would have
drawn; each puzzle's own cases (a new puzzle with its solution hidden, a board
that keeps its size when a line appears) are in its home."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from page_moves import Board
from puzzle_homes import facts, registry_puzzles

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


def canvas_size(page, puzzle: str) -> tuple[float, float]:
    box = page.locator(f"#{puzzle} .board-area canvas").bounding_box()
    return box["width"], box["height"]


def test_touch_screens_read_tap(new_page, site_url, page):
    """Where a board's first words on a laptop say how to click, a phone's say
    how to tap; no phone's words say click."""
    phone = new_page(viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True)
    if not phone.evaluate("matchMedia('(pointer: coarse)').matches"):
        pytest.skip("this Chromium does not report a coarse pointer for touch emulation")
    told = 0
    for puzzle in registry_puzzles():
        open_board(phone, site_url, puzzle)
        tapped = phone.locator(f"#{puzzle} .message").inner_text().lower()
        open_board(page, site_url, puzzle)
        clicked = page.locator(f"#{puzzle} .message").inner_text().lower()
        assert "click" not in tapped, (puzzle, tapped)
        if "click" in clicked:
            assert "tap" in tapped, (puzzle, clicked, tapped)
            told += 1
    assert told, "no board's first words say how to play"


def settled_picture(page, puzzle: str, reduce: bool, move, watch: str) -> tuple[str, bool]:
    """The canvas (a data URL) 200 ms after `move`, and whether an animation ran
    (`watch`: a JavaScript expression, true while the board's motion runs)."""
    page.emulate_media(reduced_motion="reduce" if reduce else "no-preference")
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


# Chromium stamps an animation frame with the time the frame began, which can be
# earlier than the performance.now() read when the animation was started: a
# motion must take such a frame as its first, not draw a cell or a peg from
# before it began (a negative size threw in the CI run of 2026-11-26).
STALE_FRAMES = """(() => {
  const real = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => real((now) => callback(now - 400));
})();"""


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_motion_takes_a_frame_stamped_before_it_began_as_its_start(
    page, page_log, site_url, puzzle
):
    def move() -> None:
        facts(puzzle).play(page, Board.main(puzzle), 0)
        wait_idle(page, puzzle)

    undo = f"window.puzzleLab.boards.{puzzle}.undo()"
    open_board(page, site_url, puzzle, facts(puzzle).GAME)
    still, _ = settled_picture(page, puzzle, True, move, "false")
    page.evaluate(undo)
    wait_idle(page, puzzle)
    page.evaluate(STALE_FRAMES)
    page.emulate_media(reduced_motion="no-preference")
    move()
    page.wait_for_timeout(900)  # the motion, 400 ms late by every frame's stamp, has ended
    assert not page_log.page_errors
    picture = page.evaluate(f"document.querySelector('#{puzzle} .board-area canvas').toDataURL()")
    assert picture == still
