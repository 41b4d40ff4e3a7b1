"""Goals: the winning positions, read from text, and what tells cheaply whether
a position may reach them (the "rule of three" classes, the distance to the goal).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzlelab.notation import PuzzleError
from puzzlelab.pegs.position import Position
from puzzlelab.pegs.shape import SQUARE, TRIANGLE, Geometry


@dataclass(frozen=True)
class Goal:
    """The winning positions: a frozenset of peg sets, all with the same peg count."""

    positions: frozenset[int]
    text: str

    @property
    def pegs(self) -> int:
        return next(iter(self.positions)).bit_count()

    def describe(self, geo: Geometry) -> str:
        """The goal in words, holes counted from 1 as the page's hints and announcements do."""
        if self.text == "any":
            return "one peg anywhere"
        if len(self.positions) == 1 and self.pegs == 1:
            hole = next(iter(self.positions)).bit_length() - 1
            r, c = geo.holes[hole]
            where = f"row {r + 1}, column {c + 1}"
            if hole == geo.centre:
                return f"one peg in the centre ({where})"
            return f"one peg at {where}"
        return "the chosen final pattern"


def parse_goal(geo: Geometry, text: str | None) -> Goal:
    """``None`` (the default), ``any``, ``centre``, ``r,c`` or a grid pattern."""
    if text is None or text.strip() == "" or text.strip().lower() == "default":
        text = "centre" if geo.centre is not None else "any"
    cleaned = text.strip().lower()
    if cleaned == "any":
        return Goal(frozenset(1 << i for i in range(geo.size)), "any")
    # Digits with signs or dots (-1,-1 or 3.3) are a mistyped hole, not a pattern.
    if any(ch in cleaned for ch in "o./-") and not re.fullmatch(r"[\d\s,().+-]*\d[\d\s,().+-]*",
                                                                cleaned):
        try:
            pattern = Position.parse(text)
        except PuzzleError as exc:  # (said of the goal: "the board" would be the position's)
            raise PuzzleError(f"The goal {text[:40]!r} is not a pattern of pegs: "
                              f"{str(exc)[0].lower()}{str(exc)[1:]}") from exc
        if pattern.geo is not geo:
            raise PuzzleError("The goal pattern must be drawn on the same board.")
        if pattern.pegs == 0:
            raise PuzzleError("The goal pattern needs at least one peg.")
        return Goal(frozenset([pattern.pegs]), pattern.grid)
    hole = geo.hole(text)
    return Goal(frozenset([1 << hole]), geo.hole_name(hole))


def _centroid(geo: Geometry, goal: Goal) -> tuple[float, float]:
    """The mean cell of the goal positions' pegs (the goal hole for a single-hole goal)."""
    cells = [geo.holes[i] for g in goal.positions for i in range(geo.size) if g >> i & 1]
    return (sum(r for r, _ in cells) / len(cells), sum(c for _, c in cells) / len(cells))


def goal_distances(geo: Geometry, goal: Goal) -> list[float]:
    """Each hole's distance from the goal's centroid (hex distance on the triangular lattice)."""
    gr, gc = _centroid(geo, goal)
    out = []
    for r, c in geo.holes:
        dr, dc = r - gr, c - gc
        # Axial coordinates on the triangular lattice: (1, 1) is a neighbour.
        out.append(max(abs(dr), abs(dc), abs(dr - dc)) if geo.lattice == TRIANGLE
                   else abs(dr) + abs(dc))
    return out


# --- invariants -----------------------------------------------------------------


def class_masks(geo: Geometry) -> list[tuple[int, int, int]]:
    """The hole sets of the classic "rule of three" invariants.

    For a linear form ``f`` with ``f(d) != 0 (mod 3)`` for every jump
    direction ``d``, the three holes of a jump fall in the three residue
    classes of ``f``: every jump flips the peg-count parity of each class.
    So the parities of class 0 + class 1 and class 1 + class 2 never change:
    a position can reach the goal only if they agree with the goal's (on the
    33-hole board these are the 16 "position classes").
    """
    forms = [(1, 1), (1, 2)] if geo.lattice == SQUARE else [(1, 1)]
    out = []
    for a, b in forms:
        masks = [0, 0, 0]
        for i, (r, c) in enumerate(geo.holes):
            masks[(a * r + b * c) % 3] |= 1 << i
        out.append(tuple(masks))
    return out


def position_class(geo: Geometry, pegs: int) -> tuple[int, ...]:
    out = []
    for m0, m1, m2 in class_masks(geo):
        a, b, c = ((pegs & m).bit_count() & 1 for m in (m0, m1, m2))
        out += [a ^ b, b ^ c]
    return tuple(out)


def goal_class_possible(geo: Geometry, pegs: int, goal: Goal) -> bool:
    """Whether ``pegs`` is in the position class of some goal position."""
    mine = position_class(geo, pegs)
    return any(position_class(geo, g) == mine for g in goal.positions)
