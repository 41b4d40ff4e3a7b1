"""The binary puzzle (Takuzu, Binairo): rules, solver, hints, rating, generator.

Rules: every cell holds 0 or 1; each row and each column holds as many 0s as
1s; no three equal digits side by side in a row or column; no two rows are
equal and no two columns are equal. A *good* puzzle has exactly one solution.

Representation. A grid of ``rows`` x ``cols`` cells (both even, 2..16) is
kept as two bitmasks per row: ``ones[r]`` and ``zeros[r]`` (bit ``c`` is
column ``c``); the columns are the same masks transposed. A line of length
``n`` is valid when it is one of the precomputed :func:`valid_lines` (2, 6,
14, 34, 84, 208, 518 of them for n = 2..14, OEIS A177790).

Notation. A plain grid uses ``0``, ``1`` and ``.`` (empty), rows joined by
``/``; every digit in it is a given. The game ID also says which digits are
the player's: ``COLSxROWS:GIVENS[:ENTRIES]``, each part the cells in reading
order where ``0``/``1`` is a digit and a letter ``a``..``z`` stands for 1..26
empty cells (``8x8:1b0...``). ENTRIES lists the player's digits on the cells
that are not givens. Both parts are URL-safe and the form round-trips.

Solver. Propagation is *line completion*: a line's candidates are the valid
lines that agree with its known cells and differ from every completed line of
the same direction; a cell equal in all candidates is forced. That closure
subsumes the human rules (pair, sandwich, balance, no-duplicate, balance
look-ahead). Where it stops, the search branches on one cell of the line with the
fewest candidates (the cell that splits them most evenly), propagating
again in each branch; the uniqueness test stops at
the second solution.

Human rules, for hints and difficulty, in order of strength:

* easy: ``pair`` (two equal neighbours: the cells on either end differ),
  ``sandwich`` (x.x: the middle differs), ``balance`` (a line with half of
  one digit: the rest is the other);
* medium: ``lookahead`` (every valid completion of the line agrees on a
  cell) and ``duplicate`` (the same, once completed lines are excluded);
* hard: ``contradiction`` (one value of a cell, propagated with the medium
  rules, leads to a contradiction). A puzzle that needs more than that
  needs ``search``; it is rated hard too, and said so.

Modules, one job each (shared helpers import from where they live, never
from this package):

* :mod:`~puzzlelab.binairo.lines`: valid lines, set bits, transposing masks;
* :mod:`~puzzlelab.binairo.grid`: the grid, its shape and its notation;
* :mod:`~puzzlelab.binairo.rules`: the cells that break a rule, solution check;
* :mod:`~puzzlelab.binairo.solver`: line completion and search;
* :mod:`~puzzlelab.binairo.hints`: the human rules, one named step at a time;
* :mod:`~puzzlelab.binairo.rating`: difficulty by the rules a solution needs;
* :mod:`~puzzlelab.binairo.clues`: good puzzles, clue removal;
* :mod:`~puzzlelab.binairo.generator`: a good puzzle of a difficulty from a seed;
* :mod:`~puzzlelab.binairo.count`: exact counting, planned by estimates
  (with or without the distinct-lines rule); its halves in
  :mod:`~puzzlelab.binairo.count_layers`, its join in
  :mod:`~puzzlelab.binairo.count_join`, its progress in
  :mod:`~puzzlelab.binairo.count_progress`;
* :mod:`~puzzlelab.binairo.grid_classes`: every valid n x n grid and its
  classes under the 16 symmetries;
* :mod:`~puzzlelab.binairo.hitting_sets`: the fewest givens that single out
  one grid (implicit minimum hitting sets);
* :mod:`~puzzlelab.binairo.fewest_clues`: the fewest clues of a size, over
  every class, as tasks; :mod:`~puzzlelab.binairo.fewest_clues_native` runs
  them on processes or Dask and resumes them;
* :mod:`~puzzlelab.binairo.cell_sets`: the same question by every set of
  cells, the independent check;
* :mod:`~puzzlelab.binairo.sparse_deals`: the "fewest" difficulty's deals.

This package re-exports the names the rest of Puzzle Lab uses, so that
``binairo.X`` keeps one spelling wherever ``X`` lives.
"""

from puzzlelab.binairo.clues import fewest_clues_steps, is_good, minimize
from puzzlelab.binairo.generator import generate_steps
from puzzlelab.binairo.grid import MAX_SIDE, Grid, check_shape, rows_text
from puzzlelab.binairo.hints import RULE_LEVEL, next_deduction, next_deduction_steps
from puzzlelab.binairo.lines import transpose, valid_lines
from puzzlelab.binairo.rating import DIFFICULTIES, rate, rate_steps, solves_with
from puzzlelab.binairo.rules import errors, is_solution
from puzzlelab.binairo.solver import random_solution, solutions, solutions_steps

__all__ = [
    "DIFFICULTIES",
    "MAX_SIDE",
    "RULE_LEVEL",
    "Grid",
    "check_shape",
    "errors",
    "fewest_clues_steps",
    "generate_steps",
    "is_good",
    "is_solution",
    "minimize",
    "next_deduction",
    "next_deduction_steps",
    "random_solution",
    "rate",
    "rate_steps",
    "rows_text",
    "solutions",
    "solutions_steps",
    "solves_with",
    "transpose",
    "valid_lines",
]
