"""The seed's questions: the orbit under "take its solution" against matrix
powers over GF(2), and the unlimited plane's figures against pressing."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from puzzlelab.lightsout import Board, toggled_by
from puzzlelab.lightsout.orbit import press_matrix_order, solution_orbit
from puzzlelab.lightsout.plane import growing_boards, plane_chase


def _matrix(n: int) -> list[int]:
    """Rows of the n x n press matrix (row i: the cells pressing cell i toggles)."""
    return [toggled_by(1 << i, n, n) for i in range(n * n)]


def _times(a: list[int], b: list[int]) -> list[int]:
    """a @ b over GF(2), rows as ints (row i of the product: the XOR of b's rows at a's bits)."""
    out = []
    for row in a:
        acc = 0
        while row:
            low = row & -row
            acc ^= b[low.bit_length() - 1]
            row ^= low
        out.append(acc)
    return out


def _power(a: list[int], m: int) -> list[int]:
    result = [1 << i for i in range(len(a))]
    while m:
        if m & 1:
            result = _times(result, a)
        a, m = _times(a, a), m >> 1
    return result


@pytest.mark.parametrize("n", [2, 3, 6, 7, 8, 10, 12])
def test_press_matrix_order_is_the_least_power_that_is_the_identity(n):
    """A^order = I and no proper divisor of the order does it (matrix powers,
    not the orbit walk)."""
    order = press_matrix_order(Board(n, n))
    identity = [1 << i for i in range(n * n)]
    a = _matrix(n)
    assert _power(a, order) == identity
    for p in range(2, order + 1):
        if order % p == 0 and all(p % q for q in range(2, p)):
            assert _power(a, order // p) != identity
    if n == 10:
        assert order == 62  # the seed's 10x10 (an independent program found it too)


def test_the_orbit_of_a_board_returns_and_each_step_solves_the_one_before():
    board = Board(10, 10, random.Random(7).getrandbits(100))
    orbit = solution_orbit(board)
    assert orbit is not None and orbit["order"] % orbit["length"] == 0
    boards = [Board.parse(grid) for grid in orbit["steps"]]
    for before, after in pairwise(boards):
        assert before.apply(after.lights).lights == 0  # the next board solves this one
    # A^length b = b by matrix powers (not by the walk that found the length).
    back = 0
    for i, row in enumerate(_power(_matrix(10), orbit["length"])):
        if board.lights >> i & 1:
            back ^= row
    assert back == board.lights


def test_a_shape_with_quiet_patterns_gets_only_the_reason():
    orbit = solution_orbit(Board(5, 5, 1))
    assert orbit is not None and orbit["length"] is None and "quiet patterns" in orbit["why"]


def test_the_plane_chase_clears_every_row_above_its_last():
    """Pressed on a board wide enough that the edges are not reached, the chase's
    rows leave the light's row and every row of presses but the last dark."""
    rows = 12
    chase = plane_chase(rows)
    width = len(chase[0])
    height = rows + 2
    light = 1 << (width // 2)  # row 0, the middle column
    presses = 0
    for r, line in enumerate(chase, start=1):
        for c, bit in enumerate(line):
            if bit == "1":
                presses |= 1 << (r * width + c)
    lights = light ^ toggled_by(presses, height, width)
    for r in range(rows):  # rows 0 .. rows - 1 are dark
        assert lights >> (r * width) & ((1 << width) - 1) == 0, r


def test_finitely_many_presses_never_leave_a_single_light():
    """The plane's argument on a board whose edges the presses stay away from:
    at least four lights, for random press sets."""
    rng = random.Random(3)
    n = 14
    inner = [(r, c) for r in range(2, n - 2) for c in range(2, n - 2)]
    for _ in range(300):
        cells = rng.sample(inner, rng.randint(1, 20))
        presses = sum(1 << (r * n + c) for r, c in set(cells))
        assert toggled_by(presses, n, n).bit_count() >= 4


def test_a_single_light_on_growing_boards_needs_presses_at_the_edge():
    for entry in growing_boards(9):
        if entry["presses"] is not None:
            assert entry["reaches_edge"] and entry["proven_fewest"]
