"""What the cross-cutting tests need to know about Lights Out (see
tests/puzzle_homes.py; every registered puzzle declares the same names)."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import lightsout_rules_requests

from keyboard_play import check_solved, keys, spoken, status
from page_jobs import QuickJob
from page_moves import Board, click_canvas, click_grid_cell, grid_at
from puzzlelab import api, lightsout
from saved_snapshots import saved_snapshot

# --- game IDs and moves in the page -------------------------------------------------

#: A game a person plays (two moves with play()), another one a link names, and a
#: game ID the rules reject.
GAME = "5x5:1f8c4a0"
OTHER_GAME = "5x5:1000000"
BAD_GAME = "garbage"


def load_request(game: str) -> dict[str, Any]:
    """What the board asks Python for a linked game ID."""
    return {"cmd": "lightsout.load", "game": game}


#: The label of the board's move counter (data-field="moves": "Presses: 2"),
#: shown for every game; None for a board without one.
COUNTER = "Presses"


def play(page: Any, board: Board, move: int) -> None:
    """The ``move``-th (0 or 1) move of a little game on GAME (or on the
    embed demo's board): a press on the first row's second or third light."""
    click_grid_cell(page.locator(board.selector), page, 0, [1, 2][move], 5)


def move_on_other(page: Any, board: Board) -> None:
    """One move on OTHER_GAME."""
    play(page, board, 0)


def check_history(order: list[dict], snapshot: dict) -> None:
    """What holds along a restored game's history (start to end): a press is one move."""
    for before, after in itertools.pairwise(order):
        assert after["moves"] in (0, before["moves"] + 1), snapshot


#: The data-* attributes of an embed (beside data-puzzlelab) of another game than
#: the page's saved one.
EMBED_ATTRIBUTES = {"game": "garbage"}


def winning_moves(page: Any) -> list[Any]:
    """The moves (each a call that makes one, as a person clicks) that win the
    board shown: the solver's presses (tests/e2e/test_today_page.py)."""
    from test_lightsout_page import ask, click_cell, current

    start = current(page.locator("#lightsout"))
    presses = ask({"cmd": "lightsout.solve", "game": start.game_id})["presses"]
    return [lambda r=r, c=c: click_cell(page, r, c, start) for r, c in presses]


def near_win() -> tuple[str, Any]:
    """A game one move from its win, and that move (page -> None): a plus, whose
    middle press clears it."""
    plus = lightsout.Board(3, 3, lights=0b010111010)
    return plus.game_id, lambda page: click_canvas(page, "lightsout", grid_at(1, 1))


# --- saved games read back (tests/test_saved_game.py) -------------------------------


def game_id(state: dict[str, Any]) -> str:
    """The game ID of a state Python gave (a saved game's entries are these)."""
    return state["game"]


def random_saved_game(rng: random.Random) -> dict[str, Any]:
    """A saved game as the board writes it, played with Python's own presses
    (a Reset among them: a step back to the start, counted from 0), some undone."""
    start = rng.choice([GAME, api.handle({"cmd": "lightsout.new", "rows": 3, "cols": 4,
                                          "neighbourhood": "king", "wrap": True,
                                          "states": 3})["result"]["game"]])
    path = [(start, 0)]
    for _ in range(rng.randint(0, 6)):
        if rng.random() < 0.15:
            path.append((start, 0))
            continue
        state = api.handle(load_request(path[-1][0]))["result"]
        pressed = api.handle({"cmd": "lightsout.press", "game": state["game"],
                              "row": rng.randrange(state["rows"]),
                              "col": rng.randrange(state["cols"])})["result"]
        path.append((pressed["game"], path[-1][1] + 1))
    return saved_snapshot(path, rng, start)


def one_move(before: str, after: str) -> bool:
    """Whether one press takes game ``before`` to ``after``, tried in Python on every light."""
    state = api.handle(load_request(before))["result"]
    return any(api.handle({"cmd": "lightsout.press", "game": before, "row": r, "col": c})
               ["result"]["game"] == after
               for r in range(state["rows"]) for c in range(state["cols"]))

# --- layout and the play screen (test_layout_page.py, test_play_screen.py) ---------

#: JavaScript for the [x, y] (canvas pixels, from ``board`` and ``canvas``) of a
#: pixel of the board a tab shows that only the theme changes: near the top
#: left corner of the last dark cell, clear of any digit.
THEMED_PIXEL = """(() => {
  const cell = canvas.width / board.grid.cols;
  const off = board.values.lastIndexOf(0);
  const [row, col] = [Math.floor(off / board.grid.cols), off % board.grid.cols];
  return [(col + 0.2) * cell, (row + 0.2) * cell];
})()"""
#: Buttons (by name) that the lab shows and the play view does not.
LAB_BUTTONS = ("Edit", "Show solution")


def show_line_above_board(page: Any) -> Any:
    """In the lab (its tools unfolded), show what adds a line above the board:
    Show solution, its note said; returns the call that hides it again (None
    for a board with no such line)."""
    button = page.locator('#lightsout button[data-action="solution"]')
    button.click()
    page.wait_for_function(
        "document.querySelector('#lightsout .solution-note span').textContent.length > 0",
        timeout=90_000,
    )
    return button.click


def win_card(page: Any, phone: bool) -> None:
    """Win the board shown after one hint, as a person does, and check its win
    card: the presses against the fewest, the hint counted, the time, the start
    solved once (the page counts its requests: test_session_page.COUNT_REQUESTS);
    then Close."""
    from test_first_game import wait_idle
    from test_lightsout_page import ask, click_cell, current

    from main_page import card_text

    root = page.locator("#lightsout")
    start = current(root)
    presses = ask({"cmd": "lightsout.solve", "game": start.game_id})["presses"]
    root.get_by_role("button", name="Hint").click()
    wait_idle(page, "lightsout")
    for row, col in presses:
        click_cell(page, row, col, start)
    wait_idle(page, "lightsout")
    assert root.get_attribute("data-status") == "solved"
    n = len(presses)
    page.wait_for_function(
        "document.querySelector('#lightsout .win-count').textContent.includes('fewest')")
    text = card_text(page, "lightsout")
    assert f"{n} press{'es' if n != 1 else ''} · fewest {n}" in text, text
    assert "with 1 hint" in text and re.search(r"Time (under a second|\d+ s)", text), text
    assert "Solved" not in text and "perfect" not in text
    # The message line and the card compare with one answer: the start is solved once.
    solves = page.evaluate(
        "window.workerRequests.filter((cmd) => cmd === 'lightsout.solve').length")
    assert solves == 1, page.evaluate("window.workerRequests")
    page.locator("#lightsout .win-card").get_by_role("button", name="Close").click()
    assert page.locator("#lightsout .win-card").is_hidden()


# --- keyboard play (test_keyboard_page.py) ------------------------------------------

#: The game keyboard_play starts from.
KEYBOARD_GAME = "3x3:5d0"  # a plus sign: one press in the centre


def keyboard_play(page: Any, screenshot_dir: Any) -> None:
    """Solve KEYBOARD_GAME with keys only (the board has the focus), checking
    what is heard on the way."""
    # Lights Out: down, right, press the centre.
    assert "Row 1 column 1, off" in spoken(page, "lightsout")
    keys(page, "lightsout", "ArrowDown", "ArrowRight")
    assert "Row 2 column 2, on" in spoken(page, "lightsout")
    page.screenshot(path=str(screenshot_dir / "keyboard-lightsout-cursor.png"))
    keys(page, "lightsout", "Space")
    said = "All lights are out — solved in 1 press"
    check_solved(page, "lightsout", "solved", "All lights are out", said, screenshot_dir)
    keys(page, "lightsout", "u")  # U undoes, R redoes
    assert status(page, "lightsout") == "ready"
    keys(page, "lightsout", "h")  # a hint is heard as well as seen
    assert "Hint: press the ringed cell (row 2, column 2)" in spoken(page, "lightsout")
    keys(page, "lightsout", "r")
    assert status(page, "lightsout") == "solved"


def keyboard_after_reload(page: Any) -> None:
    """Nothing beyond every board's (its game and undo history come back)."""


# --- the page's rules against Python (test_js_rules.py) -----------------------------

#: The requests the page's rules answer themselves when Python accepts them.
LOCAL_COMMANDS = frozenset({"lightsout.load", "lightsout.press"})
#: Requests the page's rules must leave to Python.
PYTHON_ONLY_REQUESTS = [{"cmd": "lightsout.solve", "game": "3x3:1ff"}]
#: Requests of the first screen, beside the shipped first deals and hints.
FIRST_SCREEN_REQUESTS = [{"cmd": "lightsout.new", "rows": 5, "cols": 5, "random": False}]
#: A request Python answers with a random deal (None: the puzzle deals none).
DEAL_REQUEST = {"cmd": "lightsout.new", "rows": 5, "difficulty": "easy"}
#: Requests whose answers read the package's data files (fetched on demand).
DATA_REQUESTS = []
#: A hint request that is not shipped (None: every hint is a first deal's).
HINT_AFTER_A_MOVE = None

#: Random games, big boards and bad requests, recorded for the comparison.
rules_differential = lightsout_rules_requests.rules_differential


def check_first_hint(hint: dict[str, Any], result: dict[str, Any]) -> None:
    """A shipped first hint's press takes one off the fewest presses."""
    fewest = api.handle({"cmd": "lightsout.solve", "game": hint["game"]})["result"]
    after = lightsout.Board.parse(hint["game"]).press(*result["press"])
    then = api.handle({"cmd": "lightsout.solve", "game": after.game_id})["result"]
    assert fewest["press_count"] >= 1 and then["press_count"] == fewest["press_count"] - 1


def hint_python_gives(page: Any, root: Any) -> Any:
    """Python's hint for the board shown, as the board shows it before Python is
    up (tests/e2e/test_before_python.py: HINT_ON_BOARD)."""
    game = root.get_attribute("data-game-id")
    press = api.handle({"cmd": "lightsout.hint", "game": game})["result"]["press"]
    return {"game": game, "press": press}  # its ring


LIGHTS = ["3x3:1ff", "4x2;wrap;n=king;k=3:01201201", "101/010/101", "3x3;n=0101.1010:000"]


def odd_text_requests(rng: random.Random, odd_text: Any) -> list[dict[str, Any]]:
    """One round of game IDs with odd characters (rules_differential.ODD)."""
    first = {"cmd": "lightsout.load", "game": odd_text(rng, rng.choice(LIGHTS))}
    game = odd_text(rng, rng.choice(LIGHTS))
    return [first, {"cmd": "lightsout.press", "game": game, "row": 0, "col": 1, "states": 3}]


# --- fuzzing (test_fuzz.py) -----------------------------------------------------------

#: A valid value of each required argument of the family's commands.
VALID_ARGUMENTS = {"game": "101/010", "rows": 4, "row": 0, "col": 0}

#: A command line that answers at once (tests/test_cli.py's odd terminals).
QUICK_COMMAND_LINE = ("lightsout", "random", "4", "--seed", "1")
#: A command line that reads its grid from standard input, and that input.
STDIN_COMMAND_LINE = (("lightsout", "solve", "-"), "101/010/101\n")
#: A small valid value of each of this family's command-line positionals whose
#: value is its own (tests/test_cli_words.py; the shared ones are there).
CLI_VALUES = {"game": "101/010"}


def tame_command_line(argv: list[str]) -> list[str]:
    """A fuzzed command line made quick to answer when it happens to be valid."""
    return argv


# --- jobs stepped by turns (tests/test_interleaved_jobs.py) ------------------


def interleaved_requests() -> list[dict[str, Any]]:
    """Jobs of a fraction of a second each, stepped by turns with other families'."""
    from puzzlelab.lightsout import Board as LightsBoard
    from puzzlelab.lightsout import Variant

    return [
        {"cmd": "lightsout.analyse",
         "game": LightsBoard(40, 40, 0, Variant("cross", True, 3)).press(3, 4).game_id},
        {"cmd": "lightsout.solve", "game": LightsBoard(120, 120).press(60, 40).game_id},
        {"cmd": "lightsout.new", "rows": 9, "difficulty": "hard", "seed": 1},
    ]


def forget_caches() -> None:
    """Forget the plans, kernels and proven fewest presses."""
    from puzzlelab.lightsout import commands as lightsout_commands

    lightsout_commands._PROVEN.clear()
    lightsout.clear_caches()


def same_answer_form(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """An answer as two are compared: whole."""
    return answer


# --- the shared Python engine (tests/e2e/test_engine_sharing.py) -------------

#: A long job with progress (None: another puzzle's is used).
LONG_JOB = None
#: A job the board answers in a moment: Show solution on a 5x5 board (11 presses).
QUICK_JOB = QuickJob(
    game=GAME,
    button="Show solution",
    request={"cmd": "lightsout.solve", "game": GAME},
    note=".solution-note",
    says=lambda result: f"{result['press_count']} press",  # "11 presses", "1 press"
    busy_word="Solving",
)
