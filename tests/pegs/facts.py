"""What the cross-cutting tests need to know about peg solitaire (see
tests/puzzle_homes.py; every registered puzzle declares the same names)."""

from __future__ import annotations

import random
from typing import Any

import pegs_rules_requests

from keyboard_play import check_solved, keys, spoken, tab_to_board
from page_moves import Board, click_canvas, click_centres
from puzzlelab import api, pegs
from saved_snapshots import saved_snapshot

# --- game IDs and moves in the page -------------------------------------------------

PEGS_BOARD = Board.main("pegs").js  # the main page's peg board, for click_centres

ENGLISH = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"
#: A game a person plays (two moves with play()): the English board after one
#: jump; another one a link names, and a game ID the rules reject.
GAME = "--ooo--/--o.o--/ooo.ooo/ooooooo/ooooooo/--ooo--/--ooo--"
OTHER_GAME = ENGLISH
BAD_GAME = "xyz"


def load_request(game: str) -> dict[str, Any]:
    """What the board asks Python for a linked game ID ("grid" or "grid@goal")."""
    grid, _, goal = game.partition("@")
    return {"cmd": "pegs.load", "grid": grid, "goal": goal or None}


#: The label of the board's move counter (data-field="moves": "Jumps: 2"),
#: shown for every game; None for a board without one.
COUNTER = "Jumps"
#: The jumps (a peg, then the hole it lands in) of play()'s little game.
JUMPS = [[(4, 3), (2, 3)], [(3, 1), (3, 3)]]


def play(page: Any, board: Board, move: int) -> None:
    """The ``move``-th (0 or 1) jump of a little game on GAME (or the embed
    demo's English board): a click on a peg, then on the hole two cells away."""
    click_centres(page, board.js, JUMPS[move])


def move_on_other(page: Any, board: Board) -> None:
    """One jump on OTHER_GAME (the English board): into the centre from below."""
    click_centres(page, board.js, [(5, 3), (3, 3)])


def check_history(order: list[dict], snapshot: dict) -> None:
    """What holds along a restored game's history: each jump takes one peg."""
    for entry in order:
        assert entry["moves"] == snapshot["start"].count("o") - entry["game"].count("o"), snapshot


#: The data-* attributes of an embed (beside data-puzzlelab) of another game than
#: the page's saved one.
EMBED_ATTRIBUTES = {"variant": "french"}


#: The English board with two pegs left: (3, 1) over (3, 2) lands in the centre, its goal.
LAST_JUMP = "--...--/--...--/......./.oo..../......./--...--/--...--"


def winning_moves(page: Any) -> list[Any]:
    """The moves (each a call that makes one, as a person clicks) that win the
    board shown: the solver's jumps (tests/e2e/test_today_page.py)."""
    from test_first_game import wait_idle
    from test_lightsout_page import ask

    grid = page.locator("#pegs").get_attribute("data-game-id").split("@")[0]

    def jump(src: list[int], dst: list[int]) -> None:
        page.locator("#pegs .board-area canvas").scroll_into_view_if_needed()
        click_centres(page, PEGS_BOARD, [src, dst])
        wait_idle(page, "pegs")

    jumps = ask({"cmd": "pegs.solve", "grid": grid})["moves"]
    return [lambda s=s, d=d: jump(s, d) for s, d in jumps]


def near_win() -> tuple[str, Any]:
    """A game one move from its win, and that move (page -> None): the last jump."""
    def jump(page: Any) -> None:
        click_canvas(page, "pegs", "board.geo.at(3, 1)")
        click_canvas(page, "pegs", "board.geo.at(3, 3)")
    return LAST_JUMP, jump


# --- saved games read back (tests/test_saved_game.py) -------------------------------


def game_id(state: dict[str, Any]) -> str:
    """The game ID of a state Python gave (a saved game's entries are its grid)."""
    return state["grid"]


def random_saved_game(rng: random.Random) -> dict[str, Any]:
    """A saved game as the board writes it: random jumps from the English
    board, found and made by Python, some undone."""
    path = [(ENGLISH, 0)]
    for _ in range(rng.randint(0, 6)):
        state = api.handle(load_request(path[-1][0]))["result"]
        frm, to = rng.choice(state["moves"])
        after = api.handle({"cmd": "pegs.move", "grid": state["grid"], "goal": None,
                            "from": frm, "to": to})["result"]
        path.append((after["grid"], path[-1][1] + 1))
    return saved_snapshot(path, rng, ENGLISH)


def one_move(before: str, after: str) -> bool:
    """Whether one jump takes grid ``before`` to ``after``, tried in Python over every jump."""
    state = api.handle(load_request(before))["result"]
    return any(api.handle({"cmd": "pegs.move", "grid": before, "goal": None,
                           "from": f, "to": t})["result"]["grid"] == after
               for f, t in state["moves"])

# --- layout and the play screen (test_layout_page.py, test_play_screen.py) ---------

#: JavaScript for the [x, y] (canvas pixels, from ``board`` and ``canvas``) of a
#: pixel of the board a tab shows that only the theme changes: the English
#: board's empty centre hole.
THEMED_PIXEL = "[canvas.width / 2, canvas.height / 2]"
#: Buttons (by name) that the lab shows and the play view does not.
LAB_BUTTONS = ("Edit", "Solve")


def show_line_above_board(page: Any) -> None:
    """None: no control of the lab adds a line above the board."""


def win_card(page: Any, phone: bool) -> None:
    """Win the board shown (the English board) with the solver's jumps, as a
    person clicks, and check its win card: moves as players count them, the
    jumps in brackets, par from the shipped catalogue, no hints. On a phone,
    the first tap instead: it picks up the peg, and the verdict line it starts
    (two lines on a phone) must not move the board under that tap."""
    from peg_catalogue_file import par
    from test_first_game import wait_idle
    from test_lightsout_page import ask

    from main_page import card_text

    if phone:
        # Its stylesheet may arrive after the first draw (and give its lines their room).
        page.wait_for_function(
            "[...document.styleSheets].some((sheet) => sheet.href?.endsWith('pegs.css'))")
        page.wait_for_timeout(100)  # the board drawn again in its final place
        x, y = page.evaluate("window.puzzleLab.boards.pegs.cellCentre(3, 5)")
        page.touchscreen.tap(x, y)
        wait_idle(page, "pegs")
        assert page.evaluate("window.puzzleLab.boards.pegs.selected") == [3, 5]
        assert "not a jump" not in page.locator("#pegs .message").inner_text()
        return
    jumps = ask({"cmd": "pegs.solve", "grid": pegs.BOARD_GRIDS["english"]})["moves"]
    play_jumps(page, jumps)
    moves = sum(1 for i, (src, _) in enumerate(jumps) if i == 0 or jumps[i - 1][1] != src)
    text = card_text(page, "pegs")
    best = par("english", (3, 3), (3, 3))  # the shipped catalogue's, if it holds the game
    counted = f"{moves} moves (31 jumps)" + (f" · par {best}" if best else "")
    assert counted in text and "no hints" in text, text
    assert best or "par" not in text, text


# --- keyboard play (test_keyboard_page.py) ------------------------------------------

#: The game keyboard_play starts from.
KEYBOARD_GAME = "oo...@any"  # one jump from one peg; the goal is one peg anywhere


def keyboard_play(page: Any, screenshot_dir: Any) -> None:
    """Solve KEYBOARD_GAME with keys only (the board has the focus), checking
    what is heard on the way."""
    # Peg solitaire: pick up the first peg, walk two holes right, jump.
    page.evaluate("""() => {
      const region = document.querySelector('#pegs .live-region');
      window.heardPegs = [];
      new MutationObserver(() => window.heardPegs.push(region.textContent))
        .observe(region, { childList: true, characterData: true, subtree: true });
    }""")
    keys(page, "pegs", "Space")
    # The first touch also asks for the position's verdict, which may be heard next.
    page.wait_for_timeout(50)
    assert "Picked up the peg; 1 jump from here." in " ".join(page.evaluate("window.heardPegs"))
    page.locator('#pegs [data-action="hint"]').click()  # a result note is heard too
    page.wait_for_function("window.puzzleLab.boards.pegs.idle()", timeout=60_000)
    assert "Hint" in spoken(page, "pegs")
    tab_to_board(page, "pegs")
    keys(page, "pegs", "ArrowRight", "ArrowRight")
    assert "Row 1 column 3, empty hole, a jump target" in spoken(page, "pegs")
    page.screenshot(path=str(screenshot_dir / "keyboard-pegs-picked.png"))
    keys(page, "pegs", "Enter")
    said = "Jumped from row 1 column 1 to row 1 column 3; 1 peg left."
    check_solved(page, "pegs", "won", "Solved in 1 move", said, screenshot_dir)
    # The goal is part of the game ID, so the link keeps it; a bad goal is refused.
    assert page.locator("#pegs").get_attribute("data-game-id") == "..o..@any"
    assert page.evaluate("location.hash") == "#pegs=..o..%40any"
    assert page.locator('#pegs [data-field="goal"]').input_value() == "any"
    page.evaluate("location.hash = '#pegs=oo...%40nowhere'")
    page.locator("#page-notice").wait_for(state="visible")
    assert 'unknown goal "nowhere"' in page.locator("#page-notice").inner_text()
    assert page.locator("#pegs").get_attribute("data-game-id") == "..o..@any"


def keyboard_after_reload(page: Any) -> None:
    """After a reload, the game came back with its goal."""
    assert page.locator('#pegs [data-field="goal"]').input_value() == "any"


# --- the page's rules against Python (test_js_rules.py) -----------------------------

#: The requests the page's rules answer themselves when Python accepts them.
LOCAL_COMMANDS = frozenset({"pegs.boards", "pegs.load", "pegs.move"})
#: Requests the page's rules must leave to Python.
PYTHON_ONLY_REQUESTS = [{"cmd": "pegs.status", "grid": "o.o"}]
#: Requests of the first screen, beside the shipped first deals and hints.
FIRST_SCREEN_REQUESTS = [
    {"cmd": "pegs.boards"},
    {"cmd": "pegs.load", "grid": pegs.standard_start("english").grid, "goal": None},
]
#: A request Python answers with a random deal (None: the puzzle deals none).
DEAL_REQUEST = None
#: Requests whose answers read the package's data files (fetched on demand).
DATA_REQUESTS = [{"cmd": "pegs.solve", "grid": pegs.standard_start("english").grid}]
#: A hint request that is not shipped: one after a move is Python's.
HINT_AFTER_A_MOVE = {"cmd": "pegs.hint",
                     "grid": pegs.standard_start("english").grid.replace("o", ".", 1),
                     "goal": None}
#: Random boards and jumps and bad requests, recorded for the comparison.
rules_differential = pegs_rules_requests.rules_differential


def check_first_hint(hint: dict[str, Any], result: dict[str, Any]) -> None:
    """A shipped first hint is a jump there is to make on its board."""
    moves = api.handle({"cmd": "pegs.load", "grid": hint["grid"], "goal": None})["result"]["moves"]
    assert result["solvable"] and result["move"] in [m[:2] for m in moves]


def hint_python_gives(page: Any, root: Any) -> Any:
    """Python's hint for the board shown, as the board shows it before Python is
    up (tests/e2e/test_before_python.py: HINT_ON_BOARD)."""
    grid = page.evaluate("window.puzzleLab.boards.pegs.state.grid")
    return api.handle({"cmd": "pegs.hint", "grid": grid, "goal": None})["result"]["move"]


PEG_GRIDS = ["o.o", "t:o/oo/ooo", "o/oo/o.o", "english", "--o--/-ooo-/oo.oo"]
PEG_GOALS = ["any", "1,1", "(0, 2)", "centre", "o..", None]


def odd_text_requests(rng: random.Random, odd_text: Any) -> list[dict[str, Any]]:
    """One round of boards and goals with odd characters (rules_differential.ODD)."""
    return [
        {"cmd": "pegs.load", "grid": odd_text(rng, rng.choice(PEG_GRIDS)),
         "goal": rng.choice(PEG_GOALS)},
        {"cmd": "pegs.load", "grid": rng.choice(PEG_GRIDS),
         "goal": odd_text(rng, rng.choice(PEG_GOALS) or "")},
    ]


# --- fuzzing (test_fuzz.py) -----------------------------------------------------------

#: A valid value of each required argument of the family's commands.
VALID_ARGUMENTS = {"grid": "english", "board": "triangle", "from": [1, 3], "to": [3, 3]}

#: A command line that answers at once (tests/test_cli.py's odd terminals).
QUICK_COMMAND_LINE = ("pegs", "solve", "o.o")
#: A command line that reads its grid from standard input, and that input.
STDIN_COMMAND_LINE = (("pegs", "solve", "-"), "oo.\n")
#: A small valid value of each of this family's command-line positionals whose
#: value is its own (tests/test_cli_words.py; the shared ones are there).
CLI_VALUES = {}


def tame_command_line(argv: list[str]) -> list[str]:
    """A fuzzed command line made quick to answer when it happens to be valid:
    a census is cut short by its own --max-classes."""
    return [*argv, "--max-classes", "200"] if argv[1:2] == ["census"] else argv


# --- jobs stepped by turns (tests/test_interleaved_jobs.py) ------------------

#: A position of the English board (goal: one peg anywhere) that the verdict
#: proves dead with 8,824 of a 10,000-position budget when alone: with one node
#: counter per shared solver, two such verdicts stepped by turns charged each
#: other's positions and both came out "unknown".
INTERLEAVED_DEAD = "--ooo--/--o..--/o.o..oo/o.o..oo/o..o.oo/--o.o--/--ooo--"
#: One that the verdict proves reachable (the solve and the hint search it too).
INTERLEAVED_GOOD = "--ooo--/--o..--/oooo..o/ooooooo/ooooooo/--oo.--/--oo.--"


def interleaved_requests() -> list[dict[str, Any]]:
    """Jobs of a fraction of a second each, stepped by turns with other families'."""
    dead = {"cmd": "pegs.status", "grid": INTERLEAVED_DEAD, "goal": "any", "budget": 10_000}
    return [
        dead,
        dict(dead),  # the same board and goal: one shared solver
        {"cmd": "pegs.status", "grid": INTERLEAVED_GOOD, "goal": "any", "budget": 2000},
        {"cmd": "pegs.solve", "grid": INTERLEAVED_GOOD, "goal": "any"},
        {"cmd": "pegs.count", "grid": pegs.standard_start("triangle").grid, "goal": "any"},
    ]


def forget_caches() -> None:
    """Forget the shared solvers, goal tables and counters."""
    from puzzlelab.pegs import count as pegs_count
    from puzzlelab.pegs import pruning as pegs_pruning

    pegs.solver.cache_clear()
    pegs_pruning._GOAL_TABLES.clear()
    pegs_count.counter.cache_clear()


def same_answer_form(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """A solve's answer with its line replaced by whether it wins: a shared
    solver's memo (facts another job may have added) can steer the search to
    another winning line, and any winning line is the right answer."""
    if request["cmd"] != "pegs.solve" or not answer.get("solvable"):
        return answer
    position = pegs.Position.parse(request["grid"])
    goal = pegs.parse_goal(position.geo, request.get("goal"))  # none: the board's own
    for (fr, fc), (tr, tc) in answer["moves"]:
        position = position.play(position.find_move((fr, fc), (tr, tc)))
    return {**answer, "moves": position.pegs in goal.positions}


# --- the shared Python engine (tests/e2e/test_engine_sharing.py) -------------

#: A long job with progress (None: another puzzle's is used).
LONG_JOB = None
#: A job the board answers in a moment (None: another puzzle's is used).
QUICK_JOB = None


def play_jumps(page: Any, jumps: list[list[list[int]]]) -> None:
    """Play ``jumps`` (a peg's hole, then the hole it lands in) by clicking
    each hole's centre on the shown peg board, waiting for each jump. (The
    mouse clicks where the board puts the hole: a locator's click would wait
    for the canvas to hold still before each click, doubling a game's time.)"""
    page.locator("#pegs .board-area canvas").scroll_into_view_if_needed()
    for src, dst in jumps:
        click_centres(page, PEGS_BOARD, [src, dst])
        page.wait_for_function("window.puzzleLab.boards.pegs?.idle()", timeout=60_000)
