"""The page's move rules (web/puzzles/*/rules.mjs, asked through
web/rules/index.mjs) answer exactly as Python does, or leave the request to it.

Python is the definition of the rules and the one voice for errors: random
boards of every variant get random move sequences, each move is answered by
``api.handle`` and, in one ``node`` process (tests/js/rules_driver.mjs), by
``answerLocally`` as the page's client asks it before it sends a request to
Python. Every answer the page gives must be Python's JSON exactly (game ID,
grid, counts, legal moves, error marks); every refusal is left to Python
(null); and the page must answer every valid move, game ID and load of plain
text itself, so that leaving everything to Python cannot pass. Each sequence
continues from Python's answer, so every move starts from a state Python
produced.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lightsout_brute import after_presses, offsets_of, stencil_of
from puzzlelab import api, binairo, lightsout, pegs
from puzzlelab.binairo import Grid
from puzzlelab.notation import PuzzleError

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tests" / "js" / "rules_driver.mjs"

Request = dict[str, Any]


def answers_in_js(node: str, requests: list[Request], web: Path | None = None) -> list[Any]:
    """The envelopes of ``requests`` from the page's rules, in one node process
    (those of the page in ``web``, by default web/ itself)."""
    done = subprocess.run(
        [node, str(DRIVER), *([str(web)] if web else [])],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


#: The requests the page's rules answer themselves when Python accepts them.
LOCAL_COMMANDS = frozenset({
    "lightsout.load", "lightsout.press",
    "pegs.boards", "pegs.load", "pegs.move",
    "binairo.empty", "binairo.load", "binairo.set",
})
#: Text the page's rules read (web/rules/common.mjs, isPlainText); other text is Python's.
PLAIN_TEXT = re.compile(r"[\t\n\r\x20-\x7e]*")


def page_must_answer(request: Request, answer: dict) -> bool:
    """Whether the page must answer ``request`` without Python: a move, game ID
    or load Python accepts, of a command the rules cover, in plain text."""
    return (
        answer["ok"]
        and request["cmd"] in LOCAL_COMMANDS
        and all(PLAIN_TEXT.fullmatch(v) for v in request.values() if isinstance(v, str))
    )


class Recorder:
    """Runs requests through Python, keeping each with its answer for the comparison."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.answers: list[dict] = []

    def __call__(self, request: Request) -> dict:
        answer = api.handle(request)
        assert "Internal error" not in answer.get("error", ""), (request, answer)
        self.requests.append(request)
        self.answers.append(answer)
        return answer

    def compare(self, node: str) -> int:
        """Every answer the page gives equals Python's; a request it leaves
        (null) is one Python answers, and not one the page must answer
        (page_must_answer). The first failures are shown; returns how many
        requests the page answered."""
        js = answers_in_js(node, self.requests)
        assert len(js) == len(self.requests)
        wrong = [
            (r, p, j) for r, p, j in zip(self.requests, self.answers, js, strict=True)
            if (j is not None and p != j) or (j is None and page_must_answer(r, p))
        ]
        shown = "\n".join(
            f"request {json.dumps(r)}\n  python {json.dumps(p)}\n  js     {json.dumps(j)}"
            for r, p, j in wrong[:4]
        )
        assert not wrong, f"{len(wrong)} of {len(js)} answers differ or are left:\n{shown}"
        assert all(j is None or j["ok"] for j in js), "the page words no refusal: Python does"
        return sum(j is not None for j in js)

    def count(self, cmd: str, ok: bool | None = None) -> int:
        return sum(
            1
            for r, a in zip(self.requests, self.answers, strict=True)
            if r["cmd"] == cmd and (ok is None or a["ok"] is ok)
        )


# --- Lights Out -------------------------------------------------------------


def random_stencil(rng: random.Random) -> str:
    height, width = rng.choice((1, 3, 5)), rng.choice((1, 3, 5, 7))
    rows = ["".join(rng.choice("0001") for _ in range(width)) for _ in range(height)]
    if "1" not in "".join(rows):
        rows[height // 2] = (
            rows[height // 2][: width // 2] + "1" + rows[height // 2][width // 2 + 1 :]
        )
    return ".".join(rows)


def lightsout_variants(rng: random.Random) -> Iterator[tuple[str, bool, int]]:
    """Every named neighbourhood, stencils (random, and named ones drawn), wrap, k = 2, 3, 5."""
    stencils = [
        random_stencil(rng),
        random_stencil(rng),
        "010/111/010",
        "000.010.000",
        "101.010.101",
    ]
    for neighbourhood in (*lightsout.NEIGHBOURHOODS, *stencils):
        for wrap in (False, True):
            for states in (2, 3, 5):
                yield neighbourhood, wrap, states


def lightsout_games(record: Recorder, rng: random.Random) -> None:
    for neighbourhood, wrap, states in lightsout_variants(rng):
        variant = lightsout.Variant(neighbourhood, wrap, states)
        rows, cols = rng.randint(1, 12), rng.randint(1, 12)
        values = [rng.randrange(states) for _ in range(rows * cols)]
        board = lightsout.Board.from_values(rows, cols, values, variant)
        # Load it as a plain grid under the request's rules, then play from its game ID.
        grid = board.grid if states == 2 or rng.random() < 0.5 else board.grid.replace("/", "\n")
        record(
            {
                "cmd": "lightsout.load",
                "game": grid,
                "neighbourhood": neighbourhood,
                "wrap": wrap,
                "states": states,
            }
        )
        game = board.game_id
        for _ in range(rng.randint(10, 25)):
            row, col = rng.randrange(rows), rng.randrange(cols)
            if rng.random() < 0.08:  # off the board
                row, col = rng.choice(((-1, col), (rows, col), (row, cols), (row, -3)))
            answer = record({"cmd": "lightsout.press", "game": game, "row": row, "col": col})
            if answer["ok"]:
                game = answer["result"]["game"]
        record({"cmd": "lightsout.load", "game": game})
        # The same lights under other rules (states reduced, neighbourhood replaced).
        other = {
            "states": rng.choice((2, 3, 4, 9)),
            "wrap": not wrap,
            "neighbourhood": rng.choice(("cross", "knight", random_stencil(rng))),
        }
        keys = rng.sample(sorted(other), rng.randint(1, 3))
        record({"cmd": "lightsout.load", "game": game, **{k: other[k] for k in keys}})
        record(
            {
                "cmd": "lightsout.press",
                "game": game,
                "row": 0,
                "col": 0,
                **{k: other[k] for k in keys},
            }
        )


LIGHTSOUT_BAD = [
    "",
    "   ",
    "5x5",
    "5x5:",
    "5x5:1f8c4a",
    "5x5:1f8c4a01",
    "5x5:1f8c4a1",
    "5x5:1g8c4a0",
    "0x5:0",
    "5x0:0",
    "1001x1:0",
    "3x3;k=3:012012013",
    "3x3;k=3:01201201",
    "3x3;k=10:000000000",
    "3x3;k=1:000000000",
    "3x3;k=:000000000",
    "3x3;n=:000",
    "3x3;n=0110:000",
    "3x3;n=000.000.000:000",
    "3x3;n=KING:000",
    "3x3;n=1111111111:000",
    "3x3;torus:000",
    "3x3;wrap;wrap:1ff",
    "101/01/101",
    "102/010/101",
    "1x2",
    "abc",
    "1 0 1 / 0 1 0",
    "/101/010/\n",
    "3X3:000",
    "3x3;n=010.111.010:1ff",
    "3x3;n=011.111.010;k=4:012301230",
    "2x2;n=0000000.0000000.0000000.0001000.0000000.0000000.0000001:f",
]


def lightsout_big_boards(record: Recorder, rng: random.Random) -> None:
    """The largest board (1000x1000), and a big one of each kind of rules, a few presses each."""
    for rows, cols, variant in (
        (1000, 1000, lightsout.CLASSIC),
        (150, 201, lightsout.Variant("knight", True, 5)),
        (97, 64, lightsout.Variant(random_stencil(rng), False, 3)),
    ):
        if variant.states == 2:
            board = lightsout.Board(rows, cols, rng.getrandbits(rows * cols), variant)
        else:
            values = [rng.randrange(variant.states) for _ in range(rows * cols)]
            board = lightsout.Board.from_values(rows, cols, values, variant)
        game = board.game_id
        for row, col in ((0, 0), (rows - 1, cols - 1), (rng.randrange(rows), rng.randrange(cols))):
            game = record({"cmd": "lightsout.press", "game": game, "row": row, "col": col})[
                "result"
            ]["game"]


def lightsout_bad_requests(record: Recorder) -> None:
    for text in LIGHTSOUT_BAD:
        record({"cmd": "lightsout.load", "game": text})
        record({"cmd": "lightsout.load", "game": text, "states": 3})
    game = "3x3:1ff"
    for extra in (
        {},
        {"row": 1},
        {"row": "1", "col": 1},
        {"row": 1, "col": True},
        {"row": 1, "col": 1, "states": 1},
        {"row": 1, "col": 1, "wrap": "yes"},
        {"row": 1, "col": 1, "neighbourhood": None},
        {"row": 1, "col": 1, "states": None},
    ):
        record({"cmd": "lightsout.press", "game": game, **extra})
    record({"cmd": "lightsout.press", "row": 0, "col": 0})
    record({"cmd": "lightsout.load", "game": 5})


def test_lightsout_presses_match_python(node: str) -> None:
    record = Recorder()
    rng = random.Random(15)
    lightsout_games(record, rng)
    lightsout_big_boards(record, rng)
    lightsout_bad_requests(record)
    assert record.count("lightsout.press", ok=True) > 1000
    assert record.count("lightsout.press", ok=False) > 50
    record.compare(node)


def test_every_3x3_pattern_presses_as_brute_force_does(node: str) -> None:
    """Every non-empty 3x3 pattern (off centre, without the pressed cell,
    lopsided), walls and wrap, k = 2..5, on boards up to 4x4: a press of every
    cell answers as the independent press of tests/lightsout_brute.py, in
    Python and in the page's rules; a pattern without cells is refused alike."""
    record = Recorder()
    rng = random.Random(16)
    for mask in range(1, 512):
        for wrap in (False, True):
            k, rows, cols = rng.randint(2, 5), rng.randint(1, 4), rng.randint(1, 4)
            values = [rng.randrange(k) for _ in range(rows * cols)]
            text = "".join(map(str, values))
            grid = "/".join(text[r * cols:(r + 1) * cols] for r in range(rows))
            loaded = record({"cmd": "lightsout.load", "game": grid,
                             "neighbourhood": stencil_of(mask), "wrap": wrap, "states": k})
            for cell in range(rows * cols):
                row, col = divmod(cell, cols)
                answer = record({"cmd": "lightsout.press", "game": loaded["result"]["game"],
                                 "row": row, "col": col})
                once = [int(i == cell) for i in range(rows * cols)]
                pressed = after_presses(values, once, rows, cols, offsets_of(mask), wrap, k)
                text = "".join(map(str, pressed))
                assert answer["result"]["grid"] == "/".join(
                    text[r * cols:(r + 1) * cols] for r in range(rows)), (mask, wrap, k, cell)
    for empty in ("000.000.000", "0", "00000.00000.00000"):
        refused = record({"cmd": "lightsout.press", "game": "2x2:9", "row": 0, "col": 0,
                          "neighbourhood": empty})
        assert refused == {"ok": False, "error": "A neighbourhood stencil needs at least one cell."}
    record.compare(node)


# --- peg solitaire ----------------------------------------------------------


def custom_pegs_grid(rng: random.Random) -> str:
    """A random board: a square grid with gaps, or a triangular one (ragged or ``t:``)."""
    kind = rng.choice(("square", "square", "ragged", "t:"))
    rows = rng.randint(1, 8)
    if kind == "ragged":
        lengths = [rng.randint(1, 8) for _ in range(rows)]
        if rows > 1 and len(set(lengths)) == 1:
            lengths[0] += 1
    else:
        lengths = [rng.randint(1, 8)] * rows
    gap = rng.choice((0.0, 0.1, 0.3))
    lines = [
        "".join("-" if rng.random() < gap else rng.choice("oo.") for _ in range(n)) for n in lengths
    ]
    return ("t:" if kind == "t:" else "") + "/".join(lines)


def pegs_goals(rng: random.Random, state: dict) -> list[str | None]:
    """Goals for a board: defaults, any, centre, holes (some not holes) and patterns."""
    rows, cols = state["rows"], state["cols"]
    grid = state["grid"]
    pattern = "".join(ch if ch in "/-t:" else rng.choice("..o") for ch in grid)
    single = list(grid.replace("o", "."))
    holes = [i for i, ch in enumerate(single) if ch == "."]
    if holes:
        single[rng.choice(holes)] = "o"
    return [
        None,
        "",
        "default",
        "any",
        " ANY ",
        "centre",
        "c",
        f"{rng.randrange(rows)},{rng.randrange(cols)}",
        f"({rng.randrange(rows)}, {rng.randrange(cols)})",
        pattern,
        "".join(single),
        grid.replace("o", "."),
        "english",
        "diamond",
        "3;3",
        "o/oo",
    ]


def pegs_games(record: Recorder, rng: random.Random) -> None:
    starts: list[tuple[str, str | None]] = []
    for name in pegs.BOARDS:
        start, goal = pegs.classic_game(name)
        starts += [
            (name, None),
            (start.grid, None if goal == "default" else goal),
            (name.upper(), "any"),
        ]
    while len(starts) < 110:
        starts.append((custom_pegs_grid(rng), None))
    for grid, goal in starts:
        loaded = record({"cmd": "pegs.load", "grid": grid, "goal": goal})
        if not loaded["ok"]:
            continue
        state = loaded["result"]
        for other in rng.sample(pegs_goals(rng, state), 5):
            record({"cmd": "pegs.load", "grid": state["grid"], "goal": other})
        if goal is None and rng.random() < 0.5:
            goal = rng.choice(pegs_goals(rng, state))
        for _ in range(40):
            cells = [
                [r, c] for r in range(-1, state["rows"] + 1) for c in range(-1, state["cols"] + 1)
            ]
            if state["moves"] and rng.random() < 0.85:
                src, dst = rng.choice(state["moves"])
            else:  # mostly not a legal jump: wrong distance, no peg, no hole, full target
                src, dst = rng.choice(cells), rng.choice(cells)
                geo = pegs.Position.parse(state["grid"]).geo
                if geo.moves and rng.random() < 0.5:  # a jump of the board, whatever it holds
                    jump = rng.choice(geo.moves)
                    src, dst = list(geo.holes[jump.src]), list(geo.holes[jump.dst])
                elif rng.random() < 0.5:
                    dr, dc = rng.choice(
                        ((0, 2), (2, 0), (0, -2), (-2, 0), (2, 2), (-2, -2), (2, -2))
                    )
                    dst = [src[0] + dr, src[1] + dc]
            answer = record(
                {"cmd": "pegs.move", "grid": state["grid"], "goal": goal, "from": src, "to": dst}
            )
            if answer["ok"]:
                state = answer["result"]
            elif not state["moves"]:
                break


def pegs_bad_requests(record: Recorder) -> None:
    for grid in (
        "",
        "/",
        "x",
        "oo/",
        "o//o",
        "-/-",
        "t:",
        "o" * 65,
        "ooooooooo/" * 8,
        "ENGLISH ",
        "o.o\n.o.",
        "t:oo/o",
        "oo/o",
        " o . o ",
        "english2",
        7,
    ):
        record({"cmd": "pegs.load", "grid": grid})
    start = pegs.standard_start("english").grid
    for extra in (
        {},
        {"from": [3, 1]},
        {"from": [3, 1], "to": "3,3"},
        {"from": [3, 1], "to": [3]},
        {"from": [3, 1], "to": [3, True]},
        {"from": [3, 1], "to": [3, 3], "goal": 5},
        {"from": [3, 1], "to": [3, 3], "goal": "9,9"},
        {"from": [0, 0], "to": [0, 2]},
        {"from": [3, 1], "to": [3, 4]},
        {"from": [3, 3], "to": [3, 1]},
    ):
        record({"cmd": "pegs.move", "grid": start, **extra})
    record({"cmd": "pegs.boards"})


def test_pegs_jumps_match_python(node: str) -> None:
    record = Recorder()
    rng = random.Random(15)
    pegs_games(record, rng)
    pegs_bad_requests(record)
    assert record.count("pegs.move", ok=True) > 600
    assert record.count("pegs.move", ok=False) > 100
    refusals = {
        a["error"]
        for r, a in zip(record.requests, record.answers, strict=True)
        if r["cmd"] == "pegs.move" and not a["ok"]
    }
    for reason in (
        "There is no peg to move there.",
        "A jump needs a peg to jump over.",
        "The target hole is not empty.",
        "A peg jumps over one neighbour",
    ):
        assert any(refusal.startswith(reason) for refusal in refusals), reason
    lattices = {
        a["result"]["lattice"] for a in record.answers if a["ok"] and "lattice" in a["result"]
    }
    assert lattices == {pegs.SQUARE, pegs.TRIANGLE}
    record.compare(node)
    game_ids_round_trip(node, record)


def game_ids_round_trip(node: str, record: Recorder) -> None:
    """The page's game ID of a state (grid, "@" and the goal) gives back its grid and goal,
    and Python loads those into the same state."""
    states = [a["result"] for a in record.answers if a["ok"] and "moves" in a["result"]]
    states = states[::7]
    calls = [{"call": "pegs.gameId", "args": [s["grid"], s["goal"]]} for s in states]
    ids = [answer["result"] for answer in answers_in_js(node, calls)]
    parsed = answers_in_js(node, [{"call": "pegs.parseGameId", "args": [i]} for i in ids])
    assert len(states) > 100
    for state, game_id, answer in zip(states, ids, parsed, strict=True):
        assert answer["ok"], (game_id, answer)
        grid, goal = answer["result"]["grid"], answer["result"]["goal"]
        assert game_id == f"{state['grid']}@{state['goal']}"
        assert api.handle({"cmd": "pegs.load", "grid": grid, "goal": goal}) == {
            "ok": True,
            "result": state,
        }
    refused = answers_in_js(node, [{"call": "pegs.parseGameId", "args": ["o.o@3;3"]}])
    assert refused[0]["ok"] is False


# --- binary puzzle ----------------------------------------------------------


def binairo_games(record: Recorder, rng: random.Random) -> None:
    shapes = [(n, n) for n in range(4, 15, 2)] + [(2, 2), (16, 16), (2, 6), (16, 4)]
    shapes += [(rng.randrange(4, 15, 2), rng.randrange(4, 15, 2)) for _ in range(10)]
    for rows, cols in shapes * 2:
        try:
            solution = binairo.random_solution(rows, cols, rng)
        except PuzzleError:  # e.g. 6x2: no solution, so any digits
            solution = [rng.randrange(1 << cols) for _ in range(rows)]
        zeros = [~o & ((1 << cols) - 1) for o in solution]
        share = rng.choice((0.0, 0.3, 0.6))
        keep = [sum(1 << c for c in range(cols) if rng.random() < share) for _ in range(rows)]
        puzzle = binairo.Grid.from_masks(
            rows,
            cols,
            [o & k for o, k in zip(solution, keep, strict=True)],
            [z & k for z, k in zip(zeros, keep, strict=True)],
        )
        grid_text = puzzle.grid if rng.random() < 0.5 else puzzle.grid.replace("/", "\n")
        answer = record({"cmd": "binairo.load", "game": grid_text})
        state = answer["result"]
        free = [(r, c) for r in range(rows) for c in range(cols) if not keep[r] >> c & 1]
        for _ in range(rng.randint(20, 60)):
            row, col = rng.choice(free) if free else (0, 0)
            roll = rng.random()
            if roll < 0.4:  # the solution's digit: some games get solved
                value = str(solution[row] >> col & 1)
            elif roll < 0.85:  # the page's cycle, forwards or backwards
                current = state["grid"].split("/")[row][col]
                order = [".", "1", "0"] if rng.random() < 0.3 else [".", "0", "1"]
                value = order[(order.index(current) + 1) % 3]
            else:  # rejected: a given, off the grid, not a digit
                value = rng.choice(("0", "1", ".", "2", "", "o"))
                row, col = rng.choice(
                    ((rng.randrange(rows), rng.randrange(cols)), (rows, 0), (0, -1), (row, col))
                )
            answer = record(
                {
                    "cmd": "binairo.set",
                    "game": state["game"],
                    "row": row,
                    "col": col,
                    "value": value,
                }
            )
            if answer["ok"]:
                state = answer["result"]
        record({"cmd": "binairo.load", "game": state["game"]})
        record({"cmd": "binairo.set", "game": state["game"], "row": 0, "col": 0, "value": "."})


def binairo_bad_requests(record: Recorder) -> None:
    for game in (
        "",
        "4x4",
        "4x4:",
        "4x4:p",
        "4x4:o",
        "4x4:1b0i1b:",
        "4x4:1b0i1b:a0n",
        "4x4:1b0i1b:1o",
        "4x4:1b0i1b:0n",
        "4x4:pp",
        "3x4:l",
        "4x18:" + "z" * 2 + "t",
        "0x0:",
        "4x4:1b0i1B",
        "10/01",
        "100/011",
        "10/0",
        "1x/01",
        "1..0/..1./0..1/.01.",
        "16x16:" + "z" * 9 + "v",
        "2x2:1001",
        "2x2:11:",
        3,
    ):
        record({"cmd": "binairo.load", "game": game})
    for rows, cols in ((4, None), (4, 6), (3, 4), (18, 4), (4, 0), ("4", 4), (True, 4), (None, 4)):
        record({"cmd": "binairo.empty", "rows": rows, "cols": cols})
    for extra in (
        {},
        {"row": 0},
        {"row": 0, "col": 0},
        {"row": 0, "col": 0, "value": 1},
        {"row": 0, "col": 1, "value": "1"},
        {"row": 4, "col": 1, "value": "1"},
    ):
        record({"cmd": "binairo.set", "game": "4x4:1b0i1b", **extra})


def test_binairo_entries_match_python(node: str) -> None:
    record = Recorder()
    rng = random.Random(15)
    binairo_games(record, rng)
    binairo_bad_requests(record)
    assert record.count("binairo.set", ok=True) > 1000
    assert record.count("binairo.set", ok=False) > 50
    solved = sum(1 for a in record.answers if a["ok"] and a["result"].get("solved"))
    marked = sum(1 for a in record.answers if a["ok"] and a["result"].get("errors"))
    assert solved > 5 and marked > 200, (solved, marked)
    record.compare(node)


def test_a_click_cycles_empty_0_1(node: str) -> None:
    calls = [
        {"call": "binairo.nextValue", "args": [value, back]}
        for back in (False, True)
        for value in ".01"
    ]
    answers = [answer["result"] for answer in answers_in_js(node, calls)]
    assert answers == ["0", "1", ".", "1", ".", "0"]


# --- the driver covers the commands the modules name ------------------------


def test_unknown_commands_are_left_to_python(node: str) -> None:
    requests = [
        {"cmd": "lightsout.solve", "game": "3x3:1ff"},
        {"cmd": "pegs.status", "grid": "o.o"},
        {"cmd": "binairo.hint", "game": "4x4:p"},
        {"cmd": "lightsout.toString"},
        {"cmd": "pegs.constructor"},
    ]
    assert answers_in_js(node, requests) == [None] * len(requests)


def test_the_default_boards_need_no_python(node: str, build_py: Any, tmp_path: Path) -> None:
    """The page's first requests (its default boards) are answered without
    Python, as Python answers them: the ones build.py computes into the built
    copy of rules/first-boards.mjs, and those the rules compute themselves."""
    web = tmp_path / "web"
    for part in ("rules", "puzzles"):
        shutil.copytree(ROOT / "web" / part, web / part)
    build_py.write_first_boards(web)
    requests = [dict(request) for request in build_py.FIRST_REQUESTS]
    hints = build_py.first_hint_requests()
    requests += hints
    requests += [
        {"cmd": "pegs.boards"},
        {"cmd": "pegs.load", "grid": pegs.standard_start("english").grid, "goal": None},
        {"cmd": "binairo.empty", "rows": 8, "cols": 8},
        {"cmd": "lightsout.new", "rows": 5, "cols": 5, "random": False},
    ]
    assert answers_in_js(node, requests, web) == [api.handle(dict(r)) for r in requests]
    # The first hints (#35): one on each binary puzzle deal and on the English
    # peg board, each a move that is there to be made on that board.
    for puzzle, deals in build_py.FIRST_DEALS.items():
        assert [h["cmd"] for h in hints].count(f"{puzzle}.hint") == len(deals)
    for hint in hints:
        result = api.handle(dict(hint))["result"]
        if hint["cmd"] == "pegs.hint":
            assert result["solvable"] and result["move"] in [m[:2] for m in api.handle(
                {"cmd": "pegs.load", "grid": hint["grid"], "goal": None})["result"]["moves"]]
        elif hint["cmd"] == "lightsout.hint":  # the press takes one off the fewest presses
            fewest = api.handle({"cmd": "lightsout.solve", "game": hint["game"]})["result"]
            after = lightsout.Board.parse(hint["game"]).press(*result["press"])
            then = api.handle({"cmd": "lightsout.solve", "game": after.game_id})["result"]
            assert fewest["press_count"] >= 1 and then["press_count"] == fewest["press_count"] - 1
        else:
            solved = api.handle({"cmd": "binairo.solve", "game": hint["game"]})["result"]
            solution = solved["solution"]
            for row, col, value in result["cells"]:  # empty cells, filled as the one solution does
                assert Grid.parse(hint["game"]).cell(row, col) == "."
                assert solution[row][col] == str(value)
    # A hint after a move is Python's: not shipped.
    moved = {"cmd": "pegs.hint", "grid": pegs.standard_start("english").grid.replace("o", ".", 1),
             "goal": None}
    assert answers_in_js(node, [moved], web) == [None]
    # The copy in web/ holds no answers: build.py fills the built one.
    assert answers_in_js(node, requests[:1]) == [None]


# --- odd text ---------------------------------------------------------------

#: Characters that test the notations' edges: the puzzles' own symbols, quotes
#: and backslashes (quoted in messages), white space of every kind (stripped or
#: not), digits of other scripts (Python reads them), controls and format
#: characters (escaped in messages), and a character beyond 16 bits.
ODD = (
    "01o.-/xt:;=nkwrap@,()2 9af\n\t\r\"'\\"
    "\u00a0\u2003\u3000\u0085\x1c\x0b\x0c\ufeff\u200b\x00\x7f\u00e9\u0301"
    "\uff15\u0665\u09e7\U0001d7d8\u00b2\U0001f600"
)


def odd_text(rng: random.Random, base: str) -> str:
    """``base`` with a few characters replaced or inserted from :data:`ODD`."""
    chars = list(base)
    for _ in range(rng.choice((1, 1, 2))):
        position = rng.randint(0, len(chars))
        if chars and rng.random() < 0.5:
            chars[min(position, len(chars) - 1)] = rng.choice(ODD)
        else:
            chars.insert(position, rng.choice(ODD))
    return "".join(chars)


def test_odd_text_is_read_or_refused_alike(node: str) -> None:
    record = Recorder()
    rng = random.Random(15)
    lights = ["3x3:1ff", "4x2;wrap;n=king;k=3:01201201", "101/010/101", "3x3;n=0101.1010:000"]
    peg_grids = ["o.o", "t:o/oo/ooo", "o/oo/o.o", "english", "--o--/-ooo-/oo.oo"]
    peg_goals = ["any", "1,1", "(0, 2)", "centre", "o..", None]
    binary = ["4x4:1b0i1b", "4x4:1b0i1b:a0n", "10/01", "1..0/..1./0..1/.01."]
    for _ in range(150):
        record({"cmd": "lightsout.load", "game": odd_text(rng, rng.choice(lights))})
        game = odd_text(rng, rng.choice(lights))
        record({"cmd": "lightsout.press", "game": game, "row": 0, "col": 1, "states": 3})
        record(
            {
                "cmd": "pegs.load",
                "grid": odd_text(rng, rng.choice(peg_grids)),
                "goal": rng.choice(peg_goals),
            }
        )
        record(
            {
                "cmd": "pegs.load",
                "grid": rng.choice(peg_grids),
                "goal": odd_text(rng, rng.choice(peg_goals) or ""),
            }
        )
        record({"cmd": "binairo.load", "game": odd_text(rng, rng.choice(binary))})
    assert sum(not a["ok"] for a in record.answers) > 300
    assert sum(a["ok"] for a in record.answers) > 20
    record.compare(node)


def test_the_pages_copy_of_the_argument_descriptions_is_current(build_py: Any) -> None:
    """web/rules/params.mjs is what `python3 build.py params` writes from params.py."""
    assert build_py.PARAMS_MODULE.read_text() == build_py.params_module(), (
        "web/rules/params.mjs is out of date: run `python3 build.py params`"
    )
