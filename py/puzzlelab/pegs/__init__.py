"""Peg solitaire: boards, positions, moves, symmetries, goals and the solver.

Notation
--------
A position is a plain grid: ``o`` a peg, ``.`` an empty hole, ``-`` no hole,
rows joined by ``/``. The English start is
``--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--``.

Two lattices are supported:

* **square** (the default): a peg jumps over an orthogonal neighbour into
  the empty hole behind it (4 directions). The grid must be a rectangle.
* **triangular**: row ``r`` column ``c`` is drawn shifted half a hole per
  row, so that its six neighbours are ``(r, c±1)``, ``(r±1, c)`` and
  ``(r±1, c±1)`` (same signs). A peg jumps in those six directions. The
  15-hole triangle is written row by row, ``o/oo/o.o/oooo/ooooo`` (the top
  hole empty). A grid whose rows have different lengths is on the
  triangular lattice (missing cells at a row's end are "no hole"); a
  rectangular triangular grid is written with the prefix ``t:``.

Holes are named ``r,c``: zero-based row and column of the grid, the same
numbers as the ``[row, col]`` pairs of a move ``[[from_row, from_col],
[to_row, to_col]]``. ``centre`` (or ``center``) names the board's centre
hole where it has one.

A goal is one peg at a chosen hole (``r,c``), one peg anywhere (``any``), or
a final pattern (a grid of the same board, ``o`` where pegs must remain).
The default is the centre hole where the board has one, else ``any``.

Representation
--------------
The holes of a board are numbered in reading order; a position is an int
whose bit ``i`` is set when hole ``i`` holds a peg (a board has at most 64
holes, so a census can store positions as uint64). A move is three masks:
legal when ``pegs & (from|over|to) == from|over``, played by XOR with
``from|over|to``. Each symmetry of the board (rotations and reflections that
map the hole set onto itself: up to 8 on the square lattice, 12 on the
triangular one) is a permutation of the holes, applied to a position with
one table look-up per byte (:class:`Geometry.image`). Only the symmetries
that fix the start and the goal are used to identify positions, so counts
stay exact for any start and goal. A position is *normalised* to the
smallest of its images.

Solving (:class:`Solver`) is a depth-first search memoised on normalised
positions; the goal table, pagoda functions and the opening book prune it.
Counting winning sequences is :mod:`puzzlelab.pegs.count`, the census
:mod:`puzzlelab.pegs.census` (and :mod:`puzzlelab.pegs.census_numpy`).
"""

from __future__ import annotations

import heapq
import json
import re
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.notation import PuzzleError, parse_rows

MAX_HOLES = 64
PEG, HOLE, NONE = "o", ".", "-"
GRID_MEANING = "o for a peg, . for an empty hole and - for no hole"

SQUARE, TRIANGLE = "square", "triangular"
DIRECTIONS = {
    SQUARE: ((0, 1), (0, -1), (1, 0), (-1, 0)),
    TRIANGLE: ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)),
}


def _square_maps() -> list[tuple[int, int, int, int]]:
    # (a, b, c, d): (r, c) -> (a*r + b*c, c*r + d*c); the 8 elements of D4.
    return [
        (1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
        (1, 0, 0, -1), (-1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0),
    ]  # fmt: skip


def _triangle_maps() -> list[tuple[int, int, int, int]]:
    # Rotation by 60 degrees: (r, c) -> (c, c - r); mirror: (r, c) -> (r, r - c).
    rotate = (0, 1, -1, 1)
    mirror = (1, 0, 1, -1)

    def compose(f: tuple[int, ...], g: tuple[int, ...]) -> tuple[int, int, int, int]:
        # f after g
        a, b, c, d = f
        e, f2, g2, h = g
        return (a * e + b * g2, a * f2 + b * h, c * e + d * g2, c * f2 + d * h)

    maps = []
    current = (1, 0, 0, 1)
    for _ in range(6):
        maps.append(current)
        current = compose(rotate, current)
    return maps + [compose(m, mirror) for m in maps]


LINEAR_MAPS = {SQUARE: _square_maps(), TRIANGLE: _triangle_maps()}


@dataclass(frozen=True)
class Move:
    """A jump: the peg in hole ``src`` jumps over ``over`` into ``dst`` (hole numbers)."""

    src: int
    over: int
    dst: int
    need: int  # bits that must hold pegs: src | over
    mask: int  # src | over | dst; legal iff pegs & mask == need; played by pegs ^ mask


class Geometry:
    """A board shape: its holes, moves and symmetries (shared by every position on it)."""

    def __init__(self, lattice: str, holes: tuple[tuple[int, int], ...]) -> None:
        self.lattice = lattice
        self.holes = holes
        self.size = len(holes)
        self.rows = max(r for r, _ in holes) + 1
        self.cols = max(c for _, c in holes) + 1  # the grid as written (no cropping)
        self.index = {cell: i for i, cell in enumerate(holes)}
        self.full = (1 << self.size) - 1
        moves = []
        for i, (r, c) in enumerate(holes):
            for dr, dc in DIRECTIONS[lattice]:
                over = self.index.get((r + dr, c + dc))
                dst = self.index.get((r + 2 * dr, c + 2 * dc))
                if over is not None and dst is not None:
                    need = (1 << i) | (1 << over)
                    moves.append(Move(i, over, dst, need, need | (1 << dst)))
        self.moves = tuple(moves)
        self.symmetries = self._symmetries()

    def _symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The permutations of hole numbers that rotate or reflect the board onto itself."""
        found = []
        cells = set(self.holes)
        low = min(self.holes)
        for a, b, c, d in LINEAR_MAPS[self.lattice]:
            image = [(a * r + b * col, c * r + d * col) for r, col in self.holes]
            shift_r, shift_c = low[0] - min(image)[0], low[1] - min(image)[1]
            image = [(r + shift_r, col + shift_c) for r, col in image]
            if set(image) == cells:
                perm = tuple(self.index[cell] for cell in image)
                if perm not in found:
                    found.append(perm)
        return tuple(found)

    # --- text -------------------------------------------------------------

    def format(self, pegs: int) -> str:
        """The grid text of a position (see the module docstring)."""
        rows = [[NONE] * self.cols for _ in range(self.rows)]
        for i, (r, c) in enumerate(self.holes):
            rows[r][c] = PEG if pegs >> i & 1 else HOLE
        lines = ["".join(row) for row in rows]
        if self.lattice == SQUARE:
            return "/".join(lines)
        lines = [line.rstrip(NONE) or NONE for line in lines]
        prefix = "t:" if len({len(line) for line in lines}) == 1 else ""
        return prefix + "/".join(lines)

    @cached_property
    def centre(self) -> int | None:
        """The hole every symmetry fixes, when the board has one (English, French, ...)."""
        fixed = [i for i in range(self.size) if all(p[i] == i for p in self.symmetries)]
        return fixed[0] if len(fixed) == 1 and len(self.symmetries) > 1 else None

    def hole(self, text: str) -> int:
        """The hole number of ``r,c`` (zero-based) or ``centre``."""
        cleaned = text.strip().lower()
        if cleaned in ("centre", "center", "c"):
            if self.centre is None:
                raise PuzzleError("This board has no centre hole; name a hole as row,col.")
            return self.centre
        match = re.fullmatch(r"\(?\s*(\d+)\s*[, ]\s*(\d+)\s*\)?", cleaned)
        if not match:
            raise PuzzleError(
                f"Not a hole: {text[:40]!r}. Name a hole by its zero-based row and column, "
                "e.g. 3,3, or say centre."
            )
        cell = (int(match[1]), int(match[2]))
        if cell not in self.index:
            raise PuzzleError(f"There is no hole at row {cell[0]}, column {cell[1]}.")
        return self.index[cell]

    def hole_name(self, hole: int) -> str:
        r, c = self.holes[hole]
        return f"{r},{c}"

    # --- symmetry ---------------------------------------------------------

    def subgroup(self, *sets: Iterable[int]) -> tuple[int, ...]:
        """Indices of the symmetries that map each given set of positions onto itself."""
        frozen = [frozenset(s) for s in sets]
        keep = []
        for k in range(len(self.symmetries)):
            if all({self.image(k, p) for p in s} == s for s in frozen):
                keep.append(k)
        return tuple(keep)

    @cached_property
    def tables(self) -> list[list[list[int]]]:
        """``tables[k][byte][value]``: the image under symmetry ``k`` of ``value << 8*byte``."""
        out = []
        for perm in self.symmetries:
            per_byte = []
            for byte in range(0, self.size, 8):
                table = []
                for value in range(256):
                    image = 0
                    for bit in range(8):
                        if value >> bit & 1 and byte + bit < self.size:
                            image |= 1 << perm[byte + bit]
                    table.append(image)
                per_byte.append(table)
            out.append(per_byte)
        return out

    def image(self, k: int, pegs: int) -> int:
        """Position ``pegs`` under symmetry ``k`` (one look-up per byte)."""
        out = 0
        for table in self.tables[k]:
            out |= table[pegs & 255]
            pegs >>= 8
        return out


@lru_cache(maxsize=64)
def geometry(lattice: str, holes: tuple[tuple[int, int], ...]) -> Geometry:
    """The shared :class:`Geometry` of a hole set (cached: moves and tables are built once)."""
    return Geometry(lattice, holes)


def symmetry_images(pegs: int, tables: list[list[list[int]]]) -> tuple[int, ...]:
    """The images of ``pegs`` under each symmetry, given as its per-byte tables:
    one table look-up per byte of the position instead of one per hole."""
    out = []
    for byte_tables in tables:
        image, rest = 0, pegs
        for table in byte_tables:
            image |= table[rest & 255]
            rest >>= 8
        out.append(image)
    return tuple(out)


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


# --- standard boards ------------------------------------------------------------

BOARD_GRIDS = {
    "english": "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--",
    "french": "--ooo--/-ooooo-/ooooooo/ooo.ooo/ooooooo/-ooooo-/--ooo--",
    "wiegleb": "---ooo---/---ooo---/---ooo---/ooooooooo/oooo.oooo/ooooooooo/"
    "---ooo---/---ooo---/---ooo---",
    "diamond": "----o----/---ooo---/--ooooo--/-ooooooo-/oooo.oooo/-ooooooo-/"
    "--ooooo--/---ooo---/----o----",
    "triangle": "./oo/ooo/oooo/ooooo",
}
BOARD_TITLES = {
    "english": "English (33 holes)",
    "french": "French / European (37 holes)",
    "wiegleb": "Wiegleb (45 holes)",
    "diamond": "Diamond (41 holes)",
    "triangle": "Triangle (15 holes)",
}
BOARDS = tuple(BOARD_GRIDS)
# The French and Diamond central games are impossible: with only the centre
# empty, the board is in another "rule of three" class than any single peg.
# Their usual games empty a hole above the centre and end at its mirror image
# below it (the empty hole and the final one, zero-based row,column).
CLASSIC_GAMES: dict[str, tuple[str, str]] = {"french": ("2,3", "4,3"), "diamond": ("2,4", "6,4")}

# Pagoda functions of the named boards, one weight per hole in reading order
# (their rotations and reflections are used too). Found by tools/peg_pagodas.py:
# linear programs that prove sampled dead positions of the central game dead.
# The solver checks each one's validity before use; they are valid for any
# start and goal, and prune where the goal holds more weight than a position.
PAGODAS: dict[str, tuple[tuple[int, ...], ...]] = {
    "english": (
        (-8, 0, -8, 8, 10, 8, -2, 2, 0, 2, 0, 2, -2, 4, 4, 8, 12, 8, 4, 4, -6, 6, 0, 6, 0, 6, -6,
         8, 6, 8, -8, 0, -8),
        (-2, 0, -2, 2, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 4, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4,
         2, -2, 0, -2),
        (0, 0, 0, 0, 4, 0, -4, 4, 0, 4, 0, 4, -4, 0, 0, 0, 0, 0, 0, 0, -4, 4, 0, 4, 0, 4, -4, 0,
         4, 0, 0, 0, 0),
        (0, 0, 0, 0, 2, 0, -2, 2, 0, 2, 0, 2, -2, 2, 4, 0, 4, 0, 4, 2, -4, 4, 0, 4, 0, 4, -4, 0,
         0, 0, 0, 4, 0),
        (0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0,
         0, 0, 0),
        # Found on the dead positions the verdict searches walk along random games.
        (-2, 4, -2, 2, 0, 2, -4, 4, 0, 4, 0, 4, -4, 0, 2, 2, 4, 2, 2, 0, -4, 4, 0, 4, 0, 4, -4, 2,
         4, 2, -2, 0, -2),
        (-12, 8, -4, 12, 8, 4, 0, 0, 0, 0, 0, 0, 0, 0, 12, 12, 8, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 12,
         8, 4, -12, 8, -4),
        (0, 0, 0, 1, 2, 0, -2, 3, 1, 2, 0, 2, -2, 0, 2, 2, 4, 0, 4, 0, -2, 2, 0, 2, 0, 2, -2, 2, 2,
         0, -2, 2, 0),
        (-4, 8, -12, 4, 8, 12, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 8, 12, 0, 12, 0, 0, 0, 0, 0, 0, 0, 4,
         8, 12, -4, 0, -4),
        (-6, 4, -2, 6, 4, 2, -8, 8, 0, 8, 0, 8, -8, 4, 4, 6, 4, 2, 2, 0, -12, 12, 0, 12, 2, 10, -8,
         6, 6, 0, -6, 8, 2),
        (-4, 0, -4, 8, 4, 4, 0, 4, 4, 4, 0, 4, 0, 0, 12, 12, 8, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 12,
         8, 4, -12, 8, -4),
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0, 4, 0, 4, 0, 4, 4, 0, 4, 0, 4, 0, 0,
         0, 4, 0, 4),
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 0, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0,
         4, -4, 0, -4),
    ),
    # Found for the usual French and Diamond games (CLASSIC_GAMES): each proves
    # all of 6,150 dead positions sampled from what the verdict searches of 8
    # random games proved dead by search (the boards had none before).
    "french": (
        (-2, 4, -2, -2, 2, 0, 2, -2, -4, 4, 0, 4, 0, 4, -4, 0, 2, 2, 0, 2, 2, 0, -4, 4, 0, 4, 0, 4,
         -4, -2, 2, 0, 2, -2, -2, 4, -2),
    ),
    "diamond": (
        (-4, -4, 4, -4, -4, 4, 0, 4, -4, -4, 4, 0, 4, 0, 4, -4, -4, 4, 0, 4, 0, 4, 0, 4, -4, -4, 4,
         0, 4, 0, 4, -4, -4, 4, 0, 4, -4, -4, 4, -4, -4),
    ),
    # Found as the last English ones (the board had none before).
    "wiegleb": (
        (-48, 0, -48, 48, 9, 48, 0, 9, 0, 0, 24, 24, 48, 0, 48, 0, 48, -48, 48, 24, 24, 15, 9, 6,
         4, 2, 2, -48, 48, 0, 48, 6, 46, 0, 46, -46, 0, 4, 0, 48, 2, 46, -48, 2, -46),
        (0, 8, -8, 2, 6, 8, 2, 2, 0, -4, 4, 0, 4, 4, 8, 0, 8, -8, 4, 4, 1, 5, 6, 0, 6, 0, 6, -8, 8,
         0, 8, 0, 8, 0, 8, -8, 0, 6, 0, 8, 6, 8, -8, 0, -8),
        (-3, 0, -3, 3, 1, 3, 0, 1, 0, 3, 0, 3, 3, 0, 3, 0, 3, -3, 8, 5, 3, 2, 1, 1, 0, 1, 0, -5, 5,
         0, 5, 1, 4, 0, 4, -3, 0, 0, 0, 5, 1, 4, -5, 1, -4),
        (0, 0, 0, 0, 4, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0, 4, 0, 4, 0, 4, 0, 0, 0,
         0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 4, 0, 0, 0, 0),
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, -4, 4, 0, 4, 0, 4, 0, 4, -4, 2, 2, 0, 2, 0, 2, 0, 2, 2, -2,
         2, 0, 2, 0, 2, 0, 2, -2, 0, 0, 0, 2, 0, 2, -2, 0, -2),
        (6, 12, -6, 0, 6, 6, 6, 6, 0, -6, 6, 0, 6, 0, 6, 4, 2, 2, 0, 2, 2, 4, 6, 0, 6, 2, 4, -6, 6,
         0, 6, 6, 6, 6, 0, 6, 0, 0, 0, 6, 6, 6, -6, 0, -6),
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, -4, 4, 0, 4, 0, 4, 0, 4, -4, 0, 0, 0, 0, 0, 0, 0, 0, 0, -4,
         4, 0, 4, 0, 4, 0, 4, -4, 4, 0, 4, 0, 0, 0, 4, 0, 4),
        (-12, 0, -12, 12, 4, 12, 0, 4, 0, 0, 6, 6, 12, 8, 12, 0, 12, -12, 12, 6, 12, 0, 12, 0, 12,
         12, 0, -12, 12, 0, 12, 12, 12, 0, 12, -12, 0, 0, 0, 12, 12, 12, -12, 0, -12),
        # Found on the first moves of random games (tools/peg_pagodas.py wiegleb
        # --samples 0 --early 40): it proves a few early dead ends at once.
        (-4, 0, -4, 4, 0, 4, 0, 0, 0, -4, 4, 0, 4, 0, 4, 0, 4, -4, 0, 0, 0, 0, 0, 0, 0, 0, 0, -4,
         4, 0, 4, 0, 4, 0, 4, -4, 0, 0, 0, 4, 0, 4, -4, 0, -4),
    ),
}


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
        pattern = Position.parse(text)
        if pattern.geo is not geo:
            raise PuzzleError("The goal pattern must be drawn on the same board.")
        if pattern.pegs == 0:
            raise PuzzleError("The goal pattern needs at least one peg.")
        return Goal(frozenset([pattern.pegs]), pattern.grid)
    hole = geo.hole(text)
    return Goal(frozenset([1 << hole]), geo.hole_name(hole))


# --- solving and counting -------------------------------------------------------

# A progress step is also when the page's worker can take a Cancel (or a move,
# which stops the verdict of the position it leaves). Steps came every 2,000
# positions searched: about 0.1 s natively and up to 0.2 s in Pyodide, but a
# position of a large board costs more, and a busy machine stretched the wait
# past 2 s. So the searches look at the clock every CLOCK_EVERY positions and
# report when puzzlelab.jobs.due() says a report is due (every job's clock).
CLOCK_EVERY = 64


class OutOfBudget(Exception):
    """A search stopped at its budget of positions without an answer."""


class Pagodas:
    """Pagoda functions of a board, all evaluated at once in one packed int.

    A pagoda function weighs the holes so that no jump raises the weighted sum
    of the pegs (``w[to] <= w[from] + w[over]``); a position whose sum is
    below every goal position's can never reach the goal. Field ``k`` of the
    packed int holds ``BIAS + sum`` for pagoda ``k`` under a guard bit; a jump
    subtracts its packed weight loss, and one subtraction of the packed goal
    thresholds tells whether any field fell below its threshold (its guard
    bit is borrowed).
    """

    WIDTH = 13  # bits per field; BIAS + |sum| stays below 2**WIDTH
    BIAS = 1 << 12

    def __init__(self, geo: Geometry, goal: Goal) -> None:
        self.size = geo.size
        weights = []
        for base in PAGODAS.get(board_name(geo) or "", ()):
            for perm in geo.symmetries:
                image = [0] * geo.size
                for i, w in enumerate(base):
                    image[perm[i]] = w
                if all(image[m.dst] <= image[m.src] + image[m.over] for m in geo.moves):
                    weights.append(tuple(image))
        self.weights = list(dict.fromkeys(weights))
        step = self.WIDTH + 1
        self.guard = sum(1 << (k * step + self.WIDTH) for k in range(len(self.weights)))
        self.loss = [
            sum((w[m.src] + w[m.over] - w[m.dst]) << (k * step) for k, w in enumerate(self.weights))
            for m in geo.moves
        ]
        self.threshold = sum(
            (self.BIAS + min(self.value(w, g) for g in goal.positions)) << (k * step)
            for k, w in enumerate(self.weights)
        )

    @staticmethod
    def value(w: tuple[int, ...], pegs: int) -> int:
        return sum(x for i, x in enumerate(w) if pegs >> i & 1)

    def packed(self, pegs: int) -> int:
        """The packed fields of ``pegs`` (``BIAS`` plus each pagoda's sum), by bytes of holes."""
        total, sums = self.byte_sums
        for table in sums:
            total += table[pegs & 255]
            pegs >>= 8
        return total

    @cached_property
    def byte_sums(self) -> tuple[int, list[list[int]]]:
        """The packed fields of no pegs (the biases), and for each byte of holes
        the packed weights of each of its 256 peg patterns: :meth:`packed` adds
        one entry a byte (the fields are linear in the pegs), where summing
        every pagoda over every hole cost about 0.5 ms natively a position."""
        step = self.WIDTH + 1
        hole = [sum(w[i] << (k * step) for k, w in enumerate(self.weights))
                for i in range(self.size)]
        hole += [0] * (-self.size % 8)
        sums = []
        for low in range(0, self.size, 8):
            table = [0] * 256
            for v in range(1, 256):
                table[v] = table[v & (v - 1)] + hole[low + (v & -v).bit_length() - 1]
            sums.append(table)
        return sum(self.BIAS << (k * step) for k in range(len(self.weights))), sums

    @property
    def modulus(self) -> int:
        """Fields add up modulo this (2^step - 1), while their sum stays below it."""
        return (1 << (self.WIDTH + 1)) - 1

    def hopeless(self, packed: int) -> bool:
        """Whether some pagoda proves the goal out of reach."""
        return ((packed | self.guard) - self.threshold) & self.guard != self.guard


class GoalTable:
    """Every position with few pegs from which the goal can be reached, up to symmetry.

    Built once per board and goal by undoing jumps from the goal positions,
    one peg count at a time, until a level passes ``level_limit`` classes
    (that last level is kept). A forward search then only has to reach
    ``max_pegs`` pegs: a position with that many pegs or fewer is good exactly
    when its normalised form is in the table (meet in the middle).
    """

    def __init__(self, geo: Geometry, goal: Goal) -> None:
        """An empty table; :meth:`build_steps` fills it."""
        self.geo = geo
        self.goal = goal
        # The symmetries that fix the goal, as the solver uses them.
        self.syms = geo.subgroup(goal.positions)
        self.tables = [geo.tables[k] for k in self.syms]
        # levels[n - goal pegs]: the normalised good positions with n pegs.
        self.levels: list[set[int]] = [{min(self.images(g)) for g in goal.positions}]
        self.max_pegs = goal.pegs
        self.classes = len(self.levels[0])

    def build_steps(self, level_limit: int) -> Steps[GoalTable]:
        """Undo jumps level by level until a level passes ``level_limit`` classes,
        with a progress report whenever one is due (see :mod:`puzzlelab.jobs`: a
        table of a large board takes seconds)."""
        geo, images = self.geo, self.images
        undo = [(1 << m.dst, m.mask, tuple(geo.image(k, m.mask) for k in self.syms))
                for m in geo.moves]
        level = self.levels[0]
        done = 0
        while len(level) <= level_limit and self.goal.pegs + len(self.levels) <= geo.size:
            parents: set[int] = set()
            for key in level:
                imgs = images(key)
                for dst, mask, mask_images in undo:
                    # Undo a jump: a peg at its end, its start and middle empty.
                    if key & mask == dst:
                        parents.add(min([a ^ b for a, b in zip(imgs, mask_images, strict=True)]))
                done += 1
                if done % 256 == 0 and due():
                    yield Progress(len(self.levels), 0, "Building the goal table")
            if not parents:
                break
            self.levels.append(parents)
            level = parents
        self.max_pegs = self.goal.pegs + len(self.levels) - 1
        self.classes = sum(len(s) for s in self.levels)
        return self

    def images(self, pegs: int) -> tuple[int, ...]:
        return symmetry_images(pegs, self.tables)

    def good(self, key: int, pegs_left: int) -> bool:
        """Whether the normalised position ``key`` with ``pegs_left`` pegs can reach the goal."""
        index = pegs_left - self.goal.pegs
        return 0 <= index < len(self.levels) and key in self.levels[index]

    def path(self, pegs: int) -> list[Move]:
        """A winning move list from a good position with at most ``max_pegs`` pegs."""
        out = []
        while pegs not in self.goal.positions:
            left = pegs.bit_count() - 1
            for move in self.geo.moves:
                if pegs & move.mask == move.need:
                    child = pegs ^ move.mask
                    if self.good(min(self.images(child)), left):
                        out.append(move)
                        pegs = child
                        break
            else:  # pragma: no cover - every table position but the goal has a good child
                raise AssertionError("goal table position without a good move")
        return out


class BeamScore:
    """How far a position looks from the goal, cheaply: the beam search's ranking.

    The sum of the pegs' weights, plus :data:`ISOLATED` for each peg with no
    neighbour (it needs pegs brought to it before it can move or be taken). A
    hole's weight is its distance from the goal's centroid, less
    :data:`PAGODA_SHARE` times its mean weight over the board's pagoda
    functions (when it has some): a peg the pagodas value is one whose loss
    brings a position nearer to being proved hopeless. On early Wiegleb
    positions the distance term finds winning lines with a beam of 16 where
    pagoda slack, mobility or the peg-hole boundary length alone find none;
    on the first positions of 40 random Wiegleb games that it left
    undecided, the pagoda term found lines from 20 of the 34 good ones with a
    beam of 16 (none before) and from 33 with a beam of 256 (25 before).

    Both terms are read with one table look-up per byte of the position: the
    weights add up, and the pegs are copied onto a grid with a blank border
    (``width`` bits a row) where neighbours are fixed shifts of the bits.
    """

    ISOLATED = 2.0
    PAGODA_SHARE = 0.3

    def __init__(self, geo: Geometry, goal: Goal, pagodas: Pagodas | None = None) -> None:
        weight = _distances(geo, goal)
        if pagodas is not None and pagodas.weights:
            count = len(pagodas.weights)
            weight = [d - self.PAGODA_SHARE * sum(w[i] for w in pagodas.weights) / count
                      for i, d in enumerate(weight)]
        width = geo.cols + 2
        cell = [(r + 1) * width + c + 1 for r, c in geo.holes]
        self.grid_bytes: list[list[int]] = []
        self.weight_bytes: list[list[float]] = []
        for byte in range(0, geo.size, 8):
            bits = [b for b in range(8) if byte + b < geo.size]
            self.grid_bytes.append([sum(1 << cell[byte + b] for b in bits if value >> b & 1)
                                    for value in range(256)])
            self.weight_bytes.append([sum(weight[byte + b] for b in bits if value >> b & 1)
                                      for value in range(256)])
        # One shift per pair of opposite jump directions: (0, 1), (1, 0) and (1, 1).
        self.shifts = (1, width) if geo.lattice == SQUARE else (1, width, width + 1)

    def __call__(self, pegs: int) -> float:
        """The score of ``pegs``: lower looks closer to the goal."""
        grid, total = 0, 0.0
        for grid_byte, weight_byte in zip(self.grid_bytes, self.weight_bytes, strict=True):
            value = pegs & 255
            grid |= grid_byte[value]
            total += weight_byte[value]
            pegs >>= 8
        neighbours = 0
        for shift in self.shifts:
            neighbours |= grid << shift | grid >> shift
        return total + self.ISOLATED * (grid & ~neighbours).bit_count()


#: Where the opening books live (inside the package, so the page's wheel has them).
BOOK_DIR = Path(__file__).resolve().parent / "data"


class BookLevel:
    """The sorted normalised keys of one level of an :class:`OpeningBook`.

    An ``array`` of 64-bit keys, searched by bisection: 8 bytes a class, and
    built from the file with a few C-level calls (a set would cost several
    times the memory and, in Pyodide, about 60 ms to build for 230,000 keys).
    """

    __slots__ = ("keys",)

    def __init__(self, keys: array) -> None:
        self.keys = keys

    def __contains__(self, key: object) -> bool:
        keys = self.keys
        at = bisect_left(keys, key)
        return at < len(keys) and keys[at] == key

    def __len__(self) -> int:
        return len(self.keys)

    def __iter__(self) -> Iterator[int]:
        return iter(self.keys)

    @staticmethod
    def encode(keys: Iterable[int]) -> bytes:
        """The byte planes of the sorted ``keys`` (before compression), lowest byte first."""
        return byte_planes(sorted(keys))

    @classmethod
    def decode(cls, planes: bytes, count: int) -> BookLevel:
        """The level whose ``count`` keys :meth:`encode` wrote as ``planes``."""
        return cls(from_byte_planes(planes, count))


def byte_planes(values: list[int]) -> bytes:
    """``values`` (below 2^64) as byte planes: the lowest byte of every value,
    then the next byte of every value, and so on, as many planes as the largest
    needs (the high planes of small values are runs of zeros that zlib packs well)."""
    width = max(1, (max(values, default=0).bit_length() + 7) // 8)
    if width > 8:
        raise ValueError("values must fit in 64 bits")
    records = b"".join(value.to_bytes(8, "little") for value in values)
    return b"".join(records[j::8] for j in range(width))


def from_byte_planes(planes: bytes, count: int) -> array:
    """The ``count`` values that :func:`byte_planes` wrote as ``planes``, as an ``array('Q')``."""
    width, rest = divmod(len(planes), count) if count else (0, len(planes))
    if rest or width > 8:
        raise ValueError(f"{len(planes)} bytes are not byte planes of {count} values")
    # Interleave the planes into little-endian 8-byte records: one slice
    # assignment a plane, then the array takes the bytes as they are.
    records = bytearray(8 * count)
    for j in range(width):
        records[j::8] = planes[j * count:(j + 1) * count]
    values = array("Q")
    values.frombytes(records)
    if sys.byteorder == "big":
        values.byteswap()
    return values


class BookLevels(Mapping[int, BookLevel]):
    """The levels of an :class:`OpeningBook` by peg count, each decoded on first use."""

    def __init__(self, streams: dict[int, tuple[bytes, int]]) -> None:
        self.streams = streams  # peg count -> (zlib stream, number of keys)
        self.decoded: dict[int, BookLevel] = {}

    def __getitem__(self, pegs: int) -> BookLevel:
        level = self.decoded.get(pegs)
        if level is None:
            stream, count = self.streams[pegs]
            level = self.decoded[pegs] = BookLevel.decode(zlib.decompress(stream), count)
        return level

    def __iter__(self) -> Iterator[int]:
        return iter(self.streams)

    def __len__(self) -> int:
        return len(self.streams)


def read_level_streams(path: Path) -> tuple[dict, dict[int, tuple[bytes, int]]]:
    """A file of one JSON header line and then one stream per peg count (the
    opening book, the count table): the header, and per peg count its bytes and
    the number of entries the header gives."""
    header_line, _, body = path.read_bytes().partition(b"\n")
    header = json.loads(header_line)
    streams: dict[int, tuple[bytes, int]] = {}
    at = 0
    for pegs_text, count in header["levels"].items():
        size = header["bytes"][pegs_text]
        streams[int(pegs_text)] = (body[at:at + size], count)
        at += size
    if at != len(body):
        raise ValueError(f"{path.name}: {len(body) - at} bytes left over")
    return header, streams


class OpeningBook:
    """The good positions with many pegs of one standard game, from its census.

    A dead end high in the game tree (19 pegs, say) is costly to prove by
    search: every line below it must be walked. The census's backward pass
    knows, level by level, which positions reachable from the start can
    still reach the goal; the book keeps them for the levels with at least
    ``min_pegs`` pegs (17 pegs and up for the English central game: 839,536
    classes, 1.28 MB). A position with that many pegs is then decided by one
    look-up, provided it is reachable from the book's start at all. That is
    checked by duality: jumps undone from a position are jumps played on its
    complement, so the position is reachable from the start exactly when its
    complement (here at most 16 pegs) can reach the start's complement, which
    is the goal itself in a central game; for a reachable position it can, and
    :meth:`complement_is_good` finds the line quickly. ``min_pegs`` must be
    more than half the holes, so that the complement is below the book and
    its search does not come back to it.

    File format: one line of JSON (board, start, goal, min_pegs, and per peg
    count, highest first, the number of classes in ``levels`` and the length
    of the level's zlib stream in ``bytes``), then those streams in that
    order. A stream holds the sorted normalised keys of its level as byte
    planes: the lowest byte of every key, then the next byte of every key,
    and so on, as many planes as the largest key needs. A level is
    decompressed and decoded when a position with that many pegs is first
    asked: the planes go into an ``array`` by slicing, with no Python loop
    per key (under 6 ms natively and in Pyodide for 230,230 classes, where
    differences in LEB128, about 15% smaller, took 0.2 s in Pyodide).
    """

    def __init__(self, header: dict, levels: Mapping[int, BookLevel]) -> None:
        self.header = header
        self.goal_text = header["goal"]
        self.min_pegs = int(header["min_pegs"])
        self.levels = levels

    @classmethod
    def load(cls, path: Path) -> OpeningBook:
        """The book in ``path``; its levels are decoded as they are first asked."""
        header, streams = read_level_streams(path)
        return cls(header, BookLevels(streams))

    @staticmethod
    def encode(header: dict, levels: Mapping[int, Iterable[int]]) -> bytes:
        """The file's bytes for ``levels`` (normalised keys per peg count)."""
        order = sorted(levels, reverse=True)
        keys = {n: sorted(levels[n]) for n in order}
        streams = {n: zlib.compress(BookLevel.encode(keys[n]), 9) for n in order}
        header = {**header,
                  "levels": {str(n): len(keys[n]) for n in order},
                  "bytes": {str(n): len(streams[n]) for n in order}}
        return json.dumps(header).encode() + b"\n" + b"".join(streams[n] for n in order)

    def decide(self, solver: Solver, pegs: int) -> bool | None:
        """Whether the goal is reachable from ``pegs``, or None where the book cannot tell."""
        left = pegs.bit_count()
        level = self.levels.get(left)
        if level is None:
            return None
        if min(solver.images(pegs)) in level:
            return True
        # Not in the book: dead if the position is reachable from the start,
        # that is if its complement can reach the goal.
        return False if self.complement_is_good(solver, solver.geo.full ^ pegs) else None

    # Positions the first, quick search from a complement may visit.
    QUICK_BUDGET = 100
    # Widths of the beams tried next, as multiples of the solver's.
    BEAM_WIDTHS = (1, 8)

    def complement_is_good(self, solver: Solver, complement: int) -> bool:
        """Whether the goal is reachable from ``complement``, which is good
        exactly when the position it complements is reachable from the start.

        Most are: a quick search finds most lines, a beam most of the rest, a
        wider beam nearly all, and the full search settles what is left. From
        the complements of the 9,311 dead positions with 17 to 19 pegs along
        3,200 random games, this took at most about 40 ms natively; a plain
        search alone, which may wander into dead subtrees first, 60 ms and more.
        """
        try:
            return finish(solver.solve_steps(complement, self.QUICK_BUDGET)) is not None
        except OutOfBudget:
            pass
        for times in self.BEAM_WIDTHS:
            if finish(solver.beam_steps(complement, times * solver.BEAM_WIDTH)) is not None:
                return True
        return solver.solve(complement) is not None


#: Opening books by board name: the standard games whose census is shipped.
BOOKS = {"english": "english-central.book"}


@lru_cache(maxsize=4)
def opening_book(board: str) -> OpeningBook | None:
    """The opening book of a standard board's standard game, if one ships (loaded once)."""
    name = BOOKS.get(board)
    return None if name is None else OpeningBook.load(BOOK_DIR / name)


_GOAL_TABLES: dict[tuple[Geometry, Goal, int], GoalTable] = {}


def goal_table_steps(geo: Geometry, goal: Goal, level_limit: int) -> Steps[GoalTable]:
    """The shared :class:`GoalTable` of a board and goal (built once, like the geometry;
    a build that is cancelled leaves nothing behind)."""
    key = (geo, goal, level_limit)
    table = _GOAL_TABLES.get(key)
    if table is None:
        table = yield from GoalTable(geo, goal).build_steps(level_limit)
        if len(_GOAL_TABLES) >= 16:
            del _GOAL_TABLES[next(iter(_GOAL_TABLES))]
        _GOAL_TABLES[key] = table
    return table


def goal_table(geo: Geometry, goal: Goal, level_limit: int) -> GoalTable:
    """:func:`goal_table_steps` to the end."""
    return finish(goal_table_steps(geo, goal, level_limit))


class Spent:
    """The positions one search has expanded, for its own budget.

    A :class:`Solver` is shared (:func:`solver`) and the page's worker
    interleaves the steps of several jobs, so two searches of one board and
    goal may run by turns: each counts its own work here, never in a shared
    counter that the other's work would move between its steps.
    """

    __slots__ = ("nodes",)

    def __init__(self) -> None:
        self.nodes = 0


class Solver:
    """Memoised searches on one board towards one goal.

    Positions are identified up to the symmetries that fix the goal; the memo
    tables survive between requests (the page asks for a verdict after each
    move, then maybe a hint or a count from the same game). Children that a
    pagoda function proves hopeless are never visited.

    Several searches may use one solver by turns (the worker interleaves
    jobs' steps): the memo tables hold only facts (a position reaches the
    goal or not; its exact count), so what one search writes is true for
    every other and clearing them (:meth:`_trim`) only costs work again.
    Budgets are counted per search (:class:`Spent`); :attr:`nodes` is only
    the total of all searches, for the tests and benchmarks.
    """

    MEMO_LIMIT = 3_000_000
    # The goal table stops after its first level with more classes than this:
    # on the English board, 9 pegs and below (13,449 classes, a fraction of a
    # second to build once; each level more costs about three times as much).
    TABLE_LEVEL_LIMIT = 5_000

    def __init__(self, geo: Geometry, goal: Goal) -> None:
        self.geo = geo
        self.goal = goal
        self.goal_pegs = goal.pegs
        self.syms = geo.subgroup(goal.positions)
        self.tables = [geo.tables[k] for k in self.syms]
        self.moves = geo.moves
        self.pagodas = Pagodas(geo, goal)
        # Per move: need, mask, the images of the mask under each symmetry in
        # use (a child's images are its parent's XOR these) and the packed
        # pagoda loss.
        steps = [
            (i, m.need, m.mask, tuple(geo.image(k, m.mask) for k in self.syms), loss)
            for i, (m, loss) in enumerate(zip(geo.moves, self.pagodas.loss, strict=True))
        ]
        # Searches pop the last child first: try first the jumps that bring the
        # pegs nearest the goal (a static order, free at search time).
        distance = _distances(geo, goal)
        steps.sort(key=lambda st: -(distance[geo.moves[st[0]].dst] - distance[geo.moves[st[0]].src]
                                    - distance[geo.moves[st[0]].over]))
        self.order = [st[0] for st in steps]
        self.steps = [st[1:] for st in steps]
        self.count_memo: dict[int, int] = {}
        self.good_memo: dict[int, bool] = {}
        self.nodes = 0
        self.slack_order = bool(self.pagodas.weights)

    def images(self, pegs: int) -> tuple[int, ...]:
        """The images of ``pegs`` under the symmetries in use."""
        return symmetry_images(pegs, self.tables)

    @cached_property
    def table(self) -> GoalTable:
        """The good positions with few pegs (built on first use, shared by every solver)."""
        return goal_table(self.geo, self.goal, self.TABLE_LEVEL_LIMIT)

    def prepare_steps(self) -> Steps[None]:
        """Build the goal table now, with progress (a search would build it without)."""
        yield Progress(0, 0, "Preparing")
        if "table" not in self.__dict__:
            self.table = yield from goal_table_steps(self.geo, self.goal, self.TABLE_LEVEL_LIMIT)

    def _trim(self) -> None:
        # Safe while another search is between two steps: it holds no entry
        # it needs (its own stack keeps its path), so it only redoes work.
        if len(self.count_memo) + len(self.good_memo) > self.MEMO_LIMIT:
            self.count_memo.clear()
            self.good_memo.clear()

    def _expand(self, pegs: int, images: tuple[int, ...], pag: int) -> list[tuple]:
        """(move index, child, child images, child pagodas) for every hopeful move."""
        if pegs.bit_count() <= self.goal_pegs:
            return []
        guard, threshold = self.pagodas.guard, self.pagodas.threshold
        out = []
        for i, (need, mask, mimgs, loss) in enumerate(self.steps):
            if pegs & mask == need:
                child_pag = pag - loss
                if ((child_pag | guard) - threshold) & guard != guard:
                    continue
                child_images = tuple([a ^ b for a, b in zip(images, mimgs, strict=True)])
                out.append((i, pegs ^ mask, child_images, child_pag))
        if self.slack_order and len(out) > 1:
            # Most pagoda slack (summed over the fields, read off modulo 2^step - 1) last:
            # searches pop it first.
            modulus = self.pagodas.modulus
            out.sort(key=lambda entry: entry[3] % modulus)
        return out

    def _known_good_last(self, options: list[tuple]) -> list[tuple]:
        """Options with the children already known to reach the goal last (popped first).

        A winning line found by an earlier verdict of the same game leaves its
        positions marked good: following them gives the line again at once,
        instead of a fresh search that may wander into a large dead subtree
        first and run out of budget.
        """
        memo = self.good_memo
        options.sort(key=lambda option: memo.get(min(option[2])) is True)  # stable
        return options

    def count_steps(self, pegs: int) -> Steps[int]:
        """The number of move sequences from ``pegs`` that end in the goal (exact), by
        a memoised depth-first search. The page and the CLI count level by level
        (:mod:`puzzlelab.pegs.count`); this one stays as the other road to the same
        numbers, for the tests and as the benchmark's baseline."""
        self._trim()
        memo = self.count_memo
        goals = self.goal.positions
        low = self.goal_pegs
        expand = self._expand
        root_images = self.images(pegs)
        root_key = min(root_images)
        if root_key in memo:
            return memo[root_key]
        if pegs in goals:
            return 1
        pag = self.pagodas.packed(pegs)
        if self.pagodas.hopeless(pag):
            return 0
        table = self.table
        table_pegs = table.max_pegs
        if pegs.bit_count() <= table_pegs and not table.good(root_key, pegs.bit_count()):
            return 0
        # A frame: [key, pending children (move, pegs, images, pagodas), count so far].
        stack = [[root_key, expand(pegs, root_images, pag), 0]]
        nodes = 0
        while stack:
            frame = stack[-1]
            pending = frame[1]
            if pending:
                _, child, images, child_pag = pending.pop()
                key = min(images)
                known = memo.get(key)
                if known is not None:
                    frame[2] += known
                    continue
                left = child.bit_count()
                if left == low:
                    value = 1 if child in goals else 0
                    memo[key] = value
                    frame[2] += value
                    continue
                if left <= table_pegs and not table.good(key, left):
                    continue  # the goal is out of reach: no paths
                nodes += 1
                if nodes % CLOCK_EVERY == 0 and due():
                    yield Progress(len(memo), 0, "Counting")
                stack.append([key, expand(child, images, child_pag), 0])
            else:
                stack.pop()
                memo[frame[0]] = frame[2]
                if stack:
                    stack[-1][2] += frame[2]
        self.nodes += nodes
        return memo[root_key]

    def count(self, pegs: int) -> int:
        return finish(self.count_steps(pegs))

    FIRST_ROUND = 1_000  # positions each move of the root may search in the first round
    ROUND_LEVELS = 2  # the moves of the root and of its children go in rounds
    ROUND_GROWTH = 16  # each round gives each move this many times the last budget

    def solve_steps(self, pegs: int, budget: int | None = None) -> Steps[list[Move] | None]:
        """A winning move list from ``pegs`` (None when the goal cannot be reached).

        With a ``budget`` (positions to search), raises :class:`OutOfBudget`
        when the answer is not known within it; what was learnt stays memoised.

        The moves of the root and of its children are searched in rounds,
        each move with :data:`ROUND_GROWTH` times the last round's budget: one
        move into a large dead subtree does not hold up a sibling that wins
        quickly. Subtrees proved dead in a round stay memoised; the work on
        unfinished ones is redone, which the large growth factor keeps small
        (on random English games, fewer undecided verdicts for the same budget;
        along winning lines a few searches take longer than one plain pass).
        """
        self._trim()
        yield from self.prepare_steps()
        opening = self._book_line(pegs)
        if opening is None:
            return None
        for move in opening:
            pegs ^= move.mask
        # A winning line is often quick to find by a beam where the search
        # wanders into large dead subtrees first; only a dead end needs the search.
        spent = Spent()  # this search's positions, whatever else runs between its steps
        if (self.BEAM_WIDTH and pegs.bit_count() >= self.table.max_pegs + self.BEAM_MIN_DEPTH
                and min(self.images(pegs)) not in self.good_memo):
            for times in self.BEAM_WIDENING:
                before = spent.nodes
                path = yield from self.beam_steps(pegs, times * self.BEAM_WIDTH, budget, spent)
                if path is not None:
                    return opening + path
                if budget is not None:
                    budget = max(0, budget - (spent.nodes - before))
                    if not budget:
                        break
        path = yield from self._in_rounds(pegs, budget, self.ROUND_LEVELS, spent)
        return None if path is None else opening + path

    # Positions kept per level of the first beam (a failed beam costs a few ms
    # to tens of ms natively); 0 leaves every position to the search.
    BEAM_WIDTH = 16
    # The beams tried in turn, as multiples of BEAM_WIDTH. On the first
    # Wiegleb positions of random games that the narrow beam and the search
    # left undecided, most good ones fall to a beam of 64 or 256, which costs
    # about 2,000 or 7,000 positions where the search alone decided none with 60,000.
    BEAM_WIDENING = (1, 4, 16)
    # The beam runs first only from positions with at least this many pegs more
    # than the goal table's: closer to it, the search itself is quick (on late
    # English positions, from 8 levels up a failed beam cost a little more than it saved).
    BEAM_MIN_DEPTH = 12

    @cached_property
    def beam_score(self) -> BeamScore:
        """The beam search's ranking of positions (built on first use)."""
        return BeamScore(self.geo, self.goal, self.pagodas)

    def beam_steps(self, pegs: int, width: int | None = None,
                   budget: int | None = None, spent: Spent | None = None
                   ) -> Steps[list[Move] | None]:
        """A winning move list found by a beam search, or None when the beam finds none.

        Level by level (one jump each), keep the ``width`` (default
        :data:`BEAM_WIDTH`) children with the lowest :class:`BeamScore`,
        distinct up to symmetry, until the positions are few-pegged enough for
        the goal table, which tells whether one is good. A line found is exact
        and its positions are memoised as good; None proves nothing, as good
        positions may have fallen out of the beam. ``budget`` caps the
        positions expanded (they count in :attr:`nodes`, and in ``spent``).
        """
        width = self.BEAM_WIDTH if width is None else width
        if pegs in self.goal.positions:
            return []
        memo, table, score = self.good_memo, self.table, self.beam_score
        table_pegs = table.max_pegs
        images = self.images(pegs)
        pag = self.pagodas.packed(pegs)
        if memo.get(min(images)) is False or self.pagodas.hopeless(pag):
            return None
        # An entry: (key, pegs, images, pagodas, (parent entry, move index) or None).
        level = [(min(images), pegs, images, pag, None)]
        nodes = 0
        try:
            while level:
                children: dict[int, tuple] = {}
                for entry in level:
                    nodes += 1
                    if nodes % CLOCK_EVERY == 0 and due():
                        yield Progress(nodes, 0, "Searching")
                    if budget is not None and nodes > budget:
                        return None
                    for i, child, child_images, child_pag in self._expand(*entry[1:4]):
                        key = min(child_images)
                        if key in children or memo.get(key) is False:
                            continue
                        left = child.bit_count()
                        if left > table_pegs:
                            children[key] = (key, child, child_images, child_pag, (entry, i))
                        elif table.good(key, left):
                            return self._beam_line(entry, i) + table.path(child)
                level = heapq.nsmallest(width, children.values(), key=lambda e: score(e[1]))
            return None
        finally:
            self.nodes += nodes
            if spent is not None:
                spent.nodes += nodes

    def _beam_line(self, entry: tuple, i: int) -> list[Move]:
        """The moves from the beam's root to the child of ``entry`` by step ``i``, with
        the positions along them memoised as good."""
        line = [self.moves[self.order[i]]]
        while True:
            self.good_memo[entry[0]] = True
            if entry[4] is None:
                break
            entry, i = entry[4]
            line.append(self.moves[self.order[i]])
        line.reverse()
        return line

    def _book_line(self, pegs: int) -> list[Move] | None:
        """Moves through the opening book from ``pegs`` down to its last level
        (none when the book does not cover the position); None when the book
        shows the goal out of reach."""
        book = self.book
        known = None if book is None else book.decide(self, pegs)
        if known is None:
            return []
        if not known:
            return None
        assert book is not None
        line = []
        while pegs.bit_count() > book.min_pegs:
            # A good position has a good child, reachable too, hence in the book.
            below = book.levels[pegs.bit_count() - 1]
            move = next(m for m in self.moves if pegs & m.mask == m.need
                        and min(self.images(pegs ^ m.mask)) in below)
            line.append(move)
            pegs ^= move.mask
        return line

    def _in_rounds(self, pegs: int, budget: int | None, levels: int, spent: Spent
                   ) -> Steps[list[Move] | None]:
        """Search the moves of ``pegs`` in rounds, themselves so for ``levels`` more moves
        (the positions expanded count in ``spent``)."""
        images = self.images(pegs)
        key = min(images)
        pag = self.pagodas.packed(pegs)
        if (levels == 0 or pegs.bit_count() <= self.table.max_pegs or key in self.good_memo
                or self.pagodas.hopeless(pag)):
            return (yield from self._depth_first(pegs, budget, spent))
        moves, order = self.moves, self.order
        # Searches pop their last child first: keep that order within each round.
        waiting = [(i, child) for i, child, _, _ in
                   reversed(self._known_good_last(self._expand(pegs, images, pag)))]
        used = 0
        allowed = self.FIRST_ROUND
        while waiting:
            unknown = []
            for i, child in waiting:
                limit = allowed if budget is None else min(allowed, budget - used)
                if limit <= 0:
                    raise OutOfBudget(used)
                before = spent.nodes
                try:
                    path = yield from self._in_rounds(child, limit, levels - 1, spent)
                except OutOfBudget:
                    unknown.append((i, child))
                    continue
                finally:
                    used += spent.nodes - before
                if path is not None:
                    self.good_memo[key] = True
                    return [moves[order[i]], *path]
            waiting = unknown
            allowed *= self.ROUND_GROWTH
        self.good_memo[key] = False
        return None

    def _depth_first(self, pegs: int, budget: int | None, spent: Spent
                     ) -> Steps[list[Move] | None]:
        """The plain memoised depth-first search behind :meth:`solve_steps`."""
        goals = self.goal.positions
        if pegs in goals:
            return []
        memo = self.good_memo
        counts = self.count_memo
        moves = self.moves
        expand = self._expand
        images = self.images(pegs)
        root_key = min(images)
        pag = self.pagodas.packed(pegs)
        if memo.get(root_key) is False or counts.get(root_key) == 0 or self.pagodas.hopeless(pag):
            return None
        table = self.table
        table_pegs = table.max_pegs
        if pegs.bit_count() <= table_pegs:
            return table.path(pegs) if table.good(root_key, pegs.bit_count()) else None
        known_good_last = self._known_good_last
        # A frame: [key, pending options, move index that led here].
        stack = [[root_key, known_good_last(expand(pegs, images, pag)), -1]]
        nodes = 0
        while stack:
            frame = stack[-1]
            pending = frame[1]
            if not pending:
                memo[frame[0]] = False
                stack.pop()
                continue
            i, child, imgs, child_pag = pending.pop()
            key = min(imgs)
            left = child.bit_count()
            if left <= table_pegs:
                # Few enough pegs for the goal table: the answer is one look-up away.
                if table.good(key, left):
                    order = self.order
                    path = [moves[order[f[2]]] for f in stack[1:]] + [moves[order[i]]]
                    for f in stack:
                        memo[f[0]] = True
                    self.nodes += nodes
                    spent.nodes += nodes
                    return path + table.path(child)
                continue
            known = memo.get(key)
            if known is False or counts.get(key) == 0:
                continue
            nodes += 1
            if nodes % CLOCK_EVERY == 0 and due():
                yield Progress(len(memo), 0, "Searching")
            if budget is not None and nodes > budget:
                self.nodes += nodes
                spent.nodes += nodes
                raise OutOfBudget(nodes)
            options = expand(child, imgs, child_pag)
            stack.append([key, known_good_last(options) if known else options, i])
        self.nodes += nodes
        spent.nodes += nodes
        return None

    def solve(self, pegs: int) -> list[Move] | None:
        return finish(self.solve_steps(pegs))

    @cached_property
    def book(self) -> OpeningBook | None:
        """The opening book of this board and goal, when it is a standard game with one.

        Usable only when the start's complement is a goal position (a central
        game), as :meth:`OpeningBook.decide` relies on it.
        """
        name = board_name(self.geo)
        # Checked before loading: other goals on a booked board need no book.
        if (name not in BOOKS
                or (self.geo.full ^ standard_start(name).pegs) not in self.goal.positions):
            return None
        book = opening_book(name)
        if book is None or parse_goal(self.geo, book.goal_text).positions != self.goal.positions:
            return None
        return book

    def decide_steps(self, pegs: int, budget: int | None = None) -> Steps[bool]:
        """Whether the goal can be reached from ``pegs`` (the dead-end verdict).

        Early positions of a standard game with an opening book are looked up;
        the others are searched as by :meth:`solve_steps` (same ``budget``).
        """
        yield from self.prepare_steps()
        book = self.book
        if book is not None:
            known = book.decide(self, pegs)
            if known is not None:
                return known
        return (yield from self.solve_steps(pegs, budget)) is not None


def _centroid(geo: Geometry, goal: Goal) -> tuple[float, float]:
    """The mean cell of the goal positions' pegs (the goal hole for a single-hole goal)."""
    cells = [geo.holes[i] for g in goal.positions for i in range(geo.size) if g >> i & 1]
    return (sum(r for r, _ in cells) / len(cells), sum(c for _, c in cells) / len(cells))


def _distances(geo: Geometry, goal: Goal) -> list[float]:
    """Each hole's distance from the goal's centroid (hex distance on the triangular lattice)."""
    gr, gc = _centroid(geo, goal)
    out = []
    for r, c in geo.holes:
        dr, dc = r - gr, c - gc
        # Axial coordinates on the triangular lattice: (1, 1) is a neighbour.
        out.append(max(abs(dr), abs(dc), abs(dr - dc)) if geo.lattice == TRIANGLE
                   else abs(dr) + abs(dc))
    return out


@lru_cache(maxsize=8)
def solver(geo: Geometry, goal: Goal) -> Solver:
    """The shared solver of a board and goal (its memo tables persist across requests)."""
    return Solver(geo, goal)


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
