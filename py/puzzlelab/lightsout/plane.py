"""The Enlight seed's question "what about an unlimited plane?": why a single
light there cannot be cleared by finitely many presses, and what infinitely
many do, with the figures the page draws.

Any finite, non-empty set of presses on the unlimited plane leaves at least
four lights on: below its lowest row of presses, each cell under a press of
that row is toggled by that press alone (the same above the top row, left of
the leftmost column and right of the rightmost), and those four cells are
distinct. So one light is never the result. Infinitely many presses can
clear it: chase it downward, pressing under every light that remains, row
after row; the presses never stop and fill a widening triangle
(:func:`plane_chase`). On a finite board the chase ends at the edge, so a
single light's solution reaches the edge however big the board
(:func:`growing_boards`).
"""

from __future__ import annotations

from puzzlelab.lightsout.board import Board
from puzzlelab.lightsout.solve import solve


def plane_chase(rows: int) -> list[str]:
    """The first ``rows`` rows of presses that chase a single light at the top of
    the unlimited plane downward, as rows of '0'/'1' ``2 * rows + 1`` wide (the
    light above the middle). Row r is dark once row r + 1 presses under each
    light it still has: ``p[r + 1] = b[r] + p[r - 1] + p[r] + (p[r] << 1) + (p[r] >> 1)``
    with no presses in the light's row or above, so every row is forced."""
    width = 2 * rows + 1
    mask = (1 << width) - 1
    before, current = 0, 0  # presses of rows r - 1 and r (r = 0: the light's row)
    light = 1 << rows
    presses = []
    for r in range(rows):
        lit = light if r == 0 else 0
        forced = lit ^ before ^ current ^ (current << 1 & mask) ^ (current >> 1)
        presses.append(forced)
        before, current = current, forced
    return [format(p, f"0{width}b") for p in presses]


def growing_boards(largest: int = 13) -> list[dict[str, object]]:
    """A single light in the middle of odd n x n boards up to ``largest``: its
    fewest presses (by the solver, None when the board has no solution), and
    whether they reach the edge (they always do; :func:`plane_chase` says why)."""
    entries = []
    for n in range(1, largest + 1, 2):
        middle = n // 2 * n + n // 2
        solution = solve(Board(n, n, 1 << middle))
        presses = solution.presses
        edge = 0
        for i in range(n):
            edge |= 1 << i | 1 << (n * (n - 1) + i) | 1 << (i * n) | 1 << (i * n + n - 1)
        entries.append({
            "n": n,
            "presses": None if presses is None else presses.bit_count(),
            "proven_fewest": solution.proven_fewest,
            "reaches_edge": None if presses is None else bool(presses & edge),
            "grid": None if presses is None else solution.press_grid,
        })
    return entries
