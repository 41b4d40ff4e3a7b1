"""Positions: a board shape with the holes holding pegs, read from a grid or a board name.

Also the named boards' starts and usual games (:func:`standard_start`,
:func:`classic_game`), and which named board a shape is (:func:`board_name`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from puzzlelab.notation import PuzzleError, parse_rows
from puzzlelab.pegs.boards import BOARD_GRIDS, BOARDS, CLASSIC_GAMES
from puzzlelab.pegs.shape import (
    GRID_MEANING,
    HOLE,
    MAX_HOLES,
    NONE,
    PEG,
    SQUARE,
    TRIANGLE,
    Geometry,
    Move,
    geometry,
)


@dataclass(frozen=True)
class Position:
    """A board shape and the set of holes holding pegs."""

    geo: Geometry = field(compare=False)
    pegs: int
    key: tuple = field(repr=False)

    @classmethod
    def of(cls, geo: Geometry, pegs: int) -> Position:
        return cls(geo, pegs, (geo.lattice, geo.holes))

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a grid (``o . -`` rows joined by ``/``) or a board name (its standard start)."""
        if not isinstance(text, str):
            raise PuzzleError("A peg solitaire grid must be given as text.")
        name = text.strip().lower()
        if name in BOARDS:
            return standard_start(name)
        lattice = SQUARE
        body = text.strip()
        if body[:2].lower() == "t:":
            lattice, body = TRIANGLE, body[2:]
        raw = [row for row in re.split(r"[/\n]", body.replace("\r", "").replace(" ", "").replace(
            "\t", "").strip("/\n"))]
        width = max((len(row) for row in raw), default=0)
        if lattice == SQUARE and len({len(row) for row in raw}) > 1 and all(raw):
            lattice = TRIANGLE
        padded = [row.ljust(width, NONE) if row else row for row in raw]
        rows = parse_rows("/".join(padded), PEG + HOLE + NONE, GRID_MEANING)
        cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != NONE]
        if not cells:
            raise PuzzleError("The board has no holes: use o for a peg and . for an empty hole.")
        if len(cells) > MAX_HOLES:
            raise PuzzleError(f"A board has at most {MAX_HOLES} holes; this one has {len(cells)}.")
        holes = tuple(cells)
        geo = geometry(lattice, holes)
        pegs = sum(1 << i for i, (r, c) in enumerate(cells) if rows[r][c] == PEG)
        return cls.of(geo, pegs)

    @property
    def grid(self) -> str:
        return self.geo.format(self.pegs)

    @property
    def peg_count(self) -> int:
        return self.pegs.bit_count()

    def legal_moves(self) -> list[Move]:
        p = self.pegs
        return [m for m in self.geo.moves if p & m.mask == m.need]

    def find_move(self, src: tuple[int, int], dst: tuple[int, int]) -> Move:
        """The legal move from cell ``src`` to cell ``dst``, or a PuzzleError saying why not."""
        geo = self.geo
        if tuple(src) not in geo.index:
            raise PuzzleError(f"There is no hole at row {src[0]}, column {src[1]}.")
        if tuple(dst) not in geo.index:
            raise PuzzleError(f"There is no hole at row {dst[0]}, column {dst[1]}.")
        a, b = geo.index[tuple(src)], geo.index[tuple(dst)]
        for move in geo.moves:
            if move.src == a and move.dst == b:
                if not self.pegs >> a & 1:
                    raise PuzzleError("There is no peg to move there.")
                if not self.pegs >> move.over & 1:
                    raise PuzzleError("A jump needs a peg to jump over.")
                if self.pegs >> b & 1:
                    raise PuzzleError("The target hole is not empty.")
                return move
        raise PuzzleError("A peg jumps over one neighbour in a straight line into the hole behind.")

    def play(self, move: Move) -> Position:
        return Position(self.geo, self.pegs ^ move.mask, self.key)

    def move_cells(self, move: Move) -> list[list[int]]:
        return [list(self.geo.holes[move.src]), list(self.geo.holes[move.dst])]


def board_name(geo: Geometry) -> str | None:
    """The name of a standard board with this shape, or None for a custom one."""
    for name in BOARDS:
        if standard_start(name).geo is geo:
            return name
    return None


def standard_start(name: str) -> Position:
    """The usual start of a named board: every hole filled but the centre (triangle: the top)."""
    try:
        return Position.parse(BOARD_GRIDS[name.strip().lower()])
    except KeyError:
        raise PuzzleError(
            f"Unknown board {name!r}; the boards are {', '.join(BOARDS)}, or give a grid."
        ) from None


def classic_game(name: str) -> tuple[Position, str]:
    """A named board's usual game: its start and its goal (``default`` or a hole ``r,c``).

    The central game where it can be won, else the game of :data:`CLASSIC_GAMES`.
    """
    if name not in CLASSIC_GAMES:
        return standard_start(name), "default"
    empty, goal = CLASSIC_GAMES[name]
    return board_position(name, empty), goal


def board_position(text: str, start: str | None = None) -> Position:
    """A board for the census: a board name or grid, with ``start`` the one empty hole."""
    pos = Position.parse(text)
    if start is None:
        return pos
    hole = pos.geo.hole(start)
    return Position.of(pos.geo, pos.geo.full & ~(1 << hole))


# --- goals ----------------------------------------------------------------------
