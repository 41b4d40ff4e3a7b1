"""Two tabs never lose a game, on every puzzle of the registry, in Chromium:
two pages of one browser context share localStorage, as two tabs do.

Both tabs open one saved game; each plays its own moves, A last; A closes.
B's reload gives B's game, A's game is one line away (the save line's
"Recent games", then Play) with its undo history, and the line that says so
never moves a board. A storage that refuses every write says so in one line,
and the game plays on.
"""

from __future__ import annotations

from typing import Any

import pytest

from puzzle_homes import registry_puzzles

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

PHONE = {"width": 375, "height": 740}
LAPTOP = {"width": 1280, "height": 800}

# One move on any board, found through the keyboard's own entry point
# (actAt): a cell acted on, then another (a peg picked up, then its hole),
# until the game ID changes; from the cell `skip` places on, or from the last
# one backwards, for moves other than the first one found.
MOVE = """async ([id, skip, backwards]) => {
  const board = window.puzzleLab.boards[id];
  const [rows, cols] = board.cursorBounds();
  const cells = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) if (board.cursorAllowed(r, c)) cells.push([r, c]);
  }
  cells.push(...cells.splice(0, skip));
  if (backwards) cells.reverse();
  const before = board.gameId;
  const act = async ([r, c]) => {
    board.actAt(r, c, { back: false });
    await board.queue;
    return board.gameId !== before;
  };
  for (const to of cells) {
    for (const from of cells) {
      if (from !== to && (await act(from) || await act(to))) return board.gameId;
    }
  }
  throw new Error(`no move found on ${id}`);
}"""


def wait_board(page: Any, puzzle: str) -> str:
    page.wait_for_function(
        "(id) => window.puzzleLab?.boards[id]?.idle()"
        " && document.getElementById(id).dataset.gameId", arg=puzzle, timeout=90_000)
    return page.locator(f"#{puzzle}").get_attribute("data-game-id")


def move(page: Any, puzzle: str, skip: int = 0, backwards: bool = False) -> str:
    page.evaluate(MOVE, [puzzle, skip, backwards])
    return wait_board(page, puzzle)


def board_box(page: Any, puzzle: str) -> dict:
    return page.locator(f"#{puzzle} canvas").first.bounding_box()


def save_line(page: Any) -> str:
    line = page.locator("#save-note")
    line.wait_for(state="visible", timeout=10_000)
    return line.locator("span").inner_text()


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_two_tabs_of_one_saved_game_each_keep_their_own(fresh_page, site_url, screenshot_dir,
                                                       puzzle):
    a = fresh_page  # the play view: the lab closed
    a.set_viewport_size(PHONE)
    a.goto(f"{site_url}#{puzzle}")
    wait_board(a, puzzle)
    saved = move(a, puzzle)  # the saved game both tabs open
    b = a.context.new_page()
    b.set_viewport_size(LAPTOP)
    b.goto(f"{site_url}#{puzzle}")
    assert wait_board(b, puzzle) == saved
    boxes = {"a": board_box(a, puzzle), "b": board_box(b, puzzle)}

    a_first = move(a, puzzle, skip=1)
    b_game = move(b, puzzle, backwards=True)
    a_game = move(a, puzzle, skip=2)  # A saves last
    assert len({saved, a_first, b_game, a_game}) == 4
    title = a.evaluate("(id) => document.getElementById(`tab-${id}`).textContent", puzzle)
    said = f"{title} is also open in another tab: each tab keeps its own game."
    for tab, name, size in ((a, "a", "phone"), (b, "b", "laptop")):
        assert save_line(tab) == said
        assert board_box(tab, puzzle) == boxes[name]  # the line took no room from the board
        tab.screenshot(path=str(screenshot_dir / f"two-tabs-{puzzle}-{size}.png"))

    # The line's one button opens the lab at the recent games: both games are there.
    b.locator("#save-note").get_by_role("button", name="Recent games").click()
    recent = b.locator("#recent-games")
    entries = recent.locator("li")
    entries.first.wait_for()
    assert entries.count() == 2

    a.close()
    b.reload()
    assert wait_board(b, puzzle) == b_game  # this tab's own game, though A saved after it
    recent.locator("summary").click()  # the lab stays open; the list folded
    # A's game, with its undo history.
    entries.filter(has_not_text="(this tab)").filter(has_text="3 moves").get_by_role(
        "button").first.click()
    assert wait_board(b, puzzle) == a_game
    b.locator(f"#{puzzle}").get_by_role("button", name="Undo").click()
    assert wait_board(b, puzzle) == a_first  # with its undo history


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_a_storage_that_takes_nothing_says_so_and_the_game_plays_on(page, site_url, puzzle):
    page.goto(f"{site_url}#{puzzle}")
    wait_board(page, puzzle)
    first = move(page, puzzle)
    box = board_box(page, puzzle)
    page.evaluate("""() => {
      Storage.prototype.setItem = function () {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    }""")
    second = move(page, puzzle, skip=1)
    title = page.evaluate("(id) => document.getElementById(`tab-${id}`).textContent", puzzle)
    said = f"Storage is full: {title} could not be saved here; the game plays on."
    assert save_line(page) == said
    line = page.locator("#save-note").bounding_box()
    assert line["height"] < 48  # one line (and its buttons)
    assert board_box(page, puzzle) == box
    third = move(page, puzzle, skip=2)
    assert len({first, second, third}) == 3
    # What was saved before the storage filled up is still there.
    stored = page.evaluate("(id) => JSON.parse(localStorage.getItem(`puzzlelab.saved.${id}`))",
                           puzzle)
    assert stored["snapshot"]["game"] == first
