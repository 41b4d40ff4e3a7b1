"""Lights Out's requests for the differential test of the page's rules (test_js_rules.py):
random boards of every variant, random presses, the biggest boards, bad game IDs."""

from __future__ import annotations

import random
from collections.abc import Iterator

from puzzlelab import lightsout
from rules_differential import Recorder


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


def rules_differential(record: Recorder, rng: random.Random) -> None:
    """Random games of every variant, the biggest boards and bad requests, for
    test_js_rules.py to compare with the page's rules."""
    lightsout_games(record, rng)
    lightsout_big_boards(record, rng)
    lightsout_bad_requests(record)
    assert record.count("lightsout.press", ok=True) > 1000
    assert record.count("lightsout.press", ok=False) > 50
