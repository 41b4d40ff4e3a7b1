"""Wins in each puzzle's own language: the winning move draws a motion on the
board that settles to the final picture within about a second (at once under
reduced motion), the next input is taken at once, the card keeps off the last
peg, the card's time and the message's agree after a reload, and a fewest the
solver finds after the win is said to be on its way, then shown."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from puzzle_homes import facts, registry_puzzles

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

def wait_idle(page, puzzle: str) -> None:
    page.wait_for_function(f"window.puzzleLab.boards.{puzzle}?.idle()", timeout=60_000)


def near_win(puzzle: str) -> tuple[str, object]:
    """The link of a game one move from its win, and that move (page -> None):
    the puzzle's facts say."""
    return facts(puzzle).near_win()


def open_near_win(page, site_url: str, puzzle: str):
    game, move = near_win(puzzle)
    page.goto("about:blank")  # a link opened afresh, not a hash change of the page
    page.goto(f"{site_url}#{puzzle}={quote(game, safe='')}")
    page.wait_for_function(
        f"document.querySelector('#{puzzle}')?.dataset.status === 'ready'"
        f" && window.puzzleLab.boards.{puzzle}.idle()", timeout=90_000)
    page.locator(f"#{puzzle} .board-area canvas").scroll_into_view_if_needed()  # clicks land on it
    return move


WATCH = """(id) => {
  const root = document.getElementById(id);
  const canvas = root.querySelector('.board-area canvas');
  const seen = window.winFrames = [];
  let wonAt = null;
  const look = () => {
    const now = performance.now();
    if (wonAt === null && ['solved', 'won'].includes(root.dataset.status)) wonAt = now;
    const picture = canvas.toDataURL();
    if (wonAt !== null && seen.at(-1)?.picture !== picture) {
      seen.push({ picture, at: now - wonAt });
    }
    // Watched for 1.6 s from the win and then until the picture has held for
    // 0.4 s (on a busy machine the frames come late), 6 s at most.
    const held = wonAt !== null && now - wonAt - seen.at(-1).at >= 400;
    if (wonAt === null || ((now - wonAt < 1600 || !held) && now - wonAt < 6000)) {
      requestAnimationFrame(look);
    } else {
      window.winWatched = true;
    }
  };
  window.winWatched = false;
  requestAnimationFrame(look);
}"""


def frames_after(page, puzzle: str, move) -> list[dict]:
    """The distinct pictures the canvas showed from the win `move` makes until
    it settled (`at`: ms after the first frame that saw the game won)."""
    page.evaluate(WATCH, puzzle)
    move(page)
    page.wait_for_function("window.winWatched", timeout=60_000)
    wait_idle(page, puzzle)
    return page.evaluate("window.winFrames")


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_a_win_moves_in_its_own_way_and_settles_on_the_final_picture(page, site_url, puzzle):
    page.emulate_media(reduced_motion="reduce")
    # A first win, so that both runs below lay out alike (a board may retire
    # what it shows until a player's first win: the binary puzzle's rules).
    frames_after(page, puzzle, open_near_win(page, site_url, puzzle))
    move = open_near_win(page, site_url, puzzle)
    still = frames_after(page, puzzle, move)
    status = page.locator(f"#{puzzle}").get_attribute("data-status")
    assert status in ("solved", "won")
    # Reduced motion: the final picture at once, nothing after it.
    assert len(still) == 1, [f["at"] for f in still]
    final = still[-1]["picture"]

    page.emulate_media(reduced_motion="no-preference")
    move = open_near_win(page, site_url, puzzle)
    moving = frames_after(page, puzzle, move)
    # The win's motion: several pictures between, over the board, ending on the same final one.
    assert len(moving) >= 5, [f["at"] for f in moving]
    assert moving[-1]["picture"] == final
    assert moving[-1]["at"] < 1200, [f["at"] for f in moving]  # about a second


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_input_right_after_a_win_is_taken_at_once(page, site_url, puzzle):
    page.emulate_media(reduced_motion="no-preference")
    move = open_near_win(page, site_url, puzzle)
    picture = f"document.querySelector('#{puzzle} .board-area canvas').toDataURL()"
    before = page.evaluate(picture)
    root = page.locator(f"#{puzzle}")
    move(page)
    # Undo from the keyboard in the first frame that sees the game won, while
    # the win's motion runs (one page turn: a busy machine cannot let the
    # motion end between the look and the key).
    moving = page.wait_for_function(f"""() => {{
      const root = document.querySelector('#{puzzle}');
      if (!['solved', 'won'].includes(root.dataset.status)) return false;
      const board = window.puzzleLab.boards.{puzzle};
      const moving = Boolean(board.grid?.animating || board.motion);
      root.dispatchEvent(new KeyboardEvent('keydown', {{ key: 'u', bubbles: true }}));
      return {{ moving }};
    }}""", polling="raf").json_value()["moving"]
    wait_idle(page, puzzle)
    assert moving  # the key came mid-motion
    # The undo is taken at once: the game is back before its win, the card gone,
    # and the board, once the undo's own quick motion is over, as it was.
    assert root.get_attribute("data-status") == "ready"
    assert root.locator(".win-card").is_hidden()
    page.wait_for_timeout(400)
    assert page.evaluate(picture) == before


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_the_card_and_the_message_tell_the_same_time_after_a_reload(page, site_url, puzzle):
    move = open_near_win(page, site_url, puzzle)
    page.wait_for_timeout(2200)  # the clock runs
    move(page)
    wait_idle(page, puzzle)
    page.evaluate(f"window.puzzleLab.boards.{puzzle}.undo()")  # saved with the clock, which runs on
    wait_idle(page, puzzle)
    page.reload()
    page.wait_for_function(
        f"document.querySelector('#{puzzle}')?.dataset.status === 'ready'"
        f" && window.puzzleLab.boards.{puzzle}.idle()", timeout=90_000)
    move(page)
    wait_idle(page, puzzle)
    card = page.locator(f"#{puzzle} .win-card .win-facts")
    card.wait_for(state="visible")
    time = re.match(r"Time (.+?) ·", card.inner_text()).group(1)
    assert time != "under a second"  # the clock ran on from before the reload
    said = page.locator(f"#{puzzle} .message").inner_text()
    for figure in re.findall(r"(?:under a second|\d+ min \d\d s|\d+ s)", said):
        assert figure == time, (said, time)
    page.locator(f"#{puzzle}").get_by_label("Timer").check()
    assert page.locator(f"#{puzzle} .timer").inner_text() == time
