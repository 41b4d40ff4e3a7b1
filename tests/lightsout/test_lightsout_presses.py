"""Presses of every rule variant, pinned against grids worked out by hand.

Each case starts from an all-dark board, presses the listed cells in turn
and compares the board with a literal grid (rows top to bottom, digits are
cell states). The grids were drawn from the rules, not from the code.
"""

from __future__ import annotations

import pytest

from puzzlelab.lightsout import Board, Variant

CASES = [
    # (rules, rows x cols, presses, expected grid)
    (Variant(), (5, 5), [(2, 2), (0, 0)], """
        11000
        10100
        01110
        00100
        00000"""),
    (Variant("king"), (5, 5), [(0, 0), (2, 3)], """
        11000
        11111
        00111
        00111
        00000"""),
    (Variant("knight"), (5, 5), [(2, 2), (0, 0)], """
        11010
        10101
        01100
        10001
        01010"""),
    (Variant("diagonal"), (5, 5), [(1, 1), (4, 4)], """
        10100
        01000
        10100
        00010
        00001"""),
    # A stencil that is not symmetric: the press, the cell above, and the one above-left.
    (Variant("110.010.000"), (5, 5), [(2, 2), (0, 4)], """
        00001
        01100
        00100
        00000
        00000"""),
    (Variant(wrap=True), (5, 5), [(0, 0), (4, 4)], """
        11000
        10000
        00000
        00001
        00011"""),
    # Three states: a press adds 1 modulo 3; (2, 2) twice, then (2, 3) once.
    (Variant(states=3), (5, 5), [(2, 2), (2, 2), (2, 3)], """
        00000
        00210
        02001
        00210
        00000"""),
    # Knight's moves on a 5x5 torus reach 8 distinct cells; 5 states, pressed twice.
    (Variant("knight", True, 5), (5, 5), [(0, 0), (0, 0)], """
        20000
        00220
        02002
        02002
        00220"""),
    # On a 2x2 torus the left and right neighbours are the same cell, as are
    # the ones above and below: they get 2 each.
    (Variant(wrap=True, states=3), (2, 2), [(0, 0)], """
        12
        20"""),
    # King rules, 4 states, walls: the corner press reaches four cells, the
    # centre pressed three times reaches all nine; 1 + 3 = 4 is 0 again.
    (Variant("king", False, 4), (3, 3), [(0, 0), (1, 1), (1, 1), (1, 1)], """
        003
        003
        333"""),
]


def _grid(text: str) -> str:
    return "/".join(line.strip() for line in text.strip().splitlines())


@pytest.mark.parametrize(("variant", "shape", "presses", "expected"), CASES)
def test_presses_match_the_hand_drawn_grid(variant, shape, presses, expected):
    board = Board(*shape, 0, variant)
    for row, col in presses:
        board = board.press(row, col)
    assert board.grid == _grid(expected)


@pytest.mark.parametrize(("variant", "shape", "presses", "expected"), CASES)
def test_a_press_set_applied_at_once_matches_the_presses_in_turn(
        variant, shape, presses, expected):
    rows, cols = shape
    counts = [0] * (rows * cols)
    for row, col in presses:
        counts[row * cols + col] += 1
    dark = Board(rows, cols, 0, variant)
    once = dark.apply(Board.from_values(rows, cols, counts, variant).lights)
    assert once.grid == _grid(expected)
