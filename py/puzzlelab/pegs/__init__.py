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
Counting winning sequences is :mod:`puzzlelab.pegs.count` (and
:mod:`puzzlelab.pegs.count_numpy`), the census :mod:`puzzlelab.pegs.census`
(and :mod:`puzzlelab.pegs.census_numpy`).

Modules
-------
One job each, each importing only those above it:
:mod:`~puzzlelab.pegs.shape` (lattices, holes, jumps, symmetries),
:mod:`~puzzlelab.pegs.boards` (the named boards' data),
:mod:`~puzzlelab.pegs.position` (positions, named boards' starts),
:mod:`~puzzlelab.pegs.goals` (goals, position classes),
:mod:`~puzzlelab.pegs.budget` (clock and budgets of a search),
:mod:`~puzzlelab.pegs.pruning` (pagodas, goal tables),
:mod:`~puzzlelab.pegs.book` (opening books in ``data/``),
:mod:`~puzzlelab.pegs.search` (the solver). This package re-exports the
names the rest of Puzzle Lab uses, so ``pegs.Position`` and the like work.
"""

from __future__ import annotations

from puzzlelab.pegs.boards import BOARD_GRIDS, BOARD_TITLES, BOARDS, CLASSIC_GAMES, PAGODAS
from puzzlelab.pegs.book import (
    BOOK_DIR,
    BOOKS,
    BookLevel,
    OpeningBook,
    byte_planes,
    from_byte_planes,
    opening_book,
    read_level_streams,
)
from puzzlelab.pegs.budget import OutOfBudget
from puzzlelab.pegs.goals import Goal, goal_class_possible, parse_goal, position_class
from puzzlelab.pegs.position import (
    Position,
    board_name,
    board_position,
    classic_game,
    standard_start,
)
from puzzlelab.pegs.pruning import GoalTable, Pagodas
from puzzlelab.pegs.search import BeamScore, Solver, solver
from puzzlelab.pegs.shape import (
    DIRECTIONS,
    MAX_HOLES,
    SQUARE,
    TRIANGLE,
    Geometry,
    Move,
    symmetry_images,
)

__all__ = [
    "BOARDS", "BOARD_GRIDS", "BOARD_TITLES", "BOOKS", "BOOK_DIR", "CLASSIC_GAMES", "DIRECTIONS",
    "MAX_HOLES", "PAGODAS", "SQUARE", "TRIANGLE", "BeamScore", "BookLevel", "Geometry", "Goal",
    "GoalTable", "Move", "OpeningBook", "OutOfBudget", "Pagodas", "Position", "Solver",
    "board_name", "board_position", "byte_planes", "classic_game", "from_byte_planes",
    "goal_class_possible", "opening_book", "parse_goal", "position_class", "read_level_streams",
    "solver", "standard_start", "symmetry_images",
]
