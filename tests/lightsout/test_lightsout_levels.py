"""Lights Out's levels (lightsout/levels.py): each par is the fewest presses
(the solution applied; every press set on 3x3 and 4x4 boards; on the
variant levels, elimination over GF(2) written here and every solution of
its kernel), the shipped answers agree, and the ladder climbs from one
press to past Enlight, through a short section of other rules."""

from __future__ import annotations

from lightsout_brute import after_presses, every_press, pack, press_effect

from ladders import ok, shipped_ladder
from puzzlelab import levels, lightsout

CROSS = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
# The stencils drawn here, apart from the solver's own (lightsout/variant.py).
STENCILS = {
    "cross": CROSS,
    "king": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)],
    "diagonal": [(0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)],
}


def fewest_by_elimination(rows: int, cols: int, offsets: list, wrap: bool,
                          lit: list[int]) -> int:
    """The fewest presses that turn `lit` (0/1 per cell) off: one solution by
    Gaussian elimination over GF(2), then every solution (it plus each sum of
    the kernel's basis) weighed. Needs a small kernel (2 ** dimension sums)."""
    size = rows * cols
    effects = [press_effect(rows, cols, offsets, wrap, 2, cell) for cell in range(size)]
    # One equation per cell: the presses that reach it (bits), and whether it is lit (bit `size`).
    equations = [sum(1 << press for press in range(size) if effects[press][cell])
                 | lit[cell] << size for cell in range(size)]
    pivots: dict[int, int] = {}  # press -> the index of the equation that solves for it
    for press in range(size):
        used = set(pivots.values())
        at = next((i for i, e in enumerate(equations) if i not in used and e >> press & 1), None)
        if at is None:
            continue
        row = equations[at]
        equations = [e ^ row if i != at and e >> press & 1 else e for i, e in enumerate(equations)]
        pivots[press] = at
    used = set(pivots.values())
    assert not any(equations[i] for i in range(size) if i not in used), "not solvable"
    pivots = {p: equations[i] for p, i in pivots.items()}
    particular = sum(1 << p for p, e in pivots.items() if e >> size & 1)
    free = [press for press in range(size) if press not in pivots]
    kernel = [1 << f | sum(1 << p for p, e in pivots.items() if e >> f & 1) for f in free]
    best = size + 1
    for chosen in range(1 << len(kernel)):
        x = particular
        for i, vector in enumerate(kernel):
            if chosen >> i & 1:
                x ^= vector
        best = min(best, x.bit_count())
    return best


def test_lights_out_par_is_the_fewest_presses() -> None:
    tables = {side: every_press(side, side, CROSS, False, 2) for side in (3, 4)}
    for level in shipped_ladder("lightsout")["levels"]:
        board = lightsout.Board.parse(level["game"])
        solution = ok({"cmd": "lightsout.solve", "game": level["game"]})
        # Its presses, applied, turn every light off, in par presses.
        after = board
        for row, col in solution["presses"]:
            after = after.press(row, col)
        assert after.lit == 0 and len(solution["presses"]) == level["par"], level
        # The shipped answers (the win card's fewest, the first hint) say the same.
        shipped = level["answers"][levels.request_key(
            {"cmd": "lightsout.solve", "game": level["game"], "press_list": False})]
        hint = level["answers"][levels.request_key(
            {"cmd": "lightsout.hint", "game": level["game"]})]
        assert shipped["press_count"] == level["par"] and shipped["proven_fewest"], level
        hinted = board.press(*hint["press"]).game_id  # a press of a fewest solution: one fewer left
        assert ok({"cmd": "lightsout.solve", "game": hinted})["press_count"] == level["par"] - 1
        # The presses applied by the referee's own rules turn every light off too.
        variant = board.variant
        offsets = STENCILS[variant.neighbourhood]
        counts = [0] * (board.rows * board.cols)
        for row, col in solution["presses"]:
            counts[row * board.cols + col] += 1
        assert not any(after_presses(board.values(), counts, board.rows, board.cols, offsets,
                                     variant.wrap, 2)), level
        if board.rows in tables and offsets is CROSS and not variant.wrap:  # every press set
            assert tables[board.rows][pack(board.values())][0] == level["par"], level
        # Every solution, from elimination written here: none fewer does it.
        assert fewest_by_elimination(board.rows, board.cols, offsets, variant.wrap,
                                     board.values()) == level["par"], level


def test_lights_out_climbs_from_one_press_to_enlight_and_beyond() -> None:
    ladder = shipped_ladder("lightsout")["levels"]
    sides = [lightsout.Board.parse(level["game"]).rows for level in ladder]
    pars = [level["par"] for level in ladder]
    assert pars[0] == 1 and sides[0] == 3
    assert sides == sorted(sides) and pars == sorted(pars)
    assert 10 in sides and max(sides) > 10
    # A short section of other rules, each level's rules in its game ID and its label.
    variants = [level for level in ladder if ";" in level["game"].split(":")[0]]
    rules = {(lightsout.Board.parse(level["game"]).variant.neighbourhood,
              lightsout.Board.parse(level["game"]).variant.wrap) for level in variants}
    assert len(variants) == 3 and rules == {("king", False), ("diagonal", False), ("cross", True)}
    assert all(level["label"].split()[-1] in ("king", "diagonal", "wrapped") for level in variants)
    first = ladder.index(variants[0])
    assert ladder[first:first + 3] == variants  # one section, together
