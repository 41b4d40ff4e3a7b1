"""What the cross-cutting tests need to know about the binary puzzle (see
tests/puzzle_homes.py; every registered puzzle declares the same names)."""

from __future__ import annotations

import random
from typing import Any

import binairo_rules_requests

from keyboard_play import check_solved, keys, spoken, status
from page_jobs import LongJob
from page_moves import Board, click_canvas, click_grid_cell, grid_at
from puzzlelab import api, binairo
from puzzlelab.binairo import Grid
from puzzlelab.jobs import finish
from saved_snapshots import saved_snapshot

# --- game IDs and moves in the page -------------------------------------------------

#: A game a person plays (two moves with play()): 1..0/..../..../.1..; another
#: one a link names (..1./..../0.../....), and a game ID the rules reject.
GAME = "4x4:1b0i1b"
OTHER_GAME = "4x4:b1e0g"
BAD_GAME = "4x4:zzzz"


def load_request(game: str) -> dict[str, Any]:
    """What the board asks Python for a linked game ID."""
    return {"cmd": "binairo.load", "game": game}


#: The label of the board's move counter (data-field="moves"); None: it has none.
COUNTER = None


def play(page: Any, board: Board, move: int) -> None:
    """The ``move``-th (0 or 1) move of a little game on GAME (or the embed
    demo's 4x4): a press on the first row's second or third cell (the canvas
    has one more row and column for the counts)."""
    click_grid_cell(page.locator(board.selector), page, 0, [1, 2][move], 5)


def move_on_other(page: Any, board: Board) -> None:
    """One move on OTHER_GAME."""
    play(page, board, 0)


def check_history(order: list[dict], snapshot: dict) -> None:
    """What holds along a restored game's history: one grid size throughout (a
    new puzzle starts a new history); entries may be any digits."""
    sizes = {_size(entry["game"]) for entry in order}
    assert len(sizes) == 1, (snapshot, sizes)


#: The data-* attributes of an embed (beside data-puzzlelab) of another game than
#: the page's saved one.
EMBED_ATTRIBUTES = {"size": "6"}


def winning_moves(page: Any) -> list[Any]:
    """The moves (each a call that makes one, as a person clicks) that win the
    board shown: its one solution's digits (tests/e2e/test_today_page.py)."""
    from test_binairo_page import click_cell

    grid = Grid.parse(page.locator("#binairo").get_attribute("data-game-id"))
    (solution,) = binairo.solutions(grid)
    digit = {0: "left", 1: "right"}  # a click writes 0, a right click 1
    return [lambda r=r, c=c: click_cell(page, grid, r, c, digit[solution[r] >> c & 1])
            for r in range(grid.rows) for c in range(grid.cols) if grid.cell(r, c) == "."]


def near_win() -> tuple[str, Any]:
    """A game one move from its win, and that move (page -> None): a 6x6 puzzle
    solved but for one tile, and that tile's click (right for a 1)."""
    puzzle, _ = finish(binairo.generate_steps(6, 6, "easy", 35))
    (solution,) = binairo.solutions(puzzle)
    full = (1 << puzzle.cols) - 1
    row, col = next((r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)
                    if puzzle.cell(r, c) == ".")
    left_out = ~(1 << col)
    ones = [line & left_out if r == row else line for r, line in enumerate(solution)]
    zeros = [~line & full & (left_out if r == row else full) for r, line in enumerate(solution)]
    button = "right" if solution[row] >> col & 1 else "left"
    return puzzle.with_entries(ones, zeros).game_id, lambda page: click_canvas(
        page, "binairo", grid_at(row, col), button)


# --- saved games read back (tests/test_saved_game.py) -------------------------------


def game_id(state: dict[str, Any]) -> str:
    """The game ID of a state Python gave (a saved game's entries are these)."""
    return state["game"]


def random_saved_game(rng: random.Random) -> dict[str, Any]:
    """A saved game as the board writes it: digits set and cleared by Python
    on free cells of one of two 4x4 puzzles or a 6x6 one, uncounted, some undone."""
    start = rng.choice(["4x4:1b0i1b", "4x4:b1e0g", "6x6:1zi"])
    path: list[tuple[str, int | None]] = [(start, None)]
    for _ in range(rng.randint(0, 6)):
        state = api.handle(load_request(path[-1][0]))["result"]
        free = [(r, c) for r, line in enumerate(state["givens"].split("/"))
                for c, ch in enumerate(line) if ch == "."]
        r, c = rng.choice(free)
        after = api.handle({"cmd": "binairo.set", "game": state["game"], "row": r, "col": c,
                            "value": rng.choice("01.")})["result"]
        path.append((after["game"], None))
    return saved_snapshot(path, rng, None)


def one_move(before: str, after: str) -> bool:
    """Whether a counted step can take ``before`` to ``after``: the board
    counts digits placed, and a hint or a fill places several, so any step
    on the same grid size (its saved games' rule, rules.mjs's SAVED_GAMES)."""
    return _size(before) == _size(after)


def _size(game: str) -> tuple[int, int]:
    state = api.handle(load_request(game))["result"]
    return state["rows"], state["cols"]

# --- layout and the play screen (test_layout_page.py, test_play_screen.py) ---------

#: JavaScript for the [x, y] (canvas pixels, from ``board`` and ``canvas``) of a
#: pixel of the board a tab shows that only the theme changes: the top middle
#: of the first tile, clear of its digit and of a given's lock dot.
THEMED_PIXEL = "[0.5 * canvas.width / board.grid.cols, 0.15 * canvas.width / board.grid.cols]"
#: Buttons (by name) that the lab shows and the play view does not.
LAB_BUTTONS = ("Solve",)


def show_line_above_board(page: Any) -> None:
    """None: no control of the lab adds a line above the board."""


def win_card(page: Any, phone: bool) -> None:
    """Fill the board shown by hand and check its win card: the digits placed
    against par; Next on the card; a game the solver finishes is never
    "Solved"; Share copies the text and the link to the puzzle as dealt.
    Nothing on a phone (its cards are laid out as the first puzzle's)."""
    from test_binairo_page import click_cell
    from test_first_game import wait_board, wait_idle

    from main_page import card_text

    if phone:
        return
    root = wait_board(page, "binairo")
    grid = binairo.Grid.parse(root.get_attribute("data-game-id"))
    (solution,) = binairo.solutions(grid)
    empty = [(r, c) for r in range(grid.rows) for c in range(grid.cols) if grid.cell(r, c) == "."]
    for r, c in empty:
        click_cell(page, grid, r, c, "right" if solution[r] >> c & 1 else "left")
    wait_idle(page, "binairo")
    text = card_text(page, "binairo")
    assert f"{len(empty)} digits placed · par {len(empty)}" in text, text
    # Next on the card; a puzzle the solver finishes is never "Solved".
    page.locator("#binairo .win-card").get_by_role("button", name="Next").click()
    wait_idle(page, "binairo")
    assert page.locator("#binairo .win-card").is_hidden()
    assert root.get_attribute("data-status") == "ready"
    page.get_by_role("button", name="Lab & help").click()
    page.locator("#binairo").get_by_role("button", name="Solve").click()
    wait_idle(page, "binairo")
    text = card_text(page, "binairo")
    assert "Finished by the solver" in text and "Solved" not in text, text
    # Share: the text and the link to the puzzle as dealt.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("#binairo .win-card").get_by_role("button", name="Share").click()
    page.wait_for_function("document.querySelector('#binairo .win-status').textContent !== ''")
    shared = page.evaluate("navigator.clipboard.readText()")
    start = page.evaluate("window.puzzleLab.boards.binairo.startGameId()")
    assert shared.startswith("Binary puzzle: ") and shared.endswith(
        f"#binairo={start.replace(':', '%3A').replace('/', '%2F')}"), shared


# --- keyboard play (test_keyboard_page.py) ------------------------------------------

#: The game keyboard_play starts from.
KEYBOARD_GAME = ".011/1100/0101/1010"  # solved but for a 0 in the top left corner


def keyboard_play(page: Any, screenshot_dir: Any) -> None:
    """Solve KEYBOARD_GAME with keys only (the board has the focus), checking
    what is heard on the way."""
    # Binary puzzle: Space cycles the empty corner to 0, then 1; the 0 key writes 0.
    assert "Row 1 column 1, empty" in spoken(page, "binairo")
    keys(page, "binairo", "Space", "Space")  # 0, then 1: not solved
    assert status(page, "binairo") == "ready"
    keys(page, "binairo", "0")  # back to 0
    said = "Row 1 column 1: 0; 0 empty cells."
    check_solved(page, "binairo", "solved", "Solved in", said, screenshot_dir)


def keyboard_after_reload(page: Any) -> None:
    """Nothing beyond every board's (its game and undo history come back)."""


# --- the page's rules against Python (test_js_rules.py) -----------------------------

#: The requests the page's rules answer themselves when Python accepts them.
LOCAL_COMMANDS = frozenset({"binairo.empty", "binairo.load", "binairo.set"})
#: Requests the page's rules must leave to Python.
PYTHON_ONLY_REQUESTS = [{"cmd": "binairo.hint", "game": "4x4:p"}]
#: Requests of the first screen, beside the shipped first deals and hints.
FIRST_SCREEN_REQUESTS = [{"cmd": "binairo.empty", "rows": 8, "cols": 8}]
#: A request Python answers with a random deal (None: the puzzle deals none).
DEAL_REQUEST = {"cmd": "binairo.new", "rows": 6, "cols": 6, "difficulty": "easy"}
#: Requests whose answers read the package's data files (fetched on demand).
DATA_REQUESTS = [{"cmd": "binairo.new", "rows": 6, "cols": 6, "difficulty": "fewest", "seed": 3}]
#: A hint request that is not shipped (None: every hint is a first deal's).
HINT_AFTER_A_MOVE = None
#: Random puzzles, entries and bad requests, recorded for the comparison.
rules_differential = binairo_rules_requests.rules_differential


def check_first_hint(hint: dict[str, Any], result: dict[str, Any]) -> None:
    """A shipped first hint fills empty cells as the one solution does."""
    solution = api.handle({"cmd": "binairo.solve", "game": hint["game"]})["result"]["solution"]
    for row, col, value in result["cells"]:
        assert Grid.parse(hint["game"]).cell(row, col) == "."
        assert solution[row][col] == str(value)


def hint_python_gives(page: Any, root: Any) -> Any:
    """Python's hint for the board shown, as the board shows it before Python is
    up (tests/e2e/test_before_python.py: HINT_ON_BOARD)."""
    game = root.get_attribute("data-game-id")
    cols = page.evaluate("window.puzzleLab.boards.binairo.state.cols")
    cells = api.handle({"cmd": "binairo.hint", "game": game})["result"]["cells"]
    return sorted(r * cols + c for r, c, _ in cells)  # the cells it marks


BINARY = ["4x4:1b0i1b", "4x4:1b0i1b:a0n", "10/01", "1..0/..1./0..1/.01."]


def odd_text_requests(rng: random.Random, odd_text: Any) -> list[dict[str, Any]]:
    """One round of game IDs with odd characters (rules_differential.ODD)."""
    return [{"cmd": "binairo.load", "game": odd_text(rng, rng.choice(BINARY))}]


# --- fuzzing (test_fuzz.py) -----------------------------------------------------------

#: A valid value of each required argument of the family's commands.
VALID_ARGUMENTS = {"game": "..../..../..../....", "rows": 4, "row": 0, "col": 0,
                   "value": "1", "size": 4}

#: A command line that answers at once (tests/test_cli.py's odd terminals).
QUICK_COMMAND_LINE = ("binairo", "generate", "4", "--seed", "1")
#: A command line that reads its grid from standard input, and that input.
STDIN_COMMAND_LINE = (("binairo", "count", "-", "--each"), "..../..../..../....\n")
#: A small valid value of each of this family's command-line positionals whose
#: value is its own (tests/test_cli_words.py; the shared ones are there).
CLI_VALUES = {"game": "0110/1001/0101/1010"}


def tame_command_line(argv: list[str]) -> list[str]:
    """A fuzzed command line made quick to answer when it happens to be valid: a
    valid 8x8 fewest-clues search takes minutes, and its --work, --workers and
    --dask reach the disk, processes and the network (tested on their own in
    tests/binairo/test_binairo_fewest_clues.py): its words are fuzzed on 4x4
    and without those."""
    if argv[1:2] != ["fewest-clues"]:
        return argv
    argv = [("4" if w.strip() == "8" else w) for w in argv]
    while any(w in ("--work", "--workers", "--dask") for w in argv):
        at = next(i for i, w in enumerate(argv) if w in ("--work", "--workers", "--dask"))
        del argv[at:at + 2]
    return argv


# --- jobs stepped by turns (tests/test_interleaved_jobs.py) ------------------


def interleaved_requests() -> list[dict[str, Any]]:
    """Jobs of a fraction of a second each, stepped by turns with other families'."""
    puzzle = api.handle({"cmd": "binairo.new", "rows": 10, "difficulty": "hard",
                         "seed": 5})["result"]["game"]
    return [
        {"cmd": "binairo.new", "rows": 8, "difficulty": "hard", "seed": 3},
        {"cmd": "binairo.solve", "game": puzzle},
        {"cmd": "binairo.count", "game": "8x8:zzl"},
    ]


def forget_caches() -> None:
    """Nothing to forget: its caches (line tables) are pure and cannot change an answer."""


def same_answer_form(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """An answer as two are compared: whole."""
    return answer


# --- the shared Python engine (tests/e2e/test_engine_sharing.py) -------------


def _solutions(result: dict[str, Any]) -> str:
    """How the board words a count's result: "14,160,388 solutions"."""
    n = int(result["count_text"])
    return f"{n:,} solution{'' if n == 1 else 's'}"


#: A long job with progress: Count solutions. The empty 10x10 counts for about
#: a minute in the page; two rows and three cells given on a 10x10 take 1.3 s
#: natively on a quiet machine and several seconds in the page, so that the
#: count becomes a long job itself (the empty 8x10 took about 1 s of steps, too
#: near LONG_MS; two full rows took 6.6 s natively).
LONG_JOB = LongJob(
    button="Count solutions",
    request=lambda game: {"cmd": "binairo.count", "game": game},
    endless="10x10:zzzv",
    finite="10x10:01011010011010010110011zzy",
    progress=".job-note progress",
    note=".message",
    says=_solutions,
    done_word="solutions",
    named="a count",
)
#: A job the board answers in a moment (None: another puzzle's is used).
QUICK_JOB = None
