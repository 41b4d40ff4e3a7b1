"""Wins in each puzzle's own language: the winning move draws a motion on the
board that settles to the final picture within about a second (at once under
reduced motion), the next input is taken at once, the card keeps off the last
peg, the card's time and the message's agree after a reload, and a fewest the
solver finds after the win is said to be on its way, then shown."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from conftest import registry_puzzles
from puzzlelab import binairo
from puzzlelab.jobs import finish
from puzzlelab.lightsout import Board

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

# The English board with two pegs left: (3, 1) over (3, 2) lands in the centre, its goal.
LAST_JUMP = "--...--/--...--/......./.oo..../......./--...--/--...--"


def wait_idle(page, puzzle: str) -> None:
    page.wait_for_function(f"window.puzzleLab.boards.{puzzle}?.idle()", timeout=60_000)


def peg_hole(page, row: int, col: int) -> tuple[float, float]:
    return tuple(page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({row}, {col})"))


def binairo_one_from_the_end() -> tuple[str, tuple[int, int, str]]:
    """A 6x6 puzzle solved but for one tile: its game ID, and that tile with its click."""
    puzzle, _ = finish(binairo.generate_steps(6, 6, "easy", 35))
    (solution,) = binairo.solutions(puzzle)
    full = (1 << puzzle.cols) - 1
    row, col = next((r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)
                    if puzzle.cell(r, c) == ".")
    left_out = ~(1 << col)
    ones = [line & left_out if r == row else line for r, line in enumerate(solution)]
    zeros = [~line & full & (left_out if r == row else full) for r, line in enumerate(solution)]
    button = "right" if solution[row] >> col & 1 else "left"
    return puzzle.with_entries(ones, zeros).game_id, (row, col, button)


def click_canvas(page, puzzle: str, where: str, button: str = "left") -> None:
    """Click the board's canvas at `where` (JS giving [x, y] in the canvas, from `board`):
    Playwright brings it into view first, so that the click lands on a phone-sized window."""
    x, y = page.evaluate(
        f"(() => {{ const board = window.puzzleLab.boards.{puzzle}; return {where}; }})()")
    page.locator(f"#{puzzle} .board-area canvas").click(position={"x": x, "y": y}, button=button)


def grid_at(row: int, col: int) -> str:
    """A GridCanvas cell's centre in its canvas (for click_canvas)."""
    return (f"[({col} + 0.5) * board.grid.canvas.clientWidth / board.grid.cols,"
            f" ({row} + 0.5) * board.grid.canvas.clientHeight / board.grid.rows]")


def near_win(puzzle: str) -> tuple[str, object]:
    """The link of a game one move from its win, and that move (page -> None), per puzzle."""
    if puzzle == "lightsout":
        plus = Board(3, 3, lights=0b010111010)  # a plus: the middle press clears it
        return plus.game_id, lambda page: click_canvas(page, puzzle, grid_at(1, 1))
    if puzzle == "pegs":
        def jump(page):
            click_canvas(page, puzzle, "board.geo.at(3, 1)")
            click_canvas(page, puzzle, "board.geo.at(3, 3)")
        return LAST_JUMP, jump
    if puzzle == "binairo":
        game, (row, col, button) = binairo_one_from_the_end()
        return game, lambda page: click_canvas(page, puzzle, grid_at(row, col), button)
    raise AssertionError(f"{puzzle}: a game one move from its win is needed here")


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
    if (wonAt === null || now - wonAt < 1600) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def frames_after(page, puzzle: str, move) -> list[dict]:
    """The distinct pictures the canvas showed in the 1.6 s from the win `move` makes
    (`at`: ms after the first frame that saw the game won)."""
    page.evaluate(WATCH, puzzle)
    move(page)
    page.wait_for_timeout(1700)
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


@pytest.mark.parametrize("size", [(1280, 800), (375, 740)])
def test_the_win_card_never_covers_the_last_peg(page, site_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    move = open_near_win(page, site_url, "pegs")
    move(page)
    wait_idle(page, "pegs")
    card = page.locator("#pegs .win-card")
    card.wait_for(state="visible")
    box = card.bounding_box()
    x, y = peg_hole(page, 3, 3)
    half = page.evaluate("window.puzzleLab.boards.pegs.geo.cell") / 2
    peg = {"left": x - half, "right": x + half, "top": y - half, "bottom": y + half}
    apart = (box["x"] + box["width"] <= peg["left"] or box["x"] >= peg["right"]
             or box["y"] + box["height"] <= peg["top"] or box["y"] >= peg["bottom"])
    assert apart, (box, peg)


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


def test_a_fewest_found_after_the_win_is_said_to_come_then_shown(page, site_url):
    # Lights Out asks its solver for the fewest presses when the game is won: the
    # card and the message are watched from before the win, so every text they show counts.
    move = open_near_win(page, site_url, "lightsout")
    page.evaluate("""() => {
      window.countLines = [];
      const line = document.querySelector('#lightsout .win-card .win-count');
      new MutationObserver(() => window.countLines.push(line.textContent))
        .observe(line, { childList: true, characterData: true, subtree: true });
      const message = document.querySelector('#lightsout .message');
      window.messages = [];
      new MutationObserver(() => window.messages.push(message.textContent))
        .observe(message, { childList: true, characterData: true, subtree: true });
    }""")
    move(page)
    wait_idle(page, "lightsout")
    page.wait_for_function("window.countLines.length >= 2")
    lines = page.evaluate("window.countLines")
    assert lines[0] == "1 press · fewest not known yet…"
    assert lines[-1] == "1 press · fewest 1"
    messages = page.evaluate("window.messages")
    done = "All lights are out — solved in 1 press"
    assert f"{done}! The fewest possible is not known yet…" in messages
    assert messages[-1] == f"{done}; the fewest possible is 1 press: a perfect game!"
