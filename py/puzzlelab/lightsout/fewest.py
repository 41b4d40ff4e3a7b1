"""Proving the fewest presses: the counting and packing lower bound, the board's
folds for the GF(2) branch and bound, and the search over Z/k.

The search over GF(2) itself is :func:`puzzlelab.lightsout.gf2_search.min_weight_search`;
:mod:`puzzlelab.lightsout.solve` brings these together.
"""

from __future__ import annotations

from functools import lru_cache

from puzzlelab.jobs import Progress, Steps, due
from puzzlelab.lightsout import gf2, modk
from puzzlelab.lightsout.board import Board
from puzzlelab.lightsout.gf2_folded import Folding
from puzzlelab.lightsout.variant import Variant


def press_lower_bound(board: Board) -> int:
    """Fewer presses than this cannot solve ``board``; a solution that meets it
    is the fewest, whatever the kernel. A light in state ``s`` needs at least
    ``(k - s) mod k`` steps (one toggle for on/off), and two bounds follow:

    * counting: a press gives one step to each of at most as many cells as
      its stencil has (the all-lit king torus of side 3m: m*m presses, one
      per 3x3 block);
    * packing: lights that no single press reaches together need their
      steps from different presses, so their needs add up (up to
      :data:`FOLDED_MAX_CELLS` cells; a greedy packing in reading order).
      All-lit king boards with walls: lights 3 apart, ceil(n/3)**2 of them.
    """
    k, offsets, rows, cols = board.states, board.variant.offsets, board.rows, board.cols
    if k == 2 and board.size > FOLDED_MAX_CELLS:
        return -(-board.lit // len(offsets))  # (no cell list for a million cells)
    needs = [(-v) % k for v in board.values()]
    counting = -(-sum(needs) // len(offsets))
    if board.size > FOLDED_MAX_CELLS or (
            k > 2 and board.variant.wrap
            and len({(dr % rows, dc % cols) for dr, dc in offsets}) < len(offsets)):
        return counting  # (a small torus where one press gives a light several steps)
    # Two cells share a press exactly when their difference is one of these.
    apart = {(a - c, b - d) for a, b in offsets for c, d in offsets}
    taken, packing = set(), 0
    for cell, need in enumerate(needs):
        if need and cell not in taken:
            packing += need
            r, c = divmod(cell, cols)
            for dr, dc in apart:
                tr, tc = r + dr, c + dc
                if board.variant.wrap:
                    taken.add(tr % rows * cols + tc % cols)
                elif 0 <= tr < rows and 0 <= tc < cols:
                    taken.add(tr * cols + tc)
    return max(counting, packing)


def _axis_folds(length: int, wrap: bool) -> list[list[int | None]]:
    """Per fold of one axis, the folded coordinate of every index (None: left out).

    With walls a fold is a mirror: an odd length leaves its middle line out
    (so a quiet pattern, mirrored onto both halves, is still quiet); on a
    torus an even length is halved by a translation.
    """
    folds: list[list[int | None]] = []
    coordinate: list[int | None] = list(range(length))
    while True:
        if wrap:
            if length % 2:
                return folds
            half = length // 2
            step = {i: i % half for i in range(length)}
        else:
            if length < 2:
                return folds
            half = length // 2
            step = {i: (i if i < half else length - 1 - i) for i in range(length)}
            if length % 2:
                step[half] = None
        coordinate = [None if c is None else step[c] for c in coordinate]
        folds.append(coordinate)
        length = half


#: The largest board whose cells the lower bound packs and whose tori are
#: tried as tilings of smaller ones.
FOLDED_MAX_CELLS = 64 * 64
#: The largest board with walls given folds (tori: FOLDED_MAX_CELLS): the
#: all-lit table is proven to 100x100 (setting the folds up takes a few
#: tenths of a second there).
FOLDING_MAX_CELLS = 100 * 100


@lru_cache(maxsize=8)
def folding(rows: int, cols: int, variant: Variant) -> Folding | None:
    """The board folded onto smaller copies of itself (see
    :func:`puzzlelab.lightsout.gf2_folded.folded_search`); None when no fold applies, or past
    :data:`FOLDING_MAX_CELLS` (a torus: :data:`FOLDED_MAX_CELLS`; setting the
    folds up is linear algebra over every cell).

    The search bounds after folding both axes (cells in fibres of four move
    together); the row fold alone, in between, orders each level's vectors,
    those symmetric between rows last. The next level's batches take those
    over, and cells of a row pair share their forms: all-lit 47x47 proves in
    a third less time.
    """
    # Tori keep the smaller limit: past it their solves were measured and
    # priced without folds (their kernels are rarely provable there anyway).
    if rows * cols > (FOLDED_MAX_CELLS if variant.wrap else FOLDING_MAX_CELLS):
        return None
    row_folds = _axis_folds(rows, variant.wrap)
    col_folds = _axis_folds(cols, variant.wrap)
    if not row_folds and not col_folds:
        return None
    identity_rows, identity_cols = list(range(rows)), list(range(cols))
    fibres, bounded = [], []
    done_rows = done_cols = 0
    while done_rows < len(row_folds) or done_cols < len(col_folds):
        if done_rows < len(row_folds) and (done_cols >= len(col_folds) or done_rows <= done_cols):
            done_rows += 1
        else:
            done_cols += 1
        if (done_rows == done_cols or (done_rows > done_cols == len(col_folds))
                or (done_cols > done_rows == len(row_folds))):
            bounded.append(len(fibres))  # both axes folded alike, or one has no folds left
        r_map = row_folds[done_rows - 1] if done_rows else identity_rows
        c_map = col_folds[done_cols - 1] if done_cols else identity_cols
        fibres.append(tuple(
            -1 if r_map[r] is None or c_map[c] is None else r_map[r] * cols + c_map[c]
            for r in range(rows) for c in range(cols)))
    return Folding(tuple(fibres), tuple(bounded))


def _min_presses_mod(presses: int, quiet: tuple[int, ...], board: Board,
                     work_budget: int = gf2.DEFAULT_WORK_BUDGET
                     ) -> Steps[tuple[int, bool, int | None]]:
    """Fewest presses over ``presses`` + the span of ``quiet`` modulo k: the
    exhaustive enumeration of :func:`modk.min_weight_search` when it fits the
    budget, else a light solution found by annealing, unproven."""
    def values(packed: int) -> list[int]:
        return Board(board.rows, board.cols, packed, board.variant).values()

    generators = []
    for q in quiet:  # (a third of a second each on a million cells)
        if due():
            yield Progress(len(generators), len(quiet), "Preparing the fewest-press search")
        generators.append(values(q))
    best, proven, ties = yield from modk.min_weight_search(
        values(presses), generators, board.states, work_budget)
    return Board.from_values(board.rows, board.cols, best, board.variant).lights, proven, ties
