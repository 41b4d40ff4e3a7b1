"""Lights Out: the board, its game ID, and an exact GF(2) solver.

A board of ``rows`` x ``cols`` cells is an int whose bit ``r * cols + c`` is
lit cell (r, c). Pressing a cell toggles it and its four orthogonal
neighbours; presses commute and pressing twice undoes a press, so a solution
is a *set* of cells, and solving is the linear system ``A x = b`` over GF(2).

The solver does not eliminate all ``rows * cols`` unknowns (the seeds' way).
It uses light chasing: once the presses of one row are fixed, the presses of
the next row are forced (each lit cell must be cleared by the press below
it). So every press is an affine function of the first row's presses ``x``,
and the board is solved iff the row below the board comes out dark:
``M x = c``, a system with only ``cols`` unknowns. ``M`` depends only on the
board's shape; it is built with whole-matrix shifts (all columns at once, as
one big int) and eliminated once per shape and cached, so each further board
of that shape costs two chases and a few hundred popcounts.

The set of all solutions is one solution plus the span of the *quiet
patterns* (presses that change nothing). The fewest presses is the lightest
vector in that coset. :func:`puzzlelab.lightsout.gf2_search.min_weight_search` (k states:
:func:`puzzlelab.lightsout.modk.min_weight_search`) finds it exactly, by exhaustive
enumeration or by enumerating a separator of a lightened basis (king rules,
diagonal rules, many tori), when that fits its work budget; otherwise the
answer is labelled "not proven fewest" (classic 39x39 and 47x47 among
the squares up to 50x50; bench/bench_fewest.py lists every case).

The family's modules, each importing only the ones listed before it:

* ``variant``: the rules (neighbourhood, edges, states) and their game-ID options;
* ``board``: the board, its game ID and grid, and what presses do to it;
* ``gf2``, ``gf2_lanes``, ``gf2_folded``, ``gf2_search``: elimination over
  GF(2) and the search for the lightest vector of a coset; ``modk``: linear
  algebra and that search over Z/k;
* ``classic_chase``: the classic rules' chase, per shape;
* ``plan``: the chase plan for any rules, and solving with it;
* ``fewest``: the lower bound, folds and Z/k search that prove the fewest presses;
* ``solve``: a board's :class:`Solution`, and the dense baseline;
* ``costs``: what a job costs, and refusing what cannot finish;
* ``generate``: random and graded boards; ``gallery``: the single-light boards;
* ``all_lit`` and ``all_lit_tasks``: the all-lit table (OEIS A075464), its
  second check, and its proof split into tasks; ``hardest``: the hardest
  board of a size; ``orbit`` and ``plane``: the Enlight seed's last questions.

The names the rest of Puzzle Lab uses are re-exported here.
"""

from puzzlelab.lightsout import gf2, modk
from puzzlelab.lightsout.board import (
    MAX_SIDE,
    Board,
    cells_of,
    check_shape,
    toggled_by,
    transpose,
)
from puzzlelab.lightsout.classic_chase import kernel_dimension
from puzzlelab.lightsout.costs import (
    check_cost,
    job_megabytes,
    solve_cost,
)
from puzzlelab.lightsout.fewest import folding, press_lower_bound
from puzzlelab.lightsout.gallery import gallery_steps
from puzzlelab.lightsout.generate import (
    difficulty_presses,
    generator_cost,
    graded_board_steps,
    random_presses,
    random_solvable,
    random_with_presses,
)
from puzzlelab.lightsout.solve import (
    MAX_SEARCHED_KERNEL,
    Solution,
    solve,
    solve_dense,
    solve_steps,
)
from puzzlelab.lightsout.variant import (
    CLASSIC,
    MAX_STATES,
    NEIGHBOURHOODS,
    Variant,
    written_variant,
)

__all__ = [
    "CLASSIC",
    "MAX_SEARCHED_KERNEL",
    "MAX_SIDE",
    "MAX_STATES",
    "NEIGHBOURHOODS",
    "Board",
    "Solution",
    "Variant",
    "cells_of",
    "check_cost",
    "check_shape",
    "clear_caches",
    "difficulty_presses",
    "folding",
    "gallery_steps",
    "generator_cost",
    "gf2",
    "graded_board_steps",
    "job_megabytes",
    "kernel_dimension",
    "modk",
    "press_lower_bound",
    "random_presses",
    "random_solvable",
    "random_with_presses",
    "solve",
    "solve_cost",
    "solve_dense",
    "solve_steps",
    "toggled_by",
    "transpose",
    "written_variant",
]


def clear_caches() -> None:
    """Forget every cached plan, kernel and separation of every module of the
    family, as in a fresh process: what a first request in the page meets."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
