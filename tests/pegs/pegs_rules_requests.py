"""Peg solitaire's requests for the differential test of the page's rules (test_js_rules.py):
the named boards and random ones, goals of every kind, random jumps, bad requests."""

from __future__ import annotations

import random

from puzzlelab import pegs
from rules_differential import Recorder


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


def rules_differential(record: Recorder, rng: random.Random) -> None:
    """Every named board, random ones (square, ragged, triangular), random jumps
    (mostly legal) and bad requests, for test_js_rules.py to compare with the
    page's rules."""
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
