"""The binary puzzle's requests for the differential test of the page's rules
(test_js_rules.py): random puzzles of many shapes, random entries, bad game IDs."""

from __future__ import annotations

import random

from puzzlelab import binairo
from puzzlelab.notation import PuzzleError
from rules_differential import Recorder


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


def rules_differential(record: Recorder, rng: random.Random) -> None:
    """Random puzzles of many shapes, random entries (some solving them, some
    refused) and bad requests, for test_js_rules.py to compare with the page's rules."""
    binairo_games(record, rng)
    binairo_bad_requests(record)
    assert record.count("binairo.set", ok=True) > 1000
    assert record.count("binairo.set", ok=False) > 50
    solved = sum(1 for a in record.answers if a["ok"] and a["result"].get("solved"))
    marked = sum(1 for a in record.answers if a["ok"] and a["result"].get("errors"))
    assert solved > 5 and marked > 200, (solved, marked)
